"""Second witnesses of the SimRF claims of kind Def/Fig/Sec/Tab (round 2 of the witness model).

Each function is a check of :mod:`rfsym.registry.simrf` in the witness model of :mod:`rfsym.claims`:
it computes through a route independent of the claim's first witness, and rejects a stated wrong
variant (the control).  Numbers in the evidence are generated here.
"""

from __future__ import annotations

import itertools
import math
import time

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp, mpf

from .. import couplings, foundations, simrf
from .. import realdata as _rd
from .. import realdata_claims as _rdc
from .. import realdata_run as _rr
from .. import datasets as _ds
from ..simrf import experiments as ex
from ..simrf import witnesses as wit
from ..claims import Outcome
from ..montecarlo import mean_of, z_check, z_witness

SEED = 20261125


def _O(ok, evidence, agreement, rejected, detail):
    return Outcome(bool(ok), evidence, agreement=agreement, control_rejected=bool(rejected), control_detail=detail)


# ----------------------------------------------------------------------------- Def. 1.1, Fig. 2


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
    unit = []
    for dd in range(2, 9):
        S = foundations.simplex_rows_expr(dd)
        unit.append(all(sp.simplify(sp.radsimp(sp.expand((S[i, :] * S[i, :].T)[0]))) == 1 for i in range(dd)))
    ok = diff == 0 and all(unit)
    return _O(ok, (f"sympy, symbolic d: chi_d density / (|S^(d-1)| r^(d-1)) - (2 pi)^(-d/2) e^(-r^2/2) = {diff}, so an independent "
                   f"chi_d norm times a uniform direction is N(0, I_d); the exact rows of Eq. (9) (foundations.simplex_rows_expr) are unit "
                   f"vectors for d = 2..8 ({all(unit)}), so every row of S R with R Haar has a uniform direction and, with chi_d norms, "
                   f"a N(0, I_d) marginal (the same for D R: ORFs)"),
              "difference 0", bad != 0, f"chi_(d-1) norms: density ratio to N(0, I) = {bad_at:.3f} at d = 6, r = 1")


def fig2_symbolic():
    """cos(theta) = -1/(d-1) derived from sum_i s_i = 0 and |s_i| = 1 (sympy), the library's exact rows and cos_theta."""
    c, d = sp.symbols("c d")
    sol = sp.solve(sp.Eq(d + d * (d - 1) * c, 0), c)        # |sum s_i|^2 = d + d(d-1)c = 0
    ok = sol == [-1 / (d - 1)]
    rows_ok, sum_ok = True, True
    for dd in range(2, 8):
        G = foundations.simplex_gram_expr(dd)
        rows_ok &= G.is_zero_matrix
        lib = simrf.cos_theta("simplex", dd)
        rows_ok &= lib == sol[0].subs(d, dd)
        # the regular simplex centred at 0: the rows of S sum to zero up to the rotation-free last coordinate
        Sx = foundations.simplex_rows_expr(dd)
        tot = sp.simplify(sp.radsimp(sp.expand(sum((Sx[i, :] for i in range(dd)), sp.zeros(1, dd)).dot(sum((Sx[i, :] for i in range(dd)), sp.zeros(1, dd))))))
        sum_ok &= tot == 0
    ang3 = sp.acos(sol[0].subs(d, 3))
    ok = ok and rows_ok and sum_ok and sp.simplify(ang3 - 2 * sp.pi / 3) == 0
    # control: the orthogonal value cos = 0 would leave |sum s_i|^2 = d != 0
    return _O(ok, (f"sympy: |sum_i s_i|^2 = d + d(d-1) c = 0 gives c = {sol[0]}; the exact rows of Eq. (9) have Gram matrix equal to the "
                   f"regular simplex's and sum to zero for d = 2..7 ({rows_ok and sum_ok}); rfsym.simrf.cos_theta agrees; "
                   f"arccos(-1/2) = {ang3} = 120 degrees at d = 3"),
              "exact", sp.Integer(0) != sol[0], "cos = 0 (orthogonal) leaves |sum s_i|^2 = d")


# ----------------------------------------------------------------------------- Def. 3.1


def def31_numeric():
    """Def. 3.1 / Eq. (10): the mean over pairs of E[b_i b_j] from its definition (quadrature over the two chi_d
    norms at the coupling's fixed angle) vs rfsym.simrf.conformity (closed forms (19), (23), (24)) at 30 digits."""
    worst, ctl = 40.0, math.inf
    out = []
    for c_name in ("orthogonal", "simplex"):
        for d in (3, 6):
            for v in ("0.5", "1.5"):
                cth = simrf.cos_theta(c_name, d)
                with mp.workdps(40):
                    ref = wit.conformity_definition_quad(d, v, cth, dps=30)
                    lib = simrf.conformity(c_name, d, v, dps=30)
                    dig = min(float(-mpmath.log10(abs(lib / ref - 1) + mpf(10) ** -45)), 40.0)
                    ctl = min(ctl, float(abs(mpmath.exp(mpf(v) ** 2) / ref - 1)))
                worst = min(worst, dig)
                out.append(f"{c_name} d={d} v={v}: {mpmath.nstr(ref, 12)}")
    # control: the i.i.d. value e^(v^2) in place of the coupled pair expectation
    return _O(worst >= 28, ("mean of E[exp((w_i+w_j)^T v)] over pairs by quadrature over the two chi_d norms at the fixed angle "
                            "(simrf_witnesses.conformity_definition_quad) vs rfsym.simrf.conformity: " + "; ".join(out)
                            + f"; >= {worst:.0f} agreeing digits"),
              f">= {worst:.0f} digits", ctl > 1e-3, f"the i.i.d. value e^(v^2) differs by at least {ctl:.2e} (relative)")


# ----------------------------------------------------------------------------- App. A.2 (proof gap)


def secA2_symbolic():
    """The bracket of (46)-(47), sum over permutations P of w_(P_i P_j)^(2k-2) w_(P_i) w_(P_j), for d = 3 and symbolic
    norms and cosines: its difference between two pairs is a nonzero multiple of (c_01 - c_02) for k = 2."""
    a = sp.symbols("a0:3", positive=True)
    c01, c02, c12 = sp.symbols("c01 c02 c12", real=True)
    cos = {(0, 1): c01, (1, 0): c01, (0, 2): c02, (2, 0): c02, (1, 2): c12, (2, 1): c12}

    def bracket(i, j, k):
        tot = 0
        for P in itertools.permutations(range(3)):
            x, y = a[P[i]], a[P[j]]
            tot += (x ** 2 + y ** 2 + 2 * x * y * cos[(i, j)]) ** (k - 1) * x * y
        return sp.expand(tot)

    d2 = sp.factor(bracket(0, 1, 2) - bracket(0, 2, 2))
    d1 = sp.simplify(bracket(0, 1, 1) - bracket(0, 2, 1))
    eq = sp.simplify(d2.subs(c02, c01))
    ok = d1 == 0 and eq == 0 and sp.simplify(d2) != 0
    return _O(ok, (f"sympy, d = 3, symbolic norms a_i and cosines c_ij: bracket(0,1) - bracket(0,2) = {d1} for k = 1 and = {d2} for k = 2, "
                   f"zero only when c_01 = c_02 ({eq} after c_02 -> c_01): the bracket is pair-independent only if the angles are "
                   f"already equal, which (46)-(48) assume"),
              "exact", sp.simplify(d2) != 0, "'the bracket is identical for every (i, j)' (difference identically 0) rejected")


# ----------------------------------------------------------------------------- Fig. 3


def fig3_symbolic():
    """d = 3 (the dimension Fig. 3 draws): the SimRF+ optimum of sum |w_i + w_j|^2 closes a triangle (sum w = 0);
    the mean angle of w_i to the others is (pi + gamma_i)/2 with gamma_i the interior angle opposite side w_i,
    increasing in w_i (sympy); rfsym's simplex_plus_directions reproduces these angles."""
    A, B, C = sp.symbols("A B C", positive=True)
    gam = lambda a, b, c: sp.acos((b ** 2 + c ** 2 - a ** 2) / (2 * b * c))       # interior angle opposite a
    dg = sp.simplify(sp.diff(gam(A, B, C), A))
    # dg = A / (B C sqrt(1 - ((B^2+C^2-A^2)/(2BC))^2)) > 0 inside the triangle domain: check the sign at exact points
    pts = [(sp.Rational(a), sp.Rational(b), sp.Rational(c)) for a, b, c in ((1, 1, 1), (2, 3, 4), ("1/2", 1, 1), (3, 2, 2), ("9/10", 1, "3/2"))]
    pos = all(sp.N(dg.subs({A: a, B: b, C: c})) > 0 for a, b, c in pts)
    # mean angle: angle(w_i, w_j) = pi - gamma_k (k the third vector); mean over j != i = (2 pi - gamma_j - gamma_k)/2
    ga, gb, gc = gam(A, B, C), gam(B, C, A), gam(C, A, B)
    sum_ok = all(abs(sp.N((ga + gb + gc).subs({A: a, B: b, C: c})) - sp.pi.evalf()) < 1e-25 for a, b, c in pts)
    rng = np.random.default_rng(SEED + 1)
    norms = couplings.chi_norms(3, (400, 3), rng)
    tri = (2 * norms.max(1) < norms.sum(1))
    V, _ = couplings.simplex_plus_directions(norms[tri], max_passes=500, tol=1e-14)
    worst, order_ok, close = 0.0, 0, 0.0
    for b in range(V.shape[0]):
        nb = norms[tri][b]
        close = max(close, float(np.linalg.norm(V[b].sum(0)) / nb.sum()))
        U = V[b] / nb[:, None]
        ang = np.arccos(np.clip(U @ U.T, -1, 1))
        mean_ang = (ang.sum(1)) / 2
        g = [math.acos((nb[(i + 1) % 3] ** 2 + nb[(i + 2) % 3] ** 2 - nb[i] ** 2) / (2 * nb[(i + 1) % 3] * nb[(i + 2) % 3])) for i in range(3)]
        worst = max(worst, max(abs(mean_ang[i] - (math.pi + g[i]) / 2) for i in range(3)))
        order_ok += bool(np.all(np.argsort(mean_ang) == np.argsort(nb)))
    n_tri = int(V.shape[0])
    ok = pos and sum_ok and worst < 1e-5 and order_ok == n_tri and close < 1e-6
    # control: the SimRF geometry (all angles 120 degrees) has equal mean angles -- no ordering by norm
    return _O(ok, (f"sympy: d gamma_i / d w_i = {dg} > 0 at every test triangle ({pos}); the interior angles sum to pi ({sum_ok}); "
                   f"so in d = 3 the mean angle (pi + gamma_i)/2 of a vector to the other two increases strictly with its norm. "
                   f"rfsym.couplings.simplex_plus_directions on {n_tri} sampled chi_3 norm triples obeying the triangle inequality: "
                   f"|sum w_i| / sum w_i <= {close:.1e}, mean angles equal (pi + gamma_i)/2 to {worst:.1e}, ordered as the norms in "
                   f"{order_ok}/{n_tri}"),
              f"{order_ok}/{n_tri} ordered", True, "SimRF (all angles 120 degrees): equal mean angles, no ordering by norm")


# ----------------------------------------------------------------------------- Sec. 5.1 prefactor


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


# ----------------------------------------------------------------------------- Sec. 5.1 cross-reference (Eq. 10 vs Eq. 11)


def sec51_ref_mc():
    """Sampled MSEs at d = m = 64, v = 1 (x = y = e_1/2): the sampled SimRF/IID MSE ratio is the Eq. (11) ratio, not the
    ratio of the conformities of Eq. (10)."""
    d = 64
    x = np.zeros(d)
    x[0] = 0.5
    xs = ["0.5"] + ["0"] * (d - 1)
    rng = np.random.default_rng(SEED + 2)
    iid = float(simrf.prf_mse("iid", xs, xs, d, dps=20))
    sim = float(simrf.prf_mse("simplex", xs, xs, d, dps=20))
    r = simrf.prf_mse_mc("simplex", x, x, d, 4000, rng)
    # the ratio of conformities of Eq. (10), read as the MSE of the simplex estimator: conformity ratio x MSE_IID
    rho_ratio = float(simrf.conformity("simplex", d, 1, dps=20) / simrf.conformity("iid", d, 1, dps=20))
    w = z_witness(r, sim, {"Eq. (10) ratio x MSE_IID": rho_ratio * iid})
    return _O(w.passed, (f"d = m = 64, x = y = e_1/2 (v = 1), 4000 sampled SimRF blocks: sampled MSE / exact MSE_IID = {r.estimate / iid:.4f} +- "
                         f"{r.stderr / iid:.4f}; Eq. (11) ratio {sim / iid:.4f} ({w.agreement}); the conformity ratio of Eq. (10) "
                         f"{rho_ratio:.4f}"),
              w.agreement, w.controls_rejected, w.control_detail)


# ----------------------------------------------------------------------------- App. A.1 cross-reference (Eq. 74 vs Eq. 30)


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


# ----------------------------------------------------------------------------- Sec. 4.2 (HD-products), Table 1 (timing)


def _hadamard_expr(d):
    """Normalised Hadamard matrix by the recursion (90), exact (sympy)."""
    H = sp.Matrix([[1]])
    while H.shape[0] < d:
        H = sp.Matrix(sp.BlockMatrix([[H, H], [H, -H]])) / sp.sqrt(2)
    return H


def sec42_symbolic():
    """Exact algebra of Sec. 4.2 / (89)-(90): the recursion's H is orthogonal (sympy); rfsym's FWHT and HD-product equal
    the exact H and prod H D_i bit for bit (d = 4, 16, 64: dyadic entries); R~ R~^T = I exactly, so S R~ has the exact
    simplex Gram matrix."""
    rows, ok = [], True
    for d in (4, 16, 64):
        H = _hadamard_expr(d)
        orth = (H * H.T - sp.eye(d)).is_zero_matrix
        Hf = np.array(H.evalf(30).tolist(), dtype=float)
        bit_h = bool(np.array_equal(ex.fwht(np.eye(d)), Hf.T))       # fwht acts on rows: fwht(I) = H^T = H
        if d > 16:                                   # the exact 64 x 64 products are slow in sympy: H and fwht only
            ok &= orth and bit_h
            rows.append(f"d = {d}: H H^T = I {orth}, fwht = H {bit_h}")
            continue
        seed = SEED + 3 + d
        R = ex.hd_product(d, 3, np.random.default_rng(seed))
        g = np.random.default_rng(seed)
        Rx = sp.eye(d)
        for _ in range(3):
            Dv = g.choice([-1.0, 1.0], size=d)
            Rx = H * sp.diag(*[int(t) for t in Dv]) * Rx
        bit_r = bool(np.array_equal(R, np.array(Rx.evalf(30).tolist(), dtype=float)))
        orth_r = (Rx * Rx.T - sp.eye(d)).is_zero_matrix
        ok &= orth and bit_h and bit_r and orth_r
        rows.append(f"d = {d}: H H^T = I {orth}, fwht = H {bit_h}, hd_product = H D_3 H D_2 H D_1 {bit_r}, R~ R~^T = I {orth_r}")
    d = 4
    S = foundations.simplex_rows_expr(d)
    H = _hadamard_expr(d)
    Rx = H * sp.diag(1, -1, 1, 1) * H * sp.diag(-1, 1, 1, -1) * H * sp.diag(1, 1, -1, 1)
    G = (S * Rx) * (S * Rx).T - S * S.T
    gram0 = G.applyfunc(lambda e: sp.simplify(sp.radsimp(sp.expand(e)))).is_zero_matrix
    lib = couplings.simplex_apply(np.array(Rx.evalf(30).tolist(), dtype=float))
    dev = float(np.max(np.abs(lib - np.array((S * Rx).evalf(30).tolist(), dtype=float))))
    ok &= gram0 and dev < 1e-14
    # control: a non-Rademacher diagonal (entries 1 and 2) breaks the exact orthogonality
    Rb = H * sp.diag(1, 2, 1, 1) * H
    bad = not (Rb * Rb.T - sp.eye(d)).is_zero_matrix
    return _O(ok, ("exact (sympy) Hadamard recursion (90) vs rfsym: " + "; ".join(rows)
                   + f". d = 4: (S R~)(S R~)^T - S S^T = 0 exactly ({gram0}); couplings.simplex_apply(R~) = S R~ to {dev:.1e}"),
              "bit-exact", bad, "a diagonal with an entry 2 (not Rademacher): H D H not orthogonal")


def _per_call_time(fn, x, calls):
    """Wall-clock time per call of ``fn(x)`` over ``calls`` consecutive calls, after one untimed warm-up call."""
    fn(x)
    t0 = time.perf_counter()
    for _ in range(calls):
        fn(x)
    return (time.perf_counter() - t0) / calls


def tab1_timing(repeats=11):
    """Wall-clock scaling of rfsym's Algorithm 1 (couplings.simplex_apply, d = 2^15..2^20) and FWHT
    (simrf_experiments.fwht, d = 2^12..2^16): least-squares slope of log(best time) vs log d must lie in [0.5, 1.7]
    (linear / d log d up to overheads and caches); control: the dense product S x (d = 256..2048) has a slope outside
    the band (quadratic)."""
    rng = np.random.default_rng(SEED + 4)
    ds_ = [2 ** p for p in (15, 17, 19, 20)]          # Algorithm 1: one vectorised pass
    dfw = [2 ** p for p in (12, 13, 14, 15, 16)]      # FWHT: log2(d) passes, kept cache-sized
    dn = [256, 512, 1024, 2048]                        # control: the dense S x
    xs = {d: rng.standard_normal(d) for d in set(ds_) | set(dfw) | set(dn)}
    Ss = {d: couplings.simplex_matrix(d) for d in dn}
    best = {}
    # repeats interleaved over the sizes, the best kept: a transient load spike hits all sizes alike; each sample
    # times enough consecutive calls (after a warm-up) to do about the same work at every size
    work = {"alg": lambda d: max(1, 2 ** 21 // d), "fw": lambda d: max(1, 2 ** 18 // d), "dense": lambda d: max(1, 2 ** 22 // (d * d))}
    for _ in range(repeats):
        for key, fn, sizes in (("alg", couplings.simplex_apply, ds_), ("fw", ex.fwht, dfw),
                               ("dense", None, dn)):
            for d in sizes:
                f = (lambda v, S=Ss[d]: S @ v) if key == "dense" else fn
                t = _per_call_time(f, xs[d], work[key](d))
                best[(key, d)] = min(best.get((key, d), math.inf), t)
    t_alg = [best[("alg", d)] for d in ds_]
    t_fw = [best[("fw", d)] for d in dfw]
    t_dense = [best[("dense", d)] for d in dn]
    slope = lambda ns, ts: float(np.polyfit(np.log(ns), np.log(ts), 1)[0])
    s_alg, s_fw, s_dense = slope(ds_, t_alg), slope(dfw, t_fw), slope(dn, t_dense)
    band = (0.5, 1.7)
    ok = band[0] <= s_alg <= band[1] and band[0] <= s_fw <= band[1]
    return _O(ok, (f"best of {repeats} interleaved wall-clock runs (time per call, each run about the same work): Algorithm 1 at d = 2^15, 2^17, 2^19, 2^20 (couplings.simplex_apply) "
                   + ", ".join(f"{t * 1e3:.2f}" for t in t_alg) + f" ms, fitted exponent {s_alg:.2f}; FWHT "
                   + ", ".join(f"{t * 1e3:.2f}" for t in t_fw) + f" ms at d = 2^12..2^16, exponent {s_fw:.2f} (band [{band[0]}, {band[1]}] for O(d) and "
                   f"O(d log d)); dense S x at d = 256..2048: exponent {s_dense:.2f}"),
              f"exponents {s_alg:.2f}, {s_fw:.2f}", s_dense > band[1], f"dense S x exponent {s_dense:.2f} is outside the band")


# ----------------------------------------------------------------------------- real UCI data: Fig. 10, Tables 2-3

Z_MAX = _rdc.Z_MAX


def fig10_cache():
    """App. B.1 / Fig. 10 from the cached reruns (raw and standardised features): realdata_claims' peak count, plus a
    significance reading: the IIDRF validation accuracy at the exact kernel's peak sigma vs at its own peak (paired
    over the 10 tuning draws).  Control: 'the peaks coincide' (tuning sigma on the exact kernel costs IIDRF nothing)."""
    base = _rdc.check_simrf_fig10()
    passed = base[0] if isinstance(base, tuple) else base.passed
    ev = base[1] if isinstance(base, tuple) else base.evidence
    parts, sig_total, lower_total, flat = [], 0, 0, []
    for part in ("simrf", "simrf-std"):
        C = _rr.load(part)["results"]
        sig, lower = [], 0
        for n in _ds.UCI_SETS:
            e, t = C[n]["exact"]["sigma_i"], C[n]["tuning"]
            v = np.array(t["val"], dtype=float)
            b = t["sigma_i"]
            lower += b < e
            if np.ptp(v.mean(1)) == 0:
                flat.append(f"{n} ({part})")
            diff = v[b] - v[e]
            se = float(diff.std(ddof=1) / math.sqrt(diff.size))
            if b != e and (diff.mean() > 0 and (se == 0 or diff.mean() / se > Z_MAX)):
                sig.append(n)
        sig_total += len(sig)
        lower_total += lower
        parts.append(f"{part}: IIDRF peak below the exact kernel's on {lower} of 8; IIDRF accuracy at the exact kernel's peak "
                     f"lower by more than {Z_MAX:g} standard errors (paired over draws) on {len(sig)} of 8 ({', '.join(sig)})")
    rejected = sig_total >= 4
    return _O(passed and rejected, (ev + ". " + "; ".join(parts)
                                    + (f"; IIDRF accuracy flat over the whole grid (no peak at all) on {', '.join(flat)}" if flat else "")),
              f"{sig_total} significant of 16", rejected,
              f"'peaks coincide' rejected on {sig_total} of 16 (set, preprocessing) cells at z > {Z_MAX:g}")


FIG10_LIVE_SETS = ("wifi", "car", "banknote", "yeast", "abalone")


def fig10_live():
    """Fig. 10 recomputed with fresh IIDRF draws on standardised features (simrf_experiments.sigma_peaks_live): peak
    positions chosen on 12 draws, the loss at the exact kernel's peak measured on 12 independent draws."""
    rows, differ, lower, sig = [], 0, 0, []
    cached = _rr.load("simrf-std")["results"]
    same_exact = True
    for n in FIG10_LIVE_SETS:
        r = ex.sigma_peaks_live(n)
        g = r["gain"]
        # the exact kernel is deterministic: its recomputed validation curve must equal the cached one (counts)
        same_exact &= [float(c) for c in r["exact_curve"]] == [float(v[0]) for v in cached[n]["exact"]["val"]]
        same_exact &= bool(np.all(g == np.round(g)))
        se = float(g.std(ddof=1) / math.sqrt(g.size))
        z = float(g.mean() / se) if se > 0 else (math.inf if g.mean() > 0 else 0.0)
        differ += r["iid_i"] != r["exact_i"]
        lower += r["iid_i"] < r["exact_i"]
        if z > Z_MAX:
            sig.append(n)
        rows.append(f"{n}: exact peak sigma = {_rd.SIGMA_GRID[r['exact_i']]:.3g}, IIDRF peak {_rd.SIGMA_GRID[r['iid_i']]:.3g}, held-out "
                    f"loss at the exact kernel's sigma {g.mean():.1f} of {r['n_val']} validation points (z = {z:.1f})")
    ok = differ >= math.ceil(len(FIG10_LIVE_SETS) / 2) and same_exact
    rejected = len(sig) >= 2
    return _O(ok, ("standardised features, IIDRF m = 10d, fresh draws (peaks chosen on 12, losses measured on 12 others): "
                   + "; ".join(rows) + f". Peaks differ on {differ} of {len(FIG10_LIVE_SETS)} (IIDRF lower on {lower}); "
                   f"significant loss (z > {Z_MAX:g}) on {len(sig)}: {', '.join(sig)}; recomputed exact-kernel curves equal the cached ones "
                   f"and all counts are integers ({same_exact})"),
              f"peaks differ on {differ} of {len(FIG10_LIVE_SETS)}", rejected,
              f"'peaks coincide' rejected on {len(sig)} sets at z > {Z_MAX:g}")


def _zdiff(a, b):
    """z of mean(b) - mean(a) for two independent samples (0 if both are constant and equal)."""
    se = math.hypot(np.std(a, ddof=1), np.std(b, ddof=1)) / math.sqrt(len(a))
    diff = float(np.mean(b) - np.mean(a))
    return (diff / se if se > 0 else (0.0 if diff == 0 else math.copysign(math.inf, diff))), diff, se


def tab3_data(n_seeds=20):
    """Table 3 rerun on the eight UCI sets (standardised features, sigma from the SimRF rerun's IIDRF tuning, d padded to
    a power of 2, m = d): fast (HD-product, k = 3) vs regular ORFs and SimRFs, 20 draws each."""
    C = _rr.load("simrf-std")["results"]
    zs, rows, pooled_d, pooled_v, identical = [], [], 0.0, 0.0, 0
    counts_ok = True
    for n in _ds.UCI_SETS:
        s = _rd.SIGMA_GRID[C[n]["tuning"]["sigma_i"]]
        r = ex.tab3_fast_vs_regular(n, s, n_seeds=n_seeds)
        # accuracies are fractions of the test set: accuracy x n_test must be a whole number of points in [0, n_test]
        for v in ex.TAB3_VARIANTS:
            c = np.asarray(r[v]) * r["n_test"]
            counts_ok &= bool(np.all(np.abs(c - np.round(c)) < 1e-9) and np.all((c >= 0) & (c <= r["n_test"])))
        zo, _, _ = _zdiff(r["orthogonal"], r["orthogonal-fast"])
        zsim, _, _ = _zdiff(r["simplex"], r["simplex-fast"])
        zi, di, sei = _zdiff(r["iid"], r["simplex-fast"])
        pooled_d += di
        pooled_v += sei ** 2
        identical += sum(float(np.mean(r[a])) == float(np.mean(r[b])) for a, b in (("orthogonal", "orthogonal-fast"), ("simplex", "simplex-fast")))
        zs += [zo, zsim]
        rows.append(f"{n} (d = {r['d']} -> {r['d_pad']}): ORF {np.mean(r['orthogonal']):.4f}/{np.mean(r['orthogonal-fast']):.4f} (z {zo:+.1f}), "
                    f"SimRF {np.mean(r['simplex']):.4f}/{np.mean(r['simplex-fast']):.4f} (z {zsim:+.1f})")
    zmax = max(abs(z) for z in zs)
    zpool = pooled_d / math.sqrt(pooled_v)
    return _O(zmax <= Z_MAX and counts_ok, ("rerun, regular/fast test accuracy, standardised features, m = d_pad, 20 draws: " + "; ".join(rows)
                              + f". Max |z| = {zmax:.1f} over 16 comparisons; identical means in {identical} of 16; fast SimRF minus IIDRF pooled over "
                              f"the 8 sets: {pooled_d / 8:.4f} per set, z = {zpool:.1f}; accuracies are whole counts of test points ({counts_ok})"),
              f"max |z| = {zmax:.1f}", zpool > Z_MAX,
              f"'fast SimRF no better than IIDRF' rejected: pooled gain {pooled_d / 8:.4f} per set, z = {zpool:.1f}")


def tab2_data():
    """Table 2's 'any gain from SimRF+ is marginal' on the cached UCI reruns (m = d, 50 test draws per coupling, raw and
    standardised features): SimRF+ minus SimRF per set; the v_bar half of the claim cannot be resolved (no gain is
    significant)."""
    rows, zmax, pooled, pv = [], 0.0, [], []
    for part in ("simrf", "simrf-std"):
        S = _rdc.classification_summary(part)
        C = _rr.load(part)["results"]
        cells = []
        for n in _ds.UCI_SETS:
            d = C[n]["d"]
            a, b = S[n][f"simplex|{d}"], S[n][f"simplex+|{d}"]
            se = math.hypot(a[1] / math.sqrt(a[2]), b[1] / math.sqrt(b[2]))
            diff = b[0] - a[0]
            z = diff / se if se > 0 else 0.0
            zmax = max(zmax, abs(z))
            pooled.append(diff)
            pv.append(se ** 2)
            cells.append(f"{n} {diff:+.4f} (z {z:+.1f})")
        rows.append(f"{part}: " + ", ".join(cells))
    mean_gain = float(np.mean(pooled))
    se_pool = math.sqrt(sum(pv)) / len(pv)
    ctl = 0.03
    zc = (mean_gain - ctl) / se_pool
    return _O(zmax <= Z_MAX, ("SimRF+ - SimRF test accuracy at m = d (cached reruns, 50 draws each): " + "; ".join(rows)
                              + f". No difference reaches |z| = {Z_MAX:g} (max {zmax:.1f}); mean over the 16 cells {mean_gain:+.4f} +- {se_pool:.4f}. "
                              "With no significant gain anywhere, whether gains 'occur where v_bar is small' cannot be decided from the rerun"),
              f"max |z| = {zmax:.1f}", zc < -Z_MAX,
              f"an average SimRF+ gain of {ctl} rejected at z = {zc:.1f}")


# ----------------------------------------------------------------------------- Sec. 5.2 'Frobenius norm'


def _fig7_points(seed=SEED + 5):
    return 0.1 * np.random.default_rng(seed).standard_normal((64, 64))   # N = 64, d = 64, sigma = 0.1 (Fig. 7)


def frob_numeric():
    """The printed error sum_ij (K_ij - K^_ij)^2 has expectation sum_ij MSE(x_i, x_j) (Eq. (11)), which for whole blocks
    is exactly proportional to 1/m: the ratio between m = 128 and m = 64 is 1/2 (a squared norm); a Frobenius norm
    (its square root) would shrink like 1/sqrt(m)."""
    X = _fig7_points()
    ratios = {c: ex.gram_error_exact(c, X, 128) / ex.gram_error_exact(c, X, 64) for c in ("iid", "orthogonal", "simplex")}
    dev = max(abs(r - 0.5) for r in ratios.values())
    ctl = min(abs(r - 1 / math.sqrt(2)) for r in ratios.values())
    return _O(dev < 1e-12, ("Fig. 7 set-up (N = 64, d = 64, sigma = 0.1): E sum_ij (K_ij - K^_ij)^2 = sum_ij MSE(x_i, x_j) "
                            "(simrf_experiments.gram_error_exact, Eq. (11)) at m = 128 over m = 64: "
                            + ", ".join(f"{c} {r:.15f}" for c, r in ratios.items()) + f" (1/2 to {dev:.1e}): the printed quantity decays as 1/m"),
              f"1/2 to {dev:.1e}", ctl > 0.1, f"the 1/sqrt(m) decay of a norm (ratio 0.7071) is off by {ctl:.3f}")


def frob_mc(n=150):
    """Sampled PRF Gram matrices (Fig. 7 set-up, SimRF, m = 64 and 128): the mean of ||K - K^||_F^2 (numpy's Frobenius
    norm, squared) agrees with the expected printed error sum_ij MSE; the mean of ||K - K^||_F (the 'Frobenius norm' the
    text names) is a different quantity and decays as 1/sqrt(m)."""
    X = _fig7_points()
    rng = np.random.default_rng(SEED + 6)
    sq = np.sum(X * X, axis=1)
    K = np.exp(-(sq[:, None] + sq[None, :] - 2 * X @ X.T) / 2)
    out, ok, rej, norms = [], True, True, {}
    for m in (64, 128):
        exact = ex.gram_error_exact("simplex", X, m)
        f2, f1 = np.empty(n), np.empty(n)
        for r in range(n):
            W = couplings.sample("simplex", 64, m, rng)
            phi = np.exp(X @ W.T - sq[:, None]) / math.sqrt(m)
            f = np.linalg.norm(K - phi @ phi.T, "fro")
            f1[r], f2[r] = f, f * f
        r2, r1 = mean_of(f2), mean_of(f1)
        w = z_check(r2, exact)
        wrong = z_check(r1, exact)
        ok &= w.passed
        rej &= not wrong.passed
        norms[m] = r1.estimate
        out.append(f"m = {m}: mean ||K - K^||_F^2 = {r2.estimate:.4g} +- {r2.stderr:.2g} vs sum MSE = {exact:.4g} (z = {w.z:+.2f}); "
                   f"mean ||K - K^||_F = {r1.estimate:.4g} (z = {wrong.z:+.0f} against sum MSE)")
    decay = norms[128] / norms[64]
    return _O(ok, (f"{n} sampled SimRF Gram matrices per m (N = 64, d = 64, sigma = 0.1): " + "; ".join(out)
                   + f"; the Frobenius norm itself shrinks by {decay:.3f} from m = 64 to 128 (1/sqrt(2) = 0.707), the printed sum by 1/2"),
              "z-test of the squared norm", rej, "the Frobenius norm (unsquared) rejected as the printed quantity")


# ----------------------------------------------------------------------------- a_i in (73) vs (77)


def ai_numeric():
    """Which a_i makes (77) right: with a_i = cos(w_i^T z) (Eq. (73)) the iid variance is (1 - e^(-z^2))^2/2 and the ratio
    is 1 + 2(m-1)(E - e^(-z^2))/(1 - e^(-z^2))^2 = rfsym.simrf.rff_mse_ratio; with a_i = e^(-i w_i^T z) (as under (77)) the
    pair term E[a_1 a_2] is the same number for orthogonal pairs, but the iid variance E|a|^2 - |E a|^2 = 1 - e^(-z^2)
    gives a different ratio, 1 + (m-1)(E - e^(-z^2))/(1 - e^(-z^2))."""
    rows, worst, ctl = [], 40.0, math.inf
    for d, m, z in ((6, 6, "0.7"), (6, 3, "1.5"), (16, 16, "1")):
        with mp.workdps(40):
            zz = mpf(z)
            E = wit.rff_orf_pair_product_quad(d, z, dps=30)          # E_ort[cos cos] (Bessel quadrature)
            ez = mpmath.exp(-zz * zz)
            cos_read = 1 + 2 * (m - 1) * (E - ez) / (1 - ez) ** 2
            exp_read = 1 + (m - 1) * (E - ez) / (1 - ez)
            lib = simrf.rff_mse_ratio(d, m, z, dps=30)
            dig = min(float(-mpmath.log10(abs(lib / cos_read - 1) + mpf(10) ** -45)), 40.0)
            worst = min(worst, dig)
            ctl = min(ctl, float(abs(exp_read / lib - 1)))
        rows.append(f"d = {d}, m = {m}, z = {z}: E_ort(a_1 a_2) = {mpmath.nstr(E, 10)}, ratio with a_i = cos {mpmath.nstr(cos_read, 10)}, "
                    f"with a_i = e^(-i w_i z) {mpmath.nstr(exp_read, 10)}, rfsym.simrf.rff_mse_ratio {mpmath.nstr(lib, 10)}")
    return _O(worst >= 25, "; ".join(rows) + f"; the cos reading agrees with the library to {worst:.0f} digits",
              f"{worst:.0f} digits", ctl > 1e-3, f"the e^(-i w^T z) reading differs by at least {ctl:.2e} (relative)")


def ai_mc(n=60000):
    """Sampled orthogonal and iid blocks (d = m = 6, z = 1): E[a_1 a_2] is the same under both readings of a_i; the MSE
    ratio of the paper's estimator (72) (a_i = cos) matches (77) with the (1 - e^(-z^2))^2 denominator, while the complex
    estimator built from a_i = e^(-i w_i^T z) has a different MSE ratio, so (77) holds for (73)'s a_i."""
    d = m = 6
    z = 1.0
    rng = np.random.default_rng(SEED + 7)
    K = math.exp(-z * z / 2)
    ez = math.exp(-z * z)
    res = {}
    for c in ("orthogonal", "iid"):
        W = couplings.sample(c, d, d * n, rng).reshape(n, d, d)
        t = z * W[:, :, 0]
        a, ac = np.cos(t), np.exp(-1j * t)
        res[c] = {"pair_cos": mean_of(a[:, 0] * a[:, 1]), "pair_exp": mean_of(np.real(ac[:, 0] * ac[:, 1])),
                  "mse_cos": mean_of((a.mean(1) - K) ** 2), "mse_exp": mean_of(np.abs(ac.mean(1) - K) ** 2)}
    E = float(wit.rff_orf_pair_product_quad(d, 1, dps=20))
    lib = float(simrf.rff_mse_ratio(d, m, 1, dps=20))
    iid_cos = (1 - ez) ** 2 / (2 * m)
    iid_exp = (1 - ez) / m
    checks = [z_check(res["orthogonal"]["pair_cos"], E), z_check(res["orthogonal"]["pair_exp"], E),
              z_check(res["iid"]["mse_cos"], iid_cos), z_check(res["iid"]["mse_exp"], iid_exp),
              z_check(res["orthogonal"]["mse_cos"], lib * iid_cos),
              z_check(res["orthogonal"]["mse_exp"], iid_exp * (1 + (m - 1) * (E - ez) / (1 - ez)))]
    wrong = z_check(res["orthogonal"]["mse_exp"], iid_exp * lib)       # (77) applied to the complex a_i
    ok = all(ch.passed for ch in checks)
    zs = ", ".join(f"{ch.z:+.2f}" for ch in checks)
    return _O(ok, (f"d = m = 6, z = 1, {n} sampled blocks per coupling: E_ort[a_1 a_2] = {res['orthogonal']['pair_cos'].estimate:.5f} "
                   f"(a = cos) and {res['orthogonal']['pair_exp'].estimate:.5f} (a = e^(-i w z), real part) vs quadrature {E:.5f}; iid MSE "
                   f"{res['iid']['mse_cos'].estimate:.5f} (cos; (1 - e^(-z^2))^2/(2m) = {iid_cos:.5f}) and {res['iid']['mse_exp'].estimate:.5f} "
                   f"(complex; (1 - e^(-z^2))/m = {iid_exp:.5f}); ORF MSE over iid: cos {res['orthogonal']['mse_cos'].estimate / iid_cos:.4f} "
                   f"vs (77) corrected {lib:.4f}, complex {res['orthogonal']['mse_exp'].estimate / iid_exp:.4f}; z-tests {zs}"),
              f"max |z| = {max(abs(ch.z) for ch in checks):.2f}", not wrong.passed,
              f"(77) with a_i = e^(-i w^T z) rejected at z = {wrong.z:+.1f}")


# ----------------------------------------------------------------------------- Table 2 caption: 'both variants substantially outperform ORFs'

#: data sets whose dimension is a power of 2 in realdata's encoding (categorical attributes as ordinal codes): Table 3's
#: zero-padding changes nothing for them if the paper encoded them the same way (certain only for the all-numeric
#: banknote, d = 4, and yeast, d = 8)
UNPADDED = ("abalone", "banknote", "yeast", "nursery")


def tab2_caption_arithmetic(table2, table3):
    """Printed numbers only: SimRF (regular) minus ORF (regular) within Table 3, and Table 2's SimRF / SimRF+ minus Table 3's
    ORF on the sets where padding is a no-op.  ``table2``: {set: (v_bar, SimRF, SimRF+, se)}; ``table3``: {set: ((IID, se),
    (ORF, se), (ORF fast, se), (SimRF, se), (SimRF fast, se))}."""
    within, cross, neg = [], [], []
    for n, row in table3.items():
        (o, so), (s_, ss) = row[1], row[3]
        z = (s_ - o) / math.hypot(so, ss)
        within.append((n, s_ - o, z))
        if s_ - o < 0:
            neg.append(f"{n} (Table 3)")
    same = []
    for n in UNPADDED:
        _, sim, plus, se = table2[n]
        o, so = table3[n][1]
        s3, ss3 = table3[n][3]
        same.append((n, sim - s3, (sim - s3) / math.hypot(se, ss3)))
        for name, val in (("SimRF", sim), ("SimRF+", plus)):
            z = (val - o) / math.hypot(se, so)
            cross.append((n, name, val - o, z))
            if val - o < 0:
                neg.append(f"{n} ({name}, Table 2 vs Table 3)")
    not_sig = [n for n, _, z in within if z <= _rdc.Z_MAX]
    subst = [n for n, g, z in within if z > _rdc.Z_MAX and g >= 0.01]
    small = [n for n, g, z in within if g < 0.01]
    ok = len(not_sig) > 0 and any(g < 0 for _, g, _ in within)
    return _O(ok, ("printed Table 3, regular SimRF - regular ORF (z): " + ", ".join(f"{n} {g:+.4f} ({z:+.1f})" for n, g, z in within)
                   + f"; not significant (z <= {_rdc.Z_MAX:g}) on {len(not_sig)} of 8 ({', '.join(not_sig)}). Sets with d a power of 2 "
                   "in our encoding: Table 2 minus Table 3's ORF: "
                   + ", ".join(f"{n} {name} {g:+.4f} ({z:+.1f})" for n, name, g, z in cross)
                   + f". Negative differences: {', '.join(neg)}. Within Table 3 SimRF leads by at least one accuracy point and "
                   f"significantly on {', '.join(subst)}; by less than one point on {', '.join(small)}. Caveat on the cross-table comparison: "
                   "Table 2's SimRF minus Table 3's regular SimRF on the unpadded sets: "
                   + ", ".join(f"{n} {g:+.4f} ({z:+.1f})" for n, g, z in same)
                   + " -- agreement on the all-numeric banknote and yeast, significant differences on abalone and nursery (so either "
                   "those were encoded with d not a power of 2 and padded, or the standard errors omit a source of variation): only "
                   "the within-Table-3 comparison is safe"),
              f"{len(not_sig)} of 8 not significant", len(neg) > 0,
              f"even the weakest reading (SimRF >= ORF on every set) fails: {len(neg)} negative differences")


SUBSTANTIAL = 0.01   # one accuracy point: the smallest lead read as 'substantial'


def tab2_caption_data():
    """Our UCI reruns (raw and standardised features, m = d, 50 draws): SimRF and SimRF+ minus ORF per set; sets where the
    lead is below one accuracy point and not significant."""
    rows, small_all, cells = [], {}, 0
    for part in ("simrf", "simrf-std"):
        S = _rdc.classification_summary(part)
        C = _rr.load(part)["results"]
        out, small = [], []
        for n in _ds.UCI_SETS:
            d = C[n]["d"]
            o = S[n][f"orthogonal|{d}"]
            for c in ("simplex", "simplex+"):
                a = S[n][f"{c}|{d}"]
                se = math.hypot(a[1] / math.sqrt(a[2]), o[1] / math.sqrt(o[2]))
                g = a[0] - o[0]
                z = g / se if se > 0 else 0.0
                cells += 1
                if g < SUBSTANTIAL and z <= _rdc.Z_MAX:
                    small.append(f"{n} {c}")
                if c == "simplex":
                    out.append(f"{n} {g:+.4f} ({z:+.1f})")
        small_all[part] = small
        rows.append(f"{part}, SimRF - ORF (z): " + ", ".join(out) + f"; lead below {SUBSTANTIAL} and not significant: {len(small)} of 16 "
                    f"(set, variant) cells")
    ok = all(len(v) > 0 for v in small_all.values())
    return _O(ok, "cached reruns at m = d: " + "; ".join(rows),
              f"{sum(len(v) for v in small_all.values())} of {cells} cells without a substantial lead", ok,
              "'substantially ahead of ORF on every set' rejected under both preprocessings")


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
    r = simrf.prf_mse_mc("orthogonal", [float(t) for t in x], [float(t) for t in y], m, n, np.random.default_rng(SEED + 8))
    w = z_witness(r, eq30, {"(33) into (74)": eq74})
    return _O(w.passed, (f"d = m = 4, ORF, {n} sampled blocks: sampled MSE {r.estimate:.6g} +- {r.stderr:.2g}; (33) into (30) "
                         f"{eq30:.6g} ({w.agreement}); (33) into (74)'s form {eq74:.6g}"),
              w.agreement, w.controls_rejected, w.control_detail)
