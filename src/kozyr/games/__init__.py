"""The games kozyr plays, by name: a rule-set class and a Match class for each."""

from __future__ import annotations

import importlib
from typing import Any

from kozyr.core.errors import RulesError
from kozyr.core.match import Match
from kozyr.core.rules import RuleSet

#: game name -> "module:MatchClass"
GAMES: dict[str, str] = {
    "thousand": "kozyr.games.thousand:ThousandMatch",
    "debertz": "kozyr.games.debertz:DebertzMatch",
    "tertz": "kozyr.games.tertz:TertzMatch",
}


def match_class(game: str) -> type[Match]:
    """Return the Match class of ``game``; raise RulesError for an unknown game."""
    if game not in GAMES:
        raise RulesError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    module, _, name = GAMES[game].partition(":")
    cls: type[Match] = getattr(importlib.import_module(module), name)
    return cls


def rules_class(game: str) -> type[RuleSet]:
    """Return the RuleSet class of ``game``."""
    return match_class(game).RULES


def new_match(game: str, rules: Any = None, *, seed: int = 0,
              first_dealer: int | None = None) -> Match:
    """Start a match of ``game`` with ``rules`` (a RuleSet, a preset name or record rules)."""
    cls = match_class(game)
    rs = rules if isinstance(rules, RuleSet) else cls.RULES.from_json(rules)
    return cls(rs, seed=seed, first_dealer=first_dealer)  # type: ignore[call-arg]


def make_rules(game: str, preset: str | None = None, overrides: list[str] | None = None) -> RuleSet:
    """Build ``game``'s rule set from a preset name and ``name=value`` overrides (CLI form)."""
    cls = rules_class(game)
    values = dict(cls.parse_override(o) for o in overrides or [])
    return cls.from_preset(preset, **values)
