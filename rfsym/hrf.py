"""Hybrid Random Features (HRF; Choromanski et al., ICLR 2022): formulas, bounds and samplers.

Kernel: the **softmax kernel** :math:`\\mathrm{SM}(x, y) = \\exp(x^\\top y)` (HRF Eq. (1)).

Contents, with the paper's symbols:

* Lemma 2.2: MSE of the trigonometric (:func:`mse_trig`) and positive "++" (:func:`mse_pos`)
  estimators with ``m`` i.i.d. projections.
* Lemma 3.2 / Thm 3.1 / Thm D.1: moments of the angular coefficient estimator
  (:func:`angular_lambda_moments`) and the MSE of bipolar hybrids with independent or shared
  projections (:func:`bipolar_hybrid_mse`, :func:`angular_hybrid_mse`).
* Def. 3.3, Lemma 3.4, Thm 3.5: relative errors on the sphere :math:`S(r)`
  (:func:`relative_error_angular_hybrid`, :func:`max_relative_error_angular_hybrid`), the printed
  bound (27) (:func:`thm35_bound`), where it fails (:func:`thm35_failure_radius`) and a corrected
  bound (:func:`thm35_bound_corrected`).
* Sec. 2.3: complex exponential (CE) estimators with complex ``A`` (:func:`cexp_identity`,
  :func:`cexp_moments`).
* App. F: the normalized bipolar Gaussian hybrid (:func:`gaussian_hybrid_moments`,
  :func:`gaussian_hybrid_mse`).
* float64 log-space curves (``*_np``) and samplers of every estimator (``sample_*``), which draw
  the actual random features with :func:`rfsym.couplings.sample`.

All high-precision functions take exact inputs and a ``dps`` keyword and return values verified by
:func:`rfsym.precision.verified`.
"""

from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy
from mpmath import mp

from .couplings import sample as _sample_rows
from .precision import (DEFAULT_DPS, require_int, require_same_length, to_matrix, to_mp,
                        to_vector, verified)

__all__ = [
    # Lemma 2.2 and friends
    "mse_trig", "mse_pos", "mse_trig_expr", "mse_pos_expr", "mse_pos_onesided",
    # angular coefficient, Thm 3.1, Thm D.1
    "angle", "angular_lambda_moments", "angular_lambda_second_moment_expr", "bipolar_hybrid_mse",
    "angular_hybrid_mse", "angular_hybrid_mse_theta", "eq47_printed", "shared_product_moment",
    # relative errors, Lemma 3.4, Thm 3.5
    "relative_error_trig", "relative_error_pos", "relative_error_angular_hybrid",
    "max_relative_error_trig", "max_relative_error_angular_hybrid", "thm35_bound",
    "thm35_bound_corrected", "eq65_bound", "thm35_ratio", "thm35_failure_radius", "thm35_limit_constant",
    "b_max", "eq64_printed", "eq64_corrected", "eq63_bound", "h_expr", "b_derivative_exprs",
    # complex exponential
    "cexp_identity", "cexp_moments", "cexp_zero_variance_point",
    # Gaussian lambda and Gaussian hybrid
    "gaussian_lambda_pos_moments", "gaussian_hybrid_lambda", "gaussian_hybrid_moments",
    "gaussian_hybrid_mse", "gaussian_hybrid_moments_expr",
    # clustered data
    "cluster_A_complex", "cluster_A_real", "cluster_loss", "cluster_gaussian_lambda", "cluster_gaussian_lambda_map",
    "cluster_ce_map",
    # numpy curves
    "log_mse_trig_np", "log_mse_pos_np", "log_angular_hybrid_mse_np", "log_relative_error_np",
    # samplers and feature maps
    "sample_trig", "sample_pos", "sample_cexp", "sample_angular_lambda", "sample_angular_hybrid",
    "sample_gaussian_hybrid", "sample_gaussian_lambda", "sample_gaussian_lambda_pos", "sample_bipolar",
    "thm35_ratio_np",
    "hybrid_feature_maps", "hybrid_estimate_direct", "feature_map_dimension",
    "general_hybrid_feature_maps", "general_hybrid_estimate",
    # zero-one mixtures (App. H.2) and construction cost (App. L)
    "cluster_indicators", "sample_zero_one_mixture", "construction_op_count", "eq106_count",
]


# ============================================================================================
# helpers
# ============================================================================================


def _pair(x, y):
    require_same_length(x, y)
    return to_vector(x, "x"), to_vector(y, "y")


def _dot(u, v):
    return mpmath.fsum(a * b for a, b in zip(u, v))


def _sq(u):
    """z^2 = sum z_i^2 (no conjugation, HRF Sec. 2.3 notation)."""
    return mpmath.fsum(a * a for a in u)


def _nrm2(u):
    return mpmath.fsum(abs(a) ** 2 for a in u)


def _check_nonzero(x, y, what="angle"):
    for name, v in (("x", x), ("y", y)):
        if not isinstance(v, (list, tuple, np.ndarray)):
            continue
        vv = to_vector(v, name)
        if all(c == 0 for c in vv):
            raise ValueError(f"{name} must be non-zero (the {what} is undefined), got {name}={list(v)!r}")


def _m_n(m, n=None):
    m = require_int(m, "m", minimum=1)
    if n is None:
        return m
    return m, require_int(n, "n", minimum=1)


def _r(r, name="r", minimum=0):
    v = to_mp(r, name)
    if v < minimum:
        raise ValueError(f"{name} must satisfy {name} >= {minimum}, got {name}={r}")
    return v


def _theta(theta):
    with mp.workdps(20):
        t = to_mp(theta, "theta")
        if t < 0 or t > mp.pi:
            raise ValueError(f"theta must satisfy 0 <= theta <= pi, got theta={theta}")


# ============================================================================================
# Lemma 2.2: trigonometric and positive (++) estimators
# ============================================================================================


def mse_trig(x, y, m, *, dps: int = DEFAULT_DPS):
    """MSE of the trigonometric estimator of SM(x, y) with m i.i.d. projections (HRF Lemma 2.2).

    Parameters
    ----------
    x, y : sequence of exact reals
        Inputs (same length d).
    m : int
        Number of projections, ``m >= 1`` (the feature vector has 2m entries, Eq. (2)).
    dps : int
        Significant digits.

    Returns
    -------
    mpf

    Notes
    -----
    .. math:: \\mathrm{MSE} = \\frac{1}{2m} e^{\\|z\\|^2}\\mathrm{SM}^{-2}(x,y)
              \\bigl(1-e^{-\\|\\Delta\\|^2}\\bigr)^2
              = \\frac{1}{2m} e^{\\|x\\|^2+\\|y\\|^2}\\bigl(1-e^{-\\|x-y\\|^2}\\bigr)^2,

    :math:`z=x+y`, :math:`\\Delta=x-y` (Eq. (7)). The second form avoids overflow cancellations.

    Examples
    --------
    >>> from mpmath import nstr, mpf, cos, sin, pi
    >>> nstr(mse_trig([1, 0], ["1/2", "0.8660254037844386467637231707529361834714"], 10, dps=8), 8)
    '0.14762462'
    """
    m = _m_n(m)

    def f():
        xv, yv = _pair(x, y)
        d2 = _nrm2([a - b for a, b in zip(xv, yv)])
        return mp.exp(_nrm2(xv) + _nrm2(yv)) * (-mp.expm1(-d2)) ** 2 / (2 * m)

    return verified(f, dps, what="mse_trig", absolute=mpmath.mpf(10) ** (-10 * dps))


def mse_pos(x, y, m, *, dps: int = DEFAULT_DPS):
    """MSE of the positive (FAVOR++ style, antithetic) estimator of SM(x, y) (HRF Lemma 2.2).

    Parameters
    ----------
    x, y : sequence of exact reals
    m : int
        Number of projections ``m >= 1`` (2m features, Eq. (3): both :math:`\\pm\\omega_i`).
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    .. math:: \\mathrm{MSE} = \\frac{1}{2m} e^{\\|z\\|^2}\\mathrm{SM}^{2}(x,y)
              \\bigl(1-e^{-\\|z\\|^2}\\bigr)^2, \\qquad z = x+y.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(mse_pos([1, 0], [-1, 0], 3, dps=10), 10)
    '0.0'
    >>> nstr(mse_pos([1, 0], [0, 1], 1, dps=10), 10)
    '2.762195691'
    """
    m = _m_n(m)

    def f():
        xv, yv = _pair(x, y)
        z2 = _nrm2([a + b for a, b in zip(xv, yv)])
        return mp.exp(z2 + 2 * _dot(xv, yv)) * (-mp.expm1(-z2)) ** 2 / (2 * m)

    return verified(f, dps, what="mse_pos", absolute=mpmath.mpf(10) ** (-10 * dps))


def mse_pos_onesided(x, y, m, *, dps: int = DEFAULT_DPS):
    """MSE of the one-sided positive estimator (CE estimator with A = I, no antithetic pairs).

    Notes
    -----
    :math:`\\widehat{\\mathrm{SM}} = \\frac1m\\sum_i e^{-(\\|x\\|^2+\\|y\\|^2)/2} e^{\\omega_i^\\top z}`
    has MSE :math:`\\mathrm{SM}^2(e^{\\|z\\|^2}-1)/m`. This is what Eq. (16) gives for
    :math:`A=I_d`; it is *not* the antithetic estimator (3) (see claim HRF-Eq16).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(mse_pos_onesided([1, 0], [0, 1], 1, dps=10), 10)
    '6.389056099'
    """
    m = _m_n(m)

    def f():
        xv, yv = _pair(x, y)
        z2 = _nrm2([a + b for a, b in zip(xv, yv)])
        return mp.exp(2 * _dot(xv, yv)) * mp.expm1(z2) / m

    return verified(f, dps, what="mse_pos_onesided", absolute=mpmath.mpf(10) ** (-10 * dps))


@functools.lru_cache(maxsize=None)
def mse_trig_expr():
    """Sympy derivation of Lemma 2.2 (trigonometric): returns ``(derived, printed)`` expressions.

    The derivation integrates against the 1-D Gaussian density: :math:`\\omega^\\top\\Delta\\sim
    \\mathcal N(0, s^2)` with :math:`s=\\|\\Delta\\|`, so
    :math:`\\mathrm{Var}\\cos(\\omega^\\top\\Delta) = \\mathbb E\\cos^2 - (\\mathbb E\\cos)^2`.

    Returns
    -------
    (sympy.Expr, sympy.Expr)
        The derived MSE and the printed :math:`f_1(\\|z\\|)f_3(\\|\\Delta\\|)`, both in symbols
        ``m, a2, b2, s`` (``a2 = ||x||^2``, ``b2 = ||y||^2``, ``s = ||x - y||``).

    Examples
    --------
    >>> import sympy
    >>> d, p = mse_trig_expr()
    >>> sympy.simplify(d - p)
    0
    """
    g = sympy.Symbol("g", real=True)
    m = sympy.Symbol("m", positive=True, integer=True)
    a2, b2, s = sympy.symbols("a2 b2 s", positive=True)
    dens = sympy.exp(-g ** 2 / 2) / sympy.sqrt(2 * sympy.pi)
    e1 = sympy.integrate(sympy.cos(s * g) * dens, (g, -sympy.oo, sympy.oo))
    e2 = sympy.integrate(sympy.cos(s * g) ** 2 * dens, (g, -sympy.oo, sympy.oo))
    var1 = sympy.simplify(e2 - e1 ** 2)
    derived = sympy.exp(a2 + b2) * var1 / m
    xy = (a2 + b2 - s ** 2) / 2  # x^T y
    z2 = a2 + b2 + 2 * xy
    printed = sympy.exp(z2) * sympy.exp(-2 * xy) * (1 - sympy.exp(-s ** 2)) ** 2 / (2 * m)
    return sympy.simplify(derived), printed


@functools.lru_cache(maxsize=None)
def mse_pos_expr():
    """Sympy derivation of Lemma 2.2 (positive): returns ``(derived, printed)``.

    :math:`\\omega^\\top z\\sim\\mathcal N(0,u^2)`, :math:`u=\\|z\\|`; the estimator is
    :math:`e^{-(\\|x\\|^2+\\|y\\|^2)/2}\\cosh(\\omega^\\top z)` averaged over m projections.

    Examples
    --------
    >>> import sympy
    >>> d, p = mse_pos_expr()
    >>> sympy.simplify(d - p)
    0
    """
    g = sympy.Symbol("g", real=True)
    m = sympy.Symbol("m", positive=True, integer=True)
    a2, b2, u = sympy.symbols("a2 b2 u", positive=True)
    dens = sympy.exp(-g ** 2 / 2) / sympy.sqrt(2 * sympy.pi)
    e1 = sympy.integrate((sympy.exp(u * g) + sympy.exp(-u * g)) / 2 * dens, (g, -sympy.oo, sympy.oo))
    e2 = sympy.integrate(((sympy.exp(u * g) + sympy.exp(-u * g)) / 2) ** 2 * dens,
                         (g, -sympy.oo, sympy.oo))
    derived = sympy.exp(-(a2 + b2)) * sympy.simplify(e2 - e1 ** 2) / m
    xy = (u ** 2 - a2 - b2) / 2
    printed = sympy.exp(u ** 2) * sympy.exp(2 * xy) * (1 - sympy.exp(-u ** 2)) ** 2 / (2 * m)
    return sympy.simplify(derived), printed


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


# ============================================================================================
# relative errors: Def. 3.3, Lemma 3.4, Thm 3.5
# ============================================================================================


def relative_error_trig(theta, r, m, *, dps: int = DEFAULT_DPS):
    """:math:`\\epsilon_{\\theta,r}(\\widehat{SM}^{trig}_m)` (HRF Lemma 3.4, Eq. (25)).

    Notes
    -----
    .. math:: \\frac{1}{\\sqrt{2m}}e^{2r^2\\sin^2(\\theta/2)}(1-e^{-4r^2\\sin^2(\\theta/2)}).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(relative_error_trig("3.14159265358979323846264338327950288", 1, 1, dps=10), 10)
    '5.129155178'
    """
    m = _m_n(m)
    _theta(theta)
    _r(r)

    def f():
        th, rr = to_mp(theta, "theta"), to_mp(r, "r")
        xv = [rr, 0]
        yv = [rr * mp.cos(th), rr * mp.sin(th)]
        d2 = _nrm2([a - b for a, b in zip(xv, yv)])
        mse = mp.exp(2 * rr ** 2) * (-mp.expm1(-d2)) ** 2 / (2 * m)
        return mp.sqrt(mse) / mp.exp(_dot(xv, yv))

    return verified(f, dps, what="relative_error_trig", absolute=mpmath.mpf(10) ** (-10 * dps))


def relative_error_pos(theta, r, m, *, dps: int = DEFAULT_DPS):
    """:math:`\\epsilon_{\\theta,r}(\\widehat{SM}^{++}_m)`; equals ``relative_error_trig(pi - theta)`` (Lemma 3.4).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(relative_error_pos(0, 1, 1, dps=10), 10)
    '5.129155178'
    """
    m = _m_n(m)
    _theta(theta)
    _r(r)

    def f():
        th, rr = to_mp(theta, "theta"), to_mp(r, "r")
        xv = [rr, 0]
        yv = [rr * mp.cos(th), rr * mp.sin(th)]
        z2 = _nrm2([a + b for a, b in zip(xv, yv)])
        sm = mp.exp(_dot(xv, yv))
        mse = mp.exp(z2) * sm ** 2 * (-mp.expm1(-z2)) ** 2 / (2 * m)
        return mp.sqrt(mse) / sm

    return verified(f, dps, what="relative_error_pos", absolute=mpmath.mpf(10) ** (-10 * dps))


def max_relative_error_trig(r, m, *, dps: int = DEFAULT_DPS):
    """:math:`\\epsilon_{S(r)}(\\widehat{SM}^{trig}_m)=\\epsilon_{S(r)}(\\widehat{SM}^{++}_m)=W(r)/\\sqrt{2m}` (Eq. (26)).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(max_relative_error_trig(1, 1, dps=10), 10)
    '5.129155178'
    """
    m = _m_n(m)
    _r(r)

    def f():
        rr = to_mp(r, "r")
        return mp.exp(2 * rr ** 2) * (-mp.expm1(-4 * rr ** 2)) / mp.sqrt(2 * m)

    return verified(f, dps, what="max_relative_error_trig", absolute=mpmath.mpf(10) ** (-10 * dps))


def _g(theta, r, n):
    """h_r(theta) * exp(-2 r^2) (Eqs. (49)-(50)), overflow-free."""
    t = theta / mp.pi
    _, e2, e3, _ = _ang_moments(t, n)
    c2 = mp.cos(theta / 2) ** 2
    s2 = mp.sin(theta / 2) ** 2
    a = e2 * mp.exp(-4 * r ** 2 * s2) * (-mp.expm1(-4 * r ** 2 * c2)) ** 2
    b = e3 * mp.exp(-4 * r ** 2 * c2) * (-mp.expm1(-4 * r ** 2 * s2)) ** 2
    return a + b


def _g_np(theta, r, n):
    t = theta / np.pi
    e2 = t * (t - t / n + 1.0 / n)
    e3 = (1 - t) * (1 - t + t / n)
    c2 = np.cos(theta / 2) ** 2
    s2 = np.sin(theta / 2) ** 2
    return (e2 * np.exp(-4 * r * r * s2) * (-np.expm1(-4 * r * r * c2)) ** 2
            + e3 * np.exp(-4 * r * r * c2) * (-np.expm1(-4 * r * r * s2)) ** 2)


def _argmax_g(r, n):
    """Locate the maximiser of g on [0, pi/2] (g(theta) = g(pi - theta)) in float64, then refine in mp."""
    rf = float(r)
    grid = np.unique(np.concatenate([np.geomspace(1e-6, 1.0, 600) * min(1.0, 4.0 / rf),
                                     np.linspace(0.0, np.pi / 2, 1201)]))
    grid = grid[(grid >= 0) & (grid <= np.pi / 2)]
    vals = _g_np(grid, rf, n)
    i = int(np.argmax(vals))
    cands = [mpmath.mpf(grid[i])]
    lo = mpmath.mpf(grid[max(i - 1, 0)])
    hi = mpmath.mpf(grid[min(i + 1, len(grid) - 1)])
    best_th, best = None, None
    # refine by a bracketed root of the derivative when interior, else keep the endpoint
    if 0 < i < len(grid) - 1:
        dg = lambda th: mp.diff(lambda u: _g(u, r, n), th)
        if dg(lo) > 0 > dg(hi):
            try:
                th = mp.findroot(dg, (lo, hi), solver="illinois", verify=False)
            except (ValueError, ZeroDivisionError):
                th = None
            if th is None or not lo <= th <= hi:
                th = _bisect(dg, lo, hi)
            cands.append(th)
        elif grid[i + 1] < np.pi / 2 and grid[i] > 0:
            # no sign change around an interior grid maximum: the grid cannot be trusted here
            from .precision import PrecisionError
            raise PrecisionError(f"could not bracket the maximiser of h_r near theta={float(grid[i]):.3g}")
    cands.append(mp.pi / 2)
    for th in cands:
        v = _g(th, r, n)
        if best is None or v > best:
            best_th, best = th, v
    return best_th, best


def max_relative_error_angular_hybrid(r, m, n, *, dps: int = DEFAULT_DPS, return_theta: bool = False):
    """Exact max-relative-error of the angular hybrid on the sphere S(r) (HRF Def. 3.3, Eq. (48)).

    Parameters
    ----------
    r : exact real, ``r > 0``
        Radius of the sphere.
    m, n : int
        Base-estimator projections and sign features (independent projections; on S(r) the shared
        variant has the same MSE, Eq. (47)).
    dps : int
    return_theta : bool
        Also return the maximising angle in :math:`[0,\\pi/2]` (the error is symmetric under
        :math:`\\theta\\mapsto\\pi-\\theta`).

    Returns
    -------
    mpf, or (mpf, mpf)

    Notes
    -----
    .. math:: \\epsilon_{S(r)} = \\frac{e^{r^2}}{\\sqrt{2m}}\\sqrt{\\max_{\\theta}h_r(\\theta)},\\quad
              h_r(\\theta)=a_r(\\theta)+a_r(\\pi-\\theta)

    (Eqs. (48)-(50)). The maximiser is located on a float64 grid (log-spaced near 0, where the
    peak sits at :math:`\\theta\\approx 1/(\\sqrt2 r)` for large r) and refined by a root of
    :math:`h_r'` at working precision.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(max_relative_error_angular_hybrid(1, 1, 1, dps=10), 10)
    '1.920578591'
    """
    m, n = _m_n(m, n)
    rr0 = _r(r)
    if rr0 <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={r}")

    def f():
        rr = to_mp(r, "r")
        th, gm = _argmax_g(rr, n)
        val = mp.exp(2 * rr ** 2) * mp.sqrt(gm) / mp.sqrt(2 * m)
        return (val, th) if return_theta else val

    return verified(f, dps, what="max_relative_error_angular_hybrid")


def relative_error_angular_hybrid(theta, r, m, n, *, dps: int = DEFAULT_DPS):
    """:math:`\\epsilon_{\\theta,r}` of the angular hybrid, :math:`\\frac{e^{r^2}}{\\sqrt{2m}}\\sqrt{h_r(\\theta)}` (Eq. (48)).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(relative_error_angular_hybrid(0, 2, 1, 1, dps=10), 10)
    '0.0'
    """
    m, n = _m_n(m, n)
    _theta(theta)
    _r(r)

    def f():
        th, rr = to_mp(theta, "theta"), to_mp(r, "r")
        return mp.exp(2 * rr ** 2) * mp.sqrt(_g(th, rr, n)) / mp.sqrt(2 * m)

    return verified(f, dps, what="relative_error_angular_hybrid", absolute=mpmath.mpf(10) ** (-10 * dps))


def _C(n):
    return 1 / mp.pi - mpmath.mpf(1) / (n * mp.pi) + 1 / (n * mp.sqrt(mp.pi))


def thm35_bound(r, m, n, *, dps: int = DEFAULT_DPS):
    """Right-hand side of the printed bound (27) of HRF Thm 3.5.

    Notes
    -----
    .. math:: \\frac1r\\sqrt{\\frac1{2m}}W(r)\\sqrt{\\frac1\\pi-\\frac1{n\\pi}+\\frac1{n\\sqrt\\pi}},
              \\quad W(r)=e^{2r^2}(1-e^{-4r^2}).

    This bound is **false** for large r at every n (claim HRF-Thm3.5): see
    :func:`thm35_failure_radius` and :func:`thm35_bound_corrected`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(thm35_bound(1, 1, 1, dps=10), 10)
    '3.852639475'
    """
    m, n = _m_n(m, n)
    rr0 = _r(r)
    if rr0 <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={r}")

    def f():
        rr = to_mp(r, "r")
        w = mp.exp(2 * rr ** 2) * (-mp.expm1(-4 * rr ** 2))
        return w * mp.sqrt(_C(n)) / (rr * mp.sqrt(2 * m))

    return verified(f, dps, what="thm35_bound")


def thm35_bound_corrected(r, m, n, *, dps: int = DEFAULT_DPS):
    """A correct version of bound (27): the paper's proof with Eq. (64) repaired.

    Notes
    -----
    Eq. (64) should read :math:`\\max b^2_r\\le e^{2r^2}/(2n\\sqrt\\pi\\,r)` (one power of r, not
    two: :math:`\\theta^*\\le\\sqrt\\pi/(2r)` gives :math:`\\theta^*/\\pi\\le 1/(2\\sqrt\\pi r)`).
    Carrying it through (51)-(65):

    .. math:: \\epsilon_{S(r)}\\le\\frac{W(r)}{r\\sqrt{2m}}
              \\sqrt{\\frac{1-1/n}{\\pi}+\\frac{r}{n\\sqrt\\pi}},\\qquad r\\ge1.

    It scales as :math:`e^{2r^2}/\\sqrt r`, which is the true growth of the max-relative-error.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(thm35_bound_corrected(1, 1, 1, dps=10), 10)
    '3.852639475'
    """
    m, n = _m_n(m, n)
    rr0 = _r(r)
    if rr0 < 1:
        raise ValueError(f"r must satisfy r >= 1 (domain of Thm 3.5), got r={r}")

    def f():
        rr = to_mp(r, "r")
        w = mp.exp(2 * rr ** 2) * (-mp.expm1(-4 * rr ** 2))
        c = (1 - mpmath.mpf(1) / n) / mp.pi + rr / (n * mp.sqrt(mp.pi))
        return w * mp.sqrt(c) / (rr * mp.sqrt(2 * m))

    return verified(f, dps, what="thm35_bound_corrected")


def eq65_bound(r, m, n, *, dps: int = DEFAULT_DPS):
    r"""Right-hand side of Eq. (65) as printed in App. D.3 (differs from (27) by a factor :math:`\sqrt r`).

    Notes
    -----
    .. math:: \frac{e^{2r^2}}{\sqrt{2mr}}(1-e^{-4r^2})\sqrt{\frac1\pi-\frac1{n\pi}+\frac1{n\sqrt\pi}}
              = \sqrt r\cdot(27).

    It is a valid bound for all :math:`r\ge1`: its square exceeds the square of
    :func:`thm35_bound_corrected` by :math:`W^2(n-1)(r-1)/(2\pi mnr^2)\ge0`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(eq65_bound(1, 1, 1, dps=10), 10)
    '3.852639475'
    """
    m, n = _m_n(m, n)
    rr0 = _r(r)
    if rr0 <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={r}")

    def f():
        rr = to_mp(r, "r")
        w = mp.exp(2 * rr ** 2) * (-mp.expm1(-4 * rr ** 2))
        return w * mp.sqrt(_C(n)) / mp.sqrt(2 * m * rr)

    return verified(f, dps, what="eq65_bound")


def thm35_ratio(r, n, *, corrected: bool = False, dps: int = 15):
    """Exact max-relative-error divided by the bound (27) (independent of m); > 1 means (27) fails.

    Parameters
    ----------
    r : exact real > 0
    n : int
    corrected : bool
        Divide by :func:`thm35_bound_corrected` instead.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(thm35_ratio(5, 1, dps=6), 6)
    '1.10039'
    """
    n = require_int(n, "n", minimum=1)
    rr0 = _r(r)
    if rr0 <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={r}")

    def f():
        rr = to_mp(r, "r")
        _, gm = _argmax_g(rr, n)
        c = ((1 - mpmath.mpf(1) / n) / mp.pi + rr / (n * mp.sqrt(mp.pi))) if corrected else _C(n)
        return rr * mp.sqrt(gm) / ((-mp.expm1(-4 * rr ** 2)) * mp.sqrt(c))

    return verified(f, dps, what="thm35_ratio")


def thm35_failure_radius(n, *, dps: int = 15, r_max=200):
    """Smallest radius r >= 1 at which the printed bound (27) fails, for the given n.

    The ratio :func:`thm35_ratio` increases in r on the scanned grid; the crossing of 1 is found by
    bisection to ``dps`` digits. Returns ``None`` if the bound holds up to ``r_max``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(thm35_failure_radius(1, dps=6), 6)
    '4.12766'
    """
    n = require_int(n, "n", minimum=1)

    def ratio(rr):
        _, gm = _argmax_g(rr, n)
        return rr * mp.sqrt(gm) / ((-mp.expm1(-4 * rr ** 2)) * mp.sqrt(_C(n))) - 1

    def f():
        lo = mpmath.mpf(1)
        if ratio(lo) > 0:
            return lo
        hi = mpmath.mpf(2)
        while ratio(hi) < 0:
            lo, hi = hi, hi * 2
            if hi > r_max:
                return None
        for _ in range(int(mp.prec) + 5):
            mid = (lo + hi) / 2
            if ratio(mid) < 0:
                lo = mid
            else:
                hi = mid
            if hi - lo < mpmath.mpf(2) ** (-mp.prec + 8) * hi:
                break
        return (lo + hi) / 2

    with mp.workdps(dps + 10):
        a = f()
    with mp.workdps(2 * dps + 10):
        b = f()
    if a is None or b is None:
        return None
    if abs(a - b) > abs(b) * mpmath.mpf(10) ** (-dps):
        from .precision import PrecisionError
        raise PrecisionError(f"thm35_failure_radius could not be verified: {a} vs {b}")
    return a


def thm35_limit_constant(r, m, n, *, dps: int = DEFAULT_DPS):
    """The constant :math:`\\sqrt{1/(2\\pi mn)}\\,W(r)` of the limits in Thm 3.5.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(thm35_limit_constant(1, 1, 1, dps=10), 10)
    '2.893815924'
    """
    m, n = _m_n(m, n)
    _r(r)

    def f():
        rr = to_mp(r, "r")
        return mp.exp(2 * rr ** 2) * (-mp.expm1(-4 * rr ** 2)) / mp.sqrt(2 * mp.pi * m * n)

    return verified(f, dps, what="thm35_limit_constant")


def _bisect(f, lo, hi):
    """Root of an increasing-through-zero f on [lo, hi] by bisection to the working precision."""
    flo = f(lo)
    for _ in range(int(mp.prec) + 10):
        mid = (lo + hi) / 2
        fm = f(mid)
        if (fm < 0) == (flo < 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return (lo + hi) / 2


def b_max(r, n, which, *, dps: int = 20):
    """:math:`\\max_{\\theta\\in[0,\\pi]} b^i_r(\\theta)` for i = 1, 2 (Eqs. (54)-(55)), exactly.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(b_max(1, 1, 2, dps=8), 8)
    '1.0315921'
    """
    n = require_int(n, "n", minimum=1)
    if which not in (1, 2):
        raise ValueError(f"which must be 1 or 2, got which={which!r}")
    _r(r)

    def b(th, rr):
        t = th / mp.pi
        if which == 1:
            return (1 - mpmath.mpf(1) / n) * t ** 2 * mp.exp(2 * rr ** 2 * mp.cos(th))
        return t / n * mp.exp(2 * rr ** 2 * mp.cos(th))

    def f():
        rr = to_mp(r, "r")
        # stationary point: theta sin theta = 1/r^2 (which=1) or 1/(2 r^2) (which=2), on (0, pi/2]
        c = 1 / rr ** 2 if which == 1 else 1 / (2 * rr ** 2)
        th = _bisect(lambda u: u * mp.sin(u) - c, mpmath.mpf(0), mp.pi / 2)
        return max(b(th, rr), b(mp.pi, rr))

    return verified(f, dps, what="b_max", absolute=mpmath.mpf(10) ** (-3 * dps))


def eq63_bound(r, n, *, dps: int = 20):
    """Printed right-hand side of Eq. (63): :math:`(1-\\frac1n)\\frac{1}{2\\pi r^2}e^{2r^2}`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(eq63_bound(1, 2, dps=8), 8)
    '0.5880024'
    """
    n = require_int(n, "n", minimum=1)
    _r(r)
    return verified(lambda: (1 - mpmath.mpf(1) / n) * mp.exp(2 * to_mp(r) ** 2) / (2 * mp.pi * to_mp(r) ** 2),
                    dps, absolute=mpmath.mpf(10) ** (-3 * dps))


def eq64_printed(r, n, *, dps: int = 20):
    """Printed right-hand side of Eq. (64): :math:`\\frac{1}{2n\\sqrt\\pi r^2}e^{2r^2}` (false for r > 2.056).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(eq64_printed(1, 1, dps=8), 8)
    '2.0844142'
    """
    n = require_int(n, "n", minimum=1)
    _r(r)
    return verified(lambda: mp.exp(2 * to_mp(r) ** 2) / (2 * n * mp.sqrt(mp.pi) * to_mp(r) ** 2), dps)


def eq64_corrected(r, n, *, dps: int = 20):
    """Corrected Eq. (64): :math:`\\max b^2_r\\le\\frac{1}{2n\\sqrt\\pi\\,r}e^{2r^2}`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(eq64_corrected(2, 1, dps=8), 8)
    '420.45636'
    """
    n = require_int(n, "n", minimum=1)
    _r(r)
    return verified(lambda: mp.exp(2 * to_mp(r) ** 2) / (2 * n * mp.sqrt(mp.pi) * to_mp(r)), dps)


@functools.lru_cache(maxsize=None)
def h_expr():
    """Sympy forms for Thm 3.5: ``(theta, r, n, eps2_over_common)``.

    Returns the squared relative error on S(r) divided by :math:`e^{2r^2}/(2m)`, i.e.
    :math:`h_r(\\theta)` of Eq. (49), built from Lemma 2.2 and Lemma 3.2.

    Examples
    --------
    >>> th, r, n, h = h_expr()
    >>> h.has(th)
    True
    """
    th = sympy.Symbol("theta", positive=True)
    r = sympy.Symbol("r", positive=True)
    n = sympy.Symbol("n", positive=True, integer=True)
    t = th / sympy.pi
    e2 = t * (t - t / n + 1 / n)
    e3 = (1 - t) * (1 - t + t / n)
    a = e2 * sympy.exp(2 * r ** 2 * sympy.cos(th)) * (1 - sympy.exp(-4 * r ** 2 * sympy.cos(th / 2) ** 2)) ** 2
    b = e3 * sympy.exp(-2 * r ** 2 * sympy.cos(th)) * (1 - sympy.exp(-4 * r ** 2 * sympy.sin(th / 2) ** 2)) ** 2
    return th, r, n, a + b


@functools.lru_cache(maxsize=None)
def b_derivative_exprs():
    """Sympy check of Eqs. (57)-(58): returns ``[(derived, printed), (derived, printed)]``.

    Examples
    --------
    >>> import sympy
    >>> all(sympy.simplify(d - p) == 0 for d, p in b_derivative_exprs())
    True
    """
    th, r = sympy.symbols("theta r", positive=True)
    n = sympy.Symbol("n", positive=True, integer=True)
    e = sympy.exp(2 * r ** 2 * sympy.cos(th))
    b1 = (1 - 1 / n) * th ** 2 / sympy.pi ** 2 * e
    b2 = th / (n * sympy.pi) * e
    p1 = e * (1 - 1 / n) * 2 * th / sympy.pi ** 2 * (1 - r ** 2 * th * sympy.sin(th))
    p2 = e / (n * sympy.pi) * (1 - 2 * r ** 2 * th * sympy.sin(th))
    return [(sympy.diff(b1, th), p1), (sympy.diff(b2, th), p2)]


# ============================================================================================
# complex exponential estimators (Sec. 2.3)
# ============================================================================================


def _inv_T(A):
    """(A^T)^{-1} with a clear error for singular A."""
    At = A.T
    try:
        det = mp.det(At)
    except ZeroDivisionError:
        det = 0
    if abs(det) == 0:
        raise ValueError("A must be invertible, got a singular matrix (det(A) = 0)")
    return At ** -1


def _matvec(M, v):
    return [mpmath.fsum(M[i, j] * v[j] for j in range(M.cols)) for i in range(M.rows)]


def _cexp_parts(x, y, A):
    xv, yv = _pair(x, y)
    Am = to_matrix(A, "A", complex_ok=True)
    if Am.rows != Am.cols or Am.rows != len(xv):
        raise ValueError(f"A must be a {len(xv)}x{len(xv)} matrix, got shape ({Am.rows}, {Am.cols})")
    B = _inv_T(Am)
    ax = _matvec(Am, xv)
    by = _matvec(B, yv)
    return xv, yv, ax, by


def cexp_identity(x, y, A, *, dps: int = DEFAULT_DPS):
    """Both sides of Eq. (14): ``(lhs, rhs)`` with rhs computed from Lemma 2.4 applied to z = Ax + A^{-T}y.

    Notes
    -----
    lhs :math:`= e^{(Ax)^2/2}e^{((A^\\top)^{-1}y)^2/2}\\mathrm{SM}(x,y)`,
    rhs :math:`=\\mathbb E e^{\\omega^\\top z}=e^{z^2/2}` (:math:`z^2=\\sum z_i^2`, no conjugation).

    Examples
    --------
    >>> from mpmath import nstr
    >>> l, r = cexp_identity([1, 0], [0, 1], [["1j", 0], [0, 2]], dps=10)
    >>> abs(l - r) < 1e-25
    True
    """
    def f():
        xv, yv, ax, by = _cexp_parts(x, y, A)
        lhs = mp.exp(_sq(ax) / 2) * mp.exp(_sq(by) / 2) * mp.exp(_dot(xv, yv))
        z = [a + b for a, b in zip(ax, by)]
        rhs = mp.exp(_sq(z) / 2)
        return lhs, rhs

    return verified(f, dps, what="cexp_identity", absolute=mpmath.mpf(10) ** (-2 * dps))


def cexp_moments(x, y, A, m, *, dps: int = DEFAULT_DPS):
    """Exact moments of the complex exponential estimator (16) with m projections.

    Returns
    -------
    dict
        ``mean`` (= SM(x, y)), ``mse_complex`` :math:`=\\mathbb E|\\widehat{SM}-SM|^2`,
        ``var_real`` :math:`=\\mathrm{Var}(\\mathrm{Re}\\,\\widehat{SM})`, ``var_imag``.

    Notes
    -----
    One feature is :math:`W=c\\,e^{\\omega^\\top z}`, :math:`c=e^{-((Ax)^2+(A^{-\\top}y)^2)/2}`,
    :math:`z=a+\\mathrm i b`. With Lemma 2.4: :math:`\\mathbb E W=\\mathrm{SM}`,
    :math:`\\mathbb E|W|^2=|c|^2e^{2\\|a\\|^2}`, :math:`\\mathbb E W^2=c^2e^{2z^2}`; hence
    :math:`\\mathrm{Var}\\,\\mathrm{Re}W=(\\mathbb E|W|^2+\\mathrm{Re}\\,\\mathbb EW^2)/2-\\mathrm{SM}^2`.
    Zero variance iff :math:`z=0` (Eq. (17)).

    Examples
    --------
    >>> from mpmath import nstr
    >>> r = cexp_moments([1, 0], ["1/2", 0], [["1j", 0], [0, "1j"]], 1, dps=10)
    >>> nstr(r["var_real"], 10) == nstr(mse_trig([1, 0], ["1/2", 0], 1, dps=10), 10)
    True
    """
    m = _m_n(m)

    def f():
        xv, yv, ax, by = _cexp_parts(x, y, A)
        sm = mp.exp(_dot(xv, yv))
        c = mp.exp(-(_sq(ax) + _sq(by)) / 2)
        z = [a + b for a, b in zip(ax, by)]
        a_re = [mpmath.re(v) for v in z]
        e_abs2 = abs(c) ** 2 * mp.exp(2 * _nrm2(a_re))
        e_w2 = c ** 2 * mp.exp(2 * _sq(z))
        mean = c * mp.exp(_sq(z) / 2)
        var_re = ((e_abs2 + mpmath.re(e_w2)) / 2 - mpmath.re(mean) ** 2) / m
        var_im = ((e_abs2 - mpmath.re(e_w2)) / 2 - mpmath.im(mean) ** 2) / m
        return {"mean": mean, "sm": sm, "mse_complex": var_re + var_im, "var_real": var_re,
                "var_imag": var_im}

    return verified(f, dps, what="cexp_moments", absolute=mpmath.mpf(10) ** (-dps - 5))


def cexp_zero_variance_point(y, A, *, dps: int = DEFAULT_DPS):
    """The x of Eq. (17), :math:`x=-A^{-1}(A^\\top)^{-1}y`, at which the CE estimator has zero variance.

    Examples
    --------
    >>> x = cexp_zero_variance_point([1, 2], [[2, 0], [0, 1]], dps=10)
    >>> [float(v.real) for v in x]
    [-0.25, -2.0]
    """
    def f():
        yv = to_vector(y, "y")
        Am = to_matrix(A, "A", complex_ok=True)
        if Am.rows != Am.cols or Am.rows != len(yv):
            raise ValueError(f"A must be a {len(yv)}x{len(yv)} matrix, got shape ({Am.rows}, {Am.cols})")
        B = _inv_T(Am)
        Ainv = Am ** -1
        return [-v for v in _matvec(Ainv, _matvec(B, yv))]

    return verified(f, dps, what="cexp_zero_variance_point", absolute=mpmath.mpf(10) ** (-dps - 5))


# ============================================================================================
# Gaussian lambda coefficients (Eq. 20) and Gaussian hybrid (App. F)
# ============================================================================================


def gaussian_lambda_pos_moments(x, y, M, c, n, *, dps: int = DEFAULT_DPS):
    """Moments of the Gaussian coefficient (20) estimated with n antithetic positive features.

    :math:`\\lambda=\\exp(-\\|x+My\\|^2/(2c^2))` and
    :math:`\\hat\\lambda=e^{-\\|x\\|^2/(2c^2)}e^{-\\|My\\|^2/(2c^2)}\\widehat{SM}^{++}_n(x/c,-My/c)`.

    Returns
    -------
    dict
        ``mean``, ``second``, ``second_complement``, ``cross`` (:math:`\\mathbb E\\hat\\lambda(1-\\hat\\lambda)`).

    Examples
    --------
    >>> from mpmath import nstr
    >>> r = gaussian_lambda_pos_moments([2, 0], [-1, 0], [[2, 0], [0, 2]], 1, 1, dps=8)
    >>> nstr(r["mean"], 8), bool(r["cross"] < 0)
    ('1.0', True)
    """
    n = require_int(n, "n", minimum=1)

    def f():
        xv, yv = _pair(x, y)
        Mm = to_matrix(M, "M", shape=(len(xv), len(xv)))
        cc = to_mp(c, "c")
        if cc <= 0:
            raise ValueError(f"c must satisfy c > 0, got c={c}")
        my = _matvec(Mm, yv)
        u = [a / cc for a in xv]
        v = [-b / cc for b in my]
        pref = mp.exp(-(_nrm2(xv) + _nrm2(my)) / (2 * cc ** 2))
        sm = mp.exp(_dot(u, v))
        z2 = _nrm2([a + b for a, b in zip(u, v)])
        var_sm = mp.exp(z2) * sm ** 2 * (-mp.expm1(-z2)) ** 2 / (2 * n)
        mean = pref * sm
        second = mean ** 2 + pref ** 2 * var_sm
        return {"mean": mean, "second": second, "second_complement": 1 - 2 * mean + second,
                "cross": mean - second}

    return verified(f, dps, what="gaussian_lambda_pos_moments", absolute=mpmath.mpf(10) ** (-dps - 5))


def gaussian_hybrid_lambda(x, y, sigma, r=None, *, dps: int = DEFAULT_DPS):
    """Coefficient (67) of the normalized bipolar Gaussian hybrid, :math:`(1-e^{-\\sigma^2\\|x-y\\|^2/2})/\\rho`.

    Parameters
    ----------
    x, y : sequence of exact reals
    sigma : exact real > 0
    r : exact real > 0, optional
        Common norm of the inputs in :math:`\\rho=1-e^{-2\\sigma^2r^2}` (68); default ``||x||``,
        which then must equal ``||y||``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(gaussian_hybrid_lambda([1, 0], [-1, 0], 1, dps=10), 10)
    '1.0'
    """
    def f():
        xv, yv, rho, d2, ss = _gh_parts(x, y, sigma, r)
        return -mp.expm1(-ss * d2 / 2) / rho

    return verified(f, dps, what="gaussian_hybrid_lambda", absolute=mpmath.mpf(10) ** (-dps - 5))


def _gh_parts(x, y, sigma, r):
    xv, yv = _pair(x, y)
    s = to_mp(sigma, "sigma")
    if s <= 0:
        raise ValueError(f"sigma must satisfy sigma > 0, got sigma={sigma}")
    if r is None:
        nx, ny = _nrm2(xv), _nrm2(yv)
        if abs(nx - ny) > mpmath.mpf(10) ** (-mp.dps + 5) * max(nx, 1):
            raise ValueError("x and y must have the same norm when r is not given "
                             f"(normalized setting of App. F), got ||x||^2={mpmath.nstr(nx, 8)}, "
                             f"||y||^2={mpmath.nstr(ny, 8)}")
        rr = mp.sqrt(nx)
    else:
        rr = to_mp(r, "r")
    if rr <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={r}")
    rho = -mp.expm1(-2 * s ** 2 * rr ** 2)
    d2 = _nrm2([a - b for a, b in zip(xv, yv)])
    return xv, yv, rho, d2, s ** 2


def gaussian_hybrid_moments(x, y, sigma, n, r=None, *, dps: int = DEFAULT_DPS):
    """:math:`\\mathbb E\\hat\\lambda^2` and :math:`\\mathbb E(1-\\hat\\lambda)^2` of Thm F.1 (Eqs. (72)-(73)).

    Computed from the law of :math:`\\hat\\lambda` (69) directly:
    :math:`\\mathbb E\\hat\\lambda=\\lambda`, :math:`\\mathrm{Var}\\hat\\lambda=(1-e^{-\\sigma^2\\|\\Delta\\|^2})^2/(2n\\rho^2)`.

    Returns
    -------
    dict
        ``mean``, ``second``, ``second_complement``, ``cross``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> r = gaussian_hybrid_moments([1, 0], [0, 1], 1, 2, dps=10)
    >>> nstr(r["second"], 10)
    '0.7844466454'
    """
    n = require_int(n, "n", minimum=1)

    def f():
        xv, yv, rho, d2, ss = _gh_parts(x, y, sigma, r)
        mean = -mp.expm1(-ss * d2 / 2) / rho
        var = mp.expm1(-ss * d2) ** 2 / (2 * n * rho ** 2)
        second = mean ** 2 + var
        return {"mean": mean, "second": second, "second_complement": (1 - mean) ** 2 + var,
                "cross": mean - second}

    return verified(f, dps, what="gaussian_hybrid_moments", absolute=mpmath.mpf(10) ** (-dps - 5))


@functools.lru_cache(maxsize=None)
def gaussian_hybrid_moments_expr():
    """Sympy: the printed (72)/(73) against moments derived from the law of (69).

    Returns ``[(derived, printed), (derived, printed)]`` in symbols ``rho, D2 (=||Delta||^2),
    sigma, n``.

    Examples
    --------
    >>> import sympy
    >>> all(sympy.simplify(d - p) == 0 for d, p in gaussian_hybrid_moments_expr())
    True
    """
    rho, D2, s = sympy.symbols("rho D2 sigma", positive=True)
    n = sympy.Symbol("n", positive=True, integer=True)
    g = sympy.Symbol("g", real=True)
    dens = sympy.exp(-g ** 2 / 2) / sympy.sqrt(2 * sympy.pi)
    # sigma * omega^T Delta ~ N(0, sigma^2 D2) -> cos(sigma sqrt(D2) g)
    u = s * sympy.sqrt(D2)
    ec = sympy.simplify(sympy.integrate(sympy.cos(u * g) * dens, (g, -sympy.oo, sympy.oo)))
    ec2 = sympy.simplify(sympy.integrate(sympy.cos(u * g) ** 2 * dens, (g, -sympy.oo, sympy.oo)))
    var_mean_cos = (ec2 - ec ** 2) / n
    mean_l = (1 - ec) / rho
    var_l = var_mean_cos / rho ** 2
    e_l2 = mean_l ** 2 + var_l
    e_c2 = (1 - mean_l) ** 2 + var_l
    E = sympy.exp(-s ** 2 * D2 / 2)
    E2 = sympy.exp(-s ** 2 * D2)
    p72 = (1 - E) ** 2 / rho ** 2 + (1 - E2) ** 2 / (2 * rho ** 2 * n)
    p73 = ((1 - rho) - E) ** 2 / rho ** 2 + (1 - E2) ** 2 / (2 * rho ** 2 * n)
    return [(e_l2, p72), (e_c2, p73)]


def gaussian_hybrid_mse(x, y, m, n, sigma, r=None, *, shared: bool = False, dps: int = DEFAULT_DPS):
    """MSE of the normalized bipolar Gaussian hybrid (HRF Thm F.1, Eq. (71)).

    Parameters
    ----------
    x, y : sequence of exact reals
    m, n : int
        Base projections and coefficient features.
    sigma : exact real > 0
    r : exact real, optional
        Norm used in :math:`\\rho` (default ``||x|| = ||y||``).
    shared : bool
        Same projections for trig and ++ (Eq. (23) correction applied; it vanishes when
        ``||x|| = ||y||``).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(gaussian_hybrid_mse([1, 0], [-1, 0], 2, 3, 1, dps=10), 10)
    '0.3824456597'
    """
    mo = gaussian_hybrid_moments(x, y, sigma, n, r, dps=dps + 10)
    return bipolar_hybrid_mse(x, y, m, mo["second"], mo["second_complement"], shared=shared, dps=dps)


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
# float64 curves (log space)
# ============================================================================================


def log_mse_trig_np(theta, r, m):
    """float64 log of the trig MSE on S(r) at angle theta (vectorised; valid for all r, theta).

    Examples
    --------
    >>> round(float(np.exp(log_mse_trig_np(np.pi / 3, 1.0, 10))), 12)
    0.147624622101
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    s2 = np.sin(theta / 2) ** 2
    with np.errstate(divide="ignore"):
        return 2 * r ** 2 + 2 * np.log(-np.expm1(-4 * r ** 2 * s2)) - np.log(2 * m)


def log_mse_pos_np(theta, r, m):
    """float64 log of the ++ MSE on S(r) at angle theta (``-inf`` where the MSE is zero).

    Examples
    --------
    >>> bool(log_mse_pos_np(np.pi, 1.0, 1) < -100)
    True
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    c2 = np.cos(theta / 2) ** 2
    with np.errstate(divide="ignore"):
        return 2 * r ** 2 + 4 * r ** 2 * np.cos(theta) + 2 * np.log(-np.expm1(-4 * r ** 2 * c2)) - np.log(2 * m)


def log_angular_hybrid_mse_np(theta, r, m, n):
    """float64 log of the angular hybrid MSE on S(r) (correct Eq. (47)).

    Examples
    --------
    >>> bool(np.isneginf(log_angular_hybrid_mse_np(0.0, 2.0, 1, 1)))
    True
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    t = theta / np.pi
    e2 = t * (t - t / n + 1.0 / n)
    e3 = (1 - t) * (1 - t + t / n)
    with np.errstate(divide="ignore"):
        a = np.log(e2) + log_mse_pos_np(theta, r, m)
        b = np.log(e3) + log_mse_trig_np(theta, r, m)
    return np.logaddexp(a, b)


def log_relative_error_np(theta, r, m, n=None, *, kind="anghyb"):
    """float64 log relative error :math:`\\log\\epsilon_{\\theta,r}` for ``kind`` in trig, pos, anghyb.

    Examples
    --------
    >>> round(float(np.exp(log_relative_error_np(np.pi, 1.0, 1, kind="trig"))), 6)
    5.129155
    """
    theta, r = np.asarray(theta, float), np.asarray(r, float)
    logsm = r ** 2 * np.cos(theta)
    if kind == "trig":
        lm = log_mse_trig_np(theta, r, m)
    elif kind == "pos":
        lm = log_mse_pos_np(theta, r, m)
    elif kind == "anghyb":
        if n is None:
            raise ValueError("n must be given for kind='anghyb', got n=None")
        lm = log_angular_hybrid_mse_np(theta, r, m, n)
    else:
        raise ValueError(f"kind must be 'trig', 'pos' or 'anghyb', got kind={kind!r}")
    return lm / 2 - logsm


# ============================================================================================
# samplers (float64, the actual random features)
# ============================================================================================


def _np_pair(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError(f"x and y must be 1-D, got shapes {x.shape} and {y.shape}")
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length, got len(x)={x.size} and len(y)={y.size}")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("x and y must be finite")
    return x, y


def _rows(d, m, reps, rng, coupling):
    """(reps, m, d) projections; replicates are independent."""
    reps = require_int(reps, "reps", minimum=1)
    if coupling == "iid":
        return _sample_rows("iid", d, m * reps, rng).reshape(reps, m, d)
    return np.stack([_sample_rows(coupling, d, m, rng) for _ in range(reps)])


def _trig_from(W, x, y):
    return np.exp((x @ x + y @ y) / 2) * np.mean(np.cos(W @ (x - y)), axis=-1)


def _pos_from(W, x, y):
    return np.exp(-(x @ x + y @ y) / 2) * np.mean(np.cosh(W @ (x + y)), axis=-1)


def sample_trig(x, y, m, rng, reps=1, *, coupling="iid"):
    """Draw ``reps`` independent trigonometric estimates of SM(x, y) (Eq. (2) features, m projections).

    Parameters
    ----------
    x, y : array_like, shape (d,)
    m : int
    rng : numpy.random.Generator
    reps : int
        Independent replicates.
    coupling : str
        Projection coupling passed to :func:`rfsym.couplings.sample`.

    Returns
    -------
    ndarray, shape (reps,)

    Examples
    --------
    >>> est = sample_trig([0.3, 0.1], [0.2, -0.4], 8, np.random.default_rng(0), 4000)
    >>> bool(abs(est.mean() - np.exp(0.02)) < 5 * est.std() / np.sqrt(4000))
    True
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    W = _rows(x.size, m, reps, rng, coupling)
    return _trig_from(W, x, y)


def sample_pos(x, y, m, rng, reps=1, *, coupling="iid"):
    """Draw ``reps`` independent ++ estimates (Eq. (3): features :math:`e^{\\pm\\omega^\\top u}`).

    Examples
    --------
    >>> est = sample_pos([0.3, 0.1], [0.2, -0.4], 8, np.random.default_rng(0), 4000)
    >>> bool(abs(est.mean() - np.exp(0.02)) < 5 * est.std() / np.sqrt(4000))
    True
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    W = _rows(x.size, m, reps, rng, coupling)
    return _pos_from(W, x, y)


def sample_cexp(x, y, A, m, rng, reps=1, *, coupling="iid"):
    """Draw ``reps`` complex exponential estimates (16) with a complex invertible A.

    Returns
    -------
    ndarray of complex, shape (reps,)
        :math:`\\Psi_A(x)^\\top\\Psi_{(A^\\top)^{-1}}(y)` (plain, non-conjugating dot product).

    Examples
    --------
    >>> est = sample_cexp([0.3, 0.1], [0.2, -0.4], [[1j, 0], [0, 2]], 8, np.random.default_rng(0), 4000)
    >>> bool(abs(est.real.mean() - np.exp(0.02)) < 5 * est.real.std() / np.sqrt(4000))
    True
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    A = np.asarray(A, dtype=complex)
    if A.shape != (x.size, x.size):
        raise ValueError(f"A must be a {x.size}x{x.size} matrix, got shape {A.shape}")
    if abs(np.linalg.det(A)) == 0 or np.linalg.cond(A) > 1e12:
        raise ValueError(f"A must be invertible (well conditioned), got cond(A)={np.linalg.cond(A):.3g}")
    B = np.linalg.inv(A.T)
    ax, by = A @ x, B @ y
    W = _rows(x.size, m, reps, rng, coupling)
    px = np.exp(-(ax @ ax) / 2) * np.exp(W @ ax)
    py = np.exp(-(by @ by) / 2) * np.exp(W @ by)
    return np.sum(px * py, axis=-1) / m


def sample_angular_lambda(x, y, n, rng, reps=1):
    """Draw ``reps`` angular coefficient estimates (19), :math:`\\frac12+\\rho_n(x)^\\top\\rho_n(y)`.

    Examples
    --------
    >>> lam = sample_angular_lambda([1, 0], [0, 1], 4, np.random.default_rng(0), 20000)
    >>> bool(abs(lam.mean() - 0.5) < 0.02)
    True
    """
    x, y = _np_pair(x, y)
    n = require_int(n, "n", minimum=1)
    if not (np.any(x != 0) and np.any(y != 0)):
        raise ValueError("x and y must be non-zero (the angle is undefined)")
    T = _rows(x.size, n, reps, rng, "iid")
    rx = 1j / np.sqrt(2 * n) * np.sign(T @ x)
    ry = 1j / np.sqrt(2 * n) * np.sign(T @ y)
    return 0.5 + np.real(np.sum(rx * ry, axis=-1))


def sample_bipolar(x, y, m, lam, rng, *, shared=False, coupling="iid"):
    """Bipolar hybrid estimates (12) given coefficient draws ``lam`` (one replicate per entry).

    Examples
    --------
    >>> est = sample_bipolar([0.3, 0.1], [0.2, -0.4], 4, np.full(3000, 0.5), np.random.default_rng(1))
    >>> est.shape
    (3000,)
    """
    x, y = _np_pair(x, y)
    m = _m_n(m)
    lam = np.asarray(lam, dtype=float)
    reps = lam.size
    W1 = _rows(x.size, m, reps, rng, coupling)
    W2 = W1 if shared else _rows(x.size, m, reps, rng, coupling)
    return lam * _pos_from(W1, x, y) + (1 - lam) * _trig_from(W2, x, y)


def sample_angular_hybrid(x, y, m, n, rng, reps=1, *, shared=False, coupling="iid"):
    """Draw ``reps`` angular hybrid estimates (Eq. (12) with the coefficient (19)).

    Examples
    --------
    >>> est = sample_angular_hybrid([0.3, 0.1], [0.2, -0.4], 4, 2, np.random.default_rng(0), 4000)
    >>> bool(abs(est.mean() - np.exp(0.02)) < 5 * est.std() / np.sqrt(4000))
    True
    """
    lam = sample_angular_lambda(x, y, n, rng, reps)
    return sample_bipolar(x, y, m, lam, rng, shared=shared, coupling=coupling)


def sample_gaussian_lambda(x, y, sigma, n, rng, reps=1, *, r=None):
    """Draw the trig-estimated normalized Gaussian coefficient (69).

    Examples
    --------
    >>> lam = sample_gaussian_lambda([1, 0], [0, 1], 1.0, 4, np.random.default_rng(0), 4)
    >>> lam.shape
    (4,)
    """
    x, y = _np_pair(x, y)
    n = require_int(n, "n", minimum=1)
    if sigma <= 0:
        raise ValueError(f"sigma must satisfy sigma > 0, got sigma={sigma}")
    rr = float(np.sqrt(x @ x)) if r is None else float(r)
    if rr <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={rr}")
    rho = -np.expm1(-2 * sigma ** 2 * rr ** 2)
    T = _rows(x.size, n, reps, rng, "iid")
    return (1 - np.mean(np.cos(sigma * (T @ (x - y))), axis=-1)) / rho


def sample_gaussian_hybrid(x, y, m, n, sigma, rng, reps=1, *, r=None, shared=False):
    """Draw normalized bipolar Gaussian hybrid estimates (App. F, Eqs. (67)-(70)).

    Examples
    --------
    >>> est = sample_gaussian_hybrid([0.3, 0.1], [0.1, 0.3], 4, 2, 1.0, np.random.default_rng(0), 3000)
    >>> bool(abs(est.mean() - np.exp(0.06)) < 5 * est.std() / np.sqrt(3000))
    True
    """
    lam = sample_gaussian_lambda(x, y, sigma, n, rng, reps, r=r)
    return sample_bipolar(x, y, m, lam, rng, shared=shared)


def sample_gaussian_lambda_pos(x, y, M, c, n, rng, reps=1):
    """Draw the Gaussian coefficient (20) estimated with n antithetic positive features.

    :math:`\\hat\\lambda=e^{-\\|x\\|^2/(2c^2)}e^{-\\|My\\|^2/(2c^2)}\\widehat{SM}^{++}_n(x/c,-My/c)`,
    an unbiased estimator of :math:`\\exp(-\\|x+My\\|^2/(2c^2))` (Eq. (20) with :math:`\\phi^{SM}=\\phi^{++}`).

    Examples
    --------
    >>> lam = sample_gaussian_lambda_pos([1, 0], [0, 0.1], [[0, -10], [0, 0]], 2, 1,
    ...                                  np.random.default_rng(0), 20000)
    >>> bool(abs(lam.mean() - 1) < 5 * lam.std() / np.sqrt(20000))
    True
    """
    x, y = _np_pair(x, y)
    n = require_int(n, "n", minimum=1)
    M = np.asarray(M, dtype=float)
    if M.shape != (x.size, x.size):
        raise ValueError(f"M must be a {x.size}x{x.size} matrix, got shape {M.shape}")
    if not c > 0:
        raise ValueError(f"c must satisfy c > 0, got c={c}")
    my = M @ y
    u, v = x / c, -my / c
    pref = np.exp(-(x @ x + my @ my) / (2 * c * c))
    T = _rows(x.size, n, reps, rng, "iid")
    return pref * _pos_from(T, u, v)


def thm35_ratio_np(r, n, *, corrected=False, grid=4001):
    """float64 sweep version of :func:`thm35_ratio` (max over a theta grid: a lower bound of the exact max).

    Used to scan the whole domain quickly; decisive values come from :func:`thm35_ratio`.

    Examples
    --------
    >>> round(float(thm35_ratio_np(5.0, 1)), 3)
    1.1
    """
    r = float(r)
    n = require_int(n, "n", minimum=1)
    th = np.unique(np.concatenate([np.linspace(0, np.pi / 2, grid),
                                   np.geomspace(1e-6, 1.0, grid // 2) * min(1.0, 4.0 / r)]))
    gm = float(np.max(_g_np(th, r, n)))
    c = ((1 - 1 / n) / np.pi + r / (n * np.sqrt(np.pi))) if corrected else (
        1 / np.pi - 1 / (n * np.pi) + 1 / (n * np.sqrt(np.pi)))
    return r * np.sqrt(gm) / (-np.expm1(-4 * r * r) * np.sqrt(c))


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


# ============================================================================================
# zero-one mixtures (App. H.2, Def. H.2) and the construction cost of (11) (App. L, Eq. (106))
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
