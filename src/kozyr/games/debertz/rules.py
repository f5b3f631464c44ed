"""Debertz's rule set: every named option of rules/debertz.md with its default, and the presets.

>>> r = DebertzRules.from_preset("debertz4")
>>> (r.players, r.target, r.seven_swap)
(4, 501, False)
>>> DebertzRules.from_preset("debertz_big").players
3
>>> DebertzRules.from_preset("debertz3", players=4).seven_swap
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from kozyr.core.errors import RulesError
from kozyr.core.rules import RuleSet, option


@dataclass(frozen=True)
class DebertzRules(RuleSet):
    """The conventions of one Debertz table.  Field names follow rules/debertz.md."""

    GAME: ClassVar[str] = "debertz"
    DEFAULT_PRESET: ClassVar[str] = "debertz3"

    # §2 the match
    players: int = option(3, "Number of players (4: partners opposite, 0+2 against 1+3)",
                          (2, 3, 4), words="{} players")
    target: int = option(501, "Score that wins the match", minimum=50, maximum=10000,
                         words="game to {}")
    ante: int = option(0, "Stake each player puts in before the match, paid to the winner",
                       minimum=0, maximum=1000000, words="ante {}")
    # §3 deal and bidding
    obligation: bool = option(False, "The dealer, last in round 2, may not pass",
                              words="the dealer must name a trump in round 2")
    seven_swap: bool = option(True, "The holder of the trump 7 may swap it for the turned card "
                              "(not with 4 players)", words="seven swap")
    cutter_visible: bool = option(True, "The bottom card of the stock is shown after the second "
                                  "deal (nothing is left with 4 players)", words="cutter shown")
    # §4 melds
    natural_sequence_order: bool = option(False, "Sequences follow 7 8 9 10 J Q K A instead of "
                                          "the rank order", words="natural sequence order")
    bella_after_trick: bool = option(False, "Bella may be announced only after the side has won "
                                     "a trick", words="bella only after a trick")
    # §5 play
    first_lead: str = option("declarer", "Who leads the first trick",
                             ("declarer", "left_of_dealer"), words="first lead: {}")
    # §6 scoring
    skate_penalty: int = option(50, "What a player (team) taking no trick loses",
                                minimum=0, maximum=1000, words="skate {}")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "debertz2": {"players": 2, "target": 301},
        "debertz3": {"players": 3, "target": 501},
        "debertz4": {"players": 4, "target": 501, "seven_swap": False},
        "debertz_big": {"players": 3, "target": 1001},
    }

    @classmethod
    def from_values(cls, preset: str, values: Mapping[str, Any]) -> Self:
        """Validate ``values`` and build the rule set; 4 players turn the seven swap off.

        The seven swap does not exist with 4 players (the declarer takes the turned card), so
        a preset switched to 4 players drops it unless ``seven_swap`` is given explicitly.
        """
        if values.get("players") == 4 and "seven_swap" not in values:
            values = {**values, "seven_swap": False}
        return super().from_values(preset, values)

    @property
    def teams(self) -> bool:
        """Return True when partners play as teams (4 players)."""
        return self.players == 4

    def validate(self) -> None:
        """Refuse combinations that cannot be played."""
        if self.players == 4 and self.seven_swap:
            raise RulesError("debertz: there is no seven swap with 4 players (the declarer takes "
                             "the turned card); set seven_swap=false")
