"""Heavy-tail audit of the Monte Carlo witnesses (issue 27, item 3).

A Monte Carlo witness standardises its sampled mean with the *sample* standard error. For
heavy-tailed replicates (exponentials of Gaussians with large arguments: positive random features at
large norms) that error is itself noisy and usually too small, so both the witness's z and its
control's "rejected at z = ..." overstate what the sample shows. :func:`tail_audit` runs every
``montecarlo`` check of the registry with :data:`rfsym.montecarlo.TAIL_RECORD` set, and reports for each
the tail diagnostics (:func:`rfsym.montecarlo.tail_diagnostics`) of every sample it summarised; a check
is *heavy* when one of its samples is.

``python -m rfsym.claims.tailaudit [--paper P] [--json FILE]`` prints the table.
"""

from __future__ import annotations

import argparse
import json
import sys

import math

import numpy as np

from .. import montecarlo as _mc
from .. import tailbounds as _tb
from .runner import claims_for, registry

__all__ = ["tail_audit", "main"]


def tail_audit(claims=None, kinds=("montecarlo",)):
    """Run the checks of ``kinds`` of ``claims`` (default: the registry) recording their samples' tails.

    Returns
    -------
    list of dict
        One row per check: ``claim``, ``check``, ``passed``, ``samples`` (the diagnostics of each sample
        summarised), ``heavy`` (any sample heavy), ``decisions`` (each guaranteed-rate decision the check made:
        the value tested, its z in exact-s.e. units, the z the sample s.e. would give, passed), ``evidence``.
    """
    claims = list(registry().values()) if claims is None else claims
    rows = []
    decisions = []
    real_mean_test = _tb.mean_test

    def recording_mean_test(samples, exact, sigma2, **kw):
        # every guaranteed decision (montecarlo.exact_z_witness calls tailbounds.mean_test): the value tested, its
        # z in exact-s.e. units, the z the sample s.e. would have given, and the outcome
        t = real_mean_test(samples, exact, sigma2, **kw)
        x = np.asarray(samples, float)
        se = float(x.std(ddof=1)) / math.sqrt(x.size) if x.size > 1 else math.nan
        decisions.append({"value": float(exact), "z": float(t.z), "sample_z": (float(t.mean) - float(exact)) / se
                          if se > 0 else math.nan, "passed": bool(t.passed)})
        return t

    for c in claims:
        for ch in c.checks:
            if ch.kind not in kinds:
                continue
            _mc.TAIL_RECORD = []
            decisions.clear()
            _tb.mean_test = recording_mean_test
            try:
                res = ch.run()
                rec = list(_mc.TAIL_RECORD)
            finally:
                _mc.TAIL_RECORD = None
                _tb.mean_test = real_mean_test
            rows.append({"claim": c.id, "check": ch.name, "passed": res.passed,
                         "samples": [dict(kind=k, **d) for k, d in rec],
                         "heavy": any(d["heavy"] for _, d in rec),
                         "decisions": list(decisions),
                         "evidence": res.evidence, "control": res.control_detail})
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m rfsym.claims.tailaudit", description=__doc__.split("\n\n")[0])
    ap.add_argument("--paper")
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    claims = claims_for(a.paper)
    rows = tail_audit(claims)
    for r in rows:
        worst = max(r["samples"], key=lambda d: d["max_share"], default=None)
        tag = "HEAVY" if r["heavy"] else "ok   "
        w = (f"n={worst['n']} max share {worst['max_share']:.2g} (light ~{worst['light_share']:.1g}), "
             f"kurtosis {worst['excess_kurtosis']:.3g}") if worst else "no sample recorded"
        print(f"{tag} {r['claim']:24s} {r['check'][:60]:60s} {w}")
    print(f"{sum(r['heavy'] for r in rows)} of {len(rows)} Monte Carlo checks summarise a heavy-tailed sample")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
