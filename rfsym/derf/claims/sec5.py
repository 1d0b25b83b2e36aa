"""Sec. 5 (experiments) with App. B: the variance comparison (Sec. 5.1, Figs. 1-2, App. B.2), kernel
classification (Sec. 5.2) and the Transformer experiments (Sec. 5.3, Table 1, App. B.4.2).

Claims, in book order:

* ``DERF-SecB.2`` verified -- App. B.2
* ``DERF-Fig2`` unverifiable (open choice) -- Fig. 1 (right), caption (extended by Fig. 2)
* ``DERF-Sec5.1`` unverifiable (open choice) -- Sec. 5.1, text
* ``DERF-Fig1`` verified -- Fig. 1 (left), Venn diagram; Secs. 4.1-4.3
* ``DERF-Sec5.1-heterogen`` unverifiable (open choice: the sigma at which 'about' is read; re-adjudicated from verified) -- Sec. 5.1, text
* ``DERF-Sec5.1-mnist`` unverifiable (open choice) -- Sec. 5.1 / Fig. 1-2, mnist regime
* ``DERF-Sec5.1-cifar`` unverifiable (open choice) -- Sec. 5.1 / Fig. 1 right, cifar10 and mnist/cifar10
* ``DERF-Fig3`` unverifiable (open choice) -- Sec. 5.2, Fig. 3
* ``DERF-Fig4`` unverifiable (out of reach) -- Sec. 5.3.1, Fig. 4
* ``DERF-Fig4-SDRF`` erratum (typo) -- Sec. 5.3.1, Fig. 4 caption
* ``DERF-Tab1`` unverifiable (out of reach; the printed numbers checked) -- Sec. 5.3.2, Table 1
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

from ... import datasets as _ds, derf
from ... import realdata as _rd  # the real-data toolbox: readings shared by the papers
from .. import realdata as _drd  # DERF's real-data experiments (notebook realdata)
from ...claims import Check, Claim, Outcome, Reading, Sensitivity
from ...montecarlo import mean_of, variance_of, z_check
from .. import experiments as dx, witnesses as dw
from .._helpers import _diag
from ._checks import SEED, _ExactCheck, _product_moments


_SIGMAS = dx.FIG2_SIGMAS


_FIG_FAMS = dx.FIG2_FAMILIES          # shared (cached) with the notebook's figure


# ------------------------------------------------------------------ protocol sensitivity (issue 19)
#
# The image regimes of Sec. 5.1 rest on choices the paper does not state: the pixel scaling, the resize method and
# CIFAR-10's grayscale weights (App. B.2 says only "resized to 8x8, scaled by sigma"). Every table below is built
# from the curves of every preprocessing tried (:func:`_image_curves`): the cached run of rfsym.derf.realdata (pixels
# in [0, 1] and [-1, 1], 3 resizes, 2 grayscale weightings) and two live spot checks outside it, images
# standardised per pixel (antialiased and box resize) and raw pixels 0..255 (3 resizes, smaller sets).

_SCALING = {"unit": "[0, 1] (unit)", "sym": "[-1, 1] (sym)", "raw": "0-255 (raw)", "pp": "per-pixel standardised"}
_SOURCE = {"unit": "cached run, L = 1024 / 508 / 1017, 2 pairs of sets", "sym": "cached run, L = 1024 / 508 / 1017, 2 pairs of sets",
           "raw": "live spot check, L = 256, 1 pair of sets", "pp": "live spot check, L = 1024 / 508 / 1017, 1 pair of sets"}
_IMG_REGIMES = ("mnist", "cifar10", "mnist/cifar10")
#: Resize methods of the live per-pixel standardisation spot check (antialiased bilinear and box).
_PP_RESIZES = ("triangle", "area")
_PP_L = {"mnist": 1024, "cifar10": 508, "mnist/cifar10": 1017}
_PP_FAMS = ("trig", "pos", "gerf", "aderf", "sderf")
#: Set size of the raw-pixel spot check (the curves are hundreds to millions of nats there).
_RAW_L = 256


def _family_row(X, Y):
    """Mean log relative variance of every family of Fig. 2 on one pair of sets, as the cached run computes it
    (rfsym.derf.realdata.family_params / family_mean); ``None``: the optimum does not exist."""
    row = {}
    for f in _PP_FAMS:
        try:
            p = _drd.family_params(f, X, Y)
        except ValueError:
            row[f] = None
            continue
        row[f] = _drd.family_mean(f, X, Y, p)
    return row


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
            out[reg, s] = _family_row(s * X, s * Y)
    return out


@functools.lru_cache(maxsize=None)
def _raw_curves(resize):
    """Live spot check outside the cached run: raw pixels 0..255 (``rfsym.datasets.SCALINGS`` ``"raw"``), one pair of
    sets of L = 256 images per regime and sigma (the same draws for every resize). Raw pixels at sigma are the [0, 1]
    pixels at 255 sigma: curves of hundreds to millions of nats, where the smaller sets change nothing judged here."""
    from ... import realdata as rd
    out = {}
    for k, reg in enumerate(_IMG_REGIMES):
        for s in _SIGMAS:
            X, Y = rd.image_sets(reg, _RAW_L, s, rd.rng_for("images-DERF", 905, k, int(round(100 * s))),
                                 variant=f"{resize}/bt601/raw")
            out[reg, s] = _family_row(X, Y)
    return out


def _image_curves():
    """Every preprocessing tried: ``{(scaling, resize, gray): {(regime, sigma): {family: value or None}}}``, ordered by
    scaling (unit, sym, raw, per-pixel), resize and grayscale weighting."""
    from ...datasets import RESIZE_METHODS
    cur = dict(_drd.cached_curves())
    assert tuple(_drd.PROTOCOL_IMAGES["derf"]["sigmas"]) == tuple(_SIGMAS)
    for r in RESIZE_METHODS:
        cur["raw", r, "bt601"] = _raw_curves(r)
    for r in _PP_RESIZES:
        cur["pp", r, "bt601"] = _perpixel_curves(r)
    order = list(_SCALING)
    return dict(sorted(cur.items(), key=lambda kv: (order.index(kv[0][0]), list(RESIZE_METHODS).index(kv[0][1]), kv[0][2])))


def _image_protocol() -> str:
    """What the image reruns ran (generated from the protocol constants, quoted by the evidence texts)."""
    P = _drd.PROTOCOL_IMAGES["derf"]
    Ls = ", ".join(f"{L} ({reg})" for reg, L in P["L"].items())
    return (f"d = 64; sigma = {', '.join(f'{x:g}' for x in P['sigmas'])}; cached run: L = {Ls} with {P['n_sets']} pairs "
            f"of sets per sigma and preprocessing (the paper: L = 1024 and 5 pairs; only 1017 CIFAR-10 images are "
            f"stored here), draws seeded by rfsym.realdata.rng_for('images-DERF', ...); live per-pixel standardisation: "
            f"one pair of sets of the same L per sigma; live raw pixels: one pair of sets of L = {_RAW_L}; synthetic "
            f"regimes: 5 pairs of sets of L = 1024 per sigma, seed 2023")


def _preprocessing_domain(keys):
    """Domain entries naming every preprocessing a table covers (generated from the curves' keys)."""
    by = {}
    for sc, r, g in keys:
        by.setdefault(sc, ([], []))
        for lst, v in zip(by[sc], (r, g)):
            if v not in lst:
                lst.append(v)
    return {"protocol run": _image_protocol(),
            "preprocessing": f"all {len(keys)} combinations of pixel scaling, resize and grayscale listed here",
            "pixel scaling": "; ".join(f"{_SCALING[sc]}: resize {', '.join(rs)}, grayscale {', '.join(gs)} ({_SOURCE[sc]})"
                                       for sc, (rs, gs) in by.items()),
            "resize": "; ".join(f"{', '.join(rs)} ({_SCALING[sc]})" for sc, (rs, gs) in by.items()),
            "grayscale": "; ".join(f"{', '.join(gs)} ({_SCALING[sc]})" for sc, (rs, gs) in by.items())}


def _collapse_gray(rows, at=2):
    """Merge table rows that differ only in the grayscale weighting (choice ``at``) and agree on the outcome."""
    groups = {}
    for vals, num, holds in rows:
        groups.setdefault(vals[:at] + vals[at + 1:], []).append((vals, num, holds))
    out = []
    for key, grp in groups.items():
        if len(grp) > 1 and len({h for _, _, h in grp}) == 1:
            nums = [n for _, n, _ in grp]
            num = nums[0] if len(set(nums)) == 1 else "; ".join(f"{n} ({v[at]})" for v, n, _ in grp)
            out.append((key[:at] + (" or ".join(v[at] for v, _, _ in grp),) + key[at:], num, grp[0][2]))
        else:
            out.extend(grp)
    return tuple(out)


def _rng(vals):
    vals = [v for v in vals if v is not None]
    return f"{min(vals):.2f}-{max(vals):.2f}" if len(vals) > 1 else f"{vals[0]:.2f}"


def _gap(cv, reg, s, a="gerf", b="sderf"):
    """log a - log b at one regime and sigma (``None`` if a family is undefined there)."""
    x, y = cv[reg, s][a], cv[reg, s][b]
    return None if x is None or y is None else x - y


#: Tops of Fig. 1 (right)'s unstated sigma range: every grid value above the bottom of Fig. 2's range.
_FIG1_TOPS = _SIGMAS[1:]


def _fig2_by_protocol():
    """DERF-Fig2: 'up to about e^10 and e^5' (cifar10, mnist/cifar10) under each preprocessing and each top of Fig. 1
    (right)'s sigma range; the 'consistent reduction' and 'previous best method GERF' parts under every preprocessing."""
    cur = _image_curves()
    rows, narrow, by_top, consistent, premise, held = [], [], {}, {}, {}, []
    regs = ("cifar10", "mnist/cifar10")
    for key, cv in cur.items():
        sc, r, g = key
        gap = {reg: [_gap(cv, reg, s) for s in _SIGMAS] for reg in regs}
        consistent[key] = (all(min(v) > 0 for v in gap.values()), all(all(np.diff(v) > 0) for v in gap.values()))
        premise[key] = max(cv[reg, s]["gerf"] - min(cv[reg, s]["trig"], cv[reg, s]["pos"]) for reg in regs for s in _SIGMAS)
        for i, top in enumerate(_SIGMAS):
            if top not in _FIG1_TOPS:
                continue
            c, m = max(gap["cifar10"][:i + 1]), max(gap["mnist/cifar10"][:i + 1])
            rows.append(((_SCALING[sc], r, g, f"{top:g}"), f"{c:.2f} / {m:.2f}", _rd.about(c, 10) and _rd.about(m, 5)))
            if rows[-1][2] and (sc, top) not in held:
                held.append((sc, top))
            if abs(c - 10) <= 1 and abs(m - 5) <= 1:
                narrow.append(f"{_SCALING[sc]} {r} {g} top {top:g}")
            by_top.setdefault((sc, top), []).append((c, m))
    table = Sensitivity(("pixel scaling", "resize", "grayscale", "top of Fig. 1 (right)'s sigma range"),
                        "largest log GERF - log SDERF over 0.1 <= sigma <= top, cifar10 / mnist/cifar10 (nats); holds: "
                        "about e^10 / about e^5", _collapse_gray(rows),
                        threshold=f"'about e^k' = [k/2, 3k/2] nats is the project's band, not the paper's; with the narrower "
                                  f"band |gap - k| <= 1 nat the pair is reproduced in {len(narrow)} of {len(rows)} "
                                  f"combinations ({', '.join(narrow) or 'none'}), so the table flips under either band")
    summary = "; ".join(f"{_SCALING[sc]}, top {top:g}: {_rng([c for c, _ in v])} / {_rng([m for _, m in v])}"
                        for (sc, top), v in by_top.items())
    prem = {}
    for (sc, r, g), v in premise.items():
        prem[sc] = max(prem.get(sc, -math.inf), v)
    rejected = not any(h for (v, n, h) in rows if v[0] == _SCALING["sym"] and v[3] == "0.5")
    positive = all(p for p, _ in consistent.values())
    not_growing = sorted({_SCALING[k[0]] for k, (_, g) in consistent.items() if not g})
    ok = table.flips and positive
    return Outcome(ok, "gains log GERF - log SDERF, largest over 0.1 <= sigma <= top, cifar10 / mnist/cifar10 (nats; range over "
                   f"resize and grayscale): {summary}. The printed pair (about e^10 and about e^5) is reproduced under: "
                   + ", ".join(f"{_SCALING[sc]} with top {top:g}" for sc, top in held)
                   + f"; never with top 1 (the top of Fig. 2's range). 'Consistent reduction': the gain is positive at every "
                   f"sigma in both regimes under all {len(consistent)} preprocessings: {positive}; it grows with sigma under "
                   f"every one except {', '.join(not_growing) or 'none'}. "
                   "'Previous best method GERF': largest lead of TrigRF or PosRF over GERF (both regimes, any sigma; negative: "
                   "GERF best) " + ", ".join(f"{_SCALING[sc]} {v:+.2f}" for sc, v in prem.items()),
                   agreement="flips with the pixel scaling and the top of the sigma range", control_rejected=rejected,
                   control_detail="pixels in [-1, 1] with top 0.5 (cifar10 gain "
                                  f"{_rng([c for c, _ in by_top['sym', 0.5]])} nats) rejected as 'about e^10'",
                   domain={**_preprocessing_domain(cur), "protocol choice": f"all {len(cur)} preprocessings above (for the pair, each with the "
                           f"tops {', '.join(f'{t:g}' for t in _FIG1_TOPS)})", "sigma": ", ".join(f"{s:g}" for s in _SIGMAS)},
                   sensitivity=table)


#: Readings of 'about e^k times better' for curves that grow with sigma: mid-range, averaged, top of Fig. 2's range.
_READS = ("sigma = 0.5", "mean over sigma", "sigma = 1")


def _read(vals, how):
    """A gap curve (list over _SIGMAS, ``None`` where undefined) read as one number."""
    if how == "mean over sigma":
        return None if any(v is None for v in vals) else float(np.mean(vals))
    return vals[list(_SIGMAS).index(float(how.split("= ")[1]))]


def _singular_summary(regime):
    """Why ADERF is undefined on the cached sets of a regime: the failing sets redrawn (rfsym.derf.realdata.
    aderf_singular_sets); per scaling, the sets with pixels 0 ([0, 1]) or constant ([-1, 1]) in every image."""
    out = {}
    for sc in ("unit", "sym"):
        sub = [r for r in _drd.aderf_singular_sets(regime) if _rd.variant_scale(r["variant"]) == sc]
        if sub:
            n = [r["zero"] if sc == "unit" else r["constant"] for r in sub]
            expl = [v for v in n if v >= (1 if sc == "unit" else 2)]
            out[sc] = (len(sub), expl, [r for r, v in zip(sub, n) if v < (1 if sc == "unit" else 2)])
    return out


def _singular_text(out):
    parts = []
    for sc, (n, expl, other) in out.items():
        what = "0" if sc == "unit" else "constant (-sigma)"
        parts.append(f"{_SCALING[sc]}: {len(expl)} of {n} failing sets with {min(expl)}-{max(expl)} pixels {what} in every image"
                     + "".join(f"; {r['variant']} at sigma = {r['sigma']:g} without (nearly singular: eigenvalue ratio "
                               f"{r['min_eig']:.1e}, rank {r['rank']})" for r in other))
    return "; ".join(parts)


def _cifar_by_protocol():
    """DERF-Sec5.1-cifar: about e^10 (cifar10), e^5 (mnist/cifar10), ADERF about e^3 (mnist/cifar10) under each
    preprocessing and each reading of 'about' for a curve over sigma."""
    cur = _image_curves()
    rows, ranges, narrow = [], {}, []
    for key, cv in cur.items():
        sc, r, g = key
        c_ = [_gap(cv, "cifar10", s) for s in _SIGMAS]
        m_ = [_gap(cv, "mnist/cifar10", s) for s in _SIGMAS]
        a_ = [_gap(cv, "mnist/cifar10", s, "gerf", "aderf") for s in _SIGMAS]
        for how in _READS:
            c, m, a = _read(c_, how), _read(m_, how), _read(a_, how)
            holds = _rd.about(c, 10) and _rd.about(m, 5) and a is not None and _rd.about(a, 3)
            rows.append(((_SCALING[sc], r, g, how), f"{c:.2f} / {m:.2f} / " + ("ADERF undefined" if a is None else f"{a:.2f}"),
                         holds))
            if a is not None and abs(c - 10) <= 1 and abs(m - 5) <= 1 and abs(a - 3) <= 1:
                narrow.append(f"{_SCALING[sc]} {r} {g} {how}")
            ranges.setdefault((sc, how), []).append((c, m, a, r))
    table = Sensitivity(("pixel scaling", "resize", "grayscale", "sigma at which 'about' is read"),
                        "log GERF - log SDERF in cifar10 / in mnist/cifar10 / log GERF - log ADERF in mnist/cifar10 (nats); "
                        "holds: about e^10 / e^5 / e^3", _collapse_gray(rows),
                        threshold=f"'about e^k' = [k/2, 3k/2] nats is the project's band, not the paper's; with the narrower "
                                  f"band |gap - k| <= 1 nat the sentence holds in {len(narrow)} of {len(rows)} combinations "
                                  f"({', '.join(narrow) or 'none'})")
    summary = []
    for (sc, how), v in ranges.items():
        defined = [x[2] for x in v if x[2] is not None]
        und = sorted({x[3] for x in v if x[2] is None})
        summary.append(f"{_SCALING[sc]}, {how}: {_rng([x[0] for x in v])} / {_rng([x[1] for x in v])} / "
                       + (_rng(defined) if defined else "ADERF undefined")
                       + (f" (ADERF undefined with resize {', '.join(und)})" if defined and und else ""))
    held = sorted({(v[0], v[3]) for v, n, h in rows if h})
    sing = _singular_summary("mnist/cifar10")
    rejected = not any(h for v, n, h in rows if v[0] == _SCALING["sym"] and v[3] == "sigma = 0.5")
    return Outcome(table.flips, "cifar10 / mnist/cifar10 / ADERF gain in mnist/cifar10 (nats; range over resize and grayscale): "
                   + "; ".join(summary) + ". The whole sentence (about e^10, e^5, e^3) holds under: "
                   + (", ".join(f"{s} read at {h}" for s, h in held) or "none")
                   + ". ADERF's optimum (Thm 4.2) is undefined where M1 or M2 is singular; in the cached run's mnist/cifar10 "
                   "sets, redrawn: " + _singular_text(sing),
                   agreement="flips with the pixel scaling and the sigma read", control_rejected=rejected,
                   control_detail="pixels in [-1, 1] read at sigma = 0.5 (cifar10 gain "
                                  f"{_rng([x[0] for x in ranges['sym', 'sigma = 0.5']])} nats) rejected as 'about e^10'",
                   domain={**_preprocessing_domain(cur), "reading": ", ".join(_READS),
                           "protocol choice": f"all {len(cur)} preprocessings above, each read at " + ", ".join(_READS),
                           "images": "all images of each failing set of the cached run (L = 1017, redrawn from its seeds)"},
                   sensitivity=table)


def _mnist_by_protocol():
    """DERF-Sec5.1-mnist: about e^5 better than GERF in mnist, under each preprocessing and reading of 'about'."""
    cur = {k: v for k, v in _image_curves().items() if k[2] == "bt601"}      # MNIST has one channel
    rows, ranges, narrow = [], {}, []
    for (sc, r, g), cv in cur.items():
        gaps = [_gap(cv, "mnist", s) for s in _SIGMAS]
        for how in _READS:
            v = _read(gaps, how)
            rows.append(((_SCALING[sc], r, how), f"{v:.2f}", _rd.about(v, 5)))
            if abs(v - 5) <= 1:
                narrow.append(f"{_SCALING[sc]} {r} {how}")
            ranges.setdefault((sc, how), []).append(v)
    table = Sensitivity(("pixel scaling", "resize", "sigma at which 'about' is read"),
                        "log GERF - log SDERF in mnist (nats); holds: about e^5", tuple(rows),
                        threshold=f"'about e^5' = [2.5, 7.5] nats is the project's band, not the paper's; with the narrower "
                                  f"band [4, 6] the claim holds in {len(narrow)} of {len(rows)} combinations "
                                  f"({', '.join(narrow) or 'none'})")
    aderf = {}
    for (sc, r, g), cv in cur.items():
        und = [s for s in _SIGMAS if cv["mnist", s]["aderf"] is None]
        aderf.setdefault(sc, []).append(f"{r} " + ("defined at every sigma" if not und else
                                                   "undefined at every sigma" if len(und) == len(_SIGMAS) else
                                                   "undefined at sigma = " + ", ".join(f"{s:g}" for s in und)))
    held = sorted({(v[0], v[2]) for v, n, h in rows if h})
    sing = _singular_summary("mnist")
    rejected = not any(h for v, n, h in rows if v[0] == _SCALING["sym"])
    return Outcome(table.flips, "log GERF - log SDERF in mnist (nats; range over resize): "
                   + "; ".join(f"{_SCALING[sc]}, {how}: {_rng(v)}" for (sc, how), v in ranges.items())
                   + ". About e^5 under: " + (", ".join(f"{s} read at {h}" for s, h in held) or "none")
                   + ". ADERF's optimum on the mnist sets: " + "; ".join(f"{_SCALING[sc]}: {', '.join(v)}" for sc, v in aderf.items())
                   + "; the failing sets of the cached run, redrawn: " + _singular_text(sing),
                   agreement="flips with the pixel scaling and the sigma read", control_rejected=rejected,
                   control_detail="pixels in [-1, 1] (gains " + _rng([x for (sc, h), v in ranges.items() if sc == "sym" for x in v])
                                  + " nats) rejected as 'about e^5' at every reading",
                   domain={**_preprocessing_domain(cur), "reading": ", ".join(_READS),
                           "sigma": ", ".join(f"{s:g}" for s in _SIGMAS),
                           "images": "all 1024 images of each failing mnist set of the cached run (redrawn from its seeds)"},
                   sensitivity=table)


#: Tolerances of 'on par' (nats): the paper gives none; e^0.5 is the one the project used before.
_ON_PAR = (0.0, 0.25, 0.5, 1.0, 2.0)
#: The families Fig. 2 reports besides SDERF (SADERF is not reported: a special case of ADERF).
_OTHERS = ("trig", "pos", "gerf", "aderf")
_SYNTHETIC = ("normal", "sphere", "heterogen")


def _worst_deficit(curves, fam="sderf"):
    """Largest lead of another reported family over ``fam``: (nats, family, regime, sigma)."""
    best = (-math.inf, None, None, None)
    for (reg, s), row in curves.items():
        others = {f: row[f] for f in _OTHERS + ("sderf",) if f != fam and row.get(f) is not None}
        f = min(others, key=others.get)
        if row[fam] - others[f] > best[0]:
            best = (row[fam] - others[f], f, reg, s)
    return best


def _on_par_table(cur, syn, fam):
    rows, worst = [], {}
    sw = _worst_deficit(syn, fam)
    for key, cv in cur.items():
        w = max(sw, _worst_deficit(cv, fam), key=lambda t: t[0])
        worst[key] = w
        for t in _ON_PAR:
            rows.append(((_SCALING[key[0]], key[1], key[2], f"e^{t:g}"), f"{w[0]:+.2f} ({w[1]}, {w[2]}, sigma = {w[3]:g})",
                         w[0] <= t))
    return rows, worst, sw


def _sec51_on_par_by_protocol():
    """DERF-Sec5.1: SDERF's largest deficit to any other reported family over all six setups and sigmas, under each
    preprocessing of the image regimes and each tolerance of 'on par'."""
    cur = _image_curves()
    syn = {}
    for reg in _SYNTHETIC:
        c = dx.fig2_curves(reg, families=_FIG_FAMS)
        for k, s in enumerate(_SIGMAS):
            syn[reg, s] = {f: float(c[f][:, k].mean()) for f in _FIG_FAMS}
    rows, worst, sw = _on_par_table(cur, syn, "sderf")
    img = {}
    for key, cv in cur.items():
        for reg in _IMG_REGIMES:
            w = _worst_deficit({k: v for k, v in cv.items() if k[0] == reg})
            img.setdefault((key[0], reg), []).append(w)
    per = {reg: _worst_deficit({k: v for k, v in syn.items() if k[0] == reg}) for reg in _SYNTHETIC}
    lo, hi = sw[0], max(w[0] for w in worst.values())
    table = Sensitivity(("pixel scaling", "resize", "grayscale", "on-par tolerance"),
                        "largest lead of TrigRF, PosRF, GERF or ADERF over SDERF, all six setups, 0.1 <= sigma <= 1 (nats); "
                        "holds: within the tolerance", _collapse_gray(rows),
                        threshold=f"'on par' = within a tolerance the paper does not give (e^0.5 is the project's earlier "
                                  f"choice); the claim holds under a preprocessing iff the tolerance is at least its number: "
                                  f"below e^{lo:.2f} (ADERF ahead in the synthetic {sw[2]} setup, protocol stated) it fails "
                                  f"under every preprocessing, from e^{hi:.2f} on it holds under every one, in between it "
                                  f"flips with the preprocessing")
    g_rows, _, _ = _on_par_table(cur, syn, "gerf")
    rejected = not any(h for _, _, h in g_rows)
    text = []
    for (sc, reg), ws in img.items():
        w = max(ws, key=lambda t: t[0])
        text.append(f"{_SCALING[sc]} {reg}: {w[0]:+.2f} ({w[1]}, sigma = {w[3]:g})")
    return Outcome(table.flips and rejected,
                   "SDERF's largest deficit to TrigRF, PosRF, GERF or ADERF over sigma (nats; negative: SDERF best everywhere). "
                   "Synthetic setups (paper protocol, d = 64, L = 1024, 5 pairs of sets): "
                   + ", ".join(f"{reg} {w[0]:+.2f} ({w[1]}, sigma = {w[3]:g})" for reg, w in per.items())
                   + ". Image setups, worst over resize and grayscale: " + "; ".join(text)
                   + f". Over all six setups the worst deficit is {lo:.2f} to {hi:.2f} nats depending on the preprocessing",
                   agreement=f"deficit {lo:.2f} to {hi:.2f} nats", control_rejected=rejected,
                   control_detail="GERF in SDERF's place: its largest deficit, " + _rng([float(n.split()[0]) for _, n, _ in g_rows])
                                  + " nats, fails every tolerance under every preprocessing",
                   domain={**_preprocessing_domain(cur), "setup": ", ".join(_SYNTHETIC + _IMG_REGIMES),
                           "image regime": ", ".join(_IMG_REGIMES),
                           "sigma": ", ".join(f"{s:g}" for s in _SIGMAS), "on-par tolerance": ", ".join(f"e^{t:g}" for t in _ON_PAR)},
                   sensitivity=table)


def _secb2_shift():
    """Sampled replicates of the M = 8 estimator: TrigRF (features of Eqs. (4)-(5), uniform phase) and SDERF."""
    rng = np.random.default_rng(SEED + 300)
    X, Y = derf.sample_regime("normal", 0.3, 8, 16, rng)
    o = derf.sderf_optimum_np(X, Y)
    p = derf.as_derf_params_np("sderf", o)
    x, y = X[0], Y[0]
    M, R = 8, 100_000
    K = math.exp(x @ y)
    prods = {"sderf": derf.mc_moments(p, x, y, M * R, rng).reshape(R, M)}
    W, th = rng.standard_normal((M * R, x.size)), rng.uniform(0, 2 * np.pi, M * R)
    prods["trig"] = (derf.trig_features_np(W, th, x[None])[0] * derf.trig_features_np(W, th, y[None], k=2)[0]).reshape(R, M)
    rows, ok, rej, zs = [], True, True, []
    for fam, pr in prods.items():
        rel1 = float(np.exp(derf.log_relative_variance_np(fam, x[None], y[None], params=p if fam == "sderf" else None)[0, 0]))
        if fam == "sderf":
            # issue 27: the mean of (K^/K - 1)^2 (K exact) with its exact variance, from the exact fourth central moment
            # of the mean of M i.i.d. products, (mu4 + 3 (M - 1) sigma^4) / M^3 (E (f1 f2)^k, k <= 4: Gaussian integrals)
            _, s2, mu4 = _product_moments(p, x, y, scale=K)
            c4 = (mu4 + 3 * (M - 1) * s2 * s2) / M ** 3
            e = _ExactCheck((pr.mean(1) / K - 1) ** 2, rel1 / M, c4 - (s2 / M) ** 2, {"unshifted": rel1, "1.1/M": 1.1 * rel1 / M})
            ok &= e.passed
            rej &= e.rejects("unshifted") and e.rejects("1.1/M")
            zs.append(abs(e.cz("1.1/M")))
            rows.append(f"{fam}: relative variance of the M = {M} estimator (mean of (K^/K - 1)^2, exact fourth moment) {e} "
                        f"equals the M = 1 value {rel1:.4g} divided by M; the unshifted value is "
                        f"{'rejected' if e.rejects('unshifted') else 'NOT rejected'} (z = {e.cz('unshifted'):+.1f}), 1.1/M is "
                        f"{'rejected' if e.rejects('1.1/M') else 'NOT rejected'} (z = {e.cz('1.1/M'):+.1f}; exact s.e.)")
            continue
        v = variance_of(pr.mean(1) / K)
        c, w, w2 = z_check(v, rel1 / M), z_check(v, rel1), z_check(v, 1.1 * rel1 / M)
        ok &= c.passed
        rej &= not w.passed and not w2.passed
        zs.append(abs(w2.z))
        rows.append(f"{fam}: relative variance of the M = {M} estimator {c} (sample s.e.: bounded features) equals the M = 1 value {rel1:.4g} divided by M; "
                    f"the unshifted value is rejected (z = {w.z:+.1f}), so is 1.1/M (z = {w2.z:+.1f})")
    return Outcome(ok, f"d = 8, {R} replicates of M = {M} features per family: " + "; ".join(rows)
                   + f"; i.e. log curves shift by -log M = {-math.log(M):.3f}", agreement=f"|z| <= 5 for {len(prods)} families",
                   control_rejected=rej, control_detail=f"1.1 x rel/M rejected at |z| >= {min(zs):.1f}",
                   domain={"method": ", ".join(f"{f} (sampled, M = {M})" for f in prods)})


_SECB2_ENUM_FAMILIES = ("pos", "gerf", "aderf", "saderf", "sderf")


def _secb2_enum():
    """Exact enumeration: the relative variance of the M-feature estimator is that of one feature over M."""
    X = np.array([[0.3, -0.2], [0.1, 0.4], [-0.25, 0.05]])
    Y = np.array([[0.2, 0.3], [-0.1, -0.2], [0.35, 0.1]])
    x, y = X[0], Y[1]
    K = math.exp(x @ y)
    opt = {"gerf": derf.gerf_optimum_np, "aderf": derf.aderf_optimum_np, "saderf": derf.saderf_optimum_np,
           "sderf": derf.sderf_optimum_np}
    rows, ok, ctl, done = [], True, True, []
    for fam in _SECB2_ENUM_FAMILIES:
        if fam == "pos":      # PosRF is the GERF with A = 0, B = 1, C = -1/2, D = 1
            p = derf.as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=2)
        else:
            p = derf.as_derf_params_np(fam, opt[fam](X, Y), d=2)
        rel1 = float(np.exp(derf.log_relative_variance_np(fam, x[None], y[None], params=None if fam == "pos" else p)[0, 0]))
        for M in (1, 2):
            r = dw.estimator_moments_enumerated(p, x, y, M, n_nodes=24)
            shift = math.log(r["var"] / K ** 2) - math.log(rel1)
            ok &= abs(shift + math.log(M)) < 1e-9
            ctl &= M == 1 or abs(shift + 0.5 * math.log(M)) > 0.1
            rows.append(f"{fam}, M = {M}: log relative variance {math.log(r['var'] / K ** 2):.12f}, shift {shift:+.12f} "
                        f"(-log M = {-math.log(M):+.12f})")
        done.append(fam)
    return Outcome(ok, "d = 2, exact enumeration of all tuples of 24^2-node Gauss-Hermite draws, optima on a 3-point data "
                   "set: " + "; ".join(rows) + f"; every shift equals -log M within 1e-9: {ok}", agreement="shift = -log M to 1e-9", control_rejected=ctl,
                   control_detail="shift -log(M)/2 (a 1/sqrt(M) law) rejected",
                   domain={"method": ", ".join(f"{f} (exact enumeration, M = 1, 2)" for f in done)})


SECB_2 = Claim(id="DERF-SecB.2", paper="DERF", rule="verified-as-printed", conventions=('DERF:relative-variance',), location="App. B.2", verdict="verified",
    statement="$M = 1$ is taken since $M$'s value is not important: bigger $M$ would just shift the curves below.",
    evidence="For i.i.d. features the relative variance is divided by $M$, so log curves shift by $-\\log M$ for every method of Fig. 2: sampled replicates (TrigRF and SDERF, M = 8) and exact enumeration under a Gauss-Hermite law (PosRF, GERF, ADERF, SADERF and SDERF, M = 1, 2, shift $-\\log M$ to 1e-9).",
    checks=[Check("relative variance of the M-sample estimator", "montecarlo", _secb2_shift,
                  exercises=("rfsym.derf.sderf_optimum_np", "rfsym.derf.log_relative_variance_np", "rfsym.derf.mc_moments",
                             "rfsym.derf.trig_features_np"),
                  route="100000 replicates of M = 8, TrigRF and SDERF", control="the unshifted value and 1.1/M"),
            Check("exact enumeration of M = 1, 2 feature estimators", "numeric", _secb2_enum,
                  exercises=("rfsym.derf.witnesses.estimator_moments_enumerated", "rfsym.derf.log_relative_variance_np", "rfsym.derf.sderf_optimum_np", "rfsym.derf.gerf_optimum_np",
                             "rfsym.derf.aderf_optimum_np", "rfsym.derf.saderf_optimum_np"),
                  route="Gauss-Hermite law, all tuples enumerated, PosRF and the GERF, ADERF, SADERF, SDERF optima", control="a 1/sqrt(M) law")],
    no_witness={"symbolic": "i.i.d. averaging; the enumeration and the sampled replicates cover it"})


_IMAGE_EXERCISES = ("rfsym.derf.log_relative_variance_np", "rfsym.derf.sderf_optimum_np", "rfsym.derf.gerf_optimum_np",
                    "rfsym.derf.aderf_optimum_np")
_IMAGE_ROUTE = ("cached run of rfsym.derf.realdata ([0, 1] and [-1, 1] pixels, 3 resizes, 2 grayscale weightings) and two "
                "live spot checks: images standardised per pixel (antialiased and box resize) and raw pixels 0..255 "
                "(3 resizes, L = 256)")


FIG2 = Claim(id="DERF-Fig2", paper="DERF", rule="unverifiable-open-choice", conventions=('DERF:relative-variance', 'DERF:about-ek'), location="Fig. 1 (right), caption (extended by Fig. 2)", verdict="unverifiable",
    statement="SDERF results in a consistent variance reduction of the previous best method GERF, up to $\\approx e^{10}$ and $\\approx e^5$ times [on CIFAR10 and MNIST/CIFAR10 pairs].",
    evidence="The outcome flips with two choices the paper does not state: the pixel scaling and the top of Fig. 1 (right)'s $\\sigma$ range (only Fig. 2's is given, $0.1 \\le \\sigma \\le 1$; the caption says Fig. 2 'extends this plot'). 'Up to' is read as the largest gain $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ over the plotted range; cifar10 / mnist/cifar10 (nats): with top $\\sigma = 0.5$, pixels in [0, 1] give 9.33-9.71 / 4.27-4.51 (the printed pair, every resize and grayscale weighting) and images standardised per pixel 8.21-9.34 / 4.38-5.77 (the printed pair, box and antialiased resize), while pixels in [-1, 1] give 1.78-1.96 / 6.79-7.35 and raw pixels 0-255 give 107.08-145.32 / 79.44-114.66. With top $\\sigma = 1$ no preprocessing gives the pair: [0, 1] 24.90-26.10 / 13.19-14.21, [-1, 1] 6.53-7.60 / 17.51-20.19, per-pixel 19.51-22.75 / 10.46-14.23, raw 107.08-145.42 / 80.08-115.32. 'About $e^k$' = $[k/2, 3k/2]$ nats is the project's band, not the paper's; with the narrower band $|\\mathrm{gap} - k| \\le 1$ the table flips the same way. The 'consistent reduction' part holds under every choice: the gain is positive at every $\\sigma$ in both regimes. 'The previous best method GERF' does not hold with pixels in [0, 1], one of the two scalings that give the pair: TrigRF is below GERF there by up to 25.39 nats; with the other preprocessings GERF is the best previous family or within 0.05 nats of it." + " Protocol run: " + _image_protocol() + ".",
    readings=[Reading("literal: 'up to' over Fig. 2's range", "Fig. 1 (right) spans Fig. 2's $0.1 \\le \\sigma \\le 1$ and 'up to' is the largest gain over it.",
                      False, "cifar10 24.90-26.10 / 6.53-7.60 / 19.51-22.75 / 107.08-145.42 and mnist/cifar10 13.19-14.21 / 17.51-20.19 / 10.46-14.23 / 80.08-115.32 nats ([0, 1] / [-1, 1] / per-pixel / raw): never about e^10 and e^5 together"),
              Reading("Fig. 1 (right) drawn up to sigma = 0.5 (defence counsel)", "Fig. 1 (right), whose $\\sigma$ range is not stated, ends at $\\sigma = 0.5$; pixel scaling as the authors chose.",
                      None, "[0, 1]: 9.33-9.71 / 4.27-4.51 (holds); per-pixel standardised: 8.21-9.34 / 4.38-5.77 (holds); [-1, 1]: 1.78-1.96 / 6.79-7.35 (fails); raw: 107.08-145.32 / 79.44-114.66 (fails)")],
    checks=[Check("the caption's pair under each preprocessing and top of the sigma range", "data", _fig2_by_protocol,
                  exercises=_IMAGE_EXERCISES, route=_IMAGE_ROUTE,
                  control="pixels in [-1, 1] with top 0.5 must be rejected as 'about e^10' in cifar10",
                  protocol_choices=("pixel scaling", "resize", "grayscale", "top of Fig. 1 (right)'s sigma range"))],
    notebook="realdata", label="realdata-derf-fig2")


def _fig_mc():
    """Monte Carlo confirmation of the variance formula at points of the figure (d = 64, sigma = 0.1)."""
    # issue 27: the relative variance as the mean of (f1 f2 / K - 1)^2 with its exact variance mu4 - Var^2
    # (E (f1 f2)^k, k <= 4: Gaussian integrals), products >= 0, guaranteed-rate tests
    rows, ok, rej, zs = [], True, True, []
    for reg, fam, n in dx.FIG2_MC_POINTS:
        c = dx.fig2_mc_check(reg, fam, 0.1, n=n, factor=1.1)
        ok &= c["passed"]
        rej &= c["control_rejected"]
        zs.append(abs(c["control_z"]))
        rows.append(c["text"])
    return Outcome(ok, "; ".join(rows), agreement="|z| <= 5 at 3 points (exact s.e.)", control_rejected=rej,
                   control_detail=f"1.1 x (9) rejected at |z| >= {min(zs):.1f} (exact s.e., guaranteed rate)")


SEC5_1 = Claim(id="DERF-Sec5.1", paper="DERF", rule="unverifiable-open-choice", conventions=('DERF:relative-variance',), location="Sec. 5.1, text", verdict="unverifiable",
    statement="SDERFs outperform or are on par with other methods in all setups.",
    evidence="The outcome flips with the pixel scaling of the image regimes, which the paper does not state, and with the tolerance of 'on par', which it does not give. Largest lead of TrigRF, PosRF, GERF or ADERF over SDERF at any $\\sigma$ of the grid 0.1, 0.25, 0.5, 0.75, 1 (nats): synthetic setups (protocol stated): ADERF by 0.32 (heterogen), 0.11 (normal), 0.03 (sphere); pixels in [0, 1]: TrigRF by 0.80 in mnist and 1.16 in cifar10; pixels in [-1, 1]: TrigRF by 1.59 in mnist; images standardised per pixel (live, antialiased and box resize): only ADERF, by at most 0.34 (mnist/cifar10); raw pixels 0-255 (live): none, SDERF is best in every image regime. So the sentence fails under every preprocessing with a tolerance below $e^{0.32}$ (the synthetic setups alone), holds for any tolerance of at least $e^{0.34}$ with per-pixel standardisation or raw pixels, and needs $e^{1.04}$ to $e^{1.16}$ with pixels in [0, 1] and $e^{1.23}$ to $e^{1.59}$ in [-1, 1], depending on the resize and grayscale weighting; the $e^{0.5}$ used before is the project's threshold, not the paper's. The earlier correction ('TrigRF beats SDERF in mnist whatever the resize and pixel scaling') was false. The variance formula (9) behind the curves is confirmed by sampling at three figure points." + " Protocol run: " + _image_protocol() + ".",
    readings=[Reading("strict: outperform or equal (tolerance 0)", "No family has a lower variance than SDERF in any setup.", False,
                      "ADERF ahead by 0.32 nats (heterogen) and 0.11 (normal), whose protocol the paper states"),
              Reading("literal, pixels in [0, 1] or [-1, 1]", "Under either cached pixel scaling no family beats SDERF by more than a small tolerance at any $\\sigma$.",
                      False, "TrigRF ahead by 1.16 nats (cifar10, [0, 1]) and 1.59 nats (mnist, [-1, 1])"),
              Reading("images standardised per pixel (defence counsel)", "Pixels standardised with the data set's per-pixel mean and std, 'on par' = within the small leads seen on plots spanning tens of nats.",
                      None, "only ADERF ahead, by at most 0.34 nats (0.32 in heterogen): holds for a tolerance of e^0.34 or more")],
    checks=[Check("SDERF's largest deficit under each preprocessing and tolerance", "data", _sec51_on_par_by_protocol,
                  exercises=_IMAGE_EXERCISES + ("rfsym.derf.experiments.fig2_curves",),
                  route=_IMAGE_ROUTE + "; the synthetic setups with the paper's protocol (experiments.fig2_curves)",
                  control="GERF in SDERF's place must fail every tolerance under every preprocessing",
                  protocol_choices=("pixel scaling", "resize", "grayscale", "on-par tolerance")),
            Check("MC confirmation of (9) at figure points", "montecarlo", _fig_mc,
                  exercises=("rfsym.derf.experiments.fig2_mc_point", "rfsym.derf.experiments.fig2_mc_check", "rfsym.derf.mc_moments"),
                  route="600000 draws (normal/sderf, heterogen/aderf) and 200000 (sphere/gerf), d = 64; exact fourth moments", control="1.1 x (9)")])


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
             "GERF as SADERF (Psi = I)": derf.as_derf_params_np("saderf", dict(g, Psi=I)),
             "SADERF as ADERF": derf.as_derf_params_np("saderf", dict(g, Psi=psi)),
             "GERF as SDERF (Q = I)": derf.as_derf_params_np("sderf", {"A": a * I, "B": g["B"] * I, "C": -I / 2, "D": g["D"]})}
    # issue 27: each mean decided with the exact variance of one product (E (f1 f2)^2 of that DERF, a Gaussian
    # integral), products >= 0, guaranteed-rate tests; the control's law is that of the wrong SDERF itself
    rows, ok, zs = [], True, []
    for name, p in cases.items():
        _, v, _ = _product_moments(p, x, y)
        c = _ExactCheck(derf.mc_moments(p, x, y, n, rng), K, v)
        ok &= c.passed
        rows.append(f"{name}: z = {c.z:+.2f} (sample-s.e. {c.sample_z:+.2f})")
    pw = derf.as_derf_params_np("sderf", {"A": a * I, "B": g["B"] * I, "C": -I, "D": g["D"]})
    mw, vw, _ = _product_moments(pw, x, y)
    w = _ExactCheck(derf.mc_moments(pw, x, y, n, rng), mw, vw, {"K": K})
    wz = w.cz("K")
    return Outcome(ok, f"{n} draws per family, d = 3, E f1 f2 vs K = {K:.6g}, exact s.e.: " + "; ".join(rows)
                   + f"; SDERF with C = -I: z = {wz:+.1f} ({'rejected' if w.rejects('K') else 'NOT rejected'}; exact s.e. of its own law)",
                   agreement=f"|z| <= 5 for {len(cases)} embeddings (exact s.e.)",
                   control_rejected=w.rejects("K"), control_detail=f"SDERF with C = -I rejected at z = {wz:+.1f} (exact s.e., guaranteed rate <= {w.t.alpha:.2g})",
                   domain={"embedded family": ", ".join(cases)})


FIG1 = Claim(id="DERF-Fig1", paper="DERF", rule="verified-as-printed", conventions=('DERF:gerf-exponent',), location="Fig. 1 (left), Venn diagram; Secs. 4.1-4.3", verdict="verified",
    statement="PosRF $\\subset$ GERF; GERF $\\subset$ SADERF $\\subset$ ADERF $\\subset$ DERF; GERF $\\subset$ SDERF $\\subset$ DERF.",
    evidence="Each inclusion realised explicitly; the residual of the DERF validity conditions is 0 at 45 digits; sampling every embedded family estimates $K$ (|z| <= 5: PosRF and GERF as DERFs, GERF as SADERF with $\\Psi = I$, SADERF as ADERF, GERF as SDERF with $Q = I$), an SDERF with $C = -I$ is rejected.",
    checks=[Check("explicit embeddings", "numeric", _fig1_venn,
                  exercises=("rfsym.derf.as_derf_params", "rfsym.derf.derf_conditions_residual"),
                  route="residuals of the embeddings", control="SDERF with C = -I"),
            Check("sampled features of every embedding", "montecarlo", _fig1_mc,
                  exercises=("rfsym.derf.as_derf_params_np", "rfsym.derf.mc_moments"),
                  route="200000 draws of couplings.sample per embedding, d = 3", control="SDERF with C = -I")],
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
    reads = (("sigma = 0.5", float(m[2])), ("mean over sigma", avg), ("sigma = 1 (the caption's 'up to')", float(m[-1])))
    rows = []
    for how, v in reads:
        rows.append(((how, "[k/2, 3k/2]"), f"{v:.2f}", bool(_rd.about(v, 5))))
        rows.append(((how, "|gap - k| <= 1"), f"{v:.2f}", bool(abs(v - 5) <= 1)))
    table = Sensitivity(("sigma at which 'about' is read", "band of 'about e^k'"),
                        "log GERF - log SDERF in heterogen (nats, mean over the 5 pairs of sets); holds: about e^5", tuple(rows),
                        threshold="both bands are the project's; the paper gives none")
    ok = bool(np.all(np.diff(m) > 0)) and same and table.flips
    return Outcome(ok, f"first cell (sigma = 0.1, set 1) recomputed from the draws: {same}; "
                   f"heterogen, d = 64, 5 pairs of sets of L = 1024 (seed 2023, sigma in {list(_SIGMAS)}): log GERF - log SDERF "
                   f"(mean over sets) = {np.round(m, 2).tolist()}; per set at sigma = 1: "
                   f"{g[:, -1].min():.2f} .. {g[:, -1].max():.2f}. The gain grows with sigma: {m[2]:.2f} at mid-range sigma = 0.5, "
                   f"{avg:.2f} averaged over the plotted sigmas, {m[-1]:.2f} at sigma = 1 (the top of 0.1 <= sigma <= 1, where "
                   f"the Fig. 1 caption's 'up to' reads the same factors); 'about e^5' holds at the first two and fails at the "
                   f"third under either band",
                   agreement="flips with the sigma at which 'about' is read", control_rejected=bool(abs(m[-1] - 5) > 2),
                   control_detail=f"'about e^5' at sigma = 1 is off by {m[-1] - 5:.1f} nats",
                   domain={"sigma": ", ".join(f"{x:g}" for x in _SIGMAS), "reading": ", ".join(h for h, _ in reads),
                           "sets": "5 pairs of sets of L = 1024, d = 64, seed 2023"},
                   sensitivity=table)


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


SEC5_1_HETEROGEN = Claim(id="DERF-Sec5.1-heterogen", paper="DERF", rule="unverifiable-open-choice", conventions=('DERF:relative-variance', 'DERF:about-ek'), location="Sec. 5.1, text", verdict="unverifiable",
    statement="SDERFs are about $e^5$ times better than GERFs in heterogen.",
    evidence="The outcome flips with the $\\sigma$ at which 'about' is read, which the paper leaves open (convention DERF:about-ek): with the paper's protocol (d = 64, 5 pairs of sets of L = 1024 per $\\sigma$, seed 2023, $\\sigma$ = 0.1, 0.25, 0.5, 0.75, 1) the gain $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ is 4.77 nats at mid-range $\\sigma = 0.5$ and 4.42 averaged over the plotted $\\sigma$ (about $e^5$ under either band), but it grows from 0.3 ($\\sigma = 0.1$) to 8.28 ($\\sigma = 1$), the reading the Fig. 1 caption's 'up to' gives the same factors, where it fails under either band. A separate implementation of the two optima and variances reproduces the figure's per-set gaps and gives the same size on 3 fresh pairs of sets. Re-adjudicated from verified (issue #28): the typical-gap reading is not the only one the text allows, and the same choice makes DERF-Sec5.1-mnist and DERF-Sec5.1-cifar unverifiable.",
    readings=[Reading("the gain at the top of the range ('up to', as in the Fig. 1 caption)", "'About $e^5$' is the gain at $\\sigma = 1$, the end of the plotted range.", False, "8.28 nats at sigma = 1"),
              Reading("typical gap over the plotted range (defence counsel)", "'About $e^5$' is the typical gap: at mid-range $\\sigma = 0.5$ or averaged over the plotted $\\sigma$.", True,
                      "4.77 nats at sigma = 0.5, 4.42 averaged over the plotted sigmas")],
    checks=[Check("gap vs sigma, paper protocol, under each reading of 'about'", "data", _fig_heterogen_gap,
                  exercises=("rfsym.derf.experiments.fig2_curves",), route="5 pairs of sets of L = 1024 per sigma",
                  control="'about e^5' at sigma = 1",
                  protocol_choices=("sigma at which 'about' is read", "band of 'about e^k'")),
            Check("separate implementation on the figure's and on fresh sets", "data", _heterogen_independent,
                  exercises=("rfsym.derf.experiments.fig2_gaps", "rfsym.derf.witnesses.gerf_sderf_gap"),
                  route="optima from Lemma A.1 / Thm 4.3 and variances (7), (9) in the eigenbasis of N, written apart from rfsym.derf",
                  control="'about e^5' at sigma = 1")],
    empirical=True)


SEC5_1_MNIST = Claim(id="DERF-Sec5.1-mnist", paper="DERF", distinct_from={"DERF-Sec5.1-heterogen": "two regimes of Sec. 5.1, each read at its own figure points"}, rule="unverifiable-open-choice", conventions=('DERF:relative-variance', 'DERF:about-ek'), location="Sec. 5.1 / Fig. 1-2, mnist regime",
    verdict="unverifiable", statement="About $e^5$ times better than GERF in mnist.",
    evidence="The outcome flips with the pixel scaling and the $\\sigma$ at which 'about' is read, neither stated. Gain $\\log\\mathrm{GERF} - \\log\\mathrm{SDERF}$ in mnist (real MNIST resized to 8x8, d = 64, L = 1024), nats, at $\\sigma = 0.5$ / averaged over $\\sigma$ / at $\\sigma = 1$: pixels in [0, 1] 1.93-2.00 / 2.75-2.84 / 6.96-7.20; images standardised per pixel 3.02-4.45 / 3.54-5.05 / 8.07-11.42; pixels in [-1, 1] 18.60-19.54 / 19.02-20.45 / 39.01-42.64; raw pixels 0-255 above 110.69. About $e^5$ ('about $e^k$' = $[k/2, 3k/2]$, the project's band) holds with pixels in [0, 1] read at $\\sigma = 1$ or averaged and with per-pixel standardisation read at $\\sigma = 0.5$ or averaged, never with pixels in [-1, 1] or raw; with the narrower band [4, 6] only per-pixel standardisation with the antialiased resize gives it (4.45 and 5.05). ADERF's optimum fails to exist on at least one pair of MNIST sets at every $\\sigma$ with the area resize under every pixel scaling tried, and with the bilinear resize ([0, 1], [-1, 1] and raw pixels); with the antialiased resize it exists at some $\\sigma$ (at every one with pixels in [-1, 1] or per-pixel standardised). In the failing sets of the cached run 1-9 pixels are 0 in every image (pixels in [0, 1]) or 2-10 pixels are constant in every image ([-1, 1]), so $M^{(1)}$ or $M^{(2)}$ is singular." + " Protocol run: " + _image_protocol() + ".",
    checks=[Check("the gain under each preprocessing and reading of 'about'", "data", _mnist_by_protocol,
                  exercises=_IMAGE_EXERCISES, route=_IMAGE_ROUTE + "; the failing sets redrawn from the cache's seeds",
                  control="pixels in [-1, 1] must be rejected as 'about e^5' at every reading",
                  protocol_choices=("pixel scaling", "resize", "sigma at which 'about' is read"))],
    notebook="realdata", label="realdata-derf-sec5-1-mnist")


SEC5_1_CIFAR = Claim(id="DERF-Sec5.1-cifar", paper="DERF", rule="unverifiable-open-choice", conventions=('DERF:relative-variance', 'DERF:about-ek'),
    location="Sec. 5.1 / Fig. 1 right, cifar10 and mnist/cifar10", verdict="unverifiable",
    statement="About $e^{10}$ times better than GERF in cifar10; about $e^5$ in mnist/cifar10; ADERF about $e^3$ better than GERF in mnist/cifar10.",
    evidence="The outcome flips with the pixel scaling, the resize and the $\\sigma$ at which 'about' is read, none of them stated. Gains cifar10 / mnist/cifar10 / ADERF over GERF in mnist/cifar10 (nats): the whole sentence is reproduced read at mid-range $\\sigma = 0.5$ with pixels in [0, 1] and the antialiased (triangle) resize (9.71 / 4.51 / 2.23, BT.601 grayscale) and with images standardised per pixel and the antialiased resize, read at $\\sigma = 0.5$ (9.34 / 5.77 / 3.64) or averaged over $\\sigma$ (10.28 / 6.47 / 3.50). With the area or bilinear resize the SDERF gains at $\\sigma = 0.5$ and pixels in [0, 1] are the printed pair too (9.33-9.71 / 4.27-4.51), but ADERF's optimum (Thm 4.2) does not exist on a pair of those mnist/cifar10 sets, under every pixel scaling tried ($M^{(1)}$ singular: 22 of the 23 failing sets of the cached run with pixels in [0, 1] have 1-7 pixels that are 0 in every image, the other is nearly singular, eigenvalue ratio 7.7e-13; all 19 with pixels in [-1, 1] have 2-8 pixels constant in every image). With pixels in [-1, 1] cifar10's gain is 1.78-1.96 at $\\sigma = 0.5$; raw pixels 0-255 give gains of 79.44 nats and more. Read at $\\sigma = 1$ it fails under every choice: cifar10 24.90-26.10 ([0, 1]), 6.53-7.60 ([-1, 1]), 19.51-22.75 (per-pixel); mnist/cifar10 13.19-14.21, 17.51-20.19, 10.46-14.23. 'About $e^k$' = $[k/2, 3k/2]$ is the project's band; with the narrower band $|\\mathrm{gap} - k| \\le 1$ the sentence holds in 3 of the 51 combinations and fails in the others." + " Protocol run: " + _image_protocol() + ".",
    readings=[Reading("literal: the gains at the top of the plotted range", "The three factors are the gains at $\\sigma = 1$.", False,
                      "cifar10 24.90-26.10 / 6.53-7.60 / 19.51-22.75, mnist/cifar10 13.19-14.21 / 17.51-20.19 / 10.46-14.23 nats ([0, 1] / [-1, 1] / per-pixel)"),
              Reading("typical gap, at mid-range sigma = 0.5 (defence counsel)", "'About' describes the typical gap between the curves, read at $\\sigma = 0.5$; pixel scaling and resize as the authors chose.", None,
                      "per-pixel standardised, antialiased resize: 9.34 / 5.77 / 3.64 (holds); [0, 1], antialiased resize: 9.71 / 4.51 / 2.23 (holds); [0, 1], area or bilinear resize: ADERF undefined; [-1, 1]: cifar10 1.78-1.96 (fails)")],
    checks=[Check("the sentence under each preprocessing and reading of 'about'", "data", _cifar_by_protocol,
                  exercises=_IMAGE_EXERCISES, route=_IMAGE_ROUTE + "; the failing sets redrawn from the cache's seeds",
                  control="pixels in [-1, 1] read at sigma = 0.5 must be rejected as 'about e^10' in cifar10",
                  protocol_choices=("pixel scaling", "resize", "grayscale", "sigma at which 'about' is read"))],
    notebook="realdata", label="realdata-derf-sec5-1-cifar")


#: Plausible legends of Fig. 3 (not in the text): every map run here, or the positive maps only.
_FIG3_LEGENDS = {"TrigRF, PosRF, GERF, ADERF, SDERF": ("trig", "pos", "gerf", "aderf", "sderf"),
                 "PosRF, GERF, ADERF, SDERF": ("pos", "gerf", "aderf", "sderf")}
_FIG3_FEATURES = {"raw": "derf", "standardised": "derf-std"}


def _fig3_by_protocol():
    """DERF-Fig3: SDERF best in most (benchmark, M) pairs and best average, per preprocessing of the UCI features and
    per legend of Fig. 3 (cached runs ``derf`` and ``derf-std``)."""
    rows, Ms = [], None
    for feat, part in _FIG3_FEATURES.items():
        for legend, methods in _FIG3_LEGENDS.items():
            F = _drd.fig3_summary(part, methods)
            Ms = list(F)
            pairs = 8 * len(F)
            wins = sum(F[M]["wins"]["sderf"] for M in F)
            best = {M: max((v, m) for m, v in F[M]["average"].items() if v is not None)[1] for M in F}
            missing = sorted({m for M in F for m, v in F[M]["average"].items() if v is None})
            holds = wins > pairs / 2 and all(b == "sderf" for b in best.values())
            rows.append(((feat, legend), f"SDERF best in {wins}/{pairs} pairs; best average " + ", ".join(
                f"M = {M}: {b}" for M, b in best.items()) + (f" ({', '.join(missing)} left out of the averages: "
                                                               "optimum undefined on a data set)" if missing else ""), holds))
    table = Sensitivity(("features", "maps in the legend"), "SDERF's best accuracies (ties shared) among the legend's maps, "
                        "and the best average accuracy per M; holds: most pairs and the best average at every M", tuple(rows))
    return Outcome(table.flips, "cached reruns of App. B.3 (our split, 3 validation and 10 test seeds): " + "; ".join(
                       f"{v[0]} features, legend {v[1]}: {n} -> {'holds' if h else 'fails'}" for v, n, h in rows),
                   agreement="flips with the legend and the features", control_rejected=not rows[0][2],
                   control_detail="all five maps on raw features: TrigRF, not SDERF, has the best average",
                   domain={"M": ", ".join(str(M) for M in Ms), "benchmark": ", ".join(_ds.UCI_SETS),
                           "features": ", ".join(_FIG3_FEATURES), "legend": "; ".join(_FIG3_LEGENDS)},
                   sensitivity=table)


FIG3 = Claim(id="DERF-Fig3", paper="DERF", rule="unverifiable-open-choice", location="Sec. 5.2, Fig. 3", verdict="unverifiable",
    statement="On 8 UCI benchmarks, SDERF shows the best kernel-classification accuracy for most (benchmark, $M$) pairs and the best average.",
    evidence=_drd.evidence_fig3(),
    checks=[Check("SDERF's lead under each legend and feature preprocessing", "data", _fig3_by_protocol,
                  exercises=("rfsym.derf.realdata.fig3_summary",),
                  route="cached runs derf (raw features) and derf-std (standardised) of rfsym.derf.realdata",
                  control="all five maps on raw features must be rejected (TrigRF leads)",
                  protocol_choices=("features", "maps in the legend"))],
    notebook="realdata", label="realdata-derf-fig3")


FIG4 = Claim(id="DERF-Fig4", paper="DERF", rule="unverifiable-out-of-reach", location="Sec. 5.3.1, Fig. 4", verdict="unverifiable",
    statement="FAVOR# (SDERF) consistently outperforms FAVOR++ for smaller $m$ and both achieve similar scores for larger $m$ (TRANS-$m$); in the NST experiment (smaller $m$) FAVOR# again beats FAVOR++ (LibriSpeech, NWER, Fig. 4).",
    evidence="Fig. 4 shows the NWER values only as a plot: the text prints no number for any (setup, $m$) cell, so 'consistently outperforms', 'similar scores' and 'again beats' cannot be checked against printed values, and recomputing them needs Conformer-Transducer and Noisy Student training on LibriSpeech on TPUs (App. B.4.1). The caption's 'SDRF' is the typo DERF-Fig4-SDRF. Rule unverifiable-out-of-reach (re-adjudicated under the rulebook, issue 28, referee item D9; was unverifiable-unprinted): the sentences are comparisons that a rerun would decide on its own, with no printed number needed, so what stops the check is the compute and data (LibriSpeech, TPU-scale training), as for the like cases CRT-Fig3, CRT-Fig4, HRF-Fig10 and SimRF-Sec5.4; unprinted is for plots whose values a rerun here could only redraw, not compare (CRT-Fig2).",
    empirical=True)


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


FIG4_SDRF = Claim(id="DERF-Fig4-SDRF", paper="DERF", rule="erratum-typo", root_cause="DERF:fig4-acronym", location="Sec. 5.3.1, Fig. 4 caption", verdict="erratum",
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


def _tab1_printed():
    """DERF-Tab1: what the printed numbers of Table 1 allow (the training itself is out of reach)."""
    T, tasks = dx.TABLE1, dx.TABLE1_TASKS
    vals = [v for s_ in T for v in T[s_][0]]
    in_range = all(0 <= v <= 100 for v in vals)
    implied = dx.table1_marks()
    agree = sum(implied[s_][k] == T[s_][1][k] for s_ in T for k in range(8))
    r = dx.table1_ranks("FAVOR#")
    top2 = [t for t, v in r.items() if v <= 2]

    def above(a, b, table=T):
        return [t for k, t in enumerate(tasks) if table[a][0][k] > table[b][0][k]]

    pp, p = above("FAVOR#", "FAVOR++"), above("FAVOR#", "FAVOR+")
    # control: the FAVOR# and FAVOR++ rows swapped (a plausible mix-up of two rows) must change the count
    sw = dict(T)
    sw["FAVOR#"], sw["FAVOR++"] = T["FAVOR++"], T["FAVOR#"]
    swapped = above("FAVOR#", "FAVOR++", sw)
    ok = in_range and len(vals) == 56 and agree == 56
    return Outcome(ok, f"Table 1 as printed: {len(vals)} numbers (7 systems x 8 tasks), all in [0, 100]: {in_range}; marks "
                   f"recomputed from the numbers: {agree}/56 agree; FAVOR# best or second best in {len(top2)}/8 tasks; "
                   f"against the RF baselines FAVOR# is above FAVOR++ in {len(pp)}/8 tasks ({pp}) and above FAVOR+ in "
                   f"{len(p)}/8 ({p}); the training runs behind the numbers are not rerun",
                   agreement=f"{agree}/56 marks", control_rejected=len(swapped) != len(pp),
                   control_detail=f"FAVOR# and FAVOR++ rows swapped: FAVOR# above FAVOR++ in {len(swapped)}/8",
                   domain={"tasks": ", ".join(tasks), "systems": ", ".join(T)})


TAB1 = Claim(id="DERF-Tab1", paper="DERF", rule="unverifiable-out-of-reach", location="Sec. 5.3.2, Table 1", verdict="unverifiable",
    statement="GLUE dev results of FAVOR# (SADERF) vs other attention variants.",
    evidence="The numbers require BERT pre-training and GLUE fine-tuning on TPUs (App. B.4.2), beyond this machine. What the printed numbers allow is checked: all 56 are valid scores, the 56 bold/underline marks agree with them (DERF-Tab1-marks), FAVOR# is best or second best in 6/8 tasks (DERF-Sec5.3.2), and against the random-feature baselines it is above FAVOR++ in 6/8 tasks and above FAVOR+ in 8/8.",
    checks=[Check("what the printed numbers allow", "arithmetic", _tab1_printed,
                  exercises=("rfsym.derf.experiments.table1_marks", "rfsym.derf.experiments.table1_ranks"),
                  route="the printed table", control="FAVOR# and FAVOR++ rows swapped")],
    empirical=True)


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


TAB1_MARKS = Claim(id="DERF-Tab1-marks", paper="DERF", rule="verified-as-printed",
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


SEC5_3_2 = Claim(id="DERF-Sec5.3.2", paper="DERF", rule="verified-as-printed", location="Sec. 5.3.2, text below Table 1", verdict="verified",
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


SEC5_3_2_GLUE = Claim(id="DERF-Sec5.3.2-GLUE", summary="GLUE has 9 tasks, not 8; the paper's table reports 8 of them (all but WNLI).", paper="DERF", rule="erratum-minor", root_cause="DERF:glue-task-count", location="Sec. 5.3.2, first paragraph",
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


SECB_4_2 = Claim(id="DERF-SecB.4.2", paper="DERF", rule="erratum-typo", root_cause="DERF:b42-method-list", location="App. B.4.2 (both appendix versions)", verdict="erratum",
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
                   "leaves out; the hyperparameters themselves (Table 2) cannot be rerun",
    not_a_domain={"for all the baselines": "the paper's own wording (App. B.4.2), kept in the correction, which only "
                                           "replaces the last name; no check quantifies over the baselines"})


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
    'rfsym.derf.experiments.fig2_mc_check:sign': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.derf.experiments.fig2_mc_point and rfsym.derf.product_moments, killed by every perturbation',
    'rfsym.derf.experiments.fig2_mc_check:rel1e-2': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.derf.experiments.fig2_mc_point and rfsym.derf.product_moments, killed by every perturbation',
    'rfsym.derf.experiments.fig2_mc_check:rel1e-3': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.derf.experiments.fig2_mc_point and rfsym.derf.product_moments, killed by every perturbation',
}
