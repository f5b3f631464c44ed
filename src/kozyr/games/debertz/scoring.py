"""Debertz deal and match scoring (rules/debertz.md §6, §8, §9.6), apart from the deal's state.

Everything here works per *side*: a seat with 2-3 players, a team of two partners with 4.

§9.6's options, read literally (each default is the rule of §6):

- ``declarer_must_beat`` (:func:`contract_result`) compares raw deal points (``points``).
- ``bait_to`` = ``top`` (:func:`bait_takers`): "the most points" are the raw deal points; the
  sides tied for the most share as ``split`` does, P and a pot floored apart (§9.P.3).
- A side's **written score** (:attr:`DealScore.written`) is its score after the bait or
  hanging-bait transfer and a third bait's -100 (§9.P.2), before the skate penalty and any pot.
  ``hanging_bait_to`` = ``next_top`` gives the whole pot to the one side with the highest written
  score (§9.P.4), else the pot waits; a tie of the deal adds to the pot after that.  The engine
  keeps the written scores of the last played deal for ``first_lead`` = ``previous_top``.

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
from dataclasses import dataclass, field

from kozyr.games.debertz.cardplay import BELLA_POINTS
from kozyr.games.debertz.melds import MELD_POINTS, Meld, best_meld

#: Baits a side may take without further cost; the 3rd and later cost BAIT_PENALTY.
FREE_BAITS = 2
BAIT_PENALTY = 100


@dataclass
class DealScore:
    """The result of scoring one played deal, per side.

    ``scores`` are what each side's total changes by; ``written`` each side's written score
    (rules/debertz.md §9: after the bait or hanging-bait transfer and a third bait's -100,
    before the skate penalty and any pot).
    """

    scores: list[int]
    marks: list[list[str]]
    pot: int
    baits: list[int]
    written: list[int] = field(default_factory=list)


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


def contract_result(points: Sequence[int], declarer: int, must_beat: str) -> int:
    """Return 1 if the declarer's side made the deal, -1 for a bait, 0 for a hanging bait.

    ``must_beat`` is ``declarer_must_beat``: ``defenders_together`` (more than the defenders'
    points together) or ``each_defender`` (more than each defending side's own; a bait if one
    has more, a hanging bait if none has more and one has as many).

    >>> contract_result([40, 39, 39], 0, "defenders_together")
    -1
    >>> [contract_result(p, 0, "each_defender") for p in ([40, 39, 39], [39, 39, 2], [3, 4, 0])]
    [1, 0, -1]
    """
    mine = points[declarer]
    others = [p for s, p in enumerate(points) if s != declarer]
    theirs = max(others) if must_beat == "each_defender" else sum(others)
    return (mine > theirs) - (mine < theirs)


def bait_takers(points: Sequence[int], declarer: int, bait_to: str) -> list[int]:
    """Return the defending sides that share a baited declarer's points (``bait_to``).

    ``split``: every defending side; ``top``: the one with the most points, or those tied for
    the most.

    >>> bait_takers([30, 50, 40], 0, "split"), bait_takers([30, 50, 40], 0, "top")
    ([1, 2], [1])
    >>> bait_takers([30, 45, 45], 0, "top")
    [1, 2]
    """
    defenders = [s for s in range(len(points)) if s != declarer]
    if bait_to != "top":
        return defenders
    top = max(points[s] for s in defenders)
    return [s for s in defenders if points[s] == top]


def score_deal(points: Sequence[int], declarer: int, took: Sequence[bool], baits: Sequence[int],
               pot: int, skate_penalty: int, *, must_beat: str = "defenders_together",
               bait_to: str = "split", pot_to: str = "next_contract") -> DealScore:
    """Score a played deal from each side's raw ``points``; return scores, marks, pot, baits.

    The declarer must score more than all defenders together (``must_beat``, see
    :func:`contract_result`).  Made: everybody writes his own points.  Bait: the declarer
    writes 0 (and -100 from his 3rd bait on); his points go to the defenders
    (:func:`bait_takers`: each of them getting the floor of an equal share).  Tie (hanging
    bait): the declarer writes 0, the defenders their own points, and his points join the pot.

    The hanging-bait ``pot`` (``pot_to`` = ``hanging_bait_to``): ``next_contract``, to the
    declarer if he made it, to the bait's takers if he was baited (each the floor of an equal
    share, floored apart from the bait), else it waits; ``next_top``, whole to the side with
    the highest written score if exactly one side has it, whatever the contract, else it waits
    (a tie of this deal adds to the pot after that).  A side that took no trick then loses
    ``skate_penalty``, bait shares or pot or not.

    >>> r = score_deal([40, 45, 30], 0, [True] * 3, [0] * 3, 12, 50, bait_to="top",
    ...                pot_to="next_top")
    >>> (r.scores, r.written, r.pot)
    ([0, 97, 30], [0, 85, 30], 0)
    """
    n = len(points)
    mine = points[declarer]
    result = contract_result(points, declarer, must_beat)
    scores = list(points)
    marks: list[list[str]] = [[] for _ in range(n)]
    new_baits = list(baits)
    takers: list[int] = []
    if result < 0:
        scores[declarer] = 0
        takers = bait_takers(points, declarer, bait_to)
        for s in takers:
            scores[s] += mine // len(takers)
        new_baits[declarer] += 1
        if new_baits[declarer] > FREE_BAITS:
            scores[declarer] -= BAIT_PENALTY
        marks[declarer].append("bait")
    elif result == 0:
        scores[declarer] = 0
        marks[declarer].append("hanging-bait")
    written = list(scores)
    if pot_to == "next_top":
        top = max(written)
        tops = [s for s in range(n) if written[s] == top]
        if len(tops) == 1:
            scores[tops[0]] += pot
            pot = 0
    elif result > 0:
        scores[declarer] += pot
        pot = 0
    elif result < 0:
        for s in takers:
            scores[s] += pot // len(takers)
        pot = 0
    if result == 0:
        pot += mine
    for s in range(n):
        if not took[s]:
            scores[s] -= skate_penalty
            marks[s].append("skate")
    return DealScore(scores, marks, pot, new_baits, written)


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
