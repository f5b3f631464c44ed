"""Debertz's entry in the game registry (kozyr.games.registry)."""

from kozyr.games.registry import GameSpec

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
    heuristic="kozyr.bots.heuristic.debertz:DebertzHeuristic",
    pimc="kozyr.bots.pimc_tricks:TrickPimcBot",
    terminal="kozyr.terminal.debertz:status_lines",
    web="debertz",
    order=2,
)
