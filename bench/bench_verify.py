"""Where the time of ``python -m rfsym verify`` goes: every claim's checks, cold (no result cache).

Rows: the whole registry with ``--jobs 2`` (wall clock, the issue's target is 3 minutes on 2 cores), the
sum of the claims' check times per paper (one core), and the ten slowest claims with their slowest check,
so that a change that slows a check shows here first.
"""

from __future__ import annotations

import os
import time


def run():
    os.environ.pop("RFSYM_CACHE", None)          # cold: the disk cache would hide the cost
    import rfsym.claims as C

    C.reset_cache()
    t0 = time.perf_counter()
    results = C.verify(progress=None, jobs=2)
    wall = time.perf_counter() - t0
    rows = [{"name": "verify, every claim, --jobs 2 (wall)", "seconds": wall, "limit": 180.0,
             "note": f"{len(results)} claims, {sum(r.reproduced for r in results)} reproduced; target 3 min"}]
    by_paper = {}
    for r in results:
        by_paper[r.claim.paper] = by_paper.get(r.claim.paper, 0.0) + r.seconds
    rows += [{"name": f"checks of {p} (sum over claims, one core)", "seconds": s, "note": ""}
             for p, s in by_paper.items()]
    for r in sorted(results, key=lambda r: r.seconds, reverse=True)[:10]:
        slow = max(r.results, key=lambda x: x.seconds) if r.results else None
        rows.append({"name": f"claim {r.claim.id}", "seconds": r.seconds,
                     "note": f"slowest check: {slow.name} ({slow.seconds:.1f} s)" if slow else ""})
    return rows
