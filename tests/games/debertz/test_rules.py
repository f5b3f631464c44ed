"""Debertz rule sets: presets, options named as on rules/debertz.md, validation, round trips."""

import pytest

from kozyr.core.errors import RulesError
from kozyr.games import match_class, new_match
from kozyr.games.debertz import DebertzMatch, DebertzRules


@pytest.mark.parametrize(("preset", "players", "target"), [
    ("debertz2", 2, 301), ("debertz3", 3, 501), ("debertz4", 4, 501), ("debertz_big", 3, 1001)])
def test_presets(preset: str, players: int, target: int) -> None:
    r = DebertzRules.from_preset(preset)
    assert (r.players, r.target) == (players, target)
    assert r.to_json() == preset
    assert DebertzRules.from_json(r.to_json()) == r


def test_default_preset_is_three_players() -> None:
    r = DebertzRules.from_json(None)
    assert (r.preset, r.players, r.target) == ("debertz3", 3, 501)


def test_defaults_follow_the_rules_page() -> None:
    r = DebertzRules.from_preset("debertz3")
    assert (r.ante, r.obligation, r.seven_swap, r.cutter_visible) == (0, False, True, True)
    assert (r.natural_sequence_order, r.bella_after_trick) == (False, False)
    assert (r.first_lead, r.skate_penalty) == ("declarer", 50)


def test_every_option_of_the_page_is_named() -> None:
    names = {f.name for f in DebertzRules.options()}
    assert names >= {"players", "target", "ante", "obligation", "seven_swap", "cutter_visible",
                     "natural_sequence_order", "bella_after_trick", "first_lead",
                     "skate_penalty"}


def test_big_game_takes_players_from_the_override() -> None:
    r = DebertzRules.from_preset("debertz_big", players=4)
    assert (r.players, r.target, r.seven_swap) == (4, 1001, False)
    assert DebertzRules.from_json(r.to_json()) == r


def test_four_players_have_no_seven_swap() -> None:
    assert DebertzRules.from_preset("debertz4").seven_swap is False
    with pytest.raises(RulesError, match="seven swap"):
        DebertzRules.from_preset("debertz4", seven_swap=True)
    with pytest.raises(RulesError, match="seven swap"):
        DebertzRules.from_preset("debertz3").replace(players=4)


@pytest.mark.parametrize(("key", "value"), [
    ("players", 5), ("first_lead", "dealer"), ("target", 0), ("skate_penalty", -1),
    ("obligation", "yes"), ("colour", 1)])
def test_bad_options_are_refused(key: str, value: object) -> None:
    with pytest.raises(RulesError):
        DebertzRules.from_preset("debertz3", **{key: value})


def test_overrides_round_trip_and_describe() -> None:
    r = DebertzRules.from_json({"preset": "debertz2", "obligation": True,
                                "first_lead": "left_of_dealer"})
    assert r.to_json() == {"preset": "debertz2", "obligation": True,
                           "first_lead": "left_of_dealer"}
    text = r.describe()
    assert "2 players" in text and "game to 301" in text and "left of dealer" in text


def test_registry_builds_debertz_matches() -> None:
    assert match_class("debertz") is DebertzMatch
    m = new_match("debertz", "debertz4", seed=3)
    assert isinstance(m, DebertzMatch) and m.players == 4
    assert m.rules == DebertzRules.from_preset("debertz4")
