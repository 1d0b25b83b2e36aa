"""SimRF Sec. 3, Eq. (9): the simplex block whose rows the SimRF coupling rotates (shown in the foundations
notebook, with the sampler of :mod:`rfsym.couplings` it specifies).

Claims
------
* ``SimRF-Eq9`` verified -- Eq. (9) (= Eq. (88)): unit rows subtending angles arccos(-1/(d-1))
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from ... import couplings, foundations
from ...claims import Check, Claim, Outcome
from ...montecarlo import _draw_all, z_witness
from ._checks import _every, _row_mean_var, _xw

#: seed of the foundations notebook's checks (the draws recorded before the move to this package)
SEED = 20261121

CLAIMS = []


def _eq9_symbolic():
    r = foundations.simplex_rows_expr()
    d = sp.Symbol("d", positive=True)
    ok = (sp.simplify(r["norm2"] - 1) == 0 and sp.simplify(r["norm2_last"] - 1) == 0
          and sp.simplify(r["cross"] + 1 / (d - 1)) == 0 and sp.simplify(r["last"] + 1 / (d - 1)) == 0)
    DS = range(2, 9)
    exact = all(foundations.simplex_gram_expr(k).is_zero_matrix for k in DS)
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
                                 f"s_i.s_d = {r['last']}; exact S S^T equals the regular-simplex Gram matrix for d = {DS.start}..{DS.stop - 1}: {exact}; "
                                 f"with (d-1) in place of (d-1)^(3/2), d = 4: |s_1|^2 = {wrong_norm}, s_1.s_2 = {wrong_cross}. "
                                 f"(With (sqrt(d) - 1) in place of (sqrt(d) + 1) the rows are a reflected regular simplex: that "
                                 f"slip would not change the geometry.)",
                   agreement="identically equal",
                   control_rejected=sp.simplify(wrong_norm - 1) != 0 and sp.simplify(wrong_cross + sp.Rational(1, 3)) != 0,
                   control_detail=f"|s_1|^2 = {wrong_norm}, s_1.s_2 = {wrong_cross}",
                   domain={"d": f"symbolic d; exact Gram matrices at d = {_every(DS)}"})


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
    # the replicates of foundations.one_sided_exp_mc (mean over the d rows of a block of exp(w_i1)), same seed
    reps = _draw_all(lambda g, k: np.exp(couplings.sample("simplex", 4, 4 * k, g).reshape(k, 4, 4)[:, :, 0]).mean(axis=1),
                     20_000, np.random.default_rng(SEED + 2), 2000)
    w = _xw(reps, math.exp(0.5), _row_mean_var("simplex", 4, 1.0), {"x1.05": 1.05 * math.exp(0.5)})
    return Outcome(worst <= 1e-12 and w.passed, (
        f"sampled simplex blocks (d = 2, 3, 8, 64): max |cos(w_i, w_j) + 1/(d-1)| = {worst:.1e} (need <= 1e-12); "
        f"rows marginally N(0, I): E exp(w^T e1) over 20000 blocks at d = 4, exact variance of a block mean from (24): "
        f"{w}"),
        agreement=f"cosines to {worst:.0e}; {w.agreement}", control_rejected=w.controls_rejected,
        control_detail=w.control_detail)


CLAIMS.append(Claim(
    id="SimRF-Eq9", paper="SimRF", location="SimRF Sec. 3, Eq. (9) (= Eq. (88))",
    statement=r"$s_i = \sqrt{d/(d-1)}\, e_i - \frac{\sqrt d + 1}{(d-1)^{3/2}} (1,\dots,1,0)^\top$ ($i < d$), $s_d = (d-1)^{-1/2} (1,\dots,1,0)^\top$ are unit vectors subtending angles $\arccos(-1/(d-1))$.",
    verdict="verified",
    rule="verified-as-printed",
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
    notebook="foundations"))
