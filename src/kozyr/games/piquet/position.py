"""The whole position of a Piquet deal, read-only, for search bots (hidden cards included).

A search bot solves sampled deals (``SeatView.sample(rng)``): it needs both hands of the
sample, the card led and what each seat has reckoned, which no observation gives.  This
module's :class:`DealView` is that interface: properties over one match's current deal, each
an int or a tuple (nothing the caller could change in the match).  The rules a search needs
come from the game too: :mod:`kozyr.games.piquet.cardplay` (the legal answer, the trick's
winner, which cards score in play) and :mod:`kozyr.games.piquet.scoring` (the cards, capot).

Use it on a sample or on a match a test built, never to show a seat anything: it shows every
card.

>>> from kozyr.cards import format_hand
>>> from kozyr.games.piquet import PiquetMatch
>>> m = PiquetMatch(seed=3, first_dealer=0)
>>> m.deal({"hands": ["AH KH QH JH TH AD KD QD QC JC TC 9C",
...                   "AS KS QS JS TS 9H 8H AC KC 7D 8D 9D"],
...         "talon": "9S JD 8S TD 7C 7H 8C 7S"})
>>> p = DealView(m)
>>> p.to_act, p.elder, p.lead, format_hand(p.talon)
(1, 1, -1, '9S 8S 7S 8C 7C TD JD 7H')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr.cards import Card, Hand

if TYPE_CHECKING:
    from kozyr.games.piquet.rules import PiquetRules
    from kozyr.games.piquet.state import PiquetState

__all__ = ["DealView"]


class DealView:
    """A read-only view of the deal of a match (any :class:`PiquetState`); per seat by seat."""

    __slots__ = ("_m",)

    def __init__(self, match: PiquetState) -> None:
        """View ``match`` (later changes to the match show through)."""
        self._m = match

    @property
    def rules(self) -> PiquetRules:
        """Return the match's rule set."""
        return self._m.rules

    @property
    def hands(self) -> tuple[Hand, Hand]:
        """Return both hands (bitmasks, kozyr.cards numbering)."""
        h = self._m._hands
        return h[0], h[1]

    @property
    def talon(self) -> Hand:
        """Return the talon cards not yet taken (after the exchanges: the left cards)."""
        m = self._m
        return sum(1 << c for c in m._talon[m._tp:])

    @property
    def elder(self) -> int:
        """Return elder hand's seat."""
        return self._m._elder

    @property
    def to_act(self) -> int:
        """Return the seat to act (-1 between deals)."""
        return self._m._to_act

    @property
    def leader(self) -> int:
        """Return the seat that leads (or led) the current trick (-1 before the play)."""
        return self._m._leader

    @property
    def lead(self) -> Card:
        """Return the card led to the current trick (-1: none yet)."""
        return self._m._lead

    @property
    def points(self) -> tuple[int, int]:
        """Return what each seat has reckoned in this deal so far."""
        p = self._m._points
        return p[0], p[1]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Return how many tricks each seat has taken in this deal."""
        w = self._m._won
        return w[0], w[1]

    @property
    def repique_or_pique(self) -> bool:
        """Return True once a repique or a pique was scored (no pique can follow)."""
        return bool(self._m._repique or self._m._pique)
