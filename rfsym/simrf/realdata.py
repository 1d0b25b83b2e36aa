"""SimRF's experiments on real data: UCI kernel classification (Sec. 5.3, App. B.1, Fig. 8, Fig. 10, Tables 2-3).

Computation (PRF feature maps, the cached parts ``simrf`` and ``simrf-std`` and their run functions) and
judging (the printed Tables 2 and 3, and the checks and evidence texts of SimRF-Sec5.3, SimRF-Fig8 and
SimRF-Fig10).  Seeds, data, scoring, the classification driver and the cache are the toolbox's
(:mod:`rfsym.realdata`).

Protocol (App. B.1)
    sigma where the IIDRF (m = 10 d) validation accuracy peaks, 10 draws, nursery and chess restricted to
    1000 training and 100 validation objects during the search; test accuracy with 50 draws per coupling
    and m.  The split and the sigma grid are not stated: CRT's 90/5/5 split and grid are used.

Readings
    Accuracies: z = (reproduced mean - printed) / sqrt(se_rep^2 + se_printed^2) with the printed standard
    errors (Tables 2-3); a z-score of absolute value at most :data:`rfsym.realdata.Z_MAX` counts as agreement.

References
----------
* SimRF: Reid et al., Simplex Random Features, ICML 2023, Sec. 5.3, App. B.
"""

from __future__ import annotations

import functools
import math
import time

import numpy as np

from .. import couplings
from .. import datasets as ds
from .. import realdata as rd
from ..claims import Outcome

__all__ = ["METHODS", "FAMILY", "log_features", "run", "run_std", "classification_cell_std", "PROTOCOL",
           "PROTOCOL_STD", "CLASSIFICATION", "CLASSIFICATION_STD", "PARTS", "TABLE2", "TABLE3", "rerun_rows",
           "consistency", "evidence_sec53", "check_fig10"]

METHODS = ("iid", "orthogonal", "simplex", "simplex+")


def log_features(method: str, Xq, Xt, m: int, rng: np.random.Generator, *, params=None):
    """Log positive random features exp(w^T x - ||x||^2) (Eq. (7), Gaussian kernel) of the query set ``Xq``
    and the training set ``Xt`` (already times sigma), coupling ``method`` of :func:`rfsym.couplings.sample`.

    Returns ``(lq, pq, lt, pt)`` as :func:`rfsym.realdata.class_scores` takes them (signs all 1);
    ``params`` is unused.

    Examples
    --------
    >>> X = np.random.default_rng(1).standard_normal((4, 3)) * 0.3
    >>> lq, pq, lt, pt = log_features("simplex", X, X, 3, np.random.default_rng(0))
    >>> lq.shape, bool(np.all(pq == 1))
    ((4, 3), True)
    """
    Xq = np.asarray(Xq, float)
    Xt = np.asarray(Xt, float)
    d = Xq.shape[1]
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got method={method!r}")
    W = couplings.sample(method, d, m, rng)
    lq = Xq @ W.T - (Xq * Xq).sum(1)[:, None]
    lt = Xt @ W.T - (Xt * Xt).sum(1)[:, None]
    return lq, np.ones_like(lq), lt, np.ones_like(lt)


#: the SimRF couplings for :func:`rfsym.realdata.classification_cell`
FAMILY = rd.FeatureFamily("SimRF", METHODS, log_features)

PROTOCOL = {"methods": list(METHODS), "m_over_d": [1, 2, 4, 8], "sigmas": list(rd.SIGMA_GRID),
            "tune_m_over_d": 10, "tune_seeds": 10, "tune_cap": [1000, 100], "test_seeds": 50,
            "datasets": list(ds.UCI_SETS),
            "notes": "SimRF App. B.1: sigma chosen where the IIDRF (m = 10 d) validation accuracy peaks, "
                     "10 draws, nursery and chess restricted to 1000 training and 100 validation objects "
                     "during the search. The split and the sigma grid are not stated: the CRT split "
                     "(90/5/5) and grid are used. Test: 50 draws per coupling and m."}
PROTOCOL_STD = {"methods": list(METHODS), "m_over_d": [1, 2, 4, 8], "sigmas": list(rd.SIGMA_GRID),
                "tune_m_over_d": 10, "tune_seeds": 10, "tune_cap": [1000, 100], "test_seeds": 50,
                "datasets": list(ds.UCI_SETS), "standardize": "per feature, mean and std of the training set",
                "notes": "As simrf, but every feature standardised with the training set's mean and standard "
                         "deviation (no leakage). The printed v_bar of SimRF Table 2 (mean sigma ||x + y||) is "
                         "of order 1, which raw UCI units (wifi: dBm around -60) cannot give at an informative "
                         "sigma; this variant tests whether the verdict hinges on that unstated preprocessing."}


def run(quiet=False) -> dict:
    """Part ``simrf``: :data:`PROTOCOL` on the eight UCI sets (raw features)."""
    P = PROTOCOL
    out = {}
    grid = list(range(len(rd.SIGMA_GRID)))
    for name in P["datasets"]:
        t0 = time.time()
        X, y, (tr, va, te), R = rd.prepare(name)
        d = X.shape[1]
        res = {"n": [len(tr), len(va), len(te)], "d": d}
        val, best = rd.tune_and_test(FAMILY, name, "exact", 0, 1, 0, grid)
        res["exact"] = {"val": val, "sigma_i": best, "test": rd.classification_cell(FAMILY, name, "exact", 0, best, 0, 1)}
        cap = tuple(P["tune_cap"]) if name in ("nursery", "chess") else None
        val, best = rd.tune_and_test(FAMILY, name, "iid", P["tune_m_over_d"] * d, P["tune_seeds"], 0, grid, cap)
        res["tuning"] = {"val": val, "sigma_i": best, "cap": list(cap) if cap else None}
        for method in P["methods"]:
            for k in P["m_over_d"]:
                res[f"{method}|{k * d}"] = {"sigma_i": best, "test": [
                    rd.classification_cell(FAMILY, name, method, k * d, best, s, 1) for s in range(P["test_seeds"])]}
        out[name] = res
        rd.scaled_sets.cache_clear()
        rd.progress(f"[simrf] {name}: {time.time() - t0:.0f} s", quiet)
    return out


@functools.lru_cache(maxsize=64)
def _fitted_std(name, sigma_i, phase, cap=None):
    """As :func:`rfsym.realdata.scaled_sets` (SimRF), features standardised with the training set's mean and std."""
    X, y, (tr, va, te), R = rd.prepare(name)
    mu, sd = X[tr].mean(0), X[tr].std(0)
    sd = np.where(sd > 0, sd, 1.0)
    Z = (X - mu) / sd
    q = va if phase == 0 else te
    if cap is not None:
        tr, q = tr[:cap[0]], q[:cap[1]]
        R = R[:cap[0]]
    s = rd.SIGMA_GRID[sigma_i]
    return s * Z[q], s * Z[tr], y[q], R


def classification_cell_std(name: str, method: str, m: int, sigma_i: int, seed_i: int, phase: int, cap=None) -> int:
    """:func:`rfsym.realdata.classification_cell` of the SimRF protocol on standardised features (``method="exact"``: exact kernel).

    Examples
    --------
    >>> 0 <= classification_cell_std("banknote", "simplex", 4, 3, 0, 0) <= 68
    True
    """
    Xq, Xt, yq, R = _fitted_std(name, sigma_i, phase, cap)
    if method == "exact":
        return rd.accuracy_counts(rd.exact_scores(Xq, Xt, R), yq)
    rng = rd.rng_for("SimRF", ds.UCI_SETS.index(name), METHODS.index(method), m, sigma_i, seed_i, phase)
    return rd.accuracy_counts(rd.class_scores(*log_features(method, Xq, Xt, m, rng), R), yq)


def run_std(quiet=False) -> dict:
    """Part ``simrf-std``: :data:`PROTOCOL_STD` (features standardised with the training set's mean and std)."""
    P = PROTOCOL_STD
    grid = list(range(len(rd.SIGMA_GRID)))
    out = {}
    for name in P["datasets"]:
        t0 = time.time()
        X, y, (tr, va, te), R = rd.prepare(name)
        d = X.shape[1]
        res = {"n": [len(tr), len(va), len(te)], "d": d}
        val = [[classification_cell_std(name, "exact", 0, j, 0, 0)] for j in grid]
        best = int(np.argmax([v[0] for v in val]))
        res["exact"] = {"val": val, "sigma_i": best, "test": classification_cell_std(name, "exact", 0, best, 0, 1)}
        cap = tuple(P["tune_cap"]) if name in ("nursery", "chess") else None
        val = [[classification_cell_std(name, "iid", P["tune_m_over_d"] * d, j, s, 0, cap) for s in range(P["tune_seeds"])]
               for j in grid]
        best = int(np.argmax([np.mean(v) for v in val]))
        res["tuning"] = {"val": val, "sigma_i": best, "cap": list(cap) if cap else None}
        for method in P["methods"]:
            for k in P["m_over_d"]:
                res[f"{method}|{k * d}"] = {"sigma_i": best, "test": [
                    classification_cell_std(name, method, k * d, best, s, 1) for s in range(P["test_seeds"])]}
        out[name] = res
        _fitted_std.cache_clear()
        rd.progress(f"[simrf-std] {name}: {time.time() - t0:.0f} s", quiet)
    return out


#: the cached parts of SimRF (``python -m rfsym experiments --only simrf|simrf-std``)
CLASSIFICATION = rd.Part("simrf", PROTOCOL, (log_features, METHODS, run), run)
CLASSIFICATION_STD = rd.Part("simrf-std", PROTOCOL_STD, (log_features, METHODS, _fitted_std.__wrapped__,
                                                         classification_cell_std, run_std), run_std)
PARTS = (CLASSIFICATION, CLASSIFICATION_STD)
_PART = {p.name: p for p in PARTS}


# ------------------------------------------------------------------------------ printed tables

#: SimRF Table 2: (v_bar, SimRF, se, SimRF+, se), m = d
TABLE2 = {
    "abalone": (1.7, 0.1421, 0.0002, 0.1419, 0.0002), "banknote": (2.6, 0.7229, 0.0012, 0.7132, 0.0012),
    "car": (5.0, 0.6754, 0.0004, 0.6751, 0.0004), "yeast": (3.1, 0.3202, 0.0004, 0.3208, 0.0004),
    "cmc": (2.0, 0.4047, 0.0005, 0.4065, 0.0005), "nursery": (1.4, 0.6874, 0.0005, 0.6917, 0.0004),
    "wifi": (0.8, 0.6314, 0.0018, 0.6473, 0.0018), "chess": (2.3, 0.2000, 0.0001, 0.2000, 0.0001),
}
#: SimRF Table 3 (regular columns): IID, ORF, SimRF as (accuracy, se); inputs zero-padded to a power of 2
TABLE3 = {
    "abalone": ((0.1432, 0.0003), (0.1445, 0.0003), (0.1455, 0.0003)),
    "banknote": ((0.6441, 0.0024), (0.6612, 0.0025), (0.7196, 0.0019)),
    "car": ((0.6768, 0.0006), (0.6788, 0.0006), (0.6797, 0.0006)),
    "yeast": ((0.3187, 0.0006), (0.3193, 0.0006), (0.3187, 0.0006)),
    "cmc": ((0.4088, 0.0009), (0.4149, 0.0009), (0.4206, 0.0008)),
    "nursery": ((0.5870, 0.0013), (0.6213, 0.0019), (0.7030, 0.0008)),
    "wifi": ((0.4914, 0.0026), (0.5224, 0.0025), (0.6509, 0.0027)),
    "chess": ((0.2011, 0.0002), (0.2017, 0.0002), (0.2021, 0.0002)),
}


# ------------------------------------------------------------------------------ judging

def rerun_rows(part: str = "simrf") -> list:
    """Rows ``(dataset, m, {coupling: (mean, std, n)}, exact)`` of the SimRF rerun (``part`` simrf or simrf-std)."""
    S = rd.classification_summary(_PART[part])
    rows = []
    for n in ds.UCI_SETS:
        d = rd.load(_PART[part])["results"][n]["d"]
        for k in _PART[part].protocol["m_over_d"]:
            rows.append((n, k * d, {c: S[n][f"{c}|{k * d}"] for c in METHODS}, S[n]["exact"][0]))
    return rows


def consistency(part: str = "simrf") -> dict:
    """SimRF minus the better of IIDRF/ORF per (data set, m): the differences, their seed standard errors and z-scores
    (significant above 5 in absolute value)."""
    rows = rerun_rows(part)
    diffs, ses, zs, behind = [], [], [], []
    for n, m, accs, _ in rows:
        s_ = accs["simplex"]
        o = max((accs[c] for c in ("iid", "orthogonal")), key=lambda a: a[0])
        se = math.hypot(s_[1] / math.sqrt(s_[2]), o[1] / math.sqrt(o[2]))
        z = (s_[0] - o[0]) / se if se > 0 else 0.0
        diffs.append(s_[0] - o[0])
        ses.append(se)
        zs.append(z)
        if z < -rd.Z_MAX:
            behind.append(f"{n} m = {m} (z = {z:.1f})")
    return {"cells": len(zs), "ahead": sum(z > 0 for z in zs), "significant": sum(z > rd.Z_MAX for z in zs),
            "identical": sum(z == 0 for z in zs), "behind": behind, "z": zs, "diff": diffs, "se": ses}


def average_lead(part: str = "simrf") -> tuple:
    """SimRF minus the better of IIDRF/ORF (test accuracy), averaged over the (data set, m) cells of a rerun
    (:func:`consistency`): ``(mean, standard error, number of cells)``; the cells' draws are independent, so the
    standard error is the root of the summed squared seed standard errors over the number of cells.

    Examples
    --------
    >>> mean, se, cells = average_lead("simrf-std")
    >>> cells, round(mean, 4), round(se, 4)
    (32, 0.0208, 0.0023)
    """
    c = consistency(part)
    return float(np.mean(c["diff"])), math.sqrt(sum(se * se for se in c["se"])) / c["cells"], c["cells"]


def evidence_sec53() -> str:
    """Evidence text for SimRF-Sec5.3 / SimRF-Fig8 ("SimRFs consistently perform best"), from the caches."""
    out, lead = [], {}
    try:
        for part, what in (("simrf", "raw features"), ("simrf-std", "standardised features")):
            c = consistency(part)
            lead[part] = average_lead(part)
            tun = rd.load(_PART[part])["results"]
            small = sum(tun[n]["tuning"]["sigma_i"] == 0 for n in ds.UCI_SETS)
            out.append(f"{what}: SimRF ahead of the better of IIDRF/ORF in {c['ahead']} of {c['cells']} (data set, m) "
                       f"cells, significantly (z > {rd.Z_MAX:g}) in {c['significant']}, identical predictions in "
                       f"{c['identical']}, significantly behind in {len(c['behind'])}; sigma tuned to the grid's "
                       f"smallest value on {small} of 8 sets")
    except ds.DataError as exc:
        return f"(result cache unavailable: {exc})"
    (mr, sr, cells), (ms, ss, _) = lead["simrf"], lead["simrf-std"]
    return ("Rerun with the protocol of Sec. 5.3 / App. B.1 (sigma where the IIDRF m = 10d validation accuracy peaks; "
            "CRT's 90/5/5 split and sigma grid, which SimRF does not state; m/d = 1, 2, 4, 8; 50 draws): "
            + "; ".join(out) + ". The split, the sigma grid and the feature preprocessing are not stated. The "
            f"preprocessing alone changes the average outcome: averaged over the {cells} cells SimRF leads the better of "
            f"IIDRF/ORF by {ms:+.4f} +- {ss:.4f} (z {ms / ss:+.1f}) with standardised features and by {mr:+.4f} +- {sr:.4f} "
            f"(z {mr / sr:+.1f}) with raw ones. Read strictly (best in every cell), neither rerun decides it: SimRF is "
            "significantly ahead in few cells and significantly behind in none. No reading refutes the claim and the strict "
            "one cannot confirm it, so it can be neither confirmed nor refuted here (table).")


def check_fig10():
    """SimRF App. B.1: the sigma where IIDRF validation accuracy peaks "does not generically coincide with
    where the exact kernel performance peaks" -- on our reruns (raw and standardised features, same grid).

    Read as: the two peaks differ on at least half of the 8 data sets in each rerun.  No control is run
    (the statement is a count).
    """
    parts, ok = [], True
    for part in ("simrf", "simrf-std"):
        C = rd.load(_PART[part])["results"]
        diff = [(n, rd.SIGMA_GRID[C[n]["exact"]["sigma_i"]], rd.SIGMA_GRID[C[n]["tuning"]["sigma_i"]]) for n in ds.UCI_SETS]
        k = sum(e != i for _, e, i in diff)
        ok &= k >= 4
        parts.append(f"{part}: " + ", ".join(f"{n} {e:.3g}/{i:.3g}" for n, e, i in diff) + f" -> different on {k} of 8")
    ev = ("validation peaks (sigma grid 1e-2..1e2, 10 values), exact kernel / IIDRF m = 10d: " + "; ".join(parts))
    return Outcome(ok, ev)

