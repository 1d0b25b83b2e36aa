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

__all__ = ["Item", "ITEM_KINDS", "NOT_A_CLAIM"]

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
