"""Markdown pages: a claim and its recomputed witnesses (the claim pages), and the book's generated
claims, errata and audit pages (written at book build time by ``book/_ext/rfsym_book_pages.py``).

The notebooks call :func:`rfsym.claims.show_claim`, which displays a :class:`~rfsym.claims.ClaimResult`;
in Jupyter and in the book (MyST-NB with ``nb_render_markdown_format: myst``) its ``text/markdown``
form is rendered by this module: the statement as printed with its location, the correction for
errata, the derivation typeset from sympy, a table of witnesses (kind, the library functions
exercised, the independent route, the agreement, the control and whether it was rejected), the
generated evidence in a collapsible block, and the verdict. Statements and corrections are MyST
Markdown with ``$...$`` math; everything else is escaped as plain text.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from .model import _HOLDS_WORD, KIND_LABELS, PAPERS, Claim
from .runner import registry
from .tables import coverage_summary, witness_kinds_short

__all__ = ["md_text", "md_cell", "claim_markdown", "sensitivity_lines", "latex_of", "claims_page", "errata_page", "audit_page",
           "glance_page", "erratum_summary", "write_pages"]

_MATH = re.compile(r"(\$\$.+?\$\$|\$[^$\n]+?\$)", re.S)
_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


#: Inline formulas longer than this many characters are broken into pieces the browser may wrap between
#: (MathJax 3 does not break lines inside a formula): see :func:`break_math`.
MATH_BREAK_AT = 40
_RELATIONS = ("\\leq", "\\geq", "\\le", "\\ge", "\\approx", "\\sim", "\\ne", "\\neq", "\\to", "\\Rightarrow",
              "\\iff", "\\in", "\\quad", "\\qquad")


def break_math(tex: str, limit: int = MATH_BREAK_AT) -> list:
    """Split the body of an inline formula at top-level relations, ``+``, ``-`` and commas into pieces of
    about ``limit`` characters, so that ``$a$ $= b$`` can wrap in a narrow column. Nothing inside braces,
    ``\\left...\\right`` or ``\\begin...\\end`` is split; a formula shorter than ``limit`` is returned whole.

    Examples
    --------
    >>> break_math("a+b", 10)
    ['a+b']
    >>> break_math(r"\\frac{x+y}{2}=\\sqrt{u+v}+w_1+w_2", 12)
    ['\\\\frac{x+y}{2}', '=\\\\sqrt{u+v}', '+w_1+w_2']
    """
    if len(tex) <= limit:
        return [tex]
    cuts, depth, i, n = [], 0, 0, len(tex)
    while i < n:
        ch = tex[i]
        if ch == "\\":
            m = re.match(r"\\([A-Za-z]+|.)", tex[i:])
            word = m.group(0)
            if word in ("\\left", "\\begin"):
                depth += 1
            elif word in ("\\right", "\\end"):
                depth -= 1
            elif depth == 0 and word in _RELATIONS and i > 0:
                cuts.append(i)
            i += len(word)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0 and i > 0:
            prev = tex[:i].rstrip()[-1:]
            if ch in "=<>" and prev not in "<>=!":
                cuts.append(i)
            elif ch in "+-" and prev and prev not in "^_({[=<>,+-" and not tex[:i].rstrip().endswith(("\\left", "\\big", "\\Big")):
                cuts.append(i)
            elif ch == "," and i + 1 < n:
                cuts.append(i + 1)
        i += 1
    pieces, start, last = [], 0, 0
    for c in cuts + [n]:
        if c - start > limit and last > start:
            pieces.append(tex[start:last])
            start = last
        last = c
    pieces.append(tex[start:])
    return [p.strip() for p in pieces if p.strip()]


def _wrap_math(part: str) -> str:
    """``$body$`` -> ``$piece$ $piece$ ...`` by :func:`break_math` (display math ``$$...$$`` is left whole)."""
    if part.startswith("$$") or len(part) - 2 <= MATH_BREAK_AT:
        return part
    return " ".join(f"${p}$" for p in break_math(part[1:-1]))


def md_text(text: str | None, table: bool = False) -> str:
    """Escape Markdown outside ``$...$`` math; keep the math for MathJax.

    In a table cell (``table=True``) newlines become spaces, and inside math a norm bar ``\\|`` becomes
    ``\\Vert`` and a bar ``|`` becomes ``\\vert`` (a ``|`` would end the table cell; replacing only the bar
    of ``\\|`` left a ``\\\\vert`` that MathJax shows as the text "vert").

    Examples
    --------
    >>> md_text("a_b and $x_1^2$")
    'a\\\\_b and $x_1^2$'
    >>> md_text("$|x|$ | y", table=True)
    '$\\\\vert x\\\\vert $ \\\\| y'
    >>> md_text(r"$\\|x\\|^2$", table=True)
    '$\\\\Vert x\\\\Vert ^2$'
    """
    if not text:
        return ""
    parts = _MATH.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:          # math: long inline formulas broken into wrappable pieces
            part = _wrap_math(part)
            out.append(part.replace(r"\|", r"\Vert ").replace("|", r"\vert ") if table else part)
        else:
            out.append(_SPECIAL.sub(r"\\\1", part))
    s = "".join(out)
    return s.replace("\n", " ") if table else s


def md_cell(text: str | None) -> str:
    """A table cell: :func:`md_text` with ``table=True``, or an em dash when empty."""
    return md_text(text, table=True) or "—"


def latex_of(expr) -> str:
    """LaTeX of a sympy object (``sympy.latex``) or a string taken as LaTeX already."""
    if isinstance(expr, str):
        return expr
    import sympy as sp

    return sp.latex(expr)


def _short_name(dotted: str) -> str:
    return dotted[len("rfsym."):] if dotted.startswith("rfsym.") else dotted


def _verdict_line(c, reproduced: bool) -> str:
    v = c.verdict + (f" ({c.severity})" if c.severity else "")
    mark = "reproduced by the checks below" if reproduced else "**NOT reproduced**"
    return f"**Verdict: {v}** — {mark}."


def _detail(control: str, detail: str) -> str:
    """The control's detail without a repetition of the control's own name ("X: rejected (X rejected: ...)").

    Examples
    --------
    >>> _detail("'holds' (old)", "'holds' (old) rejected: 1.5 vs 2")
    '1.5 vs 2'
    >>> _detail("x1.02", "rejected at z = 9.3")
    'rejected at z = 9.3'
    """
    if control and detail.startswith(control):
        rest = detail[len(control):].lstrip(" :;,")
        if rest.startswith("rejected"):
            rest = rest[len("rejected"):].lstrip(" :;,")
        return rest or detail
    return detail


def claim_markdown(res) -> str:
    """The claim page of a :class:`~rfsym.claims.ClaimResult` as MyST Markdown."""
    c = res.claim
    out = [f"**{c.id}** · {md_text(c.location)}", "",
           f"**As printed.** {md_text(c.statement)}", ""]
    if c.correction:
        out += [f"**Correct statement.** {md_text(c.correction)}", ""]
    out += [_verdict_line(c, res.reproduced), ""]
    from .rulepage import rule_lines

    out += rule_lines(c)
    out += readings_lines(c)
    if c.derivation is not None:
        try:
            steps = list(c.derivation())
        except Exception as exc:  # a broken derivation must not hide the witnesses
            steps = [("derivation failed: " + str(exc), "")]
        if steps:
            out += ["**Derivation** (sympy, in `rfsym`).", ""]
            for caption, expr in steps:
                if caption:
                    out += [md_text(caption), ""]
                tex = latex_of(expr)
                if tex:
                    out += ["$$", tex, "$$", ""]
    if res.results:
        out += ["| witness | what is compared | agreement | control |", "|---|---|---|---|"]
        for r in res.results:
            ex = ", ".join(f"`{_short_name(e)}`" for e in r.exercises) or "the paper's algebra only"
            route = f" vs {md_cell(r.route)}" if r.route else ""
            if r.control_rejected is None:
                ctl = (md_cell(r.control) + " (not run)") if r.control else "none recorded"
            else:
                ctl = (md_cell(r.control) + (": rejected" if r.control_rejected else ": **not rejected**")
                       + (f" ({md_cell(_detail(r.control, r.control_detail))})" if r.control_detail else ""))
            mark = "✓" if r.passed else "✗ **FAIL**"
            out.append(f"| {mark} {KIND_LABELS.get(r.kind, r.kind)}: {md_cell(r.name)} | {ex}{route} | "
                       f"{md_cell(r.agreement)} | {ctl} |")
        out.append("")
    out += sensitivity_lines(res)
    dom = [(r.name, r.domain) for r in res.results if r.domain]
    if dom:
        out += ["**Where the checks looked.**", ""]
        out += [f"- {md_text(name)}: " + "; ".join(f"{md_text(k)}: {md_text(v)}" for k, v in d.items())
                for name, d in dom]
        out.append("")
    cov = c.coverage()
    notes = [f"no {KIND_LABELS[k]} witness: {md_text(why)}" for k, why in c.no_witness.items()]
    if c.single_witness:
        notes.append(f"one witness: {md_text(c.single_witness)}")
    gaps = cov.gaps()
    if notes or gaps:
        out += ["**Witness coverage.** " + "; ".join(notes + [f"gap: {md_text(g)}" for g in gaps]) + ".", ""]
    if res.results:
        items = "".join(
            f"<li><b>{html.escape(r.name)}</b> ({'pass' if r.passed else 'FAIL'}): "
            f"{html.escape(r.evidence).replace(chr(10), '<br>')}</li>" for r in res.results)
        out += [f"<details><summary>Evidence, as the checks print it</summary><ol>{items}</ol></details>", ""]
    elif c.evidence:
        out += [f"**Why it cannot be checked here.** {md_text(c.evidence)}", ""]
    if res.results and c.evidence:
        out += [f"**Recorded evidence.** {md_text(c.evidence)}", ""]
    return "\n".join(out)


def sensitivity_lines(res) -> list:
    """Markdown: one table per check that enumerated unstated protocol choices (choice columns, the
    deciding number, whether the printed claim holds), with a note when the outcome flips.

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim, ClaimResult, Outcome, Sensitivity
    >>> s = Sensitivity(("scaling",), "gap", ((("[0, 1]",), "9.7", True), (("raw",), "-0.3", False)))
    >>> ch = Check("rerun", "data", lambda: Outcome(True, "ok", sensitivity=s), protocol_choices=("scaling",))
    >>> c = Claim("DERF-Fig9", "DERF", "Fig. 9", "x", "unverifiable", evidence="flips", checks=[ch])
    >>> print("\\n".join(sensitivity_lines(ClaimResult(c, (ch.run(),)))[:6]))
    **Protocol sensitivity** (rerun): gap.
    <BLANKLINE>
    ```{container} rfsym-fit-table
    <BLANKLINE>
    | scaling | deciding number | printed claim |
    |---|---|---|
    """
    out = []
    for r in res.results:
        t = r.sensitivity_table()
        if t is None:
            continue
        out += [f"**Protocol sensitivity** ({md_text(r.name)}): {md_text(t.measure)}.", "",
                "```{container} rfsym-fit-table", "",
                "| " + " | ".join(md_cell(ch) for ch in t.choices) + " | deciding number | printed claim |",
                "|" + "---|" * (len(t.choices) + 2)]
        for vals, num, holds in t.rows:
            out.append("| " + " | ".join(md_cell(v) for v in vals) + f" | {md_cell(num)} | {_HOLDS_WORD[holds]} |")
        out += ["```", ""]
        k = t.outcomes()
        verdict = ("the outcome **flips** with the protocol: the claim cannot be decided" if t.flips else
                   f"holds under {k[True]}, fails under {k[False]}, undecided under {k[None]} of {len(t.rows)} choices")
        out += [verdict[0].upper() + verdict[1:] + "." + (f" Threshold: {md_text(t.threshold)}." if t.threshold else ""),
                ""]
    return out


_PAPER_TITLES = {
    "CRT": "Chefs' Random Tables (CRT)",
    "DERF": "Dense-Exponential Random Features (DERF)",
    "HRF": "Hybrid Random Features (HRF)",
    "SimRF": "Simplex Random Features (SimRF)",
}


def _md_escape(text: str) -> str:
    """Table-safe Markdown that keeps ``$...$`` math for MathJax."""
    return md_cell(text)


def _witness_cell(c: Claim) -> str:
    cov = c.coverage()
    got = witness_kinds_short(c, empty="—")
    if not cov.target:
        return got
    return got + (" ✓" if cov.meets else " (gap)")


def coverage_section() -> list:
    """Markdown lines: per-paper witness coverage and the claims below target."""
    summ = coverage_summary()
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
           "```{container} rfsym-fit-table", "",
           "| paper | claims | with S | with N | with MC | with D | with A | witnesses without control "
           "| one witness, reason stated | theorem-like target met | all decided claims met |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for p, s in summ.items():
        k = s["kinds"]
        out.append(f"| {p} | {s['claims']} | {k['symbolic']} | {k['numeric']} | {k['montecarlo']} | "
                   f"{k['data']} | {k['arithmetic']} | {s['uncontrolled']} | {s['single_witness']} | "
                   f"{s['theorem_like_meets']}/{s['theorem_like']} | {s['meets']}/{s['target']} |")
    out += ["```", ""]
    gaps = [(cid, g) for s in summ.values() for cid, g in s["gaps"].items()]
    if gaps:
        out += [f"<details><summary>{len(gaps)} claims below the target, and why</summary><ul>"
                + "".join(f"<li>{cid}: {'; '.join(g)}</li>" for cid, g in gaps) + "</ul></details>", ""]
    return out


def _ref(c: Claim) -> str:
    return f"{{ref}}`{c.id} <{c.label}>`"


def claims_page(paper: str | None = None) -> str:
    """The *All claims* page: without ``paper`` the overview (verdict counts, witness coverage, one link per
    paper); with ``paper`` that paper's table of every claim (``book/claims/<key>.md``)."""
    reg = list(registry().values())
    if paper is not None:
        cl = [c for c in reg if c.paper == paper]
        out = [f"# {_PAPER_TITLES[paper]}: every claim", "",
               "Each id links to the notebook section that derives and checks it; `python -m rfsym verify "
               "--claim ID` recomputes the evidence. Witnesses: S = symbolic, N = high precision, MC = Monte "
               "Carlo, D = data, A = arithmetic ({doc}`../claims`).", ""]
        if not cl:
            return "\n".join(out + ["No claims registered yet.", ""])
        # verdict and witnesses first: a long formula in the statement must never push them off-screen
        out += ["```{container} rfsym-claims-table", "",
                "| claim | verdict | witnesses | where | statement (as printed) |", "|---|---|---|---|---|"]
        for c in cl:
            verdict = c.verdict + (f" ({c.severity})" if c.severity else "")
            out.append(f"| {_ref(c)} | {verdict} | {_witness_cell(c)} | {_md_escape(c.location)} | {_md_escape(c.statement)} |")
        out += ["```", ""]
        return "\n".join(out)
    out = ["# All claims", "",
           "Generated from the claims registry (`python -m rfsym claims --json`) when the book is built. "
           "One page per paper lists every claim with its verdict, witnesses and statement; each id links to "
           "the notebook section that derives and checks it.", ""]
    counts = {}
    for c in reg:
        counts.setdefault(c.paper, {}).setdefault(c.verdict, 0)
        counts[c.paper][c.verdict] += 1
    out += ["| paper | verified | erratum | unverifiable | every claim |", "|---|---|---|---|---|"]
    for p, key in PAPERS.items():
        k = counts.get(p, {})
        out.append(f"| {p} | {k.get('verified', 0)} | {k.get('erratum', 0)} | {k.get('unverifiable', 0)} | "
                   f"{{doc}}`{p} <claims/{key}>` |")
    out.append("")
    out += coverage_section()
    return "\n".join(out)


def errata_page(paper: str | None = None) -> str:
    """The errata page: the summary table (major first, one line each), the symbols and the rulebook's
    definitions, with one page per paper for the full entries (``paper``: that page, ``book/errata/<key>.md``)."""
    from .rules import rulebook_markdown

    reg = [c for c in registry().values() if c.verdict == "erratum"]
    if paper is not None:
        cl = [c for c in reg if c.paper == paper]
        out = [f"# Errata in {_PAPER_TITLES[paper]}", "",
               f"The {len(cl)} full entries, in paper order: where, as printed, the correct statement, the "
               "deciding evidence, the readings considered and the paper's best defence. One line each, all "
               "papers, sorted by severity: {doc}`../errata` (with the symbols).", ""]
        for c in cl:
            out += [f"({_entry_anchor(c)})=", f"## {c.id} ({c.severity})", "", "```{container} rfsym-wide-math", ""]
            out += erratum_lines(c) + ["```", ""]
            if c.is_empirical:
                from .runner import run

                out += sensitivity_lines(run(c.id))
        return "\n".join(out)
    sev = {s: sum(c.severity == s for c in reg) for s in ("major", "minor", "typo")}
    out = ["# Errata", "",
           f"**{len(reg)} statements** of the four papers are wrong as printed: **{sev['major']} major** (a main "
           f"result does not hold as stated), {sev['minor']} minor (wrong, but the paper's conclusions stand), "
           f"{sev['typo']} typos (the intent is clear from the text). One line per erratum below, major first; "
           "each links to its full entry (the statement as printed, the correct statement, the deciding evidence "
           "and the paper's best defence) on its paper's errata page: "
           + ", ".join(f"{{doc}}`{p} <errata/{key}>`" for p, key in PAPERS.items())
           + ". Generated from the claims registry when the book is built.", ""]
    if not reg:
        return "\n".join(out + ["No errata registered yet.", ""])
    out += ["## Summary", ""] + errata_summary_lines(reg)
    out += notation_lines()
    out += ["## How a verdict and a severity are decided", "",
            "The rulebook's definitions (`rfsym.claims.rules`; each rule with its tests: {doc}`rulebook`):", "",
            rulebook_markdown(heading_level=3), ""]
    return "\n".join(out)


#: Where a recorded evidence text switches from prose to the raw output of its checks.
_RAW_MARK = " Recorded check output: "


def split_evidence(text: str | None) -> tuple:
    """``(prose, raw)``: the evidence's prose, and the raw check output it quotes (empty if none).

    Examples
    --------
    >>> split_evidence("Fails at x = 1. Recorded check output: [numeric] x=1: 0.5 vs 0.7")
    ('Fails at x = 1.', '[numeric] x=1: 0.5 vs 0.7')
    >>> split_evidence("[numeric] x=1: 0.5 vs 0.7")
    ('', '[numeric] x=1: 0.5 vs 0.7')
    """
    text = (text or "").strip()
    if _RAW_MARK.strip() in text:
        prose, raw = text.split(_RAW_MARK.strip(), 1)
        return prose.strip(), raw.strip()
    if text.startswith("["):          # the whole text is a check's log line
        return "", text
    return text, ""


_HOLDS = {True: "holds", False: "fails", None: "depends on an unstated choice"}


def readings_lines(c: Claim) -> list:
    """Markdown: the readings of the statement considered, what each gives, and the paper's defence."""
    out = []
    if c.readings:
        out += ["**Readings considered.**", "", "```{container} rfsym-fit-table", "",
                "| reading | the statement under it | outcome | deciding numbers |", "|---|---|---|---|"]
        out += [f"| {md_cell(r.name)} | {md_cell(r.text)} | {_HOLDS[r.holds]} | {md_cell(r.deciding)} |"
                for r in c.readings]
        out += ["```", ""]
    if c.defence:
        out += [f"**The paper's best defence.** {md_text(c.defence)}", ""]
    if c.defeated_by:
        out += [f"**What defeats it.** {md_text(c.defeated_by)}", ""]
    return out


def erratum_lines(c: Claim) -> list:
    """Markdown list of one erratum: where, as printed, the correct statement, the evidence in prose (the
    raw check output folded away), and the link to its claim page."""
    prose, raw = split_evidence(c.evidence)
    out = [f"- **Where:** {_md_escape(c.location)}",
           f"- **As printed:** {_md_escape(c.statement)}",
           f"- **Correct statement:** {_md_escape(c.correction)}"]
    if prose:
        out.append(f"- **Evidence:** {_md_escape(prose)}")
    for r in c.readings:
        out.append(f"- **Reading ({_md_escape(r.name)}):** {_md_escape(r.text)} — {_HOLDS[r.holds]}"
                   + (f": {_md_escape(r.deciding)}" if r.deciding else ""))
    if c.defence:
        out.append(f"- **The paper's best defence:** {_md_escape(c.defence)}")
    if c.defeated_by:
        out.append(f"- **What defeats it:** {_md_escape(c.defeated_by)}")
    out.append(f"- **Details:** {_ref(c)} (every witness, its control and the numbers it printed)")
    if raw:
        out += ["", f"<details><summary>Check output as recorded</summary><pre>{html.escape(raw)}</pre></details>"]
    return out


#: The committed result of ``make audit`` (JSON), rendered as the book's audit page.
AUDIT_JSON = Path(__file__).resolve().parents[2] / "book" / "audit_report.json"


def audit_page(path=AUDIT_JSON) -> str:
    """The mutation-audit page from the committed report, flagged when the library has changed since."""
    from . import audit

    path = Path(path)
    if not path.exists():
        return ("# Mutation audit\n\nNo audit report is committed yet: run `make audit` "
                "(`python -m rfsym audit --json-out book/audit_report.json`).\n")
    rep = json.loads(path.read_text())
    text = audit.report_markdown(rep)
    current = audit.source_hash()                  # hashing every module costs seconds: once
    if rep.get("source_hash") != current:
        head, rest = text.split("\n", 1)
        text = (head + "\n\n:::{note}\nThe library has changed since this report was generated "
                f"(audited sources `{rep.get('source_hash')}`, current `{current}`): rerun "
                "`make audit` for an up-to-date report.\n:::\n" + rest)
    return text


def write_pages(outdir="book") -> list:
    """Write ``claims.md``, ``errata.md``, ``rulebook.md`` ("How verdicts are decided"), ``audit.md``,
    ``headlines.md``, ``glance.md`` (the landing page's results, included by ``intro.md``), and one page per
    paper under ``claims/`` and ``errata/`` into ``outdir``; return the paths written."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    paths = []
    from .headlines import headlines_page
    from .rulepage import rulebook_page

    pages = [("claims.md", claims_page()), ("errata.md", errata_page()), ("rulebook.md", rulebook_page()),
             ("audit.md", audit_page()), ("headlines.md", headlines_page()), ("glance.md", glance_page())]
    pages += [(f"{kind}/{key}.md", page(p)) for kind, page in (("claims", claims_page), ("errata", errata_page))
              for p, key in PAPERS.items()]
    for name, text in pages:
        path = outdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths.append(path)
    return paths


# ------------------------------------------------------------------------------------------------
# results first: the landing page's generated part, the errata summary, the rulebook page
# ------------------------------------------------------------------------------------------------

#: The symbols the errata use, per paper (the paper pages define the rest, next to each claim).
NOTATION = {
    None: "$x, y\\in\\mathbb R^d$ the two inputs, $d$ their dimension; $K(x,y)$ the kernel: Gaussian "
          "$e^{-\\|x-y\\|^2/2}$ (CRT, SimRF) or softmax $e^{x^\\top y}$ (DERF, HRF); $\\omega\\sim\\mathcal N(0,I_d)$ a "
          "random projection; $M$ or $m$ the number of random features; $\\hat K$ the estimator.",
    "CRT": "$A<1/8$ the parameter of the generalised exponential features (GERF, Eq. (5)), $A^*$ and $\\rho^*$ its "
           "optimum for OPRF/FAVOR++ (Thm 3.3), $s_2=\\|x+y\\|^2$, $N=\\|x\\|^2+\\|y\\|^2$, $Z=f^{(1)}(\\omega,x)f^{(2)}(\\omega,y)$ "
           "one feature product, $F$ the variance-gap term of Thm 9.1.",
    "DERF": "$A, B, C, D$ the parameters of dense-exponential features (Eq. (5)); $E,\\Lambda$ the matrices of the "
            "eigen-decompositions in App. A.4; $\\mathcal L$ the shifted log-variance objective (8).",
    "HRF": "$\\widehat{\\mathrm{SM}}$ a softmax-kernel estimator (trig, ++, bipolar or angular hybrid); $\\hat\\lambda$ "
           "the estimated mixing coefficient; $S(r)$ the sphere of radius $r$ the inputs lie on, "
           "$\\epsilon_{S(r)}$ the maximal relative error over it; $n$ the features estimating $\\hat\\lambda$; "
           "$b_r(\\theta)$ the bias term of App. D.3.",
    "SimRF": "$w_i$ the coupled projections (i.i.d., orthogonal or simplex directions times $\\chi_d$ norms), "
             "$\\hat w_i$ their directions; RF-conformity $\\rho$ (Eq. (9)), lower is better.",
}

_SEV_RANK = {"major": 0, "minor": 1, "typo": 2}


def erratum_summary(c: Claim) -> str:
    """One line (MyST) of what is wrong and what is right: the claim's ``summary`` (every major and minor
    erratum has one), else the statement as printed and the first sentence of the correction, each shortened."""
    from .tables import first_sentence, shorten

    if c.summary:
        return c.summary
    return (f"Printed: {shorten(c.statement, 110)} Correct: {shorten(first_sentence(c.correction), 170)}")


def errata_summary_lines(claims=None) -> list:
    """Markdown: the errata summary table, major first, one row per erratum with a link to its full entry."""
    reg = [c for c in (registry().values() if claims is None else claims) if c.verdict == "erratum"]
    order = {p: i for i, p in enumerate(PAPERS)}
    reg.sort(key=lambda c: (_SEV_RANK.get(c.severity, 3), order.get(c.paper, 9)))
    out = ["```{container} rfsym-fit-table rfsym-errata-summary", "",
           "| severity | erratum | what is wrong, and what is right |", "|---|---|---|"]
    for c in reg:
        sev = f"**{c.severity}**" if c.severity == "major" else c.severity
        out.append(f"| {sev} | {{ref}}`{c.id} <{_entry_anchor(c)}>` ({md_cell(c.location)}) | {md_cell(erratum_summary(c))} |")
    out += ["```", ""]
    return out


def _entry_anchor(c: Claim) -> str:
    return "erratum-" + c.label


def notation_lines() -> list:
    out = ["```{admonition} Symbols", ":class: rfsym-notation", ""]
    out += [f"- **{'All papers' if p is None else p}:** {text}" for p, text in NOTATION.items()]
    out += ["", "Each entry links to the claim's section of its paper page, where every symbol is introduced "
            "with the statement.", "```", ""]
    return out


def _counts():
    counts = {p: {"verified": 0, "unverifiable": 0, "major": 0, "minor": 0, "typo": 0, "all": 0} for p in PAPERS}
    for c in registry().values():
        k = counts[c.paper]
        k["all"] += 1
        k[c.severity if c.verdict == "erratum" else c.verdict] += 1
    return counts


def _wild_findings() -> list:
    """The biased rows of the committed *in the wild* caches, one line per package function (devices merged)."""
    from .. import wild

    found, checked, files, stale = {}, 0, 0, []
    for path in wild.cache_files():
        try:
            data = wild.load(path)
        except wild.StaleCache:
            stale.append(path.name)
            continue
        files += 1
        for r in data["rows"]:
            checked += 1
            if r["passed"]:
                continue
            key = (r["package"], r["function"])
            e = found.setdefault(key, {"row": r, "devices": []})
            e["devices"].append((data.get("device", "cpu"), r["relative_error"], r["z"]))
    return [found, checked, files, stale]


def wild_lines() -> list:
    from .tables import first_sentence

    found, checked, files, stale = _wild_findings()
    n_biased = sum(len(e["devices"]) for e in found.values())
    out = [f"Of {checked} package checks in the committed runs ({files} result files of `make wild`), "
           f"**{n_biased} are biased** ($|z|>5$ against the exact kernel value); by package function:", "",
           "```{container} rfsym-fit-table rfsym-wild-summary", "",
           "| package | function | bias of the kernel estimate | why |", "|---|---|---|---|"]
    for (pkg, fn), e in sorted(found.items(), key=lambda kv: -max(abs(d[1]) for d in kv[1]["devices"])):
        r = e["row"]
        bias = "; ".join(f"{100 * rel:+.1f} % ($z={z:+.0f}$, {dev.upper()})" for dev, rel, z in e["devices"])
        cause = first_sentence(r.get("cause") or "cause not identified")
        out.append(f"| {md_cell(pkg)} {md_cell(r.get('version') or '')} | `{fn.replace('|', '/')}` | {bias} | {md_cell(cause)} |")
    out += ["```", ""]
    if stale:
        out += [f"*Not counted (stale cache, rerun `make wild`): {', '.join(stale)}.*", ""]
    return out


def _headline_lines() -> list:
    from .headlines import HEADLINE_VERDICTS, headlines

    hs = headlines()
    if not hs:
        return []
    counts = {v: sum(h.verdict() == v for h in hs) for v in HEADLINE_VERDICTS}
    out = [f"Of the papers' {len(hs)} headline sentences (abstracts, contribution lists, conclusions), "
           + ", ".join(f"{n} *{v}*" for v, n in counts.items()) + " ({doc}`headlines`)."]
    bad = [h for h in hs if h.verdict() == "does not hold as stated"]
    if bad:
        out[0] += " Those that do not hold as stated:"
        out += [""] + [f"- **{h.paper}, {md_text(h.where)}:** {md_text(h.quote)} — rests on "
                       + ", ".join(f"{{ref}}`{c.id} <{c.label}>`" for c in h.deciding()) for h in bad]
    out.append("")
    return out


def glance_page() -> str:
    """The generated part of the landing page (``book/glance.md``, included by ``book/intro.md``): the
    verdicts per paper, the major errata, the headline summary, the *in the wild* findings, the rulebook."""
    from .rules import rulebook_markdown

    counts = _counts()
    out = ["## The results at a glance", "",
           "Counted from the claims registry when the book was built.", "",
           "```{container} rfsym-fit-table rfsym-glance", "",
           "| paper | claims | verified | errata: major / minor / typo | unverifiable |", "|---|---|---|---|---|"]
    tot = {k: 0 for k in ("verified", "unverifiable", "major", "minor", "typo", "all")}
    for p, key in PAPERS.items():
        k = counts[p]
        for name in tot:
            tot[name] += k[name]
        err = k["major"] + k["minor"] + k["typo"]
        out.append(f"| {{doc}}`{p} <../notebooks/{key}>` | {k['all']} | {k['verified']} | "
                   f"{err}: {k['major']} / {k['minor']} / {k['typo']} | {k['unverifiable']} |")
    err = tot["major"] + tot["minor"] + tot["typo"]
    out += [f"| **all** | {tot['all']} | {tot['verified']} | {err}: {tot['major']} / {tot['minor']} / {tot['typo']} "
            f"| {tot['unverifiable']} |", "```", ""]
    majors = sorted((c for c in registry().values() if c.verdict == "erratum" and c.severity == "major"),
                    key=lambda c: list(PAPERS).index(c.paper))
    if majors:
        out += [f"**The {len(majors)} major errata** (a main result that does not hold as stated):", ""]
        out += [f"- {{ref}}`{c.id} <{c.label}>` ({md_text(c.location)}): {md_text(erratum_summary(c))}" for c in majors]
        out += ["", "All errata, sorted by severity, each in one line: {doc}`errata`; every claim: {doc}`claims`.", ""]
    out += ["### What the abstracts claim", ""] + _headline_lines()
    out += ["### Random features in the wild", "",
            "The same checks applied to the packages people install ({doc}`../notebooks/wild`):", ""] + wild_lines()
    out += ["## How verdicts are decided", "",
            "Every verdict is given by one named rule of the rulebook (`rfsym.claims.rules`), the same for "
            "every paper; {doc}`rulebook` explains each rule with its tests. The definitions:", "",
            rulebook_markdown(heading_level=3), ""]
    return "\n".join(out)
