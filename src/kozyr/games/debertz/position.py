"""The whole position of a Debertz deal, read-only, for search bots (hidden cards included).

A search bot solves sampled deals double-dummy (:mod:`kozyr.bots.pimc_tricks`): it needs what
no seat's observation gives, every hand of the sample, with the trick on the table, the melds
declared, the bella announced and the points taken.  This module's :class:`DealView` is that
interface: properties over one match's current deal, each an int, a bool or a tuple (nothing
the caller could change in the match), computed when asked (building a view copies nothing, so
a solver may build one per sample).  The rules a search needs come from the game too:
:meth:`DealView.may_swap` is the engine's own seven-swap rule, and the card points,
the legal cards and the trick winner are in :mod:`kozyr.games.debertz.state` and
:mod:`kozyr.games.tricks`.

Use it on a sample (``SeatView.sample(rng)``) or on a match a test built, never to show a
seat anything: it shows every card.

>>> from kozyr.cards import format_card, format_hand
>>> from kozyr.games.debertz.rules import DebertzRules
>>> from kozyr.games.debertz import DebertzMatch
>>> m = DebertzMatch(DebertzRules.from_preset("debertz3"), seed=1, first_dealer=0)
>>> m.deal({"hands": ["AS TS KS QS JS 9S", "AH TH KH QH JH 9H", "AD TD KD QD JD 9D"],
...         "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C 7C"})
>>> _ = m.apply("accept")
>>> p = DealView(m)
>>> p.declarer, p.to_act, p.trick_no, p.sides, format_card(p.turned)
(1, 1, 0, (0, 1, 2), '8S')
>>> format_hand(p.hands[1]), p.may_swap(1, p.hands[1])
('7S AH TH KH QH JH 9H 8H 7H', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr.cards import Card, Hand

if TYPE_CHECKING:
    from kozyr.games.debertz import melds as M
    from kozyr.games.debertz.rules import DebertzRules
    from kozyr.games.debertz.state import DebertzState

__all__ = ["DealView"]


class DealView:
    """A read-only view of the deal of a match (a :class:`~kozyr.games.debertz.state.DebertzState`).

    Sides: with 2 or 3 players each seat is its own side; with 4 (``teams``), side = seat % 2.
    Per-seat tuples are indexed by seat, per-side ones by side.
    """

    __slots__ = ("_m",)

    def __init__(self, match: DebertzState) -> None:
        """View ``match`` (later changes to the match show through)."""
        self._m = match

    # -- the table -------------------------------------------------------------------------
    @property
    def rules(self) -> DebertzRules:
        """Return the match's rule set."""
        return self._m.rules

    @property
    def seats(self) -> int:
        """Return the number of seats."""
        return self._m._n

    @property
    def teams(self) -> bool:
        """Return True when partners play as teams (4 players)."""
        return self._m._teams

    @property
    def sides(self) -> tuple[int, ...]:
        """Return the side of each seat."""
        return self._m._side

    @property
    def dealer(self) -> int:
        """Return the dealer of the deal."""
        return self._m._dealer

    # -- the cards ---------------------------------------------------------------------------
    @property
    def hands(self) -> tuple[Hand, ...]:
        """Return every seat's hand (bitmasks, kozyr.cards numbering)."""
        return tuple(self._m._hands)

    def hand(self, seat: int) -> Hand:
        """Return ``seat``'s hand."""
        return self._m._hands[seat]

    @property
    def trump(self) -> int:
        """Return the trump suit (-1 while the bidding lasts)."""
        return self._m._trump

    @property
    def turned(self) -> Card:
        """Return the card turned for trump (-1 before a deal); the seven swap takes it."""
        return self._m._turned

    @property
    def declarer(self) -> int:
        """Return the seat that took the trump (-1 while the bidding lasts)."""
        return self._m._declarer

    # -- the play ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int:
        """Return the seat to act."""
        return self._m._to_act

    @property
    def leader(self) -> int:
        """Return the seat that leads (or led) the current trick."""
        return self._m._leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """Return the cards played to the current trick, in order from :attr:`leader`."""
        return tuple(self._m._trick)

    @property
    def trick_no(self) -> int:
        """Return how many tricks of the deal are complete (0: the first trick is on)."""
        return self._m._trick_no

    @property
    def side_points(self) -> tuple[int, ...]:
        """Return each side's card points taken so far (the last trick's 10 included)."""
        return tuple(self._m._side_points)

    @property
    def side_won(self) -> tuple[int, ...]:
        """Return how many tricks each side has taken."""
        return tuple(self._m._side_won)

    # -- what was announced --------------------------------------------------------------
    @property
    def swapped(self) -> bool:
        """Return True once somebody has swapped the seven of trump for the turned card."""
        return self._m._swapper >= 0

    @property
    def declared(self) -> tuple[bool, ...]:
        """Return, per seat, whether it has declared its melds."""
        return tuple(self._m._declared)

    @property
    def melds(self) -> tuple[M.Meld, ...]:
        """Return the melds declared so far, in the order they were declared."""
        return tuple(self._m._melds)

    @property
    def bella(self) -> tuple[int, ...]:
        """Return the seats that have announced bella (each adds its 20 to its side)."""
        return tuple(self._m._bella)

    # -- rules -------------------------------------------------------------------------------
    def may_swap(self, seat: int, hand: Hand) -> bool:
        """Return True if ``seat`` holding ``hand`` may swap the seven now (the engine's rule).

        The rule of the table (``seven_swap``, not with 4 players), nobody swapped yet, the
        seat has not declared, the turned suit is trump and ``hand`` holds its seven.  Only
        before the seat's first card: the caller checks that the first trick is on.
        """
        return self._m._may_swap(seat, hand)
