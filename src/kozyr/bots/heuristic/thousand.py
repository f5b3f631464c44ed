"""The Thousand heuristic: bidding from a hand estimate, passing, contract, write-off, play.

It reads only the seat's observation and the legal texts.  The estimate
(:func:`estimate_hand`) counts what a hand should take as declarer: aces and guarded tens
with the cards they collect, marriages (at full value only when an ace can win the lead
first), length in a suit headed by its ace; bidding adds the talon's expected value.

With §11's options (rules/thousand.md §11) it asks the engine's :class:`Declarations` what
each declaration is worth and what the cap is; it declares the dearest one when leading,
"in suit" (``keep``) when the trump already set suits its hand better; it buys a shown talon
only when the hand with it plainly makes the bid (the price rising with each purchase); it
strikes out (it costs nothing) where it would write off, or a little under the bid; a cheaper
write-off (``none``, ``half``) is taken sooner; it bids blind only to catch up late in the
match, and otherwise looks.

>>> from kozyr.cards import parse_hand
>>> values = (40, 60, 80, 100)
>>> estimate_hand(parse_hand("AH TH KH QH AS 9C JD"), values) > estimate_hand(
...     parse_hand("9H JH 9S JS 9C JC QD"), values)
True
"""

from __future__ import annotations

import random
from typing import Any

from kozyr.bots.heuristic.common import (
    PlayContext,
    choose_card,
    hand_from,
    pick_text,
    play_options,
    played_cards,
    seats_after,
    suit_from,
    trick_cards,
)
from kozyr.cards import (
    ACE,
    KING,
    QUEEN,
    SUIT_LETTERS,
    SUIT_MASK,
    SUITS,
    TEN,
    THOUSAND_DECK,
    Card,
    Hand,
    bit,
    card,
    parse_card,
    parse_hand,
)
from kozyr.games.thousand.actions import parse_action
from kozyr.games.thousand.cardplay import (
    RANK_POINTS,
    marriage_kings,
)
from kozyr.games.thousand.declarations import KEEPING, NAMING, QJ_MASK, Declarations
from kozyr.games.tricks import PLAIN_ORDER

#: A bidder stops this far below his estimate, by number of players (the estimate's error is
#: about 45 points before the talon).  Measured in heuristic-vs-heuristic play: with three
#: players 20 beat 0 and 10 and matched 30; with two, 40-80 beat 20 by about 8 points a deal.
BID_MARGIN = {2: 50, 3: 20, 4: 20}
#: The declarer raises the contract only with this much to spare over it.
RAISE_MARGIN = 50
#: A write-off needs the estimate this far under the bid ...
HOPELESS_BY = 30
#: ... and under ``120 - bid + WRITEOFF_SLACK``: below that the opponents would take more
#: (cards and their marriages) by playing than the write-off gives them.
WRITEOFF_SLACK = 45
#: A strike-out (``allow_strikeout``) costs the declarer nothing: he strikes out once his
#: estimate is this far under the bid (the opponents' dashes are bolts for them).
STRIKE_BY = 10
#: A buyer of the talon (``talon_buying``) needs his estimate with it this far over the bid,
#: plus ``BUY_PRICE_MARGIN`` for each purchase of the deal (the k-th credits the seller 120 k).
BUY_MARGIN = 25
BUY_PRICE_MARGIN = 20
#: A blind (own cards unseen) only to catch up: the leader at least this far ahead, and within
#: ``BLIND_LATE`` of the target (``blind_doubles`` = ``all`` doubles the opponents too: more).
BLIND_BEHIND = 250
BLIND_BEHIND_ALL = 350
BLIND_LATE = 300
#: The share of the four nines' (or four aces') value the estimate counts: declared by any
#: lead after the first trick, whatever the trump.
SURE_SHARE = 0.8


def points(c: Card, trump: int | None = None) -> int:
    """Return the card points of ``c``."""
    return RANK_POINTS[c & 7]


def marriage_suits(hand: Hand) -> list[int]:
    """Return the suits in which ``hand`` holds both king and queen."""
    kings = marriage_kings(hand)
    return [s for s in SUITS if kings >> card(s, KING) & 1]


def marriage_cards(hand: Hand) -> Hand:
    """Return the kings and queens of ``hand`` that form marriages."""
    kings = marriage_kings(hand)
    return kings | kings >> 1


def card_strength(hand: Hand) -> int:
    """Return the trick-taking part of a hand's worth: aces, guarded tens, long suits."""
    worth = 0
    for s in SUITS:
        suit = hand & SUIT_MASK[s]
        n = suit.bit_count()
        a = suit >> card(s, ACE) & 1
        t = suit >> card(s, TEN) & 1
        if a:
            worth += 17 + (5 * (n - 3) if n >= 4 else 0)
        if t:
            worth += 15 if a else (4 if n >= 3 else 0)
        if a and t and suit >> card(s, KING) & 1 and not suit >> card(s, QUEEN) & 1:
            worth += 6
    return worth


def estimate_hand(hand: Hand, values: tuple[int, ...], *, talon: bool = False,
                  decl: Declarations | None = None) -> int:
    """Return the points ``hand`` should take as declarer (cards taken plus marriages).

    ``talon``: the hand is still to receive the talon (bidding), else it is the final hand.
    The weights were fitted by least squares on heuristic play (a seat made declarer at 100
    over 1,500 seeded deals): a marriage is worth its value only with an ace to win the lead
    first, and a second marriage about half of its value.  With ``decl`` (§11's
    declarations) a bed marriage counts as a marriage of its value, and the four nines and
    four aces (declared at any lead after the first trick, whatever the trump)
    :data:`SURE_SHARE` of theirs (:func:`declaration_worth`).
    """
    has_ace = any(hand >> card(s, ACE) & 1 for s in SUITS)
    married = sorted((values[s] for s in marriage_suits(hand)), reverse=True)
    sure = 0
    if decl is not None and not decl.plain_cap:
        beds, sure = declaration_worth(hand, decl)
        married = sorted(married + beds, reverse=True)
    first = married[0] if married else 0
    rest = sum(married[1:])
    cards = card_strength(hand)
    if talon:
        est = 55 + 0.8 * cards + (0.85 if has_ace else 0.5) * first + 0.2 * rest
    else:
        est = 13 + 0.95 * cards + (1.0 if has_ace else 0.05) * first + 0.45 * rest
    return int(est + SURE_SHARE * sure)


def declaration_cards(hand: Hand, decl: Declarations) -> Hand:
    """Return the cards of ``hand`` its §11 declarations need (a bed marriage's Q+J, four
    nines, four aces: parting with one lowers Declarations.held_value); 0 without them.

    >>> from kozyr.cards import format_hand
    >>> from kozyr.games.thousand.rules import ThousandRules
    >>> d = Declarations.of(ThousandRules(bed_marriage=True))
    >>> format_hand(declaration_cards(parse_hand("QH JH 9S"), d))
    'QH JH'
    """
    if decl.plain_cap:
        return 0
    held = decl.held_value(hand)
    return sum(1 << c for c in range(32)
               if hand >> c & 1 and decl.held_value(hand & ~(1 << c)) < held)


def hopeless_contract(rules: Any, est: int, bid: int) -> bool:
    """Return True if the heuristic declarer concedes a contract of ``bid`` with estimate
    ``est``: :data:`HOPELESS_BY` under it, and under ``120 - bid + WRITEOFF_SLACK``; a cheaper
    write-off (§11.5 ``writeoff_penalty`` ``half`` or ``none``) a little or just under it."""
    penalty = rules.writeoff_penalty
    if penalty == "none":
        return est < bid
    if penalty == "half":
        return est + HOPELESS_BY // 2 < bid
    return est + HOPELESS_BY < bid and est < 120 - bid + WRITEOFF_SLACK


def declaration_worth(hand: Hand, decl: Declarations) -> tuple[list[int], int]:
    """Return what §11's declarations add to a hand: the values of its bed marriages (Q+J of
    a suit without its K+Q), and the value of its four nines and four aces together (what
    Declarations.held_value counts beyond the K+Q marriages).

    >>> from kozyr.games.thousand.rules import ThousandRules
    >>> d = Declarations.of(ThousandRules(bed_marriage=True, four_nines=200))
    >>> declaration_worth(parse_hand("QH JH KS QS JS 9S 9C 9D 9H"), d)
    ([50], 200)
    """
    beds = []
    if decl.bed:
        for s in SUITS:
            if hand & QJ_MASK[s] == QJ_MASK[s] and not hand >> card(s, KING) & 1:
                beds.append(decl.values[s] // 2)
    kq = sum(decl.values[s] for s in marriage_suits(hand))
    return beds, max(decl.held_value(hand) - kq - sum(beds), 0)


class ThousandHeuristic:
    """Chooses one Thousand action from an observation and the legal texts."""

    def __init__(self, rng: random.Random, noise: float = 0.0) -> None:
        self.rng = rng
        self.noise = noise
        self._rules_key: Any = object()
        self._rules: Any = None
        self._decl_of: Any = None
        self._decl: Any = None

    # -- rules from the observation -----------------------------------------------------
    def rules(self, obs: dict[str, Any]) -> Any:
        """Return the ThousandRules the observation names (cached)."""
        key = repr(obs.get("rules"))
        if key != self._rules_key:
            from kozyr.games.thousand.rules import ThousandRules

            self._rules = ThousandRules.from_json(obs.get("rules"))
            self._rules_key = key
        return self._rules

    def declarations(self, obs: dict[str, Any]) -> Declarations:
        """Return the table's declaration rules (the engine's one place for them)."""
        rules = self.rules(obs)
        if self._decl_of is not rules:
            self._decl_of = rules
            self._decl = Declarations.of(rules)
        decl: Declarations = self._decl
        return decl

    # -- the decision --------------------------------------------------------------------
    def choose(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Return the text of the action to take."""
        if len(texts) == 1:
            return texts[0]
        if self.noise and self.rng.random() < self.noise / 3:
            return self.rng.choice(texts)
        heads = {t.split()[0] for t in texts}
        if "play" in heads:
            return self.play(obs, texts)
        if "keep" in heads or "redeal" in heads:
            return self.redeal(obs, texts)
        if "decline" in heads:  # talon_buying (buy() prices each buy-back higher: it ends)
            return self.buy(obs, texts)
        if "blind" in heads or "bid" in heads or heads == {"pass"}:
            return self.bid(obs, texts)
        if "take" in heads:
            return min(t for t in texts if t.startswith("take"))
        if "give" in heads:
            return self.give(obs, texts)
        if "discard" in heads:
            return self.discard(obs, texts)
        if "trump" in heads:
            return self.name_trump(obs, texts)
        if "contract" in heads or "writeoff" in heads:
            return self.contract(obs, texts)
        return texts[0]

    def values(self, obs: dict[str, Any]) -> tuple[int, ...]:
        """Return the marriage values by suit."""
        return tuple(self.rules(obs).marriages)

    def redeal(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Ask for a redeal with a poor hand that holds no marriage (or a hopeless contract)."""
        hand = hand_from(obs.get("hand"))
        want = not marriage_suits(hand)
        if obs.get("declarer") == obs.get("seat") and obs.get("bid"):
            want = estimate_hand(hand, self.values(obs)) + HOPELESS_BY < int(obs["bid"])
        if want and "redeal" in texts:
            return "redeal"
        if "keep" in texts:
            return "keep"
        # A poor-talon redeal offered beside the talon's other choices: decide those instead.
        return self.choose(obs, [t for t in texts if t != "redeal"])

    def bid(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Raise to the smallest legal bid within the hand's estimate, else pass."""
        bids = sorted(int(t.split()[1]) for t in texts if t.startswith("bid "))
        if obs.get("hand") is None:
            # Blind decision (own cards unseen): the gamble only to catch up
            # (:meth:`wants_blind`), else look (or the plain forced bid).
            if "blind" in texts and self.wants_blind(obs):
                return "blind"
            if "look" in texts:
                return "look"
            if bids:
                return f"bid {bids[0]}"
            return "pass" if "pass" in texts else texts[0]
        hand = hand_from(obs.get("hand"))
        players = int(self.rules(obs).players)
        est = estimate_hand(hand, self.values(obs), talon=True,
                            decl=self.declarations(obs)) - BID_MARGIN.get(players, 20)
        if self.noise:
            est += self.rng.randint(-25, 25)
        willing = self.max_bid(hand, est, obs)
        ok = [b for b in bids if b <= willing]
        if ok:
            return f"bid {ok[0]}"
        if "pass" in texts:
            return "pass"
        return f"bid {bids[0]}" if bids else texts[0]

    def max_bid(self, hand: Hand, est: int, obs: dict[str, Any]) -> int:
        """Return the highest bid this seat would make: estimate, cap (Declarations.cap:
        marriages, and with §11's options bed marriages, four nines) and max_bid."""
        rules = self.rules(obs)
        step = int(rules.bid_step)
        cap = self.declarations(obs).cap(hand)
        return min(est // step * step, cap, int(rules.max_bid))

    def wants_blind(self, obs: dict[str, Any]) -> bool:
        """Return True if a blind 120 (own cards unseen, the score doubled) is worth its risk:
        only to catch up late in the match, since an unseen hand makes 120 less often than
        not (the opponent leading by :data:`BLIND_BEHIND`, more if the blind doubles the
        opponents too, and within :data:`BLIND_LATE` of the target); never on the barrel."""
        rules = self.rules(obs)
        me = int(obs["seat"])
        totals = [int(t) for t in obs.get("totals") or []]
        if len(totals) < 2 or me in (obs.get("barrel") or []):
            return False
        lead = max(t for s, t in enumerate(totals) if s != me)
        behind = BLIND_BEHIND_ALL if rules.blind_doubles == "all" else BLIND_BEHIND
        return lead - totals[me] >= behind and lead >= int(rules.target) - BLIND_LATE

    def buy(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Buy the shown talon (``talon_buying``) when the hand with it, after two gives,
        plainly makes the bid (its estimate :data:`BUY_MARGIN` over it, and
        :data:`BUY_PRICE_MARGIN` more per purchase: the k-th credits the seller 120 k)."""
        hand = hand_from(obs.get("hand"))
        talon = obs.get("talon")
        if "buy" not in texts or not isinstance(talon, str) or not talon:
            return "decline" if "decline" in texts else texts[0]
        full = hand | parse_hand(talon)
        decl = self.declarations(obs)
        for _ in range(2):
            c = min((c for c in range(32) if full >> c & 1),
                    key=lambda c: (self.part_cost(c, full, banked=False, decl=decl), c))
            full &= ~(1 << c)
        bid = int(obs.get("bid") or 100)
        est = estimate_hand(full, self.values(obs), decl=decl)
        k = len(obs.get("sales") or []) + 1
        if decl.cap(full) >= bid and est >= bid + BUY_MARGIN + BUY_PRICE_MARGIN * k:
            return "buy"
        return "decline" if "decline" in texts else texts[0]

    # -- talon ---------------------------------------------------------------------------
    def part_cost(self, c: Card, hand: Hand, *, banked: bool,
                  decl: Declarations | None = None) -> int:
        """Return the cost of parting with ``c`` (given away, or discarded for oneself); a
        card of a held marriage (with ``decl``'s §11 options: of any held declaration, whose
        loss lowers Declarations.held_value) is never given."""
        if marriage_cards(hand) >> c & 1:
            return 1000
        if decl is not None and declaration_cards(hand, decl) >> c & 1:
            return 1000
        s, r = c >> 3, c & 7
        suit = hand & SUIT_MASK[s]
        n = suit.bit_count()
        structural = 0
        if r == ACE:
            structural = 45
        elif r == TEN:
            structural = 32 if suit >> card(s, ACE) & 1 else 0
        elif r == KING and suit >> card(s, ACE) & 1 and suit >> card(s, TEN) & 1:
            structural = 8
        if n == 1:
            structural -= 4  # a void to come
        elif n == 2 and not suit >> card(s, ACE) & 1:
            structural -= 1
        # Given cards are points for an opponent; discarded ones count for the declarer.
        pts = points(c)
        return structural - pts // 2 if banked else structural + pts

    def give(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Pass the least useful card, to the opponents in clockwise order."""
        hand = hand_from(obs.get("hand"))
        opts: dict[Card, list[tuple[int, str]]] = {}
        for t in texts:
            parts = t.split()
            if parts[0] == "give":
                opts.setdefault(parse_card(parts[2]), []).append((int(parts[1]), t))
        if not opts:
            return self.contract(obs, texts)
        decl = self.declarations(obs)
        c = min(opts, key=lambda c: (self.part_cost(c, hand, banked=False, decl=decl), c))
        seat = int(obs.get("seat") or 0)
        n = int(self.rules(obs).players)
        return min(opts[c], key=lambda p: (p[0] - seat) % n)[1]

    def discard(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Discard (two players) the card whose points are best banked now."""
        hand = hand_from(obs.get("hand"))
        opts = {parse_card(t.split()[1]): t for t in texts if t.startswith("discard ")}
        decl = self.declarations(obs)
        c = min(opts, key=lambda c: (self.part_cost(c, hand, banked=True, decl=decl), c))
        return opts[c]

    def name_trump(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Name the longest, strongest suit (501)."""
        hand = hand_from(obs.get("hand"))
        values = self.values(obs)

        def score(s: int) -> int:
            suit = hand & SUIT_MASK[s]
            pts = sum(RANK_POINTS[r] for r in range(8) if suit >> card(s, r) & 1)
            married = suit >> card(s, KING) & 1 and suit >> card(s, QUEEN) & 1
            return 12 * suit.bit_count() + pts + (values[s] // 4 if married else 0)
        opts = {SUIT_LETTERS.index(t.split()[1][0].upper()): t
                for t in texts if t.startswith("trump ")}
        return opts[max(opts, key=score)]

    def contract(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Announce the bid (more when the hand plainly makes more), or write off if hopeless."""
        hand = hand_from(obs.get("hand"))
        est = estimate_hand(hand, self.values(obs), decl=self.declarations(obs))
        bid = int(obs.get("bid") or 100)
        hopeless = hopeless_contract(self.rules(obs), est, bid)
        if "strikeout" in texts and self.wants_strikeout(obs, est, bid, hopeless):
            return "strikeout"
        if "writeoff" in texts and hopeless:
            return "writeoff"
        contracts = sorted(int(t.split()[1]) for t in texts if t.startswith("contract "))
        if not contracts:
            return next((t for t in texts if t != "writeoff"), texts[0])
        step = self.rules(obs).bid_step
        target = (est - RAISE_MARGIN) // step * step
        ok = [c for c in contracts if c <= target]
        return f"contract {max(ok) if ok and max(ok) > contracts[0] else contracts[0]}"

    def wants_strikeout(self, obs: dict[str, Any], est: int, bid: int, hopeless: bool) -> bool:
        """Return True to strike the deal out (``allow_strikeout``).  It costs the declarer
        nothing (each opponent gets a dash, a bolt), so he strikes out wherever he would
        write off, and whenever his estimate is :data:`STRIKE_BY` under the bid; at any
        estimate short of the bid if an opponent is one bolt short of the bolt penalty.  A
        strike-out that would be his third write-off costs ``writeoff_third_penalty``: then
        only when hopeless."""
        rules = self.rules(obs)
        me = int(obs["seat"])
        writeoffs = obs.get("writeoffs") or []
        if rules.writeoff_third_penalty and writeoffs and int(writeoffs[me]) == 2:
            return hopeless
        limit = int(rules.bolt_limit or 0)
        dashes = rules.bolt_when != "never" and limit and rules.bolt_penalty
        skip = {me, obs.get("sitting_out"), *(obs.get("barrel") or [])}
        near = dashes and any(int(b) == limit - 1 for s, b in enumerate(obs.get("bolts") or [])
                              if s not in skip)
        return hopeless or est + STRIKE_BY < bid or bool(near and est < bid)

    # -- play ----------------------------------------------------------------------------
    def play(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Make the best declaration when leading (:meth:`declaration`), else play by the
        shared trick rules."""
        declaring = [t for t in texts if len(t.split()) > 2]
        if declaring and not self.silenced(obs):
            return self.declaration(obs, declaring)
        plays = [t for t in texts if t.startswith("play ")]
        options = play_options(plays)
        ctx = self.context(obs, options)
        return pick_text(options, choose_card(ctx))

    def silenced(self, obs: dict[str, Any]) -> bool:
        """Return True if this seat's declarations score nothing for it (an opponent under
        ``marriage_declarer_only``, a barrel seat under ``barrel_no_marriages``): it then
        plays its cards by the trick rules, declaring only where a card can be led no other
        way (``marriage_auto``)."""
        rules = self.rules(obs)
        seat = obs.get("seat")
        return bool((rules.marriage_declarer_only and obs.get("declarer") != seat)
                    or (rules.barrel_no_marriages and seat in (obs.get("barrel") or [])))

    def declaration(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Return the declaring lead to make: the dearest (Declarations.value); by its lower
        card (the queen of a marriage, the jack of a bed marriage: the higher one stays to
        win later); "in suit" (``keep``) when the trump already set is a better trump for
        this hand than the declaration's suit (:meth:`suit_worth`)."""
        decl = self.declarations(obs)
        hand = hand_from(obs.get("hand"))
        trump = suit_from(obs.get("trump"))

        def worth(t: str) -> tuple[int, int, int]:
            a = parse_action(t)
            c = a & 31
            keeps = a - c in KEEPING
            fit = 0
            if trump is not None and trump != c >> 3 and (keeps or a - c in NAMING):
                better = self.suit_worth(hand, trump) > self.suit_worth(hand & ~(1 << c), c >> 3)
                fit = 1 if keeps == better else -1
            return (decl.value(a), fit, -(c & 7))
        return max(texts, key=worth)

    @staticmethod
    def suit_worth(hand: Hand, s: int) -> int:
        """Return how good suit ``s`` is as this hand's trump: its length and its points."""
        suit = hand & SUIT_MASK[s]
        return 12 * suit.bit_count() + sum(RANK_POINTS[c & 7] for c in range(32) if suit >> c & 1)

    def context(self, obs: dict[str, Any], options: dict[Card, list[str]]) -> PlayContext:
        """Build the shared play context from the observation."""
        seat = int(obs["seat"])
        n = int(self.rules(obs).players)
        dealer = obs.get("dealer")
        order = [s for s in range(n) if not (n == 4 and s == dealer)]
        hand = hand_from(obs.get("hand"))
        trick = trick_cards(obs.get("trick") or [])
        declarer = obs.get("declarer")
        friends = frozenset(s for s in order if s not in (seat, declarer)) \
            if declarer is not None and declarer != seat else frozenset()
        gone = played_cards(obs.get("history") or [])
        for _, c in trick:
            gone |= bit(c)
        discards = obs.get("discards")
        if isinstance(discards, str) and discards:
            gone |= parse_hand(discards)
        live = THOUSAND_DECK & ~hand & ~gone
        return PlayContext(
            seat=seat, hand=hand, options=options, trick=trick,
            trump=suit_from(obs.get("trump")), after=seats_after(seat, len(trick), order),
            friends=friends, live=live, trump_order=PLAIN_ORDER, points=points,
            protect=marriage_cards(hand) | declaration_cards(hand, self.declarations(obs)),
            draw_trumps=declarer == seat)


__all__ = ["ThousandHeuristic", "declaration_worth", "estimate_hand", "hopeless_contract",
           "marriage_suits", "points"]
