"""What one Debertz seat may see (:func:`observation`), and deals consistent with it.

Public in Debertz: every action (bids, swaps, declarations, cards played, bella), the turned
card while it lies on the table, the cutter (the stock's bottom card, with ``cutter_visible``,
from the second deal on), and the declared melds: a ``declare`` shows every card of every meld
it announces.  Hidden: the other hands and the stock's order (and the seed).

From the public record a seat also knows where some hidden cards are: a declared meld's cards
stay in their owner's hand until played, as does the other half of an announced bella, the
turned card taken by the seven swap, and (4 players) the turned card the declarer took.  It
knows voids: a seat that did not follow has none of the led suit; one that did not trump when
it had to has no trump; one that played a trump no higher than the trick's best when it had to
overtrump has no higher trump.  And a seat that declared held exactly the melds it announced.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kozyr.cards import (
    FULL_DECK,
    KING,
    QUEEN,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASK,
    Hand,
    format_card,
    format_hand,
)
from kozyr.games.debertz import melds as M
from kozyr.games.debertz.state import ABOVE_TRUMP, BELLA, BIDDING, PLAY, SWAP7

if TYPE_CHECKING:
    from kozyr.games.debertz.state import DebertzMatch

#: How many times :func:`resample` deals again when a declarer's hidden cards would have
#: changed what he declared (each try is cheap; in practice a few suffice).
MAX_TRIES = 10_000


def observation(m: DebertzMatch, seat: int | None) -> dict[str, Any]:
    """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
    n = m._n
    in_deal = m._phase is BIDDING or m._phase is PLAY
    to_act = m.current_player()
    trump = m._trump
    hand: str | None = None
    if seat is not None and m._hands0:
        hand = format_hand(m._hands[seat])
    last = None
    if m._last is not None:
        leader, cards, winner = m._last
        last = {"cards": [[(leader + i) % n, format_card(c)] for i, c in enumerate(cards)],
                "winner": winner}
    cutter = None
    if _cutter_shown(m):
        cutter = format_card(m._stock[-1])
    return {
        "game": "debertz",
        "rules": m.rules.to_json(),
        "players": n,
        "seat": seat,
        "teams": [[0, 2], [1, 3]] if m._teams else None,
        "deal_index": m._deal_index,
        "dealer": m._dealer,
        "phase": m.phase,
        "round": m._round if m._phase is BIDDING else None,
        "to_act": to_act,
        "legal": m.legal_texts() if seat is not None and seat == to_act else [],
        "hand": hand,
        "hand_sizes": [h.bit_count() for h in m._hands],
        "turned": format_card(m._table) if in_deal and m._table >= 0 else None,
        "trump": SUIT_LETTERS[trump] if trump >= 0 else None,
        "declarer": m._declarer if m._declarer >= 0 else None,
        "history": [[s, m.action_to_text(a)] for s, a in m._history],
        "melds": [[x.seat, M.KIND_NAMES[x.kind], M.meld_cards_text(x)] for x in m._melds],
        "bella": list(m._bella),
        "trick": [[(m._leader + i) % n, format_card(c)] for i, c in enumerate(m._trick)],
        "leader": m._leader if m._phase is PLAY else None,
        "last_trick": last,
        "tricks_won": list(m._won),
        "cutter": cutter,
        "stock_size": _stock_size(m),
        "totals": m.totals,
        "sheet": [row.to_json() for row in m._sheet],
        "baits": m.baits,
        "pot": m._pot,
        "winner": m.winner,
        "is_over": m.is_over,
    }


def _stock_size(m: DebertzMatch) -> int | None:
    """Return how many cards lie in the stock (below the turned card while bidding)."""
    if m._phase is BIDDING:
        return len(m._stock) - 1
    if m._phase is PLAY:
        return len(m._stock) - m._rest
    return None


def _cutter_shown(m: DebertzMatch) -> bool:
    return (m._phase is PLAY and m.rules.cutter_visible and not m._teams
            and m._rest < len(m._stock))


class _Knowledge:
    """What a seat knows about the hidden cards, worked out from public information only."""

    def __init__(self, m: DebertzMatch) -> None:
        n = m._n
        trump = m._trump
        self.played = [0] * n       # cards each seat has played in this deal
        self.excluded = [0] * n     # cards each seat cannot hold (voids)
        self.known = [0] * n        # cards known to be in each seat's hand
        bella_cards = [0] * n
        swapper = -1
        trick: list[int] = []
        best = -1
        for s, a in m._history:
            if a == SWAP7:
                swapper = s
                continue
            if a >= 64:
                continue
            c = a & 31
            if a >= BELLA:
                bella_cards[s] |= 1 << (trump * 8 + KING + QUEEN - (c & 7))
            self.played[s] |= 1 << c
            if trick:
                led = trick[0] >> 3
                if c >> 3 != led:
                    self.excluded[s] |= SUIT_MASK[led]
                    if c >> 3 != trump:
                        self.excluded[s] |= SUIT_MASK[trump]
                if c >> 3 == trump and best >= 0 and not ABOVE_TRUMP[best] >> c & 1:
                    self.excluded[s] |= ABOVE_TRUMP[best]
            trick.append(c)
            if c >> 3 == trump and (best < 0 or ABOVE_TRUMP[best] >> c & 1):
                best = c
            if len(trick) == n:
                trick, best = [], -1
        for x in m._melds:
            self.known[x.seat] |= x.cards
        for s in range(n):
            self.known[s] |= bella_cards[s]
        if swapper >= 0:
            self.known[swapper] |= 1 << m._turned
        if m._teams and m._phase is PLAY:
            self.known[m._declarer] |= 1 << m._turned
        for s in range(n):
            self.known[s] &= ~self.played[s]
        self.swapper = swapper
        self.melds_of = [[x for x in m._melds if x.seat == s] for s in range(n)]


def resample(m: DebertzMatch, seat: int, rng: random.Random) -> DebertzMatch:
    """Return a copy of ``m`` whose cards hidden from ``seat`` are dealt again by ``rng``.

    The unseen cards, in canonical (sorted) order shuffled by ``rng``, fill the other hands
    and the stock below the turned card, respecting hand sizes, known cards and voids; a seat
    that declared must hold exactly the melds it announced.  The deal is then rebuilt (each
    seat's first six cards, the stock in deck order) and its actions replayed, so the copy is
    a complete, consistent match.  Between deals nothing hidden matters: a plain clone.
    """
    if m._phase is not BIDDING and m._phase is not PLAY:
        return m.clone()
    n = m._n
    know = _Knowledge(m)
    played_all = 0
    for p in know.played:
        played_all |= p
    seen = m._hands[seat] | played_all
    if m._table >= 0:
        seen |= 1 << m._table
    cutter = m._stock[-1] if _cutter_shown(m) else -1
    if cutter >= 0:
        seen |= 1 << cutter
    others = [s for s in range(n) if s != seat]
    known = [know.known[s] & ~seen for s in range(n)]
    for s in others:
        seen |= known[s]
    pool = [c for c in range(32) if not seen >> c & 1]
    caps = [m._hands[s].bit_count() - known[s].bit_count() for s in others]
    stock_left = len(m._stock) - (1 if m._phase is BIDDING else m._rest)
    caps.append(stock_left - (1 if cutter >= 0 else 0))
    if sum(caps) != len(pool) or min(caps) < 0:
        raise AssertionError("resample: hidden places and unseen cards do not match")
    allowed = [~know.excluded[s] for s in others] + [FULL_DECK]
    for _ in range(MAX_TRIES):
        groups = _assign(pool, caps, allowed, rng)
        hands = list(m._hands)
        for g, s in enumerate(others):
            hands[s] = known[s] | groups[g]
        if all(_same_melds(m, s, hands[s] | know.played[s], know) for s in others):
            break
    else:  # pragma: no cover - would need a pathological position
        raise AssertionError("resample: no deal fits the declared melds")
    return _rebuild(m, know, hands, groups[-1], cutter, rng)


def _same_melds(m: DebertzMatch, s: int, hand_then: Hand, know: _Knowledge) -> bool:
    """Return True if a seat that declared would have found exactly the melds it declared."""
    if not know.melds_of[s]:
        return True
    found = M.find_melds(hand_then, s, m._trump, m.rules.natural_sequence_order)
    return [(x.kind, x.cards) for x in found] == [(x.kind, x.cards) for x in know.melds_of[s]]


def _assign(pool: list[int], caps: list[int], allowed: list[Hand],
            rng: random.Random) -> list[Hand]:
    """Deal ``pool`` (shuffled by ``rng``) into groups of sizes ``caps``, each card only into a
    group that allows it, keeping the rest dealable (Hall's condition on every set of groups)."""
    cards = list(pool)
    rng.shuffle(cards)
    k = len(caps)
    full = (1 << k) - 1
    # a card's type: the set of groups that may take it
    types = [sum(1 << g for g in range(k) if allowed[g] >> c & 1) for c in cards]
    constrained = any(t != full for t in types)
    # for every set of groups: cards that must go into it (need) and places it has (room)
    above = [[sub for sub in range(1, full) if t & ~sub == 0] for t in range(full + 1)]
    holding = [[sub for sub in range(1, full) if sub >> g & 1] for g in range(k)]
    need = [0] * (full + 1)
    room = [0] * (full + 1)
    if constrained:
        for t in types:
            for sub in above[t]:
                need[sub] += 1
        for g in range(k):
            for sub in holding[g]:
                room[sub] += caps[g]
    subs = range(1, full)
    cap = list(caps)
    out = [0] * k
    for c, t in zip(cards, types, strict=True):
        if constrained:
            for sub in above[t]:
                need[sub] -= 1
        choices = [g for g in range(k) if t >> g & 1 and cap[g] > 0]
        while True:
            r = rng.randrange(sum(cap[g] for g in choices))
            for g in choices:
                r -= cap[g]
                if r < 0:
                    break
            if constrained:
                for sub in holding[g]:
                    room[sub] -= 1
                if any(need[sub] > room[sub] for sub in subs):
                    for sub in holding[g]:
                        room[sub] += 1
                    choices.remove(g)
                    continue
            cap[g] -= 1
            out[g] |= 1 << c
            break
    return out


def _rebuild(m: DebertzMatch, know: _Knowledge, hands: list[Hand], stock_group: Hand,
             cutter: int, rng: random.Random) -> DebertzMatch:
    """Return a clone of ``m`` whose deal holds ``hands`` now, its history replayed."""
    n = m._n
    turned = m._turned
    in_play = m._phase is PLAY
    dealt = []
    for s in range(n):
        d = hands[s] | know.played[s]
        if s == know.swapper:
            d = (d & ~(1 << turned)) | (1 << (m._trump * 8 + SEVEN))
        if m._teams and in_play and s == m._declarer:
            d &= ~(1 << turned)
        dealt.append(sorted(c for c in range(32) if d >> c & 1))
    first = tuple(tuple(d[:6]) for d in dealt)
    stock = [turned]
    if in_play:
        for i in range(1, n + 1):
            stock.extend(dealt[(m._dealer + i) % n][6:])
    rest = [c for c in range(32) if stock_group >> c & 1]
    rng.shuffle(rest)
    stock.extend(rest)
    if cutter >= 0:
        stock.append(cutter)
    new = m.clone()
    new._reset_deal(first, tuple(stock))
    for s, a in m._history:
        if new._to_act != s:
            raise AssertionError("resample: replay went out of turn")
        new.apply_action(a)
    return new

