"""Protocol tests with Starlette's TestClient: every message type of docs/protocol.md."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from kozyr.server.conn import Conn
from kozyr.server.protocol import SCHEMAS
from kozyr.server.settings import Settings
from kozyr.server.storage import User
from kozyr.server.ws import HANDLERS, Room, handle

from .conftest import TestClient
from .helpers import SEATS, bye, create, fill_with_bots, hello, play_to_end, register, until


def test_hello_gives_a_guest_or_the_session_user(client: TestClient) -> None:
    ws, welcome = hello(client)
    assert welcome["user"]["guest"] and welcome["user"]["name"].startswith("guest-")
    assert welcome["v"] == 1 and welcome["limits"]["max_message"] == 4096
    ws.send_json({"type": "hello", "v": 1})
    assert until(ws, "error")["code"] == "bad_message"
    bye(ws)
    token = register(client, "ann")
    ws, welcome = hello(client, token)
    assert welcome["user"] == {"name": "ann", "guest": False}
    bye(ws)


def test_first_message_must_be_hello_and_versions_are_checked(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "ping", "id": 1})
        assert ws.receive_json() == {"type": "error", "code": "not_hello",
                                     "message": "send hello first", "re": 1}
        ws.send_json({"type": "hello", "v": 2})
        assert ws.receive_json()["code"] == "unsupported_version"
        with pytest.raises(Exception):  # noqa: B017 - the server closed the socket
            ws.receive_json()


def test_malformed_messages_get_errors_and_the_socket_lives(client: TestClient) -> None:
    ws, _ = hello(client)
    ws.send_text("{nope")
    assert until(ws, "error")["code"] == "bad_json"
    ws.send_text(json.dumps({"type": "chat", "table": "x", "text": "y" * 5000, "id": 3}))
    msg = until(ws, "error")
    assert (msg["code"], msg.get("re")) == ("too_large", None)
    ws.send_json({"type": "join", "table": "x", "bogus": 1, "id": "q"})
    msg = until(ws, "error")
    assert (msg["code"], msg["re"]) == ("bad_message", "q")
    ws.send_json({"type": "join", "table": "nosuch"})
    assert until(ws, "error")["code"] == "unknown_table"
    ws.send_json({"type": "ping", "id": 9})
    pong = until(ws, "pong")
    assert pong["re"] == 9 and pong["t"] > 0
    bye(ws)


def test_lobby_snapshot_counts_and_table_pushes(client: TestClient, spec: dict[str, Any]
                                               ) -> None:
    ws, _ = hello(client)
    ws.send_json({"type": "lobby"})
    snap = until(ws, "lobby")
    assert snap["online"] == 1
    names = {(s["game"], s["preset"]) for s in snap["salons"]}
    assert (spec["game"], spec["preset"]) in names
    other, _ = hello(client)
    assert until(ws, "counts")["online"] == 2
    table = create(other, spec)["table"]
    create(other, spec, private=True)
    update = until(ws, "lobby_update")  # only what changed: the public table
    assert [t["id"] for t in update["tables"]] == [table["id"]] and update["gone"] == []
    ws.send_json({"type": "unlobby", "id": 4})
    assert until(ws, "ok")["re"] == 4
    bye(other)
    bye(ws)


def test_join_watch_leave_and_seat_errors(client: TestClient, spec: dict[str, Any]) -> None:
    a, wa = hello(client)
    b, _ = hello(client)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table, "seat": 1})
    snap = until(a, "table")
    assert snap["seat"] == 1 and snap["table"]["seats"][1]["name"] == wa["user"]["name"]
    assert snap["obs"] is None and snap["table"]["status"] == "waiting"
    b.send_json({"type": "join", "table": table, "seat": 1})
    assert until(b, "error")["code"] == "seat_taken"
    b.send_json({"type": "join", "table": table, "seat": 3})
    assert until(b, "error")["code"] in ("bad_seat", "bad_message")
    b.send_json({"type": "watch", "table": table})
    watch = until(b, "table")
    assert watch["seat"] is None and watch["table"]["spectators"] == 1
    a.send_json({"type": "leave", "table": table, "id": "l"})
    assert until(a, "left")["re"] == "l"
    # the last human left a waiting table: it is closed
    b.send_json({"type": "join", "table": table})
    assert until(b, "error")["code"] == "unknown_table"
    bye(a)
    bye(b)


def test_private_tables_need_the_invite(client: TestClient, spec: dict[str, Any]) -> None:
    a, _ = hello(client)
    b, _ = hello(client)
    made = create(a, spec, private=True)
    table, invite = made["table"]["id"], made["invite"]
    assert invite
    b.send_json({"type": "watch", "table": table})
    assert until(b, "error")["code"] == "unknown_table"
    b.send_json({"type": "join", "table": table, "invite": invite})
    assert until(b, "table")["seat"] == 0
    bye(a)
    bye(b)


def test_bots_fill_seats_and_the_match_starts(client: TestClient, spec: dict[str, Any]) -> None:
    a, _ = hello(client)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    a.send_json({"type": "add_bot", "table": table, "seat": 1, "level": "genius"})
    assert until(a, "error")["code"] == "bad_message"
    a.send_json({"type": "add_bot", "table": table, "seat": 1, "level": "easy"})
    assert until(a, "table")["table"]["seats"][1]["kind"] == "bot"
    a.send_json({"type": "remove_bot", "table": table, "seat": 1})
    assert until(a, "table")["table"]["seats"][1]["kind"] == "empty"
    a.send_json({"type": "remove_bot", "table": table, "seat": 1})
    assert until(a, "error")["code"] == "bad_seat"
    fill_with_bots(a, table, 1)
    snap = until(a, "state")
    assert snap["obs"] is not None and snap["seat"] == 0
    a.send_json({"type": "add_bot", "table": table, "seat": 1, "level": "easy"})
    assert until(a, "error")["code"] == "table_full"
    bye(a)


def test_intent_errors_change_nothing(client: TestClient, spec: dict[str, Any]) -> None:
    a, _ = hello(client)
    b, _ = hello(client)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table, "seat": 0})
    until(a, "table")
    a.send_json({"type": "intent", "table": table, "state": 0, "action": "pass", "id": 1})
    assert until(a, "error")["code"] == "not_started"
    b.send_json({"type": "join", "table": table, "seat": 1})
    for seat in range(2, SEATS):
        a.send_json({"type": "add_bot", "table": table, "seat": seat, "level": "easy"})
    # wait until a human seat is to act, then read the actor's own view of that state
    msg = until(a, "state", "table")
    while msg["to_act"] not in (0, 1) or msg["obs"] is None:
        msg = until(a, "state", "table")
    actor, idle = (a, b) if msg["to_act"] == 0 else (b, a)
    if actor is b:
        target = msg["state"]
        msg = until(b, "state", "table")
        while msg["state"] != target:
            msg = until(b, "state", "table")
    state = msg["state"]
    legal = msg["legal"]
    assert legal
    idle.send_json({"type": "intent", "table": table, "state": state, "action": legal[0],
                    "id": 2})
    assert until(idle, "error")["code"] == "not_your_turn"
    actor.send_json({"type": "intent", "table": table, "state": state - 1,
                     "action": legal[0], "id": 3})
    err = until(actor, "error")
    assert (err["code"], err["state"], err["re"]) == ("stale_state", state, 3)
    actor.send_json({"type": "intent", "table": table, "state": state, "action": "bid 5000"})
    err = until(actor, "error")
    assert err["code"] == "illegal_action" and err["message"]
    actor.send_json({"type": "intent", "table": table, "state": state, "action": "gibberish"})
    assert until(actor, "error")["code"] == "illegal_action"
    actor.send_json({"type": "resync", "table": table})
    again = until(actor, "table")
    assert again["state"] == state and again["legal"] == legal
    actor.send_json({"type": "intent", "table": table, "state": state, "action": legal[0]})
    assert until(actor, "state")["state"] > state
    c, _ = hello(client)
    c.send_json({"type": "watch", "table": table})
    until(c, "table")
    c.send_json({"type": "intent", "table": table, "state": state, "action": legal[0]})
    assert until(c, "error")["code"] == "not_seated"
    for ws in (a, b, c):
        bye(ws)


def test_chat_is_relayed_as_text_and_limited(client: TestClient, spec: dict[str, Any]) -> None:
    a, wa = hello(client)
    b, _ = hello(client)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "chat", "table": table, "text": "hi"})
    assert until(a, "error")["code"] == "not_seated"
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    b.send_json({"type": "watch", "table": table})
    until(b, "table")
    a.send_json({"type": "chat", "table": table, "text": "  <b>gl</b> & hf  "})
    line = until(b, "chat")
    assert line["line"]["text"] == "<b>gl</b> & hf"
    assert line["line"]["from"] == wa["user"]["name"] and line["version"] > 0
    a.send_json({"type": "chat", "table": table, "text": "x" * 301})
    assert until(a, "error")["code"] == "chat_too_long"
    a.send_json({"type": "chat", "table": table, "text": "   "})
    assert until(a, "error")["code"] == "bad_message"
    for i in range(4):
        a.send_json({"type": "chat", "table": table, "text": f"line {i}"})
    a.send_json({"type": "chat", "table": table, "text": "one too many"})
    assert until(a, "error")["code"] == "rate_limited"
    b.send_json({"type": "resync", "table": table, "version": line["version"]})
    missed = []
    while True:
        msg = b.receive_json()
        if msg["type"] == "table":
            break
        if msg["type"] == "chat":
            missed.append(msg["line"]["text"])
    assert missed[-4:] == [f"line {i}" for i in range(4)]
    assert [c["text"] for c in msg["chat"]][-5:] == ["<b>gl</b> & hf", *missed[-4:]]
    bye(a)
    bye(b)


def test_whole_match_over_rematch_and_records(client: TestClient, spec: dict[str, Any]
                                              ) -> None:
    token = register(client, "bob")
    a, _ = hello(client, token)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    fill_with_bots(a, table, 1)
    over = play_to_end(a, table)
    assert len(over["totals"]) == SEATS and over["winner"] is not None
    assert over["record"] == f"/api/games/{over['game_id']}/record"
    assert over["ratings"][0]["name"] == "bob" and over["ratings"][1] is None
    if spec["game"] == "thousand":
        pay = over["settlement"]
        assert sum(pay) == 0 and pay[over["winner"]] == max(pay) > 0
    a.send_json({"type": "intent", "table": table, "state": 0, "action": "pass"})
    assert until(a, "error")["code"] == "game_over"
    record = client.get(over["record"]).json()
    assert record["players"][0] == "bob" and record["deals"]
    from kozyr.records import replay_record

    assert replay_record(record).match.totals == over["totals"]
    game = client.get(f"/api/games/{over['game_id']}").json()
    assert game["sheet"] == over["sheet"] and game["status"] == "finished"
    prof = client.get("/api/profiles/bob").json()
    assert prof["reputation"] == {"finished": 1, "abandoned": 0}
    assert prof["history"][0]["game_id"] == over["game_id"]
    assert prof["ratings"][0]["played"] == 1
    board = client.get("/api/leaderboard", params={"game": spec["game"],
                                                   "preset": spec["preset"]}).json()
    assert [r["name"] for r in board["rows"]] == ["bob"]
    a.send_json({"type": "rematch", "table": table})
    snap = until(a, "table")
    while snap["table"]["status"] != "playing":
        snap = until(a, "table")
    assert snap["table"]["game_id"] != over["game_id"]
    bye(a)


def test_leaving_a_running_match_hands_the_seat_to_a_bot(client: TestClient,
                                                         spec: dict[str, Any]) -> None:
    token = register(client, "cyd")
    a, _ = hello(client, token)
    b, _ = hello(client)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    b.send_json({"type": "join", "table": table})
    until(b, "table")
    fill_with_bots(a, table, 2)
    until(a, "state")
    a.send_json({"type": "leave", "table": table})
    until(a, "left")
    snap = until(b, "table")
    while not snap["table"]["seats"][0]["left"]:
        snap = until(b, "table")
    # the seat stays cyd's while a bot plays it on; he may come back until the match ends
    seat = snap["table"]["seats"][0]
    assert (seat["kind"], seat["name"], seat["auto"], seat["connected"]) == (
        "human", "cyd", True, False)
    prof = client.get("/api/profiles/cyd").json()
    assert prof["reputation"]["abandoned"] == 0  # counted only if the match ends without him
    bye(a)
    bye(b)


def test_move_clock_and_back(client: TestClient, spec: dict[str, Any]) -> None:
    a, _ = hello(client)
    b, _ = hello(client)
    made = create(a, spec, clock=5)
    assert made["table"]["clock"] == 5
    table = made["table"]["id"]
    client.app.state.lobby.tables[table].clock = 0.2  # type: ignore[attr-defined]
    a.send_json({"type": "join", "table": table, "seat": 0})
    b.send_json({"type": "join", "table": table, "seat": 1})
    fill_with_bots(a, table, 2)
    # nobody answers: the clock runs out and seats become auto; a bot plays for them
    seen_deadline = False
    while True:
        msg = until(a, "table", "state")
        seen_deadline |= msg.get("deadline") is not None
        if msg["type"] == "table" and msg["table"]["seats"][0]["auto"]:
            break
    assert seen_deadline
    a.send_json({"type": "back", "table": table})
    msg = until(a, "table")
    while msg["table"]["seats"][0]["auto"]:
        msg = until(a, "table")
    bye(a)
    bye(b)


@pytest.mark.timeout(120)
def test_a_bot_answering_nonsense_never_stalls_the_table(
        client: TestClient, spec: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from kozyr.server.botpool import BotPool

    async def nonsense(self: BotPool, match: Any, seat: int, name: str, seed: int) -> str:
        return "play 7S"  # never legal in Thousand (no sevens) nor in a 2-seat test game

    monkeypatch.setattr(BotPool, "choose", nonsense)
    a, _ = hello(client)
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table, "seat": 0})
    fill_with_bots(a, table, 1)
    over = play_to_end(a, table)  # the bots fall back to random legal actions
    assert over["type"] == "over"
    bye(a)


# -- the handler table (kozyr.server.ws.HANDLERS) ------------------------------------------
#: a valid example of every client message type, as documented in docs/protocol.md §4
EXAMPLES: dict[str, dict[str, Any]] = {
    "hello": {"v": 1}, "ping": {}, "lobby": {}, "unlobby": {}, "create": {"spec": {}},
    "play_now": {"game": "thousand", "preset": "classic"},
    "join": {"table": "t1", "seat": 2}, "watch": {"table": "t1"}, "leave": {"table": "t1"},
    "add_bot": {"table": "t1", "seat": 0, "level": "easy"},
    "remove_bot": {"table": "t1", "seat": 0}, "rematch": {"table": "t1"},
    "back": {"table": "t1"}, "intent": {"table": "t1", "state": 0, "action": "pass"},
    "chat": {"table": "t1", "text": "hi"}, "resync": {"table": "t1", "version": 3},
    "tournament_create": {"spec": {}}, "tournament_register": {"tournament": "k1"},
    "tournament_unregister": {"tournament": "k1"}, "tournament_follow": {"tournament": "k1"},
    "tournament_cancel": {"tournament": "k1"},
    "tournament_unfollow": {"tournament": "k1"},
    "friends": {}, "friend_request": {"name": "bob"}, "friend_accept": {"name": "bob"},
    "friend_decline": {"name": "bob"}, "friend_remove": {"name": "bob"},
    "block": {"name": "bob"}, "unblock": {"name": "bob"},
    "invite_friend": {"table": "t1", "name": "bob"},
    "report": {"name": "bob", "reason": "rude", "table": "t1"},
}


def test_the_handler_table_has_one_entry_per_documented_type() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    documented = set(re.findall(r'^> \{"type": "([a-z_]+)"', doc, re.M))
    assert documented == set(SCHEMAS) == set(HANDLERS) == set(EXAMPLES)


class _Recorder:
    """A stand-in lobby, table or auth: each call is logged as (name, method, args)."""

    def __init__(self, name: str, log: list[tuple[Any, ...]], **answers: Any) -> None:
        self.name, self.log, self.answers = name, log, answers
        self.invite = None

    def __getattr__(self, method: str) -> Any:
        def call(*args: Any) -> Any:
            self.log.append((self.name, method, *(a for a in args if not isinstance(a, Conn))))
            answer = self.answers.get(method)
            if method in ("subscribe", "unsubscribe", "connect", "get", "info", "unfollow"):
                return answer

            async def done() -> Any:
                return answer
            return done()
        return call


#: what ``tournaments.create`` answers in the routing test: a row with its invite
ROW = SimpleNamespace(invite=None)
#: what each message type's handler does: the calls it makes, the replies it sends
ROUTES: dict[str, tuple[list[tuple[Any, ...]], list[str]]] = {
    "hello": ([("auth", "user", None), ("auth", "user", None), ("auth", "guest", ""),
               ("lobby", "connect"), ("people", "connected")], ["welcome"]),
    "ping": ([], ["pong"]),
    "lobby": ([("lobby", "subscribe")], []),
    "unlobby": ([("lobby", "unsubscribe")], ["ok"]),
    "create": ([("lobby", "create_table", User(1, "ann", False), {}), ("table", "info")],
               ["created"]),
    "play_now": ([("lobby", "play_now", "thousand", "classic"), ("table", "info")], ["quick"]),
    "join": ([("lobby", "get", "t1"), ("table", "join", 2, None)], []),
    "watch": ([("lobby", "get", "t1"), ("table", "watch", None)], []),
    "leave": ([("lobby", "get", "t1"), ("table", "leave")], ["left"]),
    "add_bot": ([("lobby", "get", "t1"), ("table", "add_bot", 0, "easy")], []),
    "remove_bot": ([("lobby", "get", "t1"), ("table", "remove_bot", 0)], []),
    "rematch": ([("lobby", "get", "t1"), ("table", "rematch")], []),
    "back": ([("lobby", "get", "t1"), ("table", "back")], []),
    "intent": ([("lobby", "get", "t1"), ("table", "intent", 0, "pass")], []),
    "chat": ([("lobby", "get", "t1"), ("table", "chat", "hi")], []),
    "resync": ([("lobby", "get", "t1"), ("table", "resync", 3)], []),
    "tournament_create": ([("tournaments", "create", User(1, "ann", False), {}),
                           ("tournaments", "view_of", ROW, User(1, "ann", False))],
                          ["tournament_created"]),
    "tournament_register": ([("tournaments", "register", User(1, "ann", False), "k1", None)],
                            ["ok"]),
    "tournament_unregister": ([("tournaments", "unregister", User(1, "ann", False), "k1")],
                              ["ok"]),
    "tournament_cancel": ([("tournaments", "cancel", User(1, "ann", False), "k1")], ["ok"]),
    "tournament_follow": ([("tournaments", "follow", "k1", None)], []),
    "tournament_unfollow": ([("tournaments", "unfollow", "k1")], ["ok"]),
    "friends": ([("people", "payload", User(1, "ann", False))], ["friends"]),
    **{kind: ([("people", method, User(1, "ann", False), "bob")], ["ok"])
       for kind, method in (("friend_request", "request"), ("friend_accept", "accept"),
                            ("friend_decline", "decline"), ("friend_remove", "remove"),
                            ("block", "block"), ("unblock", "unblock"))},
    "invite_friend": ([("people", "invite_friend", User(1, "ann", False), "t1", "bob")],
                      ["ok"]),
    "report": ([("people", "report", User(1, "ann", False), "bob", "rude", "t1")], ["ok"]),
}


async def test_each_type_is_routed_to_its_own_handler() -> None:
    assert set(ROUTES) == set(HANDLERS)
    log: list[tuple[Any, ...]] = []
    table = _Recorder("table", log, info={})
    lobby = _Recorder("lobby", log, get=table, create_table=table, play_now=table)
    auth = _Recorder("auth", log, guest=(User(2, "guest-1", True), "token"))
    tournaments = _Recorder("tournaments", log, create=ROW, view_of={})
    people = _Recorder("people", log, payload={"type": "friends"})
    room: Any = Room(lobby, auth, None, None, Settings(),  # type: ignore[arg-type]
                     tournaments=tournaments, people=people)  # type: ignore[arg-type]

    class Socket:  # the upgrade carried no cookie
        cookies: ClassVar[dict[str, str]] = {}

    class Host:
        settings = Settings(rate=1000.0)

    for i, (kind, (calls, replies)) in enumerate(ROUTES.items()):
        conn = Conn(Socket(), Host())
        conn.user = None if kind == "hello" else User(1, "ann", False)
        log.clear()
        await handle(room, conn, json.dumps({"type": kind, "id": i, **EXAMPLES[kind]}))
        sent: list[dict[str, Any]] = []
        while not conn.queue.empty():
            text = conn.queue.get_nowait()
            if text is not None:
                sent.append(json.loads(text))
        assert log == calls, kind
        assert [m["type"] for m in sent] == replies, (kind, sent)
        assert all(m.get("re") == i for m in sent), kind


def test_an_unknown_type_is_answered_bad_message(client: TestClient) -> None:
    with client.websocket_connect("/ws") as sock:  # before hello too
        sock.send_json({"type": "nosuch", "id": 4})
        msg = sock.receive_json()
        assert (msg["type"], msg["code"], msg["re"]) == ("error", "bad_message", 4)
        assert msg["message"].startswith("unknown message type")
    sock, _ = hello(client)
    for bad in ({"type": "nosuch", "id": "x"}, {"type": 7, "id": "x"}, {"id": "x"}):
        sock.send_json(bad)
        msg = until(sock, "error")
        assert (msg["code"], msg["re"]) == ("bad_message", "x")
    sock.send_json({"type": "ping", "id": 5})  # the socket lives on
    assert until(sock, "pong")["re"] == 5
    bye(sock)


@pytest.mark.parametrize("game", ["thousand", "debertz", "tertz"])
def test_table_info_names_the_games_web_renderer(client: TestClient, game: str) -> None:
    from kozyr.games.registry import spec as game_spec

    ws, _ = hello(client)
    preset = game_spec(game).salons[0][0]
    info = create(ws, {"game": game, "preset": preset})["table"]
    assert info["game"] == game and info["web"] == game_spec(game).web
    bye(ws)
