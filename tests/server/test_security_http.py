"""The HTTP, session and account side of the room's security (docs/security.md).

Origins, JSON-only bodies, tokens kept from cookie sockets, expiring sessions and log-out
everywhere, cookies and headers, client addresses behind proxies and the log-in limits,
connection/guest/registration limits, bodies bounded while read, password hashing off the
event loop, and finished games behind random public ids.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from kozyr.server import auth as auth_module
from kozyr.server.app import create_app
from kozyr.server.auth import Auth, RateLimiter
from kozyr.server.main import settings_from_env
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage

from .conftest import TestClient, settings
from .helpers import (
    SEATS,
    bye,
    create,
    fill_with_bots,
    open_socket,
    play_to_end,
    start_server,
    stop_server,
    until,
)

EVIL = "http://127.0.0.1:9999"  # another port of the same host: same-site, other origin
OWN = "http://testserver"  # the TestClient's Host
JSON_TYPE = {"content-type": "application/json"}
WEB = Path(__file__).resolve().parents[2] / "src" / "kozyr" / "web"


def post(client: TestClient, path: str, body: Any = None, **headers: str) -> Any:
    """POST a JSON body (the way the web client does)."""
    return client.post(path, content=json.dumps(body if body is not None else {}),
                       headers={**JSON_TYPE, **headers})


def code_of(r: Any) -> tuple[int, str | None]:
    try:
        return r.status_code, r.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return r.status_code, None


def hello_ws(client: TestClient, token: str | None = None, **headers: str
             ) -> tuple[Any, dict[str, Any]]:
    ws = open_socket(client, headers=headers)
    msg: dict[str, Any] = {"type": "hello", "v": 1}
    if token:
        msg["token"] = token
    ws.send_json(msg)
    return ws, ws.receive_json()


def closed_with(ws: Any) -> int | None:
    """Read until the server closes the socket; return the close code (and end the session)."""
    code = None
    try:
        for _ in range(1000):
            ws.receive_json()
    except WebSocketDisconnect as e:
        code = e.code
    with contextlib.suppress(Exception):
        bye(ws)
    return code


# -- 1. origins ---------------------------------------------------------------------------------
def test_a_websocket_from_another_origin_is_refused_before_the_upgrade(make: Any) -> None:
    client = make(origins=("https://cards.example",))
    for bad in ({"origin": EVIL}, {"origin": "null"}, {"origin": "http://testserver.evil"},
                {"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"}):
        with pytest.raises(WebSocketDisconnect) as refused:
            client.websocket_connect("/ws", headers=bad).__enter__()
        assert refused.value.code == 1008, bad
    # the room's own origin, a listed one, and no Origin at all (bots, tests) are fine
    for good in ({"origin": OWN}, {"origin": "HTTP://TestServer:80"},
                 {"origin": "https://cards.example"}, {"sec-fetch-site": "same-origin"}, {}):
        ws, welcome = hello_ws(client, **good)
        assert welcome["type"] == "welcome", good
        bye(ws)


def test_state_changing_requests_from_another_origin_are_refused(make: Any,
                                                                 spec: dict[str, Any]) -> None:
    client = make()
    token = post(client, "/api/auth/register", {"name": "vic", "password": "secret1"}
                 ).json()["token"]
    assert code_of(post(client, "/api/tables", spec, origin=EVIL)) == (403, "bad_origin")
    assert code_of(post(client, "/api/tables", spec, **{"sec-fetch-site": "same-site"})) \
        == (403, "bad_origin")
    assert not client.app.state.lobby.tables  # type: ignore[attr-defined]
    # log-in CSRF: another page may not log the victim in as the attacker
    assert code_of(post(client, "/api/auth/login", {"name": "vic", "password": "secret1"},
                        origin=EVIL)) == (403, "bad_origin")
    for path in ("/api/auth/logout", "/api/auth/logout_all", "/api/auth/guest",
                 "/api/auth/register", "/api/rules"):
        assert code_of(post(client, path, origin=EVIL)) == (403, "bad_origin"), path
    assert client.get("/api/me", headers={"x-kozyr-session": token}).json()["user"]
    # reading is not refused, and the room's own pages may post
    assert client.get("/api/meta", headers={"origin": EVIL}).status_code == 200
    assert post(client, "/api/tables", spec, origin=OWN).status_code == 200


def test_the_origin_scheme_comes_from_x_forwarded_proto_only_from_a_trusted_proxy(
        make: Any) -> None:
    https = {"origin": "https://testserver", "x-forwarded-proto": "https"}
    plain = make()
    assert code_of(post(plain, "/api/auth/guest", **https)) == (403, "bad_origin")
    proxied = make(trusted_proxies=("testclient",))
    assert post(proxied, "/api/auth/guest", **https).status_code == 200


# -- 2. JSON content type -------------------------------------------------------------------------
def test_only_json_bodies_are_accepted(client: TestClient) -> None:
    creds = {"name": "ann", "password": "secret1"}
    r = client.post("/api/auth/register", data=creds)  # a cross-site form would send this
    assert code_of(r) == (415, "bad_content_type")
    for ctype in ("text/plain", "multipart/form-data; boundary=x",
                  "application/x-www-form-urlencoded"):
        r = client.post("/api/auth/register", content=json.dumps(creds),
                        headers={"content-type": ctype})
        assert code_of(r) == (415, "bad_content_type"), ctype
    assert code_of(client.post("/api/auth/register", content=json.dumps(creds))) \
        == (415, "bad_content_type")  # a body needs its type
    assert code_of(client.post("/api/rules")) == (415, "bad_content_type")
    # endpoints that take no body: an empty one needs no type, but never a form
    for path in ("/api/auth/guest", "/api/auth/logout"):
        assert code_of(client.post(path, data={"x": "1"})) == (415, "bad_content_type")
        assert code_of(client.post(path, content=b"x=1", headers={
            "content-type": "text/plain"})) == (415, "bad_content_type")
        assert client.post(path).status_code == 200, path
    r = client.post("/api/auth/register", content=json.dumps(creds),
                    headers={"content-type": "application/json; charset=utf-8"})
    assert r.status_code == 200


# -- 3. tokens and cookie sockets ------------------------------------------------------------------
def test_welcome_carries_no_token_to_a_socket_authenticated_by_its_cookie(
        client: TestClient) -> None:
    made = post(client, "/api/auth/register", {"name": "cara", "password": "secret1"}).json()
    assert client.cookies.get("kozyr_session") == made["token"]
    ws, welcome = hello_ws(client)  # the cookie rides along with the upgrade
    assert welcome["user"] == {"name": "cara", "guest": False}
    assert welcome["token"] is None
    bye(ws)
    # a client that sent its token gets it back; a new guest gets its own
    ws, welcome = hello_ws(client, made["token"])
    assert welcome["token"] == made["token"]
    bye(ws)
    client.cookies.clear()
    ws, welcome = hello_ws(client)
    assert welcome["user"]["guest"] and welcome["token"]
    bye(ws)


# -- 4. sessions -----------------------------------------------------------------------------------
def test_sessions_expire_after_the_ttl_since_their_last_use(make: Any) -> None:
    client = make(session_ttl=1000.0)
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    now = [1_000_000.0]
    auth.clock = lambda: now[0]
    token = post(client, "/api/auth/register", {"name": "sid", "password": "secret1"}
                 ).json()["token"]
    client.cookies.clear()
    me = {"x-kozyr-session": token}
    for _ in range(3):  # used every 800 s: alive long past the ttl since log-in
        now[0] += 800
        assert client.get("/api/me", headers=me).json()["user"]["name"] == "sid"
    now[0] += 1001
    assert client.get("/api/me", headers=me).json() == {"user": None}
    ws, welcome = hello_ws(client, token)
    assert welcome["user"]["guest"]  # refused: a new guest instead
    bye(ws)
    now[0] -= 5000  # deleted, not just refused: turning the clock back does not revive it
    assert client.get("/api/me", headers=me).json() == {"user": None}


def test_logout_closes_that_sessions_sockets_and_logout_all_every_session(
        client: TestClient) -> None:
    first = post(client, "/api/auth/register", {"name": "lou", "password": "secret1"}
                 ).json()["token"]
    second = post(client, "/api/auth/login", {"name": "lou", "password": "secret1"}
                  ).json()["token"]
    client.cookies.clear()
    a, _ = hello_ws(client, first)
    b, _ = hello_ws(client, second)
    other, _ = hello_ws(client)
    conns = {c.token: c for c in client.app.state.lobby.conns}  # type: ignore[attr-defined]
    assert post(client, "/api/auth/logout", **{"x-kozyr-session": first}).json() == \
        {"ok": True}
    assert conns[first].closed and not conns[second].closed
    assert closed_with(a) == 4001
    b.send_json({"type": "ping", "id": 1})
    assert until(b, "pong")["re"] == 1  # the other session lives on
    third = post(client, "/api/auth/login", {"name": "lou", "password": "secret1"}
                 ).json()["token"]
    client.cookies.clear()
    assert code_of(post(client, "/api/auth/logout_all")) == (401, "auth_required")
    assert post(client, "/api/auth/logout_all", **{"x-kozyr-session": third}).json() == \
        {"ok": True}
    assert conns[second].closed
    assert closed_with(b) == 4001
    for token in (first, second, third):
        assert client.get("/api/me", headers={"x-kozyr-session": token}).json() == \
            {"user": None}
    other.send_json({"type": "ping", "id": 2})  # someone else's socket stays open
    assert until(other, "pong")["re"] == 2
    bye(other)


# -- 5. cookies and headers ------------------------------------------------------------------------
def test_the_session_cookie_is_secure_over_https_or_when_configured(make: Any) -> None:
    def cookie(client: TestClient, **headers: str) -> str:
        r = post(client, "/api/auth/guest", **headers)
        assert r.status_code == 200
        return str(r.headers["set-cookie"]).lower()

    auto = make()
    plain = cookie(auto)
    assert "httponly" in plain and "samesite=lax" in plain and "secure" not in plain
    assert "secure" not in cookie(auto, **{"x-forwarded-proto": "https"})  # untrusted peer
    assert "secure" in cookie(make(trusted_proxies=("testclient",)),
                              **{"x-forwarded-proto": "https"})
    assert "secure" in cookie(make(secure_cookies=True))
    over_https = make()
    over_https.base_url = "https://testserver"  # type: ignore[assignment]
    assert "secure" in cookie(over_https)
    assert "secure" not in cookie(make(secure_cookies=False, trusted_proxies=("testclient",)),
                                  **{"x-forwarded-proto": "https"})


def test_every_http_response_carries_the_security_headers(client: TestClient) -> None:
    answers = [client.get("/"), client.get("/api/meta"), client.get("/static/js/main.js"),
               client.get("/static/nope.js"), client.get("/api/games/1"),
               client.post("/api/auth/guest", data={"a": "b"}), client.get("/nowhere"),
               client.post("/api/meta")]
    for r in answers:
        h = r.headers
        csp = h["content-security-policy"]
        assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp, r.url
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
        assert "connect-src 'self' ws://testserver wss://testserver" in csp
        assert h["x-frame-options"] == "DENY"
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "same-origin"
    # the websocket passes through the middleware untouched
    ws, welcome = hello_ws(client)
    assert welcome["type"] == "welcome"
    bye(ws)


def test_a_hostile_host_header_cannot_write_into_the_policy(client: TestClient) -> None:
    r = client.get("/api/meta", headers={"host": "x; script-src *"})
    assert "script-src *" not in r.headers["content-security-policy"]


def test_the_web_client_runs_under_the_policy() -> None:
    """No inline script, no inline handlers, no style attributes (CSP refuses them)."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    for path in [*WEB.rglob("*.html"), *WEB.rglob("*.js")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""\son[a-z]+\s*=\s*["']""", text), path.name
        assert not re.search(r"""style\s*=\s*["']|setAttribute\(\s*["']style["']""", text), \
            path.name
        assert not re.search(r"""\beval\(|new Function\(|javascript:""", text), path.name
        assert not re.search(r"""["']style["']\s*:""", text), path.name  # h() attributes


# -- 6. client addresses and the log-in limits -----------------------------------------------------
async def test_x_forwarded_for_from_loopback_is_ignored_by_kozyr_serve(tmp_path: Path) -> None:
    """uvicorn believes X-Forwarded-For from loopback peers by default; kozyr serve not."""
    import httpx

    from .conftest import free_port

    port = free_port()
    proc = await start_server(f"sqlite+aiosqlite:///{tmp_path}/xff.db", port, tmp_path)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            await http.post("/api/auth/register", json={"name": "fred", "password": "right1"})
            codes = [(await http.post("/api/auth/login", json={
                "name": "fred", "password": "wrong!"}, headers={
                "x-forwarded-for": f"203.0.113.{i}"})).status_code for i in range(7)]
    finally:
        stop_server(proc)
    assert codes == [401] * 5 + [429] * 2  # the rotating header changed nothing


def test_x_forwarded_for_counts_only_from_a_trusted_proxy(make: Any) -> None:
    # untrusted peer: the header is ignored; a trusted peer: the rightmost address it did
    # not add itself counts (203.0.113.x is a forgery when 127.0.0.1 is no trusted proxy)
    limited, spread = [401] * 5 + [429] * 2, [401] * 7
    for trusted, expected in (((), limited), (("testclient",), limited),
                              (("testclient", "127.0.0.0/8"), spread)):
        client = make(trusted_proxies=trusted)
        post(client, "/api/auth/register", {"name": "fred", "password": "right-one"})
        codes = [post(client, "/api/auth/login", {"name": "fred", "password": "wrong"},
                      **{"x-forwarded-for": f"203.0.113.{i}, 127.0.0.1"}).status_code
                 for i in range(7)]
        assert codes == expected, trusted
        client.__exit__(None, None, None)


def test_a_name_under_attack_does_not_lock_out_its_owner(make: Any) -> None:
    client = make(trusted_proxies=("testclient",))
    post(client, "/api/auth/register", {"name": "owner", "password": "right-one"})

    def login(address: str, password: str) -> int:
        return int(post(client, "/api/auth/login", {"name": "owner", "password": password},
                        **{"x-forwarded-for": address}).status_code)

    # an address past its own limit waits, whatever the name
    for i in range(5):
        r = post(client, "/api/auth/login", {"name": f"nobody{i}", "password": "guess"},
                 **{"x-forwarded-for": "192.0.2.7"})
        assert r.status_code == 401
    assert login("192.0.2.7", "right-one") == 429
    # many addresses fail once each: the name is under attack
    assert [login(f"198.51.100.{i}", "guess") for i in range(8)] == [401] * 8
    # the failing addresses wait, even with the right password
    assert login("198.51.100.3", "right-one") == 429
    # the owner, from an address with no failures, gets in
    assert login("192.0.2.200", "right-one") == 200


def test_the_limiters_memory_is_bounded() -> None:
    limiter = RateLimiter(3, 60.0, max_keys=50)
    for i in range(1000):
        limiter.hit(f"addr:{i}", now=float(i) / 1000)
    assert len(limiter) == 50
    assert limiter.count("addr:999", now=1.0) == 1 and limiter.count("addr:0", now=1.0) == 0
    auth = Auth(Storage("sqlite+aiosqlite:///:memory:"), Settings(limiter_keys=100))
    assert auth.failures.max_keys == auth.guests.max_keys == 100


# -- 7. limits ------------------------------------------------------------------------------------
def test_websockets_per_address_are_limited(make: Any) -> None:
    client = make(max_conns_per_address=2)
    a, _ = hello_ws(client)
    b, _ = hello_ws(client)
    extra = client.websocket_connect("/ws").__enter__()
    extra.send_json({"type": "hello", "v": 1})
    err = extra.receive_json()
    assert (err["type"], err["code"]) == ("error", "too_many_connections")
    assert closed_with(extra) == 1008
    bye(b)
    for _ in range(100):  # the server notices b is gone
        if client.app.state.lobby.conns.__len__() < 2:  # type: ignore[attr-defined]
            break
        time.sleep(0.01)
    time.sleep(0.05)
    c, welcome = hello_ws(client)
    assert welcome["type"] == "welcome"
    for ws in (a, c):
        bye(ws)


def test_guests_per_address_are_limited_over_http_and_websockets(make: Any) -> None:
    client = make(guests_per_minute=3)
    codes = []
    for _ in range(2):  # two visitors (a guest's own cookie would keep its one guest)
        client.cookies.clear()
        codes.append(post(client, "/api/auth/guest").status_code)
    assert codes == [200, 200]
    client.cookies.clear()
    ws, welcome = hello_ws(client)
    assert welcome["user"]["guest"]  # the third guest, made by hello
    assert code_of(post(client, "/api/auth/guest")) == (429, "rate_limited")
    client.cookies.clear()
    extra = client.websocket_connect("/ws").__enter__()
    extra.send_json({"type": "hello", "v": 1})
    assert extra.receive_json()["code"] == "rate_limited"
    assert closed_with(extra) == 1008
    bye(ws)


def test_registrations_per_address_are_limited(make: Any) -> None:
    client = make(registrations_per_hour=2)
    codes = [code_of(post(client, "/api/auth/register", {"name": f"reg{i}",
                                                          "password": "secret1"}))[0]
             for i in range(3)]
    assert codes == [200, 200, 429]


# -- 8. bodies --------------------------------------------------------------------------------
def test_a_large_body_is_refused_up_front_or_while_read(client: TestClient) -> None:
    big = json.dumps({"game": "thousand", "x": "y" * 20000})
    assert code_of(client.post("/api/rules", content=big, headers=JSON_TYPE)) == \
        (413, "too_large")

    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 1000

    r = client.post("/api/rules", content=chunks(), headers=JSON_TYPE)  # no Content-Length
    assert code_of(r) == (413, "too_large")


async def test_the_body_is_not_read_past_the_limit(db_url: str) -> None:
    app = create_app(db_url, settings(max_body=2048))
    reads = 0

    async def receive() -> dict[str, Any]:
        nonlocal reads
        reads += 1
        return {"type": "http.request", "body": b" " * 1000, "more_body": reads < 1000}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/rules", "raw_path": b"/api/rules",
             "query_string": b"", "root_path": "", "server": ("testserver", 80),
             "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")]}
    await app(scope, receive, send)
    assert sent[0]["status"] == 413
    assert reads <= 4


def test_deep_or_invalid_json_bodies_are_refused(client: TestClient) -> None:
    deep = '{"game": ' + "[" * 5000 + "]" * 5000 + "}"
    assert code_of(client.post("/api/rules", content=deep, headers=JSON_TYPE)) == \
        (400, "bad_json")
    nested = json.dumps({"options": {"a": [[[[[[1]]]]]]}})
    assert code_of(client.post("/api/rules", content=nested, headers=JSON_TYPE)) == \
        (400, "bad_message")
    lone = '{"name": "\\ud800abc", "password": "secret1"}'
    assert code_of(client.post("/api/auth/register", content=lone, headers=JSON_TYPE)) == \
        (400, "bad_message")


# -- 9. password hashing off the event loop -------------------------------------------------------
async def test_password_hashing_does_not_stall_the_event_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = auth_module._hasher
    threads: list[int] = []

    class Slow:
        """The real hasher, 0.2 s slower (as a big argon2 cost would be)."""

        def hash(self, password: str) -> str:
            threads.append(threading.get_ident())
            time.sleep(0.2)
            return str(real.hash(password))

        def verify(self, digest: str, password: str) -> bool:
            threads.append(threading.get_ident())
            time.sleep(0.2)
            return bool(real.verify(digest, password))

    monkeypatch.setattr(auth_module, "_hasher", Slow())
    storage = Storage(f"sqlite+aiosqlite:///{tmp_path}/hash.db")
    await storage.open()
    try:
        auth = Auth(storage, Settings())
        ticks = 0
        done = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not done.is_set():
                ticks += 1
                await asyncio.sleep(0.01)

        beat = asyncio.create_task(ticker())
        started = time.monotonic()
        await asyncio.gather(*(auth.register(f"user{i}", "secret1", f"10.0.0.{i}")
                               for i in range(4)))
        await auth.login("user0", "secret1", "10.0.0.9")
        elapsed = time.monotonic() - started
        done.set()
        await beat
    finally:
        await storage.close()
    assert len(threads) == 5 and threading.get_ident() not in threads
    # four 0.2 s hashes side by side, then one verification: on the loop it would be 1 s
    assert elapsed < 0.95
    assert ticks >= 15  # the loop answered all along


# -- 10. finished games -----------------------------------------------------------------------
def test_finished_games_have_random_ids_and_private_ones_stay_private(
        client: TestClient, spec: dict[str, Any]) -> None:
    def register(name: str) -> str:
        token: str = post(client, "/api/auth/register", {"name": name, "password": "secret1"}
                          ).json()["token"]
        client.cookies.clear()
        return token

    pat, stranger = register("pat"), register("stranger")

    def finish(private: bool) -> dict[str, Any]:
        ws, _ = hello_ws(client, pat)
        made = create(ws, spec, private=private)
        table = made["table"]["id"]
        ws.send_json({"type": "join", "table": table,
                      **({"invite": made["invite"]} if private else {})})
        until(ws, "table")
        fill_with_bots(ws, table, 1)
        over = play_to_end(ws, table)
        bye(ws)
        master = client.app.state.lobby.tables[table]  # type: ignore[attr-defined]
        assert master.info()["game_id"] == over["game_id"]
        assert isinstance(master.game_id, int)
        return {**over, "internal": master.game_id}

    public, private = finish(False), finish(True)
    for over in (public, private):
        gid = over["game_id"]
        assert isinstance(gid, str) and re.fullmatch(r"[A-Za-z0-9_-]{16}", gid)
        assert over["record"] == f"/api/games/{gid}/record"
        assert client.get(over["record"]).status_code == 200  # the link is the key
        assert client.get(f"/api/games/{gid}").json()["id"] == gid
        # the sequential integer id is no URL
        assert code_of(client.get(f"/api/games/{over['internal']}")) == (404, "unknown_game")
        assert client.get(f"/api/games/{over['internal']}/record").status_code == 404
    shown = {None: [], stranger: [], pat: []}
    for token in shown:
        headers = {"x-kozyr-session": token} if token else {}
        prof = client.get("/api/profiles/pat", headers=headers).json()
        shown[token] = [g["game_id"] for g in prof["history"]]
    assert shown[None] == shown[stranger] == [public["game_id"]]
    assert shown[pat] == [private["game_id"], public["game_id"]]


def test_migration_0002_fills_in_public_ids_privacy_and_last_use(tmp_path: Path) -> None:
    from alembic import command

    from kozyr.server.storage import _alembic_config

    path = tmp_path / "old.db"
    cfg = _alembic_config(f"sqlite:///{path}")
    command.upgrade(cfg, "0001")
    db = sqlite3.connect(path)
    db.execute("INSERT INTO users VALUES (1, 'old', NULL, 1, 5.0, 0, 0)")
    db.execute("INSERT INTO sessions VALUES ('tok', 1, 7.0)")
    for tid, private in (("pub", 0), ("priv", 1)):
        db.execute("INSERT INTO tables VALUES (?, 'thousand', 'classic', '\"classic\"', 3, ?,"
                   " NULL, NULL, NULL, 'old', 1.0, 'over', '[]', NULL)", (tid, private))
    for gid, tid in ((1, "pub"), (2, "priv"), (3, "gone")):
        db.execute("INSERT INTO games (id, table_id, game, preset, rules, seed, players, "
                   "status, started) VALUES (?, ?, 'thousand', 'classic', '\"classic\"', 0, "
                   "'[]', 'finished', 1.0)", (gid, tid))
    db.commit()
    db.close()
    command.upgrade(cfg, "0002")
    db = sqlite3.connect(path)
    rows = db.execute("SELECT id, public_id, private FROM games ORDER BY id").fetchall()
    assert [(r[0], r[2]) for r in rows] == [(1, 0), (2, 1), (3, 0)]
    ids = [r[1] for r in rows]
    assert len(set(ids)) == 3 and all(re.fullmatch(r"[A-Za-z0-9_-]{16}", i) for i in ids)
    assert db.execute("SELECT last_used FROM sessions").fetchall() == [(7.0,)]
    with pytest.raises(sqlite3.IntegrityError):  # unique
        db.execute("UPDATE games SET public_id = ? WHERE id = 2", (ids[0],))
    db.close()
    command.downgrade(cfg, "0001")
    command.upgrade(cfg, "0002")


# -- settings from the environment ---------------------------------------------------------------
def test_settings_come_from_the_environment_and_bad_values_are_named() -> None:
    s = settings_from_env({"KOZYR_ORIGINS": "https://Cards.example, http://localhost:8000",
                           "KOZYR_TRUSTED_PROXIES": "10.0.0.1,192.168.0.0/16",
                           "KOZYR_SECURE_COOKIES": "on", "KOZYR_SESSION_TTL": "3600",
                           "KOZYR_MAX_CONNS_PER_ADDRESS": "7", "KOZYR_GUESTS_PER_MINUTE": "4",
                           "KOZYR_REGISTRATIONS_PER_HOUR": "9", "KOZYR_LOGIN_FAILURES": "3",
                           "KOZYR_LIMITER_KEYS": "5000", "KOZYR_MAX_BODY": "4096"})
    assert s.origins == ("https://cards.example", "http://localhost:8000")
    assert s.trusted_proxies == ("10.0.0.1", "192.168.0.0/16")
    assert (s.secure_cookies, s.session_ttl, s.max_conns_per_address, s.guests_per_minute,
            s.registrations_per_hour, s.login_failures, s.limiter_keys, s.max_body) == \
        (True, 3600.0, 7, 4, 9, 3, 5000, 4096)
    assert settings_from_env({"KOZYR_SECURE_COOKIES": "auto"}).secure_cookies is None
    assert settings_from_env({"KOZYR_SECURE_COOKIES": "off"}).secure_cookies is False
    for var, bad in (("KOZYR_ORIGINS", "cards.example"), ("KOZYR_SECURE_COOKIES", "maybe"),
                     ("KOZYR_TRUSTED_PROXIES", "10.0.0.0/99"), ("KOZYR_SESSION_TTL", "soon"),
                     ("KOZYR_MAX_BODY", "-1"), ("KOZYR_GUESTS_PER_MINUTE", "2.5")):
        with pytest.raises(ValueError, match=var):
            settings_from_env({var: bad})


def test_serve_stops_on_a_bad_setting_and_ignores_uvicorns_proxy_headers(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
        ) -> None:
    import uvicorn

    from kozyr.server import main as main_module

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    monkeypatch.setenv("KOZYR_SECURE_COOKIES", "sometimes")
    assert main_module.main(db=f"sqlite+aiosqlite:///{tmp_path}/x.db") == 2
    assert "KOZYR_SECURE_COOKIES" in capsys.readouterr().err
    monkeypatch.delenv("KOZYR_SECURE_COOKIES")
    assert main_module.main(db=f"sqlite+aiosqlite:///{tmp_path}/x.db") == 0
    # uvicorn would otherwise believe X-Forwarded-For from any loopback peer
    assert calls[0]["proxy_headers"] is False
    assert SEATS >= 2
