"""A tournament's rows: its own queries over :attr:`Storage.db` (one transaction per change,
so a restart, even ``kill -9``, finds every tournament whole)."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update

from kozyr.server.models import (
    GameRow,
    TableRow,
    TournamentPlayerRow,
    TournamentRow,
    TournamentTableRow,
)
from kozyr.server.protocol import ProtocolError
from kozyr.server.storage import Storage

#: a list of tournaments shows this many at most
LISTED = 50


class TournamentStore:
    """The tournaments' tables of the room's database."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def create(self, values: dict[str, Any]) -> None:
        """Insert a tournament."""
        async with self.storage.db.begin() as conn:
            await conn.execute(insert(TournamentRow).values(**values))

    async def get(self, tid: str) -> Any:
        """Return a tournament's row, or None."""
        async with self.storage.db.connect() as conn:
            return (await conn.execute(select(TournamentRow).where(
                TournamentRow.id == tid))).first()

    async def listed(self) -> list[Any]:
        """Return the public tournaments, newest first (the last ``LISTED``)."""
        async with self.storage.db.connect() as conn:
            return list(await conn.execute(select(TournamentRow).where(
                TournamentRow.private.is_(False)).order_by(TournamentRow.created.desc())
                .limit(LISTED)))

    async def counts(self, tids: list[str]) -> dict[str, int]:
        """Return how many players each of the tournaments ``tids`` has (one query)."""
        if not tids:
            return {}
        async with self.storage.db.connect() as conn:
            rows = await conn.execute(select(
                TournamentPlayerRow.tournament_id, func.count()).where(
                TournamentPlayerRow.tournament_id.in_(tids))
                .group_by(TournamentPlayerRow.tournament_id))
            return {tid: int(n) for tid, n in rows}

    async def active(self) -> list[Any]:
        """Return every tournament registering or running."""
        async with self.storage.db.connect() as conn:
            return list(await conn.execute(select(TournamentRow).where(
                TournamentRow.status.in_(("registering", "running")))))

    async def owned_active(self, owner_id: int) -> int:
        """Return how many tournaments ``owner_id`` has registering or running."""
        async with self.storage.db.connect() as conn:
            return int((await conn.execute(select(func.count()).where(
                TournamentRow.owner_id == owner_id,
                TournamentRow.status.in_(("registering", "running"))))).scalar_one())

    async def players(self, tid: str) -> list[Any]:
        """Return a tournament's players in order of registration."""
        async with self.storage.db.connect() as conn:
            return list(await conn.execute(select(TournamentPlayerRow).where(
                TournamentPlayerRow.tournament_id == tid)
                .order_by(TournamentPlayerRow.registered)))

    async def tables(self, tid: str) -> list[Any]:
        """Return the tables of every round drawn, by round and number."""
        async with self.storage.db.connect() as conn:
            return list(await conn.execute(select(TournamentTableRow).where(
                TournamentTableRow.tournament_id == tid).order_by(
                TournamentTableRow.round, TournamentTableRow.number)))

    async def register(self, tid: str, user_id: int, name: str) -> None:
        """Add a player (checked under the transaction: registering, not full, not in)."""
        async with self.storage.db.begin() as conn:
            t = (await conn.execute(select(TournamentRow).where(
                TournamentRow.id == tid).with_for_update())).first()
            if t is None or t.status != "registering":
                raise ProtocolError("tournament_closed", "registration is closed: the "
                                    "tournament has started or ended")
            have = (await conn.execute(select(TournamentPlayerRow.user_id).where(
                TournamentPlayerRow.tournament_id == tid))).scalars().all()
            if user_id in have:
                return
            if len(have) >= t.capacity:
                raise ProtocolError("tournament_full", f"the tournament is full "
                                    f"({t.capacity} players)")
            await conn.execute(insert(TournamentPlayerRow).values(
                tournament_id=tid, user_id=user_id, name=name, registered=time.time(),
                rating=0, points=0.0, game_points=0, status="in"))

    async def unregister(self, tid: str, user_id: int) -> None:
        """Take a player out while it is registering."""
        async with self.storage.db.begin() as conn:
            t = (await conn.execute(select(TournamentRow.status).where(
                TournamentRow.id == tid).with_for_update())).first()
            if t is None or t.status != "registering":
                raise ProtocolError("tournament_closed", "the tournament has started: "
                                    "leave your table instead (a bot plays it out)")
            await conn.execute(delete(TournamentPlayerRow).where(
                TournamentPlayerRow.tournament_id == tid,
                TournamentPlayerRow.user_id == user_id))

    async def cancel(self, tid: str, owner_id: int) -> None:
        """Cancel a tournament for its owner (checked under the transaction: his, and
        still registering)."""
        async with self.storage.db.begin() as conn:
            t = (await conn.execute(select(TournamentRow.status, TournamentRow.owner_id)
                                    .where(TournamentRow.id == tid).with_for_update())).first()
            if t is None or t.owner_id != owner_id:
                raise ProtocolError("not_owner", "only the tournament's owner may cancel it")
            if t.status != "registering":
                raise ProtocolError("tournament_closed", "the tournament has started or "
                                    "ended: it can no longer be cancelled")
            await conn.execute(update(TournamentRow).where(TournamentRow.id == tid).values(
                status="cancelled", finished=time.time()))

    async def set_status(self, tid: str, values: dict[str, Any]) -> None:
        """Update a tournament's row."""
        async with self.storage.db.begin() as conn:
            await conn.execute(update(TournamentRow).where(TournamentRow.id == tid)
                               .values(**values))

    async def start(self, tid: str, ratings: dict[int, int], rounds: int | None) -> bool:
        """Mark it running with the players' ratings at the start; return False (and
        change nothing) if it is no longer registering (its owner cancelled it)."""
        async with self.storage.db.begin() as conn:
            status = (await conn.execute(select(TournamentRow.status).where(
                TournamentRow.id == tid).with_for_update())).scalar()
            if status != "registering":
                return False
            for uid, r in ratings.items():
                await conn.execute(update(TournamentPlayerRow).where(
                    TournamentPlayerRow.tournament_id == tid,
                    TournamentPlayerRow.user_id == uid).values(rating=r))
            await conn.execute(update(TournamentRow).where(TournamentRow.id == tid).values(
                status="running", started=time.time(), rounds=rounds))
        return True

    async def draw(self, tid: str, round_no: int, tables: list[dict[str, Any]]) -> None:
        """Store a round's tables and make it the round under way (one transaction)."""
        async with self.storage.db.begin() as conn:
            for number, t in enumerate(tables):
                await conn.execute(insert(TournamentTableRow).values(
                    tournament_id=tid, round=round_no, number=number,
                    table_id=t["table_id"], seats=t["seats"], opened=False, result=None))
            await conn.execute(update(TournamentRow).where(TournamentRow.id == tid)
                               .values(round=round_no))

    async def opened(self, tid: str, round_no: int, number: int) -> None:
        """Note that a round's table is open: its players are sent to it from now on."""
        async with self.storage.db.begin() as conn:
            await conn.execute(update(TournamentTableRow).where(
                TournamentTableRow.tournament_id == tid, TournamentTableRow.round == round_no,
                TournamentTableRow.number == number).values(opened=True))

    async def dead_table(self, table_id: str) -> bool:
        """Return True if the room's table ``table_id`` is closed and its match was never
        finished (it will not be)."""
        async with self.storage.db.connect() as conn:
            row = (await conn.execute(select(TableRow.status, GameRow.status.label("game"))
                                      .select_from(TableRow).outerjoin(
                GameRow, GameRow.id == TableRow.game_id).where(
                TableRow.id == table_id))).first()
        return row is not None and row.status == "closed" and row.game != "finished"

    async def replace_table(self, tid: str, round_no: int, number: int, old: str, new: str
                            ) -> bool:
        """Give a round's unscored table ``old`` the new table id ``new``, not yet open;
        return False if it was scored or replaced meanwhile."""
        where = (TournamentTableRow.tournament_id == tid, TournamentTableRow.round == round_no,
                 TournamentTableRow.number == number, TournamentTableRow.table_id == old)
        async with self.storage.db.begin() as conn:
            row = (await conn.execute(select(TournamentTableRow.result).where(*where)
                                      .with_for_update())).first()
            if row is None or row.result is not None:  # (a JSON null is no SQL NULL)
                return False
            await conn.execute(update(TournamentTableRow).where(*where).values(
                table_id=new, opened=False))
        return True

    async def table_stored(self, table_id: str) -> bool:
        """Return True if the room's ``tables`` hold ``table_id`` (it was opened once)."""
        async with self.storage.db.connect() as conn:
            return (await conn.execute(select(TableRow.id).where(
                TableRow.id == table_id))).first() is not None

    async def finished_match(self, table_id: str) -> Any:
        """Return the finished match last played at ``table_id`` (its games row), or None."""
        return (await self.finished_matches([table_id])).get(table_id)

    async def finished_matches(self, table_ids: list[str]) -> dict[str, Any]:
        """Return table id -> the finished match last played there (its games row), for
        those of ``table_ids`` whose match is finished (one query)."""
        if not table_ids:
            return {}
        async with self.storage.db.connect() as conn:
            rows = await conn.execute(select(TableRow.id.label("at_table"), GameRow).join(
                TableRow, TableRow.game_id == GameRow.id).where(
                TableRow.id.in_(table_ids), GameRow.status == "finished"))
            return {row.at_table: row for row in rows}

    async def score(self, tid: str, round_no: int, number: int, result: dict[str, Any],
                    gains: dict[int, tuple[float, int]]) -> bool:
        """Store a table's result and add its points to its players, once; return False if
        it was scored already."""
        async with self.storage.db.begin() as conn:
            row = (await conn.execute(select(TournamentTableRow.result).where(
                TournamentTableRow.tournament_id == tid, TournamentTableRow.round == round_no,
                TournamentTableRow.number == number).with_for_update())).first()
            if row is None or row.result is not None:
                return False
            await conn.execute(update(TournamentTableRow).where(
                TournamentTableRow.tournament_id == tid, TournamentTableRow.round == round_no,
                TournamentTableRow.number == number).values(result=result))
            for uid, (points, game_points) in gains.items():
                await conn.execute(update(TournamentPlayerRow).where(
                    TournamentPlayerRow.tournament_id == tid,
                    TournamentPlayerRow.user_id == uid).values(
                    points=TournamentPlayerRow.points + points,
                    game_points=TournamentPlayerRow.game_points + game_points))
        return True

    async def knock_out(self, tid: str, user_ids: list[int]) -> None:
        """Mark players out of a knockout."""
        if not user_ids:
            return
        async with self.storage.db.begin() as conn:
            await conn.execute(update(TournamentPlayerRow).where(
                TournamentPlayerRow.tournament_id == tid,
                TournamentPlayerRow.user_id.in_(user_ids)).values(status="out"))

    async def finish(self, tid: str, places: dict[int, int], winner: tuple[int, str] | None
                     ) -> None:
        """Store the final places and the winner; mark it finished."""
        async with self.storage.db.begin() as conn:
            for uid, place in places.items():
                await conn.execute(update(TournamentPlayerRow).where(
                    TournamentPlayerRow.tournament_id == tid,
                    TournamentPlayerRow.user_id == uid).values(place=place))
            await conn.execute(update(TournamentRow).where(TournamentRow.id == tid).values(
                status="finished", finished=time.time(),
                winner_id=winner[0] if winner else None, winner=winner[1] if winner else None))

    async def title_counts(self, user_ids: list[int]) -> dict[int, int]:
        """Return how many tournaments each of ``user_ids`` has won (those with any)."""
        if not user_ids:
            return {}
        async with self.storage.db.connect() as conn:
            rows = await conn.execute(select(TournamentRow.winner_id, func.count()).where(
                TournamentRow.winner_id.in_(user_ids), TournamentRow.status == "finished")
                .group_by(TournamentRow.winner_id))
            return {int(uid): int(n) for uid, n in rows if uid is not None}

    async def record_of(self, user_id: int) -> dict[str, Any]:
        """Return a user's tournament record for his profile: finished tournaments played,
        won, and his best place (None before his first)."""
        async with self.storage.db.connect() as conn:
            rows = list(await conn.execute(select(TournamentPlayerRow.place).join(
                TournamentRow, TournamentRow.id == TournamentPlayerRow.tournament_id).where(
                TournamentPlayerRow.user_id == user_id, TournamentRow.status == "finished")))
        places = [r.place for r in rows if r.place is not None]
        return {"played": len(rows), "won": places.count(1),
                "best": min(places) if places else None}

    async def titles(self, user_id: int, viewer: int | None = None) -> list[dict[str, Any]]:
        """Return the tournaments ``user_id`` won, newest first (the profile's titles): a
        private one only if ``viewer`` (a user id, None: nobody logged in) owned or played
        it, as a private table's matches in the history."""
        seen: Any = TournamentRow.private.is_(False)
        if viewer is not None:
            seen = or_(seen, TournamentRow.owner_id == viewer, TournamentRow.id.in_(
                select(TournamentPlayerRow.tournament_id).where(
                    TournamentPlayerRow.user_id == viewer)))
        async with self.storage.db.connect() as conn:
            rows = await conn.execute(select(TournamentRow).where(
                TournamentRow.winner_id == user_id, TournamentRow.status == "finished", seen)
                .order_by(TournamentRow.finished.desc()))
            return [{"tournament": t.id, "name": t.name, "game": t.game, "preset": t.preset,
                     "at": t.finished} for t in rows]
