"""SimRF benchmarks (issue #6): verified conformity vs the naive Eq. (24) sum, and the float64 backend."""

import time

import mpmath
import numpy as np

from rfsym import simrf

D = 64
VS = ("1", "2.5", "5")


def _time(fn, repeats=1):
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def run():
    rows = []
    t_naive, naive = _time(lambda: [simrf.conformity_eq24_naive(D, v, dps=30) for v in VS])
    rows.append({"name": "naive Eq. (24), mpmath Gamma functions, d=64, v in {1, 2.5, 5}, 30 verified digits",
                 "seconds": t_naive, "note": "baseline (same run)"})
    t_fast, fast = _time(lambda: [simrf.conformity("simplex", D, v, dps=30) for v in VS], repeats=3)
    agree = all(mpmath.nstr(a, 30) == mpmath.nstr(b, 30) for a, b in zip(fast, naive))
    rows.append({"name": "conformity('simplex', 64, v), v in {1, 2.5, 5}, 30 verified digits",
                 "seconds": t_fast, "limit": t_naive / 5,
                 "note": f"{t_naive / t_fast:.1f}x faster than the baseline (need >= 5x); 30 digits agree: {agree}"})
    v = np.linspace(0.0, 5.0, 10_000)

    def cold():
        simrf._np_coeffs.cache_clear()
        return simrf.conformity("simplex", D, v, backend="numpy")

    t_np, vals = _time(cold, repeats=3)
    idx = np.arange(0, v.size, 500)
    ref = np.array([float(simrf.conformity("simplex", D, float(v[i]), dps=20)) for i in idx])
    err = float(np.max(np.abs(vals[idx] / ref - 1)))
    rows.append({"name": "conformity('simplex', 64, v, backend='numpy'), 10 000 v in [0, 5] (cold cache)",
                 "seconds": t_np, "limit": 0.5,
                 "note": f"max relative error vs mpmath at {idx.size} points: {err:.1e} (need < 1e-12)"
                         + ("" if err < 1e-12 else " FAIL")})
    if not agree or err >= 1e-12:
        rows[-1]["limit"] = 0.0  # accuracy failure marks the row FAIL
    return rows
