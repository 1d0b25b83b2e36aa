"""Headline claims: what each paper's abstract, contribution list and conclusion say, and whether it holds.

A headline sentence is rarely a result of its own: it summarises numbered results and experiments that
the registry decides one by one. A :class:`Headline` quotes the sentence, names the claims it rests on
(``rests_on``), and its verdict is *derived* from theirs (:meth:`Headline.verdict`), never typed in:

- **holds**: every claim it rests on is verified;
- **holds in corrected form**: some rest on errata, none of them major (the paper's conclusions stand);
- **does not hold as stated**: one of them is a major erratum (a result that does not hold as stated);
- **cannot be decided here**: no erratum, but some rest on unverifiable claims (experiments that cannot be
  rerun, or whose outcome hinges on what the paper leaves open).

``scope`` says, in one sentence, how the project reads the headline where that matters (which claims it
aggregates and why). Each paper declares its headlines in ``rfsym/<paper>/claims/headlines.py`` as
``HEADLINES``; the book page *What the abstracts claim* is generated from them.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Sequence

from .model import PAPERS
from .runner import registry

__all__ = ["Headline", "HEADLINE_VERDICTS", "headlines", "headlines_page"]

#: Derived verdicts, from the best to the worst case.
HEADLINE_VERDICTS = ("holds", "holds in corrected form", "cannot be decided here", "does not hold as stated")
_WHERE = ("abstract", "contribution", "conclusion", "introduction")


@dataclass(frozen=True)
class Headline:
    """One sentence of a paper's abstract, contribution list or conclusion.

    Parameters
    ----------
    id : str
        ``"<PAPER>-Abs<k>"`` (abstract), ``"<PAPER>-Con<k>"`` (contribution list) or ``"<PAPER>-Concl<k>"``.
    where : str
        ``"abstract"``, ``"contribution"``, ``"conclusion"`` or ``"introduction"``, with a detail after a colon
        if useful (``"contribution: 3"``).
    quote : str
        The sentence as printed (MyST Markdown).
    rests_on : sequence of str
        Ids of the registered claims that decide it (at least one).
    scope : str
        How the headline is read: which claims it aggregates and why (one or two sentences).
    """

    id: str
    paper: str
    where: str
    quote: str
    rests_on: Sequence[str] = field(default_factory=tuple)
    scope: str = ""

    def __post_init__(self):
        if self.paper not in PAPERS:
            raise ValueError(f"Headline.paper must be one of {tuple(PAPERS)}, got {self.paper!r}")
        kind = self.id[len(self.paper) + 1:] if self.id.startswith(self.paper + "-") else ""
        if not (kind.startswith(("Abs", "Con")) and kind.rstrip("0123456789") in ("Abs", "Con", "Concl")
                and kind[-1:].isdigit()):
            raise ValueError(f"Headline.id must be '<PAPER>-Abs<k>', '-Con<k>' or '-Concl<k>', got {self.id!r}")
        if self.where.split(":")[0].strip() not in _WHERE:
            raise ValueError(f"{self.id}: where must start with one of {_WHERE}, got {self.where!r}")
        if not self.quote.strip():
            raise ValueError(f"{self.id}: quote the sentence")
        object.__setattr__(self, "rests_on", tuple(self.rests_on))
        if not self.rests_on:
            raise ValueError(f"{self.id}: name the registered claims it rests on")

    def claims(self) -> list:
        """The registered claims it rests on (``KeyError`` for an unknown id)."""
        reg = registry()
        missing = [c for c in self.rests_on if c not in reg]
        if missing:
            raise KeyError(f"{self.id} rests on unknown claim ids {missing}")
        return [reg[c] for c in self.rests_on]

    def verdict(self) -> str:
        """The verdict derived from the claims it rests on (see the module docstring)."""
        cs = self.claims()
        if any(c.verdict == "erratum" and c.severity == "major" for c in cs):
            return "does not hold as stated"
        if any(c.verdict == "erratum" for c in cs):
            return "holds in corrected form"
        if any(c.verdict == "unverifiable" for c in cs):
            return "cannot be decided here"
        return "holds"

    def deciding(self) -> list:
        """The claims that set the verdict (the worst ones)."""
        cs = self.claims()
        v = self.verdict()
        if v == "does not hold as stated":
            return [c for c in cs if c.verdict == "erratum" and c.severity == "major"]
        if v == "holds in corrected form":
            return [c for c in cs if c.verdict == "erratum"]
        if v == "cannot be decided here":
            return [c for c in cs if c.verdict == "unverifiable"]
        return cs


def headlines(paper: str | None = None) -> list:
    """Every paper's ``HEADLINES`` (from ``rfsym.<key>.claims.headlines``), in paper order."""
    out = []
    for p, key in PAPERS.items():
        if paper is not None and p != paper:
            continue
        try:
            mod = importlib.import_module(f"rfsym.{key}.claims.headlines")
        except ModuleNotFoundError as exc:
            if exc.name == f"rfsym.{key}.claims.headlines":
                continue
            raise
        for h in mod.HEADLINES:
            if not isinstance(h, Headline) or h.paper != p:
                raise TypeError(f"rfsym.{key}.claims.headlines.HEADLINES holds {h!r}")
            out.append(h)
    ids = [h.id for h in out]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise ValueError(f"duplicate headline ids {sorted(dup)}")
    return out


def headlines_page() -> str:
    """The book page *What the abstracts claim* (MyST Markdown)."""
    from .pages import _PAPER_TITLES as titles, md_cell
    out = ["# What the abstracts claim", "",
           "Each sentence of the papers' abstracts, contribution lists and conclusions, with the registered "
           "claims it rests on. The verdict is derived from theirs: *holds* (all verified), *holds in corrected "
           "form* (some errata, none major), *does not hold as stated* (a major erratum), *cannot be decided "
           "here* (no erratum, some experiments that cannot be rerun or hinge on unstated choices). The "
           "deciding claims are in bold.", ""]
    hs = headlines()
    if not hs:
        return "\n".join(out + ["No headline claims registered yet.", ""])
    counts = {p: {v: 0 for v in HEADLINE_VERDICTS} for p in PAPERS}
    for h in hs:
        counts[h.paper][h.verdict()] += 1
    out += ["| paper | " + " | ".join(HEADLINE_VERDICTS) + " |", "|---" * (len(HEADLINE_VERDICTS) + 1) + "|"]
    for p in PAPERS:
        if any(counts[p].values()):
            out.append(f"| {p} | " + " | ".join(str(counts[p][v]) for v in HEADLINE_VERDICTS) + " |")
    out.append("")
    for p, title in titles.items():
        rows = [h for h in hs if h.paper == p]
        if not rows:
            continue
        out += [f"## {title}", "", "```{container} rfsym-fit-table", "",
                "| where | as printed | verdict | rests on |", "|---|---|---|---|"]
        for h in rows:
            deciding = {c.id for c in h.deciding()}
            refs = ", ".join((f"**{{ref}}`{c.id} <{c.label}>`**" if c.id in deciding else f"{{ref}}`{c.id} <{c.label}>`")
                             + (f" ({c.verdict}" + (f", {c.severity}" if c.severity else "") + ")")
                             for c in h.claims())
            quote = md_cell(h.quote) + (f" *{md_cell(h.scope)}*" if h.scope else "")
            out.append(f"| {md_cell(h.where)} | {quote} | {h.verdict()} | {refs} |")
        out += ["```", ""]
    return "\n".join(out)
