"""Thousand (Тысяча, Tysiąc, 1000): rules/thousand.md."""

from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.state import ThousandMatch

__all__ = ["ThousandMatch", "ThousandRules"]
