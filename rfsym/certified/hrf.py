"""HRF (Hybrid Random Features) in ball arithmetic: Lemma 2.2 MSEs, the bound of Thm 3.5 and where it fails.

:func:`mse_trig` and :func:`mse_pos` from the moments of the definitions; :func:`thm35_bound` (the
printed (27)), :func:`max_relative_error_angular_hybrid` (certified maximum of Eqs. (48)-(50)) and
their ratio :func:`thm35_ratio`; :func:`thm35_bound_holds` proves (27) on a whole range of radii,
:func:`thm35_failure_radius` and :func:`eq64_failure_radius` bracket where (27) and App. D.3's
Eq. (64) start failing (errata).

Examples
--------
>>> thm35_bound(1, 1, 1).string(10)
'3.852639475'
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from flint import arb, fmpq

from .core import (DEFAULT_PREC, CertificationError, CertifiedValue, _exact_fraction, _exact_quadratic_forms,
                   _interval, _require_int, certify_bound_box, certify_max, exact, working_prec)

__all__ = ["mse_trig", "mse_pos", "thm35_bound", "max_relative_error_angular_hybrid", "thm35_bound_holds",
           "thm35_ratio", "thm35_failure_radius", "eq64_failure_radius"]

# =============================================================================================
# HRF: Lemma 2.2 MSEs, Thm 3.5 bound, exact max-relative-error and its failure radius
# =============================================================================================

def mse_trig(x, y, m, *, prec=DEFAULT_PREC):
    """Certified MSE of the trigonometric softmax estimator (HRF Lemma 2.2), from the moments of the definition.

    :math:`\\widehat{SM}=\\frac{e^{(\\|x\\|^2+\\|y\\|^2)/2}}{m}\\sum_i\\cos(\\omega_i^\\top(x-y))`;
    with :math:`E\\cos(\\omega^\\top\\Delta)=e^{-\\|\\Delta\\|^2/2}`,
    :math:`E\\cos^2=(1+e^{-2\\|\\Delta\\|^2})/2`:
    :math:`\\mathrm{MSE}=e^{\\|x\\|^2+\\|y\\|^2}(E\\cos^2-(E\\cos)^2)/m`.

    Parameters
    ----------
    x, y : sequences of exact entries whose squared norms and dot product are rational
    m : int >= 1

    Examples
    --------
    >>> import sympy
    >>> mse_trig([1, 0], ["1/2", sympy.sqrt(3) / 2], 10).string(15)
    '0.147624622100628'
    """
    m = _require_int(m, "m", 1)
    nx, ny, xy = _exact_quadratic_forms(x, y)
    with working_prec(prec):
        d2 = arb(nx + ny - 2 * xy)
        e1 = (-d2 / 2).exp()
        e2 = (1 + (-2 * d2).exp()) / 2
        val = arb(nx + ny).exp() * (e2 - e1 * e1) / m
    return CertifiedValue(f"mse_trig(x, y, {m})", val, "HRF Lemma 2.2, Eq. (7)",
                          {"|x|^2": str(nx), "|y|^2": str(ny), "x.y": str(xy), "m": str(m)})


def mse_pos(x, y, m, *, prec=DEFAULT_PREC):
    """Certified MSE of the antithetic positive softmax estimator (HRF Lemma 2.2), from the moments.

    Per projection :math:`e^{-(\\|x\\|^2+\\|y\\|^2)/2}\\cosh(\\omega^\\top z)`, :math:`z=x+y`;
    :math:`E\\cosh=e^{\\|z\\|^2/2}`, :math:`E\\cosh^2=(1+e^{2\\|z\\|^2})/2`.

    Examples
    --------
    >>> import sympy
    >>> mse_pos([1, 0], [0, 1], 1).string(10)
    '2.762195691'
    """
    m = _require_int(m, "m", 1)
    nx, ny, xy = _exact_quadratic_forms(x, y)
    with working_prec(prec):
        z2 = arb(nx + ny + 2 * xy)
        e1 = (z2 / 2).exp()
        e2 = (1 + (2 * z2).exp()) / 2
        val = (-arb(nx + ny)).exp() * (e2 - e1 * e1) / m
    return CertifiedValue(f"mse_pos(x, y, {m})", val, "HRF Lemma 2.2",
                          {"|x|^2": str(nx), "|y|^2": str(ny), "x.y": str(xy), "m": str(m)})


def _hrf_C(n):
    return 1 / arb.pi() - arb(1) / (n * arb.pi()) + 1 / (n * arb.pi().sqrt())


def thm35_bound(r, m, n, *, prec=DEFAULT_PREC):
    """Certified right-hand side of the printed bound (27) of HRF Thm 3.5.

    Examples
    --------
    >>> thm35_bound(1, 1, 1).string(10)
    '3.852639475'
    """
    m, n = _require_int(m, "m", 1), _require_int(n, "n", 1)
    q = exact(r, "r")
    if q <= 0:
        raise ValueError(f"r must be > 0, got {r}")
    with working_prec(prec):
        R = arb(q)
        W = (2 * R * R).exp() * (1 - (-4 * R * R).exp())
        val = W * _hrf_C(n).sqrt() / (R * (2 * arb(m)).sqrt())
    return CertifiedValue(f"thm35_bound({r}, {m}, {n})", val, "HRF Thm 3.5, Eq. (27)",
                          {"r": str(q), "m": str(m), "n": str(n)})


def _h_r(R, n):
    """h_r(theta) of Eqs. (49)-(50), as printed, for an arb or arb_series theta."""
    pi = arb.pi()
    R2 = R * R

    def a(t):
        tp = t / pi
        c = (t / 2).cos()
        w = 1 - (-4 * R2 * c * c).exp()  # (explicit products: arb_series ** 2 goes through log, NaN at 0)
        return tp * (tp - tp / n + arb(1) / n) * (2 * R2 * t.cos()).exp() * w * w

    return lambda t: a(t) + a(pi - t)


def _max_h(q, n, prec, rel_tol=None):
    with working_prec(prec):
        R = arb(q)
        h = _h_r(R, n)
        return certify_max(h, 0, arb.pi(), rel_tol=rel_tol)


def max_relative_error_angular_hybrid(r, m, n, *, prec=DEFAULT_PREC):
    """Certified max-relative-error of the angular hybrid on S(r) (HRF Eq. (48)): certified branch-and-bound
    maximum of :math:`h_r` over the whole :math:`[0,\\pi]` (Eqs. (49)-(50) as printed).

    Examples
    --------
    >>> max_relative_error_angular_hybrid(1, 1, 1).string(10)
    '1.920578591'
    """
    m, n = _require_int(m, "m", 1), _require_int(n, "n", 1)
    q = exact(r, "r")
    if q <= 0:
        raise ValueError(f"r must be > 0, got {r}")
    M, _ = _max_h(q, n, prec)
    with working_prec(prec):
        R = arb(q)
        val = (R * R).exp() * M.sqrt() / (2 * arb(m)).sqrt()
    return CertifiedValue(f"max_relative_error_angular_hybrid({r}, {m}, {n})", val, "HRF Def. 3.3, Eq. (48)",
                          {"r": str(q), "m": str(m), "n": str(n)}, note="maximum over theta in [0, pi] by branch and bound")


def thm35_bound_holds(n, r_max, *, prec=128):
    r"""Prove that the printed bound (27) of HRF Thm 3.5 holds for **every** :math:`r\in[1, r_{max}]`.

    (27) holds at r iff :math:`r^2e^{2r^2}h_r(\theta)\le W(r)^2C(n)` for all :math:`\theta` (Eq. (48)),
    i.e. iff :math:`G(r,\theta)=(1-e^{-4r^2})^2C(n)-r^2e^{-2r^2}h_r(\theta)>0` on
    :math:`[0,\pi]`; :func:`certify_bound_box` proves :math:`G>0` on the box
    :math:`[1,r_{max}]\times[0,\pi]` (with :math:`\theta=\pi t`, :math:`t\in[0,1]`). Together with
    :func:`thm35_failure_radius` (a certified failure just above :math:`r^*`) this pins the first
    failure radius between ``r_max`` and the ball's upper end.

    Examples
    --------
    >>> thm35_bound_holds(1, 3).proved
    True
    """
    n = _require_int(n, "n", 1)
    rm = exact(r_max, "r_max")
    if rm <= 1:
        raise ValueError(f"r_max must be > 1, got {r_max}")
    with working_prec(prec):
        Cn = _hrf_C(n)
        pi = arb.pi()

        def ap(t, R2):
            tp = t / pi
            s, c = (t / 2).sin(), (t / 2).cos()
            w = 1 - (-4 * R2 * c * c).exp()
            return tp * (tp - tp / n + arb(1) / n) * (-4 * R2 * s * s).exp() * w * w

        def G(X):
            R, T = X[0], pi * X[1]
            R2 = R * R
            u = 1 - (-4 * R2).exp()
            return u * u * Cn - R2 * (ap(T, R2) + ap(pi - T, R2))

        return certify_bound_box(G, [1, 0], [rm, 1], prec=prec)


def _ratio_ball(q, n, prec, rel_tol=None):
    M, _ = _max_h(q, n, prec, rel_tol)
    with working_prec(prec):
        R = arb(q)
        return R * M.sqrt() / ((2 * R * R).exp() * (1 - (-4 * R * R).exp()) / (R * R).exp() * _hrf_C(n).sqrt())


def thm35_ratio(r, n, *, prec=DEFAULT_PREC):
    """Certified ratio exact max-relative-error / bound (27) (independent of m); > 1 proves (27) false at r.

    Examples
    --------
    >>> v = thm35_ratio(5, 1)
    >>> v.string(6), bool(v.ball > 1)
    ('1.10039', True)
    """
    n = _require_int(n, "n", 1)
    q = exact(r, "r")
    if q <= 0:
        raise ValueError(f"r must be > 0, got {r}")
    val = _ratio_ball(q, n, prec)
    return CertifiedValue(f"thm35_ratio({r}, {n})", val, "HRF Thm 3.5, Eqs. (27), (48)", {"r": str(q), "n": str(n)},
                          note="ball > 1 proves that the printed bound (27) fails at this r")


def _round_q(x, bits):
    """x rounded to a dyadic rational with about `bits` significant bits (keeps the iterates small)."""
    x = Fraction(x)
    if x == 0:
        return fmpq(0)
    e = x.numerator.bit_length() - x.denominator.bit_length() - bits
    y = round(x / Fraction(2) ** e) * Fraction(2) ** e
    return fmpq(y.numerator, y.denominator)


def _eq64_ratio_ball(q, prec, rel_tol=None):
    """max_theta b^2_r(theta) / (64) as printed, n-free: 2 sqrt(pi) r^2 max_theta (theta/pi) e^{2r^2(cos theta - 1)}."""
    with working_prec(prec):
        R2 = arb(q) * arb(q)
        pi = arb.pi()
        M, _ = certify_max(lambda t: t / pi * (2 * R2 * (t.cos() - 1)).exp(), 0, pi, rel_tol=rel_tol)
        return 2 * pi.sqrt() * R2 * M


@lru_cache(maxsize=16)
def _failure_radius(n, prec, bits):
    if n == "eq64":
        def sign(q, rel_tol):
            b = _eq64_ratio_ball(q, prec, rel_tol) - 1
            return 1 if b > 0 else (-1 if b < 0 else 0)
    else:
        def sign(q, rel_tol):
            b = _ratio_ball(q, n, prec, rel_tol) - 1
            return 1 if b > 0 else (-1 if b < 0 else 0)

    # 1. coarse certified bracket: doubling from r = 1, then bisection to width 1/8
    lo = fmpq(1)
    if sign(lo, 2.0 ** -30) != -1:
        raise CertificationError("bound (27) not provably holding at r = 1")
    hi = fmpq(2)
    while sign(hi, 2.0 ** -30) != 1:
        lo, hi = hi, hi * 2
        if hi > 256:
            raise CertificationError("no failure of (27) found for r <= 256")
    while hi - lo > fmpq(1, 8):
        mid = (lo + hi) / 2
        s = sign(mid, 2.0 ** -30)
        if s == 0:
            break
        if s < 0:
            lo = mid
        else:
            hi = mid
    # 2. locate the crossing with the midpoints (Illinois regula falsi; not part of the proof)
    def g(q):
        if n == "eq64":
            return _exact_fraction(_eq64_ratio_ball(q, prec, 2.0 ** -(bits + 40))) - 1
        return _exact_fraction(_ratio_ball(q, n, prec, 2.0 ** -(bits + 40))) - 1
    a, b = Fraction(int(lo.p), int(lo.q)), Fraction(int(hi.p), int(hi.q))
    ga, gb = g(lo), g(hi)
    side = 0
    x = b
    for _ in range(60):
        x = (a * gb - b * ga) / (gb - ga)
        xq = _round_q(x, bits + 30)
        x = Fraction(int(xq.p), int(xq.q))
        gx = g(xq)
        if gx == 0 or abs(b - a) < x * Fraction(1, 2 ** (bits + 20)):
            break
        if (gx > 0) == (gb > 0):
            b, gb = x, gx
            if side == -1:
                ga /= 2
            side = -1
        else:
            a, ga = x, gx
            if side == 1:
                gb /= 2
            side = 1
        if abs(gx) < Fraction(1, 2 ** (bits + 24)):
            break
    # 3. the proof: certified signs at x (1 -+ 2^-bits)
    for widen in range(0, 24, 4):
        eps = Fraction(1, 2 ** (bits - widen))
        lo_q, hi_q = _round_q(x * (1 - eps), bits + 30), _round_q(x * (1 + eps), bits + 30)
        if sign(lo_q, 2.0 ** -(bits + 40)) == -1 and sign(hi_q, 2.0 ** -(bits + 40)) == 1:
            return lo_q, hi_q
    raise CertificationError("could not certify the signs around the failure radius")  # pragma: no cover


def thm35_failure_radius(n, *, prec=DEFAULT_PREC, bits=110):
    """Certified radius where the printed bound (27) of HRF Thm 3.5 starts failing.

    The ball is ``[lo, hi]`` with bound (27) **provably holding at lo and failing at hi** (certified
    maxima of :math:`h_r` over :math:`[0,\\pi]` at both radii), so the ratio crosses 1 inside the
    ball. That no other crossing lies in :math:`[1, lo]` is not proven here (the library's scan
    shows the ratio increasing).

    Parameters
    ----------
    n : int >= 1
    bits : int
        Relative half-width of the final bracket, :math:`2^{-bits}` (110 bits: > 32 digits).

    Examples
    --------
    >>> thm35_failure_radius(1, bits=30).string(6)
    '4.12766'
    """
    n = _require_int(n, "n", 1)
    lo, hi = _failure_radius(n, int(prec), int(bits))
    with working_prec(prec):
        ball = _interval(arb(lo), arb(hi))
    return CertifiedValue(f"thm35_failure_radius({n})", ball, "HRF Thm 3.5, Eq. (27) (erratum)", {"n": str(n)},
                          note="(27) holds at the lower end and fails at the upper end of the ball")


def eq64_failure_radius(*, prec=DEFAULT_PREC, bits=110):
    r"""Certified radius beyond which the printed Eq. (64) of HRF App. D.3 fails (erratum HRF-Eq64).

    (64) claims :math:`\max_\theta b^2_r(\theta)\le e^{2r^2}/(2n\sqrt\pi\,r^2)` with
    :math:`b^2_r(\theta)=\frac{\theta}{n\pi}e^{2r^2\cos\theta}` (Eq. (55)); ``n`` cancels. The ball is
    ``[lo, hi]`` with the ratio (certified branch-and-bound maximum over :math:`[0,\pi]`) provably
    below 1 at ``lo`` and above 1 at ``hi``.

    Examples
    --------
    >>> eq64_failure_radius(bits=30).string(6)
    '2.05604'
    """
    lo, hi = _failure_radius("eq64", int(prec), int(bits))
    with working_prec(prec):
        ball = _interval(arb(lo), arb(hi))
    return CertifiedValue("eq64_failure_radius()", ball, "HRF App. D.3, Eq. (64) (erratum HRF-Eq64)", {"n": "any"},
                          note="(64) holds at the lower end and fails at the upper end of the ball")
