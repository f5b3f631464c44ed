"""A TournamentSpec (docs/protocol.md §4.9), checked: every refusal says which field and why."""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from kozyr.server.lobby import parse_spec
from kozyr.server.protocol import ProtocolError
from kozyr.server.table.timebank import parse_time

KINDS = ("knockout", "swiss")
_KEYS = frozenset({"name", "game", "preset", "options", "kind", "rounds", "deals", "clock",
                   "bank", "increment", "private", "capacity", "start_at"})
#: the marks and overrides of writing direction, which would turn the text around them
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: how far ahead a start time may be
MAX_AHEAD = 30 * 86400.0


@dataclass(frozen=True)
class TournamentSpec:
    """A checked TournamentSpec."""

    name: str
    game: str
    preset: str
    rules: Any
    players: int
    kind: str
    rounds: int | None
    deals: int | None
    clock: float | None
    bank: float | None
    increment: float
    private: bool
    capacity: int
    start_at: float | None


def _whole(spec: dict[str, Any], name: str, lo: int, hi: int, default: int | None
           ) -> int | None:
    v = spec.get(name, default)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ProtocolError("bad_message", f"{name} must be a whole number from {lo} to {hi}")
    return v


def parse_tournament(spec: Any, now: float | None = None) -> TournamentSpec:
    """Check a TournamentSpec; raise ProtocolError (``bad_message``/``bad_rules``)."""
    if not isinstance(spec, dict):
        raise ProtocolError("bad_message", "spec must be an object")
    extra = set(spec) - _KEYS
    if extra:
        raise ProtocolError("bad_message", f"spec has no field(s) {', '.join(sorted(extra))}")
    name = spec.get("name")
    if not isinstance(name, str) or not 3 <= len(name.strip()) <= 40:
        raise ProtocolError("bad_message", "name must be 3-40 characters")
    if any(unicodedata.category(ch) == "Cc" or ch in _BIDI for ch in name):
        raise ProtocolError("bad_message", "name must hold no control characters (a line "
                            "break, an escape, a change of writing direction)")
    table = {k: spec[k] for k in ("game", "preset", "options", "clock") if k in spec}
    game, rules, players, _, clock, _ = parse_spec(table)
    bank, increment = parse_time(spec)
    kind = spec.get("kind", "knockout")
    if kind not in KINDS:
        raise ProtocolError("bad_message", f"kind must be one of {', '.join(KINDS)}")
    if kind == "swiss":
        rounds = _whole(spec, "rounds", 1, 9, 3)
    elif spec.get("rounds") is not None:
        raise ProtocolError("bad_message", "rounds is for a Swiss tournament; a knockout "
                            "takes as many as its players need")
    else:
        rounds = None
    deals = _whole(spec, "deals", 1, 20, None)
    capacity = _whole(spec, "capacity", 2, 64, 8)
    assert capacity is not None
    private = spec.get("private", False)
    if not isinstance(private, bool):
        raise ProtocolError("bad_message", "private must be true or false")
    start_at = spec.get("start_at")
    if start_at is not None:
        now = time.time() if now is None else now
        if (isinstance(start_at, bool) or not isinstance(start_at, int | float)
                or not now < start_at <= now + MAX_AHEAD):
            raise ProtocolError("bad_message", "start_at must be null (start when full) or a "
                                "time (epoch seconds) in the next 30 days")
        start_at = float(start_at)
    return TournamentSpec(name=" ".join(name.split()), game=game, preset=rules.preset,
                          rules=rules.to_json(), players=players, kind=kind, rounds=rounds,
                          deals=deals, clock=clock, bank=bank, increment=increment,
                          private=private, capacity=capacity,
                          start_at=start_at)
