"""A small publish/subscribe interface (encode/broadcaster's shape), chosen by URL.

Only ``memory://`` exists: one process holds every connection.  A subscriber is any object
with a ``send(message)`` method that never blocks (the websocket connection queues it).

>>> class Box:
...     def __init__(self): self.got = []
...     def send(self, message): self.got.append(message)
>>> hub = make_broadcaster("memory://")
>>> box = Box()
>>> hub.subscribe("lobby", box)
>>> hub.publish("lobby", {"type": "counts"})
1
>>> box.got
[{'type': 'counts'}]
"""

from __future__ import annotations

from typing import Any, Protocol


class Subscriber(Protocol):
    """Anything that can be handed a message without waiting."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for delivery."""


class Broadcaster(Protocol):
    """Channels of subscribers."""

    def subscribe(self, channel: str, sub: Subscriber) -> None:
        """Add ``sub`` to ``channel``."""

    def unsubscribe(self, channel: str, sub: Subscriber) -> None:
        """Remove ``sub`` from ``channel`` (no error if absent)."""

    def publish(self, channel: str, message: dict[str, Any]) -> int:
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

    def publish(self, channel: str, message: dict[str, Any]) -> int:
        """Send ``message`` to every subscriber of ``channel``."""
        subs = self._channels.get(channel)
        if not subs:
            return 0
        for sub in list(subs.values()):
            sub.send(message)
        return len(subs)

    def count(self, channel: str) -> int:
        """Return the number of subscribers of ``channel``."""
        return len(self._channels.get(channel, ()))


def make_broadcaster(url: str = "memory://") -> MemoryBroadcaster:
    """Return the broadcaster for ``url``; raise ValueError for an unknown backend."""
    if url.startswith("memory://"):
        return MemoryBroadcaster()
    raise ValueError(f"unknown broadcaster backend {url!r} (known: memory://)")
