"""The game-independent core: errors, rule sets, the Match / observation API, score sheets."""

from kozyr.core.errors import IllegalActionError, KozyrError, RecordError, RulesError
from kozyr.core.match import Match, SeatView
from kozyr.core.rules import RuleSet, option
from kozyr.core.sheet import DealRow

__all__ = [
    "DealRow",
    "IllegalActionError",
    "KozyrError",
    "Match",
    "RecordError",
    "RuleSet",
    "RulesError",
    "SeatView",
    "option",
]
