"""rfsym.estimators: every mechanism unbiased for its kernel and, where known, its MSE exact.

Monte Carlo checks use the estimators' own samplers and the library's exact values through the
estimator interface; z-tests at |z| <= 5 (DESIGN.md), fixed seeds. Independent routes: the kernel
conversion is checked against HRF's softmax formulas, FAVOR++ with orthogonal rows against
rfsym.atlas, the fitted parameters against the CRT pair optima.
"""

import math
import zlib

import mpmath
import numpy as np
import pytest
from scipy.special import softmax

from rfsym import atlas, crt, estimators, hrf
from rfsym.montecarlo import mean_of, z_check

E = estimators

# (d, x, y): spread out in dimension, norms and angle
_R = np.random.default_rng(11)
SETTINGS = {
    "d3-small": (np.array([0.2, -0.1, 0.15]), np.array([0.05, 0.25, -0.1])),
    "d6-mid": (_R.standard_normal(6) * 0.25, _R.standard_normal(6) * 0.2),
}
PARAMS = {"GERF": {"A": 0.05 + 0.02j, "s": -1}, "CE": {"a": None}}


def make(name, d, x, y, **kw):
    params = dict(PARAMS.get(name, {}))
    if name == "CE":
        params["a"] = np.linspace(0.6, 1.5, d)
    params.update(kw)
    est = E.get(name, **params)
    if est.needs_fit:  # fit on a set around the pair (ADERF needs nonsingular second moments)
        rng = np.random.default_rng(5)
        s = max(np.linalg.norm(x), np.linalg.norm(y)) / math.sqrt(d)
        est = est.fit(np.vstack([x, rng.standard_normal((2 * d, d)) * s]),
                      np.vstack([y, rng.standard_normal((2 * d, d)) * s]))
    if name == "gaussian-hybrid":   # App. F: equal norms
        y = y * np.linalg.norm(x) / np.linalg.norm(y)
    return est, x, y


def _n(coupling):
    return 6000 if coupling == "iid" else 2500


# ---------------------------------------------------------------- names

def test_every_mechanism_has_a_name_and_aliases_resolve_case_insensitively():
    assert len(E.NAMES) == 21 and len(set(E.NAMES)) == 21
    for canonical, aliases in E.names().items():
        for a in (canonical,) + aliases:
            kw = {"GERF": {"A": 0.0, "s": 1}, "CE": {"a": [1.0, 2.0]}}.get(canonical, {})
            assert E.get(a.upper(), **kw).name == canonical
            assert E.get(a.lower().replace("-", "_"), **kw).name == canonical
    assert E.get("trigrf").name == "RFF" and E.get("PosRF").default_coupling == "iid"
    assert E.get("favor+").default_coupling == "orthogonal" and E.get("SimRF").default_coupling == "simplex"


def test_favor_names_follow_the_papers():
    # CRT Sec. 4: FAVOR++ = OPRF + orthogonal projections; DERF Sec. 5.3 + App. C: FAVOR# = SDERF, orthogonal
    assert isinstance(E.get("FAVOR++"), type(E.get("OPRF"))) and E.get("FAVOR++").default_coupling == "orthogonal"
    assert isinstance(E.get("FAVOR#"), type(E.get("SDERF"))) and E.get("FAVOR#").default_coupling == "orthogonal"
    assert E.get("FAVOR#").native_kernel == "softmax" and E.get("FAVOR++").native_kernel == "gaussian"


def test_unknown_name_lists_the_valid_ones():
    with pytest.raises(ValueError, match=r"unknown estimator name 'FAVOR-\+'; valid names: RFF, .*FAVOR#"):
        E.get("FAVOR-+")
    with pytest.raises(TypeError, match="name must be a string"):
        E.get(3)


# ---------------------------------------------------------------- unbiasedness and MSE

@pytest.mark.parametrize("setting", sorted(SETTINGS))
@pytest.mark.parametrize("name", E.NAMES)
def test_unbiased_and_exact_mse(name, setting):
    x, y = SETTINGS[setting]
    est, x, y = make(name, x.size, x, y)
    coupling = est.default_coupling
    m = x.size
    rng = np.random.default_rng(zlib.crc32(f"{name}|{setting}".encode()))   # reproducible in any process
    s = est.sample(x, y, m, _n(coupling), rng)
    K = est.mean(x, y)
    assert K == pytest.approx(float(est.kernel_value(x[None], y[None])[0, 0]), rel=1e-12)
    chk = z_check(mean_of(s), K)
    assert chk.passed, f"{name}: {chk}"
    assert not z_check(mean_of(s), 1.05 * K).passed, "the test must reject a 5 % bias"
    try:
        mse = est.mse(x, y, m)
    except E.NoExactValue:
        assert coupling not in est.exact_couplings
        return
    chk = z_check(mean_of((s - K) ** 2), mse)
    assert chk.passed, f"{name} MSE: {chk}"


@pytest.mark.parametrize("name, coupling", [(n, c) for n in ("RFF", "PosRF", "OPRF") for c in E.get(n if n != "OPRF" else "RFF").couplings
                                            if c in E.get("PosRF" if n == "OPRF" else n).exact_couplings and c != "iid"])
def test_coupled_mse_is_exact(name, coupling):
    x, y = SETTINGS["d3-small"]
    x, y = 2 * x, 2 * y
    est, x, y = make(name, 3, x, y)
    s = est.sample(x, y, 3, 4000, np.random.default_rng(3), coupling)
    exact = est.mse(x, y, 3, coupling)
    assert z_check(mean_of((s - est.mean(x, y)) ** 2), exact).passed
    assert exact < est.mse(x, y, 3, "iid")   # couplings help at these small norms (SimRF Thm 3.3, 4.5)


def test_features_and_sample_agree_draw_for_draw():
    x, y = SETTINGS["d6-mid"]
    for name in E.NAMES:
        est, xx, yy = make(name, 6, x, y)
        if not est.has_features or name == "angular-hybrid":
            continue
        for coupling in ("iid",) if est.couplings == ("iid",) else ("iid", "orthogonal"):
            a = est.sample(xx, yy, 6, 1, np.random.default_rng(9), coupling)[0]
            W = est.draw(6, 6, np.random.default_rng(9), coupling)
            b = est.estimate(xx[None], yy[None], W)[0, 0]
            assert a == pytest.approx(b, rel=1e-10), name
            assert est.query_features(np.vstack([xx, yy]), W).shape == (2, est.n_features(6))


def test_angular_hybrid_features_reproduce_the_direct_estimate():
    x, y = SETTINGS["d3-small"]
    est = E.get("angular-hybrid", n=4)
    W = est.draw(3, 5, np.random.default_rng(2))
    direct = hrf.hybrid_estimate_direct(x, y, W["W_pos"], W["W_trig"], W["T"])
    assert est.estimate(x[None], y[None], W)[0, 0] == pytest.approx(direct, rel=1e-12)
    assert est.query_features(x[None], W).shape == (1, est.n_features(5))


# ---------------------------------------------------------------- Gaussian hybrid feature map (HRF App. F)

def _gh_pair(r, theta):
    """x, y of norm r at angle theta in d = 3 (App. F's normalized setting ||x|| = ||y|| = r)."""
    u = np.array([0.6, 0.64, -0.48]) / np.linalg.norm([0.6, 0.64, -0.48])
    v = np.array([0.1, 0.8, 0.5]) - (np.array([0.1, 0.8, 0.5]) @ u) * u
    v /= np.linalg.norm(v)
    return r * u, r * (math.cos(theta) * u + math.sin(theta) * v)


# r = 0.5, theta = 2.4, sigma = 1.8, m = n = 2: the normalisation and sigma move the MSE by 10-30 %
GH_X, GH_Y = _gh_pair(0.5, 2.4)
GH = {"m": 2, "n": 2, "sigma": 1.8}


def _gh_feature_estimates(est, reps, seed, x=GH_X, y=GH_Y, m=GH["m"], tamper=None):
    """``reps`` independent estimates Re(query_features(x) key_features(y)^T), one draw each."""
    rng = np.random.default_rng(seed)
    out = np.empty(reps)
    for i in range(reps):
        W = est.draw(x.size, m, rng)
        if tamper is not None:
            tamper(W)
        out[i] = np.real(est.query_features(x[None], W)[0] @ est.key_features(y[None], W)[0])
    return out


def test_gaussian_hybrid_features_are_lemma_2_3_blocks_and_the_direct_estimate():
    # fixed r: term by term the products are those of Lemma 2.3, Eq. (11), with a = 1/rho and the
    # coefficient features (70) read with sigma*tau (as in (69))
    x, y = np.array([0.5, -0.2, 0.3]), np.array([0.1, 0.4, -0.35])
    m, n, sig, r = 4, 3, 0.8, 0.7
    est = E.get("gaussian-hybrid", n=n, sigma=sig, r=r)
    W = est.draw(3, m, np.random.default_rng(1))
    rho = -math.expm1(-2 * sig ** 2 * r ** 2)

    def blocks(u):
        p, q, t = W["W_pos"] @ u, W["W_trig"] @ u, sig * (W["T"] @ u)
        pos = [np.exp(p - u @ u / 2) / math.sqrt(2), np.exp(-p - u @ u / 2) / math.sqrt(2)]
        trig = [np.exp(u @ u / 2) * np.sin(q), np.exp(u @ u / 2) * np.cos(q)]
        return pos, trig, [1j * np.sin(t) / math.sqrt(rho), 1j * np.cos(t) / math.sqrt(rho)]

    (px, tx, rx), (py, ty, ry) = blocks(x), blocks(y)
    L1, L2 = hrf.general_hybrid_feature_maps([1 / rho], [px, tx], [py, ty], [rx], [ry])
    q, k = est.query_features(x[None], W)[0], est.key_features(y[None], W)[0]
    assert q.dtype == k.dtype == np.float64 and q.shape == (est.n_features(m),)
    assert est.n_features(m) == hrf.feature_map_dimension(m, n, (2, 2), (2,)) == 4 * m + 8 * m * n
    np.testing.assert_allclose(q * k, (L1 * L2).real, rtol=1e-12, atol=1e-15)
    assert q @ k == pytest.approx(hrf.general_hybrid_estimate([1 / rho], [px, tx], [py, ty], [rx], [ry]).real,
                                  rel=1e-12)
    # r = None: rho = rho(||x||) of each query row (unequal norms); Eq. (12) with (69) from the same draw
    est = E.get("gaussian-hybrid", n=n, sigma=sig)
    X = np.vstack([x, 2 * y, [0.0, 0.0, 0.9]])
    Y = np.vstack([y, x])
    W = est.draw(3, m, np.random.default_rng(2))
    G = est.estimate(X, Y, W)
    for i, u in enumerate(X):
        for j, v in enumerate(Y):
            lam = (1 - np.mean(np.cos(sig * (W["T"] @ (u - v))))) / -math.expm1(-2 * sig ** 2 * (u @ u))
            direct = lam * hrf._pos_from(W["W_pos"], u, v) + (1 - lam) * hrf._trig_from(W["W_trig"], u, v)
            assert G[i, j] == pytest.approx(direct, rel=1e-11)
    # the Gaussian kernel: features times exp(-||u||^2/2) (DERF Sec. 2.3)
    Gg = E.get("gaussian-hybrid", n=n, sigma=sig, kernel="gaussian").estimate(X, Y, W)
    np.testing.assert_allclose(Gg, G * np.exp(-((X ** 2).sum(1)[:, None] + (Y ** 2).sum(1)[None]) / 2), rtol=1e-12)
    # shared projections, given r, coupled rows: one draw = one replicate of the sampler from the same seed
    for kw, c in (({"shared": True}, "iid"), ({"r": 0.6}, "simplex"), ({"shared": True}, "orthogonal")):
        e = E.get("gaussian-hybrid", n=n, sigma=sig, **kw)
        W = e.draw(3, 5, np.random.default_rng(3), c)
        assert (W["W_pos"] is W["W_trig"]) == bool(kw.get("shared"))
        assert e.estimate(x[None], y[None], W)[0, 0] == pytest.approx(
            e.sample(x, y, 5, 1, np.random.default_rng(3), c)[0], rel=1e-10)
    assert all(row["features"] for row in E.catalogue())    # every mechanism has a feature map (issue 20)


def test_gaussian_hybrid_features_unbiased_with_the_exact_mse_of_thm_f1():
    est = E.get("gaussian-hybrid", n=GH["n"], sigma=GH["sigma"])
    s = _gh_feature_estimates(est, 8000, 0)
    K = math.exp(float(GH_X @ GH_Y))
    assert z_check(mean_of(s), K).passed                                            # (a) E = SM(x, y)
    exact = float(hrf.gaussian_hybrid_mse(GH_X.tolist(), GH_Y.tolist(), GH["m"], GH["n"], GH["sigma"], 0.5, dps=20))
    assert exact == pytest.approx(est.mse(GH_X, GH_Y, GH["m"]), rel=1e-12)
    sq = mean_of((s - K) ** 2)
    chk = z_check(sq, exact)
    assert chk.passed, chk                                                         # (b) Thm F.1, Eq. (71)
    ref = mean_of((hrf.sample_gaussian_hybrid(GH_X, GH_Y, GH["m"], GH["n"], GH["sigma"], np.random.default_rng(1),
                                              100_000) - K) ** 2)
    z2 = (sq.estimate - ref.estimate) / math.hypot(sq.stderr, ref.stderr)
    assert abs(z2) < 5, z2                                                         # (b) the App. F sampler
    # control: a coefficient that reuses the trig projections (tau_i = w_i) is no longer independent of
    # the base estimators (Eq. (8)) and biases the estimate
    tied = _gh_feature_estimates(est, 2000, 2, tamper=lambda W: W.arrays.__setitem__("T", W["W_trig"][:GH["n"]]))
    assert z_check(mean_of(tied), K).z > 5                                          # measured z = +32.6


def test_gaussian_hybrid_mse_test_rejects_a_dropped_normalisation_and_the_printed_eq70():
    # lambda_hat of a wrong coefficient is still independent of the base estimators, so the estimate stays
    # unbiased: only the MSE test can see these slips
    class NoRho(type(E.get("gaussian-hybrid"))):
        def _rho(self, sq_norms):        # rho := 1: lambda_hat = 1 - C_hat, the unnormalised coefficient
            return 1.0

    K = math.exp(float(GH_X @ GH_Y))
    exact = E.get("gaussian-hybrid", n=GH["n"], sigma=GH["sigma"]).mse(GH_X, GH_Y, GH["m"])
    for wrong, sign in ((NoRho(n=GH["n"], sigma=GH["sigma"]), -1),
                        (E.get("gaussian-hybrid", n=GH["n"], sigma=1.0), +1)):   # (70) as printed: no sigma
        s = _gh_feature_estimates(wrong, 5000, 0)
        assert z_check(mean_of(s), K).passed
        chk = z_check(mean_of((s - K) ** 2), exact)
        assert sign * chk.z > 5, chk                                                # measured z = -8.6, +8.5


def test_gaussian_hybrid_bad_parameters_and_inputs_raise():
    for kw, err, msg in ((dict(sigma=0), ValueError, "sigma must satisfy sigma > 0"),
                         (dict(sigma=-1.0), ValueError, "sigma must satisfy"),
                         (dict(sigma=float("nan")), ValueError, "sigma must satisfy"),
                         (dict(sigma=float("inf")), ValueError, "sigma must satisfy"),
                         (dict(sigma="1"), TypeError, "sigma must be a real number"),
                         (dict(r=0.0), ValueError, "r must satisfy r > 0"),
                         (dict(r=-2), ValueError, "r must satisfy"),
                         (dict(n=0), ValueError, "n must be >= 1"),
                         (dict(n=1.5), TypeError, "n must be an integer"),
                         (dict(c=1), TypeError, r"unexpected parameter\(s\) \['c'\]")):
        with pytest.raises(err, match=msg):
            E.get("gaussian-hybrid", **kw)
    est = E.get("gaussian-hybrid", n=2)
    rng = np.random.default_rng(0)
    W = est.draw(3, 4, rng)
    with pytest.raises(ValueError, match=r"X must have d = 3 columns"):
        est.query_features(np.ones((2, 4)), W)
    with pytest.raises(ValueError, match=r"Y must have shape \(n, d\)"):
        est.key_features(np.ones(3), W)
    with pytest.raises(ValueError, match="query points must be non-zero, or pass r"):
        est.query_features(np.zeros((1, 3)), W)
    assert np.all(np.isfinite(est.key_features(np.zeros((1, 3)), W)))          # keys may be zero
    assert np.all(np.isfinite(E.get("gaussian-hybrid", n=2, r=1.0).query_features(np.zeros((1, 3)), W)))
    with pytest.raises(ValueError, match=r"draw lacks the arrays \['T', 'W_pos', 'W_trig'\]"):
        est.query_features(np.ones((1, 3)), E.get("FAVOR+").draw(3, 4, rng))
    with pytest.raises(TypeError, match="draw must be a Draw"):
        est.query_features(np.ones((1, 3)), {"W_pos": W["W_pos"]})
    with pytest.raises(ValueError, match="coupling in"):
        est.draw(3, 4, rng, "haar")
    with pytest.raises(E.NoExactValue, match="orthogonal"):
        est.mse([0.3, 0.1], [0.1, 0.3], 2, "orthogonal")


# ---------------------------------------------------------------- independent routes

def test_kernel_conversion_matches_hrf_softmax_formulas():
    x, y = SETTINGS["d6-mid"]
    xl, yl = x.tolist(), y.tolist()
    assert E.get("RFF", kernel="softmax").mse(x, y, 5) == pytest.approx(float(hrf.mse_trig(xl, yl, 5)), rel=1e-12)
    assert E.get("PosRF", kernel="softmax").mse(x, y, 5) == pytest.approx(float(hrf.mse_pos_onesided(xl, yl, 5)),
                                                                          rel=1e-12)
    assert E.get("PosRF-antithetic", kernel="gaussian").mean(x, y) == pytest.approx(math.exp(-np.sum((x - y) ** 2) / 2))


def test_favorpp_orthogonal_mse_matches_the_atlas():
    d, M = 4, 4
    x, y = atlas.pair(0.7, 0.5, 1.1, d)
    est = E.get("OPRF").fit(x[None], y[None])
    K2 = math.exp(-np.sum((x - y) ** 2))
    for c, key in (("iid", "favor++"), ("orthogonal", "favor++-orthogonal")):   # (simplex: 4 s in the atlas)
        rel = atlas.relative_mse(0.7, 0.5, 1.1, d, M, (key,))[key]
        assert est.mse(x, y, M, c) / K2 == pytest.approx(rel, rel=1e-9)


def test_fitted_parameters_are_the_crt_pair_optima():
    x, y = np.array([0.4, -0.2, 0.3]), np.array([0.1, 0.5, 0.2])
    assert E.get("OPRF").fit(x[None], y[None]).params["A"] == pytest.approx(
        float(crt.oprf_a_star(3, float(np.sum((x + y) ** 2)))), rel=1e-14)
    assert E.get("PoisRF").fit(x[None], y[None]).params["lam"] == pytest.approx(
        float(crt.poisson_lambda_star(x.tolist(), y.tolist())), rel=1e-14)
    assert E.get("GeomRF").fit(x[None], y[None]).params["p"] == pytest.approx(
        float(mpmath.re(crt.geometric_p_star(x.tolist(), y.tolist()))), rel=1e-8)


def test_derf_mean_is_the_kernel_for_fitted_parameters():
    x, y = SETTINGS["d6-mid"]
    for name in ("ADERF", "SDERF", "SADERF", "FAVOR#"):
        est, _, _ = make(name, 6, x, y)
        assert est.mean(x, y) == pytest.approx(math.exp(float(x @ y)), rel=1e-12)


# ---------------------------------------------------------------- errors

def test_bad_inputs_raise_naming_the_parameter():
    est = E.get("FAVOR+")
    rng = np.random.default_rng(0)
    W = est.draw(3, 4, rng)
    with pytest.raises(ValueError, match=r"X must have d = 3 columns"):
        est.query_features(np.ones((2, 4)), W)
    with pytest.raises(ValueError, match=r"X must have shape \(n, d\)"):
        est.query_features(np.ones(3), W)
    with pytest.raises(TypeError, match="rng must be a numpy.random.Generator"):
        est.draw(3, 4, 0)
    with pytest.raises(ValueError, match="coupling in"):
        est.draw(3, 4, rng, "haar")
    with pytest.raises(ValueError, match=r"m must be >= 1"):
        est.draw(3, 0, rng)
    with pytest.raises(ValueError, match=r"A must satisfy Re\(1 - 8A\) > 0"):
        E.get("GERF", A=0.2, s=1)
    with pytest.raises(ValueError, match=r"kernel must be one of"):
        E.get("RFF", kernel="laplace")
    with pytest.raises(TypeError, match=r"unexpected parameter\(s\) \['A'\]"):
        E.get("RFF", A=0.1)
    with pytest.raises(ValueError, match=r"needs its data-dependent parameters \['A'\]"):
        E.get("FAVOR++").draw(3, 4, rng)
    with pytest.raises(E.NoExactValue, match="simplex\\+"):
        E.get("SimRF+").mse([0.1, 0.2], [0.0, 0.1], 2)
    with pytest.raises(ValueError, match="x and y must have the same dimension"):
        est.mean([0.1, 0.2], [0.1])


# ---------------------------------------------------------------- attention

def test_attention_exact_part_is_softmax_attention_and_positive_features_stay_convex():
    rng = np.random.default_rng(4)
    Q, K, V = rng.standard_normal((3, 12, 4))
    for name in ("FAVOR+", "FAVOR++", "FAVOR#", "SimRF"):
        r = E.attention(name, Q, K, V, 16, np.random.default_rng(1))
        np.testing.assert_allclose(r.exact, softmax(Q @ K.T / 2.0, axis=1) @ V, rtol=1e-12)
        # positive features: every approximate row is a convex combination of the rows of V
        assert np.all(r.approx >= V.min(0) - 1e-12) and np.all(r.approx <= V.max(0) + 1e-12)
    with pytest.raises(ValueError, match=r"V must have shape \(L', d_v\)"):
        E.attention("FAVOR+", Q, K, V[:5], 8, rng)
