"""Samplers of every estimator: float64, drawing the actual random features with
:func:`rfsym.couplings.sample`.
"""

from __future__ import annotations

import numpy as np

from ..couplings import sample as _sample_rows
from ..precision import require_int
from ._common import _m_n

__all__ = ["sample_trig", "sample_pos", "sample_cexp", "sample_angular_lambda", "sample_bipolar",
           "sample_angular_hybrid", "sample_gaussian_lambda", "sample_gaussian_hybrid",
           "sample_gaussian_lambda_pos"]


# ============================================================================================
# samplers (float64, the actual random features)
# ============================================================================================


def _np_pair(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError(f"x and y must be 1-D, got shapes {x.shape} and {y.shape}")
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length, got len(x)={x.size} and len(y)={y.size}")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("x and y must be finite")
    return x, y


def _rows(d, m, reps, rng, coupling):
    """(reps, m, d) projections; replicates are independent."""
    reps = require_int(reps, "reps", minimum=1)
    if coupling == "iid":
        return _sample_rows("iid", d, m * reps, rng).reshape(reps, m, d)
    return np.stack([_sample_rows(coupling, d, m, rng) for _ in range(reps)])


def _trig_from(W, x, y):
    return np.exp((x @ x + y @ y) / 2) * np.mean(np.cos(W @ (x - y)), axis=-1)


def _pos_from(W, x, y):
    return np.exp(-(x @ x + y @ y) / 2) * np.mean(np.cosh(W @ (x + y)), axis=-1)


def sample_trig(x, y, m, rng, reps=1, *, coupling="iid"):
    """Draw ``reps`` independent trigonometric estimates of SM(x, y) (Eq. (2) features, m projections).

    Parameters
    ----------
    x, y : array_like, shape (d,)
    m : int
    rng : numpy.random.Generator
    reps : int
        Independent replicates.
    coupling : str
        Projection coupling passed to :func:`rfsym.couplings.sample`.

    Returns
    -------
    ndarray, shape (reps,)

    Examples
    --------
    >>> est = sample_trig([0.3, 0.1], [0.2, -0.4], 8, np.random.default_rng(0), 4000)
    >>> bool(abs(est.mean() - np.exp(0.02)) < 5 * est.std() / np.sqrt(4000))
    True
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    W = _rows(x.size, m, reps, rng, coupling)
    return _trig_from(W, x, y)


def sample_pos(x, y, m, rng, reps=1, *, coupling="iid"):
    """Draw ``reps`` independent ++ estimates (Eq. (3): features :math:`e^{\\pm\\omega^\\top u}`).

    Examples
    --------
    >>> est = sample_pos([0.3, 0.1], [0.2, -0.4], 8, np.random.default_rng(0), 4000)
    >>> bool(abs(est.mean() - np.exp(0.02)) < 5 * est.std() / np.sqrt(4000))
    True
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    W = _rows(x.size, m, reps, rng, coupling)
    return _pos_from(W, x, y)


def sample_cexp(x, y, A, m, rng, reps=1, *, coupling="iid"):
    """Draw ``reps`` complex exponential estimates (16) with a complex invertible A.

    Returns
    -------
    ndarray of complex, shape (reps,)
        :math:`\\Psi_A(x)^\\top\\Psi_{(A^\\top)^{-1}}(y)` (plain, non-conjugating dot product).

    Examples
    --------
    >>> est = sample_cexp([0.3, 0.1], [0.2, -0.4], [[1j, 0], [0, 2]], 8, np.random.default_rng(0), 4000)
    >>> bool(abs(est.real.mean() - np.exp(0.02)) < 5 * est.real.std() / np.sqrt(4000))
    True
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    A = np.asarray(A, dtype=complex)
    if A.shape != (x.size, x.size):
        raise ValueError(f"A must be a {x.size}x{x.size} matrix, got shape {A.shape}")
    if abs(np.linalg.det(A)) == 0 or np.linalg.cond(A) > 1e12:
        raise ValueError(f"A must be invertible (well conditioned), got cond(A)={np.linalg.cond(A):.3g}")
    B = np.linalg.inv(A.T)
    ax, by = A @ x, B @ y
    W = _rows(x.size, m, reps, rng, coupling)
    px = np.exp(-(ax @ ax) / 2) * np.exp(W @ ax)
    py = np.exp(-(by @ by) / 2) * np.exp(W @ by)
    return np.sum(px * py, axis=-1) / m


def sample_angular_lambda(x, y, n, rng, reps=1):
    """Draw ``reps`` angular coefficient estimates (19), :math:`\\frac12+\\rho_n(x)^\\top\\rho_n(y)`.

    Examples
    --------
    >>> lam = sample_angular_lambda([1, 0], [0, 1], 4, np.random.default_rng(0), 20000)
    >>> bool(abs(lam.mean() - 0.5) < 0.02)
    True
    """
    x, y = _np_pair(x, y)
    n = require_int(n, "n", minimum=1)
    if not (np.any(x != 0) and np.any(y != 0)):
        raise ValueError("x and y must be non-zero (the angle is undefined)")
    T = _rows(x.size, n, reps, rng, "iid")
    rx = 1j / np.sqrt(2 * n) * np.sign(T @ x)
    ry = 1j / np.sqrt(2 * n) * np.sign(T @ y)
    return 0.5 + np.real(np.sum(rx * ry, axis=-1))


def sample_bipolar(x, y, m, lam, rng, *, shared=False, coupling="iid"):
    """Bipolar hybrid estimates (12) given coefficient draws ``lam`` (one replicate per entry).

    Examples
    --------
    >>> est = sample_bipolar([0.3, 0.1], [0.2, -0.4], 4, np.full(3000, 0.5), np.random.default_rng(1))
    >>> est.shape
    (3000,)
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    lam = np.asarray(lam, dtype=float)
    reps = lam.size
    W1 = _rows(x.size, m, reps, rng, coupling)
    W2 = W1 if shared else _rows(x.size, m, reps, rng, coupling)
    return lam * _pos_from(W1, x, y) + (1 - lam) * _trig_from(W2, x, y)


def sample_angular_hybrid(x, y, m, n, rng, reps=1, *, shared=False, coupling="iid"):
    """Draw ``reps`` angular hybrid estimates (Eq. (12) with the coefficient (19)).

    Examples
    --------
    >>> est = sample_angular_hybrid([0.3, 0.1], [0.2, -0.4], 4, 2, np.random.default_rng(0), 4000)
    >>> bool(abs(est.mean() - np.exp(0.02)) < 5 * est.std() / np.sqrt(4000))
    True
    """
    lam = sample_angular_lambda(x, y, n, rng, reps)
    return sample_bipolar(x, y, m, lam, rng, shared=shared, coupling=coupling)


def sample_gaussian_lambda(x, y, sigma, n, rng, reps=1, *, r=None):
    """Draw the trig-estimated normalized Gaussian coefficient (69).

    Examples
    --------
    >>> lam = sample_gaussian_lambda([1, 0], [0, 1], 1.0, 4, np.random.default_rng(0), 4)
    >>> lam.shape
    (4,)
    """
    x, y = _np_pair(x, y)
    n = require_int(n, "n", minimum=1)
    if sigma <= 0:
        raise ValueError(f"sigma must satisfy sigma > 0, got sigma={sigma}")
    rr = float(np.sqrt(x @ x)) if r is None else float(r)
    if rr <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={rr}")
    rho = -np.expm1(-2 * sigma ** 2 * rr ** 2)
    T = _rows(x.size, n, reps, rng, "iid")
    return (1 - np.mean(np.cos(sigma * (T @ (x - y))), axis=-1)) / rho


def sample_gaussian_hybrid(x, y, m, n, sigma, rng, reps=1, *, r=None, shared=False):
    """Draw normalized bipolar Gaussian hybrid estimates (App. F, Eqs. (67)-(70)).

    Examples
    --------
    >>> est = sample_gaussian_hybrid([0.3, 0.1], [0.1, 0.3], 4, 2, 1.0, np.random.default_rng(0), 3000)
    >>> bool(abs(est.mean() - np.exp(0.06)) < 5 * est.std() / np.sqrt(3000))
    True
    """
    lam = sample_gaussian_lambda(x, y, sigma, n, rng, reps, r=r)
    return sample_bipolar(x, y, m, lam, rng, shared=shared)


def sample_gaussian_lambda_pos(x, y, M, c, n, rng, reps=1):
    """Draw the Gaussian coefficient (20) estimated with n antithetic positive features.

    :math:`\\hat\\lambda=e^{-\\|x\\|^2/(2c^2)}e^{-\\|My\\|^2/(2c^2)}\\widehat{SM}^{++}_n(x/c,-My/c)`,
    an unbiased estimator of :math:`\\exp(-\\|x+My\\|^2/(2c^2))` (Eq. (20) with :math:`\\phi^{SM}=\\phi^{++}`).

    Examples
    --------
    >>> lam = sample_gaussian_lambda_pos([1, 0], [0, 0.1], [[0, -10], [0, 0]], 2, 1,
    ...                                  np.random.default_rng(0), 20000)
    >>> bool(abs(lam.mean() - 1) < 5 * lam.std() / np.sqrt(20000))
    True
    """
    x, y = _np_pair(x, y)
    n = require_int(n, "n", minimum=1)
    M = np.asarray(M, dtype=float)
    if M.shape != (x.size, x.size):
        raise ValueError(f"M must be a {x.size}x{x.size} matrix, got shape {M.shape}")
    if not c > 0:
        raise ValueError(f"c must satisfy c > 0, got c={c}")
    my = M @ y
    u, v = x / c, -my / c
    pref = np.exp(-(x @ x + my @ my) / (2 * c * c))
    T = _rows(x.size, n, reps, rng, "iid")
    return pref * _pos_from(T, u, v)
