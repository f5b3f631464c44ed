"""The first half of a Thousand deal: the redeal round, the bidding, the talon, the contract.

:class:`Auction` is the base of :class:`kozyr.games.thousand.state.ThousandState` (which deals,
plays and applies actions): it declares every attribute of a match, in slots, and holds the
steps of a deal up to the first lead (rules/thousand.md §3-§5, §11.3, §11.4); the talon's
conventions (buying, the talon redeal, the strike-out) are in
:mod:`kozyr.games.thousand.talon`.  Readings of the rules where the page leaves a choice are
listed in :mod:`kozyr.games.thousand.match`; those of §11:

- Blind (``blind_bid``): a seat may be offered the blind (:func:`~kozyr.games.thousand.scoring.
  may_bid_blind`, not ``trading_in_red``, not in a ``golden_horse_120`` deal; with
  ``blind_bidders`` = ``forced`` only the forced bidder) until he has seen his hand.  He sees it
  when asked ``redeal``/``keep`` before the bidding (§11.P.2: a forced bidder asked then opens
  with the automatic 100), when he says ``look`` or ``bid 100``, at a first turn with the bid at
  120 or more, when his blind is outbid, and when the bidding ends.  Until then his hand is
  hidden from him (the observer asks :meth:`Auction.hand_unseen`).
- ``golden_horse_120``: in a golden-horse deal (:func:`~kozyr.games.thousand.scoring.
  golden_horse_deal`) the forced bidder is declarer at 120 (a barrel bidder: max(120, C)) with
  an automatic ``bid`` in the history and every other seat passed; ``trading_in_red`` and the
  blind are not asked, and the barrel seats do not bid (§11.P.10).
- The barrel bids C only for :func:`~kozyr.games.thousand.scoring.barrel_bidders` (an
  ``accumulate`` barrel seat bids like anyone).
- ``barrel_no_marriages``: a barrel seat's bidding and contract cap is 120 (his C stays
  allowed above it, as his kept bid); in ``accumulate`` he bids up to 120 (§11.7).
"""

from __future__ import annotations

from typing import Any

from kozyr.core.resampling import ResampledMatch
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import KINGS_MASK
from kozyr.games.thousand.deal import DealtCards, redeal_eligible
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.queries import (
    barrel_bidders,
    barrel_seats,
    golden_horse_deal,
    may_bid_blind,
    passes_in_red,
    simple_scoring_ok,
)
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import MatchScore
from kozyr.games.thousand.tables import (
    BIT,
    FORCED_100,
    NOT_BIT,
    P_BIDDING,
    P_CONTRACT,
    P_REDEAL,
    P_TALON,
    entry,
)


class Auction(ResampledMatch):
    """A Thousand match's attributes, and the steps of a deal from the deal to the contract.

    Not a match by itself: :class:`kozyr.games.thousand.match.ThousandMatch` is.  The
    attributes set once per match (by ``ThousandState.__init__``) are declared below; those
    of a deal are set by :meth:`_reset_deal_state`.  Cards are masks, seats ints, -1 none.
    """

    #: Every attribute lives in a slot (faster to read and write than an instance dict): a new
    #: attribute must be added here (the doctest of ``ThousandState.clone`` checks that none
    #: is left in ``__dict__``).
    __slots__ = ("_ace_marriage", "_active", "_auto_bids", "_barrel", "_barrel_done", "_best",  # noqa: RUF023
                 "_best_led", "_best_seat", "_bid", "_blind", "_blind_pending", "_blind_seat",
                 "_buy_queue", "_cap_of", "_caps", "_contract", "_cut_seat", "_deal_index",
                 "_dealer", "_deals", "_deck", "_declarer",
                 # -- the deal's conventions (§11.3-§11.5): auction.py, talon.py
                 "_golden", "_looked", "_sales", "_simple", "_strikeout_ok",
                 "_discards", "_first_marriage", "_fixed_trump", "_forced", "_given", "_hands",
                 "_high", "_last_trick", "_leader", "_led", "_log", "_marriage_points",
                 "_marriage_values", "_marriages", "_max_bid", "_must_beat", "_n", "_n_active",
                 "_n_tricks", "_nxt", "_passed", "_phase", "_piles", "_plain_deck", "_played",
                 "_raised", "_redeal_after", "_redeal_after_pass", "_redeal_before",
                 "_redeal_queue", "_rules_json", "_seats", "_size", "_step", "_taken",
                 "_taken_pile", "_talon", "_talon_shown", "_to_act", "_to_give", "_trick",
                 "_trick_no", "_tricks", "_trump", "_writeoff_ok", "cut_penalties",
                 "first_dealer", "resample_consistent", "rules", "score", "seed",
                 # -- declarations (§11.1, §11.6): declarations.py; per match, then per deal
                 "_decl", "_decl_plain", "_cap_plain", "_decl_suits", "_ace_seat", "_ace_suit")

    rules: ThousandRules
    seed: int
    first_dealer: int
    score: MatchScore
    #: ``cut_ritual`` penalties that the score sheet cannot carry: [deal_index, seat, 120].
    cut_penalties: list[list[int]]
    #: False on a resample that could not meet what the bids showed (see observer.py).
    resample_consistent: bool
    _rules_json: str | dict[str, Any] | None  # see rules_json
    _n: int  # players
    _size: int  # cards dealt to each hand
    _n_tricks: int  # tricks in a deal
    _step: int  # bid_step
    _max_bid: int
    _marriage_values: tuple[int, int, int, int]
    _ace_marriage: bool
    _must_beat: bool
    _first_marriage: bool  # marriage_on_first_trick
    _fixed_trump: bool  # declarer_names_trump
    _cap_of: dict[int, int]  # cap by marriage kings (tables.cap_table)
    _seats: list[tuple[list[int], list[int], int]]  # per dealer (tables.seat_tables)
    _redeal_before: bool
    _redeal_after_pass: bool
    _plain_deck: bool  # neither no_shuffle nor cut_ritual: a seeded deal is hashed_deal
    _deal_index: int
    _dealer: int
    _phase: int  # tables.P_*
    #: Finished and current deals: (dealt cards, action log) — see ``record_deals``.
    _deals: list[tuple[DealtCards, list[int]]]
    _deck: list[int] | None  # no_shuffle: the deck the next deal is cut from
    _hands: list[int]
    _piles: list[int]  # two players: the talon's piles
    _active: list[int]  # the seats dealt in, from the dealer's left
    _n_active: int
    _nxt: list[int]  # each active seat's next active seat
    _caps: list[int]  # each seat's cap during the bidding (the hands do not change)
    # -- declarations (§11.1, §11.6): set by ThousandState.__init__
    _decl: Declarations  # the table's declaration rules (declarations.py)
    _decl_plain: bool  # Declarations.plain: the leads of §6 (tables.lead_list)
    _cap_plain: bool  # Declarations.plain_cap: the cap by marriage kings (tables.cap_table)
    _simple: bool  # scoring.simple_scoring_ok(rules): score_simple may score the deals

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
        self._looked: tuple[bool, ...] = (True,) * n  # has each seat seen his hand (blind)
        self._blind_seat = -1  # who bid the blind 120 in this deal
        self._golden = False  # a golden_horse_120 deal: no auction
        self._cut_seat = -1  # the cutter the cut ritual charged for this deal
        # talon (talon.py)
        self._buy_queue: tuple[int, ...] = ()  # talon_buying: the opponents still to be asked
        self._sales: tuple[int, ...] = ()  # the sellers of the talon in this deal, in order
        self._strikeout_ok = False        # talon, contract
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
        # -- declarations (§11.1, §11.6): declarations.py
        self._decl_suits = 0  # the suit masks of the suits whose K+Q or Q+J was declared
        self._ace_seat = -1  # ace_marriage_rule strict: who declared the ace marriage
        self._ace_suit = -1  # ... and the suit it named (-1: none)


    def _eligible(self, seat: int) -> bool:
        return self.eligible(self._hands[seat])

    def eligible(self, hand: int) -> bool:
        """Return True if ``hand`` may ask for a redeal: four nines, under redeal_below, or
        (``redeal_nines_jacks``) three nines or four jacks (:func:`~kozyr.games.thousand.deal.
        redeal_eligible`)."""
        return redeal_eligible(hand, self.rules)

    def _init_conventions(self) -> None:
        """Set the per-match switches of the §11 conventions (from ``ThousandState.__init__``)."""
        rules = self.rules
        self._redeal_before = rules.redeal and rules.redeal_when != "after_pass"
        self._redeal_after_pass = rules.redeal and rules.redeal_when != "before_bidding"
        self._simple = simple_scoring_ok(rules)

    def _open_deal(self, dealt: DealtCards) -> list[int]:
        """Set up the deal's conventions and return the redeal round's queue (seats to ask
        before the bidding, from the dealer's left; empty: none)."""
        rules = self.rules
        score = self.score
        if dealt.cut_penalty_seat is not None:
            self._cut_seat = dealt.cut_penalty_seat
        self._golden = rules.golden_horse_120 and golden_horse_deal(rules, score)
        queue = ([s for s in self._active if self._eligible(s)] if self._redeal_before else [])
        if rules.blind_bid and not self._golden:
            any_seat = rules.blind_bidders == "any"
            self._looked = tuple(
                not (s in self._active and (any_seat or s == self._forced) and s not in queue
                     and may_bid_blind(rules, score, s) and not passes_in_red(rules, score, s))
                for s in range(self._n))
        return queue

    def hand_unseen(self, seat: int) -> bool:
        """Return True while ``seat`` has not seen his own hand (the blind: see the module)."""
        if self._looked[seat] or self._phase not in (P_REDEAL, P_BIDDING):
            return False
        return not (seat == self._blind_seat and not self._blind)  # a lapsed blind: he looks

    def _see(self, seat: int) -> None:
        looked = list(self._looked)
        looked[seat] = True
        self._looked = tuple(looked)

    # -- bidding -----------------------------------------------------------------------------
    def _start_bidding(self) -> None:
        self._phase = P_BIDDING
        rules = self.rules
        if not self._cap_plain:
            self._caps = [self.hand_cap(h) for h in self._hands]
        else:
            cap_of = self._cap_of
            caps = self._caps = []
            for h in self._hands:
                caps.append(cap_of[h & (h + h) & KINGS_MASK])  # h + h: h << 1
        if rules.barrel_no_marriages:  # a barrel seat's cap is 120 (§11.7)
            for s in barrel_seats(rules, self.score):
                self._caps[s] = 120
        act = self._active
        if rules.barrel and True in self.score.on_barrel:
            self._barrel = [s for s in barrel_bidders(rules, self.score) if s in act]
        barrel = self._barrel
        self._auto_bids = (bool(barrel) or rules.trading_in_red is not None
                           or False in self._looked)
        f = self._forced
        C = rules.barrel_contract if barrel else 0
        if self._golden:  # a barrel seat, accumulate too, bids max(120, C) (§11.P.10)
            on = f in barrel_seats(rules, self.score)
            self._golden_horse(max(120, rules.barrel_contract) if on else 120)
            return
        if barrel and not rules.barrel_bidding:
            order = act[act.index(f):] + act[:act.index(f)]
            decl = next(s for s in order if s in barrel)
            self._bid = C
            self._high = decl
            self._log.append(entry(decl, A.bid(C), True))
            for s in act:
                if s != decl:
                    self._passed[s] = True
            self._end_bidding()
            return
        if f in barrel:
            self._barrel_done.append(f)
            self._bid = C
            self._high = f
            self._log.append(entry(f, A.bid(C), True))
        elif not self._looked[f]:  # the blind is offered (blind_bid)
            self._blind_pending = True
            self._to_act = f
            return
        else:
            self._bid = 100
            self._high = f
            self._log.append(FORCED_100 | (f << 1))
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
                self._log.append(entry(s, A.PASS, True))
                s = self._nxt[s]
                continue
            if s in self._barrel and s not in self._barrel_done:
                self._barrel_done.append(s)
                C = rules.barrel_contract
                if self._bid < C:
                    self._raise_bid(s, C)
                    self._log.append(entry(s, A.bid(C), True))
                    s = self._nxt[s]
                    continue
            if not self._looked[s]:  # blind_bidders = any: a first turn, hand unseen
                if self._bid < 120:
                    self._blind_pending = True  # blind or look
                else:
                    self._see(s)
            self._to_act = s
            return

    def _golden_horse(self, amount: int) -> None:
        """A golden_horse_120 deal: the forced bidder is declarer at ``amount``, no auction."""
        f = self._forced
        self._bid = amount
        self._high = f
        self._log.append(entry(f, A.bid(amount), True))
        for s in self._active:
            if s != f:
                self._passed[s] = True
        self._end_bidding()

    def _bid_blind(self, seat: int) -> None:
        """Apply ``blind``: the blind 120, his hand unseen."""
        self._blind_pending = False
        self._blind = True
        self._blind_seat = seat
        self._bid = 120
        self._high = seat
        self._next_bidder(self._nxt[seat])

    def _open_100(self, seat: int) -> None:
        """Apply the forced bidder's ``bid 100`` when the blind was offered: he looks."""
        self._blind_pending = False
        self._bid = 100
        self._high = seat
        self._see(seat)

    def _look(self, seat: int) -> None:
        """Apply ``look``: he sees his hand; the turn stays his (to bid or pass)."""
        self._blind_pending = False
        self._see(seat)

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
        self._high = decl
        self._looked = (True,) * self._n  # the bidding is over: everyone sees his hand
        self._phase = P_TALON
        self._to_act = decl
        hide = self._blind or (self._bid == 100 and not self._raised
                               and self.rules.hide_talon_on_forced_100)
        self._talon_shown = not hide
        self._open_talon()

    def _open_talon(self) -> None:
        """Start the talon phase: offer the talon or hand it over (talon.py)."""
        raise NotImplementedError

    def cap(self, seat: int) -> int:
        """Return the highest bid or contract ``seat``'s hand allows: 120 + his marriages
        (120 for a barrel seat under ``barrel_no_marriages``, §11.7)."""
        return 120 if self._no_marriages(seat) else self.hand_cap(self._hands[seat])

    def _no_marriages(self, seat: int) -> bool:
        """Return True if ``seat``'s declarations count nothing toward his cap: he sits on the
        barrel under ``barrel_no_marriages`` (his cap is 120; C stays allowed, §11.7)."""
        return self.rules.barrel_no_marriages and seat in barrel_seats(self.rules, self.score)

    def hand_cap(self, hand: int) -> int:
        """Return the highest bid or contract ``hand`` allows at this table."""
        if not self._cap_plain:  # four aces, bed marriages, four nines: declarations.py
            return self._decl.cap(hand)
        return self._cap_of[hand & (hand << 1) & KINGS_MASK]


    # -- talon -------------------------------------------------------------------------------
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
        self._hands[self._declarer] &= NOT_BIT[c]
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
