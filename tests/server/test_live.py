"""Whole games between websocket clients against uvicorn on a loopback port.

Every message each seat and a spectator receive is audited against what it may see;
a player drops out in the middle of a deal, reconnects and resyncs.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest

from kozyr.records import replay_record

from .audit import allowed_by_step, audit
from .conftest import live_server
from .helpers import GAME_SPEC, SEATS, Client, play_until, seat_clients


async def fetch(base: str, path: str) -> Any:
    async with httpx.AsyncClient(base_url=base.replace("ws://", "http://")) as http:
        r = await http.get(path)
        r.raise_for_status()
        return r.json()


async def test_whole_games_leak_no_hidden_card(db_url: str) -> None:
    async with live_server(db_url) as (base, _app):
        for game_no in range(2):
            clients, table = await seat_clients(base, SEATS)
            spectator = await Client.connect(base)
            await spectator.send({"type": "watch", "table": table})
            await spectator.expect("table")
            over = await play_until(clients, table, random.Random(game_no))
            assert over is not None
            await spectator.expect("over")
            record = await fetch(base, over["record"])
            assert replay_record(record).match.totals == over["totals"]
            allowed = allowed_by_step(record)
            for seat, c in clients.items():
                mine = allowed[-1][seat]
                assert audit(c.log, seat, allowed) > 0
                # the audit can fail: nobody may know every card of another seat's hand
                other = set(record["deals"][0]["hands"][(seat + 1) % SEATS].split())
                assert not other <= allowed[1][seat] or not other
                assert mine
            assert audit(spectator.log, None, allowed) > 0
            for c in [*clients.values(), spectator]:
                await c.close()


def test_the_audit_catches_a_leak() -> None:
    record = {"format": 1, "game": "thousand", "rules": "classic", "players": ["a", "b", "c"],
              "first_dealer": 0, "seed": 3,
              "deals": [{"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
                                   "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C",
                         "actions": ["pass"]}]} if GAME_SPEC["game"] == "thousand" else None
    if record is None:
        return
    allowed = allowed_by_step(record)
    assert audit([{"type": "state", "state": 1, "obs": {"hand": "AS TS KS"}}], 0, allowed)
    with pytest.raises(AssertionError, match="saw"):  # another seat's card
        audit([{"type": "state", "state": 1, "obs": {"x": "AH"}}], 0, allowed)
    with pytest.raises(AssertionError, match="saw"):  # the talon during the auction
        audit([{"type": "state", "state": 2, "obs": {"talon": "QC JC 9C"}}], 0, allowed)
    with pytest.raises(AssertionError, match="saw"):  # a spectator sees no hand
        audit([{"type": "table", "state": 1, "obs": {"hand": "AS"}}], None, allowed)


async def test_reconnect_in_the_middle_of_a_deal(db_url: str) -> None:
    async with live_server(db_url) as (base, _app):
        clients, table = await seat_clients(base, SEATS)
        rng = random.Random(5)

        def mid_deal(seat: int, msg: dict[str, Any]) -> bool:
            obs = msg.get("obs")
            return (seat == 0 and msg["type"] == "state" and obs is not None
                    and msg["to_act"] not in (0, None) and msg["state"] >= 6)

        assert await play_until(clients, table, rng, stop=mid_deal) is None
        gone = clients[0]
        seen = max(m.get("version", 0) for m in gone.log)
        last_state = max(m.get("state", 0) for m in gone.log)
        await gone.close()
        # the others play on and chat while seat 0 is away
        await clients[1].send({"type": "chat", "table": table, "text": "where did 0 go?"})
        back = await Client.connect(base, gone.token)
        assert back.user == gone.user
        await back.send({"type": "resync", "table": table, "version": seen})
        # the chat line is relayed once stored: before the snapshot (missed, replayed by the
        # resync) or just after it (live); either way seat 0 gets it, after what it had seen
        got: list[dict[str, Any]] = []
        while not {"chat", "table"} <= {m["type"] for m in got}:
            got.append(await back.recv())
        missed = next(m for m in got if m["type"] == "chat")
        assert missed["line"]["text"] == "where did 0 go?" and missed["version"] > seen
        snap = next(m for m in got if m["type"] == "table")
        assert snap["seat"] == 0 and snap["state"] >= last_state
        assert snap["obs"]["hand"]
        assert snap["table"]["seats"][0]["connected"]
        clients[0] = back
        # answer the snapshot if it is seat 0's turn, then play on to the end
        if snap["legal"]:
            await back.send({"type": "intent", "table": table, "state": snap["state"],
                             "action": snap["legal"][0]})
        over = await play_until(clients, table, rng)
        assert over is not None and len(over["totals"]) == SEATS
        for c in clients.values():
            await c.close()


async def test_disconnected_player_is_replaced_after_the_grace_period(db_url: str) -> None:
    async with live_server(db_url, grace=0.2) as (base, _app):
        clients, table = await seat_clients(base, SEATS)
        gone = clients.pop(0)
        await gone.close()
        # seat 0 becomes auto after the grace period; the others play the match out
        over = await play_until(clients, table, random.Random(2))
        assert over is not None
        autos = [m for c in clients.values() for m in c.log
                 if m["type"] == "table" and m["table"]["seats"][0]["auto"]]
        assert autos
        for c in clients.values():
            await c.close()
        await asyncio.sleep(0)
