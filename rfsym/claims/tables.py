"""Tables of the registry: verdicts (plain text for the terminal, MyST for the notebooks), witness coverage
per paper, the terminal listing of ``python -m rfsym claims``."""

from __future__ import annotations

import re

from typing import Sequence

from .model import CORE_KINDS, KIND_SHORT, PAPERS, VERDICTS, WITNESS_KINDS, Claim, ClaimResult
from .runner import claims_for, registry, run

__all__ = ["witness_kinds_short", "coverage_summary", "coverage_table", "verdict_table", "verdict_markdown",
           "summary_table", "reason", "first_sentence", "shorten", "claims_listing"]

_MATH_SPLIT = re.compile(r"(\$\$.+?\$\$|\$[^$\n]+?\$)", re.S)


def first_sentence(text: str | None) -> str:
    """The first sentence of a MyST text (a full stop followed by a space and a capital, outside ``$...$``).

    Examples
    --------
    >>> first_sentence("Use $x.y$ here. Then more.")
    'Use $x.y$ here.'
    >>> first_sentence("No stop")
    'No stop'
    """
    text = " ".join((text or "").split())
    parts = _MATH_SPLIT.split(text)
    pos = 0
    for i, part in enumerate(parts):
        if i % 2 == 0:
            m = re.search(r"[.;](?=\s+[A-Z(*])", part)
            if m:
                return text[:pos + m.end()].strip()
        pos += len(part)
    return text.strip()


def shorten(text: str | None, limit: int = 240) -> str:
    """``text`` cut to about ``limit`` characters at a word boundary, never inside ``$...$`` math, with "…".

    Examples
    --------
    >>> shorten("aaa bbb $x+y$ ccc", 9)
    'aaa bbb …'
    >>> shorten("short", 10)
    'short'
    """
    text = " ".join((text or "").split())
    if len(text) <= limit:
        return text
    out, n = [], 0
    for i, part in enumerate(_MATH_SPLIT.split(text)):
        if i % 2:                                   # math: all or nothing
            if n + len(part) > limit:
                break
            out.append(part)
            n += len(part)
            continue
        for word in re.split(r"(\s+)", part):
            if n + len(word) > limit:
                return ("".join(out).rstrip(" ,;:") + " …").lstrip()
            out.append(word)
            n += len(word)
    return ("".join(out).rstrip(" ,;:") + " …").lstrip()


def reason(c: Claim) -> str:
    """Why a claim has its verdict, in one sentence: the correction of an erratum, the reason an
    unverifiable claim cannot be decided; empty for a verified claim."""
    if c.verdict == "erratum":
        return first_sentence(c.correction)
    if c.verdict == "unverifiable":
        from .pages import split_evidence

        return first_sentence(split_evidence(c.evidence)[0] or c.evidence)
    return ""


def claims_listing(claims: Sequence[Claim], width: int | None = None) -> str:
    """The terminal listing of ``python -m rfsym claims``: id, verdict, the rule that decides it, location and
    reason in aligned columns; the reason (plain text, ``$`` dropped) is cut to fit ``width`` characters
    (``None``: no cut)."""
    rows = [("claim", "verdict", "rule", "where", "reason (correction / why it cannot be checked)")]
    for c in claims:
        v = c.verdict + (f" ({c.severity})" if c.severity else "")
        loc = " ".join(c.location.split())
        if width is not None and len(loc) > 34:
            loc = loc[:33].rstrip(" ,;") + "…"
        rows.append((c.id, v, c.rule or "(no rule)", loc, reason(c).replace("$", "")))
    if width is not None:
        fixed = sum(max(len(r[i]) for r in rows) + 2 for i in range(4))
        room = max(20, width - fixed)
        rows = [r[:4] + ((r[4] if len(r[4]) <= room else r[4][:room - 1].rstrip() + "…"),) for r in rows]
    return _text_table(rows)


def _text_table(rows) -> str:
    """Left-aligned plain-text table; the first row is the header, underlined with dashes."""
    w = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for j, row in enumerate(rows):
        out.append("  ".join(x.ljust(w[i]) for i, x in enumerate(row)).rstrip())
        if j == 0:
            out.append("  ".join("-" * n for n in w))
    return "\n".join(out)


def witness_kinds_short(c: Claim, empty: str = "-") -> str:
    """The claim's witness kinds as ``S+N+MC+D+A`` (symbolic, high precision, Monte Carlo, data, arithmetic)."""
    kinds = c.coverage().kinds
    return "+".join(KIND_SHORT[k] for k in WITNESS_KINDS if k in kinds) or empty


def _table(results: Sequence[ClaimResult]) -> str:
    head = ("claim", "verdict", "severity", "checks", "witnesses", "target", "reproduced")
    rows = [head]
    for r in results:
        c = r.claim
        cov = c.coverage()
        npass = sum(x.passed for x in r.results)
        tgt = ("meets" if cov.meets else "GAP") if cov.target else "n/a"
        rows.append((c.id, c.verdict, c.severity or "", f"{npass}/{len(r.results)}",
                     f"{cov.witnesses} {witness_kinds_short(c)}", tgt, "yes" if r.reproduced else "NO"))
    return _text_table(rows)


def coverage_summary(claims: Sequence[Claim] | None = None) -> dict:
    """Per paper: claims held to the target, how many meet it, witness-kind counts, and the gaps.

    Returns ``{paper: {"claims", "target", "meets", "theorem_like", "theorem_like_meets",
    "single_witness", "kinds": {kind: n}, "explained": {kind: n}, "uncontrolled": n, "consistency": n,
    "gaps": {claim_id: [gap, ...]}, "errata", "errata_defended", "undefended": [claim_id, ...],
    "empirical_errata", "empirical_errata_tabled", "untabled": [claim_id, ...]}}`` (no checks are run).
    An empirical erratum is *tabled* when one of its checks declares the protocol choices it enumerates. An erratum is *defended* when it records at least two readings (the literal one and the most
    charitable one the paper allows), the strongest defence of the paper, and the number that defeats it. ``target``/``meets`` count every verified or
    erratum claim; ``theorem_like*`` the theorems, lemmas, corollaries, propositions and equations among
    them; ``single_witness`` the claims resting on one witness with a stated reason.
    """
    claims = list(registry().values()) if claims is None else list(claims)
    out: dict = {}
    for c in claims:
        s = out.setdefault(c.paper, {"claims": 0, "target": 0, "meets": 0, "theorem_like": 0,
                                     "theorem_like_meets": 0, "single_witness": 0,
                                     "kinds": {k: 0 for k in WITNESS_KINDS},
                                     "explained": {k: 0 for k in CORE_KINDS}, "uncontrolled": 0,
                                     "consistency": 0, "gaps": {}, "errata": 0, "errata_defended": 0,
                                     "undefended": [], "empirical_errata": 0, "empirical_errata_tabled": 0,
                                     "untabled": []})
        cov = c.coverage()
        s["claims"] += 1
        for k in cov.kinds:
            if k in s["kinds"]:
                s["kinds"][k] += 1
        for k in cov.explained:
            s["explained"][k] += 1
        s["uncontrolled"] += len(cov.uncontrolled)
        s["consistency"] += cov.consistency
        if c.verdict == "erratum":
            s["errata"] += 1
            s["errata_defended"] += cov.defended
            if not cov.defended:
                s["undefended"].append(c.id)
            if c.is_empirical:
                s["empirical_errata"] += 1
                s["empirical_errata_tabled"] += cov.protocol_table
                if not cov.protocol_table:
                    s["untabled"].append(c.id)
        if cov.target:
            s["target"] += 1
            s["meets"] += cov.meets
            s["single_witness"] += cov.witnesses == 1 and bool(cov.single_reason)
            if cov.theorem_like:
                s["theorem_like"] += 1
                s["theorem_like_meets"] += cov.meets
            if not cov.meets:
                s["gaps"][c.id] = cov.gaps()
    return {p: out[p] for p in PAPERS if p in out}


def coverage_table(claims: Sequence[Claim] | None = None) -> str:
    """Plain-text per-paper witness coverage (claims with each witness kind, targets met)."""
    summ = coverage_summary(claims)
    head = ("paper", "claims", "symbolic", "high-prec.", "Monte Carlo", "data", "arithm.",
            "no control", "one witness (reason)", "theorem-like met", "all decided met", "errata defended",
            "empirical errata tabled")
    rows = [head]
    for p, s in summ.items():
        k = s["kinds"]
        rows.append((p, str(s["claims"]), str(k["symbolic"]), str(k["numeric"]), str(k["montecarlo"]),
                     str(k["data"]), str(k["arithmetic"]), str(s["uncontrolled"]), str(s["single_witness"]),
                     f"{s['theorem_like_meets']}/{s['theorem_like']}", f"{s['meets']}/{s['target']}",
                     f"{s['errata_defended']}/{s['errata']}",
                     f"{s['empirical_errata_tabled']}/{s['empirical_errata']}"))
    return _text_table(rows)


def _counts_line(results: Sequence[ClaimResult]) -> str:
    counts: dict = {}
    for r in results:
        counts[r.claim.verdict] = counts.get(r.claim.verdict, 0) + 1
    cov = [r.claim.coverage() for r in results]
    tgt = [x for x in cov if x.target]
    thm = [x for x in tgt if x.theorem_like]
    return (", ".join(f"{v}: {counts.get(v, 0)}" for v in VERDICTS)
            + f"; reproduced {sum(r.reproduced for r in results)}/{len(results)}"
            + f"; witness target met by {sum(x.meets for x in thm)}/{len(thm)} theorem-like claims"
            + f" and {sum(x.meets for x in tgt)}/{len(tgt)} decided claims")


def verdict_markdown(results: Sequence[ClaimResult]) -> str:
    """The verdict table as MyST Markdown (the paper pages open with it): a one-line count of the
    verdicts (errata by severity), then one row per claim with a link to its section, the verdict, where
    in the paper, the witnesses and the checks that passed; errata and unverifiable claims first."""
    from .pages import md_cell

    n = len(results)
    by = {v: [r for r in results if r.claim.verdict == v] for v in VERDICTS}
    sev = {s: sum(r.claim.severity == s for r in by["erratum"]) for s in ("major", "minor", "typo")}
    sev_text = ", ".join(f"{k} {s}" for s, k in sev.items() if k)
    ok = sum(r.reproduced for r in results)
    cov = [r.claim.coverage() for r in results]
    tgt = [x for x in cov if x.target]
    out = [f"**{n} claims: {len(by['verified'])} verified, {len(by['erratum'])} errata"
           + (f" ({sev_text})" if sev_text else "") + f", {len(by['unverifiable'])} unverifiable.** "
           + (f"Every recorded verdict is reproduced by the checks ({ok}/{n})" if ok == n
              else f"**{n - ok} recorded verdicts are NOT reproduced**")
           + f"; {sum(x.meets for x in tgt)}/{len(tgt)} decided claims meet the witness target "
           "(S = symbolic, N = high precision, MC = Monte Carlo, D = data, A = arithmetic).", "",
           "```{container} rfsym-fit-table rfsym-verdict-table", "",
           "| claim | verdict | where in the paper | witnesses | checks passed |", "|---|---|---|---|---|"]
    rank = {("erratum", "major"): 0, ("erratum", "minor"): 1, ("erratum", "typo"): 2, ("unverifiable", None): 3}
    for r in sorted(results, key=lambda r: rank.get((r.claim.verdict, r.claim.severity), 4)):
        c = r.claim
        v = c.verdict + (f" ({c.severity})" if c.severity else "")
        if c.verdict == "erratum" and c.severity == "major":
            v = f"**{v}**"
        npass = sum(x.passed for x in r.results)
        checks = f"{npass}/{len(r.results)}" + ("" if r.reproduced else " **not reproduced**")
        out.append(f"| {{ref}}`{c.id} <{c.label}>` | {v} | {md_cell(c.location)} | {witness_kinds_short(c, empty='—')} "
                   f"| {checks} |")
    out += ["```", ""]
    return "\n".join(out)


def verdict_table(paper: str | None = None, notebook: str | None = None) -> list:
    """Run (cached) all checks of a paper/notebook, show the verdict table, assert all reproduced and the
    evidence lint clean (every quoted number printed, every quantified sentence backed by a declared domain).

    In a notebook (and in the book) the table is displayed as MyST Markdown (:func:`verdict_markdown`,
    each claim linked to its section); in a terminal it is printed as plain text with a count line.
    """
    from .runner import _in_notebook

    results = [run(c.id) for c in claims_for(paper, notebook)]
    if _in_notebook():
        from IPython.display import Markdown, display

        display(Markdown(verdict_markdown(results)))
    else:
        print(_table(results))
        print("\n" + _counts_line(results))
    bad = [r.claim.id for r in results if not r.reproduced]
    assert not bad, f"verdicts not reproduced: {bad}"
    from .lint import lint_evidence_domains, lint_evidence_numbers

    lint = {r.claim.id: lint_evidence_numbers(r) + lint_evidence_domains(r) for r in results}
    lint = {k: v for k, v in lint.items() if v}
    assert not lint, f"evidence lint (numbers no check printed, quantified sentences without a declared domain): {lint}"
    return results


def summary_table(results: Sequence[ClaimResult]) -> str:
    """Plain-text table of verification results."""
    return _table(results)
