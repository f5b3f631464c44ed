"""The lobby: salons per game and preset, the open tables, live counts, and connections.

A :class:`Conn` is one websocket: its user, the tables it sits at or watches, and its outbound
queue (one writer task per socket drains it, so a broadcast never waits for a slow client).
The :class:`Lobby` owns every :class:`~kozyr.server.master.TableMaster`, creates tables from a
TableSpec, restores unfinished tables from the database at start-up, and pushes lobby
snapshots and counts to subscribers through the pub/sub broadcaster.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter
from typing import Any

from kozyr.core.errors import KozyrError
from kozyr.core.rules import RuleSet
from kozyr.games import match_class, new_match
from kozyr.server.botpool import BotPool
from kozyr.server.master import TableMaster
from kozyr.server.protocol import ProtocolError, encode
from kozyr.server.pubsub import make_broadcaster
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage, User

log = logging.getLogger("kozyr.server")

#: The salons, in lobby order: (game, preset, title).
SALONS: tuple[tuple[str, str, str], ...] = (
    ("thousand", "classic", "Thousand — classic"),
    ("thousand", "online", "Thousand — online"),
    ("thousand", "tysiac", "Thousand — Tysiąc"),
    ("thousand", "two_players", "Thousand — two players"),
    ("thousand", "four_players", "Thousand — four players"),
    ("thousand", "501", "Thousand — 501"),
    ("debertz", "debertz2", "Debertz — two players"),
    ("debertz", "debertz3", "Debertz — three players"),
    ("debertz", "debertz4", "Debertz — four players (teams)"),
    ("tertz", "tertz", "Tertz"),
)
_SPEC_KEYS = {"game", "preset", "options", "players", "private", "clock", "bot_delay"}


def available_games() -> dict[str, Any]:
    """Return the Match class of every game whose engine is installed."""
    out = {}
    for game in ("thousand", "debertz", "tertz"):
        try:
            out[game] = match_class(game)
        except Exception:  # an engine not written yet: its salons stay hidden
            continue
    return out


def salons() -> list[tuple[str, str, str]]:
    """Return the salons whose game and preset exist."""
    games = available_games()
    return [(g, p, t) for g, p, t in SALONS if g in games and p in games[g].RULES.PRESETS]


class Conn:
    """One websocket connection.

    Outgoing messages wait in a queue drained by :meth:`write_loop`; the queue's size is
    counted in bytes (``settings.max_queue_bytes``): a client that does not read is dropped
    rather than allowed to grow the server's memory.  A send that fails (the socket broke,
    a message that cannot be encoded) closes this connection only, with a logged reason.
    """

    def __init__(self, ws: Any, lobby: Lobby, address: str = "") -> None:
        self.ws = ws
        self.lobby = lobby
        self.address = address
        self.user: User | None = None
        self.token: str | None = None
        self.tables: dict[str, TableMaster] = {}
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued_bytes = 0
        self.closed = False
        self.lobby_sub = False
        self.close_code: int | None = None
        self.close_reason = ""
        self._tokens = lobby.settings.rate * 2
        self._stamp = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; drop the connection if it cannot keep up."""
        if not self.closed:
            self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue an already encoded message (one encoding shared by many recipients)."""
        if self.closed:
            return
        size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
        if self.queued_bytes + size > self.lobby.settings.max_queue_bytes:
            log.warning("dropping a connection of %s: %d bytes unread", self.address or "?",
                        self.queued_bytes)
            self.close(1008, "too many unread messages")  # a client that reads nothing
            return
        self.queued_bytes += size
        self.queue.put_nowait(text)

    def close(self, code: int | None = None, reason: str = "") -> None:
        """Stop the writer (closing the socket with ``code`` if given)."""
        if not self.closed:
            self.closed = True
            if code is not None:
                self.close_code, self.close_reason = code, reason
            self.queue.put_nowait(None)

    def allow(self) -> bool:
        """Take a token of the per-socket rate limit; False if none is left."""
        now = time.monotonic()
        rate = self.lobby.settings.rate
        self._tokens = min(rate * 2, self._tokens + (now - self._stamp) * rate)
        self._stamp = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def write_loop(self) -> None:
        """Send queued messages in order until closed; a failed send closes the socket."""
        while True:
            text = await self.queue.get()
            if text is None:
                if self.close_code is not None:
                    with contextlib.suppress(Exception):
                        await self.ws.close(self.close_code, self.close_reason)
                return
            self.queued_bytes -= len(text) if text.isascii() else len(
                text.encode("utf-8", "surrogatepass"))
            try:
                await self.ws.send_text(text)
            except Exception as e:
                log.warning("closing a connection of %s: sending failed (%s: %s)",
                            self.address or "?", type(e).__name__, e)
                self.closed = True
                with contextlib.suppress(Exception):
                    await self.ws.close(1011, "server error")
                return


class Lobby:
    """Every table and connection of the server."""

    def __init__(self, storage: Storage, settings: Settings | None = None,
                 pubsub_url: str = "memory://") -> None:
        self.storage = storage
        self.settings = settings or Settings()
        self.pool = BotPool(self.settings.bot_workers)
        self.hub = make_broadcaster(pubsub_url)
        self.tables: dict[str, TableMaster] = {}
        self.conns: set[Conn] = set()
        self.online: Counter[int] = Counter()
        self._counts_pending = False
        self._lobby_pending = False
        self._last_counts: tuple[int, int] | None = None
        self._handles: list[asyncio.TimerHandle] = []

    # -- connections -----------------------------------------------------------------------
    def connect(self, conn: Conn) -> None:
        """Count a connection once its user is known."""
        self.conns.add(conn)
        if conn.user is not None:
            self.online[conn.user.id] += 1
            self.counts_changed()

    def disconnect(self, conn: Conn) -> None:
        """Forget a closed connection: its tables, its lobby subscription, its count."""
        self.conns.discard(conn)
        for table in list(conn.tables.values()):
            table.detach(conn)
        self.hub.unsubscribe("lobby", conn)
        if conn.user is not None and conn.user.id in self.online:
            self.online[conn.user.id] -= 1
            if self.online[conn.user.id] <= 0:
                del self.online[conn.user.id]
            self.counts_changed()

    def subscribe(self, conn: Conn) -> None:
        """Subscribe to lobby pushes and send a snapshot."""
        self.hub.subscribe("lobby", conn)
        conn.send({"type": "lobby", **self.snapshot()})

    def unsubscribe(self, conn: Conn) -> None:
        """Stop lobby pushes."""
        self.hub.unsubscribe("lobby", conn)

    # -- counts and snapshots -------------------------------------------------------------
    def counts(self) -> tuple[int, int]:
        """Return (users online, humans seated at running tables)."""
        playing = {s.user_id for t in self.tables.values() if t.status == "playing"
                   for s in t.seats if s.kind == "human"}
        return len(self.online), len(playing)

    def snapshot(self) -> dict[str, Any]:
        """Return the lobby message body: counts and salons with their public tables."""
        online, playing = self.counts()
        out = []
        for game, preset, title in salons():
            tables = [t for t in self.tables.values() if t.game == game
                      and t.rules.preset == preset and not t.private and t.status != "closed"]
            out.append({"game": game, "preset": preset, "title": title,
                        "players": _players_of(game, preset),
                        "tables": [t.info() for t in tables],
                        "playing": sum(1 for t in tables if t.status == "playing")})
        return {"online": online, "playing": playing, "salons": out}

    def _later(self, delay: float, fn: Any) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._handles = [h for h in self._handles if not h.cancelled()]
        self._handles.append(loop.call_later(delay, fn))

    def counts_changed(self) -> None:
        """Push the counts to lobby subscribers soon (coalesced)."""
        if not self._counts_pending:
            self._counts_pending = True
            self._later(0.05, self._push_counts)

    def _push_counts(self) -> None:
        self._counts_pending = False
        counts = self.counts()
        if counts != self._last_counts:
            self._last_counts = counts
            self.hub.publish("lobby", {"type": "counts", "online": counts[0],
                                       "playing": counts[1]})

    def tables_changed(self) -> None:
        """Push a lobby snapshot to subscribers soon (at most once per interval)."""
        if not self._lobby_pending and self.hub.count("lobby"):
            self._lobby_pending = True
            self._later(self.settings.lobby_interval, self._push_lobby)

    def _push_lobby(self) -> None:
        self._lobby_pending = False
        if self.hub.count("lobby"):
            self.hub.publish("lobby", {"type": "lobby", **self.snapshot()})

    # -- tables ------------------------------------------------------------------------------
    def get(self, table_id: str) -> TableMaster:
        """Return a table; raise unknown_table."""
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("unknown_table", "no such table")
        return table

    def remove(self, table: TableMaster) -> None:
        """Forget a closed table."""
        self.tables.pop(table.id, None)
        self.tables_changed()
        self.counts_changed()

    async def create_table(self, user: User, spec: Any) -> TableMaster:
        """Create a table from a TableSpec (docs/protocol.md §3)."""
        game, rules, players, private, clock, delay = parse_spec(spec)
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        table = TableMaster(self, table_id, game, rules, players, private=private,
                            invite=secrets.token_urlsafe(12) if private else None, clock=clock,
                            bot_delay=delay, owner=user.name)
        await self.storage.save_table(table.row())
        self.tables[table_id] = table
        if not private:
            self.tables_changed()
        return table

    async def restore(self) -> None:
        """Load every table that was not closed; replay the running matches."""
        games = available_games()
        for row in await self.storage.open_tables():
            if row.game not in games:
                continue
            try:
                rules = games[row.game].RULES.from_json(row.rules)
                table = TableMaster(self, row.id, row.game, rules, row.players,
                                    private=row.private, invite=row.invite, clock=row.clock,
                                    bot_delay=row.bot_delay, owner=row.owner,
                                    created=row.created)
                self.tables[row.id] = table
                await table.restore(row)
            except (KozyrError, RuntimeError) as e:
                log.error("table %s could not be restored: %s", row.id, e)
                self.tables.pop(row.id, None)

    async def close(self) -> None:
        """Stop timers, tables' tasks and the bot pool."""
        for h in self._handles:
            h.cancel()
        for table in list(self.tables.values()):
            await table.shutdown()
        for conn in list(self.conns):
            conn.close()
        await asyncio.get_running_loop().run_in_executor(None, self.pool.close)
        with contextlib.suppress(Exception):
            pass


def _players_of(game: str, preset: str) -> int | None:
    try:
        rules = match_class(game).RULES.from_preset(preset)
    except (KozyrError, ImportError, AttributeError):
        return None
    n = getattr(rules, "players", None)
    return int(n) if isinstance(n, int) else None


def parse_spec(spec: Any) -> tuple[str, RuleSet, int, bool, float | None, float | None]:
    """Validate a TableSpec; return (game, rules, players, private, clock, bot_delay)."""
    if not isinstance(spec, dict):
        raise ProtocolError("bad_message", "spec must be an object")
    extra = set(spec) - _SPEC_KEYS
    if extra:
        raise ProtocolError("bad_message", f"spec has no field(s) {', '.join(sorted(extra))}")
    games = available_games()
    game = spec.get("game")
    if not isinstance(game, str) or game not in games:
        raise ProtocolError("bad_rules", f"game must be one of {', '.join(games)}")
    preset = spec.get("preset")
    options = spec.get("options") or {}
    if preset is not None and not isinstance(preset, str):
        raise ProtocolError("bad_rules", "preset must be a preset name")
    if not isinstance(options, dict):
        raise ProtocolError("bad_rules", "options must be an object")
    if "preset" in options:
        raise ProtocolError("bad_rules", "give the preset as spec.preset")
    players = spec.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise ProtocolError("bad_rules", "players must be a whole number")
    cls = games[game]
    try:
        values = dict(options)
        has_players_option = any(f.name == "players" for f in cls.RULES.options())
        if players is not None and has_players_option:
            if "players" in values and values["players"] != players:
                raise ProtocolError("bad_rules", "players and options.players disagree")
            values["players"] = players
        rules = cls.RULES.from_preset(preset, **values)
        n = new_match(game, rules, seed=0).players
    except KozyrError as e:
        raise ProtocolError("bad_rules", str(e)) from None
    if players is not None and players != n:
        raise ProtocolError("bad_rules", f"{game} ({rules.preset}) is for {n} players")
    private = spec.get("private", False)
    if not isinstance(private, bool):
        raise ProtocolError("bad_message", "private must be true or false")
    clock = _number(spec.get("clock"), "clock", 5, 600)
    delay = _number(spec.get("bot_delay"), "bot_delay", 0, 5)
    return game, rules, n, private, clock, delay


def _number(v: Any, name: str, lo: float, hi: float) -> float | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
        raise ProtocolError("bad_message", f"{name} must be null or a number from {lo} to {hi}")
    return float(v)
