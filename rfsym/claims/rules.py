"""The rulebook: one named rule decides every verdict and severity, one reading per notation.

Every :class:`~rfsym.claims.model.Claim` names the rule that decides it (``Claim(rule=...)``). A rule is a
one-sentence test with an example from the papers; the book page "How verdicts are decided", the landing
page, the errata page and CONTRIBUTING quote :data:`RULES` through :func:`rulebook_markdown`, so there is
one text of the definitions.

The rules
---------
``verified-as-printed``, ``verified-forced-reading`` (the claim names the reading in ``forced_reading``),
``erratum-typo``, ``erratum-minor``, ``erratum-major``, ``unverifiable-out-of-reach``,
``unverifiable-open-choice`` (a sensitivity table that flips), ``unverifiable-unprinted``.

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
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Rule", "RULES", "RULE_NAMES", "Convention", "rule_for", "rulebook_markdown", "check_rule"]


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
        An example from the papers, with its claim id.
    """

    name: str
    verdict: str
    severity: str | None
    title: str
    test: str
    example: str


RULES: dict = {r.name: r for r in (
    Rule("verified-as-printed", "verified", None, "Verified as printed",
         "The statement as printed holds over its whole stated domain, extremes included, and at least two "
         "independent witnesses agree with it.",
         "CRT-Thm3.3: the OPRF variance and its optimum $\\rho^*$ agree with sympy, 30-digit quadrature and sampling "
         "for every $d$ and norm tried."),
    Rule("verified-forced-reading", "verified", None, "Verified under the one reading the text forces",
         "The statement holds under the only reading the paper's own definitions and cross-references allow; the "
         "claim names that reading, and no word has to be inserted or the sentence called garbled.",
         "a formula whose symbol is defined two lines earlier in one way only: the claim names the definition it "
         "reads the symbol by."),
    Rule("erratum-typo", "erratum", "typo", "Erratum, typo",
         "The statement is wrong as printed, a reader repairs it from the surrounding text, and nothing downstream "
         "changes.",
         "a misprinted equation reference or a dropped factor that the next displayed line restores."),
    Rule("erratum-minor", "erratum", "minor", "Erratum, minor",
         "A statement or number is wrong under every reading the paper allows, while the paper's conclusions stand.",
         "a constant in an intermediate lemma that is off, where the theorem it feeds still holds."),
    Rule("erratum-major", "erratum", "major", "Erratum, major",
         "A main result or a headline conclusion does not hold as stated; every statement of that result (main "
         "text, appendix, introduction) is graded the same.",
         "HRF-Thm3.5: the main theorem's rate does not hold as stated."),
    Rule("unverifiable-out-of-reach", "unverifiable", None, "Unverifiable, out of reach",
         "Deciding it needs compute or data beyond this machine; every part of the text that the printed numbers "
         "allow is still checked.",
         "a Transformer trained on TPUs for days: its printed table's arithmetic is checked, the training is not "
         "rerun."),
    Rule("unverifiable-open-choice", "unverifiable", None, "Unverifiable, open choice",
         "The outcome depends on a choice the paper leaves open, shown by a sensitivity table that flips.",
         "an experiment whose preprocessing is unstated and whose outcome reverses between the plausible choices."),
    Rule("unverifiable-unprinted", "unverifiable", None, "Unverifiable, unprinted",
         "The claim concerns numbers the paper does not print (and that cannot be recomputed here).",
         "a statement about averages shown only as bars of a figure with no printed values."),
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
    """Raise ``ValueError`` when a claim's rule does not fit its verdict, severity or reading."""
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


def rulebook_markdown(heading_level: int = 2) -> str:
    """The rulebook as MyST Markdown: one definition list, quoted by every page that defines a verdict.

    Examples
    --------
    >>> "Erratum, major" in rulebook_markdown()
    True
    """
    h = "#" * heading_level
    lines = []
    for verdict in ("verified", "erratum", "unverifiable"):
        lines.append(f"{h} {verdict.capitalize()}\n")
        for r in RULES.values():
            if r.verdict == verdict:
                lines.append(f"- **{r.title}** (`{r.name}`): {r.test} *Example:* {r.example}")
        lines.append("")
    return "\n".join(lines)
