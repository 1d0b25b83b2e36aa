r"""Sec. 2 (prerequisites): random features, softmax attention, TrigRF, PosRF and GERF (Secs. 2.1-2.3).

Claims, in book order:

* ``DERF-Def2.1`` verified -- Sec. 2.1, Def. 2.1, Eqs. (1)-(2)
* ``DERF-Eq2`` erratum (typo) -- Sec. 2.1, text after Eq. (2)
* ``DERF-Sec2.1-cost`` verified -- Sec. 2.1 (after Eq. (2)) and Sec. 2.2: $\widehat{\mathcal K}C$ unbiased in $O(LM(d + n))$ vs $O(L^2(d + n))$
* ``DERF-Eq3`` verified -- Sec. 2.2, Eq. (3)
* ``DERF-Eq4`` erratum (typo) -- Sec. 2.3, Eq. (4)
* ``DERF-Eq5`` erratum (typo) -- Sec. 2.3, Eqs. (4)-(5)
* ``DERF-Sec2.3-PosRF`` verified -- Sec. 2.3, PosRF
* ``DERF-Sec2.3-scaled`` verified -- Sec. 2.3, first paragraph
* ``DERF-Eq6`` erratum (typo) -- Sec. 2.3, Eq. (6)
* ``DERF-Eq7`` verified -- Sec. 2.3, Eq. (7)
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from ... import derf
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import mean_of, variance_of, z_check
from ...precision import agreeing_digits
from .. import witnesses as dw
from ._checks import SEED, _NO_MC_DET, _fmt


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
    prods = derf.mc_moments(p, x, y, M * R, rng).reshape(R, M)
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


def derf_sample(d, n, rng):
    from ...couplings import sample
    return sample("iid", d, n, rng)


def _enum_digits(a, b):
    return float(-math.log10(max(abs(a / b - 1), 1e-17)))


def _def21_enum():
    """Exact enumeration of the M-sample estimator under a Gauss-Hermite law (no Var/M identity used)."""
    rng = np.random.default_rng(SEED + 401)
    rows, ok, worst_ctl, covered = [], True, math.inf, []
    cases = [(1, 3, 40, {"A": np.array([[-0.05]]), "B1": np.array([[0.8]]), "B2": np.array([[1.2 / 0.8]]),
                         "C1": np.array([[-0.32 / 1.2]]), "C2": np.array([[-(1.2 / 0.8) ** 2 / 2.4]]), "D": 1.2 ** 0.25},
              np.array([0.4]), np.array([0.7])),
             (2, 2, 32, derf.random_derf_params_np(2, rng), np.array([0.4, -0.3]), np.array([0.5, 0.6]))]
    for d, M, n, p, x, y in cases:
        r = dw.estimator_moments_enumerated(p, x, y, M, n_nodes=n)
        K = math.exp(float(x @ y))
        m1, m2 = math.exp(derf.derf_log_moment_np(p, x, y, 1)), math.exp(derf.derf_log_moment_np(p, x, y, 2))
        lib1, lib2 = (math.exp(float(v[0, 0])) for v in derf.derf_log_moments_np(p, x[None], y[None]))
        v1 = m2 - m1 * m1
        dig = min(_enum_digits(r["mean"], K), _enum_digits(r["var"], v1 / M), _enum_digits(r["m1"], m1),
                  _enum_digits(r["m2"], m2), _enum_digits(lib1, m1), _enum_digits(lib2, m2))
        ok &= dig >= 11 and r["tuples"] == (n ** d) ** M
        worst_ctl = min(worst_ctl, abs(r["var"] / v1 - 1), abs(r["var"] / (v1 / (M - 1)) - 1))
        covered.append(f"all {r['tuples']} = ({n}^{d})^{M} tuples (d = {d}, M = {M}, {n} nodes per coordinate)")
        rows.append(f"d = {d}, M = {M}, {r['tuples']} tuples of {n}-node Gauss-Hermite draws: E K_hat = {r['mean']:.14g} "
                    f"(K = {K:.14g}), Var K_hat = {r['var']:.14g} = (E(f1f2)^2 - K^2)/M = {v1 / M:.14g}; "
                    f"{dig:.1f} digits")
    return Outcome(ok, "; ".join(rows) + " (moments k = 1, 2 from derf_verify.derf_log_moment_np and derf.derf_log_moments_np)",
                   agreement=f">= 11 digits", control_rejected=worst_ctl > 0.3,
                   control_detail=f"Var without 1/M or with 1/(M-1) off by >= {worst_ctl:.2f} (relative)",
                   domain={"M-tuple": "; ".join(covered)})


DEF2_1 = Claim(id="DERF-Def2.1", paper="DERF", rule="verified-as-printed", location="Sec. 2.1, Def. 2.1, Eqs. (1)-(2)", verdict="verified",
    statement="RFs $\\langle \\nu, f^{(1)}, f^{(2)}\\rangle$ satisfy $K(x,y) = E_\\nu f^{(1)}(\\omega,x) f^{(2)}(\\omega,y)$; $\\widehat{\\mathcal{K}} = PS^\\top$ is unbiased with $\\mathrm{Var}\\,\\widehat{\\mathcal{K}}_{ij} = M^{-1}\\mathrm{Var}\\, f^{(1)} f^{(2)}$.",
    evidence="Sampled replicates of $\\widehat{\\mathcal{K}}_{ij}$ (GERF, M = 16) match the mean and $M^{-1}$ Var; exact enumeration of every M-tuple under a Gauss-Hermite law for $\\omega$ (d = 1, M = 3; d = 2, M = 2) gives the mean $K$ and the variance $M^{-1}\\mathrm{Var}\\,f^{(1)}f^{(2)}$ to 11+ digits without using the identity; the variance without $1/M$ is rejected.",
    checks=[Check("K_hat mean and variance", "montecarlo", _def21_mc,
                  exercises=("rfsym.derf.as_derf_params_np", "rfsym.derf.derf_log_moments_np", "rfsym.derf.mc_moments"),
                  route="20000 replicates of K_hat from couplings.sample", control="Var f1 f2 without the 1/M"),
            Check("exact enumeration of the M-sample estimator", "numeric", _def21_enum,
                  exercises=("rfsym.derf.witnesses.estimator_moments_enumerated", "rfsym.derf.derf_features_np", "rfsym.derf.derf_log_moment_np", "rfsym.derf.derf_log_moments_np"),
                  route="omega ~ N(0, I) replaced by tensor Gauss-Hermite nodes; all M-tuples enumerated (d = 1, M = 3; d = 2, M = 2)",
                  control="Var f1 f2 without 1/M, or with 1/(M-1)")],
    no_witness={"symbolic": "i.i.d. averaging of a generic feature pair; the enumeration computes the mean and variance "
                "of the M-sample estimator without the identity, the sampled replicates confirm it"})


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


EQ2 = Claim(id="DERF-Eq2", paper="DERF", rule="erratum-typo", root_cause="DERF:eq2-row-dimension", location="Sec. 2.1, text after Eq. (2)", verdict="erratum", severity="typo",
    statement="$P_{i,:}, S_{j,:} \\in \\mathbb{R}^d$ are column vectors corresponding to the rows of $P, S \\in \\mathbb{R}^{L\\times M}$.",
    correction="$P_{i,:}, S_{j,:} \\in \\mathbb{R}^M$.",
    evidence="The rows of $P, S \\in \\mathbb{R}^{L\\times M}$ have $M$ entries (a reading of the dimensions); the estimator built with rows in $\\mathbb{R}^M$, $M \\ne d$, is the unbiased one of (1)-(2).",
    readings=[Reading("literal", "The rows $P_{i,:}, S_{j,:}$ of $P, S \\in \\mathbb{R}^{L\\times M}$ lie in $\\mathbb{R}^d$.", False, "rows of length M = 7 for d = 3"),
              Reading("charitable: the dimension read from the same line", "$\\mathbb{R}^d$ stands for the row space of the $L\\times M$ matrices named in the same sentence.", False, "that row space is R^M (length 7), which differs from R^d whenever M differs from d")],
    defence="The intent ($\\mathbb{R}^M$) is clear from the same line and nothing downstream uses $\\mathbb{R}^d$ (defence counsel): this fixes the severity (typo), not the printed symbol.",
    defeated_by="the rows have M = 7 entries, not d = 3 (and the unbiased estimator uses rows in R^M: variance 0.0156623 vs exact 0.0155836)",
    checks=[Check("row length of P", "numeric", _eq2_dim, exercises=("rfsym.derf.pos_features_np",),
                  route="construct P of (2) for M != d", control="the printed row length d"),
            Check("the estimator with rows in R^M", "montecarlo", _def21_mc,
                  exercises=("rfsym.derf.as_derf_params_np", "rfsym.derf.mc_moments"),
                  route="replicates of K_hat = P S^T with M = 16 != d = 3", control="Var without 1/M")],
    no_witness={"symbolic": "a statement about the shape of a matrix; there is nothing to derive"})


def _sec21_kc_mc():
    """K_hat C = P (S^T C) is an unbiased estimate of K C (Sec. 2.1), sampled with the library's features."""
    from ...couplings import sample
    rng = np.random.default_rng(SEED + 31)
    d, L, n, M, R = 3, 4, 2, 8, 20000
    X = rng.normal(size=(L, d)) * 0.3
    Y = rng.normal(size=(L, d)) * 0.3
    Cm = rng.normal(size=(L, n))
    p = derf.as_derf_params_np("gerf", {"A": -0.05, "B": math.sqrt(1.2), "C": -0.5, "D": 1.2 ** (d / 4)}, d=d)
    est = np.empty((R, L, n))
    for r in range(R):
        W = sample("iid", d, M, rng)
        P = derf.derf_features_np(W, X, p["A"], p["B1"], p["C1"], p["D"]) / math.sqrt(M)
        S = derf.derf_features_np(W, Y, p["A"], p["B2"], p["C2"], p["D"]) / math.sqrt(M)
        est[r] = P @ (S.T @ Cm)                                          # the O(LMn) order of Sec. 2.1
    exact = np.exp(X @ Y.T) @ Cm
    zs = [z_check(mean_of(est[:, i, k]), exact[i, k]) for i in range(L) for k in range(n)]
    wrong = np.exp(X @ Y.T).T @ Cm                                       # control: K^T C (the sides swapped)
    zw = [z_check(mean_of(est[:, i, k]), wrong[i, k]) for i in range(L) for k in range(n)]
    zmax, zwmax = max(abs(c.z) for c in zs), max(abs(c.z) for c in zw)
    return Outcome(all(c.passed for c in zs), f"GERF features, d = {d}, L = {L}, n = {n}, M = {M}, {R} replicates of "
                   f"P (S^T C): the {L * n} entries of the mean agree with K C (largest |z| = {zmax:.2f}, threshold 5)",
                   agreement=f"max |z| = {zmax:.2f}", control_rejected=not all(c.passed for c in zw),
                   control_detail=f"K^T C (sides swapped) rejected: largest |z| = {zwmax:.1f}")


def _sec21_flops():
    """Operation counts of exact K C and of P (S^T C), over a 16x range of L, M, d, n."""
    import re

    def fl(spec, *shapes):
        info = np.einsum_path(spec, *[np.empty(sh) for sh in shapes], optimize="optimal")[1]
        return float(re.search(r"Optimized FLOP count:\s*([0-9.e+]+)", info).group(1))

    grid = [(L, M, d, n) for L in (256, 4096) for M in (16, 256) for d in (8, 128) for n in (8, 128)]
    r_exact, r_rf, r_ctrl = [], [], []
    for L, M, d, n in grid:
        exact = fl("id,jd->ij", (L, d), (L, d)) + fl("ij,jk->ik", (L, L), (L, n))
        feats = 2 * (fl("md,ld->lm", (M, d), (L, d)))                       # the projections w^T x of P and S
        rf = feats + fl("lm,jm,jk->lk", (L, M), (L, M), (L, n))             # P (S^T C), best order
        ctrl = feats + fl("lm,jm->lj", (L, M), (L, M)) + fl("lj,jk->lk", (L, L), (L, n))   # (P S^T) C
        r_exact.append(exact / (L * L * (d + n)))
        r_rf.append(rf / (L * M * (d + n)))
        r_ctrl.append(ctrl / (L * M * (d + n)))
    spread = [max(r) / min(r) for r in (r_exact, r_rf, r_ctrl)]
    ok = spread[0] < 4 and spread[1] < 4
    return Outcome(ok, f"best-order FLOP counts (numpy.einsum_path) over L in (256, 4096), M in (16, 256), d in (8, 128), "
                   f"n in (8, 128): exact K C divided by L^2(d + n) stays in [{min(r_exact):.2f}, {max(r_exact):.2f}] "
                   f"(spread x{spread[0]:.2f}); the features and P (S^T C) divided by LM(d + n) stay in "
                   f"[{min(r_rf):.2f}, {max(r_rf):.2f}] (spread x{spread[1]:.2f})",
                   agreement=f"spread x{spread[1]:.2f}", control_rejected=spread[2] > 8,
                   control_detail=f"forming P S^T first, (P S^T) C: ratio to LM(d + n) spreads x{spread[2]:.0f}",
                   domain={"L": "256, 4096", "M": "16, 256", "d": "8, 128", "n": "8, 128"})


SEC2_1_COST = Claim(id="DERF-Sec2.1-cost", paper="DERF", rule="verified-as-printed", location="Sec. 2.1, text after Eq. (2); Sec. 2.2, after Eq. (3)",
    verdict="verified",
    statement="$\\widehat{\\mathcal K}C$ is an unbiased approximation of $\\mathcal K^{(\\alpha)}(\\mathcal X, \\mathcal Y)C$ computed in $O(LM(d + n))$ (features $O(LMd)$, then $O(LMn)$) instead of the exact $O(L^2(d + n))$; in attention ($n = d + 1$) from $O(L^2d)$ to $O(LMd)$.",
    evidence="Sampled with the library's GERF features, the mean of $P(S^\\top C)$ agrees with $\\mathcal K C$ entry by entry (|z| <= 5), and the sides swapped are rejected; numpy's contraction planner counts the exact product within a constant factor of $L^2(d + n)$ and the features plus $P(S^\\top C)$ within a constant factor of $LM(d + n)$ over a 16x range of $L, M, d, n$, while forming $PS^\\top$ first is not of that order. Registered in issue #28.",
    checks=[Check("sampled P (S^T C) vs K C", "montecarlo", _sec21_kc_mc,
                  exercises=("rfsym.derf.derf_features_np", "rfsym.couplings.sample"), route="20000 replicates, M = 8",
                  control="K^T C (sides swapped)"),
            Check("FLOP counts, exact vs random features", "numeric", _sec21_flops, route="numpy.einsum_path optimal FLOP counts",
                  control="(P S^T) C")],
    no_witness={"symbolic": "an operation count and a linear map of an unbiased estimate; counted and sampled"})


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


EQ3 = Claim(id="DERF-Eq3", paper="DERF", rule="verified-as-printed", conventions=('DERF:feature-side',), location="Sec. 2.2, Eq. (3)", verdict="verified",
    statement="$\\mathrm{diag}(\\mathcal{K}^{(0)}\\mathbf{1}_L)^{-1}\\mathcal{K}^{(0)}V$ with $x^{(i)} = d^{-1/4}Q_{i,:}$, $y^{(j)} = d^{-1/4}K_{j,:}$ is row-softmax of $d^{-1/2}QK^\\top$ times $V$; $n = d + 1$.",
    evidence="Symbolic identity and float64 check to rounding; the scale $d^{-1/4}$ on the logits is rejected.",
    checks=[Check("sympy identity", "symbolic", _eq3_symbolic, route="sympy exp(x.y) with the scalings",
                  control="exp(q.k/d)"),
            Check("softmax identity on random Q, K", "numeric", _eq3_numeric, route="float64 attention vs softmax",
                  control="softmax of d^(-1/4) Q K^T")],
    no_witness={"montecarlo": _NO_MC_DET})


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


EQ4 = Claim(id="DERF-Eq4", paper="DERF", rule="erratum-typo", root_cause="DERF:eq4-trig-law", conventions=('DERF:product-law',), location="Sec. 2.3, Eq. (4)", verdict="erratum", severity="typo",
    statement="$\\nu_{trig} = \\mathrm{Unif}([0, 2\\pi]) \\times \\mathcal{N}(0_d, I_d)^d$ on $\\Omega_{trig} = \\mathbb{R}^{d+1}$.",
    correction="$\\nu_{trig} = \\mathrm{Unif}([0, 2\\pi]) \\times \\mathcal{N}(0_d, I_d)$.",
    evidence="$\\mathcal{N}(0_d, I_d)^d$ is a law on $\\mathbb{R}^{d^2}$; the intended $\\mathrm{Unif}\\times\\mathcal{N}(0_d, I_d)$ lives on $\\mathbb{R}^{d+1}$ and sampling it gives unbiased (corrected) TrigRFs.",
    readings=[Reading("literal", "$\\nu_{trig} = \\mathrm{Unif}([0,2\\pi])\\times\\mathcal{N}(0_d, I_d)^d$ is a law on $\\Omega_{trig} = \\mathbb{R}^{d+1}$.", False, "the printed law lives on R^(1+d^2) = R^10 for d = 3, not R^4"),
              Reading("charitable: the exponent as in the paper's $\\nu_{pos} = \\mathcal{N}(0,1)^d$", "The power $^d$ has the meaning it has two lines below (the product of $d$ independent copies).", False, "with that meaning the law is on R^(1+d^2) = R^10 for d = 3; only dropping the exponent gives R^4")],
    defence="The exponent is carried over from the scalar notation $\\mathcal{N}(0,1)^d$, both notations mean the same law once $\\Omega_{trig} = \\mathbb{R}^{d+1}$ is read alongside, and nothing downstream changes (defence counsel).",
    defeated_by="under the paper's own meaning of the power (as in nu_pos) the printed law is on R^10 for d = 3, contradicting Omega_trig = R^4 on the same line: a typo, with the intent clear",
    checks=[Check("dimension count", "consistency", _eq4_dims, route="1 + d^2 vs d + 1"),
            Check("sympy integral under the intended law", "symbolic", _eq4_symbolic,
                  exercises=("rfsym.derf.trig_mean_expr",), route="sympy over theta and w",
                  control="the sign-flipped feature"),
            Check("sampling the intended law", "montecarlo", _eq4_mc, exercises=("rfsym.derf.trig_features_np",),
                  route="400000 draws of Unif x N(0_3, I_3) (couplings.sample)", control="1.03 K")],
    no_witness={"numeric": "a dimension count, no quantity to evaluate at high precision"})


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


EQ5 = Claim(id="DERF-Eq5", paper="DERF", rule="erratum-typo", root_cause="DERF:eq5-trig-sign", location="Sec. 2.3, Eqs. (4)-(5)", verdict="erratum", severity="typo",
    statement="TrigRF $f^{(1)} = \\sqrt2 e^{\\|x\\|^2/2}\\cos(\\omega^\\top x + \\theta)$, $f^{(2)} = \\sqrt2 e^{\\|y\\|^2/2}\\cos(-\\omega^\\top y + \\theta)$ are RFs for $K^{(0)}(x,y) = e^{x^\\top y}$.",
    correction="$f^{(2)}_{trig}((\\theta, \\omega), y) = \\sqrt2 e^{\\|y\\|^2/2}\\cos(\\omega^\\top y + \\theta)$.",
    evidence="With $\\cos(-\\omega^\\top y + \\theta)$ the product has mean $e^{-x^\\top y}$ (sympy, d = 1; sampled in d = 3); with $\\cos(\\omega^\\top y + \\theta)$ it is $e^{x^\\top y}$. "
             "The corrected pair is the RFF of [40], with relative variance $\\mathrm{Var}/K^2 = e^u - 1 + \\tfrac12 e^{-u}$, $u = \\|x-y\\|^2$ (sympy; the sampled variance agrees), the TrigRF variance Fig. 2 plots (DERF-Fig2); the paper does not print that formula, so it is a check of this correction, not a claim of its own (it was registered as DERF-Sec2.3-TrigVar, verified, until issue 28's referee item D11: a sentence the paper does not print has no reading to verify).",
    readings=[Reading("literal", "$f^{(2)} = \\sqrt2 e^{\\|y\\|^2/2}\\cos(-\\omega^\\top y + \\theta)$ with $f^{(1)}$ as printed are RFs for $e^{x^\\top y}$.", False, "printed pair rejected against K = exp(x.y) at z = -188.3; it estimates exp(-x.y) (0.843665)"),
              Reading("charitable: the sign convention of the companion paper [31]", "The $-$ is [31]'s $s = -1$ in $e^{-i\\omega^\\top y}$, carried into the real form with a random phase.", False, "in the real form with a random phase the sign gives exp(-x.y) = 0.843665, not K = 1.1853")],
    defence="The sign comes from the companion paper's complex form; the citation of TrigRFs [40] and Def. 2.1 (RFs for $K^{(0)}(x, y)$) fix the intent, and no derivation uses (5) (defence counsel). Accepted: the severity is lowered to typo.",
    defeated_by="as printed the pair estimates exp(-x.y) = 0.843665 instead of K = 1.1853 (z = -188.3)",
    checks=[Check("E[f1 f2] by sympy", "symbolic", _eq5_symbolic, exercises=("rfsym.derf.trig_mean_expr",),
                  route="sympy integral over theta and w", control="features without the sqrt2 factors"),
            Check("sampled E[f1 f2]", "montecarlo", _eq5_mc, exercises=("rfsym.derf.trig_features_np",),
                  route="400000 draws (couplings.sample)", control="1.03 K for the corrected feature"),
            Check("variance of the corrected pair (sympy)", "symbolic", _trig_var_symbolic,
                  exercises=("rfsym.derf.trig_variance_expr",), route="sympy", control="e^-u without 1/2"),
            Check("sampled variance of the corrected pair", "montecarlo", _trig_var_mc,
                  exercises=("rfsym.derf.trig_features_np", "rfsym.derf.log_relative_variance_np"),
                  route="400000 draws", control="1.1 x")],
    no_witness={"numeric": "the sympy integrals are exact; a quadrature would repeat them"})


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


SEC2_3_POSRF = Claim(id="DERF-Sec2.3-PosRF", paper="DERF", rule="verified-as-printed", conventions=('DERF:product-law',), location="Sec. 2.3, PosRF", verdict="verified",
    statement="PosRF $f(\\omega, x) = \\exp(\\omega^\\top x - \\|x\\|^2/2)$, $\\omega \\sim \\mathcal{N}(0, I_d)$, are strictly positive RFs for $K^{(0)}$.",
    evidence="sympy (d = 1) gives the moments; sampled mean agrees, 1.03 K rejected.",
    checks=[Check("moments by sympy", "symbolic", _pos_symbolic, exercises=("rfsym.derf.derf_moments_expr",),
                  route="sympy Gaussian integral", control="exp(w x - x^2)"),
            Check("sampled mean", "montecarlo", _pos_mc, exercises=("rfsym.derf.pos_features_np",),
                  route="400000 draws", control="1.03 K")])


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


SEC2_3_SCALED = Claim(id="DERF-Sec2.3-scaled", paper="DERF", rule="verified-as-printed", location="Sec. 2.3, first paragraph", verdict="verified",
    statement="If $\\langle\\nu, f^{(1)}, f^{(2)}\\rangle$ are RFs for $K^{(0)}$ then $e^{\\alpha\\|x\\|^2} f^{(k)}(\\omega, x)$ are RFs for $K^{(\\alpha)}$.",
    evidence="Symbolic identity; scaled PosRF estimates the Gaussian kernel ($\\alpha = -1/2$) when sampled, and quadrature of the library's scaled product over $\\mathcal{N}(0, 1)$ gives $K^{(\\alpha)}$ to 12+ digits for $\\alpha = -1/2$ and $0.3$ (the variant $1.01\\alpha$ is rejected).",
    checks=[Check("scaled features", "montecarlo", _scaled_kernel,
                  exercises=("rfsym.derf.scaled_features_np", "rfsym.derf.pos_features_np"), route="400000 draws",
                  control="K^(0) and 1.03 K^(-1/2)"),
            Check("mp.quad of the scaled product over N(0, 1)", "numeric", _scaled_numeric,
                  exercises=("rfsym.derf.scaled_features_np", "rfsym.derf.pos_features_np"),
                  route="mp.quad at 30 digits of the library's feature product, d = 1, alpha = -1/2 and 0.3",
                  control="K with alpha x 1.01")])


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
        m1, _ = derf.derf_moments_by_quadrature(*mats, Dd, x, y, dps=40)
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


def _deriv_eq6():
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    B, Dv = sp.sqrt(1 - 4 * A), (1 - 4 * A) ** sp.Rational(1, 4)
    return [("$E[f_1 f_2]$, (6) as printed ($C\\|x\\|^2/2$, $C=-1/2$), d = 1",
             sp.simplify(e["m1"].subs({B1: B, B2: B, C1: -sp.Rational(1, 4), C2: -sp.Rational(1, 4), D: Dv}))),
            ("$E[f_1 f_2]$ with $C\\|x\\|^2$, $C = -1/2$",
             sp.simplify(e["m1"].subs({B1: B, B2: B, C1: -sp.Rational(1, 2), C2: -sp.Rational(1, 2), D: Dv})))]


EQ6 = Claim(id="DERF-Eq6", paper="DERF", rule="erratum-typo", root_cause="DERF:eq6-gerf-half", conventions=('DERF:gerf-exponent',), location="Sec. 2.3, Eq. (6)", verdict="erratum", severity="typo",
    statement="GERF $f_{GE}(\\omega, x) = D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2/2)$ with $1 - 8A > 0$, $B = \\sqrt{1-4A}$, $C = -0.5$, $D = (1-4A)^{d/4}$ are RFs for $K^{(0)}$.",
    correction="$f_{GE}(\\omega, x) = D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2)$ with $C = -1/2$ (as in [31]); equivalently keep $C\\|x\\|^2/2$ with $C = -1$.",
    evidence="With the printed exponent $C\\|x\\|^2/2$ and $C = -0.5$, $E[f f] = \\exp(x^\\top y + (\\|x\\|^2+\\|y\\|^2)/4) \\ne K^{(0)}$ (sympy d = 1, quadrature at d = 2 with 30+ digits, sampled d = 3). The printed constants are those of [31], whose exponent is $C\\|x\\|^2$; with it (and in the DERF embedding of Sec. 4) the features are valid.",
    readings=[Reading("literal", "$D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2/2)$ with $C = -0.5$ are RFs for $K^{(0)}$.", False, "E[f1 f2] = 1.51816140389848 vs K = 0.990049833749168 (d = 2)"),
              Reading("charitable: C as defined in Sec. 4 and Thm 4.1", "$C$ is the constant of the DERF embedding ($C = -\\tfrac12 B^2/(1-4A) = -1/2$) inside the printed $C\\|x\\|^2/2$.", False, "that is the printed C = -0.5, still biased: z = +100.7 against K")],
    defence="Only a stray '/2' is wrong: (7) printed right after, the GERF objective of Sec. 3.1, the SADERF derivation and [31] all use $C\\|x\\|^2$ with $C = -1/2$ (defence counsel). Accepted: severity typo.",
    defeated_by="as printed E[f1 f2] = 1.51816140389848, not K = 0.990049833749168 (quadrature, d = 2); sampled z = +100.7",
    checks=[Check("sympy mean, printed vs corrected exponent", "symbolic", _eq6_symbolic,
                  exercises=("rfsym.derf.derf_moments_expr",), route="sympy Gaussian integral per coordinate",
                  control="B = 1 - 4A"),
            Check("1-D quadrature of the printed and corrected products", "numeric", _eq6_numeric,
                  exercises=("rfsym.derf.derf_moments_by_quadrature",), route="mp.quad at 40 digits, no closed form",
                  control="D = (1-4A)^(d/2)"),
            Check("sampled mean, printed vs corrected", "montecarlo", _eq6_mc,
                  exercises=("rfsym.derf.gerf_features_np", "rfsym.derf.gerf_features_printed_np"),
                  route="400000 draws (couplings.sample)", control="1.03 K")],
    derivation=_deriv_eq6)


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
        _, m2 = derf.derf_moments_by_quadrature(*mats, D, x, y, dps=45)
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
    prod = derf.mc_moments(p, x, y, n, rng)
    exact = math.exp(float(derf.gerf_log_variance(a, x.tolist(), y.tolist(), dps=20))) - math.exp(2 * x @ y)
    c = z_check(variance_of(prod), exact)
    wrong = z_check(variance_of(prod), 1.05 * exact)
    return Outcome(c.passed, f"sampled variance of the GERF product vs exp(L_GE) - K^2: {c}; 1.05 x rejected: z = {wrong.z:+.1f}",
                   agreement=f"z = {c.z:+.2f}", control_rejected=not wrong.passed,
                   control_detail=f"1.05 x rejected at z = {wrong.z:+.1f}")


EQ7 = Claim(id="DERF-Eq7", paper="DERF", rule="verified-forced-reading",
    forced_reading="(7) is the variance of the GERF of [31], exponent $C\\|x\\|^2$ with $C = -1/2$ (convention DERF:gerf-exponent): the sentence before (7) attributes it to [31], and for (6) with the printed '$/2$' the features are not unbiased, so they have no variance of this form.", conventions=('DERF:gerf-exponent',), location="Sec. 2.3, Eq. (7)", verdict="verified",
    statement="$\\mathrm{Var}\\, f_{GE} f_{GE} = e^{\\mathcal{L}_{GE}} - K^2$, $\\mathcal{L}_{GE} = d\\log\\frac{1-4A}{\\sqrt{1-8A}} + \\frac{2(1-4A)}{1-8A}\\|x+y\\|^2 - \\|x\\|^2 - \\|y\\|^2$.",
    evidence="sympy derivation equals (7); quadrature of the GERF second moment agrees to 30+ digits at A = -0.2, 0.1, -1000; sampled variance agrees. (7) is the variance of the corrected GERF (exponent $C\\|x\\|^2$, $C = -1/2$); for (6) as printed, with $C\\|x\\|^2/2$, the features are not unbiased (DERF-Eq6).",
    checks=[Check("sympy derivation", "symbolic", _eq7_symbolic, exercises=("rfsym.derf.gerf_log_variance_expr",),
                  route="sympy Gaussian integral", control="coefficient (1-4A)/(1-8A)"),
            Check("vs 1-D quadrature of the second moment", "numeric", _eq7_numeric,
                  exercises=("rfsym.derf.gerf_log_variance", "rfsym.derf.derf_moments_by_quadrature"),
                  route="mp.quad of the definition, 45 digits", control="coefficient 2 -> 1.98"),
            Check("sampled variance", "montecarlo", _eq7_mc,
                  exercises=("rfsym.derf.gerf_log_variance", "rfsym.derf.mc_moments"), route="400000 draws",
                  control="1.05 x")])


CLAIMS = [DEF2_1, EQ2, SEC2_1_COST, EQ3, EQ4, EQ5, SEC2_3_POSRF, SEC2_3_SCALED, EQ6, EQ7]
