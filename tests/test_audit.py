"""The mutation audit: perturbation of results, patching, and a mutant that a check must kill."""

from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy as sp

from rfsym import claims as C
from rfsym.claims import audit
from rfsym.montecarlo import MCResult


def test_perturb_numeric_leaves_only():
    f = Fraction(101, 100)
    v, ch = audit.perturb((2.0, 3, "a", True), f)
    assert ch and v == (2.0 * 1.01, 3, "a", True)
    v, ch = audit.perturb(mpmath.mpf(2), Fraction(-1))
    assert ch and v == -2
    v, ch = audit.perturb(np.array([1.0, 2.0]), f)
    assert ch and np.allclose(v, [1.01, 2.02])
    v, ch = audit.perturb(np.array([1, 2]), f)
    assert not ch
    x = sp.Symbol("x")
    v, ch = audit.perturb(x ** 2, f)
    assert ch and sp.simplify(v - sp.Rational(101, 100) * x ** 2) == 0
    assert audit.perturb(x, f) == (x, False) and audit.perturb(sp.Eq(x, 1), f)[1] is False
    v, ch = audit.perturb(MCResult(1.0, 0.1, 10), Fraction(-1))
    assert ch and v.estimate == -1.0 and v.stderr == 0.1
    v, ch = audit.perturb({"a": 1.0, "b": [2.0]}, Fraction(-1))
    assert ch and v == {"a": -1.0, "b": [-2.0]}


def test_public_functions_and_bad_names():
    funcs = audit.public_functions("CRT")
    assert "rfsym.crt.oprf_rho_star" in funcs and not any(f.split(".")[-1].startswith("_") for f in funcs)
    assert audit.paper_of("rfsym.simrf.conformity") == "SimRF"
    with pytest.raises(ValueError, match="paper must be one of"):
        audit.public_functions("XYZ")
    with pytest.raises(ValueError, match="not a public function"):
        audit.audit(functions=["rfsym.crt.nope"], progress=None)


def test_mutant_is_killed_and_patch_is_undone():
    f = "rfsym.crt.oprf_rho_star"
    orig = audit._resolve(f)
    callers, seconds = audit.trace_calls([f], ["CRT-Eq7", "CRT-Thm3.3-Note", "CRT-Eq8"])
    assert "CRT-Eq7" in callers[f] and "CRT-Eq8" not in callers[f]
    for p in ("sign", "rel1e-3"):
        r = audit.run_mutant(f, p, callers[f])
        assert r["status"] == "killed" and r["claim"] in callers[f], r
    assert audit._resolve(f) is orig
    import rfsym.crt

    assert rfsym.crt.oprf_rho_star is orig
    # after the audit the claim is reproduced again (patch undone, caches cleared)
    assert C.run("CRT-Eq7").reproduced


def test_survivor_is_reported_with_explanation_lookup():
    # a function no listed claim calls: the mutant survives trivially and the report says so
    r = audit.run_mutant("rfsym.crt.oprf_rho_star", "rel1e-2", [])
    assert r["status"] in ("survived", "not perturbable")
    rep = {"source_hash": audit.source_hash(), "functions": 1, "not_exercised": [],
           "mutants": [dict(r, paper="CRT", callers=0, explanation=None, status="survived")]}
    md = audit.report_markdown(rep)
    assert "**unexplained**" in md and "python -m rfsym audit --function rfsym.crt.oprf_rho_star" in md
    assert audit.summary(rep)["CRT"]["unexplained"] == 1


def test_implied_survivor_inherits_the_rel1e2_explanation(monkeypatch):
    table = {"rfsym.crt.f:rel1e-2": "a 1 % scale cancels in the ratio"}
    monkeypatch.setattr(audit, "explanation", lambda f, p: table.get(f"{f}:{p}"))
    implied = {"function": "rfsym.crt.f", "perturbation": "rel1e-3", "status": "survived (implied by rel1e-2)"}
    assert audit._survivor_explanation(implied) == "implied by the rel1e-2 survivor: a 1 % scale cancels in the ratio"
    ran = dict(implied, status="survived")               # a rel1e-3 survivor that was run needs its own
    assert audit._survivor_explanation(ran) is None
    assert audit._survivor_explanation(dict(implied, function="rfsym.crt.g")) is None


def test_source_hash_ignores_explanations_and_reporting(tmp_path):
    src = audit._strip_explanations('A = 1\nAUDIT_EXPLAINED = {\n    "rfsym.x.f": "why",\n}\nB = 2\n')
    assert "AUDIT_EXPLAINED" not in src and src == audit._strip_explanations("A = 1\nB = 2\n")
    # documentation and comments do not count; code does
    doc = audit._strip_explanations('"""Module."""\ndef f(x):\n    """Doc."""\n    return x  # comment\n')
    assert doc == audit._strip_explanations("def f(x):\n    return x\n")
    assert doc != audit._strip_explanations("def f(x):\n    return -x\n")
    (tmp_path / "claims").mkdir()
    (tmp_path / "crt" / "claims").mkdir(parents=True)
    (tmp_path / "lib.py").write_text("x = 1\n")
    (tmp_path / "claims" / "audit.py").write_text("# reporting\n")
    (tmp_path / "crt" / "claims" / "sec2.py").write_text('C = 3\nAUDIT_EXPLAINED = {"a": "b"}\n')
    h = audit.source_hash(tmp_path)
    (tmp_path / "claims" / "audit.py").write_text("# reporting, changed\n")
    (tmp_path / "crt" / "claims" / "sec2.py").write_text('C = 3\nAUDIT_EXPLAINED = {"a": "b", "c": "d"}\n')
    assert audit.source_hash(tmp_path) == h
    (tmp_path / "crt" / "claims" / "sec2.py").write_text('C = 4\nAUDIT_EXPLAINED = {"a": "b", "c": "d"}\n')
    assert audit.source_hash(tmp_path) != h
    h = audit.source_hash(tmp_path)
    (tmp_path / "lib.py").write_text("x = 2\n")
    assert audit.source_hash(tmp_path) != h


def test_isolated_mutant_matches_in_process_and_times_out():
    f = "rfsym.crt.oprf_rho_star"
    callers, _ = audit.trace_calls([f], ["CRT-Eq7"])
    r = audit.run_mutant_isolated(f, "sign", callers[f])
    assert r["status"] == "killed" and r["claim"] == "CRT-Eq7"
    r = audit.run_mutant_isolated(f, "sign", callers[f], timeout=1e-6)
    assert r["status"] in ("killed (time-out)", "killed")


def test_update_report_replaces_one_papers_rows():
    row = lambda f, p, st="killed": {"function": f, "paper": p, "perturbation": "sign", "status": st}  # noqa: E731
    old = {"source_hash": "a", "papers": ["CRT", "SimRF"], "perturbations": ["sign"], "functions": 2, "seconds": 10.0,
           "not_exercised": [{"function": "rfsym.simrf.g", "paper": "SimRF"}],
           "mutants": [row("rfsym.crt.f", "CRT"), row("rfsym.simrf.f", "SimRF", "survived")]}
    new = {"source_hash": "b", "papers": ["SimRF"], "perturbations": ["sign"], "functions": 1, "seconds": 2.0,
           "not_exercised": [], "mutants": [row("rfsym.simrf.f", "SimRF")]}
    up = audit.update_report(old, new)
    assert up["source_hash"] == "b" and up["functions"] == 2 and up["not_exercised"] == []
    assert [(r["function"], r["status"]) for r in up["mutants"]] == [("rfsym.crt.f", "killed"), ("rfsym.simrf.f", "killed")]
