"""Tertz's lines of the terminal status (its ``GameSpec.terminal``), from one observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import card_text, combos_text, line, pretty, seat_name, suit_text


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Tertz's lines: the table (turned card, trump, stock), known cards, combinations."""
    out: list[Text] = []
    row = Text()
    if obs.get("turned"):
        row.append_text(Text.assemble("turned ", card_text(str(obs["turned"])), "   "))
    if obs.get("trump"):
        row.append_text(Text.assemble("trump ", suit_text(str(obs["trump"])), "   "))
    if obs.get("stock_size") is not None:
        row.append(f"stock {obs['stock_size']}   ")
    if row.plain:
        out.append(line("Table", row))
    known = obs.get("known") or []  # per seat: the cards its shown combinations revealed
    held = [(i, k) for i, k in enumerate(known) if k and i != obs.get("seat")]
    if held:
        out.append(line("Known", Text("; ").join(
            Text.assemble(f"{seat_name(names, i)} holds ", pretty(str(k))) for i, k in held)))
    combos = obs.get("combinations")  # per seat: [{"kind", "cards", "value"}, ...]
    if combos and any(combos):
        out.append(line("Combos", combos_text(combos, names)))
    return out
