"""SimRF Secs. 5.1-5.2: MSE comparisons between RF mechanisms and the quality of Gram-matrix approximation.

SimRF-SecA.1-ref (a cross-reference in App. A.1) sits next to the cross-reference of Sec. 5.1, as in the book.

Claims
------
* ``SimRF-Sec5.1-ratio`` verified -- Sec. 5.1: MSE ratios depend on the data through v only
* ``SimRF-Sec5.1`` erratum (typo) -- Sec. 5.1: small-v expansions drop the factor e^(-2x^2-2y^2)/m of Eq. (11)
* ``SimRF-Sec5.1-ref`` erratum (typo) -- Sec. 5.1: a cross-reference
* ``SimRF-SecA.1-ref`` erratum (typo) -- App. A.1: a cross-reference
* ``SimRF-Sec5.1-prefactor`` verified -- Sec. 5.1: the value 0.0078 at d = 64
* ``SimRF-Fig6`` verified -- Fig. 6: MSE ratios at d = 64
* ``SimRF-Fig7`` verified -- Fig. 7: Gram-matrix error
* ``SimRF-Sec5.2-frob`` erratum (typo) -- Sec. 5.2: "Frobenius norm" names the squared norm (the displayed sum)
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp, mpf

from ... import couplings, simrf
from ...claims import Check, Claim, Reading
from ...montecarlo import mean_of, z_check, z_witness
from .. import experiments as ex
from .. import witnesses as wit
from ._checks import MC_WHY, SEED, SEED2, _O, _digits, _sq_err_var, _xw


CLAIMS = []


def _sec51_symbolic():
    der, _ = simrf.small_v_prefactor_expr()
    d0 = sp.Symbol("d", positive=True)
    pr = 1 - sp.sqrt(sp.pi) * sp.gamma(d0 + 1) * sp.gamma(d0 / 2 + sp.Rational(1, 2)) / (sp.gamma(d0 / 2) * sp.gamma(d0 / 2 + 1) ** 2 * 2 ** d0)
    diff = sp.simplify(sp.gammasimp(der - pr))
    orth_c1 = simrf.conformity_terms("orthogonal", 7, 2)[1]
    iid_c1 = simrf.conformity_terms("iid", 7, 2)[1]
    ok = diff == 0 and orth_c1 == iid_c1 == 1
    d_ = sp.Symbol("d", positive=True)
    ctl = sp.simplify(sp.gammasimp(der - (1 - sp.sqrt(sp.pi) * sp.gamma(d_ + 1) * sp.gamma(d_ / 2 + sp.Rational(1, 2)) / (sp.gamma(d_ / 2) * sp.gamma(d_ / 2 + 1) ** 2 * 2 ** (d_ - 1))))) != 0
    return _O(ok, (f"sympy: 1 + (d-1)(c_1 - 1) with c_1 the v^2 coefficient of (24) minus the printed prefactor = {diff}; "
                f"ORF and iid share c_1 = 1, so their bracket e^(v^2)(e^(v^2)-1) + (m-1)(rho - e^(v^2)) = v^2 + O(v^4)"),
              "difference 0", ctl, "2^(d-1) in place of 2^d rejected")


def _sec51_numeric():
    d, m = 64, 64
    x = ["0.005"] + ["0"] * (d - 1)
    v2 = mpf("0.0001")
    mse_iid = simrf.prf_mse("iid", x, x, m, dps=15)
    mse_s = simrf.prf_mse("simplex", x, x, m, dps=15)
    norm = mpmath.exp(4 * mpf("0.005") ** 2) * m
    ok = abs(mse_iid / v2 - 1) > 0.9 and abs(mse_iid * norm / v2 - 1) < 1e-3 and abs(mse_s * norm / v2 / simrf.small_v_prefactor(64) - 1) < 1e-3
    return _O(ok, (f"d = m = 64, x = y = (0.005, 0, ...), v^2 = 1e-4: MSE_IID = {mpmath.nstr(mse_iid, 6)} (not v^2); "
                f"m e^(2|x|^2+2|y|^2) MSE_IID / v^2 = {mpmath.nstr(mse_iid * norm / v2, 8)}, same for SimRF / v^2 = {mpmath.nstr(mse_s * norm / v2, 6)} "
                f"= prefactor {mpmath.nstr(simrf.small_v_prefactor(64), 6)} (1 + O(v^2))"),
              "normalised MSE / v^2 = 1 (1e-3)", abs(mse_iid / v2 - 1) > 0.9, "the printed MSE = v^2 rejected")


def sec51_ratio_symbolic():
    """The ratio of two MSEs of Eq. (11) with conformities rho_a(v), rho_b(v): no dependence on |x|^2, |y|^2 (sympy)."""
    der, _ = simrf.prf_mse_expr()
    X2, Y2, v, rho = (sp.Symbol(n, positive=True) for n in ("X2", "Y2", "v", "rho"))
    ra, rb = sp.Function("rho_a")(v), sp.Function("rho_b")(v)
    ratio = sp.simplify(der.subs(rho, ra) / der.subs(rho, rb))
    dx, dy = sp.simplify(sp.diff(ratio, X2)), sp.simplify(sp.diff(ratio, Y2))
    diff_dep = sp.simplify(sp.diff(der.subs(rho, ra) - der.subs(rho, rb), X2))
    ok = dx == 0 and dy == 0
    return _O(ok, (f"sympy: with MSE_c = rfsym's derivation of Eq. (11) at rho = rho_c(v), d(MSE_a/MSE_b)/d|x|^2 = {dx} and "
                   f"d/d|y|^2 = {dy}: the ratio depends on the data through v (and m, d) only"),
              "exact", diff_dep != 0, f"the difference MSE_a - MSE_b does depend on |x|^2 (derivative {sp.factor(diff_dep)})")


def sec51_ratio_numeric():
    """prf_mse ratios at two data pairs with the same v = 1 and different norms (d = m = 4) agree; the binned
    coupling of rfsym.simrf.nonisotropic (outside the three plotted mechanisms) shows the scope."""
    d = 4
    pairs = ((("0.5", "0", "0", "0"), ("0.5", "0", "0", "0")), (("1.2", "0.4", "0", "0"), ("-0.2", "-0.4", "0", "0")))
    worst, diff_rel, out = 40.0, 0.0, []
    for c in ("orthogonal", "simplex"):
        r = [simrf.prf_mse(c, x, y, d, dps=30) / simrf.prf_mse("iid", x, y, d, dps=30) for x, y in pairs]
        lib = simrf.prf_mse_ratio(c, d, d, 1, dps=30)
        worst = min(worst, _digits(r[0], r[1]), _digits(r[0], lib))
        dd = [simrf.prf_mse("iid", x, y, d, dps=30) - simrf.prf_mse(c, x, y, d, dps=30) for x, y in pairs]
        diff_rel = max(diff_rel, float(abs(dd[0] / dd[1] - 1)))
        out.append(f"{c}/iid: {mpmath.nstr(r[0], 12)} and {mpmath.nstr(r[1], 12)} (prf_mse_ratio {mpmath.nstr(lib, 12)})")
    from .. import nonisotropic as ni
    b0 = ni.binned_mse(ni.X_CE, ni.Y_CE, dps=15) / simrf.prf_mse("iid", ni.X_CE, ni.Y_CE, 3, dps=15)
    xs, ys = ("0.5", "0.2", "0.3"), ("0.5", "-0.2", "-0.3")        # v = 1 along e_1, the same norms
    b1 = ni.binned_mse(xs, ys, dps=15) / simrf.prf_mse("iid", xs, ys, 3, dps=15)
    return _O(worst >= 15, (f"d = m = 4, v = 1, x = y = (0.5, 0, 0, 0) and x = (1.2, 0.4, 0, 0), y = (-0.2, -0.4, 0, 0): "
                            + "; ".join(out) + f", >= {worst:.0f} agreeing digits. Scope: for the binned coupling of "
                            f"rfsym.simrf.nonisotropic (Def. 1.1, not one of the three plotted mechanisms) the ratio to iid at v = 1 and "
                            f"equal norms is {mpmath.nstr(b0, 6)} with x + y along its axis and {mpmath.nstr(b1, 6)} across it"),
              f">= {worst:.0f} digits", diff_rel > 0.1,
              f"the MSE differences at the two pairs differ by {diff_rel:.0%}: only the ratio is a function of v",
              domain={"(x, y)": "two data pairs with v = 1 and different norms, d = 4", "coupling": "orthogonal, simplex against iid"})


CLAIMS.append(Claim(
    id="SimRF-Sec5.1-ratio", paper="SimRF", location="Sec. 5.1, first paragraph",
    statement=r"'We note that the ratio of the MSE of any pair of RF mechanisms only depends in the data $x, y$ via $v = \|x + y\|_2$, so it is natural to plot $\mathrm{MSE}_{ORF}/\mathrm{MSE}_{IIDRF}$ and $\mathrm{MSE}_{SimRF}/\mathrm{MSE}_{IIDRF}$ as a function of $v$.'",
    verdict="verified",
    rule="verified-forced-reading",
    forced_reading=("'any pair of RF mechanisms' = any pair of the PRF mechanisms the preceding sentence names (IIDRFs, ORFs, SimRFs), "
                    "whose MSEs are Eq. (11) with the conformities (19), (23), (24): the common factor e^(-2|x|^2-2|y|^2)/m cancels"),
    conventions=("SimRF:one-block",),
    evidence="sympy: the ratio of two MSEs of Eq. (11) has zero derivative in |x|^2 and |y|^2, while their difference does not; at d = m = 4, v = 1 the ORF/iid and SimRF/iid ratios at two data pairs of different norms agree with each other and with rfsym.simrf.prf_mse_ratio to 16 digits. Scope: a geometrical coupling whose resultants are not isotropic (the binned coupling of SimRF-Thm3.2) has a ratio that depends on the direction of x + y, so the sentence holds for the mechanisms it names, not for every coupling of Def. 1.1.",
    checks=[
        Check("ratio of two MSEs of (11) (sympy)", "symbolic", sec51_ratio_symbolic, exercises=("rfsym.simrf.prf_mse_expr",),
              route="sympy derivative of the ratio in |x|^2, |y|^2", control="the difference of the MSEs"),
        Check("ratios at two data pairs with the same v", "numeric", sec51_ratio_numeric,
              exercises=("rfsym.simrf.prf_mse", "rfsym.simrf.prf_mse_ratio", "rfsym.simrf.nonisotropic.binned_mse"),
              route="mpmath (dps = 30), d = m = 4", control="the MSE difference at the same two pairs"),
    ],
    no_witness={"montecarlo": "a property of the closed form (11) (cancelling prefactor); Eq. (11) itself is sampled in SimRF-Thm3.2"},
))


CLAIMS.append(Claim(
    id="SimRF-Sec5.1", paper="SimRF", location="Sec. 5.1",
    statement=r"Small $v$: $\mathrm{MSE}_{IIDRF,ORF} = v^2 + O(v^4)$; $\mathrm{MSE}_{SimRF} = v^2\big(1-\frac{\sqrt\pi\,\Gamma(d+1)\Gamma(d/2+1/2)}{\Gamma(d/2)\Gamma(d/2+1)^22^d}\big) + O(v^4)$.",
    verdict="erratum",
    severity="typo",
    rule="erratum-typo",
    conventions=('SimRF:one-block',),
    correction=r"$\mathrm{MSE}_{IIDRF,ORF} = \frac{e^{-2x^2-2y^2}}{m}\big(v^2 + O(v^4)\big)$ and $\mathrm{MSE}_{SimRF} = \frac{e^{-2x^2-2y^2}}{m}\Big(v^2\big(1-\frac{\sqrt\pi\,\Gamma(d+1)\Gamma(d/2+1/2)}{\Gamma(d/2)\Gamma(d/2+1)^22^d}\big) + O(v^4)\Big)$ ($m = d$ for SimRFs): the common factor of Eq. (11) cancels in the MSE ratios of Fig. 6, so the printed $v^2$ prefactor at $d = 64$ and everything downstream are unchanged.",
    evidence="The printed expansions drop the factor e^(-2|x|^2-2|y|^2)/m of Eq. (11): at d = m = 64, x = y = (0.005, 0, ...), v^2 = 1e-4 the IIDRF MSE is 1.56258e-6, not v^2. With the factor restored they hold: m e^(2|x|^2+2|y|^2) MSE_IID / v^2 = 1.00015 and the same for SimRF / v^2 = 0.00778707 against the printed prefactor 0.00778175 (1 + O(v^2)); sympy derives the SimRF v^2 coefficient from (24) exactly and gives ORF and iid the same coefficient 1. "
             "Rule erratum-typo: the formula is wrong as printed, a reader restores the factor from Eq. (11) two paragraphs up, and nothing downstream changes (Fig. 6 and the prefactor value of SimRF-Sec5.1-prefactor are ratios, in which the factor cancels). History: erratum (minor) before issue 19, verified 'in the paragraph's units' after it; under issue 28's rulebook that reading inserts a factor the text does not print, so it is not a forced reading, and a dropped factor that the surrounding equations restore is graded as SimRF-Cor4.4's missing 2^k is (typo).",
    readings=[
        Reading("literal: the absolute MSE", r"$\mathrm{MSE}_{IIDRF,ORF} = v^2 + O(v^4)$ for the MSE of Eq. (11) itself.", False,
                "d = m = 64, v^2 = 1e-4: MSE_IID = 1.56258e-6, not v^2"),
        Reading("charitable: 'goes as' = up to a constant", r"'The MSE goes as $v^2 + O(v^4)$' read as proportionality, with the printed right-hand sides as the $v$-dependence; the printed equality still has coefficient 1, and the proportionality constant $e^{-2x^2-2y^2}/m$ is not printed.", False,
                "the printed equality MSE_IID = v^2 + O(v^4) fails by the factor m e^(2|x|^2+2|y|^2): normalised MSE_IID / v^2 = 1.00015 only after it is restored"),
    ],
    defence="Defence (issue 19): the paragraph compares MSE ratios ('the ratio of the MSE of any pair of RF mechanisms only depends on the data via v') and then 'the SimRF v^2 prefactor' with 1, so the expansions are in units of the common factor that cancels in those ratios.",
    defeated_by="The text prints equalities for the MSE ('MSE_IIDRF,ORF = v^2 + O(v^4)'), not for the ratios; reading them in units of e^(-2x^2-2y^2)/m inserts a factor the paragraph never states. As printed MSE_IID = 1.56258e-6 at v^2 = 1e-4 (d = m = 64). The intent is clear from Eq. (11) and nothing downstream changes, which is what rule erratum-typo records.",
    checks=[
        Check("v^2 coefficients (sympy)", "symbolic", _sec51_symbolic,
              exercises=("rfsym.simrf.small_v_prefactor_expr", "rfsym.simrf.conformity_terms"),
              route="sympy v^2 coefficient of (24)", control="(not run)"),
        Check("normalisation at d = m = 64", "numeric", _sec51_numeric,
              exercises=("rfsym.simrf.prf_mse", "rfsym.simrf.small_v_prefactor"), route="mpmath at 15 digits",
              control="the unnormalised MSE = v^2"),
    ],
))


def _sec51_ref():
    # Sec. 5.1 says the MSE is 'given by Eq. 10' (the conformity); the MSE is Eq. (11). The ratio of conformities is not the MSE ratio.
    d, v = 64, 1
    mse_ratio = simrf.prf_mse_ratio("simplex", d, d, v, dps=20)
    rho_ratio = simrf.conformity("simplex", d, v, dps=20) / simrf.conformity("iid", d, v, dps=20)
    return _O(abs(mse_ratio - rho_ratio) > 0.1, (f"d = m = 64, v = 1: MSE_SimRF/MSE_IID from Eq. (11) = {mpmath.nstr(mse_ratio, 6)}; the ratio of the "
                                                f"conformities of Eq. (10) = {mpmath.nstr(rho_ratio, 6)}: Fig. 6 plots the former"),
              "different quantities", abs(mse_ratio - rho_ratio) > 0.1, f"'Eq. 10' (conformity ratio) differs by {mpmath.nstr(abs(mse_ratio - rho_ratio), 3)}")


def sec51_ref_mc():
    """Sampled MSEs at d = m = 64, v = 1 (x = y = e_1/2): the sampled SimRF/IID MSE ratio is the Eq. (11) ratio, not the
    ratio of the conformities of Eq. (10)."""
    d = 64
    x = np.zeros(d)
    x[0] = 0.5
    xs = ["0.5"] + ["0"] * (d - 1)
    rng = np.random.default_rng(SEED2 + 2)
    iid = float(simrf.prf_mse("iid", xs, xs, d, dps=20))
    sim = float(simrf.prf_mse("simplex", xs, xs, d, dps=20))
    r = simrf.prf_mse_mc("simplex", x, x, d, 4000, rng)
    # the ratio of conformities of Eq. (10), read as the MSE of the simplex estimator: conformity ratio x MSE_IID
    rho_ratio = float(simrf.conformity("simplex", d, 1, dps=20) / simrf.conformity("iid", d, 1, dps=20))
    w = z_witness(r, sim, {"Eq. (10) ratio x MSE_IID": rho_ratio * iid})
    return _O(w.passed, (f"d = m = 64, x = y = e_1/2 (v = 1), 4000 sampled SimRF blocks: sampled MSE / exact MSE_IID = {r.estimate / iid:.4f} +- "
                         f"{r.stderr / iid:.4f}; Eq. (11) ratio {sim / iid:.4f} ({w.agreement}); the conformity ratio of Eq. (10) "
                         f"{rho_ratio:.4f} (sample s.e., indicative: heavy-tailed squared errors, no exact 4th moment for simplex "
                         f"rows, the Jensen bound too loose at m = 64; the decisive witness is the exact comparison of Eq. (11) with Eq. (10))"),
              w.agreement, w.controls_rejected, w.control_detail)


CLAIMS.append(Claim(
    id="SimRF-Sec5.1-ref", paper="SimRF", location="Sec. 5.1, first paragraph",
    statement="'the MSE of the PRF estimator ... given by Eq. 10 with the RF-conformities 19, 23 and 24'.",
    verdict="erratum",
    rule="erratum-typo",
    severity="typo",
    correction="'given by Eq. 11 with the RF-conformities 19, 23 and 24'.",
    evidence="Eq. (10) defines the conformity; the MSE is Eq. (11). The ratio of conformities is a different quantity from the MSE ratio plotted in Fig. 6: at d = m = 64, v = 1 sampled SimRF blocks give an MSE ratio of 0.1745 against Eq. (11)'s 0.1705, while the conformity ratio is 0.9774.",
    readings=[
        Reading("literal", "The plotted MSE is Eq. (10) evaluated with the conformities (19), (23), (24).", False,
                "d = m = 64, v = 1: the ratio of Eq. (10)'s conformities is 0.977376, the MSE ratio of Fig. 6 0.170498"),
        Reading("charitable: the plotted ratio is the conformity ratio", "Fig. 6's ratio read as the ratio of the quantities Eq. (10) defines.", False,
                "4000 sampled SimRF blocks: MSE ratio 0.1745 +- 0.0104, agreeing with Eq. (11)'s 0.1705 (z = +0.39), not 0.9774"),
    ],
    defence="Defence counsel: an off-by-one cross-reference; (10) defines the conformity that enters (11), and the intent is obvious (typo).",
    defeated_by="Eq. (10) with the conformities (19), (23), (24) is the conformity itself, whose ratio 0.977376 is not the plotted MSE ratio 0.170498 (sampled 0.1745): the reference is wrong as printed. Intent clear from Thm. 3.2: a typo.",
    checks=[
        Check("MSE ratio vs conformity ratio", "numeric", _sec51_ref,
              exercises=("rfsym.simrf.prf_mse_ratio", "rfsym.simrf.conformity"),
              route="Eq. (11) vs Eq. (10) at d = m = 64, v = 1", control="'Eq. 10'"),
        Check("sampled MSE ratio", "montecarlo", sec51_ref_mc,
              exercises=("rfsym.simrf.prf_mse_mc", "rfsym.simrf.prf_mse", "rfsym.simrf.conformity"),
              route="4000 sampled SimRF blocks at d = m = 64, v = 1", control="the Eq. (10) conformity ratio"),
    ],
    no_witness={"symbolic": "a cross-reference: which equation gives the plotted quantity is decided by evaluating both (numeric and sampled)"},
))


def secA1_ref_numeric():
    """(33) inserted into (30) gives (34): with E[b_i b_j] from the definition quadrature of (33) (ORF pair, chi_d norms),
    Eq. (30) equals rfsym.simrf.prf_mse (Eq. (34)) at 25+ digits; the form of (74) with the same conformity does not."""
    d, m = 4, 4
    x, y = ["0.3", "0", "0.1", "0"], ["0", "0.2", "0.1", "-0.1"]
    with mp.workdps(40):
        X2 = sum(mpf(t) ** 2 for t in x)
        Y2 = sum(mpf(t) ** 2 for t in y)
        v2 = sum((mpf(a) + mpf(b)) ** 2 for a, b in zip(x, y))
        rho = wit.conformity_definition_quad(d, mpmath.sqrt(v2), 0, dps=30)      # (33) averaged over pairs
        eq30 = mpmath.exp(-2 * X2 - 2 * Y2) / m * ((mpmath.exp(2 * v2) - mpmath.exp(v2)) + (m - 1) * (rho - mpmath.exp(v2)))
        lib = simrf.prf_mse("orthogonal", x, y, m, dps=30)
        dig = min(float(-mpmath.log10(abs(lib / eq30 - 1) + mpf(10) ** -45)), 40.0)
        # (74)'s form (RFF: diagonal term (1 - e^(-z^2))^2/2, no e^(-2x^2-2y^2)) with v^2 for -z^2 and the same rho
        eq74 = ((1 - mpmath.exp(v2)) ** 2 / 2 + (m - 1) * (rho - mpmath.exp(v2))) / m
        rel74 = float(abs(eq74 / lib - 1))
    return _O(dig >= 25, (f"d = m = 4, ORF: Eq. (30) with E[b_i b_j] from the definition quadrature of (33) = {mpmath.nstr(eq30, 15)}, "
                          f"rfsym.simrf.prf_mse (Eq. (34)) = {mpmath.nstr(lib, 15)}: {dig:.0f} agreeing digits; (74)'s form with the "
                          f"same conformity = {mpmath.nstr(eq74, 6)}, a factor {mpmath.nstr(eq74 / lib, 4)} off"),
              f"{dig:.0f} digits", rel74 > 0.1, f"'Eq. 74' (its form with v^2 for -z^2) is off by a factor {mpmath.nstr(eq74 / lib, 4)}")


def secA1_ref_mc(n=120000):
    """Sampled ORF blocks (d = m = 4, the points of secA1_ref_numeric): the sampled squared error of K^ agrees with (33)
    inserted into (30) and rejects (33) inserted into (74)'s form."""
    d, m = 4, 4
    x, y = ["0.3", "0", "0.1", "0"], ["0", "0.2", "0.1", "-0.1"]
    with mp.workdps(30):
        X2 = sum(mpf(t) ** 2 for t in x)
        Y2 = sum(mpf(t) ** 2 for t in y)
        v2 = sum((mpf(a) + mpf(b)) ** 2 for a, b in zip(x, y))
        rho = wit.conformity_definition_quad(d, mpmath.sqrt(v2), 0, dps=20)
        eq30 = float(mpmath.exp(-2 * X2 - 2 * Y2) / m * ((mpmath.exp(2 * v2) - mpmath.exp(v2)) + (m - 1) * (rho - mpmath.exp(v2))))
        eq74 = float(((1 - mpmath.exp(v2)) ** 2 / 2 + (m - 1) * (rho - mpmath.exp(v2))) / m)
    xf, yf = [float(t) for t in x], [float(t) for t in y]
    sm = simrf.prf_mse_mc("orthogonal", xf, yf, m, n, np.random.default_rng(SEED2 + 8), samples=True)
    r = mean_of(sm)
    # s.e. bounded by exact moments: Var of one squared error <= the Jensen bound on its 4th moment (rfsym.testing.law)
    w = _xw(sm, eq30, _sq_err_var("orthogonal", xf, yf, m)[0], {"(33) into (74)": eq74})
    return _O(w.passed, (f"d = m = 4, ORF, {n} sampled blocks: sampled MSE {r.estimate:.6g} +- {r.stderr:.2g}; (33) into (30) "
                         f"{eq30:.6g} ({w.agreement} bound, sample-s.e. z = {w.sample_z:+.2f}); (33) into (74)'s form {eq74:.6g}; "
                         f"decisions by rfsym.tailbounds.mean_test (false-alarm rate <= 5.7e-7)"),
              w.agreement, w.controls_rejected, w.control_detail)


CLAIMS.append(Claim(
    id="SimRF-SecA.1-ref", paper="SimRF", location="App. A.1, after Eq. (33)",
    statement="'Inserting this into Eq. 74, this immediately yields the important result (34)'.",
    verdict="erratum",
    rule="erratum-typo",
    severity="typo",
    correction="'Inserting this into Eq. 30 ...'.",
    evidence="Eq. (74) is the RFF MSE of App. A.8; (34) follows from inserting (33) into Eq. (30): with E[b_i b_j] from the definition quadrature of (33), Eq. (30) equals rfsym.simrf.prf_mse (Eq. (34)) to 40 digits, while (74)'s form with the same conformity is off by a factor 0.06178; sampled ORF blocks give an MSE of 0.0410672 against 0.0411801 from (30) and 0.00254414 from (74)'s form.",
    readings=[
        Reading("literal", "(33) inserted into Eq. (74), the RFF MSE of App. A.8.", False,
                "d = m = 4, ORF: (74)'s form gives 0.00254414 against (34)'s 0.0411801434683014"),
        Reading("charitable: (74) as 'the MSE expression of that form'", "(33) inserted into an MSE expression of (74)'s shape (mean pair term replacing the conformity).", False,
                "the same 0.00254414, a factor 0.06178 off; sampled ORF MSE 0.0410672 agrees with (30)'s 0.0411801 (z = -0.72)"),
    ],
    defence="Defence counsel: a cross-reference slip ('Eq. 74' for 'Eq. 30') with obvious intent (typo).",
    defeated_by="Inserted into (74)'s form, (33) gives 0.00254414, not (34)'s 0.0411801434683014 (sampled 0.0410672): the reference is wrong as printed. Intent clear from (30): a typo.",
    checks=[
        Check("(33) into (30) vs (34)", "numeric", secA1_ref_numeric, exercises=("rfsym.simrf.prf_mse",),
              route="definition quadrature of (33) inserted into (30) at 30 digits, d = m = 4", control="(74)'s form"),
        Check("sampled MSE vs (33) into (30) and into (74)", "montecarlo", secA1_ref_mc,
              exercises=("rfsym.simrf.prf_mse_mc",), route="120000 sampled ORF blocks, d = m = 4",
              control="(33) inserted into (74)'s form"),
    ],
    no_witness={"symbolic": "a cross-reference: which equation (33) goes into is decided by evaluating both; the sympy algebra of (30) is in SimRF-Thm3.2"},
))


def _sec51p_numeric():
    p = simrf.small_v_prefactor(64)
    r0 = simrf.prf_mse_ratio("simplex", 64, 64, 0)
    r1 = simrf.prf_mse_ratio("simplex", 64, 64, "1e-6")
    ok = mpmath.nstr(p, 2) == "0.0078" and _digits(p, r0) > 29 and abs(r1 - p) < 1e-10
    r_half = simrf.prf_mse_ratio("simplex", 64, 32, 0)
    return _O(ok, (f"small_v_prefactor(64) = {mpmath.nstr(p, 20)} (rounds to 0.0078; ~ 1/(2d) = 0.0078125); equals lim_(v->0) "
                f"MSE_SimRF/MSE_IID for m = d = 64 ({mpmath.nstr(r0, 12)}; at v = 1e-6: {mpmath.nstr(r1, 12)})"),
              "30 digits", abs(r_half - p) > 0.1, f"the half-block limit (m = 32) {mpmath.nstr(r_half, 4)} differs: the prefactor is the m = d value")


def sec51p_symbolic():
    """The v^2 coefficient at d = 64 in exact form: sympy's derived coefficient (small_v_prefactor_expr) at d = 64 is
    1 - pi * (a rational), which rounds to 0.0078."""
    der, printed = simrf.small_v_prefactor_expr()
    d = sp.Symbol("d", positive=True)
    exact = sp.simplify(sp.gammasimp(der.subs(d, 64)))
    q = sp.simplify((1 - exact) / sp.pi)
    val = sp.N(exact, 30)
    lib = simrf.small_v_prefactor(64, dps=30)
    ok = q.is_rational and f"{float(val):.4f}" == "0.0078" and abs(float(val) - float(lib)) < 1e-25 \
        and sp.simplify(sp.gammasimp(printed.subs(d, 64)) - exact) == 0
    wrong = 1 - 2 * (1 - exact)                       # 2^(d-1) in place of 2^d
    return _O(ok, (f"sympy: the derived v^2 coefficient at d = 64 is 1 - pi * {q} = {sp.N(exact, 20)} (the printed form gives the same), "
                   f"rounding to {float(val):.4f}; rfsym.simrf.small_v_prefactor(64) agrees to 25 digits"),
              f"{float(val):.4f}", f"{float(val):.4f}" != "0.0079" and float(sp.N(wrong)) < 0,
              f"0.0079 rejected (value {float(val):.6f}); 2^(d-1) for 2^d gives {float(sp.N(wrong, 6)):.4f}")


CLAIMS.append(Claim(
    id="SimRF-Sec5.1-prefactor", paper="SimRF", location="Sec. 5.1",
    statement="For $d = 64$ the SimRF $v^2$ prefactor evaluates to 0.0078.",
    verdict="verified",
    rule="verified-as-printed",
    conventions=('SimRF:one-block',),
    evidence="small_v_prefactor(64) rounds to 0.0078 and equals the v -> 0 limit of MSE_SimRF/MSE_IID at m = d = 64 (30 digits); in exact form the derived coefficient is $1-\\pi q$ with q rational, 0.0077817464144574883081.",
    checks=[
        Check("prefactor value and limit", "numeric", _sec51p_numeric,
              exercises=("rfsym.simrf.small_v_prefactor", "rfsym.simrf.prf_mse_ratio"),
              route="mpmath at 30 digits; the limit of the MSE ratio", control="0.0079"),
        Check("exact value at d = 64 (sympy)", "symbolic", sec51p_symbolic,
              exercises=("rfsym.simrf.small_v_prefactor_expr", "rfsym.simrf.small_v_prefactor"),
              route="sympy: derived v^2 coefficient at d = 64 = 1 - pi q, q rational", control="0.0079; 2^(d-1) for 2^d"),
    ],
    no_witness={"montecarlo": "a v -> 0 limit (the MSE itself vanishes there); the sampled MSE ratios at finite v are in SimRF-Fig6"},
))


def _fig6_numeric():
    v, r = ex.fig6_curves()
    s, o = r["simplex"][1:301], r["orthogonal"][1:301]
    order = bool(np.all(s < o) and np.all(o < 1))
    big = [(simrf.prf_mse_ratio("simplex", 64, 64, v_, dps=50), simrf.prf_mse_ratio("orthogonal", 64, 64, v_, dps=50)) for v_ in (4, 5, 6)]
    order &= all(a < b < 1 for a, b in big)
    mono = bool(np.all(np.diff(r["simplex"]) > 0))
    chk = abs(float(simrf.prf_mse_ratio("simplex", 64, 64, 2, dps=15)) - float(r["simplex"][200])) < 1e-12
    return _O(order and mono and chk, (f"d = m = 64, float64 at 300 values of v in (0, 3] and mpmath (50 digits) at v = 4, 5, 6 (where 1 - ratio is below float64 resolution): SimRF < ORF < 1: {order} "
                                    f"(at v = 6: 1 - ratio = {mpmath.nstr(1 - big[2][0], 3)} and {mpmath.nstr(1 - big[2][1], 3)}); SimRF ratio increasing in v "
                                    f"(gain largest at small v): {mono}; ratios at v = 0, 1, 2, 4: SimRF "
                                    + ", ".join(f"{r['simplex'][i]:.4f}" for i in (0, 100, 200, 400))
                                    + "; ORF " + ", ".join(f"{r['orthogonal'][i]:.4f}" for i in (0, 100, 200, 400))),
              "ordered", float(r["simplex"][1]) < 0.5, "no gain (ratio 1) rejected at small v")


def _fig6_mc():
    res = ex.fig6_mc(seed=SEED + 17)
    ok, lines = True, []
    for v, row in res.items():
        for c, (est, se) in row.items():
            exact = float(simrf.prf_mse_ratio(c, 64, 64, v, dps=15))
            z = (est - exact) / se
            zw = (est - 1.0) / se
            ok &= abs(z) <= 5 and (abs(zw) > 5 or (c == "orthogonal" and v < 1))
            lines.append(f"{c} v = {v}: MC {est:.4f} ± {se:.4f} vs {exact:.4f} (z = {z:+.2f}; iid ratio 1 z = {zw:+.0f})")
    return _O(ok, ("d = m = 64, 3000 blocks each (ratio 1 must be rejected for SimRF everywhere and for ORF at v = 1; "
                "at small v the ORF ratio is too close to 1 to separate with this sample size; sample s.e., indicative: the squared "
                "errors are heavy-tailed and the library has no exact 4th moment for coupled rows, the Jensen bound being too loose "
                "at m = 64; the ordering itself is decided by the exact curves of this claim): " + "; ".join(lines)),
              "|z| <= 5", ok, "ratio 1 rejected for SimRF at every v")


CLAIMS.append(Claim(
    id="SimRF-Fig6", paper="SimRF", location="Sec. 5.1, Fig. 6",
    statement=r"At $d = 64$, $\mathrm{MSE}_{SimRF}/\mathrm{MSE}_{IID} < \mathrm{MSE}_{ORF}/\mathrm{MSE}_{IID} < 1$ for all $v$; the improvement is bigger at small $v$.",
    verdict="verified",
    rule="verified-as-printed",
    conventions=('SimRF:one-block', 'SimRF:trivial-point'),
    evidence="Float64 curves (m = d = 64) ordered, confirmed in mpmath at large v where both ratios are below float64 resolution from 1; the SimRF ratio increases with v; Monte Carlo ratios at v = 0.25, 0.5, 1 agree (|z| <= 5) and reject ratio 1.",
    checks=[
        Check("curves", "numeric", _fig6_numeric, exercises=("rfsym.simrf.prf_mse_ratio",),
              route="float64 and mpmath at 50 digits", control="(not run)"),
        Check("sampled MSE ratios", "montecarlo", _fig6_mc, exercises=("rfsym.simrf.prf_mse_mc", "rfsym.simrf.prf_mse_ratio"),
              route="3000 sampled blocks per point", control="ratio 1"),
    ],
))


def _fig7_library():
    rng = np.random.default_rng(SEED + 40)
    X = 0.3 * rng.standard_normal((3, 4))
    worst, wrong = 0.0, math.inf
    for c, m in (("iid", 4), ("orthogonal", 4), ("simplex", 4), ("simplex", 6)):
        with mp.workdps(30):
            ref = mpmath.fsum(simrf.prf_mse(c, [repr(float(t)) for t in X[i]], [repr(float(t)) for t in X[j]], m, dps=20) for i in range(3) for j in range(3))
        lib = ex.gram_error_exact(c, X, m)
        worst = max(worst, abs(lib / float(ref) - 1))
        if c == "simplex" and m == 4:
            wrong = abs(ex.gram_error_exact("orthogonal", X, m) / float(ref) - 1)
    # the notebook's Fig. 7 curve (m = d .. 10d) is gram_error_exact at the same points as fig7_data
    Xf = 0.1 * np.random.default_rng(SEED + 18).standard_normal((64, 64))
    curve = ex.fig7_exact_curve((1,), seed=SEED + 18)
    worst = max(worst, max(abs(curve[c][0] / ex.gram_error_exact(c, Xf, 64) - 1) for c in curve))
    return _O(worst < 1e-12, f"rfsym.simrf.experiments.gram_error_exact (float64, all ordered pairs) vs the mpmath sum of rfsym.simrf.prf_mse over the 9 pairs of 3 points in d = 4: max relative difference {worst:.1e}",
              f"relative {worst:.1e}", wrong > 1e-3, f"the ORF value for the SimRF pairs differs by {wrong:.2e}")


def _fig7_mc():
    res = ex.fig7_data(seed=SEED + 18)
    ok, lines = True, []
    for mult in (1, 2):
        e = {c: res[(c, mult)][0] for c in ("iid", "orthogonal", "simplex")}
        ok &= e["simplex"] < e["orthogonal"] < e["iid"]
        for c in ("iid", "orthogonal", "simplex"):
            exact, r = res[(c, mult)]
            zc = r.z(exact)
            ok &= abs(zc) <= 5
        r = res[("simplex", mult)][1]
        if mult == 1:  # heavy-tailed squared errors: the rejection is required where it is decisive
            ctl = abs(r.z(e["orthogonal"])) > 5
        lines.append(f"m = {64 * mult}: exact E||K - K_hat||_F^2 iid {e['iid']:.2f}, ORF {e['orthogonal']:.2f}, SimRF {e['simplex']:.2f}; "
                     f"MC SimRF {r} (z = {r.z(e['simplex']):+.2f}; ORF value z = {r.z(e['orthogonal']):+.1f})")
    return _O(ok, "N = 64 points, d = 64, sigma = 0.1 (sample s.e., indicative: one sampled Gram error can carry most of the "
              "sum of squares, and no exact 4th moment of a Gram error is known for coupled rows; the ordering is decided by the "
              "exact Gram errors of this claim): " + "; ".join(lines),
              "|z| <= 5", ctl, "the ORF value rejected for SimRF samples at m = 64")


CLAIMS.append(Claim(
    id="SimRF-Fig7", paper="SimRF", location="Sec. 5.2, Fig. 7",
    statement=r"Gram-matrix Frobenius error ($N = 64$, $d = 64$, $\sigma = 0.1$) decreases with $m$ and is smallest for SimRFs, then ORFs, then IIDRFs.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="Exact expected squared Frobenius errors sum_ij MSE(x_i, x_j) (Eq. (11)) are ordered SimRF < ORF < IID for m = 64, 128 and sampled errors agree (|z| <= 5), rejecting the ORF value for SimRF samples.",
    checks=[
        Check("exact Gram error vs mpmath MSE sum", "numeric", _fig7_library,
              exercises=("rfsym.simrf.experiments.gram_error_exact", "rfsym.simrf.experiments.fig7_exact_curve", "rfsym.simrf.prf_mse_np", "rfsym.simrf.prf_mse"),
              route="mpmath sum of Eq. (11) over all pairs", control="the ORF value for SimRF pairs"),
        Check("exact vs sampled Gram errors", "montecarlo", _fig7_mc,
              exercises=("rfsym.simrf.experiments.gram_error_exact", "rfsym.simrf.experiments.gram_error_mc"),
              route="200 sampled W per setting", control="the ORF value for SimRF samples"),
    ],
))


def _fig7_points(seed=SEED2 + 5):
    return 0.1 * np.random.default_rng(seed).standard_normal((64, 64))   # N = 64, d = 64, sigma = 0.1 (Fig. 7)


FROB_COUPLINGS = ("iid", "orthogonal", "simplex")
#: the two feature counts compared (the ratio m = 128 over m = 64)
FROB_MS = (64, 128)


def frob_numeric():
    """The printed error sum_ij (K_ij - K^_ij)^2 has expectation sum_ij MSE(x_i, x_j) (Eq. (11)), which for whole blocks
    is exactly proportional to 1/m: the ratio between m = 128 and m = 64 is 1/2 (a squared norm); a Frobenius norm
    (its square root) would shrink like 1/sqrt(m)."""
    X = _fig7_points()
    ratios = {c: ex.gram_error_exact(c, X, FROB_MS[1]) / ex.gram_error_exact(c, X, FROB_MS[0]) for c in FROB_COUPLINGS}
    dev = max(abs(r - 0.5) for r in ratios.values())
    ctl = min(abs(r - 1 / math.sqrt(2)) for r in ratios.values())
    return _O(dev < 1e-12, ("Fig. 7 set-up (N = 64, d = 64, sigma = 0.1): E sum_ij (K_ij - K^_ij)^2 = sum_ij MSE(x_i, x_j) "
                            "(rfsym.simrf.experiments.gram_error_exact, Eq. (11)) at m = 128 over m = 64: "
                            + ", ".join(f"{c} {r:.15f}" for c, r in ratios.items()) + f" (1/2 to {dev:.1e}): the printed quantity decays as 1/m"),
              f"1/2 to {dev:.1e}", ctl > 0.1, f"the 1/sqrt(m) decay of a norm (ratio 0.7071) is off by {ctl:.3f}",
              domain={"coupling": ", ".join(ratios), "m": " and ".join(map(str, FROB_MS))})


def frob_mc(n=150):
    """Sampled PRF Gram matrices (Fig. 7 set-up, SimRF, m = 64 and 128): the mean of ||K - K^||_F^2 (numpy's Frobenius
    norm, squared) agrees with the expected printed error sum_ij MSE; the mean of ||K - K^||_F (the 'Frobenius norm' the
    text names) is a different quantity and decays as 1/sqrt(m)."""
    X = _fig7_points()
    rng = np.random.default_rng(SEED2 + 6)
    sq = np.sum(X * X, axis=1)
    K = np.exp(-(sq[:, None] + sq[None, :] - 2 * X @ X.T) / 2)
    out, ok, rej, norms = [], True, True, {}
    for m in FROB_MS:
        exact = ex.gram_error_exact("simplex", X, m)
        f2, f1 = np.empty(n), np.empty(n)
        for r in range(n):
            W = couplings.sample("simplex", 64, m, rng)
            phi = np.exp(X @ W.T - sq[:, None]) / math.sqrt(m)
            f = np.linalg.norm(K - phi @ phi.T, "fro")
            f1[r], f2[r] = f, f * f
        r2, r1 = mean_of(f2), mean_of(f1)
        w = z_check(r2, exact)
        # the control, proven: Var ||K - K^||_F <= E ||K - K^||_F^2 = sum MSE (exact), the norm is >= 0
        wn = _xw(f1, exact, exact, {"x1.1": 1.1 * exact})
        wrong = wn.test
        ok &= w.passed
        rej &= not wrong.passed
        norms[m] = r1.estimate
        out.append(f"m = {m}: mean ||K - K^||_F^2 = {r2.estimate:.4g} +- {r2.stderr:.2g} vs sum MSE = {exact:.4g} (z = {w.z:+.2f}); "
                   f"mean ||K - K^||_F = {r1.estimate:.4g} (z = {wrong.z:+.0f} against sum MSE, s.e. bounded by "
                   f"E||K - K^||_F^2 = sum MSE, {'rejected' if not wrong.passed else 'NOT rejected'} by rfsym.tailbounds.mean_test)")
    decay = norms[FROB_MS[1]] / norms[FROB_MS[0]]
    return _O(ok, (f"{n} sampled SimRF Gram matrices per m (N = 64, d = 64, sigma = 0.1): " + "; ".join(out)
                   + f"; the Frobenius norm itself shrinks by {decay:.3f} from m = 64 to 128 (1/sqrt(2) = 0.707), the printed sum by 1/2 "
                   f"(the squared-norm z's use the sample s.e., indicative: heavy-tailed Gram errors, no exact 4th moment for simplex rows)"),
              "z-test of the squared norm", rej, "the Frobenius norm (unsquared) rejected as the printed quantity",
              domain={"m": " and ".join(map(str, FROB_MS)), "draw": f"{n} sampled Gram matrices per m, seed SEED2 + 6"})


CLAIMS.append(Claim(
    id="SimRF-Sec5.2-frob", paper="SimRF", location="Sec. 5.2 (and the Sec. 5 overview, Fig. 7 caption)",
    statement=r"'We can quantify this using the Frobenius norm between the exact and approximated matrices $\sum_{i=1}^N\sum_{j=1}^N(K_{ij}-\widehat K_{ij})^2$'.",
    verdict="erratum",
    severity="typo",
    rule="erratum-typo",
    correction=r"'... using the squared Frobenius norm $\|K-\widehat K\|_F^2=\sum_{i=1}^N\sum_{j=1}^N(K_{ij}-\widehat K_{ij})^2$'; what Sec. 5.2 and Fig. 7 say about it (it improves with the number of features, and SimRFs beat ORFs and IIDRFs) holds for the squared norm and for the norm alike (SimRF-Fig7).",
    evidence=r"The sentence names the displayed sum $\sum_{ij}(K_{ij}-\widehat K_{ij})^2$ 'the Frobenius norm'; it is the squared Frobenius norm. In the Fig. 7 set-up (N = d = 64, sigma = 0.1) the two differ: sampled SimRF Gram matrices give a mean norm of 4.467 at m = 64 against the displayed sum 23.27 (whose expectation, Eq. (11) summed over the pairs, is 21.53; z = +0.48). Nothing downstream changes: the expected sum halves exactly from m = 64 to 128 for every coupling (0.500000000000000) and the norm shrinks too (to 3.081, factor 0.690), so the trend with m and the ordering of the couplings (checked on the displayed sum in SimRF-Fig7) are the same for either quantity. "
             "Rule erratum-typo: wrong as printed (a name for a different quantity), repaired from the displayed formula in the same sentence, nothing downstream changes. History: erratum (typo) before issue 19, verified after it ('named loosely'); under issue 28's rulebook a reading that inserts 'squared' is not a forced reading, so the name is a typo, graded as the dropped factor of SimRF-Sec5.1.",
    readings=[
        Reading("literal", r"The Frobenius norm $\|K-\widehat K\|_F$ equals the displayed $\sum_{ij}(K_{ij}-\widehat K_{ij})^2$.", False,
                "sampled SimRF Gram matrices at m = 64: mean norm 4.467 against the displayed sum 23.27"),
        Reading("charitable: the name as the conventional name of the displayed sum", r"'Frobenius norm' names the quantity displayed, the sum of squared entries.", False,
                "the conventional name of the displayed sum is the squared Frobenius norm; the norm is its square root (4.467 against 23.27 at m = 64)"),
    ],
    defence="Defence (issue 19): the quantity is defined by the displayed formula, and every claim the section makes about it (it improves with the number of features; it is smaller with SimRFs than with ORFs and IIDRFs) is a trend or an ordering, which squaring does not change.",
    defeated_by="The defence reads the name as 'the squared Frobenius norm', inserting a word; as printed the sentence equates the norm with its square (4.467 against 23.27 at m = 64). That nothing downstream changes is what rule erratum-typo records.",
    checks=[
        Check("exact 1/m law of the printed sum", "numeric", frob_numeric,
              exercises=("rfsym.simrf.experiments.gram_error_exact", "rfsym.simrf.prf_mse_np"),
              route="Eq. (11) summed over all pairs at m = 64 and 128 (Fig. 7 set-up)",
              control="the 1/sqrt(m) decay of a norm"),
        Check("sampled Gram matrices: squared norm vs norm", "montecarlo", frob_mc,
              exercises=("rfsym.couplings.sample", "rfsym.simrf.experiments.gram_error_exact"),
              route="150 sampled SimRF Gram matrices per m, numpy's Frobenius norm", control="the unsquared Frobenius norm"),
    ],
    no_witness={"symbolic": "that a sum of squared entries is the squared Frobenius norm is a definition; the numbers decide which quantity is printed"},
))


AUDIT_EXPLAINED = {
    "rfsym.simrf.experiments.gram_error_mc:rel1e-3": MC_WHY,
    "rfsym.simrf.experiments.gram_error_mc:rel1e-2": MC_WHY,
    "rfsym.simrf.experiments.fig6_mc:rel1e-3": MC_WHY,
    "rfsym.simrf.experiments.fig6_mc:rel1e-2": MC_WHY,
    "rfsym.simrf.experiments.fig7_data": "figure data for Fig. 7 (exact values from gram_error_exact, killed by SimRF-Fig7 numeric at 1e-12; "
                                         "sampled values are Monte Carlo: " + MC_WHY + ")",
}
