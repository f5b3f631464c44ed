"""The Thousand engine: a match's state and its transitions (rules/thousand.md §2-§6, §9).

:class:`ThousandState` deals (a record's cards, an rng, or the seed: deal.py), gives the legal
actions, applies them, plays the tricks and reports each deal's end to scoring.py as a
``DealOutcome``; its base :class:`~kozyr.games.thousand.auction.Auction` declares the
attributes and holds the auction.  It does not know what a seat may see: ``ThousandMatch``
(match.py) composes it with the observer and the error sentences (explain.py).

Fast path: hands are int bitmasks, the current trick is kept as a few ints, and
``legal_actions`` returns shared lists where the same list comes back often (a player
following or trumping: one prebuilt list per set of cards of a suit; bids and contracts: cached
by bid and cap; gives: cached per half hand), so a caller must not change the list it gets (copy
it first).  Every attribute of a match lives in a slot; the play path avoids shifts and bitwise
inversions (products, sums and table lookups, which CPython 3.11 specializes), inlines
:func:`~kozyr.games.thousand.cardplay.legal_follow` and the trick winner with the tables of
cardplay.py, and card tables are tuples (compact, untracked by the garbage collector).  Seeded
deals are dealt by an unrolled shuffle (:func:`kozyr.games.thousand.deal.hashed_deal`) and most
finished deals are scored by :func:`kozyr.games.thousand.scoring.score_simple`; both give
exactly what the plain paths give.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import add
from typing import Any, Self

from kozyr.cards import SUIT_MASK, cards_of
from kozyr.core.dealing import first_dealer_of
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.sheet import DealRow
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.auction import Auction
from kozyr.games.thousand.cardplay import (
    ABOVE,
    KINGS_MASK,
    POINTS,
    legal_follow,
)
from kozyr.games.thousand.deal import (
    DealtCards,
    cut,
    cut_ritual,
    cutter,
    deal_deck,
    hashed_deal,
    hashed_deck,
    hashed_int,
    parse_dealt,
    record_cut_penalty,
    shuffled_deck,
)
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import MatchScore, score_deal, score_simple
from kozyr.games.thousand.tables import (
    AMOUNT_LISTS,
    BIT,
    HALF_HI,
    HALF_LO,
    P_BIDDING,
    P_CONTRACT,
    P_DEAL,
    P_OVER,
    P_PLAY,
    P_REDEAL,
    P_TALON,
    PHASE_NAMES,
    SUIT_LISTS,
    SUIT_OF,
    bid_list,
    cap_table,
    contract_list,
    hand_cap,
    hand_points,
    lead_list,
    seat_tables,
    slot_copier,
)
from kozyr.games.thousand.talon import Talon

#: With what this module gave before the split, imported from tables.py and cardplay.py.
__all__ = ["POINTS", "ThousandState", "hand_cap", "hashed_deal", "hashed_deck"]


class ThousandState(Talon):
    """A Thousand match's state machine: dealing, the legal actions, applying them, the play,
    the end of each deal (its auction is :class:`~kozyr.games.thousand.auction.Auction`).

    Not a match by itself (it sees no seat's view): :class:`kozyr.games.thousand.ThousandMatch`
    is the match, this state composed with the observer and the error sentences.
    """

    __slots__ = ()

    def __init__(self, rules: ThousandRules, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self._rules_json = None  # see Auction.rules_json
        n = rules.players
        first_dealer = first_dealer_of(seed, n, "lot", first_dealer)  # the lot, or checked
        self.first_dealer = first_dealer
        self._n = n
        self._size = 10 if n == 2 else 7
        self._n_tricks = 10 if n == 2 else 8
        self._step = rules.bid_step
        self._max_bid = rules.max_bid
        self._marriage_values = rules.marriages
        self._ace_marriage = rules.ace_marriage
        self._must_beat = rules.must_beat
        self._first_marriage = rules.marriage_on_first_trick
        self._fixed_trump = rules.declarer_names_trump
        self._cap_of = cap_table(self._marriage_values, self._max_bid)
        self._decl = decl = Declarations.of(rules)  # §11's declarations, off: the fast paths
        self._decl_plain, self._cap_plain = decl.plain, decl.plain_cap
        self._seats = seat_tables(n, rules.forced_bidder == "dealer")
        self._init_conventions()  # redeal_when, simple scoring (auction.py)
        self._plain_deck = not (rules.no_shuffle or rules.cut_ritual)
        self.score = MatchScore.new(rules)
        self._deal_index = 0
        self._dealer = first_dealer
        self._phase = P_DEAL
        self._deals = []
        self._deck = None
        self.cut_penalties = []
        self.resample_consistent = True
        self._hands = [0] * n
        self._piles = [0, 0]
        self._active = []
        self._n_active = 0
        self._nxt = [0] * n
        self._caps = [0] * n  # each seat's cap during the bidding (the hands do not change)
        self._reset_deal_state()

    # -- set-up ------------------------------------------------------------------------------
    @property
    def awaiting_deal(self) -> bool:
        """Return True between deals (and at the start) while the match is not over."""
        return self._phase == P_DEAL

    def deal(self, cards: dict[str, Any] | None = None, *,
             rng: random.Random | None = None) -> None:
        """Deal the next deal: from a record's cards, from ``rng``, or from the seed.

        With ``rng`` the deck is shuffled (``no_shuffle``: cut) by it and the seed is not
        used (the live room's path: kozyr.core.match).  Raise
        :class:`kozyr.core.errors.RecordError` if ``cards`` are not a valid deal, and
        IllegalActionError if no deal is due.
        """
        if self._phase != P_DEAL:
            why = "the match is over" if self._phase == P_OVER else "a deal is under way"
            raise IllegalActionError(f"cannot deal now: {why}")
        charged = None if cards is None else record_cut_penalty(cards, self.rules, self._dealer)
        seeded = isinstance(cards, dict) and set(cards) == {"cut_penalty_seat"}
        if cards is not None and not seeded:
            dealt = parse_dealt(cards, self._n, self._dealer)._replace(cut_penalty_seat=charged)
        elif self._plain_deck:
            if rng is not None:
                dealt = deal_deck(shuffled_deck(rng), self._n, self._dealer)
            else:
                dealt = hashed_deal(f"{self.seed}:{self._deal_index}", self._n, self._dealer)
        else:
            deck, seat = self._next_deck(rng)
            if cards is not None and charged != seat:
                raise RecordError(f"Thousand deal, 'cut_penalty_seat': the seeded cut charged "
                                  f"{'nobody' if seat is None else f'seat {seat}'}")
            dealt = deal_deck(deck, self._n, self._dealer)._replace(cut_penalty_seat=seat)
        self._start_deal(dealt)

    def _next_deck(self, rng: random.Random | None) -> tuple[list[int], int | None]:
        """Return the deck of the next deal (from ``rng``, or the seed and deal index) and the
        cutter the cut ritual charged (None: nobody)."""
        rules = self.rules
        key = f"{self.seed}:{self._deal_index}"
        if rules.no_shuffle:
            deck = self._deck
            if deck is None:
                deck = shuffled_deck(rng) if rng is not None else hashed_deck(f"{self.seed}:deck")
            else:
                point = (rng.randrange(1, len(deck)) if rng is not None
                         else 1 + hashed_int(key + ":cut") % (len(deck) - 1))
                deck = cut(deck, point)
        else:
            deck = shuffled_deck(rng) if rng is not None else hashed_deck(key)
        if not rules.cut_ritual:
            return deck, None
        deck, charged = cut_ritual(deck, rng if rng is not None
                                   else random.Random(key + ":ritual"))
        return deck, cutter(self._n, self._dealer, rules.cut_by) if charged else None

    def _start_deal(self, dealt: DealtCards) -> None:
        self._reset_deal_state()
        self._deals.append((dealt, self._log))
        self._hands = list(dealt.hands)
        self._talon = dealt.talon
        self._piles = list(dealt.piles)
        act, nxt, self._forced = self._seats[self._dealer]
        self._active = list(act)
        self._n_active = len(act)
        self._nxt = list(nxt)
        queue = self._open_deal(dealt)  # cut penalty, blind, golden horse; redeal round
        if self._cut_seat >= 0:
            self.cut_penalties.append([self._deal_index, self._cut_seat, self.rules.cut_penalty])
        if queue:
            self._redeal_queue = queue
            self._phase = P_REDEAL
            self._to_act = queue[0]
            return
        self._start_bidding()

    # -- decisions ---------------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Return the seat to act, or None while awaiting a deal or when the match is over."""
        return self._to_act if self._to_act >= 0 else None

    def legal_mask(self) -> int:
        """Return the legal cards to play as a mask (play phase; 0 in other phases).

        A marriage may also be declared with some of them: see :meth:`legal_actions`.
        """
        if self._phase != P_PLAY:
            return 0
        h = self._hands[self._to_act]
        if not self._trick:
            return h if self._decl_plain else self._decl.allowed(
                h, self._trump, self._to_act == self._ace_seat, self._ace_suit)
        return legal_follow(h, self._led, self._best_led, self._trump, self._must_beat)

    def legal_actions(self) -> list[int]:
        """Return the legal actions of the seat to act (empty if nobody acts).

        The list may be shared (cached by hand, bid...): do not change it; copy it to edit it.
        """
        if self._trick:  # a trick under way: only ever in the play phase
            h = self._hands[self._to_act]
            f = h & SUIT_MASK[self._led]
            if f:
                if self._must_beat and f & ABOVE[self._best_led]:
                    return SUIT_LISTS[f & ABOVE[self._best_led]]
                return SUIT_LISTS[f]
            t = self._trump
            if t >= 0 and h & SUIT_MASK[t]:
                return SUIT_LISTS[h & SUIT_MASK[t]]
            return [*HALF_LO[h & 0xFFFF], *HALF_HI[h >> 16]]  # neither follow nor trump
        ph = self._phase
        if ph == P_PLAY:  # a lead
            h = self._hands[self._to_act]
            if not self._decl_plain:  # §11's declarations (declarations.py)
                return self._decl.leads(h, self._trick_no, self._trump, self._decl_suits,
                                        self._to_act == self._ace_seat, self._ace_suit)
            if (self._trick_no or self._first_marriage) and (
                    h & (h + h) & KINGS_MASK or self._ace_marriage):  # h + h: h << 1
                return lead_list(h, self._ace_marriage)
            return [*HALF_LO[h & 0xFFFF], *HALF_HI[h >> 16]]  # a lead: rarely twice the same
        if ph == P_BIDDING:
            if self._blind_pending:  # the blind offered: the forced bidder's opening, or look
                return [A.BLIND, A.bid(100)] if self._bid == 0 else [A.BLIND, A.LOOK]
            bid = self._bid
            cap = self._caps[self._to_act]
            lst = AMOUNT_LISTS.get(bid * 0x1000000 + cap * 0x1000 + self._step)
            return lst if lst is not None else bid_list(bid, cap, self._step)
        if ph == P_TALON:
            return self._talon_actions()
        if ph == P_CONTRACT:
            if self._fixed_trump and self._trump < 0:
                out = [A.TRUMP + s for s in range(4)]
                if self._writeoff_ok:
                    out.append(A.WRITEOFF)
                if self._strikeout_ok:
                    out.append(A.STRIKEOUT)
                return out
            h = self._hands[self._declarer]
            cap = (self.hand_cap(h) if not self._cap_plain
                   else self._cap_of[h & (h + h) & KINGS_MASK])
            if self.rules.barrel_no_marriages and self._no_marriages(self._declarer):
                cap = 120  # his bid (C) is still kept: contract_list starts at the bid
            lst = contract_list(self._bid, cap, self._step, self._writeoff_ok)
            return [*lst, A.STRIKEOUT] if self._strikeout_ok else lst
        if ph == P_REDEAL:
            return [A.REDEAL, A.KEEP]
        return []

    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""
        seat = self._to_act
        # (action << 3) | (seat << 1); on this path shifts are written as products and table
        # lookups, which the interpreter runs faster
        self._log.append(action * 8 + seat * 2)
        if action < 32:
            # a card played (only ever legal in the play phase): the hot path, the end of the
            # trick inlined
            self._hands[seat] -= BIT[action]  # &= ~BIT[action]: the card is held
            trick = self._trick
            if not trick:  # a lead
                trick.append(action)
                self._led = SUIT_OF[action]
                self._best = self._best_led = action
                self._best_seat = seat
                self._to_act = self._nxt[seat]
                return
            trick.append(action)
            best = self._best
            suit = SUIT_OF[action]
            if suit == SUIT_OF[best]:
                if action > best:
                    self._best = action
                    self._best_seat = seat
            elif suit == self._trump:
                self._best = action
                self._best_seat = seat
            if self._must_beat and suit == self._led and action > self._best_led:
                self._best_led = action  # (only must_beat asks for it)
            nxt = self._nxt[seat]
            if nxt != self._leader:  # the trick goes on
                self._to_act = nxt
                return
            w = self._best_seat
            p = POINTS
            if len(trick) == 3:
                a, b, c = trick
                self._taken[w] += p[a] + p[b] + p[c]
            else:
                a, b = trick
                self._taken[w] += p[a] + p[b]
            self._tricks[w] += 1
            self._played += trick
            self._last_trick = (trick, self._leader, w)
            self._trick = []
            tn = self._trick_no = self._trick_no + 1
            if tn == self._n_tricks:
                self._to_act = -1
                self._finish_deal("played")
                return
            self._leader = self._to_act = w
            return
        if action >= A.BID:
            if action < A.CONTRACT:
                amount = action - A.BID
                if self._blind_pending:
                    self._open_100(seat)  # the forced bidder's bid 100 (he looks)
                else:
                    self._bid = amount  # _raise_bid, inlined
                    self._high = seat
                    self._raised = True
                    self._blind = False
                self._next_bidder(self._nxt[seat])
            else:
                self._contract = action - A.CONTRACT
                self._start_play()
        elif action == A.PASS:
            self._passed[seat] = True
            self._next_bidder(self._nxt[seat])
        elif action < 64 or action >= A.MARRIAGE_KEEP:  # (action < A.BID here)
            self._lead_declaring(seat, action)
        elif action < 96:
            self._discard(action - A.DISCARD)
        elif action < 224:
            x = action - A.GIVE
            self._give(x >> 5, x & 31)
        elif action == A.BLIND:
            self._bid_blind(seat)
        elif action == A.REDEAL:
            self._finish_deal("redeal")
        elif action == A.KEEP:
            self._keep()
        elif action == A.WRITEOFF:
            self._finish_deal("writeoff")
        elif A.LOOK <= action <= A.STRIKEOUT:
            self._convention(action)  # look, buy, decline, strikeout (talon.py)
        elif action < A.TRUMP:
            self._take(action - A.TAKE)
        else:
            self._trump = action - A.TRUMP


    # -- play ----------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self._phase = P_PLAY
        self._to_act = self._leader = self._declarer

    def _lead_declaring(self, seat: int, action: int) -> None:
        """Lead a card declaring (``play c marriage``, ``bed``, ``nines``, ``... keep``; what
        each scores and does is declarations.py's; a declaration is always a lead)."""
        c = action & 31
        value, trump, declared, ace = self._decl.effect(action)
        self._marriage_points[seat] += value
        self._marriages.append((seat, c >> 3))
        if trump >= 0:
            self._trump = trump
        self._decl_suits |= declared
        if ace:  # ace_marriage_rule strict: his later leads are bound
            self._ace_seat, self._ace_suit = seat, trump
        self._hands[seat] &= ~(1 << c)
        self._trick.append(c)
        self._led = c >> 3
        self._best = self._best_led = c
        self._best_seat = seat
        self._to_act = self._nxt[seat]

    # -- the end of a deal ---------------------------------------------------------------------
    def _finish_deal(self, kind: str) -> None:
        rules = self.rules
        if rules.no_shuffle:
            self._deck = self._gathered()
        n = self._n
        score = self.score
        row = None
        if self._simple and n != 4 and kind in ("played", "writeoff"):
            if kind == "played":
                points = list(map(add, self._taken, self._marriage_points))
                if n == 2:
                    points[self._declarer] += hand_points(self._discards)
                row = score_simple(rules, score, self._dealer, True, self._declarer, self._bid,
                                   self._contract, points, self._tricks, self._blind)
            else:
                row = score_simple(rules, score, self._dealer, False, self._declarer,
                                   self._bid, None, None, None, self._blind)
        if row is None:
            score_deal(rules, score, self.outcome(kind))
        self._to_act = -1
        self._deal_index += 1
        if score.winner is not None:
            self._phase = P_OVER
            return
        self._phase = P_DEAL
        if kind != "redeal" and not (kind in ("writeoff", "strikeout")
                                     and rules.writeoff_next_dealer == "same"):
            self._dealer = (self._dealer + 1) % n

    def _gathered(self) -> list[int]:
        deck = list(self._played) + self._trick
        rest = [*self._hands, self._talon if self._n != 2 else 0, *self._piles, self._discards]
        seen = 0
        for c in deck:
            seen |= 1 << c
        for h in rest:
            for c in cards_of(h & ~seen):
                deck.append(c)
                seen |= 1 << c
        return deck

    # -- text --------------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        """Return ``action`` in record notation, e.g. ``"play KH marriage"``."""
        return A.action_to_text(action)

    def parse_action(self, text: str) -> int:
        """Parse record notation into an action; raise IllegalActionError if it is malformed."""
        return A.parse_action(text)


    # -- state of the match --------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Return the phase of the open deal (``bidding``, ``play``, ...), ``deal`` or ``over``."""
        return PHASE_NAMES[self._phase]

    @property
    def is_over(self) -> bool:
        """Return True when the match has a winner."""
        return self._phase == P_OVER

    @property
    def winner(self) -> int | None:
        """Return the winning seat, or None."""
        return self.score.winner

    @property
    def sheet(self) -> list[DealRow]:
        """Return the score sheet: one row per finished deal."""
        return list(self.score.rows)

    @property
    def totals(self) -> list[int]:
        """Return each seat's running total."""
        return list(self.score.totals)

    def record_deals(self) -> list[dict[str, Any]]:
        """Return the ``deals`` of the game record: each deal's cards and its actions as text.

        Only decisions are written; automatic actions (the forced 100...) are not.
        """
        out = []
        for dealt, log in self._deals:
            d = dealt.to_record(self._n)
            d["actions"] = [A.action_to_text(e >> 3) for e in log if not e & 1]
            out.append(d)
        return out

    def clone(self) -> Self:
        """Return an independent copy.

        >>> from kozyr.games.thousand import ThousandMatch
        >>> m = ThousandMatch(ThousandRules.from_preset("classic"), seed=3)
        >>> m.deal()
        >>> c = m.clone()
        >>> c.legal_actions() == m.legal_actions() and c._hands == m._hands
        True
        >>> c._hands is m._hands, m.__dict__, c.__dict__  # every attribute is in a slot
        (False, {}, {})
        """
        cls = type(self)
        m = cls.__new__(cls)
        _copy_slots(self, m)
        m.__dict__.update(self.__dict__)  # attributes set from outside, if any
        m.score = self.score.copy()
        m._deals = [(dealt, log) for dealt, log in self._deals[:-1]]
        m._log = list(self._log)
        if self._deals:
            m._deals.append((self._deals[-1][0], m._log))
        m.cut_penalties = [list(p) for p in self.cut_penalties]
        for name in ("_hands", "_piles", "_nxt", "_passed", "_barrel", "_barrel_done",
                     "_to_give", "_given", "_trick", "_taken", "_tricks", "_marriage_points",
                     "_marriages", "_played", "_redeal_queue", "_active"):
            setattr(m, name, list(getattr(self, name)))
        if self._deck is not None:
            m._deck = list(self._deck)
        return m

    # -- helpers for the observer --------------------------------------------------------------
    def log(self) -> list[tuple[int, int, bool]]:
        """Return this deal's actions as (seat, action, automatic), automatic ones included."""
        return [((e >> 1) & 3, e >> 3, bool(e & 1)) for e in self._log]

    def _sample_copy(self) -> Self:
        """Return a clone for a sample to deal its cards into (observer.deal_hidden), without
        the ``no_shuffle`` deck (the deck this deal was cut from would show its cards)."""
        out = self.clone()
        out._deck = None
        return out

    def _forget_deals(self, sample: Self) -> None:
        """Keep only the open deal's record (the resample template's strip): earlier deals'
        records hold cards the seat never saw (write-offs, discards, the unused pile)."""
        sample._deals = sample._deals[-1:] if sample._phase not in (P_DEAL, P_OVER) else []

    def _place_sample(self, hands: list[int], talon: int, piles: list[int], discards: int,
                      given: list[tuple[int, int]], log: list[int], dealt: DealtCards) -> None:
        """Put a sample's cards in place of the open deal's (observer.deal_hidden): the hands,
        talon, piles and discards now, the cards given, the action log with its hidden cards
        rewritten, and the cards dealt (the deal's record)."""
        self._hands = hands
        self._talon = talon
        self._piles = piles
        self._discards = discards
        self._given = given
        self._log = log
        self._deals[-1] = (dealt, log)
        if self._phase == P_BIDDING:
            self._caps = [self.hand_cap(h) for h in hands]

    def _set_redeal_queue(self, queue: list[int]) -> None:
        """Set the seats still to be asked in the redeal round under way (observer.deal_hidden:
        a sample's round asks the players its cards make eligible)."""
        self._redeal_queue = queue


#: ``_copy_slots(a, b)``: set every slot of ``b`` to ``a``'s (:meth:`ThousandState.clone`).
_copy_slots: Callable[[ThousandState, ThousandState], None] = slot_copier(Auction.__slots__)
