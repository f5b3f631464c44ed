"""A profile's statistics (issue 16): ``GET /api/profiles/{name}/stats`` per game and preset,
checked against the stored matches' sheets read back through ``GET /api/games/{id}`` and
counted here independently."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import TestClient  # type: ignore[attr-defined]
from .helpers import SEATS, bye, create, fill_with_bots, hello, register, until


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let every bot play a random legal action: the figures are under test, not the bots."""
    from kozyr.bots.base import RandomBot
    from kozyr.server.botpool import BotPool

    async def random_move(self: BotPool, match: Any, seat: int, name: str, seed: int) -> str:
        return str(match.action_to_text(RandomBot(seed).act(match.view(seat))))

    monkeypatch.setattr(BotPool, "choose", random_move)


@pytest.fixture
def sockets() -> Iterator[list[Any]]:
    """Sockets opened by a test, closed at its end (a failing assertion does not hang)."""
    opened: list[Any] = []
    yield opened
    for ws in opened:
        with contextlib.suppress(Exception):
            bye(ws)


def play_match(client: TestClient, token: str, spec: dict[str, Any], level: str,
               sockets: list[Any]) -> dict[str, Any]:
    """Play one match at seat 0 against bots of ``level``; return its ``over`` message."""
    ws, _ = hello(client, token)
    sockets.append(ws)
    table = create(ws, spec)["table"]["id"]
    ws.send_json({"type": "join", "table": table, "seat": 0})
    until(ws, "table")
    fill_with_bots(ws, table, 1, level=level)
    for _ in range(20000):
        msg = ws.receive_json()
        if msg["type"] == "over":
            return dict(msg)
        if msg["type"] == "error":  # a position answered twice: refused, changes nothing
            assert msg["code"] in ("not_your_turn", "stale_state"), msg
        if msg["type"] in ("state", "table") and msg["legal"]:
            ws.send_json({"type": "intent", "table": table, "state": msg["state"],
                          "action": msg["legal"][-1]})
    raise AssertionError("the match did not end")


def expected(client: TestClient, name: str, ids: list[str]) -> dict[str, Any]:
    """Count the figures from the finished games' sheets, independently of the server."""
    out: dict[str, Any] = {"played": 0, "won": 0, "abandoned": 0, "deals": 0, "declared": 0,
                           "made": 0, "marks": Counter(), "against_bots": {}}
    contracts: list[int] = []
    best: tuple[int, str] | None = None
    for gid in ids:
        g = client.get(f"/api/games/{gid}").json()
        seat = g["players"].index(name)
        out["played"] += 1
        won = g["winner"] == seat or (isinstance(g["winner"], list) and seat in g["winner"])
        out["won"] += won
        for row in g["sheet"]:
            out["deals"] += 1
            out["marks"].update(row["marks"][seat])
            if row["declarer"] == seat:
                out["declared"] += 1
                out["made"] += row["scores"][seat] >= 0
                c = row["contract"] if row["contract"] is not None else row["bid"]
                if c is not None:
                    contracts.append(c)
        if best is None or g["totals"][seat] >= best[0]:  # ids oldest first: a tie, the newest
            best = (g["totals"][seat], gid)
        for level in {p[4:] for p in g["players"] if p.startswith("bot:")}:
            b = out["against_bots"].setdefault(level, {"played": 0, "won": 0})
            b["played"] += 1
            b["won"] += won
    out["marks"] = dict(out["marks"])
    out["average_contract"] = (round(sum(contracts) / len(contracts), 1)
                               if contracts else None)
    assert best is not None
    out["best"] = {"game_id": best[1], "total": best[0]}
    return out


def test_stats_count_the_stored_sheets(client: TestClient, spec: dict[str, Any],
                                       sockets: list[Any]) -> None:
    fay = register(client, "fay")
    gus = register(client, "gus")
    overs = [play_match(client, fay, spec, "easy", sockets),
             play_match(client, fay, spec, "hard", sockets)]
    fays = [o["game_id"] for o in overs]
    gus_over = play_match(client, gus, spec, "easy", sockets)
    gus_game = gus_over["game_id"]

    got = client.get("/api/profiles/fay/stats").json()
    assert got["user"] == {"name": "fay", "guest": False} and got["limit"] == 500
    (s,) = got["stats"]
    assert (s["game"], s["preset"]) == (spec["game"], spec["preset"])
    want = expected(client, "fay", fays)
    for key, value in want.items():
        assert s[key] == value, key
    # the rating chart: one point per rated match, oldest first, as each over message showed
    assert [h["display"] for h in s["history"]] == [o["ratings"][0]["display"] for o in overs]
    assert s["history"][0]["at"] <= s["history"][1]["at"]
    (r,) = client.get("/api/profiles/fay").json()["ratings"]
    assert s["history"][-1]["display"] == r["display"]
    assert set(s["against_bots"]) == {"easy", "hard"}
    assert s["deals"] >= 2 and s["declared"] <= s["deals"]
    if spec["game"] == "thousand":
        assert s["barrel_falls"] == want["marks"].get("barrel-fall", 0)
        assert SEATS == 3

    # another user's figures hold his match only
    (g,) = client.get("/api/profiles/gus/stats").json()["stats"]
    assert g["played"] == 1 and g["best"]["game_id"] == gus_game
    assert g["against_bots"] == {"easy": {"played": 1, "won": g["won"]}}
    assert g["history"] == [{"at": g["history"][0]["at"],
                             "display": gus_over["ratings"][0]["display"]}]
    assert g == {**expected(client, "gus", [gus_game]), "game": spec["game"],
                 "preset": spec["preset"], "history": g["history"],
                 **({"barrel_falls": g["barrel_falls"]} if "barrel_falls" in g else {})}


def test_stats_of_a_user_without_matches_and_of_nobody(client: TestClient) -> None:
    register(client, "hal")
    assert client.get("/api/profiles/hal/stats").json()["stats"] == []
    r = client.get("/api/profiles/nobody/stats")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_user"
