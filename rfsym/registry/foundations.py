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
]
