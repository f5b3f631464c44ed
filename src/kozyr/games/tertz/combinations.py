"""Tertz's combinations (rules/tertz.md §4, §6): sequences, fours of a kind, the trump marriage.

A hand is a card bitmask (kozyr.cards).  Sequences run in the natural order 7 8 9 10 J Q K A
and are never split (eight in a row is one 100); a card of a sequence may also count in a four
of a kind.  The trump marriage (K+Q of trump, 20) stands apart: it never takes part in the
comparison and is found by :func:`has_marriage`.

Two sets of combinations are compared by their best single combination, whose :attr:`key` is
(number of cards, top card in natural order, trump), a four of a kind counting as trump; the
earlier declaration wins a tie (the caller knows the order).

>>> from kozyr.cards import parse_hand, HEARTS
>>> [str(c) for c in find_combinations(parse_hand("7S 8S 9S TS JS JH JD JC AH"), HEARTS)]
['7S 8S 9S TS JS (100)', 'JS JC JD JH (200)']
>>> five = find_combinations(parse_hand("7S 8S 9S TS JS"), HEARTS)
>>> best_key(five) > best_key(find_combinations(parse_hand("JS JC JD JH"), HEARTS))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kozyr.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUITS,
    Card,
    Hand,
    card,
    format_cards,
)
from kozyr.games.tricks import NATURAL_ORDER

#: Ranks in natural sequence order 7 8 9 10 J Q K A.
NATURAL_RANKS: tuple[int, ...] = tuple(sorted(range(8), key=lambda r: NATURAL_ORDER[r]))

#: Value of a sequence by its length.
SEQUENCE_VALUES = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100}

#: Value of a four of a kind by rank (others score nothing).
FOUR_VALUES = {QUEEN: 100, KING: 100, ACE: 100, JACK: 200}

MARRIAGE_VALUE = 20

Key = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Combination:
    """One declared combination: its kind (``sequence`` or ``four``), cards, value and key."""

    kind: str
    cards: tuple[Card, ...]
    value: int
    key: Key

    @property
    def mask(self) -> Hand:
        """Return the combination's cards as a hand."""
        h = 0
        for c in self.cards:
            h |= 1 << c
        return h

    def __str__(self) -> str:
        return f"{format_cards(self.cards)} ({self.value})"

    def to_json(self) -> dict[str, object]:
        """Return the combination as the observation shows it."""
        return {"kind": self.kind, "cards": format_cards(self.cards), "value": self.value}


def _sequences(hand: Hand, suit: int, trump: int) -> list[Combination]:
    out: list[Combination] = []
    run: list[Card] = []
    for r in (*NATURAL_RANKS, -1):
        c = card(suit, r) if r >= 0 else -1
        if c >= 0 and hand >> c & 1:
            run.append(c)
            continue
        if len(run) >= 3:
            top = NATURAL_ORDER[run[-1] & 7]
            out.append(Combination("sequence", tuple(run), SEQUENCE_VALUES[len(run)],
                                   (len(run), top, int(suit == trump))))
        run = []
    return out


def _has_run(byte: int) -> bool:
    run = 0
    for r in NATURAL_RANKS:
        run = run + 1 if byte >> r & 1 else 0
        if run == 3:
            return True
    return False


#: _RUN[b]: whether the suit whose cards are the bits of ``b`` holds a sequence.
_RUN: tuple[bool, ...] = tuple(_has_run(b) for b in range(256))
_FOURS: tuple[Hand, ...] = tuple(sum(1 << card(s, r) for s in SUITS) for r in FOUR_VALUES)
_F0, _F1, _F2, _F3 = _FOURS


def has_combination(hand: Hand) -> bool:
    """Return True if ``hand`` holds a sequence or a scoring four (the fast test).

    >>> from kozyr.cards import parse_hand
    >>> has_combination(parse_hand("9S TS JS")), has_combination(parse_hand("8S 9S JS"))
    (True, False)
    """
    return (_RUN[hand & 0xFF] or _RUN[hand >> 8 & 0xFF] or _RUN[hand >> 16 & 0xFF]
            or _RUN[hand >> 24 & 0xFF] or hand & _F0 == _F0 or hand & _F1 == _F1
            or hand & _F2 == _F2 or hand & _F3 == _F3)


#: The fours in the order :func:`find_combinations` lists them, each with its mask.
_FOUR_COMBINATIONS: tuple[tuple[Hand, Combination], ...] = tuple(
    (sum(1 << c for c in cards), Combination("four", cards, FOUR_VALUES[r],
                                             (4, NATURAL_ORDER[r], 1)))
    for r in (QUEEN, KING, ACE, JACK) for cards in [tuple(card(s, r) for s in SUITS)])
#: ``_SEQUENCES[(suit, is trump, suit byte)]``: that suit's sequences, as they are found.
_SEQUENCES: dict[tuple[int, bool, int], tuple[Combination, ...]] = {}


def find_combinations(hand: Hand, trump: int) -> list[Combination]:
    """Return every combination of ``hand`` (sequences by suit, then fours), marriage excluded."""
    out: list[Combination] = []
    for s in SUITS:
        byte = hand >> (8 * s) & 0xFF
        if byte.bit_count() >= 3:
            key = (s, s == trump, byte)
            seqs = _SEQUENCES.get(key)
            if seqs is None:  # at most 4 x 2 x 256 entries
                seqs = _SEQUENCES[key] = tuple(_sequences(hand, s, trump))
            out.extend(seqs)
    for mask, four in _FOUR_COMBINATIONS:
        if hand & mask == mask:
            out.append(four)
    return out


def best_key(combinations: Sequence[Combination]) -> Key:
    """Return the key of the best single combination; ``(0, 0, 0)`` for none."""
    return max((c.key for c in combinations), default=(0, 0, 0))


#: ``MARRIAGE_CARDS[trump]``: the trump king and queen, as a hand.
MARRIAGE_CARDS: tuple[Hand, ...] = tuple((1 << card(t, KING)) | (1 << card(t, QUEEN))
                                         for t in range(4))


def marriage_cards(trump: int) -> Hand:
    """Return the trump king and queen as a hand."""
    return MARRIAGE_CARDS[trump]


def has_marriage(hand: Hand, trump: int) -> bool:
    """Return True if ``hand`` holds the king and queen of trump."""
    m = MARRIAGE_CARDS[trump]
    return hand & m == m


def describe(combinations: Sequence[Combination]) -> str:
    """Return combinations as one line, e.g. ``"9H TH JH (20), AS AC AD AH (100)"``."""
    return ", ".join(str(c) for c in combinations)
