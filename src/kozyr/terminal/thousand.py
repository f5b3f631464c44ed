"""Thousand's lines of the terminal status (its ``GameSpec.terminal``), from one observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import (
    PLAY_WORDS,
    bidding_text,
    card_text,
    line,
    pretty,
    seat_name,
    suit_text,
)


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
    asked = obs.get("buyer_asked")
    if asked is not None:
        out.append(line("Buying", f"{seat_name(names, asked)} may buy the talon"))
    sales = obs.get("sales") or []
    if sales:
        out.append(line("Sold by", ", ".join(seat_name(names, s) for s in sales)))
    if obs.get("seat") in (obs.get("hands_unseen") or []):
        out.append(line("Blind", Text("you have not looked at your cards (`look` or `blind`)",
                                      style="dim")))
    trump = obs.get("trump")
    marriages = obs.get("marriages") or []
    if trump or marriages:
        # The line's label says "Trump": the value is the suit alone (not "Trump  trump ♠").
        t = Text.assemble(suit_text(trump) if trump else Text("none", style="dim"))
        if marriages:
            # [seat, suit] per marriage; [seat, suit, words] for §11's declarations.
            t.append("   declared: ")
            t.append_text(Text(", ").join(_declared(names, m) for m in marriages))
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


def _declared(names: Sequence[str], entry: Sequence[Any]) -> Text:
    """Return one declaration: ``P1 ♥``, ``P1 ♥ bed marriage``, ``P2 four nines``."""
    seat, suit, *words = entry
    kind = str(words[0]) if words else "marriage"
    if kind == "nines":
        return Text(f"{seat_name(names, seat)} four nines")
    out = Text.assemble(f"{seat_name(names, seat)} ", suit_text(str(suit)))
    if kind != "marriage":
        out.append(" " + PLAY_WORDS.get(kind, kind))
    return out
