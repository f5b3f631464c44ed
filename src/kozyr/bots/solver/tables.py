"""The double-dummy search's own tables, built at import from the game's card points.

The rules' tables themselves (card points, the K+Q of each suit, the four aces, the cards of a
suit above each card) are the game's, :mod:`kozyr.games.thousand.cardplay`; these are the
search's views of them: a one-suit hand's cards in order, the cards between two cards, how far
two cards' points differ.
"""

from __future__ import annotations

from kozyr.games.thousand.cardplay import POINTS

#: A move flag: lead this K/Q (or ace, with ace_marriage) and declare the marriage.
DECLARE = 32

#: The cards up to and including each card (all suits below it too).
LOW_MASK: tuple[int, ...] = tuple((1 << (c + 1)) - 1 for c in range(32))
#: The cards of a one-suit hand, low to high (which is also by points) and high to low.
ASC: dict[int, tuple[int, ...]] = {
    p << (8 * s): tuple(s * 8 + r for r in range(8) if p >> r & 1)
    for s in range(4) for p in range(256)}
DESC: dict[int, tuple[int, ...]] = {m: cs[::-1] for m, cs in ASC.items()}
#: The cards strictly between cards a and b, at index a * 32 + b.
BETWEEN: tuple[int, ...] = tuple(
    LOW_MASK[max(a, b) - 1] ^ LOW_MASK[min(a, b)] if a != b else 0
    for a in range(32) for b in range(32))
#: "Something is always between": merging off.
ALWAYS_BETWEEN: tuple[int, ...] = (-1,) * 1024
#: How much the points of cards a and b differ, at index a * 32 + b.
PDIFF: tuple[int, ...] = tuple(abs(POINTS[i >> 5] - POINTS[i & 31]) for i in range(1024))
#: The card points of a one-suit hand.
SUIT_POINTS: dict[int, int] = {m: sum(POINTS[c] for c in cs) for m, cs in ASC.items()}


def by_points(hand: int) -> list[int]:
    """Return the cards of a hand by points, low to high (ranks across suits)."""
    out: list[int] = []
    for r in range(8):
        x = hand >> r & 0x01010101
        while x:
            low = x & -x
            out.append(low.bit_length() - 1 + r)
            x ^= low
    return out
