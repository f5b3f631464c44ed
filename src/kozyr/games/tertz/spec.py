"""Tertz's entry in the game registry (kozyr.games.registry)."""

from kozyr.games.registry import GameSpec

SPEC = GameSpec(
    name="tertz",
    title="Tertz",
    match="kozyr.games.tertz:TertzMatch",
    card_keys=("hands", "stock"),
    salons=(("tertz", "Tertz"),),
    heuristic="kozyr.bots.heuristic.tertz:TertzHeuristic",
    pimc="kozyr.bots.pimc_tricks:TrickPimcBot",
    terminal="kozyr.terminal.tertz:status_lines",
    deal_summary="kozyr.games.tertz.explain:deal_summary",
    trick_points="kozyr.games.tertz.explain:trick_points",
    web="tertz",
    order=3,
)
