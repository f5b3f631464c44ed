"""The Piquet engine: deals, the exchange, the declarations, the play, the partie or the game.

Rules: rules/piquet.md (its §9 settles the details, and this engine follows it to the letter).
Two seats, 32 cards, 12 each and a talon of 8, top first.  The dealer is younger hand, the
other seat elder; deal *d* (from 1) is dealt by ``first_dealer`` when *d* is odd.

The actions are ints (:mod:`kozyr.games.piquet.actions`): elder's ``exchange``, younger's
``exchange`` or ``pass``, with ``sinking`` each player's ``declare`` (elder first), then
``play CARD`` 24 times.  Everything else is automatic and is reckoned strictly in §9's order:
carte blanche, point, sequences, sets (each followed by the repique test), then trick by trick
1 to the leader as he leads, 1 to the follower if he wins (each followed by the pique test),
the last trick's bonus, then the cards or capot.  With the preset ``cent`` the game ends at the
first reckoning that brings a total to ``target``; its deal's row is written with what was
reckoned so far, and nothing more may be played.

Readings where the page leaves room (most literal): the pique is tested after every reckoning
of the play, the last-trick bonus included; a category whose best keys are equal shows both
players' cards of it (the point suit, the best sequence); of two suits with the same point
pair the first (S C D H) is the one shown; an exchange's cards are written in hand order;
elder who passes (``russian_exchange``) looks at all five of his talon cards, as he leaves
them all; a partie drawn after eight deals is over with no winner (``winner`` None).

Seeded deals: ``random.Random(f"{seed}:{deal_index}")`` shuffles the 32 cards
(:func:`kozyr.core.dealing.shuffle`); elder gets the first 12, younger the next 12, the talon is
the last 8 in order.  The first dealer is drawn with the tag ``lot``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, ClassVar, Self

from kozyr.cards import SUIT_MASK, Card, Hand, format_cards, format_hand
from kozyr.core.cloning import clone, restore, state_of
from kozyr.core.dealing import Pile, first_dealer_of, read_piles, seeded_rng, shuffle
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.resampling import ResampledMatch
from kozyr.core.sheet import DealRow
from kozyr.games.piquet import actions as A
from kozyr.games.piquet.actions import DECLARE, EXCHANGE, PASS, SINK
from kozyr.games.piquet.cardplay import HIGHER, counts
from kozyr.games.piquet.combinations import (
    POINT,
    SEQUENCE,
    SETS,
    category_key,
    category_score,
    compare,
    equal_cards,
    is_carte_blanche,
    scored_cards,
)
from kozyr.games.piquet.rules import PiquetRules
from kozyr.games.piquet.scoring import cards_bonus, is_double_game, partie_result, settlement

LOT_TAG = "lot"
HAND_SIZE = 12
TALON_SIZE = 8
TRICKS = 12
#: Points for the carte blanche, the repique and the pique; the thresholds (§3, §4, §9).
CARTE_BLANCHE, REPIQUE, PIQUE, THRESHOLD = 10, 60, 30, 30

#: Dealt cards as kept for the record: the two hands and the talon, top first.
Dealt = tuple[tuple[Hand, Hand], tuple[Card, ...]]
#: One category's result: (category bit, winner seat / -1 equal / None, score, shown cards).
Result = tuple[int, int | None, int, tuple[Hand, Hand]]

_BIT: tuple[int, ...] = tuple(1 << c for c in range(32))


#: The subsets of 12 places with k members, for k = 0..12 (index masks).
_PLACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(1 << HAND_SIZE) if i.bit_count() == k) for k in range(HAND_SIZE + 1))


@lru_cache(maxsize=512)
def exchanges(hand: Hand, lo: int, hi: int, with_pass: bool) -> list[int]:
    """Return the exchange actions of ``lo`` to ``hi`` cards of ``hand`` (and ``pass``), sorted.

    The list is shared (cached): never change it.
    """
    bits = [1 << c for c in range(32) if hand >> c & 1]
    bits += [0] * (HAND_SIZE - len(bits))
    low = [EXCHANGE | sum(bits[j] for j in range(6) if i >> j & 1) for i in range(64)]
    high = [sum(bits[6 + j] for j in range(6) if i >> j & 1) for i in range(64)]
    out = [PASS] if with_pass else []
    n = hand.bit_count()
    for k in range(max(lo, 1), min(hi, n) + 1):
        out.extend([low[i & 63] | high[i >> 6] for i in _PLACES[k] if i < 1 << n])
    out.sort()
    return out


class PiquetState(ResampledMatch):
    """The Piquet state machine of one partie (or, ``cent``, one game) between two seats."""

    GAME: ClassVar[str] = "piquet"
    RULES: ClassVar[type[PiquetRules]] = PiquetRules

    rules: PiquetRules

    __slots__ = ("_awaiting", "_cb", "_cb_cards", "_deal_index", "_dealer", "_dealt", "_declared",
                 "_discards", "_elder", "_gone", "_hands", "_last", "_lead", "_leader",
                 "_left", "_log", "_marks", "_n", "_over", "_phase", "_pique", "_points",
                 "_records", "_repique", "_results", "_saw", "_sheet", "_talon", "_to_act",
                 "_totals", "_tp", "_tricks", "_voids", "_winner", "_won", "first_dealer",
                 "rules", "seed")

    def __init__(self, rules: PiquetRules | None = None, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        self.rules = rules if rules is not None else PiquetRules.from_preset()
        self.seed = seed
        self.first_dealer = first_dealer_of(seed, 2, LOT_TAG, first_dealer)
        self._dealer = self.first_dealer
        self._deal_index = 0
        self._n = 2
        self._awaiting = True
        self._over = False
        self._winner: int | None = None
        self._totals = [0, 0]
        self._sheet: list[DealRow] = []
        self._records: list[tuple[Dealt | None, list[tuple[int, int]]]] = []
        self._dealt: Dealt | None = None
        self._hands = [0, 0]
        self._talon: list[Card] = []
        self._elder = 1 - self._dealer
        self._clear_deal()

    def _clear_deal(self) -> None:
        """Reset what a deal accumulates."""
        self._phase = "exchange"
        self._to_act = -1
        self._tp = 0  # talon cards taken so far
        self._discards = [0, 0]
        self._saw = 0  # the talon cards elder left and looked at
        self._left = 0  # the cards left in the talon after both exchanges
        self._cb = -1  # the seat holding a carte blanche
        self._cb_cards = 0  # its twelve dealt cards (shown once both exchanges are made)
        self._declared = [7, 7]
        self._results: list[Result] = []
        self._points = [0, 0]
        self._marks: list[list[str]] = [[], []]
        self._repique = False
        self._pique = False
        self._lead = -1
        self._leader = -1
        self._tricks = 0
        self._won = [0, 0]
        self._gone = 0
        self._voids = [0, 0]
        self._last: tuple[int, Card, Card, int] | None = None
        self._log: list[tuple[int, int]] = []

    # -- set-up ------------------------------------------------------------------------
    @property
    def awaiting_deal(self) -> bool:
        """Return True between deals (and at the start) while the match is not over."""
        return self._awaiting and not self._over

    def deal(self, cards: dict[str, Any] | None = None, *,
             rng: random.Random | None = None) -> None:
        """Deal from ``{"hands": [h0, h1], "talon": t}``, from ``rng``, or from the seed.

        Raise RecordError for cards that are not a valid deal, IllegalActionError if no deal
        is due.
        """
        if not self.awaiting_deal:
            why = "the match is over" if self._over else "a deal is under way"
            raise IllegalActionError(f"no deal is due: {why}")
        elder = 1 - self._dealer
        if cards is None:
            deck = list(range(32))
            shuffle(deck, rng or seeded_rng(self.seed, self._deal_index))
            a = sum(_BIT[c] for c in deck[:HAND_SIZE])
            b = sum(_BIT[c] for c in deck[HAND_SIZE:2 * HAND_SIZE])
            hands = [a, b] if elder == 0 else [b, a]
            talon = deck[2 * HAND_SIZE:]
        else:
            got, piles = read_piles(cards, "piquet", (HAND_SIZE, HAND_SIZE),
                                    {"talon": Pile(TALON_SIZE)})
            hands = [sum(_BIT[c] for c in h) for h in got]
            talon = list(piles["talon"][0])
        self._dealt = ((hands[0], hands[1]), tuple(talon))
        self._awaiting = False
        self._clear_deal()
        self._hands = list(hands)
        self._talon = talon
        self._elder = elder
        self._to_act = elder
        for s in (0, 1):
            if is_carte_blanche(hands[s]):
                self._cb = s
                self._cb_cards = hands[s]

    # -- decisions ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Return the seat to act, or None between deals and when the match is over."""
        if self._awaiting or self._over:
            return None
        return self._to_act

    def exchange_limits(self) -> tuple[int, int, bool]:
        """Return the open exchange's (fewest cards, most cards, may pass)."""
        r = self.rules
        left = TALON_SIZE - self._tp
        if self._to_act == self._elder:
            return (3, 5, True) if r.russian_exchange else (1, 5, False)
        if r.russian_exchange:
            return 3, min(5, left), True
        return 1, left, not r.younger_must_exchange

    def legal_actions(self) -> list[int]:
        """Return the legal actions (sorted).  The list may be shared: do not change it."""
        seat = self._to_act
        if seat < 0 or self._awaiting or self._over:
            return []
        phase = self._phase
        hand = self._hands[seat]
        if phase == "play":
            if self._lead >= 0:
                hand = hand & SUIT_MASK[self._lead >> 3] or hand
            return [c for c in range(32) if hand >> c & 1]
        if phase == "declare":
            return list(range(SINK, DECLARE + 1))
        lo, hi, may_pass = self.exchange_limits()
        return exchanges(hand, lo, hi, may_pass)

    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""
        s = self._to_act
        self._log.append((s, action))
        if action < 32:
            self._play(s, action)
        elif action == PASS or action > DECLARE:
            self._exchange(s, action - EXCHANGE if action != PASS else 0)
        else:
            self._declared[s] = action - SINK
            if s == self._elder:
                self._to_act = 1 - s
            else:
                self._reckon_declarations()

    def _exchange(self, s: int, mask: Hand) -> None:
        k = mask.bit_count()
        took = self._talon[self._tp:self._tp + k]
        self._hands[s] ^= mask
        for c in took:
            self._hands[s] |= _BIT[c]
        self._discards[s] = mask
        self._tp += k
        if s == self._elder:
            self._saw = sum(_BIT[c] for c in self._talon[k:5])
            self._to_act = 1 - s
            return
        self._left = sum(_BIT[c] for c in self._talon[self._tp:])
        if self.rules.sinking:
            self._phase = "declare"
            self._to_act = self._elder
        else:
            self._reckon_declarations()

    # -- reckoning -----------------------------------------------------------------------
    def _reckon(self, seat: int, points: int, mark: str = "") -> bool:
        """Reckon ``points`` (and ``mark``) to ``seat``; return True if that ends a cent game."""
        self._points[seat] += points
        if mark:
            self._marks[seat].append(mark)
        r = self.rules
        if r.cent and points and self._totals[seat] + self._points[seat] >= r.target:
            self._write_row()
            self._end(seat)
            return True
        return False

    def _reckon_declarations(self) -> None:
        """Reckon carte blanche, point, sequences and sets, each followed by the repique."""
        self._phase = "play"
        self._to_act = self._leader = self._elder
        if self._cb >= 0 and self._reckon(self._cb, CARTE_BLANCHE, "carte-blanche"):
            return
        hands = self._hands
        for cat in (POINT, SEQUENCE, SETS):
            keys = tuple(category_key(hands[s], cat) if self._declared[s] & cat else None
                         for s in (0, 1))
            winner = compare((keys[0], keys[1]))
            shown = [0, 0]
            score = 0
            if winner is not None and winner >= 0:
                score = category_score(hands[winner], cat)
                shown[winner] = scored_cards(hands[winner], cat)
            elif winner == -1:
                shown = [equal_cards(hands[0], cat), equal_cards(hands[1], cat)]
            self._results.append((cat, winner, score, (shown[0], shown[1])))
            if score and winner is not None and self._reckon(winner, score):
                return
            if self._repique_test():
                return

    def _repique_test(self) -> bool:
        """Score a repique if one is due now; return True if that ends a cent game."""
        if self._repique:
            return False
        p = self._points
        for s in (0, 1):
            if p[s] >= THRESHOLD and p[1 - s] == 0:
                self._repique = True
                return self._reckon(s, REPIQUE, "repique")
        return False

    def _pique_test(self) -> bool:
        """Score elder's pique if one is due now; return True if that ends a cent game."""
        if self._repique or self._pique:
            return False
        e = self._elder
        if self._points[e] >= THRESHOLD and self._points[1 - e] == 0:
            self._pique = True
            return self._reckon(e, PIQUE, "pique")
        return False

    def _play(self, s: int, c: Card) -> None:
        b = _BIT[c]
        self._hands[s] ^= b
        self._gone |= b
        low = self.rules.low_cards_count
        lead = self._lead
        if lead < 0:
            self._lead = c
            self._to_act = 1 - s
            if counts(c, low) and self._reckon(s, 1):
                return
            self._pique_test()
            return
        leader = 1 - s
        if (c ^ lead) >> 3:
            self._voids[s] |= SUIT_MASK[lead >> 3]
        winner = s if HIGHER[lead] >> c & 1 else leader
        self._lead = -1
        self._tricks += 1
        self._won[winner] += 1
        self._last = (leader, lead, c, winner)
        self._leader = self._to_act = winner
        if winner == s and counts(c, low) and (self._reckon(s, 1) or self._pique_test()):
            return
        if self._tricks < TRICKS:
            return
        last = self.rules.last_trick
        if last and (self._reckon(winner, last) or self._pique_test()):
            return
        bonus, seat, capot = cards_bonus(self._won)
        if bonus and self._reckon(seat, bonus, "capot" if capot else ""):
            return
        self._write_row()
        self._next_deal()

    # -- the sheet ---------------------------------------------------------------------
    def _write_row(self) -> None:
        """Write the deal's row with what was reckoned, and keep its record."""
        n = len(self._sheet) + 1
        r = self.rules
        double = r.four_deal_partie and not r.cent and n in (1, 4)
        pts = tuple(self._points)
        scores = tuple(p * 2 for p in pts) if double else pts
        self._totals = [self._totals[0] + scores[0], self._totals[1] + scores[1]]
        self._sheet.append(DealRow(
            dealer=self._dealer, declarer=None, bid=None, contract=None, points=pts,
            scores=scores, totals=tuple(self._totals),
            marks=(tuple(self._marks[0]), tuple(self._marks[1]))))
        self._records.append((self._dealt, self._log))
        self._deal_index += 1
        self._awaiting = True
        self._to_act = -1

    def _next_deal(self) -> None:
        r = self.rules
        if not r.cent:
            done, winner = partie_result(len(self._sheet), self._totals, r.four_deal_partie)
            if done:
                self._end(winner)
                return
        self._dealer = 1 - self._dealer

    def _end(self, winner: int | None) -> None:
        """End the partie or game: the winner, and the loser's end mark on the last row."""
        self._over = True
        self._winner = winner
        self._awaiting = False
        self._to_act = -1
        if winner is None:
            return
        loser = 1 - winner
        r = self.rules
        mark = ""
        if r.cent:
            if is_double_game(r, self._totals[loser]):
                mark = "double"
        elif self._totals[loser] < r.rubicon:
            mark = "rubicon"
        if mark:
            row = self._sheet[-1]
            marks = [list(m) for m in row.marks]
            marks[loser].append(mark)
            self._sheet[-1] = DealRow(row.dealer, None, None, None, row.points, row.scores,
                                      row.totals, (tuple(marks[0]), tuple(marks[1])))

    def settlement(self) -> list[int] | None:
        """Return each seat's gain (+) or loss (-) once the match is over, else None."""
        if not self._over:
            return None
        return settlement(self.rules, self._totals, self._winner)

    # -- text --------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        """Return ``action`` in record notation."""
        return A.action_to_text(action)

    def parse_action(self, text: str) -> int:
        """Parse record notation; raise IllegalActionError if it is malformed."""
        return A.parse_action(text)

    # -- state of the match --------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Return ``exchange``, ``declare`` or ``play``; ``deal`` between deals; ``over``."""
        if self._over:
            return "over"
        return "deal" if self._awaiting else self._phase

    @property
    def is_over(self) -> bool:
        """Return True when the partie (or game) is over, drawn or won."""
        return self._over

    @property
    def winner(self) -> int | None:
        """Return the winning seat, or None (not over, or a drawn partie)."""
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
    def elder(self) -> int:
        """Return the elder hand of the current (or next) deal."""
        return 1 - self._dealer if self._awaiting else self._elder

    def _record_of_deal(self, dealt: Dealt | None,
                        log: list[tuple[int, int]]) -> dict[str, Any]:
        if dealt is None:
            raise RecordError("this copy was resampled: the cards its deal started with are "
                              "unknown, so it cannot be written as a record")
        hands, talon = dealt
        return {"hands": [format_hand(h) for h in hands], "talon": format_cards(talon),
                "actions": [self.action_to_text(a) for _, a in log]}

    def record_deals(self) -> list[dict[str, Any]]:
        """Return each deal's cards (``hands``, ``talon`` top first) and its actions as text."""
        out = [self._record_of_deal(dealt, log) for dealt, log in self._records]
        if not self._awaiting and not self._over:
            out.append(self._record_of_deal(self._dealt, self._log))
        return out

    # -- copies ----------------------------------------------------------------------------
    _LISTS: ClassVar[tuple[str, ...]] = (
        "_totals", "_sheet", "_records", "_hands", "_talon", "_discards", "_declared",
        "_results", "_points", "_won", "_voids", "_log")

    def clone(self) -> Self:
        """Return an independent copy."""
        return clone(self, self._LISTS, nested=("_marks",))

    def __getstate__(self) -> dict[str, Any]:
        """Return every attribute, for pickling."""
        return state_of(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled match."""
        restore(self, state)
