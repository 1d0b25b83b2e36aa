"""Simplex Random Features (Reid, Choromanski, Likhosherstov, Weller, ICML 2023): RF-conformity,
closed forms, MSEs and orthogonality gaps.

Kernel: the **Gaussian kernel** :math:`K(x,y)=\\exp(-\\|x-y\\|^2/2)` throughout, estimated with the
positive random features (PRFs) of SimRF Eq. (7),
:math:`\\widehat K = \\frac{e^{-\\|x\\|^2-\\|y\\|^2}}{m}\\sum_i e^{w_i^\\top(x+y)}`, and (Sec. 4.1) with
random Fourier features :math:`\\widehat K = \\frac1m\\sum_i\\cos w_i^\\top(x-y)`.

Conventions
-----------
* ``v = ||x + y||`` (PRFs) and ``z = ||x - y||`` (RFFs).
* ``conformity(coupling, d, v)`` is the *pair* conformity
  :math:`\\rho_c(v)=E[e^{(w_i+w_j)^\\top v}]` of two distinct rows of one block (SimRF Eq. (10)
  with all pairs coupled); it does not depend on ``m`` as long as ``m <= d``. For ``m > d`` the
  foundation's samplers stack independent blocks of ``d`` rows (the last one truncated); pairs in
  different blocks are independent and contribute :math:`e^{v^2}` (the iid value). The MSE
  functions take this into account through the number of coupled ordered pairs
  :math:`W=\\sum_b m_b(m_b-1)`.
* Every conformity is a power series in :math:`v^2` with positive coefficients,
  :math:`\\rho_c(v)=\\sum_k c_k\\,v^{2k}`, where for a fixed angle :math:`\\cos\\theta=c`

  .. math::
      c_k = \\frac{\\Gamma(d/2)\\Gamma(k+d)}{\\Gamma(d)\\Gamma(k+d/2)2^k k!}\\; m_k,\\qquad
      m_k = E_\\phi[(1+c\\sin\\phi)^k],\\quad \\phi\\sim\\frac{\\sin^{d-1}\\phi}{\\int_0^\\pi\\sin^{d-1}}
      \\text{ on } [0,\\pi]

  (Eq. (21) rewritten; ``m_k = 1`` for ORFs, Eq. (23); the binomial expansion of ``m_k`` is Eq. (24)).
  The differences :math:`\\rho_c - e^{v^2}=\\sum_k (c_k-1/k!)v^{2k}` have coefficients of one sign
  (:math:`\\le 0`), so the MSE gaps are summed without cancellation.

High-precision functions take exact inputs and a ``dps`` keyword and return mpmath numbers whose
``dps`` digits are confirmed by :func:`rfsym.precision.verified`. ``backend="numpy"`` (where offered)
evaluates float64 arrays.
"""

from __future__ import annotations

import functools
import math
import numbers

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from . import couplings as _couplings
from .montecarlo import MCResult, mean_of
from .precision import (DEFAULT_DPS, check_dps, require_int, require_real, to_mp, to_vector,
                        verified)

__all__ = [
    "InputError", "PAIR_COUPLINGS", "cos_theta", "conformity", "conformity_terms", "pdf_wij", "prf_mse",
    "prf_mse_ratio", "prf_orthogonality_gap", "rff_orthogonality_gap", "rff_gap_bracket",
    "rff_gap_series_naive_np", "rff_z_crit", "small_v_prefactor", "conformity_eq24_naive",
    "prf_mse_np", "rff_mse_ratio", "rff_mse_ratio_asymptotic", "pair_conformity_of_vectors",
    "simplex_plus_update", "truncated_objective", "conformity_mc", "prf_mse_mc", "rff_mse_mc",
    "pdf_wij_expr", "moment_expr", "conformity_series_expr", "prf_mse_expr", "small_v_prefactor_expr",
    "rff_ratio_term_expr", "paper_eq25_gap",
]

#: Couplings with a closed-form pair conformity.
PAIR_COUPLINGS = ("iid", "orthogonal", "simplex")

_VMAX_NP = 26.0  # exp(v^2) overflows float64 beyond v ~ 26.6


# --------------------------------------------------------------------------- validation helpers


def _coupling(coupling, allowed=PAIR_COUPLINGS):
    if not isinstance(coupling, str) or coupling not in allowed:
        raise ValueError(f"coupling must be one of {allowed}, got coupling={coupling!r}")
    return coupling


class InputError(ValueError, TypeError):
    """Bad input (a ``ValueError`` that is also a ``TypeError`` for wrongly typed integers)."""


def _int(value, name, minimum):
    try:
        return require_int(value, name, minimum=minimum)
    except TypeError as exc:  # e.g. d=3.5 or d="4": the issue asks for a ValueError
        raise InputError(str(exc)) from None


def _dim(d, coupling="simplex"):
    return _int(d, "d", 2)


def _nonneg(value, name):
    return require_real(value, name, lower=0, lower_open=False)


def _backend(backend):
    if backend not in ("mpmath", "numpy"):
        raise ValueError(f"backend must be 'mpmath' or 'numpy', got backend={backend!r}")
    return backend


def _pairs_weight(d, m):
    """Number of coupled ordered pairs W = sum_b m_b (m_b - 1) for m rows in blocks of d."""
    full, rest = divmod(m, d)
    return full * d * (d - 1) + rest * (rest - 1)


def cos_theta(coupling, d):
    """Cosine of the angle subtended by two rows of one block (exact sympy number).

    ``0`` for ORFs, :math:`-1/(d-1)` for SimRFs (SimRF Sec. 3, Fig. 2); ``None`` for iid rows.

    Examples
    --------
    >>> cos_theta("simplex", 3)
    -1/2
    """
    _coupling(coupling)
    d = _dim(d)
    if coupling == "iid":
        return None
    return sp.Integer(0) if coupling == "orthogonal" else sp.Rational(-1, d - 1)


# --------------------------------------------------------------------------- series coefficients


def _orf_coeffs(d, K):
    """c_k of the ORF series (23) for k < K at the current precision: c_0 = 1,
    c_{k+1} = c_k (k+d)/((k+1)(2k+d))."""
    out = [mpmath.mpf(1)]
    for k in range(K - 1):
        out.append(out[-1] * (k + d) / ((k + 1) * (2 * k + d)))
    return out


def _sin_moment_1(d):
    """E[sin(phi)] under the density proportional to sin^(d-1) on [0, pi]."""
    return mpmath.gamma(mpmath.mpf(d + 1) / 2) ** 2 / (mpmath.gamma(mpmath.mpf(d) / 2)
                                                     * mpmath.gamma(mpmath.mpf(d) / 2 + 1))


def _angle_moments(d, c, K):
    """m_k = E[(1 + c sin phi)^k], k < K, by the binomial expansion of Eq. (66).

    The expansion alternates for c < 0; the caller raises the precision by the bound
    k log2((1+|c|)/(1+c mu_1)) bits (Jensen: m_k >= (1 + c mu_1)^k)."""
    mu = [mpmath.mpf(1), _sin_moment_1(d)]
    for p in range(2, K):
        mu.append(mu[p - 2] * (d + p - 2) / mpmath.mpf(d + p - 1))
    # m_k / k! = sum_p (c^p mu_p / p!) * 1/(k-p)!  -- a convolution, evaluated with fdot
    inv_fact = [mpmath.mpf(1)]
    for j in range(1, K):
        inv_fact.append(inv_fact[-1] / j)
    t = [mpmath.mpf(1)]
    for p in range(1, K):
        t.append(t[-1] * c / p)
    t = [tp * mp_ for tp, mp_ in zip(t, mu)]
    out = []
    fact = mpmath.mpf(1)
    for k in range(K):
        if k > 0:
            fact *= k
        out.append(fact * mpmath.fdot(t[:k + 1], inv_fact[k::-1]))
    return out


def _n_terms(d, v2_float, digits, iid=False):
    """Number of terms so that the positive ORF-type series sum_k c_k v^(2k) has a relative tail
    below 10^-digits (the simplex coefficients are smaller, so the same K works); ``iid=True`` for
    the slower series of e^(v^2)."""
    if v2_float == 0:
        return 2
    logt = 0.0
    logs = 0.0  # log of running sum (lower bound)
    k = 0
    target = -digits * math.log(10)
    while True:
        ratio = v2_float / (k + 1) if iid else v2_float * (k + d) / ((k + 1) * (2 * k + d))
        logt += math.log(ratio) if ratio > 0 else -math.inf
        k += 1
        logs = max(logs, logt) if logs > logt else logt + math.log1p(math.exp(logs - logt))
        if ratio < 0.5 and logt - logs < target - 1:
            return k + 1
        if k > 10 ** 6:
            raise ValueError(f"series needs too many terms (v^2={v2_float})")


def _pair_coeffs(coupling, d, K):
    """Coefficients c_k (k < K) of rho_c(v) = sum_k c_k v^(2k) at the current precision."""
    if coupling == "iid":
        out = [mpmath.mpf(1)]
        for k in range(1, K):
            out.append(out[-1] / k)
        return out
    orf = _orf_coeffs(d, K)
    if coupling == "orthogonal":
        return orf
    c = mpmath.mpf(-1) / (d - 1)
    mu1 = _sin_moment_1(d)
    loss_bits = K * math.log2((1 + abs(float(c))) / (1 + float(c) * float(mu1))) + 10
    with mp.workprec(mp.prec + int(loss_bits)):
        c = mpmath.mpf(-1) / (d - 1)
        mom = _angle_moments(d, c, K)
    return [a * b for a, b in zip(orf, mom)]


def conformity_terms(coupling, d, K, *, dps=DEFAULT_DPS):
    """The first ``K`` coefficients :math:`c_k` of :math:`\\rho_c(v)=\\sum_k c_k v^{2k}`.

    Parameters
    ----------
    coupling : {"iid", "orthogonal", "simplex"}
    d : int
        Dimension, ``d >= 2``.
    K : int
        Number of coefficients, ``K >= 1``.
    dps : int
        Verified significant digits.

    Returns
    -------
    list of mpf

    Notes
    -----
    iid: :math:`1/k!` (Eq. (19)); ORF: :math:`\\Gamma(d/2)\\Gamma(k+d)/(\\Gamma(d)\\Gamma(k+d/2)2^kk!)`
    (Eq. (23)); SimRF: the ORF coefficient times :math:`E_\\phi[(1-\\sin\\phi/(d-1))^k]`
    (Eqs. (21), (24)).

    Examples
    --------
    >>> [mpmath.nstr(t, 10) for t in conformity_terms("simplex", 4, 3, dps=10)]
    ['1.0', '0.7054756887', '0.2082667776']
    """
    _coupling(coupling)
    d = _dim(d)
    K = _int(K, "K", 1)
    return verified(lambda: _pair_coeffs(coupling, d, K), dps, what="conformity coefficients")


def _rho_gap_series(coupling, d, v2):
    """(rho_c(v) - e^{v^2}) summed from coefficients of one sign, at the current precision."""
    if coupling == "iid" or v2 == 0:
        return mpmath.mpf(0)
    K = _n_terms(d, float(v2), mp.dps + 5, iid=True)
    coef = _pair_coeffs(coupling, d, K)
    inv_fact = _pair_coeffs("iid", d, K)
    return mpmath.fsum((a - b) * v2 ** k for k, (a, b) in enumerate(zip(coef, inv_fact)))


def _rho(coupling, d, v2):
    if coupling == "iid":
        return mpmath.exp(v2)
    K = _n_terms(d, float(v2), mp.dps + 5)
    coef = _pair_coeffs(coupling, d, K)
    return mpmath.fsum(a * v2 ** k for k, a in enumerate(coef))


@functools.lru_cache(maxsize=64)
def _np_coeffs(coupling, d, K):
    """float64 coefficients for the numpy backend (ORF part from a 20-digit mpmath recurrence,
    SimRF angle moments by Gauss-Legendre quadrature of a positive integrand)."""
    if coupling == "iid":
        return np.array([1.0 / math.factorial(k) if k < 171 else 0.0 for k in range(K)])
    with mp.workdps(20):
        orf = np.array([float(t) for t in _orf_coeffs(d, K)])
    if coupling == "orthogonal":
        return orf
    x, w = np.polynomial.legendre.leggauss(400)
    phi = (x + 1) * (np.pi / 4)  # [0, pi/2]; the density is symmetric about pi/2
    s = np.sin(phi)
    wt = w * np.exp((d - 1) * np.log(s))
    wt /= wt.sum()
    la = np.log1p(-s / (d - 1))
    k = np.arange(K)[:, None]
    mom = np.exp(k * la[None, :]) @ wt
    return orf * mom


def _conformity_np(coupling, d, v):
    v = np.asarray(v, dtype=float)
    if not np.all(np.isfinite(v)):
        raise ValueError("v must be finite (got nan or inf)")
    if np.any(v < 0) or np.any(v > _VMAX_NP):
        raise ValueError(f"v must satisfy 0 <= v <= {_VMAX_NP} for backend='numpy' "
                         f"(float64 overflow beyond), got min={v.min() if v.size else None}, "
                         f"max={v.max() if v.size else None}")
    if coupling == "iid":
        return np.exp(v * v)
    vmax = float(v.max()) if v.size else 0.0
    K = _n_terms(d, vmax * vmax, 17)
    coef = _np_coeffs(coupling, d, K)
    v2 = v * v
    out = np.zeros_like(v2)
    for ck in coef[::-1]:
        out = out * v2 + ck
    return out


def conformity(coupling, d, v, *, dps=DEFAULT_DPS, backend="mpmath"):
    """Pair RF-conformity :math:`\\rho_c(v)=E[e^{(w_i+w_j)^\\top v}]` of SimRF Def. 3.1 / Eq. (10).

    Parameters
    ----------
    coupling : {"iid", "orthogonal", "simplex"}
        Coupling of the two rows (i.i.d., orthogonal, or subtending
        :math:`\\cos\\theta=-1/(d-1)`).
    d : int
        Dimension, ``d >= 2``.
    v : exact real, or array of floats for ``backend="numpy"``
        :math:`v=\\|x+y\\|_2\\ge 0`.
    dps : int
        Verified significant digits (mpmath backend).
    backend : {"mpmath", "numpy"}
        ``"numpy"`` evaluates a float64 array (``0 <= v <= 26``) by Horner's rule on the positive
        series; relative error about ``1e-15`` times the number of terms.

    Returns
    -------
    mpf or ndarray

    Notes
    -----
    .. math::
        \\rho_{\\rm IID}=e^{v^2}\\ (19),\\qquad
        \\rho_{\\rm ORF}=\\frac{\\Gamma(d/2)}{\\Gamma(d)}\\sum_k\\frac{v^{2k}\\Gamma(k+d)}{2^kk!\\Gamma(k+d/2)}
        = {}_1F_1(d; d/2; v^2/2)\\ (23),

    and :math:`\\rho_{\\rm SimRF}` of Eq. (24), evaluated as :math:`\\sum_k c_k m_k v^{2k}` with
    the angle moments :math:`m_k` computed once per term (no Gamma functions inside the double sum)
    at a precision raised by the cancellation bound of the alternating binomial sum.

    References
    ----------
    Reid et al., *Simplex Random Features*, ICML 2023, Def. 3.1, Lemma 4.1, Thm. 4.3.

    Examples
    --------
    >>> mpmath.nstr(conformity("orthogonal", 6, 1), 25)
    '2.579561821449575496423618'
    >>> mpmath.nstr(conformity("simplex", 6, 1), 15)
    '2.18182606109097'
    >>> conformity("orthogonal", 6, np.array([0.0, 1.0]), backend="numpy").round(12).tolist()
    [1.0, 2.57956182145]
    """
    _coupling(coupling)
    d = _dim(d)
    if _backend(backend) == "numpy":
        return _conformity_np(coupling, d, v)
    _nonneg(v, "v")

    def compute():
        vv = to_mp(v, "v")
        return _rho(coupling, d, vv * vv)

    return verified(compute, dps, what=f"conformity({coupling!r}, d={d})")


def conformity_eq24_naive(d, v, *, dps=DEFAULT_DPS):
    """SimRF conformity by summing Eq. (24) term by term with mpmath Gamma functions (baseline).

    Used only as the benchmark baseline and as an independent check of :func:`conformity`.

    Examples
    --------
    >>> mpmath.nstr(conformity_eq24_naive(6, 1, dps=15), 15)
    '2.18182606109097'
    """
    d = _dim(d)
    _nonneg(v, "v")

    def compute():
        vv = to_mp(v, "v")
        K = _n_terms(d, float(vv) ** 2, mp.dps + 5)
        extra = int(K * math.log10(1 + 2.0 / (d - 1))) + 5
        with mp.workdps(mp.dps + extra):
            dd = mpmath.mpf(d)
            vv = to_mp(v, "v")
            c = -1 / (dd - 1)
            tot = mpmath.mpf(0)
            for k in range(K):
                inner = mpmath.fsum(c ** p * mpmath.gamma((dd + p) / 2) / mpmath.gamma((dd + p + 1) / 2)
                                    / (mpmath.factorial(k - p) * mpmath.factorial(p)) for p in range(k + 1))
                tot += mpmath.gamma(k + dd) / mpmath.gamma(k + dd / 2) * vv ** (2 * k) / 2 ** k * inner
            return mpmath.sqrt(mpmath.pi) / (mpmath.gamma(dd / 2) * 2 ** (dd - 1)) * tot

    return verified(compute, dps, what="Eq. (24) naive sum")


# --------------------------------------------------------------------------- pdf of w_ij


def pdf_wij(coupling, d, w, *, dps=DEFAULT_DPS):
    """Density of :math:`w_{ij}=\\|w_i+w_j\\|_2` (SimRF Lemma 4.1 Eq. (18), Lemma 4.2 Eq. (20)).

    Parameters
    ----------
    coupling : {"iid", "orthogonal", "simplex"}
    d : int
        ``d >= 2``.
    w : exact real, ``w >= 0``
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    .. math::
        p_{\\rm iid}(w)=\\frac{w^{d-1}e^{-w^2/4}}{2^{d-1}\\Gamma(d/2)},\\qquad
        p_\\theta(w)=\\frac{w^{2d-1}}{2^{d-2}\\Gamma(d/2)^2}\\int_0^{\\pi/2}(\\sin\\phi\\cos\\phi)^{d-1}
        \\frac{e^{-w^2/(2(1+\\sin2\\phi\\cos\\theta))}}{(1+\\sin2\\phi\\cos\\theta)^d}d\\phi ;

    for ORFs (:math:`\\cos\\theta=0`) this is the :math:`\\chi_{2d}` density (Eq. (58)), for SimRFs
    :math:`\\cos\\theta=-1/(d-1)` and the integral is done by mpmath quadrature.

    Examples
    --------
    >>> mpmath.nstr(pdf_wij("orthogonal", 3, 2, dps=15), 15)
    '0.541341132946451'
    """
    _coupling(coupling)
    d = _dim(d)
    _nonneg(w, "w")

    def compute():
        ww = to_mp(w, "w")
        dd = mpmath.mpf(d)
        if coupling == "iid":
            return ww ** (d - 1) * mpmath.exp(-ww ** 2 / 4) / (2 ** (d - 1) * mpmath.gamma(dd / 2))
        if coupling == "orthogonal":
            return ww ** (2 * d - 1) * mpmath.exp(-ww ** 2 / 2) / (2 ** (d - 1) * mpmath.gamma(dd))
        c = -1 / (dd - 1)
        pref = ww ** (2 * d - 1) / (2 ** (d - 2) * mpmath.gamma(dd / 2) ** 2)

        # symmetric about pi/4: integrate over t = 2 phi in [0, pi/2] and double (u = sin t);
        # the factor exp(-w^2/2) is taken out: mpmath.quad's error control is absolute, so a tiny
        # unscaled integrand would be integrated to too few digits
        def f(t):
            u = mpmath.sin(t)
            a = 1 + c * u
            return (u / 2) ** (d - 1) * mpmath.exp(-ww ** 2 / 2 * (1 / a - 1)) / a ** d

        # the integrand peaks near u* ~ 2(d-1)^2/w^2 for large w: split geometrically around it
        ustar = min(mpmath.mpf(1) / 2, 2 * (dd - 1) ** 2 / max(ww ** 2, mpmath.mpf(1)))
        pts = sorted({mpmath.mpf(0), mpmath.pi / 2} | {mpmath.asin(ustar * mpmath.mpf(2) ** j) for j in range(-4, 12)
                                                        if ustar * mpmath.mpf(2) ** j < 1})
        return pref * mpmath.exp(-ww ** 2 / 2) * mpmath.quad(f, pts)

    return verified(compute, dps, what=f"pdf_wij({coupling!r})", absolute=mpmath.mpf(10) ** (-dps - 20))


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


# --------------------------------------------------------------------------- RFFs (Sec. 4.1)


def _kummer_poly_terms(d, x):
    """Terms of 1F1(-d/2; d/2; x) = sum_k (-d/2)_k/((d/2)_k k!) x^k at the current precision
    (finite for even d; for odd d summed until the terms are negligible)."""
    a = -mpmath.mpf(d) / 2
    b = mpmath.mpf(d) / 2
    terms = [mpmath.mpf(1)]
    t = mpmath.mpf(1)
    k = 0
    eps = mpmath.mpf(2) ** (-mp.prec - 10)
    while True:
        t = t * (a + k) / ((b + k) * (k + 1)) * x
        k += 1
        if t == 0:
            break
        terms.append(t)
        if k > d and abs(t) < eps * max(abs(s) for s in terms[-5:] + [mpmath.mpf(1)]):
            break
        if k > 100000:
            raise ValueError("Kummer series did not converge")
    return terms


def rff_gap_bracket(d, z, *, dps=DEFAULT_DPS):
    """The bracket of SimRF Eq. (26): :math:`e^{-z^2}-{}_1F_1(d;\\frac d2;-\\frac{z^2}2)`.

    Notes
    -----
    The printed series :math:`\\frac{\\Gamma(d/2)}{\\Gamma(d)}\\sum_k\\frac{(-z^2)^k\\Gamma(k+d)}{2^kk!\\Gamma(k+d/2)}`
    alternates with terms as large as about :math:`e^{z^2/2}` while the bracket is of order
    :math:`e^{-z^2/2}` or smaller, so float64 loses all digits for :math:`z\\gtrsim 5`. We use Kummer's
    transformation :math:`{}_1F_1(d;\\frac d2;-x)=e^{-x}{}_1F_1(-\\frac d2;\\frac d2;x)` (a polynomial of
    degree ``d/2`` for even ``d``), so the bracket is :math:`e^{-x}(e^{-x}-P(x))`, ``x = z^2/2``, and
    raise the working precision by the size of the largest term of ``P`` and of :math:`e^{x}`;
    :func:`rfsym.precision.verified` confirms the digits.

    Examples
    --------
    >>> mpmath.nstr(rff_gap_bracket(2, 1, dps=15), 15)
    '0.0646141113151256'
    """
    d = _dim(d)
    _nonneg(z, "z")

    return verified(lambda: _bracket_mp(d, to_mp(z, "z")), dps, what="RFF gap bracket",
                    absolute=mpmath.mpf(10) ** (-dps - 40))


def _bracket_mp(d, zz):
    """e^{-z^2} - 1F1(d; d/2; -z^2/2) at the current precision (working precision raised inside)."""
    with mp.workdps(20):
        xs = mpmath.mpf(zz) ** 2 / 2
        big = max(abs(t) for t in _kummer_poly_terms(d, xs))
        extra = int(max(0, mpmath.log10(big)) + float(xs) / math.log(10)) + 10
    prec = mp.dps
    with mp.workdps(prec + extra):
        x = mpmath.mpf(zz) ** 2 / 2
        P = mpmath.fsum(_kummer_poly_terms(d, x))
        out = mpmath.exp(-x) * (mpmath.exp(-x) - P)
    return +out


def rff_gap_series_naive_np(d, z):
    """float64 sum of the printed series in Eq. (26) term by term (cancellation demo only).

    Examples
    --------
    >>> abs(float(rff_gap_series_naive_np(2, np.array([1.0]))[0]) - 0.0646141113151256) < 1e-12
    True
    """
    d = _dim(d)
    z = np.asarray(z, dtype=float)
    x = -z * z / 2
    K = int(4 * float(np.max(np.abs(x), initial=1.0)) + 60)
    term = np.ones_like(x)
    s = np.ones_like(x)
    for k in range(K):
        term = term * (k + d) / ((k + 1) * (k + d / 2)) * x
        s = s + term
    return np.exp(-z * z) - s


def rff_orthogonality_gap(d, m, z, *, dps=DEFAULT_DPS):
    """RFF orthogonality gap :math:`\\mathrm{MSE}_{\\rm IID}-\\mathrm{MSE}_{\\rm ORF}` (SimRF Thm. 4.5, Eq. (26)).

    Parameters
    ----------
    d : int
        ``d >= 2``.
    m : int
        ``m >= 1``; Eq. (26) is for ``m <= d``; for ``m > d`` (independent blocks) the factor
        :math:`(m-1)/m` becomes :math:`W/m^2`.
    z : exact real, :math:`z=\\|x-y\\|\\ge0`.
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    .. math::
        \\Delta\\mathrm{MSE}=\\frac{m-1}{m}\\Big(e^{-z^2}-{}_1F_1(d;\\tfrac d2;-\\tfrac{z^2}{2})\\Big),

    evaluated with :func:`rff_gap_bracket`.

    Examples
    --------
    >>> mpmath.nstr(rff_orthogonality_gap(4, 4, "1.5", dps=12), 12)
    '0.0581245523612'
    """
    d = _dim(d)
    m = _int(m, "m", 1)
    _nonneg(z, "z")
    W = _pairs_weight(d, m)
    br = rff_gap_bracket(d, z, dps=dps)
    return verified(lambda: mpmath.mpf(W) / mpmath.mpf(m) ** 2 * br, dps, what="rff gap",
                    absolute=mpmath.mpf(10) ** (-dps - 40))


def rff_mse_ratio(d, m, z, *, dps=DEFAULT_DPS):
    """Exact :math:`\\mathrm{MSE}_{\\rm ORF}/\\mathrm{MSE}_{\\rm IID}` for RFFs,
    :math:`1-\\frac{2W}{m}\\frac{e^{-z^2}-{}_1F_1(d;d/2;-z^2/2)}{(1-e^{-z^2})^2}` (Eq. (74)).

    Examples
    --------
    >>> mpmath.nstr(rff_mse_ratio(64, 2, 1, dps=10), 10)
    '0.9856791034'
    """
    d = _dim(d)
    m = _int(m, "m", 1)
    require_real(z, "z", lower=0)
    W = _pairs_weight(d, m)
    br = rff_gap_bracket(d, z, dps=dps + 5)

    def compute():
        zz = to_mp(z, "z")
        return 1 - 2 * mpmath.mpf(W) / m * br / (-mpmath.expm1(-zz * zz)) ** 2

    return verified(compute, dps, what="rff_mse_ratio")


def rff_mse_ratio_asymptotic(d, m, z, *, dps=DEFAULT_DPS):
    """Cor. 4.6, Eq. (27) without the :math:`O(1/d^2)`:
    :math:`1-(m-1)\\frac{e^{-z^2}z^4}{d(1-e^{-z^2})^2}`.

    Examples
    --------
    >>> mpmath.nstr(rff_mse_ratio_asymptotic(64, 2, 1, dps=10), 10)
    '0.9856144751'
    """
    d = _dim(d)
    m = _int(m, "m", 1)
    require_real(z, "z", lower=0)

    def compute():
        zz = to_mp(z, "z")
        return 1 - (m - 1) * mpmath.exp(-zz ** 2) * zz ** 4 / (d * mpmath.expm1(-zz ** 2) ** 2)

    return verified(compute, dps, what="Eq. (27)")


def rff_z_crit(d, *, dps=DEFAULT_DPS, zmax=None):
    """First :math:`z>0` where orthogonal RFFs stop beating iid RFFs (SimRF Sec. 4.1, after Thm. 4.5).

    The smallest positive root of the bracket of Eq. (26) (:func:`rff_gap_bracket`). For ``d = 2`` the
    bracket is :math:`e^{-z^2/2}(e^{-z^2/2}-1+z^2/2)>0` for all ``z > 0`` and ``mpmath.inf`` is
    returned.

    Parameters
    ----------
    d : int
        ``d >= 2``.
    dps : int
    zmax : float, optional
        Search limit (default ``4 + sqrt(2 d)``); ``ValueError`` if no sign change is found below it.

    Notes
    -----
    The bracket is scanned on a grid of step 0.01 in ``z`` with 20 verified digits (the bracket is
    positive near 0, Eq. (70)), the first sign change is bracketed and refined by bisection on the
    sign of the bracket (the bracket is tiny near the root, so a residual-based stopping rule is
    unreliable), then confirmed by :func:`verified`.

    Examples
    --------
    >>> mpmath.nstr(rff_z_crit(4, dps=10), 10)
    '3.081238748'
    """
    d = _dim(d)
    if d == 2:
        return mpmath.inf
    zmax = 4 + math.sqrt(2 * d) if zmax is None else float(zmax)
    h = 0.01
    lo = h
    f_lo = rff_gap_bracket(d, lo, dps=20)
    if f_lo <= 0:
        raise ValueError("bracket not positive at the start of the scan")
    z = lo
    while True:
        z2 = round(z + h, 10)
        if z2 > zmax:
            raise ValueError(f"no sign change of the RFF gap for z <= {zmax} (d={d})")
        f2 = rff_gap_bracket(d, repr(z2), dps=20)
        if f2 < 0:
            break
        z = z2
    a, b = repr(z), repr(z2)

    def compute():
        lo_, hi_ = to_mp(a), to_mp(b)
        tol = mpmath.mpf(2) ** (-mp.prec + 4) * hi_
        while hi_ - lo_ > tol:
            mid = (lo_ + hi_) / 2
            if _bracket_mp(d, mid) > 0:
                lo_ = mid
            else:
                hi_ = mid
        return (lo_ + hi_) / 2

    root = verified(compute, dps, what=f"z_crit(d={d})")
    if not (to_mp(a) <= root <= to_mp(b)):
        raise ValueError("root refinement left the bracket")
    return root


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


# --------------------------------------------------------------------------- Monte Carlo witnesses


def _rng(rng):
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    return rng


def conformity_mc(coupling, d, v, n, rng):
    """Monte Carlo estimate of the pair conformity :math:`E[e^{(w_1+w_2)^\\top v}]` from the foundation's
    sampler: ``n`` independent blocks of two rows, ``v`` along a fixed axis (the samplers are isotropic).

    Examples
    --------
    >>> r = conformity_mc("orthogonal", 6, 1.0, 20000, np.random.default_rng(1))
    >>> abs(r.z(2.5795618214495755)) < 5
    True
    """
    _coupling(coupling, PAIR_COUPLINGS + ("simplex+",))
    d = _dim(d)
    n = _int(n, "n", 2)
    _rng(rng)
    v = float(v)
    vals = np.empty(n)
    chunk = 2000
    for s in range(0, n, chunk):
        k = min(chunk, n - s)
        if coupling == "iid":
            w = rng.standard_normal((k, 2, d))
        else:
            w = _couplings.sample(coupling, d, d * k, rng).reshape(k, d, d)[:, :2, :]
        vals[s:s + k] = np.exp(v * (w[:, 0, 0] + w[:, 1, 0]))
    return mean_of(vals)


def prf_mse_mc(coupling, x, y, m, n, rng):
    """Monte Carlo estimate of the PRF MSE: ``n`` independent draws of ``W`` (``m`` rows) from
    :func:`rfsym.couplings.sample`, squared error of :math:`\\widehat K` (Eq. (7)) against the exact
    Gaussian kernel.

    Examples
    --------
    >>> r = prf_mse_mc("simplex", [0.1, 0, 0], [0, 0.2, 0], 3, 4000, np.random.default_rng(0))
    >>> abs(r.z(0.00289504224259)) < 5
    True
    """
    _coupling(coupling, PAIR_COUPLINGS + ("simplex+",))
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    d = _dim(x.size)
    m = _int(m, "m", 1)
    n = _int(n, "n", 2)
    _rng(rng)
    K = math.exp(-float(np.sum((x - y) ** 2)) / 2)
    pre = math.exp(-float(x @ x) - float(y @ y))
    vals = np.empty(n)
    chunk = max(1, 200000 // (m * d))
    for s in range(0, n, chunk):
        k = min(chunk, n - s)
        mp_ = -(-m // d) * d  # whole blocks per replicate, then keep the first m rows
        W = _couplings.sample(coupling, d, mp_ * k, rng).reshape(k, mp_, d)[:, :m, :]
        est = pre * np.mean(np.exp(W @ (x + y)), axis=1)
        vals[s:s + k] = (est - K) ** 2
    return mean_of(vals)


def rff_mse_mc(coupling, d, m, z, n, rng):
    """Monte Carlo MSE of the RFF estimator :math:`\\frac1m\\sum_i\\cos w_i^\\top(x-y)` (Eq. (72)) with
    ``||x - y|| = z`` along a fixed axis.

    Examples
    --------
    >>> r = rff_mse_mc("iid", 4, 4, 1.5, 4000, np.random.default_rng(0))
    >>> abs(r.z((1 - math.exp(-2.25)) ** 2 / 8)) < 5
    True
    """
    _coupling(coupling, ("iid", "orthogonal"))
    d = _dim(d)
    m = _int(m, "m", 1)
    n = _int(n, "n", 2)
    _rng(rng)
    z = float(z)
    K = math.exp(-z * z / 2)
    vals = np.empty(n)
    chunk = max(1, 200000 // (m * d))
    for s in range(0, n, chunk):
        k = min(chunk, n - s)
        mp_ = -(-m // d) * d
        W = _couplings.sample(coupling, d, mp_ * k, rng).reshape(k, mp_, d)[:, :m, :]
        est = np.mean(np.cos(z * W[:, :, 0]), axis=1)
        vals[s:s + k] = (est - K) ** 2
    return mean_of(vals)


# --------------------------------------------------------------------------- symbolic layer


def _syms():
    d = sp.Symbol("d", positive=True)
    w = sp.Symbol("w", positive=True)
    k = sp.Symbol("k", nonnegative=True, integer=True)
    v = sp.Symbol("v", positive=True)
    return d, w, k, v


def pdf_wij_expr(coupling):
    """Sympy density of :math:`w_{ij}` (Eq. (18); Eq. (58) for ORFs; the integrand of Eq. (20) for SimRFs,
    returned as ``(integrand, phi)``).

    Examples
    --------
    >>> pdf_wij_expr("orthogonal")
    2**(1 - d)*w**(2*d - 1)*exp(-w**2/2)/gamma(d)
    """
    _coupling(coupling)
    d, w, k, v = _syms()
    if coupling == "iid":
        return w ** (d - 1) * sp.exp(-w ** 2 / 4) / (2 ** (d - 1) * sp.gamma(d / 2))
    if coupling == "orthogonal":
        return w ** (2 * d - 1) * sp.exp(-w ** 2 / 2) / (2 ** (d - 1) * sp.gamma(d))
    phi = sp.Symbol("phi", positive=True)
    c = -1 / (d - 1)
    a = 1 + sp.sin(2 * phi) * c
    return (w ** (2 * d - 1) / (2 ** (d - 2) * sp.gamma(d / 2) ** 2) * (sp.sin(phi) * sp.cos(phi)) ** (d - 1)
            * sp.exp(-w ** 2 / (2 * a)) / a ** d, phi)


def moment_expr(coupling):
    """:math:`E[w_{ij}^{2k}]` derived by sympy from the density (iid, ORF): the integral behind
    Eqs. (19), (23), (53).

    Examples
    --------
    >>> moment_expr("orthogonal")
    2**k*gamma(d + k)/gamma(d)
    """
    _coupling(coupling, ("iid", "orthogonal"))
    d, w, k, v = _syms()
    res = sp.integrate(w ** (2 * k) * pdf_wij_expr(coupling), (w, 0, sp.oo), conds="none")
    return sp.simplify(sp.gammasimp(res))


def conformity_series_expr(coupling):
    """The k-th term of the conformity series, :math:`\\Gamma(d/2)v^{2k}E[w^{2k}]/(2^{2k}k!\\Gamma(k+d/2))`
    (Eq. (10)) with the sympy-derived moment, simplified.

    Examples
    --------
    >>> conformity_series_expr("iid")
    v**(2*k)/factorial(k)
    """
    d, w, k, v = _syms()
    term = sp.gamma(d / 2) * v ** (2 * k) * moment_expr(coupling) / (2 ** (2 * k) * sp.factorial(k) * sp.gamma(k + d / 2))
    return sp.simplify(sp.gammasimp(term))


def prf_mse_expr():
    """Sympy derivation of Eq. (11): returns ``(derived, printed)`` for the MSE of
    :math:`\\widehat K=\\frac{e^{-x^2-y^2}}{m}\\sum_i b_i` from :math:`E[b_i]=e^{v^2/2}`,
    :math:`E[b_i^2]=e^{2v^2}` and :math:`E[b_ib_j]=\\rho` (``i != j``).

    Examples
    --------
    >>> der, pr = prf_mse_expr()
    >>> sp.simplify(der - pr)
    0
    """
    m = sp.Symbol("m", positive=True, integer=True)
    X2, Y2, v, rho = sp.symbols("X2 Y2 v rho", positive=True)
    pre = sp.exp(-X2 - Y2)
    Eb, Eb2 = sp.exp(v ** 2 / 2), sp.exp(2 * v ** 2)
    EK2 = pre ** 2 / m ** 2 * (m * Eb2 + m * (m - 1) * rho)
    K = pre * Eb
    derived = sp.expand(EK2 - K ** 2)
    printed = sp.exp(-2 * X2 - 2 * Y2) / m * ((sp.exp(2 * v ** 2) - sp.exp(v ** 2)) + (m - 1) * (rho - sp.exp(v ** 2)))
    return derived, sp.expand(printed)


def small_v_prefactor_expr():
    """``(derived, printed)``: the :math:`v\\to0` MSE ratio :math:`1+(d-1)(c_1-1)` for one SimRF block,
    with :math:`c_1` the :math:`v^2` coefficient of Eq. (24) derived by sympy, and the printed
    Sec. 5.1 prefactor.

    Examples
    --------
    >>> der, pr = small_v_prefactor_expr()
    >>> sp.simplify(sp.gammasimp(der - pr))
    0
    """
    d = sp.Symbol("d", positive=True)
    p = sp.Symbol("p", integer=True, nonnegative=True)
    kk = 1
    inner = sp.Sum((-1 / (d - 1)) ** p * sp.gamma((d + p) / 2) / sp.gamma((d + p + 1) / 2)
                   / (sp.factorial(kk - p) * sp.factorial(p)), (p, 0, kk)).doit()
    c1 = sp.sqrt(sp.pi) / (sp.gamma(d / 2) * 2 ** (d - 1)) * sp.gamma(kk + d) / sp.gamma(kk + d / 2) / 2 ** kk * inner
    derived = 1 + (d - 1) * (c1 - 1)
    printed = 1 - sp.sqrt(sp.pi) * sp.gamma(d + 1) * sp.gamma(d / 2 + sp.Rational(1, 2)) / (
        sp.gamma(d / 2) * sp.gamma(d / 2 + 1) ** 2 * 2 ** d)
    return sp.gammasimp(derived), printed


def rff_ratio_term_expr(k, order=2):
    """Series in :math:`1/d` of :math:`\\frac{1}{2^k}\\frac{\\Gamma(k+d)\\Gamma(d/2)}{\\Gamma(k+d/2)\\Gamma(d)}`
    for an explicit integer ``k`` (Eq. (84)), as a sympy expression in ``eps = 1/d``.

    Examples
    --------
    >>> rff_ratio_term_expr(2)
    1 - eps + O(eps**2)
    """
    k = require_int(k, "k", minimum=0)
    eps = sp.Symbol("eps", positive=True)
    d = 1 / eps
    expr = sp.Integer(1)
    for j in range(k):
        expr *= (d + j) / (2 * (d / 2 + j))
    return sp.series(sp.simplify(expr), eps, 0, order)
