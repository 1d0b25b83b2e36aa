"""Sec. 4.3: simplified ADERFs (SADERF), Eqs. (12)-(13).

Claims, in book order:

* ``DERF-Sec4.3`` verified -- Sec. 4.3, SADERF definition
* ``DERF-Eq12`` verified -- Sec. 4.3, Eqs. (12)-(13)
* ``DERF-Eq12-j`` erratum (typo) -- Sec. 4.3, Eq. (12), middle line: the index $j$ of the $y$-term left free
* ``DERF-Sec4.3-Psi`` verified -- Sec. 4.3, after (13)
* ``DERF-Sec4-fit-cost`` verified -- Secs. 4.1-4.3: the cost of the three closed-form fits ($O(Ld^2 + d^3)$, SADERF $O(dL)$)
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from ... import derf
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import mean_of, z_check
from ...precision import agreeing_digits
from .._helpers import _diag
from ._checks import SEED, _DATA, _DATA_NP, _fmt, _opt_checks


def _saderf_symbolic():
    """sympy: the Psi-dependent part of (13), per coordinate, is minimised at Psi^4 = sum y^2 / sum x^2."""
    p_, sx, sy, sxy = sp.symbols("psi S_x S_y S_xy", positive=True)
    F = p_ ** 2 * sx + 2 * sxy + sy / p_ ** 2                 # sum_ij (psi x_i + y_j/psi)^2 / L (per coordinate)
    crit = [c for c in sp.solve(sp.diff(F, p_), p_) if c.is_positive]
    ok = len(crit) == 1 and sp.simplify(crit[0] ** 4 - sy / sx) == 0 and sp.simplify(sp.diff(F, p_, 2).subs(p_, crit[0])) .is_positive
    X, Y = _DATA[0]
    o = derf.saderf_optimum(X, Y, dps=30)
    with mp.workdps(40):
        Xm = [[mpmath.mpf(v) for v in r] for r in X]
        Ym = [[mpmath.mpf(v) for v in r] for r in Y]
        g, gw = math.inf, 0.0
        for l in range(3):
            val = crit[0].subs({sx: sp.Float(mpmath.nstr(mpmath.fsum(r[l] ** 2 for r in Xm), 45), 45),
                                sy: sp.Float(mpmath.nstr(mpmath.fsum(r[l] ** 2 for r in Ym), 45), 45)})
            v = mpmath.mpf(sp.N(val, 45))
            g = min(g, agreeing_digits(o["Psi"][l, l], v))
            gw = max(gw, agreeing_digits(o["Psi"][l, l], v * v))
    return Outcome(ok and g >= 28, f"sympy: d/dpsi (psi^2 S_x + 2 S_xy + S_y/psi^2) = 0 has the single positive root {crit[0]} "
                   f"(psi^4 = S_y/S_x; second derivative > 0); library saderf_optimum on data set 1 vs it: {g:.1f} digits",
                   agreement=f"{g:.0f} digits", control_rejected=gw < 3,
                   control_detail=f"Psi^2 (exponent 1/2) agrees to {gw:.1f} digits at best")


def _saderf_validity():
    X, Y = _DATA[0]
    o = derf.saderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        p = derf.as_derf_params("saderf", o)
        r = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=40)
        # A I_d with B1 = B Psi, B2 = B Psi^-1: an ADERF; Psi = I gives the GERF
        g = derf.gerf_optimum(X, Y, dps=30)
        pg = derf.as_derf_params("saderf", dict(g, Psi=mp.eye(3)))
        pg2 = derf.as_derf_params("gerf", dict(g, d=3))
        same = all(mpmath.mnorm(pg[k] - pg2[k], 1) == 0 for k in ("A", "B1", "B2", "C1", "C2"))
        scal = all(p["A"][i, j] == (o["A"] if i == j else 0) for i in range(3) for j in range(3))
        rw = derf.derf_conditions_residual(p["A"], p["B1"], p["B1"], p["C1"], p["C1"], p["D"], dps=40)   # control: Psi for both
    ok = r < mpmath.mpf(10) ** -35 and same and scal
    return Outcome(ok, f"SADERF optimum as a DERF: A = A I_d (ADERF form) {scal}, Thm 4.1 residual {_fmt(r, 2)}; Psi = I reproduces "
                   f"the GERF parameters exactly: {same}", agreement="residual < 1e-35", control_rejected=rw > mpmath.mpf("1e-3"),
                   control_detail=f"f_GE(w, Psi y) for the second feature: residual {_fmt(rw, 3)}")


def _saderf_psi_mc():
    rng = np.random.default_rng(SEED + 23)
    X, Y = _DATA_NP[0]
    o = derf.saderf_optimum_np(X, Y)
    p = derf.as_derf_params_np("saderf", o)
    x, y = X[0], Y[2]
    prod = derf.mc_moments(p, x, y, 400_000, rng)
    K = math.exp(x @ y)
    c = z_check(mean_of(prod), K)
    w = z_check(mean_of(prod), math.exp((np.diag(o["Psi"]) ** 2 * x) @ y))
    w3 = z_check(mean_of(prod), 1.03 * K)
    return Outcome(c.passed, f"SADERF features f_GE(w, Psi x) f_GE(w, Psi^-1 y): mean {c}; exp((Psi^2 x).y) rejected: z = {w.z:+.1f}; "
                   f"1.03 K rejected: z = {w3.z:+.1f}", agreement=f"z = {c.z:+.2f}", control_rejected=not w.passed and not w3.passed,
                   control_detail=f"1.03 K rejected at z = {w3.z:+.1f}")


SEC4_3 = Claim(id="DERF-Sec4.3", paper="DERF", rule="verified-as-printed", conventions=('DERF:gerf-exponent', 'DERF:feature-side'), location="Sec. 4.3, SADERF definition", verdict="verified",
    statement="$f^{(1)}_{SADE}(\\omega, x) = f_{GE}(\\omega, \\Psi x)$, $f^{(2)}_{SADE}(\\omega, y) = f_{GE}(\\omega, \\Psi^{-1}y)$ are RFs for $K^{(0)}$; SADERFs are ADERFs, and $\\Psi = I$ gives GERFs.",
    evidence="As DERFs the Thm 4.1 residual is 0 to 35+ digits with $A = AI_d$; $\\Psi = I$ reproduces the GERF; sampled mean agrees.",
    checks=[Check("as ADERF / GERF", "numeric", _saderf_validity,
                  exercises=("rfsym.derf.saderf_optimum", "rfsym.derf.as_derf_params"), route="residuals",
                  control="Psi for both features"),
            Check("sampled mean", "montecarlo", _saderf_psi_mc,
                  exercises=("rfsym.derf.saderf_optimum_np", "rfsym.derf.mc_moments"), route="400000 draws",
                  control="exp((Psi^2 x).y), 1.03 K")])


def _eq12_13_numeric():
    X, Y = _DATA[0]
    rng = np.random.default_rng(SEED + 22)
    worst, wbest = math.inf, 0.0
    for _ in range(2):
        psi = np.exp(rng.normal(scale=0.3, size=3)).round(3)
        a = round(-abs(rng.normal()) * 0.2, 3)
        with mp.workdps(50):
            A = mpmath.mpf(a)
            P = _diag([mpmath.mpf(float(v)) for v in psi])
            g = {"A": A, "B": mp.sqrt(1 - 4 * A), "C": -mpmath.mpf(1) / 2, "D": (1 - 4 * A) ** (mpmath.mpf(3) / 4), "Psi": P}
            p = derf.as_derf_params("saderf", g)
            Xm = mp.matrix([[mpmath.mpf(v) for v in r] for r in X])
            Ym = mp.matrix([[mpmath.mpf(v) for v in r] for r in Y])
            tot13, tot_xy = [], []
            for i in range(6):
                for j in range(6):
                    for l in range(3):
                        tot13.append((P[l, l] * Xm[i, l] + Ym[j, l] / P[l, l]) ** 2)
                        tot_xy.append(Xm[i, l] * Ym[j, l])
            rhs12 = mpmath.fsum(tot13) / (36 * (1 - 8 * A)) + 2 * mpmath.fsum(tot_xy) / 36
            eq12 = 3 * mp.log((1 - 4 * A) / mp.sqrt(1 - 8 * A)) + rhs12
            wv = eq12 - mpmath.fsum(tot_xy) / 36                 # control: coefficient 1 instead of 2 on x.y
        direct = derf.shifted_log_variance(p, X, Y, dps=30)
        with mp.workdps(40):
            worst = min(worst, agreeing_digits(eq12, direct))
            wbest = max(wbest, agreeing_digits(wv, direct))
    return Outcome(worst >= 30, (f"(12) right-hand side + d log((1-4A)/sqrt(1-8A)) vs direct average for two random (A, Psi): >= {worst:.1f} digits "
                    f"(the first and last expressions of (12); the middle line's stray index j is DERF-Eq12-j)"),
                   agreement=f"{worst:.0f} digits", control_rejected=wbest < 3, control_detail=f"coefficient 1 on the x.y term: {wbest:.1f} digits")


EQ12 = Claim(id="DERF-Eq12", paper="DERF", rule="verified-as-printed", conventions=('DERF:gerf-exponent', 'DERF:shift-square', 'DERF:feature-side'), location="Sec. 4.3, Eqs. (12)-(13)", verdict="verified",
    statement="(8) for SADERF minus $d\\log\\frac{1-4A}{\\sqrt{1-8A}}$ $= \\frac{1}{L^2(1-8A)}\\sum\\|\\Psi x + \\Psi^{-1}y\\|^2 + \\frac{2}{L^2}\\sum x^\\top y$; (13) splits over coordinates.",
    evidence="30+ digits against the direct average for random $(A, \\Psi)$; sympy minimises the per-coordinate term (13). The printed middle line has a stray index $j$: the erratum DERF-Eq12-j.",
    checks=[Check("vs direct average", "numeric", _eq12_13_numeric,
                  exercises=("rfsym.derf.as_derf_params", "rfsym.derf.shifted_log_variance"),
                  route="pair-by-pair average", control="coefficient 1 on x.y"),
            Check("sympy minimiser of (13)", "symbolic", _saderf_symbolic, exercises=("rfsym.derf.saderf_optimum",),
                  route="sympy", control="Psi^2")],
    no_witness={"montecarlo": "an identity between deterministic expressions of (8); the sampled objective is in DERF-Sec4.3-Psi"})


def _eq12_middle(X, Y, A, P, read):
    """The middle line of (12) with its y-term read as ``read``: an int j (the index left free), "double" (summed
    over i and j like the neighbouring sums) or "own" (summed over its own index j: the correction)."""
    L, d = len(X), len(X[0])
    pair = mpmath.fsum((P[l, l] * X[i][l] + Y[j][l] / P[l, l]) ** 2 for i in range(L) for j in range(L) for l in range(d))
    nx = [mpmath.fsum((P[l, l] * X[i][l]) ** 2 for l in range(d)) for i in range(L)]
    ny = [mpmath.fsum((Y[j][l] / P[l, l]) ** 2 for l in range(d)) for j in range(L)]
    if read == "own":
        single = (mpmath.fsum(nx) + mpmath.fsum(ny)) / L
    elif read == "double":
        single = mpmath.fsum(nx[i] + ny[j] for i in range(L) for j in range(L)) / L
    else:
        single = mpmath.fsum(nx[i] + ny[read] for i in range(L)) / L
    return (2 - 8 * A) / (1 - 8 * A) * pair / L ** 2 - single


def _eq12_j_numeric():
    X, Y = _DATA[0]
    with mp.workdps(50):
        Xm = [[mpmath.mpf(v) for v in r] for r in X]
        Ym = [[mpmath.mpf(v) for v in r] for r in Y]
        A = mpmath.mpf("-0.15")
        P = _diag([mpmath.mpf("1.2"), mpmath.mpf("0.8"), mpmath.mpf("1.05")])
        g = {"A": A, "B": mp.sqrt(1 - 4 * A), "C": -mpmath.mpf(1) / 2, "D": (1 - 4 * A) ** (mpmath.mpf(3) / 4), "Psi": P}
        prm = derf.as_derf_params("saderf", g)
    direct = derf.shifted_log_variance(prm, X, Y, dps=40)
    with mp.workdps(50):
        lhs = direct - 3 * mp.log((1 - 4 * A) / mp.sqrt(1 - 8 * A))
        free = [_eq12_middle(Xm, Ym, A, P, j) - lhs for j in range(len(Ym))]
        dbl = _eq12_middle(Xm, Ym, A, P, "double") - lhs
        own = _eq12_middle(Xm, Ym, A, P, "own") - lhs
        dig = agreeing_digits(_eq12_middle(Xm, Ym, A, P, "own"), lhs)
    worst_free = max(abs(v) for v in free)
    ok = dig >= 30 and worst_free > mpmath.mpf("1e-3") and abs(dbl) > mpmath.mpf("1e-3")
    return Outcome(ok, f"data set 1 (L = 6, d = 3), A = -0.15, Psi = diag(1.2, 0.8, 1.05): the middle line of (12) minus "
                   f"the left side (direct average of (8) minus d log((1-4A)/sqrt(1-8A))): with j left free, for j = 1..6: "
                   + ", ".join(_fmt(v, 4) for v in free) + f"; with the y-term summed over i and j: {_fmt(dbl, 4)}; with "
                   f"the y-term summed over its own index j (the correction): {_fmt(own, 3)} ({dig:.1f} digits)",
                   agreement=f"correction {dig:.0f} digits", control_rejected=worst_free > mpmath.mpf("1e-3"),
                   control_detail=f"j left free: off by up to {_fmt(worst_free, 4)}",
                   domain={"j": f"every j = 1..{len(Ym)} of data set 1"})


def _eq12_j_symbolic():
    x1, x2, y1, y2, p_, A = sp.symbols("x1 x2 y1 y2 psi A", real=True)
    xs, ys, L = (x1, x2), (y1, y2), 2
    pair = sum((p_ * xi + yj / p_) ** 2 for xi in xs for yj in ys)
    lhs = pair / (L ** 2 * (1 - 8 * A)) + 2 * sum(xi * yj for xi in xs for yj in ys) / L ** 2
    first = (2 - 8 * A) / (1 - 8 * A) * pair / L ** 2
    own = sp.simplify(first - (sum((p_ * xi) ** 2 for xi in xs) + sum((yj / p_) ** 2 for yj in ys)) / L - lhs)
    free = [sp.factor(sp.simplify(first - sum((p_ * xi) ** 2 + (yj / p_) ** 2 for xi in xs) / L - lhs)) for yj in ys]
    ok = own == 0 and all(f != 0 for f in free)
    return Outcome(ok, f"sympy, d = 1, L = 2: middle line of (12) with the y-term over its own index minus the right side "
                   f"of (12): {own}; with j left free (j = 1, 2): {free[0]}, {free[1]} (zero only when y1^2 = y2^2)",
                   agreement="identity with the corrected index", control_rejected=all(f != 0 for f in free),
                   control_detail="the printed free j leaves a nonzero difference")


EQ12_J = Claim(id="DERF-Eq12-j", paper="DERF", rule="erratum-typo", root_cause="DERF:eq12-stray-index", conventions=('DERF:feature-side',),
    location="Sec. 4.3, Eq. (12), middle line", verdict="erratum", severity="typo",
    statement="$\\dots - \\frac1L\\sum_i(\\|\\Psi x^{(i)}\\|^2 + \\|\\Psi^{-1}y^{(j)}\\|^2)$ (the middle line of (12), with the index $j$ of the $y$-term left free).",
    correction="$\\dots - \\frac1L\\sum_i\\|\\Psi x^{(i)}\\|^2 - \\frac1L\\sum_j\\|\\Psi^{-1}y^{(j)}\\|^2$.",
    readings=[Reading("literal: j left free", "The $y$-term is $\\|\\Psi^{-1}y^{(j)}\\|^2$ for one fixed $j$, added for every $i$.", False,
                      "the difference to the left side is nonzero for every j of data set 1"),
              Reading("summed over i and j like the neighbouring sums", "The sum runs over $i, j$ as in the first term of the line.", False,
                      "the difference is L - 1 times the mean of the norms, nonzero")],
    defence="The first and last expressions of (12) are right and the step is the GERF objective of Sec. 3.1 with $x \\to \\Psi x$, $y \\to \\Psi^{-1}y$, whose $y$-term is $L^{-1}\\sum_j\\|y^{(j)}\\|^2$; the $j$ is a slip of the index (recorded before as a notational remark in DERF-Eq12).",
    defeated_by="As printed the line is not equal to the left side under either reading of the free index (numbers in the check output); the defence gives the intent, which fixes the severity (typo), not the printed index.",
    evidence="The middle line of (12) has the index $j$ of the $y$-term left free. Read literally (one fixed $j$) or summed over $i$ and $j$ it differs from the left side; with the $y$-term averaged over its own index it equals the left side to 30+ digits (numbers in the check output) and identically (sympy). The first and last expressions of (12) hold (DERF-Eq12). Registered in issue #28: it was a remark inside the verified DERF-Eq12, while the same kind of slip in an expansion line is the erratum DERF-Eq37-N.",
    checks=[Check("middle line of (12) under each reading of j vs the direct average", "numeric", _eq12_j_numeric,
                  exercises=("rfsym.derf.as_derf_params", "rfsym.derf.shifted_log_variance"),
                  route="mpmath, pair-by-pair average of (8)", control="j left free"),
            Check("sympy identity, d = 1, L = 2", "symbolic", _eq12_j_symbolic, route="sympy",
                  control="j left free")],
    no_witness={"montecarlo": "an identity between deterministic expressions of (8); the sampled objective is in DERF-Sec4.3-Psi"})


SEC4_3_PSI = Claim(id="DERF-Sec4.3-Psi", paper="DERF", rule="verified-as-printed", conventions=('DERF:feature-side',), location="Sec. 4.3, after (13)", verdict="verified",
    statement="$\\Psi^*_{ll} = (\\sum_j (y^{(j)}_l)^2 / \\sum_i (x^{(i)}_l)^2)^{1/4}$ (then the GERF optimum) minimises (8) over SADERFs.",
    evidence="sympy derives $\\Psi^*$; the library optimum is a stationary point of the direct average in $(A, \\Psi)$ to 30+ digits with positive curvature ($\\Psi^2$ is not); BFGS never lower; sampled objective matches.",
    checks=[Check("sympy minimiser", "symbolic", _saderf_symbolic, exercises=("rfsym.derf.saderf_optimum",),
                  route="sympy", control="Psi^2")]
         + _opt_checks("saderf", "saderf_optimum_np"))


def _fit_stats_only():
    """The three closed-form fits read the data only through O(Ld^2) averages: a different set with the same
    averages (each point reflected through the mean, x -> 2 mean(X) - x) gets the same optimum."""
    rng = np.random.default_rng(SEED + 27)
    L, d = 200, 5
    X = rng.normal(size=(L, d)) * 0.4 + 0.2
    Y = rng.normal(size=(L, d)) * 0.3 - 0.1 + 0.2 * X
    Xr, Yr = 2 * X.mean(0) - X, 2 * Y.mean(0) - Y                  # same mean and same second-moment matrix
    rows, worst, ctrl = [], 0.0, 0.0
    for fam in ("aderf", "sderf", "saderf"):
        o1, o2 = getattr(derf, f"{fam}_optimum_np")(X, Y), getattr(derf, f"{fam}_optimum_np")(Xr, Yr)
        diff = abs(o1["objective"] - o2["objective"]) / abs(o1["objective"])
        p1, p2 = derf.as_derf_params_np(fam, o1, d=d), derf.as_derf_params_np(fam, o2, d=d)
        dp = max(float(np.max(np.abs(np.asarray(p1[k]) - np.asarray(p2[k])))) for k in ("A", "B1", "B2", "C1", "C2"))
        # control: a fit criterion that is not a function of the averages (the worst pair's log second moment)
        m1 = float(derf.derf_log_moments_np(p1, X, Y)[1].max())
        m2 = float(derf.derf_log_moments_np(p1, Xr, Yr)[1].max())
        worst, ctrl = max(worst, diff, dp), max(ctrl, abs(m1 - m2))
        rows.append(f"{fam}: objective {o1['objective']:.6f} vs {o2['objective']:.6f}, max parameter diff {dp:.1e}")
    ok = worst < 1e-9
    return Outcome(ok, f"L = {L}, d = {d}: the library optima on (X, Y) and on the reflected sets (same means and "
                   f"second-moment matrices, different points): " + "; ".join(rows) + ": each fit is a function of "
                   f"M1, M2, mu4, mu5 (O(L d^2) to form), then O(d^3) work on d x d matrices",
                   agreement=f"max diff {worst:.0e}", control_rejected=ctrl > 1e-3,
                   control_detail=f"the worst pair's log second moment, not a function of the averages, moves by {ctrl:.3g}",
                   domain={"family": "ADERF, SDERF, SADERF"})


def _fit_flops():
    """numpy.einsum_path FLOP counts of the statistics the fits need, over a 16x range of L and d."""
    import re

    def fl(spec, *shapes):
        info = np.einsum_path(spec, *[np.empty(s) for s in shapes], optimize="optimal")[1]
        return float(re.search(r"Optimized FLOP count:\s*([0-9.e+]+)", info).group(1))

    grid = [(L, d) for L in (256, 4096) for d in (8, 128)]
    r_stats, r_diag, r_pairs = [], [], []
    for L, d in grid:
        stats = fl("ld,lk->dk", (L, d), (L, d)) * 2 + fl("ld->d", (L, d)) * 2      # M1, M2, mu4, mu5
        r_stats.append((stats + d ** 3) / (L * d * d + d ** 3))
        r_diag.append(fl("ld,ld->d", (L, d), (L, d)) * 2 / (d * L))                # SADERF: sum_i x_il^2, sum_j y_jl^2
        r_pairs.append(fl("ld,jd->lj", (L, d), (L, d)) / (L * d * d + d ** 3))     # control: all L^2 pairs
    sp_s, sp_d, sp_p = (max(r) / min(r) for r in (r_stats, r_diag, r_pairs))
    ok = sp_s < 4 and sp_d < 4
    return Outcome(ok, f"best-order FLOP counts (numpy.einsum_path) over L in (256, 4096), d in (8, 128): the statistics "
                   f"M1, M2, mu4, mu5 plus d^3 for the decompositions, divided by L d^2 + d^3, stay in "
                   f"[{min(r_stats):.2f}, {max(r_stats):.2f}] (spread x{sp_s:.2f}); SADERF's sums of squares per coordinate "
                   f"divided by d L stay in [{min(r_diag):.2f}, {max(r_diag):.2f}] (spread x{sp_d:.2f})",
                   agreement=f"spread x{sp_s:.2f}", control_rejected=sp_p > 8,
                   control_detail=f"a pass over all L^2 pairs is not of that order: ratio spread x{sp_p:.0f}",
                   domain={"L": "256, 4096", "d": "8, 128"})


SEC4_FIT_COST = Claim(id="DERF-Sec4-fit-cost", paper="DERF", rule="verified-as-printed", conventions=("DERF:feature-side",),
    location="Secs. 4.1-4.3, the paragraphs after Thm 4.2, Thm 4.3 and (13)", verdict="verified",
    statement="The optima of Thms 4.2 and 4.3 are found from $M^{(1)}, M^{(2)}$ ($O(Ld^2)$), $\\mu^{(3)}$ or $\\mu^{(4)}, \\mu^{(5)}$ ($O(Ld)$) and $d \\times d$ decompositions ($O(d^3)$), so the whole scheme costs $O(L(Md + d^2) + Md^2 + d^3)$ (or $O(L(Md + d^2) + Md^2)$ when $L \\ge d$); SADERF's $\\Psi^*$ costs $O(dL)$.",
    evidence="The library's ADERF, SDERF and SADERF optima read the data only through the averages: on a different pair of sets with the same means and second-moment matrices (each point reflected through its set's mean) they agree to rounding, while a criterion that is not a function of the averages (the worst pair) moves; numpy's contraction planner counts the statistics plus $d^3$ within a constant factor of $Ld^2 + d^3$, and SADERF's sums of squares within a constant factor of $dL$, over a 16x range of $L$ and $d$, while a pass over the $L^2$ pairs is not of that order. With the feature cost of DERF-Sec4-complexity this gives the printed totals. Registered in issue #28 (the headline DERF-Con2 named it as missing).",
    checks=[Check("the fits depend on the data only through the averages", "numeric", _fit_stats_only,
                  exercises=("rfsym.derf.aderf_optimum_np", "rfsym.derf.sderf_optimum_np", "rfsym.derf.saderf_optimum_np"),
                  route="library optima on reflected sets with equal averages",
                  control="the worst pair's log second moment"),
            Check("FLOP counts of the statistics", "numeric", _fit_flops, route="numpy.einsum_path optimal FLOP counts",
                  control="a pass over all L^2 pairs")],
    no_witness={"symbolic": "an operation count; counted by numpy's contraction planner", "montecarlo": "no expectation involved"})


CLAIMS = [SEC4_3, EQ12, EQ12_J, SEC4_3_PSI, SEC4_FIT_COST]
