"""Tests of rfsym.derf.witnesses and rfsym.derf.experiments (independent routes for the DERF optima,
Fig. 2 protocol, Table 1 arithmetic) and of the printed-vs-corrected GERF features."""

import math

import mpmath
import numpy as np
import pytest
import sympy as sp
from mpmath import mp

from rfsym import derf
from rfsym.derf import experiments as dx
from rfsym.derf import witnesses as dw
from rfsym.montecarlo import z_check

X = [["0.5", "-0.25"], ["0.125", "1"], ["-0.75", "0.5"]]
Y = [["1", "0.25"], ["0.5", "-0.5"], ["0.25", "0.75"]]
XN, YN = np.array(X, float), np.array(Y, float)


def test_gerf_printed_features_are_not_rfs():
    """(6) as printed (C|x|^2/2, C = -1/2) has mean exp(x.y + (|x|^2+|y|^2)/4); C|x|^2 has mean K."""
    I = [[1, 0], [0, 1]]
    x, y = ["0.5", "1"], ["1", "-0.25"]
    a = "-0.1"
    with mp.workdps(40):
        B, D = mp.sqrt(1 - 4 * mpmath.mpf(a)), (1 - 4 * mpmath.mpf(a)) ** (mpmath.mpf(2) / 4)
        Am = [[mpmath.mpf(a), 0], [0, mpmath.mpf(a)]]
        Bm = [[B, 0], [0, B]]
    corr = derf.derf_mean(Am, Bm, Bm, [["-1/2", 0], [0, "-1/2"]], [["-1/2", 0], [0, "-1/2"]], D, x, y, dps=25)
    prnt = derf.derf_mean(Am, Bm, Bm, [["-1/4", 0], [0, "-1/4"]], [["-1/4", 0], [0, "-1/4"]], D, x, y, dps=25)
    with mp.workdps(30):
        K = mp.exp(mpmath.mpf("0.25"))
        assert abs(corr / K - 1) < mpmath.mpf(10) ** -20
        assert abs(prnt / (K * mp.exp((mpmath.mpf("1.25") + mpmath.mpf("1.0625")) / 4)) - 1) < mpmath.mpf(10) ** -20
    w = np.random.default_rng(0).standard_normal((4, 2))
    fp = derf.gerf_features_printed_np(w, [[0.5, 1.0]], -0.1, 1.4 ** 0.5, -0.5, 1.4 ** 0.5)
    fc = derf.gerf_features_np(w, [[0.5, 1.0]], -0.1, 1.4 ** 0.5, -0.5, 1.4 ** 0.5)
    assert np.allclose(fp / fc, math.exp(0.25 * 1.25))
    assert derf.gerf_optimum_np(XN, YN)["C"] == -0.5


def test_direct_objective_matches_library_average():
    for fam in ("gerf", "aderf", "sderf", "saderf"):
        o = dw.derf_optimum(fam, X, Y, dps=40)
        with mp.workdps(50):
            v = dw.direct_objective(derf.as_derf_params(fam, dict(o, d=2)), X, Y)
        assert abs(v - o["objective"]) < mpmath.mpf(10) ** -35


@pytest.mark.parametrize("fam", ["gerf", "aderf", "sderf", "saderf"])
def test_stationarity_and_wrong_optimum(fam):
    s = dw.stationarity(fam, X, Y, dps=40)
    assert s["max_grad"] < mpmath.mpf(10) ** -25 and s["min_eig"] > 0
    w = dw.stationarity(fam, X, Y, opt=dw.wrong_optimum(fam, X, Y, dps=60), dps=40, hessian=False)
    assert w["max_grad"] > mpmath.mpf(10) ** -4
    # the wrong closed form has a larger direct objective
    wo = dw.wrong_optimum(fam, X, Y, dps=40)
    with mp.workdps(50):
        assert dw.direct_objective(derf.as_derf_params(fam, dict(wo, d=2)), X, Y) > s["value"]


def test_family_params_satisfy_thm41():
    with mp.workdps(40):
        th = [mpmath.mpf("-0.1"), mpmath.mpf("0.9"), mpmath.mpf("0.2"), mpmath.mpf("-0.1"), mpmath.mpf("1.1")]
        for fam, t in (("aderf", th), ("aderf-E", [th[0], mpmath.mpf(2), mpmath.mpf("0.3"), mpmath.mpf(1)]),
                       ("sderf", [mpmath.mpf("-0.1"), mpmath.mpf("0.02"), mpmath.mpf("-0.2"), mpmath.mpf("0.3")]),
                       ("sderf-diag", [mpmath.mpf("-0.1"), mpmath.mpf("-0.2"), mpmath.mpf("0.3")]),
                       ("saderf", [mpmath.mpf("-0.1"), mpmath.mpf(2), mpmath.mpf("0.5")])):
            p = dw.family_params(fam, t, 2)
            assert derf.derf_conditions_residual(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], dps=30) < \
                mpmath.mpf(10) ** -30
    with pytest.raises(ValueError, match="family must be"):
        dw.family_params("nope", [0], 2)
    with pytest.raises(ValueError, match="family must be"):
        dw.stationarity("derf", X, Y)


def test_objective_mc_detects_a_five_percent_coefficient():
    o = derf.aderf_optimum_np(XN, YN)
    p = derf.as_derf_params_np("aderf", o)
    r = dw.objective_mc(p, XN, YN, 200_000, np.random.default_rng(1))
    assert z_check(r, o["objective"]).passed
    assert not z_check(r, o["objective"] + 0.05 * o["phi"] * 2 / (1 - 8 * o["A"])).passed


def test_eq10_eq11_printed():
    o = derf.aderf_optimum(X, Y, dps=40)
    st = derf.shifted_log_variance_stats(X, Y, dps=40)
    with mp.workdps(50):
        assert abs(dw.eq10_printed(o["A"], o["Sigma"], o["mu3"], 2) - o["objective"]) < mpmath.mpf(10) ** -35
        s = derf.sderf_optimum(X, Y, dps=40)
        v = dw.eq11_printed([s["A"][l, l] for l in range(2)], s["Lambda3"], st["mx"], st["my"])
        assert abs(v - s["objective"]) < mpmath.mpf(10) ** -35


def test_reduction_exprs():
    r = dw.aderf_reduction_expr()
    A, m1, m2, mu = r["symbols"]
    assert sp.simplify(r["phi"] - 2 * (sp.sqrt(m1 * m2) + mu)) == 0
    q = dw.sderf_reduction_expr()
    t, a, l, e1, e2, l1, l2 = q["symbols"]
    assert q["per_coordinate"] == 0 and q["dT0"] == 0
    assert sp.simplify(q["gap"] - (e1 - e2) * (l1 - l2) * sp.sin(t) ** 2) == 0


def test_table1_arithmetic():
    assert dx.table1_marks() == {s: m for s, (v, m) in dx.TABLE1.items()}
    r = dx.table1_ranks("FAVOR#")
    assert r == {"MNLI(m)": 1, "QQP": 2, "QNLI": 1, "SST-2": 1, "CoLA": 3, "STS-B": 5, "MRPC": 2, "RTE": 1}
    assert len(dx.GLUE_TASKS) == 9 and len(dx.TABLE1_TASKS) == 8
    # a misprinted mark would be detected
    t2 = dict(dx.TABLE1)
    t2["FAVOR+"] = ((99.0,) + dx.TABLE1["FAVOR+"][0][1:], dx.TABLE1["FAVOR+"][1])
    assert dx.table1_marks(t2)["FAVOR+"][0] == "b" != dx.TABLE1["FAVOR+"][1][0]


def test_fig2_small_and_errors():
    r = dx.fig2_curves("heterogen", L=32, n_sets=2, d=8, sigmas=(0.25, 1.0), families=("gerf", "aderf", "sderf"))
    g = dx.fig2_gaps("heterogen", L=32, n_sets=2, d=8, sigmas=(0.25, 1.0), families=("gerf", "aderf", "sderf"))
    assert r["gerf"].shape == (2, 2) and np.all(g >= -1e-12) and np.all(g[:, 1] > g[:, 0])
    with pytest.raises(ValueError, match="regime must be"):
        dx.fig2_curves("mnist", L=8, n_sets=1)
    ex, mc = dx.fig2_mc_point("sphere", "sderf", 0.25, d=8, L=16, n=50_000)
    assert z_check(mc, ex).passed and not z_check(mc, 1.1 * ex).passed


def test_log_relative_variance_trig_pos_matmul_form():
    rng = np.random.default_rng(2)
    Xs, Ys = rng.normal(size=(5, 3)) * 0.4, rng.normal(size=(4, 3)) * 0.4
    u = ((Xs[:, None, :] - Ys[None, :, :]) ** 2).sum(-1)
    s = ((Xs[:, None, :] + Ys[None, :, :]) ** 2).sum(-1)
    assert np.allclose(derf.log_relative_variance_np("trig", Xs, Ys), np.log(np.exp(u) - 1 + np.exp(-u) / 2))
    assert np.allclose(derf.log_relative_variance_np("pos", Xs, Ys), np.log(np.expm1(s)))


# --- round 2: enumeration of the M-sample estimator, separate gap implementation, general-DERF slopes

def _posrf(d):
    I = np.eye(d)
    return {"A": 0 * I, "B1": I, "B2": I, "C1": -I / 2, "C2": -I / 2, "D": 1.0}


def test_estimator_moments_enumerated_posrf():
    """PosRF, d = 1: E f1 f2 = e^{xy}, E (f1 f2)^2 = e^{2(x+y)^2 - x^2 - y^2}; Var K_hat = Var(f1 f2)/M."""
    x, y = np.array([0.5]), np.array([-0.3])
    m2 = math.exp(2 * 0.2 ** 2 - 0.25 - 0.09)
    for M in (1, 2, 3):
        r = dw.estimator_moments_enumerated(_posrf(1), x, y, M)
        assert r["mean"] == pytest.approx(math.exp(-0.15), rel=1e-13)
        assert r["m2"] == pytest.approx(m2, rel=1e-13)
        assert r["var"] == pytest.approx((m2 - math.exp(-0.3)) / M, rel=1e-12)
        assert r["tuples"] == 40 ** M
    r2 = dw.estimator_moments_enumerated(_posrf(2), np.array([0.5, 0.1]), np.array([-0.3, 0.2]), 2, n_nodes=20)
    assert r2["mean"] == pytest.approx(math.exp(-0.13), rel=1e-12) and r2["tuples"] == 400 ** 2


def test_estimator_moments_enumerated_rejects_bad_input():
    with pytest.raises(ValueError):
        dw.estimator_moments_enumerated(_posrf(3), np.zeros(3), np.zeros(3), 2)
    with pytest.raises(ValueError):
        dw.estimator_moments_enumerated(_posrf(1), np.zeros(1), np.zeros(1), 5)


def test_gerf_sderf_gap_matches_library():
    """The separate implementation equals the library's mean log relative variances on a random set."""
    rng = np.random.default_rng(3)
    X, Y = rng.normal(size=(40, 5)) * 0.6, 0.6 + rng.normal(size=(40, 5)) * 0.6
    lib = (derf.log_relative_variance_np("gerf", X, Y).mean() - derf.log_relative_variance_np("sderf", X, Y).mean())
    assert dw.gerf_sderf_gap(X, Y) == pytest.approx(lib, rel=1e-10, abs=1e-12)
    assert dw.gerf_sderf_gap(X, Y) > 0


def test_general_derf_slope():
    """Zero inside the family (ADERF: B1 and scalar A), non-zero along a non-scalar A; dA must be symmetric."""
    Xd = [["0.5", "0.1"], ["-0.2", "0.3"], ["0.1", "-0.4"]]
    Yd = [["0.3", "0.4"], ["0.4", "-0.6"], ["0.2", "0.5"]]
    a = derf.aderf_optimum(Xd, Yd, dps=40)
    with mp.workdps(40):
        A = a["A"] * mp.eye(2)
    Z = [[0, 0], [0, 0]]
    assert abs(dw.general_derf_slope(A, a["B1"], Xd, Yd, Z, [[0, 1], [0, 0]])) < mpmath.mpf(10) ** -20
    assert abs(dw.general_derf_slope(A, a["B1"], Xd, Yd, [[1, 0], [0, 1]], Z)) < mpmath.mpf(10) ** -12
    assert abs(dw.general_derf_slope(A, a["B1"], Xd, Yd, [[1, 0], [0, -1]], Z)) > mpmath.mpf(10) ** -3
    with pytest.raises(ValueError):
        dw.general_derf_slope(A, a["B1"], Xd, Yd, [[0, 1], [0, 0]], Z)


def test_gerf_sderf_gap_no_overflow_at_large_scale():
    """Relative variances of e^100 and more: the log stays finite and matches the library."""
    rng = np.random.default_rng(4)
    X, Y = rng.normal(size=(30, 4)) * 3, 3 + rng.normal(size=(30, 4)) * 3
    lib = (derf.log_relative_variance_np("gerf", X, Y).mean() - derf.log_relative_variance_np("sderf", X, Y).mean())
    g = dw.gerf_sderf_gap(X, Y)
    assert math.isfinite(g) and g == pytest.approx(lib, rel=1e-9)


def test_exact_product_moments_and_exact_check():
    """The exact (mean, variance, mu4) of a DERF product used by the Monte Carlo witnesses (issue 27)."""
    from rfsym.derf.claims._checks import _ExactCheck, _product_moments
    p = derf.as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=2)      # PosRF
    x, y = np.array([0.3, 0.1]), np.array([0.2, -0.4])
    m, v, mu4 = _product_moments(p, x, y)
    s2 = float(((x + y) ** 2).sum())
    # PosRF: Z = exp(w^T (x + y) - |x|^2/2 - |y|^2/2), so Z / K is lognormal with log-variance s2
    K = math.exp(x @ y)
    assert abs(m / K - 1) < 1e-12 and abs(v / K ** 2 / math.expm1(s2) - 1) < 1e-10
    q = math.exp(s2)
    mu4_ln = K ** 4 * (q ** 6 - 4 * q ** 3 + 6 * q - 3)
    assert abs(mu4 / mu4_ln - 1) < 1e-9
    ex, mc, s = dx.fig2_mc_point("sphere", "sderf", 0.25, d=8, L=16, n=50_000, keep_samples=True)
    _, v2, m4 = _product_moments(s["params"], s["x"], s["y"], scale=math.exp(s["x"] @ s["y"]))
    c = _ExactCheck((s["samples"] - 1) ** 2, ex, m4 - v2 * v2, {"1.1 x": 1.1 * ex})
    assert abs(v2 / ex - 1) < 1e-8 and c.passed and c.rejects("1.1 x")
