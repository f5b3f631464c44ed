"""Who is at a table: seats, spectators, the grace period of an absent player, and bots.

A human's seat stays his while he is away for the grace period (``settings.grace``): in a
running match a bot then plays for him (``auto``) until he is back; at a waiting or finished
table the seat frees itself.  Bots are put in or taken out while the table waits.  A player
who leaves a running match keeps his seat (``left``) while a bot plays it on: he may come back
(``join``, the lobby's "Return to your seat") until the match ends; if he has not, the match
counts as *abandoned* in his reputation (docs/protocol.md §4.2).  Every change of the seats is
saved and shown to everyone at the table.
"""

from __future__ import annotations

import asyncio
import logging
from abc import abstractmethod
from typing import Any

from kozyr.server.conn import Conn
from kozyr.server.protocol import ProtocolError
from kozyr.server.table.seat import Seat
from kozyr.server.table.views import TableViews, hides

log = logging.getLogger("kozyr.server")


class Roster(TableViews):
    """The seats and members of a table; the match itself is the master's (its hooks below)."""

    game_id: int | None
    #: the players' names of the current match, as its record will name them
    names: list[str]

    # -- what the master does (kozyr.server.table.master.TableMaster) ----------------------
    @abstractmethod
    async def _save(self) -> None:
        """Store the table's row."""

    @abstractmethod
    def _schedule(self) -> None:
        """Start the bot's move or the move clock of the seat to act."""

    @abstractmethod
    async def _maybe_start(self) -> None:
        """Start the match if the table waits and every seat is taken."""

    @abstractmethod
    async def close(self) -> None:
        """Close the table for good."""

    @abstractmethod
    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run ``coro`` as one of the table's background tasks."""

    # -- seats and members -----------------------------------------------------------------
    def humans(self) -> list[Seat]:
        """Return the seats held by humans."""
        return [s for s in self.seats if s.kind == "human"]

    def _check_invite(self, invite: str | None) -> None:
        if self.private and invite != self.invite:
            raise ProtocolError("unknown_table", "no such table")

    def seat_of_user(self, user_id: int) -> int | None:
        """Return the seat a user holds at this table, or None."""
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.user_id == user_id:
                return i
        return None

    def _attach(self, conn: Conn, seat: int | None) -> bool:
        """Add ``conn`` at ``seat`` (None: a spectator); return True if its player, who had
        left the running match, is back (the caller saves the seat)."""
        self.members[conn] = seat
        conn.tables[self.id] = self
        if seat is None:
            self.host.tables_changed(self)  # the lobby line counts spectators
        if seat is not None:
            s = self.seats[seat]
            s.conns.add(conn)
            s.grace.cancel()
            s.auto = False
            if s.left:
                s.left = False
                return True
        return False

    async def join(self, conn: Conn, seat: int | None, invite: str | None) -> None:
        """Sit ``conn``'s user down (or back down) at the table."""
        user = conn.user
        assert user is not None
        async with self.lock:
            mine = self.seat_of_user(user.id)
            if mine is not None:
                if seat is not None and seat != mine:
                    raise ProtocolError("seat_taken", f"you already sit in seat {mine}")
                if self._attach(conn, mine):
                    await self._save()
                self.broadcast_snapshot()
                self._schedule()
                self.host.counts_changed()
                return
            self._check_invite(invite)
            if self.status != "waiting":
                if self.claim_of(user.id) is not None:
                    self._attach(conn, None)  # he watches until his seat is free
                    conn.send(self.snapshot(conn))
                    return
                raise ProtocolError("table_full", "the match has started; you may watch it")
            if seat is not None:
                if seat >= self.players:
                    raise ProtocolError("bad_seat", f"seats go from 0 to {self.players - 1}")
                if self.seats[seat].kind != "empty":
                    raise ProtocolError("seat_taken", f"seat {seat} is taken")
            else:
                free = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
                if not free:
                    raise ProtocolError("table_full", "every seat is taken")
                seat = free[0]
            self.seats[seat] = Seat("human", user.name, user.id)
            self._attach(conn, seat)
            await self._save()
            self.broadcast_snapshot()
            await self._maybe_start()
            self.host.counts_changed()

    async def watch(self, conn: Conn, invite: str | None) -> None:
        """Add ``conn`` as a spectator and send it the public view (a player of the table,
        from another tab, takes his seat instead)."""
        if conn.user is not None and self.seat_of_user(conn.user.id) is not None:
            await self.join(conn, None, invite)
            return
        self._check_invite(invite)
        if conn in self.members:
            conn.send(self.snapshot(conn))
            return
        self._attach(conn, None)
        conn.send(self.snapshot(conn))

    async def resync(self, conn: Conn, version: int | None) -> None:
        """Re-attach ``conn`` (its seat, or as a spectator) and send what it missed."""
        user = conn.user
        assert user is not None
        async with self.lock:
            mine = self.seat_of_user(user.id)
            if conn not in self.members:
                if mine is None:
                    self._check_invite(None)
                if self._attach(conn, mine):
                    await self._save()
                if mine is not None:
                    self.broadcast_snapshot()
                    self._schedule()
                    self.host.counts_changed()
            if version:
                for v, message in self.events:
                    if v > version and not hides(conn, message):
                        conn.send(message)
            conn.send(self.snapshot(conn))

    async def leave(self, conn: Conn) -> None:
        """Take ``conn``'s user out of the table.

        At a running match the seat stays his, marked ``left``, and a bot plays it on until
        he comes back or the match ends (then the match counts as abandoned for him).
        """
        user = conn.user
        assert user is not None
        async with self.lock:
            mine = self.seat_of_user(user.id)
            self.detach(conn, quiet=True)
            if mine is None:
                return
            s = self.seats[mine]
            for other in list(s.conns):
                self.members.pop(other, None)
                other.tables.pop(self.id, None)
            s.conns.clear()
            s.grace.cancel()
            if self.status == "playing":
                s.left = True
                s.auto = True
            else:
                self.seats[mine] = Seat()
            if not await self._seats_changed():
                return
            self._schedule()
        self.host.counts_changed()

    def detach(self, conn: Conn, quiet: bool = False) -> None:
        """Forget a connection (closed, or leaving); start the grace period of its seat."""
        if conn not in self.members:
            return
        seat = self.members.pop(conn)
        conn.tables.pop(self.id, None)
        if seat is None:
            self.host.tables_changed(self)  # one spectator fewer on the lobby line
            return
        s = self.seats[seat]
        s.conns.discard(conn)
        if s.conns or quiet:
            return
        if self.status == "playing":
            self._start_grace(seat)
        elif self.status in ("waiting", "over"):
            # a seat held by someone who went away frees itself after the grace period
            self._start_vacate(seat)
        self.broadcast_snapshot()
        self.host.counts_changed()

    def _start_vacate(self, seat: int) -> None:
        """Free ``seat`` of a waiting (or finished) table unless its player is back in time."""
        self.seats[seat].grace.start(self.host.settings.grace,
                                     lambda: self._spawn(self._vacate(seat)))

    def _start_grace(self, seat: int) -> None:
        self.seats[seat].grace.start(self.host.settings.grace,
                                     lambda: self._spawn(self._absent(seat)))

    async def _vacate(self, seat: int) -> None:
        async with self.lock:
            s = self.seats[seat]
            if s.kind != "human" or s.conns or self.status not in ("waiting", "over"):
                return
            self.seats[seat] = Seat()
            if not await self._seats_changed():
                return
        self.host.counts_changed()

    async def _seats_changed(self) -> bool:
        """Close the table when no human is left (return False), else save and show the seats."""
        if not self.humans():
            await self.close()
            return False
        await self._save()
        self.broadcast_snapshot()
        return True

    async def _absent(self, seat: int) -> None:
        async with self.lock:
            s = self.seats[seat]
            if s.kind == "human" and not s.conns and self.status == "playing":
                s.auto = True
                self.broadcast_snapshot()
                self._schedule()

    async def back(self, conn: Conn) -> None:
        """Give a seat driven by a bot back to its player."""
        seat = self._seat(conn)
        async with self.lock:
            s = self.seats[seat]
            if s.auto:
                s.auto = False
                self.broadcast_snapshot()
                self._schedule()

    def _seat(self, conn: Conn) -> int:
        seat = self.members.get(conn)
        if seat is None or self.seats[seat].kind != "human" or conn.user is None or \
                self.seats[seat].user_id != conn.user.id:
            raise ProtocolError("not_seated", "you do not sit at this table")
        return seat

    def _may_manage(self, conn: Conn) -> None:
        if self.members.get(conn) is None and (conn.user is None
                                               or conn.user.name != self.owner):
            raise ProtocolError("not_seated", "only players at the table may do that")

    async def seat_all(self, seats: list[Seat]) -> None:
        """Seat a waiting table's players and bots at once (a tournament's round) and store
        it; :meth:`start_if_full` then starts the match."""
        async with self.lock:
            self.seats = seats
            await self._save()

    async def start_if_full(self) -> None:
        """Start the match if every seat is taken and it waits."""
        async with self.lock:
            await self._maybe_start()

    async def add_bot(self, conn: Conn, seat: int, level: str) -> None:
        """Put a bot of ``level`` in an empty seat."""
        self._may_manage(conn)
        if level not in self.host.settings.levels:
            raise ProtocolError("bad_message",
                                f"level must be one of {', '.join(self.host.settings.levels)}")
        async with self.lock:
            if self.status != "waiting":
                raise ProtocolError("table_full", "the match has started")
            if seat >= self.players:
                raise ProtocolError("bad_seat", f"seats go from 0 to {self.players - 1}")
            if self.seats[seat].kind != "empty":
                raise ProtocolError("seat_taken", f"seat {seat} is taken")
            self.seats[seat] = Seat("bot", f"bot:{level}", None, level)
            await self._save()
            self.broadcast_snapshot()
            await self._maybe_start()

    def start_quick_fill(self) -> None:
        """Fill this waiting quick-play table's empty seats with bots of the room's quick-play
        level after ``settings.quick_fill`` seconds, unless people fill them first."""
        settings = self.host.settings
        self.fill_at = self.fill_timer.start(settings.quick_fill,
                                             lambda: self._spawn(self._quick_fill()))

    def claimable(self) -> int | None:
        """Return a seat of this running quick-play match whose bot (put in by the wait) a
        person may take over at the next deal, or None."""
        if self.status != "playing" or self.stopped is not None or self.match is None \
                or self.match.is_over:
            return None
        for i, s in enumerate(self.seats):
            if s.kind == "bot" and s.quick and i not in self.claims:
                return i
        return None

    def claim_of(self, user_id: int) -> int | None:
        """Return the seat ``user_id`` waits to take over here, or None."""
        return next((seat for seat, (uid, _) in self.claims.items() if uid == user_id), None)

    async def claim(self, conn: Conn, seat: int) -> None:
        """Let ``conn``'s user take the quick-play bot's ``seat`` when the deal under way
        ends (never mid-deal); he watches until then."""
        user = conn.user
        assert user is not None
        async with self.lock:
            if self.claimable() != seat and self.claim_of(user.id) != seat:
                raise ProtocolError("table_full", "that seat is not free any more")
            self.claims[seat] = (user.id, user.name)
            self._attach(conn, None)
            self.broadcast_snapshot()

    async def _take_claims(self) -> None:
        """Seat each person waiting for a quick-play bot's seat (the caller holds the lock,
        between two deals): the match's stored players and record name him from now on."""
        assert self.game_id is not None
        for seat, (uid, name) in sorted(self.claims.items()):
            conns = [c for c, s in self.members.items()
                     if s is None and c.user is not None and c.user.id == uid]
            if not conns or self.seats[seat].kind != "bot" or self.seat_of_user(uid) is not None:
                continue  # he went away, or sits elsewhere at this table already
            try:
                await self.host.storage.set_seat_player(self.game_id, seat, uid, name)
            except Exception as e:  # not stored: the bot plays on, he goes on watching
                log.error("table %s: seat %d could not be given to its new player: %s: %s",
                          self.id, seat, type(e).__name__, e)
                continue
            self.seats[seat] = Seat("human", name, uid)
            self.names[seat] = name
            for c in conns:
                self.members[c] = seat
                self.seats[seat].conns.add(c)
        self.claims.clear()
        await self._save()
        self.broadcast_snapshot()
        self.host.counts_changed()

    async def _quick_fill(self) -> None:
        async with self.lock:
            self.fill_at = None
            if self.status != "waiting" or not self.humans():
                return
            level = self.host.settings.quick_level
            for i, s in enumerate(self.seats):
                if s.kind == "empty":
                    self.seats[i] = Seat("bot", f"bot:{level}", None, level, quick=True)
            await self._save()
            self.broadcast_snapshot()
            await self._maybe_start()
        self.host.counts_changed()

    async def remove_bot(self, conn: Conn, seat: int) -> None:
        """Empty a bot's seat while the table waits."""
        self._may_manage(conn)
        async with self.lock:
            if self.status != "waiting":
                raise ProtocolError("table_full", "the match has started")
            if seat >= self.players:
                raise ProtocolError("bad_seat", f"seats go from 0 to {self.players - 1}")
            if self.seats[seat].kind != "bot":
                raise ProtocolError("bad_seat", f"seat {seat} holds no bot")
            self.seats[seat] = Seat()
            await self._save()
            self.broadcast_snapshot()

    async def rematch(self, conn: Conn) -> None:
        """Start a new match at the table once the last one is over."""
        self._seat(conn)
        async with self.lock:
            if self.status != "over":
                raise ProtocolError("not_started" if self.status == "waiting" else "bad_message",
                                    "a rematch is possible only when the match is over")
            if self.tournament:
                raise ProtocolError("bad_message", "a tournament's table plays one match: "
                                    "the tournament draws the next round's tables")
            for i, s in enumerate(self.seats):
                if s.replaced or s.left:  # a player who left the last match is gone
                    self.seats[i] = Seat()
            self.status = "waiting"
            self.match = None
            self.step = 0
            await self._save()
            self.broadcast_snapshot()
            await self._maybe_start()
