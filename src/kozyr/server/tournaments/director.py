"""The tournaments of a room: created, registered for, followed, and directed round by round.

Every fact of a tournament is in the database (:mod:`.store`), never only in memory: the
director looks at the stored rows every ``settings.tournament_poll`` seconds (sooner when
something here changed) and does the next thing they call for — start a tournament whose
time came (or that is full), score a round table whose match is stored finished, draw the
next round, or end it.  Each step is one transaction and is done only once (a scored table
is not scored again), so a restart, ``kill -9`` included, resumes where the rows say: the
round's tables are restored by the lobby like any table, a table drawn but never opened is
opened, and a result stored while the process was down is scored.  A round table that can
no longer end its match (stopped: its stored log does not replay; or closed without a
result) is played again at a new table with the same seats.

With several processes (docs/deploy.md) one of them directs every tournament: the one that
holds the Redis lease ``director:tournaments``; if it dies, another takes the lease over
within ``settings.lease_ttl`` seconds.  Each process pushes the tournaments its own
connections follow.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any

from kozyr.core.errors import KozyrError
from kozyr.server import ratings
from kozyr.server.conn import Conn
from kozyr.server.lobby import Lobby, available_games
from kozyr.server.protocol import ProtocolError, encode
from kozyr.server.storage import User
from kozyr.server.tournaments import draw
from kozyr.server.tournaments.spec import parse_tournament
from kozyr.server.tournaments.store import TournamentStore
from kozyr.server.tournaments.tables import open_table
from kozyr.server.tournaments.view import entrants, info, view

log = logging.getLogger("kozyr.server")
#: the Redis lease of the process that directs the room's tournaments
DIRECTOR_LEASE = "director:tournaments"
#: tournaments one connection may follow at once
FOLLOWS = 10


def _rules_of(t: Any) -> Any:
    return available_games()[t.game].RULES.from_json(t.rules)


class Tournaments:
    """The room's tournaments (docs/protocol.md §4.9)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.settings = lobby.settings
        self.store = TournamentStore(lobby.storage)
        #: tournament id -> its followers here -> the last text each was sent
        self.followers: dict[str, dict[Conn, str]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._shapes: dict[str, tuple[int, str]] = {}
        #: one creation at a time here, so two at once keep to the per-user limit
        self._creating = asyncio.Lock()
        #: one registration (or unregistration, or start) at a time here: SQLite takes no
        #: row lock (``FOR UPDATE``), so two at once both saw a free place (PostgreSQL does)
        self._registry = asyncio.Lock()
        #: followed tournaments that are over (finished, cancelled): their rows never change
        #: again, so a poll does not read them (a new follower's view is read at ``follow``)
        self._final: set[str] = set()
        #: the tournaments whose game this room does not have (logged once; left as stored)
        self._missing: set[str] = set()

    # -- life cycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Start directing (after the lobby restored its tables)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        """Stop directing: the look under way ends first (a query is never cut off, which
        would leave its database connection to the garbage collector), then no other."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping = True
        self._wake.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), 10.0)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def poke(self) -> None:
        """Look at the tournaments now rather than at the next poll."""
        self._wake.set()

    async def _run(self) -> None:
        while not self._stopping:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a look at the tournaments failed (the next one tries again)")
            if self._stopping:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.settings.tournament_poll)
            self._wake.clear()

    async def tick(self) -> None:
        """Direct every tournament (if this process directs), then push followers' views."""
        if await self._directing():
            active = await self.store.active()
            counts = await self.store.counts([t.id for t in active
                                              if t.status == "registering"])
            for t in active:
                try:
                    await self._direct(t, counts.get(t.id, 0))
                except Exception:
                    log.exception("tournament %s: a step failed (tried again later)", t.id)
        await self._push()

    async def _directing(self) -> bool:
        cluster = self.lobby.cluster
        if cluster is None:
            return True
        leases = cluster.leases  # the lease only: it is no table of the directory
        if await leases.holder(DIRECTOR_LEASE) == cluster.me:
            return not await leases.renew([DIRECTOR_LEASE])
        return bool(await leases.redis.set(leases.key(DIRECTOR_LEASE), cluster.me, nx=True,
                                           px=leases.ttl_ms))

    def shape(self, t: Any) -> tuple[int, str]:
        """Return (seats per table, the rules' description) of a tournament."""
        got = self._shapes.get(t.id)
        if got is None:
            try:
                rules = _rules_of(t)
                from kozyr.games import new_match

                got = (new_match(t.game, rules, seed=0).players, rules.describe())
            except (KozyrError, KeyError, ValueError):
                got = (2, t.game)
            self._shapes[t.id] = got
        return got

    # -- what players do ----------------------------------------------------------------------
    async def create(self, user: User, spec: Any) -> Any:
        """Create a tournament of a TournamentSpec; return its row."""
        if user.guest:
            raise ProtocolError("auth_required", "register to create a tournament")
        s = parse_tournament(spec)
        limit = self.settings.max_tournaments_per_user
        tid = secrets.token_urlsafe(6)
        async with self._creating:  # counted and stored before the next one is counted
            if await self.store.owned_active(user.id) >= limit:
                raise ProtocolError("too_many_tables", f"you may run at most {limit} "
                                    "tournaments at once")
            await self.store.create({
                "id": tid, "name": s.name, "owner_id": user.id, "owner": user.name,
                "game": s.game, "preset": s.preset, "rules": s.rules, "kind": s.kind,
                "rounds": s.rounds, "deals": s.deals, "clock": s.clock, "bank": s.bank,
            "increment": s.increment, "private": s.private,
                "invite": secrets.token_urlsafe(12) if s.private else None,
                "capacity": s.capacity, "start_at": s.start_at, "status": "registering",
                "round": 0, "created": time.time()})
        self.poke()
        return await self.store.get(tid)

    async def visible(self, tid: str, user: User | None, invite: str | None) -> Any:
        """Return a tournament's row if ``user`` may see it (a private one: its invite, its
        owner or its players); raise ``unknown_tournament`` otherwise."""
        t = await self.store.get(tid) if "\x00" not in tid else None  # (an HTTP path's)
        if t is not None and t.private and invite != t.invite and not (
                user is not None and (user.id == t.owner_id or any(
                    p.user_id == user.id for p in await self.store.players(tid)))):
            t = None
        if t is None:
            raise ProtocolError("unknown_tournament", f"there is no tournament {tid!r}")
        return t

    async def register(self, user: User, tid: str, invite: str | None) -> None:
        """Register ``user`` (registered users only) while it is registering."""
        if user.guest:
            raise ProtocolError("auth_required", "register (an account) to play tournaments")
        await self.visible(tid, user, invite)
        async with self._registry:
            await self.store.register(tid, user.id, user.name)
        self.poke()

    async def unregister(self, user: User, tid: str) -> None:
        """Take ``user`` out while it is registering."""
        await self.visible(tid, user, None)
        async with self._registry:
            await self.store.unregister(tid, user.id)
        self.poke()

    async def cancel(self, user: User, tid: str) -> None:
        """Cancel tournament ``tid`` for its owner while it is registering."""
        await self.visible(tid, user, None)
        async with self._registry:
            await self.store.cancel(tid, user.id)
        log.info("tournament %s cancelled by its owner", tid)
        self.poke()

    async def follow(self, conn: Conn, tid: str, invite: str | None) -> None:
        """Send ``conn`` the tournament's view now and whenever it changes."""
        t = await self.visible(tid, conn.user, invite)
        followed = sum(1 for conns in self.followers.values() if conn in conns)
        if followed >= FOLLOWS and conn not in self.followers.get(tid, {}):
            raise ProtocolError("rate_limited", f"a connection follows at most {FOLLOWS} "
                                "tournaments at once; unfollow one first")
        text = await self._text(t, conn.user)
        self.followers.setdefault(tid, {})[conn] = text
        conn.send_text(text)

    def unfollow(self, conn: Conn, tid: str) -> None:
        """Stop following."""
        self.followers.get(tid, {}).pop(conn, None)

    async def listing(self) -> list[dict[str, Any]]:
        """Return the public tournaments' TournamentInfo, newest first."""
        out = []
        rows = await self.store.listed()
        counts = await self.store.counts([t.id for t in rows])
        for t in rows:
            per, describe = self.shape(t)
            out.append(info(t, counts.get(t.id, 0), per, describe))
        return out

    async def view_of(self, t: Any, user: User | None) -> dict[str, Any]:
        """Return the TournamentView of row ``t`` as ``user`` sees it."""
        per, describe = self.shape(t)
        players = await self.store.players(t.id)
        titles = await self.store.title_counts([p.user_id for p in players])
        return view(t, players, await self.store.tables(t.id), per, describe,
                    user.id if user is not None else None, titles)

    async def _text(self, t: Any, user: User | None) -> str:
        return encode({"type": "tournament", "tournament": await self.view_of(t, user)})

    async def _push(self) -> None:
        """Send each follower its view of a followed tournament if it changed (the rows are
        read once per tournament; a view differs by viewer only in ``you`` and ``invite``)."""
        for tid, conns in list(self.followers.items()):
            for conn in [c for c in conns if c.closed]:
                del conns[conn]
            if not conns:
                del self.followers[tid]
                self._final.discard(tid)
                continue
            if tid in self._final:  # over: each follower has its last view
                continue
            t = await self.store.get(tid)
            if t is None:
                continue
            per, describe = self.shape(t)
            players, tables = await self.store.players(tid), await self.store.tables(tid)
            titles = await self.store.title_counts([p.user_id for p in players])
            for conn, last in list(conns.items()):
                user = conn.user
                text = encode({"type": "tournament", "tournament": view(
                    t, players, tables, per, describe, user.id if user is not None else None,
                    titles)})
                if text != last:
                    conns[conn] = text
                    conn.send_text(text)
            if t.status in ("finished", "cancelled"):
                self._final.add(tid)

    # -- directing -----------------------------------------------------------------------------
    async def _direct(self, t: Any, registered: int = 0) -> None:
        """Do the next step of tournament row ``t`` (``registered``: its players, counted
        at this look, while it is registering)."""
        if t.game not in available_games():  # (uninstalled since): left as it is stored
            if t.id not in self._missing:
                self._missing.add(t.id)
                log.warning("tournament %s waits: this room has no game %r", t.id, t.game)
            return
        self._missing.discard(t.id)
        if t.status == "registering":
            due = t.start_at is not None and time.time() >= t.start_at
            if not due and (t.start_at is not None or registered < t.capacity):
                return  # (its players are read only when it may start)
            async with self._registry:  # nobody registers while it is started
                players = await self.store.players(t.id)
                if due and len(players) < 2:
                    await self.store.set_status(t.id, {"status": "cancelled",
                                                       "finished": time.time()})
                    return
                if not (due or (t.start_at is None and len(players) >= t.capacity)):
                    return
                if not await self._start(t, players):
                    return  # (cancelled by its owner on another process meanwhile)
            await self._draw(await self.store.get(t.id), first=True)
        elif t.status == "running":
            await self._advance(t)

    async def _start(self, t: Any, players: list[Any]) -> bool:
        per, _ = self.shape(t)
        old = await self.lobby.storage.ratings_of([p.user_id for p in players], t.game,
                                                 t.preset)
        shown = {p.user_id: ratings.shown(*(old[p.user_id][:2] if p.user_id in old
                                            else ratings.default()))["display"]
                 for p in players}
        rounds = draw.knockout_rounds(len(players), per) if t.kind == "knockout" else t.rounds
        if not await self.store.start(t.id, shown, rounds):
            return False
        log.info("tournament %s started: %d players, %s rounds", t.id, len(players), rounds)
        return True

    async def _draw(self, t: Any, first: bool) -> None:
        per, _ = self.shape(t)
        players = await self.store.players(t.id)
        level = self.settings.tournament_level
        tables = []
        for group in draw.draw_round(t.kind, entrants(players), per, first):
            seats = [{"user_id": e.user_id, "name": e.name} for e in group]
            seats += [{"user_id": None, "name": f"bot:{level}"}] * (per - len(group))
            tables.append({"table_id": secrets.token_urlsafe(6), "seats": seats})
        await self.store.draw(t.id, t.round + 1, tables)
        await self._open_round(await self.store.get(t.id))

    async def _open_round(self, t: Any, rows: list[Any] | None = None) -> None:
        """Open every table of the round under way that is not open (after a restart too),
        then send its players there (``you.table`` shows only open tables).  ``rows``: its
        tables as just read, else they are read."""
        for row in await self.store.tables(t.id) if rows is None else rows:
            if row.round != t.round or row.opened:
                continue
            if row.table_id not in self.lobby.tables and not await self.store.table_stored(
                    row.table_id):
                await open_table(self.lobby, t, row.table_id, row.seats)
            await self.store.opened(t.id, row.round, row.number)
            note = {"type": "tournament_table", "tournament": t.id, "round": t.round,
                    "table": row.table_id}
            uids = {s["user_id"] for s in row.seats if s.get("user_id") is not None}
            for conn in list(self.lobby.conns):
                if conn.user is not None and conn.user.id in uids:
                    conn.send(note)

    async def _replay_dead(self, t: Any, rows: list[Any]) -> bool:
        """Draw again, at a new table with the same seats, a table of the round under way
        that can no longer end its match: stopped (its stored log does not replay after a
        restart), or closed without a result.  :meth:`_open_round` then opens it.  Return
        True if one was (``rows``: the tournament's tables as read)."""
        dead: list[tuple[Any, str]] = []
        for row in rows:
            if row.round != t.round or not row.opened or row.result is not None:
                continue
            table = self.lobby.tables.get(row.table_id)
            if table is not None:
                why = table.stopped
            elif self.lobby.cluster is None:  # (else it may be another process's)
                why = "closed" if await self.store.dead_table(row.table_id) else None
            else:
                why = None
            if why is not None:
                dead.append((row, why))
        if not dead:
            return False
        # a match stored finished is scored, even if its table stopped after it
        finished = await self.store.finished_matches([row.table_id for row, _ in dead])
        replaced = False
        for row, why in dead:
            if row.table_id in finished:
                continue
            new_id = secrets.token_urlsafe(6)
            if await self.store.replace_table(t.id, row.round, row.number, row.table_id,
                                              new_id):
                replaced = True
                log.warning("tournament %s round %d: table %s cannot end its match (%s); "
                            "it is played again at table %s", t.id, row.round, row.table_id,
                            why, new_id)
        return replaced

    async def _advance(self, t: Any) -> None:
        if t.round == 0:  # started, but stopped before round 1 was drawn (a restart)
            await self._draw(t, first=True)
            return
        rows = await self.store.tables(t.id)  # (read again only after a change)
        if await self._replay_dead(t, rows):
            rows = await self.store.tables(t.id)
        await self._open_round(t, rows)
        current = [r for r in rows if r.round == t.round]
        matches = await self.store.finished_matches(
            [r.table_id for r in current if r.result is None])
        if not matches and (not current or any(r.result is None for r in current)):
            return  # the round goes on, nothing to score: the usual look (two queries)
        players = await self.store.players(t.id)
        known = {p.user_id: p.rating for p in players}
        for row in current:
            if row.result is not None:
                continue
            match = matches.get(row.table_id)
            if match is None:
                continue
            result = draw.score_table(row.seats, list(match.totals), match.winner,
                                      list(match.forfeits or []), known)
            result["game_id"] = match.public_id
            gains = {s["user_id"]: (result["points"][i], result["game_points"][i])
                     for i, s in enumerate(row.seats) if s.get("user_id") is not None}
            if await self.store.score(t.id, row.round, row.number, result, gains):
                log.info("tournament %s round %d table %s scored: %s", t.id, row.round,
                         row.table_id, result["points"])
        current = [r for r in await self.store.tables(t.id) if r.round == t.round]
        if not current or any(r.result is None for r in current):
            return
        await self._round_over(t, current)

    async def _round_over(self, t: Any, current: list[Any]) -> None:
        players = await self.store.players(t.id)
        if t.kind == "knockout":
            going_on = {n for r in current for n in r.result["advance"]}
            out = [p.user_id for p in players if p.status == "in" and p.name not in going_on]
            await self.store.knock_out(t.id, out)
            if len(going_on) <= 1:
                await self._finish(t)
                return
        elif t.round >= (t.rounds or 1):
            await self._finish(t)
            return
        await self._draw(await self.store.get(t.id), first=False)

    async def _finish(self, t: Any) -> None:
        players = await self.store.players(t.id)
        es = entrants(players)
        if t.kind == "knockout":
            last: dict[int, int] = {}
            for row in await self.store.tables(t.id):
                for s in row.seats:
                    if s.get("user_id") is not None:
                        last[s["user_id"]] = row.round
            alive = [e for e in es if e.status == "in"]
            winner_id = alive[0].user_id if len(alive) == 1 else None
            went_out = {uid: r for uid, r in last.items() if uid != winner_id}
            places = draw.knockout_places(es, went_out, winner_id)
        else:
            places = draw.swiss_places(es)
        first = [e for e in es if places.get(e.user_id) == 1]
        champion = None
        if first and (t.kind == "swiss" or first[0].status == "in"):
            champion = (first[0].user_id, first[0].name)
        await self.store.finish(t.id, places, champion)
        log.info("tournament %s finished: %s won", t.id, champion[1] if champion else "nobody")
