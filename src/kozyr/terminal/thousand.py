"""Thousand's lines of the terminal status (its ``GameSpec.terminal``), from one observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import bidding_text, card_text, line, pretty, seat_name, suit_text


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Thousand's lines: bidding, declarer, talon, gifts, trump and marriages."""
    out: list[Text] = []
    hist = obs.get("history") or []
    out.append(line("Bidding", bidding_text(hist, names)))
    bid, hb = obs.get("bid"), obs.get("high_bidder")
    if obs.get("declarer") is not None:
        c = obs.get("contract")
        out.append(line("Declarer", Text.assemble(
            (seat_name(names, obs["declarer"]), "bold"),
            f" · bid {bid}" if bid is not None else "",
            f" · contract {c}" if c is not None else "")))
    elif bid is not None:
        out.append(line("High bid", f"{bid} by {seat_name(names, hb)}"))
    if obs.get("talon"):
        out.append(line("Talon", pretty(obs["talon"])))
    piles = obs.get("talon_piles")
    if piles and any(piles):
        out.append(line("Piles", Text(" | ").join(pretty(p) if p else Text("??", style="dim")
                                                   for p in piles)))
    given = obs.get("given")
    if given:
        out.append(line("You gave", Text(", ").join(
            Text.assemble(card_text(str(c)), f" to {seat_name(names, s)}") for s, c in given)))
    received = obs.get("received")
    if received:
        out.append(line("Received", pretty(received)))
    if obs.get("discards"):
        out.append(line("Discards", pretty(obs["discards"])))
    trump = obs.get("trump")
    marriages = obs.get("marriages") or []
    if trump or marriages:
        t = Text.assemble("trump ", suit_text(trump) if trump else Text("none", style="dim"))
        if marriages:
            t.append("   marriages: ")
            t.append_text(Text(", ").join(Text.assemble(f"{seat_name(names, s)} ", suit_text(m))
                                          for s, m in marriages))
        out.append(line("Trump", t))
    extras = []
    for key, label in (("barrel", "on the barrel"),):
        seats = obs.get(key) or []
        if seats:
            extras.append(f"{label}: " + ", ".join(seat_name(names, s) for s in seats))
    bolts = obs.get("bolts") or []
    if any(bolts):
        extras.append("bolts: " + ", ".join(f"{seat_name(names, i)} {b}"
                                            for i, b in enumerate(bolts) if b))
    if extras:
        out.append(line("Match", " · ".join(extras)))
    return out
