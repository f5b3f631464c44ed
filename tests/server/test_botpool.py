"""The bot pool's worker processes die with the server: shut down, killed, even ``kill -9``.

Processes are found through ``/proc`` (Linux); elsewhere these tests are skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from kozyr.games import new_match
from kozyr.server.botpool import BotPool

from .conftest import free_port
from .helpers import GAME_SPEC, SEATS

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="processes are inspected through /proc (Linux)")
ROOT = Path(__file__).resolve().parents[2]

#: A small "server": a bot pool that thinks once, prints its workers' pids, then waits.
POOL_SCRIPT = """
import asyncio, sys, time
from kozyr.games import new_match
from kozyr.server.botpool import BotPool

async def main():
    pool = BotPool(2)
    m = new_match("thousand", "classic", seed=3)
    m.deal()
    seat = m.current_player()
    await asyncio.gather(*(pool.choose(m, seat, "easy", s) for s in range(4)))
    print(" ".join(map(str, pool.pids())), flush=True)
    time.sleep(600)

asyncio.run(main())
"""


def state(pid: int) -> str | None:
    """Return the state letter of a process (R, S, Z...), or None if it does not exist."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[0]


def alive(pid: int) -> bool:
    """Return True if ``pid`` runs (a zombie, dead but not yet reaped, does not count)."""
    return state(pid) not in (None, "Z")


def workers_of(parent: int) -> list[int]:
    """Return the pool workers (multiprocessing's spawned children) of ``parent``."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (d / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent and b"spawn_main" in cmdline:
            out.append(int(d.name))
    return sorted(out)


def wait_gone(pids: list[int], timeout: float = 10.0) -> list[int]:
    """Poll until every pid has exited (or ``timeout`` passed); return those still alive."""
    deadline = time.monotonic() + timeout
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def kill_leftovers(pids: list[int]) -> None:
    """Kill processes this test started that are still running (so a failure leaks none)."""
    for p in pids:
        if alive(p):
            with contextlib.suppress(OSError):
                os.kill(p, signal.SIGKILL)


def test_workers_exit_when_the_server_process_is_killed() -> None:
    proc = subprocess.Popen([sys.executable, "-c", POOL_SCRIPT], stdout=subprocess.PIPE,
                            text=True, cwd=ROOT)
    pids: list[int] = []
    try:
        assert proc.stdout is not None
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert len(pids) == 2 and all(alive(p) for p in pids)
        assert workers_of(proc.pid) == pids
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert wait_gone(pids) == [], "bot workers outlived their killed server"
    finally:
        proc.kill()
        proc.wait(10)
        proc.stdout.close()  # type: ignore[union-attr]
        kill_leftovers(pids)


def test_the_portable_parent_watch_exits_an_orphan() -> None:
    """Without prctl: the worker's watch thread sees its parent change and exits."""
    # the child says when its watch starts: killed before that (a slow import on a loaded
    # machine), the parent it would watch is already the reaper
    child = ("from kozyr.server.botpool import _watch_parent; import os; "
             "parent = os.getppid(); print('watching', flush=True); "
             "_watch_parent(parent, 0.02)")
    middle = ("import subprocess, sys; "
              f"p = subprocess.Popen([sys.executable, '-c', {child!r}]); "
              "print(p.pid, flush=True); p.wait()")
    proc = subprocess.Popen([sys.executable, "-c", middle], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT)
    pid = 0
    try:
        assert proc.stdout is not None
        pid = int(proc.stdout.readline())
        assert proc.stdout.readline().strip() == "watching"
        time.sleep(0.3)
        assert alive(pid), "the watch must not fire while the parent lives"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert wait_gone([pid], 5.0) == []
    finally:
        proc.kill()
        proc.wait(10)
        proc.stdout.close()  # type: ignore[union-attr]
        kill_leftovers([pid] if pid else [])


def test_close_stops_the_workers() -> None:
    pool = BotPool(1)
    m = new_match("thousand", "classic", seed=5)
    m.deal()
    seat = m.current_player()
    assert seat is not None
    text = asyncio.run(pool.choose(m, seat, "easy", 1))
    assert text in m.legal_texts()
    pids = pool.pids()
    assert len(pids) == 1 and alive(pids[0])
    pool.close()
    assert pool.pids() == []
    assert wait_gone(pids, 5.0) == []


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Start a real ``kozyr serve`` (one bot worker, unpaced bots); yield it with its port."""
    port = free_port()
    env = dict(os.environ, KOZYR_BOT_DELAY="0", KOZYR_BOT_WORKERS="1")
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "kozyr.cli", "serve", "--port", str(port), "--db",
         f"sqlite+aiosqlite:///{tmp_path}/x.db"], stdout=log, stderr=subprocess.STDOUT,
        env=env, cwd=ROOT)
    proc.port = port  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=1):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                log.close()
                pytest.fail(f"kozyr serve did not start:\n{(tmp_path / 'serve.log').read_text()}")
            time.sleep(0.1)
    try:
        yield proc
    finally:
        proc.kill()
        proc.wait(10)
        log.close()


def start_bot_match(port: int) -> None:
    """Create a table and fill every seat with a bot, so the bots think in the pool."""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{port}/ws", compression=None) as ws:
        def until(kind: str) -> dict[str, object]:
            while True:
                msg = json.loads(ws.recv(timeout=20))
                assert msg["type"] != "error", msg
                if msg["type"] == kind:
                    return msg  # type: ignore[no-any-return]

        ws.send(json.dumps({"type": "hello", "v": 1}))
        until("welcome")
        ws.send(json.dumps({"type": "create", "spec": GAME_SPEC}))
        table = until("created")["table"]["id"]  # type: ignore[index]
        ws.send(json.dumps({"type": "watch", "table": table}))
        until("table")
        for seat in range(SEATS):
            ws.send(json.dumps({"type": "add_bot", "table": table, "seat": seat,
                                "level": "easy"}))
        until("state")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "term"])
def test_kozyr_serve_takes_its_bot_workers_with_it(serve: subprocess.Popen[bytes],
                                                  how: signal.Signals) -> None:
    start_bot_match(serve.port)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 20
    while not (pids := workers_of(serve.pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(pids) == 1, "the bots did not think in a worker process"
    try:
        serve.send_signal(how)
        serve.wait(15)
        if how == signal.SIGTERM:  # uvicorn shuts down, then re-raises the signal it caught
            assert serve.returncode in (0, -signal.SIGTERM)
        assert wait_gone(pids) == [], "bot workers outlived kozyr serve"
    finally:
        kill_leftovers(pids)
