"""Lemma 2.2: MSE of the trigonometric (2) and positive "++" (3) softmax estimators with ``m`` i.i.d.
projections, the one-sided positive estimator, and their sympy derivations.
"""

from __future__ import annotations

import functools

import mpmath
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, verified
from ._common import _dot, _m_n, _nrm2, _pair

__all__ = ["mse_trig", "mse_pos", "mse_pos_onesided", "mse_trig_expr", "mse_pos_expr"]


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

    The MSE of the average over the ``m`` projections, :math:`1/m` times that of one (sampled):

    >>> import numpy as np
    >>> from rfsym.hrf import sample_pos
    >>> from rfsym.montecarlo import mean_of
    >>> x, y = [0.5, 0.2], [0.1, -0.4]
    >>> err2 = (sample_pos(x, y, 3, np.random.default_rng(0), 20000) - np.exp(0.05 - 0.08)) ** 2
    >>> r = mean_of(err2)
    >>> ex = float(mse_pos(["0.5", "0.2"], ["0.1", "-0.4"], 3))
    >>> abs(r.z(ex)) < 5, abs(r.z(3 * ex)) < 5
    (True, False)
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


