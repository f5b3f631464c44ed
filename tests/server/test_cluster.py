"""Two ``kozyr serve`` processes on one PostgreSQL and one Redis serving one room (issue 19).

Real services, real processes: a player on each process at the same table, the lobby and its
counts and the chat seen from both, a whole match; then ``kill -9`` of the hosting process in
the middle of a deal, the other process takes the table over from the database and the match
finishes with every action in the record.  Skipped, saying how to run them, where PostgreSQL
or Redis is not reachable (tests/server/services.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest

from kozyr.records import replay_record

from .conftest import free_port
from .helpers import GAME_SPEC, Client, play_until
from .services import PG_HOW, REDIS_HOW, pg_database, pg_up, redis_prefix, redis_up

#: the tests that run real processes on the real services
services = pytest.mark.skipif(not (pg_up() and redis_up()),
                              reason=PG_HOW if not pg_up() else REDIS_HOW)
#: seconds a dead process's leases last: the takeover waits about this long
LEASE = 1.5


async def start(db: str, prefix: str, tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``kozyr serve --db db --redis ...`` on a free port; return it and its ws URL."""
    from .services import REDIS_URL

    port = free_port()
    env = dict(os.environ, KOZYR_BOT_DELAY="0", KOZYR_GRACE="60", KOZYR_BOT_WORKERS="1",
               KOZYR_LEASE_TTL=str(LEASE), KOZYR_REDIS_PREFIX=prefix, KOZYR_RATE="1000")
    kozyr = Path(sys.executable).parent / "kozyr"
    with open(tmp / f"serve-{port}.log", "wb") as log:  # the process keeps it open
        proc = subprocess.Popen([str(kozyr), "serve", "--port", str(port), "--db", db,
                                 "--redis", REDIS_URL], cwd=tmp, env=env, stdout=log,
                                stderr=log)
    for _ in range(400):
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            await w.wait_closed()
            return proc, f"ws://127.0.0.1:{port}"
        except OSError:
            if proc.poll() is not None:
                break
            await asyncio.sleep(0.05)
    proc.kill()
    raise AssertionError("kozyr serve did not start: "
                         + (tmp / f"serve-{port}.log").read_text(errors="replace")[-2000:])


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server (terminate, then kill)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.asynccontextmanager
async def two_processes(tmp: Path) -> AsyncIterator[tuple[list[subprocess.Popen[bytes]],
                                                          list[str], str, str]]:
    """Yield ([process A, process B], [their ws URLs], the database URL, the Redis prefix)."""
    prefix = redis_prefix()
    async with pg_database() as db:
        a, url_a = await start(db, prefix, tmp)
        procs = [a]
        try:
            b, url_b = await start(db, prefix, tmp)
            procs.append(b)
            yield procs, [url_a, url_b], db, prefix
        finally:
            for p in procs:
                stop(p)
            await _drop_keys(prefix)


async def _drop_keys(prefix: str) -> None:
    import redis.asyncio as aioredis

    from .services import REDIS_URL

    r = aioredis.Redis.from_url(REDIS_URL)
    keys = [k async for k in r.scan_iter(match=prefix + "*")]
    if keys:
        await r.delete(*keys)
    await r.aclose()


async def until(c: Client, pred: Any, timeout: float = 20.0) -> dict[str, Any]:
    """Read ``c``'s messages until ``pred(msg)``; return that message."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        msg = await c.recv(max(0.1, end - loop.time()))
        if pred(msg):
            return msg


async def table_at_two_processes(urls: list[str]) -> tuple[dict[int, Client], str]:
    """A player on each process at one table (created on the first), a bot in the third
    seat: return the players by seat and the table id (the match has started); B's player
    asked for patches."""
    a = await Client.connect(urls[0])
    # B's player takes his states as patches, made on A for a client of another process
    b = await Client.connect(urls[1], patches=True)
    await a.send({"type": "create", "spec": GAME_SPEC})
    table = (await a.expect("created"))["table"]["id"]
    await a.send({"type": "join", "table": table, "seat": 0})
    await a.expect("table")
    await b.send({"type": "join", "table": table, "seat": 1})  # on B, hosted by A
    mine = await b.expect("table", "error")
    assert mine["type"] == "table" and mine["seat"] == 1, mine
    await b.send({"type": "add_bot", "table": table, "seat": 2, "level": "easy"})
    return {0: a, 1: b}, table


async def stored_steps(db: str, public_id: str) -> list[tuple[str, str]]:
    """Return a match's stored steps, straight from PostgreSQL."""
    conn = await asyncpg.connect(db.replace("postgresql+asyncpg", "postgresql"))
    try:
        rows = await conn.fetch("select kind, data from actions join games on games.id = "
                                "actions.game_id where games.public_id = $1 order by n",
                                public_id)
    finally:
        await conn.close()
    return [(r["kind"], r["data"]) for r in rows]


@services
async def test_two_processes_share_the_lobby_counts_chat_and_a_match(tmp_path: Path) -> None:
    async with two_processes(tmp_path) as (_procs, urls, db, _prefix):
        watcher_a = await Client.connect(urls[0])
        watcher_b = await Client.connect(urls[1])
        for w in (watcher_a, watcher_b):
            await w.send({"type": "lobby"})
            await w.expect("lobby")
        players, table = await table_at_two_processes(urls)
        # both processes' lobbies: four users online (two watchers, two players), two
        # playing, and the table (hosted by A) listed as playing
        for w in (watcher_a, watcher_b):
            await until(w, lambda m: m.get("online") == 4 and m.get("playing") == 2)
            await w.send({"type": "lobby"})
            snap = await w.expect("lobby")
            listed = {t["id"]: t for s in snap["salons"] for t in s["tables"]}
            assert listed[table]["status"] == "playing"
            assert [s["name"] for s in listed[table]["seats"]] == [
                players[0].user["name"], players[1].user["name"], "bot:easy"]
        # chat from B reaches A's player, and A's reaches B's
        await players[1].send({"type": "chat", "table": table, "text": "hello from B"})
        await players[0].send({"type": "chat", "table": table, "text": "hello from A"})
        for c in players.values():
            got = set()
            while len(got) < 2:
                msg = await c.expect("chat")
                got.add((msg["line"]["from"], msg["line"]["text"]))
            assert got == {(players[1].user["name"], "hello from B"),
                           (players[0].user["name"], "hello from A")}
        for c in players.values():  # the views read past while waiting for the chat
            await c.send({"type": "resync", "table": table})
        over = await play_until(players, table, random.Random(19), timeout=30)
        assert over is not None
        async with httpx.AsyncClient(base_url=urls[1].replace("ws://", "http://")) as http:
            record = (await http.get(over["record"])).json()
        assert replay_record(record).match.totals == over["totals"]
        steps = await stored_steps(db, over["game_id"])
        assert len(steps) == max(m.get("state", 0) for m in players[1].log)
        # B's lobby saw the match end too: nobody playing any more
        await until(watcher_b, lambda m: m.get("playing") == 0)
        for c in (*players.values(), watcher_a, watcher_b):
            await c.close()


@services
async def test_kill_9_of_the_hosting_process_the_other_takes_the_table_over(
        tmp_path: Path) -> None:
    async with two_processes(tmp_path) as (procs, urls, db, _prefix):
        players, table = await table_at_two_processes(urls)
        rng = random.Random(91)

        def deep_enough(seat: int, msg: dict[str, Any]) -> bool:
            # in the middle of a deal: past the auction, cards being played
            return msg["type"] == "state" and msg["state"] >= 12

        assert await play_until(players, table, rng, stop=deep_enough) is None
        seen = max(m.get("state", 0) for c in players.values() for m in c.log)
        procs[0].send_signal(signal.SIGKILL)  # the host of the table
        procs[0].wait(10)
        await players[0].ws.close()
        loop = asyncio.get_running_loop()
        killed = loop.time()
        # A's player comes back through B; B takes the table over from PostgreSQL
        back = await Client.connect(urls[1], players[0].token)
        assert back.user == players[0].user
        await back.send({"type": "resync", "table": table})
        snap = await back.expect("table", timeout=LEASE * 6)
        took = loop.time() - killed
        assert snap["seat"] == 0 and snap["table"]["status"] == "playing"
        assert snap["state"] >= seen  # every step broadcast before the kill was stored
        # B's own player is put back at the moved table without asking
        again = await until(players[1], lambda m: m["type"] == "table"
                            and m["table"]["status"] == "playing", timeout=LEASE * 6)
        assert again["seat"] == 1 and again["state"] >= seen
        clients = {0: back, 1: players[1]}
        actor = next((s for s, m in ((0, snap), (1, again)) if m["legal"]), None)
        if actor is not None:
            m = snap if actor == 0 else again
            await clients[actor].send({"type": "intent", "table": table, "state": m["state"],
                                       "action": m["legal"][0]})
        over = await play_until(clients, table, rng, timeout=30)
        assert over is not None
        async with httpx.AsyncClient(base_url=urls[1].replace("ws://", "http://")) as http:
            record = (await http.get(over["record"])).json()
        assert replay_record(record).match.totals == over["totals"]
        steps = await stored_steps(db, over["game_id"])
        # the record holds every stored step: those before the kill and those after
        assert len(steps) >= seen
        assert len(steps) == max(m.get("state", 0) for m in players[1].log)
        assert took < LEASE * 6
        # both leave: the table closes, and B's lobby does not list it (not even as A had it)
        for c in clients.values():
            await c.send({"type": "leave", "table": table})
            await c.expect("left")
        watcher = await Client.connect(urls[1])
        await watcher.send({"type": "lobby"})
        snap = await watcher.expect("lobby")
        assert table not in {t["id"] for s in snap["salons"] for t in s["tables"]}
        for c in (*clients.values(), watcher):
            await c.close()



def test_serve_takes_the_stores_from_flags_or_environment(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from kozyr.server.main import main

    monkeypatch.setenv("KOZYR_REDIS", "cache.internal:6379")
    assert main(port=free_port()) == 2  # the variable is read, and refused: not a URL
    assert "expected redis://HOST[:PORT][/DB]" in capsys.readouterr().err
    monkeypatch.setenv("KOZYR_REDIS", "redis://cache.internal:6379/0")
    assert main(port=free_port(), redis="bogus") == 2  # the flag wins over the variable
    assert "--redis 'bogus'" in capsys.readouterr().err
    monkeypatch.setenv("KOZYR_LEASE_TTL", "0.1")
    assert main(port=free_port()) == 2
    assert "KOZYR_LEASE_TTL='0.1': expected at least 0.5" in capsys.readouterr().err


@services
async def test_kill_9_of_a_players_process_frees_his_seat_for_the_grace_period(
        tmp_path: Path) -> None:
    async with two_processes(tmp_path) as (procs, urls, _db, _prefix):
        players, _table = await table_at_two_processes(urls)
        await until(players[0], lambda m: m["type"] == "table"
                    and m["table"]["status"] == "playing")
        procs[1].send_signal(signal.SIGKILL)  # B: not the host, but B's player's process
        procs[1].wait(10)
        # A finds B's heartbeat gone and counts B's player away (his grace period starts)
        away = await until(players[0], lambda m: m["type"] == "table"
                           and not m["table"]["seats"][1]["connected"], timeout=LEASE * 6)
        assert away["table"]["seats"][0]["connected"]
        await players[0].close()
