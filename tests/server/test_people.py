"""People (kozyr.server.people, docs/protocol.md §4.8): friend requests, accepting,
declining, removing and their pushes; online and "where" (a private table stays hidden);
invitations to a friend only; blocks hide chat (live, in snapshots and in resyncs), refuse
requests and invitations and keep two users off one quick-play table; reports stored and
listed by ``kozyr admin reports``; guests refused; bad input answered with clear errors."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from kozyr.cli import app as cli_app

from .conftest import TestClient
from .helpers import GAME_SPEC, SEATS, Ws, bye, create, hello, register, until

SALON = {"game": GAME_SPEC["game"], "preset": GAME_SPEC["preset"]}


def _user(client: TestClient, name: str) -> Ws:
    ws, _ = hello(client, register(client, name))
    return ws


def _ask(ws: Ws, msg: dict[str, Any]) -> dict[str, Any]:
    """Send ``msg`` with an id; return its answer (``ok``, ``friends`` or ``error``)."""
    ws.send_json({**msg, "id": "a"})
    for _ in range(1000):
        got: dict[str, Any] = ws.receive_json()
        if got.get("re") == "a":
            return got
    raise AssertionError("no answer")


def _ok(ws: Ws, msg: dict[str, Any]) -> None:
    got = _ask(ws, msg)
    assert got["type"] == "ok", got


def _error(ws: Ws, msg: dict[str, Any]) -> str:
    got = _ask(ws, msg)
    assert got["type"] == "error", got
    return str(got["code"])


def _friends(ws: Ws) -> dict[str, Any]:
    got = _ask(ws, {"type": "friends"})
    assert got["type"] == "friends", got
    return got


def _befriend(a: Ws, b: Ws, a_name: str, b_name: str) -> None:
    _ok(a, {"type": "friend_request", "name": b_name})
    _ok(b, {"type": "friend_accept", "name": a_name})


def _sit(ws: Ws, table: str, seat: int, invite: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "join", "table": table, "seat": seat}
    if invite:
        msg["invite"] = invite
    ws.send_json(msg)
    got = until(ws, "table", "error")
    assert got["type"] == "table", got
    return got


def test_guests_are_refused(client: TestClient) -> None:
    guest, welcome = hello(client)
    assert welcome["user"]["guest"] is True
    register(client, "anna")
    for msg in ({"type": "friends"}, {"type": "friend_request", "name": "anna"},
                {"type": "block", "name": "anna"},
                {"type": "report", "name": "anna", "reason": "rude"}):
        assert _error(guest, msg) == "auth_required"
    client.cookies.clear()
    assert client.get("/api/friends").status_code == 401
    bye(guest)


def test_request_accept_and_the_pushes_to_both(client: TestClient) -> None:
    anna, boris = _user(client, "anna"), _user(client, "boris")
    _ok(anna, {"type": "friend_request", "name": "boris"})
    assert until(boris, "friend_request")["from"] == "anna"
    pushed = until(boris, "friends")
    assert pushed["incoming"] == ["anna"] and pushed["friends"] == []
    mine = _friends(anna)
    assert mine["outgoing"] == ["boris"] and mine["incoming"] == [] and mine["friends"] == []
    _ok(anna, {"type": "friend_request", "name": "boris"})  # asking again changes nothing
    assert _friends(anna)["outgoing"] == ["boris"]
    _ok(boris, {"type": "friend_accept", "name": "anna"})
    pushed = until(anna, "friends")
    assert pushed["friends"] == [{"name": "boris", "online": True, "where": None}]
    assert pushed["outgoing"] == [] and pushed["incoming"] == []
    assert _friends(boris)["friends"] == [{"name": "anna", "online": True, "where": None}]
    # the same list over HTTP, for the logged-in user
    token = register(client, "clara")
    assert client.get("/api/friends", headers={"x-kozyr-session": token}).json() == {
        "friends": [], "incoming": [], "outgoing": [], "blocked": []}
    # removing ends it for both
    _ok(boris, {"type": "friend_remove", "name": "anna"})
    assert until(anna, "friends")["friends"] == []
    assert _error(boris, {"type": "friend_remove", "name": "anna"}) == "not_friends"
    bye(anna)
    bye(boris)


def test_asking_someone_who_asked_first_accepts(client: TestClient) -> None:
    anna, boris = _user(client, "anna"), _user(client, "boris")
    _ok(anna, {"type": "friend_request", "name": "boris"})
    _ok(boris, {"type": "friend_request", "name": "anna"})
    assert [f["name"] for f in _friends(anna)["friends"]] == ["boris"]
    bye(anna)
    bye(boris)


def test_requests_sent_at_once_make_one_row(client: TestClient) -> None:
    anna_token = register(client, "anna")
    anna, _ = hello(client, anna_token)
    tab, _ = hello(client, anna_token)  # a second tab of hers
    boris = _user(client, "boris")
    for ws in (anna, tab):
        ws.send_json({"type": "friend_request", "name": "boris", "id": "a"})
    boris.send_json({"type": "friend_request", "name": "anna", "id": "a"})
    for ws in (anna, tab, boris):
        assert until(ws, "ok", "error")["type"] == "ok"
    mine, his = _friends(anna), _friends(boris)
    assert len(mine["friends"]) + len(mine["outgoing"]) + len(mine["incoming"]) == 1
    assert len(his["friends"]) + len(his["outgoing"]) + len(his["incoming"]) == 1
    for ws in (anna, tab, boris):
        bye(ws)


def test_decline_withdraw_and_clear_errors(client: TestClient) -> None:
    anna, boris = _user(client, "anna"), _user(client, "boris")
    guest_name = hello(client)[1]["user"]["name"]
    assert _error(anna, {"type": "friend_request", "name": "nobody"}) == "unknown_user"
    assert _error(anna, {"type": "friend_request", "name": guest_name}) == "unknown_user"
    assert _error(anna, {"type": "friend_request", "name": "anna"}) == "self_target"
    assert _error(anna, {"type": "friend_request"}) == "bad_message"
    assert _error(anna, {"type": "friend_request", "name": "x" * 41}) == "bad_message"
    assert _error(anna, {"type": "friend_accept", "name": "boris"}) == "no_request"
    assert _error(anna, {"type": "friend_decline", "name": "boris"}) == "no_request"
    assert _error(anna, {"type": "unblock", "name": "boris"}) == "not_blocked"
    _ok(anna, {"type": "friend_request", "name": "boris"})
    # the one who asked cannot accept his own request
    assert _error(anna, {"type": "friend_accept", "name": "boris"}) == "no_request"
    _ok(boris, {"type": "friend_decline", "name": "anna"})
    assert until(anna, "friends")["outgoing"] == []
    assert _friends(boris)["incoming"] == []
    # a request withdrawn with friend_remove
    _ok(anna, {"type": "friend_request", "name": "boris"})
    _ok(anna, {"type": "friend_remove", "name": "boris"})
    assert _friends(boris)["incoming"] == []
    bye(anna)
    bye(boris)


def test_online_is_pushed_when_a_friend_comes_and_goes(client: TestClient) -> None:
    anna = _user(client, "anna")
    boris_token = register(client, "boris")
    boris, _ = hello(client, boris_token)
    _befriend(anna, boris, "anna", "boris")
    assert until(anna, "friends")["friends"][0]["online"] is True  # the accept's push
    bye(boris)
    gone = until(anna, "friends")  # the next push: he left
    assert gone["friends"] == [{"name": "boris", "online": False, "where": None}]
    boris, _ = hello(client, boris_token)
    back = until(anna, "friends")
    assert back["friends"] == [{"name": "boris", "online": True, "where": None}]
    # a second socket of his is no news
    second, _ = hello(client, boris_token)
    bye(second)
    assert _friends(anna)["friends"][0]["online"] is True
    bye(anna)
    bye(boris)


def test_where_shows_a_public_table_and_hides_a_private_one(client: TestClient) -> None:
    anna, boris = _user(client, "anna"), _user(client, "boris")
    _befriend(anna, boris, "anna", "boris")
    public = create(boris, dict(GAME_SPEC))["table"]["id"]
    _sit(boris, public, 0)
    where = _friends(anna)["friends"][0]["where"]
    assert where == {"table": public, "game": GAME_SPEC["game"], "preset": GAME_SPEC["preset"],
                     "status": "waiting", "private": False}
    boris.send_json({"type": "leave", "table": public})
    until(boris, "left")
    made = create(boris, dict(GAME_SPEC), private=True)
    private, invite = made["table"]["id"], made["invite"]
    _sit(boris, private, 0, invite)
    assert _friends(anna)["friends"][0] == {"name": "boris", "online": True, "where": None}
    _sit(anna, private, 1, invite)  # seated there too, she may see it
    assert _friends(anna)["friends"][0]["where"]["table"] == private
    bye(anna)
    bye(boris)


def test_invitations_go_to_friends_only(client: TestClient) -> None:
    anna, boris, clara = _user(client, "anna"), _user(client, "boris"), _user(client, "clara")
    _befriend(anna, boris, "anna", "boris")
    made = create(anna, dict(GAME_SPEC), private=True)
    table, token = made["table"]["id"], made["invite"]
    invite = {"type": "invite_friend", "table": table, "name": "boris"}
    _ok(anna, invite)  # the owner may invite before she sits
    got = until(boris, "invited")
    assert got == {"type": "invited", "table": table, "from": "anna",
                   "game": GAME_SPEC["game"], "preset": GAME_SPEC["preset"], "invite": token}
    _sit(boris, table, 1, token)  # the invitation's token lets him in
    assert _error(anna, {**invite, "name": "clara"}) == "not_friends"
    assert _error(anna, {**invite, "table": "nosuch"}) == "unknown_table"
    assert _error(clara, {"type": "invite_friend", "table": table,
                          "name": "anna"}) == "not_friends"
    # only someone at the table (or its owner) invites to it
    _befriend(clara, boris, "clara", "boris")
    assert _error(clara, {"type": "invite_friend", "table": table,
                          "name": "boris"}) == "not_seated"
    # a public table's invitation carries no token
    public = create(boris, dict(GAME_SPEC))["table"]["id"]
    _ok(boris, {"type": "invite_friend", "table": public, "name": "clara"})
    assert until(clara, "invited")["invite"] is None
    # a few a minute
    for _ in range(4):
        _ok(anna, invite)
    assert _error(anna, invite) == "rate_limited"
    # a friend who blocks the sender gets none
    _ok(clara, {"type": "block", "name": "boris"})
    assert _error(boris, {"type": "invite_friend", "table": public,
                          "name": "clara"}) == "blocked"
    bye(clara)
    bye(anna)
    bye(boris)


def test_an_offline_friend_cannot_be_invited(client: TestClient) -> None:
    anna, boris = _user(client, "anna"), _user(client, "boris")
    _befriend(anna, boris, "anna", "boris")
    table = create(anna, dict(GAME_SPEC))["table"]["id"]
    bye(boris)
    assert _error(anna, {"type": "invite_friend", "table": table,
                         "name": "boris"}) == "not_online"
    bye(anna)


def _chats(ws: Ws, stop: str) -> list[str]:
    """Read until the chat line ``stop``; return every chat line's sayer and text seen."""
    seen = []
    for _ in range(1000):
        msg = ws.receive_json()
        if msg["type"] == "chat":
            seen.append(f"{msg['line']['from']}: {msg['line']['text']}")
            if msg["line"]["text"] == stop:
                return seen
    raise AssertionError(f"no {stop}")


def test_a_block_hides_chat_live_and_in_history(client: TestClient) -> None:
    anna, boris, clara = _user(client, "anna"), _user(client, "boris"), _user(client, "clara")
    _befriend(anna, boris, "anna", "boris")
    table = create(anna, dict(GAME_SPEC))["table"]["id"]
    _sit(anna, table, 0)
    _sit(boris, table, 1)
    clara.send_json({"type": "watch", "table": table})
    until(clara, "table")

    def say(ws: Ws, text: str) -> None:
        ws.send_json({"type": "chat", "table": table, "text": text})

    say(boris, "before")
    assert _chats(anna, "before") == ["boris: before"]
    _ok(anna, {"type": "block", "name": "boris"})
    state = _friends(anna)
    assert state["blocked"] == ["boris"] and state["friends"] == []  # the friendship ended
    assert until(boris, "friends")["friends"] == []
    say(boris, "rude")
    assert _chats(clara, "rude")[-1:] == ["boris: rude"]  # (said before hers: two sockets)
    say(clara, "fine")
    assert _chats(anna, "fine") == ["clara: fine"]
    assert _chats(clara, "fine") == ["clara: fine"]
    # the history: a resync, a new socket's snapshot
    anna.send_json({"type": "resync", "table": table, "version": 1})
    replayed = []
    for _ in range(1000):
        msg = anna.receive_json()
        if msg["type"] == "chat":
            replayed.append(msg["line"]["from"])
        if msg["type"] == "table":
            break
    assert "boris" not in replayed and "clara" in replayed
    assert [line["from"] for line in msg["chat"]] == ["clara"]
    other, _ = hello(client, _login(client, "anna"))
    other.send_json({"type": "watch", "table": table})
    assert [line["from"] for line in until(other, "table")["chat"]] == ["clara"]
    bye(other)
    # a snapshot broadcast (someone sits) is filtered for her alone
    dmitri = _user(client, "dmitri")
    if SEATS > 2:
        _sit(dmitri, table, 2)
        assert [line["from"] for line in until(anna, "table")["chat"]] == ["clara"]
        assert len(until(clara, "table")["chat"]) == 3
    # he may not ask her to be friends again; nor she him while she blocks him
    assert _error(boris, {"type": "friend_request", "name": "anna"}) == "blocked"
    assert _error(anna, {"type": "friend_request", "name": "boris"}) == "blocked"
    # unblocked: his lines reach her again
    _ok(anna, {"type": "unblock", "name": "boris"})
    assert _friends(anna)["blocked"] == []
    say(boris, "sorry")
    assert _chats(anna, "sorry") == ["boris: sorry"]
    for ws in (anna, boris, clara, dmitri):
        bye(ws)


def _login(client: TestClient, name: str) -> str:
    """Return a new session token of ``name`` (a second log-in; the cookie forgotten)."""
    token = str(client.post("/api/auth/login", json={"name": name, "password": "secret1"})
                .json()["token"])
    client.cookies.clear()
    return token


def _press(ws: Ws) -> str:
    got = _ask(ws, {"type": "play_now", **SALON})
    assert got["type"] == "quick", got
    return str(got["table"]["id"])


def test_blocked_users_never_share_a_quick_play_table(make: Any) -> None:
    client = make(quick_fill=60.0)
    anna, boris, clara = _user(client, "anna"), _user(client, "boris"), _user(client, "clara")
    _ok(anna, {"type": "block", "name": "boris"})
    first = _press(anna)
    assert _press(boris) != first  # the blocked one is kept away from the blocker
    assert _press(clara) == first  # anybody else joins her
    dmitri, eva = _user(client, "dmitri"), _user(client, "eva")
    _ok(eva, {"type": "block", "name": "dmitri"})
    second = _press(dmitri)
    assert _press(eva) != second  # nor the blocker sits where the blocked one waits
    for ws in (anna, boris, clara, dmitri, eva):
        bye(ws)


def test_reports_are_stored_limited_and_listed_by_the_cli(client: TestClient,
                                                          db_url: str) -> None:
    anna, boris = _user(client, "anna"), _user(client, "boris")
    table = create(boris, dict(GAME_SPEC))["table"]["id"]
    _ok(anna, {"type": "report", "name": "boris", "reason": "  insults at the table ",
               "table": table})
    assert _error(anna, {"type": "report", "name": "boris", "reason": "   "}) == "bad_message"
    assert _error(anna, {"type": "report", "name": "boris", "reason": "x" * 501}) \
        == "bad_message"
    assert _error(anna, {"type": "report", "name": "nobody", "reason": "x"}) == "unknown_user"
    assert _error(anna, {"type": "report", "name": "anna", "reason": "x"}) == "self_target"
    for i in range(4):
        _ok(anna, {"type": "report", "name": "boris", "reason": f"again {i}"})
    assert _error(anna, {"type": "report", "name": "boris", "reason": "more"}) \
        == "rate_limited"
    result = CliRunner().invoke(cli_app, ["admin", "reports", "--db", db_url])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 5
    assert "anna reports boris at table " + table in lines[0]
    assert lines[0].endswith(": insults at the table")
    as_json = CliRunner().invoke(cli_app, ["admin", "reports", "--db", db_url, "--json"])
    import json

    rows = json.loads(as_json.output)
    assert [r["reason"] for r in rows][1:] == [f"again {i}" for i in range(4)]
    assert rows[0]["table_id"] == table and rows[0]["reporter"] == "anna"
    bye(anna)
    bye(boris)
