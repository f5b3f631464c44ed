"""Thousand's lines of the terminal status (its ``GameSpec.terminal``), from one observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kozyr.terminal.render import (
    bidding_text,
    card_text,
    line,
    pretty,
    seat_name,
    suit_text,
)
from kozyr.terminal.words import t, word


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Thousand's lines: bidding, declarer, talon, gifts, trump and marriages."""
    out: list[Text] = []
    hist = obs.get("history") or []
    out.append(line(t("label.bidding"), bidding_text(hist, names)))
    bid, hb = obs.get("bid"), obs.get("high_bidder")
    if obs.get("declarer") is not None:
        c = obs.get("contract")
        out.append(line(t("label.declarer"), Text.assemble(
            (seat_name(names, obs["declarer"]), "bold"),
            t("th.bid", n=bid) if bid is not None else "",
            t("th.contract", n=c) if c is not None else "")))
    elif bid is not None:
        out.append(line(t("label.high_bid"), t("th.high_bid", n=bid, name=seat_name(names, hb))))
    if obs.get("talon"):
        out.append(line(t("label.talon"), pretty(obs["talon"])))
    piles = obs.get("talon_piles")
    if piles and any(piles):
        out.append(line(t("label.piles"), Text(" | ").join(
            pretty(p) if p else Text("??", style="dim") for p in piles)))
    given = obs.get("given")
    if given:
        out.append(line(t("label.gave"), Text(", ").join(
            Text.assemble(card_text(str(c)), t("th.gave_to", name=seat_name(names, s)))
            for s, c in given)))
    received = obs.get("received")
    if received:
        out.append(line(t("label.received"), pretty(received)))
    if obs.get("discards"):
        out.append(line(t("label.discards"), pretty(obs["discards"])))
    asked = obs.get("buyer_asked")
    if asked is not None:
        out.append(line(t("label.buying"), t("th.may_buy", name=seat_name(names, asked))))
    sales = obs.get("sales") or []
    if sales:
        out.append(line(t("label.sold_by"), ", ".join(seat_name(names, s) for s in sales)))
    if obs.get("seat") in (obs.get("hands_unseen") or []):
        out.append(line(t("label.blind"), Text(t("th.unseen"), style="dim")))
    trump = obs.get("trump")
    marriages = obs.get("marriages") or []
    if trump or marriages:
        # The line's label says "Trump": the value is the suit alone (not "Trump  trump ♠").
        value = Text.assemble(suit_text(trump) if trump else Text(t("th.no_trump"),
                                                                  style="dim"))
        if marriages:
            # [seat, suit] per marriage; [seat, suit, words] for §11's declarations.
            value.append(t("th.declared"))
            value.append_text(Text(", ").join(_declared(names, m) for m in marriages))
        out.append(line(t("label.trump"), value))
    extras = []
    for key, label in (("barrel", t("th.on_barrel")),):
        seats = obs.get(key) or []
        if seats:
            extras.append(f"{label}: " + ", ".join(seat_name(names, s) for s in seats))
    bolts = obs.get("bolts") or []
    if any(bolts):
        extras.append(t("th.bolts") + ", ".join(f"{seat_name(names, i)} {b}"
                                                for i, b in enumerate(bolts) if b))
    if extras:
        out.append(line(t("label.match"), " · ".join(extras)))
    return out


def _declared(names: Sequence[str], entry: Sequence[Any]) -> Text:
    """Return one declaration: ``P1 ♥``, ``P1 ♥ bed marriage``, ``P2 four nines``."""
    seat, suit, *words = entry
    kind = str(words[0]) if words else "marriage"
    if kind == "nines":
        return Text(t("th.four_nines", name=seat_name(names, seat)))
    out = Text.assemble(f"{seat_name(names, seat)} ", suit_text(str(suit)))
    if kind != "marriage":
        out.append(" " + word("play", kind))
    return out
