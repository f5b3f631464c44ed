"""One websocket connection: its user, the tables it is at, its outbound queue.

A :class:`Conn` is created by the websocket endpoint (:mod:`kozyr.server.ws`) and handed to
the lobby and the tables it joins or watches; they only ever :meth:`Conn.send` to it, which
queues and never waits.  It reads the room's limits (``max_queue_bytes``, ``rate``) from its
host's settings.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, Protocol

from starlette.websockets import WebSocketDisconnect

from kozyr.server.protocol import encode, utf8_size
from kozyr.server.settings import Settings
from kozyr.server.storage import User

log = logging.getLogger("kozyr.server")


class Settled(Protocol):
    """What a connection reads of the room it belongs to: the settings (the lobby has them)."""

    @property
    def settings(self) -> Settings:
        """Return the room's settings."""
        ...


class Attached(Protocol):
    """A table a connection sits at or watches, as the connection sees it."""

    def detach(self, conn: Conn, quiet: bool = False) -> None:
        """Forget ``conn`` (closed, or leaving)."""
        ...


class Conn:
    """One websocket connection.

    Outgoing messages wait in a queue drained by :meth:`write_loop`; the queue's size is
    counted in bytes (``settings.max_queue_bytes``): a client that does not read is dropped
    rather than allowed to grow the server's memory.  A send that fails (the socket broke,
    a message that cannot be encoded) closes this connection only, with a logged reason.
    """

    def __init__(self, ws: Any, host: Settled, address: str = "") -> None:
        self.ws = ws
        #: the room it belongs to (the lobby), for its limits
        self.host = host
        self.address = address
        self.user: User | None = None
        self.token: str | None = None
        #: the tables it sits at or watches, by id (each table keeps this up to date)
        self.tables: dict[str, Attached] = {}
        #: the names whose chat lines this user does not see (he blocks them; people)
        self.ignored: set[str] = set()
        #: its ``state`` messages as patches of its last observation (hello ``patches``)
        self.patches = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued_bytes = 0
        self.closed = False
        self.close_code: int | None = None
        self.close_reason = ""
        #: the task running :meth:`write_loop` (set by the endpoint), cancelled on a drop
        self.writer: asyncio.Task[None] | None = None
        self._dropped = False
        self._tokens = host.settings.rate * 2
        self._stamp = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; drop the connection if it cannot keep up."""
        if not self.closed:
            self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue an already encoded message (one encoding shared by many recipients)."""
        if self.closed:
            return
        size = utf8_size(text)
        if self.queued_bytes + size > self.host.settings.max_queue_bytes:
            log.warning("dropping a connection of %s: %d bytes unread", self.address or "?",
                        self.queued_bytes)
            self.close(1008, "too many unread messages")  # a client that reads nothing
            if self.writer is not None:  # its writer is likely stuck in a send: stop it
                self._dropped = True
                self.writer.cancel()
            return
        self.queued_bytes += size
        self.queue.put_nowait(text)

    def close(self, code: int | None = None, reason: str = "") -> None:
        """Stop the writer (closing the socket with ``code`` if given)."""
        if not self.closed:
            self.closed = True
            if code is not None:
                self.close_code, self.close_reason = code, reason
            self.queue.put_nowait(None)

    def allow(self) -> bool:
        """Take a token of the per-socket rate limit; False if none is left."""
        now = time.monotonic()
        rate = self.host.settings.rate
        self._tokens = min(rate * 2, self._tokens + (now - self._stamp) * rate)
        self._stamp = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def write_loop(self) -> None:
        """Send queued messages in order until closed; a failed send closes the socket."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                self.queued_bytes -= utf8_size(text)
                try:
                    await self.ws.send_text(text)
                except Exception as e:  # a client that went away, or a message that cannot go
                    gone = isinstance(e, WebSocketDisconnect | OSError) or type(e).__name__ in (
                        "ClientDisconnected", "ConnectionClosed")
                    log.log(logging.DEBUG if gone else logging.WARNING,
                            "closing a connection of %s: sending failed (%s: %s)",
                            self.address or "?", type(e).__name__, e)
                    self.closed = True
                    self.close_code, self.close_reason = 1011, "server error"
                    break
        except asyncio.CancelledError:
            if not self._dropped:  # the server is stopping, not a client being dropped
                raise
        if self.close_code is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(self.close_code, self.close_reason), 1.0)
