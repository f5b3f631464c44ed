"""Bots think in a pool of worker processes, never on the event loop.

The match is pickled and sent with the seat, the bot's name and a seed; the worker builds the
bot (``kozyr.bots.make_bot`` when it exists, else the random bot), asks it for an action on
``match.view(seat)`` and returns the action as record text.  Only the worker sees the pickled
match, which lives in server memory anyway; nothing of it is logged.

The workers die with the server, however it ends.  :meth:`BotPool.close` (called by
``Lobby.close`` at shut-down) stops them; if the server is killed (even ``kill -9``), each
worker notices on its own: on Linux the kernel sends it SIGKILL when its parent dies
(``prctl(PR_SET_PDEATHSIG)``, set by :func:`init_worker`), and everywhere a daemon thread of
the worker exits the process once ``os.getppid()`` is no longer the server's pid.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kozyr.bots.base import Bot, RandomBot
from kozyr.core.match import Match

#: prctl(2) option: the signal the kernel sends this process when its parent dies (Linux)
PR_SET_PDEATHSIG = 1
#: seconds between a worker's checks that the server still lives (the portable fallback)
PARENT_POLL = 0.5


def _die_with_parent_linux() -> bool:
    """Ask the kernel to SIGKILL this process when its parent dies; return True if set.

    The kernel watches the parent *thread* that forked the worker: the pool spawns its
    workers from the thread that submits work, the event loop's, which lives as long as the
    server.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int, poll: float) -> None:
    """Exit the process as soon as it is no longer the child of ``parent`` (a thread)."""
    while True:
        if os.getppid() != parent:
            os._exit(1)
        time.sleep(poll)


def init_worker(parent: int, poll: float = PARENT_POLL) -> None:
    """Initialise a pool worker: die with the server ``parent``; leave Ctrl-C to the server.

    SIGINT is ignored because a terminal sends it to the whole process group: the server
    shuts the pool down itself, and a worker interrupted mid-job would only print a traceback.
    """
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent_linux()
    if os.getppid() != parent:  # the server died before the kernel was asked to tell us
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent, poll), name="kozyr-parent-watch",
                     daemon=True).start()


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


def explain(payload: bytes, seat: int, seed: int) -> dict[str, Any]:
    """Return ``hard``'s hint for ``seat`` of the pickled match: ``{"action", "reason"}``
    (kozyr.bots.explain.hint on the seat's own view; a worker job)."""
    from kozyr.bots.explain import hint

    match: Match = pickle.loads(payload)
    return hint(make("hard", seed), match.view(seat))


class BotPool:
    """A process pool for bots; ``workers=0`` thinks in a thread instead (debugging only)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor | None:
        if self.workers and self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=init_worker,
                                             initargs=(os.getpid(),))
        return self._pool

    async def choose(self, match: Match, seat: int, name: str, seed: int) -> str:
        """Return the action text the bot ``name`` plays for ``seat`` in ``match``."""
        payload = pickle.dumps(match, protocol=pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        pool: Any = self._executor()
        return await loop.run_in_executor(pool, think, payload, seat, name, seed)

    async def hint(self, match: Match, seat: int, seed: int) -> dict[str, Any]:
        """Return what ``hard`` would play for ``seat`` and why (:func:`explain`)."""
        payload = pickle.dumps(match, protocol=pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        pool: Any = self._executor()
        result: dict[str, Any] = await loop.run_in_executor(pool, explain, payload, seat, seed)
        return result

    def pids(self) -> list[int]:
        """Return the process ids of the running workers (none before the first job)."""
        # ProcessPoolExecutor has no public list of its workers; multiprocessing's
        # active_children() would also count any other child of the server.
        pool: Any = self._pool
        return sorted(pool._processes) if pool is not None and pool._processes else []

    def close(self) -> None:
        """Stop the workers (waiting for them to exit)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
