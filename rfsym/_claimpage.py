"""Markdown rendering of a claim and its recomputed witnesses (the claim pages of the book).

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
import re

__all__ = ["md_text", "md_cell", "claim_markdown", "latex_of"]

_MATH = re.compile(r"(\$\$.+?\$\$|\$[^$\n]+?\$)", re.S)
_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


def md_text(text: str | None, table: bool = False) -> str:
    """Escape Markdown outside ``$...$`` math; keep the math for MathJax.

    In a table cell (``table=True``) newlines become spaces and ``|`` inside math becomes ``\\vert``.

    Examples
    --------
    >>> md_text("a_b and $x_1^2$")
    'a\\\\_b and $x_1^2$'
    >>> md_text("$|x|$ | y", table=True)
    '$\\\\vert x\\\\vert $ \\\\| y'
    """
    if not text:
        return ""
    parts = _MATH.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:          # math
            out.append(part.replace("|", r"\vert ") if table else part)
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


def claim_markdown(res) -> str:
    """The claim page of a :class:`~rfsym.claims.ClaimResult` as MyST Markdown."""
    from .claims import KIND_LABELS

    c = res.claim
    out = [f"**{c.id}** · {md_text(c.location)}", "",
           f"**As printed.** {md_text(c.statement)}", ""]
    if c.correction:
        out += [f"**Correct statement.** {md_text(c.correction)}", ""]
    out += [_verdict_line(c, res.reproduced), ""]
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
                       + (f" ({md_cell(r.control_detail)})" if r.control_detail else ""))
            mark = "✓" if r.passed else "✗ **FAIL**"
            out.append(f"| {mark} {KIND_LABELS.get(r.kind, r.kind)}: {md_cell(r.name)} | {ex}{route} | "
                       f"{md_cell(r.agreement)} | {ctl} |")
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
