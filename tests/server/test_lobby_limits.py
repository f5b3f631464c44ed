"""The lobby under floods: one encoding per change, pushes of only what changed, a cap on the
open tables of a user, and empty tables that close by themselves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from kozyr.server import protocol
from kozyr.server.app import create_app
from kozyr.server.conn import Conn
from kozyr.server.lobby import Lobby, parse_spec
from kozyr.server.protocol import ProtocolError
from kozyr.server.storage import Storage, User
from kozyr.server.table import Seat, TableMaster

from .conftest import TestClient
from .conftest import settings as fast_settings
from .helpers import GAME_SPEC, bye, create, hello, register, until


def apply_update(data: dict[str, Any], m: dict[str, Any]) -> None:
    """Apply a ``lobby_update`` to a ``lobby`` snapshot as the web client does (lobby.js)."""
    fresh = {t["id"]: t for t in m["tables"]}
    gone = set(m["gone"])
    for s in data["salons"]:
        s["tables"] = [fresh.pop(t["id"], t) for t in s["tables"] if t["id"] not in gone]
    for t in fresh.values():
        salon = next(s for s in data["salons"]
                     if (s["game"], s["preset"]) == (t["game"], t["preset"]))
        salon["tables"].append(t)
    playing = {(c["game"], c["preset"]): c["playing"] for c in m["salons"]}
    for s in data["salons"]:
        s["playing"] = playing.get((s["game"], s["preset"]), s["playing"])
    data["online"], data["playing"] = m["online"], m["playing"]


@contextlib.contextmanager
def sockets(client: TestClient) -> Iterator[Any]:
    """Yield ``open(token=None) -> (ws, welcome)``; every socket opened is closed at the end,
    so a failing assertion fails the test instead of hanging the TestClient."""
    opened: list[Any] = []

    def open_(token: str | None = None) -> tuple[Any, dict[str, Any]]:
        ws, welcome = hello(client, token)
        opened.append(ws)
        return ws, welcome

    try:
        yield open_
    finally:
        for ws in opened:
            with contextlib.suppress(Exception):
                bye(ws)


def drain(ws: Any, fence: Any) -> list[dict[str, Any]]:
    """Return what ``ws`` receives until the answer to a ping (a bounded read)."""
    ws.send_json({"type": "ping", "id": fence})
    out = []
    while (m := ws.receive_json())["type"] != "pong" or m.get("re") != fence:
        out.append(m)
    return out


async def wait_for(check: Any, timeout: float = 10.0) -> None:
    """Poll ``check()`` until it is true (bounded: fail after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


# -- one encoding per change, and only the change ---------------------------------------------
async def test_a_table_change_costs_one_encoding_and_sends_only_that_table(
        monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    lobby = Lobby(Storage(db_url), fast_settings(lobby_interval=0.01))
    game, rules, players, *_ = parse_spec(GAME_SPEC)
    for i in range(1000):
        t = TableMaster(lobby, f"t{i:04d}", game, rules, players, owner=f"u{i}",
                        created=float(i))
        lobby.tables[t.id] = t
    conns = [Conn(None, lobby) for _ in range(200)]
    for c in conns:
        lobby.subscribe(c)
    snapshots = [c.queue.get_nowait() for c in conns]
    assert snapshots[0] is not None
    assert all(s is snapshots[0] for s in snapshots), "one snapshot text for all"
    snap = json.loads(snapshots[0])
    assert snap["type"] == "lobby" and sum(len(s["tables"]) for s in snap["salons"]) == 1000

    calls: Counter[str] = Counter()
    real_dumps, real_info = json.dumps, TableMaster.info
    real_orjson = protocol.orjson

    def dumps(*a: Any, **kw: Any) -> str:
        calls["encode"] += 1
        return real_dumps(*a, **kw)

    class CountingOrjson:  # protocol.encode's fast path, counted as an encoding too
        JSONEncodeError = real_orjson.JSONEncodeError

        @staticmethod
        def dumps(obj: Any) -> bytes:
            calls["encode"] += 1
            return real_orjson.dumps(obj)

    def info(self: TableMaster) -> dict[str, Any]:
        calls["info"] += 1
        return real_info(self)

    monkeypatch.setattr(json, "dumps", dumps)
    monkeypatch.setattr(protocol, "orjson", CountingOrjson)
    monkeypatch.setattr(TableMaster, "info", info)

    table = lobby.tables["t0500"]
    table.seats[0] = Seat("human", "ann", 1)
    table.broadcast_snapshot()  # what the master does when the seats change
    await wait_for(lambda: all(not c.queue.empty() for c in conns))
    assert calls == {"encode": 1, "info": 1}, "one TableInfo, one encoding for 200 sockets"
    texts = [c.queue.get_nowait() for c in conns]
    assert texts[0] is not None and all(t is texts[0] for t in texts)
    update = json.loads(texts[0])
    assert update["type"] == "lobby_update"
    assert [t["id"] for t in update["tables"]] == ["t0500"] and update["gone"] == []
    assert update["tables"][0]["seats"][0]["name"] == "ann"
    assert len(texts[0]) * 100 < len(snapshots[0])

    calls.clear()
    lobby.remove(lobby.tables["t0001"])  # a closed table: only its id goes
    await wait_for(lambda: all(not c.queue.empty() for c in conns))
    assert calls == {"encode": 1}
    update = json.loads(conns[7].queue.get_nowait() or "")
    assert update["tables"] == [] and update["gone"] == ["t0001"]

    calls.clear()
    lobby.subscribe(Conn(None, lobby))  # a new subscriber: only the changed line is redone
    assert calls["info"] == 0  # t0500's TableInfo is the one the update carried
    assert calls["encode"] == 1 + len(snap["salons"])  # its line, and each salon's head
    await lobby.close()


def test_updates_applied_to_the_snapshot_give_the_lobby(client: TestClient,
                                                         spec: dict[str, Any]) -> None:
    with sockets(client) as open_:
        updates_give_the_lobby(client, spec, open_)


def updates_give_the_lobby(client: TestClient, spec: dict[str, Any], open_: Any) -> None:
    sub, _ = open_()
    sub.send_json({"type": "lobby"})
    data = until(sub, "lobby")
    seen: list[dict[str, Any]] = []
    a, _ = open_()
    b, _ = open_()
    t1 = create(a, spec)["table"]["id"]
    t2 = create(a, spec)["table"]["id"]
    secret = create(a, spec, private=True)["table"]["id"]
    a.send_json({"type": "join", "table": t1})
    until(a, "table")
    b.send_json({"type": "watch", "table": t2})  # the spectators count changes
    until(b, "table")
    b.send_json({"type": "join", "table": t1})
    until(b, "table")
    a.send_json({"type": "leave", "table": t1})
    until(a, "left")
    b.send_json({"type": "leave", "table": t1})  # the last human: t1 closes
    until(b, "left")

    def expected() -> dict[str, Any]:
        return dict(client.get("/api/lobby").json())

    for i in range(200):
        for m in drain(sub, i):
            seen.append(m)
            if m["type"] == "lobby_update":
                apply_update(data, m)
            elif m["type"] == "counts":
                data.update(online=m["online"], playing=m["playing"])
        if {k: v for k, v in data.items() if k != "type"} == expected():
            break
        time.sleep(0.02)
    assert {k: v for k, v in data.items() if k != "type"} == expected()
    updates = [m for m in seen if m["type"] == "lobby_update"]
    assert updates and all(m["type"] != "lobby" for m in seen), "changes, not snapshots"
    assert any(t1 in m["gone"] for m in updates)
    assert secret not in json.dumps(seen), "a private table is never named"


# -- open tables per user ----------------------------------------------------------------------
def test_a_user_may_own_only_so_many_open_tables(db_url: str) -> None:
    spec = dict(GAME_SPEC)
    with TestClient(create_app(db_url, fast_settings(max_tables_per_user=3))) as client, \
            sockets(client) as open_:
        token = register(client, "ann")
        ws, _ = open_(token)
        first = create(ws, spec)["table"]["id"]
        create(ws, spec, private=True)
        headers = {"x-kozyr-session": token}
        assert client.post("/api/tables", json=spec, headers=headers).status_code == 200
        ws.send_json({"type": "create", "spec": spec, "id": "4"})
        err = until(ws, "error", "created")
        assert (err["type"], err["code"], err["re"]) == ("error", "too_many_tables", "4")
        r = client.post("/api/tables", json=spec, headers=headers)
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_tables"
        other, _ = open_()  # the limit is per user
        create(other, spec)
        ws.send_json({"type": "join", "table": first})
        until(ws, "table")
        ws.send_json({"type": "leave", "table": first})  # the table closes: one place frees
        until(ws, "left")
        create(ws, spec)


async def test_simultaneous_creations_respect_the_limit(db_url: str) -> None:
    storage = Storage(db_url)
    await storage.open()
    lobby = Lobby(storage, fast_settings(max_tables_per_user=5))
    ann = User(1, "ann", True)
    results = await asyncio.gather(*(lobby.create_table(ann, dict(GAME_SPEC))
                                     for _ in range(8)), return_exceptions=True)
    made = [r for r in results if isinstance(r, TableMaster)]
    refused = [r for r in results if isinstance(r, ProtocolError)]
    assert len(made) == 5 and len(refused) == 3
    assert {e.code for e in refused} == {"too_many_tables"}
    assert lobby.owned("ann") == 5
    await lobby.close()
    await storage.close()


# -- empty tables expire -----------------------------------------------------------------------
def test_empty_tables_close_after_the_ttl(db_url: str) -> None:
    spec = dict(GAME_SPEC)
    with TestClient(create_app(db_url, fast_settings(empty_table_ttl=0.3))) as client, \
            sockets(client) as open_:
        sub, _ = open_()
        sub.send_json({"type": "lobby"})
        until(sub, "lobby")
        a, _ = open_()
        b, _ = open_()
        nobody = create(a, spec)["table"]["id"]  # created, nobody sits
        b.send_json({"type": "watch", "table": nobody})
        until(b, "table")
        bots = create(a, spec)["table"]["id"]  # only a bot sits
        a.send_json({"type": "add_bot", "table": bots, "seat": 1, "level": "easy"})
        gone_away = create(a, spec)["table"]["id"]  # its player's socket closed
        c, _ = hello(client)
        c.send_json({"type": "join", "table": gone_away})
        until(c, "table")
        bye(c)
        busy = create(a, spec)["table"]["id"]  # a connected player waits there
        a.send_json({"type": "join", "table": busy})
        until(a, "table")
        deadline = time.monotonic() + 15
        while any(client.get(f"/api/tables/{t}").status_code == 200
                  for t in (nobody, bots, gone_away)):
            assert time.monotonic() < deadline, "the empty tables did not close"
            time.sleep(0.05)
        left = [m for m in drain(b, "f") if m["type"] == "left"]
        assert left == [{"type": "left", "table": nobody, "reason": "expired"}]
        time.sleep(0.6)  # two ttls more: the table with a player stays
        assert client.get(f"/api/tables/{busy}").status_code == 200
        updates = [m for m in drain(sub, "f") if m["type"] == "lobby_update"]
        gone = {t for m in updates for t in m["gone"]}
        assert gone == {nobody, bots, gone_away}
    with TestClient(create_app(db_url, fast_settings())) as client:  # stored as closed
        assert client.get(f"/api/tables/{nobody}").status_code == 404
        assert client.get(f"/api/tables/{busy}").status_code == 200


class _Socket:
    """A connection stand-in: something in a seat's live connections."""


async def test_restored_tables_count_their_idle_time_from_start_up(db_url: str) -> None:
    storage = Storage(db_url)
    await storage.open()
    first = Lobby(storage, fast_settings())
    table = await first.create_table(User(1, "ann", True), dict(GAME_SPEC))
    await first.close()
    second = Lobby(storage, fast_settings(empty_table_ttl=100.0))
    before = time.monotonic()
    await second.restore()
    assert second._sweeper is not None, "restore starts the sweep"
    since = second._empty_since[table.id]
    assert before <= since <= time.monotonic()
    assert await second.expire_tables(now=since + 99.0) == []
    # a connected player sits down: the table is not idle; once he is gone it counts anew
    restored = second.tables[table.id]
    restored.seats[0] = Seat("human", "ann", 1, conns={_Socket()})  # type: ignore[arg-type]
    assert await second.expire_tables(now=since + 150.0) == []
    restored.seats[0].conns.clear()
    assert await second.expire_tables(now=since + 200.0) == []
    assert await second.expire_tables(now=since + 299.0) == []
    assert await second.expire_tables(now=since + 300.0) == [table.id]
    assert table.id not in second.tables and restored.status == "closed"
    assert table.id not in {row.id for row in await storage.open_tables()}
    sweeper = second._sweeper
    await second.close()
    assert second._sweeper is None and sweeper.done()
    await storage.close()
