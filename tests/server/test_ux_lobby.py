"""Issue 17: a player's second tab takes his seat; a salon for every preset; finished tables
leave the lobby."""

from __future__ import annotations

from typing import Any

from .conftest import TestClient
from .helpers import bye, create, fill_with_bots, hello, play_to_end, register, until


def test_watching_ones_own_table_from_a_second_tab_takes_the_seat(
        client: TestClient, spec: dict[str, Any]) -> None:
    token = register(client, "carla")
    a, _ = hello(client, token)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    assert until(a, "table")["seat"] == 0
    fill_with_bots(a, table, 1)
    bye(a)  # the first tab closes
    b, _ = hello(client, token)
    b.send_json({"type": "watch", "table": table})  # the lobby's link, from another tab
    snap = until(b, "table")
    while snap["seat"] is None:
        snap = until(b, "table")
    assert snap["seat"] == 0 and snap["table"]["spectators"] == 0
    me = snap["table"]["seats"][0]
    assert me["name"] == "carla" and me["connected"] and not me["auto"]
    c, _ = hello(client)  # somebody else's watch stays a spectator
    c.send_json({"type": "watch", "table": table})
    assert until(c, "table")["seat"] is None
    bye(b)
    bye(c)


def test_every_preset_has_a_salon_with_a_title(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    salons = {(s["game"], s["preset"]): s["title"] for s in meta["salons"]}
    for game, g in meta["games"].items():
        for p in g["presets"]:
            assert (game, p["name"]) in salons
    assert salons[("debertz", "debertz_big")] == "Debertz — big"
    assert salons[("debertz", "debertz3")] == "Debertz — three players"
    lobby = client.get("/api/lobby").json()
    assert ("debertz", "debertz_big") in {(s["game"], s["preset"]) for s in lobby["salons"]}


def test_a_finished_table_leaves_the_lobby(client: TestClient, spec: dict[str, Any]) -> None:
    token = register(client, "dora")
    a, _ = hello(client, token)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    fill_with_bots(a, table, 1)

    def listed() -> set[str]:
        lobby = client.get("/api/lobby").json()
        return {tb["id"] for s in lobby["salons"] for tb in s["tables"]}

    assert table in listed()
    play_to_end(a, table)
    assert table not in listed()
    bye(a)
