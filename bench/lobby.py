"""Benchmark the lobby feed: what one table change and one subscription cost with many tables.

    .venv/bin/python bench/lobby.py                          # 1000 tables, 200 subscribers
    .venv/bin/python bench/lobby.py --tables 5000 --subscribers 1000

In-process, no sockets: ``Lobby`` with ``--tables`` public waiting tables and
``--subscribers`` connections (``Conn``; their queues are only filled).  Printed, as the
median of ``--repeat`` runs:

- a change: one table's seat changes, and the push that follows (``lobby_update``, one
  encoding shared by every subscriber);
- the same change pushed the old way, for comparison: a whole snapshot rebuilt
  (``info()`` of every table) and encoded once per subscriber;
- a subscription: the ``lobby`` snapshot for one more subscriber, first after a change
  (one line re-encoded), then again (cached);
- the sizes of the snapshot and of the update.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable
from typing import Any

from kozyr.server.conn import Conn
from kozyr.server.lobby import Lobby, parse_spec
from kozyr.server.protocol import encode
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage
from kozyr.server.table import Seat, TableMaster

SPEC = {"game": "thousand", "preset": "classic"}


def timed(fn: Callable[[], Any], repeat: int) -> float:
    """Return the median milliseconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


async def main(tables: int, subscribers: int, repeat: int) -> None:
    lobby = Lobby(Storage("sqlite+aiosqlite:///:memory:"), Settings(lobby_interval=3600.0))
    game, rules, players, *_ = parse_spec(SPEC)
    for i in range(tables):
        t = TableMaster(lobby, f"t{i:05d}", game, rules, players, owner=f"u{i}",
                        created=float(i))
        lobby.tables[t.id] = t
    conns = [Conn(None, lobby) for _ in range(subscribers)]
    t0 = time.perf_counter()
    for c in conns:
        lobby.subscribe(c)
    first = (time.perf_counter() - t0) * 1000

    def drain() -> None:
        for c in conns:
            while not c.queue.empty():
                c.queue.get_nowait()
            c.queued_bytes = 0

    drain()
    table = lobby.tables[f"t{tables // 2:05d}"]
    turn = [0]

    def change() -> None:
        turn[0] += 1
        table.seats[0] = Seat("human", f"p{turn[0]}", turn[0])
        table.broadcast_snapshot()
        lobby._push_lobby()  # what the timer does after lobby_interval
        drain()

    def old_way() -> None:
        body = lobby.snapshot_uncached()
        for c in conns:
            c.send({"type": "lobby", **body})
        drain()

    def snapshot_uncached() -> dict[str, Any]:
        online, playing = lobby.counts()
        return {"online": online, "playing": playing, "salons": [
            {"game": g, "preset": p, "title": title, "tables": [t.info() for t in ts]}
            for (g, p, title), ts in lobby._salon_tables()]}

    lobby.snapshot_uncached = snapshot_uncached  # type: ignore[attr-defined]

    def subscribe_after_change() -> None:
        lobby.tables_changed(table)
        lobby._dirty.clear()
        lobby.subscribe(Conn(None, lobby))

    def subscribe_again() -> None:
        lobby.subscribe(Conn(None, lobby))

    snap = lobby.snapshot_text()
    table.seats[0] = Seat("human", "ann", 1)
    lobby.tables_changed(table)
    update = encode({"type": "lobby_update", "tables": [table.info()], "gone": []})
    print(f"{tables} public tables, {subscribers} subscribers; median of {repeat} runs")
    print(f"  first {subscribers} subscriptions (cold caches): {first:9.2f} ms")
    print(f"  a change, pushed as lobby_update:   {timed(change, repeat):9.3f} ms")
    print(f"  a change, pushed the old way:       {timed(old_way, max(1, repeat // 10)):9.1f} ms")
    print(f"  a subscription after a change:      {timed(subscribe_after_change, repeat):9.3f} ms")
    print(f"  a subscription, nothing changed:    {timed(subscribe_again, repeat):9.3f} ms")
    print(f"  snapshot {len(snap.encode()) / 1e6:.2f} MB, update about "
          f"{len(update.encode()) / 1e3:.1f} kB")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--subscribers", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=50)
    a = ap.parse_args()
    asyncio.run(main(a.tables, a.subscribers, a.repeat))
