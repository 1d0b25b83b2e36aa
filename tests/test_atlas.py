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
                                   ("favor++-orthogonal", 30000), ("favor++-simplex", 30000), ("favor#", 100000)])
def test_monte_carlo_spot_checks(est, n):
    c = atlas.monte_carlo_check(est, 0.4, 0.5, 1.1, 8, 8, n, seed=11)
    assert abs(c["z"]) <= 5, (est, c)
    # control: a 20% error in the exact value is rejected (the SE is small enough to see it)
    assert abs(c["mc"].z(1.2 * c["exact"])) > 5, (est, c["mc"], c["exact"])


def test_monte_carlo_check_errors():
    with pytest.raises(ValueError, match="no Monte Carlo"):
        atlas.monte_carlo_check("trig-phase", 1, 1, 1, 8, 8, 100, seed=0)


def test_favor_sharp_monte_carlo_rejects_ten_percent():
    """FAVOR# (pair-optimal SDERF) sampled with rfsym.derf.mc_moments: exact value passes, x1.1 fails."""
    c = atlas.monte_carlo_check("favor#", 0.9, 0.7, 1.3, 16, 16, 100000, seed=5)
    assert abs(c["z"]) < 5, c
    assert abs(c["mc"].z(1.1 * c["exact"])) > 5, c
    assert abs(c["mc"].z(c["exact"] / 1.1)) > 5, c


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


# ------------------------------------------------------------------------------------------------
# set-fitted FAVOR++ / FAVOR# (issue #21)
# ------------------------------------------------------------------------------------------------

def _sets(seed, L1, L2, d, scale=1.0):
    rng = np.random.default_rng(seed)
    return scale * rng.standard_normal((L1, d)) / d ** 0.25, scale * rng.standard_normal((L2, d)) / d ** 0.25


def test_set_fit_equals_pair_fit_for_one_pair():
    X, Y = _sets(1, 1, 1, 16)
    r = atlas.set_relative_mse(X, Y, 16, oracle=True)
    assert r["mean"]["favor++-set"] == pytest.approx(r["mean"]["favor++-pair"], rel=1e-10)
    assert r["mean"]["favor#-set"] == pytest.approx(r["mean"]["favor#-pair"], rel=1e-9)
    # and both equal the per-pair atlas of relative_mse (norms and angle of the pair)
    x, y = X[0], Y[0]
    q, k = float(np.linalg.norm(x)), float(np.linalg.norm(y))
    a = math.acos(float(np.clip(x @ y / (q * k), -1, 1)))
    ref = atlas.relative_mse(q, k, a, 16, 16, ("favor+", "favor++", "favor#"))
    assert r["mean"]["favor+"] == pytest.approx(ref["favor+"], rel=1e-10)
    assert r["mean"]["favor++-pair"] == pytest.approx(ref["favor++"], rel=1e-9)
    assert r["mean"]["favor#-pair"] == pytest.approx(ref["favor#"], rel=1e-9)
    # the coupled variants: PosRF exactly as the atlas, OPRF + coupling at the (one-pair) set fit too
    ref = atlas.relative_mse(q, k, a, 16, 16,
                             ("pos-orthogonal", "pos-simplex", "favor++-orthogonal", "favor++-simplex"))
    for e in ("pos-orthogonal", "pos-simplex"):
        assert r["mean"][e] == pytest.approx(ref[e], rel=1e-9)
    for c in ("orthogonal", "simplex"):
        assert r["mean"][f"favor++-set-{c}"] == pytest.approx(ref[f"favor++-{c}"], rel=1e-9)


def test_oracle_never_above_set_fit_and_set_fits_minimise_objective_8():
    for seed, scale in ((2, 1.0), (3, 0.5)):
        X, Y = _sets(seed, 7, 5, 12, scale)
        Y = Y + 0.2                                          # not centred: s2-bar differs from the pairs
        r = atlas.set_relative_mse(X, Y, 1, oracle=True)
        P = r["pairs"]
        tol = 1 + 1e-9
        assert (P["favor++-pair"] <= P["favor++-set"] * tol).all()       # CRT Thm 3.3 per pair
        assert (P["favor#-pair"] <= P["favor#-set"] * tol).all()         # DERF Thm 4.3 on one-pair sets
        assert (P["favor#-pair"] <= P["favor++-pair"] * tol).all()       # OPRF is an SDERF
        assert r["mean"]["favor++-pair"] <= r["mean"]["favor++-set"]
        assert r["mean_log"]["favor#-pair"] <= r["mean_log"]["favor#-set"]
        # the set fits minimise DERF (8) = mean log second moment = mean log1p(relative variance) + 2 mean x.y
        for c in ("orthogonal", "simplex"):                               # couplings lower both
            assert (P[f"favor++-set-{c}"] <= P["favor++-set"]).all() and (P[f"pos-{c}"] <= P["favor+"]).all()
        obj = {e: float(np.log1p(P[e]).mean()) for e in ("favor+", "favor++-set", "favor#-set")}
        assert obj["favor#-set"] <= obj["favor++-set"] <= obj["favor+"]
        xy = float((X @ Y.T).mean())
        assert obj["favor#-set"] + 2 * xy == pytest.approx(derf.sderf_optimum_np(X, Y)["objective"], rel=1e-9)
        assert obj["favor++-set"] + 2 * xy == pytest.approx(derf.gerf_optimum_np(X, Y)["objective"], rel=1e-9)


def test_set_fit_parameters_and_gerf_variance_route():
    X, Y = _sets(4, 6, 6, 8)
    fit = atlas.fit_set(X, Y)
    s2 = float(np.mean([[np.sum((x + y) ** 2) for y in Y] for x in X]))     # CRT Eq. (8) by brute force
    assert fit["s2"] == pytest.approx(s2, rel=1e-12)
    rho = float(crt.oprf_rho_star_np(8, s2))
    assert fit["A"] == pytest.approx((1 - 1 / rho) / 8, rel=1e-12)        # Thm 3.3 at the average
    assert fit["A"] == pytest.approx(derf.gerf_optimum_np(X, Y)["A"], rel=1e-9)   # DERF Sec. 3: the same A
    r = atlas.set_relative_mse(X, Y, 4, ("favor++-set",))
    # the OPRF variance with the fitted A through the general GERF formula (CRT Eq. (6), s = +1)
    for i, j in ((0, 0), (2, 5), (5, 1)):
        x, y = X[i], Y[j]
        lv = float(crt.log_gerf_variance_np(x, y, fit["A"], 1)) + float(np.sum((x - y) ** 2))
        assert r["pairs"]["favor++-set"][i, j] == pytest.approx(math.exp(lv) / 4, rel=1e-8)


def test_sderf_pair_oracle_reduction_matches_full_dimension():
    rng = np.random.default_rng(6)
    cases = [rng.standard_normal((2, d)) * 0.6 for d in (3, 16)]
    x = rng.standard_normal(5)
    cases += [(x, 0.7 * x), (x, -x), (np.zeros(5), x)]                 # collinear, opposite, x = 0
    for x, y in cases:
        with np.errstate(divide="ignore"):                  # x = -y: log(0)
            full = float(derf.log_relative_variance_np("sderf", x[None], y[None])[0, 0])
        assert atlas._sderf_pair_log_relvar(x, y) == pytest.approx(full, rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("est,n", [("favor+", 100000), ("favor++-set", 100000), ("favor#-set", 100000),
                                   ("favor++-set-simplex", 20000)])
def test_set_monte_carlo_checks(est, n):
    X, Y = _sets(7, 6, 6, 8, 0.5)
    c = atlas.monte_carlo_check_set(est, X, Y, 1, 4, 8, n, seed=12)
    assert abs(c["z"]) < 5, (est, c)
    assert abs(c["mc"].z(1.1 * c["exact"])) > 5, (est, c)


def test_set_relative_mse_oracle_is_opt_in_and_reports_progress(capsys):
    X, Y = _sets(5, 3, 4, 8)
    r = atlas.set_relative_mse(X, Y, 4)
    assert set(r["mean"]) == set(atlas.DEFAULT_SET_ESTIMATORS) and "favor#-pair" not in r["mean"]
    calls = []
    r = atlas.set_relative_mse(X, Y, 4, oracle=True, progress=lambda done, total: calls.append((done, total)))
    assert set(r["mean"]) == set(atlas.SET_ESTIMATORS)
    assert calls == [(4, 12), (8, 12), (12, 12)]                  # after each row of pairs
    X, Y = _sets(6, 40, 30, 4)                                      # > 1000 pairs: "auto" prints to stderr
    atlas.set_relative_mse(X, Y, 4, ("favor#-pair",))
    err = capsys.readouterr().err
    assert "favor#-pair: 1200/1200 pairs (100 %)" in err and err.count("\n") <= 11
    atlas.set_relative_mse(X, Y, 4, ("favor#-pair",), progress=None)
    assert capsys.readouterr().err == ""
    with pytest.raises(TypeError, match="progress"):
        atlas.set_relative_mse(X, Y, 4, progress="yes")
    with pytest.raises(TypeError, match="oracle"):
        atlas.set_relative_mse(X, Y, 4, oracle=1)


def test_set_relative_mse_bad_inputs():
    X, Y = _sets(8, 3, 3, 4)
    with pytest.raises(ValueError, match="same dimension"):
        atlas.set_relative_mse(X, Y[:, :3], 4)
    with pytest.raises(ValueError, match=r"shape \(L, d\)"):
        atlas.set_relative_mse(X[0], Y, 4)
    with pytest.raises(ValueError, match="finite"):
        atlas.set_relative_mse(np.where(X > 0, np.nan, X), Y, 4)
    with pytest.raises(ValueError, match="ragged or non-numeric"):
        atlas.set_relative_mse([[1.0, 2.0], [1.0]], Y, 4)
    with pytest.raises(ValueError, match="d must be >= 2"):
        atlas.set_relative_mse(X[:, :1], Y[:, :1], 4)
    with pytest.raises(ValueError, match="M must be an integer >= 1"):
        atlas.set_relative_mse(X, Y, 0)
    with pytest.raises(ValueError, match="M must be an integer"):
        atlas.set_relative_mse(X, Y, 4.0)
    with pytest.raises(ValueError, match="unknown estimators"):
        atlas.set_relative_mse(X, Y, 4, ("favor++",))
    with pytest.raises(ValueError, match="favor\\+\\+-set-simplex need"):
        atlas.set_relative_mse(X * 40, Y * 40, 4, ("favor+", "favor++-set-simplex"))
    assert set(atlas.set_relative_mse(X * 40, Y * 40, 4, ("favor+", "favor#-set"))["mean"]) == {"favor+", "favor#-set"}
    with pytest.raises(ValueError, match="out of range"):
        atlas.monte_carlo_check_set("favor+", X, Y, 3, 0, 4, 100, seed=0)
    with pytest.raises(ValueError, match="no set Monte Carlo"):
        atlas.monte_carlo_check_set("favor#-pair", X, Y, 0, 0, 4, 100, seed=0)


# ------------------------------------------------------------------------------------------------
# attention-level error
# ------------------------------------------------------------------------------------------------

def test_attention_error_reproducible_and_equal_to_direct_call():
    from rfsym import estimators

    rows = atlas.attention_error((8,), (16, 32), L=12, reps=2, seed=3, scale=0.8)
    assert rows == atlas.attention_error((8,), (16, 32), L=12, reps=2, seed=3, scale=0.8)
    assert len(rows) == 2 * 3 and {r["estimator"] for r in rows} == set(atlas.ATTENTION_ESTIMATORS)
    # recompute the FAVOR# cell (d = 8, M = 32) by hand: fresh sets per replicate, fit on d^{-1/4} Q, K
    errs = []
    for r in range(2):
        rng = np.random.default_rng([3, 8, 12, r])
        Q, K = 0.8 * rng.standard_normal((2, 12, 8))
        V = rng.standard_normal((12, 8))
        res = estimators.attention("FAVOR#", Q, K, V, 32, np.random.default_rng([3, 8, 12, r, 32]))
        errs.append(res.relative_error)
    cell = next(r for r in rows if r["M"] == 32 and r["estimator"] == "FAVOR#")
    assert cell["mean"] == pytest.approx(np.mean(errs), rel=1e-12)
    assert cell["se"] == pytest.approx(np.std(errs, ddof=1) / math.sqrt(2), rel=1e-9)


def test_attention_error_bad_inputs():
    with pytest.raises(ValueError, match="every d must be an integer >= 2"):
        atlas.attention_error((1,), (8,))
    with pytest.raises(ValueError, match="every M"):
        atlas.attention_error((8,), (0,))
    with pytest.raises(ValueError, match="reps must be an integer >= 2"):
        atlas.attention_error((8,), (8,), reps=1)
    with pytest.raises(ValueError, match="scale must be a finite number > 0"):
        atlas.attention_error((8,), (8,), scale=-1.0)
    with pytest.raises(ValueError, match="coupling"):
        atlas.attention_error((8,), (8,), coupling="simplex+")
    with pytest.raises(ValueError, match="unknown estimator name"):
        atlas.attention_error((8,), (8,), estimators=("FAVOR+++",))
    with pytest.raises(ValueError, match="rows is empty"):
        atlas.plot_attention_error([])


def test_plot_attention_error_legend_and_fonts():
    import matplotlib

    matplotlib.use("Agg")
    rows = atlas.attention_error((4, 8), (8, 16), L=8, reps=2, seed=0)
    fig = atlas.plot_attention_error(rows)
    leg = fig.axes[0].get_legend()
    assert [t.get_text() for t in leg.get_texts()] == list(atlas.ATTENTION_ESTIMATORS)
    assert min(t.get_fontsize() for t in leg.get_texts()) >= 11
    # the data lines, not the error-bar caps ("_")
    lines = [ln for ln in fig.axes[0].get_lines() if ln.get_marker() not in (None, "None", "", "_")]
    assert len({ln.get_color() for ln in lines}) == 3 and len({ln.get_marker() for ln in lines}) == 3
    import matplotlib.pyplot as plt

    plt.close(fig)


# ------------------------------------------------------------------------------------------------
# high-precision atlas values (the reference rows at d = 64, 128)
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("d", [64, 128])
def test_relative_mse_exact_matches_float_atlas(d):
    x = ["0.6"] + ["0"] * (d - 1)
    y = ["0", "0.8"] + ["0"] * (d - 2)
    fl = atlas.relative_mse(0.6, 0.8, math.pi / 2, d, d, atlas.EXACT_ESTIMATORS)
    for e in atlas.EXACT_ESTIMATORS:
        assert float(atlas.relative_mse_exact(e, x, y, d, dps=20)) == pytest.approx(fl[e], rel=1e-10), e


def test_relative_mse_exact_errors():
    with pytest.raises(ValueError, match="relative_mse_exact covers"):
        atlas.relative_mse_exact("favor#", [1, 0], [0, 1], 2)
    with pytest.raises(ValueError, match="d >= 2"):
        atlas.relative_mse_exact("favor+", [1], [0], 2)
    with pytest.raises(ValueError):
        atlas.relative_mse_exact("favor+", [1, 0], [0, 1, 0], 2)
    with pytest.raises(ValueError, match="M must satisfy"):
        atlas.relative_mse_exact("favor+", [1, 0], [0, 1], 0)
