"""Claims of CRT Sec. 4, orthogonal OPRFs (Theorem 4.1; App. 9.1, 9.7).

The variance reduction of orthogonal OPRFs (15), the general Theorem 9.1 behind it and the steps of
its proof.

* ``CRT-Thm4.1`` erratum (minor) -- orthogonal OPRFs reduce the variance by (1 - 1/M) 2/(d+2) C: for blocks, M > d, the factor is sum_b m_b(m_b-1)/M^2
* ``CRT-Thm4.1-C`` erratum (typo) -- the constant C depends on ||x+y|| only
* ``CRT-Thm9.1`` erratum (minor) -- the variance reduction (24) with the function F
* ``CRT-Sec9.7-g`` erratum (typo) -- the function g of the GERF estimator
* ``CRT-Sec9.7-Xm`` erratum (minor) -- X_m in the proof of Thm 9.1 (the slip of CRT-Thm9.1's F)
* ``CRT-Eq33`` erratum (minor) -- the last step of the proof: '=' for '>=', and the printed F of Thm 9.1
* ``CRT-Sec9.1`` verified -- orthogonal ensembles keep the estimator unbiased
"""

from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from ... import crt
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import mean_of, variance_of, z_check
from .. import witnesses as cw
from ._checks import SEED, _ExactCheck, _f, _mc_outcome, agreeing_digits


# -------------------------------------------------- checks shared by several claims of this file

def _orth_pairs_mc(x, y, n_blocks, rng, A=None):
    d = len(x)
    s2 = float(np.sum((x + y) ** 2))
    if A is None:
        r = float(crt.oprf_rho_star_np(d, s2))
        A = (1 - 1 / r) / 8
    W = crt.sample_omega("gaussian", d, n_blocks * d, rng, coupling="orthogonal").reshape(n_blocks, d, d)
    w1, w2 = W[:, 0, :], W[:, 1, :]
    z1 = (crt.gerf_features(x[None], w1, A, 1, 1) * crt.gerf_features(y[None], w1, A, 1, 2)).real[0]
    z2 = (crt.gerf_features(x[None], w2, A, 1, 1) * crt.gerf_features(y[None], w2, A, 1, 2)).real[0]
    return z1, z2


_THM41_DS = (2, 3, 4, 16, 64, 1024)
_THM41_S2 = ("1e-8", "1e-3", "0.5", "1", "10", "100", "1000")


@functools.lru_cache(maxsize=None)
def _thm41_numeric():
    worst = math.inf
    for d in _THM41_DS:
        for s2 in _THM41_S2:
            for M in sorted({2, d}):
                xx = ["0"] * (d - 1) + [str(mpmath.sqrt(mpmath.mpf(s2)))]
                gap = crt.orthogonal_gap(xx, ["0"] * d, M, dps=20)
                lb = crt.orthogonal_gap_lower_bound(xx, ["0"] * d, M, dps=20)
                worst = min(worst, float(gap / lb))
    return Outcome(worst >= 1 - 1e-15, (f"exact gap Var_iid - Var_ort (orthogonal_gap) divided by the Thm 9.1 bound (1-1/M) 2/(d+2) F^2 over d in (2,3,4,16,64,1024), "
                                        f"s2 in ({', '.join(_THM41_S2)}), M in {{2, d}}: minimum ratio {worst:.10f} (>= 1; -> 1 as s2 -> 0, the bound is tight)"),
                   agreement=f"min ratio {worst:.10f}", control_rejected=worst / 1.01 < 1,
                   control_detail="the bound x 1.01 is violated near s2 = 0",
                   domain={"M, one orthogonal block": f"2 and d, at d = {', '.join(map(str, _THM41_DS))}",
                           "d": ", ".join(map(str, _THM41_DS)),
                           "s2 = ||x+y||^2": ", ".join(_THM41_S2)})


CLAIMS: list = []


# -------------------------------------------------------------------------------- CRT-Thm4.1

def _thm41_mc():
    # decisions with the exact variance of Z1 Z2 (issue 27): E[Z1^2 Z2^2] = c^2 E[Z'1 Z'2] at a rescaled pair
    # (rfsym.crt.witnesses.orthogonal_pair_square_moment), Z1 Z2 >= 0, guaranteed-rate tests
    rng = np.random.default_rng(SEED + 18)
    x, y = np.array([0.5, 0.4, -0.2, 0.3]), np.array([0.6, 0.3, 0.1, 0.5])
    s2 = float(np.sum((x + y) ** 2))
    K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
    As = (1 - 1 / float(crt.oprf_rho_star_np(4, s2))) / 8
    lines, oks = [], []
    ex = K * K * float(crt.orthogonal_pair_moment(4, repr(s2), dps=15))
    for A in (None, 0.0):
        z1, z2 = _orth_pairs_mc(x, y, 300_000, rng, A=A)
        v2 = float(cw.orthogonal_pair_square_moment(x, y, As if A is None else A)) - ex * ex
        a = _ExactCheck(z1 * z2, ex, v2, {"i.i.d. K^2": K * K})
        oks.append(a)
        lines.append(f"A={'A*' if A is None else A}: E[Z1 Z2] {a}; i.i.d. value K^2 = {K*K:.5f}: z = {a.cz('i.i.d. K^2'):+.1f} "
                     f"({'rejected' if a.rejects('i.i.d. K^2') else 'NOT rejected'})")
    return Outcome(all(a.passed for a in oks), f"d=4, s2={s2:.2f}, orthogonal pairs (Haar): " + "; ".join(lines)
                   + " -> exact formula K^2 e^(-s2) 1F1(d; d/2; s2/2); s.e. from the exact E[Z1^2 Z2^2]",
                   agreement=f"max |z| = {max(abs(a.z) for a in oks):.2f} over {len(oks)} point(s) (exact s.e.)",
                   control_rejected=all(a.rejects("i.i.d. K^2") for a in oks),
                   control_detail=f"wrong pair moment (the i.i.d. K^2) rejected at |z| >= {min(abs(a.cz('i.i.d. K^2')) for a in oks):.1f} "
                                  f"(exact s.e., guaranteed rate <= {oks[0].t.alpha:.2g})")


#: (d, M) with M > d: independent orthogonal blocks of d rows (App. 9.1)
_THM41_BLOCKS = ((2, 3), (2, 4), (3, 7), (4, 9), (16, 40))


def _thm41_blocks():
    # M > d: block-orthogonal features (App. 9.1); the printed factor (1 - 1/M) counts pairs across blocks too
    d, M = 2, 4
    x = np.array([0.5, 0.0])
    y = np.array([0.5, 0.0])
    xs, ys = ["0.5", "0"], ["0.5", "0"]
    var_iid = float(crt.oprf_variance(xs, ys, dps=15)) / M
    gap = float(crt.orthogonal_gap(xs, ys, M, dps=15))
    printed = float(crt.orthogonal_gap_lower_bound(xs, ys, M, dps=15))
    corrected = printed * (2 * d * (d - 1) / M ** 2) / (1 - 1 / M)     # factor sum_b m_b(m_b-1)/M^2 = (d-1)/M
    rng = np.random.default_rng(SEED + 24)
    n = 300_000
    v = crt.estimator_samples("oprf", x, y, M * n, rng, coupling="orthogonal").reshape(n, M).mean(1)
    r = variance_of(v)
    a = z_check(r, var_iid - gap)
    b = z_check(r, var_iid - printed)
    # over the domain: for M > d the corrected bound holds
    worst = math.inf
    for dd, MM in _THM41_BLOCKS:
        for s2 in ("1e-6", "0.5", "5", "50"):
            xx = ["0"] * (dd - 1) + [str(mpmath.sqrt(mpmath.mpf(s2)))]
            full, rest = divmod(MM, dd)
            fac = (full * dd * (dd - 1) + rest * (rest - 1)) / MM ** 2
            g = crt.orthogonal_gap(xx, ["0"] * dd, MM, dps=15)
            lb = crt.orthogonal_gap_lower_bound(xx, ["0"] * dd, MM, dps=15) * fac / (1 - 1 / MM)
            worst = min(worst, float(g / lb))
    ok = a.passed and worst >= 1 - 1e-12
    return Outcome(ok, (f"d=2, M=4 (two independent orthogonal blocks), x=y=(0.5,0): Var_iid/M = {var_iid:.6f}, exact gap {gap:.6f} "
                f"< printed (1-1/M) 2/(d+2) F^2 = {printed:.6f}; sampled Var(K_M^ort) {a}; the printed upper limit "
                f"Var_iid/M - bound = {var_iid - printed:.6f} is exceeded at z = {b.z:+.1f}. With the factor sum_b m_b(m_b-1)/M^2 "
                f"(corrected bound {corrected:.6f}) the inequality holds: min exact/corrected over (d, M) in "
                f"{_THM41_BLOCKS}, s2 in 1e-6..50: {worst:.6f}; so the gap is positive at all of them"),
                   agreement=f"z = {a.z:+.2f}", control_rejected=b.z > 5 and gap < printed,
                   control_detail=f"the printed limit Var_iid/M - (1-1/M) 2/(d+2) F^2 exceeded at z = {b.z:+.1f}",
                   domain={"M, blocks (M > d)": "(d, M) = " + ", ".join(f"({a_}, {b_})" for a_, b_ in dict.fromkeys(((d, M),) + _THM41_BLOCKS))})


def _thm41_quad():
    # d = 2: E[Z1 Z2]/K^2 for an orthogonal pair by quadrature over the frame angle (rfsym.crt.witnesses), at several A
    worst, worst_gap, ctrl = math.inf, math.inf, 0.0
    rows = []
    for s2, A in (("0.64", "-0.05"), ("3", "-0.3"), ("0.01", "0"), ("10", "-1")):
        with mp.workdps(40):
            q = cw.orthogonal_pair_moment_quad(s2, A, dps=25)
            e = crt.orthogonal_pair_moment(2, s2, dps=25)
            worst = min(worst, agreeing_digits(q, e))
            x = [str(mpmath.sqrt(mpmath.mpf(s2))), "0"]
            gap = crt.orthogonal_gap(x, ["0", "0"], 2, dps=25)
            K2 = mpmath.exp(-mpmath.mpf(s2))
            gq = K2 * (1 - q) / 2
            worst_gap = min(worst_gap, agreeing_digits(gap, gq))
            ctrl = max(ctrl, agreeing_digits(gap * mpmath.mpf("1.001"), gq))
        rows.append(f"s2={s2}, A={A}: quadrature {mpmath.nstr(q, 15)}")
    return Outcome(worst >= 20 and worst_gap >= 18, ("d = 2, orthogonal pair, E[Z1 Z2]/K^2 by quadrature over the frame angle (chi_2 radii in closed form): "
                                                     + "; ".join(rows) + f"; orthogonal_pair_moment agrees to >= {worst:.1f} digits at every A (A-independent), "
                                                     f"orthogonal_gap (M = 2) to >= {worst_gap:.1f} digits"),
                   agreement=f"{min(worst, worst_gap):.0f} digits", control_rejected=ctrl < 4,
                   control_detail=f"gap x 1.001 agrees to {ctrl:.1f} digits only")


def _thm41_favor():
    # FAVOR++'s own setting: d = 64, M = 256 (App. 9.10.3), i.e. four independent orthogonal blocks
    d, M = 64, 256
    rows, worst_corr, ratios = [], math.inf, []
    from .. import experiments as cx
    curve = cx.gap_bound_ratio_curve(d, [0.01, 0.25, 1.0, 4.0], M, dps=15)
    for k, s2 in enumerate(("0.01", "0.25", "1", "4")):
        xx = ["0"] * (d - 1) + [str(mpmath.sqrt(mpmath.mpf(s2)))]
        gap = crt.orthogonal_gap(xx, ["0"] * d, M, dps=20)
        lb = crt.orthogonal_gap_lower_bound(xx, ["0"] * d, M, dps=20)
        corr = lb * mpmath.mpf(d - 1) / M / (1 - mpmath.mpf(1) / M)
        if abs(curve[k] / float(gap / lb) - 1) > 1e-10:
            raise AssertionError(f"gap_bound_ratio_curve disagrees with orthogonal_gap / bound at s2 = {s2}")
        ratios.append(float(gap / lb))
        worst_corr = min(worst_corr, float(gap / corr))
        rows.append(f"||x+y||^2 = {s2}: exact gap / printed bound = {float(gap / lb):.4g}")
    bad = [r for r in ratios if r < 1]
    # no positive C independent of M rescues (15) for blocks: M * gap / (d - 1) is constant in M (whole blocks), so
    # gap / ((1 - 1/M) 2/(d+2) C) -> 0 as M grows, for every C > 0 (convention CRT:thm41-constant)
    big, scaled = [], []
    xx4 = ["0"] * (d - 1) + ["2"]                       # ||x+y||^2 = 4, where the printed bound holds at M = 256
    for MM in (256, 4096, 65536):
        g = crt.orthogonal_gap(xx4, ["0"] * d, MM, dps=20)
        big.append((MM, float(g / crt.orthogonal_gap_lower_bound(xx4, ["0"] * d, MM, dps=20))))
        scaled.append(float(g * MM / (d - 1)))
    const = max(scaled) / min(scaled) - 1 < 1e-12
    falls = all(b[1] < a[1] for a, b in zip(big, big[1:])) and big[-1][1] < 1
    return Outcome(worst_corr >= 1 - 1e-12 and const and falls,
                   (f"d = 64, M = 256 (FAVOR++, four blocks of 64): " + "; ".join(rows) +
                    f". The printed bound fails at {len(bad)} of {len(ratios)} points (the factor 1 - 1/M overstates the correlated pairs by (M-1)/(d-1) = {(M - 1) / (d - 1):.3f}); "
                    f"with (d-1)/M the bound holds (min exact/corrected {worst_corr:.6f}); the gap itself stays positive, so orthogonal features still reduce the variance. "
                    f"M -> infinity at ||x+y||^2 = 4: M gap / (d-1) = {scaled[0]:.6g} at M = 256, 4096, 65536 (constant: {const}), so exact gap / printed bound = "
                    + ", ".join(f"{r:.4g} (M = {m_})" for m_, r in big) + " falls like (d-1)/(M-1): no positive C independent of M satisfies (15) for every M"),
                   agreement=f"corrected bound holds (min ratio {worst_corr:.4f})", control_rejected=len(bad) > 0 and falls,
                   control_detail=f"printed (1 - 1/M) bound rejected: ratio {min(ratios):.4g} < 1 at M = 256, {big[-1][1]:.4g} at M = {big[-1][0]}",
                   domain={"M, FAVOR++ blocks": f"d = {d}, M = {M}; and M = 256, 4096, 65536 at ||x+y||^2 = 4"})


CLAIMS.append(Claim(
    id="CRT-Thm4.1", summary="The variance gap of block-orthogonal FAVOR++ is not bounded by the printed $C\\cdot(\\ldots)$ once $M>d$ (the paper's blocks); the variance reduction itself holds.", paper="CRT", location="Sec. 4, Theorem 4.1, Eq. (15); App. 9.1, 9.7",
    statement=r"$\mathrm{Var}(\hat K^{\mathrm{ort}}_M)\le\mathrm{Var}(\hat K^{\mathrm{iid}}_M)-(1-\frac1M)\frac2{d+2}C(\|x+y\|)$ for the orthogonal OPRF estimator with $M$ RFs, for some $C\ge0$, any $d$.",
    verdict="erratum", severity="minor",
    rule="erratum-minor",
    root_cause="CRT:thm41-block-factor",
    conventions=('CRT:orthogonal-ensemble', 'CRT:thm41-constant'),
    correction=r"For block-orthogonal features ($M>d$: independent $d\times d$ blocks of $m_b$ rows, App. 9.1) replace $1-\frac1M$ by $\sum_bm_b(m_b-1)/M^2$ (which is $1-\frac1M$ when $M\le d$): $\mathrm{Var}(\hat K^{\mathrm{ort}}_M)\le\mathrm{Var}(\hat K^{\mathrm{iid}}_M)-\frac{\sum_bm_b(m_b-1)}{M^2}\frac2{d+2}F^2$, $C=F^2$ of the pair (CRT-Thm4.1-C).",
    evidence=r"Re-adjudicated under the rulebook (issue 28, referee item D1; was verified under the reading '$M\le d$'). The theorem's domain is the orthogonal OPRF estimator 'using $M$ RFs', introduced by 'OPRFs also benefit from applying block-orthogonal ensembles of projections (see Appendix 9.1)', and App. 9.1 defines those for $M>d$ as independent $d\times d$ blocks; Sec. 1 credits Theorem 4.1 for FAVOR++, whose BERT runs use $M=256$ features on 64-dimensional heads (App. 9.10.3). For $M\le d$ (the domain of Theorem 9.1, from which App. 9.7 derives it) it holds: the exact gap $(1-\frac1M)K^2(1-e^{-s_2}{}_1F_1(d;d/2;s_2/2))$ (derived here, $A$-independent, confirmed by sampling orthogonal pairs and by quadrature over the orthogonal frame) dominates the bound with $C=F^2$ at $d$ = 2, 3, 4, 16, 64, 1024 and $s_2$ = 1e-8, 1e-3, 0.5, 1, 10, 100, 1000. For $M>d$ it fails: at $d=64$, $M=256$ the exact gap / printed bound is 0.2482 at $\|x+y\|^2=0.01$ (0.3862 at 1, 1.125 at 4), i.e. the factor $1-\frac1M$ overstates the correlated pairs by $(M-1)/(d-1)=4.048$; and no positive $C$ independent of $M$ (convention CRT:thm41-constant) rescues it, because $M\cdot\mathrm{gap}/(d-1)$ is constant in $M$ (0.00188913 at $\|x+y\|^2=4$), so the ratio falls like $(d-1)/(M-1)$ (1.125, 0.07004, 0.004376 at $M$ = 256, 4096, 65536). With $\sum_bm_b(m_b-1)/M^2$ the bound holds at every $(d,M)$ checked, and the gap stays positive. Severity minor (rule erratum-minor): the conclusion the abstract and Sec. 1 draw from Theorem 4.1, that orthogonal features reduce the variance of OPRFs for any $d$, stands (CRT-Abs5, CRT-Con6); only the size of the guaranteed reduction for $M>d$ is overstated, and nothing downstream rests on that constant. Root cause CRT:thm41-block-factor (the factor for blocks), distinct from CRT-Thm4.1-C (the argument of $C$, typo) and from CRT:app97-unit-projection (the printed $F$ of Theorem 9.1).",
    readings=[
        Reading("literal", r"(15) for the orthogonal estimator of App. 9.1 with any $M$ (block-orthogonal for $M>d$), with $C=F^2$ of the pair, independent of $M$ (convention CRT:thm41-constant).", False,
                "d = 64, M = 256: exact gap / printed bound 0.2482 at ||x+y||^2 = 0.01"),
        Reading("charitable: any positive C of the pair independent of M", r"Some positive $C$ of the pair, not necessarily the proof's $F^2$, chosen once for all $M$ (a smaller constant would absorb a bounded overstatement).", False,
                "M gap / (d - 1) is constant in M (0.00188913 at d = 64, ||x+y||^2 = 4), so gap / printed bound falls like (d-1)/(M-1): 1.125, 0.07004, 0.004376 at M = 256, 4096, 65536; a fixed positive C fails once M is large enough"),
    ],
    defence="Defence counsel: Theorem 4.1 says 'orthogonal' and App. 9.7 obtains it as a corollary of Theorem 9.1, stated for M <= d; there it holds with C = F^2. As printed C is chosen after M, so (15) holds for every M.",
    defeated_by="M <= d is the proof's domain, not the theorem's: the sentence introducing Theorem 4.1 points to App. 9.1's block-orthogonal ensembles, defined for M > d, and Sec. 1 credits Theorem 4.1 for FAVOR++ (M = 256 on d = 64); there the printed bound fails (0.2482 at ||x+y||^2 = 0.01), and a C chosen after M contradicts the convention CRT:thm41-constant (C of the pair, the factor 1 - 1/M carrying M; with C allowed to depend on M, (15) says nothing the factor could). The same appendix-narrows-the-domain defence was refused for SimRF-Thm3.2. Minor, not major: the reduction itself, the conclusion of the abstract and Sec. 1, holds for blocks too",
    checks=[
        Check("sampled orthogonal pair moment", "montecarlo", _thm41_mc,
              exercises=("rfsym.crt.orthogonal_pair_moment", "rfsym.crt.gerf_features", "rfsym.crt.sample_omega"),
              route="300000 sampled orthogonal pairs", control="the i.i.d. pair moment K^2"),
        Check("gap >= bound over the domain, M <= d", "numeric", _thm41_numeric,
              exercises=("rfsym.crt.orthogonal_gap", "rfsym.crt.orthogonal_gap_lower_bound"),
              route="mpmath 1F1 closed form of the gap over d, s2, M", control="bound x 1.01"),
        Check("M > d: counterexample and corrected factor", "montecarlo", _thm41_blocks,
              exercises=("rfsym.crt.orthogonal_gap", "rfsym.crt.oprf_variance", "rfsym.crt.estimator_samples"),
              route="300000 sampled block-orthogonal estimators", control="the printed limit"),
        Check("pair moment by quadrature over the frame (d = 2)", "numeric", _thm41_quad,
              exercises=("rfsym.crt.orthogonal_pair_moment", "rfsym.crt.orthogonal_gap"),
              route="mpmath quadrature over the angle of the orthogonal frame", control="gap x 1.001"),
        Check("FAVOR++ setting d = 64, M = 256", "numeric", _thm41_favor,
              exercises=("rfsym.crt.orthogonal_gap", "rfsym.crt.orthogonal_gap_lower_bound"),
              route="mpmath gap at four ||x+y||^2", control="the printed (1 - 1/M) bound"),
    ],
    no_witness={"symbolic": "the exact gap is a double series over sphere moments summed to 1F1 by hand; sympy cannot sum it. Its termwise inequality is proven symbolically in CRT-Thm9.1"},
))


# -------------------------------------------------------------------------------- CRT-Thm4.1-C

#: the second coordinate t of x = (0.5, t, 0, 0), y = (0.5, -t, 0, 0): x + y fixed, ||x||^2 + ||y||^2 growing
_THM41C_T = ("0", "2", "5")


def _thm41_C_numeric():
    d, M = 4, 4
    rows, ok, ctrl_ok = [], True, True
    with mp.workdps(30):
        fac = (1 - mpmath.mpf(1) / M) * 2 / mpmath.mpf(d + 2)
        F2_0 = None
        for t in _THM41C_T:
            # ||x + y|| fixed (x + y = (1,0,0,0)), ||x||^2 + ||y||^2 grows with t
            x = ["0.5", t, "0", "0"]
            y = ["0.5", "-" + t if t != "0" else "0", "0", "0"]
            xv, yv = list(map(mpmath.mpf, x)), list(map(mpmath.mpf, y))
            N = sum(a * a for a in xv) + sum(b * b for b in yv)
            s2 = sum((a + b) ** 2 for a, b in zip(xv, yv))
            K = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)) / 2)
            F2 = mpmath.exp(-2 * N) * mpmath.expm1(s2 / 2) ** 2          # the correction's closed form
            F2_alt = (K - mpmath.exp(-N)) ** 2                             # the proof's F^2 = (K - e^{-N})^2
            gap = crt.orthogonal_gap(x, y, M, dps=20)
            F2_0 = F2 if F2_0 is None else F2_0
            holds = gap >= fac * F2 and agreeing_digits(F2, F2_alt) >= 25
            # a constant depending on ||x+y|| only would be the t = 0 value: it fails for t > 0
            const_fails = t == "0" or gap < fac * F2_0
            ok &= bool(holds)
            ctrl_ok = ctrl_ok and bool(const_fails)
            rows.append(f"t={t}: gap {mpmath.nstr(gap, 5)}, F^2 = e^(-2N)(e^(s2/2)-1)^2 = {mpmath.nstr(F2, 5)} "
                        f"(= (K-e^-N)^2: {agreeing_digits(F2, F2_alt) >= 25}), (1-1/M) 2/(d+2) F^2 = {mpmath.nstr(fac * F2, 5)} <= gap: {bool(gap >= fac * F2)}")
    return Outcome(ok, (f"d=4, M=4, x+y=(1,0,0,0) fixed (s2 = 1), x=(0.5,t,0,0), y=(0.5,-t,0,0): " + "; ".join(rows) +
                f". The gap -> 0, so the bound with C = F^2(t=0) = {mpmath.nstr(F2_0, 5)} (a function of ||x+y|| only) fails at t = {', '.join(_THM41C_T[1:])}; "
                f"the correction C = F^2 (depends on ||x||^2+||y||^2 too) holds at all {len(_THM41C_T)} t"),
                   agreement=f"C = F^2 holds at t = {', '.join(_THM41C_T)}", control_rejected=ctrl_ok,
                   control_detail=f"a constant C(||x+y||) = F^2(t=0) fails at t = {' and '.join(_THM41C_T[1:])}",
                   domain={"t": ", ".join(_THM41C_T) + " (d = M = 4, x + y = (1, 0, 0, 0))"})


def _thm41_C_mc():
    # at t = 2 the whole i.i.d. variance is below the reduction a constant C(||x+y||) = F^2(t=0) would promise
    rng = np.random.default_rng(SEED + 30)
    d = M = 4
    x, y = np.array([0.5, 2.0, 0.0, 0.0]), np.array([0.5, -2.0, 0.0, 0.0])
    with mp.workdps(30):
        F2_0 = mpmath.exp(-2 * mpmath.mpf("0.5")) * mpmath.expm1(mpmath.mpf("0.5")) ** 2
    need = float((1 - mpmath.mpf(1) / M) * 2 / (d + 2) * F2_0)
    n = 200_000
    v = crt.estimator_samples("oprf", x, y, M * n, rng).reshape(n, M).mean(1)
    r = variance_of(v)
    exact = float(crt.oprf_variance(x.tolist(), y.tolist(), dps=15)) / M
    a = z_check(r, exact)
    b = z_check(r, need)
    return Outcome(a.passed, (f"d=M=4, t=2 (x=(0.5,2,0,0), y=(0.5,-2,0,0)): sampled Var(K_M^iid) {a}; a reduction by "
                              f"(1-1/M) 2/(d+2) C with C = F^2(t=0) = {float(F2_0):.5g} would need Var_iid >= {need:.5g}: z = {b.z:+.1f}"),
                   agreement=f"z = {a.z:+.2f}", control_rejected=r.estimate + 5 * r.stderr < need,
                   control_detail=f"a constant C(||x+y||) rejected: sampled Var_iid is {need / max(r.estimate, 1e-300):.3g} times too small")


CLAIMS.append(Claim(
    id="CRT-Thm4.1-C", paper="CRT", location="Sec. 4, Theorem 4.1",
    statement=r"The constant is $C(\|x+y\|)\ge0$, a function of $\|x+y\|$ only.",
    verdict="erratum", severity="typo",
    rule="erratum-typo",
    conventions=('CRT:orthogonal-ensemble', 'CRT:thm41-constant'),
    correction=r"$C=F^2=(K(x,y)-e^{-\|x\|^2-\|y\|^2})^2=e^{-2(\|x\|^2+\|y\|^2)}(e^{\|x+y\|^2/2}-1)^2$, a function of $\|x+y\|$ and $\|x\|^2+\|y\|^2$.",
    evidence=r"The gap (and the proof's constant $F^2$) decays like $\exp(-2(\|x\|^2+\|y\|^2))$ at fixed $\|x+y\|$, so a positive constant cannot depend on $\|x+y\|$ alone (at $d=M=4$, $x+y$ fixed, the gap falls from 0.048699 at $t=0$ to 5.4803e-9 at $t=2$, below the $t=0$ bound 0.038705; the sampled i.i.d. variance at $t=2$ is itself far below that bound). The correction $C=F^2$ holds at all three $t$.",
    readings=[
        Reading('literal', 'A constant $C>0$ that depends on $\\|x+y\\|$ only (a positive one: with $C=0$ Theorem 4.1 would not say that orthogonal features reduce the variance, which Sec. 1 and the Note claim).',
                False, 'd=M=4, x+y fixed: the gap falls from 0.048699 (t=0) to 5.4803e-9 (t=2), below the t=0 bound 0.038705'),
        Reading('charitable: a label copied from F(z) (defence counsel)', "'$C(\\|x+y\\|)$' copies App. 9.7's notation $F(z)$, $z=x+y$; the constant is $F^2(x,y)$ of the fixed pair.",
                False, 'with C = F^2 the inequality holds at t = 0, 2, 5 (4.3556e-9 <= 5.4803e-9 at t = 2), but F^2 varies at fixed ||x+y|| (0.15482 at t=0, 1.7422e-8 at t=2): the printed dependency is wrong, the intended constant clear'),
    ],
    defence='Defence counsel: the inequality is stated for a fixed pair, and at every pair (15) holds with $C=F^2(x,y)>0$; the argument $\\|x+y\\|$ is a dependency label copied from $F(z)$, so the conclusion (strict reduction) stands.',
    defeated_by='the label is false (F^2 is 0.15482 at t=0 and 1.7422e-8 at t=2 with the same ||x+y||), but the defence shows the intent (C = F^2) is clear from App. 9.7: severity typo, not minor',
    checks=[
        Check("gap at fixed ||x+y||; corrected C = F^2 holds", "numeric", _thm41_C_numeric,
              exercises=("rfsym.crt.orthogonal_gap",),
              route="mpmath gap and F^2 at t = 0, 2, 5", control="C = F^2(t=0), a function of ||x+y|| only"),
        Check("sampled i.i.d. variance below the promised reduction", "montecarlo", _thm41_C_mc,
              exercises=("rfsym.crt.oprf_variance", "rfsym.crt.estimator_samples"),
              route="200000 sampled i.i.d. OPRF estimators", control="C = F^2(t=0)"),
    ],
    no_witness={"symbolic": "the counterexample needs the exact gap (a 1F1 closed form, see CRT-Thm4.1); the closed form of F^2 is compared at 25 digits"},
))


# -------------------------------------------------------------------------------- CRT-Thm9.1

_THM91_DS = (2, 3, 5, 64, 1000)   # exact-rational spot checks of the termwise inequality (sympy proves it for every d > 0)


def _thm91_symbolic():
    a = sp.Symbol("a", positive=True)  # a = d/2
    i, j = sp.symbols("i j", integer=True, positive=True)
    Bij = lambda i, j: sp.rf(a, i) * sp.rf(a, j) / sp.rf(a, i + j)
    # step ratios: increasing i (or j) by one multiplies the ratio by (a+i)/(a+i+j) (resp. (a+j)/(a+i+j)) < 1
    ri = sp.simplify(sp.gammasimp(Bij(i + 1, j) / Bij(i, j)))
    rj = sp.simplify(sp.gammasimp(Bij(i, j + 1) / Bij(i, j)))
    step_i = sp.simplify(ri - (a + i) / (a + i + j)) == 0
    step_j = sp.simplify(rj - (a + j) / (a + i + j)) == 0
    dec_i = sp.simplify(sp.together(1 - ri))   # = j/(a+i+j) > 0
    dec_j = sp.simplify(sp.together(1 - rj))   # = i/(a+i+j) > 0
    decreasing = bool(dec_i.is_positive) and bool(dec_j.is_positive)
    # so the maximum over i, j >= 1 is at (1,1): ratio(1,1) = a/(a+1) = d/(d+2), and 1 - ratio >= 2/(d+2) for every d
    r11 = sp.simplify(Bij(1, 1))
    b11 = sp.simplify(1 - r11 - 2 / (2 * a + 2))
    # a larger constant fails at (1,1): 1 - ratio(1,1) - 2/(d+1) < 0 for every d > 0
    wrong = sp.simplify(1 - r11 - 2 / (2 * a + 1))
    wrong_fails = bool((-wrong).is_positive)
    ok = step_i and step_j and decreasing and b11 == 0
    worst = math.inf
    for d in _THM91_DS:
        av = sp.Rational(d, 2)
        for ii in range(1, 12):
            for jj in range(1, 12):
                val = 1 - sp.rf(av, ii) * sp.rf(av, jj) / sp.rf(av, ii + jj) - sp.Rational(2, d + 2)
                worst = min(worst, float(val))
    return Outcome(ok and worst >= 0, (f"sphere moment ratio E[t1^2i t2^2j]/(E t^2i E t^2j) = ratio(i,j) = (a)_i (a)_j/(a)_(i+j), a = d/2 > 0; sympy: "
                               f"ratio(i+1,j)/ratio(i,j) = {ri}, 1 - it = {dec_i} > 0: {bool(dec_i.is_positive)}; ratio(i,j+1)/ratio(i,j) = {rj}, "
                               f"1 - it = {dec_j} > 0: {bool(dec_j.is_positive)} (i, j >= 1 integers); so the maximum over i, j >= 1 is ratio(1,1) = {r11} = d/(d+2) "
                               f"and 1 - ratio(1,1) - 2/(d+2) = {b11}: the termwise inequality (32) holds for every d. A larger constant 2/(d+1) fails: "
                               f"1 - ratio(1,1) - 2/(d+1) = {wrong} < 0: {wrong_fails}. Exact rationals agree: min over i,j in 1..11, "
                               f"d in (2,3,5,64,1000) of 1 - ratio - 2/(d+2) = {worst:.3g} >= 0"),
                   agreement="exact (sympy)", control_rejected=wrong_fails, control_detail="the constant 2/(d+1) fails at (i, j) = (1, 1)",
                   domain={"d": f"every d > 0 (sympy, a = d/2 a positive symbol; i, j >= 1 integer symbols); exact rationals at d = "
                                f"{', '.join(map(str, _THM91_DS))}, i, j = 1..11"})


def _thm91_mc():
    # the OPRF instance of (24): sampled Var(K_M^ort) (d = M = 4) is below Var_iid/M - (1-1/M) 2/(d+2) F^2 and matches the exact value
    rng = np.random.default_rng(SEED + 31)
    x, y = np.array([0.5, 0.4, -0.2, 0.3]), np.array([0.6, 0.3, 0.1, 0.5])
    M = 4
    var1 = float(crt.oprf_variance(x.tolist(), y.tolist(), dps=15))
    gap = float(crt.orthogonal_gap(x.tolist(), y.tolist(), M, dps=15))
    lb = float(crt.orthogonal_gap_lower_bound(x.tolist(), y.tolist(), M, dps=15))
    from .. import experiments as cx
    r = cx.orthogonal_variance_mc(x, y, M, 300_000, rng, "orthogonal")
    a = z_check(r, var1 / M - gap)
    z_lim = (r.estimate - (var1 / M - lb)) / r.stderr
    b = z_check(r, var1 / M)
    return Outcome(a.passed and z_lim <= 5, (f"d=M=4, ||x+y||^2={float(np.sum((x + y) ** 2)):.2f}: sampled Var(K_M^ort) {a}; printed upper limit "
                                             f"Var_iid/M - (1-1/M) 2/(d+2) F^2 = {var1 / M - lb:.6f} (sampled minus limit: z = {z_lim:+.1f} <= 5); "
                                             f"no reduction (Var_iid/M = {var1 / M:.6f}): z = {b.z:+.1f}"),
                   agreement=f"z = {a.z:+.2f}", control_rejected=not b.passed, control_detail=f"'no variance reduction' rejected at z = {b.z:+.1f}")


def _thm91_printed_f_numeric():
    # Eq. (24) with F as printed (u^T z, length dropped) at d = M = 2, x = y = (2, 0) (s2 = 16, OPRF at A*): the bound exceeds
    # the exact gap; the printed F and the gap are both recomputed by quadrature (rfsym.crt.witnesses)
    from .. import witnesses as tw
    x, d, M = ["2", "0"], 2, 2
    with mp.workdps(40):
        bp = crt.orthogonal_gap_lower_bound_printed_f(x, x, M, dps=25)
        bc = crt.orthogonal_gap_lower_bound(x, x, M, dps=25)
        gap = crt.orthogonal_gap(x, x, M, dps=25)
        fac = (1 - mpmath.mpf(1) / M) * 2 / (d + 2)
        bp_q = fac * tw.oprf_f_quad(x, x, "printed", dps=25) ** 2
        bc_q = fac * tw.oprf_f_quad(x, x, "corrected", dps=25) ** 2
        A = crt.oprf_a_star(d, 16, dps=25)
        gap_q = (1 - mpmath.mpf(1) / M) * (1 - cw.orthogonal_pair_moment_quad(16, A, dps=25))   # K = 1 at x = y
        var_m = crt.oprf_variance(x, x, dps=25) / M
        dig = min(agreeing_digits(bp, bp_q), agreeing_digits(bc, bc_q), agreeing_digits(gap, gap_q))
        ctrl = agreeing_digits(bp * mpmath.mpf("1.01"), bp_q)
    rows = []
    for dd, s2 in ((2, "1"), (2, "9"), (2, "16"), (2, "36"), (3, "100"), (8, "64")):
        xx = [str(mpmath.sqrt(mpmath.mpf(s2) / 4))] + ["0"] * (dd - 1)
        g_ = crt.orthogonal_gap(xx, xx, dd, dps=15)
        rows.append(f"d = M = {dd}, s2 = {s2}: {mpmath.nstr(g_ / crt.orthogonal_gap_lower_bound_printed_f(xx, xx, dd, dps=15), 3)} "
                    f"(corrected {mpmath.nstr(g_ / crt.orthogonal_gap_lower_bound(xx, xx, dd, dps=15), 5)})")
    fails, holds = gap < bp, gap >= bc
    return Outcome(fails and holds and dig >= 18,
                   (f"d = M = 2, x = y = (2, 0) (s2 = 16, K = 1), OPRF at A* = {mpmath.nstr(A, 8)}: exact gap Var_iid - Var_ort = {mpmath.nstr(gap, 9)} "
                    f"(orthogonal_gap; quadrature over the orthogonal frame agrees); (24) with F as printed, E_u E_x[g~(u^T z, x)] = "
                    f"e^(-N)(0F1(; d/2; (1-4A) s2/4) - 1): bound {mpmath.nstr(bp, 6)} > gap, (24) violated (gap / bound = {mpmath.nstr(gap / bp, 4)}); the "
                    f"printed bound also exceeds Var_iid/M = {mpmath.nstr(var_m, 5)} (it would force Var_ort < 0) and (1-1/M) K^2 = 0.5, the largest "
                    f"possible gap of positive features (E[Z1 Z2] >= 0). With the corrected F = E_w[g~(w^T z, ||w||)] = e^(-N)(e^(s2/2) - 1) the bound "
                    f"{mpmath.nstr(bc, 6)} holds (gap / bound = {mpmath.nstr(gap / bc, 5)}). Bound (library closed form) vs quadrature of F's definition "
                    f"(crt_thm91_witness.oprf_f_quad), both readings, and gap vs frame quadrature: >= {dig:.1f} digits. gap / printed-F bound "
                    f"(gap / corrected bound): " + "; ".join(rows)),
                   agreement=f"{dig:.0f} digits", control_rejected=bool(fails and holds and ctrl < 4),
                   control_detail=(f"printed-F bound rejected (gap / bound {mpmath.nstr(gap / bp, 4)}), the corrected F not flagged; "
                                   f"printed-F bound x 1.01 agrees with the quadrature to {ctrl:.1f} digits only"))


def _thm91_indicator_symbolic():
    # general g: g(a, b) = a^2 1[b < 1] (a_2(y) = 1[y < 1] >= 0), d = M = 2, every derivation by sympy (rfsym.crt.witnesses)
    from .. import witnesses as tw
    e = tw.indicator_counterexample_expr()
    zn = e["zn"]
    ratio = sp.simplify(e["gap"] / e["bound_printed"])
    ratio_mp = sp.simplify(ratio - (e["m"] / e["P"]) ** 2) == 0
    fails = bool(sp.N(ratio, 30) < 1) and sp.simplify(ratio.diff(zn)) == 0
    corr = sp.simplify(e["gap"] - e["bound_corrected"])
    gap_m = sp.simplify(e["gap"] - e["m"] ** 2 * zn ** 4 / 16) == 0
    bp_P = sp.simplify(e["bound_printed"] - e["P"] ** 2 * zn ** 4 / 16) == 0
    return Outcome(fails and corr == 0 and ratio_mp and gap_m and bp_P,
                   (f"g(a, b) = a^2 1[b < 1], d = M = 2, orthogonal pair w1 = r1 (cos t, sin t), w2 = r2 (-sin t, cos t), integrals by sympy: "
                    f"m = E[x^2; x < 1] = {e['m']} = {sp.N(e['m'], 5)}, P = P(x < 1) = {e['P']} = {sp.N(e['P'], 5)}; gap = (E X)^2/2 - E[X1 X2]/2 "
                    f"= m^2 |z|^4/16: {gap_m}; printed-F bound = P^2 |z|^4/16: {bp_P}; "
                    f"gap / printed bound = (m/P)^2: {ratio_mp}, = {sp.N(ratio, 30):.6f} < 1 for every |z|: (24) as printed fails although the hypothesis "
                    f"(coefficients >= 0) holds. Corrected F = E_w[g~(w^T z, ||w||)]: gap - bound = {corr} (equality, not flagged)"),
                   agreement="exact (sympy)", control_rejected=corr == 0 and fails,
                   control_detail=f"printed F rejected (ratio {sp.N(ratio, 30):.3f}), corrected F holds with equality",
                   domain={"z": "every |z| > 0 (sympy: gap / printed bound has zero derivative in |z|, a positive symbol), d = M = 2"})


def _thm91_indicator_mc():
    # the counterexample sampled: Haar orthogonal pairs in d = 2, X = (w^T z)^2 1[||w|| < 1], |z| = 1
    from .. import witnesses as tw
    e = tw.indicator_counterexample_expr()
    sub = {e["zn"]: 1}
    EX, EXX = float(e["EX"].subs(sub)), float(e["EX1X2"].subs(sub))
    bp, bc = float(e["bound_printed"].subs(sub)), float(e["bound_corrected"].subs(sub))
    X = tw.indicator_pair_samples([0.6, 0.8], 400_000, np.random.default_rng(SEED + 61))
    r1, r12 = mean_of(X[0]), mean_of(X[0] * X[1])
    a, b = z_check(r1, EX), z_check(r12, EXX)
    lim_p, lim_c = EX ** 2 - 2 * bp, EX ** 2 - 2 * bc     # (24) <=> E[X1 X2] <= (E X)^2 - 2 bound  (M = 2)
    zp, zc = (r12.estimate - lim_p) / r12.stderr, (r12.estimate - lim_c) / r12.stderr
    return Outcome(a.passed and b.passed and zp > 5 and zc <= 5,
                   (f"g(a, b) = a^2 1[b < 1], d = M = 2, |z| = 1, 400000 sampled Haar orthogonal pairs: E[X] {a}; E[X1 X2] {b}. (24) as printed needs "
                    f"E[X1 X2] <= (E X)^2 - 2 (printed bound) = {lim_p:.6f} < 0 (impossible for X >= 0): exceeded at z = {zp:+.1f}; "
                    f"with the corrected F the limit is {lim_c:.6f} (z = {zc:+.2f}, holds, with equality in exact arithmetic)"),
                   agreement=f"z = {b.z:+.2f}", control_rejected=zp > 5, control_detail=f"printed-F limit exceeded at z = {zp:+.1f}")


def _thm91_oprf_mc():
    # OPRF at A*, d = M = 2, x = y, s2 = 5: sampled E[Z1 Z2] of orthogonal pairs; (24) <=> E[Z1 Z2] <= K^2 - bound / (1 - 1/M)
    x = np.array([math.sqrt(5) / 2, 0.0])
    xs = [str(mpmath.sqrt(mpmath.mpf(5)) / 2), "0"]
    M = 2
    pm = float(crt.orthogonal_pair_moment(2, 5, dps=15))                      # K = 1 at x = y
    lim_p = 1 - float(crt.orthogonal_gap_lower_bound_printed_f(xs, xs, M, dps=15)) / (1 - 1 / M)
    lim_c = 1 - float(crt.orthogonal_gap_lower_bound(xs, xs, M, dps=15)) / (1 - 1 / M)
    z1, z2 = _orth_pairs_mc(x, x, 300_000, np.random.default_rng(SEED + 62))
    r = mean_of(z1 * z2)
    a = z_check(r, pm)
    zp, zc = (r.estimate - lim_p) / r.stderr, (r.estimate - lim_c) / r.stderr
    return Outcome(a.passed and zp > 5 and zc < -5,
                   (f"OPRF at A*, d = M = 2, x = y, s2 = 5 (K = 1), 300000 sampled Haar orthogonal pairs: E[Z1 Z2] {a}; (24) with F as printed needs "
                    f"E[Z1 Z2] <= {lim_p:.6f}: exceeded at z = {zp:+.1f}; with the corrected F the limit {lim_c:.6f} holds (z = {zc:+.1f})"),
                   agreement=f"z = {a.z:+.2f}", control_rejected=zp > 5, control_detail=f"printed-F limit exceeded at z = {zp:+.1f}")


CLAIMS.append(Claim(
    id="CRT-Thm9.1", summary='The variance-reduction theorem for orthogonal features defines $F$ without the length of $\\omega$; as printed (24) is false, with the length restored it holds.', paper="CRT", location="App. 9.7, Theorem 9.1, Eq. (24), (32)",
    statement=(r"For $X=g(\omega^\top z,\|\omega\|)$, $\omega\sim\Omega(d)$ isotropic with $\|\omega\|\sim\tilde\Omega(d)$, $g(\cdot,y)=\sum_k a_k(y)(\cdot)^k$ with $a_k(y)\ge0$, and $M\le d$: "
               r"$\mathrm{Var}(\hat K^{\mathrm{ort}}_M)\le\mathrm{Var}(\hat K^{\mathrm{iid}}_M)-(1-\frac1M)\frac2{d+2}F^2(z)$ (24), where "
               r"$F(z)=E_{u\sim\mathrm{Unif}(S^{d-1})}E_{x\sim\tilde\Omega(d)}[\tilde g(u^\top z,x)]$ and $\tilde g(a,b)=\frac{g(a,b)+g(-a,b)}2-g(0,b)$."),
    verdict="erratum", severity="minor",
    rule="erratum-minor",
    root_cause="CRT:app97-unit-projection",
    conventions=('CRT:orthogonal-ensemble',),
    correction=r"$F(z)=E_{\omega}[\tilde g(\omega^\top z,\|\omega\|)]=E_{u}E_{x}[\tilde g(x\,u^\top z,x)]$ (the length restored); with it (24) holds for $M\le d$. For OPRFs $F=K(x,y)-e^{-\|x\|^2-\|y\|^2}=e^{-N}(e^{s_2/2}-1)$, independent of $A$.",
    evidence=(r"With $F$ as printed, (24) is false. $X=g(\omega^\top z,\|\omega\|)$ with $\omega=xu$, so the first argument of $\tilde g$ must be $x\,u^\top z$; the printed $u^\top z$ drops the length (the slip of the proof's $X_m$, CRT-Sec9.7-Xm, here in the theorem itself). "
              r"General $g$: $g(a,b)=a^2\mathbf 1[b<1]$ has $a_2(y)=\mathbf 1[y<1]\ge0$; at $d=M=2$ sympy gives the exact gap $m^2\|z\|^4/16$ with $m=E[x^2;x<1]=2-3e^{-1/2}=0.18041$ and the printed bound $P^2\|z\|^4/16$ with $P=P(x<1)=1-e^{-1/2}=0.39347$: gap/bound $=(m/P)^2=0.210228$ for every $z$ (sampled orthogonal pairs agree). "
              r"OPRF instance ($A=A^*$, printed $F=e^{-N}({}_0F_1(;\frac d2;\frac{(1-4A)s_2}4)-1)$, $A$-dependent): at $d=M=2$, $x=y=(2,0)$ ($s_2=16$) the exact gap 0.498490418 is below the printed bound 17.7559 (ratio 0.02807), which even exceeds $\mathrm{Var}(\hat K^{\mathrm{iid}}_M)=5.5979$ and the largest possible gap $(1-\frac1M)K^2$ of positive features; "
              r"gap/printed bound at $d=M=2$: 2.18 ($s_2=1$), 0.312 ($s_2=9$), 1.43e-5 ($s_2=36$); $d=M=3$, $s_2=100$: 0.000522; at $d=M=8$, $s_2=64$ it holds. Sampled orthogonal pairs at $d=M=2$, $s_2=5$ exceed the limit the printed (24) sets on $E[Z_1Z_2]$ at z = +38.5. "
              r"With the corrected $F$ the inequality holds: termwise, the sphere moment ratio $r(i,j)=(a)_i(a)_j/(a)_{i+j}$, $a=d/2$, decreases in $i$ and $j$ (sympy), so $1-r\ge2/(d+2)$ for every $d$; the OPRF instance is confirmed over the domain by the exact gap and by sampling (gap/corrected bound 1.9953 at the point above; equality for the indicator $g$). "
              r"Severity minor: the printed theorem promises a reduction up to 35x (at $s_2=16$) and unboundedly larger than the true one, but the fix is the one missing factor, the proof's termwise inequality and CRT-Thm4.1 (which claims only some $C\ge0$) survive."),
    readings=[
        Reading('literal', '(24) with $F=E_uE_{x\\sim\\tilde\\Omega}[\\tilde g(u^\\top z,x)]$ as printed, for every $g$ with nonnegative coefficients and every $d$, $M\\le d$.',
                False, 'OPRF g, d = M = 2, s2 = 16: gap / bound = 0.02807 (gap 0.498490418 < bound 17.7559); d = M = 3, s2 = 100: 0.000522'),
        Reading('charitable: g of the unit projection (defence counsel)', "$\\tilde g$'s first argument is the projection on the unit direction, which makes $F$, $X_m$ and $F_x$ consistent; then (23) and the OPRF $g$ are the misprints.",
                False, "the theorem's own X = g(w^T z, ||w||) of (23) and the OPRF instance App. 9.7 derives Thm 4.1 from still give gap / bound 0.02807 at d = M = 2, s2 = 16"),
    ],
    defence='Defence counsel: for the OPRF $g$ the printed $F$ still works at $d\\ge4$ (e.g. gap / bound 2.92e+14 at d = M = 8, s2 = 64), so Thm 4.1 at $d=64$ is unaffected; and under the unit-projection reading the slip sits in (23), not in $F$.',
    defeated_by='Theorem 9.1 claims every d, and with the OPRF g it fails at d = M = 2, s2 = 16 (gap / bound 0.02807) and d = M = 3, s2 = 100 (0.000522)',
    not_a_domain={"claims every d": "restates the quantifier of Theorem 9.1 itself (what the paper asserts), not where a check looked"},
    checks=[
        Check("termwise inequality behind (32)", "symbolic", _thm91_symbolic,
              route="sympy step ratios of the sphere moments", control="constant 2/(d+1)"),
        Check("OPRF instance over the domain (corrected F)", "numeric", _thm41_numeric,
              exercises=("rfsym.crt.orthogonal_gap", "rfsym.crt.orthogonal_gap_lower_bound"),
              route="mpmath 1F1 closed form of the gap", control="bound x 1.01"),
        Check("OPRF instance, sampled (corrected F)", "montecarlo", _thm91_mc,
              exercises=("rfsym.crt.orthogonal_gap", "rfsym.crt.orthogonal_gap_lower_bound", "rfsym.crt.oprf_variance", "rfsym.crt.estimator_samples"),
              route="300000 sampled orthogonal estimators (d = M = 4)", control="no variance reduction"),
        Check("F as printed: bound > exact gap (d = M = 2, s2 = 16)", "numeric", _thm91_printed_f_numeric,
              exercises=("rfsym.crt.orthogonal_gap_lower_bound_printed_f", "rfsym.crt.orthogonal_gap_lower_bound", "rfsym.crt.orthogonal_gap", "rfsym.crt.oprf_variance", "rfsym.crt.witnesses.oprf_f_quad", "rfsym.crt.witnesses.orthogonal_pair_moment_quad"),
              route="mpmath quadrature of F's definition (both readings) and of the orthogonal frame, 25 digits",
              control="the printed F (must fail) vs the corrected F (must hold); bound x 1.01"),
        Check("F as printed, general g = a^2 1[b<1] (sympy)", "symbolic", _thm91_indicator_symbolic,
              exercises=("rfsym.crt.witnesses.indicator_counterexample_expr",),
              route="sympy integrals over the orthogonal frame and chi_2 lengths",
              control="the corrected F (must not be flagged)"),
        Check("F as printed, general g, sampled", "montecarlo", _thm91_indicator_mc,
              exercises=("rfsym.crt.witnesses.indicator_pair_samples", "rfsym.crt.witnesses.indicator_counterexample_expr"),
              route="400000 sampled Haar orthogonal pairs (couplings.sample)",
              control="the printed-F limit on E[X1 X2]"),
        Check("F as printed, OPRF, sampled orthogonal pairs", "montecarlo", _thm91_oprf_mc,
              exercises=("rfsym.crt.orthogonal_gap_lower_bound_printed_f", "rfsym.crt.orthogonal_gap_lower_bound", "rfsym.crt.orthogonal_pair_moment", "rfsym.crt.gerf_features", "rfsym.crt.sample_omega"),
              route="300000 sampled Haar orthogonal OPRF pairs (d = 2, s2 = 5)",
              control="the printed-F limit on E[Z1 Z2]"),
    ],
))


# -------------------------------------------------------------------------------- CRT-Sec9.7-g

def _sec97_g_numeric():
    # g(a, b) = D^2 exp(2A b^2 + B a + 2C(||x||^2+||y||^2)) with a = w^T(x+y), b = ||w||, w ~ N(0, I_d) (OPRF: s = 1, C = -1).
    # Printed (2C): E g = e^{-N} K; fixed (C): E g = K.
    x, y = ["0.5", "0.4"], ["0.3", "-0.1"]
    with mp.workdps(30):
        xv, yv = list(map(mpmath.mpf, x)), list(map(mpmath.mpf, y))
        N = sum(a * a for a in xv) + sum(b * b for b in yv)
        K = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)) / 2)
        s2 = sum((a + b) ** 2 for a, b in zip(xv, yv))
        # Gaussian integral: E D^2 exp(2A|w|^2 + B w.z) = exp(s2/2) for OPRF parameters, any A < 1/4
        mean_printed = mpmath.exp(s2 / 2) * mpmath.exp(-2 * N)
        mean_fixed = mpmath.exp(s2 / 2) * mpmath.exp(-N)
        id_ok = agreeing_digits(mean_fixed, K) >= 25 and agreeing_digits(mean_printed, mpmath.exp(-N) * K) >= 25
    xf, yf = _f(x), _f(y)
    d = xf.size
    z = xf + yf
    r = float(crt.oprf_rho_star_np(d, float(np.sum(z * z))))
    A = (1 - 1 / r) / 8
    B, D2, C = math.sqrt(1 - 4 * A), (1 - 4 * A) ** (d / 2), -1.0
    Nf = float(np.sum(xf * xf) + np.sum(yf * yf))
    rng = np.random.default_rng(SEED + 19)
    w = rng.standard_normal((200_000, d))
    av, bv = w @ z, np.sqrt(np.sum(w * w, 1))
    g_printed = D2 * np.exp(2 * A * bv ** 2 + B * av + 2 * C * Nf)
    g_fixed = D2 * np.exp(2 * A * bv ** 2 + B * av + C * Nf)
    mp_, mf_ = mean_of(g_printed), mean_of(g_fixed)
    p_ok, p_bad = z_check(mp_, float(mpmath.exp(-N) * K)), z_check(mp_, float(K))
    f_ok, f_bad = z_check(mf_, float(K)), z_check(mf_, float(mpmath.exp(-N) * K))
    ok = id_ok and p_ok.passed and f_ok.passed
    return Outcome(ok, (f"x=(0.5,0.4), y=(0.3,-0.1), OPRF A*={A:.6f}, C=-1: exactly E g = e^(s2/2) e^(-2N) = {mpmath.nstr(mean_printed, 10)} = e^(-N) K with the printed 2C, "
                f"e^(s2/2) e^(-N) = {mpmath.nstr(mean_fixed, 10)} = K with C. 200000 sampled printed g(a, b): mean vs e^(-N) K {p_ok}; "
                f"vs K rejected z = {p_bad.z:+.1f}. Same draws with C: mean vs K {f_ok}; vs e^(-N) K rejected z = {f_bad.z:+.1f}"),
                   agreement=f"z = {p_ok.z:+.2f}, {f_ok.z:+.2f}", control_rejected=not p_bad.passed and not f_bad.passed,
                   control_detail=f"printed g as an estimator of K rejected at z = {p_bad.z:+.1f}")


def _gauss_e(f):
    pts = [-mpmath.inf, -8, -3, 0, 3, 8, mpmath.inf]
    return mpmath.quad(lambda w: f(w) * mpmath.npdf(w), pts)


def _sec97_g_quad():
    # E g(w^T z, ||w||) per coordinate by quadrature (d = 2), OPRF parameters from gerf_params at A*
    x, y = ["0.5", "0.4"], ["0.3", "-0.1"]
    with mp.workdps(30):
        xv, yv = list(map(mpmath.mpf, x)), list(map(mpmath.mpf, y))
        z = [a + b for a, b in zip(xv, yv)]
        N = sum(a * a for a in xv) + sum(b * b for b in yv)
        K = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)) / 2)
        A = crt.oprf_a_star(2, sum(t * t for t in z), dps=30)
        B, C, D = crt.gerf_params(A, 1, 2, dps=30)
        core = mpmath.fprod(_gauss_e(lambda w, zl=zl: mpmath.exp(2 * A * w * w + B * w * zl)) for zl in z) * D * D
        printed = mpmath.re(core * mpmath.exp(2 * C * N))
        fixed = mpmath.re(core * mpmath.exp(C * N))
    dig = agreeing_digits(fixed, K)
    dig_p = agreeing_digits(printed, mpmath.exp(-N) * K)
    return Outcome(dig >= 15 and dig_p >= 15, f"d=2, x=(0.5,0.4), y=(0.3,-0.1), A* = {mpmath.nstr(A, 8)}: quadrature E g = {mpmath.nstr(printed, 12)} with the printed 2C "
                                               f"(= e^(-N) K = {mpmath.nstr(mpmath.exp(-N) * K, 12)}), {mpmath.nstr(fixed, 12)} with C (= K = {mpmath.nstr(K, 12)})",
                   agreement=f"{min(dig, dig_p):.0f} digits", control_rejected=agreeing_digits(printed, K) < 1,
                   control_detail=f"printed g as an estimator of K off by the factor e^(-N) = {mpmath.nstr(mpmath.exp(-N), 6)}")


CLAIMS.append(Claim(
    id="CRT-Sec9.7-g", paper="CRT", location="App. 9.7, after Thm 9.1",
    statement=r"$g(a,b)=D^2\exp(2Ab^2+Ba+2C(\|x\|^2+\|y\|^2))$ gives the GERF estimator.",
    verdict="erratum", severity="typo",
    rule="erratum-typo",
    correction=r"$g(a,b)=D^2\exp(2Ab^2+Ba+C(\|x\|^2+\|y\|^2))$.",
    evidence=r"$f^{(1)}f^{(2)}$ carries $C(\|x\|^2+\|y\|^2)$, not $2C$; with $2C$ the mean is $e^{-N}K$: the sampled printed $g$ matches $e^{-N}K$ and rejects $K$, the corrected $g$ matches $K$.",
    readings=[
        Reading('literal', '$g(a,b)=D^2\\exp(2Ab^2+Ba+2C(\\|x\\|^2+\\|y\\|^2))$ as the OPRF estimator of $K$.',
                False, 'quadrature E g = 0.519442062587 = e^(-N) K, not K = 0.865022293111'),
        Reading('charitable: harmless for Thm 4.1 (defence counsel)', '(24) is homogeneous of degree 2 in $g$, so the factor $e^{-N}$ only rescales both sides.',
                False, "Theorem 4.1 is unaffected, but the printed g still estimates e^(-N) K = 0.519442062587, so 'the estimators of the Gaussian kernel' is false as printed"),
    ],
    defence="Defence counsel: (24) is homogeneous of degree 2 in $g$, so the extra $e^{-N}$ does not affect the Thm 4.1 conclusion; '2C' for 'C' is a slip whose intent is clear.",
    defeated_by="as printed the estimator's mean is 0.519442062587, not K = 0.865022293111 (sampling rejects K at z = -377.0); the intent is clear (typo)",
    checks=[
        Check("sampled printed g: mean e^-N K, not K", "montecarlo", _sec97_g_numeric,
              exercises=("rfsym.crt.oprf_rho_star_np",),
              route="200000 sampled g(a, b) with w ~ N(0, I)", control="the printed g as an estimator of K"),
        Check("quadrature of E g, both readings", "numeric", _sec97_g_quad,
              exercises=("rfsym.crt.oprf_a_star", "rfsym.crt.gerf_params"),
              route="mpmath quadrature per coordinate, d = 2, 30 digits", control="the printed g as an estimator of K"),
    ],
))


# -------------------------------------------------------------------------------- CRT-Sec9.7-Xm

def _sec97_xm_mc():
    # (29)-(30): X_m = g_{x_m}(u_m^T z) drops the length; with X = g(w^T z, ||w||) it must be g_{x_m}(x_m u_m^T z)
    rng = np.random.default_rng(SEED + 34)
    x, y = np.array([0.5, 0.4, -0.2]), np.array([0.3, -0.1, 0.4])
    d = x.size
    z = x + y
    A = float(crt.oprf_a_star(d, repr(float(z @ z)), dps=15))
    B, D2, N = math.sqrt(1 - 4 * A), (1 - 4 * A) ** (d / 2), float(x @ x + y @ y)
    K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
    W = crt.sample_omega("gaussian", d, 400_000, rng)
    r = np.linalg.norm(W, axis=1)
    u_z = (W @ z) / r
    g = lambda a, b: D2 * np.exp(2 * A * b * b + B * a - N)      # g(a, b) with C (see CRT-Sec9.7-g)
    printed = mean_of(g(u_z, r))
    fixed = mean_of(g(r * u_z, r))
    a_, b_ = z_check(fixed, K), z_check(printed, K)
    return Outcome(a_.passed, f"d=3, OPRF at A*: E g(||w|| u^T z, ||w||) {a_}; the printed X_m = g(u^T z, ||w||): {b_}",
                   agreement=f"z = {a_.z:+.2f}", control_rejected=not b_.passed, control_detail=f"printed X_m rejected as an estimator of K at z = {b_.z:+.1f}")


def _sec97_xm_quad():
    # E X_m in polar coordinates (d = 2): w = r (cos t, sin t), r ~ chi_2; printed argument u^T z vs r u^T z
    x, y = ["0.5", "0.4"], ["0.3", "-0.1"]
    with mp.workdps(15):
        xv, yv = list(map(mpmath.mpf, x)), list(map(mpmath.mpf, y))
        z = [a + b for a, b in zip(xv, yv)]
        N = sum(a * a for a in xv) + sum(b * b for b in yv)
        K = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)) / 2)
        A = crt.oprf_a_star(2, sum(t * t for t in z), dps=15)
        B, C, D = crt.gerf_params(A, 1, 2, dps=15)
        A, B, C, D2 = mpmath.re(A), mpmath.re(B), mpmath.re(C), mpmath.re(D * D)
        g = lambda a, b: D2 * mpmath.exp(2 * A * b * b + B * a + C * N)
        uz = lambda t: z[0] * mpmath.cos(t) + z[1] * mpmath.sin(t)
        dens = lambda r: r * mpmath.exp(-r * r / 2) / (2 * mpmath.pi)
        fixed = mpmath.quad(lambda r, t: g(r * uz(t), r) * dens(r), [0, 3, 8, mpmath.inf], [0, mpmath.pi, 2 * mpmath.pi])
        printed = mpmath.quad(lambda r, t: g(uz(t), r) * dens(r), [0, 3, 8, mpmath.inf], [0, mpmath.pi, 2 * mpmath.pi])
    dig = agreeing_digits(fixed, K)
    return Outcome(dig >= 10, f"d=2, OPRF at A* = {mpmath.nstr(A, 8)}: polar quadrature E g(r u^T z, r) = {mpmath.nstr(fixed, 12)} vs K = {mpmath.nstr(K, 12)}; "
                              f"the printed E g(u^T z, r) = {mpmath.nstr(printed, 12)}",
                   agreement=f"{dig:.0f} digits", control_rejected=abs(printed / K - 1) > 1e-3,
                   control_detail=f"printed X_m off by rel. {mpmath.nstr(abs(printed / K - 1), 3)}")


CLAIMS.append(Claim(
    id="CRT-Sec9.7-Xm", summary="The moment bound in App. 9.7 drops the length of $\\omega$, the same slip as Thm 9.1's $F$.", paper="CRT", location="App. 9.7, proof of Thm 9.1, after (30)",
    statement=r"$X^{\mathrm{iid}}_m=g_{x_m}((u^{\mathrm{iid}}_m)^\top z)$, $X^{\mathrm{ort}}_m=g_{x_m}((u^{\mathrm{ort}}_m)^\top z)$ with $g_y(x)=g(x,y)$.",
    verdict="erratum", severity="minor",
    rule="erratum-minor",
    root_cause="CRT:app97-unit-projection",
    conventions=('CRT:orthogonal-ensemble',),
    correction=r"$X_m=g_{x_m}(x_m(u_m)^\top z)$.",
    evidence=r"With $X=g(\omega^\top z,\|\omega\|)$ and $\omega=x_mu_m$ the first argument is $x_mu_m^\top z$, not $u_m^\top z$: sampled, the printed $X_m$ does not average to $K$, the corrected one does. The length reappears in (32) only through $E\|\omega\|^{2t}$ factors, so the proof's bookkeeping of the lengths is inconsistent, although the termwise inequality (CRT-Thm9.1) is unaffected. The same slip in the definition of $F$ in the statement of CRT-Thm9.1 makes (24) false as printed (see there). Severity minor (rule erratum-minor, one severity per root cause): the dropped length is one slip of App. 9.7, here in the proof and in CRT-Thm9.1 in the statement; it is not a typo, because something downstream changes (Theorem 9.1 as printed fails), and not major, because Theorem 4.1 holds.",
    readings=[
        Reading('literal', "$X_m=g(u^\\top z,\\|\\omega\\|)$ with the theorem's $X=g(\\omega^\\top z,\\|\\omega\\|)$.",
                False, 'sampled mean 0.584858 against K = 0.722527 (z = -207.00)'),
        Reading('charitable: g of the unit projection (defence counsel)', "$g$'s first argument is the unit-direction projection, consistent with $F$ and $F_x$ as printed.",
                False, 'then (23) and the OPRF g are misprinted instead; with the g App. 9.7 uses for Thm 4.1 the printed X_m still has mean 0.584858, not 0.722527'),
    ],
    defence='Defence counsel: under the unit-projection reading $X_m$, $F$ and $F_x$ are mutually consistent; the length is lost in one place only.',
    defeated_by='with the g the paper applies, X_m as printed has mean 0.584858 against K = 0.722527 (z = -207.00); the length restored is the correction, but the same slip carried into the statement of Theorem 9.1 makes it false (CRT-Thm9.1), so the root cause is graded minor, not typo',
    checks=[
        Check("sampled X_m with and without the length", "montecarlo", _sec97_xm_mc,
              exercises=("rfsym.crt.oprf_a_star", "rfsym.crt.sample_omega"),
              route="400000 sampled w ~ N(0, I_3)", control="the printed X_m"),
        Check("polar quadrature of E X_m, d = 2", "numeric", _sec97_xm_quad,
              exercises=("rfsym.crt.oprf_a_star", "rfsym.crt.gerf_params"),
              route="mpmath 2-D quadrature over length (chi_2) and angle", control="the printed X_m"),
    ],
))


# -------------------------------------------------------------------------------- CRT-Eq33

def _eq33_numeric():
    x, y = ["0.8", "0.6", "0"], ["0.5", "0", "0.2"]
    gap = crt.orthogonal_gap(x, y, 3, dps=20)
    lb = crt.orthogonal_gap_lower_bound(x, y, 3, dps=20)
    strict = gap > lb * (1 + mpmath.mpf("1e-3"))
    # the correction ('>=') over the domain: the same exact-gap / bound scan as CRT-Thm4.1 (cached)
    ge = _thm41_numeric()
    # (33) ends in F^2(z) with F as printed under Thm 9.1 (u^T z, the length dropped): even '>=' fails with that F
    xp = ["2", "0"]
    gap_p = crt.orthogonal_gap(xp, xp, 2, dps=20)
    bp = crt.orthogonal_gap_lower_bound_printed_f(xp, xp, 2, dps=20)
    printed_f_fails = gap_p < bp
    return Outcome(ge.passed and printed_f_fails,
                   (f"printed '=' fails: d=3, M=3: exact Var_iid - Var_ort = {mpmath.nstr(gap, 10)} > (1-1/M) 2/(d+2) F^2 = {mpmath.nstr(lb, 10)} "
                    f"(the last step of (33) is an inequality inherited from (32)); with F as printed under Thm 9.1 even '>=' fails: "
                    f"d = M = 2, x = y = (2, 0) (s2 = 16): gap {mpmath.nstr(gap_p, 9)} < printed-F bound {mpmath.nstr(bp, 6)} (ratio {mpmath.nstr(gap_p / bp, 4)}); "
                    f"with the length restored in F the correction '>=' holds: {ge.evidence}"),
                   agreement="'>=' holds over the domain with the corrected F", control_rejected=bool(strict) and bool(printed_f_fails),
                   control_detail=f"the printed '=' is rejected (gap/bound > 1.001); '>=' with the printed F is rejected (gap / bound {mpmath.nstr(gap_p / bp, 4)})")


def _eq33_mc():
    # sampled Var(K_M^iid) - Var(K_M^ort) at d = M = 3 is strictly above the bound (the printed '=' fails) and matches the exact gap
    rng = np.random.default_rng(SEED + 29)
    x, y = np.array([0.8, 0.6, 0.0]), np.array([0.5, 0.0, 0.2])
    M = 3
    gap = float(crt.orthogonal_gap(x.tolist(), y.tolist(), M, dps=15))
    lb = float(crt.orthogonal_gap_lower_bound(x.tolist(), y.tolist(), M, dps=15))
    var1 = float(crt.oprf_variance(x.tolist(), y.tolist(), dps=15))
    from .. import experiments as cx
    r = cx.orthogonal_variance_mc(x, y, M, 400_000, rng, "orthogonal")
    a = z_check(r, var1 / M - gap)
    b = z_check(r, var1 / M - lb)
    return Outcome(a.passed, f"d=M=3: sampled Var(K_M^ort) {a} (exact Var_iid/M - gap); the value Var_iid/M - bound implied by '=' = {var1 / M - lb:.6f}: z = {b.z:+.1f}",
                   agreement=f"z = {a.z:+.2f}", control_rejected=not b.passed, control_detail=f"printed '=' rejected at z = {b.z:+.1f}")


CLAIMS.append(Claim(
    id="CRT-Eq33", summary="The last line of Thm 9.1's proof uses the $F$ printed under Thm 9.1 and fails even with '$\\ge$' for '$=$'; with the length of $\\omega$ restored in $F$ it holds (as for Thm 9.1).", paper="CRT", location="App. 9.7, Eq. (33)",
    statement=r"$\mathrm{Var}(K^{\mathrm{iid}}_M)-\mathrm{Var}(K^{\mathrm{ort}}_M)=\dots=(1-\frac1M)\frac2{d+2}F^2(z)$.",
    verdict="erratum", severity="minor",
    rule="erratum-minor",
    root_cause="CRT:app97-unit-projection",
    conventions=('CRT:orthogonal-ensemble',),
    correction=r"$\mathrm{Var}(K^{\mathrm{iid}}_M)-\mathrm{Var}(K^{\mathrm{ort}}_M)\ge(1-\frac1M)\frac2{d+2}F^2(z)$, with $F(z)=\mathbb E_\omega\tilde g(\omega^\top z,\|\omega\|)$ (the length inside $\tilde g$; with $F$ as printed under Thm. 9.1 the inequality fails, see CRT-Thm9.1).",
    evidence=r"Two slips in one display. The first relation must be '$\ge$' (it comes from the inequality (32)); the exact gap is strictly larger (d=3, M=3: 0.09971260868 vs 0.06866373756) and sampling rejects the '=' value. And (33) ends in $F^2(z)$ with $F$ as printed under Thm 9.1 ($u^\top z$, the length dropped), so even with '$\ge$' it fails: at $d=M=2$, $x=y=(2,0)$ the exact gap 0.498490418 is below the printed-$F$ bound 17.7559 (ratio 0.02807); with the length restored '$\ge$' holds over the domain. Rule erratum-minor, root cause CRT:app97-unit-projection (re-adjudicated under the rulebook, issue 28, referee item D6; was erratum-typo with no root cause): only the '=' is a typo; the failing $F$ is the slip of CRT-Thm9.1 and CRT-Sec9.7-Xm (both minor), and one root cause carries one severity.",
    readings=[
        Reading('literal', '$\\mathrm{Var}(K_M^{\\mathrm{iid}})-\\mathrm{Var}(K_M^{\\mathrm{ort}})=\\frac{4}{M^2(d+2)}\\cdots=(1-\\frac1M)\\frac2{d+2}F^2$.',
                False, "d=M=3: exact gap 0.09971260868 > (1-1/M) 2/(d+2) F^2 = 0.06866373756; sampling rejects '=' at z = -56.7"),
        Reading('charitable: only the right-hand sides', "The '=' signs relate the lower-bound expressions of (32) to each other (the coefficient identity $\\frac4{M^2(d+2)}\\binom M2=(1-\\frac1M)\\frac2{d+2}$), the first relation inheriting '$\\ge$' from (32).",
                False, "the coefficient identity holds, but the display still equates the gap 0.09971260868 with 0.06866373756; read with '>=', the printed F still fails: gap 0.498490418 < printed-F bound 17.7559 at d = M = 2, x = y = (2, 0)"),
    ],
    defence="Defence counsel: (32) is an inequality and the arithmetic of (33) is right; the first '=' merely should be '$\\ge$'.",
    defeated_by="the '=' alone would be a typo repaired from (32), but (33) also ends in the printed F of Thm 9.1, with which even '>=' fails (gap / bound 0.02807 at d = M = 2, s2 = 16): the display shares CRT-Thm9.1's root cause and its severity (minor)",
    checks=[
        Check("exact gap > bound; >= over the domain", "numeric", _eq33_numeric,
              exercises=("rfsym.crt.orthogonal_gap", "rfsym.crt.orthogonal_gap_lower_bound"),
              route="mpmath 1F1 closed form", control="the printed '='"),
        Check("sampled gap vs '='", "montecarlo", _eq33_mc,
              exercises=("rfsym.crt.orthogonal_gap", "rfsym.crt.orthogonal_gap_lower_bound", "rfsym.crt.oprf_variance", "rfsym.crt.estimator_samples"),
              route="400000 sampled orthogonal estimators", control="the printed '='"),
    ],
    no_witness={"symbolic": "the termwise inequality is proven by sympy in CRT-Thm9.1; the strict gap needs the 1F1 closed form"},
))


# -------------------------------------------------------------------------------- CRT-Sec9.1

def _sec91_mc():
    rng = np.random.default_rng(SEED + 20)
    x, y = _f(["0.5", "0.3", "-0.2", "0.4"]), _f(["0.2", "0.6", "0.1", "0.3"])
    K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
    v = crt.estimator_samples("oprf", x, y, 400_000, rng, coupling="orthogonal")
    # blocks of d = 4 rows share a frame: average within blocks to get independent replicates
    blocks = v.reshape(-1, 4).mean(1)
    a, b = z_check(mean_of(blocks), K), z_check(mean_of(blocks), 1.02 * K)
    from ...couplings import plain_qr_orthogonal
    W = plain_qr_orthogonal(4, 400_000, rng)
    s2 = float(np.sum((x + y) ** 2))
    r = float(crt.oprf_rho_star_np(4, s2))
    A = (1 - 1 / r) / 8
    vq = (crt.gerf_features(x[None], W, A, 1, 1) * crt.gerf_features(y[None], W, A, 1, 2)).real[0]
    c = z_check(mean_of(vq.reshape(-1, 4).mean(1)), K)
    return Outcome(a.passed, (f"d=4, OPRF with Haar orthogonal blocks: {a}; 1.02 K: z = {b.z:+.1f}; "
                              f"same with plain (unsigned) QR is biased: z = {c.z:+.1f}"),
                   agreement=f"z = {a.z:+.2f}", control_rejected=not b.passed and not c.passed,
                   control_detail=f"1.02 K rejected at z = {b.z:+.1f}; unsigned QR rejected at z = {c.z:+.1f}")


def _sec91_symbolic():
    r, d = sp.symbols("r d", positive=True)
    chi = lambda k: r ** (k - 1) * sp.exp(-r ** 2 / 2) / (2 ** (k / 2 - 1) * sp.gamma(k / 2))
    area = 2 * sp.pi ** (d / 2) / sp.gamma(d / 2) * r ** (d - 1)            # surface of the sphere of radius r
    gauss = (2 * sp.pi) ** (-d / 2) * sp.exp(-r ** 2 / 2)
    diff = sp.simplify(sp.powsimp(chi(d) / area / gauss, force=True) - 1)
    wrong = sp.simplify(sp.powsimp(chi(d - 1) / area / gauss, force=True))
    return Outcome(diff == 0, f"sympy, general d: (chi_d density of the length) / (surface of the radius-r sphere, uniform direction) / N(0, I_d) density - 1 = {diff} "
                              "(a Haar-orthogonal row is uniform on the sphere, so each omega of a block is marginally N(0, I_d))",
                   agreement="exact (sympy)", control_rejected=sp.simplify(sp.diff(wrong, r)) != 0,
                   control_detail=f"lengths chi_(d-1): ratio {wrong} depends on r (not Gaussian)")


CLAIMS.append(Claim(
    id="CRT-Sec9.1", paper="CRT", location="App. 9.1",
    statement=r"Orthogonal ensembles (blocks of $d$, norms $\chi_d$) keep each $\omega$ marginally $N(0,I_d)$, so the estimator stays unbiased.",
    verdict="verified",
    rule="verified-as-printed",
    conventions=('CRT:orthogonal-ensemble',),
    evidence="sampled OPRF with Haar orthogonal blocks is unbiased; an unsigned QR is detectably biased.",
    checks=[
        Check("unbiased orthogonal OPRF", "montecarlo", _sec91_mc,
              exercises=("rfsym.crt.estimator_samples", "rfsym.crt.gerf_features"),
              route="400000 sampled orthogonal OPRF features", control="1.02 K; unsigned QR"),
        Check("chi_d length x uniform direction = N(0, I_d) (sympy)", "symbolic", _sec91_symbolic,
              route="sympy density ratio for general d", control="lengths chi_(d-1)"),
    ],
))


#: Mutation-audit survivors that no check can or needs to notice (see ``python -m rfsym audit``),
#: keyed by the audited function; kept next to the claims that call it.
AUDIT_EXPLAINED = {
    "rfsym.crt.experiments.orthogonal_variance_mc:rel1e-2": "a Monte Carlo variance estimate (300000-400000 replicates, relative standard error about 0.3-0.5 %): a 1 % bias shifts z by about 2-3 and stays below the |z| <= 5 threshold; the exact values it is compared with are witnessed at 20+ digits (orthogonal_gap, CRT-Thm4.1 quadrature), and its sign flip is killed",
    "rfsym.crt.experiments.orthogonal_variance_mc:rel1e-3": "a Monte Carlo variance estimate: a 0.1 % bias is far below its statistical resolution (see rel1e-2)",
}
