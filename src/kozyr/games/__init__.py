"""The games kozyr plays, by name, as the registry (:mod:`kozyr.games.registry`) lists them.

``GAMES`` maps each game's name to its ``"module:MatchClass"`` (derived from the registry,
kept for callers that want a plain mapping).
"""

from __future__ import annotations

from typing import Any

from kozyr.core.match import Match
from kozyr.core.rules import RuleSet
from kozyr.games.registry import spec, specs


def __getattr__(name: str) -> Any:
    """Return ``GAMES``, built from the registry when first asked for."""
    if name == "GAMES":
        return {s.name: s.match for s in specs()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def match_class(game: str) -> type[Match]:
    """Return the Match class of ``game``; raise RulesError for an unknown game."""
    return spec(game).match_class()


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
