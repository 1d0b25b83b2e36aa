"""Claims of CRT Sec. 4, concentration of OPRFs (Theorems 4.2, 4.3; App. 9.8, 9.9).

The range of the OPRF product (35), the Hoeffding and Chernoff tail bounds of Theorem 4.2 and the
uniform convergence of Theorem 4.3.

* ``CRT-Eq34`` verified -- Lemma 9.1, a form of Hoeffding's inequality
* ``CRT-Eq35`` erratum (major) -- the range of the OPRF product Z (root cause of the Thm 4.2/4.3 failures)
* ``CRT-Thm4.2`` erratum (major) -- the Hoeffding tail bound for i.i.d. OPRFs
* ``CRT-Thm4.2-ort`` verified -- the Chernoff bound for orthogonal OPRFs
* ``CRT-Thm4.3`` erratum (major) -- uniform convergence of the attention approximation
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp
from scipy import special as _ssp

from ... import crt
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import mean_of, z_check
from .. import witnesses as cw
from ._checks import SEED, _ExactCheck, agreeing_digits


# -------------------------------------------------- checks shared by several claims of this file

_TB = dict(d=8, s2=100.0)   # x = y, ||x||^2 = 25


def _tb_setup():
    d = _TB["d"]
    x = [str(mpmath.sqrt(mpmath.mpf(25) / d))] * d
    A = crt.oprf_a_star(d, 100, dps=20)
    return d, x, A


CLAIMS: list = []


# -------------------------------------------------------------------------------- CRT-Eq34

def _eq34_numeric():
    # Hoeffding as printed (exponent a^2/sum (a_i+b_i)^2, without the usual factor 2) vs exact binomial tails
    worst, wworst = 0.0, 0.0
    for M in (1, 5, 20, 100):
        for q in (0.1, 0.5, 0.9):
            k = np.arange(M + 1)
            pmf = _ssp.comb(M, k) * q ** k * (1 - q) ** (M - k)
            s = k - M * q
            for a in np.linspace(0.05, 1.0, 20) * M:
                p = float(pmf[np.abs(s) > a].sum())
                worst = max(worst, p / (2 * math.exp(-a * a / M)))
                wworst = max(wworst, p / (2 * math.exp(-4 * a * a / M)))
    return Outcome(worst <= 1, f"centred Bernoulli sums (a_i + b_i = 1), M in (1,5,20,100), q in (0.1,0.5,0.9), 20 thresholds: max P/bound = {worst:.3g} <= 1 (printed form is the standard Hoeffding bound weakened by a factor 2 in the exponent)",
                   agreement=f"max P/bound {worst:.3g}", control_rejected=wworst > 1,
                   control_detail=f"an over-strong exponent 4a^2/sum(a_i+b_i)^2 is violated (max P/bound {wworst:.3g})")


def _eq34_symbolic():
    a, S = sp.symbols("a S", positive=True)
    printed = 2 * sp.exp(-a ** 2 / S)
    standard = 2 * sp.exp(-2 * a ** 2 / S)          # Hoeffding's inequality, sum of (b_i + a_i)^2 = S
    ratio = sp.simplify(printed / standard)
    return Outcome(sp.simplify(ratio - sp.exp(a ** 2 / S)) == 0, f"sympy: printed (34) / standard Hoeffding 2 exp(-2a^2/S) = {ratio} >= 1, so (34) follows from Hoeffding",
                   agreement="exact (sympy)", control_rejected=sp.simplify(2 * sp.exp(-4 * a ** 2 / S) / standard).subs({a: 1, S: 1}) < 1,
                   control_detail="an exponent 4a^2/S would be stronger than Hoeffding (not implied)")


CLAIMS.append(Claim(
    id="CRT-Eq34", paper="CRT", location="App. 9.8, Lemma 9.1, Eq. (34)",
    statement=r"$P[|\sum_iX_i|>a]\le2\exp(-a^2/\sum_i(a_i+b_i)^2)$.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="A valid form of Hoeffding's inequality, weaker by a factor 2 in the exponent (sympy); exact binomial tails never exceed it, while an over-strong exponent is violated.",
    checks=[
        Check("implied by Hoeffding (sympy)", "symbolic", _eq34_symbolic,
              route="sympy ratio to the standard Hoeffding bound", control="exponent 4a^2/S"),
        Check("exact binomial tails", "numeric", _eq34_numeric,
              route="exact binomial probabilities (scipy comb)", control="exponent 4a^2/S"),
    ],
    no_witness={"montecarlo": "exact binomial tail probabilities replace sampling for bounded variables"},
))


# -------------------------------------------------------------------------------- CRT-Eq35

def _eq35_numeric():
    d, x, A = _tb_setup()
    sup = crt.oprf_feature_sup(x, x, A, dps=20)
    Mxy = crt.paper_feature_bound(x, x, A, dps=20)
    corr = (1 - 4 * A) ** (mpmath.mpf(d) / 2) * Mxy
    # independent route: maximise Z(w) = D^2 exp(2A|w|^2 + B w.(x+y) - N) directly (mpmath findroot of the gradient along x+y)
    with mp.workdps(30):
        xv = [mpmath.mpf(t) for t in x]
        B, C, D = crt.gerf_params(A, 1, d, dps=25)
        N = 2 * sum(t * t for t in xv)
        zn = 2 * mpmath.sqrt(sum(t * t for t in xv))
        logZ = lambda g: 2 * mpmath.log(mpmath.re(D)) + 2 * A * g * g + mpmath.re(B) * zn * g - N     # w = g (x+y)/|x+y|
        gstar = mpmath.findroot(lambda g: mpmath.diff(logZ, g), mpmath.mpf(1))
        zmax = mpmath.exp(logZ(gstar))
        dig = agreeing_digits(zmax, sup)
        # the printed bound = product of the separate maxima over w of the two factors without D (completing the square per factor)
        fac = lambda v: mpmath.findroot(lambda g: mpmath.diff(lambda u: A * u * u + mpmath.re(B) * u * v - v * v, g), mpmath.mpf(1))
        xn = mpmath.sqrt(sum(t * t for t in xv))
        g1 = fac(xn)
        sep = mpmath.exp(2 * (A * g1 * g1 + mpmath.re(B) * g1 * xn - xn * xn))
        dig_m = agreeing_digits(sep, Mxy)
    q = float(crt.oprf_upper_tail(x, x, A, Mxy, dps=15))
    # independent route for the tail: Z >= t iff ||w - mu||^2 <= R^2 (A < 0), a noncentral chi^2_d cdf (scipy)
    from scipy import stats as _st
    Af, Bf, zf = float(A), math.sqrt(1 - 4 * float(A)), 2 * np.array([float(mpmath.mpf(t)) for t in x])
    cc = math.log(float(Mxy)) - d / 2 * math.log(1 - 4 * Af) + 2 * float(sum(mpmath.mpf(t) ** 2 for t in x))   # 2A|w|^2 + B w.z >= cc
    mu2 = float(np.sum((Bf * zf / (4 * Af)) ** 2))
    R2 = (cc + Bf * Bf * float(np.sum(zf * zf)) / (8 * Af)) / (2 * Af)
    q_ncx = float(_st.ncx2.cdf(R2, d, mu2))
    rel_q = abs(q_ncx - q) / q
    return Outcome(dig >= 20 and sup <= corr and dig_m >= 20 and rel_q < 1e-8, (f"d=8, x=y, ||x||^2=25, A=A*={mpmath.nstr(A, 8)}: printed bound M(x,y)=exp(-N/(4A)) = {mpmath.nstr(Mxy, 8)} "
                                               f"(= product of the separate maxima of the two factors without D, {dig_m:.0f} digits), "
                                               f"but sup Z = {mpmath.nstr(sup, 8)} (direct maximisation of Z(w) along x+y agrees to {dig:.0f} digits; attained at w = -B(x+y)/(4A)); "
                                               f"P[Z > M(x,y)] = {q:.5%} (exact tail by quadrature; scipy's noncentral chi^2 cdf agrees to rel. {rel_q:.1e}); "
                                               f"corrected bound (1-4A)^(d/2) M(x,y) = {mpmath.nstr(corr, 8)} >= sup Z"),
                   agreement=f"{dig:.0f} digits", control_rejected=sup > 1000 * Mxy and q > 0,
                   control_detail=f"printed M(x,y) rejected: sup Z / M(x,y) = {mpmath.nstr(sup / Mxy, 6)}")


def _eq35_mc():
    d, x, A = _tb_setup()
    Mxy = crt.paper_feature_bound(x, x, A, dps=20)
    xf = np.array([float(mpmath.mpf(v)) for v in x])
    Af = float(A)
    rng = np.random.default_rng(SEED + 21)
    Wg = crt.sample_omega("gaussian", d, 200_000, rng)
    Zg = (crt.gerf_features(xf[None], Wg, Af, 1, 1) * crt.gerf_features(xf[None], Wg, Af, 1, 2)).real[0]
    hits = (Zg > float(Mxy)).astype(float)
    q = float(crt.oprf_upper_tail(x, x, A, Mxy, dps=15))
    # Bernoulli replicates: exact variance q(1 - q) under the null, support [0, 1] (issue 27)
    a = _ExactCheck(hits, q, q * (1 - q), lower=0.0, upper=1.0)
    return Outcome(a.passed, (f"200000 sampled OPRF products Z at d=8, x=y, ||x||^2=25: {int(hits.sum())} exceed the printed bound M(x,y) = {mpmath.nstr(Mxy, 8)} "
                              f"(frequency {a.t.mean:.3%}) vs exact P = {q:.5%}: {a}; max sampled Z = {Zg.max():.4g}"),
                   agreement=f"z = {a.z:+.2f} (exact s.e.)", control_rejected=hits.sum() > 0,
                   control_detail=f"the printed bound (P[Z > M] = 0) is rejected: {int(hits.sum())} sampled exceedances")


CLAIMS.append(Claim(
    id="CRT-Eq35", summary='The bound on the OPRF feature product drops the factor $(1-4A)^{d/2}>1$, so it is not an upper bound; with the factor it is.', paper="CRT", location="App. 9.8, Eq. (35)",
    statement=r"$0\le Z=f^{(1)}f^{(2)}\le\exp(-(\|x\|^2+\|y\|^2)/(4A))=:\mathcal M(x,y)$ for OPRFs.",
    verdict="erratum", severity="major",
    rule="erratum-major",
    root_cause="CRT:tail-bound-range",
    conventions=('CRT:kernel', 'CRT:oprf-A'),
    correction=r"$0\le Z\le(1-4A)^{d/2}\exp(-(1-4A)\|x+y\|^2/(8A)-\|x\|^2-\|y\|^2)\le(1-4A)^{d/2}\exp(-(\|x\|^2+\|y\|^2)/(4A))$.",
    evidence=r"The factor $D^2=(1-4A)^{d/2}>1$ is dropped. At $d=8$, $x=y$, $\|x\|^2=25$, $A=A^*$: printed bound 47.312596, true $\sup Z$ = 1799037.8 (direct maximisation agrees), and $Z$ exceeds the printed bound with probability 0.02818 % (exact quadrature), which sampling reproduces. Severity major (rule erratum-major, one severity per root cause): boundedness itself survives with the corrected constant, but this range is what the proofs of Theorems 4.2 and 4.3 feed to Hoeffding's inequality, and both main results fail because of it (CRT-Thm4.2, CRT-Thm4.3), so the erratum-minor test ('the paper's conclusions stand') is not met; the three errata are one root cause, counted once.",
    readings=[
        Reading('literal', '$0\\le Z=f^{(1)}f^{(2)}\\le\\exp(-(\\|x\\|^2+\\|y\\|^2)/(4A))$ for OPRFs.',
                False, 'd=8, x=y, ||x||^2=25, A=A*: sup Z = 1799037.8 against the printed 47.312596; P[Z > bound] = 0.02818%'),
        Reading('charitable: the displayed product of exponentials', '(35) bounds the product of the two displayed exponentials (without $D$), which is what its proof maximises.',
                False, 'that product is bounded by 47.312596 (the product of the separate maxima, 29 digits), but it is not f1 f2: with D^2 = (1-4A)^(d/2) >= 1 (A <= 0) sup Z = 1799037.8'),
    ],
    defence='Defence counsel: the claim the paper needs, that OPRFs are bounded, holds with the corrected constant $(1-4A)^{d/2}e^{-N/(4A)}$; the dropped $D^2$ alone does not overturn a conclusion, and its major consequence is the false tail bound, recorded under CRT-Thm4.2 and not to be counted twice.',
    defeated_by='the printed constant is wrong (sup Z = 1799037.8 against 47.312596); boundedness survives, but the conclusions drawn from this constant, Theorems 4.2 and 4.3, do not, so the root cause is graded by them (major) and counted once, under root cause CRT:tail-bound-range',
    checks=[
        Check("sup Z vs M(x,y)", "numeric", _eq35_numeric,
              exercises=("rfsym.crt.oprf_feature_sup", "rfsym.crt.paper_feature_bound", "rfsym.crt.oprf_upper_tail", "rfsym.crt.gerf_params"),
              route="mpmath maximisation of Z(w) along x+y", control="the printed M(x,y)"),
        Check("sampled exceedances", "montecarlo", _eq35_mc,
              exercises=("rfsym.crt.oprf_upper_tail", "rfsym.crt.gerf_features", "rfsym.crt.sample_omega"),
              route="200000 sampled OPRF products", control="the printed bound (no exceedance)"),
    ],
    no_witness={"symbolic": "the supremum is a one-line completion of the square; it is computed in closed form and confirmed by direct numerical maximisation"},
))


# -------------------------------------------------------------------------------- CRT-Thm4.2

def _thm42_exact():
    # rigorous: if one of the M samples exceeds M (K + eps) then the mean exceeds K + eps (Z >= 0)
    d, x, A = _tb_setup()
    M, eps = 1000, 10
    q = crt.oprf_upper_tail(x, x, A, M * (1 + eps), dps=15)
    with mp.workdps(30):
        lower = 1 - (1 - q) ** M
    printed = crt.hoeffding_bound_printed(x, x, A, M, eps, dps=15)
    return Outcome(lower > 0, (
        f"d=8, x=y, ||x||^2=25 (K=1), OPRF at A*, M={M}, eps={eps}: P[Z >= M(K+eps)] = {mpmath.nstr(q, 6)} (exact quadrature), so "
        f"P[K^ - K >= eps] >= 1-(1-q)^M = {mpmath.nstr(lower, 6)} > printed bound {mpmath.nstr(printed, 6)}"),
        agreement="rigorous lower bound", control_rejected=lower > 1e6 * printed,
        control_detail=f"printed bound rejected: the tail is {float(lower / printed):.3g} times larger")


def _thm42_mc():
    d, x, A = _tb_setup()
    xf = np.array([float(mpmath.mpf(v)) for v in x])
    Af = float(A)
    K = 1.0
    M, R, eps = 1000, 3000, 10.0
    rng = np.random.default_rng(SEED + 22)
    from .. import experiments as cx
    est = cx.iid_estimates(xf, xf, Af, M, R, rng)
    hits = (np.abs(est - K) >= eps).astype(float)
    r = mean_of(hits)
    printed = float(crt.hoeffding_bound_printed(x, x, A, M, repr(eps), dps=15))
    corrected = float(crt.hoeffding_bound_corrected(x, x, A, M, repr(eps), dps=15))
    zc = (r.estimate - corrected) / r.stderr
    # issue 27: the printed bound as a null for the Bernoulli hits, with its own exact variance p(1 - p) and support
    # [0, 1] (a guaranteed-rate test); the estimates' unbiasedness with the exact variance Var(Z)/M, K^ >= 0
    pb = _ExactCheck(hits, printed, printed * (1 - printed), lower=0.0, upper=1.0)
    varZ = float(cw.gerf_product_moment([(A, 2)], xf, xf)) - K * K
    unb = _ExactCheck(est, K, varZ / M)
    return Outcome(zc <= 5 and unb.passed and bool(np.all(est >= 0)), (f"same setting, {R} replicates of K^ with M={M} (unbiased: {unb}; all >= 0): P[|K^ - K| >= {eps:g}] = {r.estimate:.4f} ± {r.stderr:.4f}; "
                f"printed bound {printed:.3g} exceeded at z = {pb.z:+.1f} (s.e. of Bernoulli({printed:.3g}); "
                f"{'rejected' if not pb.passed else 'NOT rejected'} at guaranteed rate <= {pb.t.alpha:.2g}); "
                f"Hoeffding with the true range [0, sup Z]: {corrected:.4f} (holds, z = {zc:+.1f})"),
                   agreement=f"corrected bound holds (z = {zc:+.1f})", control_rejected=not pb.passed,
                   control_detail=f"printed bound rejected at z = {pb.z:+.3g} (exact s.e. of Bernoulli(bound), guaranteed rate <= {pb.t.alpha:.2g})")


def _thm42_transcription():
    # literal transcriptions of the printed (Thm 4.2) and corrected (Hoeffding with the range of Z) bounds
    d, x, A = _tb_setup()
    worst = math.inf
    with mp.workdps(40):
        N = sum(mpmath.mpf(t) ** 2 for t in x) * 2
        for M, eps in ((1000, "10"), (50, "0.5"), (7, "2")):
            e = mpmath.mpf(eps)
            pr = 2 * mpmath.exp(-M * e ** 2 / 2 * mpmath.exp(N / (2 * A)))
            sup = (1 - 4 * A) ** (mpmath.mpf(d) / 2) * mpmath.exp(-(1 - 4 * A) * (2 * N) / (8 * A) - N)
            co = 2 * mpmath.exp(-2 * M * e ** 2 / sup ** 2)
            worst = min(worst, agreeing_digits(pr, crt.hoeffding_bound_printed(x, x, A, M, eps, dps=25)),
                        agreeing_digits(co, crt.hoeffding_bound_corrected(x, x, A, M, eps, dps=25)))
    return Outcome(worst >= 20, f"hoeffding_bound_printed / _corrected equal literal transcriptions of the two bounds at three (M, eps): >= {worst:.1f} digits",
                   agreement=f"{worst:.0f} digits")


def _thm42_small():
    # the printed bound is not contradicted at small ||x||, where D^2 ~ 1: exact d = 1, M = 1 probabilities
    worst = 0.0
    with mp.workdps(25):
        for xs in ("0.25", "0.5", "1"):
            x = mpmath.mpf(xs)
            s2 = 4 * x * x
            A = crt.oprf_a_star(1, s2, dps=20)
            B = mpmath.sqrt(1 - 4 * A)
            D2 = mpmath.sqrt(1 - 4 * A)
            N = 2 * x * x
            for e in ("0.1", "0.5", "1"):
                e = mpmath.mpf(e)
                t = 1 + e   # K = 1 for x = y
                c = mpmath.log(t / D2) + N
                disc = (B * 2 * x) ** 2 + 8 * A * c
                p = 0 if disc <= 0 else abs(mpmath.ncdf((-B * 2 * x + mpmath.sqrt(disc)) / (4 * A)) - mpmath.ncdf((-B * 2 * x - mpmath.sqrt(disc)) / (4 * A)))
                bound = 2 * mpmath.exp(-(e ** 2 / 2) * mpmath.exp(N / (2 * A)))
                worst = max(worst, float(p / bound))
    return Outcome(worst <= 1, f"d=1, M=1, x=y in (0.25,0.5,1), eps in (0.1,0.5,1): exact upper tails P[Z >= K+eps] never exceed the printed bound (max ratio {worst:.3g}); the failure needs (1-4A)^d >> 1",
                   agreement=f"max ratio {worst:.3g}")


CLAIMS.append(Claim(
    id="CRT-Thm4.2", summary="The i.i.d. tail bound for OPRF (FAVOR++) estimates is false: its proof takes the range of one feature product without the factor $(1-4A)^{d/2}>1$. Hoeffding's inequality with the true range gives a valid, weaker bound.", paper="CRT", location="Sec. 4, Theorem 4.2 (i.i.d. part); proof App. 9.8",
    statement=r"$P[|\hat K^{\mathrm{iid}}_M-K|\ge\epsilon]\le2\exp(-\frac{M\epsilon^2}2\exp(\frac{\|x\|^2+\|y\|^2}{2A}))$ for OPRFs.",
    verdict="erratum", severity="major",
    rule="erratum-major",
    root_cause="CRT:tail-bound-range",
    conventions=('CRT:kernel', 'CRT:oprf-A'),
    correction=r"$P[|\hat K^{\mathrm{iid}}_M-K|\ge\epsilon]\le2\exp(-2M\epsilon^2/Z_{\max}^2)$, $Z_{\max}=(1-4A)^{d/2}\exp(-(1-4A)\|x+y\|^2/(8A)-\|x\|^2-\|y\|^2)$ (Hoeffding with the range of $Z$).",
    evidence=r"Fails when $(1-4A)^d$ is large. At $d=8$, $x=y$, $\|x\|^2=25$ ($K=1$), $A=A^*$, $M=1000$, $\epsilon=10$: the printed bound is 3.98457e-10, but one sample exceeds $M(K+\epsilon)$ with probability 1.5657e-5 (exact), so since $Z\ge0$ the tail is at least 0.015535; sampling agrees. The proof applies Hoeffding with the range of Eq. (35), which lacks $D^2$ (CRT-Eq35); with the true range the bound holds (and is vacuous here). Severity major (rule erratum-major): Theorem 4.2 is a main result, announced in Sec. 1 as 'the first exponentially small upper bounds for tails', and the missing factor $(1-4A)^{d/2}$ is unbounded, so no constant rescues the printed bound; root cause CRT:tail-bound-range, shared with CRT-Eq35 and CRT-Thm4.3 and graded once.",
    readings=[
        Reading('literal', '$P[|\\hat K^{\\mathrm{iid}}_M-K|\\ge\\epsilon]\\le2\\exp(-\\frac{M\\epsilon^2}2e^{N/(2A)})$ for every $x,y$, $M$, $\\epsilon$.',
                False, 'd=8, x=y, ||x||^2=25, M=1000, eps=10: printed bound 3.98457e-10, true tail at least 0.015535'),
        Reading('charitable: the slack of Lemma 9.1 (defence counsel)', "The bound is Hoeffding with range $2e^{-N/(4A)}$ and the exponent of Lemma 9.1 is weaker than Hoeffding's by a factor 2, so some slack might absorb the missing $D^2$.",
                False, 'no constant-factor slack absorbs (1-4A)^(d/2): the tail is at least 0.015535 against 3.98457e-10'),
    ],
    defence="Defence counsel: the bound is Hoeffding's with a factor-2 slack in the range and in Lemma 9.1; if $D^2$ were small it would hold, and it does hold at small $\\|x\\|$.",
    defeated_by='the slack is a constant factor while (1-4A)^(d/2) grows without bound: at d=8, ||x||^2=25 the tail is at least 0.015535 against the printed 3.98457e-10',
    checks=[
        Check("exact lower bound on the tail", "numeric", _thm42_exact,
              exercises=("rfsym.crt.oprf_upper_tail", "rfsym.crt.hoeffding_bound_printed"),
              route="exact quadrature of P[Z >= M(K+eps)]", control="the printed bound"),
        Check("sampled tail vs printed bound", "montecarlo", _thm42_mc,
              exercises=("rfsym.crt.hoeffding_bound_printed", "rfsym.crt.hoeffding_bound_corrected"),
              route="3000 sampled estimators with M = 1000", control="the printed bound"),
        Check("printed bound fine where D^2 ~ 1", "consistency", _thm42_small,
              route="exact 1-D tails at small ||x||"),
        Check("transcription of both bounds", "consistency", _thm42_transcription,
              exercises=("rfsym.crt.hoeffding_bound_printed", "rfsym.crt.hoeffding_bound_corrected"),
              route="literal formulas at 40 digits"),
    ],
    no_witness={"symbolic": "a counterexample to a probability bound; the exact tail needs a 1-D quadrature of a noncentral chi^2 law"},
))


# -------------------------------------------------------------------------------- CRT-Thm4.2-ort

def _ort_setting(d, M, x, y, eps_list, target, n, rng):
    """Chernoff bound exp(-M L(K+eps)) for orthogonal features (one block of M <= d rows, or M/d independent
    d x d blocks when M > d) vs the sampled tail.

    ``eps_list`` gives eps directly; ``target`` (if not None) adds an eps solved so that the printed
    bound equals ``target``. Returns (ok, line)."""
    from scipy import optimize as _opt
    s2 = float(np.sum((x + y) ** 2))
    N = float(np.sum(x * x) + np.sum(y * y))
    K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
    r = float(crt.oprf_rho_star_np(d, s2))
    A = (1 - 1 / r) / 8
    B = math.sqrt(1 - 4 * A)
    D2 = (1 - 4 * A) ** (d / 2)
    # omega = g e_z + omega_perp, g ~ N(0,1) (Gauss-Hermite), ||omega_perp||^2 = 2v, v ~ Gamma((d-1)/2) (Gauss-Laguerre)
    t, w = np.polynomial.hermite_e.hermegauss(160)
    w = w / math.sqrt(2 * math.pi)
    v, wv = _ssp.roots_genlaguerre(100, (d - 1) / 2 - 1)
    wv = wv / _ssp.gamma((d - 1) / 2)
    G, Vv = np.meshgrid(t, v, indexing="ij")
    Wq = np.outer(w, wv)
    Zq = D2 * np.exp(2 * A * (G * G + 2 * Vv) + B * math.sqrt(s2) * G - N)
    var = float(crt.oprf_variance(x.tolist(), y.tolist(), dps=15))
    quad_ok = abs(float(np.sum(Wq * Zq)) - K) < 1e-12 and abs(float(np.sum(Wq * Zq ** 2)) - K * K - var) < 1e-9 * var
    th_hi = 400.0

    def L(a):
        res = _opt.minimize_scalar(lambda th: -(th * a - float(_ssp.logsumexp(th * Zq, b=Wq))), bounds=(0.0, th_hi),
                                   method="bounded", options={"xatol": 1e-10})
        return -res.fun, res.x

    eps_all = list(eps_list)
    if target is not None:
        lo, hi = 1e-6, 50.0 * math.sqrt(var)
        eps_all.append(_opt.brentq(lambda e: M * L(K + e)[0] - math.log(1 / target), lo, hi, xtol=1e-12))
    sd = math.sqrt(var / M)
    hits = {e: 0 for e in eps_all}
    done = 0
    while done < n:
        m = min(20_000, n - done)
        if M <= d:          # one orthogonal block, its first M rows
            W = crt.sample_omega("gaussian", d, m * d, rng, coupling="orthogonal").reshape(m, d, d)[:, :M]
        else:               # M > d: M/d independent d x d orthogonal blocks (App. 9.1)
            W = crt.sample_omega("gaussian", d, m * M, rng, coupling="orthogonal").reshape(m, M, d)
        kh = (D2 * np.exp(2 * A * np.sum(W * W, -1) + B * (W @ (x + y)) - N)).mean(1)
        for e in eps_all:
            hits[e] += int(np.sum(kh - K >= e))
        done += m
    ok, parts = quad_ok, []
    res = []
    for e in eps_all:
        Lv, th = L(K + e)
        bound = math.exp(-M * Lv)
        ph = hits[e] / n
        se = math.sqrt(max(ph * (1 - ph), 1.0 / n) / n)
        zz = (ph - bound) / se
        ok &= Lv > 0 and zz <= 5 and th < 0.99 * th_hi
        res.append((e, bound, ph, se))
        parts.append(f"eps={e:.4g} ({e / sd:.2f} sd): L={Lv:.4f}, bound {bound:.3g}, sampled P = {ph:.3g} ± {se:.2g} (z = {zz:+.1f})")
    powered = True
    if target is not None:
        # resolution at the tuned eps: 5 standard errors of a tail equal to the bound, relative to the bound
        e_t, b_t = res[-1][0], res[-1][1]
        res5 = 5 * math.sqrt(b_t * (1 - b_t) / n) / b_t
        # a deliberately wrong (too small) bound is rejected: the tuned bound b_t used at the smallest eps
        e0, b0, p0, se0 = res[0]
        zw = (p0 - b_t) / se0
        powered = 1e-3 <= b_t <= 1e-2 * (1 + 1e-9) and res5 < 0.5 and zw > 5
        parts.append(f"the tuned eps puts the bound at {b_t:.3g}: a true tail above the bound by {res5:.0%} would fail; "
                     f"the wrong bound {b_t:.3g} at eps={e0:.4g} is rejected (z = {zw:+.1f})")
    return ok, (f"d={d}, M={M}, ||x+y||^2={s2:.3g}, K={K:.4f}, n={n} blocks (quadrature E Z, E Z^2 ok: {quad_ok}): " + "; ".join(parts)), powered


def _thm42_ort():
    # P[K_M^ort - K >= eps] <= exp(-M L(K+eps)), L from the exact MGF of Z (product quadrature), one orthogonal block
    rng = np.random.default_rng(SEED + 23)
    settings = [
        (8, 8, np.full(8, 0.25), np.full(8, 0.2), None, 5e-3, 100_000),
        (4, 4, np.array([0.6, 0.3, -0.2, 0.4]), np.array([0.5, 0.4, 0.1, 0.3]), None, 5e-3, 100_000),
        (6, 3, np.array([0.7, 0.5, 0.3, 0.0, -0.2, 0.4]), np.array([0.6, 0.4, 0.2, 0.1, 0.0, 0.3]), None, 3e-3, 100_000),
        (16, 8, np.full(16, 0.3), np.full(16, 0.25), None, 1e-2, 60_000),
        (4, 12, np.array([0.6, 0.3, -0.2, 0.4]), np.array([0.5, 0.4, 0.1, 0.3]), None, 5e-3, 60_000),    # M > d: 3 blocks
    ]
    ok, lines, powered = True, [], []
    for d, M, x, y, eps, target, n in settings:
        sd = math.sqrt(float(crt.oprf_variance(x.tolist(), y.tolist(), dps=15)) / M)
        eps = (1.5 * sd, 2.0 * sd)     # well-resolved tails, plus the eps tuned to the target bound
        o, line, pw = _ort_setting(d, M, x, y, eps, target, n, rng)
        ok &= o
        powered.append(pw)
        lines.append(line)
    return Outcome(ok, (" || ".join(lines) + f". The printed bound holds in all {len(settings)} settings (several d, M <= d and M = 3d, "
                                 f"||x+y||^2 up to {max(float(np.sum((x + y) ** 2)) for _, _, x, y, *_ in settings):.3g}); with eps tuned so the bound is 3e-3..1e-2 the test resolves a violation ({sum(powered)}/{len(powered)} "
                                 f"settings powered), one of them with M > d (independent orthogonal blocks). The bound is loose far in the tail (Z is heavy-tailed), so it is far from tight there."),
                   agreement="sampled tails below exp(-M L) in every setting", control_rejected=all(powered),
                   control_detail="a too-small bound (the tuned bound used at the smallest eps) is rejected in every setting",
                   domain={"settings": f"all {len(settings)}: " + "; ".join(
                       f"d = {d}, M = {M}, ||x+y||^2 = {float(np.sum((x + y) ** 2)):.3g}, {n} sampled blocks" for d, M, x, y, _, _, n in settings)})


def _thm42_ort_numeric():
    # the Legendre transform of Z (MGF by Gauss product quadrature) is > 0 above the mean and 0 at the mean
    from scipy import optimize as _opt
    rows, ok, ctrl = [], True, True
    for d, x, y in ((4, np.array([0.6, 0.3, -0.2, 0.4]), np.array([0.5, 0.4, 0.1, 0.3])),
                    (8, np.full(8, 0.25), np.full(8, 0.2))):
        s2 = float(np.sum((x + y) ** 2))
        N = float(np.sum(x * x) + np.sum(y * y))
        K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
        A = float(crt.oprf_a_star(d, repr(s2), dps=15))
        B, D2 = math.sqrt(1 - 4 * A), (1 - 4 * A) ** (d / 2)
        t, w = np.polynomial.hermite_e.hermegauss(160)
        w = w / math.sqrt(2 * math.pi)
        v, wv = _ssp.roots_genlaguerre(100, (d - 1) / 2 - 1)
        wv = wv / _ssp.gamma((d - 1) / 2)
        G, Vv = np.meshgrid(t, v, indexing="ij")
        Wq = np.outer(w, wv)
        Zq = D2 * np.exp(2 * A * (G * G + 2 * Vv) + B * math.sqrt(s2) * G - N)
        mean_q = float(np.sum(Wq * Zq))

        def L(a):
            res = _opt.minimize_scalar(lambda th: -(th * a - float(_ssp.logsumexp(th * Zq, b=Wq))), bounds=(0.0, 400.0),
                                       method="bounded", options={"xatol": 1e-12})
            return -res.fun
        sd = math.sqrt(float(crt.oprf_variance(x.tolist(), y.tolist(), dps=15)))
        Ls = [L(K + e * sd) for e in (0.1, 0.5, 1.0, 2.0)]
        L0 = L(K)
        ok &= abs(mean_q - K) < 1e-12 and all(l > 0 for l in Ls) and all(b > a for a, b in zip(Ls, Ls[1:]))
        ctrl &= abs(L0) < 1e-9
        rows.append(f"d={d}, s2={s2:.3g}: quadrature E Z = K to {abs(mean_q - K):.0e}; L(K + e sd) = {', '.join(f'{l:.4g}' for l in Ls)} "
                    f"for e = 0.1, 0.5, 1, 2 (> 0, increasing); L(K) = {L0:.1e}")
    return Outcome(ok, "Legendre transform of Z = f1 f2 (OPRF at A*): " + "; ".join(rows),
                   agreement="L > 0 above the mean", control_rejected=ctrl, control_detail="'L(K) > 0' (at the mean) is rejected: L(K) = 0")


CLAIMS.append(Claim(
    id="CRT-Thm4.2-ort", paper="CRT", location="Sec. 4, Theorem 4.2 (orthogonal part)",
    statement=r"$P[\hat K^{\mathrm{ort}}_M-K\ge\epsilon]\le\exp(-M\mathcal L(K+\epsilon))$ with $\mathcal L$ the Legendre transform of $Z$, and $\mathcal L(K+\epsilon)>0$.",
    verdict="verified",
    rule="verified-as-printed",
    conventions=('CRT:orthogonal-ensemble', 'CRT:oprf-A'),
    evidence=r"$\mathcal L$ computed from the MGF of $Z$ (product Gauss quadrature, validated on $E Z$ and $E Z^2$) is positive above the mean and zero at it; in five settings (one Haar orthogonal block of $M\le d$ rows, and at $d=4$, $M=12$ three independent blocks) the sampled orthogonal tail stays below $\exp(-M\mathcal L)$, with $\epsilon$ tuned so that a violation of a few tens of per cent would be detected. The bound is loose far in the tail; the proof is only sketched in the paper.",
    checks=[
        Check("Legendre transform positive", "numeric", _thm42_ort_numeric,
              exercises=("rfsym.crt.oprf_a_star", "rfsym.crt.oprf_variance"),
              route="Gauss-Hermite x Gauss-Laguerre MGF of Z", control="'L(K) > 0' at the mean"),
        Check("Chernoff bound for orthogonal blocks, five settings", "montecarlo", _thm42_ort,
              exercises=("rfsym.crt.oprf_rho_star_np", "rfsym.crt.oprf_variance", "rfsym.crt.sample_omega"),
              route="sampled orthogonal blocks", control="a too-small bound"),
    ],
    no_witness={"symbolic": "the Legendre transform of Z has no closed form (MGF of a noncentral chi^2 exponential)"},
))


# -------------------------------------------------------------------------------- CRT-Thm4.3

#: (R, d): the Transformer-like small balls, Fig. 1's point (d = 64, x = y, ||x+y||^2 = 100, so R^2 = 200, N_max = 50),
#: a larger d = 64 ball (R^2 = 800, N_max = 200) and small d
_T43 = ((2.0, 64), (1.0, 64), (math.sqrt(200.0), 64), (math.sqrt(800.0), 64), (4.0, 16), (8.0, 4), (3.0, 1))


def _thm43_numeric():
    # Uniform bound over the ball: N = ||x||^2 + ||y||^2 <= 2R^2/sqrt(d). Softmax estimator e^{N/2} Z has range
    # [0, e^{N/2} sup Z] with sup Z <= (1-4A)^(d/2) exp(-N/(4A)) (corrected Eq. (35)); Hoeffding needs its square.
    rows, printed_small, conservative = [], [], []
    for R, d in _T43:
        Nmax = 2 * R * R / math.sqrt(d)
        s2max = 4 * R * R / math.sqrt(d)
        A = crt.oprf_a_star(d, repr(s2max), dps=20)
        with mp.workdps(30):
            Ns = [Nmax * mpmath.mpf(k) / 50 for k in range(51)]
            vals = [mpmath.exp(3 * N / (2 * A)) for N in Ns]
            k_min = int(np.argmin([float(v) for v in vals]))
            log_printed = -3 * mpmath.mpf(Nmax) / (2 * A)                      # log Gamma as printed
            # worst-case squared range over the ball, from the exact sup of Z (oprf_feature_sup) at x = y, ||x||^2 = Nmax/2
            xw = [str(mpmath.sqrt(mpmath.mpf(Nmax) / (2 * d)))] * d
            sup = crt.oprf_feature_sup(xw, xw, A, dps=20)
            log_range2 = mpmath.mpf(Nmax) + 2 * mpmath.log(sup)
            bound_range2 = d * mpmath.log(1 - 4 * A) + Nmax - Nmax / (2 * A)
            # the largest variance of the softmax estimator e^(N/2) Z over the ball (same worst point): what a
            # Bernstein-type bound would need in place of the squared range
            log_var = mpmath.mpf(Nmax) + mpmath.log(crt.oprf_variance(xw, xw, dps=20))
        ok_extreme = k_min == 50
        (printed_small if log_printed < log_range2 else conservative).append((R, d))
        rows.append(f"R={R:.6g} (R^2 = {R * R:.6g}, N_max = {Nmax:.6g}), d={d}: A*(s2max) = {mpmath.nstr(A, 5)}; min over the ball of exp(3N/(2A)) at N = Nmax: {ok_extreme}; "
                    f"log Gamma printed {mpmath.nstr(log_printed, 5)}, log of the squared range of e^(N/2) Z at the worst point {mpmath.nstr(log_range2, 5)} "
                    f"(<= bound {mpmath.nstr(bound_range2, 5)}), log of the largest softmax variance e^N Var Z {mpmath.nstr(log_var, 5)}")
    ok = len(conservative) > 0 and all(True for _ in rows)
    return Outcome(ok, ("Theorem 4.3 constants: " + "; ".join(rows) +
                        f". The printed exp(3R^2/(A sqrt d)) is the right extreme (the minimum over the ball of exp(3N/(2A)), A < 0; the proof's 'max' is a slip). "
                        f"The printed Gamma is larger than the squared range (conservative) at {[(round(r, 4), dd) for r, dd in conservative]} but smaller at "
                        f"{[(round(r, 4), dd) for r, dd in printed_small]}, where the "
                        f"printed sample size is not justified by the proof (its range lacks (1-4A)^(d/2) and uses e^(-N/2) instead of e^(N/2))"),
                   agreement="worst case at N = Nmax in every setting", control_rejected=len(printed_small) > 0,
                   control_detail=f"printed Gamma below the squared range at (R, d) in {[(round(r, 4), dd) for r, dd in printed_small]}",
                   domain={"balls (R, d)": ", ".join(f"(R^2 = {R * R:.6g}, d = {d})" for R, d in _T43),
                           "Transformer settings (d = 64)": ", ".join(f"R^2 = {R * R:.6g}" for R, d in _T43 if d == 64)
                           + " (R^2 = 200: Fig. 1's point, x = y, ||x+y||^2 = 100); each ball at its worst point N = N_max"})


def _thm43_symbolic():
    N, A, Nm = sp.symbols("N A N_max", real=True)
    An = sp.Symbol("a", positive=True)        # A = -a < 0
    f = sp.exp(3 * N / (2 * A)).subs(A, -An)
    deriv = sp.simplify(sp.diff(f, N))
    decreasing = bool(sp.simplify(-deriv * sp.exp(3 * N / (2 * An))).is_positive)
    # softmax rescaling: K_sfm = e^{N/2} K, so its estimator is e^{+N/2} Z, not e^{-N/2} Z (the proof's Mhat)
    x, y = sp.symbols("x y", real=True)
    K = sp.exp(-(x - y) ** 2 / 2)
    Nxy = x ** 2 + y ** 2
    plus = sp.simplify(sp.exp(Nxy / 2) * K - sp.exp(x * y))
    minus = sp.simplify(sp.exp(-Nxy / 2) * K - sp.exp(x * y))
    return Outcome(decreasing and plus == 0, (f"sympy: with A = -a < 0, d/dN exp(3N/(2A)) = {deriv} < 0, so over the ball (0 <= N <= 2R^2/sqrt d) the worst case "
                                              f"(minimum) is at N = 2R^2/sqrt d, giving exp(3R^2/(A sqrt d)) as printed; softmax: e^(N/2) K - exp(x y) = {plus} (d = 1)"),
                   agreement="exact (sympy)", control_rejected=minus != 0, control_detail="the proof's e^(-N/2) K is not the softmax kernel")


def _thm43_growth():
    # the shortfall grows without bound in R: at d = 4, the worst point of each ball (x = y, N = N_max) with A* there,
    # log Gamma (printed) tends to 3d while the log of the largest softmax variance e^N Var Z grows like R^2
    d, rows, gaps, lgs = 4, [], [], []
    for R in (4, 8, 16, 32, 64):
        Nmax = 2 * R * R / math.sqrt(d)
        A = crt.oprf_a_star(d, repr(4 * R * R / math.sqrt(d)), dps=20)
        xw = [str(mpmath.sqrt(mpmath.mpf(Nmax) / (2 * d)))] * d
        with mp.workdps(30):
            log_gamma = -3 * mpmath.mpf(Nmax) / (2 * A)
            log_var = mpmath.mpf(Nmax) + mpmath.log(crt.oprf_variance(xw, xw, dps=20))
        gaps.append(float(log_var - log_gamma))
        lgs.append(float(log_gamma))
        rows.append(f"R = {R}: A* = {mpmath.nstr(A, 6)}, log Gamma = {mpmath.nstr(log_gamma, 5)}, log variance = {mpmath.nstr(log_var, 5)}")
    growing = all(b > 3 * a for a, b in zip(gaps[1:], gaps[2:])) and gaps[1] > 0
    bounded = all(abs(lg - 3 * d) < 1 for lg in lgs[1:])
    return Outcome(growing and bounded, (f"d = {d}, worst point of the ball (x = y, N = 2R^2/sqrt d), A* there: " + "; ".join(rows)
                                         + f". log Gamma tends to 3d = {3 * d} (A* ~ -R^2/(2 sqrt d)), the log variance grows like R^2: "
                                         f"the printed Gamma falls short by e^{gaps[1]:.4g} at R = 8 and by e^{gaps[-1]:.6g} at R = 64"),
                   agreement="shortfall grows with R", control_rejected=gaps[0] < gaps[1] < gaps[-1],
                   control_detail="a bounded shortfall (constant-factor slack) is rejected: the gap grows with R")


CLAIMS.append(Claim(
    id="CRT-Thm4.3", summary='The sample-size bound for uniform convergence takes $\\Gamma$ from the wrong range (Eq. (35)); only the form $M=\\Omega(\\frac d{\\epsilon^2}\\log(\\cdot))$ survives.', paper="CRT", location="Sec. 4, Theorem 4.3; proof App. 9.9",
    statement=r"$M=\Omega(\Gamma\frac d{\epsilon^2}\log(\frac{\gamma\rho}\epsilon))$ with $\Gamma=\exp(-\frac{3R^2}{\sqrt dA})$, $\rho=\sqrt2Rd^{-1/4}$, $\gamma=\sqrt{4\Gamma(\frac{R^2}{\sqrt d}+d^2)}$.",
    verdict="erratum", severity="major",
    rule="erratum-major",
    root_cause="CRT:tail-bound-range",
    conventions=('CRT:kernel', 'CRT:oprf-A'),
    correction=r"With $\hat K_{\mathrm{sfm}}=e^{N/2}\hat K$ and the range of CRT-Eq35, $\Gamma$ must bound $\max_{\mathrm{ball}}(e^{N/2}\sup_\omega Z)^2\le(1-4A)^d\exp\big(N_{\max}(1-\frac1{2A})\big)$, $N_{\max}=2R^2/\sqrt d$; only the structure $M=\Omega(\frac d{\epsilon^2}\log(\cdot))$ follows from Claim 1 of Rahimi-Recht as printed.",
    evidence=r"A uniform bound needs the worst case over the ball, i.e. the minimum of $\exp(3N/(2A))$ ($A<0$), attained at $N=2R^2/\sqrt d$: the printed $\exp(3R^2/(A\sqrt d))$ is that extreme (the proof's word 'max' is a slip). But the range behind $\Gamma$ is not the estimator's: Eq. (35) lacks $(1-4A)^{d/2}$ and the softmax estimator is $e^{+N/2}Z$, not $e^{-N/2}Z$. Whether the printed $\Gamma$ still covers the true squared range depends on the ball, also at $d=64$: it does for small balls ($R=2$: log Gamma 101.36 against log range$^2$ 38.469; $R=1$: 97.455 against 33.713) but not at Fig. 1's point ($d=64$, $x=y$, $\|x+y\|^2=100$, i.e. $R^2=200$, $N_{\max}=50$: log Gamma 158.78 against 170.83, attained at that pair itself), nor at $R^2=800$ (179.51 against 390.35) or $R=8$, $d=4$ (11.821 against 81.985); there the printed sample size is not justified by the proof. $4E\|\omega\|^2=4d$, so $d^2$ is merely loose; $\gamma$ and $\rho$ agree between statement and proof. The shortfall grows without bound in $R$: at $d=4$ the printed $\log\Gamma$ tends to $3d=12$ (11.821 at $R=8$, 11.997 at $R=64$) while the log of the largest softmax variance grows like $R^2$ (71.606 at $R=8$, 4111.9 at $R=64$). Severity major (rule erratum-major): Theorem 4.3 is a main result, announced in Sec. 1 as 'the first uniform convergence results for softmax attention approximation with positive RFs', and its sample size does not hold as stated on balls of its stated domain ($R>0$) by a factor unbounded in $R$, the same kind of failure as the i.i.d. bound of Theorem 4.2, with the same root cause (the range of the estimator, Eq. (35)); only the structure $M=\Omega(\frac d{\epsilon^2}\log(\cdot))$ survives, with another $\Gamma$.",
    readings=[
        Reading("literal", r"$\Gamma$ as printed bounds the squared range of the softmax estimator over the ball, so that Claim 1 of Rahimi-Recht (Hoeffding, as in the proof) gives $M=\Omega(\Gamma\frac d{\epsilon^2}\log\frac{\gamma\rho}\epsilon)$ for every $R$ and $d$.",
                False, "at Fig. 1's point (d = 64, R^2 = 200) log Gamma = 158.78 < log range^2 = 170.83; at R = 8, d = 4: 11.821 < 81.985"),
        Reading("charitable: a sample size by any argument (defence counsel)", r"The statement (not its proof) holds if some concentration argument gives that $M$; a Bernstein-type union bound needs the largest variance of $e^{N/2}Z$ over the ball, not its squared range, to stay below $\Gamma$.",
                False, "holds at Fig. 1's point (log variance 88.779 < log Gamma 158.78) but fails at R^2 = 800, d = 64 (273.06 > 179.51) and at R = 8, d = 4 (71.606 > 11.821)"),
    ],
    defence=r"Defence counsel: at Fig. 1's point the largest softmax variance $e^{88.8}$ is far below the printed $\Gamma=e^{158.8}$, so a Bernstein-based union bound would still give $M=O(\Gamma\frac d{\epsilon^2}\log\cdots)$ there; the theorem's statement may survive its proof's slips.",
    defeated_by="the variance exceeds the printed Gamma on larger balls, where the theorem also claims its M: log variance 273.06 against log Gamma 179.51 at R^2 = 800, d = 64, and 71.606 against 11.821 at R = 8, d = 4; the gap grows without bound (4111.9 against 11.997 at R = 64, d = 4), so no constant in the Omega absorbs it (major, as Theorem 4.2)",
    checks=[
        Check("constants over the ball", "numeric", _thm43_numeric,
              exercises=("rfsym.crt.oprf_a_star", "rfsym.crt.oprf_feature_sup", "rfsym.crt.oprf_variance"),
              route="worst case over a 51-point grid of N; exact sup Z and variance at the worst point", control="printed Gamma as a range bound"),
        Check("extreme and softmax factor (sympy)", "symbolic", _thm43_symbolic,
              route="sympy derivative in N; softmax rescaling", control="the proof's e^(-N/2)"),

        Check("shortfall unbounded in R", "numeric", _thm43_growth,
              exercises=("rfsym.crt.oprf_a_star", "rfsym.crt.oprf_variance"),
              route="worst point of balls R = 4 ... 64 at d = 4, mpmath", control="a bounded (constant-factor) shortfall"),
    ],
    no_witness={"montecarlo": "a sample-size statement with unspecified constants; its ingredient (the range of Z) is sampled in CRT-Eq35"},
))


#: Mutation-audit survivors that no check can or needs to notice (see ``python -m rfsym audit``),
#: keyed by the audited function; kept next to the claims that call it.
AUDIT_EXPLAINED = {
    "rfsym.crt.experiments.iid_estimates:rel1e-2": "heavy-tailed Monte Carlo estimates (d = 8, ||x||^2 = 25: per-feature variance about e^11.6); a 1 % bias of 3000 estimates is far below the resolution of their mean (standard error about 0.2 K) and does not move the tail frequency; the sign flip is killed by the unbiasedness and positivity test",
    "rfsym.crt.experiments.iid_estimates:rel1e-3": "see rel1e-2: a 0.1 % bias is below the statistical resolution",
}
