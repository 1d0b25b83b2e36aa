"""The claims registry: every numbered result of the four papers, its verdict and its witnesses.

A :class:`Claim` records what a paper states (``statement``, ``location``), our ``verdict``
(``verified``, ``erratum`` or ``unverifiable``), and for errata the ``severity`` and the
``correction``. Its :class:`Check` objects recompute the deciding evidence.

The witness model
-----------------
A check is a *witness* when it could have refuted the claim: it compares the library function under
test (``exercises``) with an independent ``route`` (sympy from the definition, quadrature or a series
of the definition, sampling the actual features, real data, the arithmetic of printed numbers), and
it carries a ``control`` -- a plausible wrong variant (a coefficient off by a few per cent, a dropped
factor, a sign) that it must reject. Its ``kind`` says which sort of witness it is:

- ``symbolic``: sympy derivation from the definition;
- ``numeric``: high-precision (mpmath) evaluation of an independent route, verified digits;
- ``montecarlo``: sampling the actual random features with the library samplers, z-test;
- ``data``: an experiment on real data;
- ``arithmetic``: the arithmetic of printed numbers (averages, markings, ranks);
- ``consistency``: not a witness -- bookkeeping, a formula against an algebraically equal rewrite of
  itself, a literal transcription. Reported, never counted.

A check function returns an :class:`Outcome` (or the legacy pair ``(passed, evidence)``, shown as
"no control recorded"). ``passed`` means *the evidence supports the recorded verdict* (for an
erratum: the printed statement fails and the correction holds); a check whose control is not
rejected fails. A verdict is reproduced when every check passes; ``verified`` and ``erratum`` claims
must have at least one check, ``unverifiable`` claims carry the reason in ``evidence`` and may carry
data or Monte Carlo checks: reruns showing that the outcome hinges on what the paper does not state.

Coverage target (:meth:`Claim.coverage`): every verified or erratum theorem, lemma, corollary,
proposition and numbered equation has at least two witnesses; each of the kinds symbolic, numeric
and Monte Carlo is present or the claim's ``no_witness`` says why it is impossible; every witness
rejects its control. Every other verified or erratum claim (definitions, sections, figures, tables,
algorithms) has at least two witnesses, or one with ``single_witness`` stating why a second
independent route does not exist (a misprinted cross-reference has one fact to check), and every
witness has a control. An unverifiable claim states in ``evidence`` why it cannot be decided.

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
from typing import Callable, Mapping, Sequence

__all__ = [
    "PAPERS", "VERDICTS", "SEVERITIES", "KINDS", "WITNESS_KINDS", "CORE_KINDS", "TARGET_TYPES",
    "Outcome", "Check", "CheckResult", "Claim", "ClaimResult", "Coverage",
    "registry", "get", "claims_for", "run", "show_claim", "verdict_table", "verify", "to_json",
    "reset_cache", "coverage_table", "coverage_summary", "lint_evidence_numbers",
]

#: Paper identifiers and the key of their notebook/module.
PAPERS = {"CRT": "crt", "DERF": "derf", "HRF": "hrf", "SimRF": "simrf"}
VERDICTS = ("verified", "erratum", "unverifiable")
SEVERITIES = ("typo", "minor", "major")
#: Kinds of checks. All but ``consistency`` are witnesses (see the module docstring).
KINDS = ("symbolic", "numeric", "montecarlo", "data", "arithmetic", "consistency")
WITNESS_KINDS = ("symbolic", "numeric", "montecarlo", "data", "arithmetic")
#: The three witness kinds every theorem-like claim has or explains the absence of.
CORE_KINDS = ("symbolic", "numeric", "montecarlo")
#: Claim types (the id's Kind) held to the coverage target.
TARGET_TYPES = ("Thm", "Lem", "Cor", "Prop", "Eq")
#: Short labels used in tables.
KIND_LABELS = {"symbolic": "symbolic", "numeric": "high-precision", "montecarlo": "Monte Carlo",
               "data": "data", "arithmetic": "arithmetic", "consistency": "consistency (not a witness)"}
KIND_SHORT = {"symbolic": "S", "numeric": "N", "montecarlo": "MC", "data": "D", "arithmetic": "A"}
#: Registry modules, in book order.
REGISTRY_MODULES = ("foundations", "crt", "derf", "hrf", "simrf")

_ID_RE = re.compile(r"^(CRT|DERF|HRF|SimRF)-(Thm|Lem|Cor|Def|Prop|Eq|Alg|Fig|Tab|Sec)[A-Za-z0-9.\-]+$")


@dataclass(frozen=True)
class Outcome:
    """What a check function returns: the verdict it supports and the numbers that decide it.

    Parameters
    ----------
    passed : bool
        The evidence supports the claim's recorded verdict.
    evidence : str
        Text generated from the computed numbers.
    agreement : str, optional
        Short measure of agreement with the independent route ("31 digits", "z = +0.41").
    control_rejected : bool or None, optional
        Whether the check's control (a plausible wrong variant) was rejected; ``False`` makes the
        check fail, ``None`` means no control was run.
    control_detail : str, optional
        How the control was rejected ("x1.02 rejected at z = 9.3").
    """

    passed: bool
    evidence: str
    agreement: str = ""
    control_rejected: bool | None = None
    control_detail: str = ""


@dataclass(frozen=True)
class CheckResult:
    """Outcome of one check, with the check's declared witness metadata."""

    name: str
    kind: str
    passed: bool
    evidence: str
    seconds: float = 0.0
    agreement: str = ""
    control_rejected: bool | None = None
    control_detail: str = ""
    exercises: tuple = ()
    route: str = ""
    control: str = ""

    @property
    def is_witness(self) -> bool:
        return self.kind in WITNESS_KINDS


@dataclass(frozen=True)
class Check:
    """A named callable ``fn() -> Outcome`` recomputing part of a claim's evidence.

    Parameters
    ----------
    name : str
        What the check does, in a few words.
    kind : str
        One of :data:`KINDS`.
    fn : callable
        ``fn() -> Outcome`` (or the legacy ``(passed, evidence)``).
    exercises : tuple of str, optional
        Dotted names of the rfsym functions under test that ``fn`` calls. Empty: the check vouches
        for the paper's algebra only, not for the library.
    route : str, optional
        The independent route the library is compared with.
    control : str, optional
        The plausible wrong variant the check must reject.
    """

    name: str
    kind: str
    fn: Callable[[], object]
    exercises: tuple = ()
    route: str = ""
    control: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"Check.kind must be one of {KINDS}, got kind={self.kind!r}")
        if not callable(self.fn):
            raise TypeError(f"Check.fn must be callable, got {self.fn!r}")
        ex = (self.exercises,) if isinstance(self.exercises, str) else tuple(self.exercises)
        for e in ex:
            if not (isinstance(e, str) and e.startswith("rfsym.")):
                raise ValueError(f"Check.exercises must be dotted names 'rfsym.<module>.<function>', got {e!r} ({self.name})")
        object.__setattr__(self, "exercises", ex)

    def run(self) -> CheckResult:
        """Run the check; an exception counts as a failure with its traceback as evidence."""
        t0 = time.perf_counter()
        agreement, rejected, detail = "", None, ""
        try:
            out = self.fn()
            if isinstance(out, Outcome):
                passed, evidence = bool(out.passed), str(out.evidence)
                agreement, rejected, detail = out.agreement, out.control_rejected, out.control_detail
                if rejected is not None:
                    rejected = bool(rejected)
                    if not rejected:
                        passed = False
                        evidence += f" [control NOT rejected: {self.control or 'control'} {detail}]"
            elif isinstance(out, tuple) and len(out) == 2:
                passed, evidence = bool(out[0]), str(out[1])
            else:
                raise TypeError(f"check {self.name!r} must return Outcome or (passed, evidence), got {out!r}")
        except Exception:  # a crashing check is a failed check, reported with its cause
            passed, evidence = False, "check raised:\n" + traceback.format_exc(limit=4)
        return CheckResult(self.name, self.kind, passed, evidence, time.perf_counter() - t0,
                           agreement, rejected, detail, self.exercises, self.route, self.control)


@dataclass(frozen=True)
class Coverage:
    """Which witnesses a claim has, and whether it meets the coverage target."""

    witnesses: int
    kinds: tuple
    missing: tuple            # core kinds neither present nor explained
    explained: tuple          # core kinds absent with a reason in no_witness
    uncontrolled: tuple       # witness checks without a declared control
    consistency: int
    target: bool              # the claim is held to the target (verified or erratum)
    meets: bool
    theorem_like: bool = False  # Thm/Lem/Cor/Prop/Eq: two witnesses and S/N/MC present or explained
    single_reason: str = ""   # why one witness is all there is (other claim types only)

    def gaps(self) -> list:
        out = []
        if not self.target:
            return out
        if self.witnesses < 2 and (self.theorem_like or not self.single_reason):
            need = "need 2" if self.theorem_like else "need 2 or a reason"
            out.append(f"{self.witnesses} witness{'es' if self.witnesses != 1 else ''} ({need})")
        if self.theorem_like and self.missing:
            out.append("no " + "/".join(self.missing) + " witness and no reason given")
        if self.uncontrolled:
            out.append("no control: " + ", ".join(self.uncontrolled))
        return out


@dataclass(frozen=True)
class Claim:
    """One claim of a paper (see the module docstring for the semantics of the fields).

    ``no_witness`` maps a core witness kind the claim lacks to the reason it is impossible;
    ``derivation`` is a callable returning a list of ``(caption, sympy expression or LaTeX string)``
    shown typeset on the claim's page.
    """

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
    no_witness: Mapping[str, str] = field(default_factory=dict)
    derivation: Callable[[], Sequence] | None = None
    single_witness: str | None = None

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
        if self.verdict == "unverifiable" and not self.evidence:
            raise ValueError(f"{self.id}: an unverifiable claim states the reason in evidence")
        if self.verdict == "unverifiable" and any(ch.kind not in ("data", "montecarlo") for ch in self.checks):
            raise ValueError(f"{self.id}: an unverifiable claim may carry only data/montecarlo checks (the reruns that "
                             "show why it cannot be decided)")
        for k, why in dict(self.no_witness).items():
            if k not in CORE_KINDS:
                raise ValueError(f"{self.id}: no_witness keys must be in {CORE_KINDS}, got {k!r}")
            if not (isinstance(why, str) and why.strip()):
                raise ValueError(f"{self.id}: no_witness[{k!r}] must state the reason")
            if any(ch.kind == k for ch in self.checks):
                raise ValueError(f"{self.id}: no_witness[{k!r}] explains a missing witness, but the claim has a {k} check")
        if self.single_witness is not None:
            if not (isinstance(self.single_witness, str) and self.single_witness.strip()):
                raise ValueError(f"{self.id}: single_witness must state the reason")
            if _ID_RE.match(self.id).group(2) in TARGET_TYPES:
                raise ValueError(f"{self.id}: a theorem-like claim needs two witnesses; single_witness is not accepted")
            if self.verdict == "unverifiable":
                raise ValueError(f"{self.id}: an unverifiable claim states its reason in evidence")
            if sum(ch.kind in WITNESS_KINDS for ch in self.checks) != 1:
                raise ValueError(f"{self.id}: single_witness explains a claim with exactly one witness")
        if self.derivation is not None and not callable(self.derivation):
            raise TypeError(f"{self.id}: derivation must be callable")
        object.__setattr__(self, "checks", tuple(self.checks))
        object.__setattr__(self, "no_witness", dict(self.no_witness))
        if self.notebook is None:
            object.__setattr__(self, "notebook", PAPERS[self.paper])
        if self.label is None:
            object.__setattr__(self, "label", self.id.lower().replace(".", "-"))

    @property
    def type(self) -> str:
        """The claim's type from its id (Thm, Lem, Cor, Def, Prop, Eq, Alg, Fig, Tab, Sec)."""
        return _ID_RE.match(self.id).group(2)

    def coverage(self) -> Coverage:
        """Witness coverage of the claim's checks against the target (see the module docstring)."""
        wit = [ch for ch in self.checks if ch.kind in WITNESS_KINDS]
        kinds = tuple(k for k in KINDS if any(ch.kind == k for ch in self.checks))
        target = self.verdict in ("verified", "erratum")
        theorem_like = target and self.type in TARGET_TYPES
        missing = tuple(k for k in CORE_KINDS if k not in kinds and k not in self.no_witness)
        explained = tuple(k for k in CORE_KINDS if k not in kinds and k in self.no_witness)
        uncontrolled = tuple(ch.name for ch in wit if not ch.control)
        if theorem_like:
            meets = len(wit) >= 2 and not missing and not uncontrolled
        else:
            meets = (not target) or ((len(wit) >= 2 or bool(self.single_witness)) and not uncontrolled)
        return Coverage(len(wit), kinds, missing, explained, uncontrolled,
                        sum(ch.kind == "consistency" for ch in self.checks), target, meets,
                        theorem_like, self.single_witness or "")

    def to_dict(self) -> dict:
        """JSON-friendly form (check callables become their metadata)."""
        cov = self.coverage()
        return {
            "id": self.id, "paper": self.paper, "location": self.location,
            "statement": self.statement, "verdict": self.verdict, "severity": self.severity,
            "correction": self.correction, "evidence": self.evidence,
            "checks": [{"name": c.name, "kind": c.kind, "exercises": list(c.exercises), "route": c.route,
                        "control": c.control} for c in self.checks],
            "no_witness": dict(self.no_witness), "single_witness": self.single_witness,
            "coverage": {"witnesses": cov.witnesses, "kinds": list(cov.kinds), "meets_target": cov.meets,
                         "gaps": cov.gaps()},
            "notebook": self.notebook, "label": self.label,
        }


def _control_cell(r: CheckResult) -> str:
    if r.control_rejected is None:
        return (r.control + ": not run") if r.control else "no control recorded"
    return f"{r.control or 'control'}: " + ("rejected" if r.control_rejected else "NOT rejected") + (
        f" ({r.control_detail})" if r.control_detail else "")


@dataclass(frozen=True, repr=False)
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
        """Plain-text report (terminal)."""
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
            meta = []
            if r.exercises:
                meta.append("exercises " + ", ".join(r.exercises))
            if r.route:
                meta.append("route: " + r.route)
            meta.append("control: " + _control_cell(r))
            lines.append("         [" + "; ".join(meta) + "]")
        for k, why in c.no_witness.items():
            lines.append(f"  no {k} witness: {why}")
        if c.single_witness:
            lines.append(f"  one witness: {c.single_witness}")
        gaps = c.coverage().gaps()
        if gaps:
            lines.append("  coverage gaps: " + "; ".join(gaps))
        lines.append("  => verdict reproduced" if self.reproduced else "  => VERDICT NOT REPRODUCED")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report()

    def __repr__(self) -> str:
        return (f"<ClaimResult {self.claim.id}: {self.claim.verdict}, "
                f"{'reproduced' if self.reproduced else 'NOT reproduced'}>")

    def _repr_markdown_(self) -> str:
        from ._claimpage import claim_markdown

        return claim_markdown(self)


# ------------------------------------------------------------------------------ registry

_REGISTRY: dict | None = None
_CACHE: dict = {}


def registry() -> dict:
    """All claims, keyed by id, in book order (loads ``rfsym.registry.*`` once)."""
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
        from IPython.display import display

        display(res)
    else:
        print(res.report())
    assert res.reproduced, f"{claim_id}: recorded verdict {res.claim.verdict!r} not reproduced"
    return res


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
    "gaps": {claim_id: [gap, ...]}}}`` (no checks are run). ``target``/``meets`` count every verified or
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
                                     "consistency": 0, "gaps": {}})
        cov = c.coverage()
        s["claims"] += 1
        for k in cov.kinds:
            if k in s["kinds"]:
                s["kinds"][k] += 1
        for k in cov.explained:
            s["explained"][k] += 1
        s["uncontrolled"] += len(cov.uncontrolled)
        s["consistency"] += cov.consistency
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
            "no control", "one witness (reason)", "theorem-like met", "all decided met")
    rows = [head]
    for p, s in summ.items():
        k = s["kinds"]
        rows.append((p, str(s["claims"]), str(k["symbolic"]), str(k["numeric"]), str(k["montecarlo"]),
                     str(k["data"]), str(k["arithmetic"]), str(s["uncontrolled"]), str(s["single_witness"]),
                     f"{s['theorem_like_meets']}/{s['theorem_like']}", f"{s['meets']}/{s['target']}"))
    return _text_table(rows)


def verdict_table(paper: str | None = None, notebook: str | None = None) -> list:
    """Run (cached) all checks of a paper/notebook, print the verdict table, assert all reproduced."""
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
    return results


_NUM = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d+|\d*\.?\d+[eE][-+]?\d+|\d{4,})(?![\w])")
#: Cross-references ("Cor. 4.4-4.6", "Thm. 3.4", "App. A.2", "Sec. 5.1"): labels, not numbers.
_REF = re.compile(r"\b(?:Eqs?|Thms?|Theorems?|Cors?|Corollary|Corollaries|Lems?|Lemmas?|Defs?|Definition|Secs?|Section"
                  r"|Apps?|Appendix|Figs?|Figure|Tabs?|Tables?|Props?|Proposition|Algs?|Algorithm)\.?\s*"
                  r"[A-Z]?\d+(?:\.\d+)*(?:\s*(?:-|–|,|and|to)\s*[A-Z]?\d+(?:\.\d+)*)*")


def lint_evidence_numbers(result: ClaimResult) -> list:
    """Numbers in the recorded evidence/correction that no check of the claim printed.

    A number is a decimal with a point, an exponent, or at least four digits (cross-references such as
    "Cor. 4.4-4.6" are labels and are skipped); it is supported when it occurs verbatim in the evidence
    text of one of the claim's checks. Returns the unsupported
    numbers (empty list: every number in the recorded text is generated by committed code).
    """
    c = result.claim
    printed = " ".join(r.evidence for r in result.results)
    recorded = _REF.sub(" ", " ".join(t for t in (c.evidence, c.correction or "") if t))
    if not result.results:
        return []
    bad = []
    for m in _NUM.finditer(recorded):
        tok = m.group(0).lstrip("+")
        if tok not in printed and tok.lstrip("-") not in printed and tok not in bad:
            bad.append(tok)
    return bad


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
         "coverage": {"meets_target": r.claim.coverage().meets, "gaps": r.claim.coverage().gaps()},
         "unsupported_numbers": lint_evidence_numbers(r),
         "checks": [{"name": x.name, "kind": x.kind, "passed": x.passed, "evidence": x.evidence,
                     "agreement": x.agreement, "exercises": list(x.exercises), "route": x.route,
                     "control": x.control, "control_rejected": x.control_rejected,
                     "control_detail": x.control_detail, "seconds": round(x.seconds, 3)}
                    for x in r.results]}
        for r in results], indent=2, ensure_ascii=False)


def summary_table(results: Sequence[ClaimResult]) -> str:
    """Plain-text table of verification results."""
    return _table(results)
