"""Generate the book's claims, errata and audit pages from the registry (run at book build time)."""

from __future__ import annotations

import json
from pathlib import Path

from . import claims as C
from ._claimpage import md_cell

_PAPER_TITLES = {
    "CRT": "Chefs' Random Tables (CRT)",
    "DERF": "Dense-Exponential Random Features (DERF)",
    "HRF": "Hybrid Random Features (HRF)",
    "SimRF": "Simplex Random Features (SimRF)",
}


def _md_escape(text: str) -> str:
    """Table-safe Markdown that keeps ``$...$`` math for MathJax."""
    return md_cell(text)


def _witness_cell(c: C.Claim) -> str:
    cov = c.coverage()
    got = C.witness_kinds_short(c, empty="—")
    if not cov.target:
        return got
    return got + (" ✓" if cov.meets else " (gap)")


def coverage_section() -> list:
    """Markdown lines: per-paper witness coverage and the claims below target."""
    summ = C.coverage_summary()
    out = ["## Witness coverage", "",
           "A *witness* is a check that could have refuted the claim: it exercises the library function "
           "through an independent route and rejects a plausible wrong variant (its *control*). "
           "S = symbolic (sympy from the definition), N = high precision (mpmath, verified digits), "
           "MC = Monte Carlo (sampled features, $|z| \\le 5$), D = real data, A = arithmetic of printed "
           "numbers. Target for every verified or erratum theorem, lemma, corollary, proposition and "
           "numbered equation: at least two witnesses, each of S, N and MC present or its absence "
           "explained. Every other verified or erratum claim (definitions, sections, figures, tables): two "
           "witnesses, or one with the reason a second independent route does not exist (a misprinted "
           "cross-reference has one fact to check). Every witness has a control it rejects "
           "(✓ in the tables below).", "",
           "| paper | claims | with S | with N | with MC | with D | with A | witnesses without control "
           "| one witness, reason stated | theorem-like target met | all decided claims met |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for p, s in summ.items():
        k = s["kinds"]
        out.append(f"| {p} | {s['claims']} | {k['symbolic']} | {k['numeric']} | {k['montecarlo']} | "
                   f"{k['data']} | {k['arithmetic']} | {s['uncontrolled']} | {s['single_witness']} | "
                   f"{s['theorem_like_meets']}/{s['theorem_like']} | {s['meets']}/{s['target']} |")
    out.append("")
    gaps = [(cid, g) for s in summ.values() for cid, g in s["gaps"].items()]
    if gaps:
        out += [f"<details><summary>{len(gaps)} claims below the target, and why</summary><ul>"
                + "".join(f"<li>{cid}: {'; '.join(g)}</li>" for cid, g in gaps) + "</ul></details>", ""]
    return out


def _ref(c: C.Claim) -> str:
    return f"{{ref}}`{c.id} <{c.label}>`"


def claims_page() -> str:
    reg = list(C.registry().values())
    out = ["# All claims", "",
           "Generated from the claims registry (`python -m rfsym claims --json`) when the book is built. "
           "Each id links to the notebook section that derives and checks it; `python -m rfsym verify "
           "--claim ID` recomputes the evidence.", ""]
    counts = {}
    for c in reg:
        counts.setdefault(c.paper, {}).setdefault(c.verdict, 0)
        counts[c.paper][c.verdict] += 1
    out += ["| paper | verified | erratum | unverifiable |", "|---|---|---|---|"]
    for p in C.PAPERS:
        k = counts.get(p, {})
        out.append(f"| {p} | {k.get('verified', 0)} | {k.get('erratum', 0)} | {k.get('unverifiable', 0)} |")
    out.append("")
    out += coverage_section()
    for p, title in _PAPER_TITLES.items():
        cl = [c for c in reg if c.paper == p]
        out += [f"## {title}", ""]
        if not cl:
            out += ["No claims registered yet.", ""]
            continue
        out += ["| claim | where | statement (as printed) | verdict | witnesses |", "|---|---|---|---|---|"]
        for c in cl:
            verdict = c.verdict + (f" ({c.severity})" if c.severity else "")
            out.append(f"| {_ref(c)} | {_md_escape(c.location)} | {_md_escape(c.statement)} | {verdict} | {_witness_cell(c)} |")
        out.append("")
    return "\n".join(out)


def errata_page() -> str:
    reg = [c for c in C.registry().values() if c.verdict == "erratum"]
    out = ["# Errata", "",
           "Every statement of the four papers that our checks show to be wrong as printed, with the "
           "corrected statement and the deciding evidence. Generated from the claims registry when the "
           "book is built; severities: *typo* (a misprint whose intent is clear), *minor* (a wrong "
           "formula or constant that does not change the paper's conclusions), *major* (a result that "
           "does not hold as stated).", ""]
    if not reg:
        out.append("No errata registered yet.")
    for p, title in _PAPER_TITLES.items():
        cl = [c for c in reg if c.paper == p]
        if not cl:
            continue
        out += [f"## {title}", ""]
        for c in cl:
            out += [f"### {c.id} ({c.severity})", "",
                    f"- **Where:** {_md_escape(c.location)}",
                    f"- **As printed:** {_md_escape(c.statement)}",
                    f"- **Correct statement:** {_md_escape(c.correction)}",
                    f"- **Evidence:** {_md_escape(c.evidence)}",
                    f"- **Details:** {_ref(c)}", ""]
    return "\n".join(out)


#: The committed result of ``make audit`` (JSON), rendered as the book's audit page.
AUDIT_JSON = Path(__file__).resolve().parents[1] / "book" / "audit_report.json"


def audit_page(path=AUDIT_JSON) -> str:
    """The mutation-audit page from the committed report, flagged when the library has changed since."""
    from . import audit

    path = Path(path)
    if not path.exists():
        return ("# Mutation audit\n\nNo audit report is committed yet: run `make audit` "
                "(`python -m rfsym audit --json-out book/audit_report.json`).\n")
    rep = json.loads(path.read_text())
    text = audit.report_markdown(rep)
    if rep.get("source_hash") != audit.source_hash():
        head, rest = text.split("\n", 1)
        text = (head + "\n\n:::{note}\nThe library has changed since this report was generated "
                f"(audited sources `{rep.get('source_hash')}`, current `{audit.source_hash()}`): rerun "
                "`make audit` for an up-to-date report.\n:::\n" + rest)
    return text


def write_pages(outdir="book") -> list:
    """Write ``claims.md``, ``errata.md`` and ``audit.md`` into ``outdir``; return the paths written."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in (("claims.md", claims_page()), ("errata.md", errata_page()), ("audit.md", audit_page())):
        path = outdir / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths.append(path)
    return paths
