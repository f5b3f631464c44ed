"""A review of issue 16's server code (tournaments and people): each test here is a problem
found by the review, fixed since.

Tournaments: a restart between "started" and "round 1 drawn" left a tournament running at
round 0 for ever; a private tournament's id and name were on its winner's public profile;
the public list read each tournament's players one query at a time, a poll asked for each
unscored table's match one at a time, and the followers of a finished tournament had it read
again every poll for ever; two creations at once passed the per-user limit; a tournament of
a game this room does not have logged a traceback every poll.  People: a block sent the
blocked user a ``friends`` push though nothing of his had changed (he learned the moment);
two sockets of one user opening at once told his friends nothing; ``invite_friend`` told a
private table that exists from one that does not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import event

from kozyr.server.lobby import Lobby
from kozyr.server.people.service import People
from kozyr.server.protocol import ProtocolError
from kozyr.server.storage import Storage, User
from kozyr.server.tournaments.director import Tournaments

from .conftest import TestClient, settings
from .helpers import THOUSAND, bye, hello, register, until

SHORT = {"game": "thousand", "preset": "classic",
         "options": {"target": 100, "barrel": False, "redeal": False, "players": 2},
         "deals": 1}
needs_thousand = pytest.mark.skipif(not THOUSAND, reason="these tournaments play Thousand")


def spec(**kw: Any) -> dict[str, Any]:
    """Return a TournamentSpec of short two-seat matches."""
    out: dict[str, Any] = {"name": "Review cup", **SHORT, "kind": "knockout", "capacity": 2}
    out.update(kw)
    return out


class Room:
    """A room's storage, lobby, tournaments and people, without the director's loop (a
    test calls :meth:`Tournaments.tick` itself)."""

    def __init__(self, storage: Storage, lobby: Lobby) -> None:
        self.storage, self.lobby = storage, lobby
        self.tournaments = Tournaments(lobby)
        self.people = People(lobby)
        self.queries = 0
        event.listen(storage.db.sync_engine, "before_cursor_execute", self._count)

    def _count(self, *args: Any) -> None:
        self.queries += 1

    async def user(self, name: str) -> User:
        made = await self.storage.create_user(name, "x", False)
        assert made is not None
        return made


@pytest.fixture
async def room(db_url: str) -> AsyncIterator[Room]:
    async with _room(db_url) as r:
        yield r


# -- tournaments ------------------------------------------------------------------------------
@needs_thousand
async def test_a_restart_between_the_start_and_the_first_draw_draws_it(room: Room) -> None:
    """``_start`` stores "running" and then draws round 1 in a second transaction: a
    ``kill -9`` between the two left it running at round 0 with no table, and the director
    waited for round 0's tables for ever."""
    ts = room.tournaments
    ann, bob = await room.user("ann"), await room.user("bob")
    t = await ts.create(ann, spec(start_at=time.time() + 3600))
    for u in (ann, bob):
        await ts.register(u, t.id, None)
    await ts.store.start(t.id, {ann.id: 1500, bob.id: 1400}, 1)  # ... and then the crash
    await ts.tick()
    now = await ts.store.get(t.id)
    assert now.status == "running" and now.round == 1
    tables = await ts.store.tables(t.id)
    assert len(tables) == 1 and tables[0].opened and tables[0].table_id in room.lobby.tables
    await ts.tick()  # again: nothing more is drawn
    assert len(await ts.store.tables(t.id)) == 1


async def test_the_public_list_reads_the_counts_in_one_query(room: Room) -> None:
    ts = room.tournaments
    users = [await room.user(n) for n in ("ann", "bob", "cid", "dan")]
    for i, u in enumerate(users):
        t = await ts.create(u, spec(name=f"Cup {i}", capacity=8))
        for v in users[:i + 1]:
            await ts.register(v, t.id, None)
    room.queries = 0
    listed = await ts.listing()
    assert sorted(x["registered"] for x in listed) == [1, 2, 3, 4]
    assert room.queries <= 2, room.queries  # not one more per tournament


async def test_two_creations_at_once_keep_to_the_limit(room: Room) -> None:
    ts = room.tournaments
    ann = await room.user("ann")
    got = await asyncio.gather(*(ts.create(ann, spec(name=f"Cup {i}")) for i in range(6)),
                               return_exceptions=True)
    made = [g for g in got if not isinstance(g, BaseException)]
    refused = [g for g in got if isinstance(g, ProtocolError)]
    assert len(made) == room.lobby.settings.max_tournaments_per_user == 3
    assert [e.code for e in refused] == ["too_many_tables"] * 3


async def test_a_tournament_of_a_game_not_installed_is_logged_once(
        room: Room, caplog: pytest.LogCaptureFixture) -> None:
    ts = room.tournaments
    ann = await room.user("ann")
    t = await ts.create(ann, spec(start_at=time.time() + 3600))
    await ts.register(ann, t.id, None)
    await ts.register(await room.user("bob"), t.id, None)
    await ts.store.set_status(t.id, {"game": "nosuchgame", "start_at": time.time() - 1})
    caplog.set_level(logging.WARNING, "kozyr.server")
    for _ in range(3):
        await ts.tick()
    assert not [r for r in caplog.records if r.exc_info], "a traceback every poll"
    assert len([r for r in caplog.records if "nosuchgame" in r.getMessage()]) == 1
    now = await ts.store.get(t.id)
    assert now.status == "registering" and await ts.store.tables(t.id) == []  # as it was


async def test_a_finished_tournament_is_not_read_again_for_its_followers(room: Room) -> None:
    ts = room.tournaments
    ann = await room.user("ann")
    t = await ts.create(ann, spec())
    await ts.store.set_status(t.id, {"status": "cancelled", "finished": time.time()})

    class Follower:
        closed = False
        user = ann

        def __init__(self) -> None:
            self.texts: list[str] = []

        def send_text(self, text: str) -> None:
            self.texts.append(text)

    f = Follower()
    await ts.follow(f, t.id, None)  # type: ignore[arg-type]
    await ts.tick()
    room.queries = 0
    for _ in range(3):
        await ts.tick()
    assert room.queries <= 3 * 1, room.queries  # the active tournaments only, once a poll
    assert len(f.texts) == 1


def test_a_private_tournament_won_is_not_on_the_profile_for_others(
        client: TestClient) -> None:
    """Profile ``titles`` listed every tournament won, a private one's id and name too, to
    anybody (its matches are left out of the history as any private table's)."""
    token_ann, token_bob = register(client, "ann"), register(client, "bob")
    ann, _ = hello(client, token_ann)
    ann.send_json({"type": "tournament_create", "spec": spec(private=True), "id": 1})
    tid = until(ann, "tournament_created")["tournament"]["id"]
    ts: Tournaments = client.app.state.tournaments  # type: ignore[attr-defined]
    storage: Storage = client.app.state.storage  # type: ignore[attr-defined]

    async def won() -> None:
        row = await storage.user_row("ann")
        await ts.store.finish(tid, {}, (row.id, "ann"))

    client.portal.call(won)  # type: ignore[attr-defined]
    assert client.get("/api/profiles/ann").json()["titles"] == []
    client.cookies.set("kozyr_session", token_bob)
    assert client.get("/api/profiles/ann").json()["titles"] == []
    client.cookies.set("kozyr_session", token_ann)
    mine = client.get("/api/profiles/ann").json()["titles"]
    assert [x["tournament"] for x in mine] == [tid]  # to its owner (and its players)
    client.cookies.clear()
    bye(ann)


# -- people -----------------------------------------------------------------------------------
def test_a_block_sends_the_blocked_user_nothing_unless_his_list_changed(
        client: TestClient) -> None:
    """A block pushed ``friends`` to the blocked user's sockets even when the two had no
    friendship or request: an unchanged list, arriving the moment he was blocked."""
    anna, _ = hello(client, register(client, "anna"))
    boris, _ = hello(client, register(client, "boris"))
    anna.send_json({"type": "block", "name": "boris", "id": 1})
    assert until(anna, "ok")["re"] == 1
    boris.send_json({"type": "ping", "id": 2})
    got = boris.receive_json()
    assert got["type"] == "pong", got  # nothing before it
    # a friendship that ends is his business: he gets his new list
    anna.send_json({"type": "unblock", "name": "boris", "id": 3})
    until(anna, "ok")
    anna.send_json({"type": "friend_request", "name": "boris", "id": 4})
    until(anna, "ok")
    until(boris, "friend_request")
    assert until(boris, "friends")["incoming"] == ["anna"]
    anna.send_json({"type": "block", "name": "boris", "id": 5})
    until(anna, "ok")
    assert until(boris, "friends")["incoming"] == []
    bye(anna)
    bye(boris)


class FakeConn:
    """A socket as the people service sees it."""

    def __init__(self, user: User) -> None:
        self.user = user
        self.closed = False
        self.sent: list[dict[str, Any]] = []
        self.ignored: set[str] = set()
        self.tables: dict[str, Any] = {}

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)

    def close(self, *args: Any) -> None:
        self.closed = True


async def test_two_sockets_opening_at_once_tell_his_friends(room: Room) -> None:
    """``connected`` asked "is this his first socket?" after a query: two sockets opening
    at once both saw two, and his friends never learned he came online."""
    ann, bob = await room.user("ann"), await room.user("bob")
    people = room.people
    assert await people.store.request(ann.id, bob.id)
    assert await people.store.accept(ann.id, bob.id)
    b = FakeConn(bob)
    room.lobby.connect(b)  # type: ignore[arg-type]
    a1, a2 = FakeConn(ann), FakeConn(ann)
    room.lobby.connect(a1)  # type: ignore[arg-type]
    first = asyncio.ensure_future(people.connected(a1))  # type: ignore[arg-type]
    await asyncio.sleep(0)  # (its query under way)
    room.lobby.connect(a2)  # type: ignore[arg-type]
    await asyncio.gather(first, people.connected(a2))  # type: ignore[arg-type]
    told = [m for m in b.sent if m["type"] == "friends"]
    assert told and told[-1]["friends"] == [{"name": "ann", "online": True, "where": None}]


# -- a NUL character --------------------------------------------------------------------------
NULS = [{"type": "friend_request", "name": "bo\x00b"},
        {"type": "report", "name": "bob", "reason": "rude\x00"},
        {"type": "report", "name": "bob", "reason": "rude", "table": "t\x00"},
        {"type": "tournament_follow", "tournament": "k\x00"},
        {"type": "tournament_create", "spec": {"name": "Cup\x00", "game": "thousand"}}]


@pytest.mark.parametrize("msg", NULS)
def test_a_nul_character_is_a_bad_message(msg: dict[str, Any]) -> None:
    """PostgreSQL stores no text holding U+0000: each of these was an ``internal`` error
    there (a name, a reason, a table or tournament id, a tournament's name)."""
    from kozyr.server.protocol import check_message

    with pytest.raises(ProtocolError) as e:
        check_message(msg)
    assert e.value.code == "bad_message"


async def test_a_nul_in_a_tournament_path_is_unknown_on_postgresql() -> None:
    from .services import PG_HOW, pg_database, pg_up

    if not pg_up():
        pytest.skip(PG_HOW)
    async with pg_database() as url:
        storage = Storage(url)
        await storage.open()
        lobby = Lobby(storage, settings())
        try:
            with pytest.raises(ProtocolError) as e:
                await Tournaments(lobby).visible("k\x00", None, None)  # GET /api/tournaments/
            assert e.value.code == "unknown_tournament"
        finally:
            await lobby.close()
            await storage.close()


# -- a round table that cannot end its match --------------------------------------------------
async def _round_one(room: Room) -> tuple[Any, Any]:
    """Start a two-player tournament; return its row and round 1's table (open here)."""
    ts = room.tournaments
    ann, bob = await room.user("ann"), await room.user("bob")
    t = await ts.create(ann, spec())
    for u in (ann, bob):
        await ts.register(u, t.id, None)
    await ts.tick()
    (row,) = await ts.store.tables(t.id)
    assert row.opened and row.round == 1
    return t, row


@needs_thousand
async def test_a_stopped_round_table_is_played_again_at_a_new_table(room: Room) -> None:
    """A round table whose stored log does not replay after a restart is ``stopped``: its
    match never ends, and the tournament waited for it for ever."""
    ts = room.tournaments
    t, row = await _round_one(room)
    room.lobby.tables[row.table_id].stop("its stored log does not replay")
    await ts.tick()
    (again,) = await ts.store.tables(t.id)
    assert again.table_id != row.table_id and again.opened and again.seats == row.seats
    table = room.lobby.tables[again.table_id]
    assert table.status == "playing" and table.tournament == t.id
    assert sorted(s.name for s in table.seats) == ["ann", "bob"]
    await ts.tick()  # once
    assert (await ts.store.tables(t.id))[0].table_id == again.table_id


@needs_thousand
async def test_a_round_table_closed_without_a_result_is_played_again(room: Room) -> None:
    ts = room.tournaments
    t, row = await _round_one(room)
    table = room.lobby.tables[row.table_id]
    async with table.lock:
        await table.close()
    await ts.tick()
    (again,) = await ts.store.tables(t.id)
    assert again.table_id != row.table_id and again.table_id in room.lobby.tables


def test_asking_again_pushes_nothing(client: TestClient) -> None:
    """Each repeated ``friend_request`` (a change of nothing) pushed a fresh ``friends`` to
    the addressee: a user could send him one 40 times a second."""
    anna, _ = hello(client, register(client, "anna"))
    boris, _ = hello(client, register(client, "boris"))
    for i in range(3):
        anna.send_json({"type": "friend_request", "name": "boris", "id": i})
        assert until(anna, "ok")["re"] == i
    until(boris, "friend_request")
    assert until(boris, "friends")["incoming"] == ["anna"]
    boris.send_json({"type": "ping", "id": "p"})
    got = boris.receive_json()
    assert got["type"] == "pong", got  # nothing for the two requests again
    boris.send_json({"type": "friend_request", "name": "anna", "id": "b"})  # accepts hers
    until(boris, "ok")
    assert until(anna, "friends")["friends"][0]["name"] == "boris"
    bye(anna)
    bye(boris)


def test_a_report_cannot_drive_the_admins_terminal(client: TestClient, db_url: str) -> None:
    """``kozyr admin reports`` printed a report's reason (and table) as written: an escape
    sequence reached the admin's terminal, a line break faked another report."""
    import json

    from typer.testing import CliRunner

    from kozyr.cli import app as cli_app

    anna, _ = hello(client, register(client, "anna"))
    register(client, "boris")
    reason = "rude\x1b[2J\n#2 2026-01-01 00:00 UTC: boris reports anna: \u202eevil\x9b"
    anna.send_json({"type": "report", "name": "boris", "reason": reason, "table": "t\x1b]0;",
                    "id": 1})
    assert until(anna, "ok", "error")["type"] == "ok"
    bye(anna)
    out = CliRunner().invoke(cli_app, ["admin", "reports", "--db", db_url]).output
    assert len(out.strip().splitlines()) == 1, out
    assert not any(c in out for c in "\x1b\x9b\u202e"), out
    assert "\\u001b[2J\\u000a#2" in out
    as_json = CliRunner().invoke(cli_app, ["admin", "reports", "--db", db_url, "--json"])
    assert not any(c in as_json.output for c in "\x1b\x9b\u202e")
    rows = json.loads(as_json.output)
    assert rows[0]["reason"] == reason and rows[0]["table_id"] == "t\x1b]0;"  # the same text


@pytest.mark.parametrize("name", ["Cup\nof the week", "Cup\x1b[31m", "Cup \u202eevil",
                                  "Cup\u2066x\u2069"])
def test_a_tournament_name_holds_no_control_character(name: str) -> None:
    """A tournament's name is shown to everyone (the list, the profiles' titles): a line
    break, an escape or a change of writing direction was taken as it came."""
    from kozyr.server.tournaments.spec import parse_tournament

    with pytest.raises(ProtocolError) as e:
        parse_tournament(spec(name=name))
    assert e.value.code == "bad_message"
    assert parse_tournament(spec(name="Кубок 🂡 ‍ cup")).name == "Кубок 🂡 ‍ cup"


async def test_registrations_at_once_keep_to_the_capacity(room: Room) -> None:
    """SQLite takes no row lock (``FOR UPDATE``): eight registrations at once for three
    places stored seven players."""
    ts = room.tournaments
    users = [await room.user(f"u{i}") for i in range(8)]
    t = await ts.create(users[0], spec(capacity=3, start_at=time.time() + 3600))
    got = await asyncio.gather(*(ts.register(u, t.id, None) for u in users),
                               return_exceptions=True)
    assert len(await ts.store.players(t.id)) == 3
    assert sorted(g.code if isinstance(g, ProtocolError) else repr(g) for g in got) == \
        ["None"] * 3 + ["tournament_full"] * 5


@pytest.fixture(params=["sqlite", "postgresql"])
async def any_room(request: Any, db_url: str) -> AsyncIterator[Room]:
    """A room (as ``room``) on SQLite, then on PostgreSQL (skipped without one)."""
    if request.param == "sqlite":
        async with _room(db_url) as r:
            yield r
        return
    from .services import PG_HOW, pg_database, pg_up

    if not pg_up():
        pytest.skip(PG_HOW)
    async with pg_database() as url, _room(url) as r:
        yield r


@contextlib.asynccontextmanager
async def _room(url: str) -> AsyncIterator[Room]:
    storage = Storage(url)
    await storage.open()
    lobby = Lobby(storage, settings(tournament_poll=3600.0))
    r = Room(storage, lobby)
    try:
        yield r
    finally:
        await r.tournaments.close()
        await r.people.close()
        await lobby.close()
        await storage.close()


async def test_two_blocks_at_once_are_one(any_room: Room) -> None:
    """Two ``block`` messages at once (two sockets) both found no block and both stored
    one: on PostgreSQL the second was an ``internal`` error (the key)."""
    room = any_room
    ann, bob = await room.user("ann"), await room.user("bob")
    got = await asyncio.gather(*(room.people.block(ann, "bob") for _ in range(4)),
                               return_exceptions=True)
    assert got == [None] * 4
    assert await room.people.store.blocked(ann.id) == [(bob.id, "bob")]


async def test_reports_at_once_keep_to_the_limit(any_room: Room) -> None:
    room = any_room
    ann = await room.user("ann")
    await room.user("bob")
    got = await asyncio.gather(*(room.people.report(ann, "bob", "rude", None)
                                 for _ in range(8)), return_exceptions=True)
    assert sum(isinstance(g, int) for g in got) == 5
    assert [g.code for g in got if isinstance(g, ProtocolError)] == ["rate_limited"] * 3


async def test_registrations_at_once_keep_to_the_capacity_on_both(any_room: Room) -> None:
    await test_registrations_at_once_keep_to_the_capacity(any_room)


@needs_thousand
async def test_a_stopped_table_whose_match_is_stored_finished_is_scored(room: Room) -> None:
    """(The replay of a stopped table must not throw away a match stored as finished.)"""
    ts = room.tournaments
    t, row = await _round_one(room)
    table = room.lobby.tables[row.table_id]
    await room.storage.finish_game(table.game_id, {
        "status": "finished", "finished": time.time(), "totals": [120, 40], "winner": 0,
        "forfeits": []})
    table.stop("its stored log does not replay")
    await ts.tick()
    (scored,) = await ts.store.tables(t.id)
    assert scored.table_id == row.table_id and scored.result["points"] == [1.0, 0.0]
    assert (await ts.store.get(t.id)).status == "finished"


async def test_a_poll_counts_the_registering_tournaments_players_in_one_query(
        room: Room) -> None:
    """Each poll read every registering tournament's players, one query each (a room of
    many users has up to three each)."""
    ts = room.tournaments
    users = [await room.user(n) for n in ("ann", "bob", "cid", "dan")]
    for i, u in enumerate(users):
        t = await ts.create(u, spec(name=f"Cup {i}", capacity=8))
        await ts.register(u, t.id, None)
    room.queries = 0
    await ts.tick()
    assert room.queries <= 2, room.queries


async def test_coming_online_reads_his_friends_lists_together(room: Room) -> None:
    """A user's first socket (and his last one closing) pushed each online friend his
    list, each read in three queries: a user of many friends, connecting again and again,
    cost three queries a friend each time."""
    people = room.people
    ann = await room.user("ann")
    friends = [await room.user(f"f{i}") for i in range(6)]
    socks = []
    for f in friends:
        assert await people.store.request(f.id, ann.id)
        assert await people.store.accept(f.id, ann.id)
        c = FakeConn(f)
        room.lobby.connect(c)  # type: ignore[arg-type]
        socks.append(c)
    await people.block(friends[0], "f1")  # f0 blocks f1 (their own business)
    for c in socks:
        c.sent.clear()
    a = FakeConn(ann)
    room.lobby.connect(a)  # type: ignore[arg-type]
    room.queries = 0
    await people.connected(a)  # type: ignore[arg-type]
    assert room.queries <= 6, room.queries
    for f, c in zip(friends, socks, strict=True):
        (msg,) = c.sent
        assert msg == await people.payload(f)
        assert {"name": "ann", "online": True, "where": None} in msg["friends"]
    assert socks[0].sent[0]["blocked"] == ["f1"]


@needs_thousand
async def test_a_poll_of_a_round_under_way_reads_little(room: Room) -> None:
    """A running tournament's look read its tables four times and its players once every
    poll, whether or not anything had happened."""
    ts = room.tournaments
    await _round_one(room)
    room.queries = 0
    await ts.tick()
    assert room.queries <= 4, room.queries  # the active ones, their counts, tables, matches


async def test_new_friend_requests_are_limited(room: Room) -> None:
    """A request withdrawn and made again tells the addressee each time (a banner on his
    page): nothing limited it, 40 a second."""
    people = room.people
    ann = await room.user("ann")
    others = [await room.user(f"u{i}") for i in range(11)]
    for u in others[:10]:
        await people.request(ann, u.name)
    await people.request(ann, others[0].name)  # asking again is no new request
    with pytest.raises(ProtocolError) as e:
        await people.request(ann, others[10].name)
    assert e.value.code == "rate_limited"
    bob = others[0]
    for _ in range(5):  # withdrawn and made again: a new one each time
        await people.request(bob, "u1")
        await people.remove(bob, "u1")
    for u in others[2:7]:
        await people.request(bob, u.name)
    with pytest.raises(ProtocolError) as e:
        await people.request(bob, "u1")
    assert e.value.code == "rate_limited"
