"""HRF under the rulebook (issue #28): rules, conventions, root causes, one sentence per claim, the inventory.

Registry-only checks (no claim is run here), plus the arithmetic witnesses of the printed tables, which are
cheap.
"""

import collections
import re

from rfsym.claims.inventory import Item
from rfsym.claims.rules import RULES
from rfsym.hrf.claims import CLAIMS
from rfsym.hrf.claims import sec4
from rfsym.hrf.claims.conventions import BY_NAME, CONVENTIONS
from rfsym.hrf.claims.inventory import ITEMS

BY_ID = {c.id: c for c in CLAIMS}


def test_every_claim_names_a_rule_that_fits():
    for c in CLAIMS:
        assert c.rule in RULES, c.id
        r = RULES[c.rule]
        assert r.verdict == c.verdict and (r.severity == c.severity or r.verdict != "erratum"), c.id


def test_conventions_declared_once_and_referenced():
    assert len({c.topic for c in CONVENTIONS}) == len(CONVENTIONS)
    assert "HRF:square-on-Cd" in BY_NAME and "HRF:modulus-on-Cd" in BY_NAME
    used = {v for c in CLAIMS for v in c.conventions}
    assert used <= set(BY_NAME)
    assert set(BY_NAME) <= used  # no dead convention


def test_norm_on_Cd_one_reading():
    # HRF-Eq89 and HRF-Eq93 read ||v||^2 on C^d the same (declared) way
    for cid in ("HRF-Eq89", "HRF-Eq93"):
        assert "HRF:square-on-Cd" in BY_ID[cid].conventions
    assert BY_ID["HRF-Eq89"].rule == "verified-forced-reading"
    assert BY_ID["HRF-Eq93"].rule == "erratum-minor"


def test_one_severity_per_root_cause():
    sev = collections.defaultdict(set)
    for c in CLAIMS:
        if c.root_cause:
            sev[c.root_cause].add(c.severity)
    assert all(len(s) == 1 for s in sev.values()), dict(sev)
    rate = {c.id for c in CLAIMS if c.root_cause == "HRF:thm35-rate"}
    assert rate == {"HRF-Thm3.5", "HRF-Eq64", "HRF-Sec3"} and sev["HRF:thm35-rate"] == {"major"}


def test_no_two_claims_share_a_statement():
    seen = {}
    for c in CLAIMS:
        key = re.sub(r"\W+", " ", c.statement).strip().lower()
        assert key not in seen, (c.id, seen.get(key))
        seen[key] = c.id
    assert "HRF-Sec1-dim" not in BY_ID and "HRF-Tab3" not in BY_ID


def test_forced_readings_do_not_insert_words():
    for c in CLAIMS:
        if c.verdict == "verified":
            assert "garbled" not in (c.defence or "").lower() and "ungrammatical" not in (c.defence or "").lower(), c.id


def test_inventory_covers_every_display_and_claim():
    assert all(isinstance(i, Item) for i in ITEMS)
    eqs = [int(re.search(r"\((\d+)\)", i.ref).group(1)) for i in ITEMS if i.kind == "display"]
    assert sorted(eqs) == list(range(1, 107))
    ids = set(BY_ID)
    assert {c for i in ITEMS for c in i.claims} == ids
    captions = {i.ref for i in ITEMS if i.kind == "caption"}
    assert {f"Fig. {k} caption" for k in range(1, 12)} | {f"Table {k} caption" for k in range(1, 6)} <= captions


def test_printed_tables_arithmetic_and_controls():
    for f in (sec4._table4_marks, sec4._table5_marks, sec4._table2_wer, sec4._fig6_average_bounds):
        o = f()
        assert o.passed and o.control_rejected, f.__name__
    o = sec4._appI_consistently()
    assert o.passed and o.sensitivity.flips
    # a mis-transcribed bold mark is caught
    t = {m: dict(rows) for m, rows in sec4.TABLE4.items()}
    ks = t["KS statistics"]
    ks["Trig."] = tuple((v, s, "b") if k == 0 else (v, s, mk) for k, (v, s, mk) in enumerate(ks["Trig."]))
    bo, bn, *_ = sec4._marks(t)
    assert bo < bn
