"""RF-conformity (SimRF Def. 3.1, Eq. (10)) of the pairs of one block: the law of :math:`w_{ij}` and
the closed forms.

* :func:`cos_theta`: the angle two rows of a block subtend (Sec. 3, Fig. 2);
* :func:`conformity_terms`, :func:`conformity`: :math:`\\rho_c(v)=\\sum_k c_kv^{2k}` for iid (Lemma 4.1,
  Eq. (19)), ORF (Thm. 4.3, Eq. (23)) and SimRF (Thm. 4.3, Eq. (24), summed through Eq. (21));
* :func:`conformity_eq24_naive`: Eq. (24) term by term, as printed;
* :func:`pdf_wij`: the density of :math:`w_{ij}=\\|w_i+w_j\\|` (Lemma 4.1 Eq. (18), Eq. (58), Lemma 4.2 Eq. (20)).
"""

from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from ..precision import DEFAULT_DPS, to_mp, verified
from ._common import _VMAX_NP, _backend, _coupling, _dim, _int, _nonneg

__all__ = ["cos_theta", "conformity", "conformity_terms", "pdf_wij", "conformity_eq24_naive"]


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
