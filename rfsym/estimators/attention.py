"""Linear attention with any estimator against exact softmax attention (DERF Eq. (3)): :func:`attention`.

Examples
--------
>>> import numpy as np
>>> Q, K, V = np.random.default_rng(1).standard_normal((3, 8, 2)) * 0.5
>>> attention("FAVOR+", Q, K, V, 128, np.random.default_rng(2)).exact.shape
(8, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .base import RandomFeatures, _points
from .registry import get

__all__ = ["attention", "AttentionResult"]

# ------------------------------------------------------------------------------------------------
# linear attention
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AttentionResult:
    """Exact softmax attention and its random-feature approximation.

    Attributes
    ----------
    exact, approx : ndarray, shape (L, d_v)
    max_abs_error : float
    relative_error : float
        :math:`\\|\\hat Y - Y\\|_F/\\|Y\\|_F`.
    """

    exact: np.ndarray
    approx: np.ndarray
    max_abs_error: float
    relative_error: float


def attention(estimator, Q, K, V, m, rng, *, coupling=None, fit=True):
    """Row-normalised linear attention with ``estimator`` against exact softmax attention (DERF Eq. (3)).

    Parameters
    ----------
    estimator : RandomFeatures or str
        Any estimator; it is switched to the softmax kernel (features times :math:`e^{\\|x\\|^2/2}`
        when it natively estimates the Gaussian kernel).
    Q, K : array_like, shape (L, d) and (L', d)
        Queries and keys; as in DERF Eq. (3) the kernel is evaluated at :math:`d^{-1/4}Q`,
        :math:`d^{-1/4}K`, so the exact attention is :math:`\\mathrm{softmax}(QK^\\top/\\sqrt d)V`.
    V : array_like, shape (L', d_v)
    m : int
        Number of random projections.
    rng : numpy.random.Generator
    coupling : str, optional
    fit : bool
        Fit data-dependent parameters on the scaled (Q, K) when the estimator needs them.

    Returns
    -------
    AttentionResult

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> Q, K, V = rng.standard_normal((3, 16, 4)) * 0.5
    >>> r = attention("FAVOR+", Q, K, V, 256, rng)
    >>> r.approx.shape, r.relative_error < 0.1
    ((16, 4), True)
    """
    est = get(estimator) if isinstance(estimator, str) else estimator
    if not isinstance(est, RandomFeatures):
        raise TypeError(f"estimator must be a name or an rfsym estimator, got {type(estimator).__name__}")
    Q = _points(Q, "Q")
    K = _points(K, "K", Q.shape[1])
    V = np.asarray(V, dtype=float)
    if V.ndim != 2 or V.shape[0] != K.shape[0]:
        raise ValueError(f"V must have shape (L', d_v) with L' = {K.shape[0]} rows (one per key), got {V.shape}")
    d = Q.shape[1]
    X, Y = Q / d ** 0.25, K / d ** 0.25
    est = est.with_kernel("softmax")
    if est.needs_fit and fit:
        est = est.fit(X, Y)
    A = est.kernel_value(X, Y)
    exact = (A @ V) / A.sum(axis=1, keepdims=True)
    W = est.draw(d, m, rng, coupling)
    P = est.query_features(X, W)
    S = est.key_features(Y, W)
    num = np.real(P @ (S.T @ V))
    den = np.real(P @ S.sum(axis=0))
    approx = num / den[:, None]
    return AttentionResult(exact, approx, float(np.max(np.abs(approx - exact))),
                           float(np.linalg.norm(approx - exact) / np.linalg.norm(exact)))
