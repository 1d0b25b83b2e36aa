"""PRF kernel-estimator MSE (SimRF Thm. 3.2, Eq. (11)) and the gaps between couplings.

* :func:`prf_mse`, :func:`prf_mse_ratio`: Eq. (11) with the conformities of
  :mod:`rfsym.simrf.conformities` (blocks of ``d`` rows for ``m > d``);
* :func:`prf_orthogonality_gap` (Cor. 4.4, corrected) and :func:`paper_eq25_gap` (Eq. (25) as printed);
* :func:`small_v_prefactor`: the :math:`v\\to0` MSE ratio of SimRFs (Sec. 5.1);
* :func:`prf_mse_np`: float64 MSE of every pair of rows of two point sets (Gram matrices, Sec. 5.2).
"""

from __future__ import annotations

import mpmath
import numpy as np

from ..precision import DEFAULT_DPS, to_mp, to_vector, verified
from ._common import _backend, _coupling, _dim, _int, _nonneg, _pairs_weight
from .conformities import _n_terms, _np_coeffs, _pair_coeffs, _rho_gap_series

__all__ = ["prf_mse", "prf_mse_ratio", "prf_orthogonality_gap", "small_v_prefactor", "prf_mse_np", "paper_eq25_gap"]


# --------------------------------------------------------------------------- PRF MSE


def _v2_and_norms(x, y):
    xs = to_vector(x, "x")
    ys = to_vector(y, "y", length=len(xs))
    v2 = mpmath.fsum((a + b) ** 2 for a, b in zip(xs, ys))
    n2 = mpmath.fsum(a * a for a in xs) + mpmath.fsum(b * b for b in ys)
    return v2, n2, len(xs)


def _mse_bracket(coupling, d, m, v2):
    """m e^{2|x|^2+2|y|^2} MSE = e^{v^2} expm1(v^2) + (W/m)(rho_c - e^{v^2})."""
    W = _pairs_weight(d, m)
    return mpmath.exp(v2) * mpmath.expm1(v2) + mpmath.mpf(W) / m * _rho_gap_series(coupling, d, v2)


def prf_mse(coupling, x, y, m, *, dps=DEFAULT_DPS):
    """MSE of the PRF estimator of the Gaussian kernel (SimRF Thm. 3.2, Eq. (11)).

    Parameters
    ----------
    coupling : {"iid", "orthogonal", "simplex"}
    x, y : sequences of exact reals of equal length ``d >= 2``
    m : int
        Number of random features, ``m >= 1``; for ``m > d`` independent blocks of ``d`` rows.
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    .. math::
        \\mathrm{MSE}=\\frac{e^{-2\\|x\\|^2-2\\|y\\|^2}}{m}\\Big((e^{2v^2}-e^{v^2})
        +(m-1)(\\rho(x,y)-e^{v^2})\\Big),

    with :math:`(m-1)(\\rho-e^{v^2}) = \\frac{W}{m}(\\rho_c-e^{v^2})`,
    :math:`W=\\sum_b m_b(m_b-1)` (``= m(m-1)`` for ``m <= d``).

    Examples
    --------
    >>> mpmath.nstr(prf_mse("simplex", ["0.1", "0", "0"], ["0", "0.2", "0"], 3, dps=12), 12)
    '0.00289504224259'
    """
    _coupling(coupling)
    m = _int(m, "m", 1)
    _v2_and_norms(x, y)
    d0 = len(x)
    _dim(d0)

    def compute():
        v2, n2, d = _v2_and_norms(x, y)
        return mpmath.exp(-2 * n2) / m * _mse_bracket(coupling, d, m, v2)

    return verified(compute, dps, what=f"prf_mse({coupling!r})")


def prf_mse_ratio(coupling, d, m, v, *, dps=DEFAULT_DPS, backend="mpmath"):
    """MSE of a coupling relative to iid PRFs, a function of ``d``, ``m`` and ``v`` only (Fig. 6).

    Parameters
    ----------
    coupling : {"iid", "orthogonal", "simplex"}
    d : int
        ``d >= 2``.
    m : int
        ``m >= 1`` features (blocks of ``d`` for ``m > d``).
    v : exact real ``>= 0`` (array of floats ``0 <= v <= 18`` for ``backend="numpy"``)
    dps : int
    backend : {"mpmath", "numpy"}

    Returns
    -------
    mpf or ndarray

    Notes
    -----
    .. math::
        \\frac{\\mathrm{MSE}_c}{\\mathrm{MSE}_{\\rm IID}}=1+\\frac{W}{m}\\,
        \\frac{\\rho_c(v)-e^{v^2}}{e^{v^2}(e^{v^2}-1)},

    continuous at ``v = 0`` with value :math:`1+\\frac{W}{m}(c_1-1)` (:func:`small_v_prefactor`
    for ``m = d``).

    Examples
    --------
    >>> mpmath.nstr(prf_mse_ratio("simplex", 64, 64, 0, dps=10), 10)
    '0.007781746414'
    >>> mpmath.nstr(prf_mse_ratio("orthogonal", 64, 64, 1, dps=10), 10)
    '0.7310902907'

    ``v = ||x + y||`` (the norm, not its square) and ``m`` features of ``d``-row blocks:

    >>> x, y = ["0.2", "0.1", "-0.3", "0.1"], ["0.1", "0.3", "0.3", "-0.1"]      # ||x + y||^2 = 0.25
    >>> all(abs(prf_mse_ratio(c, 4, m, "0.5") - prf_mse(c, x, y, m) / prf_mse("iid", x, y, m)) < 1e-12
    ...     for c in ("orthogonal", "simplex") for m in (3, 6))
    True
    """
    _coupling(coupling)
    d = _dim(d)
    m = _int(m, "m", 1)
    W = _pairs_weight(d, m)
    if _backend(backend) == "numpy":
        v = np.asarray(v, dtype=float)
        if not np.all(np.isfinite(v)) or np.any(v < 0) or np.any(v > 18):
            raise ValueError("v must satisfy 0 <= v <= 18 (finite) for backend='numpy'")
        if coupling == "iid":
            return np.ones_like(v)
        vmax = float(v.max()) if v.size else 0.0
        K = _n_terms(d, vmax * vmax, 17, iid=True)
        g = _np_coeffs(coupling, d, K) - _np_coeffs("iid", d, K)
        v2 = v * v
        num = np.zeros_like(v2)
        for gk in g[:0:-1]:  # g_0 = 0: Horner for sum_{k>=1} g_k v^(2k-2)
            num = num * v2 + gk
        den = np.where(v2 > 0, np.exp(v2) * np.expm1(v2) / np.where(v2 > 0, v2, 1.0), 1.0)
        return 1 + W / m * num / den
    _nonneg(v, "v")

    def compute():
        vv = to_mp(v, "v")
        v2 = vv * vv
        if coupling == "iid":
            return mpmath.mpf(1)
        if v2 == 0:
            c1 = _pair_coeffs(coupling, d, 2)[1]
            return 1 + mpmath.mpf(W) / m * (c1 - 1)
        return 1 + mpmath.mpf(W) / m * _rho_gap_series(coupling, d, v2) / (mpmath.exp(v2) * mpmath.expm1(v2))

    return verified(compute, dps, what=f"prf_mse_ratio({coupling!r})")


def prf_orthogonality_gap(x, y, m, *, dps=DEFAULT_DPS):
    """PRF orthogonality gap :math:`\\mathrm{MSE}_{\\rm IID}-\\mathrm{MSE}_{\\rm ORF}`, ``d = len(x)``
    (SimRF Cor. 4.4 in its correct form, Eqs. (68)-(69)).

    Notes
    -----
    .. math::
        \\Delta\\mathrm{MSE}=e^{-2\\|x\\|^2-2\\|y\\|^2}\\frac{m-1}{m}\\sum_{k\\ge2}\\frac{v^{2k}}{k!}
        \\Big(1-\\frac{(k+d-1)!}{(d-1)!}\\frac{(d-2)!!}{(2k+d-2)!!}\\Big)\\qquad(m\\le d),

    a series of non-negative terms. For ``m > d`` the factor :math:`(m-1)/m` becomes :math:`W/m^2`.
    Note the :math:`2^k` in the ORF series: the main-text Eq. (25) omits it (see
    :func:`paper_eq25_gap`).

    Examples
    --------
    >>> mpmath.nstr(prf_orthogonality_gap(["0.5", "0"], ["0", "0.5"], 2, dps=12), 12)
    '0.00803623439318'
    """
    m = _int(m, "m", 1)
    _dim(len(to_vector(x, "x")))
    to_vector(y, "y", length=len(x))

    def compute():
        v2, n2, d = _v2_and_norms(x, y)
        W = _pairs_weight(d, m)
        return -mpmath.exp(-2 * n2) * W / mpmath.mpf(m) ** 2 * _rho_gap_series("orthogonal", d, v2)

    return verified(compute, dps, what="prf_orthogonality_gap", absolute=mpmath.mpf(10) ** (-dps - 30))


def paper_eq25_gap(d, m, v, *, dps=DEFAULT_DPS):
    """The main-text Eq. (25) *as printed* (without :math:`2^k`), in units of
    :math:`e^{-2\\|x\\|^2-2\\|y\\|^2}` -- kept to exhibit the typo.

    .. math::
        \\frac{m-1}{m}\\Big(e^{v^2}-\\frac{\\Gamma(d/2)}{\\Gamma(d)}\\sum_k\\frac{v^{2k}}{k!}
        \\frac{\\Gamma(k+d)}{\\Gamma(k+d/2)}\\Big)

    Examples
    --------
    >>> mpmath.nstr(paper_eq25_gap(2, 2, "0.5", dps=10), 10)
    '-0.1605031771'
    """
    d = _dim(d)
    m = _int(m, "m", 1)
    _nonneg(v, "v")

    def compute():
        vv = to_mp(v, "v")
        dd = mpmath.mpf(d)
        s = mpmath.hyp1f1(dd, dd / 2, vv ** 2)
        return mpmath.mpf(m - 1) / m * (mpmath.exp(vv ** 2) - s)

    return verified(compute, dps, what="printed Eq. (25)")


def small_v_prefactor(d, *, dps=DEFAULT_DPS):
    """The SimRF :math:`v^2` prefactor of Sec. 5.1,
    :math:`1-\\frac{\\sqrt\\pi\\,\\Gamma(d+1)\\Gamma(\\frac d2+\\frac12)}{\\Gamma(\\frac d2)\\Gamma(\\frac d2+1)^2 2^d}`.

    It equals :math:`\\lim_{v\\to0}\\mathrm{MSE}_{\\rm SimRF}/\\mathrm{MSE}_{\\rm IID}` for one full block
    (``m = d``), i.e. :math:`1-E[\\sin\\phi]=1-\\Gamma(\\frac{d+1}2)^2/(\\Gamma(\\frac d2)\\Gamma(\\frac d2+1))`.

    Examples
    --------
    >>> mpmath.nstr(small_v_prefactor(64, dps=10), 10)
    '0.007781746414'
    """
    d = _dim(d)

    def compute():
        dd = mpmath.mpf(d)
        g = mpmath.gamma
        return 1 - mpmath.sqrt(mpmath.pi) * g(dd + 1) * g(dd / 2 + mpmath.mpf(1) / 2) / (
            g(dd / 2) * g(dd / 2 + 1) ** 2 * mpmath.mpf(2) ** d)

    return verified(compute, dps, what="small_v_prefactor")


# --------------------------------------------------------------------------- numpy MSE (Gram matrices)


def prf_mse_np(coupling, X, Y, m):
    """float64 PRF MSE for arrays of pairs (rows of ``X`` and ``Y``), Eq. (11); ``d = X.shape[-1]``.

    Examples
    --------
    >>> x = np.array([[0.1, 0.0, 0.0]]); y = np.array([[0.0, 0.2, 0.0]])
    >>> float(prf_mse_np("simplex", x, y, 3)[0])  # doctest: +ELLIPSIS
    0.002895042242...
    """
    _coupling(coupling)
    X = np.asarray(X, dtype=float)
    Y = np.asarray(Y, dtype=float)
    if X.shape != Y.shape or X.ndim < 1:
        raise ValueError(f"X and Y must have the same shape, got {X.shape} and {Y.shape}")
    if not (np.all(np.isfinite(X)) and np.all(np.isfinite(Y))):
        raise ValueError("X and Y must be finite")
    d = _dim(X.shape[-1])
    m = _int(m, "m", 1)
    v2 = np.sum((X + Y) ** 2, axis=-1)
    n2 = np.sum(X ** 2, axis=-1) + np.sum(Y ** 2, axis=-1)
    if np.any(v2 > 18 ** 2):
        raise ValueError("prf_mse_np needs ||x+y|| <= 18 (float64 range)")
    W = _pairs_weight(d, m)
    if coupling == "iid":
        gap = np.zeros_like(v2)
    else:
        K = _n_terms(d, float(v2.max()), 17, iid=True)
        g = _np_coeffs(coupling, d, K) - _np_coeffs("iid", d, K)
        gap = np.zeros_like(v2)
        for gk in g[::-1]:
            gap = gap * v2 + gk
    return np.exp(-2 * n2) / m * (np.exp(v2) * np.expm1(v2) + W / m * gap)
