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
from starlette.requests import Request
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
    check_message,
    decode_message,
    message_id,
    utf8_valid,
)
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage, User

log = logging.getLogger("kozyr.server")
_STATUS = {"auth_required": 401, "auth_failed": 401, "rate_limited": 429, "name_taken": 409,
           "game_running": 409, "unknown_table": 404, "unknown_game": 404, "unknown_user": 404,
           "internal": 500}


def web_dir() -> Path:
    """Return the folder of the browser client's static files."""
    return Path(str(resources.files("kozyr") / "web"))


def _error(e: ProtocolError) -> JSONResponse:
    return JSONResponse({"error": {"code": e.code, "message": e.message}},
                        status_code=_STATUS.get(e.code, 400))


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 16384:
        raise ProtocolError("too_large", "the body is too large")
    if not raw:
        return {}
    try:
        obj = json.loads(raw)
    except ValueError:
        raise ProtocolError("bad_json", "the body must be a JSON object") from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_json", "the body must be a JSON object")
    return obj


def create_app(db: str | None = None, settings: Settings | None = None) -> Starlette:
    """Return the card room application on database ``db`` (default SQLite under ./var/)."""
    storage = Storage(db)
    lobby = Lobby(storage, settings)
    auth = Auth(storage)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await storage.open()
        await lobby.restore()
        try:
            yield
        finally:
            await lobby.close()
            await storage.close()

    def session_response(body: dict[str, Any], token: str | None) -> JSONResponse:
        resp = JSONResponse(body)
        if token:
            resp.set_cookie(COOKIE, token, httponly=True, samesite="lax", max_age=86400 * 30)
        return resp

    async def current_user(request: Request) -> User | None:
        return await auth.user(request.cookies.get(COOKIE)
                               or request.headers.get("x-kozyr-session"))

    def api(fn: Any) -> Any:
        async def wrapped(request: Request) -> Response:
            try:
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
        body = await _body(request)
        _game, rs, n, *_ = parse_spec({"game": body.get("game"), "preset": body.get("preset"),
                                       "options": body.get("options")})
        return JSONResponse({"rules": rs.as_dict(), "record_rules": rs.to_json(),
                             "describe": rs.describe(), "players": n})

    async def register(request: Request) -> Response:
        body = await _body(request)
        user, token = await auth.register(body.get("name"), body.get("password"))
        return session_response({"user": user.to_json(), "token": token}, token)

    async def login(request: Request) -> Response:
        body = await _body(request)
        address = request.client.host if request.client else ""
        user, token = await auth.login(body.get("name"), body.get("password"), address,
                                       time.time())
        return session_response({"user": user.to_json(), "token": token}, token)

    async def logout(request: Request) -> Response:
        await auth.logout(request.cookies.get(COOKIE) or request.headers.get("x-kozyr-session"))
        resp = JSONResponse({"ok": True})
        resp.delete_cookie(COOKIE)
        return resp

    async def guest(request: Request) -> Response:
        user, token = await auth.guest()
        return session_response({"user": user.to_json(), "token": token}, token)

    async def me(request: Request) -> Response:
        user = await current_user(request)
        return JSONResponse({"user": user.to_json() if user else None})

    async def lobby_view(request: Request) -> Response:
        return JSONResponse(lobby.snapshot())

    async def create_table(request: Request) -> Response:
        user = await current_user(request)
        if user is None:
            raise ProtocolError("auth_required", "log in or play as a guest first")
        table = await lobby.create_table(user, await _body(request))
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
        history = []
        for g in await storage.history(row.id):
            seat, abandoned = g.seat, g.abandoned
            result = "abandoned" if abandoned else (
                "won" if g.winner == seat or (isinstance(g.winner, list) and seat in g.winner)
                else ("lost" if g.status == "finished" else "playing"))
            history.append({"game_id": g.id, "game": g.game, "preset": g.preset,
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
        try:
            gid = int(request.path_params["game_id"])
        except ValueError:
            raise ProtocolError("unknown_game", "no such game") from None
        g = await storage.game(gid)
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
        return JSONResponse({"id": g.id, "table": g.table_id, "game": g.game,
                             "preset": g.preset, "rules": g.rules, "describe": describe,
                             "players": g.players, "status": g.status, "sheet": g.sheet,
                             "totals": g.totals, "winner": g.winner,
                             "settlement": g.settlement, "started": g.started,
                             "finished": g.finished})

    async def game_record(request: Request) -> Response:
        g = await _finished(request)
        return JSONResponse(g.record, headers={
            "Content-Disposition": f'attachment; filename="kozyr-{g.game}-{g.id}.json"'})

    # -- the websocket ----------------------------------------------------------------------
    async def ws_endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        address = websocket.client.host if websocket.client else ""
        conn = Conn(websocket, lobby, address)
        writer = asyncio.create_task(conn.write_loop())
        reader = asyncio.create_task(read_loop(conn, websocket))
        try:
            # whichever ends first (the client left, or a send failed) ends the connection
            await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
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
            token = msg.get("token") or websocket.cookies.get(COOKIE)
            user = await auth.user(token)
            if user is None:
                user, token = await auth.guest()
            conn.user, conn.token = user, token
            lobby.connect(conn)
            conn.send({"type": "welcome", "v": VERSION, "user": user.to_json(), "token": token,
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
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.lobby = lobby
    app.state.storage = storage
    return app
