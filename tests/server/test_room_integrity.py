"""What the room stores is what counts: live deals from the CSPRNG, failed writes, restarts.

Each test here fails on the room as it was before docs/security.md: deals drawn from a
31-bit seed, actions applied before they were stored, tables dropped when their log did not
replay, matches that never started after a crash during set-up, finished tables restored
without their final position, chat history lost at a restart.
"""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest

from kozyr.server.table import master as master_mod

from .conftest import TestClient
from .helpers import bye, create, fill_with_bots, hello, play_to_end, register, until

CARD_KEYS = ("hands", "talon", "stock")


@pytest.fixture
def room(make: Any) -> Any:
    """Return a function that starts the room on the test's database (again: a restart)."""
    return lambda: make(restart=True)


def _db(db_url: str) -> sqlite3.Connection:
    return sqlite3.connect(db_url.split(":///", 1)[1])


def _table_with_bots(client: TestClient, spec: dict[str, Any], name: str = "ann"
                     ) -> tuple[Any, str]:
    token = register(client, name)
    ws, _ = hello(client, token)
    table = create(ws, spec)["table"]["id"]
    ws.send_json({"type": "join", "table": table, "seat": 0})
    until(ws, "table")
    return ws, table


def _my_turn(ws: Any, table: str) -> dict[str, Any]:
    """Read until seat 0 has something to do; return that view."""
    for _ in range(5000):
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] in ("state", "table") and msg["legal"]:
            return msg
    raise AssertionError("never my turn")


# -- deals ---------------------------------------------------------------------------------
class CountingSource(random.SystemRandom):
    """The CSPRNG, counting its uses."""

    calls = 0

    def random(self) -> float:
        CountingSource.calls += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        CountingSource.calls += 1
        return super().getrandbits(k)


def test_live_deals_come_from_the_csprng_never_from_a_seed(
        room: Any, db_url: str, spec: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    def seeded(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("a live table dealt from a seed")

    for module in ("kozyr.games.thousand.state",):  # the seeded path of the engine
        for fn in ("hashed_deal", "hashed_deck"):
            monkeypatch.setattr(f"{module}.{fn}", seeded)
    monkeypatch.setattr(master_mod, "DECK_SOURCE", CountingSource())
    CountingSource.calls = 0
    client = room()
    ws, table = _table_with_bots(client, spec)
    fill_with_bots(ws, table, 1)
    over = play_to_end(ws, table)
    bye(ws)
    record = client.get(over["record"]).json()
    assert "seed" not in record  # nothing that looks like a key to the deals
    assert record["deals"] and all(any(k in d for k in CARD_KEYS) for d in record["deals"])
    # the first dealer and every deck (23 swaps of a shuffle each) came from the CSPRNG
    assert CountingSource.calls >= 1 + 20 * len(record["deals"])
    with _db(db_url) as db:
        (seed,) = db.execute("select seed from games").fetchone()
        stored = [json.loads(d) for k, d in db.execute(
            "select kind, data from actions order by n") if k == "deal"]
    assert seed == master_mod.LIVE_SEED
    assert stored == [{k: d[k] for k in CARD_KEYS if k in d} for d in record["deals"]]


# -- failed writes -------------------------------------------------------------------------
def _fail_inserts(monkeypatch: pytest.MonkeyPatch, client: TestClient, times: int) -> list[int]:
    """Make the next ``times`` attempts to commit steps fail; return their first steps.

    A failed group commit is tried once more match by match, so a step whose write fails
    costs two attempts.
    """
    storage = client.app.state.storage  # type: ignore[attr-defined]
    real = storage._insert_steps
    failed: list[int] = []

    async def flaky(batch: Any) -> None:
        if len(failed) < times:
            failed.append(batch[0][0]["n"])
            raise sqlite3.OperationalError("database is locked")
        await real(batch)

    monkeypatch.setattr(storage, "_insert_steps", flaky)
    return failed


def test_an_action_that_is_not_stored_does_not_count(
        room: Any, db_url: str, spec: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    client = room()
    ws, table = _table_with_bots(client, spec)
    fill_with_bots(ws, table, 1)
    view = _my_turn(ws, table)
    failed = _fail_inserts(monkeypatch, client, 2)
    ws.send_json({"type": "intent", "table": table, "state": view["state"],
                  "action": view["legal"][0]})
    err = until(ws, "error", "state")
    assert err["type"] == "error" and err["code"] == "not_stored", err
    assert failed == [view["state"]] * 2
    ws.send_json({"type": "resync", "table": table})
    snap = until(ws, "table")
    assert snap["state"] == view["state"] and snap["legal"] == view["legal"]
    assert snap["obs"] == view["obs"]  # nothing of the refused action stayed in memory
    ws.send_json({"type": "intent", "table": table, "state": view["state"],
                  "action": view["legal"][0]})  # the same action again: now it counts
    after = until(ws, "state", "error")
    assert after["type"] == "state" and after["state"] > view["state"]
    bye(ws)
    with _db(db_url) as db:
        ns = [n for (n,) in db.execute("select n from actions order by n")]
    assert ns == list(range(len(ns)))  # no gap, no duplicate


def test_bots_and_deals_whose_writes_fail_are_retried_and_a_restart_replays_every_table(
        room: Any, db_url: str, spec: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    client = room()
    ws, table = _table_with_bots(client, spec)
    failed = _fail_inserts(monkeypatch, client, 6)  # the first deal, then bot moves
    fill_with_bots(ws, table, 1)
    view = _my_turn(ws, table)
    assert len(failed) == 6
    state = view["state"]
    bye(ws)
    client = room()  # restart
    token = register(client, "bea")
    with _db(db_url) as db:
        ns = [n for (n,) in db.execute("select n from actions order by n")]
        (status,) = db.execute("select status from tables where id = ?", (table,)).fetchone()
    assert ns == list(range(state)) and status == "playing"
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    assert lobby.tables[table].stopped is None and lobby.tables[table].step == state
    ws, _ = hello(client, token)
    ws.send_json({"type": "watch", "table": table})
    assert until(ws, "table")["state"] == state
    bye(ws)


def test_a_table_whose_log_does_not_replay_is_stopped_and_kept(
        room: Any, db_url: str, spec: dict[str, Any]) -> None:
    client = room()
    ws, table = _table_with_bots(client, spec)
    fill_with_bots(ws, table, 1)
    _my_turn(ws, table)
    bye(ws)
    room()  # stop
    with _db(db_url) as db:
        db.execute("""update actions set data = '{"hands": ["AS XX"], "talon": ""}'
                      where kind = 'deal'""")
    client = room()
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    stopped = lobby.tables[table]
    assert stopped.stopped and "does not replay" in stopped.stopped
    assert "XX" not in stopped.stopped
    info = client.get(f"/api/tables/{table}").json()["table"]
    assert info["stopped"] == stopped.stopped
    client = room()  # and again: still kept, never closed or deleted
    assert client.app.state.lobby.tables[table].stopped  # type: ignore[attr-defined]
    with _db(db_url) as db:
        (status,) = db.execute("select status from tables where id = ?", (table,)).fetchone()
        (count,) = db.execute("select count(*) from actions").fetchone()
    assert status == "playing" and count > 0


def test_a_crash_while_the_match_is_set_up_restores_a_table_that_starts(
        room: Any, db_url: str, spec: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    client = room()
    ws, table = _table_with_bots(client, spec)
    storage = client.app.state.storage  # type: ignore[attr-defined]

    async def crash(*_a: Any, **_k: Any) -> int:
        raise OSError("the machine went down")

    monkeypatch.setattr(storage, "create_game", crash)  # the last seat filled, then a crash
    fill_with_bots(ws, table, 1)
    assert until(ws, "error")["code"] == "internal"
    bye(ws)
    monkeypatch.undo()
    client = room()
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    assert lobby.tables[table].status == "playing"
    ws, _ = hello(client, client.post("/api/auth/login", json={
        "name": "ann", "password": "secret1"}).json()["token"])
    ws.send_json({"type": "join", "table": table})
    snap = _my_turn(ws, table)
    assert snap["obs"] is not None
    bye(ws)


def test_a_restored_finished_table_shows_its_final_position_and_rates_once(
        room: Any, db_url: str, spec: dict[str, Any]) -> None:
    client = room()
    ws, table = _table_with_bots(client, spec)
    fill_with_bots(ws, table, 1)
    over = play_to_end(ws, table)
    bye(ws)
    client = room()
    ws, _ = hello(client, register(client, "bea"))
    ws.send_json({"type": "watch", "table": table})
    snap = until(ws, "table")
    assert snap["table"]["status"] == "over"
    assert snap["obs"] is not None and snap["obs"]["totals"] == over["totals"]
    bye(ws)
    # a crash after the result was stored but before the table was: one result, one rating
    room()
    with _db(db_url) as db:
        db.execute("update tables set status = 'playing' where id = ?", (table,))
    client = room()
    assert client.app.state.lobby.tables[table].status == "over"  # type: ignore[attr-defined]
    prof = client.get("/api/profiles/ann").json()
    assert prof["reputation"]["finished"] == 1 and prof["ratings"][0]["played"] == 1


def test_chat_history_survives_a_restart(room: Any, spec: dict[str, Any]) -> None:
    client = room()
    ws, table = _table_with_bots(client, spec)
    ws.send_json({"type": "chat", "table": table, "text": "good luck"})
    assert until(ws, "chat")["line"]["text"] == "good luck"
    bye(ws)
    client = room()
    ws, _ = hello(client, register(client, "bea"))
    ws.send_json({"type": "watch", "table": table})
    assert [line["text"] for line in until(ws, "table")["chat"]] == ["good luck"]
    bye(ws)


async def test_one_matchs_bad_step_does_not_fail_another_matchs_batch(db_url: str) -> None:
    import asyncio

    from kozyr.server.storage import Storage

    storage = Storage(db_url)
    await storage.open()
    try:
        ids = [await storage.create_game(
            {"table_id": f"t{i}", "game": "thousand", "preset": "classic", "rules": "classic",
             "seed": 0, "first_dealer": 0, "players": ["a", "b", "c"], "status": "playing",
             "started": 0.0}, [(0, None, "bot:easy")]) for i in range(2)]
        await storage.append_step(ids[0], 0, "act", "pass")
        results = await asyncio.gather(storage.append_step(ids[0], 0, "act", "again"),
                                       storage.append_step(ids[1], 0, "act", "pass"),
                                       return_exceptions=True)
        assert isinstance(results[0], Exception) and results[1] is None
        assert await storage.steps(ids[1]) == [("act", "pass")]
        assert await storage.steps(ids[0]) == [("act", "pass")]
    finally:
        await storage.close()



def test_after_a_restart_the_tables_versions_run_above_the_old_ones(room: Any,
                                                                     spec: dict[str, Any]
                                                                     ) -> None:
    """A player who held version V before a restart resyncs with V: the restored table's
    snapshot and states carry higher versions, so a client that drops older events (the web
    client) takes them (before, the count started again at 0 and the page froze)."""
    client = room()
    token = register(client, "ann")
    ws, _ = hello(client, token)
    table = create(ws, spec)["table"]["id"]
    ws.send_json({"type": "join", "table": table, "seat": 0})
    until(ws, "table")
    fill_with_bots(ws, table, 1)
    held = _my_turn(ws, table)["version"]
    bye(ws)
    client = room()
    ws, _ = hello(client, token)
    ws.send_json({"type": "resync", "table": table, "version": held})
    snap = until(ws, "table")
    assert snap["seat"] == 0 and snap["version"] > held
    ws.send_json({"type": "intent", "table": table, "state": snap["state"],
                  "action": snap["legal"][0]})
    assert until(ws, "state")["version"] > snap["version"]
    bye(ws)
