"""The card room's database: SQLAlchemy 2 models and an async :class:`Storage` over them.

The schema is created and upgraded by Alembic (``server/migrations``), run programmatically at
start-up by :meth:`Storage.open`.  Every action of a running match is a row of ``actions``;
:meth:`Storage.append_step` returns only once its row is committed (rows arriving together are
committed together, a group commit), so the table master can broadcast after it returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import (
    delete,
    event,
    exists,
    false,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.orm import aliased

from kozyr.server.models import (
    ActionRow,
    ChatRow,
    GamePlayerRow,
    GameRow,
    RatingHistoryRow,
    RatingRow,
    SessionRow,
    TableRow,
    UserRow,
)

DEFAULT_DB = "sqlite+aiosqlite:///./var/kozyr.db"
#: the PostgreSQL advisory lock held while migrating: several processes starting at once
#: on one database migrate one after the other (the later ones find it at head)
MIGRATION_LOCK = 0x6B6F7A7972  # "kozyr"



@dataclass(frozen=True)
class User:
    """A user as the server carries it around."""

    id: int
    name: str
    guest: bool

    def to_json(self) -> dict[str, Any]:
        """Return the ``User`` shape of the protocol."""
        return {"name": self.name, "guest": self.guest}


def _alembic_config(url: str) -> Any:
    from alembic.config import Config

    pkg = resources.files("kozyr.server")
    cfg = Config(str(pkg / "alembic.ini"))
    cfg.set_main_option("script_location", str(pkg / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url)
    return cfg


def _upgrade(sync_conn: Any, url: str) -> None:
    from alembic import command

    cfg = _alembic_config(url)
    cfg.attributes["connection"] = sync_conn
    command.upgrade(cfg, "head")


class Storage:
    """Async access to the card room's database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or DEFAULT_DB
        self.engine: AsyncEngine | None = None
        self._pending: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None

    # -- life cycle ------------------------------------------------------------------------
    async def open(self) -> None:
        """Create the database file's folder, connect, and run the migrations."""
        if self.url.startswith("sqlite") and ":///" in self.url:
            path = self.url.split(":///", 1)[1]
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.engine = create_async_engine(self.url, connect_args={"timeout": 30})
        if self.url.startswith("sqlite"):
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        async with self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":  # processes starting together
                await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            await conn.run_sync(_upgrade, self.url)
        self._wake = asyncio.Event()
        self._writer = asyncio.create_task(self._write_loop())

    async def close(self) -> None:
        """Flush pending writes and close the connection pool."""
        if self._writer is not None:
            await self._flush()
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        if self.engine is not None:
            await self.engine.dispose()
            self.engine = None

    @property
    def _engine(self) -> AsyncEngine:
        assert self.engine is not None, "Storage.open() first"
        return self.engine

    @property
    def db(self) -> AsyncEngine:
        """Return the open engine: a feature's own store (``server/<feature>/store.py``)
        runs its queries on it, beside this class."""
        return self._engine

    # -- the group-committed action log -------------------------------------------------------
    async def append_step(self, game_id: int, n: int, kind: str, data: str) -> None:
        """Append step ``n`` of a match; return once it is committed."""
        assert self._wake is not None
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(({"game_id": game_id, "n": n, "kind": kind, "data": data}, fut))
        self._wake.set()
        await fut

    async def _write_loop(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self._flush()

    async def _flush(self) -> None:
        batch, self._pending = self._pending, []
        if not batch:
            return
        try:
            await self._insert_steps(batch)
        except Exception:
            # One match's bad row must not fail the others': commit each match's rows alone,
            # so every waiter learns whether its own step was written.
            groups: dict[int, list[tuple[dict[str, Any], asyncio.Future[None]]]] = {}
            for item in batch:
                groups.setdefault(item[0]["game_id"], []).append(item)
            for group in groups.values():
                try:
                    await self._insert_steps(group)
                except Exception as e:
                    for _, fut in group:
                        if not fut.done():
                            fut.set_exception(e)
            return

    async def _insert_steps(self, batch: list[tuple[dict[str, Any], asyncio.Future[None]]]
                            ) -> None:
        """Commit ``batch``'s rows in one transaction, then resolve their futures."""
        async with self._engine.begin() as conn:
            await conn.execute(insert(ActionRow), [row for row, _ in batch])
        for _, fut in batch:
            if not fut.done():
                fut.set_result(None)

    async def steps(self, game_id: int) -> list[tuple[str, str]]:
        """Return the steps of a match in order, as (kind, data)."""
        async with self._engine.connect() as conn:
            rows = await conn.execute(select(ActionRow.kind, ActionRow.data)
                                      .where(ActionRow.game_id == game_id)
                                      .order_by(ActionRow.n))
            return [(k, d) for k, d in rows]

    # -- users and sessions ----------------------------------------------------------------
    async def create_user(self, name: str, password_hash: str | None, guest: bool) -> User | None:
        """Create a user; return None if the name is taken."""
        from sqlalchemy.exc import IntegrityError

        try:
            async with self._engine.begin() as conn:
                res = await conn.execute(insert(UserRow).values(
                    name=name, password_hash=password_hash, guest=guest, created=time.time(),
                    finished=0, abandoned=0))
                uid = res.inserted_primary_key[0]  # type: ignore[index]
        except IntegrityError:
            return None
        return User(int(uid), name, guest)

    async def user_by_name(self, name: str) -> tuple[User, str | None] | None:
        """Return a user and its password hash, or None."""
        async with self._engine.connect() as conn:
            row = (await conn.execute(select(UserRow).where(UserRow.name == name))).first()
        if row is None:
            return None
        return User(row.id, row.name, row.guest), row.password_hash

    async def user_row(self, name: str) -> Any:
        """Return the full users row of ``name`` or None."""
        async with self._engine.connect() as conn:
            return (await conn.execute(select(UserRow).where(UserRow.name == name))).first()

    async def create_session(self, token: str, user_id: int, now: float | None = None) -> None:
        """Store a new session token."""
        now = time.time() if now is None else now
        async with self._engine.begin() as conn:
            await conn.execute(insert(SessionRow).values(token=token, user_id=user_id,
                                                         created=now, last_used=now))

    async def session_user(self, token: str, now: float | None = None,
                           ttl: float | None = None, touch: float = 60.0) -> User | None:
        """Return the user of a session token, or None.  With ``ttl``, a session last used
        more than ``ttl`` seconds before ``now`` is deleted (None); a live one has its
        ``last_used`` moved to ``now`` (at most once per ``touch`` seconds: not a write per
        request)."""
        now = time.time() if now is None else now
        async with self._engine.connect() as conn:
            row = (await conn.execute(
                select(UserRow.id, UserRow.name, UserRow.guest, SessionRow.last_used)
                .join(SessionRow, SessionRow.user_id == UserRow.id)
                .where(SessionRow.token == token))).first()
        if row is None:
            return None
        if ttl is not None and now - row.last_used > ttl:
            await self.delete_session(token)
            return None
        if now - row.last_used > touch:
            async with self._engine.begin() as conn:
                await conn.execute(update(SessionRow).where(SessionRow.token == token)
                                   .values(last_used=now))
        return User(row.id, row.name, row.guest)

    async def delete_session(self, token: str) -> None:
        """Forget a session."""
        async with self._engine.begin() as conn:
            await conn.execute(delete(SessionRow).where(SessionRow.token == token))

    async def delete_user_sessions(self, user_id: int) -> list[str]:
        """Forget every session of a user; return their tokens."""
        async with self._engine.begin() as conn:
            tokens = [t for (t,) in await conn.execute(
                select(SessionRow.token).where(SessionRow.user_id == user_id))]
            await conn.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
        return tokens

    async def delete_expired_sessions(self, before: float) -> int:
        """Forget every session last used before ``before``; return how many."""
        async with self._engine.begin() as conn:
            res = await conn.execute(delete(SessionRow).where(SessionRow.last_used < before))
        return int(res.rowcount or 0)

    # -- tables and games ------------------------------------------------------------------
    async def save_table(self, values: dict[str, Any]) -> None:
        """Insert or update a table row (``values`` holds every column)."""
        async with self._engine.begin() as conn:
            exists = (await conn.execute(select(TableRow.id).where(
                TableRow.id == values["id"]))).first()
            if exists:
                await conn.execute(update(TableRow).where(TableRow.id == values["id"])
                                   .values(**values))
            else:
                await conn.execute(insert(TableRow).values(**values))

    async def open_tables(self) -> list[Any]:
        """Return the rows of every table that is not closed."""
        async with self._engine.connect() as conn:
            return list(await conn.execute(select(TableRow).where(TableRow.status != "closed")
                                           .order_by(TableRow.created)))

    async def create_game(self, values: dict[str, Any],
                          players: list[tuple[int, int | None, str]]) -> int:
        """Insert a match and its seating; return its (internal) id.  ``values["public_id"]``
        is its id in URLs and messages (a random one if missing); ``values["private"]`` marks
        a private table's match."""
        values = {"public_id": new_public_id(), "private": False, **values}
        async with self._engine.begin() as conn:
            res = await conn.execute(insert(GameRow).values(**values))
            gid = int(res.inserted_primary_key[0])  # type: ignore[index]
            await conn.execute(insert(GamePlayerRow), [
                {"game_id": gid, "seat": s, "user_id": u, "name": n, "abandoned": False}
                for s, u, n in players])
        return gid

    async def game(self, game_id: int) -> Any:
        """Return a games row (by its internal id) or None."""
        async with self._engine.connect() as conn:
            return (await conn.execute(select(GameRow).where(GameRow.id == game_id))).first()

    async def game_by_public_id(self, public_id: str) -> Any:
        """Return the games row of a public id (as in URLs and messages), or None."""
        async with self._engine.connect() as conn:
            return (await conn.execute(select(GameRow).where(
                GameRow.public_id == public_id))).first()

    async def set_seat_player(self, game_id: int, seat: int, user_id: int | None, name: str,
                              abandoned: bool = False) -> None:
        """Record a change of who plays a seat (a person taking a quick-play bot's seat)."""
        async with self._engine.begin() as conn:
            await conn.execute(update(GamePlayerRow).where(
                GamePlayerRow.game_id == game_id, GamePlayerRow.seat == seat).values(
                user_id=user_id, name=name, abandoned=abandoned))
            players = list((await conn.execute(select(GameRow.players).where(
                GameRow.id == game_id))).scalar_one())
            players[seat] = name
            await conn.execute(update(GameRow).where(GameRow.id == game_id).values(
                players=players))
            if abandoned and user_id is not None:
                await conn.execute(update(UserRow).where(UserRow.id == user_id).values(
                    abandoned=UserRow.abandoned + 1))

    async def finish_game(self, game_id: int, values: dict[str, Any],
                          abandoned: Sequence[int] = ()) -> None:
        """Store a finished match's results and count it in its players' reputation.

        The players of the ``abandoned`` seats left the match and did not come back before
        it ended: it counts as abandoned for them, as finished for the others (one
        transaction, so a restart never counts a match twice).
        """
        await self._flush()
        async with self._engine.begin() as conn:
            await conn.execute(update(GameRow).where(GameRow.id == game_id).values(**values))
            if abandoned:
                await conn.execute(update(GamePlayerRow).where(
                    GamePlayerRow.game_id == game_id, GamePlayerRow.seat.in_(list(abandoned)))
                    .values(abandoned=True))
                gone = await conn.execute(select(GamePlayerRow.user_id).where(
                    GamePlayerRow.game_id == game_id, GamePlayerRow.seat.in_(list(abandoned)),
                    GamePlayerRow.user_id.is_not(None)))
                for (uid,) in gone.all():
                    await conn.execute(update(UserRow).where(UserRow.id == uid).values(
                        abandoned=UserRow.abandoned + 1))
            rows = await conn.execute(select(GamePlayerRow.user_id).where(
                GamePlayerRow.game_id == game_id, GamePlayerRow.abandoned.is_(False),
                GamePlayerRow.user_id.is_not(None)))
            for (uid,) in rows.all():
                await conn.execute(update(UserRow).where(UserRow.id == uid).values(
                    finished=UserRow.finished + 1))

    async def history(self, user_id: int, limit: int = 50, viewer: int | None = -1
                      ) -> list[Any]:
        """Return the user's matches, newest first, joined with its seat.

        Matches of private tables are left out unless ``viewer`` (a user id, or None for
        someone not logged in) played in them; the default ``-1`` leaves nothing out.
        """
        query = _played_by(user_id, viewer, GameRow, GamePlayerRow.seat,
                           GamePlayerRow.abandoned)
        async with self._engine.connect() as conn:
            return list(await conn.execute(query.order_by(GameRow.id.desc()).limit(limit)))

    async def finished_sheets(self, user_id: int, limit: int = 500, viewer: int | None = -1
                              ) -> list[Any]:
        """Return (public_id, game, preset, players, totals, winner, sheet, seat, abandoned)
        of the user's last ``limit`` finished matches (no record; private: as history)."""
        query = _played_by(user_id, viewer, GameRow.public_id, GameRow.game, GameRow.preset,
                           GameRow.players, GameRow.totals, GameRow.winner, GameRow.sheet,
                           GamePlayerRow.seat, GamePlayerRow.abandoned
                           ).where(GameRow.status == "finished")
        async with self._engine.connect() as conn:
            return list(await conn.execute(query.order_by(GameRow.id.desc()).limit(limit)))

    # -- ratings -----------------------------------------------------------------------------
    async def ratings_of(self, user_ids: list[int], game: str, preset: str
                         ) -> dict[int, tuple[float, float, int]]:
        """Return (mu, sigma, played) of each rated user among ``user_ids``."""
        async with self._engine.connect() as conn:
            rows = await conn.execute(select(RatingRow).where(
                RatingRow.user_id.in_(user_ids), RatingRow.game == game,
                RatingRow.preset == preset))
            return {r.user_id: (r.mu, r.sigma, r.played) for r in rows}

    async def save_ratings(self, game: str, preset: str,
                           values: dict[int, tuple[float, float, int]],
                           game_id: int | None = None) -> None:
        """Insert or update ratings; after match ``game_id`` also a ``rating_history`` row."""
        async with self._engine.begin() as conn:
            if game_id is not None and values:
                await conn.execute(insert(RatingHistoryRow), [
                    {"user_id": uid, "game_id": game_id, "game": game, "preset": preset,
                     "at": time.time(), "mu": mu, "sigma": sigma}
                    for uid, (mu, sigma, _) in values.items()])
            for uid, (mu, sigma, played) in values.items():
                found = (await conn.execute(select(RatingRow.user_id).where(
                    RatingRow.user_id == uid, RatingRow.game == game,
                    RatingRow.preset == preset))).first()
                if found:
                    await conn.execute(update(RatingRow).where(
                        RatingRow.user_id == uid, RatingRow.game == game,
                        RatingRow.preset == preset).values(mu=mu, sigma=sigma, played=played))
                else:
                    await conn.execute(insert(RatingRow).values(
                        user_id=uid, game=game, preset=preset, mu=mu, sigma=sigma,
                        played=played))

    async def user_ratings(self, user_id: int) -> list[Any]:
        """Return every rating row of a user."""
        async with self._engine.connect() as conn:
            return list(await conn.execute(select(RatingRow).where(
                RatingRow.user_id == user_id)))

    async def rating_history(self, user_id: int, limit: int) -> list[Any]:
        """Return the user's last ``limit`` (game, preset, at, mu, sigma), newest first."""
        h = RatingHistoryRow
        async with self._engine.connect() as conn:
            return list(await conn.execute(select(h.game, h.preset, h.at, h.mu, h.sigma).where(
                h.user_id == user_id).order_by(h.game_id.desc()).limit(limit)))

    async def leaderboard(self, game: str, preset: str, limit: int) -> list[Any]:
        """Return (name, mu, sigma, played) rows of registered users, best first."""
        async with self._engine.connect() as conn:
            rows = await conn.execute(
                select(UserRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.played)
                .join(UserRow, UserRow.id == RatingRow.user_id)
                .where(RatingRow.game == game, RatingRow.preset == preset,
                       UserRow.guest.is_(False))
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc()).limit(limit))
            return list(rows)


    # -- chat --------------------------------------------------------------------------------
    async def add_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """Store a chat line of a table (``from``, ``text``, ``at``)."""
        async with self._engine.begin() as conn:
            await conn.execute(insert(ChatRow).values(
                table_id=table_id, sender=line["from"], text=line["text"], at=line["at"]))

    async def chat_lines(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """Return the last ``limit`` chat lines of a table, oldest first."""
        async with self._engine.connect() as conn:
            rows = list(await conn.execute(
                select(ChatRow.sender, ChatRow.text, ChatRow.at)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc()).limit(limit)))
        return [{"from": r.sender, "text": r.text, "at": r.at} for r in reversed(rows)]


def _played_by(user_id: int, viewer: int | None, *columns: Any) -> Any:
    """Select ``columns`` of the matches ``user_id`` sat in, joined with his seat; private
    tables' matches left out unless ``viewer`` played them (-1: keep all)."""
    query = (select(*columns).join(GamePlayerRow, GamePlayerRow.game_id == GameRow.id)
             .where(GamePlayerRow.user_id == user_id))
    if viewer != -1 and viewer != user_id:
        seen = aliased(GamePlayerRow)
        query = query.where(or_(GameRow.private.is_(False), exists().where(
            seen.game_id == GameRow.id, seen.user_id == viewer)
            if viewer is not None else false()))
    return query


def new_public_id() -> str:
    """Return a fresh random public id of a match (16 URL-safe characters, 96 bits)."""
    return secrets.token_urlsafe(12)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
