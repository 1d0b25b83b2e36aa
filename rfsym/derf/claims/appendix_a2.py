"""App. A.2: Lemma A.1 (Eqs. (14)-(19)), the scalar minimisation behind every closed-form optimum.

Claims, in book order:

* ``DERF-LemA.1`` verified -- App. A.2, Lemma A.1, Eqs. (14)-(15)
* ``DERF-Eq16`` verified -- App. A.2, Eqs. (16)-(17)
* ``DERF-Eq18`` verified -- App. A.2, Eqs. (18)-(19)
"""

from __future__ import annotations

import math

import mpmath
import sympy as sp
from mpmath import mp

from ... import derf
from ...claims import Check, Claim, Outcome
from ...precision import agreeing_digits
from ..lemma_a1 import _a1_objective_mp
from ._checks import _NO_MC_DET


_PHIS = ["0", "1e-30", "1e-6", "0.37", "1", "50", "1e6", "1e30"]


def _lema1_symbolic():
    a, phi = derf.lemma_a1_argmin_expr()
    printed = (1 - 2 * phi - sp.sqrt((2 * phi + 1) ** 2 + 8 * phi)) / 16
    diff = sp.simplify(a - printed)
    wrong = sp.simplify(a - (1 - 2 * phi + sp.sqrt((2 * phi + 1) ** 2 + 8 * phi)) / 16)
    return Outcome(diff == 0, f"sympy solves h'(gamma) = 0 and maps the positive root back: A* - (15) = {diff}",
                   agreement="symbolic identity", control_rejected=wrong != 0,
                   control_detail="the other root (+sqrt) leaves a nonzero difference")


def _lema1_numeric():
    rows = []
    ok = True
    pin = mpmath.nstr(derf.lemma_a1_argmin("0.37", dps=30), 30)
    ok &= pin == "-0.136684830892115612918684818843"
    for ph in _PHIS:
        a = derf.lemma_a1_argmin(ph, dps=30)
        with mp.workdps(60):
            phi = mpmath.mpf(ph)
            fa = _a1_objective_mp(a, phi)
            # derivative in gamma = 1/(1-8A) (scale-free): h'(gamma*) must vanish
            g = 1 / (1 - 8 * a)
            hp = phi + 1 / (g + 1) - 1 / (2 * g)
            rel_hp = abs(hp) / (phi + 1 / (g + 1))
            worst = mpmath.inf
            for k in range(-80, 81):
                gg = mpmath.mpf(10) ** (mpmath.mpf(k) / 8)
                worst = min(worst, _a1_objective_mp((1 - 1 / gg) / 8, phi) - fa)
            for t in ("1e-8", "-1e-8"):
                gg = g * (1 + mpmath.mpf(t))
                worst = min(worst, _a1_objective_mp((1 - 1 / gg) / 8, phi) - fa)
        ok &= rel_hp < mpmath.mpf(10) ** -30 and worst >= 0
        rows.append(f"phi={ph}: A*={mpmath.nstr(a, 8)}, |h'|/scale={mpmath.nstr(rel_hp, 2)}, min f(grid)-f(A*)={mpmath.nstr(worst, 2)}")
    with mp.workdps(60):
        wa = derf.lemma_a1_argmin("0.37", dps=30) * (1 + mpmath.mpf(10) ** -20)
        g = 1 / (1 - 8 * wa)
        whp = abs(mpmath.mpf("0.37") + 1 / (g + 1) - 1 / (2 * g))
    return Outcome(ok, f"pin lemma_a1_argmin('0.37') = {pin}; " + "; ".join(rows), agreement="|h'| < 1e-30 at 8 phi",
                   control_rejected=whp > mpmath.mpf(10) ** -30,
                   control_detail=f"A* x (1 + 1e-20): |h'| = {mpmath.nstr(whp, 3)}")


def _lema1_negative():
    vals = []
    with mp.workdps(30):
        for k in (2, 4, 6, 8):
            A = mpmath.mpf(1) / 8 - mpmath.mpf(10) ** -k      # gamma = 1/(1-8A) = 10^k / 8 -> inf
            vals.append(_a1_objective_mp(A, mpmath.mpf("-0.1")))
    unbounded = all(vals[i] > vals[i + 1] for i in range(3)) and vals[-1] < -1000
    try:
        derf.lemma_a1_argmin("-0.1")
        raised = False
    except ValueError:
        raised = True
    with mp.workdps(30):
        far = [_a1_objective_mp(-mpmath.mpf(10) ** k, mpmath.mpf("-0.1")) for k in (2, 4, 6)]
    return Outcome(unbounded and raised, f"phi = -0.1: f(1/8 - 10^-k) for k = 2, 4, 6, 8 = {[mpmath.nstr(v, 5) for v in vals]} "
                   f"-> -inf, so phi >= 0 is needed (while f(-10^k), k = 2, 4, 6 = {[mpmath.nstr(v, 5) for v in far]} -> +inf); "
                   f"lemma_a1_argmin('-0.1') raises ValueError: {raised}", agreement="unbounded below",
                   control_rejected=far[0] < far[1] < far[2], control_detail="f -> +inf as A -> -inf (the other end is not where it escapes)")


def _deriv_lema1():
    h, g, phi = derf.lemma_a1_h_expr()
    hp, _, _ = derf.lemma_a1_hprime_expr()
    a, _ = derf.lemma_a1_argmin_expr()
    return [("$h(\\gamma)$", h), ("$h'(\\gamma)$", hp), ("$A^*$", a)]


LEMA_1 = Claim(id="DERF-LemA.1", paper="DERF", rule="verified-as-printed", location="App. A.2, Lemma A.1, Eqs. (14)-(15)", verdict="verified",
    statement="For $\\phi \\ge 0$, $f(A) = \\log(1-4A) - \\frac12\\log(1-8A) + \\frac{\\phi}{1-8A}$ is minimised on $(-\\infty, 1/8)$ at $A^* = \\frac{1}{16}(1 - 2\\phi - \\sqrt{(2\\phi+1)^2 + 8\\phi})$.",
    evidence="sympy derives (15); for $\\phi$ from 0 to $10^{30}$, $h'(\\gamma^*) = 0$ to 30 digits and a grid never goes below $f(A^*)$; for $\\phi < 0$, $f \\to -\\infty$ as $A \\to 1/8^-$ (the assumption is needed).",
    checks=[Check("sympy derivation", "symbolic", _lema1_symbolic, exercises=("rfsym.derf.lemma_a1_argmin_expr",),
                  route="sympy solve of h' = 0", control="the other root"),
            Check("stationarity and grid, 30 digits", "numeric", _lema1_numeric,
                  exercises=("rfsym.derf.lemma_a1_argmin",), route="h'(gamma*) and a 161-point grid at 60 digits",
                  control="A* x (1 + 1e-20)"),
            Check("phi < 0 unbounded", "numeric", _lema1_negative, exercises=("rfsym.derf.lemma_a1_argmin",),
                  route="f near 1/8", control="the A -> -inf end")],
    no_witness={"montecarlo": _NO_MC_DET}, derivation=_deriv_lema1)


def _eq16_17_symbolic():
    h, g, phi = derf.lemma_a1_h_expr()
    hp, _, _ = derf.lemma_a1_hprime_expr()
    d16 = sp.simplify(sp.diff(h, g) - (phi + 1 / (g + 1) - 1 / (2 * g)))
    d16b = sp.simplify(phi + 1 / (g + 1) - 1 / (2 * g) - (phi + (g - 1) / (2 * g * (g + 1))))
    d17 = sp.simplify(hp - (2 * phi * g ** 2 + (2 * phi + 1) * g - 1) / (2 * g * (g + 1)))
    dh = sp.simplify(h - (sp.log(g + 1) - sp.log(g) / 2 - sp.log(2) + phi * g))
    ok = d16 == 0 and d16b == 0 and d17 == 0 and dh == 0
    wrong = sp.simplify(hp - (2 * phi * g ** 2 + (2 * phi + 1) * g + 1) / (2 * g * (g + 1)))
    return Outcome(ok, f"sympy: h(gamma) - printed = {dh}; h' - (16) = {d16}, {d16b}; h' - (17) = {d17}",
                   agreement="symbolic identity", control_rejected=wrong != 0, control_detail="constant -1 -> +1 in (17) rejected")


def _eq16_numeric():
    """h'(gamma) of (16)-(17) vs a central difference of f (14) (library) through A = (1 - 1/gamma)/8, 40 digits."""
    worst, wbest = math.inf, 0.0
    for ph, gm in (("0.37", "0.6"), ("2", "0.15"), ("0", "3"), ("1e-3", "40")):
        with mp.workdps(60):
            phi, g = mpmath.mpf(ph), mpmath.mpf(gm)
            h = mpmath.mpf(10) ** -20
            hfun = lambda t: derf.lemma_a1_objective((1 - 1 / t) / 8, ph, dps=55)
            fd = (hfun(g + h) - hfun(g - h)) / (2 * h)
            p17 = (2 * phi * g ** 2 + (2 * phi + 1) * g - 1) / (2 * g * (g + 1))
            w17 = (2 * phi * g ** 2 + (2 * phi + 1) * g + 1) / (2 * g * (g + 1))
            worst = min(worst, agreeing_digits(fd, p17))
            wbest = max(wbest, agreeing_digits(fd, w17))
    return Outcome(worst >= 30, f"(17) vs a central difference (step 1e-20, 60 digits) of f(14) = lemma_a1_objective in gamma "
                   f"at 4 points (phi, gamma) = (0.37, 0.6), (2, 0.15), (0, 3), (1e-3, 40): >= {worst:.1f} digits",
                   agreement=f"{worst:.0f} digits", control_rejected=wbest < 2,
                   control_detail=f"constant -1 -> +1 in (17): {wbest:.1f} digits")


EQ16 = Claim(id="DERF-Eq16", paper="DERF", rule="verified-as-printed", location="App. A.2, Eqs. (16)-(17)", verdict="verified",
    statement="$h(\\gamma) = \\log(\\gamma+1) - \\frac12\\log\\gamma - \\log 2 + \\phi\\gamma$; $h' = \\phi + \\frac{\\gamma-1}{2\\gamma(\\gamma+1)} = \\frac{2\\phi\\gamma^2 + (2\\phi+1)\\gamma - 1}{2\\gamma(\\gamma+1)}$.",
    evidence="sympy substitution and differentiation; (17) agrees with a central difference of the library's $f$ to 30+ digits.",
    checks=[Check("sympy", "symbolic", _eq16_17_symbolic,
                  exercises=("rfsym.derf.lemma_a1_h_expr", "rfsym.derf.lemma_a1_hprime_expr"), route="sympy",
                  control="constant -1 -> +1"),
            Check("central difference of f(14)", "numeric", _eq16_numeric,
                  exercises=("rfsym.derf.lemma_a1_objective",), route="mpmath, step 1e-20",
                  control="constant -1 -> +1")],
    no_witness={"montecarlo": _NO_MC_DET})


def _eq18_19_symbolic():
    g, phi = sp.Symbol("gamma"), sp.Symbol("phi", positive=True)
    s = sp.sqrt((2 * phi + 1) ** 2 + 8 * phi)
    gm, gp = (-(2 * phi + 1) - s) / (4 * phi), (-(2 * phi + 1) + s) / (4 * phi)
    poly = 2 * phi * g ** 2 + (2 * phi + 1) * g - 1
    r = [sp.simplify(poly.subs(g, v)) for v in (gm, gp)]
    d19 = sp.simplify(gp - 2 / (2 * phi + 1 + s))
    a = sp.simplify((1 - 1 / (2 / (2 * phi + 1 + s))) / 8 - (1 - 2 * phi - s) / 16)
    at0 = (2 / (2 * phi + 1 + s)).subs(phi, 0)
    ok = r == [0, 0] and d19 == 0 and a == 0 and at0 == 1
    wrong = sp.simplify(gp - 2 / (2 * phi + 1 - s))
    return Outcome(ok, f"sympy: both (18) roots annihilate the numerator of (17) ({r}); (18)+ - (19) = {d19}; (19) at phi = 0 "
                   f"gives gamma* = {at0}; (1 - 1/gamma*)/8 - (15) = {a}", agreement="symbolic identity",
                   control_rejected=wrong != 0, control_detail="denominator 2phi + 1 - sqrt(...) rejected")


def _eq18_numeric():
    """Roots of the numerator of (17) by mp.polyroots vs (18)/(19) and the library's A* = (1 - 1/gamma*)/8."""
    worst, wbest = math.inf, 0.0
    for ph in ("1e-6", "0.37", "5", "1e4"):
        with mp.workdps(50):
            phi = mpmath.mpf(ph)
            roots = sorted(mp.polyroots([2 * phi, 2 * phi + 1, -1], extraprec=200), key=lambda r: mpmath.re(r))
            sq = mp.sqrt((2 * phi + 1) ** 2 + 8 * phi)
            gp = 2 / (2 * phi + 1 + sq)
            a_lib = derf.lemma_a1_argmin(ph, dps=45)
            worst = min(worst, agreeing_digits(mpmath.re(roots[1]), gp),
                        agreeing_digits((-(2 * phi + 1) - sq) / (4 * phi), mpmath.re(roots[0])),
                        agreeing_digits((1 - 1 / mpmath.re(roots[1])) / 8, a_lib))
            wbest = max(wbest, agreeing_digits((1 - 1 / mpmath.re(roots[0])) / 8, a_lib))
    return Outcome(worst >= 30, f"mp.polyroots of 2 phi g^2 + (2 phi + 1) g - 1 at phi = 1e-6, 0.37, 5, 1e4: the roots equal "
                   f"(18) and the positive one (19), and (1 - 1/gamma+)/8 equals lemma_a1_argmin: >= {worst:.1f} digits",
                   agreement=f"{worst:.0f} digits", control_rejected=wbest < 2,
                   control_detail=f"the negative root gamma- mapped to A: {wbest:.1f} digits")


EQ18 = Claim(id="DERF-Eq18", paper="DERF", rule="verified-as-printed", location="App. A.2, Eqs. (18)-(19)", verdict="verified",
    statement="The roots of the numerator of (17) are (18); $\\gamma^*_+ = 2/(2\\phi + 1 + \\sqrt{(2\\phi+1)^2 + 8\\phi})$ (19), also at $\\phi = 0$; $A^* = (1 - 1/\\gamma^*)/8$ gives (15).",
    evidence="sympy; polynomial roots by mpmath agree with (18), (19) and the library's $A^*$ to 30+ digits.",
    checks=[Check("sympy", "symbolic", _eq18_19_symbolic, route="sympy substitution", control="2phi + 1 - sqrt(...)"),
            Check("mp.polyroots", "numeric", _eq18_numeric, exercises=("rfsym.derf.lemma_a1_argmin",),
                  route="mp.polyroots at 50 digits", control="the negative root")],
    no_witness={"montecarlo": _NO_MC_DET})


CLAIMS = [LEMA_1, EQ16, EQ18]
