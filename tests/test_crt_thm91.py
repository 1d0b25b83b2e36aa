"""Tests of CRT Theorem 9.1 with F as printed (rfsym.crt.orthogonal_gap_lower_bound_printed_f) and of
the independent routes in rfsym.crt.witnesses (quadrature of F's definition, sympy counterexample,
sampled orthogonal pairs)."""

import mpmath
import numpy as np
import pytest
import sympy as sp

from rfsym import crt
from rfsym.crt import witnesses as tw
from rfsym.montecarlo import mean_of, z_check

# d = M = 2, x = y = (2, 0): ||x+y||^2 = 16, OPRF at A*; mpmath at 30 verified digits
BOUND_PRINTED_S16 = "17.7559025191826388436063617919"
# d = M = 3, x = (0.5, 0.3, -0.2), y = (0.1, 0.4, 0.2): at A* and at A = -0.3
X3, Y3 = ["0.5", "0.3", "-0.2"], ["0.1", "0.4", "0.2"]
BOUND_PRINTED_X3 = "0.00382428977135587255253051032849"
BOUND_PRINTED_X3_A03 = "0.00959195235505584553783357987943"


def test_printed_f_bound_reference_values():
    for args, kw, ref in (((["2", "0"], ["2", "0"], 2), {}, BOUND_PRINTED_S16), ((X3, Y3, 3), {}, BOUND_PRINTED_X3),
                          ((X3, Y3, 3), {"A": "-0.3"}, BOUND_PRINTED_X3_A03)):
        v = crt.orthogonal_gap_lower_bound_printed_f(*args, dps=30, **kw)
        assert mpmath.nstr(v, 30) == ref


@pytest.mark.parametrize("x, y, A", [(["2", "0"], ["2", "0"], None), (X3, Y3, None), (X3, Y3, "-0.3"),
                                     (["0.1", "0", "0", "0.2"], ["0", "0.3", "0", "0"], "0")])
def test_printed_f_bound_matches_quadrature_of_definition(x, y, A):
    d = len(x)
    with mpmath.workdps(40):
        b = crt.orthogonal_gap_lower_bound_printed_f(x, y, d, A=A, dps=25)
        F = tw.oprf_f_quad(x, y, "printed", A=A, dps=25)
        bq = (1 - mpmath.mpf(1) / d) * 2 / (d + 2) * F ** 2
        assert abs(b / bq - 1) < mpmath.mpf(10) ** -22


def test_corrected_f_quadrature_is_closed_form():
    for x, y in ((["2", "0"], ["2", "0"]), (X3, Y3)):
        with mpmath.workdps(40):
            xv, yv = [mpmath.mpf(t) for t in x], [mpmath.mpf(t) for t in y]
            N = sum(t * t for t in xv + yv)
            s2 = sum((p + q) ** 2 for p, q in zip(xv, yv))
            exact = mpmath.exp(-N) * mpmath.expm1(s2 / 2)
            for A in (None, "-0.7", "0.1"):
                assert abs(tw.oprf_f_quad(x, y, "corrected", A=A, dps=25) / exact - 1) < mpmath.mpf(10) ** -22


def test_printed_bound_fails_corrected_holds():
    x = ["2", "0"]
    gap = crt.orthogonal_gap(x, x, 2, dps=20)
    bp = crt.orthogonal_gap_lower_bound_printed_f(x, x, 2, dps=20)
    bc = crt.orthogonal_gap_lower_bound(x, x, 2, dps=20)
    assert bc <= gap < bp
    assert mpmath.nstr(gap / bp, 4) == "0.02807"
    # the printed bound even exceeds Var_iid / M (it would force a negative orthogonal variance)
    assert bp > crt.oprf_variance(x, x, dps=20) / 2
    # small s2: A* -> 0, printed F -> corrected F / d, so the printed bound is weaker by d^2 and holds
    xs = ["1e-7", "0"]
    r = crt.orthogonal_gap_lower_bound_printed_f(xs, xs, 2, dps=20) / crt.orthogonal_gap_lower_bound(xs, xs, 2, dps=20)
    assert abs(r - mpmath.mpf(1) / 4) < 1e-10


def test_printed_f_bound_small_s2_verified_digits():
    # no cancellation in 0F1 - 1 (the 1F2 form): 30 digits at s2 = 4e-40
    v = crt.orthogonal_gap_lower_bound_printed_f(["1e-20", "0"], ["1e-20", "0"], 2, dps=30)
    with mpmath.workdps(60):
        s2 = mpmath.mpf("4e-40")
        F = mpmath.exp(-s2 / 2) * (mpmath.hyp0f1(1, s2 / 4) - 1)     # A* = 0 to this precision (A* ~ -s2/2d)
        ref = F ** 2 / 4
    assert abs(v / ref - 1) < 1e-25


def test_printed_f_bound_validation():
    with pytest.raises(ValueError, match="1 - 4A > 0"):
        crt.orthogonal_gap_lower_bound_printed_f(["1", "0"], ["0", "1"], 2, A="0.25")
    with pytest.raises(ValueError, match="A must be real"):
        crt.orthogonal_gap_lower_bound_printed_f(["1", "0"], ["0", "1"], 2, A="1+2j")
    with pytest.raises(ValueError):
        crt.orthogonal_gap_lower_bound_printed_f(["1", "0"], ["0", "1"], 0)
    with pytest.raises(ValueError):
        crt.orthogonal_gap_lower_bound_printed_f(["1", "0"], ["0"], 2)
    with pytest.raises(ValueError, match="reading"):
        tw.oprf_f_quad(["1", "0"], ["0", "1"], "as printed")


def test_indicator_counterexample_sympy():
    e = tw.indicator_counterexample_expr()
    zn = e["zn"]
    half = sp.exp(-sp.Rational(1, 2))
    assert sp.simplify(e["m"] - (2 - 3 * half)) == 0 and sp.simplify(e["P"] - (1 - half)) == 0
    assert sp.simplify(e["gap"] - e["m"] ** 2 * zn ** 4 / 16) == 0
    assert sp.simplify(e["bound_printed"] - e["P"] ** 2 * zn ** 4 / 16) == 0
    assert sp.simplify(e["gap"] - e["bound_corrected"]) == 0
    assert f"{float(sp.simplify(e['gap'] / e['bound_printed'])):.6f}" == "0.210228"


def test_indicator_pairs_sampled():
    e = tw.indicator_counterexample_expr()
    X = tw.indicator_pair_samples([0.0, 1.0], 100_000, np.random.default_rng(7))
    assert X.shape == (2, 100_000) and np.all(X >= 0)
    exact = float(e["EX1X2"].subs(e["zn"], 1))
    r = mean_of(X[0] * X[1])
    assert z_check(r, exact).passed
    assert not z_check(r, 1.1 * exact).passed          # a 10 % wrong pair moment is rejected
    assert z_check(mean_of(X[1]), float(e["EX"].subs(e["zn"], 1))).passed
