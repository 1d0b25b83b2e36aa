"""The claim model: :class:`Claim`, :class:`Check`, :class:`Outcome` and the witness coverage rule.

See :mod:`rfsym.claims` for the semantics (witness kinds, controls, the coverage target).
"""

from __future__ import annotations

import re
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

__all__ = ["PAPERS", "VERDICTS", "SEVERITIES", "KINDS", "WITNESS_KINDS", "CORE_KINDS", "TARGET_TYPES",
           "KIND_LABELS", "KIND_SHORT", "Outcome", "Check", "CheckResult", "Claim", "ClaimResult", "Coverage", "Reading",
           "Sensitivity", "paper_name"]

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



def paper_name(paper: str) -> str:
    """The canonical paper name (``"SimRF"``) of a case-insensitive one (``"simrf"``, ``"SIMRF"``).

    Examples
    --------
    >>> paper_name("simrf"), paper_name("crt")
    ('SimRF', 'CRT')
    """
    for p in PAPERS:
        if isinstance(paper, str) and paper.lower() == p.lower():
            return p
    raise ValueError(f"paper must be one of {', '.join(PAPERS)} (any case), got paper={paper!r}")


_ID_RE = re.compile(r"^(CRT|DERF|HRF|SimRF)-(Thm|Lem|Cor|Def|Prop|Eq|Alg|Fig|Tab|Sec)[A-Za-z0-9.\-]+$")


@dataclass(frozen=True)
class Sensitivity:
    """The outcome of an empirical claim under each plausible protocol choice the paper leaves open.

    A witness that reruns an experiment enumerates the unstated choices (pixel scaling, resize method,
    the parameter range of a figure, seeds, any threshold the project had to pick) and reports, per
    combination, the deciding number and whether the printed claim holds. The claim page typesets it
    as a table. If the outcome flips under a plausible choice the claim is *unverifiable*, never an
    erratum (:attr:`flips`).

    Parameters
    ----------
    choices : tuple of str
        Names of the protocol choices (the table's first columns), e.g. ``("pixel scaling", "resize")``.
    measure : str
        What the number column shows, e.g. ``"TrigRF minus SDERF, nats, sigma = 0.1"``.
    rows : tuple
        ``((value of each choice, ...), number, holds)``; ``number`` is the text printed in the table
        (it counts as printed for the evidence lint), ``holds`` is ``True``, ``False`` or ``None``
        (undecided under that choice, e.g. not significant).
    threshold : str, optional
        A threshold the project had to pick (not the paper's), and how the outcome depends on it.

    Examples
    --------
    >>> s = Sensitivity(("scaling",), "gap (nats)", ((("[0, 1]",), "+9.7", True), (("raw",), "-0.3", False)))
    >>> s.flips, s.outcomes()
    (True, {True: 1, False: 1, None: 0})
    """

    choices: tuple
    measure: str
    rows: tuple
    threshold: str = ""

    def __post_init__(self):
        choices = (self.choices,) if isinstance(self.choices, str) else tuple(self.choices)
        if not choices or not all(isinstance(c, str) and c.strip() for c in choices):
            raise ValueError(f"Sensitivity.choices must be non-empty names, got {self.choices!r}")
        rows = []
        for row in self.rows:
            if len(row) != 3:
                raise ValueError(f"Sensitivity rows are (choice values, number, holds), got {row!r}")
            vals, num, holds = row
            vals = (vals,) if isinstance(vals, str) else tuple(str(v) for v in vals)
            if len(vals) != len(choices):
                raise ValueError(f"Sensitivity row {row!r} has {len(vals)} choice values for {len(choices)} choices")
            if holds not in (True, False, None):
                raise ValueError(f"Sensitivity row holds must be True, False or None, got {holds!r}")
            rows.append((vals, str(num), holds))
        if not rows:
            raise ValueError("Sensitivity needs at least one row")
        object.__setattr__(self, "choices", choices)
        object.__setattr__(self, "rows", tuple(rows))

    @property
    def flips(self) -> bool:
        """The printed claim holds under one plausible choice and fails under another."""
        return any(h is True for _, _, h in self.rows) and any(h is False for _, _, h in self.rows)

    def outcomes(self) -> dict:
        """How many rows hold, fail, or are undecided."""
        return {k: sum(h is k for _, _, h in self.rows) for k in (True, False, None)}

    def to_dict(self) -> dict:
        return {"choices": list(self.choices), "measure": self.measure,
                "rows": [[list(v), n, h] for v, n, h in self.rows], "threshold": self.threshold}

    @classmethod
    def from_dict(cls, d) -> "Sensitivity":
        return cls(tuple(d["choices"]), d["measure"], tuple((tuple(v), n, h) for v, n, h in d["rows"]),
                   d.get("threshold", ""))

    def text(self) -> str:
        """One line per row (the check's printed form)."""
        head = f"protocol sensitivity ({self.measure}; choices: {', '.join(self.choices)})"
        lines = [head] + [f"  {', '.join(v)}: {n} -> {_HOLDS_WORD[h]}" for v, n, h in self.rows]
        if self.threshold:
            lines.append(f"  threshold: {self.threshold}")
        return "\n".join(lines)


_HOLDS_WORD = {True: "holds", False: "fails", None: "undecided"}


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
    domain : mapping of str to str, optional
        Where the check looked: each variable (or protocol choice, or object such as "row") it ranged
        over, mapped to the values it covered as computed by the check ("2, 4, 8, ..., 1024",
        "all 28 rows"). A recorded sentence that quantifies over something ("for every d", "whatever
        the scaling", "in the Transformer settings") must be backed by a check whose domain names it
        (the evidence lint's domain rule, :func:`rfsym.claims.lint.lint_evidence_domains`).
    sensitivity : Sensitivity, optional
        The outcome under each plausible protocol choice (empirical claims).
    """

    passed: bool
    evidence: str
    agreement: str = ""
    control_rejected: bool | None = None
    control_detail: str = ""
    domain: Mapping[str, str] = field(default_factory=dict)
    sensitivity: Sensitivity | None = None


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
    domain: dict = field(default_factory=dict)
    sensitivity: dict | None = None

    @property
    def is_witness(self) -> bool:
        return self.kind in WITNESS_KINDS

    def sensitivity_table(self) -> Sensitivity | None:
        """The :class:`Sensitivity` the check reported, or ``None``."""
        return None if self.sensitivity is None else Sensitivity.from_dict(self.sensitivity)

    def printed(self) -> str:
        """Everything the check printed: evidence, agreement, control detail, domain and sensitivity table."""
        parts = [self.evidence, self.agreement, self.control_detail]
        parts += [f"{k}: {v}" for k, v in self.domain.items()]
        if self.sensitivity is not None:
            parts.append(self.sensitivity_table().text())
        return "\n".join(p for p in parts if p)


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
    protocol_choices : tuple of str, optional
        The unstated protocol choices this check enumerates (empirical claims). The check must then
        return an :class:`Outcome` whose ``sensitivity`` table has exactly these choices, or it fails.
    """

    name: str
    kind: str
    fn: Callable[[], object]
    exercises: tuple = ()
    route: str = ""
    control: str = ""
    protocol_choices: tuple = ()

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
        pc = (self.protocol_choices,) if isinstance(self.protocol_choices, str) else tuple(self.protocol_choices)
        if not all(isinstance(c, str) and c.strip() for c in pc):
            raise ValueError(f"Check.protocol_choices must be names, got {self.protocol_choices!r} ({self.name})")
        object.__setattr__(self, "protocol_choices", pc)

    def run(self) -> CheckResult:
        """Run the check; an exception counts as a failure with its traceback as evidence."""
        t0 = time.perf_counter()
        agreement, rejected, detail, domain, sens = "", None, "", {}, None
        try:
            out = self.fn()
            if isinstance(out, Outcome):
                passed, evidence = bool(out.passed), str(out.evidence)
                agreement, rejected, detail = out.agreement, out.control_rejected, out.control_detail
                domain = {str(k): str(v) for k, v in dict(out.domain).items()}
                if out.sensitivity is not None:
                    if not isinstance(out.sensitivity, Sensitivity):
                        raise TypeError(f"Outcome.sensitivity must be a Sensitivity, got {out.sensitivity!r}")
                    sens = out.sensitivity.to_dict()
                if rejected is not None:
                    rejected = bool(rejected)
                    if not rejected:
                        passed = False
                        evidence += f" [control NOT rejected: {self.control or 'control'} {detail}]"
            elif isinstance(out, tuple) and len(out) == 2:
                passed, evidence = bool(out[0]), str(out[1])
            else:
                raise TypeError(f"check {self.name!r} must return Outcome or (passed, evidence), got {out!r}")
            if self.protocol_choices and (sens is None or tuple(sens["choices"]) != self.protocol_choices):
                passed = False
                evidence += (f" [declared protocol choices {list(self.protocol_choices)} but the check reported "
                             + ("no sensitivity table" if sens is None else f"choices {sens['choices']}") + "]")
        except Exception:  # a crashing check is a failed check, reported with its cause
            passed, evidence = False, "check raised:\n" + traceback.format_exc(limit=4)
        return CheckResult(self.name, self.kind, passed, evidence, time.perf_counter() - t0,
                           agreement, rejected, detail, self.exercises, self.route, self.control, domain, sens)


@dataclass(frozen=True)
class Reading:
    """One reading of a printed statement and what the checks find under it (issue: errata that survive
    the paper's best defence).

    Parameters
    ----------
    name : str
        ``"literal"`` for the statement as printed, or a short name of the reading ("charitable: the
        norms are squared", "pixels standardised per pixel").
    text : str
        The statement under this reading (MyST Markdown, ``$...$`` math).
    holds : bool or None
        ``True`` it holds, ``False`` it fails, ``None`` the outcome depends on a choice the paper leaves open.
    deciding : str
        The deciding number(s); each must be printed by one of the claim's checks (evidence lint).
    """

    name: str
    text: str
    holds: bool | None
    deciding: str = ""

    def __post_init__(self):
        if not (isinstance(self.name, str) and self.name.strip() and isinstance(self.text, str) and self.text.strip()):
            raise ValueError(f"Reading needs a name and a text, got {self.name!r}, {self.text!r}")
        if self.holds not in (True, False, None):
            raise ValueError(f"Reading.holds must be True, False or None, got {self.holds!r} ({self.name})")


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
    defended: bool = True     # an erratum records its readings (literal + charitable) and the defence it defeats
    protocol_table: bool = True  # an empirical erratum has a check enumerating the unstated protocol choices

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

    def defence_gaps(self) -> list:
        """What an erratum still lacks of its defence record (readings, defence, the number that defeats it)."""
        out = [] if self.defended else ["erratum without two readings, a recorded defence and the number that defeats it"]
        if not self.protocol_table:
            out.append("empirical erratum without a protocol-sensitivity table (no check declares protocol_choices)")
        return out


@dataclass(frozen=True)
class Claim:
    """One claim of a paper (see the module docstring for the semantics of the fields).

    ``no_witness`` maps a core witness kind the claim lacks to the reason it is impossible;
    ``derivation`` is a callable returning a list of ``(caption, sympy expression or LaTeX string)``
    shown typeset on the claim's page.

    ``empirical`` marks a claim about an experiment whose outcome rests on a protocol (data,
    preprocessing, parameter ranges, seeds); a claim with a ``data`` check is empirical whatever the
    flag says (:attr:`is_empirical`). An empirical erratum needs a check that enumerates the unstated
    protocol choices (``Check(protocol_choices=...)``, reported as a :class:`Sensitivity` table).

    ``not_a_domain`` maps a phrase of the recorded texts that contains a quantifier ("all but WNLI")
    to the reason it does not assert something over a domain, exempting it from the evidence lint's
    domain rule (:func:`rfsym.claims.lint.lint_evidence_domains`).

    The rulebook (:mod:`rfsym.claims.rules`): ``rule`` names the rule that decides the verdict and severity;
    ``forced_reading`` the reading a ``verified-forced-reading`` claim is verified under; ``root_cause`` the
    slug an erratum shares with the other statements of the same failed result (one severity for all);
    ``conventions`` the names of the notation readings (:class:`~rfsym.claims.rules.Convention`) it relies
    on; ``distinct_from`` maps the id of a claim with a similar statement to why the two register different
    printed sentences (the rule lint's near-duplicate rule, :func:`rfsym.claims.rulelint.lint_duplicate_statements`);
    ``summary`` (errata only) is the one plain-language line of the errata page's summary table (what is
    wrong, what is right), given for every major and minor erratum.
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
    readings: Sequence[Reading] = field(default_factory=tuple)
    defence: str | None = None
    defeated_by: str | None = None
    empirical: bool = False
    not_a_domain: Mapping[str, str] = field(default_factory=dict)
    rule: str | None = None
    forced_reading: str | None = None
    root_cause: str | None = None
    conventions: Sequence[str] = field(default_factory=tuple)
    distinct_from: Mapping[str, str] = field(default_factory=dict)
    summary: str | None = None

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
        if self.verdict == "unverifiable" and any(
                ch.kind not in ("data", "montecarlo", "arithmetic")
                and not (ch.kind == "numeric" and ch.protocol_choices) for ch in self.checks):
            raise ValueError(f"{self.id}: an unverifiable claim may carry only data/montecarlo/arithmetic checks (the "
                             "reruns, or the arithmetic of printed numbers, that show why it cannot be decided), or "
                             "numeric checks that declare protocol_choices (exact values under each open choice)")
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
        for r in self.readings:
            if not isinstance(r, Reading):
                raise TypeError(f"{self.id}: readings must be Reading objects, got {r!r}")
        if self.verdict == "erratum" and any(r.holds is not False for r in self.readings):
            ok = [r.name for r in self.readings if r.holds is not False]
            raise ValueError(f"{self.id}: an erratum fails under every reading the paper allows, but it holds or "
                             f"is undecided under {ok}")
        if self.verdict == "erratum" and self.defence and not self.defeated_by:
            raise ValueError(f"{self.id}: the recorded defence is undefeated (no defeated_by): not an erratum")
        for k, why in dict(self.not_a_domain).items():
            if not (isinstance(k, str) and k.strip() and isinstance(why, str) and why.strip()):
                raise ValueError(f"{self.id}: not_a_domain maps a phrase to the reason it is no domain claim")
            if not any(k in t for t in (self.evidence, self.correction or "", self.defeated_by or "",
                                        *(r.deciding for r in self.readings))):
                raise ValueError(f"{self.id}: not_a_domain phrase {k!r} occurs in none of the recorded texts")
        if self.derivation is not None and not callable(self.derivation):
            raise TypeError(f"{self.id}: derivation must be callable")
        if self.rule is not None:
            from .rules import check_rule
            check_rule(self.id, self.rule, self.verdict, self.severity, self.forced_reading)
        elif self.forced_reading is not None:
            raise ValueError(f"{self.id}: forced_reading needs rule='verified-forced-reading'")
        if self.summary is not None and not (self.verdict == "erratum" and str(self.summary).strip()):
            raise ValueError(f"{self.id}: summary is the errata page's one plain-language line; only errata carry one")
        if self.root_cause is not None and not (self.verdict == "erratum" and str(self.root_cause).strip()):
            raise ValueError(f"{self.id}: root_cause is a non-empty name, and only errata carry one")
        if self.root_cause is not None and not str(self.root_cause).startswith(f"{self.paper}:"):
            raise ValueError(f"{self.id}: a root cause is named '{self.paper}:<slug>' (the claims that share it are "
                             f"this paper's), got {self.root_cause!r}")
        convs = (self.conventions,) if isinstance(self.conventions, str) else tuple(self.conventions)
        for cv in convs:
            if not (isinstance(cv, str) and cv.startswith(self.paper + ":")):
                raise ValueError(f"{self.id}: conventions are names '{self.paper}:<slug>', got {cv!r}")
        object.__setattr__(self, "conventions", convs)
        for other, why in dict(self.distinct_from).items():
            if not (isinstance(other, str) and _ID_RE.match(other) and other != self.id
                    and isinstance(why, str) and why.strip()):
                raise ValueError(f"{self.id}: distinct_from maps another claim's id to why the two sentences differ, "
                                 f"got {other!r}: {why!r}")
        object.__setattr__(self, "distinct_from", dict(self.distinct_from))
        object.__setattr__(self, "checks", tuple(self.checks))
        object.__setattr__(self, "no_witness", dict(self.no_witness))
        object.__setattr__(self, "readings", tuple(self.readings))
        object.__setattr__(self, "not_a_domain", dict(self.not_a_domain))
        if self.notebook is None:
            object.__setattr__(self, "notebook", PAPERS[self.paper])
        if self.label is None:
            object.__setattr__(self, "label", self.id.lower().replace(".", "-"))

    @property
    def type(self) -> str:
        """The claim's type from its id (Thm, Lem, Cor, Def, Prop, Eq, Alg, Fig, Tab, Sec)."""
        return _ID_RE.match(self.id).group(2)

    @property
    def is_empirical(self) -> bool:
        """A claim about an experiment: flagged ``empirical`` or carrying a ``data`` check."""
        return bool(self.empirical) or any(ch.kind == "data" for ch in self.checks)

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
        defended = self.verdict != "erratum" or (len(self.readings) >= 2 and bool(self.defence)
                                                  and bool(self.defeated_by))
        protocol = (self.verdict != "erratum" or not self.is_empirical
                    or any(ch.protocol_choices for ch in self.checks))
        return Coverage(len(wit), kinds, missing, explained, uncontrolled,
                        sum(ch.kind == "consistency" for ch in self.checks), target, meets,
                        theorem_like, self.single_witness or "", defended, protocol)

    def to_dict(self) -> dict:
        """JSON-friendly form (check callables become their metadata)."""
        cov = self.coverage()
        return {
            "id": self.id, "paper": self.paper, "location": self.location,
            "statement": self.statement, "verdict": self.verdict, "severity": self.severity,
            "correction": self.correction, "evidence": self.evidence,
            "checks": [{"name": c.name, "kind": c.kind, "exercises": list(c.exercises), "route": c.route,
                        "control": c.control, "protocol_choices": list(c.protocol_choices)} for c in self.checks],
            "no_witness": dict(self.no_witness), "single_witness": self.single_witness,
            "readings": [{"name": r.name, "text": r.text, "holds": r.holds, "deciding": r.deciding}
                         for r in self.readings],
            "defence": self.defence, "defeated_by": self.defeated_by,
            "empirical": self.is_empirical, "not_a_domain": dict(self.not_a_domain),
            "rule": self.rule, "forced_reading": self.forced_reading, "root_cause": self.root_cause,
            "conventions": list(self.conventions), "summary": self.summary, "distinct_from": dict(self.distinct_from),
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

    def conflicts(self) -> list:
        """Checks whose protocol-sensitivity table flips (the printed claim holds under one plausible
        choice and fails under another) while the recorded verdict is decided: such a claim is
        unverifiable, never verified or an erratum."""
        if self.claim.verdict == "unverifiable":
            return []
        return [r.name for r in self.results if r.sensitivity is not None and r.sensitivity_table().flips]

    @property
    def reproduced(self) -> bool:
        return all(r.passed for r in self.results) and not self.conflicts()

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
            if r.domain:
                lines.append("         domain: " + "; ".join(f"{k}: {v}" for k, v in r.domain.items()))
            if r.sensitivity is not None:
                lines.append("         " + r.sensitivity_table().text().replace("\n", "\n         "))
            meta = []
            if r.exercises:
                meta.append("exercises " + ", ".join(r.exercises))
            if r.route:
                meta.append("route: " + r.route)
            meta.append("control: " + _control_cell(r))
            lines.append("         [" + "; ".join(meta) + "]")
        for name in self.conflicts():
            lines.append(f"  CONFLICT {name}: the outcome flips under a plausible protocol choice, so the claim "
                         f"is unverifiable, not {c.verdict}")
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
