"""The websocket messages of tournaments (docs/protocol.md §4.9): one handler each."""

from __future__ import annotations

from typing import Any, Protocol

from kozyr.server.conn import Conn
from kozyr.server.tournaments.director import Tournaments


class Room(Protocol):
    """What these handlers read of the websocket's room (kozyr.server.ws.Room)."""

    @property
    def tournaments(self) -> Tournaments | None:
        """Return the room's tournaments."""
        ...


def _of(room: Room) -> Tournaments:
    assert room.tournaments is not None, "the room has no tournaments"
    return room.tournaments


async def on_create(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Create a tournament of a TournamentSpec."""
    assert conn.user is not None
    t = await _of(room).create(conn.user, msg["spec"])
    conn.send({"type": "tournament_created", "re": re, "invite": t.invite,
               "tournament": await _of(room).view_of(t, conn.user)})


async def on_register(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Register for a tournament while it is registering."""
    assert conn.user is not None
    await _of(room).register(conn.user, msg["tournament"], msg.get("invite"))
    conn.send({"type": "ok", "re": re})


async def on_unregister(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Unregister from a tournament before it starts."""
    assert conn.user is not None
    await _of(room).unregister(conn.user, msg["tournament"])
    conn.send({"type": "ok", "re": re})


async def on_cancel(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Cancel a tournament (its owner, before it starts)."""
    assert conn.user is not None
    await _of(room).cancel(conn.user, msg["tournament"])
    conn.send({"type": "ok", "re": re})


async def on_follow(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Follow a tournament: its view now and on every change."""
    await _of(room).follow(conn, msg["tournament"], msg.get("invite"))


async def on_unfollow(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Stop following a tournament."""
    _of(room).unfollow(conn, msg["tournament"])
    conn.send({"type": "ok", "re": re})


HANDLERS = {
    "tournament_create": on_create,
    "tournament_register": on_register,
    "tournament_unregister": on_unregister,
    "tournament_cancel": on_cancel,
    "tournament_follow": on_follow,
    "tournament_unfollow": on_unfollow,
}
