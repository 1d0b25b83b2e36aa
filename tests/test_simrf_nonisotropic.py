"""Tests of rfsym.simrf.nonisotropic: the binned-cosine coupling that refutes SimRF Thm. 3.4 as printed."""

import mpmath
import numpy as np
import pytest
from mpmath import mp

from rfsym import simrf
from rfsym.simrf import nonisotropic as ni
from rfsym.montecarlo import mean_of, z_check
from rfsym.precision import agreeing_digits

# reference values (30 digits, two routes: Legendre series of the module, closed-form erf bin averages)
PAIR_CE = "1.61990447563681463448317754849"
MSE_CE = "0.180365829126680610373759607356"
ROT_PAIR_V1 = "2.5407211384842446739016099349"
SIMRF_MSE_CE = "0.196813871142979373526178266632"


def _digits(a, b):
    with mp.workdps(60):
        return agreeing_digits(mpmath.mpf(a), mpmath.mpf(b))


def _psi(s):
    """E_{w ~ chi_3} e^{s w} = sqrt(2/pi) s + 2 (1 + s^2) e^{s^2/2} Phi(s) (closed form, test-side)."""
    return mpmath.sqrt(2 / mpmath.pi) * s + 2 * (1 + s * s) * mpmath.exp(s * s / 2) * mpmath.ncdf(s)


def test_rows_make_every_cosine_uniform():
    rows = np.asarray(ni.BINNED_ROWS)
    assert rows.shape == (ni.N_BINS, 3)
    for i in range(3):
        assert sorted(rows[:, i].tolist()) == list(range(ni.N_BINS))


def test_sampled_marginals_are_standard_gaussian():
    rng = np.random.default_rng(11)
    n = 200_000
    W = ni.binned_sample(n, rng)
    assert W.shape == (n, 3, 3)
    for i in range(3):
        w = W[:, i]
        a = w[:, 2] / np.linalg.norm(w, axis=1)
        # the cosine with the axis is uniform on [-1, 1]: every decile holds 1/10 of the draws (binomial z-test)
        counts = np.histogram(a, bins=np.linspace(-1, 1, 11))[0]
        zc = (counts - n / 10) / np.sqrt(n * 0.1 * 0.9)
        assert np.max(np.abs(zc)) < 5
        # Gaussian moments: E w w^T = I, E exp(w.u) = e^(1/2) for a direction off the axis
        for j in range(3):
            assert abs(z_check(mean_of(w[:, j] ** 2), 1.0).z) < 5
        u = np.array([0.6, 0.0, 0.8])
        assert z_check(mean_of(np.exp(w @ u)), np.exp(0.5)).passed
        assert not z_check(mean_of(np.exp(w @ u)), 1.05 * np.exp(0.5)).passed
    # the couplings between rows are strong: cosines of rows 0 and 1 are anti-correlated (bins 0<->9, ...)
    a0, a1 = (W[:, k, 2] / np.linalg.norm(W[:, k], axis=1) for k in (0, 1))
    assert np.corrcoef(a0, a1)[0, 1] < -0.1


def test_exact_values_and_counterexample():
    pair = ni.binned_pair_term(ni.X_CE, ni.Y_CE, dps=30)
    mse = ni.binned_mse(ni.X_CE, ni.Y_CE, dps=30)
    assert _digits(pair, PAIR_CE) >= 29 and _digits(mse, MSE_CE) >= 29
    sim = simrf.prf_mse("simplex", ni.X_CE, ni.Y_CE, 3, dps=30)
    assert _digits(sim, SIMRF_MSE_CE) >= 29
    assert mse < sim and pair < simrf.conformity("simplex", 3, 1)          # Thm. 3.4 as printed fails
    assert _digits(ni.binned_rotated_pair_term(1, dps=30), ROT_PAIR_V1) >= 29


def test_pair_term_against_definition_quadrature_off_axis():
    # E b_i b_j at v along a direction at an angle to e_3: 2-D quadrature (cosine a, azimuth) per bin of psi(v u.e)
    x, y = ["0.4", "0", "0.1"], ["0", "0.3", "0.2"]
    with mp.workdps(12):
        s = [mpmath.mpf(p) + mpmath.mpf(q) for p, q in zip(x, y)]
        v = mpmath.sqrt(sum(t * t for t in s))
        e = [t / v for t in s]
        F = []
        for k in range(ni.N_BINS):
            lo, hi = mpmath.mpf(k) / 5 - 1, mpmath.mpf(k + 1) / 5 - 1

            def f(a, phi):
                r = mpmath.sqrt(1 - a * a)
                return _psi(v * (e[0] * r * mpmath.cos(phi) + e[1] * r * mpmath.sin(phi) + e[2] * a))
            F.append(mpmath.quad(f, [lo, hi], [0, mpmath.pi, 2 * mpmath.pi]) / ((hi - lo) * 2 * mpmath.pi))
        ref = sum(F[r[i]] * F[r[j]] for r in ni.BINNED_ROWS for i, j in ((0, 1), (0, 2), (1, 2))) / 30
    lib = ni.binned_pair_term(x, y, dps=20)
    assert _digits(lib, ref) >= 10
    assert _digits(1.01 * lib, ref) < 3


def test_isotropic_pair_term_reproduces_orf_and_simrf():
    for v in ("0.5", "2"):
        assert _digits(ni.isotropic_pair_term("-0.5", v, dps=30), simrf.conformity("simplex", 3, v, dps=30)) >= 29
        assert _digits(ni.isotropic_pair_term("0", v, dps=30), simrf.conformity("orthogonal", 3, v, dps=30)) >= 29
    assert ni.isotropic_pair_term("0", 0) == 1


def test_rotation_average_does_not_beat_simrf():
    for v in ("0.5", "1", "2", "4"):
        rot = ni.binned_rotated_pair_term(v, dps=20)
        assert rot >= simrf.conformity("simplex", 3, v, dps=20)
        assert ni.binned_conformity_def31(v, dps=20) == rot
    x, y = ni.X_CE, ni.Y_CE
    assert ni.binned_rotated_mse(x, y, dps=20) > simrf.prf_mse("simplex", x, y, 3, dps=20)


def test_sampled_matches_exact_and_rejects_simrf():
    rng = np.random.default_rng(5)
    xf, yf = [0.3, 0.2, 0.5], [-0.3, -0.2, 0.5]
    r = ni.binned_pair_mc(xf, yf, 100_000, rng)
    assert z_check(r, float(mpmath.mpf(PAIR_CE))).passed
    assert z_check(r, float(simrf.conformity("simplex", 3, 1))).z < -5      # the SimRF value is rejected
    m = ni.binned_mse_mc(xf, yf, 100_000, rng)
    assert z_check(m, float(mpmath.mpf(MSE_CE))).passed
    # off-axis (x + y not along e_3) the general Legendre route agrees with sampling too
    x, y = [0.4, 0.0, 0.1], [0.0, 0.3, 0.2]
    r2 = ni.binned_pair_mc(x, y, 100_000, rng)
    assert z_check(r2, float(ni.binned_pair_term(["0.4", "0", "0.1"], ["0", "0.3", "0.2"], dps=15))).passed


def test_rotated_coupling_is_isotropic_and_obeys_thm32():
    rng = np.random.default_rng(6)
    rot = float(ni.binned_rotated_pair_term(1, dps=15))
    for x, y in (([0.3, 0.2, 0.5], [-0.3, -0.2, 0.5]), ([0.5, 0.0, 0.0], [0.5, 0.0, 0.0])):   # v = 1 along e_3 and e_1
        r = ni.binned_pair_mc(x, y, 60_000, rng, rotated=True)
        assert z_check(r, rot).passed
        assert not z_check(r, float(mpmath.mpf(PAIR_CE))).passed
    m = ni.binned_mse_mc([0.3, 0.2, 0.5], [-0.3, -0.2, 0.5], 60_000, rng, rotated=True)
    assert z_check(m, float(ni.binned_rotated_mse(ni.X_CE, ni.Y_CE, dps=15))).passed
    d31 = ni.binned_def31_mc(1.0, 60_000, rng)
    assert z_check(d31, rot).passed and not z_check(d31, float(mpmath.mpf(PAIR_CE))).passed


def test_bad_inputs():
    with pytest.raises(ValueError, match="v must satisfy"):
        ni.binned_rotated_pair_term(6)
    with pytest.raises(ValueError):
        ni.isotropic_pair_term("1.5", 1)
    with pytest.raises(TypeError, match="rng"):
        ni.binned_sample(3, 0)
    with pytest.raises(ValueError):
        ni.binned_sample(0, np.random.default_rng(0))
    with pytest.raises(ValueError):
        ni.binned_mse(["0.1", "0.2"], ["0.1", "0.2"])
