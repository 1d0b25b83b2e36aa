"""Sections 2.3-2.4: complex exponential estimators (Eqs. (14)-(18)) and the angular and Gaussian
lambda coefficients (Eqs. (19)-(20), with (42)-(43) of App. D.1).

* ``HRF-Lem2.4`` verified -- Sec. 2.3, Lemma 2.4: E exp(w^T z) = exp(z^2/2) for complex z (foundations notebook)
* ``HRF-Eq14`` verified -- Sec. 2.3, Eq. (14)
* ``HRF-Eq15`` verified -- Sec. 2.3, Eqs. (15)-(16)
* ``HRF-Eq16`` erratum (typo) -- Sec. 2.3, after Eq. (16)
* ``HRF-Eq17`` verified -- Sec. 2.3, Eq. (17)
* ``HRF-Eq18`` erratum (typo) -- Sec. 2.3, Eq. (18)
* ``HRF-Eq19`` verified -- Sec. 2.4, Eq. (19)
* ``HRF-Eq43`` verified -- App. D.1, Eqs. (42)-(43)
* ``HRF-Eq20`` verified -- Sec. 2.4, Eq. (20)
* ``HRF-Sec2.4-hat`` erratum (typo) -- Sec. 2.4, 'Gaussian Lambda Coefficients', the sentence before (20)
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy
from mpmath import mp

from ... import foundations, hrf
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import detectable_fraction, exact_z_witness, mean_of, variance_of, z_check, z_witness
from ...precision import agreeing_digits
from .. import witnesses as W
from ._checks import _ez, _ez_ctl, controlled, SEED, _digits, _f, _mc_pair, _rng, _rng_witness, XA, XA_F, YA, YA_F

CLAIMS: list = []

#: seed of Lemma 2.4's sampled witness (the foundations notebook's; the draws recorded before the move)
SEED_LEM24 = 20261121

# points z in C^3 used by the numeric and Monte Carlo checks of HRF Lemma 2.4
_Z_POINTS = [
    ["0.3+0.4j", "-0.2j", "0.1"],
    ["1", "0.5-0.5j", "-0.25+0.75j"],
    ["0+1.5j", "0", "-1+0.2j"],
]


def _lem24_symbolic():
    expr, z = foundations.gaussian_mgf_1d_expr()
    diff = sympy.simplify(expr - sympy.exp(z ** 2 / 2))
    # control: the conjugated form exp(|z|^2/2) = exp(z conj(z)/2) a reader might expect
    wrong = sympy.simplify(expr - sympy.exp(z * sympy.conjugate(z) / 2))
    return Outcome(diff == 0, f"sympy: integral of exp(w z - w^2/2)/sqrt(2 pi) over R minus exp(z^2/2) simplifies to {diff} "
                              f"(z = a + i b); minus exp(|z|^2/2) it is {sympy.simplify(wrong)}",
                   agreement=f"difference {diff}", control_rejected=wrong != 0,
                   control_detail="exp(|z|^2/2) leaves a nonzero difference")


def _lem24_derivation():
    expr, z = foundations.gaussian_mgf_1d_expr()
    a, b = sorted(z.free_symbols, key=str)
    w = sympy.Symbol("omega", real=True)
    integral = sympy.Integral(sympy.exp(w * z - w ** 2 / 2) / sympy.sqrt(2 * sympy.pi), (w, -sympy.oo, sympy.oo))
    return [("sympy evaluates the one-dimensional integral for $z = a + ib$:", sympy.Eq(integral, sympy.simplify(expr))),
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
    rng = np.random.default_rng(SEED_LEM24)
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


CLAIMS.append(Claim(
    id="HRF-Lem2.4", paper="HRF", location="HRF Sec. 2.3, Lemma 2.4 (proof in App. A)",
    statement=r"For $\omega \sim \mathcal N(0, I_d)$ and every $z \in \mathbb C^d$: $E[\exp(\omega^\top z)] = \exp(z^2/2)$ with $z^2 = \sum_i z_i^2$ (no conjugation).",
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:square-on-Cd",),
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
    notebook="foundations"))



ACX = [["0.8+0.3j", "0.1", "0"], ["-0.2j", "1.1", "0.3"], ["0", "0.2-0.1j", "0.9j"]]
X3 = ["0.3", "-0.2", "0.4"]
Y3 = ["0.1", "0.5", "-0.3"]


def _eq14_num():
    l, r = hrf.cexp_identity(X3, Y3, ACX, dps=30)
    return Outcome(abs(l - r) <= abs(r) * mpmath.mpf(10) ** -29, f"complex A (3x3): lhs = {_f(l, 15)}, E exp(w^T z) by Lemma 2.4 = {_f(r, 15)}")


def _eq14_quad():
    """cexp_identity (both sides of (14)) vs a coordinate-wise quadrature of E exp(w^T z), complex z."""
    X3, Y3 = ["0.3", "-0.2", "0.4"], ["0.1", "0.5", "-0.3"]
    A = [["0.8+0.3j", "0.1", "0"], ["-0.2j", "1.1", "0.3"], ["0", "0.2-0.1j", "0.9j"]]
    l, r = hrf.cexp_identity(X3, Y3, A, dps=25)
    with mp.workdps(40):
        Am = mpmath.matrix([[mpmath.mpmathify(v) for v in row] for row in A])
        B = (Am.T) ** -1
        xv = mpmath.matrix([mpmath.mpmathify(v) for v in X3])
        yv = mpmath.matrix([mpmath.mpmathify(v) for v in Y3])
        z = Am * xv + B * yv
        q = mpmath.mpf(1)
        for k in range(3):
            c = z[k]
            q *= W.gauss_expect_quad(lambda g, c=c: mp.exp(g * c), abs(c), dps=30)
    dl, dr = _digits(l, q), _digits(r, q)
    with mp.workdps(40):
        bad = q * mp.exp(sum(abs(z[k]) ** 2 - z[k] ** 2 for k in range(3)) / 2)  # moduli instead of bilinear squares
    db = _digits(bad, q)
    return Outcome(min(dl, dr) >= 20, f"complex 3x3 A: quadrature of E exp(w^T z) = {_f(q, 15)}; (14) lhs and rhs agree to {dl}, {dr} digits",
                   agreement=f"{min(dl, dr)} digits", control_rejected=db <= 2,
                   control_detail=f"squared moduli |z_k|^2 in place of z_k^2: {db} digits")


def _eq14_mc():
    """Sampled mean of exp(w^T z), complex z = Ax + A^-T y, vs the left side of (14)."""
    X3, Y3 = ["0.3", "-0.2", "0.4"], ["0.1", "0.5", "-0.3"]
    A = [["0.8+0.3j", "0.1", "0"], ["-0.2j", "1.1", "0.3"], ["0", "0.2-0.1j", "0.9j"]]
    l, _ = hrf.cexp_identity(X3, Y3, A, dps=20)
    An = np.array([[complex(v) for v in row] for row in A])
    z = An @ np.array([float(v) for v in X3]) + np.linalg.inv(An.T) @ np.array([float(v) for v in Y3])
    w = _rng_witness(61).standard_normal((200000, 3))
    e = np.exp(w @ z)
    zr, zi = z_check(mean_of(e.real), float(mpmath.re(l))), z_check(mean_of(e.imag), float(mpmath.im(l)))
    bad = z_check(mean_of(e.real), float(mpmath.re(l)) * 1.03)
    return Outcome(zr.passed and zi.passed, f"E exp(w^T z), 200000 draws: Re {zr}; Im {zi}",
                   agreement=f"z = {zr.z:+.2f}, {zi.z:+.2f}", control_rejected=not bad.passed,
                   control_detail=f"1.03 Re rejected at z = {bad.z:+.1f}")


CLAIMS.append(Claim(
    id="HRF-Eq14", paper="HRF", location="Sec. 2.3, Eq. (14)",
    statement=("exp((Ax)^2/2) exp(((A^T)^-1 y)^2/2) SM(x,y) = E exp(w^T(Ax + (A^T)^-1 y)) for invertible "
               "complex A."),
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:square-on-Cd",),
    evidence=("Relies on Lemma 2.4 (registered as HRF-Lem2.4 in the foundations notebook). Recorded check "
              "output: [consistency] complex A (3x3): lhs = (0.771207746244725 - 0.00276787001065959j), E "
              "exp(w^T z) by Lemma 2.4 = (0.771207746244725 - 0.00276787001065959j) | [numeric] complex 3x3 A: "
              "quadrature of E exp(w^T z) = (0.771207746244725 - 0.00276787001065959j); (14) lhs and rhs agree "
              "to 40, 40 digits | [montecarlo] E exp(w^T z), 200000 draws: Re MC 0.769454 ± 0.0014 (n=200000) "
              "vs exact 0.771208: z = -1.28 (pass, |z| <= 5); Im MC -0.00508281 ± 0.0018 (n=200000) vs exact "
              "-0.00276787: z = -1.32 (pass, |z| <= 5)"),
    checks=(
        Check("Lemma 2.4 at 30 digits, complex A", "consistency", _eq14_num,
              exercises=("rfsym.hrf.cexp_identity",), route="both sides of (14) from Lemma 2.4's closed form"),
        Check("coordinate-wise quadrature, complex z", "numeric", _eq14_quad,
              exercises=("rfsym.hrf.cexp_identity",),
              route="coordinate-wise quadrature of E exp(g z_k), complex z",
              control="squared moduli instead of bilinear squares"),
        Check("sampled E exp(w^T z), complex z", "montecarlo", _eq14_mc, exercises=("rfsym.hrf.cexp_identity",),
              route="200000 sampled exp(w^T z)", control="1.03 x Re"),
    ),
    no_witness={"symbolic": "Lemma 2.4 (foundations) is the symbolic witness"},
))


def _eq15_mc():
    A = np.array([[complex(s.replace(' ', '')) if isinstance(s, str) else s for s in row] for row in ACX])
    x, y = np.array([float(v) for v in X3]), np.array([float(v) for v in Y3])
    est = hrf.sample_cexp(x, y, A, 4, _rng(7), 60000)
    mo = hrf.cexp_moments(X3, Y3, ACX, 4, dps=15)
    sm = math.exp(float(x @ y))
    ok1, ev1 = _mc_pair(mean_of(est.real), sm, 1.1 * sm, "E Re CE")
    okim = z_check(mean_of(est.imag), 0.0)
    ok2, ev2 = _mc_pair(variance_of(est.real), mo["var_real"], 1.1 * mo["var_real"], "Var Re CE")
    return controlled(ok1 and okim.passed and ok2, f"{ev1}; E Im CE = 0 -> {okim}; {ev2}", "1.1 x exact mean and variance")


def _cexp_mse_quad():
    """cexp_moments' E|CE - SM|^2 vs 1-D quadrature of E e^{2 w^T Re z} (|e^{w^T z}|^2 = e^{2 w^T Re z})."""
    X3, Y3 = ["0.3", "-0.2", "0.4"], ["0.1", "0.5", "-0.3"]
    A = [["0.8+0.3j", "0.1", "0"], ["-0.2j", "1.1", "0.3"], ["0", "0.2-0.1j", "0.9j"]]
    m = 4
    mo = hrf.cexp_moments(X3, Y3, A, m, dps=25)
    with mp.workdps(45):
        Am = mpmath.matrix([[mpmath.mpmathify(v) for v in row] for row in A])
        B = (Am.T) ** -1
        xv = mpmath.matrix([mpmath.mpmathify(v) for v in X3])
        yv = mpmath.matrix([mpmath.mpmathify(v) for v in Y3])
        ax, by = Am * xv, B * yv
        z = ax + by
        pre = mp.exp(-sum(ax[k] ** 2 for k in range(3)) / 2 - sum(by[k] ** 2 for k in range(3)) / 2)
        sre = mp.sqrt(sum(mpmath.re(z[k]) ** 2 for k in range(3)))
        sm = mp.exp(sum(mpmath.mpmathify(a) * mpmath.mpmathify(b) for a, b in zip(X3, Y3)))
        e2 = abs(pre) ** 2 * W.gauss_expect_quad(lambda g: mp.exp(2 * g * sre), sre, dps=35)
        q = (e2 - sm ** 2) / m
    dg = _digits(mo["mse_complex"], q)
    ctrl = _digits(mo["mse_complex"] * (1 + mpmath.mpf(10) ** -3), q)
    return Outcome(dg >= 20, f"complex 3x3 A, m = {m}: E|CE - SM|^2 = {_f(q, 15)} by quadrature; cexp_moments agrees to {dg} digits",
                   agreement=f"{dg} digits", control_rejected=ctrl <= 4, control_detail=f"x(1+1e-3): {ctrl} digits")


CLAIMS.append(Claim(
    id="HRF-Eq15", paper="HRF", location="Sec. 2.3, Eqs. (15)-(16)",
    statement="SM(x,y) = E[Psi_A(x)^T Psi_{(A^T)^-1}(y)]: the complex exponential estimator is unbiased.",
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:square-on-Cd",),
    evidence=("[montecarlo] E Re CE: exact -> MC 0.827128 ± 0.0013 (n=60000) vs exact 0.826959: z = +0.13 "
              "(pass, |z| <= 5); wrong value 0.909655 -> z = -61.4; E Im CE = 0 -> MC -0.00144484 ± 0.0017 "
              "(n=60000) vs exact 0: z = -0.84 (pass, |z| <= 5); Var Re CE: exact -> MC 0.108288 ± 0.00074 "
              "(n=60000) vs exact 0.107797: z = +0.67 (pass, |z| <= 5); wrong value 0.118577 -> z = -14.0 | "
              "[numeric] complex 3x3 A, m = 4: E|CE - SM|^2 = 0.284877999698216 by quadrature; cexp_moments "
              "agrees to 40 digits"),
    checks=(
        Check("MC mean and variance, complex A (3x3)", "montecarlo", _eq15_mc,
              exercises=("rfsym.hrf.sample_cexp", "rfsym.hrf.cexp_moments"),
              route="sampled CE features, complex 3x3 A, 60000 draws", control="1.1 x exact mean and variance"),
        Check("E|CE - SM|^2 by quadrature", "numeric", _cexp_mse_quad, exercises=("rfsym.hrf.cexp_moments",),
              route="quadrature of E e^{2 g |Re z|}", control="x(1+1e-3)"),
    ),
    no_witness={"symbolic": "Lemma 2.4 (foundations)"},
))


def _eq16_num():
    rng = _rng(8)
    x, y = XA_F, YA_F
    W = rng.standard_normal((5, 2))
    # CE with A = iI, computed with the same projections
    ce = np.sum(np.exp(-((1j * x) @ (1j * x)) / 2) * np.exp(W @ (1j * x))
                * np.exp(-((-1j * y) @ (-1j * y)) / 2) * np.exp(W @ (-1j * y))) / 5
    tr = hrf._trig_from(W, x, y)
    re_ok = abs(ce.real - tr) < 1e-13 * abs(tr)
    im = abs(ce.imag)
    one = hrf.mse_pos_onesided(XA, YA, 4, dps=15)
    pp = hrf.mse_pos(XA, YA, 4, dps=15)
    est = hrf.sample_cexp(x, y, np.eye(2), 4, _rng(9), 60000).real
    vr = variance_of(est)
    z1, z2 = z_check(vr, one), z_check(vr, pp)
    ok = re_ok and im > 1e-3 and z1.passed and not z2.passed
    return controlled(ok, f"A = iI: Re CE = trig estimate exactly (same w), but Im CE = {im:.3g} != 0; "
                           f"A = I: MSE = {_f(one, 8)} (one-sided) vs MSE(SM^++) = {_f(pp, 8)}; "
                           f"MC Var of CE(A=I): vs one-sided z = {z1.z:+.1f}, vs Lemma 2.2 ++ z = {z2.z:+.1f}", "the printed reading MSE(CE, A = I) = MSE(SM++)")


def _eq16_onesided_quad():
    """mse_pos_onesided (CE with A = I) vs quadrature of E[e^{2 g |x+y|}] (one-sided feature, no antithetic pair)."""
    worst, ctrl = 40, 0
    for x, y, m in ((["1/2", "1/10"], ["1/5", "-2/5"], 4), (["1", "-1/2"], ["1/3", "1/4"], 1)):
        lib = hrf.mse_pos_onesided(x, y, m, dps=30)
        with mp.workdps(45):
            xv, yv = [mpmath.mpmathify(v) for v in x], [mpmath.mpmathify(v) for v in y]
            s = mp.sqrt(sum((a + b) ** 2 for a, b in zip(xv, yv)))
            pre = mp.exp(-(sum(a * a for a in xv) + sum(b * b for b in yv)))
            sm = mp.exp(sum(a * b for a, b in zip(xv, yv)))
            q = (pre * W.gauss_expect_quad(lambda g: mp.exp(2 * g * s), s, dps=35) - sm ** 2) / m
        worst = min(worst, _digits(lib, q))
        ctrl = max(ctrl, _digits(lib * (1 + mpmath.mpf(10) ** -3), q))
    return Outcome(worst >= 28, f"mse_pos_onesided vs quadrature of the one-sided feature's second moment at 2 points: >= {worst} digits",
                   agreement=f"{worst} digits", control_rejected=ctrl <= 4, control_detail=f"x(1+1e-3): {ctrl} digits")


def _ce_from(W, x, y, A):
    """CE estimate (16) from the rows of W, written from the definition of Psi_M (bilinear squares of Sec. 2.3)."""
    Ax, By = A @ x, np.linalg.inv(A.T) @ y
    return np.mean(np.exp(-(Ax @ Ax) / 2 - (By @ By) / 2) * np.exp(W @ Ax + W @ By))


def _eq16_antithetic():
    """(15) asks only omega_i ~ N(0, I): with the m omegas in +- pairs, CE(A = iI) is (2) and CE(A = I) is (3) exactly."""
    x, y = XA_F, YA_F
    W = _rng(8).standard_normal((7, 2))
    Wa = np.vstack([W, -W])                       # each row still N(0, I); the set is closed under negation
    tr, pp = hrf._trig_from(W, x, y), hrf._pos_from(W, x, y)
    ci, c1 = _ce_from(Wa, x, y, 1j * np.eye(2)), _ce_from(Wa, x, y, np.eye(2))
    ci_iid, c1_iid = _ce_from(W, x, y, 1j * np.eye(2)), _ce_from(W, x, y, np.eye(2))
    dev = max(abs(ci - tr) / abs(tr), abs(c1 - pp) / abs(pp))
    # sampled: with antithetic pairs the variance of CE(A = I) is Lemma 2.2's MSE of SM++ (m = 4 pairs)
    rng = _rng(9)
    est = np.array([_ce_from(np.vstack([w, -w]), x, y, np.eye(2)).real
                    for w in rng.standard_normal((40000, 4, 2))])
    zpp = z_check(variance_of(est), hrf.mse_pos(XA, YA, 4, dps=15))
    zone = z_check(variance_of(est), hrf.mse_pos_onesided(XA, YA, 4, dps=15))
    ok = dev < 1e-13 and zpp.passed and not zone.passed
    iid_off = abs(ci_iid.imag) > 1e-3 and abs(c1_iid - pp) > 1e-3
    return Outcome(ok, (f"omegas in +- pairs (7 pairs, d = 2): CE(A = iI) = {ci.real:.6f} {ci.imag:+.1e}i, trig (2) "
                        f"{tr:.6f}; CE(A = I) = {c1.real:.6f}, SM++ (3) {pp:.6f}; max rel. dev {dev:.1e}; the iid set "
                        f"of the same 7 omegas gives {ci_iid.real:.6f} {ci_iid.imag:+.6f}i and {c1_iid.real:.6f}; sampled "
                        f"Var CE(A = I) with 4 antithetic pairs (40000 draws) vs Lemma 2.2 MSE(SM++): {zpp}; vs the "
                        f"one-sided MSE z = {zone.z:+.1f}"),
                   agreement=f"rel. dev {dev:.1e}", control_rejected=iid_off and not zone.passed,
                   control_detail=f"iid omegas: Im CE(A = iI) = {ci_iid.imag:+.3f}, CE(A = I) - SM++ = {c1_iid - pp:+.3f}")


CLAIMS.append(Claim(
    id="HRF-Eq16", paper="HRF", location="Sec. 2.3, after Eq. (16)",
    statement=(r"For $A=\mathrm{i}I_d$ the CE estimator becomes trigonometric and for $A=I_d$ it becomes "
               r"$\widehat{\mathrm{SM}}^{++}$."),
    verdict="erratum", severity="typo", rule="erratum-typo",
    conventions=("HRF:square-on-Cd",),
    correction=(r"With the iid $\omega_1,\dots,\omega_m$ of (5) and Lemma 2.2, CE with $A=\mathrm iI_d$ is complex and "
                r"only its real part is the trigonometric estimator (2), and CE with $A=I_d$ is the one-sided positive "
                r"estimator $\frac1m\sum_k e^{\omega_k^\top(x+y)-(\|x\|^2+\|y\|^2)/2}$, not "
                r"$\widehat{\mathrm{SM}}^{++}_m$ of (3), whose features come in pairs $e^{\pm\omega_k^\top u}$ "
                "(MSE 0.22156396 against 0.048755331 at the check's point, m = 4). The intent, that the two choices of "
                "A give the trigonometric and the positive random-feature families, is clear from the text."),
    evidence=("Erratum (typo) under the rulebook (issue 28 referee, D3): a misnamed estimator, graded like "
              "SimRF-Sec5.2-frob. With the iid omegas that (5) and Lemma 2.2 prescribe, CE(A = iI) is complex (Im CE "
              "= 0.254; its real part is (2) with the same projections) and CE(A = I) is the one-sided positive "
              "estimator (MSE 0.22156396 vs 0.048755331 for SM++). Only with the omegas in +- pairs would CE coincide "
              "with (2) and (3) (max rel. dev 2.2e-16), and the paper allows no such set-up. Recorded check output in "
              "the checks."),
    readings=(
        Reading("literal, iid omegas (Eq. (5), Lemma 2.2)", "with m iid omegas, CE(A = iI) = (2) and CE(A = I) = (3)", False,
                "Im CE(A = iI) = 0.254; MSE of CE(A = I) 0.22156396 vs MSE(SM++) 0.048755331"),
        Reading("charitable: iid omegas, 'becomes' read as 'its real part is' (the estimate used is Re CE)",
                "Re CE(A = iI) = (2) and Re CE(A = I) = (3) with iid omegas", False,
                "Re CE(A = iI) = trig estimate exactly (same w), but CE(A = I) is real and one-sided: MSE 0.22156396 "
                "vs MSE(SM++) 0.048755331"),
    ),
    defence=("(15) requires only omega_i ~ N(0, I_d), not independence; the antithetic set {omega_k, -omega_k} is allowed "
             "and turns both special cases into (2) and (3) exactly (defence counsel)."),
    defeated_by=("The +- pairs set-up is not one the paper allows: Eq. (5) draws omega_1, ..., omega_m iid, and the "
                 "SM++ of Lemma 2.2 that the sentence names is defined with iid omegas (the same holds for CE, which "
                 "the paper never pairs). Under the paper's iid omegas CE(A = iI) is complex (Im 0.254) and CE(A = I) "
                 "is the one-sided estimator (MSE 0.22156396 vs 0.048755331). The pairs check shows only what the "
                 "sentence intends (max rel. dev 2.2e-16). Typo: a misnamed estimator that a reader repairs from (3) "
                 "and (16); nothing downstream uses CE(A = I) as SM++."),
    checks=(
        Check("the intent, with +- paired omegas (a set-up the paper does not allow)", "numeric", _eq16_antithetic,
              exercises=("rfsym.hrf._trig_from", "rfsym.hrf._pos_from", "rfsym.hrf.mse_pos", "rfsym.hrf.mse_pos_onesided"),
              route="CE (16) written from the definition of Psi with +- paired omegas; sampled variance",
              control="iid omegas (complex CE, one-sided positive estimator)"),
        Check("iid omegas: the literal reading fails", "numeric", _eq16_num,
              exercises=("rfsym.hrf.sample_cexp", "rfsym.hrf.mse_pos_onesided", "rfsym.hrf.mse_pos"),
              route="CE with A = iI, I built from the same projections; sampled variance",
              control="the printed reading MSE(CE, A = I) = MSE(SM++)"),
        Check("one-sided MSE by quadrature", "numeric", _eq16_onesided_quad,
              exercises=("rfsym.hrf.mse_pos_onesided",), route="quadrature of E e^{2 g |x+y|}",
              control="x(1+1e-3)"),
    ),
    no_witness={
        "symbolic": "a statement about which estimator a special case is; decided by construction and sampling",
        "montecarlo": "sampled inside the antithetic check (the variance of CE with A = I against Lemma 2.2)",
    },
))


def _eq17_num():
    y = ["0.4", "-0.3", "0.2"]
    # x of (17) is complex for a general complex A; it is real for real A and for A = diag(i b)
    Ar = [["1.2", "0.3", "0"], ["0", "0.7", "-0.2"], ["0.1", "0", "1.5"]]
    xr = hrf.cexp_zero_variance_point(y, Ar, dps=30)
    xr_real = [mpmath.re(v) for v in xr]
    mo = hrf.cexp_moments(xr_real, y, Ar, 3, dps=30)
    # Eq. (17) for complex A: the variance formula at A = diag(i*b) with x = -A^{-1}A^{-T} y real
    Ac = [["2j", 0, 0], [0, "0.5j", 0], [0, 0, "1j"]]
    xc = [mpmath.re(v) for v in hrf.cexp_zero_variance_point(y, Ac, dps=30)]
    moc = hrf.cexp_moments(xc, y, Ac, 3, dps=30)
    est = hrf.sample_cexp(np.array([float(v) for v in xr_real]), np.array([0.4, -0.3, 0.2]),
                          np.array([[1.2, 0.3, 0], [0, 0.7, -0.2], [0.1, 0, 1.5]]), 3, _rng(10), 1000)
    spread = float(np.max(np.abs(est - est[0])) / abs(est[0]))
    ok = abs(mo["mse_complex"]) < 1e-25 and abs(moc["mse_complex"]) < 1e-25 and spread < 1e-12
    return controlled(ok, f"real A: x = -A^-1 A^-T y gives E|CE-SM|^2 = {_f(mo['mse_complex'], 3)}; complex A = diag(2i, i/2, i): "
                           f"{_f(moc['mse_complex'], 3)}; 1000 sampled estimates at the real-A point differ by rel. {spread:.1e}", "a point off by 1e-3 (variance ~1e-6 > tolerance 1e-25, implied)")


def _eq17_mc():
    """Sampled CE estimates: constant at the (17) point; a nearby point has the exact positive variance."""
    y = ["0.4", "-0.3", "0.2"]
    Ar = [["1.2", "0.3", "0"], ["0", "0.7", "-0.2"], ["0.1", "0", "1.5"]]
    x0 = [float(mpmath.re(v)) for v in hrf.cexp_zero_variance_point(y, Ar, dps=30)]
    An = np.array([[float(v) for v in row] for row in Ar])
    yv = np.array([float(v) for v in y])
    e0 = hrf.sample_cexp(np.array(x0), yv, An, 2, _rng_witness(70), 20000).real
    x1 = np.array(x0) + np.array([0.05, 0.0, -0.05])
    e1 = hrf.sample_cexp(x1, yv, An, 2, _rng_witness(71), 200000).real
    ex1 = hrf.cexp_moments([float(v) for v in x1], y, Ar, 2, dps=15)["var_real"]
    z1 = z_check(variance_of(e1), ex1)
    spread = float(np.ptp(e0) / abs(e0.mean()))
    return Outcome(spread < 1e-12 and z1.passed, (f"at x = -A^-1 A^-T y: 20000 sampled estimates spread {spread:.1e} (zero variance); "
                                                 f"0.05 away: sampled variance {z1}"),
                   agreement=f"z = {z1.z:+.2f}", control_rejected=float(ex1) > 1e-4 and np.ptp(e1) > 1e-3,
                   control_detail=f"zero variance off the point rejected (exact {float(ex1):.3g})")


CLAIMS.append(Claim(
    id="HRF-Eq17", paper="HRF", location="Sec. 2.3, Eq. (17)",
    statement="The CE estimator has zero variance if x = -A^{-1}(A^T)^{-1} y.",
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:square-on-Cd",),
    evidence=("[numeric] real A: x = -A^-1 A^-T y gives E|CE-SM|^2 = 0.0; complex A = diag(2i, i/2, i): 0.0; "
              "1000 sampled estimates at the real-A point differ by rel. 3.4e-16 | [montecarlo] at x = -A^-1 "
              "A^-T y: 20000 sampled estimates spread 6.9e-16 (zero variance); 0.05 away: sampled variance MC "
              "0.00185261 ± 5.9e-06 (n=200000) vs exact 0.00184422: z = +1.42 (pass, |z| <= 5)"),
    checks=(
        Check("exact variance and sampled estimates", "numeric", _eq17_num,
              exercises=("rfsym.hrf.cexp_zero_variance_point", "rfsym.hrf.cexp_moments", "rfsym.hrf.sample_cexp"),
              route="exact variance at the (17) point; 1000 sampled estimates all equal",
              control="a point off by 1e-3 (variance ~1e-6 > tolerance 1e-25, implied)"),
        Check("sampled estimates at and near the point", "montecarlo", _eq17_mc,
              exercises=("rfsym.hrf.cexp_zero_variance_point", "rfsym.hrf.sample_cexp", "rfsym.hrf.cexp_moments"),
              route="sampled CE estimates", control="zero variance off the point"),
    ),
    no_witness={"symbolic": "z = 0 makes every feature constant; the numeric witness shows it"},
))


def _eq18_num():
    rng = _rng(11)
    no_sol, min_im, worst_sol, worst_var, full_rank = np.inf, np.inf, 0.0, mpmath.mpf(0), True
    for trial in range(40):
        d = 2 + trial % 2
        # (a) generic complex A, real y: (17) gives a complex x and the stacked real system
        #     [Re A; Im A] x = -[Re A^-T; Im A^-T] y has no real solution (least-squares residual > 0)
        A = rng.standard_normal((d, d)) + 1j * rng.standard_normal((d, d))
        B = np.linalg.inv(A.T)
        S = np.vstack([A.real, A.imag])
        full_rank &= bool(np.linalg.matrix_rank(S) == d)
        y = rng.standard_normal(d)
        rhs = -np.concatenate([B.real @ y, B.imag @ y])
        xs = np.linalg.lstsq(S, rhs, rcond=None)[0]
        no_sol = min(no_sol, np.linalg.norm(S @ xs - rhs) / np.linalg.norm(rhs))
        x17 = hrf.cexp_zero_variance_point(list(y), [[complex(v) for v in row] for row in A], dps=20)
        min_im = min(min_im, max(abs(float(mpmath.im(v))) for v in x17))
        # (b) A = D Q (D diagonal with real or imaginary entries, Q real orthogonal): A^T A is real, the
        #     stacked system is solvable, its (unique: full column rank) solution is the (17) point,
        #     and the variance there is zero
        Q, _ = np.linalg.qr(rng.standard_normal((d, d)))
        A = np.diag(rng.uniform(0.5, 1.5, d) * np.where(rng.random(d) < 0.5, 1, 1j)) @ Q
        B = np.linalg.inv(A.T)
        S = np.vstack([A.real, A.imag])
        full_rank &= bool(np.linalg.matrix_rank(S) == d)
        y = 0.5 * rng.standard_normal(d)
        rhs = -np.concatenate([B.real @ y, B.imag @ y])
        xs = np.linalg.lstsq(S, rhs, rcond=None)[0]
        Ac = [[complex(v) for v in row] for row in A]
        x17 = hrf.cexp_zero_variance_point(list(y), Ac, dps=20)
        worst_sol = max(worst_sol, np.linalg.norm(S @ xs - rhs), max(abs(complex(a) - b) for a, b in zip(x17, xs)))
        mo = hrf.cexp_moments([mpmath.re(v) for v in x17], list(y), Ac, 1, dps=20)
        worst_var = max(worst_var, abs(mo["mse_complex"]))
    # (c) a real x solving ONLY the Re-equation Re(A)x + Re(A^-T)y = 0: positive variance
    A = [["1+1j", "0.3"], ["-0.2j", "0.8-0.5j"]]
    y = ["0.4", "-0.3"]
    with mp.workdps(40):
        Am = mpmath.matrix([[mpmath.mpmathify(s) for s in row] for row in A])
        Bm = Am.T ** -1
        ReA = mpmath.matrix([[mpmath.re(Am[i, j]) for j in range(2)] for i in range(2)])
        ReB = mpmath.matrix([[mpmath.re(Bm[i, j]) for j in range(2)] for i in range(2)])
        yv = mpmath.matrix([mpmath.mpf(v) for v in y])
        xr = -(ReA ** -1) * (ReB * yv)
        xr = [xr[0], xr[1]]
        z = Am * mpmath.matrix(xr) + Bm * yv
        re_res = max(abs(mpmath.re(v)) for v in z)
        im_res = max(abs(mpmath.im(v)) for v in z)
    mo = hrf.cexp_moments(xr, y, A, 1, dps=20)
    Af = np.array([[complex(s) for s in row] for row in A])
    est = hrf.sample_cexp(np.array([float(v) for v in xr]), np.array([0.4, -0.3]), Af, 1, _rng(14), 100000).real
    ok_mc, ev_mc = _mc_pair(variance_of(est), mo["var_real"], 0.0, "MC Var Re CE (m=1) there")
    ok = (full_rank and no_sol > 1e-3 and min_im > 1e-4 and worst_sol < 1e-10 and worst_var < mpmath.mpf(10) ** -20
          and re_res < mpmath.mpf(10) ** -30 and im_res > mpmath.mpf("0.1") and mo["var_real"] > mpmath.mpf("0.01")
          and ok_mc)
    return controlled(ok, f"stacked real system [Re A; Im A] x = -[Re A^-T; Im A^-T] y (full column rank for all 80 A, d = 2, 3): "
                           f"40 generic complex A, real y: (17) point complex (min max|Im x| {min_im:.2g}), no real solution "
                           f"(min rel. least-squares residual {no_sol:.3g}); 40 A = D Q with A^T A real: unique solution = "
                           f"cexp_zero_variance_point (max dev {worst_sol:.1e}), variance there {_f(worst_var, 2)}. "
                           f"A = [[1+i, 0.3], [-0.2i, 0.8-0.5i]], y = (0.4, -0.3), x solving only the Re-equation "
                           f"(Re z = {_f(re_res, 2)}, |Im z| = {_f(im_res, 6)}): Var Re CE = {_f(mo['var_real'], 8)}, "
                           f"E|CE-SM|^2 = {_f(mo['mse_complex'], 8)} > 0; {ev_mc}", "zero variance at a point solving only the Re-equation")


def _eq18_mc():
    """Sampled Var Re CE at a real x that solves only the Re-equation of (18): positive, as computed."""
    A = [["1+1j", "0.3"], ["-0.2j", "0.8-0.5j"]]
    y = ["0.4", "-0.3"]
    with mp.workdps(40):
        Am = mpmath.matrix([[mpmath.mpmathify(s) for s in row] for row in A])
        Bm = Am.T ** -1
        ReA = mpmath.matrix([[mpmath.re(Am[i, j]) for j in range(2)] for i in range(2)])
        ReB = mpmath.matrix([[mpmath.re(Bm[i, j]) for j in range(2)] for i in range(2)])
        xr = -(ReA ** -1) * (ReB * mpmath.matrix([mpmath.mpf(v) for v in y]))
        xr = [xr[0], xr[1]]
    mo = hrf.cexp_moments(xr, y, A, 1, dps=20)
    est = hrf.sample_cexp(np.array([float(v) for v in xr]), np.array([0.4, -0.3]),
                          np.array([[complex(s) for s in row] for row in A]), 1, _rng_witness(72), 200000).real
    v = variance_of(est)
    zg, zb = z_check(v, mo["var_real"]), z_check(v, 0.0)
    return Outcome(zg.passed, f"Re-only point, m = 1, 200000 draws: Var Re CE {zg}; zero variance: z = {zb.z:+.1f}",
                   agreement=f"z = {zg.z:+.2f}", control_rejected=not zb.passed, control_detail=f"0 rejected at z = {zb.z:+.1f}")


CLAIMS.append(Claim(
    id="HRF-Eq18", paper="HRF", location="Sec. 2.3, Eq. (18)",
    statement=(r"(17) can be relaxed: zero variance only needs $\mathrm{Re}(A)x+\mathrm{Re}((A^\top)^{-1})y=0$ "
               r"and $\mathrm{Im}(A)x+\mathrm{Im}((A^\top)^{-1})y=0$."),
    verdict="erratum", severity="typo", rule="erratum-typo",
    conventions=("HRF:square-on-Cd",),
    readings=(
        Reading('literal',
                '(18) is a weaker (relaxed) zero-variance condition than (17)',
                False, 'a real x solving only the Re-equation has Var Re CE = 0.048457719 > 0; (18) as a whole has the unique solution of (17)'),
        Reading('charitable: (18) is (17) written in real arithmetic (defence counsel)',
                'for real x, y the two equations are Re z = 0 and Im z = 0, a correct necessary and sufficient condition',
                False, 'correct as a condition, but then it is no relaxation: full column rank for all 80 A, unique solution = cexp_zero_variance_point (max dev 1.1e-15)'),
    ),
    defence="(18) is a correct zero-variance condition equivalent to (17); only the word 'relax' is wrong, and App. H.2 uses exactly this Re/Im split (defence counsel).",
    defeated_by=("The words 'relax' and 'only need' are false (the stacked system has the unique solution of (17), "
                 "max dev 1.1e-15), so the sentence is wrong as printed; but the display itself repairs it: for real "
                 "x, y the two equations of (18) are the real and imaginary parts of (17)'s z = Ax + (A^T)^{-1}y = 0, "
                 "which a reader reads off the display, and nothing downstream uses a relaxation (App. H.2 uses the "
                 "Re/Im split only as (17) restated). erratum-typo under the rulebook's typo test, graded like "
                 "DERF-Sec3.1-K, CRT-Sec3.1-var2 and SimRF-Sec5.2-frob (a false word around a correct display); unlike "
                 "HRF-Thm3.1's 'further reduced', which is a claim about a quantity the reader must compute, not one "
                 "readable off the display (issue 28 referee, D5)."),
    correction=(r"For real $x,y$ the two equations of (18) together say $z=Ax+(A^\top)^{-1}y=0$, i.e. (17): the "
                "stacked real system "
                r"$[\mathrm{Re}A;\mathrm{Im}A]\,x=-[\mathrm{Re}A^{-\top};\mathrm{Im}A^{-\top}]\,y$ has full "
                r"column rank and its only solution is $x=-A^{-1}A^{-\top}y$ (a real $x$ only when that point "
                r"is real, e.g. $A^\top A$ real). (18) is a restatement, not a relaxation; a real $x$ "
                "satisfying only the Re-equation has positive variance."),
    evidence=("[numeric] stacked real system [Re A; Im A] x = -[Re A^-T; Im A^-T] y (full column rank for all "
              "80 A, d = 2, 3): 40 generic complex A, real y: (17) point complex (min max|Im x| 0.0082), no "
              "real solution (min rel. least-squares residual 0.162); 40 A = D Q with A^T A real: unique "
              "solution = cexp_zero_variance_point (max dev 1.1e-15), variance there 0.0. A = [[1+i, 0.3], "
              "[-0.2i, 0.8-0.5i]], y = (0.4, -0.3), x solving only the Re-equation (Re z = 2.9e-42, |Im z| = "
              "0.56103): Var Re CE = 0.048457719, E|CE-SM|^2 = 0.2934397 > 0; MC Var Re CE (m=1) there: exact "
              "-> MC 0.0483295 ± 0.00042 (n=100000) vs exact 0.0484577: z = -0.31 (pass, |z| <= 5); wrong value "
              "0 -> z = +115.7 | [montecarlo] Re-only point, m = 1, 200000 draws: Var Re CE MC 0.0485174 ± "
              "0.0003 (n=200000) vs exact 0.0484577: z = +0.20 (pass, |z| <= 5); zero variance: z = +163.8"),
    checks=(
        Check("stacked real system, Re-only point, MC", "numeric", _eq18_num,
              exercises=("rfsym.hrf.cexp_zero_variance_point", "rfsym.hrf.cexp_moments", "rfsym.hrf.sample_cexp"),
              route="least squares of the stacked real system; sampled variance at the Re-only point",
              control="zero variance at a point solving only the Re-equation"),
        Check("sampled variance at the Re-only point", "montecarlo", _eq18_mc,
              exercises=("rfsym.hrf.cexp_moments", "rfsym.hrf.sample_cexp"), route="200000 sampled CE estimates",
              control="zero variance"),
    ),
    no_witness={"symbolic": "a linear-algebra rank statement decided numerically on 80 random A"},
))


def _eq19_mc():
    from scipy import stats
    x, y = np.array([1.0, 0.2, -0.5]), np.array([-0.3, 0.8, 0.1])
    n, N = 3, 100000
    th = float(hrf.angle(list(x), list(y), dps=15))
    lam = hrf.sample_angular_lambda(x, y, n, _rng(12), N)
    ok1, ev1 = _mc_pair(mean_of(lam), th / math.pi, 1.1 * th / math.pi, "E lambda_hat")
    k = np.round(lam * n).astype(int)
    dev = float(np.max(np.abs(lam * n - k)))
    counts = np.bincount(k, minlength=n + 1)

    def cells(p):
        pk = stats.binom.pmf(np.arange(n + 1), n, p)
        z = (counts - N * pk) / np.sqrt(N * pk * (1 - pk))
        chi2 = float(np.sum((counts - N * pk) ** 2 / (N * pk)))
        return z, chi2, float(stats.chi2.sf(chi2, n))

    zg, c2g, pg = cells(th / math.pi)
    zw, c2w, pw = cells(1.1 * th / math.pi)
    ok = bool(ok1 and dev < 1e-12 and counts.sum() == N and np.max(np.abs(zg)) <= 5 and np.max(np.abs(zw)) > 5)
    return controlled(ok, ev1 + f"; every draw is K/n with integer K (max dev {dev:.1e}); K ~ Bin({n}, theta/pi = "
                           f"{th / math.pi:.6f}): counts {counts.tolist()}, per-cell z {np.array2string(zg, precision=2)} "
                           f"(|z| <= 5), chi2 = {c2g:.2f} on {n} df (p = {pg:.3f}); wrong p = 1.1 theta/pi: per-cell z "
                           f"{np.array2string(zw, precision=1)}, chi2 = {c2w:.0f} (p = {pw:.1e})", "p = 1.1 theta/pi",
                      domain={"draw": f"{N} sampled draws of n = {n} sign features at one (x, y), seed [{SEED}, 12]"})


def _eq19_quad():
    """P(sgn(tau^T x) != sgn(tau^T y)) by quadrature over the direction of tau in span(x, y) = theta/pi."""
    x, y = ["1", "1/5", "-1/2"], ["-3/10", "4/5", "1/10"]
    th = hrf.angle(x, y, dps=30)
    with mp.workdps(40):
        # tau's projection on span(x, y) has a uniform direction phi; sgn differs iff cos(phi), cos(phi - theta) differ
        f = lambda phi: 1 if (mp.cos(phi) > 0) != (mp.cos(phi - th) > 0) else 0
        jumps = [mp.pi / 2, 3 * mp.pi / 2, th + mp.pi / 2, th + 3 * mp.pi / 2]
        pts = sorted({mpmath.mpf(0), 2 * mp.pi} | {mpmath.fmod(p, 2 * mp.pi) for p in jumps})
        prob = mp.quad(f, pts) / (2 * mp.pi)
    with mp.workdps(40):
        dg = _digits(prob, th / mp.pi)
        db = _digits(prob, th / (2 * mp.pi))
    return Outcome(dg >= 20, f"P(signs differ) by quadrature = {_f(prob, 20)} = theta/pi ({dg} digits)",
                   agreement=f"{dg} digits", control_rejected=db <= 2, control_detail=f"theta/(2 pi): {db} digits")


CLAIMS.append(Claim(
    id="HRF-Eq19", paper="HRF", location="Sec. 2.4, Eq. (19)",
    statement=("lambda_hat = 1/2 + rho_n(x)^T rho_n(y) with rho_n = i/sqrt(2n) sgn(tau^T z) is unbiased for "
               "theta/pi."),
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:lambda-vs-estimator",),
    evidence=("[montecarlo] E lambda_hat: exact -> MC 0.560603 ± 0.00091 (n=100000) vs exact 0.562297: z = "
              "-1.87 (pass, |z| <= 5); wrong value 0.618527 -> z = -64.0; every draw is K/n with integer K (max "
              "dev 3.3e-16); K ~ Bin(3, theta/pi = 0.562297): counts [8539, 32261, 41680, 17520], per-cell z [ "
              "1.75 -0.39  1.04 -2.14] (|z| <= 5), chi2 = 7.30 on 3 df (p = 0.063); wrong p = 1.1 theta/pi: "
              "per-cell z [ 41.3  37.5 -13.4 -45.7], chi2 = 4328 (p = 0.0e+00) | [numeric] P(signs differ) by "
              "quadrature = 0.56229727607444476261 = theta/pi (40 digits)"),
    checks=(
        Check("MC mean and law K ~ Bin(n, theta/pi), per-cell z and chi-square", "montecarlo", _eq19_mc,
              exercises=("rfsym.hrf.sample_angular_lambda", "rfsym.hrf.angle"),
              route="sampled sign features, 100000 draws, binomial law", control="p = 1.1 theta/pi"),
        Check("P(signs differ) by quadrature", "numeric", _eq19_quad, exercises=("rfsym.hrf.angle",),
              route="quadrature over the direction of tau", control="theta/(2 pi)"),
    ),
    no_witness={"symbolic": "Goemans-Williamson P(sgn differs) = theta/pi (Lemma 3.2's sympy witness)"},
))


def _eq43_num():
    rng = _rng(35)
    worst = 0.0
    for _ in range(50):
        n = int(rng.integers(1, 9))
        x, y, T = rng.standard_normal(3), rng.standard_normal(3), rng.standard_normal((n, 3))
        rho = lambda z: 1j / np.sqrt(2 * n) * np.sign(T @ z)
        lam19 = 0.5 + np.sum(rho(x) * rho(y)).real
        phi = lambda z: np.sign(T @ z) / np.sqrt(n)
        lam43 = 0.5 * (1 - np.sum(phi(x) * phi(y)))
        worst = max(worst, abs(lam19 - lam43))
    return controlled(worst < 1e-14, f"(19) with rho_n = i/sqrt(2n) sgn(.) equals (43) 1/2(1 - sum X_i), X_i = phi^ang(x)_i phi^ang(y)_i, on 50 random draws: max diff {worst:.1e}", "(43) without the 1/2 (differs by O(1); tolerance 1e-14, implied)")


def _eq43_sym():
    n = sympy.Symbol("n", positive=True, integer=True)
    S = sympy.Symbol("S", real=True)  # sum_i sgn(tau_i^T x) sgn(tau_i^T y)
    lam19 = sympy.Rational(1, 2) + (sympy.I / sympy.sqrt(2 * n)) ** 2 * S
    lam43 = sympy.Rational(1, 2) * (1 - S / n)
    d = sympy.simplify(lam19 - lam43)
    bad = sympy.simplify(lam19 - sympy.Rational(1, 2) * (1 - S / (2 * n)))
    return Outcome(d == 0, f"sympy: 1/2 + (i/sqrt(2n))^2 S - 1/2 (1 - S/n) = {d}", agreement="exact (sympy)",
                   control_rejected=bad != 0, control_detail="1/2 (1 - S/(2n)) rejected")


CLAIMS.append(Claim(
    id="HRF-Eq43", paper="HRF", location="App. D.1, Eqs. (42)-(43)",
    statement=("With phi^ang_n(z) = n^-1/2 sgn(tau^T z) and X_i = phi(x)_i phi(y)_i: lambda_hat = 1/2 (1 - sum "
               "X_i)."),
    verdict="verified", rule="verified-as-printed",
    evidence=("[numeric] (19) with rho_n = i/sqrt(2n) sgn(.) equals (43) 1/2(1 - sum X_i), X_i = phi^ang(x)_i "
              "phi^ang(y)_i, on 50 random draws: max diff 2.8e-16 | [symbolic] sympy: 1/2 + (i/sqrt(2n))^2 S - "
              "1/2 (1 - S/n) = 0"),
    checks=(
        Check("(43) vs (19)", "numeric", _eq43_num,
              route="(19) and (43) evaluated on the same random sign draws",
              control="(43) without the 1/2 (differs by O(1); tolerance 1e-14, implied)"),
        Check("sympy rewrite", "symbolic", _eq43_sym, route="sympy", control="1/2 (1 - S/(2n))"),
    ),
    no_witness={"montecarlo": "an identity for every sign draw"},
))


def _eq20_sym():
    x = sympy.Matrix(sympy.symbols("x1:3", real=True))
    y = sympy.Matrix(sympy.symbols("y1:3", real=True))
    M = sympy.Matrix(2, 2, sympy.symbols("M1:5", real=True))
    c = sympy.Symbol("c", positive=True)
    my = M * y
    lhs = -((x + my).T * (x + my))[0] / (2 * c ** 2)
    rhs = -(x.T * x)[0] / (2 * c ** 2) - (my.T * my)[0] / (2 * c ** 2) + ((x / c).T * (-my / c))[0]
    bad = -(x.T * x)[0] / (2 * c ** 2) - (my.T * my)[0] / (2 * c ** 2) + ((x / c).T * (my / c))[0]
    d, db = sympy.expand(lhs - rhs), sympy.expand(lhs - bad)
    return Outcome(d == 0, f"sympy: log lambda - log(e^(-|x|^2/2c^2) e^(-|My|^2/2c^2) SM(x/c, -My/c)) = {d}",
                   agreement="exact (sympy)", control_rejected=db != 0, control_detail="SM(x/c, +My/c) rejected")


def _eq20_mc():
    x, y = np.array([0.5, -0.2]), np.array([0.3, 0.4])
    M = np.array([[0.5, -1.0], [0.2, 0.7]])
    c = 1.3
    lam_exact = math.exp(-float((x + M @ y) @ (x + M @ y)) / (2 * c * c))
    lam = hrf.sample_gaussian_lambda_pos(x, y, M, c, 3, _rng(14), 60000)
    ok1, ev1 = _mc_pair(mean_of(lam), lam_exact, 1.1 * lam_exact, "++ features")
    # trig features for the same coefficient: exp(|u|^2/2 + |v|^2/2) cos(w^T(u - v)) with u=x/c, v=-My/c
    u, v = x / c, -(M @ y) / c
    pref = math.exp(-float(x @ x + (M @ y) @ (M @ y)) / (2 * c * c))
    W = _rng(15).standard_normal((60000, 3, 2))
    lam_t = pref * hrf._trig_from(W, u, v)
    ok2, ev2 = _mc_pair(mean_of(lam_t), lam_exact, 1.1 * lam_exact, "trig features")
    return controlled(ok1 and ok2, f"lambda = {lam_exact:.6f}; {ev1}; {ev2}", "1.1 lambda")


CLAIMS.append(Claim(
    id="HRF-Eq20", paper="HRF", location="Sec. 2.4, Eq. (20)",
    statement=("Gaussian coefficients lambda = exp(-|x+My|^2/(2c^2)) are linearized by rho_1 = e^{-|x|^2/2c^2} "
               "phi(x/c), rho_2 = e^{-|My|^2/2c^2} phi(-My/c) with a_k = 0."),
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:lambda-vs-estimator",),
    evidence=("[symbolic] sympy: log lambda - log(e^(-|x|^2/2c^2) e^(-|My|^2/2c^2) SM(x/c, -My/c)) = 0 | "
              "[montecarlo] lambda = 0.976003; ++ features: exact -> MC 0.975381 ± 0.00083 (n=60000) vs exact "
              "0.976003: z = -0.75 (pass, |z| <= 5); wrong value 1.0736 -> z = -119.0; trig features: exact -> "
              "MC 0.976075 ± 7.9e-05 (n=60000) vs exact 0.976003: z = +0.92 (pass, |z| <= 5); wrong value "
              "1.0736 -> z = -1232.9"),
    checks=(
        Check("sympy identity", "symbolic", _eq20_sym, route="sympy expansion of the exponent",
              control="SM(x/c, +My/c)"),
        Check("MC with ++ and trig features", "montecarlo", _eq20_mc,
              exercises=("rfsym.hrf.sample_gaussian_lambda_pos",), route="sampled ++ and trig features of (20)",
              control="1.1 lambda"),
    ),
    no_witness={"numeric": "the sympy identity holds for all arguments"},
))


def _sec24_hat_mc():
    # Sec. 2.4 writes lambda-hat^k = exp(-|x + M y|^2/(2c^2)); the coefficient estimator of (20) is random (positive
    # variance) and this exponential is its mean lambda^k (Sec. 2.2: lambda-hat estimates lambda)
    x, y = np.array([0.4, -0.2]), np.array([-0.3, 0.5])
    X, Y = ["0.4", "-0.2"], ["-0.3", "0.5"]
    M, c, n = [[1, 0], [0, 1]], 1, 4
    mo = hrf.gaussian_lambda_pos_moments(X, Y, M, c, n, dps=20)
    var = mo["second"] - mo["mean"] ** 2
    lam = mpmath.exp(-sum((mpmath.mpf(a) + mpmath.mpf(b)) ** 2 for a, b in zip(X, Y)) / (2 * c * c))
    est = hrf.sample_gaussian_lambda_pos(x, y, np.array(M, dtype=float), c, n, _rng(24), 100000)
    # z in exact s.e.: the estimator's exact variance, and for its sampled variance (squared deviations about the
    # exact mean) the exact fourth central moment from the raw moments of n i.i.d. ++ terms (Gaussian integrals);
    # decisions at the guaranteed rate 5.7e-07 (lower = 0: positive features)
    with mp.workdps(40):
        L = W.lam_raw_gaussian_pos(X, Y, M, c, n)
        mu = L[1]
        c4 = L[4] - 4 * L[3] * mu + 6 * L[2] * mu ** 2 - 3 * mu ** 4
        var_sq = float(c4 - var ** 2)
    m_ok = exact_z_witness(est, float(lam), float(var), {"1.1 lambda": 1.1 * float(lam)}, lower=0.0)
    v_ok = exact_z_witness((est - float(lam)) ** 2, float(var), var_sq, {"variance 0": 0.0}, lower=0.0)
    ok = m_ok.passed and v_ok.passed and v_ok.controls_rejected and abs(mo["mean"] / lam - 1) < 1e-15
    zc = v_ok.controls[0][1].z
    return Outcome(ok, f"x = (0.4, -0.2), y = (-0.3, 0.5), M = I, c = 1, n = {n} positive features (100000 draws of (20)): "
                       f"exp(-|x+My|^2/(2c^2)) = {_f(lam, 10)} is the mean of the estimator ({_ez(m_ok)}); its variance "
                       f"{_f(var, 8)} (gaussian_lambda_pos_moments) is positive (squared deviations {_ez(v_ok)}); the printed "
                       f"reading lambda-hat = exp(...) (a deterministic coefficient, variance 0) gives {_ez_ctl(v_ok)}",
                   agreement=f"mean z = {m_ok.z:+.2f}, variance z = {v_ok.z:+.2f} (exact s.e.)",
                   control_rejected=v_ok.controls_rejected,
                   control_detail=f"variance 0 rejected at z = {zc:+.1f} (exact s.e., guaranteed rate 5.7e-07)")


CLAIMS.append(Claim(
    id="HRF-Sec2.4-hat", paper="HRF", location=("Sec. 2.4, 'Gaussian Lambda Coefficients', the sentence before "
                                                "(20)"),
    statement=(r"'functions $\widehat\lambda^k(x,y)$ are defined as "
               r"$\widehat\lambda^k(x,y)=\exp(-\frac{\|x+M_ky\|_2^2}{2c_k^2})$'."),
    verdict="erratum", severity="typo", rule="erratum-typo",
    conventions=("HRF:lambda-vs-estimator",),
    readings=(
        Reading('literal',
                'lambda-hat^k(x, y) equals the deterministic exponential',
                False, 'the estimator (20) has variance 0.11760255 (sampled z = -1.38 in exact standard errors), not 0 (z = +56.1)'),
        Reading('charitable: the hat is a slip for lambda^k, the function (20) estimates',
                'the exponential is the mean of (20)',
                False, 'mean 0.9512294245 (sampled z = -0.61); as printed the hatted symbol is still the wrong object'),
    ),
    defence='The next sentence and (20) make clear that the exponential is the coefficient lambda^k, estimated by (20).',
    defeated_by='The printed identity puts the estimator equal to a constant (variance 0.11760255 > 0); intent clear from (20): typo.',
    correction=(r"$\lambda^k(x,y)=\exp(-\frac{\|x+M_ky\|_2^2}{2c_k^2})$ (the function; Sec. 2.2 reserves "
                r"$\widehat\lambda^k$ for its estimator, here $\rho_1^{k\top}\rho_2^k$ of (20))."),
    evidence=("The sampled estimator (20) has the exponential as its mean and a positive variance equal to the "
              "library's exact value; a deterministic 'lambda-hat = exp(...)' is rejected (numbers in the check "
              "output)."),
    checks=(
        Check("sampled coefficient estimator (20): mean and variance", "montecarlo", _sec24_hat_mc,
              exercises=("rfsym.hrf.gaussian_lambda_pos_moments", "rfsym.hrf.sample_gaussian_lambda_pos"),
              route="sampled coefficient estimator (20) with positive features, 100000 draws",
              control="the printed reading: lambda-hat equal to the deterministic exponential (variance 0)"),
    ),
    single_witness=("a misplaced hat: the one computable fact is that the exponential is the mean of the random "
                    "coefficient estimator (20), not the estimator, which the sampled mean and variance decide; "
                    "(20) itself has its own two witnesses (HRF-Eq20)"),
))


#: Mutants no check of this file can notice, and why (``python -m rfsym audit``; keyed by function).
AUDIT_EXPLAINED = {
    "rfsym.hrf.sample_cexp:rel1e-3": ("a 0.1 % scaling of sampled CE estimates is below Monte Carlo resolution; "
                                      "cexp_moments is pinned by quadrature (HRF-Eq15)"),
    "rfsym.hrf.sample_gaussian_lambda_pos:rel1e-3": ("a 0.1 % scaling of sampled coefficients is below Monte "
                                                     "Carlo resolution; the exact moments are pinned by "
                                                     "quadrature (HRF-Thm3.1)"),
}
