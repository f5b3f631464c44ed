"""What a tournament looks like to the outside: TournamentInfo and TournamentView
(docs/protocol.md §3), built from its stored rows."""

from __future__ import annotations

from typing import Any

from kozyr.server.tournaments.draw import TIEBREAKS, Entrant, standings


def info(t: Any, registered: int, per_table: int, describe: str) -> dict[str, Any]:
    """Return a tournament's TournamentInfo (``registered``: how many players it has)."""
    return {"id": t.id, "name": t.name, "owner": t.owner, "game": t.game, "preset": t.preset,
            "kind": t.kind, "rounds": t.rounds, "round_count": t.rounds, "deals": t.deals,
            "clock": t.clock, "bank": t.bank, "increment": t.increment,
            "private": t.private, "capacity": t.capacity, "registered": registered,
            "start_at": t.start_at, "status": t.status, "round": t.round,
            "created": t.created, "started": t.started, "finished": t.finished,
            "winner": t.winner, "players_per_table": per_table, "describe": describe}


def entrants(players: list[Any]) -> list[Entrant]:
    """Return the draw's entrants of a tournament's player rows."""
    return [Entrant(p.user_id, p.name, p.rating, p.points, p.game_points, p.status)
            for p in players]


def view(t: Any, players: list[Any], tables: list[Any], per_table: int, describe: str,
         viewer: int | None, titles: dict[int, int] | None = None) -> dict[str, Any]:
    """Return a tournament's TournamentView as ``viewer`` (a user id or None) sees it.

    ``rounds`` becomes the list of the rounds drawn (``round_count`` keeps their number);
    ``titles``: user id -> tournaments he has won.  A table is ``playing`` until its result
    is scored.  The invite of a private tournament
    is shown to its owner and its players (its tables are private, with the same invite).
    """
    out = info(t, len(players), per_table, describe)
    places = {p.user_id: p.place for p in players}
    out["players"] = [{"name": p.name, "rating": p.rating, "points": p.points,
                       "game_points": p.game_points, "status": p.status,
                       "place": places[p.user_id], "titles": (titles or {}).get(p.user_id, 0)}
                      for p in players]
    ranked = standings(entrants(players))
    if t.status == "finished":
        ranked.sort(key=lambda e: places.get(e.user_id) or len(players) + 1)
    out["standings"] = [{"place": i, "name": e.name, "points": e.points,
                         "game_points": e.game_points, "rating": e.rating}
                        for i, e in enumerate(ranked, 1)]
    rounds: dict[int, list[dict[str, Any]]] = {}
    mine = None
    for row in tables:
        seats = [{"name": s["name"], "bot": s.get("user_id") is None} for s in row.seats]
        result = row.result
        rounds.setdefault(row.round, []).append({
            "table": row.table_id, "game_id": (result or {}).get("game_id"),
            "status": "playing" if result is None else "finished",
            "seats": seats,
            "result": None if result is None else {
                "totals": result["totals"], "points": result["points"],
                "advance": result["advance"], "forfeits": result["forfeits"]}})
        if (row.round == t.round and t.status == "running" and viewer is not None
                and row.opened
                and any(s.get("user_id") == viewer for s in row.seats)):
            mine = row.table_id
    out["rounds"] = [{"round": r, "tables": ts} for r, ts in sorted(rounds.items())]
    registered = viewer is not None and any(p.user_id == viewer for p in players)
    owner = viewer is not None and viewer == t.owner_id
    out["you"] = {"registered": registered, "owner": owner, "table": mine}
    out["invite"] = t.invite if (owner or registered) and t.private else None
    out["tiebreaks"] = TIEBREAKS
    return out
