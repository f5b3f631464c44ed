"""The Tertz heuristic: swap the seven, declare, take tricks cheaply, keep trumps for later.

While the stock lasts nobody must beat, so trumps are worth more kept for the must-beat phase
(tricks 8 on): the bot ruffs only tricks with points in them, leads low plain cards, and
takes what it can cheaply.  ``swap7`` and ``declare`` are always taken when legal (the turned
card is never worse than the seven, and combinations only score if shown).
"""

from __future__ import annotations

from typing import Any

from kozyr.bots.heuristic.common import (
    GameHeuristic,
    PlayContext,
    choose_card,
    hand_from,
    pick_text,
    play_options,
    played_cards,
    suit_from,
    trick_cards,
)
from kozyr.cards import FULL_DECK, Card, bit, parse_card
from kozyr.games.tertz.cardplay import CARD_POINTS, TRUMP_STRENGTH


def points(c: Card, trump: int | None) -> int:
    """Return the Tertz card points of ``c`` with ``trump``."""
    # the engine's table; with no trump, read it under a trump of another suit
    return CARD_POINTS[((c >> 3) + 1) & 3 if trump is None else trump][c]


class TertzHeuristic(GameHeuristic):
    """Chooses one Tertz action from an observation and the legal texts."""

    def choose(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Return the text of the action to take."""
        move = self.obvious(texts)
        if move is not None:
            return move
        options = play_options(texts)
        if not options:
            return texts[0]
        return pick_text(options, choose_card(self.context(obs, options)))

    def context(self, obs: dict[str, Any], options: dict[Card, list[str]]) -> PlayContext:
        """Build the shared play context: two seats, J-9 trumps, trumps saved while stock lasts."""
        seat = int(obs["seat"])
        hand = hand_from(obs.get("hand"))
        trick = trick_cards(obs.get("trick") or [])
        gone = played_cards(obs.get("history") or [])
        for _, c in trick:
            gone |= bit(c)
        turned = obs.get("turned")
        if turned:
            gone |= bit(parse_card(str(turned)))  # lies beside the stock, in nobody's hand
        stock = int(obs.get("stock_size") or 0)
        return PlayContext(
            seat=seat, hand=hand, options=options, trick=trick,
            trump=suit_from(obs.get("trump")), after=[] if trick else [1 - seat],
            friends=frozenset(), live=FULL_DECK & ~hand & ~gone,
            trump_order=TRUMP_STRENGTH, points=points, save_trumps=stock > 0)


__all__ = ["TertzHeuristic", "points"]
