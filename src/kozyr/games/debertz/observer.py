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

from kozyr.cards import (
    KING,
    QUEEN,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASK,
    Hand,
    format_card,
    format_hand,
    hand_of,
)
from kozyr.core.observation import BaseObservation, LastTrick
from kozyr.core.sampling import deal_unseen
from kozyr.core.sheet import sheet_json
from kozyr.games.debertz import melds as M
from kozyr.games.debertz.actions import BELLA, BIDDING, DECLARE, PLAY, SWAP7
from kozyr.games.debertz.cardplay import ABOVE_TRUMP, must_overtrump_ruff
from kozyr.games.debertz.state import DebertzState

#: How many times :func:`deal_hidden` deals again when a declarer's hidden cards would have
#: changed what he declared (each try is cheap; in practice a few suffice).
MAX_TRIES = 10_000


class DebertzObservation(BaseObservation):
    """What a Debertz seat sees: the shared keys (:class:`BaseObservation`) and these."""

    #: The partners ``[[0, 2], [1, 3]]`` with 4 players, else None.
    teams: list[list[int]] | None
    #: The bidding round (1 or 2) while bidding, else None.
    round: int | None
    #: The face-up card on the table (the turned card, or the seven swapped for it), or None.
    turned: str | None
    #: The declarer, or None before the bidding ends.
    declarer: int | None
    #: Declared melds: ``[seat, kind, cards]``.
    melds: list[list[int | str]]
    #: To the seat to act when ``declare`` is legal, the melds it would announce (its own
    #: cards): ``{action, kind, cards, points}`` each; else None.
    declaring: list[dict[str, object]] | None
    #: The seats that announced bella, in order.
    bella: list[int]
    #: The stock's bottom card when it is shown, else None.
    cutter: str | None
    #: Cards in the stock (below the turned card while bidding), None between deals.
    stock_size: int | None
    #: Each seat's bait count (partners share their team's).
    baits: list[int]
    #: The hanging-bait pot.
    pot: int
    #: The winning seat, the winning team's two seats, or None.
    winner: int | list[int] | None


def observation(m: DebertzState, seat: int | None) -> DebertzObservation:
    """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
    n = m._n
    in_deal = m._phase is BIDDING or m._phase is PLAY
    to_act = m.current_player()
    trump = m._trump
    hand: str | None = None
    if seat is not None and m._hands0:
        hand = format_hand(m._hands[seat])
    last: LastTrick | None = None
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
        "declaring": _declaring(m, seat) if seat is not None and seat == to_act else None,
        "bella": list(m._bella),
        "trick": [[(m._leader + i) % n, format_card(c)] for i, c in enumerate(m._trick)],
        "leader": m._leader if m._phase is PLAY else None,
        "last_trick": last,
        "tricks_won": list(m._won),
        "cutter": cutter,
        "stock_size": _stock_size(m),
        "totals": m.totals,
        "sheet": sheet_json(m._sheet),
        "baits": m.baits,
        "pot": m._pot,
        "winner": m.winner,
        "is_over": m.is_over,
    }


def _declaring(m: DebertzState, seat: int) -> list[dict[str, object]] | None:
    """Return the melds a ``declare`` of ``seat`` would announce now, or None if not legal."""
    if DECLARE not in m.legal_actions():
        return None
    found = M.find_melds(m._hands[seat], seat, m._trump, m.rules.natural_sequence_order)
    return [{"action": "declare", "kind": M.KIND_NAMES[x.kind], "cards": M.meld_cards_text(x),
             "points": M.MELD_POINTS[x.kind]} for x in found]


def _stock_size(m: DebertzState) -> int | None:
    """Return how many cards lie in the stock (below the turned card while bidding)."""
    if m._phase is BIDDING:
        return len(m._stock) - 1
    if m._phase is PLAY:
        return len(m._stock) - m._rest
    return None


def _cutter_shown(m: DebertzState) -> bool:
    return (m._phase is PLAY and m.rules.cutter_visible and not m._teams
            and m._rest < len(m._stock))


class _Knowledge:
    """What a seat knows about the hidden cards, worked out from public information only."""

    def __init__(self, m: DebertzState) -> None:
        n = m._n
        trump = m._trump
        self.played = [0] * n       # cards each seat has played in this deal
        self.excluded = [0] * n     # cards each seat cannot hold (voids)
        self.known = [0] * n        # cards known to be in each seat's hand
        bella_cards = [0] * n
        swapper = -1
        ruff_over = must_overtrump_ruff(m.rules.overtrump)
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
                # a trump below the best shows no higher one, when the rule asked for it
                if (c >> 3 == trump and best >= 0 and not ABOVE_TRUMP[best] >> c & 1
                        and (ruff_over or led == trump)):
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


def deal_hidden(m: DebertzState, seat: int, rng: random.Random) -> DebertzState:
    """Return a copy of ``m`` whose cards hidden from ``seat`` are dealt again by ``rng``.

    The unseen cards, in canonical (sorted) order shuffled by ``rng``, fill the other hands
    and the stock below the turned card (:func:`kozyr.core.sampling.deal_unseen`, forbidden
    masks), respecting hand sizes, known cards and voids; a seat that declared must hold
    exactly the melds it announced.  The deal is then rebuilt (each seat's first six cards,
    the stock in deck order) and its actions replayed, so the copy is a complete, consistent
    match.  Between deals nothing hidden matters: a plain clone.  (The match's ``resample``
    then strips the copy's seed and records: :mod:`kozyr.core.resampling`.)
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
    forbidden = [know.excluded[s] for s in others] + [0]

    def same_melds(groups: list[list[int]]) -> bool:
        return all(_same_melds(m, s, known[s] | hand_of(groups[g]) | know.played[s], know)
                   for g, s in enumerate(others))

    groups = deal_unseen(pool, caps, rng, forbidden=forbidden, accept=same_melds,
                         tries=MAX_TRIES)
    hands = list(m._hands)
    for g, s in enumerate(others):
        hands[s] = known[s] | hand_of(groups[g])
    return _rebuild(m, know, hands, hand_of(groups[-1]), cutter, rng)


def _same_melds(m: DebertzState, s: int, hand_then: Hand, know: _Knowledge) -> bool:
    """Return True if a seat that declared would have found exactly the melds it declared."""
    if not know.melds_of[s]:
        return True
    found = M.find_melds(hand_then, s, m._trump, m.rules.natural_sequence_order)
    return [(x.kind, x.cards) for x in found] == [(x.kind, x.cards) for x in know.melds_of[s]]


def _rebuild(m: DebertzState, know: _Knowledge, hands: list[Hand], stock_group: Hand,
             cutter: int, rng: random.Random) -> DebertzState:
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

