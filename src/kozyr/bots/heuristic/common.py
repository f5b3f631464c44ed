"""Trick-play rules of thumb shared by the heuristic bots of all three games.

Everything here works on what one seat sees: its hand, the trick on the table, the cards
already played (read from the observation's history) and the legal choices.  The game modules
supply what differs: trump order, card points, who is a friend, which cards to hold back.

The core is :func:`choose_card`: lead masters, else a cheap low card; when following, take
the trick with the cheapest card that wins (and is safe from the players still to come),
give points to a friend who is sure to win, and otherwise throw the least useful card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kozyr.cards import SUIT_MASK, Card, Hand, bit, parse_card, parse_hand, parse_suit
from kozyr.games.tricks import PLAIN_ORDER, beats, stronger_in_suit, trick_winner

#: points(card, trump) -> card points in this game.
PointsFn = Callable[[Card, "int | None"], int]


def hand_from(text: str | None) -> Hand:
    """Return the hand bitmask of an observation's ``hand`` string (empty for None)."""
    return parse_hand(text) if text else 0


def suit_from(letter: str | None) -> int | None:
    """Return the suit of an observation's trump letter, or None."""
    return parse_suit(letter) if letter else None


def played_cards(history: Iterable[Sequence[Any]]) -> Hand:
    """Return every card played so far in this deal, read from ``history`` (``play XX ...``)."""
    out = 0
    for entry in history:
        text = str(entry[1])
        parts = text.split()
        if len(parts) >= 2 and parts[0] == "play":
            try:
                out |= bit(parse_card(parts[1]))
            except ValueError:
                continue
    return out


def trick_cards(trick: Iterable[Any]) -> list[tuple[int, Card]]:
    """Return the observation's trick (``[seat, "KH"]`` in play order) as (seat, card) pairs."""
    return [(int(seat), parse_card(str(card))) for seat, card in trick]


def play_options(texts: Iterable[str]) -> dict[Card, list[str]]:
    """Group the legal ``play CARD [extra]`` texts by card (a card may be played two ways)."""
    out: dict[Card, list[str]] = {}
    for t in texts:
        parts = t.split()
        if len(parts) >= 2 and parts[0] == "play":
            out.setdefault(parse_card(parts[1]), []).append(t)
    return out


def strength(c: Card, trump: int | None, trump_order: Sequence[int]) -> int:
    """Return a number ordering cards by trick-taking power (trumps above every plain card)."""
    r = c & 7
    if trump is not None and c >> 3 == trump:
        return 100 + trump_order[r]
    return PLAIN_ORDER[r]


def stronger_unseen(c: Card, live: Hand, trump: int | None, trump_order: Sequence[int]) -> Hand:
    """Return the cards of ``live`` in ``c``'s suit that beat ``c`` (the games' trick rule)."""
    return stronger_in_suit(live, c, trump, trump_order)


@dataclass
class PlayContext:
    """What a seat knows when it chooses a card."""

    seat: int
    hand: Hand
    #: card -> the legal texts that play it
    options: dict[Card, list[str]]
    #: the trick so far, (seat, card) in play order
    trick: list[tuple[int, Card]]
    trump: int | None
    #: seats still to play to this trick after this one
    after: list[int]
    #: seats on this seat's side (partners, or fellow defenders who cooperate)
    friends: frozenset[int]
    #: cards that may still be in other hands (deck minus own hand minus cards played)
    live: Hand
    trump_order: Sequence[int]
    points: PointsFn
    #: cards to hold back if there is a choice (marriage halves, trumps for later...)
    protect: Hand = 0
    #: prefer not to spend trumps on cheap tricks (Tertz while the stock lasts)
    save_trumps: bool = False
    #: lead master trumps before plain masters while others may hold trumps (a declarer)
    draw_trumps: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    # -- small judgements -------------------------------------------------------------
    def is_master(self, c: Card) -> bool:
        """Return True if no live card of ``c``'s suit beats it."""
        return not stronger_unseen(c, self.live, self.trump, self.trump_order)

    def safe_from_rest(self, c: Card, led: int) -> bool:
        """Return True if no opponent still to play is likely to beat ``c`` in this trick."""
        enemies = [s for s in self.after if s not in self.friends]
        if not enemies:
            return True
        if stronger_unseen(c, self.live, self.trump, self.trump_order):
            return False
        # A plain card may be ruffed by a void opponent: only worry once the suit is thin.
        if self.trump is not None and c >> 3 != self.trump:
            suit_live = (self.live & SUIT_MASK[c >> 3]).bit_count()
            trumps_live = (self.live & SUIT_MASK[self.trump]).bit_count()
            if trumps_live and suit_live < 2 * len(enemies):
                return False
        return True

    def keep_value(self, c: Card) -> int:
        """Return how much is lost by parting with ``c`` now (beyond its points)."""
        v = 0
        if self.protect >> c & 1:
            v += 60
        if self.is_master(c):
            v += 12 + self.points(c, self.trump)
        if self.trump is not None and c >> 3 == self.trump:
            v += 8 + self.trump_order[c & 7]
            if self.save_trumps:
                v += 10
        return v

    def dump_cost(self, c: Card) -> int:
        """Return the cost of throwing ``c`` on a trick someone else takes."""
        return self.points(c, self.trump) * 2 + self.keep_value(c)


def choose_card(ctx: PlayContext) -> Card:
    """Return the card to play: lead, win cheaply, feed a friend, or throw the least useful."""
    cards = list(ctx.options)
    if len(cards) == 1:
        return cards[0]
    if not ctx.trick:
        return _lead(ctx, cards)
    led = ctx.trick[0][1] >> 3
    best_seat, best = ctx.trick[trick_winner([c for _, c in ctx.trick], ctx.trump,
                                             ctx.trump_order)]
    on_table = sum(ctx.points(c, ctx.trump) for _, c in ctx.trick)
    friend_wins = best_seat in ctx.friends and ctx.safe_from_rest(best, led)
    if friend_wins:
        return _feed(ctx, cards)
    winners = [c for c in cards if beats(c, best, led, ctx.trump, ctx.trump_order)]
    if winners:
        winners.sort(key=lambda c: (strength(c, ctx.trump, ctx.trump_order),
                                    ctx.points(c, ctx.trump)))
        enemies_after = [s for s in ctx.after if s not in ctx.friends]
        safe = [c for c in winners if ctx.safe_from_rest(c, led)]
        pick: Card | None = None
        if not enemies_after:
            pick = winners[0]
        elif safe:
            pick = safe[0]
        elif ctx.points(winners[0], ctx.trump) <= 4 and on_table >= 3:
            pick = winners[0]
        if pick is not None:
            ruff = ctx.trump is not None and pick >> 3 == ctx.trump and led != ctx.trump
            if ruff and ctx.save_trumps and on_table < 10:
                pick = None
        if pick is not None and (ctx.protect >> pick & 1) and on_table < 10:
            pick = None
        if pick is not None:
            return pick
    return min(cards, key=lambda c: (ctx.dump_cost(c), strength(c, ctx.trump, ctx.trump_order)))


def _feed(ctx: PlayContext, cards: list[Card]) -> Card:
    """Give points to a friend's trick: the fattest card that is not worth keeping."""
    def score(c: Card) -> tuple[int, int]:
        keep = 0 if not ctx.is_master(c) else 15
        if ctx.protect >> c & 1:
            keep += 60
        if ctx.trump is not None and c >> 3 == ctx.trump:
            keep += 20
        return (ctx.points(c, ctx.trump) - keep, -strength(c, ctx.trump, ctx.trump_order))
    return max(cards, key=score)


def _lead(ctx: PlayContext, cards: list[Card]) -> Card:
    """Lead a master (aces first, trumps to draw trumps), else a cheap card of a long suit."""
    trump = ctx.trump
    masters = [c for c in cards if ctx.is_master(c)]
    plain_masters = [c for c in masters if trump is None or c >> 3 != trump]
    trump_masters = [c for c in masters if trump is not None and c >> 3 == trump]
    live_trumps = (ctx.live & SUIT_MASK[trump]).bit_count() if trump is not None else 0
    unprotected = [c for c in plain_masters if not ctx.protect >> c & 1]
    if ctx.draw_trumps and trump_masters and live_trumps:
        return max(trump_masters, key=lambda c: strength(c, trump, ctx.trump_order))
    if unprotected:
        return max(unprotected, key=lambda c: (ctx.points(c, trump), -(c >> 3)))
    if trump_masters and live_trumps and not ctx.save_trumps:
        return max(trump_masters, key=lambda c: strength(c, trump, ctx.trump_order))

    def lead_cost(c: Card) -> tuple[int, int]:
        s = c >> 3
        length = (ctx.hand & SUIT_MASK[s]).bit_count()
        cost = ctx.dump_cost(c) - 2 * length
        # Leading away from a guarded ten (or any lone honour) hands it to the ace.
        if not ctx.is_master(c) and ctx.points(c, trump) >= 10:
            cost += 20
        return (cost, strength(c, trump, ctx.trump_order))
    return min(cards, key=lead_cost)


def seats_after(seat: int, trick_len: int, order: list[int]) -> list[int]:
    """Return the seats still to play after ``seat`` in a trick of ``len(order)`` players.

    ``order`` is the active seats in clockwise order (a sitting-out dealer left out).
    """
    remaining = len(order) - trick_len - 1
    i = order.index(seat)
    return [order[(i + k) % len(order)] for k in range(1, remaining + 1)]


def pick_text(options: dict[Card, list[str]], c: Card, suffix: str | None = None) -> str:
    """Return the text that plays ``c``, preferring the variant ending in ``suffix``."""
    texts = options[c]
    if suffix is not None:
        for t in texts:
            if t.endswith(suffix):
                return t
    plain = [t for t in texts if len(t.split()) == 2]
    return plain[0] if plain else texts[0]


class GameHeuristic:
    """Base of the per-game heuristics: the rng, the noise level, and the moves nobody debates."""

    def __init__(self, rng: random.Random, noise: float = 0.0) -> None:
        self.rng = rng
        self.noise = noise

    def obvious(self, texts: list[str]) -> str | None:
        """Return the move when there is no real choice (one legal move, noise, swap7, declare)."""
        if len(texts) == 1:
            return texts[0]
        if self.noise and self.rng.random() < self.noise / 3:
            return self.rng.choice(texts)
        if "swap7" in texts:
            return "swap7"
        if "declare" in texts:
            return "declare"
        return None
