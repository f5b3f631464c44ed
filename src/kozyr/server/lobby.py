"""The lobby: salons per game and preset, the open tables, live counts, and connections.

The :class:`Lobby` owns every :class:`~kozyr.server.table.TableMaster`, creates tables from
a TableSpec, restores unfinished tables from the database at start-up, and pushes lobby
snapshots and counts to subscribers through the pub/sub broadcaster.  It is each table's
host (:class:`~kozyr.server.table.TableHost`): the tables reach it only through that
interface, and never import this module.  Connections are :class:`~kozyr.server.conn.Conn`.
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
from kozyr.games.registry import specs
from kozyr.server.botpool import BotPool
from kozyr.server.conn import Conn
from kozyr.server.protocol import ProtocolError, encode
from kozyr.server.pubsub import make_broadcaster
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage, User
from kozyr.server.table import TableMaster
from kozyr.server.table.timebank import parse_time

log = logging.getLogger("kozyr.server")

_SPEC_KEYS = {"game", "preset", "options", "players", "private", "clock", "bot_delay", "hints",
              "bank", "increment"}


def all_salons() -> tuple[tuple[str, str, str], ...]:
    """Return every registered game's salons, in lobby order: (game, preset, title).

    >>> all_salons()[0]
    ('thousand', 'classic', 'Thousand — classic')
    """
    return tuple((s.name, preset, title) for s in specs() for preset, title in s.salons)


def available_games() -> dict[str, Any]:
    """Return the Match class of every registered game whose engine is installed."""
    out = {}
    for s in specs():
        try:
            out[s.name] = s.match_class()
        except Exception:  # an engine not written yet: its salons stay hidden
            continue
    return out


def salons() -> list[tuple[str, str, str]]:
    """Return the salons whose game and preset exist: the spec's, then one for every other
    preset of the game, titled from its name (``debertz_big``: "Debertz — big").

    >>> ("debertz", "debertz_big", "Debertz — big") in salons()
    True
    """
    games = available_games()
    listed = [(g, p, t) for g, p, t in all_salons()
              if g in games and p in games[g].RULES.PRESETS]
    out = []
    for s in specs():
        if s.name not in games:
            continue
        mine = [x for x in listed if x[0] == s.name]
        named = {p for _, p, _ in mine}
        for p in games[s.name].RULES.PRESETS:
            if p not in named:
                words = p[len(s.name) + 1:] if p.startswith(s.name + "_") else p
                mine.append((s.name, p, f"{s.title} — {words.replace('_', ' ')}"))
        out.extend(mine)
    return out


class Lobby:
    """Every table and connection of the server.

    The lobby feed: a subscriber gets the whole ``lobby`` snapshot once, then a
    ``lobby_update`` per interval holding only the public tables that changed (reported by
    :meth:`tables_changed`) and those that are gone.  Each public table's ``TableInfo`` is
    computed and encoded once per change and cached, so neither a push nor a snapshot
    recomputes the lines of the tables that did not change, and a push is encoded once for
    every subscriber.

    Limits (:class:`~kozyr.server.settings.Settings`): a user owns at most
    ``max_tables_per_user`` open tables; a table that waits (or is over) with no seated
    player connected for ``empty_table_ttl`` seconds is closed by a sweep that
    :meth:`restore` starts and :meth:`close` stops.
    """

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
        # the lobby feed: per public table its TableInfo and its encoding, cached until it
        # changes; the snapshot's encoded salons; the tables changed since the last push
        self._infos: dict[str, dict[str, Any]] = {}
        self._texts: dict[str, str] = {}
        self._salons_text: str | None = None
        self._snapshot: tuple[tuple[int, int], str] | None = None
        self._dirty: set[str] = set()
        self._full_push = False
        # the limits: tables being created per owner (not stored yet), and since when
        # (time.monotonic) each table has had no seated player connected
        self._creating: Counter[str] = Counter()
        #: one Play now at a time, so two players pressing together share one table
        self.quick_lock = asyncio.Lock()
        self._empty_since: dict[str, float] = {}
        self._sweeper: asyncio.Task[None] | None = None
        #: the room's other processes (kozyr.server.cluster), or None: this process alone
        #: (a kozyr.server.cluster.Cluster; typed Any: the cluster imports the lobby's shape)
        self.cluster: Any = None

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
        if self.cluster is not None:
            self.cluster.forget(conn)
        if conn.user is not None and conn.user.id in self.online:
            self.online[conn.user.id] -= 1
            if self.online[conn.user.id] <= 0:
                del self.online[conn.user.id]
            self.counts_changed()

    def subscribe(self, conn: Conn) -> None:
        """Subscribe to lobby pushes and send a snapshot."""
        self.hub.subscribe("lobby", conn)
        conn.send_text(self.snapshot_text())

    def unsubscribe(self, conn: Conn) -> None:
        """Stop lobby pushes."""
        self.hub.unsubscribe("lobby", conn)

    # -- counts and snapshots -------------------------------------------------------------
    def counts(self) -> tuple[int, int]:
        """Return (users online, humans seated at running tables), of every process."""
        if self.cluster is not None:
            shared: tuple[int, int] = self.cluster.counts
            return shared
        online, playing = self.local_presence()
        return len(online), len(playing)

    def local_presence(self) -> tuple[set[int], set[int]]:
        """Return the ids of this process's users online and of the humans seated at the
        running tables it hosts."""
        playing = {s.user_id for t in self.tables.values() if t.status == "playing"
                   for s in t.seats if s.kind == "human" and s.user_id is not None}
        return set(self.online), playing

    def _all_tables(self) -> list[Any]:
        """Return the tables hosted here, then the public ones other processes host."""
        mine = list(self.tables.values())
        if self.cluster is None:
            return mine
        return mine + [t for tid, t in self.cluster.listings.items() if tid not in self.tables]

    def _find(self, table_id: str) -> Any:
        """Return the table hosted here, or the listing of one hosted elsewhere, or None."""
        table = self.tables.get(table_id)
        if table is None and self.cluster is not None:
            return self.cluster.listings.get(table_id)
        return table

    def snapshot(self) -> dict[str, Any]:
        """Return the lobby message body: counts and salons with their public tables.

        The TableInfo dicts are the lobby's cached ones: read them, do not change them.
        """
        online, playing = self.counts()
        out = []
        for (game, preset, title), tables in self._salon_tables():
            out.append({"game": game, "preset": preset, "title": title,
                        "players": _players_of(game, preset),
                        "tables": [self._info(t) for t in tables],
                        "playing": sum(1 for t in tables if t.status == "playing")})
        return {"online": online, "playing": playing, "salons": out}

    def snapshot_text(self) -> str:
        """Return the ``lobby`` message, encoded (the same JSON as :meth:`snapshot`).

        Built from each table's cached encoding; the salons' part is kept until a table
        changes, and the whole text while the counts stay the same too, so a flood of
        subscriptions costs no encoding and every subscriber queues the same string.
        """
        counts = self.counts()
        if self._salons_text is not None and self._snapshot is not None \
                and self._snapshot[0] == counts:
            return self._snapshot[1]
        if self._salons_text is None:
            parts = []
            for (game, preset, title), tables in self._salon_tables():
                head = encode({"game": game, "preset": preset, "title": title,
                               "players": _players_of(game, preset),
                               "playing": sum(1 for t in tables if t.status == "playing")})
                lines = ",".join(self._info_text(t) for t in tables)
                parts.append(f'{head[:-1]},"tables":[{lines}]}}')
            self._salons_text = "[" + ",".join(parts) + "]"
        text = (f'{{"type":"lobby","online":{counts[0]},"playing":{counts[1]},'
                f'"salons":{self._salons_text}}}')
        self._snapshot = (counts, text)
        return text

    @staticmethod
    def listed(table: TableMaster) -> bool:
        """Return True if the lobby shows ``table`` (public, neither closed nor finished)."""
        return not table.private and table.status not in ("closed", "over")

    def _salon_tables(self) -> list[tuple[tuple[str, str, str], list[TableMaster]]]:
        """Return each salon with its listed tables, in creation order."""
        by_salon: dict[tuple[str, str], list[TableMaster]] = {}
        for t in self._all_tables():
            if self.listed(t):
                by_salon.setdefault((t.game, t.rules.preset), []).append(t)
        return [((g, p, title), by_salon.get((g, p), [])) for g, p, title in salons()]

    def _info(self, table: TableMaster) -> dict[str, Any]:
        """Return the cached TableInfo of a listed table (computed once per change)."""
        info = self._infos.get(table.id)
        if info is None:
            info = self._infos[table.id] = table.info()
        return info

    def _info_text(self, table: TableMaster) -> str:
        """Return the cached encoding of a listed table's TableInfo."""
        text = self._texts.get(table.id)
        if text is None:
            text = self._texts[table.id] = encode(self._info(table))
        return text

    def _later(self, delay: float, fn: Any) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        now = loop.time()  # keep only the handles still to run (the list must not grow)
        self._handles = [h for h in self._handles if not h.cancelled() and h.when() > now]
        self._handles.append(loop.call_later(delay, fn))

    def counts_changed(self) -> None:
        """Push the counts to lobby subscribers soon (coalesced)."""
        if not self._counts_pending:
            self._counts_pending = True
            self._later(0.05, self._push_counts)

    def _push_counts(self) -> None:
        self._counts_pending = False
        if self.cluster is not None:  # the shared counts follow once written and summed
            self.cluster.presence_changed()
        counts = self.counts()
        if counts != self._last_counts:
            self._last_counts = counts
            self.hub.publish("lobby", {"type": "counts", "online": counts[0],
                                       "playing": counts[1]})

    def tables_changed(self, table: TableMaster | None = None) -> None:
        """Note that ``table``'s lobby line changed (created, seats, status, spectators, gone).

        Its cached TableInfo is dropped, and subscribers get a ``lobby_update`` with it soon
        (one push per ``settings.lobby_interval`` at most).  Private tables are never listed:
        their changes are ignored.  ``table=None`` means any table may have changed: the
        caches are dropped and the next push is a whole ``lobby`` snapshot.
        """
        if self.cluster is not None and table is not None and \
                self.tables.get(table.id) is table:
            self.cluster.listing_changed(table)
        if table is None:
            self._infos.clear()
            self._texts.clear()
            self._full_push = True
        elif table.private:
            return
        else:
            self._infos.pop(table.id, None)
            self._texts.pop(table.id, None)
            self._dirty.add(table.id)
        self._salons_text = None
        if not self.hub.count("lobby"):  # nobody to tell: a subscriber gets a fresh snapshot
            self._dirty.clear()
            self._full_push = False
            return
        if not self._lobby_pending:
            self._lobby_pending = True
            self._later(self.settings.lobby_interval, self._push_lobby)

    def _push_lobby(self) -> None:
        """Publish the changes since the last push: one ``lobby_update``, encoded once."""
        self._lobby_pending = False
        dirty, self._dirty = self._dirty, set()
        full, self._full_push = self._full_push, False
        if not self.hub.count("lobby") or not (dirty or full):
            return
        if full:
            self.hub.publish("lobby", self.snapshot_text())
            return
        changed = sorted((t for tid in dirty if (t := self._find(tid)) is not None
                          and self.listed(t)), key=lambda t: t.created)
        listed = {t.id for t in changed}
        gone = sorted(tid for tid in dirty if tid not in listed)
        playing: Counter[tuple[str, str]] = Counter(
            (t.game, t.rules.preset) for t in self._all_tables()
            if t.status == "playing" and self.listed(t))
        online, players = self._last_counts = self.counts()
        self.hub.publish("lobby", {
            "type": "lobby_update", "online": online, "playing": players,
            "tables": [self._info(t) for t in changed], "gone": gone,
            "salons": [{"game": g, "preset": p, "playing": playing[(g, p)]}
                       for g, p, _ in salons()]})

    # -- tables ------------------------------------------------------------------------------
    def get(self, table_id: str) -> Any:
        """Return a table; raise unknown_table.

        With other processes, a table not hosted here is a
        :class:`~kozyr.server.cluster.TableProxy` (its operations run on its host).
        """
        table = self.tables.get(table_id)
        if table is None:
            if self.cluster is not None:
                return self.cluster.proxy(table_id)
            raise ProtocolError("unknown_table", "no such table")
        return table

    def remove(self, table: TableMaster) -> None:
        """Forget a closed table."""
        self.tables.pop(table.id, None)
        self._empty_since.pop(table.id, None)
        if self.cluster is not None:
            self.cluster.table_removed(table)
        self.tables_changed(table)
        self.counts_changed()

    def owned(self, name: str) -> int:
        """Return how many open (not closed) tables the user ``name`` owns, being made too."""
        return self._creating[name] + sum(1 for t in self.tables.values()
                                          if t.owner == name and t.status != "closed")

    async def create_table(self, user: User, spec: Any, quick: bool = False) -> TableMaster:
        """Create a table from a TableSpec (docs/protocol.md §3).

        Refused with ``too_many_tables`` when the user already owns
        ``settings.max_tables_per_user`` open tables (counting those being created).
        ``quick``: a quick-play table (:mod:`kozyr.server.quickplay`).
        """
        game, rules, players, private, clock, delay = parse_spec(spec)
        hints, (bank, increment) = parse_hints(spec), parse_time(spec)
        limit = self.settings.max_tables_per_user
        if self.owned(user.name) >= limit:
            raise ProtocolError("too_many_tables", f"you may have at most {limit} open "
                                "tables; leave one (or let an empty one close) first")
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables or (self.cluster is not None
                                          and not await self.cluster.claim(table_id)):
            table_id = secrets.token_urlsafe(6)
        table = TableMaster(self, table_id, game, rules, players, private=private,
                            invite=secrets.token_urlsafe(12) if private else None, clock=clock,
                            bot_delay=delay, owner=user.name, hints=hints, quick=quick,
                            bank=bank, increment=increment)
        self._creating[user.name] += 1  # counted while it is being stored
        try:
            await self.storage.save_table(table.row())
        finally:
            self._creating[user.name] -= 1
            if self._creating[user.name] <= 0:
                del self._creating[user.name]
        self.tables[table_id] = table
        self._empty_since[table_id] = time.monotonic()
        self.tables_changed(table)
        return table

    async def play_now(self, conn: Conn, game: str, preset: str) -> TableMaster:
        """Seat ``conn``'s user at a quick-play table of a salon (:mod:`.quickplay`)."""
        from kozyr.server.quickplay import play_now  # it reads this module's salons

        return await play_now(self, conn, game, preset)

    # -- empty tables expire -----------------------------------------------------------------
    @staticmethod
    def idle(table: TableMaster) -> bool:
        """Return True if ``table`` waits (or is over) and no seated player is connected.

        That is a table nobody sat at, one every player left or lost by the grace period,
        one of bots only, or one restored with players who have not come back.  A stopped
        table (its stored log does not replay) is kept as it is.
        """
        return (table.status in ("waiting", "over") and getattr(table, "stopped", None) is None
                and not any(s.kind == "human" and s.conns for s in table.seats))

    async def expire_tables(self, now: float | None = None) -> list[str]:
        """Close every table idle for ``settings.empty_table_ttl`` seconds; return their ids.

        A table's idle time counts from when a sweep (or its creation, or the start-up that
        restored it) first found it idle, and starts again once it is not.
        """
        now = time.monotonic() if now is None else now
        ttl = self.settings.empty_table_ttl
        for tid in [tid for tid in self._empty_since if tid not in self.tables]:
            del self._empty_since[tid]
        expired = []
        for table in list(self.tables.values()):
            if not self.idle(table):
                self._empty_since.pop(table.id, None)
                continue
            since = self._empty_since.setdefault(table.id, now)
            if now - since >= ttl and await self._expire(table):
                expired.append(table.id)
        return expired

    async def _expire(self, table: TableMaster) -> bool:
        """Close an idle table (re-checked under its lock) and tell who was at it."""
        async with table.lock:
            if self.tables.get(table.id) is not table or not self.idle(table):
                return False
            members = list(table.members)
            await table.close()  # closed, saved, removed from the lobby
        for conn in members:
            conn.send({"type": "left", "table": table.id, "reason": "expired"})
        log.info("table %s closed: no player at it for %.0f s", table.id,
                 self.settings.empty_table_ttl)
        return True

    def sweep_period(self) -> float:
        """Return the seconds between two sweeps: a quarter of the ttl, from 0.01 s to 30 s."""
        return min(30.0, max(0.01, self.settings.empty_table_ttl / 4))

    async def _sweep(self) -> None:
        """Expire idle tables forever (a failed sweep is logged, and the next one runs)."""
        while True:
            await asyncio.sleep(self.sweep_period())
            try:
                await self.expire_tables()
            except Exception:
                log.exception("the sweep of empty tables failed")

    def start_sweep(self) -> None:
        """Start the sweep of idle tables (once; off when ``empty_table_ttl`` is not > 0)."""
        ttl = self.settings.empty_table_ttl
        if self._sweeper is None and 0 < ttl < float("inf"):
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def restore(self) -> None:
        """Load every table that was not closed; replay the running matches."""
        for row in await self.storage.open_tables():
            # with other processes, only the tables nobody hosts (a lease of this process)
            if self.cluster is None or await self.cluster.claim(row.id):
                await self.restore_row(row)
        started = time.monotonic()  # restored tables count their idle time from start-up
        for table_id in self.tables:
            self._empty_since.setdefault(table_id, started)
        self.start_sweep()

    async def restore_row(self, row: Any) -> TableMaster | None:
        """Load the table of a stored row, replaying its running match; return it.

        Return None if its game is not installed or its row itself is bad (kept as stored).
        A stored log that does not replay stops the table (listed, saying why).
        """
        games = available_games()
        if row.game not in games:
            return None
        try:
            rules = games[row.game].RULES.from_json(row.rules)
            table = TableMaster(self, row.id, row.game, rules, row.players,
                                private=row.private, invite=row.invite, clock=row.clock,
                                bot_delay=row.bot_delay, owner=row.owner,
                                created=row.created, hints=bool(row.hints),
                                quick=bool(row.quick), deals=row.deals,
                                tournament=row.tournament, bank=row.bank,
                                increment=row.increment or 0.0)
            self.tables[row.id] = table
        except (KozyrError, ValueError, TypeError, KeyError) as e:  # its row itself is bad
            log.error("table %s could not be restored, and is kept as stored: %s",
                      row.id, e)
            return None
        try:
            await table.restore(row)
        except Exception as e:  # never given up silently: listed, stopped, kept
            table.stop(f"it could not be restored after a restart: {e}")
        if table.quick and table.status == "waiting" and table.stopped is None:
            table.start_quick_fill()  # its wait for people starts again
        self._empty_since.setdefault(row.id, time.monotonic())
        return table

    async def close(self) -> None:
        """Stop the sweep, timers, tables' tasks and the bot pool."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        for h in self._handles:
            h.cancel()
        for table in list(self.tables.values()):
            await table.shutdown()
        for conn in list(self.conns):
            conn.close()
        await asyncio.get_running_loop().run_in_executor(None, self.pool.close)


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


def parse_hints(spec: dict[str, Any]) -> bool:
    """Return a TableSpec's ``hints``: a practice table, where a seated player may ask what
    ``hard`` would play (docs/protocol.md); such a table is never rated."""
    hints = spec.get("hints", False)
    if not isinstance(hints, bool):
        raise ProtocolError("bad_message", "hints must be true or false")
    return hints


def _number(v: Any, name: str, lo: float, hi: float) -> float | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
        raise ProtocolError("bad_message", f"{name} must be null or a number from {lo} to {hi}")
    return float(v)
