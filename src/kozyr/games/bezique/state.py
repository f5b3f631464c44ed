"""The Bezique engine: two packs, the stock, declarations after each won trick, the last eight.

Rules: rules/bezique.md (its §10 and §10.P settle the details).  Two seats; 64 cards, copy
``k`` of a one-pack card ``b`` being ``32 * k + b`` (:mod:`kozyr.games.bezique.cardplay`).
8 cards each; ``stock[0]`` is turned for trump (a seven scores 10 for the dealer) and is the
last card drawn.  The non-dealer leads trick 1.

Actions are ints (:mod:`kozyr.games.bezique.actions`): ``play C``, ``swap7 C``, ``show7 C``,
``declare C1 … Cn`` and ``draw``.  After each of tricks 1-24 its winner has a **window** (phase
``meld``): at most one ``declare``, at most one ``swap7`` and any ``show7`` (with
``seven_is_meld`` one of them in all), chosen **before drawing** (§3), so without knowing the
card he will draw; then ``draw`` ends the window: he draws the top card, the loser the next
(after trick 24: the winner the last face-down card, the loser the turned card or the seven
exchanged for it, and the declared cards go back into hand), and he leads any card of his hand,
the one just drawn included (§10.P.7).  The phase stays ``meld`` until that lead (§10.P.9).

``draw`` is a decision of the fast path and of the live room but never a word of a record: a
record's ``play`` in the window means "draw, then lead" (§10), and :meth:`apply_recorded` (the
records' checked path) reads it so.  :meth:`legal_actions` in the window are the declarations
and ``draw`` only, so nothing a seat is offered depends on the card it has not drawn yet.

A card written without its copy digit (``play AS``) is the lowest copy the actor holds when
every copy he holds is in the same state (place, kinds of earlier combinations, scored as a
seven, taken in by ``swap7`` in this window; from trick 25 on always); otherwise it is
refused as an ambiguous copy.  Records are written with the digits.

What is public: every action, each seat's table and declared combinations, the cards each
seat is known to hold (its table, the turned card it took, a shown seven, after trick 24 the
turned card the loser took), the stock count, the turned card, the deal's points.  Hidden:
the other hand's concealed cards, the stock's order, the seed.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from kozyr.cards import SEVEN, SUIT_LETTERS, copy_card, format_card, format_copy_card
from kozyr.core.cloning import clone, restore, state_of
from kozyr.core.dealing import first_dealer_of
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.resampling import ResampledMatch
from kozyr.core.sheet import DealRow
from kozyr.games.bezique import actions as A
from kozyr.games.bezique.actions import DECLARE, DRAW, SHOW7, SWAP7
from kozyr.games.bezique.cardplay import (
    BRISQUE_VALUE,
    COPIES,
    SEVEN_VALUE,
    SEVENS,
    brisques_in,
    cards_in,
    follow_mask,
    follower_wins,
    last_trick_bonus,
)
from kozyr.games.bezique.combinations import COMBOS, INDEX, KINDS, declarable, value
from kozyr.games.bezique.deal import STOCK_SIZE, Dealt, read_deal, shuffled_deal
from kozyr.games.bezique.rules import BeziqueRules

LOT_TAG = "lot"
TRICKS = 32
STOCK_TRICKS = 24
_BIT: tuple[int, ...] = tuple(1 << c for c in range(64))


class BeziqueState(ResampledMatch):
    """The Bezique state machine of one match between two seats, to the target."""

    GAME: ClassVar[str] = "bezique"
    RULES: ClassVar[type[BeziqueRules]] = BeziqueRules
    #: A record must name its first dealer (§10.P.15); a match made without one draws it.
    FIRST_DEALER_REQUIRED: ClassVar[bool] = True

    rules: BeziqueRules

    __slots__ = ("_awaiting", "_brisques", "_combos", "_deal_index", "_dealer", "_dealt",
                 "_fresh", "_gone", "_hands", "_known", "_last", "_lead", "_leader",
                 "_log", "_n", "_points", "_records", "_scored7", "_sheet", "_sp", "_stock",
                 "_table", "_to_act", "_totals", "_tricks", "_trump", "_turned", "_used",
                 "_wdeclared", "_window", "_winner", "_wmeld", "_won", "_wswapped",
                 "first_dealer", "rules", "seed")

    def __init__(self, rules: BeziqueRules | None = None, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        self.rules = rules if rules is not None else BeziqueRules.from_preset()
        self.seed = seed
        self.first_dealer = first_dealer_of(seed, 2, LOT_TAG, first_dealer)
        self._n = 2
        self._dealer = self.first_dealer
        self._deal_index = 0
        self._awaiting = True
        self._totals = [0, 0]
        self._sheet: list[DealRow] = []
        self._winner: int | None = None
        self._records: list[tuple[Dealt | None, list[tuple[int, int]]]] = []
        self._dealt: Dealt | None = None
        self._stock: list[int] = []
        self._trump = -1
        self._turned = -1
        self._to_act = -1
        self._leader = -1
        self._clear_deal()

    def _clear_deal(self) -> None:
        self._hands = [0, 0]
        self._table = [0, 0]
        self._known = [0, 0]
        self._used = [0] * KINDS
        self._sp = 1
        self._scored7 = 0
        self._window = False
        self._wdeclared = self._wswapped = self._wmeld = False
        self._fresh = 0
        self._lead = -1
        self._tricks = 0
        self._won = [0, 0]
        self._points = [0, 0]
        self._brisques = [0, 0]
        self._gone = 0
        self._last: tuple[int, int, int, int] | None = None
        self._combos: list[list[tuple[int, int, int]]] = [[], []]
        self._log: list[tuple[int, int]] = []

    # -- set-up ------------------------------------------------------------------------
    @property
    def awaiting_deal(self) -> bool:
        """Return True between deals (and at the start) while the match is not over."""
        return self._awaiting and self._winner is None

    def deal(self, cards: dict[str, Any] | None = None, *,
             rng: random.Random | None = None) -> None:
        """Deal from ``{"hands": [h0, h1], "stock": s}``, from ``rng``, or from the seed.

        Raise RecordError for cards that are no deal, IllegalActionError if no deal is due.
        """
        if not self.awaiting_deal:
            why = "the match is over" if self._winner is not None else "a deal is under way"
            raise IllegalActionError(f"no deal is due: {why}")
        if cards is None:
            dealt = shuffled_deal(self.seed, self._deal_index, self._dealer, rng)
        else:
            dealt = read_deal(cards)
        self._clear_deal()
        self._dealt = dealt
        self._awaiting = False
        (h0, h1), stock = dealt
        self._hands = [sum(_BIT[c] for c in h0), sum(_BIT[c] for c in h1)]
        self._stock = list(stock)
        turned = self._turned = stock[0]
        self._trump = (turned & 31) >> 3
        if turned & 7 == SEVEN:
            self._points[self._dealer] += SEVEN_VALUE
            self._scored7 |= _BIT[turned]
        self._leader = self._to_act = 1 - self._dealer

    # -- decisions ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Return the seat to act, or None between deals and when the match is over."""
        if self._awaiting or self._winner is not None:
            return None
        return self._to_act

    def stock_left(self) -> int:
        """Return the cards left in the stock, the turned card included."""
        return STOCK_SIZE - self._sp + (self._turned >= 0)

    def can_meld(self) -> bool:
        """Return True if the seat to act may still make a declaration of any kind now."""
        return self._window and not (self.rules.seven_is_meld and self._wmeld)

    def swappable(self) -> int:
        """Return the sevens the seat to act may exchange now (a mask)."""
        if not self.can_meld() or self._wswapped or self._turned < 0 or (
                self._turned & 7 == SEVEN):
            return 0
        return self._hands[self._to_act] & SEVENS[self._trump] & ~self._fresh

    def showable(self) -> int:
        """Return the sevens the seat to act may show now (a mask)."""
        if not self.can_meld() or self.rules.dix != "declare":
            return 0
        return self._hands[self._to_act] & SEVENS[self._trump] & ~self._fresh & ~self._scored7

    def declarable(self) -> list[int]:
        """Return the indices (in COMBOS) of the combinations the seat to act may declare."""
        if not self.can_meld() or self._wdeclared:
            return []
        return declarable(self._hands[self._to_act] & ~self._fresh, self._trump,
                          self.rules.bezique_pair == "by_trump", self._used)

    def playable(self) -> int:
        """Return the cards the seat to act may play (a mask)."""
        hand = self._hands[self._to_act]
        if self._lead < 0:
            return hand
        return follow_mask(hand, self._lead, self._trump, self._tricks >= STOCK_TRICKS)

    def legal_actions(self) -> list[int]:
        """Return the legal actions, ascending: plays, exchanges, shows, declarations."""
        if self._to_act < 0 or self._awaiting or self._winner is not None:
            return []
        if not self._window:
            return cards_in(self.playable())
        return ([SWAP7 + c for c in cards_in(self.swappable())]
                + [SHOW7 + c for c in cards_in(self.showable())]
                + [DECLARE + i for i in self.declarable()] + [DRAW])

    def in_meld_phase(self) -> bool:
        """Return True from the end of a trick of 1-24 until its winner leads (§10.P.9)."""
        return 1 <= self._tricks <= STOCK_TRICKS and self._lead < 0 and not self._awaiting

    def unwritten_actions(self) -> list[int]:
        """Return ``[DRAW]`` after the winner's draw and before his lead, else ``[]``.

        No record writes ``draw``: a record cut there replays to the window before it.
        """
        return [DRAW] if self.in_meld_phase() and not self._window else []

    def apply_recorded(self, text: str) -> int:
        """Check and apply an action as a record writes it; return it as an int.

        A ``play`` in the winner's window means "draw, then lead" (rules/bezique.md §10): the
        draw is made, then the play checked.  Raise IllegalActionError, changing nothing, if
        the action is illegal.
        """
        if not (self._window and self.current_player() is not None
                and isinstance(text, str) and text.lower().split()[:1] == ["play"]):
            return self.apply(text)
        drawn = self.clone()
        drawn.apply_action(DRAW)
        a = drawn.check(text)
        self.apply_action(DRAW)
        self.apply_action(a)
        return a

    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""
        s = self._to_act
        if action < SWAP7:
            self._play(s, action)
            return
        if action == DRAW:
            self._draw(s)
            return
        self._log.append((s, action))
        self._wmeld = True
        pts = self._points
        if action < SHOW7:
            c = action - SWAP7
            old = self._turned
            self._hands[s] ^= _BIT[c] | _BIT[old]
            self._known[s] = (self._known[s] & ~_BIT[c]) | _BIT[old]
            self._turned = c
            self._fresh |= _BIT[old]
            self._wswapped = True
            if not self._scored7 & _BIT[c]:
                pts[s] += SEVEN_VALUE
                self._scored7 |= _BIT[c]
        elif action < DECLARE:
            c = action - SHOW7
            pts[s] += SEVEN_VALUE
            self._scored7 |= _BIT[c]
            self._known[s] |= _BIT[c]
        else:
            combo = COMBOS[action - DECLARE]
            v = value(combo, self._trump)
            pts[s] += v
            self._table[s] |= combo.mask
            self._known[s] |= combo.mask
            self._used[combo.kind] |= combo.mask
            self._combos[s].append((combo.kind, combo.mask, v))
            self._wdeclared = True

    def _play(self, s: int, c: int) -> None:
        if self._window:  # a record's play in the window: draw, then lead
            self._draw(s)
        self._fresh = 0
        b = _BIT[c]
        self._hands[s] ^= b
        self._table[s] &= ~b
        self._known[s] &= ~b
        self._gone |= b
        self._log.append((s, c))
        trump = self._trump
        if self.rules.dix == "play" and self._tricks < STOCK_TRICKS and b & SEVENS[trump]:
            self._points[s] += SEVEN_VALUE
            self._scored7 |= b
        lead = self._lead
        if lead < 0:
            self._lead = c
            self._leader = s
            self._to_act = 1 - s
            return
        leader = 1 - s
        winner = s if follower_wins(c, lead, trump) else leader
        self._tricks += 1
        self._won[winner] += 1
        self._brisques[winner] += brisques_in(b | _BIT[lead])
        self._last = (leader, lead, c, winner)
        self._lead = -1
        self._leader = self._to_act = winner
        t = self._tricks
        self._points[winner] += last_trick_bonus(t, self.rules.last_trick)
        if t <= STOCK_TRICKS:  # the winner's window opens; he draws when it closes
            self._window = True
            self._wdeclared = self._wswapped = self._wmeld = False
        elif t == TRICKS:
            self._finish(winner)

    def _draw(self, winner: int) -> None:
        """End the winner's window: he draws the top card, the loser the next (or the turned
        card after trick 24, when the declared cards go back into hand)."""
        loser = 1 - winner
        self._hands[winner] |= _BIT[self._stock[self._sp]]
        self._sp += 1
        if self._sp < STOCK_SIZE:
            self._hands[loser] |= _BIT[self._stock[self._sp]]
            self._sp += 1
        else:  # after trick 24: the loser takes the turned card; declared cards go home
            t = self._turned
            self._hands[loser] |= _BIT[t]
            self._known[loser] |= _BIT[t]
            self._turned = -1
            self._table = [0, 0]
        self._window = False

    def _finish(self, last_winner: int) -> None:
        """Score the finished deal, write its row, and see whether the match is won."""
        pts = tuple(self._points[i] + BRISQUE_VALUE * self._brisques[i] for i in (0, 1))
        self._totals = [self._totals[0] + pts[0], self._totals[1] + pts[1]]
        self._sheet.append(DealRow(
            dealer=self._dealer, declarer=None, bid=None, contract=None, points=pts,
            scores=pts, totals=tuple(self._totals), marks=((), ()),
            extra={"trump": SUIT_LETTERS[self._trump]}))
        self._records.append((self._dealt, self._log))
        t0, t1 = self._totals
        if max(t0, t1) >= self.rules.target and t0 != t1:
            self._winner = 0 if t0 > t1 else 1
        self._dealer = last_winner if self.rules.next_dealer == "trick_winner" else (
            1 - self._dealer)
        self._deal_index += 1
        self._awaiting = True
        self._to_act = -1

    # -- text --------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        """Return ``action`` in record notation, with copy digits (``play AS1``)."""
        return A.action_to_text(action)

    def same_state(self, seat: int, a: int, b: int) -> bool:
        """Return True if cards ``a`` and ``b`` held by ``seat`` are in the same state (§10)."""
        if self._tricks >= STOCK_TRICKS and not self.in_meld_phase():
            return True
        x = _BIT[a] | _BIT[b]
        for m in (self._table[seat], self._scored7, self._fresh, *self._used):
            if m & x and m & x != x:
                return False
        return True

    def parse_action(self, text: str) -> int:
        """Parse record notation; a card without its digit is resolved as the module says.

        Raise IllegalActionError if the text is malformed or its copy is ambiguous.
        """
        verb, toks = A.split_action(text)
        if verb == "draw":
            return DRAW
        seat = self._to_act if self.current_player() is not None else -1
        named = {copy_card(b, k) for b, k in toks if k is not None}
        cards: list[int] = [copy_card(b, k) for b, k in toks if k is not None]
        bases = sorted({b for b, k in toks if k is None})
        for base in bases:
            want = sum(1 for b, k in toks if k is None and b == base)
            free = [copy_card(base, k) for k in range(COPIES) if copy_card(base, k) not in named]
            if want > len(free):
                raise IllegalActionError(f"{text!r}: {format_card(base)} is named more times "
                                         f"than there are copies")
            hand = self._hands[seat] if seat >= 0 else 0
            held = [c for c in free if hand >> c & 1]
            if len(held) > want and not all(self.same_state(seat, held[0], c)
                                            for c in held[1:]):
                raise IllegalActionError(
                    f"{text!r}: ambiguous copy: {' and '.join(map(format_copy_card, held))} "
                    f"are not in the same state; write the copy digit")
            rest = [c for c in free if c not in held]
            cards += (held + rest)[:want]
        if verb == "declare":
            mask = sum(_BIT[c] for c in set(cards))
            if len(set(cards)) != len(cards):
                raise IllegalActionError(f"{text!r}: a card is named twice")
            if mask not in INDEX:
                raise IllegalActionError(f"{text!r}: these cards form no Bezique combination")
            return DECLARE + INDEX[mask]
        c = cards[0]
        return c if verb == "play" else (SWAP7 if verb == "swap7" else SHOW7) + c

    # -- state of the match --------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Return ``meld`` in a winner's window, ``play``, ``deal`` between deals, ``over``."""
        if self._winner is not None:
            return "over"
        if self._awaiting:
            return "deal"
        return "meld" if self.in_meld_phase() else "play"

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

    def deal_points(self) -> list[int]:
        """Return each seat's points of the open deal so far (brisques are added at its end)."""
        return list(self._points)

    def _record_of_deal(self, dealt: Dealt | None, log: list[tuple[int, int]]) -> dict[str, Any]:
        if dealt is None:
            raise RecordError("this copy was resampled: the cards its deal started with are "
                              "unknown, so it cannot be written as a record")
        (h0, h1), stock = dealt
        return {"hands": [" ".join(format_copy_card(c) for c in h) for h in (h0, h1)],
                "stock": " ".join(format_copy_card(c) for c in stock),
                "actions": [A.action_to_text(a) for _, a in log]}

    def record_deals(self) -> list[dict[str, Any]]:
        """Return each deal's cards (``hands``, ``stock`` top first) and its actions as text."""
        out = [self._record_of_deal(dealt, log) for dealt, log in self._records]
        if not self._awaiting and self._winner is None:
            out.append(self._record_of_deal(self._dealt, self._log))
        return out

    # -- copies ----------------------------------------------------------------------------
    _LISTS: ClassVar[tuple[str, ...]] = (
        "_totals", "_sheet", "_records", "_hands", "_table", "_known", "_used", "_stock",
        "_won", "_points", "_brisques", "_log")

    def clone(self) -> Self:
        """Return an independent copy."""
        return clone(self, self._LISTS, nested=("_combos",))

    def __getstate__(self) -> dict[str, Any]:
        """Return every attribute, for pickling."""
        return state_of(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled match."""
        restore(self, state)
