"""The people tables' queries (friends, blocks, reports) over :attr:`Storage.db`."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from kozyr.server.models import BlockRow, FriendRow, ReportRow, UserRow
from kozyr.server.storage import Storage, User


def _pair(a: int, b: int) -> Any:
    """The friends row of users ``a`` and ``b``, whoever asked."""
    return and_(FriendRow.low_id == min(a, b), FriendRow.high_id == max(a, b))


class PeopleStore:
    """Friends, blocks and reports in the room's database."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def user(self, name: str) -> User | None:
        """Return the registered user called ``name`` (never a guest), or None."""
        found = await self.storage.user_by_name(name)
        if found is None or found[0].guest:
            return None
        return found[0]

    async def name_of(self, user_id: int) -> str | None:
        """Return the name of a user id, or None."""
        async with self.storage.db.connect() as conn:
            return (await conn.execute(select(UserRow.name).where(
                UserRow.id == user_id))).scalar_one_or_none()

    # -- friends ---------------------------------------------------------------------------
    async def relations(self, user_id: int) -> list[tuple[int, str, str, bool]]:
        """Return ``user_id``'s friends rows as (other's id, other's name, status, asked by
        ``user_id``), oldest first."""
        return (await self.relations_of([user_id])).get(user_id, [])

    async def relations_of(self, user_ids: list[int]
                           ) -> dict[int, list[tuple[int, str, str, bool]]]:
        """Return :meth:`relations` of each of ``user_ids`` (two queries for them all)."""
        out: dict[int, list[tuple[float, int, str, str, bool]]] = {}
        if not user_ids:
            return {}
        async with self.storage.db.connect() as conn:
            for mine, theirs in ((FriendRow.requester_id, FriendRow.addressee_id),
                                 (FriendRow.addressee_id, FriendRow.requester_id)):
                rows = await conn.execute(
                    select(mine.label("me"), UserRow.id, UserRow.name, FriendRow.status,
                           FriendRow.created)
                    .select_from(FriendRow).join(UserRow, UserRow.id == theirs)
                    .where(mine.in_(user_ids)))
                asked = mine is FriendRow.requester_id
                for r in rows:
                    out.setdefault(r.me, []).append((r.created, r.id, r.name, r.status, asked))
        return {me: [(uid, name, status, asked) for _, uid, name, status, asked in sorted(rs)]
                for me, rs in out.items()}

    async def friend_ids(self, user_id: int) -> set[int]:
        """Return the ids of ``user_id``'s accepted friends."""
        return {uid for uid, _, status, _ in await self.relations(user_id)
                if status == "accepted"}

    async def friendship(self, a: int, b: int) -> Any:
        """Return the friends row of ``a`` and ``b`` (either direction), or None."""
        async with self.storage.db.connect() as conn:
            return (await conn.execute(select(FriendRow).where(_pair(a, b)))).first()

    async def request(self, a: int, b: int) -> bool:
        """Store a pending request from ``a`` to ``b`` unless the two have a row already (in
        either direction, made meanwhile too); return True if it was stored."""
        try:
            async with self.storage.db.begin() as conn:
                if (await conn.execute(select(FriendRow.status).where(_pair(a, b)))).first():
                    return False
                await conn.execute(insert(FriendRow).values(
                    low_id=min(a, b), high_id=max(a, b), requester_id=a, addressee_id=b,
                    status="pending", created=time.time()))
        except IntegrityError:  # the pair's row was stored meanwhile (a request at once)
            return False
        return True

    async def accept(self, requester: int, addressee: int) -> bool:
        """Accept ``requester``'s pending request to ``addressee``; False if there is none."""
        async with self.storage.db.begin() as conn:
            done = await conn.execute(update(FriendRow).where(
                FriendRow.requester_id == requester, FriendRow.addressee_id == addressee,
                FriendRow.status == "pending").values(status="accepted",
                                                      accepted=time.time()))
        return bool(done.rowcount)

    async def unfriend(self, a: int, b: int, status: str | None = None,
                       requester: int | None = None) -> bool:
        """Delete the friends row of ``a`` and ``b`` (of that ``status`` and ``requester``,
        if given); False if there was none."""
        where = [_pair(a, b)]
        if status is not None:
            where.append(FriendRow.status == status)
        if requester is not None:
            where.append(FriendRow.requester_id == requester)
        async with self.storage.db.begin() as conn:
            done = await conn.execute(delete(FriendRow).where(*where))
        return bool(done.rowcount)

    # -- blocks ----------------------------------------------------------------------------
    async def blocked(self, user_id: int) -> list[tuple[int, str]]:
        """Return the users ``user_id`` blocks as (id, name), oldest block first."""
        return (await self.blocked_of([user_id])).get(user_id, [])

    async def blocked_of(self, user_ids: list[int]) -> dict[int, list[tuple[int, str]]]:
        """Return :meth:`blocked` of each of ``user_ids`` (one query for them all)."""
        out: dict[int, list[tuple[int, str]]] = {}
        if not user_ids:
            return out
        async with self.storage.db.connect() as conn:
            rows = await conn.execute(
                select(BlockRow.blocker_id, UserRow.id, UserRow.name).select_from(BlockRow)
                .join(UserRow, UserRow.id == BlockRow.blocked_id)
                .where(BlockRow.blocker_id.in_(user_ids))
                .order_by(BlockRow.created, BlockRow.blocked_id))
            for r in rows:
                out.setdefault(r.blocker_id, []).append((r.id, r.name))
        return out

    async def avoided(self, user_id: int) -> set[int]:
        """Return the ids of the users ``user_id`` blocks or is blocked by."""
        async with self.storage.db.connect() as conn:
            rows = await conn.execute(select(BlockRow.blocker_id, BlockRow.blocked_id).where(
                or_(BlockRow.blocker_id == user_id, BlockRow.blocked_id == user_id)))
            return {b if a == user_id else a for a, b in rows}

    async def block(self, blocker: int, blocked: int) -> bool:
        """Store that ``blocker`` blocks ``blocked`` and end their friendship (one
        transaction); return True if a friendship or request between them ended."""
        for attempt in range(2):
            try:
                async with self.storage.db.begin() as conn:
                    ended = await conn.execute(delete(FriendRow).where(
                        _pair(blocker, blocked)))
                    there = (await conn.execute(select(BlockRow.created).where(
                        BlockRow.blocker_id == blocker, BlockRow.blocked_id == blocked))).first()
                    if there is None:
                        await conn.execute(insert(BlockRow).values(
                            blocker_id=blocker, blocked_id=blocked, created=time.time()))
                return bool(ended.rowcount)
            except IntegrityError:  # the same block stored meanwhile (two at once): again
                if attempt:
                    raise
        return False

    async def unblock(self, blocker: int, blocked: int) -> bool:
        """Delete ``blocker``'s block of ``blocked``; False if there was none."""
        async with self.storage.db.begin() as conn:
            done = await conn.execute(delete(BlockRow).where(
                BlockRow.blocker_id == blocker, BlockRow.blocked_id == blocked))
        return bool(done.rowcount)

    # -- reports ---------------------------------------------------------------------------
    async def report(self, reporter: int, reported: int, reason: str,
                     table_id: str | None, game_id: str | None) -> int:
        """Store an open report; return its id."""
        async with self.storage.db.begin() as conn:
            done = await conn.execute(insert(ReportRow).values(
                reporter_id=reporter, reported_id=reported, reason=reason, table_id=table_id,
                game_id=game_id, created=time.time(), status="open"))
            key = done.inserted_primary_key
            assert key is not None
            return int(key[0])

    async def reports_since(self, reporter: int, since: float) -> int:
        """Return how many reports ``reporter`` made since ``since`` (epoch seconds)."""
        async with self.storage.db.connect() as conn:
            return int((await conn.execute(select(func.count()).where(
                ReportRow.reporter_id == reporter, ReportRow.created >= since))).scalar_one())

    async def open_reports(self) -> list[dict[str, Any]]:
        """Return the open reports, oldest first, with the names of both users."""
        reporter = UserRow.__table__.alias("reporter")
        reported = UserRow.__table__.alias("reported")
        async with self.storage.db.connect() as conn:
            rows = await conn.execute(
                select(ReportRow.id, ReportRow.created, ReportRow.table_id, ReportRow.game_id,
                       ReportRow.reason, reporter.c.name.label("reporter"),
                       reported.c.name.label("reported"))
                .join(reporter, reporter.c.id == ReportRow.reporter_id)
                .join(reported, reported.c.id == ReportRow.reported_id)
                .where(ReportRow.status == "open").order_by(ReportRow.created, ReportRow.id))
            return [dict(r) for r in rows.mappings()]
