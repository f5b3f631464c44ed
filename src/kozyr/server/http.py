"""The HTTP side of the card room: the JSON API of docs/protocol.md §2 and the static client.

:class:`Api` holds the room's lobby, storage, sessions and guard, and :meth:`Api.routes`
returns every HTTP route.  A request that changes something (not GET, HEAD or OPTIONS) must
come from the room's own page (its ``Origin``) and carry JSON, never a form
(docs/security.md); a refused request is answered ``{"error": {"code", "message"}}`` with the
HTTP status of its code.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from kozyr.core.errors import KozyrError
from kozyr.core.option_texts import localized_schema, texts_for
from kozyr.server import ratings
from kozyr.server.analysis import Analyser
from kozyr.server.auth import COOKIE, Auth
from kozyr.server.lobby import Lobby, all_salons, available_games, parse_spec, salons
from kozyr.server.protocol import VERSION, ProtocolError, check_json
from kozyr.server.security import Guard
from kozyr.server.settings import Settings
from kozyr.server.stats import won_by
from kozyr.server.storage import Storage, User
from kozyr.server.tournaments.store import TournamentStore

_STATUS = {"auth_required": 401, "auth_failed": 401, "rate_limited": 429, "name_taken": 409,
           "game_running": 409, "unknown_table": 404, "unknown_game": 404, "unknown_user": 404,
           "internal": 500, "bad_origin": 403, "bad_content_type": 415, "too_large": 413,
           "too_many_tables": 429, "too_many_connections": 429, "not_stored": 503,
           "table_stopped": 409, "unknown_tournament": 404, "tournament_closed": 409,
           "tournament_full": 409, "not_owner": 403}
#: the only body type the API reads; forms (urlencoded, multipart, text/plain) are refused,
#: so no other site's page can post to it without a CORS preflight the room never answers
_JSON = "application/json"
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")

Endpoint = Callable[[Request], Awaitable[Response]]


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


#: the largest record POST /api/replay reads (bytes)
REPLAY_BODY = 512 * 1024


def _steps_of(record: Any) -> dict[str, Any]:
    """Return a record's replay steps; ProtocolError ``bad_message`` if it does not replay."""
    from kozyr.server.steps import replay_steps

    try:
        return replay_steps(record)
    except (KozyrError, TypeError, ValueError, KeyError, AttributeError) as e:
        raise ProtocolError("bad_message", f"the record does not replay: {e}") from None


def _history_entry(g: Any) -> dict[str, Any]:
    """Return a profile's line of one match (a ``history`` row: the game and the seat)."""
    seat, winner = g.seat, g.winner
    won = won_by(winner, seat)
    result = "abandoned" if g.abandoned else (
        "won" if won else ("lost" if g.status == "finished" else "playing"))
    players = list(g.players or [])
    opponents = []
    for i, name in enumerate(players):
        if i == seat:
            continue
        bot = name.startswith("bot:")  # a user's name never holds a colon
        opponents.append({"seat": i, "name": None if bot else name,
                          "bot": name[4:] if bot else None})
    finished = g.status == "finished"
    return {"game_id": g.public_id, "game": g.game, "preset": g.preset,
            "started": g.started, "finished": g.finished, "seat": seat,
            "players": players, "opponents": opponents, "totals": g.totals,
            "score": g.totals[seat] if finished and g.totals else None, "winner": winner,
            "result": result, "won": won if finished else None,
            "abandoned": bool(g.abandoned),
            "replay": f"#/replay/{g.public_id}" if finished else None}


def request_tokens(request: HTTPConnection) -> list[str]:
    """Return the session tokens a request carries: the header's, then the cookie's."""
    out = []
    for token in (request.headers.get("x-kozyr-session"), request.cookies.get(COOKIE)):
        if token and token not in out:
            out.append(token)
    return out


class Api:
    """The HTTP JSON API (docs/protocol.md §2) of one card room."""

    def __init__(self, lobby: Lobby, storage: Storage, auth: Auth, guard: Guard,
                 settings: Settings) -> None:
        self.lobby = lobby
        self.storage = storage
        self.auth = auth
        self.guard = guard
        self.settings = settings
        self.max_body = settings.max_body
        #: finished games' summary extras (public id -> e.g. Thousand's ``barrel_falls``)
        self._extras: dict[str, dict[str, Any]] = {}
        self._steps: dict[str, dict[str, Any]] = {}
        #: the replay page's Analysis view, in a worker process of its own
        self.analyser = Analyser(1 if settings.bot_workers else 0)

    def routes(self) -> list[BaseRoute]:
        """Return the HTTP routes: the page, the API and the static files."""
        api = self.wrap
        return [
            Route("/", self.index),
            Route("/api/meta", api(self.meta)),
            Route("/api/rules", api(self.rules_view), methods=["POST"]),
            Route("/api/auth/register", api(self.register), methods=["POST"]),
            Route("/api/auth/login", api(self.login), methods=["POST"]),
            Route("/api/auth/logout", api(self.logout), methods=["POST"]),
            Route("/api/auth/logout_all", api(self.logout_all), methods=["POST"]),
            Route("/api/auth/guest", api(self.guest), methods=["POST"]),
            Route("/api/me", api(self.me)),
            Route("/api/lobby", api(self.lobby_view)),
            Route("/api/tables", api(self.create_table), methods=["POST"]),
            Route("/api/tables/{table_id}", api(self.table_view)),
            Route("/api/tables/{table_id}/hint", api(self.table_hint), methods=["POST"]),
            Route("/api/profiles/{name}", api(self.profile)),
            Route("/api/profiles/{name}/stats", api(self.profile_stats)),
            Route("/api/leaderboard", api(self.leaderboard)),
            Route("/api/games/{game_id}", api(self.game_view)),
            Route("/api/games/{game_id}/record", api(self.game_record)),
            Route("/api/games/{game_id}/steps", api(self.game_steps)),
            Route("/api/replay", api(self.replay_view), methods=["POST"]),
            Route("/api/games/{game_id}/analysis", api(self.game_analysis)),
            Route("/api/analysis", api(self.record_analysis), methods=["POST"]),
            Mount("/static", StaticFiles(directory=str(web_dir()), check_dir=False),
                  name="static"),
        ]

    def wrap(self, fn: Endpoint) -> Endpoint:
        """Wrap an API endpoint: origin and body type checks, errors as JSON."""
        async def wrapped(request: Request) -> Response:
            try:
                if request.method not in _SAFE_METHODS:  # a request that changes something
                    self.guard.check_origin(request)
                    _check_content_type(request)
                return await fn(request)
            except ProtocolError as e:
                return _error(e)
        return wrapped

    # -- sessions ------------------------------------------------------------------------------
    def _session_response(self, request: Request, body: dict[str, Any], token: str | None
                          ) -> JSONResponse:
        resp = JSONResponse(body)
        if token:
            resp.set_cookie(COOKIE, token, httponly=True, samesite="lax", path="/",
                            max_age=int(self.settings.session_ttl),
                            secure=self.guard.secure(request))
        return resp

    async def current_user(self, request: Request) -> User | None:
        """Return the user of the first valid session token the request carries, or None."""
        for token in request_tokens(request):
            user = await self.auth.user(token)
            if user is not None:
                return user
        return None

    def _close_sockets(self, which: Callable[[Any], bool]) -> None:
        """Close (4001, "logged out") every open websocket ``which(conn)`` picks."""
        for conn in list(self.lobby.conns):
            if which(conn):
                conn.close(4001, "logged out")

    @staticmethod
    def _logged_out() -> Response:
        resp = JSONResponse({"ok": True})
        resp.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return resp

    async def register(self, request: Request) -> Response:
        """POST /api/auth/register."""
        body = await _body(request, self.max_body)
        user, token = await self.auth.register(body.get("name"), body.get("password"),
                                               self.guard.client_address(request))
        return self._session_response(request, {"user": user.to_json(), "token": token}, token)

    async def login(self, request: Request) -> Response:
        """POST /api/auth/login."""
        body = await _body(request, self.max_body)
        user, token = await self.auth.login(body.get("name"), body.get("password"),
                                            self.guard.client_address(request))
        return self._session_response(request, {"user": user.to_json(), "token": token}, token)

    async def logout(self, request: Request) -> Response:
        """POST /api/auth/logout: end the sessions the request carries, close their sockets."""
        await _body(request, self.max_body, required=False)
        tokens = request_tokens(request)
        for token in tokens:
            await self.auth.logout(token)
        self._close_sockets(lambda conn: conn.token in tokens)
        return self._logged_out()

    async def logout_all(self, request: Request) -> Response:
        """POST /api/auth/logout_all: end every session of the user, close every socket."""
        await _body(request, self.max_body, required=False)
        user = await self.current_user(request)
        if user is None:
            raise ProtocolError("auth_required", "log in first")
        await self.auth.logout_all(user)
        self._close_sockets(lambda conn: conn.user is not None and conn.user.id == user.id)
        return self._logged_out()

    async def guest(self, request: Request) -> Response:
        """POST /api/auth/guest: a new guest, or the guest the request's session already is
        (playing as a guest twice keeps one identity)."""
        await _body(request, self.max_body, required=False)
        for old in request_tokens(request):
            known = await self.auth.user(old)
            if known is not None and known.guest:
                return self._session_response(request, {"user": known.to_json(), "token": old},
                                              old)
        user, token = await self.auth.guest(self.guard.client_address(request))
        return self._session_response(request, {"user": user.to_json(), "token": token}, token)

    async def me(self, request: Request) -> Response:
        """GET /api/me."""
        user = await self.current_user(request)
        return JSONResponse({"user": user.to_json() if user else None})

    # -- the room ------------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        """GET /: the web client's page."""
        page = web_dir() / "index.html"
        if page.is_file():
            return FileResponse(page)
        return HTMLResponse("<!doctype html><title>kozyr</title><p>The kozyr card room: the web "
                            "client is not installed. See docs/protocol.md.</p>")

    async def meta(self, request: Request) -> Response:
        """GET /api/meta: the games, their presets and rule schemas, the bots, the salons.

        Each game's ``schema`` lists its options (``RuleSet.schema()``) with their labels,
        explanations and choice names in every language (``texts``, ``choice_labels``), and
        ``groups`` their groups as on the rules page, titled in every language
        (:func:`kozyr.core.option_texts.localized_schema`).
        """
        games = {}
        for name, cls in available_games().items():
            presets = []
            for p in cls.RULES.PRESETS:
                rs = cls.RULES.from_preset(p)
                presets.append({"name": p, "players": getattr(rs, "players", None),
                                "rules": rs.as_dict(), "describe": rs.describe()})
            local = localized_schema(cls.RULES, texts_for(cls.RULES))
            games[name] = {"presets": presets, "schema": local["options"],
                           "groups": local["groups"], "languages": local["languages"],
                           "default_preset": cls.RULES.DEFAULT_PRESET}
        return JSONResponse({"v": VERSION, "games": games,
                             "bots": list(self.lobby.settings.levels),
                             "salons": [{"game": g, "preset": p, "title": t}
                                        for g, p, t in salons()]})

    async def rules_view(self, request: Request) -> Response:
        """POST /api/rules: what a game, preset and options come to."""
        body = await _body(request, self.max_body)
        _game, rs, n, *_ = parse_spec({"game": body.get("game"), "preset": body.get("preset"),
                                       "options": body.get("options")})
        return JSONResponse({"rules": rs.as_dict(), "record_rules": rs.to_json(),
                             "describe": rs.describe(), "players": n})

    async def lobby_view(self, request: Request) -> Response:
        """GET /api/lobby."""
        return JSONResponse(self.lobby.snapshot())

    async def create_table(self, request: Request) -> Response:
        """POST /api/tables."""
        user = await self.current_user(request)
        if user is None:
            raise ProtocolError("auth_required", "log in or play as a guest first")
        table = await self.lobby.create_table(user, await _body(request, self.max_body))
        return JSONResponse({"table": table.info(), "invite": table.invite})

    async def table_view(self, request: Request) -> Response:
        """GET /api/tables/{id} (a private one with its ``invite``)."""
        table = self.lobby.get(request.path_params["table_id"])
        if table.private and request.query_params.get("invite") != table.invite:
            raise ProtocolError("unknown_table", "no such table")
        return JSONResponse({"table": table.info()})

    async def table_hint(self, request: Request) -> Response:
        """POST /api/tables/{id}/hint: at a practice table (``hints``), what ``hard`` would
        play for the asking player's seat, on his turn, and why (kozyr.bots.explain), from
        that seat's own view only; computed in the bots' worker processes."""
        user = await self.current_user(request)
        if user is None:
            raise ProtocolError("auth_required", "log in or play as a guest first")
        table = self.lobby.get(request.path_params["table_id"])
        if not table.hints:
            raise ProtocolError("bad_message", "this table offers no hints (a practice "
                                "table's option; never at a rated table)")
        seat = table.seat_of_user(user.id)
        if seat is None:
            raise ProtocolError("not_seated", "take a seat at the table first")
        match = table.match
        if match is None or table.status != "playing":
            raise ProtocolError("not_started", "the match has not started")
        if match.current_player() != seat:
            raise ProtocolError("not_your_turn", "a hint is for your own turn")
        got = await self.lobby.pool.hint(match, seat, secrets.randbits(32))
        return JSONResponse({"hint": got, "state": table.step})

    # -- players and finished matches --------------------------------------------------------
    async def profile(self, request: Request) -> Response:
        """GET /api/profiles/{name}: reputation, ratings (on the display scale too) and the
        recent matches with their opponents, date, score, result and replay."""
        storage = self.storage
        row = await storage.user_row(request.path_params["name"])
        if row is None:
            raise ProtocolError("unknown_user", "no such user")
        viewer = await self.current_user(request)
        # private tables' matches only for their own players
        history = [_history_entry(g) for g in await storage.history(
            row.id, viewer=viewer.id if viewer else None)]
        rows = await storage.user_ratings(row.id)
        return JSONResponse({
            "user": {"name": row.name, "guest": row.guest}, "created": row.created,
            "reputation": {"finished": row.finished, "abandoned": row.abandoned},
            "ratings": [{"game": r.game, "preset": r.preset,
                         "rating": ratings.conservative(r.mu, r.sigma), "mu": r.mu,
                         "sigma": r.sigma, "played": r.played, **ratings.shown(r.mu, r.sigma)}
                        for r in rows],
            "titles": await TournamentStore(storage).titles(row.id, getattr(viewer, "id", None)),
            "tournaments": await TournamentStore(storage).record_of(row.id),
            "history": history})

    async def profile_stats(self, request: Request) -> Response:
        """GET /api/profiles/{name}/stats: figures per game and preset over the user's last
        :data:`kozyr.server.stats.LIMIT` finished matches (:func:`kozyr.server.stats.compute`,
        off the event loop) with the rating history; private tables' matches as in the
        profile."""
        from kozyr.server.stats import LIMIT, compute

        row = await self.storage.user_row(request.path_params["name"])
        if row is None:
            raise ProtocolError("unknown_user", "no such user")
        viewer = await self.current_user(request)
        rows = await self.storage.finished_sheets(row.id, LIMIT,
                                                  viewer=viewer.id if viewer else None)
        history = await self.storage.rating_history(row.id, LIMIT)
        return JSONResponse({"user": {"name": row.name, "guest": row.guest}, "limit": LIMIT,
                             "stats": await asyncio.to_thread(compute, rows, history)})

    async def leaderboard(self, request: Request) -> Response:
        """GET /api/leaderboard?game=&preset=&limit= (by default the first salon's)."""
        q = request.query_params
        first = all_salons()[0]  # by default the lobby's first salon
        game = q.get("game", first[0])
        preset = q.get("preset", first[1])
        try:
            limit = max(1, min(200, int(q.get("limit", "50"))))
        except ValueError:
            raise ProtocolError("bad_message", "limit must be a whole number") from None
        rows = await self.storage.leaderboard(game, preset, limit)
        return JSONResponse({"game": game, "preset": preset, "rows": [
            {"rank": i + 1, "name": r.name, "rating": ratings.conservative(r.mu, r.sigma),
             "mu": r.mu, "sigma": r.sigma, "played": r.played, **ratings.shown(r.mu, r.sigma)}
            for i, r in enumerate(rows)]})

    async def _finished(self, request: Request) -> Any:
        # by the random public id only: the sequential integer key stays internal
        public_id = request.path_params["game_id"]
        g = await self.storage.game_by_public_id(public_id) if len(public_id) <= 32 else None
        if g is None:
            raise ProtocolError("unknown_game", "no such game")
        if g.status != "finished":
            raise ProtocolError("game_running", "the match is not over yet")
        return g

    async def game_view(self, request: Request) -> Response:
        """GET /api/games/{id}: a finished match (FinishedGame)."""
        g = await self._finished(request)
        try:
            describe = available_games()[g.game].RULES.from_json(g.rules).describe()
        except (KeyError, KozyrError):
            describe = ""
        return JSONResponse({**self._summary_extras(g.public_id, g.record),
                             "id": g.public_id, "table": g.table_id, "game": g.game,
                             "preset": g.preset, "rules": g.rules, "describe": describe,
                             "players": g.players, "status": g.status, "sheet": g.sheet,
                             "totals": g.totals, "winner": g.winner,
                             "settlement": g.settlement, "started": g.started,
                             "finished": g.finished})

    def _summary_extras(self, public_id: str, record: Any) -> dict[str, Any]:
        """Return a finished game's extra summary keys, as ``kozyr replay --json`` gives them
        (Thousand's ``barrel_falls``), from its stored record; ``{}`` if it does not replay."""
        from kozyr.records import replay_record

        if public_id not in self._extras:
            try:
                extras = replay_record(record).match.summary_extras()
            except (KozyrError, TypeError, ValueError, KeyError):
                extras = {}
            if len(self._extras) >= 256:  # a finished game's extras never change: keep a few
                self._extras.pop(next(iter(self._extras)))
            self._extras[public_id] = extras
        return self._extras[public_id]

    async def game_steps(self, request: Request) -> Response:
        """GET /api/games/{id}/steps: what the replay viewer shows at each step of a finished
        match, computed from its record by the engine (:func:`kozyr.server.steps.replay_steps`)."""
        g = await self._finished(request)
        steps = self._steps.get(g.public_id)
        if steps is None:
            steps = await asyncio.to_thread(_steps_of, g.record)
            if len(self._steps) >= 32:  # a finished game's steps never change: keep a few
                self._steps.pop(next(iter(self._steps)))
            self._steps[g.public_id] = steps
        return JSONResponse(steps)

    async def replay_view(self, request: Request) -> Response:
        """POST /api/replay ``{"record": Record}``: the replay viewer's steps of any record
        (a record loaded in the page); 400 ``bad_message`` if it does not replay."""
        body = await _body(request, max(self.max_body, REPLAY_BODY))
        record = body.get("record")
        if not isinstance(record, dict):
            raise ProtocolError("bad_message", "send {\"record\": a game record}")
        return JSONResponse(await asyncio.to_thread(_steps_of, record))

    async def game_analysis(self, request: Request) -> Response:
        """GET /api/games/{id}/analysis?deal=N: one deal of a finished match analysed
        double-dummy (docs/analysis.md), computed once off the event loop and kept."""
        g = await self._finished(request)
        deal = request.query_params.get("deal", "")
        return JSONResponse(await self.analyser.analyse(g.record, deal, key=g.public_id))

    async def record_analysis(self, request: Request) -> Response:
        """POST /api/analysis ``{"record": Record, "deal": N}``: one deal of any record
        analysed (a record loaded in the page); 400 ``bad_message`` if it does not replay,
        413 ``too_large`` past the limits of :mod:`kozyr.server.analysis`."""
        body = await _body(request, max(self.max_body, REPLAY_BODY))
        return JSONResponse(await self.analyser.analyse(body.get("record"), body.get("deal")))

    async def game_record(self, request: Request) -> Response:
        """GET /api/games/{id}/record: a finished match's record, as a download."""
        g = await self._finished(request)
        return JSONResponse(g.record, headers={
            "Content-Disposition":
                f'attachment; filename="kozyr-{g.game}-{g.public_id}.json"'})
