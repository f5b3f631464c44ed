"""Tertz's deal scoring (rules/tertz.md §1, §5, §6), apart from the deal's state.

>>> round_split(45), round_split(47), round_split(135)
(40, 50, 130)
>>> split_deal(points=(57, 93), tricks=(8, 8), last_trick=1)
(60, 90)
"""

from __future__ import annotations

from collections.abc import Sequence

from kozyr.games.tertz.cardplay import CARD_POINTS, LAST_TRICK
from kozyr.games.tertz.combinations import MARRIAGE_VALUE, Combination, Key, best_key

DEAL_POINTS = 150

__all__ = ["CARD_POINTS", "DEAL_POINTS", "LAST_TRICK", "combination_points",
           "combinations_winner", "counting_seat", "round_split", "split_deal"]


def round_split(points: int) -> int:
    """Round to a multiple of 10, 5 going down (45 -> 40, 47 -> 50, 135 -> 130)."""
    return (points + 4) // 10 * 10


def counting_seat(tricks: Sequence[int], last_trick: int) -> int:
    """Return the seat that counts its card points: fewer tricks; at 8-8, not the last trick's."""
    if tricks[0] != tricks[1]:
        return 0 if tricks[0] < tricks[1] else 1
    return 1 - last_trick


def split_deal(points: Sequence[int], tricks: Sequence[int], last_trick: int) -> tuple[int, int]:
    """Return the rounded split of the deal's 150 (``points`` include the last trick's 10)."""
    seat = counting_seat(tricks, last_trick)
    mine = round_split(points[seat])
    out = [DEAL_POINTS - mine, DEAL_POINTS - mine]
    out[seat] = mine
    return out[0], out[1]


def combinations_winner(shown: Sequence[Sequence[Combination] | None],
                        order: Sequence[int]) -> int | None:
    """Return the seat whose shown combinations score (None if nobody showed any).

    ``order`` gives when each seat showed (lower is earlier); it breaks a tie of best keys.
    """
    keys: list[Key | None] = [best_key(s) if s else None for s in shown]
    if keys[0] is None and keys[1] is None:
        return None
    if keys[1] is None:
        return 0
    if keys[0] is None:
        return 1
    if keys[0] != keys[1]:
        return 0 if keys[0] > keys[1] else 1
    return 0 if order[0] < order[1] else 1


def combination_points(shown: Sequence[Sequence[Combination] | None], order: Sequence[int],
                       marriage: Sequence[bool]) -> list[int]:
    """Return what each seat scores beside its cards: the winning combinations' values
    (:func:`combinations_winner`) and 20 for a declared trump marriage.

    >>> combination_points([None, None], [0, 0], [False, True])
    [0, 20]
    """
    extra = [0, 0]
    w = combinations_winner(shown, order)
    if w is not None:
        extra[w] = sum(c.value for c in shown[w] or ())
    for i in (0, 1):
        if marriage[i]:
            extra[i] += MARRIAGE_VALUE
    return extra
