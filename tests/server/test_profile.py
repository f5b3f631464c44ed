"""Leaving a rated match and the profile (issue 17, "Missing"): a player who leaves a running
match keeps his seat while a bot plays it on, may come back until the match ends, and the
match counts as abandoned only for one who did not; the profile's ratings on the display
scale, its recent matches with opponents, score, result and replay (docs/protocol.md)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kozyr.server import ratings

from .conftest import TestClient  # type: ignore[attr-defined]
from .helpers import SEATS, bye, create, fill_with_bots, hello, register, until

pytestmark = pytest.mark.skipif(SEATS != 3, reason="the scenario seats two humans and a bot")


Open = Callable[[TestClient, str], Any]


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let every bot play a random legal action: the seats and the counts are under test
    here, not the bots (a "normal" bot thinks for seconds on a busy machine)."""
    from kozyr.bots.base import RandomBot
    from kozyr.server.botpool import BotPool

    async def random_move(self: BotPool, match: Any, seat: int, name: str, seed: int) -> str:
        return str(match.action_to_text(RandomBot(seed).act(match.view(seat))))

    monkeypatch.setattr(BotPool, "choose", random_move)


@pytest.fixture
def open_() -> Iterator[Open]:
    """Return ``open_(client, token) -> ws``; every socket opened is closed at the end, so a
    failing assertion fails the test instead of hanging the TestClient."""
    opened: list[Any] = []

    def start(client: TestClient, token: str) -> Any:
        ws, _ = hello(client, token)
        opened.append(ws)
        return ws

    yield start
    for ws in opened:
        with contextlib.suppress(Exception):
            bye(ws)


def play_out(ws: Any, table: str) -> dict[str, Any]:
    """Answer every decision with the last legal action until ``over``; a snapshot sent
    for the same position as a state (seats changed) is answered twice, which the table
    refuses (``not_your_turn``/``stale_state``) and changes nothing."""
    for _ in range(20000):
        msg = ws.receive_json()
        if msg["type"] == "over":
            return dict(msg)
        if msg["type"] == "error":
            assert msg["code"] in ("not_your_turn", "stale_state"), msg
        if msg["type"] in ("state", "table") and msg["legal"]:
            ws.send_json({"type": "intent", "table": table, "state": msg["state"],
                          "action": msg["legal"][-1]})
    raise AssertionError("the match did not end")


def seats_of(ws: Any, want: Any) -> list[dict[str, Any]]:
    """Read ``table`` snapshots until ``want(seats)`` holds; return those seats."""
    for _ in range(1000):
        msg = until(ws, "table")
        if want(msg["table"]["seats"]):
            return list(msg["table"]["seats"])
    raise AssertionError("the seats never came to what was wanted")


def test_who_leaves_and_does_not_return_abandons_who_returns_does_not(
        client: TestClient, spec: dict[str, Any], open_: Open) -> None:
    a = open_(client, register(client, "ann"))
    b = open_(client, register(client, "bob"))
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table, "seat": 0})
    until(a, "table")
    b.send_json({"type": "join", "table": table, "seat": 1})
    until(b, "table")
    fill_with_bots(a, table, 2)
    until(a, "state")
    # ann leaves for good: her seat stays hers, a bot plays it on
    a.send_json({"type": "leave", "table": table, "id": "l"})
    assert until(a, "left")["re"] == "l"
    seats = seats_of(b, lambda ss: ss[0]["left"])
    assert (seats[0]["kind"], seats[0]["name"], seats[0]["auto"]) == ("human", "ann", True)
    assert client.get("/api/profiles/ann").json()["reputation"] == {"finished": 0,
                                                                   "abandoned": 0}
    # bob leaves, then comes back before the end: the seat is his again
    b.send_json({"type": "leave", "table": table})
    until(b, "left")
    b.send_json({"type": "join", "table": table})
    snap = until(b, "table")
    assert snap["seat"] == 1
    back = snap["table"]["seats"][1]
    assert (back["name"], back["left"], back["auto"], back["connected"]) == (
        "bob", False, False, True)
    assert snap["table"]["seats"][0]["left"]  # ann still has not come back
    assert snap["table"]["status"] == "playing"
    if snap["legal"]:  # his turn already: play_out answers only what comes next
        b.send_json({"type": "intent", "table": table, "state": snap["state"],
                     "action": snap["legal"][-1]})
    over = play_out(b, table)
    ann = client.get("/api/profiles/ann").json()
    bob = client.get("/api/profiles/bob").json()
    assert ann["reputation"] == {"finished": 0, "abandoned": 1}
    assert bob["reputation"] == {"finished": 1, "abandoned": 0}
    assert ann["history"][0]["result"] == "abandoned" and ann["history"][0]["abandoned"]
    assert bob["history"][0]["result"] == ("won" if over["winner"] == 1 else "lost")
    assert not bob["history"][0]["abandoned"]
    # the match counts: the rating of the one who left moved with the bot's result
    assert ann["ratings"][0]["played"] == 1 and over["ratings"][0]["name"] == "ann"
    for seat, name in ((0, "ann"), (1, "bob")):  # the over message's display scale
        (r,) = client.get(f"/api/profiles/{name}").json()["ratings"]
        assert over["ratings"][seat]["display"] == r["display"]
        assert over["ratings"][seat]["display_delta"] == r["display"] - 1000  # a newcomer
    assert over["ratings"][2] is None  # the bot
    # the table frees her seat at a rematch
    b.send_json({"type": "rematch", "table": table})
    seats = seats_of(b, lambda ss: ss[0]["kind"] == "empty")
    assert seats[1]["name"] == "bob"


def test_the_profile_lists_opponents_score_result_and_replay(
        client: TestClient, spec: dict[str, Any], open_: Open) -> None:
    a = open_(client, register(client, "dora"))
    b = open_(client, register(client, "emil"))
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table, "seat": 0})
    until(a, "table")
    b.send_json({"type": "join", "table": table, "seat": 1})
    until(b, "table")
    fill_with_bots(a, table, 2, level="hard")
    until(b, "state")  # the match has started
    b.send_json({"type": "leave", "table": table})  # emil leaves: his bot plays on
    until(b, "left")
    over = play_out(a, table)
    prof = client.get("/api/profiles/dora").json()
    assert prof["user"] == {"name": "dora", "guest": False}
    line = prof["history"][0]
    assert line["game_id"] == over["game_id"]
    assert (line["game"], line["preset"], line["seat"]) == (spec["game"], spec["preset"], 0)
    assert line["opponents"] == [{"seat": 1, "name": "emil", "bot": None},
                                 {"seat": 2, "name": None, "bot": "hard"}]
    assert line["score"] == over["totals"][0] and line["totals"] == over["totals"]
    assert line["won"] is (over["winner"] == 0)
    assert line["result"] == ("won" if over["winner"] == 0 else "lost")
    assert line["finished"] >= line["started"] > 0
    assert line["replay"] == f"#/replay/{over['game_id']}"
    steps = client.get(f"/api/games/{over['game_id']}/steps")  # what the replay link shows
    assert steps.status_code == 200 and steps.json()
    (r,) = prof["ratings"]
    assert (r["game"], r["preset"], r["played"]) == (spec["game"], spec["preset"], 1)
    assert r["rating"] == ratings.conservative(r["mu"], r["sigma"])
    assert {k: r[k] for k in ("display", "skill", "uncertainty")} == ratings.shown(
        r["mu"], r["sigma"])
    assert abs(r["display"] - (r["skill"] - 3 * r["uncertainty"])) <= 2  # rounding only
    board = client.get("/api/leaderboard", params={"game": spec["game"],
                                                   "preset": spec["preset"]}).json()
    assert {row["name"]: row["display"] for row in board["rows"]}["dora"] == r["display"]
    emil = client.get("/api/profiles/emil").json()
    assert emil["reputation"]["abandoned"] == 1
    assert emil["history"][0]["opponents"][0] == {"seat": 0, "name": "dora", "bot": None}
    assert client.get("/api/profiles/nobody").status_code == 404


def test_leaving_a_practice_match_abandons_nothing(client: TestClient, spec: dict[str, Any],
                                                  open_: Open) -> None:
    a = open_(client, register(client, "ines"))
    b = open_(client, register(client, "jack"))
    table = create(a, spec, hints=True)["table"]["id"]  # a practice table: not rated
    a.send_json({"type": "join", "table": table, "seat": 0})
    until(a, "table")
    b.send_json({"type": "join", "table": table, "seat": 1})
    until(b, "table")
    fill_with_bots(a, table, 2)
    until(b, "state")
    b.send_json({"type": "leave", "table": table})  # jack leaves; a bot plays on
    until(b, "left")
    over = play_out(a, table)
    assert over["ratings"] == []  # nothing rated
    jack = client.get("/api/profiles/jack").json()
    assert jack["reputation"] == {"finished": 1, "abandoned": 0}
    assert jack["history"][0]["result"] != "abandoned"


def test_a_player_who_left_stays_left_across_a_restart(make: Any, spec: dict[str, Any],
                                                       open_: Open) -> None:
    client = make(bot_delay=0.5)  # paced bots: the match is still running at the restart
    a = open_(client, register(client, "finn"))
    b = open_(client, register(client, "gail"))
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table, "seat": 0})
    until(a, "table")
    b.send_json({"type": "join", "table": table, "seat": 1})
    until(b, "table")
    fill_with_bots(a, table, 2)
    until(a, "state")
    a.send_json({"type": "leave", "table": table})
    until(a, "left")
    bye(a)
    bye(b)
    client = make(restart=True)
    seat = client.app.state.lobby.tables[table].seats[0]
    assert (seat.kind, seat.name, seat.left, seat.auto) == ("human", "finn", True, True)
    c = open_(client, register(client, "hugo"))
    c.send_json({"type": "watch", "table": table})
    assert until(c, "table")["table"]["seats"][0]["left"]


# -- the display scale -----------------------------------------------------------------------
@pytest.mark.parametrize(("mu", "sigma", "want"), [
    (25.0, 25 / 3, {"display": 1000, "skill": 2000, "uncertainty": 333}),  # a new player
    (30.0, 2.5, {"display": 1900, "skill": 2200, "uncertainty": 100}),  # 1000 + 40 x 22.5
    (20.0, 8.0, {"display": 840, "skill": 1800, "uncertainty": 320}),  # ordinal -4
    (0.0, 10.0, {"display": 0, "skill": 1000, "uncertainty": 400}),  # never below 0
])
def test_the_display_scale(mu: float, sigma: float, want: dict[str, int]) -> None:
    assert ratings.shown(mu, sigma) == want


def test_a_new_players_first_loss_shows_no_negative_number() -> None:
    # a newcomer last of three newcomers: openskill's ordinal goes below zero
    (mu, sigma), _, _ = ratings.update([None, None, None], [3, 1, 2])
    assert ratings.conservative(mu, sigma) < 0
    shown = ratings.shown(mu, sigma)
    assert 0 < shown["display"] < 1000 and shown["uncertainty"] < 333
