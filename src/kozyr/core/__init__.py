"""The game-independent core: errors, rule sets, the Match / observation API, score sheets.

And the machinery every game shares, each written once: ``dealing`` (the first dealer's lot,
seeded and drawn shuffles, reading a record's piles), ``sampling`` (dealing the cards a seat
cannot see, consistently with what it knows), ``resampling`` (the resample template),
``cloning`` (copies and pickling of slot-based matches), ``observation`` (the shared keys).
"""

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
