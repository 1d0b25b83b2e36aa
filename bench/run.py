"""Run the benchmarks of rfsym and print/write a readable table.

Each ``bench/bench_<name>.py`` defines ``run() -> list[dict]`` with keys ``name`` (str),
``seconds`` (float), ``note`` (str, e.g. the baseline or the requirement) and optionally
``limit`` (seconds; the row is marked FAIL when exceeded). Timings are wall-clock on one core
(BLAS threads are limited to one before numpy is imported).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="_build/bench.md", help="markdown table to write")
    ap.add_argument("--only", help="run only bench_<ONLY>.py")
    args = ap.parse_args(argv)
    here = Path(__file__).resolve().parent
    files = sorted(here.glob("bench_*.py"))
    if args.only:
        files = [f for f in files if f.stem == f"bench_{args.only}"]
    rows = []
    for f in files:
        print(f"running {f.name} ...", file=sys.stderr, flush=True)
        for r in _load(f).run():
            r = dict(r)
            r["suite"] = f.stem.removeprefix("bench_")
            limit = r.get("limit")
            r["status"] = "" if limit is None else ("ok" if r["seconds"] <= limit else "FAIL")
            rows.append(r)
    header = "| suite | benchmark | seconds | limit | status | note |\n|---|---|---:|---:|---|---|"
    lines = [header] + [
        f"| {r['suite']} | {r['name']} | {r['seconds']:.3f} | {'' if r.get('limit') is None else r['limit']} "
        f"| {r['status']} | {r.get('note', '')} |" for r in rows]
    table = "\n".join(lines)
    print(table)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("# rfsym benchmarks\n\n" + table + "\n")
    print(f"\nwritten to {out}", file=sys.stderr)
    return 1 if any(r["status"] == "FAIL" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
