"""Claims checked in the foundations notebook (cross-paper building blocks)."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from .. import couplings, foundations
from ..claims import Check, Claim, Outcome
from ..montecarlo import detectable_fraction, z_witness
from ..precision import agreeing_digits

SEED = 20261121

# points z in C^3 used by the numeric and Monte Carlo checks of HRF Lemma 2.4
_Z_POINTS = [
    ["0.3+0.4j", "-0.2j", "0.1"],
    ["1", "0.5-0.5j", "-0.25+0.75j"],
    ["0+1.5j", "0", "-1+0.2j"],
]


def _lem24_symbolic():
    expr, z = foundations.gaussian_mgf_1d_expr()
    diff = sp.simplify(expr - sp.exp(z ** 2 / 2))
    # control: the conjugated form exp(|z|^2/2) = exp(z conj(z)/2) a reader might expect
    wrong = sp.simplify(expr - sp.exp(z * sp.conjugate(z) / 2))
    return Outcome(diff == 0, f"sympy: integral of exp(w z - w^2/2)/sqrt(2 pi) over R minus exp(z^2/2) simplifies to {diff} "
                              f"(z = a + i b); minus exp(|z|^2/2) it is {sp.simplify(wrong)}",
                   agreement=f"difference {diff}", control_rejected=wrong != 0,
                   control_detail="exp(|z|^2/2) leaves a nonzero difference")


def _lem24_derivation():
    expr, z = foundations.gaussian_mgf_1d_expr()
    a, b = sorted(z.free_symbols, key=str)
    w = sp.Symbol("omega", real=True)
    integral = sp.Integral(sp.exp(w * z - w ** 2 / 2) / sp.sqrt(2 * sp.pi), (w, -sp.oo, sp.oo))
    return [("sympy evaluates the one-dimensional integral for $z = a + ib$:", sp.Eq(integral, sp.simplify(expr))),
            ("and independence of the coordinates gives the product over $i$:",
             r"E\,e^{\omega^\top z} = \prod_{i=1}^d E\,e^{\omega_i z_i} = \exp\Big(\tfrac12\sum_{i=1}^d z_i^2\Big)")]


def _lem24_numeric():
    worst, wrong_best = math.inf, 0.0
    for z in _Z_POINTS:
        closed = foundations.gaussian_mgf(z, dps=30)
        quad = foundations.gaussian_mgf_quad(z, dps=30)
        with mp.workdps(40):
            conj = mpmath.exp(sum(abs(mpmath.mpc(complex(t))) ** 2 for t in z) / 2)
            worst = min(worst, agreeing_digits(closed, quad))
            wrong_best = max(wrong_best, agreeing_digits(conj, quad), agreeing_digits(closed * mpmath.mpf("1.001"), quad))
    return Outcome(worst >= 30, f"closed form exp(sum z_i^2/2) vs mpmath quadrature at {len(_Z_POINTS)} points in C^3: "
                                f">= {min(worst, 40):.1f} agreeing digits at 40 working digits (need 30); the conjugated form exp(sum |z_i|^2/2) and "
                                f"the closed form times 1.001 agree to at most {wrong_best:.1f} digits",
                   agreement=(f"{worst:.0f} digits" if math.isfinite(worst) else "all 40 working digits"), control_rejected=wrong_best < 4,
                   control_detail=f"at most {wrong_best:.1f} digits")


def _lem24_mc():
    rng = np.random.default_rng(SEED)
    z = ["0.3+0.4j", "-0.2j", "0.1"]
    exact = complex(foundations.gaussian_mgf(z, dps=20))
    conj = float(mpmath.exp(sum(abs(complex(t)) ** 2 for t in z) / 2))
    re, im = foundations.gaussian_mgf_mc(z, 400_000, rng)
    w_re = z_witness(re, exact.real, {"exp(sum |z_i|^2/2)": conj, "x1.01": 1.01 * exact.real})
    w_im = z_witness(im, exact.imag, {"conjugate (Im sign flipped)": -exact.imag, "imaginary part 0": 0.0})
    det = detectable_fraction(re, exact.real)
    return Outcome(w_re.passed and w_im.passed,
                   f"real part: {w_re.check}; imaginary part: {w_im.check}; controls: {w_re.control_detail}; "
                   f"{w_im.control_detail}; the real-part test rejects a relative error of {det:.2%}",
                   agreement=f"{w_re.agreement} (Re), {w_im.agreement} (Im)",
                   control_rejected=w_re.controls_rejected and w_im.controls_rejected,
                   control_detail=f"{w_re.control_detail}; {w_im.control_detail}")


def _eq9_symbolic():
    r = foundations.simplex_rows_expr()
    d = sp.Symbol("d", positive=True)
    ok = (sp.simplify(r["norm2"] - 1) == 0 and sp.simplify(r["norm2_last"] - 1) == 0
          and sp.simplify(r["cross"] + 1 / (d - 1)) == 0 and sp.simplify(r["last"] + 1 / (d - 1)) == 0)
    exact = all(foundations.simplex_gram_expr(k).is_zero_matrix for k in range(2, 9))
    # control: the exponent slip (d-1)^1 for (d-1)^(3/2) in the coefficient of (1,...,1,0)
    q = 3
    S = foundations.simplex_rows_expr(q + 1)
    c_ok, c_bad = (sp.sqrt(q + 1) + 1) / sp.Integer(q) ** sp.Rational(3, 2), (sp.sqrt(q + 1) + 1) / q
    wrong = S.copy()
    for i in range(q):
        for j in range(q):
            wrong[i, j] = S[i, j] + c_ok - c_bad
    wrong_norm = sp.nsimplify(sp.simplify((wrong[0, :] * wrong[0, :].T)[0]))
    wrong_cross = sp.nsimplify(sp.simplify((wrong[0, :] * wrong[1, :].T)[0]))
    return Outcome(ok and exact, f"symbolic d: |s_i|^2 = {r['norm2']}, |s_d|^2 = {r['norm2_last']}, s_i.s_j = {r['cross']}, "
                                 f"s_i.s_d = {r['last']}; exact S S^T equals the regular-simplex Gram matrix for d = 2..8: {exact}; "
                                 f"with (d-1) in place of (d-1)^(3/2), d = 4: |s_1|^2 = {wrong_norm}, s_1.s_2 = {wrong_cross}. "
                                 f"(With (sqrt(d) - 1) in place of (sqrt(d) + 1) the rows are a reflected regular simplex: that "
                                 f"slip would not change the geometry.)",
                   agreement="identically equal",
                   control_rejected=sp.simplify(wrong_norm - 1) != 0 and sp.simplify(wrong_cross + sp.Rational(1, 3)) != 0,
                   control_detail=f"|s_1|^2 = {wrong_norm}, s_1.s_2 = {wrong_cross}")


def _gram_error(s):
    d = s.shape[0]
    target = np.full((d, d), -1.0 / (d - 1)) + np.eye(d) * (1 + 1.0 / (d - 1))
    return float(np.max(np.abs(s @ s.T - target)))


def _eq9_numeric():
    worst, wrong = 0.0, math.inf
    for d in (2, 3, 4, 16, 64, 257, 1024):
        s = couplings.simplex_matrix(d)
        worst = max(worst, _gram_error(s))
        if d >= 3:
            # control: one entry of S off by 1e-6 (rows renormalised) must show in the Gram matrix
            t = s.copy()
            t[0, 1] += 1e-6
            wrong = min(wrong, _gram_error(t / np.linalg.norm(t, axis=1, keepdims=True)))
    return Outcome(worst <= 1e-12, f"float64 max |S S^T - Gram| over d in (2,3,4,16,64,257,1024): {worst:.1e} (need <= 1e-12); "
                                   f"S with one entry moved by 1e-6 (rows renormalised) gives >= {wrong:.1e}",
                   agreement=f"max error {worst:.1e}", control_rejected=wrong > 1e-12,
                   control_detail=f"1e-6 distortion seen at {wrong:.1e}")


def _eq9_mc():
    rng = np.random.default_rng(SEED + 1)
    worst = 0.0
    for d in (2, 3, 8, 64):
        w = couplings.sample("simplex", d, 5 * d, rng)
        for b in range(5):
            blk = w[b * d:(b + 1) * d]
            u = blk / np.linalg.norm(blk, axis=1, keepdims=True)
            worst = max(worst, _gram_error(u))
    res = foundations.one_sided_exp_mc("simplex", 4, 20_000, np.random.default_rng(SEED + 2))
    w = z_witness(res, math.exp(0.5), {"x1.05": 1.05 * math.exp(0.5)})
    return Outcome(worst <= 1e-12 and w.passed, (
        f"sampled simplex blocks (d = 2, 3, 8, 64): max |cos(w_i, w_j) + 1/(d-1)| = {worst:.1e} (need <= 1e-12); "
        f"rows marginally N(0, I): E exp(w^T e1) over 20000 blocks at d = 4: {w.check}; {w.control_detail}"),
        agreement=f"cosines to {worst:.0e}; {w.agreement}", control_rejected=w.controls_rejected,
        control_detail=w.control_detail)


def _alg1_symbolic():
    zero = all(foundations.simplex_alg1_expr(d).is_zero_matrix for d in range(2, 9))
    # control: the same steps with (sqrt(d) - 1): not S x
    d = 4
    x = sp.Matrix(sp.symbols(f"x1:{d + 1}", real=True))
    yd = sum(x[:d - 1]) / sp.sqrt(d - 1)
    y = [sp.sqrt(sp.Rational(d, d - 1)) * x[i] - (sp.sqrt(d) - 1) / (d - 1) * yd for i in range(d - 1)] + [yd]
    bad = (sp.Matrix(y) - foundations.simplex_rows_expr(d) * x).applyfunc(sp.simplify)
    return Outcome(zero, f"sympy: Algorithm 1 output minus S x is identically zero for symbolic x in d = 2..8: {zero}; "
                         f"with (sqrt(d) - 1), d = 4, the first component of the difference is {bad[0]}",
                   agreement="identically zero", control_rejected=not bad.is_zero_matrix,
                   control_detail=f"difference {bad[0]}")


def _alg1_numeric():
    rng = np.random.default_rng(SEED + 3)
    worst, wrong = 0.0, math.inf
    for d in (2, 3, 5, 64, 1000):
        x = rng.standard_normal((d, 7))
        dense = couplings.simplex_matrix(d) @ x
        fast = couplings.simplex_apply(x)
        worst = max(worst, float(np.max(np.abs(fast - dense)) / np.max(np.abs(dense))))
        # control: Algorithm 1 with (sqrt(d) - 1) instead of (sqrt(d) + 1)
        yd = x[:d - 1].sum(axis=0) / math.sqrt(d - 1)
        bad = np.vstack([math.sqrt(d / (d - 1)) * x[:d - 1] - (math.sqrt(d) - 1) / (d - 1) * yd, yd])
        wrong = min(wrong, float(np.max(np.abs(bad - dense)) / np.max(np.abs(dense))))
    return Outcome(worst <= 1e-12, f"float64 Algorithm 1 (couplings.simplex_apply) vs dense S x for d in (2,3,5,64,1000): "
                                   f"max relative difference {worst:.1e} (need <= 1e-12); with (sqrt(d) - 1) the difference is >= {wrong:.1e}",
                   agreement=f"{worst:.1e}", control_rejected=wrong > 1e-6, control_detail=f">= {wrong:.1e}")


CLAIMS = [
    Claim(
        id="HRF-Lem2.4", paper="HRF", location="HRF Sec. 2.3, Lemma 2.4 (proof in App. A)",
        statement=r"For $\omega \sim \mathcal N(0, I_d)$ and every $z \in \mathbb C^d$: $E[\exp(\omega^\top z)] = \exp(z^2/2)$ with $z^2 = \sum_i z_i^2$ (no conjugation).",
        verdict="verified",
        evidence="sympy evaluates the 1-D Gaussian integral for z = a + ib to exp(z^2/2); closed form and mpmath quadrature agree to >= 30 digits at three points of C^3; Monte Carlo real and imaginary parts within |z| <= 5, while exp(sum|z_i|^2/2) is rejected.",
        checks=[Check("1-D Gaussian integral (sympy)", "symbolic", _lem24_symbolic,
                      exercises=("rfsym.foundations.gaussian_mgf_1d_expr",),
                      route="sympy.integrate of the definition", control="conjugated form exp(|z|^2/2)"),
                Check("closed form vs quadrature, 30 digits", "numeric", _lem24_numeric,
                      exercises=("rfsym.foundations.gaussian_mgf", "rfsym.foundations.gaussian_mgf_quad"),
                      route="mpmath.quad of each 1-D Gaussian integral", control="exp(sum |z_i|^2/2); closed form x1.001"),
                Check("sampled E exp(w^T z), complex z", "montecarlo", _lem24_mc,
                      exercises=("rfsym.foundations.gaussian_mgf", "rfsym.foundations.gaussian_mgf_mc"),
                      route="400000 Gaussian draws, real and imaginary parts", control="exp(sum |z_i|^2/2); x1.01 (Re); conjugate and 0 (Im)")],
        derivation=_lem24_derivation,
        notebook="foundations"),
    Claim(
        id="SimRF-Eq9", paper="SimRF", location="SimRF Sec. 3, Eq. (9) (= Eq. (88))",
        statement=r"$s_i = \sqrt{d/(d-1)}\, e_i - \frac{\sqrt d + 1}{(d-1)^{3/2}} (1,\dots,1,0)^\top$ ($i < d$), $s_d = (d-1)^{-1/2} (1,\dots,1,0)^\top$ are unit vectors subtending angles $\arccos(-1/(d-1))$.",
        verdict="verified",
        evidence="symbolic in d: |s_i|^2 = 1 and s_i.s_j = -1/(d-1); exact Gram matrices for d = 2..8; float64 to 1e-12 up to d = 1024; sampled W = DSR blocks have pairwise cosine -1/(d-1) to 1e-12 and Gaussian marginals.",
        checks=[Check("inner products in symbolic d", "symbolic", _eq9_symbolic,
                      exercises=("rfsym.foundations.simplex_rows_expr", "rfsym.foundations.simplex_gram_expr"),
                      route="sympy inner products of the printed rows, symbolic d and exact d = 2..8",
                      control="(d-1) for (d-1)^(3/2) in the coefficient"),
                Check("float64 Gram matrices up to d = 1024", "numeric", _eq9_numeric,
                      exercises=("rfsym.couplings.simplex_matrix",),
                      route="Gram matrix of the library's S against the regular-simplex Gram matrix",
                      control="one entry of S moved by 1e-6"),
                Check("sampled simplex blocks", "montecarlo", _eq9_mc,
                      exercises=("rfsym.couplings.sample", "rfsym.foundations.one_sided_exp_mc"),
                      route="cosines of sampled W = D S R blocks; E exp(w^T e1) = e^(1/2)", control="x1.05 e^(1/2)")],
        notebook="foundations"),
    Claim(
        id="SimRF-Alg1", paper="SimRF", location="SimRF App. B.2.1, Algorithm 1",
        statement=r"$y_d = \sum_{i<d} x_i / \sqrt{d-1}$; $y_i = \sqrt{d/(d-1)}\, x_i - \frac{\sqrt d + 1}{d-1} y_d$ ($i < d$) computes $S x$ in $O(d)$ time.",
        verdict="verified",
        evidence="sympy: output minus S x is identically zero for symbolic x, d = 2..8; float64 agreement to 1e-12 up to d = 1000. Cost: one sum of d-1 terms and d-1 multiply-adds, i.e. O(d).",
        no_witness={"montecarlo": "a deterministic linear map: nothing random to sample (the sampled simplex blocks that use it are witnessed under SimRF-Eq9)"},
        checks=[Check("Algorithm 1 = S x (sympy)", "symbolic", _alg1_symbolic,
                      exercises=("rfsym.foundations.simplex_rows_expr",),
                      route="the printed steps on a symbolic vector against the exact matrix (9)",
                      control="(sqrt(d) - 1) for (sqrt(d) + 1)"),
                Check("Algorithm 1 = S x (float64, d up to 1000)", "numeric", _alg1_numeric,
                      exercises=("rfsym.couplings.simplex_apply", "rfsym.couplings.simplex_matrix"),
                      route="dense product with the matrix (9)", control="(sqrt(d) - 1) for (sqrt(d) + 1)")],
        notebook="foundations"),
]
