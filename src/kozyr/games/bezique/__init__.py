"""Bezique (Безик): rules/bezique.md — two players, two packs, declarations, to 1000.

The package, by job: ``rules`` (the rule set), ``actions`` (encoding, record text),
``cardplay`` (cards with their copy, tricks, brisques), ``combinations`` (kinds, values, the
rules of reusing cards), ``deal`` (dealing, a record's cards), ``state`` (the engine),
``explain`` (why an action is illegal), ``observer`` (what a seat sees, samples), ``match``.
"""

from kozyr.games.bezique.match import BeziqueMatch
from kozyr.games.bezique.rules import BeziqueRules

__all__ = ["BeziqueMatch", "BeziqueRules"]
