"""Starlette routes: the HTTP JSON API, the websocket ``/ws`` and the static web client.

:func:`create_app` builds the application; its lifespan opens the database (running the
Alembic migrations), restores unfinished tables, and on shut-down stops the tables, the bot
pool and the database cleanly.  docs/protocol.md documents every route and message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from kozyr import __version__ as kozyr_version
from kozyr.core.errors import KozyrError
from kozyr.server import ratings
from kozyr.server.auth import COOKIE, Auth
from kozyr.server.lobby import Conn, Lobby, available_games, parse_spec, salons
from kozyr.server.protocol import (
    CHAT_LENGTH,
    MAX_MESSAGE,
    VERSION,
    ProtocolError,
    check_json,
    check_message,
    decode_message,
    encode,
    message_id,
    utf8_valid,
)
from kozyr.server.security import Guard, SecureStarlette, SocketCounter
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage, User

log = logging.getLogger("kozyr.server")
_STATUS = {"auth_required": 401, "auth_failed": 401, "rate_limited": 429, "name_taken": 409,
           "game_running": 409, "unknown_table": 404, "unknown_game": 404, "unknown_user": 404,
           "internal": 500, "bad_origin": 403, "bad_content_type": 415, "too_large": 413,
           "too_many_tables": 429, "too_many_connections": 429, "not_stored": 503,
           "table_stopped": 409}
#: the only body type the API reads; forms (urlencoded, multipart, text/plain) are refused,
#: so no other site's page can post to it without a CORS preflight the room never answers
_JSON = "application/json"
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
#: seconds between sweeps of expired sessions
_SWEEP_EVERY = 3600.0


def web_dir() -> Path:
    """Return the folder of the browser client's static files."""
    return Path(str(resources.files("kozyr") / "web"))


def _error(e: ProtocolError) -> JSONResponse:
    return JSONResponse({"error": {"code": e.code, "message": e.message}},
                        status_code=_STATUS.get(e.code, 400))


def _media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower()


def _check_content_type(request: Request) -> None:
    """Refuse a request body that is not JSON (a form any other page could post)."""
    media = _media_type(request)
    if media and media != _JSON:
        raise ProtocolError("bad_content_type", "send the body as application/json")


async def _body(request: Request, limit: int = 16384, required: bool = True
                ) -> dict[str, Any]:
    """Read a JSON object body of at most ``limit`` bytes, refusing more while reading.

    ``required``: the endpoint takes a body, so ``Content-Type: application/json`` must be
    sent; otherwise an empty body without a type is accepted (``{}``).
    """
    _check_content_type(request)
    try:
        declared = int(request.headers.get("content-length", "0"))
    except ValueError:
        raise ProtocolError("bad_message", "the Content-Length is not a number") from None
    if declared > limit:  # refused before a byte of it is read
        raise ProtocolError("too_large", f"the body may hold at most {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ProtocolError("too_large", f"the body may hold at most {limit} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if (required or raw) and _media_type(request) != _JSON:
        raise ProtocolError("bad_content_type", "send the body as application/json")
    if not raw:
        return {}
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise ProtocolError("bad_json", "the body must be a JSON object") from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_json", "the body must be a JSON object")
    check_json(obj, "the body")
    return obj


def create_app(db: str | None = None, settings: Settings | None = None) -> Starlette:
    """Return the card room application on database ``db`` (default SQLite under ./var/)."""
    settings = settings or Settings()
    storage = Storage(db)
    lobby = Lobby(storage, settings)
    auth = Auth(storage, settings)
    guard = Guard(settings)
    sockets = SocketCounter(settings.max_conns_per_address)
    max_body = settings.max_body

    async def sweep_sessions() -> None:
        while True:
            try:
                gone = await auth.sweep()
                if gone:
                    log.info("deleted %d expired sessions", gone)
            except Exception as e:  # the next sweep tries again
                log.warning("could not delete expired sessions: %s", type(e).__name__)
            await asyncio.sleep(_SWEEP_EVERY)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await storage.open()
        await lobby.restore()
        sweeper = asyncio.create_task(sweep_sessions())
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            await lobby.close()
            await storage.close()

    def session_response(request: Request, body: dict[str, Any], token: str | None
                         ) -> JSONResponse:
        resp = JSONResponse(body)
        if token:
            resp.set_cookie(COOKIE, token, httponly=True, samesite="lax", path="/",
                            max_age=int(settings.session_ttl), secure=guard.secure(request))
        return resp

    def request_tokens(request: HTTPConnection) -> list[str]:
        """Return the session tokens a request carries: the header's, then the cookie's."""
        out = []
        for token in (request.headers.get("x-kozyr-session"), request.cookies.get(COOKIE)):
            if token and token not in out:
                out.append(token)
        return out

    async def current_user(request: Request) -> User | None:
        for token in request_tokens(request):
            user = await auth.user(token)
            if user is not None:
                return user
        return None

    def close_sockets(which: Any) -> None:
        """Close (4001, "logged out") every open websocket ``which(conn)`` picks."""
        for conn in list(lobby.conns):
            if which(conn):
                conn.close(4001, "logged out")

    def api(fn: Any) -> Any:
        async def wrapped(request: Request) -> Response:
            try:
                if request.method not in _SAFE_METHODS:  # a request that changes something
                    guard.check_origin(request)
                    _check_content_type(request)
                result: Response = await fn(request)
                return result
            except ProtocolError as e:
                return _error(e)
        return wrapped

    # -- HTTP ----------------------------------------------------------------------------------
    async def index(request: Request) -> Response:
        page = web_dir() / "index.html"
        if page.is_file():
            return FileResponse(page)
        return HTMLResponse("<!doctype html><title>kozyr</title><p>The kozyr card room: the web "
                            "client is not installed. See docs/protocol.md.</p>")

    async def meta(request: Request) -> Response:
        games = {}
        for name, cls in available_games().items():
            presets = []
            for p in cls.RULES.PRESETS:
                rs = cls.RULES.from_preset(p)
                presets.append({"name": p, "players": getattr(rs, "players", None),
                                "rules": rs.as_dict(), "describe": rs.describe()})
            games[name] = {"presets": presets, "schema": cls.RULES.schema(),
                           "default_preset": cls.RULES.DEFAULT_PRESET}
        return JSONResponse({"v": VERSION, "games": games, "bots": list(lobby.settings.levels),
                             "salons": [{"game": g, "preset": p, "title": t}
                                        for g, p, t in salons()]})

    async def rules_view(request: Request) -> Response:
        body = await _body(request, max_body)
        _game, rs, n, *_ = parse_spec({"game": body.get("game"), "preset": body.get("preset"),
                                       "options": body.get("options")})
        return JSONResponse({"rules": rs.as_dict(), "record_rules": rs.to_json(),
                             "describe": rs.describe(), "players": n})

    async def register(request: Request) -> Response:
        body = await _body(request, max_body)
        user, token = await auth.register(body.get("name"), body.get("password"),
                                          guard.client_address(request))
        return session_response(request, {"user": user.to_json(), "token": token}, token)

    async def login(request: Request) -> Response:
        body = await _body(request, max_body)
        user, token = await auth.login(body.get("name"), body.get("password"),
                                       guard.client_address(request))
        return session_response(request, {"user": user.to_json(), "token": token}, token)

    def logged_out() -> Response:
        resp = JSONResponse({"ok": True})
        resp.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return resp

    async def logout(request: Request) -> Response:
        await _body(request, max_body, required=False)
        tokens = request_tokens(request)
        for token in tokens:
            await auth.logout(token)
        close_sockets(lambda conn: conn.token in tokens)
        return logged_out()

    async def logout_all(request: Request) -> Response:
        await _body(request, max_body, required=False)
        user = await current_user(request)
        if user is None:
            raise ProtocolError("auth_required", "log in first")
        await auth.logout_all(user)
        close_sockets(lambda conn: conn.user is not None and conn.user.id == user.id)
        return logged_out()

    async def guest(request: Request) -> Response:
        await _body(request, max_body, required=False)
        user, token = await auth.guest(guard.client_address(request))
        return session_response(request, {"user": user.to_json(), "token": token}, token)

    async def me(request: Request) -> Response:
        user = await current_user(request)
        return JSONResponse({"user": user.to_json() if user else None})

    async def lobby_view(request: Request) -> Response:
        return JSONResponse(lobby.snapshot())

    async def create_table(request: Request) -> Response:
        user = await current_user(request)
        if user is None:
            raise ProtocolError("auth_required", "log in or play as a guest first")
        table = await lobby.create_table(user, await _body(request, max_body))
        return JSONResponse({"table": table.info(), "invite": table.invite})

    async def table_view(request: Request) -> Response:
        table = lobby.get(request.path_params["table_id"])
        if table.private and request.query_params.get("invite") != table.invite:
            raise ProtocolError("unknown_table", "no such table")
        return JSONResponse({"table": table.info()})

    async def profile(request: Request) -> Response:
        row = await storage.user_row(request.path_params["name"])
        if row is None:
            raise ProtocolError("unknown_user", "no such user")
        viewer = await current_user(request)
        history = []
        # private tables' matches only for their own players
        for g in await storage.history(row.id, viewer=viewer.id if viewer else None):
            seat, abandoned = g.seat, g.abandoned
            result = "abandoned" if abandoned else (
                "won" if g.winner == seat or (isinstance(g.winner, list) and seat in g.winner)
                else ("lost" if g.status == "finished" else "playing"))
            history.append({"game_id": g.public_id, "game": g.game, "preset": g.preset,
                            "finished": g.finished, "seat": seat, "players": g.players,
                            "totals": g.totals, "winner": g.winner, "result": result})
        rows = await storage.user_ratings(row.id)
        return JSONResponse({
            "user": {"name": row.name, "guest": row.guest}, "created": row.created,
            "reputation": {"finished": row.finished, "abandoned": row.abandoned},
            "ratings": [{"game": r.game, "preset": r.preset,
                         "rating": ratings.conservative(r.mu, r.sigma), "mu": r.mu,
                         "sigma": r.sigma, "played": r.played} for r in rows],
            "history": history})

    async def leaderboard(request: Request) -> Response:
        q = request.query_params
        game = q.get("game", "thousand")
        preset = q.get("preset", "classic")
        try:
            limit = max(1, min(200, int(q.get("limit", "50"))))
        except ValueError:
            raise ProtocolError("bad_message", "limit must be a whole number") from None
        rows = await storage.leaderboard(game, preset, limit)
        return JSONResponse({"game": game, "preset": preset, "rows": [
            {"rank": i + 1, "name": r.name, "rating": ratings.conservative(r.mu, r.sigma),
             "mu": r.mu, "sigma": r.sigma, "played": r.played} for i, r in enumerate(rows)]})

    async def _finished(request: Request) -> Any:
        # by the random public id only: the sequential integer key stays internal
        public_id = request.path_params["game_id"]
        g = await storage.game_by_public_id(public_id) if len(public_id) <= 32 else None
        if g is None:
            raise ProtocolError("unknown_game", "no such game")
        if g.status != "finished":
            raise ProtocolError("game_running", "the match is not over yet")
        return g

    async def game_view(request: Request) -> Response:
        g = await _finished(request)
        try:
            describe = available_games()[g.game].RULES.from_json(g.rules).describe()
        except (KeyError, KozyrError):
            describe = ""
        return JSONResponse({"id": g.public_id, "table": g.table_id, "game": g.game,
                             "preset": g.preset, "rules": g.rules, "describe": describe,
                             "players": g.players, "status": g.status, "sheet": g.sheet,
                             "totals": g.totals, "winner": g.winner,
                             "settlement": g.settlement, "started": g.started,
                             "finished": g.finished})

    async def game_record(request: Request) -> Response:
        g = await _finished(request)
        return JSONResponse(g.record, headers={
            "Content-Disposition":
                f'attachment; filename="kozyr-{g.game}-{g.public_id}.json"'})

    # -- the websocket ----------------------------------------------------------------------
    async def ws_endpoint(websocket: WebSocket) -> None:
        # Before the upgrade is accepted: the page that opens the socket must be the room's
        # own (or a listed origin), and one address holds only so many sockets.
        address = guard.client_address(websocket)
        try:
            guard.check_origin(websocket)
        except ProtocolError:
            log.info("refused a websocket from %s: origin %r", address or "?",
                     websocket.headers.get("origin"))
            await websocket.close(code=1008)
            return
        if not sockets.acquire(address):
            await websocket.accept()
            with contextlib.suppress(Exception):
                await websocket.send_text(encode(ProtocolError(
                    "too_many_connections", f"at most {settings.max_conns_per_address} "
                    "open connections per address").to_json()))
                await websocket.close(code=1008)
            return
        try:
            await websocket.accept()
        except BaseException:
            sockets.release(address)
            raise
        conn = Conn(websocket, lobby, address)
        writer = conn.writer = asyncio.create_task(conn.write_loop())
        reader = asyncio.create_task(read_loop(conn, websocket))
        try:
            # whichever ends first (the client left, or a send failed) ends the connection
            await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sockets.release(address)
            lobby.disconnect(conn)
            conn.close()
            reader.cancel()
            for task in (reader, writer):
                with contextlib.suppress(BaseException):
                    await task

    async def read_loop(conn: Conn, websocket: WebSocket) -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while not conn.closed:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    return
                text = msg.get("text")
                if text is None:
                    conn.send(ProtocolError("bad_message", "binary frames are not accepted: "
                                            "send each message as a JSON text frame").to_json())
                    continue
                await handle(conn, websocket, text)

    async def handle(conn: Conn, websocket: WebSocket, text: str) -> None:
        re = None
        raw: Any = None
        try:
            if not conn.allow():
                raise ProtocolError("rate_limited", "too many messages; slow down")
            raw = decode_message(text)
            re = message_id(raw)
            if not isinstance(raw, dict):
                raise ProtocolError("bad_json", "a message must be a JSON object")
            msg = check_message(raw)
            await dispatch(conn, websocket, msg, re)
        except ProtocolError as e:
            conn.send(e.to_json(re))
            if e.code == "unsupported_version":
                conn.close(4000, "unsupported version")
        except Exception:
            kind = raw.get("type") if isinstance(raw, dict) else "?"
            log.exception("internal error handling a %s message",
                          kind if isinstance(kind, str) and utf8_valid(kind) else "?")
            conn.send(ProtocolError("internal", "server error").to_json(re))

    async def dispatch(conn: Conn, websocket: WebSocket, msg: dict[str, Any], re: Any) -> None:
        kind = msg["type"]
        if conn.user is None:
            if kind != "hello":
                raise ProtocolError("not_hello", "send hello first")
            if msg["v"] != VERSION:
                raise ProtocolError("unsupported_version", f"this server speaks v {VERSION}")
            # The session: hello's token, else the upgrade's cookie, else a new guest.  The
            # token is echoed only to a client that already has it (it sent it) or whose
            # new guest it is, never to a socket that merely carried a cookie.
            token: str | None = msg.get("token")
            user = await auth.user(token)
            shown = token
            if user is None:
                token = websocket.cookies.get(COOKIE)
                user = await auth.user(token)
                shown = None
            if user is None:
                try:
                    user, token = await auth.guest(conn.address)
                except ProtocolError as e:
                    conn.send(e.to_json(re))
                    conn.close(1008, "too many guests")
                    return
                shown = token
            conn.user, conn.token = user, token
            lobby.connect(conn)
            conn.send({"type": "welcome", "v": VERSION, "user": user.to_json(), "token": shown,
                       "server": f"kozyr {kozyr_version}", "re": re,
                       "limits": {"max_message": MAX_MESSAGE, "chat_length": CHAT_LENGTH}})
            return
        if kind == "hello":
            raise ProtocolError("bad_message", "hello was already sent")
        if kind == "ping":
            conn.send({"type": "pong", "t": time.time(), "re": re})
        elif kind == "lobby":
            lobby.subscribe(conn)
        elif kind == "unlobby":
            lobby.unsubscribe(conn)
            conn.send({"type": "ok", "re": re})
        elif kind == "create":
            assert conn.user is not None
            table = await lobby.create_table(conn.user, msg["spec"])
            conn.send({"type": "created", "table": table.info(), "invite": table.invite,
                       "re": re})
        elif kind == "join":
            await lobby.get(msg["table"]).join(conn, msg.get("seat"), msg.get("invite"))
        elif kind == "watch":
            await lobby.get(msg["table"]).watch(conn, msg.get("invite"))
        elif kind == "leave":
            await lobby.get(msg["table"]).leave(conn)
            conn.send({"type": "left", "table": msg["table"], "re": re})
        elif kind == "add_bot":
            await lobby.get(msg["table"]).add_bot(conn, msg["seat"], msg["level"])
        elif kind == "remove_bot":
            await lobby.get(msg["table"]).remove_bot(conn, msg["seat"])
        elif kind == "rematch":
            await lobby.get(msg["table"]).rematch(conn)
        elif kind == "back":
            await lobby.get(msg["table"]).back(conn)
        elif kind == "intent":
            await lobby.get(msg["table"]).intent(conn, msg["state"], msg["action"])
        elif kind == "chat":
            await lobby.get(msg["table"]).chat(conn, msg["text"])
        elif kind == "resync":
            await lobby.get(msg["table"]).resync(conn, msg.get("version"))

    routes = [
        Route("/", index),
        Route("/api/meta", api(meta)),
        Route("/api/rules", api(rules_view), methods=["POST"]),
        Route("/api/auth/register", api(register), methods=["POST"]),
        Route("/api/auth/login", api(login), methods=["POST"]),
        Route("/api/auth/logout", api(logout), methods=["POST"]),
        Route("/api/auth/logout_all", api(logout_all), methods=["POST"]),
        Route("/api/auth/guest", api(guest), methods=["POST"]),
        Route("/api/me", api(me)),
        Route("/api/lobby", api(lobby_view)),
        Route("/api/tables", api(create_table), methods=["POST"]),
        Route("/api/tables/{table_id}", api(table_view)),
        Route("/api/profiles/{name}", api(profile)),
        Route("/api/leaderboard", api(leaderboard)),
        Route("/api/games/{game_id}", api(game_view)),
        Route("/api/games/{game_id}/record", api(game_record)),
        WebSocketRoute("/ws", ws_endpoint),
        Mount("/static", StaticFiles(directory=str(web_dir()), check_dir=False), name="static"),
    ]
    app = SecureStarlette(routes=routes, lifespan=lifespan)
    app.state.lobby = lobby
    app.state.storage = storage
    app.state.auth = auth
    return app
