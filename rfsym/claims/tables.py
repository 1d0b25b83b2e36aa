"""Plain-text tables: verdicts, witness coverage per paper."""

from __future__ import annotations

from typing import Sequence

from .model import CORE_KINDS, KIND_SHORT, PAPERS, VERDICTS, WITNESS_KINDS, Claim, ClaimResult
from .runner import claims_for, registry, run

__all__ = ["witness_kinds_short", "coverage_summary", "coverage_table", "verdict_table", "summary_table"]

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


def verdict_table(paper: str | None = None, notebook: str | None = None) -> list:
    """Run (cached) all checks of a paper/notebook, print the verdict table, assert all reproduced and the
    evidence lint clean (every quoted number printed, every quantified sentence backed by a declared domain)."""
    results = [run(c.id) for c in claims_for(paper, notebook)]
    print(_table(results))
    counts: dict = {}
    for r in results:
        counts[r.claim.verdict] = counts.get(r.claim.verdict, 0) + 1
    cov = [r.claim.coverage() for r in results]
    tgt = [x for x in cov if x.target]
    thm = [x for x in tgt if x.theorem_like]
    print("\n" + ", ".join(f"{v}: {counts.get(v, 0)}" for v in VERDICTS)
          + f"; reproduced {sum(r.reproduced for r in results)}/{len(results)}"
          + f"; witness target met by {sum(x.meets for x in thm)}/{len(thm)} theorem-like claims"
          + f" and {sum(x.meets for x in tgt)}/{len(tgt)} decided claims")
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
