"""Tests of DERF's real-data judging helpers (rfsym.derf.realdata) and of the protocol-sensitivity helpers of the
DERF Sec. 5 claims (rfsym.derf.claims.sec5)."""

import numpy as np

from rfsym import derf
from rfsym import realdata as rd
from rfsym.derf import realdata as drd
from rfsym.derf.claims import sec5


def test_image_sets_of_redraws_the_cached_cell():
    P = drd.PROTOCOL_IMAGES["derf"]
    reg, v, s = "cifar10", "area/bt601/unit", P["sigmas"][0]
    vals = [float(derf.log_relative_variance_np("gerf", *drd.image_sets_of(reg, v, s, k)).mean()) for k in range(P["n_sets"])]
    cached = rd.load(drd.IMAGES)["results"]["derf"][f"{reg}|{v}"][0]["gerf"]
    assert abs(np.mean(vals) - cached) <= 1e-12 * abs(cached)


def test_cached_curves_file_mnist_under_both_grays():
    c = drd.cached_curves()
    assert len(c) == 12 and {k[0] for k in c} == {"unit", "sym"}
    for sc in ("unit", "sym"):
        assert c[sc, "area", "bt601"]["mnist", 0.5] == c[sc, "area", "mean"]["mnist", 0.5]
        assert c[sc, "area", "bt601"]["cifar10", 0.5] != c[sc, "area", "mean"]["cifar10", 0.5]


def test_aderf_singular_sets_are_singular():
    rows = drd.aderf_singular_sets("mnist")
    assert rows and all(r["min_eig"] < 1e-12 and r["rank"] < 64 for r in rows)
    assert all(r["zero"] >= 1 for r in rows if r["variant"].endswith("/unit"))
    assert all(r["constant"] >= 2 for r in rows if r["variant"].endswith("/sym"))


def test_fig3_summary_restricted_legend():
    full, pos = drd.fig3_summary("derf"), drd.fig3_summary("derf", ("pos", "gerf", "aderf", "sderf"))
    assert set(pos) == set(full) == set(drd.PROTOCOL["M"])
    for M in full:
        assert set(pos[M]["wins"]) == {"pos", "gerf", "aderf", "sderf"}
        # leaving TrigRF out can only add wins to the others
        assert all(pos[M]["wins"][m] >= full[M]["wins"][m] for m in pos[M]["wins"])


def test_collapse_gray_merges_only_agreeing_rows():
    rows = [(("u", "area", "bt601", "0.5"), "1", True), (("u", "area", "mean", "0.5"), "2", True),
            (("u", "tri", "bt601", "0.5"), "3", True), (("u", "tri", "mean", "0.5"), "4", False)]
    out = sec5._collapse_gray(rows)
    assert out[0] == (("u", "area", "bt601 or mean", "0.5"), "1 (bt601); 2 (mean)", True)
    assert len(out) == 3 and out[1][0][2] == "bt601" and out[2][0][2] == "mean"


def test_read_of_a_gap_curve():
    vals = [1.0, 2.0, 3.0, 4.0, 5.0]
    assert sec5._read(vals, "sigma = 0.5") == 3.0 and sec5._read(vals, "sigma = 1") == 5.0
    assert sec5._read(vals, "mean over sigma") == 3.0
    assert sec5._read([1.0, None, 3.0, 4.0, 5.0], "mean over sigma") is None


def test_on_par_table_depends_on_the_tolerance():
    """SDERF behind ADERF by 0.3 in a synthetic setup and behind TrigRF by 1.2 in one preprocessing's images: every
    tolerance below 0.3 fails everywhere, 0.5 and 1 flip with the preprocessing, 2 holds everywhere."""
    row = lambda **kw: {"trig": 9.0, "pos": 9.0, "gerf": 9.0, "aderf": 9.0, "sderf": 1.0, **kw}
    syn = {("heterogen", 0.25): row(aderf=0.7)}
    cur = {("unit", "area", "bt601"): {("cifar10", 0.5): row(trig=-0.2)}, ("pp", "area", "bt601"): {("cifar10", 0.5): row()}}
    rows, worst, sw = sec5._on_par_table(cur, syn, "sderf")
    assert abs(sw[0] - 0.3) < 1e-12 and sw[1] == "aderf"
    by = {(v[0], v[3]): h for v, n, h in rows}
    pp, unit = sec5._SCALING["pp"], sec5._SCALING["unit"]
    assert not by[pp, "e^0.25"] and by[pp, "e^0.5"] and not by[unit, "e^1"] and by[unit, "e^2"]
