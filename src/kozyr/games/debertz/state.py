"""The Debertz engine: bidding, the second deal, melds, bella, play and the score sheet.

Rules: rules/debertz.md (§8 settles the details).  A deal runs through two phases:

- ``bidding``: round 1 (``accept`` / ``pass``) and round 2 (``trump S`` / ``pass``), both
  starting left of the dealer.  The first ``accept`` or ``trump S`` ends the bidding and the
  second deal follows at once (packets from ``stock[1:]``, clockwise from the dealer's left;
  with 4 players the declarer's packet is the turned card plus one stock card).  Everybody
  passing twice throws the cards in (a ``redeal`` row).
- ``play``: in trick 1 a player may, at his turn and in this order, ``swap7`` then
  ``declare`` before his card.  Then ``play CARD`` (``play CARD bella`` for the first of the
  trump K/Q).  Nine tricks (eight with 4 players); the deal is scored after the last one,
  or stops at once when debertz is declared.

The actions are ints (:mod:`kozyr.games.debertz.actions`).  :class:`DebertzState` is the
state machine alone; :class:`kozyr.games.debertz.match.DebertzMatch` composes it with the
observer (what a seat sees, samples) and the sentences of ``why_illegal``
(:mod:`kozyr.games.debertz.explain`).  The rules of card play, meld values and scoring it
calls live in :mod:`~kozyr.games.debertz.cardplay`, :mod:`~kozyr.games.debertz.melds` and
:mod:`~kozyr.games.debertz.scoring`.

Sides: with 2 or 3 players each seat is a side; with 4, side = seat % 2 (0+2 against 1+3).
Totals, baits and sheet lists are kept per side and shown per seat (partners alike).

Readings where rules/debertz.md §8 still leaves a choice (each one is tested):

- Seeded deals: ``random.Random(f"{seed}:{deal_index}")`` shuffles the 32 cards
  (:func:`kozyr.core.dealing.seeded_shuffle`); seat i gets cards 6i..6i+5, the rest is the
  stock, top first.  The first dealer is drawn from ``random.Random(f"{seed}:first_dealer")``
  (:func:`kozyr.core.dealing.lot` with the tag ``first_dealer``).
- The cutter (``stock[-1]``) is shown from the second deal on, never while bidding; after a
  seven swap the seven lies face up in the turned card's place (``turned`` shows it).
- ``declare`` shows every card of every meld it announces (runs are maximal; a player's
  melds are exactly those of his hand at that moment).
- A bella's 20 goes to the announcer's side; with ``bella_after_trick`` "the side" is the
  team with 4 players.
- A hanging bait is not a bait: it does not count toward the 3rd-bait penalty.  A pot going
  to two defending seats and the declarer's points are split separately, each floored.
- The pot waits through redeals; it is lost if the match ends before it is won.
- §9's options: ``overtrump`` in :func:`~kozyr.games.debertz.cardplay.legal_cards`, the first
  leader in :func:`~kozyr.games.debertz.cardplay.first_leader` (``previous_top`` reads the
  written scores of the last *played* deal: redeals skip), the contract, the bait and the pot
  (``declarer_must_beat``, ``bait_to``, ``hanging_bait_to``) in
  :func:`~kozyr.games.debertz.scoring.score_deal`.
- A debertz row has the deal's declarer, zero points and scores, and ``debertz`` on the
  winning side; the match ends at once.
- ``ante`` never enters the totals: it is settled when the match is complete
  (:func:`kozyr.games.debertz.spec.settle`, rules/debertz.md §9.2).

The hot path (``legal_actions``, ``apply_action``) hands out legal lists shared from tables
(never to be mutated by callers: copy one to change it) and keeps the trick's best card as
it goes instead of comparing the trick at its end.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from kozyr.cards import KING, QUEEN, SEVEN, SUIT_LETTERS, SUIT_MASK, Card, Hand, format_cards
from kozyr.core.cloning import clone, restore, state_of
from kozyr.core.dealing import Pile, first_dealer_of, read_piles, seeded_rng, shuffle
from kozyr.core.errors import IllegalActionError
from kozyr.core.resampling import ResampledMatch
from kozyr.core.sheet import DealRow
from kozyr.games.debertz import actions as A
from kozyr.games.debertz import melds as M
from kozyr.games.debertz.actions import (
    ACCEPT,
    BELLA,
    BIDDING,
    DEAL,
    DECLARE,
    N_ACTIONS,
    OVER,
    PASS,
    PHASES,
    PLAY,
    SWAP7,
    TRUMP,
)
from kozyr.games.debertz.cardplay import (
    ABOVE_TRUMP,
    BEATEN_BY,
    BELLA_CARDS,
    BELLA_POINTS,
    CARD_POINTS,
    LAST_TRICK_BONUS,
    PLAIN_POINTS,
    TRUMP_POINTS,
    card_points,
    first_leader,
    legal_cards,
    may_bella,
    must_overtrump_ruff,
)
from kozyr.games.debertz.rules import DebertzRules
from kozyr.games.debertz.scoring import deal_points, match_winner, score_deal

#: Names other modules import from here (they live in ``actions`` and ``cardplay`` now).
__all__ = ["ABOVE_TRUMP", "ACCEPT", "BELLA", "BELLA_POINTS", "BIDDING", "CARD_POINTS", "DEAL",
           "DECLARE", "LAST_TRICK_BONUS", "N_ACTIONS", "OVER", "PASS", "PLAIN_POINTS", "PLAY",
           "SWAP7", "TRUMP", "TRUMP_POINTS", "DebertzState", "card_points"]

#: The tag of the first dealer's lot (:func:`kozyr.core.dealing.lot`).
LOT_TAG = "first_dealer"
HAND_SIZE = 6

_BIT: tuple[int, ...] = tuple(1 << c for c in range(32))
#: The cards of suit s whose ranks are the bits of ``byte``: ``_CARDS_IN_BYTE[s][byte]``.
_CARDS_IN_BYTE: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(8 * s + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4))
_C0, _C1, _C2, _C3 = _CARDS_IN_BYTE
#: The cards (low first) of every non-empty set of cards of one suit, keyed by its mask:
#: shared lists handed out by ``legal_actions``, never to be mutated.
_SUIT_LISTS: dict[Hand, list[Card]] = {
    sum(1 << c for c in cards): list(cards)
    for s in range(4) for cards in _CARDS_IN_BYTE[s][1:]}
_ROUND1 = [ACCEPT, PASS]
#: Round 2's lists by turned suit: with a pass, and (obligation, the dealer) without.
_ROUND2 = [[TRUMP + s for s in range(4) if s != t] + [PASS] for t in range(4)]
_ROUND2_FORCED = [[TRUMP + s for s in range(4) if s != t] for t in range(4)]
_SUIT_OF: tuple[int, ...] = tuple(c >> 3 for c in range(32))


class DebertzState(ResampledMatch):
    """The Debertz state machine of one match (2, 3 or 4 players), first deal to the win."""

    GAME: ClassVar[str] = "debertz"
    RULES: ClassVar[type[DebertzRules]] = DebertzRules

    rules: DebertzRules

    #: Every attribute lives in a slot (faster than an instance dict, which CPython stops
    #: sharing past 30 keys); the names are those the trick bots' position views read.
    __slots__ = ("_awaiting", "_baits", "_bella", "_best", "_best_seat", "_best_trump",
                 "_deal_index", "_dealer", "_declared", "_declarer", "_hands", "_hands0",
                 "_history", "_last", "_leader", "_melds", "_n", "_next", "_nsides", "_over",
                 "_passes", "_phase", "_points", "_pot", "_records", "_rest", "_round",
                 "_sheet", "_side", "_side_points", "_side_won", "_stock", "_swapper",
                 "_table", "_teams", "_to_act", "_totals", "_trick", "_trick_no",
                 "_tricks_per_deal", "_trump", "_turned", "_winner", "_won", "_written",
                 "first_dealer", "rules", "seed")

    def __init__(self, rules: DebertzRules, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        n = rules.players
        self.rules = rules
        self.seed = seed
        first_dealer = first_dealer_of(seed, n, LOT_TAG, first_dealer)
        self.first_dealer = first_dealer
        self._n = n
        self._teams = n == 4
        self._nsides = 2 if self._teams else n
        self._side = tuple(s % 2 if self._teams else s for s in range(n))
        self._tricks_per_deal = 8 if self._teams else 9
        self._next = tuple((s + 1) % n for s in range(n))
        # match state
        self._deal_index = 0
        self._dealer = first_dealer
        self._awaiting = True
        self._over = False
        self._winner: int | None = None  # a side
        self._sheet: list[DealRow] = []
        self._totals = [0] * self._nsides
        self._baits = [0] * self._nsides
        self._pot = 0
        self._written: tuple[int, ...] | None = None  # the last played deal's written scores
        self._records: list[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...],
                                  tuple[int, ...]]] = []
        self._reset_deal((), ())

    # -- the deal's state ----------------------------------------------------------------
    def _reset_deal(self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...]) -> None:
        """Set the deal-level state for a deal of ``hands`` (6 cards each) and ``stock``."""
        n = self._n
        self._hands0 = hands
        self._stock = stock
        if hands:
            bit = _BIT
            masks = []
            for h in hands:
                m = 0
                for c in h:
                    m |= bit[c]
                masks.append(m)
            self._hands = masks
        else:
            self._hands = [0] * n
        self._turned = stock[0] if stock else -1
        self._table = self._turned  # the face-up card on the table (or -1)
        self._rest = 1  # index in stock of the first card still in the stock
        self._trump = -1
        self._points: tuple[int, ...] = CARD_POINTS[0]
        self._declarer = -1
        self._phase = BIDDING if hands else DEAL
        self._round = 1
        self._passes = 0
        self._to_act = (self._dealer + 1) % n
        self._leader = -1
        self._trick: list[Card] = []
        self._best_trump = -1  # the strongest trump in the current trick (or -1)
        self._best = -1  # the trick's best card so far (or -1), and who played it
        self._best_seat = -1
        self._trick_no = 0
        self._won = [0] * n
        self._side_won = [0] * self._nsides
        self._side_points = [0] * self._nsides
        self._declared = [False] * n
        self._melds: list[M.Meld] = []
        self._bella: list[int] = []
        self._swapper = -1
        self._last: tuple[int, tuple[Card, ...], int] | None = None
        self._history: list[tuple[int, int]] = []

    # -- set-up ----------------------------------------------------------------------------
    @property
    def awaiting_deal(self) -> bool:
        """Return True between deals (and at the start) while the match is not over."""
        return self._awaiting and not self._over

    def side_of(self, seat: int) -> int:
        """Return the side of ``seat``: the seat itself, or its team (seat % 2) with 4 players."""
        return self._side[seat]

    def deal(self, cards: dict[str, Any] | None = None, *,
             rng: random.Random | None = None) -> None:
        """Deal the next deal: from a record's ``hands``/``stock``, from ``rng``, or the seed.

        With ``rng`` the deck is shuffled by it and the seed is not used.  Raise RecordError
        if the explicit cards are not a Debertz deal, IllegalActionError if no deal is due.
        """
        if self._over:
            raise IllegalActionError("the match is over: no more deals")
        if not self._awaiting:
            raise IllegalActionError(f"deal {self._deal_index + 1} is still being played")
        n = self._n
        if cards is None:
            deck = list(range(32))
            shuffle(deck, rng or seeded_rng(self.seed, self._deal_index))
            hands = (tuple(deck[0:6]), tuple(deck[6:12]), *(
                tuple(deck[6 * i:6 * i + 6]) for i in range(2, n)))
            stock = tuple(deck[6 * n:])
        else:
            hand_list, piles = read_piles(cards, "debertz", (HAND_SIZE,) * n,
                                          {"stock": Pile(32 - HAND_SIZE * n)},
                                          ignore=("actions",))
            hands, stock = tuple(hand_list), piles["stock"][0]
        self._awaiting = False
        self._reset_deal(hands, stock)

    # -- decisions -------------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Return the seat to act, or None while awaiting a deal or when the match is over."""
        if self._phase is BIDDING or self._phase is PLAY:
            return self._to_act
        return None

    def legal_actions(self) -> list[int]:
        """Return the legal actions of the seat to act (empty when nobody is to act).

        The list may be shared (a table's): do not change it; copy it to edit it.
        """
        phase = self._phase
        if phase is PLAY:
            seat = self._to_act
            hand = self._hands[seat]
            trick = self._trick
            if trick:
                trump = self._trump
                led = _SUIT_OF[trick[0]]
                follow = hand & SUIT_MASK[led]
                if follow:
                    if led == trump:
                        follow = (follow & ABOVE_TRUMP[self._best_trump]) or follow
                    out = _SUIT_LISTS[follow]
                else:
                    trumps = hand & SUIT_MASK[trump]
                    if trumps:
                        best = self._best_trump
                        if best >= 0 and must_overtrump_ruff(self.rules.overtrump):
                            trumps = (trumps & ABOVE_TRUMP[best]) or trumps
                        out = _SUIT_LISTS[trumps]
                    else:
                        out = [*_C0[hand & 255], *_C1[hand >> 8 & 255], *_C2[hand >> 16 & 255],
                               *_C3[hand >> 24]]
            else:
                out = [*_C0[hand & 255], *_C1[hand >> 8 & 255], *_C2[hand >> 16 & 255],
                       *_C3[hand >> 24]]
            kq = BELLA_CARDS[self._trump]
            if hand & kq == kq or not self._trick_no:
                return self._extras(seat, hand, out)
            return out
        if phase is BIDDING:
            if self._round == 1:
                return _ROUND1
            turned = self._turned >> 3
            if self.rules.obligation and self._to_act == self._dealer:
                return _ROUND2_FORCED[turned]
            return _ROUND2[turned]
        return []

    def _extras(self, seat: int, hand: Hand, cards: list[Card]) -> list[int]:
        """Return ``cards`` with bella, swap7 and declare added where they are legal."""
        out = list(cards)
        trump = self._trump
        if may_bella(hand, trump, self.rules.bella_after_trick,
                     self._side_won[self._side[seat]] > 0):
            out.extend(c + BELLA for c in (trump * 8 + QUEEN, trump * 8 + KING) if c in out)
        if self._trick_no == 0:
            if self._may_swap(seat, hand):
                out.append(SWAP7)
            if not self._declared[seat] and M.has_meld(
                    hand, trump, self.rules.natural_sequence_order):
                out.append(DECLARE)
        return out

    def _legal_cards(self, seat: int, hand: Hand) -> Hand:
        """Return the cards ``seat`` may play: follow, trump, overtrump (over a partner too)."""
        trick = self._trick
        if not trick:
            return hand
        return legal_cards(hand, trick[0] >> 3, self._trump, self._best_trump,
                           self.rules.overtrump)

    def _may_swap(self, seat: int, hand: Hand) -> bool:
        return (bool(hand >> (self._trump * 8 + SEVEN) & 1) and self._swapper < 0
                and self.rules.seven_swap and not self._teams
                and not self._declared[seat] and self._trump == self._turned >> 3)

    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""
        seat = self._to_act
        self._history.append((seat, action))
        if action < ACCEPT:  # a card: the hot path, the trick's end inlined
            if action >= BELLA:
                action -= BELLA
                self._bella.append(seat)
            self._hands[seat] ^= _BIT[action]
            trick = self._trick
            trick.append(action)
            best = self._best
            if best < 0 or BEATEN_BY[self._trump][best] >> action & 1:
                self._best = action
                self._best_seat = seat
                if _SUIT_OF[action] == self._trump:
                    self._best_trump = action
            if len(trick) < self._n:
                self._to_act = self._next[seat]
                return
            self._end_trick(trick)
        elif action == PASS:
            self._pass(seat)
        elif action == ACCEPT:
            self._end_bidding(seat, self._turned >> 3)
        elif action < SWAP7:
            self._end_bidding(seat, action - TRUMP)
        elif action == SWAP7:
            seven = self._trump * 8 + SEVEN
            self._hands[seat] ^= (1 << seven) | (1 << self._turned)
            self._table = seven
            self._swapper = seat
        else:
            self._declare(seat)

    def _end_trick(self, trick: list[Card]) -> None:
        """Give the full ``trick`` to its winner; score the deal after the last one."""
        winner = self._best_seat
        pts = self._points
        won = sum(map(pts.__getitem__, trick))
        tn = self._trick_no = self._trick_no + 1
        last = tn == self._tricks_per_deal
        if last:
            won += LAST_TRICK_BONUS
        side = self._side[winner]
        self._side_points[side] += won
        self._won[winner] += 1
        self._side_won[side] += 1
        self._last = (self._leader, tuple(trick), winner)
        self._trick = []
        self._best_trump = self._best = self._best_seat = -1
        self._leader = self._to_act = winner
        if last:
            self._score()

    def _pass(self, seat: int) -> None:
        n = self._n
        self._passes += 1
        if self._passes < n:
            self._to_act = (seat + 1) % n
        elif self._round == 1:
            self._round = 2
            self._passes = 0
            self._to_act = (self._dealer + 1) % n
        else:
            self._finish(DealRow(self._dealer, None, None, None, (0,) * n, (0,) * n,
                                 tuple(self.totals), (("redeal",),) * n, {"trump": None}))

    def _end_bidding(self, seat: int, trump: int) -> None:
        """Fix the declarer and trump, give the second deal, and start the play."""
        n = self._n
        self._declarer = seat
        self._trump = trump
        self._points = CARD_POINTS[trump]
        stock = self._stock
        hands = self._hands
        pos = 1
        k = 2 if self._teams else 3
        for i in range(1, n + 1):
            s = (self._dealer + i) % n
            if self._teams and s == seat:
                hands[s] |= (1 << self._turned) | (1 << stock[pos])
                pos += 1
            else:
                for c in stock[pos:pos + k]:
                    hands[s] |= 1 << c
                pos += k
        self._rest = pos
        if self._teams:
            self._table = -1
        self._phase = PLAY
        lead = first_leader(self.rules.first_lead, seat, self._dealer, self._side, self._written)
        self._leader = self._to_act = lead

    def _declare(self, seat: int) -> None:
        self._declared[seat] = True
        found = M.find_melds(self._hands[seat], seat, self._trump,
                             self.rules.natural_sequence_order)
        self._melds.extend(found)
        if any(m.kind == M.DEBERTZ for m in found):
            n = self._n
            side = self._side[seat]
            marks = tuple(("debertz",) if self._side[s] == side else () for s in range(n))
            self._finish(DealRow(self._dealer, self._declarer, None, None, (0,) * n, (0,) * n,
                                 tuple(self.totals), marks, {"trump": SUIT_LETTERS[self._trump]}),
                         winner=side)

    def _deal_points(self) -> list[int]:
        """Return each side's raw points: cards, last trick, melds that count, bella."""
        return deal_points(self._side_points, self._melds, self._side, self._side_won,
                           self._bella, self._dealer)

    def _score(self) -> None:
        """Score the finished deal, write its row and check the match's end."""
        points = self._deal_points()
        dside = self._side[self._declarer]
        r = self.rules
        result = score_deal(points, dside, [w > 0 for w in self._side_won], self._baits,
                            self._pot, r.skate_penalty, must_beat=r.declarer_must_beat,
                            bait_to=r.bait_to, pot_to=r.hanging_bait_to)
        self._written = tuple(result.written)
        self._pot = result.pot
        self._baits = result.baits
        for s in range(self._nsides):
            self._totals[s] += result.scores[s]
        side = self._side
        n = self._n
        row = DealRow(self._dealer, self._declarer, None, None,
                      tuple([points[side[s]] for s in range(n)]),
                      tuple([result.scores[side[s]] for s in range(n)]),
                      tuple(self.totals),
                      tuple([tuple(result.marks[side[s]]) for s in range(n)]),
                      {"trump": SUIT_LETTERS[self._trump]})
        order = []
        for i in range(1, n + 1):
            sd = side[(self._dealer + i) % n]
            if sd not in order:
                order.append(sd)
        self._finish(row, winner=match_winner(self._totals, self.rules.target, dside, order))

    def _finish(self, row: DealRow, winner: int | None = None) -> None:
        """Close the deal: write ``row``, archive the record, pass the deal on."""
        self._sheet.append(row)
        self._records.append((self._hands0, self._stock,
                              tuple([a for _, a in self._history])))
        self._phase = DEAL
        self._awaiting = True
        self._deal_index += 1
        self._dealer = (self._dealer + 1) % self._n
        if winner is not None:
            self._winner = winner
            self._over = True
            self._phase = OVER

    # -- text ------------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        """Return ``action`` in record notation, e.g. ``"play KH bella"``."""
        return A.action_to_text(action)

    def parse_action(self, text: str) -> int:
        """Parse record notation (``accept``, ``trump H``, ``play KH bella``...) into an action."""
        return A.parse_action(text)

    # -- state of the match ----------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Return ``bidding`` or ``play`` during a deal, ``deal`` between deals, or ``over``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Return True when the match has a winner."""
        return self._over

    @property
    def winner(self) -> int | list[int] | None:
        """Return the winning seat, or the winning team ``[0, 2]`` / ``[1, 3]``, or None."""
        if self._winner is None:
            return None
        if self._teams:
            return [self._winner, self._winner + 2]
        return self._winner

    @property
    def sheet(self) -> list[DealRow]:
        """Return the score sheet: one row per finished deal."""
        return list(self._sheet)

    @property
    def totals(self) -> list[int]:
        """Return each seat's running total (partners share their team's)."""
        return [self._totals[s] for s in self._side]

    @property
    def baits(self) -> list[int]:
        """Return each seat's bait count (partners share their team's)."""
        return [self._baits[s] for s in self._side]

    @property
    def trick_points(self) -> list[int]:
        """Return each seat's card points taken in this (or the last) deal's tricks, last trick
        included (partners share their team's); melds and bella are not in it."""
        return [self._side_points[s] for s in self._side]

    @property
    def pot(self) -> int:
        """Return the hanging-bait pot waiting for the next played deal."""
        return self._pot

    def record_deals(self) -> list[dict[str, Any]]:
        """Return the ``deals`` of the game record: each deal's cards and its actions as text."""
        out = []
        deals = list(self._records)
        if self._phase is BIDDING or self._phase is PLAY:
            deals.append((self._hands0, self._stock, tuple(a for _, a in self._history)))
        for hands, stock, actions in deals:
            out.append({"hands": [format_cards(h) for h in hands],
                        "stock": format_cards(stock),
                        "actions": [self.action_to_text(a) for a in actions]})
        return out

    # -- copies ----------------------------------------------------------------------------
    #: The list attributes a clone copies (the rest are immutable or replaced, never changed).
    _LISTS: ClassVar[tuple[str, ...]] = (
        "_sheet", "_totals", "_baits", "_records", "_hands", "_trick", "_won", "_side_won",
        "_side_points", "_declared", "_melds", "_bella", "_history")

    def clone(self) -> Self:
        """Return an independent copy."""
        return clone(self, self._LISTS)

    def __getstate__(self) -> dict[str, Any]:
        """Return every attribute, for pickling."""
        return state_of(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled match; phases are compared by identity, so re-use the constants."""
        state = dict(state)
        state["_phase"] = PHASES[state["_phase"]]
        restore(self, state)
