"""Tertz (Терц): rules/tertz.md — two players, 32 cards, sequences and fours, first to 501."""

from kozyr.games.tertz.rules import TertzRules
from kozyr.games.tertz.state import TertzMatch

__all__ = ["TertzMatch", "TertzRules"]
