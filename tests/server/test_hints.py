"""Hints at practice tables: the TableSpec option ``hints`` (never at a rated table) and
POST /api/tables/{id}/hint, what ``hard`` would play on the asking seat's own view and why."""

from __future__ import annotations

from typing import Any

from .conftest import TestClient
from .helpers import bye, create, fill_with_bots, hello, play_to_end, register, until


def _my_turn(ws: Any) -> dict[str, Any]:
    """Read until a state or table message gives this seat legal actions; return it."""
    for _ in range(10000):
        msg: dict[str, Any] = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] in ("state", "table") and msg.get("legal"):
            return msg
    raise AssertionError("never my turn")


def _seated(client: TestClient, spec: dict[str, Any], name: str, **extra: Any
            ) -> tuple[Any, str, str, dict[str, Any]]:
    token = register(client, name)
    ws, _ = hello(client, token)
    created = create(ws, spec, **extra)
    table = created["table"]["id"]
    ws.send_json({"type": "join", "table": table})
    until(ws, "table")
    fill_with_bots(ws, table, 1)
    return ws, token, table, created["table"]


def test_a_practice_table_offers_hints_and_is_not_rated(client: TestClient,
                                                       spec: dict[str, Any]) -> None:
    ws, token, table, info = _seated(client, spec, "erik", hints=True)
    assert info["hints"] is True and info["rated"] is False
    msg = _my_turn(ws)
    got = client.post(f"/api/tables/{table}/hint", headers={"x-kozyr-session": token})
    assert got.status_code == 200, got.text
    hint = got.json()["hint"]
    assert hint["action"] in msg["legal"]
    assert hint["reason"]["kind"] in ("make", "stop", "points", "score", "plain")
    assert hint["reason"]["text"]
    # someone not seated there gets none
    other = register(client, "olga")
    refused = client.post(f"/api/tables/{table}/hint", headers={"x-kozyr-session": other})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_seated"
    ws.send_json({"type": "intent", "table": table, "state": msg["state"],
                  "action": hint["action"]})  # the hint's own move: it is legal
    over = play_to_end(ws, table)
    assert not over["ratings"]  # practice: nobody's rating moves
    bye(ws)


def test_hints_are_never_offered_at_a_rated_table(client: TestClient,
                                                  spec: dict[str, Any]) -> None:
    ws, token, table, info = _seated(client, spec, "ivan")
    assert info["hints"] is False and info["rated"] is True
    msg = _my_turn(ws)
    got = client.post(f"/api/tables/{table}/hint", headers={"x-kozyr-session": token})
    assert got.status_code == 400 and got.json()["error"]["code"] == "bad_message"
    assert "no hints" in got.json()["error"]["message"]
    ws.send_json({"type": "intent", "table": table, "state": msg["state"],
                  "action": msg["legal"][-1]})
    over = play_to_end(ws, table)
    assert any(r for r in over["ratings"])  # the rated table rates its human
    bye(ws)


def test_hints_must_be_true_or_false(client: TestClient, spec: dict[str, Any]) -> None:
    token = register(client, "petr")
    ws, _ = hello(client, token)
    ws.send_json({"type": "create", "spec": {**spec, "hints": "yes"}, "id": "c"})
    msg = until(ws, "created", "error")
    assert msg["type"] == "error" and msg["message"] == "hints must be true or false"
    bye(ws)
