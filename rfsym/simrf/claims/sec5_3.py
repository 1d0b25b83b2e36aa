"""SimRF Secs. 5.3-5.4: nonparametric classification on UCI data (Tables 2-3, App. B.1-B.2) and the
SimRFs-Performer.

SimRF-Sec5.3, SimRF-Fig8 and SimRF-Fig10 are shown on the real-data page (notebook realdata).

Claims
------
* ``SimRF-Tab2`` unverifiable -- Table 2: SimRFs vs SimRFs+ ('marginal' decides)
* ``SimRF-Tab2-caption`` erratum (minor) -- Table 2's caption: "both variants substantially outperform ORFs on every dataset"
* ``SimRF-Tab3`` unverifiable -- Table 3: regular vs fast (HD) implementations ('substantially' decides)
* ``SimRF-Sec5.3`` unverifiable (open choice: feature preprocessing) -- Sec. 5.3: "SimRFs consistently perform best"
* ``SimRF-Fig8`` unverifiable (open choice: feature preprocessing) -- Fig. 8
* ``SimRF-Fig10`` verified -- Fig. 10: tuning sigma
* ``SimRF-Sec5.4`` unverifiable -- Sec. 5.4: SimRFs-Performers
"""

from __future__ import annotations

import math

import numpy as np

from ... import datasets as _ds
from ... import realdata as _rd
from ...claims import Check, Claim, Reading, Sensitivity
from .. import experiments as ex
from .. import realdata as _srd
from ._checks import _O

_PARTS = {p.name: p for p in _srd.PARTS}


TABLE2_AR = {  # dataset: (v_bar, SimRF, SimRF+, standard error printed for both columns)
    "abalone": (1.7, 0.1421, 0.1419, 0.0002), "banknote": (2.6, 0.7229, 0.7132, 0.0012),
    "car": (5.0, 0.6754, 0.6751, 0.0004), "yeast": (3.1, 0.3202, 0.3208, 0.0004),
    "cmc": (2.0, 0.4047, 0.4065, 0.0005), "nursery": (1.4, 0.6874, 0.6917, 0.0004),
    "wifi": (0.8, 0.6314, 0.6473, 0.0018), "chess": (2.3, 0.2000, 0.2000, 0.0001),
}

TABLE3_AR = {  # dataset: (IID, se), (ORF reg, se), (ORF fast, se), (SimRF reg, se), (SimRF fast, se)
    "abalone": ((0.1432, 0.0003), (0.1445, 0.0003), (0.1447, 0.0003), (0.1455, 0.0003), (0.1462, 0.0003)),
    "banknote": ((0.6441, 0.0024), (0.6612, 0.0025), (0.6596, 0.0024), (0.7196, 0.0019), (0.7296, 0.0017)),
    "car": ((0.6768, 0.0006), (0.6788, 0.0006), (0.6784, 0.0006), (0.6797, 0.0006), (0.6800, 0.0006)),
    "yeast": ((0.3187, 0.0006), (0.3193, 0.0006), (0.3171, 0.0006), (0.3187, 0.0006), (0.3195, 0.0006)),
    "cmc": ((0.4088, 0.0009), (0.4149, 0.0009), (0.4159, 0.0009), (0.4206, 0.0008), (0.4222, 0.0008)),
    "nursery": ((0.5870, 0.0013), (0.6213, 0.0019), (0.6193, 0.0019), (0.7030, 0.0008), (0.7037, 0.0008)),
    "wifi": ((0.4914, 0.0026), (0.5224, 0.0025), (0.5310, 0.0024), (0.6509, 0.0027), (0.6533, 0.0027)),
    "chess": ((0.2011, 0.0002), (0.2017, 0.0002), (0.2016, 0.0002), (0.2021, 0.0002), (0.2021, 0.0002)),
}

Z_MAX = _rd.Z_MAX


CLAIMS = []


# ------------------------------------------------------------------------------ readings of 'substantially'

#: one accuracy point: the project's yardstick for a 'substantial' difference (with z > Z_MAX), not the paper's
SUBSTANTIAL = 0.01
#: the loosest significance level tried as a reading of 'substantially' (roughly two-sided 5 %)
Z_LOOSE = 2.0
#: a relative reading: a difference of at least this fraction of the comparator's accuracy
REL = 0.01
#: Table 2's 'marginal' read relative to what SimRF gains over ORF (Fig. 4's comparison): a significant SimRF+ gain
#: counts as more than marginal once it reaches this fraction of SimRF's lead over ORF on the same set
MARGINAL_FRACTION = 0.25

#: Readings of 'substantially' the paper leaves open, as tests of one difference: ``(name, test(g, z, base))`` with
#: ``g`` the difference in accuracy (a fraction of the test set), ``z`` its z-score and ``base`` the comparator's
#: accuracy.  The paper defines none; the project's own yardstick is the fourth.
READINGS = (
    (f">= {SUBSTANTIAL} (one accuracy point)", lambda g, z, base: g >= SUBSTANTIAL),
    (f"z > {Z_LOOSE:g}", lambda g, z, base: z > Z_LOOSE),
    (f"z > {Z_MAX:g}", lambda g, z, base: z > Z_MAX),
    (f">= {SUBSTANTIAL} or z > {Z_MAX:g} (project)", lambda g, z, base: g >= SUBSTANTIAL or z > Z_MAX),
    (f">= {REL:.0%} of the comparator's accuracy", lambda g, z, base: g >= REL * base),
)

_NAMES = {"simplex": "SimRF", "simplex+": "SimRF+", "orthogonal": "ORF", "iid": "IIDRF",
          "orthogonal-fast": "fast ORF", "simplex-fast": "fast SimRF"}


def _rerun_label(part):
    P = _PARTS[part].protocol
    what = "standardised" if part.endswith("-std") else "raw"
    return f"rerun, {what} features (m = d, {P['test_seeds']} draws)"


def _rerun_diffs(part, variants, comparator):
    """``[(set, variant, variant - comparator, z, comparator accuracy)]`` at m = d of a cached SimRF rerun (z from the
    draw-to-draw standard errors; 0 when both are constant and equal)."""
    S = _rd.classification_summary(_PARTS[part])
    C = _rd.load(_PARTS[part])["results"]
    out = []
    for n in _ds.UCI_SETS:
        d = C[n]["d"]
        o = S[n][f"{comparator}|{d}"]
        for c in variants:
            a = S[n][f"{c}|{d}"]
            se = math.hypot(a[1] / math.sqrt(a[2]), o[1] / math.sqrt(o[2]))
            g = a[0] - o[0]
            out.append((n, _NAMES[c], g, g / se if se > 0 else 0.0, o[0]))
    return out


def _cell(c):
    n, v, g, z, _ = c[:5]
    return f"{n} {v} {g:+.4f} (z {z:+.1f})"


def _row(cells, passes, what, key=lambda c: c[2]):
    """One table row: how many cells meet ``passes(cell)``, with the cell that does not and is first by ``key`` (by
    default the smallest difference)."""
    bad = [c for c in cells if not passes(c)]
    if not bad:
        return f"{what} in all {len(cells)} cells", True
    worst = min(bad, key=key)
    return f"{what} in {len(cells) - len(bad)} of {len(cells)} cells; short e.g. {_cell(worst)}", False


TABLE2_SE_PLUS = {"nursery": 0.0004}  # nursery prints 0.0005 for SimRF and 0.0004 for SimRF+

TABLE2_SE_SIM = {"nursery": 0.0005}


def _tab2_arithmetic():
    """Printed Table 2 only: SimRF+ minus SimRF per data set in units of the standard error of the difference; rank correlation with v_bar."""
    from scipy import stats
    names = list(TABLE2_AR)
    vb = np.array([TABLE2_AR[n][0] for n in names])
    gain = np.array([TABLE2_AR[n][2] - TABLE2_AR[n][1] for n in names])
    se = np.array([math.hypot(TABLE2_SE_SIM.get(n, TABLE2_AR[n][3]), TABLE2_SE_PLUS.get(n, TABLE2_AR[n][3])) for n in names])
    zs = gain / se
    rho = float(stats.spearmanr(vb, gain).statistic)
    sig_up = [n for n, z in zip(names, zs) if z > 5]
    sig_down = [n for n, z in zip(names, zs) if z < -5]
    best = names[int(np.argmax(gain))]
    marginal = float(np.max(np.abs(gain)))
    # 'improvements tend to occur where v is small': mean v_bar of the data sets with a positive gain vs the rest
    vb_up, vb_rest = float(np.mean(vb[gain > 0])), float(np.mean(vb[gain <= 0]))
    ok = rho < 0 and vb_up < vb_rest and best == names[int(np.argmin(vb))]
    # control: the opposite reading (gains at large v_bar) must be rejected, i.e. the rank correlation is not >= 0
    return _O(ok, ("printed Table 2, SimRF+ - SimRF (z = difference / standard error of the difference): "
                   + ", ".join(f"{n} {g:+.4f} (z {z:+.1f})" for n, g, z in zip(names, gain, zs))
                   + f". |difference| <= {marginal:.4f}; significant gains (z > 5): {', '.join(sig_up) or 'none'}; significant losses (z < -5): "
                   f"{', '.join(sig_down) or 'none'}. The largest gain is on {best}, the data set with the smallest v_bar; mean v_bar where SimRF+ "
                   f"gains {vb_up:.2f} vs {vb_rest:.2f} elsewhere; Spearman(v_bar, gain) = {rho:.2f}"),
              f"Spearman {rho:.2f}", rho < 0, f"'gains where v_bar is large' rejected (Spearman {rho:.2f} < 0)")


def _tab2_printed_gains():
    """Printed Table 2: ``[(set, "SimRF+", SimRF+ - SimRF, z, SimRF accuracy, SimRF - ORF of Table 3's regular columns)]``
    (differences of the printed four-decimal values, rounded to four decimals)."""
    out = []
    for n, (_, a, b, se0) in TABLE2_AR.items():
        se = math.hypot(TABLE2_SE_SIM.get(n, se0), TABLE2_SE_PLUS.get(n, se0))
        g = round(b - a, 4)
        out.append((n, "SimRF+", g, g / se, a, round(TABLE3_AR[n][3][0] - TABLE3_AR[n][1][0], 4)))
    return out


def _marginal_readings():
    """When a SimRF+ gain counts as more than marginal: each reading of 'substantially' (:data:`READINGS`), and relative
    to SimRF's own lead over ORF on the set (cells as :func:`_tab2_printed_gains`)."""
    out = [(name, (lambda f: lambda c: f(c[2], c[3], c[4]))(f)) for name, f in READINGS]
    out.append((f"z > {Z_MAX:g} and >= {MARGINAL_FRACTION:.0%} of SimRF's lead over ORF",
                lambda c: c[3] > Z_MAX and c[2] >= MARGINAL_FRACTION * c[5]))
    return out


def tab2_data():
    """Table 2's 'any gain from SimRF+ is marginal, and improvements tend to occur where v_bar is small': the printed table
    (:func:`_tab2_arithmetic`) and the cached UCI reruns (m = d, 50 test draws per coupling, raw and standardised
    features), with the outcome under each reading of 'marginal' (the paper defines none) as a sensitivity table.

    Passes when the table shows what the recorded verdict (unverifiable) rests on: the outcome flips with the reading."""
    ar = _tab2_arithmetic()
    rows, zmax, pooled, pv = [], 0.0, [], []
    protocols = {"paper's Table 2 (printed)": _tab2_printed_gains()}
    for part in ("simrf", "simrf-std"):
        S = _rd.classification_summary(_PARTS[part])
        C = _rd.load(_PARTS[part])["results"]
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
        lead = {c[0]: c[2] for c in _rerun_diffs(part, ("simplex",), "orthogonal")}
        protocols[_rerun_label(part)] = [c + (lead[c[0]],) for c in _rerun_diffs(part, ("simplex+",), "simplex")]
    mean_gain = float(np.mean(pooled))
    se_pool = math.sqrt(sum(pv)) / len(pv)
    ctl = 0.03
    zc = (mean_gain - ctl) / se_pool
    table = []
    for p, cells in protocols.items():
        for name, more in _marginal_readings():
            txt, holds = _row(cells, lambda c: not more(c), "marginal", key=lambda c: -c[2])
            table.append(((p, name), txt, holds))
    printed = protocols["paper's Table 2 (printed)"]
    sig = [c for c in printed if c[3] > Z_MAX]
    rel = ", ".join(f"{c[0]} {c[2]:+.4f} = {c[2] / c[5]:.0%} of SimRF's lead {c[5]:+.4f}" for c in sig)
    sens = Sensitivity(("protocol", "a gain counts as more than marginal if"),
                       "SimRF+ minus SimRF test accuracy at m = d: 'marginal' holds when no gain meets the reading", tuple(table),
                       threshold=(f"'marginal' is not defined by the paper. Read as the opposite of the project's yardstick for "
                                  f"'substantial' (>= {SUBSTANTIAL} or z > {Z_MAX:g}), the printed gains on "
                                  f"{', '.join(c[0] for c in sig)} are not marginal (by one point alone: "
                                  f"{', '.join(c[0] for c in printed if c[2] >= SUBSTANTIAL) or 'none'}); read relative to what SimRF gains over ORF "
                                  f"(Fig. 4's comparison; Table 3's regular columns as the scale) they are: {rel}, below "
                                  f"{MARGINAL_FRACTION:.0%}. The reruns have no significant gain, but single differences reach "
                                  f"one accuracy point by chance"))
    passed = sens.flips and ar.passed
    return _O(passed, (ar.evidence + ". Reruns, SimRF+ - SimRF test accuracy at m = d (cached, 50 draws each): " + "; ".join(rows)
                       + f". No rerun difference reaches |z| = {Z_MAX:g} (max {zmax:.1f}); mean over the 16 cells {mean_gain:+.4f} +- "
                       f"{se_pool:.4f}. With no significant gain anywhere, whether gains 'occur where v_bar is small' cannot be decided "
                       f"from the reruns. Whether 'marginal' holds depends on its reading: the table flips ({sens.flips})"),
              f"max |z| = {zmax:.1f} (reruns); {ar.agreement} (printed)", ar.control_rejected and zc < -Z_MAX,
              f"an average SimRF+ gain of {ctl} rejected at z = {zc:.1f}; {ar.control_detail}",
              sensitivity=sens,
              domain={"protocol": "; ".join(protocols), "reading of 'marginal'": "; ".join(n for n, _ in _marginal_readings()),
                      "dataset": ", ".join(_ds.UCI_SETS)})


EVIDENCE_TAB2 = (
    "Unverifiable: whether 'any gain from SimRF+ is marginal' holds depends on what 'marginal' means, which the paper does not say. "
    "On the printed Table 2, SimRF+ gains significantly on nursery (+0.0043, z +6.7) and wifi (+0.0159, z +6.2) and loses significantly on "
    "banknote (-0.0097, z -5.7). Read against the project's own yardstick for 'substantial' (a difference of at least 0.01 or z > 5, the "
    "one the SimRF-Tab2-caption erratum uses), against either half of it, against z > 2 or against 1% of SimRF's accuracy, the wifi gain "
    "is not marginal; read relative to what SimRF gains over ORF (the comparison of Fig. 4, which the paper points to; Table 3's regular "
    "columns as the scale), both significant gains are marginal (nursery +0.0043 against SimRF's lead +0.0817, wifi +0.0159 against "
    "+0.1285). The table below lists the outcome on the printed table and on our reruns (raw and standardised features, m = d, 50 draws "
    "per coupling), where no SimRF+ - SimRF difference reaches |z| = 5 (max 2.3) but single differences reach one accuracy point by "
    "chance (raw features: banknote +0.0380, z +1.3). The v_bar half holds on the printed numbers: the largest gain is on wifi, the data "
    "set with the smallest v_bar, and Spearman(v_bar, gain) = -0.71; it cannot be tested on the reruns, which have no significant gain. "
    "Until issue 19's domain review this was verified on the printed numbers, with 'marginal' read leniently while the caption erratum "
    "reads 'substantially' strictly. Whether both variants beat ORF is SimRF-Tab2-caption.")


CLAIMS.append(Claim(
    id="SimRF-Tab2", paper="SimRF", location="Sec. 5.3.1, Table 2",
    statement="SimRF vs SimRF+ classification accuracies ($m = d$): any gain from SimRF+ is marginal, and improvements tend to occur where $\\bar v$ is small.",
    verdict="unverifiable",
    rule="unverifiable-open-choice",
    evidence=EVIDENCE_TAB2,
    checks=[
        Check("Table 2 printed and rerun, under each reading of 'marginal'", "data", tab2_data,
              exercises=("rfsym.realdata.classification_summary",),
              route="printed Table 2 (Table 3's regular columns as the scale) and the cached reruns of Sec. 5.3 (raw and "
                    "standardised features, m = d, 50 draws per coupling)",
              control="an average SimRF+ gain of 0.03 (reruns); 'gains where v_bar is large' (printed)",
              protocol_choices=("protocol", "a gain counts as more than marginal if")),
    ],
    no_witness={
        "symbolic": "classification accuracies: no derivation",
        "numeric": "classification accuracies: no high-precision value",
        "montecarlo": "the data witness samples the features (50 draws per coupling)",
    },
))


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
    not_sig = [n for n, _, z in within if z <= _rd.Z_MAX]
    subst = [n for n, g, z in within if z > _rd.Z_MAX and g >= 0.01]
    small = [n for n, g, z in within if g < 0.01]
    ok = len(not_sig) > 0 and any(g < 0 for _, g, _ in within)
    return _O(ok, ("printed Table 3, regular SimRF - regular ORF (z): " + ", ".join(f"{n} {g:+.4f} ({z:+.1f})" for n, g, z in within)
                   + f"; not significant (z <= {_rd.Z_MAX:g}) on {len(not_sig)} of 8 ({', '.join(not_sig)}). Sets with d a power of 2 "
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


def _caption_protocols():
    """``{protocol: [(set, variant, variant - ORF, z, ORF accuracy)]}``: the paper's Table 3 (regular columns, differences
    of the printed four-decimal values; it has no SimRF+ column) and the two cached reruns (SimRF and SimRF+)."""
    t3 = []
    for n, row in TABLE3_AR.items():
        (o, so), (s_, ss) = row[1], row[3]
        g = round(s_ - o, 4)
        t3.append((n, "SimRF", g, g / math.hypot(so, ss), o))
    out = {"paper's Table 3 (regular columns, d padded to a power of 2; no SimRF+ column)": t3}
    for part in ("simrf", "simrf-std"):
        out[_rerun_label(part)] = _rerun_diffs(part, ("simplex", "simplex+"), "orthogonal")
    return out


def tab2_caption_data():
    """'Both variants substantially outperform ORFs on every dataset' under each protocol (the paper's Table 3; our UCI
    reruns at m = d with raw and with standardised features, 50 draws) and each reading of 'substantially' (the paper
    defines none): a sensitivity table of SimRF and SimRF+ minus ORF.  Passes when no (protocol, reading) makes the
    caption hold (the erratum survives every plausible choice)."""
    rows, small_all, n_cells = [], {}, 0
    for part in ("simrf", "simrf-std"):
        S = _rd.classification_summary(_PARTS[part])
        C = _rd.load(_PARTS[part])["results"]
        out, small = [], []
        for n in _ds.UCI_SETS:
            d = C[n]["d"]
            o = S[n][f"orthogonal|{d}"]
            for c in ("simplex", "simplex+"):
                a = S[n][f"{c}|{d}"]
                se = math.hypot(a[1] / math.sqrt(a[2]), o[1] / math.sqrt(o[2]))
                g = a[0] - o[0]
                z = g / se if se > 0 else 0.0
                n_cells += 1
                if g < SUBSTANTIAL and z <= _rd.Z_MAX:
                    small.append(f"{n} {c}")
                if c == "simplex":
                    out.append(f"{n} {g:+.4f} ({z:+.1f})")
        small_all[part] = small
        rows.append(f"{part}, SimRF - ORF (z): " + ", ".join(out) + f"; lead below {SUBSTANTIAL} and not significant: {len(small)} of 16 "
                    f"(set, variant) cells")
    protocols = _caption_protocols()
    table, floor = [], []
    for p, cells in protocols.items():
        for name, f in READINGS:
            txt, holds = _row(cells, lambda c: f(c[2], c[3], c[4]), "substantial lead")
            table.append(((p, name), txt, holds))
        w, wz = min(cells, key=lambda c: c[2]), min(cells, key=lambda c: c[3])
        floor.append(f"{p}: smallest lead {_cell(w)}" + ("" if wz is w else f", smallest z {_cell(wz)}"))
    no_floor = all(min(c[2] for c in cells) <= 0 and min(c[3] for c in cells) <= 0 for cells in protocols.values())
    sens = Sensitivity(("protocol", "reading of 'substantially'"),
                       "SimRF (and SimRF+) minus ORF test accuracy at m = d: the caption holds when every cell meets the reading",
                       tuple(table),
                       threshold=(f"'substantially' is not defined by the paper; the project's yardstick is a lead >= {SUBSTANTIAL} "
                                  f"(one accuracy point) or z > {Z_MAX:g}, and the table tries each half alone, the looser "
                                  f"z > {Z_LOOSE:g} and a lead of {REL:.0%} of ORF's accuracy. " + "; ".join(floor)
                                  + f". Smallest lead and smallest z <= 0 under every protocol: {no_floor}, so then no threshold "
                                  "at or above 0 on the lead or on its z makes the caption hold"))
    holds_any = [r for r in table if r[2]]
    t3 = next(iter(protocols.values()))
    big = [c[0] for c in t3 if all(f(c[2], c[3], c[4]) for _, f in READINGS)]
    return _O(not holds_any, ("cached reruns at m = d: " + "; ".join(rows) + ". Under every protocol and every reading of "
                              f"'substantially' the caption fails ({len(table) - len(holds_any)} of {len(table)} table rows); "
                              + "; ".join(floor) + f" (all <= 0: {no_floor})"),
              f"{sum(len(v) for v in small_all.values())} of {n_cells} rerun cells without a substantial lead", bool(big),
              f"the readings are not vacuous: in the paper's Table 3 the lead meets every reading on {', '.join(big)}",
              sensitivity=sens,
              domain={"protocol": "; ".join(protocols), "reading of 'substantially'": "; ".join(n for n, _ in READINGS),
                      "dataset": ", ".join(_ds.UCI_SETS)})


CLAIMS.append(Claim(
    id="SimRF-Tab2-caption", summary='SimRFs substantially outperform ORFs on 3 of the 8 data sets (banknote, nursery, wifi), not on every one.', paper="SimRF", location="Sec. 5.3.1, Table 2 caption",
    statement="'Note that both variants substantially outperform ORFs on every dataset.'",
    verdict="erratum",
    rule="erratum-minor",
    severity="minor",
    correction="By the paper's own Table 3, SimRFs substantially outperform ORFs on banknote, nursery and wifi only; on abalone, car, yeast, cmc and chess the differences are below one accuracy point (ORFs slightly ahead on yeast).",
    evidence="Table 2 has no ORF column, but the paper's own Table 3 (same task, m = d, inputs zero-padded to a power of 2) does. Within Table 3, regular SimRF leads regular ORF by at least one accuracy point and significantly only on banknote, nursery and wifi; on abalone, car, yeast, cmc and chess the lead is below one point and not significant (z <= 5), and on yeast ORF is ahead (-0.0006). (Cross-table comparisons are unsafe: Table 2's SimRF agrees with Table 3's on the all-numeric banknote and yeast, where padding is a no-op, but differs on abalone by -0.0034 at z = -9.4 and on nursery by -0.0156 at z = -17.4, which padding explains only if their categorical attributes were encoded into a dimension that is not a power of 2; the paper does not say.) Our reruns agree: with raw features 12 of 16 (set, variant) cells, standardised 9 of 16, show no substantial lead of SimRF or SimRF+ over ORF. Outcome per protocol, SimRF - ORF on the small-gain sets (abalone, car, yeast, cmc, chess): paper's Table 3 (padded) +0.0010, +0.0009, -0.0006, +0.0057, +0.0004; raw features +0.0025, +0.0000, +0.0032, +0.0000, +0.0000; standardised -0.0036, +0.0051, +0.0136 (z = +1.4, not significant), +0.0000, +0.0077. 'Substantially' = at least one accuracy point (or significance at z > 5) is the project's threshold, not the paper's; no listed protocol gives a significant lead on all five. "
             "Protocol sensitivity (table below): under every listed protocol (the paper's Table 3; reruns with raw and with standardised features) and every reading of 'substantially' tried (a lead of at least 0.01; z > 2; z > 5; the project's 'at least 0.01 or z > 5'; a lead of 1% of ORF's accuracy) the caption fails, in 15 of 15 rows. The smallest lead is negative under each protocol (Table 3: yeast SimRF -0.0006; raw features: wifi SimRF+ -0.0146; standardised: abalone SimRF -0.0036), so no threshold at or above 0 on the lead or on its z rescues the caption; the readings are not vacuous (in Table 3 the lead meets each of them on banknote, nursery and wifi).",
    readings=[
        Reading("literal: a substantial lead on every set", "SimRF and SimRF+ lead ORF by a substantial margin (read as at least one accuracy point, the project's threshold, not the paper's) on every dataset.", False,
                "paper's Table 3 (regular, m = d): abalone +0.0010, car +0.0009, yeast -0.0006, cmc +0.0057, chess +0.0004; reruns: no such lead in 12 of 16 cells (raw features) and 9 of 16 (standardised)"),
        Reading("charitable: 'substantially' as 'significantly'", "A lead beyond the noise (any significance threshold from z > 2 to the project's z > 5) on every dataset, whatever the margin.", False,
                "Table 3: car +1.1, yeast -0.7, chess +1.4 standard errors; reruns: abalone -0.0036 (-1.3) standardised, wifi -0.0014 (-0.1) raw"),
    ],
    defence="Defence counsel: the comparator (ORF at unpadded m = d) exists only in the Fig. 8 image, and preprocessing, split and sigma grid are unstated, so the sign of the small differences depends on the protocol; the paper's conclusion is hedged ('the size of the gain depends on the data distribution').",
    defeated_by="No protocol rescues 'substantially on every dataset': the paper's own Table 3 (same task, m = d) has yeast -0.0006 and leads of at most +0.0010 on abalone, car and chess, and under both our preprocessings (raw, standardised) the abalone lead is at most +0.0025 and cmc +0.0000. The protocol decides only the sign of these small differences, not whether they are substantial.",
    checks=[
        Check("printed Tables 2 and 3", "arithmetic", lambda: tab2_caption_arithmetic(TABLE2_AR, TABLE3_AR),
              route="printed accuracies and standard errors of Table 3's regular columns (and Table 2 where padding is a no-op)",
              control="'SimRF >= ORF on every set'"),
        Check("SimRF and SimRF+ vs ORF under each protocol and reading of 'substantially'", "data", tab2_caption_data,
              exercises=("rfsym.realdata.classification_summary",),
              route="the paper's Table 3 (regular columns) and the cached reruns (raw and standardised features, m = d, "
                    "50 draws per coupling)",
              control="vacuous readings (a reading no lead could meet)",
              protocol_choices=("protocol", "reading of 'substantially'")),
    ],
    no_witness={
        "symbolic": "classification accuracies: no derivation",
        "numeric": "classification accuracies: no high-precision value",
        "montecarlo": "the data witness samples the features (50 draws per coupling)",
    },
))


def _tab3_arithmetic():
    """Printed Table 3 only: fast minus regular in units of the standard error of the difference."""
    names = list(TABLE3_AR)
    def dz(n, i, j):
        (a, sa), (b, sb) = TABLE3_AR[n][i], TABLE3_AR[n][j]
        return (b - a) / math.hypot(sa, sb), b - a
    zo = [dz(n, 1, 2) for n in names]
    zs = [dz(n, 3, 4) for n in names]
    allz = [z for z, _ in zo + zs]
    identical = sum(abs(g) < 5e-5 for _, g in zo + zs)
    within1 = sum(abs(z) <= 1 for z in allz)
    zmax = max(allz, key=abs)
    worst = names[[abs(z) for z, _ in zs].index(max(abs(z) for z, _ in zs))]
    # control: a 2 % accuracy change of the fast SimRF column would be detected (some |z| > 5)
    zc = max(abs((1.02 * TABLE3_AR[n][4][0] - TABLE3_AR[n][3][0]) / math.hypot(TABLE3_AR[n][3][1], TABLE3_AR[n][4][1])) for n in names)
    ok = max(abs(z) for z in allz) < 5
    pz = float(math.erfc(abs(zmax) / math.sqrt(2)))
    return _O(ok, ("printed Table 3, fast - regular in units of the standard error of the difference: ORF "
                   + ", ".join(f"{z:+.1f}" for z, _ in zo) + "; SimRF " + ", ".join(f"{z:+.1f}" for z, _ in zs)
                   + f" ({', '.join(names)}). No |z| reaches 5 (largest {zmax:+.1f}, SimRF on {worst}, where fast is better; two-sided p = "
                   f"{pz:.1e}, {min(1.0, 16 * pz):.1e} after Bonferroni over 16 comparisons, so that one difference is real but small); {within1}/16 within one "
                   f"standard error; {identical}/16 identical to four decimals ('frequently identical' is generous)."),
              f"max |z| = {abs(zmax):.1f}", zc > 5, f"a 2% change of the fast SimRF column is detected at |z| = {zc:.1f}")


def _zdiff(a, b):
    """z of mean(b) - mean(a) for two independent samples (0 if both are constant and equal)."""
    se = math.hypot(np.std(a, ddof=1), np.std(b, ddof=1)) / math.sqrt(len(a))
    diff = float(np.mean(b) - np.mean(a))
    return (diff / se if se > 0 else (0.0 if diff == 0 else math.copysign(math.inf, diff))), diff, se


def _tab3_printed_changes():
    """Printed Table 3: ``[(set, coupling, fast - regular, z, regular accuracy)]`` for ORF and SimRF (differences of the
    printed four-decimal values, rounded to four decimals)."""
    out = []
    for n, row in TABLE3_AR.items():
        for name, i, j in (("ORF", 1, 2), ("SimRF", 3, 4)):
            (a, sa), (b, sb) = row[i], row[j]
            g = round(b - a, 4)
            out.append((n, name, g, g / math.hypot(sa, sb), a))
    return out


TAB3_PAIRS = (("ORF", "orthogonal", "orthogonal-fast"), ("SimRF", "simplex", "simplex-fast"))


def tab3_data(n_seeds=20):
    """Table 3 printed and rerun on the eight UCI sets (standardised features, sigma from the SimRF rerun's IIDRF tuning,
    d padded to a power of 2, m = d; fast (HD-product, k = 3) vs regular ORFs and SimRFs, ``n_seeds`` draws each), with
    the outcome of 'does not change the accuracy substantially' under each reading of 'substantially' (the paper defines
    none) as a sensitivity table.  Passes when the table shows what the recorded verdict (unverifiable) rests on: the
    outcome flips with the reading."""
    ar = _tab3_arithmetic()
    C = _rd.load(_srd.CLASSIFICATION_STD)["results"]
    zs, rows, pooled_d, pooled_v, identical, cells, same_sets, maj = [], [], 0.0, 0.0, 0, [], [], []
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
        same = sum(float(np.mean(r[a])) == float(np.mean(r[b])) for _, a, b in TAB3_PAIRS)
        identical += same
        for name, a, b in TAB3_PAIRS:
            z, g, _ = _zdiff(r[a], r[b])
            cells.append((n, name, g, z, float(np.mean(r[a]))))
        if same:
            # what the identical cells score: every draw of every variant, against the test count of the training majority
            _, y, (tr, _, te), _ = _rd.prepare(n)
            top = int(np.argmax(np.bincount(y[tr])))
            n_top = int(np.sum(y[te] == top))
            got = sorted({int(round(float(x) * r["n_test"])) for v in ex.TAB3_VARIANTS for x in r[v]})
            same_sets.append(n)
            maj.append(f"{n}: every draw of every variant scores {', '.join(map(str, got))} of {r['n_test']} test points; the "
                       f"training set's majority class has {n_top} test points ({got == [n_top]})")
        zs += [zo, zsim]
        rows.append(f"{n} (d = {r['d']} -> {r['d_pad']}): ORF {np.mean(r['orthogonal']):.4f}/{np.mean(r['orthogonal-fast']):.4f} (z {zo:+.1f}), "
                    f"SimRF {np.mean(r['simplex']):.4f}/{np.mean(r['simplex-fast']):.4f} (z {zsim:+.1f})")
    zmax = max(abs(z) for z in zs)
    zpool = pooled_d / math.sqrt(pooled_v)
    protocols = {"paper's Table 3 (printed)": _tab3_printed_changes(),
                 f"rerun, standardised features (d padded, m = d, {n_seeds} draws)": cells}
    table = []
    for p, cs in protocols.items():
        for name, f in READINGS:
            txt, holds = _row(cs, lambda c: not f(abs(c[2]), abs(c[3]), c[4]), "no substantial change", key=lambda c: -abs(c[2]))
            table.append(((p, name), txt, holds))
    big = max(protocols["paper's Table 3 (printed)"], key=lambda c: abs(c[2]))
    sens = Sensitivity(("protocol", "reading of 'substantially'"),
                       "fast minus regular test accuracy (ORF and SimRF, m = d padded): the claim holds when no change meets the reading",
                       tuple(table),
                       threshold=(f"'substantially' is not defined by the paper; the project's yardstick is >= {SUBSTANTIAL} (one "
                                  f"accuracy point) or |z| > {Z_MAX:g}, applied here to the size of the change either way. The largest "
                                  f"printed change, {_cell(big)}, is exactly one point (printed {TABLE3_AR[big[0]][4][0]:.4f} against "
                                  f"{TABLE3_AR[big[0]][3][0]:.4f}); |z| > {Z_LOOSE:g}: {abs(big[3]) > Z_LOOSE}, |z| > {Z_MAX:g}: "
                                  f"{abs(big[3]) > Z_MAX}"))
    return _O(sens.flips and counts_ok,
              (ar.evidence + " Rerun, regular/fast test accuracy, standardised features, m = d_pad, "
               f"{n_seeds} draws: " + "; ".join(rows)
               + f". Max |z| = {zmax:.1f} over {len(zs)} comparisons; identical means in {identical} of {len(zs)}"
               + (" (" + "; ".join(maj) + ")" if maj else "")
               + f"; fast SimRF minus IIDRF pooled over the {len(_ds.UCI_SETS)} sets: {pooled_d / len(_ds.UCI_SETS):.4f} per set, "
               f"z = {zpool:.1f}; accuracies are whole counts of test points ({counts_ok}). Whether 'not substantially' holds "
               f"depends on its reading: the table flips ({sens.flips})"),
              f"max |z| = {zmax:.1f} (rerun); {ar.agreement} (printed)", zpool > Z_MAX and ar.control_rejected,
              f"'fast SimRF no better than IIDRF' rejected: pooled gain {pooled_d / len(_ds.UCI_SETS):.4f} per set, z = {zpool:.1f}; "
              f"{ar.control_detail}",
              sensitivity=sens,
              domain={"protocol": "; ".join(protocols), "reading of 'substantially'": "; ".join(n for n, _ in READINGS),
                      "fast-minus-regular difference": f"all {len(zs)} per protocol: ORF and SimRF on {', '.join(_ds.UCI_SETS)}",
                      "variant": f"{', '.join(ex.TAB3_VARIANTS)} on {', '.join(same_sets) or 'no set'} (the sets with identical means)",
                      "draw": f"{n_seeds} draws per variant and set (rfsym.simrf.experiments.tab3_fast_vs_regular, seed 0)"})


CLAIMS.append(Claim(
    id="SimRF-Tab3", paper="SimRF", location="App. B.2.2, Table 3",
    statement="Replacing $R$ by an HD-product (fast) does not change classification accuracy substantially; 'results are frequently identical to the regular case'.",
    verdict="unverifiable",
    rule="unverifiable-open-choice",
    evidence="Unverifiable: whether replacing R by an HD product 'does not change the accuracy substantially' depends on what 'substantially' means, which the paper does not say. "
             "In the printed Table 3 every fast-minus-regular difference is within 5 standard errors of the difference, but the largest, SimRF on banknote (+0.0100: printed 0.7296 against 0.7196, z +3.9), is exactly one accuracy point and survives a Bonferroni correction over the 16 comparisons (p = 1.4e-03): a real change, in favour of the fast variant. "
             "It is not substantial if 'substantially' means beyond 5 standard errors; it is substantial by the project's own yardstick (a difference of at least 0.01 or z > 5, the one the SimRF-Tab2-caption erratum uses), by one accuracy point alone, by z > 2 (which yeast's and wifi's ORF changes also reach) and by 1% of the regular accuracy (table below). "
             "Our rerun (standardised features, d padded to a power of 2, m = d, 20 draws per variant, HD products with k = 3) keeps every fast-minus-regular difference within |z| = 1.6 (16 comparisons), so no change is significant there, but with 20 draws single differences exceed one point by chance (nursery ORF -0.0468); fast SimRF keeps its lead over IIDRF (pooled z = 6.0). "
             "'Results are frequently identical' holds if 'identical' means within one standard error (11/16 printed comparisons), not to the printed four decimals (1/16); in the rerun the means are identical in 2 of 16, both on cmc, where every draw of every variant scores 28 of 75 test points, the number of test points in the training set's majority class. "
             "Table 3 uses inputs zero-padded to a power of 2 (App. B.2.2), so its columns are not comparable with Table 2 or Fig. 8. Until issue 19's domain review this was verified, with 'substantially' read as beyond 5 standard errors while the caption erratum reads it as one point or z > 5.",
    checks=[
        Check("fast vs regular, printed and rerun, under each reading of 'substantially'", "data", tab3_data,
              exercises=("rfsym.simrf.experiments.tab3_fast_vs_regular", "rfsym.simrf.experiments.hd_product", "rfsym.couplings.simplex_apply"),
              route="printed Table 3, and a kernel-regression rerun on the eight UCI sets (standardised features, d padded to a "
                    "power of 2, m = d, 20 draws per variant)",
              control="'fast SimRF no better than IIDRF' (rerun); a 2% change of the fast SimRF column (printed)",
              protocol_choices=("protocol", "reading of 'substantially'")),
    ],
    no_witness={
        "symbolic": "classification accuracies: no derivation",
        "numeric": "classification accuracies: no high-precision value",
        "montecarlo": "the data witness samples the features (20 draws per variant)",
    },
))


#: Readings of "SimRFs consistently perform best" (Sec. 5.3, Fig. 8) that a rerun can decide: SimRF minus the better of
#: IIDRF/ORF, averaged over the (data set, m) cells, or in every cell.  A reading decides only with |z| > Z_MAX.
SEC53_READINGS = ("best on average over the cells", "best in every cell")
#: control: an average SimRF deficit this large (two accuracy points) must be rejected in both reruns
SEC53_CONTROL = -0.02


def sec53_data():
    """Sec. 5.3 / Fig. 8, "SimRFs consistently perform best", on the cached reruns (raw and standardised features, m/d = 1,
    2, 4, 8, 50 test draws): SimRF minus the better of IIDRF/ORF per (data set, m) cell, under each reading of
    :data:`SEC53_READINGS`, as a sensitivity table.  A row holds when the reading is met significantly (z > Z_MAX), fails
    when the opposite is significant (the average, or some cell, significantly behind), and is undecided otherwise.

    Passes when the table shows what the recorded verdict (unverifiable) rests on: no row fails, and not every row holds.
    Control: an average deficit of :data:`SEC53_CONTROL` is rejected in both reruns."""
    rows, zc, labels = [], [], {}
    ks = ", ".join(str(k) for k in _PARTS["simrf"].protocol["m_over_d"])
    for part in ("simrf", "simrf-std"):
        P = _PARTS[part].protocol
        label = (f"rerun, {'standardised' if part.endswith('-std') else 'raw'} features "
                 f"(m/d = {', '.join(str(k) for k in P['m_over_d'])}; {P['test_seeds']} draws)")
        labels[part] = label
        c = _srd.consistency(part)
        mean, se, cells = _srd.average_lead(part)
        z = mean / se
        zc.append((mean - SEC53_CONTROL) / se)
        avg = True if z > Z_MAX else (False if z < -Z_MAX else None)
        rows.append(((label, SEC53_READINGS[0]), f"{mean:+.4f} +- {se:.4f} (z {z:+.1f})", avg))
        every = (True if c["significant"] == c["cells"] else (False if c["behind"] else None))
        rows.append(((label, SEC53_READINGS[1]), f"significantly ahead in {c['significant']} of {c['cells']} cells, "
                     f"behind in {len(c['behind'])}; z from {min(c['z']):+.1f} to {max(c['z']):+.1f}", every))
    sens = Sensitivity(("protocol", "reading of 'consistently perform best'"),
                       "SimRF minus the better of IIDRF/ORF, test accuracy over the (data set, m) cells", tuple(rows),
                       threshold=(f"a reading decides only with |z| > {Z_MAX:g} (the project's threshold); the paper states "
                                  "no test, split, sigma grid or feature preprocessing"))
    held = [h for _, _, h in sens.rows]
    passed = False not in held and not all(h is True for h in held)
    return _O(passed, _srd.evidence_sec53() + " Table: " + "; ".join(f"{v[0]}, {v[1]}: {num}" for v, num, _ in sens.rows),
              f"{sum(h is True for h in held)} of {len(held)} readings hold, none fails",
              min(zc) > Z_MAX, f"an average SimRF deficit of {-SEC53_CONTROL:g} rejected at z >= {min(zc):.1f}",
              sensitivity=sens,
              domain={"protocol": "; ".join(labels.values()), "reading of 'consistently perform best'": "; ".join(SEC53_READINGS),
                      "dataset": ", ".join(_ds.UCI_SETS), "m": f"m/d = {ks}",
                      "cell": f"the {len(_ds.UCI_SETS) * len(_PARTS['simrf'].protocol['m_over_d'])} (data set, m) cells of each "
                              f"rerun: {len(_ds.UCI_SETS)} data sets x m/d = {ks}"})


_SEC53_CHECK = dict(
    exercises=("rfsym.simrf.realdata.consistency", "rfsym.simrf.realdata.average_lead", "rfsym.realdata.classification_summary"),
    route="the cached reruns of Sec. 5.3 (raw and standardised features, m/d = 1, 2, 4, 8, 50 test draws per coupling)",
    control=f"an average SimRF deficit of {-SEC53_CONTROL:g} must be rejected in both reruns",
    protocol_choices=("protocol", "reading of 'consistently perform best'"))
_SEC53_RULE = (" Rule unverifiable-open-choice (re-adjudicated under the rulebook, issue 28, referee items D7 and D8; was unverifiable-unprinted): "
               "Fig. 8's accuracies are plotted, not printed, but the sentence itself was recomputed here, and its outcome depends on a choice the "
               "paper leaves open, the feature preprocessing: read as 'best on average over the cells', it holds with standardised features "
               "(+0.0208 +- 0.0023, z +9.2) and is undecided with raw ones (-0.0016 +- 0.0022, z -0.7), so the sensitivity table is decided under "
               "one choice and undecided under another; no row refutes it. Like CRT-Sec5.2 and DERF-Fig3, the same UCI sets, split protocol and "
               "rerun; unlike CRT-Tab1, which asserts the printed cells themselves.")
_SEC53_NO_WITNESS = {
    "symbolic": "classification accuracies: no derivation",
    "numeric": "classification accuracies: no high-precision value",
    "montecarlo": "the data witness samples the features (50 draws per coupling)",
}


CLAIMS.append(Claim(
    id="SimRF-Sec5.3", paper="SimRF", location="Sec. 5.3, Fig. 8, App. B.1 (Fig. 10)",
    statement="Sec. 5.3 text: 'The size of the benefit accrued from using SimRFs depends on the data ... and in the limit of large m performance tends towards the exact kernel result. SimRFs consistently perform best.' (8 UCI data sets, kernel regression, $\\sigma$ tuned on validation data); App. B.1: 'SimRFs consistently outperform ORFs and IIDRFs in a variety of nonparametric classification tasks'.",
    verdict="unverifiable",
    rule="unverifiable-open-choice",
    evidence=_srd.evidence_sec53() + _SEC53_RULE,
    checks=[Check("reruns under each reading of 'consistently best'", "data", sec53_data, **_SEC53_CHECK)],
    no_witness=_SEC53_NO_WITNESS,
    notebook="realdata",
    label="realdata-simrf-sec5-3",
))


CLAIMS.append(Claim(
    id="SimRF-Fig8", paper="SimRF", location="Sec. 5.3, Fig. 8",
    statement="Fig. 8 caption: 'Plots show mean classification accuracy vs the number of random features used to approximate the kernel (/d) ... Shading gives the standard deviation on the estimates of the mean. SimRFs consistently perform best.'",
    verdict="unverifiable",
    rule="unverifiable-open-choice",
    evidence=_srd.evidence_sec53() + _SEC53_RULE,
    checks=[Check("reruns under each reading of 'consistently best'", "data", sec53_data, **_SEC53_CHECK)],
    no_witness=_SEC53_NO_WITNESS,
    notebook="realdata",
    label="realdata-simrf-fig8",
))


def fig10_cache():
    """App. B.1 / Fig. 10 from the cached reruns (raw and standardised features): rfsym.simrf.realdata's peak count, plus a
    significance reading: the IIDRF validation accuracy at the exact kernel's peak sigma vs at its own peak (paired
    over the 10 tuning draws).  Control: 'the peaks coincide' (tuning sigma on the exact kernel costs IIDRF nothing)."""
    base = _srd.check_fig10()
    passed = base[0] if isinstance(base, tuple) else base.passed
    ev = base[1] if isinstance(base, tuple) else base.evidence
    parts, sig_total, lower_total, flat = [], 0, 0, []
    for part in ("simrf", "simrf-std"):
        C = _rd.load(_PARTS[part])["results"]
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
    """Fig. 10 recomputed with fresh IIDRF draws on standardised features (rfsym.simrf.experiments.sigma_peaks_live): peak
    positions chosen on 12 draws, the loss at the exact kernel's peak measured on 12 independent draws."""
    rows, differ, lower, sig = [], 0, 0, []
    cached = _rd.load(_srd.CLASSIFICATION_STD)["results"]
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


CLAIMS.append(Claim(
    id="SimRF-Fig10", paper="SimRF", location="App. B.1, Fig. 10",
    statement="Accuracy vs $\\sigma$ for the exact and IIDRF kernels on the validation sets; $\\sigma$ is chosen where the IIDRF accuracy peaks, which does not generically coincide with the exact kernel's peak.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="Validation peaks on the sigma grid (exact kernel / IIDRF m = 10d) differ on 8 of 8 sets with raw features and 7 of 8 "
             "standardised, the IIDRF peak lying below the exact kernel's on 8 of 8 and 7 of 8 (as the paper's reason, PRFs degrading "
             "at large sigma, predicts). Read with significance: the IIDRF accuracy at the exact kernel's peak is lower by more than 5 "
             "standard errors on 5 of 8 (raw) and 3 of 8 (standardised); recomputed with fresh draws on five standardised sets, the "
             "peaks differ on 5 of 5 and the held-out loss is significant on 2 (wifi, abalone). Caveat: with raw features the IIDRF "
             "curve is flat on car (no peak at all) and peaks at the grid's smallest sigma 0.01 on car, cmc, wifi and chess.",
    checks=[
        Check("validation peaks on the eight UCI sets (cached reruns)", "data", fig10_cache,
              exercises=("rfsym.simrf.realdata.check_fig10",),
              route="cached tuning curves of the raw and standardised reruns; loss at the exact kernel's peak paired over draws",
              control="'the peaks coincide'"),
        Check("validation peaks recomputed with fresh draws", "data", fig10_live,
              exercises=("rfsym.simrf.experiments.sigma_peaks_live", "rfsym.simrf.realdata.classification_cell_std"),
              route="five UCI sets, standardised, peaks on 12 fresh draws, losses on 12 independent ones",
              control="'the peaks coincide'"),
    ],
    no_witness={
        "symbolic": "validation accuracies: no derivation",
        "numeric": "validation accuracies: no high-precision value",
        "montecarlo": "both data witnesses sample the IIDRF features",
    },
    notebook="realdata",
    label="realdata-simrf-fig10",
))


CLAIMS.append(Claim(
    id="SimRF-Sec5.4", paper="SimRF", location="Sec. 5.4, Fig. 9",
    statement="SimRFs-Performer (ViT, 12 layers, 130 random features) outperforms the ORFs-Performer, e.g. +0.5% on ImageNet2012.",
    verdict="unverifiable",
    rule="unverifiable-out-of-reach",
    evidence="Rule unverifiable-out-of-reach: deciding it requires training ViT-Performers (12 layers, 300 epochs, batch 4096) on ImageNet/Fashion-MNIST/iNaturalist/Places365 on TPUs. Fig. 9 gives curves only, and the one number of the text, the ImageNet2012 gap, is read off those curves, not printed in a table: the printed numbers allow no check.",
))
