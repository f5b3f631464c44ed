"""Game records (spec/records.md): read, validate, replay and write them.

A record is a JSON object: ``format`` (2; 1 is still read), ``game``, ``rules`` (a preset name
or a preset plus overrides), ``players`` (names, one per seat), ``first_dealer``, ``seed`` and
``deals``; each deal gives its cards explicitly (``hands`` and ``talon`` or ``stock``) or not
at all (then they come from the seed and the deal's index), and its ``actions`` in record
notation.

>>> rec = {"game": "thousand", "rules": "classic", "players": ["a", "b", "c"],
...        "first_dealer": 0, "seed": 1, "deals": []}
>>> replay_record(rec).match.deal_index
0
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any

from kozyr.core.errors import IllegalActionError, KozyrError, RecordError, RulesError
from kozyr.core.match import Match
from kozyr.games.registry import names, settlement_of, spec

FORMAT = 2
#: The formats this kozyr reads (1: before rules/thousand.md §11 changed ``online`` and
#: ``tysiac``; a record without ``format`` is format 1).
READABLE_FORMATS = (1, 2)


def deal_cards(game: str, deal: dict[str, Any]) -> dict[str, Any]:
    """Return the card piles of one record deal (the game's ``GameSpec.card_keys``).

    >>> deal_cards("tertz", {"hands": ["7S", "8S"], "stock": "9S", "actions": ["play 7S"]})
    {'hands': ['7S', '8S'], 'stock': '9S'}
    """
    return {k: deal[k] for k in spec(game).card_keys if k in deal}


_TOP_KEYS = {"format", "game", "rules", "players", "first_dealer", "seed", "deals"}


class ReplayError(KozyrError):
    """An action of a record that cannot be applied; says which deal and action, and why."""

    def __init__(self, deal: int, action: int, text: str, why: str) -> None:
        self.deal, self.action, self.text, self.why = deal, action, text, why
        super().__init__(f"deal {deal}, action {action} ({text!r}): {why}")


@dataclass
class Replay:
    """The result of replaying a record: the match at the record's end and the players."""

    match: Match
    players: list[str]

    def summary(self) -> dict[str, Any]:
        """Return the score sheet in the JSON shape of ``kozyr replay --json``."""
        m = self.match
        return {
            "deals": [row.to_json() for row in m.sheet],
            "totals": list(m.totals),
            "winner": m.winner,
            "complete": m.is_over,
            "open_deal": m.open_deal(),
            "settlement": settlement_of(m),
            **m.summary_extras(),
        }


def load_record(text: str, source: str = "record") -> dict[str, Any]:
    """Parse a record's JSON text; raise RecordError naming the line and column of bad JSON."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{source}: not valid JSON (line {e.lineno}, column {e.colno}: "
                          f"{e.msg})") from None
    if not isinstance(obj, dict):
        raise RecordError(f"{source}: a record is a JSON object, not {type(obj).__name__}")
    return obj


def read_record_file(path: str) -> dict[str, Any]:
    """Read and parse the record at ``path`` ('-': stdin); raise RecordError if unreadable."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    return load_record(text, source=path)


def new_match_for(obj: dict[str, Any]) -> tuple[Match, list[str]]:
    """Validate a record's header and return a fresh match for it and the players' names."""
    unknown = set(obj) - _TOP_KEYS
    if unknown:
        raise RecordError(f"unknown record key(s): {', '.join(sorted(unknown))}")
    fmt = obj.get("format", 1)
    if isinstance(fmt, bool) or fmt not in READABLE_FORMATS:
        raise RecordError(f"record format {fmt!r} is not supported (this kozyr reads formats "
                          f"{', '.join(map(str, READABLE_FORMATS))})")
    game = obj.get("game")
    if not isinstance(game, str) or game not in names():
        raise RecordError(f"record 'game' must be one of {', '.join(names())}, not {game!r}")
    cls = spec(game).match_class()
    try:
        rules = cls.RULES.from_json(obj.get("rules"), record_format=fmt)
    except RulesError as e:
        raise RecordError(f"record 'rules': {e}") from None
    n = int(getattr(rules, "players", 2))
    players = obj.get("players")
    if players is None:
        players = [f"seat {i}" for i in range(n)]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("record 'players' must be a list of names")
    if len(players) != n:
        raise RecordError(f"record 'players' names {len(players)} players but the rules are "
                          f"for {n}")
    seed = obj.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"record 'seed' must be a whole number, not {seed!r}")
    first = obj.get("first_dealer")
    if first is None and getattr(cls, "FIRST_DEALER_REQUIRED", False):  # Bezique §10.P.15
        raise RecordError(f"record 'first_dealer' is required in {game} (a seat from 0 to "
                          f"{n - 1})")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                              or not 0 <= first < n):
        raise RecordError(f"record 'first_dealer' must be a seat from 0 to {n - 1}, not {first!r}")
    match = cls(rules, seed=seed, first_dealer=first)  # type: ignore[call-arg]
    return match, players


def replay_record(obj: dict[str, Any]) -> Replay:
    """Replay a record through the engine and return the match at its end.

    Raise RecordError for a malformed record and ReplayError for an illegal action.
    """
    match, players = new_match_for(obj)
    keys = spec(match.GAME).card_keys
    deals = obj.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("record 'deals' must be a list")
    for d, deal in enumerate(deals, start=1):
        if not isinstance(deal, dict):
            raise RecordError(f"deal {d}: a deal is an object with 'actions'")
        unknown = set(deal) - set(keys) - {"actions"}
        if unknown:
            raise RecordError(f"deal {d}: unknown key(s) {', '.join(sorted(unknown))}")
        actions = deal.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(f"deal {d}: 'actions' must be a list of strings")
        # name the deal and its first action (a deal without actions: action 1, the next one)
        where = f"deal {d}, action 1" + (f" ({actions[0]!r})" if actions else "")
        if match.is_over:
            raise RecordError(f"{where}: the match was already over after deal {d - 1}")
        if not match.awaiting_deal:
            raise RecordError(f"{where}: deal {d - 1} stops before its end, but deal {d} "
                              "follows")
        cards = deal_cards(match.GAME, deal)
        try:
            match.deal(cards or None)
        except RecordError as e:
            raise RecordError(f"deal {d}: {e}") from None
        for i, text in enumerate(actions, start=1):
            if match.awaiting_deal or match.is_over:
                raise ReplayError(d, i, text, "the deal is already over")
            try:
                match.apply_recorded(text)
            except IllegalActionError as e:
                raise ReplayError(d, i, text, str(e)) from None
    return Replay(match, players)


def write_record(match: Match, players: list[str] | None = None, *, seed: bool = True
                 ) -> dict[str, Any]:
    """Return the game record of ``match`` so far (explicit cards for every deal).

    ``seed=False`` leaves the seed out: a live table's deals are drawn from the CSPRNG
    (kozyr.core.match), so its seed says nothing and must not look like a key to them.
    """
    names = players if players is not None else [f"seat {i}" for i in range(match.players)]
    out = {
        "format": FORMAT,
        "game": match.GAME,
        "rules": match.rules.to_json(),
        "players": list(names),
        "first_dealer": match.first_dealer,
        "seed": match.seed,
        "deals": match.record_deals(),
    }
    if not seed:
        del out["seed"]
    return out


def dump_record(record: dict[str, Any]) -> str:
    """Return a record as JSON text: one deal's cards and actions compact, readable overall."""
    return json.dumps(record, ensure_ascii=False, indent=1)
