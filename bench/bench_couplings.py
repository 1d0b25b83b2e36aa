"""Sampler throughput: sample(c, 64, 10**6, rng) next to a plain standard_normal draw of the same size."""

import time

import numpy as np

from rfsym.couplings import sample

D, M, REPEATS = 64, 10 ** 6, 3


def _best(fn):
    best = float("inf")
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def run():
    rng = np.random.default_rng(0)
    base = _best(lambda: rng.standard_normal((M, D)))
    rows = [{"name": f"rng.standard_normal(({M}, {D})) baseline", "seconds": base, "note": "same run, best of 3"}]
    for c in ("iid", "orthogonal", "simplex", "simplex+"):
        reps = 1 if c == "simplex+" else REPEATS
        best = float("inf")
        for _ in range(reps):
            t0 = time.perf_counter()
            sample(c, D, M, rng)
            best = min(best, time.perf_counter() - t0)
        rows.append({"name": f"sample({c!r}, {D}, {M})", "seconds": best,
                     "limit": None if c == "simplex+" else 3.0,
                     "note": f"{best / base:.1f}x the baseline" + ("; O(d^3) SimRF+ sweeps, no requirement" if c == "simplex+" else "")})
    return rows
