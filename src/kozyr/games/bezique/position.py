"""The whole position of a Bezique deal, read-only, for search bots (hidden cards included).

A search bot solves sampled deals double-dummy (:mod:`kozyr.bots.solver.bezique`): it needs
what no seat's observation gives, both hands of the sample and the order of the stock still to
be drawn, with the card led, the points and brisques taken and the combinations used so far.
:class:`DealView` is that interface: properties over one match's current deal, each an int, a
bool or a tuple (nothing the caller could change in the match), computed when asked.  The
rules a search needs come from the game too: the legal answers and the trick winner
(:mod:`kozyr.games.bezique.cardplay`), what a trick is worth (``brisques_in``,
``last_trick_bonus``), the combinations (:mod:`kozyr.games.bezique.combinations`).

Use it on a sample (``SeatView.sample(rng)``) or on a match a test built, never to show a seat
anything: it shows every card.

>>> from kozyr.games.bezique import BeziqueMatch
>>> from kozyr.games.bezique.cardplay import format_mask
>>> m = BeziqueMatch(seed=3, first_dealer=0)
>>> m.deal()
>>> p = DealView(m)
>>> p.to_act, p.leader, p.lead, p.tricks, len(p.draws), p.hands[0].bit_count()
(1, 1, -1, 0, 48, 8)
>>> p.draws[-1] == p.turned
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr.cards import Card, Hand
from kozyr.games.bezique.deal import STOCK_SIZE

if TYPE_CHECKING:
    from kozyr.games.bezique.rules import BeziqueRules
    from kozyr.games.bezique.state import BeziqueState

__all__ = ["DealView"]


class DealView:
    """A read-only view of the deal of a match (any :class:`BeziqueState`); per-seat tuples are
    indexed by seat (0, 1)."""

    __slots__ = ("_m",)

    def __init__(self, match: BeziqueState) -> None:
        """View ``match`` (later changes to the match show through)."""
        self._m = match

    @property
    def rules(self) -> BeziqueRules:
        """Return the match's rule set."""
        return self._m.rules

    @property
    def hands(self) -> tuple[Hand, Hand]:
        """Return both hands, declared cards on the table included (64-bit masks)."""
        h = self._m._hands
        return h[0], h[1]

    @property
    def trump(self) -> int:
        """Return the trump suit (-1 before the first deal)."""
        return self._m._trump

    @property
    def turned(self) -> Card:
        """Return the card lying turned beside the stock (-1 once it is taken)."""
        return self._m._turned

    @property
    def draws(self) -> tuple[Card, ...]:
        """Return the cards still to be drawn, in order: the face-down stock, the turned card
        last.  After each trick of 1-24 its winner draws the first, the loser the second."""
        m = self._m
        rest = tuple(m._stock[m._sp:STOCK_SIZE])
        return rest + ((m._turned,) if m._turned >= 0 else ())

    @property
    def to_act(self) -> int:
        """Return the seat to act (-1 when nobody is)."""
        return self._m._to_act

    @property
    def leader(self) -> int:
        """Return the seat that leads (or led) the current trick."""
        return self._m._leader

    @property
    def lead(self) -> Card:
        """Return the card led to the current trick, or -1."""
        return self._m._lead

    @property
    def tricks(self) -> int:
        """Return how many tricks of the deal have been played."""
        return self._m._tricks

    @property
    def window(self) -> bool:
        """Return True while the winner of the last trick may still declare (before drawing)."""
        return self._m._window

    @property
    def points(self) -> tuple[int, int]:
        """Return each seat's points of the deal so far, brisques not included."""
        p = self._m._points
        return p[0], p[1]

    @property
    def brisques(self) -> tuple[int, int]:
        """Return the brisques each seat has taken in its tricks."""
        b = self._m._brisques
        return b[0], b[1]

    @property
    def used(self) -> tuple[Hand, ...]:
        """Return, per kind of combination, the cards used in one this deal (as ``declarable``
        of :mod:`kozyr.games.bezique.combinations` takes them)."""
        return tuple(self._m._used)

    @property
    def scored_sevens(self) -> Hand:
        """Return the sevens of trumps that have scored."""
        return self._m._scored7
