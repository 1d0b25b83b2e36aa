"""Sec. 5 (experiments) with App. B: the variance comparison (Sec. 5.1, Figs. 1-2, App. B.2), kernel
classification (Sec. 5.2) and the Transformer experiments (Sec. 5.3, Table 1, App. B.4.2).

Claims, in book order:

* ``DERF-SecB.2`` verified -- App. B.2
* ``DERF-Fig2`` unverifiable -- Fig. 1 (right), caption (extended by Fig. 2)
* ``DERF-Sec5.1`` unverifiable -- Sec. 5.1, text
* ``DERF-Fig1`` verified -- Fig. 1 (left), Venn diagram; Secs. 4.1-4.3
* ``DERF-Sec5.1-heterogen`` verified -- Sec. 5.1, text
* ``DERF-Sec5.1-mnist`` unverifiable -- Sec. 5.1 / Fig. 1-2, mnist regime
* ``DERF-Sec5.1-cifar`` unverifiable -- Sec. 5.1 / Fig. 1 right, cifar10 and mnist/cifar10
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

import functools
import math

import mpmath
import numpy as np
from mpmath import mp

from ... import derf
from ... import realdata as _rd  # the real-data toolbox: readings shared by the papers
from .. import realdata as _drd  # DERF's real-data experiments (notebook realdata)
from ...claims import Check, Claim, Outcome, Reading
from ...montecarlo import mean_of, variance_of, z_check
from .. import experiments as dx, witnesses as dw
from .._helpers import _diag
from ._checks import SEED


_SIGMAS = dx.FIG2_SIGMAS


_FIG_FAMS = dx.FIG2_FAMILIES          # shared (cached) with the notebook's figure


# ------------------------------------------------------------------ protocol sensitivity (issue 19)

#: Resize methods of the live per-pixel standardisation spot check (antialiased bilinear and box).
_PP_RESIZES = ("triangle", "area")
_PP_L = {"mnist": 1024, "cifar10": 508, "mnist/cifar10": 1017}
_PP_FAMS = ("trig", "pos", "gerf", "aderf", "sderf")


@functools.lru_cache(maxsize=None)
def _perpixel_curves(resize):
    """Live spot check outside the cached run: 8x8 images in [0, 1] standardised per pixel with their data set's
    mean and std (a pixel constant over the data set is left at 0), one pair of sets per regime and sigma (L of
    the cached protocol), mean log relative variance of every family. ``None``: the optimum does not exist."""
    from ... import datasets as ds
    from ... import realdata as rd
    mn = ds.load_images("mnist", resize=resize, scale="unit")[0]
    cf = ds.load_images("cifar10", resize=resize, scale="unit", gray="bt601")[0]
    std = lambda a: (a - a.mean(0)) / np.where(a.std(0) > 0, a.std(0), 1.0)
    mn, cf = std(mn), std(cf)
    opt = {"gerf": derf.gerf_optimum_np, "aderf": derf.aderf_optimum_np, "sderf": derf.sderf_optimum_np}
    out = {}
    for k, (reg, L) in enumerate(_PP_L.items()):
        for s in _SIGMAS:
            rng = rd.rng_for("images-DERF", 903, k, int(round(100 * s)))
            if reg == "mnist/cifar10":
                X, Y = mn[rng.choice(len(mn), L, replace=False)], cf[rng.choice(len(cf), L, replace=False)]
            else:
                src = mn if reg == "mnist" else cf
                ix = rng.choice(len(src), 2 * L, replace=False)
                X, Y = src[ix[:L]], src[ix[L:]]
            X, Y = s * X, s * Y
            row = {}
            for f in _PP_FAMS:
                try:
                    p = None if f not in opt else derf.as_derf_params_np(f, opt[f](X, Y), d=X.shape[1])
                except ValueError:
                    row[f] = None
                    continue
                row[f] = float(np.mean(derf.log_relative_variance_np(f, X, Y, p)))
            out[reg, s] = row
    return out


def _rng(vals):
    vals = [v for v in vals if v is not None]
    return f"{min(vals):.2f}-{max(vals):.2f}" if len(vals) > 1 else f"{vals[0]:.2f}"


def _cached_gaps(reg, scale, which, sigma):
    """Cached gaps (the real-data section's run) at one sigma over every variant of one pixel scaling."""
    t = _drd.gap_table()
    i = list(_SIGMAS).index(sigma)
    return {v: (None if t[r, v][which] is None else float(t[r, v][which][i]))
            for (r, v) in t if r == reg and _rd.variant_scale(v) == scale}


def _image_gaps_by_protocol():
    """DERF-Fig2 / DERF-Sec5.1-cifar: the printed gains under each plausible unstated choice (pixel scaling, resize,
    grayscale weights, the sigma range of Fig. 1 right / the sigma at which 'about' is read)."""
    rows, hold_cap, hold_txt = [], {}, {}
    for sig in (0.5, 1.0):
        for scale, name in (("unit", "[0, 1]"), ("sym", "[-1, 1]")):
            c = _cached_gaps("cifar10", scale, "gerf-sderf", sig)
            m = _cached_gaps("mnist/cifar10", scale, "gerf-sderf", sig)
            a = _cached_gaps("mnist/cifar10", scale, "gerf-aderf", sig)
            und = sum(v is None for v in a.values())
            cap = all(_rd.about(c[v], 10) and _rd.about(m[v], 5) for v in c)
            hold_cap[name, sig] = cap
            hold_txt[name, sig] = cap and any(v is not None and _rd.about(v, 3) for v in a.values())
            rows.append(f"pixels {name} (cache, 6 variants), sigma = {sig:g}: cifar10 {_rng(c.values())}, mnist/cifar10 "
                        f"{_rng(m.values())}, ADERF gain in mnist/cifar10 "
                        + (f"{_rng(a.values())} ({und} of {len(a)} variants: Thm 4.2's M1 singular)" if und < len(a)
                           else f"undefined in all {len(a)} variants (Thm 4.2's M1 singular)"))
        for r in _PP_RESIZES:
            cur = _perpixel_curves(r)
            g = lambda reg, f: (None if cur[reg, sig][f] is None else cur[reg, sig]["gerf"] - cur[reg, sig][f])
            c, m, mm, a = g("cifar10", "sderf"), g("mnist/cifar10", "sderf"), g("mnist", "sderf"), g("mnist/cifar10", "aderf")
            name = f"per-pixel standardised ({r})"
            hold_cap[name, sig] = _rd.about(c, 10) and _rd.about(m, 5)
            hold_txt[name, sig] = hold_cap[name, sig] and a is not None and _rd.about(a, 3)
            rows.append(f"pixels {name}, sigma = {sig:g}: cifar10 {c:.2f}, mnist/cifar10 {m:.2f}, mnist {mm:.2f}, ADERF gain "
                        f"in mnist/cifar10 " + ("undefined (M1 singular)" if a is None else f"{a:.2f}"))
    yes_cap = sorted({f"{n} at sigma = {s:g}" for (n, s), h in hold_cap.items() if h})
    yes_txt = sorted({f"{n} at sigma = {s:g}" for (n, s), h in hold_txt.items() if h})
    flip = (any(hold_cap.values()) and not all(hold_cap.values()) and not any(h for (n, s), h in hold_cap.items() if s == 1.0)
            and any(hold_txt.values()))
    rejected = not hold_cap["[-1, 1]", 0.5]
    return Outcome(flip, "log GERF - log SDERF (nats; 'about e^k' = [k/2, 3k/2], the project's band, not the paper's): "
                   + "; ".join(rows) + f". Caption pair (about e^10 in cifar10 and e^5 in mnist/cifar10) reproduced under: "
                   f"{yes_cap or 'none'}; never at sigma = 1 (the top of Fig. 2's range). The whole text (with ADERF about e^3) "
                   f"reproduced under: {yes_txt or 'none'}",
                   agreement="flips with the pixel scaling and the sigma read", control_rejected=rejected,
                   control_detail="pixels in [-1, 1] at sigma = 0.5 (cifar10 gain about 1.8 nats) rejected as 'about e^10'")


def _sec51_on_par_by_protocol():
    """DERF-Sec5.1: SDERF's largest deficit to any other family per image regime, under each plausible preprocessing."""
    cached = _drd.sderf_deficits()
    rows, worst, ahead = [], {}, set()
    for reg in ("mnist", "cifar10", "mnist/cifar10"):
        for scale, name in (("unit", "[0, 1]"), ("sym", "[-1, 1]")):
            vals = [(v, *cached[r, v]) for (r, v) in cached if r == reg and _rd.variant_scale(v) == scale]
            top = max(vals, key=lambda x: x[1])
            worst[name] = max(worst.get(name, -math.inf), top[1])
            rows.append(f"{reg}, {name} (cache): max over sigma of log SDERF - log(best other) {top[1]:+.2f} "
                        f"({top[3]} ahead at sigma = {top[2]:g}, {top[0]})")
        for r in _PP_RESIZES:
            cur = _perpixel_curves(r)
            best = (-math.inf, None, None)
            trig = -math.inf
            for s in _SIGMAS:
                row = cur[reg, s]
                others = {f: v for f, v in row.items() if f != "sderf" and v is not None}
                f_min = min(others, key=others.get)
                if row["sderf"] - others[f_min] > 0:
                    ahead.add(f_min)
                if row["sderf"] - others[f_min] > best[0]:
                    best = (row["sderf"] - others[f_min], s, f_min)
                trig = max(trig, row["sderf"] - row["trig"])
            name = "per-pixel standardised"
            worst[name] = max(worst.get(name, -math.inf), best[0])
            worst[name + " (TrigRF)"] = max(worst.get(name + " (TrigRF)", -math.inf), trig)
            rows.append(f"{reg}, {name} ({r}, live): max deficit {best[0]:+.2f} ({best[2]} at sigma = {best[1]:g}); "
                        f"TrigRF's largest lead {trig:+.2f}")
    pp, unit, sym = worst["per-pixel standardised"], worst["[0, 1]"], worst["[-1, 1]"]
    flip = pp < 0.5 < min(unit, sym) and worst["per-pixel standardised (TrigRF)"] < 0 and ahead <= {"aderf"}
    gerf_gap = _perpixel_curves("triangle")["cifar10", 0.5]["gerf"] - _perpixel_curves("triangle")["cifar10", 0.5]["sderf"]
    return Outcome(flip, "; ".join(rows) + f". Largest lead of another family over SDERF: per-pixel standardised {pp:.2f} "
                   f"nats (families ever ahead: {sorted(ahead) or 'none'}), pixels in [0, 1] {unit:.2f}, in [-1, 1] {sym:.2f} nats. 'On par' holds "
                   f"with any tolerance of at least e^{pp:.2f} under per-pixel standardisation and needs e^{min(unit, sym):.2f} or "
                   f"more under the cached scalings; the paper gives no tolerance (e^0.5 is the project's)",
                   agreement=f"per-pixel {pp:.2f} vs [0, 1] {unit:.2f} nats", control_rejected=gerf_gap > 0.5,
                   control_detail=f"GERF in SDERF's place is not on par (cifar10, per-pixel, sigma = 0.5: {gerf_gap:.2f} nats behind)")


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


_IMAGE_PROTOCOL_CHECKS = [
    Check("the gains under each plausible preprocessing and sigma range", "data", _image_gaps_by_protocol,
          exercises=("rfsym.derf.log_relative_variance_np", "rfsym.derf.sderf_optimum_np", "rfsym.derf.aderf_optimum_np"),
          route="cached run of rfsym.derf.realdata ([0, 1] and [-1, 1] pixels, 3 resizes, 2 grayscale weightings) and a live "
                "spot check with images standardised per pixel (antialiased and box resize)",
          control="pixels in [-1, 1] read at sigma = 0.5 must be rejected as 'about e^10' in cifar10"),
]


FIG2 = Claim(id="DERF-Fig2", paper="DERF", location="Fig. 1 (right), caption (extended by Fig. 2)", verdict="unverifiable",
    statement="SDERF results in a consistent variance reduction of the previous best method GERF, up to $\\approx e^{10}$ and $\\approx e^5$ times [on CIFAR10 and MNIST/CIFAR10 pairs].",
    evidence="The outcome flips with two choices the paper does not state: the pixel scaling and the $\\sigma$ range of Fig. 1 (right) (only Fig. 2's is given, $0.1 \\le \\sigma \\le 1$; the caption says Fig. 2 'extends this plot'). Gains $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ in cifar10 / mnist/cifar10 (nats): pixels in [0, 1], $\\sigma = 0.5$: 9.33-9.71 / 4.27-4.51 (the printed pair, every resize and grayscale weighting); per-pixel standardised, $\\sigma = 0.5$: 9.34 / 5.77 (antialiased) and 8.21 / 4.38 (box); pixels in [-1, 1], $\\sigma = 0.5$: 1.78-1.96 / 6.79-7.35 (fails). At $\\sigma = 1$ no preprocessing gives the pair: [0, 1] 24.90-26.10 / 13.19-14.21, [-1, 1] 6.53-7.60 / 17.51-20.19, per-pixel 22.75 / 14.23. 'About $e^k$' = $[k/2, 3k/2]$ nats is the project's band, not the paper's. The 'consistent reduction' part holds under every choice (the gain is positive and grows with $\\sigma$).",
    readings=[Reading("literal: 'up to' over Fig. 2's range", "Fig. 1 (right) spans Fig. 2's $0.1 \\le \\sigma \\le 1$ and 'up to' is the gain at $\\sigma = 1$.",
                      False, "cifar10 24.90-26.10 / 6.53-7.60 / 22.75 and mnist/cifar10 13.19-14.21 / 17.51-20.19 / 14.23 nats ([0, 1] / [-1, 1] / per-pixel): never about e^10 and e^5 together"),
              Reading("Fig. 1 (right) drawn up to sigma = 0.5 (defence counsel)", "Fig. 1 (right), whose $\\sigma$ range is not stated, ends at $\\sigma = 0.5$; pixel scaling as the authors chose.",
                      None, "[0, 1]: 9.33-9.71 / 4.27-4.51 (holds); per-pixel standardised: 9.34 / 5.77 (holds); [-1, 1]: 1.78-1.96 / 6.79-7.35 (fails)")],
    checks=_IMAGE_PROTOCOL_CHECKS,
    notebook="realdata", label="realdata-derf-fig2")


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


SEC5_1 = Claim(id="DERF-Sec5.1", paper="DERF", location="Sec. 5.1, text", verdict="unverifiable",
    statement="SDERFs outperform or are on par with other methods in all setups.",
    evidence="In the image regimes the outcome flips with the pixel scaling, which the paper does not state, and with the tolerance of 'on par', which it does not give. Largest lead of another family over SDERF at any $\\sigma$ (nats): pixels in [0, 1]: TrigRF by 0.80 in mnist and 1.16 in cifar10; pixels in [-1, 1]: TrigRF by 1.59 in mnist; images standardised per pixel (live, antialiased and box resize): only ADERF is ever ahead, by at most 0.34 (mnist/cifar10, $\\sigma = 0.1$), and TrigRF, PosRF and GERF never are. So the sentence holds for any tolerance of at least $e^{0.34}$ with per-pixel standardisation and needs $e^{1.16}$ under the other scalings; the $e^{0.5}$ used before is the project's threshold, not the paper's. The earlier correction ('TrigRF beats SDERF in mnist whatever the resize and pixel scaling') was false. The variance formula (9) behind every curve is confirmed by sampling at figure points.",
    readings=[Reading("literal, pixels in [0, 1] or [-1, 1]", "Under either cached pixel scaling no family beats SDERF by more than a small tolerance at any $\\sigma$.",
                      False, "TrigRF ahead by 1.16 nats (cifar10, [0, 1]) and 1.59 nats (mnist, [-1, 1])"),
              Reading("images standardised per pixel (defence counsel)", "Pixels standardised with the data set's per-pixel mean and std, 'on par' = within the small leads seen on plots spanning tens of nats.",
                      None, "only ADERF ahead, by at most 0.34 nats: holds for a tolerance of e^0.34 or more")],
    checks=[Check("SDERF's largest deficit under each preprocessing", "data", _sec51_on_par_by_protocol,
                  exercises=("rfsym.derf.log_relative_variance_np", "rfsym.derf.sderf_optimum_np", "rfsym.derf.aderf_optimum_np"),
                  route="cached image curves ([0, 1], [-1, 1]) and a live per-pixel standardised spot check",
                  control="GERF in SDERF's place must not be on par"),
            Check("MC confirmation of (9) at figure points", "montecarlo", _fig_mc,
                  exercises=("rfsym.derf.experiments.fig2_mc_point", "rfsym.derf.mc_moments"),
                  route="200000 draws, d = 64", control="1.1 x (9)")])


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
    avg = float(m.mean())
    ok = bool(np.all(np.diff(m) > 0)) and _rd.about(m[2], 5) and _rd.about(avg, 5) and same
    return Outcome(ok, f"first cell (sigma = 0.1, set 1) recomputed from the draws: {same}; "
                   f"heterogen, d = 64, 5 pairs of sets of L = 1024: log GERF - log SDERF (mean over sets) = "
                   f"{np.round(m, 2).tolist()} at sigma = {list(_SIGMAS)}; per set at sigma = 1: "
                   f"{g[:, -1].min():.2f} .. {g[:, -1].max():.2f}. The gain grows with sigma, is about 5 only near "
                   f"sigma = 0.5 and reaches e^{m[-1]:.1f} at sigma = 1 (the plotted range is 0.1 <= sigma <= 1); read as "
                   f"the maximum gain, as the Fig. 1 caption uses 'up to', e^5 understates it by e^{m[-1] - 5:.1f}; under the "
                   f"real-data section's reading 'about e^k' = [k/2, 3k/2] = [{5 / 2}, {3 * 5 / 2}], {m[-1]:.2f} is outside; the "
                   f"mid-range value {m[2]:.2f} (sigma = 0.5) and the mean over the plotted sigmas {avg:.2f} are inside",
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
    ok = diff < 1e-9 and abs(mf - m) < 0.5
    return Outcome(ok, f"heterogen, sigma = 1, d = 64, L = 1024: the gap log GERF - log SDERF from a separate implementation "
                   f"(Lemma A.1 optima, (7) and Thm 4.3 variances in the eigenbasis of N) on the figure's 5 pairs of sets: "
                   f"{np.round(mine, 3).tolist()} (max diff to fig2_gaps {diff:.1e}); on 3 fresh pairs of sets "
                   f"x ~ N(0, I), y ~ N(1, I): {np.round(fresh, 3).tolist()}; mean {m:.2f} and {mf:.2f} nats, outside "
                   f"'about e^5' = [2.5, 7.5]", agreement=f"max diff {diff:.0e}", control_rejected=not (2.5 <= m <= 7.5),
                   control_detail=f"'about e^5' at sigma = 1 rejected: {m:.2f} nats")


SEC5_1_HETEROGEN = Claim(id="DERF-Sec5.1-heterogen", paper="DERF", location="Sec. 5.1, text", verdict="verified",
    statement="SDERFs are about $e^5$ times better than GERFs in heterogen.",
    evidence="Verified under the reading 'about' = the typical gap over the plotted range (defence counsel), the only one that gives the paragraph's single number per regime a meaning for curves that grow with $\\sigma$: with the paper's protocol (d = 64, 5 pairs of sets of L = 1024) the gain $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ is 4.77 nats at mid-range $\\sigma = 0.5$ and 4.42 on average over the plotted $\\sigma$; it grows from 0.3 ($\\sigma = 0.1$) to 8.28 ($\\sigma = 1$), so read as the maximum gain $e^5$ would understate it (the erratum recorded before). A separate implementation of the two optima and variances reproduces the figure's per-set gaps and gives the same size on fresh sets. 'About $e^k$' = $[k/2, 3k/2]$ is the project's band.",
    readings=[Reading("the gain at the top of the range", "'About $e^5$' is the gain at $\\sigma = 1$, the end of the plotted range.", False, "8.28 nats at sigma = 1"),
              Reading("typical gap over the plotted range (defence counsel)", "'About $e^5$' is the typical gap: at mid-range $\\sigma = 0.5$ or averaged over the plotted $\\sigma$.", True,
                      "4.77 nats at sigma = 0.5, 4.42 averaged over the plotted sigmas")],
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
    evidence=_drd.evidence_mnist(), notebook="realdata", label="realdata-derf-sec5-1-mnist")


SEC5_1_CIFAR = Claim(id="DERF-Sec5.1-cifar", paper="DERF",
    location="Sec. 5.1 / Fig. 1 right, cifar10 and mnist/cifar10", verdict="unverifiable",
    statement="About $e^{10}$ times better than GERF in cifar10; about $e^5$ in mnist/cifar10; ADERF about $e^3$ better than GERF in mnist/cifar10.",
    evidence="The outcome flips with the pixel scaling and with the $\\sigma$ at which 'about' is read, neither stated. Read at mid-range $\\sigma = 0.5$ with images standardised per pixel (antialiased resize), the whole sentence is reproduced: cifar10 9.34, mnist/cifar10 5.77, ADERF 3.64 nats (printed 10 / 5 / 3). With pixels in [0, 1] at $\\sigma = 0.5$ the SDERF gains are the printed pair too (9.33-9.71 / 4.27-4.51), but ADERF's optimum (Thm 4.2) does not exist on those sets (a pixel is 0 in every image of a set, so $M^{(1)}$ is singular); with pixels in [-1, 1] cifar10 is 1.78-1.96. Read at $\\sigma = 1$ it fails under every choice: cifar10 24.90-26.10 ([0, 1]), 6.53-7.60 ([-1, 1]), 22.75 (per-pixel); mnist/cifar10 13.19-14.21, 17.51-20.19, 14.23. 'About $e^k$' = $[k/2, 3k/2]$ is the project's band.",
    readings=[Reading("literal: the gains at the top of the plotted range", "The three factors are the gains at $\\sigma = 1$.", False,
                      "cifar10 24.90-26.10 / 6.53-7.60 / 22.75, mnist/cifar10 13.19-14.21 / 17.51-20.19 / 14.23 nats"),
              Reading("typical gap, at mid-range sigma = 0.5 (defence counsel)", "'About' describes the typical gap between the curves, read at $\\sigma = 0.5$; pixel scaling as the authors chose.", None,
                      "per-pixel standardised: 9.34 / 5.77 / 3.64 (holds); [0, 1]: 9.33-9.71 / 4.27-4.51, ADERF undefined; [-1, 1]: cifar10 1.78-1.96 (fails)")],
    checks=_IMAGE_PROTOCOL_CHECKS,
    notebook="realdata", label="realdata-derf-sec5-1-cifar")


FIG3 = Claim(id="DERF-Fig3", paper="DERF", location="Sec. 5.2, Fig. 3", verdict="unverifiable",
    statement="On 8 UCI benchmarks, SDERF shows the best kernel-classification accuracy for most (benchmark, $M$) pairs and the best average.",
    evidence=_drd.evidence_fig3(), notebook="realdata", label="realdata-derf-fig3")


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
    readings=[Reading("literal", "'SDRF' names a family of random features.", False, "no family of the paper is called SDRF"),
              Reading("charitable: a one-letter slip", "'SDRF' is read as the family one letter away, SDERF, the variant Sec. 5.3.1 uses.", False, "that reading changes the printed name")],
    defence="Sec. 5.3.1 says the speech experiment applies FAVOR# with SDERF (defence counsel): a typo.",
    defeated_by="SDRF is defined nowhere; SDERF is the only family at edit distance 1",
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
    readings=[Reading("literal", "GLUE [46] consists of 8 tasks.", False, "GLUE has 9 tasks"),
              Reading("charitable: the 8 GLUE tasks used here (defence counsel)", "'8 different tasks' introduces the evaluation: the tasks of Table 1.", False, "the sentence states what GLUE consists of; GLUE has 9, Table 1 reports 8")],
    defence="Table 1 lists exactly the 8 tasks used, BERT (whose setup is followed) also leaves out WNLI and [31] uses the same wording, so the intent 'the 8 GLUE tasks used' is plain; counsel proposes typo.",
    defeated_by="GLUE has 9 tasks and Table 1 reports 8; nothing in the paper tells the reader a ninth exists, so the slip is not correctable from the surrounding text (severity stays minor)",
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
    readings=[Reading("literal", "The same hyperparameters for FAVOR++, FAVOR+, ELU, ReLU and FAVOR++.", False, "FAVOR++ named twice, FAVOR# not at all"),
              Reading("charitable: the second FAVOR++ as the method under test", "The last name refers to the method compared with the baselines.", False, "that method is FAVOR#; the printed name is FAVOR++")],
    defence="FAVOR++ appears twice and the second can only mean FAVOR# (defence counsel): a typo.",
    defeated_by="the list names FAVOR++ twice and leaves FAVOR# without a stated setup",
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
    "rfsym.derf.experiments.aderf_lead_vs_L": (
        "the notebook's illustration that ADERF's small lead over SDERF shrinks with L; since DERF-Sec5.1 became "
        "unverifiable (issue 19) no claim check uses it (the notebook prints and asserts it)."),
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
