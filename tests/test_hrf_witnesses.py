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
