"""rfsym.wild: the 'Random features in the wild' rows and their cache (hash, staleness, CLI)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rfsym import wild

ROOT = Path(__file__).resolve().parents[1]


def test_import_needs_no_flint_and_no_optional_package():
    # the GPU machine has neither python-flint nor rfsym installed: `import rfsym.wild` must work there
    code = ("import sys; sys.modules['flint'] = None\n"
            "import rfsym.wild\n"
            "bad = [m for m in ('torch', 'jax', 'rfflearn', 'performer_pytorch') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


@pytest.mark.parametrize("path", wild.cache_files(), ids=lambda p: p.name)
def test_cache_is_not_stale_and_complete(path):
    data = wild.load(path)
    b, dev = path.stem.split("-", 1)[1].rsplit("-", 1)
    assert (data["backend"], data["device"]) == (b, dev)
    assert data["command"] == f"python -m rfsym.wild --backend {b} --device {dev}"
    assert data["settings"] == json.loads(json.dumps(wild.SETTINGS))
    assert data["versions"]["numpy"] and data["device_name"]
    assert data["rows"]
    for r in data["rows"]:
        assert r["version"], r["function"]
        assert r["passed"] == (abs(r["z"]) <= wild.SETTINGS["threshold"])
        assert abs((r["mean"] - r["exact"]) / r["stderr"] - r["z"]) < 1e-9
        assert "d = 4" in r["setting"] and "x = (" in r["setting"]
        assert r["passed"] or r["cause"]


def test_stale_cache_is_refused(tmp_path):
    src = wild.cache_path("numpy", "cpu")
    data = json.loads(src.read_text())
    data["code_hash"] = "0" * 64
    bad = tmp_path / src.name
    bad.write_text(json.dumps(data))
    with pytest.raises(wild.StaleCache, match="stale wild cache .*rerun: python -m rfsym.wild --backend numpy"):
        wild.load(bad)
    data["backend"] = "nosuch"
    bad.write_text(json.dumps(data))
    with pytest.raises(wild.StaleCache, match="not a wild cache"):
        wild.load(bad)


def test_code_hash_tracks_settings_and_backend(monkeypatch):
    h = {b: wild.code_hash(b) for b in wild.BACKENDS}
    assert len(set(h.values())) == len(wild.BACKENDS)
    monkeypatch.setitem(wild.SETTINGS, "n", wild.SETTINGS["n"] + 1)
    assert all(wild.code_hash(b) != h[b] for b in wild.BACKENDS)


def test_numpy_rows_live_equal_the_cache():
    cached = wild.load(wild.cache_path("numpy", "cpu"))["rows"]
    live = wild.run("numpy")["rows"]
    assert [r["function"] for r in live] == [r["function"] for r in cached]
    for a, b in zip(live, cached):
        assert a["passed"] == b["passed"]
        assert a["mean"] == pytest.approx(b["mean"], rel=1e-9)
    plain, fixed = live
    assert not plain["passed"] and plain["z"] < -20 and "sign fix" in plain["cause"]
    assert fixed["passed"] and "assert_haar: pass" in fixed["detail"]


def test_cli_writes_a_loadable_cache(tmp_path):
    out = tmp_path / "w.json"
    assert wild.main(["--backend", "scipy", "--out", str(out)]) == 0
    data = wild.load(out)
    assert data["argv"].endswith(f"--out {out}")
    assert data["rows"][0]["function"] == "scipy.stats.ortho_group.rvs" and data["rows"][0]["passed"]
    with pytest.raises(SystemExit):
        wild.main(["--out", str(out)])              # --out needs one backend
    with pytest.raises(ValueError, match="CPU only"):
        wild.run("numpy", "cuda")
    with pytest.raises(ValueError, match="CUDA device only"):
        wild.run("cupy", "cpu")


def test_missing_backend_is_reported():
    for b in ("torch", "jax", "cupy"):
        ok, why = wild.available(b)
        if not ok:
            assert "not installed" in why
            assert wild.main(["--backend", b, "--out", "/nonexistent/x.json"]) == 2
            with pytest.raises(ImportError, match=b):
                wild.run(b, "cuda" if b == "cupy" else "cpu")


def test_rfflearn_orf_is_biased_rff_is_not():
    pytest.importorskip("rfflearn", reason="rfflearn not installed (pip install 'rfsym[wild]')")
    rows = {r["function"]: r for r in wild.run("rfflearn")["rows"]}
    rff = rows["rfflearn.cpu.RFFRegressor (rand_type 'rff')"]
    orf = rows["rfflearn.cpu.ORFRegressor (rand_type 'orf')"]
    assert rff["passed"] and not orf["passed"] and orf["z"] < -5
    assert "rows of Q" in orf["cause"]
    cached = {r["function"]: r for r in wild.load(wild.cache_path("rfflearn", "cpu"))["rows"]}
    assert {f: r["passed"] for f, r in rows.items()} == {f: r["passed"] for f, r in cached.items()}


def test_table_md_has_one_line_per_row():
    rows = wild.load(wild.cache_path("numpy", "cpu"))["rows"]
    md = wild.table_md(rows)
    assert md.count("\n") == len(rows) + 1 and "biased -" in md
