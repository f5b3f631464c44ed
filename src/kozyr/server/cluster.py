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
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from kozyr.server.conn import Conn
from kozyr.server.leases import Leases
from kozyr.server.models import TableRow
from kozyr.server.protocol import ProtocolError, encode
from kozyr.server.redis_bus import RedisBroadcaster
from kozyr.server.routing import OPS, Listing, Moved, RemoteConn, TableProxy
from kozyr.server.settings import Settings
from kozyr.server.storage import User

if TYPE_CHECKING:
    from kozyr.server.lobby import Lobby
    from kozyr.server.table import TableMaster

log = logging.getLogger("kozyr.server")

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
            if table is not None and self.lobby.listed(table):
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
        if not await self.leases.acquire(table_id):
            return False
        self.listings.pop(table_id, None)  # its line is this process's own from now on
        return True

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
        if not await self.claim(table_id):
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
            await proxy.run(conn, "resync", {"version": None})
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

        Raise TimeoutError if it does not answer within the lease's ttl, and Moved if it
        does not host the table.
        """
        assert conn.user is not None
        rid = secrets.token_hex(8)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[rid] = fut
        self.bus.publish(f"proc:{process}", {
            "k": "call", "id": rid, "from": self.me, "conn": self.cid(conn),
            "user": {"id": conn.user.id, "name": conn.user.name, "guest": conn.user.guest},
            "patches": conn.patches, "table": table_id, "op": op, "args": args})
        try:
            reply = await asyncio.wait_for(fut, self.ttl)
        finally:
            self._calls.pop(rid, None)
        if reply.get("moved"):
            raise Moved(table_id)
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
                                                        bool(u["guest"])),
                                                   bool(msg.get("patches", False)))
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
