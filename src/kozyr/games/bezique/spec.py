"""Bezique's entry in the game registry (kozyr.games.registry)."""

from kozyr.games.registry import GameSpec

SPEC = GameSpec(
    name="bezique",
    title="Bezique",
    match="kozyr.games.bezique:BeziqueMatch",
    card_keys=("hands", "stock"),
    salons=(("classic", "Bezique"), ("1500", "Bezique to 1500")),
    heuristic="kozyr.bots.heuristic.bezique:BeziqueHeuristic",
    pimc="kozyr.bots.pimc_bezique:BeziquePimcBot",
    terminal="kozyr.terminal.bezique:status_lines",
    deal_summary="kozyr.games.bezique.explain:deal_summary",
    trick_points="kozyr.games.bezique.explain:trick_points",
    web="bezique",
    order=5,
)
