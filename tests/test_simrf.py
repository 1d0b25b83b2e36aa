"""Tests of rfsym.simrf (SimRF paper): reference values, identities, float64 backend, bad input, MC."""

import math

import mpmath
import numpy as np
import pytest
from mpmath import mp, mpf

from rfsym import simrf
from rfsym.precision import PrecisionError

# reference values: computed by independent routes (mpmath hyp1f1 / quadrature), see docstrings
PIN = "2.57956182144957549642361821177"  # issue #6: conformity("orthogonal", 6, 1)


def digits(a, b):
    with mp.workdps(60):
        a, b = mpf(a), mpf(b)
        return float(-mpmath.log10(abs(a - b) / abs(b))) if a != b else math.inf


def test_pin_value():
    assert mpmath.nstr(simrf.conformity("orthogonal", 6, 1), 30) == PIN[:31]


def test_orthogonal_equals_hyp1f1():
    for d in (2, 3, 7, 64):
        for v in ("0.3", "1", "2.5", "5"):
            with mp.workdps(40):
                ref = mpmath.hyp1f1(d, mpf(d) / 2, mpf(v) ** 2 / 2)
            assert digits(simrf.conformity("orthogonal", d, v), ref) > 29


def test_simplex_equals_quadrature_and_eq24():
    for d in (2, 3, 6):
        for v in ("0.5", "2"):
            with mp.workdps(35):
                dd = mpf(d)
                c = -1 / (dd - 1)
                M = mpmath.quad(lambda p: mpmath.sin(p) ** (d - 1), [0, mpmath.pi])
                ref = mpmath.quad(lambda p: mpmath.sin(p) ** (d - 1) * mpmath.hyp1f1(
                    dd, dd / 2, mpf(v) ** 2 * (1 + c * mpmath.sin(p)) / 2), [0, mpmath.pi / 2, mpmath.pi]) / M
            got = simrf.conformity("simplex", d, v)
            assert digits(got, ref) > 28
    assert digits(simrf.conformity("simplex", 64, "2.5"), simrf.conformity_eq24_naive(64, "2.5")) > 29


def test_iid_is_exp():
    with mp.workdps(40):
        ref = mpmath.exp(mpf("2.25"))
    assert digits(simrf.conformity("iid", 5, "1.5"), ref) > 29


def test_numpy_backend_agrees():
    v = np.linspace(0, 5, 101)
    got = simrf.conformity("simplex", 64, v, backend="numpy")
    for vi, gi in zip(v[::10], got[::10]):
        ref = simrf.conformity("simplex", 64, float(vi), dps=20)
        assert abs(gi / float(ref) - 1) < 1e-12
    got = simrf.conformity("orthogonal", 3, v, backend="numpy")
    assert abs(got[-1] / float(simrf.conformity("orthogonal", 3, 5.0, dps=20)) - 1) < 1e-12
    got = simrf.conformity("simplex", 2, v, backend="numpy")
    assert abs(got[-1] / float(simrf.conformity("simplex", 2, 5.0, dps=20)) - 1) < 1e-12


def test_ordering_cor33_and_cor44():
    for d in (2, 3, 10, 64):
        for v in ("0.01", "1", "4"):
            s, o, i = (simrf.conformity(c, d, v) for c in ("simplex", "orthogonal", "iid"))
            assert s < o < i


def test_mse_ratio_limits_and_prefactor():
    for d in (2, 5, 64):
        r0 = simrf.prf_mse_ratio("simplex", d, d, 0)
        assert digits(r0, simrf.small_v_prefactor(d)) > 28
        r_small = simrf.prf_mse_ratio("simplex", d, d, "1e-8")
        assert abs(r_small - r0) < 1e-12
    assert simrf.prf_mse_ratio("orthogonal", 8, 8, 0) == 1
    assert mpmath.nstr(simrf.small_v_prefactor(64), 2) == "0.0078"


def test_mse_blocks_m_greater_than_d():
    # m = 2d: half of the ordered pairs are coupled
    x, y = ["0.2", "0.1", "0"], ["0", "0.1", "0.3"]
    iid = simrf.prf_mse("iid", x, y, 6)
    orth = simrf.prf_mse("orthogonal", x, y, 6)
    gap = simrf.prf_orthogonality_gap(x, y, 6)
    with mp.workdps(40):
        diff = iid - orth
    assert digits(diff, gap) > 25


def test_prf_mse_np_matches():
    X = np.array([[0.1, 0.2, -0.3], [0.5, 0.0, 0.1]])
    Y = np.array([[0.0, -0.1, 0.2], [0.3, 0.4, 0.0]])
    got = simrf.prf_mse_np("simplex", X, Y, 3)
    for i in range(2):
        ref = simrf.prf_mse("simplex", X[i].tolist(), Y[i].tolist(), 3, dps=20)
        assert abs(got[i] / float(ref) - 1) < 1e-12


def test_rff_gap_d2_closed_form_and_kummer():
    for z in ("0.5", "3", "9"):
        with mp.workdps(60):
            zz = mpf(z)
            ref = mpmath.exp(-zz ** 2) - mpmath.exp(-zz ** 2 / 2) * (1 - zz ** 2 / 2)
        assert digits(simrf.rff_gap_bracket(2, z), ref) > 29
    with mp.workdps(80):
        ref = mpmath.exp(-mpf(36)) - mpmath.hyp1f1(64, 32, -mpf(18))
    assert digits(simrf.rff_gap_bracket(64, 6), ref) > 29


def test_naive_float_series_cancels():
    z = np.array([1.0, 8.0])
    naive = simrf.rff_gap_series_naive_np(64, z)
    exact = [float(simrf.rff_gap_bracket(64, float(t), dps=15)) for t in z]
    assert abs(naive[0] / exact[0] - 1) < 1e-10
    assert abs(naive[1] / exact[1] - 1) > 1  # all digits lost at z = 8


def test_z_crit():
    assert simrf.rff_z_crit(2) == mpmath.inf
    z = simrf.rff_z_crit(4, dps=20)
    assert mpmath.nstr(z, 12) == "3.0812387484"
    eps = mpf("1e-6")
    assert simrf.rff_gap_bracket(4, z - eps) > 0 > simrf.rff_gap_bracket(4, z + eps)


def test_eq25_printed_is_wrong():
    # printed Eq. (25) is negative, the true gap positive
    assert simrf.paper_eq25_gap(4, 4, 1) < 0 < simrf.prf_orthogonality_gap(["0.5", "0", "0", "0"], ["0.5", "0", "0", "0"], 4)


def test_pdf_normalised_and_chi2d():
    x, wts = np.polynomial.legendre.leggauss(80)
    nodes = (x + 1) * 8  # [0, 16]; the mass beyond 16 is below 1e-20 for d = 4
    for c in ("iid", "orthogonal", "simplex"):
        tot = sum(wt * 8 * float(simrf.pdf_wij(c, 4, float(t), dps=12)) for t, wt in zip(nodes, wts))
        assert abs(tot - 1) < 1e-10
    with mp.workdps(30):
        p = simrf.pdf_wij("orthogonal", 3, 2)
        ref = mpf(2) ** 5 * mpmath.exp(-2) / (4 * 2)
    assert digits(p, ref) > 29


def test_symbolic_layer():
    import sympy as sp
    assert sp.simplify(simrf.conformity_series_expr("iid") - sp.Symbol("v", positive=True) ** (2 * sp.Symbol("k", nonnegative=True, integer=True)) / sp.factorial(sp.Symbol("k", nonnegative=True, integer=True))) == 0
    der, pr = simrf.prf_mse_expr()
    assert sp.simplify(der - pr) == 0


def test_symbols_are_those_of_the_symbolic_layer():
    import sympy as sp
    d, w, k, v = simrf.symbols()
    assert (d.is_positive, w.is_positive, k.is_integer, k.is_nonnegative, v.is_positive) == (True,) * 5
    # the symbols the expressions are written in (a symbol with other assumptions would not cancel)
    assert sp.simplify(simrf.conformity_series_expr("iid") - v ** (2 * k) / sp.factorial(k)) == 0
    assert simrf.pdf_wij_expr("orthogonal").free_symbols == {d, w}
    assert sp.Symbol("k") not in simrf.conformity_series_expr("iid").free_symbols


def test_experiments_seed_is_the_seed_of_the_checks():
    from rfsym.simrf import experiments as ex
    from rfsym.simrf.claims import _checks
    assert ex.SEED == _checks.SEED == 20260623 and _checks.SEED2 != ex.SEED


@pytest.mark.parametrize("call", [
    lambda: simrf.conformity("bogus", 4, 1),
    lambda: simrf.conformity("simplex", 1, 1),
    lambda: simrf.conformity("simplex", 4, "nan"),
    lambda: simrf.conformity("simplex", 4, -1),
    lambda: simrf.prf_mse("simplex", [1, 2], [1, 2], 0),
    lambda: simrf.conformity("simplex", 4, np.array([np.nan]), backend="numpy"),
    lambda: simrf.conformity("simplex", 4, np.array([30.0]), backend="numpy"),
    lambda: simrf.prf_mse_ratio("simplex", 4, 4, 1, backend="cuda"),
    lambda: simrf.rff_orthogonality_gap(4, 0, 1),
])
def test_bad_input_valueerror(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("call", [
    lambda: simrf.conformity("simplex", 4.0, 1),
    lambda: simrf.conformity("simplex", 3.5, 1),
    lambda: simrf.prf_mse_ratio("simplex", 4, "4", 1),
])
def test_non_integer_is_valueerror_and_typeerror(call):
    with pytest.raises(ValueError, match="must be an integer"):
        call()
    with pytest.raises(TypeError):
        call()


def test_nan_inputs():
    with pytest.raises(ValueError, match="finite"):
        simrf.conformity("simplex", 4, float("nan"))
    with pytest.raises(ValueError, match="finite"):
        simrf.prf_mse("simplex", [1, float("nan")], [0, 0], 2)


def test_experiments_helpers():
    from rfsym.simrf import experiments as ex
    rng = np.random.default_rng(5)
    R = ex.hd_product(16, 3, rng)
    assert np.allclose(R @ R.T, np.eye(16))
    # survival from the chi norms agrees with the pdf of Eq. (20) on a bin
    x, wts = np.polynomial.legendre.leggauss(16)
    nodes = 2 + (x + 1) / 2
    p = sum(wt / 2 * float(simrf.pdf_wij("simplex", 4, float(t), dps=12)) for t, wt in zip(nodes, wts))
    q = ex.survival_wij("simplex", 4, 2.0) - ex.survival_wij("simplex", 4, 3.0)
    assert abs(p - q) < 1e-9
    assert abs(ex.pair_conformity_angle_np(5, 1.0, -0.25) - float(simrf.conformity("simplex", 5, 1, dps=15))) < 1e-12


def test_mc_conformity_and_mse():
    rng = np.random.default_rng(20261121)
    for c in ("orthogonal", "simplex"):
        exact = float(simrf.conformity(c, 6, 1, dps=15))
        r = simrf.conformity_mc(c, 6, 1.0, 40000, rng)
        assert abs(r.z(exact)) <= 5
        assert abs(r.z(math.e)) > 5  # the iid value is rejected
    x, y = [0.3, 0.0, 0.1], [0.0, 0.3, 0.1]
    exact = float(simrf.prf_mse("simplex", [str(t) for t in x], [str(t) for t in y], 3, dps=15))
    r = simrf.prf_mse_mc("simplex", x, y, 3, 60000, rng)
    assert abs(r.z(exact)) <= 5 and abs(r.z(1.1 * exact)) > 5


def test_fig4_random_starts_only():
    from rfsym import couplings
    from rfsym.simrf import experiments as ex
    rng = np.random.default_rng(3)
    norms = couplings.chi_norms(4, 4, rng)
    r = ex.fig4_values(norms, 1.0, rng, n_iid=400, restarts=2, random_starts_only=True)
    assert r["orthogonal"] > r["simplex"] > r["simplex+"] >= r["optimised"] - 1e-9
    # with zero random starts nothing is optimised (no hidden SimRF+ start)
    assert ex.fig4_values(norms, 1.0, rng, n_iid=2, restarts=0, random_starts_only=True)["optimised"] == math.inf
    exact = ex.iid_conformity_given_norms(norms, 1.0)
    assert abs(r["iid_mean"] - exact) <= 5 * r["iid_sd"] / math.sqrt(400)
    assert exact > r["orthogonal"]


# ----------------------------------------------------------------------------- independent routes (rfsym.simrf.witnesses)

from fractions import Fraction

from rfsym.simrf import experiments as ex
from rfsym.simrf import witnesses as wit


def test_definition_quadrature_matches_closed_forms_and_rejects_wrong_angle():
    for d, v in ((3, "1"), (6, "0.5")):
        q = wit.conformity_definition_quad(d, v, Fraction(-1, d - 1), dps=25)
        assert digits(q, simrf.conformity("simplex", d, v, dps=25)) > 23
        assert digits(wit.conformity_definition_quad(d, v, 0, dps=25), simrf.conformity("orthogonal", d, v, dps=25)) > 23
        assert digits(wit.conformity_definition_quad(d, v, Fraction(-1, d), dps=15), q) < 4   # cos = -1/d is another value


def test_bessel_quadrature_of_rff_pair_product():
    # d = 2: E_ort[cos cos] = e^(-z^2/2)(1 - z^2/2); the RFF MSE ratio agrees with rfsym's Kummer route
    with mp.workdps(30):
        ref = mpmath.exp(-mpf(1) / 2) * (1 - mpf(1) / 2)
    assert digits(wit.rff_orf_pair_product_quad(2, 1, dps=25), ref) > 23
    assert digits(wit.rff_mse_ratio_quad(8, 4, "1.5", dps=25), simrf.rff_mse_ratio(8, 4, "1.5", dps=25)) > 23
    with pytest.raises(ValueError):
        wit.rff_mse_ratio_quad(4, 5, 1)  # m <= d


def test_operation_counts_table1():
    # Algorithm 1 is linear: exactly 3d - 2 scalar operations; a quadratic implementation would be d(2d - 1)
    for d in (2, 3, 17, 1000, 10 ** 5):
        assert wit.alg1_flops(d) == 3 * d - 2
    assert wit.dense_matvec_flops(1000) == 1000 * 1999
    for p in (1, 3, 10):
        assert wit.fwht_flops(2 ** p) == 2 ** p * p + 2 ** p
    assert wit.count_flops(lambda a: (a * 2).sum(), np.ones(10))[1] == 10 + 9
    with pytest.raises(ValueError):
        wit.alg1_flops(1)


def test_figure_helpers():
    norms = np.array([1.2, 0.7, 2.0, 1.5])
    rng = np.random.default_rng(3)
    vals = [simrf.pair_conformity_of_vectors(norms[:, None] * (lambda g: g / np.linalg.norm(g, axis=1, keepdims=True))(
        rng.standard_normal((4, 4))), 0.8) for _ in range(4000)]
    from rfsym.montecarlo import mean_of
    r = mean_of(np.array(vals))
    exact = ex.iid_conformity_given_norms(norms, 0.8)
    assert abs(r.z(exact)) <= 5 and abs(r.z(1.05 * exact)) > 5
    c = ex.fig7_exact_curve((1, 3), seed=2)
    assert np.all(c["simplex"] < c["orthogonal"]) and np.all(c["orthogonal"] < c["iid"]) and np.all(np.diff(c["iid"]) < 0)
    w = ex.wij_samples("orthogonal", 5, 20000, np.random.default_rng(4))
    assert abs(mean_of(w ** 2).z(10.0)) <= 5          # E |w_1 + w_2|^2 = 2d for orthogonal rows
