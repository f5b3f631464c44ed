"""Tertz (Терц): rules/tertz.md — two players, 32 cards, sequences and fours, first to 501.

The package, by job: ``rules`` (the rule set), ``actions`` (encoding, record text),
``cardplay`` (legal answer, trick winner, card points), ``combinations`` (sequences, fours,
the marriage, their values), ``scoring`` (the deal's split and extras), ``state`` (the
engine), ``explain`` (why an action is illegal), ``observer`` (what a seat sees, samples),
``match`` (the Match class).
"""

from kozyr.games.tertz.match import TertzMatch
from kozyr.games.tertz.rules import TertzRules

__all__ = ["TertzMatch", "TertzRules"]
