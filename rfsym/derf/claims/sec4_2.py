"""Sec. 4.2: symmetric DERFs (SDERF), Theorem 4.3, Eq. (11) and the proof of App. A.4 (Lemmas A.3,
A.4, Eqs. (33)-(60)).

Claims, in book order:

* ``DERF-Thm4.3`` verified -- Sec. 4.2, Theorem 4.3
* ``DERF-Eq11`` verified -- Sec. 4.2, Eq. (11)
* ``DERF-Eq33`` verified -- App. A.4, Eq. (33)
* ``DERF-Eq34`` erratum (typo) -- App. A.4, Eq. (34), second line
* ``DERF-Eq35`` verified -- App. A.4, Eq. (35)
* ``DERF-Eq37`` verified -- App. A.4, Eqs. (36)-(37)
* ``DERF-Eq37-N`` erratum (typo) -- App. A.4, expansion before (37) (earlier appendix version)
* ``DERF-LemA.3`` verified -- App. A.4, Lemmas A.3 and A.4, Eqs. (39)-(45)
* ``DERF-Eq50`` erratum (minor) -- App. A.4, proof of Lemma A.4, step before (50)
* ``DERF-Eq57`` verified -- App. A.4, Eqs. (51)-(60), in particular (57)
* ``DERF-SecA.4-le`` erratum (typo) -- App. A.4, the second transition of (57)
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
from .._helpers import _diag
from ..lemma_a1 import _a1_argmin_mp, _a1_np
from ._checks import (SEED, _DATA, _DATA_EXTRA, _DATA_NP, _NO_MC_DET, _NO_MC_OPT, _fmt, _objective_mc_check,
                      _opt_checks, _stationarity_check, _thm41_numeric)


def _sderf_symbolic():
    """sympy: trace over rotations (d = 2) and the per-coordinate reduction of (37) to Lemma A.1 with phi = Lambda3_ll."""
    r = dw.sderf_reduction_expr()
    t, a, l, e1, e2, l1, l2 = r["symbols"]
    f, A1, phi = derf.lemma_a1_objective_expr()
    wrong = sp.simplify(r["coordinate_term"] - (f.subs({A1: a, phi: l / 2}) + l))
    ok = r["dT0"] == 0 and sp.simplify(r["gap"] - (e1 - e2) * (l1 - l2) * sp.sin(t) ** 2) == 0 and r["per_coordinate"] == 0
    # the library: A_ll equals the sympy-derived (15) at Lambda3_ll
    X, Y = _DATA[0]
    o = derf.sderf_optimum(X, Y, dps=30)
    astar, ph = derf.lemma_a1_argmin_expr()
    with mp.workdps(40):
        g = min(agreeing_digits(o["A"][k, k], mpmath.mpf(sp.N(astar.subs(ph, sp.Float(mpmath.nstr(o["Lambda3"][k], 45), 45)), 45)))
                for k in range(3))
    return Outcome(ok and g >= 28, f"sympy, d = 2: Trace(E R(t) N R(t)^T) = {r['T']}; T(0) - T(t) = {r['gap']} >= 0 when E and N "
                   f"are co-monotone (dT/dt at 0 = {r['dT0']}), so Q = Q3^T maximises (38); each coordinate then contributes "
                   f"log(1-4a) - log(1-8a)/2 - 2 e(a) l = f(a; l) + l (difference {r['per_coordinate']}), i.e. Lemma A.1 with "
                   f"phi = Lambda3_ll. Library sderf_optimum on data set 1: A_ll vs sympy (15) at Lambda3_ll: {g:.1f} digits",
                   agreement=f"{g:.0f} digits", control_rejected=wrong != 0,
                   control_detail="phi = Lambda3_ll / 2 leaves a nonzero difference")


def _sderf_conditions():
    out, ok, rej = [], True, True
    for X, Y in _DATA + _DATA_EXTRA[1:]:
        o = derf.sderf_optimum(X, Y, dps=30)
        with mp.workdps(45):
            p = derf.as_derf_params("sderf", o)
            r = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=40)
            d = p["A"].rows
            # a wrong value: C = -I instead of the theorem's -I/2 must violate Thm 4.1
            rw = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], -mp.eye(d), -mp.eye(d), p["D"], dps=40)
        ok &= r < mpmath.mpf(10) ** -35
        rej &= rw > mpmath.mpf("0.1")
        out.append(f"d = {d}: residual {mpmath.nstr(r, 2)} (with C = -I instead: {mpmath.nstr(rw, 3)})")
    return Outcome(ok, "the Thm 4.3 parameters satisfy the Thm 4.1 conditions at 45 digits: " + "; ".join(out),
                   agreement="residual < 1e-35", control_rejected=rej, control_detail="C = -I violates them")


def _eq37_numeric():
    rng = np.random.default_rng(SEED + 19)
    X, Y = _DATA[0]
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    worst, wbest = math.inf, 0.0
    for _ in range(2):
        ad = -np.abs(rng.normal(size=3)) * 0.2
        Qn = np.linalg.qr(rng.normal(size=(3, 3)))[0]
        with mp.workdps(50):
            A = _diag([mpmath.mpf(v) for v in ad])
            Q, _ = mp.qr(mp.matrix(Qn.tolist()))      # exactly orthogonal at the working precision
            I = mp.eye(3)
            B = _diag([mp.sqrt(1 - 4 * A[i, i]) for i in range(3)]) * Q
            Pi = mp.inverse(I - 4 * A)
            p = {"A": A, "B1": B, "B2": B, "C1": -B.T * Pi * B / 2, "C2": -B.T * Pi * B / 2,
                 "D": mp.det(I - 4 * A) ** (mpmath.mpf(1) / 4)}
            E = -I / 2 - mp.inverse(I - 8 * A) / 2
            T = Q.T * E * Q * st["N"]
            eq37 = (mp.log(mp.det(I - 4 * A)) - mp.log(mp.det(I - 8 * A)) / 2 - st["mx"] - st["my"]
                    - 2 * sum(T[i, i] for i in range(3)))
            Tw = Q.T * E * Q * (st["M1"] + st["M2"])
            wv = eq37 + 2 * sum(T[i, i] for i in range(3)) - 2 * sum(Tw[i, i] for i in range(3))
        direct = derf.shifted_log_variance(p, X, Y, dps=30)
        with mp.workdps(40):
            worst = min(worst, agreeing_digits(eq37, direct))
            wbest = max(wbest, agreeing_digits(wv, direct))
    return Outcome(worst >= 30, f"(36)-(37) trace form with N = M1 + mu4 mu5^T + mu5 mu4^T + M2 vs direct average, two random "
                   f"SDERFs: >= {worst:.1f} digits", agreement=f"{worst:.0f} digits", control_rejected=wbest < 3,
                   control_detail=f"N without the mu4 mu5^T terms: {wbest:.1f} digits")


def _eq55_59():
    X, Y = _DATA[0]
    o = derf.sderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        ok = all(o["A"][l, l] == _a1_argmin_mp(o["Lambda3"][l]) for l in range(3))
        nondesc = all(o["A"][l, l] <= o["A"][l + 1, l + 1] for l in range(2))
        noninc = all(o["Lambda3"][l] >= o["Lambda3"][l + 1] for l in range(2))
    return Outcome(ok and nondesc and noninc, f"A*_ll = A*(Lambda3_ll) (59); Lambda3 non-ascending {noninc} -> A* non-descending "
                   f"{nondesc} (values {[mpmath.nstr(o['A'][l, l], 6) for l in range(3)]})", agreement="exact",
                   control_rejected=o["A"][0, 0] != _a1_argmin_mp(o["Lambda3"][2]),
                   control_detail="pairing A*_11 with the smallest eigenvalue rejected")


def _deriv_sderf():
    r = dw.sderf_reduction_expr()
    return [("$\\mathrm{Tr}(E R(t) N R(t)^\\top)$, d = 2", r["T"]), ("$T(0) - T(t)$", r["gap"]),
            ("coordinate term of (37) minus $f(a; \\lambda) + \\lambda$", r["per_coordinate"])]


THM4_3 = Claim(id="DERF-Thm4.3", paper="DERF", rule="verified-as-printed", conventions=('DERF:shift-square', 'DERF:feature-side', 'DERF:matrix-roots'), location="Sec. 4.2, Theorem 4.3", verdict="verified",
    statement="$A_{ll} = A^*(\\Lambda^{(3)}_{ll})$, $B = (I-4A)^{1/2}Q^{(3)\\top}$, $C = -I/2$, $D = \\det(I-4A)^{1/4}$ minimise (8) over $\\Theta_{SDE}$.",
    evidence="sympy reduces (37) to Lemma A.1 per coordinate (trace maximised by co-monotone pairing, d = 2); the library optimum is a stationary point of the direct average in a dense symmetric $A$ and all rotations to 30+ digits with a positive definite Hessian, while $A^*(\\Lambda/2)$ is not; BFGS never goes lower; the sampled objective matches (11).",
    checks=[Check("sympy reduction of (37) (d = 2)", "symbolic", _sderf_symbolic,
                  exercises=("rfsym.derf.sderf_optimum", "rfsym.derf.lemma_a1_argmin_expr"),
                  route="sympy trace over rotations", control="phi = Lambda/2")]
         + _opt_checks("sderf", "sderf_optimum_np")
         + [Check("Thm 4.1 conditions", "numeric", _sderf_conditions,
                  exercises=("rfsym.derf.sderf_optimum", "rfsym.derf.derf_conditions_residual"),
                  route="residual at 45 digits", control="C = -I"),
            Check("A* ordering (59)", "numeric", _eq55_59, exercises=("rfsym.derf.sderf_optimum",),
                  route="exact comparison", control="reversed pairing")],
    derivation=_deriv_sderf)


def _eq11_numeric():
    """(11) transcribed literally, at the library's SDERF optimum, vs the direct pair average there."""
    rows, ok, worst, wbest = [], True, math.inf, 0.0
    for k, (X, Y) in enumerate(_DATA):
        o = derf.sderf_optimum(X, Y, dps=40)
        st = derf.shifted_log_variance_stats(X, Y, dps=40)
        with mp.workdps(60):
            Ad = [o["A"][l, l] for l in range(3)]
            v11 = dw.eq11_printed(Ad, o["Lambda3"], st["mx"], st["my"])
            wrong = v11 + mpmath.fsum(mpmath.mpf("0.02") * v / (1 - 8 * a) for a, v in zip(Ad, o["Lambda3"]))
            direct = dw.direct_objective(derf.as_derf_params("sderf", o), X, Y)
            g, gw = agreeing_digits(v11, direct), agreeing_digits(wrong, direct)
        ok &= g >= 30
        worst, wbest = min(worst, g), max(wbest, gw)
        rows.append(f"data set {k + 1}: (11) = {_fmt(v11, 20)}, direct = {_fmt(direct, 20)} ({g:.1f} digits)")
    return Outcome(ok, "; ".join(rows), agreement=f"{worst:.0f} digits", control_rejected=wbest < 4,
                   control_detail=f"(1 + 1.02 (1-8A)^-1) Lambda agrees to {wbest:.1f} digits at best")


EQ11 = Claim(id="DERF-Eq11", paper="DERF", rule="verified-as-printed", conventions=('DERF:shift-square',), location="Sec. 4.2, Eq. (11)", verdict="verified",
    statement="Optimal value $\\sum_l\\big(\\log(1-4A_{ll}) - \\frac12\\log(1-8A_{ll}) + (1 + (1-8A_{ll})^{-1})\\Lambda^{(3)}_{ll}\\big) - \\overline{\\|x\\|^2} - \\overline{\\|y\\|^2}$.",
    evidence="(11) transcribed literally equals the direct pair average at the library optimum to 30+ digits; the sampled objective matches; sympy derives the coordinate terms.",
    checks=[Check("(11) transcribed vs direct pair average", "numeric", _eq11_numeric,
                  exercises=("rfsym.derf.sderf_optimum", "rfsym.derf.as_derf_params"),
                  route="rfsym.derf.witnesses.eq11_printed vs direct_objective", control="(1 + 1.02 (1-8A)^-1)"),
            Check("sampled objective vs (11)", "montecarlo", lambda: _objective_mc_check("sderf"),
                  exercises=("rfsym.derf.sderf_optimum_np",), route="sampled second moments",
                  control="coefficient x1.05"),
            Check("sympy coordinate terms", "symbolic", _sderf_symbolic, exercises=("rfsym.derf.sderf_optimum",),
                  route="sympy", control="phi = Lambda/2")])


def _eq33_symbolic():
    d = 2
    a = sp.symbols("a1 a2", real=True)
    q = sp.Symbol("q", real=True)
    A = sp.diag(*a)
    Q = sp.Matrix([[sp.cos(q), -sp.sin(q)], [sp.sin(q), sp.cos(q)]])
    P = sp.eye(d) - 4 * A
    B = sp.diag(*[sp.sqrt(1 - 4 * ai) for ai in a]) * Q
    C = sp.simplify(-B.T * P.inv() * B / 2)
    ok = sp.simplify(C + sp.eye(d) / 2) == sp.zeros(d, d)
    Bw = P * Q
    Cw = sp.simplify(-Bw.T * P.inv() * Bw / 2)
    return Outcome(ok, f"sympy, d = 2: B = (I-4A)^(1/2) Q gives B^T (I-4A)^-1 B = I and C = -1/2 B^T(I-4A)^-1 B = {C.tolist()}",
                   agreement="symbolic identity", control_rejected=sp.simplify(Cw + sp.eye(d) / 2) != sp.zeros(d, d),
                   control_detail="B = (I-4A) Q (no square root) does not give C = -I/2")


EQ33 = Claim(id="DERF-Eq33", paper="DERF", rule="verified-as-printed", location="App. A.4, Eq. (33)", verdict="verified",
    statement="With $B^{(1)} = B^{(2)} = B$: $B^\\top(I-4A)^{-1}B = I$ and $C = -I/2$.",
    evidence="sympy, d = 2; the library's SDERF optimum satisfies Thm 4.1 with $C = -I/2$ to 35+ digits.",
    checks=[Check("sympy", "symbolic", _eq33_symbolic, route="sympy, d = 2", control="B = (I-4A) Q"),
            Check("library optimum", "numeric", _sderf_conditions,
                  exercises=("rfsym.derf.sderf_optimum", "rfsym.derf.derf_conditions_residual"),
                  route="residual at 45 digits", control="C = -I")],
    no_witness={"montecarlo": _NO_MC_DET})


def _eq34_typo():
    X, Y = _DATA[0]
    o = derf.sderf_optimum(X, Y, dps=30)
    x, y = X[0], Y[1]
    with mp.workdps(45):
        p = derf.as_derf_params("sderf", o)
        var = derf.derf_variance(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], x, y, dps=30)
        d = 3
        I = mp.eye(d)
        A = o["A"]
        Q = mp.inverse(mp.matrix([[mp.sqrt(1 - 4 * A[i, i]) if i == j else 0 for j in range(d)] for i in range(d)])) * o["B"]
        E = -I / 2 - mp.inverse(I - 8 * A) / 2
        xv, yv = mp.matrix([mpmath.mpf(v) for v in x]), mp.matrix([mpmath.mpf(v) for v in y])
        s = xv + yv
        expo = -(xv.T * xv)[0] - (yv.T * yv)[0] - 2 * (s.T * Q.T * E * Q * s)[0]
        K2 = mp.exp(2 * (xv.T * yv)[0])
        det4, det8 = mp.det(I - 4 * A), mp.det(I - 8 * A)
        fixed = det4 / mp.sqrt(det8) * mp.exp(expo) - K2
        printed = det4 ** (mpmath.mpf(1) / 4) / mp.sqrt(det8) * mp.exp(expo) - K2
        ok = agreeing_digits(fixed, var) >= 30 and abs(printed - var) / var > mpmath.mpf("1e-3")
        wq = det4 / mp.sqrt(det8) * mp.exp(expo + 2 * (s.T * Q.T * E * Q * s)[0] - 2 * (s.T * E * s)[0]) - K2   # Q dropped
    return Outcome(ok, (f"SDERF optimum, x = x_1, y = y_2 of data set 1: Var by (9) = {_fmt(var, 12)}; (34) with det(I-4A) = "
                f"{_fmt(fixed, 12)}; (34) as printed with det(I-4A)^(1/4) = {_fmt(printed, 12)}"),
                   agreement=f"{agreeing_digits(fixed, var):.0f} digits", control_rejected=abs(wq - var) / var > mpmath.mpf("1e-3"),
                   control_detail=f"(34) without Q: {_fmt(wq, 8)}")


EQ34 = Claim(id="DERF-Eq34", paper="DERF", rule="erratum-typo", root_cause="DERF:eq34-prefactor-power", conventions=('DERF:matrix-roots',), location="App. A.4, Eq. (34), second line", verdict="erratum",
    severity="typo",
    statement="$\\mathrm{Var} = \\det(I-4A)^{1/4}\\det(I-8A)^{-1/2}\\exp(-\\|x\\|^2 - 2x^\\top Q^\\top EQx - \\|y\\|^2 - 2y^\\top Q^\\top EQy - 4x^\\top Q^\\top EQy) - K^2$.",
    correction="$\\det(I_d - 4A)\\det(I_d - 8A)^{-1/2}\\exp(\\dots) - K^2$.",
    evidence="$D^4 = \\det(I-4A)$, as in the first line of (34) and in (36); the power 1/4 is a typo. The quadrature witness of Thm 4.1 rejects the printed prefactor too.",
    readings=[Reading("literal", "$\\mathrm{Var} = \\det(I-4A)^{1/4}\\det(I-8A)^{-1/2}\\exp(\\dots) - K^2$.", False, "0.0734365676837 vs Var = 3.18006316869"),
              Reading("charitable: D as in the first line of (34)", "The prefactor is read with $D^4 = \\det(I-4A)$ from the first line.", False, "that changes the printed power 1/4 to 1")],
    defence="The first line of (34) has $D^4 = \\det(I-4A)$ and (36) uses $\\log\\det(I-4A)$ (defence counsel): a typo.",
    defeated_by="the printed prefactor gives 0.0734365676837 instead of Var = 3.18006316869",
    checks=[Check("(34) vs (9)", "numeric", _eq34_typo,
                  exercises=("rfsym.derf.sderf_optimum", "rfsym.derf.derf_variance"), route="mpmath at 45 digits",
                  control="(34) without Q"),
            Check("vs 1-D quadrature", "numeric", _thm41_numeric,
                  exercises=("rfsym.derf.derf_moments_by_quadrature",), route="mp.quad", control="(34)'s prefactor")],
    no_witness={"symbolic": "a typo in a prefactor; DERF-Thm4.1's sympy check derives the correct one",
                "montecarlo": "the sampled variance of DERF-Thm4.1 confirms (9), whose prefactor is the corrected one"})


def _eq35_symbolic():
    a = sp.Symbol("a", real=True)
    e1 = -(1 - 4 * a) / (1 - 8 * a)
    e2 = -sp.Rational(1, 2) - 1 / (2 * (1 - 8 * a))
    X, Y = _DATA[0]
    o = derf.sderf_optimum(X, Y, dps=30)
    with mp.workdps(40):
        I = mp.eye(3)
        A = o["A"]
        B = o["B"]
        lhs = -(B.T * mp.inverse(I - 8 * A) * B)                        # from the definition Q^T E Q = -B^T (I-8A)^-1 B
        Q = _diag([1 / mp.sqrt(1 - 4 * A[l, l]) for l in range(3)]) * B
        rhs = Q.T * (-I / 2 - mp.inverse(I - 8 * A) / 2) * Q
        res = max(abs((lhs - rhs)[i, j]) for i in range(3) for j in range(3))
    wrong = sp.simplify(e1 - (-sp.Rational(1, 2) + 1 / (2 * (1 - 8 * a))))
    return Outcome(sp.simplify(e1 - e2) == 0 and res < mpmath.mpf(10) ** -30,
                   f"sympy (per diagonal entry): -(1-4a)(1-8a)^-1 - (-1/2 - (1/2)(1-8a)^-1) = {sp.simplify(e1 - e2)}; at the "
                   f"library SDERF optimum -B^T (I-8A)^-1 B = Q^T E Q with E of (35): residual {_fmt(res, 2)}",
                   agreement="symbolic identity", control_rejected=wrong != 0, control_detail="sign of the (1-8a)^-1 term flipped: rejected")


EQ35 = Claim(id="DERF-Eq35", paper="DERF", rule="verified-as-printed", location="App. A.4, Eq. (35)", verdict="verified",
    statement="$E = -(I-4A)(I-8A)^{-1} = -\\frac12 I - \\frac12(I-8A)^{-1}$.",
    evidence="sympy per diagonal entry; at the library optimum $-B^\\top(I-8A)^{-1}B = Q^\\top EQ$ to 30+ digits.",
    checks=[Check("sympy and at the optimum", "symbolic", _eq35_symbolic, exercises=("rfsym.derf.sderf_optimum",),
                  route="sympy + mpmath residual", control="sign flipped"),
            Check("(37) with this E vs direct average", "numeric", _eq37_numeric,
                  exercises=("rfsym.derf.shifted_log_variance",), route="pair-by-pair average",
                  control="N without mu terms")],
    no_witness={"montecarlo": _NO_MC_DET})


EQ37 = Claim(id="DERF-Eq37", paper="DERF", rule="verified-as-printed", conventions=('DERF:shift-square', 'DERF:feature-side'), location="App. A.4, Eqs. (36)-(37)", verdict="verified",
    statement="(8) $= \\log\\det(I-4A) - \\frac12\\log\\det(I-8A) - \\overline{\\|x\\|^2} - \\overline{\\|y\\|^2} - 2\\mathrm{Tr}(Q^\\top EQN)$.",
    evidence="30+ digits against the direct average for random SDERFs; sympy (d = 2) for the trace term.",
    checks=[Check("vs direct average", "numeric", _eq37_numeric,
                  exercises=("rfsym.derf.shifted_log_variance", "rfsym.derf.shifted_log_variance_stats"),
                  route="pair-by-pair average", control="N without mu4 mu5^T terms"),
            Check("sympy trace term", "symbolic", _sderf_symbolic, exercises=("rfsym.derf.sderf_optimum",),
                  route="sympy", control="phi = Lambda/2")],
    no_witness={"montecarlo": "an identity between deterministic expressions of (8); the sampled objective is in DERF-Eq11"})


def _eqN_earlier():
    """Earlier appendix: the expansion of L^-2 sum (x_i + y_j)(x_i + y_j)^T ends with y(j)(x(j))^T instead of y(j)(y(j))^T."""
    from fractions import Fraction
    X, Y = _DATA[0]
    Xf = [[Fraction(v) for v in r] for r in X]
    Yf = [[Fraction(v) for v in r] for r in Y]
    L, d = len(Xf), len(Xf[0])
    outer = lambda u, v: [[a * b for b in v] for a in u]
    add = lambda P, Q: [[a + b for a, b in zip(p, q)] for p, q in zip(P, Q)]
    Z = [[Fraction(0)] * d for _ in range(d)]
    lhs, final, earlier = Z, Z, Z
    for i in range(L):
        for j in range(L):
            s_ = [a + b for a, b in zip(Xf[i], Yf[j])]
            lhs = add(lhs, outer(s_, s_))
            base = add(add(outer(Xf[i], Xf[i]), outer(Xf[i], Yf[j])), outer(Yf[j], Xf[i]))
            final = add(final, add(base, outer(Yf[j], Yf[j])))
            earlier = add(earlier, add(base, outer(Yf[j], Xf[j])))
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    with mp.workdps(40):
        dev_lib = max(abs(st["N"][a, b] - mpmath.mpf(lhs[a][b].numerator) / lhs[a][b].denominator / (L * L))
                      for a in range(d) for b in range(d))
    ok = lhs == final and lhs != earlier and dev_lib < mpmath.mpf(10) ** -28
    diff = max(abs(float(u - v)) / (L * L) for r1, r2 in zip(lhs, earlier) for u, v in zip(r1, r2))
    return Outcome(ok, f"exact rational arithmetic on data set 1 (L = 6, d = 3): sum (x_i + y_j)(x_i + y_j)^T equals the final "
                   f"version's expansion (last term y_j y_j^T) exactly; with the earlier version's y_j x_j^T it differs by up to "
                   f"{diff:.3g} (after L^-2); the library N (Thm 4.3) agrees with the direct sum to {_fmt(dev_lib, 2)}",
                   agreement="exact", control_rejected=lhs != earlier,
                   control_detail=f"the earlier y_j x_j^T expansion is off by {diff:.3g}")


def _eqN_symbolic():
    """sympy, L = 2, d = 1: the two expansions of L^-2 sum (x_i + y_j)^2."""
    x1, x2, y1, y2 = sp.symbols("x1 x2 y1 y2", real=True)
    X, Y = [x1, x2], [y1, y2]
    lhs = sum((a + b) ** 2 for a in X for b in Y) / 4
    final = sum(a * a + a * b + b * a + b * b for a in X for b in Y) / 4
    earlier = sum(X[i] ** 2 + X[i] * Y[j] + Y[j] * X[i] + Y[j] * X[j] for i in range(2) for j in range(2)) / 4
    N = (x1 ** 2 + x2 ** 2) / 2 + 2 * (x1 + x2) / 2 * (y1 + y2) / 2 + (y1 ** 2 + y2 ** 2) / 2
    d1, d2, d3 = sp.expand(lhs - final), sp.expand(lhs - earlier), sp.expand(lhs - N)
    return Outcome(d1 == 0 and d3 == 0 and d2 != 0, f"sympy, L = 2, d = 1: lhs - final expansion = {d1}; lhs - N = {d3}; "
                   f"lhs - earlier expansion = {d2}", agreement="symbolic identity", control_rejected=d2 != 0,
                   control_detail=f"earlier expansion off by {d2}")


EQ37_N = Claim(id="DERF-Eq37-N", paper="DERF", rule="erratum-typo", root_cause="DERF:eq37-expansion-index", location="App. A.4, expansion before (37) (earlier appendix version)",
    verdict="erratum", severity="typo",
    statement="Earlier version: $L^{-2}\\sum_{ij}(x_i + y_j)(x_i + y_j)^\\top = L^{-2}\\sum_{ij}(x_ix_i^\\top + x_iy_j^\\top + y_jx_i^\\top + y_j x_j^\\top)$.",
    correction="$\\dots + y_j y_j^\\top$ (the final version's text).",
    evidence="The last term must be $y_jy_j^\\top$ (as in the final version); with $y_jx_j^\\top$ the sum is not $N$.",
    readings=[Reading("literal (earlier appendix)", "$\\dots + y_jx_j^\\top$ in the expansion of $L^{-2}\\sum(x_i+y_j)(x_i+y_j)^\\top$.", False, "differs from the sum by up to 0.179"),
              Reading("charitable: the next line of the same display", "The next line writes $L^{-1}\\sum_j y_jy_j^\\top = M^{(2)}$, so the term is read as $y_jy_j^\\top$.", False, "that is the final version's correction, not the printed term")],
    defence="The next line of the same display already writes $y_jy_j^\\top$, and the authors corrected it in the final version, so it is not an erratum of the final text (defence counsel).",
    defeated_by="the claim is about the earlier appendix version, which prints y_j x_j^T: its sum differs from N by up to 0.179; the final version is correct (recorded in the correction)",
    checks=[Check("exact rational arithmetic", "numeric", _eqN_earlier,
                  exercises=("rfsym.derf.shifted_log_variance_stats",), route="Fraction sums",
                  control="the earlier expansion"),
            Check("sympy, L = 2", "symbolic", _eqN_symbolic, route="sympy expansion", control="the earlier expansion")],
    no_witness={"montecarlo": _NO_MC_DET})


def _lema3_4_numeric():
    rng = np.random.default_rng(SEED + 20)
    rows, ok, rej = [], True, True
    cases = [("distinct", np.array([-0.6, -0.9, -1.7]), np.diag([3.0, 1.2, 0.4])),
             ("tied E", np.array([-0.8, -0.8, -1.5]), np.diag([2.0, 1.0, 0.5])),
             ("tied Lambda", np.array([-0.6, -0.9, -1.7]), np.diag([1.0, 1.0, 0.3]))]
    for name, e, lam in cases:
        Qr = np.linalg.qr(rng.normal(size=(3, 3)))[0]
        N = Qr @ lam @ Qr.T
        bound = derf.lemma_a4_bound(e, np.diag(lam))
        # Q* = Pi^T Q3^T attains the bound
        order = np.argsort(-e, kind="stable")
        Pi = np.eye(3)[order]
        w, V = np.linalg.eigh(N)
        V = V[:, ::-1]
        Qs = Pi.T @ V.T
        attained = float(np.trace(np.diag(e) @ Qs @ N @ Qs.T))
        best = derf.max_trace_orthogonal_np(e, N, rng=rng, starts=2, samples=2000)
        ok &= best <= bound + 1e-9 and abs(attained - bound) < 1e-12 and abs(best - bound) < 1e-8
        anti = float(np.sum(np.sort(e) * np.sort(np.diag(lam))[::-1]))     # control: E sorted the wrong way
        rej &= best > anti + 1e-6 or abs(bound - anti) < 1e-12
        rows.append(f"{name}: bound {bound:.10f}, Q* gives {attained:.10f}, best search {best:.10f}, anti-sorted pairing {anti:.6f}")
    return Outcome(ok, "sup over O(3) of Trace(E Q N Q^T) (2000 Haar samples + BFGS on both components of O(3)): " + "; ".join(rows),
                   agreement="bound attained, never exceeded", control_rejected=rej,
                   control_detail="the anti-sorted pairing is beaten by the search")


LEMA_3 = Claim(id="DERF-LemA.3", paper="DERF", rule="verified-as-printed", location="App. A.4, Lemmas A.3 and A.4, Eqs. (39)-(45)",
    verdict="verified",
    statement="$Q^* = \\Pi^\\top Q^{(3)\\top}$ attains $\\sup_{Q \\in O_d}\\mathrm{Tr}(EQNQ^\\top) = \\sum_l E_{\\pi_l\\pi_l}\\Lambda^{(3)}_{ll}$ (with or without ties).",
    evidence="$Q^*$ attains the bound; Haar samples and BFGS on both components of $O(3)$ never exceed it; sympy proves the d = 2 case.",
    checks=[Check("search over O(3)", "numeric", _lema3_4_numeric,
                  exercises=("rfsym.derf.lemma_a4_bound", "rfsym.derf.max_trace_orthogonal_np"),
                  route="2000 Haar samples + BFGS", control="anti-sorted pairing"),
            Check("sympy, d = 2", "symbolic", _sderf_symbolic, route="sympy trace over rotations",
                  control="phi = Lambda/2")],
    no_witness={"montecarlo": "Haar sampling of O(3) is used as a search, not an expectation; no random features involved"})


def _eq50_symbolic():
    """sympy: the corrected chain a l + e(L + l) + e L + (a + e) l at the (47) maxima is <= delta/2 iff delta <= 12 a L."""
    a, L, dlt = sp.symbols("a L delta", positive=True)
    e, l = dlt / (12 * L), dlt / (12 * a)                 # the largest perturbations allowed by (47)
    total = a * l + e * (L + l) + e * L + (a + e) * l
    excess = sp.factor(sp.simplify(total - dlt / 2))
    # (47) also gives e <= a, i.e. delta <= 12 a L: then excess <= 0
    at_edge = sp.simplify(excess.subs(dlt, 12 * a * L))
    beyond = sp.simplify(excess.subs(dlt, 24 * a * L))
    return Outcome(at_edge == 0 and sp.simplify(excess.subs(dlt, 6 * a * L)) < 0,
                   f"sympy: with ||E - E~|| = delta/(12||Lambda||), ||Lambda - Lambda~|| = delta/(12||E||), ||Lambda~|| <= ||Lambda|| + "
                   f"||dLambda|| and ||E~|| <= ||E|| + ||dE||, the corrected total minus delta/2 = {excess}: <= 0 exactly when "
                   f"delta <= 12 ||E|| ||Lambda||, which (47)'s ||E - E~|| <= ||E|| guarantees; so the lemma's conclusion "
                   f"(< delta) stands", agreement="symbolic", control_rejected=beyond > 0,
                   control_detail=f"without ||dE|| <= ||E|| (delta = 24 aL) the excess is {beyond} > 0")


def _eq50_slip():
    # E, Lambda with ties; perturbations as in (47)
    E = np.diag([-0.8, -0.8, -1.5])
    Lam = np.diag([2.0, 1.0, 1.0])
    Et = np.diag([-0.79, -0.81, -1.5])
    Lt = np.diag([2.0, 1.01, 0.99])
    Pi = np.eye(3)
    lhs = float(np.sum((np.diag(Et) - np.diag(E)) * np.diag(Lam)))
    printed = float(np.trace(Pi @ (Et - E) @ Pi.T @ Lt))
    fixed = float(np.trace(Pi @ (Et - E) @ Pi.T @ Lam))
    nE, nEt = np.linalg.norm(E), np.linalg.norm(Et)
    ok = abs(lhs - printed) > 1e-6 and abs(lhs - fixed) < 1e-15 and nEt > nE
    return Outcome(ok, (f"sum_l (E~ - E)_pi,l Lambda_l = {lhs:.6g}; Trace(Pi (E~ - E) Pi^T Lambda~) as printed = {printed:.6g}; "
                f"with Lambda: {fixed:.6g}. Also ||E~||_F = {nEt:.6f} > ||E||_F = {nE:.6f}, so the step to (50) "
                f"(replacing ||E~|| by ||E||) is not justified; redoing it with ||E~|| <= 2||E|| still gives <= delta/2 < delta"),
                   agreement="counterexample", control_rejected=abs(lhs - float(np.trace(Pi @ (Et - E) @ Pi.T @ Lam.T @ Lam))) > 1e-6,
                   control_detail="Trace(Pi(E~ - E)Pi^T Lambda^2) also differs")


EQ50 = Claim(id="DERF-Eq50", summary="A step in the proof of Lemma A.4 has $\\tilde\\Lambda$ for $\\Lambda$ and an unproven norm inequality; redone correctly, the lemma's estimate still holds.", paper="DERF", rule="erratum-minor", root_cause="DERF:lemA4-perturbation-step", location="App. A.4, proof of Lemma A.4, step before (50)",
    verdict="erratum", severity="minor",
    statement="$\\sum_l(\\tilde E - E)_{\\pi_l}\\Lambda_{ll} = \\mathrm{Tr}(\\Pi(\\tilde E - E)\\Pi^\\top\\tilde\\Lambda)$ and, combining with (49), the bound $2\\|E\\|\\|\\Lambda - \\tilde\\Lambda\\| + 2\\|E - \\tilde E\\|\\|\\tilde\\Lambda\\|$.",
    correction="Use $\\mathrm{Tr}(\\Pi(\\tilde E - E)\\Pi^\\top\\Lambda)$ and bound $\\|E\\|\\|d\\Lambda\\| + \\|\\tilde E\\|\\|d\\Lambda\\| \\le 3\\|E\\|\\|d\\Lambda\\|$; the final estimate stays $\\delta/2$.",
    evidence="The trace has $\\Lambda$, not $\\tilde\\Lambda$; and combining $\\|E\\|\\|d\\Lambda\\|$ with $\\|\\tilde E\\|\\|d\\Lambda\\|$ needs $\\|\\tilde E\\| \\le \\|E\\|$, which (47) does not give. Redone correctly the total is still $\\le \\delta/2 < \\delta$. (Both versions also write 'Lemma A.3 applied to $E = \\hat E$, $\\Lambda^{(3)} = \\hat\\Lambda^{(3)}$' for the perturbed $\\tilde E$, $\\tilde\\Lambda^{(3)}$: notation only.)",
    readings=[Reading("literal", "$\\sum_l(\\tilde E - E)_{\\pi_l}\\Lambda_{ll} = \\mathrm{Tr}(\\Pi(\\tilde E - E)\\Pi^\\top\\tilde\\Lambda)$ and the bound with $\\|E\\|$ in place of $\\|\\tilde E\\|$.", False, "0.0099 vs 0.01; ||E~|| = 1.878883 > ||E|| = 1.878829"),
              Reading("charitable: the constants have slack", "The step is read as an inequality chain whose endpoint $\\delta/2$ survives the corrected bounds.", False, "the endpoint survives, but the printed equality and the replacement of ||E~|| by ||E|| are still false")],
    defence="Lemma A.4 is von Neumann's trace inequality and true; redone with $\\Lambda$ and $\\|\\tilde E\\|\\le 2\\|E\\|$ the chain still ends at $\\delta/2 < \\delta$; only intermediate steps are wrong (defence counsel, who keeps it minor).",
    defeated_by="the printed trace is 0.0099, not 0.01, and ||E~|| = 1.878883 exceeds ||E|| = 1.878829, so two printed steps are false although the lemma holds",
    checks=[Check("counterexample to the printed step", "numeric", _eq50_slip, route="explicit diagonal matrices",
                  control="Trace with Lambda^2"),
            Check("sympy: the corrected chain <= delta/2", "symbolic", _eq50_symbolic,
                  route="sympy at the (47) maxima", control="without ||dE|| <= ||E||")],
    no_witness={"montecarlo": _NO_MC_DET})


def _G_vs_Astar():
    X, Y = _DATA_NP[0]
    o = derf.sderf_optimum_np(X, Y)
    lam = o["Lambda3"]
    mx, my = (X ** 2).sum(1).mean(), (Y ** 2).sum(1).mean()
    rng = np.random.default_rng(SEED + 21)
    gstar = derf.sderf_G_np(np.diag(o["A"]), lam, mx, my)
    worst = math.inf
    gap57 = 0.0
    for _ in range(500):
        Ad = (1 - np.exp(rng.normal(scale=1.0, size=3))) / 8
        worst = min(worst, derf.sderf_G_np(Ad, lam, mx, my) - gstar)
        # (57): A** from (55) paired with Lambda via pi^-1(A); LHS vs RHS
        order = np.argsort(Ad, kind="stable")           # pi(A): sorts A non-descending
        inv = np.empty(3, int)
        inv[order] = np.arange(3)
        lam_pi = lam[inv]                               # Lambda_{pi^-1(A)_l}
        Ass = _a1_np(lam_pi)
        lhs = float(np.sum((1 + 1 / (1 - 8 * Ass)) * lam_pi))
        Ess = -0.5 - 0.5 / (1 - 8 * Ass)
        rhs = -2 * derf.lemma_a4_bound(Ess, lam)
        gap57 = max(gap57, abs(lhs - rhs))
    ok = worst >= -1e-12 and gap57 < 1e-12 and abs(gstar - o["objective"]) < 1e-12
    wr = derf.sderf_G_np(_a1_np(lam / 2), lam, mx, my) - gstar
    return Outcome(ok, (f"data set 1, 500 random diagonal A: min G(A) - G(A*) = {worst:.3e} >= 0 (Eqs. (51)-(60)); the two sides of "
                f"(57) agree to {gap57:.1e}: E** and Lambda_pi^-1(A) are co-monotone by (55), so (57) is an equality. "
                f"Lemma A.4 (the cited reason) gives '>=', which is what the chain (56)-(60) needs; the printed '<=' is "
                f"harmless only because equality holds"), agreement=f"min gap {worst:.1e}", control_rejected=wr > 1e-6,
                   control_detail=f"G(A*(Lambda/2)) - G(A*) = {wr:.3g} > 0")


EQ57 = Claim(id="DERF-Eq57", paper="DERF", rule="verified-as-printed", location="App. A.4, Eqs. (51)-(60), in particular (57)",
    verdict="verified", statement="$G(A) \\ge G(A^*)$ for every diagonal $A$ with $8A \\prec I$, via (57).",
    evidence="$G(A) \\ge G(A^*)$ over 500 random $A$; the stationarity witness of the SDERF optimum confirms it. Proof slip (DERF-SecA.4-le): Lemma A.4 gives '$\\ge$' in (57); the printed '$\\le$' is true only because (57) holds with equality (co-monotone pairing).",
    checks=[Check("G(A) >= G(A*) and the two sides of (57)", "numeric", _G_vs_Astar,
                  exercises=("rfsym.derf.sderf_optimum_np", "rfsym.derf.sderf_G_np"), route="500 random diagonal A",
                  control="A*(Lambda/2)"),
            Check("stationarity of the direct objective", "numeric", lambda: _stationarity_check("sderf"),
                  exercises=("rfsym.derf.sderf_optimum",), route="90-digit central differences",
                  control="A*(Lambda/2)")],
    no_witness={"symbolic": "the per-coordinate reduction is derived by sympy under DERF-Thm4.3", "montecarlo": _NO_MC_OPT})


def _secA4_le():
    # (57): at the proof's pairing (Lambda_{pi^-1(A)} with A** of (55)) the two sides are equal; under any other pairing
    # of the same E** with Lambda the left side exceeds the sorted sum, i.e. Lemma A.4 gives '>=' and the printed '<=' holds
    # only as the equality
    X, Y = _DATA_NP[0]
    lam = derf.sderf_optimum_np(X, Y)["Lambda3"]
    rng = np.random.default_rng(SEED + 57)
    eq_gap, above, trials = 0.0, [], 0
    for _ in range(300):
        Ad = (1 - np.exp(rng.normal(scale=1.0, size=3))) / 8
        order = np.argsort(Ad, kind="stable")
        inv = np.empty(3, int)
        inv[order] = np.arange(3)
        lam_pi = lam[inv]
        Ess = -0.5 - 0.5 / (1 - 8 * _a1_np(lam_pi))
        rhs = -2 * derf.lemma_a4_bound(Ess, lam)
        eq_gap = max(eq_gap, abs(-2 * float(np.sum(Ess * lam_pi)) - rhs))
        perm = rng.permutation(3)                         # another pairing of the same E** with Lambda
        if not np.array_equal(lam[perm], lam_pi):
            trials += 1
            above.append(-2 * float(np.sum(Ess * lam[perm])) - rhs)
    n_above = sum(v > 1e-12 for v in above)
    n_below = sum(v < -1e-12 for v in above)
    ok = eq_gap < 1e-12 and n_below == 0 and n_above > 0
    return Outcome(ok, f"data set 1, 300 random diagonal A: at the proof's pairing the two sides of (57) agree to {eq_gap:.1e} (equality); "
                       f"for {trials} other pairings of the same E** with Lambda, left side - sorted sum > 0 in {n_above}, < 0 in {n_below} "
                       f"(smallest {min(above):.3g}): Lemma A.4 bounds the left side from below ('>='), so the printed '<=' holds only as "
                       f"the equality the co-monotone pairing gives", agreement=f"equality to {eq_gap:.0e}",
                   control_rejected=n_above > 0 and n_below == 0,
                   control_detail=f"'<=' for every pairing fails in {n_above} of {trials}")


SECA_4_LE = Claim(id="DERF-SecA.4-le", paper="DERF", rule="erratum-typo", root_cause="DERF:eq57-direction", location="App. A.4, the second transition of (57)",
    verdict="erratum", severity="typo",
    statement="$-2\\,\\mathrm{Tr}(E^{**}\\Pi(A)^{-1}\\Lambda^{(3)}(\\Pi(A)^{-1})^\\top)\\le-2\\sum_l E^{**}_{\\pi(A^{**})_l,\\pi(A^{**})_l}\\Lambda^{(3)}_{l,l}$, 'where the second transition follows from Lemma A.4'.",
    correction="$=$ in the second transition (the co-monotone pairing of (55)); Lemma A.4 alone gives $\\ge$.",
    evidence="Lemma A.4 bounds the trace from above by the sorted sum, so it gives '$\\ge$' after multiplying by $-2$; the printed '$\\le$' holds only because (57) is an equality ($E^{**}$ and $\\Lambda_{\\pi^{-1}(A)}$ are co-monotone by (55)). The conclusion $G(A)\\ge G(A^*)$ (DERF-Eq57) stands. Numbers in the check output.",
    readings=[Reading("literal", "The second transition of (57) is '$\\le$' and follows from Lemma A.4.", False, "Lemma A.4 gives the opposite direction: left side - sorted sum > 0 in 262 of 262 other pairings"),
              Reading("charitable: the relation is an equality here", "At the proof's pairing the two sides are equal (co-monotone by (55)), so '$\\le$' is true.", False, "true as an equality (0.0e+00), but not by Lemma A.4 as the sentence says, which bounds it the other way")],
    defence="The printed '$\\le$' is true because (57) is an equality at the co-monotone pairing, and the chain with '$=$' proves Thm 4.3 (defence counsel).",
    defeated_by="the sentence attributes the step to Lemma A.4, which gives '>=' (smallest margin 0.00557 over 262 pairings); the relation holds only as the equality (0.0e+00) the lemma does not provide",
    checks=[Check("the two sides of (57) at the proof's pairing and at other pairings", "numeric", _secA4_le,
                  exercises=("rfsym.derf.lemma_a4_bound", "rfsym.derf.sderf_optimum_np"),
                  route="300 random diagonal A, E** of (55), every pairing compared with the sorted sum",
                  control="'<=' for every pairing of E** with Lambda")],
    single_witness="a relation sign in one proof step: the one computable fact is how the two sides compare, at the proof's pairing (equal) and at others (Lemma A.4's direction); the theorem it serves has its own witnesses (DERF-Eq57, DERF-Thm4.3)")


CLAIMS = [THM4_3, EQ11, EQ33, EQ34, EQ35, EQ37, EQ37_N, LEMA_3, EQ50, EQ57, SECA_4_LE]
