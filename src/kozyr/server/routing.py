"""Routing a client's table messages to the process hosting the table, and back.

Part of :mod:`kozyr.server.cluster` (read its docstring first).  On the hosting process a
client of another process is a :class:`RemoteConn`; on the client's process a table hosted
elsewhere is a :class:`TableProxy`, and a public table hosted elsewhere is listed in the
lobby as a :class:`Listing`.  What they need of the cluster is :class:`Router`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Protocol

from kozyr.server.conn import Conn
from kozyr.server.protocol import ProtocolError, encode
from kozyr.server.storage import User


class Router(Protocol):
    """What the proxies and remote connections use of the cluster."""

    me: str
    ttl: float
    lobby: Any
    leases: Any
    redis: Any
    bus: Any
    listings: dict[str, Listing]
    proxies: dict[str, TableProxy]

    async def takeover(self, table_id: str) -> Any:
        """Host ``table_id`` if nobody does; return the table or None."""
        ...

    async def call(self, process: str, conn: Conn, table_id: str, op: str,
                   args: dict[str, Any]) -> None:
        """Run ``op`` of ``table_id`` on ``process`` for ``conn``; raise what it raised."""
        ...

    def cid(self, conn: Conn) -> str:
        """Return the id other processes know ``conn`` by."""
        ...


#: a table operation: (the table, the connection, the call's arguments) -> awaitable
Op = Callable[[Any, Any, dict[str, Any]], Awaitable[None]]

#: the table operations a client of another process may call (those of ws.HANDLERS)
OPS: dict[str, Op] = {
    "join": lambda t, c, a: t.join(c, a.get("seat"), a.get("invite")),
    "watch": lambda t, c, a: t.watch(c, a.get("invite")),
    "leave": lambda t, c, a: t.leave(c),
    "add_bot": lambda t, c, a: t.add_bot(c, a["seat"], a["level"]),
    "remove_bot": lambda t, c, a: t.remove_bot(c, a["seat"]),
    "rematch": lambda t, c, a: t.rematch(c),
    "back": lambda t, c, a: t.back(c),
    "intent": lambda t, c, a: t.intent(c, a["state"], a["action"]),
    "chat": lambda t, c, a: t.chat(c, a["text"]),
    "resync": lambda t, c, a: t.resync(c, a.get("version")),
}
#: the operations after which the connection is at the table (seated or watching)
_ATTACHING = {"join", "watch", "resync"}


class Moved(Exception):
    """The process called does not host the table (any more): look it up again."""


class RemoteConn:
    """On the hosting process, a client connected to another process.

    It has what a table uses of a :class:`~kozyr.server.conn.Conn` (``user``, ``tables``,
    ``send``/``send_text``, ``closed``); what it is sent is published, addressed to the one
    connection, on its own process's channel.
    """

    def __init__(self, cluster: Router, process: str, cid: str, user: User,
                 patches: bool = False) -> None:
        self.cluster = cluster
        self.process = process
        self.cid = cid
        self.user: User | None = user
        self.token: str | None = None
        self.address = f"process {process}"
        self.host = cluster.lobby
        self.tables: dict[str, Any] = {}
        self.closed = False
        #: the client asked for ``state`` patches (its hello, told with every call)
        self.patches = patches

    def send(self, message: dict[str, Any]) -> None:
        """Send one message to the client (encoded here, once)."""
        if not self.closed:
            self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Relay an encoded message to the client's process, for this connection only."""
        if not self.closed:
            self.cluster.bus.publish(f"proc:{self.process}",
                                     {"k": "send", "conn": self.cid, "text": text})

    def close(self, code: int | None = None, reason: str = "") -> None:
        """Stop relaying to it (its own process closes the socket)."""
        self.closed = True


@dataclass
class Listing:
    """A public table hosted by another process, as its lobby line (``TableInfo``) shows it.

    It has what the lobby's feed reads of a table: id, game, preset, status, created.
    """

    data: dict[str, Any]
    process: str

    @property
    def id(self) -> str:
        """Return the table's id."""
        return str(self.data["id"])

    @property
    def game(self) -> str:
        """Return the table's game."""
        return str(self.data["game"])

    @property
    def rules(self) -> Any:
        """Return what the lobby reads of the rules: the preset."""
        return SimpleNamespace(preset=self.data["preset"])

    @property
    def private(self) -> bool:
        """Return False: only public tables are listed."""
        return bool(self.data.get("private", False))

    @property
    def status(self) -> str:
        """Return the table's status."""
        return str(self.data["status"])

    @property
    def created(self) -> float:
        """Return when the table was created."""
        return float(self.data["created"])

    def info(self) -> dict[str, Any]:
        """Return the table's ``TableInfo`` as its host last published it."""
        return self.data


class TableProxy:
    """On a client's process, a table hosted elsewhere: each operation is a call to its host.

    The call goes to the process holding the table's lease; a lease that lapsed (the host
    died) is taken by this process, which then runs the operation on the restored table.
    """

    def __init__(self, cluster: Router, table_id: str) -> None:
        self.cluster = cluster
        self.id = table_id
        #: this process's connections at the table (seated or watching)
        self.conns: set[Conn] = set()
        #: the process last known to host it
        self.host: str | None = None

    # what HTTP's table view reads, from the lobby line (public tables only)
    @property
    def private(self) -> bool:
        """Return whether the table is private (a table not listed is treated as such)."""
        listing = self.cluster.listings.get(self.id)
        return listing is None or listing.private

    @property
    def invite(self) -> str | None:
        """Return None: the invite of a table hosted elsewhere is not known here."""
        return None

    def info(self) -> dict[str, Any]:
        """Return the table's lobby line; raise unknown_table if it is not listed."""
        listing = self.cluster.listings.get(self.id)
        if listing is None:
            raise ProtocolError("unknown_table", "no such table")
        return listing.info()

    async def join(self, conn: Conn, seat: int | None, invite: str | None) -> None:
        """Sit down (calls the host)."""
        await self.run(conn, "join", {"seat": seat, "invite": invite})

    async def watch(self, conn: Conn, invite: str | None) -> None:
        """Watch (calls the host)."""
        await self.run(conn, "watch", {"invite": invite})

    async def leave(self, conn: Conn) -> None:
        """Leave (calls the host)."""
        await self.run(conn, "leave", {})
        self._forget(conn)

    async def add_bot(self, conn: Conn, seat: int, level: str) -> None:
        """Put a bot in (calls the host)."""
        await self.run(conn, "add_bot", {"seat": seat, "level": level})

    async def remove_bot(self, conn: Conn, seat: int) -> None:
        """Take a bot out (calls the host)."""
        await self.run(conn, "remove_bot", {"seat": seat})

    async def rematch(self, conn: Conn) -> None:
        """Start a new match (calls the host)."""
        await self.run(conn, "rematch", {})

    async def back(self, conn: Conn) -> None:
        """Take one's seat back from a bot (calls the host)."""
        await self.run(conn, "back", {})

    async def intent(self, conn: Conn, state: int, action: str) -> None:
        """Play an action (calls the host)."""
        await self.run(conn, "intent", {"state": state, "action": action})

    async def chat(self, conn: Conn, text: str) -> None:
        """Say a line (calls the host)."""
        await self.run(conn, "chat", {"text": text})

    async def resync(self, conn: Conn, version: int | None) -> None:
        """Get back to the table (calls the host)."""
        await self.run(conn, "resync", {"version": version})

    def detach(self, conn: Conn, quiet: bool = False) -> None:
        """Forget ``conn`` (closed): tell the host, without waiting."""
        self._forget(conn)
        if self.host is not None and self.host != self.cluster.me:
            self.cluster.bus.publish(f"proc:{self.host}", {
                "k": "detach", "from": self.cluster.me, "conn": self.cluster.cid(conn),
                "table": self.id, "quiet": quiet})

    def _forget(self, conn: Conn) -> None:
        self.conns.discard(conn)
        if conn.tables.get(self.id) is self:
            conn.tables.pop(self.id, None)
        if not self.conns:
            self.cluster.proxies.pop(self.id, None)

    async def run(self, conn: Conn, op: str, args: dict[str, Any]) -> None:
        """Run ``op`` where the table is: here if this process hosts (or takes) it, else on
        its host; keep trying a host that does not answer until its lease lapses."""
        cluster = self.cluster
        loop = asyncio.get_running_loop()
        give_up = loop.time() + 3 * cluster.ttl + 2.0
        while True:
            table = cluster.lobby.tables.get(self.id)
            if table is not None:
                was_here = conn in self.conns
                self._forget(conn)
                if was_here and op not in _ATTACHING:
                    # the table moved here under this call (its host died): the connection
                    # sits down again first, with a fresh snapshot, then its message runs
                    await table.resync(conn, None)
                await OPS[op](table, conn, args)
                return
            holder = await cluster.leases.holder(self.id)
            if holder is None:
                if not await cluster.redis.hexists(cluster.leases.directory, self.id):
                    raise ProtocolError("unknown_table", "no such table")
                if await cluster.takeover(self.id) is None \
                        and await cluster.leases.holder(self.id) is None:
                    raise ProtocolError("unknown_table", "no such table")
                continue
            if holder == cluster.me:  # being restored here right now
                await asyncio.sleep(0.05)
            else:
                try:
                    await cluster.call(holder, conn, self.id, op, args)
                except (TimeoutError, Moved):
                    if loop.time() > give_up:
                        raise ProtocolError("internal", "the table's server does not answer; "
                                            "try again") from None
                    continue
                self.host = holder
                if op in _ATTACHING:
                    self.conns.add(conn)
                    conn.tables[self.id] = self
                    cluster.proxies[self.id] = self
                return
            if loop.time() > give_up:
                raise ProtocolError("internal", "the table is moving to another server; "
                                    "try again")
