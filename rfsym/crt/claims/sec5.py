"""Claims of CRT Sec. 5, experiments (App. 9.10).

Variance comparison (Sec. 5.1, Fig. 2), non-parametric classification (Sec. 5.2, Tables 1, 3) and
Transformers (Sec. 5.3, Table 2, Figs. 3, 4).

* ``CRT-Sec5.1-normal`` erratum (minor) -- variance reductions at sigma = 1, normal regime
* ``CRT-Sec5.1-heterogen`` erratum (minor) -- variance reductions at sigma = 1, heterogen regime
* ``CRT-Sec5.1-mnist`` unverifiable -- variance reductions at sigma = 1, mnist regime (real data)
* ``CRT-Sec5.1-many`` verified -- CRTs outperform the baselines in many scenarios
* ``CRT-Fig2`` unverifiable -- the log-variance curves of the eight mechanisms
* ``CRT-Sec5.2`` unverifiable (open choice: feature preprocessing) -- new mechanisms classify best, OPRF best on average (real data)
* ``CRT-Sec5.2-cost`` erratum (typo) -- O(nM) per example drops the O(dM) cost of the features
* ``CRT-Tab1`` unverifiable (out of reach: the authors' unpublished split) -- classification accuracies (real data)
* ``CRT-Tab1-arith`` erratum (typo) -- averages and marks of the printed Table 1
* ``CRT-Tab3`` unverifiable (out of reach: the authors' unpublished split) -- standard deviations of Table 1 (real data)
* ``CRT-Sec5.3`` unverifiable -- FAVOR++ improves low-rank Transformers
* ``CRT-Tab2`` unverifiable -- GLUE dev results
* ``CRT-Tab2-marks`` verified -- bold and underline marks of Table 2
* ``CRT-Sec5.3.1`` verified -- the text on Table 2
* ``CRT-Fig3`` unverifiable -- Conformer on LibriSpeech
* ``CRT-Fig4`` unverifiable -- ViT on ImageNet
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import mpmath
import numpy as np

from ... import crt
from .. import realdata as _crd  # real-data experiments (notebook realdata)
from ...claims import Check, Claim, Outcome, Reading, Sensitivity
from ...montecarlo import mean_of, z_check
from ._checks import SEED, _mc_outcome


# -------------------------------------------------- checks shared by several claims of this file

_HET_GEOM_HOLDS = False  # decided by the numbers (see CRT-Sec5.1-heterogen)

_SEC51 = dict(L=1024, repeats=5, n_pairs=8192)   # the paper's L and repeats; the L^2 pairs subsampled


def _sec51_numbers(regime):
    from .. import experiments as cx
    r = cx.compare_regime_cached(regime, 1.0, SEED, _SEC51["L"], _SEC51["repeats"], 64, _SEC51["n_pairs"])
    return r, {"GERF vs TrigRF": r["TrigRF"][0] - r["GERF"][0],
               "OPRF vs PosRF": r["PosRF"][0] - r["OPRF"][0],
               "GeomRF+ vs PosRF": r["PosRF"][0] - r["GeomRF+"][0]}


def _sec51_check(regime, thresholds, expect):
    """expect[k] is True when the printed '> e^t' must hold, False when it must fail."""
    r, red = _sec51_numbers(regime)
    ok, ctrl = True, True
    parts = []
    for k, t in thresholds.items():
        holds = red[k] > t
        if expect[k]:
            ok &= holds
        else:
            ctrl &= not holds
        parts.append(f"{k}: log-variance reduction {red[k]:.2f} {'>' if holds else '<='} {t} (printed: more than e^{t})")
    failing = [k for k in thresholds if not expect[k]]
    se = max(r[m][1] for m in r) / math.sqrt(_SEC51["repeats"] * _SEC51["n_pairs"])
    return Outcome(ok, (f"{regime}, sigma=1, d=64, L={_SEC51['L']}, {_SEC51['repeats']} repeats (App. 9.10.1 protocol), mean log-variance over "
                        f"{_SEC51['n_pairs']} uniformly drawn pairs of the L^2 per repeat (standard error of each mean <= {se:.2f}): "
                        + "; ".join(parts)),
                   agreement="holding parts hold", control_rejected=ctrl if failing else None,
                   control_detail=f"printed threshold rejected for {failing}" if failing else "")


#: Sec. 5.1 at sigma = 1: the printed log-variance reductions (nats) and whether each one holds.
_SEC51_PRINTED = {
    "normal": ({"GERF vs TrigRF": 80, "OPRF vs PosRF": 75, "GeomRF+ vs PosRF": 75},
               {"GERF vs TrigRF": True, "OPRF vs PosRF": True, "GeomRF+ vs PosRF": False}),
    "heterogen": ({"GERF vs TrigRF": 125, "OPRF vs PosRF": 125, "GeomRF+ vs PosRF": 125},
                  {"GERF vs TrigRF": True, "OPRF vs PosRF": True, "GeomRF+ vs PosRF": _HET_GEOM_HOLDS}),
}


def _rank_marks(vals, names):
    """Best and second-best columns of a row of Fractions (ties share a rank)."""
    distinct = sorted(set(vals), reverse=True)
    best = {n for n, v in zip(names, vals) if v == distinct[0]}
    second = {n for n, v in zip(names, vals) if len(distinct) > 1 and v == distinct[1]}
    return best, second


_TAB2_TASKS = ("MNLI", "QQP", "QNLI", "SST-2", "CoLA", "STS-B", "MRPC", "RTE")

_TAB2 = {
    "FAVOR+": ("80.26", "89.53", "87.13", "90.58", "53.17", "85.07", "83.82", "67.59"),
    "ELU": ("80.72", "90.05", "89.09", "91.51", "48.43", "86.68", "85.05", "68.59"),
    "ReLU": ("81.39", "90.11", "88.85", "91.97", "52.08", "87.64", "84.56", "67.51"),
    "FAVOR++": ("81.25", "90.15", "89.58", "92.00", "54.95", "85.62", "85.78", "67.87"),
    "Uptrain FAVOR++": ("82.29", "90.43", "89.73", "92.20", "58.85", "85.90", "88.73", "67.63"),
}


def _sec51_mp(regime, thresholds, expect, n_live=6):
    # per-pair mpmath reductions on fresh sets: cached (rfsym/crt/claims/sec5_cache.py), a seeded random subset
    # recomputed live (fixed seed: verify, the notebook and the mutation audit see the same pairs)
    from .. import experiments as cx
    from . import sec5_cache as cache
    P = cache.PARAMS
    vals = cache.VALUES[regime]
    total = P["repeats"] * P["pairs_per_repeat"]
    live_idx = sorted(np.random.default_rng(P["seed"] + 1).choice(total, n_live, replace=False).tolist())
    live = cx.reductions_mp_pairs(regime, P["sigma"], P["seed"], d=P["d"], L=P["L"], repeats=P["repeats"],
                                  pairs_per_repeat=P["pairs_per_repeat"], dps=P["dps"], select=live_idx)
    dev = max(abs(live[k][m] - vals[k][g]) / max(1.0, abs(vals[k][g])) for k in cx.REDUCTION_KEYS for m, g in enumerate(live["index"]))
    cache_ok = len(live["index"]) == n_live and dev < 1e-9 and all(len(vals[k]) == total for k in cx.REDUCTION_KEYS)
    red = cx.summarise_reductions(vals)
    _, prot = _sec51_numbers(regime)
    parts, ok, zc = [], cache_ok, []
    for k, t in thresholds.items():
        m, se = red[k]
        z_prot = (m - prot[k]) / se
        z_thr = (m - t) / se
        ok &= abs(z_prot) <= 5 and (z_thr > 0) == expect[k]
        if not expect[k]:
            zc.append(z_thr)
        parts.append(f"{k}: {m:.2f} +- {se:.2f} (protocol value {prot[k]:.2f}: z = {z_prot:+.2f}; printed threshold {t}: z = {z_thr:+.1f})")
    return Outcome(ok, f"{regime}, sigma=1, d=64, L={P['L']}, {P['repeats']} fresh pairs of sets (seed {P['seed']}), parameters fitted on the full sets, "
                       f"{P['pairs_per_repeat']} drawn pairs per set ({total} pairs) evaluated with the mpmath formulas at {P['dps']} verified digits "
                       f"(cached; {n_live} pairs drawn at random (seed {P['seed'] + 1}) recomputed now, max rel. deviation {dev:.1e}): " + "; ".join(parts),
                   agreement="agrees with the float64 protocol within |z| <= 5",
                   control_rejected=all(z < -5 for z in zc), control_detail=f"printed threshold for GeomRF+ rejected at z = {min(zc, key=abs):+.1f}")



# ------------------------------------------- Sec. 5.1 errata: the choices App. 9.10.1 leaves open, as a table

#: the choices enumerated by the protocol-sensitivity check of CRT-Sec5.1-normal / -heterogen
_SEC51_CHOICES = ("averaging", "pairs", "GeomRF+ p", "shift c")
#: epsilon of the shift c_l = min over both sets - epsilon (Sec. 3.2.3): fit_parameters' 1e-8 first; every one keeps the shifted entries positive
_SEC51_EPS = (1e-8, 1e-3, 0.5)
_SEC51_PERPAIR = 100       # drawn pairs of each set with GeomRF+'s p fitted per pair (reduced for time)
_SEC51_SE_FAIL = 3.0       # a printed inequality fails when its estimate is below it by more than this many standard errors
#: off the stated protocol (App. 9.10.1 fixes L = 1024): (L, repeats, drawn pairs per repeat) of smaller sets
_SEC51_OFF_L = ((16, 5, 2048), (128, 12, 2048))
_SEC51_CMP = {"GERF vs TrigRF": ("TrigRF", "GERF"), "OPRF vs PosRF": ("PosRF", "OPRF"),
              "GeomRF+ vs PosRF": ("PosRF", "GeomRF+")}
_SEC51_SHORT = {"GERF vs TrigRF": "GERF", "OPRF vs PosRF": "OPRF", "GeomRF+ vs PosRF": "GeomRF+"}


def _log_mean_exp(a):
    a = np.asarray(a, float)
    m = float(a.max())
    return m + math.log(float(np.mean(np.exp(a - m))))


_SEC51_AVERAGING = (("mean log-variance (stated)", lambda a: float(np.mean(a))),
                    ("log of the mean variance", _log_mean_exp))


@functools.lru_cache(maxsize=None)
def _sec51_protocol_data(regime):
    """Per-pair log-variances of the Sec. 5.1 protocol at sigma = 1 under each open choice, in batches."""
    from .. import experiments as cx
    L, R, n = _SEC51["L"], _SEC51["repeats"], _SEC51["n_pairs"]
    keep = ("TrigRF", "GERF", "PosRF", "OPRF", "GeomRF+")
    rng = np.random.default_rng(SEED)           # the draws of compare_regime_cached(regime, 1.0, SEED, L, R, 64, n)
    sampled, firsts, diag_lv, shifted = [], [], [], {}
    for r in range(R):
        X, Y = cx.sample_regime(regime, 64, L, 1.0, rng)
        P = cx.fit_parameters(X, Y)
        i, j = rng.integers(0, L, n), rng.integers(0, L, n)
        lv = cx.log_variances(X[i], Y[j], P, pairs="diag")
        sampled.append({m: lv[m] for m in keep})
        firsts.append((X, Y, P, i, j))
        diag_lv.append(cx.log_variances(X, Y, P, pairs="diag"))
        for e in _SEC51_EPS:                         # the shift with other epsilons (p refitted on the shifted sets)
            c = np.minimum(X.min(0), Y.min(0)) - e
            pe = crt.geometric_p_star_np(crt.geometric_statistic(X - c, Y - c))
            if e == _SEC51_EPS[0] and (abs(pe - P["GeomRF+"][1]) > 1e-12 or np.max(np.abs(c - P["GeomRF+"][0])) > 0):
                raise AssertionError("the shift replay disagrees with fit_parameters")
            shifted.setdefault(e, []).append({**{m: lv[m] for m in keep},
                                              "GeomRF+": crt.log_geometric_variance_np(X[i] - c, Y[j] - c, pe) - math.log(2.0)})
    ref = cx.compare_regime_cached(regime, 1.0, SEED, L, R, 64, n)
    dev = max(abs(float(np.mean(np.concatenate([b[m] for b in sampled]))) - ref[m][0]) for m in keep)
    if dev > 1e-9:
        raise AssertionError(f"the replayed protocol disagrees with compare_regime_cached by {dev:.1e}")
    diag = tuple({m: v[m] for m in keep} for v in diag_lv)
    n1 = _SEC51_PERPAIR
    per_pair, p_all = [], []
    for (X, Y, P, i, j), smp in zip(firsts, sampled):
        c, _ = P["GeomRF+"]
        Xh, Yh = X[i[:n1]] - c, Y[j[:n1]] - c
        p_pair = np.array([crt.geometric_p_star_np(np.abs(a * b)) for a, b in zip(Xh, Yh)])
        p_all.extend(p_pair.tolist())
        lg = np.array([float(crt.log_geometric_variance_np(a, b, q)) for a, b, q in zip(Xh, Yh, p_pair)]) - math.log(2.0)
        per_pair.append({**{m: smp[m][:n1] for m in keep}, "GeomRF+": lg})
    stated_c = f"min over the sets - {_SEC51_EPS[0]:g} (stated)"
    drawn = f"all L^2 (x_i, y_j) (App. 9.10.1), {n} drawn per set"
    stat = "statistic (14) (stated)"
    designs = ((drawn, stat, stated_c, tuple(sampled)),
               ("the L pairs (x_i, y_i) (Sec. 5.1 'sample pairs')", stat, stated_c, diag),
               (f"all L^2 (x_i, y_j), {n1} drawn per set (reduced)", "per pair (min of (13))", stated_c, tuple(per_pair)))
    designs += tuple((drawn, stat, f"min over the sets - {e:g}", tuple(shifted[e])) for e in _SEC51_EPS[1:])
    off = []
    for Lo, Ro, no in _SEC51_OFF_L:
        rr = np.random.default_rng(SEED + 71)
        vals = {k: [] for k in _SEC51_CMP}
        for _ in range(Ro):
            Xo, Yo = cx.sample_regime(regime, 64, Lo, 1.0, rr)
            Po = cx.fit_parameters(Xo, Yo)
            ii, jj = rr.integers(0, Lo, no), rr.integers(0, Lo, no)
            lvo = cx.log_variances(Xo[ii], Yo[jj], Po, pairs="diag")
            for k, (b, w) in _SEC51_CMP.items():
                vals[k].append(float(np.mean(lvo[b] - lvo[w])))
        off.append((Lo, Ro, no, {k: (float(np.mean(v)), float(np.std(v, ddof=1) / math.sqrt(len(v)))) for k, v in vals.items()}))
    return {"designs": designs, "off": tuple(off), "p_set": tuple(float(f[2]["GeomRF+"][1]) for f in firsts),
            "p_pair": (min(p_all), max(p_all))}


def _sec51_judge(est, se, thresholds):
    if all(est[k] > t for k, t in thresholds.items()):
        return True
    if any(est[k] < t - _SEC51_SE_FAIL * se[k] for k, t in thresholds.items()):
        return False
    return None


def _sec51_sensitivity(regime, thresholds, expect):
    """The printed sentence under every choice App. 9.10.1 leaves open (a Sensitivity table), and off-protocol set sizes."""
    D = _sec51_protocol_data(regime)
    rows, table, ctrl, zfail = [], {}, True, []
    for avg, f in _SEC51_AVERAGING:
        for pairs, pchoice, shift, batches in D["designs"]:
            est, se = {}, {}
            for k, (b, w) in _SEC51_CMP.items():
                est[k] = f(np.concatenate([bt[b] for bt in batches])) - f(np.concatenate([bt[w] for bt in batches]))
                per = [f(bt[b]) - f(bt[w]) for bt in batches]
                se[k] = float(np.std(per, ddof=1) / math.sqrt(len(per)))
            holds = _sec51_judge(est, se, thresholds)
            table[avg, pairs, pchoice, shift] = (est, holds)
            if holds is False:
                zfail.append(max((t - est[k]) / se[k] for k, t in thresholds.items()))
            if avg.endswith("(stated)"):
                ctrl &= all(est[k] > t for k, t in thresholds.items() if expect[k])
            rows.append(((avg, pairs, pchoice, shift), ", ".join(f"{_SEC51_SHORT[k]} {est[k]:.2f} +- {se[k]:.2f}" for k in _SEC51_CMP), holds))
    thr = ", ".join(f"{_SEC51_SHORT[k]} > {t}" for k, t in thresholds.items())
    sens = Sensitivity(_SEC51_CHOICES, f"log-variance reductions, nats (+- s.e. over the {_SEC51['repeats']} sets; {regime}, "
                                       f"sigma = 1, d = 64, L = {_SEC51['L']})", tuple(rows),
                       threshold=f"the printed sentence holds when every printed inequality does ({thr}); "
                                 f"the project's rule: a printed inequality fails when its estimate lies more than "
                                 f"{_SEC51_SE_FAIL:g} standard errors below it, a row is undecided when none fails so and "
                                 f"not all hold" + (f"; each failing row falls short by at least {min(zfail):.1f} standard errors" if zfail else ""))
    stated = table[(_SEC51_AVERAGING[0][0],) + D["designs"][0][:3]][1]
    ok = stated is False and not any(h is True for _, _, h in rows)
    off = "; ".join(f"L = {Lo} ({Ro} sets, {no} drawn pairs each): " + ", ".join(f"{_SEC51_SHORT[k]} {m:.2f} +- {s:.2f}" for k, (m, s) in r.items())
                    + f" (every printed inequality holds: {all(r[k][0] > t for k, t in thresholds.items())})" for Lo, Ro, no, r in D["off"])
    return Outcome(ok, (f"{regime}, sigma = 1, d = 64, the printed sentence ({thr}) under every choice App. 9.10.1 leaves open "
                        f"(table): holds in {sum(h is True for _, _, h in rows)} of {len(rows)} rows, fails in {sum(h is False for _, _, h in rows)}. "
                        f"GeomRF+'s p: {min(D['p_set']):.4f} to {max(D['p_set']):.4f} from statistic (14), {D['p_pair'][0]:.4f} to {D['p_pair'][1]:.4f} per pair. "
                        f"Off the stated protocol (App. 9.10.1 fixes L = 1024; not a table row), smaller sets (the shift c, the "
                        f"statistics and the drawn pairs all from them): " + off),
                   agreement=f"fails in {sum(h is False for _, _, h in rows)} of {len(rows)} rows",
                   control_rejected=ctrl,
                   control_detail="the sentence without its failing part holds in every stated-averaging row (the table can see a claim hold)",
                   domain={"protocol choices": "; ".join(f"{c}: {', '.join(dict.fromkeys(str(r[0][n]) for r in rows))}" for n, c in enumerate(_SEC51_CHOICES)),
                           "rows of the table": f"all {len(rows)}: {len(_SEC51_AVERAGING)} averagings x {len(D['designs'])} designs",
                           "set size L (off the stated protocol)": ", ".join(str(Lo) for Lo, *_ in _SEC51_OFF_L),
                           "epsilon of the shift c": ", ".join(f"{e:g}" for e in _SEC51_EPS)},
                   sensitivity=sens)


CLAIMS: list = []


# -------------------------------------------------------------------------------- CRT-Sec5.1-normal

def _sec51_normal():
    return _sec51_check("normal", *_SEC51_PRINTED["normal"])


def _sec51_normal_mp():
    return _sec51_mp("normal", *_SEC51_PRINTED["normal"])


def _sec51_normal_table():
    return _sec51_sensitivity("normal", *_SEC51_PRINTED["normal"])


CLAIMS.append(Claim(
    id="CRT-Sec5.1-normal", summary='Normal regime: GERF and OPRF reach the stated variance reductions; GeomRF+ does not (about $e^{58.9}$, not $>e^{75}$).', paper="CRT", location="Sec. 5.1, Fig. 2 (normal regime)",
    statement=r"At $\sigma=1$ ($d=64$, normal): GERF $>e^{80}$ times smaller variance than TrigRF; OPRF and GeomRF+ $>e^{75}$ times smaller than PosRF.",
    verdict="erratum", severity="minor",
    rule="erratum-minor",
    root_cause="CRT:sec51-geomrf-plus",
    conventions=('CRT:fig2-log-variance',),
    correction=r"GERF $>e^{80}$ vs TrigRF and OPRF $>e^{75}$ vs PosRF hold; GeomRF+ stays below $e^{75}$ (about $e^{58.88}$).",
    evidence=r"With the App. 9.10.1 protocol ($L=1024$, 5 repeats; the mean over the $L^2$ pairs estimated from 8192 sampled pairs per repeat): GERF gives $e^{83.05}$, OPRF $e^{83.66}$, but GeomRF+ only $e^{58.88}$. The sentence fails under every choice App. 9.10.1 leaves open (protocol-sensitivity table: mean log-variance or log of the mean variance, all $L^2$ pairs or the $L$ pairs $(x_i,y_i)$, GeomRF+'s $p$ from statistic (14) or per pair, the shift's $\epsilon$ from 1e-08 to 0.5): with the stated mean log-variance GeomRF+ reaches at most 58.88 (a larger $\epsilon$ lowers it: 58.86 at 0.001, 52.16 at 0.5); with the log of the mean variance GeomRF+ passes (110.39) but GERF drops to 11.66 (at most 31.26). GeomRF+ depends on $L$ through the shift $c$ (a minimum over the sets); off the stated protocol, even 16-point sets give only 71.14 +- 1.44. A replicate on 5 fresh pairs of sets, 1200 pairs evaluated with the mpmath formulas at 15 verified digits, gives GERF 82.28 +- 0.67 (above 80 at z = +3.4), OPRF 83.79 +- 0.54, GeomRF+ 58.48 +- 0.64 (the printed 75 rejected at z = -25.9).",
    readings=[
        Reading('literal (App. 9.10.1 protocol)', 'Mean log-variance over the $L^2$ pairs of $L=1024$ sets, 5 repeats, parameters (and the shift $c$ of Sec. 3.2.3) from the sets; GeomRF+ $>e^{75}$ vs PosRF.',
                False, 'GeomRF+ 58.88 against 75; replicate on fresh sets with the mpmath formulas 58.48 +- 0.64 (the printed 75 rejected at z = -25.9)'),
        Reading('charitable: the choices App. 9.10.1 leaves open (defence counsel)', "The averaging (mean log-variance, or the log of the mean variance), the pairs (all $L^2$, or the $L$ pairs $(x_i,y_i)$ of Sec. 5.1's 'we sample pairs'), GeomRF+'s $p$ fitted per pair, and the $\\epsilon$ of the shift $c$.",
                False, "the sentence fails in all 10 rows of the table: the mean log-variance keeps GeomRF+ at most at 58.88; the log of the mean variance lifts GeomRF+ to 110.39 but drops GERF to 11.66 (at most 31.26) against the printed 80"),
    ],
    defence='Defence counsel (best case): the averaging and the shift are choices the paper leaves partly open; the log of the mean variance would put GeomRF+ above $e^{75}$, and the shift $c$, a minimum over the sets, grows with smaller sets.',
    defeated_by="no open choice that keeps the sentence's GERF claim reaches 75: the stated protocol gives 58.88 (fresh-set replicate 58.48 +- 0.64, z = -25.9); the log of the mean variance lifts GeomRF+ to 110.39 but puts GERF at 11.66; and off the stated L = 1024, 16-point sets still give only 71.14 +- 1.44",
    empirical=True,
    checks=[
        Check("log-variance reductions", "numeric", _sec51_normal,
              exercises=("rfsym.crt.experiments.compare_regime_cached",),
              route="analytic log-variances, L = 1024, 5 repeats, 8192 sampled pairs each",
              control="the printed threshold for GeomRF+"),
        Check("fresh sets, mpmath formulas", "numeric", _sec51_normal_mp,
              exercises=("rfsym.crt.experiments.reductions_mp_pairs", "rfsym.crt.experiments.summarise_reductions"),
              route="5 fresh pairs of sets, 1200 pairs evaluated by the mpmath variance formulas (cached, random subset recomputed)",
              control="the printed threshold for GeomRF+"),
        Check("the sentence under every open protocol choice", "numeric", _sec51_normal_table,
              exercises=("rfsym.crt.experiments.sample_regime", "rfsym.crt.experiments.fit_parameters", "rfsym.crt.experiments.log_variances", "rfsym.crt.geometric_p_star_np"),
              route="the App. 9.10.1 draws replayed (checked against compare_regime_cached) and re-averaged; p per pair and other shifts recomputed; smaller sets off the stated protocol",
              control="the sentence without its GeomRF+ part (must hold under the stated averaging)",
              protocol_choices=_SEC51_CHOICES),
    ],
))


# -------------------------------------------------------------------------------- CRT-Sec5.1-heterogen

def _sec51_heterogen():
    return _sec51_check("heterogen", *_SEC51_PRINTED["heterogen"])


def _sec51_heterogen_mp():
    return _sec51_mp("heterogen", *_SEC51_PRINTED["heterogen"])


def _sec51_heterogen_table():
    return _sec51_sensitivity("heterogen", *_SEC51_PRINTED["heterogen"])


CLAIMS.append(Claim(
    id="CRT-Sec5.1-heterogen", summary='Heterogen regime: GeomRF+ reaches about $e^{118}$, not $>e^{125}$; GERF and OPRF hold.', paper="CRT", location="Sec. 5.1, Fig. 2 (heterogen regime)",
    distinct_from={"CRT-Sec5.1-mnist": "two regimes of Fig. 2 with different printed factors (heterogen e^125, mnist e^10 / e^7): separate sentences"},
    statement=r"At $\sigma=1$ ($d=64$, heterogen): GERF $>e^{125}$ vs TrigRF; OPRF and GeomRF+ $>e^{125}$ vs PosRF.",
    verdict="erratum", severity="minor",
    rule="erratum-minor",
    root_cause="CRT:sec51-geomrf-plus",
    conventions=('CRT:fig2-log-variance',),
    correction=r"GERF $>e^{125}$ vs TrigRF and OPRF $>e^{125}$ vs PosRF hold; GeomRF+ stays below $e^{125}$ (about $e^{118.29}$ with the stated $L=1024$).",
    evidence=("App. 9.10.1 protocol (L = 1024, 5 repeats, 8192 sampled pairs per repeat): GERF $e^{137.20}$, OPRF $e^{137.77}$, "
              "GeomRF+ only $e^{118.29}$ < $e^{125}$. The sentence fails under every choice App. 9.10.1 leaves open (protocol-sensitivity table: "
              "mean log-variance or log of the mean variance, all $L^2$ pairs or the $L$ pairs $(x_i,y_i)$, GeomRF+'s $p$ from statistic (14) or per pair, the shift's $\\epsilon$ from 1e-08 to 0.5): "
              "with the stated mean log-variance GeomRF+ reaches at most 118.37 (a larger $\\epsilon$ lowers it: 118.28 at 0.001, 111.81 at 0.5); "
              "with the log of the mean variance GERF drops to 46.33 (at most 76.97). "
              "Off the stated protocol the printed sentence is reproduced: with sets of 128 points (the shift $c$, the statistics and the pairs all taken from them) GeomRF+ reaches 126.82 +- 0.81 "
              "(GERF 137.87, OPRF 138.58), with 16-point sets 131.87 +- 3.31. App. 9.10.1 states L = 1024, so this is recorded as a possible source of the printed figure, not as a reading of the paper. "
              "A replicate on 5 fresh pairs of sets, 1200 pairs evaluated with the mpmath formulas at 15 verified digits, "
              "gives GERF 137.49 +- 0.95, OPRF 138.39 +- 0.79, GeomRF+ 118.34 +- 0.87 (the printed 125 rejected at z = -7.7)."),
    readings=[
        Reading('literal (App. 9.10.1 protocol)', 'Mean log-variance over the $L^2$ pairs of $L=1024$ sets, 5 repeats, the shift $c$ of Sec. 3.2.3 as the minimum over the sets; GeomRF+ $>e^{125}$ vs PosRF.',
                False, 'GeomRF+ 118.29 against 125; replicate on fresh sets with the mpmath formulas 118.34 +- 0.87 (the printed 125 rejected at z = -7.7)'),
        Reading('charitable: the choices App. 9.10.1 leaves open (defence counsel)', "The averaging (mean log-variance, or the log of the mean variance), the pairs (all $L^2$, or the $L$ pairs $(x_i,y_i)$ of Sec. 5.1's 'we sample pairs'), GeomRF+'s $p$ fitted per pair, and the $\\epsilon$ of the shift $c$.",
                False, 'the sentence fails in all 10 rows of the table: the mean log-variance keeps GeomRF+ at most at 118.37; the log of the mean variance drops GERF to 46.33 (at most 76.97) against the printed 125'),
    ],
    defence="Defence counsel: marginal; with the shift $c$ (and the statistics) taken from 128-point sets GeomRF+ reaches $e^{126.82}$ and every printed inequality holds, so the printed figure may come from smaller sets than the stated ones; the log of the mean variance would also pass for GeomRF+ but breaks the sentence's GERF claim.",
    defeated_by='the paper states the protocol that decides it: L = 1024 sets (App. 9.10.1) and c the minimum over the sets used (Sec. 3.2.3; a shift further down only lowered GeomRF+, to 111.81 at epsilon = 0.5); 128-point sets contradict the stated L rather than read it, and the stated protocol gives 118.29 (replicate 118.34 +- 0.87, z = -7.7)',
    empirical=True,
    checks=[
        Check("log-variance reductions", "numeric", _sec51_heterogen,
              exercises=("rfsym.crt.experiments.compare_regime_cached",),
              route="analytic log-variances, L = 1024, 5 repeats, 8192 sampled pairs each",
              control="the printed threshold for GeomRF+"),
        Check("fresh sets, mpmath formulas", "numeric", _sec51_heterogen_mp,
              exercises=("rfsym.crt.experiments.reductions_mp_pairs", "rfsym.crt.experiments.summarise_reductions"),
              route="5 fresh pairs of sets, 1200 pairs evaluated by the mpmath variance formulas (cached, random subset recomputed)",
              control="the printed threshold for GeomRF+"),
        Check("the sentence under every open protocol choice", "numeric", _sec51_heterogen_table,
              exercises=("rfsym.crt.experiments.sample_regime", "rfsym.crt.experiments.fit_parameters", "rfsym.crt.experiments.log_variances", "rfsym.crt.geometric_p_star_np"),
              route="the App. 9.10.1 draws replayed (checked against compare_regime_cached) and re-averaged; p per pair and other shifts recomputed; smaller sets off the stated protocol",
              control="the sentence without its GeomRF+ part (must hold under the stated averaging)",
              protocol_choices=_SEC51_CHOICES),
    ],
))


# -------------------------------------------------------------------------------- CRT-Sec5.1-mnist

def _sec51_mnist_grid():
    # GERF over a grid of (s, A) on real 8x8 MNIST (two preprocessing routes), synthetic normal regime as control
    from .. import experiments as cx
    from ...datasets import load_images
    rng = np.random.default_rng(SEED + 57)
    lines, bests = [], []
    Xa, Ya = cx.sample_regime("mnist", 64, 1024, 1.0, rng)
    D = load_images("mnist", resize="bilinear", scale="sym")[0]
    idx = rng.permutation(len(D))[:2048]
    for name, (X, Y) in (("area, [0,1] pixels", (Xa, Ya)), ("bilinear, [-1,1] pixels", (D[idx[:1024]], D[idx[1024:]]))):
        r = cx.gerf_grid_reductions(X, Y, rng)
        bests.append(r["best"])
        lines.append(f"{name}: best mean reduction over {r['n_grid']} grid points {round(r['best'], 2) + 0.0:.2f} (at s = {r['s']:+d}, A = {r['A'].real:.4f}{r['A'].imag:+.4f}i)")
    Xn, Yn = cx.sample_regime("normal", 64, 1024, 1.0, rng)
    rc = cx.gerf_grid_reductions(Xn, Yn, rng)
    ok = all(b <= 10 for b in bests)
    return Outcome(ok, "GERF vs TrigRF at sigma = 1, 1024 + 1024 real 8x8 MNIST test images, 2048 drawn pairs, no optimiser (grid of s = +-1, Re A = (1-e^v)/8 for v in [-3, 3], "
                       "Im A in [-1, 1]): " + "; ".join(lines) + f". Synthetic control (normal regime, same grid): best {rc['best']:.2f}",
                   agreement=f"no grid point beats e^10 (best {max(bests):.2f})", control_rejected=rc["best"] > 10,
                   control_detail=f"on the synthetic normal regime the same grid finds e^{rc['best']:.2f} > e^10 (the check can see the claim hold)")


#: the choices the paper leaves open for the mnist regime ("random images from MNIST resized to 8 x 8, scaled by sigma")
_MNIST_CHOICES = ("resize", "pixel scaling", "sets")
_MNIST_THR = {"GERF vs TrigRF": 10, "OPRF vs PosRF": 7, "GeomRF+ vs PosRF": 7}
_MNIST_RESIZES = ("area", "bilinear", "triangle")
_MNIST_SCALE_NAME = {"unit": "unit [0, 1]", "sym": "sym [-1, 1]", "raw": "raw 0..255"}


def _sec51_mnist_preprocessing():
    # the printed mnist factors under standardised pixels (zero mean, unit variance over all pixels of the 10000 images),
    # next to the cached [0,1] / [-1,1] / raw settings: one protocol-sensitivity table
    from .. import experiments as cx
    from ...datasets import load_images
    thr = _MNIST_THR
    lines, all_hold, table = [], {}, []
    cached = _crd.mnist_table()
    for setting, red in cached:
        variant, sets = setting.split(", ", 1)
        resize, _, scale = variant.split("/")
        table.append(((resize, _MNIST_SCALE_NAME[scale], sets), red))
    for resize in _MNIST_RESIZES:
        D = load_images("mnist", resize=resize, scale="unit")[0]
        r = cx.image_reductions((D - D.mean()) / D.std(), 1.0, SEED + 59)
        all_hold[resize] = all(r[k] > t for k, t in thr.items())
        table.append(((resize, "standardised", "L = 1024, 5 repeats, 8192 drawn pairs each (live)"), r))
        lines.append(f"{resize}/standardised: " + ", ".join(f"{k} {v:.2f}" for k, v in r.items()) + f" (every printed inequality holds: {all_hold[resize]})")
    fails01 = [red["GERF vs TrigRF"] <= 10 for s, red in cached if "/raw" not in s]
    holds_raw = [all(red[k] > t for k, t in thr.items()) for s, red in cached if "/raw" in s]
    ok = any(all_hold.values()) and all(fails01) and all(holds_raw)
    rows = tuple((vals, ", ".join(f"{_SEC51_SHORT[k]} {red[k]:.2f}" for k in thr), all(red[k] > t for k, t in thr.items()))
                 for vals, red in table)
    def deciding(red):     # how far the deciding inequality is from its printed exponent (nats)
        short = [t - red[k] for k, t in thr.items() if red[k] <= t]
        return max(short) if short else min(red[k] - t for k, t in thr.items())
    margin = min(deciding(red) for _, red in table)
    sens = Sensitivity(_MNIST_CHOICES, "mean log-variance reductions, nats (mnist, sigma = 1, d = 64)", rows,
                       threshold="the printed sentence holds when every printed inequality does ("
                                 + ", ".join(f"{_SEC51_SHORT[k]} > {t}" for k, t in thr.items()) + f"); decided at the estimate (cached means carry no standard error; in every row the deciding value lies at "
                                 f"least {margin:.2f} nats from its printed exponent); raw 0..255 pixels are shown for completeness: they make the reductions "
                                 f"astronomically large, out of scale with the printed figures")
    scales = dict.fromkeys(v[1] for v, _ in table)
    resize_of = {sc: ", ".join(dict.fromkeys(v[0] for v, _ in table if v[1] == sc)) for sc in scales}
    return Outcome(ok, ("sigma = 1, L = 1024, 5 repeats, 8192 drawn pairs each, real 8x8 MNIST test images standardised over all pixels: " + "; ".join(lines)
                        + f". With pixels in [0,1] or [-1,1] the GERF factor fails in all {len(fails01)} cached settings; with raw 0..255 pixels every inequality holds: "
                        f"{all(holds_raw)}. The outcome hinges on the pixel preprocessing, which the paper does not state"),
                   agreement=f"holds under {sum(all_hold.values())} of 3 standardised resizes, fails under all {len(fails01)} [0,1]/[-1,1] settings",
                   control_rejected=any(all_hold.values()),
                   control_detail="'fails under every reasonable preprocessing' (the former erratum) rejected: standardised "
                                  + ", ".join(k for k, v in all_hold.items() if v) + " pixels satisfy every printed inequality",
                   domain={"resize": ", ".join(_MNIST_RESIZES) + " (raw pixels: " + resize_of[_MNIST_SCALE_NAME["raw"]] + " only)",
                           "pixel scaling": "; ".join(f"{sc} ({rs})" for sc, rs in resize_of.items()),
                           "printed inequality": ", ".join(f"{k} > {t}" for k, t in thr.items())},
                   sensitivity=sens)


CLAIMS.append(Claim(
    id="CRT-Sec5.1-mnist", paper="CRT", location="Sec. 5.1, Fig. 2 (mnist regime)",
    statement="At $\\sigma=1$ (mnist, 8x8): GERF gives more than $e^{10}$ times variance reduction vs TrigRF; OPRF and GeomRF+ more than $e^7$ vs PosRF.",
    verdict="unverifiable",
    rule="unverifiable-open-choice",
    conventions=('CRT:fig2-log-variance',),
    evidence=("The outcome hinges on the pixel preprocessing, which the paper does not state ('random images from MNIST resized to 8x8, scaled by sigma'). "
              "With pixels in [0, 1] or [-1, 1] (three resize methods; the paper's L = 1024, 5-repeat protocol for area/[0, 1]) the optimal GERF is TrigRF: "
              "GERF vs TrigRF 0.00 in all 7 settings (a grid of 1050 GERF parameters (s, A), no optimiser, finds none better, while on the synthetic normal regime the same grid finds e^82.52), "
              "and OPRF / GeomRF+ beat PosRF by e^3.26 to e^7.19 with [0, 1] pixels and by more than e^122.23 with [-1, 1] pixels. "
              "With pixels standardised over the image set (zero mean, unit variance) every printed inequality holds for area resizing (GERF 17.70, OPRF 133.58, GeomRF+ 126.98) "
              "and bilinear resizing (34.54, 120.64, 114.48), not for triangle resizing (GERF 7.50); raw 0..255 pixels satisfy all of them. "
              "Recorded earlier as an erratum on the [0, 1] and [-1, 1] readings only; standardised pixels, a common preprocessing, reproduce the printed factors, so the claim cannot be decided from the text."),
    checks=[
        Check("sigma = 1 reductions on real MNIST, every preprocessing", "data", _crd.check_sec51_mnist,
              route="cached run of rfsym.crt.realdata on the real data (make experiments; tests/test_realdata.py recomputes cells bit for bit); variances from rfsym.crt.experiments.fit_parameters / log_variances",
              control="raw 0..255 pixels, under which every printed inequality holds, must be accepted"),
        Check("GERF over a parameter grid on real MNIST (no optimiser)", "data", _sec51_mnist_grid,
              exercises=("rfsym.crt.experiments.gerf_grid_reductions", "rfsym.crt.experiments.sample_regime"),
              route="1050 (s, A) grid points, 2048 pairs of real 8x8 MNIST images, area/[0,1] and bilinear/[-1,1]; synthetic normal regime as control",
              control="the synthetic normal regime, where GERF beats TrigRF by more than e^10, must be accepted"),
        Check("standardised pixels: the printed factors hold", "data", _sec51_mnist_preprocessing,
              exercises=("rfsym.crt.experiments.image_reductions",),
              route="paper protocol (L = 1024, 5 repeats) on real 8x8 MNIST standardised over all pixels, three resizes, vs the cached [0,1]/[-1,1]/raw settings",
              control="'fails under every reasonable preprocessing' (the former erratum)",
              protocol_choices=_MNIST_CHOICES),
    ],
    notebook="realdata", label="realdata-crt-sec5-1-mnist",
))


# -------------------------------------------------------------------------------- CRT-Sec5.1-many

def _fig2_ray_mc():
    # sampled single-feature variances along a ray of the normal regime (parameters refitted from the scaled sets),
    # decided with the exact fourth moments where the library has them (crt.experiments.sampled_variance_checks;
    # issue 27); the same points as the notebook's figure (crt.experiments.ray_mc, computed once)
    from .. import experiments as cx
    _, _, checks = cx.ray_mc(SEED + 4)
    lines = [c["text"] for c in checks]
    oks, bads = [c["passed"] for c in checks], [c["control_rejected"] for c in checks]
    zs, zb = [c["z"] for c in checks], [c["control_z"] for c in checks]
    f = cx.RAY_MC["factor"]
    return Outcome(all(oks), "d=64, normal regime, one pair scaled by sigma, parameters fitted on the scaled sets: " + "; ".join(lines),
                   agreement=f"max |z| = {max(abs(z) for z in zs):.2f} over {len(zs)} point(s)", control_rejected=all(bads),
                   control_detail=f"wrong Var x {f:g} rejected at |z| >= {min(abs(z) for z in zb):.1f} (exact s.e. and guaranteed rate where the fourth moment is known)")


def _np_layer_consistency():
    # the float64 log-variances behind Fig. 2 against the verified-digit mpmath formulas, 12 random pairs each
    rng = np.random.default_rng(SEED + 32)
    X, Y = rng.standard_normal((12, 3)) * 0.7, rng.standard_normal((12, 3)) * 0.7
    worst = {}
    A, lam, p = -0.3, 0.8, 0.4
    cases = {
        "log_trig_variance_np": (crt.log_trig_variance_np(X, Y), lambda x, y: crt.trig_variance(x, y, dps=20)),
        "log_pos_variance_np": (crt.log_pos_variance_np(X, Y), lambda x, y: crt.pos_variance(x, y, dps=20)),
        "log_oprf_variance_np": (crt.log_oprf_variance_np(X, Y, A), lambda x, y: crt.gerf_variance(x, y, repr(A), 1, dps=20)),
        "log_oprf_variance_np(A*)": (crt.log_oprf_variance_np(X, Y), lambda x, y: crt.oprf_variance(x, y, dps=20)),
        "log_gerf_variance_np": (crt.log_gerf_variance_np(X, Y, -0.1 + 0.2j, -1), lambda x, y: crt.gerf_variance(x, y, "-0.1+0.2j", -1, dps=20)),
        "log_poisson_variance_np": (crt.log_poisson_variance_np(X, Y, lam), lambda x, y: crt.poisson_variance(x, y, repr(lam), dps=20)),
        "log_geometric_variance_np": (crt.log_geometric_variance_np(X, Y, p), lambda x, y: crt.geometric_variance(x, y, repr(p), dps=20)),
    }
    for name, (cur, ref) in cases.items():
        worst[name] = max(abs(float(cur[i]) - float(mpmath.log(ref(X[i].tolist(), Y[i].tolist())))) for i in range(len(X)))
    # the experiment layer: log_variances (real mechanisms halved) and the aggregation of compare_regime / compare_regime_cached
    from .. import experiments as cx
    c = np.minimum(X.min(0), Y.min(0)) - 1e-8
    params = {"GERF": (-1, -0.1 + 0.2j), "OPRF": A, "PoisRF": lam, "GeomRF": p, "PoisRF+": (c, lam), "GeomRF+": (c, p)}
    lv = cx.log_variances(X, Y, params, pairs="diag")
    refs = {"TrigRF": lambda x, y: crt.trig_variance(x, y, dps=20), "PosRF": lambda x, y: crt.pos_variance(x, y, dps=20) / 2,
            "GERF": lambda x, y: crt.gerf_variance(x, y, "-0.1+0.2j", -1, dps=20),
            "OPRF": lambda x, y: crt.gerf_variance(x, y, repr(A), 1, dps=20) / 2,
            "PoisRF": lambda x, y: crt.poisson_variance(x, y, repr(lam), dps=20) / 2,
            "GeomRF": lambda x, y: crt.geometric_variance(x, y, repr(p), dps=20) / 2,
            "PoisRF+": lambda x, y: crt.poisson_variance((np.array(x) - c).tolist(), (np.array(y) - c).tolist(), repr(lam), dps=20) / 2,
            "GeomRF+": lambda x, y: crt.geometric_variance((np.array(x) - c).tolist(), (np.array(y) - c).tolist(), repr(p), dps=20) / 2}
    worst["log_variances"] = max(abs(float(lv[m][i]) - float(mpmath.log(refs[m](X[i].tolist(), Y[i].tolist())))) for m in refs for i in range(4))
    agg = cx.compare_regime("heterogen", 0.6, np.random.default_rng(5), d=3, L=6, repeats=2)
    aggc = cx.compare_regime_cached("heterogen", 0.6, 5, 6, 2, 3)
    rr = np.random.default_rng(5)
    vals = {m: [] for m in cx.METHODS}
    for _ in range(2):
        Xs, Ys = cx.sample_regime("heterogen", 3, 6, 0.6, rr)
        lvs = cx.log_variances(Xs, Ys, cx.fit_parameters(Xs, Ys))
        for m in cx.METHODS:
            vals[m].extend(lvs[m].tolist())
    worst["compare_regime"] = max(max(abs(agg[m][0] - np.mean(vals[m])), abs(agg[m][1] - np.std(vals[m])),
                                      abs(aggc[m][0] - np.mean(vals[m]))) for m in cx.METHODS)
    r = crt.oprf_rho_star_np(3, np.array([0.5, 7.0]))
    worst["oprf_rho_star_np"] = max(abs(float(r[k]) - float(crt.oprf_rho_star(3, v, dps=20))) for k, v in enumerate(("0.5", "7")))
    ok = all(v < 1e-9 for v in worst.values())
    return Outcome(ok, "float64 log-variances (Fig. 2 layer) vs mpmath at 20 digits, 12 random pairs, d = 3: max abs. error of the log " +
                   ", ".join(f"{k} {v:.1e}" for k, v in worst.items()), agreement=f"max {max(worst.values()):.0e}")


def _regimes_mc():
    # the Sec. 5.1 regimes as defined: normal N(0, s^2 I), sphere s S^{d-1}, heterogen N(0, s^2 I) and N(s 1, s^2 I)
    from .. import experiments as cx
    rng = np.random.default_rng(SEED + 33)
    sg, d, L = 0.8, 64, 8192
    rows, oks, bads = [], [], []
    X, Y = cx.sample_regime("normal", d, L, sg, rng)
    for name, arr in (("normal X", X), ("normal Y", Y)):
        r = mean_of((arr ** 2).ravel())
        oks.append(z_check(r, sg * sg))
        bads.append(z_check(r, (1.01 * sg) ** 2))
        rows.append(f"{name}: E x_l^2 {oks[-1]}")
    X, Y = cx.sample_regime("heterogen", d, L, sg, rng)
    r = mean_of(Y.ravel())
    oks.append(z_check(r, sg))
    bads.append(z_check(r, -sg))
    rows.append(f"heterogen Y: E y_l {oks[-1]}")
    r = mean_of(((Y - sg) ** 2).ravel())
    oks.append(z_check(r, sg * sg))
    bads.append(z_check(r, (1.01 * sg) ** 2))
    rows.append(f"heterogen Y: E (y_l - sigma)^2 {oks[-1]}")
    X, Y = cx.sample_regime("sphere", d, 64, sg, rng)
    nerr = float(np.max(np.abs(np.linalg.norm(np.vstack([X, Y]), axis=1) - sg)))
    return Outcome(all(c.passed for c in oks) and nerr < 1e-12, f"sigma = {sg}, d = {d}, L = {L}: " + "; ".join(rows) + f"; sphere norms equal sigma to {nerr:.0e}",
                   **_mc_outcome(rows, oks, bads, "scale (1.01 sigma) or sign (heterogen mean -sigma)"))


_FIG2_SIGMAS = (0.1, 0.55, 1.0)

_SYNTH = ("normal", "sphere", "heterogen")


def _fig2():
    from .. import experiments as cx
    lines, big, regimes_won, never_worse, base_big = [], 0, set(), True, 0
    total = 0
    for regime in _SYNTH:
        curves = cx.fig2_curves(regime, _FIG2_SIGMAS, SEED + 30, L=1024, repeats=1, n_pairs=4096)
        for k, sg in enumerate(_FIG2_SIGMAS):
            r = {m: (float(curves[m][0][k]), float(curves[m][1][k])) for m in cx.METHODS}
            direct = cx.compare_regime(regime, float(sg), np.random.default_rng(SEED + 30), L=1024, repeats=1, n_pairs=4096) if k == 0 else r
            if any(abs(direct[m][0] - r[m][0]) > 1e-9 * max(1.0, abs(r[m][0])) for m in cx.METHODS):
                raise AssertionError(f"fig2_curves disagrees with compare_regime at {regime}, sigma = {sg}")
            base = min(r["TrigRF"][0], r["PosRF"][0])
            new_best = min((r[m][0], m) for m in cx.METHODS if m not in ("TrigRF", "PosRF"))
            total += 1
            never_worse &= new_best[0] <= base + 0.05
            if new_best[0] < base - 10:
                big += 1
                regimes_won.add(regime)
            if base < new_best[0] - 10:
                base_big += 1
            lines.append(f"{regime} sigma={sg}: best baseline {base:.1f}, best CRT {new_best[1]} {new_best[0]:.1f}")
    ok = never_worse and big >= 4 and len(regimes_won) >= 2
    return Outcome(ok, (f"d=64, L=1024 (4096 sampled pairs), synthetic regimes (reading 'many scenarios' as: never worse than the best baseline, and more than e^10 better in at least 4 "
                        f"settings of 2 regimes): never worse: {never_worse}; more than e^10 better in {big} of {total} settings ({sorted(regimes_won)}); "
                        + "; ".join(lines)),
                   agreement=f"{big} of {total} settings won by > e^10", control_rejected=base_big < 4,
                   control_detail=f"the reverse statement (baselines > e^10 better) holds in {base_big} settings only")


CLAIMS.append(Claim(
    id="CRT-Sec5.1-many", paper="CRT", location="Sec. 5.1, text on Fig. 2",
    statement="In many scenarios (Fig. 2, 0.1 <= sigma <= 1) CRTs outperform the TrigRF and PosRF baselines (synthetic regimes normal, sphere, heterogen; the mnist panel is CRT-Sec5.1-mnist).",
    verdict="verified",
    rule="verified-as-printed",
    conventions=('CRT:fig2-log-variance',),
    empirical=True,
    evidence=r"Recomputed from the variance formulas with the paper's protocol ($L=1024$, pairs subsampled): the best CRT is never worse than the best baseline, and more than $e^{10}$ better in normal and heterogen at $\sigma\ge0.55$; in sphere and at small $\sigma$ it ties (GERF reduces to TrigRF).",
    checks=[
        Check("CRTs vs baselines over regimes and sigma", "numeric", _fig2,
              exercises=("rfsym.crt.experiments.compare_regime_cached",),
              route="analytic log-variances, L = 1024, 4096 sampled pairs",
              control="the reverse statement (baselines win)"),
        Check("sampled variances along a ray", "montecarlo", _fig2_ray_mc,
              exercises=("rfsym.crt.experiments.ray_mc", "rfsym.crt.experiments.sampled_log_variances", "rfsym.crt.experiments.sampled_variance_checks", "rfsym.crt.experiments.fit_parameters", "rfsym.crt.experiments.log_variances"),
              route="200000 sampled single features per method at sigma = 0.04, 0.07, 0.1 (crt.experiments.RAY_MC); exact fourth moments where known", control="Var x 1.2"),
        Check("the regimes as defined", "montecarlo", _regimes_mc,
              exercises=("rfsym.crt.experiments.sample_regime",),
              route="moments of 8192 x 64 sampled coordinates", control="scale 1.01 sigma; heterogen mean -sigma"),
        Check("float64 layer vs mpmath", "consistency", _np_layer_consistency,
              exercises=("rfsym.crt.experiments.log_variances", "rfsym.crt.experiments.compare_regime", "rfsym.crt.log_trig_variance_np", "rfsym.crt.log_pos_variance_np", "rfsym.crt.log_oprf_variance_np", "rfsym.crt.log_gerf_variance_np", "rfsym.crt.log_poisson_variance_np", "rfsym.crt.log_geometric_variance_np"),
              route="the same formulas at 20 verified digits"),
    ],
))


# -------------------------------------------------------------------------------- CRT-Fig2

CLAIMS.append(Claim(
    id="CRT-Fig2", paper="CRT", location="Sec. 5.1, Fig. 2",
    statement="Log-variance (mean and standard deviation over pairs) of the eight mechanisms against sigma in [0.1, 1], non-positive and positive RFs in separate panels, four regimes.",
    verdict="unverifiable",
    rule="unverifiable-unprinted",
    conventions=('CRT:fig2-log-variance',),
    empirical=True,
    evidence="The plotted values cannot be read from the paper's text, so the curves cannot be compared point by point; the notebook redraws the figure with the paper's protocol ($L=1024$, 5 pairs of sets per $\\sigma$, parameters fitted on the full sets; the mean and spread over the $L^2$ pairs estimated from 8192 drawn pairs per set) and the sentences it supports are checked as CRT-Sec5.1-many, CRT-Sec5.1-normal, CRT-Sec5.1-heterogen and CRT-Sec5.1-mnist.",
))


# -------------------------------------------------------------------------------- CRT-Sec5.2

CLAIMS.append(Claim(
    id="CRT-Sec5.2", paper="CRT", location="Sec. 5.2",
    statement="New RF mechanisms give the best non-parametric classification accuracy; OPRF has the best average (UCI data sets).",
    verdict="unverifiable",
    rule="unverifiable-open-choice",
    evidence=_crd.evidence_sec52(),
    checks=[
        Check("the sentence under each feature preprocessing", "data", _crd.check_sec52_preprocessing,
              route="cached reruns of rfsym.crt.realdata on the UCI data, raw (part crt) and standardised (part crt-std) features; tests/test_realdata.py recomputes cells bit for bit",
              control="the printed Table 1, which satisfies the sentence, must be accepted",
              protocol_choices=_crd.SEC52_CHOICES),
    ],
    notebook="realdata", label="realdata-crt-sec5-2",
))


# -------------------------------------------------------------------------------- CRT-Sec5.2-cost

def _sec52_ops(d, n, M, L, seed):
    """Counted operations of the RF classifier of Sec. 5.2 (PosRF features, (2)) and of the exact one.

    Returns (preprocessing, per query with RFs, per query exact); exp counts as one operation."""
    from .sec3_2 import _Counted
    rng = np.random.default_rng(seed)
    C = lambda a: [[_Counted(float(v)) for v in r] for r in a]
    O, W = C(rng.standard_normal((L, d)) / d), C(rng.standard_normal((M, d)))
    R = C(np.eye(n)[rng.integers(0, n, L)])
    q = [_Counted(float(v)) for v in rng.standard_normal(d) / d]

    def exp(c):
        _Counted.ops += 1
        return _Counted(math.exp(c.v))

    dot = lambda a, b: sum((u * v for u, v in zip(a, b)), _Counted(0.0))
    feat = lambda w, x: exp(dot(w, x) - dot(x, x))                       # f_pos(w, x) = exp(w.x - ||x||^2)
    _Counted.ops = 0
    S = [[sum((feat(w, o) * r[k] for o, r in zip(O, R)), _Counted(0.0)) for k in range(n)] for w in W]
    pre = _Counted.ops
    _Counted.ops = 0
    fq = [feat(w, q) for w in W]
    [sum((f * S[m][k] for m, f in enumerate(fq)), _Counted(0.0)) for k in range(n)]
    query = _Counted.ops
    _Counted.ops = 0
    diff = lambda a, b: [u - v for u, v in zip(a, b)]
    [sum((exp(_Counted(0.0) - dot(diff(q, o), diff(q, o))) * r[k] for o, r in zip(O, R)), _Counted(0.0)) for k in range(n)]
    exact = _Counted.ops
    return pre, query, exact


def _sec52_cost():
    # per-query cost of the RF classifier at fixed n = 2, M = 16, L = 32 as d grows: O(nM) would not grow, O((d+n)M) does
    n, M, L = 2, 16, 32
    rows, per_q, ratio_dn, ratio_n, ratio_ex = [], [], [], [], []
    for d in (2, 8, 32):
        pre, qry, ex = _sec52_ops(d, n, M, L, SEED + 71 + d)
        per_q.append(qry)
        ratio_dn.append(qry / ((d + n) * M))
        ratio_n.append(qry / (n * M))
        ratio_ex.append(ex / ((d + n) * L))
        rows.append(f"d = {d}: preprocessing {pre}, per query {qry} (RFs) and {ex} (exact)")
    lin = max(ratio_dn) / min(ratio_dn) < 1.5 and max(ratio_ex) / min(ratio_ex) < 1.5
    grows = per_q[-1] / per_q[0]
    return Outcome(lin, (f"PosRF classifier, n = {n} classes, M = {M}, L = {L}, counted operations (exp = 1): " + "; ".join(rows)
                         + f". Per query / ((d + n) M) = {', '.join(f'{r:.2f}' for r in ratio_dn)} (bounded), per query / (n M) = "
                         f"{', '.join(f'{r:.1f}' for r in ratio_n)} (grows with d): at fixed n the per-query cost grows {grows:.1f}-fold from d = 2 to 32"),
                   agreement="O((d+n)M) per query", control_rejected=grows > 4,
                   control_detail=f"the printed O(nM) per query (constant in d at fixed n) is rejected: {grows:.1f}-fold growth")


CLAIMS.append(Claim(
    id="CRT-Sec5.2-cost", paper="CRT", location="Sec. 5.2, para 1",
    statement=r"'Using the RF approximation for the kernel as in (2), we, with $O(nLM)$ preprocessing, can approximate $\mathbf r^*$ in $O(nM)$ time per example instead of $O(nL)$ for the exact computation.'",
    verdict="erratum", severity="typo",
    rule="erratum-typo",
    correction=r"$O((d+n)LM)$ preprocessing and $O((d+n)M)$ time per example (the $M$ features of $\mathbf o^*$ cost $O(dM)$) instead of $O((d+n)L)$ for the exact computation; the gain $L/M$ is as printed.",
    evidence=r"The sentence drops the cost of the features: each of the $M$ features of a query costs $O(d)$ (Sec. 2.1 counts it: (2) in $O(dML)$), so a query costs $O((d+n)M)$, and the exact computation $O((d+n)L)$. Counted operations of a PosRF classifier at $n=2$, $M=16$, $L=32$ grow with $d$ at fixed $n$ (per query / $(nM)$ grows with $d$, per query / $((d+n)M)$ stays bounded; numbers in the check). Rule erratum-typo: wrong as printed whenever $d$ is not $O(n)$, repaired from Sec. 2.1's $O(dML)$, and nothing downstream changes (the speed-up $L/M$ is right).",
    readings=[
        Reading("literal", r"$O(nM)$ per example and $O(nLM)$ preprocessing, for every data dimension $d$.", False,
                "at n = 2 the counted per-query cost grows with d (see the check: per query / (n M) grows, per query / ((d + n) M) bounded)"),
        Reading("charitable: d held fixed (defence counsel)", r"The orders count only the dependence on $n$, $L$ and $M$, the data dimension $d$ being a constant of the data set.", False,
                "the paper counts d in Sec. 2.1 (O(dL^2) and O(dML)) and Sec. 2.3 (O(dML)), so its own convention keeps d; with d counted the per-query cost grows with d at fixed n"),
    ],
    defence="Defence counsel: the sentence compares the label-aggregation costs, $nM$ against $nL$; the feature dimension is a constant of each data set and the ratio $L/M$ of the speed-up is right.",
    defeated_by="the paper counts d in its other complexity statements (O(dML) in Sec. 2.1 and 2.3), and at fixed n the counted per-query cost grows with d: O(nM) as printed is wrong, the repair O((d+n)M) is clear from Sec. 2.1 (typo)",
    checks=[
        Check("counted operations of the RF classifier", "numeric", _sec52_cost,
              route="counting number type on a PosRF classifier, d = 2, 8, 32", control="O(nM) per query"),
    ],
    single_witness="a complexity count: the one computable fact is how the operation count of the classifier grows with d at fixed n, counted exactly; the identity (2) behind it has its own witnesses (CRT-Eq2)",
))


# -------------------------------------------------------------------------------- CRT-Tab1

_TAB1_D8 = (" Rule unverifiable-out-of-reach, kept under the rulebook (issue 28, referee item D8, which asked for open choice as for CRT-Sec5.2, DERF-Fig3 and SimRF-Sec5.3): a sensitivity table over what the cached reruns vary (raw against standardised features; check below) does not flip, because no row reproduces the printed cells (25 of 64 and 21 of 48 within |z| <= 5): what decides the cells is the split, not the preprocessing (on our split cmc scores 37.3 % with all eight methods and with both preprocessings, against printed 35.5 to 47.8), and the authors' 90/5/5 split is unpublished data, not on this machine. The open-choice claims are sentences about which mechanism wins, which the preprocessing decides on one split; Table 1 asserts the cells themselves.")
_TAB1_CHECK = Check("Table 1 under each cached feature preprocessing", "data", _crd.check_tab1_preprocessing,
                    exercises=("rfsym.crt.realdata.check_tab1_preprocessing", "rfsym.realdata.classification_summary"),
                    route="cached reruns of rfsym.crt.realdata (parts crt: raw features, crt-std: standardised), M = 128, 10 test "
                          "seeds, our 90/5/5 split, against the printed Table 1 cells and Table 3 standard deviations",
                    control="'raw (standardised) features reproduce Table 1' must be rejected",
                    protocol_choices=_crd.TAB1_CHOICES)
_TAB1_NO_WITNESS = {
    "symbolic": "classification accuracies: no derivation",
    "numeric": "classification accuracies: no high-precision value",
    "montecarlo": "the reruns sample the features (10 test seeds per cell); the data witness reads them",
}

CLAIMS.append(Claim(
    id="CRT-Tab1", paper="CRT", location="Sec. 5.2, Table 1",
    statement="Test accuracies of the eight mechanisms on abalone, banknote, car, yeast, cmc, nursery, wifi, chess.",
    verdict="unverifiable",
    rule="unverifiable-out-of-reach",
    empirical=True,
    evidence=_crd.evidence_tab1() + " The arithmetic of the printed numbers (averages, best and second-best marks) is checked in CRT-Tab1-arith." + _TAB1_D8,
    checks=[_TAB1_CHECK],
    no_witness=_TAB1_NO_WITNESS,
    notebook="realdata", label="realdata-crt-tab1",
))


# -------------------------------------------------------------------------------- CRT-Tab1-arith

_TAB1_METHODS = ("TrigRF", "PosRF", "GERF", "PoisRF", "GeomRF", "OPRF", "PoisRF+", "GeomRF+")

# (dataset, accuracies as printed, bold (best) columns, underlined (second best) columns)
_TAB1 = (
    ("abalone", ("12.0", "16.0", "17.0", "18.0", "18.3", "17.1", "14.0", "15.1"), {"GeomRF"}, {"PoisRF"}),
    ("banknote", ("66.2", "83.4", "92.4", "84.4", "94.5", "92.6", "80.1", "85.6"), {"GeomRF"}, {"OPRF"}),
    ("car", ("66.3", "69.2", "70.9", "66.3", "66.3", "69.5", "66.3", "67.2"), {"GERF"}, {"OPRF"}),
    ("yeast", ("29.7", "34.4", "42.9", "36.9", "35.9", "44.4", "29.7", "31.0"), {"OPRF"}, {"GERF"}),
    ("cmc", ("46.6", "45.1", "47.8", "46.6", "47.3", "46.3", "35.5", "43.5"), {"GERF"}, {"GeomRF"}),
    ("nursery", ("31.3", "77.4", "63.8", "77.1", "77.1", "78.9", "77.3", "71.0"), {"OPRF"}, {"PosRF", "GeomRF"}),
    ("wifi", ("15.2", "88.8", "93.3", "95.3", "95.8", "93.3", "77.2", "82.9"), {"GeomRF"}, {"PoisRF"}),
    ("chess", ("16.5", "20.2", "20.4", "19.1", "19.5", "20.2", "19.2", "22.5"), {"GeomRF+"}, {"GERF"}),
)

_TAB1_AVG = (("35.5", "54.3", "56.1", "55.5", "56.8", "57.8", "49.9", "52.3"), {"OPRF"}, {"GeomRF"})


def _tab1_arith():
    rows, bad_marks = [], []
    cols = list(zip(*[[Fraction(v) for v in r[1]] for r in _TAB1]))
    avg_ok = True
    for m, col, pa in zip(_TAB1_METHODS, cols, _TAB1_AVG[0]):
        mean = sum(col) / len(col)
        # printed entries are rounded to 0.1, so the true mean lies within 0.05 of the mean of the printed entries
        consistent = abs(mean - Fraction(pa)) <= Fraction(1, 10)
        avg_ok &= consistent
        rows.append(f"{m}: mean of printed column {float(mean):.4f}, printed average {pa}")
    for name, vals, bold, und in _TAB1 + (("Average",) + _TAB1_AVG,):
        b, s2 = _rank_marks([Fraction(v) for v in vals], _TAB1_METHODS)
        if b != bold or s2 != und:
            shown = ", ".join(f"{m} {v}" for m, v in zip(_TAB1_METHODS, vals) if m in (bold | und | b | s2) or v in vals)
            bad_marks.append(f"{name}: printed bold {sorted(bold)}, underlined {sorted(und)}; true best {sorted(b)}, second {sorted(s2)} (row: {shown})")
    winners = {name: _rank_marks([Fraction(v) for v in vals], _TAB1_METHODS)[0] for name, vals, *_ in _TAB1}
    new_win = all(not (w & {"TrigRF", "PosRF"}) for w in winners.values())
    avg_vals = [sum(c) / len(c) for c in cols]
    oprf_best = max(range(8), key=lambda i: avg_vals[i]) == _TAB1_METHODS.index("OPRF")
    ok = avg_ok and new_win and oprf_best and len(bad_marks) == 1 and bad_marks[0].startswith("nursery")
    return Outcome(ok, ("Table 1 as printed: " + "; ".join(rows) + f". Averages consistent with the rounded entries: {avg_ok}. "
                        f"Every data set's best is a new mechanism: {new_win}; OPRF has the best average: {oprf_best}. "
                        f"Markings that disagree with the printed numbers: {bad_marks}"),
                   agreement="averages within rounding", control_rejected=len(bad_marks) > 0,
                   control_detail="a wrong marking is detected (nursery: GeomRF 77.1 underlined below PoisRF+ 77.3)",
                   domain={"rows (data sets)": f"all {len(_TAB1)}: " + ", ".join(r[0] for r in _TAB1) + " (markings: and the Average row)",
                           "columns (averages)": f"all {len(_TAB1_METHODS)}: " + ", ".join(_TAB1_METHODS)})


CLAIMS.append(Claim(
    id="CRT-Tab1-arith", paper="CRT", location="Sec. 5.2, Table 1 (printed numbers)",
    distinct_from={"CRT-Tab2-marks": "the marks of two different tables (Table 1 classification, Table 2 GLUE)"},
    statement="Table 1 as printed: the Average row is the mean of each column; bold marks the best and underline the second best result of each row (caption: 'The best result, second best').",
    verdict="erratum", severity="typo",
    rule="erratum-typo",
    correction="nursery row: only PosRF (77.4) is second best; GeomRF (77.1) should not be underlined.",
    evidence="Averages are consistent with the rounded entries (the printed numbers also put a new mechanism first in every row and OPRF first on average, the arithmetic part of the Sec. 5.2 sentence registered as CRT-Sec5.2); one marking is wrong: in the nursery row GeomRF (77.1) is underlined as second best, but PosRF (77.4, also underlined) is second and PoisRF+ (77.3) third.",
    readings=[
        Reading('literal', 'In the nursery row GeomRF (77.1) is underlined as second best.',
                False, 'nursery: PosRF 77.4 and PoisRF+ 77.3 are above GeomRF 77.1'),
        Reading('charitable: second best among the new mechanisms', 'The underline marks the second-best CRT (PosRF being a baseline).',
                False, 'among the new mechanisms PoisRF+ 77.3 is second after OPRF 78.9, still above GeomRF 77.1'),
    ],
    defence="Defence counsel: the other seven rows' markings and all column averages are right; one misplaced underline in one row.",
    defeated_by='no marking rule puts GeomRF 77.1 second: PosRF 77.4 and PoisRF+ 77.3 are above it (typo)',
    checks=[
        Check("averages and markings", "arithmetic", _tab1_arith,
              route="exact rational arithmetic of the printed entries", control="a wrong marking"),
    ],
    single_witness="a statement about the printed numbers of Table 1 (averages, bold/underline marks): the only data are those printed entries, so exact arithmetic on them is the one route; rerunning the experiment (CRT-Tab1) decides a different claim, the accuracies themselves",
))


# -------------------------------------------------------------------------------- CRT-Tab3

CLAIMS.append(Claim(
    id="CRT-Tab3", paper="CRT", location="App. 9.10.2, Table 3",
    statement="Standard deviations of the Table 1 accuracies.",
    verdict="unverifiable",
    rule="unverifiable-out-of-reach",
    empirical=True,
    evidence=_crd.evidence_tab3() + " No other printed number is derived from these standard deviations, so the printed numbers allow no check." + _TAB1_D8.replace("no row reproduces the printed cells", "no row reproduces the printed Table 1 cells whose spread Table 3 gives"),
    checks=[_TAB1_CHECK],
    no_witness=_TAB1_NO_WITNESS,
    notebook="realdata", label="realdata-crt-tab3",
))


# -------------------------------------------------------------------------------- CRT-Sec5.3

CLAIMS.append(Claim(
    id="CRT-Sec5.3", paper="CRT", location="Sec. 5.3",
    statement="FAVOR++ improves low-rank Transformers (text, speech, vision).",
    verdict="unverifiable",
    rule="unverifiable-out-of-reach",
    empirical=True,
    evidence=("Requires training large Transformers on GLUE/LibriSpeech/ImageNet (TPU scale); not reproducible here. The "
              "printed GLUE numbers are checked in CRT-Tab2-marks and CRT-Sec5.3.1; the speech and vision results are only "
              "plotted (CRT-Fig3, CRT-Fig4)."),
))


# -------------------------------------------------------------------------------- CRT-Tab2

CLAIMS.append(Claim(
    id="CRT-Tab2", paper="CRT", location="Sec. 5.3.1, Table 2",
    statement="GLUE dev results of FAVOR+, ELU, ReLU, FAVOR++ and Uptrain FAVOR++.",
    verdict="unverifiable",
    rule="unverifiable-out-of-reach",
    empirical=True,
    evidence="BERT-base pretraining and GLUE fine-tuning are out of reach offline and on 2 CPU cores; the arithmetic of the printed numbers is checked in CRT-Tab2-marks and CRT-Sec5.3.1.",
))


# -------------------------------------------------------------------------------- CRT-Tab2-marks

_TAB2_BOLD = ("Uptrain FAVOR++", "Uptrain FAVOR++", "Uptrain FAVOR++", "Uptrain FAVOR++", "Uptrain FAVOR++", "ReLU", "Uptrain FAVOR++", "ELU")

_TAB2_UND = ("ReLU", "FAVOR++", "FAVOR++", "FAVOR++", "FAVOR++", "ELU", "FAVOR++", "FAVOR++")


def _tab2_arith():
    names = list(_TAB2)
    bad = []
    for t, task in enumerate(_TAB2_TASKS):
        b, s2 = _rank_marks([Fraction(_TAB2[n][t]) for n in names], names)
        if b != {_TAB2_BOLD[t]} or s2 != {_TAB2_UND[t]}:
            bad.append(task)
    # control: a deliberately swapped marking in one column is noticed
    b, s2 = _rank_marks([Fraction(_TAB2[n][0]) for n in names], names)
    swapped_noticed = b != {_TAB2_UND[0]}
    return Outcome(not bad, f"Table 2: bold/underline markings recomputed from the printed scores for the {len(_TAB2_TASKS)} tasks; disagreements: {bad}",
                   agreement=f"{len(_TAB2_TASKS) - len(bad)} of {len(_TAB2_TASKS)} columns", control_rejected=swapped_noticed,
                   control_detail="a swapped bold/underline in MNLI is detected",
                   domain={"columns (tasks)": f"all {len(_TAB2_TASKS)}: " + ", ".join(_TAB2_TASKS)})


CLAIMS.append(Claim(
    id="CRT-Tab2-marks", paper="CRT", location="Sec. 5.3.1, Table 2 (printed numbers)",
    statement="Bold marks the best and underline the second best result of each task.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="The markings agree with the printed scores in all 8 columns.",
    checks=[
        Check("markings", "arithmetic", _tab2_arith,
              route="exact comparison of the printed scores", control="a swapped bold/underline"),
    ],
    single_witness="a statement about the marks of the printed Table 2 scores: the only data are the printed entries (GLUE training cannot be rerun, CRT-Tab2), so comparing them exactly is the one route",
))


# -------------------------------------------------------------------------------- CRT-Sec5.3.1

def _sec531_arith():
    ff, fp = _TAB2["FAVOR++"], _TAB2["FAVOR+"]
    vs_plus = sum(Fraction(a) > Fraction(b) for a, b in zip(ff, fp))
    others = ("FAVOR+", "ELU", "ReLU")
    vs_all = [task for t, task in enumerate(_TAB2_TASKS) if all(Fraction(ff[t]) > Fraction(_TAB2[o][t]) for o in others)]
    up = _TAB2["Uptrain FAVOR++"]
    up_better = [task for t, task in enumerate(_TAB2_TASKS) if Fraction(up[t]) > Fraction(ff[t])]
    ok = vs_plus == 8 and len(vs_all) > 4
    return Outcome(ok, (f"Table 2 as printed: FAVOR++ beats FAVOR+ on {vs_plus} of 8 tasks; FAVOR++ beats all three low-rank baselines "
                        f"(FAVOR+, ELU, ReLU) on {len(vs_all)} of 8 ({vs_all}); Uptrain FAVOR++ improves on FAVOR++ on {len(up_better)} of 8 "
                        f"(not on {[t for t in _TAB2_TASKS if t not in up_better]})"),
                   agreement=f"{vs_plus} of 8; {len(vs_all)} of 8", control_rejected=len(vs_all) < 8,
                   control_detail=f"'FAVOR++ beats every baseline on all tasks' is rejected ({len(vs_all)} of 8)")


CLAIMS.append(Claim(
    id="CRT-Sec5.3.1", paper="CRT", location="Sec. 5.3.1, text on Table 2",
    statement="FAVOR++ outperforms all these low-rank Transformers in most GLUE tasks; FAVOR++ outperforms FAVOR+ on all GLUE tasks; Uptrain FAVOR++ further improves performance.",
    verdict="verified",
    rule="verified-as-printed",
    evidence="From the printed Table 2: FAVOR++ beats FAVOR+ on 8 of 8 tasks and all three low-rank baselines on 5 of 8 (not MNLI, STS-B, RTE); Uptrain FAVOR++ improves on FAVOR++ on 7 of 8 (not RTE).",
    checks=[
        Check("counts from Table 2", "arithmetic", _sec531_arith,
              route="exact comparison of the printed scores", control="'beats every baseline on all tasks'"),
    ],
    single_witness="the sentences only summarise the printed Table 2 scores (GLUE training cannot be rerun, CRT-Tab2): counting wins among the printed entries is the one route",
))


# -------------------------------------------------------------------------------- CRT-Fig3

CLAIMS.append(Claim(
    id="CRT-Fig3", paper="CRT", location="Sec. 5.3.2, Fig. 3",
    statement="Conformer on LibriSpeech: FAVOR++ improves WER by 2.49% (M=8) and 3.05% (M=16) over FAVOR+.",
    verdict="unverifiable",
    rule="unverifiable-out-of-reach",
    empirical=True,
    evidence=("Requires LibriSpeech and TPU-scale training. The word error rates are only plotted and the two printed "
              "improvements are relative to them, so the printed numbers allow no check."),
))


# -------------------------------------------------------------------------------- CRT-Fig4

CLAIMS.append(Claim(
    id="CRT-Fig4", paper="CRT", location="Sec. 5.3.3, Fig. 4",
    statement="ViT on ImageNet: FAVOR++ is more stable, better for uptraining; similar speed to FAVOR+.",
    verdict="unverifiable",
    rule="unverifiable-out-of-reach",
    empirical=True,
    evidence=("Requires ImageNet and TPU-scale training. The accuracy curves are only plotted: the printed numbers "
              "allow no check."),
))


#: Mutation-audit survivors that no check can or needs to notice (see ``python -m rfsym audit``),
#: keyed by the audited function; kept next to the claims that call it.
AUDIT_EXPLAINED = {
    "rfsym.crt.experiments.classification_experiment": "an illustration on a bundled scikit-learn set in the notebook only; CRT-Sec5.2 / Table 1 are decided on the UCI data by rfsym.crt.realdata, so no CRT claim calls it",
    "rfsym.crt.experiments.gerf_objective_np:rel1e-2": "only its minimiser over A is used (the GERF fit); a positive factor on the objective leaves the minimiser unchanged, so no result can change",
    "rfsym.crt.experiments.gerf_objective_np:rel1e-3": "only its minimiser over A is used (the GERF fit); a positive factor on the objective leaves the minimiser unchanged, so no result can change",
    "rfsym.crt.experiments.summarise_reductions:rel1e-2": "mean and standard error of the 1200 cached per-pair reductions of the Sec. 5.1 replicate: a 1 % scale moves a mean of at most 139 nats by at most 1.4 nats, i.e. by less than 2 of its standard errors (0.54-0.95 nats), below the |z| <= 5 resolution of a sampled replicate, and leaves every threshold decision (|z| >= 3.4) unchanged; the sign flip is killed and the function is pinned exactly (1e-8) by tests/test_crt.py::test_reductions_mp_matches_float64_on_the_same_pairs",
    "rfsym.crt.experiments.summarise_reductions:rel1e-3": "see rel1e-2: a 0.1 % scale (at most 0.14 nats) is far below the replicate's standard errors",
    "rfsym.crt.experiments.gerf_grid_reductions:rel1e-2": "CRT-Sec5.1-mnist compares the best grid reduction with the printed e^10: on real MNIST the best is 0 (GERF = TrigRF, unchanged by any scale) and on the synthetic control about 82.5 nats (a 1 % scale keeps it far above 10), so only a sign error can change the check (killed); the values are pinned against a direct evaluation (1e-12) in tests/test_crt.py::test_gerf_grid_reductions",
    "rfsym.crt.experiments.gerf_grid_reductions:rel1e-3": "see rel1e-2",
    "rfsym.crt.experiments.image_reductions:rel1e-2": "CRT-Sec5.1-mnist compares these mean reductions with the printed thresholds e^10 and e^7; the closest value (triangle, GERF 7.50 vs 10) is 2.5 nats away and a 1 % scale moves any value (at most 142 nats) by at most 1.5 nats, so no comparison can flip; the sign flip is killed and the function is pinned exactly (1e-12) by tests/test_crt.py::test_image_reductions_replays_the_protocol",
    "rfsym.crt.experiments.image_reductions:rel1e-3": "see rel1e-2",
    'rfsym.crt.experiments.sampled_variance_checks:sign': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.crt.experiments.sampled_log_variances, killed by every perturbation',
    'rfsym.crt.experiments.sampled_variance_checks:rel1e-2': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.crt.experiments.sampled_log_variances, killed by every perturbation',
    'rfsym.crt.experiments.sampled_variance_checks:rel1e-3': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.crt.experiments.sampled_log_variances, killed by every perturbation',
    'rfsym.crt.experiments.ray_mc:sign': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.crt.experiments.sampled_log_variances, killed by every perturbation',
    'rfsym.crt.experiments.ray_mc:rel1e-2': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.crt.experiments.sampled_log_variances, killed by every perturbation',
    'rfsym.crt.experiments.ray_mc:rel1e-3': 'returns per-point decisions (booleans) made inside it from the samples and the exact fourth moments; the audit scales the numbers in its result (z, estimates, standard errors), which the claim prints but does not decide on. What the decisions rest on is audited where it is computed: rfsym.crt.experiments.sampled_log_variances, killed by every perturbation',
}
