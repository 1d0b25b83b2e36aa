"""The issue-#21 time targets, measured on this checkout with the install excluded: ``make test`` <= 5 min and
``make book`` <= 4 min wall on 2 cores, each from a cold claim-result cache (as on a fresh clone; the venv must
exist already, ``make install``).

``make book`` is timed first (it starts by recomputing every claim, then builds), ``make test`` second with the
cache emptied again, so that neither benefits from the other. Set ``RFSYM_BENCH_TARGETS=0`` to skip these rows
(they take about ten minutes). ``python -m rfsym verify`` alone is timed by ``bench_verify``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cold():
    for p in ("_build/claims-cache", "_build/html", "_build/jupyter_execute", "_build/.jupyter_cache", "_build/nbval", "_build/book-src",
              "_build/nb-cache"):
        shutil.rmtree(ROOT / p, ignore_errors=True)


def _make(target: str) -> tuple[float, int]:
    t0 = time.perf_counter()
    p = subprocess.run(["make", "--no-print-directory", target], cwd=ROOT, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - t0, p.returncode


def run():
    if os.environ.get("RFSYM_BENCH_TARGETS", "1") == "0":
        return []
    if not (ROOT / ".venv" / ".rfsym-installed").exists():
        return [{"name": "make test / make book", "seconds": 0.0,
                 "note": "skipped: run `make install` first (the targets exclude the install)"}]
    rows = []
    for target, limit in (("book", 240.0), ("test", 300.0)):
        _cold()
        secs, rc = _make(target)
        rows.append({"name": f"make {target}, cold claim cache, install excluded (wall)", "seconds": secs,
                     "limit": limit, "note": f"exit status {rc}; target {limit / 60:.0f} min on 2 cores"})
        if target == "book":
            rows += _book_breakdown()
    return rows


def _book_breakdown():
    """Where ``make book``'s time went (``_build/book-times.json``, written by tools/build_book.py)."""
    import json
    path = ROOT / "_build" / "book-times.json"
    if not path.is_file():
        return []
    t = json.loads(path.read_text())
    rows = [{"name": "  make book: executing the notebooks (wall)", "seconds": t["execute_wall"],
             "note": f"{t['jobs']} at a time, longest first"},
            {"name": "  make book: the HTML from the executed notebooks (wall)", "seconds": t["html_wall"],
             "note": "Jupyter Book, execution off"}]
    for name, secs in sorted(t["notebooks"].items(), key=lambda kv: -kv[1]):
        rows.append({"name": f"    notebook {name} (cold claim cache)", "seconds": secs,
                     "note": "its kernel, the claims it shows included"})
    return rows
