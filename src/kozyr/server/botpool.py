"""Bots think in a pool of worker processes, never on the event loop.

The match is pickled and sent with the seat, the bot's name and a seed; the worker builds the
bot (``kozyr.bots.make_bot`` when it exists, else the random bot), asks it for an action on
``match.view(seat)`` and returns the action as record text.  Only the worker sees the pickled
match, which lives in server memory anyway; nothing of it is logged.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kozyr.bots.base import Bot, RandomBot
from kozyr.core.match import Match


def make(name: str, seed: int) -> Bot:
    """Return the bot called ``name`` (a level: easy, normal, hard), or a random bot."""
    try:
        from kozyr.bots import make_bot  # the registry, when it exists
    except ImportError:
        return RandomBot(seed)
    try:
        bot: Bot = make_bot(name, seed=seed)
    except (ValueError, KeyError):
        return RandomBot(seed)
    return bot


def think(payload: bytes, seat: int, name: str, seed: int) -> str:
    """Return the action ``name`` chooses for ``seat`` in the pickled match (a worker job)."""
    match: Match = pickle.loads(payload)
    action = make(name, seed).act(match.view(seat))
    return match.action_to_text(action)


class BotPool:
    """A process pool for bots; ``workers=0`` thinks in a thread instead (debugging only)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor | None:
        if self.workers and self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, match: Match, seat: int, name: str, seed: int) -> str:
        """Return the action text the bot ``name`` plays for ``seat`` in ``match``."""
        payload = pickle.dumps(match, protocol=pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        pool: Any = self._executor()
        return await loop.run_in_executor(pool, think, payload, seat, name, seed)

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
