"""Bezique card play (rules/bezique.md §1, §3, §6, §10 "Tricks"): cards, tricks, brisques.

A card is copy ``k`` (0 or 1) of a one-pack card ``b`` (:mod:`kozyr.cards`): ``32 * k + b``
(:func:`kozyr.cards.copy_card`); a hand is a 64-bit mask.  The one-pack rank order 7 8 9 J Q K
10 A is Bezique's, so ``c & 7`` compares two cards of a suit.

- :func:`follow_mask`: the cards that may answer the led card (while the stock lasts any card;
  in the last eight tricks beat in the led suit if you can, else follow, else trump, else any).
- :func:`follower_wins`: the higher card of the led suit wins (of two identical cards the
  first played), a trump beats any plain card.
- :data:`BRISQUES` (aces and tens, 10 each: :func:`brisques_in`) and the last trick's 10
  (:func:`last_trick_bonus`): what a trick is worth at the end of the deal, as the engine
  counts it (and the search bots with it).

>>> from kozyr.cards import HEARTS
>>> a, t = card_of("AS1"), card_of("TS2")
>>> follower_wins(t, a, HEARTS), follower_wins(card_of("AS2"), a, HEARTS)
(False, False)
>>> follower_wins(card_of("7H1"), a, HEARTS)
True
"""

from __future__ import annotations

from kozyr.cards import (
    ACE,
    PACK,
    SEVEN,
    SUIT_MASK,
    TEN,
    Card,
    Hand,
    card,
    copy_card,
    format_copy_card,
    parse_copy_card,
)

#: Copies of every card in the two-pack game.
COPIES = 2
DECK_SIZE = COPIES * PACK
FULL: Hand = (1 << DECK_SIZE) - 1
BRISQUE_VALUE = 10
LAST_TRICK = 10
SEVEN_VALUE = 10

_BIT: tuple[int, ...] = tuple(1 << c for c in range(DECK_SIZE))
#: SUIT64[s]: every copy of suit s.
SUIT64: tuple[Hand, ...] = tuple(SUIT_MASK[s] | SUIT_MASK[s] << PACK for s in range(4))
#: HIGHER[c]: the cards of c's suit (either copy) that rank above it.
HIGHER: tuple[Hand, ...] = tuple(
    sum(_BIT[copy_card(b, k)] for k in range(COPIES) for b in range(32)
        if b >> 3 == (c & 31) >> 3 and b & 7 > c & 7) for c in range(DECK_SIZE))
#: Aces and tens, both copies.
BRISQUES: Hand = sum(_BIT[copy_card(card(s, r), k)] for s in range(4) for r in (ACE, TEN)
                     for k in range(COPIES))
#: SEVENS[trump]: both sevens of trumps.
SEVENS: tuple[Hand, ...] = tuple(_BIT[card(t, SEVEN)] | _BIT[card(t, SEVEN) + PACK]
                                 for t in range(4))


def card_of(text: str) -> Card:
    """Return the card of a digited token (``AS1``); raise ValueError without its digit."""
    base, k = parse_copy_card(text, COPIES)
    if k is None:
        raise ValueError(f"{text!r} lacks its copy digit (AS1, AS2)")
    return copy_card(base, k)


def suit(c: Card) -> int:
    """Return the suit of card ``c``."""
    return (c & 31) >> 3


def follower_wins(f: Card, led: Card, trump: int) -> bool:
    """Return True if ``f``, answering ``led``, takes the trick."""
    fs, ls = (f & 31) >> 3, (led & 31) >> 3
    if fs == ls:
        return f & 7 > led & 7
    return fs == trump


def follow_mask(hand: Hand, led: Card, trump: int, stock_out: bool) -> Hand:
    """Return the cards of ``hand`` that may answer ``led`` (``stock_out``: tricks 25-32)."""
    if not stock_out:
        return hand
    same = hand & SUIT64[(led & 31) >> 3]
    if same:
        return same & HIGHER[led] or same
    return hand & SUIT64[trump] or hand


def brisques_in(cards: Hand) -> int:
    """Return how many brisques (aces and tens) ``cards`` hold; each is worth BRISQUE_VALUE."""
    return (cards & BRISQUES).bit_count()


def last_trick_bonus(trick: int, last_trick: int) -> int:
    """Return what winning trick number ``trick`` (1-32) scores at once: LAST_TRICK for the
    last trick (``last_trick``: 32, or 24 with that option), else 0."""
    return LAST_TRICK if trick == last_trick else 0


def display_order(c: Card) -> tuple[int, int, int]:
    """Return the sort key of a card for display: by suit (♠ ♣ ♦ ♥), strongest first, copy 1
    first."""
    return (c & 31) >> 3, -(c & 7), c >> 5


def format_mask(hand: Hand) -> str:
    """Return the cards of ``hand`` in :func:`display_order`."""
    cards = [c for c in range(DECK_SIZE) if hand >> c & 1]
    cards.sort(key=display_order)
    return " ".join(format_copy_card(c) for c in cards)


def cards_in(hand: Hand) -> list[Card]:
    """Return the cards of ``hand``, lowest id first."""
    out = []
    while hand:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out
