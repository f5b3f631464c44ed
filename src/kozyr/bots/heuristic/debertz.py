"""The Debertz heuristic: order or name a trump from trump strength, swap7, declare, bella, play.

A suit's worth as trump counts the jack and nine above all (the two top trumps), then the
ace and ten, then length, plus side aces.  The bot accepts the turned suit (round 1) or
names its best other suit (round 2) when that worth reaches a bar that is higher with three
players (the declarer must outscore both defenders).  In play it takes ``swap7``,
``declare`` and ``bella`` whenever they are legal and follows the shared trick rules with
the J-9 trump order; partners (four players) and fellow defenders (three) feed each other.

>>> from kozyr.cards import parse_hand
>>> strong, weak = parse_hand("JH 9H AH 7S 8C KD"), parse_hand("7H 8H QH AS 9C KD")
>>> trump_worth(strong, 3) > trump_worth(weak, 3)
True
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
from kozyr.cards import (
    ACE,
    FULL_DECK,
    JACK,
    NINE,
    SUIT_LETTERS,
    SUIT_MASK,
    SUITS,
    TEN,
    Card,
    Hand,
    bit,
    card,
    parse_card,
)
from kozyr.games.debertz.cardplay import CARD_POINTS, TRUMP_STRENGTH

#: The worth a suit needs to be ordered as trump, by number of players (measured against
#: bars a unit lower and higher in heuristic-vs-heuristic play: none did clearly better).
BAR = {2: 3.0, 3: 4.5, 4: 3.5}


def points(c: Card, trump: int | None) -> int:
    """Return the Debertz card points of ``c`` with ``trump``."""
    # the engine's table; with no trump, read it under a trump of another suit
    return CARD_POINTS[((c >> 3) + 1) & 3 if trump is None else trump][c]


def trump_worth(hand: Hand, suit: int) -> float:
    """Return how strong ``hand`` is with ``suit`` as trump (about one unit per sure trick)."""
    trumps = hand & SUIT_MASK[suit]
    worth = 0.0
    for rank, w in ((JACK, 1.6), (NINE, 1.2), (ACE, 0.9), (TEN, 0.6)):
        if trumps >> card(suit, rank) & 1:
            worth += w
    worth += 0.45 * trumps.bit_count()
    for s in SUITS:
        if s != suit and hand >> card(s, ACE) & 1:
            worth += 0.7
    return worth


class DebertzHeuristic(GameHeuristic):
    """Chooses one Debertz action from an observation and the legal texts."""

    def choose(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Return the text of the action to take."""
        move = self.obvious(texts)
        if move is not None:
            return move
        if "accept" in texts or any(t.startswith("trump ") for t in texts):
            return self.bid(obs, texts)
        options = play_options(texts)
        if not options:
            return texts[0]
        ctx = self.context(obs, options)
        return pick_text(options, choose_card(ctx), " bella")

    def bid(self, obs: dict[str, Any], texts: list[str]) -> str:
        """Accept the turned suit, or name the best other one, when strong enough."""
        hand = hand_from(obs.get("hand"))
        n = self._players(obs)
        bar = BAR.get(n, 4.0)
        if self.noise:
            bar += self.rng.uniform(-1.0, 1.0)
        if "accept" in texts:
            turned = obs.get("turned")
            suit = parse_card(str(turned)) >> 3 if turned else suit_from(obs.get("trump"))
            worth = trump_worth(hand, suit) if suit is not None else 0.0
            if worth >= bar or "pass" not in texts:
                return "accept"
            return "pass"
        named = {SUIT_LETTERS.index(t.split()[1][0].upper()): t
                 for t in texts if t.startswith("trump ")}
        best = max(named, key=lambda s: trump_worth(hand, s))
        if trump_worth(hand, best) >= bar + 0.5 or "pass" not in texts:
            return named[best]
        return "pass"

    @staticmethod
    def _players(obs: dict[str, Any]) -> int:
        p = obs.get("players")
        if isinstance(p, list):
            return len(p)
        if isinstance(p, int):
            return p
        return len(obs.get("hand_sizes") or [0, 0, 0])

    def context(self, obs: dict[str, Any], options: dict[Card, list[str]]) -> PlayContext:
        """Build the shared play context: J-9 trumps, partners or fellow defenders as friends."""
        seat = int(obs["seat"])
        n = self._players(obs)
        hand = hand_from(obs.get("hand"))
        trick = trick_cards(obs.get("trick") or [])
        declarer = obs.get("declarer")
        if n == 4:
            friends = frozenset({(seat + 2) % 4})
        elif n == 3 and declarer is not None and declarer != seat:
            friends = frozenset(s for s in range(3) if s not in (seat, declarer))
        else:
            friends = frozenset()
        gone = played_cards(obs.get("history") or [])
        for _, c in trick:
            gone |= bit(c)
        order = list(range(n))
        remaining = n - len(trick) - 1
        after = [order[(seat + k) % n] for k in range(1, remaining + 1)]
        return PlayContext(
            seat=seat, hand=hand, options=options, trick=trick,
            trump=suit_from(obs.get("trump")), after=after, friends=friends,
            live=FULL_DECK & ~hand & ~gone, trump_order=TRUMP_STRENGTH, points=points)


__all__ = ["DebertzHeuristic", "points", "trump_worth"]
