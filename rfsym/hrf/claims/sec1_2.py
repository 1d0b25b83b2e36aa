"""Sections 1-2.2: the trigonometric and positive estimators (Eqs. (1)-(3), Def. 2.1, Lemma 2.2) and the
HRF estimator (Eq. (8), Lemma 2.3 with its proof in App. B).

* ``HRF-Eq1`` verified -- Sec. 1, Eq. (1)
* ``HRF-Def2.1`` erratum (typo) -- Sec. 2.1, Def. 2.1, Eqs. (4)-(6) and the sentence after (6)
* ``HRF-Eq2`` verified -- Sec. 1, Eq. (2)
* ``HRF-Eq3`` verified -- Sec. 1, Eq. (3)
* ``HRF-Lem2.2`` verified -- Sec. 2.1, Lemma 2.2, Eq. (7)
* ``HRF-Eq8`` verified -- Sec. 2.2, Eq. (8)
* ``HRF-Lem2.3`` verified -- Sec. 2.2, Lemma 2.3, Eq. (11); App. B, Eq. (30)
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy
from mpmath import mp, nstr

from ... import hrf, kernels
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import exact_z_witness, mean_of, variance_of, z_check
from .. import witnesses as W
from ._checks import (_ez, _ez_ctl, _mse_pair, _sq_err_witness, controlled, _digits, _f, _mc_pair, _NO_MC_DET, _rng, _rng_second, _rng_witness, _sym2mp,
    _sym_pairs, XA, XA_F, YA, YA_F)

CLAIMS: list = []


def _eq1_sym():
    x = sympy.Matrix(sympy.symbols("x1:4", real=True))
    y = sympy.Matrix(sympy.symbols("y1:4", real=True))
    kg = -((x - y).T * (x - y))[0] / 2
    rhs = -(x.T * x)[0] / 2 + (x.T * y)[0] - (y.T * y)[0] / 2
    d = sympy.expand(kg - rhs)
    bad = sympy.expand(-((x - y).T * (x - y))[0] - rhs)
    return Outcome(d == 0, f"sympy: log K_gauss - log(e^(-|x|^2/2) SM e^(-|y|^2/2)) = {d} (d = 3)",
                   agreement="exact (sympy)", control_rejected=bad != 0,
                   control_detail="K_gauss without the 1/2 leaves a nonzero remainder")


def _eq1_num():
    """rfsym.kernels.gaussian_kernel vs e^{-|x|^2/2} softmax_kernel e^{-|y|^2/2} at 30 digits."""
    from ... import kernels
    worst, ctrl = 40, 0
    for x, y in ((["1/2", "-1/3", "1/4"], ["1/5", "1/2", "-1"]), (["2", "0"], ["-1", "3/2"])):
        g = kernels.gaussian_kernel(x, y, dps=30)
        s = kernels.softmax_kernel(x, y, dps=30)
        with mp.workdps(40):
            xv, yv = [mpmath.mpmathify(v) for v in x], [mpmath.mpmathify(v) for v in y]
            rhs = mp.exp(-sum(a * a for a in xv) / 2) * s * mp.exp(-sum(b * b for b in yv) / 2)
            bad = mp.exp(-sum(a * a for a in xv)) * s * mp.exp(-sum(b * b for b in yv))
        worst = min(worst, _digits(g, rhs))
        ctrl = max(ctrl, _digits(g, bad))
    return Outcome(worst >= 28, f"kernels.gaussian_kernel = e^(-|x|^2/2) softmax_kernel e^(-|y|^2/2) to >= {worst} digits at 2 points",
                   agreement=f"{worst} digits", control_rejected=ctrl <= 2,
                   control_detail=f"without the 1/2 (e^(-|x|^2) SM e^(-|y|^2)): {ctrl} digits")


CLAIMS.append(Claim(
    id="HRF-Eq1", paper="HRF", location="Sec. 1, Eq. (1)",
    statement="K_gauss(x,y) = exp(-|x|^2/2) SM(x,y) exp(-|y|^2/2), SM(x,y) = exp(x^T y).",
    verdict="verified", rule="verified-as-printed",
    evidence=("[symbolic] sympy: log K_gauss - log(e^(-|x|^2/2) SM e^(-|y|^2/2)) = 0 (d = 3) | [numeric] "
              "kernels.gaussian_kernel = e^(-|x|^2/2) softmax_kernel e^(-|y|^2/2) to >= 40 digits at 2 points"),
    checks=(
        Check("sympy identity", "symbolic", _eq1_sym, route="sympy: log of both sides, expanded (d = 3)",
              control="K_gauss without the 1/2"),
        Check("30-digit kernels of rfsym.kernels", "numeric", _eq1_num,
              exercises=("rfsym.kernels.gaussian_kernel", "rfsym.kernels.softmax_kernel"),
              route="30-digit kernels at exact points", control="the identity without the 1/2"),
    ),
    no_witness={"montecarlo": _NO_MC_DET},
))


def _def21_features():
    rng = _rng(1)
    m = 7
    W = rng.standard_normal((m, 2))
    worst = 0.0
    for u_, v_ in ((XA_F, YA_F), (np.array([1.0, -0.3]), np.array([-0.2, 0.9]))):
        # Eq. (2): exp(|u|^2/2)/sqrt(m) (sin, cos); Eq. (3): exp(-|u|^2/2)/sqrt(2m) (e^{+}, e^{-})
        ft = lambda u: np.exp(u @ u / 2) / np.sqrt(m) * np.concatenate([np.sin(W @ u), np.cos(W @ u)])
        fp = lambda u: np.exp(-(u @ u) / 2) / np.sqrt(2 * m) * np.concatenate([np.exp(W @ u), np.exp(-(W @ u))])
        et = ft(u_) @ ft(v_)
        ep = fp(u_) @ fp(v_)
        worst = max(worst, abs(et / hrf._trig_from(W, u_, v_) - 1), abs(ep / hrf._pos_from(W, u_, v_) - 1))
    return Outcome(worst < 1e-13, f"phi(x)^T phi(y) of maps (2),(3) equals (1/m) sum exp((|x|^2+|y|^2)/2) cos(w^T(x-y)) "
                                   f"and (1/m) sum exp(-(|x|^2+|y|^2)/2) cosh(w^T(x+y)): max rel. diff {worst:.1e}")


D21_X, D21_Y = ("0.5", "0.1"), ("0.2", "-0.4")


def _d21_exact():
    sm = kernels.softmax_kernel(list(D21_X), list(D21_Y), dps=30)
    kg = kernels.gaussian_kernel(list(D21_X), list(D21_Y), dps=30)
    with mp.workdps(30):
        x = [mpmath.mpf(v) for v in D21_X]
        y = [mpmath.mpf(v) for v in D21_Y]
        nx, ny = sum(v * v for v in x), sum(v * v for v in y)
        pos_printed = mp.exp(nx / 2) * sm * mp.exp(ny / 2)  # E cosh(w^T(x+y)) = e^{|x+y|^2/2}
    return sm, kg, pos_printed, nx, ny


def _def21_mc():
    """Sampled (5)-(6) with the printed xi's (no prefactor) and with h(u) = e^{+-|u|^2/2} restored."""
    x, y = np.array([float(v) for v in D21_X]), np.array([float(v) for v in D21_Y])
    sm, kg, pos_printed, nx, ny = _d21_exact()
    m, reps = 3, 100_000
    Wd = _rng_second(2).standard_normal((reps, m, 2))

    def est(xi, hx, hy):  # (6) with phi_m of (5): (1/m) sum_i sum_k xi_k(x, w_i) xi_k(y, w_i)
        return hx * hy * np.mean(sum(f(Wd @ x) * f(Wd @ y) for f in xi), axis=-1)

    trig_xi = (np.sin, np.cos)
    pos_xi = (lambda t: np.exp(t) / math.sqrt(2), lambda t: np.exp(-t) / math.sqrt(2))
    t_pr, p_pr = est(trig_xi, 1, 1), est(pos_xi, 1, 1)
    t_co = est(trig_xi, math.exp(float(nx) / 2), math.exp(float(ny) / 2))
    p_co = est(pos_xi, math.exp(-float(nx) / 2), math.exp(-float(ny) / 2))
    # z in exact s.e.: the estimates' exact variances are Lemma 2.2's MSEs (rescaled by the prefactor each
    # variant drops); squared errors for the sampled variances (fourth moments by Gaussian integrals); every
    # decision at the guaranteed rate 5.7e-07 (lower = 0 for the positive features)
    mt = float(hrf.mse_trig(list(D21_X), list(D21_Y), m, dps=15))
    mpos = float(hrf.mse_pos(list(D21_X), list(D21_Y), m, dps=15))
    s2 = math.exp(float(nx) + float(ny))
    w_t = exact_z_witness(t_pr, kg, mt / s2, {"SM": sm})
    w_p = exact_z_witness(p_pr, pos_printed, mpos * s2, {"SM": sm}, lower=0.0)
    w_tc = exact_z_witness(t_co, sm, mt, {"1.1 SM": 1.1 * sm})
    w_pc = exact_z_witness(p_co, sm, mpos, {"1.1 SM": 1.1 * sm}, lower=0.0)
    v_t = _sq_err_witness(t_co, sm, mt, x, y, m, W.lam_raw_fixed(0), {"1.1 x": 1.1 * mt})
    v_p = _sq_err_witness(p_co, sm, mpos, x, y, m, W.lam_raw_fixed(1), {"1.1 x": 1.1 * mpos})
    ctl = exact_z_witness(p_co * math.sqrt(2) ** 2, sm, 4 * mpos, {"SM": sm}, lower=0.0)  # positive xi without the 1/sqrt(2)
    ok = (w_t.passed and w_t.controls_rejected and w_p.passed and w_p.controls_rejected and w_tc.passed and w_pc.passed
          and v_t.passed and v_p.passed)
    return Outcome(ok, (f"x = (0.5, 0.1), y = (0.2, -0.4), m = {m}, {reps} sampled maps (5), z in exact s.e. (rate 5.7e-07 "
                        f"guaranteed): SM = {_f(sm, 8)}; printed "
                        f"trig xi = (sin, cos): mean vs K_gauss = {_f(kg, 8)} z = {w_t.z:+.2f}, vs SM {_ez_ctl(w_t)}; "
                        f"printed positive xi = e^(+-w^T u)/sqrt2: mean vs e^(|x+y|^2/2) = {_f(pos_printed, 8)} z = "
                        f"{w_p.z:+.2f}, vs SM {_ez_ctl(w_p)}; with h(u) = e^(|u|^2/2) resp. e^(-|u|^2/2): means vs SM "
                        f"z = {w_tc.z:+.2f}, {w_pc.z:+.2f}; MSEs vs mse_trig, mse_pos (Lemma 2.2) z = {v_t.z:+.2f}, "
                        f"{v_p.z:+.2f} (sample s.e.: {v_t.sample_z:+.2f}, {v_p.sample_z:+.2f})"),
                   agreement=f"max |z| = {max(abs(w.z) for w in (w_t, w_p, w_tc, w_pc, v_t, v_p)):.2f} (exact s.e.)",
                   control_rejected=not ctl.passed,
                   control_detail=f"positive xi without 1/sqrt2 rejected at z = {ctl.z:+.1f} (exact s.e., guaranteed rate 5.7e-07)")


def _def21_quad():
    """E of (4) with the printed xi's by 1-D quadrature per coordinate (mpmath, 30 digits)."""
    sm, kg, pos_printed, nx, ny = _d21_exact()
    with mp.workdps(40):
        x = [mpmath.mpf(v) for v in D21_X]
        y = [mpmath.mpf(v) for v in D21_Y]
        # E[sin sin + cos cos] = E cos(w^T(x-y)) = prod_k E cos(g (x_k - y_k))
        trig = mpmath.mpf(1)
        pos = mpmath.mpf(1)
        for a, b in zip(x, y):
            trig *= W.gauss_expect_quad(lambda g, c=a - b: mp.cos(g * c), 0, dps=30)
            # (1/2) E[e^{w^T(x+y)} + e^{-w^T(x+y)}] = prod_k E e^{g (x_k + y_k)}
            pos *= W.gauss_expect_quad(lambda g, c=a + b: mp.exp(g * c), abs(a + b), dps=30)
        trig_c = mp.exp((nx + ny) / 2) * trig
        pos_c = mp.exp(-(nx + ny) / 2) * pos
    d1, d2, d3, d4 = _digits(trig, kg), _digits(pos, pos_printed), _digits(trig_c, sm), _digits(pos_c, sm)
    bad = max(_digits(trig, sm), _digits(pos, sm))
    return Outcome(min(d1, d2, d3, d4) >= 25,
                   (f"quadrature of (4): printed trig xi's give {_f(trig, 15)} = K_gauss ({d1} digits), printed positive "
                    f"xi's give {_f(pos, 15)} = e^(|x+y|^2/2) ({d2} digits); with h(u) restored both give SM = {_f(sm, 15)} "
                    f"({d3}, {d4} digits; kernels.softmax_kernel)"),
                   agreement=f"{min(d1, d2, d3, d4)} digits", control_rejected=bad <= 1,
                   control_detail=f"printed encodings as SM estimators: {bad} digit(s)")


CLAIMS.append(Claim(
    id="HRF-Def2.1", paper="HRF", location="Sec. 2.1, Def. 2.1, Eqs. (4)-(6) and the sentence after (6)",
    statement=(r"$\phi^{\mathrm{trig}}_m$ of (2) is (5) with $l=2$, $\xi_1(u,\omega)=\sin(\omega^\top u)$, "
               r"$\xi_2(u,\omega)=\cos(\omega^\top u)$; positive RFs (3) are (5) with "
               r"$\xi_{1,2}(u,\omega)=\frac1{\sqrt2}e^{\pm\omega^\top u}$; $\phi_m(x)^\top\phi_m(y)$ estimates "
               "$K$."),
    verdict="erratum", severity="typo", rule="erratum-typo",
    readings=(
        Reading('literal',
                "the printed xi's in (4)-(5) estimate SM",
                False, "printed trig xi's give 0.843664816596384 = K_gauss, positive xi's 1.33642748802547, SM = 1.06183654654536"),
        Reading("charitable: the xi's give the structure (l = 2, which functions); the per-input factor of (2)/(3) is left implicit (defence counsel)",
                "with Sec. 1's rule phi_gauss = e^{-|u|^2/2} phi_SM the printed xi's are the Gaussian-kernel version",
                False, 'as written (4) still returns K_gauss, not SM: 0.843664816596384 vs 1.06183654654536'),
    ),
    defence='The encodings are meant structurally; (2) and (3) two paragraphs earlier show the missing factor e^{+-|u|^2/2} (defence counsel).',
    defeated_by='As printed (4) estimates K_gauss = 0.843664816596384 (trig) and e^{|x+y|^2/2} = 1.33642748802547 (positive), not SM = 1.06183654654536; the defence only makes the intent clear (typo).',
    correction=("The encodings need the factors displayed in (2) and (3): "
                r"$\xi_{1}=e^{\|u\|^2/2}\sin(\omega^\top u)$, $\xi_{2}=e^{\|u\|^2/2}\cos(\omega^\top u)$ for "
                r"(2) and $\xi_{1,2}=e^{-\|u\|^2/2}\frac1{\sqrt2}e^{\pm\omega^\top u}$ for (3). With the "
                r"printed $\xi$'s, (4) gives $K_{\mathrm{gauss}}(x,y)$ (trig) and $e^{\|x+y\|^2/2}$ (positive), "
                r"not $\mathrm{SM}(x,y)$."),
    evidence=("Re-read in round 2: the encodings drop the deterministic factors exp(+-|u|^2/2) that (2) and (3) "
              "display; with the printed xi's, (4) is the Gaussian kernel (trig) or exp(|x+y|^2/2) (positive), not "
              "SM. Recorded check output: [consistency] phi(x)^T phi(y) of maps (2),(3) equals (1/m) sum "
              "exp((|x|^2+|y|^2)/2) cos(w^T(x-y)) and (1/m) sum exp(-(|x|^2+|y|^2)/2) cosh(w^T(x+y)): max rel. diff"
              " 4.4e-16 | [montecarlo] x = (0.5, 0.1), y = (0.2, -0.4), m = 3, 100000 sampled maps (5), z in exact "
              "s.e. (rate 5.7e-07 guaranteed): SM = 1.0618365; printed trig xi = (sin, cos): mean vs K_gauss = "
              "0.84366482 z = +0.55, vs SM z = -585.8 (exact s.e.; rejected); printed positive xi = e^(+-w^T "
              "u)/sqrt2: mean vs e^(|x+y|^2/2) = 1.3364275 z = +1.14, vs SM z = +271.7 (exact s.e.; rejected); with"
              " h(u) = e^(|u|^2/2) resp. e^(-|u|^2/2): means vs SM z = +0.55, +1.14; MSEs vs mse_trig, mse_pos "
              "(Lemma 2.2) z = -1.31, +0.77 (sample s.e.: -1.31, +0.80) | [numeric] quadrature of (4): printed trig"
              " xi's give 0.843664816596384 = K_gauss (40 digits), printed positive xi's give 1.33642748802547 = "
              "e^(|x+y|^2/2) (30 digits); with h(u) restored both give SM = 1.06183654654536 (31, 31 digits; "
              "kernels.softmax_kernel)"),
    checks=(
        Check("feature maps (2),(3) vs closed forms", "consistency", _def21_features,
              exercises=("rfsym.hrf._trig_from", "rfsym.hrf._pos_from"),
              route="the feature vectors (2), (3) built literally and dotted"),
        Check("sampled maps (5) with the printed xi's", "montecarlo", _def21_mc,
              exercises=("rfsym.hrf.mse_trig", "rfsym.hrf.mse_pos"),
              route="100000 sampled maps (5) with the printed xi's and with h(u)",
              control="positive xi without 1/sqrt2"),
        Check("quadrature of (4) with the printed xi's", "numeric", _def21_quad,
              exercises=("rfsym.kernels.softmax_kernel", "rfsym.kernels.gaussian_kernel"),
              route="coordinate-wise mpmath quadrature of (4)",
              control="printed encodings read as SM estimators"),
    ),
    no_witness={"symbolic": "a literal construction of the feature vectors"},
))


def _unbiased_mc(sampler, k, what):
    """MC mean check; ``sampler`` is the name of an rfsym.hrf sampler, looked up at call time."""
    def fn():
        est = getattr(hrf, sampler)(XA_F, YA_F, 4, _rng(k), 40000)
        sm = math.exp(float(XA_F @ YA_F))
        return controlled(*_mc_pair(mean_of(est), sm, 1.1 * sm, what), "1.1 SM")
    return fn


def _unbiased_quad(kind):
    """E of one trig (2) or ++ (3) feature product by quadrature = SM (no library function involved)."""
    def check():
        x, y = ["1/2", "1/10"], ["1/5", "-2/5"]
        with mp.workdps(40):
            xv, yv = [mpmath.mpmathify(v) for v in x], [mpmath.mpmathify(v) for v in y]
            sm = mp.exp(sum(a * b for a, b in zip(xv, yv)))
            nx, ny = sum(a * a for a in xv), sum(b * b for b in yv)
            if kind == "trig":
                s = mp.sqrt(sum((a - b) ** 2 for a, b in zip(xv, yv)))
                v = mp.exp((nx + ny) / 2) * W.gauss_expect_quad(lambda g: mp.cos(g * s), 0, dps=30)
                bad = mp.exp((nx + ny) / 2) * W.gauss_expect_quad(lambda g: mp.cos(g * s), 0, dps=30) * mp.exp(-s * s / 2)
            else:
                s = mp.sqrt(sum((a + b) ** 2 for a, b in zip(xv, yv)))
                v = mp.exp(-(nx + ny) / 2) * W.gauss_expect_quad(lambda g: mp.cosh(g * s), s, dps=30)
                bad = mp.exp(-(nx + ny) / 2) * W.gauss_expect_quad(lambda g: mp.exp(g * s), s, dps=30) / 2
        dg, cb = _digits(v, sm), _digits(bad, sm)
        return Outcome(dg >= 28, f"E[{kind} feature product] by quadrature = {_f(v, 20)} vs SM = {_f(sm, 20)}: {dg} digits",
                       agreement=f"{dg} digits", control_rejected=cb <= 2,
                       control_detail=("prefactor e^{-|x-y|^2/2} applied twice" if kind == "trig"
                                       else "one-sided e^{w^T z}/2 instead of cosh") + f": {cb} digits")
    check.__name__ = f"unbiased_quad_{kind}"
    return check


CLAIMS.append(Claim(
    id="HRF-Eq2", paper="HRF", location="Sec. 1, Eq. (2)",
    statement="phi^trig_m(x)^T phi^trig_m(y) is an unbiased estimator of SM(x, y).",
    verdict="verified", rule="verified-as-printed",
    evidence=("[montecarlo] trig mean (m=4): exact -> MC 1.06178 ± 0.00064 (n=40000) vs exact 1.06184: z = "
              "-0.08 (pass, |z| <= 5); wrong value 1.16802 -> z = -166.1 | [numeric] E[trig feature product] by "
              "quadrature = 1.0618365465453596222 vs SM = 1.0618365465453596222: 40 digits"),
    checks=(
        Check("MC mean", "montecarlo", _unbiased_mc("sample_trig", 40, "trig mean (m=4)"),
              exercises=("rfsym.hrf.sample_trig", "rfsym.hrf.sample_pos"),
              route="sampled estimates, 40000 draws", control="1.1 SM"),
        Check("quadrature of the feature mean", "numeric", _unbiased_quad("trig"),
              route="quadrature of E[cos(g|x-y|)]", control="prefactor applied twice"),
    ),
    no_witness={"symbolic": "unbiasedness is E cos(w^T(x-y)) = e^{-|x-y|^2/2}, Lemma 2.4 (foundations)"},
))


CLAIMS.append(Claim(
    id="HRF-Eq3", paper="HRF", location="Sec. 1, Eq. (3)",
    distinct_from={"HRF-Eq2": "two estimators: the positive (++) features of Eq. (3) vs the trigonometric ones of Eq. (2)"},
    statement="phi^++_m(x)^T phi^++_m(y) is an unbiased estimator of SM(x, y).",
    verdict="verified", rule="verified-as-printed",
    evidence=("[montecarlo] ++ mean (m=4): exact -> MC 1.06114 ± 0.0011 (n=40000) vs exact 1.06184: z = -0.64 "
              "(pass, |z| <= 5); wrong value 1.16802 -> z = -97.6 | [numeric] E[pos feature product] by "
              "quadrature = 1.0618365465453596222 vs SM = 1.0618365465453596222: 40 digits"),
    checks=(
        Check("MC mean", "montecarlo", _unbiased_mc("sample_pos", 41, "++ mean (m=4)"),
              exercises=("rfsym.hrf.sample_trig", "rfsym.hrf.sample_pos"),
              route="sampled estimates, 40000 draws", control="1.1 SM"),
        Check("quadrature of the feature mean", "numeric", _unbiased_quad("pos"),
              route="quadrature of E[cosh(g|x+y|)]", control="one-sided e^{w^T z}/2"),
    ),
    no_witness={"symbolic": "E cosh(w^T z) = e^{|z|^2/2} is Lemma 2.4 (foundations)"},
))


def _lem22_sym_pairs():
    return _sym_pairs([hrf.mse_trig_expr(), hrf.mse_pos_expr()],
                      "sympy Gaussian integrals of cos^2 and cosh^2 (Lemma 2.2, trig and ++)")


PIN = "0.147624622100627987825492625893"


def _lem22_pin():
    x = [1, 0]
    y = [sympy.cos(sympy.pi / 3), sympy.sin(sympy.pi / 3)]
    v = hrf.mse_trig(x, y, 10, dps=30)
    closed = mpmath.mpf(0)
    with mp.workdps(40):
        closed = (mp.e - 1) ** 2 / 20
    s = nstr(v, 30)
    return controlled(s.startswith(PIN[:30]) and abs(v - closed) < mpmath.mpf(10) ** -29, f"mse_trig((1,0),(cos pi/3, sin pi/3), 10) = {s} (reference {PIN}...; closed form (e-1)^2/20)", "a 1e-3 relative change (tolerance 1e-29)")


def _lem22_mc():
    ests = {"trig": hrf.sample_trig(XA_F, YA_F, 3, _rng(2), 60000),
            "++": hrf.sample_pos(XA_F, YA_F, 3, _rng(3), 60000)}
    exact = {"trig": hrf.mse_trig(XA, YA, 3, dps=15), "++": hrf.mse_pos(XA, YA, 3, dps=15)}
    oks, evs = [], []
    sm, lams = math.exp(float(XA_F @ YA_F)), {"trig": W.lam_raw_fixed(0), "++": W.lam_raw_fixed(1)}
    for k in ests:   # squared errors about SM, z in exact s.e. (fourth moment by Gaussian integrals)
        ok, ev = _mse_pair(ests[k], sm, exact[k], XA_F, YA_F, 3, lams[k], 1.1 * exact[k], f"MSE {k} (m=3)")
        oks.append(ok)
        evs.append(ev)
    # the two formulas swapped (a plausible misprint) must fail as well
    swap = _sq_err_witness(ests["trig"], sm, exact["trig"], XA_F, YA_F, 3, lams["trig"], {"++ formula": exact["++"]})
    evs.append(f"trig samples vs the ++ formula: {_ez_ctl(swap)}")
    return controlled(all(oks) and swap.controls_rejected, "; ".join(evs), "1.1 x exact, and the two formulas swapped")


LEM22_POINTS = [(["1/2", "1/10"], ["1/5", "-2/5"], 3), (["7/10", "-2/5", "1/5"], ["1/10", "9/10", "-3/5"], 10),
                (["3/2", "0"], ["-1", "1/2"], 1)]


def _lem22_sym_lib():
    """The sympy derivation (Gaussian integrals of the definition) evaluated at exact points vs the library."""
    d1, _ = hrf.mse_trig_expr()
    d2, _ = hrf.mse_pos_expr()
    worst, ctrl, rows = 40, 0, []
    for x, y, m in LEM22_POINTS:
        xs = [sympy.Rational(v) for v in x]
        ys = [sympy.Rational(v) for v in y]
        a2, b2 = sum(v * v for v in xs), sum(v * v for v in ys)
        s = sympy.sqrt(sum((a - b) ** 2 for a, b in zip(xs, ys)))
        u = sympy.sqrt(sum((a + b) ** 2 for a, b in zip(xs, ys)))
        sym = {sympy.Symbol("m", positive=True, integer=True): m, sympy.Symbol("a2", positive=True): a2,
               sympy.Symbol("b2", positive=True): b2}
        vt = _sym2mp(d1.subs(sym).subs(sympy.Symbol("s", positive=True), s))
        vp = _sym2mp(d2.subs(sym).subs(sympy.Symbol("u", positive=True), u))
        lt, lp = hrf.mse_trig(x, y, m, dps=30), hrf.mse_pos(x, y, m, dps=30)
        for a, b in ((lt, vt), (lp, vp)):
            worst = min(worst, _digits(a, b))
            ctrl = max(ctrl, _digits(a * (1 + mpmath.mpf(10) ** -3), b))
        rows.append(f"m={m}: trig {_f(vt, 12)}, ++ {_f(vp, 12)}")
    ok = worst >= 28
    return Outcome(ok, ("sympy MSEs derived by integrating cos^2 and cosh^2 against the Gaussian density, evaluated at "
                        "exact rational points, vs the library: " + "; ".join(rows) + f"; agreement >= {worst} digits"),
                   agreement=f"{worst} digits", control_rejected=ctrl <= 4,
                   control_detail=f"library x(1+1e-3) agrees to only {ctrl} digits")


def _lem22_quad():
    """mse_trig and mse_pos at 30 digits vs 1-D quadrature of the single-feature second moment."""
    worst, rows, ctrl = 40, [], 40
    for x, y, m in LEM22_POINTS:
        for name, lib, quad in (("trig", hrf.mse_trig, W.mse_trig_quad), ("++", hrf.mse_pos, W.mse_pos_quad)):
            v, q = lib(x, y, m, dps=30), quad(x, y, m, dps=30)
            dg = _digits(v, q)
            worst = min(worst, dg)
            ctrl = max(ctrl if ctrl != 40 else 0, _digits(v * (1 + mpmath.mpf(10) ** -3), q))
            rows.append(f"{name} m={m}: {_f(v, 15)}")
    ok = worst >= 28
    return Outcome(ok, (f"library mse_trig/mse_pos vs quadrature of E[feature^2] - SM^2 (over m) at 3 points (d = 2, 3, 2): "
                        + "; ".join(rows) + f"; agreement >= {worst} digits"),
                   agreement=f"{worst} digits", control_rejected=ctrl <= 4,
                   control_detail=f"library x(1+1e-3) agrees to only {ctrl} digits")


CLAIMS.append(Claim(
    id="HRF-Lem2.2", paper="HRF", location="Sec. 2.1, Lemma 2.2, Eq. (7)",
    statement=(r"$\mathrm{MSE}(\widehat{\mathrm{SM}}^{\mathrm{trig}}_m)=\frac1{2m}e^{\|z\|^2}\mathrm{SM}^{-2}(x,y)(1-e^{-\|\Delta\|^2})^2$, "
               r"$\mathrm{MSE}(\widehat{\mathrm{SM}}^{++}_m)=\frac1{2m}e^{\|z\|^2}\mathrm{SM}^{2}(x,y)(1-e^{-\|z\|^2})^2$, "
               r"$z=x+y$, $\Delta=x-y$."),
    verdict="verified", rule="verified-as-printed",
    evidence=("[symbolic] sympy Gaussian integrals of cos^2 and cosh^2 (Lemma 2.2, trig and ++): derived - printed "
              "= [0, 0] | [consistency] mse_trig((1,0),(cos pi/3, sin pi/3), 10) = 0.147624622100627987825492625893"
              " (reference 0.147624622100627987825492625893...; closed form (e-1)^2/20) | [montecarlo] MSE trig "
              "(m=3): exact -> MC 0.0219451 (n=60000) vs exact 0.0219332: z = +0.07 in exact s.e. 0.00018 (sample "
              "s.e.: +0.07; pass, rate <= 5.7e-07 guaranteed); wrong value 0.0241265 -> z = -12.1 (exact s.e.; "
              "rejected); MSE ++ (m=3): exact -> MC 0.0633035 (n=60000) vs exact 0.0650071: z = -1.61 in exact s.e."
              " 0.0011 (sample s.e.: -1.80; pass, rate <= 5.7e-07 guaranteed); wrong value 0.0715078 -> z = -7.8 "
              "(exact s.e.; rejected); trig samples vs the ++ formula: z = -238.9 (exact s.e.; rejected) | "
              "[symbolic] sympy MSEs derived by integrating cos^2 and cosh^2 against the Gaussian density, "
              "evaluated at exact rational points, vs the library: m=3: trig 0.0219331799664, ++ 0.0650071083031; "
              "m=10: trig 0.281866500236, ++ 0.0265930181366; m=1: trig 16.5079763369, ++ 0.00635412265524; "
              "agreement >= 40 digits | [numeric] library mse_trig/mse_pos vs quadrature of E[feature^2] - SM^2 "
              "(over m) at 3 points (d = 2, 3, 2): trig m=3: 0.0219331799663682; ++ m=3: 0.0650071083031085; trig "
              "m=10: 0.281866500235582; ++ m=10: 0.0265930181366305; trig m=1: 16.5079763368932; ++ m=1: "
              "0.0063541226552447; agreement >= 40 digits"),
    checks=(
        Check("sympy Gaussian integrals", "symbolic", _lem22_sym_pairs,
              exercises=("rfsym.hrf.mse_trig_expr", "rfsym.hrf.mse_pos_expr"), route="sympy Gaussian integrals",
              control="printed x101/100"),
        Check("reference value to 30 digits", "consistency", _lem22_pin, exercises=("rfsym.hrf.mse_trig",),
              route="Lemma 2.2 closed form (e-1)^2/20 at theta = pi/3",
              control="a 1e-3 relative change (tolerance 1e-29)"),
        Check("MC variances", "montecarlo", _lem22_mc,
              exercises=("rfsym.hrf.sample_trig", "rfsym.hrf.sample_pos", "rfsym.hrf.mse_trig", "rfsym.hrf.mse_pos"),
              route="sampled features (couplings.sample), 60000 estimates per estimator",
              control="1.1 x exact, and the two formulas swapped"),
        Check("sympy derivation vs the library at exact points", "symbolic", _lem22_sym_lib,
              exercises=("rfsym.hrf.mse_trig", "rfsym.hrf.mse_pos", "rfsym.hrf.mse_trig_expr", "rfsym.hrf.mse_pos_expr"),
              route="sympy derivation from the Gaussian density at exact rational points",
              control="library value x(1+1e-3)"),
        Check("quadrature of the definition vs the library", "numeric", _lem22_quad,
              exercises=("rfsym.hrf.mse_trig", "rfsym.hrf.mse_pos"),
              route="mpmath quadrature of E[feature^2] over g ~ N(0,1), 30 digits",
              control="library value x(1+1e-3)"),
    ),
))


def _eq8_mc():
    x, y = np.array([0.6, 0.2]), np.array([-0.1, 0.5])
    sm = math.exp(float(x @ y))
    e1 = hrf.sample_angular_hybrid(x, y, 4, 2, _rng(4), 40000)
    e2 = hrf.sample_gaussian_hybrid(x, y, 4, 2, 1.0, _rng(5), 40000, r=float(np.sqrt(x @ x)))
    ok1, ev1 = _mc_pair(mean_of(e1), sm, 1.1 * sm, "angular hybrid mean")
    ok2, ev2 = _mc_pair(mean_of(e2), sm, 1.1 * sm, "Gaussian hybrid mean")
    return controlled(ok1 and ok2, ev1 + "; " + ev2, "1.1 SM")


def _eq8_angular_mc():
    x, y = np.array([0.6, 0.2]), np.array([-0.1, 0.5])
    sm = math.exp(float(x @ y))
    est = hrf.sample_angular_hybrid(x, y, 4, 2, _rng_witness(60), 40000)
    # the estimates' exact variance is the MSE (Thm D.1); decisions at the guaranteed rate 5.7e-07
    var = float(hrf.angular_hybrid_mse(["0.6", "0.2"], ["-0.1", "0.5"], 4, 2, dps=15))
    w = exact_z_witness(est, sm, var, {"1.03 SM": 1.03 * sm})
    return Outcome(w.passed, f"angular hybrid (8): {_ez(w)}; 1.03 SM: {_ez_ctl(w)}", agreement=f"z = {w.z:+.2f} (exact s.e.)",
                   control_rejected=w.controls_rejected,
                   control_detail=f"1.03 SM rejected at z = {w.controls[0][1].z:+.1f} (exact s.e., guaranteed rate 5.7e-07)")


CLAIMS.append(Claim(
    id="HRF-Eq8", paper="HRF", location="Sec. 2.2, Eq. (8)",
    statement=("The HRF estimator (8) with unbiased base estimators and independent lambda-estimators is "
               "unbiased."),
    verdict="verified", rule="verified-as-printed",
    evidence=("[montecarlo] angular hybrid mean: exact -> MC 1.04181 ± 0.0011 (n=40000) vs exact 1.04081: z = +0.93"
              " (pass, |z| <= 5); wrong value 1.14489 -> z = -96.0; Gaussian hybrid mean: exact -> MC 1.03926 ± "
              "0.0011 (n=40000) vs exact 1.04081: z = -1.39 (pass, |z| <= 5); wrong value 1.14489 -> z = -94.8 | "
              "[montecarlo] angular hybrid (8): MC 1.04112 (n=40000) vs exact 1.04081: z = +0.29 in exact s.e. "
              "0.0011 (sample s.e.: +0.29; pass, rate <= 5.7e-07 guaranteed); 1.03 SM: z = -29.0 (exact s.e.; "
              "rejected)"),
    checks=(
        Check("MC mean of angular and Gaussian hybrids", "montecarlo", _eq8_mc,
              exercises=("rfsym.hrf.sample_angular_hybrid", "rfsym.hrf.sample_gaussian_hybrid"),
              route="sampled hybrids, 40000 draws", control="1.1 SM"),
        Check("sampled angular hybrid, 1.03 SM rejected", "montecarlo", _eq8_angular_mc,
              exercises=("rfsym.hrf.sample_angular_hybrid",), route="40000 sampled estimates", control="1.03 SM"),
    ),
    no_witness={
        "symbolic": "linearity of expectation; no formula beyond (8)",
        "numeric": "linearity of expectation",
    },
))


def _lem23_num():
    rng = _rng(6)
    worst = 0.0
    dims = set()
    for _ in range(20):
        d, m, n = 3, int(rng.integers(1, 6)), int(rng.integers(1, 5))
        x, y = rng.standard_normal(d) * 0.7, rng.standard_normal(d) * 0.7
        Wp, Wt, T = rng.standard_normal((m, d)), rng.standard_normal((m, d)), rng.standard_normal((n, d))
        p1, p2 = hrf.hybrid_feature_maps(x, y, Wp, Wt, T)
        direct = hrf.hybrid_estimate_direct(x, y, Wp, Wt, T)
        worst = max(worst, abs(p1 @ p2 - direct) / max(abs(direct), 1e-300))
        dims.add(p1.size == hrf.feature_map_dimension(m, n, (2, 2), (1,)))
    # general p, t_k, l_k, a_k (some negative): random complex blocks
    worst_g = 0.0
    for _ in range(20):
        p = int(rng.integers(1, 4))
        m, n = int(rng.integers(1, 5)), int(rng.integers(1, 4))
        t = [int(v) for v in rng.integers(1, 4, p + 1)]
        l = [int(v) for v in rng.integers(1, 3, p)]
        a = list(rng.normal(0.2, 0.5, p))
        cb = lambda k: rng.standard_normal(k) + 1j * rng.standard_normal(k)
        px = [[cb(m) for _ in range(t[k])] for k in range(p + 1)]
        py = [[cb(m) for _ in range(t[k])] for k in range(p + 1)]
        rx = [[cb(n) for _ in range(l[k])] for k in range(p)]
        ry = [[cb(n) for _ in range(l[k])] for k in range(p)]
        q1, q2 = hrf.general_hybrid_feature_maps(a, px, py, rx, ry)
        e = hrf.general_hybrid_estimate(a, px, py, rx, ry)
        worst_g = max(worst_g, abs(q1 @ q2 - e) / max(abs(e), 1e-300))
        dims.add(q1.size == hrf.feature_map_dimension(m, n, t, l))
    return controlled(worst < 1e-12 and worst_g < 1e-12 and dims == {True}, f"20 random (x, y, m, n, projections): Psi1(x)^T Psi2(y) (plain dot product, Eq. (11)) equals the "
                   f"direct angular-hybrid estimate (12) up to rel. {worst:.1e}; 20 random general configurations "
                   f"(p up to 3, t_k up to 3, l_k up to 2, negative a_k allowed, complex blocks): (11) = (8) up to rel. "
                   f"{worst_g:.1e}; lengths = m sum t_k + mn sum l_k (t_k + t_(p+1))", "a 1e-3 relative change (tolerance 1e-12, implied)")


def _lem23_mc():
    """Psi_1(x)^T Psi_2(y) of the built maps (11) is unbiased for SM: sampled mean over random projections."""
    rng = _rng_witness(40)
    x, y = np.array([0.6, 0.2, -0.3]), np.array([-0.1, 0.5, 0.4])
    m, n, N = 3, 2, 15000
    vals = np.empty(N)
    for k in range(N):
        Wp, Wt, T = rng.standard_normal((m, 3)), rng.standard_normal((m, 3)), rng.standard_normal((n, 3))
        p1, p2 = hrf.hybrid_feature_maps(x, y, Wp, Wt, T)
        vals[k] = np.real(p1 @ p2)
    sm = math.exp(float(x @ y))
    zg, zb = z_check(mean_of(vals), sm), z_check(mean_of(vals), 1.05 * sm)
    vc = np.empty(2000)
    for k in range(2000):  # conjugating dot product: not the estimator
        Wp, Wt, T = rng.standard_normal((m, 3)), rng.standard_normal((m, 3)), rng.standard_normal((n, 3))
        p1, p2 = hrf.hybrid_feature_maps(x, y, Wp, Wt, T)
        vc[k] = np.real(np.vdot(p1, p2))
    zc = z_check(mean_of(vc), sm)
    return Outcome(zg.passed, (f"mean of Psi_1(x)^T Psi_2(y) over {N} draws (m = {m}, n = {n}): {zg}; 1.05 SM: z = {zb.z:+.1f}; "
                               f"with the conjugating product conj(Psi_1)^T Psi_2: z = {zc.z:+.1f}"),
                   agreement=f"z = {zg.z:+.2f}", control_rejected=not zb.passed and not zc.passed,
                   control_detail=f"1.05 SM rejected (z = {zb.z:+.1f}), conjugating product rejected (z = {zc.z:+.1f})")


CLAIMS.append(Claim(
    id="HRF-Lem2.3", paper="HRF", location="Sec. 2.2, Lemma 2.3, Eq. (11); App. B, Eq. (30)",
    statement=(r"$\widehat{\mathrm{SM}}^{\mathrm{hyb}}_{m,n}(x,y)=\Psi_1(x)^\top\Psi_2(y)$ with "
               r"$\Psi_j=\Psi^1_j\star\Psi^2_j\star\Psi^3_j\star\Psi^4_j$ of (11)."),
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:m-n-roles",),
    evidence=("Dot product is the plain (non-conjugating) one; (11) reuses j both as the x/y index and as a "
              "block index, and the sentence before the lemma swaps m and n once ('n random features for its "
              "base estimators', HRF-Sec2.2-mn) - notation slips. Recorded check output: [numeric] 20 random "
              "(x, y, m, n, projections): Psi1(x)^T Psi2(y) (plain dot product, Eq. (11)) equals the direct "
              "angular-hybrid estimate (12) up to rel. 4.0e-15; 20 random general configurations (p up to 3, "
              "t_k up to 3, l_k up to 2, negative a_k allowed, complex blocks): (11) = (8) up to rel. 8.7e-16; "
              "lengths = m sum t_k + mn sum l_k (t_k + t_(p+1)) | [montecarlo] mean of Psi_1(x)^T Psi_2(y) over "
              "15000 draws (m = 3, n = 2): MC 0.924674 ± 0.0025 (n=15000) vs exact 0.923116: z = +0.61 (pass, "
              "|z| <= 5); 1.05 SM: z = -17.6; with the conjugating product conj(Psi_1)^T Psi_2: z = -7.0"),
    checks=(
        Check("feature maps reproduce the estimator", "numeric", _lem23_num,
              exercises=("rfsym.hrf.hybrid_feature_maps", "rfsym.hrf.hybrid_estimate_direct", "rfsym.hrf.general_hybrid_feature_maps", "rfsym.hrf.general_hybrid_estimate", "rfsym.hrf.feature_map_dimension"),
              route="plain dot product of the built maps (11) vs the estimate (8)/(12) from the same draws",
              control="a 1e-3 relative change (tolerance 1e-12, implied)"),
        Check("sampled Psi_1^T Psi_2 is unbiased", "montecarlo", _lem23_mc,
              exercises=("rfsym.hrf.hybrid_feature_maps",), route="40000 sampled feature maps (11)",
              control="1.05 SM and the conjugating product"),
    ),
    no_witness={"symbolic": "block bookkeeping of (11); checked on 40 random configurations"},
))


#: Mutants no check of this file can notice, and why (``python -m rfsym audit``; keyed by function).
AUDIT_EXPLAINED = {
    "rfsym.hrf.sample_trig:rel1e-3": ("scaling every sampled estimate by 1 + 1e-3 moves a mean by 0.1 %; at "
                                      "affordable sample sizes the Monte Carlo standard error is 0.06 % or more "
                                      "(z < 2); the exact formulas the samples are compared with are pinned to "
                                      "30 digits by quadrature witnesses"),
    "rfsym.hrf.sample_pos:rel1e-3": ("a 0.1 % scaling of sampled ++ estimates is below Monte Carlo resolution "
                                     "(SE 0.1 % of the mean at 40000 draws); mse_pos is pinned to 30 digits by "
                                     "quadrature (HRF-Lem2.2)"),
    "rfsym.hrf.sample_angular_hybrid:rel1e-3": ("a 0.1 % scaling of sampled estimates is below Monte Carlo "
                                                "resolution (the variance checks resolve about 1 %); the exact "
                                                "MSE (22) is pinned to 20+ digits by binomial sums and "
                                                "quadrature (HRF-Eq22)"),
    "rfsym.hrf.sample_gaussian_hybrid:rel1e-3": ("a 0.1 % scaling of sampled estimates is below Monte Carlo "
                                                 "resolution; gaussian_hybrid_mse is pinned to 20+ digits by "
                                                 "quadrature (HRF-ThmF.1)"),
    "rfsym.hrf.hybrid_feature_maps:sign": ("the function returns the pair (Psi_1(x), Psi_2(y)); negating both "
                                           "leaves Psi_1^T Psi_2 -- the estimator, the only quantity Lemma 2.3 "
                                           "asserts -- unchanged"),
    "rfsym.hrf.general_hybrid_feature_maps:sign": ("returns the pair (Psi_1(x), Psi_2(y)); negating both leaves "
                                                   "the estimator Psi_1^T Psi_2 of (11) unchanged"),
}
