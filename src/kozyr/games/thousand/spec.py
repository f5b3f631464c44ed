"""Thousand's entry in the game registry (kozyr.games.registry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr.games.registry import GameSpec

if TYPE_CHECKING:
    from kozyr.core.match import Match


def settle(match: Match) -> list[int] | None:
    """Return what each seat wins (+) or pays (-) at the end of ``match``, or None before.

    Each loser pays the winner (winner's total - loser's total) x ``stake``
    (:func:`kozyr.games.thousand.scoring.settlement`).
    """
    winner = match.winner
    if not match.is_over or not isinstance(winner, int):
        return None
    from kozyr.games.thousand.rules import ThousandRules
    from kozyr.games.thousand.scoring import settlement

    assert isinstance(match.rules, ThousandRules)
    return [int(x) for x in settlement(match.rules, list(match.totals), winner)]


SPEC = GameSpec(
    name="thousand",
    title="Thousand",
    match="kozyr.games.thousand:ThousandMatch",
    card_keys=("hands", "talon", "cut_penalty_seat"),  # the last: only when charged (§11.3)
    salons=(
        ("classic", "Thousand — classic"),
        ("online", "Thousand — online"),
        ("tysiac", "Thousand — Tysiąc"),
        ("two_players", "Thousand — two players"),
        ("four_players", "Thousand — four players"),
        ("501", "Thousand — 501"),
    ),
    settlement="kozyr.games.thousand.spec:settle",
    deal_summary="kozyr.games.thousand.explain:deal_summary",
    trick_points="kozyr.games.thousand.explain:trick_points",
    choice_notes="kozyr.games.thousand.explain:choice_notes",
    heuristic="kozyr.bots.heuristic.thousand:ThousandHeuristic",
    pimc="kozyr.bots.pimc:PimcBot",
    terminal="kozyr.terminal.thousand:status_lines",
    web="thousand",
    order=1,
)
