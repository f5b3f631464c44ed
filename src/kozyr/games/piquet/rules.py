"""Piquet's rule set: the options of rules/piquet.md §8 and the presets ``rubicon`` and ``cent``.

``rubicon`` and ``four_deal_partie`` belong to the preset ``rubicon`` only, ``target`` and
``double_game`` to ``cent`` only: naming one with the other preset is refused (§8).

>>> r = PiquetRules.from_preset()
>>> (r.preset, r.rubicon, r.younger_must_exchange, r.left_cards)
('rubicon', 100, True, 'shown')
>>> PiquetRules.from_preset("cent").younger_must_exchange
False
>>> PiquetRules.from_preset().describe(), PiquetRules.from_preset("cent").describe()
('piquet (rubicon): rubicon 100', 'piquet (cent): game to 100, double game')
>>> PiquetRules.from_json({"preset": "cent", "rubicon": 150})
Traceback (most recent call last):
...
kozyr.core.errors.RulesError: piquet option rubicon belongs to the preset rubicon, not cent
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from kozyr.core.errors import RulesError
from kozyr.core.rules import RuleSet, option

#: The options that only one preset knows (§8): option -> its preset.
ONLY_IN: dict[str, str] = {"rubicon": "rubicon", "four_deal_partie": "rubicon",
                           "target": "cent", "double_game": "cent"}


@dataclass(frozen=True)
class PiquetRules(RuleSet):
    """The conventions of one Piquet table.  Field names follow rules/piquet.md §8."""

    GAME: ClassVar[str] = "piquet"
    DEFAULT_PRESET: ClassVar[str] = "rubicon"

    rubicon: int = option(100, "The rubicon: the loser's threshold and the winner's bonus",
                          minimum=1, words="rubicon {}")
    four_deal_partie: bool = option(False, "A partie of four deals, the first and the last "
                                    "counting double", words="four-deal partie")
    younger_must_exchange: bool = option(True, "Younger hand must take at least one card",
                                         words="younger must exchange")
    russian_exchange: bool = option(False, "Each exchange is nothing or 3 to 5 cards",
                                    words="Russian exchange")
    left_cards: str = option("shown", "Who sees the cards left in the talon: shown (younger, "
                             "and elder after his first lead) or hidden (nobody)",
                             ("shown", "hidden"), words="left cards {}")
    sinking: bool = option(False, "A player may keep quiet about a category (sinking)",
                           words="sinking")
    low_cards_count: bool = option(True, "A 9, 8 or 7 scores when led or when it wins a trick",
                                   words="low cards count")
    last_trick: int = option(1, "Points for winning the last trick", minimum=0,
                             words="last trick {}")
    target: int = option(100, "Piquet au cent: the score that wins the game", minimum=1,
                         words="game to {}")
    double_game: bool = option(True, "Piquet au cent: reaching the target before the opponent "
                               "has 50 wins a double game", words="double game")

    QUIET_DEFAULTS: ClassVar[frozenset[str]] = frozenset(
        {"younger_must_exchange", "low_cards_count", "last_trick", "left_cards"})

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "rubicon": {},
        "cent": {"younger_must_exchange": False},
    }

    BUNDLES: ClassVar[dict[str, dict[str, Any]]] = {
        "options": {"preset": "rubicon", "four_deal_partie": True, "sinking": True,
                    "left_cards": "hidden", "low_cards_count": False, "last_trick": 10,
                    "younger_must_exchange": False, "rubicon": 150},
        "russian": {"preset": "cent", "russian_exchange": True, "target": 101,
                    "double_game": False, "sinking": True},
    }

    #: The options grouped as on rules/piquet.md: §2 exchange, §3 declarations, §4 play,
    #: §5–6 the partie and the game.
    GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (
        ("exchange", ("younger_must_exchange", "russian_exchange", "left_cards")),
        ("declarations", ("sinking",)),
        ("play", ("low_cards_count", "last_trick")),
        ("partie", ("rubicon", "four_deal_partie", "target", "double_game")),
    )

    @classmethod
    def from_preset(cls, name: str | None = None, *, record_format: int | None = None,
                    **overrides: Any) -> Self:
        """Return the preset ``name`` with ``overrides``; refuse another preset's option."""
        preset = name or cls.DEFAULT_PRESET
        for key in overrides:
            owner = ONLY_IN.get(key)
            if owner is not None and preset in cls.PRESETS and owner != preset:
                raise RulesError(f"piquet option {key} belongs to the preset {owner}, "
                                 f"not {preset}")
        return super().from_preset(name, record_format=record_format, **overrides)

    def validate(self) -> None:
        """Refuse a value, other than its default, of an option of the other preset."""
        if self.preset not in self.PRESETS:
            return
        for f in self.options():
            owner = ONLY_IN.get(f.name)
            if owner is not None and owner != self.preset and getattr(self, f.name) != f.default:
                raise RulesError(f"piquet option {f.name} belongs to the preset {owner}, "
                                 f"not {self.preset}")

    def describe(self) -> str:
        """Return the rule set in plain words, naming only the options of its preset."""
        parts: list[str] = []
        for f in self.options():
            words = f.metadata.get("words")
            value = getattr(self, f.name)
            if not words or ONLY_IN.get(f.name, self.preset) != self.preset or (
                    f.name in self.QUIET_DEFAULTS and value == f.default):
                continue
            if isinstance(value, bool):
                if value:
                    parts.append(words)
                continue
            parts.append(words.format(value))
        return f"{self.GAME} ({self.preset}): " + ", ".join(parts)

    @property
    def cent(self) -> bool:
        """Return True for piquet au cent (a game to ``target``), False for the partie."""
        return self.preset == "cent"
