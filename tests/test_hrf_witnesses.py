"""Tests of the independent routes of rfsym.hrf.witnesses (each against rfsym.hrf and a wrong variant)."""

import mpmath
import pytest
import sympy
from mpmath import mp

from rfsym import hrf
from rfsym.hrf import witnesses as W

X, Y = ["1/2", "1/10"], ["1/5", "-2/5"]


def _mpf(e):
    with mp.workdps(50):
        return mpmath.mpf(str(sympy.N(e, 45)))


def _close(a, b, digits):
    with mp.workdps(60):
        return abs(mpmath.mpmathify(a) - mpmath.mpmathify(b)) <= abs(mpmath.mpmathify(b)) * mpmath.mpf(10) ** -digits


def test_gauss_expect_quad_moments():
    assert _close(W.gauss_expect_quad(lambda g: g ** 2, 0, dps=25), 1, 24)
    with mp.workdps(30):
        s = mpmath.mpf("1.3")
        assert _close(W.gauss_expect_quad(lambda g: mp.cos(g * s), 0, dps=25), mp.exp(-s * s / 2), 24)
        assert not _close(W.gauss_expect_quad(lambda g: mp.cos(g * s), 0, dps=25), mp.exp(-s * s), 3)


def test_mse_quad_matches_lemma22_and_rejects_swap():
    assert _close(W.mse_trig_quad(X, Y, 3, dps=30), hrf.mse_trig(X, Y, 3, dps=30), 28)
    assert _close(W.mse_pos_quad(X, Y, 3, dps=30), hrf.mse_pos(X, Y, 3, dps=30), 28)
    assert not _close(W.mse_trig_quad(X, Y, 3, dps=30), hrf.mse_pos(X, Y, 3, dps=30), 2)


def test_angular_moments_binomial_vs_24():
    for n in (1, 2, 7):
        with mp.workdps(40):
            th = mp.pi * mpmath.mpf("0.37")
        b = W.angular_moments_binomial(th, n)
        lib = hrf.angular_lambda_moments(th, n, dps=30)
        for k in ("second", "second_complement", "cross"):
            assert _close(b[k], lib[k], 28)
    assert not _close(W.angular_moments_binomial(1, 2)["second"], W.angular_moments_binomial(1, 3)["second"], 3)


def test_angular_hybrid_mse_quad_and_relative_error():
    assert _close(W.angular_hybrid_mse_quad(["3/5", "1/5"], ["-1/10", "1/2"], 3, 2, dps=25),
                  hrf.angular_hybrid_mse(["3/5", "1/5"], ["-1/10", "1/2"], 3, 2, dps=25), 22)
    assert _close(W.relative_error_quad("1.2", 2, 3, 4, dps=20), hrf.relative_error_angular_hybrid("1.2", 2, 3, 4, dps=20), 18)


def test_max_relative_error_search_agrees_with_library():
    v, th = W.max_relative_error_search(5, 1, 1, dps=20)
    lib, th_lib = hrf.max_relative_error_angular_hybrid(5, 1, 1, dps=20, return_theta=True)
    assert _close(v, lib, 15)
    assert abs(th - th_lib) < mpmath.mpf(10) ** -8
    assert v > hrf.thm35_bound(5, 1, 1, dps=20)  # the printed (27) fails here


def test_gaussian_lambda_moments_quad():
    mo = hrf.gaussian_hybrid_moments(["1", "0"], ["0", "1"], "7/10", 3, dps=25)
    with mp.workdps(40):
        rho = 1 - mp.exp(-2 * mpmath.mpf("0.49"))
    q = W.gaussian_lambda_moments_quad(2, "7/10", 3, rho, dps=25)
    assert _close(q["second"], mo["second"], 22) and _close(q["second_complement"], mo["second_complement"], 22)


def test_thm35_certificate():
    c = W.thm35_certificate()
    assert c["ok"]
    assert sympy.simplify(c["margin63"] - sympy.pi / (2 * sympy.E)) == 0
    r = c["symbols"][0]
    assert c["printed64_factor"].subs(r, 2) > 1 > c["printed64_factor"].subs(r, 1)
    # the certified bound is the library's corrected bound
    rr, mm, nn = c["symbols"]
    val = sympy.sqrt(c["bound_sq"].subs({rr: 3, mm: 2, nn: 5}))
    assert _close(_mpf(val), hrf.thm35_bound_corrected(3, 2, 5, dps=25), 20)


def test_thm35_failure_asymptotics_limit():
    d = W.thm35_failure_asymptotics()
    n = d["n"]
    C = 1 / sympy.pi - 1 / (n * sympy.pi) + 1 / (n * sympy.sqrt(sympy.pi))
    expected = sympy.exp(-sympy.Rational(1, 2)) / (sympy.sqrt(2) * sympy.pi * n * C)
    assert sympy.simplify(d["limit"] - expected) == 0


def test_lem34_certificate():
    c = W.lem34_certificate()
    assert c["identity"] == 0 and c["at_pi"] == 0
    th, r, m = c["symbols"]
    v = _mpf(c["expr"].subs({th: 2, r: sympy.Rational(3, 2), m: 7}))
    assert _close(v, hrf.relative_error_trig(2, "1.5", 7, dps=25), 20)


# ---- exact fourth moments of the sampled squared errors (issue 27, item 3) ----------------------------------

import math

import numpy as np


@pytest.mark.parametrize("x, y", [([0.5, 0.1], [0.2, -0.4]), ([0.9, 0.1, -0.3], [-0.1, 0.3, 0.6])])
def test_pair_term_moment_vs_quadrature(x, y):
    """Closed-form joint moments E[p^j t^k] (shared omega) against 2-D Gauss-Hermite quadrature of the definition."""
    for j in range(5):
        for k in range(5 - j):
            a = float(W.pair_term_moment(x, y, j, k))
            b = W.pair_term_moment_quad(x, y, j, k)
            assert abs(a - b) <= 1e-11 * abs(a), (j, k, a, b)
    # control: the imaginary cross term dropped (cos(alpha beta z.D) -> 1) is visible in a mixed moment
    with mp.workdps(30):
        bad = W.pair_term_moment([0.5, 0.1], [0.2, -0.4], 2, 2) * 1.001
    assert abs(float(bad) - W.pair_term_moment_quad([0.5, 0.1], [0.2, -0.4], 2, 2)) > 1e-5


def test_hybrid_error_moments_mse_is_the_library_mse():
    x, y, X, Y = [0.6, 0.2], [-0.1, 0.5], ["0.6", "0.2"], ["-0.1", "0.5"]
    th = hrf.angle(X, Y, dps=30)
    for m, n, shared in ((3, 2, False), (2, 5, True), (1, 1, False)):
        r = W.hybrid_error_moments(x, y, m, W.lam_raw_angular(th, n), shared=shared)
        assert _close(r["mse"], hrf.angular_hybrid_mse(X, Y, m, n, shared=shared, dps=30), 12)
    assert _close(W.hybrid_error_moments(x, y, 3, W.lam_raw_fixed(0))["mse"], hrf.mse_trig(X, Y, 3, dps=30), 12)
    assert _close(W.hybrid_error_moments(x, y, 3, W.lam_raw_fixed(1))["mse"], hrf.mse_pos(X, Y, 3, dps=30), 12)
    # Gaussian coefficients: second moments against the library's
    X2, Y2 = ["0.6", "0.2"], ["-0.2", "0.6"]
    mo = hrf.gaussian_hybrid_mse(X2, Y2, 3, 2, 1, dps=30)
    assert _close(W.hybrid_error_moments([0.6, 0.2], [-0.2, 0.6], 3, W.lam_raw_gaussian_trig(X2, Y2, 1, 2))["mse"], mo, 12)


def test_fourth_moment_vs_brute_force_quadrature():
    """m = 1, trig and ++ alone: E e^4 by 1-D quadrature of the definition; and the i.i.d.-mean formula."""
    x, y = [0.5, 0.1], [0.2, -0.4]
    X, Y = ["0.5", "0.1"], ["0.2", "-0.4"]
    with mp.workdps(30):
        sm = mp.exp(mpmath.mpf("0.5") * mpmath.mpf("0.2") - mpmath.mpf("0.1") * mpmath.mpf("0.4"))
        r2 = mpmath.mpf("0.25") + mpmath.mpf("0.01") + mpmath.mpf("0.04") + mpmath.mpf("0.16")
        s = mp.sqrt(mpmath.mpf("0.09") + mpmath.mpf("0.25"))   # |x - y|
        u = mp.sqrt(mpmath.mpf("0.49") + mpmath.mpf("0.09"))   # |x + y|
        t4 = W.gauss_expect_quad(lambda g: (mp.exp(r2 / 2) * mp.cos(s * g) - sm) ** 4, 0, dps=25)
        p4 = W.gauss_expect_quad(lambda g: (mp.exp(-r2 / 2) * mp.cosh(u * g) - sm) ** 4, 2 * u, dps=25)
    assert _close(W.hybrid_error_moments(x, y, 1, W.lam_raw_fixed(0))["m4"], t4, 15)
    assert _close(W.hybrid_error_moments(x, y, 1, W.lam_raw_fixed(1))["m4"], p4, 15)
    # mean of m i.i.d. terms: (mu4 + 3 (m - 1) sigma^4) / m^3
    v = hrf.mse_pos(X, Y, 1, dps=30)
    assert _close(W.hybrid_error_moments(x, y, 3, W.lam_raw_fixed(1))["m4"], (p4 + 6 * v * v) / 27, 15)
    assert not _close(W.hybrid_error_moments(x, y, 3, W.lam_raw_fixed(1))["m4"], (p4 + 3 * v * v) / 27, 3)

