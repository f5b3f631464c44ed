"""Rule sets as data: presets, overrides, validation, serialisation, plain words."""

import pytest

from kozyr.core.errors import RulesError
from kozyr.games import make_rules
from kozyr.games.thousand.rules import ThousandRules


def test_presets_of_the_rules_page() -> None:
    classic = ThousandRules.from_preset("classic")
    assert (classic.players, classic.target, classic.bid_step, classic.barrel_at) == (
        3, 1000, 5, 880)
    assert classic.barrel_contract == 120
    online = ThousandRules.from_preset("online")
    assert (online.target, online.barrel_contract, online.redeal_when, online.dump_truck) == (
        1001, 121, "after_pass", True)
    tysiac = ThousandRules.from_preset("tysiac")
    assert (tysiac.bid_step, tysiac.defender_cap_800, tysiac.target, tysiac.must_beat) == (
        10, True, 1001, True)
    assert ThousandRules.from_preset("two_players").players == 2
    assert ThousandRules.from_preset("two_players").barrel is False
    assert ThousandRules.from_preset("four_players").players == 4
    r501 = ThousandRules.from_preset("501")
    assert r501.target == 501 and r501.declarer_names_trump
    assert r501.marriages == (60, 20, 40, 80)  # S C D H


def test_default_marriage_values_by_suit() -> None:
    assert ThousandRules.from_preset("classic").marriages == (40, 60, 80, 100)


def test_record_rules_round_trip() -> None:
    rs = ThousandRules.from_json({"preset": "classic", "bid_step": 10})
    assert rs.bid_step == 10
    assert rs.to_json() == {"preset": "classic", "bid_step": 10}
    assert ThousandRules.from_json(rs.to_json()) == rs
    assert ThousandRules.from_json("online").to_json() == "online"


def test_rule_sets_compare_and_hash_by_value() -> None:
    a = ThousandRules.from_json({"preset": "classic", "must_beat": True})
    b = ThousandRules.from_preset("classic").replace(must_beat=True)
    assert a == b and hash(a) == hash(b)
    assert a != ThousandRules.from_preset("classic")


@pytest.mark.parametrize(("rules", "message"), [
    ("nope", "unknown thousand preset 'nope'"),
    ({"preset": "classic", "bid_stp": 10}, "unknown thousand option 'bid_stp'"),
    ({"bid_step": 7}, "bid_step must be one of 5, 10"),
    ({"bid_step": "10"}, "whole number"),
    ({"must_beat": 1}, "true or false"),
    ({"players": 5}, "players must be one of 2, 3, 4"),
    ({"barrel_at": 1000}, "barrel_at"),
    ({"marriage_values": {"H": 100}}, "marriage_values"),
    ({"trading_in_red": -50}, "trading_in_red must be one of"),
    (12, "preset name or an object"),
])
def test_bad_rules_are_refused_clearly(rules: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        ThousandRules.from_json(rules)


def test_cli_overrides() -> None:
    rs = make_rules("thousand", "classic", ["bid_step=10", "must_beat=on", "trading_in_red=-120",
                                            "marriage_values=H:100,D:80,C:60,S:40"])
    assert (rs.bid_step, rs.must_beat, rs.trading_in_red) == (10, True, -120)
    assert make_rules("thousand", None, ["trading_in_red=off"]).trading_in_red is None
    with pytest.raises(RulesError, match="name=value"):
        make_rules("thousand", None, ["bid_step"])
    with pytest.raises(RulesError, match="on/off"):
        make_rules("thousand", None, ["must_beat=maybe"])
    with pytest.raises(RulesError, match="unknown game"):
        make_rules("chess")


def test_describe_in_plain_words() -> None:
    text = ThousandRules.from_preset("online").describe()
    assert text.startswith("thousand (online): ")
    assert "bid step 5" in text and "barrel at 880" in text and "game to 1001" in text
    assert "dump truck" in text
    assert "must beat" not in text
    assert "must beat" in ThousandRules.from_preset("tysiac").describe()


def test_schema_lists_every_option_with_a_doc() -> None:
    schema = ThousandRules.schema()
    names = [o["name"] for o in schema]
    assert "barrel_at" in names and "preset" not in names
    assert all(o["doc"] for o in schema)
    bid_step = next(o for o in schema if o["name"] == "bid_step")
    assert bid_step["choices"] == [5, 10] and bid_step["default"] == 5
