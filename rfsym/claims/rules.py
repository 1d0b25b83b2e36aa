"""The rulebook: one named rule decides every verdict and severity, one reading per notation.

Every :class:`~rfsym.claims.model.Claim` names the rule that decides it (``Claim(rule=...)``). A rule is a
one-sentence test with an example from the papers; the book page "How verdicts are decided", the landing
page, the errata page and CONTRIBUTING quote :data:`RULES` through :func:`rulebook_markdown`, so there is
one text of the definitions.

The rules
---------
``verified-as-printed`` (CRT-Sec2.2-Trig), ``verified-forced-reading`` (the claim names the reading in
``forced_reading``; HRF-Eq89), ``erratum-typo`` (CRT-Eq7), ``erratum-minor`` (CRT-Sec5.1-normal),
``erratum-major`` (HRF-Thm3.5), ``unverifiable-out-of-reach`` (CRT-Tab2), ``unverifiable-open-choice`` (a
sensitivity table that flips; CRT-Sec5.1-mnist), ``unverifiable-unprinted`` (CRT-Fig2). Each :class:`Rule`
holds its one-sentence test and its example; :data:`RULEBOOK_LEAD` the principles common to all of them.

Conventions
-----------
A notation the papers leave ambiguous (what :math:`\\|v\\|^2` means on :math:`\\mathbb C^d`, what
:math:`[\\cdot]^2` means, which side a parameter belongs to) is read one way per paper: a
:class:`Convention` declared once in ``rfsym/<paper>/claims/conventions.py`` (``CONVENTIONS``) and
referenced by name from every claim that relies on it (``Claim(conventions=("HRF:norm-on-Cd",))``).
One topic has one convention per paper, so no claim can take a reading another claim's convention
contradicts.

Root causes
-----------
Errata that share a cause name one ``root_cause`` (a short slug, e.g. ``"HRF:thm35-rate"``). Every
statement of the same failed result carries the same severity (``verify --lint``).

Enforcement
-----------
The constructor of :class:`~rfsym.claims.model.Claim` refuses a rule that does not fit the verdict
(:func:`check_rule`); :mod:`rfsym.claims.rulelint` checks the rest over the whole registry (every claim
names a rule, one severity per root cause, conventions, duplicate sentences, garbled defences, the
unverifiable rules, the inventories); :mod:`rfsym.claims.rulepage` renders the book page.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Rule", "RULES", "RULE_NAMES", "RULEBOOK_LEAD", "Convention", "rule_for", "rulebook_markdown", "check_rule",
           "load_conventions"]


@dataclass(frozen=True)
class Rule:
    """One rule of the rulebook.

    Attributes
    ----------
    name : str
        The slug claims cite (``"erratum-minor"``).
    verdict : str
        The verdict it decides (``verified``, ``erratum``, ``unverifiable``).
    severity : str or None
        For errata, the severity it decides.
    title : str
        Short human title ("Erratum, minor").
    test : str
        The one-sentence test (MyST Markdown).
    example : str
        An example from the papers, with its claim id (MyST Markdown).
    example_claim : str, optional
        The id of the registered claim the example quotes (the rulebook page links it; a test checks it
        exists and is decided by this rule).

    Examples
    --------
    >>> r = RULES["erratum-typo"]
    >>> r.verdict, r.severity, r.example_claim
    ('erratum', 'typo', 'CRT-Eq7')
    """

    name: str
    verdict: str
    severity: str | None
    title: str
    test: str
    example: str
    example_claim: str = ""


RULES: dict = {r.name: r for r in (
    Rule("verified-as-printed", "verified", None, "Verified as printed",
         "The statement holds as printed, with no reading to choose, over its whole stated domain, extremes "
         "included.",
         "CRT-Sec2.2-Trig: the variance $\\tfrac12(1-K(x,y)^2)^2$ of the trigonometric estimator agrees with a sympy "
         "integral, 30-digit quadrature and sampling.", "CRT-Sec2.2-Trig"),
    Rule("verified-forced-reading", "verified", None, "Verified under the one reading the text forces",
         "The statement holds under the only reading that the paper's own definitions, cross-references or "
         "argument allow, and the claim names that reading (`forced_reading`); a sentence that has to be called "
         "garbled or needs words inserted is not verified.",
         "HRF-Eq89: $\\|v\\|^2$ on $\\mathbb C^d$ read as the bilinear square $\\sum_i v_i^2$, because (89) presents "
         "itself as (14) restated and (14) uses that square (convention HRF:square-on-Cd).", "HRF-Eq89"),
    Rule("erratum-typo", "erratum", "typo", "Erratum, typo",
         "The statement is wrong as printed, a reader repairs it from the surrounding text, and nothing "
         "downstream changes.",
         "CRT-Eq7: the radical of $\\rho^*$ is closed after $-2s_2-d$ instead of before it (0.8683029425 "
         "instead of 0.2092525525 at $d=64$, $s_2=100$); the proof's (22) prints it right.", "CRT-Eq7"),
    Rule("erratum-minor", "erratum", "minor", "Erratum, minor",
         "A statement or number is wrong under every reading the paper allows, while the paper's main results and "
         "headline conclusions stand.",
         "CRT-Sec5.1-normal: GeomRF+ reduces the variance by about $e^{58.88}$, not the printed $>e^{75}$, "
         "while GERF and OPRF, the paper's point, reach $e^{83.05}$ and $e^{83.66}$.", "CRT-Sec5.1-normal"),
    Rule("erratum-major", "erratum", "major", "Erratum, major",
         "A main result or a headline conclusion does not hold as stated, and every statement of that result "
         "(main text, appendix, introduction) is graded the same.",
         "HRF-Thm3.5: the max-relative-error bound (27) of the angular hybrid fails for every $n$ once $r$ "
         "exceeds $r^*(n)$ ($r^*(1)=4.12766$).", "HRF-Thm3.5"),
    Rule("unverifiable-out-of-reach", "unverifiable", None, "Unverifiable, out of reach",
         "Deciding it needs compute or data beyond this machine, and every part of its text that the printed "
         "numbers allow is still checked.",
         "CRT-Tab2: BERT pre-training and GLUE fine-tuning are not rerun, but the bold and underline marks of the "
         "printed scores are checked (CRT-Tab2-marks).", "CRT-Tab2"),
    Rule("unverifiable-open-choice", "unverifiable", None, "Unverifiable, open choice",
         "The outcome depends on a choice the paper leaves open, shown by a sensitivity table whose rows disagree "
         "(holds under one plausible choice and fails under another, or decided under one and undecided under "
         "another).",
         "CRT-Sec5.1-mnist: the printed $e^{10}$ gain of GERF over TrigRF on 8x8 MNIST appears or vanishes with "
         "the unstated pixel scaling.", "CRT-Sec5.1-mnist"),
    Rule("unverifiable-unprinted", "unverifiable", None, "Unverifiable, unprinted",
         "The claim concerns numbers the paper does not print and that cannot be recomputed here.",
         "CRT-Fig2: the plotted log-variances are not printed, so the curves cannot be compared point by point "
         "(the sentences they support are separate claims).", "CRT-Fig2"),
)}

RULE_NAMES = tuple(RULES)


@dataclass(frozen=True)
class Convention:
    """One reading of an ambiguous notation, declared once per paper.

    Attributes
    ----------
    paper : str
        ``CRT``, ``DERF``, ``HRF`` or ``SimRF``.
    name : str
        ``"<PAPER>:<slug>"``, the name claims reference.
    topic : str
        What it settles (``"norm on C^d"``); one convention per topic per paper.
    reading : str
        The reading adopted (MyST Markdown).
    why : str
        Why the text forces (or best supports) this reading: the definition or cross-reference.
    """

    paper: str
    name: str
    topic: str
    reading: str
    why: str

    def __post_init__(self):
        if not self.name.startswith(self.paper + ":"):
            raise ValueError(f"Convention.name must start with '{self.paper}:', got {self.name!r}")
        for f in ("topic", "reading", "why"):
            if not str(getattr(self, f)).strip():
                raise ValueError(f"Convention {self.name} needs a {f}")


def rule_for(verdict: str, severity: str | None = None) -> tuple:
    """The rule names compatible with a verdict (and severity).

    Examples
    --------
    >>> rule_for("erratum", "minor")
    ('erratum-minor',)
    >>> rule_for("verified")
    ('verified-as-printed', 'verified-forced-reading')
    """
    return tuple(n for n, r in RULES.items() if r.verdict == verdict and (r.severity == severity or r.verdict != "erratum"))


def check_rule(claim_id: str, rule: str, verdict: str, severity: str | None, forced_reading: str | None) -> None:
    """Raise ``ValueError`` when a claim's rule does not fit its verdict, severity or reading.

    Examples
    --------
    >>> check_rule("CRT-Eq7", "erratum-typo", "erratum", "typo", None)
    >>> check_rule("HRF-Sec3", "erratum-major", "erratum", "minor", None)
    Traceback (most recent call last):
        ...
    ValueError: HRF-Sec3: rule 'erratum-major' decides erratum (major), but the claim records erratum (minor)
    """
    if rule not in RULES:
        raise ValueError(f"{claim_id}: rule must be one of {RULE_NAMES}, got rule={rule!r}")
    r = RULES[rule]
    if r.verdict != verdict or (r.verdict == "erratum" and r.severity != severity):
        raise ValueError(f"{claim_id}: rule {rule!r} decides {r.verdict}"
                         + (f" ({r.severity})" if r.severity else "")
                         + f", but the claim records {verdict}" + (f" ({severity})" if severity else ""))
    if rule == "verified-forced-reading" and not (forced_reading and forced_reading.strip()):
        raise ValueError(f"{claim_id}: rule 'verified-forced-reading' names the reading (forced_reading=...)")
    if rule != "verified-forced-reading" and forced_reading:
        raise ValueError(f"{claim_id}: forced_reading is only for rule 'verified-forced-reading'")


#: The lead paragraph of the rulebook (quoted with it).
RULEBOOK_LEAD = (
    "Every claim names the one rule below that decides its verdict and, for an erratum, its severity. A "
    "statement is an erratum only if it fails under every reading the paper's own text allows, including the "
    "strongest defence of the paper; errata that share a cause name one root cause and carry one severity; "
    "a notation the papers leave ambiguous is read one way per paper (a convention) by every claim.")


def rulebook_markdown(heading_level: int = 2) -> str:
    """The rulebook as MyST Markdown: the lead paragraph and one list per verdict, quoted by every page that
    defines a verdict (the landing page, the errata page, "How verdicts are decided", CONTRIBUTING).

    Parameters
    ----------
    heading_level : int, optional
        Level of the per-verdict headings (``2`` gives ``## Verified``).

    Returns
    -------
    str
        Markdown, with ``$...$`` math; no trailing blank line.

    Examples
    --------
    >>> md = rulebook_markdown(3)
    >>> md.splitlines()[2]
    '### Verified'
    >>> "**Erratum, major** (`erratum-major`)" in md
    True
    """
    if not (isinstance(heading_level, int) and 1 <= heading_level <= 6):
        raise ValueError(f"heading_level must be an integer in 1..6, got heading_level={heading_level!r}")
    h = "#" * heading_level
    lines = [RULEBOOK_LEAD, ""]
    for verdict in ("verified", "erratum", "unverifiable"):
        lines.append(f"{h} {verdict.capitalize()}\n")
        for r in RULES.values():
            if r.verdict == verdict:
                lines.append(f"- **{r.title}** (`{r.name}`): {r.test} *Example:* {r.example}")
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def _paper_module(key: str, name: str):
    """``rfsym.<key>.claims.<name>``, or ``None`` when that module does not exist (errors inside it propagate)."""
    import importlib

    modname = f"rfsym.{key}.claims.{name}"
    try:
        return importlib.import_module(modname)
    except ModuleNotFoundError as exc:
        if exc.name in (modname, f"rfsym.{key}.claims", f"rfsym.{key}"):
            return None
        raise


def load_conventions(paper: str | None = None) -> tuple:
    """Every paper's declared conventions (``CONVENTIONS`` of ``rfsym/<key>/claims/conventions.py``).

    A paper without that module has no conventions.

    Parameters
    ----------
    paper : str, optional
        One paper (any case); all papers by default.

    Returns
    -------
    tuple of Convention
        In paper order, each paper's in its declared order.

    Examples
    --------
    >>> all(isinstance(c, Convention) for c in load_conventions())
    True
    """
    from .model import PAPERS, paper_name

    papers = [paper_name(paper)] if paper is not None else list(PAPERS)
    out = []
    for p in papers:
        mod = _paper_module(PAPERS[p], "conventions")
        for cv in getattr(mod, "CONVENTIONS", ()) if mod is not None else ():
            if not isinstance(cv, Convention):
                raise TypeError(f"rfsym.{PAPERS[p]}.claims.conventions.CONVENTIONS holds a non-Convention {cv!r}")
            out.append(cv)
    return tuple(out)
