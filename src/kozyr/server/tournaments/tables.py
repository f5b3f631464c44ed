"""A round's table: opened at the room with its players and bots seated, started at once."""

from __future__ import annotations

from typing import Any

from kozyr.server.lobby import Lobby, available_games
from kozyr.server.table import TableMaster
from kozyr.server.table.seat import Seat


def seat_of(s: dict[str, Any]) -> Seat:
    """Return the Seat of a round table's stored seat (user id None: a bot of its level)."""
    if s.get("user_id") is None:
        level = s["name"].removeprefix("bot:")
        return Seat("bot", s["name"], None, level)
    return Seat("human", s["name"], s["user_id"])


async def open_table(lobby: Lobby, t: Any, table_id: str, seats: list[dict[str, Any]]) -> bool:
    """Open round table ``table_id`` of tournament row ``t`` and start its match.

    Return False if it is open already (here, or hosted by another process of the room).
    The players need not be there: one who does not come within the grace period has a bot
    play for him (and forfeits the match: ``TableMaster`` stores who never played).
    """
    if table_id in lobby.tables:
        return False
    if lobby.cluster is not None and not await lobby.cluster.claim(table_id):
        return False
    rules = available_games()[t.game].RULES.from_json(t.rules)
    table = TableMaster(lobby, table_id, t.game, rules, len(seats), private=t.private,
                        invite=t.invite, clock=t.clock, owner="", deals=t.deals,
                        tournament=t.id, bank=t.bank, increment=t.increment or 0.0)
    await table.seat_all([seat_of(s) for s in seats])
    lobby.tables[table_id] = table
    lobby.tables_changed(table)
    await table.start_if_full()
    return True
