"""Piquet card play (rules/piquet.md §4, §9): the legal answer, the trick's winner, the points.

No trumps: follow suit if you can, else any card; the higher card of the suit led wins, in
Piquet order A K Q J 10 9 8 7 (:data:`~kozyr.games.piquet.combinations.ORDER`).  A card led
scores 1, and so does winning the opponent's lead; with ``low_cards_count`` off only an A, K,
Q, J or 10 does (:func:`counts`).

>>> from kozyr.cards import parse_card as c, parse_hand, format_hand
>>> format_hand(follow_mask(parse_hand("AS 7S JH 8D"), c("TS")))
'AS 7S'
>>> beats(c("JS"), c("TS")), beats(c("AH"), c("TS")), counts(c("9S"), False)
(True, False, False)
"""

from __future__ import annotations

from kozyr.cards import SUIT_MASK, Card, Hand
from kozyr.games.piquet.combinations import ORDER

#: Each card's strength in its suit (Piquet order, 0..7).
STRENGTH: tuple[int, ...] = tuple(ORDER[c & 7] for c in range(32))
#: The cards that score when led or winning with ``low_cards_count`` off: A K Q J 10.
HIGH: tuple[bool, ...] = tuple(STRENGTH[c] >= 3 for c in range(32))
#: HIGHER[card]: the cards of its suit that beat it.
HIGHER: tuple[Hand, ...] = tuple(
    sum(1 << d for d in range(8 * (c >> 3), 8 * (c >> 3) + 8) if STRENGTH[d] > STRENGTH[c])
    for c in range(32))


def follow_mask(hand: Hand, lead: Card) -> Hand:
    """Return the cards of ``hand`` that may answer ``lead``: its suit if held, else any."""
    return hand & SUIT_MASK[lead >> 3] or hand


def beats(card: Card, lead: Card) -> bool:
    """Return True if ``card`` played to ``lead`` wins the trick."""
    return bool(HIGHER[lead] >> card & 1)


def counts(card: Card, low_cards_count: bool) -> bool:
    """Return True if leading, or winning with, ``card`` scores its point."""
    return low_cards_count or HIGH[card]
