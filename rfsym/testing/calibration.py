"""Calibration of :mod:`rfsym.testing`: observed false-alarm rates and power on correct implementations.

:func:`unbiased_test` and :func:`mse_test` state a false-alarm rate that is a *proven* bound
(:mod:`rfsym.tailbounds`) and a power that is a proven lower bound. This module measures both on the
library's own estimators, which implement their mechanisms correctly by construction:

* **false alarms**: the fraction of seeds on which the test rejects a correct implementation, per cell
  (mechanism x d x ``|x| = |y|`` at 60 degrees x ``n``), at ``alpha`` in :data:`ALPHAS`. The guarantee is
  the same theorem at every ``alpha``; ``alpha = 0.05`` and ``0.01`` can be observed with 1000 seeds,
  the default ``5.7e-7`` only as "no failures";
* **power**: the fraction of seeds on which the test detects a deliberate error of the size the test
  states it detects with power 80 % (``detect80``) and 95 % (``detect95``), at the default ``alpha``.
  Two alternatives: the estimate multiplied by ``1 + b`` (a realistic bug: a normalisation slip), and
  the estimate shifted by ``b K`` (the alternative the power theorem is about: the null's variance, a
  shifted mean). For the MSE test the squared error is multiplied by ``1 + b`` (the estimate
  :math:`K + \\sqrt{1+b}(\\widehat K - K)`) or shifted by ``b`` times the exact MSE;
* the **contrast**: the asymptotic z-test with the sample standard error (what a plain callable with
  ``kernel=`` gets, and what the earlier ``assert_unbiased``/``assert_mse`` did) on the same draws.

**How the calibration runs the tests.** It calls the *same decision code* as the public functions, on the *same draws*:

* the replicates at seed ``s`` are those of ``est.sample(x, y, m, n, np.random.default_rng(s))``, which is
  what ``unbiased_test(est, x, y, m=m, n=n, seed=s)`` draws: :func:`shared_samples` replays
  :meth:`rfsym.estimators.RandomFeatures.sample` chunk by chunk, drawing each chunk's projections once and
  evaluating every mechanism of the same coupling and every norm on them (the mechanisms' draws are
  checked to be bitwise identical from the same generator state; otherwise each draws its own). So the
  cells of one block share draws (they are dependent), while the seeds of one cell are independent;
* the decisions are :func:`rfsym.testing.core._guaranteed` (exact variance; bounds from
  :func:`rfsym.testing.law.law_of`) and :func:`rfsym.testing.core._asymptotic` (sample s.e.), called as
  :func:`unbiased_test` and :func:`mse_test` call them;
* :func:`spot_check` reruns the public functions at a few seeds of each cell and asserts the same
  statistic and verdict (:func:`run` does it on seeds 0 and 1 of every cell).

Fitted mechanisms (OPRF, FAVOR++) are fitted once per cell (as the public functions fit at seed 0), and
the law is that of the fitted estimator.

The cache ``rfsym/data/results/testing-calibration.json`` holds the grid, the seeds, the counts, the stated
rates, exact binomial bounds and :func:`source_hash` of the code it depends on; the book page
``notebooks/testing.md`` reads it. Rerun with ``python -m rfsym.testing.calibration --jobs J`` (about 35 CPU-minutes;
under 7 minutes on 16 cores).
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import math
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from .. import estimators as _est
from .. import tailbounds as _tb
from ..estimators.base import RandomFeatures, _alpha
from . import core as _core
from .core import DEFAULT_ALPHA, _setting_pair
from .law import law_of

__all__ = ["MECHANISMS", "ALPHAS", "ANGLE", "NORMS", "BLOCKS", "REQUIRED", "SETTINGS", "shared_samples",
           "ALL", "CELL_PARAMS", "BUG_GRID", "cell_estimator", "run_bugs", "calibrate_block", "run", "spot_check", "false_alarm_counts", "compact", "binom_sf", "cp_upper", "cp_lower", "check_threshold",
           "source_hash", "cache_path", "load", "is_stale"]

#: Mechanisms of the wide grid: the positive-feature mechanisms with an exact MSE at the couplings they are
#: used with, and random Fourier features (bounded estimates).
MECHANISMS = ("PosRF", "FAVOR+", "SimRF", "OPRF", "FAVOR++", "PosRF-antithetic", "RFF")
#: Every mechanism of :mod:`rfsym.estimators` (the required cells run them all, 1000 seeds each).
ALL = tuple(_est.NAMES)
#: Parameters of the mechanisms that need them (CE's ``a`` is ``linspace(0.6, 1.5, d)``); the others use their
#: defaults, and fitted mechanisms are fitted to the pair as the public functions fit them.
CELL_PARAMS = {"GERF": {"A": 0.05 + 0.02j, "s": -1}, "CE": {"a": "linspace(0.6, 1.5, d)"}}
#: Rates at which false alarms are counted (the last is the default, 5.7e-7).
ALPHAS = (0.05, 0.01, DEFAULT_ALPHA)
#: Angle between x and y (60 degrees).
ANGLE = math.pi / 3
#: ``|x| = |y|`` of the wide grid.
NORMS = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0)
#: The issue's required cells: d = m = 16, five norms, 1000 seeds each (n = 2000 replicates a test), every mechanism.
REQUIRED = {"d": 16, "m": 16, "n": 2000, "seeds": 1000, "norms": (0.5, 1.0, 1.5, 2.0, 3.0)}
#: Every block (d, m, n, seeds, norms, mechanisms) of the grid; the first is the required set.
BLOCKS = (
    (16, 16, 2000, 1000, REQUIRED["norms"], ALL),
    (4, 4, 2000, 400, NORMS, MECHANISMS),
    (16, 16, 2000, 200, (0.25,), MECHANISMS),
    (4, 4, 20000, 60, NORMS, MECHANISMS),
    (16, 16, 20000, 20, NORMS, MECHANISMS),
    (64, 16, 2000, 30, NORMS, MECHANISMS),
    (128, 16, 2000, 6, NORMS, MECHANISMS),
)

#: The broken implementations of :mod:`rfsym.testing.bugs`: (d, n, seeds, norms) of the feature-map bugs and
#: (d, n_blocks, seeds) of the Haar-sampler bugs.
BUG_GRID = {"d": 16, "n": 2000, "seeds": 200, "norms": REQUIRED["norms"], "haar": (16, 2000, 200)}

#: Everything that decides the numbers (part of :func:`source_hash`).
SETTINGS = {"mechanisms": list(ALL), "cell_params": {k: {a: repr(b) for a, b in v.items()} for k, v in CELL_PARAMS.items()},
            "alphas": list(ALPHAS), "angle": ANGLE,
            "blocks": [[d, m, n, s, list(r), list(mm)] for d, m, n, s, r, mm in BLOCKS], "power": [0.8, 0.95],
            "bugs": {k: list(v) if isinstance(v, tuple) else v for k, v in BUG_GRID.items()},
            "seeds": "seed s = 0 .. seeds-1: numpy.random.default_rng(s), as unbiased_test(seed=s)"}
#: Files whose code decides the numbers (docstrings and comments do not count), and, of this module, the
#: functions that compute the cache (:data:`_HASHED`, so that reporting helpers can change freely).
SOURCES = ("rfsym/tailbounds.py", "rfsym/testing/core.py", "rfsym/testing/law.py", "rfsym/estimators/base.py",
           "rfsym/estimators/mechanisms.py", "rfsym/couplings.py", "rfsym/testing/haar.py", "rfsym/testing/bugs.py")

_ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------------------------------------
# exact binomial helpers
# ------------------------------------------------------------------------------------------------


def binom_sf(k: int, n: int, p: float) -> float:
    """:math:`P(\\mathrm{Bin}(n, p) \\ge k)`, exact (:func:`rfsym.tailbounds.binom_tail`).

    Examples
    --------
    >>> round(binom_sf(1, 10, 0.1), 6)
    0.651322
    """
    return _tb.binom_tail(int(n), float(p), int(k))


def cp_upper(k: int, n: int, conf: float = 0.95) -> float:
    """One-sided Clopper-Pearson upper confidence bound of a rate from ``k`` events in ``n`` trials.

    Examples
    --------
    >>> round(cp_upper(0, 1000), 5)          # the "rule of three": about 3/n
    0.00299
    """
    from scipy.stats import beta
    return 1.0 if k >= n else float(beta.ppf(conf, k + 1, n - k))


def cp_lower(k: int, n: int, conf: float = 0.95) -> float:
    """One-sided Clopper-Pearson lower confidence bound.

    Examples
    --------
    >>> round(cp_lower(1000, 1000), 5)
    0.99701
    """
    from scipy.stats import beta
    return 0.0 if k <= 0 else float(beta.ppf(1.0 - conf, k, n - k + 1))


def check_threshold(seeds: int, alpha: float, level: float = 1e-6) -> int:
    """Smallest count ``c`` with :math:`P(\\mathrm{Bin}(seeds, alpha) \\ge c) \\le level`.

    A calibration check "fails when ``c`` or more of ``seeds`` correct runs fail" then has a false-alarm
    rate ``<= level`` whenever each run's rate is ``<= alpha`` (the binomial tail grows with ``p``).

    Examples
    --------
    >>> check_threshold(200, 0.05)
    28
    """
    c = 0
    while binom_sf(c, seeds, alpha) > level:
        c += 1
    return c


# ------------------------------------------------------------------------------------------------
# sampling: RandomFeatures.sample replayed, draws shared between mechanisms and norms
# ------------------------------------------------------------------------------------------------


@contextmanager
def _fast_decisions():
    """Memoise the pure helper the decision code calls many times with the same arguments.

    ``core._normal_quantile`` depends on its arguments only; a cache changes no result, only the run time
    (``tailbounds._p_for``, the bisection, is memoised in :mod:`rfsym.tailbounds` itself).
    """
    saved = _core._normal_quantile
    _core._normal_quantile = functools.lru_cache(maxsize=None)(saved)
    try:
        yield
    finally:
        _core._normal_quantile = saved


def _replays_sample(est) -> bool:
    return type(est).sample is RandomFeatures.sample


def _draw_key(est, d, m, coupling):
    """A fingerprint of the arrays ``est`` draws (equal fingerprints: identical draws from one state)."""
    arrays = est._draw_arrays(d, m, np.random.default_rng(12345), coupling)
    return tuple((k, v.shape, v.tobytes()[:4096]) for k, v in sorted(arrays.items()))


def shared_samples(cells, m, n, rng):
    """Replicates of several (estimator, x, y) cells that draw the same way, from one generator.

    Parameters
    ----------
    cells : sequence of (estimator, x, y)
        Fitted estimators with the same coupling and ``d`` whose ``_draw_arrays`` give identical arrays
        from the same generator state (the calibration checks this).
    m, n : int
        Projections per estimate, replicates.
    rng : numpy.random.Generator

    Returns
    -------
    ndarray, shape (len(cells), n)
        Row ``i`` equals ``cells[i][0].sample(x, y, m, n, rng')`` for a generator ``rng'`` in ``rng``'s
        state (bit for bit: the same chunks, the same draws, the same arithmetic).

    Examples
    --------
    >>> from rfsym import estimators
    >>> est = estimators.get("FAVOR+")
    >>> x, y = np.array([0.3, 0.1, 0.0]), np.array([0.0, 0.2, 0.4])
    >>> a = shared_samples([(est, x, y), (est, y, x)], 3, 50, np.random.default_rng(1))
    >>> bool(np.array_equal(a[0], est.sample(x, y, 3, 50, np.random.default_rng(1))))
    True
    """
    est0 = cells[0][0]
    d = cells[0][1].size
    coupling = est0.default_coupling
    mb = m if coupling == "iid" else -(-m // d) * d
    chunk = max(1, 400_000 // (mb * d))
    out = np.empty((len(cells), n))
    scales = []
    for est, x, y in cells:
        a = _alpha(est.native_kernel, est.kernel)
        scales.append(math.exp(a * float(x @ x + y @ y)) if a else 1.0)
    for s in range(0, n, chunk):
        k = min(chunk, n - s)
        arrays = est0._draw_arrays(d, mb * k, rng, coupling)
        arrays = {nm: v.reshape((k, mb) + v.shape[1:])[:, :m].reshape((k * m,) + v.shape[1:])
                  for nm, v in arrays.items()}
        for i, (est, x, y) in enumerate(cells):
            bq = est._blocks(x[None], arrays, "query")[0]
            bk = est._blocks(y[None], arrays, "key")[0]
            g = np.real((bq * bk).sum(-1)).reshape(k, m).mean(axis=1)
            out[i, s:s + k] = g * scales[i]
    return out


# ------------------------------------------------------------------------------------------------
# one block of the grid
# ------------------------------------------------------------------------------------------------


def _cell_setup(name, d, m, r):
    x, y = _setting_pair(d, r, r, ANGLE)
    params = dict(CELL_PARAMS.get(name, {}))
    if name == "CE":
        params["a"] = np.linspace(0.6, 1.5, d)
    est = _core._fit_for_pair(_est.get(name, **params), x, y, 0)
    try:
        law, why = law_of(est, x, y, m, None), None
    except _est.NoExactValue as e:        # tested as the public functions test it: asymptotic, exact mean
        law, why = None, str(e)
    mean = law.mean if law is not None else float(est.mean(x, y))
    return {"name": name, "est": est, "x": x, "y": y, "law": law, "norm": r, "mean": mean, "why": why}


def cell_estimator(name, d, m, r):
    """The estimator (with :data:`CELL_PARAMS`, fitted as the public functions fit it) and the pair of a cell.

    Examples
    --------
    >>> est, x, y = cell_estimator("CE", 4, 4, 1.0)
    >>> est.name, round(float(np.linalg.norm(x)), 12)
    ('CE', 1.0)
    """
    c = _cell_setup(name, d, m, r)
    return c["est"], c["x"], c["y"]


def _mse_args(law):
    """(statistic mean, its variance, upper bound or None, guaranteed) of the MSE test, as mse_test sets them."""
    if law.central4 is None:
        return law.variance, None, None, False
    var_y = max(law.central4 - law.variance ** 2, 0.0)
    upper = None
    if law.lower is not None and law.upper is not None:
        b = max(law.upper - law.mean, law.mean - law.lower)
        upper = b * b
    return law.variance, var_y, upper, True


def _unb(s, law, alpha):
    return _core._guaranteed("E[K_hat] at (x, y)", s, law.mean, float(law.variance), alpha=alpha,
                             lower=law.lower, upper=law.upper)


def _mse(ysq, law, alpha):
    ex, var_y, upper, ok = _mse_args(law)
    if not ok:
        return _core._asymptotic("E[(K_hat - K)^2] at (x, y)", ysq, ex, alpha=alpha)
    return _core._guaranteed("E[(K_hat - K)^2] at (x, y)", ysq, ex, var_y, alpha=alpha, lower=0.0, upper=upper)


def _finite(b):
    return math.isfinite(b) and b > -1


def _new_acc():
    return dict(unb={a: [0, 0, 0] for a in ALPHAS}, mse={a: [0, 0, 0] for a in ALPHAS},
                aunb={a: [0, 0, 0] for a in ALPHAS}, amse={a: [0, 0, 0] for a in ALPHAS}, power={}, stated={})


def _count_seeds(d, m, n, seeds, norms, mechanisms):
    """Failure and detection counts of every cell of ``mechanisms x norms`` over the seeds ``seeds`` (a range).

    The stated detection sizes depend on the law and ``n`` only, so each chunk of seeds takes them from its
    first seed; the counts of disjoint chunks add up to those of the whole range.
    """
    setups = [_cell_setup(nm, d, m, r) for nm in mechanisms for r in norms]
    # group the cells whose estimators draw identically (same coupling, same arrays from one state)
    groups = {}
    for i, c in enumerate(setups):
        key = ("own", i) if not _replays_sample(c["est"]) else (c["est"].default_coupling,
                                                               _draw_key(c["est"], d, m, c["est"].default_coupling))
        groups.setdefault(key, []).append(i)
    C = len(setups)
    acc = [_new_acc() for _ in range(C)]
    first = seeds[0] if len(seeds) else 0
    with _fast_decisions():
        for seed in seeds:
            S = np.empty((C, n))
            for key, idx in groups.items():
                rng = np.random.default_rng(seed)
                if key[0] == "own":
                    c = setups[idx[0]]
                    S[idx[0]] = c["est"].sample(c["x"], c["y"], m, n, rng)
                else:
                    S[idx] = shared_samples([(setups[i]["est"], setups[i]["x"], setups[i]["y"]) for i in idx], m, n,
                                            rng)
            for i, c in enumerate(setups):
                law, s, a_ = c["law"], S[i], acc[i]
                if law is None:       # no exact law: the public functions' asymptotic z-test with the exact mean
                    for alpha in ALPHAS:
                        res = _core._asymptotic("", s, c["mean"], alpha=alpha)
                        if not res.passed:
                            cnt = a_["aunb"][alpha]
                            cnt[0] += 1
                            cnt[1 if res.z < 0 else 2] += 1
                    continue
                ysq = (s - law.mean) ** 2
                exact_mse = law.variance_exact          # a variance bound: mse_test refuses, nothing to count
                for alpha in ALPHAS:
                    tests = [("unb", _unb(s, law, alpha)), ("aunb", _core._asymptotic("", s, law.mean, alpha=alpha))]
                    if exact_mse:
                        tests += [("mse", _mse(ysq, law, alpha)),
                                  ("amse", _core._asymptotic("", ysq, law.variance, alpha=alpha))]
                    for tag, res in tests:
                        if not res.passed:
                            cnt = a_[tag][alpha]
                            cnt[0] += 1
                            cnt[1 if res.z < 0 else 2] += 1
                        if alpha == DEFAULT_ALPHA and seed == first and tag in ("unb", "mse"):
                            a_["stated"][tag] = res
                # power at the default alpha, at the stated detection sizes
                for tag in ("unb", "mse") if exact_mse else ("unb",):
                    st = a_["stated"][tag]
                    if tag == "mse" and not st.guaranteed:
                        continue
                    for lvl, pair in (("80", st.detect80), ("95", st.detect95)):
                        for side, b in (("low", pair[0]), ("high", pair[1])):
                            if not _finite(b):
                                continue
                            for mode in ("scale", "shift"):
                                if tag == "unb":
                                    alt = s * (1 + b) if mode == "scale" else s + b * law.mean
                                    res = _unb(alt, law, DEFAULT_ALPHA)
                                else:
                                    alt = ysq * (1 + b) if mode == "scale" else ysq + b * law.variance
                                    res = _mse(alt, law, DEFAULT_ALPHA)
                                k = (tag, lvl, side, mode, b)
                                a_["power"][k] = a_["power"].get(k, 0) + (not res.passed)
    stated = [{t: (r.alpha, r.method, tuple(r.detect80), tuple(r.detect95), r.guaranteed) for t, r in a_["stated"].items()}
              for a_ in acc]
    for a_ in acc:
        a_["stated"] = {}
    return acc, stated


def _count_task(task):
    d, m, n, lo, hi, norms, mechanisms = task
    return task, _count_seeds(d, m, n, range(lo, hi), norms, mechanisms)


def calibrate_block(d, m, n, seeds, norms, mechanisms=MECHANISMS, progress=None, jobs=1, chunk=250):
    """Run the calibration of one block; returns a list of cell dicts (see :func:`run`).

    The seeds are counted in chunks of ``chunk`` per mechanism, ``jobs`` processes at a time; the counts do not
    depend on ``jobs`` or ``chunk`` (each seed's draws are those of ``unbiased_test(seed=s)``).

    Examples
    --------
    >>> cells = calibrate_block(4, 4, 200, 3, (0.5,), ("RFF",))
    >>> [(c["test"], c["path"], c["seeds"]) for c in cells][:2]
    [('unbiased', 'guaranteed', 3), ('mse', 'guaranteed', 3)]
    """
    tasks = [(d, m, n, lo, min(lo + chunk, seeds), tuple(norms), (nm,)) for nm in mechanisms
             for lo in range(0, seeds, chunk)]
    results = {}
    t0 = time.perf_counter()
    if jobs > 1 and len(tasks) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(jobs) as pool:
            for k, (task, res) in enumerate(pool.map(_count_task, tasks)):
                results[task] = res
                if progress and (k + 1) % max(1, len(tasks) // 10) == 0:
                    progress(f"  d={d} m={m} n={n}: {k + 1}/{len(tasks)} chunks ({time.perf_counter() - t0:.0f} s)")
    else:
        for k, task in enumerate(tasks):
            results[task] = _count_task(task)[1]
            if progress and (k + 1) % max(1, len(tasks) // 10) == 0:
                progress(f"  d={d} m={m} n={n}: {k + 1}/{len(tasks)} chunks ({time.perf_counter() - t0:.0f} s)")
    out = []
    for nm in mechanisms:
        mine = [t for t in tasks if t[6] == (nm,)]
        acc, stated = results[mine[0]]
        for t in mine[1:]:                     # add the counts of the other chunks
            acc2, stated2 = results[t]
            if stated2 != stated:
                raise AssertionError(f"{nm}: the stated detection sizes differ between chunks of seeds")
            for a_, b_ in zip(acc, acc2):
                for tag in ("unb", "mse", "aunb", "amse"):
                    for alpha in ALPHAS:
                        a_[tag][alpha] = [u + v for u, v in zip(a_[tag][alpha], b_[tag][alpha])]
                for k, v in b_["power"].items():
                    a_["power"][k] = a_["power"].get(k, 0) + v
        for r, a_, st_ in zip(norms, acc, stated):
            c = _cell_setup(nm, d, m, r)
            law = c["law"]
            base = {"mechanism": nm, "coupling": c["est"].default_coupling, "kernel": c["est"].kernel, "d": d,
                    "m": m, "norm": r, "angle_deg": 60, "n": n, "seeds": seeds, "exact_mean": c["mean"],
                    "exact_variance": None if law is None else law.variance,
                    "lower": None if law is None else law.lower, "upper": None if law is None else law.upper,
                    "central4_exact": False if law is None else law.central4_exact,
                    "has_central4": law is not None and law.central4 is not None,
                    "params": {k: (v if isinstance(v, (int, float, str, bool)) or v is None else repr(v))
                               for k, v in c["est"].params.items()}}
            if law is None:
                base["no_exact_law"] = c["why"]
            if law is None:
                rows = (("aunb", "unbiased", "asymptotic-no-exact-law"),)
            elif not law.variance_exact:         # a variance bound: the MSE test refuses (NoExactValue)
                base["no_exact_mse"] = law.source
                rows = (("unb", "unbiased", "guaranteed"), ("aunb", "unbiased", "asymptotic"))
            else:
                rows = (("unb", "unbiased", "guaranteed"), ("mse", "mse", "guaranteed"),
                        ("aunb", "unbiased", "asymptotic"), ("amse", "mse", "asymptotic"))
            for tag, test, path in rows:
                if tag == "mse" and not st_["mse"][4]:
                    path = "asymptotic-no-fourth-moment"
                fa = {}
                for alpha in ALPHAS:
                    k, lo, hi = a_[tag][alpha]
                    fa[repr(alpha)] = {"alpha": alpha, "failures": k, "low": lo, "high": hi, "rate": k / seeds,
                                       "cp_upper95": cp_upper(k, seeds), "cp_lower95": cp_lower(k, seeds),
                                       "binom_p": binom_sf(k, seeds, alpha)}
                row = dict(base, test=test, path=path, false_alarms=fa)
                if tag in ("unb", "mse"):
                    al, method, d80, d95, _ = st_[tag]
                    row["stated"] = {"alpha": al, "method": method, "detect80": list(d80), "detect95": list(d95)}
                    row["power"] = [{"level": float(lvl) / 100, "side": side, "mode": mode, "b": b, "detected": cnt,
                                     "rate": cnt / seeds, "cp_lower95": cp_lower(cnt, seeds),
                                     "binom_p": 1.0 - binom_sf(cnt + 1, seeds, float(lvl) / 100)}
                                    for (tg, lvl, side, mode, b), cnt in a_["power"].items() if tg == tag]
                out.append(row)
    return out


def false_alarm_counts(name, d, m, r, n, seeds, alpha, rules=("guaranteed", "asymptotic")):
    """Failures of a correct implementation over ``seeds`` seeds, per decision rule and test (a CI slice).

    Parameters
    ----------
    name : str
        Mechanism (its rfsym estimator is the correct implementation).
    d, m, r, n : int, int, float, int
        Dimension, projections, ``|x| = |y|`` (60 degrees apart), replicates a test.
    seeds : int
        Seeds ``0 .. seeds-1`` (the draws of ``unbiased_test(seed=s)``).
    alpha : float
    rules : sequence of {"guaranteed", "asymptotic"}
        ``guaranteed``: the decision of :func:`unbiased_test`/:func:`mse_test` (exact law); ``asymptotic``: the
        z-test with the sample standard error (a plain callable with ``kernel=``, and the earlier assertions).

    Returns
    -------
    dict
        ``{(rule, test): failures}`` with ``test`` in ``("unbiased", "mse")``.

    Examples
    --------
    >>> c = false_alarm_counts("RFF", 4, 4, 1.0, 500, 5, 0.05)
    >>> sorted(c) == [("asymptotic", "mse"), ("asymptotic", "unbiased"), ("guaranteed", "mse"),
    ...               ("guaranteed", "unbiased")]
    True
    """
    c = _cell_setup(name, d, m, r)
    est, x, y, law = c["est"], c["x"], c["y"], c["law"]
    out = {(rule, t): 0 for rule in rules for t in ("unbiased", "mse")}
    with _fast_decisions():
        for seed in range(seeds):
            s = shared_samples([(est, x, y)], m, n, np.random.default_rng(seed))[0]
            ysq = (s - law.mean) ** 2
            for rule in rules:
                if rule == "guaranteed":
                    u, q = _unb(s, law, alpha), _mse(ysq, law, alpha)
                else:
                    u = _core._asymptotic("", s, law.mean, alpha=alpha)
                    q = _core._asymptotic("", ysq, law.variance, alpha=alpha)
                out[(rule, "unbiased")] += not u.passed
                out[(rule, "mse")] += not q.passed
    return out


# ------------------------------------------------------------------------------------------------
# spot check against the public functions
# ------------------------------------------------------------------------------------------------


def spot_check(name, d, m, r, n, seeds=(0, 1), alpha=0.05):
    """Assert that the calibration's decisions equal the public functions' at the given seeds.

    Returns the number of comparisons made.

    Examples
    --------
    >>> spot_check("RFF", 4, 4, 1.5, 500)
    4
    """
    c = _cell_setup(name, d, m, r)
    est, x, y, law = c["est"], c["x"], c["y"], c["law"]
    k = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)       # the draws of the calibration (_count_seeds)
        s = shared_samples([(est, x, y)], m, n, rng)[0] if _replays_sample(est) else est.sample(x, y, m, n, rng)
        pub = _core.unbiased_test(est, x, y, m=m, n=n, seed=seed, alpha=alpha)
        if law is None:                      # no exact law: the asymptotic z-test with the exact mean, no MSE test
            own = _core._asymptotic("E[K_hat] at (x, y)", s, c["mean"], alpha=alpha)
            if (pub.passed, pub.z, pub.estimate, pub.guaranteed) != (own.passed, own.z, own.estimate, False):
                raise AssertionError(f"{name} d={d} r={r} seed={seed}: unbiased_test {pub} != calibration {own}")
            k += 1
            continue
        own = _unb(s, law, alpha)
        if (pub.passed, pub.z, pub.estimate) != (own.passed, own.z, own.estimate):
            raise AssertionError(f"{name} d={d} r={r} seed={seed}: unbiased_test {pub} != calibration {own}")
        if not law.variance_exact:
            try:
                _core.mse_test(est, x, y, m=m, n=n, seed=seed, alpha=alpha)
            except _est.NoExactValue:
                k += 1
                continue
            raise AssertionError(f"{name}: mse_test ran against a variance bound")
        pm = _core.mse_test(est, x, y, m=m, n=n, seed=seed, alpha=alpha)
        om = _mse((s - law.mean) ** 2, law, alpha)
        if (pm.passed, pm.z, pm.estimate) != (om.passed, om.z, om.estimate):
            raise AssertionError(f"{name} d={d} r={r} seed={seed}: mse_test {pm} != calibration {om}")
        k += 2
    return k


# ------------------------------------------------------------------------------------------------
# cache
# ------------------------------------------------------------------------------------------------


def _code_only(text: str) -> str:
    """Source without docstrings, comments and blank lines (documentation edits do not stale the cache)."""
    drop = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            drop.update(range(body[0].lineno - 1, body[0].end_lineno))
    lines = []
    for i, line in enumerate(text.splitlines()):
        s = line.strip()
        if i in drop or not s or s.startswith("#"):
            continue
        lines.append(line.rstrip())
    return "\n".join(lines)


def source_hash(root=None) -> str:
    """SHA-256 (16 hex digits) of :data:`SETTINGS` (less the blocks, which the cache lists), the code of
    :data:`SOURCES` and of the functions of this module that compute the numbers (:data:`_HASHED`).

    Examples
    --------
    >>> len(source_hash())
    16
    """
    import hashlib
    root = _ROOT if root is None else Path(root)
    import inspect
    import textwrap
    fixed = {k: v for k, v in SETTINGS.items() if k != "blocks"}      # the blocks run are listed in the cache
    h = hashlib.sha256(json.dumps(fixed, sort_keys=True).encode())
    for rel in SOURCES:
        h.update(rel.encode())
        h.update(_code_only((root / rel).read_text()).encode())
    for name in _HASHED:
        h.update(_code_only(textwrap.dedent(inspect.getsource(globals()[name]))).encode())
    return h.hexdigest()[:16]


#: The functions of this module whose code decides the cached numbers.
_HASHED = ("_fast_decisions", "_replays_sample", "_draw_key", "shared_samples", "_cell_setup", "_mse_args", "_unb",
           "_mse", "_finite", "_new_acc", "_count_seeds", "calibrate_block", "_bug_task", "run_bugs")


def cache_path() -> Path:
    """``rfsym/data/results/testing-calibration.json``."""
    return Path(__file__).resolve().parents[1] / "data" / "results" / "testing-calibration.json"


def load(path=None) -> dict:
    """The calibration cache as a dict, with the derived fields of each count.

    Each false-alarm count (``cells[i]["false_alarms"][repr(alpha)]``) gains ``rate``, ``binom_p``
    (:math:`P(\\mathrm{Bin}(seeds, \\alpha) \\ge failures)`: small means more failures than the stated rate
    allows) and the one-sided 95 % Clopper-Pearson bounds ``cp_upper95``, ``cp_lower95``; each power count
    gains ``rate``, the bounds and ``binom_p`` (:math:`P(\\mathrm{Bin}(seeds, level) \\le detected)`: small
    means fewer detections than the stated power).
    """
    return _expand(json.loads(Path(cache_path() if path is None else path).read_text()))


def is_stale(data=None) -> bool:
    """Whether the cache was computed by other code or settings than the current ones."""
    data = load() if data is None else data
    return data.get("source_hash") != source_hash()


_DERIVED = ("rate", "cp_upper95", "cp_lower95", "binom_p")


def compact(data: dict) -> dict:
    """The cache as written: counts only (the rates, Clopper-Pearson bounds and binomial tails are derived
    from them by :func:`load`), mechanism parameters that are arrays dropped (scalars kept), floats rounded
    to 7 significant digits."""
    def rnd(v):
        if isinstance(v, float) and math.isfinite(v) and v != 0:
            return float(f"{v:.7g}")
        if isinstance(v, dict):
            return {k: (w if k in ("alpha", "default_alpha") else rnd(w)) for k, w in v.items() if k not in _DERIVED}
        if isinstance(v, list):
            return [rnd(w) for w in v]
        return v
    out = dict(data)
    cells = []
    for c in data["cells"]:
        c = dict(c, params={k: v for k, v in c.get("params", {}).items()
                            if v is None or isinstance(v, (int, float, bool)) or (isinstance(v, str) and len(v) <= 40)})
        # rows of numbers: false alarms {alpha: [alpha, failures, low, high]}, power [[level, side, mode, b, detected]]
        c["false_alarms"] = {k: [f["alpha"], f["failures"], f["low"], f["high"]] if isinstance(f, dict) else f
                             for k, f in c["false_alarms"].items()}
        if "power" in c:
            c["power"] = [[q["level"], q["side"], q["mode"], rnd(q["b"]), q["detected"]] if isinstance(q, dict) else q
                          for q in c["power"]]
        cells.append(c)
    out["cells"] = []
    out = {k: (v if k in ("settings", "default_alpha") else rnd(v)) for k, v in out.items()}
    out["cells"] = [dict(rnd({k: v for k, v in c.items() if k != "false_alarms"}), false_alarms=c["false_alarms"])
                    for c in cells]
    return out


def _expand(data: dict) -> dict:
    """Add the derived fields (rate, exact binomial tail, one-sided 95 % Clopper-Pearson bounds) to each count."""
    from scipy.stats import beta, binom
    fas, pws = [], []
    for c in data["cells"]:
        c["false_alarms"] = {k: dict(zip(("alpha", "failures", "low", "high"), f)) if isinstance(f, list) else f
                             for k, f in c["false_alarms"].items()}
        if "power" in c:
            c["power"] = [dict(zip(("level", "side", "mode", "b", "detected"), q)) if isinstance(q, list) else q
                          for q in c["power"]]
        fas += [(f, c["seeds"]) for f in c["false_alarms"].values()]
        pws += [(p, c["seeds"]) for p in c.get("power", ())]
    for items, key, level in ((fas, "failures", "alpha"), (pws, "detected", "level")):
        if not items:
            continue
        k = np.array([f[key] for f, _ in items], float)
        N = np.array([n for _, n in items], float)
        a = np.array([f[level] for f, _ in items], float)
        up = np.where(k < N, beta.ppf(0.95, k + 1, np.maximum(N - k, 1)), 1.0)
        lo = np.where(k > 0, beta.ppf(0.05, np.maximum(k, 1), N - k + 1), 0.0)
        tail = binom.sf(k - 1, N, a) if key == "failures" else binom.cdf(k, N, a)
        for (f, n), u, low, p in zip(items, up, lo, tail):
            f.update(rate=f[key] / n, cp_upper95=float(u), cp_lower95=float(low), binom_p=float(p))
    return data


def _bug_task(task):
    from . import bugs as _bugs
    if task[0] == "haar":
        _, name, d, nb, seeds = task
        return _bugs.haar_detection(name, d, nb, range(seeds))
    _, name, d, r, n, seeds = task
    return _bugs.detection(name, d, r, n, range(seeds))


def run_bugs(grid=None, jobs=1) -> list:
    """Detections of every broken implementation of :mod:`rfsym.testing.bugs` over the seeds of ``grid``.

    Examples
    --------
    >>> rows = run_bugs({"d": 4, "n": 1000, "seeds": 2, "norms": (0.5,), "haar": (4, 500, 1)})
    >>> [(r["bug"], r["detected"]) for r in rows][-2:]
    [('norms-all-sqrt-d', 1), ('qr-without-sign-fix', 1)]
    """
    from . import bugs as _bugs
    g = BUG_GRID if grid is None else grid
    tasks = [("bug", name, g["d"], r, g["n"], g["seeds"]) for name in _bugs.BUGS for r in g["norms"]]
    tasks += [("haar", name, *g["haar"]) for name in _bugs.HAAR_BUGS]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(_bug_task, tasks))
    return [_bug_task(t) for t in tasks]


def _cpu_s():
    """CPU seconds of this process and of its finished child processes (the worker pools)."""
    import resource
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + ch.ru_utime + ch.ru_stime


def run(blocks=BLOCKS, out=None, progress=functools.partial(print, flush=True), jobs=1) -> dict:
    """Run the whole calibration and write the cache; returns its content.

    Parameters
    ----------
    blocks : sequence of (d, m, n, seeds, norms, mechanisms)
    out : path, optional
        Default :func:`cache_path`.
    progress : callable or None
    jobs : int
        Processes (the counts do not depend on it).
    """
    import os
    import platform
    hsh = source_hash()
    t0 = time.perf_counter()
    c0 = _cpu_s()
    nspot = 0
    for name in ALL:
        for r in (0.5, 2.0):
            nspot += spot_check(name, 16, 16, r, 2000, seeds=(0, 1), alpha=0.05)
    if progress:
        progress(f"spot checks: {nspot} public-function results reproduced")
    cells, timing = [], []
    path = Path(cache_path() if out is None else out)
    for d, m, n, seeds, norms, mechs in blocks:
        t1 = _cpu_s()
        cells += calibrate_block(d, m, n, seeds, norms, mechs, progress=progress, jobs=jobs)
        timing.append({"d": d, "m": m, "n": n, "seeds": seeds, "mechanisms": len(mechs),
                       "cpu_s": round(_cpu_s() - t1, 1)})
        if progress:
            progress(f"block d={d} m={m} n={n} seeds={seeds}: {timing[-1]['cpu_s']} CPU s")
        data = {"source_hash": hsh, "settings": SETTINGS, "sources": list(SOURCES), "hashed_functions": list(_HASHED),
                "command": "python -m rfsym.testing.calibration", "default_alpha": DEFAULT_ALPHA,
                "spot_checks": nspot, "complete": False,
                "wall_s": round(time.perf_counter() - t0, 1), "cpu_s": round(_cpu_s() - c0, 1), "jobs": jobs,
                "machine": f"{os.cpu_count()} {platform.machine()} cores, --jobs {jobs}", "blocks": timing,
                "versions": {"python": platform.python_version(), "numpy": np.__version__},
                "cells": cells}
        path.write_text(json.dumps(compact(data), allow_nan=True) + "\n")   # after every block
    t1 = _cpu_s()
    data["bugs"] = run_bugs(jobs=jobs)
    data["bugs_cpu_s"] = round(_cpu_s() - t1, 1)
    data["complete"] = len(timing) == len(blocks)
    data["wall_s"], data["cpu_s"] = round(time.perf_counter() - t0, 1), round(_cpu_s() - c0, 1)
    path.write_text(json.dumps(compact(data), allow_nan=True) + "\n")
    if progress:
        progress(f"wrote {path} ({len(cells)} rows, {len(data['bugs'])} bug rows, {data['cpu_s']} CPU s)")
    return data


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m rfsym.testing.calibration",
                                description="Measure the false-alarm rate and power of rfsym.testing on correct "
                                            "implementations and write rfsym/data/results/testing-calibration.json.")
    p.add_argument("--out", help="output path (default: the package cache)")
    p.add_argument("--quick", action="store_true", help="the required block with 50 seeds (a smoke run)")
    p.add_argument("--jobs", type=int, default=1, help="processes (the counts do not depend on it)")
    a = p.parse_args(argv)
    blocks = ((16, 16, 2000, 50, REQUIRED["norms"], ALL),) if a.quick else BLOCKS
    run(blocks, a.out, jobs=a.jobs)


if __name__ == "__main__":
    main()
