"""Tertz's rule set: the named options of rules/tertz.md §6 and the ``tertz`` preset.

``break_the_deck`` (§2) is not offered: a cut of the stock cannot be expressed in a record.

>>> r = TertzRules.from_preset()
>>> (r.preset, r.free_trump_jack, r.target)
('tertz', True, 501)
>>> TertzRules.from_json({"preset": "tertz", "free_trump_jack": False}).describe()
'tertz (tertz): game to 501'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from kozyr.core.rules import RuleSet, option


@dataclass(frozen=True)
class TertzRules(RuleSet):
    """The conventions of one Tertz table.  Field names follow rules/tertz.md."""

    GAME: ClassVar[str] = "tertz"
    DEFAULT_PRESET: ClassVar[str] = "tertz"

    free_trump_jack: bool = option(True, "The jack of trump may always be played instead of the "
                                   "card the rules demand, and is never forced out",
                                   words="free trump jack")
    target: int = option(501, "Score that wins the match (checked at the end of a deal)",
                         minimum=10, maximum=10000, words="game to {}")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "tertz": {},
    }

    #: The options grouped as on rules/tertz.md: §3 play (the trump jack), §5 scoring (501).
    GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (
        ("play", ("free_trump_jack",)),
        ("scoring", ("target",)),
    )
