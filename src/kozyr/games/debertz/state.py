"""The Debertz match engine: bidding, the second deal, melds, bella, play and the score sheet.

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

Action encoding (ints, the fast path):

==========  ===========================
0..31       ``play CARD`` (the card)
32..63      ``play CARD bella`` (card + 32)
64          ``accept``
65          ``pass``
66..69      ``trump S`` (66 + suit, S C D H)
70          ``swap7``
71          ``declare``
==========  ===========================

Sides: with 2 or 3 players each seat is a side; with 4, side = seat % 2 (0+2 against 1+3).
Totals, baits and sheet lists are kept per side and shown per seat (partners alike).

Readings where rules/debertz.md §8 still leaves a choice (each one is tested):

- Seeded deals: ``random.Random(f"{seed}:{deal_index}")`` shuffles the 32 cards; seat i gets
  cards 6i..6i+5, the rest is the stock, top first.  The first dealer is drawn from
  ``random.Random(f"{seed}:first_dealer")``.
- The cutter (``stock[-1]``) is shown from the second deal on, never while bidding; after a
  seven swap the seven lies face up in the turned card's place (``turned`` shows it).
- ``declare`` shows every card of every meld it announces (runs are maximal; a player's
  melds are exactly those of his hand at that moment).
- A bella's 20 goes to the announcer's side; with ``bella_after_trick`` "the side" is the
  team with 4 players.
- A hanging bait is not a bait: it does not count toward the 3rd-bait penalty.  A pot going
  to two defending seats and the declarer's points are split separately, each floored.
- The pot waits through redeals; it is lost if the match ends before it is won.
- A debertz row has the deal's declarer, zero points and scores, and ``debertz`` on the
  winning side; the match ends at once.
- ``ante`` is carried in the rules only: totals never include it.

>>> m = DebertzMatch(DebertzRules.from_preset("debertz3"), seed=1, first_dealer=0)
>>> m.deal({"hands": ["AS TS KS QS JS 9S", "AH TH KH QH JH 9H", "AD TD KD QD JD 9D"],
...         "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C 7C"})
>>> m.legal_texts()
['accept', 'pass']
>>> _ = m.apply("accept")
>>> m.phase, m.current_player(), m.observation(1)["hand"]
('play', 1, '7S AH TH KH QH JH 9H 8H 7H')
>>> m.legal_texts()[-3:]
['play AH', 'swap7', 'declare']
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from kozyr.cards import (
    FULL_DECK,
    KING,
    QUEEN,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASK,
    Card,
    Hand,
    card,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.match import Match
from kozyr.core.sheet import DealRow
from kozyr.games.debertz import melds as M
from kozyr.games.debertz.rules import DebertzRules
from kozyr.games.debertz.scoring import match_winner, score_deal
from kozyr.games.tricks import JACK_NINE_TRUMPS, stronger_in_suit, trick_winner

BELLA = 32
ACCEPT = 64
PASS = 65
TRUMP = 66
SWAP7 = 70
DECLARE = 71
N_ACTIONS = 72

BIDDING, PLAY, DEAL, OVER = "bidding", "play", "deal", "over"
_PHASES = {p: p for p in (BIDDING, PLAY, DEAL, OVER)}

LAST_TRICK_BONUS = 10
BELLA_POINTS = 20
#: Card points by rank (7 8 9 J Q K 10 A): plain suits, then trumps.
PLAIN_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)
TRUMP_POINTS = (0, 0, 14, 20, 3, 4, 10, 11)

#: For each card taken as a trump: the stronger trumps of its suit (J 9 A 10 K Q 8 7).
ABOVE_TRUMP: tuple[Hand, ...] = tuple(
    stronger_in_suit(FULL_DECK, c, c >> 3, JACK_NINE_TRUMPS) for c in range(32))
#: The cards of suit s whose ranks are the bits of ``byte``: ``_CARDS_IN_BYTE[s][byte]``.
_CARDS_IN_BYTE: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(8 * s + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4))
#: Card points of every card for each trump suit.
CARD_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP_POINTS[c & 7] if c >> 3 == t else PLAIN_POINTS[c & 7] for c in range(32))
    for t in range(4))


def card_points(c: Card, trump: int) -> int:
    """Return the points of card ``c`` when ``trump`` is trump.

    >>> card_points(parse_card("JH"), 3), card_points(parse_card("JS"), 3)
    (20, 2)
    """
    return CARD_POINTS[trump][c]


class DebertzMatch(Match):
    """One Debertz match (2, 3 or 4 players) from the first deal to the win."""

    GAME: ClassVar[str] = "debertz"
    RULES: ClassVar[type[DebertzRules]] = DebertzRules

    rules: DebertzRules

    def __init__(self, rules: DebertzRules, *, seed: int = 0,
                 first_dealer: int | None = None) -> None:
        n = rules.players
        self.rules = rules
        self.seed = seed
        if first_dealer is None:
            first_dealer = random.Random(f"{seed}:first_dealer").randrange(n)
        elif not 0 <= first_dealer < n:
            raise RecordError(f"first_dealer must be a seat from 0 to {n - 1}, not {first_dealer}")
        self.first_dealer = first_dealer
        self._n = n
        self._teams = n == 4
        self._nsides = 2 if self._teams else n
        self._side = tuple(s % 2 if self._teams else s for s in range(n))
        self._tricks_per_deal = 8 if self._teams else 9
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
        self._records: list[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...],
                                  tuple[int, ...]]] = []
        self._reset_deal((), ())

    # -- the deal's state ----------------------------------------------------------------
    def _reset_deal(self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...]) -> None:
        """Set the deal-level state for a deal of ``hands`` (6 cards each) and ``stock``."""
        n = self._n
        self._hands0 = hands
        self._stock = stock
        self._hands = [sum(1 << c for c in h) for h in hands] if hands else [0] * n
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
            (rng or random.Random(f"{self.seed}:{self._deal_index}")).shuffle(deck)
            hands = tuple(tuple(deck[6 * i:6 * i + 6]) for i in range(n))
            stock = tuple(deck[6 * n:])
        else:
            hands, stock = self._parse_deal(cards)
        self._awaiting = False
        self._reset_deal(hands, stock)

    def _parse_deal(self, cards: dict[str, Any]
                    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        n = self._n
        if not isinstance(cards, dict) or "hands" not in cards or "stock" not in cards:
            raise RecordError("a Debertz deal needs 'hands' (6 cards per seat) and 'stock' "
                              "(the rest, top first)")
        unknown = set(cards) - {"hands", "stock", "actions"}
        if unknown:
            raise RecordError(f"unknown key(s) in a Debertz deal: {', '.join(sorted(unknown))}")
        raw_hands = cards["hands"]
        if not isinstance(raw_hands, list) or len(raw_hands) != n:
            got = len(raw_hands) if isinstance(raw_hands, list) else raw_hands
            raise RecordError(f"'hands' must list {n} hands, one per seat, not {got!r}")
        hands: list[tuple[Card, ...]] = []
        seen = 0
        for seat, text in enumerate(raw_hands):
            hand = self._parse_pile(text, f"the hand of seat {seat}")
            if len(hand) != 6:
                raise RecordError(f"the hand of seat {seat} has {len(hand)} cards; "
                                  "Debertz deals 6 to each seat first")
            hands.append(hand)
        stock = self._parse_pile(cards["stock"], "the stock")
        if len(stock) != 32 - 6 * n:
            raise RecordError(f"the stock has {len(stock)} cards; with {n} players it "
                              f"holds the other {32 - 6 * n}")
        piles = [*((f"the hand of seat {i}", h) for i, h in enumerate(hands)),
                 ("the stock", stock)]
        for owner, pile in piles:
            for c in pile:
                if seen >> c & 1:
                    raise RecordError(f"{format_card(c)} appears twice (again in {owner})")
                seen |= 1 << c
        return tuple(hands), stock

    @staticmethod
    def _parse_pile(text: Any, where: str) -> tuple[Card, ...]:
        if isinstance(text, list):
            text = " ".join(str(t) for t in text)
        if not isinstance(text, str):
            raise RecordError(f"{where} must be a string of cards, not {text!r}")
        try:
            return tuple(parse_cards(text))
        except ValueError as e:
            raise RecordError(f"{where}: {e}") from None

    # -- decisions -------------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Return the seat to act, or None while awaiting a deal or when the match is over."""
        if self._phase is BIDDING or self._phase is PLAY:
            return self._to_act
        return None

    def legal_actions(self) -> list[int]:
        """Return the legal actions of the seat to act (empty when nobody is to act)."""
        phase = self._phase
        if phase is PLAY:
            seat = self._to_act
            hand = self._hands[seat]
            legal = self._legal_cards(seat, hand)
            out: list[int] = []
            for s in range(4):
                byte = (legal >> (8 * s)) & 0xFF
                if byte:
                    out.extend(_CARDS_IN_BYTE[s][byte])
            trump = self._trump
            king, queen = trump * 8 + KING, trump * 8 + QUEEN
            if hand >> king & 1 and hand >> queen & 1 and self._bella_allowed(seat):
                out.extend(c + BELLA for c in (queen, king) if c in out)
            if self._trick_no == 0:
                if self._may_swap(seat, hand):
                    out.append(SWAP7)
                if not self._declared[seat] and M.has_meld(
                        hand, trump, self.rules.natural_sequence_order):
                    out.append(DECLARE)
            return out
        if phase is BIDDING:
            if self._round == 1:
                return [ACCEPT, PASS]
            turned = self._turned >> 3
            out = [TRUMP + s for s in range(4) if s != turned]
            if not (self.rules.obligation and self._to_act == self._dealer):
                out.append(PASS)
            return out
        return []

    def _legal_cards(self, seat: int, hand: Hand) -> Hand:
        """Return the cards ``seat`` may play: follow, trump, overtrump (over a partner too)."""
        trick = self._trick
        if not trick:
            return hand
        trump = self._trump
        led = trick[0] >> 3
        best = self._best_trump
        follow = hand & SUIT_MASK[led]
        if follow:
            if led == trump:
                return (follow & ABOVE_TRUMP[best]) or follow
            return follow
        trumps = hand & SUIT_MASK[trump]
        if not trumps:
            return hand
        if best < 0:
            return trumps
        return (trumps & ABOVE_TRUMP[best]) or trumps

    def _bella_allowed(self, seat: int) -> bool:
        return not self.rules.bella_after_trick or self._side_won[self._side[seat]] > 0

    def _may_swap(self, seat: int, hand: Hand) -> bool:
        return (self.rules.seven_swap and not self._teams and self._swapper < 0
                and not self._declared[seat] and self._trump == self._turned >> 3
                and bool(hand >> (self._trump * 8 + SEVEN) & 1))

    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""
        seat = self._to_act
        self._history.append((seat, action))
        if action < ACCEPT:
            self._play(seat, action & 31, action >= BELLA)
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
        lead = seat if self.rules.first_lead == "declarer" else (self._dealer + 1) % n
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

    def _play(self, seat: int, c: Card, bella: bool) -> None:
        self._hands[seat] ^= 1 << c
        if bella:
            self._bella.append(seat)
        trick = self._trick
        trick.append(c)
        if c >> 3 == self._trump:
            best = self._best_trump
            if best < 0 or ABOVE_TRUMP[best] >> c & 1:
                self._best_trump = c
        n = self._n
        if len(trick) < n:
            self._to_act = (seat + 1) % n
            return
        leader = self._leader
        winner = (leader + trick_winner(trick, self._trump, JACK_NINE_TRUMPS)) % n
        pts = self._points
        won = 0
        for x in trick:
            won += pts[x]
        self._trick_no += 1
        last = self._trick_no == self._tricks_per_deal
        if last:
            won += LAST_TRICK_BONUS
        side = self._side[winner]
        self._side_points[side] += won
        self._won[winner] += 1
        self._side_won[side] += 1
        self._last = (leader, tuple(trick), winner)
        self._trick = []
        self._best_trump = -1
        self._leader = self._to_act = winner
        if last:
            self._score()

    def _deal_points(self) -> list[int]:
        """Return each side's raw points: cards, last trick, melds that count, bella."""
        pts = list(self._side_points)
        best = M.best_meld(self._melds, self._dealer, self._n)
        if best is not None:
            side = self._side[best.seat]
            if self._side_won[side]:
                pts[side] += sum(M.MELD_POINTS[m.kind] for m in self._melds
                                 if self._side[m.seat] == side)
        for seat in self._bella:
            pts[self._side[seat]] += BELLA_POINTS
        return pts

    def _score(self) -> None:
        """Score the finished deal, write its row and check the match's end."""
        points = self._deal_points()
        dside = self._side[self._declarer]
        result = score_deal(points, dside, [w > 0 for w in self._side_won], self._baits,
                            self._pot, self.rules.skate_penalty)
        self._pot = result.pot
        self._baits = result.baits
        for s in range(self._nsides):
            self._totals[s] += result.scores[s]
        side = self._side
        n = self._n
        row = DealRow(self._dealer, self._declarer, None, None,
                      tuple(points[side[s]] for s in range(n)),
                      tuple(result.scores[side[s]] for s in range(n)),
                      tuple(self.totals),
                      tuple(tuple(result.marks[side[s]]) for s in range(n)),
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
                              tuple(a for _, a in self._history)))
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
        if not 0 <= action < N_ACTIONS:
            raise ValueError(f"no Debertz action has number {action}")
        if action < BELLA:
            return "play " + format_card(action)
        if action < ACCEPT:
            return f"play {format_card(action - BELLA)} bella"
        if action == ACCEPT:
            return "accept"
        if action == PASS:
            return "pass"
        if action < SWAP7:
            return "trump " + SUIT_LETTERS[action - TRUMP]
        return "swap7" if action == SWAP7 else "declare"

    def parse_action(self, text: str) -> int:
        """Parse record notation (``accept``, ``trump H``, ``play KH bella``...) into an action."""
        words = text.split()
        low = [w.lower() for w in words]
        try:
            if low == ["accept"]:
                return ACCEPT
            if low == ["pass"]:
                return PASS
            if low == ["swap7"]:
                return SWAP7
            if low == ["declare"]:
                return DECLARE
            if len(low) == 2 and low[0] == "trump":
                return TRUMP + parse_suit(words[1])
            if len(low) in (2, 3) and low[0] == "play":
                c = parse_card(words[1])
                if len(low) == 2:
                    return c
                if low[2] == "bella":
                    return c + BELLA
        except ValueError as e:
            raise IllegalActionError(f"{text!r}: {e}") from None
        raise IllegalActionError(
            f"{text!r} is not a Debertz action (expected accept, pass, trump S, swap7, declare, "
            "play CARD or play CARD bella)")

    def why_illegal(self, action: int) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        if not 0 <= action < N_ACTIONS:
            return f"there is no Debertz action number {action}"
        phase = self._phase
        if phase is not BIDDING and phase is not PLAY:
            return "the match is over" if self._over else "the cards have not been dealt"
        if action in self.legal_actions():
            return None
        seat = self._to_act
        if phase is BIDDING:
            return self._why_not_bid(action)
        if action in (ACCEPT, PASS) or TRUMP <= action < SWAP7:
            return "the bidding is over: play a card"
        hand = self._hands[seat]
        if action == SWAP7:
            return self._why_not_swap(seat, hand)
        if action == DECLARE:
            if self._trick_no:
                return "melds are declared in the first trick only"
            if self._declared[seat]:
                return "you have already declared your melds"
            return "you hold no meld (three or more cards in sequence in one suit)"
        c = action & 31
        name = format_card(c)
        if not hand >> c & 1:
            return f"you do not hold {name}"
        if action >= BELLA:
            trump = self._trump
            if c >> 3 != trump or c & 7 not in (KING, QUEEN):
                return "bella is the king and queen of trump: announce it with one of them"
            other = card(trump, KING + QUEEN - (c & 7))
            if not hand >> other & 1:
                return (f"bella needs both: you no longer hold {format_card(other)}")
            if not self._bella_allowed(seat):
                return "bella may be announced only after your side has won a trick"
        return self._why_not_card(seat, hand, c)

    def _why_not_bid(self, action: int) -> str:
        turned = SUIT_LETTERS[self._turned >> 3]
        if action < ACCEPT or action in (SWAP7, DECLARE):
            return "the bidding is under way: " + (
                "accept the turned suit or pass" if self._round == 1
                else "name a trump with 'trump S' or pass")
        if action == ACCEPT:
            return (f"round 2: the turned suit {turned} was refused; name another suit "
                    "with 'trump S' or pass")
        if action == PASS:
            return "with obligation the dealer, last in round 2, must name a trump"
        if self._round == 1:
            return "round 1: accept the turned suit or pass; naming a suit comes in round 2"
        return f"{turned} was turned and refused in round 1: name another suit"

    def _why_not_swap(self, seat: int, hand: Hand) -> str:
        if not self.rules.seven_swap or self._teams:
            return "the seven swap is not played at this table"
        if self._trump != self._turned >> 3:
            return "the seven swap is possible only when the turned suit is trump"
        if self._swapper >= 0:
            return "the turned card has already been swapped"
        if self._trick_no:
            return "the seven may be swapped only before your first card"
        if self._declared[seat]:
            return "the seven must be swapped before you declare"
        return f"you do not hold the seven of trump ({format_card(self._trump * 8 + SEVEN)})"

    def _why_not_card(self, seat: int, hand: Hand, c: Card) -> str:
        trick = self._trick
        led = trick[0] >> 3
        trump = self._trump
        names = ("spades", "clubs", "diamonds", "hearts")
        legal = self._legal_cards(seat, hand)
        if hand & SUIT_MASK[led]:
            if c >> 3 != led:
                return f"you must follow suit ({names[led]})"
            return ("you must play a higher trump than the trick's best: "
                    + format_cards(x for x in range(32) if legal >> x & 1))
        if c >> 3 != trump:
            return f"you have no {names[led]}, so you must trump ({names[trump]})"
        return ("you must overtrump the trick's best trump: "
                + format_cards(x for x in range(32) if legal >> x & 1))

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

    # -- hidden information ----------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
        from kozyr.games.debertz.observer import observation
        return observation(self, seat)

    def resample(self, seat: int, rng: random.Random) -> DebertzMatch:
        """Return a copy whose cards hidden from ``seat`` are dealt again, consistently."""
        from kozyr.games.debertz.observer import resample
        out = resample(self, seat, rng)
        # Nothing true but unseen may stay in a sample: the seed would deal this deal and the
        # next ones again, and earlier deals' records hold hands this seat never saw.
        out.seed = rng.getrandbits(63)
        out._records = []
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled match; phases are compared by identity, so re-use the constants."""
        state["_phase"] = _PHASES[state["_phase"]]
        self.__dict__.update(state)

    def clone(self) -> DebertzMatch:
        """Return an independent copy."""
        new = object.__new__(DebertzMatch)
        d = self.__dict__.copy()
        for key in ("_sheet", "_totals", "_baits", "_records", "_hands", "_trick", "_won",
                    "_side_won", "_side_points", "_declared", "_melds", "_bella", "_history"):
            d[key] = list(d[key])
        new.__dict__.update(d)
        return new
