"""SimRF benchmarks: verified conformity vs the naive Eq. (24) sum and the float64 backend (issue #6), and the
Table 1 cost claim (issue #14): wall-clock time of Algorithm 1 (``S x``) and of a fast SimRF projection
``D S (H D)^3 x`` from d = 10^3 to 10^6, with the fitted exponent of time vs d."""

import math
import time

import mpmath
import numpy as np

from rfsym import couplings
from rfsym.simrf import conformities as simrf  # conformity, conformity_eq24_naive and the coefficient cache _np_coeffs
from rfsym.simrf import experiments as ex

D = 64
VS = ("1", "2.5", "5")


def _time(fn, repeats=1):
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def _slope(ds, ts):
    """Least-squares exponent of t ~ d^p."""
    x, y = np.log(np.asarray(ds, float)), np.log(np.asarray(ts, float))
    return float(np.polyfit(x, y, 1)[0])


def _table1_rows():
    rows = []
    rng = np.random.default_rng(0)
    # Algorithm 1 on a batch of 8 vectors (columns), d = 10^3 .. 10^6: time per call, best of 5
    ds = [10 ** 3, 10 ** 4, 10 ** 5, 3 * 10 ** 5, 10 ** 6]
    ts = []
    for d in ds:
        x = rng.standard_normal((d, 8))
        t, y = _time(lambda: couplings.simplex_apply(x), repeats=5)
        ts.append(t)
    p = _slope(ds[2:], ts[2:])   # memory-bound regime (the working set exceeds the caches from d ~ 10^5)
    rows.append({"name": "Algorithm 1 (S x, 8 vectors), d = 10^3, 10^4, 10^5, 3 10^5, 10^6: " + ", ".join(f"{t * 1e3:.2f} ms" for t in ts),
                 "seconds": ts[-1], "limit": 5.0,
                 "note": f"fitted exponent of time vs d over 10^5 .. 10^6: {p:.2f} (linear: 1, a quadratic S x: 2; need 0.7 .. 1.4)"
                         + ("" if 0.7 <= p <= 1.4 else " FAIL")})
    if not 0.7 <= p <= 1.4:
        rows[-1]["limit"] = 0.0
    # dense S x for comparison (quadratic), d up to 4096
    dd = [1024, 2048, 4096]
    td = []
    for d in dd:
        S = couplings.simplex_matrix(d)
        x = rng.standard_normal((d, 8))
        t, _ = _time(lambda: S @ x, repeats=3)
        td.append(t)
    rows.append({"name": "dense S @ x (8 vectors), d = 1024, 2048, 4096: " + ", ".join(f"{t * 1e3:.2f} ms" for t in td),
                 "seconds": td[-1], "note": f"fitted exponent {_slope(dd, td):.2f} (quadratic baseline: d(2d-1) operations; S itself is d^2 doubles, so memory traffic dominates)"})
    # fast SimRF projection D S (H D_3)(H D_2)(H D_1) x, d = 2^10 .. 2^20
    ps = [10, 16, 18, 20]
    tf = []
    for q in ps:
        d = 2 ** q
        x = rng.standard_normal(d)
        signs = rng.choice([-1.0, 1.0], size=(3, d))
        norms = couplings.chi_norms(d, d, rng)

        def proj():
            y = x
            for k in range(3):
                y = ex.fwht(signs[k] * y)
            return norms * couplings.simplex_apply(y)

        t, _ = _time(proj, repeats=3)
        tf.append(t)
    dls = [2 ** q * q for q in ps]
    pf = _slope(dls[1:], tf[1:])
    rows.append({"name": "fast SimRF projection D S (H D)^3 x, d = 2^10, 2^16, 2^18, 2^20: " + ", ".join(f"{t * 1e3:.1f} ms" for t in tf),
                 "seconds": tf[-1], "limit": 20.0,
                 "note": f"fitted exponent of time vs d log d over 2^16 .. 2^20: {pf:.2f} (need 0.7 .. 1.4; a dense R x would be 2)"
                         + ("" if 0.7 <= pf <= 1.4 else " FAIL")})
    if not 0.7 <= pf <= 1.4:
        rows[-1]["limit"] = 0.0
    return rows


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
    return rows + _table1_rows()


if __name__ == "__main__":
    for r in run():
        print(f"{r['seconds']:9.4f} s  {r['name']}  | {r.get('note', '')}")
