"""Double-dummy solver for Debertz card play (every hand known): alpha-beta with a TT.

The game is reduced to two sides: the declarer's side (the declarer alone with 2 or 3
players, his team with 4) against everybody else (the defenders, who all want to bait him).
The value searched is the **difference** ``declarer side's points - the others' points`` of
the points the play still decides; the declarer's side maximises it, every other seat
minimises it.  With 2 players and with teams this is the game itself (zero-sum); with 3
players it treats the two defenders as partners, which is what the bait makes them: the
declarer makes his game only if he outscores both together (rules/debertz.md §6), so the sign
of the difference is the contract.  Each defender's own share is not searched.

Counted in play, as the engine scores it and from its tables (rules/debertz.md §1, §4, §5,
§8; :mod:`kozyr.games.debertz.cardplay`):

- card points (J 20, 9 14, A 11, 10 10, K 4, Q 3 in trumps; A 11, 10 10, K 4, Q 3, J 2 in
  plain suits) to the trick's winner; the last trick +10;
- bella: 20 to the side of a player who plays the first of K/Q of trump while holding both,
  always announced (it can only help the announcer's side); with ``bella_after_trick`` only
  once his side has taken a trick;
- the melds of the side holding the best one (``meld_side``, ``meld_points``): they count
  once that side takes a trick (the search tracks which sides have taken a trick).

Legal cards, the engine's :func:`~kozyr.games.debertz.cardplay.legal_cards`: follow suit; a
trump lead must be overtrumped if possible; void, trump, and overtrump the trick's best trump
if possible (over a partner too; not with ``overtrump`` = ``trump_lead``), else any trump;
void of trumps too, anything (the hot loop inlines it over the same tables).  Not searched:
swap7 and declare (decided before the card, see :func:`kozyr.bots.pimc_tricks`), the skate
penalty (a score, not points), debertz.

Speed (:mod:`kozyr.bots.solver.jacknine`): touching cards of one hand with the same points
are equivalent (plain 7/8/9 with no live card between them, trump 8 over 7): only the lowest
is searched.  The transposition table is keyed at trick starts on all hands, the leader and
the sides that have taken a trick.

>>> pos = DebertzPosition.from_text(["JH AS", "9H TS", "AH KS"], leader=0, trump="H")
>>> DebertzSolver(pos).value()   # JH takes 9H AH (45), AS takes TS KS (25) + last trick 10
80
>>> pos = DebertzPosition.from_text(["AS 7C", "TS AC", "KS 8C"], leader=0, trump="H")
>>> DebertzSolver(pos).value()   # 7C first: seat 1 takes AC (11), then AS takes 35
24
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from kozyr.bots.solver import kernel
from kozyr.bots.solver.jacknine import REDUNDANT, exact_value, representatives, strength_table
from kozyr.bots.solver.search import SearchTimeout
from kozyr.bots.solver.trick_solver import TrickSolver
from kozyr.cards import KING, QUEEN, SUIT_MASK, parse_card, parse_hand, parse_suit
from kozyr.games.debertz import cardplay
from kozyr.games.debertz.actions import BELLA
from kozyr.games.debertz.cardplay import (
    ABOVE_TRUMP,
    BELLA_CARDS,
    BELLA_POINTS,
    CARD_POINTS,
    LAST_TRICK_BONUS,
    TRUMP_STRENGTH,
    trick_winner,
)

__all__ = ["DebertzPosition", "DebertzSolver", "SearchTimeout", "legal_cards", "play",
           "representatives", "strength_table"]

_BIG = 1 << 20


@dataclass(frozen=True)
class DebertzPosition:
    """A Debertz play position with every hand known.

    ``hands`` per seat; ``trick`` the cards already played to the current trick, in order from
    ``leader``; ``sides`` the side of each seat (default: every seat its own side; 4 players:
    ``(0, 1, 0, 1)``); ``declarer`` a seat of the maximising side; ``points`` the points each
    side has already taken (cards, bella; empty: zero); ``won`` a bitmask of the sides that
    have taken a trick; ``meld_side`` the side whose declared melds (``meld_points``) count if
    it takes a trick (-1: none); ``bella_after_trick`` and ``overtrump`` the table's options.
    """

    hands: tuple[int, ...]
    leader: int
    trump: int
    trick: tuple[int, ...] = ()
    sides: tuple[int, ...] = ()
    declarer: int = 0
    points: tuple[int, ...] = field(default=())
    won: int = 0
    meld_side: int = -1
    meld_points: int = 0
    bella_after_trick: bool = False
    overtrump: str = cardplay.OVERTRUMP_ALWAYS

    @classmethod
    def from_text(cls, hands: list[str], leader: int, trump: str, trick: str = "",
                  **options: object) -> DebertzPosition:
        """Build a position from hands as strings, e.g. ``["JH AS", "9H TS", "AH KS"]``."""
        return cls(hands=tuple(parse_hand(h) for h in hands), leader=leader,
                   trump=parse_suit(trump), trick=tuple(parse_card(c) for c in trick.split()),
                   **options)  # type: ignore[arg-type]

    @property
    def seats(self) -> int:
        """Return the number of seats."""
        return len(self.hands)

    def side_list(self) -> tuple[int, ...]:
        """Return the side of each seat."""
        return self.sides or tuple(range(len(self.hands)))

    def seat_to_move(self) -> int:
        """Return the seat whose card is next."""
        return (self.leader + len(self.trick)) % len(self.hands)

    def base(self) -> int:
        """Return the difference already decided: points taken, melds of a side that took one."""
        sides = self.side_list()
        mine = sides[self.declarer]
        pts = self.points or (0,) * (max(sides) + 1)
        out = sum(p if s == mine else -p for s, p in enumerate(pts))
        if self.meld_side >= 0 and self.won >> self.meld_side & 1:
            out += self.meld_points if self.meld_side == mine else -self.meld_points
        return out


class DebertzSolver(TrickSolver[DebertzPosition]):
    """Search one position (and its children), sharing one transposition table."""

    has_kernel = True

    def _prepare(self, pos: DebertzPosition) -> None:
        n = pos.seats
        self.n = n
        sides = pos.side_list()
        mine = sides[pos.declarer]
        self.sgn = tuple(1 if sides[s] == mine else -1 for s in range(n))
        self.side_of = sides
        self.trump = pos.trump
        self.points = CARD_POINTS[pos.trump]
        self.strength = strength_table(pos.trump, TRUMP_STRENGTH)
        #: What the melds add, signed for the declarer's side, when their side takes a trick.
        self.meld_sgn = (self.sgn[sides.index(pos.meld_side)] * pos.meld_points
                         if pos.meld_side >= 0 else 0)

    # -- the state at the root ---------------------------------------------------------------
    def _root_state(self, pos: DebertzPosition) -> tuple[int, ...]:
        """Return the search arguments (after alpha, beta) for a position of this solver."""
        trick = pos.trick
        n = self.n
        if not trick:
            rem = sum(self.hand_points(h) for h in pos.hands)
            return (pos.leader, pos.leader, 0, 0, -1, 0, 0, pos.won, 0, rem)
        wi = trick_winner(trick, self.trump)
        best = trick[wi]
        tpts = 0
        tm = 0
        for c in trick:
            tpts += self.points[c]
            tm |= 1 << c
        rem = sum(self.hand_points(h) for h in pos.hands) + tpts
        return ((pos.leader + len(trick)) % n, pos.leader, len(trick), trick[0] >> 3, best,
                (pos.leader + wi) % n, tpts, pos.won, tm, rem)

    def hand_points(self, h: int) -> int:
        """Return the card points of the cards of ``h`` (with this position's trump)."""
        pts = self.points
        total = 0
        while h:
            low = h & -h
            total += pts[low.bit_length() - 1]
            h ^= low
        return total

    # -- public questions --------------------------------------------------------------------
    def at_least(self, t: int, pos: DebertzPosition | None = None) -> bool:
        """Return True if the final difference of ``pos`` (default: the root) is at least ``t``."""
        pos = pos or self.pos
        need = t - pos.base()
        self.hands[:] = pos.hands
        return self._ab(need - 1, need, *self._root_state(pos)) >= need

    def value(self, pos: DebertzPosition | None = None, guess: int | None = None) -> int:
        """Return the final difference of ``pos`` (default: the root) with best play."""
        pos = pos or self.pos
        base = pos.base()
        self.hands[:] = pos.hands
        state = self._root_state(pos)
        ab = self._ab
        bound = state[-1] + LAST_TRICK_BONUS + BELLA_POINTS + pos.meld_points + 1
        return base + exact_value(lambda alpha, beta: ab(alpha, beta, *state), bound,
                                  None if guess is None else guess - base)

    def moves(self, pos: DebertzPosition | None = None) -> list[int]:
        """Return the legal cards of the seat to move (every card, equivalent ones included)."""
        pos = pos or self.pos
        return legal_cards(pos)

    def child(self, move: int, pos: DebertzPosition | None = None) -> DebertzPosition:
        """Return the position after the card ``move`` (bella taken when it is allowed)."""
        return play(pos or self.pos, move & 31)

    # -- the search --------------------------------------------------------------------------
    def _make_search(self) -> Callable[..., int]:
        if self.compiled:
            return self._compiled_search()
        hands = self.hands
        n = self.n
        nxt = tuple((i + 1) % n for i in range(n))
        sgn = self.sgn
        side_of = self.side_of
        trump = self.trump
        pts_of = self.points
        st = self.strength
        tt = self.tt
        sm = SUIT_MASK
        above = ABOVE_TRUMP
        red = REDUNDANT
        tmask = sm[trump]
        tsh = 8 * trump
        kq = BELLA_CARDS[trump]
        tking, tqueen = tsh + KING, tsh + QUEEN
        t7, t8 = tsh, tsh + 1
        bat = self.pos.bella_after_trick
        ruff_over = cardplay.must_overtrump_ruff(self.pos.overtrump)
        meld_side = self.pos.meld_side
        meld_pts = self.pos.meld_points
        meld_sgn = self.meld_sgn
        plain_suits = tuple(s for s in range(4) if s != trump)
        deadline = self.deadline
        clock = self.clock
        solver = self

        def ab(alpha: int, beta: int, seat: int, leader: int, k: int, led: int, best: int,
               winner: int, tpts: int, won: int, tm: int, rem: int) -> int:
            solver.nodes += 1
            if deadline and not solver.nodes & 1023 and clock() > deadline:
                raise SearchTimeout("the search ran out of time")
            h = hands[seat]
            key = 0
            entry = None
            if k == 0:
                if not h:
                    return 0
                ub = rem + LAST_TRICK_BONUS + BELLA_POINTS + meld_pts
                if ub <= alpha:
                    return ub
                if -ub >= beta:
                    return -ub
                key = leader | won << 2
                for i in range(n):
                    key |= hands[i] << (8 + 32 * i)
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
            else:
                follow = h & sm[led]
                if follow:
                    if led == trump:
                        cands = follow & above[best] or follow
                    else:
                        cands = follow
                else:
                    cands = h & tmask
                    if not cands:
                        cands = h
                    elif ruff_over and best >> 3 == trump:
                        cands = cands & above[best] or cands
            # drop equivalent cards: zero-point neighbours with no live card between them
            live = tm
            for i in range(n):
                live |= hands[i]
            for s in plain_suits:
                z = cands >> 8 * s & 7
                if z & (z - 1):
                    r = red[z][live >> 8 * s & 7]
                    if r:
                        cands &= ~(r << 8 * s)
            if cands >> t7 & 1 and cands >> t8 & 1:
                cands &= ~(1 << t8)
            # order the moves
            moves: list[int] = []
            x = cands
            while x:
                low = x & -x
                moves.append(low.bit_length() - 1)
                x ^= low
            maximizing = sgn[seat] > 0
            if k == 0:
                moves.sort(key=st.__getitem__, reverse=True)
                if entry is not None and entry[2] >= 0 and entry[2] in moves:
                    bm = entry[2]
                    moves.remove(bm)
                    moves.insert(0, bm)
            else:
                friend = sgn[winner] == sgn[seat]
                last = k == n - 1
                bsuit = best >> 3
                bst = st[best]
                beaters = []
                others = []
                for c in moves:
                    if (c >> 3 == bsuit and st[c] > bst) or (c >> 3 == trump and bsuit != trump):
                        beaters.append(c)
                    else:
                        others.append(c)
                if friend:
                    if last:
                        others.sort(key=pts_of.__getitem__, reverse=True)
                        moves = others + beaters
                    else:
                        others.sort(key=pts_of.__getitem__)
                        beaters.sort(key=pts_of.__getitem__, reverse=True)
                        moves = beaters + others
                elif beaters:
                    if last:
                        beaters.sort(key=pts_of.__getitem__, reverse=True)
                    else:
                        beaters.sort(key=st.__getitem__, reverse=True)
                    others.sort(key=pts_of.__getitem__)
                    moves = beaters + others
                else:
                    others.sort(key=pts_of.__getitem__)
                    moves = others
            a0 = alpha
            b0 = beta
            value = -_BIG if maximizing else _BIG
            best_move = -1
            bella_ok = h & kq == kq and (not bat or won >> side_of[seat] & 1)
            for c in moves:
                hands[seat] = h ^ (1 << c)
                gain = 0
                if bella_ok and c in (tking, tqueen):
                    gain = sgn[seat] * BELLA_POINTS
                if k == 0:
                    v = gain + ab(alpha - gain, beta - gain, nxt[seat], seat, 1, c >> 3, c,
                                  seat, pts_of[c], won, 1 << c, rem)
                elif k == n - 1:
                    if (c >> 3 == best >> 3 and st[c] > st[best]) or (
                            c >> 3 == trump and best >> 3 != trump):
                        nw = seat
                    else:
                        nw = winner
                    pts = tpts + pts_of[c]
                    r2 = rem - pts
                    if not hands[seat]:
                        pts += LAST_TRICK_BONUS
                    gain += sgn[nw] * pts
                    bit = 1 << side_of[nw]
                    w2 = won
                    if not won & bit:
                        w2 = won | bit
                        if side_of[nw] == meld_side:
                            gain += meld_sgn
                    v = gain + ab(alpha - gain, beta - gain, nw, nw, 0, 0, -1, nw, 0, w2, 0,
                                  r2)
                else:
                    if (c >> 3 == best >> 3 and st[c] > st[best]) or (
                            c >> 3 == trump and best >> 3 != trump):
                        nb, nw = c, seat
                    else:
                        nb, nw = best, winner
                    v = gain + ab(alpha - gain, beta - gain, nxt[seat], leader, k + 1, led, nb,
                                  nw, tpts + pts_of[c], won, tm | 1 << c, rem)
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
        trump = self.trump
        kern = kernel.module().DebertzKernel(
            n=self.n, sgn=self.sgn, side_of=self.side_of, trump=trump, points=self.points,
            strength=self.strength, above=ABOVE_TRUMP,
            bella=(8 * trump + KING, 8 * trump + QUEEN),
            bella_after_trick=pos.bella_after_trick,
            ruff_over=cardplay.must_overtrump_ruff(pos.overtrump), meld_side=pos.meld_side,
            meld_points=pos.meld_points, meld_sgn=self.meld_sgn, redundant=REDUNDANT,
            suit_mask=SUIT_MASK, clock=self.clock, deadline=float(self.deadline),
            timeout=SearchTimeout)
        return kernel.kernel_search(self, kern)


def legal_cards(pos: DebertzPosition) -> list[int]:
    """Return the cards the seat to move may play (the engine's rule), lowest first."""
    h = pos.hands[pos.seat_to_move()]
    trump = pos.trump
    led = best_trump = -1
    if pos.trick:
        led = pos.trick[0] >> 3
        best = pos.trick[trick_winner(pos.trick, trump)]
        best_trump = best if best >> 3 == trump else -1
    cands = cardplay.legal_cards(h, led, trump, best_trump, pos.overtrump)
    return [c for c in range(32) if cands >> c & 1]


def bella_move(pos: DebertzPosition, c: int) -> bool:
    """Return True if playing ``c`` now announces bella (the search always announces it)."""
    seat = pos.seat_to_move()
    return bool(BELLA_CARDS[pos.trump] >> c & 1) and cardplay.may_bella(
        pos.hands[seat], pos.trump, pos.bella_after_trick,
        bool(pos.won >> pos.side_list()[seat] & 1))


def play(pos: DebertzPosition, c: int) -> DebertzPosition:
    """Return the position after ``c`` (a legal card) is played, bella included if allowed."""
    n = pos.seats
    seat = pos.seat_to_move()
    sides = pos.side_list()
    nsides = max(sides) + 1
    pts = list(pos.points or (0,) * nsides)
    if bella_move(pos, c):
        pts[sides[seat]] += BELLA_POINTS
    hands = list(pos.hands)
    hands[seat] &= ~(1 << c)
    trick = (*pos.trick, c)
    if len(trick) < n:
        return replace(pos, hands=tuple(hands), trick=trick, points=tuple(pts))
    winner = (pos.leader + trick_winner(trick, pos.trump)) % n
    won_pts = cardplay.trick_points(trick, pos.trump)
    if not hands[seat]:
        won_pts += LAST_TRICK_BONUS
    pts[sides[winner]] += won_pts
    return replace(pos, hands=tuple(hands), trick=(), leader=winner, points=tuple(pts),
                   won=pos.won | 1 << sides[winner])


#: The engine's action for a card played with bella.
BELLA_ACTION = BELLA
