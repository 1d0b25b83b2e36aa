"""Loading the registry (every paper's ``rfsym.<key>.claims``), looking claims up and running their checks."""

from __future__ import annotations

import difflib
import importlib
import json
import sys
from typing import Sequence

from .lint import lint_evidence_numbers
from .model import PAPERS, Claim, ClaimResult, paper_name

__all__ = ["REGISTRY_MODULES", "registry", "get", "claims_for", "run", "show_claim", "verify", "to_json",
           "results_to_json", "reset_cache"]

#: Registry modules, in book order.
REGISTRY_MODULES = ("foundations", "crt", "derf", "hrf", "simrf")

# ------------------------------------------------------------------------------ registry

_REGISTRY: dict | None = None
_CACHE: dict = {}


def registry() -> dict:
    """All claims, keyed by id, in book order (loads every paper's ``rfsym.<key>.claims`` once)."""
    global _REGISTRY
    if _REGISTRY is None:
        reg: dict = {}
        for key in REGISTRY_MODULES:
            mod = None
            # a paper package declares its claims in ``rfsym.<key>.claims`` (its CLAIMS, in book order);
            # papers not yet moved there keep ``rfsym.registry.<key>``
            for modname in (f"rfsym.{key}.claims", f"rfsym.registry.{key}"):
                try:
                    mod = importlib.import_module(modname)
                    break
                except ModuleNotFoundError as exc:
                    if exc.name not in (modname, f"rfsym.{key}.claims", f"rfsym.{key}"):
                        raise
            if mod is None:
                continue
            for c in mod.CLAIMS:
                if not isinstance(c, Claim):
                    raise TypeError(f"{modname}.CLAIMS contains a non-Claim {c!r}")
                if c.id in reg:
                    raise ValueError(f"duplicate claim id {c.id} in {modname}")
                reg[c.id] = c
        _REGISTRY = reg
    return _REGISTRY


def get(claim_id: str) -> Claim:
    """The claim with this id; ids are matched case-insensitively (``"crt-eq7"`` finds ``CRT-Eq7``).

    Raises
    ------
    KeyError
        Unknown id; the message suggests the closest known ids.
    """
    reg = registry()
    if claim_id in reg:
        return reg[claim_id]
    folded = {k.lower(): k for k in reg}
    key = str(claim_id).lower()
    if key in folded:
        return reg[folded[key]]
    close = [folded[k] for k in difflib.get_close_matches(key, list(folded), n=5, cutoff=0.6)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise KeyError(f"unknown claim id {claim_id!r}{hint} (`python -m rfsym claims` lists all {len(reg)} ids)")


def claims_for(paper: str | None = None, notebook: str | None = None) -> list:
    """Claims of one paper (``"CRT"``, any case) and/or one notebook (``"foundations"`` ...), or all."""
    if paper is not None:
        paper = paper_name(paper)
    return [c for c in registry().values()
            if (paper is None or c.paper == paper) and (notebook is None or c.notebook == notebook)]


def reset_cache() -> None:
    """Forget cached check results (the next :func:`run` recomputes)."""
    _CACHE.clear()


def run(claim_id: str) -> ClaimResult:
    """Run the checks of one claim (cached per process)."""
    if claim_id not in _CACHE:
        c = get(claim_id)
        _CACHE[claim_id] = ClaimResult(c, tuple(ch.run() for ch in c.checks))
    return _CACHE[claim_id]


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a test/book dependency
        return False
    ip = get_ipython()
    return ip is not None and hasattr(ip, "kernel")


def show_claim(claim_id: str) -> ClaimResult:
    """Run a claim's checks, show its page, and assert that the recorded verdict is reproduced.

    In a notebook (and in the book) the page is displayed as Markdown: the statement as printed, the
    derivation, the table of witnesses and the verdict; in a terminal the plain-text report is
    printed. The cell fails (and so does nbval) if a check does not reproduce.
    """
    res = run(claim_id)
    if _in_notebook():
        from IPython.display import Markdown, display

        from .pages import claim_markdown

        display(Markdown(claim_markdown(res)))
    else:
        print(res.report())
    assert res.reproduced, f"{claim_id}: recorded verdict {res.claim.verdict!r} not reproduced"
    return res


def verify(paper: str | None = None, claim_id: str | None = None, *, progress=sys.stderr) -> list:
    """Recompute checks (all, one paper's, or one claim's); return the list of :class:`ClaimResult`."""
    claims = [get(claim_id)] if claim_id else claims_for(paper)
    if claim_id and paper and claims[0].paper != paper_name(paper):
        raise ValueError(f"claim {claim_id} belongs to {claims[0].paper}, not {paper}")
    out = []
    for i, c in enumerate(claims, 1):
        if progress is not None:
            print(f"[{i}/{len(claims)}] {c.id} ...", end="", file=progress, flush=True)
        r = run(c.id)
        if progress is not None:
            print(f" {'ok' if r.reproduced else 'NOT REPRODUCED'} ({r.seconds:.1f} s)", file=progress, flush=True)
        out.append(r)
    return out


def to_json(claims: Sequence[Claim] | None = None) -> str:
    """The registry (or a subset) as a JSON list."""
    claims = list(registry().values()) if claims is None else claims
    return json.dumps([c.to_dict() for c in claims], indent=2, ensure_ascii=False)


def results_to_json(results: Sequence[ClaimResult]) -> str:
    """Verification results as JSON (claim, verdict, reproduced, per-check evidence)."""
    return json.dumps([
        {"id": r.claim.id, "paper": r.claim.paper, "verdict": r.claim.verdict,
         "reproduced": r.reproduced,
         "coverage": {"meets_target": r.claim.coverage().meets, "gaps": r.claim.coverage().gaps()},
         "unsupported_numbers": lint_evidence_numbers(r),
         "checks": [{"name": x.name, "kind": x.kind, "passed": x.passed, "evidence": x.evidence,
                     "agreement": x.agreement, "exercises": list(x.exercises), "route": x.route,
                     "control": x.control, "control_rejected": x.control_rejected,
                     "control_detail": x.control_detail, "seconds": round(x.seconds, 3)}
                    for x in r.results]}
        for r in results], indent=2, ensure_ascii=False)
