"""Estimator atlas (issue #15 item 3): exact relative MSEs from the paper modules, Monte Carlo spot checks."""

import math

import mpmath
import numpy as np
import pytest

from rfsym import atlas, crt, derf, hrf, simrf


def test_relative_mse_matches_independent_closed_forms():
    q, k, a, d, M = 0.7, 1.1, 1.3, 16, 16
    r = atlas.relative_mse(q, k, a, d, M)
    xy = q * k * math.cos(a)
    s2 = q * q + k * k + 2 * xy           # ||x + y||^2
    u = q * q + k * k - 2 * xy            # ||x - y||^2
    K2 = math.exp(-u)
    assert r["favor+"] == pytest.approx(math.expm1(s2) / M, rel=1e-12)
    assert r["trig"] == pytest.approx((1 - K2) ** 2 / K2 / M, rel=1e-12)         # (cos, sin): M/2 projections
    assert r["trig-phase"] == pytest.approx((math.exp(u) - 1 + math.exp(-u) / 2) / M, rel=1e-12)
    # antithetic: per projection e^{-(|x|^2+|y|^2)} (e^{s2} - 1)^2 / 2 / SM^2
    anti = math.exp(-(q * q + k * k)) * math.expm1(s2) ** 2 / 2 / math.exp(2 * xy) / (M // 2)
    assert r["pos-antithetic"] == pytest.approx(anti, rel=1e-12)
    # OPRF from the CRT closed form at rho*
    rho = float(crt.oprf_rho_star(d, mpmath.mpf(s2), dps=20))
    g = d * math.log((rho + 1) / (2 * math.sqrt(rho))) + rho * s2
    assert r["favor++"] == pytest.approx(math.expm1(g) / M, rel=1e-9)
    # orderings the papers prove: OPRF <= PosRF (Thm 3.3), simplex <= orthogonal <= iid PosRF (SimRF Thm 4.3)
    assert r["favor++"] <= r["favor+"]
    assert r["pos-simplex"] <= r["pos-orthogonal"] <= r["favor+"]


def test_gerf_optimum_equals_oprf_for_one_pair():
    """Why GERF is not a separate row: for one pair its optimum gives the OPRF variance."""
    x, y = atlas.pair(0.9, 1.2, 2.0, 8)
    g = float(derf.log_relative_variance_np("gerf", x[None], y[None])[0, 0])
    o = float(crt.log_oprf_variance_np(x, y)) + float(((x - y) ** 2).sum())
    assert g == pytest.approx(o, rel=1e-9)


def test_compare_sorted_and_errors():
    rows = atlas.compare(1.0, 1.0, math.pi / 2, 64, 64)
    assert [r["relative_mse"] for r in rows] == sorted(r["relative_mse"] for r in rows)
    assert rows[0]["vs_best"] == 1.0 and {r["estimator"] for r in rows} == set(atlas.ESTIMATORS)
    with pytest.raises(ValueError, match="M must be an even"):
        atlas.relative_mse(1, 1, 1, 8, 7)
    with pytest.raises(ValueError, match="angle"):
        atlas.relative_mse(1, 1, 4, 8, 8)
    with pytest.raises(ValueError, match="d must"):
        atlas.relative_mse(1, 1, 1, 1, 8)
    with pytest.raises(ValueError, match="unknown"):
        atlas.relative_mse(1, 1, 1, 8, 8, ("favor-",))


def test_best_map_consistent_with_pointwise():
    m = atlas.best_map(16, 16, [0.5, 1.5], [0.3, 2.8])
    for i, r in enumerate(m["norms"]):
        for j, a in enumerate(m["angles"]):
            res = atlas.relative_mse(r, r, a, 16, 16)
            assert atlas.ESTIMATORS[m["best"][i, j]] == min(res, key=res.get)
            vals = sorted(res.values())
            assert m["lead"][i, j] == pytest.approx(vals[1] / vals[0])


@pytest.mark.parametrize("est,n", [("trig", 40000), ("favor+", 100000), ("pos-antithetic", 100000),
                                   ("favor++", 100000), ("pos-orthogonal", 60000), ("pos-simplex", 60000),
                                   ("favor++-orthogonal", 30000), ("favor++-simplex", 30000)])
def test_monte_carlo_spot_checks(est, n):
    c = atlas.monte_carlo_check(est, 0.4, 0.5, 1.1, 8, 8, n, seed=11)
    assert abs(c["z"]) <= 5, (est, c)
    # control: a 20% error in the exact value is rejected (the SE is small enough to see it)
    assert abs(c["mc"].z(1.2 * c["exact"])) > 5, (est, c["mc"], c["exact"])


def test_monte_carlo_check_errors():
    with pytest.raises(ValueError, match="no Monte Carlo"):
        atlas.monte_carlo_check("favor#", 1, 1, 1, 8, 8, 100, seed=0)


def test_oprf_coupling_gap_equals_posrf_coupling_gap():
    """The derived identity: coupling changes the OPRF MSE by the PosRF change (independent of A)."""
    r = atlas.relative_mse(0.8, 0.5, 2.0, 16, 32)
    for c in ("orthogonal", "simplex"):
        assert r[f"favor++-{c}"] - r["favor++"] == pytest.approx(r[f"pos-{c}"] - r["favor+"], rel=1e-12, abs=1e-15)
    assert r["favor++-simplex"] < r["favor++-orthogonal"] < r["favor++"]


def test_simplex_range_limit_applies_only_to_simplex_estimators():
    from rfsym import atlas

    out = atlas.relative_mse(20, 20, 0.1, d=8, M=8, estimators=("favor+",))
    assert set(out) == {"favor+"}
    with pytest.raises(ValueError, match="pos-simplex"):
        atlas.relative_mse(20, 20, 0.1, d=8, M=8)
