"""Piquet's lines of the terminal status (its ``GameSpec.terminal``), from one observation.

The exchange (the talon's cards still to take, what elder saw, the left cards), the carte
blanche, each category's result as the players announce it ("point of 5: good"), the deal's
points and marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import line, pretty, seat_name


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Piquet's lines: elder and the talon, carte blanche, results, the deal's points."""
    out: list[Text] = []
    elder = obs.get("elder")
    if elder is not None:
        out.append(line("Elder", Text(f"{seat_name(names, int(elder))}; talon "
                                      f"{obs.get('talon_size', 0)} cards")))
    for key, label in (("talon_seen", "Seen"), ("left", "Left"), ("discard", "Discard")):
        if obs.get(key):
            out.append(line(label, pretty(str(obs[key]))))
    cb = obs.get("carte_blanche")
    if cb is not None:
        cards = obs.get("carte_blanche_cards")
        text = Text(f"carte blanche: {seat_name(names, int(cb))}")
        if cards:
            text = Text.assemble(text, " ", pretty(str(cards)))
        out.append(line("Blank", text))
    for r in obs.get("results") or []:
        if r["winner"] is not None:
            who = seat_name(names, int(r["winner"]))
            text = Text(f"{who}: good, {r['score']}")
        else:
            text = Text("equal" if r.get("equal") else "nobody")
        for cards in r.get("cards") or []:
            if cards:
                text = Text.assemble(text, " ", pretty(str(cards)))
        out.append(line(str(r["category"]).capitalize(), text))
    points = obs.get("points") or [0, 0]
    marks = obs.get("marks") or [[], []]
    out.append(line("Deal", Text("; ".join(
        f"{seat_name(names, i)} {points[i]}" + (f" ({', '.join(marks[i])})" if marks[i] else "")
        for i in range(len(points))))))
    return out
