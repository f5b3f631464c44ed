"""Piquet's entry in the game registry (kozyr.games.registry)."""

from kozyr.games.registry import GameSpec

SPEC = GameSpec(
    name="piquet",
    title="Piquet",
    match="kozyr.games.piquet:PiquetMatch",
    card_keys=("hands", "talon"),
    salons=(("rubicon", "Rubicon Piquet"), ("cent", "Piquet au cent")),
    settlement="kozyr.games.piquet.match:settle",
    heuristic="kozyr.bots.heuristic.piquet:PiquetHeuristic",
    pimc="kozyr.bots.pimc_piquet:PiquetPimcBot",
    terminal="kozyr.terminal.piquet:status_lines",
    web="piquet",
    order=4,
)
