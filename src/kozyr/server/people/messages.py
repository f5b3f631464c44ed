"""The websocket messages of people (docs/protocol.md §4.8): one handler each.

A change is answered ``ok`` (with the message's ``id``), then both users' sockets get a
fresh ``friends`` message; ``friends`` itself answers with that message.
"""

from __future__ import annotations

from typing import Any, Protocol

from kozyr.server.conn import Conn
from kozyr.server.people.service import People, registered


class Room(Protocol):
    """What these handlers read of the websocket's room (kozyr.server.ws.Room)."""

    @property
    def people(self) -> People | None:
        """Return the room's people service."""
        ...


def _of(room: Room) -> People:
    assert room.people is not None, "the room has no people service"
    return room.people


async def on_friends(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Send the user's friends, requests and blocked users."""
    conn.send({**await _of(room).payload(registered(conn)), "re": re})


def _change(name: str) -> Any:
    """Return the handler of a change by ``People.<name>(me, msg["name"])``."""
    async def handler(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
        await getattr(_of(room), name)(registered(conn), msg["name"])
        conn.send({"type": "ok", "re": re})
    handler.__name__ = f"on_{name}"
    handler.__doc__ = f"Handle a {name} (kozyr.server.people.service.People.{name})."
    return handler


async def on_invite(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Invite a friend to a table one sits at."""
    await _of(room).invite_friend(registered(conn), msg["table"], msg["name"])
    conn.send({"type": "ok", "re": re})


async def on_report(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Report a user for an admin."""
    await _of(room).report(registered(conn), msg["name"], msg["reason"], msg.get("table"))
    conn.send({"type": "ok", "re": re})


HANDLERS = {
    "friends": on_friends,
    "friend_request": _change("request"),
    "friend_accept": _change("accept"),
    "friend_decline": _change("decline"),
    "friend_remove": _change("remove"),
    "block": _change("block"),
    "unblock": _change("unblock"),
    "invite_friend": on_invite,
    "report": on_report,
}
