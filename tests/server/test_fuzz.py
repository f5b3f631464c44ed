"""Malformed, oversized, out-of-turn and forged messages during a match change nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kozyr.server.app import create_app

from .conftest import TestClient
from .conftest import settings as fast_settings
from .helpers import GAME_SPEC, SEATS
from .test_ws import bye, create, hello, until

ACTIONS = ["pass", "bid 100", "bid 120", "bid 300", "bid 5000", "play AS", "play KH marriage",
           "give 1 9C", "give 7 AS", "contract 120", "writeoff", "take 0", "trump H", "accept",
           "play", "", "x" * 64, "play ZZ", "bid -5", "blind", "redeal", "keep", "declare"]

fields = st.fixed_dictionaries({}, optional={
    "table": st.just("@") | st.just("@") | st.text(max_size=20),
    "state": st.integers(-3, 40) | st.text(max_size=5),
    "action": st.sampled_from(ACTIONS) | st.text(max_size=70), "seat": st.integers(-1, 5),
    "level": st.sampled_from(["easy", "god", ""]), "text": st.text(max_size=5),
    "version": st.integers(-1, 50), "invite": st.text(max_size=5), "v": st.integers(0, 3),
    "spec": st.none(), "id": st.integers() | st.text(max_size=70) | st.booleans(),
    "forged": st.booleans()})
kinds = st.sampled_from(["intent", "join", "watch", "add_bot", "remove_bot", "rematch", "back",
                         "resync", "ping", "hello", "nonsense", "unlobby", "intent", "intent"])


class Game:
    """Three (or two) humans at a running table, built once for all examples."""

    def __init__(self, client: TestClient, spec: dict[str, Any]) -> None:
        self.client = client
        self.ws = [hello(client)[0] for _ in range(SEATS)]
        self.table = create(self.ws[0], spec)["table"]["id"]
        for i, ws in enumerate(self.ws):
            ws.send_json({"type": "join", "table": self.table, "seat": i})
        self.master = client.app.state.lobby.tables[self.table]  # type: ignore[attr-defined]
        for ws in self.ws:
            msg = until(ws, "state")
            while msg["state"] != self.master.step:
                msg = until(ws, "state")

    def fingerprint(self) -> Any:
        m = self.master.match
        return (self.master.step, self.master.status, json.dumps(m.record_deals()),
                [json.dumps(m.observation(s)) for s in [*range(SEATS), None]])


    def close(self) -> None:
        for ws in self.ws:
            bye(ws)


@pytest.fixture(scope="module")
def game(tmp_path_factory: Any) -> Iterator[Game]:
    """Return a running match shared by every fuzzing example."""
    db = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('fuzz')}/kozyr.db"
    with TestClient(create_app(db, fast_settings())) as client:
        g = Game(client, dict(GAME_SPEC))
        try:
            yield g
        finally:
            g.close()


@settings(max_examples=120, deadline=None)
@given(sender=st.integers(0, SEATS - 1), kind=kinds, body=fields, raw=st.booleans(),
       junk=st.binary(max_size=30))
def test_refused_messages_change_nothing(game: Game, sender: int, kind: str,
                                         body: dict[str, Any], raw: bool, junk: bytes) -> None:
    m = game.master.match
    to_act = m.current_player()
    msg = {"type": kind, **body}
    if body.get("table") == "@":
        msg["table"] = game.table
    if kind == "intent" and sender == to_act and msg.get("state") == game.master.step:
        assume(msg.get("action") not in m.legal_texts())
    before = game.fingerprint()
    ws = game.ws[sender]
    if raw:
        ws.send_bytes(junk + b"{")
    else:
        ws.send_text(json.dumps(msg))
    ws.send_json({"type": "ping", "id": "fence"})
    while True:
        reply = ws.receive_json()
        if reply["type"] == "pong" and reply.get("re") == "fence":
            break
        assert reply["type"] != "state", reply
    assert game.fingerprint() == before


def test_oversized_and_forged_intents_are_refused(client: TestClient, spec: dict[str, Any]
                                                  ) -> None:
    game = Game(client, spec)
    m = game.master.match
    to_act = m.current_player()
    idle = (to_act + 1) % SEATS
    before = game.fingerprint()
    legal = m.legal_texts()[0]
    ws = game.ws[idle]
    # an idle seat cannot act for the seat to act, not even by naming it
    ws.send_json({"type": "intent", "table": game.table, "state": game.master.step,
                  "action": legal, "seat": to_act})
    assert until(ws, "error")["code"] == "bad_message"
    ws.send_json({"type": "intent", "table": game.table, "state": game.master.step,
                  "action": legal})
    assert until(ws, "error")["code"] == "not_your_turn"
    ws.send_text(json.dumps({"type": "intent", "table": game.table, "state": 0,
                             "action": "x" * 5000}))
    assert until(ws, "error")["code"] == "too_large"
    assert game.fingerprint() == before
    game.close()
