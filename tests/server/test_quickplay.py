"""Play now (kozyr.server.quickplay): a salon's button seats the player at a filling
quick-play table or opens one; bots fill the empty seats after the wait; a second person
presses into the same table; cancelling frees the seat; a restart keeps the wait."""

from __future__ import annotations

import time
from typing import Any

from .conftest import TestClient
from .helpers import GAME_SPEC, SEATS, bye, hello, register, until

SALON = {"game": GAME_SPEC["game"], "preset": GAME_SPEC["preset"]}


def _press(ws: Any, **salon: str) -> dict[str, Any]:
    ws.send_json({"type": "play_now", **(salon or SALON), "id": "q"})
    msg = until(ws, "quick", "error")
    assert msg["type"] == "quick", msg
    assert msg["re"] == "q"
    return dict(msg["table"])


def _table(client: TestClient, table_id: str) -> Any:
    return client.app.state.lobby.tables.get(table_id)  # type: ignore[attr-defined]


def _wait(check: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_play_now_opens_a_quick_table_whose_seats_bots_fill(make: Any) -> None:
    client = make(quick_fill=0.2)
    ws, _ = hello(client, register(client, "quinn"))
    info = _press(ws)
    assert info["quick"] is True and info["rated"] is True and info["private"] is False
    assert info["fill_at"] is not None and info["fill_at"] > time.time() - 1
    assert (info["game"], info["preset"]) == (SALON["game"], SALON["preset"])
    assert [s["kind"] for s in info["seats"]] == ["human"] + ["empty"] * (SEATS - 1)
    # after the wait: bots of the quick-play level in every empty seat, and the match on
    state = until(ws, "state")
    assert state["table"] == info["id"]
    table = _table(client, info["id"])
    assert table.status == "playing"
    assert [(s.kind, s.level) for s in table.seats[1:]] == [("bot", "normal")] * (SEATS - 1)
    assert table.info()["fill_at"] is None
    bye(ws)


def test_a_second_person_is_seated_at_the_same_filling_table(make: Any) -> None:
    client = make(quick_fill=60.0)
    first, _ = hello(client, register(client, "anna"))
    second, _ = hello(client, register(client, "boris"))
    a = _press(first)
    b = _press(second)
    assert a["id"] == b["id"]
    table = _table(client, a["id"])
    assert [s.name for s in table.seats if s.kind == "human"] == ["anna", "boris"]
    # pressing again (another tab) keeps the same seat at the same table
    assert _press(first)["id"] == a["id"]
    assert sum(s.kind == "human" for s in table.seats) == 2
    if SEATS == 3:  # the third person fills it: the match starts with no bot
        third, _ = hello(client, register(client, "clara"))
        assert _press(third)["id"] == a["id"]
        _wait(lambda: table.status == "playing")
        assert all(s.kind == "human" for s in table.seats)
        bye(third)
    else:
        _wait(lambda: table.status == "playing")
    # a full (started) table is no longer offered: the next person gets a new one
    late, _ = hello(client, register(client, "dmitri"))
    assert _press(late)["id"] != a["id"]
    for ws in (first, second, late):
        bye(ws)


def test_cancelling_frees_the_seat_and_no_bot_comes(make: Any) -> None:
    client = make(quick_fill=0.3)
    ws, _ = hello(client, register(client, "carl"))
    info = _press(ws)
    ws.send_json({"type": "leave", "table": info["id"]})
    until(ws, "left")
    time.sleep(0.5)  # past the wait: nobody is left, so the table closed and no bot sat
    assert _table(client, info["id"]) is None
    bye(ws)


def test_an_unknown_salon_or_a_second_salon_is_refused(make: Any) -> None:
    client = make(quick_fill=60.0)
    ws, _ = hello(client, register(client, "dora"))
    ws.send_json({"type": "play_now", "game": "thousand", "preset": "nonesuch", "id": 1})
    err = until(ws, "error")
    assert err["code"] == "bad_message" and "salon" in err["message"]
    _press(ws)
    other = {"game": "tertz", "preset": "tertz"} if SALON["game"] != "tertz" else \
        {"game": "piquet", "preset": "rubicon"}
    ws.send_json({"type": "play_now", **other, "id": 2})
    err = until(ws, "error")
    assert err["code"] == "seat_taken"
    bye(ws)


def test_a_restart_keeps_the_quick_table_and_its_wait(make: Any) -> None:
    client = make(quick_fill=60.0)
    ws, _ = hello(client, register(client, "emil"))
    info = _press(ws)
    bye(ws)
    client = make(restart=True, quick_fill=0.2)
    table = _table(client, info["id"])
    assert table is not None and table.quick
    # the wait starts again after the restart; the player's seat is still his (grace)
    _wait(lambda: table.status == "playing")
    assert [s.kind for s in table.seats] == ["human"] + ["bot"] * (SEATS - 1)


async def test_two_players_pressing_at_once_share_one_table(tmp_path: Any) -> None:
    import asyncio

    from kozyr.server.conn import Conn
    from kozyr.server.lobby import Lobby
    from kozyr.server.storage import Storage

    from .conftest import settings

    storage = Storage(f"sqlite+aiosqlite:///{tmp_path}/k.db")
    await storage.open()
    lobby = Lobby(storage, settings(quick_fill=60.0))
    try:
        conns = []
        for name in ("fay", "gus"):
            user = await storage.create_user(name, None, False)
            assert user is not None
            conn = Conn(None, lobby)
            conn.user = user
            conns.append(conn)
        a, b = await asyncio.gather(*(lobby.play_now(c, SALON["game"], SALON["preset"])
                                      for c in conns))
        assert a is b
        assert sorted(s.name for s in a.seats if s.kind == "human") == ["fay", "gus"]
    finally:
        await lobby.close()
        await storage.close()


def test_a_later_player_takes_a_quick_bots_seat_between_deals(make: Any) -> None:
    client = make(quick_fill=0.1)
    a, _ = hello(client, register(client, "hana"))
    info = _press(a)
    table = _table(client, info["id"])
    _wait(lambda: table.status == "playing")
    rows = len(table.match.sheet)
    b, _ = hello(client, register(client, "ivo"))
    got = _press(b)  # nobody is filling: the running quick table's first bot seat is his
    assert got["id"] == info["id"] and got["claims"] == [{"seat": 1, "name": "ivo"}]
    assert table.seats[1].kind == "bot"  # not mid-deal
    b.send_json({"type": "join", "table": info["id"]})  # the page opens the table: he watches
    assert until(b, "table")["seat"] is None
    for _ in range(5000):  # hana plays on; the bots too, until the deal ends
        msg = until(a, "state", "table")
        if table.seats[1].kind == "human":
            break
        assert len(table.match.sheet) <= rows + 1  # the first deal, or just its end
        if msg["legal"]:
            a.send_json({"type": "intent", "table": info["id"], "state": msg["state"],
                         "action": msg["legal"][0]})
    assert table.seats[1].kind == "human" and table.seats[1].name == "ivo"
    assert len(table.match.sheet) == rows + 1 and table.claims == {}
    for _ in range(200):  # his own view of seat 1 reaches him
        msg = until(b, "state", "table")
        if msg.get("seat") == 1:
            break
    assert msg["seat"] == 1 and msg["obs"]["seat"] == 1
    assert msg["obs"]["deal_index"] <= rows + 1  # seated from the deal after the first
    # the match's stored players name him now: his profile lists it, in seat 1
    history = client.get("/api/profiles/ivo").json()["history"]
    assert [(g["game_id"], g["seat"]) for g in history] == [(table.game_public, 1)]
    assert table.names[1] == "ivo"
    for ws in (a, b):
        bye(ws)
