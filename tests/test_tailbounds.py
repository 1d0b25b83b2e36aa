"""rfsym.tailbounds: the proven false-alarm rates hold in simulation, and wrong values fail."""

import math

import numpy as np
import pytest

from rfsym import tailbounds as tb


def test_binomial_tail_matches_direct_sum():
    k, p = 11, 0.3
    direct = sum(math.comb(k, i) * p ** i * (1 - p) ** (k - i) for i in range(6, k + 1))
    assert tb.binom_tail(k, p, 6) == pytest.approx(direct, rel=1e-12)


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
