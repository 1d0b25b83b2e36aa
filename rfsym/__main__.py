"""Command line: ``python -m rfsym {claims,verify,coverage,audit,reference,book-pages,experiments}``.

* ``claims [--paper P] [--json] [--full]``: print the registry (fast, no computation): id, verdict, where, and
  the reason (the correction of an erratum, why an unverifiable claim cannot be checked) in aligned columns.
* ``verify [--paper P] [--claim ID] [--jobs N] [--details] [--lint] [--json]``: recompute every check (on
  every CPU core, at most 8, unless ``--jobs`` says otherwise), show progress on stderr, print a table, exit 1
  if a recorded verdict is not reproduced (with ``--lint``: also if a recorded number was not printed by a
  check, a quantified sentence has no declared domain, or a rule of the rulebook is breached,
  :mod:`rfsym.claims.rulelint`).
* ``coverage [--paper P] [--json] [--inventory]``: witness coverage per paper and the claims below target, and
  the coverage of each paper's inventory (items covered by claims, not a claim with a reason, the percentage);
  ``--inventory`` lists the items.
* ``audit [--paper P] [--function NAME] [--perturbation KIND] [--jobs N]``: the mutation audit (see
  :mod:`rfsym.claims.audit`).
* ``reference [--paper P] [--d D] [--format csv|json|md]``: the reference values with certified digits
  (:mod:`rfsym.reference`).
* ``book-pages [--out DIR]``: write the generated book pages (claims, errata, audit) from the registry.
* ``experiments [--only PART] [--out DIR] [--quiet]``: rerun the papers' real-data experiments (``make
  experiments``, roughly 40 CPU-minutes) and write ``rfsym/data/results/<part>.json``; the parts are those of
  :mod:`rfsym.crt.realdata`, :mod:`rfsym.derf.realdata` and :mod:`rfsym.simrf.realdata`.

Paper names are accepted in any case (``simrf``, ``SimRF``); claim ids too (``crt-eq7``), and an unknown
id is answered with the closest known ones. A usage error prints one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys

from . import claims as C


def _paper(value: str) -> str:
    try:
        return C.paper_name(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m rfsym",
                                description="Claim-by-claim verification of the CRT, DERF, HRF and SimRF papers.",
                                epilog="Paper names and claim ids are case-insensitive. `python -m rfsym CMD --help` "
                                       "describes one command.")
    sub = p.add_subparsers(dest="cmd", required=True)
    pc = sub.add_parser("claims", help="print the claims registry (no computation)")
    pc.add_argument("--paper", type=_paper, metavar="P", help="CRT, DERF, HRF or SimRF (any case)")
    pc.add_argument("--json", action="store_true", help="print JSON")
    pc.add_argument("--full", action="store_true", help="do not cut the reason column to the terminal's width")
    pv = sub.add_parser("verify", help="recompute every check and compare with the recorded verdicts")
    pv.add_argument("--paper", type=_paper, metavar="P", help="CRT, DERF, HRF or SimRF (any case)")
    pv.add_argument("--claim", metavar="ID", help="one claim, e.g. CRT-Thm3.3 (any case)")
    pv.add_argument("--json", action="store_true", help="print results as JSON")
    pv.add_argument("--jobs", type=int, default=None, metavar="N",
                    help="worker processes (default: the number of CPU cores, at most 8)")
    pv.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    pv.add_argument("--details", action="store_true", help="print every check's evidence")
    pv.add_argument("--lint", action="store_true",
                    help="also list numbers in recorded evidence that no check printed, quantified sentences "
                         "('for every d', 'whatever the scaling') that no check declares it covered, and breaches of "
                         "the rulebook's rules (rfsym.claims.rulelint) over the papers verified (exit 1 if any)")
    pw = sub.add_parser("coverage", help="witness coverage per paper and the claims below target (no computation)")
    pw.add_argument("--paper", type=_paper, metavar="P", help="CRT, DERF, HRF or SimRF (any case)")
    pw.add_argument("--json", action="store_true", help="print JSON")
    pw.add_argument("--inventory", action="store_true",
                    help="list every inventory item of the paper(s): where, kind, the claims covering it or why it is "
                         "not a claim")
    pa = sub.add_parser("audit", help="mutation audit: perturb each library function, rerun the claims that call it")
    pa.add_argument("--paper", type=_paper, metavar="P", help="CRT, DERF, HRF or SimRF (any case)")
    pa.add_argument("--function", action="append", metavar="NAME", help="dotted name (repeatable)")
    pa.add_argument("--perturbation", action="append", choices=["sign", "rel1e-2", "rel1e-3"])
    pa.add_argument("--jobs", type=int, default=1, help="worker processes")
    pa.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant")
    pa.add_argument("--out", help="write the Markdown report (the book page) here")
    pa.add_argument("--json-out", help="write the JSON report here")
    pa.add_argument("--update", metavar="REPORT", help="with --paper: replace that paper's rows of an existing JSON "
                    "report (the other papers' rows are kept)")
    pb = sub.add_parser("book-pages", help="write book/claims.md, book/errata.md and book/audit.md")
    pb.add_argument("--out", default="book")
    pe = sub.add_parser("experiments", help="rerun the papers' real-data experiments and write rfsym/data/results/*.json "
                                            "(roughly 40 CPU-minutes; progress on stderr)")
    pe.add_argument("--only", action="append", metavar="PART",
                    help="one part (repeatable): images-crt, crt, crt-std, images-derf, derf, derf-std, simrf, simrf-std")
    pe.add_argument("--out", metavar="DIR", help="write the files here instead of rfsym/data/results")
    pe.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    pr = sub.add_parser("reference", help="reference values with the digits an Arb enclosure proves")
    pr.add_argument("--paper", type=_paper, metavar="P", help="CRT, DERF, HRF or SimRF (any case)")
    pr.add_argument("--format", choices=["csv", "json", "md"], default="md")
    pr.add_argument("--d", type=int, metavar="D", help="only the rows whose inputs have dimension d = D (e.g. 64)")
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _dispatch(args)
    except (KeyError, ValueError) as exc:  # usage errors (unknown id, function, paper): one line, no traceback
        msg = exc.args[0] if exc.args else str(exc)
        print(f"python -m rfsym {args.cmd}: error: {msg}", file=sys.stderr)
        return 2


def _dispatch(args) -> int:
    if args.cmd == "claims":
        cl = C.claims_for(args.paper)
        if args.json:
            print(C.to_json(cl))
        else:
            import shutil

            from .claims.tables import claims_listing

            width = None if args.full else shutil.get_terminal_size((160, 24)).columns
            print(claims_listing(cl, width))
            print(f"{len(cl)} claims")
        return 0
    if args.cmd == "verify":
        import os

        jobs = args.jobs if args.jobs is not None else max(1, min(8, len(os.sched_getaffinity(0))
                                                                  if hasattr(os, "sched_getaffinity")
                                                                  else (os.cpu_count() or 1)))
        results = C.verify(args.paper, args.claim, progress=None if args.quiet or args.json else sys.stderr,
                           jobs=jobs)
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
            print("\nwitness coverage (claims with a witness of each kind; target: >= 2 witnesses, every core kind "
                  "present or explained, every witness with a control):")
            print(C.coverage_table([r.claim for r in results]))
        lint_bad, dom_bad, rule_bad = {}, {}, {}
        if args.lint:
            rule_bad = _rule_lint(results)
            lint_bad = {r.claim.id: C.lint_evidence_numbers(r) for r in results}
            lint_bad = {k: v for k, v in lint_bad.items() if v}
            dom_bad = {r.claim.id: C.lint_evidence_domains(r) for r in results}
            dom_bad = {k: v for k, v in dom_bad.items() if v}
            if not args.json:
                print(f"\nevidence lint: {len(lint_bad)} claims quote numbers that no check printed")
                for k, v in lint_bad.items():
                    print(f"  {k}: {', '.join(v)}")
                print(f"evidence lint (domains): {len(dom_bad)} claims quantify over something no check declares "
                      "it looked at")
                for k, v in dom_bad.items():
                    print(f"  {k}: " + "; ".join(v))
                _print_rule_lint(rule_bad)
        return 0 if all(r.reproduced for r in results) and not lint_bad and not dom_bad and not rule_bad else 1
    if args.cmd == "coverage":
        from .claims.inventory import inventory_summary, load_inventories

        cl = C.claims_for(args.paper)
        inv = load_inventories(args.paper)
        inv_summary = inventory_summary(inv, C.registry())
        if args.json:
            import json

            summ = C.coverage_summary(cl)
            for p, s in summ.items():
                s["inventory"] = inv_summary.get(p)
            print(json.dumps(summ, indent=2))
            return 0
        if args.inventory:
            _print_inventory(inv, C.registry())
            return 0
        print(C.coverage_table(cl))
        for p, s in C.coverage_summary(cl).items():
            if s["gaps"]:
                print(f"\n{p}: {len(s['gaps'])} claims below target")
                for cid, gaps in s["gaps"].items():
                    print(f"  {cid}: {'; '.join(gaps)}")
            from .claims.headlines import headlines

            hs = headlines(p)
            verdicts = {}
            for h in hs:
                verdicts[h.verdict()] = verdicts.get(h.verdict(), 0) + 1
            print(f"{p}: {len(hs)} headline claims (abstract, contributions, conclusion)"
                  + (": " + ", ".join(f"{n} {v}" for v, n in verdicts.items()) if hs else ""))
            if s["undefended"]:
                print(f"\n{p}: {len(s['undefended'])} errata without their readings and defence: "
                      + ", ".join(s["undefended"]))
            if s["untabled"]:
                print(f"\n{p}: {len(s['untabled'])} empirical errata without a protocol-sensitivity table: "
                      + ", ".join(s["untabled"]))
        print("\n" + _inventory_table(inv_summary, args.paper))
        return 0
    if args.cmd == "audit":
        from .claims import audit

        return audit.main(args)
    if args.cmd == "reference":
        from . import reference

        print(reference.render(reference.table(args.paper, d=args.d), args.format), end="")
        return 0
    if args.cmd == "book-pages":
        from .claims.pages import write_pages

        for path in write_pages(args.out):
            print(f"wrote {path}")
        return 0
    if args.cmd == "experiments":
        return _experiments(args)
    return 2  # pragma: no cover


def _rule_lint(results) -> dict:
    """The rule lint (:func:`rfsym.claims.rulelint.rule_lint`) over every claim of the papers of ``results``,
    with the results of the run (open-choice tables); with one claim verified, only the problems naming it."""
    from .claims.rulelint import rule_lint

    reg = C.registry()
    papers = {r.claim.paper for r in results}
    scope = [c for c in reg.values() if c.paper in papers]
    found = rule_lint(scope, results=results, registry=reg)
    ids = {r.claim.id for r in results}
    if len(ids) < len(scope):           # --claim: the problems that name the claim
        import re

        def names(problem):
            return any(re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-]|\.\w)", problem) for i in ids)

        found = {k: [p for p in v if names(p)] for k, v in found.items()}
    return {k: v for k, v in found.items() if v}


def _print_rule_lint(rule_bad: dict) -> None:
    from .claims.rulelint import RULE_LINTS

    n = sum(len(v) for v in rule_bad.values())
    print(f"rule lint: {n} problems" + (" (" + ", ".join(f"{k}: {len(v)}" for k, v in rule_bad.items()) + ")"
                                        if n else ""))
    for k, v in rule_bad.items():
        print(f"  [{k}] {RULE_LINTS[k]}:")
        for p in v:
            print(f"    {p}")


def _inventory_table(summary: dict, paper=None) -> str:
    """Per paper: inventory items, covered by claims, not a claim (with reason), dangling, and the percentage."""
    lines = ["inventory coverage (target: covered + not a claim with a reason = 100 % of the items):",
             f"{'paper':6s} {'items':>6s} {'covered':>8s} {'not a claim':>12s} {'dangling':>9s} {'coverage':>9s} "
             f"{'claims not inventoried':>23s}"]
    for p in C.PAPERS if paper is None else (paper,):
        s = summary.get(p)
        if s is None:
            lines.append(f"{p:6s} no inventory yet (rfsym/{C.PAPERS[p]}/claims/inventory.py)")
            continue
        lines.append(f"{p:6s} {s['items']:6d} {s['covered']:8d} {s['reasoned']:12d} {s['dangling']:9d} "
                     f"{s['percent']:8.1f}% {len(s['uninventoried']):23d}")
        if s["unknown_ids"]:
            lines.append(f"       unknown claim ids: {', '.join(s['unknown_ids'])}")
    return "\n".join(lines)


def _print_inventory(inv: dict, reg) -> None:
    for p, items in inv.items():
        print(f"{p}: {len(items)} items")
        for it in items:
            if it.claims:
                what = ", ".join(c if c in reg else f"{c} (UNKNOWN)" for c in it.claims)
            else:
                what = "not a claim: " + it.reason
            text = " ".join(it.text.split())
            print(f"  {it.ref:24s} {it.kind:9s} {what}  | {text[:70]}")
    if not inv:
        print("no inventory yet (rfsym/<paper>/claims/inventory.py, ITEMS)")


def _experiments(args) -> int:
    """Run the real-data parts (all, or ``--only``) and write their cache files."""
    import time

    from . import realdata as rd
    from .crt import realdata as crt_rd
    from .derf import realdata as derf_rd
    from .simrf import realdata as simrf_rd

    parts = {p.name: p for m in (crt_rd, derf_rd, simrf_rd) for p in m.PARTS}
    names = args.only or list(parts)
    unknown = [n for n in names if n not in parts]
    if unknown:
        raise ValueError(f"unknown part {unknown[0]!r}; the parts are {', '.join(parts)}")
    # hash the code now: inspect reads source files from disk, which may be edited while a long run goes on
    hashes = {n: rd.protocol_hash(parts[n]) for n in names}
    for n in names:
        t = time.time()
        res = parts[n].run(args.quiet)
        path = rd.write(parts[n], res, time.time() - t, hashes[n], args.out)
        rd.progress(f"wrote {path} ({time.time() - t:.0f} s)", args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
