"""Time controls (kozyr.server.table.timebank): a TableSpec's ``bank`` and ``increment``, a
bank that runs only on its own seat's turn, the increment after a move, running out (a bot
for the rest of the deal, the player back at the next, ``flagged``/``time_forfeits``), the
banks in every state and snapshot, and the banks after a restart."""

from __future__ import annotations

import time
from typing import Any

import pytest

from kozyr.server.table import timebank

from .conftest import TestClient  # type: ignore[attr-defined]
from .helpers import GAME_SPEC, SEATS, bye, create, fill_with_bots, hello, register, until

#: a match that one deal never ends (to 1000)
LONG = {**GAME_SPEC, "options": {**GAME_SPEC["options"], "target": 1000}}


def _table(client: TestClient, table_id: str) -> Any:
    return client.app.state.lobby.tables.get(table_id)  # type: ignore[attr-defined]


def _start(client: TestClient, name: str, deals: int | None = None,
           **time_control: Any) -> tuple[Any, str]:
    """Register ``name``, open a table of GAME_SPEC with ``time_control`` (a match of
    ``deals`` deals to a target never reached, if given), sit in seat 0 and fill the other
    seats with bots; return the socket and the table id."""
    ws, _ = hello(client, register(client, name))
    table = create(ws, GAME_SPEC if deals is None else LONG, **time_control)["table"]["id"]
    if deals is not None:
        _table(client, table).deals = deals  # as a tournament's table is
    ws.send_json({"type": "join", "table": table, "seat": 0})
    until(ws, "table")
    fill_with_bots(ws, table, 1)
    return ws, table


def _my_turn(ws: Any) -> dict[str, Any]:
    """Read until a state or snapshot that asks seat 0 to act; return it."""
    for _ in range(20000):
        msg: dict[str, Any] = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] in ("state", "table") and msg.get("legal"):
            return msg
    raise AssertionError("never my turn")


def _act(ws: Any, table: str, msg: dict[str, Any]) -> None:
    ws.send_json({"type": "intent", "table": table, "state": msg["state"],
                  "action": msg["legal"][-1]})


@pytest.fixture
def small_banks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Allow banks of a fraction of a second (the room takes 60 s at least)."""
    monkeypatch.setattr(timebank, "BANK_MIN", 0.1)


@pytest.mark.parametrize(("fields", "words"), [
    ({"bank": 30}, "bank must be null or a number of seconds from 60 to 3600"),
    ({"bank": 4000}, "from 60 to 3600"),
    ({"bank": "600"}, "bank must be"),
    ({"bank": True}, "bank must be"),
    ({"bank": 600, "increment": 61}, "increment must be a number of seconds from 0 to 60"),
    ({"bank": 600, "increment": -1}, "increment must be"),
    ({"bank": 600, "increment": "5"}, "increment must be"),
    ({"increment": 5}, "an increment needs a bank"),
])
def test_a_bad_time_control_is_refused(client: TestClient, fields: dict[str, Any],
                                       words: str) -> None:
    ws, _ = hello(client, register(client, "vera"))
    ws.send_json({"type": "create", "spec": {**GAME_SPEC, **fields}, "id": "c"})
    msg = until(ws, "created", "error")
    assert msg["type"] == "error" and msg["code"] == "bad_message", msg
    assert words in msg["message"]
    bye(ws)


def test_the_time_control_is_in_the_table_info_and_the_stored_row(client: TestClient) -> None:
    ws, _ = hello(client, register(client, "vera"))
    info = create(ws, GAME_SPEC, bank=600, increment=5, clock=30)["table"]
    assert (info["bank"], info["increment"], info["clock"]) == (600.0, 5.0, 30.0)
    plain = create(ws, GAME_SPEC)["table"]
    assert (plain["bank"], plain["increment"]) == (None, 0.0)
    row = _table(client, info["id"]).row()
    assert (row["bank"], row["increment"]) == (600.0, 5.0)
    bye(ws)


def test_the_bank_runs_only_on_its_seats_turn_and_the_increment_is_added(
        client: TestClient) -> None:
    ws, table = _start(client, "vera", deals=1, bank=60, increment=10)
    mine = _my_turn(ws)
    banks = mine["banks"]
    assert banks["running"] == 0 and banks["flagged"] == []
    assert len(banks["left"]) == SEATS and all(x == 60.0 for x in banks["left"][1:])
    assert 59.0 < banks["left"][0] <= 60.0
    time.sleep(0.3)
    _act(ws, table, mine)
    after = until(ws, "state")
    assert after["last"]["seat"] == 0
    left = after["banks"]["left"][0]
    assert 65.0 < left < 69.75, left  # 60 - 0.3 (and what the messages took) + 10
    # while the bots play, no bank runs and seat 0's stays as it was (until his next turn,
    # or the match's end: the one deal may end without another, a bot declarer writing off)
    seen: list[dict[str, Any]] = []
    for _ in range(20000):
        msg = ws.receive_json()
        if msg["type"] == "over":
            break
        if msg["type"] == "state":
            seen.append(msg)
            if msg["legal"]:
                break
    else:
        raise AssertionError("neither his turn nor the end")
    bots = [m for m in seen if m["to_act"] != 0]
    assert all(m["banks"]["running"] is None or m["to_act"] is None for m in bots)
    assert all(m["banks"]["left"][0] == left for m in bots)
    if msg["type"] == "state":  # his turn again: his bank runs
        assert seen[-1]["banks"]["running"] == 0
    bye(ws)


def test_a_seat_out_of_time_gets_a_bot_for_the_deal_then_plays_again(
        client: TestClient, small_banks: None) -> None:
    ws, table = _start(client, "vera", deals=2, bank=0.3)
    _my_turn(ws)  # and let the bank run out
    flagged = until(ws, "table")
    seat = flagged["table"]["seats"][0]
    assert seat["auto"] is True and seat["kind"] == "human"
    assert flagged["banks"]["left"][0] == 0.0 and flagged["banks"]["flagged"] == [0]
    master = _table(client, table)
    assert master.flagged == {0}
    # a bot plays his seat to the end of the deal; at the next deal it is his again
    for _ in range(20000):
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] == "table" and not msg["table"]["seats"][0]["auto"]:
            break
        assert msg["type"] != "state" or msg["banks"]["running"] is None, msg["banks"]
    assert msg["summary"] is not None  # the deal he ran out in has ended
    again = _my_turn(ws)
    assert again["banks"]["running"] == 0
    assert timebank.MIN_MOVE - 1 < again["banks"]["left"][0] <= timebank.MIN_MOVE
    _act(ws, table, again)
    # he plays on himself: the match goes on to its end, and the over message names him
    for _ in range(20000):
        msg = ws.receive_json()
        if msg["type"] == "over":
            break
        if msg["type"] in ("state", "table") and msg.get("legal"):
            _act(ws, table, msg)
    assert msg["time_forfeits"] == [0]
    assert master.flagged == {0}
    bye(ws)


def test_a_move_clock_with_a_bank_ends_the_move_at_whichever_runs_out_first(
        client: TestClient, small_banks: None) -> None:
    ws, _table_id = _start(client, "vera", bank=600, clock=5)
    mine = _my_turn(ws)
    assert mine["deadline"] is not None and mine["deadline"] - time.time() < 5.5
    master = _table(client, _table_id)
    assert master.timebank.start(0, 5.0) == 5.0  # the clock is the shorter
    assert master.timebank.start(0, 6000.0) <= 600.0  # the bank is the shorter
    bye(ws)


def test_a_table_without_a_bank_sends_no_banks(client: TestClient) -> None:
    ws, _ = _start(client, "vera")
    mine = _my_turn(ws)
    assert mine["banks"] is None
    bye(ws)


def test_the_banks_come_back_after_a_restart(make: Any) -> None:
    client = make()
    token = register(client, "vera")
    ws, _ = hello(client, token)
    table = create(ws, LONG, bank=600)["table"]["id"]
    ws.send_json({"type": "join", "table": table, "seat": 0})
    until(ws, "table")
    fill_with_bots(ws, table, 1)
    first = True
    stored: list[float] | None = None
    for _ in range(20000):  # play the first deal (slowly once), up to the second's start
        msg = ws.receive_json()
        assert msg["type"] not in ("error", "over"), msg
        if msg["type"] == "state" and msg["last"]["seat"] is None and msg["state"] > 1:
            stored = msg["banks"]["left"]  # stored with the row as this deal began
            break
        if msg["type"] in ("state", "table") and msg.get("legal"):
            if first:
                time.sleep(0.4)
                first = False
            _act(ws, table, msg)
    assert stored is not None and stored[0] <= 599.6
    bye(ws)
    client = make(restart=True)
    ws, _ = hello(client, token)
    ws.send_json({"type": "resync", "table": table})
    snap = until(ws, "table")
    left = snap["banks"]["left"]
    assert snap["table"]["bank"] == 600.0
    assert abs(left[0] - stored[0]) < 1.0 and left[0] < 599.7
    assert left[1:] == [600.0] * (SEATS - 1)
    bye(ws)


def test_the_bank_itself() -> None:
    """The TimeBank's own rules: a flagged seat's floor, ``out`` for the deal, load/store."""
    bank = timebank.TimeBank(10.0, 3.0, 2)
    assert bank.start(0, None) == 10.0 and bank.running == 0
    bank.moved(0)
    assert 12.9 < bank.left[0] <= 13.0 and bank.running is None
    bank.start(1, None)
    assert bank.timed_out(1) is True and bank.flagged == {1} and bank.out == {1}
    assert bank.start(1, None) == 0.0  # out for the rest of the deal
    assert bank.timed_out(1) is True

    class S:
        kind, conns, left, auto = "human", {object()}, False, True

    seats = [S(), S()]
    assert bank.dealt(seats) == [1] and seats[1].auto is False and bank.out == set()
    assert bank.start(1, None, 7) == timebank.MIN_MOVE  # max(increment 3, 5 s)
    time.sleep(0.05)
    assert bank.start(1, None, 7) < timebank.MIN_MOVE - 0.04  # the same turn: not raised again
    stored = bank.stored()
    assert stored is not None and stored["flagged"] == [1]
    again = timebank.TimeBank(10.0, 3.0, 2)
    again.load(stored)
    assert again.flagged == {1} and again.left[0] == round(bank.left[0], 2)
    clock = timebank.TimeBank(10.0, 0.0, 2)
    clock.start(0, 2.0)
    assert clock.timed_out(0) is False and clock.flagged == set()  # the move clock ran out
    assert timebank.TimeBank(None, 0.0, 2).shown() is None


def test_a_seat_out_of_time_is_still_flagged_after_a_restart(make: Any,
                                                             small_banks: None) -> None:
    client = make()
    token = register(client, "vera")
    ws, _ = hello(client, token)
    table = create(ws, LONG, bank=0.3)["table"]["id"]
    ws.send_json({"type": "join", "table": table, "seat": 0})
    until(ws, "table")
    fill_with_bots(ws, table, 1)
    _my_turn(ws)  # and let the bank run out: stored at once
    for _ in range(20000):
        msg = ws.receive_json()
        if msg["type"] == "table" and msg["banks"]["flagged"] == [0]:
            break
    bye(ws)
    client = make(restart=True)
    ws, _ = hello(client, token)
    ws.send_json({"type": "resync", "table": table})
    snap = until(ws, "table")
    assert snap["banks"]["flagged"] == [0]
    assert _table(client, table).flagged == {0}
    bye(ws)
