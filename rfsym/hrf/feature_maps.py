"""Lemma 2.3: the explicit hybrid feature maps (11) (angular bipolar case and general ``p``), and the
construction cost of (11) (App. L, Eq. (106)).
"""

from __future__ import annotations

import numpy as np

from ..precision import require_int
from ._common import _m_n
from .samplers import _np_pair, _pos_from, _trig_from

__all__ = ["hybrid_feature_maps", "hybrid_estimate_direct", "feature_map_dimension",
           "general_hybrid_feature_maps", "general_hybrid_estimate", "construction_op_count", "eq106_count"]


# ============================================================================================
# Lemma 2.3: explicit hybrid feature maps (angular bipolar case, p = 1)
# ============================================================================================


def _blocks_trig(W, u):
    """phi^{1}, phi^{2} blocks (unnormalised) of the trig map for one input: exp(|u|^2/2)(sin, cos)."""
    s = np.exp(u @ u / 2)
    return [s * np.sin(W @ u), s * np.cos(W @ u)]


def _blocks_pos(W, u):
    s = np.exp(-(u @ u) / 2) / np.sqrt(2)
    return [s * np.exp(W @ u), s * np.exp(-(W @ u))]


def hybrid_feature_maps(x, y, W_pos, W_trig, T):
    """Feature vectors :math:`\\Psi_1(x),\\Psi_2(y)` of Lemma 2.3 (Eq. (11)) for the angular hybrid.

    Base estimators: :math:`\\widehat{SM}^1=\\widehat{SM}^{++}` (t_1 = 2 blocks),
    :math:`\\widehat{SM}^2=\\widehat{SM}^{trig}` (t_2 = 2 blocks); coefficient
    :math:`a_1=1/2`, :math:`\\rho_n` of Eq. (19) (l_1 = 1 block with the factor i).

    Returns
    -------
    (ndarray, ndarray) complex
        ``Psi1(x)``, ``Psi2(y)``; the estimator is the plain (non-conjugating) dot product.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> Wp, Wt, T = rng.standard_normal((3, 5, 2))
    >>> p1, p2 = hybrid_feature_maps([0.3, 0.1], [0.2, -0.4], Wp, Wt, T)
    >>> bool(np.isclose(p1 @ p2, hybrid_estimate_direct([0.3, 0.1], [0.2, -0.4], Wp, Wt, T)))
    True
    """
    x, y = _np_pair(x, y)
    Wp, Wt, T = (np.asarray(a, float) for a in (W_pos, W_trig, T))
    m, n = Wp.shape[0], T.shape[0]
    if Wt.shape[0] != m:
        raise ValueError(f"W_pos and W_trig must have the same number of rows, got {m} and {Wt.shape[0]}")
    a1 = 0.5
    out = []
    for u in (x, y):
        rho_blocks = [1j * np.sign(T @ u) / np.sqrt(2)]  # rho^{1,1}_{j,n}, the 1/sqrt(n) is in Psi^2
        pos, trig = _blocks_pos(Wp, u), _blocks_trig(Wt, u)
        psi1 = np.sqrt(a1 / m) * np.concatenate(pos)
        psi2 = np.concatenate([np.outer(rb, pb).ravel() for rb in rho_blocks for pb in pos]) / np.sqrt(m * n)
        psi3 = np.sqrt((1 - a1) / m) * np.concatenate(trig)
        psi4 = 1j * np.concatenate([np.outer(rb, tb).ravel() for rb in rho_blocks for tb in trig]) / np.sqrt(m * n)
        out.append(np.concatenate([psi1.astype(complex), psi2, psi3.astype(complex), psi4]))
    return out[0], out[1]


def hybrid_estimate_direct(x, y, W_pos, W_trig, T):
    """The angular hybrid estimate (12) computed directly from the same randomness.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> Wp, Wt, T = rng.standard_normal((3, 5, 2))
    >>> v = hybrid_estimate_direct([0.3, 0.1], [0.2, -0.4], Wp, Wt, T)
    >>> isinstance(v, float)
    True
    """
    x, y = _np_pair(x, y)
    T = np.asarray(T, float)
    n = T.shape[0]
    lam = 0.5 - np.sum(np.sign(T @ x) * np.sign(T @ y)) / (2 * n)
    return float(lam * _pos_from(np.asarray(W_pos, float), x, y)
                 + (1 - lam) * _trig_from(np.asarray(W_trig, float), x, y))


def feature_map_dimension(m, n, t, l):
    """Length of :math:`\\Psi_j` in Lemma 2.3 (Eq. (11)) for block counts t = (t_1..t_{p+1}), l = (l_1..l_p).

    :math:`m\\sum_k t_k + mn\\sum_{k\\le p} l_k (t_k + t_{p+1})`.

    Examples
    --------
    >>> feature_map_dimension(5, 3, (2, 2), (1,))
    80
    """
    m, n = _m_n(m, n)
    t, l = tuple(t), tuple(l)
    if len(t) != len(l) + 1:
        raise ValueError(f"t must have len(l) + 1 entries, got len(t)={len(t)}, len(l)={len(l)}")
    p = len(l)
    return m * sum(t) + m * n * sum(l[k] * (t[k] + t[p]) for k in range(p))


def _blocks(arrs, name, length):
    out = [np.asarray(b, dtype=complex) for b in arrs]
    for i, b in enumerate(out):
        if b.shape != (length,):
            raise ValueError(f"{name}[{i}] must have shape ({length},), got {b.shape}")
    return out


def general_hybrid_feature_maps(a, phi_x, phi_y, rho_x, rho_y):
    """:math:`\\Psi_1(x),\\Psi_2(y)` of Lemma 2.3 (Eq. (11)) for general p, t_k, l_k.

    Parameters
    ----------
    a : sequence of p reals
        Shifts :math:`a_k` of the coefficients (10) (may be negative: the square roots are complex).
    phi_x, phi_y : list of p+1 lists
        ``phi_x[k]`` are the :math:`t_k` unnormalised blocks :math:`\\phi^{j,k}_{1,m}(x)` (length m) of
        base estimator k; ``phi_y`` likewise for y.
    rho_x, rho_y : list of p lists
        ``rho_x[k]`` are the :math:`l_k` unnormalised blocks :math:`\\rho^{i,k}_{1,n}(x)` (length n).

    Returns
    -------
    (ndarray, ndarray)
        Complex feature vectors; the estimator is their plain dot product.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> px = [[rng.standard_normal(3)], [rng.standard_normal(3)]]
    >>> py = [[rng.standard_normal(3)], [rng.standard_normal(3)]]
    >>> rx, ry = [[rng.standard_normal(2)]], [[rng.standard_normal(2)]]
    >>> p1, p2 = general_hybrid_feature_maps([0.3], px, py, rx, ry)
    >>> bool(np.isclose(p1 @ p2, general_hybrid_estimate([0.3], px, py, rx, ry)))
    True
    """
    p = len(a)
    if len(phi_x) != p + 1 or len(phi_y) != p + 1 or len(rho_x) != p or len(rho_y) != p:
        raise ValueError(f"need p+1 = {p + 1} base estimators and p = {p} coefficient maps, got "
                         f"{len(phi_x)}, {len(phi_y)}, {len(rho_x)}, {len(rho_y)}")
    m = len(np.asarray(phi_x[0][0]))
    n = len(np.asarray(rho_x[0][0])) if p else 1
    out = []
    for phis, rhos in ((phi_x, rho_x), (phi_y, rho_y)):
        phis = [_blocks(b, "phi", m) for b in phis]
        rhos = [_blocks(b, "rho", n) for b in rhos]
        parts = []
        for k in range(p):  # Psi^1
            parts.append(np.sqrt(complex(a[k]) / m) * np.concatenate(phis[k]))
        for k in range(p):  # Psi^2
            parts.append(np.concatenate([np.outer(r, f).ravel() for r in rhos[k] for f in phis[k]]) / np.sqrt(m * n))
        parts.append(np.sqrt(complex(1 - sum(a)) / m) * np.concatenate(phis[p]))  # Psi^3
        for k in range(p):  # Psi^4
            parts.append(1j * np.concatenate([np.outer(r, f).ravel() for r in rhos[k] for f in phis[p]]) / np.sqrt(m * n))
        out.append(np.concatenate(parts))
    if out[0].shape != out[1].shape:
        raise ValueError("x- and y-blocks must have the same structure")
    return out[0], out[1]


def general_hybrid_estimate(a, phi_x, phi_y, rho_x, rho_y):
    """The HRF estimate (8) from the same blocks: :math:`\\sum_k\\hat\\lambda^k\\widehat{SM}^k+(1-\\sum_k\\hat\\lambda^k)\\widehat{SM}^{p+1}`.

    :math:`\\widehat{SM}^k=\\frac1m\\sum_j\\phi^{j,k}(x)^\\top\\phi^{j,k}(y)`,
    :math:`\\hat\\lambda^k=a_k+\\frac1n\\sum_i\\rho^{i,k}(x)^\\top\\rho^{i,k}(y)` (Eqs. (8), (10)).

    Examples
    --------
    >>> general_hybrid_estimate([0.5], [[[1.0]], [[2.0]]], [[[1.0]], [[2.0]]], [[[1.0]]], [[[1.0]]])
    (-0.5+0j)
    """
    p = len(a)
    m = len(np.asarray(phi_x[0][0]))
    n = len(np.asarray(rho_x[0][0])) if p else 1
    sm = [sum(np.asarray(u, complex) @ np.asarray(v, complex) for u, v in zip(phi_x[k], phi_y[k])) / m
          for k in range(p + 1)]
    lam = [a[k] + sum(np.asarray(u, complex) @ np.asarray(v, complex) for u, v in zip(rho_x[k], rho_y[k])) / n
           for k in range(p)]
    return complex(sum(l * s_ for l, s_ in zip(lam, sm)) + (1 - sum(lam)) * sm[p])


def construction_op_count(m, n, d, t, l):
    """Arithmetic operations to build :math:`\\Psi_j(z)` of (11), counted block by block.

    Each of the :math:`t_1+\\dots+t_{p+1}` blocks :math:`\\phi^{j,k}_m(z)` costs a projection of
    :math:`m` rows of length :math:`d` (:math:`md` multiply-adds) plus :math:`m` function evaluations and
    :math:`m` scalings; each of the :math:`l_1+\\dots+l_p` blocks :math:`\\rho^{i,k}_n(z)` costs
    :math:`nd+n`; every Kronecker block of :math:`\\Psi^2` (pairs :math:`l_k\\times t_k`) and
    :math:`\\Psi^4` (pairs :math:`l_k\\times t_{p+1}`) costs :math:`mn` products plus :math:`mn`
    scalings. Blocks are computed once and reused.

    Examples
    --------
    >>> construction_op_count(5, 3, 4, (2, 2), (1,))
    255
    """
    m, n = _m_n(m, n)
    d = require_int(d, "d", minimum=1)
    t, l = tuple(t), tuple(l)
    if len(t) != len(l) + 1:
        raise ValueError(f"t must have len(l) + 1 entries, got len(t)={len(t)}, len(l)={len(l)}")
    p = len(l)
    ops = sum(t) * (m * d + 2 * m)          # phi blocks: projection, f(.), scaling
    ops += sum(l) * (n * d + n)              # rho blocks: projection, sign/scale
    kron = sum(l[k] * (t[k] + t[p]) for k in range(p))
    ops += kron * 2 * m * n                  # outer products of Psi^2 and Psi^4 with their scalings
    return ops


def eq106_count(m, n, d, t, l):
    """The expression inside the O(.) of Eq. (106).

    :math:`(t_1+\\dots+t_{p+1})md+(nd+md+mn)\\sum_{k=1}^{p+1}\\sum_{r=1}^{p}t_kl_r`.

    Examples
    --------
    >>> eq106_count(5, 3, 4, (2, 2), (1,))
    268
    """
    m, n = _m_n(m, n)
    d = require_int(d, "d", minimum=1)
    t, l = tuple(t), tuple(l)
    if len(t) != len(l) + 1:
        raise ValueError(f"t must have len(l) + 1 entries, got len(t)={len(t)}, len(l)={len(l)}")
    return sum(t) * m * d + (n * d + m * d + m * n) * sum(t) * sum(l)
