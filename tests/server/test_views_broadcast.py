"""The table's broadcasts encode once per seat: each connection still gets its own seat's view."""

from __future__ import annotations

import asyncio
import json
import random
from collections import deque
from types import SimpleNamespace
from typing import Any

from kozyr.games import new_match
from kozyr.games.registry import choice_notes, trick_points_of
from kozyr.server.clock import Timer
from kozyr.server.protocol import encode
from kozyr.server.table.patches import apply_patch
from kozyr.server.table.seat import Seat
from kozyr.server.table.timebank import TimeBank
from kozyr.server.table.views import TableViews


class FakeConn:
    """A connection that keeps the texts it is sent."""

    def __init__(self, patches: bool = False) -> None:
        self.texts: list[str] = []
        self.patches = patches

    def send(self, message: dict[str, Any]) -> None:
        self.texts.append(encode(message))

    def send_text(self, text: str) -> None:
        self.texts.append(text)


def _views(members: dict[Any, int | None]) -> TableViews:
    m = new_match("thousand", "classic", seed=3)
    m.deal()
    v = TableViews.__new__(TableViews)
    v.host = SimpleNamespace(settings=SimpleNamespace(bot_delay=0.0))  # type: ignore[assignment]
    v.id, v.game, v.rules, v.players = "t1", "thousand", m.rules, 3
    v.private, v.invite, v.clock, v.bot_delay, v.hints = True, None, None, None, False
    v.quick, v.fill_at, v.claims = False, None, {}
    v.deals, v.tournament = None, None
    v.owner, v.created, v.status = "Ёжик", 0.0, "playing"
    v.seats = [Seat(kind="human", name=n) for n in ("Ёжик", "b", "c")]
    v.members = members
    v.match, v.game_public, v.step, v.version = m, "g1", 0, 0
    v.chat_lines, v.events = deque(), deque()
    v.lock, v.clock_timer, v.stopped, v.summary = asyncio.Lock(), Timer(), None, None
    v._describe = "classic"
    v.timebank = TimeBank(None, 0.0, 3)  # no time bank: ``banks`` null
    v.sent_obs = {}
    return v


def _expected_state(v: TableViews, seat: int | None, last: int | None) -> dict[str, Any]:
    """The ``state`` message of ``seat`` as it was built per connection."""
    m = v.match
    assert m is not None
    to_act = m.current_player()
    legal = m.legal_texts() if seat is not None and seat == to_act else []
    return {"type": "state", "table": v.id, "version": v.version, "state": v.step,
            "seat": seat, "obs": m.observation(seat), "legal": legal, "to_act": to_act,
            "deadline": v.clock_timer.deadline, "last": {"seat": last}, "summary": v.summary,
            "notes": choice_notes(m, seat, legal) if seat is not None and legal else {},
            "trick_points": None if seat is None else trick_points_of(m, seat), "banks": None}


def test_each_connection_gets_its_own_seats_state_and_spectators_share_one() -> None:
    seated = [FakeConn() for _ in range(3)]
    again = FakeConn()  # a second connection of seat 1 (another tab)
    watchers = [FakeConn(), FakeConn()]
    members: dict[Any, int | None] = {watchers[0]: None, seated[0]: 0, seated[1]: 1,
                                      watchers[1]: None, seated[2]: 2, again: 1}
    v = _views(members)
    m = v.match
    assert m is not None
    for step in range(6):  # a few steps: the bidding, the seat to act changing
        acting = m.current_player()
        if step:
            m.apply(m.legal_texts()[0])
        v.step = step
        v._broadcast_state(acting)
        for conn, seat in members.items():
            assert json.loads(conn.texts[-1]) == _expected_state(v, seat, acting)
        assert watchers[0].texts[-1] == watchers[1].texts[-1]  # byte-identical
        assert again.texts[-1] == seated[1].texts[-1]
        texts = {c.texts[-1] for c in (watchers[0], *seated)}
        assert len(texts) == 4  # no seat's text went to another seat or to a watcher
        hands = [json.loads(c.texts[-1])["obs"] for c in seated]
        assert hands[0] != hands[1] != hands[2]


def test_snapshots_and_public_events_keep_each_recipients_message() -> None:
    seated = [FakeConn() for _ in range(3)]
    watchers = [FakeConn(), FakeConn()]
    members: dict[Any, int | None] = {seated[0]: 0, watchers[0]: None, seated[1]: 1,
                                      seated[2]: 2, watchers[1]: None}
    v = _views(members)
    v.broadcast_snapshot()
    for conn, seat in members.items():
        got = json.loads(conn.texts[-1])
        assert got == json.loads(encode(v.snapshot(conn)))
        assert got["seat"] == seat
        assert v.match is not None
        assert got["obs"] == json.loads(json.dumps(v.match.observation(seat)))
        assert "Ёжик" in conn.texts[-1]  # not escaped: the compact, non-ASCII form
    assert watchers[0].texts[-1] == watchers[1].texts[-1]
    assert len({c.texts[-1] for c in (watchers[0], *seated)}) == 4
    v._publish({"type": "chat", "table": v.id, "line": {"name": "Ёжик", "text": "привет"}})
    assert len({c.texts[-1] for c in members}) == 1
    assert json.loads(seated[0].texts[-1])["version"] == v.version


def test_patches_rebuild_each_recipients_observation_exactly() -> None:
    """Through two whole deals of random play (deals, tricks, the sheet growing) a client
    of each seat that asked for patches holds, patch after patch, exactly the observation
    a client without them is sent whole; the patches are much smaller."""
    rng = random.Random(5)
    whole = {seat: FakeConn() for seat in (0, 1, 2, None)}
    patched = {seat: FakeConn(patches=True) for seat in (0, 1, 2, None)}
    members: dict[Any, int | None] = {}
    for seat in whole:
        members[whole[seat]] = seat
        members[patched[seat]] = seat
    v = _views(members)
    m = v.match
    assert m is not None
    v.broadcast_snapshot()  # the snapshot: the first base
    held = {seat: json.loads(patched[seat].texts[-1])["obs"] for seat in patched}
    state = {seat: v.step for seat in patched}
    sizes = [0, 0]
    while len(m.sheet) < 2:
        acting = m.current_player()
        if m.awaiting_deal:
            m.deal(rng=rng)
        else:
            m.apply(rng.choice(m.legal_actions()))
        v.step += 1
        v._broadcast_state(acting)
        for seat in patched:
            full = json.loads(whole[seat].texts[-1])
            got = json.loads(patched[seat].texts[-1])
            assert "patch" not in full and "obs" not in got and got["base"] == state[seat]
            assert {k: x for k, x in got.items() if k not in ("base", "patch")} == {
                k: x for k, x in full.items() if k != "obs"}
            held[seat] = apply_patch(held[seat], got["patch"])
            state[seat] = got["state"]
            assert held[seat] == full["obs"]
            sizes[0] += len(whole[seat].texts[-1])
            sizes[1] += len(patched[seat].texts[-1])
    assert sizes[1] < sizes[0] / 3, sizes
    # a new match (another game id): the next state is whole again
    v.game_public = "g2"
    v.step += 1
    v._broadcast_state(None)
    assert "obs" in json.loads(patched[0].texts[-1])
