"""HRF: declared evidence domains and protocol-sensitivity tables (issue #19, items 2 and 6).

Only cheap claims are run here; the expensive reruns (HRF-Fig6, HRF-Tab1-wine) are exercised by
``python -m rfsym verify --paper HRF --lint``.
"""

import sympy

from rfsym.claims import ClaimResult, lint_evidence_domains
from rfsym.claims.runner import get


def _run(claim_id):
    c = get(claim_id)
    return ClaimResult(c, tuple(ch.run() for ch in c.checks))


def test_fig6_table3_rows_and_averages():
    # the printed Table 3 is checked under HRF-Fig6 (one claim for the App. H.1 sentence): run only the
    # arithmetic checks, not the synthetic rerun
    checks = {ch.name: ch for ch in get("HRF-Fig6").checks}
    r = checks["statistics of the printed ranges, row by row"].run()
    assert r.passed and r.domain["row"].startswith("all 28 rows")
    t = r.sensitivity_table()
    assert t.choices == ("statistic of the printed range",) and not t.flips
    holds = {v[0]: h for v, _, h in t.rows}
    # the mid-range gains in every row; min and max each leave one row without a gain over trig
    assert holds == {"minimum": None, "maximum": None, "geometric mid-range": True}
    a = checks["what the printed ranges say about the averages"].run()
    assert a.passed and a.control_rejected
    assert "certainly below trig's in 0/28 rows" in a.evidence
    assert get("HRF-Fig6").is_empirical and get("HRF-Fig6").rule == "unverifiable-unprinted"


def test_eq93_symbols_are_complex():
    # sympy's nonzero=True would make the diagonal entries real; the certificate must not assume that
    assert sympy.Symbol("a", nonzero=True).is_real is True
    res = _run("HRF-Eq93")
    assert res.reproduced and lint_evidence_domains(res) == []
    sym = [r for r in res.results if r.kind == "symbolic" and "diagonal A" in r.domain][0]
    assert "no realness assumed" in sym.domain["diagonal A"]


def test_secl_theta_domain_is_the_angles_tried():
    res = _run("HRF-SecL-Theta")
    assert res.reproduced and lint_evidence_domains(res) == []
    assert res.results[0].domain["theta"] == "0.3, 2.5"
    assert "whatever theta" not in (get("HRF-SecL-Theta").defeated_by or "")


def test_fig2_robust_to_the_unstated_coefficient_budget():
    (ch,) = [c for c in get("HRF-Fig2").checks if c.protocol_choices]
    r = ch.run()
    assert r.passed
    t = r.sensitivity_table()
    assert [v[0] for v, _, _ in t.rows] == ["1", "2", "4", "8", "16", "32"]
    assert all(h is True for _, _, h in t.rows) and not t.flips


def test_empirical_flags():
    for cid in ("HRF-Fig6", "HRF-SecI", "HRF-Tab1-wine", "HRF-Tab1", "HRF-Fig3", "HRF-Tab2", "HRF-Fig4",
                "HRF-Tab5", "HRF-Fig10"):
        assert get(cid).is_empirical, cid
    # exact computations are not empirical
    assert not get("HRF-Sec2.4").is_empirical and not get("HRF-Thm3.5").is_empirical
