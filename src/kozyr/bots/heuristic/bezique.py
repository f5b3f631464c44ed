"""The Bezique heuristic: declare the dearest combination, exchange and show sevens, keep the
cards that make combinations, throw cheap cards while the stock lasts, win brisques late.

While the stock lasts nobody must follow, so a trick is worth winning only for its brisques
or to declare: the bot answers an ace or a ten with a higher card of its suit or a low trump,
and otherwise throws its cheapest card (a low plain card, never a bezique card, a king or
queen that may still marry, nor an ace).  In the last eight it wins as cheaply as it can.
"""

from __future__ import annotations

import random
from typing import Any

from kozyr.cards import ACE, JACK, KING, QUEEN, TEN, parse_suit
from kozyr.games.bezique.cardplay import card_of, follower_wins
from kozyr.games.bezique.combinations import COMBOS, INDEX, mask_of, value

_BRISQUE = (ACE, TEN)


class BeziqueHeuristic:
    """Chooses one Bezique action from an observation and the legal texts."""

    def __init__(self, rng: random.Random, noise: float = 0.0) -> None:
        self.rng = rng
        self.noise = noise

    def choose(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Return the text of the action to take."""
        if len(texts) == 1:
            return texts[0]
        if self.noise and self.rng.random() < self.noise / 3:
            return self.rng.choice(texts)
        trump = parse_suit(str(obs.get("trump") or "S"))
        declares = [t for t in texts if t.startswith("declare")]
        if declares:  # the dearest first (with seven_is_meld it is the trick's only one)
            return max(declares, key=lambda t: value(
                COMBOS[INDEX[mask_of(t.split(None, 1)[1])]], trump))
        for verb in ("swap7", "show7", "draw"):  # draw ends the window: nothing left to do
            for t in texts:
                if t.startswith(verb):
                    return t
        plays = {card_of(t.split()[1]): t for t in texts if t.startswith("play")}
        return plays[self._card(obs, list(plays), trump)]

    def _keep(self, c: int, trump: int) -> int:
        """Return how much the bot wants to keep ``c`` (higher: keep longer)."""
        r, s = c & 7, (c & 31) >> 3
        k = r
        if s == trump:
            k += 8
        if r in (KING, QUEEN, JACK, ACE):
            k += 3
        if (r == QUEEN and s == 0) or (r == JACK and s == 2):
            k += 6
        return k

    def _card(self, obs: dict[str, Any], cards: list[int], trump: int) -> int:
        trick = obs.get("trick") or []
        stock = int(obs.get("stock_size") or 0)
        cheap = sorted(cards, key=lambda c: (self._keep(c, trump), c))
        if not trick:
            if stock:
                plain = [c for c in cheap if c & 7 not in _BRISQUE]
                return (plain or cheap)[0]
            return max(cards, key=lambda c: ((c & 31) >> 3 == trump, c & 7))
        led = card_of(str(trick[0][1]))
        winners = [c for c in cheap if follower_wins(c, led, trump)]
        if stock:
            if led & 7 in _BRISQUE and winners:
                return winners[0]
            losers = [c for c in cheap if c & 7 not in _BRISQUE and c not in winners]
            return (losers or cheap)[0]
        return winners[0] if winners else cheap[0]
