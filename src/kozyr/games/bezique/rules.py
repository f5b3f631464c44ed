"""Bezique's rule set: the named options of rules/bezique.md §8 and its presets.

``classic`` is every default; ``1500`` plays to 1500.  ``rubicon`` (Rubicon Bezique, §9) is
provisional on the page and refused until it is settled (§10.P.14).

>>> r = BeziqueRules.from_preset()
>>> (r.preset, r.target, r.dix, r.last_trick)
('classic', 1000, 'declare', 32)
>>> BeziqueRules.from_preset("rubicon")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kozyr.core.errors.RulesError: bezique preset 'rubicon' (Rubicon Bezique, ...) is provisional...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from kozyr.core.errors import RulesError
from kozyr.core.rules import RuleSet, option


@dataclass(frozen=True)
class BeziqueRules(RuleSet):
    """The conventions of one Bezique table.  Field names follow rules/bezique.md §8."""

    GAME: ClassVar[str] = "bezique"
    DEFAULT_PRESET: ClassVar[str] = "classic"

    target: int = option(1000, "Score that wins the game (checked at the end of each deal)",
                         minimum=1, words="game to {}")
    next_dealer: str = option("alternate", "Who deals next: in turn, or the winner of the "
                              "last trick", ("alternate", "trick_winner"),
                              words="next dealer: {}")
    dix: str = option("declare", "The seven of trumps scores when exchanged or shown "
                      "(declare), or when exchanged or played to tricks 1-24 (play)",
                      ("declare", "play"), words="seven of trumps: {}")
    seven_is_meld: bool = option(False, "An exchange or a show of the seven is the winner's "
                                 "one declaration for the trick", words="seven is a meld")
    last_trick: int = option(32, "The 10 for the last trick goes to the winner of trick 32, "
                             "or of trick 24", (32, 24), words="last trick {}")
    bezique_pair: str = option("QS_JD", "The bezique is always Q♠ J♦, or Q♣ J♥ when spades "
                               "or diamonds are trumps", ("QS_JD", "by_trump"),
                               words="bezique {}")

    QUIET_DEFAULTS: ClassVar[frozenset[str]] = frozenset(
        {"next_dealer", "dix", "last_trick", "bezique_pair"})

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "1500": {"target": 1500},
    }

    BUNDLES: ClassVar[dict[str, dict[str, Any]]] = {
        "options": {"preset": "classic", "next_dealer": "trick_winner", "dix": "play",
                    "last_trick": 24, "bezique_pair": "by_trump"},
        "meld": {"preset": "1500", "seven_is_meld": True},
    }

    #: The options grouped as on rules/bezique.md: §2 deal, §5 sevens, §4 and §6 play, §7.
    GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (
        ("deal", ("next_dealer",)),
        ("combinations", ("bezique_pair", "dix", "seven_is_meld")),
        ("play", ("last_trick",)),
        ("scoring", ("target",)),
    )

    @classmethod
    def from_preset(cls, name: str | None = None, *, record_format: int | None = None,
                    **overrides: Any) -> Self:
        """Return the preset ``name`` with ``overrides``; refuse the provisional ``rubicon``."""
        if name == "rubicon":
            raise RulesError("bezique preset 'rubicon' (Rubicon Bezique, rules/bezique.md §9) "
                             "is provisional and not implemented yet")
        return super().from_preset(name, record_format=record_format, **overrides)
