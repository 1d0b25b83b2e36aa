"""The rulebook (rfsym.claims.rules), its lint (rfsym.claims.rulelint), the inventories and the rulebook page."""

import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from rfsym import claims as C
from rfsym.claims import rulelint as L
from rfsym.claims.inventory import Item, inventory_summary, load_inventories
from rfsym.claims.rules import (RULE_NAMES, RULES, Convention, check_rule, load_conventions, rule_for,
                                rulebook_markdown)

ROOT = Path(__file__).resolve().parents[1]


def _ok():
    return True, "fine"


def _check(kind="numeric", **kw):
    return C.Check("c", kind, _ok, **kw)


def _verified(cid, statement="s", paper=None, **kw):
    paper = paper or cid.split("-")[0]
    kw.setdefault("rule", "verified-as-printed")
    return C.Claim(cid, paper, "loc " + cid, statement, "verified", checks=[_check()], **kw)


def _erratum(cid, severity, statement=None, **kw):
    return C.Claim(cid, cid.split("-")[0], "loc " + cid, statement or "statement of " + cid, "erratum",
                   severity=severity, correction="c", checks=[_check()], rule=f"erratum-{severity}", **kw)


def _unverifiable(cid, rule, evidence="why", checks=(), **kw):
    return C.Claim(cid, cid.split("-")[0], "loc " + cid, "statement of " + cid, "unverifiable", evidence=evidence,
                   checks=list(checks), rule=rule, **kw)


# ----------------------------------------------------------------------------------------- the rulebook

def test_rule_names_are_stable():
    assert RULE_NAMES == ("verified-as-printed", "verified-forced-reading", "erratum-typo", "erratum-minor",
                          "erratum-major", "unverifiable-out-of-reach", "unverifiable-open-choice",
                          "unverifiable-unprinted")
    assert rule_for("erratum", "major") == ("erratum-major",)
    assert rule_for("unverifiable") == ("unverifiable-out-of-reach", "unverifiable-open-choice",
                                        "unverifiable-unprinted")


def test_each_rule_is_one_sentence_with_a_real_example():
    reg = C.registry()
    for name, r in RULES.items():
        assert r.test.endswith(".") and not re.search(r"[.;]\s+[A-Z]", r.test[:-1]), (name, r.test)
        assert r.example_claim in reg, (name, r.example_claim)
        c = reg[r.example_claim]
        assert r.example.startswith(r.example_claim + ":"), name
        assert c.verdict == r.verdict and (r.verdict != "erratum" or c.severity == r.severity), (name, c.id)
        if c.rule is not None:                      # once the paper's claims name their rules
            assert c.rule == name, (name, c.id, c.rule)


def test_rule_must_fit_the_verdict():
    with pytest.raises(ValueError, match="decides erratum \\(major\\), but the claim records erratum \\(minor\\)"):
        C.Claim("HRF-Sec3", "HRF", "loc", "s", "erratum", severity="minor", correction="c", checks=[_check()],
                rule="erratum-major")
    with pytest.raises(ValueError, match="names the reading"):
        _verified("CRT-Sec9.2", rule="verified-forced-reading")
    with pytest.raises(ValueError, match="rule must be one of"):
        check_rule("CRT-Eq1", "verified-ish", "verified", None, None)
    assert _verified("CRT-Sec9.2", rule="verified-forced-reading", forced_reading="roots keeping (18)").forced_reading


def test_rulebook_markdown_has_every_rule_once():
    md = rulebook_markdown(3)
    assert md.splitlines()[2] == "### Verified"
    for name, r in RULES.items():
        assert md.count(f"(`{name}`)") == 1 and r.test in md
    with pytest.raises(ValueError, match="heading_level"):
        rulebook_markdown(0)


def test_contributing_quotes_the_rulebook():
    """CONTRIBUTING, the book page and the landing/errata pages quote rulebook_markdown(): no drift."""
    text = (ROOT / "CONTRIBUTING.md").read_text()
    m = re.search(r"<!-- rulebook:start -->\n(.*?)\n<!-- rulebook:end -->", text, re.S)
    assert m, "CONTRIBUTING.md lacks the rulebook markers"
    assert m.group(1).strip() == rulebook_markdown(3).strip()


# ---------------------------------------------------------------------------------------------- loaders

def _fake_module(monkeypatch, name, **attrs):
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    monkeypatch.setitem(sys.modules, name, mod)


def test_load_conventions_and_inventories(monkeypatch):
    cv = Convention("SimRF", "SimRF:norms", "norms of w", "chi_d", "Sec. 3")
    _fake_module(monkeypatch, "rfsym.simrf.claims.conventions", CONVENTIONS=(cv,))
    assert cv in load_conventions() and load_conventions("simrf") == (cv,)
    items = (Item("Eq. (9)", "display", "x", claims=("SimRF-Eq9",)),)
    _fake_module(monkeypatch, "rfsym.simrf.claims.inventory", ITEMS=items)
    assert load_inventories("SimRF") == {"SimRF": items}
    _fake_module(monkeypatch, "rfsym.simrf.claims.inventory", ITEMS=("not an item",))
    with pytest.raises(TypeError, match="non-Item"):
        load_inventories("SimRF")


def test_convention_and_item_validation():
    with pytest.raises(ValueError, match="must start with 'HRF:'"):
        Convention("HRF", "norm", "t", "r", "w")
    with pytest.raises(ValueError, match="either the covering claims or the reason"):
        Item("Eq. (1)", "display", "x")
    with pytest.raises(ValueError, match="reason must start with one of"):
        Item("Eq. (1)", "display", "x", reason="boring")


# -------------------------------------------------------------------------------------------- the lints

def test_lint_rule_names():
    assert L.lint_rule_names([_verified("CRT-Eq1")]) == []
    bare = C.Claim("CRT-Eq2", "CRT", "loc", "s", "verified", checks=[_check()])
    assert L.lint_rule_names([bare]) == ["CRT-Eq2: names no rule (Claim(rule=...); candidates: verified-as-printed, "
                                         "verified-forced-reading)"]
    bad = _verified("CRT-Eq3")
    object.__setattr__(bad, "rule", "erratum-typo")           # bypassing the constructor's check
    assert "decides erratum (typo)" in L.lint_rule_names([bad])[0]


def test_lint_root_causes():
    good = [_erratum("HRF-Thm3.5", "major", root_cause="HRF:rate"), _erratum("HRF-Eq64", "major", root_cause="HRF:rate")]
    assert L.lint_root_causes(good) == []
    bad = L.lint_root_causes(good + [_erratum("HRF-Sec3", "minor", root_cause="HRF:rate"),
                                     _erratum("HRF-Eq1", "typo", root_cause="HRF:lone")])
    assert len(bad) == 1          # a root cause named once is accepted
    assert "several severities (HRF-Thm3.5 major, HRF-Eq64 major, HRF-Sec3 minor)" in bad[0]
    with pytest.raises(ValueError, match="only errata carry one"):
        _verified("HRF-Eq2", root_cause="HRF:rate")


def test_lint_conventions():
    cvs = [Convention("HRF", "HRF:sq", "square on C^d", "bilinear", "Sec. 2.3"),
           Convention("CRT", "CRT:sq", "square on C^d", "elementwise", "App. 9.2")]
    claims = [_verified("HRF-Eq93", conventions=("HRF:sq",)), _verified("CRT-Eq16", conventions=("CRT:sq",))]
    assert L.lint_conventions(claims, cvs) == []              # one topic, two papers: fine
    bad = L.lint_conventions(
        claims + [_verified("HRF-Eq89", conventions=("HRF:sq-modulus", "HRF:undeclared")),
                  _verified("HRF-Eq90", conventions=("HRF:sq",)), _verified("CRT-Eq17", conventions=("CRT:sq",))],
        cvs + [Convention("HRF", "HRF:sq-modulus", "Square on  C^d", "moduli", "none"),
               Convention("HRF", "HRF:sq", "other", "x", "y"), Convention("DERF", "DERF:unused", "t", "r", "w")])
    assert any("'HRF:sq': declared 2 times" in p for p in bad)
    assert any("topic 'square on c^d' has 2 conventions (HRF:sq, HRF:sq-modulus)" in p for p in bad)
    assert "HRF-Eq89: relies on an undeclared convention 'HRF:undeclared'" in bad
    assert not any("DERF:unused" in p for p in bad)           # DERF has no claim in scope
    assert L.lint_conventions([_verified("DERF-Eq5")], [Convention("DERF", "DERF:unused", "t", "r", "w")]) == [
        "convention 'DERF:unused': no claim relies on it"]
    wrong = _verified("DERF-Eq5")
    object.__setattr__(wrong, "conventions", ("HRF:sq",))     # the constructor refuses another paper's prefix
    assert L.lint_conventions([wrong], cvs[:1]) == ["DERF-Eq5: relies on 'HRF:sq', a convention of HRF, not of DERF"]


def test_lint_duplicate_statements():
    a = _verified("HRF-Sec1", "HRFs give *strictly* smaller worst-case relative errors than trig and ++ RFs.")
    b = _verified("HRF-Sec1-dim", "'HRFs give strictly smaller  worst-case relative errors than trig and ++ RFs'")
    other = _verified("HRF-Sec2", "An unrelated sentence about the bipolar hybrid and its MSE.")
    assert L.lint_duplicate_statements([a, other]) == []
    bad = L.lint_duplicate_statements([a, b, other])
    assert len(bad) == 1 and bad[0].startswith("HRF-Sec1 and HRF-Sec1-dim register the same printed sentence:")
    same_loc = C.Claim("HRF-Sec1-x", "HRF", a.location, a.statement, "verified", checks=[_check()])
    assert "(same location too)" in L.lint_duplicate_statements([a, same_loc])[0]
    # similar, not equal: reported unless declared distinct
    c = _verified("HRF-Tab3", "For all variants HRF estimators adapted to clustered data consistently provide gains.")
    d = _verified("HRF-Fig6", "For all variants HRF estimators adapted to clustered data provide notable gains over trig.")
    assert "register similar statements" in L.lint_duplicate_statements([c, d])[0]
    d2 = _verified("HRF-Fig6", d.statement, distinct_from={"HRF-Tab3": "Fig. 6 is about the unprinted averages"})
    assert L.lint_duplicate_statements([c, d2]) == []
    e = _verified("CRT-Sec1", c.statement.replace("HRF", "CRT") + " More.")
    assert L.lint_duplicate_statements([c, e]) == []          # other paper: only exact equality counts
    with pytest.raises(ValueError, match="distinct_from"):
        _verified("HRF-Fig7", "x", distinct_from={"HRF-Fig7": "itself"})


@pytest.mark.parametrize("text", [
    "Verified under the one parse of the garbled sentence.",
    "The sentence is ungrammatical as printed.",
    "With the word 'not' inserted the claim holds.",
    "Inserting the missing word 'independently' makes it hold.",
    "A word must be supplied: 'of'.",
    "Read as if it said m features.",
    "The sentence must be read as a statement about ratios.",
    "Holds once emended to (22).",
])
def test_lint_garbled_flags_a_repaired_sentence(text):
    for field in ("evidence", "defence", "forced_reading"):
        kw = {field: text}
        if field == "forced_reading":
            kw["rule"] = "verified-forced-reading"
        bad = L.lint_garbled_verified([_verified("HRF-SecH.2-omega", **kw)])
        assert len(bad) == 1 and "HRF-SecH.2-omega: verified, but its" in bad[0], (field, text)
    reading = C.Reading("charitable", text, True)
    assert L.lint_garbled_verified([_verified("HRF-Eq1", readings=[reading])])
    # the same words on an erratum are fine: that is what an erratum is
    assert L.lint_garbled_verified([_erratum("HRF-Eq2", "typo", evidence=text)]) == []


def test_lint_garbled_skips_negations_and_plain_text():
    for text in ("No word has to be inserted: the sentence reads as printed.", "The sentence is not garbled.",
                 "Verified as printed for every d.", "We read the display as printed."):
        assert L.lint_garbled_verified([_verified("HRF-Eq3", evidence=text)]) == [], text


def _sens(*holds):
    return C.Sensitivity(("scaling",), "gap", tuple(((f"choice {i}",), f"{i}.5", h) for i, h in enumerate(holds)))


def test_lint_open_choice():
    flips = C.Check("rerun", "data", lambda: C.Outcome(True, "ok", sensitivity=_sens(True, False)),
                    protocol_choices=("scaling",))
    steady = C.Check("rerun", "data", lambda: C.Outcome(True, "ok", sensitivity=_sens(True, True)),
                     protocol_choices=("scaling",))
    a = _unverifiable("DERF-Fig2", "unverifiable-open-choice", checks=[flips])
    b = _unverifiable("DERF-Fig3", "unverifiable-open-choice", checks=[steady])
    none = _unverifiable("DERF-Fig5", "unverifiable-open-choice", checks=[C.Check("rerun", "data", _ok)])
    assert L.lint_open_choice([a, b]) == []                   # static part only
    assert L.lint_open_choice([none]) == ["DERF-Fig5: open choice, but no check declares protocol_choices "
                                          "(the sensitivity table)"]
    results = [C.ClaimResult(a, (flips.run(),)), C.ClaimResult(b, (steady.run(),))]
    assert L.lint_open_choice([a, b], results) == ["DERF-Fig3: open choice, but no sensitivity table flips "
                                                   "(rerun: holds 2, fails 0, undecided 0)"]
    assert L.lint_open_choice([a, b], {r.claim.id: r for r in results[:1]}) == []


def test_lint_out_of_reach():
    marks = C.Claim("CRT-Tab2-marks", "CRT", "Tab. 2", "bold", "verified", single_witness="one",
                    checks=[C.Check("marks", "arithmetic", _ok, control="x")])
    ok = [_unverifiable("CRT-Tab2", "unverifiable-out-of-reach",
                        "BERT is out of reach; the arithmetic of the printed numbers is checked in CRT-Tab2-marks."),
          _unverifiable("CRT-Fig3", "unverifiable-out-of-reach", "TPU training; the paper prints no numbers for it."),
          _unverifiable("CRT-Tab1", "unverifiable-out-of-reach", "split unpublished",
                        checks=[C.Check("printed sums", "arithmetic", _ok)])]
    assert L.lint_out_of_reach([marks] + ok) == []
    bad = [_unverifiable("CRT-Fig4", "unverifiable-out-of-reach", "Requires ImageNet and TPU-scale training."),
           _unverifiable("CRT-Sec5.3", "unverifiable-out-of-reach", "TPU scale; the table is checked in CRT-Tab9.")]
    out = L.lint_out_of_reach([marks] + bad)
    assert [p.split(":")[0] for p in out] == ["CRT-Fig4", "CRT-Sec5.3"] and "(named: CRT-Tab9)" in out[1]
    # a claim named as checking the numbers must itself carry such a check
    cons = C.Claim("CRT-Tab2-marks", "CRT", "Tab. 2", "bold", "verified", checks=[C.Check("m", "numeric", _ok)])
    assert L.lint_out_of_reach([cons, ok[0]])


def test_lint_unprinted():
    assert L.lint_unprinted([_unverifiable("HRF-Fig6", "unverifiable-unprinted",
                                           "The Fig. 6 averages are not printed (only min/max in Table 3).")]) == []
    assert L.lint_unprinted([_unverifiable("HRF-Fig6", "unverifiable-unprinted", "Cannot be rerun here.")])
    # other rules are not held to it
    assert L.lint_unprinted([_unverifiable("HRF-Fig7", "unverifiable-out-of-reach", "TPUs.")]) == []


def test_lint_inventory():
    cl = [_verified("SimRF-Eq9"), _verified("SimRF-Eq10"), _verified("CRT-Eq7")]
    inv = {"SimRF": (Item("Eq. (9)", "display", "x", claims=("SimRF-Eq9",)),
                     Item("Eq. (11)", "display", "y", claims=("SimRF-Eq11",)),
                     Item("Def. 1", "statement", "z", reason="definition"))}
    assert L.lint_inventory(cl, inv) == ["SimRF inventory, 'Eq. (11)': names SimRF-Eq11, not a registered claim",
                                         "SimRF-Eq10: no item of the SimRF inventory names it"]   # CRT: no inventory
    inv["SimRF"] = inv["SimRF"][:1] + (Item("Eq. (10)", "display", "y", claims=("SimRF-Eq10",)),)
    assert L.lint_inventory(cl, inv) == []


def test_inventory_summary_counts():
    inv = {"SimRF": (Item("Eq. (9)", "display", "x", claims=("SimRF-Eq9",)),
                     Item("Def. 1", "statement", "z", reason="definition: a coupling"),
                     Item("Eq. (11)", "display", "y", claims=("SimRF-Eq11",)))}
    s = inventory_summary(inv, ["SimRF-Eq9", "SimRF-Eq10"])["SimRF"]
    assert (s["items"], s["covered"], s["reasoned"], s["dangling"], s["percent"]) == (3, 1, 1, 1, 66.7)
    assert s["reasons"] == {"definition": 1} and s["uninventoried"] == ["SimRF-Eq10"]


def test_rule_lint_runs_every_rule():
    out = L.rule_lint([_verified("CRT-Eq1")], conventions=(), inventories={})
    assert list(out) == list(L.RULE_LINTS) and not any(out.values())


def test_registry_passes_rule_lint():
    """The real registry keeps every rule of the rulebook (issue #28's 'done when'): every claim names a rule,
    root causes, conventions, duplicates, garbled defences, unverifiable rules, inventories."""
    reg = C.registry()
    problems = {k: v for k, v in L.rule_lint(list(reg.values()), registry=reg).items() if v}
    assert not problems, "\n".join(f"[{k}] {p}" for k, v in problems.items() for p in v[:20])


# ------------------------------------------------------------------------------------- pages and the CLI

def test_rulebook_page_and_claim_page():
    from rfsym.claims.pages import claim_markdown
    from rfsym.claims.rulepage import rule_lines, rulebook_page

    cv = Convention("HRF", "HRF:sq", "square on C^d", "the bilinear square", "Sec. 2.3")
    a = _erratum("HRF-Thm3.5", "major", root_cause="HRF:rate", conventions=("HRF:sq",))
    b = _erratum("HRF-Eq64", "major", root_cause="HRF:rate")
    page = rulebook_page([a, b], conventions=[cv])
    assert page.startswith("# How verdicts are decided") and rulebook_markdown(3) in page
    assert "(rule-erratum-major)=" in page and "2 claims: {ref}`HRF-Thm3.5 <hrf-thm3-5>`, {ref}`HRF-Eq64 <hrf-eq64>`." in page
    assert "(convention-hrf-sq)=" in page and "- **Claims relying on it:** {ref}`HRF-Thm3.5 <hrf-thm3-5>`" in page
    assert "| `HRF:rate` | major | {ref}`HRF-Thm3.5 <hrf-thm3-5>`, {ref}`HRF-Eq64 <hrf-eq64>` |" in page
    lines = "\n".join(rule_lines(a, conventions=[cv], registry={a.id: a, b.id: b}))
    assert "**Rule:** {ref}`Erratum, major <rule-erratum-major>`" in lines
    assert "shared with {ref}`HRF-Eq64 <hrf-eq64>` (major)" in lines
    assert "{ref}`HRF:sq <convention-hrf-sq>` (square on C^d): the bilinear square" in lines
    f = _verified("CRT-Sec9.2", rule="verified-forced-reading", forced_reading="roots that keep (18)")
    md = claim_markdown(C.ClaimResult(f, (f.checks[0].run(),)))
    assert "{ref}`Verified under the one reading the text forces <rule-verified-forced-reading>`" in md
    assert "**The reading the text forces:** roots that keep (18)" in md


def test_rulebook_page_is_in_the_toc_next_to_the_errata():
    toc = (ROOT / "_toc.yml").read_text()
    errata = toc.index("- file: book/errata\n")
    rulebook = toc.index("- file: book/rulebook\n")
    between = toc[errata:rulebook].splitlines()[1:]
    assert rulebook > errata and all(ln.startswith("        ") for ln in between[:-1])  # the errata's own sections


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "rfsym", *args], capture_output=True, text=True, timeout=600)


def test_cli_claims_shows_the_rule_and_coverage_the_inventory():
    p = _cli("claims", "--paper", "CRT")
    assert p.returncode == 0
    line = next(ln for ln in p.stdout.splitlines() if ln.startswith("CRT-Thm3.3 "))
    assert re.search(r"verified\s+(verified-as-printed|verified-forced-reading|\(no rule\))", line), line
    p = _cli("coverage", "--paper", "CRT")
    assert p.returncode == 0 and "inventory coverage" in p.stdout
    p = _cli("coverage", "--inventory", "--paper", "CRT")
    assert p.returncode == 0 and ("CRT:" in p.stdout or "no inventory yet" in p.stdout)


def test_cli_verify_lint_reports_the_rule_lint():
    p = _cli("verify", "--claim", "CRT-Fig3", "--lint", "--jobs", "1", "--quiet")
    assert "rule lint:" in p.stdout, p.stdout + p.stderr
    assert p.returncode == (1 if re.search(r"rule lint: [1-9]", p.stdout) else 0)
