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
from kozyr.terminal.words import lang, t, word


def status_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return Piquet's lines: elder and the talon, carte blanche, results, the deal's points."""
    out: list[Text] = []
    elder = obs.get("elder")
    if elder is not None:
        out.append(line(t("label.elder"), Text(t("pq.elder", name=seat_name(names, int(elder)),
                                                 n=obs.get("talon_size", 0)))))
    for key, label in (("talon_seen", "label.seen"), ("left", "label.left"),
                       ("discard", "label.discard")):
        if obs.get(key):
            out.append(line(t(label), pretty(str(obs[key]))))
    cb = obs.get("carte_blanche")
    if cb is not None:
        cards = obs.get("carte_blanche_cards")
        text = Text(t("pq.carte_blanche", name=seat_name(names, int(cb))))
        if cards:
            text = Text.assemble(text, " ", pretty(str(cards)))
        out.append(line(t("label.blank"), text))
    for r in obs.get("results") or []:
        if r["winner"] is not None:
            who = seat_name(names, int(r["winner"]))
            text = Text(t("pq.good", name=who, score=r["score"]))
        else:
            text = Text(t("pq.equal") if r.get("equal") else t("pq.nobody"))
        for cards in r.get("cards") or []:
            if cards:
                text = Text.assemble(text, " ", pretty(str(cards)))
        category = str(r["category"])
        out.append(line(word("cat", category) if lang() != "en" else category.capitalize(),
                        text))
    points = obs.get("points") or [0, 0]
    marks = obs.get("marks") or [[], []]
    # English shows the marks as the record writes them (repique); another language in words.
    said = [[m if lang() == "en" else word("mark", m) for m in ms] for ms in marks]
    out.append(line(t("label.deal"), Text("; ".join(
        f"{seat_name(names, i)} {points[i]}" + (f" ({', '.join(said[i])})" if said[i] else "")
        for i in range(len(points))))))
    return out
