"""rfsym.tailbounds: the proven false-alarm rates hold in simulation, and wrong values fail."""

import math

import numpy as np
import pytest

from rfsym import tailbounds as tb


def test_binomial_tail_matches_direct_sum():
    k, p = 11, 0.3
    direct = sum(math.comb(k, i) * p ** i * (1 - p) ** (k - i) for i in range(6, k + 1))
    assert tb.binom_tail(k, p, 6) == pytest.approx(direct, rel=1e-12)


def _binom_tail_direct(k, p, j):
    """binom_tail as first written: the log-coefficients recomputed in every term."""
    if p <= 0:
        return 0.0 if j > 0 else 1.0
    if p >= 1:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    terms = [math.lgamma(k + 1) - math.lgamma(i + 1) - math.lgamma(k - i + 1) + i * lp + (k - i) * lq
             for i in range(max(j, 0), k + 1)]
    if not terms:
        return 0.0
    mx = max(terms)
    return min(1.0, math.exp(mx) * sum(math.exp(t - mx) for t in terms))


def _p_for_direct(k, alpha):
    """The bisection as first written: all 80 halvings."""
    lo, hi = 0.0, 0.5
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        if _binom_tail_direct(k, mid, (k + 1) // 2) <= alpha:
            lo = mid
        else:
            hi = mid
    return lo


def _mom_design_direct(alpha, n):
    """The design as first written: every odd k up to 400, no early stop."""
    best = None
    for k in range(3, min(401, n // 2 + 1), 2):
        p = _p_for_direct(k, alpha)
        if p <= 0:
            continue
        t = math.sqrt(n / (n // k)) * math.sqrt(1.0 / p - 1.0)
        if best is None or t < best[2]:
            best = (k, p, t)
    return best


def test_fast_paths_are_the_direct_computation_bit_for_bit():
    # the cached log-coefficients, the early stop of the bisection and the pruned search over k change the
    # run time only (mom_design went from 1.2 s to 0.07 s): compare with the direct computation
    rng = np.random.default_rng(5)
    for _ in range(3000):
        k = int(rng.integers(1, 450))
        p, j = float(rng.random()), int(rng.integers(-1, k + 2))
        assert tb.binom_tail(k, p, j) == _binom_tail_direct(k, p, j)
    for k, alpha in [(1, 0.3), (3, 1e-9), (33, 2.85e-7), (35, 0.2), (101, 0.05), (399, 1e-3)]:
        assert tb._p_for(k, alpha) == _p_for_direct(k, alpha)
    for alpha, n in [(2.85e-7, 6), (2.85e-7, 40), (0.025, 100), (0.2, 1000), (1e-3, 700), (2.85e-7, 20000)]:
        d = tb.mom_design.__wrapped__(alpha, n)
        assert (d.k, d.p, d.t_units) == _mom_design_direct(alpha, n)


def test_mom_design_keeps_its_rate():
    for alpha in (1e-3, 1e-6):
        des = tb.mom_design(alpha, 20000)
        assert tb.binom_tail(des.k, des.p, (des.k + 1) // 2) <= alpha * (1 + 1e-9)


@pytest.mark.parametrize("alpha", [0.05, 0.01])
def test_rate_holds_for_a_lognormal_at_moderate_alpha(alpha):
    # the heavy-tailed law of a positive random feature: exp(w z - z^2/2), z = 2.5, exact variance e^{z^2} - 1
    z = 2.5
    var = math.exp(z * z) - 1
    rng = np.random.default_rng(1)
    fails = 0
    reps = 400
    for _ in range(reps):
        s = np.exp(z * rng.standard_normal(2000) - z * z / 2)
        fails += not tb.mean_test(s, 1.0, var, alpha=alpha, lower=0.0).passed
    # binomial(400, alpha) exceeds 400 alpha + 4 sd with probability < 1e-4
    assert fails <= reps * alpha + 4 * math.sqrt(reps * alpha) + 1


def test_wrong_values_fail_and_the_power_bound_holds():
    rng = np.random.default_rng(2)
    x = rng.exponential(1.0, 20000)
    t = tb.mean_test(x, 1.0, 1.0, alpha=1e-6, lower=0.0)
    shift = t.detect95[1]
    assert not tb.mean_test(x + 1.05 * shift, 1.0, 1.0, alpha=1e-6, lower=0.0).passed
    assert not tb.mean_test(x - 1.05 * t.detect95[0], 1.0, 1.0, alpha=1e-6, lower=0.0).passed


def test_bad_inputs_raise():
    with pytest.raises(ValueError):
        tb.mean_test([1.0, 2.0], 1.0, 1.0, alpha=1e-6)
    with pytest.raises(ValueError):
        tb.mom_design(0.0, 100)
