"""Cards, suits, ranks and hands for the 24-card Thousand deck and the 32-card Debertz/Tertz deck.

A card is an ``int`` from 0 to 31: ``suit * 8 + rank``.  Ranks are numbered by their *plain*
strength, low to high: 7, 8, 9, J, Q, K, 10, A — so inside one suit a higher bit is a higher
card for every game's plain suits (Thousand: A 10 K Q J 9; Debertz/Tertz: A 10 K Q J 9 8 7).
Trump orders that differ (Debertz's J 9 A 10 K Q 8 7) are tables in the game that needs them.

A hand, pile or trick set is an ``int`` bitmask with bit ``card`` set for every card it holds,
so "the hearts in this hand" is ``hand & SUIT_MASK[HEARTS]``.

Text follows spec/records.md: rank then suit, ``"TH"`` (``"10H"`` and ``"10♥"`` are accepted).

>>> parse_card("10H") == parse_card("TH") == card(HEARTS, TEN)
True
>>> format_hand(parse_hand("9S AS TS"))
'AS TS 9S'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Card = int
Hand = int
Suit = int
Rank = int

SPADES, CLUBS, DIAMONDS, HEARTS = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (SPADES, CLUBS, DIAMONDS, HEARTS)
SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")

SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE = range(8)
RANKS: tuple[Rank, ...] = (SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE)
RANK_LETTERS = "789JQKTA"
RANK_NAMES = ("seven", "eight", "nine", "jack", "queen", "king", "ten", "ace")

SUIT_MASK: tuple[Hand, ...] = tuple(0xFF << (8 * s) for s in SUITS)
FULL_DECK: Hand = 0xFFFFFFFF
#: The 24-card Thousand deck: 9 J Q K 10 A of each suit.
THOUSAND_DECK: Hand = sum(((0xFC) << (8 * s)) for s in SUITS)
#: The 32-card Debertz / Tertz deck.
PIQUET_DECK: Hand = FULL_DECK

_RANK_FROM_TEXT = {c: i for i, c in enumerate(RANK_LETTERS)}
_SUIT_FROM_TEXT = {c: i for i, c in enumerate(SUIT_LETTERS)}
_SUIT_FROM_TEXT.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})
_SUIT_FROM_TEXT.update({"♤": 0, "♧": 1, "♢": 2, "♡": 3})


def card(suit: Suit, rank: Rank) -> Card:
    """Return the card of ``suit`` and ``rank``."""
    return suit * 8 + rank


def suit_of(c: Card) -> Suit:
    """Return the suit of card ``c``."""
    return c >> 3


def rank_of(c: Card) -> Rank:
    """Return the rank of card ``c``."""
    return c & 7


def bit(c: Card) -> Hand:
    """Return the one-card hand holding ``c``."""
    return 1 << c


def lowest(hand: Hand) -> Card:
    """Return the lowest-numbered card of a non-empty hand."""
    return (hand & -hand).bit_length() - 1


def highest(hand: Hand) -> Card:
    """Return the highest-numbered card of a non-empty hand."""
    return hand.bit_length() - 1


def count(hand: Hand) -> int:
    """Return how many cards ``hand`` holds."""
    return hand.bit_count()


def cards_of(hand: Hand) -> Iterator[Card]:
    """Yield the cards of ``hand``, lowest-numbered first."""
    while hand:
        low = hand & -hand
        yield low.bit_length() - 1
        hand ^= low


def hand_of(cards: Iterable[Card]) -> Hand:
    """Return the hand holding ``cards``."""
    h = 0
    for c in cards:
        h |= 1 << c
    return h


def parse_suit(text: str) -> Suit:
    """Parse a suit letter (``S C D H``) or symbol; raise ``ValueError`` if it is neither."""
    t = text.strip().upper()
    if t in _SUIT_FROM_TEXT and len(t) == 1:
        return _SUIT_FROM_TEXT[t]
    raise ValueError(f"not a suit: {text!r} (expected one of S C D H)")


def parse_card(text: str) -> Card:
    """Parse ``"TH"``, ``"10H"`` or ``"T♥"``; raise ``ValueError`` naming the bad text."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in _RANK_FROM_TEXT or t[1] not in _SUIT_FROM_TEXT:
        raise ValueError(f"not a card: {text!r} (expected rank 7 8 9 T J Q K A then suit S C D H)")
    return card(_SUIT_FROM_TEXT[t[1]], _RANK_FROM_TEXT[t[0]])


def format_card(c: Card) -> str:
    """Return the record form of ``c``, e.g. ``"TH"``."""
    return RANK_LETTERS[c & 7] + SUIT_LETTERS[c >> 3]


def pretty_card(c: Card) -> str:
    """Return ``c`` with a suit symbol and ``10`` for ten, e.g. ``"10♥"``."""
    r = "10" if (c & 7) == TEN else RANK_LETTERS[c & 7]
    return r + SUIT_SYMBOLS[c >> 3]


def parse_cards(text: str) -> list[Card]:
    """Parse a space-separated list of cards, keeping its order; raise on a bad or repeated card."""
    out: list[Card] = []
    seen = 0
    for tok in text.split():
        c = parse_card(tok)
        if seen >> c & 1:
            raise ValueError(f"card {format_card(c)} is listed twice in {text!r}")
        seen |= 1 << c
        out.append(c)
    return out


def parse_hand(text: str) -> Hand:
    """Parse a space-separated list of cards into a hand bitmask."""
    return hand_of(parse_cards(text))


def sorted_cards(hand: Hand) -> list[Card]:
    """Return the cards of ``hand`` for display: by suit (♠ ♣ ♦ ♥), strongest first."""
    return sorted(cards_of(hand), key=lambda c: (c >> 3, -(c & 7)))


def _suit_texts() -> tuple[tuple[str, ...], ...]:
    """Return ``[suit][8-bit ranks]``: the record form of those cards, strongest first."""
    return tuple(tuple(" ".join(RANK_LETTERS[r] + SUIT_LETTERS[s] for r in range(7, -1, -1)
                                if ranks >> r & 1) for ranks in range(256))
                 for s in range(4))


_SUIT_TEXTS = _suit_texts()


def format_hand(hand: Hand) -> str:
    """Return the record form of ``hand``: cards by suit, strongest first, space-separated.

    >>> format_hand(parse_hand("7S AS KH 9C"))
    'AS 7S 9C KH'
    """
    if hand >> 32:
        return " ".join(format_card(c) for c in sorted_cards(hand))  # raises: no such card
    t = _SUIT_TEXTS
    return " ".join([x for x in (t[0][hand & 255], t[1][hand >> 8 & 255], t[2][hand >> 16 & 255],
                                 t[3][hand >> 24 & 255]) if x])


def format_cards(cards: Iterable[Card]) -> str:
    """Return the record form of a sequence of cards, in the order given."""
    return " ".join(format_card(c) for c in cards)


def deck_cards(deck: Hand) -> list[Card]:
    """Return the cards of ``deck`` in a canonical order (the order a shuffle starts from)."""
    return list(cards_of(deck))


# -- several packs shuffled together (Bezique) ------------------------------------------------
# A card id that tells the copies of a card apart, kept apart from the one-pack functions above
# (which stay as fast as they were): copy ``k`` (from 0) of the one-pack card ``base`` is
# ``k * PACK + base``, so two packs fit one 64-bit mask and every one-pack table applies to
# ``c & 31``.  Its text carries the copy's digit from 1: ``AS1``, ``TD2`` (rules/bezique.md §10).

#: The cards of one pack: the copy stride of :func:`copy_card`.
PACK = 32


def copy_card(base: Card, copy: int) -> Card:
    """Return copy ``copy`` (from 0) of the one-pack card ``base``.

    >>> format_copy_card(copy_card(parse_card("AS"), 1))
    'AS2'
    """
    return copy * PACK + base


def parse_copy_card(text: str, copies: int = 2) -> tuple[Card, int | None]:
    """Parse ``"AS1"``, ``"10H2"`` or ``"AS"``: return the one-pack card and the copy (from 0),
    None when the digit is left out; raise ``ValueError`` for a bad card or copy.

    >>> parse_copy_card("10H2"), parse_copy_card("KS")
    ((30, 1), (5, None))
    """
    t = text.strip()
    if len(t) >= 3 and t[-1].isdigit():
        base = parse_card(t[:-1])
        n = int(t[-1])
        if not 1 <= n <= copies:
            raise ValueError(f"not a card: {text!r} (the copy digit is 1 to {copies})")
        return base, n - 1
    return parse_card(t), None


def format_copy_card(c: Card) -> str:
    """Return the record form of a card of several packs, with its copy digit: ``"AS1"``."""
    return format_card(c % PACK) + str(c // PACK + 1)
