"""The heavy-tail audit of the Monte Carlo witnesses (issue 27, item 3): what it records."""

import math

from rfsym import tailbounds
from rfsym.claims.runner import get
from rfsym.claims.tailaudit import tail_audit


def test_tail_audit_records_each_guaranteed_decision_with_both_z():
    rows = tail_audit([get("CRT-Fig1")])                     # its Monte Carlo check decides with exact variances
    assert len(rows) == 1 and rows[0]["passed"] and rows[0]["samples"]
    dec = rows[0]["decisions"]
    assert dec and all(math.isfinite(d["z"]) and math.isfinite(d["sample_z"]) for d in dec)
    assert any(d["passed"] for d in dec) and any(not d["passed"] for d in dec)   # the value and its control
    assert tailbounds.mean_test.__name__ == "mean_test"      # the recorder is removed afterwards
