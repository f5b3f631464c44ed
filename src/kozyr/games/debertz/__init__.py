"""Debertz (Деберц): rules/debertz.md — 2, 3 or 4 players (pairs), melds, bella, bait.

The package, by job: ``rules`` (the rule set), ``actions`` (encoding, record text, phases),
``cardplay`` (legal card, trick winner, card points), ``melds`` (runs and their values),
``scoring`` (deal points, deal and match scores), ``state`` (the engine), ``explain`` (why an
action is illegal), ``observer`` (what a seat sees, samples), ``match`` (the Match class).
"""

from kozyr.games.debertz.match import DebertzMatch
from kozyr.games.debertz.rules import DebertzRules

__all__ = ["DebertzMatch", "DebertzRules"]
