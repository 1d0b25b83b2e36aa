from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy as sp
from mpmath import mp

from rfsym.precision import (PrecisionError, agreeing_digits, check_dps, require_int, require_real,
                             require_same_length, to_matrix, to_mp, to_rational, to_vector, verified)


@pytest.mark.parametrize("value", ["0.1", Fraction(1, 10), sp.Rational(1, 10)])
def test_to_mp_exact_decimal_inputs_agree(value):
    with mp.workdps(50):
        assert to_mp(value) == mpmath.mpf(1) / 10


def test_to_mp_float_is_exact_binary():
    with mp.workdps(50):
        assert to_mp(0.1) == mpmath.mpf(0.1)
        assert to_mp(0.1) != mpmath.mpf(1) / 10


def test_to_mp_accepts_numpy_and_sympy_and_mp():
    assert to_mp(np.int64(3)) == 3
    assert to_mp(np.float64(0.5)) == mpmath.mpf("0.5")
    assert to_mp(mpmath.mpf(2)) == 2
    with mp.workdps(30):
        assert abs(to_mp(sp.sqrt(2)) - mpmath.sqrt(2)) < mpmath.mpf(10) ** -29


def test_to_mp_complex():
    assert to_mp("1+2j", complex_ok=True) == mpmath.mpc(1, 2)
    assert to_mp(1 + 2j, complex_ok=True) == mpmath.mpc(1, 2)
    with pytest.raises(ValueError, match=r"z must be real, got z="):
        to_mp(1 + 2j, "z")
    with pytest.raises(ValueError, match="must be real"):
        to_mp("1+2j", "z")


@pytest.mark.parametrize("bad, exc, msg", [
    (float("nan"), ValueError, "x must be finite, got x=nan"),
    (float("inf"), ValueError, "x must be finite"),
    ("abc", ValueError, "x must be a decimal or rational string"),
    ("1/0", ValueError, "x must be a decimal or rational string"),
    (True, TypeError, "x must be a number"),
    (None, TypeError, "x must be a number"),
    ([1], TypeError, "x must be a number"),
])
def test_to_mp_bad_inputs(bad, exc, msg):
    with pytest.raises(exc, match=msg):
        to_mp(bad, "x")


def test_to_rational():
    assert to_rational("0.37") == sp.Rational(37, 100)
    assert to_rational(Fraction(2, 3)) == sp.Rational(2, 3)
    assert to_rational(0.25) == sp.Rational(1, 4)
    assert to_rational(mpmath.mpf("0.75")) == sp.Rational(3, 4)
    assert to_rational(7) == 7
    with pytest.raises(ValueError, match="must be finite"):
        to_rational(float("inf"), "p")
    with pytest.raises(TypeError, match="p must be a number"):
        to_rational(None, "p")


def test_to_vector_and_matrix():
    assert to_vector(("1", 2, Fraction(1, 2))) == [1, 2, mpmath.mpf("0.5")]
    assert to_vector(np.array([1.0, 2.0])) == [1, 2]
    with pytest.raises(ValueError, match="x must be non-empty"):
        to_vector([], "x")
    with pytest.raises(ValueError, match="must be 1-D"):
        to_vector(np.zeros((2, 2)), "x")
    with pytest.raises(ValueError, match="x must have length 3"):
        to_vector([1, 2], "x", length=3)
    with pytest.raises(TypeError, match="1-D sequence"):
        to_vector("12", "x")
    with pytest.raises(ValueError, match=r"x\[1\] must be finite"):
        to_vector([1, float("nan")], "x")
    m = to_matrix([[1, 2], ["1/2", 0]])
    assert m.rows == 2 and m[1, 0] == mpmath.mpf("0.5")
    with pytest.raises(ValueError, match="rectangular"):
        to_matrix([[1, 2], [3]])
    with pytest.raises(ValueError, match=r"A must have shape \(3, 3\)"):
        to_matrix([[1, 2], [3, 4]], shape=(3, 3))


def test_require_helpers():
    assert require_int(np.int32(5), "d", minimum=1) == 5
    with pytest.raises(TypeError, match="d must be an integer, got d=3.0"):
        require_int(3.0, "d")
    with pytest.raises(TypeError, match="d must be an integer"):
        require_int(True, "d")
    with pytest.raises(ValueError, match="m must satisfy m >= 1, got m=0"):
        require_int(0, "m", minimum=1)
    with pytest.raises(ValueError, match="n must satisfy n <= 3, got n=4"):
        require_int(4, "n", maximum=3)
    assert require_real("0.5", "p", lower=0, upper=1) == mpmath.mpf("0.5")
    with pytest.raises(ValueError, match="p must satisfy 0 < p < 1, got p=1"):
        require_real(1, "p", lower=0, upper=1)
    assert require_real(0, "lam", lower=0, lower_open=False) == 0
    with pytest.raises(ValueError, match="x and y must have the same length"):
        require_same_length([1], [1, 2])


def test_check_dps():
    assert check_dps(50) == 50
    with pytest.raises(ValueError, match="dps must satisfy 1 <= dps <= 10000, got dps=0"):
        check_dps(0)
    with pytest.raises(TypeError, match="dps must be an integer"):
        check_dps(3.5)


def test_verified_returns_digits_and_restores_precision():
    before = mp.dps
    v = verified(lambda: mpmath.pi * to_mp("1/3"), dps=60)
    assert mp.dps == before
    with mp.workdps(80):
        assert agreeing_digits(v, mpmath.pi / 3) >= 60


def test_verified_structures():
    out = verified(lambda: {"a": mpmath.mpf(1) / 3, "b": (mpmath.e, [mpmath.mpc(1, 2)])}, dps=20)
    assert set(out) == {"a", "b"}
    m = verified(lambda: mpmath.matrix([[1, mpmath.mpf(1) / 7]]), dps=20)
    assert m.cols == 2


def test_verified_raises_on_cancellation():
    def unstable():
        big = mpmath.mpf(10) ** 40
        return (big + mpmath.mpf(1) / 3) - big

    with pytest.raises(PrecisionError, match="could not be verified to 20 digits"):
        verified(unstable, dps=20)
    # the same quantity is fine when enough guard digits are available
    assert abs(verified(unstable, dps=5, guard=40) - mpmath.mpf(1) / 3) < 1e-5


def test_verified_absolute_tolerance_for_zero():
    assert verified(lambda: mpmath.sin(mpmath.pi), dps=20, absolute=mpmath.mpf(10) ** -30) is not None
    with pytest.raises(PrecisionError):
        verified(lambda: mpmath.sin(mpmath.pi), dps=20)


def test_verified_rejects_bad_results():
    with pytest.raises(TypeError, match="cannot compare"):
        verified(lambda: "text", dps=10)
    with pytest.raises(PrecisionError, match="not finite"):
        verified(lambda: mpmath.inf, dps=10)
