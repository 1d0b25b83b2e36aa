"""Sec. 3.1: the shifted log-variance objective (8) and its GERF minimiser.

Claims, in book order:

* ``DERF-Sec3.1`` verified -- Sec. 3.1, display after (8)
* ``DERF-Sec3.1-O1`` verified -- Sec. 3.1, last paragraph
* ``DERF-Eq8`` erratum (typo) -- Sec. 3.1, after Eq. (8)
* ``DERF-Sec3.1-K`` erratum (typo) -- Sec. 3.1, after Eq. (8) (re-adjudicated from verified: the reading that holds needs words inserted)
"""

from __future__ import annotations

import mpmath
import sympy as sp
from mpmath import mp

from ... import derf
from ...claims import Check, Claim, Outcome, Reading
from ...precision import agreeing_digits
from ..lemma_a1 import _a1_argmin_mp, _a1_objective_mp
from ._checks import _DATA, _NO_MC_DET, _fmt, _opt_checks


def _sec31_symbolic():
    e = derf.gerf_objective_expr()
    A, d, S, mx, my = e["symbols"]
    printed = d * sp.log((1 - 4 * A) / sp.sqrt(1 - 8 * A)) + (2 - 8 * A) / (1 - 8 * A) * S - mx - my
    diff = sp.simplify(sp.expand_log(e["objective"] - printed, force=True))
    f, A1, phi = derf.lemma_a1_objective_expr()
    diff2 = sp.simplify(sp.expand_log(e["objective"] - (d * f.subs({A1: A, phi: S / d}) + S - mx - my), force=True))
    wrong = sp.simplify(sp.expand_log(e["objective"] - (d * f.subs({A1: A, phi: S / (2 * d)}) + S - mx - my), force=True))
    X, Y = _DATA[0]
    o = derf.gerf_optimum(X, Y, dps=30)
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    astar, ph = derf.lemma_a1_argmin_expr()
    with mp.workdps(40):
        g = agreeing_digits(o["A"], mpmath.mpf(sp.N(astar.subs(ph, sp.Float(mpmath.nstr(st["S"] / 3, 45), 45)), 45)))
    return Outcome(diff == 0 and diff2 == 0 and g >= 28,
                   f"sympy: average of (7) over pairs minus the printed L(A; X, Y) = {diff}; it equals d f(A) + S - mean|x|^2 "
                   f"- mean|y|^2 with f of Lemma A.1 and phi = S/d (difference {diff2}), so its minimiser is A*(S/d) = the "
                   f"homogeneity heuristic of [31]; library gerf_optimum on data set 1 vs sympy (15) at S/d: {g:.1f} digits",
                   agreement=f"{g:.0f} digits", control_rejected=wrong != 0,
                   control_detail="phi = S/(2d) leaves a nonzero difference")


def _gerf_grid_mp():
    X, Y = _DATA[0]
    o = derf.gerf_optimum(X, Y, dps=30)
    d = 3
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    worst = mpmath.inf
    with mp.workdps(40):
        for k in range(-60, 61):
            g = mpmath.mpf(10) ** (mpmath.mpf(k) / 10)        # gamma = 1/(1-8A) over (1e-6, 1e6)
            a = (1 - 1 / g) / 8
            val = d * _a1_objective_mp(a, st["S"] / d) + st["S"] - st["mx"] - st["my"]
            worst = min(worst, val - o["objective"])
    with mp.workdps(40):
        wa = _a1_argmin_mp(st["S"] / 3 / 2)
        wv = d * _a1_objective_mp(wa, st["S"] / d) + st["S"] - st["mx"] - st["my"]
        below = min(d * _a1_objective_mp((1 - mpmath.mpf(10) ** (-mpmath.mpf(k) / 10)) / 8, st["S"] / d)
                    + st["S"] - st["mx"] - st["my"] for k in range(-60, 61))
    return Outcome(worst >= 0, f"GERF objective on a 121-point grid of gamma = 1/(1-8A) in [1e-6, 1e6] minus the closed-form "
                   f"minimum: min = {_fmt(worst, 5)} >= 0", agreement=f"min excess {_fmt(worst, 3)}",
                   control_rejected=below < wv, control_detail=f"A*(phi/2) gives {_fmt(wv, 8)}, the grid goes lower ({_fmt(below, 8)})")


def _deriv_sec31():
    e = derf.gerf_objective_expr()
    a, phi = derf.lemma_a1_argmin_expr()
    return [("pair average of (7), derived by sympy", e["objective"]), ("Lemma A.1 parameter", e["phi"]),
            ("minimiser (15) derived by sympy", a)]


SEC3_1 = Claim(id="DERF-Sec3.1", paper="DERF", rule="verified-as-printed", conventions=('DERF:gerf-exponent', 'DERF:shift-square'), location="Sec. 3.1, display after (8)", verdict="verified",
    statement="For GERF, (8) $= d\\log\\frac{1-4A}{\\sqrt{1-8A}} + \\frac{2-8A}{1-8A}L^{-2}\\sum\\|x_i+y_j\\|^2 - \\overline{\\|x\\|^2} - \\overline{\\|y\\|^2}$; the homogeneity heuristic of [31] is its closed-form global minimiser.",
    evidence="sympy reduces the pair average of (7) to Lemma A.1 with $\\phi = S/d$; the library optimum is a stationary point of the direct average to 30+ digits with positive curvature (the variant $A^*(\\phi/2)$ is not); BFGS never goes lower; the sampled objective matches the closed-form value.",
    checks=[Check("sympy: objective and reduction to Lemma A.1", "symbolic", _sec31_symbolic,
                  exercises=("rfsym.derf.gerf_objective_expr", "rfsym.derf.lemma_a1_argmin_expr", "rfsym.derf.gerf_optimum"),
                  route="sympy from (7)", control="phi = S/(2d)")]
         + _opt_checks("gerf", "gerf_optimum_np")
         + [Check("121-point mp grid in gamma", "numeric", _gerf_grid_mp, exercises=("rfsym.derf.gerf_optimum",),
                  route="grid of the reduced objective", control="A*(phi/2)")],
    derivation=_deriv_sec31)


def _sec31_O1():
    from fractions import Fraction
    X, Y = _DATA[0]
    Xf = [[Fraction(v) for v in r] for r in X]
    Yf = [[Fraction(v) for v in r] for r in Y]
    L, d = len(Xf), len(Xf[0])
    direct = sum(sum((a + b) ** 2 for a, b in zip(x, y)) for x in Xf for y in Yf) / (L * L)
    mx = sum(sum(a * a for a in x) for x in Xf) / L
    my = sum(sum(b * b for b in y) for y in Yf) / L
    m4 = [sum(x[l] for x in Xf) / L for l in range(d)]
    m5 = [sum(y[l] for y in Yf) / L for l in range(d)]
    fast = mx + my + 2 * sum(a * b for a, b in zip(m4, m5))
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    with mp.workdps(40):
        lib = abs(st["S"] - mpmath.mpf(direct.numerator) / direct.denominator)
    return Outcome(direct == fast and lib < mpmath.mpf(10) ** -28,
                   f"exact rational arithmetic: L^-2 sum_ij |x_i + y_j|^2 = {direct} = mean|x|^2 + mean|y|^2 + 2 mu4.mu5 "
                   f"(O(Ld) statistics, then O(1) for A* by (15)); library S differs by {_fmt(lib, 2)}",
                   agreement="exact", control_rejected=(mx + my + sum(a * b for a, b in zip(m4, m5))) != direct,
                   control_detail="without the factor 2 on mu4.mu5 the identity fails")


def _sec31_O1_symbolic():
    """sympy: L^-2 sum |x_i + y_j|^2 = mean|x|^2 + mean|y|^2 + 2 mu4.mu5 (L = 3, d = 2); A* from the statistics."""
    L, d = 3, 2
    xs = [[sp.Symbol(f"x{i}{l}", real=True) for l in range(d)] for i in range(L)]
    ys = [[sp.Symbol(f"y{j}{l}", real=True) for l in range(d)] for j in range(L)]
    direct = sp.Rational(1, L * L) * sum(sum((xs[i][l] + ys[j][l]) ** 2 for l in range(d)) for i in range(L) for j in range(L))
    mx = sp.Rational(1, L) * sum(sum(v ** 2 for v in r) for r in xs)
    my = sp.Rational(1, L) * sum(sum(v ** 2 for v in r) for r in ys)
    mu4 = [sp.Rational(1, L) * sum(xs[i][l] for i in range(L)) for l in range(d)]
    mu5 = [sp.Rational(1, L) * sum(ys[j][l] for j in range(L)) for l in range(d)]
    dot = sum(a * b for a, b in zip(mu4, mu5))
    ok_sym = sp.expand(direct - (mx + my + 2 * dot)) == 0
    bad = sp.expand(direct - (mx + my + dot)) != 0
    # O(1): A* from the four statistics alone (Lemma A.1 with phi = S/d) equals the library's optimum
    X, Y = _DATA[1]
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    o = derf.gerf_optimum(X, Y, dps=30)
    with mp.workdps(30):
        S = st["S"]
        a_stats = derf.lemma_a1_argmin(S / 3, dps=30)
        dig = agreeing_digits(a_stats, o["A"])
    return Outcome(ok_sym and dig >= 25, f"sympy (L = 3, d = 2, symbolic points): L^-2 sum_ij |x_i + y_j|^2 - (mean|x|^2 + "
                   f"mean|y|^2 + 2 mu4.mu5) expands to 0; on data set 2, A* = (15) at phi = S/d from the statistics alone = "
                   f"{_fmt(a_stats, 15)} equals gerf_optimum's A to {dig:.0f} digits", agreement="identity; "
                   f"{dig:.0f} digits", control_rejected=bad, control_detail="with mu4.mu5 instead of 2 mu4.mu5 the expansion is not 0")


SEC3_1_O1 = Claim(id="DERF-Sec3.1-O1", paper="DERF", rule="verified-forced-reading",
    forced_reading="O(1) is the cost of minimising the displayed objective $L(A; \\mathcal X, \\mathcal Y)$, whose coefficients are the three averages the same paragraph names ('replaced by their average statistics computed on $\\mathcal X, \\mathcal Y$'); no algorithm reads $Ld$ numbers in $O(1)$, and the paper counts the statistics separately where it states totals (Secs. 4.1-4.2), so the statistics' $O(Ld)$ is not part of the sentence.", location="Sec. 3.1, last paragraph", verdict="verified",
    statement="The global minimum of (8) for GERF can be computed in $O(1)$ time (given the statistics, which cost $O(Ld)$).",
    evidence="The pair average of $\\|x_i + y_j\\|^2$ equals $\\overline{\\|x\\|^2} + \\overline{\\|y\\|^2} + 2\\mu^{(4)}\\cdot\\mu^{(5)}$ exactly. (exact rationals; sympy for symbolic points, L = 3, d = 2), and $A^*$ from (15) at $\\phi = S/d$ computed from the statistics alone equals the library's GERF optimum: after the $O(Ld)$ statistics the minimiser costs $O(1)$.",
    checks=[Check("exact statistics identity", "numeric", _sec31_O1,
                  exercises=("rfsym.derf.shifted_log_variance_stats",), route="Fraction arithmetic",
                  control="without the factor 2"),
            Check("sympy identity (L = 3, d = 2) and A* from the statistics alone", "symbolic", _sec31_O1_symbolic,
                  exercises=("rfsym.derf.shifted_log_variance_stats", "rfsym.derf.lemma_a1_argmin", "rfsym.derf.gerf_optimum"),
                  route="sympy expansion with symbolic points; Lemma A.1 at phi = S/d vs gerf_optimum",
                  control="mu4.mu5 without the 2")],
    no_witness={"montecarlo": _NO_MC_DET})


def _eq8_symbolic():
    """sympy: inf over Var >= 0 of log(Var + K^2) is 2 x.y; the printed log K = x.y is the value of the (21)-typo objective."""
    V = sp.Symbol("V", nonnegative=True)
    t = sp.Symbol("t", real=True)                       # t = x.y, K = e^t
    best = sp.limit(sp.log(V + sp.exp(2 * t)), V, 0, "+")
    typo = sp.limit(sp.log(V + sp.exp(t)), V, 0, "+")   # the objective with the shift K of (21), (36)
    gap = sp.simplify(best - t)
    ok = sp.simplify(best - 2 * t) == 0 and gap == t
    return Outcome(ok, f"sympy: lim_(Var -> 0) log(Var + K^2) = {best} (K = e^t, t = x.y), the printed best value log K = t "
                   f"differs by {gap}: above the infimum when t < 0. The printed value is what the objective with the "
                   f"(21)/(36) shift log(Var + K) would give: {typo}", agreement="symbolic identity",
                   control_rejected=sp.simplify(typo - 2 * t) != 0, control_detail="the K-shifted objective's limit t is not 2t")


def _eq8_cluster_data(eps):
    """Exact L = 6, d = 3 sets clustered at x0 and -x0 with spread ``eps`` (so mean x.y < 0)."""
    from fractions import Fraction
    N, _ = derf.example_data(31, L=6, d=3, scale=1.0, shift=0.0)
    M, _ = derf.example_data(32, L=6, d=3, scale=1.0, shift=0.0)
    x0, e = [Fraction(v) for v in ("0.5", "-0.3", "0.2")], Fraction(eps)
    X = [[a + e * Fraction(n) for a, n in zip(x0, r)] for r in N]
    Y = [[-a + e * Fraction(n) for a, n in zip(x0, r)] for r in M]
    mean_xy = sum(sum(a * b for a, b in zip(x, y)) for x in X for y in Y) / 36
    return [[str(v) for v in r] for r in X], [[str(v) for v in r] for r in Y], mean_xy


def _sec31_best_value():
    """The printed 'best value' mean log K = mean x.y is not a lower bound of (8); 2 mean x.y is, and is approached."""
    rows, ok, gaps = [], True, []
    for eps in ("0.1", "0.01", "0.001"):
        X, Y, m = _eq8_cluster_data(eps)
        with mp.workdps(40):
            printed, correct = mpmath.mpf(m.numerator) / m.denominator, 2 * mpmath.mpf(m.numerator) / m.denominator
        obj = derf.gerf_optimum(X, Y, dps=30)["objective"]
        ok &= printed < 0 and correct <= obj < printed
        gaps.append(obj - correct)
        rows.append(f"spread {eps}: printed mean log K = {_fmt(printed, 8)}, GERF optimum of (8) = {_fmt(obj, 10)}, "
                    f"2 mean x.y = {_fmt(correct, 10)} (excess {_fmt(obj - correct, 3)})")
    ok &= gaps[0] > gaps[1] > gaps[2] and gaps[2] < mpmath.mpf(10) ** -4
    # the closed-form objective at spread 0.1 re-computed by the direct average over the 36 pairs
    X, Y, m = _eq8_cluster_data("0.1")
    o = derf.gerf_optimum(X, Y, dps=30)
    with mp.workdps(40):
        params = derf.as_derf_params("gerf", dict(o, d=3))
    direct = derf.shifted_log_variance(params, X, Y, dps=30)
    dig = agreeing_digits(direct, o["objective"])
    ok &= dig >= 25 and direct < mpmath.mpf(m.numerator) / m.denominator
    # the correct bound also holds for the other families on data set 1 of the other checks
    Xd, Yd = _DATA[0]
    with mp.workdps(40):
        Xm, Ym = mp.matrix([[mpmath.mpf(v) for v in r] for r in Xd]), mp.matrix([[mpmath.mpf(v) for v in r] for r in Yd])
        best1 = mpmath.fsum(2 * (Xm[i, :] * Ym[j, :].T)[0] for i in range(6) for j in range(6)) / 36
    above = all(derf.OPTIMA[f](Xd, Yd, dps=30)["objective"] > best1 for f in ("gerf", "aderf", "sderf", "saderf"))
    ok &= above
    return Outcome(ok, ("data sets clustered at x0 = (0.5, -0.3, 0.2) and -x0 (L = 6, d = 3, exact), so mean x.y < 0: "
                + "; ".join(rows) + f". A feasible RF (the GERF optimum) goes below the printed value, so it is not a "
                f"lower bound; the objective tends to 2 mean x.y (= mean log K^2) as the spread, hence every variance, "
                f"vanishes. Direct average over the 36 pairs at spread 0.1 = {_fmt(direct, 10)} ({dig:.0f} digits vs closed form). "
                f"On data set 1 all four optima exceed 2 mean x.y = {_fmt(best1, 8)}"), agreement=f"excess {_fmt(gaps[2], 2)}",
                   control_rejected=gaps[0] > 0 and obj > correct, control_detail="the corrected bound 2 mean x.y is never crossed")


EQ8 = Claim(id="DERF-Eq8", paper="DERF", rule="erratum-typo", root_cause="DERF:shift-square-dropped", conventions=('DERF:shift-square',), location="Sec. 3.1, after Eq. (8)", verdict="erratum", severity="typo",
    statement="The best possible value of (8) is $\\log K^{(0)}(x^{(i)}, y^{(j)})$, corresponding to all variances being zero.",
    correction="The best possible value of (8) is $L^{-2}\\sum_{i,j}\\log K^{(0)}(x^{(i)}, y^{(j)})^2 = 2L^{-2}\\sum_{i,j} x^{(i)\\top}y^{(j)}$.",
    evidence="With zero variances each term is $\\log K^2 = 2x_i^\\top y_j$, so the best value is $2L^{-2}\\sum_{ij} x_i^\\top y_j$; on data clustered at $x_0$, $-x_0$ the GERF optimum goes below the printed value and approaches the corrected one.",
    readings=[Reading("literal", "The best possible value of (8) is $\\log K^{(0)}(x^{(i)}, y^{(j)})$.", False, "a feasible GERF reaches -0.6108777611 below the printed -0.32363128"),
              Reading("charitable: the value of each summand of (8) at zero variance", "The sentence describes each summand $\\log(\\mathrm{Var} + K^2)$ of (8) with $\\mathrm{Var} = 0$.", False, "each summand is then log K^2 = 2t, not the printed log K = t")],
    defence="With Var = 0 each summand of (8), printed one line above, becomes $\\log K^2$: the sentence is shorthand that drops the square and the average, its meaning ('exact estimation') is right and nothing uses the number (defence counsel). Accepted: severity typo.",
    defeated_by="the printed value is not a lower bound: the GERF optimum -0.6108777611 is below it (-0.32363128); the infimum is 2 mean x.y = -0.6472625556",
    checks=[Check("printed value is not a lower bound; 2 mean x.y is approached", "numeric", _sec31_best_value,
                  exercises=("rfsym.derf.gerf_optimum", "rfsym.derf.shifted_log_variance"),
                  route="exact clustered data, optimum vs both values", control="the corrected bound crossed"),
            Check("sympy: infimum of log(Var + K^2)", "symbolic", _eq8_symbolic, route="sympy limit",
                  control="the K-shifted objective")],
    no_witness={"montecarlo": "no random features: (8) is evaluated from the exact variances"})


def _sec31_k_behaviour():
    V = mpmath.mpf(1)
    rows = []
    vals = []
    for K in ("0.25", "0.5", "1", "2"):
        k = mpmath.mpf(K)
        vals.append((mp.log(V + k * k), mp.log(1 + V / (k * k))))
        rows.append(f"K = {K}: log(V + K^2) = {_fmt(vals[-1][0], 5)}, log(V + K^2) - log K^2 = {_fmt(vals[-1][1], 5)}")
    raw_increasing = all(vals[i][0] < vals[i + 1][0] for i in range(3))
    excess_decreasing = all(vals[i][1] > vals[i + 1][1] for i in range(3))
    return Outcome(raw_increasing and excess_decreasing, "fixed variance V = 1: " + "; ".join(rows)
                   + ". The term of (8) grows with K (the literal reading fails); its excess over the best value decreases with K "
                   "(the reading 'the rise a given variance causes' holds)", agreement="monotone in K", control_rejected=raw_increasing,
                   control_detail="the printed direction (decreasing in K) is contradicted at all 4 points")


def _sec31_k_symbolic():
    V, K = sp.symbols("V K", positive=True)
    term = sp.log(V + K ** 2)
    excess = sp.log(1 + V / K ** 2)
    dt, de = sp.simplify(sp.diff(term, K)), sp.simplify(sp.diff(excess, K))
    ok = bool(dt.is_positive) and bool(de.is_negative)
    return Outcome(ok, f"sympy, V, K > 0: d/dK log(V + K^2) = {dt} (> 0: the term of (8) grows with K, the literal "
                   f"reading fails); d/dK log(1 + V/K^2) = {de} (< 0: the excess over the best value decreases with K)",
                   agreement="signs proven for all V, K > 0", control_rejected=not bool(dt.is_negative),
                   control_detail="the printed direction (d/dK < 0) is refuted for every V, K > 0",
                   domain={"V, K": f"all V > 0, K > 0 (sympy certificate: symbols declared positive, sign of the simplified "
                                   f"derivatives {dt} and {de} decided by sympy's assumptions)"})


SEC3_1_K = Claim(id="DERF-Sec3.1-K", paper="DERF", distinct_from={"DERF-Eq8": "two sentences after Eq. (8): the best value of (8) vs its monotonicity in K"}, rule="erratum-typo", root_cause="DERF:sec31-concavity-wording", conventions=('DERF:shift-square',), location="Sec. 3.1, after Eq. (8)", verdict="erratum",
    severity="typo",
    statement="Since log is concave, the smaller $K^{(0)}(x^{(i)}, y^{(j)})$, the higher (8) is for the same amount of variance.",
    correction="The smaller $K^{(0)}(x^{(i)}, y^{(j)})$, the more (8) rises above its best value for the same amount of variance: the excess $\\log(V + K^2) - \\log K^2 = \\log(1 + V/K^2)$ of a summand decreases in $K$ (like the relative standard deviation $\\sqrt V/K$), while the summand $\\log(V + K^2)$ itself grows with $K$.",
    readings=[Reading("literal: the summand itself", "For fixed variance $V$ the summand $\\log(V + K^2)$ of (8) is larger for smaller $K$.", False,
                      "V = 1: log(V + K^2) = 0.22314 at K = 0.5 and 1.6094 at K = 2 (it grows with K)"),
              Reading("the objective (8) as a whole", "For the same variances, (8) is larger on pairs with smaller kernel values: every summand $\\log(V + K^2)$ moves the other way.", False,
                      "sympy: d/dK log(V + K^2) > 0 for all V, K > 0")],
    defence="The sentence's own argument ('since log is concave', 'conceptually similar to relative standard deviation') shows it means the rise a given variance causes above the best value $\\log K^2$, which does decrease in $K$ (defence counsel; the claim was recorded verified under that reading).",
    defeated_by="That reading needs words inserted ('rises above its best value'); the rulebook does not verify a sentence that needs them (rule verified-forced-reading). As printed, (8) and each of its summands grow with $K$ at fixed variance: sympy, d/dK log(V + K^2) > 0 for all V, K > 0; V = 1: log(V + K^2) = 0.22314 at K = 0.5 and 1.6094 at K = 2. The intent is clear from the same sentence and nothing downstream uses it: a typo.",
    evidence="As printed the sentence fails: at fixed variance $V$ each summand $\\log(V + K^2)$ of (8) grows with $K$ (sympy: $\\partial_K\\log(V+K^2) = 2K/(K^2+V) > 0$ for all $V, K > 0$). What it means, by its own argument, is the rise $\\log(1 + V/K^2)$ above the best value, which decreases in $K$ like the relative standard deviation $\\sqrt V/K$; that reading needs words inserted, so under the rulebook the sentence is a typo (re-adjudicated from verified, issue #28; it was recorded as this erratum before the defence round).",
    checks=[Check("fixed V = 1, K = 0.25..2", "numeric", _sec31_k_behaviour, route="mpmath evaluation",
                  control="the literal reading (the summand decreasing in K)"),
            Check("sign of d/dK for all V, K > 0", "symbolic", _sec31_k_symbolic,
                  route="sympy derivative with positive symbols", control="the literal reading, d/dK log(V + K^2) < 0")],
    no_witness={"montecarlo": "a monotonicity of log in its argument; no random features"})


CLAIMS = [SEC3_1, SEC3_1_O1, EQ8, SEC3_1_K]


#: Mutants of the mutation audit (``python -m rfsym audit --paper DERF``) that no check of this file can or
#: needs to notice, with the reason (keys ``function`` or ``function:perturbation``).
AUDIT_EXPLAINED = {
    "rfsym.derf.closed_vs_direct": (
        "the notebook's display of closed form vs direct average; the claims use the "
        "stationarity witnesses instead (tested in tests/test_derf.py)."),
}
