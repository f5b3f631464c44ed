"""Play now: one button per salon seats the player at a quick-play table of that salon.

:func:`play_now` sits the player at a public quick-play table of the salon that is still
filling (the fullest, then the oldest), or opens one.  A quick-play table waits
``settings.quick_fill`` seconds (default 20) for people; then bots of
``settings.quick_level`` (default ``normal``) take its empty seats and the match starts
(:meth:`~kozyr.server.table.roster.Roster.start_quick_fill`; the wait starts again after a
restart).  A quick-play match is rated like any table without hints.  A person who presses
when no quick-play table of the salon is filling takes over a bot the wait put in at a running
one, when its deal ends (never mid-deal): he watches until then, and from then on the match's
stored players, its record and its rating name him for that seat.  Two users one of whom
blocks the other (:mod:`kozyr.server.people`) are never seated at the same quick-play table.
The player cancels while waiting with ``leave``: his seat frees, and a table left with nobody
closes.

In a room of several processes (docs/deploy.md) a player is matched with the quick-play
tables this process hosts; another process's filling table is not looked for.
"""

from __future__ import annotations

from kozyr.server.conn import Conn
from kozyr.server.lobby import Lobby, salons
from kozyr.server.people.store import PeopleStore
from kozyr.server.protocol import ProtocolError
from kozyr.server.table import TableMaster


def _filling(table: TableMaster, game: str, preset: str, avoid: set[int]) -> bool:
    return (table.quick and not table.private and table.status == "waiting"
            and table.stopped is None and (table.game, table.rules.preset) == (game, preset)
            and any(s.kind == "empty" for s in table.seats) and not _shared(table, avoid))


def _shared(table: TableMaster, avoid: set[int]) -> bool:
    """Return True if someone ``avoid`` holds (a block, either way) sits at ``table`` or waits
    for one of its seats."""
    return any(s.kind == "human" and s.user_id in avoid for s in table.seats) \
        or any(uid in avoid for uid, _ in table.claims.values())


async def play_now(lobby: Lobby, conn: Conn, game: str, preset: str) -> TableMaster:
    """Seat ``conn``'s user at a quick-play table of salon ``game``/``preset``; return it.

    Pressing again (or from another tab) while waiting keeps the same seat.  Raise
    ProtocolError ``bad_message`` for a salon the room does not have.  One request is
    served at a time (``lobby.quick_lock``): two players pressing at once share a table.
    """
    user = conn.user
    assert user is not None
    # the users he blocks or who block him: never at the same quick-play table
    avoid = set() if user.guest else await PeopleStore(lobby.storage).avoided(user.id)
    async with lobby.quick_lock:
        return await _seat(lobby, conn, game, preset, avoid)


async def _seat(lobby: Lobby, conn: Conn, game: str, preset: str,
                avoid: set[int]) -> TableMaster:
    user = conn.user
    assert user is not None
    if (game, preset) not in {(g, p) for g, p, _ in salons()}:
        raise ProtocolError("bad_message", f"the room has no salon {game!r} {preset!r}")
    for table in list(lobby.tables.values()):
        if (table.quick and table.status == "waiting" and table.stopped is None
                and table.seat_of_user(user.id) is not None):
            if (table.game, table.rules.preset) != (game, preset):
                raise ProtocolError("seat_taken", "you are already waiting at a quick-play "
                                    "table of another salon; leave it first")
            await table.join(conn, None, None)
            return table
    for table in list(lobby.tables.values()):  # waiting for a bot's seat here already
        seat = table.claim_of(user.id)
        if seat is not None and (table.game, table.rules.preset) == (game, preset):
            await table.claim(conn, seat)
            return table
    filling = [t for t in lobby.tables.values() if _filling(t, game, preset, avoid)]
    filling.sort(key=lambda t: (-sum(s.kind != "empty" for s in t.seats), t.created))
    for table in filling:
        try:
            await table.join(conn, None, None)
        except ProtocolError:  # it filled or started in the meantime: try the next one
            continue
        return table
    # a running quick-play match of the salon with a bot the wait put in: its seat is his
    # from the next deal (never mid-deal)
    for table in sorted(lobby.tables.values(), key=lambda t: t.created):
        if (table.quick and not table.private and (table.game, table.rules.preset)
                == (game, preset) and table.seat_of_user(user.id) is None
                and not _shared(table, avoid)):
            seat = table.claimable()
            if seat is not None:
                await table.claim(conn, seat)
                return table
    table = await lobby.create_table(user, {"game": game, "preset": preset}, quick=True)
    table.start_quick_fill()
    await table.join(conn, None, None)
    return table
