"""Debertz's lines of the terminal status (its ``GameSpec.terminal``), from one observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import (
    bidding_text,
    combos_text,
    generic_text,
    line,
    pretty,
    seat_name,
    table_row,
)
from kozyr.terminal.words import t, word


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Debertz's lines: teams, bidding, the table (turned card, trump, stock), melds."""
    out: list[Text] = []
    teams = obs.get("teams")
    if teams:
        out.append(line(t("label.teams"), t("db.vs").join(
            " + ".join(seat_name(names, s) for s in team) for team in teams)))
    out.append(line(t("label.bidding"), bidding_text(obs.get("history") or [], names)))
    row = table_row(obs, names)
    if row.plain:
        out.append(line(t("label.table"), row))
    melds = obs.get("melds")  # [[seat, kind, cards], ...]
    if melds:
        out.append(line(t("label.melds"), Text(", ").join(
            Text.assemble((f"{seat_name(names, s)} ", "bold"), f"{word('meld', str(kind))} ",
                          pretty(str(cards)))
            for s, kind, cards in melds)))
    baits = obs.get("baits") or []
    if any(baits):
        out.append(line(t("label.baits"), "  ".join(f"{seat_name(names, i)} {b}"
                                           for i, b in enumerate(baits) if b)))
    bella = obs.get("bella")
    if bella:
        if isinstance(bella, list) and len(bella) == len(names) and all(
                isinstance(v, list) for v in bella):
            if any(bella):
                out.append(line(t("label.bella"), combos_text(bella, names)))
        else:
            out.append(line(t("label.bella"), generic_text(bella, names)))
    return out
