"""SimRF Secs. 3-3.1: the simplex geometry, RF-conformity and the optimality of SimRFs, with the proofs of
App. A.1-A.2.

Claims
------
* ``SimRF-Fig2`` verified -- Fig. 2: the simplex geometry
* ``SimRF-Def3.1`` verified -- Def. 3.1: RF-conformity
* ``SimRF-Eq31`` verified -- Eqs. (31)-(33): the Hankel-transform step
* ``SimRF-Thm3.2`` erratum (major) -- Thm. 3.2: MSE from the conformity holds only for isotropic resultants (root cause SimRF:resultant-isotropy)
* ``SimRF-Cor3.3`` verified -- Cor. 3.3: SimRFs beat ORFs
* ``SimRF-Thm3.4`` erratum (major) -- Thm. 3.4: SimRFs are optimal among weight-independent couplings (root cause SimRF:resultant-isotropy)
* ``SimRF-SecA.2`` erratum (major) -- App. A.2: the proof of Thm. 3.4 (root cause SimRF:resultant-isotropy)
* ``SimRF-LemA.1`` verified -- Lemma A.1: equal norms
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp, mpf

from ... import couplings, foundations, simrf
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import mean_of, z_check, z_witness
from .. import experiments as ex
from .. import nonisotropic as ni
from .. import witnesses as wit
from ._checks import MC_WHY, SEED, SEED2, _O, _digits, _every, _pair_var_bound, _pairs_mean_conformity, _ms, _MseW, _xw


Z_MAX = 5.0  # |z| threshold of the Monte Carlo tests


def _mse30(n2, v2, m, pair):
    return mpmath.exp(-2 * n2) / m * ((mpmath.exp(2 * v2) - mpmath.exp(v2)) + (m - 1) * (pair - mpmath.exp(v2)))


CLAIMS = []


def _fig2_numeric():
    Wb = couplings.sample("simplex", 3, 3, np.random.default_rng(SEED + 19))
    U = Wb / np.linalg.norm(Wb, axis=1, keepdims=True)
    G = U @ U.T
    dev = float(np.max(np.abs(G - (np.full((3, 3), -0.5) + 1.5 * np.eye(3)))))
    ang = np.degrees(np.arccos(np.clip(G[0, 1:], -1, 1)))
    dev_orth = float(np.max(np.abs(G - np.eye(3))))
    ok = dev < 1e-12 and simrf.cos_theta("simplex", 3) == sp.Rational(-1, 2)
    return _O(ok, f"d = 3 sampled block: angles {np.round(ang, 10).tolist()} degrees; max |G - G_simplex| = {dev:.1e}; cos_theta('simplex', 3) = {simrf.cos_theta('simplex', 3)}",
              f"deviation {dev:.1e}", dev_orth > 0.4, f"orthogonal angles are off by {dev_orth:.2f} in the Gram matrix")


def fig2_symbolic():
    """cos(theta) = -1/(d-1) derived from sum_i s_i = 0 and |s_i| = 1 (sympy), the library's exact rows and cos_theta."""
    c, d = sp.symbols("c d")
    sol = sp.solve(sp.Eq(d + d * (d - 1) * c, 0), c)        # |sum s_i|^2 = d + d(d-1)c = 0
    ok = sol == [-1 / (d - 1)]
    rows_ok, sum_ok = True, True
    DS = range(2, 8)
    for dd in DS:
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
                   f"regular simplex's and sum to zero for d = {DS.start}..{DS.stop - 1} ({rows_ok and sum_ok}); rfsym.simrf.cos_theta agrees; "
                   f"arccos(-1/2) = {ang3} = 120 degrees at d = 3"),
              "exact", sp.Integer(0) != sol[0], "cos = 0 (orthogonal) leaves |sum s_i|^2 = d",
              domain={"d": f"symbolic d for c; exact Gram matrices at d = {_every(DS)}"})


CLAIMS.append(Claim(
    id="SimRF-Fig2", paper="SimRF", location="Sec. 3, Fig. 2 and text after Eq. (8)",
    statement=r"Simplex rows subtend $\theta = \arccos(-1/(d-1))$ (120 degrees for $d = 3$); the block is rotated by a Haar $R$ and the norms are $\chi_d$.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="Sampled blocks have all pairwise cosines -1/(d-1); sympy derives $c=-1/(d-1)$ from $\\|\\sum_i s_i\\|^2 = d + d(d-1)c = 0$, the exact rows of Eq. (9) have the regular-simplex Gram matrix and sum to zero (d = 2..7), and arccos(-1/2) is 120 degrees. Gaussian marginals and chi_d norms: SimRF-Def1.1.",
    checks=[
        Check("simplex angles of sampled blocks", "numeric", _fig2_numeric,
              exercises=("rfsym.couplings.sample", "rfsym.simrf.cos_theta"), route="Gram matrix of a sampled block",
              control="orthogonal angles (cos 0)"),
        Check("cos theta from sum s_i = 0 (sympy)", "symbolic", fig2_symbolic,
              exercises=("rfsym.simrf.cos_theta", "rfsym.foundations.simplex_gram_expr"),
              route="sympy: |sum s_i|^2 = d + d(d-1)c = 0; exact Gram matrices of Eq. (9), d = 2..7", control="cos = 0"),
    ],
    no_witness={"montecarlo": "the angles are deterministic (every sampled block has them exactly); the Gaussian marginals are sampled in SimRF-Def1.1"},
))


def _def31_mc():
    rng = np.random.default_rng(SEED + 2)
    out, ok, rej, zs, zw, z102 = [], True, True, [], [], []
    for c in ("orthogonal", "simplex"):
        exact = float(simrf.conformity(c, 6, 1, dps=15))
        Wb = couplings.sample(c, 6, 6 * 100000, rng).reshape(100000, 6, 6)
        r = _pairs_mean_conformity(Wb, 1.0)                     # all 30 ordered pairs of each block
        r2 = simrf.conformity_mc(c, 6, 1.0, 80000, rng, samples=True)   # the library's two-row estimator
        # exact s.e.: one pair term's variance rho(2) - rho(1)^2 (exact for r2, an upper bound for the block mean r)
        var = _pair_var_bound(c, 6, 1.0)
        w_ = _xw(r, exact, var, {"x1.05": 1.05 * exact})
        w2 = _xw(r2, exact, var, {"iid value e": math.e})
        ok &= w_.passed and w2.passed
        rej &= w_.controls_rejected
        zs += [abs(w_.z), abs(w2.z)]; zw.append(abs(w_.controls[0][1].z))
        z102.append(abs(float(np.mean(r)) - 1.02 * exact) / math.sqrt(var / r.size))
        out.append(f"{c}: all pairs of 100000 blocks {w_}; conformity_mc (80000 pairs) {w2}")
    return _O(ok, "E[exp((w_i+w_j)^T v)] from the samplers vs conformity(c, 6, 1), s.e. from one pair term's exact variance rho(2) - rho(1)^2: " + "; ".join(out),
              f"max |z| = {max(zs):.2f} (exact s.e.)", rej, f"1.05 x conformity rejected at min |z| = {min(zw):.1f} (exact s.e.); 1.02 x sits at |z| <= {max(z102):.1f}, "
              f"below the bound's resolution")


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
                            "(rfsym.simrf.witnesses.conformity_definition_quad) vs rfsym.simrf.conformity: " + "; ".join(out)
                            + f"; >= {worst:.0f} agreeing digits"),
              f">= {worst:.0f} digits", ctl > 1e-3, f"the i.i.d. value e^(v^2) differs by at least {ctl:.2e} (relative)")


CLAIMS.append(Claim(
    id="SimRF-Def3.1", paper="SimRF", location="Sec. 3.1, Def. 3.1, Eq. (10)",
    statement=r"Def. 3.1: $\rho(x,y)=\frac{\Gamma(d/2)}{m(m-1)}\sum_{i,j\ne i}E_{w_{ij}}\sum_k\frac{v^{2k}w_{ij}^{2k}}{2^{2k}k!\Gamma(k+d/2)}$ (10), with $w_{ij}=\|w_i+w_j\|_2$ and $v=\|x+y\|_2$; evaluated for the paper's ORF and SimRF blocks.",
    verdict="verified",
    rule="verified-as-printed",
    conventions=('SimRF:wij',),
    evidence="The library implements Eq. (10) as printed: the pair conformities of rfsym.simrf.conformity agree with sampled E exp((w_i+w_j)^T v) for ORF and SimRF blocks (whose resultants are isotropic, so (10) is also their mean pair term E[b_i b_j]; for couplings outside that set it is not, SimRF-Thm3.2), and with the definition evaluated by quadrature over the two chi_d norms at the coupling's fixed angle (ORF and SimRF, d = 3 and 6, v = 0.5 and 1.5, 30+ digits; the i.i.d. value is rejected).",
    checks=[
        Check("sampled pair expectation", "montecarlo", _def31_mc,
              exercises=("rfsym.simrf.conformity", "rfsym.simrf.conformity_mc"), route="150000 sampled pairs per coupling",
              control="1.05 x conformity"),
        Check("definition quadrature over the two chi_d norms", "numeric", def31_numeric,
              exercises=("rfsym.simrf.conformity",),
              route="rfsym.simrf.witnesses.conformity_definition_quad at 30 digits, ORF and SimRF, d = 3, 6, v = 0.5, 1.5",
              control="the i.i.d. value e^(v^2)"),
    ],
    no_witness={"symbolic": "the pair expectation is a Bessel-type integral over two chi_d norms; sympy derives its series in SimRF-Eq31/Thm4.3, the quadrature covers the definition here"},
))


def _eq31_numeric():
    worst, wrong_dig, lib_rel = math.inf, 0.0, 0.0
    for d in (2, 3, 6, 17):
        for wv in ("0.7", "3"):
            with mp.workdps(40):
                x = mpf(wv)
                a = mpmath.mpf(d) / 2 - 1
                dens = lambda t: mpmath.sin(t) ** (d - 2)
                quad = mpmath.quad(lambda t: dens(t) * mpmath.exp(x * mpmath.cos(t)), [0, mpmath.pi]) / \
                    mpmath.quad(dens, [0, mpmath.pi])
                hank = mpmath.gamma(mpmath.mpf(d) / 2) * 2 ** a * (1j * x) ** (-a) * mpmath.besselj(a, 1j * x)
                series = mpmath.hyp0f1(mpmath.mpf(d) / 2, x ** 2 / 4)
                worst = min(worst, _digits(quad, hank.real), _digits(quad, series), float(-mpmath.log10(abs(hank.imag) + mpf(10) ** -60)))
                wrong = mpmath.hyp0f1(mpmath.mpf(d) / 2, x ** 2 / 2)   # control: (wv)^2/2 instead of (wv/2)^2 * 1
                wrong_dig = max(wrong_dig, _digits(quad, wrong))
                # the library's float64 evaluation of the same angular average (two rows, |w_1 + w_2| = x)
                Wv = np.zeros((2, d)); Wv[0, 0] = float(x)
                lib_rel = max(lib_rel, abs(simrf.pair_conformity_of_vectors(Wv, 1.0) / float(quad) - 1))
    return _O(worst >= 30 and lib_rel < 1e-13, (f"E over a uniform direction of exp(w u.v) (quadrature over the polar angle) = "
                         f"Gamma(d/2) 2^(d/2-1) (i w v)^(1-d/2) J_(d/2-1)(i w v) = Gamma(d/2) sum (wv/2)^(2k)/(k! Gamma(k+d/2)) "
                         f"for d in (2,3,6,17), wv in (0.7,3): >= {worst:.0f} agreeing digits (need 30); "
                         f"rfsym.simrf.pair_conformity_of_vectors (float64) matches the quadrature to {lib_rel:.1e}"),
              f">= {worst:.0f} digits", wrong_dig < 3, f"0F1(; d/2; (wv)^2/2) agrees to at most {wrong_dig:.1f} digits")


def _eq31_symbolic():
    # d = 3: uniform direction on the sphere, u.e ~ Unif(-1, 1): E exp(x u.e) = sinh(x)/x = 0F1(; 3/2; x^2/4)
    x, t = sp.symbols("x t", positive=True)
    avg = sp.simplify(sp.integrate(sp.exp(x * t), (t, -1, 1)) / 2)
    hyp = sp.simplify(sp.hyperexpand(sp.hyper([], [sp.Rational(3, 2)], x ** 2 / 4)))
    ok = sp.simplify((avg - hyp).rewrite(sp.exp)) == 0
    wrong = sp.simplify(sp.hyperexpand(sp.hyper([], [sp.Rational(3, 2)], x ** 2 / 2)))
    bad = sp.simplify((avg - wrong).rewrite(sp.exp)) != 0
    return _O(ok, f"sympy, d = 3: E over a uniform direction of exp(x u.e) = {avg} = 0F1(; 3/2; x^2/4) = {hyp} (Eq. (31)-(33) at d = 3)",
              "difference 0", bad, f"0F1(; 3/2; x^2/2) = {wrong} is rejected")


def _eq31_mc():
    rng = np.random.default_rng(SEED + 39)
    out, ok, rej, zs, zw = [], True, True, [], []
    for d, x in ((3, 1.5), (8, 2.0)):
        g = couplings.sample("iid", d, 200000, rng)
        u = g[:, 0] / np.linalg.norm(g, axis=1)
        r = mean_of(np.exp(x * u))
        Wv = np.zeros((2, d)); Wv[0, 0] = x
        exact = simrf.pair_conformity_of_vectors(Wv, 1.0)
        w_ = z_witness(r, exact, {"x1.02": 1.02 * exact})
        ok &= w_.passed
        rej &= w_.controls_rejected
        zs.append(abs(w_.check.z)); zw.append(abs(w_.controls[0][1].z))
        out.append(f"d = {d}, |w v| = {x}: {w_}")
    return _O(ok, "E exp(x u_1) over 200000 sampled uniform directions u (normalised Gaussian rows) vs rfsym's 0F1 form: " + "; ".join(out),
              f"max |z| = {max(zs):.2f}", rej, f"1.02 x rejected at min |z| = {min(zw):.1f}")


CLAIMS.append(Claim(
    id="SimRF-Eq31", paper="SimRF", location="App. A.1, Eqs. (31)-(33)",
    statement=r"For isotropic $w_{ij}$: $E e^{w_{ij}^\top v} = \Gamma(d/2)2^{d/2-1}\int p(w)(iwv)^{1-d/2}J_{d/2-1}(iwv)\,dw = \Gamma(d/2)E\sum_k \frac{v^{2k}w^{2k}}{2^{2k}k!\Gamma(k+d/2)}$.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="Angular average by quadrature = Bessel form = 0F1 series to 30 digits; the library's float64 evaluation agrees; sympy derives the d = 3 case; sampled uniform directions agree.",
    checks=[
        Check("angular average vs Bessel vs series", "numeric", _eq31_numeric,
              exercises=("rfsym.simrf.pair_conformity_of_vectors",), route="mpmath.quad over the polar angle at 40 digits",
              control="0F1(; d/2; (wv)^2/2)"),
        Check("d = 3 angular average (sympy)", "symbolic", _eq31_symbolic, route="sympy integral over the sphere in d = 3",
              control="sinh(2x)/(2x)"),
        Check("sampled directions", "montecarlo", _eq31_mc,
              exercises=("rfsym.couplings.sample", "rfsym.simrf.pair_conformity_of_vectors"),
              route="uniform directions from sampled rows", control="1.02 x"),
    ],
))


def _thm32_symbolic():
    der, _ = simrf.prf_mse_expr()
    m = sp.Symbol("m", positive=True, integer=True)
    X2, Y2, v, rho = sp.symbols("X2 Y2 v rho", positive=True)
    # Eq. (11) transcribed here (not taken from the library), compared with rfsym's derivation
    printed = sp.exp(-2 * X2 - 2 * Y2) / m * ((sp.exp(2 * v ** 2) - sp.exp(v ** 2)) + (m - 1) * (rho - sp.exp(v ** 2)))
    diff = sp.simplify(der - sp.expand(printed))
    wrong = sp.exp(-2 * X2 - 2 * Y2) / m * ((sp.exp(2 * v ** 2) - sp.exp(v ** 2)) + m * (rho - sp.exp(v ** 2)))
    wdiff = sp.simplify(der - sp.expand(wrong))
    return _O(diff == 0, f"sympy: E[K^2] - K^2 from E b_i = e^(v^2/2), E b_i^2 = e^(2v^2), E b_i b_j = rho, minus Eq. (11) = {diff}",
              "difference 0", wdiff != 0, f"(11) with m in place of m-1 leaves {sp.factor(wdiff)}")


def _thm32_numeric():
    # Eq. (11) with the conformity from the definition (quadrature over the norms, rfsym.simrf.witnesses) vs rfsym.simrf.prf_mse,
    # for one block (m = d) and m < d; and the float64 prf_mse_np against the mpmath prf_mse
    x, y = ["0.4", "0", "0.1", "0"], ["0", "0.3", "0.1", "-0.2"]
    worst, np_rel, wrong_dig = math.inf, 0.0, 0.0
    with mp.workdps(60):
        xs, ys = [mpf(t) for t in x], [mpf(t) for t in y]
        v2 = sum((a + b) ** 2 for a, b in zip(xs, ys))
        n2 = sum(a * a for a in xs) + sum(b * b for b in ys)
    for c, m in (("simplex", 4), ("simplex", 3), ("orthogonal", 4)):
        cc = Fraction(-1, 3) if c == "simplex" else 0
        with mp.workdps(60):
            vv = mpmath.sqrt(v2)
        rho = wit.conformity_definition_quad(4, vv, cc, dps=30)
        with mp.workdps(40):
            ref = mpmath.exp(-2 * n2) / m * ((mpmath.exp(2 * v2) - mpmath.exp(v2)) + (m - 1) * (rho - mpmath.exp(v2)))
            wrong = mpmath.exp(-2 * n2) / m * ((mpmath.exp(2 * v2) - mpmath.exp(v2)) + m * (rho - mpmath.exp(v2)))
        lib = simrf.prf_mse(c, x, y, m, dps=30)
        worst = min(worst, _digits(lib, ref))
        wrong_dig = max(wrong_dig, _digits(lib, wrong))
        npv = float(simrf.prf_mse_np(c, np.array([[float(t) for t in x]]), np.array([[float(t) for t in y]]), m)[0])
        np_rel = max(np_rel, abs(npv / float(lib) - 1))
    return _O(worst >= 25 and np_rel < 1e-12,
              (f"Eq. (11) with the conformity from the definition (quadrature over the two chi_d norms) vs rfsym.simrf.prf_mse, d = 4, "
               f"SimRF m = 4, 3 and ORF m = 4: >= {worst:.0f} digits; the float64 prf_mse_np agrees to {np_rel:.1e}"),
              f">= {worst:.0f} digits", wrong_dig < 3, f"(11) with m in place of m-1 agrees to at most {wrong_dig:.1f} digits")


def _thm32_mc():
    rng = np.random.default_rng(SEED + 3)
    x, y = ["0.4", "0", "0.1", "0"], ["0", "0.3", "0.1", "-0.2"]
    xf, yf = [float(t) for t in x], [float(t) for t in y]
    out, ok, rej, zs, zw = [], True, True, [], []
    for c, m in (("iid", 4), ("orthogonal", 4), ("simplex", 4), ("simplex", 7)):
        exact = float(simrf.prf_mse(c, x, y, m, dps=15))
        r = simrf.prf_mse_mc(c, xf, yf, m, 120000, rng, samples=True)
        w_ = _MseW(r, exact, c, xf, yf, m, {"1.1x": 1.1 * exact})
        ok &= w_.passed
        rej &= w_.rejected
        zs.append(abs(w_.z)); zw.append(abs(w_.ctl[0][1]))
        out.append(f"{c}, m={m}: z = {w_.z:+.2f}, 1.1x z = {w_.ctl[0][1]:+.1f} ({w_.tag})")
    return _O(ok, "sampled squared error of K_hat vs Eq. (11) (d = 4; m = 7 uses a second independent block); i.i.d. rows decided "
              "by rfsym.tailbounds.mean_test with the exact variance of one squared error (4th central moment by "
              "rfsym.testing.law.law_of, false-alarm rate <= 5.7e-7): " + "; ".join(out),
              f"max |z| = {max(zs):.2f}", rej, f"1.1 x MSE rejected at min |z| = {min(zw):.1f}")


def thm32_def31_mc():
    """Def. 3.1's rho from the law of w_ij vs the true pair term: differ for the binned coupling, agree for its rotation average."""
    rng = np.random.default_rng(SEED2 + 32)
    xf, yf = [float(t) for t in ni.X_CE], [float(t) for t in ni.Y_CE]
    n = 200_000
    rho31 = ni.binned_conformity_def31(1, dps=30)
    true_pair = ni.binned_pair_term(ni.X_CE, ni.Y_CE, dps=30)
    rot_pair = ni.binned_rotated_pair_term(1, dps=30)
    s31 = ni.binned_def31_mc(1.0, n, rng, samples=True)          # E sinh(v w_ij)/(v w_ij) over sampled binned blocks
    strue = ni.binned_pair_mc(xf, yf, n, rng, samples=True)      # E b_i b_j, binned
    srot = ni.binned_pair_mc(xf, yf, n, rng, rotated=True, samples=True)   # E b_i b_j, rotation-averaged
    r31, rtrue, rrot = mean_of(s31), mean_of(strue), mean_of(srot)
    # exact-s.e. bounds of one replicate (means over the 3 pairs): E[(b_i b_j)^2] is the pair term at 2v, and
    # (sinh t / t)^2 <= sinh(2t) / (2t) (tanh t <= t), so each variance is at most (value at 2v) - (value at v)^2
    x2, y2 = [str(2 * float(t)) for t in ni.X_CE], [str(2 * float(t)) for t in ni.Y_CE]
    v31 = float(ni.binned_conformity_def31(2, dps=15)) - float(rho31) ** 2
    vtrue = float(ni.binned_pair_term(x2, y2, dps=15)) - float(true_pair) ** 2
    vrot = float(ni.binned_rotated_pair_term(2, dps=15)) - float(rho31) ** 2
    w31 = _xw(s31, float(rho31), v31, {"x1.05": 1.05 * float(rho31)})
    wtrue = _xw(strue, float(true_pair), vtrue, {"Def. 3.1's rho": float(rho31)})   # (11) with Def. 3.1's rho as the pair term
    wrot = _xw(srot, float(rho31), vrot, {"the binned pair term": float(true_pair)})
    c31, ctrue, crot, wrong = w31.test, wtrue.test, wrot.test, wtrue.controls[0][1]
    mse11 = _mse30(mpmath.mpf("0.76"), mpmath.mpf(1), 3, rho31)
    mse_true = ni.binned_mse(ni.X_CE, ni.Y_CE, dps=30)
    ok = (c31.passed and ctrue.passed and crot.passed and w31.controls_rejected and wrot.controls_rejected
          and abs(rho31 - true_pair) > 0.5 and _digits(rho31, rot_pair) >= 30)
    ev = (f"d = m = 3, v = 1 along e_3, {n} sampled blocks each, z in exact-s.e.-bound units (variance of a replicate <= its "
          f"value at 2v minus the square), decisions by rfsym.tailbounds.mean_test (false-alarm rate <= 5.7e-7): Def. 3.1's rho of the binned coupling "
          f"(law of w_ij, mean sinh(v w_ij)/(v w_ij)) = {mpmath.nstr(rho31, 10)}, sampled {_ms(w31)} (z = {c31.z:+.2f}); its true pair "
          f"term E[b_i b_j] = {mpmath.nstr(true_pair, 10)}, sampled {_ms(wtrue)} (z = {ctrue.z:+.2f}; Def. 3.1's rho rejected at "
          f"z = {wrong.z:+.1f}). So Eq. (11) with Def. 3.1's rho gives MSE {mpmath.nstr(mse11, 8)} instead of (30)'s "
          f"{mpmath.nstr(mse_true, 8)}. Rotation-averaged coupling: sampled pair term {_ms(wrot)} agrees with Def. 3.1's rho "
          f"(z = {crot.z:+.2f}). Controls: 1.05 x rho rejected for the sinh(v w)/(v w) sample at z = {w31.controls[0][1].z:+.1f}; the binned "
          f"pair term rejected for the rotation average at z = {wrot.controls[0][1].z:+.1f}")
    return Outcome(bool(ok), ev, agreement=f"z = {c31.z:+.2f}, {ctrue.z:+.2f}, {crot.z:+.2f} (exact s.e. bound)",
                   control_rejected=not wrong.passed,
                   control_detail=f"Def. 3.1's rho as the binned coupling's pair term rejected at z = {wrong.z:+.1f} (exact s.e. bound)")


def thm32_resultant_symbolic():
    """App. A.1's inference 'each w_i isotropic, so w_i + w_j isotropic', tested on the second moments of the binned
    coupling (exact, sympy): E[(w_i + w_j)(w_i + w_j)^T] is not a multiple of I although each w_i ~ N(0, I_3)."""
    rows = ni.BINNED_ROWS
    nb = ni.N_BINS
    abar = [sp.Rational(-1) + sp.Rational(2 * k + 1, nb) for k in range(nb)]       # mean cosine with e_3 in bin k
    marg = [sp.Rational(sum(abar[r[i]] for r in rows), len(rows)) for i in range(3)]  # E a_i = 0 for each row i
    a2 = [sp.Rational(sum(abar[r[i]] ** 2 + sp.Rational(1, 3 * nb * nb) for r in rows), len(rows)) for i in range(3)]
    # E[a_i a_j] (independent given the row of bins); E chi_3 = 2 sqrt(2/pi), so (E chi_3)^2 = 8/pi
    cross = sp.Rational(sum(abar[r[i]] * abar[r[j]] for r in rows for i, j in ((0, 1), (0, 2), (1, 2))), 3 * len(rows))
    e33 = 2 + 2 * sp.Rational(8) / sp.pi * cross                  # E[(w_i + w_j)_3^2], mean over the pairs
    e11 = sp.Integer(2)                                            # E[(w_i + w_j)_1^2]: independent uniform azimuths
    marg_ok = all(m_ == 0 for m_ in marg) and all(sp.simplify(t - sp.Rational(1, 3)) == 0 for t in a2)
    aniso = sp.simplify(e33 - e11) != 0
    return _O(marg_ok and aniso,
              (f"sympy, exact bin means of the binned coupling (rfsym.simrf.nonisotropic.BINNED_ROWS): each w_i has E a_i = 0 and "
               f"E a_i^2 = 1/3 (the moments of N(0, I_3): {marg_ok}), yet the mean over the pairs of E[(w_i + w_j)_3^2] = "
               f"2 + (16/pi) E[a_i a_j] = {sp.nsimplify(e33)} = {float(e33):.6f} while E[(w_i + w_j)_1^2] = {e11}: the resultant is "
               f"not isotropic (E[a_i a_j] = {cross}), so 'their resultant w_ij will also be marginally isotropic' does not follow "
               f"from each w_i being isotropic"),
              "exact", aniso, f"'the resultant is isotropic' (E[(w_i+w_j)(w_i+w_j)^T] = 2I) rejected: the 3-3 entry is {float(e33):.6f}",
              domain={"w_i": "i = 1, 2, 3 of the binned coupling, every pair (i, j) averaged"})


def thm32_counterexample_numeric():
    """Eq. (11) transcribed with Def. 3.1's rho vs Eq. (30) with the true pair term, binned coupling at two data pairs;
    the rotation-averaged coupling (isotropic resultants), where (11) must agree with (30), is the control."""
    out, ok, ctl, worst = [], True, True, 40.0
    pairs = ((ni.X_CE, ni.Y_CE), (("0", "0", "0.5"), ("0", "0", "0.5")))
    for x, y in pairs:
        with mp.workdps(45):
            xs, ys = [mpf(t) for t in x], [mpf(t) for t in y]
            v2 = sum((a + b) ** 2 for a, b in zip(xs, ys))
            n2 = sum(a * a for a in xs) + sum(b * b for b in ys)
            vv = mpmath.sqrt(v2)
            pair_erf, _ = _pair_closed_form(vv)                  # independent route: erf bin averages, no Legendre series
        rho31 = ni.binned_conformity_def31(vv, dps=30)            # Def. 3.1's rho of the binned coupling
        pair = ni.binned_pair_term(x, y, dps=30)
        mse11 = _mse30(n2, v2, 3, rho31)                          # (11) as printed, transcribed here
        mse30 = ni.binned_mse(x, y, dps=30)                       # (30) with the true pair term
        with mp.workdps(45):
            mse30_erf = _mse30(n2, v2, 3, pair_erf)
        rot = ni.binned_rotated_mse(x, y, dps=30)                 # isotropic resultants: (11) must hold
        dig = min(_digits(pair, pair_erf), _digits(mse30, mse30_erf))
        dig_rot = _digits(rot, mse11)
        worst = min(worst, dig)
        ok &= dig >= 25 and abs(mse11 / mse30 - 1) > 0.3
        ctl &= dig_rot >= 15
        out.append(f"x = ({', '.join(x)}), y = ({', '.join(y)}), v = {mpmath.nstr(vv, 6)}: (11) with Def. 3.1's rho "
                   f"{mpmath.nstr(rho31, 10)} gives MSE {mpmath.nstr(mse11, 7)}, (30) with the true pair term "
                   f"{mpmath.nstr(pair, 10)} gives {mpmath.nstr(mse30, 8)} (erf route agrees to {dig:.0f} digits); rotation "
                   f"average: (30) = {mpmath.nstr(rot, 7)} = (11) to {dig_rot:.0f} digits")
    return _O(ok, "binned-cosine coupling, d = m = 3, every w_i exactly N(0, I_3): " + "; ".join(out),
              f">= {worst:.0f} digits between the routes", ctl,
              f"rotation-averaged coupling (isotropic resultants): (30) equals (11) to >= 15 digits at both pairs",
              domain={"(x, y)": "the two data pairs listed, x + y along the coupling's axis e_3, v = 1"})


CLAIMS.append(Claim(
    id="SimRF-Thm3.2", summary='The MSE formula (11) of positive features holds only for couplings whose joint law is rotation-invariant: App. A.1 takes $w_i+w_j$ to be isotropic because each $w_i$ is, which fails for couplings of Def. 1.1 (with exact $\\mathcal N(0,I)$ rows (11) gives 0.3146 against the true 0.1804).', paper="SimRF", location="Sec. 3.1, Thm. 3.2, Eq. (11) (= (30), (34); proof App. A.1, Eq. (31))",
    statement=r"For PRFs, the MSE of the unbiased estimator $\hat K(x,y)$ is $\mathrm{MSE}(\hat K)=\frac{e^{-2x^2-2y^2}}{m}\big((e^{2v^2}-e^{v^2})+(m-1)(\rho(x,y)-e^{v^2})\big)$ (11), with $\rho$ the RF-conformity of Def. 3.1 (Eq. (10)), a function of the law of $w_{ij}=\|w_i+w_j\|_2$ alone.",
    verdict="erratum",
    severity="major",
    rule="erratum-major",
    root_cause="SimRF:resultant-isotropy",
    conventions=('SimRF:coupling-class',),
    correction=r"(11) holds, with Def. 3.1's $\rho$, for couplings whose joint law is invariant under a common rotation, so that each resultant $w_i + w_j$ is isotropic (IIDRFs, ORFs, SimRFs, SimRFs+, independent blocks for $m > d$). For a general geometrical coupling with $\mathcal N(0, I_d)$ marginals (Def. 1.1) the MSE is Eq. (30), with the mean pair term $\frac{1}{m(m-1)}\sum_{i\ne j}E[e^{(w_i+w_j)^\top(x+y)}]$, which depends on the direction of $x + y$ and not only on the law of $w_{ij}$: App. A.1's 'their resultant $w_{ij}$ will also be marginally isotropic' does not follow from each $w_i$ being isotropic.",
    evidence=r"As printed, Thm. 3.2 covers every PRF coupling the paper considers, which by Sec. 1 are the geometrical couplings of Def. 1.1 (convention SimRF:coupling-class), and its proof derives the isotropy of $w_i + w_j$ from that of each $w_i$ (App. A.1: 'the random vectors $w_i$ and $w_j$ are marginally isotropic ... and their resultant $w_{ij}$ will also be marginally isotropic'). The inference fails: for the binned-cosine coupling of rfsym.simrf.nonisotropic (d = m = 3, i.i.d. $\chi_3$ norms independent of the directions, each $w_i \sim \mathcal N(0, I_3)$ exactly) the mean over pairs of $E[(w_i + w_j)_3^2]$ is $2 - 716/(375\pi) = 1.392240$ against $E[(w_i + w_j)_1^2] = 2$ (exact, sympy). At $x = (0.3, 0.2, 0.5)$, $y = (-0.3, -0.2, 0.5)$ (v = 1) Def. 3.1's $\rho$ is 2.540721138 while the true pair term is 1.619904476, so (11) gives MSE 0.3146282 against the true (30) 0.18036583 (closed-form erf route, 40 digits); at $x = y = (0, 0, 0.5)$ (11) gives 0.5292133 against 0.30338031. Sampled (z in units of an s.e. bounded by exact moments, decisions at a proven false-alarm rate): Def. 3.1's $\rho$ z = +0.13, the true pair term z = -0.56, Def. 3.1's $\rho$ as the pair term rejected at z = -278.4. For the rotation average of the same coupling (isotropic resultants) (11) and (30) agree to 16 digits (sampled z = -0.32), and (11) holds for iid, ORF and SimRF blocks (sympy derivation of (30) from the moments of $b_i$; definition quadrature; sampled MSEs with m = d and m > d, 1.1x rejected). "
  "Severity major by rule erratum-major: Thm. 3.2 is a main theorem that does not hold as stated over its domain, and its failure outside isotropic couplings is the root cause (SimRF:resultant-isotropy) that breaks the headline optimality Thm. 3.4 as stated (the proof of Thm. 3.4 applies (11) to every weight-independent coupling); one severity per root cause (SimRF-Thm3.4, SimRF-SecA.2). History: erratum (minor) before issue 19, verified under A.1's 'declared scope' after it; under issue 28's rulebook that scope is not a reading the text forces (A.1 derives the isotropy, it does not assume it), so the verdict is erratum again.",
    readings=[
        Reading("literal", r"(11) for every PRF coupling of Def. 1.1 (each $w_i \sim \mathcal N(0, I_d)$, i.i.d. norms).", False,
                "binned-cosine coupling: Def. 3.1's rho 2.540721138 vs true pair term 1.619904476; (11) gives 0.3146282 instead of 0.18036583"),
        Reading("charitable: 'all couplings we consider' (A.1)", r"(11) for the couplings A.1 says it considers: by Sec. 1's default the geometrical couplings, each with isotropic $\mathcal N(0, I_d)$ rows, whose resultants A.1 asserts are isotropic.", False,
                "the binned coupling has isotropic N(0, I_3) rows and is geometrical and weight-independent, yet E[(w_i + w_j)_3^2] = 1.392240 against 2: (11) gives 0.3146282 instead of 0.18036583"),
    ],
    defence=r"Defence (issue 19): A.1 declares the set-up before it uses it ('For all couplings we consider ... their resultant $w_{ij}$ will also be marginally isotropic'), and every coupling the paper constructs (IIDRFs, ORFs, SimRFs, SimRFs+, independent blocks) meets it; read with that scope, (11) holds.",
    defeated_by=r"A.1 presents the isotropy of the resultant as following from the marginal isotropy of each $w_i$ ('a necessary condition to be marginally Gaussian) and their resultant will also be'), not as a hypothesis; Sec. 1 makes Def. 1.1's class the default ('all coupling mechanisms considered in this work will be geometrical'), and the paper itself applies (11) with Def. 3.1's $\rho$ to every weight-independent coupling in the proof of Thm. 3.4. The restriction to rotation-invariant couplings has to be inserted, and in Def. 1.1's class (11) gives 0.3146282 where the MSE is 0.18036583.",
    checks=[
        Check("variance algebra (sympy)", "symbolic", _thm32_symbolic, exercises=("rfsym.simrf.prf_mse_expr",),
              route="sympy E[K^2] - K^2 from the moments of b_i", control="m in place of m-1"),
        Check("(11) with the definition quadrature of rho", "numeric", _thm32_numeric,
              exercises=("rfsym.simrf.prf_mse", "rfsym.simrf.prf_mse_np"),
              route="rfsym.simrf.witnesses.conformity_definition_quad at 30 digits", control="m in place of m-1"),
        Check("sampled MSE", "montecarlo", _thm32_mc, exercises=("rfsym.simrf.prf_mse", "rfsym.simrf.prf_mse_mc"),
              route="120000 sampled blocks per setting", control="1.1 x MSE"),
        Check("Def. 3.1's rho vs the true pair term, non-isotropic coupling", "montecarlo", thm32_def31_mc,
              exercises=("rfsym.simrf.nonisotropic.binned_conformity_def31", "rfsym.simrf.nonisotropic.binned_pair_term",
                         "rfsym.simrf.nonisotropic.binned_rotated_pair_term", "rfsym.simrf.nonisotropic.binned_def31_mc",
                         "rfsym.simrf.nonisotropic.binned_pair_mc"),
              route="200000 sampled blocks each: sinh(v w_ij)/(v w_ij) and b_i b_j of the binned coupling, b_i b_j of its rotation average",
              control="Def. 3.1's rho taken as the binned coupling's pair term"),
        Check("(11) as printed vs (30), binned coupling, two data pairs", "numeric", thm32_counterexample_numeric,
              exercises=("rfsym.simrf.nonisotropic.binned_conformity_def31", "rfsym.simrf.nonisotropic.binned_pair_term",
                         "rfsym.simrf.nonisotropic.binned_mse", "rfsym.simrf.nonisotropic.binned_rotated_mse"),
              route="closed-form erf bin averages (no Legendre series) and Eq. (30) at 45 digits",
              control="the rotation-averaged coupling, where (11) and (30) must agree"),
        Check("isotropy of w_i + w_j from isotropic w_i (sympy)", "symbolic", thm32_resultant_symbolic,
              route="exact second moments from the bin means of BINNED_ROWS",
              control="'E[(w_i + w_j)(w_i + w_j)^T] = 2I' (isotropic resultant)"),
    ],
    not_a_domain={"every PRF coupling the paper considers": "reports the scope the theorem claims (the class of convention "
                  "SimRF:coupling-class), refuted by one member of it (the binned coupling); nothing is asserted over the class",
                  "every weight-independent coupling": "reports where the paper's proof of Thm. 3.4 uses (11), a pointer to "
                  "SimRF-Thm3.4; nothing is asserted over that class here"},
))


COR33_DS, COR33_VS = (2, 3, 4, 8, 64, 512), ("1e-6", "0.1", "1", "3", "8")


def _cor33_numeric():
    worst = -math.inf
    n = 0
    for d in COR33_DS:
        for v in COR33_VS:
            s = simrf.conformity("simplex", d, v, dps=20)
            o = simrf.conformity("orthogonal", d, v, dps=20)
            worst = max(worst, float((s - o) / o))
            n += 1
    at0 = simrf.conformity("simplex", 5, 0) == simrf.conformity("orthogonal", 5, 0) == 1
    # control: an acute coupling cos = +1/(d-1) (the mirror image of the simplex) must come out above ORF
    acute = float(ex.pair_conformity_angle_np(8, 1.0, 1 / 7)) - float(simrf.conformity("orthogonal", 8, 1, dps=15))
    grid = f"d in {{{', '.join(map(str, COR33_DS))}}} x v in {{{', '.join(COR33_VS)}}}"
    return _O(worst < 0 and at0, (f"rho_SimRF < rho_ORF at {n} points ({grid}); largest (rho_S - rho_O)/rho_O = {worst:.3e} < 0. "
                               f"At v = 0 both equal 1 (MSE 0), so 'strictly' needs v > 0 (and m >= 2)"),
              f"max relative difference {worst:.2e} < 0", acute > 0, f"cos = +1/7 at d = 8, v = 1 lies above ORF by {acute:.3e}",
              domain={"d": ", ".join(map(str, COR33_DS)), "v": ", ".join(COR33_VS)})


def _cor33_symbolic():
    # every coefficient of (21): E_phi[(1 + c sin phi)^k] is increasing in c (d/dc = k E[sin phi (1 + c sin phi)^(k-1)] > 0 for c > -1);
    # exact values for d = 3 (density sin^2/(pi/2)) against the library's simplex coefficients
    phi, c = sp.Symbol("phi"), sp.Symbol("c")
    k = sp.Symbol("k", positive=True, integer=True)
    s = sp.Symbol("s", positive=True)
    deriv = sp.diff((1 + c * s) ** k, c)
    mono = sp.simplify(deriv - k * s * (1 + c * s) ** (k - 1)) == 0
    # positivity certificate for symbolic k >= 1 on the whole range: c = -1 + t (t > 0), s = 1/(1 + u) in (0, 1] (u >= 0)
    t, u = sp.Symbol("t", positive=True), sp.Symbol("u", nonnegative=True)
    cert = sp.simplify(deriv.subs(c, -1 + t).subs(s, 1 / (1 + u)))
    mono = mono and cert.is_positive is True
    d = 3
    lib = simrf.conformity_terms("simplex", d, 8, dps=30)
    orf = simrf.conformity_terms("orthogonal", d, 8, dps=30)
    worst, lower, wrong_up = math.inf, True, True
    sin_int = lambda n: sp.sqrt(sp.pi) * sp.gamma(sp.Rational(n + 1, 2)) / sp.gamma(sp.Rational(n, 2) + 1)   # int_0^pi sin^n
    mom = lambda kk, cc: sp.expand(sum(sp.binomial(kk, p) * cc ** p * sin_int(d - 1 + p) for p in range(kk + 1)) / sin_int(d - 1))
    KS = range(8)
    for kk in KS:
        mk, mk_up = mom(kk, sp.Rational(-1, d - 1)), mom(kk, sp.Rational(1, d - 1))
        exact = mpmath.mpf(str(sp.N(mk, 45)))
        worst = min(worst, _digits(lib[kk] / orf[kk], exact)) if kk else worst
        lower &= (kk == 0) or (mk < 1)
        wrong_up &= (kk == 0) or (mk_up > 1)
    return _O(mono and lower and worst >= 28,
              (f"sympy: d/dc (1 + c s)^k = k s (1 + c s)^(k-1), which at c = -1 + t, s = 1/(1 + u) is {cert}, positive for symbolic "
               f"k >= 1, t > 0, u >= 0 ({mono}): so for s in (0, 1] each term of (21) with k >= 1 increases with c on (-1, oo) and, "
               f"continuous at c = -1, is smaller at cos = -1/(d-1) in [-1, 0) than at 0 (the k = 0 term is 1 for every coupling); exact angle moments E[(1 - sin phi/2)^k] (d = 3, "
               f"k = 1..{KS.stop - 1}, exact binomial sums of sympy's int_0^pi sin^n) are < 1 and equal "
               f"rfsym's simplex/ORF coefficient ratios to >= {worst:.0f} digits"),
              f">= {worst:.0f} digits", wrong_up, f"the mirror coupling cos = +1/(d-1) gives moments > 1 (above ORF) for every k = 1..{KS.stop - 1}",
              domain={"term": f"every k >= 1 (sympy certificate with symbolic k; the k = 0 term is the constant 1), "
                              f"exact moments at d = 3 for k = 1..{KS.stop - 1}",
                      "d": "every d >= 2 and v > 0: the certificate involves neither (the coefficients of (21) are positive and "
                           "sin(phi) lies in [0, 1] for every d; cos(theta) = -1/(d-1) lies in [-1, 0), and a term continuous in c "
                           "with a positive derivative on (-1, 0] is smaller at cos(theta) than at 0)"})


def _cor33_mc():
    rng = np.random.default_rng(SEED + 20)
    d, v, n = 8, 1.0, 60000
    W = {c: couplings.sample(c, d, d * n, rng).reshape(n, d, d) for c in ("orthogonal", "simplex")}
    x = np.zeros(d)
    x[0] = v / 2
    vals = {c: math.exp(-2 * float(x @ x)) * np.mean(np.exp(W[c] @ (2 * x)), axis=1) for c in W}
    K = math.exp(0.0)
    se = {c: mean_of((vals[c] - K) ** 2) for c in vals}
    diff = se["orthogonal"].estimate - se["simplex"].estimate
    sd = math.hypot(se["orthogonal"].stderr, se["simplex"].stderr)
    ex_o = float(simrf.prf_mse("orthogonal", [str(v / 2)] + ["0"] * (d - 1), [str(v / 2)] + ["0"] * (d - 1), d, dps=15))
    ex_s = float(simrf.prf_mse("simplex", [str(v / 2)] + ["0"] * (d - 1), [str(v / 2)] + ["0"] * (d - 1), d, dps=15))
    z_diff = diff / sd
    z_exact = (diff - (ex_o - ex_s)) / sd
    ok = z_diff > 5 and abs(z_exact) <= 5
    return _O(ok, (f"d = m = 8, x = y = (0.5, 0, ...): sampled MSE_ORF - MSE_SimRF = {diff:.5f} ± {sd:.5f} (z = {z_diff:+.1f} against 0, "
                f"z = {z_exact:+.2f} against the exact difference {ex_o - ex_s:.5f}; sample s.e., indicative: the squared errors are "
                f"heavy-tailed and the library has no exact 4th moment for coupled rows, the Jensen bound being too loose to resolve "
                f"the difference; the ordering itself is decided by the exact conformity and symbolic checks of this claim)"),
              f"z = {z_exact:+.2f}", z_diff > 5, f"no difference rejected at z = {z_diff:+.1f}")


CLAIMS.append(Claim(
    id="SimRF-Cor3.3", paper="SimRF", location="Sec. 3.1, Cor. 3.3 (and Eq. (22))",
    statement="For PRFs the MSE with SimRFs is strictly lower than with ORFs for arbitrary $d$.",
    verdict="verified",
    rule="verified-forced-reading",
    forced_reading="'strictly lower' compares the MSEs on the data where an estimator errs, v = ||x + y|| > 0 (convention SimRF:trivial-point: at v = 0 both MSEs are 0), for one SimRF block m = d >= 2 (convention SimRF:one-block)",
    conventions=('SimRF:trivial-point', 'SimRF:one-block'),
    evidence="rho_SimRF < rho_ORF at the 30 grid points d in {2, 3, 4, 8, 64, 512} x v in {1e-6, 0.1, 1, 3, 8} ; sympy shows why it holds for every d >= 2 and v > 0: every term of (21) with k >= 1 is smaller for cos(theta) < 0 (symbolic k; the k = 0 term is 1 for both couplings); sampled MSEs at d = m = 8 differ significantly and by the exact amount. Scope: equality at v = 0 (both MSEs vanish) and for m = 1.",
    checks=[
        Check("conformity ordering over the domain", "numeric", _cor33_numeric,
              exercises=("rfsym.simrf.conformity", "rfsym.simrf.experiments.pair_conformity_angle_np"),
              route="30 points of (d, v): d in {2, 3, 4, 8, 64, 512}, v in {1e-6, 0.1, 1, 3, 8}; 20 digits", control="cos = +1/(d-1)"),
        Check("termwise monotonicity (sympy)", "symbolic", _cor33_symbolic, exercises=("rfsym.simrf.conformity_terms",),
              route="exact angle moments for d = 3", control="cos = +1/(d-1)"),
        Check("sampled MSE difference", "montecarlo", _cor33_mc, exercises=("rfsym.couplings.sample", "rfsym.simrf.prf_mse"),
              route="60000 sampled blocks per coupling", control="no difference (0)"),
    ],
))


def _thm34_numeric():
    rng = np.random.default_rng(SEED + 4)
    lines, ok = [], True
    worst_gap, worst_cos, n = 0.0, 0.0, 0
    for d in (3, 4, 5):
        for v in (0.3, 1.0, 2.0):
            best, U = ex.optimise_directions(lambda U: ex.mean_pair_objective(U, d, v), d, d, rng,
                                             restarts=2 if d == 5 else 3)
            sim = float(simrf.conformity("simplex", d, v, dps=15))
            orf = float(simrf.conformity("orthogonal", d, v, dps=15))
            G = U @ U.T
            dev = float(np.max(np.abs(G[~np.eye(d, dtype=bool)] + 1 / (d - 1))))
            gap = (best - sim) / sim
            ok &= best >= sim - 1e-9 * sim and abs(gap) < 1e-9 and dev < 1e-4 and orf > sim
            worst_gap, worst_cos, n = max(worst_gap, abs(gap)), max(worst_cos, dev), n + 1
            lines.append(f"d = {d}, v = {v:g}: {best:.10f} vs {sim:.10f}")
    d, m = 4, 3
    best, _ = ex.optimise_directions(lambda U: ex.mean_pair_objective(U, d, 1.0), m, d, rng, restarts=3)
    sim = float(simrf.conformity("simplex", d, 1, dps=15))
    reg = float(ex.pair_conformity_angle_np(d, 1.0, -0.5))
    ok &= best < sim - 0.1 and abs(best - reg) < 1e-8
    ctl = best < sim - 0.1
    return _O(ok, (f"BFGS over d = m direction sets (random restarts) of the mean pair conformity, d in {{3, 4, 5}}, v in {{0.3, 1, 2}} "
                f"({n} cases): the optimum equals the SimRF conformity (largest relative difference {worst_gap:.1e}, never below) and its "
                f"pairwise cosines are -1/(d-1) (largest deviation {worst_cos:.1e}); ORF is higher in every case. " + "; ".join(lines)
                + f". Scope: d = 4, m = 3: optimum {best:.10f} = regular 3-simplex (cos -1/2) {reg:.10f} < {sim:.10f} "
                f"(three rows of the d = 4 simplex block, cos -1/3)"),
              f"relative gap {worst_gap:.1e}", ctl, f"m = 3 rows of the d = 4 simplex ({sim:.6f}) lie above the optimum {best:.6f}")


def _thm34_symbolic():
    # the clean proof: g(c) = E_{a,b} F(a^2 + b^2 + 2abc) with F = 0F1(; d/2; v^2 s/4) increasing and convex (positive
    # coefficients) is increasing and convex in c on [-1, 1]; mean_{i != j} c_ij = (|sum u_i|^2 - m)/(m(m-1)) >= -1/(m-1)
    a, b, c = sp.symbols("a b c", nonnegative=True)
    k = sp.Symbol("k", integer=True, positive=True)
    base = a ** 2 + b ** 2 + 2 * a * b * c
    d1 = sp.simplify(sp.diff(base ** k, c) - 2 * a * b * k * base ** (k - 1))
    d2 = sp.simplify(sp.diff(base ** k, c, 2) - 4 * a ** 2 * b ** 2 * k * (k - 1) * base ** (k - 2))
    nonneg = sp.simplify(base.subs(c, -1) - (a - b) ** 2) == 0
    MS, ident = range(2, 7), True
    for m in MS:
        U = sp.Matrix(m, 3, lambda i, j: sp.Symbol(f"u{i}{j}"))
        G = U * U.T
        lhs = sum(G[i, j] for i in range(m) for j in range(m) if i != j)
        S = sum((U.row(i) for i in range(m)), sp.zeros(1, 3))
        ident &= sp.expand(lhs - ((S * S.T)[0, 0] - sum(G[i, i] for i in range(m)))) == 0
    # numeric instance through the library: g(c) of the paper's pair conformity is increasing and convex on a grid
    cs = np.linspace(-0.99, 0.99, 199)
    g = ex.pair_conformity_angle_np(5, 1.0, cs)
    incr, conv = bool(np.all(np.diff(g) > 0)), bool(np.all(np.diff(g, 2) > 0))
    # control: a concave F (e.g. F(s) = sqrt(s)) would break Jensen's direction -- second derivative of sqrt(base) < 0 at a = b = 1, c = 0
    conc = sp.diff(sp.sqrt(base), c, 2).subs({a: 1, b: 1, c: 0})
    ok = d1 == 0 and d2 == 0 and nonneg and ident and incr and conv
    return _O(ok, (f"clean proof of Thm. 3.4 for rotation-invariant couplings, where the pair term is g(c) of the cosine alone (sympy): d/dc (a^2+b^2+2abc)^k = 2abk(.)^(k-1) >= 0 and d^2/dc^2 = 4a^2b^2 k(k-1)(.)^(k-2) >= 0 "
                   f"with a^2+b^2-2ab = (a-b)^2 >= 0, so g(c) = E F(a^2+b^2+2abc) is increasing and convex; sum_(i!=j) u_i.u_j = |sum u_i|^2 - m "
                   f"(m = {MS.start}..{MS.stop - 1}, symbolic vectors in R^3: {ident}); hence rho = E mean_(i!=j) g(c_ij) >= g(mean c_ij) >= g(-1/(m-1)), equality for the "
                   f"regular simplex (m = d). Library: pair_conformity_angle_np(5, 1, c) increasing ({incr}) and convex ({conv}) on 199 points of (-1, 1)"),
              "proof steps hold", conc < 0, f"a concave F (sqrt) has d^2/dc^2 = {conc} < 0: the Jensen step would reverse",
              domain={"(x, y)": "every (x, y), i.e. every v = |x + y|: F has nonnegative power-series coefficients in "
                                "s = a^2 + b^2 + 2abc at every v, and each power s^k is increasing and convex in c for symbolic k (sympy); "
                                "only the coupling-independent prefactors of (11) depend on |x|, |y|",
                      "m": f"pair-sum identity for m = {MS.start}..{MS.stop - 1} (symbolic vectors in R^3); "
                           "the library's g(c) at d = 5, v = 1 only"})


def _thm34_mc():
    # sample weight-independent couplings that are not the simplex: fixed direction sets U, Haar-rotated, chi_d norms
    rng = np.random.default_rng(SEED + 31)
    d, v, n = 5, 1.0, 60000
    sim = float(simrf.conformity("simplex", d, 1, dps=15))
    S = couplings.simplex_matrix(d)
    sets = {"perturbed simplex (0.25)": S + 0.25 * rng.standard_normal((d, d)), "random directions": rng.standard_normal((d, d))}
    out, ok, rej, zs, zw = [], True, True, [], []
    for name, U in sets.items():
        U = U / np.linalg.norm(U, axis=1, keepdims=True)
        R = couplings.haar_orthogonal(d, n, rng)                    # (n, d, d)
        norms = couplings.chi_norms(d, (n, d), rng)
        Wb = norms[:, :, None] * np.einsum("ij,njk->nik", U, R)
        rs = _pairs_mean_conformity(Wb, v)
        r = mean_of(rs)
        exact = ex.mean_pair_objective(U, d, v)
        # exact-s.e. bound: the mean over pairs of one pair term's variance, (conformity at 2v) - (conformity at v)^2
        w_ = _xw(rs, exact, ex.mean_pair_objective(U, d, 2 * v) - exact ** 2, {"SimRF value": sim})
        ok &= w_.passed and exact > sim
        rej &= w_.controls_rejected and r.estimate > sim
        zs.append(abs(w_.z)); zw.append(w_.controls[0][1].z)
        out.append(f"{name}: sampled {w_.test.mean:.5f} (n={w_.test.n}) vs its exact conformity {exact:.5f} (z = {w_.z:+.2f}, exact s.e. bound); "
                   f"above SimRF {sim:.5f} at z = {w_.controls[0][1].z:+.1f} ({'rejected' if not w_.controls[0][1].passed else 'NOT rejected'} "
                   f"by rfsym.tailbounds.mean_test, false-alarm rate <= 5.7e-7)")
    return _O(ok, f"d = m = {d}, v = 1, {n} sampled blocks per direction set: " + "; ".join(out), f"max |z| = {max(zs):.2f} (exact s.e. bound)", rej,
              f"the SimRF value is rejected for both sets (z = {min(zw):+.1f} .. {max(zw):+.1f}, exact s.e. bound, sampled conformity above it)")


def _pair_closed_form(v):
    """Independent route for the binned pair term at x + y = v e_3 (no Legendre series): the bin averages
    H_k = E[e^{v w a}], a uniform in bin k, w ~ chi_3, integrated analytically,
    H_k = sqrt(2/pi) (G(v a_hi) - G(v a_lo)) / (v (a_hi - a_lo)), G(t) = int_0^inf w e^{-w^2/2 + t w} dw
    = 1 + t e^{t^2/2} sqrt(2 pi) Phi(t)."""
    G = lambda t: 1 + t * mpmath.exp(t * t / 2) * mpmath.sqrt(2 * mpmath.pi) * mpmath.ncdf(t)
    H = []
    for k in range(ni.N_BINS):
        lo, hi = mpmath.mpf(k) / 5 - 1, mpmath.mpf(k + 1) / 5 - 1
        H.append(mpmath.sqrt(2 / mpmath.pi) * (G(v * hi) - G(v * lo)) / (v * (hi - lo)))
    pair = mpmath.fsum(H[r[i]] * H[r[j]] for r in ni.BINNED_ROWS for i, j in ((0, 1), (0, 2), (1, 2))) / 30
    return pair, H


def thm34_counterexample_numeric():
    """Exact MSE of the binned coupling < SimRF's at d = m = 3, v = 1; its rotation average is not below."""
    x, y = ni.X_CE, ni.Y_CE
    cols = all(sorted(r[c] for r in ni.BINNED_ROWS) == list(range(ni.N_BINS)) for c in range(3))
    with mp.workdps(45):
        pair_ind, H = _pair_closed_form(mpmath.mpf(1))
        mean_H = mpmath.fsum(H) / len(H)
        unbiased = _digits(mean_H, mpmath.exp(mpmath.mpf(1) / 2))       # E b_i = e^{v^2/2}: marginals exact
        mse_ind = _mse30(mpmath.mpf("0.76"), mpmath.mpf(1), 3, pair_ind)
    pair = ni.binned_pair_term(x, y, dps=30)
    mse = ni.binned_mse(x, y, dps=30)
    mse_rot = ni.binned_rotated_mse(x, y, dps=30)
    pair_rot = ni.binned_rotated_pair_term(1, dps=30)
    mse_sim = simrf.prf_mse("simplex", x, y, 3, dps=30)
    mse_orf = simrf.prf_mse("orthogonal", x, y, 3, dps=30)
    rho_sim = simrf.conformity("simplex", 3, 1, dps=30)
    g_sim = ni.isotropic_pair_term("-0.5", 1, dps=30)                   # the Funk-Hecke kernel vs the library's Eq. (24)
    dig = min(_digits(pair, pair_ind), _digits(mse, mse_ind), _digits(g_sim, rho_sim))
    printed_refuted = mse < mse_sim
    corrected_holds = mse_rot >= mse_sim and pair_rot >= rho_sim
    ok = cols and unbiased >= 30 and dig >= 25 and printed_refuted and corrected_holds
    dom = {"w_i": f"i = 1..3: each of the 3 columns of the {len(ni.BINNED_ROWS)} bin rows is a permutation of 0..{ni.N_BINS - 1} "
                  f"(checked exactly: {cols}), so each row's cosine with e_3 is uniform on [-1, 1]; with its uniform azimuth "
                  "(Archimedes, d = 3) and chi_3 norm each w_i is exactly N(0, I_3)"}
    ev = (f"d = m = 3, x = (0.3, 0.2, 0.5), y = (-0.3, -0.2, 0.5), x + y = e_3, v = 1: every column of the 10 bin rows is a "
          f"permutation of 0..9 ({cols}), so each w_i ~ N(0, I_3) and the mean of the bin averages H_k equals e^(1/2) to "
          f"{unbiased:.0f} digits. Binned coupling: mean pair term E[b_i b_j] = {mpmath.nstr(pair, 12)} (Legendre series of "
          f"rfsym.simrf.nonisotropic = closed-form erf route to {dig:.0f} digits) vs SimRF {mpmath.nstr(rho_sim, 12)}; exact MSE by (30) "
          f"{mpmath.nstr(mse, 12)} < SimRF {mpmath.nstr(mse_sim, 12)} (ORF {mpmath.nstr(mse_orf, 12)}): the printed Thm. 3.4 fails. "
          f"Rotation average of the same coupling: pair term {mpmath.nstr(pair_rot, 12)}, MSE {mpmath.nstr(mse_rot, 12)} >= SimRF, "
          f"as the corrected statement requires (g(-1/2) of the Funk-Hecke kernel = rfsym.simrf.conformity('simplex', 3, 1))")
    return Outcome(bool(ok), ev, agreement=f"{dig:.0f} digits; MSE {mpmath.nstr(mse, 6)} < {mpmath.nstr(mse_sim, 6)}",
                   control_rejected=bool(mse_rot >= mse_sim),
                   control_detail=f"rotation-averaged coupling MSE {mpmath.nstr(mse_rot, 6)} is not below SimRF's: no counterexample",
                   domain=dom)


def thm34_counterexample_mc():
    """Sampled squared errors of the binned coupling: agree with its exact MSE and lie below SimRF's exact MSE."""
    rng = np.random.default_rng(SEED2 + 34)
    xf, yf = [float(t) for t in ni.X_CE], [float(t) for t in ni.Y_CE]
    n = 2_000_000
    mse, mse_rot = float(ni.binned_mse(ni.X_CE, ni.Y_CE, dps=15)), float(ni.binned_rotated_mse(ni.X_CE, ni.Y_CE, dps=15))
    mse_sim = float(simrf.prf_mse("simplex", ni.X_CE, ni.Y_CE, 3, dps=15))
    r = ni.binned_mse_mc(xf, yf, n, rng)
    own, vs_sim = z_check(r, mse, Z_MAX), z_check(r, mse_sim, Z_MAX)
    sp_ = ni.binned_pair_mc(xf, yf, 200_000, rng, samples=True)
    pair_sim = float(simrf.conformity("simplex", 3, 1, dps=15))
    # the decisive witness: the pair term, whose replicate variance is bounded by exact moments (pair term at 2v minus
    # the square); MSE (30) is increasing in it, so a pair term below SimRF's is an MSE below SimRF's
    pt = float(ni.binned_pair_term(ni.X_CE, ni.Y_CE, dps=15))
    x2, y2 = [str(2 * float(t)) for t in ni.X_CE], [str(2 * float(t)) for t in ni.Y_CE]
    wp = _xw(sp_, pt, float(ni.binned_pair_term(x2, y2, dps=15)) - pt ** 2, {"SimRF's rho": pair_sim})
    pair_own, pair_vs_sim = wp.test, wp.controls[0][1]
    rr = ni.binned_mse_mc(xf, yf, 200_000, rng, rotated=True)
    rot_own, rot_vs_sim = z_check(rr, mse_rot, Z_MAX), z_check(rr, mse_sim, Z_MAX)
    srp = ni.binned_pair_mc(xf, yf, 200_000, rng, rotated=True, samples=True)
    rho_rot = float(ni.binned_rotated_pair_term(1, dps=15))
    wrp = _xw(srp, rho_rot, float(ni.binned_rotated_pair_term(2, dps=15)) - rho_rot ** 2, {"SimRF's rho": pair_sim})
    ok = own.passed and vs_sim.z < -Z_MAX and pair_own.passed and not pair_vs_sim.passed and pair_vs_sim.z < 0
    ev = (f"|z| <= {Z_MAX:g} threshold. Binned coupling, {n} sampled blocks: squared error of K_hat {r} vs its exact MSE "
          f"{mse:.6f} (z = {own.z:+.2f}) and vs SimRF's exact MSE {mse_sim:.6f} (z = {vs_sim.z:+.2f}: below; sample s.e., "
          f"indicative: heavy-tailed squared errors, no exact 4th moment for this coupling); decisive: sampled pair term "
          f"{_ms(wp)} vs exact (z = {pair_own.z:+.2f}, exact s.e. bound) and vs SimRF's {pair_sim:.6f} (z = {pair_vs_sim.z:+.1f}, "
          f"{'rejected' if not pair_vs_sim.passed else 'NOT rejected'} by rfsym.tailbounds.mean_test, false-alarm rate <= 5.7e-7). "
          f"Control, rotation-averaged coupling, {rr.n} blocks: {rr} agrees with Thm. 3.2's MSE {mse_rot:.6f} (z = {rot_own.z:+.2f}) "
          f"and lies above SimRF's (z = {rot_vs_sim.z:+.1f}; sample s.e., indicative); decisive: its sampled pair term {_ms(wrp)} "
          f"vs exact (z = {wrp.z:+.2f}, exact s.e. bound) lies above SimRF's rho (z = {wrp.controls[0][1].z:+.1f}, "
          f"{'rejected' if not wrp.controls[0][1].passed else 'NOT rejected'} by mean_test)")
    return Outcome(bool(ok), ev, agreement=f"z = {own.z:+.2f} (own exact), {vs_sim.z:+.2f} vs SimRF; pair term {pair_vs_sim.z:+.1f} vs SimRF (exact s.e. bound)",
                   control_rejected=bool(rot_own.passed and rot_vs_sim.z > Z_MAX and wrp.passed
                                         and not wrp.controls[0][1].passed and wrp.controls[0][1].z > 0),
                   control_detail=f"rotation average: z = {rot_own.z:+.2f} vs (11), {rot_vs_sim.z:+.1f} vs SimRF (sample s.e.); pair "
                                  f"term {wrp.controls[0][1].z:+.1f} above SimRF's rho (exact s.e. bound): not a counterexample")


CLAIMS.append(Claim(
    id="SimRF-Thm3.4", summary='SimRFs are the best coupling among rotation-invariant ones (like ORFs), not among all weight-independent couplings as printed: a coupling that is not rotation-invariant beats them at some $(x, y)$.', paper="SimRF", location="Sec. 3.1, Thm. 3.4 (proof App. A.2, Eqs. (41)-(48))",
    statement=r"Supposing that $d$ random vector norms $\{w_i \mid i \le d\}$ are i.i.d., SimRFs constitute the best possible weight-independent geometrical coupling mechanism, giving the lowest possible PRF kernel estimator MSE.",
    verdict="erratum",
    rule="erratum-major",
    conventions=('SimRF:coupling-class', 'SimRF:one-block'),
    severity="major",
    root_cause="SimRF:resultant-isotropy",
    correction=r"Among weight-independent geometrical couplings of $m = d$ vectors whose joint law is invariant under a common rotation (a direction set times an independent Haar rotation, as for ORFs and SimRFs), SimRFs give the lowest PRF MSE at every $(x, y)$. Equivalently, among all weight-independent couplings with $\mathcal N(0, I_d)$ marginals, SimRFs minimise the MSE averaged over the direction of $x + y$ (at fixed $\|x\|$, $\|y\|$, $v$): rotation-averaging a coupling gives an isotropic one with exactly that average MSE.",
    evidence=r"As printed it fails: Def. 1.1 lets the joint law of the directions be anything (not rotation-invariant). The binned-cosine coupling of rfsym.simrf.nonisotropic (d = m = 3; every $w_i \sim \mathcal N(0, I_3)$ exactly; norms i.i.d. $\chi_3$ independent of the directions) has at $x = (0.3, 0.2, 0.5)$, $y = (-0.3, -0.2, 0.5)$ (v = 1) the mean pair term 1.61990447564 vs SimRF 1.73271070381 and the exact MSE 0.180365829127 < SimRF 0.196813871143 (Legendre series and closed-form erf route agree to 40 digits); 2000000 sampled blocks give 0.181183 ± 0.0013, below SimRF's MSE at z = -12.22. Its rotation average (MSE 0.314628195706) is not below SimRF. "
  "The corrected statement holds, with a clean proof: for a rotation-invariant law the pair term is g(c) at the pair's cosine, increasing and convex in c (sympy), and the mean pairwise cosine of m unit vectors is at least -1/(m-1), so Jensen gives rho >= g(-1/(m-1)), attained by the regular simplex (m = d). Direct minimisation over direction sets reaches the SimRF value; sampled non-simplex Haar-rotated couplings lie above it. The appendix proof has gaps (SimRF-SecA.2). Scope: m = d; for m < d the optimum is the regular m-simplex, not m rows of the d-simplex block. Severity major by rule erratum-major (was minor): Thm. 3.4 is the paper's headline result (abstract: 'We prove that SimRFs provide the smallest possible MSE ... among the class of weight-independent geometrically-coupled PRF mechanisms'; contribution 1; App. A.2: 'the central result') and does not hold as stated over that class; the corrected statement is narrower (rotation-invariant couplings, or the MSE averaged over the direction of x + y). Its cause is the one of SimRF-Thm3.2 (root cause SimRF:resultant-isotropy: the pair term is treated as a function of the law of w_ij alone), graded alike with the appendix proof SimRF-SecA.2.",
    readings=[
        Reading("literal", r"Over the class of Def. 1.1 (directions independent of the i.i.d. norms, 'though directions can still be correlated among themselves', as A.2 restates it), SimRFs give the lowest MSE at every $(x, y)$.", False,
                "binned-cosine coupling (each w_i exactly N(0, I_3), i.i.d. chi_3 norms): MSE 0.180365829127 < SimRF 0.196813871143 at v = 1; sampled 2000000 blocks, below SimRF at z = -12.22"),
        Reading("charitable: the paper's own setting", r"Over weight-independent couplings with the paper's ingredients, $\chi_d$ norms and exactly Gaussian marginals $w_i \sim \mathcal N(0, I_d)$ (the unbiasedness A.1 requires), $m = d$, SimRFs give the lowest MSE at every $(x, y)$.", False,
                "the same binned coupling meets every one of these conditions: mean pair term 1.61990447564 vs SimRF 1.73271070381"),
    ],
    defence=r"Defence counsel: App. A.1 declares that every coupling considered has isotropic resultants $w_i + w_j$; restricted to those (direction set times an independent Haar rotation), or read as the worst case (equivalently the average) over data directions, SimRFs are optimal (clean proof: g(c) increasing and convex, mean cosine $\ge -1/(m-1)$).",
    defeated_by="The theorem names the class of Def. 1.1 and A.2 restates it ('directions can still be correlated among themselves'), and the MSE is a function of (x, y), not of its direction average: in that class the binned coupling has MSE 0.180365829127 < SimRF 0.196813871143 at v = 1. Its rotation average (MSE 0.314628195706) is not below SimRF, as the corrected statement requires.",
    checks=[
        Check("numerical optimisation of directions", "numeric", _thm34_numeric,
              exercises=("rfsym.simrf.experiments.optimise_directions", "rfsym.simrf.experiments.mean_pair_objective", "rfsym.simrf.conformity"),
              route="BFGS from random starts, d = 3, 4, 5", control="ORF value; the d-simplex rows for m < d"),
        Check("clean proof (sympy)", "symbolic", _thm34_symbolic,
              exercises=("rfsym.simrf.experiments.pair_conformity_angle_np",),
              route="sympy derivatives and the pair-sum identity", control="a concave F"),
        Check("sampled non-simplex couplings", "montecarlo", _thm34_mc,
              exercises=("rfsym.simrf.experiments.mean_pair_objective", "rfsym.simrf.conformity", "rfsym.couplings.haar_orthogonal"),
              route="60000 sampled blocks per direction set", control="the SimRF value"),
        Check("non-isotropic counterexample, exact MSE", "numeric", thm34_counterexample_numeric,
              exercises=("rfsym.simrf.nonisotropic.binned_pair_term", "rfsym.simrf.nonisotropic.binned_mse", "rfsym.simrf.nonisotropic.binned_rotated_mse",
                         "rfsym.simrf.nonisotropic.binned_rotated_pair_term", "rfsym.simrf.nonisotropic.isotropic_pair_term", "rfsym.simrf.prf_mse", "rfsym.simrf.conformity"),
              route="closed-form erf bin averages H_k (no Legendre series) and Eq. (30) at 45 digits; library Legendre/Funk-Hecke series at 30 digits",
              control="the rotation-averaged coupling, which must not come out below SimRF"),
        Check("non-isotropic counterexample, sampled MSE", "montecarlo", thm34_counterexample_mc,
              exercises=("rfsym.simrf.nonisotropic.binned_mse_mc", "rfsym.simrf.nonisotropic.binned_pair_mc", "rfsym.simrf.nonisotropic.binned_mse",
                         "rfsym.simrf.nonisotropic.binned_rotated_mse", "rfsym.simrf.prf_mse"),
              route="2000000 sampled blocks of the binned coupling (squared error of K_hat), 200000 for the pair term and the rotation average; |z| <= 5",
              control="the rotation-averaged coupling: its samples must agree with Thm. 3.2 and not lie below SimRF"),
    ],
))


def _secA2_gap():
    # (46)-(47): the bracket sum_P w_(PiPj)^(2k-2) w_Pi w_Pj is the same for all (i, j) only if all angles are equal -- a direction set
    # with unequal angles (ORF with one pair tilted) gives different brackets, so (47) -> (48) assumes what is to be proved
    rng = np.random.default_rng(SEED + 38)
    d, k = 3, 2
    norms = couplings.chi_norms(d, d, rng)
    U = np.eye(d)
    U[1] = np.array([0.6, 0.8, 0.0])                    # cos(u_0, u_1) = 0.6, the other pairs orthogonal
    import itertools
    def bracket(i, j):
        tot = 0.0
        for P in itertools.permutations(range(d)):
            a, b = norms[P[i]], norms[P[j]]
            w2 = a * a + b * b + 2 * a * b * float(U[i] @ U[j])
            tot += w2 ** (k - 1) * a * b
        return tot
    b01, b02 = bracket(0, 1), bracket(0, 2)
    eq_angles = np.full((d, d), -0.5) + 1.5 * np.eye(d)
    same = abs(b01 - b02) / b02
    return _O(same > 1e-3, (f"d = 3, k = 2, chi_3 norms {np.round(norms, 4).tolist()}, cos(u_0,u_1) = 0.6, cos(u_0,u_2) = 0: the bracket of (47) is "
                            f"{b01:.6f} for (0,1) and {b02:.6f} for (0,2) (relative difference {same:.3f}); it is pair-independent only when all "
                            f"angles are equal, which (46) assumes. Clean proof: see the symbolic witness of SimRF-Thm3.4"),
              f"relative difference {same:.3f}", same > 1e-3, "'the bracket is identical for every i, j' rejected for unequal angles")


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


CLAIMS.append(Claim(
    id="SimRF-SecA.2", summary="The optimality proof's Lagrange argument assumes equal angles, i.e. what it proves, and gives only stationarity; a convexity argument proves the theorem.", paper="SimRF", location="App. A.2, Eqs. (43)-(48)",
    statement="Proof of Thm. 3.4: by (46) the bracket $\\sum_P w_{P_iP_j}^{2k-2}w_{P_i}w_{P_j}$ is identical for every $(i,j)$, so the Lagrange condition (45) gives $\\hat w_i \\propto -\\sum_{j\\ne i}\\hat w_j$ and the simplex.",
    verdict="erratum",
    rule="erratum-major",
    conventions=('SimRF:coupling-class',),
    severity="major",
    root_cause="SimRF:resultant-isotropy",
    correction=r"Replace (43)-(48) by: $g(c)=E_{a,b}F(a^2+b^2+2abc)$ is increasing and convex in $c$, $\frac{1}{m(m-1)}\sum_{i\ne j}\hat w_i^\top\hat w_j \ge -\frac{1}{m-1}$, hence $\rho \ge g(-\frac{1}{m-1})$ with equality for the regular simplex.",
    evidence="The bracket is pair-independent only when all angles are equal, which (46) assumes (sympy, d = 3, symbolic norms: for k = 2 the difference between two pairs is $4(c_{01}-c_{02})(a_0^2a_1^2+a_0^2a_2^2+a_1^2a_2^2)$); (45)-(48) are stationarity conditions (necessary, not sufficient). The theorem holds for couplings whose joint law is rotation-invariant (clean proof in SimRF-Thm3.4), and fails without that hypothesis (SimRF-Thm3.4). Severity major by rule erratum-major (was minor): A.2 is the appendix statement and proof of the headline Thm. 3.4 ('That is, supposing the vector norms w_i are i.i.d. and that the geometrical coupling is weight-independent, SimRFs give the lowest possible MSE in the PRF setting'), graded as the theorem; root cause SimRF:resultant-isotropy (the proof needs the pair term to depend on the pair's cosine alone).",
    readings=[
        Reading("literal", r"(46) holds for every direction set, so the bracket of (47) is pair-independent and (45) gives (48) and the simplex.", False,
                "for unequal angles the bracket differs between pairs (d = 3, k = 2: sympy difference a nonzero multiple of c_01 - c_02)"),
        Reading("charitable: restricted to equal angles, repaired by (43) and (39) (defence counsel)", r"(43) reduces to equal-angle sets, where (46) is true; with the mean cosine $\ge -1/(m-1)$ of (39) and $f$ increasing the printed steps prove Thm. 3.4 over the class A.2 names.", False,
                "no proof can: that class holds the binned coupling with MSE 0.180365829127 < SimRF 0.196813871143 (v = 1)"),
    ],
    defence="Defence counsel: (43) is a correct Jensen step whose equality case is the equal-angle family, on which (46) is literally true; the mean cosine bound is the paper's own Eq. (39) and f is increasing, so every step of a valid repair is a displayed equation of the paper.",
    defeated_by="The repaired chain needs the pair term to be a function of the pair's cosine alone (a rotation-invariant coupling); over the class A.2 names (directions correlated arbitrarily) the result it would prove is false: binned coupling MSE 0.180365829127 < SimRF 0.196813871143. As printed, (46) fails for unequal angles (the sympy bracket difference is a nonzero multiple of c_01 - c_02).",
    checks=[
        Check("bracket of (47) for unequal angles", "numeric", _secA2_gap,
              route="explicit sum over the 6 permutations, d = 3", control="'identical for every i, j'"),
        Check("bracket difference for symbolic norms and cosines (sympy)", "symbolic", secA2_symbolic,
              route="sympy over the 6 permutations, d = 3, k = 1, 2", control="'identical for every (i, j)'"),
        Check("the class A.2 names holds a coupling below SimRF (exact MSE)", "numeric", thm34_counterexample_numeric,
              exercises=("rfsym.simrf.nonisotropic.binned_pair_term", "rfsym.simrf.nonisotropic.binned_mse", "rfsym.simrf.nonisotropic.binned_rotated_mse",
                         "rfsym.simrf.prf_mse", "rfsym.simrf.conformity"),
              route="closed-form erf bin averages and Eq. (30) at 45 digits vs the library's Legendre series (shared with SimRF-Thm3.4)",
              control="the rotation-averaged coupling, which must not come out below SimRF"),
    ],
    no_witness={"montecarlo": "a gap in a proof (an algebraic identity the proof assumes): nothing random to sample"},
))


def _lemA1_numeric():
    rng = np.random.default_rng(SEED + 5)
    d, w = 3, math.sqrt(3)
    best, _ = ex.optimise_directions(lambda U: ex.equal_norm_objective(U, w, 1.0), d, d, rng, restarts=3)
    sim = ex.equal_norm_objective(couplings.simplex_matrix(d), w, 1.0)
    orth = ex.equal_norm_objective(np.eye(d), w, 1.0)
    ok = abs(best - sim) < 1e-9 and sim < orth
    # Jensen bound (40): rho >= f(2(m-2)/(m-1))
    with mp.workdps(30):
        bound = mpmath.hyp0f1(mpf(d) / 2, mpf(w) ** 2 * 2 * (d - 2) / (d - 1) / 4)
    ok &= abs(float(bound) - sim) < 1e-12
    return _O(ok, (f"equal norms w = sqrt(3), d = m = 3, v = 1: optimised {best:.12f}, simplex {sim:.12f}, Jensen bound (40) "
                f"{float(bound):.12f}, orthogonal {orth:.12f}"),
              f"optimum = simplex to {abs(best - sim):.1e}", sim < orth, f"orthogonal directions give {orth:.6f} > {sim:.6f}")


def _lemA1_symbolic():
    m = 4
    U = sp.Matrix(m, 3, lambda i, j: sp.Symbol(f"u{i}{j}"))
    unit = {}
    rows = [U.row(i) for i in range(m)]
    lhs = sum(((rows[i] + rows[j]) * (rows[i] + rows[j]).T)[0, 0] for i in range(m) for j in range(m) if i != j)
    S = sum(rows, sp.zeros(1, 3))
    n2 = [(r * r.T)[0, 0] for r in rows]
    # with unit rows: |u_i|^2 = 1 -> (39) reads 2m(m-2) + 2|sum u|^2; keep |u_i|^2 symbolic and substitute at the end
    t = sp.Symbol("t")
    expr = sp.expand(lhs - (2 * (m - 2) * sum(n2) + 2 * (S * S.T)[0, 0]))
    ok39 = expr == 0
    wrong = sp.expand(lhs - (2 * (m - 1) * sum(n2) + 2 * (S * S.T)[0, 0])) != 0
    # (40): the simplex value f(2(m-2)/(m-1)) equals the library's equal-norm objective for the d-simplex (m = d = 4)
    d, w, v = 4, math.sqrt(3), 1.0
    lib = ex.equal_norm_objective(couplings.simplex_matrix(d), w, v)
    with mp.workdps(30):
        bound = mpmath.hyp0f1(mpf(d) / 2, mpf(v) ** 2 * mpf(3) * 2 * (d - 2) / (d - 1) / 4)
    return _O(ok39 and abs(float(bound) / lib - 1) < 1e-13,
              (f"sympy, m = 4 symbolic vectors in R^3: sum_(i!=j) |u_i+u_j|^2 - (2(m-2) sum |u_i|^2 + 2|sum u_i|^2) = {expr} (Eq. (39) with |u_i| = 1); "
               f"Jensen bound (40) at m = d = 4, w = sqrt(3), v = 1: {float(bound):.15f} = library equal-norm simplex objective {lib:.15f}"),
              "identity exact", wrong, "(39) with 2m(m-1) in place of 2m(m-2) is rejected (nonzero difference)")


CLAIMS.append(Claim(
    id="SimRF-LemA.1", paper="SimRF", location="App. A.2, Lemma A.1, Eqs. (36)-(40)",
    statement=r"With equal norms, $\rho$ is minimised by the simplex geometry; $\rho \ge m(m-1) f(2(m-2)/(m-1))$.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="sympy proves identity (39) for symbolic vectors; the Jensen bound (40) equals the library's equal-norm simplex objective; numerical minimisation attains it.",
    checks=[
        Check("equal-norm optimisation and Jensen bound", "numeric", _lemA1_numeric,
              exercises=("rfsym.simrf.experiments.optimise_directions", "rfsym.simrf.experiments.equal_norm_objective"),
              route="BFGS from random starts, d = m = 3", control="orthogonal directions"),
        Check("identity (39) and bound (40) (sympy)", "symbolic", _lemA1_symbolic,
              exercises=("rfsym.simrf.experiments.equal_norm_objective",), route="sympy with symbolic vectors",
              control="2m(m-1) in place of 2m(m-2)"),
    ],
    no_witness={"montecarlo": "the lemma conditions the norms to be equal and the directions to be deterministic: nothing random is left to sample"},
))


AUDIT_EXPLAINED = {
    "rfsym.simrf.prf_mse_mc:rel1e-3": MC_WHY,
    "rfsym.simrf.prf_mse_mc:rel1e-2": MC_WHY,
    "rfsym.simrf.conformity_mc:rel1e-3": MC_WHY,
    "rfsym.simrf.conformity_mc:rel1e-2": MC_WHY,
}
