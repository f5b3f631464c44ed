"""The storage on both databases it runs on: SQLite (aiosqlite) and PostgreSQL (asyncpg).

Every test here runs twice, on a fresh SQLite file and on a fresh PostgreSQL database made for
it (and dropped after); the PostgreSQL half is skipped, saying how to run it, where no
PostgreSQL is reachable (tests/server/services.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from kozyr.server.models import Base
from kozyr.server.storage import Storage, _alembic_config

from .services import PG_HOW, pg_database, pg_up


@pytest.fixture(params=["sqlite", "postgresql"])
async def storage(request: Any, tmp_path: Path) -> AsyncIterator[Storage]:
    """Return an opened Storage on a fresh database of each kind (migrated to head)."""
    if request.param == "sqlite":
        s = Storage(f"sqlite+aiosqlite:///{tmp_path}/kozyr.db")
        await s.open()
        try:
            yield s
        finally:
            await s.close()
        return
    if not pg_up():
        pytest.skip(PG_HOW)
    async with pg_database() as url:
        s = Storage(url)
        await s.open()
        try:
            yield s
        finally:
            await s.close()


def _diff(conn: Any) -> list[Any]:
    return list(compare_metadata(MigrationContext.configure(conn), Base.metadata))


async def test_the_migrations_reach_head_and_build_the_models_schema(storage: Storage) -> None:
    assert storage.engine is not None
    head = ScriptDirectory.from_config(_alembic_config(storage.url)).get_current_head()
    async with storage.engine.connect() as conn:
        version = (await conn.execute(text("select version_num from alembic_version"))).scalar()
        diff = await conn.run_sync(_diff)
    assert version == head
    assert diff == []


async def test_opening_again_upgrades_nothing_and_keeps_the_rows(storage: Storage) -> None:
    await storage.create_user("ann", None, False)
    again = Storage(storage.url)
    await again.open()
    try:
        found = await again.user_by_name("ann")
        assert found is not None and found[0].name == "ann"
    finally:
        await again.close()


async def test_users_names_are_unique_and_sessions_expire(storage: Storage) -> None:
    ann = await storage.create_user("ann", "hash", False)
    assert ann is not None and ann.name == "ann" and not ann.guest
    assert await storage.create_user("ann", None, True) is None
    bob = await storage.create_user("bob", None, True)
    assert bob is not None and bob.id != ann.id
    await storage.create_session("t-ann", ann.id, now=1000.0)
    await storage.create_session("t-bob", bob.id, now=5000.0)
    assert await storage.session_user("t-ann", now=1010.0, ttl=100.0) == ann
    assert await storage.session_user("t-ann", now=1500.0, ttl=100.0) is None  # expired
    assert await storage.session_user("t-ann", now=1010.0) is None  # and deleted
    assert await storage.delete_expired_sessions(before=6000.0) == 1
    assert await storage.session_user("t-bob") is None


async def _game(storage: Storage, table: str, users: list[int | None], private: bool = False
                ) -> int:
    return await storage.create_game(
        {"table_id": table, "game": "thousand", "preset": "classic", "rules": {"target": 100},
         "seed": 0, "first_dealer": 2, "players": ["a", "b", "c"], "status": "playing",
         "started": 10.0, "private": private},
        [(i, u, f"p{i}") for i, u in enumerate(users)])


async def test_steps_committed_together_come_back_in_order_per_match(storage: Storage) -> None:
    g1 = await _game(storage, "t1", [None, None, None])
    g2 = await _game(storage, "t2", [None, None, None])
    # 40 steps of two matches arriving at once: one or a few group commits
    await asyncio.gather(*(storage.append_step(g, n, "act", f"{g}:{n}")
                           for n in range(20) for g in (g1, g2)))
    assert await storage.steps(g1) == [("act", f"{g1}:{n}") for n in range(20)]
    assert [d for _, d in await storage.steps(g2)] == [f"{g2}:{n}" for n in range(20)]


async def test_a_bad_step_fails_only_its_own_match(storage: Storage) -> None:
    g1 = await _game(storage, "t1", [None, None, None])
    g2 = await _game(storage, "t2", [None, None, None])
    await storage.append_step(g1, 0, "deal", "{}")
    results = await asyncio.gather(storage.append_step(g1, 0, "act", "again"),  # n taken
                                   storage.append_step(g2, 0, "deal", "{}"),
                                   return_exceptions=True)
    assert isinstance(results[0], Exception) and results[1] is None
    assert await storage.steps(g1) == [("deal", "{}")]
    assert await storage.steps(g2) == [("deal", "{}")]


async def test_tables_games_history_ratings_and_chat(storage: Storage) -> None:
    ann = await storage.create_user("ann", None, False)
    bob = await storage.create_user("bob", None, False)
    assert ann is not None and bob is not None
    row = {"id": "tab1", "game": "thousand", "preset": "classic", "rules": {"target": 100},
           "players": 3, "private": False, "invite": None, "clock": None, "bot_delay": 0.5,
           "owner": "ann", "created": 1.5, "status": "waiting",
           "seats": [{"kind": "human", "name": "ann", "user_id": ann.id, "level": None}],
           "game_id": None}
    await storage.save_table(row)
    await storage.save_table({**row, "status": "playing"})  # an update, not a second row
    await storage.save_table({**row, "id": "tab2", "status": "closed", "created": 0.5})
    [open_row] = await storage.open_tables()
    assert (open_row.id, open_row.status, open_row.seats[0]["name"]) == ("tab1", "playing", "ann")
    assert open_row.rules == {"target": 100} and open_row.bot_delay == 0.5

    public = await _game(storage, "tab1", [ann.id, bob.id, None])
    secret = await _game(storage, "tab1", [ann.id, None, None], private=True)
    await storage.set_seat_player(public, 1, bob.id, "bob", abandoned=True)
    await storage.finish_game(public, {"status": "finished", "finished": 20.0,
                                       "totals": [100, 40, -20], "winner": 0})
    games = await storage.history(ann.id)
    assert [g.id for g in games] == [secret, public]  # newest first
    assert [g.id for g in await storage.history(ann.id, viewer=bob.id)] == [public]
    assert [g.id for g in await storage.history(ann.id, viewer=None)] == [public]
    finished = await storage.game(public)
    assert finished.totals == [100, 40, -20] and finished.winner == 0
    assert (await storage.game_by_public_id(finished.public_id)).id == public
    ann_row, bob_row = await storage.user_row("ann"), await storage.user_row("bob")
    assert (ann_row.finished, ann_row.abandoned) == (1, 0)  # bob abandoned: not finished
    assert (bob_row.finished, bob_row.abandoned) == (0, 1)

    await storage.save_ratings("thousand", "classic", {ann.id: (30.0, 5.0, 1),
                                                       bob.id: (20.0, 2.0, 1)})
    await storage.save_ratings("thousand", "classic", {ann.id: (31.0, 4.0, 2)})  # an update
    assert await storage.ratings_of([ann.id, bob.id], "thousand", "classic") == {
        ann.id: (31.0, 4.0, 2), bob.id: (20.0, 2.0, 1)}
    board = await storage.leaderboard("thousand", "classic", 10)
    assert [r.name for r in board] == ["ann", "bob"]  # 31 - 12 = 19 > 20 - 6 = 14

    for i in range(5):
        await storage.add_chat("tab1", {"from": "ann", "text": f"line {i}", "at": 100.0 + i})
    await storage.add_chat("tab2", {"from": "bob", "text": "elsewhere", "at": 1.0})
    assert [c["text"] for c in await storage.chat_lines("tab1", 3)] == [
        "line 2", "line 3", "line 4"]


async def test_processes_starting_together_migrate_one_after_the_other() -> None:
    if not pg_up():
        pytest.skip(PG_HOW)
    async with pg_database() as url:
        stores = [Storage(url) for _ in range(3)]
        await asyncio.gather(*(s.open() for s in stores))  # one migrates, two find it at head
        try:
            assert await stores[2].create_user("ann", None, False) is not None
            assert await stores[0].user_by_name("ann") is not None
        finally:
            for s in stores:
                await s.close()
