"""The Tertz match: deals, drawing, the two play regimes, combinations, scoring to 501.

Rules: rules/tertz.md (its §6 settles the details).  Two seats, 32 cards, 9 each; the other 14
form the stock, whose top card ``stock[0]`` is turned for trump and is the last card drawn.

Action encoding (ints on the fast path, record text at the edges):

======  ==============  =========================================================
int     text            meaning
======  ==============  =========================================================
0..31   ``play CARD``   play the card (kozyr.cards numbering)
32      ``swap7``       the leader takes the turned card for the seven of trump
33      ``declare``     the leader announces every combination (and/or the marriage)
======  ==============  =========================================================

The opponent's answer to a ``declare`` is automatic: it shows in the history as
``[seat, "shows ..."]`` and is never written in the record.

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
from typing import Any, ClassVar

from kozyr.cards import (
    FULL_DECK,
    JACK,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    Card,
    Hand,
    card,
    cards_of,
    format_card,
    format_cards,
    format_hand,
    hand_of,
    parse_card,
    parse_cards,
)
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.match import Match
from kozyr.core.sheet import DealRow
from kozyr.games.tertz.combinations import (
    MARRIAGE_VALUE,
    Combination,
    Key,
    best_key,
    describe,
    find_combinations,
    has_combination,
    has_marriage,
    marriage_cards,
)
from kozyr.games.tertz.rules import TertzRules
from kozyr.games.tertz.scoring import (
    CARD_POINTS,
    LAST_TRICK,
    combinations_winner,
    split_deal,
)
from kozyr.games.tricks import JACK_NINE_TRUMPS, beats, stronger_in_suit

SWAP7 = 32
DECLARE = 33
_ANSWER = 34  # history only: the automatic answer to a declaration
HAND_SIZE = 9
STOCK_SIZE = 14
TRICKS = 16
STOCK_TRICKS = 7  # tricks 1-7 are played with the stock

#: _HIGHER[trump][card]: the cards of card's suit that beat it (J-9 order in trumps).
_HIGHER: tuple[tuple[Hand, ...], ...] = tuple(
    tuple(stronger_in_suit(FULL_DECK, c, t, JACK_NINE_TRUMPS) for c in range(32))
    for t in range(4))


def follow_mask(hand: Hand, led: Card, trump: int, must_beat: bool, free_jack: bool) -> Hand:
    """Return the cards of ``hand`` that may answer the led card (rules/tertz.md §3, §6).

    With the stock: follow suit, else trump, else any.  Without: beat with a higher card of the
    led suit, else any card of it; void, a trump; else any.  ``free_jack``: the trump jack may
    always be played and is never forced out.
    """
    jack = 1 << card(trump, JACK) if free_jack else 0
    h = hand & ~jack
    suit = h & SUIT_MASK[led >> 3]
    if must_beat and suit:
        m = suit & _HIGHER[trump][led] or suit
    else:
        m = suit or h & SUIT_MASK[trump] or h
    return (m or hand) | (hand & jack)


class TertzMatch(Match):
    """A Tertz match between two seats, from the first deal to 501."""

    GAME: ClassVar[str] = "tertz"
    RULES: ClassVar[type[TertzRules]] = TertzRules

    rules: TertzRules

    def __init__(self, rules: TertzRules | None = None, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        self.rules = rules if rules is not None else TertzRules.from_preset()
        self.seed = seed
        if first_dealer is None:
            first_dealer = random.Random(f"{seed}:lot").randrange(2)
        if first_dealer not in (0, 1):
            raise ValueError(f"first_dealer must be seat 0 or 1, not {first_dealer!r}")
        self.first_dealer = first_dealer
        self._free_jack = self.rules.free_trump_jack
        # the match
        self._dealer = first_dealer
        self._deal_index = 0
        self._n = 2
        self._awaiting = True
        self._totals = [0, 0]
        self._sheet: list[DealRow] = []
        self._winner: int | None = None
        # finished deals: the cards as dealt (record text) and the (seat, action) log
        self._records: list[tuple[tuple[list[str], str] | None, list[tuple[int, int]]]] = []
        # the deal (empty until the first deal)
        self._dealt: tuple[list[str], str] | None = None
        self._hands = [0, 0]
        self._trump = -1
        self._turned = -1
        self._stock: list[Card] = []
        self._to_act = -1
        self._leader = -1
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
        if cards is None:
            deck = list(range(32))
            (rng or random.Random(f"{self.seed}:{self._deal_index}")).shuffle(deck)
            nd = 1 - self._dealer
            hands = [0, 0]
            hands[nd] = hand_of(deck[:HAND_SIZE])
            hands[self._dealer] = hand_of(deck[HAND_SIZE:2 * HAND_SIZE])
            stock = deck[2 * HAND_SIZE:]
        else:
            hands, stock = _read_cards(cards)
        self._start(hands, stock)

    def _start(self, hands: list[Hand], stock: list[Card]) -> None:
        self._dealt = ([format_hand(h) for h in hands], format_cards(stock))
        self._awaiting = False
        self._hands = list(hands)
        self._turned = stock[0]
        self._trump = stock[0] >> 3
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
        marriage = not self._marriage[seat] and has_marriage(hand, self._trump)
        return combos, marriage

    def _playable(self) -> Hand:
        hand = self._hands[self._to_act]
        if self._lead < 0:
            return hand
        return follow_mask(hand, self._lead, self._trump, self._stock_left() == 0,
                           self._free_jack)

    def legal_actions(self) -> list[int]:
        """Return the legal actions: cards by number, then ``swap7`` and ``declare``."""
        if self.current_player() is None:
            return []
        out: list[int] = []
        rest = self._playable()
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        if self._lead < 0:
            seat = self._to_act
            if self._can_swap(seat):
                out.append(SWAP7)
            hand = self._hands[seat]
            if (self._shown[seat] is None and hand.bit_count() == HAND_SIZE
                    and has_combination(hand)) or (
                    not self._marriage[seat] and has_marriage(hand, self._trump)):
                out.append(DECLARE)
        return out

    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""
        if action < 32:
            self._play(action)
        elif action == SWAP7:
            self._swap7()
        else:
            self._declare()

    def _play(self, c: Card) -> None:
        s = self._to_act
        b = 1 << c
        self._hands[s] ^= b
        self._known[s] &= ~b
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
        if stock_on and c >> 3 != lead >> 3 and not (
                self._free_jack and c == trump * 8 + JACK):
            self._reveal_void(s, lead, c)
        winner = s if beats(c, lead, lead >> 3, trump, JACK_NINE_TRUMPS) else leader
        self._tricks += 1
        self._won[winner] += 1
        self._taken[winner] |= b | 1 << lead
        pts = CARD_POINTS[trump]
        self._points[winner] += pts[c] + pts[lead]
        self._last = (leader, lead, c, winner)
        self._lead = -1
        self._leader = self._to_act = winner
        if stock_on:
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
        if self._sp < len(self._stock):
            c = self._stock[self._sp]
            self._sp += 1
            for lim in self._limits:
                if lim[0] == seat:
                    lim[2] += 1
        else:  # the turned card (or the seven swapped for it), seen by both
            c = self._turned
            self._turned = -1
            self._known[seat] |= 1 << c
        self._hands[seat] |= 1 << c
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
        extra = [0, 0]
        w = combinations_winner(self._shown, self._shown_at)
        if w is not None:
            extra[w] = sum(c.value for c in self._shown[w] or ())
        for i in (0, 1):
            if self._marriage[i]:
                extra[i] += MARRIAGE_VALUE
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
        if 0 <= action < 32:
            return "play " + format_card(action)
        if action == SWAP7:
            return "swap7"
        if action == DECLARE:
            return "declare"
        raise ValueError(f"not a Tertz action: {action!r}")

    def parse_action(self, text: str) -> int:
        """Parse ``play CARD``, ``swap7`` or ``declare``; raise IllegalActionError if malformed."""
        words = text.split()
        if len(words) == 2 and words[0].lower() == "play":
            try:
                return parse_card(words[1])
            except ValueError as e:
                raise IllegalActionError(str(e)) from None
        if len(words) == 1 and words[0].lower() in ("swap7", "declare"):
            return SWAP7 if words[0].lower() == "swap7" else DECLARE
        raise IllegalActionError(
            f"not a Tertz action: {text!r} (expected 'play CARD', 'swap7' or 'declare')")

    def why_illegal(self, action: int) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        s = self.current_player()
        if s is None:
            return "no action is possible now: " + (
                "the match is over" if self._winner is not None else "the cards are not dealt")
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action <= DECLARE:
            return f"{action!r} is not a Tertz action"
        hand = self._hands[s]
        trump = self._trump
        if action < 32:
            if not hand >> action & 1:
                return f"you do not hold the {format_card(action)}"
            if self._playable() >> action & 1:
                return None
            return self._why_not_card(hand, action)
        name = "swap the seven of trump" if action == SWAP7 else "declare"
        if self._lead >= 0:
            return f"you may {name} only when you lead, before your card"
        if action == SWAP7:
            seven = card(trump, SEVEN)
            if not hand >> seven & 1:
                return f"you do not hold the seven of trump ({format_card(seven)})"
            if len(self._stock) - self._sp < 2:
                return ("the seven may be swapped only while at least 2 cards remain in the "
                        "stock beside the turned card")
            return None
        combos, marriage = self._declarable(s)
        if combos or marriage:
            return None
        if self._shown[s] is not None:
            return "you have already shown your combinations in this deal (and hold no " \
                   "undeclared trump marriage)"
        if hand.bit_count() != HAND_SIZE:
            return ("combinations are declared only while holding 9 cards (and you hold no "
                    "undeclared trump marriage)")
        return "you hold nothing to declare"

    def _why_not_card(self, hand: Hand, c: Card) -> str:
        trump, lead = self._trump, self._lead
        led = lead >> 3
        tname = SUIT_NAMES[trump]
        free = self._free_jack
        jack = 1 << card(trump, JACK) if free else 0
        h = hand & ~jack
        suit = h & SUIT_MASK[led]
        lname = "a trump" if led == trump else f"a card of {SUIT_NAMES[led]}"
        note = f" (the jack of {tname} is always free)" if free and hand & jack else ""
        if self._stock_left():
            if suit:
                return f"while the stock lasts you must follow suit with {lname}{note}"
            return f"you have no {SUIT_NAMES[led]}, so you must play a trump ({tname}){note}"
        if suit & _HIGHER[trump][lead]:
            return (f"the stock is empty: you must beat the {format_card(lead)} with a higher "
                    f"{'trump' if led == trump else SUIT_NAMES[led][:-1]}{note}")
        if suit:
            return f"you cannot beat the {format_card(lead)}, but you must play {lname}{note}"
        return (f"you have no {SUIT_NAMES[led]}, so you must trump the {format_card(lead)} "
                f"with a {SUIT_NAMES[trump][:-1]}{note}")

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

    def _record_of_deal(self, dealt: tuple[list[str], str] | None,
                        log: list[tuple[int, int]]) -> dict[str, Any]:
        if dealt is None:
            raise RecordError("this copy was resampled: the cards its deal started with are "
                              "unknown, so it cannot be written as a record")
        hands, stock = dealt
        actions = [self.action_to_text(a) for _, a in log if a != _ANSWER]
        return {"hands": list(hands), "stock": stock, "actions": actions}

    def record_deals(self) -> list[dict[str, Any]]:
        """Return each deal's cards (``hands``, ``stock`` top first) and its actions as text."""
        out = [self._record_of_deal(dealt, log) for dealt, log in self._records]
        if not self._awaiting and self._winner is None:
            out.append(self._record_of_deal(self._dealt, self._log))
        return out

    # -- hidden information ----------------------------------------------------------------
    def _history_text(self, seat: int, action: int) -> str:
        if action == _ANSWER:
            return "shows " + describe(self._shown[seat] or ())
        return self.action_to_text(action)

    def _combinations_json(self, seat: int) -> list[dict[str, object]]:
        out = [c.to_json() for c in self._shown[seat] or ()]
        if self._marriage[seat]:
            out.append({"kind": "marriage",
                        "cards": format_hand(marriage_cards(self._trump)),
                        "value": MARRIAGE_VALUE})
        return out

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
        to_act = self.current_player()
        started = self._trump >= 0
        stock_left = self._stock_left() if started else 0
        last = None
        if self._last is not None:
            leader, c1, c2, w = self._last
            last = {"leader": leader, "cards": [format_card(c1), format_card(c2)], "winner": w}
        return {
            "game": self.GAME,
            "rules": self.rules.to_json(),
            "players": 2,
            "seat": seat,
            "deal_index": self._deal_index,
            "dealer": self._dealer,
            "phase": self.phase,
            "to_act": to_act,
            "legal": self.legal_texts() if seat is not None and seat == to_act else [],
            "hand": format_hand(self._hands[seat]) if seat is not None else None,
            "hand_sizes": [h.bit_count() for h in self._hands],
            "stock_size": stock_left,
            "turned": format_card(self._turned) if self._turned >= 0 else None,
            "trump": SUIT_LETTERS[self._trump] if started else None,
            "history": [[s, self._history_text(s, a)] for s, a in self._log],
            "combinations": [self._combinations_json(0), self._combinations_json(1)],
            "known": [format_hand(k) for k in self._known],
            "trick": [format_card(self._lead)] if self._lead >= 0 else [],
            "leader": self._leader if started else None,
            "last_trick": last,
            "tricks_won": list(self._won),
            "taken": ([format_hand(t) for t in self._taken] if started and stock_left >= 4
                      else None),
            "totals": list(self._totals),
            "sheet": [row.to_json() for row in self._sheet],
            "winner": self._winner,
            "is_over": self.is_over,
        }

    def resample(self, seat: int, rng: random.Random) -> TertzMatch:
        """Return a copy whose opponent hand and undrawn stock are dealt again from the unseen.

        Respected: hand and stock sizes, the cards the opponent is known to hold, the voids he
        showed since his last draws (a card he drew since may be of that suit), and, until he
        draws again, what declaring told: a declarer with 9 cards holds exactly the
        combinations he announced, an answer is all of its holder's, and no answer means
        nothing strictly better (best effort: after 64 failed shuffles these are dropped).  The
        result depends only on ``observation(seat)`` and ``rng``.  Nothing true but unseen
        stays in the copy: its seed (so its later deals) comes from ``rng``, and the cards its
        open deal started with are forgotten, so its :meth:`record_deals` raises RecordError.
        """
        m = self.clone()
        m.seed = rng.getrandbits(63)
        if self._awaiting or self._winner is not None:
            return m
        opp = 1 - seat
        known = self._known[opp]
        turned = 1 << self._turned if self._turned >= 0 else 0
        pool = list(cards_of(FULL_DECK & ~(self._hands[seat] | self._gone | known | turned)))
        need = self._hands[opp].bit_count() - known.bit_count()
        limits = [(mask, allowed) for s, mask, allowed in self._limits if s == opp]
        facts = [(self._played_since(opp, i), exact, most)
                 for s, i, exact, most in self._facts if s == opp]
        hand, stock = _sample_hand(pool, need, limits, rng, known, facts, self._trump)
        m._hands[opp] = known | hand
        m._stock = [-1] * self._sp + stock  # the cards drawn so far are forgotten too
        m._dealt = None
        m._records = []  # earlier deals' records hold cards this seat never saw
        return m

    def _played_since(self, seat: int, index: int) -> Hand:
        return hand_of(a for s, a in self._log[index:] if s == seat and a < 32)

    def clone(self) -> TertzMatch:
        """Return an independent copy."""
        m = object.__new__(TertzMatch)
        m.__dict__.update(self.__dict__)
        m._totals = list(self._totals)
        m._sheet = list(self._sheet)
        m._records = list(self._records)
        m._hands = list(self._hands)
        m._stock = list(self._stock)
        m._won = list(self._won)
        m._taken = list(self._taken)
        m._points = list(self._points)
        m._shown = list(self._shown)
        m._shown_at = list(self._shown_at)
        m._marriage = list(self._marriage)
        m._known = list(self._known)
        m._limits = [list(lim) for lim in self._limits]
        m._facts = list(self._facts)
        m._log = list(self._log)
        return m


Fact = tuple[Hand, tuple[tuple[Card, ...], ...] | None, Key]


def _fits(hand: Hand, trump: int, facts: list[Fact]) -> bool:
    """Return True if ``hand`` agrees with what its holder's declarations told."""
    for played, exact, most in facts:
        combos = find_combinations(hand | played, trump)
        if exact is not None:
            if tuple(c.cards for c in combos) != exact:
                return False
        elif best_key(combos) > most:
            return False
    return True


def _sample_hand(pool: list[Card], need: int, limits: list[tuple[Hand, int]],
                 rng: random.Random, known: Hand = 0, facts: list[Fact] | None = None,
                 trump: int = 0, tries: int = 64) -> tuple[Hand, list[Card]]:
    """Deal ``need`` cards of ``pool`` (shuffled by ``rng``) to a hand already holding ``known``.

    The hand meets every (mask, at most) limit and, with ``known``, every fact.  Return the
    dealt cards and the rest of the pool in its shuffled order.  When ``tries`` shuffles all
    fail (rare), the limits are met greedily and the facts given up.
    """
    deck = list(pool)
    for _ in range(tries):
        rng.shuffle(deck)
        hand = hand_of(deck[:need])
        if all((hand & mask).bit_count() <= most for mask, most in limits) and (
                not facts or _fits(hand | known, trump, facts)):
            return hand, deck[need:]
    hand = 0
    for c in deck:
        if need and all(not mask >> c & 1 or (hand & mask).bit_count() < most
                        for mask, most in limits):
            hand |= 1 << c
            need -= 1
    for c in deck:
        if need and not hand >> c & 1:
            hand |= 1 << c
            need -= 1
    return hand, [c for c in deck if not hand >> c & 1]


def _read_cards(cards: dict[str, Any]) -> tuple[list[Hand], list[Card]]:
    """Check a record's ``hands`` and ``stock`` and return them as hands and a card list."""
    if "talon" in cards:
        raise RecordError("a Tertz deal gives 'hands' and 'stock', not 'talon'")
    hands_text = cards.get("hands")
    stock_text = cards.get("stock")
    if not isinstance(hands_text, list) or len(hands_text) != 2 or not all(
            isinstance(h, str) for h in hands_text):
        raise RecordError("'hands' must be a list of two strings of 9 cards (seat 0, seat 1)")
    if not isinstance(stock_text, str):
        raise RecordError("'stock' must be a string of the 14 undealt cards, top first")
    try:
        lists = [parse_cards(h) for h in hands_text]
        stock = parse_cards(stock_text)
    except ValueError as e:
        raise RecordError(str(e)) from None
    for seat, cs in enumerate(lists):
        if len(cs) != HAND_SIZE:
            raise RecordError(f"seat {seat}'s hand has {len(cs)} cards, not {HAND_SIZE}")
    if len(stock) != STOCK_SIZE:
        raise RecordError(f"the stock has {len(stock)} cards, not {STOCK_SIZE}")
    seen = 0
    for cs in (*lists, stock):
        for c in cs:
            if seen >> c & 1:
                raise RecordError(f"card {format_card(c)} is dealt twice")
            seen |= 1 << c
    return [hand_of(cs) for cs in lists], stock
