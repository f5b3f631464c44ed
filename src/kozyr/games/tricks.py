"""Trick-taking logic shared by Thousand, Debertz and Tertz: strength tables and trick winners.

Card numbering (kozyr.cards) already puts plain suits in order: inside a suit a higher rank
number is a stronger card (7 8 9 J Q K 10 A).  Debertz and Tertz rank trumps differently
(J 9 A 10 K Q 8 7); their ``TRUMP_STRENGTH`` table gives each rank its place in trumps.

>>> from kozyr.cards import parse_card as c, HEARTS, SPADES
>>> trick_winner([c("9H"), c("AH"), c("JH")], trump=HEARTS, trump_strength=JACK_NINE_TRUMPS)
2
>>> trick_winner([c("9H"), c("AH"), c("7S")], trump=SPADES, trump_strength=PLAIN_ORDER)
2
>>> trick_winner([c("9H"), c("AH"), c("AS")], trump=None, trump_strength=PLAIN_ORDER)
1
"""

from __future__ import annotations

from collections.abc import Sequence

from kozyr.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, SUIT_MASK, TEN, Card, Hand

#: Strength of each rank (indexed by rank) when ranks keep their plain order.
PLAIN_ORDER: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7)

#: Debertz and Tertz trumps, high to low J 9 A 10 K Q 8 7, as a strength per rank.
JACK_NINE_TRUMPS: tuple[int, ...] = tuple(
    {JACK: 7, NINE: 6, ACE: 5, TEN: 4, KING: 3, QUEEN: 2, EIGHT: 1, SEVEN: 0}[r] for r in range(8))

#: Natural sequence order 7 8 9 10 J Q K A (Tertz sequences; Debertz natural_sequence_order).
NATURAL_ORDER: tuple[int, ...] = tuple(
    {SEVEN: 0, EIGHT: 1, NINE: 2, TEN: 3, JACK: 4, QUEEN: 5, KING: 6, ACE: 7}[r] for r in range(8))


def trick_winner(cards: Sequence[Card], trump: int | None,
                 trump_strength: Sequence[int] = PLAIN_ORDER) -> int:
    """Return the index in ``cards`` (in play order) of the card that takes the trick.

    The highest trump wins, else the highest card of the led suit.
    """
    led = cards[0] >> 3
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats(c, best_card, led, trump, trump_strength):
            best, best_card = i, c
    return best


def beats(card: Card, best: Card, led: int, trump: int | None,
          trump_strength: Sequence[int] = PLAIN_ORDER) -> bool:
    """Return True if ``card`` beats ``best``, the trick's best card so far (suit ``led``)."""
    s, bs = card >> 3, best >> 3
    if s == bs:
        if s == trump:
            return trump_strength[card & 7] > trump_strength[best & 7]
        return (card & 7) > (best & 7)
    return s == trump


def stronger_in_suit(hand: Hand, card: Card, trump: int | None,
                     trump_strength: Sequence[int] = PLAIN_ORDER) -> Hand:
    """Return the cards of ``hand`` in ``card``'s suit that are stronger than ``card``."""
    s = card >> 3
    out = 0
    suit_cards = hand & SUIT_MASK[s]
    if s == trump:
        need = trump_strength[card & 7]
        for r in range(8):
            if trump_strength[r] > need:
                out |= 1 << (s * 8 + r)
        return suit_cards & out
    # plain order: ranks above card's rank in the same suit
    above = SUIT_MASK[s] & ~((1 << (card + 1)) - 1)
    return suit_cards & above
