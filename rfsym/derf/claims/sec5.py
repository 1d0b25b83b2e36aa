"""Sec. 5 (experiments) with App. B: the variance comparison (Sec. 5.1, Figs. 1-2, App. B.2), kernel
classification (Sec. 5.2) and the Transformer experiments (Sec. 5.3, Table 1, App. B.4.2).

Claims, in book order:

* ``DERF-SecB.2`` verified -- App. B.2
* ``DERF-Fig2`` erratum (minor) -- Fig. 1 (right), caption (extended by Fig. 2)
* ``DERF-Sec5.1`` erratum (minor) -- Sec. 5.1, text
* ``DERF-Fig1`` verified -- Fig. 1 (left), Venn diagram; Secs. 4.1-4.3
* ``DERF-Sec5.1-heterogen`` erratum (minor) -- Sec. 5.1, text
* ``DERF-Sec5.1-mnist`` unverifiable -- Sec. 5.1 / Fig. 1-2, mnist regime
* ``DERF-Sec5.1-cifar`` erratum (minor) -- Sec. 5.1 / Fig. 1 right, cifar10 and mnist/cifar10
* ``DERF-Fig3`` unverifiable -- Sec. 5.2, Fig. 3
* ``DERF-Fig4`` unverifiable -- Sec. 5.3.1, Fig. 4
* ``DERF-Fig4-SDRF`` erratum (typo) -- Sec. 5.3.1, Fig. 4 caption
* ``DERF-Tab1`` unverifiable -- Sec. 5.3.2, Table 1
* ``DERF-Tab1-marks`` verified -- Sec. 5.3.2, Table 1 (bold = best, underline = second best)
* ``DERF-Sec5.3.2`` verified -- Sec. 5.3.2, text below Table 1
* ``DERF-Sec5.3.2-GLUE`` erratum (minor) -- Sec. 5.3.2, first paragraph
* ``DERF-SecB.4.2`` erratum (typo) -- App. B.4.2 (both appendix versions)
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from ... import derf
from ... import realdata_claims as _rdc  # real-data experiments (notebook realdata)
from ...claims import Check, Claim, Outcome
from ...montecarlo import mean_of, variance_of, z_check
from .. import experiments as dx, witnesses as dw
from .._helpers import _diag
from ._checks import SEED


_SIGMAS = dx.FIG2_SIGMAS


_FIG_FAMS = dx.FIG2_FAMILIES          # shared (cached) with the notebook's figure


def _image_replicate():
    """Fresh image sets, every reasonable preprocessing, sigma = 1, gaps from the separate implementation."""
    from ... import realdata as rd
    from ... import realdata_run as rr
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
    from ... import datasets as ds
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


#: DERF-Fig2 (the caption) and DERF-Sec5.1-cifar (the text) state the same image gains and rest on the same
#: evidence, checks and correction.
_IMAGE_GAP_EVIDENCE = "max over sigma in [0.1, 1] of log GERF - log SDERF (nats; 'about e^k' = [k/2, 3k/2]): cifar10 (printed e^10): area/bt601/unit 25.86, bilinear/bt601/unit 25.34, triangle/bt601/unit 26.10, area/mean/unit 25.41, bilinear/mean/unit 24.90, triangle/mean/unit 25.64, area/bt601/sym 7.03, bilinear/bt601/sym 6.53, triangle/bt601/sym 7.33, area/mean/sym 7.31, bilinear/mean/sym 6.80, triangle/mean/sym 7.60 -> mixed; mnist/cifar10 (printed e^5): area/bt601/unit 13.97, bilinear/bt601/unit 13.39, triangle/bt601/unit 14.21, area/mean/unit 13.74, bilinear/mean/unit 13.19, triangle/mean/unit 14.03, area/bt601/sym 18.87, bilinear/bt601/sym 17.51, triangle/bt601/sym 19.72, area/mean/sym 19.40, bilinear/mean/sym 18.04, triangle/mean/sym 20.19 -> fails; both together under one preprocessing: 0 of 12. log GERF - log ADERF in mnist/cifar10 (printed about e^3): area/bt601/unit undefined, bilinear/bt601/unit undefined, triangle/bt601/unit undefined, area/mean/unit undefined, bilinear/mean/unit undefined, triangle/mean/unit undefined, area/bt601/sym undefined, bilinear/bt601/sym undefined, triangle/bt601/sym 8.15, area/mean/sym undefined, bilinear/mean/sym undefined, triangle/mean/sym 7.84 -> fails; ADERF undefined under 10 variants (set 0: M1 must be nonsingular (Thm 4.2), got smallest eigenvalue 0). Second witness (fresh sets, a separate implementation of the optima and variances): the same outcome under every preprocessing, and also for images standardised with their data set's pixel mean and std; with pixels in [0, 1] the printed pair matches the gains at sigma = 0.5 (cifar10 9.67, mnist/cifar10 4.49 nats), half the plotted maximum sigma = 1 of Fig. 2, so the printed factors are not the gains 'up to' the plotted range."


_IMAGE_GAP_CORRECTION = "The SDERF gain over GERF grows with sigma from near 0 at sigma = 0.1; at sigma = 1 it is e^24.90 to e^26.10 (pixels in [0, 1]) or e^6.53 to e^7.60 (pixels in [-1, 1]) in cifar10, and e^13.19 to e^20.19 in mnist/cifar10 under every preprocessing tried (three resize methods, two grayscale weightings, two pixel scalings); no preprocessing gives ~e^10 and ~e^5 together. ADERF's optimum (Thm 4.2) exists on the MNIST/CIFAR-10 sets only under 2 of 12 preprocessings (antialiased resize, pixels in [-1, 1]), where its gain over GERF at sigma = 1 is e^7.84 to e^8.15, not ~e^3."


def _image_gap_checks():
    """The two checks of DERF-Fig2 and DERF-Sec5.1-cifar (the caption and the text state the same gains)."""
    return [
        Check("max gaps over sigma on real CIFAR-10 and MNIST/CIFAR-10, every preprocessing", "data",
              _rdc.check_derf_image_claims,
              route="cached run of rfsym.realdata on the real data (make experiments; tests/test_realdata.py recomputes cells bit for bit); variances from derf.log_relative_variance_np with the derf optima",
              control="the [k/2, 3k/2] band must accept each measured gap as its own exponent"),
        Check("fresh image sets, separate implementation of the gap", "data", _image_replicate,
              exercises=("rfsym.realdata.image_sets", "rfsym.derf.witnesses.gerf_sderf_gap"),
              route="one new pair of sets per preprocessing (keys disjoint from the cache), optima and variances written apart from derf.py",
              control="the band accepts the printed e^10 in cifar10 under pixels in [-1, 1]"),
    ]


def _secb2_shift():
    rng = np.random.default_rng(SEED + 300)
    X, Y = derf.sample_regime("normal", 0.3, 8, 16, rng)
    o = derf.sderf_optimum_np(X, Y)
    p = derf.as_derf_params_np("sderf", o)
    x, y = X[0], Y[0]
    M, R = 8, 100_000
    prods = derf.mc_moments(p, x, y, M * R, rng).reshape(R, M)
    K = math.exp(x @ y)
    rel1 = float(np.exp(derf.log_relative_variance_np("sderf", x[None], y[None], params=p)[0, 0]))
    c = z_check(variance_of(prods.mean(1) / K), rel1 / M)
    w = z_check(variance_of(prods.mean(1) / K), rel1)
    w2 = z_check(variance_of(prods.mean(1) / K), 1.1 * rel1 / M)
    return Outcome(c.passed, f"SDERF, d = 8: relative variance of the M = {M} estimator {c} equals the M = 1 value "
                   f"{rel1:.4g} divided by M, i.e. log curves shift by -log M = {-math.log(M):.3f}; the unshifted value is "
                   f"rejected (z = {w.z:+.1f}), so is 1.1/M (z = {w2.z:+.1f})", agreement=f"z = {c.z:+.2f}",
                   control_rejected=not w.passed and not w2.passed, control_detail=f"1.1 x rel/M rejected at z = {w2.z:+.1f}")


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


SECB_2 = Claim(id="DERF-SecB.2", paper="DERF", location="App. B.2", verdict="verified",
    statement="$M = 1$ is taken since $M$'s value is not important: bigger $M$ would just shift the curves below.",
    evidence="For i.i.d. features the relative variance is divided by $M$, so log curves shift by $-\\log M$ for every method: sampled replicates (SDERF, M = 8) and exact enumeration under a Gauss-Hermite law (SDERF and GERF, M = 1, 2, shift $-\\log M$ to 1e-9).",
    checks=[Check("relative variance of the M-sample estimator", "montecarlo", _secb2_shift,
                  exercises=("rfsym.derf.sderf_optimum_np", "rfsym.derf.log_relative_variance_np", "rfsym.derf.mc_moments"),
                  route="100000 replicates of M = 8", control="the unshifted value and 1.1/M"),
            Check("exact enumeration of M = 1, 2 feature estimators", "numeric", _secb2_enum,
                  exercises=("rfsym.derf.witnesses.estimator_moments_enumerated", "rfsym.derf.log_relative_variance_np", "rfsym.derf.sderf_optimum_np", "rfsym.derf.gerf_optimum_np"),
                  route="Gauss-Hermite law, all tuples enumerated, SDERF and GERF optima", control="a 1/sqrt(M) law")],
    no_witness={"symbolic": "i.i.d. averaging; the enumeration and the sampled replicates cover it"})


FIG2 = Claim(id="DERF-Fig2", paper="DERF", location="Fig. 1 (right), caption (extended by Fig. 2)", verdict="erratum",
    severity="minor",
    statement="SDERF results in a consistent variance reduction of the previous best method GERF, up to $\\approx e^{10}$ and $\\approx e^5$ times [on CIFAR10 and MNIST/CIFAR10 pairs].",
    correction=_IMAGE_GAP_CORRECTION, evidence=_IMAGE_GAP_EVIDENCE,
    checks=_image_gap_checks(),
    notebook="realdata", label="realdata-derf-fig2")


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


SEC5_1 = Claim(id="DERF-Sec5.1", paper="DERF", location="Sec. 5.1, text", verdict="erratum", severity="minor",
    statement="SDERFs outperform or are on par with other methods in all setups.",
    correction="SDERFs outperform or are on par with GERF, ADERF and PosRF in every setup; in the mnist regime (real 8x8 MNIST) TrigRF has a smaller variance than SDERF at small and intermediate $\\sigma$ (by a factor between $e^{0.56}$ and $e^{1.59}$, whatever the resize and pixel scaling).",
    evidence="With the paper's protocol (d = 64, 5 pairs of sets of L = 1024, $0.1 \\le \\sigma \\le 1$) SDERF is within a small factor of ADERF in normal, sphere and heterogen and never worse than GERF; the variance formula (9) behind the curves is confirmed by sampling at figure points. On the real images (the real-data section's cache, every reasonable preprocessing) the same 'on par' rule (within $e^{0.5}$) fails in mnist: TrigRF has a smaller variance than SDERF at small and intermediate $\\sigma$ under every preprocessing (numbers in the data check); in cifar10 it depends on the pixel scaling, and in mnist/cifar10 SDERF is best or on par.",
    checks=[Check("SDERF vs ADERF vs GERF, paper protocol", "numeric", _fig_on_par,
                  exercises=("rfsym.derf.experiments.fig2_curves", "rfsym.derf.log_relative_variance_np"),
                  route="closed-form optima per pair of sets, log relative variance from (9)",
                  control="'on par with GERF' in heterogen"),
            Check("MC confirmation of (9) at figure points", "montecarlo", _fig_mc,
                  exercises=("rfsym.derf.experiments.fig2_mc_point", "rfsym.derf.mc_moments"),
                  route="200000 draws, d = 64", control="1.1 x (9)"),
            Check("image regimes: SDERF vs every other family", "data", _rdc.check_derf_sec51_on_par,
                  exercises=("rfsym.realdata.derf_image_regime",),
                  route="cached DERF image protocol on real MNIST / CIFAR-10, every reasonable preprocessing",
                  control="the rule accepts a regime where SDERF is best (mnist/cifar10)")])


def _fig1_venn():
    d = 3
    rows, ok = [], True
    with mp.workdps(45):
        a = mpmath.mpf("-0.15")
        g = {"A": a, "B": mp.sqrt(1 - 4 * a), "C": -mpmath.mpf(1) / 2, "D": (1 - 4 * a) ** (mpmath.mpf(d) / 4), "d": d}
        pos = {"A": 0, "B": 1, "C": "-1/2", "D": 1, "d": d}
        psi = _diag([mpmath.mpf(v) for v in ("0.5", "2", "1.25")])
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
        c = z_check(mean_of(derf.mc_moments(p, x, y, n, rng)), K)
        ok &= c.passed
        rows.append(f"{name}: z = {c.z:+.2f}")
    pw = derf.as_derf_params_np("sderf", {"A": a * I, "B": g["B"] * I, "C": -I, "D": g["D"]})
    w = z_check(mean_of(derf.mc_moments(pw, x, y, n, rng)), K)
    return Outcome(ok, f"{n} draws per family, d = 3, E f1 f2 vs K = {K:.6g}: " + "; ".join(rows)
                   + f"; SDERF with C = -I: z = {w.z:+.1f}", agreement="|z| <= 5 for 4 embeddings",
                   control_rejected=not w.passed, control_detail=f"SDERF with C = -I rejected at z = {w.z:+.1f}")


FIG1 = Claim(id="DERF-Fig1", paper="DERF", location="Fig. 1 (left), Venn diagram; Secs. 4.1-4.3", verdict="verified",
    statement="PosRF $\\subset$ GERF; GERF $\\subset$ SADERF $\\subset$ ADERF $\\subset$ DERF; GERF $\\subset$ SDERF $\\subset$ DERF.",
    evidence="Each inclusion realised explicitly; the residual of the DERF validity conditions is 0 at 45 digits; sampling every embedded family estimates $K$ (|z| <= 5), an SDERF with $C = -I$ is rejected.",
    checks=[Check("explicit embeddings", "numeric", _fig1_venn,
                  exercises=("rfsym.derf.as_derf_params", "rfsym.derf.derf_conditions_residual"),
                  route="residuals of the embeddings", control="SDERF with C = -I"),
            Check("sampled features of every embedding", "montecarlo", _fig1_mc,
                  exercises=("rfsym.derf.as_derf_params_np", "rfsym.derf.mc_moments"),
                  route="200000 draws of couplings.sample per family, d = 3", control="SDERF with C = -I")],
    no_witness={"symbolic": "inclusions realised by substitution; the sympy moments of DERF-Thm4.1 cover every member"})


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


SEC5_1_HETEROGEN = Claim(id="DERF-Sec5.1-heterogen", paper="DERF", location="Sec. 5.1, text", verdict="erratum",
    severity="minor", statement="SDERFs are about $e^5$ times better than GERFs in heterogen.",
    correction="In heterogen the SDERF gain over GERF grows with $\\sigma$ from $\\approx e^{0.3}$ at $\\sigma = 0.1$ to $\\approx e^{8}$ at $\\sigma = 1$ (d = 64, L = 1024).",
    evidence="With the paper's protocol the gain $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ grows with $\\sigma$ and reaches about 8.3 nats at $\\sigma = 1$ (about 5 only near $\\sigma = 0.5$). Read, as the Fig. 1 caption reads its own factors, as the gain over the plotted range, $e^5$ understates it by about $e^3$; a quantitative factor that misstates the measured one by $e^3$ is recorded as an erratum whichever its direction (the same rule as the real-data section's, 'about $e^k$' = $[k/2, 3k/2]$ nats: 8.28 is outside [2.5, 7.5]). A separate implementation of the two optima and variances (Lemma A.1, (7), Thm 4.3 in the eigenbasis of $N$) reproduces the figure's per-set gaps at $\\sigma = 1$ and gives the same size on fresh sets.",
    checks=[Check("gap vs sigma, paper protocol", "numeric", _fig_heterogen_gap,
                  exercises=("rfsym.derf.experiments.fig2_curves",), route="5 pairs of sets of L = 1024 per sigma",
                  control="'about e^5' at sigma = 1"),
            Check("separate implementation on the figure's and on fresh sets", "numeric", _heterogen_independent,
                  exercises=("rfsym.derf.experiments.fig2_gaps", "rfsym.derf.witnesses.gerf_sderf_gap"),
                  route="optima from Lemma A.1 / Thm 4.3 and variances (7), (9) in the eigenbasis of N, written apart from derf.py",
                  control="'about e^5' at sigma = 1")],
    no_witness={"montecarlo": "where the gain is about e^5 or more (sigma >= 0.5) the mean log relative variances are "
                              "20 to 54 nats (fig2_curves): sampled second moments of such heavy-tailed products do "
                              "not converge; (9) itself is sampled at figure points in DERF-Sec5.1",
                "symbolic": "a mean over 10^6 data-dependent pairs; no closed form"})


SEC5_1_MNIST = Claim(id="DERF-Sec5.1-mnist", paper="DERF", location="Sec. 5.1 / Fig. 1-2, mnist regime",
    verdict="unverifiable", statement="About $e^5$ times better than GERF in mnist.",
    evidence=_rdc.evidence_derf_mnist(), notebook="realdata", label="realdata-derf-sec5-1-mnist")


SEC5_1_CIFAR = Claim(id="DERF-Sec5.1-cifar", paper="DERF",
    location="Sec. 5.1 / Fig. 1 right, cifar10 and mnist/cifar10", verdict="erratum", severity="minor",
    statement="About $e^{10}$ times better than GERF in cifar10; about $e^5$ in mnist/cifar10; ADERF about $e^3$ better than GERF in mnist/cifar10.",
    correction=_IMAGE_GAP_CORRECTION, evidence=_IMAGE_GAP_EVIDENCE,
    checks=_image_gap_checks(),
    notebook="realdata", label="realdata-derf-sec5-1-cifar")


FIG3 = Claim(id="DERF-Fig3", paper="DERF", location="Sec. 5.2, Fig. 3", verdict="unverifiable",
    statement="On 8 UCI benchmarks, SDERF shows the best kernel-classification accuracy for most (benchmark, $M$) pairs and the best average.",
    evidence=_rdc.evidence_derf_fig3(), notebook="realdata", label="realdata-derf-fig3")


FIG4 = Claim(id="DERF-Fig4", paper="DERF", location="Sec. 5.3.1, Fig. 4", verdict="unverifiable",
    statement="FAVOR# (SDERF) beats FAVOR++ on LibriSpeech Conformer-Transducer / NST for small $m$.",
    evidence="Requires training Conformer-Transducer models on LibriSpeech on TPUs; not reproducible here.")


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


FIG4_SDRF = Claim(id="DERF-Fig4-SDRF", paper="DERF", location="Sec. 5.3.1, Fig. 4 caption", verdict="erratum",
    severity="typo", statement="Comparison of FAVOR# using SDRF with FAVOR++ Performer ...",
    correction="Comparison of FAVOR# using SDERF with FAVOR++ Performer ...",
    evidence="'SDRF' is defined nowhere in the paper; among the families it defines only SDERF is one letter away, and SDERF is the FAVOR# variant the text of Sec. 5.3.1 says the speech experiment of Fig. 4 uses (the GLUE variant SADERF is two letters away).",
    checks=[Check("the acronym against the families the paper defines", "arithmetic", _fig4_sdrf,
                  route="edit distances from 'SDRF' to the 7 family names of Secs. 2.3-4.3 and to the 2 FAVOR# variants of Sec. 5.3",
                  control="SADERF, the other FAVOR# variant")],
    single_witness="a misprinted acronym: Fig. 4's curves are not in the text, so the only computable fact is which "
                   "defined family name the caption's 'SDRF' is a one-letter slip of")


TAB1 = Claim(id="DERF-Tab1", paper="DERF", location="Sec. 5.3.2, Table 1", verdict="unverifiable",
    statement="GLUE dev results of FAVOR# (SADERF) vs other attention variants.",
    evidence="The numbers require BERT pre-training (1M steps, 8x8 TPUv3) and GLUE fine-tuning; their markings and ranks are checked in DERF-Tab1-marks and DERF-Sec5.3.2.")


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


TAB1_MARKS = Claim(id="DERF-Tab1-marks", paper="DERF",
    location="Sec. 5.3.2, Table 1 (bold = best, underline = second best)", verdict="verified",
    statement="The bold and underlined entries of Table 1 are the best and second-best results per task.",
    evidence="All 56 marks agree with the printed numbers (SST-2 has a shared second place).",
    checks=[Check("marks recomputed from the printed numbers", "arithmetic", _tab1_marks,
                  exercises=("rfsym.derf.experiments.table1_marks",), route="sorting each column",
                  control="bold/underline swapped in QQP")],
    single_witness="the arithmetic of the printed numbers of Table 1 is the only route: the values come from BERT "
                   "training runs that cannot be repeated here, and recomputing the marks a second way re-sorts the same numbers")


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


SEC5_3_2 = Claim(id="DERF-Sec5.3.2", paper="DERF", location="Sec. 5.3.2, text below Table 1", verdict="verified",
    statement="On most tasks FAVOR# is the best or second best performing variant.",
    evidence="FAVOR# is best or second best in 6 of the 8 reported tasks (best in 4); it is third in CoLA and fifth in STS-B.",
    checks=[Check("FAVOR# rank per task", "arithmetic", _tab1_favor_rank,
                  exercises=("rfsym.derf.experiments.table1_ranks",),
                  route="competition ranking of the printed numbers", control="'best on most tasks'")],
    single_witness="a count over the printed Table 1 numbers; the underlying GLUE runs (BERT pre-training on TPUs) "
                   "cannot be repeated, so no second independent route exists")


def _glue_count():
    cols = dx.TABLE1_TASKS
    names = {c.split("(")[0] for c in cols}
    missing = [t for t in dx.GLUE_TASKS if t not in names]
    ok = len(dx.GLUE_TASKS) == 9 and len(cols) == 8 and missing == ["WNLI"]
    return Outcome(ok, f"GLUE [46] has {len(dx.GLUE_TASKS)} tasks {list(dx.GLUE_TASKS)}; Table 1 reports {len(cols)} of them, "
                   f"all but {missing}; the text's '8 different tasks' is the number of reported tasks, not of GLUE's",
                   agreement=f"{len(dx.GLUE_TASKS)} vs {len(cols)}", control_rejected=len(cols) != len(dx.GLUE_TASKS),
                   control_detail="the table's column count (8) differs from the benchmark's task count")


SEC5_3_2_GLUE = Claim(id="DERF-Sec5.3.2-GLUE", paper="DERF", location="Sec. 5.3.2, first paragraph",
    verdict="erratum", severity="minor",
    statement="The GLUE benchmark [46] consists of 8 different natural language understanding tasks.",
    correction="GLUE consists of 9 tasks; Table 1 reports 8 of them (all but WNLI).",
    evidence="GLUE [46] has 9 tasks; Table 1 reports 8 of them (WNLI is left out, as in the BERT paper). Severity minor, not typo: a wrong count about the benchmark that a reader would believe and cannot correct from the paper.",
    checks=[Check("task count", "arithmetic", _glue_count, route="the task list of [46] vs the table's columns",
                  control="the table's column count")],
    single_witness="a count: the task list of GLUE [46] against the table's columns is the only fact to check")


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


SECB_4_2 = Claim(id="DERF-SecB.4.2", paper="DERF", location="App. B.4.2 (both appendix versions)", verdict="erratum",
    severity="typo",
    statement="We used the exact same hyperparameter-setup for all the baselines (FAVOR++, FAVOR+, ELU, ReLU) and FAVOR++.",
    correction="... for all the baselines (FAVOR++, FAVOR+, ELU, ReLU) and FAVOR#.",
    evidence="The list names FAVOR++ twice and leaves FAVOR#, the method under test and the only other Performer row of Table 1, without a stated setup; the last name must be FAVOR#.",
    checks=[Check("the list against Table 1's Performer rows", "arithmetic", _b42_favor,
                  route="set difference of Table 1's low-rank rows and the names of App. B.4.2",
                  control="the printed list")],
    single_witness="a misprinted method name: the only computable fact is which Table 1 system the sentence's list "
                   "leaves out; the hyperparameters themselves (Table 2) cannot be rerun")


CLAIMS = [SECB_2, FIG2, SEC5_1, FIG1, SEC5_1_HETEROGEN, SEC5_1_MNIST, SEC5_1_CIFAR, FIG3, FIG4, FIG4_SDRF, TAB1,
          TAB1_MARKS, SEC5_3_2, SEC5_3_2_GLUE, SECB_4_2]


#: Mutants of the mutation audit (``python -m rfsym audit --paper DERF``) that no check of this file can or
#: needs to notice, with the reason (keys ``function`` or ``function:perturbation``).
AUDIT_EXPLAINED = {
    "rfsym.derf.variance_comparison": "a user-facing summary helper; no claim depends on it (tested in tests/test_derf.py).",
    "rfsym.derf.experiments.fig2_mc_point": (
        "returns the exact value (9) and its sampled estimate together; a common "
        "factor (or sign) cancels in their z-test. The exact value is pinned by "
        "log_relative_variance_np and mc_moments, audited on their own."),
    "rfsym.derf.experiments.aderf_lead_vs_L:rel1e-2": (
        "only the decrease of ADERF's lead with L is asserted (a finite-sample "
        "effect); a common factor keeps the order."),
    "rfsym.derf.sample_regime": (
        "draws the data sets of a variance-comparison regime; the claims that use it compare the RF families on "
        "the same draws (gaps between families, SDERF <= GERF), which do not change when every point is "
        "rescaled by 1 + 1e-2 or reflected (all regimes are symmetric under x -> -x); the regime's definition is "
        "tested by the doctest and the tests of rfsym.derf"),
}
