"""Timers of the table: the move clock and the grace period of a disconnected player.

A :class:`Timer` calls back once after a delay unless cancelled; restarting cancels the old
one.  The table master owns one for the move clock and one per absent seat.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class Timer:
    """A cancellable one-shot callback on the running event loop."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self.deadline: float | None = None

    def start(self, seconds: float, callback: Callable[[], object]) -> float:
        """(Re)start: call ``callback`` after ``seconds``; return the wall-clock deadline."""
        self.cancel()
        loop = asyncio.get_running_loop()
        self.deadline = time.time() + seconds
        self._handle = loop.call_later(seconds, self._fire, callback)
        return self.deadline

    def _fire(self, callback: Callable[[], object]) -> None:
        self._handle = None
        self.deadline = None
        callback()

    def cancel(self) -> None:
        """Stop the timer if it runs."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self.deadline = None

    @property
    def running(self) -> bool:
        """Return True while the timer runs."""
        return self._handle is not None
