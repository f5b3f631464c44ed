"""What each connection at a table is sent: the table's info, snapshots, states, public events.

A recipient sees of the match ``match.observation(seat)`` and nothing else (its own seat's,
or the public one of a spectator); only the seat to act gets its legal actions.  Every
message carries the table's ``version``, bumped once per message sent to all, so a client
that reconnects gets what it missed (``resync`` replays :attr:`TableViews.events`).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from kozyr.core.match import Match
from kozyr.core.rules import RuleSet
from kozyr.games.registry import choice_notes, spec, trick_points_of
from kozyr.server.clock import Timer
from kozyr.server.conn import Conn
from kozyr.server.protocol import encode
from kozyr.server.table.host import TableHost
from kozyr.server.table.patches import obs_patch
from kozyr.server.table.seat import Seat
from kozyr.server.table.timebank import TimeBank


def hides(conn: Conn, message: dict[str, Any]) -> bool:
    """Return True if ``message`` is a chat line of a user ``conn``'s user blocks (people:
    :attr:`Conn.ignored`); such a line is never sent to him, live or replayed."""
    ignored: set[str] = getattr(conn, "ignored", set())
    return bool(ignored) and message.get("type") == "chat" \
        and message["line"].get("from") in ignored


def _heard(conn: Conn, lines: Any) -> list[dict[str, Any]] | None:
    """Return the chat lines ``conn`` may see if it blocks someone who said one, else None."""
    ignored: set[str] = getattr(conn, "ignored", set())
    if not ignored or not any(line.get("from") in ignored for line in lines):
        return None
    return [line for line in lines if line.get("from") not in ignored]


class TableViews:
    """The views of a table; its state is set up by :class:`~kozyr.server.table.TableMaster`.

    The attributes declared here are the ones the views read.
    """

    host: TableHost
    id: str
    game: str
    rules: RuleSet
    players: int
    private: bool
    invite: str | None
    clock: float | None
    bot_delay: float | None
    hints: bool
    #: a quick-play table (Play now), and when bots fill its empty seats (epoch s) or None
    quick: bool
    fill_at: float | None
    fill_timer: Timer
    #: Play now: seats whose quick-play bot a person takes over when the deal under way
    #: ends, seat -> (user id, name); kept in memory only
    claims: dict[int, tuple[int, str]]
    #: a match of this many deals, or None; the tournament of the table, or None
    deals: int | None
    tournament: str | None
    owner: str
    created: float
    status: str
    seats: list[Seat]
    #: every connection at the table, with its seat (None: a spectator)
    members: dict[Conn, int | None]
    match: Match | None
    #: the current (or last) match's public id, the one URLs and messages carry
    game_public: str | None
    #: the number of steps stored (and applied): the state id of ``intent``
    step: int
    version: int
    chat_lines: deque[dict[str, Any]]
    #: the public events (chat, over) with their versions, replayed by ``resync``
    events: deque[tuple[int, dict[str, Any]]]
    lock: asyncio.Lock
    clock_timer: Timer
    #: the seats' time banks (table.timebank)
    timebank: TimeBank
    #: why the table takes no intents (its stored log does not replay), or None
    stopped: str | None
    #: the summary of the match's last finished deal (registry.deal_summary_of), or None
    summary: dict[str, Any] | None
    #: each seat's (spectators: None) last observation sent, with its match and state id:
    #: the base of the next ``state`` patch (table.patches)
    sent_obs: dict[int | None, tuple[str | None, int, Any]]
    _describe: str

    def info(self) -> dict[str, Any]:
        """Return the protocol's ``TableInfo``."""
        return {
            "id": self.id, "game": self.game, "web": spec(self.game).web,
            "preset": self.rules.preset,
            "rules": self.rules.as_dict(), "record_rules": self.rules.to_json(),
            "describe": self._describe, "players": self.players, "private": self.private,
            "clock": self.clock, "bot_delay": self.delay, "hints": self.hints,
            "rated": not self.hints, "quick": self.quick, "fill_at": self.fill_at,
            "claims": [{"seat": s, "name": n} for s, (_, n) in sorted(self.claims.items())],
            "status": self.status,
            "seats": [s.to_json(i) for i, s in enumerate(self.seats)],
            "spectators": sum(1 for s in self.members.values() if s is None),
            "owner": self.owner, "game_id": self.game_public, "created": self.created,
            "stopped": self.stopped, "deals": self.deals, "tournament": self.tournament,
            "bank": self.timebank.bank, "increment": self.timebank.increment,
        }

    @property
    def delay(self) -> float:
        """Return the pause before a bot's move."""
        return self.host.settings.bot_delay if self.bot_delay is None else self.bot_delay

    def _view(self, seat: int | None) -> tuple[Any, list[str], int | None]:
        m = self.match
        if m is None:
            return None, [], None
        to_act = m.current_player()
        obs = m.observation(seat)
        return obs, obs["legal"], to_act  # (every game's observation holds the acting seat's)

    def _trick_points(self, seat: int | None) -> int | None:
        """Return the card points of the tricks a seated viewer's side has taken, or None."""
        if self.match is None or seat is None:
            return None
        return trick_points_of(self.match, seat)

    def _notes(self, seat: int | None, legal: list[str],
               obs: dict[str, Any] | None = None) -> dict[str, Any]:
        """Return what the acting seat's choices mean (registry.choice_notes), else {}."""
        if self.match is None or seat is None or not legal:
            return {}
        return choice_notes(self.match, seat, legal, obs)

    def snapshot(self, conn: Conn) -> dict[str, Any]:
        """Return the ``table`` message for one recipient (its own observation)."""
        return self._snapshot_of(self.members.get(conn), self.info(),
                                 _heard(conn, self.chat_lines))

    def _snapshot_of(self, seat: int | None, info: dict[str, Any],
                     chat: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Return the ``table`` message of a seat (None: a spectator), with ``info`` (and
        ``chat`` for a recipient who blocks someone, else every line)."""
        obs, legal, to_act = self._view(seat)
        self.sent_obs[seat] = (self.game_public, self.step, obs)
        return {"type": "table", "table": info, "seat": seat, "version": self.version,
                "state": self.step, "obs": obs, "legal": legal, "to_act": to_act,
                "deadline": self.clock_timer.deadline,
                "chat": list(self.chat_lines) if chat is None else chat,
                "summary": self.summary, "notes": self._notes(seat, legal, obs),
                "trick_points": self._trick_points(seat), "banks": self.timebank.shown()}

    def _bump(self) -> int:
        self.version += 1
        return self.version

    def broadcast_snapshot(self) -> None:
        """Send every member a fresh ``table`` snapshot (seats or status changed).

        The snapshot is built and encoded once per seat (spectators share one); a seat's
        text goes only to that seat's own connections.
        """
        self._bump()
        if self.members:  # (with nobody at the table only the lobby's line is built)
            info = self.info()
            texts: dict[int | None, str] = {}
            for conn, seat in list(self.members.items()):
                heard = _heard(conn, self.chat_lines)
                if heard is not None:  # he blocks someone who spoke: his own snapshot
                    conn.send(self._snapshot_of(seat, info, heard))
                    continue
                if seat not in texts:
                    texts[seat] = encode(self._snapshot_of(seat, info))
                conn.send_text(texts[seat])
        if not self.private:
            self.host.tables_changed(self)

    def _broadcast_state(self, last_seat: int | None) -> None:
        """Send every member the ``state`` after a step.

        The view (observation, legal actions, notes, trick points) is computed once per
        seat, spectators (seat None) sharing one, and encoded once per seat and kind: whole,
        or as a patch of the seat's last observation sent for the connections that asked
        for patches (table.patches); a seat's texts go only to that seat's own connections.
        """
        version = self._bump()
        texts: dict[tuple[int | None, bool], str] = {}
        states: dict[int | None, tuple[dict[str, Any], Any]] = {}
        deadline, banks = self.clock_timer.deadline, self.timebank.shown()
        for conn, seat in list(self.members.items()):
            key = (seat, conn.patches)
            text = texts.get(key)
            if text is None:
                if seat not in states:
                    obs, legal, to_act = self._view(seat)
                    states[seat] = ({
                        "type": "state", "table": self.id, "version": version,
                        "state": self.step, "seat": seat, "legal": legal, "to_act": to_act,
                        "deadline": deadline, "last": {"seat": last_seat},
                        "summary": self.summary, "notes": self._notes(seat, legal, obs),
                        "trick_points": self._trick_points(seat), "banks": banks}, obs)
                message, obs = states[seat]
                text = texts[key] = encode(self._patched(seat, message, obs) if key[1]
                                           else {**message, "obs": obs})
            conn.send_text(text)
        for seat, (_, obs) in states.items():
            self.sent_obs[seat] = (self.game_public, self.step, obs)

    def _patched(self, seat: int | None, message: dict[str, Any], obs: Any
                 ) -> dict[str, Any]:
        """Return the ``state`` ``message`` with ``obs`` as a patch of the seat's last
        observation sent (``base``: its state id), or whole if there is none to patch."""
        game, base, old = self.sent_obs.get(seat, (None, -1, None))
        patch = obs_patch(old, obs) if game == self.game_public else None
        if patch is None:
            return {**message, "obs": obs}
        return {**message, "base": base, "patch": patch}

    def _publish(self, message: dict[str, Any]) -> None:
        """Send a public event (chat, over) to every member and keep it for resync (a chat
        line goes to nobody who blocks its sayer)."""
        message["version"] = self._bump()
        self.events.append((self.version, message))
        text = encode(message)
        for conn in list(self.members):
            if not hides(conn, message):
                conn.send_text(text)
