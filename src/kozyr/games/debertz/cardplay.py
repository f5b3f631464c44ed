"""Debertz card play (rules/debertz.md §5, §6): the legal card, the trick's winner, card points.

Each rule of the play is here once, as a function or a table that the engine, the observer's
samples, the solver, PIMC and the heuristic all read:

- :func:`legal_cards`: follow suit; in trumps overtrump the trick's best trump if you can
  (a partner's too); void, trump (overtrumping a trump already played); else any card.
- :func:`trick_winner` / :func:`beats`: the highest trump, else the highest card of the led
  suit; trumps rank J 9 A 10 K Q 8 7 (:data:`TRUMP_STRENGTH`), plain suits A 10 K Q J 9 8 7.
- :data:`CARD_POINTS` / :func:`card_points`: the points of each card under each trump;
  :data:`LAST_TRICK_BONUS` for the last trick, :data:`BELLA_POINTS` for bella.
- :func:`bella_cards`: the king and queen of trump.

>>> from kozyr.cards import parse_card as c, parse_hand, format_hand, HEARTS
>>> format_hand(legal_cards(parse_hand("AH 9H 7S"), HEARTS, HEARTS, c("TH")))
'AH 9H'
>>> format_hand(legal_cards(parse_hand("AS 7D"), HEARTS, HEARTS, c("TH")))
'AS 7D'
>>> trick_winner([c("9H"), c("AH"), c("JH")], HEARTS), trick_points([c("9H"), c("JH")], HEARTS)
(2, 34)
"""

from __future__ import annotations

from collections.abc import Sequence

from kozyr.cards import FULL_DECK, KING, QUEEN, SUIT_MASK, Card, Hand
from kozyr.games.tricks import JACK_NINE_TRUMPS, stronger_in_suit
from kozyr.games.tricks import beats as _beats
from kozyr.games.tricks import trick_winner as _trick_winner

#: Trumps' strength by rank, J 9 A 10 K Q 8 7 (plain suits keep the rank order).
TRUMP_STRENGTH: tuple[int, ...] = JACK_NINE_TRUMPS

LAST_TRICK_BONUS = 10
BELLA_POINTS = 20
#: Card points by rank (7 8 9 J Q K 10 A): plain suits, then trumps.
PLAIN_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)
TRUMP_POINTS = (0, 0, 14, 20, 3, 4, 10, 11)

#: Card points of every card for each trump suit: ``CARD_POINTS[trump][card]``.
CARD_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP_POINTS[c & 7] if c >> 3 == t else PLAIN_POINTS[c & 7] for c in range(32))
    for t in range(4))

#: For each card taken as a trump: the stronger trumps of its suit (J 9 A 10 K Q 8 7).
ABOVE_TRUMP: tuple[Hand, ...] = tuple(
    stronger_in_suit(FULL_DECK, c, c >> 3, JACK_NINE_TRUMPS) for c in range(32))

#: ``BEATEN_BY[trump][card]``: the cards that beat ``card`` as a trick's best so far (a higher
#: card of its suit, any trump over a plain card): :func:`beats` as a table.
BEATEN_BY: tuple[tuple[Hand, ...], ...] = tuple(
    tuple(sum(1 << x for x in range(32) if _beats(x, c, c >> 3, t, JACK_NINE_TRUMPS))
          for c in range(32)) for t in range(4))

#: ``BELLA_CARDS[trump]``: the king and queen of trump, as a hand.
BELLA_CARDS: tuple[Hand, ...] = tuple((1 << (t * 8 + KING)) | (1 << (t * 8 + QUEEN))
                                      for t in range(4))


def card_points(c: Card, trump: int) -> int:
    """Return the points of card ``c`` when ``trump`` is trump.

    >>> from kozyr.cards import parse_card
    >>> card_points(parse_card("JH"), 3), card_points(parse_card("JS"), 3)
    (20, 2)
    """
    return CARD_POINTS[trump][c]


def trick_points(cards: Sequence[Card], trump: int) -> int:
    """Return the card points of a trick's ``cards`` (the last trick's 10 not included)."""
    pts = CARD_POINTS[trump]
    return sum(pts[c] for c in cards)


def bella_cards(trump: int) -> Hand:
    """Return the king and queen of ``trump`` as a hand (bella's two cards)."""
    return BELLA_CARDS[trump]


def may_bella(hand: Hand, trump: int, bella_after_trick: bool, side_has_won: bool) -> bool:
    """Return True if ``hand`` may announce bella with its trump king or queen now.

    It must hold both, and with ``bella_after_trick`` its side must have taken a trick
    (rules/debertz.md); the announcement goes with the first of the two played.

    >>> from kozyr.cards import parse_hand as h
    >>> may_bella(h("KH QH 7S"), 3, False, False), may_bella(h("KH QH"), 3, True, False)
    (True, False)
    """
    kq = BELLA_CARDS[trump]
    return hand & kq == kq and (not bella_after_trick or side_has_won)


def legal_cards(hand: Hand, led: int, trump: int, best_trump: Card) -> Hand:
    """Return the cards of ``hand`` that may be played to a trick led in suit ``led``.

    ``best_trump`` is the trick's strongest trump so far (-1 if none).  Follow suit (in trumps,
    above ``best_trump`` if you can); void, trump (above ``best_trump`` if you can); void of
    trumps too, any card.  Pass ``led = -1`` for a lead: the whole hand.
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    if follow:
        if led == trump:
            return (follow & ABOVE_TRUMP[best_trump]) or follow
        return follow
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand
    if best_trump < 0:
        return trumps
    return (trumps & ABOVE_TRUMP[best_trump]) or trumps


def beats(c: Card, best: Card, trump: int) -> bool:
    """Return True if ``c`` beats ``best``, the trick's best card so far."""
    return _beats(c, best, best >> 3, trump, JACK_NINE_TRUMPS)


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """Return the index in ``cards`` (in play order) of the card that takes the trick."""
    return _trick_winner(cards, trump, JACK_NINE_TRUMPS)


def stronger_trump(c: Card, best: Card) -> bool:
    """Return True if trump ``c`` is stronger than trump ``best`` (-1: no trump yet)."""
    return best < 0 or bool(ABOVE_TRUMP[best] >> c & 1)
