"""The replay page's Analysis view, served: one deal of a record analysed off the event loop.

``GET /api/games/{id}/analysis?deal=N`` (a finished game's stored record) and ``POST
/api/analysis`` ``{"record": Record, "deal": N}`` (a record loaded in the page) answer
:func:`kozyr.analysis.analyse_record` for that one deal (docs/analysis.md), with
``SERVER_BUDGET`` seconds of search per card.  The search runs in a worker process of its
own (never on the event loop, never in the bots' pool, whose moves run on a clock); a finished
game's analyses are kept (``CACHE`` of them) and a second request for one being computed
waits for the first.  Inputs are bounded: one deal at a time, at most ``MAX_CARDS`` card
plays in it, at most ``MAX_DEALS`` deals in the record (the body's own limit is the replay's).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kozyr.server.protocol import ProtocolError

#: seconds of search per card on the server (the CLI's default is 2)
SERVER_BUDGET = 0.5
#: the Thousand contract check's samples on the server
SERVER_SAMPLES = 12
#: the most card plays one analysed deal may hold
MAX_CARDS = 48
#: the most deals a record sent for analysis may hold
MAX_DEALS = 400
#: finished games' deal analyses kept
CACHE = 64


def analysis_job(record: dict[str, Any], deal: int) -> dict[str, Any]:
    """Return ``{"analysis": ...}`` for deal ``deal`` of ``record``, or ``{"error": why}``
    (run in the worker process: what it returns is plain JSON data)."""
    from kozyr.analysis import analyse_record
    from kozyr.core.errors import KozyrError

    try:
        return {"analysis": analyse_record(record, deal=deal, budget=SERVER_BUDGET,
                                           samples=SERVER_SAMPLES)}
    except (KozyrError, TypeError, ValueError, KeyError, AttributeError) as e:
        return {"error": f"the record cannot be analysed: {e}"}


def check_request(record: Any, deal: Any) -> int:
    """Return the deal number asked for; raise ProtocolError for what is refused."""
    if not isinstance(record, dict):
        raise ProtocolError("bad_message", "send {\"record\": a game record, \"deal\": N}")
    if isinstance(deal, str) and deal.isdigit():
        deal = int(deal)
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
        raise ProtocolError("bad_message", "name the deal to analyse: deal=N (from 1)")
    deals = record.get("deals")
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise ProtocolError("too_large", f"a record to analyse holds at most {MAX_DEALS} deals")
    if deal > len(deals) or not isinstance(deals[deal - 1], dict):
        raise ProtocolError("bad_message", f"the record has no deal {deal}")
    actions = deals[deal - 1].get("actions")
    plays = sum(1 for a in actions if isinstance(a, str) and a.startswith("play ")) \
        if isinstance(actions, list) else 0
    if plays > MAX_CARDS:
        raise ProtocolError("too_large", f"a deal to analyse holds at most {MAX_CARDS} cards")
    return deal


class Analyser:
    """Analyses deals in its own worker process (``workers`` 0: a thread, for tests)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._cache: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._running: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}

    def _executor(self) -> ProcessPoolExecutor | None:
        from kozyr.server.botpool import init_worker

        if self.workers and self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=init_worker,
                                             initargs=(os.getpid(),))
        return self._pool

    async def analyse(self, record: Any, deal: Any, key: str | None = None) -> dict[str, Any]:
        """Return the analysis of deal ``deal`` of ``record`` (docs/analysis.md); ``key``: the
        finished game's id, under which the result is kept.  Raise ProtocolError for a
        refused or unanalysable record."""
        n = check_request(record, deal)
        slot = (key, n) if key is not None else None
        if slot is not None and slot in self._cache:
            self._cache.move_to_end(slot)
            return self._cache[slot]
        if slot is not None and slot in self._running:
            out = await asyncio.shield(self._running[slot])
        else:
            loop = asyncio.get_running_loop()
            future: asyncio.Future[dict[str, Any]] = loop.run_in_executor(
                self._executor(), analysis_job, record, n)
            if slot is not None:
                self._running[slot] = future
            try:
                out = await future
            finally:
                if slot is not None:
                    self._running.pop(slot, None)
        if "error" in out:
            raise ProtocolError("bad_message", str(out["error"]))
        result: dict[str, Any] = out["analysis"]
        if slot is not None:
            self._cache[slot] = result
            while len(self._cache) > CACHE:
                self._cache.popitem(last=False)
        return result

    def close(self) -> None:
        """Stop the worker (waiting for it to exit)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
