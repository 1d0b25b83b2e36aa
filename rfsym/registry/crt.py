"""Claims of "Chefs' Random Tables" (CRT), checked in ``notebooks/crt.md``.

Kernel: the Gaussian kernel exp(-||x-y||^2/2) throughout (as in the paper).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp
from scipy import integrate as _sint
from scipy import special as _ssp

from .. import crt
from ..claims import Check, Claim
from ..montecarlo import mean_of, variance_of, z_check
from ..precision import agreeing_digits as _agreeing_digits, to_mp

SEED = 20221128
_HET_GEOM_HOLDS = False  # decided by the numbers (see CRT-Sec5.1-heterogen)

_X3 = ["0.3", "-0.2", "0.25"]
_Y3 = ["0.1", "0.35", "-0.15"]


def agreeing_digits(a, b):
    """Agreeing digits, the difference taken at 60 working digits (not at the ambient precision)."""
    with mp.workdps(60):
        return _agreeing_digits(a, b)


def _f(v):
    return np.array([float(mpmath.mpf(t)) for t in v])


def _K(x, y):
    return math.exp(-0.5 * float(np.sum((_f(x) - _f(y)) ** 2)))


def _second_moment_mc(samples, var_exact, K, wrong_factor=1.1):
    """z-test of the sample mean of squares against Var + K^2, and a 10 % wrong variance."""
    r = mean_of(samples ** 2)
    ok = z_check(r, float(var_exact) + K * K)
    bad = z_check(r, wrong_factor * float(var_exact) + K * K)
    return ok, bad


# ============================================================================ Sec. 2

def _sec21_symbolic():
    x1, y1 = sp.symbols("x y", real=True)
    lhs = sp.exp(x1 * y1)
    rhs = sp.exp(x1 ** 2 / 2) * sp.exp(-(x1 - y1) ** 2 / 2) * sp.exp(y1 ** 2 / 2)
    diff = sp.simplify(lhs - rhs)
    return diff == 0, f"sympy: exp(x y) - exp(x^2/2) K(x,y) exp(y^2/2) simplifies to {diff} (per coordinate; the d-dim identity is the product)"


def _eq1_numeric():
    # TrigRF: f1 = exp(i w.x), f2 = exp(-i w.y). With the printed conjugate, E Re(f1 conj f2) = exp(-||x+y||^2/2).
    x, y = np.array([1.0, 0.5]), np.array([0.8, 0.2])
    rng = np.random.default_rng(SEED)
    W = rng.standard_normal((200_000, 2))
    f1 = np.exp(1j * W @ x)
    f2 = np.exp(-1j * W @ y)
    K = math.exp(-0.5 * np.sum((x - y) ** 2))
    Kplus = math.exp(-0.5 * np.sum((x + y) ** 2))
    with_conj = mean_of((f1 * np.conj(f2)).real)
    without = mean_of((f1 * f2).real)
    a = z_check(with_conj, K)
    b = z_check(with_conj, Kplus)
    c = z_check(without, K)
    ok = (not a.passed) and b.passed and c.passed
    return ok, (f"TrigRF at x=(1,0.5), y=(0.8,0.2), K={K:.6f}: printed E Re(f1 f2*) {a} -> rejected; "
                f"it equals exp(-||x+y||^2/2)={Kplus:.6f}: {b}; without conjugate E Re(f1 f2): {c}")


def _eq2_numeric():
    rng = np.random.default_rng(SEED + 1)
    L, d, M = 7, 3, 5
    X = rng.standard_normal((L, d)) * 0.4
    Y = rng.standard_normal((L, d)) * 0.4
    c = rng.standard_normal(L)
    W = rng.standard_normal((M, d))
    A = 0.05 + 0.07j
    F1 = crt.gerf_features(X, W, A, -1, 1)
    F2 = crt.gerf_features(Y, W, A, -1, 2)
    naive = np.array([sum(np.mean((F1[i] * F2[j]).real) * c[j] for j in range(L)) for i in range(L)])
    fast = (F1 @ (F2.T @ c)).real / M
    err = float(np.max(np.abs(naive - fast)) / np.max(np.abs(naive)))
    return err < 1e-12, f"double-sum form vs O(dML) form (2) for complex GERF features, L={L}, M={M}: max relative difference {err:.1e} (need < 1e-12)"


def _eq3_numeric():
    rng = np.random.default_rng(SEED + 2)
    L, d = 6, 4
    Q, Kk, V = (rng.standard_normal((L, d)) for _ in range(3))
    S = Q @ Kk.T / math.sqrt(d)
    soft = np.exp(S - S.max(1, keepdims=True))
    Y1 = (soft / soft.sum(1, keepdims=True)) @ V
    x, y = Q / d ** 0.25, Kk / d ** 0.25
    Ks = np.exp(x @ y.T)
    Y2 = np.diag(1 / (Ks @ np.ones(L))) @ Ks @ V
    err = float(np.max(np.abs(Y1 - Y2)))
    return err < 1e-12, f"softmax(QK^T/sqrt d)V vs diag(K_sfm 1)^-1 K_sfm V with x = d^(-1/4) q, y = d^(-1/4) k: max difference {err:.1e}"


def _trig_symbolic():
    e, S = crt.trig_variance_expr()
    u = S["u"]
    diff = sp.simplify(e - (1 - sp.exp(-u ** 2)) ** 2 / 2)
    return diff == 0, f"sympy integrates cos^2(w u) against N(0,1): Var = {e}; minus (1-K^2)^2/2 gives {diff} (u = x - y, d = 1; in d dims cos(w.(x-y)) has the same law with u = ||x-y||)"


def _trig_mc():
    rng = np.random.default_rng(SEED + 3)
    v = crt.estimator_samples("trig", _f(_X3), _f(_Y3), 200_000, rng)
    var = crt.trig_variance(_X3, _Y3, dps=20)
    ok, bad = _second_moment_mc(v, var, _K(_X3, _Y3))
    return ok.passed and not bad.passed, f"E[Re(f1 f2)^2] at d=3: {ok}; 1.1*Var rejected: z = {bad.z:+.1f}"


def _pos_symbolic():
    e, S = crt.pos_variance_expr()
    x, y = S["x"], S["y"]
    diff = sp.simplify(e - (sp.exp(4 * x * y) - sp.exp(-(x - y) ** 2)))
    return diff == 0, f"sympy: Var = {e}; minus (exp(4xy) - K^2) gives {diff} (d = 1; coordinates factorise)"


def _pos_mc():
    rng = np.random.default_rng(SEED + 4)
    v = crt.estimator_samples("pos", _f(_X3), _f(_Y3), 200_000, rng)
    var = crt.pos_variance(_X3, _Y3, dps=20)
    ok, bad = _second_moment_mc(v, var, _K(_X3, _Y3))
    return ok.passed and not bad.passed, f"E[(f1 f2)^2] at d=3: {ok}; 1.1*Var rejected: z = {bad.z:+.1f}"


def _eq4_numeric():
    Bt, Ct, Dt = crt.gerf_params(0, -1, 3, dps=20)
    Bp, Cp, Dp = crt.gerf_params(0, 1, 3, dps=20)
    ok = (Bt == mpmath.mpc(0, 1) and Ct == 0 and Dt == 1 and Bp == 1 and Cp == -1 and Dp == 1)
    v1 = crt.gerf_variance(_X3, _Y3, 0, -1, dps=20)
    v2 = crt.trig_variance(_X3, _Y3, dps=20)
    v3 = crt.gerf_variance(_X3, _Y3, 0, 1, dps=20)
    v4 = crt.pos_variance(_X3, _Y3, dps=20)
    dig = min(agreeing_digits(v1, v2), agreeing_digits(v3, v4))
    return ok and dig >= 20, (f"(5) at A=0: s=-1 gives (B,C,D)=({mpmath.nstr(Bt, 3)},{mpmath.nstr(Ct, 3)},{mpmath.nstr(Dt, 3)}) = TrigRF, "
                              f"s=+1 gives ({mpmath.nstr(Bp, 3)},{mpmath.nstr(Cp, 3)},{mpmath.nstr(Dp, 3)}) = PosRF; "
                              f"Eq. (6) at A=0 equals the Sec. 2.2 variances to {dig:.0f}+ digits")


def _sec1_mgf():
    # PosRF Z = exp(w.(x+y) - N): E[Z^k] = exp(k^2 s2/2 - k N); e^{theta Z} >= (theta Z)^k / k! for every k
    s2, N, theta = mpmath.mpf("0.25"), mpmath.mpf("0.25"), mpmath.mpf("0.01")   # x = (0.5), y = (0)
    with mp.workdps(30):
        lows = [k * mpmath.log(theta) + k * k * s2 / 2 - k * N - mpmath.loggamma(k + 1) for k in (100, 200, 400, 800)]
    unbounded = all(b > a for a, b in zip(lows, lows[1:])) and lows[-1] > 1000
    # OPRF: bounded (A* < 0) so every exponential moment is finite
    A = crt.oprf_a_star(1, s2, dps=20)
    sup = crt.oprf_feature_sup(["0.5"], ["0"], A, dps=20)
    return unbounded and A < 0, (f"PosRF, d=1, x=(0.5), y=(0), theta=0.01: log E[e^(theta Z)] >= log(theta^k E Z^k / k!) = "
                                 f"{', '.join(mpmath.nstr(v, 6) for v in lows)} for k = 100, 200, 400, 800 (unbounded: the MGF is infinite for every theta > 0); "
                                 f"OPRF at the same x=(0.5), y=(0): A* = {mpmath.nstr(A, 6)} < 0 and 0 <= Z <= {mpmath.nstr(sup, 8)}, so its MGF is finite")


# ============================================================================ Thm 3.1 / 3.2

_A_COMPLEX = ["0.05+0.07j", "-0.3+0.2j", "0.1-0.05j", "-1.5-0.8j"]


def _thm31_symbolic():
    e, S = crt.gerf_mean_expr()
    A, B, C, D, s, x, y = (S[k] for k in "ABCDsxy")
    out = []
    for sv in (1, -1):
        Bv = sp.sqrt(sv * (1 - 4 * A)) if sv == 1 else sp.I * sp.sqrt(1 - 4 * A)
        ev = e.subs({s: sv}).subs({B: Bv, C: -sp.Rational(sv + 1, 2), D: (1 - 4 * A) ** sp.Rational(1, 4)})
        out.append(sp.simplify(sp.powsimp(ev * sp.exp((x - y) ** 2 / 2), force=True) - 1))
    ok = all(o == 0 for o in out)
    return ok, (f"sympy Gaussian integral (16) per coordinate with (5) substituted (A < 1/4 real; s=-1 by analytic continuation B = i sqrt(1-4A)): "
                f"E[f1 f2]/K - 1 = {out[0]} (s=+1), {out[1]} (s=-1)")


def _gerf_mean_quad(x, y, A, s):
    """E[f1 f2] in d = 1 by mpmath quadrature of the feature product (principal roots)."""
    a = mpmath.mpc(to_mp(A, "A", complex_ok=True))
    B = mpmath.sqrt(s * (1 - 4 * a))
    C = -mpmath.mpf(s + 1) / 2
    D = mpmath.root(1 - 4 * a, 4)
    x, y = mpmath.mpf(x), mpmath.mpf(y)

    def f(w):
        return (D * mpmath.exp(a * w * w + B * w * x + C * x * x) * D * mpmath.exp(a * w * w + s * B * w * y + C * y * y)
                * mpmath.npdf(w))
    return mpmath.quad(f, [-mpmath.inf, -5, 0, 5, mpmath.inf])


def _thm31_numeric():
    worst = math.inf
    with mp.workdps(30):
        for A in _A_COMPLEX[:3]:
            for s in (1, -1):
                for x, y in (("0.7", "-0.3"), ("1.2", "0.9")):
                    q = _gerf_mean_quad(x, y, A, s)
                    K = mpmath.exp(-(mpmath.mpf(x) - mpmath.mpf(y)) ** 2 / 2)
                    worst = min(worst, agreeing_digits(q, K))
    return worst >= 25, f"d=1 quadrature of E[f1 f2] with principal roots, A in {_A_COMPLEX[:3]}, s = +-1, two (x, y) pairs: equals K to >= {worst:.1f} digits (need 25)"


def _thm31_mc():
    rng = np.random.default_rng(SEED + 5)
    lines, ok = [], True
    K = _K(_X3, _Y3)
    for A, s in ((0.05 + 0.07j, -1), (-0.3 + 0.2j, 1)):
        v = crt.estimator_samples("gerf", _f(_X3), _f(_Y3), 200_000, rng, A=A, s=s)
        r = mean_of(v)
        a, b = z_check(r, K), z_check(r, 1.1 * K)
        ok &= a.passed and not b.passed
        lines.append(f"A={A}, s={s:+d}: {a}; 1.1 K rejected z = {b.z:+.1f}")
    return ok, "d=3: " + "; ".join(lines)


def _eq17_numeric():
    worst = math.inf
    with mp.workdps(30):
        for al, be in (("0.7+0.4j", "0.3-1.1j"), ("2-1.5j", "-0.5+0.2j"), ("0.2+0.9j", "1j")):
            a, b = to_mp(al, "alpha", complex_ok=True), to_mp(be, "beta", complex_ok=True)
            q = mpmath.quad(lambda w: mpmath.exp(-a / 2 * (w - b) ** 2), [-mpmath.inf] + list(range(-40, 41, 2)) + [mpmath.inf])
            ex = mpmath.sqrt(2 * mpmath.pi) / mpmath.sqrt(a)
            worst = min(worst, agreeing_digits(q, ex))
    return worst >= 25, f"1-D quadrature of exp(-alpha (w-beta)^2/2) for three complex (alpha, beta) with Re alpha > 0 equals sqrt(2 pi)/sqrt(alpha) (principal) to >= {worst:.1f} digits"


def _var_quad_d1(x, y, A, s):
    a = mpmath.mpc(to_mp(A, "A", complex_ok=True))
    B = mpmath.sqrt(s * (1 - 4 * a))
    C = -mpmath.mpf(s + 1) / 2
    D = mpmath.root(1 - 4 * a, 4)
    x, y = mpmath.mpf(x), mpmath.mpf(y)

    def f(w):
        z = D * D * mpmath.exp(2 * a * w * w + B * w * (x + s * y) + C * (x * x + y * y))
        return mpmath.re(z) ** 2 * mpmath.npdf(w)
    m2 = mpmath.quad(f, [-mpmath.inf] + list(range(-40, 41, 2)) + [mpmath.inf])
    return m2 - mpmath.exp(-(x - y) ** 2)


def _thm32_symbolic():
    # real A < 1/8 written as A = (1-u)/8 with u = 1-8A > 0; then 1-4A = (1+u)/2 > 0 and the square root
    # in alpha_1 = alpha_3 is taken without a branch question: 1 + 16A^2/(1-8A) = (1-4A)^2/(1-8A)
    u = sp.Symbol("u", positive=True)
    out, lem, roots, wrong = [], [], [], []
    for sv in (1, -1):
        e, S = crt.gerf_variance_expr(sv)
        A, x, y = S["A"], S["x"], S["y"]
        sub = {A: (1 - u) / 8}
        Sx = (x + sv * y) ** 2
        a1 = sp.sqrt(1 + 16 * A ** 2 / (1 - 8 * A))   # = alpha_3
        a2 = sv + sv / (1 - 8 * A)
        a4 = sp.Rational(sv, 2) + (sv + 2 * (1 - 4 * A)) / (2 * (1 - 8 * A))   # |1-4A| = 1-4A for real A < 1/8
        R1, R3 = sp.symbols("R1 R3", positive=True)   # placeholders for alpha_1, alpha_3
        printed = sp.exp(-(sv + 1) * (x ** 2 + y ** 2)) / 2 * (R1 * sp.exp(a2 * Sx) + R3 * sp.exp(a4 * Sx)) - sp.exp(-(x - y) ** 2)
        lem.append(sp.simplify(1 + 16 * A ** 2 / (1 - 8 * A) - (1 - 4 * A) ** 2 / (1 - 8 * A)))
        # the radicand in u factors as (1+u)^2/(4u); its principal root is (1+u)/(2 sqrt u) = (1-4A)/sqrt(1-8A) since u > 0
        rad_u = sp.factor(sp.together((1 + 16 * A ** 2 / (1 - 8 * A)).subs(sub)))
        root_u = sp.sqrt(rad_u)
        roots.append(sp.simplify(root_u - (1 + u) / (2 * sp.sqrt(u))))
        roots.append(sp.simplify(a1.subs(sub) ** 2 - rad_u))    # same radicand as the printed alpha_1 = alpha_3
        pu = printed.subs(sub).subs({R1: root_u, R3: root_u})
        out.append(sp.simplify(sp.expand(sp.powsimp(sp.expand(e.subs(sub) - pu)))))
        # a deliberately wrong alpha_1 = alpha_3 (the square root dropped) is NOT equal to the derivation
        bad = printed.subs(sub).subs({R1: rad_u, R3: rad_u})
        wrong.append(sp.simplify(sp.expand(sp.powsimp(sp.expand(e.subs(sub) - bad)))))
    ok = all(v == 0 for v in out + lem + roots) and all(w != 0 for w in wrong)
    return ok, (f"sympy derives Var Re(f1 f2) for real A < 1/8, d = 1 (Gaussian integrals of f1^2 f2^2 and |f1 f2|^2). "
                f"With A = (1-u)/8, u > 0: 1 + 16A^2/(1-8A) - (1-4A)^2/(1-8A) = {lem[0]}, the radicand factors as (1+u)^2/(4u) and "
                f"sqrt of it - (1+u)/(2 sqrt u) = {roots[0]} (so alpha_1 = alpha_3 = (1-4A)/sqrt(1-8A) on the whole domain A < 1/8); "
                f"derivation minus the printed (6) with alpha_1..alpha_4 simplifies to {out[0]} (s=+1), {out[1]} (s=-1) symbolically "
                f"(no numeric fallback); with alpha_1 = alpha_3 missing the square root the difference is nonzero: {all(w != 0 for w in wrong)}")


def _thm32_numeric():
    worst = math.inf
    with mp.workdps(30):
        for A in _A_COMPLEX:
            for s in (1, -1):
                for x, y in (("0.7", "-0.3"), ("0.4", "0.9")):
                    q = _var_quad_d1(x, y, A, s)
                    v = crt.gerf_variance([x], [y], A, s, dps=25)
                    worst = min(worst, agreeing_digits(q, v))
    # alpha_1 written as ((1-4A)/sqrt(1-8A))^d: same branch for every A with Re(1-8A) > 0
    rng = np.random.default_rng(SEED + 6)
    branch = 0.0
    for _ in range(200):
        a = complex((1 - np.exp(rng.uniform(-3, 3))) / 8, rng.uniform(-5, 5))
        p1 = np.sqrt(1 + 16 * a * a / (1 - 8 * a))
        p2 = (1 - 4 * a) / np.sqrt(1 - 8 * a)
        branch = max(branch, abs(p1 - p2) / abs(p2))
    return worst >= 22 and branch < 1e-12, (
        f"d=1 quadrature of E[Re(f1 f2)^2] - K^2 vs Eq. (6) for A in {_A_COMPLEX}, s = +-1, two pairs: >= {worst:.1f} digits (need 22); "
        f"sqrt(1+16A^2/(1-8A)) = (1-4A)/sqrt(1-8A) (no branch flip) on 200 random A with Re(1-8A) > 0: max rel. diff {branch:.1e}")


def _thm32_mc():
    rng = np.random.default_rng(SEED + 7)
    K = _K(_X3, _Y3)
    lines, ok = [], True
    for A, s in (("0.03+0.05j", -1), ("-0.2+0.1j", 1), ("0.02-0.04j", 1)):
        v = crt.estimator_samples("gerf", _f(_X3), _f(_Y3), 300_000, rng, A=complex(A), s=s)
        var = crt.gerf_variance(_X3, _Y3, A, s, dps=20)
        a, b = _second_moment_mc(v, var, K)
        ok &= a.passed and not b.passed
        lines.append(f"A={A}, s={s:+d}: {a}; 1.1 Var rejected z = {b.z:+.1f}")
    return ok, "d=3 second moments: " + "; ".join(lines)


def _sec93_numeric():
    A, d = mpmath.mpc("-0.3", "0.4"), 3
    with mp.workdps(30):
        printed = ((1 - 4 * A) * (1 - 4 * A) / (1 - 8 * A.real)) ** (mpmath.mpf(d) / 2)
        fixed = ((1 - 4 * A) * (1 - 4 * mpmath.conj(A)) / (1 - 8 * A.real)) ** (mpmath.mpf(d) / 2)
        alpha3 = (1 + 16 * abs(A) ** 2 / (1 - 8 * A.real)) ** (mpmath.mpf(d) / 2)
    ok = abs(printed - alpha3) > 0.1 * abs(alpha3) and agreeing_digits(fixed, alpha3) >= 25
    return ok, (f"A=-0.3+0.4i, d=3: printed ((1-4A)(1-4A)/(1-8ReA))^(d/2) = {mpmath.nstr(printed, 8)} != alpha_3 = {mpmath.nstr(alpha3, 8)}; "
                f"with (1-4A)(1-4conj(A)) = |1-4A|^2: {mpmath.nstr(fixed, 8)} (agrees)")


# ============================================================================ Thm 3.3 (OPRF)

def _thm33_symbolic():
    r, g, S = crt.oprf_rho_star_expr()
    d, s2 = S["d"], S["s2"]
    printed22 = (sp.sqrt((2 * s2 + d) ** 2 + 8 * d * s2) - 2 * s2 - d) / (4 * s2)
    diff = sp.simplify(r - printed22)
    # variance in rho: substitute A = (1 - 1/rho)/8 into the real-A, s=+1 form of (6)
    A = sp.Symbol("A", real=True)
    rho = S["rho"]
    first = ((1 - 4 * A) / sp.sqrt(1 - 8 * A)) ** d * sp.exp(2 * (1 - 4 * A) / (1 - 8 * A) * s2)
    sub = sp.simplify(sp.log(first.subs(A, (1 - 1 / rho) / 8)) - (d * sp.log((rho + 1) / (2 * sp.sqrt(rho))) + (1 + rho) * s2))
    sub = sp.simplify(sp.expand_log(sub, force=True))
    return diff == 0 and sub == 0, (f"sympy solves g'(rho)=0: positive root minus Eq. (22) '+' root = {diff}; "
                                    f"change of variable rho = 1/(1-8A) in (6) reproduces the proof's g (difference {sub})")


def _thm33_numeric():
    # rho* is the global minimiser over rho in (0, inf): compare with a dense log-grid, whole domain
    worst = 0.0
    for d in (1, 2, 64, 1024):
        for s2 in (1e-8, 1e-2, 1.0, 100.0, 1e4, 1e8):
            r = float(crt.oprf_rho_star(d, repr(s2), dps=20))
            grid = np.exp(np.linspace(np.log(r) - 8, np.log(r) + 8, 40001))
            g = d * np.log((grid + 1) / (2 * np.sqrt(grid))) + grid * s2
            rg = grid[np.argmin(g)]
            worst = max(worst, abs(rg / r - 1))
    pin = crt.oprf_rho_star(64, 100, dps=31)
    pin_ok = mpmath.nstr(pin, 31).startswith("0.209252552484029235134023339361")
    return worst < 1e-3 and pin_ok, (f"grid minimiser of g(rho) vs rho* for d in (1,2,64,1024), s2 in 1e-8..1e8: max relative gap {worst:.1e} "
                                     f"(grid step 4e-4); pin rho*(64,100) = {mpmath.nstr(pin, 31)}")


def _thm33_mc():
    rng = np.random.default_rng(SEED + 8)
    x, y = ["0.5", "0.3", "-0.2", "0.4"], ["0.2", "0.6", "0.1", "0.3"]
    K = _K(x, y)
    v = crt.estimator_samples("oprf", _f(x), _f(y), 300_000, rng)
    var = crt.oprf_variance(x, y, dps=20)
    a, b = _second_moment_mc(v, var, K)
    m = z_check(mean_of(v), K)
    pv = crt.pos_variance(x, y, dps=20)
    return a.passed and m.passed and not b.passed, (f"d=4, ||x+y||^2={float(np.sum((_f(x)+_f(y))**2)):.2f}: mean {m}; second moment {a}; "
                                                   f"1.1 Var rejected z = {b.z:+.1f}; Var_OPRF/Var_PosRF = {float(var/pv):.4f}")


def _eq7_numeric():
    d, s2 = 64, 100
    with mp.workdps(30):
        printed = mpmath.sqrt((2 * s2 + d) ** 2 + 8 * d * s2 - 2 * s2 - d) / (4 * s2)
        correct = crt.oprf_rho_star(d, s2, dps=25)
        gp = d * mpmath.log((printed + 1) / (2 * mpmath.sqrt(printed))) + printed * s2
        gc = d * mpmath.log((correct + 1) / (2 * mpmath.sqrt(correct))) + correct * s2
    ok = abs(printed - correct) > 0.5 and gp > gc + 10
    return ok, (f"d=64, ||x+y||^2=100: printed (7) (sqrt over everything) = {mpmath.nstr(printed, 10)}; "
                f"(22) = {mpmath.nstr(correct, 10)}; log of the variance's first term: {mpmath.nstr(gp, 8)} vs {mpmath.nstr(gc, 8)} (+ common -2N)")


def _note33_numeric():
    lines = []
    okA = True
    for d in (1, 2, 64, 4096):
        for s2 in ("1e-30", "1e-6", "1", "100", "1e6", "1e30"):
            A = crt.oprf_a_star(d, s2, dps=20)
            okA &= A < 0
    small = crt.oprf_rho_star(64, "1e-20", dps=20)
    a0 = crt.oprf_a_star(64, "1e-20", dps=20)
    big = crt.oprf_rho_star(64, "1e20", dps=20)
    zero = crt.pos_variance(["0.3", "-1.2"], ["-0.3", "1.2"], dps=20)
    zo = crt.oprf_variance(["0.3", "-1.2"], ["-0.3", "1.2"], dps=20)
    mono = all(crt.oprf_log_variance_ratio(64, a, dps=15) > crt.oprf_log_variance_ratio(64, b, dps=15)
               for a, b in (("0.01", "0.1"), ("0.1", "1"), ("1", "10"), ("10", "100"), ("100", "1000")))
    grid = np.logspace(-4, 4, 4001)
    mono_np = all(bool(np.all(np.diff(crt.oprf_log_variance_ratio_np(d, grid)) < 0)) for d in (1, 2, 8, 64, 1024))
    mono = mono and mono_np
    ok = okA and abs(small - 1) < 1e-18 and abs(a0) < 1e-20 and big < 1e-18 and zero == 0 and zo == 0 and mono
    return ok, (f"A* < 0 for d in (1,2,64,4096), s2 in 1e-30..1e30: {okA}; rho*(64, 1e-20) - 1 = {mpmath.nstr(small - 1, 3)}, "
                f"A*(64,1e-20) = {mpmath.nstr(a0, 3)}; rho*(64, 1e20) = {mpmath.nstr(big, 3)} (-> 0, A* -> -inf); "
                f"x = -y: Var_PosRF = {zero}, Var_OPRF = {zo}; mu(d, s2) strictly decreasing in s2 (mpmath at d=64, s2 = 0.01..1000; float64 grid of 4001 points in 1e-4..1e4 for d in 1,2,8,64,1024): {mono}")


def _sec31_pos():
    ok = True
    for A in ("-10", "-0.4", "0", "0.1", "0.12"):
        B, C, D = crt.gerf_params(A, 1, 5, dps=20)
        ok &= all(mpmath.im(v) == 0 and mpmath.re(v) > 0 for v in (B, D)) and mpmath.im(C) == 0
    rng = np.random.default_rng(SEED + 9)
    W = rng.standard_normal((20000, 5))
    X = rng.standard_normal((50, 5)) * 2
    F = crt.gerf_features(X, W, -0.4, 1, 1)
    pos = bool(np.all(F.real > 0) and np.all(F.imag == 0))
    return ok and pos, f"(5) with real A in (-10, -0.4, 0, 0.1, 0.12), s=+1, d=5: B, C, D real and B, D > 0: {ok}; 1e6 sampled features real and > 0: {pos}"


# ============================================================================ Fig. 1 right

def _fig1_numeric():
    mu = crt.oprf_log_variance_ratio(64, 100, dps=20)
    s2 = np.logspace(-4, 3, 60)
    worst = 0.0
    for d in (16, 64, 256):
        cur = crt.oprf_log_variance_ratio_np(d, s2)
        for i in (0, 20, 40, 59):
            ref = float(crt.oprf_log_variance_ratio(d, repr(float(s2[i])), dps=20))
            worst = max(worst, abs(cur[i] - ref))
    return mu < -60 and worst < 1e-9, (f"mu(64, 100) = log(Var_OPRF/Var_PosRF) = {mpmath.nstr(mu, 12)} < -60, i.e. OPRF variance "
                                        f"e^{float(-mu):.2f} times smaller; float64 curve vs mpmath (d in 16,64,256; s2 in 1e-4..1e3): max abs. error {worst:.1e}")


def _fig1_mc():
    rng = np.random.default_rng(SEED + 10)
    x, y = ["0.6", "0.2"], ["0.4", "0.5"]
    K = _K(x, y)
    vo = crt.estimator_samples("oprf", _f(x), _f(y), 400_000, rng)
    vp = crt.estimator_samples("pos", _f(x), _f(y), 400_000, rng)
    ro, rp = variance_of(vo), variance_of(vp)
    eo, ep = crt.oprf_variance(x, y, dps=20), crt.pos_variance(x, y, dps=20)
    a, b = z_check(ro, eo), z_check(rp, ep)
    mu = float(crt.oprf_log_variance_ratio(2, float(np.sum((_f(x) + _f(y)) ** 2)), dps=15))
    mu_mc = math.log(ro.estimate / rp.estimate)
    wrong = z_check(ro, float(ep))  # OPRF sample variance tested against the PosRF value
    return a.passed and b.passed and not wrong.passed, (f"d=2, s2=1.1: sample Var OPRF {a}; PosRF {b}; mu exact {mu:.4f}, "
                                                         f"MC {mu_mc:.4f}; OPRF sample variance vs PosRF value rejected z = {wrong.z:+.1f}")


# ============================================================================ Eq. (8), (12), (14)

def _stat_sets(rng, L=6, d=3):
    X = [[Fraction(int(v), 7) for v in rng.integers(-9, 10, d)] for _ in range(L)]
    Y = [[Fraction(int(v), 5) for v in rng.integers(-9, 10, d)] for _ in range(L)]
    return X, Y


def _eq8_exact():
    rng = np.random.default_rng(SEED + 11)
    ok = True
    for _ in range(5):
        X, Y = _stat_sets(rng)
        for s in (1, -1):
            brute = sum(sum((a + s * b) ** 2 for a, b in zip(x, y)) for x in X for y in Y) / Fraction(len(X) ** 2)
            ok &= brute == crt.homogeneity_statistic(X, Y, s)
    return ok, "exact rational arithmetic: O(Ld) formula (8) equals the O(L^2 d) average of ||x_i + s y_j||^2 on 5 random rational sets (L=6, d=3), s = +-1"


def _eq12_exact():
    rng = np.random.default_rng(SEED + 12)
    ok = True
    for _ in range(5):
        X, Y = _stat_sets(rng)
        brute = sum(sum((a * b) ** 2 for a, b in zip(x, y)) for x in X for y in Y) / Fraction(len(X) ** 2)
        ok &= brute == crt.poisson_statistic(X, Y)
    return ok, "exact rationals: (12) equals the brute-force pair average of sum_l x_l^2 y_l^2 on 5 random sets"


def _eq14_exact():
    rng = np.random.default_rng(SEED + 13)
    ok = True
    for _ in range(5):
        X, Y = _stat_sets(rng)
        brute = [sum(abs(x[l] * y[l]) for x in X for y in Y) / Fraction(len(X) ** 2) for l in range(3)]
        ok &= list(crt.geometric_statistic(X, Y)) == brute
    return ok, "exact rationals: (14) equals the brute-force pair average of |x_l y_l| per coordinate on 5 random sets"


# ============================================================================ DIRFs

def _eq9_symbolic():
    k = sp.Symbol("k", integer=True, nonnegative=True)
    x, y = sp.symbols("x y", real=True)
    lam = sp.Symbol("lam", positive=True)
    q = sp.Symbol("q", positive=True)
    pk_pois = sp.exp(-lam) * lam ** k / sp.factorial(k)
    pk_geom = (1 - q) * q ** k
    out = []
    for pk in (pk_pois, pk_geom):
        term = sp.simplify(pk * (x ** k * y ** k / (pk * sp.factorial(k))))
        out.append(sp.simplify(sp.summation(term, (k, 0, sp.oo)) - sp.exp(x * y)))
    return all(o == 0 for o in out), f"sympy: sum_k p_k x^k y^k/(p_k k!) - exp(xy) = {out[0]} (Poisson), {out[1]} (geometric, q = 1-p)"


def _eq9_mc():
    rng = np.random.default_rng(SEED + 14)
    x, y = ["0.5", "-0.4", "0.8"], ["0.6", "-0.2", "0.3"]
    K = _K(x, y)
    v = crt.estimator_samples("geometric", _f(x), _f(y), 300_000, rng, p=0.5)
    a, b = z_check(mean_of(v), K), z_check(mean_of(v), 1.1 * K)
    v2 = crt.estimator_samples("poisson", _f(x), _f(y), 300_000, rng, lam=0.4)
    c = z_check(mean_of(v2), K)
    return a.passed and c.passed and not b.passed, f"d=3 (signs mixed): GeomRF mean {a}; PoisRF mean {c}; 1.1 K rejected z = {b.z:+.1f}"


def _eq10_symbolic():
    k = sp.Symbol("k", integer=True, nonnegative=True)
    lam, q = sp.symbols("lam q", positive=True)   # q = 1 - p
    p = 1 - q
    pois = sp.simplify(sp.powsimp((sp.exp(-lam) * lam ** k / sp.factorial(k)) ** sp.Rational(-1, 2) * sp.factorial(k) ** sp.Rational(-1, 2)
                                  / (sp.exp(lam / 2) * lam ** (-k / 2)), force=True))
    geom = sp.simplify(sp.powsimp((p * q ** k) ** sp.Rational(-1, 2) * sp.factorial(k) ** sp.Rational(-1, 2)
                                  / (p ** sp.Rational(-1, 2) * q ** (-k / 2) * sp.factorial(k) ** sp.Rational(-1, 2)), force=True))
    return pois == 1 and geom == 1, f"sympy: (p_k k!)^(-1/2) / (e^(lam/2) lam^(-k/2)) = {pois} (Poisson); / (p^(-1/2)(1-p)^(-k/2)(k!)^(-1/2)) = {geom} (geometric): Sec. 3.2.1/3.2.2 features are (10)"


def _thm34_symbolic():
    e, S = crt.poisson_variance_expr()
    lam, x, y = S["lam"], S["x"], S["y"]
    diff = sp.simplify(e - sp.exp(lam + x ** 2 * y ** 2 / lam))
    return diff == 0, f"sympy sums E[f^2(x) f^2(y)] per coordinate (times e^(-x^2-y^2)): {e}; product over l gives exp(lam d + sum x_l^2 y_l^2/lam - N): difference {diff}"


def _thm34_numeric():
    x, y, lam = ["0.5", "-1.2", "0.8"], ["0.6", "0.7", "-1.5"], "0.9"
    with mp.workdps(30):
        xv = [mpmath.mpf(t) for t in x]
        yv = [mpmath.mpf(t) for t in y]
        l = mpmath.mpf(lam)
        prod = mpmath.mpf(1)
        for a, b in zip(xv, yv):
            # E over omega_l ~ Poisson(l) of (f_l(x) f_l(y))^2, f_l = e^{l/2} x^k l^{-k/2}
            prod *= mpmath.nsum(lambda k: mpmath.exp(-l) * l ** k / mpmath.factorial(k) * (mpmath.exp(2 * l) * (a * b) ** (2 * k) * l ** (-2 * k)), [0, mpmath.inf])
        direct = prod * mpmath.exp(-sum(a * a for a in xv) - sum(b * b for b in yv)) - mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)))
    v = crt.poisson_variance(x, y, lam, dps=25)
    dig = agreeing_digits(direct, v)
    return dig >= 25, f"direct series of E[(f(x)f(y))^2] over Poisson omega (d=3) minus K^2 vs Eq. (11): {dig:.1f} digits"


def _thm34_mc():
    rng = np.random.default_rng(SEED + 15)
    x, y = ["0.5", "-0.4", "0.3"], ["0.6", "-0.2", "0.45"]
    lam = float(crt.poisson_lambda_star(x, y, dps=15))
    v = crt.estimator_samples("poisson", _f(x), _f(y), 400_000, rng, lam=lam)
    var = crt.poisson_variance(x, y, repr(lam), dps=20)
    a, b = _second_moment_mc(v, var, _K(x, y))
    return a.passed and not b.passed, f"d=3 at lambda* = {lam:.5f}: {a}; 1.1 Var rejected z = {b.z:+.1f}"


def _lam_symbolic():
    lam, d, q = sp.symbols("lam d q", positive=True)
    h = lam * d + q / lam
    sol = sp.solve(sp.diff(h, lam), lam)
    conv = sp.simplify(sp.diff(h, lam, 2))
    ok = sol == [sp.sqrt(q / d)] and conv.is_positive
    return ok, f"sympy: d/dlam (lam d + Q/lam) = 0 at {sol}; second derivative {conv} > 0 for Q > 0 (= 0 when Q = 0: linear, no interior minimum)"


def _lam_numeric():
    x, y = ["0.5", "-1.2", "0.8"], ["0.6", "0.7", "-1.5"]
    ls = crt.poisson_lambda_star(x, y, dps=20)
    v0 = crt.poisson_variance(x, y, ls, dps=20)
    grid_ok = all(crt.poisson_variance(x, y, ls * mpmath.mpf(f), dps=20) > v0 for f in ("0.5", "0.9", "0.99", "1.01", "1.1", "2"))
    # edge of the domain: x_l y_l = 0 for all l -> lambda* = 0 not admissible
    try:
        crt.poisson_lambda_star(["1", "0"], ["0", "1"])
        edge_raises = False
    except ValueError:
        edge_raises = True
    vs = [crt.poisson_variance(["1", "0"], ["0", "1"], l, dps=15) for l in ("1", "0.1", "0.001", "1e-9")]
    decreasing = all(a > b for a, b in zip(vs, vs[1:]))
    return grid_ok and edge_raises and decreasing, (
        f"lambda* = {mpmath.nstr(ls, 12)} beats lambda* x (0.5,...,2): {grid_ok}; counter-case x=(1,0), y=(0,1) (sum x^2 y^2 = 0): "
        f"printed lambda* = 0 is outside lambda > 0 and Var(lambda) = {', '.join(mpmath.nstr(v, 6) for v in vs)} for lambda = 1, 0.1, 1e-3, 1e-9 keeps decreasing (no minimum)")


def _thm35_symbolic():
    e, S = crt.geometric_variance_expr()
    q, u = S["q"], S["u"]
    diff = sp.simplify(e - sp.besseli(0, 2 * u / sp.sqrt(q)) / (1 - q))
    return diff == 0, f"sympy sums the per-coordinate factor p^-2 sum_k p q^k (k!)^-2 (u/q)^(2k) (q = 1-p, u = |x_l y_l|) = {e}; minus p^-1 I0(2u/sqrt(1-p)): {diff}"


def _thm35_numeric():
    x, y, p = ["0.5", "-1.2", "0.8"], ["0.6", "0.7", "-1.5"], "0.35"
    with mp.workdps(30):
        pp = mpmath.mpf(p)
        prod = mpmath.mpf(1)
        for a, b in zip(map(mpmath.mpf, x), map(mpmath.mpf, y)):
            prod *= mpmath.nsum(lambda k: pp * (1 - pp) ** k * (a * b) ** (2 * k) / (pp ** 2 * (1 - pp) ** (2 * k) * mpmath.factorial(k) ** 2), [0, mpmath.inf])
        xv, yv = list(map(mpmath.mpf, x)), list(map(mpmath.mpf, y))
        direct = prod * mpmath.exp(-sum(a * a for a in xv) - sum(b * b for b in yv)) - mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)))
    v = crt.geometric_variance(x, y, p, dps=25)
    dig = agreeing_digits(direct, v)
    return dig >= 25, f"direct series over geometric omega (d=3, p=0.35) vs Eq. (13): {dig:.1f} digits"


def _thm35_mc():
    rng = np.random.default_rng(SEED + 16)
    x, y = ["0.5", "-0.4", "0.3"], ["0.6", "-0.2", "0.45"]
    p = 0.6
    v = crt.estimator_samples("geometric", _f(x), _f(y), 400_000, rng, p=p)
    var = crt.geometric_variance(x, y, "0.6", dps=20)
    a, b = _second_moment_mc(v, var, _K(x, y))
    return a.passed and not b.passed, f"d=3, p=0.6: {a}; 1.1 Var rejected z = {b.z:+.1f}"


def _sec96_numeric():
    x, y = ["0.5", "-1.2"], ["0.6", "0.7"]
    with mp.workdps(30):
        p = mpmath.mpf("0.35")
        xv, yv = list(map(mpmath.mpf, x)), list(map(mpmath.mpf, y))
        K2 = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)))
        N = sum(a * a for a in xv) + sum(b * b for b in yv)
        facs = []
        for a, b in zip(xv, yv):
            e1 = mpmath.nsum(lambda k: p * (1 - p) ** k / mpmath.factorial(k) ** 2 * ((a * b) / (1 - p)) ** (2 * k), [0, mpmath.inf])
            e0 = mpmath.nsum(lambda k: p * (1 - p) ** k / mpmath.factorial(k) ** 2, [0, mpmath.inf])
            facs.append((e1, e0))
        literal = p ** (-4) * mpmath.exp(-N) * mpmath.fprod(e1 - K2 * e0 for e1, e0 in facs)
        correct = p ** (-4) * mpmath.exp(-N) * mpmath.fprod(e1 for e1, e0 in facs) - K2
    v = crt.geometric_variance(x, y, "0.35", dps=25)
    ok = agreeing_digits(correct, v) >= 20 and abs(literal - v) > 1e-3 * abs(v)
    return ok, (f"d=2, p=0.35: second line of the proof read literally (K^2 inside the product) = {mpmath.nstr(literal, 10)}; "
                f"with -K^2 outside = {mpmath.nstr(correct, 10)} = Eq. (13) {mpmath.nstr(v, 10)}")


def _eq11ref_numeric():
    from scipy import optimize as _opt
    # the printed reading: minimise (11) over p. (11) is the PoisRF variance; its symbolic form has no p (or q = 1-p)
    e11, S11 = crt.poisson_variance_expr()
    e13, S13 = crt.geometric_variance_expr()
    free11 = sorted(str(s) for s in e11.free_symbols)
    free13 = sorted(str(s) for s in e13.free_symbols)
    x, y = ["0.5", "-0.8", "0.3"], ["0.6", "0.7", "-1.1"]
    lam = crt.poisson_lambda_star(x, y, dps=20)
    # (11) "as a function of p": the same value whatever p is (degenerate objective, every p is a minimiser)
    v11 = {p: crt.poisson_variance(x, y, lam, dps=20) for p in ("0.3", "0.6")}
    flat11 = v11["0.3"] == v11["0.6"]
    # the correction: (13) changes with p, and p* minimises it
    v13 = {p: crt.geometric_variance(x, y, p, dps=20) for p in ("0.3", "0.6")}
    moves13 = abs(v13["0.3"] - v13["0.6"]) > mpmath.mpf("1e-3") * abs(v13["0.3"])
    pstar = crt.geometric_p_star(x, y, dps=20)
    fv = lambda q: float(crt.geometric_variance(x, y, repr(float(q)), dps=15))
    grid = np.linspace(0.005, 0.995, 199)
    gv = np.array([fv(q) for q in grid])
    pg = float(grid[np.argmin(gv)])
    res = _opt.minimize_scalar(fv, bounds=(1e-3, 1 - 1e-3), method="bounded", options={"xatol": 1e-9})
    vstar = crt.geometric_variance(x, y, pstar, dps=20)
    below_grid = float(vstar) <= gv.min() * (1 + 1e-12)
    # a wrong minimiser fails the same test: p* +- 0.05 gives a strictly larger (13)
    wrong = [crt.geometric_variance(x, y, pstar + mpmath.mpf(dp), dps=20) for dp in ("0.05", "-0.05")]
    wrong_fails = all(w > vstar for w in wrong)
    ok = (not any(n in ("p", "q") for n in free11) and "q" in free13 and flat11 and moves13
          and abs(pg - float(pstar)) <= 0.005 and abs(res.x - float(pstar)) < 1e-5 and below_grid and wrong_fails)
    return ok, (f"sympy: free symbols of the per-coordinate factor of (11): {free11} (no p), of (13): {free13} (q = 1-p). "
                f"x=(0.5,-0.8,0.3), y=(0.6,0.7,-1.1): (11) at lambda={mpmath.nstr(lam, 8)} is {mpmath.nstr(v11['0.3'], 12)} for p=0.3 and "
                f"{mpmath.nstr(v11['0.6'], 12)} for p=0.6 (identical: minimising (11) over p is degenerate); "
                f"(13) is {mpmath.nstr(v13['0.3'], 10)} at p=0.3 and {mpmath.nstr(v13['0.6'], 10)} at p=0.6; "
                f"geometric_p_star = {mpmath.nstr(pstar, 12)}, grid (199 points on [0.005, 0.995]) argmin of (13) {pg:.3f}, "
                f"scipy minimize_scalar on (13) {res.x:.8f}; (13) at p* = {mpmath.nstr(vstar, 10)} <= grid minimum {gv.min():.10g}; "
                f"p* +- 0.05 rejected (larger (13): {', '.join(mpmath.nstr(w, 10) for w in wrong)})")


def _pstar_numeric():
    a = np.array([0.3, 1.2, 0.05, 2.0])
    p_np = crt.geometric_p_star_np(a)
    x = ["0.3", "1.2", "0.05", "2"]
    y = ["1", "1", "1", "1"]
    p_mp = crt.geometric_p_star(x, y, dps=20)
    grid = np.linspace(1e-4, 1 - 1e-4, 20001)
    vals = np.array([crt._geom_obj_np(q, a) for q in grid])
    pg = grid[np.argmin(vals)]
    ends = crt._geom_obj_np(1e-9, a) > vals.min() + 5 and crt._geom_obj_np(1 - 1e-9, a) > vals.min() + 5
    ok = abs(p_np - float(p_mp)) < 1e-8 and abs(pg - p_np) < 1e-4 and ends
    return ok, (f"|x_l y_l| = {a.tolist()}: Brent p* = {p_np:.10f}, mpmath stationary point {mpmath.nstr(p_mp, 12)}, "
                f"global grid minimiser {pg:.5f}; objective -> +inf at p -> 0 and p -> 1: {ends}")


def _sec323():
    rng = np.random.default_rng(SEED + 17)
    X, Y = _stat_sets(rng)
    eps = Fraction(1, 10 ** 8)
    c = [min(min(X[i][l], Y[i][l]) for i in range(len(X))) - eps for l in range(3)]
    Xh = [[a - cl for a, cl in zip(x, c)] for x in X]
    Yh = [[b - cl for b, cl in zip(y, c)] for y in Y]
    same = all(sum((a - b) ** 2 for a, b in zip(X[i], Y[j])) == sum((a - b) ** 2 for a, b in zip(Xh[i], Yh[j]))
               for i in range(len(X)) for j in range(len(Y)))
    pos = all(v > 0 for r in Xh + Yh for v in r)
    # features of the shifted inputs are positive and unbiased
    x, y = np.array([float(v) for v in Xh[0]]), np.array([float(v) for v in Yh[1]])
    x, y = x / 3, y / 3
    K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
    v = crt.estimator_samples("geometric", x, y, 300_000, rng, p=0.5)
    a = z_check(mean_of(v), K)
    b = z_check(mean_of(v), 1.1 * K)
    return same and pos and bool(np.all(v > 0)) and a.passed and not b.passed, (
        f"exact rationals: ||x^ - y^|| = ||x - y|| for all pairs: {same}; shifted entries > 0: {pos}; "
        f"GeomRF+ samples all > 0: {bool(np.all(v > 0))}; unbiased: {a}; 1.1 K rejected z = {b.z:+.1f}")


# ============================================================================ Thm 4.1 / 9.1

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


def _thm41_mc():
    rng = np.random.default_rng(SEED + 18)
    x, y = np.array([0.5, 0.4, -0.2, 0.3]), np.array([0.6, 0.3, 0.1, 0.5])
    s2 = float(np.sum((x + y) ** 2))
    K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
    lines, ok = [], True
    for A in (None, 0.0):
        z1, z2 = _orth_pairs_mc(x, y, 300_000, rng, A=A)
        r = mean_of(z1 * z2)
        ex = K * K * float(crt.orthogonal_pair_moment(4, repr(s2), dps=15))
        a, b = z_check(r, ex), z_check(r, K * K)
        ok &= a.passed and not b.passed
        lines.append(f"A={'A*' if A is None else A}: E[Z1 Z2] {a}; i.i.d. value K^2 = {K*K:.5f} rejected z = {b.z:+.1f}")
    return ok, f"d=4, s2={s2:.2f}, orthogonal pairs (Haar): " + "; ".join(lines) + " -> exact formula K^2 e^(-s2) 1F1(d; d/2; s2/2)"


@functools.lru_cache(maxsize=None)
def _thm41_numeric():
    worst = math.inf
    for d in (2, 3, 4, 16, 64, 1024):
        for s2 in ("1e-8", "1e-3", "0.5", "1", "10", "100", "1000"):
            for M in sorted({2, d}):
                xx = ["0"] * (d - 1) + [str(mpmath.sqrt(mpmath.mpf(s2)))]
                gap = crt.orthogonal_gap(xx, ["0"] * d, M, dps=20)
                lb = crt.orthogonal_gap_lower_bound(xx, ["0"] * d, M, dps=20)
                worst = min(worst, float(gap / lb))
    return worst >= 1 - 1e-15, (f"exact gap Var_iid - Var_ort divided by the Thm 9.1 bound (1-1/M) 2/(d+2) F^2 over d in (2,3,4,16,64,1024), "
                                f"s2 in 1e-8..1000, M in {{2, d}}: minimum ratio {worst:.10f} (>= 1; -> 1 as s2 -> 0, the bound is tight)")


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
    ok = step_i and step_j and decreasing and b11 == 0 and wrong_fails
    worst = math.inf
    for d in (2, 3, 5, 64, 1000):
        av = sp.Rational(d, 2)
        for ii in range(1, 12):
            for jj in range(1, 12):
                val = 1 - sp.rf(av, ii) * sp.rf(av, jj) / sp.rf(av, ii + jj) - sp.Rational(2, d + 2)
                worst = min(worst, float(val))
    return ok and worst >= 0, (f"sphere moment ratio E[t1^2i t2^2j]/(E t^2i E t^2j) = ratio(i,j) = (a)_i (a)_j/(a)_(i+j), a = d/2 > 0; sympy: "
                               f"ratio(i+1,j)/ratio(i,j) = {ri}, 1 - it = {dec_i} > 0: {bool(dec_i.is_positive)}; ratio(i,j+1)/ratio(i,j) = {rj}, "
                               f"1 - it = {dec_j} > 0: {bool(dec_j.is_positive)} (i, j >= 1 integers); so the maximum over i, j >= 1 is ratio(1,1) = {r11} = d/(d+2) "
                               f"and 1 - ratio(1,1) - 2/(d+2) = {b11}: the termwise inequality (32) holds for every d. A larger constant 2/(d+1) fails: "
                               f"1 - ratio(1,1) - 2/(d+1) = {wrong} < 0: {wrong_fails}. Exact rationals agree: min over i,j in 1..11, "
                               f"d in (2,3,5,64,1000) of 1 - ratio - 2/(d+2) = {worst:.3g} >= 0")


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
    ok = id_ok and p_ok.passed and not p_bad.passed and f_ok.passed and not f_bad.passed
    return ok, (f"x=(0.5,0.4), y=(0.3,-0.1), OPRF A*={A:.6f}, C=-1: exactly E g = e^(s2/2) e^(-2N) = {mpmath.nstr(mean_printed, 10)} = e^(-N) K with the printed 2C, "
                f"e^(s2/2) e^(-N) = {mpmath.nstr(mean_fixed, 10)} = K with C. 200000 sampled printed g(a, b): mean vs e^(-N) K {p_ok}; "
                f"vs K rejected z = {p_bad.z:+.1f}. Same draws with C: mean vs K {f_ok}; vs e^(-N) K rejected z = {f_bad.z:+.1f}")


def _eq33_numeric():
    x, y = ["0.8", "0.6", "0"], ["0.5", "0", "0.2"]
    gap = crt.orthogonal_gap(x, y, 3, dps=20)
    lb = crt.orthogonal_gap_lower_bound(x, y, 3, dps=20)
    strict = gap > lb * (1 + mpmath.mpf("1e-3"))
    # the correction ('>=') over the domain: the same exact-gap / bound scan as CRT-Thm4.1 (cached)
    ge_ok, ge_ev = _thm41_numeric()
    return strict and ge_ok, (f"printed '=' fails: d=3, M=3: exact Var_iid - Var_ort = {mpmath.nstr(gap, 10)} > (1-1/M) 2/(d+2) F^2 = {mpmath.nstr(lb, 10)} "
                              f"(the last step of (33) is an inequality inherited from (32)); the correction '>=' holds: {ge_ev}")


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
    for dd, MM in ((2, 3), (2, 4), (3, 7), (4, 9), (16, 40)):
        for s2 in ("1e-6", "0.5", "5", "50"):
            xx = ["0"] * (dd - 1) + [str(mpmath.sqrt(mpmath.mpf(s2)))]
            full, rest = divmod(MM, dd)
            fac = (full * dd * (dd - 1) + rest * (rest - 1)) / MM ** 2
            g = crt.orthogonal_gap(xx, ["0"] * dd, MM, dps=15)
            lb = crt.orthogonal_gap_lower_bound(xx, ["0"] * dd, MM, dps=15) * fac / (1 - 1 / MM)
            worst = min(worst, float(g / lb))
    ok = a.passed and b.z > 5 and gap < printed and worst >= 1 - 1e-12
    return ok, (f"d=2, M=4 (two independent orthogonal blocks), x=y=(0.5,0): Var_iid/M = {var_iid:.6f}, exact gap {gap:.6f} "
                f"< printed (1-1/M) 2/(d+2) F^2 = {printed:.6f}; sampled Var(K_M^ort) {a}; the printed upper limit "
                f"Var_iid/M - bound = {var_iid - printed:.6f} is exceeded at z = {b.z:+.1f}. With the factor sum_b m_b(m_b-1)/M^2 "
                f"(corrected bound {corrected:.6f}) the inequality holds: min exact/corrected over (d, M) in "
                f"((2,3),(2,4),(3,7),(4,9),(16,40)), s2 in 1e-6..50: {worst:.6f}")


def _thm41_C_numeric():
    d, M = 4, 4
    rows, ok = [], True
    with mp.workdps(30):
        fac = (1 - mpmath.mpf(1) / M) * 2 / mpmath.mpf(d + 2)
        F2_0 = None
        for t in ("0", "2", "5"):
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
            ok &= bool(holds and const_fails)
            rows.append(f"t={t}: gap {mpmath.nstr(gap, 5)}, F^2 = e^(-2N)(e^(s2/2)-1)^2 = {mpmath.nstr(F2, 5)} "
                        f"(= (K-e^-N)^2: {agreeing_digits(F2, F2_alt) >= 25}), (1-1/M) 2/(d+2) F^2 = {mpmath.nstr(fac * F2, 5)} <= gap: {bool(gap >= fac * F2)}")
    return ok, (f"d=4, M=4, x+y=(1,0,0,0) fixed (s2 = 1), x=(0.5,t,0,0), y=(0.5,-t,0,0): " + "; ".join(rows) +
                f". The gap -> 0, so the bound with C = F^2(t=0) = {mpmath.nstr(F2_0, 5)} (a function of ||x+y|| only) fails at t = 2, 5; "
                f"the correction C = F^2 (depends on ||x||^2+||y||^2 too) holds at all three t")


def _sec91_mc():
    rng = np.random.default_rng(SEED + 20)
    x, y = _f(["0.5", "0.3", "-0.2", "0.4"]), _f(["0.2", "0.6", "0.1", "0.3"])
    K = math.exp(-0.5 * float(np.sum((x - y) ** 2)))
    v = crt.estimator_samples("oprf", x, y, 400_000, rng, coupling="orthogonal")
    # blocks of d = 4 rows share a frame: average within blocks to get independent replicates
    blocks = v.reshape(-1, 4).mean(1)
    a, b = z_check(mean_of(blocks), K), z_check(mean_of(blocks), 1.02 * K)
    from ..couplings import plain_qr_orthogonal
    W = plain_qr_orthogonal(4, 400_000, rng)
    s2 = float(np.sum((x + y) ** 2))
    r = float(crt.oprf_rho_star_np(4, s2))
    A = (1 - 1 / r) / 8
    vq = (crt.gerf_features(x[None], W, A, 1, 1) * crt.gerf_features(y[None], W, A, 1, 2)).real[0]
    c = z_check(mean_of(vq.reshape(-1, 4).mean(1)), K)
    return a.passed and not b.passed and not c.passed, (f"d=4, OPRF with Haar orthogonal blocks: {a}; 1.02 K rejected z = {b.z:+.1f}; "
                                                        f"same with plain (unsigned) QR is biased: z = {c.z:+.1f}")


# ============================================================================ Thm 4.2, Eq. (34), (35)

_TB = dict(d=8, s2=100.0)   # x = y, ||x||^2 = 25


def _tb_setup():
    d = _TB["d"]
    x = [str(mpmath.sqrt(mpmath.mpf(25) / d))] * d
    A = crt.oprf_a_star(d, 100, dps=20)
    return d, x, A


def _eq35_numeric():
    d, x, A = _tb_setup()
    sup = crt.oprf_feature_sup(x, x, A, dps=20)
    Mxy = crt.paper_feature_bound(x, x, A, dps=20)
    corr = (1 - 4 * A) ** (mpmath.mpf(d) / 2) * Mxy
    # sampled: Z at the maximiser and nearby random points
    xf = np.array([float(mpmath.mpf(v)) for v in x])
    z = 2 * xf
    Af = float(A)
    B = math.sqrt(1 - 4 * Af)
    wstar = -B * z / (4 * Af)
    rng = np.random.default_rng(SEED + 21)
    W = wstar[None, :] + 0.1 * rng.standard_normal((1000, d))
    Z = (crt.gerf_features(xf[None], W, Af, 1, 1) * crt.gerf_features(xf[None], W, Af, 1, 2)).real[0]
    Wg = rng.standard_normal((200_000, d))
    Zg = (crt.gerf_features(xf[None], Wg, Af, 1, 1) * crt.gerf_features(xf[None], Wg, Af, 1, 2)).real[0]
    frac = float(np.mean(Zg > float(Mxy)))
    # exact probability of exceeding the printed bound (noncentral chi^2 tail by quadrature)
    q = float(crt.oprf_upper_tail(x, x, A, Mxy, dps=15))
    zq = (frac - q) / math.sqrt(q * (1 - q) / Zg.size)
    ok = sup > 1000 * Mxy and float(Z.max()) > float(Mxy) and sup <= corr and q > 0 and abs(zq) <= 5
    return ok, (f"d=8, x=y, ||x||^2=25, A=A*={mpmath.nstr(A, 8)}: printed bound M(x,y)=exp(-N/(4A)) = {mpmath.nstr(Mxy, 8)}, "
                f"but sup Z = {mpmath.nstr(sup, 8)} (attained at w = -B(x+y)/(4A); sampled near it: {Z.max():.4g}); "
                f"P[Z > M(x,y)] = {q:.5%} exactly, sampled {frac:.3%} of 200000 Gaussian draws (z = {zq:+.2f}); "
                f"corrected bound (1-4A)^(d/2) M(x,y) = {mpmath.nstr(corr, 8)} >= sup Z")


def _thm42_exact():
    # rigorous: if one of the M samples exceeds M (K + eps) then the mean exceeds K + eps (Z >= 0)
    d, x, A = _tb_setup()
    M, eps = 1000, 10
    q = crt.oprf_upper_tail(x, x, A, M * (1 + eps), dps=15)
    with mp.workdps(30):
        lower = 1 - (1 - q) ** M
    printed = crt.hoeffding_bound_printed(x, x, A, M, eps, dps=15)
    return lower > 1e6 * printed, (
        f"d=8, x=y, ||x||^2=25 (K=1), OPRF at A*, M={M}, eps={eps}: P[Z >= M(K+eps)] = {mpmath.nstr(q, 6)} (exact quadrature), so "
        f"P[K^ - K >= eps] >= 1-(1-q)^M = {mpmath.nstr(lower, 6)} > printed bound {mpmath.nstr(printed, 6)}")


def _thm42_mc():
    d, x, A = _tb_setup()
    xf = np.array([float(mpmath.mpf(v)) for v in x])
    Af = float(A)
    K = 1.0
    M, R, eps = 1000, 3000, 10.0
    rng = np.random.default_rng(SEED + 22)
    B = math.sqrt(1 - 4 * Af)
    D2 = (1 - 4 * Af) ** (d / 2)
    est = np.empty(R)
    for i in range(R):
        w = rng.standard_normal((M, d))
        est[i] = np.mean(D2 * np.exp(2 * Af * np.sum(w * w, 1) + B * (w @ (2 * xf)) - 50.0))
    hits = (np.abs(est - K) >= eps).astype(float)
    r = mean_of(hits)
    printed = float(crt.hoeffding_bound_printed(x, x, A, M, repr(eps), dps=15))
    corrected = float(crt.hoeffding_bound_corrected(x, x, A, M, repr(eps), dps=15))
    zp = (r.estimate - printed) / r.stderr
    zc = (r.estimate - corrected) / r.stderr
    ok = zp > 5 and zc <= 5
    return ok, (f"same setting, {R} replicates of K^ with M={M}: P[|K^ - K| >= {eps:g}] = {r.estimate:.4f} ± {r.stderr:.4f}; "
                f"printed bound {printed:.3g} exceeded at z = {zp:+.1f}; Hoeffding with the true range [0, sup Z]: {corrected:.4f} (holds, z = {zc:+.1f})")


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
    return worst <= 1, f"d=1, M=1, x=y in (0.25,0.5,1), eps in (0.1,0.5,1): exact upper tails P[Z >= K+eps] never exceed the printed bound (max ratio {worst:.3g}); the failure needs (1-4A)^d >> 1"


def _eq34_numeric():
    # Hoeffding as printed (exponent a^2/sum (a_i+b_i)^2, without the usual factor 2) vs exact binomial tails
    worst = 0.0
    for M in (1, 5, 20, 100):
        for q in (0.1, 0.5, 0.9):
            k = np.arange(M + 1)
            pmf = _ssp.comb(M, k) * q ** k * (1 - q) ** (M - k)
            s = k - M * q
            for a in np.linspace(0.05, 1.0, 20) * M:
                p = float(pmf[np.abs(s) > a].sum())
                worst = max(worst, p / (2 * math.exp(-a * a / M)))
    return worst <= 1, f"centred Bernoulli sums (a_i + b_i = 1), M in (1,5,20,100), q in (0.1,0.5,0.9), 20 thresholds: max P/bound = {worst:.3g} <= 1 (printed form is the standard Hoeffding bound weakened by a factor 2 in the exponent)"


def _ort_setting(d, M, x, y, eps_list, target, n, rng):
    """Chernoff bound exp(-M L(K+eps)) for one orthogonal block (M <= d rows) vs the sampled tail.

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
        W = crt.sample_omega("gaussian", d, m * d, rng, coupling="orthogonal").reshape(m, d, d)[:, :M]
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
    ]
    ok, lines, powered = True, [], []
    for d, M, x, y, eps, target, n in settings:
        sd = math.sqrt(float(crt.oprf_variance(x.tolist(), y.tolist(), dps=15)) / M)
        eps = (1.5 * sd, 2.0 * sd)     # well-resolved tails, plus the eps tuned to the target bound
        o, line, pw = _ort_setting(d, M, x, y, eps, target, n, rng)
        ok &= o
        powered.append(pw)
        lines.append(line)
    return ok and all(powered), (" || ".join(lines) + f". The printed bound holds in all {len(settings)} settings (several d, M <= d, "
                                 f"||x+y||^2 up to {max(float(np.sum((x + y) ** 2)) for _, _, x, y, *_ in settings):.3g}); with eps tuned so the bound is 3e-3..1e-2 the test resolves a violation ({sum(powered)}/{len(powered)} "
                                 f"settings powered). The bound is loose far in the tail (Z is heavy-tailed), so it is far from tight there.")


def _sec92_roots():
    # other fourth roots in D = (4th root of (1-4A))^d: D^2 changes sign when k d is odd
    with mp.workdps(30):
        A = mpmath.mpf("0.1")
        x, y = mpmath.mpf("0.7"), mpmath.mpf("-0.3")
        K = mpmath.exp(-(x - y) ** 2 / 2)
        B = mpmath.sqrt(1 - 4 * A)
        C = mpmath.mpf(-1)
        out = {}
        for k in (0, 1):
            D = mpmath.root(1 - 4 * A, 4) * mpmath.j ** k        # d = 1
            f = lambda w: D * D * mpmath.exp(2 * A * w * w + B * w * (x + y) + C * (x * x + y * y)) * mpmath.npdf(w)
            out[k] = mpmath.re(mpmath.quad(f, [-mpmath.inf, -5, 0, 5, mpmath.inf]))
        # B -> -B (the other square root) keeps the mean: omega -> -omega symmetry
        Dm = mpmath.root(1 - 4 * A, 4)
        fb = lambda w: Dm * Dm * mpmath.exp(2 * A * w * w - B * w * (x + y) + C * (x * x + y * y)) * mpmath.npdf(w)
        mb = mpmath.quad(fb, [-mpmath.inf, -5, 0, 5, mpmath.inf])
        ok = agreeing_digits(out[0], K) >= 20 and agreeing_digits(out[1], -K) >= 20 and agreeing_digits(mb, K) >= 20
    return ok, (f"d=1, A=0.1, s=+1, x=0.7, y=-0.3, K={mpmath.nstr(K, 10)}: principal 4th root gives E f1 f2 = {mpmath.nstr(out[0], 10)}; "
                f"the root i (1-4A)^(1/4) gives {mpmath.nstr(out[1], 10)} = -K; the other square root -B keeps {mpmath.nstr(mb, 10)}")


# ============================================================================ Thm 4.3

def _thm43_numeric():
    R, d = 2.0, 64
    # A of OPRFs is a function of ||x+y||^2 in [0, 4R^2/sqrt d]; take the most negative (largest s2)
    s2max = 4 * R * R / math.sqrt(d)
    A = float(crt.oprf_a_star(d, repr(s2max), dps=15))
    Nmax = 2 * R * R / math.sqrt(d)
    claimed_max = math.exp(3 * R * R / (A * math.sqrt(d)))
    true_max = max(math.exp(3 * N / (2 * A)) for N in np.linspace(0, Nmax, 101))
    gamma_stmt = math.sqrt(4 * math.exp(-3 * R * R / (math.sqrt(d) * A)) * (R * R / math.sqrt(d) + d * d))
    gamma_proof = 2 * math.sqrt(math.exp(-3 * R * R / (A * math.sqrt(d))) * (R * R / math.sqrt(d) + d * d))
    lip_term = 2 * Nmax + 4 * d   # max (2||x||^2 + 2||y||^2 + 4 E||w||^2), E||w||^2 = d
    mhat_sq_true = math.exp(Nmax - Nmax / (2 * A))   # (e^{+N/2} M(x,y))^2 at the maximal N
    mhat_sq_printed = math.exp(-3 * R * R / (A * math.sqrt(d)))
    ok = (abs(gamma_stmt - gamma_proof) < 1e-12 * gamma_stmt and claimed_max < 0.999 * true_max and abs(true_max - 1) < 1e-15
          and abs(mhat_sq_true / mhat_sq_printed - 1) > 1e-3)
    return ok, (f"R=2, d=64, A=A*(s2max)={A:.5f}: statement and proof give the same gamma ({gamma_stmt:.6g}); "
                f"but max over the ball of exp(3(||x||^2+||y||^2)/(2A)) is {true_max:.6g} (at x=y=0, A<0), not exp(3R^2/(A sqrt d)) = {claimed_max:.6g}; "
                f"max(2||x||^2+2||y||^2+4E||w||^2) = 4R^2/sqrt d + 4d = {lip_term:.4g}, printed factor 4(R^2/sqrt d + d^2) = {4*(R*R/math.sqrt(d)+d*d):.4g}; "
                f"softmax rescaling gives max Mhat^2 = exp(N - N/(2A)) = {mhat_sq_true:.6g} at N = 2R^2/sqrt d, "
                f"not exp(-3R^2/(A sqrt d)) = {mhat_sq_printed:.6g}; and M(x,y) misses the factor (1-4A)^(d/2) (CRT-Eq35)")



# ============================================================================ Sec. 5.1

_SEC51 = dict(L=256, repeats=2)


def _sec51_numbers(regime):
    from .. import crt_experiments as cx
    r = cx.compare_regime_cached(regime, 1.0, SEED, _SEC51["L"], _SEC51["repeats"])
    return r, {"GERF vs TrigRF": r["TrigRF"][0] - r["GERF"][0],
               "OPRF vs PosRF": r["PosRF"][0] - r["OPRF"][0],
               "GeomRF+ vs PosRF": r["PosRF"][0] - r["GeomRF+"][0]}


def _sec51_check(regime, thresholds, expect):
    """expect[k] is True when the printed '> e^t' must hold, False when it must fail."""
    r, red = _sec51_numbers(regime)
    ok = True
    parts = []
    for k, t in thresholds.items():
        holds = red[k] > t
        ok &= holds == expect[k]
        parts.append(f"{k}: log-variance reduction {red[k]:.2f} {'>' if holds else '<='} {t} (printed: more than e^{t})")
    return ok, (f"{regime}, sigma=1, d=64, L={_SEC51['L']}, {_SEC51['repeats']} repeats, mean log-variance over all pairs: "
                + "; ".join(parts))


def _sec51_normal():
    return _sec51_check("normal", {"GERF vs TrigRF": 80, "OPRF vs PosRF": 75, "GeomRF+ vs PosRF": 75},
                        {"GERF vs TrigRF": True, "OPRF vs PosRF": True, "GeomRF+ vs PosRF": False})


def _sec51_heterogen():
    return _sec51_check("heterogen", {"GERF vs TrigRF": 125, "OPRF vs PosRF": 125, "GeomRF+ vs PosRF": 125},
                        {"GERF vs TrigRF": True, "OPRF vs PosRF": True, "GeomRF+ vs PosRF": _HET_GEOM_HOLDS})


def _fig2():
    from .. import crt_experiments as cx
    lines, big, regimes_won, never_worse = [], 0, set(), True
    total = 0
    for regime in cx.REGIMES:
        for sg in (0.1, 0.55, 1.0):
            r = cx.compare_regime_cached(regime, sg, SEED + 30, 64, 1)
            base = min(r["TrigRF"][0], r["PosRF"][0])
            new_best = min((r[m][0], m) for m in cx.METHODS if m not in ("TrigRF", "PosRF"))
            total += 1
            never_worse &= new_best[0] <= base + 0.05
            if new_best[0] < base - 10:
                big += 1
                regimes_won.add(regime)
            lines.append(f"{regime} sigma={sg}: best baseline {base:.1f}, best CRT {new_best[1]} {new_best[0]:.1f}")
    ok = never_worse and big >= 4 and len(regimes_won) >= 2
    return ok, (f"d=64, L=64 (reading 'many scenarios' as: never worse than the best baseline, and more than e^10 better in at least 4 "
                f"settings of 2 regimes): never worse: {never_worse}; more than e^10 better in {big} of {total} settings ({sorted(regimes_won)}); "
                + "; ".join(lines))


_HET_VERDICT = "erratum"
_HET_EVIDENCE = ("Paper protocol (L=1024, 5 repeats; computed once with seed 0): GERF e^137.5, OPRF e^138.8, GeomRF+ e^118.9; "
                 "the check uses L=256, 2 repeats (e^137.1, e^136.3, e^121.8). An independent referee implementation from the "
                 "paper alone (L=1024, 5 sets) gives GeomRF+ e^118.2 and OPRF e^138.3.")
_HET_EXTRA = dict(severity="minor", correction="GERF > e^125 vs TrigRF and OPRF > e^125 vs PosRF hold (about e^138); GeomRF+ gives about e^119 (L=1024), not > e^125.")


def _c(id, location, statement, verdict, evidence, checks=(), severity=None, correction=None):
    return Claim(id=id, paper="CRT", location=location, statement=statement, verdict=verdict,
                 evidence=evidence, checks=checks, severity=severity, correction=correction)


S, N_, MC = "symbolic", "numeric", "montecarlo"

CLAIMS = [
    _c("CRT-Sec2.1", "Sec. 2.1", "K_sfm(x,y) = exp(x^T y) = exp(||x||^2/2) K(x,y) exp(||y||^2/2), K the Gaussian kernel.",
       "verified", "sympy identity per coordinate.", [Check("softmax = rescaled Gaussian", S, _sec21_symbolic)]),
    _c("CRT-Sec1", "Sec. 1", "FAVOR+ (PosRF) features are not bounded and the MGF of the softmax/Gaussian estimator is not finite; OPRFs are positive and bounded.",
       "verified", "moment lower bounds theta^k E[Z^k]/k! grow without bound (E Z^k = exp(k^2 s2/2 - k N)); OPRF products are bounded by their exact supremum.",
       [Check("PosRF MGF diverges, OPRF bounded", N_, _sec1_mgf)]),
    _c("CRT-Eq1", "Sec. 2.1, Eq. (1)", "K(x,y) = E Re(f1(w,x) f2*(w,y)) (with complex conjugate on f2).",
       "erratum", "With the conjugate, TrigRF (f2 = exp(-i w.y)) gives exp(-||x+y||^2/2), not K; the rest of the paper (Eq. (2), Thm 3.1 proof, Eq. (6)) uses f1 f2 without conjugate.",
       [Check("TrigRF with and without conjugate (MC)", MC, _eq1_numeric)],
       severity="typo", correction="K(x,y) = E Re(f1(w,x) f2(w,y)) (no conjugate), as used in Eq. (2) and all proofs."),
    _c("CRT-Eq2", "Sec. 2.1, Eq. (2)", "(Kc)_i ~ sum_j (1/M sum_m Re(f1(w_m,x_i) f2(w_m,y_j))) c_j = (1/M) Re(sum_m f1(w_m,x_i) sum_j f2(w_m,y_j) c_j), O(dML).",
       "verified", "algebraic identity checked in float64 for complex GERF features.", [Check("two forms of (2)", N_, _eq2_numeric)]),
    _c("CRT-Eq3", "Sec. 2.3, Eq. (3)", "softmax(d^-1/2 Q K^T) V = diag(K_sfm 1_L)^-1 K_sfm V with x_i = d^-1/4 Q_i, y_j = d^-1/4 K_j.",
       "verified", "float64 identity on random matrices.", [Check("attention as softmax-kernel operator", N_, _eq3_numeric)]),
    _c("CRT-Sec2.2-Trig", "Sec. 2.2", "Var Re(f_trig(1) f_trig(2)) = (1 - K(x,y)^2)^2 / 2.",
       "verified", "sympy integral; MC second moment at d=3.",
       [Check("sympy Gaussian integral", S, _trig_symbolic), Check("sampled second moment", MC, _trig_mc)]),
    _c("CRT-Sec2.2-Pos", "Sec. 2.2", "PosRF f(w,x) = exp(w^T x - ||x||^2): Var = exp(4 x^T y) - K(x,y)^2.",
       "verified", "sympy integral; MC second moment at d=3.",
       [Check("sympy Gaussian integral", S, _pos_symbolic), Check("sampled second moment", MC, _pos_mc)]),
    _c("CRT-Eq4", "Sec. 3.1, Eq. (4)", "A=0, B=i, C=0, D=1, s=-1 gives TrigRF; A=0, B=1, C=-1, D=1, s=+1 gives PosRF.",
       "verified", "(5) at A=0 reproduces both parameter sets and Eq. (6) reproduces both Sec. 2.2 variances.",
       [Check("special cases of (5) and (6)", N_, _eq4_numeric)]),
    _c("CRT-Thm3.1", "Sec. 3.1, Theorem 3.1, Eq. (5); proof App. 9.2",
       "GERF (4) is unbiased, E Re(f1 f2) = K, if Re(1-4A) > 0, B = sqrt(s(1-4A)), C = -(s+1)/2, D = (1-4A)^(d/4) with principal roots.",
       "verified", "sympy Gaussian integral; 25-digit quadrature for complex A, s = +-1; MC at d=3 for complex A.",
       [Check("sympy Gaussian integral with (5)", S, _thm31_symbolic), Check("complex-A quadrature, d=1", N_, _thm31_numeric),
        Check("sampled mean, complex A", MC, _thm31_mc)]),
    _c("CRT-Eq17", "App. 9.2, Eq. (17)", "int exp(-alpha/2 [w - beta]^2) dw = (2 pi)^(d/2) (sqrt alpha)^(-d) for complex alpha (Re alpha > 0), complex beta.",
       "verified", "1-D quadrature at complex alpha, beta; d dims factorise ([.]^2 means the summed square).",
       [Check("complex Gaussian integral", N_, _eq17_numeric)]),
    _c("CRT-Sec9.2", "App. 9.2, remark after the proof of Thm 3.1",
       "Other complex roots can be used in (5) instead of the principal ones; the variance is the same.",
       "erratum", "For B the other square root is fine (omega -> -omega), but another fourth root in D = (4th root(1-4A))^d multiplies D^2 by (-1)^(kd): for odd kd the estimator has mean -K, i.e. it is no longer unbiased (its variance is indeed unchanged).",
       [Check("non-principal roots by quadrature", N_, _sec92_roots)], severity="minor",
       correction="Any roots may be used as long as (18) holds, i.e. D^2 = (principal sqrt(1-4A))^d (D up to sign) and s B^2 = 1-4A (B up to sign)."),
    _c("CRT-Thm3.2", "Sec. 3.1, Theorem 3.2, Eq. (6); proof App. 9.3",
       "For Re(1-8A) > 0: Var Re(f1 f2) = 1/2 exp(-(s+1)(||x||^2+||y||^2)) (Re(a1 e^{a2 ||x+sy||^2}) + a3 e^{a4 ||x+sy||^2}) - K^2 with the printed a1..a4.",
       "verified", "sympy proves (6) for real A < 1/8, d = 1 symbolically (A = (1-u)/8, u > 0, radicand (1+u)^2/(4u)); d=1 quadrature for complex A and s = +-1 to >= 22 digits; alpha_1 has no branch ambiguity; MC second moments at d=3.",
       [Check("sympy derivation, real A", S, _thm32_symbolic), Check("quadrature vs Eq. (6), complex A", N_, _thm32_numeric),
        Check("sampled second moments", MC, _thm32_mc)]),
    _c("CRT-Sec9.3", "App. 9.3, proof of Thm 3.2, Eq. (21)", "|D|^4 (sqrt(1-8ReA))^-d = ((1-4A)(1-4A)/(1-8ReA))^(d/2).",
       "erratum", "The product must be (1-4A)(1-4conj A) = |1-4A|^2; the final alpha_3 is right.",
       [Check("alpha_3 with A complex", N_, _sec93_numeric)], severity="typo",
       correction="|D|^4 (sqrt(1-8ReA))^-d = (|1-4A|^2/(1-8ReA))^(d/2) = (1 + 16|A|^2/(1-8ReA))^(d/2)."),
    _c("CRT-Thm3.3", "Sec. 3.1, Theorem 3.3; proof App. 9.4, Eq. (22)",
       "For s=+1, real A, ||x+y||^2 > 0, Var (6) is minimised at A = (1 - 1/rho*)/8, rho* the positive root of 2 s2 rho^2 + (2 s2 + d) rho - d = 0.",
       "verified", "sympy stationary point = (22); global minimum over a dense grid for d up to 1024, s2 from 1e-8 to 1e8; pin rho*(64,100) = 0.20925255248402923513402333936; MC.",
       [Check("sympy stationary point", S, _thm33_symbolic), Check("global minimum, whole domain", N_, _thm33_numeric),
        Check("sampled OPRF mean and second moment", MC, _thm33_mc)]),
    _c("CRT-Eq7", "Sec. 3.1, Eq. (7)", "rho* = ( sqrt((2 s2 + d)^2 + 8 d s2 - 2 s2 - d) ) / (4 s2) (as printed: -2s2-d under the root).",
       "erratum", "At d=64, s2=100 the printed expression gives 0.8683 instead of 0.2093; the proof's (22) has the root closed before -2s2-d.",
       [Check("printed vs (22) at d=64, s2=100", N_, _eq7_numeric)], severity="typo",
       correction="rho* = (sqrt((2 s2 + d)^2 + 8 d s2) - 2 s2 - d) / (4 s2) = 2d / (sqrt((2 s2 + d)^2 + 8 d s2) + 2 s2 + d)."),
    _c("CRT-Thm3.3-Note", "Sec. 3.1, Note after Thm 3.3",
       "A* < 0 for x != -y (bounded features); ||x+y|| -> 0 gives rho* -> 1, A* -> 0; x = -y: PosRF with zero variance; larger ||x+y|| gives larger gains.",
       "verified", "checked from s2 = 1e-30 to 1e30 and d up to 4096 with verified digits.",
       [Check("sign, limits, x=-y, monotone gain", N_, _note33_numeric)]),
    _c("CRT-Sec3.1-Pos", "Sec. 3.1, after Thm 3.3", "For real A and s=+1, B, C, D are real and the features are positive.",
       "verified", "(5) for real A < 1/8; sampled features.", [Check("real parameters, positive samples", N_, _sec31_pos)]),
    _c("CRT-Fig1", "Fig. 1 (right), Sec. 1",
       "mu = log(Var_OPRF/Var_PosRF) as a function of ||x+y||^2; OPRFs have > e^60 times smaller variance at d = 64, ||x+y||^2 = 100.",
       "verified", "mu depends only on (d, s2); mu(64, 100) = -61.2212 < -60; float64 curve vs mpmath; sampled variances at d=2.",
       [Check("mu(64,100) and the curves", N_, _fig1_numeric), Check("sampled variance ratio", MC, _fig1_mc)]),
    _c("CRT-Eq8", "Sec. 3.1, Eq. (8)", "L^-2 sum_ij ||x_i + s y_j||^2 = L^-1 sum ||x_i||^2 + 2s L^-2 (sum x_i)^T (sum y_j) + L^-1 sum ||y_j||^2.",
       "verified", "exact rational arithmetic.", [Check("exact identity", N_, _eq8_exact)]),
    _c("CRT-Eq9", "Sec. 3.2, Eq. (9)", "exp(x^T y) = prod_l sum_k p_k x_l^k y_l^k / (p_k k!) = E[prod X_l prod Y_l] for any p_k > 0.",
       "verified", "sympy series for Poisson and geometric p_k; sampled means.",
       [Check("series identity", S, _eq9_symbolic), Check("sampled DIRF means", MC, _eq9_mc)]),
    _c("CRT-Eq10", "Sec. 3.2, Eq. (10); Sec. 3.2.1-3.2.2", "f_DI = e^{-||x||^2/2} prod x_l^w (w!)^-1/2 p_w^-1/2 gives the printed Poisson and geometric features.",
       "verified", "sympy simplification of the normalising factors.", [Check("Poisson/geometric forms", S, _eq10_symbolic)]),
    _c("CRT-Thm3.4", "Sec. 3.2.1, Theorem 3.4, Eq. (11); proof App. 9.5",
       "Var(f_pois(x) f_pois(y)) = exp(lam d + lam^-1 sum_l x_l^2 y_l^2 - ||x||^2 - ||y||^2) - K^2.",
       "verified", "sympy series; 25-digit direct series; MC at lambda*.",
       [Check("sympy series", S, _thm34_symbolic), Check("direct series", N_, _thm34_numeric), Check("sampled second moment", MC, _thm34_mc)]),
    _c("CRT-Sec3.2.1", "Sec. 3.2.1, after Thm 3.4",
       "The exponent of (11) is convex in lam > 0 and lam* = d^-1/2 (sum_l x_l^2 y_l^2)^1/2 gives the minimum.",
       "erratum", "True when sum_l x_l^2 y_l^2 > 0; when it is 0 (e.g. disjoint supports) the printed lam* = 0 is not admissible and Var decreases as lam -> 0 without a minimum.",
       [Check("stationary point and convexity", S, _lam_symbolic), Check("minimum and the degenerate case", N_, _lam_numeric)],
       severity="minor", correction="lam* = (sum_l x_l^2 y_l^2 / d)^(1/2) is the unique minimiser iff sum_l x_l^2 y_l^2 > 0; otherwise the infimum exp(-N) - K^2 is approached as lam -> 0."),
    _c("CRT-Eq12", "Sec. 3.2.1, Eq. (12)", "L^-2 sum_ij sum_l (x_l^(i))^2 (y_l^(j))^2 = L^-2 sum_l (sum_i (x_l^(i))^2)(sum_j (y_l^(j))^2).",
       "verified", "exact rational arithmetic.", [Check("exact identity", N_, _eq12_exact)]),
    _c("CRT-Thm3.5", "Sec. 3.2.2, Theorem 3.5, Eq. (13); proof App. 9.6",
       "Var(f_geom(x) f_geom(y)) = p^-d e^{-||x||^2-||y||^2} prod_l I0(2 (1-p)^-1/2 |x_l y_l|) - K^2.",
       "verified", "sympy sums the series to I0; 25-digit direct series; MC.",
       [Check("sympy series -> I0", S, _thm35_symbolic), Check("direct series", N_, _thm35_numeric), Check("sampled second moment", MC, _thm35_mc)]),
    _c("CRT-Sec9.6", "App. 9.6, proof of Thm 3.5, second line",
       "p^-2d e^{-N} prod_l E (w_l!)^-2 ( ((1-p)^-1 x_l y_l)^{2 w_l} - K(x,y)^2 ).",
       "erratum", "-K^2 is placed inside the product over l; the following lines (and the theorem) have it outside.",
       [Check("literal reading vs Eq. (13)", N_, _sec96_numeric)], severity="typo",
       correction="p^-2d e^{-N} prod_l E[(w_l!)^-2 ((1-p)^-1 x_l y_l)^{2 w_l}] - K(x,y)^2."),
    _c("CRT-Sec3.2.2", "Sec. 3.2.2, after Eq. (14)", "After precomputation, evaluation of (11) takes O(d); minimise (11) with respect to p.",
       "erratum", "(11) is the Poisson variance and has no p: at x=(0.5,-0.8,0.3), y=(0.6,0.7,-1.1) it equals 0.556464355205 whether p=0.3 or p=0.6, so minimising it over p is degenerate. The GeomRF objective (13) does depend on p (3.484201 at p=0.3, 0.6762833 at p=0.6) and geometric_p_star = 0.6992207 minimises it (grid and scipy minimize_scalar agree; p* +- 0.05 give larger values).",
       [Check("(11) has no p; p* minimises (13)", N_, _eq11ref_numeric)], severity="typo",
       correction="evaluation of (13) takes O(d) time; minimise (13) with respect to p."),
    _c("CRT-Eq14", "Sec. 3.2.2, Eq. (14)", "L^-2 sum_ij |x_l^(i) y_l^(j)| = L^-2 (sum_i |x_l^(i)|)(sum_j |y_l^(j)|).",
       "verified", "exact rational arithmetic.", [Check("exact identity", N_, _eq14_exact)]),
    _c("CRT-Sec3.2.2-pstar", "Sec. 3.2.2 and App. 9.10.1", "The optimal p of GeomRF is found by a 1-D numerical search (Brent).",
       "verified", "the objective tends to +inf at both ends of (0,1) when some |x_l y_l| > 0, so a minimiser exists; Brent, mpmath root and a global grid agree.",
       [Check("p* by three methods", N_, _pstar_numeric)]),
    _c("CRT-Sec3.2.3", "Sec. 3.2.3", "With c_l = min_i min(x_l^(i), y_l^(i)) - eps, the shifted inputs are positive, K is unchanged and DIRFs become positive (PoisRF+, GeomRF+).",
       "verified", "exact rationals and sampled positive, unbiased GeomRF+ features.", [Check("shift invariance and positivity", MC, _sec323)]),
    _c("CRT-Thm4.1", "Sec. 4, Theorem 4.1, Eq. (15); App. 9.1",
       "Var(K_M^ort) <= Var(K_M^iid) - (1 - 1/M) 2/(d+2) C for orthogonal OPRFs (block-orthogonal when M > d), any d.",
       "erratum", "For M <= d it holds: the exact gap (1-1/M) K^2 (1 - e^{-s2} 1F1(d; d/2; s2/2)) (derived here, A-independent, confirmed by sampling orthogonal pairs) dominates the bound over d in 2..1024, s2 in 1e-8..1000. For M > d (independent blocks, App. 9.1) only pairs within a block are correlated and the printed bound fails: d=2, M=4, x=y=(0.5,0): exact gap 0.02255 < printed 0.05806; sampled variance exceeds the printed limit at z ~ +90.",
       [Check("sampled orthogonal pair moment", MC, _thm41_mc), Check("gap >= bound over the domain, M <= d", N_, _thm41_numeric),
        Check("M > d: counterexample and corrected factor", MC, _thm41_blocks)],
       severity="minor",
       correction="For M <= d as printed (C = F^2, see CRT-Thm4.1-C); for M > d with independent blocks of sizes m_b replace (1 - 1/M) by sum_b m_b(m_b - 1)/M^2 (= (d-1)/M for full blocks)."),
    _c("CRT-Thm4.1-C", "Sec. 4, Theorem 4.1", "The constant is C(||x+y||) >= 0, a function of ||x+y|| only.",
       "erratum", "The gap (and the proof's constant F^2) decays like exp(-2(||x||^2+||y||^2)) at fixed ||x+y||, so a positive constant cannot depend on ||x+y|| alone: d=4, M=4, x+y=(1,0,0,0), x=(0.5,t,0,0), y=(0.5,-t,0,0): exact gap 0.048699, 5.4803e-9, 1.8116e-45 at t = 0, 2, 5, below (1-1/M) 2/(d+2) F^2(t=0) = 0.038705 for t > 0. The correction C = F^2 = exp(-2N)(exp(s2/2)-1)^2 (= (K - e^-N)^2) holds at all three t: bound 0.038705, 4.3556e-9, 1.4398e-45.",
       [Check("gap at fixed ||x+y||; corrected C = F^2 holds", N_, _thm41_C_numeric)], severity="minor",
       correction="C = F^2 = (K(x,y) - exp(-||x||^2-||y||^2))^2 = exp(-2(||x||^2+||y||^2)) (exp(||x+y||^2/2) - 1)^2, a function of ||x+y|| and ||x||^2+||y||^2."),
    _c("CRT-Thm9.1", "App. 9.7, Theorem 9.1, Eq. (24), (32)",
       "For X = g(w^T z, ||w||) with nonnegative power-series coefficients, Var(K^ort) <= Var(K^iid) - (1-1/M) 2/(d+2) F^2(z).",
       "verified", "termwise: the sphere moment ratio r(i,j) = (a)_i (a)_j/(a)_{i+j}, a = d/2, satisfies r(i+1,j)/r(i,j) = (a+i)/(a+i+j) < 1 and r(i,j+1)/r(i,j) = (a+j)/(a+i+j) < 1 (sympy), so its maximum over i, j >= 1 is r(1,1) = d/(d+2) for every d, i.e. 1 - r >= 2/(d+2); exact rationals agree; the OPRF instance is confirmed exactly and by sampling (CRT-Thm4.1).",
       [Check("termwise inequality behind (32)", S, _thm91_symbolic), Check("OPRF instance over the domain", N_, _thm41_numeric)]),
    _c("CRT-Sec9.7-g", "App. 9.7, after Thm 9.1", "g(a,b) = D^2 exp(2A b^2 + B a + 2C(||x||^2+||y||^2)) gives the GERF estimator.",
       "erratum", "f1 f2 carries C(||x||^2+||y||^2), not 2C; with 2C the mean is e^{-N} K. x=(0.5,0.4), y=(0.3,-0.1), OPRF at A*: 200000 sampled printed g have mean 0.51975 +- 0.00092 against e^-N K = 0.519442 (z = +0.33), while K = 0.865022 is rejected at z = -377; g with C matches K.",
       [Check("sampled printed g: mean e^-N K, not K", MC, _sec97_g_numeric)], severity="typo",
       correction="g(a,b) = D^2 exp(2A b^2 + B a + C(||x||^2+||y||^2))."),
    _c("CRT-Eq33", "App. 9.7, Eq. (33)", "Var(K_M^iid) - Var(K_M^ort) = ... = (1 - 1/M) 2/(d+2) F^2(z).",
       "erratum", "The first relation must be '>=' (it comes from the inequality (32)); the exact gap is strictly larger (d=3, M=3: 0.09971260868 vs 0.06866373756), and the '>=' holds over d in 2..1024, s2 in 1e-8..1000, M in {2, d} (minimum ratio gap/bound 1.0000000017).",
       [Check("exact gap > bound; >= over the domain", N_, _eq33_numeric)], severity="typo",
       correction="Var(K_M^iid) - Var(K_M^ort) >= (1 - 1/M) 2/(d+2) F^2(z)."),
    _c("CRT-Sec9.1", "App. 9.1", "Orthogonal ensembles (blocks of d, norms chi_d) keep each w marginally N(0, I_d), so the estimator stays unbiased.",
       "verified", "sampled OPRF with Haar orthogonal blocks is unbiased; an unsigned QR is detectably biased.",
       [Check("unbiased orthogonal OPRF", MC, _sec91_mc)]),
    _c("CRT-Eq34", "App. 9.8, Lemma 9.1, Eq. (34)", "P[|sum X_i| > a] <= 2 exp(-a^2 / sum (a_i + b_i)^2).",
       "verified", "a valid (weaker by a factor 2 in the exponent) form of Hoeffding; exact binomial tails never exceed it.",
       [Check("exact binomial tails", N_, _eq34_numeric)]),
    _c("CRT-Eq35", "App. 9.8, Eq. (35)", "0 <= Z = f1 f2 <= exp(-(||x||^2+||y||^2)/(4A)) =: M(x,y) for OPRFs.",
       "erratum", "The factor D^2 = (1-4A)^(d/2) > 1 is dropped. d=8, x=y, ||x||^2=25, A=A*=-3.2410485: printed bound 47.312596, true sup Z = 1.7990378e6 (at w = -B(x+y)/(4A)), and P[Z > 47.31] = 2.8184e-4 exactly (noncentral chi^2 tail; 0.026% of 200000 draws, z = -0.7). An independent referee derivation from the paper reproduced every number.",
       [Check("sup Z vs M(x,y)", N_, _eq35_numeric)], severity="major",
       correction="0 <= Z <= (1-4A)^(d/2) exp(-(1-4A)||x+y||^2/(8A) - ||x||^2 - ||y||^2) <= (1-4A)^(d/2) exp(-(||x||^2+||y||^2)/(4A))."),
    _c("CRT-Thm4.2", "Sec. 4, Theorem 4.2 (i.i.d. part); proof App. 9.8",
       "P[|K_M^iid - K| >= eps] <= 2 exp(-(M eps^2/2) exp((||x||^2+||y||^2)/(2A))) for OPRFs.",
       "erratum", "Fails when (1-4A)^d is large. d=8, x=y, ||x||^2=25 (K=1), A=A*, M=1000, eps=10: printed bound 3.9846e-10, but one sample exceeds M(K+eps) with probability 1.5657e-5 (exact), so since Z >= 0 the tail is at least 1-(1-q)^M = 0.015535; sampling gives 0.0163 +- 0.0023. The proof applies Hoeffding with the range M(x,y) of Eq. (35), which lacks D^2 (see CRT-Eq35); with the true range the bound holds (and is vacuous here). Reproduced independently by a referee derivation.",
       [Check("exact lower bound on the tail", N_, _thm42_exact), Check("sampled tail vs printed bound", MC, _thm42_mc),
        Check("printed bound fine where D^2 ~ 1", N_, _thm42_small)],
       severity="major",
       correction="P[|K_M^iid - K| >= eps] <= 2 exp(-2 M eps^2 / Zmax^2), Zmax = (1-4A)^(d/2) exp(-(1-4A)||x+y||^2/(8A) - ||x||^2 - ||y||^2) (Hoeffding with the range of Z)."),
    _c("CRT-Thm4.2-ort", "Sec. 4, Theorem 4.2 (orthogonal part)",
       "P[K_M^ort - K >= eps] <= exp(-M L(K + eps)) with L the Legendre transform of Z, and L(K + eps) > 0.",
       "verified", "Four settings (d, M) = (8,8), (4,4), (6,3), (16,8) with ||x+y||^2 from 1.6 to 4.8 (one Haar orthogonal block of M <= d rows): L computed from the MGF of Z (product Gauss quadrature, validated on E Z and E Z^2) is positive and the sampled orthogonal tail stays below exp(-M L) at eps = 1.5 and 2 sd and at an eps tuned so the bound is 3e-3..1e-2, where a violation of 20-29 % would be detected (a too-small bound is rejected at z > 38). The bound holds but is very loose far in the tail (sampled P <= 4e-5 where it gives 3e-3..1e-2). The proof is only sketched in the paper.",
       [Check("Chernoff bound for orthogonal blocks, four settings", MC, _thm42_ort)]),
    _c("CRT-Thm4.3", "Sec. 4, Theorem 4.3; proof App. 9.9",
       "M = Omega(Gamma d/eps^2 log(gamma rho/eps)) with Gamma = exp(-3R^2/(sqrt d A)), rho = sqrt2 R d^-1/4, gamma = sqrt(4 Gamma (R^2/sqrt d + d^2)).",
       "erratum", "The constants do not follow from the proof: max over the ball of exp(3N/(2A)) is 1 (A < 0), not exp(3R^2/(A sqrt d)); E||w||^2 = d gives 4d, not d^2 (loose); the softmax factor is exp(+N/2), not exp(-N/2); and M(x,y) misses (1-4A)^(d/2). gamma and rho are consistent between statement and proof.",
       [Check("constants of the proof", N_, _thm43_numeric)], severity="minor",
       correction="Only the structure M = Omega(d/eps^2 log(.)) follows from Claim 1 of Rahimi-Recht; the constants must be rederived with the range (1-4A)^(d/2) e^{N/2} M(x,y) of the softmax estimator and E||w||^2 = d."),
    _c("CRT-Sec5.1-normal", "Sec. 5.1, Fig. 2 (normal regime)",
       "At sigma=1 (d=64, normal): GERF > e^80 times smaller variance than TrigRF; OPRF and GeomRF+ > e^75 times smaller than PosRF.",
       "erratum", "Paper protocol (L=1024, 5 repeats; computed once with seed 0, 2 minutes): GERF e^83.3, OPRF e^84.0, GeomRF+ only e^58.6; the check uses L=256, 2 repeats (e^82.5, e^83.2, e^63.2). GeomRF+ gets worse as L grows (the shift c is a minimum over the sets). An independent referee implementation from the paper alone (mean of log variances over all L^2 pairs, p by Brent per data set, 5 sets, L=1024) gives GeomRF+ e^58.2 and OPRF e^83.8; choosing p per pair changes nothing (e^58.3); only readings the paper does not use (log of the mean variance, or a per-pair shift, which is not a valid RF) exceed e^75.",
       [Check("log-variance reductions", N_, _sec51_normal)], severity="minor",
       correction="GERF > e^80 vs TrigRF and OPRF > e^75 vs PosRF hold; GeomRF+ gives about e^59 (L=1024), not > e^75."),
    _c("CRT-Sec5.1-heterogen", "Sec. 5.1, Fig. 2 (heterogen regime)",
       "At sigma=1 (d=64, heterogen): GERF > e^125 vs TrigRF; OPRF and GeomRF+ > e^125 vs PosRF.",
       _HET_VERDICT, _HET_EVIDENCE, [Check("log-variance reductions", N_, _sec51_heterogen)], **_HET_EXTRA),
    _c("CRT-Sec5.1-mnist", "Sec. 5.1, Fig. 2 (mnist regime)",
       "At sigma=1 (mnist, 8x8): GERF > e^10 vs TrigRF; OPRF and GeomRF+ > e^7 vs PosRF.",
       "unverifiable", "MNIST cannot be downloaded here; the substitute (scikit-learn 8x8 digits, denser images) gives GERF = TrigRF (no gain: for s=-1, alpha_4 >= 0, alpha_3 >= 1 and Re alpha_2 < -1 make the first term of (6) at least (1-K^2)/2, and s=+1 is worse at these norms), OPRF e^24.5 and GeomRF+ e^34.3 below PosRF (L=256, 2 repeats) - not comparable with resized MNIST."),
    _c("CRT-Fig2", "Sec. 5.1, Fig. 2", "In many scenarios (Fig. 2: normal, sphere, heterogen, mnist; 0.1 <= sigma <= 1) CRTs outperform the TrigRF and PosRF baselines.",
       "verified", "recomputed with the paper's protocol (smaller L): the best CRT is never worse than the best baseline and is e^18 to e^140 better in normal and heterogen at sigma >= 0.55; elsewhere (small sigma, sphere, the digits substitute for mnist) it ties (GERF reduces to TrigRF). The figure itself is not available to compare curve by curve.",
       [Check("CRTs vs baselines over regimes and sigma", N_, _fig2)]),
    _c("CRT-Sec5.2", "Sec. 5.2", "New RF mechanisms give the best non-parametric classification accuracy; OPRF has the best average (UCI data sets).",
       "unverifiable", "The eight UCI data sets are not available offline; the notebook runs the same protocol on a bundled scikit-learn data set only as an illustration."),
    _c("CRT-Tab1", "Sec. 5.2, Table 1", "Test accuracies of the eight mechanisms on abalone, banknote, car, yeast, cmc, nursery, wifi, chess.",
       "unverifiable", "Empirical results on UCI data sets that are not available offline."),
    _c("CRT-Tab3", "App. 9.10.2, Table 3", "Standard deviations of the Table 1 accuracies.",
       "unverifiable", "Empirical results on UCI data sets that are not available offline."),
    _c("CRT-Sec5.3", "Sec. 5.3", "FAVOR++ improves low-rank Transformers (text, speech, vision).",
       "unverifiable", "Requires training large Transformers on GLUE/LibriSpeech/ImageNet (TPU scale); not reproducible here."),
    _c("CRT-Tab2", "Sec. 5.3.1, Table 2", "GLUE dev results: FAVOR++ outperforms FAVOR+ on all tasks.",
       "unverifiable", "BERT-base pretraining and GLUE fine-tuning are out of reach offline and on 2 CPU cores."),
    _c("CRT-Fig3", "Sec. 5.3.2, Fig. 3", "Conformer on LibriSpeech: FAVOR++ improves WER by 2.49% (M=8) and 3.05% (M=16) over FAVOR+.",
       "unverifiable", "Requires LibriSpeech and TPU-scale training."),
    _c("CRT-Fig4", "Sec. 5.3.3, Fig. 4", "ViT on ImageNet: FAVOR++ is more stable, better for uptraining; similar speed to FAVOR+.",
       "unverifiable", "Requires ImageNet and TPU-scale training."),
]
