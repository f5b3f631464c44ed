"""``state`` messages as patches (docs/protocol.md §4.1 ``hello.patches``, §4.4): a socket
that asks for them rebuilds, patch after patch, exactly the observations a socket of the same
seat is sent whole, over a whole match against bots; the hello's flag is checked."""

from __future__ import annotations

import json
from typing import Any

from .conftest import TestClient
from .helpers import (
    GAME_SPEC,
    THOUSAND,
    bye,
    create,
    fill_with_bots,
    open_socket,
    register,
    until,
    whole_state,
)


def hello_with(client: TestClient, **fields: Any) -> tuple[Any, dict[str, Any]]:
    ws = open_socket(client)
    ws.send_json({"type": "hello", "v": 1, **fields})
    return ws, ws.receive_json()


def test_the_hello_flag_is_a_boolean_and_is_echoed(client: TestClient) -> None:
    ws, welcome = hello_with(client)
    assert welcome["type"] == "welcome" and welcome["patches"] is False
    bye(ws)
    ws, welcome = hello_with(client, patches=True)
    assert welcome["patches"] is True
    bye(ws)
    for bad in ("yes", 1, None, {}):
        ws, err = hello_with(client, patches=bad)
        assert err["type"] == "error" and err["code"] == "bad_message", (bad, err)
        assert "patches" in err["message"]
        bye(ws)


def rebuilt(ws: Any, table: str, act: int | None = None) -> tuple[dict[int, Any], int, int]:
    """Read ``ws`` to the match's ``over`` (as seat ``act``, answering its turns); return
    the observations by state id (patches applied), the patches' count and the states'
    bytes."""
    held: tuple[int, Any] | None = None
    out: dict[int, Any] = {}
    patches = size = 0
    for _ in range(20000):
        text = ws.receive_text()
        msg = json.loads(text)
        if msg["type"] == "over":
            return out, patches, size
        assert msg["type"] != "error", msg
        if msg["type"] not in ("table", "state"):
            continue
        if msg["type"] == "state":
            size += len(text)
            if "patch" in msg:
                patches += 1
                assert "obs" not in msg
                msg = whole_state(held, msg)
            out[msg["state"]] = msg["obs"]
        held = (msg["state"], msg["obs"])
        if act is not None and msg["legal"] and msg["to_act"] == act:
            ws.send_json({"type": "intent", "table": table, "state": msg["state"],
                          "action": msg["legal"][-1]})
    raise AssertionError("the match did not end")


def test_a_patched_socket_holds_what_a_whole_one_is_sent(client: TestClient) -> None:
    token = register(client, "ann")
    patched, _ = hello_with(client, token=token, patches=True)
    whole, _ = hello_with(client, token=token)  # the same user's second tab
    watchers = [hello_with(client, patches=True)[0], hello_with(client)[0]]
    spec = GAME_SPEC if not THOUSAND else {**GAME_SPEC, "options": {
        **GAME_SPEC["options"], "target": 300}}  # a few deals: the sheet grows
    table = create(patched, spec)["table"]["id"]
    patched.send_json({"type": "join", "table": table, "seat": 0})
    until(patched, "table")
    whole.send_json({"type": "resync", "table": table})  # his seat, on this socket too
    assert until(whole, "table")["seat"] == 0
    for ws in watchers:
        ws.send_json({"type": "watch", "table": table})
        until(ws, "table")
    fill_with_bots(patched, table, 1)
    mine, patches, size = rebuilt(patched, table, act=0)  # he plays, from his patches
    theirs, none, whole_size = rebuilt(whole, table)
    assert none == 0 and theirs == mine and len(mine) > 20
    assert patches >= len(mine) - 3  # all but a match's first states are patches
    assert size < whole_size / 2, (size, whole_size)
    public, patches, _ = rebuilt(watchers[0], table)
    assert patches and public == rebuilt(watchers[1], table)[0] and public.keys() == mine.keys()
    for ws in (patched, whole, *watchers):
        bye(ws)
