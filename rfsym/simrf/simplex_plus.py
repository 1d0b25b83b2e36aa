"""SimRFs+ (SimRF Sec. 3.2): the conformity of a fixed set of vectors, the truncated objective
(Eq. (15)) and the iterative update (Eqs. (16)-(17)) that arranges directions by norm."""

from __future__ import annotations

import math

import numpy as np


__all__ = ["pair_conformity_of_vectors", "simplex_plus_update", "truncated_objective"]


# --------------------------------------------------------------------------- SimRF+ (Sec. 3.2)


def pair_conformity_of_vectors(W, v):
    """Conformity of one fixed ensemble (rows of ``W``), Eq. (12) with the expectation over an isotropic
    direction of ``v``: the mean over ordered pairs ``i != j`` of
    :math:`{}_0F_1(;d/2;v^2\\|w_i+w_j\\|^2/4)=\\Gamma(d/2)\\sum_k\\frac{(v w_{ij}/2)^{2k}}{k!\\Gamma(k+d/2)}`.

    float64 (numpy); ``W`` has shape ``(m, d)``.

    Examples
    --------
    >>> W = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> round(pair_conformity_of_vectors(W, 1.0), 10)
    1.5660829298

    ``v`` is the norm :math:`\\|x+y\\|`: here :math:`\\|w_i+w_j\\| = \\sqrt2` and the mean of
    :math:`e^{v\\sqrt2\\cos\\psi}` over the circle is :math:`I_0(\\sqrt2 v)`.

    >>> import mpmath
    >>> round(pair_conformity_of_vectors(W, 0.5), 10) == round(float(mpmath.besseli(0, 0.5 * mpmath.sqrt(2))), 10)
    True
    """
    W = np.asarray(W, dtype=float)
    if W.ndim != 2 or W.shape[0] < 2:
        raise ValueError(f"W must have shape (m, d) with m >= 2, got {W.shape}")
    v = float(v)
    if not (math.isfinite(v) and v >= 0):
        raise ValueError(f"v must be finite and >= 0, got v={v}")
    m, d = W.shape
    S = W[:, None, :] + W[None, :, :]
    w2 = np.sum(S * S, axis=-1)[~np.eye(m, dtype=bool)]
    x = v * v * w2 / 4
    # 0F1(; b; x) by its positive series
    b = d / 2
    term = np.ones_like(x)
    tot = np.ones_like(x)
    k = 0
    while True:
        term = term * x / ((k + 1) * (b + k))
        tot += term
        k += 1
        if np.all(term <= 1e-17 * tot) and k > 2:
            break
    return float(np.mean(tot))


def truncated_objective(W):
    """:math:`\\sum_{i\\ne j}\\|w_i+w_j\\|^2` -- the truncated objective (15) without its prefactor.

    Examples
    --------
    >>> truncated_objective(np.eye(2))
    4.0
    """
    W = np.asarray(W, dtype=float)
    m = W.shape[0]
    S = W[:, None, :] + W[None, :, :]
    return float(np.sum(S * S) - np.sum((2 * W) ** 2))


def simplex_plus_update(W, passes=1):
    """Apply ``passes`` sweeps of the SimRF+ update, Eq. (17), to the rows of ``W`` (a copy), and return
    it with the largest relative move in the last sweep.

    Examples
    --------
    >>> W = np.array([[1.0, 0.0], [0.0, 2.0]])
    >>> V, moved = simplex_plus_update(W, 3)
    >>> np.round(V @ V.T, 12).tolist()
    [[1.0, -2.0], [-2.0, 4.0]]
    """
    V = np.array(W, dtype=float)
    norms = np.linalg.norm(V, axis=1)
    moved = 0.0
    for _ in range(passes):
        moved = 0.0
        tot = V.sum(axis=0)
        for i in range(V.shape[0]):
            rest = tot - V[i]
            new = -rest / np.linalg.norm(rest) * norms[i]
            moved = max(moved, float(np.linalg.norm(new - V[i]) / norms[i]))
            tot = rest + new
            V[i] = new
    return V, moved
