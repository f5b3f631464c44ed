"""Double-dummy solver for Tertz card play (both hands and the stock's order known).

Tertz is a two-player zero-sum game in card points: the deal's 150 (140 in cards, 10 for the
last trick) are split between the two players by the tricks they take (rules/tertz.md §5, §6:
the player with fewer tricks counts his points and the other gets the rest, which is the same
split).  The value searched is ``me's points - the opponent's points`` of what is still to be
played; ``me`` maximises, the opponent minimises.  The rounding of the split to tens is not
searched, and neither are combinations, the marriage and swap7 (decided before the card,
see :mod:`kozyr.bots.pimc_tricks`).

A position may still have a stock (``draws``: the cards still to be drawn, in order, the
turned card last): after each trick the winner draws first, then the loser.  The legal
answers are the engine's :func:`~kozyr.games.tertz.cardplay.follow_mask` (inlined in the hot
loop over the same tables): while cards remain to be drawn the lenient rule holds (follow
suit, else trump, else anything); once the stock is empty the must-beat rule (a higher card
of the led suit, else any of it; void, a trump; the trump jack always free with
``free_jack``).  Card points, the last trick's 10 and the trick winner are the engine's too
(:mod:`kozyr.games.tertz.cardplay`).

Equivalent cards (touching zero-point cards of one hand with no live card between them,
drawn cards included; :mod:`kozyr.bots.solver.jacknine`) are searched once; the
transposition table is keyed at trick starts.

>>> pos = TertzPosition.from_text(["AS TS", "KS 7S"], leader=0, trump="H")
>>> TertzSolver(pos).value()      # both tricks: 11 + 3 + 10 + 0 + 10 for the last
34
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from kozyr.bots.solver import kernel
from kozyr.bots.solver.jacknine import REDUNDANT, exact_value, strength_table
from kozyr.bots.solver.search import SearchTimeout
from kozyr.bots.solver.trick_solver import TrickSolver
from kozyr.cards import SUIT_MASK, parse_card, parse_cards, parse_hand, parse_suit
from kozyr.games.tertz.cardplay import (
    CARD_POINTS,
    HIGHER,
    JACK_OF,
    LAST_TRICK,
    TRUMP_STRENGTH,
    beats,
    follow_mask,
)

__all__ = ["SearchTimeout", "TertzPosition", "TertzSolver", "legal_cards", "play"]

_BIG = 1 << 20

@dataclass(frozen=True)
class TertzPosition:
    """A Tertz play position with both hands and the rest of the stock known.

    ``hands`` for seats 0 and 1; ``lead`` the card led to the current trick (-1: none);
    ``leader`` the seat that leads (or led) the current trick; ``draws`` the cards still to
    be drawn, in order (the turned card last); ``me`` the maximising seat; ``points`` the
    card points each seat has taken.
    """

    hands: tuple[int, int]
    leader: int
    trump: int
    lead: int = -1
    draws: tuple[int, ...] = ()
    me: int = 0
    points: tuple[int, int] = (0, 0)
    free_jack: bool = True

    @classmethod
    def from_text(cls, hands: list[str], leader: int, trump: str, lead: str = "",
                  draws: str = "", **options: object) -> TertzPosition:
        """Build a position from strings, e.g. ``["AS TS", "KS 7S"]``, draws ``"JH 7D"``."""
        h0, h1 = (parse_hand(h) for h in hands)
        return cls(hands=(h0, h1), leader=leader, trump=parse_suit(trump),
                   lead=parse_card(lead) if lead else -1,
                   draws=tuple(parse_cards(draws)), **options)  # type: ignore[arg-type]

    def seat_to_move(self) -> int:
        """Return the seat whose card is next."""
        return self.leader if self.lead < 0 else 1 - self.leader

    def base(self) -> int:
        """Return the difference already decided (points taken)."""
        return self.points[self.me] - self.points[1 - self.me]


def legal_cards(pos: TertzPosition) -> list[int]:
    """Return the cards the seat to move may play, lowest number first."""
    h = pos.hands[pos.seat_to_move()]
    if pos.lead < 0:
        cands = h
    else:
        cands = follow_mask(h, pos.lead, pos.trump, not pos.draws, pos.free_jack)
    return [c for c in range(32) if cands >> c & 1]


def play(pos: TertzPosition, c: int) -> TertzPosition:
    """Return the position after the legal card ``c`` (and the draws that follow a trick)."""
    seat = pos.seat_to_move()
    hands = list(pos.hands)
    hands[seat] &= ~(1 << c)
    if pos.lead < 0:
        return replace(pos, hands=(hands[0], hands[1]), lead=c)
    winner = seat if beats(c, pos.lead, pos.trump) else pos.leader
    pts = list(pos.points)
    won = CARD_POINTS[pos.trump][c] + CARD_POINTS[pos.trump][pos.lead]
    draws = pos.draws
    if draws:
        hands[winner] |= 1 << draws[0]
        hands[1 - winner] |= 1 << draws[1]
        draws = draws[2:]
    elif not hands[0] and not hands[1]:
        won += LAST_TRICK
    pts[winner] += won
    return replace(pos, hands=(hands[0], hands[1]), leader=winner, lead=-1, draws=draws,
                   points=(pts[0], pts[1]))


class TertzSolver(TrickSolver[TertzPosition]):
    """Search one position (and its children), sharing one transposition table."""

    has_kernel = True

    def _prepare(self, pos: TertzPosition) -> None:
        self.points = CARD_POINTS[pos.trump]
        self.strength = strength_table(pos.trump, TRUMP_STRENGTH)

    def _root_state(self, pos: TertzPosition) -> tuple[int, ...]:
        pts = self.points
        rem = sum(pts[c] for c in range(32) if (pos.hands[0] | pos.hands[1]) >> c & 1)
        rem += sum(pts[c] for c in pos.draws)
        if pos.lead >= 0:
            return (1 - pos.leader, 1, pos.lead, rem + pts[pos.lead], 0)
        return (pos.leader, 0, -1, rem, 0)

    def _use(self, pos: TertzPosition) -> None:
        if pos.draws != self.pos.draws[len(self.pos.draws) - len(pos.draws):]:
            raise ValueError("a position of another deal: make a new solver")
        self.hands[:] = pos.hands

    def _di(self, pos: TertzPosition) -> int:
        return len(self.pos.draws) - len(pos.draws)

    def at_least(self, t: int, pos: TertzPosition | None = None) -> bool:
        """Return True if the final difference of ``pos`` (default: the root) is at least ``t``."""
        pos = pos or self.pos
        self._use(pos)
        need = t - pos.base()
        state = self._root_state(pos)
        return self._ab(need - 1, need, *state[:4], self._di(pos)) >= need

    def value(self, pos: TertzPosition | None = None, guess: int | None = None) -> int:
        """Return the final difference of ``pos`` (default: the root) with best play."""
        pos = pos or self.pos
        self._use(pos)
        base = pos.base()
        state = self._root_state(pos)
        args = (*state[:4], self._di(pos))
        ab = self._ab
        bound = state[3] + LAST_TRICK + 1
        return base + exact_value(lambda alpha, beta: ab(alpha, beta, *args), bound,
                                  None if guess is None else guess - base)

    def _make_search(self) -> Callable[..., int]:
        if self.compiled:
            return self._compiled_search()
        hands = self.hands
        pos = self.pos
        trump = pos.trump
        me = pos.me
        draws = pos.draws
        nd = len(draws)
        # live-by-draws: the cards still to be drawn after index i
        later = [0] * (nd + 1)
        for i in range(nd - 1, -1, -1):
            later[i] = later[i + 1] | 1 << draws[i]
        pts_of = self.points
        higher = HIGHER[trump]
        st = self.strength
        sm = SUIT_MASK
        tmask = sm[trump]
        jack = JACK_OF[trump] if pos.free_jack else 0
        red = REDUNDANT
        plain_suits = tuple(s for s in range(4) if s != trump)
        t7, t8 = trump * 8, trump * 8 + 1
        tt = self.tt
        deadline = self.deadline
        clock = self.clock
        solver = self

        def ab(alpha: int, beta: int, seat: int, k: int, lead: int, rem: int, di: int) -> int:
            solver.nodes += 1
            if deadline and not solver.nodes & 1023 and clock() > deadline:
                raise SearchTimeout("the search ran out of time")
            h = hands[seat]
            entry = None
            key = 0
            if k == 0:
                if not h:
                    return 0
                ub = rem + LAST_TRICK
                if ub <= alpha:
                    return ub
                if -ub >= beta:
                    return -ub
                key = hands[0] | hands[1] << 32 | seat << 64 | di << 65
                entry = tt.get(key)
                if entry is not None:
                    lo = entry[0]
                    hi = entry[1]
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                cands = h
                live = hands[0] | hands[1] | later[di]
            else:
                hh = h & ~jack
                suit = hh & sm[lead >> 3]
                if di == nd and suit:
                    m = suit & higher[lead] or suit
                else:
                    m = suit or hh & tmask or hh
                cands = (m or h) | (h & jack)
                live = hands[0] | hands[1] | later[di] | 1 << lead
            for s in plain_suits:
                z = cands >> 8 * s & 7
                if z & (z - 1):
                    r = red[z][live >> 8 * s & 7]
                    if r:
                        cands &= ~(r << 8 * s)
            if cands >> t7 & 1 and cands >> t8 & 1:
                cands &= ~(1 << t8)
            moves: list[int] = []
            x = cands
            while x:
                low = x & -x
                moves.append(low.bit_length() - 1)
                x ^= low
            if k == 0:
                moves.sort(key=st.__getitem__, reverse=True)
                if entry is not None and entry[2] >= 0 and entry[2] in moves:
                    bm = entry[2]
                    moves.remove(bm)
                    moves.insert(0, bm)
            else:
                beaters = []
                others = []
                for c in moves:
                    if c >> 3 == lead >> 3:
                        if higher[lead] >> c & 1:
                            beaters.append(c)
                        else:
                            others.append(c)
                    elif c >> 3 == trump:
                        beaters.append(c)
                    else:
                        others.append(c)
                beaters.sort(key=pts_of.__getitem__, reverse=True)
                others.sort(key=pts_of.__getitem__)
                moves = beaters + others
            maximizing = seat == me
            a0 = alpha
            b0 = beta
            value = -_BIG if maximizing else _BIG
            best_move = -1
            for c in moves:
                hands[seat] = h ^ (1 << c)
                if k == 0:
                    v = ab(alpha, beta, 1 - seat, 1, c, rem, di)
                else:
                    if c >> 3 == lead >> 3:
                        win = seat if higher[lead] >> c & 1 else 1 - seat
                    else:
                        win = seat if c >> 3 == trump else 1 - seat
                    pts = pts_of[c] + pts_of[lead]
                    if di < nd:
                        a, b = draws[di], draws[di + 1]
                        hands[win] |= 1 << a
                        hands[1 - win] |= 1 << b
                        gain = pts if win == me else -pts
                        v = gain + ab(alpha - gain, beta - gain, win, 0, -1, rem - pts, di + 2)
                        hands[win] &= ~(1 << a)
                        hands[1 - win] &= ~(1 << b)
                    else:
                        if not hands[seat]:
                            pts += LAST_TRICK
                        gain = pts if win == me else -pts
                        v = gain + ab(alpha - gain, beta - gain, win, 0, -1,
                                      rem - pts_of[c] - pts_of[lead], di)
                hands[seat] = h
                if maximizing:
                    if v > value:
                        value = v
                        best_move = c
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    if v < value:
                        value = v
                        best_move = c
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
            if k == 0:
                if entry is None:
                    entry = [-_BIG, _BIG, -1]
                    tt[key] = entry
                if value <= a0:
                    if value < entry[1]:
                        entry[1] = value
                elif value >= b0:
                    if value > entry[0]:
                        entry[0] = value
                else:
                    entry[0] = entry[1] = value
                entry[2] = best_move
            return value

        return ab

    def _compiled_search(self) -> Callable[..., int]:
        """Return the same search in the compiled kernel, over this game's tables."""
        pos = self.pos
        trump = pos.trump
        kern = kernel.module().TertzKernel(
            trump=trump, me=pos.me, draws=pos.draws, points=self.points,
            strength=self.strength, higher=HIGHER[trump],
            jack=JACK_OF[trump] if pos.free_jack else 0, redundant=REDUNDANT,
            suit_mask=SUIT_MASK, clock=self.clock, deadline=float(self.deadline),
            timeout=SearchTimeout)
        return kernel.kernel_search(self, kern)
