"""The double-dummy search's state and its root: legal moves in search order, moves played.

:class:`SearchState` holds one position's mutable state (hands, trick, leader, trump, the
declaration right, the points left) and what the search keeps across calls (the transposition
table, the leads cache, the node counter); :class:`kozyr.bots.solver.search.Search` adds the
alpha-beta over it.  The moves here follow the game's rules as
:mod:`kozyr.games.thousand.cardplay` writes them (the follow rule, the trick's winner, card
points); the search's inlined loop takes its tables from there too.
"""

from __future__ import annotations

from typing import Protocol

from kozyr.bots.solver.tables import DECLARE, PDIFF
from kozyr.cards import ACE, KING, QUEEN
from kozyr.games.thousand.cardplay import (
    ACES_MASK,
    KQ_MASK,
    POINTS,
    beats,
    card_points,
    legal_to_trick,
    pile_points,
    trick_winner,
)


class TrickTable(Protocol):
    """What :func:`close_trick` needs of a search state (SearchState, DeclaringSearch)."""

    n: int
    trick: list[int]
    trump: int
    leader: int
    weights: tuple[int, ...]
    remaining: int
    can_declare: bool


def close_trick(s: TrickTable) -> int:
    """Give the full trick of ``s`` to its winner, who leads next; return its points, weighted
    for the winner (the searches' one end of a trick)."""
    trick = s.trick
    pts = pile_points(trick)
    winner = (s.leader + trick_winner(trick, s.trump)) % s.n
    s.remaining -= pts
    s.trick = []
    s.leader = winner
    s.can_declare = True
    return pts * s.weights[winner]


class SearchTimeout(Exception):
    """A search passed its deadline; its partial results are not to be used."""


class SearchState:
    """Hold one position's mutable search state and its transposition table.

    ``hands`` are per seat (2 or 3 seats); ``trick`` the cards played to the current trick, in
    order from ``leader``; ``trump`` a suit or -1; ``can_declare`` whether the next lead may
    declare a marriage (False only before the first trick is complete, unless the option).
    """

    def __init__(self, hands: list[int], leader: int, trick: list[int], trump: int,
                 declarer: int, can_declare: bool, marriage_values: tuple[int, ...],
                 ace_marriage: int, must_beat: bool, fixed_trump: bool,
                 weights: tuple[int, ...] | None = None) -> None:
        self.n = len(hands)
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.trump = trump
        self.declarer = declarer
        self.can_declare = can_declare
        self.mv = tuple(marriage_values)
        self.ace = ace_marriage
        self.must_beat = must_beat
        self.fixed = fixed_trump
        self.remaining = sum(card_points(h) for h in hands) + pile_points(trick)
        #: Points of each seat count this many times in the value (default: the declarer's
        #: once).  The declarer maximises the value, the other seats minimise it.
        self.weights = weights if weights is not None else tuple(
            int(i == declarer) for i in range(self.n))
        self.tt: dict[int, list[int]] = {}
        #: The leads of a hand in search order (declarations, then high cards), by hand + 2**32
        #: if a marriage may be declared.
        self.lead_cache: dict[int, list[int]] = {}
        # marriage points the declarer may still declare, by which K+Q pairs he holds
        self.mbound = tuple(sum(self.mv[x] for x in range(4) if i >> x & 1) for i in range(16))
        self._counter = [0]
        #: What playing card a instead of b can change the value by, at index a * 32 + b.
        wmax = max(self.weights)
        self.pdiff = PDIFF if wmax == 1 else tuple(wmax * d for d in PDIFF)
        #: A time.perf_counter() value after which searches raise SearchTimeout (0: none).
        self.deadline = 0.0
        #: Whether sequence cards are merged (off only to check the merging).
        self.merge = True

    def bound(self) -> int:
        """Return an upper bound of the value still to come (points and marriages)."""
        return max(self.weights) * (self.remaining + sum(self.mv) + self.ace)

    @property
    def nodes(self) -> int:
        """Return the nodes searched by the last search."""
        return self._counter[0]

    # -- moves ------------------------------------------------------------------------------
    def seat_to_move(self) -> int:
        """Return the seat whose card is next."""
        return (self.leader + len(self.trick)) % self.n

    def moves(self) -> list[int]:
        """Return the legal moves of the seat to move, in search order."""
        seat = (self.leader + len(self.trick)) % self.n
        h = self.hands[seat]
        trick = self.trick
        if not trick:
            return self._leads(seat, h)
        trump = self.trump
        cands = legal_to_trick(h, trick, trump, self.must_beat)
        # who holds the trick now, and with which card
        wi = trick_winner(trick, trump)
        best = trick[wi]
        winner = (self.leader + wi) % self.n
        decl = self.declarer
        friend_wins = (winner == decl) == (seat == decl)
        last = len(trick) == self.n - 1
        beaters: list[int] = []
        others: list[int] = []
        x = cands
        while x:
            low = x & -x
            c = low.bit_length() - 1
            x ^= low
            (beaters if beats(c, best, trump) else others).append(c)
        if friend_wins:
            if last:
                # partner holds the trick: give points (high cards of non-beaters first)
                others.sort(key=POINTS.__getitem__, reverse=True)
                return others + beaters
            others.sort(key=POINTS.__getitem__)
            return others + beaters
        if beaters:
            if last:
                # take with the most points if winning anyway: it is last to play
                beaters.sort(key=POINTS.__getitem__, reverse=True)
            others.sort(key=POINTS.__getitem__)
            return beaters + others
        others.sort(key=POINTS.__getitem__)
        return others

    def _leads(self, seat: int, h: int) -> list[int]:
        out: list[int] = []
        if self.can_declare:
            for s in (3, 2, 1, 0):
                kq = KQ_MASK[s]
                if h & kq == kq and self.mv[s]:
                    out.append(s * 8 + KING + DECLARE)
                    out.append(s * 8 + QUEEN + DECLARE)
            if self.ace and h & ACES_MASK == ACES_MASK:
                for s in range(4):
                    out.append(s * 8 + ACE + DECLARE)
        # high cards first
        cards: list[int] = []
        x = h
        while x:
            low = x & -x
            cards.append(low.bit_length() - 1)
            x ^= low
        cards.sort(key=lambda c: -(c & 7))
        out.extend(cards)
        return out

    # -- search -----------------------------------------------------------------------------
    def play(self, m: int) -> int:
        """Apply move ``m`` permanently; return the declarer's points it gained."""
        c = m & 31
        seat = (self.leader + len(self.trick)) % self.n
        self.hands[seat] ^= 1 << c
        gain = 0
        if m & DECLARE:
            val = self.ace if c & 7 == ACE else self.mv[c >> 3]
            gain = val * self.weights[seat]
            if not self.fixed:
                self.trump = c >> 3
        self.trick.append(c)
        if len(self.trick) == self.n:
            gain += close_trick(self)
        return gain

    def copy_state(self) -> tuple[list[int], int, list[int], int, bool, int]:
        """Return a snapshot of the mutable state (the TT is shared, not copied)."""
        return (list(self.hands), self.leader, list(self.trick), self.trump, self.can_declare,
                self.remaining)

    def restore(self, state: tuple[list[int], int, list[int], int, bool, int]) -> None:
        """Restore a snapshot taken by :meth:`copy_state`."""
        hands, self.leader, trick, self.trump, self.can_declare, self.remaining = state
        self.hands = list(hands)
        self.trick = list(trick)
