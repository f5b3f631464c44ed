"""Leases in Redis: each table is hosted by one process at a time.

A lease is the key ``prefix + "lease:" + table`` holding the hosting process's id, set with
``SET NX PX`` (so one process wins) and renewed by its holder well before it lapses
(:meth:`Leases.renew`, a compare-and-expire script: a process that lost its lease never
extends another's).  When a process dies, its leases lapse after ``ttl`` and another process
takes the table over (:mod:`kozyr.server.cluster`).  The directory — which process hosts
which table — is the hash ``prefix + "tables"``, kept beside the leases; the lease is the
authority, the directory the list of tables to look after.

The action log in the database is the last line of defence: two processes that both believed
they hosted a table could not both store step ``n`` of its match (the primary key
``(game_id, n)``), so the stored record never forks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class Leases:
    """The leases and the directory of one process (``me``) on a Redis client."""

    def __init__(self, redis: Any, prefix: str, me: str, ttl: float) -> None:
        self.redis = redis
        self.prefix = prefix
        self.me = me
        self.ttl_ms = max(100, int(ttl * 1000))
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    def key(self, table: str) -> str:
        """Return the Redis key of ``table``'s lease."""
        return f"{self.prefix}lease:{table}"

    @property
    def directory(self) -> str:
        """Return the Redis key of the directory hash (table id -> hosting process id)."""
        return f"{self.prefix}tables"

    async def acquire(self, table: str) -> bool:
        """Take ``table``'s lease if nobody holds it; return True if this process now does."""
        ok = await self.redis.set(self.key(table), self.me, nx=True, px=self.ttl_ms)
        if ok:
            await self.redis.hset(self.directory, table, self.me)
            return True
        return await self.holder(table) == self.me

    async def holder(self, table: str) -> str | None:
        """Return the id of the process holding ``table``'s lease, or None if it lapsed."""
        raw = await self.redis.get(self.key(table))
        return raw.decode() if isinstance(raw, bytes) else raw

    async def renew(self, tables: Iterable[str]) -> list[str]:
        """Extend this process's leases of ``tables``; return the tables whose lease is lost."""
        tables = list(tables)
        if not tables:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for t in tables:
            await self._renew(keys=[self.key(t)], args=[self.me, self.ttl_ms], client=pipe)
        results = await pipe.execute()
        return [t for t, ok in zip(tables, results, strict=True) if not ok]

    async def release(self, table: str, forget: bool = False) -> None:
        """Give ``table``'s lease up (if this process holds it); ``forget`` drops it from the
        directory too (the table is closed for good)."""
        await self._release(keys=[self.key(table)], args=[self.me])
        if forget:
            await self.redis.hdel(self.directory, table)

    async def orphans(self, hosted: set[str]) -> list[str]:
        """Return the tables of the directory that nobody holds a lease of (and not in
        ``hosted``, this process's own): a process died, they wait to be taken over."""
        entries = await self.redis.hgetall(self.directory)
        ids = [(k.decode() if isinstance(k, bytes) else k) for k in entries]
        ids = [t for t in ids if t not in hosted]
        if not ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for t in ids:
            pipe.exists(self.key(t))
        alive = await pipe.execute()
        return [t for t, a in zip(ids, alive, strict=True) if not a]
