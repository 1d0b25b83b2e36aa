"""Section 3, Thm 3.5 (bound (27), its limits, (66) of App. D.3) and the summaries of Thm 3.5 in Sec. 1
and Sec. 3.

* ``HRF-Thm3.5`` erratum (major) -- Sec. 3, Thm 3.5, Eq. (27) (proof App. D.3)
* ``HRF-Thm3.5-limits`` erratum (typo) -- Sec. 3, Thm 3.5 (second part)
* ``HRF-Eq66`` erratum (typo) -- App. D.3, Eq. (66)
* ``HRF-Sec3`` erratum (major) -- Sec. 3, text before Thm 3.5
* ``HRF-Sec1`` verified (forced reading: equal m) -- Sec. 3 opening sentence; Abstract; Sec. 1
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy
from mpmath import mp

from ... import hrf
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import variance_of, z_check
from .. import witnesses as W
from ._checks import _ez, _ez_ctl, _sq_err_witness, controlled, _derivation_thm35, _digits, _f, _NO_MC_BOUND, _rng_second, _thm35_sym

CLAIMS: list = []


NS = list(range(1, 17)) + [32, 64]
RS = [1, 1.25, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 12, 15, 20, 30, 40, 60, 80]


def _thm35_sweep():
    """Float sweep over the whole domain + decisive mp values at the failing points."""
    fails = []
    worst_corr = 0.0
    for n in NS:
        for r in RS:
            q = thm_ratio = float(hrf.thm35_ratio_np(r, n))
            if thm_ratio > 1:
                fails.append((n, r, q))
            worst_corr = max(worst_corr, float(hrf.thm35_ratio_np(r, n, corrected=True)))
    return fails, worst_corr


def _thm35_fail():
    radii = {n: hrf.thm35_failure_radius(n, dps=8) for n in (1, 2, 3, 4, 8, 16)}
    # decisive exact values at two points with r <= 10
    e5 = hrf.max_relative_error_angular_hybrid(5, 1, 1, dps=15, return_theta=True)
    b5 = hrf.thm35_bound(5, 1, 1, dps=15)
    e10 = hrf.max_relative_error_angular_hybrid(10, 10, 2, dps=15)
    b10 = hrf.thm35_bound(10, 10, 2, dps=15)
    fails, _ = _thm35_sweep()
    in_domain = sorted({n for n, r, q in fails if r <= 10})
    # single crossing: along the r grid the failing radii form a suffix for every n
    suffix = all({r for nn, r, q in fails if nn == n} == {r for r in RS if r >= min([rr for nn, rr, q in fails if nn == n] or [1e9])}
                 for n in NS)
    ok_suffix = suffix
    ok = e5[0] > b5 and e10 > b10 and ok_suffix and all(radii[n] is not None for n in radii)
    return controlled(ok, "(27) fails: r=5, m=n=1: eps_S(r) = " + _f(e5[0], 10) + f" (at theta = {_f(e5[1], 6)}) > bound {_f(b5, 10)}; "
                           f"r=10, m=10, n=2: {_f(e10, 10)} > {_f(b10, 10)}. Failure radius r*(n) where eps = bound: "
                           + ", ".join(f"n={n}: {_f(v, 6)}" for n, v in radii.items())
                           + f". Within r<=10 it fails for n in {in_domain}; on the sweep grid (r in [1,80], n in 1..16,32,64) the "
                           f"failing radii form a tail r > r*(n) for every n (single crossing); r* grows ~ linearly in n.", "the printed (27) (must be exceeded)",
                      domain={"n (sweep)": ", ".join(map(str, NS)) + " (failure radii r*(n) computed at n = "
                                           + ", ".join(map(str, radii)) + ")",
                              "r (sweep)": ", ".join(f"{r:g}" for r in RS)})


def _thm35_independent():
    """Library max over angles vs golden-section search on the definitions (+ quadrature at the argmax)."""
    rows, worst, ctrl, fails = [], 40, 0, []
    for r, m, n in ((5, 1, 1), (10, 10, 2), ("2.5", 3, 4)):
        lib, th_lib = hrf.max_relative_error_angular_hybrid(r, m, n, dps=20, return_theta=True)
        ind, th = W.max_relative_error_search(r, m, n, dps=20)
        qd = W.relative_error_quad(th, r, m, n, dps=20)
        b27 = hrf.thm35_bound(r, m, n, dps=20)
        bc = hrf.thm35_bound_corrected(r, m, n, dps=20)
        worst = min(worst, _digits(lib, ind), _digits(qd, ind))
        ctrl = max(ctrl, _digits(lib * (1 + mpmath.mpf(10) ** -3), ind))
        fails.append((ind > b27, ind <= bc))
        rows.append(f"(r,m,n)=({r},{m},{n}): max eps = {_f(ind, 12)} at theta = {_f(th, 8)} (quadrature at that angle "
                    f"{_f(qd, 12)}); printed (27) {_f(b27, 12)}; corrected {_f(bc, 12)}")
    # the failure radius r*(n): the independent max equals (27) there
    rad_dev = []
    for n in (1,):
        rs = hrf.thm35_failure_radius(n, dps=8)
        with mp.workdps(30):
            ind, _ = W.max_relative_error_search(rs, 1, n, dps=20)
            rad_dev.append((n, rs, abs(ind / hrf.thm35_bound(rs, 1, n, dps=20) - 1)))
    ok_rad = all(rs > 1 and dev < mpmath.mpf(10) ** -6 for _, rs, dev in rad_dev)
    ok = (worst >= 12 and fails[0] == (True, True) and fails[1] == (True, True) and fails[2] == (False, True) and ok_rad)
    # r* is verified to 8 digits, so the residual there is noise below ~1e-8: state the bound, not the noise
    rows.append("failure radii: " + ", ".join(
        f"r*({n}) = {_f(rs, 10)} (|independent max / (27) - 1| " + ("< 1e-8)" if dev < mpmath.mpf(10) ** -8 else f"= {_f(dev, 2)})")
        for n, rs, dev in rad_dev))
    return Outcome(ok, "; ".join(rows) + f"; library max agrees to >= {worst} digits; (27) fails at the first two points, "
                   "the corrected bound holds at all three",
                   agreement=f"{worst} digits", control_rejected=ctrl <= 4,
                   control_detail=f"library max x(1+1e-3) agrees to only {ctrl} digits")


def _thm35_scan():
    """Exact max / corrected bound on a grid reaching r = 80 and n = 1000 (third witness, a scan)."""
    worst, pts = 0.0, 0
    for n in (1, 2, 3, 8, 64, 1000):
        for r in (1, "1.5", 3, 7, 15, 40, 80):
            q = hrf.thm35_ratio(r, n, corrected=True, dps=10)
            worst = max(worst, float(q))
            pts += 1
    qtight = float(hrf.thm35_ratio(80, 1, corrected=True, dps=10))
    # thm35_ratio itself against the independent maximum at two points
    dg = 40
    for r, n in ((3, 2), (15, 8)):
        ind, _ = W.max_relative_error_search(r, 1, n, dps=15)
        dg = min(dg, _digits(hrf.thm35_ratio(r, n, corrected=True, dps=12), ind / hrf.thm35_bound_corrected(r, 1, n, dps=15)),
                 _digits(hrf.thm35_ratio(r, n, dps=12), ind / hrf.thm35_bound(r, 1, n, dps=15)))
    # the float64 grid version (a lower bound of the maximum, used for the single-crossing sweep) against it
    npq = [(float(hrf.thm35_ratio_np(r, n)), float(hrf.thm35_ratio(r, n, dps=12))) for r, n in ((3, 2), (15, 8))]
    np_ok = all(q_exact * (1 - 1e-4) <= q_np <= q_exact * (1 + 1e-12) for q_np, q_exact in npq)
    ok = worst < 1 and dg >= 10 and np_ok
    return Outcome(ok, f"max over {pts} grid points (r up to 80, n up to 1000) of exact max eps / corrected bound = "
                       f"{worst:.6f} < 1 (at r = 80, n = 1: {qtight:.6f}); thm35_ratio agrees with the independent maximum over "
                       f"the bound to >= {dg} digits at (r, n) = (3, 2), (15, 8); the float64 grid ratio is within "
                       f"{max(1 - a / b for a, b in npq):.1e} below it there",
                   agreement=f"ratio <= {worst:.4f}", control_rejected=worst > float(np.sqrt(np.pi / (2 * np.e))) * 0.5,
                   control_detail=f"a bound {1 / worst:.3f}x tighter would fail (ratio reaches {worst:.4f})")


CLAIMS.append(Claim(
    id="HRF-Thm3.5", summary='The max-relative-error bound (27) of the angular hybrid is false once the radius $r$ exceeds $r^*(n)$ ($r^*(1)\\approx4.13$), because it rests on (64); with (64) repaired the same proof gives a valid bound, larger by a factor $\\sqrt r$ in one term.', paper="HRF", location="Sec. 3, Thm 3.5, Eq. (27) (proof App. D.3)",
    statement=(r"For $r\ge1$: "
               r"$\epsilon_{S(r)}(\widehat{\mathrm{SM}}^{\mathrm{anghyb}}_{m,n})\le\frac1r\sqrt{\frac1{2m}}\,W(r)\sqrt{\frac1\pi-\frac1{n\pi}+\frac1{n\sqrt\pi}}$, "
               "$W(r)=e^{2r^2}(1-e^{-4r^2})$."),
    verdict="erratum", severity="major", rule="erratum-major", root_cause="HRF:thm35-rate",
    conventions=("HRF:max-relative-error",),
    readings=(
        Reading('literal',
                '(27) for every r >= 1, m, n',
                False, 'r = 5, m = n = 1: eps_S(r) = 6.060374752e+20 > bound 5.507463465e+20; r*(1) = 4.12766'),
        Reading("charitable: the paper's own (65) with 1/sqrt(r) is meant (defence counsel)",
                '(27) as a transcription of (65)',
                False, '(27) is what the theorem states and is false for r > r*(n): r*(2) = 6.2336, r*(16) = 35.6566'),
    ),
    defence="The appendix's (65), as transcribed, carries 1/sqrt(r) and is a valid bound; (27) copies it with r for sqrt(r), and the qualitative claim does not depend on (27) (defence counsel).",
    defeated_by='The theorem as stated is false for every n beyond r*(n) (6.060374752e+20 > 5.507463465e+20 at r = 5, m = n = 1): the result does not hold as stated, major; HRF-Eq64 is its root cause and is counted with it.',
    correction=("(27) fails for every $n$ once $r$ exceeds $r^*(n)$: $r^*(1)=4.12766$, $r^*(2)=6.2336$, "
                "$r^*(3)=8.33713$, $r^*(4)=10.4397$, $r^*(8)=18.8466$, $r^*(16)=35.6566$ (growing about "
                "linearly in $n$). With (64) repaired the same proof gives the valid bound "
                r"$\epsilon_{S(r)}\le\frac{W(r)}{r\sqrt{2m}}\sqrt{\frac{1-1/n}{\pi}+\frac{r}{n\sqrt\pi}}$ for "
                r"all $r>0$, $n,m\ge1$ (certified symbolically); the max error grows like $e^{2r^2}/\sqrt r$ "
                "for fixed $n$."),
    evidence=("(27) is false for every n once r exceeds a radius r*(n) that grows linearly in n; the corrected "
              "bound is proven for every r > 0 by a symbolic certificate (Jordan's inequality + max of s "
              "e^{-s}), with spare factors pi/(2e) in (63) and sqrt(pi/(2e)) in the repaired (64). Recorded "
              "check output: [numeric] (27) fails: r=5, m=n=1: eps_S(r) = 6.060374752e+20 (at theta = 0.141658) "
              "> bound 5.507463465e+20; r=10, m=10, n=2: 1.350104451e+85 > 1.073306134e+85. Failure radius "
              "r*(n) where eps = bound: n=1: 4.12766, n=2: 6.2336, n=3: 8.33713, n=4: 10.4397, n=8: 18.8466, "
              "n=16: 35.6566. Within r<=10 it fails for n in [1, 2, 3]; on the sweep grid (r in [1,80], n in "
              "1..16,32,64) the failing radii form a tail r > r*(n) for every n (single crossing); r* grows ~ "
              "linearly in n. | [numeric] (r,m,n)=(5,1,1): max eps = 6.06037475181e+20 at theta = 0.14165821 "
              "(quadrature at that angle 6.06037475181e+20); printed (27) 5.50746346473e+20; corrected "
              "1.23150626907e+21; (r,m,n)=(10,10,2): max eps = 1.35010445053e+85 at theta = 0.071523845 "
              "(quadrature at that angle 1.35010445053e+85); printed (27) 1.07330613439e+85; corrected "
              "2.78931145269e+85; (r,m,n)=(2.5,3,4): max eps = 14544.9544455 at theta = 0.316604 (quadrature at "
              "that angle 14544.9544455); printed (27) 27004.2006739; corrected 33696.7505219; failure radii: "
              "r*(1) = 4.127661112 (|independent max / (27) - 1| < 1e-8); library max agrees to >= 25 digits; "
              "(27) fails at the first two points, the corrected bound holds at all three | [symbolic] "
              "certificate for all r > 0, m, n >= 1 -- Jordan: g(u) = sin u - 2u/pi at 0 and pi/2, and g''(u): "
              "(0, 0, -sin(u)); max_s s e^{-s} (s = 4 r^2 theta^2/pi^2): exp(-1); sup e^{-2r^2} b^1_r / printed "
              "(63): pi*exp(-1)/2; max_v v e^{-v^2} (v = 2 r theta/pi): sqrt(2)*exp(-1/2)/2; sup e^{-2r^2} "
              "b^2_r / repaired (64): sqrt(2)*sqrt(pi)*exp(-1/2)/2; sup e^{-2r^2} b^2_r / printed (64): "
              "sqrt(2)*sqrt(pi)*r*exp(-1/2)/2; certified bound on eps_S(r)^2: (1 - exp(-4*r**2))**2*((1 - "
              "1/n)/pi + r/(sqrt(pi)*n))*exp(4*r**2)/(2*m*r**2). The sympy bound equals "
              "hrf.thm35_bound_corrected, and the printed (27), (65) equal hrf.thm35_bound, hrf.eq65_bound, to "
              ">= 40 digits. Failure of (27) for every n: at theta0 = 1/(sqrt2 r), eps^2/(27)^2 >= r * L(n) (1 "
              "+ o(1)) with L(n) = 0.242 (n=1), 0.08987 (n=4), 0.006621 (n=64) > 0, unbounded in r | [numeric] "
              "max over 42 grid points (r up to 80, n up to 1000) of exact max eps / corrected bound = 0.498510 "
              "< 1 (at r = 80, n = 1: 0.491906); thm35_ratio agrees with the independent maximum over the bound "
              "to >= 16 digits at (r, n) = (3, 2), (15, 8); the float64 grid ratio is within 4.6e-07 below it "
              "there"),
    checks=(
        Check("where (27) fails (exact max over angles)", "numeric", _thm35_fail,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid", "rfsym.hrf.thm35_bound", "rfsym.hrf.thm35_failure_radius", "rfsym.hrf.thm35_ratio_np"),
              route="exact max over angles (bracketed root of h') and bisection for the failure radius",
              control="the printed (27) (must be exceeded)"),
        Check("independent maximum over angles", "numeric", _thm35_independent,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid", "rfsym.hrf.thm35_bound", "rfsym.hrf.thm35_bound_corrected", "rfsym.hrf.thm35_failure_radius"),
              route="golden-section search on the definitions, quadrature at the argmax",
              control="library max x(1+1e-3)"),
        Check("certificate of the corrected bound for every r; failure for every n", "symbolic", _thm35_sym,
              exercises=("rfsym.hrf.thm35_bound_corrected", "rfsym.hrf.thm35_bound", "rfsym.hrf.eq65_bound"),
              route="sympy certificate for every r > 0 (Jordan + max s e^-s) and the r -> oo limit",
              control="the printed (64) must not be certifiable"),
        Check("scan of the corrected bound up to r = 80, n = 1000", "numeric", _thm35_scan,
              exercises=("rfsym.hrf.thm35_ratio", "rfsym.hrf.thm35_ratio_np"),
              route="exact max / corrected bound at 42 (r, n) up to r = 80, n = 1000",
              control="a bound 2x tighter"),
    ),
    no_witness={"montecarlo": _NO_MC_BOUND},
    derivation=_derivation_thm35,
))


def _thm35_limits():
    rows = []
    ok = True
    for r, m, n in ((1, 1, 1), ("2.5", 3, 4)):
        c = hrf.thm35_limit_constant(r, m, n, dps=15)
        for th in ("1e-12",):
            e0 = hrf.relative_error_angular_hybrid(th, r, m, n, dps=20)
            with mp.workdps(40):
                t = mpmath.mpf(th)
                q0 = e0 / mp.sqrt(t)
                thp = mp.pi - t
            ep = hrf.relative_error_angular_hybrid(thp, r, m, n, dps=15)
            with mp.workdps(30):
                qp = ep / mp.sqrt(t)
                printed = ep / mp.sqrt(mpmath.mpc(thp - mp.pi))
            ok &= abs(q0 / c - 1) < 1e-6 and abs(qp / c - 1) < 1e-6 and abs(mpmath.im(printed)) > 0
            rows.append(f"(r,m,n)=({r},{m},{n}): eps/sqrt(theta) at 1e-12 = {_f(q0, 10)}, eps/sqrt(pi-theta) = "
                        f"{_f(qp, 10)}, constant = {_f(c, 10)}; printed eps/sqrt(theta-pi) = {_f(printed, 5)} (imaginary)")
    th, r, n, h = hrf.h_expr()
    lim = sympy.limit(h / th, th, 0, "+")
    target = sympy.exp(2 * r ** 2) * (1 - sympy.exp(-4 * r ** 2)) ** 2 / (n * sympy.pi)
    sym_ok = sympy.simplify(lim * sympy.exp(-2 * r ** 2) - target * sympy.exp(-2 * r ** 2)) == 0
    return controlled(ok and sym_ok, "; ".join(rows) + f"; sympy: lim h_r(theta)/theta = {lim}", "the printed normaliser sqrt(theta - pi) (imaginary)")


def _thm35_limits_sym():
    """sympy: lim h_r(theta)/theta = e^{2r^2}(1-e^{-4r^2})^2/(n pi) as theta -> 0+, hence the constant of Thm 3.5."""
    th, r, n, h = hrf.h_expr()
    lim = sympy.limit(h / th, th, 0, "+")
    target = sympy.exp(2 * r ** 2) * (1 - sympy.exp(-4 * r ** 2)) ** 2 / (n * sympy.pi)
    d = sympy.simplify((lim - target) * sympy.exp(-2 * r ** 2))
    bad = sympy.simplify((lim - 2 * target) * sympy.exp(-2 * r ** 2))  # the constant without the 1/2 of 1/sqrt(2 pi mn)
    return Outcome(d == 0, f"sympy: lim_(theta->0+) h_r(theta)/theta = {lim}; so eps/sqrt(theta) -> W(r)/sqrt(2 pi m n)",
                   agreement="exact (sympy)", control_rejected=bad != 0, control_detail="twice the limit rejected")


CLAIMS.append(Claim(
    id="HRF-Thm3.5-limits", paper="HRF", location="Sec. 3, Thm 3.5 (second part)",
    statement=(r"$\lim_{\theta\to0}\frac{\epsilon_{\theta,r}}{\sqrt\theta}=\lim_{\theta\to\pi}\frac{\epsilon_{\theta,r}}{\sqrt{\theta-\pi}}=\sqrt{\frac1{2\pi "
               r"mn}}\,W(r)$."),
    verdict="erratum", severity="typo", rule="erratum-typo",
    conventions=("HRF:max-relative-error",),
    readings=(
        Reading('literal',
                'eps / sqrt(theta - pi) at theta -> pi',
                False, 'printed eps/sqrt(theta-pi) = (0.0 - 2.8938j) (imaginary)'),
        Reading('charitable: sqrt(pi - theta), as the preceding sentence says',
                'the symmetric limit',
                False, 'the printed normaliser is still imaginary on [0, pi]; with sqrt(pi - theta) the limit is 2.893815924'),
    ),
    defence="The text just before says 'scales as sqrt(theta) and sqrt(pi - theta)', which fixes the intent (defence counsel).",
    defeated_by='As printed the normaliser is imaginary (0.0 - 2.8938j); intent clear from the text: typo.',
    correction=(r"At $\theta\to\pi$ the normaliser must be $\sqrt{\pi-\theta}$ ($\sqrt{\theta-\pi}$ is "
                r"imaginary on $[0,\pi]$); with it both limits equal $\sqrt{\frac1{2\pi mn}}\,W(r)$."),
    evidence=("[numeric] (r,m,n)=(1,1,1): eps/sqrt(theta) at 1e-12 = 2.893815924, eps/sqrt(pi-theta) = "
              "2.893815924, constant = 2.893815924; printed eps/sqrt(theta-pi) = (0.0 - 2.8938j) (imaginary); "
              "(r,m,n)=(2.5,3,4): eps/sqrt(theta) at 1e-12 = 30902.98753, eps/sqrt(pi-theta) = 30902.98753, "
              "constant = 30902.98753; printed eps/sqrt(theta-pi) = (0.0 - 30903.0j) (imaginary); sympy: lim "
              "h_r(theta)/theta = (exp(8*r**2) - 2*exp(4*r**2) + 1)*exp(-6*r**2)/(pi*n) | [symbolic] sympy: "
              "lim_(theta->0+) h_r(theta)/theta = (exp(8*r**2) - 2*exp(4*r**2) + 1)*exp(-6*r**2)/(pi*n); so "
              "eps/sqrt(theta) -> W(r)/sqrt(2 pi m n)"),
    checks=(
        Check("limits at high precision and sympy", "numeric", _thm35_limits,
              exercises=("rfsym.hrf.relative_error_angular_hybrid", "rfsym.hrf.thm35_limit_constant", "rfsym.hrf.h_expr"),
              route="eps/sqrt(theta) at theta = 1e-12 at 20+ digits; sympy limit of h/theta",
              control="the printed normaliser sqrt(theta - pi) (imaginary)"),
        Check("sympy limit of h/theta", "symbolic", _thm35_limits_sym, exercises=("rfsym.hrf.h_expr",),
              route="sympy limit of h_r(theta)/theta", control="twice the limit"),
    ),
    no_witness={"montecarlo": "limits theta -> 0, pi of exact functions; not a sampled quantity"},
))


def _eq66_num():
    th, r, m, n = mpmath.mpf("0.4"), 2, 1, 1
    e = hrf.relative_error_angular_hybrid(th, r, m, n, dps=20)
    with mp.workdps(30):
        xv = [mpmath.mpf(2), 0]
        yv = [2 * mp.cos(th), 2 * mp.sin(th)]
    mse = hrf.angular_hybrid_mse(xv, yv, m, n, dps=20)
    with mp.workdps(30):
        direct = mp.sqrt(mse) / mp.exp(4 * mp.cos(th))
        printed = mp.exp(2 * 4) / mp.sqrt(2 * m) * mp.sqrt(hrf._g(th, mpmath.mpf(2), n) * mp.exp(8))
    ok = abs(e / direct - 1) < 1e-15 and abs(printed / direct - 1) > 1
    return controlled(ok, f"theta=0.4, r=2, m=n=1: sqrt(MSE)/SM = {_f(direct, 10)} = e^(r^2)/sqrt(2m) sqrt(h) (48); "
                           f"(66) as printed e^(2r^2)/sqrt(2m) sqrt(h) = {_f(printed, 10)} (factor e^(r^2) = {_f(mp.exp(4), 6)} too big)", "printed (66) with e^{2r^2}")


def _eq66_sym():
    th, r, n, h = hrf.h_expr()
    m = sympy.Symbol("m", positive=True)
    e48 = sympy.exp(r ** 2) / sympy.sqrt(2 * m) * sympy.sqrt(h)
    e66 = sympy.exp(2 * r ** 2) / sympy.sqrt(2 * m) * sympy.sqrt(h)
    q = sympy.simplify(e66 / e48)
    return Outcome(q != 1, f"sympy: (66) / (48) = {q} (not 1): (66) overstates the relative error by e^(r^2)",
                   agreement="exact (sympy)", control_rejected=sympy.simplify(e48 / e48) == 1,
                   control_detail="(48) itself gives ratio 1")


CLAIMS.append(Claim(
    id="HRF-Eq66", paper="HRF", location="App. D.3, Eq. (66)",
    statement=(r"$\epsilon_{S(r)}(\widehat{\mathrm{SM}}^{\mathrm{anghyb}}_{m,n})=\frac{e^{2r^2}}{\sqrt{2m}}\sqrt{h_r(\theta)}$."),
    verdict="erratum", severity="typo", rule="erratum-typo",
    conventions=("HRF:max-relative-error",),
    readings=(
        Reading('literal',
                'the left side is eps_S(r) and the factor e^{2r^2}',
                False, '(66) as printed 29946.27327 vs sqrt(MSE)/SM = 548.4851273'),
        Reading('charitable: (66) restates (48) a few lines above',
                'per-angle error with e^{r^2}',
                False, 'the printed factor overstates it by e^(r^2) = 54.5982'),
    ),
    defence='(48) a few lines above has the right left side and factor e^{r^2} (defence counsel).',
    defeated_by='As printed (66) is off by e^(r^2) = 54.5982 (29946.27327 vs 548.4851273); intent clear from (48): typo.',
    correction=(r"$\epsilon_{\theta,r}=\frac{e^{r^2}}{\sqrt{2m}}\sqrt{h_r(\theta)}$ as in (48) (left side per "
                "angle, factor $e^{r^2}$, not $e^{2r^2}$)."),
    evidence=("[numeric] theta=0.4, r=2, m=n=1: sqrt(MSE)/SM = 548.4851273 = e^(r^2)/sqrt(2m) sqrt(h) (48); "
              "(66) as printed e^(2r^2)/sqrt(2m) sqrt(h) = 29946.27327 (factor e^(r^2) = 54.5982 too big) | "
              "[symbolic] sympy: (66) / (48) = exp(r**2) (not 1): (66) overstates the relative error by e^(r^2)"),
    checks=(
        Check("vs the definition", "numeric", _eq66_num,
              exercises=("rfsym.hrf.relative_error_angular_hybrid", "rfsym.hrf.angular_hybrid_mse"),
              route="sqrt(MSE)/SM on explicit vectors", control="printed (66) with e^{2r^2}"),
        Check("sympy ratio (66)/(48)", "symbolic", _eq66_sym, exercises=("rfsym.hrf.h_expr",),
              route="sympy ratio", control="(48) itself"),
    ),
    no_witness={"montecarlo": "a factor typo in a deterministic rewrite"},
))


def _sec3_scaling():
    rows = []
    vals = []
    for r in (10, 20, 40, 80):
        e = hrf.max_relative_error_angular_hybrid(r, 1, 1, dps=12)
        with mp.workdps(30):
            q_paper = e * r / mp.exp(2 * r ** 2)
            q_true = e * mp.sqrt(r) / mp.exp(2 * r ** 2)
        vals.append((q_paper, q_true))
        rows.append(f"r={r}: eps*r/e^(2r^2) = {_f(q_paper, 6)}, eps*sqrt(r)/e^(2r^2) = {_f(q_true, 6)}")
    with mp.workdps(30):
        lim = mp.sqrt(mp.exp(-0.5) / (2 * mp.sqrt(2) * mp.pi))
    grows = vals[-1][0] / vals[0][0] > 2.5
    conv = abs(vals[-1][1] / lim - 1) < 0.02
    return controlled(grows and conv, "; ".join(rows) + f"; sqrt(r)-scaled values tend to sqrt(e^(-1/2)/(2 sqrt2 pi m n)) = "
                                       f"{_f(lim, 6)}: the max error grows like e^(2r^2)/sqrt(r), not e^(2r^2)/r", "the printed rate e^{2r^2}/r (normalised value must stay bounded)")


def _sec3_sym():
    """sympy: certified upper bound and lower bound of eps_S(r) both ~ e^{2r^2}/sqrt(r); the printed rate
    (1/r) e^{2r^2} would need eps r e^{-2r^2} bounded, but its lower bound tends to infinity."""
    c = W.thm35_certificate()
    r, m, n = c["symbols"]
    up = c["bound_sq"]  # eps^2 <= up
    fa = W.thm35_failure_asymptotics()
    ra, na = fa["r"], fa["n"]
    C = 1 / sympy.pi - 1 / (na * sympy.pi) + 1 / (na * sympy.sqrt(sympy.pi))
    lower = sympy.simplify(fa["ratio_sq"] * (1 - sympy.exp(-4 * ra ** 2)) ** 2 * C / ra ** 2)  # eps^2 e^{-4r^2} 2m >= lower
    lo_lim = sympy.simplify(sympy.limit(lower * ra, ra, sympy.oo))
    up_lim = sympy.simplify(sympy.limit(up * 2 * m * r * sympy.exp(-4 * r ** 2), r, sympy.oo))
    printed_lim = sympy.limit(lower * ra ** 2, ra, sympy.oo)
    ok_sym = bool(lo_lim.subs(na, 1) > 0) and bool(up_lim.subs(n, 1) < sympy.oo) and printed_lim == sympy.oo
    # the library max at r = 20 (n = 1, m = 1) lies between the two bounds
    e = hrf.max_relative_error_angular_hybrid(20, 1, 1, dps=15)
    with mp.workdps(30):
        lo_v = mp.sqrt(mp.exp(4 * 400) / 2 * mpmath.mpf(str(sympy.N(lower.subs({ra: 20, na: 1}), 40))))
        up_v = mp.sqrt(mpmath.mpf(str(sympy.N(up.subs({r: 20, m: 1, n: 1}), 40))))
        lim_c = mp.sqrt(mpmath.mpf(str(sympy.N(lo_lim.subs(na, 1), 40))) / 2)
        q = e * mp.sqrt(20) / mp.exp(2 * 400)
    ok = ok_sym and lo_v <= e <= up_v
    return Outcome(ok, (f"sympy: 2m e^(-4r^2) eps^2 >= L(r) with r L(r) -> {lo_lim} and <= U(r) with r U(r) -> {up_lim} "
                        f"(r -> oo): eps_S(r) = Theta(e^(2r^2)/sqrt(r)), lower constant sqrt(L/2) = {_f(lim_c, 8)} (m = n = 1); "
                        f"r^2 L(r) -> {printed_lim}; library max at r = 20, n = m = 1 in [{_f(lo_v, 6)}, {_f(up_v, 6)}]: "
                        f"{_f(e, 8)} (eps sqrt(r) e^(-2r^2) = {_f(q, 8)})"),
                   agreement="exact limits (sympy)", control_rejected=printed_lim == sympy.oo,
                   control_detail="printed rate e^(2r^2)/r rejected: eps r e^(-2r^2) -> oo")


CLAIMS.append(Claim(
    id="HRF-Sec3", summary="The angular hybrid's max-relative-error grows as $e^{2r^2}/\\sqrt r$, not $e^{2r^2}/r$: still a gain over trigonometric and positive features, by $\\sqrt r$ only.", paper="HRF", location="Sec. 3, text before Thm 3.5",
    statement=(r"The max-relative-error of the angular hybrid scales as $\frac1r e^{2r^2}$ in $r$ (vs "
               "$e^{2r^2}$ for trig/++)."),
    verdict="erratum", severity="major", rule="erratum-major", root_cause="HRF:thm35-rate",
    conventions=("HRF:max-relative-error",),
    readings=(
        Reading('literal: fixed m, n',
                'the max relative error scales as e^{2r^2}/r',
                False, 'eps*r/e^(2r^2) = 0.826274 (r = 10), 2.33682 (r = 80): unbounded; eps*sqrt(r)/e^(2r^2) -> 0.261264'),
        Reading('charitable: n growing with r, or the exact coefficient (defence counsel)',
                'the 1/r rate when n >= r',
                False, 'the sentence compares estimators at fixed m, n (Thm 3.5); there the rate is e^{2r^2}/sqrt(r) (constant 0.261264)'),
    ),
    defence='The 1/r rate holds when n grows with r, and the point of the sentence, a gain over e^{2r^2} that grows with r, holds for every fixed n (defence counsel).',
    defeated_by=('For fixed n the rate is e^{2r^2}/sqrt(r) (eps*sqrt(r)/e^(2r^2) -> 0.261264, eps*r/e^(2r^2) grows to '
                 '2.33682 at r = 80). This sentence is the main-text statement of the rate of Thm 3.5, the paper\'s main '
                 'result, and fails for the same reason, the step (64): rule erratum-major, graded as the theorem '
                 '(HRF-Thm3.5, HRF-Eq64; root cause HRF:thm35-rate), although a gain over e^{2r^2} (by sqrt(r)) '
                 'survives.'),
    correction=(r"For fixed $m,n$ it scales as $e^{2r^2}/\sqrt r$: $\epsilon_{S(r)}\sqrt "
                r"r\,e^{-2r^2}\to\sqrt{e^{-1/2}/(2\sqrt2\,\pi mn)}$. Still a gain over $e^{2r^2}$, by $\sqrt r$ "
                "only."),
    evidence=("Major under the rulebook (minor before): the main-text statement of the rate of Thm 3.5, off by "
              "the factor sqrt(r), unbounded in r, for fixed n; it restates the false bound (27) and shares its root "
              "cause (64), so it is graded as the theorem. A gain over e^(2r^2) by sqrt(r) survives (correction). "
              "Recorded check output: [numeric] r=10: eps*r/e^(2r^2) = 0.826274, "
              "eps*sqrt(r)/e^(2r^2) = 0.261291; r=20: eps*r/e^(2r^2) = 1.16844, eps*sqrt(r)/e^(2r^2) = 0.26127; "
              "r=40: eps*r/e^(2r^2) = 1.65239, eps*sqrt(r)/e^(2r^2) = 0.261265; r=80: eps*r/e^(2r^2) = 2.33682, "
              "eps*sqrt(r)/e^(2r^2) = 0.261264; sqrt(r)-scaled values tend to sqrt(e^(-1/2)/(2 sqrt2 pi m n)) = "
              "0.261264: the max error grows like e^(2r^2)/sqrt(r), not e^(2r^2)/r | [symbolic] sympy: 2m "
              "e^(-4r^2) eps^2 >= L(r) with r L(r) -> sqrt(2)*exp(-1/2)/(2*pi*n) and <= U(r) with r U(r) -> "
              "1/(sqrt(pi)*n) (r -> oo): eps_S(r) = Theta(e^(2r^2)/sqrt(r)), lower constant sqrt(L/2) = "
              "0.26126362 (m = n = 1); r^2 L(r) -> oo; library max at r = 20, n = m = 1 in [1.5928e+346, "
              "3.23793e+346]: 1.5927983e+346 (eps sqrt(r) e^(-2r^2) = 0.26127043)"),
    checks=(
        Check("asymptotics at r up to 80", "numeric", _sec3_scaling,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid",),
              route="exact max at r = 10..80 (30 digits)",
              control="the printed rate e^{2r^2}/r (normalised value must stay bounded)"),
        Check("sympy sandwich: certified upper and lower bounds ~ e^{2r^2}/sqrt(r)", "symbolic", _sec3_sym,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid",),
              route="sympy limits of the certified upper bound and of a lower bound",
              control="the printed rate e^{2r^2}/r"),
    ),
))


def _sec1_grid_vs_library():
    """Float grid of g (4001 angles) vs the library's exact maxima at three (r, n)."""
    rows, worst = [], 0.0
    for r, n in ((1.0, 1), (3.0, 1), (10.0, 16)):
        th = np.linspace(0, np.pi, 4001)
        qg = math.sqrt(float(np.max(hrf._g_np(th, r, n)))) / (-math.expm1(-4 * r * r))
        qe = float(hrf.max_relative_error_angular_hybrid(r, 1, n, dps=15) / hrf.max_relative_error_trig(r, 1, dps=15))
        worst = max(worst, abs(qg / qe - 1))
        rows.append((qg, qe))
    ctl = min(abs(qg / (qe * 1.001) - 1) for qg, qe in rows)
    return worst, ctl


def _sec1_strict():
    worst = 0.0
    for n in (1, 2, 4, 8, 16):
        for r in (0.1, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 7.0, 10.0):
            th = np.linspace(0, np.pi, 4001)
            g = hrf._g_np(th, r, n)
            # eps_hyb / eps_trig,max = sqrt(g e^{2r^2}... ) : ratio^2 = max g / (1-e^{-4r^2})^2
            q = math.sqrt(float(np.max(g))) / (-math.expm1(-4 * r * r))
            worst = max(worst, q)
    ex = [hrf.max_relative_error_angular_hybrid(r, 1, n, dps=12) / hrf.max_relative_error_trig(r, 1, dps=12)
          for r, n in ((1, 1), (3, 1), (10, 16))]
    dev, ctl = _sec1_grid_vs_library()
    ok = worst < 1 and max(ex) < 1 and dev < 1e-5
    return Outcome(ok, (f"eps_S(r)(anghyb)/eps_S(r)(trig or ++) over r in [0.1,10], n in (1..16), grid: "
                        f"max {worst:.4f} < 1; exact at (r,n)=(1,1),(3,1),(10,16): "
                        + ", ".join(_f(v, 6) for v in ex)
                        + f" (E lam^2 + E(1-lam)^2 <= 1 since lam_hat in [0,1]); grid maxima vs the library's exact maxima "
                        f"at these points: rel. dev {dev:.1e}"),
                   agreement=f"grid vs library {dev:.1e}", control_rejected=ctl > 1e-4,
                   control_detail=f"library maximum x(1+1e-3) deviates from the grid by {ctl:.1e}")


def _sec1_sym():
    """Proof for every r > 0, m, n: eps_{theta,r}(hyb)^2 <= (E lam^2 + E(1-lam)^2) max(eps_++^2, eps_trig^2) < W(r)^2/(2m)."""
    t, n = sympy.symbols("t n", positive=True)
    e2 = t * (t - t / n + 1 / n)
    e3 = (1 - t) * (1 - t + t / n)
    s = sympy.factor(sympy.simplify(1 - (e2 + e3)))
    target = 2 * t * (1 - t) * (1 - 1 / n)
    ok = sympy.simplify(s - target) == 0
    c = W.lem34_certificate()
    mono = c["identity"] == 0 and c["derivative"].is_positive is True
    # library: the maximum over angles of the hybrid is below W/sqrt(2m) at extreme points of the domain
    q = [hrf.max_relative_error_angular_hybrid(r, 1, n_, dps=12) / hrf.max_relative_error_trig(r, 1, dps=12)
         for r, n_ in (("0.05", 1), (12, 1), (12, 64))]
    return Outcome(ok and mono and max(q) < 1,
                   (f"sympy: 1 - (E lam^2 + E(1-lam)^2) = {s} >= 0; each of eps_++(theta), eps_trig(theta) is "
                    f"sqrt2 sinh(2 r^2 s)/sqrt m with s = cos^2 or sin^2 of theta/2 < 1 on (0, pi) (HRF-Lem3.4 certificate), "
                    f"so eps_hyb(theta) < W(r)/sqrt(2m) for theta in (0, pi) and = 0 at 0, pi: strict for every r > 0, m, n "
                    f"(max over the compact [0, pi] is attained inside). Library ratios at (r, n) = (0.05, 1), (12, 1), (12, 64): "
                    + ", ".join(_f(v, 6) for v in q)),
                   agreement="proof for every r > 0", control_rejected=sympy.simplify(s.subs(n, 1)) == 0,
                   control_detail="E lam^2 + E(1-lam)^2 < 1 alone fails at n = 1 (equals 1); strictness comes from the sinh bound",
                   domain={"r": "all r > 0 (sympy: the HRF-Lem3.4 certificate is symbolic in r > 0)",
                           "n": "every n >= 1 (sympy: 1 - (E lam^2 + E(1-lam)^2) = 2t(1-t)(1-1/n), symbolic in t, n)",
                           "m": "every m >= 1 (the MSEs of (22) scale as 1/m)"})


def _sec1_equal_dimension():
    """Worst-case relative error of the angular hybrid vs trig/++ with the SAME number of features."""
    rows, worse = [], []
    RD, ND, NM = ("0.5", 1, 2, 3), (1, 2, 4, 16), (1, 16)
    for r in RD:
        for n in ND:
            m = 1
            dim = hrf.feature_map_dimension(m, n, (2, 2), (1,))  # 4m + 4mn entries of Psi_j
            M = dim // 2  # trig/++ with M projections have 2M features
            eh, _ = W.max_relative_error_search(r, m, n, dps=15)
            et = hrf.max_relative_error_trig(r, M, dps=15)
            eh_lib = hrf.max_relative_error_angular_hybrid(r, m, n, dps=15)
            q = eh / et
            if q > 1:
                worse.append((r, n, q))
            rows.append((r, n, dim, eh, eh_lib, et))
    same_m = [hrf.max_relative_error_angular_hybrid(r, 1, n, dps=15) / hrf.max_relative_error_trig(r, 1, dps=15)
              for r in RD for n in NM]
    agree = min(_digits(a, b) for _, _, _, a, b, _ in rows)
    key = [row for row in rows if row[0] == 1 and row[1] == 16][0]
    ok = len(worse) > 0 and max(same_m) < 1 and agree >= 12
    ev = (f"equal feature dimension D = 4m + 4mn (Lemma 2.3, m = 1; the ratio does not depend on m) vs trig/++ with "
          f"D/2 projections: hybrid worse at {len(worse)} of {len(rows)} (r, n) points, e.g. r = 1, n = 16 (D = {key[2]}): "
          f"angular hybrid {_f(key[3], 4)} vs trig/++ {_f(key[5], 4)}; worst ratio {_f(max(q for *_, q in worse), 4)} at "
          f"(r, n) = ({max(worse, key=lambda w: w[2])[0]}, {max(worse, key=lambda w: w[2])[1]}); at equal m the hybrid is "
          f"better at all 8 points (max ratio {_f(max(same_m), 4)}); hybrid maxima by golden-section search on the "
          f"definitions agree with the library to >= {agree} digits")
    grid = lambda ns: "; ".join(f"({r}, {n})" for r in RD for n in ns)
    return Outcome(ok, ev, agreement=f"{agree} digits", control_rejected=len(worse) > 0,
                   control_detail=f"'hybrid better at any budget' rejected at {len(worse)} points",
                   domain={"equal-dimension points (r, n)": f"{len(RD) * len(ND)} points: " + grid(ND) + " (m = 1)",
                           "equal-m points (r, n)": f"{len(RD) * len(NM)} points: " + grid(NM) + " (m = 1)"})


def _sec1dim_mc():
    """r = 1, n = 16, m = 1 (D = 68 features) vs trig with 34 projections: sampled relative errors at the maximising angles."""
    r, m, n = 1, 1, 16
    D = hrf.feature_map_dimension(m, n, (2, 2), (1,))
    M = D // 2
    eh, th = hrf.max_relative_error_angular_hybrid(r, m, n, dps=15, return_theta=True)
    et = hrf.max_relative_error_trig(r, M, dps=15)
    thf = float(th)
    x, y = np.array([1.0, 0.0]), np.array([math.cos(thf), math.sin(thf)])
    # the hybrid's squared errors are heavy-tailed: the guaranteed test rejects a value below their mean only
    # beyond ~14.4 exact s.e. (median of block means), hence 900000 hybrid draws; the trig's are bounded
    reps_h, reps_t = 900_000, 50_000
    sh = hrf.sample_angular_hybrid(x, y, m, n, _rng_second(4), reps_h)
    st = hrf.sample_trig(np.array([1.0, 0.0]), np.array([-1.0, 0.0]), M, _rng_second(5), reps_t)
    smh, smt = math.exp(float(x @ y)), math.exp(-1.0)
    # sampled MSEs as means of squared errors, z in exact s.e. (fourth moments by Gaussian integrals); the
    # control "hybrid better at equal dimension" is the hybrid MSE equal to the trig's relative error, eps_trig^2 SM^2
    wh = _sq_err_witness(sh, smh, eh ** 2 * smh ** 2, x, y, m, W.lam_raw_angular(thf, n),
                         {"hybrid eps = trig eps": et ** 2 * smh ** 2})
    wt = _sq_err_witness(st, smt, et ** 2 * smt ** 2, [1.0, 0.0], [-1.0, 0.0], M, W.lam_raw_fixed(0),
                         {"trig eps = hybrid eps": eh ** 2 * smt ** 2})
    rh, rt = math.sqrt(wh.test.mean) / smh, math.sqrt(wt.test.mean) / smt
    ok = wh.passed and wt.passed and wh.controls_rejected and wt.controls_rejected
    return Outcome(ok, (f"D = {D} features: angular hybrid (m = {m}, n = {n}) at theta* = {_f(th, 6)}: sampled eps "
                        f"{rh:.4f} (MSE {_ez(wh)}); trig with {M} projections at theta = pi: sampled eps {rt:.4f} (MSE "
                        f"{_ez(wt)}); 'hybrid better at equal dimension': hybrid MSE at the trig's eps {_f(et, 6)} "
                        f"{_ez_ctl(wh)}, trig MSE at the hybrid's eps {_f(eh, 6)} {_ez_ctl(wt)}"),
                   agreement=f"z = {wh.z:+.2f}, {wt.z:+.2f} (exact s.e.)", control_rejected=wh.controls_rejected and wt.controls_rejected,
                   control_detail=(f"'hybrid better at equal dimension' rejected: hybrid MSE at the trig's eps at z = "
                                   f"{wh.controls[0][1].z:+.1f}, trig MSE at the hybrid's eps at z = {wt.controls[0][1].z:+.1f} "
                                   "(exact s.e., guaranteed rate 5.7e-07)"))


CLAIMS.append(Claim(
    id="HRF-Sec1", paper="HRF", location=("Sec. 3, first sentence before Thm 3.5 (the abstract's 'strictly smaller "
                                          "worst-case relative errors' and Sec. 1's 'strictly more accurate worst-case "
                                          "softmax kernel estimation' are headlines HRF-Abs3, HRF-Con3 resting on it)"),
    statement=("'Our main result shows that HRF estimators can be applied to reduce the max-relative-error of the "
               "previously applied estimators of the softmax kernel': the angular hybrid's $\\epsilon_{S(r)}$ is "
               "strictly below that of trig and ++ RFs."),
    verdict="verified", rule="verified-forced-reading",
    forced_reading=("At the same number m of base projections (convention HRF:comparison-budget): the sentence "
                    "introduces Thm 3.5, which it sets against Lemma 3.4 for trig/++ with the same m; App. D.4 takes "
                    "up equal feature dimension separately and finds equal rates there, so the sentence does not "
                    "claim a gain at equal feature dimension."),
    conventions=("HRF:comparison-budget", "HRF:max-relative-error", "HRF:m-n-roles"),
    evidence=("Verified at the budget the sentence's theorem compares, the same number m of base projections (Thm 3.5 "
              "vs Lemma 3.4): lambda-hat in [0, 1] gives E lam^2 + E(1-lam)^2 <= 1 and each of eps_++, eps_trig is "
              "below W(r)/sqrt(2m) inside (0, pi), so the hybrid's worst-case error is strictly below trig/++'s for "
              "every r > 0, m, n (symbolic check; equal-m ratios in the numeric check). At an equal feature "
              "dimension 4m + 4mn, which the sentence does not state, the hybrid can be worse (check output). "
              "One claim since issue #28 merged the former HRF-Sec1 (the equal-m proof) and HRF-Sec1-dim (the "
              "equal-dimension reading), which registered the same sentence."),
    readings=(
        Reading("equal feature dimension D = 4m + 4mn", "the hybrid beats trig/++ given the same number of features",
                False, ("r = 1, n = 16: hybrid worse (ratio in the check output); sampled MSEs reject equal errors in exact "
                        "standard errors at the guaranteed rate 5.7e-07")),
        Reading("charitable: the same number m of base projections (defence counsel)",
                "the comparison of Thm 3.5 with Lemma 3.4", True,
                "at equal m the hybrid is better at all 8 points of the check"),
    ),
    defence=("The paper's worst-case comparison (Thm 3.5 vs Lemma 3.4) is at the same m, and App. D.4 says the rates "
             "are equal at equal feature dimension; at equal m the claim holds exactly (defence counsel)."),
    checks=(
        Check("equal feature dimension comparison", "numeric", _sec1_equal_dimension,
              exercises=("rfsym.hrf.feature_map_dimension", "rfsym.hrf.max_relative_error_trig", "rfsym.hrf.max_relative_error_angular_hybrid"),
              route="golden-section maxima on the definitions", control="'better at any budget'"),
        Check("sampled relative errors at equal dimension (r = 1, n = 16)", "montecarlo", _sec1dim_mc,
              exercises=("rfsym.hrf.sample_angular_hybrid", "rfsym.hrf.sample_trig", "rfsym.hrf.feature_map_dimension", "rfsym.hrf.max_relative_error_angular_hybrid", "rfsym.hrf.max_relative_error_trig"),
              route="900000 sampled hybrid and 50000 trig estimates", control="'hybrid better at equal dimension'"),
        Check("equal m: max error ratios over r in [0.1,10], n in 1..16", "numeric", _sec1_strict,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid", "rfsym.hrf.max_relative_error_trig", "rfsym.hrf._g_np"),
              route="float64 scan + exact maxima at 3 points", control="library maximum x(1+1e-3) vs the grid"),
        Check("equal m: proof for every radius", "symbolic", _sec1_sym,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid", "rfsym.hrf.max_relative_error_trig"),
              route="sympy: 1 - (E lam^2 + E(1-lam)^2) and the sinh form of (25)", control="n = 1 equality"),
    ),
))
