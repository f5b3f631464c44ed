"""Kill -9 of a `kozyr serve` process in the middle of a match, restart, finish the match."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from kozyr.records import replay_record

from .conftest import free_port
from .helpers import SEATS, Client, play_until, seat_clients


async def start_server(db: str, port: int, tmp: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, KOZYR_BOT_DELAY="0", KOZYR_GRACE="60", KOZYR_BOT_WORKERS="1")
    kozyr = Path(sys.executable).parent / "kozyr"
    proc = subprocess.Popen([str(kozyr), "serve", "--port", str(port), "--db", db],
                            cwd=tmp, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            await w.wait_closed()
            return proc
        except OSError:
            await asyncio.sleep(0.05)
    proc.kill()
    raise AssertionError("kozyr serve did not start")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server started by :func:`start_server` (terminate, then kill)."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


async def test_kill_9_in_the_middle_of_a_match_then_restart_and_finish(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path}/room.db"
    port = free_port()
    base = f"ws://127.0.0.1:{port}"
    proc = await start_server(db, port, tmp_path)
    try:
        clients, table = await seat_clients(base, SEATS)
        rng = random.Random(9)

        def deep_enough(seat: int, msg: dict[str, Any]) -> bool:
            return msg["type"] == "state" and msg["state"] >= 12

        assert await play_until(clients, table, rng, stop=deep_enough) is None
        seen = max(m.get("state", 0) for c in clients.values() for m in c.log)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for c in clients.values():
            await c.ws.close()

        proc = await start_server(db, port, tmp_path)
        back = {i: await Client.connect(base, c.token) for i, c in clients.items()}
        for i, c in back.items():
            assert c.user == clients[i].user
            await c.send({"type": "resync", "table": table})
        snaps = {i: await c.expect("table") for i, c in back.items()}
        # everything broadcast before the kill had been written: nothing is lost
        assert all(s["state"] >= seen and s["seat"] == i for i, s in snaps.items())
        assert snaps[0]["table"]["status"] == "playing"
        actor = next(i for i, s in snaps.items() if s["legal"])
        await back[actor].send({"type": "intent", "table": table,
                                "state": snaps[actor]["state"],
                                "action": snaps[actor]["legal"][0]})
        over = await play_until(back, table, rng)
        assert over is not None
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            record = (await http.get(over["record"])).json()
        assert replay_record(record).match.totals == over["totals"]
        for c in back.values():
            await c.close()
    finally:
        stop_server(proc)
