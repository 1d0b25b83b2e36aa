"""Generate the book's claims and errata pages from the registry (run at book build time)."""

from __future__ import annotations

from pathlib import Path

from . import claims as C

_PAPER_TITLES = {
    "CRT": "Chefs' Random Tables (CRT)",
    "DERF": "Dense-Exponential Random Features (DERF)",
    "HRF": "Hybrid Random Features (HRF)",
    "SimRF": "Simplex Random Features (SimRF)",
}


def _md_escape(text: str) -> str:
    return (text or "").replace("|", "\\|").replace("\n", " ").replace("*", "\\*").replace("_", "\\_")


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
    for p, title in _PAPER_TITLES.items():
        cl = [c for c in reg if c.paper == p]
        out += [f"## {title}", ""]
        if not cl:
            out += ["No claims registered yet.", ""]
            continue
        out += ["| claim | where | statement (as printed) | verdict | checks |", "|---|---|---|---|---|"]
        for c in cl:
            verdict = c.verdict + (f" ({c.severity})" if c.severity else "")
            kinds = ", ".join(sorted({ch.kind for ch in c.checks})) or "—"
            out.append(f"| {_ref(c)} | {_md_escape(c.location)} | {_md_escape(c.statement)} | {verdict} | {kinds} |")
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


def write_pages(outdir="book") -> list:
    """Write ``claims.md`` and ``errata.md`` into ``outdir``; return the paths written."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in (("claims.md", claims_page()), ("errata.md", errata_page())):
        path = outdir / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths.append(path)
    return paths
