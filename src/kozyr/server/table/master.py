"""The TableMaster: the one authority over a table's match and its storage (boardgame.io's Master).

An intent goes through :meth:`TableMaster.intent` in the order of ``Master.onUpdate``:
authenticate (the sender holds that seat) -> it is that seat's turn -> the state id is the
current one -> check (by the engine) -> persist -> apply -> send every recipient its own view.
What a recipient sees of the match is ``match.observation(seat)`` and nothing else: the
match, its seed and its record stay in server memory until the match is over.

The master is built in layers: :class:`~kozyr.server.table.views.TableViews` (what each
connection is sent), :class:`~kozyr.server.table.roster.Roster` (seats, members, grace,
bots), and this module (the match, its clock and bots' moves, storage, restarts).  It talks
to the room only through its :class:`~kozyr.server.table.host.TableHost`.

Every coroutine that changes the table holds ``self.lock``; timers and bot moves re-check the
state id under the lock, so a late timer or bot never acts on a newer state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections import deque
from typing import Any

from kozyr.bots.base import RandomBot
from kozyr.core.errors import IllegalActionError, KozyrError
from kozyr.core.match import Match
from kozyr.core.rules import RuleSet
from kozyr.games import new_match
from kozyr.games.registry import deal_summary_of, settlement_of, spec
from kozyr.server import ratings
from kozyr.server.clock import Timer
from kozyr.server.conn import Conn
from kozyr.server.protocol import CHAT_LENGTH, ProtocolError
from kozyr.server.storage import new_public_id
from kozyr.server.table.host import TableHost
from kozyr.server.table.roster import Roster
from kozyr.server.table.seat import Seat
from kozyr.server.table.timebank import TimeBank

log = logging.getLogger("kozyr.server")
#: chat lines a table keeps (and restores after a restart)
CHAT_HISTORY = 50
#: Where a live table's decks and first dealers come from: the operating system's CSPRNG.
DECK_SOURCE: random.Random = secrets.SystemRandom()
#: The seed of a live match: unused, since every deal is drawn from DECK_SOURCE and stored.
LIVE_SEED = 0


class TableMaster(Roster):
    """One table: options, seats, watchers, the running match and its event counter."""

    def __init__(self, host: TableHost, table_id: str, game: str, rules: RuleSet, players: int,
                 *, private: bool = False, invite: str | None = None,
                 clock: float | None = None, bot_delay: float | None = None, owner: str = "",
                 created: float | None = None, hints: bool = False,
                 quick: bool = False, deals: int | None = None,
                 tournament: str | None = None, bank: float | None = None,
                 increment: float = 0.0) -> None:
        self.host = host
        self.id = table_id
        self.game = game
        self.rules = rules
        self.players = players
        self.private = private
        self.invite = invite
        self.clock = clock
        self.bot_delay = bot_delay
        #: a practice table: hints offered (TableSpec ``hints``), never rated
        self.hints = hints
        #: a quick-play table (Play now): bots fill its empty seats after a wait
        self.quick = quick
        #: a match of this many deals (a tournament's; its leader wins), None: the whole game
        self.deals = deals
        #: the tournament whose round this is (kozyr.server.tournaments): no rematch
        self.tournament = tournament
        self.fill_timer = Timer()
        self.fill_at = None
        self.claims = {}
        self.owner = owner
        self.created = created if created is not None else time.time()
        self.status = "waiting"
        self.seats = [Seat() for _ in range(players)]
        self.members = {}
        self.match = None
        self.game_id = None
        self.game_public = None
        self.names: list[str] = []
        self.step = 0
        self.version = 0
        self.sent_obs = {}
        self.chat_lines = deque(maxlen=CHAT_HISTORY)
        self.events = deque(maxlen=200)
        self.lock = asyncio.Lock()
        self.clock_timer = Timer()
        #: the seats' time banks (TableSpec ``bank``/``increment``; table.timebank)
        self.timebank = TimeBank(bank, increment, players)
        self._retry_timer = Timer()
        self._failures = 0
        self.stopped = None
        self.summary = None
        self._bot_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        #: set by :meth:`shutdown`: no background task starts after it (the store is closing)
        self._shut = False
        self._chat_times: dict[int, deque[float]] = {}
        self._describe = rules.describe()
        #: the record keys of a deal's cards, stored with each deal (GameSpec.card_keys)
        self._card_keys = spec(game).card_keys

    # -- chat ----------------------------------------------------------------------------
    async def chat(self, conn: Conn, text: str) -> None:
        """Relay a chat line to everyone at the table."""
        if conn not in self.members or conn.user is None:
            raise ProtocolError("not_seated", "join or watch the table to chat")
        text = text.strip()
        if not text:
            raise ProtocolError("bad_message", "chat text is empty")
        if len(text) > CHAT_LENGTH:
            raise ProtocolError("chat_too_long", f"chat lines hold at most {CHAT_LENGTH} "
                                "characters")
        now = time.monotonic()
        times = self._chat_times.setdefault(conn.user.id, deque())
        while times and times[0] <= now - 10.0:
            times.popleft()
        if len(times) >= 5:
            raise ProtocolError("rate_limited", "at most 5 chat lines per 10 seconds")
        times.append(now)
        line = {"from": conn.user.name, "text": text, "at": time.time()}
        try:
            await self.host.storage.add_chat(self.id, line)
        except Exception as e:
            log.error("table %s: a chat line could not be stored: %s", self.id,
                      type(e).__name__)
            raise ProtocolError("not_stored", "the server could not store your line; "
                                "send it again") from None
        self.chat_lines.append(line)
        self._publish({"type": "chat", "table": self.id, "line": line})

    # -- the match ------------------------------------------------------------------------
    async def intent(self, conn: Conn, state: int, action: str) -> None:
        """Apply a player's action: turn, state id, legality, persist, then broadcast."""
        seat = self._seat(conn)
        async with self.lock:
            m = self.match
            if self.stopped is not None:
                raise ProtocolError("table_stopped", f"this table is stopped: {self.stopped}")
            if m is None or self.status == "waiting":
                raise ProtocolError("not_started", "the match has not started")
            if self.status == "over" or m.is_over:
                raise ProtocolError("game_over", "the match is over")
            to_act = m.current_player()
            if to_act != seat:
                raise ProtocolError("not_your_turn", "it is not your turn"
                                    if to_act is not None else "nobody is to act now")
            if self.seats[seat].auto:
                raise ProtocolError("not_your_turn", "a bot plays for you; send back first")
            if state != self.step:
                raise ProtocolError("stale_state", f"the table is at state {self.step}, "
                                    f"not {state}; resync", state=self.step)
            try:
                a = m.check(action)  # checked, not applied: it counts only once stored
            except IllegalActionError as e:
                raise ProtocolError("illegal_action", str(e)) from None
            if not await self._store("act", m.action_to_text(a)):
                raise ProtocolError("not_stored", "the server could not store your action, "
                                    "so it did not count; send it again", state=self.step)
            m.apply_action(a)
            self.timebank.moved(seat)
            if not self.seats[seat].played:  # he plays his seat himself (a tournament asks)
                self.seats[seat].played = True
                if self.tournament is not None:  # stored at once only where it counts (a
                    await self._save()  # table row's write per seat and match is costly)
            await self._settle(seat)

    async def _store(self, kind: str, data: str) -> bool:
        """Append the next step to the stored log; return False (and log why) if it failed.

        A step that is not stored never reaches the in-memory match nor anyone's screen:
        the callers check an action (``Match.check``) and apply it only when this is True,
        and deal into a clone they keep only then.
        """
        assert self.game_id is not None
        try:
            await self.host.storage.append_step(self.game_id, self.step, kind, data)
        except Exception as e:
            log.error("table %s: step %d (%s) could not be stored, so it does not count: "
                      "%s: %s", self.id, self.step, kind, type(e).__name__, e)
            return False
        self.step += 1
        self._failures = 0
        return True

    def _retry(self) -> None:
        """Try moving the match on again later (a deal or a bot's move was not stored)."""
        self._failures += 1
        delay = min(30.0, 0.25 * 2 ** min(self._failures, 7))
        step = self.step

        async def again() -> None:
            async with self.lock:
                if self.step == step and self.status == "playing" and self.match is not None:
                    await self._settle(None)

        self._retry_timer.start(delay, lambda: self._spawn(again()))

    async def _settle(self, last: int | None) -> None:
        m = self.match
        assert m is not None and self.game_id is not None
        while True:
            if m.is_over or m.awaiting_deal:
                # A deal has just ended: its summary goes with every state until the next one.
                self.summary = deal_summary_of(m)
            if m.is_over or (m.awaiting_deal and self.deals is not None
                              and len(m.sheet) >= self.deals):
                self._broadcast_state(last)
                await self._finish()
                return
            if m.awaiting_deal:
                if self.step:
                    self._broadcast_state(last)
                if self.claims:  # between deals: people take their quick-play bots' seats
                    await self._take_claims()
                trial = m.clone()
                trial.deal(rng=DECK_SOURCE)
                deal = trial.record_deals()[-1]
                cards = {k: deal[k] for k in self._card_keys if k in deal}
                if not await self._store("deal", json.dumps(cards)):
                    self._retry()
                    return
                self.match = m = trial
                last = None
                if self.timebank.on:  # the banks are stored at each deal's start
                    back = self.timebank.dealt(self.seats)  # out of time: his own again
                    await self._save()
                    if back:
                        self.broadcast_snapshot()
                continue
            self._schedule()
            self._broadcast_state(last)
            return

    def _schedule(self) -> None:
        """Start the bot's move or the move clock of the seat to act."""
        self.clock_timer.cancel()
        self.timebank.stop()
        m = self.match
        if m is None or self.status != "playing" or m.is_over:
            return
        seat = m.current_player()
        if seat is None:
            return
        s = self.seats[seat]
        if s.kind == "bot" or s.auto:
            if self._bot_task is None or self._bot_task.done():
                self._bot_task = self._spawn(self._bot_move(self.step, seat))
        elif self.clock or self.timebank.on:
            step, limit = self.step, self.timebank.start(seat, self.clock, self.step)
            self.clock_timer.start(limit, lambda: self._spawn(self._timeout(step, seat)))

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        if self._shut:  # a timer or a leaving client after shut-down: never runs
            task.cancel()
            return task
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: background task failed: %s", self.id,
                      type(task.exception()).__name__, exc_info=task.exception())

    async def _timeout(self, step: int, seat: int) -> None:
        async with self.lock:
            if self.step != step or self.status != "playing":
                return
            s = self.seats[seat]
            if s.kind == "human" and not s.auto:
                s.auto = True
                if self.timebank.timed_out(seat):  # out of time: stored at once
                    await self._save()
                self.broadcast_snapshot()
                self._schedule()

    async def _bot_move(self, step: int, seat: int) -> None:
        if self.delay > 0:
            await asyncio.sleep(self.delay)
        m = self.match
        if m is None or self.step != step:
            return
        s = self.seats[seat]
        level = s.level if s.kind == "bot" and s.level else "normal"
        seed = DECK_SOURCE.getrandbits(64)  # a bot's own choices are no one's to predict
        try:
            text = await self.host.pool.choose(m, seat, level, seed)
        except Exception as e:  # a broken worker must not stall the table: play at random
            log.error("table %s: bot failed at step %d: %s", self.id, step, type(e).__name__)
            text = m.action_to_text(RandomBot(seed).act(m.view(seat)))
        async with self.lock:
            s = self.seats[seat]
            if (self.match is not m or self.step != step or m.current_player() != seat
                    or not (s.kind == "bot" or s.auto)):
                return
            self._bot_task = None
            try:
                a = m.check(text)
            except IllegalActionError:  # never stall the table: play a random legal action
                log.error("table %s: bot chose an illegal action at step %d", self.id, step)
                a = m.check(RandomBot(seed).act(m.view(seat)))
            if not await self._store("act", m.action_to_text(a)):
                self._retry()
                return
            m.apply_action(a)
            await self._settle(seat)

    async def _maybe_start(self) -> None:
        if self.status != "waiting" or any(s.kind == "empty" for s in self.seats):
            return
        # The live room never deals from a seed (kozyr.core.match): the first dealer and
        # every deck come from the CSPRNG, and the stored steps keep the explicit cards.
        match = new_match(self.game, self.rules, seed=LIVE_SEED,
                          first_dealer=DECK_SOURCE.randrange(self.players))
        self.names = [s.name or "" for s in self.seats]
        public_id = new_public_id()
        self.game_id = await self.host.storage.create_game(
            {"public_id": public_id, "private": self.private,
             "table_id": self.id, "game": self.game, "preset": self.rules.preset,
             "rules": self.rules.to_json(), "seed": LIVE_SEED, "first_dealer": match.first_dealer,
             "players": self.names, "status": "playing", "started": time.time()},
            [(i, s.user_id, s.name or "") for i, s in enumerate(self.seats)])
        self.game_public = public_id
        self.match = match
        self.summary = None
        self.step = 0
        self.status = "playing"
        self.timebank.reset()
        for i, s in enumerate(self.seats):
            s.played = False
            if s.kind == "human" and not s.conns:  # gone while the match was being set up
                self._start_grace(i)
        await self._save()
        self.broadcast_snapshot()
        self.host.counts_changed()
        await self._settle(None)

    async def _finish(self) -> None:
        from kozyr.records import write_record

        m = self.match
        assert m is not None and self.game_id is not None
        self.clock_timer.cancel()
        totals = list(m.totals)
        winner = m.winner if m.is_over else leaders(totals)  # a match of ``deals`` deals
        sheet = [row.to_json() for row in m.sheet]
        pay = settlement(m) if m.is_over else None
        record = write_record(m, self.names, seed=False)
        storage = self.host.storage
        # who left the rated match and did not come back before it ended: it counts as
        # abandoned (a practice table's match is not rated and counts for nothing)
        gone = [] if self.hints else [i for i, s in enumerate(self.seats)
                                      if s.kind == "human" and s.left]
        # (``played`` is stored at once only at a tournament table: only there it counts)
        forfeits = [i for i, s in enumerate(self.seats) if s.kind == "human" and (
            s.left or (self.tournament is not None and not s.played) or i in self.flagged)]
        try:
            game = await storage.game(self.game_id)
            rated: list[Any] = []
            if game is None or game.status != "finished":  # not already (a restart after it)
                await storage.finish_game(self.game_id, {
                    "status": "finished", "finished": time.time(), "totals": totals,
                    "winner": winner, "sheet": sheet, "settlement": pay, "record": record,
                    "forfeits": forfeits},
                    abandoned=gone)
                rated = await self._rate(totals, winner)
            self.status = "over"
            await self._save()
        except Exception as e:  # the result is not stored yet: say nothing, try again later
            log.error("table %s: the finished match could not be stored: %s: %s", self.id,
                      type(e).__name__, e)
            self.status = "playing"
            self._retry()
            return
        for s in self.seats:
            s.grace.cancel()
            s.auto = False
        for i in gone:  # their seats free themselves, as an absent player's at a finished table
            self._start_vacate(i)
        self._publish({"type": "over", "table": self.id, "game_id": self.game_public,
                       "winner": winner, "totals": totals, "sheet": sheet, "settlement": pay,
                       "ratings": rated, "record": f"/api/games/{self.game_public}/record",
                       "time_forfeits": sorted(self.flagged),
                       **m.summary_extras()})  # Thousand's barrel_falls
        self.broadcast_snapshot()
        self.host.counts_changed()

    async def _rate(self, totals: list[int], winner: Any) -> list[Any]:
        if self.hints:  # a practice table with hints is never rated
            return []
        storage = self.host.storage
        preset = self.rules.preset
        uids = [s.user_id for s in self.seats if s.kind == "human" and s.user_id is not None]
        old = await storage.ratings_of(uids, self.game, preset) if uids else {}
        current: list[tuple[float, float] | None] = []
        for s in self.seats:
            r = old.get(s.user_id) if s.kind == "human" and s.user_id is not None else None
            current.append(None if r is None else (r[0], r[1]))
        new = ratings.update(current, ratings.ranks_of(totals, winner))
        out: list[Any] = []
        save: dict[int, tuple[float, float, int]] = {}
        for s, before, after in zip(self.seats, current, new, strict=True):
            if s.kind != "human" or s.user_id is None:
                out.append(None)
                continue
            played = old.get(s.user_id, (0.0, 0.0, 0))[2] + 1
            save[s.user_id] = (after[0], after[1], played)
            b = before or ratings.default()
            shown = ratings.shown(*after)  # what the player is shown (the profile's scale)
            out.append({"name": s.name, "rating": ratings.conservative(*after),
                        "delta": round(ratings.conservative(*after)
                                       - ratings.conservative(*b), 2),
                        "display": shown["display"],
                        "display_delta": shown["display"] - ratings.shown(*b)["display"]})
        if save:
            await storage.save_ratings(self.game, preset, save, game_id=self.game_id)
        return out

    @property
    def flagged(self) -> set[int]:
        """Return the seats that ran out of time (their bank) in the current match."""
        return self.timebank.flagged

    # -- persistence ---------------------------------------------------------------------
    def row(self) -> dict[str, Any]:
        """Return the ``tables`` row of this table."""
        return {"id": self.id, "game": self.game, "preset": self.rules.preset,
                "rules": self.rules.to_json(), "players": self.players,
                "private": self.private, "invite": self.invite, "clock": self.clock,
                "bot_delay": self.bot_delay, "hints": self.hints, "quick": self.quick,
                "deals": self.deals, "tournament": self.tournament, "owner": self.owner,
                "created": self.created, "bank": self.timebank.bank,
                "increment": self.timebank.increment, "banks": self.timebank.stored(),
                "status": self.status, "seats": [s.stored() for s in self.seats],
                "game_id": self.game_id}

    async def _save(self) -> None:
        if self.stopped is None:  # a stopped table's row stays as it was stored
            await self.host.storage.save_table(self.row())

    async def close(self) -> None:
        """Close the table for good: stop it, save it closed, drop it from the lobby.

        The caller holds ``self.lock``.
        """
        self.status = "closed"
        await self.shutdown()
        await self._save()
        for conn in list(self.members):
            self.members.pop(conn, None)
            conn.tables.pop(self.id, None)
        self.host.remove(self)

    async def restore(self, row: Any) -> None:
        """Rebuild the table from its row, replaying the stored steps of a running match.

        Its event counter (``version``) starts again above any it gave before the restart (the
        time in ms): a client that resyncs with the version it held gets the new snapshot
        and everything after it as newer, not as stale (docs/protocol.md §4.6).
        """
        self.version = int(time.time() * 1000)
        self.status = row.status
        self.seats = [Seat(d["kind"], d["name"], d["user_id"], d["level"],
                           replaced=d.get("replaced", False), left=d.get("left", False),
                           quick=d.get("quick", False), played=d.get("played", False))
                      for d in row.seats]
        self.game_id = row.game_id
        if self.game_id is not None:  # the public id of the current (or last) match
            last = await self.host.storage.game(self.game_id)
            self.game_public = last.public_id if last is not None else None
        self.chat_lines.extend(await self.host.storage.chat_lines(self.id, CHAT_HISTORY))
        if self.status not in ("playing", "over") or self.game_id is None:
            # waiting (perhaps every seat filled just before a crash): start if it is full
            self.status = "waiting"
            async with self.lock:
                for i, s in enumerate(self.seats):
                    if s.kind == "human":
                        self._start_vacate(i)
                await self._maybe_start()
            return
        game = await self.host.storage.game(self.game_id)
        if game is None:
            raise RuntimeError(f"table {self.id}: its match {self.game_id} is not stored")
        match = new_match(self.game, self.rules, seed=game.seed, first_dealer=game.first_dealer)
        steps = await self.host.storage.steps(self.game_id)
        for i, (kind, data) in enumerate(steps):
            try:
                if kind == "deal":
                    match.deal(json.loads(data))  # explicit cards: never the seeded path
                else:
                    match.apply(data)
            except (KozyrError, ValueError, TypeError) as e:
                # the reason names no card: it is shown to the table's seats
                raise RuntimeError(f"stored step {i + 1} does not replay "
                                   f"({type(e).__name__})") from None
        self.names = list(game.players)
        self.match = match
        # Only the last deal's end is known again (its sheet row and public observation).
        self.summary = deal_summary_of(match)
        self.step = len(steps)
        self.timebank.load(row.banks)  # as stored at the last deal's start (or seat change)
        if self.status == "over":  # a finished match: its final position, nothing to do
            return
        for i, s in enumerate(self.seats):
            if s.left:  # he left before the restart: the bot plays on at once
                s.auto = True
            elif s.kind == "human":
                self._start_grace(i)
        async with self.lock:
            await self._settle(None)

    def stop(self, reason: str) -> None:
        """Take no more intents (the stored log does not replay); keep the table, say why."""
        self.stopped = reason
        self.clock_timer.cancel()
        self._retry_timer.cancel()
        log.error("table %s stopped: %s", self.id, reason)
        self.host.tables_changed(self)  # its lobby line now says why

    async def shutdown(self) -> None:
        """Stop timers and background tasks (none starts after this)."""
        self._shut = True
        self.clock_timer.cancel()
        self.fill_timer.cancel()
        self._retry_timer.cancel()
        for s in self.seats:
            s.grace.cancel()
        tasks = [t for t in self._tasks if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t


def leaders(totals: list[int]) -> int | list[int]:
    """Return the seat with the highest total, or the seats sharing it (a match cut short).

    >>> leaders([120, 340, 90]), leaders([200, 200, 40])
    (1, [0, 1])
    """
    best = max(totals)
    top = [i for i, t in enumerate(totals) if t == best]
    return top[0] if len(top) == 1 else top


def settlement(m: Match) -> list[int] | None:
    """Return what each seat wins (+) or pays (-) at the end, or None.

    The game's settlement hook (``GameSpec.settlement``) says; a game without one settles
    nothing.  A hook that fails is logged and settles nothing: the match still finishes.
    """
    try:
        pay = settlement_of(m)
    except Exception as e:
        log.error("%s: the settlement failed: %s: %s", m.GAME, type(e).__name__, e)
        return None
    return pay
