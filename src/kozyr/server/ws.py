"""The websocket ``/ws``: one reader and one writer per socket, and a handler per message type.

:func:`endpoint` accepts a socket (its origin checked and its address counted first, before
the upgrade), then reads frames until the client leaves.  Each frame is rate limited,
decoded and checked against its schema (:mod:`kozyr.server.protocol`), then handed to the
handler of its ``type`` in :data:`HANDLERS`; until ``hello`` only ``hello`` is taken.  A
refused message is answered with an ``error`` (docs/protocol.md §5) and the socket lives on.

Adding a message type is one schema in ``protocol.SCHEMAS`` and one entry here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from kozyr import __version__ as kozyr_version
from kozyr.server.auth import COOKIE, Auth
from kozyr.server.conn import Conn
from kozyr.server.lobby import Lobby
from kozyr.server.people import messages as people_messages
from kozyr.server.people.service import People
from kozyr.server.protocol import (
    CHAT_LENGTH,
    MAX_MESSAGE,
    VERSION,
    ProtocolError,
    check_message,
    decode_message,
    encode,
    message_id,
    utf8_valid,
)
from kozyr.server.security import Guard, SocketCounter
from kozyr.server.settings import Settings
from kozyr.server.tournaments import messages as tournament_messages
from kozyr.server.tournaments.director import Tournaments

log = logging.getLogger("kozyr.server")


@dataclass(frozen=True)
class Room:
    """What the websocket side of a card room works with."""

    lobby: Lobby
    auth: Auth
    guard: Guard
    sockets: SocketCounter
    settings: Settings
    #: the room's tournaments (None in a test that does without)
    tournaments: Tournaments | None = None
    #: friends, invitations, blocks, reports (None in a test that does without)
    people: People | None = None


#: a message handler: (room, the sender's connection, the checked message, its id or None)
Handler = Callable[[Room, Conn, dict[str, Any], Any], Awaitable[None]]


# -- the handlers, one per message type of docs/protocol.md §4 ---------------------------------
async def on_hello(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Open the session: hello's token, else the upgrade's cookie, else a new guest.

    The token is echoed only to a client that already has it (it sent it) or whose new
    guest it is, never to a socket that merely carried a cookie.
    """
    if conn.user is not None:
        raise ProtocolError("bad_message", "hello was already sent")
    if msg["v"] != VERSION:
        raise ProtocolError("unsupported_version", f"this server speaks v {VERSION}")
    auth = room.auth
    token: str | None = msg.get("token")
    user = await auth.user(token)
    shown = token
    if user is None:
        token = conn.ws.cookies.get(COOKIE)
        user = await auth.user(token)
        shown = None
    if user is None:
        try:
            user, token = await auth.guest(conn.address)
        except ProtocolError as e:
            conn.send(e.to_json(re))
            conn.close(1008, "too many guests")
            return
        shown = token
    conn.user, conn.token = user, token
    conn.patches = bool(msg.get("patches", False))
    room.lobby.connect(conn)
    if room.people is not None:  # his blocks; his friends learn he is online
        await room.people.connected(conn)
    conn.send({"type": "welcome", "v": VERSION, "user": user.to_json(), "token": shown,
               "server": f"kozyr {kozyr_version}", "re": re, "patches": conn.patches,
               "limits": {"max_message": MAX_MESSAGE, "chat_length": CHAT_LENGTH}})


async def on_ping(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Answer ``pong`` with the server's clock."""
    conn.send({"type": "pong", "t": time.time(), "re": re})


async def on_lobby(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Subscribe to the lobby feed (a snapshot, then pushes)."""
    room.lobby.subscribe(conn)


async def on_unlobby(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Stop the lobby feed."""
    room.lobby.unsubscribe(conn)
    conn.send({"type": "ok", "re": re})


async def on_create(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Create a table from a TableSpec."""
    assert conn.user is not None
    table = await room.lobby.create_table(conn.user, msg["spec"])
    conn.send({"type": "created", "table": table.info(), "invite": table.invite, "re": re})


async def on_play_now(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Sit down at a quick-play table of a salon (kozyr.server.quickplay)."""
    table = await room.lobby.play_now(conn, msg["game"], msg["preset"])
    conn.send({"type": "quick", "table": table.info(), "re": re})


async def on_join(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Sit down at a table (a given seat or the first free one)."""
    await room.lobby.get(msg["table"]).join(conn, msg.get("seat"), msg.get("invite"))


async def on_watch(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Watch a table as a spectator."""
    await room.lobby.get(msg["table"]).watch(conn, msg.get("invite"))


async def on_leave(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Leave a table (a bot finishes a running match for the player)."""
    await room.lobby.get(msg["table"]).leave(conn)
    conn.send({"type": "left", "table": msg["table"], "re": re})


async def on_add_bot(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Put a bot in an empty seat."""
    await room.lobby.get(msg["table"]).add_bot(conn, msg["seat"], msg["level"])


async def on_remove_bot(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Take a bot out of its seat while the table waits."""
    await room.lobby.get(msg["table"]).remove_bot(conn, msg["seat"])


async def on_rematch(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Start a new match once the last one is over."""
    await room.lobby.get(msg["table"]).rematch(conn)


async def on_back(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Take one's seat back from the bot playing for it."""
    await room.lobby.get(msg["table"]).back(conn)


async def on_intent(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Play an action at the given state."""
    await room.lobby.get(msg["table"]).intent(conn, msg["state"], msg["action"])


async def on_chat(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Say a line at a table."""
    await room.lobby.get(msg["table"]).chat(conn, msg["text"])


async def on_resync(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Get back to a table after a reconnect: what was missed, then a snapshot."""
    await room.lobby.get(msg["table"]).resync(conn, msg.get("version"))


#: message type -> handler; the types are those of ``protocol.SCHEMAS``
HANDLERS: dict[str, Handler] = {
    "hello": on_hello,
    "ping": on_ping,
    "lobby": on_lobby,
    "unlobby": on_unlobby,
    "create": on_create,
    "play_now": on_play_now,
    "join": on_join,
    "watch": on_watch,
    "leave": on_leave,
    "add_bot": on_add_bot,
    "remove_bot": on_remove_bot,
    "rematch": on_rematch,
    "back": on_back,
    "intent": on_intent,
    "chat": on_chat,
    "resync": on_resync,
    # -- people (kozyr.server.people) ----------------------------------------------------------
    **people_messages.HANDLERS,
    # -- tournaments (kozyr.server.tournaments) --------------------------------------------------
    **tournament_messages.HANDLERS,
}


async def dispatch(room: Room, conn: Conn, msg: dict[str, Any], re: Any) -> None:
    """Hand a checked message to the handler of its type (only ``hello`` before hello)."""
    kind = msg["type"]
    if conn.user is None and kind != "hello":
        raise ProtocolError("not_hello", "send hello first")
    await HANDLERS[kind](room, conn, msg, re)


# -- the socket ---------------------------------------------------------------------------------
def endpoint(room: Room) -> Callable[[WebSocket], Awaitable[None]]:
    """Return the ``/ws`` endpoint of ``room``."""
    async def ws_endpoint(websocket: WebSocket) -> None:
        await serve(room, websocket)
    return ws_endpoint


async def serve(room: Room, websocket: WebSocket) -> None:
    """Run one websocket until the client leaves or a send fails."""
    # Before the upgrade is accepted: the page that opens the socket must be the room's
    # own (or a listed origin), and one address holds only so many sockets.
    guard, sockets = room.guard, room.sockets
    address = guard.client_address(websocket)
    try:
        guard.check_origin(websocket)
    except ProtocolError:
        log.info("refused a websocket from %s: origin %r", address or "?",
                 websocket.headers.get("origin"))
        await websocket.close(code=1008)
        return
    if not sockets.acquire(address):
        await websocket.accept()
        with contextlib.suppress(Exception):
            await websocket.send_text(encode(ProtocolError(
                "too_many_connections", f"at most {room.settings.max_conns_per_address} "
                "open connections per address").to_json()))
            await websocket.close(code=1008)
        return
    try:
        await websocket.accept()
    except BaseException:
        sockets.release(address)
        raise
    conn = Conn(websocket, room.lobby, address)
    writer = conn.writer = asyncio.create_task(conn.write_loop())
    reader = asyncio.create_task(read_loop(room, conn, websocket))
    try:
        # whichever ends first (the client left, or a send failed) ends the connection
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        sockets.release(address)
        room.lobby.disconnect(conn)
        if room.people is not None:
            room.people.disconnected(conn)
        conn.close()
        reader.cancel()
        for task in (reader, writer):
            with contextlib.suppress(BaseException):
                await task


async def read_loop(room: Room, conn: Conn, websocket: WebSocket) -> None:
    """Handle the client's frames in order until it leaves (binary frames are refused)."""
    with contextlib.suppress(WebSocketDisconnect):
        while not conn.closed:
            msg = await websocket.receive()
            if msg["type"] == "websocket.disconnect":
                return
            text = msg.get("text")
            if text is None:
                conn.send(ProtocolError("bad_message", "binary frames are not accepted: "
                                        "send each message as a JSON text frame").to_json())
                continue
            await handle(room, conn, text)


async def handle(room: Room, conn: Conn, text: str) -> None:
    """Handle one text frame: rate limit, decode, check, dispatch; answer what is refused."""
    re = None
    raw: Any = None
    try:
        if not conn.allow():
            raise ProtocolError("rate_limited", "too many messages; slow down")
        raw = decode_message(text)
        re = message_id(raw)
        if not isinstance(raw, dict):
            raise ProtocolError("bad_json", "a message must be a JSON object")
        msg = check_message(raw)
        await dispatch(room, conn, msg, re)
    except ProtocolError as e:
        conn.send(e.to_json(re))
        if e.code == "unsupported_version":
            conn.close(4000, "unsupported version")
    except Exception:
        kind = raw.get("type") if isinstance(raw, dict) else "?"
        log.exception("internal error handling a %s message",
                      kind if isinstance(kind, str) and utf8_valid(kind) else "?")
        conn.send(ProtocolError("internal", "server error").to_json(re))
