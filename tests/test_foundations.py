import math

import mpmath
import numpy as np
import pytest
import sympy as sp
from mpmath import mp

from rfsym import foundations
from rfsym.montecarlo import z_check


def test_mgf_closed_form_matches_quadrature():
    z = ["0.7-0.2j", "-0.4+1.1j"]
    with mp.workdps(40):
        a = foundations.gaussian_mgf(z, dps=30)
        b = foundations.gaussian_mgf_quad(z, dps=30)
        assert abs(a - b) <= abs(a) * mpmath.mpf(10) ** -30
        exact = mpmath.exp((mpmath.mpc("0.7", "-0.2") ** 2 + mpmath.mpc("-0.4", "1.1") ** 2) / 2)
        assert abs(a - exact) <= abs(a) * mpmath.mpf(10) ** -30


def test_mgf_real_input_is_positive_feature_identity():
    v = foundations.gaussian_mgf(["1", "2"], dps=20)
    with mp.workdps(30):
        assert abs(v - mpmath.exp(mpmath.mpf(5) / 2)) < mpmath.mpf(10) ** -18


def test_mgf_monte_carlo_has_power():
    re, im = foundations.gaussian_mgf_mc([0.5j, 0.2], 100_000, np.random.default_rng(5))
    exact = complex(foundations.gaussian_mgf(["0.5j", "0.2"], dps=15))
    assert z_check(re, exact.real).passed and z_check(im, exact.imag).passed
    assert not z_check(re, math.exp((0.25 + 0.04) / 2)).passed


def test_symbolic_helpers():
    expr, z = foundations.gaussian_mgf_1d_expr()
    assert sp.simplify(expr - sp.exp(z ** 2 / 2)) == 0
    prods = foundations.simplex_rows_expr()
    assert prods["norm2"] == 1
    assert foundations.simplex_rows_expr(2).shape == (2, 2)
    assert foundations.simplex_gram_expr(3).is_zero_matrix
    assert foundations.simplex_alg1_expr(3).is_zero_matrix


def test_bad_input():
    with pytest.raises(ValueError, match=r"z\[0\] must be finite"):
        foundations.gaussian_mgf([float("nan")])
    with pytest.raises(ValueError, match="z must be non-empty"):
        foundations.gaussian_mgf([])
    with pytest.raises(ValueError, match="d must satisfy d >= 2"):
        foundations.simplex_rows_expr(1)
    with pytest.raises(ValueError, match="n must satisfy n >= 2"):
        foundations.gaussian_mgf_mc([1], 1, np.random.default_rng(0))
