"""Sec. 4.1: asymmetric DERFs (ADERF), Theorem 4.2, Eq. (10) and the proof of App. A.3 (Lemma A.2,
Eqs. (20)-(32)).

Claims, in book order:

* ``DERF-Thm4.2`` verified -- Sec. 4.1, Theorem 4.2
* ``DERF-Eq10`` verified -- Sec. 4.1, Eq. (10)
* ``DERF-Thm4.2-phi`` verified -- App. A.3, after (32)
* ``DERF-Eq20`` verified -- App. A.3, Eq. (20)
* ``DERF-Eq21`` erratum (typo) -- App. A.3, Eq. (21) (and (36))
* ``DERF-Eq22`` verified -- App. A.3, Eqs. (21)-(22)
* ``DERF-LemA.2`` verified -- App. A.3, Lemma A.2, Eqs. (23)-(30)
* ``DERF-Eq24`` verified -- App. A.3, Eq. (24) (earlier version: 'E + tB')
* ``DERF-Eq27`` erratum (typo) -- App. A.3, Eq. (27)
* ``DERF-Eq32`` verified -- App. A.3, Eqs. (31)-(32)
* ``DERF-SecA.3`` erratum (typo) -- App. A.3, sentence after (32)
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from ... import derf
from ...claims import Check, Claim, Outcome, Reading
from ...precision import agreeing_digits
from .. import witnesses as dw
from ..lemma_a1 import _a1_argmin_mp
from ..moments import _eq9_log_m2
from ..optima import _stats
from ._checks import (SEED, _DATA, _DATA_EXTRA, _DATA_NP, _NO_MC_DET, _NO_MC_OPT, _fmt, _objective_mc_check,
                      _opt_checks)


def _aderf_symbolic():
    """sympy (d = 1, from the sympy-derived second moment): min over E of (8) = f(A; phi) + 2 mu, phi = 2(Sigma + mu)."""
    r = dw.aderf_reduction_expr()
    A, m1, m2, mu = r["symbols"]
    Sig = sp.sqrt(m1 * m2)                                       # d = 1: Sigma = sqrt(M1 M2)
    ok_phi = sp.simplify(r["phi"] - 2 * (Sig + mu)) == 0
    wrong = sp.simplify(r["phi"] - (Sig + mu))                   # the proof's phi
    astar, phi = derf.lemma_a1_argmin_expr()
    # the library on a d = 1 data set: A equals (15) at phi = 2(Sigma + mu3)
    X, Y = _DATA_EXTRA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    with mp.workdps(40):
        phin = 2 * (mp.sqrt(st["M1"][0, 0] * st["M2"][0, 0]) + st["xy"])
        a_sym = mpmath.mpf(sp.N(astar.subs(phi, sp.Float(mpmath.nstr(phin, 45), 45)), 45))
        a_wrong = mpmath.mpf(sp.N(astar.subs(phi, sp.Float(mpmath.nstr(phin / 2, 45), 45)), 45))
        g = agreeing_digits(o["A"], a_sym)
        gw = agreeing_digits(o["A"], a_wrong)
    return Outcome(ok_phi and g >= 28, f"sympy, d = 1: E[(f1 f2)^2] from the Gaussian integral, B2 = (1-4A)/b, C_k and D from "
                   f"Thm 4.1; the pair average of its log is minimised over E = b^2 at E* = {r['Estar']}, leaving "
                   f"log(1-4A) - log(1-8A)/2 + phi/(1-8A) + 2 mu with phi = {r['phi']} = 2(Sigma + mu) (Sigma = sqrt(m1 m2)): "
                   f"Lemma A.1 with the theorem's phi. Library aderf_optimum on the d = 1 data set: A = {_fmt(o['A'], 20)}, "
                   f"sympy (15) at 2(Sigma + mu3): {g:.1f} digits",
                   agreement=f"{g:.0f} digits", control_rejected=wrong != 0 and gw < 3,
                   control_detail=f"the proof's phi = Sigma + mu: phi - it = {wrong}; its A agrees to {gw:.1f} digits")


def _aderf_conditions():
    out = []
    ok, rej = True, True
    for X, Y in _DATA:
        o = derf.aderf_optimum(X, Y, dps=30)
        with mp.workdps(45):
            p = derf.as_derf_params("aderf", o)
            r = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=40)
            rw = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], 2 * p["C1"], 2 * p["C2"], p["D"], dps=40)
        ok &= r < mpmath.mpf(10) ** -35
        rej = rej and rw > mpmath.mpf("0.01")
        out.append(mpmath.nstr(r, 2))
    return Outcome(ok, f"the Thm 4.2 parameters satisfy the Thm 4.1 conditions (residuals {out} at 45 digits)",
                   agreement="residual < 1e-35", control_rejected=rej,
                   control_detail="C_k = -B_k^T B_k/(1-4A) (without the 1/2) violates them")


def _aderf_singular():
    msgs = []
    for X, Y in (([["1", "0"]], [["1", "1"], ["0", "1"]]), ([["1", "2"], ["2", "4"]], [["1", "0"], ["0", "1"]])):
        try:
            derf.aderf_optimum(X, Y)
            msgs.append("no error")
        except ValueError as exc:
            msgs.append(str(exc).split(" (")[0])
    ok = all(m.startswith("M1 must be nonsingular") for m in msgs)
    return ok, f"L < d and collinear X raise: {msgs}"


def _deriv_aderf():
    r = dw.aderf_reduction_expr()
    return [("$E^* = B^{(1)\\top}B^{(1)}$ minimising the d = 1 pair average", r["Estar"]),
            ("objective after minimising over $E$", r["reduced"]), ("Lemma A.1 parameter $\\phi$ read off", r["phi"])]


THM4_2 = Claim(id="DERF-Thm4.2", paper="DERF", rule="verified-as-printed", conventions=('DERF:shift-square', 'DERF:feature-side', 'DERF:matrix-roots'), location="Sec. 4.1, Theorem 4.2", verdict="verified",
    statement="With $M^{(1)}, M^{(2)}$ nonsingular, the stated $A$ ($\\phi = 2d^{-1}\\sum_l\\Sigma_{ll} + 2\\mu^{(3)}$), $B^{(1)}, B^{(2)}, C^{(1)}, C^{(2)}, D$ minimise (8) over $\\Theta_{ADE}$.",
    evidence="sympy (d = 1, from the derived moment) reduces (8) to Lemma A.1 with the theorem's $\\phi$; the library optimum is a stationary point of the direct pair average in all $1 + d^2$ parameters to 30+ digits with a positive definite Hessian in $(A, E)$, while the proof's $\\phi$ (half) is not; BFGS never goes lower; the sampled objective matches (10).",
    checks=[Check("sympy reduction of (8) to Lemma A.1 (d = 1)", "symbolic", _aderf_symbolic,
                  exercises=("rfsym.derf.aderf_optimum", "rfsym.derf.derf_moments_expr"),
                  route="sympy from the Gaussian integral", control="the proof's phi")]
         + _opt_checks("aderf", "aderf_optimum_np")
         + [Check("Thm 4.1 conditions", "numeric", _aderf_conditions,
                  exercises=("rfsym.derf.aderf_optimum", "rfsym.derf.derf_conditions_residual"),
                  route="residual at 45 digits", control="C without the 1/2"),
            Check("singular M rejected", "consistency", _aderf_singular, exercises=("rfsym.derf.aderf_optimum",))],
    derivation=_deriv_aderf)


def _eq10_numeric():
    """(10) transcribed literally, at the library's ADERF optimum, vs the direct pair average there."""
    rows, ok, rej, worst, wbest = [], True, True, math.inf, 0.0
    for k, (X, Y) in enumerate(_DATA):
        o = derf.aderf_optimum(X, Y, dps=40)
        with mp.workdps(60):
            v10 = dw.eq10_printed(o["A"], o["Sigma"], o["mu3"], 3)
            wrong = v10 + 3 * mpmath.mpf("0.02") * 2 / (1 - 8 * o["A"]) * (mpmath.fsum(o["Sigma"]) / 3 + o["mu3"])
            direct = dw.direct_objective(derf.as_derf_params("aderf", o), X, Y)
            g, gw = agreeing_digits(v10, direct), agreeing_digits(wrong, direct)
        ok &= g >= 30
        worst, wbest = min(worst, g), max(wbest, gw)
        rows.append(f"data set {k + 1}: (10) = {_fmt(v10, 20)}, direct = {_fmt(direct, 20)} ({g:.1f} digits)")
    return Outcome(ok, "; ".join(rows), agreement=f"{worst:.0f} digits", control_rejected=wbest < 4,
                   control_detail=f"coefficient 2 -> 2.02 of (1-8A)^-1 agrees to {wbest:.1f} digits at best")


EQ10 = Claim(id="DERF-Eq10", paper="DERF", rule="verified-as-printed", conventions=('DERF:shift-square',), location="Sec. 4.1, Eq. (10)", verdict="verified",
    statement="Optimal value $d\\big(\\log(1-4A) - \\frac12\\log(1-8A) + 2(1-8A)^{-1}(d^{-1}\\sum_l\\Sigma_{ll} + \\mu^{(3)}) + 2\\mu^{(3)}\\big)$.",
    evidence="(10) transcribed literally equals the direct pair average at the library optimum to 30+ digits; the sampled objective matches; sympy (d = 1) derives it.",
    checks=[Check("(10) transcribed vs direct pair average", "numeric", _eq10_numeric,
                  exercises=("rfsym.derf.aderf_optimum", "rfsym.derf.as_derf_params"),
                  route="rfsym.derf.witnesses.eq10_printed vs direct_objective", control="coefficient 2 -> 2.02"),
            Check("sampled objective vs (10)", "montecarlo", lambda: _objective_mc_check("aderf"),
                  exercises=("rfsym.derf.aderf_optimum_np",), route="sampled second moments",
                  control="coefficient x1.05"),
            Check("sympy reduction (d = 1)", "symbolic", _aderf_symbolic, exercises=("rfsym.derf.aderf_optimum",),
                  route="sympy", control="the proof's phi")])


def _phi_symbolic():
    """sympy, d = 1: Sigma^2 - mu^2 = (m1 - xbar^2) m2 + xbar^2 (m2 - ybar^2) >= 0, so Sigma + mu >= 0."""
    m1, m2 = sp.symbols("m1 m2", positive=True)
    xb, yb = sp.symbols("xbar ybar", real=True)
    ident = sp.expand(m1 * m2 - xb ** 2 * yb ** 2 - ((m1 - xb ** 2) * m2 + xb ** 2 * (m2 - yb ** 2)))
    half = sp.sqrt(m1 * m2) / 2 + xb * yb                # control: a factor 1/2 on Sigma
    at = half.subs({m1: 1, m2: 1, xb: 1, yb: -1})          # X = (1, 1), Y = -X: m = xbar^2
    return Outcome(ident == 0, f"sympy, d = 1: Sigma = sqrt(m1 m2), mu3 = xbar ybar; m1 m2 - xbar^2 ybar^2 - [(m1 - xbar^2) m2 + "
                   f"xbar^2 (m2 - ybar^2)] = {ident}, and m1 >= xbar^2, m2 >= ybar^2 (variances), so |mu3| <= Sigma and "
                   f"phi/2 = Sigma + mu3 >= 0", agreement="symbolic identity", control_rejected=at < 0,
                   control_detail=f"Sigma/2 + mu3 at X = (1, 1), Y = -X is {at} < 0")


def _phi_nonneg():
    rng = np.random.default_rng(SEED + 14)
    worst = math.inf
    slack = math.inf
    viol = 0
    for t in range(400):
        d = int(rng.integers(1, 6))
        L = d + int(rng.integers(0, 5))
        X = rng.normal(size=(L, d)) * rng.uniform(0.1, 3)
        mode = t % 3
        Y = -X + 0.01 * rng.normal(size=(L, d)) if mode == 0 else (rng.normal(size=(L, d)) - 2 * X.mean(0) if mode == 1 else rng.normal(size=(L, d)))
        try:
            o = derf.aderf_optimum_np(X, Y)
        except ValueError:
            continue
        q = o["Sigma"].mean() + X.mean(0) @ Y.mean(0) / d
        worst = min(worst, q)
        # the proof-missing step: |xbar.ybar| <= ||M1^1/2 M2^1/2||_op <= ||.||_* = sum Sigma
        slack = min(slack, o["Sigma"].max() - abs(X.mean(0) @ Y.mean(0)))
        viol += int(o["Sigma"].min() < abs(X.mean(0) @ Y.mean(0)) - 1e-12)
    Xe = [["0.5"], ["0.5"]]
    Ye = [["-0.5"], ["-0.5"]]
    o = derf.aderf_optimum(Xe, Ye, dps=30)
    ok = worst >= -1e-12 and slack >= -1e-12 and o["phi"] == 0 and o["A"] == 0
    return Outcome(ok, (f"400 random data sets (incl. Y ~ -X): min of d^-1 sum Sigma + mu3 = {worst:.3e} >= 0 and "
                f"min(Sigma_max - |mu4.mu5|) = {slack:.3e} >= 0 (since xbar = M1^1/2 a, ybar = M2^1/2 b with |a|,|b| <= 1, "
                f"|xbar.ybar| <= ||M1^1/2 M2^1/2||_op <= sum Sigma); equality case X = (0.5, 0.5), Y = -X (d = 1): phi = "
                f"{o['phi']}, A = {o['A']}; the stronger bound |mu4.mu5| <= min Sigma fails on {viol} sets"), agreement=f"min {worst:.1e}",
                   control_rejected=viol > 0, control_detail=f"|mu4.mu5| <= min Sigma violated on {viol} sets")


THM4_2_PHI = Claim(id="DERF-Thm4.2-phi", paper="DERF", rule="verified-as-printed", conventions=('DERF:feature-side',), location="App. A.3, after (32)", verdict="verified",
    statement="$\\phi = d^{-1}\\sum_l \\Sigma_{ll} + \\mu^{(3)} \\ge 0$ (needed for Lemma A.1), stated without proof.",
    evidence="True: $\\bar x = M_1^{1/2}a$, $\\bar y = M_2^{1/2}b$ with $\\|a\\|, \\|b\\| \\le 1$, so $|\\mu^{(4)}\\cdot\\mu^{(5)}| \\le \\|M_1^{1/2}M_2^{1/2}\\|_{op} \\le \\sum\\Sigma$; checked on 400 data sets with the equality case.",
    checks=[Check("400 data sets and the equality case", "numeric", _phi_nonneg,
                  exercises=("rfsym.derf.aderf_optimum_np", "rfsym.derf.aderf_optimum"),
                  route="random data incl. Y ~ -X", control="the stronger bound with min Sigma"),
            Check("sympy, d = 1", "symbolic", _phi_symbolic, route="sympy identity", control="Sigma/2 + mu3")],
    no_witness={"montecarlo": "a deterministic inequality between data statistics"})


def _eq20_symbolic():
    u = sp.Symbol("u", positive=True)          # u = 1 - 4A > 0 (implied by 8A < 1)
    A = (1 - u) / 4
    d = 3
    B1 = sp.Matrix(d, d, sp.symbols("b0:9"))
    I = sp.eye(d)
    P = (I - 4 * A * I)
    c1 = sp.simplify(B1.T * P.inv() * B1 - B1.T * B1 / (1 - 4 * A))
    det = sp.simplify(P.det() ** sp.Rational(1, 4) - (1 - 4 * A) ** sp.Rational(d, 4))
    ok = c1 == sp.zeros(d, d) and det == 0
    wrong = sp.simplify(P.det() ** sp.Rational(1, 4) - (1 - 4 * A) ** sp.Rational(1, 4))
    return Outcome(ok, f"sympy, d = 3, symbolic B (9 entries), u = 1 - 4A > 0: B^T (I - 4A)^-1 B - B^T B/(1-4A) is the zero "
                   f"matrix: {c1 == sp.zeros(d, d)}; det(I - 4A)^(1/4) - (1-4A)^(d/4) = {det}", agreement="symbolic identity",
                   control_rejected=wrong != 0, control_detail="D = (1-4A)^(1/4) (no d) rejected")


EQ20 = Claim(id="DERF-Eq20", paper="DERF", rule="verified-as-printed", conventions=('DERF:matrix-roots',), location="App. A.3, Eq. (20)", verdict="verified",
    statement="With $\\mathbf{A} = AI_d$ the Thm 4.1 conditions read $B^{(1)\\top}B^{(2)}/(1-4A) = I$, $C^{(k)} = -B^{(k)\\top}B^{(k)}/(2(1-4A))$, $D = (1-4A)^{d/4}$.",
    evidence="sympy, d = 3; the library's ADERF optimum satisfies the conditions to 35+ digits.",
    checks=[Check("sympy", "symbolic", _eq20_symbolic, route="sympy, symbolic B", control="D = (1-4A)^(1/4)"),
            Check("library optimum satisfies (20)", "numeric", _aderf_conditions,
                  exercises=("rfsym.derf.aderf_optimum", "rfsym.derf.derf_conditions_residual"),
                  route="residual at 45 digits", control="C without the 1/2")],
    no_witness={"montecarlo": _NO_MC_DET})


def _eq21_symbolic():
    """sympy, d = 1 ADERF: log(Var + K^2) = log E[(f1 f2)^2] is quadratic in x, y (the form (22)); log(Var + K) is not."""
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    b = sp.Symbol("b", positive=True)
    u = 1 - 4 * A
    sub = {B1: b, B2: u / b, C1: -b ** 2 / (2 * u), C2: -(u / b) ** 2 / (2 * u), D: u ** sp.Rational(1, 4)}
    m2 = e["m2"].subs(sub)
    K = sp.exp(x * y)
    good = sp.expand(sp.expand_log(sp.log(m2), force=True))
    third_good = sp.simplify(sp.diff(good, x, 3))
    typo = sp.log(m2 - K ** 2 + K)
    third_typo = sp.diff(typo, x, 3).subs({x: sp.Rational(1, 2), y: sp.Rational(1, 3), A: -sp.Rational(1, 10), b: 1})
    return Outcome(third_good == 0, f"sympy, d = 1: log(Var + K^2) = log E[(f1 f2)^2] = {good} is quadratic in (x, y) (third "
                   f"x-derivative {third_good}), which is what (21)-(22) average; log(Var + K) as printed is not (third "
                   f"x-derivative at x = 1/2, y = 1/3, A = -1/10, b = 1: {sp.N(third_typo, 6)})", agreement="symbolic identity",
                   control_rejected=sp.N(third_typo) != 0, control_detail="the printed log(Var + K) is not quadratic")


def _eq21_typo():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        p = derf.as_derf_params("aderf", o)
        Xm = mp.matrix([[mpmath.mpf(v) for v in r] for r in X])
        Ym = mp.matrix([[mpmath.mpf(v) for v in r] for r in Y])
        printed, fixed, k2s = [], [], []
        for i in range(6):
            for j in range(6):
                x, y = Xm[i, :].T, Ym[j, :].T
                m2 = mp.exp(_eq9_log_m2(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], x, y))
                K = mp.exp((x.T * y)[0])
                printed.append(mp.log(m2 - K * K + K))
                fixed.append(mp.log(m2 - K * K + K * K))
                k2s.append(K * K)
        pv, fv = mpmath.fsum(printed) / 36, mpmath.fsum(fixed) / 36
        ok = abs(fv - o["objective"]) < mpmath.mpf(10) ** -30 and abs(pv - o["objective"]) > mpmath.mpf("1e-3")
        nv = mpmath.fsum(mp.log(mp.exp(v) - K2) for v, K2 in zip(fixed, k2s)) / 36
    return Outcome(ok, f"ADERF optimum on data set 1: the average of log(Var + K) (as printed in (21), (36)) = {_fmt(pv, 12)}, "
                   f"of log(Var + K^2) = {_fmt(fv, 12)} = closed form (10) {_fmt(o['objective'], 12)}",
                   agreement="30+ digits", control_rejected=abs(nv - o["objective"]) > mpmath.mpf("1e-3"),
                   control_detail=f"unshifted mean log Var = {_fmt(nv, 8)} differs too")


EQ21 = Claim(id="DERF-Eq21", paper="DERF", rule="erratum-typo", root_cause="DERF:shift-square-dropped", conventions=('DERF:shift-square',), location="App. A.3, Eq. (21) (and (36))", verdict="erratum",
    severity="typo", statement="(8) $= L^{-2}\\sum\\log(\\mathrm{Var}\\, f_1 f_2 + K^{(0)}(x_i, y_j))$.",
    correction="$L^{-2}\\sum\\log(\\mathrm{Var}\\, f_1 f_2 + K^{(0)}(x_i, y_j)^2)$ in (21) and (36).",
    evidence="The shift in (8) is $K^2$; the right-hand sides of (21), (36) are those of $\\log(\\mathrm{Var} + K^2)$.",
    readings=[Reading("literal", "(8) $= L^{-2}\\sum\\log(\\mathrm{Var} + K)$.", False, "0.815539667393 vs (8) = 0.80355857279"),
              Reading("charitable: the right-hand side of (21) and (36)", "The printed shift is read from the right-hand sides, which are $\\log E[f_1^2f_2^2]$.", False, "those equal log(Var + K^2), not the printed log(Var + K)")],
    defence="(8) has the square and the right-hand sides of (21), (36) are $\\log(\\mathrm{Var} + K^2)$; the final values (10), (11) are correct (defence counsel): a typo.",
    defeated_by="the printed average is 0.815539667393, not (8) = 0.80355857279",
    checks=[Check("log(Var + K) vs log(Var + K^2)", "numeric", _eq21_typo,
                  exercises=("rfsym.derf.aderf_optimum", "rfsym.derf.as_derf_params"), route="pair-by-pair mpmath",
                  control="unshifted log Var"),
            Check("sympy: which shift (22) averages", "symbolic", _eq21_symbolic,
                  exercises=("rfsym.derf.derf_moments_expr",), route="sympy", control="log(Var + K) quadratic")],
    no_witness={"montecarlo": "the shift is a deterministic term; the sampled objective is in DERF-Eq10"})


def _random_aderf(rng, d):
    a = -abs(rng.normal()) * 0.2
    B1 = np.eye(d) + 0.4 * rng.normal(size=(d, d))
    return a, B1


def _eq22_numeric():
    rng = np.random.default_rng(SEED + 15)
    X, Y = _DATA[0]
    worst, wbest = math.inf, 0.0
    for _ in range(2):
        a, B1 = _random_aderf(rng, 3)
        with mp.workdps(50):
            A = mpmath.mpf(a)
            b1 = mp.matrix(B1.tolist())
            E = b1.T * b1
            b2 = (1 - 4 * A) * mp.inverse(b1).T
            p = {"A": A * mp.eye(3), "B1": b1, "B2": b2, "C1": -(b1.T * b1) / (2 * (1 - 4 * A)),
                 "C2": -(b2.T * b2) / (2 * (1 - 4 * A)), "D": (1 - 4 * A) ** (mpmath.mpf(3) / 4)}
            st = _stats(mp.matrix([[mpmath.mpf(v) for v in r] for r in X]), mp.matrix([[mpmath.mpf(v) for v in r] for r in Y]))
            tr = lambda M: sum(M[i, i] for i in range(3))
            b_1 = 1 / ((1 - 8 * A) * (1 - 4 * A))
            b_2 = (1 - 4 * A) / (1 - 8 * A)
            eq22 = (3 * mp.log(1 - 4 * A) - mp.log(1 - 8 * A) * 3 / 2 + b_1 * tr(E * st["M1"])
                    + b_2 * tr(mp.inverse(E) * st["M2"]) + 4 * b_2 * st["xy"])
            swapped = eq22 + (b_2 - b_1) * tr(E * st["M1"]) + (b_1 - b_2) * tr(mp.inverse(E) * st["M2"])
        direct = derf.shifted_log_variance(p, X, Y, dps=30)
        with mp.workdps(40):
            worst = min(worst, agreeing_digits(eq22, direct))
            wbest = max(wbest, agreeing_digits(swapped, direct))
    return Outcome(worst >= 30, f"(21)-(22) (with Trace(E M1), Trace(E^-1 M2)) vs direct average over pairs for two random "
                   f"(A, B1): >= {worst:.1f} digits", agreement=f"{worst:.0f} digits", control_rejected=wbest < 3,
                   control_detail=f"beta1 and beta2 swapped: {wbest:.1f} digits")


EQ22 = Claim(id="DERF-Eq22", paper="DERF", rule="verified-as-printed", conventions=('DERF:shift-square', 'DERF:feature-side'), location="App. A.3, Eqs. (21)-(22)", verdict="verified",
    statement="For ADERF, (8) $= d\\log(1-4A) - \\frac d2\\log(1-8A) + \\beta_1 L^{-1}\\sum x^\\top Ex + \\beta_2 L^{-1}\\sum y^\\top E^{-1}y + 4\\beta_2 L^{-2}\\sum x^\\top y$, $E = B^{(1)\\top}B^{(1)}$.",
    evidence="30+ digits against the direct pair average for random $(A, B^{(1)})$; sympy (d = 1) from the derived moment.",
    checks=[Check("vs direct average", "numeric", _eq22_numeric,
                  exercises=("rfsym.derf.shifted_log_variance", "rfsym.derf.shifted_log_variance_stats"),
                  route="pair-by-pair average of (9)", control="beta1, beta2 swapped"),
            Check("sympy (d = 1) from the derived moment", "symbolic", _aderf_symbolic,
                  exercises=("rfsym.derf.derf_moments_expr",), route="sympy", control="the proof's phi")],
    no_witness={"montecarlo": "an identity between two deterministic expressions of (8); the sampled objective is in DERF-Eq10"})


def _lema2_numeric():
    """Gradient (28) vanishes at E*, F convex (25), and no SPD E found below F(E*)."""
    import scipy.optimize as so
    X, Y = _DATA_NP[0]
    M1, M2 = X.T @ X / 6, Y.T @ Y / 6
    rng = np.random.default_rng(SEED + 16)
    a = -0.07
    b1, b2 = 1 / ((1 - 8 * a) * (1 - 4 * a)), (1 - 4 * a) / (1 - 8 * a)
    o = derf.aderf_optimum_np(X, Y)
    # B1* at this A: rescale the optimum's B1 by sqrt(1-4a)/sqrt(1-4A_opt)
    B1 = o["B1"] * math.sqrt((1 - 4 * a) / (1 - 4 * o["A"]))
    E = B1.T @ B1
    F = lambda E: b1 * np.trace(E @ M1) + b2 * np.trace(np.linalg.inv(E) @ M2)
    grad = b1 * M1 - b2 * np.linalg.inv(E) @ M2 @ np.linalg.inv(E)
    gnorm = float(np.abs(grad).max())

    def Fv(v):
        Lm = np.zeros((3, 3))
        Lm[np.tril_indices(3)] = v
        Em = Lm @ Lm.T + 1e-14 * np.eye(3)
        return F(Em)
    best = min(so.minimize(Fv, rng.normal(size=6), method="BFGS").fun for _ in range(4))
    # second derivative (25) vs finite differences, and its sign, in random symmetric directions
    worst_rel, min_second = 0.0, math.inf
    Ei = np.linalg.inv(E)
    for _ in range(20):
        Dl = rng.normal(size=(3, 3))
        Dl = (Dl + Dl.T) / 2
        formula = 2 * b2 * np.trace(Ei @ Dl @ Ei @ Dl @ Ei @ M2)
        h = 1e-4
        fd = (F(E + h * Dl) - 2 * F(E) + F(E - h * Dl)) / (h * h)
        worst_rel = max(worst_rel, abs(fd - formula) / abs(formula))
        min_second = min(min_second, formula)
    ok = gnorm < 1e-12 and best >= F(E) - 1e-9 and worst_rel < 1e-5 and min_second > 0
    Ew = 1.01 * E
    gw = float(np.abs(b1 * M1 - b2 * np.linalg.inv(Ew) @ M2 @ np.linalg.inv(Ew)).max())
    return Outcome(ok, f"A = -0.07, data set 1: |grad F(E*)| (28) = {gnorm:.1e}; BFGS over E = LL^T: best {best:.12f} vs F(E*) = "
                   f"{F(E):.12f}; (25) vs finite differences in 20 directions: max rel. diff {worst_rel:.1e}, min value "
                   f"{min_second:.3g} > 0", agreement=f"|grad| {gnorm:.0e}", control_rejected=gw > 1e-4,
                   control_detail=f"1.01 E*: |grad| = {gw:.2g}")


def _eq30_numeric():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        st = _stats(mp.matrix([[mpmath.mpf(v) for v in r] for r in X]), mp.matrix([[mpmath.mpf(v) for v in r] for r in Y]))
        A = o["A"]
        E = o["B1"].T * o["B1"]
        b1, b2 = 1 / ((1 - 8 * A) * (1 - 4 * A)), (1 - 4 * A) / (1 - 8 * A)
        R = b1 * E * st["M1"] * E - b2 * st["M2"]
        res = max(abs(R[i, j]) for i in range(3) for j in range(3))
        F = E / (1 - 4 * A)
        R2 = F * st["M1"] * F - st["M2"]
        res2 = max(abs(R2[i, j]) for i in range(3) for j in range(3))
        tr = sum((F * st["M1"])[i, i] for i in range(3))
        dtr = abs(tr - mpmath.fsum(o["Sigma"]))
        Rw = b2 * E * st["M1"] * E - b1 * st["M2"]
        resw = max(abs(Rw[i, j]) for i in range(3) for j in range(3))
    ok = res < mpmath.mpf(10) ** -35 and res2 < mpmath.mpf(10) ** -35 and dtr < mpmath.mpf(10) ** -35
    return Outcome(ok, f"data set 1: max |beta1 E* M1 E* - beta2 M2| (30) = {_fmt(res, 2)}; F M1 F = M2 residual {_fmt(res2, 2)}; "
                   f"|Trace(F M1) - sum Sigma| = {_fmt(dtr, 2)}", agreement="residual < 1e-35",
                   control_rejected=resw > mpmath.mpf("1e-3"), control_detail=f"beta1, beta2 swapped: residual {_fmt(resw, 3)}")


LEMA_2 = Claim(id="DERF-LemA.2", paper="DERF", rule="verified-as-printed", conventions=('DERF:matrix-roots',), location="App. A.3, Lemma A.2, Eqs. (23)-(30)", verdict="verified",
    statement="For fixed $A$, $E^* = B^{(1)*\\top}B^{(1)*}$ minimises $\\mathcal{F}(E) = \\beta_1\\mathrm{Tr}(EM_1) + \\beta_2\\mathrm{Tr}(E^{-1}M_2)$ over $E \\succ 0$; gradient (28), second derivative (25).",
    evidence="$\\nabla\\mathcal{F}(E^*) = 0$, (25) matches finite differences and is positive, BFGS never lower; (30) and $FM_1F = M_2$ hold to 35+ digits.",
    checks=[Check("gradient, convexity, search", "numeric", _lema2_numeric,
                  exercises=("rfsym.derf.aderf_optimum_np",), route="float64 + BFGS", control="1.01 E*"),
            Check("(30) and F M1 F = M2, 35 digits", "numeric", _eq30_numeric,
                  exercises=("rfsym.derf.aderf_optimum",), route="mpmath residuals", control="beta1, beta2 swapped")],
    no_witness={"symbolic": "matrix-valued convex minimisation; the d = 1 case is derived by sympy under DERF-Thm4.2",
                "montecarlo": _NO_MC_OPT})


def _eq24_symbolic():
    """sympy, symbolic 2x2 E and Delta: (E + t Delta) sum_{l<=n} (-t)^l E^-1 (Delta E^-1)^l = I - (-t)^(n+1) (Delta E^-1)^(n+1)."""
    t = sp.Symbol("t")
    Dl = sp.Matrix(2, 2, sp.symbols("g0:4"))
    Ei = sp.Matrix(2, 2, sp.symbols("h0:4"))          # stands for E^-1 (E Ei = I used in the telescoping)
    n = 3
    # with E Ei = I: (E + t Dl) S = sum (-t)^l (Dl Ei)^l + t sum (-t)^l (Dl Ei)^(l+1) (telescoping)
    P = Dl * Ei
    tel = sum(((-t) ** l * P ** l for l in range(n + 1)), sp.zeros(2, 2)) + t * sum(((-t) ** l * P ** (l + 1) for l in range(n + 1)), sp.zeros(2, 2))
    res = sp.expand(tel - (sp.eye(2) - (-t) ** (n + 1) * P ** (n + 1)))
    wrong = sp.expand(sum((t ** l * P ** l for l in range(n + 1)), sp.zeros(2, 2)) + t * sum((t ** l * P ** (l + 1) for l in range(n + 1)), sp.zeros(2, 2))
                      - (sp.eye(2) - t ** (n + 1) * P ** (n + 1)))
    return Outcome(res == sp.zeros(2, 2), f"sympy, symbolic 2x2 Delta, E^-1, n = {n}: (E + t Delta) times the partial sum equals "
                   f"I - (-t)^(n+1) (Delta E^-1)^(n+1) (residual zero: {res == sp.zeros(2, 2)}), so the series converges to "
                   f"(E + t Delta)^-1 when the spectral radius of t Delta E^-1 is < 1", agreement="symbolic identity",
                   control_rejected=wrong != sp.zeros(2, 2), control_detail="(+t)^l does not telescope")


def _eq24_neumann():
    rng = np.random.default_rng(SEED + 17)
    E = np.eye(3) + 0.2 * rng.normal(size=(3, 3))
    E = E @ E.T
    Dl = rng.normal(size=(3, 3))
    Dl = (Dl + Dl.T) / 2
    t = 0.05
    Ei = np.linalg.inv(E)
    series = sum((-t) ** l * Ei @ np.linalg.matrix_power(Dl @ Ei, l) for l in range(60))
    err = float(np.abs(series - np.linalg.inv(E + t * Dl)).max())
    wser = sum(t ** l * Ei @ np.linalg.matrix_power(Dl @ Ei, l) for l in range(60))
    werr = float(np.abs(wser - np.linalg.inv(E + t * Dl)).max())
    return Outcome(err < 1e-13, f"Neumann series (E + t Delta)^-1 = sum (-t)^l E^-1 (Delta E^-1)^l: max error {err:.1e} "
                   f"(t = 0.05); the earlier appendix writes 'E + tB is invertible' here, the final version 'E + t Delta'",
                   agreement=f"error {err:.0e}", control_rejected=werr > 1e-4, control_detail=f"(+t)^l instead of (-t)^l: error {werr:.2g}")


EQ24 = Claim(id="DERF-Eq24", paper="DERF", rule="verified-as-printed", location="App. A.3, Eq. (24) (earlier version: 'E + tB')",
    verdict="verified", statement="$(E + t\\Delta)^{-1} = \\sum_l (-t)^l E^{-1}(\\Delta E^{-1})^l$ for small $t$.",
    evidence="Neumann series checked numerically. The earlier appendix writes 'E + tB is invertible' ($B$ undefined there); the final version 'E + t$\\Delta$'. Other version differences: DERF-Eq37-N (an expansion typo of the earlier version), reference numbers shifted by one, 'its sorts' -> 'it sorts'.",
    checks=[Check("Neumann series", "numeric", _eq24_neumann, route="float64 partial sums", control="(+t)^l"),
            Check("sympy telescoping", "symbolic", _eq24_symbolic, route="symbolic 2x2 matrices", control="(+t)^l")],
    no_witness={"montecarlo": _NO_MC_DET})


def _eq27_symbolic():
    """sympy, d = 1: F(E + D) = F(E) + (beta1 M1 - beta2 M2/E^2) D + O(D^2); the printed (27) lacks F(E)."""
    E, Dl, b1, b2, m1, m2 = sp.symbols("E Delta beta1 beta2 M1 M2", positive=True)
    F = lambda e: b1 * e * m1 + b2 * m2 / e
    ser = sp.series(F(E + Dl), Dl, 0, 2).removeO()
    fixed = sp.simplify(ser - (F(E) + (b1 * m1 - b2 * m2 / E ** 2) * Dl))
    printed = sp.simplify(ser - (b1 * m1 - b2 * m2 / E ** 2) * Dl)
    half = sp.simplify(ser - (F(E) + (b1 * m1 - b2 * m2 / E ** 2) * Dl / 2))
    return Outcome(fixed == 0 and printed != 0, f"sympy, d = 1: first-order series of F(E + Delta) minus [F(E) + gradient Delta] = "
                   f"{fixed}; minus the printed (27) = {printed}", agreement="symbolic identity", control_rejected=half != 0,
                   control_detail="half the gradient term leaves a nonzero difference")


def _eq27_typo():
    X, Y = _DATA_NP[0]
    M1, M2 = X.T @ X / 6, Y.T @ Y / 6
    a = -0.07
    b1, b2 = 1 / ((1 - 8 * a) * (1 - 4 * a)), (1 - 4 * a) / (1 - 8 * a)
    F = lambda E: b1 * np.trace(E @ M1) + b2 * np.trace(np.linalg.inv(E) @ M2)
    rng = np.random.default_rng(SEED + 18)
    E = np.eye(3) + 0.1 * rng.normal(size=(3, 3))
    E = E @ E.T
    Dl = rng.normal(size=(3, 3))
    Dl = (Dl + Dl.T) / 2
    G = b1 * M1 - b2 * np.linalg.inv(E) @ M2 @ np.linalg.inv(E)
    rows, ok = [], True
    for t in (1e-2, 1e-3, 1e-4):
        lhs = F(E + t * Dl)
        printed_rem = abs(lhs - np.trace(t * Dl @ G)) / t         # should -> 0 if (27) were right
        fixed_rem = abs(lhs - F(E) - np.trace(t * Dl @ G)) / t
        rows.append(f"t={t:g}: printed remainder/t = {printed_rem:.3g}, corrected remainder/t = {fixed_rem:.1e}")
    ok = printed_rem > 1 and fixed_rem < 1e-2
    half = abs(F(E + t * Dl) - F(E) - 0.5 * np.trace(t * Dl @ G)) / t
    return Outcome(ok, "; ".join(rows), agreement=f"remainder/t {fixed_rem:.0e}", control_rejected=half > 1e-2,
                   control_detail=f"half the gradient term: remainder/t = {half:.2g}")


EQ27 = Claim(id="DERF-Eq27", paper="DERF", rule="erratum-typo", root_cause="DERF:eq27-constant-term", location="App. A.3, Eq. (27)", verdict="erratum", severity="typo",
    statement="$\\mathcal{F}(E + \\Delta) = \\mathrm{Tr}(\\Delta(\\beta_1M_1 - \\beta_2E^{-1}M_2E^{-1})) + o(\\|\\Delta\\|)$.",
    correction="$\\mathcal{F}(E + \\Delta) = \\mathcal{F}(E) + \\mathrm{Tr}(\\Delta(\\beta_1M_1 - \\beta_2E^{-1}M_2E^{-1})) + o(\\|\\Delta\\|)$.",
    evidence="The constant term $\\mathcal{F}(E)$ is missing.",
    readings=[Reading("literal", "$\\mathcal{F}(E+\\Delta) = \\mathrm{Tr}(\\Delta(\\beta_1M_1 - \\beta_2E^{-1}M_2E^{-1})) + o(\\|\\Delta\\|)$.", False, "printed remainder/t = 6.95e+03 at t = 0.0001"),
              Reading("charitable: the expansion of the display above", "(27) is read as the first-order term of the display above, which carries $\\mathcal{F}(E) + \\dots$.", False, "as an equation for F(E + Delta) it still omits F(E): remainder/t grows as 1/t")],
    defence="The display just above carries $\\mathcal{F}(E)$ and the gradient (28) that follows is right (defence counsel): a typo.",
    defeated_by="printed remainder/t = 69.5, 695, 6.95e+03 at t = 0.01, 0.001, 0.0001 (corrected: 1.5e-04 at t = 0.0001)",
    checks=[Check("remainder as t -> 0", "numeric", _eq27_typo, route="float64 remainders",
                  control="half the gradient term"),
            Check("sympy series (d = 1)", "symbolic", _eq27_symbolic, route="sympy series",
                  control="half the gradient term")],
    no_witness={"montecarlo": _NO_MC_DET})


def _eq32_numeric():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    rows, ok, rej = [], True, True
    for a in ("-0.3", "-0.05", "0.1"):
        with mp.workdps(45):
            A = mpmath.mpf(a)
            r = mp.sqrt((1 - 4 * A) / (1 - 4 * o["A"]))
            b1 = o["B1"] * r
            b2 = (1 - 4 * A) * mp.inverse(b1).T
            p = {"A": A * mp.eye(3), "B1": b1, "B2": b2, "C1": -(b1.T * b1) / (2 * (1 - 4 * A)),
                 "C2": -(b2.T * b2) / (2 * (1 - 4 * A)), "D": (1 - 4 * A) ** (mpmath.mpf(3) / 4)}
            sig, mu3 = mpmath.fsum(o["Sigma"]) / 3, o["mu3"]
            eq32 = 3 * (mp.log(1 - 4 * A) - mp.log(1 - 8 * A) / 2 + 2 / (1 - 8 * A) * (sig + mu3) + 2 * mu3)
        direct = derf.shifted_log_variance(p, X, Y, dps=30)
        with mp.workdps(40):
            dig = agreeing_digits(eq32, direct)
            wv = eq32 + 3 * mpmath.mpf("0.02") * 2 / (1 - 8 * A) * (sig + mu3)
            wdig = agreeing_digits(wv, direct)
        ok &= dig >= 30
        rej &= wdig < 4
        rows.append(f"A = {a}: {dig:.1f} digits")
    return Outcome(ok, "(31)-(32) at E* = (1-4A) F for fixed A vs direct average: " + "; ".join(rows),
                   agreement=">= 30 digits", control_rejected=rej, control_detail="coefficient 2 -> 2.02 of (1-8A)^-1 rejected")


EQ32 = Claim(id="DERF-Eq32", paper="DERF", distinct_from={"DERF-Eq10": "the appendix display (31)-(32) for every fixed A vs the main-text optimum (10): two displays of one formula, each checked where it is printed"}, rule="verified-as-printed", conventions=('DERF:shift-square',), location="App. A.3, Eqs. (31)-(32)", verdict="verified",
    statement="At $E^* = (1-4A)F$, (22) $= d\\big(\\log(1-4A) - \\frac12\\log(1-8A) + 2(1-8A)^{-1}(d^{-1}\\sum\\Sigma + \\mu^{(3)}) + 2\\mu^{(3)}\\big)$ for every fixed $A$.",
    evidence="30+ digits against the direct average at $A = -0.3, -0.05, 0.1$; sympy (d = 1).",
    checks=[Check("vs direct average", "numeric", _eq32_numeric,
                  exercises=("rfsym.derf.aderf_optimum", "rfsym.derf.shifted_log_variance"),
                  route="pair-by-pair average", control="coefficient 2 -> 2.02"),
            Check("sympy (d = 1)", "symbolic", _aderf_symbolic, exercises=("rfsym.derf.derf_moments_expr",),
                  route="sympy", control="the proof's phi")],
    no_witness={"montecarlo": "holds for every A; the sampled objective at the optimum is in DERF-Eq10"})


def _secA3_phi_slip():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        q = mpmath.fsum(o["Sigma"]) / 3 + o["mu3"]
        a_printed = _a1_argmin_mp(q)            # phi = d^-1 sum Sigma + mu3 as written in the proof
        obj = lambda A: 3 * (mp.log(1 - 4 * A) - mp.log(1 - 8 * A) / 2 + 2 / (1 - 8 * A) * q + 2 * o["mu3"])
        ok = obj(a_printed) - o["objective"] > mpmath.mpf("1e-6") and abs(obj(o["A"]) - o["objective"]) < mpmath.mpf(10) ** -35
        a_tiny = _a1_argmin_mp(o["phi"] * (1 + mpmath.mpf(10) ** -3))
        rej = obj(a_tiny) > o["objective"]
    return Outcome(ok, (f"data set 1: the proof's phi = d^-1 sum Sigma + mu3 = {_fmt(q, 10)} gives A = {_fmt(a_printed, 10)} and (32) = "
                f"{_fmt(obj(a_printed), 12)}; the coefficient of (1-8A)^-1 in (32) is 2(d^-1 sum Sigma + mu3), i.e. the theorem's "
                f"phi = {_fmt(o['phi'], 10)}, A = {_fmt(o['A'], 10)}, (10) = {_fmt(o['objective'], 12)}"),
                   agreement=f"excess {_fmt(obj(a_printed) - o['objective'], 3)}", control_rejected=rej,
                   control_detail=f"even phi x 1.001 raises (32) by {_fmt(obj(a_tiny) - o['objective'], 2)}")


def _secA3_symbolic():
    """sympy: (32)'s derivative vanishes at A*(phi) with phi = 2 S (theorem), not with phi = S (proof)."""
    a_star, phi = derf.lemma_a1_argmin_expr()
    A, S = sp.symbols("A S", real=True)
    f = sp.log(1 - 4 * A) - sp.log(1 - 8 * A) / 2 + 2 * S / (1 - 8 * A)        # (32)/d without the constant 2 mu3
    fp = sp.diff(f, A)
    thm = sp.simplify(sp.radsimp(fp.subs(A, a_star.subs(phi, 2 * S))))
    vals = {s: (fp.subs(A, a_star.subs(phi, 2 * s)).subs(S, s).evalf(40), fp.subs(A, a_star.subs(phi, s)).subs(S, s).evalf(40))
            for s in (sp.Rational(1, 10), 1, 7)}
    ok = all(abs(t) < 1e-35 for t, _ in vals.values()) and all(abs(p_) > 1e-2 for _, p_ in vals.values())
    rows = "; ".join(f"S = {s}: f'(A*(2S)) = {sp.N(t, 3)}, f'(A*(S)) = {sp.N(p_, 6)}" for s, (t, p_) in vals.items())
    return Outcome(ok, f"sympy: f(A) = log(1-4A) - log(1-8A)/2 + 2S/(1-8A) with S = d^-1 sum Sigma + mu3 (the A-dependent part "
                   f"of (32)/d); f'(A*(2S)) simplifies to {thm}; " + rows, agreement="f'(A*(2S)) = 0",
                   control_rejected=all(abs(p_) > 1e-2 for _, p_ in vals.values()),
                   control_detail="the proof's phi = S leaves f' != 0 at all 3 values")


SECA_3 = Claim(id="DERF-SecA.3", paper="DERF", rule="erratum-typo", root_cause="DERF:a3-phi-factor-two", location="App. A.3, sentence after (32)", verdict="erratum",
    severity="typo",
    statement="We use Lemma A.1 ($\\phi = d^{-1}\\sum_l\\Sigma_{ll} + \\mu^{(3)} \\ge 0$) for deriving $A$ which minimises (32).",
    correction="$\\phi = 2d^{-1}\\sum_l\\Sigma_{ll} + 2\\mu^{(3)}$ ($\\ge 0$).",
    evidence="The coefficient of $(1-8A)^{-1}$ in (32) is $2(d^{-1}\\sum\\Sigma + \\mu^{(3)})$; Lemma A.1 must be applied with $\\phi = 2d^{-1}\\sum\\Sigma + 2\\mu^{(3)}$ (as in the theorem). With the proof's $\\phi$ the gradient of the direct objective is far from 0 (DERF-Thm4.2). sympy: the derivative of (32) vanishes identically at $A^*(2S)$ and not at $A^*(S)$, $S = d^{-1}\\sum\\Sigma + \\mu^{(3)}$. The sentence also says the resulting $A$ 'coincides with the one in Theorem's statement', which holds only with the factor 2 visible in (32): a slip a reader corrects from (32) itself.",
    readings=[Reading("literal", "Lemma A.1 is applied with $\\phi = d^{-1}\\sum_l\\Sigma_{ll} + \\mu^{(3)}$.", False, "A = -0.06780971754 gives (32) = 0.843221337632, above (10) = 0.80355857279"),
              Reading("charitable: phi as in the statement of Thm 4.2", "$\\phi$ is the theorem's $2d^{-1}\\sum\\Sigma + 2\\mu^{(3)}$, which the sentence says the result 'coincides with'.", False, "the sentence prints the other phi: 0.1645559813 vs the theorem's 0.3291119626")],
    defence="The statement of Thm 4.2 has the correct $\\phi$ and $A$ is computed from it; the '$\\ge 0$' part is true (defence counsel): a typo.",
    defeated_by="with the printed phi = 0.1645559813 the minimiser is A = -0.06780971754 and (32) = 0.843221337632, not the theorem's (10) = 0.80355857279",
    checks=[Check("proof's phi vs theorem's phi", "numeric", _secA3_phi_slip, exercises=("rfsym.derf.aderf_optimum",),
                  route="(32) at both A", control="phi x 1.001"),
            Check("sympy: (32)' at A*(2S) and A*(S)", "symbolic", _secA3_symbolic,
                  exercises=("rfsym.derf.lemma_a1_argmin_expr",),
                  route="sympy derivative of (32) at the Lemma A.1 minimiser", control="the proof's phi = S")],
    no_witness={"montecarlo": "which phi minimises the deterministic (32); the sampled objective at the optimum is in DERF-Eq10"})


CLAIMS = [THM4_2, EQ10, THM4_2_PHI, EQ20, EQ21, EQ22, LEMA_2, EQ24, EQ27, EQ32, SECA_3]
