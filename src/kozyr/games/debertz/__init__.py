"""Debertz (Деберц): rules/debertz.md — 2, 3 or 4 players (pairs), melds, bella, bait."""

from kozyr.games.debertz.rules import DebertzRules
from kozyr.games.debertz.state import DebertzMatch

__all__ = ["DebertzMatch", "DebertzRules"]
