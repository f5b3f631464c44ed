"""A small publish/subscribe interface (encode/broadcaster's shape), chosen by URL.

``memory://``: one process holds every connection.  ``redis://`` (and ``rediss://``,
:mod:`kozyr.server.redis_bus`): the same interface between processes, through Redis pub/sub;
it has to be started (``await hub.start()``) and closed.  A subscriber is any object
with a ``send_text(text)`` method that never blocks (the websocket connection queues it).
:meth:`MemoryBroadcaster.publish` encodes a message once and hands every subscriber the
same text, so a push to many sockets costs one encoding.

>>> class Box:
...     def __init__(self): self.got = []
...     def send_text(self, text): self.got.append(text)
>>> hub = make_broadcaster("memory://")
>>> a, b = Box(), Box()
>>> hub.subscribe("lobby", a)
>>> hub.subscribe("lobby", b)
>>> hub.publish("lobby", {"type": "counts", "online": 2})
2
>>> a.got
['{"type":"counts","online":2}']
>>> a.got[0] is b.got[0]
True
"""

from __future__ import annotations

from typing import Any, Protocol

from kozyr.server import protocol


class Subscriber(Protocol):
    """Anything that can be handed an encoded message without waiting."""

    def send_text(self, text: str) -> None:
        """Queue ``text`` (one encoded server message) for delivery."""


class Broadcaster(Protocol):
    """Channels of subscribers."""

    def subscribe(self, channel: str, sub: Subscriber) -> None:
        """Add ``sub`` to ``channel``."""

    def unsubscribe(self, channel: str, sub: Subscriber) -> None:
        """Remove ``sub`` from ``channel`` (no error if absent)."""

    def publish(self, channel: str, message: dict[str, Any] | str) -> int:
        """Send ``message`` to every subscriber of ``channel``; return how many got it."""

    def count(self, channel: str) -> int:
        """Return the number of subscribers of ``channel``."""


class MemoryBroadcaster:
    """The in-process broadcaster."""

    def __init__(self) -> None:
        self._channels: dict[str, dict[int, Subscriber]] = {}

    def subscribe(self, channel: str, sub: Subscriber) -> None:
        """Add ``sub`` to ``channel``."""
        self._channels.setdefault(channel, {})[id(sub)] = sub

    def unsubscribe(self, channel: str, sub: Subscriber) -> None:
        """Remove ``sub`` from ``channel``."""
        subs = self._channels.get(channel)
        if subs is not None:
            subs.pop(id(sub), None)
            if not subs:
                del self._channels[channel]

    def publish(self, channel: str, message: dict[str, Any] | str) -> int:
        """Send ``message`` (a dict, or its encoded text) to every subscriber of ``channel``.

        A dict is encoded once (:func:`kozyr.server.protocol.encode`), and only if the
        channel has subscribers.
        """
        subs = self._channels.get(channel)
        if not subs:
            return 0
        text = message if isinstance(message, str) else protocol.encode(message)
        for sub in list(subs.values()):
            sub.send_text(text)
        return len(subs)

    def count(self, channel: str) -> int:
        """Return the number of subscribers of ``channel``."""
        return len(self._channels.get(channel, ()))


def make_broadcaster(url: str = "memory://", prefix: str = "kozyr:") -> Any:
    """Return the broadcaster for ``url``; raise ValueError for an unknown backend.

    ``prefix`` names a ``redis://`` broadcaster's Redis channels (``prefix + channel``).

    >>> make_broadcaster("carrier-pigeon://")
    Traceback (most recent call last):
    ...
    ValueError: unknown broadcaster backend 'carrier-pigeon://' (known: memory://, redis://)
    """
    if url.startswith("memory://"):
        return MemoryBroadcaster()
    if url.startswith(("redis://", "rediss://", "unix://")):
        from kozyr.server.redis_bus import RedisBroadcaster

        return RedisBroadcaster(url, prefix)
    raise ValueError(f"unknown broadcaster backend {url!r} (known: memory://, redis://)")
