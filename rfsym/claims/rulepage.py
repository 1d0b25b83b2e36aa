"""The book page "How verdicts are decided" and the rulebook block of each claim page.

:func:`rulebook_page` renders ``book/rulebook.md`` from the rulebook (:func:`rfsym.claims.rules.rulebook_markdown`)
and the registry: the claims each rule decides, the conventions of each paper with the claims that rely on
them, and the root causes with their claims and severity. :func:`rule_lines` is the block a claim page
(:func:`rfsym.claims.pages.claim_markdown`) shows under the verdict: the rule (linked to its section of the
rulebook page), the forced reading, the root cause and the conventions.
"""

from __future__ import annotations

import re

from .model import Claim
from .rules import RULES, load_conventions, rulebook_markdown

__all__ = ["rule_anchor", "convention_anchor", "rule_lines", "rulebook_page", "ROOT_CAUSE_NOTE"]

_PAPER_TITLES = {
    "CRT": "Chefs' Random Tables (CRT)",
    "DERF": "Dense-Exponential Random Features (DERF)",
    "HRF": "Hybrid Random Features (HRF)",
    "SimRF": "Simplex Random Features (SimRF)",
}

ROOT_CAUSE_NOTE = ("Errata that share a root cause are the statements of one failed result (main text, appendix, "
                   "introduction) and carry one severity.")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def rule_anchor(name: str) -> str:
    """The MyST label of a rule's section on the rulebook page.

    Examples
    --------
    >>> rule_anchor("erratum-minor")
    'rule-erratum-minor'
    """
    return "rule-" + _slug(name)


def convention_anchor(name: str) -> str:
    """The MyST label of a convention's row on the rulebook page.

    Examples
    --------
    >>> convention_anchor("HRF:norm-on-Cd")
    'convention-hrf-norm-on-cd'
    """
    return "convention-" + _slug(name)


def _ref(c: Claim) -> str:
    return f"{{ref}}`{c.id} <{c.label}>`"


def _rule_ref(name: str) -> str:
    r = RULES[name]
    return f"{{ref}}`{r.title} <{rule_anchor(name)}>`"


def rule_lines(c: Claim, conventions=None, registry=None) -> list:
    """Markdown lines of a claim page: its rule, forced reading, root cause and conventions.

    Parameters
    ----------
    c : Claim
    conventions : iterable of Convention, optional
        Default: every paper's (:func:`rfsym.claims.rules.load_conventions`).
    registry : mapping of id to Claim, optional
        Where the other claims of the root cause are found (default: the registry).

    Returns
    -------
    list of str
        Empty when the claim names no rule, root cause or convention.

    Examples
    --------
    >>> from rfsym.claims.model import Check, Claim
    >>> c = Claim("CRT-Eq7", "CRT", "Eq. (7)", "s", "erratum", severity="typo", correction="c",
    ...           checks=[Check("n", "numeric", lambda: (True, ""))], rule="erratum-typo", root_cause="CRT:rho")
    >>> lines = rule_lines(c, conventions=(), registry={c.id: c})
    >>> "(`erratum-typo`): The statement is wrong as printed" in lines[0], "<rule-erratum-typo>" in lines[0]
    (True, True)
    >>> lines[2]
    '**Root cause:** `CRT:rho` (no other claim shares it).'
    """
    from .pages import md_text

    out = []
    if c.rule is not None and c.rule in RULES:
        out += [f"**Rule:** {_rule_ref(c.rule)} (`{c.rule}`): {RULES[c.rule].test}", ""]
    if c.forced_reading:
        out += [f"**The reading the text forces:** {md_text(c.forced_reading)}", ""]
    if c.root_cause:
        if registry is None:                # a root cause is named "<paper>:<slug>": its claims are that paper's
            from .runner import paper_registry

            registry = paper_registry(c.paper)
        others = [o for o in registry.values() if o.root_cause == c.root_cause and o.id != c.id]
        sib = (", shared with " + ", ".join(f"{_ref(o)} ({o.severity})" for o in others)) if others else \
            " (no other claim shares it)"
        out += [f"**Root cause:** `{c.root_cause}`{sib}.", ""]
    if c.conventions:
        if conventions is None:             # a convention is named "<paper>:<topic>": load those papers' only
            from .model import PAPERS

            named = sorted({n.split(":", 1)[0] for n in c.conventions})
            conventions = (load_conventions() if any(p not in PAPERS for p in named)
                           else tuple(cv for p in named for cv in load_conventions(p)))
        convs = {cv.name: cv for cv in conventions}
        items = []
        for name in c.conventions:
            cv = convs.get(name)
            items.append(f"- {{ref}}`{name} <{convention_anchor(name)}>` ({md_text(cv.topic)}): {md_text(cv.reading)}"
                         if cv else f"- `{name}` (not declared)")
        out += ["**Conventions relied on:**", ""] + items + [""]
    return out


def rulebook_page(claims=None, conventions=None) -> str:
    """The book page "How verdicts are decided" (``book/rulebook.md``).

    Parameters
    ----------
    claims : iterable of Claim, optional
        Default: the registry.
    conventions : iterable of Convention, optional
        Default: every paper's (:func:`rfsym.claims.rules.load_conventions`).

    Examples
    --------
    >>> from rfsym.claims.model import Claim
    >>> c = Claim("CRT-Fig9", "CRT", "Fig. 9", "s", "unverifiable", evidence="not printed", rule="unverifiable-unprinted")
    >>> page = rulebook_page([c], conventions=())
    >>> page.splitlines()[0]
    '# How verdicts are decided'
    >>> "<rule-unverifiable-unprinted>` | unverifiable | 1 |" in page      # a link to the rule, its verdict, one claim
    True
    """
    from .pages import md_text

    if claims is None:
        from .runner import registry

        claims = registry().values()
    claims = list(claims)
    conventions = list(load_conventions() if conventions is None else conventions)
    out = ["# How verdicts are decided", "",
           "Every verdict of the book is decided by one named rule of the rulebook (`rfsym.claims.rules`); the "
           "landing page, the errata page and `CONTRIBUTING.md` quote the same text. Generated from the claims "
           "registry when the book is built; `python -m rfsym verify --lint` enforces the rules that can be "
           "checked mechanically (`rfsym.claims.rulelint`).", "",
           "## The rulebook", "", rulebook_markdown(3), ""]
    # ------------------------------------------------------------------ claims by rule
    out += ["## Claims by rule", "",
            "| rule | verdict | claims |", "|---|---|---|"]
    by_rule = {name: [c for c in claims if c.rule == name] for name in RULES}
    for name, r in RULES.items():
        out.append(f"| {_rule_ref(name)} | {r.verdict}" + (f" ({r.severity})" if r.severity else "")
                   + f" | {len(by_rule[name])} |")
    unnamed = [c for c in claims if c.rule is None]
    if unnamed:
        out.append(f"| no rule named yet | — | {len(unnamed)} |")
    out.append("")
    ids = {c.id: c for c in claims}
    for name, r in RULES.items():
        cl = by_rule[name]
        ex = f" ({_ref(ids[r.example_claim])})" if r.example_claim in ids else ""
        out += [f"({rule_anchor(name)})=", f"### {r.title}", "", f"`{name}`: {r.test}", "",
                f"*Example:* {r.example}{ex}", ""]
        out += [f"{len(cl)} claim{'s' if len(cl) != 1 else ''}: " + ", ".join(_ref(c) for c in cl) + "."
                if cl else "No claim is decided by this rule.", ""]
    if unnamed:
        out += ["### Claims that name no rule yet", "", ", ".join(_ref(c) for c in unnamed) + ".", ""]
    # ------------------------------------------------------------------ conventions
    out += ["## Conventions", "",
            "A notation the papers leave ambiguous is read one way per paper, declared once in "
            "`rfsym/<paper>/claims/conventions.py` and referenced by every claim that relies on it.", ""]
    relied: dict = {}
    for c in claims:
        for name in c.conventions:
            relied.setdefault(name, []).append(c)
    for p, title in _PAPER_TITLES.items():
        cvs = [cv for cv in conventions if cv.paper == p]
        out += [f"### {title}", ""]
        if not cvs:
            out += ["No conventions declared.", ""]
            continue
        for cv in cvs:
            users = ", ".join(_ref(c) for c in relied.get(cv.name, [])) or "none"
            out += [f"({convention_anchor(cv.name)})=", f"#### `{cv.name}`: {md_text(cv.topic)}", "",
                    f"- **Reading:** {md_text(cv.reading)}", f"- **Why:** {md_text(cv.why)}",
                    f"- **Claims relying on it:** {users}", ""]
    # ------------------------------------------------------------------ root causes
    out += ["## Root causes", "", ROOT_CAUSE_NOTE, ""]
    groups: dict = {}
    for c in claims:
        if c.root_cause:
            groups.setdefault(c.root_cause, []).append(c)
    if not groups:
        out += ["No root causes declared.", ""]
    else:
        out += ["| root cause | severity | claims |", "|---|---|---|"]
        for rc, cl in groups.items():
            sevs = list(dict.fromkeys(c.severity for c in cl))
            sev = sevs[0] if len(sevs) == 1 else "**differ: " + ", ".join(map(str, sevs)) + "**"
            out.append(f"| `{rc}` | {sev} | " + ", ".join(_ref(c) for c in cl) + " |")
        out.append("")
    return "\n".join(out)

