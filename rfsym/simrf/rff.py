"""Random Fourier features (SimRF Sec. 4.1): the orthogonality gap of Thm. 4.5 (Eq. (26)), MSE ratios
(Eq. (77), Cor. 4.6 Eq. (27)) and the threshold :math:`z_{crit}(d)` below which ORFs beat iid RFFs.
``z = ||x - y||``.
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from ..precision import DEFAULT_DPS, require_real, to_mp, verified
from ._common import _dim, _int, _nonneg, _pairs_weight

__all__ = ["rff_orthogonality_gap", "rff_gap_bracket", "rff_gap_series_naive_np", "rff_z_crit", "rff_mse_ratio", "rff_mse_ratio_asymptotic"]


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

    A gap of the MSEs of the ``m``-feature averages at the plain distance ``z`` (sampled: the iid MSE
    is :math:`(1-e^{-z^2})^2/(2m)`):

    >>> from rfsym.simrf import rff_mse_mc
    >>> r = rff_mse_mc("orthogonal", 4, 3, 1.3, 20000, np.random.default_rng(0))
    >>> iid = (1 - np.exp(-1.3 ** 2)) ** 2 / 6
    >>> abs(r.z(iid - float(rff_orthogonality_gap(4, 3, "1.3")))) < 5, abs(r.z(iid)) < 5
    (True, False)
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
