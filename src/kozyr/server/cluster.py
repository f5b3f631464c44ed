"""Several ``kozyr serve`` processes serving one room, on one PostgreSQL and one Redis.

Every process accepts any client; each table is hosted by one process at a time, the holder
of its lease (:mod:`kozyr.server.leases`), and only that process runs its
:class:`~kozyr.server.table.TableMaster`.  What the processes share goes through Redis
(:mod:`kozyr.server.redis_bus`, the ``redis://`` broadcaster), on two kinds of channels:

- ``lobby``, read by every process: the lobby lines (``TableInfo``) of the public tables each
  one hosts, which process took which table, and "presence changed" pings.  Nothing on it is
  hidden from anyone: it is what every lobby subscriber is shown.
- ``proc:<id>``, one per process, read by that process only: calls to the tables it hosts
  (a client's ``join``, ``intent``, ``chat``... made on another process) and their replies,
  and the messages its own clients are sent by tables hosted elsewhere — each addressed to
  one connection, each computed by the hosting table's views for that connection's seat
  (``match.observation(seat)``), never a view meant for several seats.

A client on process B at a table hosted by A is, on A, a :class:`RemoteConn` (a connection
whose ``send_text`` publishes on ``proc:B``), and, on B, a member of a :class:`TableProxy` (what
``Lobby.get`` returns for a table hosted elsewhere: each of its operations is a call to A,
answered with nothing or with the protocol error A raised).  Colyseus routes a room's calls
the same way (``requestFromIPC`` on the room's channel, a reply channel, a timeout);
boardgame.io's split of the master (authority, ``playerView`` per seat) from the transport is
what keeps the views computed where the match is.

Presence: each process keeps the ids of its users online and of the humans seated at running
tables it hosts in two Redis sets that lapse with the process's heartbeat key; the counts the
lobby shows are the sizes of their unions over the live processes.

Failover: a process that dies stops renewing its leases; within ``settings.lease_ttl``
seconds they lapse, and the first process whose sweep (every third of the ttl) or whose
client's call finds the lease free takes it, restores the table from the database exactly as
a restart does (``Lobby.restore_row``: the stored steps replayed), and re-attaches the
connections it knows of; the clients of the dead process reconnect to another one and
``resync``.  docs/deploy.md says how to run it, docs/security.md what crosses Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from kozyr.server.conn import Conn
from kozyr.server.leases import Leases
from kozyr.server.protocol import ProtocolError, encode
from kozyr.server.redis_bus import RedisBroadcaster
from kozyr.server.settings import Settings
from kozyr.server.storage import TableRow, User

if TYPE_CHECKING:
    from kozyr.server.lobby import Lobby
    from kozyr.server.table import TableMaster

log = logging.getLogger("kozyr.server")

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


class _Moved(Exception):
    """The process called does not host the table (any more): look it up again."""


class RemoteConn:
    """On the hosting process, a client connected to another process.

    It has what a table uses of a :class:`~kozyr.server.conn.Conn` (``user``, ``tables``,
    ``send``/``send_text``, ``closed``); what it is sent is published, addressed to the one
    connection, on its own process's channel.
    """

    def __init__(self, cluster: Cluster, process: str, cid: str, user: User) -> None:
        self.cluster = cluster
        self.process = process
        self.cid = cid
        self.user: User | None = user
        self.token: str | None = None
        self.address = f"process {process}"
        self.host = cluster.lobby
        self.tables: dict[str, Any] = {}
        self.closed = False

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

    def __init__(self, cluster: Cluster, table_id: str) -> None:
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
        await self._run(conn, "join", {"seat": seat, "invite": invite})

    async def watch(self, conn: Conn, invite: str | None) -> None:
        """Watch (calls the host)."""
        await self._run(conn, "watch", {"invite": invite})

    async def leave(self, conn: Conn) -> None:
        """Leave (calls the host)."""
        await self._run(conn, "leave", {})
        self._forget(conn)

    async def add_bot(self, conn: Conn, seat: int, level: str) -> None:
        """Put a bot in (calls the host)."""
        await self._run(conn, "add_bot", {"seat": seat, "level": level})

    async def remove_bot(self, conn: Conn, seat: int) -> None:
        """Take a bot out (calls the host)."""
        await self._run(conn, "remove_bot", {"seat": seat})

    async def rematch(self, conn: Conn) -> None:
        """Start a new match (calls the host)."""
        await self._run(conn, "rematch", {})

    async def back(self, conn: Conn) -> None:
        """Take one's seat back from a bot (calls the host)."""
        await self._run(conn, "back", {})

    async def intent(self, conn: Conn, state: int, action: str) -> None:
        """Play an action (calls the host)."""
        await self._run(conn, "intent", {"state": state, "action": action})

    async def chat(self, conn: Conn, text: str) -> None:
        """Say a line (calls the host)."""
        await self._run(conn, "chat", {"text": text})

    async def resync(self, conn: Conn, version: int | None) -> None:
        """Get back to the table (calls the host)."""
        await self._run(conn, "resync", {"version": version})

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

    async def _run(self, conn: Conn, op: str, args: dict[str, Any]) -> None:
        """Run ``op`` where the table is: here if this process hosts (or takes) it, else on
        its host; keep trying a host that does not answer until its lease lapses."""
        cluster = self.cluster
        loop = asyncio.get_running_loop()
        give_up = loop.time() + 3 * cluster.ttl + 2.0
        while True:
            table = cluster.lobby.tables.get(self.id)
            if table is not None:
                self._forget(conn)
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
                except (TimeoutError, _Moved):
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


class Cluster:
    """This process's part of a room of several processes (see the module's docstring)."""

    def __init__(self, lobby: Lobby, url: str, settings: Settings,
                 prefix: str | None = None) -> None:
        self.lobby = lobby
        self.prefix = prefix if prefix is not None else settings.redis_prefix
        self.me = secrets.token_hex(6)
        self.ttl = settings.lease_ttl
        self.bus = RedisBroadcaster(url, self.prefix)
        self.redis = self.bus.redis
        self.leases = Leases(self.redis, self.prefix, self.me, self.ttl)
        #: the shared counts (users online, humans playing), as last computed
        self.counts: tuple[int, int] = (0, 0)
        #: public tables hosted by other processes, by id
        self.listings: dict[str, Listing] = {}
        #: tables hosted elsewhere that this process's connections are at
        self.proxies: dict[str, TableProxy] = {}
        #: clients of other processes at tables hosted here, by (process, connection id)
        self.remote: dict[tuple[str, str], RemoteConn] = {}
        self._cids: dict[Conn, str] = {}
        self._conns: dict[str, Conn] = {}
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._taking: dict[str, asyncio.Task[Any]] = {}
        self._written: tuple[set[int], set[int]] = (set(), set())
        self._listing_dirty: set[str] = set()
        self._listing_pending = False
        self._presence_pending = False
        self._recount_pending = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._beat: asyncio.Task[None] | None = None

    # -- keys ----------------------------------------------------------------------------------
    def _key(self, name: str) -> str:
        return self.prefix + name

    # -- life cycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Join the room: the bus, this process's heartbeat, the other processes' tables."""
        await self.bus.start()
        self.bus.subscribe("lobby", self)
        self.bus.subscribe(f"proc:{self.me}", self)
        await self.bus.ready()
        await self._heartbeat()
        await self.redis.sadd(self._key("procs"), self.me)
        for raw in (await self.redis.hgetall(self._key("lobby"))).values():
            with contextlib.suppress(ValueError, KeyError, TypeError):
                entry = json.loads(raw)
                self.listings[entry["info"]["id"]] = Listing(entry["info"], entry["process"])
        await self.recount()
        self._beat = asyncio.create_task(self._beat_loop())
        log.info("process %s joined the room (lease %.1f s)", self.me, self.ttl)

    async def close(self) -> None:
        """Leave the room: give up every lease (others take the tables at once), stop."""
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat
        for task in list(self._tasks) + list(self._taking.values()):
            task.cancel()
        with contextlib.suppress(Exception):
            await self._flush_listings()
            for table_id in list(self.lobby.tables):
                await self.leases.release(table_id)
            await self.redis.delete(self._key(f"proc:{self.me}"), self._key(f"online:{self.me}"),
                                    self._key(f"playing:{self.me}"))
            await self.redis.srem(self._key("procs"), self.me)
            self.bus.publish("lobby", {"k": "presence"})
            self.bus.publish("lobby", {"k": "gone", "process": self.me})
        await self.bus.close()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            log.error("cluster task failed: %s: %s", type(exc).__name__, exc)

    # -- the heartbeat: leases, orphans, dead processes, counts ----------------------------------
    async def _heartbeat(self) -> None:
        ms = self.leases.ttl_ms
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(self._key(f"proc:{self.me}"), "1", px=ms)
        pipe.pexpire(self._key(f"online:{self.me}"), ms)
        pipe.pexpire(self._key(f"playing:{self.me}"), ms)
        await pipe.execute()

    async def _beat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.beat()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.error("cluster heartbeat failed: %s: %s", type(e).__name__, e)

    async def beat(self) -> None:
        """Renew the heartbeat and the leases; take orphaned tables; forget dead processes."""
        await self._heartbeat()
        hosted = set(self.lobby.tables)
        for table_id in await self.leases.renew(hosted):
            await self._lost(table_id)
        for table_id in await self.leases.orphans(hosted):
            await self.takeover(table_id)
        dead = [p for p in {p for p, _ in self.remote}
                if not await self.redis.exists(self._key(f"proc:{p}"))]
        for process in dead:
            self._process_gone(process)
        await self.recount()

    async def _lost(self, table_id: str) -> None:
        """This process's lease of a table lapsed (it was too slow): stop hosting it."""
        table = self.lobby.tables.pop(table_id, None)
        if table is None:
            return
        log.error("table %s: this process lost its lease; another one hosts it now", table_id)
        await table.shutdown()
        members = [c for c in table.members if isinstance(c, Conn)]
        for conn in members:
            conn.tables.pop(table_id, None)
        proxy = self.proxy(table_id)
        for conn in members:
            self._spawn(self._reattach(proxy, conn))

    def _process_gone(self, process: str) -> None:
        """A process died: its connections at tables hosted here are gone (grace starts)."""
        for key in [k for k in self.remote if k[0] == process]:
            rc = self.remote.pop(key)
            rc.closed = True
            for table in list(rc.tables.values()):
                table.detach(rc)

    # -- presence and counts -----------------------------------------------------------------------
    def presence_changed(self) -> None:
        """This process's users online or playing may have changed: write them (coalesced)."""
        if not self._presence_pending:
            self._presence_pending = True
            self._spawn(self._write_presence())

    async def _write_presence(self) -> None:
        await asyncio.sleep(0)
        self._presence_pending = False
        online, playing = self.lobby.local_presence()
        old_online, old_playing = self._written
        self._written = (set(online), set(playing))
        changed = False
        pipe = self.redis.pipeline(transaction=False)
        for key, new, old in ((f"online:{self.me}", online, old_online),
                              (f"playing:{self.me}", playing, old_playing)):
            if new - old:
                pipe.sadd(self._key(key), *(new - old))
            if old - new:
                pipe.srem(self._key(key), *(old - new))
            if new != old:
                changed = True
                pipe.pexpire(self._key(key), self.leases.ttl_ms)
        if changed:
            await pipe.execute()
            self.bus.publish("lobby", {"k": "presence"})

    async def recount(self) -> None:
        """Compute the shared counts over the live processes; push them if they changed."""
        procs = [p.decode() for p in await self.redis.smembers(self._key("procs"))]
        procs.append(self.me)
        pipe = self.redis.pipeline(transaction=False)
        for p in procs:
            pipe.exists(self._key(f"proc:{p}"))
        alive = await pipe.execute()
        live = sorted({p for p, a in zip(procs, alive, strict=True) if a or p == self.me})
        dead = [p for p, a in zip(procs, alive, strict=True) if not a and p != self.me]
        if dead:
            await self.redis.srem(self._key("procs"), *dead)
        pipe = self.redis.pipeline(transaction=False)
        pipe.sunion([self._key(f"online:{p}") for p in live])
        pipe.sunion([self._key(f"playing:{p}") for p in live])
        online, playing = await pipe.execute()
        counts = (len(online), len(playing))
        if counts != self.counts:
            self.counts = counts
            self.lobby.counts_changed()

    def _recount_soon(self) -> None:
        if not self._recount_pending:
            self._recount_pending = True

            async def run() -> None:
                await asyncio.sleep(0.02)
                self._recount_pending = False
                await self.recount()

            self._spawn(run())

    # -- the lobby lines of this process's public tables ------------------------------------------
    def listing_changed(self, table: Any) -> None:
        """A table hosted here changed its lobby line: publish it (coalesced)."""
        self._listing_dirty.add(table.id)
        if not self._listing_pending:
            self._listing_pending = True

            async def run() -> None:
                await asyncio.sleep(min(0.05, self.lobby.settings.lobby_interval))
                self._listing_pending = False
                await self._flush_listings()

            self._spawn(run())

    async def _flush_listings(self) -> None:
        dirty, self._listing_dirty = self._listing_dirty, set()
        if not dirty:
            return
        pipe = self.redis.pipeline(transaction=False)
        for table_id in sorted(dirty):
            table = self.lobby.tables.get(table_id)
            if table is not None and self.lobby._listed(table):
                info = table.info()
                pipe.hset(self._key("lobby"), table_id,
                          encode({"info": info, "process": self.me}))
                self.bus.publish("lobby", {"k": "listing", "id": table_id, "info": info,
                                           "process": self.me})
            else:
                pipe.hdel(self._key("lobby"), table_id)
                self.bus.publish("lobby", {"k": "listing", "id": table_id, "info": None,
                                           "process": self.me})
        await pipe.execute()

    # -- tables: created, closed, taken over -----------------------------------------------------
    async def claim(self, table_id: str) -> bool:
        """Take the lease of a table this process creates or restores; False if held."""
        return await self.leases.acquire(table_id)

    async def removed(self, table: Any) -> None:
        """A table hosted here closed for good: drop its lease, directory entry and line."""
        await self.leases.release(table.id, forget=True)
        self.listing_changed(table)

    def table_removed(self, table: Any) -> None:
        """Synchronous entry of :meth:`removed` (the lobby's ``remove`` is synchronous)."""
        self._spawn(self.removed(table))

    async def takeover(self, table_id: str) -> TableMaster | None:
        """Host ``table_id`` if nobody does: take its lease, restore it from the database.

        Return the table, or None if another process holds it or it is not open.
        """
        table = self.lobby.tables.get(table_id)
        if table is not None:
            return table
        running = self._taking.get(table_id)
        if running is None:
            running = self._taking[table_id] = asyncio.get_running_loop().create_task(
                self._takeover(table_id))
            running.add_done_callback(lambda _t: self._taking.pop(table_id, None))
        result: TableMaster | None = await asyncio.shield(running)
        return result

    async def _takeover(self, table_id: str) -> TableMaster | None:
        if not await self.leases.acquire(table_id):
            return None
        storage: Any = self.lobby.storage
        async with storage.engine.connect() as conn:
            row = (await conn.execute(select(TableRow).where(TableRow.id == table_id))).first()
        if row is None or row.status == "closed":
            await self.leases.release(table_id, forget=True)
            return None
        table = await self.lobby.restore_row(row)
        if table is None:
            await self.leases.release(table_id)
            return None
        log.info("process %s took table %s over", self.me, table_id)
        self.listing_changed(table)
        self.bus.publish("lobby", {"k": "host", "id": table_id, "process": self.me})
        return table

    async def _reattach(self, proxy: TableProxy, conn: Conn) -> None:
        """Put a connection of this process back at a table that moved (a fresh snapshot)."""
        if conn.closed:
            return
        try:
            await proxy._run(conn, "resync", {"version": None})
        except ProtocolError as e:
            conn.send(e.to_json())

    def _moved(self, table_id: str, process: str) -> None:
        """Another process (or this one) now hosts ``table_id``: re-attach our connections."""
        proxy = self.proxies.get(table_id)
        if proxy is None or proxy.host == process:
            return
        proxy.host = process
        for conn in list(proxy.conns):
            self._spawn(self._reattach(proxy, conn))

    # -- routing --------------------------------------------------------------------------------
    def proxy(self, table_id: str) -> TableProxy:
        """Return the proxy of a table not hosted here (one per table while in use)."""
        proxy = self.proxies.get(table_id)
        return proxy if proxy is not None else TableProxy(self, table_id)

    def cid(self, conn: Conn) -> str:
        """Return the id other processes know this process's connection ``conn`` by."""
        cid = self._cids.get(conn)
        if cid is None:
            cid = self._cids[conn] = secrets.token_hex(8)
            self._conns[cid] = conn
        return cid

    def forget(self, conn: Conn) -> None:
        """Forget a closed connection of this process."""
        cid = self._cids.pop(conn, None)
        if cid is not None:
            self._conns.pop(cid, None)

    async def call(self, process: str, conn: Conn, table_id: str, op: str,
                   args: dict[str, Any]) -> None:
        """Run ``op`` of ``table_id`` on ``process`` for ``conn``; raise what it raised.

        Raise TimeoutError if it does not answer within the lease's ttl, and _Moved if it
        does not host the table.
        """
        assert conn.user is not None
        rid = secrets.token_hex(8)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[rid] = fut
        self.bus.publish(f"proc:{process}", {
            "k": "call", "id": rid, "from": self.me, "conn": self.cid(conn),
            "user": {"id": conn.user.id, "name": conn.user.name, "guest": conn.user.guest},
            "table": table_id, "op": op, "args": args})
        try:
            reply = await asyncio.wait_for(fut, self.ttl)
        finally:
            self._calls.pop(rid, None)
        if reply.get("moved"):
            raise _Moved(table_id)
        error = reply.get("error")
        if error is not None:
            extra = {k: v for k, v in error.items() if k not in ("type", "code", "message")}
            raise ProtocolError(error["code"], error["message"], **extra)

    # -- what arrives on the bus -------------------------------------------------------------------
    def send_text(self, text: str) -> None:
        """Take one message of the bus (this is the cluster's subscriber side)."""
        try:
            msg = json.loads(text)
        except ValueError:
            return
        kind = msg.get("k")
        if kind == "send":
            conn = self._conns.get(msg["conn"])
            if conn is not None:
                conn.send_text(msg["text"])
        elif kind == "call":
            self._spawn(self._serve_call(msg))
        elif kind == "reply":
            fut = self._calls.get(msg["id"])
            if fut is not None and not fut.done():
                fut.set_result(msg)
        elif kind == "detach":
            rc: Any = self.remote.get((msg["from"], msg["conn"]))
            table = self.lobby.tables.get(msg["table"])
            if rc is not None and table is not None:
                table.detach(rc, quiet=bool(msg.get("quiet")))
                if not rc.tables:
                    self.remote.pop((rc.process, rc.cid), None)
        elif kind == "listing":
            self._listing(msg)
        elif kind == "host":
            self._moved(msg["id"], msg["process"])
        elif kind == "presence":
            self._recount_soon()
        elif kind == "gone" and msg["process"] != self.me:
            self._process_gone(msg["process"])

    def _listing(self, msg: dict[str, Any]) -> None:
        table_id, info = msg["id"], msg["info"]
        if msg["process"] == self.me or table_id in self.lobby.tables:
            return
        old: Any = self.listings.get(table_id)
        if info is None:
            if old is None or old.process != msg["process"]:
                return
            del self.listings[table_id]
            self.lobby.tables_changed(old)
        else:
            listing: Any = Listing(info, msg["process"])
            self.listings[table_id] = listing
            self.lobby.tables_changed(listing)

    async def _serve_call(self, msg: dict[str, Any]) -> None:
        """Run a call of another process's client on a table hosted here; reply."""
        reply: dict[str, Any] = {"k": "reply", "id": msg["id"]}
        table = self.lobby.tables.get(msg["table"])
        op = OPS.get(msg.get("op", ""))
        if table is None or op is None:
            reply["moved"] = True
        else:
            key = (msg["from"], msg["conn"])
            rc = self.remote.get(key)
            if rc is None:
                u = msg["user"]
                rc = self.remote[key] = RemoteConn(self, msg["from"], msg["conn"],
                                                   User(int(u["id"]), u["name"],
                                                        bool(u["guest"])))
            try:
                await op(table, rc, msg.get("args") or {})
            except ProtocolError as e:
                reply["error"] = e.to_json()
            except Exception:
                log.exception("table %s: a call (%s) from process %s failed", msg["table"],
                              msg.get("op"), msg["from"])
                reply["error"] = ProtocolError("internal", "server error").to_json()
            if not rc.tables:
                self.remote.pop(key, None)
        self.bus.publish(f"proc:{msg['from']}", reply)
