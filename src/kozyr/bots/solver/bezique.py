"""Double-dummy solver for Bezique card play (both hands and the stock's order known).

The value searched is the difference ``me - opponent`` of the deal's points still to come, as
the engine counts them at the end of the deal: 10 per brisque in the tricks each seat takes
(:func:`~kozyr.games.bezique.cardplay.brisques_in`), the last trick's 10
(:func:`~kozyr.games.bezique.cardplay.last_trick_bonus`, under ``last_trick`` 32 or 24), and
with ``dix`` = ``play`` the 10 of a seven of trumps played to tricks 1-24.  ``me`` maximises,
the opponent minimises.  The legal answers and the trick winner are the engine's
(:func:`~kozyr.games.bezique.cardplay.follow_mask`, ``follower_wins``): any card while the
stock lasts, follow-and-beat in the last eight.

A position may still have a stock (``draws``: the cards still to be drawn, in order, the
turned card last).  After each trick of 1-24 its winner declares, then both draw (the winner
first).  The declaration is modelled as every kozyr bot makes it (the heuristic, which the
``hard`` bot also follows in the window): the dearest combination the winner may declare, by
the engine's :func:`~kozyr.games.bezique.combinations.declarable` and ``value``, one per
trick.  Not searched: the sevens' exchange and show (10 each, taken whenever possible by every
bot, whichever card wins the trick), the loser's choice of what to keep beyond the points of
the search.

Copies of one card in one hand are searched once when they are interchangeable (the same
combinations used; always in the last eight).  The transposition table is keyed at trick
starts by both hands, the seat to lead, the trick and the combinations used.

>>> pos = BeziquePosition.from_text(["AS1 TS1", "KS1 7S1"], leader=0, trump="H", tricks=30)
>>> BeziqueSolver(pos).value()      # both tricks: two brisques and the last trick
30
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from kozyr.bots.solver.search import SearchTimeout
from kozyr.bots.solver.trick_solver import TrickSolver
from kozyr.cards import parse_suit
from kozyr.games.bezique.cardplay import (
    BRISQUE_VALUE,
    SEVEN_VALUE,
    SEVENS,
    brisques_in,
    card_of,
    follow_mask,
    follower_wins,
    last_trick_bonus,
)
from kozyr.games.bezique.combinations import COMBOS, KINDS, declarable, value
from kozyr.games.bezique.position import DealView

__all__ = ["BeziquePosition", "BeziqueSolver", "SearchTimeout", "legal_cards", "play"]

STOCK_TRICKS = 24
TRICKS = 32
_BIG = 1 << 20
#: What a card is worth in the trick that takes it (a brisque: BRISQUE_VALUE).
_CARD_VALUE: tuple[int, ...] = tuple(BRISQUE_VALUE * brisques_in(1 << c) for c in range(64))


@dataclass(frozen=True)
class BeziquePosition:
    """A Bezique play position with both hands and the rest of the stock known.

    ``hands`` for seats 0 and 1 (declared cards included); ``lead`` the card led to the
    current trick (-1: none); ``leader`` the seat that leads (or led) it; ``tricks`` the tricks
    already played; ``draws`` the cards still to be drawn, in order (the turned card last);
    ``me`` the maximising seat; ``points`` each seat's points so far in final-value units
    (deal points plus 10 per brisque taken); ``used`` the cards used per kind of combination.
    """

    hands: tuple[int, int]
    leader: int
    trump: int
    lead: int = -1
    tricks: int = 0
    draws: tuple[int, ...] = ()
    me: int = 0
    points: tuple[int, int] = (0, 0)
    used: tuple[int, ...] = (0,) * KINDS
    last_trick: int = TRICKS
    dix_play: bool = False
    by_trump: bool = False

    @classmethod
    def from_text(cls, hands: list[str], leader: int, trump: str, lead: str = "",
                  draws: str = "", **options: Any) -> BeziquePosition:
        """Build a position from digited cards, e.g. ``["AS1 TS1", "KS1 7S1"]``."""
        h0, h1 = (sum(1 << card_of(t) for t in h.split()) for h in hands)
        return cls(hands=(h0, h1), leader=leader, trump=parse_suit(trump),
                   lead=card_of(lead) if lead else -1,
                   draws=tuple(card_of(t) for t in draws.split()), **options)

    @classmethod
    def of_match(cls, m: Any, me: int) -> BeziquePosition:
        """Return the position of a (sampled) BeziqueMatch ``m`` for seat ``me``: a card is due.

        Reads the whole deal (:class:`~kozyr.games.bezique.position.DealView`): call it only on
        a sample, never on the real match.  Raise ValueError inside a winner's window.
        """
        d = DealView(m)
        if d.window:
            raise ValueError("a winner's window: no card is due before the draw")
        rules = d.rules
        pts = tuple(p + BRISQUE_VALUE * b for p, b in zip(d.points, d.brisques, strict=True))
        return cls(hands=d.hands, leader=d.leader, trump=d.trump, lead=d.lead,
                   tricks=d.tricks, draws=d.draws, me=me, points=(pts[0], pts[1]),
                   used=d.used, last_trick=int(rules.last_trick),
                   dix_play=rules.dix == "play", by_trump=rules.bezique_pair == "by_trump")

    def seat_to_move(self) -> int:
        """Return the seat whose card is next."""
        return self.leader if self.lead < 0 else 1 - self.leader

    def base(self) -> int:
        """Return the difference already decided (points taken)."""
        return self.points[self.me] - self.points[1 - self.me]


def legal_cards(pos: BeziquePosition) -> list[int]:
    """Return the cards the seat to move may play, lowest id first."""
    h = pos.hands[pos.seat_to_move()]
    cands = h if pos.lead < 0 else follow_mask(h, pos.lead, pos.trump,
                                               pos.tricks >= STOCK_TRICKS)
    return [c for c in range(64) if cands >> c & 1]


def best_declaration(hand: int, trump: int, by_trump: bool,
                     used: tuple[int, ...] | list[int]) -> int:
    """Return the index in COMBOS of the dearest combination ``hand`` may declare, or -1
    (ties: the lowest index, as the heuristic chooses)."""
    best, best_v = -1, 0
    for i in declarable(hand, trump, by_trump, used):
        v = value(COMBOS[i], trump)
        if v > best_v:
            best, best_v = i, v
    return best


def play(pos: BeziquePosition, c: int) -> BeziquePosition:
    """Return the position after the legal card ``c`` (a trick's end: the winner's points,
    his dearest declaration while the stock lasts, the draws)."""
    seat = pos.seat_to_move()
    hands = list(pos.hands)
    hands[seat] &= ~(1 << c)
    if pos.lead < 0:
        return replace(pos, hands=(hands[0], hands[1]), lead=c)
    leader = pos.leader
    winner = seat if follower_wins(c, pos.lead, pos.trump) else leader
    t = pos.tricks + 1
    pts = list(pos.points)
    pts[winner] += (_CARD_VALUE[c] + _CARD_VALUE[pos.lead]
                    + last_trick_bonus(t, pos.last_trick))
    used = pos.used
    draws = pos.draws
    if t <= STOCK_TRICKS:
        if pos.dix_play:
            sevens = SEVENS[pos.trump]
            pts[leader] += SEVEN_VALUE * (sevens >> pos.lead & 1)
            pts[seat] += SEVEN_VALUE * (sevens >> c & 1)
        i = best_declaration(hands[winner], pos.trump, pos.by_trump, used)
        if i >= 0:
            combo = COMBOS[i]
            pts[winner] += value(combo, pos.trump)
            u = list(used)
            u[combo.kind] |= combo.mask
            used = tuple(u)
        hands[winner] |= 1 << draws[0]
        hands[1 - winner] |= 1 << draws[1]
        draws = draws[2:]
    return replace(pos, hands=(hands[0], hands[1]), leader=winner, lead=-1, tricks=t,
                   draws=draws, points=(pts[0], pts[1]), used=used)


class BeziqueSolver(TrickSolver[BeziquePosition]):
    """Search one position (and its children), sharing one transposition table."""

    def _use(self, pos: BeziquePosition) -> None:
        root = self.pos
        if pos.draws != root.draws[len(root.draws) - len(pos.draws):] or pos.trump != root.trump:
            raise ValueError("a position of another deal: make a new solver")
        self.hands[:] = pos.hands

    def value(self, pos: BeziquePosition | None = None) -> int:
        """Return the final difference (``me`` minus the opponent) of ``pos`` (default: the
        root) with best play by both."""
        pos = pos or self.pos
        self._use(pos)
        di = len(self.pos.draws) - len(pos.draws)
        rest = self._ab(-_BIG, _BIG, pos.seat_to_move(), pos.lead, pos.tricks, di,
                        pos.used)
        return pos.base() + rest

    def _make_search(self) -> Callable[..., int]:
        hands = self.hands
        root = self.pos
        trump = root.trump
        me = root.me
        draws = root.draws
        by_trump = root.by_trump
        sevens = SEVENS[trump] if root.dix_play else 0
        bonus = tuple(last_trick_bonus(t, root.last_trick) for t in range(TRICKS + 1))
        cv = _CARD_VALUE
        wins = follower_wins
        answers = follow_mask
        dearest = best_declaration
        combos = COMBOS
        worth = tuple(value(c, trump) for c in COMBOS)
        order = tuple((c & 7) * 2 + (cv[c] > 0) for c in range(64))
        tt = self.tt
        deadline = self.deadline
        clock = self.clock
        solver = self
        low32 = (1 << 32) - 1

        def moves_of(cands: int, used: tuple[int, ...], last8: bool) -> list[int]:
            twins = cands & (cands >> 32) & low32  # both copies in the hand
            while twins:
                low = twins & -twins
                b = low.bit_length() - 1
                if last8 or all((u >> b & 1) == (u >> (b + 32) & 1) for u in used):
                    cands &= ~(1 << (b + 32))
                twins ^= low
            out = []
            while cands:
                low = cands & -cands
                out.append(low.bit_length() - 1)
                cands ^= low
            return out

        def ab(alpha: int, beta: int, seat: int, lead: int, tricks: int, di: int,
               used: tuple[int, ...]) -> int:
            solver.nodes += 1
            if deadline and not solver.nodes & 1023 and clock() > deadline:
                raise SearchTimeout("the search ran out of time")
            h = hands[seat]
            last8 = tricks >= STOCK_TRICKS
            entry = None
            key: tuple[Any, ...] = ()
            if lead < 0:
                if tricks == TRICKS or not h:  # (not h: a test's short ending)
                    return 0
                key = (hands[0], hands[1], seat, tricks, used if not last8 else ())
                entry = tt.get(key)
                if entry is not None:
                    lo, hi = entry[0], entry[1]
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    alpha = max(alpha, lo)
                    beta = min(beta, hi)
                moves = moves_of(h, used, last8)
                moves.sort(key=order.__getitem__, reverse=True)
                if entry is not None and entry[2] in moves:
                    moves.remove(entry[2])
                    moves.insert(0, entry[2])
            else:
                moves = moves_of(answers(h, lead, trump, last8), used, last8)
                moves.sort(key=lambda c: (not wins(c, lead, trump), -cv[c] if wins(
                    c, lead, trump) else order[c]))
            maximizing = seat == me
            a0, b0 = alpha, beta
            best = -_BIG if maximizing else _BIG
            best_move = -1
            for c in moves:
                hands[seat] = h ^ (1 << c)
                if lead < 0:
                    v = ab(alpha, beta, 1 - seat, c, tricks, di, used)
                else:
                    leader = 1 - seat
                    win = seat if wins(c, lead, trump) else leader
                    t = tricks + 1
                    pts = cv[c] + cv[lead] + bonus[t]
                    gain = pts if win == me else -pts
                    if t <= STOCK_TRICKS:
                        if sevens:
                            s7 = SEVEN_VALUE * ((sevens >> c & 1) - (sevens >> lead & 1))
                            gain += s7 if seat == me else -s7
                        nu = used
                        i = dearest(hands[win], trump, by_trump, used)
                        if i >= 0:
                            combo = combos[i]
                            gain += worth[i] if win == me else -worth[i]
                            u = list(used)
                            u[combo.kind] |= combo.mask
                            nu = tuple(u)
                        a, b = draws[di], draws[di + 1]
                        hw, hl = hands[win], hands[1 - win]
                        hands[win] = hw | 1 << a
                        hands[1 - win] = hl | 1 << b
                        v = gain + ab(alpha - gain, beta - gain, win, -1, t, di + 2, nu)
                        hands[win], hands[1 - win] = hw, hl
                    else:
                        v = gain + ab(alpha - gain, beta - gain, win, -1, t, di, used)
                hands[seat] = h
                if maximizing:
                    if v > best:
                        best, best_move = v, c
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best, best_move = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            if lead < 0:
                if entry is None:
                    entry = [-_BIG, _BIG, -1]
                    tt[key] = entry
                if best <= a0:
                    entry[1] = min(entry[1], best)
                elif best >= b0:
                    entry[0] = max(entry[0], best)
                else:
                    entry[0] = entry[1] = best
                entry[2] = best_move
            return best

        return ab
