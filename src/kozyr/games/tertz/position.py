"""The whole position of a Tertz deal, read-only, for search bots (hidden cards included).

A search bot solves sampled deals double-dummy (:mod:`kozyr.bots.pimc_tricks`): it needs what
no seat's observation gives, both hands of the sample and the order of the stock still to be
drawn, with the card led and the points taken.  This module's :class:`DealView` is that
interface: properties over one match's current deal, each an int, a bool or a tuple (nothing
the caller could change in the match), computed when asked (building a view copies nothing, so
a solver may build one per sample).  The rules a search needs come from the game too: the
legal answers (:func:`kozyr.games.tertz.state.follow_mask`), the card points
(:mod:`kozyr.games.tertz.scoring`) and the trick winner (:mod:`kozyr.games.tricks`).

Use it on a sample (``SeatView.sample(rng)``) or on a match a test built, never to show a
seat anything: it shows every card.

>>> from kozyr.cards import format_cards, format_hand
>>> from kozyr.games.tertz import TertzMatch
>>> m = TertzMatch(seed=3, first_dealer=0)
>>> m.deal({"hands": ["AS TS KS QS JS 9S 8S 7S AH", "TH KH QH JH 9H 8H 7H AD TD"],
...         "stock": "KD QD JD 9D 8D 7D AC TC KC QC JC 9C 8C 7C"})
>>> p = DealView(m)
>>> p.to_act, p.leader, p.lead, p.trump, p.must_beat, format_hand(p.hands[1])
(1, 1, -1, 2, False, 'AD TD TH KH QH JH 9H 8H 7H')
>>> format_cards(p.draws)
'QD JD 9D 8D 7D AC TC KC QC JC 9C 8C 7C KD'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr.cards import Card, Hand

if TYPE_CHECKING:
    from kozyr.games.tertz.rules import TertzRules
    from kozyr.games.tertz.state import TertzState

__all__ = ["DealView"]


class DealView:
    """A read-only view of the deal of a match (any :class:`~kozyr.games.tertz.state.TertzState`).

    Per-seat tuples are indexed by seat (0, 1).
    """

    __slots__ = ("_m",)

    def __init__(self, match: TertzState) -> None:
        """View ``match`` (later changes to the match show through)."""
        self._m = match

    @property
    def rules(self) -> TertzRules:
        """Return the match's rule set."""
        return self._m.rules

    @property
    def free_jack(self) -> bool:
        """Return True if the trump jack may always be played (``free_trump_jack``)."""
        return bool(self._m._free_jack)

    # -- the cards ---------------------------------------------------------------------------
    @property
    def hands(self) -> tuple[Hand, Hand]:
        """Return both hands (bitmasks, kozyr.cards numbering)."""
        h = self._m._hands
        return h[0], h[1]

    @property
    def trump(self) -> int:
        """Return the trump suit (-1 before the first deal)."""
        return self._m._trump

    @property
    def turned(self) -> Card:
        """Return the card lying turned beside the stock (-1 once it is drawn)."""
        return self._m._turned

    @property
    def stock(self) -> tuple[Card, ...]:
        """Return the cards still in the stock, in drawing order (the turned card not in it)."""
        m = self._m
        return tuple(m._stock[m._sp:])

    @property
    def draws(self) -> tuple[Card, ...]:
        """Return every card still to be drawn, in order: the stock, then the turned card.

        After each trick while cards remain the winner draws the first, the loser the next.
        """
        m = self._m
        rest = tuple(m._stock[m._sp:])
        return (*rest, m._turned) if m._turned >= 0 else rest

    @property
    def must_beat(self) -> bool:
        """Return True once nothing is left to draw: the must-beat rule holds (§3)."""
        return self._m._stock_left() == 0

    # -- the play ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int:
        """Return the seat to act (-1 between deals)."""
        return self._m._to_act

    @property
    def leader(self) -> int:
        """Return the seat that leads (or led) the current trick."""
        return self._m._leader

    @property
    def lead(self) -> Card:
        """Return the card led to the current trick (-1: none yet)."""
        return self._m._lead

    @property
    def points(self) -> tuple[int, int]:
        """Return the card points each seat has taken in this deal (the last trick's 10 too)."""
        p = self._m._points
        return p[0], p[1]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Return how many tricks each seat has taken in this deal."""
        w = self._m._won
        return w[0], w[1]
