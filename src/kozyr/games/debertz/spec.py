"""Debertz's entry in the game registry (kozyr.games.registry), and its settlement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr.games.registry import GameSpec

if TYPE_CHECKING:
    from kozyr.core.match import Match


def settlement(players: int, ante: int, winner: int | list[int]) -> list[int]:
    """Return each seat's gain (+) or loss (-) when ``winner`` (a seat, or a team's two seats)
    takes the pot of ``players`` x ``ante`` (rules/debertz.md §9.2).

    With 2 or 3 players the winner gains (n - 1) x ante and each loser loses ante; with 4 each
    winning partner gains ante and each losing partner loses it (the pot split between two).

    >>> settlement(3, 10, 1), settlement(2, 5, 0), settlement(4, 10, [1, 3])
    ([-10, 20, -10], [5, -5], [-10, 10, -10, 10])
    >>> settlement(3, 0, 2)
    [0, 0, 0]
    """
    winners = set(winner) if isinstance(winner, list) else {winner}
    gain = ante * (players - len(winners)) // len(winners)
    return [gain if s in winners else -ante for s in range(players)]


def settle(match: Match) -> list[int] | None:
    """Return what each seat wins (+) or pays (-) at the end of ``match``, or None before.

    The winning side takes every player's ``ante`` (:func:`settlement`); a match won by
    debertz is settled the same way; an unfinished match settles nothing.
    """
    winner = match.winner
    if not match.is_over or winner is None:
        return None
    from kozyr.games.debertz.rules import DebertzRules

    assert isinstance(match.rules, DebertzRules)
    return settlement(match.rules.players, match.rules.ante, winner)


SPEC = GameSpec(
    name="debertz",
    title="Debertz",
    match="kozyr.games.debertz:DebertzMatch",
    card_keys=("hands", "stock"),
    salons=(
        ("debertz2", "Debertz — two players"),
        ("debertz3", "Debertz — three players"),
        ("debertz4", "Debertz — four players (teams)"),
    ),
    settlement="kozyr.games.debertz.spec:settle",
    heuristic="kozyr.bots.heuristic.debertz:DebertzHeuristic",
    pimc="kozyr.bots.pimc_tricks:TrickPimcBot",
    terminal="kozyr.terminal.debertz:status_lines",
    deal_summary="kozyr.games.debertz.explain:deal_summary",
    trick_points="kozyr.games.debertz.explain:trick_points",
    web="debertz",
    order=2,
)
