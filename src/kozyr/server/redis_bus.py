"""The ``redis://`` broadcaster: :mod:`kozyr.server.pubsub`'s interface between processes.

Subscribers are local (each process holds its own sockets and listeners); a publish goes
through Redis, so every process subscribed to the channel — this one included — hands the
message to its local subscribers.  One writer task sends the queued publishes in order (a
pipeline per batch), one reader task receives them on a single Redis connection, so the
messages of one channel published by one process arrive in the order they were published.

A channel ``name`` is the Redis channel ``prefix + name``: several rooms (or test runs) can
share one Redis with different prefixes.  :meth:`RedisBroadcaster.publish` is synchronous,
like the memory broadcaster's: it encodes once and queues; :meth:`flush` waits until what was
queued has been sent, :meth:`ready` until the subscriptions are in place.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from kozyr.server import protocol
from kozyr.server.pubsub import MemoryBroadcaster, Subscriber

log = logging.getLogger("kozyr.server")
#: seconds the reader waits for a message before looking at its subscriptions again
_POLL = 0.05


class RedisBroadcaster:
    """Channels of local subscribers, fed through Redis pub/sub."""

    def __init__(self, url: str, prefix: str = "kozyr:") -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.prefix = prefix
        #: the client (a connection pool) the room's other Redis keys use as well
        self.redis: Any = aioredis.Redis.from_url(url)
        self._local = MemoryBroadcaster()
        self._want: set[str] = set()
        self._subscribed: set[str] = set()
        self._out: asyncio.Queue[tuple[str, str]] | None = None
        self._pending = 0
        self._sent: asyncio.Event | None = None
        self._synced: asyncio.Event | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        """Connect (raising if Redis does not answer) and start the reader and the writer."""
        await self.redis.ping()
        self._out = asyncio.Queue()
        self._sent = asyncio.Event()
        self._sent.set()
        self._synced = asyncio.Event()
        self._pubsub = self.redis.pubsub()
        # a channel of its own first: the reader needs one subscription to read at all
        await self._pubsub.subscribe(self.prefix + "bus:hello")
        await self._sync()
        self._tasks = [asyncio.create_task(self._read_loop()),
                       asyncio.create_task(self._write_loop())]

    async def close(self) -> None:
        """Send what is queued, then stop and disconnect."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.flush(), 2.0)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
            self._pubsub = None
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- the interface of kozyr.server.pubsub.Broadcaster ------------------------------------
    def subscribe(self, channel: str, sub: Subscriber) -> None:
        """Add ``sub`` to ``channel`` (Redis is subscribed soon: :meth:`ready` waits)."""
        self._local.subscribe(channel, sub)
        if channel not in self._want:
            self._want.add(channel)
            if self._synced is not None:
                self._synced.clear()

    def unsubscribe(self, channel: str, sub: Subscriber) -> None:
        """Remove ``sub`` from ``channel``; the last one gone, Redis is unsubscribed."""
        self._local.unsubscribe(channel, sub)
        if not self._local.count(channel) and channel in self._want:
            self._want.discard(channel)
            if self._synced is not None:
                self._synced.clear()

    def publish(self, channel: str, message: dict[str, Any] | str) -> int:
        """Queue ``message`` for every process's subscribers of ``channel``.

        Return the number of this process's subscribers (the others' are not known here).
        """
        assert self._out is not None and self._sent is not None, "start() first"
        text = message if isinstance(message, str) else protocol.encode(message)
        self._pending += 1
        self._sent.clear()
        self._out.put_nowait((channel, text))
        return self._local.count(channel)

    def count(self, channel: str) -> int:
        """Return the number of this process's subscribers of ``channel``."""
        return self._local.count(channel)

    async def flush(self) -> None:
        """Return once every message published so far has been handed to Redis."""
        if self._sent is not None:
            await self._sent.wait()

    async def ready(self) -> None:
        """Return once Redis delivers every channel that has a local subscriber."""
        if self._synced is not None:
            await self._synced.wait()

    # -- the tasks ---------------------------------------------------------------------------
    async def _sync(self) -> None:
        assert self._synced is not None
        new = self._want - self._subscribed
        gone = self._subscribed - self._want
        if new:
            await self._pubsub.subscribe(*(self.prefix + c for c in new))
        if gone:
            await self._pubsub.unsubscribe(*(self.prefix + c for c in gone))
        self._subscribed |= new
        self._subscribed -= gone
        if self._want == self._subscribed:
            self._synced.set()

    async def _read_loop(self) -> None:
        n = len(self.prefix)
        while True:
            try:
                if self._want != self._subscribed:
                    await self._sync()
                msg = await self._pubsub.get_message(ignore_subscribe_messages=True,
                                                     timeout=_POLL)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # Redis went away: say so, and try again shortly
                log.error("redis bus: reading failed: %s: %s", type(e).__name__, e)
                await asyncio.sleep(0.5)
                continue
            if msg is None or msg.get("type") != "message":
                continue
            channel = msg["channel"].decode()[n:]
            data = msg["data"]
            text = data.decode() if isinstance(data, bytes) else str(data)
            try:
                self._local.publish(channel, text)
            except Exception:  # one bad subscriber must not stop the bus
                log.exception("redis bus: a subscriber of %s failed", channel)

    async def _write_loop(self) -> None:
        assert self._out is not None and self._sent is not None
        while True:
            batch = [await self._out.get()]
            while not self._out.empty():
                batch.append(self._out.get_nowait())
            while True:
                try:
                    pipe = self.redis.pipeline(transaction=False)
                    for channel, text in batch:
                        pipe.publish(self.prefix + channel, text)
                    await pipe.execute()
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as e:
                    log.error("redis bus: publishing failed: %s: %s", type(e).__name__, e)
                    await asyncio.sleep(0.5)
            self._pending -= len(batch)
            if self._pending <= 0:
                self._pending = 0
                self._sent.set()
