"""SimRF Sec. 1 (Introduction): random Fourier and positive random features, geometrically-coupled mechanisms.

Claims
------
* ``SimRF-Def1.1`` verified -- Def. 1.1: geometrically-coupled mechanisms
* ``SimRF-Eq3`` verified -- Eq. (3): random Fourier features
* ``SimRF-Sec1-smax`` verified -- Sec. 1: Gaussian and softmax kernels differ by one factor
* ``SimRF-Eq7`` verified -- Eqs. (6)-(7): positive random features
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp, mpf

from ... import couplings, foundations, simrf
from ...claims import Check, Claim
from ...montecarlo import mean_of, z_check, z_witness
from ._checks import SEED, _O, _digits, _xw


CLAIMS = []


DEF11_COUPLINGS = ("iid", "orthogonal", "simplex", "simplex+")


def _def11_mc():
    seed = SEED
    rng = np.random.default_rng(seed)
    d, n = 6, 25000
    u = rng.standard_normal(d)
    u /= np.linalg.norm(u)                      # a fixed random unit direction
    dirs = {"e1": np.eye(d)[0], "random u": u}
    iu = np.triu_indices(d, 1)
    out, cov_out, ok, rej = [], [], True, True
    zmax, wrong_min, cmax, cwrong_min, ntests = 0.0, math.inf, 0.0, math.inf, 0
    for c in DEF11_COUPLINGS:
        W = couplings.sample(c, d, d * n, rng).reshape(n, d, d)
        for name, dv in dirs.items():
            proj = W @ dv                       # (n, d): every row of every block
            for i in range(d):
                # Gaussian MGF at t = 1/2 (E = e^(1/8)) and the second moment E (w_i . u)^2 = 1
                # exact variances of one term: e^(1/2) - e^(1/4) and Var chi^2_1 = 2
                for vals, exact, var in ((np.exp(0.5 * proj[:, i]), math.exp(0.125), math.exp(0.5) - math.exp(0.25)),
                                         (proj[:, i] ** 2, 1.0, 2.0)):
                    w_ = _xw(vals, exact, var, {"x1.1": 1.1 * exact})
                    chk, wrong = w_.test, w_.controls[0][1]
                    ok &= chk.passed
                    rej &= not wrong.passed
                    zmax, wrong_min = max(zmax, abs(chk.z)), min(wrong_min, abs(wrong.z))
                    ntests += 1
        # norms independent of each other: Cov(|w_i|^2, |w_j|^2) = 0, averaged over the 15 pairs of a block
        n2 = np.sum(W ** 2, axis=2) - d          # E|w|^2 = d exactly
        pv = (n2[:, iu[0]] * n2[:, iu[1]]).mean(axis=1)
        prod = mean_of(pv)
        # exact variance under the null (independent chi^2_d norms, X = |w|^2 - d, E X^2 = 2d): the cross terms of
        # (sum_{i<j} X_i X_j)^2 vanish, so Var(mean over the P pairs) = (2d)^2 / P; the product is unbounded on both
        # sides (median-of-means on each side)
        wc = _xw(pv, 0.0, (2.0 * d) ** 2 / iu[0].size, {"corr 0.03": 0.03 * 2 * d}, lower=None)
        cov, cwrong = wc.test, wc.controls[0][1]   # wrong: correlation 0.03 (Var |w|^2 = 2d); 0.02 sits
        # at 10.7 exact s.e., below the 14.4 s.e. the median-of-means side needs at n = 25000 (issue 27)
        ok &= cov.passed
        rej &= not cwrong.passed
        cmax, cwrong_min = max(cmax, abs(cov.z)), min(cwrong_min, abs(cwrong.z))
        cov_out.append(f"{c} {prod.estimate:+.3f} +- {prod.stderr:.3f}")
    couplings_ = ", ".join(DEF11_COUPLINGS)
    return _O(ok, (f"rows marginally N(0, I) at d = {d}, {n} blocks per coupling ({couplings_}): "
                f"E exp(w_i . u / 2) = e^(1/8) and E (w_i . u)^2 = 1 for every row i = 1..{d} and u in {{e1, a fixed random unit vector}}: "
                f"{ntests} z-tests in exact-s.e. units (exact variance of each term; decisions by rfsym.tailbounds.mean_test, false-alarm rate <= 5.7e-7 each), max |z| = {zmax:.2f}; 1.1 x exact rejected in all {ntests} (min |z| = {wrong_min:.1f}). Norms uncorrelated: "
                f"mean over the {iu[0].size} within-block pairs of (|w_i|^2 - d)(|w_j|^2 - d): " + "; ".join(cov_out)
                + f" (max |z| vs 0 = {cmax:.2f}); a correlation of 0.03 (Cov = {0.03 * 2 * d:.2f}) is rejected for every coupling (min |z| = {cwrong_min:.1f})"),
              f"max |z| = {max(zmax, cmax):.2f} over {ntests + len(DEF11_COUPLINGS)} z-tests", rej,
              f"1.1 x exact rejected at min |z| = {wrong_min:.1f}; correlation 0.03 at min |z| = {cwrong_min:.1f} (exact s.e.)",
              domain={"row": f"every row i = 1..{d} of each of the {n} sampled blocks per coupling (d = {d}, seed {seed}), "
                             f"projected on {len(dirs)} directions ({', '.join(dirs)})",
                      "coupling": couplings_,
                      "test": f"{ntests} z-tests ({len(DEF11_COUPLINGS)} couplings x {d} rows x {len(dirs)} directions x 2 moments), "
                              f"each with its 1.1 x exact control, and {len(DEF11_COUPLINGS)} norm-covariance tests with the "
                              f"correlation-0.03 control"})


def def11_symbolic():
    """Polar decomposition: an independent chi_d norm times a uniform direction is N(0, I_d) (sympy, symbolic d);
    the exact simplex rows of Eq. (9) are unit vectors, so each row of S R (R Haar) has a uniform direction."""
    r, d = sp.symbols("r d", positive=True)
    chi = r ** (d - 1) * sp.exp(-r ** 2 / 2) / (2 ** (d / 2 - 1) * sp.gamma(d / 2))      # chi_d density
    area = 2 * sp.pi ** (d / 2) / sp.gamma(d / 2)                                        # |S^(d-1)|
    gauss = (2 * sp.pi) ** (-d / 2) * sp.exp(-r ** 2 / 2)
    diff = sp.simplify(sp.powsimp(chi / (area * r ** (d - 1)) - gauss, force=True))
    # control: chi_(d-1) norms (a plausible off-by-one in the sampler) do not give the Gaussian
    chi_bad = r ** (d - 2) * sp.exp(-r ** 2 / 2) / (2 ** ((d - 1) / 2 - 1) * sp.gamma((d - 1) / 2))
    bad = sp.simplify(sp.powsimp(chi_bad / (area * r ** (d - 1)) - gauss, force=True))
    bad_at = float(sp.N((chi_bad / (area * r ** (d - 1)) / gauss).subs({d: 6, r: 1})))
    unit, DS = [], range(2, 9)
    for dd in DS:
        S = foundations.simplex_rows_expr(dd)
        unit.append(all(sp.simplify(sp.radsimp(sp.expand((S[i, :] * S[i, :].T)[0]))) == 1 for i in range(dd)))
    sym = foundations.simplex_rows_expr()                 # |s_i|^2 (i < d) and |s_d|^2 for symbolic d
    unit_sym = sym["norm2"] == 1 and sym["norm2_last"] == 1
    ok = diff == 0 and all(unit) and unit_sym
    return _O(ok, (f"sympy, symbolic d: chi_d density / (|S^(d-1)| r^(d-1)) - (2 pi)^(-d/2) e^(-r^2/2) = {diff}, so an independent "
                   f"chi_d norm times a uniform direction is N(0, I_d); the rows of Eq. (9) (foundations.simplex_rows_expr) are unit "
                   f"vectors for symbolic d (|s_i|^2 = {sym['norm2']} for i < d, |s_d|^2 = {sym['norm2_last']}) and, as exact matrices, "
                   f"for d = {DS.start}..{DS.stop - 1} ({all(unit)}), so every row of S R with R Haar has a uniform direction and, with "
                   f"chi_d norms, a N(0, I_d) marginal (the same for D R: ORFs)"),
              "difference 0", bad != 0, f"chi_(d-1) norms: density ratio to N(0, I) = {bad_at:.3f} at d = 6, r = 1",
              domain={"row": f"all d rows of Eq. (9) for symbolic d >= 2 (sympy), and the exact matrices for d = {DS.start}..{DS.stop - 1}; "
                             "a unit row times a Haar R has a uniform direction",
                      "coupling": "any coupling of the directions within a block: the density identity (symbolic d) concerns "
                                  "one row's marginal, a chi_d norm independent of a uniform direction; the other rows never enter"})


CLAIMS.append(Claim(
    id="SimRF-Def1.1", paper="SimRF", location="Sec. 1, Def. 1.1",
    statement=r"A geometrically-coupled mechanism has independent norms $w_i$ and possibly correlated directions; IIDRF, ORF, SimRF (weight-independent) and SimRF+ (weight-dependent) keep every $w_i \sim \mathcal N(0, I_d)$ marginally.",
    verdict="verified",
    rule="verified-as-printed",
    conventions=('SimRF:coupling-class',),
    evidence="All four foundation samplers give, for every row of a block and two directions, the Gaussian MGF and second moment (|z| <= 5; 1.1 x exact rejected in every test); within a block the squared norms are uncorrelated for all four couplings, while a correlation of 0.03 is rejected (every test standardised with the exact variance and decided at a proven false-alarm rate). Why: sympy shows that an independent $\\chi_d$ norm times a uniform direction has the $\\mathcal N(0, I_d)$ density for symbolic d (chi_(d-1) norms do not), and the exact rows of Eq. (9) are unit vectors, so every Haar-rotated row is marginally Gaussian whatever the coupling of the directions.",
    checks=[
        Check("marginals of the four couplings", "montecarlo", _def11_mc, exercises=("rfsym.couplings.sample",),
              route="sampled rows of 25000 blocks per coupling, z-tests of E exp(w.u/2) and E (w.u)^2",
              control="1.1 x the exact moments; squared-norm correlation 0.03"),
        Check("polar decomposition and unit simplex rows (sympy)", "symbolic", def11_symbolic,
              exercises=("rfsym.foundations.simplex_rows_expr",),
              route="sympy: chi_d norm x uniform direction = N(0, I_d) for symbolic d; exact rows of Eq. (9) are unit vectors",
              control="chi_(d-1) norms"),
    ],
    no_witness={"numeric": "a statement about laws of random vectors: the sympy density identity and the sampled moments cover it; no number to evaluate to high precision"},
))


def _eq3_symbolic():
    w, z = sp.symbols("w z", real=True)
    e = sp.integrate(sp.cos(w * z) * sp.exp(-w ** 2 / 2) / sp.sqrt(2 * sp.pi), (w, -sp.oo, sp.oo))
    diff = sp.simplify(e - sp.exp(-z ** 2 / 2))
    wrong = sp.simplify(e - sp.exp(-z ** 2 / 4))
    return _O(diff == 0, f"sympy: E cos(w z), w ~ N(0,1), minus exp(-z^2/2) = {diff}; so E phi_RFF(x)^T phi_RFF(y) = E cos(w^T(x-y)) = K_gauss",
              "difference 0", wrong != 0, f"exp(-z^2/4) leaves {wrong}")


def _eq3_numeric():
    worst, wrong_dig = math.inf, 0.0
    for z in ("0.3", "1", "2.5"):
        with mp.workdps(40):
            zz = mpf(z)
            q = mpmath.quad(lambda w: mpmath.cos(w * zz) * mpmath.npdf(w), [-mpmath.inf, 0, mpmath.inf])
            worst = min(worst, _digits(q, mpmath.exp(-zz ** 2 / 2)))
            wrong_dig = max(wrong_dig, _digits(q, mpmath.exp(-zz ** 2 / 2) * (1 + mpf(10) ** -6)))
    return _O(worst >= 30, f"mpmath.quad of E cos(w z), w ~ N(0,1), at z = 0.3, 1, 2.5 vs exp(-z^2/2): >= {worst:.0f} digits",
              f">= {worst:.0f} digits", wrong_dig < 7, f"a relative error 1e-6 is seen (at most {wrong_dig:.1f} digits agree)")


def _eq3_mc():
    rng = np.random.default_rng(SEED + 30)
    z = np.array([0.6, -0.3, 0.2, 0.5])
    K = math.exp(-float(z @ z) / 2)
    out, ok, rej, zs, zw = [], True, True, [], []
    for c in ("iid", "orthogonal", "simplex"):
        Wm = couplings.sample(c, 4, 4 * 40000, rng).reshape(40000, 4, 4)
        r = mean_of(np.mean(np.cos(Wm @ z), axis=1))
        w_ = z_witness(r, K, {"x1.02": 1.02 * K})
        ok &= w_.passed
        rej &= w_.controls_rejected
        zs.append(abs(w_.check.z)); zw.append(abs(w_.controls[0][1].z))
        out.append(f"{c}: {w_}")
    return _O(ok, "RFF estimator (1/m) sum cos(w_i^T (x-y)), d = m = 4, 40000 blocks per coupling: " + "; ".join(out),
              f"max |z| = {max(zs):.2f}", rej, f"1.02 K rejected at min |z| = {min(zw):.1f}")


CLAIMS.append(Claim(
    id="SimRF-Eq3", paper="SimRF", location="Sec. 1, Eqs. (2)-(3)",
    statement=r"RFFs $\phi(z)=\sqrt{1/m}\,(\sin w_i^\top z, \cos w_i^\top z)_i$ with $w_i \sim \mathcal N(0, I_d)$ give $E[\phi(x)^\top\phi(y)] = e^{-\|x-y\|^2/2}$.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="sympy evaluates the Gaussian characteristic function; mpmath quadrature agrees to working precision; sampled RFF estimators are unbiased for iid, orthogonal and simplex couplings (1.02 K rejected).",
    checks=[
        Check("Gaussian characteristic function (sympy)", "symbolic", _eq3_symbolic,
              route="sympy integral of cos(wz) N(w; 0, 1)", control="exp(-z^2/4)"),
        Check("quadrature of E cos(wz)", "numeric", _eq3_numeric, route="mpmath.quad at 40 digits",
              control="relative error 1e-6"),
        Check("sampled RFF estimator", "montecarlo", _eq3_mc, exercises=("rfsym.couplings.sample",),
              route="40000 sampled blocks per coupling, d = m = 4", control="1.02 K"),
    ],
))


def _eq7_symbolic():
    w, v = sp.symbols("w v", real=True)
    e = sp.integrate(sp.exp(w * v - w ** 2 / 2) / sp.sqrt(2 * sp.pi), (w, -sp.oo, sp.oo))
    x2, y2, xy = sp.symbols("x2 y2 xy", real=True)
    k = sp.exp(-x2 - y2) * e.subs(v, sp.sqrt(x2 + y2 + 2 * xy)) ** 1
    lhs = sp.simplify(sp.expand(k))
    target = sp.exp(-(x2 + y2 - 2 * xy) / 2)
    diff = sp.simplify(lhs - target)
    # control: the prefactor exp(-||z||^2/2) per feature (as in RFF-style normalisations) is biased
    wrong = sp.simplify(sp.exp(-(x2 + y2) / 2) * e.subs(v, sp.sqrt(x2 + y2 + 2 * xy)) - target)
    return _O(diff == 0, (f"sympy: E exp(w v) for w ~ N(0,1) = {sp.simplify(e)} (isotropy reduces E exp(w^T(x+y)) to 1-D); "
                          f"e^(-|x|^2-|y|^2) exp(|x+y|^2/2) - exp(-|x-y|^2/2) = {diff}"),
              "difference 0", wrong != 0, f"prefactor e^(-(|x|^2+|y|^2)/2) leaves {wrong}")


def _eq7_numeric():
    worst, wrong_dig = math.inf, 0.0
    for v in ("0.5", "1", "2"):
        with mp.workdps(40):
            vv = mpf(v)
            q = mpmath.quad(lambda w: mpmath.exp(w * vv) * mpmath.npdf(w), [-mpmath.inf, 0, vv, mpmath.inf])
            worst = min(worst, _digits(q, mpmath.exp(vv ** 2 / 2)))
            wrong_dig = max(wrong_dig, _digits(q, mpmath.exp(vv ** 2 / 2) * (1 + mpf(10) ** -6)))
    return _O(worst >= 30, f"mpmath.quad of E exp(w v), w ~ N(0,1) (the 1-D reduction of E b_i), at v = 0.5, 1, 2 vs e^(v^2/2): >= {worst:.0f} digits",
              f">= {worst:.0f} digits", wrong_dig < 7, f"a relative error 1e-6 is seen (at most {wrong_dig:.1f} digits agree)")


def _eq7_mc():
    rng = np.random.default_rng(SEED + 1)
    x, y = np.array([0.3, -0.2, 0.1, 0.0]), np.array([0.1, 0.2, -0.3, 0.2])
    K = math.exp(-float(np.sum((x - y) ** 2)) / 2)
    out, ok, rej, zs, zw = [], True, True, [], []
    for c in ("orthogonal", "simplex"):
        Wm = couplings.sample(c, 4, 4 * 20000, rng).reshape(20000, 4, 4)
        est = math.exp(-float(x @ x + y @ y)) * np.mean(np.exp(Wm @ (x + y)), axis=1)
        # exact variance of one replicate: the estimator is unbiased, so Var = the exact MSE (Thm. 3.2 / Eq. (11))
        w_ = _xw(est, K, float(simrf.prf_mse(c, x, y, 4, dps=20)), {"1.02 K": 1.02 * K})
        ok &= w_.passed
        rej &= w_.controls_rejected
        zs.append(abs(w_.z)); zw.append(abs(w_.controls[0][1].z))
        out.append(f"{c}: {w_}")
    return _O(ok, "PRF estimator unbiased, d = m = 4, exact variance of one estimate = its exact MSE (Eq. (11)): " + "; ".join(out),
              f"max |z| = {max(zs):.2f} (exact s.e.)", rej, f"1.02 K rejected at min |z| = {min(zw):.1f} (exact s.e.)")


def sec1_smax_symbolic():
    """K_gauss(x, y) = K_smax(x, y) exp(-|x|^2/2 - |y|^2/2), sympy with symbolic vectors in R^3."""
    x = sp.Matrix(sp.symbols("x1:4", real=True))
    y = sp.Matrix(sp.symbols("y1:4", real=True))
    g = sp.exp(-((x - y).T * (x - y))[0, 0] / 2)
    sm = sp.exp((x.T * y)[0, 0])
    diff = sp.simplify(sp.expand(sp.log(g) - sp.log(sm * sp.exp(-(x.T * x)[0, 0] / 2 - (y.T * y)[0, 0] / 2))))
    wrong = sp.simplify(sp.expand(sp.log(g) - sp.log(sm * sp.exp(-(x.T * x)[0, 0] - (y.T * y)[0, 0]))))
    return _O(diff == 0, f"sympy, symbolic x, y in R^3: log K_gauss - log(K_smax e^(-|x|^2/2-|y|^2/2)) = {diff}",
              "exact", wrong != 0, f"the factor e^(-|x|^2-|y|^2) (no halves) leaves {wrong}",
              domain={"(x, y)": "symbolic vectors in R^3; the exponents are sums over coordinates, so the identity holds in every d"})


def sec1_smax_numeric():
    """rfsym.kernels.gaussian_kernel vs softmax_kernel times the norm factor at 30 digits, several (x, y), d = 2..64."""
    from ... import kernels
    rng = np.random.default_rng(SEED + 101)
    worst, ctl, cases = 40.0, 0.0, 0
    for d in (2, 5, 64):
        for _ in range(3):
            x = [f"{t:.3f}" for t in rng.normal(0, 0.7, d)]
            y = [f"{t:.3f}" for t in rng.normal(0, 0.7, d)]
            with mp.workdps(40):
                nx = mpmath.fsum(mpf(t) ** 2 for t in x)
                ny = mpmath.fsum(mpf(t) ** 2 for t in y)
                g = kernels.gaussian_kernel(x, y, dps=30)
                s_ = kernels.softmax_kernel(x, y, dps=30)
                worst = min(worst, _digits(g, s_ * mpmath.exp(-nx / 2 - ny / 2)))
                ctl = max(ctl, float(abs(s_ * mpmath.exp(-nx - ny) / g - 1)))
            cases += 1
    return _O(worst >= 28, (f"rfsym.kernels.gaussian_kernel = softmax_kernel x exp(-|x|^2/2 - |y|^2/2) at {cases} random pairs "
                            f"(d = 2, 5, 64): >= {worst:.0f} agreeing digits"),
              f">= {worst:.0f} digits", ctl > 1e-3, f"the factor exp(-|x|^2 - |y|^2) is off by up to {ctl:.2e} (relative)",
              domain={"d": "2, 5, 64", "(x, y)": f"{cases} random pairs with 3-decimal entries"})


CLAIMS.append(Claim(
    id="SimRF-Sec1-smax", paper="SimRF", location="Sec. 1, after Eq. (5)",
    statement=r"'Since $K_{gauss}(x,y)=K_{smax}(x,y)\exp(-\frac{x^2}{2}-\frac{y^2}{2})$, RF mechanisms for the Gaussian kernel can be readily converted into the corresponding mechanism for softmax and vice versa.'",
    verdict="verified",
    rule="verified-as-printed",
    evidence="The identity holds for all x, y: sympy with symbolic vectors in R^3, and the library's Gaussian and softmax kernels at 30 digits (d = 2, 5, 64). The conversion is one deterministic factor per input, so an unbiased estimator of one kernel times the factor is an unbiased estimator of the other; the MSE scales by the square of the factor (e^(-2x^2-2y^2) in Eq. (11)).",
    checks=[
        Check("the kernel identity (sympy)", "symbolic", sec1_smax_symbolic, route="sympy, symbolic x, y in R^3",
              control="exp(-|x|^2 - |y|^2) in place of the halves"),
        Check("library kernels at 30 digits", "numeric", sec1_smax_numeric,
              exercises=("rfsym.kernels.gaussian_kernel", "rfsym.kernels.softmax_kernel"),
              route="mpmath at 40 digits", control="exp(-|x|^2 - |y|^2) in place of the halves"),
    ],
    no_witness={"montecarlo": "a deterministic identity between two kernels: nothing random"},
))


CLAIMS.append(Claim(
    id="SimRF-Eq7", paper="SimRF", location="Sec. 1, Eqs. (6)-(7), (28)-(29)",
    statement=r"$\phi_{PRF}(z)=\sqrt{1/m}\,e^{-\|z\|^2}(e^{w_i^\top z})_i$ is unbiased for $K_{gauss}$; $E[b_i] = e^{v^2/2}$.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="sympy Gaussian integral; mpmath quadrature of the 1-D reduction; sampled estimators (ORF, SimRF couplings) unbiased while 1.02 K is rejected.",
    checks=[
        Check("Gaussian MGF (sympy)", "symbolic", _eq7_symbolic, route="sympy integral of exp(wv) N(w; 0, 1)",
              control="prefactor exp(-(|x|^2+|y|^2)/2)"),
        Check("quadrature of E exp(wv)", "numeric", _eq7_numeric, route="mpmath.quad at 40 digits",
              control="relative error 1e-6"),
        Check("unbiasedness by sampling", "montecarlo", _eq7_mc, exercises=("rfsym.couplings.sample",),
              route="20000 sampled blocks per coupling", control="1.02 K"),
    ],
))
