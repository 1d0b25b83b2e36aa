"""Claims of "Dense-Exponential Random Features" (DERF), checked in ``notebooks/derf.md``.

Kernel: softmax K^(0)(x, y) = exp(x^T y). Data sets for the optimality checks are small exact
(decimal-string) sets from :func:`rfsym.derf_verify.example_data`; Monte Carlo uses
:func:`rfsym.couplings.sample` with fixed seeds and |z| <= 5.
"""

from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from .. import derf
from .. import realdata_claims as _rdc  # real-data experiments (notebook realdata)
from .. import derf as dv
from ..claims import Check, Claim, Outcome
from ..derf import witnesses as dw
from ..derf import experiments as dx
from ..derf import _helpers, lemma_a1 as _lemma_a1, moments as _moments, optima as _optima
from ..montecarlo import mean_of, variance_of, z_check, z_witness
from ..precision import agreeing_digits

SEED = 20231121
PAPER = "DERF"

# two exact data sets (L = 6, d = 3): centred-vs-shifted, and a second independent one
_DATA = [dv.example_data(11, L=6, d=3, scale=0.5, shift=0.3), dv.example_data(12, L=6, d=3, scale=0.7, shift=-0.2)]
_DATA_NP = [(np.array(X, float), np.array(Y, float)) for X, Y in _DATA]


def _fmt(v, n=12):
    return mpmath.nstr(v, n)


# =============================================================================================
# Sec. 2: definitions, TrigRF, PosRF, GERF
# =============================================================================================

def _pointwise(kind):
    """Max relative difference between a library feature map and its definition evaluated with mpmath
    at 4 fixed points (omega, theta, x): the features themselves, not only their products."""
    rng = np.random.default_rng(SEED + 77)
    W_, th = rng.normal(size=(4, 3)), rng.uniform(0, 2 * np.pi, 4)
    X_ = rng.normal(size=(2, 3)) * 0.6
    a, B, C, D = -0.15, math.sqrt(1.6), -0.5, 1.6 ** 0.75
    with mp.workdps(30):
        def ref(x, w, t):
            nx = mpmath.fsum(mpmath.mpf(v) ** 2 for v in x)
            wx = mpmath.fsum(mpmath.mpf(u) * mpmath.mpf(v) for u, v in zip(w, x))
            nw = mpmath.fsum(mpmath.mpf(v) ** 2 for v in w)
            return {"trig": mp.sqrt(2) * mp.exp(nx / 2) * mp.cos(wx + mpmath.mpf(t)),
                    "trig2": mp.sqrt(2) * mp.exp(nx / 2) * mp.cos(-wx + mpmath.mpf(t)),
                    "pos": mp.exp(wx - nx / 2),
                    "gerf": D * mp.exp(a * nw + B * wx + C * nx),
                    "gerf_printed": D * mp.exp(a * nw + B * wx + C * nx / 2),
                    "scaled": mp.exp(-nx / 2) * mp.exp(wx - nx / 2)}[kind]
        lib = {"trig": lambda: derf.trig_features_np(W_, th, X_),
               "trig2": lambda: derf.trig_features_np(W_, th, X_, k=2, printed=True),
               "pos": lambda: derf.pos_features_np(W_, X_),
               "gerf": lambda: derf.gerf_features_np(W_, X_, a, B, C, D),
               "gerf_printed": lambda: derf.gerf_features_printed_np(W_, X_, a, B, C, D),
               "scaled": lambda: derf.scaled_features_np(derf.pos_features_np(W_, X_), X_, -0.5)}[kind]()
        worst = max(float(abs(lib[i, m] / ref(X_[i], W_[m], th[m]) - 1)) for i in range(2) for m in range(4))
    return worst


def _def21_mc():
    """Unbiasedness (1) and Var K_hat = Var(f1 f2)/M of the M-sample estimator (2)."""
    rng = np.random.default_rng(SEED)
    d, M, R = 3, 16, 20000
    x, y = np.array([0.3, -0.2, 0.1]), np.array([0.2, 0.25, -0.1])
    opt = {"A": -0.05, "B": math.sqrt(1.2), "C": -0.5, "D": 1.2 ** (d / 4)}
    p = derf.as_derf_params_np("gerf", opt, d=d)
    prods = dv.mc_moments(p, x, y, M * R, rng).reshape(R, M)
    khat = prods.mean(axis=1)                         # R independent replicates of K_hat
    K = math.exp(x @ y)
    var1 = math.exp(derf.derf_log_moments_np(p, x[None], y[None])[1][0, 0]) - K * K
    c_mean = z_check(mean_of(khat), K)
    c_var = z_check(variance_of(khat), var1 / M)
    w_var = z_check(variance_of(khat), var1)           # forgetting the 1/M
    return Outcome(c_mean.passed and c_var.passed,
                   f"GERF, d = 3, M = {M}, {R} replicates of K_hat (rows of P, S in R^M): mean {c_mean}; variance {c_var}; "
                   f"the value without 1/M is rejected: z = {w_var.z:+.1f}",
                   agreement=f"z = {c_mean.z:+.2f}, {c_var.z:+.2f}", control_rejected=not w_var.passed,
                   control_detail=f"Var f1 f2 without 1/M rejected at z = {w_var.z:+.1f}")


def _eq2_dim():
    rng = np.random.default_rng(SEED + 1)
    d, M, L = 3, 7, 4
    X = rng.normal(size=(L, d)) * 0.3
    P = derf.pos_features_np(rng.normal(size=(M, d)), X) / math.sqrt(M)
    ok = P.shape == (L, M)
    return Outcome(ok, f"P = M^(-1/2)(f(w_m, x_i)) for L = {L}, M = {M}, d = {d} has shape {P.shape}: its rows "
                   f"P_i,: lie in R^M (length {P.shape[1]}), not in R^d (length {d}) as printed",
                   agreement=f"row length {P.shape[1]} = M", control_rejected=P.shape[1] != d,
                   control_detail=f"the printed row length d = {d} differs from {P.shape[1]}")


def _eq3_numeric():
    rng = np.random.default_rng(SEED + 2)
    L, d = 5, 4
    Qm, Km, V = rng.normal(size=(L, d)), rng.normal(size=(L, d)), rng.normal(size=(L, d))
    X, Y = Qm * d ** -0.25, Km * d ** -0.25
    K = np.exp(X @ Y.T)
    att = np.diag(1 / (K @ np.ones(L))) @ K
    logits = Qm @ Km.T / math.sqrt(d)
    soft = np.exp(logits - logits.max(1, keepdims=True))
    soft /= soft.sum(1, keepdims=True)
    err = float(np.abs(att - soft).max())
    wl = Qm @ Km.T * d ** -0.25                      # control: softmax of d^(-1/4) Q K^T
    wsoft = np.exp(wl - wl.max(1, keepdims=True))
    wsoft /= wsoft.sum(1, keepdims=True)
    werr = float(np.abs(att - wsoft).max())
    ok = err < 1e-14 and np.allclose(att.sum(1), 1) and (att @ V).shape == (L, d)
    return Outcome(ok, f"diag(K 1)^-1 K with x = d^(-1/4) q, y = d^(-1/4) k equals row-softmax of d^(-1/2) Q K^T: "
                   f"max |difference| = {err:.1e}; rows sum to 1; K [V, 1_L] has n = d + 1 columns; softmax of "
                   f"d^(-1/4) Q K^T differs by {werr:.2g}", agreement=f"max diff {err:.0e}",
                   control_rejected=werr > 1e-3, control_detail=f"scale d^(-1/4) off by {werr:.2g}")


def _eq3_symbolic():
    q1, q2, k1, k2, d = sp.symbols("q1 q2 k1 k2 d", positive=True)
    x, y = [q1 * d ** sp.Rational(-1, 4), q2 * d ** sp.Rational(-1, 4)], [k1 * d ** sp.Rational(-1, 4), k2 * d ** sp.Rational(-1, 4)]
    kern = sp.exp(x[0] * y[0] + x[1] * y[1])
    diff = sp.simplify(kern - sp.exp((q1 * k1 + q2 * k2) / sp.sqrt(d)))
    wrong = sp.simplify(kern - sp.exp((q1 * k1 + q2 * k2) / d))
    return Outcome(diff == 0, f"sympy: K^(0)(d^(-1/4) q, d^(-1/4) k) - exp(q.k / sqrt d) = {diff}, so diag(K 1_L)^-1 K is the "
                   f"row softmax of d^(-1/2) Q K^T (normalisation by the row sums)", agreement="identity",
                   control_rejected=wrong != 0, control_detail=f"exp(q.k/d) differs: {wrong}")


def _eq4_dims():
    d = 3
    printed = 1 + d * d      # Unif[0, 2pi] x N(0_d, I_d)^d lives in R^(1 + d^2)
    omega_dim = d + 1        # Omega_trig = R^(d+1)
    ok = printed != omega_dim and all(1 + k * k != k + 1 for k in range(2, 65))
    return ok, (f"nu_trig as printed is a law on R^(1+d^2) (= R^{printed} for d = {d}) while Omega_trig = "
                f"R^(d+1) (= R^{omega_dim}); they differ for every d >= 2. The intended law is "
                f"Unif[0, 2pi] x N(0_d, I_d) (or N(0, 1)^d).")


def _eq4_mc():
    """Sampling the intended law Unif[0, 2pi] x N(0_d, I_d) (a point of R^(d+1)) gives unbiased (corrected) TrigRFs."""
    rng = np.random.default_rng(SEED + 31)
    d, n = 3, 400_000
    x, y = np.array([0.4, 0.3, -0.2]), np.array([0.5, 0.1, 0.3])
    th = rng.uniform(0, 2 * np.pi, n)
    w = derf_sample(d, n, rng)                        # N(0_d, I_d): one d-vector per sample, not d of them
    pts = np.column_stack([th, w])                    # samples of nu_trig live in R^(d+1) = Omega_trig
    f1 = derf.trig_features_np(pts[:, 1:], pts[:, 0], x, k=1)[0]
    f2 = derf.trig_features_np(pts[:, 1:], pts[:, 0], y, k=2, printed=False)[0]
    K = math.exp(x @ y)
    c = z_check(mean_of(f1 * f2), K)
    wr = z_check(mean_of(f1 * f2), 1.1 * K)
    wr2 = z_check(mean_of(f1 * f2), 1.03 * K)
    pw = _pointwise("trig")
    ok = pts.shape[1] == d + 1 and c.passed and pw < 1e-12
    return Outcome(ok, f"feature values vs the definition at 8 points: max rel. diff {pw:.1e}; "
                   f"d = 3, n = {n} samples of Unif[0, 2pi] x N(0_3, I_3) (points of R^{pts.shape[1]}): corrected TrigRF "
                   f"mean vs K = exp(x.y): {c}; 1.03 K rejected (z = {wr2.z:+.1f}), 1.1 K rejected (z = {wr.z:+.1f})",
                   agreement=f"z = {c.z:+.2f}", control_rejected=not wr.passed and not wr2.passed,
                   control_detail=f"1.03 K rejected at z = {wr2.z:+.1f}")


def _eq5_symbolic():
    x, y = sp.symbols("x y", real=True)
    printed, _ = derf.trig_mean_expr(-1)
    fixed, _ = derf.trig_mean_expr(+1)
    ok = sp.simplify(printed - sp.exp(-x * y)) == 0 and sp.simplify(fixed - sp.exp(x * y)) == 0
    no_sqrt2 = sp.simplify(fixed / 2 - sp.exp(x * y))     # control: the features without their sqrt2 factors
    return Outcome(ok, f"sympy (d = 1, theta ~ U[0,2pi], w ~ N(0,1)): with cos(-w y + theta) as printed, "
                   f"E[f1 f2] = {printed} = K(x, -y), not exp(x y); with cos(w y + theta), E[f1 f2] = {fixed}",
                   agreement="symbolic identity", control_rejected=no_sqrt2 != 0,
                   control_detail=f"without the sqrt2 factors E[f1 f2] - exp(xy) = {no_sqrt2}")


def _eq5_mc():
    rng = np.random.default_rng(SEED + 3)
    d, n = 3, 400_000
    x, y = np.array([0.4, 0.3, -0.2]), np.array([0.5, 0.1, 0.3])
    w = derf_sample(d, n, rng)
    th = rng.uniform(0, 2 * np.pi, n)
    f1 = derf.trig_features_np(w, th, x, k=1)[0]
    f2p = derf.trig_features_np(w, th, y, k=2, printed=True)[0]
    f2c = derf.trig_features_np(w, th, y, k=2, printed=False)[0]
    K = math.exp(x @ y)
    cp = z_check(mean_of(f1 * f2p), K)
    cp_neg = z_check(mean_of(f1 * f2p), math.exp(-x @ y))
    cc = z_check(mean_of(f1 * f2c), K)
    cw = z_check(mean_of(f1 * f2c), 1.03 * K)
    pw = max(_pointwise("trig"), _pointwise("trig2"))
    ok = (not cp.passed) and cp_neg.passed and cc.passed and pw < 1e-12
    return Outcome(ok, f"feature values vs the definitions at 8 points: max rel. diff {pw:.1e}; d = 3, x.y = {x @ y:.3f}, n = {n}: printed TrigRF vs K = exp(x.y): z = {cp.z:+.1f} (rejected); "
                   f"printed TrigRF vs exp(-x.y): {cp_neg}; corrected TrigRF vs K: {cc}",
                   agreement=f"z = {cc.z:+.2f}", control_rejected=not cw.passed,
                   control_detail=f"1.03 K for the corrected feature rejected at z = {cw.z:+.1f}")


def derf_sample(d, n, rng):
    from ..couplings import sample
    return sample("iid", d, n, rng)


def _trig_var_symbolic():
    r, t = derf.trig_variance_expr()
    ok = sp.simplify(r - (sp.exp(t ** 2) - 1 + sp.exp(-t ** 2) / 2)) == 0
    wrong = sp.simplify(r - (sp.exp(t ** 2) - 1 + sp.exp(-t ** 2)))        # control: e^{-u} without 1/2
    return Outcome(ok, f"sympy: Var/K^2 of the corrected TrigRF = {r} with t = x - y (d = 1; any d by rotation invariance)",
                   agreement="symbolic identity", control_rejected=wrong != 0,
                   control_detail=f"e^u - 1 + e^(-u) differs by {wrong}")


def _trig_var_mc():
    rng = np.random.default_rng(SEED + 4)
    d, n = 3, 400_000
    x, y = np.array([0.3, -0.1, 0.2]), np.array([0.1, 0.2, 0.2])
    w = derf_sample(d, n, rng)
    th = rng.uniform(0, 2 * np.pi, n)
    prod = derf.trig_features_np(w, th, x)[0] * derf.trig_features_np(w, th, y, k=2)[0]
    K = math.exp(x @ y)
    rel = float(np.exp(derf.log_relative_variance_np("trig", x[None], y[None])[0, 0]))
    c = z_check(variance_of(prod), rel * K * K)
    wrong = z_check(variance_of(prod), 1.1 * rel * K * K)
    return Outcome(c.passed, f"variance of the corrected TrigRF product: {c}; 1.1 x exact rejected: z = {wrong.z:+.1f}",
                   agreement=f"z = {c.z:+.2f}", control_rejected=not wrong.passed, control_detail=f"1.1 x rejected at z = {wrong.z:+.1f}")


def _pos_symbolic():
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    sub = {A: 0, B1: 1, B2: 1, C1: sp.Rational(-1, 2), C2: sp.Rational(-1, 2), D: 1}
    m1 = sp.simplify(e["m1"].subs(sub))
    m2 = sp.simplify(e["m2"].subs(sub))
    ok = sp.simplify(m1 - sp.exp(x * y)) == 0 and sp.simplify(m2 - sp.exp(2 * (x + y) ** 2 - x ** 2 - y ** 2)) == 0
    wrong = sp.simplify(e["m1"].subs({**sub, C1: -1, C2: -1}) - sp.exp(x * y))   # control: exp(w x - x^2)
    return Outcome(ok, f"sympy, d = 1, PosRF exp(w x - x^2/2): E[f1 f2] = {m1}, E[(f1 f2)^2] = {m2} "
                   f"(= exp(2(x+y)^2 - x^2 - y^2)); features are exponentials, hence > 0", agreement="symbolic identity",
                   control_rejected=wrong != 0, control_detail=f"exp(w x - x^2): E[f1 f2] - exp(xy) = {wrong}")


def _pos_mc():
    rng = np.random.default_rng(SEED + 5)
    d, n = 3, 400_000
    x, y = np.array([0.3, -0.2, 0.2]), np.array([0.1, 0.4, -0.1])
    w = derf_sample(d, n, rng)
    prod = derf.pos_features_np(w, x)[0] * derf.pos_features_np(w, y)[0]
    K = math.exp(x @ y)
    c = z_check(mean_of(prod), K)
    wrong = z_check(mean_of(prod), 1.1 * K)
    w3 = z_check(mean_of(prod), 1.03 * K)
    pw = _pointwise("pos")
    return Outcome(c.passed and prod.min() > 0 and pw < 1e-12, f"feature values vs the definition at 8 points: max rel. diff {pw:.1e}; PosRF mean: {c}; 1.03 K rejected: z = {w3.z:+.1f}; 1.1 K rejected: z = {wrong.z:+.1f}; min sample {prod.min():.3g} > 0",
                   agreement=f"z = {c.z:+.2f}", control_rejected=not w3.passed and not wrong.passed, control_detail=f"1.03 K rejected at z = {w3.z:+.1f}")


def _scaled_kernel():
    rng = np.random.default_rng(SEED + 6)
    d, n, alpha = 3, 400_000, -0.5
    x, y = np.array([0.3, -0.2, 0.2]), np.array([0.1, 0.4, -0.1])
    w = derf_sample(d, n, rng)
    f1 = derf.scaled_features_np(derf.pos_features_np(w, x), x[None], alpha)[0]
    f2 = derf.scaled_features_np(derf.pos_features_np(w, y), y[None], alpha)[0]
    Kg = math.exp(-((x - y) ** 2).sum() / 2)
    c = z_check(mean_of(f1 * f2), Kg)
    wrong = z_check(mean_of(f1 * f2), math.exp(x @ y))
    a, nx, ny, xy = sp.symbols("alpha nx ny xy", real=True)
    sym = sp.simplify(sp.exp(a * nx) * sp.exp(a * ny) * sp.exp(xy) - sp.exp(a * nx + xy + a * ny)) == 0
    w3 = z_check(mean_of(f1 * f2), 1.03 * Kg)
    pw = _pointwise("scaled")
    return Outcome(c.passed and sym and pw < 1e-12, f"scaled feature values vs the definition at 8 points: max rel. diff {pw:.1e}; exp(a|x|^2) exp(a|y|^2) K^(0) = K^(a) symbolically; sampled scaled PosRF vs Gaussian kernel "
                   f"(a = -1/2): {c}; K^(0) rejected: z = {wrong.z:+.1f}; 1.03 K^(-1/2) rejected: z = {w3.z:+.1f}",
                   agreement=f"z = {c.z:+.2f}", control_rejected=not wrong.passed and not w3.passed,
                   control_detail=f"1.03 K^(-1/2) rejected at z = {w3.z:+.1f}")


def _eq6_symbolic():
    """(6) as printed (C|x|^2/2 with C = -0.5) vs the corrected form (C|x|^2, as in [31]), d = 1, by sympy."""
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    B = sp.sqrt(1 - 4 * A)
    Dv = (1 - 4 * A) ** sp.Rational(1, 4)
    C = sp.Rational(-1, 2)                                      # the printed constant
    printed = sp.simplify(e["m1"].subs({B1: B, B2: B, C1: C / 2, C2: C / 2, D: Dv}))   # exponent C x^2/2
    fixed = sp.simplify(e["m1"].subs({B1: B, B2: B, C1: C, C2: C, D: Dv}))            # exponent C x^2
    wrong = sp.simplify(e["m1"].subs({B1: 1 - 4 * A, B2: 1 - 4 * A, C1: C, C2: C, D: Dv}) - sp.exp(x * y))
    dp, df = sp.simplify(printed - sp.exp(x * y)), sp.simplify(fixed - sp.exp(x * y))
    return Outcome(dp != 0 and df == 0,
                   f"sympy, one coordinate (d = 1), B = sqrt(1-4A), C = -0.5, D = (1-4A)^(1/4): with the printed exponent "
                   f"C x^2/2, E[f1 f2] = {printed} (not exp(x y)); with C x^2 (the form of [31]), E[f1 f2] = {fixed}; "
                   f"the d-dimensional case is the product over coordinates",
                   agreement="symbolic identity", control_rejected=wrong != 0,
                   control_detail=f"B = 1 - 4A (no square root): E[f1 f2] - exp(xy) = {wrong}")


def _eq6_numeric():
    """1-D quadrature (no Gaussian closed form) of the printed and corrected GERF products, 30 digits."""
    A, x, y = "-0.15", ["0.7", "-0.4"], ["0.5", "0.9"]
    with mp.workdps(50):
        a = mpmath.mpf(A)
        B, D = mp.sqrt(1 - 4 * a), (1 - 4 * a) ** (mpmath.mpf(2) / 4)
        I2 = mp.eye(2)
        xv, yv = [mpmath.mpf(v) for v in x], [mpmath.mpf(v) for v in y]
        K = mp.exp(mpmath.fsum(u * v for u, v in zip(xv, yv)))
        nx, ny = mpmath.fsum(u * u for u in xv), mpmath.fsum(v * v for v in yv)
    outs = {}
    for name, C, Dd in (("printed", -mpmath.mpf(1) / 4, D), ("corrected", -mpmath.mpf(1) / 2, D),
                        ("control", -mpmath.mpf(1) / 2, D * D)):
        with mp.workdps(50):
            mats = (a * I2, B * I2, B * I2, C * I2, C * I2)
        m1, _ = dv.derf_moments_by_quadrature(*mats, Dd, x, y, dps=40)
        outs[name] = m1
    with mp.workdps(50):
        pred = mp.exp(mp.log(K) + (nx + ny) / 4)
        g_fix = agreeing_digits(outs["corrected"], K)
        g_pr = agreeing_digits(outs["printed"], pred)
        g_prK = agreeing_digits(outs["printed"], K)
        g_c = agreeing_digits(outs["control"], K)
    ok = g_fix >= 30 and g_pr >= 30 and g_prK < 2
    return Outcome(ok, f"d = 2, A = {A}, x = (0.7, -0.4), y = (0.5, 0.9): quadrature E[f1 f2] of (6) as printed = "
                   f"{_fmt(outs['printed'], 15)} = exp(x.y + (|x|^2+|y|^2)/4) to {g_pr:.1f} digits, vs K = {_fmt(K, 15)} "
                   f"({g_prK:.1f} digits); corrected (C|x|^2): {g_fix:.1f} digits with K",
                   agreement=f"{g_fix:.0f} digits", control_rejected=g_c < 2,
                   control_detail=f"D = (1-4A)^(d/2) agrees with K to {g_c:.1f} digits only")


def _eq6_mc():
    rng = np.random.default_rng(SEED + 7)
    d, n, a = 3, 400_000, -0.1
    x, y = np.array([0.3, -0.2, 0.2]), np.array([0.1, 0.4, -0.1])
    w = derf_sample(d, n, rng)
    B, D = math.sqrt(1 - 4 * a), (1 - 4 * a) ** (d / 4)
    prod = derf.gerf_features_np(w, x, a, B, -0.5, D)[0] * derf.gerf_features_np(w, y, a, B, -0.5, D)[0]
    pprod = derf.gerf_features_printed_np(w, x, a, B, -0.5, D)[0] * derf.gerf_features_printed_np(w, y, a, B, -0.5, D)[0]
    K = math.exp(x @ y)
    c = z_check(mean_of(prod), K)
    cp = z_check(mean_of(pprod), K)
    cp2 = z_check(mean_of(pprod), math.exp(x @ y + (x @ x + y @ y) / 4))
    wrong = z_check(mean_of(prod), 1.03 * K)
    pw = max(_pointwise("gerf"), _pointwise("gerf_printed"))
    return Outcome(c.passed and not cp.passed and cp2.passed and pw < 1e-12,
                   f"feature values (corrected and printed (6)) vs their definitions at 8 points: max rel. diff {pw:.1e}; "
                   f"GERF A = -0.1, d = 3, C = -0.5: (6) as printed (C|x|^2/2) vs K: z = {cp.z:+.1f} (rejected), vs "
                   f"exp(x.y + (|x|^2+|y|^2)/4): {cp2}; corrected (C|x|^2) vs K: {c}",
                   agreement=f"z = {c.z:+.2f}", control_rejected=not wrong.passed,
                   control_detail=f"1.03 K rejected at z = {wrong.z:+.1f}")


def _eq7_symbolic():
    L, (A, d, nx2, ny2, xy) = derf.gerf_log_variance_expr()
    printed = d * sp.log((1 - 4 * A) / sp.sqrt(1 - 8 * A)) + 2 * (1 - 4 * A) / (1 - 8 * A) * (nx2 + ny2 + 2 * xy) - nx2 - ny2
    diff = sp.simplify(sp.expand_log(L - printed, force=True))
    wrong = sp.simplify(sp.expand_log(L - printed.subs(2 * (1 - 4 * A) / (1 - 8 * A), (1 - 4 * A) / (1 - 8 * A)), force=True))
    return Outcome(diff == 0, f"sympy-derived log E[(f1 f2)^2] (Gaussian integral per coordinate) minus printed L_GE (7) = {diff}",
                   agreement="symbolic identity", control_rejected=wrong != 0,
                   control_detail="coefficient (1-4A)/(1-8A) instead of 2(1-4A)/(1-8A) leaves a nonzero difference")


def _eq7_numeric():
    """(7) against the second moment by 1-D quadrature of the definition (no closed form), >= 30 digits."""
    worst, wrong_best = math.inf, 0.0
    for A, x, y in (("-0.2", ["0.3", "-0.1", "0.7"], ["0.2", "0.5", "-0.4"]), ("0.1", ["1", "2"], ["-1", "0.5"]),
                    ("-1000", ["3"], ["-2"])):
        d = len(x)
        lge = derf.gerf_log_variance(A, x, y, dps=35)
        with mp.workdps(60):
            a = mpmath.mpf(A)
            I = mp.eye(d)
            B, D = mp.sqrt(1 - 4 * a), (1 - 4 * a) ** (mpmath.mpf(d) / 4)
            mats = (a * I, B * I, B * I, -I / 2, -I / 2)
        _, m2 = dv.derf_moments_by_quadrature(*mats, D, x, y, dps=45)
        with mp.workdps(60):
            s = mpmath.fsum((mpmath.mpf(u) + mpmath.mpf(v)) ** 2 for u, v in zip(x, y))
            wrong = lge - 2 * (1 - 4 * a) / (1 - 8 * a) * s * mpmath.mpf("0.01")      # coefficient 2 -> 1.98
            worst = min(worst, agreeing_digits(lge, mp.log(m2)))
            wrong_best = max(wrong_best, agreeing_digits(wrong, mp.log(m2)))
    return Outcome(worst >= 30, f"(7) vs log E[(f1 f2)^2] by 1-D quadrature of the GERF product at three points "
                   f"(A = -0.2, 0.1, -1000; d = 3, 2, 1): >= {worst:.1f} digits",
                   agreement=f"{worst:.0f} digits", control_rejected=wrong_best < 4,
                   control_detail=f"coefficient 2 -> 1.98 agrees to {wrong_best:.1f} digits at best")


def _eq7_mc():
    rng = np.random.default_rng(SEED + 8)
    d, n, a = 3, 400_000, -0.1
    x, y = np.array([0.3, -0.2, 0.2]), np.array([0.1, 0.4, -0.1])
    opt = {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5, "D": (1 - 4 * a) ** (d / 4)}
    p = derf.as_derf_params_np("gerf", opt, d=d)
    prod = dv.mc_moments(p, x, y, n, rng)
    exact = math.exp(float(derf.gerf_log_variance(a, x.tolist(), y.tolist(), dps=20))) - math.exp(2 * x @ y)
    c = z_check(variance_of(prod), exact)
    wrong = z_check(variance_of(prod), 1.05 * exact)
    return Outcome(c.passed, f"sampled variance of the GERF product vs exp(L_GE) - K^2: {c}; 1.05 x rejected: z = {wrong.z:+.1f}",
                   agreement=f"z = {c.z:+.2f}", control_rejected=not wrong.passed,
                   control_detail=f"1.05 x rejected at z = {wrong.z:+.1f}")


# =============================================================================================
# Sec. 3.1: the shifted log-variance objective
# =============================================================================================

def _sec31_symbolic():
    e = derf.gerf_objective_expr()
    A, d, S, mx, my = e["symbols"]
    printed = d * sp.log((1 - 4 * A) / sp.sqrt(1 - 8 * A)) + (2 - 8 * A) / (1 - 8 * A) * S - mx - my
    diff = sp.simplify(sp.expand_log(e["objective"] - printed, force=True))
    f, A1, phi = derf.lemma_a1_objective_expr()
    diff2 = sp.simplify(sp.expand_log(e["objective"] - (d * f.subs({A1: A, phi: S / d}) + S - mx - my), force=True))
    wrong = sp.simplify(sp.expand_log(e["objective"] - (d * f.subs({A1: A, phi: S / (2 * d)}) + S - mx - my), force=True))
    X, Y = _DATA[0]
    o = derf.gerf_optimum(X, Y, dps=30)
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    astar, ph = derf.lemma_a1_argmin_expr()
    with mp.workdps(40):
        g = agreeing_digits(o["A"], mpmath.mpf(sp.N(astar.subs(ph, sp.Float(mpmath.nstr(st["S"] / 3, 45), 45)), 45)))
    return Outcome(diff == 0 and diff2 == 0 and g >= 28,
                   f"sympy: average of (7) over pairs minus the printed L(A; X, Y) = {diff}; it equals d f(A) + S - mean|x|^2 "
                   f"- mean|y|^2 with f of Lemma A.1 and phi = S/d (difference {diff2}), so its minimiser is A*(S/d) = the "
                   f"homogeneity heuristic of [31]; library gerf_optimum on data set 1 vs sympy (15) at S/d: {g:.1f} digits",
                   agreement=f"{g:.0f} digits", control_rejected=wrong != 0,
                   control_detail="phi = S/(2d) leaves a nonzero difference")


def _optimality_numeric(family):
    """Closed-form objective vs the direct average of log(Var + K^2) over all pairs (a consistency check:
    the closed form of (8) holds at any feasible parameters, so this does not test optimality)."""
    out = []
    ok = True
    for X, Y in _DATA:
        c, dct, dig = dv.closed_vs_direct(family, X, Y, dps=35)
        ok &= dig >= 30
        out.append(f"{_fmt(c, 15)} ({dig:.1f} digits)")
    return ok, f"closed-form objective vs direct average of log(Var(9) + K^2) over all 36 pairs, two data sets: " + "; ".join(out)


_WRONG = {"gerf": "A*(phi/2)", "aderf": "the proof's phi = d^-1 sum Sigma + mu3 (half the theorem's)",
          "sderf": "A_ll = A*(Lambda3_ll / 2)", "saderf": "Psi^2 (exponent 1/2 instead of 1/4)"}


@functools.lru_cache(maxsize=None)
def _stationarity(family):
    """Stationarity + Hessian at the library optimum, and the gradient at the wrong closed form, two data sets."""
    rows, ok, rej, worst, wmin = [], True, True, mpmath.mpf(0), mpmath.inf
    for k, (X, Y) in enumerate(_DATA):
        s = dw.stationarity(family, X, Y, dps=50)
        w = dw.stationarity(family, X, Y, opt=dw.wrong_optimum(family, X, Y, dps=70), dps=50, hessian=False)
        closed = dw.derf_optimum(family, X, Y, dps=40)["objective"]
        ok &= s["max_grad"] < mpmath.mpf(10) ** -30 and s["min_eig"] > 0 and agreeing_digits(s["value"], closed) >= 30
        rej &= w["max_grad"] > mpmath.mpf(10) ** -6
        worst = max(worst, s["max_grad"])
        wmin = min(wmin, w["max_grad"])
        rows.append(f"data set {k + 1}: {s['n']} parameters, max |grad| = {_fmt(s['max_grad'], 2)}, Hessian eigenvalues "
                    f"{_fmt(min(s['hess_eigs']), 4)} .. {_fmt(max(s['hess_eigs']), 4)} (> 0); at {_WRONG[family]}: max |grad| = "
                    f"{_fmt(w['max_grad'], 3)}")
    return ok, rej, worst, wmin, rows


def _stationarity_check(family):
    ok, rej, worst, wmin, rows = _stationarity(family)
    return Outcome(ok, f"direct average of log E[(f1 f2)^2] over the 36 pairs, gradient by central differences (step 1e-25, "
                   f"90 digits) in every free parameter ({dw.FAMILY_PARAMETERS[family]}), Hessian by second differences "
                   "in the parametrisation without flat directions: " + "; ".join(rows),
                   agreement=f"max |grad| {_fmt(worst, 2)}", control_rejected=rej,
                   control_detail=f"{_WRONG[family]}: max |grad| >= {_fmt(wmin, 3)} (threshold 1e-30: any error of the "
                                  f"optimum above ~1e-29 would be seen)")


def _optimality_search(family, starts=2):
    rng = np.random.default_rng(SEED + 9)
    out = []
    ok = True
    rej = True
    for k, (X, Y) in enumerate(_DATA_SEARCH):
        closed = {"gerf": derf.gerf_optimum_np, "aderf": derf.aderf_optimum_np, "sderf": derf.sderf_optimum_np,
                  "saderf": derf.saderf_optimum_np}[family](X, Y)["objective"]
        best = dv.family_minimum_np(family, X, Y, starts=starts, rng=rng)
        pert, _ = dv.perturbation_minimum_np(family, X, Y, n=100, rng=rng)
        tol = 1e-9 * (1 + abs(closed))
        # never below the closed form, and the search reaches it (so it could have found a lower value)
        ok &= best >= closed - tol and pert >= closed - tol and best <= closed + tol
        if k < len(_DATA):
            Xs, Ys = _DATA[k]
            wo = dw.wrong_optimum(family, Xs, Ys, dps=30)
            with mp.workdps(45):
                wv = dw.direct_objective(derf.as_derf_params(family, dict(wo, d=X.shape[1])), Xs, Ys)
            rej &= float(wv) > best + 1e-6
        out.append(f"d = {X.shape[1]}, L = {X.shape[0]}: closed {closed:.12f}, BFGS best {best:.12f} "
                   f"(gap {best - closed:+.1e}), best of 100 feasible perturbations {pert:.12f}")
    return Outcome(ok, f"{family}: unrestricted float64 BFGS over the family from random starts reaches the closed form and "
                   f"never goes below it (|BFGS best - closed| <= 1e-9 rel.; perturbations >= closed), five data sets: "
                   + "; ".join(out), agreement="reached to 1e-9", control_rejected=rej,
                   control_detail=f"{_WRONG[family]} lies above the BFGS minimum on data sets 1, 2")


def _objective_mc_check(family):
    """Sampled shifted log-variance (8) at the library optimum vs its closed-form value (10)/(11)/Sec. 3.1."""
    rng = np.random.default_rng(SEED + 400 + ("gerf", "aderf", "sderf", "saderf").index(family))
    rows, ok, rej, zs, zc = [], True, True, [], []
    for k, (X, Y) in enumerate(_DATA_NP):
        o = {"gerf": derf.gerf_optimum_np, "aderf": derf.aderf_optimum_np, "sderf": derf.sderf_optimum_np,
             "saderf": derf.saderf_optimum_np}[family](X, Y)
        p = derf.as_derf_params_np(family, o, d=X.shape[1])
        r = dw.objective_mc(p, X, Y, 400_000, rng)
        c = z_check(r, o["objective"])
        # control: the optimal-value formula with its (1-8A)^-1 coefficient off by 5 per cent
        if family != "sderf":     # (10) and Sec. 3.1: the term d phi / (1-8A)
            bump = 0.05 * o["phi"] * X.shape[1] / (1 - 8 * o["A"])
        else:
            Ad = np.diag(o["A"])
            bump = 0.05 * float(np.sum(o["Lambda3"] / (1 - 8 * Ad)))
        w = z_check(r, o["objective"] + bump)
        ok &= c.passed
        rej &= not w.passed
        zs.append(abs(w.z))
        zc.append(f"z = {c.z:+.2f}")
        rows.append(f"data set {k + 1}: {c}; coefficient of (1-8A)^-1 x1.05 (+{bump:.4f}): z = {w.z:+.1f}")
    return Outcome(ok, f"every E[(f1 f2)^2] of the 36 pairs sampled from the same 400000 draws w ~ N(0, I_3) "
                   f"(couplings.sample), average of logs with delta-method SE: " + "; ".join(rows),
                   agreement=", ".join(zc),
                   control_rejected=rej, control_detail=f"x1.05 coefficient rejected at |z| >= {min(zs):.1f}")


def _aderf_symbolic():
    """sympy (d = 1, from the sympy-derived second moment): min over E of (8) = f(A; phi) + 2 mu, phi = 2(Sigma + mu)."""
    r = dw.aderf_reduction_expr()
    A, m1, m2, mu = r["symbols"]
    Sig = sp.sqrt(m1 * m2)                                       # d = 1: Sigma = sqrt(M1 M2)
    ok_phi = sp.simplify(r["phi"] - 2 * (Sig + mu)) == 0
    wrong = sp.simplify(r["phi"] - (Sig + mu))                   # the proof's phi
    astar, phi = derf.lemma_a1_argmin_expr()
    # the library on a d = 1 data set: A equals (15) at phi = 2(Sigma + mu3)
    X, Y = _DATA_EXTRA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    with mp.workdps(40):
        phin = 2 * (mp.sqrt(st["M1"][0, 0] * st["M2"][0, 0]) + st["xy"])
        a_sym = mpmath.mpf(sp.N(astar.subs(phi, sp.Float(mpmath.nstr(phin, 45), 45)), 45))
        a_wrong = mpmath.mpf(sp.N(astar.subs(phi, sp.Float(mpmath.nstr(phin / 2, 45), 45)), 45))
        g = agreeing_digits(o["A"], a_sym)
        gw = agreeing_digits(o["A"], a_wrong)
    return Outcome(ok_phi and g >= 28, f"sympy, d = 1: E[(f1 f2)^2] from the Gaussian integral, B2 = (1-4A)/b, C_k and D from "
                   f"Thm 4.1; the pair average of its log is minimised over E = b^2 at E* = {r['Estar']}, leaving "
                   f"log(1-4A) - log(1-8A)/2 + phi/(1-8A) + 2 mu with phi = {r['phi']} = 2(Sigma + mu) (Sigma = sqrt(m1 m2)): "
                   f"Lemma A.1 with the theorem's phi. Library aderf_optimum on the d = 1 data set: A = {_fmt(o['A'], 20)}, "
                   f"sympy (15) at 2(Sigma + mu3): {g:.1f} digits",
                   agreement=f"{g:.0f} digits", control_rejected=wrong != 0 and gw < 3,
                   control_detail=f"the proof's phi = Sigma + mu: phi - it = {wrong}; its A agrees to {gw:.1f} digits")


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


def _saderf_symbolic():
    """sympy: the Psi-dependent part of (13), per coordinate, is minimised at Psi^4 = sum y^2 / sum x^2."""
    p_, sx, sy, sxy = sp.symbols("psi S_x S_y S_xy", positive=True)
    F = p_ ** 2 * sx + 2 * sxy + sy / p_ ** 2                 # sum_ij (psi x_i + y_j/psi)^2 / L (per coordinate)
    crit = [c for c in sp.solve(sp.diff(F, p_), p_) if c.is_positive]
    ok = len(crit) == 1 and sp.simplify(crit[0] ** 4 - sy / sx) == 0 and sp.simplify(sp.diff(F, p_, 2).subs(p_, crit[0])) .is_positive
    X, Y = _DATA[0]
    o = derf.saderf_optimum(X, Y, dps=30)
    with mp.workdps(40):
        Xm = [[mpmath.mpf(v) for v in r] for r in X]
        Ym = [[mpmath.mpf(v) for v in r] for r in Y]
        g, gw = math.inf, 0.0
        for l in range(3):
            val = crit[0].subs({sx: sp.Float(mpmath.nstr(mpmath.fsum(r[l] ** 2 for r in Xm), 45), 45),
                                sy: sp.Float(mpmath.nstr(mpmath.fsum(r[l] ** 2 for r in Ym), 45), 45)})
            v = mpmath.mpf(sp.N(val, 45))
            g = min(g, agreeing_digits(o["Psi"][l, l], v))
            gw = max(gw, agreeing_digits(o["Psi"][l, l], v * v))
    return Outcome(ok and g >= 28, f"sympy: d/dpsi (psi^2 S_x + 2 S_xy + S_y/psi^2) = 0 has the single positive root {crit[0]} "
                   f"(psi^4 = S_y/S_x; second derivative > 0); library saderf_optimum on data set 1 vs it: {g:.1f} digits",
                   agreement=f"{g:.0f} digits", control_rejected=gw < 3,
                   control_detail=f"Psi^2 (exponent 1/2) agrees to {gw:.1f} digits at best")


def _eq10_numeric():
    """(10) transcribed literally, at the library's ADERF optimum, vs the direct pair average there."""
    rows, ok, rej, worst, wbest = [], True, True, math.inf, 0.0
    for k, (X, Y) in enumerate(_DATA):
        o = derf.aderf_optimum(X, Y, dps=40)
        with mp.workdps(60):
            v10 = dw.eq10_printed(o["A"], o["Sigma"], o["mu3"], 3)
            wrong = v10 + 3 * mpmath.mpf("0.02") * 2 / (1 - 8 * o["A"]) * (mpmath.fsum(o["Sigma"]) / 3 + o["mu3"])
            direct = dw.direct_objective(derf.as_derf_params("aderf", o), X, Y)
            g, gw = agreeing_digits(v10, direct), agreeing_digits(wrong, direct)
        ok &= g >= 30
        worst, wbest = min(worst, g), max(wbest, gw)
        rows.append(f"data set {k + 1}: (10) = {_fmt(v10, 20)}, direct = {_fmt(direct, 20)} ({g:.1f} digits)")
    return Outcome(ok, "; ".join(rows), agreement=f"{worst:.0f} digits", control_rejected=wbest < 4,
                   control_detail=f"coefficient 2 -> 2.02 of (1-8A)^-1 agrees to {wbest:.1f} digits at best")


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


def _eq4_symbolic():
    """sympy: the intended law Unif[0, 2pi] x N(0, 1) (one theta, one w per coordinate) integrates the corrected TrigRF to K."""
    x, y = sp.symbols("x y", real=True)
    fixed, _ = derf.trig_mean_expr(+1)
    ok = sp.simplify(fixed - sp.exp(x * y)) == 0
    signed, _ = derf.trig_mean_expr(-1)                 # control: cos(-w y + theta) under the same law
    wrong = sp.simplify(signed - sp.exp(x * y))
    return Outcome(ok, f"sympy, d = 1: with (theta, w) ~ Unif[0, 2pi] x N(0, 1) (a point of R^(1+d)) the corrected TrigRF has "
                   f"E[f1 f2] = {fixed}", agreement="symbolic identity", control_rejected=wrong != 0,
                   control_detail=f"the feature cos(-w y + theta) under the same law gives {signed}")


def _eq8_symbolic():
    """sympy: inf over Var >= 0 of log(Var + K^2) is 2 x.y; the printed log K = x.y is the value of the (21)-typo objective."""
    V = sp.Symbol("V", nonnegative=True)
    t = sp.Symbol("t", real=True)                       # t = x.y, K = e^t
    best = sp.limit(sp.log(V + sp.exp(2 * t)), V, 0, "+")
    typo = sp.limit(sp.log(V + sp.exp(t)), V, 0, "+")   # the objective with the shift K of (21), (36)
    gap = sp.simplify(best - t)
    ok = sp.simplify(best - 2 * t) == 0 and gap == t
    return Outcome(ok, f"sympy: lim_(Var -> 0) log(Var + K^2) = {best} (K = e^t, t = x.y), the printed best value log K = t "
                   f"differs by {gap}: above the infimum when t < 0. The printed value is what the objective with the "
                   f"(21)/(36) shift log(Var + K) would give: {typo}", agreement="symbolic identity",
                   control_rejected=sp.simplify(typo - 2 * t) != 0, control_detail="the K-shifted objective's limit t is not 2t")


def _phi_symbolic():
    """sympy, d = 1: Sigma^2 - mu^2 = (m1 - xbar^2) m2 + xbar^2 (m2 - ybar^2) >= 0, so Sigma + mu >= 0."""
    m1, m2 = sp.symbols("m1 m2", positive=True)
    xb, yb = sp.symbols("xbar ybar", real=True)
    ident = sp.expand(m1 * m2 - xb ** 2 * yb ** 2 - ((m1 - xb ** 2) * m2 + xb ** 2 * (m2 - yb ** 2)))
    half = sp.sqrt(m1 * m2) / 2 + xb * yb                # control: a factor 1/2 on Sigma
    at = half.subs({m1: 1, m2: 1, xb: 1, yb: -1})          # X = (1, 1), Y = -X: m = xbar^2
    return Outcome(ident == 0, f"sympy, d = 1: Sigma = sqrt(m1 m2), mu3 = xbar ybar; m1 m2 - xbar^2 ybar^2 - [(m1 - xbar^2) m2 + "
                   f"xbar^2 (m2 - ybar^2)] = {ident}, and m1 >= xbar^2, m2 >= ybar^2 (variances), so |mu3| <= Sigma and "
                   f"phi/2 = Sigma + mu3 >= 0", agreement="symbolic identity", control_rejected=at < 0,
                   control_detail=f"Sigma/2 + mu3 at X = (1, 1), Y = -X is {at} < 0")


def _eq21_symbolic():
    """sympy, d = 1 ADERF: log(Var + K^2) = log E[(f1 f2)^2] is quadratic in x, y (the form (22)); log(Var + K) is not."""
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    b = sp.Symbol("b", positive=True)
    u = 1 - 4 * A
    sub = {B1: b, B2: u / b, C1: -b ** 2 / (2 * u), C2: -(u / b) ** 2 / (2 * u), D: u ** sp.Rational(1, 4)}
    m2 = e["m2"].subs(sub)
    K = sp.exp(x * y)
    good = sp.expand(sp.expand_log(sp.log(m2), force=True))
    third_good = sp.simplify(sp.diff(good, x, 3))
    typo = sp.log(m2 - K ** 2 + K)
    third_typo = sp.diff(typo, x, 3).subs({x: sp.Rational(1, 2), y: sp.Rational(1, 3), A: -sp.Rational(1, 10), b: 1})
    return Outcome(third_good == 0, f"sympy, d = 1: log(Var + K^2) = log E[(f1 f2)^2] = {good} is quadratic in (x, y) (third "
                   f"x-derivative {third_good}), which is what (21)-(22) average; log(Var + K) as printed is not (third "
                   f"x-derivative at x = 1/2, y = 1/3, A = -1/10, b = 1: {sp.N(third_typo, 6)})", agreement="symbolic identity",
                   control_rejected=sp.N(third_typo) != 0, control_detail="the printed log(Var + K) is not quadratic")


def _eq24_symbolic():
    """sympy, symbolic 2x2 E and Delta: (E + t Delta) sum_{l<=n} (-t)^l E^-1 (Delta E^-1)^l = I - (-t)^(n+1) (Delta E^-1)^(n+1)."""
    t = sp.Symbol("t")
    Dl = sp.Matrix(2, 2, sp.symbols("g0:4"))
    Ei = sp.Matrix(2, 2, sp.symbols("h0:4"))          # stands for E^-1 (E Ei = I used in the telescoping)
    n = 3
    # with E Ei = I: (E + t Dl) S = sum (-t)^l (Dl Ei)^l + t sum (-t)^l (Dl Ei)^(l+1) (telescoping)
    P = Dl * Ei
    tel = sum(((-t) ** l * P ** l for l in range(n + 1)), sp.zeros(2, 2)) + t * sum(((-t) ** l * P ** (l + 1) for l in range(n + 1)), sp.zeros(2, 2))
    res = sp.expand(tel - (sp.eye(2) - (-t) ** (n + 1) * P ** (n + 1)))
    wrong = sp.expand(sum((t ** l * P ** l for l in range(n + 1)), sp.zeros(2, 2)) + t * sum((t ** l * P ** (l + 1) for l in range(n + 1)), sp.zeros(2, 2))
                      - (sp.eye(2) - t ** (n + 1) * P ** (n + 1)))
    return Outcome(res == sp.zeros(2, 2), f"sympy, symbolic 2x2 Delta, E^-1, n = {n}: (E + t Delta) times the partial sum equals "
                   f"I - (-t)^(n+1) (Delta E^-1)^(n+1) (residual zero: {res == sp.zeros(2, 2)}), so the series converges to "
                   f"(E + t Delta)^-1 when the spectral radius of t Delta E^-1 is < 1", agreement="symbolic identity",
                   control_rejected=wrong != sp.zeros(2, 2), control_detail="(+t)^l does not telescope")


def _eq27_symbolic():
    """sympy, d = 1: F(E + D) = F(E) + (beta1 M1 - beta2 M2/E^2) D + O(D^2); the printed (27) lacks F(E)."""
    E, Dl, b1, b2, m1, m2 = sp.symbols("E Delta beta1 beta2 M1 M2", positive=True)
    F = lambda e: b1 * e * m1 + b2 * m2 / e
    ser = sp.series(F(E + Dl), Dl, 0, 2).removeO()
    fixed = sp.simplify(ser - (F(E) + (b1 * m1 - b2 * m2 / E ** 2) * Dl))
    printed = sp.simplify(ser - (b1 * m1 - b2 * m2 / E ** 2) * Dl)
    half = sp.simplify(ser - (F(E) + (b1 * m1 - b2 * m2 / E ** 2) * Dl / 2))
    return Outcome(fixed == 0 and printed != 0, f"sympy, d = 1: first-order series of F(E + Delta) minus [F(E) + gradient Delta] = "
                   f"{fixed}; minus the printed (27) = {printed}", agreement="symbolic identity", control_rejected=half != 0,
                   control_detail="half the gradient term leaves a nonzero difference")


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


# extra exact data sets for the search checks: d = 1, 2 and 5 (L >= d so M1, M2 are nonsingular)
_DATA_EXTRA = [dv.example_data(13, L=6, d=1, scale=0.6, shift=0.2), dv.example_data(14, L=6, d=2, scale=0.5, shift=-0.3),
               dv.example_data(15, L=8, d=5, scale=0.4, shift=0.2)]
_DATA_SEARCH = _DATA_NP + [(np.array(X, float), np.array(Y, float)) for X, Y in _DATA_EXTRA]


def _gerf_grid_mp():
    X, Y = _DATA[0]
    o = derf.gerf_optimum(X, Y, dps=30)
    d = 3
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    worst = mpmath.inf
    with mp.workdps(40):
        for k in range(-60, 61):
            g = mpmath.mpf(10) ** (mpmath.mpf(k) / 10)        # gamma = 1/(1-8A) over (1e-6, 1e6)
            a = (1 - 1 / g) / 8
            val = d * _lemma_a1._a1_objective_mp(a, st["S"] / d) + st["S"] - st["mx"] - st["my"]
            worst = min(worst, val - o["objective"])
    with mp.workdps(40):
        wa = _lemma_a1._a1_argmin_mp(st["S"] / 3 / 2)
        wv = d * _lemma_a1._a1_objective_mp(wa, st["S"] / d) + st["S"] - st["mx"] - st["my"]
        below = min(d * _lemma_a1._a1_objective_mp((1 - mpmath.mpf(10) ** (-mpmath.mpf(k) / 10)) / 8, st["S"] / d)
                    + st["S"] - st["mx"] - st["my"] for k in range(-60, 61))
    return Outcome(worst >= 0, f"GERF objective on a 121-point grid of gamma = 1/(1-8A) in [1e-6, 1e6] minus the closed-form "
                   f"minimum: min = {_fmt(worst, 5)} >= 0", agreement=f"min excess {_fmt(worst, 3)}",
                   control_rejected=below < wv, control_detail=f"A*(phi/2) gives {_fmt(wv, 8)}, the grid goes lower ({_fmt(below, 8)})")


def _eq8_cluster_data(eps):
    """Exact L = 6, d = 3 sets clustered at x0 and -x0 with spread ``eps`` (so mean x.y < 0)."""
    from fractions import Fraction
    N, _ = dv.example_data(31, L=6, d=3, scale=1.0, shift=0.0)
    M, _ = dv.example_data(32, L=6, d=3, scale=1.0, shift=0.0)
    x0, e = [Fraction(v) for v in ("0.5", "-0.3", "0.2")], Fraction(eps)
    X = [[a + e * Fraction(n) for a, n in zip(x0, r)] for r in N]
    Y = [[-a + e * Fraction(n) for a, n in zip(x0, r)] for r in M]
    mean_xy = sum(sum(a * b for a, b in zip(x, y)) for x in X for y in Y) / 36
    return [[str(v) for v in r] for r in X], [[str(v) for v in r] for r in Y], mean_xy


def _sec31_best_value():
    """The printed 'best value' mean log K = mean x.y is not a lower bound of (8); 2 mean x.y is, and is approached."""
    rows, ok, gaps = [], True, []
    for eps in ("0.1", "0.01", "0.001"):
        X, Y, m = _eq8_cluster_data(eps)
        with mp.workdps(40):
            printed, correct = mpmath.mpf(m.numerator) / m.denominator, 2 * mpmath.mpf(m.numerator) / m.denominator
        obj = derf.gerf_optimum(X, Y, dps=30)["objective"]
        ok &= printed < 0 and correct <= obj < printed
        gaps.append(obj - correct)
        rows.append(f"spread {eps}: printed mean log K = {_fmt(printed, 8)}, GERF optimum of (8) = {_fmt(obj, 10)}, "
                    f"2 mean x.y = {_fmt(correct, 10)} (excess {_fmt(obj - correct, 3)})")
    ok &= gaps[0] > gaps[1] > gaps[2] and gaps[2] < mpmath.mpf(10) ** -4
    # the closed-form objective at spread 0.1 re-computed by the direct average over the 36 pairs
    X, Y, m = _eq8_cluster_data("0.1")
    o = derf.gerf_optimum(X, Y, dps=30)
    with mp.workdps(40):
        params = derf.as_derf_params("gerf", dict(o, d=3))
    direct = derf.shifted_log_variance(params, X, Y, dps=30)
    dig = agreeing_digits(direct, o["objective"])
    ok &= dig >= 25 and direct < mpmath.mpf(m.numerator) / m.denominator
    # the correct bound also holds for the other families on data set 1 of the other checks
    Xd, Yd = _DATA[0]
    with mp.workdps(40):
        Xm, Ym = mp.matrix([[mpmath.mpf(v) for v in r] for r in Xd]), mp.matrix([[mpmath.mpf(v) for v in r] for r in Yd])
        best1 = mpmath.fsum(2 * (Xm[i, :] * Ym[j, :].T)[0] for i in range(6) for j in range(6)) / 36
    above = all(dv.OPTIMA[f](Xd, Yd, dps=30)["objective"] > best1 for f in ("gerf", "aderf", "sderf", "saderf"))
    ok &= above
    return Outcome(ok, ("data sets clustered at x0 = (0.5, -0.3, 0.2) and -x0 (L = 6, d = 3, exact), so mean x.y < 0: "
                + "; ".join(rows) + f". A feasible RF (the GERF optimum) goes below the printed value, so it is not a "
                f"lower bound; the objective tends to 2 mean x.y (= mean log K^2) as the spread, hence every variance, "
                f"vanishes. Direct average over the 36 pairs at spread 0.1 = {_fmt(direct, 10)} ({dig:.0f} digits vs closed form). "
                f"On data set 1 all four optima exceed 2 mean x.y = {_fmt(best1, 8)}"), agreement=f"excess {_fmt(gaps[2], 2)}",
                   control_rejected=gaps[0] > 0 and obj > correct, control_detail="the corrected bound 2 mean x.y is never crossed")


def _sec31_k_behaviour():
    V = mpmath.mpf(1)
    rows = []
    vals = []
    for K in ("0.25", "0.5", "1", "2"):
        k = mpmath.mpf(K)
        vals.append((mp.log(V + k * k), mp.log(1 + V / (k * k))))
        rows.append(f"K = {K}: log(V + K^2) = {_fmt(vals[-1][0], 5)}, log(V + K^2) - log K^2 = {_fmt(vals[-1][1], 5)}")
    raw_increasing = all(vals[i][0] < vals[i + 1][0] for i in range(3))
    excess_decreasing = all(vals[i][1] > vals[i + 1][1] for i in range(3))
    return Outcome(raw_increasing and excess_decreasing, "fixed variance V = 1: " + "; ".join(rows)
                   + ". The term of (8) grows with K (the printed claim fails); its excess over the best value decreases with K "
                   "(the correction holds)", agreement="monotone in K", control_rejected=raw_increasing,
                   control_detail="the printed direction (decreasing in K) is contradicted at all 4 points")


def _sec31_O1():
    from fractions import Fraction
    X, Y = _DATA[0]
    Xf = [[Fraction(v) for v in r] for r in X]
    Yf = [[Fraction(v) for v in r] for r in Y]
    L, d = len(Xf), len(Xf[0])
    direct = sum(sum((a + b) ** 2 for a, b in zip(x, y)) for x in Xf for y in Yf) / (L * L)
    mx = sum(sum(a * a for a in x) for x in Xf) / L
    my = sum(sum(b * b for b in y) for y in Yf) / L
    m4 = [sum(x[l] for x in Xf) / L for l in range(d)]
    m5 = [sum(y[l] for y in Yf) / L for l in range(d)]
    fast = mx + my + 2 * sum(a * b for a, b in zip(m4, m5))
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    with mp.workdps(40):
        lib = abs(st["S"] - mpmath.mpf(direct.numerator) / direct.denominator)
    return Outcome(direct == fast and lib < mpmath.mpf(10) ** -28,
                   f"exact rational arithmetic: L^-2 sum_ij |x_i + y_j|^2 = {direct} = mean|x|^2 + mean|y|^2 + 2 mu4.mu5 "
                   f"(O(Ld) statistics, then O(1) for A* by (15)); library S differs by {_fmt(lib, 2)}",
                   agreement="exact", control_rejected=(mx + my + sum(a * b for a, b in zip(m4, m5))) != direct,
                   control_detail="without the factor 2 on mu4.mu5 the identity fails")


# =============================================================================================
# Sec. 4: DERF, Thm 4.1
# =============================================================================================

def _sec4_embedding():
    """GERF -> DERF with C^(k) = C I_d and the printed C = -0.5 (Sec. 4) satisfies Thm 4.1."""
    d = 2
    I = [[1, 0], [0, 1]]
    Z = [[0, 0], [0, 0]]
    C_sec4 = [["-1/2", 0], [0, "-1/2"]]        # C^(k) = C I_d with the printed C = -0.5
    C_half = [["-1/4", 0], [0, "-1/4"]]        # control: (C/2) I_d, what the /2 printed in (6) would give
    r_s = derf.derf_conditions_residual(Z, I, I, C_sec4, C_sec4, 1)
    r_h = derf.derf_conditions_residual(Z, I, I, C_half, C_half, 1)
    x, y = ["0.5", "1"], ["1", "-0.25"]
    m_s = derf.derf_mean(Z, I, I, C_sec4, C_sec4, 1, x, y, dps=20)
    m_h = derf.derf_mean(Z, I, I, C_half, C_half, 1, x, y, dps=20)
    with mp.workdps(30):
        K = mp.exp(mpmath.mpf("0.25"))
        ok = r_s == 0 and abs(m_s - K) < mpmath.mpf(10) ** -18
        # the residual of (C/2) I_d is exactly |-1/4 + 1/2| = 1/4 (max over the C condition entries)
        rej = r_h == mpmath.mpf(1) / 4 and abs(m_h - K) > mpmath.mpf("0.1")
    return Outcome(ok, f"PosRF (GERF A = 0, B = 1, printed C = -0.5): with C^(k) = C I_d the Thm 4.1 residual is {_fmt(r_s, 3)} "
                   f"and E[f1 f2] = {_fmt(m_s, 10)} = K = {_fmt(K, 10)} at x = (0.5, 1), y = (1, -0.25); with (C/2) I_d "
                   f"(the /2 of (6) as printed) the residual is {_fmt(r_h, 3)} and E[f1 f2] = {_fmt(m_h, 10)}",
                   agreement=f"residual {_fmt(r_s, 2)}", control_rejected=rej,
                   control_detail=f"(C/2) I_d: residual {_fmt(r_h, 3)}")


def _thm41_symbolic():
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    # Thm 4.1 conditions for d = 1: B1 B2 /(1-4A) = 1, C_k = -B_k^2/(2(1-4A)), D^4 = 1-4A
    sub = {B2: (1 - 4 * A) / B1, C1: -B1 ** 2 / (2 * (1 - 4 * A)), C2: -((1 - 4 * A) / B1) ** 2 / (2 * (1 - 4 * A)),
           D: (1 - 4 * A) ** sp.Rational(1, 4)}
    m1 = sp.simplify(e["m1"].subs(sub))
    P = 1 - 8 * A
    eq9 = (D ** 4 / sp.sqrt(P) * sp.exp(2 * x ** 2 * (C1 + B1 ** 2 / P) + 2 * y ** 2 * (C2 + B2 ** 2 / P)
                                       + 4 * x * B1 * B2 * y / P))
    d2 = sp.simplify(e["m2"] - eq9)
    ok = sp.simplify(m1 - sp.exp(x * y)) == 0 and d2 == 0
    wrong = sp.simplify(e["m2"] - eq9 * sp.exp(-2 * x * B1 * B2 * y / P))      # cross coefficient 4 -> 2
    return Outcome(ok, f"sympy, d = 1: under the Thm 4.1 conditions E[f1 f2] = {m1}; general E[(f1 f2)^2] minus the "
                   f"exponential term of (9) = {d2} (so Var = that term - K^2)", agreement="symbolic identity",
                   control_rejected=wrong != 0, control_detail="cross coefficient 4 -> 2 leaves a nonzero difference")


def _exact_derf_params(A, B1, dps=60):
    """Thm 4.1 parameters completed from (A, B1) at ``dps`` digits (conditions hold to ~dps digits)."""
    with mp.workdps(dps):
        Am = mp.matrix([[mpmath.mpf(v) for v in r] for r in A])
        b1 = mp.matrix([[mpmath.mpf(v) for v in r] for r in B1])
        P = mp.eye(Am.rows) - 4 * Am
        Pi = mp.inverse(P)
        b2 = P * mp.inverse(b1).T
        return {"A": Am, "B1": b1, "B2": b2, "C1": -b1.T * Pi * b1 / 2, "C2": -b2.T * Pi * b2 / 2,
                "D": mp.det(P) ** (mpmath.mpf(1) / 4)}


_THM41_CASES = [
    # (A dense symmetric with 8A < I, B1, x, y)
    ([["-0.1", "0.03"], ["0.03", "0.05"]], [["1.1", "0.2"], ["-0.3", "0.9"]], ["0.3", "-0.5"], ["0.4", "0.1"]),
    ([["-0.1", "0.03", "0.02"], ["0.03", "0.05", "-0.04"], ["0.02", "-0.04", "-0.2"]],
     [["1.1", "0.2", "0"], ["-0.3", "0.9", "0.25"], ["0.1", "-0.2", "1.3"]], ["0.3", "-0.5", "0.2"], ["0.4", "0.1", "-0.3"]),
]


def _thm41_numeric():
    """Independent witness: moments by 1-D quadrature after diagonalising A, vs (9) and K = exp(x.y)."""
    rows, ok, rej = [], True, True
    for A, B1, x, y in _THM41_CASES:
        p = _exact_derf_params(A, B1)
        d = len(A)
        m1, m2 = dv.derf_moments_by_quadrature(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], x, y, dps=40)
        with mp.workdps(60):
            xv, yv = mp.matrix([mpmath.mpf(v) for v in x]), mp.matrix([mpmath.mpf(v) for v in y])
            K = mp.exp((xv.T * yv)[0])
            eq9 = mp.exp(_moments._eq9_log_m2(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], xv, yv))
            # Eq. (34) second line as printed: D^4 replaced by det(I-4A)^{1/4} = D (a wrong value)
            wrong = eq9 / p["D"] ** 3
            res = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=50)
        g1, g2, gw = agreeing_digits(m1, K), agreeing_digits(m2, eq9), agreeing_digits(m2, wrong)
        ok &= g1 >= 25 and g2 >= 25 and res < mpmath.mpf(10) ** -45
        rej &= gw < 3
        rows.append(f"d = {d}: E[f1 f2] vs exp(x.y) = {_fmt(K, 15)}: {g1:.1f} digits; E[f1^2 f2^2] = {_fmt(m2, 15)} vs (9): "
                    f"{g2:.1f} digits; vs (34)'s det(I-4A)^(1/4) prefactor: {gw:.1f} digits (rejected); Thm 4.1 residual {_fmt(res, 2)}")
    return Outcome(ok, "dense symmetric A = Q Lam Q^T (mp.eigsy), w rotated to v = Q^T w, moments as products of 1-D mp.quad "
                   "integrals (no Gaussian closed form): " + "; ".join(rows), agreement=">= 25 digits",
                   control_rejected=rej, control_detail="(34)'s det(I-4A)^(1/4) prefactor agrees to < 3 digits")


_EQ9_MC = {"A": [[-0.3, 0.05, 0.02], [0.05, -0.2, -0.04], [0.02, -0.04, -0.25]],
           "B1": [[1.1, 0.2, 0.0], [-0.3, 0.9, 0.25], [0.1, -0.2, 1.3]],
           "x": [0.8, -0.5, 0.6], "y": [0.7, -0.6, 0.4]}


def _thm41_mc():
    """Sampled mean and second moment of a dense DERF at a point where every term of (9) matters."""
    rng = np.random.default_rng(SEED + 11)
    A, B1 = np.array(_EQ9_MC["A"]), np.array(_EQ9_MC["B1"])
    x, y = np.array(_EQ9_MC["x"]), np.array(_EQ9_MC["y"])
    I = np.eye(3)
    P = I - 4 * A
    B2 = P @ np.linalg.inv(B1).T
    Pi = np.linalg.inv(P)
    p = {"A": A, "B1": B1, "B2": B2, "C1": -0.5 * B1.T @ Pi @ B1, "C2": -0.5 * B2.T @ Pi @ B2, "D": float(np.linalg.det(P)) ** 0.25}
    n = 1_000_000
    prod = dv.mc_moments(p, x, y, n, rng)
    K = math.exp(x @ y)
    var9 = float(derf.derf_variance(*[p[k].tolist() for k in ("A", "B1", "B2", "C1", "C2")], p["D"], x.tolist(), y.tolist(), dps=20))
    l1, l2 = derf.derf_log_moments_np(p, x[None], y[None])
    m2 = math.exp(l2[0, 0])
    # the terms of the exponent of (9)
    P8 = np.linalg.inv(I - 8 * A)
    terms = {"cross 4 x^T B1^T (I-8A)^-1 B2 y": 4 * x @ B1.T @ P8 @ B2 @ y,
             "2 x^T (C1 + B1^T (I-8A)^-1 B1) x": 2 * x @ (p["C1"] + B1.T @ P8 @ B1) @ x,
             "2 y^T (C2 + B2^T (I-8A)^-1 B2) y": 2 * y @ (p["C2"] + B2.T @ P8 @ B2) @ y,
             "-1/2 log det(I-8A)": -0.5 * np.linalg.slogdet(I - 8 * A)[1]}
    from ..couplings import sample as _sample
    chk = dv.mc_moments(p, x, y, 1000, np.random.default_rng(SEED + 12))
    w_ = _sample("iid", 3, 1000, np.random.default_rng(SEED + 12))
    direct = (derf.derf_features_np(w_, x[None], p["A"], p["B1"], p["C1"], p["D"])[0]
              * derf.derf_features_np(w_, y[None], p["A"], p["B2"], p["C2"], p["D"])[0])
    samp_err = float(np.max(np.abs(chk / direct - 1)))
    sq = prod * prod
    cm = z_check(mean_of(prod), K)
    cs = z_check(mean_of(sq), m2)
    cv = z_check(variance_of(prod), var9)
    eps = mean_of(sq).stderr / m2
    cross = terms["cross 4 x^T B1^T (I-8A)^-1 B2 y"]
    controls = {f"cross 4 -> {c}": m2 * math.exp((c - 4) / 4 * cross) for c in (3.9, 4.1)}
    controls["1.02 K (mean)"] = None
    zc = {k: z_check(mean_of(sq), v).z for k, v in controls.items() if v is not None}
    zk = z_check(mean_of(prod), 1.02 * K).z
    rej = all(abs(z) > 5 for z in zc.values()) and abs(zk) > 5
    det = "; ".join(f"{k} = {v:+.3f} (smallest detectable relative change {5 * eps / abs(v):.2%})" for k, v in terms.items())
    return Outcome(cm.passed and cs.passed and cv.passed and samp_err < 1e-12,
                   f"sampled products = f1 f2 of the drawn w (max rel. diff {samp_err:.1e}); "
                   f"dense A (d = 3), x.y = {x @ y:.2f}, n = {n} draws (couplings.sample): mean vs K = exp(x.y): {cm}; "
                   f"E[(f1 f2)^2] vs the exponential term of (9): {cs}; variance vs (9) (derf_variance): {cv}. Terms of the "
                   f"exponent: {det}. Controls on E[(f1 f2)^2]: " + "; ".join(f"{k} rejected at z = {v:+.1f}" for k, v in zc.items()),
                   agreement=f"z = {cm.z:+.2f}, {cs.z:+.2f}, {cv.z:+.2f}", control_rejected=rej,
                   control_detail="; ".join(f"{k} rejected at z = {v:+.1f}" for k, v in zc.items()) + f"; 1.02 K at z = {zk:+.1f}")


def _secA1_prefactor():
    with mp.workdps(30):
        A, B1, x, y = mpmath.mpf("-0.1"), mpmath.mpf("0.8"), mpmath.mpf("0.3"), mpmath.mpf("0.5")
        B2 = (1 - 4 * A) / B1
        C1, C2 = -B1 ** 2 / (2 * (1 - 4 * A)), -B2 ** 2 / (2 * (1 - 4 * A))
        D = (1 - 4 * A) ** (mpmath.mpf(1) / 4)
        integrand = lambda w: mp.exp(-w * w / 2 + 4 * A * w * w + 2 * w * (B1 * x + B2 * y) + 2 * C1 * x * x + 2 * C2 * y * y)
        I = mp.quad(integrand, [-mp.inf, 0, mp.inf])
        printed = (2 * mp.pi) ** (mpmath.mpf(1) / 2) * D ** 4 * I
        fixed = (2 * mp.pi) ** (-mpmath.mpf(1) / 2) * D ** 4 * I
        closed = mp.exp(_moments._eq9_log_m2(mp.matrix([[A]]), mp.matrix([[B1]]), mp.matrix([[B2]]), mp.matrix([[C1]]),
                                         mp.matrix([[C2]]), D, mp.matrix([x]), mp.matrix([y])))
        ok = agreeing_digits(fixed, closed) >= 25 and abs(printed / closed - 2 * mp.pi) < mpmath.mpf(10) ** -20
        ctl = agreeing_digits(fixed / mp.sqrt(2), closed)         # control: a factor 2^(-1/2) too many
    return Outcome(ok, f"d = 1, A = -0.1, B1 = 0.8, x = 0.3, y = 0.5: (2 pi)^(-1/2) D^4 * integral = {_fmt(fixed, 15)} = closed form "
                   f"{_fmt(closed, 15)}; with (2 pi)^(+1/2) as printed: {_fmt(printed, 15)} (= 2 pi x the second moment)",
                   agreement=f"{agreeing_digits(fixed, closed):.0f} digits", control_rejected=ctl < 2,
                   control_detail=f"(4 pi)^(-1/2) agrees to {ctl:.1f} digits")


def _diag_reduction():
    rng = np.random.default_rng(SEED + 12)
    p = dv.random_derf_params_np(3, rng)
    lam, Q = np.linalg.eigh(p["A"])
    pt = dict(p, A=np.diag(lam), B1=Q.T @ p["B1"], B2=Q.T @ p["B2"])
    x, y = np.array([0.3, -0.2, 0.5]), np.array([-0.1, 0.4, 0.2])
    w = rng.normal(size=(50, 3))
    f = derf.derf_features_np(w, x, p["A"], p["B1"], p["C1"], p["D"])
    ft = derf.derf_features_np(w @ Q, x, pt["A"], pt["B1"], pt["C1"], pt["D"])   # w~ = Q^T w
    feat_err = float(np.max(np.abs(f - ft) / f))
    va = derf.derf_variance(*[p[k].tolist() for k in ("A", "B1", "B2", "C1", "C2")], p["D"], x.tolist(), y.tolist(), dps=20)
    vb = derf.derf_variance(*[pt[k].tolist() for k in ("A", "B1", "B2", "C1", "C2")], pt["D"], x.tolist(), y.tolist(), dps=20)
    with mp.workdps(30):
        dig = agreeing_digits(va, vb)
    res = float(derf.derf_conditions_residual(*[p[k].tolist() for k in ("A", "B1", "B2", "C1", "C2")], p["D"], dps=20))
    fw = derf.derf_features_np(w, x, pt["A"], pt["B1"], pt["C1"], pt["D"])   # control: w~ = w (no rotation)
    werr = float(np.max(np.abs(f - fw) / f))
    return Outcome(feat_err < 1e-12 and dig >= 12 and res < 1e-12, f"random valid DERF (Thm 4.1 residual {res:.1e}), "
                   f"A = Q diag Q^T, B~ = Q^T B: features agree sample by sample with w~ = Q^T w "
                   f"(max rel. diff {feat_err:.1e}); variances (9) agree to {dig:.1f} digits (float64-rounded rotated parameters)",
                   agreement=f"rel. diff {feat_err:.0e}", control_rejected=werr > 1e-3,
                   control_detail=f"without rotating w the features differ by {werr:.2g}")


def _sec4_complexity():
    rng = np.random.default_rng(SEED + 13)
    L, M, d = 7, 5, 4
    p = dv.random_derf_params_np(d, rng)
    X, W = rng.normal(size=(L, d)) * 0.3, rng.normal(size=(M, d))
    fast = derf.derf_features_np(W, X, p["A"], p["B1"], p["C1"], p["D"])
    slow = np.array([[p["D"] * math.exp(w @ p["A"] @ w + w @ p["B1"] @ x + x @ p["C1"] @ x) for w in W] for x in X])
    err = float(np.max(np.abs(fast - slow) / slow))
    # operation counts of the scheme: B^T w (M d^2), C x (L d^2), w^T A w (M d^2), then L M inner products (LMd)
    Lb, Mb, db = 4096, 256, 64
    scheme = (Mb + Lb) * db * db + Mb * db * db + Lb * Mb * db
    naive = Lb * Mb * (3 * db * db)
    slow_t = np.array([[p["D"] * math.exp(w @ p["A"] @ w + w @ p["B1"].T @ x + x @ p["C1"] @ x) for w in W] for x in X])
    terr = float(np.max(np.abs(fast - slow_t) / slow_t))          # control: B^T instead of B
    return Outcome(err < 1e-12 and scheme < naive, f"precomputed B^T w, C x, w^T A w give the same features as per-entry "
                   f"evaluation (max rel. diff {err:.1e}); multiply count for L = {Lb}, M = {Mb}, d = {db}: scheme (M+L)d^2 + "
                   f"Md^2 + LMd = {scheme:.3g} vs naive 3LMd^2 = {naive:.3g}; linear in L", agreement=f"rel. diff {err:.0e}",
                   control_rejected=terr > 1e-3, control_detail=f"w^T B^T x instead of w^T B x differs by {terr:.2g}")


# =============================================================================================
# Lemma A.1 and Eqs. (16)-(19)
# =============================================================================================

_PHIS = ["0", "1e-30", "1e-6", "0.37", "1", "50", "1e6", "1e30"]


def _lema1_symbolic():
    a, phi = derf.lemma_a1_argmin_expr()
    printed = (1 - 2 * phi - sp.sqrt((2 * phi + 1) ** 2 + 8 * phi)) / 16
    diff = sp.simplify(a - printed)
    wrong = sp.simplify(a - (1 - 2 * phi + sp.sqrt((2 * phi + 1) ** 2 + 8 * phi)) / 16)
    return Outcome(diff == 0, f"sympy solves h'(gamma) = 0 and maps the positive root back: A* - (15) = {diff}",
                   agreement="symbolic identity", control_rejected=wrong != 0,
                   control_detail="the other root (+sqrt) leaves a nonzero difference")


def _lema1_numeric():
    rows = []
    ok = True
    pin = mpmath.nstr(derf.lemma_a1_argmin("0.37", dps=30), 30)
    ok &= pin == "-0.136684830892115612918684818843"
    for ph in _PHIS:
        a = derf.lemma_a1_argmin(ph, dps=30)
        with mp.workdps(60):
            phi = mpmath.mpf(ph)
            fa = _lemma_a1._a1_objective_mp(a, phi)
            # derivative in gamma = 1/(1-8A) (scale-free): h'(gamma*) must vanish
            g = 1 / (1 - 8 * a)
            hp = phi + 1 / (g + 1) - 1 / (2 * g)
            rel_hp = abs(hp) / (phi + 1 / (g + 1))
            worst = mpmath.inf
            for k in range(-80, 81):
                gg = mpmath.mpf(10) ** (mpmath.mpf(k) / 8)
                worst = min(worst, _lemma_a1._a1_objective_mp((1 - 1 / gg) / 8, phi) - fa)
            for t in ("1e-8", "-1e-8"):
                gg = g * (1 + mpmath.mpf(t))
                worst = min(worst, _lemma_a1._a1_objective_mp((1 - 1 / gg) / 8, phi) - fa)
        ok &= rel_hp < mpmath.mpf(10) ** -30 and worst >= 0
        rows.append(f"phi={ph}: A*={mpmath.nstr(a, 8)}, |h'|/scale={mpmath.nstr(rel_hp, 2)}, min f(grid)-f(A*)={mpmath.nstr(worst, 2)}")
    with mp.workdps(60):
        wa = derf.lemma_a1_argmin("0.37", dps=30) * (1 + mpmath.mpf(10) ** -20)
        g = 1 / (1 - 8 * wa)
        whp = abs(mpmath.mpf("0.37") + 1 / (g + 1) - 1 / (2 * g))
    return Outcome(ok, f"pin lemma_a1_argmin('0.37') = {pin}; " + "; ".join(rows), agreement="|h'| < 1e-30 at 8 phi",
                   control_rejected=whp > mpmath.mpf(10) ** -30,
                   control_detail=f"A* x (1 + 1e-20): |h'| = {mpmath.nstr(whp, 3)}")


def _lema1_negative():
    vals = []
    with mp.workdps(30):
        for k in (2, 4, 6, 8):
            A = mpmath.mpf(1) / 8 - mpmath.mpf(10) ** -k      # gamma = 1/(1-8A) = 10^k / 8 -> inf
            vals.append(_lemma_a1._a1_objective_mp(A, mpmath.mpf("-0.1")))
    unbounded = all(vals[i] > vals[i + 1] for i in range(3)) and vals[-1] < -1000
    try:
        derf.lemma_a1_argmin("-0.1")
        raised = False
    except ValueError:
        raised = True
    with mp.workdps(30):
        far = [_lemma_a1._a1_objective_mp(-mpmath.mpf(10) ** k, mpmath.mpf("-0.1")) for k in (2, 4, 6)]
    return Outcome(unbounded and raised, f"phi = -0.1: f(1/8 - 10^-k) for k = 2, 4, 6, 8 = {[mpmath.nstr(v, 5) for v in vals]} "
                   f"-> -inf, so phi >= 0 is needed (while f(-10^k), k = 2, 4, 6 = {[mpmath.nstr(v, 5) for v in far]} -> +inf); "
                   f"lemma_a1_argmin('-0.1') raises ValueError: {raised}", agreement="unbounded below",
                   control_rejected=far[0] < far[1] < far[2], control_detail="f -> +inf as A -> -inf (the other end is not where it escapes)")


def _eq16_17_symbolic():
    h, g, phi = derf.lemma_a1_h_expr()
    hp, _, _ = derf.lemma_a1_hprime_expr()
    d16 = sp.simplify(sp.diff(h, g) - (phi + 1 / (g + 1) - 1 / (2 * g)))
    d16b = sp.simplify(phi + 1 / (g + 1) - 1 / (2 * g) - (phi + (g - 1) / (2 * g * (g + 1))))
    d17 = sp.simplify(hp - (2 * phi * g ** 2 + (2 * phi + 1) * g - 1) / (2 * g * (g + 1)))
    dh = sp.simplify(h - (sp.log(g + 1) - sp.log(g) / 2 - sp.log(2) + phi * g))
    ok = d16 == 0 and d16b == 0 and d17 == 0 and dh == 0
    wrong = sp.simplify(hp - (2 * phi * g ** 2 + (2 * phi + 1) * g + 1) / (2 * g * (g + 1)))
    return Outcome(ok, f"sympy: h(gamma) - printed = {dh}; h' - (16) = {d16}, {d16b}; h' - (17) = {d17}",
                   agreement="symbolic identity", control_rejected=wrong != 0, control_detail="constant -1 -> +1 in (17) rejected")


def _eq18_19_symbolic():
    g, phi = sp.Symbol("gamma"), sp.Symbol("phi", positive=True)
    s = sp.sqrt((2 * phi + 1) ** 2 + 8 * phi)
    gm, gp = (-(2 * phi + 1) - s) / (4 * phi), (-(2 * phi + 1) + s) / (4 * phi)
    poly = 2 * phi * g ** 2 + (2 * phi + 1) * g - 1
    r = [sp.simplify(poly.subs(g, v)) for v in (gm, gp)]
    d19 = sp.simplify(gp - 2 / (2 * phi + 1 + s))
    a = sp.simplify((1 - 1 / (2 / (2 * phi + 1 + s))) / 8 - (1 - 2 * phi - s) / 16)
    at0 = (2 / (2 * phi + 1 + s)).subs(phi, 0)
    ok = r == [0, 0] and d19 == 0 and a == 0 and at0 == 1
    wrong = sp.simplify(gp - 2 / (2 * phi + 1 - s))
    return Outcome(ok, f"sympy: both (18) roots annihilate the numerator of (17) ({r}); (18)+ - (19) = {d19}; (19) at phi = 0 "
                   f"gives gamma* = {at0}; (1 - 1/gamma*)/8 - (15) = {a}", agreement="symbolic identity",
                   control_rejected=wrong != 0, control_detail="denominator 2phi + 1 - sqrt(...) rejected")


def _eq16_numeric():
    """h'(gamma) of (16)-(17) vs a central difference of f (14) (library) through A = (1 - 1/gamma)/8, 40 digits."""
    worst, wbest = math.inf, 0.0
    for ph, gm in (("0.37", "0.6"), ("2", "0.15"), ("0", "3"), ("1e-3", "40")):
        with mp.workdps(60):
            phi, g = mpmath.mpf(ph), mpmath.mpf(gm)
            h = mpmath.mpf(10) ** -20
            hfun = lambda t: derf.lemma_a1_objective((1 - 1 / t) / 8, ph, dps=55)
            fd = (hfun(g + h) - hfun(g - h)) / (2 * h)
            p17 = (2 * phi * g ** 2 + (2 * phi + 1) * g - 1) / (2 * g * (g + 1))
            w17 = (2 * phi * g ** 2 + (2 * phi + 1) * g + 1) / (2 * g * (g + 1))
            worst = min(worst, agreeing_digits(fd, p17))
            wbest = max(wbest, agreeing_digits(fd, w17))
    return Outcome(worst >= 30, f"(17) vs a central difference (step 1e-20, 60 digits) of f(14) = lemma_a1_objective in gamma "
                   f"at 4 points (phi, gamma) = (0.37, 0.6), (2, 0.15), (0, 3), (1e-3, 40): >= {worst:.1f} digits",
                   agreement=f"{worst:.0f} digits", control_rejected=wbest < 2,
                   control_detail=f"constant -1 -> +1 in (17): {wbest:.1f} digits")


def _eq18_numeric():
    """Roots of the numerator of (17) by mp.polyroots vs (18)/(19) and the library's A* = (1 - 1/gamma*)/8."""
    worst, wbest = math.inf, 0.0
    for ph in ("1e-6", "0.37", "5", "1e4"):
        with mp.workdps(50):
            phi = mpmath.mpf(ph)
            roots = sorted(mp.polyroots([2 * phi, 2 * phi + 1, -1], extraprec=200), key=lambda r: mpmath.re(r))
            sq = mp.sqrt((2 * phi + 1) ** 2 + 8 * phi)
            gp = 2 / (2 * phi + 1 + sq)
            a_lib = derf.lemma_a1_argmin(ph, dps=45)
            worst = min(worst, agreeing_digits(mpmath.re(roots[1]), gp),
                        agreeing_digits((-(2 * phi + 1) - sq) / (4 * phi), mpmath.re(roots[0])),
                        agreeing_digits((1 - 1 / mpmath.re(roots[1])) / 8, a_lib))
            wbest = max(wbest, agreeing_digits((1 - 1 / mpmath.re(roots[0])) / 8, a_lib))
    return Outcome(worst >= 30, f"mp.polyroots of 2 phi g^2 + (2 phi + 1) g - 1 at phi = 1e-6, 0.37, 5, 1e4: the roots equal "
                   f"(18) and the positive one (19), and (1 - 1/gamma+)/8 equals lemma_a1_argmin: >= {worst:.1f} digits",
                   agreement=f"{worst:.0f} digits", control_rejected=wbest < 2,
                   control_detail=f"the negative root gamma- mapped to A: {wbest:.1f} digits")


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


# =============================================================================================
# Theorem 4.2 (ADERF) and its proof
# =============================================================================================

def _aderf_conditions():
    out = []
    ok, rej = True, True
    for X, Y in _DATA:
        o = derf.aderf_optimum(X, Y, dps=30)
        with mp.workdps(45):
            p = derf.as_derf_params("aderf", o)
            r = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=40)
            rw = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], 2 * p["C1"], 2 * p["C2"], p["D"], dps=40)
        ok &= r < mpmath.mpf(10) ** -35
        rej = rej and rw > mpmath.mpf("0.01")
        out.append(mpmath.nstr(r, 2))
    return Outcome(ok, f"the Thm 4.2 parameters satisfy the Thm 4.1 conditions (residuals {out} at 45 digits)",
                   agreement="residual < 1e-35", control_rejected=rej,
                   control_detail="C_k = -B_k^T B_k/(1-4A) (without the 1/2) violates them")


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


def _phi_nonneg():
    rng = np.random.default_rng(SEED + 14)
    worst = math.inf
    slack = math.inf
    viol = 0
    for t in range(400):
        d = int(rng.integers(1, 6))
        L = d + int(rng.integers(0, 5))
        X = rng.normal(size=(L, d)) * rng.uniform(0.1, 3)
        mode = t % 3
        Y = -X + 0.01 * rng.normal(size=(L, d)) if mode == 0 else (rng.normal(size=(L, d)) - 2 * X.mean(0) if mode == 1 else rng.normal(size=(L, d)))
        try:
            o = derf.aderf_optimum_np(X, Y)
        except ValueError:
            continue
        q = o["Sigma"].mean() + X.mean(0) @ Y.mean(0) / d
        worst = min(worst, q)
        # the proof-missing step: |xbar.ybar| <= ||M1^1/2 M2^1/2||_op <= ||.||_* = sum Sigma
        slack = min(slack, o["Sigma"].max() - abs(X.mean(0) @ Y.mean(0)))
        viol += int(o["Sigma"].min() < abs(X.mean(0) @ Y.mean(0)) - 1e-12)
    Xe = [["0.5"], ["0.5"]]
    Ye = [["-0.5"], ["-0.5"]]
    o = derf.aderf_optimum(Xe, Ye, dps=30)
    ok = worst >= -1e-12 and slack >= -1e-12 and o["phi"] == 0 and o["A"] == 0
    return Outcome(ok, (f"400 random data sets (incl. Y ~ -X): min of d^-1 sum Sigma + mu3 = {worst:.3e} >= 0 and "
                f"min(Sigma_max - |mu4.mu5|) = {slack:.3e} >= 0 (since xbar = M1^1/2 a, ybar = M2^1/2 b with |a|,|b| <= 1, "
                f"|xbar.ybar| <= ||M1^1/2 M2^1/2||_op <= sum Sigma); equality case X = (0.5, 0.5), Y = -X (d = 1): phi = "
                f"{o['phi']}, A = {o['A']}; the stronger bound |mu4.mu5| <= min Sigma fails on {viol} sets"), agreement=f"min {worst:.1e}",
                   control_rejected=viol > 0, control_detail=f"|mu4.mu5| <= min Sigma violated on {viol} sets")


def _aderf_singular():
    msgs = []
    for X, Y in (([["1", "0"]], [["1", "1"], ["0", "1"]]), ([["1", "2"], ["2", "4"]], [["1", "0"], ["0", "1"]])):
        try:
            derf.aderf_optimum(X, Y)
            msgs.append("no error")
        except ValueError as exc:
            msgs.append(str(exc).split(" (")[0])
    ok = all(m.startswith("M1 must be nonsingular") for m in msgs)
    return ok, f"L < d and collinear X raise: {msgs}"


def _eq20_symbolic():
    u = sp.Symbol("u", positive=True)          # u = 1 - 4A > 0 (implied by 8A < 1)
    A = (1 - u) / 4
    d = 3
    B1 = sp.Matrix(d, d, sp.symbols("b0:9"))
    I = sp.eye(d)
    P = (I - 4 * A * I)
    c1 = sp.simplify(B1.T * P.inv() * B1 - B1.T * B1 / (1 - 4 * A))
    det = sp.simplify(P.det() ** sp.Rational(1, 4) - (1 - 4 * A) ** sp.Rational(d, 4))
    ok = c1 == sp.zeros(d, d) and det == 0
    wrong = sp.simplify(P.det() ** sp.Rational(1, 4) - (1 - 4 * A) ** sp.Rational(1, 4))
    return Outcome(ok, f"sympy, d = 3, symbolic B (9 entries), u = 1 - 4A > 0: B^T (I - 4A)^-1 B - B^T B/(1-4A) is the zero "
                   f"matrix: {c1 == sp.zeros(d, d)}; det(I - 4A)^(1/4) - (1-4A)^(d/4) = {det}", agreement="symbolic identity",
                   control_rejected=wrong != 0, control_detail="D = (1-4A)^(1/4) (no d) rejected")


def _random_aderf(rng, d):
    a = -abs(rng.normal()) * 0.2
    B1 = np.eye(d) + 0.4 * rng.normal(size=(d, d))
    return a, B1


def _eq22_numeric():
    rng = np.random.default_rng(SEED + 15)
    X, Y = _DATA[0]
    worst, wbest = math.inf, 0.0
    for _ in range(2):
        a, B1 = _random_aderf(rng, 3)
        with mp.workdps(50):
            A = mpmath.mpf(a)
            b1 = mp.matrix(B1.tolist())
            E = b1.T * b1
            b2 = (1 - 4 * A) * mp.inverse(b1).T
            p = {"A": A * mp.eye(3), "B1": b1, "B2": b2, "C1": -(b1.T * b1) / (2 * (1 - 4 * A)),
                 "C2": -(b2.T * b2) / (2 * (1 - 4 * A)), "D": (1 - 4 * A) ** (mpmath.mpf(3) / 4)}
            st = _optima._stats(mp.matrix([[mpmath.mpf(v) for v in r] for r in X]), mp.matrix([[mpmath.mpf(v) for v in r] for r in Y]))
            tr = lambda M: sum(M[i, i] for i in range(3))
            b_1 = 1 / ((1 - 8 * A) * (1 - 4 * A))
            b_2 = (1 - 4 * A) / (1 - 8 * A)
            eq22 = (3 * mp.log(1 - 4 * A) - mp.log(1 - 8 * A) * 3 / 2 + b_1 * tr(E * st["M1"])
                    + b_2 * tr(mp.inverse(E) * st["M2"]) + 4 * b_2 * st["xy"])
            swapped = eq22 + (b_2 - b_1) * tr(E * st["M1"]) + (b_1 - b_2) * tr(mp.inverse(E) * st["M2"])
        direct = derf.shifted_log_variance(p, X, Y, dps=30)
        with mp.workdps(40):
            worst = min(worst, agreeing_digits(eq22, direct))
            wbest = max(wbest, agreeing_digits(swapped, direct))
    return Outcome(worst >= 30, f"(21)-(22) (with Trace(E M1), Trace(E^-1 M2)) vs direct average over pairs for two random "
                   f"(A, B1): >= {worst:.1f} digits", agreement=f"{worst:.0f} digits", control_rejected=wbest < 3,
                   control_detail=f"beta1 and beta2 swapped: {wbest:.1f} digits")


def _eq21_typo():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        p = derf.as_derf_params("aderf", o)
        Xm = mp.matrix([[mpmath.mpf(v) for v in r] for r in X])
        Ym = mp.matrix([[mpmath.mpf(v) for v in r] for r in Y])
        printed, fixed, k2s = [], [], []
        for i in range(6):
            for j in range(6):
                x, y = Xm[i, :].T, Ym[j, :].T
                m2 = mp.exp(_moments._eq9_log_m2(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], x, y))
                K = mp.exp((x.T * y)[0])
                printed.append(mp.log(m2 - K * K + K))
                fixed.append(mp.log(m2 - K * K + K * K))
                k2s.append(K * K)
        pv, fv = mpmath.fsum(printed) / 36, mpmath.fsum(fixed) / 36
        ok = abs(fv - o["objective"]) < mpmath.mpf(10) ** -30 and abs(pv - o["objective"]) > mpmath.mpf("1e-3")
        nv = mpmath.fsum(mp.log(mp.exp(v) - K2) for v, K2 in zip(fixed, k2s)) / 36
    return Outcome(ok, f"ADERF optimum on data set 1: the average of log(Var + K) (as printed in (21), (36)) = {_fmt(pv, 12)}, "
                   f"of log(Var + K^2) = {_fmt(fv, 12)} = closed form (10) {_fmt(o['objective'], 12)}",
                   agreement="30+ digits", control_rejected=abs(nv - o["objective"]) > mpmath.mpf("1e-3"),
                   control_detail=f"unshifted mean log Var = {_fmt(nv, 8)} differs too")


def _lema2_numeric():
    """Gradient (28) vanishes at E*, F convex (25), and no SPD E found below F(E*)."""
    import scipy.optimize as so
    X, Y = _DATA_NP[0]
    M1, M2 = X.T @ X / 6, Y.T @ Y / 6
    rng = np.random.default_rng(SEED + 16)
    a = -0.07
    b1, b2 = 1 / ((1 - 8 * a) * (1 - 4 * a)), (1 - 4 * a) / (1 - 8 * a)
    o = derf.aderf_optimum_np(X, Y)
    # B1* at this A: rescale the optimum's B1 by sqrt(1-4a)/sqrt(1-4A_opt)
    B1 = o["B1"] * math.sqrt((1 - 4 * a) / (1 - 4 * o["A"]))
    E = B1.T @ B1
    F = lambda E: b1 * np.trace(E @ M1) + b2 * np.trace(np.linalg.inv(E) @ M2)
    grad = b1 * M1 - b2 * np.linalg.inv(E) @ M2 @ np.linalg.inv(E)
    gnorm = float(np.abs(grad).max())

    def Fv(v):
        Lm = np.zeros((3, 3))
        Lm[np.tril_indices(3)] = v
        Em = Lm @ Lm.T + 1e-14 * np.eye(3)
        return F(Em)
    best = min(so.minimize(Fv, rng.normal(size=6), method="BFGS").fun for _ in range(4))
    # second derivative (25) vs finite differences, and its sign, in random symmetric directions
    worst_rel, min_second = 0.0, math.inf
    Ei = np.linalg.inv(E)
    for _ in range(20):
        Dl = rng.normal(size=(3, 3))
        Dl = (Dl + Dl.T) / 2
        formula = 2 * b2 * np.trace(Ei @ Dl @ Ei @ Dl @ Ei @ M2)
        h = 1e-4
        fd = (F(E + h * Dl) - 2 * F(E) + F(E - h * Dl)) / (h * h)
        worst_rel = max(worst_rel, abs(fd - formula) / abs(formula))
        min_second = min(min_second, formula)
    ok = gnorm < 1e-12 and best >= F(E) - 1e-9 and worst_rel < 1e-5 and min_second > 0
    Ew = 1.01 * E
    gw = float(np.abs(b1 * M1 - b2 * np.linalg.inv(Ew) @ M2 @ np.linalg.inv(Ew)).max())
    return Outcome(ok, f"A = -0.07, data set 1: |grad F(E*)| (28) = {gnorm:.1e}; BFGS over E = LL^T: best {best:.12f} vs F(E*) = "
                   f"{F(E):.12f}; (25) vs finite differences in 20 directions: max rel. diff {worst_rel:.1e}, min value "
                   f"{min_second:.3g} > 0", agreement=f"|grad| {gnorm:.0e}", control_rejected=gw > 1e-4,
                   control_detail=f"1.01 E*: |grad| = {gw:.2g}")


def _eq24_neumann():
    rng = np.random.default_rng(SEED + 17)
    E = np.eye(3) + 0.2 * rng.normal(size=(3, 3))
    E = E @ E.T
    Dl = rng.normal(size=(3, 3))
    Dl = (Dl + Dl.T) / 2
    t = 0.05
    Ei = np.linalg.inv(E)
    series = sum((-t) ** l * Ei @ np.linalg.matrix_power(Dl @ Ei, l) for l in range(60))
    err = float(np.abs(series - np.linalg.inv(E + t * Dl)).max())
    wser = sum(t ** l * Ei @ np.linalg.matrix_power(Dl @ Ei, l) for l in range(60))
    werr = float(np.abs(wser - np.linalg.inv(E + t * Dl)).max())
    return Outcome(err < 1e-13, f"Neumann series (E + t Delta)^-1 = sum (-t)^l E^-1 (Delta E^-1)^l: max error {err:.1e} "
                   f"(t = 0.05); the earlier appendix writes 'E + tB is invertible' here, the final version 'E + t Delta'",
                   agreement=f"error {err:.0e}", control_rejected=werr > 1e-4, control_detail=f"(+t)^l instead of (-t)^l: error {werr:.2g}")


def _eq27_typo():
    X, Y = _DATA_NP[0]
    M1, M2 = X.T @ X / 6, Y.T @ Y / 6
    a = -0.07
    b1, b2 = 1 / ((1 - 8 * a) * (1 - 4 * a)), (1 - 4 * a) / (1 - 8 * a)
    F = lambda E: b1 * np.trace(E @ M1) + b2 * np.trace(np.linalg.inv(E) @ M2)
    rng = np.random.default_rng(SEED + 18)
    E = np.eye(3) + 0.1 * rng.normal(size=(3, 3))
    E = E @ E.T
    Dl = rng.normal(size=(3, 3))
    Dl = (Dl + Dl.T) / 2
    G = b1 * M1 - b2 * np.linalg.inv(E) @ M2 @ np.linalg.inv(E)
    rows, ok = [], True
    for t in (1e-2, 1e-3, 1e-4):
        lhs = F(E + t * Dl)
        printed_rem = abs(lhs - np.trace(t * Dl @ G)) / t         # should -> 0 if (27) were right
        fixed_rem = abs(lhs - F(E) - np.trace(t * Dl @ G)) / t
        rows.append(f"t={t:g}: printed remainder/t = {printed_rem:.3g}, corrected remainder/t = {fixed_rem:.1e}")
    ok = printed_rem > 1 and fixed_rem < 1e-2
    half = abs(F(E + t * Dl) - F(E) - 0.5 * np.trace(t * Dl @ G)) / t
    return Outcome(ok, "; ".join(rows), agreement=f"remainder/t {fixed_rem:.0e}", control_rejected=half > 1e-2,
                   control_detail=f"half the gradient term: remainder/t = {half:.2g}")


def _eq30_numeric():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        st = _optima._stats(mp.matrix([[mpmath.mpf(v) for v in r] for r in X]), mp.matrix([[mpmath.mpf(v) for v in r] for r in Y]))
        A = o["A"]
        E = o["B1"].T * o["B1"]
        b1, b2 = 1 / ((1 - 8 * A) * (1 - 4 * A)), (1 - 4 * A) / (1 - 8 * A)
        R = b1 * E * st["M1"] * E - b2 * st["M2"]
        res = max(abs(R[i, j]) for i in range(3) for j in range(3))
        F = E / (1 - 4 * A)
        R2 = F * st["M1"] * F - st["M2"]
        res2 = max(abs(R2[i, j]) for i in range(3) for j in range(3))
        tr = sum((F * st["M1"])[i, i] for i in range(3))
        dtr = abs(tr - mpmath.fsum(o["Sigma"]))
        Rw = b2 * E * st["M1"] * E - b1 * st["M2"]
        resw = max(abs(Rw[i, j]) for i in range(3) for j in range(3))
    ok = res < mpmath.mpf(10) ** -35 and res2 < mpmath.mpf(10) ** -35 and dtr < mpmath.mpf(10) ** -35
    return Outcome(ok, f"data set 1: max |beta1 E* M1 E* - beta2 M2| (30) = {_fmt(res, 2)}; F M1 F = M2 residual {_fmt(res2, 2)}; "
                   f"|Trace(F M1) - sum Sigma| = {_fmt(dtr, 2)}", agreement="residual < 1e-35",
                   control_rejected=resw > mpmath.mpf("1e-3"), control_detail=f"beta1, beta2 swapped: residual {_fmt(resw, 3)}")


def _eq32_numeric():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    rows, ok, rej = [], True, True
    for a in ("-0.3", "-0.05", "0.1"):
        with mp.workdps(45):
            A = mpmath.mpf(a)
            r = mp.sqrt((1 - 4 * A) / (1 - 4 * o["A"]))
            b1 = o["B1"] * r
            b2 = (1 - 4 * A) * mp.inverse(b1).T
            p = {"A": A * mp.eye(3), "B1": b1, "B2": b2, "C1": -(b1.T * b1) / (2 * (1 - 4 * A)),
                 "C2": -(b2.T * b2) / (2 * (1 - 4 * A)), "D": (1 - 4 * A) ** (mpmath.mpf(3) / 4)}
            sig, mu3 = mpmath.fsum(o["Sigma"]) / 3, o["mu3"]
            eq32 = 3 * (mp.log(1 - 4 * A) - mp.log(1 - 8 * A) / 2 + 2 / (1 - 8 * A) * (sig + mu3) + 2 * mu3)
        direct = derf.shifted_log_variance(p, X, Y, dps=30)
        with mp.workdps(40):
            dig = agreeing_digits(eq32, direct)
            wv = eq32 + 3 * mpmath.mpf("0.02") * 2 / (1 - 8 * A) * (sig + mu3)
            wdig = agreeing_digits(wv, direct)
        ok &= dig >= 30
        rej &= wdig < 4
        rows.append(f"A = {a}: {dig:.1f} digits")
    return Outcome(ok, "(31)-(32) at E* = (1-4A) F for fixed A vs direct average: " + "; ".join(rows),
                   agreement=">= 30 digits", control_rejected=rej, control_detail="coefficient 2 -> 2.02 of (1-8A)^-1 rejected")


def _secA3_phi_slip():
    X, Y = _DATA[0]
    o = derf.aderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        q = mpmath.fsum(o["Sigma"]) / 3 + o["mu3"]
        a_printed = _lemma_a1._a1_argmin_mp(q)            # phi = d^-1 sum Sigma + mu3 as written in the proof
        obj = lambda A: 3 * (mp.log(1 - 4 * A) - mp.log(1 - 8 * A) / 2 + 2 / (1 - 8 * A) * q + 2 * o["mu3"])
        ok = obj(a_printed) - o["objective"] > mpmath.mpf("1e-6") and abs(obj(o["A"]) - o["objective"]) < mpmath.mpf(10) ** -35
        a_tiny = _lemma_a1._a1_argmin_mp(o["phi"] * (1 + mpmath.mpf(10) ** -3))
        rej = obj(a_tiny) > o["objective"]
    return Outcome(ok, (f"data set 1: the proof's phi = d^-1 sum Sigma + mu3 = {_fmt(q, 10)} gives A = {_fmt(a_printed, 10)} and (32) = "
                f"{_fmt(obj(a_printed), 12)}; the coefficient of (1-8A)^-1 in (32) is 2(d^-1 sum Sigma + mu3), i.e. the theorem's "
                f"phi = {_fmt(o['phi'], 10)}, A = {_fmt(o['A'], 10)}, (10) = {_fmt(o['objective'], 12)}"),
                   agreement=f"excess {_fmt(obj(a_printed) - o['objective'], 3)}", control_rejected=rej,
                   control_detail=f"even phi x 1.001 raises (32) by {_fmt(obj(a_tiny) - o['objective'], 2)}")


# =============================================================================================
# Theorem 4.3 (SDERF) and its proof
# =============================================================================================

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
        Q = _helpers._diag([1 / mp.sqrt(1 - 4 * A[l, l]) for l in range(3)]) * B
        rhs = Q.T * (-I / 2 - mp.inverse(I - 8 * A) / 2) * Q
        res = max(abs((lhs - rhs)[i, j]) for i in range(3) for j in range(3))
    wrong = sp.simplify(e1 - (-sp.Rational(1, 2) + 1 / (2 * (1 - 8 * a))))
    return Outcome(sp.simplify(e1 - e2) == 0 and res < mpmath.mpf(10) ** -30,
                   f"sympy (per diagonal entry): -(1-4a)(1-8a)^-1 - (-1/2 - (1/2)(1-8a)^-1) = {sp.simplify(e1 - e2)}; at the "
                   f"library SDERF optimum -B^T (I-8A)^-1 B = Q^T E Q with E of (35): residual {_fmt(res, 2)}",
                   agreement="symbolic identity", control_rejected=wrong != 0, control_detail="sign of the (1-8a)^-1 term flipped: rejected")


def _eq37_numeric():
    rng = np.random.default_rng(SEED + 19)
    X, Y = _DATA[0]
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    worst, wbest = math.inf, 0.0
    for _ in range(2):
        ad = -np.abs(rng.normal(size=3)) * 0.2
        Qn = np.linalg.qr(rng.normal(size=(3, 3)))[0]
        with mp.workdps(50):
            A = _helpers._diag([mpmath.mpf(v) for v in ad])
            Q, _ = mp.qr(mp.matrix(Qn.tolist()))      # exactly orthogonal at the working precision
            I = mp.eye(3)
            B = _helpers._diag([mp.sqrt(1 - 4 * A[i, i]) for i in range(3)]) * Q
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


def _lema3_4_numeric():
    rng = np.random.default_rng(SEED + 20)
    rows, ok, rej = [], True, True
    cases = [("distinct", np.array([-0.6, -0.9, -1.7]), np.diag([3.0, 1.2, 0.4])),
             ("tied E", np.array([-0.8, -0.8, -1.5]), np.diag([2.0, 1.0, 0.5])),
             ("tied Lambda", np.array([-0.6, -0.9, -1.7]), np.diag([1.0, 1.0, 0.3]))]
    for name, e, lam in cases:
        Qr = np.linalg.qr(rng.normal(size=(3, 3)))[0]
        N = Qr @ lam @ Qr.T
        bound = dv.lemma_a4_bound(e, np.diag(lam))
        # Q* = Pi^T Q3^T attains the bound
        order = np.argsort(-e, kind="stable")
        Pi = np.eye(3)[order]
        w, V = np.linalg.eigh(N)
        V = V[:, ::-1]
        Qs = Pi.T @ V.T
        attained = float(np.trace(np.diag(e) @ Qs @ N @ Qs.T))
        best = dv.max_trace_orthogonal_np(e, N, rng=rng, starts=2, samples=2000)
        ok &= best <= bound + 1e-9 and abs(attained - bound) < 1e-12 and abs(best - bound) < 1e-8
        anti = float(np.sum(np.sort(e) * np.sort(np.diag(lam))[::-1]))     # control: E sorted the wrong way
        rej &= best > anti + 1e-6 or abs(bound - anti) < 1e-12
        rows.append(f"{name}: bound {bound:.10f}, Q* gives {attained:.10f}, best search {best:.10f}, anti-sorted pairing {anti:.6f}")
    return Outcome(ok, "sup over O(3) of Trace(E Q N Q^T) (2000 Haar samples + BFGS on both components of O(3)): " + "; ".join(rows),
                   agreement="bound attained, never exceeded", control_rejected=rej,
                   control_detail="the anti-sorted pairing is beaten by the search")


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


def _G_vs_Astar():
    X, Y = _DATA_NP[0]
    o = derf.sderf_optimum_np(X, Y)
    lam = o["Lambda3"]
    mx, my = (X ** 2).sum(1).mean(), (Y ** 2).sum(1).mean()
    rng = np.random.default_rng(SEED + 21)
    gstar = dv.sderf_G_np(np.diag(o["A"]), lam, mx, my)
    worst = math.inf
    gap57 = 0.0
    for _ in range(500):
        Ad = (1 - np.exp(rng.normal(scale=1.0, size=3))) / 8
        worst = min(worst, dv.sderf_G_np(Ad, lam, mx, my) - gstar)
        # (57): A** from (55) paired with Lambda via pi^-1(A); LHS vs RHS
        order = np.argsort(Ad, kind="stable")           # pi(A): sorts A non-descending
        inv = np.empty(3, int)
        inv[order] = np.arange(3)
        lam_pi = lam[inv]                               # Lambda_{pi^-1(A)_l}
        Ass = _lemma_a1._a1_np(lam_pi)
        lhs = float(np.sum((1 + 1 / (1 - 8 * Ass)) * lam_pi))
        Ess = -0.5 - 0.5 / (1 - 8 * Ass)
        rhs = -2 * dv.lemma_a4_bound(Ess, lam)
        gap57 = max(gap57, abs(lhs - rhs))
    ok = worst >= -1e-12 and gap57 < 1e-12 and abs(gstar - o["objective"]) < 1e-12
    wr = dv.sderf_G_np(_lemma_a1._a1_np(lam / 2), lam, mx, my) - gstar
    return Outcome(ok, (f"data set 1, 500 random diagonal A: min G(A) - G(A*) = {worst:.3e} >= 0 (Eqs. (51)-(60)); the two sides of "
                f"(57) agree to {gap57:.1e}: E** and Lambda_pi^-1(A) are co-monotone by (55), so (57) is an equality. "
                f"Lemma A.4 (the cited reason) gives '>=', which is what the chain (56)-(60) needs; the printed '<=' is "
                f"harmless only because equality holds"), agreement=f"min gap {worst:.1e}", control_rejected=wr > 1e-6,
                   control_detail=f"G(A*(Lambda/2)) - G(A*) = {wr:.3g} > 0")


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
        Ess = -0.5 - 0.5 / (1 - 8 * _lemma_a1._a1_np(lam_pi))
        rhs = -2 * dv.lemma_a4_bound(Ess, lam)
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


def _eq55_59():
    X, Y = _DATA[0]
    o = derf.sderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        ok = all(o["A"][l, l] == _lemma_a1._a1_argmin_mp(o["Lambda3"][l]) for l in range(3))
        nondesc = all(o["A"][l, l] <= o["A"][l + 1, l + 1] for l in range(2))
        noninc = all(o["Lambda3"][l] >= o["Lambda3"][l + 1] for l in range(2))
    return Outcome(ok and nondesc and noninc, f"A*_ll = A*(Lambda3_ll) (59); Lambda3 non-ascending {noninc} -> A* non-descending "
                   f"{nondesc} (values {[mpmath.nstr(o['A'][l, l], 6) for l in range(3)]})", agreement="exact",
                   control_rejected=o["A"][0, 0] != _lemma_a1._a1_argmin_mp(o["Lambda3"][2]),
                   control_detail="pairing A*_11 with the smallest eigenvalue rejected")


# =============================================================================================
# SADERF (Sec. 4.3)
# =============================================================================================

def _eq12_13_numeric():
    X, Y = _DATA[0]
    rng = np.random.default_rng(SEED + 22)
    worst, wbest = math.inf, 0.0
    for _ in range(2):
        psi = np.exp(rng.normal(scale=0.3, size=3)).round(3)
        a = round(-abs(rng.normal()) * 0.2, 3)
        with mp.workdps(50):
            A = mpmath.mpf(a)
            P = _helpers._diag([mpmath.mpf(float(v)) for v in psi])
            g = {"A": A, "B": mp.sqrt(1 - 4 * A), "C": -mpmath.mpf(1) / 2, "D": (1 - 4 * A) ** (mpmath.mpf(3) / 4), "Psi": P}
            p = derf.as_derf_params("saderf", g)
            Xm = mp.matrix([[mpmath.mpf(v) for v in r] for r in X])
            Ym = mp.matrix([[mpmath.mpf(v) for v in r] for r in Y])
            tot13, tot_xy = [], []
            for i in range(6):
                for j in range(6):
                    for l in range(3):
                        tot13.append((P[l, l] * Xm[i, l] + Ym[j, l] / P[l, l]) ** 2)
                        tot_xy.append(Xm[i, l] * Ym[j, l])
            rhs12 = mpmath.fsum(tot13) / (36 * (1 - 8 * A)) + 2 * mpmath.fsum(tot_xy) / 36
            eq12 = 3 * mp.log((1 - 4 * A) / mp.sqrt(1 - 8 * A)) + rhs12
            wv = eq12 - mpmath.fsum(tot_xy) / 36                 # control: coefficient 1 instead of 2 on x.y
        direct = derf.shifted_log_variance(p, X, Y, dps=30)
        with mp.workdps(40):
            worst = min(worst, agreeing_digits(eq12, direct))
            wbest = max(wbest, agreeing_digits(wv, direct))
    return Outcome(worst >= 30, (f"(12) right-hand side + d log((1-4A)/sqrt(1-8A)) vs direct average for two random (A, Psi): >= {worst:.1f} digits "
                    f"(the printed '(1/L) sum_i (|Psi x_i|^2 + |Psi^-1 y_j|^2)' has a stray index j: read sum_j for the y term)"),
                   agreement=f"{worst:.0f} digits", control_rejected=wbest < 3, control_detail=f"coefficient 1 on the x.y term: {wbest:.1f} digits")


def _saderf_validity():
    X, Y = _DATA[0]
    o = derf.saderf_optimum(X, Y, dps=30)
    with mp.workdps(45):
        p = derf.as_derf_params("saderf", o)
        r = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=40)
        # A I_d with B1 = B Psi, B2 = B Psi^-1: an ADERF; Psi = I gives the GERF
        g = derf.gerf_optimum(X, Y, dps=30)
        pg = derf.as_derf_params("saderf", dict(g, Psi=mp.eye(3)))
        pg2 = derf.as_derf_params("gerf", dict(g, d=3))
        same = all(mpmath.mnorm(pg[k] - pg2[k], 1) == 0 for k in ("A", "B1", "B2", "C1", "C2"))
        scal = all(p["A"][i, j] == (o["A"] if i == j else 0) for i in range(3) for j in range(3))
        rw = derf.derf_conditions_residual(p["A"], p["B1"], p["B1"], p["C1"], p["C1"], p["D"], dps=40)   # control: Psi for both
    ok = r < mpmath.mpf(10) ** -35 and same and scal
    return Outcome(ok, f"SADERF optimum as a DERF: A = A I_d (ADERF form) {scal}, Thm 4.1 residual {_fmt(r, 2)}; Psi = I reproduces "
                   f"the GERF parameters exactly: {same}", agreement="residual < 1e-35", control_rejected=rw > mpmath.mpf("1e-3"),
                   control_detail=f"f_GE(w, Psi y) for the second feature: residual {_fmt(rw, 3)}")


def _saderf_psi_mc():
    rng = np.random.default_rng(SEED + 23)
    X, Y = _DATA_NP[0]
    o = derf.saderf_optimum_np(X, Y)
    p = derf.as_derf_params_np("saderf", o)
    x, y = X[0], Y[2]
    prod = dv.mc_moments(p, x, y, 400_000, rng)
    K = math.exp(x @ y)
    c = z_check(mean_of(prod), K)
    w = z_check(mean_of(prod), math.exp((np.diag(o["Psi"]) ** 2 * x) @ y))
    w3 = z_check(mean_of(prod), 1.03 * K)
    return Outcome(c.passed, f"SADERF features f_GE(w, Psi x) f_GE(w, Psi^-1 y): mean {c}; exp((Psi^2 x).y) rejected: z = {w.z:+.1f}; "
                   f"1.03 K rejected: z = {w3.z:+.1f}", agreement=f"z = {c.z:+.2f}", control_rejected=not w.passed and not w3.passed,
                   control_detail=f"1.03 K rejected at z = {w3.z:+.1f}")


# =============================================================================================
# Sec. 5.1 variance comparison (Fig. 1/2), Sec. 6
# =============================================================================================

_SIGMAS = dx.FIG2_SIGMAS
_FIG_FAMS = dx.FIG2_FAMILIES          # shared (cached) with the notebook's figure


def _lrv_pointwise():
    """log_relative_variance_np at 6 pairs vs log(Var/K^2) from mpmath (derf_variance, and the TrigRF/PosRF formulas)."""
    rng = np.random.default_rng(SEED + 88)
    X, Y = derf.sample_regime("heterogen", 0.3, 4, 6, rng)
    worst = 0.0
    for fam in ("trig", "pos", "gerf", "aderf", "sderf"):
        lib = derf.log_relative_variance_np(fam, X, Y)
        p = None if fam in ("trig", "pos") else derf.as_derf_params_np(
            fam, {"gerf": derf.gerf_optimum_np, "aderf": derf.aderf_optimum_np, "sderf": derf.sderf_optimum_np}[fam](X, Y), d=4)
        for i in range(2):
            for j in range(3):
                x, y = X[i].tolist(), Y[j].tolist()
                with mp.workdps(30):
                    xv, yv = [mpmath.mpf(v) for v in x], [mpmath.mpf(v) for v in y]
                    K2 = mp.exp(2 * mpmath.fsum(u * v for u, v in zip(xv, yv)))
                    if fam == "trig":
                        u = mpmath.fsum((a - b) ** 2 for a, b in zip(xv, yv))
                        ref = mp.log(mp.exp(u) - 1 + mp.exp(-u) / 2)
                    elif fam == "pos":
                        ref = mp.log(mp.expm1(mpmath.fsum((a + b) ** 2 for a, b in zip(xv, yv))))
                if fam not in ("trig", "pos"):
                    v = derf.derf_variance(*[p[k].tolist() for k in ("A", "B1", "B2", "C1", "C2")], p["D"], x, y, dps=20)
                    with mp.workdps(30):
                        ref = mp.log(v / K2)
                worst = max(worst, abs(float(lib[i, j] - ref)) / max(1.0, abs(float(ref))))
    return worst


def _fig_on_par():
    """SDERF vs ADERF vs GERF with the paper's protocol (d = 64, 5 pairs of sets of L = 1024 per sigma)."""
    rows, ok, worst = [], True, -np.inf
    for reg in ("normal", "sphere", "heterogen"):
        r = dx.fig2_curves(reg, families=_FIG_FAMS)
        s_, a_, g_ = r["sderf"].mean(0), r["aderf"].mean(0), r["gerf"].mean(0)
        deficit = s_ - a_                                  # > 0: ADERF has lower variance than SDERF
        worst = max(worst, float(np.max(deficit)))
        rows.append(f"{reg}: log SDERF - log ADERF = {np.round(deficit, 3).tolist()}")
        ok &= bool(np.all(r["sderf"] <= r["gerf"] + 1e-9))
    on_par = worst < 0.5
    pw = _lrv_pointwise()
    lead = dx.aderf_lead_vs_L("normal", 0.75)                # ADERF's lead shrinks with the set size
    shrinks = all(lead[a] > lead[b] for a, b in zip(list(lead)[:-1], list(lead)[1:]))
    return Outcome(ok and on_par and pw < 1e-9 and shrinks, f"log relative variances vs mpmath at 6 pairs x 5 families: max "
                   f"rel. diff {pw:.1e}; ADERF's lead over SDERF (normal, sigma = 0.75, one pair of sets) at L = "
                   f"{list(lead)}: {[round(v, 3) for v in lead.values()]} nats (a finite-sample effect); mean log relative variance, d = 64, 5 pairs of sets of L = 1024 per sigma (App. B.2), "
                   f"sigma = {list(_SIGMAS)}: " + "; ".join(rows) + f". SDERF is within a factor e^{worst:.2f} of ADERF "
                   "everywhere and never worse than GERF (per set)", agreement=f"max deficit {worst:.2f} nats",
                   control_rejected=bool(worst < 0.5 * float(np.max(dx.fig2_gaps("heterogen", families=_FIG_FAMS)))),
                   control_detail=f"'SDERF on par with GERF' would need gaps < {worst:.2f} nats; heterogen gap reaches "
                                  f"{float(np.max(dx.fig2_gaps('heterogen', families=_FIG_FAMS).mean(0))):.1f}")


def _fig2_first_cell(regime):
    """The first entry (sigma = 0.1, first pair of sets) of fig2_curves recomputed from its definition:
    the same draws (sample_regime with the documented seed), mean over the L^2 pairs of log(Var/K^2)."""
    rng = np.random.default_rng(2023)
    X, Y = derf.sample_regime(regime, dx.FIG2_SIGMAS[0], 64, 1024, rng)
    return {f: float(derf.log_relative_variance_np(f, X, Y).mean()) for f in ("gerf", "sderf")}


def _fig_heterogen_gap():
    g = dx.fig2_gaps("heterogen", families=_FIG_FAMS)                     # (5 sets, 5 sigmas)
    m = g.mean(0)
    cur = dx.fig2_curves("heterogen", families=_FIG_FAMS)
    first = _fig2_first_cell("heterogen")
    same = (abs(cur["gerf"][0, 0] - first["gerf"]) < 1e-12 * abs(first["gerf"])
            and abs(g[0, 0] - (first["gerf"] - first["sderf"])) < 1e-9)
    ok = bool(np.all(np.diff(m) > 0)) and m[-1] - 5 > 2 and abs(m[2] - 5) < 1 and same
    return Outcome(ok, f"first cell (sigma = 0.1, set 1) recomputed from the draws: {same}; "
                   f"heterogen, d = 64, 5 pairs of sets of L = 1024: log GERF - log SDERF (mean over sets) = "
                   f"{np.round(m, 2).tolist()} at sigma = {list(_SIGMAS)}; per set at sigma = 1: "
                   f"{g[:, -1].min():.2f} .. {g[:, -1].max():.2f}. The gain grows with sigma, is about 5 only near "
                   f"sigma = 0.5 and reaches e^{m[-1]:.1f} at sigma = 1 (the plotted range is 0.1 <= sigma <= 1); read as "
                   f"the maximum gain, as the Fig. 1 caption uses 'up to', e^5 understates it by e^{m[-1] - 5:.1f}; under the "
                   f"real-data section's reading 'about e^k' = [k/2, 3k/2] = [{5 / 2}, {3 * 5 / 2}], {m[-1]:.2f} is outside",
                   agreement=f"gap {m[-1]:.2f} at sigma = 1", control_rejected=bool(abs(m[-1] - 5) > 2),
                   control_detail=f"'about e^5' at sigma = 1 is off by {m[-1] - 5:.1f} nats")


def _tab1_marks():
    implied = dx.table1_marks()
    bad = [(s, dx.TABLE1_TASKS[k]) for s in dx.TABLE1 for k in range(8) if implied[s][k] != dx.TABLE1[s][1][k]]
    # control: swap the bold and underline of FAVOR# and RELU in QQP (a plausible misprint) -> detected
    t2 = {s: (v, list(m)) for s, (v, m) in dx.TABLE1.items()}
    t2["FAVOR#"][1][1], t2["RELU"][1][1] = "b", "u"
    wrong = [(s, k) for s in t2 for k in range(8) if implied[s][k] != t2[s][1][k]]
    ties = [dx.TABLE1_TASKS[k] for k in range(8) if sum(1 for s in dx.TABLE1 if implied[s][k] == "u") > 1]
    return Outcome(not bad, f"bold = best and underline = second best recomputed from the printed numbers of all 7 systems x "
                   f"8 tasks: {56 - len(bad)}/56 marks agree (mismatches: {bad or 'none'}); shared second place in {ties}",
                   agreement=f"{56 - len(bad)}/56 marks", control_rejected=len(wrong) == 2,
                   control_detail=f"bold/underline swapped in QQP: {len(wrong)} mismatches found")


def _tab1_favor_rank():
    r = dx.table1_ranks("FAVOR#")
    top2 = [t for t, v in r.items() if v <= 2]
    best = [t for t, v in r.items() if v == 1]
    vs = dx.table1_ranks("FAVOR++")
    better = [t for k, t in enumerate(dx.TABLE1_TASKS) if dx.TABLE1["FAVOR#"][0][k] > dx.TABLE1["FAVOR++"][0][k]]
    ok = len(top2) > len(dx.TABLE1_TASKS) / 2
    wrong_ok = len([t for t, v in r.items() if v == 1]) > len(dx.TABLE1_TASKS) / 2   # "best on most tasks"
    return Outcome(ok, f"FAVOR# rank per task (competition ranking of the printed numbers): {r}; best or second best in "
                   f"{len(top2)}/8 tasks ({top2}); best in {len(best)}/8 ({best}); better than FAVOR++ in {len(better)}/8 "
                   f"({better}); FAVOR++ ranks {vs}", agreement=f"{len(top2)}/8 tasks",
                   control_rejected=not wrong_ok, control_detail=f"'best on most tasks' fails: best in {len(best)}/8")


def _glue_count():
    cols = dx.TABLE1_TASKS
    names = {c.split("(")[0] for c in cols}
    missing = [t for t in dx.GLUE_TASKS if t not in names]
    ok = len(dx.GLUE_TASKS) == 9 and len(cols) == 8 and missing == ["WNLI"]
    return Outcome(ok, f"GLUE [46] has {len(dx.GLUE_TASKS)} tasks {list(dx.GLUE_TASKS)}; Table 1 reports {len(cols)} of them, "
                   f"all but {missing}; the text's '8 different tasks' is the number of reported tasks, not of GLUE's",
                   agreement=f"{len(dx.GLUE_TASKS)} vs {len(cols)}", control_rejected=len(cols) != len(dx.GLUE_TASKS),
                   control_detail="the table's column count (8) differs from the benchmark's task count")


def _fig1_venn():
    d = 3
    rows, ok = [], True
    with mp.workdps(45):
        a = mpmath.mpf("-0.15")
        g = {"A": a, "B": mp.sqrt(1 - 4 * a), "C": -mpmath.mpf(1) / 2, "D": (1 - 4 * a) ** (mpmath.mpf(d) / 4), "d": d}
        pos = {"A": 0, "B": 1, "C": "-1/2", "D": 1, "d": d}
        psi = _helpers._diag([mpmath.mpf(v) for v in ("0.5", "2", "1.25")])
        cases = {
            "PosRF as GERF/DERF": derf.as_derf_params("gerf", pos),
            "GERF as DERF": derf.as_derf_params("gerf", g),
            "GERF as SADERF (Psi = I)": derf.as_derf_params("saderf", dict(g, Psi=mp.eye(d))),
            "SADERF as ADERF (A I_d, B1 = B Psi, B2 = B Psi^-1)": derf.as_derf_params("saderf", dict(g, Psi=psi)),
            # GERF as SDERF: A = a I, B = (I - 4A)^{1/2} Q with Q = I, C = -I/2
            "GERF as SDERF (Q = I)": derf.as_derf_params("sderf", {"A": a * mp.eye(d), "B": mp.sqrt(1 - 4 * a) * mp.eye(d),
                                                                   "C": -mp.eye(d) / 2, "D": g["D"]}),
        }
        for name, p in cases.items():
            r = derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=40)
            ok &= r < mpmath.mpf(10) ** -38
            rows.append(f"{name}: residual {mpmath.nstr(r, 2)}")
        same = derf.as_derf_params("gerf", g)
        sd = cases["GERF as SDERF (Q = I)"]
        ok &= all(mpmath.mnorm(same[k] - sd[k], 1) < mpmath.mpf(10) ** -40 for k in ("A", "B1", "B2", "C1", "C2"))
        pw = derf.as_derf_params("sderf", {"A": a * mp.eye(d), "B": mp.sqrt(1 - 4 * a) * mp.eye(d), "C": -mp.eye(d), "D": g["D"]})
        rw = derf.derf_conditions_residual(pw["A"], pw["B1"], pw["B2"], pw["C1"], pw["C2"], pw["D"], dps=40)
    return Outcome(ok, "; ".join(rows) + "; the SDERF with Q = I coincides with the GERF", agreement="residuals < 1e-38",
                   control_rejected=rw > mpmath.mpf("0.1"), control_detail=f"SDERF with C = -I: residual {mpmath.nstr(rw, 3)}")


def _secb2_shift():
    rng = np.random.default_rng(SEED + 300)
    X, Y = derf.sample_regime("normal", 0.3, 8, 16, rng)
    o = derf.sderf_optimum_np(X, Y)
    p = derf.as_derf_params_np("sderf", o)
    x, y = X[0], Y[0]
    M, R = 8, 100_000
    prods = dv.mc_moments(p, x, y, M * R, rng).reshape(R, M)
    K = math.exp(x @ y)
    rel1 = float(np.exp(derf.log_relative_variance_np("sderf", x[None], y[None], params=p)[0, 0]))
    c = z_check(variance_of(prods.mean(1) / K), rel1 / M)
    w = z_check(variance_of(prods.mean(1) / K), rel1)
    w2 = z_check(variance_of(prods.mean(1) / K), 1.1 * rel1 / M)
    return Outcome(c.passed, f"SDERF, d = 8: relative variance of the M = {M} estimator {c} equals the M = 1 value "
                   f"{rel1:.4g} divided by M, i.e. log curves shift by -log M = {-math.log(M):.3f}; the unshifted value is "
                   f"rejected (z = {w.z:+.1f}), so is 1.1/M (z = {w2.z:+.1f})", agreement=f"z = {c.z:+.2f}",
                   control_rejected=not w.passed and not w2.passed, control_detail=f"1.1 x rel/M rejected at z = {w2.z:+.1f}")


def _fig_mc():
    """Monte Carlo confirmation of the variance formula at points of the figure (d = 64, sigma = 0.1)."""
    rows, ok, rej, zs = [], True, True, []
    for reg, fam in (("normal", "sderf"), ("heterogen", "aderf"), ("sphere", "gerf")):
        exact, r = dx.fig2_mc_point(reg, fam, 0.1, n=200_000)
        c = z_check(r, exact)
        w = z_check(r, 1.1 * exact)
        ok &= c.passed
        rej &= not w.passed
        zs.append(abs(w.z))
        rows.append(f"{reg}/{fam}: relative variance {c}; 1.1 x rejected (z = {w.z:+.1f})")
    return Outcome(ok, "; ".join(rows), agreement="|z| <= 5 at 3 points", control_rejected=rej,
                   control_detail=f"1.1 x (9) rejected at |z| >= {min(zs):.1f}")


def _sec6_general():
    rng = np.random.default_rng(SEED + 24)
    X, Y = _DATA_NP[0]
    best = dv.family_minimum_np("derf", X, Y, starts=2, rng=rng)
    a = derf.aderf_optimum_np(X, Y)["objective"]
    s = derf.sderf_optimum_np(X, Y)["objective"]
    ok = best < min(a, s) - 1e-3
    same = dv.family_minimum_np("aderf", X, Y, starts=2, rng=rng)     # control: the same search inside ADERF
    return Outcome(ok, f"data set 1: BFGS over general DERFs (dense A, free B1; B2, C, D from Thm 4.1) reaches {best:.6f}, below "
                   f"the ADERF optimum {a:.6f} and the SDERF optimum {s:.6f}; the same search restricted to ADERFs stops at "
                   f"{same:.6f}", agreement=f"gain {min(a, s) - best:.4f} nats",
                   control_rejected=same >= a - 1e-9, control_detail=f"restricted to ADERF the search gives {same:.6f} (no gain)")


# =============================================================================================
# second witnesses (round 2): independent routes for the claims that had one
# =============================================================================================

def _enum_digits(a, b):
    return float(-math.log10(max(abs(a / b - 1), 1e-17)))


def _def21_enum():
    """Exact enumeration of the M-sample estimator under a Gauss-Hermite law (no Var/M identity used)."""
    rng = np.random.default_rng(SEED + 401)
    rows, ok, worst_ctl = [], True, math.inf
    cases = [(1, 3, 40, {"A": np.array([[-0.05]]), "B1": np.array([[0.8]]), "B2": np.array([[1.2 / 0.8]]),
                         "C1": np.array([[-0.32 / 1.2]]), "C2": np.array([[-(1.2 / 0.8) ** 2 / 2.4]]), "D": 1.2 ** 0.25},
              np.array([0.4]), np.array([0.7])),
             (2, 2, 32, dv.random_derf_params_np(2, rng), np.array([0.4, -0.3]), np.array([0.5, 0.6]))]
    for d, M, n, p, x, y in cases:
        r = dw.estimator_moments_enumerated(p, x, y, M, n_nodes=n)
        K = math.exp(float(x @ y))
        m1, m2 = math.exp(dv.derf_log_moment_np(p, x, y, 1)), math.exp(dv.derf_log_moment_np(p, x, y, 2))
        lib1, lib2 = (math.exp(float(v[0, 0])) for v in derf.derf_log_moments_np(p, x[None], y[None]))
        v1 = m2 - m1 * m1
        dig = min(_enum_digits(r["mean"], K), _enum_digits(r["var"], v1 / M), _enum_digits(r["m1"], m1),
                  _enum_digits(r["m2"], m2), _enum_digits(lib1, m1), _enum_digits(lib2, m2))
        ok &= dig >= 11
        worst_ctl = min(worst_ctl, abs(r["var"] / v1 - 1), abs(r["var"] / (v1 / (M - 1)) - 1))
        rows.append(f"d = {d}, M = {M}, {r['tuples']} tuples of {n}-node Gauss-Hermite draws: E K_hat = {r['mean']:.14g} "
                    f"(K = {K:.14g}), Var K_hat = {r['var']:.14g} = (E(f1f2)^2 - K^2)/M = {v1 / M:.14g}; "
                    f"{dig:.1f} digits")
    return Outcome(ok, "; ".join(rows) + " (moments k = 1, 2 from derf_verify.derf_log_moment_np and derf.derf_log_moments_np)",
                   agreement=f">= 11 digits", control_rejected=worst_ctl > 0.3,
                   control_detail=f"Var without 1/M or with 1/(M-1) off by >= {worst_ctl:.2f} (relative)")


def _scaled_numeric():
    """mp.quad of the scaled PosRF product over the N(0, 1) law, d = 1, for two alphas."""
    rows, ok, ctl = [], True, True
    x, y = 0.6, -0.35
    with mp.workdps(30):
        for alpha in (-0.5, 0.3):
            def integrand(w):
                wf = np.array([[float(w)]])
                f1 = derf.scaled_features_np(derf.pos_features_np(wf, [[x]]), [[x]], alpha)[0, 0]
                f2 = derf.scaled_features_np(derf.pos_features_np(wf, [[y]]), [[y]], alpha)[0, 0]
                return mpmath.mpf(float(f1 * f2)) * mp.exp(-w * w / 2) / mp.sqrt(2 * mp.pi)
            q = mp.quad(integrand, [-30, -10, -3, 0, 3, 10, 30])            # the N(0, 1) mass beyond 30 is < 1e-190
            Ka = mp.exp(alpha * x * x + x * y + alpha * y * y)
            Kw = mp.exp(1.01 * alpha * x * x + x * y + 1.01 * alpha * y * y)       # control: alpha x 1.01
            dig, dw_ = agreeing_digits(q, Ka), agreeing_digits(q, Kw)
            ok &= dig >= 12
            ctl &= dw_ < 4
            rows.append(f"alpha = {alpha}: quadrature {_fmt(q, 15)} vs K^(alpha) = {_fmt(Ka, 15)} ({dig:.1f} digits); "
                        f"K with 1.01 alpha agrees to {dw_:.1f} digits")
    return Outcome(ok, "x = 0.6, y = -0.35, E over w ~ N(0, 1) of the library's scaled PosRF product by mp.quad: "
                   + "; ".join(rows), agreement=">= 12 digits", control_rejected=ctl,
                   control_detail="alpha x 1.01 rejected (< 4 digits)")


def _sec31_O1_symbolic():
    """sympy: L^-2 sum |x_i + y_j|^2 = mean|x|^2 + mean|y|^2 + 2 mu4.mu5 (L = 3, d = 2); A* from the statistics."""
    L, d = 3, 2
    xs = [[sp.Symbol(f"x{i}{l}", real=True) for l in range(d)] for i in range(L)]
    ys = [[sp.Symbol(f"y{j}{l}", real=True) for l in range(d)] for j in range(L)]
    direct = sp.Rational(1, L * L) * sum(sum((xs[i][l] + ys[j][l]) ** 2 for l in range(d)) for i in range(L) for j in range(L))
    mx = sp.Rational(1, L) * sum(sum(v ** 2 for v in r) for r in xs)
    my = sp.Rational(1, L) * sum(sum(v ** 2 for v in r) for r in ys)
    mu4 = [sp.Rational(1, L) * sum(xs[i][l] for i in range(L)) for l in range(d)]
    mu5 = [sp.Rational(1, L) * sum(ys[j][l] for j in range(L)) for l in range(d)]
    dot = sum(a * b for a, b in zip(mu4, mu5))
    ok_sym = sp.expand(direct - (mx + my + 2 * dot)) == 0
    bad = sp.expand(direct - (mx + my + dot)) != 0
    # O(1): A* from the four statistics alone (Lemma A.1 with phi = S/d) equals the library's optimum
    X, Y = _DATA[1]
    st = derf.shifted_log_variance_stats(X, Y, dps=30)
    o = derf.gerf_optimum(X, Y, dps=30)
    with mp.workdps(30):
        S = st["S"]
        a_stats = derf.lemma_a1_argmin(S / 3, dps=30)
        dig = agreeing_digits(a_stats, o["A"])
    return Outcome(ok_sym and dig >= 25, f"sympy (L = 3, d = 2, symbolic points): L^-2 sum_ij |x_i + y_j|^2 - (mean|x|^2 + "
                   f"mean|y|^2 + 2 mu4.mu5) expands to 0; on data set 2, A* = (15) at phi = S/d from the statistics alone = "
                   f"{_fmt(a_stats, 15)} equals gerf_optimum's A to {dig:.0f} digits", agreement="identity; "
                   f"{dig:.0f} digits", control_rejected=bad, control_detail="with mu4.mu5 instead of 2 mu4.mu5 the expansion is not 0")


def _sec31_k_symbolic():
    V, K = sp.symbols("V K", positive=True)
    term = sp.log(V + K ** 2)
    excess = sp.log(1 + V / K ** 2)
    dt, de = sp.simplify(sp.diff(term, K)), sp.simplify(sp.diff(excess, K))
    ok = bool(dt.is_positive) and bool(de.is_negative)
    return Outcome(ok, f"sympy, V, K > 0: d/dK log(V + K^2) = {dt} (> 0: the term of (8) grows with K, the printed "
                   f"direction fails); d/dK log(1 + V/K^2) = {de} (< 0: the excess over the best value decreases with K)",
                   agreement="signs proven for all V, K > 0", control_rejected=not bool(dt.is_negative),
                   control_detail="the printed direction (d/dK < 0) is refuted for every V, K > 0")


def _sec4_mc():
    """Sampled GERF embedded as DERF (A = aI, B^(k) = BI, C^(k) = CI with the printed C = -0.5)."""
    rng = np.random.default_rng(SEED + 402)
    d, n, a = 3, 400_000, -0.15
    x, y = np.array([0.5, -0.3, 0.4]), np.array([0.6, 0.2, 0.5])
    g = {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5, "D": (1 - 4 * a) ** (d / 4)}
    p = derf.as_derf_params_np("gerf", g, d=d)
    prods = dv.mc_moments(p, x, y, n, rng)
    K = math.exp(x @ y)
    ph = dict(p, C1=p["C1"] / 2, C2=p["C2"] / 2)                   # control: (C/2) I_d
    wrong = math.exp(dv.derf_log_moment_np(ph, x, y, 1))
    w = z_witness(mean_of(prods), K, {"(C/2) I_d": wrong, "1.03 K": 1.03 * K})
    return Outcome(w.passed and w.controls_rejected, f"GERF (A = {a}, B = sqrt(1-4A), C = -0.5, D = (1-4A)^(d/4)) as a DERF "
                   f"with C^(k) = C I_d, d = 3, {n} draws: E f1 f2 = {w.check}; the embedding with (C/2) I_d has mean "
                   f"{wrong:.6g} and is rejected; {w.control_detail}", agreement=w.agreement,
                   control_rejected=w.controls_rejected, control_detail=w.control_detail)


def _secA1_symbolic():
    """sympy: (2 pi)^(-1/2) D^4 times the exact Gaussian integral equals E (f1 f2)^2; the printed (2 pi)^(+1/2) is 2 pi times it."""
    w = sp.Symbol("w", real=True)
    A, B1, x, y = sp.Rational(-1, 10), sp.Rational(4, 5), sp.Rational(3, 10), sp.Rational(1, 2)
    B2 = (1 - 4 * A) / B1
    C1, C2 = -B1 ** 2 / (2 * (1 - 4 * A)), -B2 ** 2 / (2 * (1 - 4 * A))
    D4 = 1 - 4 * A
    I = sp.integrate(sp.exp(-w ** 2 / 2 + 4 * A * w ** 2 + 2 * w * (B1 * x + B2 * y) + 2 * C1 * x ** 2 + 2 * C2 * y ** 2),
                     (w, -sp.oo, sp.oo))
    fixed = sp.simplify((2 * sp.pi) ** sp.Rational(-1, 2) * D4 * I)
    printed = sp.simplify((2 * sp.pi) ** sp.Rational(1, 2) * D4 * I)
    ratio = sp.simplify(printed / fixed)
    f = lambda v: [[v]]
    lib = derf.derf_variance(f(A), f(B1), f(B2), f(C1), f(C2), sp.root(D4, 4), [x], [y], dps=30)
    with mp.workdps(30):
        lib2 = lib + mp.exp(2 * mpmath.mpf(x * y))          # E (f1 f2)^2 = Var + K^2
        dig = agreeing_digits(mpmath.mpf(sp.N(fixed, 40)), lib2)
        ctl = agreeing_digits(mpmath.mpf(sp.N(fixed / sp.sqrt(2), 40)), lib2)
    ok = dig >= 25 and sp.simplify(ratio - 2 * sp.pi) == 0
    return Outcome(ok, f"d = 1, A = -1/10, B1 = 4/5, x = 3/10, y = 1/2: sympy gives (2 pi)^(-1/2) D^4 int = {fixed} = "
                   f"{sp.N(fixed, 15)}, equal to the library's Var + K^2 (Thm 4.1) to {dig:.0f} digits; with the printed "
                   f"(2 pi)^(+1/2) the ratio is {ratio}", agreement=f"{dig:.0f} digits", control_rejected=ctl < 2,
                   control_detail=f"(4 pi)^(-1/2) agrees to {ctl:.1f} digits")


def _diag_mc():
    """Sampling the diagonalised DERF (A~, Q^T B) at fresh draws reproduces the moments of the dense one."""
    rng = np.random.default_rng(SEED + 403)
    p = dv.random_derf_params_np(3, rng)
    lam, Q = np.linalg.eigh(p["A"])
    pt = dict(p, A=np.diag(lam), B1=Q.T @ p["B1"], B2=Q.T @ p["B2"])
    pn = dict(p, A=np.diag(lam))                                       # control: A diagonalised, B not rotated
    x, y = np.array([0.3, -0.2, 0.5]), np.array([-0.1, 0.4, 0.2])
    n = 400_000
    prods = dv.mc_moments(pt, x, y, n, rng)
    m1, m2 = (math.exp(dv.derf_log_moment_np(p, x, y, k)) for k in (1, 2))
    w1 = z_witness(mean_of(prods), m1, {"B not rotated": math.exp(dv.derf_log_moment_np(pn, x, y, 1))})
    w2 = z_witness(mean_of(prods ** 2), m2, {"B not rotated": math.exp(dv.derf_log_moment_np(pn, x, y, 2))})
    fourth = dv.derf_log_moment_np(pt, x, y, 4)
    ok = w1.passed and w2.passed and math.isfinite(fourth)
    return Outcome(ok, f"random dense DERF, d = 3: {n} fresh draws of the diagonalised DERF (A~ = diag eig A, B~ = Q^T B): "
                   f"E f1 f2 {w1.check}; E (f1 f2)^2 {w2.check} (exact values of the dense DERF; log E (f1 f2)^4 = "
                   f"{fourth:.4g} finite, so the z-test of the second moment is valid); diagonalised A with B not rotated: "
                   f"{w1.control_detail}; {w2.control_detail}", agreement=f"{w1.agreement}; {w2.agreement}",
                   control_rejected=w1.controls_rejected and w2.controls_rejected,
                   control_detail=f"B not rotated: {w2.control_detail}")


def _complexity_flops():
    """numpy.einsum_path FLOP counts of the exponent of P over a 16x range of L, M, d vs the printed order."""
    import re
    rng = np.random.default_rng(SEED + 404)
    p = dv.random_derf_params_np(4, rng)
    X, W = rng.normal(size=(7, 4)) * 0.3, rng.normal(size=(5, 4))
    expo = (np.einsum("md,dk,lk->lm", W, p["B1"], X, optimize="optimal") + np.einsum("ld,dk,lk->l", X, p["C1"], X)[:, None]
            + np.einsum("md,dk,mk->m", W, p["A"], W)[None, :])
    lib = derf.derf_log_features_np(W, X, p["A"], p["B1"], p["C1"], p["D"]) - math.log(p["D"])
    err = float(np.max(np.abs(expo - lib)))

    def flops(L, M, d, opt):
        tot = 0
        for spec, shapes in (("md,dk,lk->lm", ((M, d), (d, d), (L, d))), ("ld,dk,lk->l", ((L, d), (d, d), (L, d))),
                             ("md,dk,mk->m", ((M, d), (d, d), (M, d)))):
            info = np.einsum_path(spec, *[np.empty(s) for s in shapes], optimize="optimal")[1]
            key = "Optimized FLOP count" if opt == "optimal" else "Naive FLOP count"
            tot += float(re.search(key + r":\s*([0-9.e+]+)", info).group(1))
        return tot

    grid = [(L, M, d) for L in (256, 4096) for M in (16, 256) for d in (8, 128)]
    r_opt = [flops(L, M, d, "optimal") / (L * (M * d + d * d) + M * d * d) for L, M, d in grid]
    r_naive = [flops(L, M, d, "naive") / (L * (M * d + d * d) + M * d * d) for L, M, d in grid]
    spread, spread_n = max(r_opt) / min(r_opt), max(r_naive) / min(r_naive)
    return Outcome(err < 1e-12 and spread < 4, f"the exponent w^T A w + w^T B x + x^T C x by einsum equals "
                   f"derf_log_features_np - log D (max diff {err:.1e}); best-order FLOP count (numpy.einsum_path) over "
                   f"L in (256, 4096), M in (16, 256), d in (8, 128) divided by L(Md + d^2) + Md^2 stays in "
                   f"[{min(r_opt):.2f}, {max(r_opt):.2f}] (spread x{spread:.2f}): O(L(Md + d^2) + Md^2) as printed",
                   agreement=f"ratio spread x{spread:.2f}", control_rejected=spread_n > 8,
                   control_detail=f"per-entry evaluation (naive order): ratio spread x{spread_n:.0f}, not of the printed order")


def _secA3_symbolic():
    """sympy: (32)'s derivative vanishes at A*(phi) with phi = 2 S (theorem), not with phi = S (proof)."""
    a_star, phi = derf.lemma_a1_argmin_expr()
    A, S = sp.symbols("A S", real=True)
    f = sp.log(1 - 4 * A) - sp.log(1 - 8 * A) / 2 + 2 * S / (1 - 8 * A)        # (32)/d without the constant 2 mu3
    fp = sp.diff(f, A)
    thm = sp.simplify(sp.radsimp(fp.subs(A, a_star.subs(phi, 2 * S))))
    vals = {s: (fp.subs(A, a_star.subs(phi, 2 * s)).subs(S, s).evalf(40), fp.subs(A, a_star.subs(phi, s)).subs(S, s).evalf(40))
            for s in (sp.Rational(1, 10), 1, 7)}
    ok = all(abs(t) < 1e-35 for t, _ in vals.values()) and all(abs(p_) > 1e-2 for _, p_ in vals.values())
    rows = "; ".join(f"S = {s}: f'(A*(2S)) = {sp.N(t, 3)}, f'(A*(S)) = {sp.N(p_, 6)}" for s, (t, p_) in vals.items())
    return Outcome(ok, f"sympy: f(A) = log(1-4A) - log(1-8A)/2 + 2S/(1-8A) with S = d^-1 sum Sigma + mu3 (the A-dependent part "
                   f"of (32)/d); f'(A*(2S)) simplifies to {thm}; " + rows, agreement="f'(A*(2S)) = 0",
                   control_rejected=all(abs(p_) > 1e-2 for _, p_ in vals.values()),
                   control_detail="the proof's phi = S leaves f' != 0 at all 3 values")


def _secb2_enum():
    """Exact enumeration: the relative variance of the M-feature estimator is that of one feature over M."""
    X = np.array([[0.3, -0.2], [0.1, 0.4], [-0.25, 0.05]])
    Y = np.array([[0.2, 0.3], [-0.1, -0.2], [0.35, 0.1]])
    x, y = X[0], Y[1]
    K = math.exp(x @ y)
    rows, ok, ctl = [], True, True
    for fam, opt in (("sderf", derf.sderf_optimum_np(X, Y)), ("gerf", derf.gerf_optimum_np(X, Y))):
        p = derf.as_derf_params_np(fam, opt, d=2)
        rel1 = float(np.exp(derf.log_relative_variance_np(fam, x[None], y[None], params=p)[0, 0]))
        for M in (1, 2):
            r = dw.estimator_moments_enumerated(p, x, y, M, n_nodes=24)
            shift = math.log(r["var"] / K ** 2) - math.log(rel1)
            ok &= abs(shift + math.log(M)) < 1e-9
            ctl &= M == 1 or abs(shift + 0.5 * math.log(M)) > 0.1
            rows.append(f"{fam}, M = {M}: log relative variance {math.log(r['var'] / K ** 2):.12f}, shift {shift:+.12f} "
                        f"(-log M = {-math.log(M):+.12f})")
    return Outcome(ok, "d = 2, exact enumeration of all tuples of 24^2-node Gauss-Hermite draws, optimum on a 3-point data "
                   "set: " + "; ".join(rows) + f"; every shift equals -log M within 1e-9: {ok}", agreement="shift = -log M to 1e-9", control_rejected=ctl,
                   control_detail="shift -log(M)/2 (a 1/sqrt(M) law) rejected")


def _fig1_mc():
    """Sampled features of every embedding of the Venn diagram estimate K^(0)."""
    rng = np.random.default_rng(SEED + 405)
    d, n, a = 3, 200_000, -0.15
    x, y = np.array([0.5, -0.3, 0.4]), np.array([0.6, 0.2, 0.5])
    K = math.exp(x @ y)
    g = {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5, "D": (1 - 4 * a) ** (d / 4)}
    psi = np.diag([0.5, 2.0, 1.25])
    I = np.eye(d)
    cases = {"PosRF as DERF": derf.as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=d),
             "GERF as DERF": derf.as_derf_params_np("gerf", g, d=d),
             "SADERF as ADERF": derf.as_derf_params_np("saderf", dict(g, Psi=psi)),
             "GERF as SDERF (Q = I)": derf.as_derf_params_np("sderf", {"A": a * I, "B": g["B"] * I, "C": -I / 2, "D": g["D"]})}
    rows, ok, zs = [], True, []
    for name, p in cases.items():
        c = z_check(mean_of(dv.mc_moments(p, x, y, n, rng)), K)
        ok &= c.passed
        rows.append(f"{name}: z = {c.z:+.2f}")
    pw = derf.as_derf_params_np("sderf", {"A": a * I, "B": g["B"] * I, "C": -I, "D": g["D"]})
    w = z_check(mean_of(dv.mc_moments(pw, x, y, n, rng)), K)
    return Outcome(ok, f"{n} draws per family, d = 3, E f1 f2 vs K = {K:.6g}: " + "; ".join(rows)
                   + f"; SDERF with C = -I: z = {w.z:+.1f}", agreement="|z| <= 5 for 4 embeddings",
                   control_rejected=not w.passed, control_detail=f"SDERF with C = -I rejected at z = {w.z:+.1f}")


def _heterogen_independent():
    """Independent implementation of the GERF and SDERF optima and variances on the figure's sets and on fresh sets."""
    g = dx.fig2_gaps("heterogen", families=_FIG_FAMS)                     # (5 sets, 5 sigmas)
    rng = np.random.default_rng(2023)                                     # the draws of fig2_curves, in its order
    mine = []
    for s in dx.FIG2_SIGMAS:
        for t in range(g.shape[0]):
            X, Y = derf.sample_regime("heterogen", float(s), 64, 1024, rng)
            if s == dx.FIG2_SIGMAS[-1]:
                mine.append(dw.gerf_sderf_gap(X, Y))
    mine = np.array(mine)
    diff = float(np.max(np.abs(mine - g[:, -1])))
    r2 = np.random.default_rng(SEED + 406)                                # fresh sets from the regime's definition
    fresh = np.array([dw.gerf_sderf_gap(r2.normal(size=(1024, 64)), 1.0 + r2.normal(size=(1024, 64))) for _ in range(3)])
    m, mf = float(mine.mean()), float(fresh.mean())
    ok = diff < 1e-9 and not (2.5 <= m <= 7.5) and not (2.5 <= mf <= 7.5) and abs(mf - m) < 0.5
    return Outcome(ok, f"heterogen, sigma = 1, d = 64, L = 1024: the gap log GERF - log SDERF from a separate implementation "
                   f"(Lemma A.1 optima, (7) and Thm 4.3 variances in the eigenbasis of N) on the figure's 5 pairs of sets: "
                   f"{np.round(mine, 3).tolist()} (max diff to fig2_gaps {diff:.1e}); on 3 fresh pairs of sets "
                   f"x ~ N(0, I), y ~ N(1, I): {np.round(fresh, 3).tolist()}; mean {m:.2f} and {mf:.2f} nats, outside "
                   f"'about e^5' = [2.5, 7.5]", agreement=f"max diff {diff:.0e}", control_rejected=not (2.5 <= m <= 7.5),
                   control_detail=f"'about e^5' at sigma = 1 rejected: {m:.2f} nats")


def _sec6_slopes():
    """At the ADERF and SDERF optima the direct objective (8) slopes down along general-DERF directions."""
    X, Y = _DATA[0]
    o = derf.sderf_optimum(X, Y, dps=40)
    a = derf.aderf_optimum(X, Y, dps=40)
    Z = [[0] * 3 for _ in range(3)]
    G = [[0, 1, 0], [0, 0, 0], [0, 0, 0]]
    H = [[1, 0, 0], [0, -1, 0], [0, 0, 0]]
    with mp.workdps(40):
        aA = a["A"] * mp.eye(3)
    s_out = dw.general_derf_slope(o["A"], o["B"], X, Y, Z, G)       # B1 != B2: leaves SDERF
    a_out = dw.general_derf_slope(aA, a["B1"], X, Y, H, Z)          # non-scalar A: leaves ADERF
    a_in = [dw.general_derf_slope(aA, a["B1"], X, Y, Z, G), dw.general_derf_slope(aA, a["B1"], X, Y, Z, H),
            dw.general_derf_slope(aA, a["B1"], X, Y, [[1, 0, 0], [0, 1, 0], [0, 0, 1]], Z)]
    flat = max(abs(v) for v in a_in)
    ok = abs(s_out) > 0.01 and abs(a_out) > 0.01
    return Outcome(ok, f"data set 1, 70-digit central differences of the pair-by-pair average (8) along paths of valid DERFs "
                   f"(Thm 4.1 imposed): at the SDERF optimum, B1 = B(I + tG), B2 from Thm 4.1: slope {_fmt(s_out, 8)}; at the "
                   f"ADERF optimum, A = aI + t diag(1, -1, 0): slope {_fmt(a_out, 8)}; either sign of t lowers (8) below "
                   f"the optimum, so general DERFs reduce it further; three directions inside ADERF (B1 perturbed, scalar A) "
                   f"have slopes <= {_fmt(flat, 2)}", agreement=f"|slope| >= {_fmt(min(abs(s_out), abs(a_out)), 3)}",
                   control_rejected=flat < mpmath.mpf(10) ** -12,
                   control_detail=f"directions inside ADERF are flat (|slope| <= {_fmt(flat, 2)})")


def _image_replicate():
    """Fresh image sets, every reasonable preprocessing, sigma = 1, gaps from the separate implementation."""
    from .. import realdata as rd
    from .. import realdata_run as rr
    Ls = rr.PROTOCOLS["images"]["derf"]["L"]
    variants = [v for v in rd.IMAGE_VARIANTS if _rdc._scale(v) in _rdc.REASONABLE_SCALES]
    gaps = {}
    for reg in ("cifar10", "mnist/cifar10"):
        for k, v in enumerate(variants):
            X, Y = rd.image_sets(reg, Ls[reg], 1.0, rd.rng_for("images-DERF", 900, k), variant=v)
            gaps[reg, v] = dw.gerf_sderf_gap(X, Y)
    half = {reg: dw.gerf_sderf_gap(*rd.image_sets(reg, Ls[reg], 0.5, rd.rng_for("images-DERF", 901), variant="area/bt601/unit"))
            for reg in ("cifar10", "mnist/cifar10")}                 # where the printed pair would hold
    # a preprocessing outside the cached run: images standardised with their data set's pixel mean and std
    from .. import datasets as ds
    std = {}
    for k, r in enumerate(ds.RESIZE_METHODS):
        mn = ds.load_images("mnist", resize=r, scale="unit")[0]
        cf = ds.load_images("cifar10", resize=r, scale="unit", gray="bt601")[0]
        mn, cf = (mn - mn.mean()) / mn.std(), (cf - cf.mean()) / cf.std()
        rng = rd.rng_for("images-DERF", 902, k)
        ix = rng.choice(len(cf), 2 * Ls["cifar10"], replace=False)
        std["cifar10", r] = dw.gerf_sderf_gap(cf[ix[:Ls["cifar10"]]], cf[ix[Ls["cifar10"]:]])
        std["mnist/cifar10", r] = dw.gerf_sderf_gap(mn[rng.choice(len(mn), Ls["mnist/cifar10"], replace=False)],
                                                    cf[rng.choice(len(cf), Ls["mnist/cifar10"], replace=False)])
    std_ok = not any(_rdc.about(std["mnist/cifar10", r], 5) and _rdc.about(std["cifar10", r], 10) for r in ds.RESIZE_METHODS)
    c_fl = [_rdc.about(gaps["cifar10", v], 10) for v in variants]
    m_fl = [_rdc.about(gaps["mnist/cifar10", v], 5) for v in variants]
    joint = [a and b for a, b in zip(c_fl, m_fl)]
    ok = not any(m_fl) and not any(joint) and std_ok
    fmt = lambda reg: ", ".join(f"{v} {gaps[reg, v]:.2f}" for v in variants)
    fstd = lambda reg: ", ".join(f"{r} {std[reg, r]:.2f}" for r in ds.RESIZE_METHODS)
    return Outcome(ok, f"one fresh pair of image sets per preprocessing (realdata.image_sets, keys disjoint from the cached "
                   f"run; L = {Ls['cifar10']} / {Ls['mnist/cifar10']}; the cifar10 sets re-split the same 1,017 available "
                   f"images, the MNIST side is fresh), log GERF - log SDERF at sigma = 1 from the separate implementation "
                   f"derf_witnesses.gerf_sderf_gap: cifar10 (printed e^10): {fmt('cifar10')} -> about e^10 in {sum(c_fl)} of "
                   f"{len(c_fl)}; mnist/cifar10 (printed e^5): {fmt('mnist/cifar10')} -> about e^5 in {sum(m_fl)} of "
                   f"{len(m_fl)}; both under one preprocessing: {sum(joint)} of {len(joint)}. For comparison, pixels in [0, 1] (area, "
                   f"bt601) at sigma = 0.5, half the plotted maximum: cifar10 {half['cifar10']:.2f}, mnist/cifar10 "
                   f"{half['mnist/cifar10']:.2f} nats -- the printed pair e^10, e^5 matches this column, not the gain over "
                   f"0.1 <= sigma <= 1. Images standardised with their data set's pixel mean and std (bt601), sigma = 1: cifar10 "
                   f"{fstd('cifar10')}; mnist/cifar10 {fstd('mnist/cifar10')}; both about e^10, e^5: {not std_ok}",
                   agreement=f"mnist/cifar10 outside [2.5, 7.5] in {len(m_fl) - sum(m_fl)} of {len(m_fl)}",
                   control_rejected=any(c_fl), control_detail=f"the band accepts the printed e^10 in cifar10 under {sum(c_fl)} preprocessings")


# --- two typos registered in round 2 ---------------------------------------------------------

#: RF families the paper defines (Secs. 2.3, 4, 4.1-4.3), and the FAVOR variants of Sec. 5.3.
_FAMILIES = ("TrigRF", "PosRF", "GERF", "DERF", "ADERF", "SDERF", "SADERF")
_FAVOR_SHARP = {"speech (Sec. 5.3.1)": "SDERF", "GLUE (Sec. 5.3.2)": "SADERF"}


def _edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _fig4_sdrf():
    dist = {f: _edit_distance("SDRF", f) for f in _FAMILIES}
    near = sorted(f for f, v in dist.items() if v == 1)
    used = {k: (v, _edit_distance("SDRF", v)) for k, v in _FAVOR_SHARP.items()}
    best = [k for k, (v, e) in used.items() if e == min(e2 for _, e2 in used.values())]
    ok = "SDRF" not in _FAMILIES and near == ["SDERF"] and best == ["speech (Sec. 5.3.1)"]
    return Outcome(ok, f"'SDRF' is not among the families the paper defines {list(_FAMILIES)}; edit distances {dist}; one "
                   f"letter from {near}; of the two FAVOR# variants the paper runs, {used}, the nearest is the one of Fig. 4's "
                   f"experiment, {best}", agreement="SDERF, the only family at distance 1",
                   control_rejected=dist["SADERF"] > 1, control_detail=f"SADERF (the GLUE variant) is at distance {dist['SADERF']}")


_B42_LIST = ("FAVOR++", "FAVOR+", "ELU", "ReLU", "FAVOR++")   # App. B.4.2: "baselines (...) and FAVOR++" as printed


def _b42_favor():
    rows = {s.upper() for s in dx.TABLE1}
    performer = {s for s in rows if s.startswith("FAVOR") or s in ("ELU", "RELU")}   # low-rank (Performer) rows of Table 1
    listed = [s.upper() for s in _B42_LIST]
    missing = sorted(performer - set(listed))
    dup = sorted({s for s in listed if listed.count(s) > 1})
    fixed = listed[:-1] + ["FAVOR#"]
    ok = missing == ["FAVOR#"] and dup == ["FAVOR++"] and performer == set(fixed)
    return Outcome(ok, f"Table 1's Performer rows {sorted(performer)}; App. B.4.2 names {list(_B42_LIST)}: {len(listed)} "
                   f"names, {len(set(listed))} distinct, duplicated {dup}; the Table 1 system it leaves without a stated setup: "
                   f"{missing}; with the last name FAVOR# the list covers all {len(performer)} rows",
                   agreement=f"missing {missing}", control_rejected=performer != set(listed),
                   control_detail="the printed list does not cover Table 1's Performer rows")


# =============================================================================================
# the registry
# =============================================================================================

def W(name, kind, fn, ex=(), route="", control=""):
    """A check with the witness-model metadata (see :mod:`rfsym.claims`)."""
    return Check(name, kind, fn, exercises=tuple(ex), route=route, control=control)


def _C(id, location, statement, verdict, evidence, checks=(), severity=None, correction=None, no_witness=None,
       derivation=None, single_witness=None):
    kw = {} if single_witness is None else {"single_witness": single_witness}
    return Claim(id=id, paper=PAPER, location=location, statement=statement, verdict=verdict, evidence=evidence,
                 checks=list(checks), severity=severity, correction=correction, no_witness=no_witness or {},
                 derivation=derivation, **kw)


_D = "rfsym.derf."
_V = "rfsym.derf_verify."
_W = "rfsym.derf_witnesses."
_NO_MC_DET = "deterministic algebraic identity, no expectation over random features"
_NO_MC_OPT = ("an optimality statement about a deterministic objective; the sampled value of the objective is witnessed "
              "by the Monte Carlo check of the corresponding optimum")


def _opt_checks(fam, fn_name):
    ex = (_D + fn_name, _D + "shifted_log_variance_np", _D + "as_derf_params_np")
    return [
        W("stationarity of the direct average (8) in every parameter, 90 digits, Hessian > 0", "numeric",
          lambda: _stationarity_check(fam), ex=(_D + fn_name.replace("_np", ""), _D + "as_derf_params"),
          route="central differences of the pair-by-pair average of log E[(f1 f2)^2] (derf_witnesses.direct_objective)",
          control=f"the optimum with {_WRONG[fam]}"),
        W("BFGS over the whole family from random starts reaches it and never goes lower", "numeric",
          lambda: _optimality_search(fam), ex=ex + (_V + "family_minimum_np",),
          route="float64 BFGS on unconstrained parametrisations of the family, 5 data sets d = 1, 2, 3, 3, 5",
          control=f"the optimum with {_WRONG[fam]} lies above the search minimum"),
        W("sampled objective (8) at the optimum vs its closed-form value", "montecarlo",
          lambda: _objective_mc_check(fam), ex=(_D + fn_name, _D + "as_derf_params_np", _D + "derf_log_features_np"),
          route="all 36 second moments sampled from 400000 draws of couplings.sample, mean of logs, delta-method SE",
          control="coefficient of (1-8A)^-1 in the optimal value x1.05"),
    ]


def _deriv_sec31():
    e = derf.gerf_objective_expr()
    a, phi = derf.lemma_a1_argmin_expr()
    return [("pair average of (7), derived by sympy", e["objective"]), ("Lemma A.1 parameter", e["phi"]),
            ("minimiser (15) derived by sympy", a)]


def _deriv_aderf():
    r = dw.aderf_reduction_expr()
    return [("$E^* = B^{(1)\\top}B^{(1)}$ minimising the d = 1 pair average", r["Estar"]),
            ("objective after minimising over $E$", r["reduced"]), ("Lemma A.1 parameter $\\phi$ read off", r["phi"])]


def _deriv_sderf():
    r = dw.sderf_reduction_expr()
    return [("$\\mathrm{Tr}(E R(t) N R(t)^\\top)$, d = 2", r["T"]), ("$T(0) - T(t)$", r["gap"]),
            ("coordinate term of (37) minus $f(a; \\lambda) + \\lambda$", r["per_coordinate"])]


def _deriv_eq6():
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    B, Dv = sp.sqrt(1 - 4 * A), (1 - 4 * A) ** sp.Rational(1, 4)
    return [("$E[f_1 f_2]$, (6) as printed ($C\\|x\\|^2/2$, $C=-1/2$), d = 1",
             sp.simplify(e["m1"].subs({B1: B, B2: B, C1: -sp.Rational(1, 4), C2: -sp.Rational(1, 4), D: Dv}))),
            ("$E[f_1 f_2]$ with $C\\|x\\|^2$, $C = -1/2$",
             sp.simplify(e["m1"].subs({B1: B, B2: B, C1: -sp.Rational(1, 2), C2: -sp.Rational(1, 2), D: Dv})))]


def _deriv_lema1():
    h, g, phi = derf.lemma_a1_h_expr()
    hp, _, _ = derf.lemma_a1_hprime_expr()
    a, _ = derf.lemma_a1_argmin_expr()
    return [("$h(\\gamma)$", h), ("$h'(\\gamma)$", hp), ("$A^*$", a)]


#: DERF-Fig2 (the caption) and DERF-Sec5.1-cifar (the text) state the same image gains and rest on the same
#: evidence, checks and correction.
_IMAGE_GAP_EVIDENCE = "max over sigma in [0.1, 1] of log GERF - log SDERF (nats; 'about e^k' = [k/2, 3k/2]): cifar10 (printed e^10): area/bt601/unit 25.86, bilinear/bt601/unit 25.34, triangle/bt601/unit 26.10, area/mean/unit 25.41, bilinear/mean/unit 24.90, triangle/mean/unit 25.64, area/bt601/sym 7.03, bilinear/bt601/sym 6.53, triangle/bt601/sym 7.33, area/mean/sym 7.31, bilinear/mean/sym 6.80, triangle/mean/sym 7.60 -> mixed; mnist/cifar10 (printed e^5): area/bt601/unit 13.97, bilinear/bt601/unit 13.39, triangle/bt601/unit 14.21, area/mean/unit 13.74, bilinear/mean/unit 13.19, triangle/mean/unit 14.03, area/bt601/sym 18.87, bilinear/bt601/sym 17.51, triangle/bt601/sym 19.72, area/mean/sym 19.40, bilinear/mean/sym 18.04, triangle/mean/sym 20.19 -> fails; both together under one preprocessing: 0 of 12. log GERF - log ADERF in mnist/cifar10 (printed about e^3): area/bt601/unit undefined, bilinear/bt601/unit undefined, triangle/bt601/unit undefined, area/mean/unit undefined, bilinear/mean/unit undefined, triangle/mean/unit undefined, area/bt601/sym undefined, bilinear/bt601/sym undefined, triangle/bt601/sym 8.15, area/mean/sym undefined, bilinear/mean/sym undefined, triangle/mean/sym 7.84 -> fails; ADERF undefined under 10 variants (set 0: M1 must be nonsingular (Thm 4.2), got smallest eigenvalue 0). Second witness (fresh sets, a separate implementation of the optima and variances): the same outcome under every preprocessing, and also for images standardised with their data set's pixel mean and std; with pixels in [0, 1] the printed pair matches the gains at sigma = 0.5 (cifar10 9.67, mnist/cifar10 4.49 nats), half the plotted maximum sigma = 1 of Fig. 2, so the printed factors are not the gains 'up to' the plotted range."
_IMAGE_GAP_CORRECTION = "The SDERF gain over GERF grows with sigma from near 0 at sigma = 0.1; at sigma = 1 it is e^24.90 to e^26.10 (pixels in [0, 1]) or e^6.53 to e^7.60 (pixels in [-1, 1]) in cifar10, and e^13.19 to e^20.19 in mnist/cifar10 under every preprocessing tried (three resize methods, two grayscale weightings, two pixel scalings); no preprocessing gives ~e^10 and ~e^5 together. ADERF's optimum (Thm 4.2) exists on the MNIST/CIFAR-10 sets only under 2 of 12 preprocessings (antialiased resize, pixels in [-1, 1]), where its gain over GERF at sigma = 1 is e^7.84 to e^8.15, not ~e^3."


def _image_gap_checks():
    return [Check("max gaps over sigma on real CIFAR-10 and MNIST/CIFAR-10, every preprocessing", "data", _rdc.check_derf_image_claims,
                        route="cached run of rfsym.realdata on the real data (make experiments; tests/test_realdata.py recomputes cells bit for bit); variances from derf.log_relative_variance_np with the derf optima",
                        control="the [k/2, 3k/2] band must accept each measured gap as its own exponent"),
                  W("fresh image sets, separate implementation of the gap", "data", _image_replicate,
                    ex=("rfsym.realdata.image_sets", _W + "gerf_sderf_gap"),
                    route="one new pair of sets per preprocessing (keys disjoint from the cache), optima and variances written apart from derf.py",
                    control="the band accepts the printed e^10 in cifar10 under pixels in [-1, 1]")]


CLAIMS = [
    _C("DERF-Def2.1", "Sec. 2.1, Def. 2.1, Eqs. (1)-(2)",
       "RFs $\\langle \\nu, f^{(1)}, f^{(2)}\\rangle$ satisfy $K(x,y) = E_\\nu f^{(1)}(\\omega,x) f^{(2)}(\\omega,y)$; $\\widehat{\\mathcal{K}} = PS^\\top$ is unbiased with $\\mathrm{Var}\\,\\widehat{\\mathcal{K}}_{ij} = M^{-1}\\mathrm{Var}\\, f^{(1)} f^{(2)}$.",
       "verified", "Sampled replicates of $\\widehat{\\mathcal{K}}_{ij}$ (GERF, M = 16) match the mean and $M^{-1}$ Var; exact enumeration of every M-tuple under a Gauss-Hermite law for $\\omega$ (d = 1, M = 3; d = 2, M = 2) gives the mean $K$ and the variance $M^{-1}\\mathrm{Var}\\,f^{(1)}f^{(2)}$ to 11+ digits without using the identity; the variance without $1/M$ is rejected.",
       [W("K_hat mean and variance", "montecarlo", _def21_mc, ex=(_D + "as_derf_params_np", _D + "derf_log_moments_np", _V + "mc_moments"),
          route="20000 replicates of K_hat from couplings.sample", control="Var f1 f2 without the 1/M"),
        W("exact enumeration of the M-sample estimator", "numeric", _def21_enum,
          ex=(_W + "estimator_moments_enumerated", _D + "derf_features_np", _V + "derf_log_moment_np", _D + "derf_log_moments_np"),
          route="omega ~ N(0, I) replaced by tensor Gauss-Hermite nodes; all M-tuples enumerated (d = 1, M = 3; d = 2, M = 2)",
          control="Var f1 f2 without 1/M, or with 1/(M-1)")],
       no_witness={"symbolic": "i.i.d. averaging of a generic feature pair; the enumeration computes the mean and variance "
                               "of the M-sample estimator without the identity, the sampled replicates confirm it"}),
    _C("DERF-Eq2", "Sec. 2.1, text after Eq. (2)",
       "$P_{i,:}, S_{j,:} \\in \\mathbb{R}^d$ are column vectors corresponding to the rows of $P, S \\in \\mathbb{R}^{L\\times M}$.",
       "erratum", "The rows of $P, S \\in \\mathbb{R}^{L\\times M}$ have $M$ entries (a reading of the dimensions); the estimator built with rows in $\\mathbb{R}^M$, $M \\ne d$, is the unbiased one of (1)-(2).",
       [W("row length of P", "numeric", _eq2_dim, ex=(_D + "pos_features_np",), route="construct P of (2) for M != d",
          control="the printed row length d"),
        W("the estimator with rows in R^M", "montecarlo", _def21_mc, ex=(_D + "as_derf_params_np", _V + "mc_moments"),
          route="replicates of K_hat = P S^T with M = 16 != d = 3", control="Var without 1/M")],
       severity="typo", correction="$P_{i,:}, S_{j,:} \\in \\mathbb{R}^M$.",
       no_witness={"symbolic": "a statement about the shape of a matrix; there is nothing to derive"}),
    _C("DERF-Eq3", "Sec. 2.2, Eq. (3)",
       "$\\mathrm{diag}(\\mathcal{K}^{(0)}\\mathbf{1}_L)^{-1}\\mathcal{K}^{(0)}V$ with $x^{(i)} = d^{-1/4}Q_{i,:}$, $y^{(j)} = d^{-1/4}K_{j,:}$ is row-softmax of $d^{-1/2}QK^\\top$ times $V$; $n = d + 1$.",
       "verified", "Symbolic identity and float64 check to rounding; the scale $d^{-1/4}$ on the logits is rejected.",
       [W("sympy identity", "symbolic", _eq3_symbolic, route="sympy exp(x.y) with the scalings", control="exp(q.k/d)"),
        W("softmax identity on random Q, K", "numeric", _eq3_numeric, route="float64 attention vs softmax",
          control="softmax of d^(-1/4) Q K^T")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq4", "Sec. 2.3, Eq. (4)",
       "$\\nu_{trig} = \\mathrm{Unif}([0, 2\\pi]) \\times \\mathcal{N}(0_d, I_d)^d$ on $\\Omega_{trig} = \\mathbb{R}^{d+1}$.",
       "erratum", "$\\mathcal{N}(0_d, I_d)^d$ is a law on $\\mathbb{R}^{d^2}$; the intended $\\mathrm{Unif}\\times\\mathcal{N}(0_d, I_d)$ lives on $\\mathbb{R}^{d+1}$ and sampling it gives unbiased (corrected) TrigRFs.",
       [W("dimension count", "consistency", _eq4_dims, route="1 + d^2 vs d + 1"),
        W("sympy integral under the intended law", "symbolic", _eq4_symbolic, ex=(_D + "trig_mean_expr",),
          route="sympy over theta and w", control="the sign-flipped feature"),
        W("sampling the intended law", "montecarlo", _eq4_mc, ex=(_D + "trig_features_np",),
          route="400000 draws of Unif x N(0_3, I_3) (couplings.sample)", control="1.03 K")],
       severity="typo", correction="$\\nu_{trig} = \\mathrm{Unif}([0, 2\\pi]) \\times \\mathcal{N}(0_d, I_d)$.",
       no_witness={"numeric": "a dimension count, no quantity to evaluate at high precision"}),
    _C("DERF-Eq5", "Sec. 2.3, Eqs. (4)-(5)",
       "TrigRF $f^{(1)} = \\sqrt2 e^{\\|x\\|^2/2}\\cos(\\omega^\\top x + \\theta)$, $f^{(2)} = \\sqrt2 e^{\\|y\\|^2/2}\\cos(-\\omega^\\top y + \\theta)$ are RFs for $K^{(0)}(x,y) = e^{x^\\top y}$.",
       "erratum", "With $\\cos(-\\omega^\\top y + \\theta)$ the product has mean $e^{-x^\\top y}$ (sympy, d = 1; sampled in d = 3); with $\\cos(\\omega^\\top y + \\theta)$ it is $e^{x^\\top y}$.",
       [W("E[f1 f2] by sympy", "symbolic", _eq5_symbolic, ex=(_D + "trig_mean_expr",), route="sympy integral over theta and w",
          control="features without the sqrt2 factors"),
        W("sampled E[f1 f2]", "montecarlo", _eq5_mc, ex=(_D + "trig_features_np",), route="400000 draws (couplings.sample)",
          control="1.03 K for the corrected feature")],
       severity="minor", correction="$f^{(2)}_{trig}((\\theta, \\omega), y) = \\sqrt2 e^{\\|y\\|^2/2}\\cos(\\omega^\\top y + \\theta)$.",
       no_witness={"numeric": "the sympy integral is exact; a quadrature would repeat it"}),
    _C("DERF-Sec2.3-TrigVar", "Sec. 2.3 (TrigRF variance, used in Fig. 2)",
       "Corrected TrigRF relative variance $\\mathrm{Var}/K^2 = e^u - 1 + e^{-u}/2$, $u = \\|x-y\\|^2$ (standard RFF variance; not printed in the paper).",
       "verified", "Derived by sympy; the sampled variance agrees; 1.1 x is rejected.",
       [W("sympy derivation", "symbolic", _trig_var_symbolic, ex=(_D + "trig_variance_expr",), route="sympy", control="e^-u without 1/2"),
        W("sampled variance", "montecarlo", _trig_var_mc, ex=(_D + "trig_features_np", _D + "log_relative_variance_np"),
          route="400000 draws", control="1.1 x")]),
    _C("DERF-Sec2.3-PosRF", "Sec. 2.3, PosRF",
       "PosRF $f(\\omega, x) = \\exp(\\omega^\\top x - \\|x\\|^2/2)$, $\\omega \\sim \\mathcal{N}(0, I_d)$, are strictly positive RFs for $K^{(0)}$.",
       "verified", "sympy (d = 1) gives the moments; sampled mean agrees, 1.03 K rejected.",
       [W("moments by sympy", "symbolic", _pos_symbolic, ex=(_D + "derf_moments_expr",), route="sympy Gaussian integral",
          control="exp(w x - x^2)"),
        W("sampled mean", "montecarlo", _pos_mc, ex=(_D + "pos_features_np",), route="400000 draws", control="1.03 K")]),
    _C("DERF-Sec2.3-scaled", "Sec. 2.3, first paragraph",
       "If $\\langle\\nu, f^{(1)}, f^{(2)}\\rangle$ are RFs for $K^{(0)}$ then $e^{\\alpha\\|x\\|^2} f^{(k)}(\\omega, x)$ are RFs for $K^{(\\alpha)}$.",
       "verified", "Symbolic identity; scaled PosRF estimates the Gaussian kernel ($\\alpha = -1/2$) when sampled, and quadrature of the library's scaled product over $\\mathcal{N}(0, 1)$ gives $K^{(\\alpha)}$ to 12+ digits for $\\alpha = -1/2$ and $0.3$ (the variant $1.01\\alpha$ is rejected).",
       [W("scaled features", "montecarlo", _scaled_kernel, ex=(_D + "scaled_features_np", _D + "pos_features_np"),
          route="400000 draws", control="K^(0) and 1.03 K^(-1/2)"),
        W("mp.quad of the scaled product over N(0, 1)", "numeric", _scaled_numeric,
          ex=(_D + "scaled_features_np", _D + "pos_features_np"), route="mp.quad at 30 digits of the library's feature product, d = 1, alpha = -1/2 and 0.3",
          control="K with alpha x 1.01")]),
    _C("DERF-Eq6", "Sec. 2.3, Eq. (6)",
       "GERF $f_{GE}(\\omega, x) = D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2/2)$ with $1 - 8A > 0$, $B = \\sqrt{1-4A}$, $C = -0.5$, $D = (1-4A)^{d/4}$ are RFs for $K^{(0)}$.",
       "erratum", "With the printed exponent $C\\|x\\|^2/2$ and $C = -0.5$, $E[f f] = \\exp(x^\\top y + (\\|x\\|^2+\\|y\\|^2)/4) \\ne K^{(0)}$ (sympy d = 1, quadrature d = 2 to 30+ digits, sampled d = 3). The printed constants are those of [31], whose exponent is $C\\|x\\|^2$; with it (and in the DERF embedding of Sec. 4) the features are valid.",
       [W("sympy mean, printed vs corrected exponent", "symbolic", _eq6_symbolic, ex=(_D + "derf_moments_expr",),
          route="sympy Gaussian integral per coordinate", control="B = 1 - 4A"),
        W("1-D quadrature of the printed and corrected products", "numeric", _eq6_numeric, ex=(_V + "derf_moments_by_quadrature",),
          route="mp.quad at 40 digits, no closed form", control="D = (1-4A)^(d/2)"),
        W("sampled mean, printed vs corrected", "montecarlo", _eq6_mc, ex=(_D + "gerf_features_np", _D + "gerf_features_printed_np"),
          route="400000 draws (couplings.sample)", control="1.03 K")],
       severity="minor", correction="$f_{GE}(\\omega, x) = D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2)$ with $C = -1/2$ (as in [31]); equivalently keep $C\\|x\\|^2/2$ with $C = -1$.",
       derivation=_deriv_eq6),
    _C("DERF-Eq7", "Sec. 2.3, Eq. (7)",
       "$\\mathrm{Var}\\, f_{GE} f_{GE} = e^{\\mathcal{L}_{GE}} - K^2$, $\\mathcal{L}_{GE} = d\\log\\frac{1-4A}{\\sqrt{1-8A}} + \\frac{2(1-4A)}{1-8A}\\|x+y\\|^2 - \\|x\\|^2 - \\|y\\|^2$.",
       "verified", "sympy derivation equals (7); quadrature of the GERF second moment agrees to 30+ digits at A = -0.2, 0.1, -1000; sampled variance agrees. (7) is the variance of the corrected GERF (exponent $C\\|x\\|^2$, $C = -1/2$); for (6) as printed, with $C\\|x\\|^2/2$, the features are not unbiased (DERF-Eq6).",
       [W("sympy derivation", "symbolic", _eq7_symbolic, ex=(_D + "gerf_log_variance_expr",), route="sympy Gaussian integral",
          control="coefficient (1-4A)/(1-8A)"),
        W("vs 1-D quadrature of the second moment", "numeric", _eq7_numeric, ex=(_D + "gerf_log_variance", _V + "derf_moments_by_quadrature"),
          route="mp.quad of the definition, 45 digits", control="coefficient 2 -> 1.98"),
        W("sampled variance", "montecarlo", _eq7_mc, ex=(_D + "gerf_log_variance", _V + "mc_moments"), route="400000 draws",
          control="1.05 x")]),
    _C("DERF-Sec3.1", "Sec. 3.1, display after (8)",
       "For GERF, (8) $= d\\log\\frac{1-4A}{\\sqrt{1-8A}} + \\frac{2-8A}{1-8A}L^{-2}\\sum\\|x_i+y_j\\|^2 - \\overline{\\|x\\|^2} - \\overline{\\|y\\|^2}$; the homogeneity heuristic of [31] is its closed-form global minimiser.",
       "verified", "sympy reduces the pair average of (7) to Lemma A.1 with $\\phi = S/d$; the library optimum is a stationary point of the direct average to 30+ digits with positive curvature (the variant $A^*(\\phi/2)$ is not); BFGS never goes lower; the sampled objective matches the closed-form value.",
       [W("sympy: objective and reduction to Lemma A.1", "symbolic", _sec31_symbolic,
          ex=(_D + "gerf_objective_expr", _D + "lemma_a1_argmin_expr", _D + "gerf_optimum"), route="sympy from (7)",
          control="phi = S/(2d)")] + _opt_checks("gerf", "gerf_optimum_np")
       + [W("121-point mp grid in gamma", "numeric", _gerf_grid_mp, ex=(_D + "gerf_optimum",), route="grid of the reduced objective",
            control="A*(phi/2)")],
       derivation=_deriv_sec31),
    _C("DERF-Sec3.1-O1", "Sec. 3.1, last paragraph",
       "The global minimum of (8) for GERF can be computed in $O(1)$ time (given the statistics, which cost $O(Ld)$).",
       "verified", "The pair average of $\\|x_i + y_j\\|^2$ equals $\\overline{\\|x\\|^2} + \\overline{\\|y\\|^2} + 2\\mu^{(4)}\\cdot\\mu^{(5)}$ exactly. (exact rationals; sympy for symbolic points, L = 3, d = 2), and $A^*$ from (15) at $\\phi = S/d$ computed from the statistics alone equals the library's GERF optimum: after the $O(Ld)$ statistics the minimiser costs $O(1)$.",
       [W("exact statistics identity", "numeric", _sec31_O1, ex=(_D + "shifted_log_variance_stats",), route="Fraction arithmetic",
          control="without the factor 2"),
        W("sympy identity (L = 3, d = 2) and A* from the statistics alone", "symbolic", _sec31_O1_symbolic,
          ex=(_D + "shifted_log_variance_stats", _D + "lemma_a1_argmin", _D + "gerf_optimum"),
          route="sympy expansion with symbolic points; Lemma A.1 at phi = S/d vs gerf_optimum", control="mu4.mu5 without the 2")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq8", "Sec. 3.1, after Eq. (8)",
       "The best possible value of (8) is $\\log K^{(0)}(x^{(i)}, y^{(j)})$, corresponding to all variances being zero.",
       "erratum", "With zero variances each term is $\\log K^2 = 2x_i^\\top y_j$, so the best value is $2L^{-2}\\sum_{ij} x_i^\\top y_j$; on data clustered at $x_0$, $-x_0$ the GERF optimum goes below the printed value and approaches the corrected one.",
       [W("printed value is not a lower bound; 2 mean x.y is approached", "numeric", _sec31_best_value,
          ex=(_D + "gerf_optimum", _D + "shifted_log_variance"), route="exact clustered data, optimum vs both values",
          control="the corrected bound crossed"),
        W("sympy: infimum of log(Var + K^2)", "symbolic", _eq8_symbolic, route="sympy limit", control="the K-shifted objective")],
       severity="minor",
       correction="The best possible value of (8) is $L^{-2}\\sum_{i,j}\\log K^{(0)}(x^{(i)}, y^{(j)})^2 = 2L^{-2}\\sum_{i,j} x^{(i)\\top}y^{(j)}$.",
       no_witness={"montecarlo": "no random features: (8) is evaluated from the exact variances"}),
    _C("DERF-Sec3.1-K", "Sec. 3.1, after Eq. (8)",
       "Since log is concave, the smaller $K^{(0)}(x^{(i)}, y^{(j)})$, the higher (8) is for the same amount of variance.",
       "erratum", "For fixed variance $V$ the term $\\log(V + K^2)$ increases with $K$; what decreases is its excess $\\log(1 + V/K^2)$ over the best value. sympy proves both signs for all $V, K > 0$: $\\partial_K\\log(V+K^2) = 2K/(K^2+V) > 0$, $\\partial_K\\log(1+V/K^2) < 0$.",
       [W("fixed V = 1, K = 0.25..2", "numeric", _sec31_k_behaviour, route="mpmath evaluation", control="the printed direction"),
        W("sign of d/dK for all V, K > 0", "symbolic", _sec31_k_symbolic, route="sympy derivative with positive symbols",
          control="the printed direction d/dK < 0")],
       no_witness={"montecarlo": "a monotonicity of log in its argument; no random features"},
       severity="minor", correction="For the same variance, the smaller $K$, the larger the excess $\\log(\\mathrm{Var} + K^2) - \\log K^2 = \\log(1 + \\mathrm{Var}/K^2)$."),
    _C("DERF-Sec4", "Sec. 4, after the DERF definition",
       "GERFs with parameters $A, B, C, D$ are DERFs with $\\mathbf{A} = AI_d$, $B^{(k)} = BI_d$, $C^{(k)} = CI_d$, $D$ unchanged.",
       "verified", "With the printed $C = -0.5$, $C^{(k)} = CI_d = -I_d/2$ satisfies Thm 4.1 (residual 0) and gives $E[f_1 f_2] = K$; the embedding is that of the form $C\\|x\\|^2$ of [31] (the $/2$ in (6) is the typo, see DERF-Eq6). Sampling the embedded GERF as a DERF confirms $E f_1 f_2 = K$ and rejects $(C/2)I_d$.",
       [W("Thm 4.1 residual and mean", "numeric", _sec4_embedding, ex=(_D + "derf_conditions_residual", _D + "derf_mean"),
          route="residual of the Thm 4.1 conditions and the closed-form mean", control="(C/2) I_d"),
        W("sampled embedded GERF", "montecarlo", _sec4_mc, ex=(_D + "as_derf_params_np", _V + "mc_moments", _V + "derf_log_moment_np"),
          route="400000 draws of couplings.sample, d = 3", control="(C/2) I_d and 1.03 K")],
       no_witness={"symbolic": "the sympy mean of DERF-Thm4.1 covers every A, B, C; the embedding is a substitution"}),
    _C("DERF-Thm4.1", "Sec. 4, Theorem 4.1 and Eq. (9)",
       "If $8A \\prec I$, $B^{(1)\\top}(I-4A)^{-1}B^{(2)} = I$, $C^{(k)} = -\\frac12 B^{(k)\\top}(I-4A)^{-1}B^{(k)}$, $D = \\det(I-4A)^{1/4}$, then $\\mathcal{T}_{DE}$ are RFs for $K^{(0)}$ with variance (9).",
       "verified", "sympy (d = 1) derives both moments; 1-D quadrature after diagonalising a dense $A$ (d = 2, 3) agrees with $K$ and (9) to 25+ digits; sampling a dense DERF at a point where every term of the exponent of (9) matters matches the mean, second moment and variance, and rejects the cross coefficient $4 \\to 3.9$ and $4 \\to 4.1$.",
       [W("sympy moments", "symbolic", _thm41_symbolic, ex=(_D + "derf_moments_expr",), route="sympy Gaussian integral",
          control="cross coefficient 4 -> 2"),
        W("(9) and K vs 1-D quadrature after diagonalising A, >= 25 digits", "numeric", _thm41_numeric,
          ex=(_V + "derf_moments_by_quadrature", _D + "derf_conditions_residual"), route="mp.eigsy + mp.quad",
          control="(34)'s det(I-4A)^(1/4) prefactor"),
        W("sampled mean, second moment and variance", "montecarlo", _thm41_mc,
          ex=(_D + "derf_variance", _D + "derf_log_moments_np", _V + "mc_moments"),
          route="10^6 draws of couplings.sample, dense A, x.y = 1.1", control="cross coefficient 4 -> 3.9 / 4.1, 1.02 K")]),
    _C("DERF-SecA.1", "App. A.1, proof of Thm 4.1 (both versions)",
       "$E f_1^2 f_2^2 = (2\\pi)^{d/2} D^4 \\int \\exp(-\\|\\omega\\|^2/2 + 4\\omega^\\top A\\omega + \\dots)\\,d\\omega$.",
       "erratum", "The Gaussian normalisation is $(2\\pi)^{-d/2}$ as in the first-moment computation; the proof's final result uses the correct factor. sympy's exact integral (d = 1, rational parameters) times $(2\\pi)^{-1/2}D^4$ equals the library's $\\mathrm{Var} + K^2$ to 30+ digits; the printed $(2\\pi)^{+1/2}$ gives $2\\pi$ times it.",
       [W("quadrature with both prefactors", "numeric", _secA1_prefactor, route="mp.quad of the integrand", control="(4 pi)^(-1/2)"),
        W("sympy integral with both prefactors", "symbolic", _secA1_symbolic, ex=(_D + "derf_variance",),
          route="exact Gaussian integral at rational parameters vs the library's Var + K^2", control="(4 pi)^(-1/2)")],
       no_witness={"montecarlo": "a prefactor of a proof step; DERF-Thm4.1's sampled second moment confirms the corrected value"},
       severity="typo", correction="$E f_1^2 f_2^2 = (2\\pi)^{-d/2} D^4 \\int_{\\mathbb{R}^d}\\exp(\\dots)\\,d\\omega$."),
    _C("DERF-Sec4-diag", "Sec. 4, after Thm 4.1",
       "Any symmetric $A = Q\\tilde{A}Q^\\top$ can be replaced by diagonal $\\tilde{A}$ with $\\tilde{B}^{(k)} = Q^\\top B^{(k)}$.",
       "verified", "Features agree sample by sample with $\\tilde\\omega = Q^\\top\\omega$; (9) agrees; sampling the diagonalised DERF at fresh draws reproduces the first and second moments of the dense one, while diagonalising $A$ without rotating $B$ is rejected.",
       [W("rotated parameters", "numeric", _diag_reduction, ex=(_D + "derf_features_np", _D + "derf_variance"),
          route="features at rotated samples", control="w not rotated"),
        W("sampled diagonalised DERF vs the dense one's moments", "montecarlo", _diag_mc,
          ex=(_V + "mc_moments", _V + "derf_log_moment_np"), route="400000 fresh draws with (A~, Q^T B)",
          control="A diagonalised with B not rotated")],
       no_witness={"symbolic": "rotation invariance of N(0, I); sampled and sample-by-sample routes cover it"}),
    _C("DERF-Sec4-complexity", "Sec. 4, paragraph before Fig. 2",
       "Precomputing $B^{(k)\\top}\\omega$, $Cx$, $Cy$ makes $P, S$ computable in $O(L(Md + d^2) + Md^2)$.",
       "verified", "The precomputation scheme gives the same features; the operation count is linear in $L$; numpy's contraction planner (best order) counts FLOPs within a constant factor of $L(Md + d^2) + Md^2$ over a 16x range of $L, M, d$, while per-entry evaluation is not of that order.",
       [W("scheme vs direct features, operation count", "numeric", _sec4_complexity, ex=(_D + "derf_features_np",),
          route="per-entry evaluation", control="B^T instead of B"),
        W("FLOP counts of the best contraction order", "numeric", _complexity_flops, ex=(_D + "derf_log_features_np",),
          route="numpy.einsum_path optimal FLOP counts over a 16x range of L, M, d", control="per-entry (naive) order")],
       no_witness={"symbolic": "an operation count; counted by numpy's contraction planner", "montecarlo": "no expectation involved"}),
    _C("DERF-LemA.1", "App. A.2, Lemma A.1, Eqs. (14)-(15)",
       "For $\\phi \\ge 0$, $f(A) = \\log(1-4A) - \\frac12\\log(1-8A) + \\frac{\\phi}{1-8A}$ is minimised on $(-\\infty, 1/8)$ at $A^* = \\frac{1}{16}(1 - 2\\phi - \\sqrt{(2\\phi+1)^2 + 8\\phi})$.",
       "verified", "sympy derives (15); for $\\phi$ from 0 to $10^{30}$, $h'(\\gamma^*) = 0$ to 30 digits and a grid never goes below $f(A^*)$; for $\\phi < 0$, $f \\to -\\infty$ as $A \\to 1/8^-$ (the assumption is needed).",
       [W("sympy derivation", "symbolic", _lema1_symbolic, ex=(_D + "lemma_a1_argmin_expr",), route="sympy solve of h' = 0",
          control="the other root"),
        W("stationarity and grid, 30 digits", "numeric", _lema1_numeric, ex=(_D + "lemma_a1_argmin",),
          route="h'(gamma*) and a 161-point grid at 60 digits", control="A* x (1 + 1e-20)"),
        W("phi < 0 unbounded", "numeric", _lema1_negative, ex=(_D + "lemma_a1_argmin",), route="f near 1/8",
          control="the A -> -inf end")],
       no_witness={"montecarlo": _NO_MC_DET}, derivation=_deriv_lema1),
    _C("DERF-Eq16", "App. A.2, Eqs. (16)-(17)",
       "$h(\\gamma) = \\log(\\gamma+1) - \\frac12\\log\\gamma - \\log 2 + \\phi\\gamma$; $h' = \\phi + \\frac{\\gamma-1}{2\\gamma(\\gamma+1)} = \\frac{2\\phi\\gamma^2 + (2\\phi+1)\\gamma - 1}{2\\gamma(\\gamma+1)}$.",
       "verified", "sympy substitution and differentiation; (17) agrees with a central difference of the library's $f$ to 30+ digits.",
       [W("sympy", "symbolic", _eq16_17_symbolic, ex=(_D + "lemma_a1_h_expr", _D + "lemma_a1_hprime_expr"), route="sympy",
          control="constant -1 -> +1"),
        W("central difference of f(14)", "numeric", _eq16_numeric, ex=(_D + "lemma_a1_objective",), route="mpmath, step 1e-20",
          control="constant -1 -> +1")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq18", "App. A.2, Eqs. (18)-(19)",
       "The roots of the numerator of (17) are (18); $\\gamma^*_+ = 2/(2\\phi + 1 + \\sqrt{(2\\phi+1)^2 + 8\\phi})$ (19), also at $\\phi = 0$; $A^* = (1 - 1/\\gamma^*)/8$ gives (15).",
       "verified", "sympy; polynomial roots by mpmath agree with (18), (19) and the library's $A^*$ to 30+ digits.",
       [W("sympy", "symbolic", _eq18_19_symbolic, route="sympy substitution", control="2phi + 1 - sqrt(...)"),
        W("mp.polyroots", "numeric", _eq18_numeric, ex=(_D + "lemma_a1_argmin",), route="mp.polyroots at 50 digits",
          control="the negative root")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Thm4.2", "Sec. 4.1, Theorem 4.2",
       "With $M^{(1)}, M^{(2)}$ nonsingular, the stated $A$ ($\\phi = 2d^{-1}\\sum_l\\Sigma_{ll} + 2\\mu^{(3)}$), $B^{(1)}, B^{(2)}, C^{(1)}, C^{(2)}, D$ minimise (8) over $\\Theta_{ADE}$.",
       "verified", "sympy (d = 1, from the derived moment) reduces (8) to Lemma A.1 with the theorem's $\\phi$; the library optimum is a stationary point of the direct pair average in all $1 + d^2$ parameters to 30+ digits with a positive definite Hessian in $(A, E)$, while the proof's $\\phi$ (half) is not; BFGS never goes lower; the sampled objective matches (10).",
       [W("sympy reduction of (8) to Lemma A.1 (d = 1)", "symbolic", _aderf_symbolic, ex=(_D + "aderf_optimum", _D + "derf_moments_expr"),
          route="sympy from the Gaussian integral", control="the proof's phi")] + _opt_checks("aderf", "aderf_optimum_np")
       + [W("Thm 4.1 conditions", "numeric", _aderf_conditions, ex=(_D + "aderf_optimum", _D + "derf_conditions_residual"),
            route="residual at 45 digits", control="C without the 1/2"),
          W("singular M rejected", "consistency", _aderf_singular, ex=(_D + "aderf_optimum",))],
       derivation=_deriv_aderf),
    _C("DERF-Eq10", "Sec. 4.1, Eq. (10)",
       "Optimal value $d\\big(\\log(1-4A) - \\frac12\\log(1-8A) + 2(1-8A)^{-1}(d^{-1}\\sum_l\\Sigma_{ll} + \\mu^{(3)}) + 2\\mu^{(3)}\\big)$.",
       "verified", "(10) transcribed literally equals the direct pair average at the library optimum to 30+ digits; the sampled objective matches; sympy (d = 1) derives it.",
       [W("(10) transcribed vs direct pair average", "numeric", _eq10_numeric, ex=(_D + "aderf_optimum", _D + "as_derf_params"),
          route="derf_witnesses.eq10_printed vs direct_objective", control="coefficient 2 -> 2.02"),
        W("sampled objective vs (10)", "montecarlo", lambda: _objective_mc_check("aderf"), ex=(_D + "aderf_optimum_np",),
          route="sampled second moments", control="coefficient x1.05"),
        W("sympy reduction (d = 1)", "symbolic", _aderf_symbolic, ex=(_D + "aderf_optimum",), route="sympy", control="the proof's phi")]),
    _C("DERF-Thm4.2-phi", "App. A.3, after (32)",
       "$\\phi = d^{-1}\\sum_l \\Sigma_{ll} + \\mu^{(3)} \\ge 0$ (needed for Lemma A.1), stated without proof.",
       "verified", "True: $\\bar x = M_1^{1/2}a$, $\\bar y = M_2^{1/2}b$ with $\\|a\\|, \\|b\\| \\le 1$, so $|\\mu^{(4)}\\cdot\\mu^{(5)}| \\le \\|M_1^{1/2}M_2^{1/2}\\|_{op} \\le \\sum\\Sigma$; checked on 400 data sets with the equality case.",
       [W("400 data sets and the equality case", "numeric", _phi_nonneg, ex=(_D + "aderf_optimum_np", _D + "aderf_optimum"),
          route="random data incl. Y ~ -X", control="the stronger bound with min Sigma"),
        W("sympy, d = 1", "symbolic", _phi_symbolic, route="sympy identity", control="Sigma/2 + mu3")],
       no_witness={"montecarlo": "a deterministic inequality between data statistics"}),
    _C("DERF-Eq20", "App. A.3, Eq. (20)",
       "With $\\mathbf{A} = AI_d$ the Thm 4.1 conditions read $B^{(1)\\top}B^{(2)}/(1-4A) = I$, $C^{(k)} = -B^{(k)\\top}B^{(k)}/(2(1-4A))$, $D = (1-4A)^{d/4}$.",
       "verified", "sympy, d = 3; the library's ADERF optimum satisfies the conditions to 35+ digits.",
       [W("sympy", "symbolic", _eq20_symbolic, route="sympy, symbolic B", control="D = (1-4A)^(1/4)"),
        W("library optimum satisfies (20)", "numeric", _aderf_conditions, ex=(_D + "aderf_optimum", _D + "derf_conditions_residual"),
          route="residual at 45 digits", control="C without the 1/2")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq21", "App. A.3, Eq. (21) (and (36))",
       "(8) $= L^{-2}\\sum\\log(\\mathrm{Var}\\, f_1 f_2 + K^{(0)}(x_i, y_j))$.",
       "erratum", "The shift in (8) is $K^2$; the right-hand sides of (21), (36) are those of $\\log(\\mathrm{Var} + K^2)$.",
       [W("log(Var + K) vs log(Var + K^2)", "numeric", _eq21_typo, ex=(_D + "aderf_optimum", _D + "as_derf_params"),
          route="pair-by-pair mpmath", control="unshifted log Var"),
        W("sympy: which shift (22) averages", "symbolic", _eq21_symbolic, ex=(_D + "derf_moments_expr",), route="sympy",
          control="log(Var + K) quadratic")], severity="typo",
       correction="$L^{-2}\\sum\\log(\\mathrm{Var}\\, f_1 f_2 + K^{(0)}(x_i, y_j)^2)$ in (21) and (36).",
       no_witness={"montecarlo": "the shift is a deterministic term; the sampled objective is in DERF-Eq10"}),
    _C("DERF-Eq22", "App. A.3, Eqs. (21)-(22)",
       "For ADERF, (8) $= d\\log(1-4A) - \\frac d2\\log(1-8A) + \\beta_1 L^{-1}\\sum x^\\top Ex + \\beta_2 L^{-1}\\sum y^\\top E^{-1}y + 4\\beta_2 L^{-2}\\sum x^\\top y$, $E = B^{(1)\\top}B^{(1)}$.",
       "verified", "30+ digits against the direct pair average for random $(A, B^{(1)})$; sympy (d = 1) from the derived moment.",
       [W("vs direct average", "numeric", _eq22_numeric, ex=(_D + "shifted_log_variance", _D + "shifted_log_variance_stats"),
          route="pair-by-pair average of (9)", control="beta1, beta2 swapped"),
        W("sympy (d = 1) from the derived moment", "symbolic", _aderf_symbolic, ex=(_D + "derf_moments_expr",), route="sympy",
          control="the proof's phi")],
       no_witness={"montecarlo": "an identity between two deterministic expressions of (8); the sampled objective is in DERF-Eq10"}),
    _C("DERF-LemA.2", "App. A.3, Lemma A.2, Eqs. (23)-(30)",
       "For fixed $A$, $E^* = B^{(1)*\\top}B^{(1)*}$ minimises $\\mathcal{F}(E) = \\beta_1\\mathrm{Tr}(EM_1) + \\beta_2\\mathrm{Tr}(E^{-1}M_2)$ over $E \\succ 0$; gradient (28), second derivative (25).",
       "verified", "$\\nabla\\mathcal{F}(E^*) = 0$, (25) matches finite differences and is positive, BFGS never lower; (30) and $FM_1F = M_2$ hold to 35+ digits.",
       [W("gradient, convexity, search", "numeric", _lema2_numeric, ex=(_D + "aderf_optimum_np",), route="float64 + BFGS",
          control="1.01 E*"),
        W("(30) and F M1 F = M2, 35 digits", "numeric", _eq30_numeric, ex=(_D + "aderf_optimum",), route="mpmath residuals",
          control="beta1, beta2 swapped")],
       no_witness={"symbolic": "matrix-valued convex minimisation; the d = 1 case is derived by sympy under DERF-Thm4.2",
                   "montecarlo": _NO_MC_OPT}),
    _C("DERF-Eq24", "App. A.3, Eq. (24) (earlier version: 'E + tB')",
       "$(E + t\\Delta)^{-1} = \\sum_l (-t)^l E^{-1}(\\Delta E^{-1})^l$ for small $t$.",
       "verified", "Neumann series checked numerically. The earlier appendix writes 'E + tB is invertible' ($B$ undefined there); the final version 'E + t$\\Delta$'. Other version differences: DERF-Eq37-N (an expansion typo of the earlier version), reference numbers shifted by one, 'its sorts' -> 'it sorts'.",
       [W("Neumann series", "numeric", _eq24_neumann, route="float64 partial sums", control="(+t)^l"),
        W("sympy telescoping", "symbolic", _eq24_symbolic, route="symbolic 2x2 matrices", control="(+t)^l")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq27", "App. A.3, Eq. (27)",
       "$\\mathcal{F}(E + \\Delta) = \\mathrm{Tr}(\\Delta(\\beta_1M_1 - \\beta_2E^{-1}M_2E^{-1})) + o(\\|\\Delta\\|)$.",
       "erratum", "The constant term $\\mathcal{F}(E)$ is missing.",
       [W("remainder as t -> 0", "numeric", _eq27_typo, route="float64 remainders", control="half the gradient term"),
        W("sympy series (d = 1)", "symbolic", _eq27_symbolic, route="sympy series", control="half the gradient term")],
       severity="typo", correction="$\\mathcal{F}(E + \\Delta) = \\mathcal{F}(E) + \\mathrm{Tr}(\\Delta(\\beta_1M_1 - \\beta_2E^{-1}M_2E^{-1})) + o(\\|\\Delta\\|)$.",
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq32", "App. A.3, Eqs. (31)-(32)",
       "At $E^* = (1-4A)F$, (22) $= d\\big(\\log(1-4A) - \\frac12\\log(1-8A) + 2(1-8A)^{-1}(d^{-1}\\sum\\Sigma + \\mu^{(3)}) + 2\\mu^{(3)}\\big)$ for every fixed $A$.",
       "verified", "30+ digits against the direct average at $A = -0.3, -0.05, 0.1$; sympy (d = 1).",
       [W("vs direct average", "numeric", _eq32_numeric, ex=(_D + "aderf_optimum", _D + "shifted_log_variance"),
          route="pair-by-pair average", control="coefficient 2 -> 2.02"),
        W("sympy (d = 1)", "symbolic", _aderf_symbolic, ex=(_D + "derf_moments_expr",), route="sympy", control="the proof's phi")],
       no_witness={"montecarlo": "holds for every A; the sampled objective at the optimum is in DERF-Eq10"}),
    _C("DERF-SecA.3", "App. A.3, sentence after (32)",
       "We use Lemma A.1 ($\\phi = d^{-1}\\sum_l\\Sigma_{ll} + \\mu^{(3)} \\ge 0$) for deriving $A$ which minimises (32).",
       "erratum", "The coefficient of $(1-8A)^{-1}$ in (32) is $2(d^{-1}\\sum\\Sigma + \\mu^{(3)})$; Lemma A.1 must be applied with $\\phi = 2d^{-1}\\sum\\Sigma + 2\\mu^{(3)}$ (as in the theorem). With the proof's $\\phi$ the gradient of the direct objective is far from 0 (DERF-Thm4.2). sympy: the derivative of (32) vanishes identically at $A^*(2S)$ and not at $A^*(S)$, $S = d^{-1}\\sum\\Sigma + \\mu^{(3)}$. The sentence also says the resulting $A$ 'coincides with the one in Theorem's statement', which holds only with the factor 2 visible in (32): a slip a reader corrects from (32) itself.",
       [W("proof's phi vs theorem's phi", "numeric", _secA3_phi_slip, ex=(_D + "aderf_optimum",), route="(32) at both A",
          control="phi x 1.001"),
        W("sympy: (32)' at A*(2S) and A*(S)", "symbolic", _secA3_symbolic, ex=(_D + "lemma_a1_argmin_expr",),
          route="sympy derivative of (32) at the Lemma A.1 minimiser", control="the proof's phi = S")], severity="typo",
       correction="$\\phi = 2d^{-1}\\sum_l\\Sigma_{ll} + 2\\mu^{(3)}$ ($\\ge 0$).",
       no_witness={"montecarlo": "which phi minimises the deterministic (32); the sampled objective at the optimum is in DERF-Eq10"}),
    _C("DERF-Thm4.3", "Sec. 4.2, Theorem 4.3",
       "$A_{ll} = A^*(\\Lambda^{(3)}_{ll})$, $B = (I-4A)^{1/2}Q^{(3)\\top}$, $C = -I/2$, $D = \\det(I-4A)^{1/4}$ minimise (8) over $\\Theta_{SDE}$.",
       "verified", "sympy reduces (37) to Lemma A.1 per coordinate (trace maximised by co-monotone pairing, d = 2); the library optimum is a stationary point of the direct average in a dense symmetric $A$ and all rotations to 30+ digits with a positive definite Hessian, while $A^*(\\Lambda/2)$ is not; BFGS never goes lower; the sampled objective matches (11).",
       [W("sympy reduction of (37) (d = 2)", "symbolic", _sderf_symbolic, ex=(_D + "sderf_optimum", _D + "lemma_a1_argmin_expr"),
          route="sympy trace over rotations", control="phi = Lambda/2")] + _opt_checks("sderf", "sderf_optimum_np")
       + [W("Thm 4.1 conditions", "numeric", _sderf_conditions, ex=(_D + "sderf_optimum", _D + "derf_conditions_residual"),
            route="residual at 45 digits", control="C = -I"),
          W("A* ordering (59)", "numeric", _eq55_59, ex=(_D + "sderf_optimum",), route="exact comparison", control="reversed pairing")],
       derivation=_deriv_sderf),
    _C("DERF-Eq11", "Sec. 4.2, Eq. (11)",
       "Optimal value $\\sum_l\\big(\\log(1-4A_{ll}) - \\frac12\\log(1-8A_{ll}) + (1 + (1-8A_{ll})^{-1})\\Lambda^{(3)}_{ll}\\big) - \\overline{\\|x\\|^2} - \\overline{\\|y\\|^2}$.",
       "verified", "(11) transcribed literally equals the direct pair average at the library optimum to 30+ digits; the sampled objective matches; sympy derives the coordinate terms.",
       [W("(11) transcribed vs direct pair average", "numeric", _eq11_numeric, ex=(_D + "sderf_optimum", _D + "as_derf_params"),
          route="derf_witnesses.eq11_printed vs direct_objective", control="(1 + 1.02 (1-8A)^-1)"),
        W("sampled objective vs (11)", "montecarlo", lambda: _objective_mc_check("sderf"), ex=(_D + "sderf_optimum_np",),
          route="sampled second moments", control="coefficient x1.05"),
        W("sympy coordinate terms", "symbolic", _sderf_symbolic, ex=(_D + "sderf_optimum",), route="sympy", control="phi = Lambda/2")]),
    _C("DERF-Eq33", "App. A.4, Eq. (33)",
       "With $B^{(1)} = B^{(2)} = B$: $B^\\top(I-4A)^{-1}B = I$ and $C = -I/2$.",
       "verified", "sympy, d = 2; the library's SDERF optimum satisfies Thm 4.1 with $C = -I/2$ to 35+ digits.",
       [W("sympy", "symbolic", _eq33_symbolic, route="sympy, d = 2", control="B = (I-4A) Q"),
        W("library optimum", "numeric", _sderf_conditions, ex=(_D + "sderf_optimum", _D + "derf_conditions_residual"),
          route="residual at 45 digits", control="C = -I")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq34", "App. A.4, Eq. (34), second line",
       "$\\mathrm{Var} = \\det(I-4A)^{1/4}\\det(I-8A)^{-1/2}\\exp(-\\|x\\|^2 - 2x^\\top Q^\\top EQx - \\|y\\|^2 - 2y^\\top Q^\\top EQy - 4x^\\top Q^\\top EQy) - K^2$.",
       "erratum", "$D^4 = \\det(I-4A)$, as in the first line of (34) and in (36); the power 1/4 is a typo. The quadrature witness of Thm 4.1 rejects the printed prefactor too.",
       [W("(34) vs (9)", "numeric", _eq34_typo, ex=(_D + "sderf_optimum", _D + "derf_variance"), route="mpmath at 45 digits",
          control="(34) without Q"),
        W("vs 1-D quadrature", "numeric", _thm41_numeric, ex=(_V + "derf_moments_by_quadrature",), route="mp.quad",
          control="(34)'s prefactor")],
       severity="typo", correction="$\\det(I_d - 4A)\\det(I_d - 8A)^{-1/2}\\exp(\\dots) - K^2$.",
       no_witness={"symbolic": "a typo in a prefactor; DERF-Thm4.1's sympy check derives the correct one",
                   "montecarlo": "the sampled variance of DERF-Thm4.1 confirms (9), whose prefactor is the corrected one"}),
    _C("DERF-Eq35", "App. A.4, Eq. (35)",
       "$E = -(I-4A)(I-8A)^{-1} = -\\frac12 I - \\frac12(I-8A)^{-1}$.", "verified",
       "sympy per diagonal entry; at the library optimum $-B^\\top(I-8A)^{-1}B = Q^\\top EQ$ to 30+ digits.",
       [W("sympy and at the optimum", "symbolic", _eq35_symbolic, ex=(_D + "sderf_optimum",), route="sympy + mpmath residual",
          control="sign flipped"),
        W("(37) with this E vs direct average", "numeric", _eq37_numeric, ex=(_D + "shifted_log_variance",),
          route="pair-by-pair average", control="N without mu terms")],
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq37", "App. A.4, Eqs. (36)-(37)",
       "(8) $= \\log\\det(I-4A) - \\frac12\\log\\det(I-8A) - \\overline{\\|x\\|^2} - \\overline{\\|y\\|^2} - 2\\mathrm{Tr}(Q^\\top EQN)$.",
       "verified", "30+ digits against the direct average for random SDERFs; sympy (d = 2) for the trace term.",
       [W("vs direct average", "numeric", _eq37_numeric, ex=(_D + "shifted_log_variance", _D + "shifted_log_variance_stats"),
          route="pair-by-pair average", control="N without mu4 mu5^T terms"),
        W("sympy trace term", "symbolic", _sderf_symbolic, ex=(_D + "sderf_optimum",), route="sympy", control="phi = Lambda/2")],
       no_witness={"montecarlo": "an identity between deterministic expressions of (8); the sampled objective is in DERF-Eq11"}),
    _C("DERF-Eq37-N", "App. A.4, expansion before (37) (earlier appendix version)",
       "Earlier version: $L^{-2}\\sum_{ij}(x_i + y_j)(x_i + y_j)^\\top = L^{-2}\\sum_{ij}(x_ix_i^\\top + x_iy_j^\\top + y_jx_i^\\top + y_j x_j^\\top)$.",
       "erratum", "The last term must be $y_jy_j^\\top$ (as in the final version); with $y_jx_j^\\top$ the sum is not $N$.",
       [W("exact rational arithmetic", "numeric", _eqN_earlier, ex=(_D + "shifted_log_variance_stats",), route="Fraction sums",
          control="the earlier expansion"),
        W("sympy, L = 2", "symbolic", _eqN_symbolic, route="sympy expansion", control="the earlier expansion")],
       severity="typo", correction="$\\dots + y_j y_j^\\top$ (the final version's text).",
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-LemA.3", "App. A.4, Lemmas A.3 and A.4, Eqs. (39)-(45)",
       "$Q^* = \\Pi^\\top Q^{(3)\\top}$ attains $\\sup_{Q \\in O_d}\\mathrm{Tr}(EQNQ^\\top) = \\sum_l E_{\\pi_l\\pi_l}\\Lambda^{(3)}_{ll}$ (with or without ties).",
       "verified", "$Q^*$ attains the bound; Haar samples and BFGS on both components of $O(3)$ never exceed it; sympy proves the d = 2 case.",
       [W("search over O(3)", "numeric", _lema3_4_numeric, ex=(_V + "lemma_a4_bound", _V + "max_trace_orthogonal_np"),
          route="2000 Haar samples + BFGS", control="anti-sorted pairing"),
        W("sympy, d = 2", "symbolic", _sderf_symbolic, route="sympy trace over rotations", control="phi = Lambda/2")],
       no_witness={"montecarlo": "Haar sampling of O(3) is used as a search, not an expectation; no random features involved"}),
    _C("DERF-Eq50", "App. A.4, proof of Lemma A.4, step before (50)",
       "$\\sum_l(\\tilde E - E)_{\\pi_l}\\Lambda_{ll} = \\mathrm{Tr}(\\Pi(\\tilde E - E)\\Pi^\\top\\tilde\\Lambda)$ and, combining with (49), the bound $2\\|E\\|\\|\\Lambda - \\tilde\\Lambda\\| + 2\\|E - \\tilde E\\|\\|\\tilde\\Lambda\\|$.",
       "erratum", "The trace has $\\Lambda$, not $\\tilde\\Lambda$; and combining $\\|E\\|\\|d\\Lambda\\|$ with $\\|\\tilde E\\|\\|d\\Lambda\\|$ needs $\\|\\tilde E\\| \\le \\|E\\|$, which (47) does not give. Redone correctly the total is still $\\le \\delta/2 < \\delta$. (Both versions also write 'Lemma A.3 applied to $E = \\hat E$, $\\Lambda^{(3)} = \\hat\\Lambda^{(3)}$' for the perturbed $\\tilde E$, $\\tilde\\Lambda^{(3)}$: notation only.)",
       [W("counterexample to the printed step", "numeric", _eq50_slip, route="explicit diagonal matrices",
          control="Trace with Lambda^2"),
        W("sympy: the corrected chain <= delta/2", "symbolic", _eq50_symbolic, route="sympy at the (47) maxima",
          control="without ||dE|| <= ||E||")], severity="minor",
       correction="Use $\\mathrm{Tr}(\\Pi(\\tilde E - E)\\Pi^\\top\\Lambda)$ and bound $\\|E\\|\\|d\\Lambda\\| + \\|\\tilde E\\|\\|d\\Lambda\\| \\le 3\\|E\\|\\|d\\Lambda\\|$; the final estimate stays $\\delta/2$.",
       no_witness={"montecarlo": _NO_MC_DET}),
    _C("DERF-Eq57", "App. A.4, Eqs. (51)-(60), in particular (57)",
       "$G(A) \\ge G(A^*)$ for every diagonal $A$ with $8A \\prec I$, via (57).",
       "verified", "$G(A) \\ge G(A^*)$ over 500 random $A$; the stationarity witness of the SDERF optimum confirms it. Proof slip (DERF-SecA.4-le): Lemma A.4 gives '$\\ge$' in (57); the printed '$\\le$' is true only because (57) holds with equality (co-monotone pairing).",
       [W("G(A) >= G(A*) and the two sides of (57)", "numeric", _G_vs_Astar, ex=(_D + "sderf_optimum_np", _V + "sderf_G_np"),
          route="500 random diagonal A", control="A*(Lambda/2)"),
        W("stationarity of the direct objective", "numeric", lambda: _stationarity_check("sderf"), ex=(_D + "sderf_optimum",),
          route="90-digit central differences", control="A*(Lambda/2)")],
       no_witness={"symbolic": "the per-coordinate reduction is derived by sympy under DERF-Thm4.3", "montecarlo": _NO_MC_OPT}),
    _C("DERF-SecA.4-le", "App. A.4, the second transition of (57)",
       "$-2\\,\\mathrm{Tr}(E^{**}\\Pi(A)^{-1}\\Lambda^{(3)}(\\Pi(A)^{-1})^\\top)\\le-2\\sum_l E^{**}_{\\pi(A^{**})_l,\\pi(A^{**})_l}\\Lambda^{(3)}_{l,l}$, 'where the second transition follows from Lemma A.4'.",
       "erratum", "Lemma A.4 bounds the trace from above by the sorted sum, so it gives '$\\ge$' after multiplying by $-2$; the printed '$\\le$' holds only because (57) is an equality ($E^{**}$ and $\\Lambda_{\\pi^{-1}(A)}$ are co-monotone by (55)). The conclusion $G(A)\\ge G(A^*)$ (DERF-Eq57) stands. Numbers in the check output.",
       [W("the two sides of (57) at the proof's pairing and at other pairings", "numeric", _secA4_le, ex=(_V + "lemma_a4_bound", _D + "sderf_optimum_np"),
          route="300 random diagonal A, E** of (55), every pairing compared with the sorted sum", control="'<=' for every pairing of E** with Lambda")],
       severity="typo", correction="$=$ in the second transition (the co-monotone pairing of (55)); Lemma A.4 alone gives $\\ge$.",
       single_witness="a relation sign in one proof step: the one computable fact is how the two sides compare, at the proof's pairing (equal) and at others (Lemma A.4's direction); the theorem it serves has its own witnesses (DERF-Eq57, DERF-Thm4.3)"),
    _C("DERF-Sec4.3", "Sec. 4.3, SADERF definition",
       "$f^{(1)}_{SADE}(\\omega, x) = f_{GE}(\\omega, \\Psi x)$, $f^{(2)}_{SADE}(\\omega, y) = f_{GE}(\\omega, \\Psi^{-1}y)$ are RFs for $K^{(0)}$; SADERFs are ADERFs, and $\\Psi = I$ gives GERFs.",
       "verified", "As DERFs the Thm 4.1 residual is 0 to 35+ digits with $A = AI_d$; $\\Psi = I$ reproduces the GERF; sampled mean agrees.",
       [W("as ADERF / GERF", "numeric", _saderf_validity, ex=(_D + "saderf_optimum", _D + "as_derf_params"), route="residuals",
          control="Psi for both features"),
        W("sampled mean", "montecarlo", _saderf_psi_mc, ex=(_D + "saderf_optimum_np", _V + "mc_moments"), route="400000 draws",
          control="exp((Psi^2 x).y), 1.03 K")]),
    _C("DERF-Eq12", "Sec. 4.3, Eqs. (12)-(13)",
       "(8) for SADERF minus $d\\log\\frac{1-4A}{\\sqrt{1-8A}}$ $= \\frac{1}{L^2(1-8A)}\\sum\\|\\Psi x + \\Psi^{-1}y\\|^2 + \\frac{2}{L^2}\\sum x^\\top y$; (13) splits over coordinates.",
       "verified", "30+ digits against the direct average for random $(A, \\Psi)$; sympy minimises the per-coordinate term (13). The printed middle line has a stray index $j$ (notational).",
       [W("vs direct average", "numeric", _eq12_13_numeric, ex=(_D + "as_derf_params", _D + "shifted_log_variance"),
          route="pair-by-pair average", control="coefficient 1 on x.y"),
        W("sympy minimiser of (13)", "symbolic", _saderf_symbolic, ex=(_D + "saderf_optimum",), route="sympy", control="Psi^2")],
       no_witness={"montecarlo": "an identity between deterministic expressions of (8); the sampled objective is in DERF-Sec4.3-Psi"}),
    _C("DERF-Sec4.3-Psi", "Sec. 4.3, after (13)",
       "$\\Psi^*_{ll} = (\\sum_j (y^{(j)}_l)^2 / \\sum_i (x^{(i)}_l)^2)^{1/4}$ (then the GERF optimum) minimises (8) over SADERFs.",
       "verified", "sympy derives $\\Psi^*$; the library optimum is a stationary point of the direct average in $(A, \\Psi)$ to 30+ digits with positive curvature ($\\Psi^2$ is not); BFGS never lower; sampled objective matches.",
       [W("sympy minimiser", "symbolic", _saderf_symbolic, ex=(_D + "saderf_optimum",), route="sympy", control="Psi^2")]
       + _opt_checks("saderf", "saderf_optimum_np")),
    _C("DERF-SecB.2", "App. B.2",
       "$M = 1$ is taken since $M$'s value is not important: bigger $M$ would just shift the curves below.",
       "verified", "For i.i.d. features the relative variance is divided by $M$, so log curves shift by $-\\log M$ for every method: sampled replicates (SDERF, M = 8) and exact enumeration under a Gauss-Hermite law (SDERF and GERF, M = 1, 2, shift $-\\log M$ to 1e-9).",
       [W("relative variance of the M-sample estimator", "montecarlo", _secb2_shift,
          ex=(_D + "sderf_optimum_np", _D + "log_relative_variance_np", _V + "mc_moments"), route="100000 replicates of M = 8",
          control="the unshifted value and 1.1/M"),
        W("exact enumeration of M = 1, 2 feature estimators", "numeric", _secb2_enum,
          ex=(_W + "estimator_moments_enumerated", _D + "log_relative_variance_np", _D + "sderf_optimum_np", _D + "gerf_optimum_np"),
          route="Gauss-Hermite law, all tuples enumerated, SDERF and GERF optima", control="a 1/sqrt(M) law")],
       no_witness={"symbolic": "i.i.d. averaging; the enumeration and the sampled replicates cover it"}),
    Claim(id="DERF-Fig2",
          paper="DERF",
          location="Fig. 1 (right), caption (extended by Fig. 2)",
          statement="SDERF results in a consistent variance reduction of the previous best method GERF, up to $\\approx e^{10}$ and $\\approx e^5$ times [on CIFAR10 and MNIST/CIFAR10 pairs].",
          verdict="erratum",
          evidence=_IMAGE_GAP_EVIDENCE,
          checks=_image_gap_checks(),
          severity="minor",
          correction=_IMAGE_GAP_CORRECTION,
          notebook="realdata",
          label="realdata-derf-fig2"),
    _C("DERF-Sec5.1", "Sec. 5.1, text",
       "SDERFs outperform or are on par with other methods in all setups.",
       "erratum", "With the paper's protocol (d = 64, 5 pairs of sets of L = 1024, $0.1 \\le \\sigma \\le 1$) SDERF is within a small factor of ADERF in normal, sphere and heterogen and never worse than GERF; the variance formula (9) behind the curves is confirmed by sampling at figure points. On the real images (the real-data section's cache, every reasonable preprocessing) the same 'on par' rule (within $e^{0.5}$) fails in mnist: TrigRF has a smaller variance than SDERF at small and intermediate $\\sigma$ under every preprocessing (numbers in the data check); in cifar10 it depends on the pixel scaling, and in mnist/cifar10 SDERF is best or on par.",
       [W("SDERF vs ADERF vs GERF, paper protocol", "numeric", _fig_on_par, ex=("rfsym.derf_experiments.fig2_curves", _D + "log_relative_variance_np"),
          route="closed-form optima per pair of sets, log relative variance from (9)", control="'on par with GERF' in heterogen"),
        W("MC confirmation of (9) at figure points", "montecarlo", _fig_mc, ex=("rfsym.derf_experiments.fig2_mc_point", _V + "mc_moments"),
          route="200000 draws, d = 64", control="1.1 x (9)"),
        W("image regimes: SDERF vs every other family", "data", _rdc.check_derf_sec51_on_par,
          ex=("rfsym.realdata.derf_image_regime",),
          route="cached DERF image protocol on real MNIST / CIFAR-10, every reasonable preprocessing",
          control="the rule accepts a regime where SDERF is best (mnist/cifar10)")],
       severity="minor",
       correction="SDERFs outperform or are on par with GERF, ADERF and PosRF in every setup; in the mnist regime (real 8x8 MNIST) TrigRF has a smaller variance than SDERF at small and intermediate $\\sigma$ (by a factor between $e^{0.56}$ and $e^{1.59}$, whatever the resize and pixel scaling)."),
    _C("DERF-Fig1", "Fig. 1 (left), Venn diagram; Secs. 4.1-4.3",
       "PosRF $\\subset$ GERF; GERF $\\subset$ SADERF $\\subset$ ADERF $\\subset$ DERF; GERF $\\subset$ SDERF $\\subset$ DERF.",
       "verified", "Each inclusion realised explicitly; the residual of the DERF validity conditions is 0 at 45 digits; sampling every embedded family estimates $K$ (|z| <= 5), an SDERF with $C = -I$ is rejected.",
       [W("explicit embeddings", "numeric", _fig1_venn, ex=(_D + "as_derf_params", _D + "derf_conditions_residual"),
          route="residuals of the embeddings", control="SDERF with C = -I"),
        W("sampled features of every embedding", "montecarlo", _fig1_mc, ex=(_D + "as_derf_params_np", _V + "mc_moments"),
          route="200000 draws of couplings.sample per family, d = 3", control="SDERF with C = -I")],
       no_witness={"symbolic": "inclusions realised by substitution; the sympy moments of DERF-Thm4.1 cover every member"}),
    _C("DERF-Sec5.1-heterogen", "Sec. 5.1, text",
       "SDERFs are about $e^5$ times better than GERFs in heterogen.",
       "erratum", "With the paper's protocol the gain $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ grows with $\\sigma$ and reaches about 8.3 nats at $\\sigma = 1$ (about 5 only near $\\sigma = 0.5$). Read, as the Fig. 1 caption reads its own factors, as the gain over the plotted range, $e^5$ understates it by about $e^3$; a quantitative factor that misstates the measured one by $e^3$ is recorded as an erratum whichever its direction (the same rule as the real-data section's, 'about $e^k$' = $[k/2, 3k/2]$ nats: 8.28 is outside [2.5, 7.5]). A separate implementation of the two optima and variances (Lemma A.1, (7), Thm 4.3 in the eigenbasis of $N$) reproduces the figure's per-set gaps at $\\sigma = 1$ and gives the same size on fresh sets.",
       [W("gap vs sigma, paper protocol", "numeric", _fig_heterogen_gap, ex=("rfsym.derf_experiments.fig2_curves",),
          route="5 pairs of sets of L = 1024 per sigma", control="'about e^5' at sigma = 1"),
        W("separate implementation on the figure's and on fresh sets", "numeric", _heterogen_independent,
          ex=("rfsym.derf_experiments.fig2_gaps", _W + "gerf_sderf_gap"),
          route="optima from Lemma A.1 / Thm 4.3 and variances (7), (9) in the eigenbasis of N, written apart from derf.py",
          control="'about e^5' at sigma = 1")], severity="minor",
       no_witness={"montecarlo": "where the gain is about e^5 or more (sigma >= 0.5) the mean log relative variances are "
                                 "20 to 54 nats (fig2_curves): sampled second moments of such heavy-tailed products do "
                                 "not converge; (9) itself is sampled at figure points in DERF-Sec5.1",
                   "symbolic": "a mean over 10^6 data-dependent pairs; no closed form"},
       correction="In heterogen the SDERF gain over GERF grows with $\\sigma$ from $\\approx e^{0.3}$ at $\\sigma = 0.1$ to $\\approx e^{8}$ at $\\sigma = 1$ (d = 64, L = 1024)."),
    # --- data engineer's entries (MNIST / CIFAR-10 / UCI), unchanged ---
    Claim(id="DERF-Sec5.1-mnist",
          paper="DERF",
          location="Sec. 5.1 / Fig. 1-2, mnist regime",
          statement="About $e^5$ times better than GERF in mnist.",
          verdict="unverifiable",
          evidence=_rdc.evidence_derf_mnist(),
          notebook="realdata",
          label="realdata-derf-sec5-1-mnist"),
    Claim(id="DERF-Sec5.1-cifar",
          paper="DERF",
          location="Sec. 5.1 / Fig. 1 right, cifar10 and mnist/cifar10",
          statement="About $e^{10}$ times better than GERF in cifar10; about $e^5$ in mnist/cifar10; ADERF about $e^3$ better than GERF in mnist/cifar10.",
          verdict="erratum",
          evidence=_IMAGE_GAP_EVIDENCE,
          checks=_image_gap_checks(),
          severity="minor",
          correction=_IMAGE_GAP_CORRECTION,
          notebook="realdata",
          label="realdata-derf-sec5-1-cifar"),
    Claim(id="DERF-Fig3",
          paper="DERF",
          location="Sec. 5.2, Fig. 3",
          statement="On 8 UCI benchmarks, SDERF shows the best kernel-classification accuracy for most (benchmark, $M$) pairs and the best average.",
          verdict="unverifiable",
          evidence=_rdc.evidence_derf_fig3(),
          notebook="realdata",
          label="realdata-derf-fig3"),
    _C("DERF-Fig4", "Sec. 5.3.1, Fig. 4", "FAVOR# (SDERF) beats FAVOR++ on LibriSpeech Conformer-Transducer / NST for small $m$.",
       "unverifiable", "Requires training Conformer-Transducer models on LibriSpeech on TPUs; not reproducible here."),
    _C("DERF-Fig4-SDRF", "Sec. 5.3.1, Fig. 4 caption",
       "Comparison of FAVOR# using SDRF with FAVOR++ Performer ...",
       "erratum", "'SDRF' is defined nowhere in the paper; among the families it defines only SDERF is one letter away, and SDERF is the FAVOR# variant the text of Sec. 5.3.1 says the speech experiment of Fig. 4 uses (the GLUE variant SADERF is two letters away).",
       [W("the acronym against the families the paper defines", "arithmetic", _fig4_sdrf,
          route="edit distances from 'SDRF' to the 7 family names of Secs. 2.3-4.3 and to the 2 FAVOR# variants of Sec. 5.3",
          control="SADERF, the other FAVOR# variant")],
       severity="typo", correction="Comparison of FAVOR# using SDERF with FAVOR++ Performer ...",
       single_witness="a misprinted acronym: Fig. 4's curves are not in the text, so the only computable fact is which "
                      "defined family name the caption's 'SDRF' is a one-letter slip of"),
    _C("DERF-Tab1", "Sec. 5.3.2, Table 1", "GLUE dev results of FAVOR# (SADERF) vs other attention variants.",
       "unverifiable", "The numbers require BERT pre-training (1M steps, 8x8 TPUv3) and GLUE fine-tuning; their markings and ranks are checked in DERF-Tab1-marks and DERF-Sec5.3.2."),
    _C("DERF-Tab1-marks", "Sec. 5.3.2, Table 1 (bold = best, underline = second best)",
       "The bold and underlined entries of Table 1 are the best and second-best results per task.",
       "verified", "All 56 marks agree with the printed numbers (SST-2 has a shared second place).",
       [W("marks recomputed from the printed numbers", "arithmetic", _tab1_marks, ex=("rfsym.derf_experiments.table1_marks",),
          route="sorting each column", control="bold/underline swapped in QQP")],
       single_witness="the arithmetic of the printed numbers of Table 1 is the only route: the values come from BERT "
                      "training runs that cannot be repeated here, and recomputing the marks a second way re-sorts the same numbers"),
    _C("DERF-Sec5.3.2", "Sec. 5.3.2, text below Table 1",
       "On most tasks FAVOR# is the best or second best performing variant.",
       "verified", "FAVOR# is best or second best in 6 of the 8 reported tasks (best in 4); it is third in CoLA and fifth in STS-B.",
       [W("FAVOR# rank per task", "arithmetic", _tab1_favor_rank, ex=("rfsym.derf_experiments.table1_ranks",),
          route="competition ranking of the printed numbers", control="'best on most tasks'")],
       single_witness="a count over the printed Table 1 numbers; the underlying GLUE runs (BERT pre-training on TPUs) "
                      "cannot be repeated, so no second independent route exists"),
    _C("DERF-Sec5.3.2-GLUE", "Sec. 5.3.2, first paragraph",
       "The GLUE benchmark [46] consists of 8 different natural language understanding tasks.",
       "erratum", "GLUE [46] has 9 tasks; Table 1 reports 8 of them (WNLI is left out, as in the BERT paper). Severity minor, not typo: a wrong count about the benchmark that a reader would believe and cannot correct from the paper.",
       [W("task count", "arithmetic", _glue_count, route="the task list of [46] vs the table's columns",
          control="the table's column count")], severity="minor",
       single_witness="a count: the task list of GLUE [46] against the table's columns is the only fact to check",
       correction="GLUE consists of 9 tasks; Table 1 reports 8 of them (all but WNLI)."),
    _C("DERF-SecB.4.2", "App. B.4.2 (both appendix versions)",
       "We used the exact same hyperparameter-setup for all the baselines (FAVOR++, FAVOR+, ELU, ReLU) and FAVOR++.",
       "erratum", "The list names FAVOR++ twice and leaves FAVOR#, the method under test and the only other Performer row of Table 1, without a stated setup; the last name must be FAVOR#.",
       [W("the list against Table 1's Performer rows", "arithmetic", _b42_favor,
          route="set difference of Table 1's low-rank rows and the names of App. B.4.2", control="the printed list")],
       severity="typo", correction="... for all the baselines (FAVOR++, FAVOR+, ELU, ReLU) and FAVOR#.",
       single_witness="a misprinted method name: the only computable fact is which Table 1 system the sentence's list "
                      "leaves out; the hyperparameters themselves (Table 2) cannot be rerun"),
    _C("DERF-Sec6", "Sec. 6, Limitations",
       "Optimising the matrix parameters of general DERFs (Thm 4.1) could lead to further variance reductions.",
       "verified", "Numerical minimisation of (8) over general DERFs reaches a value below both the ADERF and SDERF optima on data set 1; the same search restricted to ADERFs does not. At both closed-form optima (8) has a non-zero slope (70 digits) along paths of valid general DERFs that leave the family, while directions inside ADERF are flat.",
       [W("general DERF search", "numeric", _sec6_general, ex=(_V + "family_minimum_np", _D + "aderf_optimum_np", _D + "sderf_optimum_np"),
          route="float64 BFGS over dense A and free B1", control="the search restricted to ADERF"),
        W("slopes of (8) along general-DERF paths at the optima, 70 digits", "numeric", _sec6_slopes,
          ex=(_W + "general_derf_slope", _D + "sderf_optimum", _D + "aderf_optimum"),
          route="central differences of the pair-by-pair average (8) with Thm 4.1 imposed along the path",
          control="directions inside ADERF (flat)")],
       no_witness={"symbolic": "a possibility statement about a d^2-parameter family; shown by descent directions at 70 digits",
                   "montecarlo": "no expectation beyond (9), which is sampled in DERF-Thm4.1"}),
]


#: Mutants of the mutation audit (``python -m rfsym audit --paper DERF``) that no check can or needs to
#: notice, with the reason (keys ``function`` or ``function:perturbation``).
AUDIT_EXPLAINED = {
    "rfsym.derf.variance_comparison": "a user-facing summary helper; no claim depends on it (tested in tests/test_derf.py).",
    "rfsym.derf_verify.closed_vs_direct": "the notebook's display of closed form vs direct average; the claims use the "
                                          "stationarity witnesses instead (tested in tests/test_derf.py).",
    "rfsym.derf_experiments.fig2_mc_point": "returns the exact value (9) and its sampled estimate together; a common "
                                            "factor (or sign) cancels in their z-test. The exact value is pinned by "
                                            "log_relative_variance_np and mc_moments, audited on their own.",
    "rfsym.derf_experiments.aderf_lead_vs_L:rel1e-2": "only the decrease of ADERF's lead with L is asserted (a finite-sample "
                                                      "effect); a common factor keeps the order.",
    "rfsym.derf.as_derf_params:sign": (
        "the audit perturbs the scalar D of the returned dict (the mpmath matrices A, B1, B2, C1, C2 are left "
        "alone); D -> -D flips the sign of both features, so every product f1 f2, its mean and variance, and "
        "every objective are unchanged: a symmetry of the estimator, not a defect a check could see"),
    "rfsym.derf.sample_regime": (
        "draws the data sets of a variance-comparison regime; the claims that use it compare the RF families on "
        "the same draws (gaps between families, SDERF <= GERF), which do not change when every point is "
        "rescaled by 1 + 1e-2 or reflected (all regimes are symmetric under x -> -x); the regime's definition is "
        "tested by the doctest and the tests of rfsym.derf"),
    # the independent routes of rfsym.derf_witnesses (not in the audit's target list; audited on request)
    "rfsym.derf_witnesses.stationarity": (
        "the witness measures |grad| (< 1e-30 at the optimum, > 0.1 at the wrong closed forms) and Hessian "
        "eigenvalues (> 0); scaling them by 1 + 1e-2 or 1e-3 moves no value across a threshold 20 orders away"),
    "rfsym.derf_witnesses.wrong_optimum": (
        "builds the control (a plausible wrong optimum); scaled by 1 + 1e-2 it is still wrong and still rejected, "
        "which is all a control has to be (its sign flip is caught)"),
    "rfsym.derf_witnesses.objective_mc:rel1e-3": (
        "a 1e-3 relative change of the sampled objective is below its Monte Carlo resolution (SE about 2e-3 "
        "relative at 400000 draws); the witness resolves a 5 % change of the (1-8A)^-1 coefficient at |z| >= 18"),
    "rfsym.derf_verify.perturbation_minimum_np": (
        "a one-sided search: its minimum only has to stay above the closed-form optimum, so a result scaled up "
        "by 1e-3 or 1e-2 is invisible by design (a sign flip is caught); optimality itself is decided by the "
        "90-digit stationarity and Hessian witness and by the BFGS search, which must also reach the optimum"),
}
