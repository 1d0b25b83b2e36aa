"""Tests of the real-data experiments: the toolbox rfsym.realdata and the papers' rfsym.{crt,derf,simrf}.realdata.
Features vs the library, log-space scores, unbiasedness of every feature map (Monte Carlo, |z| <= 5, wrong kernel
rejected), the result cache (not stale, single cells recomputed bit for bit) and the judging helpers."""

import math

import numpy as np
import pytest

from rfsym import crt, derf
from rfsym import datasets as ds
from rfsym import realdata as rd
from rfsym.crt import realdata as crd
from rfsym.derf import realdata as drd
from rfsym.simrf import realdata as srd

PAPER = {"CRT": crd, "DERF": drd, "SimRF": srd}
PARTS = {p.name: p for m in (crd, drd, srd) for p in m.PARTS}

Z = 5.0


def _gauss(X, Y):
    return np.exp(-0.5 * ((X[:, None, :] - Y[None, :, :]) ** 2).sum(-1))


def test_gerf_log_matches_library_features():
    rng = np.random.default_rng(0)
    X = 0.4 * rng.standard_normal((5, 3))
    W = rng.standard_normal((4, 3))
    for A, s in ((0.0, -1), (0.0, 1), (-0.3, 1), (0.05 + 0.2j, -1), (-0.1 - 0.3j, 1)):
        for which in (1, 2):
            np.testing.assert_allclose(np.exp(crd._gerf_log(X, W, A, s, which)), crt.gerf_features(X, W, A, s, which),
                                       rtol=1e-12)


def test_derf_trig_matches_library_features():
    rng = np.random.default_rng(1)
    X = 0.5 * rng.standard_normal((6, 4))
    lq, pq, lt, pt = drd.log_features("trig", X, X, 8, np.random.default_rng(2))
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


CASES = [(p, m) for p, mod in PAPER.items() for m in mod.METHODS]


@pytest.mark.parametrize("paper,method", CASES)
def test_every_feature_map_estimates_the_gaussian_kernel(paper, method):
    """Block means of Re f(x) f(y) over 16,000 features (blocks of d = 4 rows are independent; 2,000
    blocks for the complex maps, which get m/2 features) estimate exp(-||x-y||^2/2): |z| <= 5, and
    1.1 times the kernel is rejected (|z| > 5)."""
    rng = np.random.default_rng(5)
    X = 0.35 * np.abs(rng.standard_normal((10, 4)))     # positive coordinates: valid for every method
    Xq, Xt = X[:5], X[5:]                                # 5 + 5 points: ADERF's M1, M2 nonsingular
    K = _gauss(Xq, Xt)[0, :2]
    params = crd.cx.fit_parameters(Xq, Xt) if paper == "CRT" else None
    lq, pq, lt, pt = PAPER[paper].log_features(method, Xq, Xt, 16000, np.random.default_rng(6), params=params)
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

@pytest.mark.parametrize("part", tuple(PARTS))
def test_cache_is_present_and_not_stale(part):
    data = rd.load(PARTS[part])
    assert data["protocol"] == PARTS[part].protocol


def test_toolbox_imports_no_paper():
    """Arrows run downwards: importing the toolbox loads no paper package (fresh interpreter)."""
    import subprocess
    import sys
    code = ("import sys, rfsym.realdata; bad = [m for m in sys.modules if m.split('.')[:2] in "
            "[['rfsym', p] for p in ('crt', 'derf', 'hrf', 'simrf', 'foundations', 'claims', 'registry')]]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_parts_are_named_once_and_hash_deterministically():
    assert len(PARTS) == 8
    assert all(len(rd.protocol_hash(p)) == 64 for p in PARTS.values())
    assert len({rd.protocol_hash(p) for p in PARTS.values()}) == 8


def test_stale_cache_is_refused(tmp_path, monkeypatch):
    import json
    src = rd.results_dir() / "simrf.json"
    data = json.loads(src.read_text())
    data["protocol_hash"] = "0" * 64
    (tmp_path / "simrf.json").write_text(json.dumps(data))
    monkeypatch.setattr(rd, "results_dir", lambda: tmp_path)
    rd.load.cache_clear()
    try:
        with pytest.raises(ds.DataError, match="stale result cache"):
            rd.load(srd.CLASSIFICATION)
    finally:
        rd.load.cache_clear()


@pytest.mark.parametrize("part,name,method,m", [("crt", "banknote", "OPRF", 128), ("crt", "cmc", "GeomRF+", 128),
                                               ("derf", "banknote", "sderf", 16), ("derf", "wifi", "aderf", 32),
                                               ("simrf", "banknote", "simplex", 4), ("simrf", "yeast", "iid", 16)])
def test_cached_cells_recompute_exactly(part, name, method, m):
    """One test cell and one validation cell recomputed from scratch equal the cache (bit for bit)."""
    C = rd.load(PARTS[part])["results"][name]
    r = C[f"{method}|{m}"]
    fam = {"crt": crd, "derf": drd, "simrf": srd}[part].FAMILY
    assert rd.classification_cell(fam, name, method, m, r["sigma_i"], 1, 1) == r["test"][1]
    if "val" in r:
        j = 2
        assert rd.classification_cell(fam, name, method, m, j, 0, 0) == r["val"][j][0]


def test_cached_image_cell_recomputes_exactly():
    P = drd.PROTOCOL_IMAGES["derf"]
    reg, k = "cifar10", 0
    v = [x for x in P["variants"]][k]
    got = drd.image_regime(reg, P["sigmas"][0], variant=v, L=P["L"][reg], n_sets=P["n_sets"],
                           key=(4, P["regimes"].index(reg), k, 0))
    cached = rd.load(drd.IMAGES)["results"]["derf"][f"{reg}|{v}"][0]
    for f in ("gerf", "sderf", "trig"):
        assert got[f] == cached[f]


# ------------------------------------------------------------------------------ judging helpers

def test_about_band():
    assert rd.about(5.0, 5) and rd.about(2.5, 5) and rd.about(7.5, 5)
    assert not rd.about(7.51, 5) and not rd.about(2.49, 5)


def test_crt_table1_transcription_averages():
    T = np.array([crd.TABLE1[n] for n in ds.UCI_SETS])
    assert np.all(np.abs(T.mean(0) - np.array(crd.TABLE1_AVERAGE)) <= 0.05 + 1e-9)
    # a mistyped cell would move its column mean by > 0.05 and be caught
    T[0, 0] += 1.0
    assert not np.all(np.abs(T.mean(0) - np.array(crd.TABLE1_AVERAGE)) <= 0.05 + 1e-9)


def test_checks_run_on_the_cache():
    for fn in (crd.check_sec51_mnist, crd.check_sec52, drd.check_image_claims, srd.check_fig10):
        out = fn()
        assert isinstance(out.passed, bool) and out.evidence
    for fn in (crd.evidence_tab1, crd.evidence_tab3, drd.evidence_mnist, drd.evidence_fig3,
               srd.evidence_sec53, crd.evidence_sec52):
        assert "unavailable" not in fn()


def test_image_checks_can_fail():
    """The image checks decide from the numbers: a cache in which GERF beats TrigRF by e^11 everywhere must
    make the CRT check fail, and one with mnist/cifar10 gaps of 5 must make the DERF check fail."""
    import copy
    data = copy.deepcopy(rd.load(crd.IMAGES))
    for r in [data["results"]["crt_paper_protocol"]] + list(data["results"]["crt_sigma1"].values()):
        r["GERF"][0] = r["TrigRF"][0] - 11.0
    data_d = copy.deepcopy(rd.load(drd.IMAGES))
    orig = rd.load
    try:
        rd.load = lambda part: data if part is crd.IMAGES else data_d if part is drd.IMAGES else orig(part)
        assert not crd.check_sec51_mnist().passed
        for key, curve in data_d["results"]["derf"].items():
            if key.startswith("mnist/cifar10|"):
                for c in curve:
                    c["sderf"] = c["gerf"] - 5.0
        assert not drd.check_image_claims().passed
    finally:
        rd.load = orig


@pytest.mark.parametrize("part,name,method,m", [("simrf-std", "wifi", "simplex", 7), ("crt-std", "banknote", "GERF", 128),
                                               ("derf-std", "car", "sderf", 64)])
def test_cached_standardised_cells_recompute_exactly(part, name, method, m):
    r = rd.load(PARTS[part])["results"][name][f"{method}|{m}"]
    if part == "simrf-std":
        got = srd.classification_cell_std(name, method, m, r["sigma_i"], 1, 1)
    else:
        got = rd.classification_cell_std((crd if part == "crt-std" else drd).FAMILY, name, method, m, r["sigma_i"], 1, 1)
    assert got == r["test"][1]


def test_experiments_command_writes_a_loadable_cache(tmp_path, monkeypatch):
    """`python -m rfsym experiments --only PART --out DIR` runs the part and writes a file that load() accepts;
    an unknown part is a usage error (exit 2)."""
    from rfsym.__main__ import main
    fake = rd.Part("fake", {"x": 1}, (srd.log_features,), lambda quiet: {"answer": 42})
    monkeypatch.setattr(srd, "PARTS", srd.PARTS + (fake,))
    assert main(["experiments", "--only", "fake", "--out", str(tmp_path), "--quiet"]) == 0
    monkeypatch.setattr(rd, "results_dir", lambda: tmp_path)
    rd.load.cache_clear()
    try:
        data = rd.load(fake)
    finally:
        rd.load.cache_clear()
    assert data["results"] == {"answer": 42} and data["protocol"] == {"x": 1} and data["part"] == "fake"
    assert main(["experiments", "--only", "nope"]) == 2
