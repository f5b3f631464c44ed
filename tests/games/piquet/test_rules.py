"""Piquet's options and the checked path: exchanges, sinking, the Russian exchange, presets;
illegal actions are refused with a reason and change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kozyr.core.errors import IllegalActionError, RulesError
from kozyr.games.piquet import PiquetMatch, PiquetRules
from kozyr.records import replay_record, write_record
from tests.games.piquet.fixtures import PIQUE, REPIQUE_ELDER, cut, record, with_actions


def match(deal: dict[str, Any], rules: Any = "rubicon") -> PiquetMatch:
    m = replay_record(record([deal], rules)).match
    assert isinstance(m, PiquetMatch)
    return m


def snap(m: PiquetMatch) -> str:
    return json.dumps([write_record(m), [m.observation(s) for s in (None, 0, 1)]])


def refused(m: PiquetMatch, action: str, words: str) -> None:
    before = snap(m)
    with pytest.raises(IllegalActionError) as e:
        m.apply(action)
    assert words in str(e.value)
    assert snap(m) == before


def test_elder_exchanges_1_to_5_younger_1_to_what_is_left() -> None:
    m = match(cut(PIQUE, 0))
    refused(m, "exchange TD 9D 8D TC 9C AS", "elder hand exchanges 1 to 5 cards")
    refused(m, "pass", "elder hand must exchange")
    refused(m, "exchange KH", "you do not hold KH")
    refused(m, "exchange TD TD", "twice")
    refused(m, "play AS", "exchange")
    m.apply("exchange TD 9D")
    assert m.observation(0)["talon_size"] == 6
    refused(m, "pass", "younger hand must exchange at least one card")
    refused(m, "exchange KH QH JH TH 9H 8H KD", "younger hand exchanges 1 to 6 cards")
    m.apply("exchange KH QH JH TH 9H 8H")
    assert m.phase == "play" and m.observation(None)["talon_size"] == 0


def test_younger_may_pass_without_younger_must_exchange() -> None:
    m = match(cut(PIQUE, 1), {"preset": "rubicon", "younger_must_exchange": False})
    m.apply("pass")
    obs = m.observation(0)
    assert obs["phase"] == "play" and obs["talon_size"] == 3
    assert obs["left"] == "KC QC JC"  # younger sees the left cards (left_cards shown)
    assert match(cut(PIQUE, 1), "cent").legal_actions()[0] == m.parse_action("pass")


def test_play_follows_suit() -> None:
    m = match(cut(REPIQUE_ELDER, 3))
    refused(m, "play JH", "you must follow suit with a card of spades")
    refused(m, "play AS", "you do not hold the AS")
    refused(m, "declare", "play a card")
    assert m.legal_texts() == ["play 8S", "play 7S"] or sorted(m.legal_texts()) == [
        "play 7S", "play 8S"]


def test_sinking_declarations() -> None:
    rules = {"preset": "rubicon", "sinking": True}
    m = match(cut(PIQUE, 2), rules)
    assert m.phase == "declare" and m.current_player() == 1
    refused(m, "play AS", "declare now")
    refused(m, "exchange AS", "declare now")
    m.apply("declare point sequence")  # elder sinks his trio of aces
    assert m.current_player() == 0 and m.observation(0)["declared"] == [
        None, ["point", "sequence"]]
    m.apply("declare")
    # younger's trios of kings, queens and jacks are now the best sets: 9
    assert m.observation(None)["points"] == [9, 24] and m.phase == "play"
    sunk = match(with_actions(PIQUE, [*PIQUE["actions"][:2], "sink", "declare"]), rules)
    # elder shows nothing: younger's point 6, sixième 16 + two tierces 6, sets 9 = 37: repique
    assert sunk.observation(None)["points"] == [97, 0]
    assert sunk.observation(None)["marks"] == [["repique"], []]


def test_the_russian_exchange() -> None:
    rules = {"preset": "rubicon", "russian_exchange": True}
    m = match(cut(PIQUE, 0), rules)
    refused(m, "exchange TD 9D", "elder hand exchanges 3 to 5 cards or passes, not 2")
    m.apply("pass")
    refused(m, "exchange 8C", "younger hand exchanges 3 to 5 cards or passes, not 1")
    refused(m, "exchange 8C AC 7S KH QH JH", "not 6")
    m.apply("exchange 8C AC 7S KH QH")
    assert m.observation(0)["talon_size"] == 3
    m = match(cut(PIQUE, 1), rules)
    m.apply("pass")
    assert m.phase == "play"


def test_nothing_after_the_end() -> None:
    m = match(cut(PIQUE, 2), {"preset": "cent", "target": 20})
    assert m.is_over
    refused(m, "play AS", "no action is possible now: the match is over")
    with pytest.raises(IllegalActionError):
        m.deal()


def test_options_of_the_other_preset_are_refused() -> None:
    for rules in ({"preset": "cent", "rubicon": 100}, {"preset": "cent",
                                                       "four_deal_partie": True},
                  {"preset": "rubicon", "target": 101}, {"preset": "rubicon",
                                                         "double_game": False}):
        with pytest.raises(RulesError, match="belongs to the preset"):
            PiquetRules.from_json(rules)
    assert PiquetRules.from_json({"preset": "cent", "target": 101}).target == 101
    with pytest.raises(RulesError):
        PiquetRules.from_json({"preset": "rubicon", "last_trick": -1})
    with pytest.raises(RulesError):
        PiquetRules.from_json({"preset": "rubicon", "left_cards": "open"})
    assert PiquetRules.from_json({"preset": "rubicon", "last_trick": 0}).last_trick == 0
