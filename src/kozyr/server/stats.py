"""A profile's statistics (``GET /api/profiles/{name}/stats``, docs/protocol.md §2).

Computed from stored finished matches only (their score sheets, never their records): at most
the user's last :data:`LIMIT` finished matches, read in one query.

>>> rows = [("g1", "thousand", "classic", ["ann", "bot:easy", "bot:hard"], [120, 40, -20], 0,
...          [{"dealer": 0, "declarer": 0, "bid": 100, "contract": 120,
...            "scores": [120, 40, -20], "marks": [[], [], ["B"]]},
...           {"dealer": 1, "declarer": 2, "bid": 100, "contract": None,
...            "scores": [0, 0, -100], "marks": [["B"], [], ["P"]]}], 0, False)]
>>> s = compute(rows)[0]
>>> s["played"], s["won"], s["deals"], s["declared"], s["made"], s["average_contract"]
(1, 1, 2, 1, 1, 120.0)
>>> s["marks"], s["best"], s["against_bots"]["hard"]
({'B': 1}, {'game_id': 'g1', 'total': 120}, {'played': 1, 'won': 1})
>>> compute(rows, [("thousand", "classic", 2.0, 30.0, 5.0),
...                ("thousand", "classic", 1.0, 25.0, 25 / 3)])[0]["history"]
[{'at': 1.0, 'display': 1000}, {'at': 2.0, 'display': 1600}]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from kozyr.server import ratings

#: the most finished matches (the newest) the statistics read
LIMIT = 500


def won_by(winner: Any, seat: int) -> bool:
    """Return True if ``seat`` is a match's ``winner`` (a seat, or a list of seats)."""
    return winner == seat or (isinstance(winner, list) and seat in winner)


def _new() -> dict[str, Any]:
    return {"played": 0, "won": 0, "abandoned": 0, "deals": 0, "declared": 0, "made": 0,
            "contracts": [], "marks": Counter(), "best": None, "against_bots": {}}


def compute(rows: Iterable[Any], history: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """Return the statistics per (game, preset) of the rows of
    :meth:`kozyr.server.storage.Storage.finished_sheets` (public_id, game, preset, players,
    totals, winner, sheet, seat, abandoned), sorted by game and preset; each with its
    ``history``: ``{"at", "display"}`` oldest first from ``history``'s (game, preset, at, mu,
    sigma) rows, newest first (:meth:`kozyr.server.storage.Storage.rating_history`)."""
    charts: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for game, preset, at, mu, sigma in history:
        charts.setdefault((game, preset), []).append(
            {"at": at, "display": ratings.shown(mu, sigma)["display"]})
    acc: dict[tuple[str, str], dict[str, Any]] = {}
    for public_id, game, preset, players, totals, winner, sheet, seat, abandoned in rows:
        s = acc.setdefault((game, preset), _new())
        won = won_by(winner, seat) and not abandoned
        s["played"] += 1
        s["won"] += won
        s["abandoned"] += bool(abandoned)
        for deal in sheet or []:
            s["deals"] += 1
            marks = deal.get("marks") or []
            if seat < len(marks):
                s["marks"].update(marks[seat])
            if deal.get("declarer") != seat:
                continue
            s["declared"] += 1
            scores = deal.get("scores") or []
            s["made"] += seat < len(scores) and scores[seat] >= 0
            value = deal.get("contract")
            value = deal.get("bid") if value is None else value
            if isinstance(value, int | float):
                s["contracts"].append(value)
        # rows come newest first: on a tie the newest match stays the best (docs/protocol.md)
        if totals and seat < len(totals) and (
                s["best"] is None or totals[seat] > s["best"]["total"]):
            s["best"] = {"game_id": public_id, "total": totals[seat]}
        # several bots of one level at a table count the match once for that level
        levels = {name[4:] for i, name in enumerate(players or [])
                  if i != seat and isinstance(name, str) and name.startswith("bot:")}
        for level in sorted(levels):
            b = s["against_bots"].setdefault(level, {"played": 0, "won": 0})
            b["played"] += 1
            b["won"] += won
    out = []
    for (game, preset), s in sorted(acc.items()):
        contracts = s.pop("contracts")
        marks = dict(sorted(s["marks"].items()))
        entry = {"game": game, "preset": preset, **s, "marks": marks,
                 "average_contract": (round(sum(contracts) / len(contracts), 1)
                                      if contracts else None),
                 "history": charts.get((game, preset), [])[::-1]}
        if game == "thousand":
            entry["barrel_falls"] = marks.get("barrel-fall", 0)
        out.append(entry)
    return out
