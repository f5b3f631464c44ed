"""Bezique's lines of the terminal status (its ``GameSpec.terminal``), from one observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import line, seat_name, table_row
from kozyr.terminal.words import t, word


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Bezique's lines: turned card, trump, stock; each seat's table and combinations."""
    out: list[Text] = []
    row = table_row(obs, names)
    if row.plain:
        out.append(line(t("label.table"), row))
    tables = obs.get("table") or []
    if any(tables):
        out.append(line(t("label.on_table"), "; ".join(
            f"{seat_name(names, i)}: {t}" for i, t in enumerate(tables) if t)))
    combos = obs.get("combinations") or []
    if any(combos):
        out.append(line(t("label.declared"), "; ".join(
            f"{seat_name(names, i)}: " + ", ".join(
                f"{word('meld', str(c['kind']))} {c['cards']} ({c['points']})" for c in cs)
            for i, cs in enumerate(combos) if cs)))
    points = obs.get("deal_points")
    if points:
        out.append(line(t("label.this_deal"), "  ".join(
            f"{seat_name(names, i)} {p}" for i, p in enumerate(points))))
    return out
