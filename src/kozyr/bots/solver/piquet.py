"""Double-dummy solver for Piquet card play (both hands known): the twelve tricks.

Piquet's play (rules/piquet.md §4, §9) is a two-player game without trumps; what is still to
be reckoned once the declarations are done is split between the players by the play: 1 to the
leader as he leads, 1 to the follower if he wins the trick (with ``low_cards_count`` off only
for an A, K, Q, J or 10: the engine's :func:`~kozyr.games.piquet.cardplay.counts`),
``last_trick`` to the winner of trick 12, then the cards or capot
(:func:`~kozyr.games.piquet.scoring.cards_bonus`: 10 for 7 to 11 tricks, 40 for all twelve)
— and the pique: while no repique or pique was scored and younger has reckoned nothing in the
deal, elder scores :data:`~kozyr.games.piquet.state.PIQUE` (30) the moment his deal total
reaches :data:`~kozyr.games.piquet.state.THRESHOLD` (30), tested after every point of play
(the last trick's bonus included, the cards and capot never), as the engine's
``_pique_test``.  The value searched is ``me's points - the opponent's points`` of what is
still to be played; ``me`` maximises, the opponent minimises.  What a ``cent`` game's target
would cut short is not searched (the difference is the aim there too).

The legal answer is the engine's :func:`~kozyr.games.piquet.cardplay.follow_mask` and the
trick's winner its :data:`~kozyr.games.piquet.cardplay.HIGHER` table, inlined in the hot loop.
One call searches one whole trick (the leader's card, then the follower's); the
transposition table is keyed at trick starts on both hands, the leader, the tricks won and
what elder still needs for a pique.  Equivalent cards: two cards of one suit in one hand with
no live card of the suit between them (in Piquet order) take the same tricks and score the
same (with ``low_cards_count`` off: both A-10 or both 9-7), so only the lowest of such a
group is searched.  Move order: the table's lead, then masters of long suits, then high to
low; a follower tries his lowest winner first, then his lowest card.

>>> pos = PiquetPosition.from_text(["AS KS", "QS 7H"], leader=0, elder=0, won=(10, 0))
>>> PiquetSolver(pos).value()   # 1+1 led, last trick 1, capot 40: 43 to elder
43
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from kozyr.bots.solver.jacknine import exact_value
from kozyr.bots.solver.search import SearchTimeout
from kozyr.bots.solver.trick_solver import TrickSolver
from kozyr.cards import SUIT_MASK, parse_card, parse_hand
from kozyr.games.piquet.cardplay import HIGHER, STRENGTH, counts, follow_mask
from kozyr.games.piquet.combinations import ORDER, RANK_AT
from kozyr.games.piquet.scoring import cards_bonus
from kozyr.games.piquet.state import PIQUE, THRESHOLD, TRICKS

__all__ = ["PiquetPosition", "PiquetSolver", "SearchTimeout", "legal_cards", "pique_need",
           "play"]

_BIG = 1 << 20

#: ``_BONUS[w]``: the cards or capot for seat 0 minus seat 1 when seat 0 took ``w`` tricks of 12.
_BONUS: tuple[int, ...] = tuple(
    (lambda b: b[0] if b[1] == 0 else -b[0] if b[1] == 1 else 0)(cards_bonus((w, TRICKS - w)))
    for w in range(TRICKS + 1))


def pique_need(points: tuple[int, int], elder: int, open_: bool) -> int:
    """Return the points elder still needs for a pique, or 0 if none can happen any more.

    ``open_`` is False once a repique or a pique was scored; a pique needs younger to have
    reckoned nothing in the deal (rules/piquet.md §9).

    >>> pique_need((24, 0), 0, True), pique_need((24, 3), 0, True), pique_need((24, 0), 0, False)
    (6, 0, 0)
    """
    if not open_ or points[1 - elder]:
        return 0
    return max(1, THRESHOLD - points[elder])


@dataclass(frozen=True)
class PiquetPosition:
    """A Piquet play position with both hands known.

    ``hands`` for seats 0 and 1; ``leader`` the seat that leads (or led) the current trick;
    ``lead`` the card led to it (-1: none yet); ``elder`` elder hand's seat; ``me`` the
    maximising seat; ``won`` the tricks each seat took; ``points`` what each has reckoned in
    the deal (declarations included: only the pique reads it); ``pique_open`` False once a
    repique or a pique was scored.
    """

    hands: tuple[int, int]
    leader: int
    elder: int
    lead: int = -1
    me: int = 0
    won: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)
    pique_open: bool = True
    low_cards_count: bool = True
    last_trick: int = 1

    @classmethod
    def from_text(cls, hands: list[str], leader: int, elder: int, lead: str = "",
                  **options: object) -> PiquetPosition:
        """Build a position from strings, e.g. ``["AS KS", "QS 7H"]``."""
        h0, h1 = (parse_hand(h) for h in hands)
        return cls(hands=(h0, h1), leader=leader, elder=elder,
                   lead=parse_card(lead) if lead else -1, **options)  # type: ignore[arg-type]

    def seat_to_move(self) -> int:
        """Return the seat whose card is next."""
        return self.leader if self.lead < 0 else 1 - self.leader


def legal_cards(pos: PiquetPosition) -> list[int]:
    """Return the cards the seat to move may play, lowest number first."""
    h = pos.hands[pos.seat_to_move()]
    cands = h if pos.lead < 0 else follow_mask(h, pos.lead)
    return [c for c in range(32) if cands >> c & 1]


def play(pos: PiquetPosition, c: int) -> tuple[PiquetPosition, int]:
    """Return the position after the legal card ``c`` and what it reckoned, me minus other.

    The reckoning is the engine's, in its order: the lead's point, the follower's point if he
    wins, the last trick's bonus, each followed by the pique test; then the cards or capot.
    """
    seat = pos.seat_to_move()
    hands = [pos.hands[0], pos.hands[1]]
    hands[seat] &= ~(1 << c)
    pts = [pos.points[0], pos.points[1]]
    open_ = pos.pique_open
    e = pos.elder

    def reckon(s: int, n: int) -> None:
        nonlocal open_
        pts[s] += n
        if open_ and n and pts[e] >= THRESHOLD and pts[1 - e] == 0:
            pts[e] += PIQUE
            open_ = False

    before = pts[pos.me] - pts[1 - pos.me]
    won = [pos.won[0], pos.won[1]]
    if pos.lead < 0:
        if counts(c, pos.low_cards_count):
            reckon(seat, 1)
        nxt = replace(pos, hands=(hands[0], hands[1]), lead=c, points=(pts[0], pts[1]),
                      pique_open=open_)
    else:
        winner = seat if HIGHER[pos.lead] >> c & 1 else pos.leader
        won[winner] += 1
        if winner == seat and counts(c, pos.low_cards_count):
            reckon(seat, 1)
        if won[0] + won[1] == TRICKS:
            reckon(winner, pos.last_trick)
            bonus, s, _ = cards_bonus(won)
            if bonus:
                pts[s] += bonus
        nxt = replace(pos, hands=(hands[0], hands[1]), leader=winner, lead=-1,
                      won=(won[0], won[1]), points=(pts[0], pts[1]), pique_open=open_)
    return nxt, pts[pos.me] - pts[1 - pos.me] - before


@cache
def _redundant(held: int, live: int, low: bool) -> int:
    """Return the cards of a suit byte ``held`` (kozyr ranks) that a search may skip.

    A held card is skipped when the next lower ``live`` card of the suit (Piquet order) is
    held too, so nothing between them can matter; with ``low`` False (``low_cards_count``
    off) a ten never stands in for a nine.
    """
    red = 0
    prev = -1
    for place in range(8):
        r = RANK_AT[place]
        if not live >> r & 1:
            continue
        here = bool(held >> r & 1)
        if here and prev >= 0 and (low or ORDER[prev] >= 3 or place < 3):
            red |= 1 << r
        prev = r if here else -1
    return red


class PiquetSolver(TrickSolver[PiquetPosition]):
    """Search one position (and its children), sharing one transposition table."""

    def _bound(self, pos: PiquetPosition) -> int:
        tricks = (pos.hands[0] | pos.hands[1]).bit_count() // 2 + (pos.lead >= 0)
        return 2 * tricks + pos.last_trick + 40 + PIQUE + 1

    def at_least(self, t: int, pos: PiquetPosition | None = None) -> bool:
        """Return True if the future difference of ``pos`` (default: the root) is at least
        ``t``."""
        pos = pos or self.pos
        return self._search(pos, t - 1, t) >= t

    def value(self, pos: PiquetPosition | None = None, guess: int | None = None) -> int:
        """Return the future difference (me minus the other) of ``pos`` with best play."""
        pos = pos or self.pos
        return exact_value(lambda a, b: self._search(pos, a, b), self._bound(pos), guess)

    def _search(self, pos: PiquetPosition, alpha: int, beta: int) -> int:
        """Fail-soft search of ``pos`` from me's side, in the window (alpha, beta)."""
        if pos.elder != self.pos.elder or pos.low_cards_count != self.pos.low_cards_count \
                or pos.last_trick != self.pos.last_trick:
            raise ValueError("a position of another deal: make a new solver")
        self.hands[:] = pos.hands
        if pos.lead < 0 and not pos.hands[0] | pos.hands[1]:
            return 0  # played out
        need = pique_need(pos.points, pos.elder, pos.pique_open)
        me = pos.me
        if pos.lead < 0:
            # the trick-level search is from the leader's side
            sign = 1 if pos.leader == me else -1
            v = self._ab(sign * alpha if sign > 0 else -beta, sign * beta if sign > 0 else -alpha,
                         pos.leader, pos.won[pos.leader], need, -1)
            return sign * v
        # the follower to move: his card, then the trick searches on
        sign = 1 if pos.leader == me else -1
        v = self._ab(sign * alpha if sign > 0 else -beta, sign * beta if sign > 0 else -alpha,
                     pos.leader, pos.won[pos.leader], need, pos.lead)
        return sign * v

    def _make_search(self) -> Callable[..., int]:
        hands = self.hands
        pos = self.pos
        elder = pos.elder
        low = pos.low_cards_count
        last = pos.last_trick
        scores = tuple(1 if counts(c, low) else 0 for c in range(32))
        higher = HIGHER
        st = STRENGTH
        sm = SUIT_MASK
        bonus = _BONUS
        red = _redundant
        tt = self.tt
        deadline = self.deadline
        clock = self.clock
        solver = self

        def squeeze(cands: int, live: int) -> list[int]:
            for s in (0, 1, 2, 3):
                z = cands >> 8 * s & 255
                if z & (z - 1):
                    r = red(z, live >> 8 * s & 255, low)
                    if r:
                        cands &= ~(r << 8 * s)
            moves = []
            while cands:
                b = cands & -cands
                moves.append(b.bit_length() - 1)
                cands ^= b
            return moves

        def ab(alpha: int, beta: int, ld: int, wl: int, need: int, lead: int) -> int:
            """Value for the leader ``ld`` of the trick (he took ``wl`` tricks so far); ``need``:
            what elder still needs for a pique (0: none); ``lead``: the card he led (-1: his
            card is to choose)."""
            solver.nodes += 1
            if deadline and not solver.nodes & 1023 and clock() > deadline:
                raise SearchTimeout("the search ran out of time")
            fl = 1 - ld
            hl = hands[ld]
            hf = hands[fl]
            key = 0
            entry = None
            if lead < 0:
                if not hl & (hl - 1):
                    # the last trick: one card each
                    c0 = hl.bit_length() - 1
                    c1 = hf.bit_length() - 1
                    return _leaf(ld, wl, need, c0, c1, True)
                key = hl | hf << 32 | ld << 64 | wl << 65 | need << 69
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
                live = hl | hf
                leads = squeeze(hl, live)
                opp = hf
                leads.sort(key=lambda c: (not (higher[c] & opp),
                                          (hl & sm[c >> 3]).bit_count(), st[c]), reverse=True)
                if entry is not None and entry[2] in leads:
                    bm = entry[2]
                    leads.remove(bm)
                    leads.insert(0, bm)
            else:
                hl |= 1 << lead  # the root's card led: not reckoned again
                if not hl & (hl - 1):
                    return _leaf(ld, wl, need, lead, hf.bit_length() - 1, False)
                leads = [lead]
            a0 = alpha
            b0 = beta
            value = -_BIG
            best = -1
            for c0 in leads:
                # the lead's point and the pique test
                g0 = scores[c0] if lead < 0 else 0
                nd = need
                if nd and g0:
                    if ld == elder:
                        nd -= 1
                        if not nd:
                            g0 += PIQUE
                    else:
                        nd = 0
                hl2 = hl ^ (1 << c0)
                hands[ld] = hl2
                # the follower minimises the leader's value
                suit = hf & sm[c0 >> 3]
                fm = suit or hf
                answers = squeeze(fm, hl2 | hf | 1 << c0)
                if suit:
                    hi_c = higher[c0]
                    win = [c for c in answers if hi_c >> c & 1]
                    lose = [c for c in answers if not hi_c >> c & 1]
                    win.sort(key=st.__getitem__)
                    lose.sort(key=st.__getitem__)
                    answers = win + lose
                else:
                    answers.sort(key=lambda c: ((hf & sm[c >> 3]).bit_count(), st[c]))
                worst = _BIG
                fa = alpha
                fb = beta
                for c1 in answers:
                    hands[fl] = hf ^ (1 << c1)
                    if higher[c0] >> c1 & 1:
                        # the follower wins: his point, the pique test; he leads next
                        g1 = scores[c1]
                        n1 = nd
                        gain = g0
                        if n1 and g1:
                            if fl == elder:
                                n1 -= 1
                                if not n1:
                                    g1 += PIQUE
                            else:
                                n1 = 0
                        gain -= g1
                        # the follower's tricks: those done before this one, less the
                        # leader's, and this one
                        wf = TRICKS - hl.bit_count() - wl + 1
                        v = gain - ab(gain - fb, gain - fa, fl, wf, n1, -1)
                    else:
                        v = g0 + ab(fa - g0, fb - g0, ld, wl + 1, nd, -1)
                    hands[fl] = hf
                    if v < worst:
                        worst = v
                        if v < fb:
                            fb = v
                            if fa >= fb:
                                break
                hands[ld] = hl if lead < 0 else hl2
                if worst > value:
                    value = worst
                    best = c0
                    if worst > alpha:
                        alpha = worst
                        if alpha >= beta:
                            break
            if lead < 0:
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
                entry[2] = best
            return value

        def _leaf(ld: int, wl: int, need: int, c0: int, c1: int, led: bool) -> int:
            """The last trick's value for the leader, the cards or capot included (``led``
            False: the lead's point is reckoned already)."""
            fl = 1 - ld
            g = scores[c0] if led else 0
            nd = need
            if nd and g:
                if ld == elder:
                    nd -= 1
                    if not nd:
                        g += PIQUE
                else:
                    nd = 0
            if higher[c0] >> c1 & 1:
                w, wins_l = fl, wl
                g1 = scores[c1]
            else:
                w, wins_l = ld, wl + 1
                g1 = 0
            extra = g1 + last
            if nd and extra and w == elder and extra >= nd:
                extra += PIQUE  # younger at 0: elder reaches 30 with this trick
            g += extra if w == ld else -extra
            b = bonus[wins_l] if ld == 0 else -bonus[TRICKS - wins_l]
            return g + b

        return ab
