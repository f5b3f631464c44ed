"""The Tertz engine: deals, drawing, the two play regimes, combinations, scoring to 501.

Rules: rules/tertz.md (its §6 settles the details).  Two seats, 32 cards, 9 each; the other 14
form the stock, whose top card ``stock[0]`` is turned for trump and is the last card drawn.

The actions are ints (:mod:`kozyr.games.tertz.actions`): ``play CARD`` (0..31), ``swap7``,
``declare``; the opponent's answer to a ``declare`` is automatic: it shows in the history as
``[seat, "shows ..."]`` and is never written in the record.  :class:`TertzState` is the state
machine alone; :class:`kozyr.games.tertz.match.TertzMatch` composes it with the observer
(:mod:`~kozyr.games.tertz.observer`) and the sentences of ``why_illegal``
(:mod:`~kozyr.games.tertz.explain`).  The rules it calls live in
:mod:`~kozyr.games.tertz.cardplay` (legal answer, trick winner, card points),
:mod:`~kozyr.games.tertz.combinations` and :mod:`~kozyr.games.tertz.scoring`.

Seeded deals: ``random.Random(f"{seed}:{deal_index}")`` shuffles the 32 cards
(:func:`kozyr.core.dealing.seeded_shuffle`); the non-dealer gets the first 9, the dealer the
next 9, the rest is the stock.  The first dealer is drawn from ``random.Random(f"{seed}:lot")``
(:func:`kozyr.core.dealing.lot` with the tag ``lot``).

What is public (``observation``): every action of the deal, the answers, the turned card while
it lies, the cards each seat is publicly known to hold (``known``: combinations and marriage
shown and not yet played, the turned card taken by a swap, the last card of the stock, which
both see being drawn), trick counts, and the cards of each seat's taken tricks (``taken``) only
while at least 4 cards remain in the stock, turned card included (§3; afterwards ``taken`` is
null for both seats).  The history still lists every card played: each was played face up,
and what a player remembers is his own affair.  Hidden: the other hand, the stock's order,
the seed.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from kozyr.cards import JACK, SEVEN, SUIT_MASK, Card, Hand, card, format_cards, format_hand
from kozyr.core.cloning import clone, restore, state_of
from kozyr.core.dealing import Pile, first_dealer_of, read_piles, seeded_rng, shuffle
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.resampling import ResampledMatch
from kozyr.core.sheet import DealRow
from kozyr.games.tertz import actions as A
from kozyr.games.tertz.actions import ANSWER, DECLARE, SWAP7
from kozyr.games.tertz.cardplay import (
    CARD_POINTS,
    HIGHER,
    JACK_OF,
    LAST_TRICK,
    TRUMP_STRENGTH,
    follow_mask,
)
from kozyr.games.tertz.combinations import (
    MARRIAGE_CARDS,
    Combination,
    Key,
    best_key,
    find_combinations,
    has_combination,
    marriage_cards,
)
from kozyr.games.tertz.rules import TertzRules
from kozyr.games.tertz.scoring import combination_points, split_deal

#: Names other modules import from here (they live in ``actions`` and ``cardplay`` now).
__all__ = ["DECLARE", "HAND_SIZE", "STOCK_SIZE", "STOCK_TRICKS", "SWAP7", "TRICKS",
           "TertzState", "follow_mask"]

_ANSWER = ANSWER
#: The tag of the first dealer's lot (:func:`kozyr.core.dealing.lot`).
LOT_TAG = "lot"
HAND_SIZE = 9
STOCK_SIZE = 14
TRICKS = 16
STOCK_TRICKS = 7  # tricks 1-7 are played with the stock

#: _HIGHER[trump][card]: the cards of card's suit that beat it (J-9 order in trumps).
_HIGHER = HIGHER
_BIT: tuple[int, ...] = tuple(1 << c for c in range(32))
_SUIT_OF: tuple[int, ...] = tuple(c >> 3 for c in range(32))
_TRUMP_RANK: tuple[int, ...] = tuple(TRUMP_STRENGTH[c & 7] for c in range(32))
_SEVEN_OF: tuple[Hand, ...] = tuple(1 << card(t, SEVEN) for t in range(4))
_CARDS_IN_BYTE: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(8 * s + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4))
_C0, _C1, _C2, _C3 = _CARDS_IN_BYTE
#: The cards (low first) of every non-empty set of cards of one suit, keyed by its mask:
#: shared lists handed out by ``legal_actions``, never to be mutated.
_SUIT_LISTS: dict[Hand, list[Card]] = {
    sum(1 << c for c in cards): list(cards)
    for s in range(4) for cards in _CARDS_IN_BYTE[s][1:]}

#: Dealt cards as kept for the record: the two hands and the stock, top first.
Dealt = tuple[tuple[Hand, Hand], tuple[Card, ...]]


def _cards_list(mask: Hand) -> list[Card]:
    """Return the cards of ``mask``, low first, as a new list."""
    return [*_C0[mask & 255], *_C1[mask >> 8 & 255], *_C2[mask >> 16 & 255], *_C3[mask >> 24]]


class TertzState(ResampledMatch):
    """The Tertz state machine of one match between two seats, from the first deal to 501."""

    GAME: ClassVar[str] = "tertz"
    RULES: ClassVar[type[TertzRules]] = TertzRules

    rules: TertzRules

    #: Every attribute lives in a slot (faster than an instance dict, which CPython stops
    #: sharing past 30 keys); the names are those the trick bots' position views read.
    __slots__ = ("_awaiting", "_card_points", "_deal_index", "_dealer", "_dealt", "_facts",
                 "_free_jack", "_gone", "_hands", "_jack", "_known", "_last", "_lead",
                 "_leader", "_limits", "_log", "_marriage", "_n", "_points", "_records",
                 "_sheet", "_shown", "_shown_at", "_sp", "_stock", "_taken", "_to_act",
                 "_totals", "_tricks", "_trump", "_turned", "_winner", "_won", "first_dealer",
                 "rules", "seed")

    def __init__(self, rules: TertzRules | None = None, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        self.rules = rules if rules is not None else TertzRules.from_preset()
        self.seed = seed
        self.first_dealer = first_dealer_of(seed, 2, LOT_TAG, first_dealer)
        self._free_jack = self.rules.free_trump_jack
        # the match
        self._dealer = self.first_dealer
        self._deal_index = 0
        self._n = 2
        self._awaiting = True
        self._totals = [0, 0]
        self._sheet: list[DealRow] = []
        self._winner: int | None = None
        # finished deals: the cards as dealt and the (seat, action) log
        self._records: list[tuple[Dealt | None, list[tuple[int, int]]]] = []
        # the deal (empty until the first deal)
        self._dealt: Dealt | None = None
        self._hands = [0, 0]
        self._trump = -1
        self._turned = -1
        self._stock: list[Card] = []
        self._to_act = -1
        self._leader = -1
        self._card_points: tuple[int, ...] = CARD_POINTS[0]
        self._jack = 0  # the trump jack when it is free, else 0
        self._clear_deal()

    # -- set-up ------------------------------------------------------------------------
    @property
    def awaiting_deal(self) -> bool:
        """Return True between deals (and at the start) while the match is not over."""
        return self._awaiting and self._winner is None

    def deal(self, cards: dict[str, Any] | None = None, *,
             rng: random.Random | None = None) -> None:
        """Deal from ``{"hands": [h0, h1], "stock": s}``, from ``rng``, or from the seed.

        With ``rng`` the deck is shuffled by it and the seed is not used.

        ``stock`` lists the 14 undealt cards top first; its first card is turned for trump.
        Raise RecordError for cards that are not a valid deal, IllegalActionError if no deal
        is due.
        """
        if not self.awaiting_deal:
            why = "the match is over" if self._winner is not None else "a deal is under way"
            raise IllegalActionError(f"no deal is due: {why}")
        bit = _BIT
        if cards is None:
            deck = list(range(32))
            shuffle(deck, rng or seeded_rng(self.seed, self._deal_index))
            a = b = 0
            for c in deck[:HAND_SIZE]:
                a |= bit[c]
            for c in deck[HAND_SIZE:2 * HAND_SIZE]:
                b |= bit[c]
            hands = [b, a] if self._dealer == 0 else [a, b]  # the non-dealer's first
            stock = deck[2 * HAND_SIZE:]
        else:
            got, piles = read_piles(cards, "tertz", (HAND_SIZE, HAND_SIZE),
                                    {"stock": Pile(STOCK_SIZE)})
            hands = [sum(bit[c] for c in h) for h in got]
            stock = list(piles["stock"][0])
        self._start(hands, stock)

    def _start(self, hands: list[Hand], stock: list[Card]) -> None:
        self._dealt = ((hands[0], hands[1]), tuple(stock))
        self._awaiting = False
        self._hands = list(hands)
        self._turned = stock[0]
        trump = self._trump = stock[0] >> 3
        self._card_points = CARD_POINTS[trump]
        self._jack = JACK_OF[trump] if self._free_jack else 0
        self._stock = stock[1:]
        self._leader = self._to_act = 1 - self._dealer
        self._clear_deal()

    def _clear_deal(self) -> None:
        """Reset what a deal accumulates: tricks, points, shown combinations, the log."""
        self._sp = 0
        self._lead = -1
        self._tricks = 0
        self._won = [0, 0]
        self._taken = [0, 0]
        self._points = [0, 0]
        self._gone = 0
        self._last: tuple[int, Card, Card, int] | None = None
        self._shown: list[tuple[Combination, ...] | None] = [None, None]
        self._shown_at = [0, 0]
        self._marriage = [False, False]
        self._known = [0, 0]
        self._limits: list[list[int]] = []
        # what a declaration told about a hand, valid until that seat draws or swaps:
        # (seat, log index, exact combinations shown or None, best key allowed)
        self._facts: list[tuple[int, int, tuple[tuple[Card, ...], ...] | None, Key]] = []
        self._log: list[tuple[int, int]] = []

    # -- decisions ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Return the seat to act, or None between deals and when the match is over."""
        if self._awaiting or self._winner is not None:
            return None
        return self._to_act

    def _stock_left(self) -> int:
        return len(self._stock) - self._sp + (self._turned >= 0)

    def _can_swap(self, seat: int) -> bool:
        return (self._lead < 0 and len(self._stock) - self._sp >= 2
                and bool(self._hands[seat] >> card(self._trump, SEVEN) & 1))

    def _declarable(self, seat: int) -> tuple[tuple[Combination, ...], bool]:
        """Return what a ``declare`` by ``seat`` would announce: combinations, marriage."""
        hand = self._hands[seat]
        combos: tuple[Combination, ...] = ()
        if self._shown[seat] is None and hand.bit_count() == HAND_SIZE:
            combos = tuple(find_combinations(hand, self._trump))
        kq = MARRIAGE_CARDS[self._trump]
        marriage = not self._marriage[seat] and hand & kq == kq
        return combos, marriage

    def _playable(self) -> Hand:
        hand = self._hands[self._to_act]
        if self._lead < 0:
            return hand
        return follow_mask(hand, self._lead, self._trump, self._stock_left() == 0,
                           self._free_jack)

    def legal_actions(self) -> list[int]:
        """Return the legal actions: cards by number, then ``swap7`` and ``declare``.

        The list may be shared (a table's): do not change it; copy it to edit it.
        """
        seat = self._to_act
        if seat < 0:  # between deals, or the match is over
            return []
        hand = self._hands[seat]
        lead = self._lead
        if lead >= 0:  # follow_mask, inlined
            trump = self._trump
            jack = self._jack
            h = hand & ~jack
            suit = h & SUIT_MASK[_SUIT_OF[lead]]
            if suit and self._turned < 0 and self._sp == len(self._stock):  # must beat
                m = suit & _HIGHER[trump][lead] or suit
            else:
                m = suit or h & SUIT_MASK[trump] or h
            m = (m or hand) | (hand & jack)
            lst = _SUIT_LISTS.get(m)  # one suit: a shared list
            if lst is not None:
                return lst
            return [*_C0[m & 255], *_C1[m >> 8 & 255], *_C2[m >> 16 & 255], *_C3[m >> 24]]
        out = [*_C0[hand & 255], *_C1[hand >> 8 & 255], *_C2[hand >> 16 & 255],
               *_C3[hand >> 24]]
        trump = self._trump
        if hand & _SEVEN_OF[trump] and len(self._stock) - self._sp >= 2:
            out.append(SWAP7)
        kq = MARRIAGE_CARDS[trump]
        if (len(out) >= HAND_SIZE and self._shown[seat] is None
                and hand.bit_count() == HAND_SIZE and has_combination(hand)) or (
                hand & kq == kq and not self._marriage[seat]):
            out.append(DECLARE)
        return out

    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""
        if action >= 32:
            if action == SWAP7:
                self._swap7()
            else:
                self._declare()
            return
        c = action  # a card: the hot path, the trick and the draws inlined
        s = self._to_act
        b = _BIT[c]
        self._hands[s] ^= b
        known = self._known
        if known[s] & b:
            known[s] ^= b
        self._gone |= b
        self._log.append((s, c))
        lead = self._lead
        if lead < 0:
            self._lead = c
            self._to_act = 1 - s
            return
        trump = self._trump
        leader = 1 - s
        stock_on = self._tricks < STOCK_TRICKS
        cs, ls = _SUIT_OF[c], _SUIT_OF[lead]
        if stock_on and cs != ls and not (self._jack and b == self._jack):
            self._reveal_void(s, lead, c)
        if cs == ls:
            wins = (_TRUMP_RANK[c] > _TRUMP_RANK[lead]) if cs == trump else c > lead
        else:
            wins = cs == trump
        winner = s if wins else leader
        self._tricks += 1
        self._won[winner] += 1
        self._taken[winner] |= b | _BIT[lead]
        pts = self._card_points
        self._points[winner] += pts[c] + pts[lead]
        self._last = (leader, lead, c, winner)
        self._lead = -1
        self._leader = self._to_act = winner
        if stock_on:
            stock = self._stock
            sp = self._sp
            if sp + 2 <= len(stock):  # both draw from the stock (_draw twice, inlined)
                hands = self._hands
                hands[winner] |= _BIT[stock[sp]]
                hands[1 - winner] |= _BIT[stock[sp + 1]]
                self._sp = sp + 2
                for lim in self._limits:  # each seat drew one card
                    lim[2] += 1
                if self._facts:  # both drew: no declaration binds any more
                    self._facts = []
            else:
                self._draw(winner)
                self._draw(1 - winner)
        elif self._tricks == TRICKS:
            self._points[winner] += LAST_TRICK
            self._finish(winner)

    def _reveal_void(self, seat: int, lead: Card, c: Card) -> None:
        """Note, for resampling, that ``seat`` holds none of the cards it was bound to play."""
        trump = self._trump
        forbid = SUIT_MASK[lead >> 3]
        if c >> 3 != trump:
            forbid |= SUIT_MASK[trump]
        if self._free_jack:
            forbid &= ~(1 << (trump * 8 + JACK))
        self._limits.append([seat, forbid, 0])

    def _draw(self, seat: int) -> None:
        sp = self._sp
        if sp < len(self._stock):
            c = self._stock[sp]
            self._sp = sp + 1
            for lim in self._limits:
                if lim[0] == seat:
                    lim[2] += 1
        else:  # the turned card (or the seven swapped for it), seen by both
            c = self._turned
            self._turned = -1
            self._known[seat] |= 1 << c
        self._hands[seat] |= _BIT[c]
        if self._facts:
            self._facts = [f for f in self._facts if f[0] != seat]

    def _swap7(self) -> None:
        s = self._to_act
        seven = card(self._trump, SEVEN)
        old = self._turned
        self._hands[s] ^= (1 << seven) | (1 << old)
        self._known[s] = (self._known[s] & ~(1 << seven)) | (1 << old)
        self._turned = seven
        self._log.append((s, SWAP7))
        if self._facts:
            self._facts = [f for f in self._facts if f[0] != s]

    def _declare(self) -> None:
        s = self._to_act
        combos, marriage = self._declarable(s)
        whole = self._shown[s] is None and self._hands[s].bit_count() == HAND_SIZE
        self._log.append((s, DECLARE))
        here = len(self._log)
        if whole:  # he announced every combination he holds, maybe none
            self._facts.append((s, here, tuple(c.cards for c in combos), best_key(combos)))
        if marriage:
            self._marriage[s] = True
            self._known[s] |= marriage_cards(self._trump)
        if not combos:
            return
        self._show(s, combos)
        o = 1 - s
        if self._shown[o] is None:
            answer = tuple(find_combinations(self._hands[o], self._trump))
            if answer and best_key(answer) > best_key(combos):
                self._show(o, answer)
                self._log.append((o, _ANSWER))
                self._facts.append((o, here, tuple(c.cards for c in answer), best_key(answer)))
            else:  # no answer: nothing strictly better
                self._facts.append((o, here, None, best_key(combos)))

    def _show(self, seat: int, combos: tuple[Combination, ...]) -> None:
        self._shown[seat] = combos
        self._shown_at[seat] = len(self._log)
        for cmb in combos:
            self._known[seat] |= cmb.mask

    def _finish(self, last_winner: int) -> None:
        """Score the finished deal, write its row, and see whether the match is won."""
        split = split_deal(self._points, self._won, last_winner)
        extra = combination_points(self._shown, self._shown_at, self._marriage)
        scores = (split[0] + extra[0], split[1] + extra[1])
        self._totals = [self._totals[0] + scores[0], self._totals[1] + scores[1]]
        self._sheet.append(DealRow(
            dealer=self._dealer, declarer=None, bid=None, contract=None,
            points=(self._points[0] + extra[0], self._points[1] + extra[1]),
            scores=scores, totals=tuple(self._totals), marks=((), ())))
        self._records.append((self._dealt, self._log))
        target = self.rules.target
        t0, t1 = self._totals
        if max(t0, t1) >= target and t0 != t1:  # both past and equal: play on
            self._winner = 0 if t0 > t1 else 1
        self._dealer = last_winner
        self._deal_index += 1
        self._awaiting = True
        self._to_act = -1

    # -- text --------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        """Return ``action`` in record notation: ``play AS``, ``swap7`` or ``declare``."""
        return A.action_to_text(action)

    def parse_action(self, text: str) -> int:
        """Parse ``play CARD``, ``swap7`` or ``declare``; raise IllegalActionError if malformed."""
        return A.parse_action(text)

    # -- state of the match --------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Return ``play`` while a deal is open, ``deal`` between deals, ``over`` at the end."""
        if self._winner is not None:
            return "over"
        return "deal" if self._awaiting else "play"

    @property
    def is_over(self) -> bool:
        """Return True when the match has a winner."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """Return the winning seat, or None."""
        return self._winner

    @property
    def sheet(self) -> list[DealRow]:
        """Return the score sheet: one row per finished deal."""
        return list(self._sheet)

    @property
    def totals(self) -> list[int]:
        """Return each seat's running total."""
        return list(self._totals)

    @property
    def trump(self) -> int | None:
        """Return the trump suit of the current (or last) deal, None before the first."""
        return self._trump if self._trump >= 0 else None

    def _record_of_deal(self, dealt: Dealt | None,
                        log: list[tuple[int, int]]) -> dict[str, Any]:
        if dealt is None:
            raise RecordError("this copy was resampled: the cards its deal started with are "
                              "unknown, so it cannot be written as a record")
        hands, stock = dealt
        actions = [self.action_to_text(a) for _, a in log if a != _ANSWER]
        return {"hands": [format_hand(h) for h in hands], "stock": format_cards(stock),
                "actions": actions}

    def record_deals(self) -> list[dict[str, Any]]:
        """Return each deal's cards (``hands``, ``stock`` top first) and its actions as text."""
        out = [self._record_of_deal(dealt, log) for dealt, log in self._records]
        if not self._awaiting and self._winner is None:
            out.append(self._record_of_deal(self._dealt, self._log))
        return out

    # -- copies ----------------------------------------------------------------------------
    #: The list attributes a clone copies (the rest are immutable or replaced, never changed).
    _LISTS: ClassVar[tuple[str, ...]] = (
        "_totals", "_sheet", "_records", "_hands", "_stock", "_won", "_taken", "_points",
        "_shown", "_shown_at", "_marriage", "_known", "_facts", "_log")

    def clone(self) -> Self:
        """Return an independent copy."""
        return clone(self, self._LISTS, nested=("_limits",))

    def __getstate__(self) -> dict[str, Any]:
        """Return every attribute, for pickling."""
        return state_of(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled match."""
        restore(self, state)
