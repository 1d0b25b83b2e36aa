"""Tests of rfsym.hrf (Hybrid Random Features): reference values, independent witnesses, errors."""

import math

import mpmath
import numpy as np
import pytest
import sympy
from mpmath import mp

from rfsym import hrf
from rfsym.hrf import witnesses as HW
from rfsym.montecarlo import exact_z_witness, mean_of, variance_of, z_check

PIN = "0.147624622100627987825492625893"
X60 = [1, 0]
Y60 = [sympy.cos(sympy.pi / 3), sympy.sin(sympy.pi / 3)]


# ------------------------------------------------------------------------- Lemma 2.2

def test_issue_pin_value():
    v = hrf.mse_trig(X60, Y60, 10, dps=30)
    assert mpmath.nstr(v, 30).startswith(PIN[:31])
    # closed form (e - 1)^2 / 20 at 50 digits, independently
    with mp.workdps(60):
        closed = (mp.e - 1) ** 2 / 20
        assert abs(hrf.mse_trig(X60, Y60, 10, dps=50) - closed) < mpmath.mpf(10) ** -49


def test_decimal_strings_are_exact():
    a = hrf.mse_trig(["0.1", "0.2"], ["0.3", "-0.1"], 3, dps=40)
    b = hrf.mse_trig([sympy.Rational(1, 10), sympy.Rational(1, 5)], [sympy.Rational(3, 10), sympy.Rational(-1, 10)], 3, dps=40)
    assert abs(a - b) < mpmath.mpf(10) ** -39 * a
    c = hrf.mse_trig([0.1, 0.2], [0.3, -0.1], 3, dps=40)  # binary floats differ in late digits
    assert 1e-30 < abs(c - a) / a < 1e-14


def _quad_var(fun, s):
    """Var of fun(s g), g ~ N(0,1), by quadrature (independent of the closed forms)."""
    dens = lambda g: mp.exp(-g * g / 2) / mp.sqrt(2 * mp.pi)
    e1 = mp.quad(lambda g: fun(s * g) * dens(g), [-mp.inf, 0, mp.inf])
    e2 = mp.quad(lambda g: fun(s * g) ** 2 * dens(g), [-mp.inf, 0, mp.inf])
    return e2 - e1 ** 2


@pytest.mark.parametrize("x,y,m", [(["0.3", "0.4"], ["-0.2", "0.1"], 1), (["1.2", "-0.5", "0.1"], ["0.7", "0.3", "-0.9"], 5)])
def test_lemma22_against_quadrature(x, y, m):
    with mp.workdps(30):
        xv = [mpmath.mpf(v) for v in x]
        yv = [mpmath.mpf(v) for v in y]
        d = mp.sqrt(sum((a - b) ** 2 for a, b in zip(xv, yv)))
        z = mp.sqrt(sum((a + b) ** 2 for a, b in zip(xv, yv)))
        nx2, ny2 = sum(a * a for a in xv), sum(b * b for b in yv)
        vt = mp.exp(nx2 + ny2) * _quad_var(mp.cos, d) / m
        vp = mp.exp(-(nx2 + ny2)) * _quad_var(mp.cosh, z) / m
    assert abs(hrf.mse_trig(x, y, m, dps=20) / vt - 1) < 1e-18
    assert abs(hrf.mse_pos(x, y, m, dps=20) / vp - 1) < 1e-18


def test_symbolic_lemma22():
    for d, p in (hrf.mse_trig_expr(), hrf.mse_pos_expr()):
        assert sympy.simplify(d - p) == 0


def test_mc_lemma22_and_wrong_value_fails():
    x, y = np.array([0.5, 0.1]), np.array([0.2, -0.4])
    est = hrf.sample_trig(x, y, 3, np.random.default_rng(5), 50000)
    exact = float(hrf.mse_trig(["0.5", "0.1"], ["0.2", "-0.4"], 3, dps=15))
    # squared errors tested with their exact variance (fourth moment by Gaussian integrals), guaranteed rate
    var_sq = float(HW.hybrid_error_moments(x, y, 3, HW.lam_raw_fixed(0))["var_sq"])
    w = exact_z_witness((est - math.exp(float(x @ y))) ** 2, exact, var_sq, {"1.1 x": 1.1 * exact}, lower=0.0)
    assert w.passed and w.controls_rejected


def test_mse_zero_at_the_right_places():
    assert hrf.mse_trig([1, 2], [1, 2], 4) == 0
    assert hrf.mse_pos([1, 2], [-1, -2], 4) == 0


# ------------------------------------------------------------------------- angular coefficient, Thm D.1

def test_angular_lambda_is_binomial():
    lam = hrf.sample_angular_lambda([1.0, 0.2], [-0.4, 0.9], 5, np.random.default_rng(0), 20000)
    k = lam * 5
    assert np.allclose(k, np.round(k), atol=1e-12)
    th = float(hrf.angle([1.0, 0.2], [-0.4, 0.9], dps=15))
    assert z_check(mean_of(lam), th / math.pi).passed
    mo = hrf.angular_lambda_moments(th, 5, dps=15)
    assert z_check(mean_of(lam ** 2), mo["second"]).passed


def test_angular_hybrid_same_length_forms_agree():
    th = mpmath.mpf("1.1")
    with mp.workdps(40):
        x = [mpmath.mpf("1.3"), 0]
        y = [mpmath.mpf("1.3") * mp.cos(th), mpmath.mpf("1.3") * mp.sin(th)]
    a = hrf.angular_hybrid_mse(x, y, 4, 3, dps=20)
    b = hrf.angular_hybrid_mse_theta(th, "1.3", 4, 3, dps=20)
    c = hrf.angular_hybrid_mse(x, y, 4, 3, shared=True, dps=20)
    assert abs(a / b - 1) < 1e-18 and abs(c / a - 1) < 1e-15
    assert abs(hrf.eq47_printed(th, "1.3", 4, 3, dps=20) / a - 1) > 0.01


def test_angular_hybrid_mc_independent_and_shared():
    x, y = np.array([0.9, 0.1]), np.array([-0.1, 0.3])
    X, Y = ["0.9", "0.1"], ["-0.1", "0.3"]
    for shared, seed in ((False, 1), (True, 2)):
        est = hrf.sample_angular_hybrid(x, y, 2, 2, np.random.default_rng(seed), 100000, shared=shared)
        exact = hrf.angular_hybrid_mse(X, Y, 2, 2, shared=shared, dps=15)
        sm = math.exp(0.9 * -0.1 + 0.1 * 0.3)
        mom = HW.hybrid_error_moments(x, y, 2, HW.lam_raw_angular(hrf.angle(X, Y, dps=20), 2), shared=shared)
        assert exact_z_witness((est - sm) ** 2, float(exact), float(mom["var_sq"]), {"0": 0.0}, lower=0.0).passed
        assert exact_z_witness(est, sm, float(exact), {"1.1 SM": 1.1 * sm}).passed


# ------------------------------------------------------------------------- Thm 3.5

def _brute_max_rel(r, m, n):
    th = np.linspace(0, np.pi, 200001)
    return float(np.max(np.exp(hrf.log_relative_error_np(th, r, m, n))))


@pytest.mark.parametrize("r,m,n", [(1, 1, 1), (2, 3, 4), ("3.5", 10, 16), (6, 2, 1)])
def test_max_relative_error_vs_brute_force(r, m, n):
    exact = hrf.max_relative_error_angular_hybrid(r, m, n, dps=20)
    brute = _brute_max_rel(float(r), m, n)
    assert brute <= float(exact) * (1 + 1e-12)
    assert abs(brute / float(exact) - 1) < 1e-6


def test_max_relative_error_symmetric_and_reference():
    v, th = hrf.max_relative_error_angular_hybrid(5, 1, 1, dps=20, return_theta=True)
    assert mpmath.nstr(v, 15) == mpmath.nstr(hrf.max_relative_error_angular_hybrid(5, 1, 1, dps=30), 15)
    assert 0 < th < mp.pi / 2
    # value at theta and at pi - theta agree
    e1 = hrf.relative_error_angular_hybrid(th, 5, 1, 1, dps=15)
    with mp.workdps(40):
        e2 = hrf.relative_error_angular_hybrid(mp.pi - th, 5, 1, 1, dps=15)
    assert abs(e1 / e2 - 1) < 1e-12 and abs(e1 / v - 1) < 1e-12


def test_thm35_bound_fails_and_corrected_holds():
    assert hrf.max_relative_error_angular_hybrid(5, 1, 1) > hrf.thm35_bound(5, 1, 1)
    assert hrf.max_relative_error_angular_hybrid(4, 1, 1) < hrf.thm35_bound(4, 1, 1)
    for r in (1, 2, 5, 10, 40):
        for n in (1, 3, 16):
            assert hrf.max_relative_error_angular_hybrid(r, 2, n, dps=12) <= hrf.thm35_bound_corrected(r, 2, n, dps=12)
    rs = hrf.thm35_failure_radius(1, dps=10)
    assert mpmath.nstr(rs, 5) == "4.1277"
    assert hrf.thm35_ratio(rs - mpmath.mpf("1e-6"), 1, dps=12) < 1 < hrf.thm35_ratio(rs + mpmath.mpf("1e-6"), 1, dps=12)


def test_thm35_ratio_np_matches_mp():
    for r, n in ((1.5, 2), (7.0, 3), (30.0, 16)):
        a = float(hrf.thm35_ratio(r, n, dps=12))
        b = float(hrf.thm35_ratio_np(r, n))
        assert b <= a * (1 + 1e-9) and abs(a / b - 1) < 1e-5


def test_b_derivatives_and_eq64():
    assert all(sympy.simplify(d - p) == 0 for d, p in hrf.b_derivative_exprs())
    assert hrf.b_max(3, 1, 2) > hrf.eq64_printed(3, 1)
    assert hrf.b_max(3, 1, 2) < hrf.eq64_corrected(3, 1)
    assert hrf.b_max(3, 4, 1) < hrf.eq63_bound(3, 4)


# ------------------------------------------------------------------------- complex exponential

def test_cexp_special_cases():
    x, y = ["0.5", "0.1"], ["0.2", "-0.4"]
    mo = hrf.cexp_moments(x, y, [["1j", 0], [0, "1j"]], 3, dps=20)
    assert abs(mo["var_real"] / hrf.mse_trig(x, y, 3, dps=20) - 1) < 1e-18
    assert mo["var_imag"] > 0
    mo = hrf.cexp_moments(x, y, [[1, 0], [0, 1]], 3, dps=20)
    assert abs(mo["mse_complex"] / hrf.mse_pos_onesided(x, y, 3, dps=20) - 1) < 1e-18
    assert abs(mo["mean"] - mo["sm"]) < 1e-20


def test_cexp_mc_complex_A():
    A = np.array([[0.8 + 0.3j, 0.1], [-0.2j, 1.1]])
    x, y = np.array([0.3, -0.2]), np.array([0.1, 0.5])
    est = hrf.sample_cexp(x, y, A, 3, np.random.default_rng(3), 60000)
    mo = hrf.cexp_moments(["0.3", "-0.2"], ["0.1", "0.5"], [["0.8+0.3j", "0.1"], ["-0.2j", "1.1"]], 3, dps=15)
    assert z_check(mean_of(est.real), mo["sm"]).passed
    assert z_check(variance_of(est.real), mo["var_real"]).passed
    assert not z_check(variance_of(est.real), 1.1 * mo["var_real"]).passed


def test_cexp_zero_variance_point():
    A = [["1.2", "0.3"], ["0", "0.7"]]
    xs = hrf.cexp_zero_variance_point(["0.4", "-0.3"], A)
    mo = hrf.cexp_moments([mpmath.re(v) for v in xs], ["0.4", "-0.3"], A, 2)
    assert abs(mo["mse_complex"]) < 1e-25


# ------------------------------------------------------------------------- Gaussian hybrid

def test_gaussian_hybrid_moments_symbolic_and_mc():
    assert all(sympy.simplify(d - p) == 0 for d, p in hrf.gaussian_hybrid_moments_expr())
    x, y = np.array([0.6, 0.2]), np.array([-0.2, 0.6])
    est = hrf.sample_gaussian_hybrid(x, y, 3, 2, 1.0, np.random.default_rng(4), 80000)
    exact = float(hrf.gaussian_hybrid_mse(["0.6", "0.2"], ["-0.2", "0.6"], 3, 2, 1, dps=15))
    mom = HW.hybrid_error_moments(x, y, 3, HW.lam_raw_gaussian_trig(["0.6", "0.2"], ["-0.2", "0.6"], 1, 2))
    w = exact_z_witness((est - math.exp(float(x @ y))) ** 2, exact, float(mom["var_sq"]), {"1.1 x": 1.1 * exact}, lower=0.0)
    assert w.passed and w.controls_rejected


def test_gaussian_hybrid_requires_same_norm_without_r():
    with pytest.raises(ValueError, match="same norm"):
        hrf.gaussian_hybrid_moments([1, 0], [0, 2], 1, 2)
    assert hrf.gaussian_hybrid_moments([1, 0], [0, 2], 1, 2, r=1)["mean"] > 0


def test_sharing_can_increase_mse():
    mo = hrf.gaussian_lambda_pos_moments([1, 0], [0, "0.1"], [[0, -10], [0, 0]], 2, 1)
    assert mo["cross"] < 0
    a = hrf.bipolar_hybrid_mse([1, 0], [0, "0.1"], 2, mo["second"], mo["second_complement"])
    b = hrf.bipolar_hybrid_mse([1, 0], [0, "0.1"], 2, mo["second"], mo["second_complement"], shared=True)
    assert b > a


# ------------------------------------------------------------------------- Lemma 2.3, clusters, samplers

def test_feature_maps_reproduce_estimator():
    rng = np.random.default_rng(7)
    for _ in range(5):
        x, y = rng.standard_normal(4) * 0.5, rng.standard_normal(4) * 0.5
        Wp, Wt, T = rng.standard_normal((6, 4)), rng.standard_normal((6, 4)), rng.standard_normal((3, 4))
        p1, p2 = hrf.hybrid_feature_maps(x, y, Wp, Wt, T)
        assert abs(p1 @ p2 - hrf.hybrid_estimate_direct(x, y, Wp, Wt, T)) < 1e-12
        assert p1.size == hrf.feature_map_dimension(6, 3, (2, 2), (1,))


def test_cluster_optima():
    a = hrf.cluster_A_complex(["1.5", "-0.3", "0"], ["0.2", "0.9", "0"])
    A = [[a[i] if i == j else 0 for j in range(3)] for i in range(3)]
    assert hrf.cluster_loss(A, ["1.5", "-0.3", "0"], ["0.2", "0.9", "0"]) < 1e-25
    with pytest.raises(ValueError, match="cannot be zeroed"):
        hrf.cluster_A_complex([1, 0], [1, 2])


def test_orthogonal_coupling_sampler_unbiased():
    x, y = np.array([0.3, 0.1, -0.2]), np.array([0.2, -0.3, 0.1])
    est = hrf.sample_trig(x, y, 3, np.random.default_rng(8), 20000, coupling="orthogonal")
    assert z_check(mean_of(est), math.exp(float(x @ y))).passed


def test_numpy_curves_match_mp():
    th, r = 1.2, 1.7
    assert abs(math.exp(hrf.log_mse_trig_np(th, r, 3)) / float(hrf.mse_trig([r, 0], [r * math.cos(th), r * math.sin(th)], 3)) - 1) < 1e-12
    assert abs(math.exp(hrf.log_mse_pos_np(th, r, 3)) / float(hrf.mse_pos([r, 0], [r * math.cos(th), r * math.sin(th)], 3)) - 1) < 1e-12
    assert abs(math.exp(hrf.log_angular_hybrid_mse_np(th, r, 3, 2)) / float(hrf.angular_hybrid_mse_theta(th, r, 3, 2)) - 1) < 1e-12
    # no overflow at large radius
    assert np.isfinite(hrf.log_mse_pos_np(0.0, 30.0, 1))


# ------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("call,match", [
    (lambda: hrf.mse_trig([1, 0], [0, 1], 0), "m must satisfy m >= 1"),
    (lambda: hrf.angular_hybrid_mse([1, 0], [0, 1], 1, 0), "n must satisfy n >= 1"),
    (lambda: hrf.max_relative_error_angular_hybrid(-1, 1, 1), "r must satisfy"),
    (lambda: hrf.thm35_bound(-1, 1, 1), "r must satisfy"),
    (lambda: hrf.mse_pos([1, 0], [0, 1, 2], 1), "same length"),
    (lambda: hrf.cexp_moments([1, 0], [0, 1], [[1, 2], [2, 4]], 1), "invertible"),
    (lambda: hrf.sample_cexp([1, 0], [0, 1], [[1, 2], [2, 4]], 1, np.random.default_rng(0)), "invertible"),
    (lambda: hrf.cexp_identity([1, 0], [0, 1], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]), "must be a 2x2"),
    (lambda: hrf.angular_hybrid_mse([0, 0], [0, 1], 1, 1), "non-zero"),
    (lambda: hrf.angular_lambda_moments(4, 2), "theta must satisfy"),
    (lambda: hrf.sample_trig([1, 0], [0, 1, 1], 2, np.random.default_rng(0)), "same length"),
    (lambda: hrf.thm35_bound_corrected("0.5", 1, 1), "r >= 1"),
    (lambda: hrf.gaussian_hybrid_moments([1, 0], [0, 1], 0, 2), "sigma must satisfy"),
])
def test_bad_input_raises_valueerror(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_type_errors():
    with pytest.raises(TypeError):
        hrf.mse_trig([1, 0], [0, 1], 2.0)
    with pytest.raises(TypeError):
        hrf.sample_trig([1, 0], [0, 1], 2, rng=42)
    with pytest.raises(TypeError):
        hrf.mse_trig([1, 0], [0, None], 2)


# ------------------------------------------------------------------------- audit fixes

def test_eq18_re_condition_alone_leaves_positive_variance():
    A = [["1+1j", "0.3"], ["-0.2j", "0.8-0.5j"]]
    y = ["0.4", "-0.3"]
    with mp.workdps(40):
        Am = mpmath.matrix([[mpmath.mpmathify(s) for s in row] for row in A])
        Bm = Am.T ** -1
        ReA = mpmath.matrix([[mpmath.re(Am[i, j]) for j in range(2)] for i in range(2)])
        ReB = mpmath.matrix([[mpmath.re(Bm[i, j]) for j in range(2)] for i in range(2)])
        xr = -(ReA ** -1) * (ReB * mpmath.matrix([mpmath.mpf(v) for v in y]))
    mo = hrf.cexp_moments([xr[0], xr[1]], y, A, 1, dps=20)
    assert mo["var_real"] > 0.04 and mo["mse_complex"] > 0.29
    # the stacked real system of (18) is solved only by the (17) point (here real: A^T A real)
    Ad = np.diag([2j, 0.5])
    yv = np.array([0.3, -0.7])
    B = np.linalg.inv(Ad.T)
    S = np.vstack([Ad.real, Ad.imag])
    xs = np.linalg.lstsq(S, -np.concatenate([B.real @ yv, B.imag @ yv]), rcond=None)[0]
    x17 = hrf.cexp_zero_variance_point(list(yv), [[2j, 0], [0, 0.5]], dps=20)
    assert np.allclose(xs, [complex(v) for v in x17], atol=1e-14)
    assert abs(hrf.cexp_moments([mpmath.re(v) for v in x17], list(yv), [[2j, 0], [0, 0.5]], 1, dps=20)["mse_complex"]) < 1e-25


def test_zero_one_mixture_indicators_and_unbiased():
    rng = np.random.default_rng(5)
    cx, cy = np.array([[1.0, 0.2], [-0.5, 0.6]]), np.array([[0.3, -0.4], [-0.6, -0.2]])
    Z = rng.standard_normal((500, 2)) * 2
    ind = hrf.cluster_indicators(Z, cx)
    assert np.all(ind.sum(axis=1) == 1)
    assert np.all(ind.argmax(axis=1) == np.argmin(((Z[:, None, :] - cx) ** 2).sum(-1), axis=1))
    A = [[np.diag([float(v) for v in hrf.cluster_A_real(list(cx[i]), list(cy[j]), dps=15)]) for j in range(2)]
         for i in range(2)]
    x, y = cx[1] + 0.02, cy[0] - 0.03
    est = hrf.sample_zero_one_mixture(x, y, cx, cy, A, 4, np.random.default_rng(6), 20000).real
    sm = math.exp(float(x @ y))
    assert z_check(mean_of(est), sm).passed and not z_check(mean_of(est), 1.1 * sm).passed
    with pytest.raises(ValueError, match="centers"):
        hrf.cluster_indicators([1.0, 2.0, 3.0], cx)


def test_construction_op_count_within_eq106():
    for m, n, d, t, l in ((1, 1, 1, (1, 1), (1,)), (64, 16, 32, (2, 3, 1), (2, 1)), (5, 3, 4, (2, 2), (1,))):
        ops, bound = hrf.construction_op_count(m, n, d, t, l), hrf.eq106_count(m, n, d, t, l)
        assert ops <= 7 * bound
    assert hrf.construction_op_count(5, 3, 4, (2, 2), (1,)) == 2 * 2 * (20 + 10) + (12 + 3) + 4 * 2 * 15
    with pytest.raises(ValueError, match="len"):
        hrf.eq106_count(2, 2, 2, (1,), (1,))


def test_eq19_law_is_binomial_and_wrong_p_rejected():
    from scipy import stats
    x, y = np.array([1.0, 0.2, -0.5]), np.array([-0.3, 0.8, 0.1])
    p = float(hrf.angle(list(x), list(y), dps=15)) / math.pi
    lam = hrf.sample_angular_lambda(x, y, 2, np.random.default_rng(3), 30000)
    counts = np.bincount(np.round(lam * 2).astype(int), minlength=3)

    def zmax(q):
        pk = stats.binom.pmf(np.arange(3), 2, q)
        return np.max(np.abs((counts - 30000 * pk) / np.sqrt(30000 * pk * (1 - pk))))

    assert zmax(p) <= 5 and zmax(1.1 * p) > 5


def test_eq65_bound_is_sqrt_r_times_27_and_dominates_corrected():
    import mpmath
    for r, m, n in ((1, 1, 1), ("2.5", 3, 4), (7, 2, 64)):
        b65 = hrf.eq65_bound(r, m, n, dps=20)
        with mpmath.workdps(30):
            assert abs(b65 / (hrf.thm35_bound(r, m, n, dps=20) * mpmath.sqrt(mpmath.mpf(r))) - 1) < mpmath.mpf(10) ** -18
        assert b65 / hrf.thm35_bound_corrected(r, m, n, dps=20) >= 1 - 1e-14
    assert abs(hrf.eq65_bound(3, 1, 1, dps=20) / hrf.thm35_bound_corrected(3, 1, 1, dps=20) - 1) < mpmath.mpf(10) ** -18
    assert hrf.eq65_bound(5, 1, 1, dps=15) > hrf.max_relative_error_angular_hybrid(5, 1, 1, dps=15) > hrf.thm35_bound(5, 1, 1, dps=15)


def test_cluster_gaussian_lambda_and_maps_of_95_96():
    # lambda of (93)-(94) against a direct evaluation; real diagonal A
    lam = hrf.cluster_gaussian_lambda(["0.4", "-0.3"], ["0.5", "0.2"], ["0.8", "1.5"], "1.3", dps=20)
    direct = math.exp(-((0.8 * 0.4 + 0.5 / 0.8) ** 2 + (-1.5 * 0.3 + 0.2 / 1.5) ** 2) / (2 * 1.3 ** 2))
    assert abs(float(lam) / direct - 1) < 1e-14
    with pytest.raises(ValueError):
        hrf.cluster_gaussian_lambda([1, 0], [1, 0], [1, 0], 1)
    with pytest.raises(ValueError):
        hrf.cluster_gaussian_lambda([1, 0], [1, 0], [1, 1], 0)
    # the maps: Psi_A(x)^T Psi_{A^-1}(-y) is unbiased for lambda(x, y); Psi(y) estimates lambda(x, -y)
    x, y, a = np.array([0.4, -0.3]), np.array([0.5, 0.2]), np.array([0.8, 1.5])
    W = np.random.default_rng(5).standard_normal((200000, 2))
    px = hrf.cluster_gaussian_lambda_map(x, a, 1.3, W)
    assert px.shape == (200000,)
    est = px * hrf.cluster_gaussian_lambda_map(-y, a, 1.3, W, inverse=True) * W.shape[0]
    assert z_check(mean_of(est), lam).passed
    est_printed = px * hrf.cluster_gaussian_lambda_map(y, a, 1.3, W, inverse=True) * W.shape[0]
    assert not z_check(mean_of(est_printed), lam).passed
    with pytest.raises(ValueError):
        hrf.cluster_gaussian_lambda_map(x, a, 1.3, W[:, :1])


def test_cluster_ce_map_of_91_92_is_unbiased_for_sm():
    x, y, a = np.array([0.4, -0.3]), np.array([0.5, 0.2]), np.array([0.8, 1.5])
    W = np.random.default_rng(6).standard_normal((200000, 2))
    est = hrf.cluster_ce_map(x, a, W) * hrf.cluster_ce_map(y, a, W, inverse=True) * W.shape[0]
    sm = math.exp(float(x @ y))
    assert z_check(mean_of(est), sm).passed and not z_check(mean_of(est), 1.02 * sm).passed
    assert np.all(hrf.cluster_ce_map(x, a, W[:5]) > 0)
    with pytest.raises(ValueError):
        hrf.cluster_ce_map(x, np.array([0.0, 1.0]), W)
