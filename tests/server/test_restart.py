"""Kill -9 of a `kozyr serve` process in the middle of a match, restart, finish the match."""

from __future__ import annotations

import random
import signal
from pathlib import Path
from typing import Any

import httpx

from kozyr.records import replay_record

from .conftest import free_port
from .helpers import SEATS, Client, play_until, seat_clients, start_server, stop_server


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
