"""Debertz melds (rules/debertz.md §4, §8): tertz, fifty and debertz, found and compared.

A *run* is three or more cards of one suit that are consecutive in the suit's sequence order:
plain suits A 10 K Q J 9 8 7 (the plain rank order), trump J 9 A 10 K Q 8 7, or 7 8 9 10 J Q K
A for every suit with ``natural_sequence_order``.  Runs are maximal, so a card serves in one
meld only and a run of four or more is one fifty, never split; seven consecutive trumps are
debertz.

>>> from kozyr.cards import parse_hand, DIAMONDS, HEARTS
>>> [format_meld(m) for m in find_melds(parse_hand("KH QH JH 9S 8S 7S JS"), 0, DIAMONDS, False)]
['fifty JS 9S 8S 7S', 'tertz KH QH JH']
>>> [format_meld(m) for m in find_melds(parse_hand("AH 9H JH"), 0, HEARTS, False)]
['tertz JH 9H AH']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kozyr.cards import SUITS, Hand, cards_of, format_card, suit_of
from kozyr.games.tricks import JACK_NINE_TRUMPS, NATURAL_ORDER, PLAIN_ORDER

TERTZ, FIFTY, DEBERTZ = 0, 1, 2
KIND_NAMES = ("tertz", "fifty", "debertz")
#: Points of a tertz and a fifty; debertz wins the match instead of scoring.
MELD_POINTS = (20, 50, 0)


class Meld(NamedTuple):
    """One declared run: its owner, kind, top card's place, suit and cards."""

    seat: int
    kind: int
    top: int
    """Place (0..7) of the run's top card in the order that made the run."""
    trump: bool
    cards: Hand
    order: tuple[int, ...]
    """The sequence order that made the run (place of each rank)."""


def _runs_table(order: Sequence[int]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Return, for each 8-bit suit pattern, its runs of 3+ as (length, top place, rank bits)."""
    rank_at = [0] * 8
    for r in range(8):
        rank_at[order[r]] = r
    table = []
    for mask in range(256):
        runs = []
        p = 0
        while p < 8:
            if not mask >> rank_at[p] & 1:
                p += 1
                continue
            q, bits = p, 0
            while q < 8 and mask >> rank_at[q] & 1:
                bits |= 1 << rank_at[q]
                q += 1
            if q - p >= 3:
                runs.append((q - p, q - 1, bits))
            p = q
        table.append(tuple(runs))
    return tuple(table)


_TABLES = {
    PLAIN_ORDER: _runs_table(PLAIN_ORDER),
    JACK_NINE_TRUMPS: _runs_table(JACK_NINE_TRUMPS),
    NATURAL_ORDER: _runs_table(NATURAL_ORDER),
}


def suit_order(suit: int, trump: int, natural: bool) -> tuple[int, ...]:
    """Return the sequence order of ``suit``: natural, trump (J 9 A 10 K Q 8 7) or plain."""
    if natural:
        return NATURAL_ORDER
    return JACK_NINE_TRUMPS if suit == trump else PLAIN_ORDER


def find_melds(hand: Hand, seat: int, trump: int, natural: bool) -> list[Meld]:
    """Return the melds of ``hand`` (maximal runs), suit by suit (spades first)."""
    out: list[Meld] = []
    for s in SUITS:
        order = suit_order(s, trump, natural)
        for length, top, bits in _TABLES[order][(hand >> (8 * s)) & 0xFF]:
            kind = DEBERTZ if s == trump and length >= 7 else FIFTY if length >= 4 else TERTZ
            out.append(Meld(seat, kind, top, s == trump, bits << (8 * s), order))
    return out


#: Whether a suit whose ranks are the bits of a byte holds a run, by sequence order.
_PLAIN_RUN: tuple[bool, ...] = tuple(bool(t) for t in _TABLES[PLAIN_ORDER])
_TRUMP_RUN: tuple[bool, ...] = tuple(bool(t) for t in _TABLES[JACK_NINE_TRUMPS])
_NATURAL_RUN: tuple[bool, ...] = tuple(bool(t) for t in _TABLES[NATURAL_ORDER])


def has_meld(hand: Hand, trump: int, natural: bool) -> bool:
    """Return True if ``hand`` holds at least one run of three (the engine's fast test).

    >>> from kozyr.cards import parse_hand, HEARTS
    >>> has_meld(parse_hand("AH 9H JH"), HEARTS, False), has_meld(parse_hand("AH 9H JH"), 0, False)
    (True, False)
    """
    if natural:
        r = _NATURAL_RUN
        return r[hand & 255] or r[hand >> 8 & 255] or r[hand >> 16 & 255] or r[hand >> 24]
    t = 8 * trump
    if _TRUMP_RUN[hand >> t & 255]:
        return True
    h = hand & ~(255 << t)
    p = _PLAIN_RUN
    return p[h & 255] or p[h >> 8 & 255] or p[h >> 16 & 255] or p[h >> 24]


def meld_key(meld: Meld, dealer: int, players: int) -> tuple[int, int, bool, int]:
    """Return the comparison key: kind, top card's place, trump, then seat from dealer's left.

    A fifty's length does not count; the earlier seat clockwise from the dealer's left wins
    a complete tie.
    """
    return (meld.kind, meld.top, meld.trump, -((meld.seat - dealer - 1) % players))


def best_meld(melds: Sequence[Meld], dealer: int, players: int) -> Meld | None:
    """Return the best of ``melds`` (None if there are none)."""
    if not melds:
        return None
    return max(melds, key=lambda m: meld_key(m, dealer, players))


def meld_cards_text(meld: Meld) -> str:
    """Return the meld's cards, top card first in its sequence order, e.g. ``"KH QH JH"``."""
    order = meld.order
    cards = sorted(cards_of(meld.cards), key=lambda c: -order[c & 7])
    return " ".join(format_card(c) for c in cards)


def format_meld(meld: Meld) -> str:
    """Return ``"tertz KH QH JH"``: the kind, then the cards."""
    return f"{KIND_NAMES[meld.kind]} {meld_cards_text(meld)}"


def meld_suit(meld: Meld) -> int:
    """Return the suit of the meld."""
    return suit_of((meld.cards & -meld.cards).bit_length() - 1)
