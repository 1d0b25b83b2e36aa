"""Claims checked in the foundations notebook (cross-paper building blocks)."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from .. import couplings, foundations
from ..claims import Check, Claim
from ..montecarlo import z_check
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
    return diff == 0, f"sympy: integral of exp(w z - w^2/2)/sqrt(2 pi) over R minus exp(z^2/2) simplifies to {diff} (z = a + i b)"


def _lem24_numeric():
    worst = math.inf
    for z in _Z_POINTS:
        closed = foundations.gaussian_mgf(z, dps=30)
        quad = foundations.gaussian_mgf_quad(z, dps=30)
        with mp.workdps(40):
            worst = min(worst, agreeing_digits(closed, quad))
    return worst >= 30, f"closed form exp(sum z_i^2/2) vs mpmath quadrature at {len(_Z_POINTS)} points in C^3: >= {worst:.1f} agreeing digits (need 30)"


def _lem24_mc():
    rng = np.random.default_rng(SEED)
    z = ["0.3+0.4j", "-0.2j", "0.1"]
    exact = complex(foundations.gaussian_mgf(z, dps=20))
    wrong = float(mpmath.exp(sum(abs(complex(t)) ** 2 for t in z) / 2))
    re, im = foundations.gaussian_mgf_mc(z, 400_000, rng)
    c_re, c_im = z_check(re, exact.real), z_check(im, exact.imag)
    w_re = z_check(re, wrong)
    ok = c_re.passed and c_im.passed and not w_re.passed
    return ok, (f"real part: {c_re}; imaginary part: {c_im}; "
                f"the wrong value exp(sum |z_i|^2/2) is rejected: z = {w_re.z:+.1f}")


def _eq9_symbolic():
    r = foundations.simplex_rows_expr()
    d = sp.Symbol("d", positive=True)
    ok = (sp.simplify(r["norm2"] - 1) == 0 and sp.simplify(r["norm2_last"] - 1) == 0
          and sp.simplify(r["cross"] + 1 / (d - 1)) == 0 and sp.simplify(r["last"] + 1 / (d - 1)) == 0)
    exact = all(foundations.simplex_gram_expr(k).is_zero_matrix for k in range(2, 9))
    return ok and exact, (f"symbolic d: |s_i|^2 = {r['norm2']}, |s_d|^2 = {r['norm2_last']}, s_i.s_j = {r['cross']}, "
                          f"s_i.s_d = {r['last']}; exact S S^T equals the regular-simplex Gram matrix for d = 2..8: {exact}")


def _eq9_numeric():
    worst = 0.0
    for d in (2, 3, 4, 16, 64, 257, 1024):
        s = couplings.simplex_matrix(d)
        target = np.full((d, d), -1.0 / (d - 1)) + np.eye(d) * (1 + 1.0 / (d - 1))
        worst = max(worst, float(np.max(np.abs(s @ s.T - target))))
    return worst <= 1e-12, f"float64 max |S S^T - Gram| over d in (2,3,4,16,64,257,1024): {worst:.1e} (need <= 1e-12)"


def _eq9_mc():
    rng = np.random.default_rng(SEED + 1)
    worst = 0.0
    for d in (2, 3, 8, 64):
        w = couplings.sample("simplex", d, 5 * d, rng)
        for b in range(5):
            blk = w[b * d:(b + 1) * d]
            u = blk / np.linalg.norm(blk, axis=1, keepdims=True)
            g = u @ u.T
            target = np.full((d, d), -1.0 / (d - 1)) + np.eye(d) * (1 + 1.0 / (d - 1))
            worst = max(worst, float(np.max(np.abs(g - target))))
    res = foundations.one_sided_exp_mc("simplex", 4, 20_000, np.random.default_rng(SEED + 2))
    chk = z_check(res, math.exp(0.5))
    wrong = z_check(res, 1.1 * math.exp(0.5))
    return (worst <= 1e-12 and chk.passed and not wrong.passed), (
        f"sampled simplex blocks (d = 2, 3, 8, 64): max |cos(w_i, w_j) + 1/(d-1)| = {worst:.1e} (need <= 1e-12); "
        f"rows marginally N(0, I): E exp(w^T e1) over 20000 blocks at d = 4: {chk}; 1.1 e^(1/2) rejected: z = {wrong.z:+.1f}")


def _alg1_symbolic():
    zero = all(foundations.simplex_alg1_expr(d).is_zero_matrix for d in range(2, 9))
    return zero, f"sympy: Algorithm 1 output minus S x is identically zero for symbolic x in d = 2..8: {zero}"


def _alg1_numeric():
    rng = np.random.default_rng(SEED + 3)
    worst = 0.0
    for d in (2, 3, 5, 64, 1000):
        x = rng.standard_normal((d, 7))
        dense = couplings.simplex_matrix(d) @ x
        fast = couplings.simplex_apply(x)
        worst = max(worst, float(np.max(np.abs(fast - dense)) / np.max(np.abs(dense))))
    return worst <= 1e-12, f"float64 Algorithm 1 vs dense S x for d in (2,3,5,64,1000): max relative difference {worst:.1e} (need <= 1e-12)"


CLAIMS = [
    Claim(
        id="HRF-Lem2.4", paper="HRF", location="HRF Sec. 2.3, Lemma 2.4 (proof in App. A)",
        statement="For w ~ N(0, I_d) and every z in C^d: E[exp(w^T z)] = exp(z^2/2), z^2 = sum_i z_i^2 (no conjugation).",
        verdict="verified",
        evidence="sympy evaluates the 1-D Gaussian integral for z = a + ib to exp(z^2/2); closed form and mpmath quadrature agree to >= 30 digits at three points of C^3; Monte Carlo real and imaginary parts within |z| <= 5, while exp(sum|z_i|^2/2) is rejected.",
        checks=[Check("1-D Gaussian integral (sympy)", "symbolic", _lem24_symbolic),
                Check("closed form vs quadrature, 30 digits", "numeric", _lem24_numeric),
                Check("sampled E exp(w^T z), complex z", "montecarlo", _lem24_mc)],
        notebook="foundations"),
    Claim(
        id="SimRF-Eq9", paper="SimRF", location="SimRF Sec. 3, Eq. (9) (= Eq. (88))",
        statement="s_i = sqrt(d/(d-1)) e_i - (sqrt(d)+1)/(d-1)^(3/2) (1,...,1,0)^T (i < d), s_d = (1,...,1,0)^T/sqrt(d-1) are unit vectors subtending angles arccos(-1/(d-1)).",
        verdict="verified",
        evidence="symbolic in d: |s_i|^2 = 1 and s_i.s_j = -1/(d-1); exact Gram matrices for d = 2..8; float64 to 1e-12 up to d = 1024; sampled W = DSR blocks have pairwise cosine -1/(d-1) to 1e-12 and Gaussian marginals.",
        checks=[Check("inner products in symbolic d", "symbolic", _eq9_symbolic),
                Check("float64 Gram matrices up to d = 1024", "numeric", _eq9_numeric),
                Check("sampled simplex blocks", "montecarlo", _eq9_mc)],
        notebook="foundations"),
    Claim(
        id="SimRF-Alg1", paper="SimRF", location="SimRF App. B.2.1, Algorithm 1",
        statement="y_d = sum_{i<d} x_i / sqrt(d-1); y_i = sqrt(d/(d-1)) x_i - (sqrt(d)+1)/(d-1) y_d (i < d) computes S x in O(d) time.",
        verdict="verified",
        evidence="sympy: output minus S x is identically zero for symbolic x, d = 2..8; float64 agreement to 1e-12 up to d = 1000. Cost: one sum of d-1 terms and d-1 multiply-adds, i.e. O(d).",
        checks=[Check("Algorithm 1 = S x (sympy)", "symbolic", _alg1_symbolic),
                Check("Algorithm 1 = S x (float64, d up to 1000)", "numeric", _alg1_numeric)],
        notebook="foundations"),
]
