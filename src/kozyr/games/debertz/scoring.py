"""Debertz deal and match scoring (rules/debertz.md §6, §8), apart from the deal's state.

Everything here works per *side*: a seat with 2-3 players, a team of two partners with 4.

>>> r = score_deal([70, 40, 25], declarer=0, took=[True, True, True], baits=[0, 0, 0], pot=0,
...                skate_penalty=50)
>>> (r.scores, r.pot)
([70, 40, 25], 0)
>>> r = score_deal([50, 60, 25], declarer=0, took=[True, True, False], baits=[2, 0, 0], pot=0,
...                skate_penalty=50)
>>> (r.scores, r.marks)
([-100, 85, 0], [['bait'], [], ['skate']])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kozyr.games.debertz.cardplay import BELLA_POINTS
from kozyr.games.debertz.melds import MELD_POINTS, Meld, best_meld

#: Baits a side may take without further cost; the 3rd and later cost BAIT_PENALTY.
FREE_BAITS = 2
BAIT_PENALTY = 100


@dataclass
class DealScore:
    """The result of scoring one played deal, per side."""

    scores: list[int]
    marks: list[list[str]]
    pot: int
    baits: list[int]


def deal_points(card_points: Sequence[int], melds: Sequence[Meld], side_of: Sequence[int],
                took: Sequence[int], bella: Sequence[int], dealer: int) -> list[int]:
    """Return each side's raw points of a played deal: its cards (last trick included), its
    melds if it holds the best meld and took a trick, and 20 per bella it announced.

    ``side_of[seat]`` is the seat's side, ``took[side]`` its tricks, ``bella`` the seats that
    announced bella.  Only the side of the best meld (:func:`~kozyr.games.debertz.melds.
    best_meld`) scores melds, all of its own.

    >>> deal_points([60, 40, 52], [], (0, 1, 2), [3, 3, 3], [1], dealer=0)
    [60, 60, 52]
    """
    pts = list(card_points)
    best = best_meld(melds, dealer, len(side_of))
    if best is not None:
        side = side_of[best.seat]
        if took[side]:
            pts[side] += sum(MELD_POINTS[m.kind] for m in melds if side_of[m.seat] == side)
    for seat in bella:
        pts[side_of[seat]] += BELLA_POINTS
    return pts


def score_deal(points: Sequence[int], declarer: int, took: Sequence[bool], baits: Sequence[int],
               pot: int, skate_penalty: int) -> DealScore:
    """Score a played deal from each side's raw ``points``; return scores, marks, pot, baits.

    The declarer must score more than all defenders together.  Made: everybody writes his own
    points and the declarer takes the hanging-bait ``pot``.  Bait: the declarer writes 0 (and
    -100 from his 3rd bait on); his points and the pot go to the defenders, each defending side
    getting the floor of an equal share.  Tie (hanging bait): the declarer writes 0, the
    defenders their own points, and his points join the pot.  A side that took no trick then
    loses ``skate_penalty``, bait shares or not.
    """
    n = len(points)
    defenders = [s for s in range(n) if s != declarer]
    mine = points[declarer]
    theirs = sum(points[s] for s in defenders)
    scores = list(points)
    marks: list[list[str]] = [[] for _ in range(n)]
    new_baits = list(baits)
    if mine > theirs:
        scores[declarer] += pot
        pot = 0
    elif mine < theirs:
        scores[declarer] = 0
        share, pot_share = mine // len(defenders), pot // len(defenders)
        for s in defenders:
            scores[s] += share + pot_share
        pot = 0
        new_baits[declarer] += 1
        if new_baits[declarer] > FREE_BAITS:
            scores[declarer] -= BAIT_PENALTY
        marks[declarer].append("bait")
    else:
        scores[declarer] = 0
        pot += mine
        marks[declarer].append("hanging-bait")
    for s in range(n):
        if not took[s]:
            scores[s] -= skate_penalty
            marks[s].append("skate")
    return DealScore(scores, marks, pot, new_baits)


def match_winner(totals: Sequence[int], target: int, declarer: int | None,
                 from_dealer_left: Sequence[int]) -> int | None:
    """Return the side that wins the match after a deal, or None if nobody reached ``target``.

    Several at or above the target: the highest total, then the declarer's side, then the
    first side clockwise from the dealer's left (``from_dealer_left`` lists the sides in that
    order).

    >>> match_winner([510, 520, 100], 501, 0, [1, 2, 0])
    1
    >>> match_winner([520, 520, 100], 501, 0, [1, 2, 0])
    0
    >>> match_winner([520, 520, 100], 501, 2, [1, 2, 0])
    1
    """
    reached = [s for s in from_dealer_left if totals[s] >= target]
    if not reached:
        return None
    top = max(totals[s] for s in reached)
    best = [s for s in reached if totals[s] == top]
    if declarer in best:
        return declarer
    return best[0]
