"""A model of the heuristic player (``normal``) at Thousand, for the search bot's inference.

Given a sampled deal (a match from ``view.sample``: the dealt hands, the talon, the gives) and
the observation of the seat that samples, :meth:`HeuristicModel.mismatches` replays the
deal's public history and counts the opponents' choices that the heuristic
(:class:`kozyr.bots.heuristic.thousand.ThousandHeuristic`) would *not* have made holding the
sample's cards: bids and passes, the declarer's two gives and contract, and every card played
with a choice.  The PIMC bot weighs a sample by ``mismatch_weight ** mismatches`` — the
likelihood of the past under "he plays like the heuristic, or now and then anything" — so its
samples put the cards where the opponents' bidding and play say they are.

It reads nothing but the sample and the sampling seat's observation: the sample is built
from that observation, so the model knows no more than the seat does.  Three players (the
dealer of four sits out and is handled the same), marriages making trumps; other variants
(blind bids, a named trump, two players' piles) are not modelled and count no mismatch.

>>> from kozyr.games import new_match
>>> from kozyr.bots import make_bot
>>> m = new_match("thousand", None, seed=3)
>>> bots = [make_bot("normal", s) for s in range(3)]
>>> m.deal()
>>> while m.legal_actions() and len(m.view(0).observation()["history"]) < 20:
...     m.apply_action(bots[m.current_player()].act(m.view(m.current_player())))
>>> HeuristicModel(m.rules).mismatches(m, m.view(0).observation(), 0)  # the true deal
0
"""

from __future__ import annotations

import random
from typing import Any

from kozyr.bots.heuristic.common import PlayContext, choose_card, seats_after
from kozyr.bots.heuristic.thousand import (
    BID_MARGIN,
    RAISE_MARGIN,
    ThousandHeuristic,
    estimate_hand,
    hopeless_contract,
    marriage_cards,
    marriage_suits,
    points,
)
from kozyr.cards import ACE, QUEEN, THOUSAND_DECK
from kozyr.games.thousand.actions import parse_action
from kozyr.games.thousand.cardplay import ACES_MASK, legal_to_trick
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.position import ThousandPosition
from kozyr.games.thousand.tables import hand_cap
from kozyr.games.tricks import PLAIN_ORDER


class HeuristicModel:
    """Counts where a sampled deal contradicts the heuristic's past choices (see module)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.values = tuple(rules.marriages)
        self.step = int(rules.bid_step)
        self.n = int(rules.players)
        self.margin = BID_MARGIN.get(self.n, 20)
        self.heuristic = ThousandHeuristic(random.Random(0))
        #: whether the rules are ones the model follows (else it counts nothing)
        self.applies = self.n in (3, 4) and not rules.declarer_names_trump
        #: the declarations (§11's options: the leads are not modelled, only what they do)
        self.decl = Declarations.of(rules)

    # -- the heuristic's choices, from cards ---------------------------------------------
    def willing(self, hand: int) -> int:
        """Return the highest bid the heuristic makes with the dealt ``hand``."""
        est = estimate_hand(hand, self.values, talon=True, decl=self.decl) - self.margin
        return min(est // self.step * self.step, hand_cap(hand, self.rules))

    def contract(self, hand: int, bid: int) -> int:
        """Return the contract the heuristic announces with ``hand`` after a bid of ``bid``."""
        est = estimate_hand(hand, self.values, decl=self.decl)
        target = (est - RAISE_MARGIN) // self.step * self.step
        top = min(target, hand_cap(hand, self.rules))
        above = (bid // self.step + 1) * self.step
        return top if top >= above else bid

    def give(self, hand: int) -> int:
        """Return the card the heuristic passes first from ``hand`` (the least useful)."""
        part_cost = self.heuristic.part_cost
        cards = [c for c in range(32) if hand >> c & 1]
        return min(cards, key=lambda c: (part_cost(c, hand, banked=False, decl=self.decl), c))

    def declare(self, hand: int, talon: int, bid: int,
                writeoff_ok: bool) -> tuple[int | None, float]:
        """Return (contract or None for a write-off, chance to make it) of the heuristic as
        declarer at ``bid`` with the dealt ``hand`` and ``talon`` (its two gives made).

        The chance is :func:`make_chance` of his hand estimate over the contract.
        """
        full = hand | talon
        for _ in range(2):
            full &= ~(1 << self.give(full))
        est = estimate_hand(full, self.values, decl=self.decl)
        if writeoff_ok and hopeless_contract(self.rules, est, bid):
            return None, 0.0
        c = self.contract(full, bid)
        return c, make_chance(est - c)

    def auction(self, willing: dict[int, int], turn: list[int], bid: int,
                high: int | None) -> tuple[int | None, int]:
        """Return (declarer, bid) when the seats of ``turn`` (in turn order, still bidding)
        go on by the heuristic's rule (raise one step while ``willing``) after ``bid`` by
        ``high``; ``high`` keeps it when nobody raises.
        """
        active = list(turn)
        step = self.step
        moved = True
        while moved:
            moved = False
            for p in list(active):
                if p == high:
                    continue
                if willing[p] >= bid + step:
                    bid += step
                    high = p
                    moved = True
                else:
                    active.remove(p)
        return high, bid

    def lead(self, ctx: PlayContext, trick_no: int) -> tuple[int, bool]:
        """Return the heuristic's lead: (card, declares a marriage)."""
        hand = ctx.hand
        if trick_no or self.rules.marriage_on_first_trick:
            # the most valuable marriage, its queen (the lowest suit on a tie); four aces first
            if self.rules.ace_marriage and hand & ACES_MASK == ACES_MASK:
                return min(s * 8 + ACE for s in range(4)), True
            suits = marriage_suits(hand)
            if suits:
                return max(suits, key=lambda s: (self.values[s], -s)) * 8 + QUEEN, True
        return choose_card(ctx), False

    # -- the replay ------------------------------------------------------------------------
    def mismatches(self, m: Any, obs: dict[str, Any], me: int) -> int:
        """Return how many of the opponents' past choices the heuristic would not make in ``m``.

        ``m`` is a sample of ``me``'s view (its dealt hands, talon and gives fit ``obs``).
        """
        if not self.applies:
            return 0
        p = ThousandPosition(m)
        hands = list(p.dealt.hands)
        talon = p.talon
        given = p.given
        n = len(hands)
        dealer = obs.get("dealer")
        order = [s for s in range(n) if not (n == 4 and s == dealer)]
        decl = obs.get("declarer")
        miss = 0
        bid = 0
        gi = 0
        trump = -1
        trick: list[tuple[int, int]] = []
        gone = 0
        trick_no = 0
        must_beat = bool(self.rules.must_beat)
        for seat, text in obs.get("history") or []:
            seat = int(seat)
            parts = str(text).split()
            head = parts[0] if parts else ""
            if head == "bid" and len(parts) > 1:
                value = int(parts[1])
                if bid and seat != me and self.willing(hands[seat]) < value:
                    miss += 1
                bid = max(bid, value)
            elif head == "pass":
                if bid and seat != me and self.willing(hands[seat]) >= bid + self.step:
                    miss += 1
            elif head == "give":
                if gi == 0 and decl is not None:
                    hands[int(decl)] |= talon
                if gi >= len(given):
                    continue
                to, c = given[gi]
                gi += 1
                if seat != me and self.give(hands[seat]) != c:
                    miss += 1
                hands[seat] &= ~(1 << c)
                hands[to] |= 1 << c
            elif head == "contract" and len(parts) > 1:
                if seat != me and self.contract(hands[seat], bid) != int(parts[1]):
                    miss += 1
            elif head == "play" and len(parts) > 1:
                action = parse_action(str(text))
                c = action & 31
                declared = len(parts) > 2
                h = hands[seat]
                if seat != me:
                    if trick:
                        legal = legal_to_trick(h, [x for _, x in trick], trump, must_beat)
                    else:
                        legal = h
                    if legal & (legal - 1) or (not trick and marriage_suits(h)):
                        ctx = PlayContext(
                            seat=seat, hand=h,
                            options={x: [] for x in range(32) if legal >> x & 1},
                            trick=list(trick), trump=trump if trump >= 0 else None,
                            after=seats_after(seat, len(trick), order),
                            friends=frozenset(s for s in order if s not in (seat, decl))
                            if decl is not None and decl != seat else frozenset(),
                            live=THOUSAND_DECK & ~h & ~gone, trump_order=PLAIN_ORDER,
                            points=points, protect=marriage_cards(h),
                            draw_trumps=decl == seat)
                        if trick:
                            if choose_card(ctx) != c:
                                miss += 1
                        elif self.decl.plain and self.lead(ctx, trick_no) != (c, declared):
                            miss += 1
                hands[seat] = h & ~(1 << c)
                gone |= 1 << c
                if declared:
                    t = self.decl.effect(action)[1]
                    if t >= 0:
                        trump = t
                trick.append((seat, c))
                if len(trick) == len(order):
                    trick = []
                    trick_no += 1
        return miss


#: How often the heuristic declarer makes his contract, by his hand estimate (after the talon
#: and gives) over the contract, in steps of 10 from -40: measured over 6,000 deals of
#: heuristic play (3 players, classic), monotone.
_MAKE_BY_MARGIN = (0.09, 0.12, 0.40, 0.52, 0.64, 0.72, 0.85, 0.89, 0.94)


def make_chance(margin: int) -> float:
    """Return the heuristic declarer's chance to make a contract ``margin`` under his estimate.

    >>> make_chance(-100), make_chance(0), make_chance(100)
    (0.09, 0.64, 0.94)
    """
    i = (margin + 40) // 10
    return _MAKE_BY_MARGIN[max(0, min(i, len(_MAKE_BY_MARGIN) - 1))]


__all__ = ["HeuristicModel", "make_chance"]
