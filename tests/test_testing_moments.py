"""rfsym.testing.moments: exact raw moments of one projection's term, three witnesses each (issue 27).

1. the library: E Z = the exact kernel and E Z^2 - (E Z)^2 = the exact one-projection MSE (the papers'
   verified formulas), at d = 1, 2, 5, 16;
2. an mpmath integral of the definition (the feature maps written out, tanh-sinh / Gauss-Legendre at
   30 digits) at d = 1 and 2, agreeing to >= 20 digits; the discretely induced RFs against the series of
   rfsym.crt.witnesses.dirf_row_moment;
3. Monte Carlo of E Z^k with the library's own sampler (m = 1) at small norms (light tails: E Z^8 finite
   and moderate, so the sample standard error is reliable), seed 0, |z| < 5 (stated threshold), and a
   plausible wrong variant that the same check rejects (|z| > 5).
"""

import math

import mpmath
import numpy as np
import pytest
from mpmath import mp

from rfsym import estimators
from rfsym.testing import moments as M
from rfsym.testing.core import _fit_for_pair
from rfsym.testing.law import law_of

Z_MC = 5.0
DIGITS = 20


def _pair(d, r, seed=0):
    rng = np.random.default_rng(seed + d)
    x, y = rng.standard_normal(d), rng.standard_normal(d)
    return r * x / np.linalg.norm(x), 0.8 * r * y / np.linalg.norm(y)      # unequal norms: x != y at d = 1


def _native(name, x, y, **kw):
    est = estimators.get(name, **kw)
    est = est.with_kernel(est.native_kernel)
    return _fit_for_pair(est, x, y, 0)


ROW_CASES = [("RFF", {}), ("RFF-phase", {}), ("PosRF", {}), ("PosRF-antithetic", {}), ("GERF", {"A": -0.1, "s": 1}),
             ("GERF", {"A": -0.1, "s": -1}), ("GERF", {"A": 0.03 + 0.02j, "s": -1}), ("GERF", {"A": -0.05 + 0.1j, "s": 1}),
             ("OPRF", {}), ("PoisRF", {}), ("GeomRF", {}), ("PoisRF+", {}), ("GeomRF+", {}), ("ADERF", {}),
             ("SDERF", {}), ("SADERF", {}), ("CE", {"a": None})]


def _kw(kw, d):
    return {**kw, "a": np.linspace(0.6, 1.4, d)} if "a" in kw else kw


# ---------------------------------------------------------------- 1. the library's exact mean and MSE


@pytest.mark.parametrize("name,kw", ROW_CASES)
@pytest.mark.parametrize("d,r", [(1, 0.7), (2, 1.2), (5, 0.9), (16, 1.5)])
def test_first_two_moments_are_the_librarys_mean_and_mse(name, kw, d, r):
    x, y = _pair(d, r)
    if name.startswith(("ADERF", "SDERF", "SADERF")) and d == 1:
        pytest.skip("the DERF optima need d >= 2 points of spread; covered at d = 2, 5, 16")
    est = _native(name, x, y, **_kw(kw, d))
    raw, why = M.row_raw_moments(est, x, y)
    assert why == ""
    K, mse = float(est.mean(x, y)), float(est.mse(x, y, 1, "iid"))
    var, mu4 = M.central_from_raw(raw)
    assert abs(float(raw[0]) / K - 1) < 1e-12
    assert abs(float(var) / mse - 1) < 1e-9
    assert float(mu4) >= float(var) ** 2 > 0            # Cauchy-Schwarz, a sanity floor


# ---------------------------------------------------------------- 2. mpmath integrals of the definition

PTS = [-24, -12, -6, -3, 0, 3, 6, 12, 24]


def _expect(term, d):
    """E term(w), w ~ N(0, I_d), d in {1, 2}, by Gauss-Legendre on a split range (tails < 1e-40)."""
    phi = lambda t: mpmath.exp(-t * t / 2) / mpmath.sqrt(2 * mpmath.pi)
    if d == 1:
        return mpmath.quad(lambda a: phi(a) * term([a]), PTS, method="gauss-legendre")
    return mpmath.quad(lambda a, b: phi(a) * phi(b) * term([a, b]), PTS, PTS, method="gauss-legendre")


def _mpv(v):
    return [mpmath.mpf(float(t)) for t in np.ravel(v)]


def _gerf_term(A, s, x, y):
    d = len(x)
    A = mpmath.mpmathify(A)
    B = mpmath.sqrt(s * (1 - 4 * A))
    C = -mpmath.mpf(s + 1) / 2
    D = mpmath.exp(mpmath.mpf(d) / 4 * mpmath.log(1 - 4 * A))
    X, Y = _mpv(x), _mpv(y)

    def f(w, u, sign):
        return D * mpmath.exp(A * mpmath.fsum(t * t for t in w) + sign * B * mpmath.fsum(a * b for a, b in zip(w, u))
                              + C * mpmath.fsum(t * t for t in u))
    return lambda w: mpmath.re(f(w, X, 1) * f(w, Y, s))


def _derf_term(p, x, y):
    A, B1, B2, C1, C2 = [mpmath.matrix(np.asarray(p[k], float).tolist()) for k in ("A", "B1", "B2", "C1", "C2")]
    D = mpmath.mpf(float(p["D"]))
    X, Y = mpmath.matrix(_mpv(x)), mpmath.matrix(_mpv(y))

    def f(w):
        W = mpmath.matrix(w)
        e1 = (W.T * A * W)[0] + (W.T * B1 * X)[0] + (X.T * C1 * X)[0]
        e2 = (W.T * A * W)[0] + (W.T * B2 * Y)[0] + (Y.T * C2 * Y)[0]
        return D * D * mpmath.exp(e1 + e2)
    return f


def _check_digits(closed, quad, digits=None):
    rel = abs(closed - quad) / abs(quad)
    assert rel < mpmath.mpf(10) ** -(DIGITS if digits is None else digits), (closed, quad, rel)
    return rel


#: The two-dimensional integrals run at 20 digits of working precision and must agree to 15 (a 2-D Gauss-Legendre
#: rule at 30 digits costs about 35 s a test; d = 1 keeps the full DIGITS)
DPS2, DIGITS2 = 20, 15


@pytest.mark.parametrize("d", [1, 2])
def test_gerf_moments_agree_with_an_mpmath_integral(d):
    x, y = _pair(d, 0.8)
    with mp.workdps(30 if d == 1 else DPS2):
        for A, s, ks in ((-0.1, 1, ()), (0.03 + 0.02j, -1, (4,)), (-0.05 + 0.1j, 1, ())):
            closed = M.gerf_raw_moments(A, s, x, y, dps=30)
            term = _gerf_term(A, s, x, y)
            for k in (ks if d == 2 else (1, 2, 3, 4)):
                _check_digits(closed[k - 1], _expect(lambda w: term(w) ** k, d), None if d == 1 else DIGITS2)


@pytest.mark.parametrize("d", [1, 2])
def test_antithetic_and_ce_moments_agree_with_an_mpmath_integral(d):
    x, y = _pair(d, 0.9, seed=3)
    a = np.linspace(0.6, 1.4, d)
    with mp.workdps(30 if d == 1 else DPS2):
        X, Y = _mpv(x), _mpv(y)
        R = mpmath.fsum(t * t for t in X + Y)
        anti = lambda w: (mpmath.exp(mpmath.fsum(p * (q + r) for p, q, r in zip(w, X, Y)))
                          + mpmath.exp(-mpmath.fsum(p * (q + r) for p, q, r in zip(w, X, Y)))) / 2 * mpmath.exp(-R / 2)
        V = [mpmath.mpf(float(t)) * q for t, q in zip(a, X)]
        W = [q / mpmath.mpf(float(t)) for t, q in zip(a, Y)]
        ce = lambda w: (mpmath.exp(-mpmath.fsum(t * t for t in V) / 2 + mpmath.fsum(p * q for p, q in zip(w, V)))
                        * mpmath.exp(-mpmath.fsum(t * t for t in W) / 2 + mpmath.fsum(p * q for p, q in zip(w, W))))
        ks = (4,) if d == 2 else (1, 2, 3, 4)
        for closed, term in ((M.antithetic_raw_moments(x, y, dps=30), anti), (M.ce_raw_moments(a, x, y, dps=30), ce)):
            for k in ks:
                _check_digits(closed[k - 1], _expect(lambda w: term(w) ** k, d), None if d == 1 else DIGITS2)


def test_derf_moments_agree_with_an_mpmath_integral():
    # d = 1: a hand-made asymmetric DERF; d = 2: a dense A with off-diagonal entries (ADERF/SDERF shape)
    cases = [({"A": [[-0.2]], "B1": [[0.9]], "B2": [[1.3]], "C1": [[-0.3]], "C2": [[-0.6]], "D": 1.1}, 1, (1, 2, 3, 4)),
             ({"A": [[-0.1, 0.03], [0.03, 0.02]], "B1": [[0.9, 0.1], [-0.2, 1.1]], "B2": [[1.0, 0.0], [0.3, 0.8]],
               "C1": [[-0.4, 0.05], [0.05, -0.5]], "C2": [[-0.5, 0.0], [0.0, -0.3]], "D": 0.9}, 2, (4,))]
    for p, d, ks in cases:
        with mp.workdps(30 if d == 1 else DPS2):
            x, y = _pair(d, 0.7, seed=5)
            closed = M.derf_raw_moments(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], x, y, dps=30)
            term = _derf_term(p, x, y)
            for k in ks:
                _check_digits(closed[k - 1], _expect(lambda w: term(w) ** k, d), None if d == 1 else DIGITS2)


def test_trig_phase_moments_agree_with_an_mpmath_integral():
    # d = 1: the definition integrated over (omega, theta); the closed form's phase argument is what it checks
    x, y = np.array([0.7]), np.array([-0.4])
    with mp.workdps(DPS2):                               # a 2-D integral: 15 digits (DIGITS2)
        R = mpmath.mpf(0.7) ** 2 + mpmath.mpf(-0.4) ** 2
        closed = M.trig_phase_raw_moments(x, y, dps=30)
        for k in (1, 2, 3, 4):
            f = lambda w, th: (mpmath.exp(-w * w / 2) / mpmath.sqrt(2 * mpmath.pi) / (2 * mpmath.pi)
                               * (2 * mpmath.exp(R / 2) * mpmath.cos(w * mpmath.mpf(0.7) + th)
                                  * mpmath.cos(w * mpmath.mpf(-0.4) + th)) ** k)
            q = mpmath.quad(f, PTS, [0, mpmath.pi / 2, mpmath.pi, 3 * mpmath.pi / 2, 2 * mpmath.pi],
                            method="gauss-legendre")
            _check_digits(closed[k - 1], q, DIGITS2)


@pytest.mark.parametrize("d", [1, 2, 5])
def test_dirf_closed_forms_agree_with_the_series(d):
    from rfsym.crt.witnesses import dirf_row_moment
    x, y = _pair(d, 1.1, seed=7)
    for kind, q in (("poisson", 0.4), ("poisson", 2.5), ("geometric", 0.3), ("geometric", 0.8)):
        closed = M.dirf_raw_moments(kind, q, x, y, dps=30)
        for k in (1, 2, 3, 4):
            with mp.workdps(30):
                _check_digits(closed[k - 1], dirf_row_moment(k, x, y, kind, q, dps=30))


# ---------------------------------------------------------------- infinite moments


def test_infinite_fourth_moment_falls_back_honestly():
    x, y = _pair(4, 1.0)
    assert M.gerf_raw_moments(0.07, 1, x, y)[3] == mpmath.inf            # 1 - 16 A < 0
    assert mpmath.isfinite(M.gerf_raw_moments(0.07, 1, x, y)[2])          # 1 - 12 A > 0
    est = estimators.get("GERF", A=0.07, s=1)
    law = law_of(est, x, y, 4)
    assert law.central4 is None and "E Z^4" in law.central4_note and "infinite" in law.central4_note
    I = np.eye(4)
    A = np.diag([0.07, 0.0, -0.1, 0.0])                                   # I - 16 A not positive definite
    assert M.derf_raw_moments(A, I, I, -I / 2, -I / 2, 1.0, x, y)[3] == mpmath.inf
    assert mpmath.isfinite(M.derf_raw_moments(A, I, I, -I / 2, -I / 2, 1.0, x, y)[1])


# ---------------------------------------------------------------- 3. Monte Carlo with the library's sampler


def _mc_z(samples, exact):
    z = []
    for k, e in enumerate(exact, start=1):
        v = samples ** k
        z.append((v.mean() - float(e)) / (v.std(ddof=1) / math.sqrt(v.size)))
    return np.array(z)


MC_CASES = [  # (name, kw, d, r, wrong variant of the raw moments)
    ("GERF", {"A": -0.1, "s": 1}, 5, 0.4, lambda est, x, y: M.gerf_raw_moments(-0.05, 1, x, y)),     # A slip: 2A -> A
    ("GERF", {"A": -0.05 + 0.1j, "s": -1}, 2, 0.5, lambda est, x, y: M.gerf_raw_moments(-0.05, -1, x, y)),    # Im A dropped
    ("RFF-phase", {}, 16, 0.3, lambda est, x, y: [mpmath.exp(k * float(x @ x + y @ y) / 2) * M._cos_pow_gauss(
        k, float((x - y) @ (x - y))) for k in (1, 2, 3, 4)]),                                            # phase dropped
    ("PosRF-antithetic", {}, 16, 0.3, lambda est, x, y: M.gerf_raw_moments(0.0, 1, x, y)),          # no antithetic
    ("PoisRF", {}, 5, 0.5, lambda est, x, y: M.dirf_raw_moments("poisson", 1.15 * est.params["lam"], x, y)),
    ("GeomRF+", {}, 5, 0.4, lambda est, x, y: M.dirf_raw_moments("geometric", est.params["p"], x, y)),  # shift lost
    ("ADERF", {}, 5, 0.4, lambda est, x, y: M.derf_raw_moments(*(est.params["params"][k] for k in
                                                                 ("A", "B2", "B1", "C2", "C1", "D")), x, y)),  # sides
    ("SDERF", {}, 16, 0.3, lambda est, x, y: M.derf_raw_moments(*(est.params["params"][k] for k in
                                                                  ("A", "B1", "B2", "C1", "C2")), 1.0, x, y)),  # D lost
    ("CE", {"a": None}, 5, 0.4, lambda est, x, y: M.ce_raw_moments(1 / est.params["a"], x, y)),     # A <-> A^-1
]


@pytest.mark.parametrize("name,kw,d,r,wrong", MC_CASES, ids=[c[0] for c in MC_CASES])
def test_monte_carlo_raw_moments_and_a_wrong_variant(name, kw, d, r, wrong):
    x, y = _pair(d, r, seed=11)
    est = _native(name, x, y, **_kw(kw, d))
    exact, _ = M.row_raw_moments(est, x, y)
    s = est.sample(x, y, 1, 200_000, np.random.default_rng(0), coupling="iid")   # m = 1: one term each
    z = _mc_z(np.asarray(s, float), exact)
    assert np.all(np.abs(z) < Z_MC), z
    zw = _mc_z(np.asarray(s, float), wrong(est, x, y))
    assert np.max(np.abs(zw)) > Z_MC, zw


def test_monte_carlo_hybrid_fourth_moment_and_a_wrong_variant():
    # the hybrids' exact E e^4 (HRF pair moments) against sampled (K_hat - K)^4 at small norms, and the
    # normal approximation E e^4 = 3 MSE^2 (a plausible shortcut) rejected
    d, m = 4, 2
    x, y = _pair(d, 0.5, seed=13)
    for name, kw in (("angular-hybrid", {"n": 2}), ("gaussian-hybrid", {"n": 2, "sigma": 1.3})):
        est = estimators.get(name, **kw)
        c4, mse = M.hybrid_central4(est, x, y, m)
        assert abs(float(mse) / float(est.mse(x, y, m)) - 1) < 1e-12
        e4 = (np.asarray(est.sample(x, y, m, 400_000, np.random.default_rng(0)), float) - float(est.mean(x, y))) ** 4
        se = e4.std(ddof=1) / math.sqrt(e4.size)
        assert abs(e4.mean() - float(c4)) / se < Z_MC
        wrong = 3 * mse ** 2
        assert abs(e4.mean() - float(wrong)) / se > Z_MC


# ---------------------------------------------------------------- law_of


@pytest.mark.parametrize("name", ["PosRF-antithetic", "PoisRF", "GeomRF+", "ADERF", "SADERF", "CE", "RFF-phase",
                                  "angular-hybrid", "gaussian-hybrid"])
def test_law_of_has_an_exact_fourth_moment_at_the_default_iid_coupling(name):
    d = 16
    x, y = _pair(d, 1.0)
    est = estimators.get(name, **({"a": np.full(d, 0.8)} if name == "CE" else {}))
    est = _fit_for_pair(est, x, y, 0)
    law = law_of(est, x, y, d)
    assert law.central4_exact and law.central4 >= law.variance ** 2 and law.variance_exact


def test_law_of_coupled_rows():
    d = 8
    x, y = _pair(d, 1.0)
    law = law_of(estimators.get("RFF"), x, y, d, "orthogonal")        # min(support, Jensen)
    assert not law.central4_exact and law.central4 is not None
    fs = _fit_for_pair(estimators.get("FAVOR#"), x, y, 0)
    law = law_of(fs, x, y, d)                                           # variance only a bound: no mu4
    assert not law.variance_exact and law.central4 is None and "only a bound" in law.central4_note
