import json
import subprocess
import sys

import pytest

from rfsym import claims as C
from rfsym._bookpages import claims_page, errata_page, write_pages


def _ok():
    return True, "fine"


def test_registry_loads_and_is_consistent():
    reg = C.registry()
    assert {"HRF-Lem2.4", "SimRF-Eq9", "SimRF-Alg1"} <= set(reg)
    for cid, c in reg.items():
        assert cid == c.id and c.paper in C.PAPERS and c.verdict in C.VERDICTS
        if c.verdict in ("verified", "erratum"):
            assert c.checks, cid
        if c.verdict == "erratum":
            assert c.correction and c.severity in C.SEVERITIES
        for ch in c.checks:
            assert ch.kind in C.KINDS


def test_every_claim_label_exists_in_its_notebook():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for c in C.registry().values():
        nb = root / "notebooks" / f"{c.notebook}.md"
        assert nb.exists(), f"{c.id}: notebook {nb} missing"
        assert f"({c.label})=" in nb.read_text(), f"{c.id}: label ({c.label})= missing in {nb.name}"


def test_claim_validation():
    with pytest.raises(ValueError, match="paper must be one of"):
        C.Claim("XYZ-Thm1", "XYZ", "loc", "s", "verified", checks=[C.Check("a", "numeric", _ok)])
    with pytest.raises(ValueError, match="id must look like"):
        C.Claim("CRT-Theorem1", "CRT", "loc", "s", "verified", checks=[C.Check("a", "numeric", _ok)])
    with pytest.raises(ValueError, match="verdict must be one of"):
        C.Claim("CRT-Thm1", "CRT", "loc", "s", "true", checks=[C.Check("a", "numeric", _ok)])
    with pytest.raises(ValueError, match="needs at least one check"):
        C.Claim("CRT-Thm1", "CRT", "loc", "s", "verified")
    with pytest.raises(ValueError, match="needs severity"):
        C.Claim("CRT-Thm1", "CRT", "loc", "s", "erratum", correction="c", checks=[C.Check("a", "numeric", _ok)])
    with pytest.raises(ValueError, match="unverifiable claim has no checks"):
        C.Claim("CRT-Sec6", "CRT", "loc", "s", "unverifiable")
    with pytest.raises(ValueError, match="kind must be one of"):
        C.Check("a", "vibes", _ok)
    c = C.Claim("CRT-Thm3.2", "CRT", "loc", "s", "verified", checks=[C.Check("a", "numeric", _ok)])
    assert c.label == "crt-thm3-2" and c.notebook == "crt"


def test_check_failures_are_reported_not_raised():
    def boom():
        raise RuntimeError("broken")

    r = C.Check("b", "numeric", boom).run()
    assert not r.passed and "RuntimeError: broken" in r.evidence
    r = C.Check("c", "numeric", lambda: 3).run()
    assert not r.passed and "must return (passed, evidence)" in r.evidence


def test_run_show_and_table(capsys):
    res = C.show_claim("SimRF-Alg1")
    assert res.reproduced
    out = capsys.readouterr().out
    assert "verdict reproduced" in out
    results = C.verdict_table(notebook="foundations")
    assert len(results) == 3 and "reproduced 3/3" in capsys.readouterr().out
    with pytest.raises(KeyError, match="unknown claim id"):
        C.get("CRT-Thm99")
    with pytest.raises(ValueError, match="paper must be one of"):
        C.claims_for("XYZ")


def test_unreproduced_verdict_fails_the_table(monkeypatch, capsys):
    bad = C.Claim("CRT-Eq999", "CRT", "loc", "s", "verified",
                  checks=[C.Check("fails", "numeric", lambda: (False, "wrong"))])
    monkeypatch.setitem(C.registry(), bad.id, bad)
    C._CACHE.pop(bad.id, None)
    with pytest.raises(AssertionError, match="not reproduced"):
        C.show_claim(bad.id)
    C._CACHE.pop(bad.id, None)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "rfsym", *args], capture_output=True, text=True, timeout=600)


def test_cli_claims_json():
    p = _cli("claims", "--json")
    assert p.returncode == 0
    data = json.loads(p.stdout)
    ids = {d["id"] for d in data}
    assert {"HRF-Lem2.4", "SimRF-Eq9", "SimRF-Alg1"} <= ids
    assert all({"id", "paper", "location", "statement", "verdict", "severity", "correction", "evidence",
                "checks"} <= set(d) for d in data)


def test_cli_verify_one_claim_and_bad_id():
    p = _cli("verify", "--claim", "SimRF-Alg1")
    assert p.returncode == 0, p.stderr
    assert "1/1 recorded verdicts reproduced" in p.stdout and "[1/1] SimRF-Alg1" in p.stderr
    p = _cli("verify", "--claim", "SimRF-Alg1", "--json")
    assert json.loads(p.stdout)[0]["reproduced"] is True
    p = _cli("verify", "--claim", "NOPE-1")
    assert p.returncode == 2 and "unknown claim id" in p.stderr


def test_book_pages(tmp_path):
    page = claims_page()
    assert "{ref}`SimRF-Eq9 <simrf-eq9>`" in page
    assert errata_page().startswith("# Errata")
    paths = write_pages(tmp_path)
    assert [p.name for p in paths] == ["claims.md", "errata.md"]
