import json
import subprocess
import sys

import pytest

from rfsym import claims as C
from rfsym.claims.pages import claim_markdown, claims_page, errata_page, write_pages


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
    for c in C.registry().values():         # a paper's claims are on its section pages notebooks/<paper>/*.md
        nb = root / "notebooks" / f"{c.notebook}.md"
        assert nb.exists(), f"{c.id}: notebook {nb} missing"
        pages = [nb] + sorted((root / "notebooks" / c.notebook).glob("*.md"))
        assert any(f"({c.label})=" in p.read_text() for p in pages), f"{c.id}: label ({c.label})= missing in {nb.name}"


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
    with pytest.raises(ValueError, match="unverifiable claim states the reason"):
        C.Claim("CRT-Sec6", "CRT", "loc", "s", "unverifiable")
    with pytest.raises(ValueError, match="only data/montecarlo/arithmetic checks"):
        C.Claim("CRT-Sec6", "CRT", "loc", "s", "unverifiable", evidence="why", checks=[C.Check("a", "numeric", _ok)])
    assert C.Claim("CRT-Sec6", "CRT", "loc", "s", "unverifiable", evidence="why",
                   checks=[C.Check("a", "data", _ok)]).checks
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
    assert not r.passed and "must return Outcome or (passed, evidence)" in r.evidence


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
    C.reset_cache()
    with pytest.raises(AssertionError, match="not reproduced"):
        C.show_claim(bad.id)
    C.reset_cache()


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


def test_cli_claims_listing_has_aligned_reason_column(capsys):
    from rfsym.__main__ import main

    assert main(["claims", "--paper", "crt", "--full"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head, rule = lines[0], lines[1]
    assert head.split()[:4] == ["claim", "verdict", "rule", "where"] and "reason" in head
    starts = [i for i, ch in enumerate(rule) if ch == "-" and (i == 0 or rule[i - 1] == " ")]
    assert len(starts) == 5
    eq7 = next(line for line in lines if line.startswith("CRT-Eq7 "))
    assert eq7[starts[1]:].startswith("erratum (typo)") and eq7[starts[2]:].startswith("erratum-typo")
    assert eq7[starts[4]:].strip()                                                        # aligned, with a reason
    thm = next(line for line in lines if line.startswith("CRT-Thm3.1 "))
    assert thm[starts[1]:].startswith("verified") and len(thm.rstrip()) <= starts[4]     # no reason for verified
    unv = [line for line in lines[2:-1] if "unverifiable" in line]
    assert unv and all(line[starts[4]:].strip() for line in unv)


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
    assert "{ref}`SimRF-Eq9 <simrf-eq9>`" in claims_page("SimRF")
    assert errata_page().startswith("# Errata")
    paths = write_pages(tmp_path)
    assert [p.name for p in paths][:6] == ["claims.md", "errata.md", "rulebook.md", "audit.md", "headlines.md", "glance.md"]
    assert (tmp_path / "errata" / "hrf.md").read_text().startswith("# Errata in")
    assert "## Witness coverage" in page and "target met" in page
    assert (tmp_path / "audit.md").read_text().startswith("# Mutation audit")


# ----------------------------------------------------------------------------- witness model


def _witness(passed=True, rejected=True):
    return lambda: C.Outcome(passed, "value 1.2345 vs 1.2345", agreement="5 digits",
                             control_rejected=rejected, control_detail="x1.01 off at digit 3")


def test_outcome_control_not_rejected_fails_the_check():
    ok = C.Check("w", "numeric", _witness(), exercises=("rfsym.crt.oprf_variance",), route="quad",
                 control="x1.01").run()
    assert ok.passed and ok.control_rejected is True and ok.exercises == ("rfsym.crt.oprf_variance",)
    bad = C.Check("w", "numeric", _witness(rejected=False), control="x1.01").run()
    assert not bad.passed and "control NOT rejected" in bad.evidence
    with pytest.raises(ValueError, match="exercises must be dotted names"):
        C.Check("w", "numeric", _ok, exercises=("oprf_variance",))


def test_coverage_target_and_no_witness():
    s = C.Check("s", "symbolic", _witness(), control="c")
    n = C.Check("n", "numeric", _witness(), control="c")
    k = C.Check("k", "consistency", _ok)
    c = C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified", checks=[s, k])
    cov = c.coverage()
    assert cov.target and not cov.meets and cov.witnesses == 1 and cov.consistency == 1
    assert "1 witness (need 2)" in cov.gaps()[0] and cov.missing == ("numeric", "montecarlo")
    c = C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified", checks=[s, n, k],
                no_witness={"montecarlo": "no expectation over random features"})
    assert c.coverage().meets and c.coverage().explained == ("montecarlo",)
    nc = C.Check("n", "numeric", _ok)                      # no control declared
    assert not C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified", checks=[s, nc],
                       no_witness={"montecarlo": "x"}).coverage().meets
    sec = C.Claim("CRT-Sec7", "CRT", "loc", "s", "verified", checks=[s, k]).coverage()
    assert sec.target and not sec.theorem_like and not sec.meets and "need 2 or a reason" in sec.gaps()[0]
    sec = C.Claim("CRT-Sec7", "CRT", "loc", "s", "verified", checks=[s, k],
                  single_witness="one cross-reference to check").coverage()
    assert sec.meets and not sec.gaps() and sec.single_reason
    assert not C.Claim("CRT-Sec7", "CRT", "loc", "s", "verified", checks=[nc, k],
                       single_witness="x").coverage().meets          # one witness, but no control
    assert C.Claim("CRT-Sec7", "CRT", "loc", "s", "verified", checks=[s, n]).coverage().meets
    assert C.Claim("CRT-Sec7", "CRT", "loc", "s", "unverifiable", evidence="why").coverage().meets
    with pytest.raises(ValueError, match="theorem-like claim needs two witnesses"):
        C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified", checks=[s], single_witness="x")
    with pytest.raises(ValueError, match="exactly one witness"):
        C.Claim("CRT-Sec7", "CRT", "loc", "s", "verified", checks=[s, n], single_witness="x")
    with pytest.raises(ValueError, match="no_witness keys"):
        C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified", checks=[s], no_witness={"vibes": "x"})
    with pytest.raises(ValueError, match="has a symbolic check"):
        C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified", checks=[s], no_witness={"symbolic": "x"})
    summ = C.coverage_summary([c])
    assert summ["CRT"]["target"] == 1 and summ["CRT"]["meets"] == 1
    assert summ["CRT"]["theorem_like"] == 1 and summ["CRT"]["theorem_like_meets"] == 1


def test_lint_evidence_numbers():
    c = C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified", evidence="agree: 1.2345; also 47.31 and d = 64",
                checks=[C.Check("n", "numeric", _witness(), control="c")])
    res = C.ClaimResult(c, (c.checks[0].run(),))
    assert C.lint_evidence_numbers(res) == ["47.31"]
    c = C.Claim("CRT-Thm7", "CRT", "loc", "s", "verified",
                evidence="as Cor. 4.4-4.6 and Thm. 3.4, App. A.2 state; Sec. 5.1 gives 2.5 and 47.31",
                checks=[C.Check("n", "numeric", _witness(), control="c")])
    assert C.lint_evidence_numbers(C.ClaimResult(c, (c.checks[0].run(),))) == ["2.5", "47.31"]


def test_claim_page_markdown():
    import sympy as sp

    x = sp.Symbol("x")
    c = C.Claim("CRT-Thm7", "CRT", "Sec. 1, Eq. (7)", "$E[e^{w x}] = e^{x^2/2}$ for a_b", "erratum",
                evidence="e", severity="typo", correction="$|x|$ holds",
                checks=[C.Check("n", "numeric", _witness(), exercises=("rfsym.crt.oprf_variance",),
                                route="quadrature | of the definition", control="x1.01")],
                derivation=lambda: [("sympy integral", sp.exp(x ** 2 / 2))])
    md = claim_markdown(C.ClaimResult(c, (c.checks[0].run(),)))
    assert "$E[e^{w x}] = e^{x^2/2}$" in md and "a\\_b" in md
    assert "e^{\\frac{x^{2}}{2}}" in md and "`crt.oprf_variance`" in md
    assert "vs quadrature \\| of the definition" in md and "x1.01: rejected" in md
    assert "<details>" in md and "Verdict: erratum (typo)" in md
    assert repr(C.ClaimResult(c, ())).startswith("<ClaimResult CRT-Thm7")


def test_cli_coverage():
    p = _cli("coverage", "--paper", "CRT")
    assert p.returncode == 0 and "theorem-like met" in p.stdout and "all decided met" in p.stdout


def test_registry_meets_the_coverage_target():
    """Every decided claim of the registry has two witnesses (or a stated reason for one) with controls,
    and every theorem-like claim has S/N/MC present or explained (the issues' 'done when')."""
    gaps = {cid: g for s in C.coverage_summary().values() for cid, g in s["gaps"].items()}
    assert not gaps, gaps


# ------------------------------------------------------------------------------ the disk cache of results

from rfsym.claims import runner as _runner  # noqa: E402


def _counting_claim(calls):
    def fn():
        calls.append(1)
        return C.Outcome(True, f"value 0.123 (call {len(calls)})", control_rejected=True, control_detail="x")
    return C.Claim("CRT-Eq998", "CRT", "loc", "s", "verified",
                   checks=[C.Check("counts", "numeric", fn, control="c")], evidence="e")


def test_disk_cache_serves_only_under_the_same_key(tmp_path, monkeypatch):
    calls = []
    c = _counting_claim(calls)
    monkeypatch.setitem(C.registry(), c.id, c)
    monkeypatch.setenv(_runner.CACHE_ENV, str(tmp_path))
    monkeypatch.setitem(_runner._DISK, "enabled", True)
    C.reset_cache()
    first = C.run(c.id)
    assert calls == [1] and first.reproduced
    C.reset_cache()
    again = C.run(c.id)                       # served from disk: the check is not rerun
    assert calls == [1] and again.results[0].evidence == first.results[0].evidence
    # any change of a source/data file or package version changes the key: the entry is never served
    monkeypatch.setattr(_runner, "cache_key", lambda root=None, paper=None: "another-key")
    C.reset_cache()
    C.run(c.id)
    assert calls == [1, 1]
    C.reset_cache()


def test_cache_key_changes_with_any_file(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "r.json").write_text("{}")
    k = _runner.cache_key.__wrapped__(tmp_path)
    (tmp_path / "data" / "r.json").write_text('{"a": 1}')
    k2 = _runner.cache_key.__wrapped__(tmp_path)
    (tmp_path / "a.py").write_text("x = 2\n")
    assert len({k, k2, _runner.cache_key.__wrapped__(tmp_path)}) == 3


def test_audit_patching_switches_the_disk_cache_off(monkeypatch):
    from rfsym.claims import audit

    monkeypatch.setitem(_runner._DISK, "enabled", True)
    undo = audit._install({})
    audit._uninstall(undo)
    assert _runner._DISK["enabled"] is False


def test_verify_in_parallel_gives_the_same_results():
    ids = ["SimRF-Alg1", "CRT-Sec2.1"]           # two papers, through the worker pool
    C.reset_cache()
    one = [C.verify(claim_id=i, progress=None)[0] for i in ids]
    C.reset_cache()
    got = {x.claim.id: x for x in _verify_ids(ids, jobs=2)}
    for a in one:
        b = got[a.claim.id]
        assert [x.evidence for x in a.results] == [x.evidence for x in b.results] and b.reproduced
    C.reset_cache()


def _verify_ids(ids, jobs):
    from unittest import mock

    wanted = [C.get(i) for i in ids]
    with mock.patch.object(_runner, "claims_for", lambda paper=None, notebook=None: wanted):
        return C.verify(progress=None, jobs=jobs)


def test_erratum_readings_and_defence():
    ok = lambda: C.Outcome(True, "printed 0.5 vs true 0.7", control_rejected=True, control_detail="c")  # noqa: E731
    chk = [C.Check("c1", "numeric", ok, control="x"), C.Check("c2", "montecarlo", ok, control="x")]
    lit = C.Reading("literal", "$x = 1$", False, "0.5")
    good = C.Reading("charitable: squared norms", "$x^2 = 1$", False, "0.7")
    c = C.Claim("CRT-Eq997", "CRT", "loc", "s", "erratum", severity="typo", correction="t", checks=chk,
                readings=[lit, good], defence="the norm is squared", defeated_by="0.7 != 1")
    assert c.coverage().defended
    md = "\n".join(__import__("rfsym.claims.pages", fromlist=["x"]).readings_lines(c))
    assert "charitable: squared norms" in md and "fails" in md and "What defeats it" in md
    # an erratum that holds under a charitable reading is refused
    with pytest.raises(ValueError, match="fails under every reading"):
        C.Claim("CRT-Eq997", "CRT", "loc", "s", "erratum", severity="typo", correction="t", checks=chk,
                readings=[lit, C.Reading("charitable", "t", True)])
    with pytest.raises(ValueError, match="undefeated"):
        C.Claim("CRT-Eq997", "CRT", "loc", "s", "erratum", severity="typo", correction="t", checks=chk,
                readings=[lit, good], defence="d")
    bare = C.Claim("CRT-Eq997", "CRT", "loc", "s", "erratum", severity="typo", correction="t", checks=chk)
    assert not bare.coverage().defended and bare.coverage().defence_gaps()


def test_headline_verdict_is_derived_from_the_claims_it_rests_on(monkeypatch):
    from rfsym.claims.headlines import Headline, headlines_page

    ok = lambda: C.Outcome(True, "x", control_rejected=True, control_detail="c")  # noqa: E731
    chk = [C.Check("c", "numeric", ok, control="x")]
    ver = C.Claim("CRT-Eq990", "CRT", "l", "s", "verified", checks=chk)
    minor = C.Claim("CRT-Eq991", "CRT", "l", "s", "erratum", severity="minor", correction="c", checks=chk)
    major = C.Claim("CRT-Eq992", "CRT", "l", "s", "erratum", severity="major", correction="c", checks=chk)
    unv = C.Claim("CRT-Fig990", "CRT", "l", "s", "unverifiable", evidence="cannot rerun")
    for c in (ver, minor, major, unv):
        monkeypatch.setitem(C.registry(), c.id, c)
    h = lambda *ids: Headline("CRT-Abs9", "CRT", "abstract", "q", rests_on=ids)  # noqa: E731
    assert h("CRT-Eq990").verdict() == "holds"
    assert h("CRT-Eq990", "CRT-Eq991").verdict() == "holds in corrected form"
    assert h("CRT-Eq990", "CRT-Fig990").verdict() == "cannot be decided here"
    assert h("CRT-Eq991", "CRT-Eq992", "CRT-Fig990").verdict() == "does not hold as stated"
    assert [c.id for c in h("CRT-Eq991", "CRT-Eq992").deciding()] == ["CRT-Eq992"]
    with pytest.raises(KeyError, match="unknown claim"):
        h("CRT-Nope1").verdict()
    with pytest.raises(ValueError, match="rests on|name the registered"):
        Headline("CRT-Abs9", "CRT", "abstract", "q")
    assert headlines_page().startswith("# What the abstracts claim")


def test_every_paper_registers_its_headlines_on_registered_claims():
    import importlib
    import re

    from rfsym.claims.headlines import HEADLINE_VERDICTS, headlines

    hs = headlines()
    for p in C.PAPERS:
        assert any(h.paper == p and h.where.startswith("abstract") for h in hs), f"{p}: no headline from its abstract"
    for h in hs:
        assert h.verdict() in HEADLINE_VERDICTS  # KeyError for a rests_on id that is not registered
        assert len(set(h.rests_on)) == len(h.rests_on), h.id
        assert all(c.paper == h.paper for c in h.claims()), h.id
    # each module docstring lists its headlines with their derived verdicts (and no others)
    for p, key in C.PAPERS.items():
        mod = importlib.import_module(f"rfsym.{key}.claims.headlines")
        entries = {m.group(1): " ".join(m.group(2).split())
                   for m in re.finditer(r"^\* ``([^`]+)``(.*?)(?=^\* |^\s*$)", mod.__doc__, re.M | re.S)}
        assert sorted(entries) == sorted(h.id for h in mod.HEADLINES), key
        for h in mod.HEADLINES:
            assert entries[h.id].endswith(": " + h.verdict()), (h.id, entries[h.id], h.verdict())
