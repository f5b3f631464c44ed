"""Malformed, oversized, out-of-turn and forged messages during a match change nothing;
arbitrary Unicode (lone surrogates included) in any text field is refused or accepted
cleanly, and never breaks the other sockets at the table."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from kozyr.server.app import create_app
from kozyr.server.protocol import ERROR_CODES, LEVELS, SCHEMAS, _Str

from .conftest import TestClient
from .conftest import settings as fast_settings
from .helpers import GAME_SPEC, SEATS, bye, create, hello, until

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


# -- arbitrary Unicode in every text field -------------------------------------------------------
#: any character, lone surrogates (category Cs) included: st.text() alone never has them
UNI = st.characters(codec=None)
#: a few lone surrogates and halves of pairs, alone and inside text
SURROGATES = ["\ud800", "\udfff", "\udbff", "\udc00", "a\ud83cb", "\ud83c", "x\ude00",
              "\udc00\ud800"]
TABLE = "@table"  # stands for the id of the room's table
FENCE = "\u00a7fence"


def uni_text(max_size: int = 12, min_size: int = 0) -> st.SearchStrategy[str]:
    """Arbitrary text: any characters, or text made around lone surrogates."""
    return st.text(UNI, min_size=min_size, max_size=max_size) | st.sampled_from(SURROGATES) | \
        st.builds(lambda a, s, b: a + s + b, st.text(UNI, max_size=4),
                  st.sampled_from(SURROGATES), st.text(UNI, max_size=4))


def field_values(kind: str, name: str) -> st.SearchStrategy[Any]:
    """Values for ``name`` of a ``kind`` message: arbitrary text, or one that may pass."""
    text = uni_text()
    checker = SCHEMAS[kind][name][0]
    if name == "table":
        return st.just(TABLE) | st.just(TABLE) | text
    if name == "level":
        return st.sampled_from(LEVELS) | text
    if name == "text":  # chat: often a line that passes, so arbitrary text is relayed
        return text | st.text(st.characters(codec="utf-8"), min_size=1, max_size=40)
    if name == "spec":
        strings = st.dictionaries(uni_text(6), uni_text(6) | st.integers(), max_size=3)
        return strings | st.builds(lambda k, v: {**GAME_SPEC, k: v},
                                   st.sampled_from(["game", "preset", "options"]), text) | \
            st.builds(lambda k, v: {**GAME_SPEC, "options": {k: v}}, text, text | st.integers())
    if isinstance(checker, _Str):
        return text
    return text | st.integers(-2, 5)  # a number field given text, or a number


@st.composite
def unicode_messages(draw: Any) -> dict[str, Any]:
    """A message of any type whose text (values, ``id``, field names) may be anything."""
    kind = draw(st.sampled_from([*sorted(SCHEMAS), "chat", "chat", "chat"]))
    msg: dict[str, Any] = {"type": kind}
    for name in SCHEMAS[kind]:
        if draw(st.integers(0, 3)):  # mostly present
            msg[name] = draw(field_values(kind, name))
    if draw(st.booleans()):
        msg["id"] = draw(uni_text(70) | st.integers())
    if draw(st.integers(0, 3)) == 0:
        msg.update(draw(st.dictionaries(uni_text(8, min_size=1), uni_text(), max_size=2)))
    if draw(st.integers(0, 9)) == 0:
        msg["type"] = draw(uni_text())
    return msg


class Room:
    """A waiting table: a seated player, a spectator, and a fuzzer watching it."""

    def __init__(self, client: TestClient) -> None:
        self.player, _ = hello(client)
        self.watcher, _ = hello(client)
        self.fuzzer, welcome = hello(client)
        self.fuzzer_name = welcome["user"]["name"]
        self.table = create(self.player, dict(GAME_SPEC))["table"]["id"]
        self.player.send_json({"type": "join", "table": self.table, "seat": 0})
        until(self.player, "table")
        for ws in (self.watcher, self.fuzzer):
            ws.send_json({"type": "watch", "table": self.table})
            until(ws, "table")
        self.fences = 0
        self.chat_version = 0  # the last chat line relayed (a resync replays older ones)

    def fence(self, ws: Any) -> list[dict[str, Any]]:
        """Return what ``ws`` got until its answer to a ping (it must come: the socket lives)."""
        self.fences += 1
        mark = f"{FENCE}{self.fences}"
        ws.send_json({"type": "ping", "id": mark})
        out = []
        while (m := ws.receive_json())["type"] != "pong" or m.get("re") != mark:
            out.append(m)
        return out

    def close(self) -> None:
        for ws in (self.player, self.watcher, self.fuzzer):
            bye(ws)


@pytest.fixture(scope="module")
def room(tmp_path_factory: Any) -> Iterator[Room]:
    """Return a table with a player and a spectator, shared by every example."""
    db = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('unicode')}/kozyr.db"
    with TestClient(create_app(db, fast_settings())) as client:
        r = Room(client)
        try:
            yield r
        finally:
            r.close()


def check_answers(answers: list[dict[str, Any]]) -> None:
    """Every error names a known code, and none is a server bug."""
    for m in answers:
        if m["type"] == "error":
            assert m["code"] in ERROR_CODES and m["code"] != "internal", m


def test_a_lone_surrogate_in_any_text_field_is_refused(room: Room) -> None:
    """Each message type, each field (and ``id``, and a field name): ``bad_message``."""
    cases: list[dict[str, Any]] = []
    for kind, schema in SCHEMAS.items():
        for bad in SURROGATES[:3]:
            cases.append({"type": kind, "id": bad})
            cases.append({"type": kind, bad: 1})
            for name in schema:
                cases.append({"type": kind, name: bad})
            if kind == "create":
                cases.append({"type": kind, "spec": {**GAME_SPEC, "game": bad}})
                cases.append({"type": kind, "spec": {**GAME_SPEC, "options": {bad: 1}}})
            if kind == "chat":
                cases.append({"type": kind, "table": room.table, "text": f"hi {bad}"})
    for msg in cases:
        frame = json.dumps(msg)  # ensure_ascii: a surrogate travels as a \udXXX escape
        assert "\\ud" in frame and frame.isascii()
        room.fuzzer.send_text(frame)
        answers = room.fence(room.fuzzer)
        check_answers(answers)
        assert [m["code"] for m in answers if m["type"] == "error"] == ["bad_message"], msg
    line = {"type": "chat", "table": room.table, "text": "still here \u2660"}
    room.player.send_json(line)
    for ws in (room.player, room.watcher, room.fuzzer):
        chats = [m for m in room.fence(ws) if m["type"] == "chat"]
        assert [m["line"]["text"] for m in chats] == ["still here \u2660"]


def test_odd_but_valid_unicode_is_relayed_as_sent(room: Room) -> None:
    """Controls, bidi overrides, non-characters, the last code point, a joined emoji: relayed.

    NUL alone is refused (no database text column takes it): a bad_message, nothing relayed.
    """
    room.watcher.send_text(json.dumps({"type": "chat", "table": room.table, "text": "a\x00b"}))
    answers = room.fence(room.watcher)
    check_answers(answers)
    assert [m["code"] for m in answers if m["type"] == "error"] == ["bad_message"]
    assert not [m for m in answers if m["type"] == "chat"]
    lines = ["a\x01b\x1b[31m\x7f", "\u202eevil\u202c \u200f\u061c", "\ufffe\uffff \U0010ffff",
             "\U0001f469\u200d\U0001f4bb e\u0301 \ud83c\udca1"]
    for text in lines:
        room.watcher.send_text(json.dumps({"type": "chat", "table": room.table, "text": text}))
    # a surrogate pair escaped in JSON is one character (here U+1F0A1), not two halves
    sent = [*lines[:3], "\U0001f469\u200d\U0001f4bb e\u0301 \U0001f0a1"]
    for ws in (room.watcher, room.player, room.fuzzer):  # the sender first: then they went out
        got = room.fence(ws)
        check_answers(got)
        assert [m["line"]["text"] for m in got if m["type"] == "chat"] == sent


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(msg=unicode_messages())
def test_arbitrary_unicode_is_refused_or_accepted_cleanly(room: Room, msg: dict[str, Any]
                                                          ) -> None:
    msg = {k: room.table if v == TABLE else v for k, v in msg.items()}
    room.fuzzer.send_text(json.dumps(msg))  # ensure_ascii=True: surrogates as escapes
    room.fuzzer.send_json({"type": "watch", "table": room.table})  # stay at the table
    answers = room.fence(room.fuzzer)
    check_answers(answers)
    errors = [m["code"] for m in answers if m["type"] == "error"]
    kind = msg["type"] if msg["type"] in SCHEMAS else "(another type)"
    event(f"{kind}: {errors[0] if errors else 'accepted'}")  # --hypothesis-show-statistics
    lone = any(0xD800 <= ord(c) <= 0xDFFF for c in json.dumps(msg, ensure_ascii=False))
    event("a lone surrogate" if lone else "valid Unicode")
    def new_lines(got: list[dict[str, Any]]) -> list[str]:
        return [m["line"]["text"] for m in got if m["type"] == "chat"
                and m["version"] > room.chat_version and m["line"]["from"] == room.fuzzer_name]

    relayed = new_lines(answers)
    # the other sockets at the table still answer, and got any line the fuzzer's chat made
    for ws in (room.player, room.watcher):
        got = room.fence(ws)
        check_answers(got)
        assert new_lines(got) == relayed
    room.chat_version = max([room.chat_version, *(m["version"] for m in answers
                                                  if m["type"] == "chat")])
