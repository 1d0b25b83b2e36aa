"""Samplers of the random features themselves (used by the Monte Carlo checks; independent of the
variance formulas under test): :math:`\\omega` (Gaussian, Poisson, geometric; i.i.d. or orthogonal), the GERF
features (4), the DIRF features (10) and samples of the one-feature estimator.
"""

from __future__ import annotations

import numpy as np
from scipy import special

from ..couplings import sample as _sample_projections
from ..precision import require_int
from ._common import _check_s
from .oprf import oprf_rho_star_np

__all__ = ["sample_omega", "gerf_features", "dirf_features", "estimator_samples"]


def sample_omega(kind, d, m, rng, *, coupling="iid", lam=None, p=None):
    """Draw ``m`` random vectors :math:`\\omega` for an RF type.

    Parameters
    ----------
    kind : {"gaussian", "poisson", "geometric"}
        Gaussian projections (TrigRF, PosRF, GERF, OPRF), i.i.d. Poisson(``lam``) coordinates, or
        i.i.d. geometric(``p``) coordinates on ``{0, 1, ...}`` (:math:`p_k = p(1-p)^k`).
    d, m : int
    rng : numpy.random.Generator
    coupling : {"iid", "orthogonal"}
        For Gaussian projections (:func:`rfsym.couplings.sample`, Haar, blocks of ``d`` rows).

    Returns
    -------
    ndarray, shape (m, d)

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> sample_omega("geometric", 3, 5, rng, p=0.5).shape
    (5, 3)
    >>> k = sample_omega("geometric", 2, 50000, rng, p=0.4)    # support {0, 1, ...}, mean (1-p)/p
    >>> int(k.min()), bool(abs(k.mean() - 1.5) < 0.02)
    (0, True)
    """
    d = require_int(d, "d", minimum=1)
    m = require_int(m, "m", minimum=1)
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    if kind == "gaussian":
        if coupling not in ("iid", "orthogonal"):
            raise ValueError(f"coupling must be 'iid' or 'orthogonal', got coupling={coupling!r}")
        return _sample_projections(coupling, d, m, rng)
    if kind == "poisson":
        if lam is None or not lam > 0:
            raise ValueError(f"lam must satisfy lam > 0, got lam={lam}")
        return rng.poisson(lam, size=(m, d))
    if kind == "geometric":
        if p is None or not 0 < p < 1:
            raise ValueError(f"p must satisfy 0 < p < 1, got p={p}")
        return rng.geometric(p, size=(m, d)) - 1
    raise ValueError(f"kind must be 'gaussian', 'poisson' or 'geometric', got kind={kind!r}")


def gerf_features(X, W, A, s, which):
    """GERF features :math:`f^{(1)}` (``which=1``) or :math:`f^{(2)}` (``which=2``) of Eq. (4)-(5).

    The first input takes ``which=1`` and the second ``which=2``: the estimate of the Gaussian kernel
    :math:`K(x, y)` is :math:`\\mathrm{Re}(f^{(1)}(\\omega, x) f^{(2)}(\\omega, y))` (the sign ``s``
    multiplies :math:`B\\omega^\\top y` in :math:`f^{(2)}` only).

    Parameters
    ----------
    X : array, shape (n, d)
    W : array, shape (m, d)
    A : complex, ``Re(1-4A) > 0``
    s : {-1, +1}
    which : {1, 2}

    Returns
    -------
    complex ndarray, shape (n, m)

    Examples
    --------
    >>> W = np.array([[0.3]]); X = np.array([[0.5]])
    >>> complex(gerf_features(X, W, 0.0, 1, 1)[0, 0]).real == float(np.exp(0.15 - 0.25))
    True

    TrigRF (``A = 0``, ``s = -1``): :math:`f^{(1)}(\\omega, x)f^{(2)}(\\omega, y) = e^{i\\omega^\\top(x-y)}`.

    >>> Y = np.array([[0.2]])
    >>> z = gerf_features(X, W, 0.0, -1, 1) * gerf_features(Y, W, 0.0, -1, 2)
    >>> bool(np.isclose(z[0, 0], np.exp(1j * 0.3 * (0.5 - 0.2))))
    True
    """
    s = _check_s(s)
    if which not in (1, 2):
        raise ValueError(f"which must be 1 or 2, got which={which!r}")
    A = complex(A)
    if (1 - 4 * A).real <= 0:
        raise ValueError(f"A must satisfy Re(1-4A) > 0, got A={A}")
    X = np.atleast_2d(np.asarray(X, float))
    W = np.atleast_2d(np.asarray(W, float))
    d = X.shape[1]
    if W.shape[1] != d:
        raise ValueError(f"X and W must have the same dimension, got {X.shape} and {W.shape}")
    B = np.sqrt(complex(s * (1 - 4 * A)))
    C = -(s + 1) / 2
    logD = d / 4 * np.log(1 - 4 * A)        # principal log -> principal fourth root, to the power d
    lin = B * (X @ W.T) * (1 if which == 1 else s)
    return np.exp(logD + A * (W * W).sum(1)[None, :] + lin + C * (X * X).sum(1)[:, None])


def dirf_features(X, Om, kind, *, lam=None, p=None):
    """Discretely induced features, Eq. (10): Poisson (``lam``) or geometric (``p``), real valued.

    Returns ``(log|f|, sign)`` arrays of shape (n, m) (values overflow easily).

    Examples
    --------
    >>> lf, sg = dirf_features(np.array([[1.0]]), np.array([[0], [2]]), "poisson", lam=1.0)
    >>> np.round(np.exp(lf) * sg, 6).tolist()
    [[1.0, 1.0]]
    """
    X = np.atleast_2d(np.asarray(X, float))
    Om = np.atleast_2d(np.asarray(Om))
    if kind == "poisson":
        logp = lambda k: -lam + k * np.log(lam) - special.gammaln(k + 1)
    elif kind == "geometric":
        logp = lambda k: np.log(p) + k * np.log1p(-p)
    else:
        raise ValueError(f"kind must be 'poisson' or 'geometric', got kind={kind!r}")
    if X.shape[1] != Om.shape[1]:
        raise ValueError(f"X and Om must have the same dimension, got {X.shape} and {Om.shape}")
    # log|f| = -|x|^2/2 + sum_l [k_l log|x_l| - (log k_l! + log p(k_l))/2]: the k-only part is a table lookup (the
    # k_l are small integers), the x part one matrix product; a coordinate with x_l = 0 and k_l > 0 makes f = 0
    if Om.size and (Om.min() < 0 or not np.array_equal(Om, np.round(Om))):
        raise ValueError("Om must hold non-negative integers")
    Ok = Om.astype(np.int64)
    k = np.arange(int(Ok.max(initial=0)) + 1, dtype=float)
    table = -0.5 * special.gammaln(k + 1) - 0.5 * logp(k)
    base = table[Ok].sum(-1)                                    # (m,)
    with np.errstate(divide="ignore"):
        la = np.log(np.abs(X))                                  # (n, d)
    la[~np.isfinite(la)] = 0.0                                  # x_l = 0: handled by `zero`
    Of = Ok.astype(float)
    zero = (X == 0).astype(float) @ (Of > 0).T > 0              # (n, m)
    logf = -0.5 * (X * X).sum(1)[:, None] + la @ Of.T + base[None, :]
    logf[zero] = -np.inf
    neg = np.rint((X < 0).astype(float) @ (Ok % 2).T.astype(float)) % 2
    sign = np.where(zero, 0.0, np.where(neg == 1, -1.0, 1.0))
    return logf, sign


def estimator_samples(kind, x, y, m, rng, *, coupling="iid", A=None, s=1, lam=None, p=None):
    """``m`` single-feature estimates :math:`\\mathrm{Re}(f^{(1)}(\\omega_i,x)f^{(2)}(\\omega_i,y))`.

    Gaussian kernel. ``kind`` in ``"trig"``, ``"pos"``, ``"gerf"`` (needs ``A``, ``s``), ``"oprf"``
    (``A`` defaults to the pairwise ``A*``), ``"poisson"`` (``lam``), ``"geometric"`` (``p``).
    With ``coupling="orthogonal"`` consecutive blocks of ``d`` samples share an orthogonal frame.

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> v = estimator_samples("oprf", [0.1, 0.2], [0.3, -0.1], 4000, rng)
    >>> bool(abs(v.mean() - np.exp(-0.5 * 0.13)) < 0.01)
    True
    """
    x = np.asarray(x, float).ravel()
    y = np.asarray(y, float).ravel()
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length, got {x.size} and {y.size}")
    d = x.size
    if kind in ("trig", "pos", "gerf", "oprf"):
        W = sample_omega("gaussian", d, m, rng, coupling=coupling)
        if kind == "trig":
            A, s = 0.0, -1
        elif kind == "pos":
            A, s = 0.0, 1
        elif kind == "oprf":
            s = 1
            if A is None:
                A = float(oprf_rho_star_np(d, float(((x + y) ** 2).sum())))
                A = (1 - 1 / A) / 8
        f1 = gerf_features(x[None, :], W, A, s, 1)[0]
        f2 = gerf_features(y[None, :], W, A, s, 2)[0]
        return (f1 * f2).real
    if kind in ("poisson", "geometric"):
        Om = sample_omega(kind, d, m, rng, lam=lam, p=p)
        lx, sx = dirf_features(x[None, :], Om, kind, lam=lam, p=p)
        ly, sy = dirf_features(y[None, :], Om, kind, lam=lam, p=p)
        return (sx * sy * np.exp(lx + ly))[0]
    raise ValueError(f"kind must be one of 'trig', 'pos', 'gerf', 'oprf', 'poisson', 'geometric', got kind={kind!r}")
