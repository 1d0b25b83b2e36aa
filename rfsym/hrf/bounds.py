"""Relative errors on the sphere S(r): Def. 3.3, Lemma 3.4 and Thm 3.5 (bound (27), where it fails, a
corrected bound), with the pieces of its proof in App. D.3 ((48)-(66)).
"""

from __future__ import annotations

import functools

import mpmath
import numpy as np
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, require_int, to_mp, verified
from ._common import _dot, _m_n, _nrm2, _r, _theta
from .angular import _ang_moments

__all__ = ["relative_error_trig", "relative_error_pos", "max_relative_error_trig",
           "max_relative_error_angular_hybrid", "relative_error_angular_hybrid", "thm35_bound",
           "thm35_bound_corrected", "eq65_bound", "thm35_ratio", "thm35_failure_radius", "thm35_limit_constant",
           "b_max", "eq63_bound", "eq64_printed", "eq64_corrected", "h_expr", "b_derivative_exprs"]


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

    The relative error is :math:`\\sqrt{\\mathrm{MSE}}/\\mathrm{SM}` (not the relative MSE) at the
    angle ``theta`` in radians between :math:`x = (r, 0)` and :math:`y = r(\\cos\\theta, \\sin\\theta)`:

    >>> from mpmath import mpf, cos, sin, sqrt, exp
    >>> from rfsym.hrf import mse_trig
    >>> th, r = mpf("1.1"), mpf("0.8")
    >>> x, y = [r, 0], [r * cos(th), r * sin(th)]
    >>> e = sqrt(mse_trig(x, y, 3)) / exp(x[0] * y[0])
    >>> bool(abs(relative_error_trig("1.1", "0.8", 3) - e) < 1e-12 * e)
    True
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
            from ..precision import PrecisionError
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
        # Illinois regula falsi on the bracket [lo, hi] (ratio(lo) < 0 <= ratio(hi)): superlinear, ~10 steps where
        # bisection takes one per bit; a step that would leave the bracket falls back to the midpoint
        flo, fhi, side = ratio(lo), ratio(hi), 0
        for _ in range(int(mp.prec) + 5):
            mid = hi - fhi * (hi - lo) / (fhi - flo)
            if not lo < mid < hi:
                mid = (lo + hi) / 2
            fm = ratio(mid)
            if fm < 0:
                lo, flo = mid, fm
                if side == -1:
                    fhi /= 2
                side = -1
            else:
                hi, fhi = mid, fm
                if side == 1:
                    flo /= 2
                side = 1
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
        from ..precision import PrecisionError
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


