"""The exact (or exact-moment-bounded) variances the SimRF Monte Carlo witnesses standardise with (issue 27, item 3)."""

import math

import numpy as np
import pytest

from rfsym import couplings, simrf
from rfsym.simrf.claims._checks import _pair_var_bound, _pairs_mean_conformity, _row_mean_var, _sq_err_var


@pytest.mark.parametrize("d", [2, 4, 8])
def test_row_mean_var_iid_is_one_term_over_d(d):
    v = 0.7
    assert _row_mean_var("iid", d, v) == pytest.approx((math.exp(2 * v * v) - math.exp(v * v)) / d, rel=1e-12)


def test_row_mean_var_is_the_prf_mse_up_to_the_prefactor():
    # the PRF estimate at x = y = (v/2) e_1 is e^(-v^2/2) times the block mean of exp(v w_i1): Var = MSE (unbiased)
    d, v = 4, 1.0
    x = [str(v / 2)] + ["0"] * (d - 1)
    mse = float(simrf.prf_mse("simplex", x, x, d, dps=20))
    assert _row_mean_var("simplex", d, v) * math.exp(-v * v) == pytest.approx(mse, rel=1e-10)


def test_pair_var_bound_covers_the_sampled_variance():
    # light tails (v = 0.4) so that the sample variance is reliable; the bound is one pair term's variance
    rng = np.random.default_rng(5)
    d, v, n = 6, 0.4, 40000
    Wb = couplings.sample("orthogonal", d, d * n, rng).reshape(n, d, d)
    s = _pairs_mean_conformity(Wb, v)
    assert s.var() <= _pair_var_bound("orthogonal", d, v)
    # and one pair term's variance is exact for a single pair per block
    one = np.exp(v * (Wb[:, 0, 0] + Wb[:, 1, 0]))
    assert one.var() == pytest.approx(_pair_var_bound("orthogonal", d, v), rel=0.05)


def test_sq_err_var_exact_for_iid_rows():
    rng = np.random.default_rng(6)
    x, y = [0.2, 0.0, 0.1], [0.0, 0.1, -0.1]
    var, exact = _sq_err_var("iid", x, y, 3)
    assert exact
    s = simrf.prf_mse_mc("iid", x, y, 3, 100000, rng, samples=True)
    assert s.var() == pytest.approx(var, rel=0.1)
    assert not _sq_err_var("simplex", x, y, 3)[1]
