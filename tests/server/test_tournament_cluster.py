"""A tournament in a room of two ``kozyr serve`` processes on one PostgreSQL and one Redis:
players on both processes play it; ``kill -9`` of the first process (the one that directs
it) in the middle of a round, and the other takes over the direction and the tables; the
tournament finishes with every match whole.  Skipped without the services."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from kozyr.records import replay_record

from .helpers import THOUSAND, Client
from .test_cluster import services, two_processes
from .test_tournaments import spec
from .tournament_players import play_tournament, register_for, register_users

pytestmark = [services, pytest.mark.skipif(not THOUSAND, reason="plays Thousand")]


async def test_a_tournament_survives_the_death_of_its_directing_process(
        tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("KOZYR_TOURNAMENT_POLL", "0.1")
    async with two_processes(tmp_path) as (procs, urls, _db, _prefix):
        names = ["ann", "bob", "cid", "dan"]
        tokens = await register_users(urls[0], names)
        owner = await Client.connect(urls[1], tokens["ann"])  # created on the second one
        await owner.send({"type": "tournament_create", "spec": spec(
            capacity=4, players=2, kind="swiss", rounds=2, deals=2)})
        tid = (await owner.expect("tournament_created"))["tournament"]["id"]
        await register_for(urls, tokens, tid, names)
        await owner.close()
        deadline = time.monotonic() + 240
        tables: dict[str, list[str]] = {n: [] for n in names}
        # ann and cid on the first process, bob and dan on the second
        players = [asyncio.create_task(play_tournament(
            [urls[i % 2], urls[1 - i % 2]], tokens[n], tid, random.Random(i), deadline,
            tables[n])) for i, n in enumerate(names)]
        while not all(tables.values()):
            assert time.monotonic() < deadline
            await asyncio.sleep(0.02)
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait(10)
        views = await asyncio.gather(*players)
        t = views[0]
        assert t["status"] == "finished" and [len(r["tables"]) for r in t["rounds"]] == [2, 2]
        async with httpx.AsyncClient(base_url=urls[1].replace("ws://", "http://")) as http:
            for r in t["rounds"]:
                for x in r["tables"]:
                    record = (await http.get(f"/api/games/{x['game_id']}/record")).json()
                    assert replay_record(record).match.totals == x["result"]["totals"]
