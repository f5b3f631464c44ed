"""Piquet's declarations (rules/piquet.md §3, §9): carte blanche, point, sequences, sets.

Cards keep kozyr's numbering (:mod:`kozyr.cards`, plain order 7 8 9 J Q K 10 A); Piquet's
order is A K Q J 10 9 8 7, so the ten sits between the nine and the jack: :data:`ORDER`
gives each rank's place in it (7 = 0 ... A = 7).

- point: per suit the pair (cards, sum of counting values: A 11, K Q J 10 10, 9 8 7 their
  pips); a hand's point is its greatest pair; it scores the number of cards;
- sequences: each maximal run of three or more consecutive cards of a suit, never split; key
  (length, top rank in Piquet order); scores 3, 4, 15, 16, 17, 18 for lengths 3 to 8;
- sets: four (quatorze, 14) or three (trio, 3) aces, kings, queens, jacks or tens; key
  (4 or 3, rank);
- carte blanche: twelve dealt cards without a king, queen or jack.

A category's key is a tuple (greater wins) or None (nothing held, or sunk).

>>> from kozyr.cards import parse_hand as h
>>> point_key(h("AS KS QS JS TS 9S 8S AH KH")), best_sequence(h("AS KS QS JS TS 9S 8S"))
((7, 68), (7, 7))
>>> sequence_score(h("AS KS QS JS TS 9S 8S KH QH JH")), sets_score(h("AS AH AD KS KH KD"))
(20, 6)
>>> is_carte_blanche(h("AS TS 9S 8S 7S AH TH 9H AD TD 9D 7C"))
True
"""

from __future__ import annotations

from kozyr.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SUIT_MASK,
    TEN,
    Hand,
    card,
)

#: Piquet order of each kozyr rank: 7 8 9 10 J Q K A = 0..7.
ORDER: tuple[int, ...] = (0, 1, 2, 4, 5, 6, 3, 7)
#: kozyr rank of each Piquet place (the inverse of ORDER).
RANK_AT: tuple[int, ...] = (SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE)
#: Counting values by kozyr rank (only to compare points).
VALUE: tuple[int, ...] = (7, 8, 9, 10, 10, 10, 10, 11)
#: The court cards (K, Q, J) of every suit.
COURTS: Hand = sum(1 << card(s, r) for s in range(4) for r in (KING, QUEEN, JACK))
#: The ranks that make sets, high to low.
SET_RANKS: tuple[int, ...] = (ACE, KING, QUEEN, JACK, TEN)
#: Each rank's four cards.
RANK_MASK: tuple[Hand, ...] = tuple(sum(1 << card(s, r) for s in range(4)) for r in range(8))
SEQUENCE_SCORE: dict[int, int] = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
QUATORZE, TRIO = 14, 3

Key = tuple[int, int] | None
CATEGORIES: tuple[str, ...] = ("point", "sequence", "sets")
#: The declaration bits of the categories, in order.
POINT, SEQUENCE, SETS = 1, 2, 4
ALL = 7


def _piquet_byte(byte: int) -> int:
    """Return one suit's cards (a kozyr byte) as a byte in Piquet order."""
    return sum(1 << ORDER[r] for r in range(8) if byte >> r & 1)


#: Each suit byte's runs: (length, top place, kozyr byte of its cards), longest first.
_RUNS: list[tuple[tuple[int, int, int], ...]] = []
for _b in range(256):
    _p = _piquet_byte(_b)
    _runs = []
    _i = 0
    while _i < 8:
        if _p >> _i & 1:
            _j = _i
            while _j + 1 < 8 and _p >> (_j + 1) & 1:
                _j += 1
            if _j - _i + 1 >= 3:
                _runs.append((_j - _i + 1, _j, sum(1 << RANK_AT[k] for k in range(_i, _j + 1))))
            _i = _j + 1
        else:
            _i += 1
    _RUNS.append(tuple(sorted(_runs, reverse=True)))
_POINT_SUM: tuple[int, ...] = tuple(sum(VALUE[r] for r in range(8) if b >> r & 1)
                                    for b in range(256))


def point_suits(hand: Hand) -> list[tuple[tuple[int, int], int]]:
    """Return each suit's point pair (cards, value) with its suit, greatest first."""
    out = []
    for s in range(4):
        b = hand >> (8 * s) & 255
        out.append(((b.bit_count(), _POINT_SUM[b]), s))
    return sorted(out, key=lambda x: (x[0], -x[1]), reverse=True)


def point_key(hand: Hand) -> Key:
    """Return the hand's point: its greatest (cards, value) pair (None for no cards)."""
    best = point_suits(hand)[0]
    return best[0] if best[0][0] else None


def point_cards(hand: Hand) -> Hand:
    """Return the cards of the hand's point suit (the first greatest)."""
    s = point_suits(hand)[0][1]
    return hand & SUIT_MASK[s]


def sequences(hand: Hand) -> list[tuple[int, int, Hand]]:
    """Return every sequence of the hand: (length, top place, its cards), best first."""
    out = []
    for s in range(4):
        for length, top, byte in _RUNS[hand >> (8 * s) & 255]:
            out.append((length, top, byte << (8 * s)))
    return sorted(out, reverse=True)


def best_sequence(hand: Hand) -> Key:
    """Return the key (length, top) of the hand's best sequence, None if it has none."""
    seqs = sequences(hand)
    return (seqs[0][0], seqs[0][1]) if seqs else None


def sequence_score(hand: Hand) -> int:
    """Return what all the hand's sequences score together."""
    return sum(SEQUENCE_SCORE[length] for length, _, _ in sequences(hand))


def sets(hand: Hand) -> list[tuple[int, int, Hand]]:
    """Return the hand's quatorzes and trios: (4 or 3, place of the rank, cards), best first."""
    out = []
    for r in SET_RANKS:
        cards = hand & RANK_MASK[r]
        n = cards.bit_count()
        if n >= 3:
            out.append((n, ORDER[r], cards))
    return sorted(out, reverse=True)


def best_set(hand: Hand) -> Key:
    """Return the key (4 or 3, rank place) of the hand's best set, None if it has none."""
    found = sets(hand)
    return (found[0][0], found[0][1]) if found else None


def sets_score(hand: Hand) -> int:
    """Return what all the hand's sets score together (14 a quatorze, 3 a trio)."""
    return sum(QUATORZE if n == 4 else TRIO for n, _, _ in sets(hand))


def is_carte_blanche(dealt: Hand) -> bool:
    """Return True if the twelve dealt cards hold no king, queen or jack."""
    return not dealt & COURTS


def category_key(hand: Hand, category: int) -> Key:
    """Return the hand's key in a category bit (POINT, SEQUENCE, SETS)."""
    if category == POINT:
        return point_key(hand)
    if category == SEQUENCE:
        return best_sequence(hand)
    return best_set(hand)


def category_score(hand: Hand, category: int) -> int:
    """Return what the hand scores in a category when it wins it."""
    if category == POINT:
        key = point_key(hand)
        return key[0] if key else 0
    if category == SEQUENCE:
        return sequence_score(hand)
    return sets_score(hand)


def scored_cards(hand: Hand, category: int) -> Hand:
    """Return the cards a winner shows in a category: his point suit, sequences or sets."""
    if category == POINT:
        return point_cards(hand)
    found = sequences(hand) if category == SEQUENCE else sets(hand)
    out = 0
    for _, _, cards in found:
        out |= cards
    return out


def equal_cards(hand: Hand, category: int) -> Hand:
    """Return the cards shown for an equal category: the point suit or the best sequence."""
    if category == POINT:
        return point_cards(hand)
    found = sequences(hand)
    return found[0][2] if found else 0


def compare(keys: tuple[Key, Key]) -> int | None:
    """Return the seat whose key is greater, -1 if both hold equal keys, None if neither holds.

    >>> compare(((5, 47), (5, 46))), compare(((3, 7), (3, 7))), compare((None, (3, 2)))
    (0, -1, 1)
    """
    a, b = keys
    if a is None and b is None:
        return None
    if a is None:
        return 1
    if b is None:
        return 0
    if a == b:
        return -1
    return 0 if a > b else 1


def describe(category: int, hand: Hand) -> str:
    """Return a category's combination in words: ``point of 7``, ``septième``, ``trio``..."""
    if category == POINT:
        key = point_key(hand)
        return f"point of {key[0]}" if key else "no point"
    if category == SEQUENCE:
        names = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
                 8: "huitième"}
        return ", ".join(names[length] for length, _, _ in sequences(hand)) or "no sequence"
    return ", ".join("quatorze" if n == 4 else "trio" for n, _, _ in sets(hand)) or "no set"


_ = NINE  # the nines, eights and sevens never make sets
