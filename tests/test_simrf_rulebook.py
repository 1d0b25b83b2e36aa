"""SimRF under the rulebook (issue 28): every claim names its rule, conventions are declared once and used,
errata that share a root cause share a severity, and the inventory covers every display, statement and caption."""

import re
from collections import Counter

from rfsym.claims.inventory import Item
from rfsym.claims.rules import RULES
from rfsym.simrf.claims import CLAIMS
from rfsym.simrf.claims.conventions import CONVENTIONS
from rfsym.simrf.claims.inventory import ITEMS


def test_every_simrf_claim_names_a_rule_that_fits():
    for c in CLAIMS:
        assert c.rule in RULES, c.id
        r = RULES[c.rule]
        assert r.verdict == c.verdict and (r.severity == c.severity or r.verdict != "erratum"), c.id
        assert bool(c.forced_reading) == (c.rule == "verified-forced-reading"), c.id


def test_conventions_declared_once_and_used():
    names = [cv.name for cv in CONVENTIONS]
    topics = [cv.topic for cv in CONVENTIONS]
    assert len(set(names)) == len(names) and len(set(topics)) == len(topics)
    used = {n for c in CLAIMS for n in c.conventions}
    assert used <= set(names), used - set(names)
    assert set(names) <= used, set(names) - used


def test_root_causes_share_one_severity():
    by_cause = {}
    for c in CLAIMS:
        if c.root_cause:
            by_cause.setdefault(c.root_cause, set()).add(c.severity)
    assert all(len(s) == 1 for s in by_cause.values()), by_cause
    iso = {c.id for c in CLAIMS if c.root_cause == "SimRF:resultant-isotropy"}
    assert iso == {"SimRF-Thm3.2", "SimRF-Thm3.4", "SimRF-SecA.2"}


def test_no_two_claims_register_the_same_statement():
    counts = Counter(c.statement for c in CLAIMS)
    assert [s for s, n in counts.items() if n > 1] == []


def test_inventory_covers_displays_statements_captions_and_every_claim():
    assert all(isinstance(i, Item) for i in ITEMS)
    eqs = sorted(int(re.match(r"Eq\. \((\d+)\)", i.ref).group(1)) for i in ITEMS if i.kind == "display")
    assert eqs == list(range(1, 91))
    ids = {c.id for c in CLAIMS}
    cited = {cid for i in ITEMS for cid in i.claims}
    assert cited <= ids, cited - ids
    assert ids <= cited, ids - cited
    caps = {i.ref for i in ITEMS if i.kind == "caption"}
    assert {f"Fig. {k} caption" for k in range(1, 11)} | {f"Table {k} caption" for k in (1, 2, 3)} == caps
    refs = [i.ref for i in ITEMS]
    assert len(set(refs)) == len(refs)
