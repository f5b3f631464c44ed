"""Tournaments (kozyr.server.tournaments): the spec, the draw's arithmetic worked by hand,
the HTTP API and the websocket messages, and whole knockout and Swiss tournaments played
through the server by clients at tables of 2, 3 and 4 seats."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx
import pytest

from kozyr.server.protocol import ProtocolError
from kozyr.server.tournaments import draw
from kozyr.server.tournaments.draw import Entrant
from kozyr.server.tournaments.spec import parse_tournament

from .conftest import TestClient, live_server
from .helpers import THOUSAND, bye, hello, register, until
from .tournament_players import play_tournament, register_for, register_users

pytestmark = pytest.mark.skipif(not THOUSAND, reason="the tournaments' tests play Thousand")
#: one deal of Thousand to 100 per match: a whole tournament takes seconds
SHORT = {"game": "thousand", "preset": "classic",
         "options": {"target": 100, "barrel": False, "redeal": False}, "deals": 1}


def spec(**kw: Any) -> dict[str, Any]:
    """Return a TournamentSpec of short matches."""
    out: dict[str, Any] = {"name": "Friday cup", **SHORT, "kind": "knockout", "capacity": 4}
    out["options"] = dict(out["options"])
    for k, v in kw.items():
        if k == "players":
            out["options"]["players"] = v
        else:
            out[k] = v
    return out


# -- the spec ---------------------------------------------------------------------------------
def test_a_spec_is_checked_field_by_field() -> None:
    s = parse_tournament(spec(kind="swiss", rounds=2, players=2), now=0.0)
    assert (s.kind, s.rounds, s.deals, s.capacity, s.players) == ("swiss", 2, 1, 4, 2)
    assert parse_tournament(spec(), now=0.0).rounds is None  # a knockout's are drawn
    for bad, words in [({"name": "x"}, "name"), ({"kind": "league"}, "kind"),
                       ({"rounds": 3}, "Swiss"), ({"kind": "swiss", "rounds": 10}, "rounds"),
                       ({"capacity": 1}, "capacity"), ({"deals": 0}, "deals"),
                       ({"start_at": 5.0}, "start_at"), ({"private": "yes"}, "private"),
                       ({"game": "chess"}, "game"), ({"prize": 5}, "prize"),
                       ({"bank": 1}, "bank"), ({"increment": 5}, "bank")]:
        with pytest.raises(ProtocolError) as e:
            parse_tournament(spec(**bad), now=100.0)
        assert words in e.value.message, (bad, e.value.message)
    with pytest.raises(ProtocolError) as e:
        parse_tournament(spec(players=5), now=0.0)
    assert e.value.code == "bad_rules"


# -- the draw, by hand ------------------------------------------------------------------------
def _es(*names: str) -> list[Entrant]:
    return [Entrant(i, n, rating=1000 - 10 * i) for i, n in enumerate(names)]


def test_tables_are_even_and_a_knockout_spreads_the_seeds() -> None:
    assert draw.table_sizes(5, 2) == [2, 2, 1] and draw.table_sizes(6, 4) == [3, 3]
    assert draw.knockout_rounds(8, 2) == 3 and draw.knockout_rounds(5, 4) == 2
    tables = draw.draw_round("knockout", _es(*"abcdef"), 2, first=True)
    # seeds a..f by rating: 1 and 6 together, 2 and 5, 3 and 4 (a snake)
    assert [[e.name for e in t] for t in tables] == [["a", "f"], ["b", "e"], ["c", "d"]]
    swiss = draw.draw_round("swiss", _es(*"abcde"), 3, first=True)
    assert [[e.name for e in t] for t in swiss] == [["a", "b", "c"], ["d", "e"]]


def test_a_swiss_round_seats_the_leaders_together() -> None:
    es = _es(*"abcd")
    es[3].points, es[2].points = 1.0, 1.0  # d and c won; d's game points break the tie
    es[3].game_points, es[2].game_points = 300, 120
    order = [[e.name for e in t] for t in draw.draw_round("swiss", es, 2, first=False)]
    assert order == [["d", "c"], ["a", "b"]]
    es[1].status = "out"  # only a knockout puts people out; the draw skips them
    assert [e.name for t in draw.draw_round("swiss", es, 2, False) for e in t] == [
        "d", "c", "a"]


def test_match_points_and_who_goes_on() -> None:
    seats = [{"user_id": 1, "name": "ann"}, {"user_id": 2, "name": "bob"},
             {"user_id": None, "name": "bot:normal"}, {"user_id": 3, "name": "cid"}]
    # a four-seat table: bob won (1000); the bot second (600); ann and cid tied on 350
    r = draw.score_table(seats, [350, 1000, 600, 350], 1, [], {1: 900, 2: 900, 3: 950})
    assert r["points"] == [0.5, 3.0, 0.0, 0.5] and r["advance"] == ["bob"]
    assert r["game_points"] == [350, 1000, 0, 350]
    # bob forfeits (never played himself): nothing for him; the best of the rest goes on,
    # ann and cid tied, cid's rating at the start breaks it
    r = draw.score_table(seats, [350, 1000, 600, 350], 1, [1], {1: 900, 2: 900, 3: 950})
    assert r["points"][1] == 0.0 and r["game_points"][1] == 0
    assert r["advance"] == ["cid"] and r["forfeits"] == ["bob"]
    # nobody who played: nobody goes on
    assert draw.score_table(seats, [1, 2, 3, 4], 3, [0, 1, 3], {})["advance"] == []


def test_final_places() -> None:
    es = _es(*"abcd")
    # a won the final against b (out in round 2); c and d went out in round 1
    places = draw.knockout_places(es, {1: 2, 2: 1, 3: 1}, 0)
    assert places[0] == 1 and places[1] == 2  # the finalist, then round-1 losers
    assert places[2] == 3 and places[3] == 4  # c's rating is higher than d's
    es[3].points = 2.0
    assert draw.swiss_places(es) == {3: 1, 0: 2, 1: 3, 2: 4}


# -- the API and the messages -----------------------------------------------------------------
def _create(ws: Any, **kw: Any) -> dict[str, Any]:
    ws.send_json({"type": "tournament_create", "spec": spec(**kw), "id": "c"})
    msg = until(ws, "tournament_created", "error")
    assert msg["type"] == "tournament_created", msg
    return dict(msg)


def test_create_register_follow_and_the_http_api(client: TestClient) -> None:
    guest, _ = hello(client)
    guest.send_json({"type": "tournament_create", "spec": spec()})
    assert until(guest, "error")["code"] == "auth_required"
    ann, _ = hello(client, register(client, "ann"))
    made = _create(ann, capacity=3, players=3)
    t = made["tournament"]
    assert t["status"] == "registering" and t["owner"] == "ann" and t["registered"] == 0
    assert t["players_per_table"] == 3 and t["deals"] == 1 and made["invite"] is None
    listed = client.get("/api/tournaments").json()["tournaments"]
    assert [x["id"] for x in listed] == [t["id"]]
    ann.send_json({"type": "tournament_follow", "tournament": t["id"]})
    assert until(ann, "tournament")["tournament"]["registered"] == 0
    ann.send_json({"type": "tournament_register", "tournament": t["id"], "id": 1})
    assert until(ann, "ok")["re"] == 1
    pushed = until(ann, "tournament")["tournament"]  # the follower sees it change
    assert pushed["registered"] == 1 and pushed["you"]["registered"] is True
    guest.send_json({"type": "tournament_register", "tournament": t["id"]})
    assert until(guest, "error")["code"] == "auth_required"
    bob, _ = hello(client, register(client, "bob"))
    bob.send_json({"type": "tournament_register", "tournament": t["id"]})
    until(bob, "ok")
    bob.send_json({"type": "tournament_unregister", "tournament": t["id"]})
    until(bob, "ok")
    got = client.get(f"/api/tournaments/{t['id']}").json()["tournament"]
    assert [p["name"] for p in got["players"]] == ["ann"]
    assert got["tiebreaks"] == draw.TIEBREAKS and got["you"]["registered"] is False
    r = client.get("/api/tournaments/nothing")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_tournament"
    bob.send_json({"type": "tournament_register", "tournament": "nothing"})
    assert until(bob, "error")["code"] == "unknown_tournament"
    for ws in (guest, ann, bob):
        bye(ws)


def test_a_connection_follows_ten_tournaments_at_most(make: Any) -> None:
    client = make(max_tournaments_per_user=11)
    ann, _ = hello(client, register(client, "ann"))
    ids = [_create(ann, name=f"Cup {i}")["tournament"]["id"] for i in range(11)]
    for tid in ids[:10]:
        ann.send_json({"type": "tournament_follow", "tournament": tid})
        until(ann, "tournament")
    ann.send_json({"type": "tournament_follow", "tournament": ids[10]})
    assert until(ann, "error")["code"] == "rate_limited"
    ann.send_json({"type": "tournament_unfollow", "tournament": ids[0]})
    until(ann, "ok")
    ann.send_json({"type": "tournament_follow", "tournament": ids[10]})
    assert until(ann, "tournament")["tournament"]["id"] == ids[10]
    ann.send_json({"type": "tournament_create", "spec": spec()})
    assert until(ann, "error")["code"] == "too_many_tables"  # 11 running at once
    bye(ann)


def test_a_private_tournament_is_seen_with_its_invite_only(client: TestClient) -> None:
    ann, _ = hello(client, register(client, "ann"))
    made = _create(ann, private=True)
    tid, invite = made["tournament"]["id"], made["invite"]
    assert invite and made["tournament"]["invite"] == invite  # its owner sees it
    assert client.get("/api/tournaments").json()["tournaments"] == []
    assert client.get(f"/api/tournaments/{tid}").status_code == 404
    seen = client.get(f"/api/tournaments/{tid}?invite={invite}").json()["tournament"]
    assert seen["invite"] is None  # only to its owner and players
    bob, _ = hello(client, register(client, "bob"))
    bob.send_json({"type": "tournament_register", "tournament": tid})
    assert until(bob, "error")["code"] == "unknown_tournament"
    bob.send_json({"type": "tournament_register", "tournament": tid, "invite": invite})
    until(bob, "ok")
    bob.send_json({"type": "tournament_follow", "tournament": tid})  # he is in: no invite
    assert until(bob, "tournament")["tournament"]["invite"] == invite
    for ws in (ann, bob):
        bye(ws)


def test_its_owner_cancels_a_tournament_before_it_starts(make: Any) -> None:
    client = make(tournament_poll=0.05, max_tournaments_per_user=1)
    ann, _ = hello(client, register(client, "ann"))
    bob, _ = hello(client, register(client, "bob"))
    tid = _create(ann, capacity=4)["tournament"]["id"]
    bob.send_json({"type": "tournament_register", "tournament": tid})
    until(bob, "ok")
    bob.send_json({"type": "tournament_follow", "tournament": tid})
    assert until(bob, "tournament")["tournament"]["status"] == "registering"
    bob.send_json({"type": "tournament_cancel", "tournament": tid})  # a player, not its owner
    assert until(bob, "error")["code"] == "not_owner"
    bob.send_json({"type": "tournament_cancel", "tournament": "nothing"})
    assert until(bob, "error")["code"] == "unknown_tournament"
    ann.send_json({"type": "tournament_cancel", "tournament": tid})
    until(ann, "ok")
    # its follower is told; nobody registers any more; its owner may make another
    while (pushed := until(bob, "tournament")["tournament"])["status"] != "cancelled":
        pass
    assert pushed["finished"] is not None and pushed["round"] == 0
    assert client.get(f"/api/tournaments/{tid}").json()["tournament"]["status"] == "cancelled"
    for ws, kind in ((bob, "tournament_register"), (bob, "tournament_unregister"),
                     (ann, "tournament_cancel")):
        ws.send_json({"type": kind, "tournament": tid})
        assert until(ws, "error")["code"] == "tournament_closed", kind
    assert _create(ann, name="Cup 2")["tournament"]["status"] == "registering"
    for ws in (ann, bob):
        bye(ws)


def test_a_started_tournament_cannot_be_cancelled(make: Any) -> None:
    client = make(tournament_poll=0.05)
    ann, _ = hello(client, register(client, "ann"))
    bob, _ = hello(client, register(client, "bob"))
    tid = _create(ann, capacity=2, players=2)["tournament"]["id"]
    for ws in (ann, bob):
        ws.send_json({"type": "tournament_register", "tournament": tid})
        until(ws, "ok")
    until(ann, "tournament_table")
    ann.send_json({"type": "tournament_cancel", "tournament": tid})
    assert until(ann, "error")["code"] == "tournament_closed"
    assert client.get(f"/api/tournaments/{tid}").json()["tournament"]["status"] == "running"
    for ws in (ann, bob):
        bye(ws)


def test_a_full_tournament_refuses_more_and_starts(make: Any) -> None:
    client = make(tournament_poll=0.05)
    socks = [hello(client, register(client, n))[0] for n in ("ann", "bob", "cid")]
    made = _create(socks[0], capacity=2, players=2, bank=300, increment=5)["tournament"]
    assert (made["bank"], made["increment"]) == (300.0, 5.0)
    tid = made["id"]
    for ws in socks[:2]:
        ws.send_json({"type": "tournament_register", "tournament": tid})
        until(ws, "ok")
    socks[2].send_json({"type": "tournament_register", "tournament": tid})
    err = until(socks[2], "error")
    assert err["code"] in ("tournament_full", "tournament_closed"), err
    # full: it starts, and each player is told his table
    note = until(socks[0], "tournament_table")
    assert note["tournament"] == tid and note["round"] == 1
    table = client.app.state.lobby.tables[note["table"]]  # type: ignore[attr-defined]
    assert table.tournament == tid and table.deals == 1 and table.status == "playing"
    assert table.info()["bank"] == 300.0 and table.info()["increment"] == 5.0
    assert sorted(s.name for s in table.seats) == ["ann", "bob"]
    socks[1].send_json({"type": "tournament_unregister", "tournament": tid})
    assert until(socks[1], "error")["code"] == "tournament_closed"
    for ws in socks:
        bye(ws)


def test_a_start_time_with_one_player_cancels_it(make: Any) -> None:
    client = make(tournament_poll=0.05)
    ann, _ = hello(client, register(client, "ann"))
    tid = _create(ann, start_at=time.time() + 0.3)["tournament"]["id"]
    ann.send_json({"type": "tournament_register", "tournament": tid})
    until(ann, "ok")
    deadline = time.monotonic() + 10
    while client.get(f"/api/tournaments/{tid}").json()["tournament"]["status"] != "cancelled":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    bye(ann)


# -- whole tournaments ------------------------------------------------------------------------
async def _run(db_url: str, names: list[str], check: Any = None, **kw: Any) -> dict[str, Any]:
    """Play a tournament of ``names`` to its end; ``check(base, view)`` runs before the
    server stops; return the final TournamentView."""
    async with live_server(db_url, tournament_poll=0.05, grace=30.0) as (base, _app):
        tokens = await register_users(base, names)
        from .helpers import Client

        owner = await Client.connect(base, tokens[names[0]])
        await owner.send({"type": "tournament_create", "spec": spec(capacity=len(names), **kw)})
        tid = (await owner.expect("tournament_created"))["tournament"]["id"]
        await register_for(base, tokens, tid, names)
        await owner.close()
        deadline = time.monotonic() + 150
        views = await asyncio.gather(*(play_tournament(base, tokens[n], tid,
                                                       random.Random(i), deadline)
                                       for i, n in enumerate(names)))
        if check is not None:
            await check(base, views[0])
        return dict(views[0])


def _check_finished(t: dict[str, Any], names: list[str]) -> None:
    assert t["status"] == "finished", t["status"]
    assert sorted(p["name"] for p in t["players"]) == sorted(names)
    assert sorted(p["place"] for p in t["players"]) == list(range(1, len(names) + 1))
    for r in t["rounds"]:
        for table in r["tables"]:
            assert table["status"] == "finished" and table["result"] is not None
            assert table["game_id"]


async def test_a_knockout_at_two_seat_tables(db_url: str) -> None:
    names = ["ann", "bob", "cid", "dan"]
    profiles: dict[str, Any] = {}

    async def read_profiles(base: str, t: dict[str, Any]) -> None:
        async with httpx.AsyncClient(base_url=base.replace("ws://", "http://")) as http:
            for p in t["players"]:
                profiles[p["name"]] = (await http.get(f"/api/profiles/{p['name']}")).json()

    t = await _run(db_url, names, check=read_profiles, players=2)
    _check_finished(t, names)
    assert [len(r["tables"]) for r in t["rounds"]] == [2, 1]
    final = t["rounds"][1]["tables"][0]
    finalists = {s["name"] for s in final["seats"]}
    assert finalists == {n for r in t["rounds"][0]["tables"] for n in r["result"]["advance"]}
    assert t["winner"] in finalists and t["winner"] == final["result"]["advance"][0]
    champion, loser = profiles[t["winner"]], profiles[t["standings"][-1]["name"]]
    assert {p["name"]: p["titles"] for p in t["players"]} == {
        n: int(n == t["winner"]) for n in names}  # titles won, this one's included
    assert [x["tournament"] for x in champion["titles"]] == [t["id"]]
    assert champion["tournaments"] == {"played": 1, "won": 1, "best": 1}
    assert loser["titles"] == [] and loser["tournaments"] == {"played": 1, "won": 0,
                                                              "best": 4}
    assert [p["status"] for p in t["players"]].count("in") == 1
    assert t["standings"][0]["name"] == t["winner"]


async def test_a_swiss_series_at_three_seat_tables_with_bots(db_url: str) -> None:
    names = ["ann", "bob", "cid", "dan"]
    t = await _run(db_url, names, players=3, kind="swiss", rounds=2)
    _check_finished(t, names)
    assert t["round_count"] == 2 and t["round"] == 2
    assert [len(r["tables"]) for r in t["rounds"]] == [2, 2]
    for r in t["rounds"]:  # two players and a bot at each table
        for table in r["tables"]:
            assert [s["bot"] for s in table["seats"]] == [False, False, True]
    points = {p["name"]: p["points"] for p in t["players"]}
    earned = {}
    for r in t["rounds"]:
        for table in r["tables"]:
            for s, p in zip(table["seats"], table["result"]["points"], strict=True):
                earned[s["name"]] = earned.get(s["name"], 0.0) + p
    assert all(earned[n] == points[n] for n in names)
    assert t["winner"] == t["standings"][0]["name"]


async def test_a_knockout_at_four_seat_tables(db_url: str) -> None:
    names = ["ann", "bob", "cid", "dan", "eve"]
    t = await _run(db_url, names, players=4)
    _check_finished(t, names)
    assert [len(r["tables"]) for r in t["rounds"]] == [2, 1]
    assert sorted(sum(not s["bot"] for s in x["seats"]) for x in t["rounds"][0]["tables"]) \
        == [2, 3]
    assert sum(not s["bot"] for s in t["rounds"][1]["tables"][0]["seats"]) == 2


async def test_a_player_who_does_not_come_scores_nothing_and_does_not_go_on(
        db_url: str) -> None:
    names = ["ann", "bob"]
    async with live_server(db_url, tournament_poll=0.05, grace=0.1) as (base, _app):
        tokens = await register_users(base, [*names, "zed"])
        from .helpers import Client

        owner = await Client.connect(base, tokens["ann"])
        await owner.send({"type": "tournament_create",
                          "spec": spec(capacity=3, players=2, kind="swiss", rounds=1)})
        tid = (await owner.expect("tournament_created"))["tournament"]["id"]
        # zed registers, and never comes to his table
        await register_for(base, tokens, tid, [*names, "zed"])
        await owner.close()
        # it starts at its capacity: three players, two tables (ann or bob with zed or a bot)
        deadline = time.monotonic() + 120
        views = await asyncio.gather(*(play_tournament(base, tokens[n], tid,
                                                       random.Random(i), deadline)
                                       for i, n in enumerate(names)))
        t = views[0]
        assert t["status"] == "finished"
        zed = next(p for p in t["players"] if p["name"] == "zed")
        assert (zed["points"], zed["game_points"]) == (0.0, 0)  # whatever his bot did
        assert zed["place"] != 1
        table = next(x for x in t["rounds"][0]["tables"]
                     if "zed" in [s["name"] for s in x["seats"]])
        assert table["result"]["forfeits"] == ["zed"]
        assert t["winner"] != "zed"


async def test_kill_9_in_the_middle_of_a_tournament_then_it_resumes(tmp_path: Any) -> None:
    import signal

    import httpx

    from kozyr.records import replay_record

    from .conftest import free_port
    from .helpers import Client, start_server, stop_server

    db = f"sqlite+aiosqlite:///{tmp_path}/room.db"
    port = free_port()
    base = f"ws://127.0.0.1:{port}"
    env = {"KOZYR_TOURNAMENT_POLL": "0.1"}
    proc = await start_server(db, port, tmp_path, **env)
    try:
        names = ["ann", "bob", "cid", "dan"]
        tokens = await register_users(base, names)
        owner = await Client.connect(base, tokens["ann"])
        await owner.send({"type": "tournament_create", "spec": spec(
            capacity=4, players=2, kind="swiss", rounds=2, deals=2)})
        tid = (await owner.expect("tournament_created"))["tournament"]["id"]
        await register_for(base, tokens, tid, names)
        await owner.close()
        deadline = time.monotonic() + 240
        tables: dict[str, list[str]] = {n: [] for n in names}
        players = [asyncio.create_task(play_tournament(base, tokens[n], tid,
                                                       random.Random(i), deadline, tables[n]))
                   for i, n in enumerate(names)]
        http = httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}")
        # the middle of round 1: every table open and its match under way
        while not all(tables.values()):
            assert time.monotonic() < deadline
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)
        now = (await http.get(f"/api/tournaments/{tid}")).json()["tournament"]
        assert now["round"] == 1 and any(x["status"] == "playing"
                                         for x in now["rounds"][0]["tables"])
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc = await start_server(db, port, tmp_path, **env)
        views = await asyncio.gather(*players)  # they reconnect and play on
        t = views[0]
        assert t["status"] == "finished" and t["round"] == 2
        assert [len(r["tables"]) for r in t["rounds"]] == [2, 2]
        assert sorted(p["place"] for p in t["players"]) == [1, 2, 3, 4]
        for r in t["rounds"]:
            for x in r["tables"]:  # every match whole: its record replays to its result
                record = (await http.get(f"/api/games/{x['game_id']}/record")).json()
                assert replay_record(record).match.totals == x["result"]["totals"]
        await http.aclose()
    finally:
        stop_server(proc)
