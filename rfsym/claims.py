"""The claims registry: every numbered result of the four papers, its verdict and its checks.

A :class:`Claim` records what a paper states (``statement``, ``location``), our ``verdict``
(``verified``, ``erratum`` or ``unverifiable``), and for errata the ``severity`` and the
``correction``. Its :class:`Check` objects recompute the deciding evidence; each check returns
``(passed, evidence)`` where ``passed`` means *the evidence supports the recorded verdict* (for an
erratum: the printed statement fails and the correction holds). A verdict is reproduced when every
check passes; ``verified`` and ``erratum`` claims must have at least one check, ``unverifiable``
claims (empirical results that cannot be rerun here) carry the reason in ``evidence`` and no checks.

Claims live in ``rfsym/registry/<key>.py`` (a list ``CLAIMS``), one module per notebook.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable, Sequence

__all__ = [
    "PAPERS", "VERDICTS", "SEVERITIES", "KINDS", "Check", "CheckResult", "Claim", "ClaimResult",
    "registry", "get", "claims_for", "run", "show_claim", "verdict_table", "verify", "to_json",
    "reset_cache",
]

#: Paper identifiers and the key of their notebook/module.
PAPERS = {"CRT": "crt", "DERF": "derf", "HRF": "hrf", "SimRF": "simrf"}
VERDICTS = ("verified", "erratum", "unverifiable")
SEVERITIES = ("typo", "minor", "major")
#: Kinds of checks (the independent witnesses).
KINDS = ("symbolic", "numeric", "montecarlo", "data")
#: Registry modules, in book order.
REGISTRY_MODULES = ("foundations", "crt", "derf", "hrf", "simrf")

_ID_RE = re.compile(r"^(CRT|DERF|HRF|SimRF)-(Thm|Lem|Cor|Def|Prop|Eq|Alg|Fig|Tab|Sec)[A-Za-z0-9.\-]+$")


@dataclass(frozen=True)
class CheckResult:
    """Outcome of one check."""

    name: str
    kind: str
    passed: bool
    evidence: str
    seconds: float = 0.0


@dataclass(frozen=True)
class Check:
    """A named callable ``fn() -> (passed, evidence)`` recomputing part of a claim's evidence."""

    name: str
    kind: str
    fn: Callable[[], tuple]

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"Check.kind must be one of {KINDS}, got kind={self.kind!r}")
        if not callable(self.fn):
            raise TypeError(f"Check.fn must be callable, got {self.fn!r}")

    def run(self) -> CheckResult:
        """Run the check; an exception counts as a failure with its traceback as evidence."""
        t0 = time.perf_counter()
        try:
            out = self.fn()
            if not (isinstance(out, tuple) and len(out) == 2):
                raise TypeError(f"check {self.name!r} must return (passed, evidence), got {out!r}")
            passed, evidence = bool(out[0]), str(out[1])
        except Exception:  # a crashing check is a failed check, reported with its cause
            passed, evidence = False, "check raised:\n" + traceback.format_exc(limit=4)
        return CheckResult(self.name, self.kind, passed, evidence, time.perf_counter() - t0)


@dataclass(frozen=True)
class Claim:
    """One claim of a paper (see the module docstring for the semantics of the fields)."""

    id: str
    paper: str
    location: str
    statement: str
    verdict: str
    evidence: str = ""
    severity: str | None = None
    correction: str | None = None
    checks: Sequence[Check] = field(default_factory=tuple)
    notebook: str | None = None
    label: str | None = None

    def __post_init__(self):
        if self.paper not in PAPERS:
            raise ValueError(f"Claim.paper must be one of {tuple(PAPERS)}, got paper={self.paper!r}")
        if not _ID_RE.match(self.id) or not self.id.startswith(self.paper + "-"):
            raise ValueError(f"Claim.id must look like '<PAPER>-<Kind><number>' for paper {self.paper}, got id={self.id!r}")
        if self.verdict not in VERDICTS:
            raise ValueError(f"Claim.verdict must be one of {VERDICTS}, got verdict={self.verdict!r} ({self.id})")
        if self.verdict == "erratum":
            if self.severity not in SEVERITIES:
                raise ValueError(f"erratum {self.id} needs severity in {SEVERITIES}, got {self.severity!r}")
            if not self.correction:
                raise ValueError(f"erratum {self.id} needs a correction")
        elif self.severity is not None or self.correction is not None:
            raise ValueError(f"{self.id}: severity/correction are only for errata")
        if self.verdict in ("verified", "erratum") and not self.checks:
            raise ValueError(f"{self.id}: a {self.verdict} claim needs at least one check")
        if self.verdict == "unverifiable" and (self.checks or not self.evidence):
            raise ValueError(f"{self.id}: an unverifiable claim has no checks and states the reason in evidence")
        object.__setattr__(self, "checks", tuple(self.checks))
        if self.notebook is None:
            object.__setattr__(self, "notebook", PAPERS[self.paper])
        if self.label is None:
            object.__setattr__(self, "label", self.id.lower().replace(".", "-"))

    def to_dict(self) -> dict:
        """JSON-friendly form (check callables become name/kind pairs)."""
        return {
            "id": self.id, "paper": self.paper, "location": self.location,
            "statement": self.statement, "verdict": self.verdict, "severity": self.severity,
            "correction": self.correction, "evidence": self.evidence,
            "checks": [{"name": c.name, "kind": c.kind} for c in self.checks],
            "notebook": self.notebook, "label": self.label,
        }


@dataclass(frozen=True)
class ClaimResult:
    """The recomputed checks of a claim and whether its recorded verdict is reproduced."""

    claim: Claim
    results: tuple

    @property
    def reproduced(self) -> bool:
        return all(r.passed for r in self.results)

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.results)

    def report(self) -> str:
        c = self.claim
        lines = [f"{c.id} [{c.location}] recorded verdict: {c.verdict}"
                 + (f" ({c.severity})" if c.severity else "")]
        lines.append(f"  statement: {c.statement}")
        if c.correction:
            lines.append(f"  correction: {c.correction}")
        if not self.results:
            lines.append(f"  no checks ({c.evidence})")
        for r in self.results:
            mark = "ok  " if r.passed else "FAIL"
            ev = r.evidence.replace("\n", "\n        ")
            lines.append(f"  {mark} {r.kind:10s} {r.name}: {ev}")
        lines.append("  => verdict reproduced" if self.reproduced else "  => VERDICT NOT REPRODUCED")
        return "\n".join(lines)


# ------------------------------------------------------------------------------ registry

_REGISTRY: dict | None = None
_CACHE: dict = {}


def registry() -> dict:
    """All claims, keyed by id, in book order (loads ``rfsym.registry.*`` once)."""
    global _REGISTRY
    if _REGISTRY is None:
        reg: dict = {}
        for key in REGISTRY_MODULES:
            modname = f"rfsym.registry.{key}"
            try:
                mod = importlib.import_module(modname)
            except ModuleNotFoundError as exc:
                if exc.name == modname:
                    continue  # that paper's registry has not been written yet
                raise
            for c in mod.CLAIMS:
                if not isinstance(c, Claim):
                    raise TypeError(f"{modname}.CLAIMS contains a non-Claim {c!r}")
                if c.id in reg:
                    raise ValueError(f"duplicate claim id {c.id} in {modname}")
                reg[c.id] = c
        _REGISTRY = reg
    return _REGISTRY


def get(claim_id: str) -> Claim:
    """The claim with this id (``KeyError`` listing close ids otherwise)."""
    reg = registry()
    if claim_id not in reg:
        close = [k for k in reg if k.lower().startswith(claim_id.split("-")[0].lower())][:8]
        raise KeyError(f"unknown claim id {claim_id!r}; known ids of that paper include {close}")
    return reg[claim_id]


def claims_for(paper: str | None = None, notebook: str | None = None) -> list:
    """Claims of one paper (``"CRT"`` ...) and/or one notebook (``"foundations"`` ...), or all."""
    if paper is not None and paper not in PAPERS:
        raise ValueError(f"paper must be one of {tuple(PAPERS)}, got paper={paper!r}")
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


def show_claim(claim_id: str) -> ClaimResult:
    """Run a claim's checks, print the evidence, and assert that the recorded verdict is reproduced.

    Meant for notebooks: the cell fails (and so does nbval) if a check does not reproduce.
    """
    res = run(claim_id)
    print(res.report())
    assert res.reproduced, f"{claim_id}: recorded verdict {res.claim.verdict!r} not reproduced"
    return res


def _table(results: Sequence[ClaimResult]) -> str:
    rows = [("claim", "verdict", "severity", "checks", "reproduced")]
    for r in results:
        c = r.claim
        kinds = ",".join(sorted({x.kind for x in r.results})) or "-"
        npass = sum(x.passed for x in r.results)
        rows.append((c.id, c.verdict, c.severity or "", f"{npass}/{len(r.results)} {kinds}",
                     "yes" if r.reproduced else "NO"))
    w = [max(len(row[i]) for row in rows) for i in range(5)]
    out = []
    for j, row in enumerate(rows):
        out.append("  ".join(s.ljust(w[i]) for i, s in enumerate(row)).rstrip())
        if j == 0:
            out.append("  ".join("-" * w[i] for i in range(5)))
    return "\n".join(out)


def verdict_table(paper: str | None = None, notebook: str | None = None) -> list:
    """Run (cached) all checks of a paper/notebook, print the verdict table, assert all reproduced."""
    results = [run(c.id) for c in claims_for(paper, notebook)]
    print(_table(results))
    counts: dict = {}
    for r in results:
        counts[r.claim.verdict] = counts.get(r.claim.verdict, 0) + 1
    print("\n" + ", ".join(f"{v}: {counts.get(v, 0)}" for v in VERDICTS)
          + f"; reproduced {sum(r.reproduced for r in results)}/{len(results)}")
    bad = [r.claim.id for r in results if not r.reproduced]
    assert not bad, f"verdicts not reproduced: {bad}"
    return results


def verify(paper: str | None = None, claim_id: str | None = None, *, progress=sys.stderr) -> list:
    """Recompute checks (all, one paper's, or one claim's); return the list of :class:`ClaimResult`."""
    claims = [get(claim_id)] if claim_id else claims_for(paper)
    if claim_id and paper and claims[0].paper != paper:
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
         "checks": [{"name": x.name, "kind": x.kind, "passed": x.passed, "evidence": x.evidence,
                     "seconds": round(x.seconds, 3)} for x in r.results]}
        for r in results], indent=2, ensure_ascii=False)


def summary_table(results: Sequence[ClaimResult]) -> str:
    """Plain-text table of verification results."""
    return _table(results)
