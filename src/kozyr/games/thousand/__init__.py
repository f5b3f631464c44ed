"""Thousand (Тысяча, Tysiąc, 1000): rules/thousand.md."""

from kozyr.games.thousand.rules import ThousandRules

__all__ = ["ThousandRules"]
