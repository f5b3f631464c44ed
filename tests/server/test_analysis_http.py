"""The replay page's Analysis view, served: GET /api/games/{id}/analysis, POST /api/analysis."""

from __future__ import annotations

from typing import Any

from kozyr.analysis import analyse_record
from kozyr.server.analysis import MAX_CARDS, SERVER_BUDGET, SERVER_SAMPLES
from tests.analysis.test_analysis import thrown_marriage

from .conftest import TestClient
from .helpers import bye, create, fill_with_bots, hello, play_to_end, register, until


def test_a_posted_record_is_analysed_one_deal_at_a_time(client: TestClient) -> None:
    rec = thrown_marriage()
    got = client.post("/api/analysis", json={"record": rec, "deal": 1})
    assert got.status_code == 200
    out = got.json()
    local = analyse_record(rec, deal=1, budget=SERVER_BUDGET, samples=SERVER_SAMPLES)
    # the same cards' values (the gives and the samples stop on the clock: not compared)
    assert out["deals"][0]["tricks"] == local["deals"][0]["tricks"]
    assert out["budget"] == SERVER_BUDGET
    kh = out["deals"][0]["tricks"][1]["cards"][0]
    assert kh["action"] == "play KH" and kh["contract"] == "thrown"


def test_refused_inputs_say_why(client: TestClient) -> None:
    rec = thrown_marriage()
    no_deal = client.post("/api/analysis", json={"record": rec})
    assert no_deal.status_code == 400 and no_deal.json()["error"]["code"] == "bad_message"
    assert client.post("/api/analysis", json={"record": rec, "deal": 2}).status_code == 400
    huge = dict(rec, deals=[dict(rec["deals"][0],
                                 actions=rec["deals"][0]["actions"] + ["play AS"] * MAX_CARDS)])
    big = client.post("/api/analysis", json={"record": huge, "deal": 1})
    assert big.status_code == 413 and big.json()["error"]["code"] == "too_large"
    bad = dict(rec, deals=[dict(rec["deals"][0], actions=["play ZZ"])])
    wrong = client.post("/api/analysis", json={"record": bad, "deal": 1})
    assert wrong.status_code == 400 and "cannot be analysed" in wrong.json()["error"]["message"]


def test_a_finished_games_analysis_is_kept(client: TestClient, spec: dict[str, Any]) -> None:
    token = register(client, "erik")
    a, _ = hello(client, token)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    fill_with_bots(a, table, 1)
    over = play_to_end(a, table)
    bye(a)
    url = f"/api/games/{over['game_id']}/analysis?deal=1"
    first = client.get(url)
    assert first.status_code == 200
    out = first.json()
    assert out["deals"][0]["deal"] == 1 and out["deals"][0]["sheet"] == over["sheet"][0]
    assert client.get(url).json() == out  # kept: the same answer
    assert client.get(f"/api/games/{over['game_id']}/analysis").status_code == 400
    assert client.get("/api/games/nosuchgame/analysis?deal=1").status_code == 404
