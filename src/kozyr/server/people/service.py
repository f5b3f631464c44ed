"""The rules of people (docs/protocol.md §4.8): friends, invitations, blocks, reports, and
the ``friends`` pushes.

Registered users only: a guest is refused with ``auth_required``.  Each change is stored
first, then every open socket of both users gets a fresh ``friends`` message.  A friend's
"where" is a table of this process he is seated at: a public one, or a private one only
when the viewer is seated there too.  A user's sockets carry the names he blocks
(:attr:`Conn.ignored`), loaded at hello and refreshed on block/unblock, so the tables leave
those users' chat lines out for him (live, in snapshots and in resyncs).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import Any

from kozyr.server.conn import Conn
from kozyr.server.lobby import Lobby
from kozyr.server.people.store import PeopleStore
from kozyr.server.protocol import ProtocolError
from kozyr.server.storage import User

log = logging.getLogger("kozyr.server")

#: invitations a user may send per minute, and reports per hour
INVITES_PER_MINUTE = 5
REPORTS_PER_HOUR = 5
#: new friend requests a user may make per minute (a request withdrawn and made again is
#: a new one: each tells the addressee)
REQUESTS_PER_MINUTE = 10


def registered(conn: Conn) -> User:
    """Return the connection's user; raise ``auth_required`` for a guest."""
    user = conn.user
    if user is None or user.guest:
        raise ProtocolError("auth_required", "log in (register) to have friends")
    return user


class People:
    """Friends, invitations, blocks and reports of one room."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.store = PeopleStore(lobby.storage)
        self._invites: dict[int, deque[float]] = {}
        self._requests: dict[int, deque[float]] = {}
        #: reports are counted and stored one at a time here (else several at once all see
        #: fewer than the limit)
        self._reporting = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False

    async def close(self) -> None:
        """Let the presence pushes under way finish (before the database closes); start no
        more."""
        self._closing = True
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=5.0)

    # -- who and where -----------------------------------------------------------------------
    async def target(self, me: User, name: str) -> User:
        """Return the registered user ``name``; refuse an unknown name or oneself."""
        other = await self.store.user(name)
        if other is None:
            raise ProtocolError("unknown_user", f"there is no registered user {name!r}")
        if other.id == me.id:
            raise ProtocolError("self_target", "that is you")
        return other

    def conns_of(self, user_id: int) -> list[Conn]:
        """Return the open sockets of a user (on this process)."""
        return [c for c in self.lobby.conns
                if c.user is not None and c.user.id == user_id and not c.closed]

    def where(self, friend_id: int, viewer_id: int) -> dict[str, Any] | None:
        """Return the table ``friend_id`` is seated at as the viewer may see it, or None."""
        for t in self.lobby.tables.values():
            if t.status == "closed" or t.seat_of_user(friend_id) is None:
                continue
            if t.private and t.seat_of_user(viewer_id) is None:
                continue  # a private table is nobody else's business
            return {"table": t.id, "game": t.game, "preset": t.rules.preset,
                    "status": t.status, "private": t.private}
        return None

    async def payload(self, user: User) -> dict[str, Any]:
        """Return the ``friends`` message of ``user``."""
        return self._message(user.id, await self.store.relations(user.id),
                             await self.store.blocked(user.id))

    def _message(self, user_id: int, relations: list[tuple[int, str, str, bool]],
                 blocks: list[tuple[int, str]]) -> dict[str, Any]:
        """Return the ``friends`` message of ``user_id`` of his stored relations and
        blocks."""
        friends: list[dict[str, Any]] = []
        incoming: list[str] = []
        outgoing: list[str] = []
        for uid, name, status, asked in relations:
            if status == "accepted":
                online = uid in self.lobby.online
                friends.append({"name": name, "online": online,
                                "where": self.where(uid, user_id) if online else None})
            else:
                (outgoing if asked else incoming).append(name)
        return {"type": "friends", "friends": friends, "incoming": incoming,
                "outgoing": outgoing, "blocked": [name for _, name in blocks]}

    async def push(self, user_id: int, name: str) -> None:
        """Send a fresh ``friends`` message to every open socket of a user."""
        conns = self.conns_of(user_id)
        if conns:
            msg = await self.payload(User(user_id, name, False))
            for c in conns:
                c.send(msg)

    # -- presence (called by the websocket on hello and when a socket ends) -----------------
    async def connected(self, conn: Conn) -> None:
        """Load the names a new socket's user blocks; tell his friends he came online."""
        user = conn.user
        if user is None or user.guest:
            return
        first = self.lobby.online.get(user.id, 0) == 1  # his first socket (asked before
        # the query: a second socket opening meanwhile must not hide that)
        conn.ignored = {name for _, name in await self.store.blocked(user.id)}
        if first:
            await self._announce(user)

    def disconnected(self, conn: Conn) -> None:
        """Tell the friends of a socket's user that he went offline (his last socket)."""
        user = conn.user
        if user is None or user.guest or user.id in self.lobby.online or self._closing:
            return
        task = asyncio.get_running_loop().create_task(self._announce(user))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _announce(self, user: User) -> None:
        """Push ``friends`` to each online friend of ``user`` (his online status changed):
        their lists are read together, in a few queries however many they are."""
        try:
            online = {uid for uid, _, status, _ in await self.store.relations(user.id)
                      if status == "accepted" and uid in self.lobby.online}
            conns: dict[int, list[Conn]] = {}
            for c in self.lobby.conns:
                if c.user is not None and c.user.id in online and not c.closed:
                    conns.setdefault(c.user.id, []).append(c)
            ids = sorted(conns)
            relations = await self.store.relations_of(ids)
            blocks = await self.store.blocked_of(ids)
            for uid in ids:
                msg = self._message(uid, relations.get(uid, []), blocks.get(uid, []))
                for c in conns[uid]:
                    c.send(msg)
        except Exception as e:  # the database is closing (a shut-down): nobody to tell
            log.debug("could not announce %s's presence: %s", user.name, type(e).__name__)

    # -- friends -----------------------------------------------------------------------------
    async def request(self, me: User, name: str) -> None:
        """Ask ``name`` to be friends (accepting his own request, if he asked first)."""
        other = await self.target(me, name)
        if other.id in await self.store.avoided(me.id):
            raise ProtocolError("blocked", f"you cannot befriend {other.name}: one of you "
                                "blocks the other")
        changed = False
        for _ in range(2):  # (again if his request to me was stored meanwhile)
            row = await self.store.friendship(me.id, other.id)
            if row is not None:
                if row.status == "pending" and row.requester_id == other.id:
                    changed = await self.store.accept(other.id, me.id)
                break
            self._limit(self._requests, me.id, REQUESTS_PER_MINUTE, "new friend requests")
            if await self.store.request(me.id, other.id):
                changed = True
                for c in self.conns_of(other.id):
                    c.send({"type": "friend_request", "from": me.name})
                break
        if changed:  # asking again (or a friend) changes nothing, and pushes nothing
            await self._both(me, other)

    async def accept(self, me: User, name: str) -> None:
        """Accept ``name``'s friend request."""
        other = await self.target(me, name)
        if not await self.store.accept(other.id, me.id):
            raise ProtocolError("no_request", f"{other.name} has not asked to be your friend")
        await self._both(me, other)

    async def decline(self, me: User, name: str) -> None:
        """Decline ``name``'s friend request."""
        other = await self.target(me, name)
        if not await self.store.unfriend(me.id, other.id, "pending", requester=other.id):
            raise ProtocolError("no_request", f"{other.name} has not asked to be your friend")
        await self._both(me, other)

    async def remove(self, me: User, name: str) -> None:
        """End a friendship with ``name`` (or withdraw one's request to him)."""
        other = await self.target(me, name)
        if not await self.store.unfriend(me.id, other.id):
            raise ProtocolError("not_friends", f"{other.name} is not your friend")
        await self._both(me, other)

    async def _both(self, me: User, other: User) -> None:
        await self.push(me.id, me.name)
        await self.push(other.id, other.name)

    # -- blocks ------------------------------------------------------------------------------
    async def block(self, me: User, name: str) -> None:
        """Block ``name``: his chat is hidden from me, no requests, invitations or shared
        quick-play tables; a friendship ends."""
        other = await self.target(me, name)
        ended = await self.store.block(me.id, other.id)
        await self._refresh_ignored(me)
        await self.push(me.id, me.name)
        if ended:  # his list changed; otherwise a push would only tell him of the block
            await self.push(other.id, other.name)

    async def unblock(self, me: User, name: str) -> None:
        """Unblock ``name``."""
        other = await self.target(me, name)
        if not await self.store.unblock(me.id, other.id):
            raise ProtocolError("not_blocked", f"you do not block {other.name}")
        await self._refresh_ignored(me)
        await self.push(me.id, me.name)

    async def _refresh_ignored(self, me: User) -> None:
        names = {name for _, name in await self.store.blocked(me.id)}
        for c in self.conns_of(me.id):
            c.ignored = set(names)

    # -- invitations -------------------------------------------------------------------------
    async def invite_friend(self, me: User, table_id: str, name: str) -> None:
        """Invite the friend ``name`` to a table one sits at (or owns)."""
        other = await self.target(me, name)
        if other.id in await self.store.avoided(me.id):
            raise ProtocolError("blocked", f"you cannot invite {other.name}")
        row = await self.store.friendship(me.id, other.id)
        if row is None or row.status != "accepted":
            raise ProtocolError("not_friends", f"{other.name} is not your friend")
        table = self.lobby.tables.get(table_id)
        if table is None or table.status == "closed":
            raise ProtocolError("unknown_table", "no such table")
        if table.seat_of_user(me.id) is None and table.owner != me.name:
            raise ProtocolError("not_seated", "sit at the table to invite to it")
        conns = self.conns_of(other.id)
        if not conns:
            raise ProtocolError("not_online", f"{other.name} is not online")
        self._limit(self._invites, me.id, INVITES_PER_MINUTE, "invitations")
        msg = {"type": "invited", "table": table.id, "from": me.name, "game": table.game,
               "preset": table.rules.preset, "invite": table.invite if table.private else None}
        for c in conns:
            c.send(msg)

    @staticmethod
    def _limit(log_: dict[int, deque[float]], user_id: int, most: int, what: str) -> None:
        """Count one more of ``what`` by ``user_id`` in the last minute of ``log_``; refuse
        (``rate_limited``) one over ``most``.  A user with none in the minute is forgotten."""
        now = time.monotonic()
        for uid in [u for u, ts in log_.items() if ts and ts[-1] <= now - 60.0]:
            del log_[uid]  # (users quiet for a minute: the log stays small)
        times = log_.setdefault(user_id, deque())
        while times and times[0] <= now - 60.0:
            times.popleft()
        if len(times) >= most:
            raise ProtocolError("rate_limited", f"at most {most} {what} a minute")
        times.append(now)

    # -- reports -----------------------------------------------------------------------------
    async def report(self, me: User, name: str, reason: str, table_id: str | None) -> int:
        """Store a report of ``name`` for an admin; return its id."""
        other = await self.target(me, name)
        reason = reason.strip()
        if not reason:
            raise ProtocolError("bad_message", "say what happened (reason)")
        table = self.lobby.tables.get(table_id) if table_id else None
        game_id = table.game_public if table is not None else None
        async with self._reporting:
            if await self.store.reports_since(me.id, time.time() - 3600) >= REPORTS_PER_HOUR:
                raise ProtocolError("rate_limited", f"at most {REPORTS_PER_HOUR} reports an "
                                    "hour")
            return await self.store.report(me.id, other.id, reason, table_id, game_id)
