"""Tertz's lines of the terminal status (its ``GameSpec.terminal``), from one observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import combos_text, line, pretty, seat_name, table_row
from kozyr.terminal.words import t, tx


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Tertz's lines: the table (turned card, trump, stock), known cards, combinations."""
    out: list[Text] = []
    row = table_row(obs, names)
    if row.plain:
        out.append(line(t("label.table"), row))
    known = obs.get("known") or []  # per seat: the cards its shown combinations revealed
    held = [(i, k) for i, k in enumerate(known) if k and i != obs.get("seat")]
    if held:
        out.append(line(t("label.known"), Text("; ").join(
            Text.assemble(tx("tz.holds", name=seat_name(names, i)), pretty(str(k)))
            for i, k in held)))
    combos = obs.get("combinations")  # per seat: [{"kind", "cards", "value"}, ...]
    if combos and any(combos):
        out.append(line(t("label.combos"), combos_text(combos, names)))
    # §3: the taken tricks may be looked at while at least 4 cards remain in the stock
    # (the observation's ``taken``, null afterwards).
    taken = obs.get("taken")
    if taken and any(taken):
        out.append(line(t("label.taken"), Text("; ").join(
            Text.assemble(f"{seat_name(names, i)} ", pretty(str(cards)))
            for i, cards in enumerate(taken) if cards)))
    return out
