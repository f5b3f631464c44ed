"""Piquet (Пикет): rules/piquet.md — two players, 32 cards, the exchange, the declarations,
twelve tricks; the partie of six deals with the rubicon, or (preset ``cent``) a game to 100.

The package, by job: ``rules`` (the rule set), ``actions`` (encoding, record text),
``cardplay`` (legal answer, trick winner, the points of play), ``combinations`` (carte blanche,
point, sequences, sets), ``scoring`` (the cards, the partie's end and settlement), ``state``
(the engine), ``explain`` (why an action is illegal), ``observer`` (what a seat sees,
samples), ``match`` (the Match class).
"""

from kozyr.games.piquet.match import PiquetMatch
from kozyr.games.piquet.rules import PiquetRules

__all__ = ["PiquetMatch", "PiquetRules"]
