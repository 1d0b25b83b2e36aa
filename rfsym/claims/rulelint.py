"""Rule lint: the rulebook (:mod:`rfsym.claims.rules`) applied mechanically to the whole registry.

Each rule is a pure function of a list of claims (and, where it needs them, the declared conventions, the
papers' inventories, or the check results of a verify run) returning a list of problem strings; an empty
list means the rule holds. ``python -m rfsym verify --lint`` runs them all (:func:`rule_lint`) next to the
evidence lint of :mod:`rfsym.claims.lint` and exits 1 if any reports a problem.

The rules
---------
``rules`` (:func:`lint_rule_names`)
    Every claim names a rule (``Claim(rule=...)``), and the rule fits its verdict and severity
    (``verified-forced-reading`` also names the reading).
``root causes`` (:func:`lint_root_causes`)
    Errata that share a ``root_cause`` carry one severity. A root cause ties at least two errata (the
    statements of one failed result: main text, appendix, introduction); a lone erratum leaves
    ``root_cause`` unset, so a root cause named by one claim only is reported (usually a misspelt slug).
``conventions`` (:func:`lint_conventions`)
    Convention names are unique; a paper has at most one convention per topic (topics compared lowercase,
    whitespace collapsed); every name a claim lists in ``conventions`` is declared, and by the claim's own
    paper; every declared convention is relied on by at least one claim.
``duplicates`` (:func:`lint_duplicate_statements`)
    No two claims register the same printed sentence: statements are compared after
    :func:`normalise_statement` (lowercase; ``$``, emphasis, backticks, quotes, LaTeX spacing and sizing
    commands removed; whitespace collapsed; trailing punctuation dropped); equal ones are reported (claims
    that also share their ``location`` are flagged as such). Two claims of a paper with *similar* statements
    (word-sequence similarity ratio >= 0.55, or 9 words in a row in common) are reported too, unless one
    declares the other in ``Claim(distinct_from={id: why})``.
``garbled`` (:func:`lint_garbled_verified`)
    A claim whose recorded defence, readings, forced reading or evidence says the sentence is garbled or
    has to be repaired to hold is not ``verified``: see :data:`GARBLE_PATTERNS` ("garbled", "ungrammatical",
    words inserted / added / supplied / missing, "read as if", "must be read as", "emended"). A match
    preceded within a few words by a negation ("no word has to be inserted", "not garbled") does not count.
``open choice`` (:func:`lint_open_choice`)
    An ``unverifiable-open-choice`` claim has a check declaring ``protocol_choices``; when results of a
    verify run are given, one of its sensitivity tables flips (holds under one choice, fails under another).
``out of reach`` (:func:`lint_out_of_reach`)
    An ``unverifiable-out-of-reach`` claim carries at least one check of its printed numbers (an
    ``arithmetic``, ``data`` or ``montecarlo`` check), or its evidence names, in a sentence with the word
    "checked", a registered claim that carries one (``"the arithmetic of the printed numbers is checked in
    CRT-Tab2-marks"``), or its evidence says explicitly that the paper prints no number for it (the phrase
    "prints no number(s)" or "the printed numbers allow no check", :data:`NO_NUMBERS`).
``unprinted`` (:func:`lint_unprinted`)
    An ``unverifiable-unprinted`` claim needs no check, but its evidence says which numbers are not printed:
    it contains one of the phrases of :data:`UNPRINTED` ("not printed", "unprinted", "does not print",
    "prints no", "only plotted", "cannot be read from/off").
``inventory`` (:func:`lint_inventory`)
    Every claim id an inventory item names is registered; for a paper that has an inventory, every claim of
    that paper is named by at least one item.
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from .model import PAPERS
from .rules import check_rule

__all__ = ["RULE_LINTS", "GARBLE_PATTERNS", "NO_NUMBERS", "UNPRINTED", "SIMILAR_RATIO", "SIMILAR_RUN", "normalise_statement", "lint_rule_names",
           "lint_root_causes", "lint_conventions", "lint_duplicate_statements", "lint_garbled_verified",
           "lint_open_choice", "lint_out_of_reach", "lint_unprinted", "lint_inventory", "rule_lint"]

#: The rule lints, in report order, with the one-line rule each enforces.
RULE_LINTS = {
    "rules": "every claim names a rule that fits its verdict and severity",
    "root causes": "errata sharing a root cause carry one severity; a root cause ties at least two errata",
    "conventions": "conventions unique, one per topic per paper, declared by the paper of every claim using them, "
                   "each used",
    "duplicates": "no two claims register the same printed sentence (similar ones are declared distinct)",
    "garbled": "no verified claim whose recorded texts call the sentence garbled or need words inserted",
    "open choice": "an open-choice claim declares protocol choices and its sensitivity table flips (or is decided under one choice and undecided under another)",
    "out of reach": "an out-of-reach claim checks its printed numbers, or says the paper prints none",
    "unprinted": "an unprinted claim says which numbers are not printed",
    "inventory": "inventory items name registered claims; every claim of an inventoried paper is inventoried",
}


# ------------------------------------------------------------------------------------------------ rules

def lint_rule_names(claims: Iterable) -> list:
    """Claims that name no rule, or a rule that does not fit their verdict, severity or reading.

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim
    >>> ok = lambda: (True, "ok")
    >>> a = Claim("CRT-Eq1", "CRT", "Eq. (1)", "s", "verified", checks=[Check("n", "numeric", ok)],
    ...           rule="verified-as-printed")
    >>> b = Claim("CRT-Eq2", "CRT", "Eq. (2)", "t", "verified", checks=[Check("n", "numeric", ok)])
    >>> lint_rule_names([a, b])
    ['CRT-Eq2: names no rule (Claim(rule=...); candidates: verified-as-printed, verified-forced-reading)']
    """
    from .rules import rule_for

    out = []
    for c in claims:
        if c.rule is None:
            out.append(f"{c.id}: names no rule (Claim(rule=...); candidates: "
                       f"{', '.join(rule_for(c.verdict, c.severity))})")
            continue
        try:
            check_rule(c.id, c.rule, c.verdict, c.severity, c.forced_reading)
        except ValueError as exc:
            out.append(str(exc))
    return out


# ------------------------------------------------------------------------------------------ root causes

def lint_root_causes(claims: Iterable) -> list:
    """Root causes whose errata differ in severity, or that name claims that are not errata.

    A root cause ties the statements of one failed result; all of them carry one severity (the main-text
    and appendix statements of a main theorem are graded as the theorem). An erratum may name a root
    cause of its own (a slug the errata page groups by), so a root cause named once is accepted.

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim
    >>> ok = lambda: (True, "ok")
    >>> def e(cid, sev, rc):
    ...     return Claim(cid, "HRF", "loc", cid, "erratum", severity=sev, correction="c",
    ...                  checks=[Check("n", "numeric", ok)], root_cause=rc)
    >>> lint_root_causes([e("HRF-Thm3.5", "major", "HRF:rate"), e("HRF-Sec3", "minor", "HRF:rate"),
    ...                   e("HRF-Eq1", "typo", "HRF:lone")])
    ["root cause 'HRF:rate': one failed result, several severities (HRF-Thm3.5 major, HRF-Sec3 minor)"]
    """
    groups: dict = {}
    for c in claims:
        if c.root_cause:
            groups.setdefault(c.root_cause, []).append(c)
    out = []
    for rc, cs in groups.items():
        non_errata = [c.id for c in cs if c.verdict != "erratum"]
        if non_errata:
            out.append(f"root cause {rc!r}: named by claims that are not errata ({', '.join(non_errata)})")
        sevs = {c.severity for c in cs if c.verdict == "erratum"}
        if len(sevs) > 1:
            out.append(f"root cause {rc!r}: one failed result, several severities ("
                       + ", ".join(f"{c.id} {c.severity}" for c in cs) + ")")
    return out


# ------------------------------------------------------------------------------------------ conventions

def _topic(t: str) -> str:
    return " ".join(str(t).lower().split())


def lint_conventions(claims: Iterable, conventions: Iterable) -> list:
    """Problems of the declared conventions and of the claims' references to them.

    Parameters
    ----------
    claims : iterable of Claim
    conventions : iterable of Convention
        Every paper's declarations (:func:`rfsym.claims.rules.load_conventions`).

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim
    >>> from rfsym.claims.rules import Convention
    >>> cv = [Convention("HRF", "HRF:sq", "square on C^d", "bilinear", "Sec. 2.3"),
    ...       Convention("HRF", "HRF:sq-mod", "Square on  C^d", "modulus", "none")]
    >>> c = Claim("HRF-Eq93", "HRF", "loc", "s", "verified", checks=[Check("n", "numeric", lambda: (True, ""))],
    ...           conventions=("HRF:sq", "HRF:nope"))
    >>> for p in lint_conventions([c], cv): print(p)
    HRF: topic 'square on c^d' has 2 conventions (HRF:sq, HRF:sq-mod); one reading per notation per paper
    HRF-Eq93: relies on an undeclared convention 'HRF:nope'
    convention 'HRF:sq-mod': no claim relies on it
    """
    conventions = list(conventions)
    claims = list(claims)
    out = []
    by_name: dict = {}
    for cv in conventions:
        if cv.paper not in PAPERS:
            out.append(f"convention {cv.name!r}: paper must be one of {', '.join(PAPERS)}, got {cv.paper!r}")
        by_name.setdefault(cv.name, []).append(cv)
    for name, cvs in by_name.items():
        if len(cvs) > 1:
            out.append(f"convention {name!r}: declared {len(cvs)} times")
    topics: dict = {}
    for cv in conventions:
        topics.setdefault((cv.paper, _topic(cv.topic)), []).append(cv.name)
    for (paper, topic), names in topics.items():
        names = list(dict.fromkeys(names))
        if len(names) > 1:
            out.append(f"{paper}: topic {topic!r} has {len(names)} conventions ({', '.join(names)}); "
                       "one reading per notation per paper")
    used = set()
    for c in claims:
        for name in c.conventions:
            used.add(name)
            if name not in by_name:
                out.append(f"{c.id}: relies on an undeclared convention {name!r}")
            elif by_name[name][0].paper != c.paper:
                out.append(f"{c.id}: relies on {name!r}, a convention of {by_name[name][0].paper}, not of {c.paper}")
    papers = {c.paper for c in claims}
    for name, cvs in by_name.items():
        if name not in used and cvs[0].paper in papers:
            out.append(f"convention {name!r}: no claim relies on it")
    return out


# ------------------------------------------------------------------------------------------- duplicates

_MARKUP = re.compile(r"\\(?:left|right|big|Big|bigg|Bigg)[lr]?\b|\\[,;:! ]|[$*`'\"‘’“”]")


def normalise_statement(text: str) -> str:
    """A statement reduced for comparison: lowercase, markup removed, whitespace collapsed.

    Examples
    --------
    >>> normalise_statement("The  *rate* is $\\\\frac1r e^{2r^2}$.")
    'the rate is \\\\frac1r e^{2r^2}'
    >>> normalise_statement("'The rate is $\\\\big(\\\\frac1r\\\\, e^{2r^2}\\\\big)$'") == normalise_statement("the rate is (\\\\frac1r e^{2r^2})")
    True
    """
    t = _MARKUP.sub("", str(text or "").lower().replace("\\Big", "").replace("\\big", ""))
    t = " ".join(t.split())
    return t.rstrip(" .;:,")


#: Two statements are *similar* when the word-level similarity ratio (:class:`difflib.SequenceMatcher`) of their
#: normalised texts reaches this, or when they share a run of :data:`SIMILAR_RUN` consecutive words.
SIMILAR_RATIO = 0.55
SIMILAR_RUN = 9
_WORD = re.compile(r"[^\s(),;:.]+")


def _similar(a: list, b: list) -> tuple:
    """``(ratio, longest common run of words)`` of two word lists."""
    import difflib

    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sm.ratio(), sm.find_longest_match(0, len(a), 0, len(b)).size


def lint_duplicate_statements(claims: Iterable) -> list:
    """Pairs of claims that register the same printed sentence, or similar ones not declared distinct.

    Same sentence: the normalised statements (:func:`normalise_statement`) are equal (reported whatever
    ``distinct_from`` says; "same location too" when the locations are equal as well). Similar: two claims of
    one paper whose normalised statements, as word lists, have a :class:`difflib.SequenceMatcher` ratio of
    at least :data:`SIMILAR_RATIO` or share :data:`SIMILAR_RUN` consecutive words (statements of five words or
    more). A similar pair is accepted when either claim's ``distinct_from`` names the other with the reason
    (two equations of the same shape, one sentence per data regime); otherwise the two are one sentence
    registered twice, to be merged.

    Examples
    --------
    >>> from rfsym.claims.model import Claim
    >>> def u(cid, s, loc="Sec. 1", **kw):
    ...     return Claim(cid, "HRF", loc, s, "unverifiable", evidence="why", **kw)
    >>> for p in lint_duplicate_statements([u("HRF-Sec1", "HRFs scale as $mn$."), u("HRF-Sec1-dim", "HRFs  scale as $mn$"),
    ...                                     u("HRF-Sec2", "Other sentence entirely, of several words."),
    ...                                     u("HRF-Tab3", "For all variants HRF estimators adapted to clustered data consistently gain."),
    ...                                     u("HRF-Fig6", "For all variants HRF estimators adapted to clustered data gain over trig."),
    ...                                     u("HRF-Fig7", "For all variants HRF estimators adapted to clustered data gain over FAVOR+.",
    ...                                       distinct_from={"HRF-Fig6": "the other baseline"})]): print(p)
    HRF-Sec1 and HRF-Sec1-dim register the same printed sentence (same location too): hrfs scale as mn
    HRF-Tab3 and HRF-Fig6 register similar statements (ratio 0.87, 9 words in a row): the same printed sentence? Merge them, or declare Claim(distinct_from={'HRF-Fig6': 'why they differ'})
    HRF-Tab3 and HRF-Fig7 register similar statements (ratio 0.87, 9 words in a row): the same printed sentence? Merge them, or declare Claim(distinct_from={'HRF-Fig7': 'why they differ'})
    """
    claims = list(claims)
    keys = [normalise_statement(c.statement) for c in claims]
    words = [_WORD.findall(k) for k in keys]
    out = []
    for i in range(len(claims)):
        for j in range(i + 1, len(claims)):
            a, b = claims[i], claims[j]
            if keys[i] and keys[i] == keys[j]:
                same_loc = " (same location too)" if a.location.strip() == b.location.strip() else ""
                short = keys[i] if len(keys[i]) <= 80 else keys[i][:77] + "..."
                out.append(f"{a.id} and {b.id} register the same printed sentence{same_loc}: {short}")
                continue
            if a.paper != b.paper or min(len(words[i]), len(words[j])) < 5:
                continue
            if b.id in a.distinct_from or a.id in b.distinct_from:
                continue
            ratio, run = _similar(words[i], words[j])
            if ratio >= SIMILAR_RATIO or run >= SIMILAR_RUN:
                out.append(f"{a.id} and {b.id} register similar statements (ratio {ratio:.2f}, {run} words in a "
                           f"row): the same printed sentence? Merge them, or declare "
                           f"Claim(distinct_from={{{b.id!r}: 'why they differ'}})")
    return out


# ---------------------------------------------------------------------------------------------- garbled

#: ``(what it says, pattern)``: phrases of a recorded text that say the printed sentence only holds once repaired.
GARBLE_PATTERNS = (
    ("garbled", re.compile(r"\bgarbl\w*", re.I)),
    ("ungrammatical", re.compile(r"\bungrammatical\b", re.I)),
    ("words inserted", re.compile(r"\b(?:insert|add|suppl|restor)\w*\s+(?:(?:a|an|the|one|two|some|missing|extra|"
                                  r"implicit|tacit)\s+)*words?\b", re.I)),
    ("words inserted", re.compile(r"\bwords?\s+(?:(?:'[^']{1,40}'|\"[^\"]{1,40}\"|‘[^’]{1,40}’)\s+)?"
                                  r"(?:(?:is|are|must|has|have|had|to|be|been|being|needs?|was|were|should)\s+)*"
                                  r"(?:inserted|added|supplied|missing|dropped|restored)\b", re.I)),
    ("missing word", re.compile(r"\bmissing\s+words?\b", re.I)),
    ("read as if", re.compile(r"\bread\s+as\s+if\b", re.I)),
    ("must be read as", re.compile(r"\b(?:must|has\s+to|have\s+to|should|needs?\s+to|is\s+to)\s+be\s+read\s+as\b",
                                   re.I)),
    ("emended", re.compile(r"\bemend\w*", re.I)),
)
_NEGATION = re.compile(r"\b(?:no|not|nor|never|without|neither|none)\b[^.;:]{0,25}$", re.I)


def _garble_hits(text: str) -> list:
    hits = []
    for what, pat in GARBLE_PATTERNS:
        for m in pat.finditer(text or ""):
            if _NEGATION.search(text[max(0, m.start() - 40):m.start()]):
                continue
            hits.append((what, m.group(0)))
    return hits


def lint_garbled_verified(claims: Iterable) -> list:
    """Verified claims whose recorded texts say the sentence is garbled or must be repaired to hold.

    The texts searched are ``defence``, ``forced_reading``, each reading's name, text and deciding numbers,
    and ``evidence``; the phrases are :data:`GARBLE_PATTERNS`, a match right after a negation is skipped.

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim
    >>> ch = [Check("n", "montecarlo", lambda: (True, ""))]
    >>> a = Claim("HRF-SecH.2-omega", "HRF", "App. H.2", "s", "verified", checks=ch,
    ...           evidence="Verified under the one parse of the garbled sentence.")
    >>> b = Claim("HRF-SecH.3", "HRF", "App. H.3", "t", "verified", checks=ch, evidence="No word has to be inserted.")
    >>> lint_garbled_verified([a, b])
    ["HRF-SecH.2-omega: verified, but its evidence says 'garbled' (garbled): a sentence that must be repaired to hold is not verified"]
    """
    out = []
    for c in claims:
        if c.verdict != "verified":
            continue
        texts = [("defence", c.defence), ("forced reading", c.forced_reading)]
        texts += [(f"reading {r.name!r}", " ".join((r.name, r.text, r.deciding))) for r in c.readings]
        texts.append(("evidence", c.evidence))
        for where, text in texts:
            hits = _garble_hits(text or "")
            if hits:
                words = "; ".join(f"{m!r} ({what})" for what, m in dict.fromkeys(hits))
                out.append(f"{c.id}: verified, but its {where} says {words}: a sentence that must be repaired "
                           "to hold is not verified")
                break
    return out


# ---------------------------------------------------------------------------------- unverifiable rules

def _results_by_id(results) -> dict:
    if results is None:
        return {}
    if isinstance(results, Mapping):
        return dict(results)
    return {r.claim.id: r for r in results}


def lint_open_choice(claims: Iterable, results=None) -> list:
    """Open-choice claims without a declared protocol-choice check, or (given results) without a flipping table.

    Parameters
    ----------
    claims : iterable of Claim
    results : iterable of ClaimResult or mapping of id to ClaimResult, optional
        The verify run's results; without them only the static part (``protocol_choices`` declared) is checked.

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim, ClaimResult, Outcome, Sensitivity
    >>> s = Sensitivity(("scaling",), "gap", ((("[0, 1]",), "9.7", True), (("raw",), "-0.3", True)))
    >>> ch = Check("rerun", "data", lambda: Outcome(True, "ok", sensitivity=s), protocol_choices=("scaling",))
    >>> a = Claim("DERF-Fig9", "DERF", "Fig. 9", "x", "unverifiable", evidence="flips", checks=[ch],
    ...           rule="unverifiable-open-choice")
    >>> b = Claim("DERF-Fig8", "DERF", "Fig. 8", "y", "unverifiable", evidence="flips", rule="unverifiable-open-choice")
    >>> lint_open_choice([a, b])
    ['DERF-Fig8: open choice, but no check declares protocol_choices (the sensitivity table)']
    >>> lint_open_choice([a], [ClaimResult(a, (ch.run(),))])
    ['DERF-Fig9: open choice, but no sensitivity table flips (rerun: holds 2, fails 0, undecided 0)']
    """
    res = _results_by_id(results)
    out = []
    for c in claims:
        if c.rule != "unverifiable-open-choice":
            continue
        if not any(ch.protocol_choices for ch in c.checks):
            out.append(f"{c.id}: open choice, but no check declares protocol_choices (the sensitivity table)")
            continue
        if c.id in res:
            tables = [(r.name, r.sensitivity_table()) for r in res[c.id].results if r.sensitivity is not None]
            if not any(t.flips or (t.outcomes()[None] and (t.outcomes()[True] or t.outcomes()[False]))
                       for _, t in tables):
                seen = "; ".join(f"{n}: holds {t.outcomes()[True]}, fails {t.outcomes()[False]}, undecided "
                                 f"{t.outcomes()[None]}" for n, t in tables) or "no table reported"
                out.append(f"{c.id}: open choice, but no sensitivity table flips ({seen})")
    return out


#: The phrase by which an out-of-reach claim's evidence says the paper prints no number for it.
NO_NUMBERS = re.compile(r"\bprints?\s+no\s+numbers?\b|\bprinted\s+numbers\s+allow\s+no\s+check\b", re.I)
#: Phrases by which an unprinted claim's evidence says which numbers are not printed.
UNPRINTED = re.compile(r"\bnot\s+printed\b|\bunprinted\b|\b(?:does|do|did)\s+not\s+print\b|\bprints?\s+no\b"
                       r"|\bonly\s+plotted\b|\bcannot\s+be\s+read\s+(?:from|off)\b", re.I)
_ID = re.compile(r"\b(?:CRT|DERF|HRF|SimRF)-[A-Za-z]+[A-Za-z0-9.\-]*[A-Za-z0-9]")
_CHECKED = re.compile(r"\bchecked\b(?:[^.]|\.(?=\S))*", re.I)
_NUMBER_KINDS = ("arithmetic", "data", "montecarlo")


def lint_out_of_reach(claims: Iterable, registry: Mapping | None = None) -> list:
    """Out-of-reach claims that check none of their printed numbers and do not say the paper prints none.

    Parameters
    ----------
    claims : iterable of Claim
    registry : mapping of id to Claim, optional
        Where the claims named in a "checked in ..." sentence of the evidence are looked up (default: the
        claims given).

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim
    >>> ch = Check("marks", "arithmetic", lambda: (True, ""), control="x")
    >>> marks = Claim("CRT-Tab2-marks", "CRT", "Tab. 2", "bold", "verified", checks=[ch], single_witness="one")
    >>> def oor(cid, ev):
    ...     return Claim(cid, "CRT", "loc", cid, "unverifiable", evidence=ev, rule="unverifiable-out-of-reach")
    >>> lint_out_of_reach([marks, oor("CRT-Tab2", "TPUs needed; the printed numbers are checked in CRT-Tab2-marks."),
    ...                    oor("CRT-Fig3", "TPUs needed; the paper prints no numbers for it."),
    ...                    oor("CRT-Fig4", "Requires ImageNet and TPU-scale training.")])
    ["CRT-Fig4: out of reach, but no arithmetic/data/montecarlo check of its printed numbers, no claim named as checking them, and the evidence does not say the paper 'prints no numbers'"]
    """
    claims = list(claims)
    reg = dict(registry) if registry is not None else {c.id: c for c in claims}
    out = []
    for c in claims:
        if c.rule != "unverifiable-out-of-reach":
            continue
        if any(ch.kind in _NUMBER_KINDS for ch in c.checks) or NO_NUMBERS.search(c.evidence or ""):
            continue
        named = [i for m in _CHECKED.finditer(c.evidence or "") for i in _ID.findall(m.group(0)) if i != c.id]
        if any(i in reg and any(ch.kind in _NUMBER_KINDS for ch in reg[i].checks) for i in named):
            continue
        out.append(f"{c.id}: out of reach, but no arithmetic/data/montecarlo check of its printed numbers, no claim "
                   "named as checking them, and the evidence does not say the paper 'prints no numbers'"
                   + (f" (named: {', '.join(named)})" if named else ""))
    return out


def lint_unprinted(claims: Iterable) -> list:
    """Unprinted claims whose evidence does not say which numbers are not printed (:data:`UNPRINTED`).

    Examples
    --------
    >>> from rfsym.claims.model import Claim
    >>> def un(cid, ev):
    ...     return Claim(cid, "HRF", "loc", cid, "unverifiable", evidence=ev, rule="unverifiable-unprinted")
    >>> lint_unprinted([un("HRF-Fig6", "The Fig. 6 averages are not printed."), un("HRF-Fig7", "Cannot rerun.")])
    ["HRF-Fig7: unprinted, but the evidence does not say which numbers are not printed (e.g. 'the averages of Fig. 6 are not printed')"]
    """
    return [f"{c.id}: unprinted, but the evidence does not say which numbers are not printed "
            "(e.g. 'the averages of Fig. 6 are not printed')"
            for c in claims if c.rule == "unverifiable-unprinted" and not UNPRINTED.search(c.evidence or "")]


# --------------------------------------------------------------------------------------------- inventory

def lint_inventory(claims: Iterable, inventories: Mapping, known_ids: Iterable | None = None) -> list:
    """Inventory items that name unknown claims, and claims of an inventoried paper no item names.

    Parameters
    ----------
    claims : iterable of Claim
        The claims that must be inventoried (those of a paper without an inventory are skipped).
    inventories : mapping of str to sequence of Item
        ``{paper: items}`` (:func:`rfsym.claims.inventory.load_inventories`).
    known_ids : iterable of str, optional
        The registered ids (default: the ids of ``claims``).

    Examples
    --------
    >>> from rfsym.claims.inventory import Item
    >>> from rfsym.claims.model import Claim
    >>> cl = [Claim(f"HRF-Fig{i}", "HRF", "loc", f"s{i}", "unverifiable", evidence="why") for i in (1, 2)]
    >>> inv = {"HRF": (Item("Fig. 1", "caption", "x", claims=("HRF-Fig1", "HRF-Fig9")),)}
    >>> lint_inventory(cl, inv)
    ["HRF inventory, 'Fig. 1': names HRF-Fig9, not a registered claim", 'HRF-Fig2: no item of the HRF inventory names it']
    """
    claims = list(claims)
    known = set(known_ids) if known_ids is not None else {c.id for c in claims}
    out = []
    named = set()
    for paper, items in inventories.items():
        for it in items:
            for cid in it.claims:
                named.add(cid)
                if cid not in known:
                    out.append(f"{paper} inventory, {it.ref!r}: names {cid}, not a registered claim")
    for c in claims:
        if c.paper in inventories and c.id not in named:
            out.append(f"{c.id}: no item of the {c.paper} inventory names it")
    return out


# ------------------------------------------------------------------------------------------------- all

def rule_lint(claims: Iterable, conventions: Iterable | None = None, inventories: Mapping | None = None,
              results=None, registry: Mapping | None = None) -> dict:
    """Every rule lint over ``claims``: ``{name: problems}`` in the order of :data:`RULE_LINTS`.

    Parameters
    ----------
    claims : iterable of Claim
        The claims to lint; cross-claim rules (root causes, duplicates, conventions) compare them with each
        other, so pass whole papers.
    conventions : iterable of Convention, optional
        Default: every paper's declared conventions (:func:`rfsym.claims.rules.load_conventions`).
    inventories : mapping, optional
        Default: every paper's inventory (:func:`rfsym.claims.inventory.load_inventories`), restricted to the
        papers of ``claims``.
    results : iterable of ClaimResult, optional
        A verify run's results (the open-choice flip rule needs them).
    registry : mapping of id to Claim, optional
        Every registered claim (ids named by inventories and "checked in" sentences); default: ``claims``.

    Returns
    -------
    dict of str to list of str
        An empty list for each rule that holds.

    Examples
    --------
    >>> from rfsym.claims.model import Claim
    >>> c = Claim("CRT-Fig9", "CRT", "loc", "s", "unverifiable", evidence="The values are not printed.",
    ...           rule="unverifiable-unprinted")
    >>> {k: v for k, v in rule_lint([c], conventions=(), inventories={}).items() if v}
    {}
    """
    claims = list(claims)
    reg = dict(registry) if registry is not None else {c.id: c for c in claims}
    if conventions is None:
        from .rules import load_conventions

        conventions = load_conventions()
    papers = {c.paper for c in claims}
    conventions = [cv for cv in conventions if cv.paper in papers or cv.paper not in PAPERS]
    if inventories is None:
        from .inventory import load_inventories

        inventories = load_inventories()
    inventories = {p: items for p, items in inventories.items() if p in papers}
    return {
        "rules": lint_rule_names(claims),
        "root causes": lint_root_causes(claims),
        "conventions": lint_conventions(claims, conventions),
        "duplicates": lint_duplicate_statements(claims),
        "garbled": lint_garbled_verified(claims),
        "open choice": lint_open_choice(claims, results),
        "out of reach": lint_out_of_reach(claims, reg),
        "unprinted": lint_unprinted(claims),
        "inventory": lint_inventory(claims, inventories, reg.keys()),
    }

