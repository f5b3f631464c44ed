"""Piquet's scoring apart from the declarations (rules/piquet.md §4–6, §9): the cards and
capot, the end of a partie, and its settlement.

>>> cards_bonus([12, 0]), cards_bonus([5, 7]), cards_bonus([6, 6])
((40, 0, True), (10, 1, False), (0, -1, False))
>>> partie_result(6, [120, 80], False), partie_result(6, [90, 90], False)
((True, 0), (False, None))
>>> partie_result(8, [90, 90], False), partie_result(4, [50, 40], True)
((True, None), (True, 0))
>>> r = PiquetRules.from_preset()
>>> settlement(r, [150, 120], 0), settlement(r, [150, 90], 0), settlement(r, [80, 80], None)
([130, -130], [340, -340], [0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence

from kozyr.games.piquet.rules import PiquetRules

#: The cards (7 to 11 tricks) and capot (all 12).
CARDS, CAPOT = 10, 40
#: Piquet au cent: the loser below this has lost a double game.
DOUBLE_BELOW = 50


def cards_bonus(won: Sequence[int]) -> tuple[int, int, bool]:
    """Return (points, seat, capot) for the tricks won: 40 for all 12, 10 for 7 to 11."""
    for s in (0, 1):
        if won[s] == 12:
            return CAPOT, s, True
        if won[s] >= 7:
            return CARDS, s, False
    return 0, -1, False


def partie_result(deals: int, totals: Sequence[int], four_deal: bool) -> tuple[bool, int | None]:
    """Return (over, winner) after ``deals`` finished deals of a partie (§5, §9).

    Six deals (four with ``four_deal_partie``); equal totals: two more, then drawn (None).
    """
    base = 4 if four_deal else 6
    if deals not in (base, base + 2):
        return False, None
    if totals[0] != totals[1]:
        return True, 0 if totals[0] > totals[1] else 1
    return deals == base + 2, None


def partie_points(rules: PiquetRules, winner_total: int, loser_total: int) -> int:
    """Return the partie's points won: W − L + rubicon, or W + L + rubicon below the rubicon."""
    if loser_total >= rules.rubicon:
        return winner_total - loser_total + rules.rubicon
    return winner_total + loser_total + rules.rubicon


def is_double_game(rules: PiquetRules, loser_total: int) -> bool:
    """Return True if a cent game's loser has lost a double game."""
    return rules.double_game and loser_total < DOUBLE_BELOW


def settlement(rules: PiquetRules, totals: Sequence[int], winner: int | None) -> list[int]:
    """Return each seat's gain (+) or loss (−): the partie's points, or 1 or 2 cent games."""
    if winner is None:
        return [0, 0]
    loser = 1 - winner
    if rules.cent:
        won = 2 if is_double_game(rules, totals[loser]) else 1
    else:
        won = partie_points(rules, totals[winner], totals[loser])
    out = [0, 0]
    out[winner], out[loser] = won, -won
    return out
