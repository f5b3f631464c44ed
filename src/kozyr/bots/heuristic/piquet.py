"""The Piquet heuristic: keep what declares (the point suit, sequences, sets), exchange the
rest, declare everything, and play the masters of long suits.

Exchange: each card's keep value counts its suit's length, whether it is in a sequence or
one card short of one, its rank's set (tens to aces), and its power in play; elder exchanges
as many as he may (five: the usual advice), younger those of his cards worth least, at most
what the talon holds.  Play: lead a master, else the lowest card of the longest suit; win the
trick with the lowest card that wins; otherwise throw the lowest card of the shortest suit.
"""

from __future__ import annotations

import random
from typing import Any

from kozyr.bots.heuristic.common import hand_from, played_cards
from kozyr.cards import SUIT_MASK, Card, Hand, bit, cards_of, format_hand, parse_card
from kozyr.games.piquet.cardplay import HIGHER, STRENGTH
from kozyr.games.piquet.combinations import ORDER, RANK_MASK, SET_RANKS


def keep_value(c: Card, hand: Hand) -> int:
    """Return how much ``c`` is worth keeping in ``hand`` (declarations and play)."""
    suit = hand & SUIT_MASK[c >> 3]
    v = 3 * suit.bit_count() + 2 * STRENGTH[c]
    places = {ORDER[d & 7] for d in cards_of(suit)}
    p = ORDER[c & 7]
    run = 1
    q = p + 1
    while q in places:
        run, q = run + 1, q + 1
    q = p - 1
    while q in places:
        run, q = run + 1, q - 1
    if run >= 3:
        v += 4 * run
    elif run == 2:
        v += 3
    if c & 7 in SET_RANKS:
        n = (hand & RANK_MASK[c & 7]).bit_count()
        v += {2: 3, 3: 10, 4: 25}.get(n, 0)
    return v


def choose_discard(hand: Hand, lo: int, hi: int, elder: bool) -> Hand:
    """Return the cards to exchange: the least worth keeping, ``lo`` to ``hi`` of them."""
    ranked = sorted(cards_of(hand), key=lambda c: (keep_value(c, hand), c))
    if elder:
        k = hi
    else:
        k = max(lo, min(hi, sum(1 for c in ranked if keep_value(c, hand) < 18)))
    return sum(bit(c) for c in ranked[:k])


class PiquetHeuristic:
    """Chooses one Piquet action from an observation and the legal texts."""

    def __init__(self, rng: random.Random, noise: float = 0.0) -> None:
        self.rng = rng
        self.noise = noise

    def choose(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Return the text of the action to take."""
        if len(texts) == 1:
            return texts[0]
        if self.noise and self.rng.random() < self.noise / 3:
            return self.rng.choice(texts)
        if "declare" in texts:
            return "declare"
        hand = hand_from(obs.get("hand"))
        if any(t.startswith("exchange") for t in texts):
            return self._exchange(obs, hand, texts)
        cards = [parse_card(t.split()[1]) for t in texts if t.startswith("play")]
        if not cards:
            return texts[0]
        return "play " + format_hand(bit(self._card(obs, hand, cards)))

    def _exchange(self, obs: dict[str, Any], hand: Hand, texts: list[str]) -> str:
        sizes = sorted({len(t.split()) - 1 for t in texts if t.startswith("exchange")})
        elder = obs.get("elder") == obs.get("seat")
        mask = choose_discard(hand, sizes[0], sizes[-1], elder)
        text = "exchange " + format_hand(mask)
        return text if text in texts else next(t for t in texts if t.startswith("exchange"))

    def _card(self, obs: dict[str, Any], hand: Hand, cards: list[Card]) -> Card:
        gone = played_cards(obs.get("history") or [])
        trick = obs.get("trick") or []
        live = 0xFFFFFFFF & ~hand & ~gone
        if not trick:
            masters = [c for c in cards if not HIGHER[c] & live]
            if masters:
                return max(masters, key=lambda c: ((hand & SUIT_MASK[c >> 3]).bit_count(),
                                                   STRENGTH[c]))
            return min(cards, key=lambda c: (-(hand & SUIT_MASK[c >> 3]).bit_count(),
                                             STRENGTH[c]))
        lead = parse_card(str(trick[0][1]))
        winners = [c for c in cards if HIGHER[lead] >> c & 1]
        if winners:
            return min(winners, key=lambda c: STRENGTH[c])
        return min(cards, key=lambda c: ((hand & SUIT_MASK[c >> 3]).bit_count(), STRENGTH[c]))


__all__ = ["PiquetHeuristic", "choose_discard", "keep_value"]
