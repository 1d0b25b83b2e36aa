"""Figures and tables: Fig. 1 (Sec. 2.4), the experiments of Sec. 4 and Apps. G, H.1, H.3, I.

* ``HRF-Fig1`` verified -- Sec. 2.4, Fig. 1
* ``HRF-Fig2`` verified -- Sec. 4.1, Fig. 2 and App. G, Fig. 5
* ``HRF-Fig2-gauss`` unverifiable (open choice) -- Fig. 2 caption, 'Similar gains ... Gaussian hybrid'
* ``HRF-Tab1-wine`` unverifiable (open choice) -- Sec. 4.1, Table 1 (wine row) and text ('HRFs outperform all other methods')
* ``HRF-Tab1`` unverifiable (out of reach) -- Sec. 4.1, Table 1 (Boston row)
* ``HRF-Fig3`` unverifiable (out of reach; printed Table 4 checked) -- Sec. 4.2, Fig. 3; App. I, Table 4
* ``HRF-Tab2`` unverifiable (out of reach; printed Table 2 checked) -- Sec. 4.3, text and Table 2
* ``HRF-Fig4`` unverifiable (out of reach) -- Sec. 4.4, Fig. 4
* ``HRF-Fig6`` unverifiable (unprinted; printed Table 3 checked, rerun flips) -- App. H.1 text, Fig. 6; App. H.3, Table 3
* ``HRF-Tab5`` unverifiable (out of reach; printed Table 5 checked) -- App. I, Table 5; Fig. 8
* ``HRF-SecI`` unverifiable (open choice) -- App. I, 'consistently outperform' (Tables 4 and 5)
* ``HRF-Fig10`` unverifiable (out of reach) -- App. I.1, Fig. 10
"""

from __future__ import annotations

import functools as _functools
import math

import mpmath
from mpmath import mp
import numpy as np

from ... import hrf
from ...claims import Check, Claim, Outcome, Reading, Sensitivity
from ...montecarlo import variance_of, z_check
from .. import experiments as _E
from .. import witnesses as W
from ..experiments import FIG1, fig1_exact
from ._checks import _ez, _ez_ctl, _sq_err_witness, controlled, _digits, _f, _rng_witness, gaussian_hybrid_max_rel_error

CLAIMS: list = []


def _fig1_num():
    th = np.linspace(0, np.pi, 2001)
    r, m, n = 5.0, 10, 1
    lt = hrf.log_mse_trig_np(th, r, m)
    lp = hrf.log_mse_pos_np(th, r, m)
    lh = hrf.log_angular_hybrid_mse_np(th, r, m, n)
    # zeros: trig only at 0, ++ only at pi, hybrid at both
    mt0 = hrf.mse_trig([5, 0], [5, 0], 10, dps=15)
    mtpi = hrf.mse_trig([5, 0], [-5, 0], 10, dps=15)
    mp0 = hrf.mse_pos([5, 0], [5, 0], 10, dps=15)
    mppi = hrf.mse_pos([5, 0], [-5, 0], 10, dps=15)
    mh0 = hrf.angular_hybrid_mse([5, 0], [5, 0], 10, 1, dps=15)
    mhpi = hrf.angular_hybrid_mse([5, 0], [-5, 0], 10, 1, dps=15)
    ok = mt0 == 0 and mtpi > 1e20 and mp0 > 1e60 and mppi == 0 and mh0 == 0 and mhpi == 0
    ok &= bool(np.all(np.isfinite(lt[1:]))) and bool(np.all(np.isfinite(lp[:-1]))) and bool(np.all(np.isfinite(lh[1:-1])))
    # control: a bipolar mixture with the constant coefficient lambda = 1/2 (E lam^2 = E(1-lam)^2 = 1/4)
    c0 = hrf.bipolar_hybrid_mse([5, 0], [5, 0], 10, "0.25", "0.25", dps=15)
    cpi = hrf.bipolar_hybrid_mse([5, 0], [-5, 0], 10, "0.25", "0.25", dps=15)
    return Outcome(ok, (f"r=5, m=10, n=1: trig MSE {_f(mt0, 3)} at 0, {_f(mtpi, 4)} at pi; ++ {_f(mp0, 4)} at 0, "
                        f"{_f(mppi, 3)} at pi; angular hybrid {_f(mh0, 3)} at 0 and {_f(mhpi, 3)} at pi (zero at both ends "
                        f"only for the hybrid)"), agreement="exact zeros",
                   control_rejected=bool(c0 > 0 and cpi > 0),
                   control_detail=f"constant lambda = 1/2 mixture: MSE {_f(c0, 4)} at 0, {_f(cpi, 4)} at pi (not zero)")


FIG1_THETAS = list(FIG1["thetas"])


def _fig1_mc():
    # squared errors about SM, z in exact s.e. (fourth moments by Gaussian integrals), guaranteed rate 5.7e-07
    checks = _E.fig1_mc_checks(factor=1.1)
    pts = [p for lst in checks.values() for p in lst]
    ok = all(p["passed"] for p in pts)
    worst = max(abs(p["z"]) for p in pts)
    wrong_fail = sum(p["control_rejected"] for p in pts)
    tot = 3 * len(FIG1_THETAS)
    ok &= wrong_fail == tot
    return controlled(ok, f"r=0.5 slice, m=10, n=1, {len(FIG1_THETAS)} angles x 3 estimators, 100000 replicates each, "
                           f"sampled MSEs in exact s.e. (guaranteed rate 5.7e-07): max |z| = {worst:.2f} <= 5; exact*1.1 "
                           f"rejected in {wrong_fail}/{tot} cases", "1.1 x exact")


def _np_curves_pin():
    """float64 log-MSE curves (Fig. 1, notebook plots) vs the 30-digit library values."""
    worst = 40.0
    for th in (0.4, 1.3, 2.6):
        for r in (0.5, 2.0, 5.0):
            x, y = [r, 0.0], [r * math.cos(th), r * math.sin(th)]
            for f_np, f_mp in ((hrf.log_mse_trig_np(th, r, 10), hrf.mse_trig(x, y, 10, dps=20)),
                               (hrf.log_mse_pos_np(th, r, 10), hrf.mse_pos(x, y, 10, dps=20)),
                               (hrf.log_angular_hybrid_mse_np(th, r, 10, 1), hrf.angular_hybrid_mse(x, y, 10, 1, dps=20))):
                dev = abs(float(f_np) - float(mpmath.log(f_mp)))
                worst = min(worst, -math.log10(max(dev, 1e-40)))
    return Outcome(worst >= 10, f"log MSE float64 curves vs log of the 20-digit MSEs at 9 (theta, r) x 3 estimators: "
                                f"max abs deviation 1e-{worst:.0f} or smaller",
                   agreement=f"{worst:.0f} digits (absolute, log)", control_rejected=worst > 3,
                   control_detail="a 1e-3 relative change shifts the log by 1e-3")


CLAIMS.append(Claim(
    id="HRF-Fig1", paper="HRF", location="Sec. 2.4, Fig. 1",
    statement=("MSE over (theta, r) for trig, ++ and angular hybrid (m=10, n=1, slice r=5): only the angular "
               "hybrid's MSE vanishes at both theta = 0 and theta = pi."),
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:m-n-roles",),
    evidence=("[numeric] r=5, m=10, n=1: trig MSE 0.0 at 0, 2.592e+20 at pi; ++ 6.969e+63 at 0, 0.0 at pi; angular "
              "hybrid 0.0 at 0 and 0.0 at pi (zero at both ends only for the hybrid) | [montecarlo] r=0.5 slice, "
              "m=10, n=1, 4 angles x 3 estimators, 100000 replicates each, sampled MSEs in exact s.e. (guaranteed "
              "rate 5.7e-07): max |z| = 1.55 <= 5; exact*1.1 rejected in 12/12 cases | [numeric] log MSE float64 "
              "curves vs log of the 20-digit MSEs at 9 (theta, r) x 3 estimators: max abs deviation 1e-14 or "
              "smaller"),
    checks=(
        Check("exact end-point values at r=5", "numeric", _fig1_num,
              exercises=("rfsym.hrf.mse_trig", "rfsym.hrf.mse_pos", "rfsym.hrf.angular_hybrid_mse", "rfsym.hrf.log_mse_trig_np", "rfsym.hrf.log_mse_pos_np", "rfsym.hrf.log_angular_hybrid_mse_np", "rfsym.hrf.bipolar_hybrid_mse"),
              route="exact values at theta = 0, pi (r = 5)",
              control="constant lambda = 1/2 mixture (vanishes at neither end)"),
        Check("MC points on the r=0.5 slice", "montecarlo", _fig1_mc,
              exercises=("rfsym.hrf.experiments.fig1_mc_checks", "rfsym.hrf.sample_trig", "rfsym.hrf.sample_pos", "rfsym.hrf.sample_angular_hybrid", "rfsym.hrf.mse_trig", "rfsym.hrf.mse_pos", "rfsym.hrf.angular_hybrid_mse"),
              route="sampled MSE points on the r = 0.5 slice, 100000 draws each", control="1.1 x exact"),
        Check("float64 curves vs 20-digit values", "numeric", _np_curves_pin,
              exercises=("rfsym.hrf.log_mse_trig_np", "rfsym.hrf.log_mse_pos_np", "rfsym.hrf.log_angular_hybrid_mse_np", "rfsym.hrf.mse_trig", "rfsym.hrf.mse_pos", "rfsym.hrf.angular_hybrid_mse"),
              route="20-digit library values", control="x(1+1e-3)"),
    ),
))


def _fig2_maxerr():
    """Exact max relative errors at the figure's radii: hybrid (FLOP-matched) vs trig / FAVOR+ with M = 128."""
    M, m, n, d = _E.fig2_config()
    rows, ratios, dg = [], [], 40
    for r in ("1", "1.25", "1.5"):
        h = hrf.max_relative_error_angular_hybrid(r, m, n, dps=15)
        hi, _ = W.max_relative_error_search(r, m, n, dps=15)
        t = hrf.max_relative_error_trig(r, M, dps=15)
        dg = min(dg, _digits(h, hi))
        ratios.append(float(h / t))
        rows.append(f"r = {r}: angular hybrid {_f(h, 6)}, trig = FAVOR+ {_f(t, 6)} (ratio {float(h / t):.4f})")
    ok = max(ratios) < 1 and dg >= 12
    return Outcome(ok, (f"d = {d}, trig/FAVOR+ with M = {M}, hybrid with (m, n) = ({m}, {n}) from an equal operation "
                        f"count: " + "; ".join(rows) + f"; hybrid maxima agree with the golden-section search to >= {dg} digits"),
                   agreement=f"{dg} digits", control_rejected=max(ratios) < 1,
                   control_detail=f"'no gain' (ratio >= 1) rejected: largest ratio {max(ratios):.4f}")


def _fig2_mc():
    """Sampled MSE of the FLOP-matched hybrid in d = 64 vs Thm D.1 at two angles on S(1)."""
    M, m, n, d = _E.fig2_config()
    rng = _rng_witness(30)
    rows, ok, rej = [], True, True
    for th in (0.8, 2.0):
        x, y = _E._sphere_points(1.0, th, d, rng)
        est = np.concatenate([hrf.sample_angular_hybrid(x, y, m, n, rng, 2000) for _ in range(10)])
        ex = hrf.angular_hybrid_mse([float(a) for a in x], [float(b) for b in y], m, n, dps=15)
        wrong = hrf.angular_hybrid_mse([float(a) for a in x], [float(b) for b in y], m // 2, n, dps=15)
        # squared errors, z in exact s.e. (fourth moment by Gaussian integrals), guaranteed rate 5.7e-07
        w = _sq_err_witness(est, math.exp(float(x @ y)), ex, x, y, m, W.lam_raw_angular(th, n), {"m/2": wrong})
        ok &= w.passed
        se = math.sqrt(w.test.sigma2 / w.test.n)
        if th == 2.0:
            rej &= w.controls_rejected
            rows.append(f"theta = {th}: {_ez(w)}; m/2 base projections {_f(wrong, 6)}: {_ez_ctl(w)}")
        else:   # the ++ term dominates: the exact s.e. is the size of the MSE itself, the sample is indicative only
            rows.append(f"theta = {th} (indicative only: heavy tails, exact s.e. {se / float(ex):.2f} x the MSE at 20000 "
                        f"draws): {_ez(w)}; m/2 base projections {_f(wrong, 6)}: {_ez_ctl(w)}")
    return Outcome(ok, f"d = {d}, (m, n) = ({m}, {n}), 20000 estimates per angle: " + "; ".join(rows),
                   agreement="|z| <= 5 in exact s.e.", control_rejected=rej,
                   control_detail=("the MSE with m/2 base projections rejected at theta = 2.0 (exact s.e., guaranteed "
                                   "rate 5.7e-07)"))


#: coefficient budgets n tried for the hybrid of Fig. 2 (the figure does not state its (m, n))
FIG2_NS = (1, 2, 4, 8, 16, 32)


def _fig2_n_choice():
    """The figure's hybrid configuration is unstated: for each n, m FLOP-matched to M = 128, the largest ratio of
    exact max relative errors hybrid / (trig = FAVOR+) over the figure's radii."""
    M, _, _, d = _E.fig2_config()
    radii = ("1", "1.25", "1.5")
    rows, qs = [], []
    for n in FIG2_NS:
        m = _E.flop_matched_m(M, n, d)
        q = max(float(hrf.max_relative_error_angular_hybrid(r, m, n, dps=15) / hrf.max_relative_error_trig(r, M, dps=15))
                for r in radii)
        qs.append(q)
        rows.append(((str(n), str(m)), f"{q:.4f}", q < 1))
    ok = max(qs) < 1
    return Outcome(ok, (f"d = {d}, trig/FAVOR+ with M = {M}: for n = {', '.join(map(str, FIG2_NS))} and m FLOP-matched "
                        f"({', '.join(r[0][1] for r in rows)}), the largest hybrid/trig max-error ratio over r = "
                        f"{', '.join(radii)} is {', '.join(f'{q:.4f}' for q in qs)}: the hybrid has the smaller "
                        f"max-relative-error for every n tried"),
                   agreement=f"largest ratio {max(qs):.4f}", control_rejected=ok,
                   control_detail=f"'no gain at some n' (ratio >= 1) rejected: largest ratio {max(qs):.4f}",
                   domain={"n": ", ".join(map(str, FIG2_NS)), "r": ", ".join(radii)},
                   sensitivity=Sensitivity(("coefficient features n", "base projections m (FLOP-matched)"),
                                           "largest hybrid / (trig = FAVOR+) max relative error over r = 1, 1.25, 1.5",
                                           tuple(rows),
                                           threshold="exact maxima; the claim holds when the ratio is below 1 (no "
                                                     "threshold picked)"))


CLAIMS.append(Claim(
    id="HRF-Fig2", paper="HRF", location="Sec. 4.1, Fig. 2 and App. G, Fig. 5",
    statement=("Same-length 64-dim inputs, r = 1, 1.5 (Fig. 5: also 1.25), trig and FAVOR+ with 128 random "
               "features, the hybrid FLOP-matched: the angular hybrid most accurately approximates the softmax "
               "kernel and has smaller max-relative-error than the other estimators."),
    verdict="verified", rule="verified-as-printed",
    conventions=("HRF:max-relative-error",),
    evidence=("The figure gives no numbers nor the hybrid's (m, n); with n = 8 sign features and m from an "
              "equal operation count of the maps, (m, n) = (49, 8). The verdict does not hinge on that choice: "
              "with n = 1 to 32 and m FLOP-matched the hybrid's max-relative-error stays below trig's/FAVOR+'s "
              "(largest ratio 0.5424, at n = 1; protocol table in the check output). The exact relative-error "
              "curves and sampled 5 %/95 % quantiles of all three estimators (ten thousand estimates per angle, "
              "as in the figure) are drawn in the notebook."),
    empirical=True,
    checks=(
        Check("exact maxima at the figure's radii", "numeric", _fig2_maxerr,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid", "rfsym.hrf.max_relative_error_trig", "rfsym.hrf.experiments.fig2_config"),
              route="exact maxima + golden-section search", control="no gain"),
        Check("sampled MSE of the hybrid in d = 64", "montecarlo", _fig2_mc,
              exercises=("rfsym.hrf.sample_angular_hybrid", "rfsym.hrf.angular_hybrid_mse"),
              route="20000 sampled estimates in d = 64", control="MSE with m/2 base projections"),
        Check("the unstated hybrid configuration: every n, m FLOP-matched", "numeric", _fig2_n_choice,
              exercises=("rfsym.hrf.max_relative_error_angular_hybrid", "rfsym.hrf.max_relative_error_trig",
                         "rfsym.hrf.experiments.flop_matched_m"),
              route="exact maxima at six coefficient budgets", control="'no gain at some n'",
              protocol_choices=("coefficient features n", "base projections m (FLOP-matched)")),
    ),
    no_witness={"symbolic": "a comparison of exact maxima at three radii; the maxima are located numerically"},
))


TAB1_PRINTED_WINE = {"HRF-ort": 0.70, "HRF-iid": 0.85, "ORF-reg": 1.00, "ORF-Had": 1.10, "Halton-R": 4.02}


@_functools.lru_cache(maxsize=None)
def _tab1_runs():
    """The two wine configurations: FLOP-matched hybrid (m from the op count) and equal m = 512."""
    return {"flop-matched": _E.table1_rerun(), "equal m": _E.table1_rerun(m=_E.PROTOCOL["M"])}


def _tab1_small_norm():
    """The equal-m configuration with the points scaled to norm 1/2 instead of 1 (the norm is unstated)."""
    return _E.table1_rerun(m=_E.PROTOCOL["M"], scale=0.5)


def _tab1_small_norm_flop():
    """The FLOP-matched configuration at norm 1/2 (completes the budget x norm table)."""
    return _E.table1_rerun(scale=0.5)


#: decided when the best hybrid and the best non-hybrid differ by more than this many standard errors (the
#: project's threshold, not the paper's)
TAB1_Z = 5.0


def _fmt_table(t):
    return ", ".join(f"{k} {1e3 * v[0]:.3f} ± {1e3 * v[1]:.3f}" for k, v in t.items())


def _hyb_vs_other(t):
    best_h = min(("HRF-ort", "HRF-iid"), key=lambda k: t[k][0])
    best_o = min(("ORF-reg", "ORF-Had", "Halton-R"), key=lambda k: t[k][0])
    (h, sh), (o, so) = t[best_h], t[best_o]
    return best_h, best_o, h / o, (h - o) / math.hypot(sh, so)


def _tab1_wine():
    """Rerun of Table 1 on wine: do the hybrids have the smallest MSE, and does the answer hinge on the
    unstated preprocessing?

    Supports the recorded verdict (unverifiable) when the FLOP-matched hybrids (the paper's protocol) lose
    clearly at unit norm (z > 5) while at norm 1/2 (m = 512) the best hybrid is not clearly worse than
    the best non-hybrid (z < 5): the outcome then depends on choices the paper does not state.
    """
    runs = dict(_tab1_runs())
    runs["equal m, norm 1/2"] = _tab1_small_norm()
    runs["flop-matched, norm 1/2"] = _tab1_small_norm_flop()
    rows, z, ratios = [], {}, {}
    for name, out in runs.items():
        t = out["table"]
        bh, bo, ratio, zz = _hyb_vs_other(t)
        z[name], ratios[name] = zz, ratio
        rows.append(f"{name} (m = {out['m']}, n = {out['n']}, M = {out['M']}, {out['pairs']} pairs, {out['reps']} "
                    f"replicates; MSE in 1e-3): {_fmt_table(t)}; best hybrid ({bh}) / best non-hybrid ({bo}) = "
                    f"{ratio:.2f}, z = {zz:+.1f}")
    ok, msg = _E.boston_available()
    printed = ", ".join(f"{k} {v:.2f}" for k, v in TAB1_PRINTED_WINE.items())
    loses_unit = z["flop-matched"] > TAB1_Z
    close_small = z["equal m, norm 1/2"] < TAB1_Z
    # how the MSEs depend on the norm: each estimator's MSE at norm 1 over its MSE at norm 1/2 (m = 512)
    names = list(runs["equal m"]["table"])
    shrink = {k: runs["equal m"]["table"][k][0] / runs["equal m, norm 1/2"]["table"][k][0] for k in names}

    # the protocol table: hybrid budget x norm of the points
    M = runs["flop-matched"]["M"]
    m_flop, n_h = runs["flop-matched"]["m"], runs["flop-matched"]["n"]
    budget = {"flop-matched": f"op count of (11) matched, m = {m_flop}, n = {n_h}, independent projections",
              "equal m": (f"m = {M} (4x the op count; the MSE is that of shared projections, since |x| = |y| zeroes "
                          f"the sharing term of (23), and a projection-only FLOP count then matches: m + n = {M + n_h} "
                          f"projections vs {M})")}

    def holds(zz, thr):
        return True if zz < -thr else False if zz > thr else None

    table = []
    for name in ("flop-matched", "flop-matched, norm 1/2", "equal m", "equal m, norm 1/2"):
        b = "flop-matched" if name.startswith("flop") else "equal m"
        norm = "1/2" if name.endswith("norm 1/2") else "1"
        table.append(((budget[b], norm), f"{ratios[name]:.2f} (z = {z[name]:+.1f})", holds(z[name], TAB1_Z)))
    at2 = [holds(z[nm], 2.0) for nm in ("flop-matched", "flop-matched, norm 1/2", "equal m", "equal m, norm 1/2")]
    word = {True: "holds", False: "fails", None: "undecided"}
    sens = Sensitivity(("hybrid budget", "norm of the points"),
                       "best hybrid / best non-hybrid MSE (z of the difference); the printed ranking needs a ratio below 1",
                       tuple(table),
                       threshold=(f"decided when |z| > {TAB1_Z:g} (the project's threshold, not the paper's); at |z| > 2 the "
                                  f"four rows would read " + ", ".join(word[h] for h in at2)
                                  + "; the paper states neither the norm nor the hybrid's n nor its FLOP accounting"))
    return Outcome(loses_unit and close_small,
                   (f"wine ({_E.PROTOCOL['normalise']}): " + "; ".join(rows) + f". Printed: {printed}. "
                    f"At unit norm the FLOP-matched hybrids lose clearly (with 4x the operations, m = 512, still by a factor "
                    f"{_hyb_vs_other(runs['equal m']['table'])[2]:.2f}); at norm 1/2 the best hybrid is "
                    f"{'not clearly worse than' if close_small else 'still clearly worse than'} the best non-hybrid at m = 512 "
                    f"and {'clearly worse' if z['flop-matched, norm 1/2'] > TAB1_Z else 'not clearly worse'} at the "
                    f"op-count budget: the ranking depends on the unstated scaling and FLOP accounting. From norm 1 to norm "
                    f"1/2 (m = 512) the MSEs shrink by factors {min(shrink.values()):.1f} ({min(shrink, key=shrink.get)}) to "
                    f"{max(shrink.values()):.1f} ({max(shrink, key=shrink.get)}). Boston: {msg}"),
                   agreement=", ".join(f"{k}: z = {v:+.1f}" for k, v in z.items()),
                   control_rejected=loses_unit,
                   control_detail="at unit norm the reading 'a hybrid has the smallest MSE' is rejected",
                   domain={"MSE": f"the {len(names)} estimators ({', '.join(names)}) at norms 1 and 1/2 (m = 512)",
                           "norm": "1, 1/2"},
                   sensitivity=sens)


def _tab1_pipeline_mc():
    """The experiment's sampled MSEs of the i.i.d. variants against their exact values (Lemma 2.2, Thm D.1)."""
    rows, ok, rej = [], True, True
    for name, out in _tab1_runs().items():
        other = _tab1_runs()["equal m" if name == "flop-matched" else "flop-matched"]
        for k in ("trig-iid", "HRF-iid"):
            est, se = out["table"][k]
            ex = out["exact_iid"][k]
            z = (est - ex) / se
            wrong = other["exact_iid"][k] if k == "HRF-iid" else out["exact_iid"][k] * 1.5
            zw = (est - wrong) / se
            ok &= abs(z) <= 5
            rej &= abs(zw) > 5
            rows.append(f"{name} {k}: sampled {1e3 * est:.4f} ± {1e3 * se:.4f} vs exact {1e3 * ex:.4f} (z = {z:+.2f}); "
                        f"wrong {1e3 * wrong:.4f} z = {zw:+.1f}")
    return Outcome(ok, "MSE in 1e-3, average over the pairs: " + "; ".join(rows), agreement="|z| <= 5",
                   control_rejected=rej,
                   control_detail="the other configuration's exact hybrid MSE (wrong m) and 1.5x the trig MSE rejected")



#: cluster widths sigma of the normalized Gaussian hybrid tried for Fig. 2's caption (the paper states none)
FIG2G_SIGMAS = ("0.5", "1", "3")


def _fig2_gauss():
    """Fig. 2 caption, 'Similar gains as for the angular are obtained by the Gaussian hybrid variant': the Gaussian
    hybrid (App. F) with the angular hybrid's budget (m, n) at r = 1, sampled at the angle where its exact relative error
    is largest, against trig/FAVOR+ with M = 128, for each sigma."""
    M, m, n, d = _E.fig2_config()
    r = "1"
    t = hrf.max_relative_error_trig(r, M, dps=15)
    a = hrf.max_relative_error_angular_hybrid(r, m, n, dps=15)
    rng = _rng_witness(62)
    rows, table, pins = [], [], []
    for sg in FIG2G_SIGMAS:
        _, th = _gauss_max_m(r, sg, n, m)
        thf = float(th)
        x, y = np.array([1.0, 0.0]), np.array([math.cos(thf), math.sin(thf)])
        est = hrf.sample_gaussian_hybrid(x, y, m, n, float(sg), rng, 40000)
        ex = hrf.gaussian_hybrid_mse([1, 0], [mp.cos(th), mp.sin(th)], m, n, sg, r=1, dps=15)
        sm = math.exp(math.cos(thf))
        # squared errors about SM, z in exact s.e. (fourth moment by Gaussian integrals), guaranteed rate 5.7e-07
        w = _sq_err_witness(est, sm, ex, x, y, m, W.lam_raw_gaussian_trig(list(x), list(y), float(sg), n, 1),
                            {"1.1 x exact": 1.1 * float(ex)})
        pins.append(w.passed)
        rel = math.sqrt(w.test.sigma2 / w.test.n) / float(ex)
        q = math.sqrt(float(ex)) / sm / float(t)  # exact ratio; the sample pins the exact MSE it rests on
        table.append(((sg,), f"{q:.3f}", q < 1))
        rows.append(f"sigma = {sg}: theta* = {thf:.4f}, sampled MSE {_ez(w)}"
                    + (f" (indicative only: exact s.e. {rel:.2f} x the MSE, heavy tails)" if rel > 0.1 else "")
                    + f"; Gaussian/trig max relative error {q:.3f} (exact MSE)")
    sens = Sensitivity(("sigma of the Gaussian coefficient",),
                       "Gaussian hybrid / (trig = FAVOR+) max relative error at r = 1 (sampled at the Gaussian's worst angle)",
                       tuple(table),
                       threshold=(f"a row holds when the Gaussian hybrid gains over trig/FAVOR+ at all (ratio < 1); "
                                  f"'similar' is not quantified: the angular hybrid's ratio is {float(a / t):.3f}"))
    ok = all(pins) and sens.flips
    return Outcome(ok, (f"d = {d}, trig/FAVOR+ with M = {M}, both hybrids with (m, n) = ({m}, {n}), r = 1, 40000 "
                        f"sampled estimates per sigma: " + "; ".join(rows)
                        + f"; angular/trig {float(a / t):.3f}"),
                   agreement=f"{sum(pins)}/{len(pins)} variances pinned", control_rejected=sens.flips,
                   control_detail="'the gain does not depend on the unstated sigma' rejected",
                   domain={"sigma": ", ".join(FIG2G_SIGMAS), "r": "1"}, sensitivity=sens)


def _gauss_max_m(r, sigma, n, m, *, grid=61, dps=12):
    """max over theta of the Gaussian hybrid's relative error on S(r) with m base projections (grid + golden section)."""
    return gaussian_hybrid_max_rel_error(r, sigma, n, m, grid=grid, dps=dps, iters=30)


CLAIMS.append(Claim(
    id="HRF-Fig2-gauss", paper="HRF", location="Sec. 4.1, Fig. 2 caption, last sentence",
    statement="'Similar gains as for the angular are obtained by the Gaussian hybrid variant.'",
    verdict="unverifiable", rule="unverifiable-open-choice",
    conventions=("HRF:max-relative-error", "HRF:m-n-roles"),
    evidence=("Open choice: the Gaussian hybrid's curves are not shown and its width sigma and budget are not stated. "
              "With the angular hybrid's FLOP-matched budget at r = 1, the normalized Gaussian hybrid of App. F gains "
              "over trig/FAVOR+ for a moderate sigma and loses for a wide one (sensitivity table of exact MSEs; the "
              "sampled MSEs agree with them in exact standard errors, indicative only where the check output says "
              "the tails are heavy); 'similar' is not quantified (the angular ratio is in the check output)."),
    checks=(
        Check("sampled Gaussian hybrid at Fig. 2's budget, three sigmas", "montecarlo", _fig2_gauss,
              exercises=("rfsym.hrf.sample_gaussian_hybrid", "rfsym.hrf.gaussian_hybrid_mse",
                         "rfsym.hrf.max_relative_error_trig", "rfsym.hrf.max_relative_error_angular_hybrid"),
              route="40000 sampled estimates per sigma at the worst angle, variance z-checked against the exact MSE",
              control="'the gain does not depend on sigma'", protocol_choices=("sigma of the Gaussian coefficient",)),
    ),
    empirical=True,
))


#: Sec. 4.1, Table 1 as printed: MSE in 1e-3 units, (mean, s.d.); bold on HRF-ort in both rows.
TABLE1 = {"wine": {"HRF-ort": (0.70, 0.08), "HRF-iid": (0.85, 0.05), "ORF-reg": (1.00, 0.04), "ORF-Had": (1.10, 0.06),
                   "Halton-R": (4.02, 0.1)},
          "Boston": {"HRF-ort": (0.72, 0.06), "HRF-iid": (0.79, 0.08), "ORF-reg": (1.05, 0.03), "ORF-Had": (1.14, 0.02),
                     "Halton-R": (2.53, 0.08)}}
TABLE1_BOLD = "HRF-ort"


def _table1_printed(row):
    """The printed row of Table 1: is the bold entry the smallest mean, and are both HRFs below every non-HRF?"""
    t = TABLE1[row]
    best = min(t, key=lambda k: t[k][0])
    hrfs = {k: v for k, v in t.items() if k.startswith("HRF")}
    others = {k: v for k, v in t.items() if not k.startswith("HRF")}
    wh, bo = max(hrfs, key=lambda k: hrfs[k][0]), min(others, key=lambda k: others[k][0])
    gap = (t[bo][0] - t[wh][0]) / math.hypot(t[bo][1], t[wh][1])
    ok = best == TABLE1_BOLD and t[wh][0] < t[bo][0]
    worst = max(t, key=lambda k: t[k][0])
    return Outcome(ok, (f"printed Table 1, {row} row: smallest MSE {best} {t[best][0]:.2f}e-3 (bold in the paper: "
                        f"{TABLE1_BOLD}); the worse HRF ({wh} {t[wh][0]:.2f}) is below the best non-HRF ({bo} "
                        f"{t[bo][0]:.2f}) by {gap:.1f} s.d. of the difference"),
                   agreement=f"best {best}", control_rejected=worst != TABLE1_BOLD,
                   control_detail=f"'larger MSE is better' would mark {worst}",
                   domain={"method": f"all {len(t)} methods of the printed {row} row"})


def _table1_boston():
    return _table1_printed("Boston")


def _table1_wine():
    return _table1_printed("wine")


CLAIMS.append(Claim(
    id="HRF-Tab1-wine", paper="HRF", location=("Sec. 4.1, Table 1 (wine row) and text ('HRFs outperform all "
                                               "other methods')"),
    statement=("MSE ($10^{-3}$) on 100 random pairs of UCI wine points: HRF-ort 0.70, HRF-iid 0.85, ORF-reg "
               "1.00, ORF-Had 1.10, Halton-R 4.02 (non-HRF with 512 random features, HRFs FLOP-matched): the "
               "hybrids have the smallest MSE."),
    verdict="unverifiable", rule="unverifiable-open-choice",
    evidence=("The text fixes the estimators, 512 random features and 100 random pairs but not the "
              "preprocessing (the norm of the points: the MSE formulas of Lemma 2.2 and Thm D.1 grow exponentially "
              "with it, and in the rerun the six MSEs shrink by factors 18.6 to 201.8 from norm 1 to norm 1/2), nor "
              "the hybrid's m and n, nor how FLOPs are counted, nor the feature type of the baselines. Rerun with "
              "features standardised and points scaled to a common norm, angular hybrid with n = 8: matched by the "
              "operation count of the maps (11), the hybrids have a clearly larger MSE than the best non-hybrid at "
              "norm 1 and at norm 1/2; with m = 512 (what a count of projections alone matches when the two bases "
              "share them) the best hybrid is larger but not clearly at norm 1 and on par at norm 1/2 (protocol "
              "table and numbers in the check output). No protocol tried reproduces the printed ranking, and none "
              "refutes it at the projection-only budget: it hinges on choices the paper does not state and is "
              "neither confirmed nor refuted. Protocol run: rfsym.hrf.experiments.table1_rerun with its default seed "
              "and PROTOCOL (M = 512 features for the non-HRFs, n = 8 coefficient features, 100 pairs x 300 replicates, "
              "columns standardised and rows scaled to unit L2 norm, and to norm 1/2 in the second scaling)."),
    checks=(
        Check("rerun on the wine data (two hybrid configurations, two norms)", "data", _tab1_wine,
              exercises=("rfsym.hrf.experiments.table1_rerun",), route="wine data, 100 pairs x 300 replicates",
              control="the printed ranking", protocol_choices=("hybrid budget", "norm of the points")),
        Check("printed wine row of Table 1", "arithmetic", _table1_wine, route="printed means and s.d.",
              control="'larger MSE is better'"),
        Check("sampled MSEs of the iid variants vs exact values", "montecarlo", _tab1_pipeline_mc,
              exercises=("rfsym.hrf.experiments.table1_rerun", "rfsym.hrf.angular_hybrid_mse", "rfsym.hrf.mse_trig"),
              route="the experiment's sampled iid MSEs vs Lemma 2.2 / Thm D.1", control="wrong m"),
    ),
))


CLAIMS.append(Claim(
    id="HRF-Tab1", paper="HRF", location="Sec. 4.1, Table 1 (Boston row)",
    statement=("MSE (1e-3) on UCI Boston pairs: HRF-ort 0.72, HRF-iid 0.79, ORF-reg 1.05, ORF-Had 1.14, "
               "Halton-R 2.53."),
    verdict="unverifiable", rule="unverifiable-out-of-reach",
    evidence=("Out of reach: the Boston housing data do not ship with current scikit-learn (load_boston was deprecated "
              "and then removed; the installed version raises ImportError), and no copy of the data is part of this "
              "project. What the printed row allows is checked: the bold HRF-ort has the smallest printed MSE and the "
              "worse HRF is below the best non-HRF, by the gap in printed s.d. shown in the check output. The wine row is "
              "rerun in HRF-Tab1-wine."),
    checks=(
        Check("printed Boston row of Table 1", "arithmetic", _table1_boston, route="printed means and s.d.",
              control="'larger MSE is better'"),
    ),
    empirical=True,
))


TABLE3 = {  # App. H.3, Table 3: (data set, features): hybrid-cluster, FAVOR+, trigonometric [min, max] MSE
    ("s1", 20): ((0.0016, 0.0183), (0.0071, 0.1455), (0.0039, 0.0808)),
    ("s1", 50): ((0.0011, 0.0081), (0.0026, 0.2541), (0.0031, 0.0510)),
    ("s1", 80): ((0.0005, 0.0052), (0.0032, 0.0282), (0.0010, 0.0281)),
    ("s1", 100): ((0.0006, 0.0036), (0.0022, 0.0528), (0.0013, 0.0170)),
    ("s1", 120): ((0.0004, 0.0025), (0.0028, 0.0534), (0.0012, 0.0135)),
    ("s1", 150): ((0.0003, 0.0020), (0.0014, 0.0582), (0.0007, 0.0134)),
    ("s1", 200): ((0.0002, 0.0010), (0.0013, 0.0205), (0.0004, 0.0087)),
    ("s2", 20): ((0.0032, 0.0265), (0.0095, 0.2071), (0.0036, 0.0989)),
    ("s2", 50): ((0.0012, 0.0079), (0.0036, 0.2123), (0.0019, 0.0565)),
    ("s2", 80): ((0.0007, 0.0059), (0.0037, 0.0570), (0.0008, 0.0208)),
    ("s2", 100): ((0.0007, 0.0040), (0.0016, 0.0280), (0.0010, 0.0164)),
    ("s2", 120): ((0.0005, 0.0025), (0.0013, 0.0262), (0.0007, 0.0246)),
    ("s2", 150): ((0.0004, 0.0024), (0.0010, 0.0407), (0.0004, 0.0190)),
    ("s2", 200): ((0.0003, 0.0018), (0.0018, 0.0236), (0.0004, 0.0134)),
    ("s3", 20): ((0.0083, 0.0300), (0.0362, 0.1218), (0.0174, 0.0490)),
    ("s3", 50): ((0.0046, 0.0183), (0.0125, 0.1262), (0.0081, 0.0249)),
    ("s3", 80): ((0.0029, 0.0105), (0.0108, 0.0281), (0.0044, 0.0143)),
    ("s3", 100): ((0.0024, 0.0056), (0.0077, 0.0421), (0.0041, 0.0095)),
    ("s3", 120): ((0.0020, 0.0046), (0.0077, 0.0402), (0.0034, 0.0077)),
    ("s3", 150): ((0.0015, 0.0041), (0.0049, 0.0395), (0.0025, 0.0073)),
    ("s3", 200): ((0.0011, 0.0031), (0.0037, 0.0150), (0.0018, 0.0050)),
    ("s4", 20): ((0.0097, 0.0294), (0.0332, 0.1553), (0.0179, 0.0485)),
    ("s4", 50): ((0.0049, 0.0172), (0.0176, 0.1345), (0.0058, 0.0260)),
    ("s4", 80): ((0.0031, 0.0113), (0.0113, 0.0415), (0.0038, 0.0110)),
    ("s4", 100): ((0.0028, 0.0061), (0.0080, 0.0292), (0.0031, 0.0100)),
    ("s4", 120): ((0.0022, 0.0045), (0.0065, 0.0185), (0.0028, 0.0128)),
    ("s4", 150): ((0.0016, 0.0044), (0.0045, 0.0235), (0.0021, 0.0094)),
    ("s4", 200): ((0.0012, 0.0031), (0.0046, 0.0166), (0.0015, 0.0067)),
}


def _tab3_consistently():
    """'consistently provide notable accuracy gains': the 28 rows of the printed Table 3, endpoint by endpoint."""
    N = len(TABLE3)
    fmin = sum(h[0] < f[0] for h, f, t in TABLE3.values())
    fmax = sum(h[1] < f[1] for h, f, t in TABLE3.values())
    tmin_le = sum(h[0] <= t[0] for h, f, t in TABLE3.values())
    tmin_tie = [f"{k[0]}/{k[1]}" for k, (h, f, t) in TABLE3.items() if h[0] == t[0]]
    tmax = [k for k, (h, f, t) in TABLE3.items() if h[1] < t[1]]
    tmax_not = [f"{k[0]}/{k[1]}: {h[1]} vs {t[1]}" for k, (h, f, t) in TABLE3.items() if not h[1] < t[1]]
    mid = [math.sqrt(h[0] * h[1]) / math.sqrt(t[0] * t[1]) for h, f, t in TABLE3.values()]
    fav_worst = sum(f[0] >= max(h[0], t[0]) and f[1] >= max(h[1], t[1]) for h, f, t in TABLE3.values())
    overlap_t = sum(h[1] >= t[0] for h, f, t in TABLE3.values())
    rows_ok = fmin == N and fmax == N and tmin_le == N and len(tmax) >= N - 1 and max(mid) < 1
    # the statistic compared is a choice: the sentence is about the averages of Fig. 6, Table 3 prints min and max
    tmin_lt = sum(h[0] < t[0] for h, f, t in TABLE3.values())
    mid_f = [math.sqrt(h[0] * h[1]) / math.sqrt(f[0] * f[1]) for h, f, t in TABLE3.values()]
    stat_rows = []
    for stat, n_f, n_t in (("minimum", fmin, tmin_lt), ("maximum", fmax, len(tmax)),
                           ("geometric mid-range", sum(q < 1 for q in mid_f), sum(q < 1 for q in mid))):
        hold = True if n_f == N and n_t == N else None if n_f >= N - 1 and n_t >= N - 1 else False
        stat_rows.append(((stat,), f"gain over FAVOR+ in {n_f}/{N} rows, over trig in {n_t}/{N}", hold))
    g10 = sum(q < 1 / 1.1 for q in mid)
    g2 = sum(q <= 0.5 for q in mid)
    sens = Sensitivity(("statistic of the printed range",), "rows of Table 3 where the hybrid's value is below the baseline's",
                       tuple(stat_rows),
                       threshold=(f"a row counts with any gain ('notable' is not quantified by the paper); a statistic "
                                  f"holds when every row gains, is undecided with one row without a gain; over trig the "
                                  f"mid-range gain is >= 10 % in {g10}/{N} rows and >= 2x in {g2}/{N}, over FAVOR+ "
                                  f">= {1 / max(mid_f):.1f}x in every row"))
    ev = (f"{N} rows: hybrid min < FAVOR+ min in {fmin}/{N}, hybrid max < FAVOR+ max in {fmax}/{N}; hybrid min <= trig min "
          f"in {tmin_le}/{N} (tie: {', '.join(tmin_tie)}), hybrid max < trig max in {len(tmax)}/{N} (not: {'; '.join(tmax_not)}); "
          f"geometric mid-range hybrid/trig between {min(mid):.2f} and {max(mid):.2f} (< 1 in {sum(q < 1 for q in mid)}/{N}); "
          f"FAVOR+ worst at both endpoints in {fav_worst}/{N}; per-repetition reading (hybrid max below trig min): the "
          f"ranges overlap in {overlap_t}/{N} rows, so no row shows every repetition better")
    return Outcome(rows_ok, ev, agreement=f"{fmin}/{N}, {len(tmax)}/{N} rows", control_rejected=overlap_t > 0,
                   control_detail=f"per-repetition dominance (hybrid max < trig min) fails in {overlap_t}/{N} rows, "
                                  "so the check separates the two readings",
                   domain={"row": f"all {N} rows of the printed Table 3: data sets "
                                  f"{', '.join(sorted({k[0] for k in TABLE3}))} x features "
                                  f"{', '.join(map(str, sorted({k[1] for k in TABLE3})))}"},
                   sensitivity=sens)


def _fig6_average_bounds():
    """What the printed min/max ranges of Table 3 say about the averages of Fig. 6: each average over the 20
    repetitions lies in its [min, max], so the hybrid's average is certainly below a baseline's only where the hybrid's
    max is below the baseline's min."""
    N = len(TABLE3)
    settled = {}
    for j, name in ((1, "FAVOR+"), (2, "trig")):
        below = [k for k, v in TABLE3.items() if v[0][1] < v[j][0]]
        above = [k for k, v in TABLE3.items() if v[0][0] > v[j][1]]
        settled[name] = (len(below), len(above), N - len(below) - len(above))
    # the control: reading the geometric mid-range as the average decides every row (and would 'verify' the gains)
    mid_rows = sum(math.sqrt(h[0] * h[1]) < math.sqrt(t[0] * t[1]) for h, f, t in TABLE3.values())
    ok = settled["trig"][0] == 0 and settled["trig"][1] == 0
    ev = (f"Table 3 bounds each average of Fig. 6 by its printed [min, max] over the 20 repetitions; the hybrid's average "
          f"is certainly below trig's in {settled['trig'][0]}/{N} rows, certainly above in {settled['trig'][1]}/{N}, "
          f"undecided in {settled['trig'][2]}/{N}; below FAVOR+'s in {settled['FAVOR+'][0]}/{N}, above in "
          f"{settled['FAVOR+'][1]}/{N}, undecided in {settled['FAVOR+'][2]}/{N}")
    return Outcome(ok, ev, agreement=f"trig settled in {settled['trig'][0] + settled['trig'][1]}/{N} rows",
                   control_rejected=mid_rows == N,
                   control_detail=(f"taking the mid-range for the average would decide all {mid_rows}/{N} rows against "
                                   "trig: the check shows the printed numbers do not"),
                   domain={"row": f"all {N} rows of the printed Table 3: data sets "
                                  f"{', '.join(sorted({k[0] for k in TABLE3}))} x features "
                                  f"{', '.join(map(str, sorted({k[1] for k in TABLE3})))}"})


# ============================================================================================
# App. I, Tables 4 and 5 and Sec. 4.3, Table 2: the arithmetic of the printed numbers
# ============================================================================================

def _row(cells):
    """'mean sd mark' strings -> ((mean, sd, mark), ...); mark 'b' (bold), 'u' (underline) or ''."""
    out = []
    for c in cells.split(";"):
        p = c.split()
        out.append((float(p[0]), float(p[1]), p[2] if len(p) > 2 else ""))
    return tuple(out)


#: App. I, Table 4 (Penn Treebank, 10 runs): metric -> method -> 4 columns (d = 64, 128, 256, 512) of
#: (mean, s.d., mark) as printed; lower is better for every metric.
TABLE4 = {
    "1d-Wasserstein": {
        "FAVOR+": _row("3171.35 69.04; 3142.65 85.55; 3050.58 108.25; 2985.18 73.15"),
        "Trig.": _row("1577.44 13.59; 1582.50 13.42; 1574.22 7.01; 1576.50 5.83"),
        "Gaussian": _row("1520.32 11.65 u; 1521.10 8.79 u; 1516.50 6.66 u; 1515.41 5.96 u"),
        "Angular": _row("1395.03 79.91 b; 1445.24 58.27 b; 1394.97 62.73 b; 1425.88 65.82 b")},
    "KS statistics": {
        "FAVOR+": _row("0.573 0.0073; 0.569 0.0098; 0.558 0.013; 0.551 0.0092"),
        "Trig.": _row("0.424 0.0040; 0.427 0.0041; 0.425 0.0024; 0.424 0.0023"),
        "Gaussian": _row("0.411 0.0029; 0.410 0.0019 b; 0.410 0.0013 b; 0.410 0.0014 b"),
        "Angular": _row("0.404 0.017 b; 0.419 0.010 u; 0.418 0.0089; 0.414 0.0093")},
    "Negative fraction": {
        "Trig.": _row("0.257 0.0057; 0.258 0.0039; 0.258 0.0021; 0.257 0.0017"),
        "Gaussian": _row("0.155 0.0039; 0.159 0.0019; 0.157 0.0011; 0.151 0.0009 b"),
        "Angular": _row("0.152 0.0041 b; 0.158 0.0027 b; 0.153 0.0018 b; 0.157 0.0013")},
}

#: App. I, Table 5 (WikiText2, 10 runs), as TABLE4.
TABLE5 = {
    "1d-Wasserstein": {
        "FAVOR+": _row("12970.38 119.49; 12971.67 108.79; 12965.82 89.62; 12954.17 83.95"),
        "Trig.": _row("12913.66 59.22; 12912.65 57.42; 12910.91 37.23; 12913.25 35.12"),
        "Gaussian": _row("12809.03 97.2 b; 12805.71 78.91; 12808.02 84.57; 12809.40 65.88"),
        "Angular": _row("12833.56 41.87 u; 12765.44 38.91 b; 12561.26 26.48 b; 12534.48 25.88 b")},
    "KS statistics": {
        "FAVOR+": _row("0.687 0.0043; 0.687 0.0051; 0.687 0.0019; 0.686 0.0067"),
        "Trig.": _row("0.685 0.0071; 0.685 0.0053; 0.685 0.0029; 0.685 0.0014"),
        "Gaussian": _row("0.683 0.0092 u; 0.683 0.0073 u; 0.683 0.0049 u; 0.682 0.0089 u"),
        "Angular": _row("0.682 0.0079 b; 0.682 0.0066 b; 0.682 0.0037 b; 0.678 0.0064 b")},
}

#: Sec. 4.3, Table 2 (LibriSpeech WER in %, mean and s.d. over 10 training runs), as printed.
TABLE2 = {"HRF-C(3,3)": (1.72, 0.02), "HRF-C(2,3)": (1.75, 0.03), "HRF-C(3,2)": (1.83, 0.03), "HRF-C(2,2)": (1.85, 0.04),
          "HRF-A(16,8)": (2.03, 0.08), "HRF-A(8,8)": (2.05, 0.05), "FAVOR+ 432": (2.65, 0.06),
          "FAVOR+ 256": (2.77, 0.04), "Trig 432": (3.12, 0.05), "Trig 256": (3.3, 0.06)}

DIMS = (64, 128, 256, 512)
HYBRIDS = ("Gaussian", "Angular")
BASELINES = ("FAVOR+", "Trig.")


def _marks(table, reverse=False):
    """Bold/underline marks of a printed table against the ranks of its printed means (lower is better)."""
    bold_ok = bold_n = und_ok = und_n = 0
    missing = []
    for metric, rows in table.items():
        for k, dim in enumerate(DIMS):
            order = sorted(rows, key=lambda meth: rows[meth][k][0], reverse=reverse)
            best, second = order[0], order[1]
            for meth, cells in rows.items():
                mark = cells[k][2]
                if mark == "b":
                    bold_n += 1
                    bold_ok += meth == best
                elif mark == "u":
                    und_n += 1
                    und_ok += meth == second
            if rows[second][k][2] != "u" and rows[second][k][2] != "b":
                missing.append(f"{metric} d = {dim} ({second} {rows[second][k][0]:g})")
    return bold_ok, bold_n, und_ok, und_n, missing


def _hybrid_best(table):
    """Columns where the best printed mean belongs to a hybrid variant."""
    n = tot = 0
    for rows in table.values():
        for k in range(len(DIMS)):
            tot += 1
            n += min(rows, key=lambda meth: rows[meth][k][0]) in HYBRIDS
    return n, tot


def _table_marks(table, name):
    bo, bn, uo, un, missing = _marks(table)
    rbo, _, _, _, _ = _marks(table, reverse=True)
    hb, tot = _hybrid_best(table)
    ok = bo == bn and uo == un and hb == tot
    return Outcome(ok, (f"{name}: bold on the lowest printed mean in {bo}/{bn} bold cells, underline on the second lowest "
                        f"in {uo}/{un} underlined cells; the lowest mean is a hybrid's (Gaussian or angular) in {hb}/{tot} "
                        f"metric x dimension columns; second-best cells left without an underline: {len(missing)} ("
                        + "; ".join(missing) + ")"),
                   agreement=f"{bo}/{bn} bold, {uo}/{un} underline", control_rejected=rbo < bn,
                   control_detail=f"marks read as 'highest is best' match only {rbo}/{bn} bold cells",
                   domain={"column": f"all {tot} metric x dimension columns of {name} (d = 64, 128, 256, 512)"})


def _table4_marks():
    return _table_marks(TABLE4, "Table 4 (Penn Treebank)")


def _table5_marks():
    return _table_marks(TABLE5, "Table 5 (WikiText2)")


def _appI_consistently():
    """'our hybrid variants consistently outperform Favor+ and the trigonometric random features' (Tables 4, 5):
    every hybrid mean vs every baseline mean, and the same with the printed s.d. over the 10 runs."""
    cells = lower = sig = 0
    weak = []
    for tname, table in (("Table 4", TABLE4), ("Table 5", TABLE5)):
        for metric, rows in table.items():
            for k, dim in enumerate(DIMS):
                for h in HYBRIDS:
                    for b in BASELINES:
                        if b not in rows:
                            continue
                        (mh, sh, _), (mb, sb, _) = rows[h][k], rows[b][k]
                        cells += 1
                        lower += mh < mb
                        t = (mb - mh) / math.sqrt((sh ** 2 + sb ** 2) / 10)
                        if t > 2:
                            sig += 1
                        else:
                            weak.append(f"{tname} {metric} d = {dim}: {h} vs {b} t = {t:.2f}")
    sens = Sensitivity(("what 'outperform' compares",), "hybrid-vs-baseline comparisons that show a gain", (
        (("the printed means",), f"{lower}/{cells}", lower == cells),
        (("the means, beyond 2 standard errors of the difference over the 10 runs",), f"{sig}/{cells}", sig == cells),
    ), threshold="2 standard errors (Welch statistic from the printed s.d., 10 runs) is the project's choice; the "
                 "paper states no criterion")
    ok = lower == cells and sig < cells
    return Outcome(ok, (f"{cells} comparisons (each hybrid variant vs each baseline, every metric and d of Tables 4 and 5; "
                        f"FAVOR+ has no negative-fraction row): the hybrid's mean is lower in {lower}/{cells}; by more "
                        f"than 2 standard errors of the difference in {sig}/{cells}; not in: " + "; ".join(weak)),
                   agreement=f"{lower}/{cells} means, {sig}/{cells} beyond 2 SE", control_rejected=sig < cells,
                   control_detail="'every gain exceeds the run-to-run noise' rejected",
                   domain={"comparison": f"all {cells} hybrid-vs-baseline pairs of Tables 4 and 5"},
                   sensitivity=sens)


def _table2_wer():
    """Sec. 4.3: 'HRFs produce smallest WER models and the clustering-based variants ... turn out to be the best'."""
    hrf_c = {k: v for k, v in TABLE2.items() if k.startswith("HRF-C")}
    hrf_a = {k: v for k, v in TABLE2.items() if k.startswith("HRF-A")}
    base = {k: v for k, v in TABLE2.items() if not k.startswith("HRF")}
    best = min(TABLE2, key=lambda k: TABLE2[k][0])
    c_below_a = max(v[0] for v in hrf_c.values()) < min(v[0] for v in hrf_a.values())
    hrf_below = max(v[0] for v in (*hrf_c.values(), *hrf_a.values())) < min(v[0] for v in base.values())
    # gaps in units of the printed s.d.: worst HRF-C vs best HRF-A, worst HRF vs best baseline
    wc = max(hrf_c, key=lambda k: hrf_c[k][0]); ba = min(hrf_a, key=lambda k: hrf_a[k][0])
    wh = max({**hrf_c, **hrf_a}, key=lambda k: TABLE2[k][0]); bb = min(base, key=lambda k: base[k][0])
    g1 = (TABLE2[ba][0] - TABLE2[wc][0]) / math.hypot(TABLE2[ba][1], TABLE2[wc][1])
    g2 = (TABLE2[bb][0] - TABLE2[wh][0]) / math.hypot(TABLE2[bb][1], TABLE2[wh][1])
    worst_best = max(TABLE2, key=lambda k: TABLE2[k][0])
    ok = best.startswith("HRF-C") and c_below_a and hrf_below
    return Outcome(ok, (f"Table 2: smallest WER {best} {TABLE2[best][0]} %; every HRF-C below every HRF-A ({c_below_a}; gap "
                        f"{wc} vs {ba}: {g1:.1f} s.d. of the difference), every HRF below every FAVOR+/Trig ({hrf_below}; "
                        f"gap {wh} vs {bb}: {g2:.1f} s.d.)"),
                   agreement=f"best {best}", control_rejected=not worst_best.startswith("HRF"),
                   control_detail=f"'higher WER is better' would pick {worst_best}",
                   domain={"method": f"all {len(TABLE2)} methods of the printed Table 2"})


CLAIMS.append(Claim(
    id="HRF-Fig3", paper="HRF", location="Sec. 4.2, 'Statistical Metrics' and Fig. 3; App. I, Table 4 and its caption",
    statement=("'We see that HRFs lead to most accurate softmax distribution estimation' (Penn Treebank, Fig. 3: 1d-Wasserstein, "
               "KS and negative fraction over 10 runs; App. I, Table 4 prints the means and s.d., 'Boldface denotes "
               "the best one, and underline denotes the second best')."),
    verdict="unverifiable", rule="unverifiable-out-of-reach",
    evidence=("Out of reach: a 2-layer LSTM trained on Penn Treebank, 10 runs, not rerun here. What the printed numbers "
              "allow is checked (Table 4 transcribed from the paper): the lowest printed mean is a hybrid's in 12/12 "
              "metric x dimension columns, and the bold (12/12) and underline (5/5) marks sit on the best and "
              "second-best means as the caption says; some second-best cells carry no underline (a presentation gap, no wrong mark; "
              "cells in the check output). Whether the gaps exceed run-to-run noise is the question of HRF-SecI."),
    checks=(
        Check("printed Table 4: marks and the best mean per column", "arithmetic", _table4_marks,
              route="printed means of Table 4 ranked per column", control="marks read as 'highest is best'"),
    ),
    empirical=True,
))


CLAIMS.append(Claim(
    id="HRF-Tab2", paper="HRF", location="Sec. 4.3, text and Table 2",
    statement=("'HRFs produce smallest WER models and the clustering-based variants fully exercising the most general "
               "formulation on HRFs (with general complex estimators) turn out to be the best' (Table 2: WER of "
               "Conformer-Transducers on LibriSpeech, mean and s.d. over 10 training runs)."),
    verdict="unverifiable", rule="unverifiable-out-of-reach",
    evidence=("Out of reach: 17-layer Conformer-Transducers trained on LibriSpeech, 10 runs each, not rerun here. The "
              "printed Table 2 (transcribed from the paper) agrees with the sentence: the smallest WER is a "
              "clustering-based HRF's (HRF-C(3,3)), the worst HRF-C is below the best HRF-A, and the worst HRF below "
              "the best FAVOR+/Trig configuration, by the gaps in printed s.d. shown in the check output."),
    checks=(
        Check("printed Table 2: order of the WERs", "arithmetic", _table2_wer,
              route="printed means and s.d. of Table 2", control="'higher WER is better'"),
    ),
    empirical=True,
))


CLAIMS.append(Claim(
    id="HRF-Fig4", paper="HRF", location="Sec. 4.4, Fig. 4 and caption; App. K.1",
    statement=("'HRFs need 3x fewer FLOPS to obtain same quality policies as baselines' (Fig. 4: IAP with the angular "
               "hybrid, $m=n=8$, against FAVOR+ with $m=256$; App. K.1: 'performs as well as the softmax kernel with "
               "256 random projections')."),
    verdict="unverifiable", rule="unverifiable-out-of-reach",
    evidence=("Out of reach: robot policies trained with evolutionary strategies (locomotion, 5 top runs) and "
              "behaviour cloning (manipulation, 3 learning rates); no reward or FLOP count is printed as a number, and "
              "neither the query/key dimension of the IAP nor how FLOPs are counted is stated, so not even the 3x "
              "ratio can be recomputed from the printed configurations: the printed numbers allow no check."),
    empirical=True,
))


#: (centre scale c of X0, Y0 ~ N(0, c^2 I), sigma, sign-matched fraction, mean norm): the unstated protocol choices
FIG6_PROTOCOLS = ((100.0, 1.0, 1.0, 1.0), (30.0, 10 ** 0.5, 1.0, 1.0), (1.0, 1.0, 1.0, 1.0), (1.0, 1.0, 0.9, 0.6),
                  (1.0, 10 ** 0.5, 1.0, 0.3))


def _order(vals):
    """'a < b < c' for a {name: value} dict."""
    return " < ".join(sorted(vals, key=vals.get))


def _fig6_protocols():
    """The App. H.3 rerun under each plausible centre scale c (and sigma, sign pattern, norm): who wins at m = 20 and
    m = 200, and whether the rerun's ordering is the one of the printed Table 3 (FAVOR+ worst)."""
    rows, wins, pins, table, fav_worst_rerun, fav_behind_rerun = [], [], [], [], [], []
    for c, sigma, flip, norm in FIG6_PROTOCOLS:
        out = _E.clustered_rerun(sigma, flip, norm=norm, pairs=100, reps=20, features=(20, 200), centre_scale=c)
        h, f, t = (out["mse"][k] for k in ("Hybrid-Cluster", "FAVOR+", "Trigonometric"))
        # pipeline pin: the rerun's exact hybrid MSE at m = 200 against the library's closed form at the rerun's
        # own pairs (the adapted CE estimator with real diagonal A is the one-sided positive estimator at
        # (Ax, A^-1 y)); a rerun that mis-scales its numbers is caught here, not only by a flip of the winner
        X, Y, aa = out["points"]
        ex = sum(float(hrf.mse_pos_onesided([float(v) for v in a * x], [float(v) for v in y / a], 200, dps=12))
                 for x, y, a in zip(X, Y, aa)) / len(X)
        pins.append(abs(out["exact_hybrid_last"] / ex - 1))
        best = bool(h[-1] < f[-1] and h[-1] < t[-1])
        best_all = [bool(h[k] < f[k] and h[k] < t[k]) for k in range(len(h))]
        wins.append(best)
        last = {"hybrid": h[-1], "FAVOR+": f[-1], "trig": t[-1]}
        fav_worst_rerun.append(max(last, key=last.get) == "FAVOR+")
        fav_behind_rerun.append(bool(h[-1] < f[-1]))
        holds = True if all(best_all) else False if not any(best_all) else None
        table.append(((f"{c:g}", f"{sigma:.3g}", f"{flip}", f"{norm}"),
                      f"{h[-1] / f[-1]:.3g}, {h[-1] / t[-1]:.3g} ({_order(last)})", holds))
        rows.append(f"c = {c:g}, sigma = {sigma:.3g}, sign-matched {flip}, mean norm {norm} (max loss (21) at the centres "
                    f"{max(out['s']):.2g}): m = 20, 200 -> hybrid "
                    f"{', '.join(f'{v:.3g}' for v in h)}; FAVOR+ {', '.join(f'{v:.3g}' for v in f)}; trig "
                    f"{', '.join(f'{v:.3g}' for v in t)}; hybrid/FAVOR+ at m = 200 {h[-1] / f[-1]:.3g} ("
                    + ("hybrid best" if best else "hybrid not best") + ")")
    flips = wins[0] and wins[1] and not any(wins[2:])
    pinned = max(pins) < 1e-6
    # the printed Table 3 (HRF-Tab3): FAVOR+ worst of the three at both endpoints, row by row
    N = len(TABLE3)
    fav_worst_t3 = sum(f[0] >= max(h[0], t[0]) and f[1] >= max(h[1], t[1]) for h, f, t in TABLE3.values())
    fav_behind_t3 = sum(f[0] > h[0] and f[1] > h[1] for h, f, t in TABLE3.values())

    sens = Sensitivity(("centre scale c", "cluster std sigma", "sign-matched fraction", "mean norm"),
                       "hybrid/FAVOR+ and hybrid/trig MSE at m = 200 (order of the three)", tuple(table),
                       threshold=("holds: the hybrid has the smallest mean MSE at both m = 20 and m = 200 (no threshold "
                                  "picked; 'notable' is not quantified by the paper); fails: at neither"))
    return Outcome(flips and pinned, "; ".join(rows) + f". Hybrid best in {sum(wins)}/{len(wins)} protocols: the outcome "
                   f"flips with c. FAVOR+ is behind the hybrid at m = 200 in {sum(fav_behind_rerun)}/{len(wins)} "
                   f"protocols and the worst of the three in {sum(fav_worst_rerun)}/{len(wins)}, while the printed Table 3 "
                   f"has FAVOR+ behind the hybrid at both endpoints in {fav_behind_t3}/{N} rows and worst of the three at "
                   f"both endpoints in {fav_worst_t3}/{N}: no protocol tried reproduces the paper's ordering. The rerun's exact hybrid MSE at m = 200 matches the "
                   f"library's closed form at its own pairs to a relative {max(pins):.1e} in every protocol (need 1e-6)",
                   agreement=f"{sum(wins)}/{len(wins)} protocols", control_rejected=flips,
                   control_detail="'the outcome does not depend on the unstated centre scale' rejected",
                   domain={"centre scale c": ", ".join(dict.fromkeys(f"{c:g}" for c, *_ in FIG6_PROTOCOLS)),
                           "protocol": f"{len(FIG6_PROTOCOLS)} protocols (c, sigma, sign-matched fraction, mean norm): "
                                       + "; ".join(f"({c:g}, {sg:.3g}, {fl}, {nm})" for c, sg, fl, nm in FIG6_PROTOCOLS),
                           "Table 3 row": f"all {N} rows of the printed Table 3 (4 data sets x 7 feature counts)"},
                   sensitivity=sens)


CLAIMS.append(Claim(
    id="HRF-Fig6", paper="HRF", location=("App. H.1 ('consistently provide notable accuracy gains'), Fig. 6; App. H.3, "
                                          "Table 3"),
    statement=("'As shown in Fig. 6, for all variants HRF estimators adapted to clustered data consistently provide "
               "notable accuracy gains, even for larger values of $s$ and less concentrated clusters' (zero-one "
               "mixtures, real diagonal $A$ of (88); Fig. 6 shows averages over 20 trials, Table 3 their min and max)."),
    verdict="unverifiable", rule="unverifiable-unprinted",
    evidence=("Unverifiable, unprinted (one claim for the sentence since the rulebook; HRF-Tab3, verified, registered "
              "the same sentence through Table 3 and is merged here). The sentence is about the averages over 20 "
              "trials drawn in Fig. 6, which the paper does not print, and the authors' data are not available. "
              "Table 3 prints each estimator's min and max: they bound the averages and settle the average gain over "
              "trig in 0/28 rows (over FAVOR+ in 14/28; first check). The three statistics of the printed ranges favour the "
              "hybrid: min and max below FAVOR+'s in 28/28 rows, the mid-range below trig's in 28/28, the min and the "
              "max each leave one row without a gain over trig (a tie, s2/150; +3 %, s4/80; second check), but these "
              "are not the averages the sentence cites. A synthetic rerun (third check) does not decide it either: "
              "its outcome flips with the scale c of the centre generators, which App. H.3 leaves open, and no "
              "protocol tried reproduces Table 3's ordering (FAVOR+ worst). Rerun protocol: d = 50, Haar rotations, sign "
              "pattern, a thousand points per cluster, one common scaling to a mean norm, K-means k = 2, real diagonal "
              "A of (88), indicator coefficients, m projections each, antithetic FAVOR+ of (3), 100 pairs x 20 "
              "repetitions, the default seed of rfsym.hrf.experiments.clustered_rerun, the protocols (c, sigma, "
              "sign-matched fraction, mean norm) listed in its table; MSE at m = "
              "200: c = 100, sigma = 1: hybrid 1.96e-06, FAVOR+ 0.000612, trig 0.019 (hybrid best); c = 1, sigma = 1: "
              "hybrid 1.57, FAVOR+ 0.00414, trig 0.0165 (hybrid worst)."),
    checks=(
        Check("what the printed ranges say about the averages", "arithmetic", _fig6_average_bounds,
              route="printed Table 3: [min, max] bounds on each average", control="the mid-range read as the average"),
        Check("statistics of the printed ranges, row by row", "arithmetic", _tab3_consistently,
              route="printed Table 3", control="the per-repetition reading (ranges disjoint)",
              protocol_choices=("statistic of the printed range",)),
        Check("rerun under each plausible centre scale", "montecarlo", _fig6_protocols,
              exercises=("rfsym.hrf.experiments.clustered_rerun", "rfsym.hrf.cluster_A_real", "rfsym.hrf.cluster_indicators"),
              route="synthetic clustered data, K-means, 100 pairs x 20 repetitions per protocol",
              control="'the outcome does not depend on c'",
              protocol_choices=("centre scale c", "cluster std sigma", "sign-matched fraction", "mean norm")),
    ),
    empirical=True,
))


CLAIMS.append(Claim(
    id="HRF-Tab5", paper="HRF", location="App. I, Table 5 and its caption; Fig. 8",
    distinct_from={"HRF-Fig3": "the WikiText2 table (Table 5) vs the Penn Treebank figure and table (Fig. 3, Table 4)"},
    statement=("WikiText2 statistical metrics (Fig. 8; Table 5: 1d-Wasserstein and KS, means and s.d. over 10 runs, "
               "'Boldface denotes the best one, and underline denotes the second best')."),
    verdict="unverifiable", rule="unverifiable-out-of-reach",
    evidence=("Out of reach: a 2-layer LSTM trained on WikiText2 (temperature and length regulariser (105)), 10 runs, "
              "not rerun here. What the printed numbers allow is checked (Table 5 transcribed from the paper): the "
              "lowest printed mean is a hybrid's in 8/8 columns and the bold (8/8) and underline (5/5) marks are on the "
              "best and second-best means; three second-best cells carry no underline (cells in the check output). The App. I "
              "sentence drawn from Tables 4 and 5 is HRF-SecI."),
    checks=(
        Check("printed Table 5: marks and the best mean per column", "arithmetic", _table5_marks,
              route="printed means of Table 5 ranked per column", control="marks read as 'highest is best'"),
    ),
    empirical=True,
))

CLAIMS.append(Claim(
    id="HRF-SecI", paper="HRF", location="App. I, sentence after Table 5",
    statement=("'The above tables (Table 4 and Table 5) show that the our hybrid variants consistently outperform "
               "Favor+ and the trigonometric random features.'"),
    verdict="unverifiable", rule="unverifiable-open-choice",
    evidence=("Open choice: the paper does not say what 'outperform' compares. On the printed means the hybrid variants "
              "beat both baselines in 72/72 comparisons of Tables 4 and 5; with the printed s.d. over the 10 "
              "runs, the WikiText2 KS gaps are within 2 standard errors of the difference (the project's threshold, "
              "not the paper's), so there the tables do not show a gain beyond run-to-run noise. The check's "
              "sensitivity table shows the flip; the models are not retrained here."),
    checks=(
        Check("printed Tables 4 and 5: every hybrid vs every baseline", "arithmetic", _appI_consistently,
              route="printed means and s.d. (10 runs) of Tables 4 and 5",
              control="'every gain exceeds the run-to-run noise'",
              protocol_choices=("what 'outperform' compares",)),
    ),
    empirical=True,
))


CLAIMS.append(Claim(
    id="HRF-Fig10", paper="HRF", location="App. I.1, Fig. 10 and the last paragraph",
    statement=("Language modelling with sampled softmax on PTB (25 runs): 'even though the statistical metrics for HRFs "
               "are better in Fig. 3, the difference between HRFs and other random feature estimators in this specific "
               "softmax sampling downstream task is not very significant'."),
    verdict="unverifiable", rule="unverifiable-out-of-reach",
    evidence=("Out of reach: 2-layer LSTMs trained for 80 epochs, 25 runs per method; the perplexity curves are "
              "plotted only, no number is printed to check the 'not very significant' difference against: the printed "
              "numbers allow no check."),
    empirical=True,
))


#: Mutants no check of this file can notice, and why (``python -m rfsym audit``; keyed by function).
AUDIT_EXPLAINED = {
    "rfsym.hrf.log_relative_error_np": ("float64 curves for the notebook's plots; no claim depends on it "
                                        "(tested against the mpmath values in tests/test_hrf.py)."),
    "rfsym.hrf.experiments.fig2_pointwise": ("the notebook's pointwise Fig. 2 curves; the claim is decided on "
                                             "exact maxima (tested in tests/test_hrf_experiments.py)."),
    "rfsym.hrf.experiments.fig1_exact:rel1e-2": ("evaluates mse_trig, mse_pos and angular_hybrid_mse, each "
                                                 "pinned by quadrature under HRF-Lem2.2 / HRF-ThmD.1 (audited "
                                                 "on their own); in HRF-Fig1 it is the reference of a Monte "
                                                 "Carlo illustration whose resolution is a few per cent."),
    "rfsym.hrf.experiments.fig1_exact:rel1e-3": ("as for rel1e-2: the underlying formulas are pinned by "
                                                 "quadrature elsewhere."),
    "rfsym.hrf.experiments.clustered_data:sign": ("x -> -x for every point leaves every x.y, hence every kernel "
                                                  "value and MSE, unchanged."),
    "rfsym.hrf.experiments.clustered_data:rel1e-2": ("the App. H.1 rerun decides a ranking (hybrid vs FAVOR+ by "
                                                     "orders of magnitude); points 1 % longer keep it."),
    "rfsym.hrf.experiments.clustered_data:rel1e-3": "as for rel1e-2.",
    "rfsym.hrf.experiments.hadamard_rows:sign": ("-W gives the same trigonometric estimator (cos(w.(x-y)) is "
                                                 "even in w)."),
    "rfsym.hrf.experiments.halton_rows:sign": ("-W gives the same trigonometric estimator (cos(w.(x-y)) is even "
                                               "in w)."),
    "rfsym.hrf.experiments.wine_points:sign": ("x -> -x for every point leaves every x.y, hence every kernel "
                                               "value and MSE, unchanged."),
    "rfsym.hrf.experiments.hadamard_rows:rel1e-2": ("the Table 1 rerun decides only a ranking (and, for "
                                                    "HRF-Tab1-wine, that it depends on the scaling); "
                                                    "frequencies 1 % larger move the ORF-Had MSE by a few per "
                                                    "cent without changing it."),
    "rfsym.hrf.experiments.halton_rows:rel1e-2": ("the Table 1 rerun decides only a ranking; frequencies 1 % "
                                                  "larger move the Halton-R MSE by a few per cent without "
                                                  "changing it."),
    "rfsym.hrf.experiments.wine_points:rel1e-2": ("points 1 % longer change every MSE by a few per cent in the "
                                                  "same direction; the Table 1 rerun decides only a ranking "
                                                  "that this keeps."),
    "rfsym.hrf.experiments.table1_rerun:rel1e-2": ("a common factor on every MSE (sampled and exact) leaves the "
                                                   "ranking and the z-scores of the pipeline check unchanged."),
    "rfsym.hrf.experiments.fig1_mc_points:rel1e-2": ("Monte Carlo variance estimates: a 1 % bias is below their "
                                                     "resolution at 100000 replicates; the exact curves they "
                                                     "illustrate are pinned by quadrature (HRF-Lem2.2, "
                                                     "HRF-ThmD.1)."),
    'rfsym.hrf.experiments.fig1_mc_checks:sign': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.hrf.experiments.fig1_mc_samples (sign and rel1e-2), killed by every perturbation',
    'rfsym.hrf.experiments.fig1_mc_checks:rel1e-2': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.hrf.experiments.fig1_mc_samples (sign and rel1e-2), killed by every perturbation',
    'rfsym.hrf.experiments.fig1_mc_checks:rel1e-3': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.hrf.experiments.fig1_mc_samples (sign and rel1e-2), killed by every perturbation',
    'rfsym.hrf.experiments.fig1_mc_samples:rel1e-3': 'a 0.1 % scaling of the sampled estimates is below the resolution of the sampled MSEs at 100000 replicates (exact s.e. about 1-2 %); rel1e-2 and sign are killed by HRF-Fig1',
}
