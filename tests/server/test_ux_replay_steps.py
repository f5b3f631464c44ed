"""Issue 17: the replay viewer's steps come from the engine (GET /api/games/{id}/steps,
POST /api/replay): each game's own points, the cards drawn from the stock, melds, the
declarer, and the sheet row at each deal's end."""

from __future__ import annotations

import random
from typing import Any

from kozyr.games import new_match
from kozyr.records import replay_record, write_record
from kozyr.server.steps import replay_steps

from .conftest import TestClient
from .helpers import bye, create, fill_with_bots, hello, play_to_end, register, until


def _record(game: str, preset: str, deals: int, seed: int = 5) -> dict[str, Any]:
    m = new_match(game, preset, seed=seed)
    rng = random.Random(seed)
    while not m.is_over and len(m.sheet) < deals:
        if m.awaiting_deal:
            m.deal()
            continue
        m.apply(rng.choice(m.legal_texts()))
    return write_record(m)


def test_tertz_steps_count_150_card_points_and_show_the_draws() -> None:
    rec = _record("tertz", "tertz", 1)
    steps = replay_steps(rec)["deals"][0]
    last = steps[-1]
    # Tertz's card points (rules/tertz.md): 150 a deal with the last trick's 10, where
    # Thousand's table would count 120.
    assert sum(last["points"]) == 150
    row = replay_record(rec).match.sheet[0].to_json()
    assert last["row"] == row and all(s["row"] is None for s in steps[:-1])
    # After each of the first tricks both seats draw a card from the stock.
    draws = [s for s in steps if s["trick"] == [] and s["last_trick"] and s["new"]]
    assert draws and all(len(s["new"]) == 2 for s in draws)
    for s in draws:
        for seat, card in s["new"]:
            assert card in s["hands"][seat].split()
    assert steps[0]["trump"] is not None and steps[0]["turned"]


def test_thousand_steps_points_are_the_engines_and_hands_follow_the_record() -> None:
    rec = {"format": 2, "game": "thousand", "rules": "classic", "players": ["a", "b", "c"],
           "first_dealer": 0, "seed": 1,
           "deals": [{"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
                                "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C",
                      "actions": ["bid 105", "pass", "pass", "give 0 9C", "give 1 JC",
                                  "contract 120", "play AD", "play 9C", "play JC"]}]}
    out = replay_steps(rec)
    steps = out["deals"][0]
    assert out["players"] == ["a", "b", "c"] and len(steps) == 10
    # seat 1, left of the dealer, is the forced bidder (100): seat 2 bids 105
    assert [s["seat"] for s in steps[1:4]] == [2, 0, 1]
    after_pass = steps[3]  # the declarer takes the talon
    assert after_pass["declarer"] == 2 and sorted(c for _, c in after_pass["new"]) == \
        ["9C", "JC", "QC"]
    give = steps[4]
    assert give["new"] == [[0, "9C"]] and give["seat"] == 2
    done = steps[-1]  # AD 9C JC: seat 2's AD wins 11 + 0 + 2
    assert done["last_trick"] == {"cards": [[2, "AD"], [0, "9C"], [1, "JC"]], "winner": 2}
    assert done["points"] == [0, 0, 13] and done["tricks_won"] == [0, 0, 1]
    assert done["contract"] == 120
    assert sorted(done["hands"][2].split()) == ["9D", "JD", "KC", "KD", "QC", "QD", "TD"]


def test_debertz_steps_show_the_declarer_and_melds() -> None:
    rec = _record("debertz", "debertz3", 2, seed=11)
    deals = replay_steps(rec)["deals"]
    sheet = replay_record(rec).match.sheet
    for steps, row in zip(deals, sheet, strict=True):
        assert steps[-1]["row"] == row.to_json()
        assert steps[-1]["declarer"] == row.declarer
    assert all(isinstance(s["melds"], list) for d in deals for s in d)


def test_the_steps_endpoints(client: TestClient, spec: dict[str, Any]) -> None:
    token = register(client, "erik")
    a, _ = hello(client, token)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    fill_with_bots(a, table, 1)
    over = play_to_end(a, table)
    bye(a)
    steps = client.get(f"/api/games/{over['game_id']}/steps").json()
    assert [d[-1]["row"] for d in steps["deals"]] == over["sheet"]
    rec = client.get(over["record"]).json()
    posted = client.post("/api/replay", json={"record": rec})
    assert posted.status_code == 200 and posted.json() == steps
    bad = client.post("/api/replay", json={"record": {"game": "chess"}})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_message"
    wrong = dict(rec, deals=[dict(rec["deals"][0], actions=["play ZZ"])])
    assert client.post("/api/replay", json={"record": wrong}).status_code == 400
