"""The results-first pages (issue #29): the landing page's generated part, the errata summary, the paper
pages' verdict tables. Counts are checked against the registry, never against typed numbers."""

import re

from rfsym.claims import pages
from rfsym.claims.model import PAPERS
from rfsym.claims.rules import rulebook_markdown
from rfsym.claims.runner import registry
from rfsym.claims.tables import first_sentence, shorten, verdict_markdown


def _errata():
    return [c for c in registry().values() if c.verdict == "erratum"]


def test_glance_counts_come_from_the_registry_and_majors_are_linked():
    g = pages.glance_page()
    reg = list(registry().values())
    for p, key in PAPERS.items():
        cl = [c for c in reg if c.paper == p]
        sev = [sum(c.severity == s for c in cl) for s in ("major", "minor", "typo")]
        row = (f"| {{doc}}`{p} <../notebooks/{key}>` | {len(cl)} | {sum(c.verdict == 'verified' for c in cl)} | "
               f"{sum(sev)}: {sev[0]} / {sev[1]} / {sev[2]} | {sum(c.verdict == 'unverifiable' for c in cl)} |")
        assert row in g
    for c in _errata():
        assert (f"{{ref}}`{c.id} <{c.label}>`" in g) == (c.severity == "major")
    assert rulebook_markdown(heading_level=3) in g and "{doc}`rulebook`" in g
    assert "### What the abstracts claim" in g and "{doc}`headlines`" in g
    assert "Random features in the wild" in g and re.search(r"\*\*\d+ are biased\*\*", g)


def test_errata_summary_sorted_by_severity_one_row_each_linked_to_its_entry():
    page = pages.errata_page()
    summary = page[page.index("## Summary"):page.index("## How a verdict")]
    full = "".join(pages.errata_page(p) for p in PAPERS)
    rows = [line for line in summary.splitlines() if line.startswith("| ") and "{ref}" in line]
    errata = _errata()
    assert len(rows) == len(errata)
    rank = {"**major**": 0, "minor": 1, "typo": 2}
    sevs = [rank[r.split(" | ")[0][2:]] for r in rows]
    assert sevs == sorted(sevs) and sevs[0] == 0
    for c in errata:                                   # each row links to the anchor of its full entry below
        assert f"<erratum-{c.label}>`" in summary and f"(erratum-{c.label})=" in full
    assert rulebook_markdown(heading_level=3) in page and "Symbols" in page


def test_summary_lines_are_short_and_cut_outside_math():
    for c in _errata():
        line = pages.erratum_summary(c)
        assert len(line) <= 420 and line.count("$") % 2 == 0, c.id
    assert shorten("one $a+b+c+d$ two", 8) == "one …"
    assert first_sentence("A $x. Y$ b. C d.") == "A $x. Y$ b."


def test_verdict_markdown_links_every_claim_problems_first():
    from rfsym.claims.model import ClaimResult

    cl = [c for c in registry().values() if c.paper == "HRF"]
    md = verdict_markdown([ClaimResult(c, ()) for c in cl])
    rows = [line for line in md.splitlines() if line.startswith("| {ref}")]
    assert len(rows) == len(cl) and all(f"<{c.label}>`" in md for c in cl)
    assert "major" in rows[0] and "verified" in rows[-1]


def test_every_major_and_minor_erratum_carries_its_plain_summary():
    from rfsym.claims.runner import registry
    missing = [c.id for c in registry().values() if c.verdict == "erratum" and c.severity in ("major", "minor")
               and not c.summary]
    assert not missing, f"errata without Claim(summary=...): {missing}"
