"""Tertz's rule set: options, the preset, and what is not offered."""

from __future__ import annotations

import pytest

from kozyr.core.errors import RulesError
from kozyr.games import match_class, new_match
from kozyr.games.tertz import TertzMatch, TertzRules


def test_defaults_and_preset() -> None:
    r = TertzRules.from_preset()
    assert (r.preset, r.free_trump_jack, r.target) == ("tertz", True, 501)
    assert r.to_json() == "tertz"
    assert TertzRules.from_json({"preset": "tertz", "target": 301}).target == 301
    assert TertzRules.from_json({"free_trump_jack": False}).to_json() == {
        "preset": "tertz", "free_trump_jack": False}


def test_break_the_deck_is_not_offered() -> None:
    with pytest.raises(RulesError, match="unknown tertz option 'break_the_deck'"):
        TertzRules.from_preset(break_the_deck=True)


def test_registry() -> None:
    assert match_class("tertz") is TertzMatch
    m = new_match("tertz", {"preset": "tertz", "target": 1000}, seed=3)
    assert isinstance(m, TertzMatch) and m.rules.target == 1000
