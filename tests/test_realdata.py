"""Tests of rfsym.realdata / realdata_run / realdata_claims: features vs the library, log-space scores,
unbiasedness of every feature map (Monte Carlo, |z| <= 5, wrong kernel rejected), the result cache
(not stale, single cells recomputed bit for bit) and the judging helpers."""

import math

import numpy as np
import pytest

from rfsym import crt, derf
from rfsym import datasets as ds
from rfsym import realdata as rd
from rfsym import realdata_claims as rc
from rfsym import realdata_run as rr

Z = 5.0


def _gauss(X, Y):
    return np.exp(-0.5 * ((X[:, None, :] - Y[None, :, :]) ** 2).sum(-1))


def test_gerf_log_matches_library_features():
    rng = np.random.default_rng(0)
    X = 0.4 * rng.standard_normal((5, 3))
    W = rng.standard_normal((4, 3))
    for A, s in ((0.0, -1), (0.0, 1), (-0.3, 1), (0.05 + 0.2j, -1), (-0.1 - 0.3j, 1)):
        for which in (1, 2):
            np.testing.assert_allclose(np.exp(rd._gerf_log(X, W, A, s, which)), crt.gerf_features(X, W, A, s, which),
                                       rtol=1e-12)


def test_derf_trig_matches_library_features():
    rng = np.random.default_rng(1)
    X = 0.5 * rng.standard_normal((6, 4))
    lq, pq, lt, pt = rd.log_features("DERF", "trig", X, X, 8, np.random.default_rng(2))
    r = np.random.default_rng(2)
    from rfsym import couplings
    W = couplings.sample("orthogonal", 4, 8, r)
    theta = r.uniform(0, 2 * np.pi, 8)
    lib = derf.trig_features_np(W, theta, X) * np.exp(-0.5 * (X * X).sum(1))[:, None]
    np.testing.assert_allclose(pq * np.exp(lq), lib, rtol=1e-12, atol=1e-15)


def test_class_scores_equal_direct_products():
    rng = np.random.default_rng(3)
    R = np.eye(3)[[0, 1, 2, 0, 1, 2, 0]]
    lq, lt = rng.normal(size=(4, 5)), rng.normal(size=(7, 5))
    for pq, pt in ((np.exp(1j * rng.uniform(0, 6, (4, 5))), np.exp(1j * rng.uniform(0, 6, (7, 5)))),
                   (rng.choice([-1.0, 1.0], (4, 5)), rng.choice([-1.0, 0.0, 1.0], (7, 5)))):
        direct = np.real((pq * np.exp(lq)) @ ((pt * np.exp(lt)).T @ R))
        got = rd.class_scores(lq, pq, lt, pt, R)
        ratio = direct / got                      # one positive factor per query
        assert np.all(ratio > 0)
        np.testing.assert_allclose(ratio, ratio[:, :1] * np.ones((1, 3)), rtol=1e-10)


def test_class_scores_survive_overflow():
    # features of size e^800 and e^-800: the direct product overflows, the shifted scores do not
    lq = np.array([[800.0, -800.0]])
    lt = np.array([[800.0, 0.0], [799.0, 0.0]])
    sc = rd.class_scores(lq, np.ones((1, 2)), lt, np.ones((2, 2)), np.eye(2))
    assert np.all(np.isfinite(sc)) and np.argmax(sc) == 0


def test_exact_scores():
    rng = np.random.default_rng(4)
    Xq, Xt = rng.normal(size=(3, 2)), rng.normal(size=(6, 2))
    R = np.eye(2)[[0, 1, 0, 1, 1, 0]]
    d = _gauss(Xq, Xt) @ R
    g = rd.exact_scores(Xq, Xt, R)
    np.testing.assert_allclose(d / g, (d / g)[:, :1] * np.ones((1, 2)), rtol=1e-12)


CASES = [("CRT", m) for m in rd.CRT_METHODS] + [("DERF", m) for m in rd.DERF_METHODS] + \
        [("SimRF", m) for m in rd.SIMRF_METHODS]


@pytest.mark.parametrize("paper,method", CASES)
def test_every_feature_map_estimates_the_gaussian_kernel(paper, method):
    """Block means of Re f(x) f(y) over 16,000 features (blocks of d = 4 rows are independent; 2,000
    blocks for the complex maps, which get m/2 features) estimate exp(-||x-y||^2/2): |z| <= 5, and
    1.1 times the kernel is rejected (|z| > 5)."""
    rng = np.random.default_rng(5)
    X = 0.35 * np.abs(rng.standard_normal((10, 4)))     # positive coordinates: valid for every method
    Xq, Xt = X[:5], X[5:]                                # 5 + 5 points: ADERF's M1, M2 nonsingular
    K = _gauss(Xq, Xt)[0, :2]
    params = rd.cx.fit_parameters(Xq, Xt) if paper == "CRT" else None
    lq, pq, lt, pt = rd.log_features(paper, method, Xq, Xt, 16000, np.random.default_rng(6), params=params)
    prod = np.real((pq * np.exp(lq))[0][None, :] * pt[:2] * np.exp(lt[:2]))   # (2, m_eff): query 0, train 0, 1
    blocks = prod.reshape(2, -1, 4).mean(2)
    mean, se = blocks.mean(1), blocks.std(1, ddof=1) / math.sqrt(blocks.shape[1])
    z = (mean - K) / se
    z_wrong = (mean - 1.1 * K) / se
    assert np.all(np.abs(z) <= Z), (paper, method, z)
    assert np.all(np.abs(z_wrong) > Z), (paper, method, z_wrong)


def test_split_is_fixed_and_disjoint():
    a = rd.split_indices(1000, 3)
    b = rd.split_indices(1000, 3)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert [len(x) for x in a] == [900, 50, 50]
    assert len(np.unique(np.concatenate(a))) == 1000


def test_image_sets_validation():
    with pytest.raises(ValueError, match="L must satisfy 2L <= 1017"):
        rd.image_sets("cifar10", 600, 1.0, np.random.default_rng(0))
    with pytest.raises(ValueError, match="regime must be one of"):
        rd.image_sets("svhn", 4, 1.0, np.random.default_rng(0))
    with pytest.raises(ValueError, match="variant must be one of"):
        rd.image_sets("mnist", 4, 1.0, np.random.default_rng(0), variant="nearest/bt601/unit")


# ------------------------------------------------------------------------------ cache

@pytest.mark.parametrize("part", tuple(rr.PROTOCOLS))
def test_cache_is_present_and_not_stale(part):
    data = rr.load(part)
    assert data["protocol"] == rr.PROTOCOLS[part]


def test_stale_cache_is_refused(tmp_path, monkeypatch):
    import json
    src = rr.results_dir() / "simrf.json"
    data = json.loads(src.read_text())
    data["protocol_hash"] = "0" * 64
    (tmp_path / "simrf.json").write_text(json.dumps(data))
    monkeypatch.setattr(rr, "results_dir", lambda: tmp_path)
    rr.load.cache_clear()
    try:
        with pytest.raises(ds.DataError, match="stale result cache"):
            rr.load("simrf")
    finally:
        rr.load.cache_clear()


@pytest.mark.parametrize("part,name,method,m", [("crt", "banknote", "OPRF", 128), ("crt", "cmc", "GeomRF+", 128),
                                               ("derf", "banknote", "sderf", 16), ("derf", "wifi", "aderf", 32),
                                               ("simrf", "banknote", "simplex", 4), ("simrf", "yeast", "iid", 16)])
def test_cached_cells_recompute_exactly(part, name, method, m):
    """One test cell and one validation cell recomputed from scratch equal the cache (bit for bit)."""
    C = rr.load(part)["results"][name]
    r = C[f"{method}|{m}"]
    assert rr.classification_cell(part, name, method, m, r["sigma_i"], 1, 1) == r["test"][1]
    if "val" in r:
        j = 2
        assert rr.classification_cell(part, name, method, m, j, 0, 0) == r["val"][j][0]


def test_cached_image_cell_recomputes_exactly():
    P = rr.PROTOCOLS["images"]["derf"]
    reg, k = "cifar10", 0
    v = [x for x in P["variants"]][k]
    got = rd.derf_image_regime(reg, P["sigmas"][0], variant=v, L=P["L"][reg], n_sets=P["n_sets"],
                               key=(4, P["regimes"].index(reg), k, 0))
    cached = rr.load("images")["results"]["derf"][f"{reg}|{v}"][0]
    for f in ("gerf", "sderf", "trig"):
        assert got[f] == cached[f]


# ------------------------------------------------------------------------------ judging helpers

def test_about_band():
    assert rc.about(5.0, 5) and rc.about(2.5, 5) and rc.about(7.5, 5)
    assert not rc.about(7.51, 5) and not rc.about(2.49, 5)


def test_crt_table1_transcription_averages():
    T = np.array([rc.CRT_TABLE1[n] for n in ds.UCI_SETS])
    assert np.all(np.abs(T.mean(0) - np.array(rc.CRT_TABLE1_AVERAGE)) <= 0.05 + 1e-9)
    # a mistyped cell would move its column mean by > 0.05 and be caught
    T[0, 0] += 1.0
    assert not np.all(np.abs(T.mean(0) - np.array(rc.CRT_TABLE1_AVERAGE)) <= 0.05 + 1e-9)


def test_checks_run_on_the_cache():
    for fn in (rc.check_crt_sec51_mnist, rc.check_crt_sec52, rc.check_derf_image_claims, rc.check_simrf_fig10):
        out = fn()
        assert isinstance(out.passed, bool) and out.evidence
    for fn in (rc.evidence_crt_tab1, rc.evidence_crt_tab3, rc.evidence_derf_mnist, rc.evidence_derf_fig3,
               rc.evidence_simrf_sec53, rc.evidence_crt_sec52):
        assert "unavailable" not in fn()


def test_image_checks_can_fail():
    """The image checks decide from the numbers: a cache in which GERF beats TrigRF by e^11 everywhere must
    make the CRT check fail, and one with mnist/cifar10 gaps of 5 must make the DERF check fail."""
    import copy
    data = copy.deepcopy(rr.load("images"))
    for r in [data["results"]["crt_paper_protocol"]] + list(data["results"]["crt_sigma1"].values()):
        r["GERF"][0] = r["TrigRF"][0] - 11.0
    orig = rr.load
    try:
        rr.load = lambda part: data if part == "images" else orig(part)
        assert not rc.check_crt_sec51_mnist().passed
        for key, curve in data["results"]["derf"].items():
            if key.startswith("mnist/cifar10|"):
                for c in curve:
                    c["sderf"] = c["gerf"] - 5.0
        assert not rc.check_derf_image_claims().passed
    finally:
        rr.load = orig


@pytest.mark.parametrize("part,name,method,m", [("simrf-std", "wifi", "simplex", 7), ("crt-std", "banknote", "GERF", 128),
                                               ("derf-std", "car", "sderf", 64)])
def test_cached_standardised_cells_recompute_exactly(part, name, method, m):
    r = rr.load(part)["results"][name][f"{method}|{m}"]
    if part == "simrf-std":
        got = rr.classification_cell_std(name, method, m, r["sigma_i"], 1, 1)
    else:
        got = rr.classification_cell_std2("CRT" if part == "crt-std" else "DERF", name, method, m, r["sigma_i"], 1, 1)
    assert got == r["test"][1]
