"""Clustered data (Eq. (21), App. H.2): the loss and optimal ``A`` of (83)-(88), the Gaussian
coefficients and CE maps of (89)-(96), and the zero-one mixtures of Def. H.2.
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from ..precision import DEFAULT_DPS, require_int, require_same_length, to_mp, to_vector, verified
from ._common import _nrm2
from .cexp import _cexp_parts
from .samplers import _np_pair, sample_cexp

__all__ = ["cluster_loss", "cluster_A_complex", "cluster_A_real", "cluster_gaussian_lambda",
           "cluster_gaussian_lambda_map", "cluster_ce_map", "cluster_indicators", "sample_zero_one_mixture"]


# ============================================================================================
# clustered data (Eq. 21, App. H)
# ============================================================================================


def cluster_loss(A, xc, yc, *, dps: int = DEFAULT_DPS):
    """Loss (21): :math:`l(A)=|Ax_i+(A^\\top)^{-1}y_j|^2` (modulus, complex A allowed).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(cluster_loss([[1, 0], [0, 1]], [1, 2], [-1, -2], dps=10), 5)
    '0.0'
    """
    def f():
        xv, yv, ax, by = _cexp_parts(xc, yc, A)
        return _nrm2([a + b for a, b in zip(ax, by)])

    return verified(f, dps, what="cluster_loss", absolute=mpmath.mpf(10) ** (-dps - 5))


def cluster_A_complex(xc, yc, *, dps: int = DEFAULT_DPS):
    """Diagonal complex A zeroing the loss (21) per coordinate (Eqs. (86)-(87)).

    ``r_i r_j > 0``: :math:`a_k=\\mathrm i\\sqrt{r_j/r_i}`; ``r_i r_j < 0``:
    :math:`a_k=\\sqrt{-r_j/r_i}`; both zero: 1. A coordinate with exactly one zero cannot be zeroed:
    ``ValueError``.

    Returns
    -------
    list of mpc (the diagonal)

    Examples
    --------
    >>> a = cluster_A_complex([1, -2], [4, 8], dps=10)
    >>> [complex(v) for v in a]
    [2j, (2+0j)]
    """
    def f():
        require_same_length(xc, yc, "xc", "yc")
        xv, yv = to_vector(xc, "xc"), to_vector(yc, "yc")
        out = []
        for k, (ri, rj) in enumerate(zip(xv, yv)):
            if ri * rj > 0:
                out.append(mpmath.mpc(0, mp.sqrt(rj / ri)))
            elif ri * rj < 0:
                out.append(mpmath.mpc(mp.sqrt(-rj / ri), 0))
            elif ri == 0 and rj == 0:
                out.append(mpmath.mpc(1, 0))
            else:
                raise ValueError(f"coordinate {k}: exactly one of xc[{k}], yc[{k}] is zero, "
                                 "loss (21) cannot be zeroed (Eq. (85) has no solution)")
        return out

    return verified(f, dps, what="cluster_A_complex", absolute=mpmath.mpf(10) ** (-dps - 5))


def cluster_A_real(xc, yc, *, dps: int = DEFAULT_DPS):
    """Real diagonal A minimising (21) coordinate-wise, :math:`a_k=\\sqrt{|r_{j,k}/r_{i,k}|}` (Eq. (88)).

    Coordinates with ``xc[k] == 0`` get ``a_k = 1`` (the infimum needs ``a_k -> inf`` when
    ``yc[k] != 0``; Eq. (88) text).

    Examples
    --------
    >>> [float(v) for v in cluster_A_real([1, -2], [4, 8], dps=10)]
    [2.0, 2.0]
    """
    def f():
        xv, yv = to_vector(xc, "xc"), to_vector(yc, "yc")
        require_same_length(xv, yv, "xc", "yc")
        return [mp.sqrt(abs(rj / ri)) if ri != 0 else mpmath.mpf(1) for ri, rj in zip(xv, yv)]

    return verified(f, dps, what="cluster_A_real")


def cluster_gaussian_lambda(x, y, a, tau, *, dps: int = DEFAULT_DPS):
    """Gaussian coefficient :math:`\\lambda^{i,j}(x,y)=\\exp(-\\|Ax+A^{-1}y\\|^2/(2\\tau^2))` of (93)-(94).

    ``A = diag(a)`` real (Eq. (88)), as in the experiments of App. H.3.

    Examples
    --------
    >>> float(cluster_gaussian_lambda([1, 0], [-1, 0], [1, 1], 1, dps=15))
    1.0
    """
    def f():
        xv, yv, av = to_vector(x, "x"), to_vector(y, "y"), to_vector(a, "a")
        require_same_length(xv, yv, "x", "y")
        require_same_length(xv, av, "x", "a")
        if any(v == 0 for v in av):
            raise ValueError("a must have nonzero entries (A invertible)")
        t = to_mp(tau)
        if t <= 0:
            raise ValueError(f"tau must be positive, got tau={tau}")
        return mp.exp(-sum((ak * xk + yk / ak) ** 2 for ak, xk, yk in zip(av, xv, yv)) / (2 * t * t))

    return verified(f, dps, what="cluster_gaussian_lambda")


def cluster_gaussian_lambda_map(u, a, tau, W, *, inverse: bool = False):
    """Random feature map :math:`\\Psi^{\\tau,m}_{A}(u)` of (95) (``inverse=True``: :math:`\\Psi^{\\tau,m}_{A^{-1}}(u)`).

    :math:`\\Psi^{\\tau,m}_{B}(u)=\\frac1{\\sqrt m}e^{-\\|Bu\\|^2/\\tau^2}(e^{\\omega_k^\\top Bu/\\tau})_{k\\le m}`,
    ``B = diag(a)`` or its inverse, :math:`\\omega_k` the rows of ``W`` (m, d). The map (96) is this map
    evaluated at :math:`-y`, and :math:`\\Psi_A(x)^\\top\\Psi_{A^{-1}}(-y)` (99) is unbiased for
    :func:`cluster_gaussian_lambda`.

    Examples
    --------
    >>> W = np.zeros((4, 2))
    >>> cluster_gaussian_lambda_map([0.0, 0.0], [1.0, 2.0], 1.0, W)
    array([0.5, 0.5, 0.5, 0.5])
    """
    u = np.asarray(u, dtype=float)
    a = np.asarray(a, dtype=float)
    W = np.asarray(W, dtype=float)
    if u.ndim != 1 or a.shape != u.shape or W.ndim != 2 or W.shape[1] != u.size:
        raise ValueError(f"u, a must be (d,) and W (m, d), got {u.shape}, {a.shape}, {W.shape}")
    if np.any(a == 0) or not tau > 0:
        raise ValueError("a must have nonzero entries and tau must be positive")
    v = u / a if inverse else a * u
    return np.exp(-(v @ v) / tau ** 2) / math.sqrt(W.shape[0]) * np.exp(W @ v / tau)


def cluster_ce_map(u, a, W, *, inverse: bool = False):
    """Random feature map :math:`\\Psi^{m}_{A}(u)` of (91) (``inverse=True``: :math:`\\Psi^m_{A^{-1}}(u)` of (92)).

    :math:`\\Psi^m_B(u)=\\frac1{\\sqrt m}e^{-\\|Bu\\|^2/2}(e^{\\omega_k^\\top Bu})_{k\\le m}`, ``B = diag(a)``
    real (Eq. (88)) or its inverse, :math:`\\omega_k` the rows of ``W`` (m, d):
    :math:`\\Psi_A(x)^\\top\\Psi_{A^{-1}}(y)` (90) is unbiased for :math:`\\mathrm{SM}(x,y)`.

    Examples
    --------
    >>> cluster_ce_map([0.0, 0.0], [1.0, 2.0], np.zeros((4, 2)))
    array([0.5, 0.5, 0.5, 0.5])
    """
    u = np.asarray(u, dtype=float)
    a = np.asarray(a, dtype=float)
    W = np.asarray(W, dtype=float)
    if u.ndim != 1 or a.shape != u.shape or W.ndim != 2 or W.shape[1] != u.size:
        raise ValueError(f"u, a must be (d,) and W (m, d), got {u.shape}, {a.shape}, {W.shape}")
    if np.any(a == 0):
        raise ValueError("a must have nonzero entries")
    v = u / a if inverse else a * u
    return np.exp(-(v @ v) / 2) / math.sqrt(W.shape[0]) * np.exp(W @ v)


# ============================================================================================
# zero-one mixtures (App. H.2, Def. H.2)
# ============================================================================================


def cluster_indicators(z, centers):
    """Cluster-membership indicators :math:`\\Psi_i(z)` of Def. H.2 (nearest center, as K-means assigns).

    Parameters
    ----------
    z : array_like, shape (d,) or (N, d)
    centers : array_like, shape (K, d)

    Returns
    -------
    ndarray of float, shape (K,) or (N, K)
        One-hot rows: entry i is 1 iff center i is the (first) nearest center of z.

    Examples
    --------
    >>> cluster_indicators([0.9, 0.1], [[1, 0], [0, 1]])
    array([1., 0.])
    """
    z = np.asarray(z, dtype=float)
    c = np.asarray(centers, dtype=float)
    if c.ndim != 2 or z.shape[-1] != c.shape[1] or z.ndim not in (1, 2):
        raise ValueError(f"z must have shape (d,) or (N, d) and centers (K, d) with the same d, "
                         f"got {z.shape} and {c.shape}")
    dist = np.sum((z[..., None, :] - c) ** 2, axis=-1)
    return (np.arange(c.shape[0]) == np.argmin(dist, axis=-1)[..., None]).astype(float)


def sample_zero_one_mixture(x, y, cx, cy, A, m, rng, reps=1):
    """Draw ``reps`` zero-one-mixture estimates (101) with indicator coefficients (103).

    Every pair (i, j) gets its own independent CE estimator (104) with matrix ``A[i][j]``; the
    coefficient is :math:`\\hat\\lambda^{i,j}=\\Psi_i(x)\\Psi_j(y)` from cluster membership.

    Parameters
    ----------
    x, y : array_like, shape (d,)
    cx, cy : array_like, shapes (n_q, d), (n_k, d)
        Cluster centers of queries and keys.
    A : nested list, ``A[i][j]`` a (d, d) invertible (complex) matrix
    m : int
    rng : numpy.random.Generator
    reps : int

    Returns
    -------
    ndarray of complex, shape (reps,)

    Examples
    --------
    >>> I = np.eye(2)
    >>> est = sample_zero_one_mixture([0.3, 0.1], [0.2, -0.4], [[1, 0], [0, 1]], [[1, 0], [0, -1]],
    ...                               [[I, I], [I, I]], 4, np.random.default_rng(0), 3)
    >>> est.shape
    (3,)
    """
    x, y = _np_pair(x, y)
    lx, ly = cluster_indicators(x, cx), cluster_indicators(y, cy)
    out = np.zeros(require_int(reps, "reps", minimum=1), dtype=complex)
    for i in range(lx.size):
        for j in range(ly.size):
            out += lx[i] * ly[j] * sample_cexp(x, y, A[i][j], m, rng, reps)
    return out


