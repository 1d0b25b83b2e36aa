"""The angular coefficient (Eq. (19), Lemma 3.2) and bipolar hybrids with independent or shared
projections (Thm 3.1, App. C; Thm D.1, Eqs. (45)-(47)).
"""

from __future__ import annotations

import functools

import mpmath
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, require_int, to_mp, verified
from ._common import _check_nonzero, _dot, _m_n, _nrm2, _pair, _r, _theta
from .estimators import mse_pos, mse_trig

__all__ = ["angle", "angular_lambda_moments", "angular_lambda_second_moment_expr", "shared_product_moment",
           "bipolar_hybrid_mse", "angular_hybrid_mse", "angular_hybrid_mse_theta", "eq47_printed"]


# ============================================================================================
# angular coefficient (Eq. 19, Lemma 3.2) and bipolar hybrids (Thm 3.1, Thm D.1)
# ============================================================================================


def angle(x, y, *, dps: int = DEFAULT_DPS):
    """Angle :math:`\\theta_{x,y}\\in[0,\\pi]` between non-zero x and y (stable half-angle form).

    Notes
    -----
    :math:`\\theta = 2\\,\\mathrm{atan2}(\\|\\hat x-\\hat y\\|, \\|\\hat x+\\hat y\\|)` with unit
    vectors :math:`\\hat x,\\hat y`; accurate near 0 and near :math:`\\pi`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(angle([1, 0], [0, 3], dps=15), 15)
    '1.5707963267949'
    """
    _check_nonzero(x, y)

    def f():
        xv, yv = _pair(x, y)
        nx, ny = mp.sqrt(_nrm2(xv)), mp.sqrt(_nrm2(yv))
        ux = [a / nx for a in xv]
        uy = [b / ny for b in yv]
        dm = mp.sqrt(_nrm2([a - b for a, b in zip(ux, uy)]))
        dp = mp.sqrt(_nrm2([a + b for a, b in zip(ux, uy)]))
        return 2 * mp.atan2(dm, dp)

    return verified(f, dps, what="angle", absolute=mpmath.mpf(10) ** (-dps - 5))


def _ang_moments(t, n):
    """E[lam], E[lam^2], E[(1-lam)^2], E[lam(1-lam)] for t = theta/pi (lam = K/n, K~Bin(n,t))."""
    e1 = t
    e2 = t * (t - t / n + mpmath.mpf(1) / n)
    e3 = (1 - t) * (1 - t + t / n)
    e4 = t * (1 - mpmath.mpf(1) / n - t + t / n)
    return e1, e2, e3, e4


def angular_lambda_moments(theta, n, *, dps: int = DEFAULT_DPS):
    """Moments of the angular coefficient estimator (19) (HRF Lemma 3.2).

    Parameters
    ----------
    theta : exact real in [0, pi]
        Angle between x and y.
    n : int
        Number of sign features, ``n >= 1``.

    Returns
    -------
    dict
        ``mean`` :math:`=\\theta/\\pi`, ``second`` :math:`=\\mathbb E\\hat\\lambda^2`,
        ``second_complement`` :math:`=\\mathbb E(1-\\hat\\lambda)^2`, ``cross``
        :math:`=\\mathbb E\\hat\\lambda(1-\\hat\\lambda)`.

    Notes
    -----
    :math:`\\hat\\lambda = \\tfrac12 - \\tfrac1{2n}\\sum_i\\mathrm{sgn}(\\tau_i^\\top x)
    \\mathrm{sgn}(\\tau_i^\\top y) = K/n` with :math:`K\\sim\\mathrm{Bin}(n,\\theta/\\pi)`
    (Goemans-Williamson), hence Eq. (24):
    :math:`\\mathbb E\\hat\\lambda^2 = \\frac\\theta\\pi(\\frac\\theta\\pi-\\frac{\\theta}{n\\pi}+\\frac1n)`.

    Examples
    --------
    >>> from mpmath import nstr, pi
    >>> r = angular_lambda_moments("1.5707963267948966192313216916397514", 1, dps=10)
    >>> nstr(r["second"], 10)
    '0.5'
    """
    n = require_int(n, "n", minimum=1)
    _theta(theta)

    def f():
        t = to_mp(theta, "theta") / mp.pi
        e1, e2, e3, e4 = _ang_moments(t, n)
        return {"mean": e1, "second": e2, "second_complement": e3, "cross": e4}

    return verified(f, dps, what="angular_lambda_moments", absolute=mpmath.mpf(10) ** (-dps - 1))


@functools.lru_cache(maxsize=None)
def angular_lambda_second_moment_expr():
    """Sympy derivation of Lemma 3.2: ``(derived, printed)`` for :math:`\\mathbb E\\hat\\lambda^2`.

    The derivation sums over the binomial law of :math:`K=n\\hat\\lambda` for symbolic
    ``n``, ``t = theta/pi``.

    Examples
    --------
    >>> import sympy
    >>> d, p = angular_lambda_second_moment_expr()
    >>> sympy.simplify(d - p)
    0
    """
    n = sympy.Symbol("n", positive=True, integer=True)
    t = sympy.Symbol("t", positive=True)
    k = sympy.Symbol("k", integer=True, nonnegative=True)
    pmf = sympy.binomial(n, k) * t ** k * (1 - t) ** (n - k)
    ek = sympy.simplify(sympy.Sum(k * pmf, (k, 0, n)).doit())
    ek2 = sympy.simplify(sympy.Sum(k ** 2 * pmf, (k, 0, n)).doit())
    ek = sympy.simplify(sympy.piecewise_fold(ek).args[0][0] if isinstance(ek, sympy.Piecewise) else ek)
    ek2 = sympy.simplify(
        sympy.piecewise_fold(ek2).args[0][0] if isinstance(ek2, sympy.Piecewise) else ek2)
    derived = sympy.simplify(ek2 / n ** 2)
    printed = t * (t - t / n + 1 / n)
    return derived, printed


def shared_product_moment(x, y, m, *, dps: int = DEFAULT_DPS):
    """:math:`\\mathbb E[\\widehat{\\mathrm{SM}}^{++}_m\\widehat{\\mathrm{SM}}^{trig}_m]` with shared projections (Eq. (38)).

    Notes
    -----
    .. math:: (1-\\tfrac1m)\\mathrm{SM}^2 + \\tfrac1m\\mathrm{SM}^2\\cos(\\|x\\|^2-\\|y\\|^2).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(shared_product_moment([1, 0], [1, 0], 4, dps=10), 10)
    '7.389056099'
    """
    m = _m_n(m)

    def f():
        xv, yv = _pair(x, y)
        sm2 = mp.exp(2 * _dot(xv, yv))
        return sm2 * (1 - mpmath.mpf(1) / m) + sm2 * mp.cos(_nrm2(xv) - _nrm2(yv)) / m

    return verified(f, dps, what="shared_product_moment")


def bipolar_hybrid_mse(x, y, m, lam_second, lam_second_complement, *, shared: bool = False,
                       dps: int = DEFAULT_DPS):
    """MSE of a bipolar hybrid :math:`\\hat\\lambda\\widehat{SM}^{++}_m+(1-\\hat\\lambda)\\widehat{SM}^{trig}_m` (HRF Thm 3.1).

    Parameters
    ----------
    x, y : sequence of exact reals
    m : int
        Projections of each base estimator.
    lam_second, lam_second_complement : exact reals
        :math:`\\mathbb E\\hat\\lambda^2` and :math:`\\mathbb E(1-\\hat\\lambda)^2` of the
        coefficient estimator (independent of the base estimators).
    shared : bool
        ``False``: independent projections for the two base estimators, Eq. (22). ``True``: the
        same projections, Eq. (23).

    Returns
    -------
    mpf

    Notes
    -----
    With :math:`\\mathbb E\\hat\\lambda(1-\\hat\\lambda)=(1-\\mathbb E\\hat\\lambda^2
    -\\mathbb E(1-\\hat\\lambda)^2)/2`, Eq. (23) subtracts
    :math:`\\frac2m\\mathrm{SM}^2(1-\\cos(\\|x\\|^2-\\|y\\|^2))\\,\\mathbb E\\hat\\lambda(1-\\hat\\lambda)`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(bipolar_hybrid_mse([1, 0], [0, 1], 1, "0.5", "0.5", dps=10), 10)
    '2.762195691'
    """
    m = _m_n(m)
    p = mse_pos(x, y, m, dps=dps + 10)
    t = mse_trig(x, y, m, dps=dps + 10)

    def f():
        e2 = to_mp(lam_second, "lam_second")
        e3 = to_mp(lam_second_complement, "lam_second_complement")
        out = e2 * p + e3 * t
        if shared:
            xv, yv = _pair(x, y)
            cross = (1 - e2 - e3) / 2
            out -= 2 * mp.exp(2 * _dot(xv, yv)) * (1 - mp.cos(_nrm2(xv) - _nrm2(yv))) * cross / m
        return out

    return verified(f, dps, what="bipolar_hybrid_mse", absolute=mpmath.mpf(10) ** (-8 * dps))


def angular_hybrid_mse(x, y, m, n, *, shared: bool = False, dps: int = DEFAULT_DPS):
    """MSE of the angular hybrid estimator (HRF Thm D.1, Eqs. (45)/(46)).

    Parameters
    ----------
    x, y : sequence of exact reals, non-zero
    m : int
        Projections of each base estimator (trig and ++), ``m >= 1``.
    n : int
        Sign features of the coefficient estimator (19), ``n >= 1``.
    shared : bool
        Whether trig and ++ use the same projections (Eq. (46)); default independent (Eq. (45)).
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    .. math:: \\mathbb E\\hat\\lambda^2\\,\\mathrm{MSE}(\\widehat{SM}^{++}_m)
              + \\mathbb E(1-\\hat\\lambda)^2\\,\\mathrm{MSE}(\\widehat{SM}^{trig}_m),

    :math:`\\mathbb E\\hat\\lambda^2=\\frac\\theta\\pi(\\frac\\theta\\pi-\\frac\\theta{n\\pi}+\\frac1n)`,
    :math:`\\mathbb E(1-\\hat\\lambda)^2=(1-\\frac\\theta\\pi)(1-\\frac\\theta\\pi+\\frac\\theta{n\\pi})`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(angular_hybrid_mse([1, 0], [0, 1], 1, 1, dps=10), 10)
    '2.762195691'
    """
    m, n = _m_n(m, n)
    _check_nonzero(x, y)
    th = angle(x, y, dps=dps + 10)
    mo = angular_lambda_moments(th, n, dps=dps + 10)
    return bipolar_hybrid_mse(x, y, m, mo["second"], mo["second_complement"], shared=shared, dps=dps)


def _same_length_terms(theta, r, n):
    """(E lam^2, MSE++ * 2m, E(1-lam)^2, MSEtrig * 2m) on S(r) at angle theta (mp)."""
    t = theta / mp.pi
    e1, e2, e3, e4 = _ang_moments(t, n)
    c2 = mp.cos(theta / 2) ** 2
    s2 = mp.sin(theta / 2) ** 2
    pos = mp.exp(2 * r ** 2 + 4 * r ** 2 * mp.cos(theta)) * (-mp.expm1(-4 * r ** 2 * c2)) ** 2
    trig = mp.exp(2 * r ** 2) * (-mp.expm1(-4 * r ** 2 * s2)) ** 2
    return e2, pos, e3, trig, e4


def angular_hybrid_mse_theta(theta, r, m, n, *, dps: int = DEFAULT_DPS):
    """MSE of the angular hybrid for :math:`\\|x\\|=\\|y\\|=r` at angle theta (correct form of Eq. (47)).

    Notes
    -----
    .. math:: \\frac{1}{2m}\\Bigl[\\mathbb E\\hat\\lambda^2 e^{2r^2+4r^2\\cos\\theta}
              (1-e^{-4r^2\\cos^2\\frac\\theta2})^2 + \\mathbb E(1-\\hat\\lambda)^2
              e^{2r^2}(1-e^{-4r^2\\sin^2\\frac\\theta2})^2\\Bigr].

    The printed Eq. (47) has :math:`\\mathbb E\\hat\\lambda(1-\\hat\\lambda)` in place of
    :math:`\\mathbb E(1-\\hat\\lambda)^2` in the second term (see :func:`eq47_printed`).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(angular_hybrid_mse_theta(0, 1, 1, 1, dps=10), 10)
    '0.0'
    """
    m, n = _m_n(m, n)
    _theta(theta)
    _r(r)

    def f():
        th, rr = to_mp(theta, "theta"), to_mp(r, "r")
        e2, pos, e3, trig, _ = _same_length_terms(th, rr, n)
        return (e2 * pos + e3 * trig) / (2 * m)

    return verified(f, dps, what="angular_hybrid_mse_theta", absolute=mpmath.mpf(10) ** (-10 * dps))


def eq47_printed(theta, r, m, n, *, dps: int = DEFAULT_DPS):
    """Right-hand side of Eq. (47) exactly as printed (second coefficient :math:`\\mathbb E\\hat\\lambda(1-\\hat\\lambda)`).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(eq47_printed("1.5707963267948966192313216916397514", 1, 1, 1, dps=6), 6)
    '1.3811'
    """
    m, n = _m_n(m, n)
    _theta(theta)
    _r(r)

    def f():
        th, rr = to_mp(theta, "theta"), to_mp(r, "r")
        e2, _, _, trig, e4 = _same_length_terms(th, rr, n)
        c2 = mp.cos(th / 2) ** 2
        pos = mp.exp(8 * rr ** 2 * c2 - 2 * rr ** 2) * (-mp.expm1(-4 * rr ** 2 * c2)) ** 2
        return (e2 * pos + e4 * trig) / (2 * m)

    return verified(f, dps, what="eq47_printed", absolute=mpmath.mpf(10) ** (-10 * dps))


