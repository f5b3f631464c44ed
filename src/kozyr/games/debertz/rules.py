"""Debertz's rule set: every named option of rules/debertz.md with its default, and the presets.

>>> r = DebertzRules.from_preset("debertz4")
>>> (r.players, r.target, r.seven_swap)
(4, 501, False)
>>> DebertzRules.from_preset("debertz_big").players
3
>>> DebertzRules.from_preset("debertz3", players=4).seven_swap
False
>>> app = DebertzRules.from_preset("debertz_app")
>>> (app.players, app.overtrump, app.declarer_must_beat, app.bait_to, app.hanging_bait_to)
(3, 'trump_lead', 'each_defender', 'top', 'next_top')

The options of rules/debertz.md §9 (``overtrump``, ``first_lead`` = ``previous_top``,
``declarer_must_beat``, ``bait_to``, ``hanging_bait_to``) default to the rules of §1-8, so the
presets ``debertz2``, ``debertz3``, ``debertz4`` and ``debertz_big`` are what they were; they are
named by :meth:`~kozyr.core.rules.RuleSet.describe` only when they differ from their default.
``ante`` is a stake in the table's units, never points: it is settled when the match is complete
(:func:`kozyr.games.debertz.spec.settle`, §9.2).
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
    ante: int = option(0, "Stake each player puts in before the match (units of the table's "
                       "stake); the winning side takes the pot", minimum=0, maximum=1000000,
                       words="ante {}")
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
    first_lead: str = option("declarer", "Who leads the first trick (previous_top: the side "
                             "with the highest written score in the previous played deal)",
                             ("declarer", "left_of_dealer", "previous_top"),
                             words="first lead: {}")
    overtrump: str = option("always", "When a higher trump must be played if held: whenever "
                            "trump is led or a void player trumps, or only on a trump lead",
                            ("always", "trump_lead"), words="overtrump: {}")
    # §6 scoring
    skate_penalty: int = option(50, "What a player (team) taking no trick loses",
                                minimum=0, maximum=1000, words="skate {}")
    declarer_must_beat: str = option("defenders_together", "The declarer makes his deal by "
                                     "scoring more than the defenders together, or than each "
                                     "defender", ("defenders_together", "each_defender"),
                                     words="declarer must beat {}")
    bait_to: str = option("split", "A baited declarer's points: split between the defenders, "
                          "or whole to the defender with the most points", ("split", "top"),
                          words="bait to {}")
    hanging_bait_to: str = option("next_contract", "A hanging bait's pot goes to the next "
                                  "deal's contract winner, or to the side with the highest "
                                  "written score of a later deal", ("next_contract", "next_top"),
                                  words="hanging bait to {}")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "debertz2": {"players": 2, "target": 301},
        "debertz3": {"players": 3, "target": 501},
        "debertz4": {"players": 4, "target": 501, "seven_swap": False},
        "debertz_big": {"players": 3, "target": 1001},
        # §9.7: the mobile app's table
        "debertz_app": {"players": 3, "target": 501, "first_lead": "left_of_dealer",
                        "natural_sequence_order": True, "declarer_must_beat": "each_defender",
                        "bait_to": "top", "hanging_bait_to": "next_top",
                        "overtrump": "trump_lead"},
    }

    #: Bundles turning §9's options on, for the conformance suite (besides every preset).
    BUNDLES: ClassVar[dict[str, dict[str, Any]]] = {
        "conventions3": {"preset": "debertz3", "first_lead": "previous_top",
                         "overtrump": "trump_lead", "declarer_must_beat": "each_defender",
                         "bait_to": "top", "hanging_bait_to": "next_top", "ante": 5},
        "conventions4": {"preset": "debertz4", "first_lead": "previous_top",
                         "overtrump": "trump_lead", "hanging_bait_to": "next_top", "ante": 2},
        "app2": {"preset": "debertz_app", "players": 2, "target": 301},
    }

    GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (
        ("match", ("players", "target", "ante")),
        ("deal", ("seven_swap", "cutter_visible")),
        ("bidding", ("obligation",)),
        ("melds", ("natural_sequence_order", "bella_after_trick")),
        ("play", ("first_lead", "overtrump")),
        ("scoring", ("skate_penalty", "declarer_must_beat", "bait_to", "hanging_bait_to")),
    )

    QUIET_DEFAULTS: ClassVar[frozenset[str]] = frozenset({
        "overtrump", "declarer_must_beat", "bait_to", "hanging_bait_to"})

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
