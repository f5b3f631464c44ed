"""Double-dummy search under §11's declarations: bed marriages, four nines, ``keep``,
``marriage_auto`` and the strict ace marriage (rules/thousand.md §11.1, §11.6).

The fast search (:mod:`kozyr.bots.solver.search`) inlines §6's leads (K+Q marriages and the
plain ace marriage).  When a table turns on any of §11's declaring options
(:attr:`Declarations.plain` is False), or a seat's declarations do not count for it
(``marriage_declarer_only``, ``barrel_no_marriages``), :class:`DeclaringSearch` searches
instead: the same interface (:meth:`moves`, :meth:`play`, :meth:`search`, ...), card by card,
with every lead taken from the engine's one rule, :meth:`Declarations.leads`, and every
declaration's value and effect on the trump from :meth:`Declarations.effect`.  Following
(suit, trump, ``must_beat``) and the trick's winner are :mod:`kozyr.games.thousand.cardplay`'s.

Moves are the engine's play actions (``c``, ``MARRIAGE + c``, ``MARRIAGE_KEEP + c``,
``BED + c``, ``BED_KEEP + c``, ``NINES + c``), so PIMC compares them with the legal actions
directly.  ``counts`` (per seat, 1 or 0) says whether a seat's declarations score for it: a
declaration that does not count still names the trump.

>>> from kozyr.cards import parse_hand as h
>>> from kozyr.games.thousand.rules import ThousandRules
>>> d = Declarations.of(ThousandRules(bed_marriage=True))
>>> s = DeclaringSearch([h("QS JS"), h("9S TS"), h("9C KC")], 0, [], -1, 0, True, d)
>>> [A.action_to_text(m) for m in s.moves()]
['play QS bed', 'play JS bed', 'play QS', 'play JS']
>>> s.search(0, 1 << 30)  # QS bed (20); TS takes KC, then JS takes 9S and 9C (2)
22
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from kozyr.bots.solver.state import SearchTimeout, close_trick
from kozyr.bots.solver.tables import BETWEEN, PDIFF
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import (
    ACES_MASK,
    KINGS_MASK,
    NINES_MASK,
    POINTS,
    beats,
    card_points,
    legal_to_trick,
    pile_points,
    trick_winner,
)
from kozyr.games.thousand.declarations import QUEENS_MASK, Declarations

__all__ = ["DeclaringSearch", "plain_now", "uses_declaring"]

#: The snapshot of the mutable state (:meth:`DeclaringSearch.copy_state`).
Snapshot = tuple[list[int], int, list[int], int, bool, int, int, int, int]


class DeclaringSearch:
    """Search one position whose leads follow :class:`Declarations` (see the module).

    ``hands`` per solver seat; ``trick`` the cards played to the current trick from
    ``leader``; ``trump`` a suit or -1; ``can_declare`` whether a lead may declare now (the
    first trick is over, or ``marriage_on_first_trick``); ``declared`` the suit masks whose
    K+Q or Q+J was declared; ``holder`` the solver seat that declared the strict ace marriage
    (-1: none) and ``ace_suit`` the suit it named.
    """

    def __init__(self, hands: list[int], leader: int, trick: list[int], trump: int,
                 declarer: int, can_declare: bool, decl: Declarations, *,
                 declared: int = 0, holder: int = -1, ace_suit: int = -1,
                 must_beat: bool = False, weights: tuple[int, ...] | None = None,
                 counts: tuple[int, ...] | None = None) -> None:
        self.n = len(hands)
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.trump = trump
        self.declarer = declarer
        self.can_declare = can_declare
        self.decl = decl
        self.declared = declared
        self.holder = holder
        self.ace_suit = ace_suit
        self.must_beat = must_beat
        self.weights = weights if weights is not None else tuple(
            int(i == declarer) for i in range(self.n))
        self.counts = counts if counts is not None else (1,) * self.n
        self.wmax = max(self.weights)
        #: (seat, weight of its declarations) for the seats whose declarations score
        self.scorers = tuple((i, w * c) for i, (w, c) in
                             enumerate(zip(self.weights, self.counts, strict=True)) if w * c)
        self.remaining = sum(card_points(h) for h in hands) + pile_points(trick)
        self.tt: dict[tuple[int, ...], list[int]] = {}
        self._leads: dict[tuple[int, ...], list[int]] = {}
        self._need: dict[int, int] = {}
        self._counter = [0]
        self.deadline = 0.0
        #: Whether equivalent cards are merged (off only to check the merging).
        self.merge = True

    @property
    def nodes(self) -> int:
        """Return the nodes searched so far."""
        return self._counter[0]

    def bound(self) -> int:
        """Return an upper bound of the value still to come (points and declarations)."""
        held = self.decl.held_value
        hands = self.hands
        return self.wmax * self.remaining + sum(k * held(hands[i]) for i, k in self.scorers)

    # -- moves ------------------------------------------------------------------------------
    def seat_to_move(self) -> int:
        """Return the seat whose card is next."""
        return (self.leader + len(self.trick)) % self.n

    def moves(self) -> list[int]:
        """Return the legal moves of the seat to move, in search order: at a lead the
        declarations (dearest first), then the cards high to low; following, the cards that
        may be played high to low."""
        seat = (self.leader + len(self.trick)) % self.n
        h = self.hands[seat]
        trick = self.trick
        if trick:
            trump = self.trump
            cards = legal_to_trick(h, trick, trump, self.must_beat)
            wi = trick_winner(trick, trump)
            best = trick[wi]
            friend = ((self.leader + wi) % self.n == self.declarer) == (seat == self.declarer)
            last = len(trick) == self.n - 1
            beaters: list[int] = []
            others: list[int] = []
            for c in range(32):
                if cards >> c & 1:
                    (beaters if beats(c, best, trump) else others).append(c)
            if friend:
                # the side holds the trick: points to it (last) or low cards, then winners
                others.sort(key=POINTS.__getitem__, reverse=last)
                return others + beaters
            beaters.sort(key=POINTS.__getitem__, reverse=last)
            others.sort(key=POINTS.__getitem__)
            return beaters + others
        key = (h, self.can_declare, self.trump, self.declared, seat == self.holder,
               self.ace_suit)
        out = self._leads.get(key)
        if out is None:
            legal = self.decl.leads(h, int(self.can_declare), self.trump, self.declared,
                                    seat == self.holder, self.ace_suit)
            value = self.decl.value
            out = sorted(legal, key=lambda m: (-value(m), -POINTS[m & 31], m))
            self._leads[key] = out
        return list(out)

    def play(self, m: int) -> int:
        """Apply move ``m`` (legal) permanently; return the value it gained."""
        c = m & 31
        seat = (self.leader + len(self.trick)) % self.n
        self.hands[seat] ^= 1 << c
        gain = 0
        if m >= A.MARRIAGE:
            value, trump, bits, ace = self.decl.effect(m)
            gain = value * self.weights[seat] * self.counts[seat]
            if trump >= 0:
                self.trump = trump
            self.declared |= bits
            if ace:
                self.holder, self.ace_suit = seat, trump
        self.trick.append(c)
        if len(self.trick) == self.n:
            gain += close_trick(self)
        return gain

    def copy_state(self) -> Snapshot:
        """Return a snapshot of the mutable state (the table is shared, not copied)."""
        return (list(self.hands), self.leader, list(self.trick), self.trump, self.can_declare,
                self.remaining, self.declared, self.holder, self.ace_suit)

    def restore(self, state: Snapshot) -> None:
        """Restore a snapshot taken by :meth:`copy_state`."""
        (hands, self.leader, trick, self.trump, self.can_declare, self.remaining,
         self.declared, self.holder, self.ace_suit) = state
        self.hands = list(hands)
        self.trick = list(trick)

    def _needed(self, h: int) -> int:
        """Return the cards of ``h`` its declarations need (never merged)."""
        out = self._need.get(h)
        if out is None:
            held = self.decl.held_value
            full = held(h)
            out = sum(1 << c for c in range(32) if h >> c & 1 and held(h & ~(1 << c)) < full)
            # a K or Q whose marriage is held counts even where its value is 0 (it names the
            # trump), and so does a Q or J of a held bed marriage
            married = h & (h << 1) & KINGS_MASK
            out |= married | married >> 1
            if self.decl.bed:
                beds = h & (h << 1) & QUEENS_MASK
                out |= beds | beds >> 1
            self._need[h] = out
        return out

    # -- search -----------------------------------------------------------------------------
    def search(self, alpha: int, beta: int) -> int:
        """Return the future value (fail-soft alpha-beta inside (alpha, beta))."""
        return self._ab(alpha, beta)

    def _ab(self, alpha: int, beta: int) -> int:
        counter = self._counter
        counter[0] += 1
        if self.deadline and not counter[0] & 1023 and time.perf_counter() > self.deadline:
            raise SearchTimeout("the search ran out of time")
        if beta <= 0:
            return 0  # every gain is >= 0: the threshold is reached
        seat = (self.leader + len(self.trick)) % self.n
        if not self.hands[seat]:
            return 0
        entry = None
        key: tuple[int, ...] = ()
        if not self.trick:
            ub = self.bound()
            if ub <= alpha:
                return ub
            key = (*self.hands, self.leader, self.trump, self.can_declare, self.declared,
                   self.holder, self.ace_suit)
            entry = self.tt.get(key)
            if entry is not None:
                if entry[0] >= beta:
                    return entry[0]
                if entry[1] <= alpha:
                    return entry[1]
                alpha = max(alpha, entry[0])
                beta = min(beta, entry[1])
        moves = self.moves()
        if entry is not None and entry[2] in moves:
            moves.remove(entry[2])
            moves.insert(0, entry[2])
        a0, b0 = alpha, beta
        maximizing = seat == self.declarer
        value = -1 if maximizing else 1 << 30
        best = -1
        hands = self.hands
        h = hands[seat]
        # what a move changes, restored after it (cheaper than copy_state)
        trick, leader, trump, cd = self.trick, self.leader, self.trump, self.can_declare
        rem, declared, holder, ace_suit = (self.remaining, self.declared, self.holder,
                                           self.ace_suit)
        # equivalent cards (as in the fast search): two plain cards of one suit in this hand
        # with no other hand's card (nor one in the trick) between them take the same tricks,
        # so the second is skipped when its points cannot bring it into the window; never
        # a card a declaration of this hand needs, nor an ace of the strict holder
        others = 0
        for i, x in enumerate(hands):
            if i != seat:
                others |= x
        for c in trick:
            others |= 1 << c
        keep = self._needed(h) | (ACES_MASK if seat == holder else 0) if self.merge else -1
        wmax = self.wmax
        last: dict[int, tuple[int, int]] = {}
        for m in moves:
            if m < 32 and not keep >> m & 1:
                prev = last.get(m >> 3)
                if prev is not None and not BETWEEN[prev[0] << 5 | m] & others:
                    d = wmax * PDIFF[prev[0] << 5 | m]
                    pu = prev[1]
                    if maximizing:
                        if pu + d <= alpha:
                            if pu + d > value:
                                value = pu + d
                            continue
                    elif pu - d >= beta:
                        if pu - d < value:
                            value = pu - d
                        continue
            self.trick = list(trick)
            gain = self.play(m)
            v = gain + self._ab(alpha - gain, beta - gain)
            if m < 32:
                last[m >> 3] = (m, v)
            hands[seat] = h
            self.trick, self.leader, self.trump, self.can_declare = trick, leader, trump, cd
            self.remaining, self.declared, self.holder, self.ace_suit = (rem, declared, holder,
                                                                         ace_suit)
            if maximizing:
                if v > value:
                    value, best = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < value:
                value, best = v, m
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if key:
            if entry is None:
                entry = self.tt[key] = [0, 1 << 30, -1]
            if value <= a0:
                entry[1] = min(entry[1], value)
            elif value >= b0:
                entry[0] = max(entry[0], value)
            else:
                entry[0] = entry[1] = value
            entry[2] = best
        return value


def uses_declaring(decl: Declarations | None, counts: tuple[int, ...] | None,
                   weights: tuple[int, ...] | None = None, declarer: int = 0) -> bool:
    """Return True if a position's rules need :class:`DeclaringSearch`: §11's declarations,
    or a seat that scores (weight > 0) whose declarations do not count."""
    if decl is None:
        return False
    if not decl.plain:
        return True
    if counts is None:
        return False
    w = weights if weights is not None else tuple(int(i == declarer) for i in range(len(counts)))
    return any(wi and not c for wi, c in zip(w, counts, strict=True))


def plain_now(decl: Declarations, hands: Sequence[int], declared: int, holder: int,
              counts: tuple[int, ...] | None) -> bool:
    """Return True if the fast search gives this position's leads and values already: no hand
    holds a declaration §11 treats otherwise than §6 (a Q+J, four nines, a K+Q under ``keep``
    or ``marriage_auto`` or in a declared suit, four aces under ``strict``), nobody is bound
    by the strict ace marriage, and every declaration counts."""
    if holder >= 0 or counts is not None:
        return False
    for h in hands:
        married = h & (h << 1) & KINGS_MASK
        if married and (decl.keep or decl.auto or married & declared):
            return False
        if decl.bed and h & (h << 1) & QUEENS_MASK:
            return False
        if decl.nines and h & NINES_MASK == NINES_MASK:
            return False
        if decl.strict and h & ACES_MASK == ACES_MASK:
            return False
    return True
