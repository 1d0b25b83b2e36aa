"""Command line: ``python -m rfsym claims|verify|book-pages``.

* ``claims [--paper P] [--json]``: print the registry (fast, no computation).
* ``verify [--paper P] [--claim ID] [--json]``: recompute every check, show progress on stderr, print a
  table, exit 1 if a recorded verdict is not reproduced.
* ``book-pages [--out DIR]``: write the generated book pages (claims and errata) from the registry.
"""

from __future__ import annotations

import argparse
import sys

from . import claims as C


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m rfsym", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    pc = sub.add_parser("claims", help="print the claims registry (no computation)")
    pc.add_argument("--paper", choices=sorted(C.PAPERS))
    pc.add_argument("--json", action="store_true", help="print JSON")
    pv = sub.add_parser("verify", help="recompute every check and compare with the recorded verdicts")
    pv.add_argument("--paper", choices=sorted(C.PAPERS))
    pv.add_argument("--claim", metavar="ID")
    pv.add_argument("--json", action="store_true", help="print results as JSON")
    pv.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    pv.add_argument("--details", action="store_true", help="print every check's evidence")
    pb = sub.add_parser("book-pages", help="write book/claims.md and book/errata.md")
    pb.add_argument("--out", default="book")
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.cmd == "claims":
        cl = C.claims_for(args.paper)
        if args.json:
            print(C.to_json(cl))
        else:
            for c in cl:
                sev = f" ({c.severity})" if c.severity else ""
                print(f"{c.id:18s} {c.verdict}{sev:8s}  {c.location}")
            print(f"{len(cl)} claims")
        return 0
    if args.cmd == "verify":
        try:
            results = C.verify(args.paper, args.claim, progress=None if args.quiet or args.json else sys.stderr)
        except KeyError as exc:
            print(exc.args[0], file=sys.stderr)
            return 2
        if args.json:
            print(C.results_to_json(results))
        else:
            if args.details:
                for r in results:
                    print(r.report() + "\n")
            print(C.summary_table(results))
            bad = [r.claim.id for r in results if not r.reproduced]
            print(f"\n{len(results) - len(bad)}/{len(results)} recorded verdicts reproduced"
                  + (f"; NOT reproduced: {', '.join(bad)}" if bad else ""))
        return 0 if all(r.reproduced for r in results) else 1
    if args.cmd == "book-pages":
        from ._bookpages import write_pages

        for path in write_pages(args.out):
            print(f"wrote {path}")
        return 0
    return 2  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())
