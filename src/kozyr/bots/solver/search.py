"""Double-dummy search for Thousand card play: alpha-beta over card points with a TT.

Every hand is known.  The declarer is one side, the defenders (one or two seats) the other.
The value searched is the declarer's *future* points from the position (card points of the
tricks he takes plus the marriages he declares); :mod:`kozyr.bots.solver` adds the points
already taken.  Rules followed (rules/thousand.md §6):

- follow suit; else play a trump if one is set and held; else anything.  With ``must_beat`` a
  player following suit must play above the best card of the led suit in the trick if he can;
- the highest trump wins the trick, else the highest card of the led suit;
- the leader of any trick but the first (the first too if ``marriage_on_first_trick``) holding
  K and Q of a suit may lead either and declare: its value goes to his seat and the suit
  becomes trump for this very trick (never with ``fixed_trump``, preset 501).  With
  ``ace_marriage`` four aces in the leader's hand are declared by leading one of them.  A
  marriage is naturally declared once: one of its cards leaves the hand.

A move is an int: ``card`` or ``card + DECLARE`` (lead and declare the marriage).  The rules'
tables (card points, the rank order, the cards that may follow) are the game's
(:mod:`kozyr.games.thousand.cardplay`); :mod:`kozyr.bots.solver.state` holds the position's
state and its root moves, :mod:`kozyr.bots.solver.tables` the search's own tables.  This module
is the alpha-beta: one closure, inlined on purpose (a call per card would cost its speed).

Search.  Three seats (the usual game) are searched one whole trick per call (:func:`tk`
inside :meth:`Search._ab`: three nested loops, no call per card); two seats and a root in the
middle of a trick go card by card.  At each trick start: the upper bound (points left plus
the declarer's marriages), the transposition table (keyed on all hands, leader, trump and the
declaration right; it stores bounds and the best lead), and bounds from trumps when the trump
can no longer change.  Move order: the table's lead, aces, declarations, then high cards
to low ones (measured against the other orders tried: fewest nodes); followers
try to win with their best card, else play their cheapest (a partner's trick gets points).

Equivalent cards.  Two cards of one suit in one hand with no other hand's card between them
(cards in the current trick count as between) take the same tricks: swapping them in any
line of play changes no trick's winner.  They are not fully equivalent in Thousand, since no
two ranks carry the same points (A 11, 10 10, K 4, Q 3, J 2, 9 0): the line's value changes
by at most the difference of their points.  So once one of them is searched, the other is
skipped when that difference cannot bring it back into the window (e.g. the 9 and the J of a
defender's sequence, if the declarer makes the threshold by 2 points more after the 9).  A
K or Q whose suit's marriage the hand still holds, and the aces of a hand holding all four
(``ace_marriage``), are never merged: which card is kept decides what can be declared.

Compiled.  Where the package's build made :mod:`kozyr.bots.solver.ckernel`, the same search
runs in C (``thousand_kernel.c``, statement for statement this one, with this game's tables
passed in): :func:`kozyr.bots.solver.kernel.use_compiled` decides, ``compiled=False`` keeps a
search in Python, and tests/bots/test_kernel_thousand.py checks that both give the same values
and node counts.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from kozyr.bots.solver import kernel
from kozyr.bots.solver.state import SearchState, SearchTimeout
from kozyr.bots.solver.tables import (
    ALWAYS_BETWEEN,
    ASC,
    BETWEEN,
    DECLARE,
    DESC,
    LOW_MASK,
    SUIT_POINTS,
    by_points,
)
from kozyr.cards import SUIT_MASK, THOUSAND_DECK
from kozyr.games.thousand.cardplay import (
    ABOVE,
    ACES_MASK,
    KQ_MASK,
    POINTS,
    pile_points,
    trick_winner,
)

__all__ = ["DECLARE", "Search", "SearchTimeout"]


class Search(SearchState):
    """Search one position (:class:`SearchState`) with alpha-beta and a transposition table.

    ``compiled``: run the compiled kernel (None: where it was built and allowed).
    """

    def __init__(self, hands: list[int], leader: int, trick: list[int], trump: int,
                 declarer: int, can_declare: bool, marriage_values: tuple[int, ...],
                 ace_marriage: int, must_beat: bool, fixed_trump: bool,
                 weights: tuple[int, ...] | None = None, *,
                 compiled: bool | None = None) -> None:
        super().__init__(hands, leader, trick, trump, declarer, can_declare, marriage_values,
                         ace_marriage, must_beat, fixed_trump, weights)
        self.compiled = kernel.use_compiled(compiled)
        self._kernel: Any = None

    def search(self, alpha: int, beta: int) -> int:
        """Return the declarer's future points (fail-soft alpha-beta inside (alpha, beta))."""
        trick = self.trick
        n = self.n
        leader = self.leader
        trump = self.trump
        if not trick:
            return self._ab()(alpha, beta, leader, leader, trump, self.can_declare,
                              self.remaining, 0, 0, 0, 0, 0, 0)
        led = trick[0] >> 3
        wi = trick_winner(trick, trump)
        best = trick[wi]
        topled = max(c for c in trick if c >> 3 == led)
        tpts = pile_points(trick)
        return self._ab()(alpha, beta, (leader + len(trick)) % n, leader, trump,
                          self.can_declare, self.remaining, len(trick), led, best,
                          (leader + wi) % n, tpts, topled)

    def _ab(self) -> Callable[..., int]:
        """Return the recursive search over this state's hands (a closure: locals are fast)."""
        if self.compiled:
            return self._compiled_ab()
        hands = self.hands
        n = self.n
        nxt = tuple((i + 1) % n for i in range(n))
        decl = self.declarer
        wts = self.weights
        wmax = max(wts)
        scorers = tuple((i, w) for i, w in enumerate(wts) if w)
        plain = scorers == ((decl, 1),)
        mv = self.mv
        ace = self.ace
        must_beat = self.must_beat
        fixed = self.fixed
        tt = self.tt
        mbound = self.mbound
        pts_of = POINTS
        sm = SUIT_MASK
        low_mask = LOW_MASK
        above = ABOVE
        kq_masks = KQ_MASK
        aces = ACES_MASK
        big = 1 << 30
        counter = self._counter
        deadline = self.deadline
        clock = time.perf_counter
        three = n == 3
        asc = ASC
        desc = DESC
        by_pts = by_points
        spts = SUIT_POINTS
        btw = BETWEEN if self.merge else ALWAYS_BETWEEN
        pdiff = self.pdiff
        lead_cache = self.lead_cache
        calls = [255]  # the first expansion checks the clock

        def leads(h0: int, cd: bool) -> list[int]:
            # leads: aces, declarations (leading the queen), then high cards to low ones
            moves = []
            x = h0 >> 7 & 0x01010101
            while x:
                low = x & -x
                moves.append(low.bit_length() - 1 + 7)
                x ^= low
            if cd:
                for s in (3, 2, 1, 0):
                    kq = kq_masks[s]
                    if h0 & kq == kq and mv[s]:
                        moves.append(s * 8 + 36)  # Q + DECLARE
                        moves.append(s * 8 + 37)  # K + DECLARE
                if ace and h0 & aces == aces:
                    moves.extend((39, 47, 55, 63))
            for r in (6, 5, 4, 3, 2, 1, 0):
                x = h0 >> r & 0x01010101
                while x:
                    low = x & -x
                    moves.append(low.bit_length() - 1 + r)
                    x ^= low
            return moves

        def mergeable(h: int, s: int) -> bool:
            # no marriage may depend on which card of the sequence is kept
            kq = kq_masks[s]
            return not ((h & kq == kq and mv[s]) or (ace and h & aces == aces))

        def tk(alpha: int, beta: int, s0: int, trump: int, cd: bool, rem: int) -> int:
            """Search a three-seat position at a trick start, one whole trick per call."""
            if beta <= 0:
                return 0
            h0 = hands[s0]
            if not h0:
                return 0
            s1 = nxt[s0]
            s2 = nxt[s1]
            h1 = hands[s1]
            h2 = hands[s2]
            if not h0 & (h0 - 1):
                # the last trick: one card each, nothing left to choose
                counter[0] += 3
                c0 = h0.bit_length() - 1
                c1 = h1.bit_length() - 1
                c2 = h2.bit_length() - 1
                bc, win = c0, s0
                if c1 >> 3 == bc >> 3:
                    if c1 > bc:
                        bc, win = c1, s1
                elif c1 >> 3 == trump:
                    bc, win = c1, s1
                if c2 >> 3 == bc >> 3:
                    if c2 > bc:
                        win = s2
                elif c2 >> 3 == trump:
                    win = s2
                return (pts_of[c0] + pts_of[c1] + pts_of[c2]) * wts[win]
            if plain:
                dh = hands[decl]
                mf = (dh >> 4) & (dh >> 5) & 0x01010101
                ub = rem + mbound[(mf | mf >> 7 | mf >> 14 | mf >> 21) & 15]
                if ace and dh & aces == aces:
                    ub += ace
            else:
                ub = wmax * rem
                for i, w in scorers:
                    dh = hands[i]
                    mf = (dh >> 4) & (dh >> 5) & 0x01010101
                    ub += w * mbound[(mf | mf >> 7 | mf >> 14 | mf >> 21) & 15]
                    if ace and dh & aces == aces:
                        ub += w * ace
            if ub <= alpha:
                return ub
            key = hands[0] | (hands[1] << 32) | (hands[2] << 64) | (s0 << 96) | ((trump + 1) << 98)
            if cd:
                key |= 1 << 101
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
            if plain and trump >= 0:
                # Trumps take tricks while the trump cannot change (or nobody who could change
                # it would want to).  A trump loses only to a higher trump in its own trick:
                # the defenders' trumps can beat at most that many of the declarer's below
                # their best one (he plays one card a trick), and each of his trumps can take
                # at most two of theirs below his best one.
                tr = (h0 | h1 | h2) & sm[trump]
                if tr:
                    dh = hands[decl]
                    dt = dh & tr
                    et = tr ^ dt
                    if dt:
                        safe = fixed
                        if not safe:
                            da = hands[nxt[decl]]
                            db = hands[nxt[nxt[decl]]]
                            ma = (da >> 4) & (da >> 5) & 0x01010101
                            mb = (db >> 4) & (db >> 5) & 0x01010101
                            safe = not (mbound[(ma | ma >> 7 | ma >> 14 | ma >> 21) & 15]
                                        or mbound[(mb | mb >> 7 | mb >> 14 | mb >> 21) & 15]
                                        or (ace and (da & aces == aces or db & aces == aces)))
                        if safe:
                            lb = spts[dt]
                            if et:
                                below = dt & low_mask[et.bit_length() - 1]
                                k = et.bit_count()
                                while k and below:
                                    top = below.bit_length() - 1
                                    lb -= pts_of[top]
                                    below ^= 1 << top
                                    k -= 1
                            if lb >= beta:
                                return lb
                            if lb > alpha:
                                alpha = lb
                    if et and (ub == rem or fixed):
                        ub -= spts[et]
                        if dt:
                            below = et & low_mask[dt.bit_length() - 1]
                            k = 2 * dt.bit_count()
                            while k and below:
                                top = below.bit_length() - 1
                                ub += pts_of[top]
                                below ^= 1 << top
                                k -= 1
                        if ub <= alpha:
                            return ub
                        if ub < beta:
                            beta = ub
            if deadline:
                calls[0] += 1
                if not calls[0] & 255 and clock() > deadline:
                    raise SearchTimeout("the search ran out of time")
            moves = lead_cache.get(h0 | cd << 32)
            if moves is None:  # the same hands recur all through a search
                moves = leads(h0, cd)
                lead_cache[h0 | cd << 32] = moves
            if entry is not None and entry[2] >= 0:
                bm = entry[2]
                moves = [bm, *[x for x in moves if x != bm]]
            a0 = alpha
            b0 = beta
            last2 = h0.bit_count() == 2
            max0 = s0 == decl
            max1 = s1 == decl
            max2 = s2 == decl
            w0 = wts[s0]
            value = -1 if max0 else big
            best_move = -1
            cnt = 0
            moves1: Sequence[int]
            rest0 = h0 | h1 | h2
            moves2: Sequence[int]
            lastc = [-1, -1, -1, -1]
            lastv = [0, 0, 0, 0]
            for m in moves:
                c0 = m & 31
                led = c0 >> 3
                if m < 32:
                    pc = lastc[led]
                    if pc >= 0 and not btw[pc << 5 | c0] & (rest0 ^ h0) \
                            and mergeable(h0, led):
                        d = pdiff[pc << 5 | c0]
                        pu = lastv[led]
                        if max0:
                            if pu + d <= alpha:
                                if pu + d > value:
                                    value = pu + d
                                continue
                        elif pu - d >= beta:
                            if pu - d < value:
                                value = pu - d
                            continue
                cnt += 1
                hands[s0] = h0 ^ (1 << c0)
                t = trump
                g0 = 0
                if m & 32:
                    if w0:
                        g0 = w0 * (ace if c0 & 7 == 7 else mv[led])
                    if not fixed:
                        t = led
                # the second seat
                a1 = alpha - g0
                b1 = beta - g0
                v1 = -1 if max1 else big
                f = h1 & sm[led]
                if f:
                    if must_beat:
                        hi1 = f & above[c0]
                        if hi1:
                            f = hi1
                    beat = f & above[c0]
                    moves1 = desc[beat] + asc[f ^ beat]
                elif t >= 0 and h1 & sm[t]:
                    moves1 = desc[h1 & sm[t]]
                else:
                    moves1 = by_pts(h1)
                pc1 = -1
                pu1 = 0
                for c1 in moves1:
                    if pc1 >= 0 and c1 >> 3 == pc1 >> 3 and not btw[pc1 << 5 | c1] & (rest0 ^ h1) \
                            and mergeable(h1, c1 >> 3):
                        d = pdiff[pc1 << 5 | c1]
                        if max1:
                            if pu1 + d <= a1:
                                if pu1 + d > v1:
                                    v1 = pu1 + d
                                continue
                        elif pu1 - d >= b1:
                            if pu1 - d < v1:
                                v1 = pu1 - d
                            continue
                    cnt += 1
                    hands[s1] = h1 ^ (1 << c1)
                    cs = c1 >> 3
                    if (cs == led and c1 > c0) or (cs != led and cs == t):
                        best, win = c1, s1
                    else:
                        best, win = c0, s0
                    tp = pts_of[c0] + pts_of[c1]
                    a2 = a1
                    b2 = b1
                    v2 = -1 if max2 else big
                    # the third seat, last to play
                    f = h2 & sm[led]
                    bs = best >> 3
                    if f:
                        if must_beat:
                            hi1 = f & above[c1 if cs == led and c1 > c0 else c0]
                            if hi1:
                                f = hi1
                        beat = f & above[best] if bs == led else 0
                        oth = f ^ beat
                        if (win == decl) == max2:
                            moves2 = desc[oth] + asc[beat]
                        else:
                            moves2 = desc[beat] + asc[oth]
                    elif t >= 0 and h2 & sm[t]:
                        f = h2 & sm[t]
                        beat = f & above[best] if bs == t else f
                        oth = f ^ beat
                        if (win == decl) == max2:
                            moves2 = desc[oth] + asc[beat]
                        else:
                            moves2 = desc[beat] + asc[oth]
                    else:
                        beat = 0
                        moves2 = by_pts(h2)
                        if (win == decl) == max2:
                            moves2 = moves2[::-1]
                    pc = -1
                    pu = 0
                    for c2 in moves2:
                        if pc >= 0 and c2 >> 3 == pc >> 3 and not btw[pc << 5 | c2] & (rest0 ^ h2) \
                                and mergeable(h2, c2 >> 3):
                            d = pdiff[pc << 5 | c2]
                            if max2:
                                if pu + d <= a2:
                                    if pu + d > v2:
                                        v2 = pu + d
                                    continue
                            elif pu - d >= b2:
                                if pu - d < v2:
                                    v2 = pu - d
                                continue
                        cnt += 1
                        pts = tp + pts_of[c2]
                        w = s2 if beat >> c2 & 1 else win
                        g = pts * wts[w]
                        if b2 <= g:
                            v = g  # the declarer has reached the threshold
                        else:
                            hands[s2] = h2 ^ (1 << c2)
                            if last2:
                                # one card each is left: the last trick plays itself
                                x0 = hands[w].bit_length() - 1
                                wa = nxt[w]
                                x1 = hands[wa].bit_length() - 1
                                wb = nxt[wa]
                                x2 = hands[wb].bit_length() - 1
                                bc, lw = x0, w
                                if x1 >> 3 == bc >> 3:
                                    if x1 > bc:
                                        bc, lw = x1, wa
                                elif x1 >> 3 == t:
                                    bc, lw = x1, wa
                                if x2 >> 3 == bc >> 3:
                                    if x2 > bc:
                                        lw = wb
                                elif x2 >> 3 == t:
                                    lw = wb
                                v = g + (pts_of[x0] + pts_of[x1] + pts_of[x2]) * wts[lw]
                            else:
                                v = g + tk(a2 - g, b2 - g, w, t, True, rem - pts)
                        pc = c2
                        pu = v
                        if max2:
                            if v > v2:
                                v2 = v
                                if v > a2:
                                    a2 = v
                                    if a2 >= b2:
                                        break
                        elif v < v2:
                            v2 = v
                            if v < b2:
                                b2 = v
                                if a2 >= b2:
                                    break
                    hands[s2] = h2
                    pc1 = c1
                    pu1 = v2
                    if max1:
                        if v2 > v1:
                            v1 = v2
                            if v2 > a1:
                                a1 = v2
                                if a1 >= b1:
                                    break
                    elif v2 < v1:
                        v1 = v2
                        if v2 < b1:
                            b1 = v2
                            if a1 >= b1:
                                break
                hands[s1] = h1
                v = g0 + v1
                if m < 32:
                    lastc[led] = c0
                    lastv[led] = v
                if max0:
                    if v > value:
                        value = v
                        best_move = m
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < value:
                    value = v
                    best_move = m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            hands[s0] = h0
            counter[0] += cnt
            if entry is None:
                entry = [0, big, -1]
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

        def ab(alpha: int, beta: int, seat: int, leader: int, trump: int, cd: bool, rem: int,
               k: int, led: int, best: int, winner: int, tpts: int, topled: int) -> int:
            counter[0] += 1
            if deadline and not counter[0] & 1023 and clock() > deadline:
                raise SearchTimeout("the search ran out of time")
            if beta <= 0:
                return 0  # the declarer has reached the threshold: nothing can take it away
            h = hands[seat]
            key = 0
            entry = None
            if k == 0:
                if three:
                    return tk(alpha, beta, seat, trump, cd, rem)
                if not h:
                    return 0
                if not h & (h - 1):
                    # the last trick: one card each, nothing left to choose
                    bc = h.bit_length() - 1
                    pts = pts_of[bc]
                    win = seat
                    for i in range(1, n):
                        s2 = (seat + i) % n
                        x = hands[s2].bit_length() - 1
                        pts += pts_of[x]
                        if x >> 3 == bc >> 3:
                            if x > bc:
                                bc, win = x, s2
                        elif x >> 3 == trump:
                            bc, win = x, s2
                    return pts * wts[win]
                if plain:
                    dh = hands[decl]
                    mf = (dh >> 4) & (dh >> 5) & 0x01010101
                    ub = rem + mbound[(mf | mf >> 7 | mf >> 14 | mf >> 21) & 15]
                    if ace and dh & aces == aces:
                        ub += ace
                else:
                    ub = wmax * rem
                    for i, w in scorers:
                        dh = hands[i]
                        mf = (dh >> 4) & (dh >> 5) & 0x01010101
                        ub += w * mbound[(mf | mf >> 7 | mf >> 14 | mf >> 21) & 15]
                        if ace and dh & aces == aces:
                            ub += w * ace
                if ub <= alpha:
                    return ub
                key = hands[0] | (hands[1] << 32) | (seat << 96) | ((trump + 1) << 98)
                if n == 3:
                    key |= hands[2] << 64
                if cd:
                    key |= 1 << 101
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
                moves = lead_cache.get(h | cd << 32)
                if moves is None:
                    moves = leads(h, cd)
                    lead_cache[h | cd << 32] = moves
                moves = list(moves)
                if entry is not None and entry[2] >= 0:
                    bm = entry[2]
                    moves.remove(bm)
                    moves.insert(0, bm)
            else:
                follow = h & sm[led]
                if follow:
                    if must_beat:
                        higher = follow & above[topled]
                        if higher:
                            follow = higher
                    cands = follow
                elif trump >= 0 and h & sm[trump]:
                    cands = h & sm[trump]
                else:
                    cands = h
                friend = (winner == decl) == (seat == decl)
                last = k == n - 1
                bs = best >> 3
                beaters = []
                others = []
                x = cands
                while x:
                    low = x & -x
                    c = low.bit_length() - 1
                    x ^= low
                    cs = c >> 3
                    if (cs == bs and c > best) or (cs != bs and cs == trump):
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
                    beaters.sort(key=pts_of.__getitem__, reverse=True)
                    others.sort(key=pts_of.__getitem__)
                    moves = beaters + others
                else:
                    others.sort(key=pts_of.__getitem__)
                    moves = others
            a0 = alpha
            b0 = beta
            maximizing = seat == decl
            value = -1 if maximizing else big
            best_move = -1
            for m in moves:
                c = m & 31
                hands[seat] = h ^ (1 << c)
                gain = 0
                if k == 0:
                    t2 = trump
                    if m & 32:
                        if wts[seat]:
                            gain = wts[seat] * (ace if c & 7 == 7 else mv[c >> 3])
                        if not fixed:
                            t2 = c >> 3
                    v = gain + ab(alpha - gain, beta - gain, nxt[seat], seat, t2, cd, rem,
                                  1, c >> 3, c, seat, pts_of[c], c)
                else:
                    cs = c >> 3
                    if (cs == best >> 3 and c > best) or (cs != best >> 3 and cs == trump):
                        nb, nw = c, seat
                    else:
                        nb, nw = best, winner
                    tl = c if cs == led and c > topled else topled
                    if k == n - 1:
                        gain = (tpts + pts_of[c]) * wts[nw]
                        pts = tpts + pts_of[c]
                        v = gain + ab(alpha - gain, beta - gain, nw, nw, trump, True, rem - pts,
                                      0, 0, 0, 0, 0, 0)
                    else:
                        v = ab(alpha, beta, nxt[seat], leader, trump, cd, rem, k + 1, led, nb,
                               nw, tpts + pts_of[c], tl)
                hands[seat] = h
                if maximizing:
                    if v > value:
                        value = v
                        best_move = m
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    if v < value:
                        value = v
                        best_move = m
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
            if k == 0:
                if entry is None:
                    entry = [0, big, -1]
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

    def _compiled_ab(self) -> Callable[..., int]:
        """Return :meth:`_ab`'s search run by the compiled kernel (its table kept across
        searches, as this state's ``tt`` is)."""
        kern = self._kernel
        if kern is None:
            kern = self._kernel = kernel.module().ThousandKernel(
                declarer=self.declarer, weights=self.weights, marriage_values=self.mv,
                ace_marriage=self.ace, must_beat=self.must_beat, fixed_trump=self.fixed,
                points=POINTS, above=ABOVE, kq_mask=KQ_MASK, aces_mask=ACES_MASK,
                suit_mask=SUIT_MASK, deck=THOUSAND_DECK, clock=time.perf_counter,
                timeout=SearchTimeout)
        window = kernel.window

        def ab(alpha: int, beta: int, *state: int) -> int:
            try:
                return int(kern.ab(self.hands, self.deadline, self.merge,
                                   window(alpha), window(beta), *state))
            finally:
                self._counter[0] = kern.nodes

        return ab
