"""Tertz card play (rules/tertz.md §3, §5, §6): the legal answer, the trick's winner, points.

Each rule of the play is here once, as a function or a table that the engine, the samples,
the solver, PIMC and the heuristic all read:

- :func:`follow_mask`: the cards that may answer the led card (with the stock: follow, else
  trump, else any; without: beat in the led suit if you can, else follow, else trump, else
  any; ``free_trump_jack``: the trump jack is always playable and never forced out).
- :func:`trick_winner` / :func:`beats`: the higher card of the led suit, a trump over any
  plain card; trumps rank J 9 A 10 K Q 8 7 (:data:`TRUMP_STRENGTH`).
- :data:`CARD_POINTS` (``CARD_POINTS[trump][card]``), :data:`LAST_TRICK` (the last trick's 10).

>>> from kozyr.cards import parse_card as c, parse_hand, format_hand, HEARTS
>>> format_hand(follow_mask(parse_hand("AS 7S JH 8D"), c("TS"), HEARTS, True, True))
'AS JH'
>>> trick_winner(c("TS"), c("7H"), HEARTS), CARD_POINTS[HEARTS][c("9H")]
(1, 13)
"""

from __future__ import annotations

from kozyr.cards import ACE, FULL_DECK, JACK, KING, NINE, QUEEN, SUIT_MASK, TEN, Card, Hand, card
from kozyr.games.tricks import JACK_NINE_TRUMPS, stronger_in_suit
from kozyr.games.tricks import beats as _beats

#: Trumps' strength by rank, J 9 A 10 K Q 8 7 (plain suits keep the rank order).
TRUMP_STRENGTH: tuple[int, ...] = JACK_NINE_TRUMPS

LAST_TRICK = 10
_PLAIN = {ACE: 11, TEN: 10, KING: 3, QUEEN: 2, JACK: 1}
_TRUMP = {JACK: 20, NINE: 13, ACE: 11, TEN: 10, KING: 3, QUEEN: 2}

#: CARD_POINTS[trump][card]: the card points of every card under each trump suit.
CARD_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple((_TRUMP if c >> 3 == t else _PLAIN).get(c & 7, 0) for c in range(32)) for t in range(4))

#: HIGHER[trump][card]: the cards of card's suit that beat it (J-9 order in trumps).
HIGHER: tuple[tuple[Hand, ...], ...] = tuple(
    tuple(stronger_in_suit(FULL_DECK, c, t, JACK_NINE_TRUMPS) for c in range(32))
    for t in range(4))

#: JACK_OF[trump]: the jack of trump, as a hand.
JACK_OF: tuple[Hand, ...] = tuple(1 << card(t, JACK) for t in range(4))


def follow_mask(hand: Hand, led: Card, trump: int, must_beat: bool, free_jack: bool) -> Hand:
    """Return the cards of ``hand`` that may answer the led card (rules/tertz.md §3, §6).

    With the stock: follow suit, else trump, else any.  Without (``must_beat``): beat with a
    higher card of the led suit, else any card of it; void, a trump; else any.
    ``free_jack``: the trump jack may always be played and is never forced out.
    """
    jack = JACK_OF[trump] if free_jack else 0
    h = hand & ~jack
    suit = h & SUIT_MASK[led >> 3]
    if must_beat and suit:
        m = suit & HIGHER[trump][led] or suit
    else:
        m = suit or h & SUIT_MASK[trump] or h
    return (m or hand) | (hand & jack)


def beats(c: Card, led: Card, trump: int) -> bool:
    """Return True if ``c``, answering ``led``, takes the trick."""
    return _beats(c, led, led >> 3, trump, JACK_NINE_TRUMPS)


def trick_winner(led: Card, answer: Card, trump: int) -> int:
    """Return 0 if the led card takes the trick, 1 if the answer does."""
    return 1 if beats(answer, led, trump) else 0
