"""Thousand (Тысяча, Tysiąc, 1000): rules/thousand.md."""

from kozyr.games.thousand.match import ThousandMatch
from kozyr.games.thousand.rules import ThousandRules

__all__ = ["ThousandMatch", "ThousandRules"]
