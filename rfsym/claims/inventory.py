"""The inventory of each paper: every numbered display, statement, caption and checkable sentence.

Each paper keeps ``ITEMS`` in ``rfsym/<paper>/claims/inventory.py``: a tuple of :class:`Item`, one per
numbered display, theorem/lemma/corollary/proposition statement, table and figure caption, and every
sentence of the abstract, contributions, results text and appendix that asserts something checkable
("consistently", "always", "outperforms", "we prove", "completes the proof", complexity statements).
An item is either covered by registered claims (``claims``) or carries the ``reason`` it is not a claim
(``"definition"``, ``"quote of another paper"``, ...). ``python -m rfsym coverage`` reports the coverage.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

__all__ = ["Item", "ITEM_KINDS", "NOT_A_CLAIM", "load_inventories", "inventory_summary"]

#: What an item is.
ITEM_KINDS = ("display", "statement", "caption", "sentence")
#: Accepted reasons for an item that is not a claim (free text may follow after a colon).
NOT_A_CLAIM = ("definition", "notation", "quote of another paper", "description of a method",
               "description of an experiment set-up", "motivation", "proof step covered by the theorem's claim",
               "no checkable content")


@dataclass(frozen=True)
class Item:
    """One inventoried place of a paper.

    Attributes
    ----------
    ref : str
        Where it is: ``"Eq. (12)"``, ``"Thm. 4.2"``, ``"Fig. 3 caption"``, ``"Sec. 5.1, para 2"``.
    kind : str
        One of :data:`ITEM_KINDS`.
    text : str
        The printed sentence or formula (short; enough to find it in the paper text).
    claims : sequence of str
        Ids of the registered claims that cover it (all or part of it).
    reason : str, optional
        Why it is not a claim: starts with one of :data:`NOT_A_CLAIM`, optionally ``": details"``.
    """

    ref: str
    kind: str
    text: str
    claims: Sequence[str] = field(default_factory=tuple)
    reason: str | None = None

    def __post_init__(self):
        if self.kind not in ITEM_KINDS:
            raise ValueError(f"Item {self.ref!r}: kind must be one of {ITEM_KINDS}, got {self.kind!r}")
        claims = (self.claims,) if isinstance(self.claims, str) else tuple(self.claims)
        object.__setattr__(self, "claims", claims)
        if bool(claims) == bool(self.reason):
            raise ValueError(f"Item {self.ref!r}: give either the covering claims or the reason it is not a claim")
        if self.reason and not any(self.reason == r or self.reason.startswith(r + ":") for r in NOT_A_CLAIM):
            raise ValueError(f"Item {self.ref!r}: reason must start with one of {NOT_A_CLAIM}, got {self.reason!r}")
        if not str(self.text).strip():
            raise ValueError(f"Item {self.ref!r}: text is the printed sentence or formula")


def load_inventories(paper: str | None = None) -> dict:
    """Every paper's inventory: ``{paper: ITEMS}`` from ``rfsym/<key>/claims/inventory.py``.

    A paper without that module is absent from the result (it has no inventory yet).

    Parameters
    ----------
    paper : str, optional
        One paper (any case); all papers by default.

    Returns
    -------
    dict of str to tuple of Item
        In paper order.

    Examples
    --------
    >>> inv = load_inventories()
    >>> all(isinstance(i, Item) for items in inv.values() for i in items)
    True
    """
    from .model import PAPERS, paper_name
    from .rules import _paper_module

    papers = [paper_name(paper)] if paper is not None else list(PAPERS)
    out = {}
    for p in papers:
        mod = _paper_module(PAPERS[p], "inventory")
        if mod is None:
            continue
        items = tuple(getattr(mod, "ITEMS", ()))
        for it in items:
            if not isinstance(it, Item):
                raise TypeError(f"rfsym.{PAPERS[p]}.claims.inventory.ITEMS holds a non-Item {it!r}")
        out[p] = items
    return out


def inventory_summary(inventories: dict, claim_ids) -> dict:
    """Coverage of each paper's inventory by the registry.

    An item is *covered* when it names claims and every one of them is registered, *reasoned* when it carries
    the reason it is not a claim, and *dangling* when it names a claim id the registry does not know. The
    target is ``covered + reasoned = items`` (100 %).

    Parameters
    ----------
    inventories : dict of str to sequence of Item
        ``{paper: items}`` (:func:`load_inventories`).
    claim_ids : iterable of str
        The registered claim ids.

    Returns
    -------
    dict
        ``{paper: {"items", "covered", "reasoned", "dangling", "percent", "unknown_ids", "uninventoried",
        "reasons"}}``; ``uninventoried`` lists the registered claims of the paper (by their id's prefix) that
        no item names, ``reasons`` counts the non-claim items by the reason's leading category.

    Examples
    --------
    >>> inv = {"CRT": (Item("Eq. (7)", "display", "rho*", claims=("CRT-Eq7",)),
    ...                Item("Eq. (1)", "display", "K = E f f", reason="definition"),
    ...                Item("Eq. (9)", "display", "x", claims=("CRT-Eq99",)))}
    >>> s = inventory_summary(inv, {"CRT-Eq7"})["CRT"]
    >>> s["items"], s["covered"], s["reasoned"], s["dangling"], s["percent"], s["unknown_ids"]
    (3, 1, 1, 1, 66.7, ['CRT-Eq99'])
    >>> inventory_summary(inv, {"CRT-Eq7", "CRT-Thm3.3", "HRF-Eq1"})["CRT"]["uninventoried"]
    ['CRT-Thm3.3']
    """
    claim_ids = list(claim_ids)
    known = set(claim_ids)
    out = {}
    for p, items in inventories.items():
        covered = reasoned = dangling = 0
        unknown, reasons = [], {}
        for it in items:
            if it.reason:
                reasoned += 1
                cat = it.reason.split(":", 1)[0]
                reasons[cat] = reasons.get(cat, 0) + 1
            elif all(c in known for c in it.claims):
                covered += 1
            else:
                dangling += 1
                unknown += [c for c in it.claims if c not in known and c not in unknown]
        n = len(items)
        named = {c for it in items for c in it.claims}
        out[p] = {"items": n, "covered": covered, "reasoned": reasoned, "dangling": dangling,
                  "percent": round(100.0 * (covered + reasoned) / n, 1) if n else 0.0,
                  "unknown_ids": unknown, "reasons": reasons,
                  "uninventoried": [c for c in claim_ids if c.startswith(p + "-") and c not in named]}
    return out
