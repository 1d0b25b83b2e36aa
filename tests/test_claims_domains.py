"""Protocol-sensitivity tables and the evidence lint's domain rule (issue #19, items 2 and 6)."""

import pytest

from rfsym.claims import Check, Claim, ClaimResult, Outcome, Sensitivity, lint_evidence_domains
from rfsym.claims.lint import quantified_phrases
from rfsym.claims.pages import claim_markdown, sensitivity_lines


def _table(holds_raw=False):
    return Sensitivity(("pixel scaling",), "gap (nats)",
                       ((("unit",), "9.67", True), (("raw",), "-0.30", holds_raw)))


def _claim(verdict, checks, **kw):
    extra = {"severity": "minor", "correction": "fixed"} if verdict == "erratum" else {}
    if verdict == "unverifiable":
        extra["evidence"] = "depends on the protocol"
    return Claim("DERF-Fig77", "DERF", "Fig. 77", "printed", verdict, checks=checks, **{**extra, **kw})


def _run(claim):
    return ClaimResult(claim, tuple(ch.run() for ch in claim.checks))


def test_sensitivity_validates_rows():
    with pytest.raises(ValueError, match="choice values"):
        Sensitivity(("a", "b"), "m", ((("x",), "1", True),))
    with pytest.raises(ValueError, match="True, False or None"):
        Sensitivity(("a",), "m", ((("x",), "1", "yes"),))
    with pytest.raises(ValueError, match="at least one row"):
        Sensitivity(("a",), "m", ())
    t = _table()
    assert t.flips and Sensitivity.from_dict(t.to_dict()) == t
    assert not _table(holds_raw=None).flips


def test_a_flipping_table_makes_a_decided_verdict_fail():
    ch = Check("rerun", "data", lambda: Outcome(True, "ran", sensitivity=_table()), protocol_choices=("pixel scaling",))
    res = _run(_claim("verified", [ch]))
    assert res.results[0].passed and res.conflicts() == ["rerun"] and not res.reproduced
    assert "CONFLICT" in res.report()
    unv = _run(_claim("unverifiable", [ch]))
    assert unv.reproduced and unv.conflicts() == []
    page = claim_markdown(unv)
    assert "| unit | 9.67 | holds |" in page and "**flips**" in page


def test_declared_protocol_choices_need_the_table():
    ch = Check("rerun", "data", lambda: Outcome(True, "ran"), protocol_choices=("pixel scaling",))
    r = ch.run()
    assert not r.passed and "no sensitivity table" in r.evidence
    other = Check("rerun", "data", lambda: Outcome(True, "ran", sensitivity=_table()), protocol_choices=("resize",))
    assert not other.run().passed


def test_empirical_erratum_needs_a_protocol_table():
    plain = Check("rerun", "data", lambda: Outcome(True, "ran"), control="x", route="y")
    c = _claim("erratum", [plain])
    assert c.is_empirical and not c.coverage().protocol_table
    assert any("protocol-sensitivity" in g for g in c.coverage().defence_gaps())
    tabled = Check("rerun", "data", lambda: Outcome(True, "ran", sensitivity=_table(None)),
                   protocol_choices=("pixel scaling",))
    assert _claim("erratum", [tabled]).coverage().protocol_table
    # a non-empirical erratum is not held to it
    sym = Check("sympy", "symbolic", lambda: Outcome(True, "ok"), control="x")
    assert _claim("erratum", [sym]).coverage().protocol_table


def test_domain_rule():
    text = "Fails for every $n$ and whatever the pixel scaling; 'on every dataset' is the paper's phrase."
    assert [p for p, _ in quantified_phrases(text)] == ["for every $n$", "whatever the pixel scaling"]
    none = Check("c", "numeric", lambda: Outcome(True, "printed"))
    assert len(lint_evidence_domains(_run(_claim("verified", [none], evidence=text)))) == 2
    full = Check("c", "numeric", lambda: Outcome(True, "printed",
                                                 domain={"n": "1, 2, ..., 50", "pixel scaling": "unit, sym, raw"}))
    assert lint_evidence_domains(_run(_claim("verified", [full], evidence=text))) == []
    partial = Check("c", "numeric", lambda: Outcome(True, "printed", domain={"n": "1..50", "pixel scaling": "unit, raw"}))
    bad = lint_evidence_domains(_run(_claim("verified", [partial], evidence=text)))
    assert len(bad) == 1 and "misses" in bad[0]
    # the Transformer settings must be declared as such
    t = "The bound fails in the Transformer settings (d = 64)."
    assert lint_evidence_domains(_run(_claim("verified", [none], evidence=t)))
    ok = Check("c", "numeric", lambda: Outcome(True, "p", domain={"Transformer settings": "d = 64, R = 1..10"}))
    assert lint_evidence_domains(_run(_claim("verified", [ok], evidence=t))) == []


def test_not_a_domain_exempts_with_a_reason():
    none = Check("c", "numeric", lambda: Outcome(True, "printed"))
    ev = "Table 1 reports 8 of them (all but WNLI), for any reader."
    c = _claim("verified", [none], evidence=ev, not_a_domain={"for any reader": "a figure of speech"})
    assert lint_evidence_domains(_run(c)) == []
    with pytest.raises(ValueError, match="occurs in none"):
        _claim("verified", [none], evidence=ev, not_a_domain={"for every d": "absent"})


def test_domain_and_table_are_printed_for_the_number_lint():
    from rfsym.claims import lint_evidence_numbers

    ch = Check("rerun", "data", lambda: Outcome(True, "ran", sensitivity=_table(None), domain={"sigma": "0.125, 0.25"}),
               protocol_choices=("pixel scaling",))
    c = _claim("unverifiable", [ch], evidence="gap 9.67 at sigma 0.125, -0.30 raw")
    assert lint_evidence_numbers(_run(c)) == []
    assert sensitivity_lines(_run(c))[0].startswith("**Protocol sensitivity** (rerun)")


def test_range_statements_need_both_ends():
    t = "Checked for $d$ in 2..1024."
    grid = Check("c", "numeric", lambda: Outcome(True, "p", domain={"d": "2, 4, 8, ..., 1024"}))
    assert lint_evidence_domains(_run(_claim("verified", [grid], evidence=t))) == []
    short = Check("c", "numeric", lambda: Outcome(True, "p", domain={"d": "2, 4, 8, ..., 512"}))
    assert "both ends" in lint_evidence_domains(_run(_claim("verified", [short], evidence=t)))[0]
    # '2' must be a number of its own, not the 2 of 32
    no_two = Check("c", "numeric", lambda: Outcome(True, "p", domain={"d": "32, ..., 1024"}))
    assert lint_evidence_domains(_run(_claim("verified", [no_two], evidence=t)))
    words = "The values range from -68.3 to 81.4."        # a word, not a variable
    none = Check("c", "numeric", lambda: Outcome(True, "p"))
    assert lint_evidence_domains(_run(_claim("verified", [none], evidence=words))) == []
