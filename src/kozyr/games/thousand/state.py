"""The Thousand match state machine (rules/thousand.md §2-§6 and §9): deals, bidding, play.

:class:`ThousandMatch` implements :class:`kozyr.core.match.Match`.  Scoring lives apart, in
:mod:`kozyr.games.thousand.scoring`: each finished deal is reported as a ``DealOutcome``.
Observation and resampling (what a seat may see) live in :mod:`kozyr.games.thousand.observer`.

Phases of a deal (``phase``): ``redeal`` (eligible players asked ``redeal``/``keep``),
``bidding``, ``talon`` (two players: ``take P`` and two ``discard``; everyone: the declarer's
``give SEAT CARD`` to each opponent, or ``writeoff``), ``contract`` (``trump S`` first under
``declarer_names_trump``, then ``contract N`` or ``writeoff``), ``play``; ``deal`` between
deals and ``over`` at the end.

Automatic actions (applied by the engine, never decisions, never in the record, but shown in
the observation's ``history``): the forced 100; a barrel player's bid of C; the passes of a
player ``trading_in_red``.  The declarer takes a three-card talon without an action (the
observation's ``talon`` shows it).

Fast path: hands are int bitmasks, the current trick is kept as a few ints, and
``legal_actions`` returns shared lists where the same list comes back often (a player
following or trumping: one prebuilt list per set of cards of a suit; bids and contracts: cached
by bid and cap; gives: cached per half hand), so a caller must not change the list it gets (copy
it first).  Every attribute of a match lives in a slot; the play path avoids shifts and bitwise
inversions (products, sums and table lookups, which CPython 3.11 specializes), and card tables
are tuples (compact, untracked by the garbage collector).  Seeded deals are dealt by an unrolled
shuffle (:func:`kozyr.games.thousand.deal.hashed_deal`) and most finished deals are scored by
:func:`kozyr.games.thousand.scoring.score_simple`; both give exactly what the plain paths give.
Beyond the Match API: :meth:`ThousandMatch.legal_mask` (the legal cards as a mask, no list),
:meth:`~ThousandMatch.cap` / :meth:`~ThousandMatch.hand_cap` (120 + marriages, capped by
``max_bid``), :meth:`~ThousandMatch.eligible` (may a hand ask for a redeal),
:meth:`~ThousandMatch.outcome` (the ``DealOutcome`` the open deal would report), ``apply`` and
``why_illegal`` with an optional ``seat`` (refuse acting out of turn), ``score`` (the
``MatchScore``), ``cut_penalties``, ``resample_consistent`` (see the observer module).

Readings of the rules where the page leaves a choice (kozyr's, documented and tested):

- Four players: the forced bidder is the first seat left of the dealer whatever
  ``forced_bidder`` says (the dealer sits out).
- ``blind_bid``: see :mod:`kozyr.games.thousand.actions`.  A blind that stands keeps the talon
  hidden; the blind declarer sees his hand again once the bidding is over.  A barrel player
  who is the forced bidder opens with C and has no blind choice.
- Barrel, ``barrel_bidding`` off: the first barrel seat clockwise from the forced bidder is
  declarer at C; nobody bids.  A barrel player's automatic C is allowed whatever his marriage
  cap says, and keeping C as the contract is always allowed.
- A player ``trading_in_red`` who is the forced bidder still makes the forced bid; his later
  turns are automatic passes.
- ``redeal_poor_talon``: the declarer may say ``redeal`` in the talon phase before he gives or
  discards any card (two players: after ``take P``, the pile taken is the talon).
- Two players: the pile taken is shown to the opponent unless a talon would stay hidden (a
  blind that stands, ``hide_talon_on_forced_100``); the other pile is out of play, so a
  played deal's tricks plus the declarer's discards hold 120 less that pile's points.
- ``redeal_when`` = ``after_pass``: eligibility is judged on the 8 cards each then holds (two
  players: the 10 after the discards); with ``before_bidding`` on the 7 (10) dealt.
- ``declarer_names_trump`` (501): the contract phase opens with ``trump S`` (or ``writeoff``);
  ``contract N`` follows.  Marriages score their value and never change the trump.
- Seeded dealing: deal ``i`` of a match with seed ``s`` is the deck shuffled by the bits of
  BLAKE2b(``"s:i"``) (:func:`kozyr.games.thousand.deal.hashed_deck`), dealt as deal.py says.
- ``no_shuffle``: the first deck of the match is shuffled from the seed; each later deck is the
  previous deal's cards gathered in trick order (then the cards not played: hands in seat
  order, talon, piles, discards, each low card first) and cut at a point drawn from the seed.
- ``cut_ritual`` (seeded dealing only): the seat left of the dealer cuts; a nine at the bottom
  is shown and he cuts again; the third nine in a row costs him 120 and the deck is dealt as it
  lies; a jack at the bottom makes the dealer cut once himself.  ``DealOutcome`` has no field
  for the 120, so it does not reach the score sheet: the engine keeps the penalties in
  :attr:`ThousandMatch.cut_penalties` (``[deal_index, seat, 120]``) and shows them in the
  observation.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import add
from typing import Any

from kozyr.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    SUIT_MASK,
    SUIT_SYMBOLS,
    cards_of,
    format_card,
)
from kozyr.core.errors import IllegalActionError
from kozyr.core.match import Match
from kozyr.core.sheet import DealRow
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import (
    ABOVE,
    ACES_MASK,
    BYTE_POINTS,
    KINGS_MASK,
    KQ_MASK,
    NINES_MASK,
    POINTS,
    card_points,
    legal_follow,
    marriage_value,
    marriages_value,
)
from kozyr.games.thousand.cardplay import (
    ACE_MARRIAGE_VALUE as ACE_MARRIAGE_VALUE,
)
from kozyr.games.thousand.cardplay import (
    marriage_kings as marriage_kings,
)
from kozyr.games.thousand.deal import (
    DealtCards,
    active_seats,
    cut,
    deal_deck,
    hashed_deal,
    hashed_deck,
    hashed_int,
    parse_dealt,
    shuffled_deck,
)
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import (
    DealOutcome,
    MatchScore,
    barrel_seats,
    may_write_off,
    passes_in_red,
    score_deal,
    score_simple,
)

# -- phases --------------------------------------------------------------------------------
P_DEAL, P_REDEAL, P_BIDDING, P_TALON, P_CONTRACT, P_PLAY, P_OVER = range(7)
PHASE_NAMES = ("deal", "redeal", "bidding", "talon", "contract", "play", "over")

# -- card tables (the rules' own tables: kozyr.games.thousand.cardplay) ---------------------
#: The suit (0..3) of each card and its bit.
SUIT_OF: tuple[int, ...] = tuple(c >> 3 for c in range(32))
BIT: tuple[int, ...] = tuple(1 << c for c in range(32))
_NOT_BIT: tuple[int, ...] = tuple(~(1 << c) for c in range(32))

POOR_TALON = 5

_BYTE_POINTS = BYTE_POINTS


def _half_lists(offset: int) -> dict[int, tuple[int, ...]]:
    """Return the cards (low first) of each 16-bit half of a hand, keyed by the half's bits.

    Only the Thousand cards (9 to A) of the two suits of the half can be set: 4096 entries.
    """
    places = [s * 8 + r for s in (0, 1) for r in range(NINE, ACE + 1)]
    out = {}
    for bits in range(1 << len(places)):
        chosen = [p for i, p in enumerate(places) if bits >> i & 1]
        out[sum(1 << p for p in chosen)] = tuple(p + offset for p in chosen)
    return out


#: ``[*_HALF_LO[m & 0xFFFF], *_HALF_HI[m >> 16]]``: the cards of ``m``, low first, as a new
#: list.  (Tuples: compact, and the garbage collector stops tracking them.)
_HALF_LO: dict[int, tuple[int, ...]] = _half_lists(0)
_HALF_HI: dict[int, tuple[int, ...]] = _half_lists(16)


def _suit_lists() -> dict[int, list[int]]:
    """Return the cards (low first) of every non-empty set of Thousand cards of one suit, keyed
    by its mask: 4 x 63 lists."""
    out = {}
    for s in range(4):
        for bits in range(1, 64):
            cards = [s * 8 + NINE + r for r in range(6) if bits >> r & 1]
            out[sum(1 << c for c in cards)] = cards
    return out


#: The legal cards of a player following (or trumping): a set of cards of one suit, whose list
#: ``legal_actions`` hands out shared: never to be mutated.  The legal cards of a player who can
#: neither follow nor trump are his whole hand, built fresh (those rarely come back).
_SUIT_LISTS: dict[int, list[int]] = _suit_lists()

#: Cached bidding and contract lists (never to be mutated): see ``_bid_list``.
_AMOUNT_LISTS: dict[int, list[int]] = {}
#: ``_GIVES[2 * seat + half][bits]``: the actions ``give seat c`` for the cards ``c`` of one
#: 16-bit half of a hand (0: low, 1: high), cached as they come (at most 8 x 4096 tuples,
#: which the garbage collector stops tracking).
_GIVES: tuple[dict[int, tuple[int, ...]], ...] = tuple({} for _ in range(8))


def _give_list(seat: int, hand: int) -> list[int]:
    """Return the actions ``give seat c`` for every card ``c`` of ``hand``, low first (a new
    list)."""
    table = _GIVES[2 * seat]
    lo = table.get(hand & 0xFFFF)
    if lo is None:
        base = A.GIVE + 32 * seat
        lo = table[hand & 0xFFFF] = tuple([base + c for c in _HALF_LO[hand & 0xFFFF]])
    table = _GIVES[2 * seat + 1]
    hi = table.get(hand >> 16)
    if hi is None:
        base = A.GIVE + 32 * seat
        hi = table[hand >> 16] = tuple([base + c for c in _HALF_HI[hand >> 16]])
    return [*lo, *hi]


def _lead_list(hand: int, ace_marriage: bool) -> list[int]:
    """Return the leads from ``hand`` when marriages may be declared (a new list): every card,
    then ``play Q marriage`` and ``play K marriage`` of each marriage held (low suit first),
    then the four aces' declarations if ``ace_marriage`` and all four are held.
    """
    lst = [*_HALF_LO[hand & 0xFFFF], *_HALF_HI[hand >> 16]]
    kings = hand & (hand << 1) & KINGS_MASK
    while kings:
        k = (kings & -kings).bit_length() - 1
        lst.append(A.MARRIAGE + k - 1)  # the queen
        lst.append(A.MARRIAGE + k)
        kings &= kings - 1
    if ace_marriage and hand & ACES_MASK == ACES_MASK:
        lst.extend(A.MARRIAGE + s * 8 + ACE for s in range(4))
    return lst


def _bid_list(bid: int, cap: int, step: int) -> list[int]:
    """Return the (cached, never to be mutated) bidding choices over ``bid`` up to ``cap``:
    ``pass``, then each bid a multiple of ``step`` above ``bid``."""
    key = bid * 0x1000000 + cap * 0x1000 + step  # amounts are below 4096 (max_bid <= 1000)
    lst = _AMOUNT_LISTS.get(key)
    if lst is None:
        lst = [A.PASS, *range(A.BID + (bid // step + 1) * step, A.BID + cap + 1, step)]
        _AMOUNT_LISTS[key] = lst  # bounded: a few thousand keys at most
    return lst


def _contract_list(bid: int, cap: int, step: int, writeoff: bool) -> list[int]:
    """Return the (cached, never to be mutated) contract choices after a bid of ``bid`` up to
    ``cap``: the bid itself, each multiple of ``step`` above it, then ``writeoff`` if allowed."""
    key = (2 << 40 if writeoff else 1 << 40) + bid * 0x1000000 + cap * 0x1000 + step
    lst = _AMOUNT_LISTS.get(key)
    if lst is None:
        lst = [A.CONTRACT + bid,
               *range(A.CONTRACT + (bid // step + 1) * step, A.CONTRACT + cap + 1, step)]
        if writeoff:
            lst.append(A.WRITEOFF)
        _AMOUNT_LISTS[key] = lst
    return lst


#: The card points of a hand (:func:`kozyr.games.thousand.cardplay.card_points`).
hand_points = card_points


def hand_cap(hand: int, rules: ThousandRules) -> int:
    """Return the highest bid or contract ``hand`` allows: 120 + its marriages, <= max_bid."""
    return _cap(hand, rules.marriages, rules.ace_marriage, rules.max_bid)


def _cap(hand: int, values: tuple[int, int, int, int], ace: bool, max_bid: int) -> int:
    """Return 120 + the marriages ``hand`` holds, at most ``max_bid``."""
    c = 120 + marriages_value(hand, values, ace)
    return c if c < max_bid else max_bid


_CAP_TABLES: dict[tuple[tuple[int, int, int, int], int], dict[int, int]] = {}


def _cap_table(values: tuple[int, int, int, int], max_bid: int) -> dict[int, int]:
    """Return the cap of a hand by its marriage kings (:func:`marriage_kings`), no ace marriage."""
    key = (values, max_bid)
    table = _CAP_TABLES.get(key)
    if table is None:
        table = {}
        for bits in range(16):
            kings = sum(1 << (s * 8 + KING) for s in range(4) if bits >> s & 1)
            table[kings] = _cap(kings | kings >> 1, values, False, max_bid)
        _CAP_TABLES[key] = table
    return table


_SEAT_TABLES: dict[tuple[int, bool], list[tuple[list[int], list[int], int]]] = {}


def _seat_tables(players: int, dealer_forced: bool) -> list[tuple[list[int], list[int], int]]:
    """Return, per dealer, the active seats, each seat's next active seat and the forced
    bidder (never to be mutated: copy them)."""
    key = (players, dealer_forced)
    tables = _SEAT_TABLES.get(key)
    if tables is None:
        tables = []
        for dealer in range(players):
            act = active_seats(players, dealer)
            nxt = [0] * players
            for i, s in enumerate(act):
                nxt[s] = act[(i + 1) % len(act)]
            forced = dealer if dealer_forced and players != 4 else act[0]
            tables.append((act, nxt, forced))
        _SEAT_TABLES[key] = tables
    return tables


def _entry(seat: int, action: int, auto: bool) -> int:
    return (action << 3) | (seat << 1) | int(auto)


_FORCED_100 = _entry(0, A.BID + 100, True)  # | seat << 1: the automatic forced 100


class ThousandMatch(Match):
    """A match of Thousand: deals until someone wins (rules/thousand.md).

    ``apply(action, seat=None)`` and ``why_illegal(action, seat=None)`` accept the acting seat
    as an option: a server passes it so that acting out of turn is refused ("it is seat 2's
    turn").

    >>> m = ThousandMatch(ThousandRules.from_preset("classic"), seed=1, first_dealer=0)
    >>> m.deal({"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
    ...                   "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C"})
    >>> m.phase, m.current_player(), m.legal_texts()[:3]
    ('bidding', 2, ['pass', 'bid 105', 'bid 110'])
    >>> m.apply("bid 205")
    Traceback (most recent call last):
    ...
    kozyr.core.errors.IllegalActionError: bid 205: bid 205 is above your cap of 200 (marriages ♦)
    """

    GAME = "thousand"
    RULES = ThousandRules
    #: Every attribute lives in a slot (faster to read and write than an instance dict):
    #: a new attribute must be added here (the doctest of :meth:`clone` checks that none is
    #: left in ``__dict__``).
    __slots__ = ("_ace_marriage", "_active", "_auto_bids", "_barrel", "_barrel_done", "_best",
                 "_best_led", "_best_seat", "_bid", "_blind", "_blind_pending", "_cap_of",
                 "_caps", "_contract", "_deal_index", "_dealer", "_deals", "_deck", "_declarer",
                 "_discards", "_first_marriage", "_fixed_trump", "_forced", "_given", "_hands",
                 "_high", "_last_trick", "_leader", "_led", "_log", "_marriage_points",
                 "_marriage_values", "_marriages", "_max_bid", "_must_beat", "_n", "_n_active",
                 "_n_tricks", "_nxt", "_passed", "_phase", "_piles", "_plain_deck", "_played",
                 "_raised", "_redeal_after", "_redeal_after_pass", "_redeal_before",
                 "_redeal_queue", "_rules_json", "_seats", "_size", "_step", "_taken",
                 "_taken_pile", "_talon", "_talon_shown", "_to_act", "_to_give", "_trick",
                 "_trick_no", "_tricks", "_trump", "_writeoff_ok", "cut_penalties",
                 "first_dealer", "resample_consistent", "rules", "score", "seed")

    rules: ThousandRules

    def __init__(self, rules: ThousandRules, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self._rules_json: str | dict[str, Any] | None = None  # see rules_json
        n = rules.players
        if first_dealer is None:
            first_dealer = random.Random(f"{seed}:lot").randrange(n)
        if not 0 <= first_dealer < n:
            raise ValueError(f"first_dealer must be a seat from 0 to {n - 1}, not {first_dealer}")
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
        self._cap_of = _cap_table(self._marriage_values, self._max_bid)
        self._seats = _seat_tables(n, rules.forced_bidder == "dealer")
        self._redeal_before = rules.redeal and rules.redeal_when == "before_bidding"
        self._redeal_after_pass = rules.redeal and rules.redeal_when == "after_pass"
        self._plain_deck = not (rules.no_shuffle or rules.cut_ritual)
        self.score = MatchScore.new(rules)
        self._deal_index = 0
        self._dealer = first_dealer
        self._phase = P_DEAL
        #: Finished and current deals: (dealt cards, action log) — see :meth:`record_deals`.
        self._deals: list[tuple[DealtCards, list[int]]] = []
        self._deck: list[int] | None = None  # no_shuffle: the deck the next deal is cut from
        #: ``cut_ritual`` penalties that the score sheet cannot carry: [deal_index, seat, 120].
        self.cut_penalties: list[list[int]] = []
        #: False on a resample that could not meet what the bids showed (see observer.py).
        self.resample_consistent = True
        self._hands = [0] * n
        self._piles = [0, 0]
        self._active: list[int] = []
        self._n_active = 0
        self._nxt = [0] * n
        self._caps = [0] * n  # each seat's cap during the bidding (the hands do not change)
        self._reset_deal_state()

    @property
    def rules_json(self) -> str | dict[str, Any]:
        """Return the rules' record form (computed once, when first asked: observations carry
        it)."""
        j = self._rules_json
        if j is None:
            j = self._rules_json = self.rules.to_json()
        return j

    # -- per-deal state ----------------------------------------------------------------------
    def _reset_deal_state(self) -> None:
        """Reset what a deal changes (but the hands, piles and seats, which ``_start_deal``
        sets, and the caps, which ``_start_bidding`` sets)."""
        n = self._n
        self._talon = 0
        self._taken_pile = -1
        self._log: list[int] = []
        self._to_act = -1
        # redeal round
        self._redeal_queue: list[int] = []
        self._redeal_after = False
        self._writeoff_ok = False  # may the declarer write off (fixed once he is known)
        # bidding
        self._forced = -1
        self._bid = 0
        self._high = -1
        self._passed = [False] * n
        self._raised = False
        self._blind_pending = False
        self._blind = False
        self._barrel: list[int] = []
        self._barrel_done: list[int] = []
        self._auto_bids = False  # a barrel seat bids, or trading_in_red passes for a seat
        # talon, contract
        self._declarer = -1
        self._talon_shown = False
        self._to_give: list[int] = []
        self._given: list[tuple[int, int]] = []
        self._discards = 0
        self._contract = 0
        self._trump = -1
        # play
        self._trick_no = 0
        self._trick: list[int] = []
        self._leader = -1
        self._led = -1
        self._best = -1
        self._best_seat = -1
        self._best_led = -1
        self._taken = [0] * n
        self._tricks = [0] * n
        self._marriage_points = [0] * n
        self._marriages: list[tuple[int, int]] = []
        self._last_trick: tuple[list[int], int, int] | None = None
        self._played: list[int] = []  # cards in play order, for no_shuffle gathering

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
        if cards is not None:
            dealt = parse_dealt(cards, self._n, self._dealer)
        elif self._plain_deck:
            if rng is not None:
                dealt = deal_deck(shuffled_deck(rng), self._n, self._dealer)
            else:
                dealt = hashed_deal(f"{self.seed}:{self._deal_index}", self._n, self._dealer)
        else:
            dealt = deal_deck(self._next_deck(rng), self._n, self._dealer)
        self._start_deal(dealt)

    def _next_deck(self, rng: random.Random | None) -> list[int]:
        """Return the deck of the next deal: from ``rng``, or the seed and deal index."""
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
        if rules.cut_ritual:
            deck = self._cut_ritual(deck, rng if rng is not None
                                    else random.Random(key + ":ritual"))
        return deck

    def _cut_ritual(self, deck: list[int], rng: random.Random) -> list[int]:
        cutter = active_seats(self._n, self._dealer)[0]
        nines = 0
        while True:
            deck = cut(deck, rng.randrange(1, len(deck)))
            bottom = deck[-1] & 7
            if bottom == NINE:
                nines += 1
                if nines == 3:
                    self.cut_penalties.append([self._deal_index, cutter, 120])
                    return deck
                continue
            if bottom == JACK:  # a jack: the dealer cuts once himself
                deck = cut(deck, rng.randrange(1, len(deck)))
            return deck

    def _start_deal(self, dealt: DealtCards) -> None:
        self._reset_deal_state()
        self._deals.append((dealt, self._log))
        hands = self._hands = list(dealt.hands)
        self._talon = dealt.talon
        self._piles = list(dealt.piles)
        act, nxt, self._forced = self._seats[self._dealer]
        self._active = list(act)
        self._n_active = len(act)
        self._nxt = list(nxt)
        if self._redeal_before:
            below = self.rules.redeal_below
            bp = _BYTE_POINTS
            queue = []
            for s in act:  # eligible(hands[s]), inlined
                h = hands[s]
                if (h & NINES_MASK == NINES_MASK or bp[h & 255] + bp[h >> 8 & 255]
                        + bp[h >> 16 & 255] + bp[h >> 24 & 255] < below):
                    queue.append(s)
            if queue:
                self._redeal_queue = queue
                self._phase = P_REDEAL
                self._to_act = queue[0]
                return
        self._start_bidding()

    def _eligible(self, seat: int) -> bool:
        return self.eligible(self._hands[seat])

    def eligible(self, hand: int) -> bool:
        """Return True if ``hand`` may ask for a redeal: four nines, or under redeal_below."""
        return (hand & NINES_MASK) == NINES_MASK or hand_points(hand) < self.rules.redeal_below

    # -- bidding -----------------------------------------------------------------------------
    def _start_bidding(self) -> None:
        self._phase = P_BIDDING
        rules = self.rules
        if self._ace_marriage:
            self._caps = [self.hand_cap(h) for h in self._hands]
        else:
            cap_of = self._cap_of
            caps = self._caps = []
            for h in self._hands:
                caps.append(cap_of[h & (h + h) & KINGS_MASK])  # h + h: h << 1
        act = self._active
        if rules.barrel and True in self.score.on_barrel:
            self._barrel = [s for s in barrel_seats(rules, self.score) if s in act]
        barrel = self._barrel
        self._auto_bids = bool(barrel) or rules.trading_in_red is not None
        f = self._forced
        C = rules.barrel_contract if barrel else 0
        if barrel and not rules.barrel_bidding:
            order = act[act.index(f):] + act[:act.index(f)]
            decl = next(s for s in order if s in barrel)
            self._bid = C
            self._high = decl
            self._log.append(_entry(decl, A.bid(C), True))
            for s in act:
                if s != decl:
                    self._passed[s] = True
            self._end_bidding()
            return
        if f in barrel:
            self._barrel_done.append(f)
            self._bid = C
            self._high = f
            self._log.append(_entry(f, A.bid(C), True))
        elif rules.blind_bid:
            self._blind_pending = True
            self._to_act = f
            return
        else:
            self._bid = 100
            self._high = f
            self._log.append(_FORCED_100 | (f << 1))
        self._next_bidder(self._nxt[f])

    def _next_bidder(self, s: int) -> None:
        """Give the turn to the next bidder from ``s`` on, applying automatic actions."""
        passed = self._passed
        need = self._n_active - 1
        if not self._auto_bids:  # no automatic actions
            if passed.count(True) >= need:
                self._end_bidding()
                return
            nxt = self._nxt
            while passed[s]:
                s = nxt[s]
            self._to_act = s
            return
        rules = self.rules
        while True:
            if sum(passed) >= need:
                self._end_bidding()
                return
            if passed[s]:
                s = self._nxt[s]
                continue
            if rules.trading_in_red is not None and passes_in_red(rules, self.score, s):
                passed[s] = True
                self._log.append(_entry(s, A.PASS, True))
                s = self._nxt[s]
                continue
            if s in self._barrel and s not in self._barrel_done:
                self._barrel_done.append(s)
                C = rules.barrel_contract
                if self._bid < C:
                    self._raise_bid(s, C)
                    self._log.append(_entry(s, A.bid(C), True))
                    s = self._nxt[s]
                    continue
            self._to_act = s
            return

    def _raise_bid(self, seat: int, amount: int) -> None:
        self._bid = amount
        self._high = seat
        self._raised = True
        self._blind = False

    def _end_bidding(self) -> None:
        passed = self._passed
        decl = -1
        for decl in self._active:
            if not passed[decl]:
                break
        self._declarer = decl
        rules = self.rules
        score = self.score
        # may_write_off(rules, score, decl) is None, inlined
        self._writeoff_ok = (rules.allow_writeoff and rules.writeoff_limit != 0
                             and score.winner is None
                             and score.writeoffs[decl] < rules.writeoff_limit
                             and not (rules.barrel and True in score.on_barrel))
        self._high = decl
        self._phase = P_TALON
        self._to_act = decl
        hide = self._blind or (self._bid == 100 and not self._raised
                               and rules.hide_talon_on_forced_100)
        self._talon_shown = not hide
        if self._n == 2:
            return  # he chooses a pile: take P (shown to the opponent unless hidden)
        self._hands[decl] |= self._talon
        to_give = self._to_give = list(self._active)
        to_give.remove(decl)

    def cap(self, seat: int) -> int:
        """Return the highest bid or contract ``seat``'s hand allows: 120 + his marriages."""
        return self.hand_cap(self._hands[seat])

    def hand_cap(self, hand: int) -> int:
        """Return the highest bid or contract ``hand`` allows at this table."""
        if self._ace_marriage:
            return _cap(hand, self._marriage_values, True, self._max_bid)
        return self._cap_of[hand & (hand << 1) & KINGS_MASK]

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
            return h
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
                    return _SUIT_LISTS[f & ABOVE[self._best_led]]
                return _SUIT_LISTS[f]
            t = self._trump
            if t >= 0 and h & SUIT_MASK[t]:
                return _SUIT_LISTS[h & SUIT_MASK[t]]
            return [*_HALF_LO[h & 0xFFFF], *_HALF_HI[h >> 16]]  # neither follow nor trump
        ph = self._phase
        if ph == P_PLAY:  # a lead
            h = self._hands[self._to_act]
            if (self._trick_no or self._first_marriage) and (
                    h & (h + h) & KINGS_MASK or self._ace_marriage):  # h + h: h << 1
                return _lead_list(h, self._ace_marriage)
            return [*_HALF_LO[h & 0xFFFF], *_HALF_HI[h >> 16]]  # a lead: rarely twice the same
        if ph == P_BIDDING:
            if self._blind_pending:
                return [A.BLIND, A.bid(100)]
            bid = self._bid
            cap = self._caps[self._to_act]
            lst = _AMOUNT_LISTS.get(bid * 0x1000000 + cap * 0x1000 + self._step)
            return lst if lst is not None else _bid_list(bid, cap, self._step)
        if ph == P_TALON:
            return self._talon_actions()
        if ph == P_CONTRACT:
            if self._fixed_trump and self._trump < 0:
                out = [A.TRUMP + s for s in range(4)]
                if self._writeoff_ok:
                    out.append(A.WRITEOFF)
                return out
            h = self._hands[self._declarer]
            cap = (self.hand_cap(h) if self._ace_marriage
                   else self._cap_of[h & (h + h) & KINGS_MASK])
            return _contract_list(self._bid, cap, self._step, self._writeoff_ok)
        if ph == P_REDEAL:
            return [A.REDEAL, A.KEEP]
        return []

    def _poor_talon(self) -> bool:
        """Return True if the declarer may demand a redeal for a poor talon now."""
        if not self.rules.redeal_poor_talon or self._bid != 100 or self._raised:
            return False
        if self._n == 2:
            if self._taken_pile < 0 or self._discards:
                return False
            return hand_points(self._piles[self._taken_pile]) < POOR_TALON
        if self._given:
            return False
        return hand_points(self._talon) < POOR_TALON

    def _talon_actions(self) -> list[int]:
        d = self._declarer
        if self._n == 2 and self._taken_pile < 0:
            return [A.TAKE, A.TAKE + 1]
        h = self._hands[d]
        if self._n == 2:
            out = [A.DISCARD + c for c in (*_HALF_LO[h & 0xFFFF], *_HALF_HI[h >> 16])]
        else:
            to_give = self._to_give
            out = _give_list(to_give[0], h)
            if len(to_give) == 2:
                out += _give_list(to_give[1], h)
        if self._writeoff_ok:
            out.append(A.WRITEOFF)
        if self.rules.redeal_poor_talon and self._poor_talon():
            out.append(A.REDEAL)
        return out

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
                    self._blind_pending = False
                    self._bid = amount
                    self._high = seat
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
        elif action < 64:
            self._lead_marriage(seat, action - A.MARRIAGE)
        elif action < 96:
            self._discard(action - A.DISCARD)
        elif action < 224:
            x = action - A.GIVE
            self._give(x >> 5, x & 31)
        elif action == A.BLIND:
            self._blind_pending = False
            self._blind = True
            self._bid = 120
            self._high = seat
            self._next_bidder(self._nxt[seat])
        elif action == A.REDEAL:
            self._finish_deal("redeal")
        elif action == A.KEEP:
            self._keep()
        elif action == A.WRITEOFF:
            self._finish_deal("writeoff")
        elif action < A.TRUMP:
            self._take(action - A.TAKE)
        else:
            self._trump = action - A.TRUMP

    def _keep(self) -> None:
        q = self._redeal_queue
        q.pop(0)
        if q:
            self._to_act = q[0]
        elif self._redeal_after:
            self._start_contract()
        else:
            self._start_bidding()

    def _take(self, p: int) -> None:
        self._taken_pile = p
        self._hands[self._declarer] |= self._piles[p]

    def _discard(self, c: int) -> None:
        self._hands[self._declarer] &= ~(1 << c)
        self._discards |= 1 << c
        if self._discards.bit_count() == 2:
            self._after_talon()

    def _give(self, to: int, c: int) -> None:
        self._hands[self._declarer] &= _NOT_BIT[c]
        self._hands[to] |= BIT[c]
        self._given.append((to, c))
        self._to_give.remove(to)
        if not self._to_give:
            self._after_talon()

    def _after_talon(self) -> None:
        if self._redeal_after_pass:
            d = self._declarer
            order = [self._nxt[d]]
            while order[-1] != d:
                order.append(self._nxt[order[-1]])
            queue = [s for s in order if self._eligible(s)]
            if queue:
                self._redeal_after = True
                self._redeal_queue = queue
                self._phase = P_REDEAL
                self._to_act = queue[0]
                return
        self._start_contract()

    def _start_contract(self) -> None:
        self._phase = P_CONTRACT
        self._to_act = self._declarer

    # -- play ----------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self._phase = P_PLAY
        self._to_act = self._leader = self._declarer

    def _declare(self, seat: int, c: int) -> None:
        s = c >> 3
        self._marriage_points[seat] += marriage_value(c, self._marriage_values)
        self._marriages.append((seat, s))
        if not self._fixed_trump:
            self._trump = s

    def _lead_marriage(self, seat: int, c: int) -> None:
        """Lead ``c`` declaring its marriage (a declaration is always a lead)."""
        self._declare(seat, c)
        self._hands[seat] &= ~(1 << c)
        self._trick.append(c)
        self._led = c >> 3
        self._best = self._best_led = c
        self._best_seat = seat
        self._to_act = self._nxt[seat]

    # -- the end of a deal ---------------------------------------------------------------------
    def outcome(self, kind: str) -> DealOutcome:
        """Return the DealOutcome of the open deal ending now as ``kind``."""
        n = self._n
        zeros = (0,) * n
        dealer = self._dealer
        sitting = dealer if n == 4 else None
        talon_marriage = 0
        if n == 4 and self.rules.dealer_scores_talon and kind != "redeal":
            t = self._talon
            talon_marriage = sum(v for s, v in enumerate(self._marriage_values)
                                 if t & KQ_MASK[s] == KQ_MASK[s])
        if kind == "redeal":
            return DealOutcome(dealer, "redeal", None, None, None, zeros, zeros,
                               sitting_out=sitting)
        d = self._declarer
        if kind == "writeoff":
            return DealOutcome(dealer, "writeoff", d, self._bid, None, zeros, zeros,
                               blind=self._blind, sitting_out=sitting,
                               talon_marriage=talon_marriage)
        points = [self._taken[s] + self._marriage_points[s] for s in range(n)]
        if n == 2:
            points[d] += hand_points(self._discards)
        return DealOutcome(dealer, "played", d, self._bid, self._contract, tuple(points),
                           tuple(self._tricks), blind=self._blind, sitting_out=sitting,
                           talon_marriage=talon_marriage)

    def _finish_deal(self, kind: str) -> None:
        rules = self.rules
        if rules.no_shuffle:
            self._deck = self._gathered()
        n = self._n
        score = self.score
        row = None
        if kind != "redeal" and n != 4:
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
        if kind != "redeal":
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

    def apply(self, action: int | str, seat: int | None = None) -> int:
        """Check and apply an action (text or int) of ``seat`` (default: the seat to act).

        Raise :class:`IllegalActionError` saying why, and change nothing, if it is illegal.
        """
        if seat is not None and self.current_player() is not None and seat != self._to_act:
            raise IllegalActionError(f"it is seat {self._to_act}'s turn, not seat {seat}'s")
        return super().apply(action)

    def why_illegal(self, action: int, seat: int | None = None) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        if self._to_act < 0:
            return "the match is over" if self._phase == P_OVER else "no deal is under way"
        if seat is not None and seat != self._to_act:
            return f"it is seat {self._to_act}'s turn"
        if action in self.legal_actions():
            return None
        return self._explain(action)

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

    # -- hidden information --------------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready.

        See :func:`kozyr.games.thousand.observer.observation` for the keys.
        """
        from kozyr.games.thousand.observer import observation
        return observation(self, seat)

    def resample(self, seat: int, rng: random.Random) -> ThousandMatch:
        """Return a copy whose cards hidden from ``seat`` are dealt again, consistently."""
        from kozyr.games.thousand.observer import resample
        out = resample(self, seat, rng)
        # Earlier deals' records hold cards this seat never saw (write-offs, discards, the
        # unused pile): a sample keeps only the open deal, whose hidden cards were redealt.
        out._deals = out._deals[-1:] if self._phase not in (0, 6) else []
        return out

    def clone(self) -> ThousandMatch:
        """Return an independent copy.

        >>> m = ThousandMatch(ThousandRules.from_preset("classic"), seed=3)
        >>> m.deal()
        >>> c = m.clone()
        >>> c.legal_actions() == m.legal_actions() and c._hands == m._hands
        True
        >>> c._hands is m._hands, m.__dict__, c.__dict__  # every attribute is in a slot
        (False, {}, {})
        """
        m = ThousandMatch.__new__(ThousandMatch)
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

    # -- helpers for observer/explain -------------------------------------------------------
    def log(self) -> list[tuple[int, int, bool]]:
        """Return this deal's actions as (seat, action, automatic), automatic ones included."""
        return [((e >> 1) & 3, e >> 3, bool(e & 1)) for e in self._log]


    # -- why an action is illegal ------------------------------------------------------------
    def _explain(self, action: int) -> str:
        """Return why ``action`` (not among the legal ones) is illegal, in a sentence."""
        try:
            text = A.action_to_text(action)
        except ValueError:
            return "it is no Thousand action"
        word = text.split()[0]
        ph = self._phase
        seat = self._to_act
        phase = PHASE_NAMES[ph]
        expected = {
            P_REDEAL: "say redeal or keep",
            P_BIDDING: "bid or pass",
            P_TALON: ("take a pile" if self._n == 2 and self._taken_pile < 0 else
                      "discard a card" if self._n == 2 else "give a card to each opponent"),
            P_CONTRACT: ("name the trump" if self._fixed_trump and self._trump < 0
                         else "announce the contract"),
            P_PLAY: "play a card",
        }[ph]
        wrong_phase = f"'{word}' is not possible in the {phase} phase: {expected}"
        h = self._hands[seat]
        if word == "play":
            if ph != P_PLAY:
                return wrong_phase
            c = action & 31
            if not h >> c & 1:
                return f"you do not hold {format_card(c)}"
            if action >= A.MARRIAGE:
                return self._explain_marriage(c)
            return self._explain_follow(c)
        if word in ("bid", "pass", "blind"):
            if ph != P_BIDDING:
                return wrong_phase
            if self._blind_pending:
                return "you are the forced bidder: say blind (120 blind) or bid 100"
            if word == "blind":
                return "the blind 120 is only for the forced bidder's opening"
            n = action - A.BID
            return self._explain_amount("bid", n, self._bid, strictly_above=True)
        if word == "contract":
            if ph != P_CONTRACT:
                return wrong_phase
            if self._fixed_trump and self._trump < 0:
                return "name the trump first (trump S, C, D or H)"
            return self._explain_amount("contract", action - A.CONTRACT, self._bid,
                                        strictly_above=False)
        if word == "trump":
            if not self._fixed_trump:
                return "the declarer names no trump at this table (trump comes from marriages)"
            if ph != P_CONTRACT:
                return wrong_phase
            return f"the trump is already {SUIT_SYMBOLS[self._trump]}"
        if word == "writeoff":
            if ph not in (P_TALON, P_CONTRACT):
                return wrong_phase
            if self._n == 2 and self._taken_pile < 0:
                return "take a pile of the talon before writing off"
            if not self.rules.allow_writeoff:
                return "write-offs are off at this table"
            why = may_write_off(self.rules, self.score, self._declarer)
            return why or "you may not write off now"
        if word in ("redeal", "keep"):
            if ph == P_TALON and word == "redeal":
                if not self.rules.redeal_poor_talon:
                    return "a poor talon gives no redeal at this table"
                if self._bid != 100 or self._raised:
                    return "only a declarer at the forced 100 may demand a redeal for the talon"
                if self._given or self._discards:
                    return "a redeal for a poor talon must come before giving or discarding"
                return f"the talon is worth {POOR_TALON} points or more"
            return wrong_phase
        if word == "take":
            if ph != P_TALON or self._n != 2:
                return ("only two players take a pile" if self._n != 2 else wrong_phase)
            return "you have already taken a pile"
        if word == "give":
            if ph != P_TALON or self._n == 2:
                return "only the declarer gives cards, after the bidding" if self._n != 2 \
                    else "two players do not give cards: discard instead"
            x = action - A.GIVE
            to, c = x >> 5, x & 31
            if to == seat or to not in self._active:
                return f"seat {to} is not one of your opponents"
            if to not in self._to_give:
                return f"you have already given seat {to} a card"
            if not h >> c & 1:
                return f"you do not hold {format_card(c)}"
        if word == "discard":
            if ph != P_TALON or self._n != 2:
                return wrong_phase
            if self._taken_pile < 0:
                return "take a pile of the talon first"
            if not h >> (action & 31) & 1:
                return f"you do not hold {format_card(action & 31)}"
        return f"it is not legal now: {expected}"

    def _explain_amount(self, what: str, n: int, current: int, *, strictly_above: bool) -> str:
        seat = self._to_act
        if strictly_above and n <= current:
            return f"bid {n} is not above the current bid of {current}"
        if not strictly_above and n < current:
            return f"the contract must be at least your bid of {current}"
        if n % self._step:
            return f"{what} {n} is not a multiple of {self._step}"
        if n > self._max_bid:
            return f"{what} {n} is above the table's maximum of {self._max_bid}"
        cap = self.cap(seat)
        if n > cap:
            h = self._hands[seat]
            held = [SUIT_SYMBOLS[s] for s in range(4) if h & KQ_MASK[s] == KQ_MASK[s]]
            why = "marriages " + " ".join(held) if held else "no marriage"
            return f"{what} {n} is above your cap of {cap} ({why})"
        return f"{what} {n} is not legal now"

    def _explain_marriage(self, c: int) -> str:
        rank = c & 7
        if self._trick:
            return "a marriage is declared only when leading; following is never a declaration"
        if not self._trick_no and not self._first_marriage:
            return "no marriage may be declared on the first trick"
        h = self._hands[self._to_act]
        if rank == ACE:
            if not self._ace_marriage:
                return "four aces are no marriage at this table"
            return "the ace marriage needs all four aces"
        if rank not in (KING, QUEEN):
            return "only a king or a queen (with its partner) declares a marriage"
        partner = c ^ (KING ^ QUEEN)
        if not h >> partner & 1:
            return f"you do not hold {format_card(partner)} to go with {format_card(c)}"
        return "this marriage cannot be declared now"

    def _explain_follow(self, c: int) -> str:
        h = self._hands[self._to_act]
        led = self._led
        f = h & SUIT_MASK[led]
        if f:
            if c >> 3 != led:
                return f"you must follow {SUIT_SYMBOLS[led]}"
            return f"you must beat {format_card(self._best_led)}"
        return f"you must play a trump ({SUIT_SYMBOLS[self._trump]})"


def _slot_copier(names: tuple[str, ...]) -> Callable[[ThousandMatch, ThousandMatch], None]:
    """Return a function that copies the attributes ``names`` of one match to another.

    The function is compiled with one plain assignment per attribute (as ``dataclasses``
    builds its methods): several times faster than a loop of ``setattr``.
    """
    assert all(name.isidentifier() for name in names)
    src = "def copy(a, b):\n" + "".join(f"    b.{name} = a.{name}\n" for name in names)
    namespace: dict[str, Any] = {}
    exec(src, namespace)
    copy: Callable[[ThousandMatch, ThousandMatch], None] = namespace["copy"]
    return copy


#: ``_copy_slots(a, b)``: set every slot of ``b`` to ``a``'s (:meth:`ThousandMatch.clone`).
_copy_slots = _slot_copier(ThousandMatch.__slots__)
