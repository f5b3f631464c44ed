"""rules/piquet.md §9's precise readings not pinned elsewhere, each from a compact record whose
sheet is worked out by hand (tests/games/piquet/fixtures.py gives each fixture's reckoning).

Readings chosen where the page leaves room (most literal):
- ``cent``: the repique is its own reckoning, "just after the category that made it"; when the
  category itself brings the total to ``target`` the game ends there and the repique is never
  reckoned (nothing after the ending reckoning counts).
- ``four_deal_partie``: the deals that settle equal totals (5 and 6) count single; equal again
  after them, the partie is drawn (§9 "End of a partie").
- ``russian_exchange``: ``pass`` is legal for younger whatever ``younger_must_exchange`` says.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from kozyr.cards import format_hand
from kozyr.core.errors import IllegalActionError, RecordError, RulesError
from kozyr.games.piquet import PiquetMatch
from kozyr.games.piquet.position import DealView
from kozyr.games.piquet.rules import PiquetRules
from kozyr.records import ReplayError, replay_record
from tests.games.piquet.fixtures import CAPOT, CARTE_BLANCHE, EXAMPLE, PIQUE, cut, record


def summary(deals: list[dict[str, Any]], rules: Any = "rubicon") -> dict[str, Any]:
    return replay_record(record(deals, rules)).summary()


def swapped(deal: dict[str, Any]) -> dict[str, Any]:
    return {**deal, "hands": deal["hands"][::-1]}


def deal_points(deals: list[dict[str, Any]], rules: Any = "rubicon") -> list[int]:
    return list(DealView(replay_record(record(deals, rules)).match).points)  # type: ignore[arg-type]


# --- preset cent -------------------------------------------------------------------------------

def test_cent_the_category_reaching_the_target_ends_the_game_before_its_repique() -> None:
    # CAPOT, elder (seat 1): point 8 (8), huitième 18 (26), quatorze 14 (40), then the
    # repique 60.  Target 30: the sets reach 40 >= 30 and end the game: no repique.
    s = summary([cut(CAPOT, 2)], {"preset": "cent", "target": 30})
    assert s["deals"] == [{"dealer": 0, "declarer": None, "bid": None, "contract": None,
                           "points": [0, 40], "scores": [0, 40], "totals": [0, 40],
                           "marks": [["double"], []]}]
    assert s["winner"] == 1 and s["complete"] and s["settlement"] == [-2, 2]
    assert s["open_deal"] is None
    # target 26: the sequences reach it; the sets are never reckoned
    s = summary([cut(CAPOT, 2)], {"preset": "cent", "target": 26})
    assert s["deals"][0]["points"] == [0, 26] and s["deals"][0]["marks"] == [["double"], []]


def test_cent_a_deal_after_the_game_is_refused() -> None:
    with pytest.raises(RecordError, match=r"deal 2, action 1"):
        replay_record(record([cut(CAPOT, 2), {"actions": []}], {"preset": "cent",
                                                                 "target": 30}))


def test_cent_the_pique_is_its_own_reckoning_after_the_trick_point() -> None:
    # PIQUE: elder 27 in declarations; AS 28, KS 29, QS 30 then the pique 30 (60).
    # Target 30: the lead of QS reaches 30 and ends the game; the pique is never reckoned.
    s = summary([cut(PIQUE, 2 + 5)], {"preset": "cent", "target": 30})
    assert s["deals"][0]["points"] == [0, 30] and s["deals"][0]["marks"] == [["double"], []]
    # target 31: the pique (60) ends it
    s = summary([cut(PIQUE, 2 + 5)], {"preset": "cent", "target": 31})
    assert s["deals"][0]["points"] == [0, 60]
    assert s["deals"][0]["marks"] == [["double"], ["pique"]]


# --- the partie --------------------------------------------------------------------------------

def test_four_deal_partie_equal_totals_two_more_deals_counting_single() -> None:
    four = {"preset": "rubicon", "four_deal_partie": True}
    level = [CAPOT, swapped(CAPOT)] * 2  # 153 each deal, deals 1 and 4 doubled
    s = summary(level, four)
    assert [d["scores"] for d in s["deals"]] == [[0, 306], [153, 0], [0, 153], [306, 0]]
    assert s["totals"] == [459, 459] and not s["complete"] and s["settlement"] is None
    s = summary([*level, CAPOT, swapped(PIQUE)], four)  # deal 6: seat 0 elder, 78 to 3
    assert [d["scores"] for d in s["deals"][4:]] == [[0, 153], [78, 3]]
    assert [d["dealer"] for d in s["deals"]] == [0, 1, 0, 1, 0, 1]
    assert s["totals"] == [537, 615] and s["winner"] == 1 and s["complete"]
    assert s["settlement"] == [-178, 178]  # 615 - 537 + 100
    s = summary([*level, CAPOT, swapped(CAPOT)], four)
    assert s["complete"] and s["winner"] is None and s["settlement"] == [0, 0]


def test_last_trick_0_scores_nothing_for_the_last_trick() -> None:
    # PIQUE: younger's 3 are KH's trick, QH's lead and the last trick
    s = summary([PIQUE], {"preset": "rubicon", "last_trick": 0})
    assert s["deals"][0]["points"] == [2, 78]


@pytest.mark.parametrize("rules", [
    {"preset": "rubicon", "rubicon": 0}, {"preset": "rubicon", "last_trick": -1},
    {"preset": "cent", "target": 0}, {"preset": "cent", "four_deal_partie": True},
    {"preset": "rubicon", "double_game": False}, {"preset": "rubicon", "left_cards": "seen"}])
def test_bad_options_are_refused(rules: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        PiquetRules.from_json(rules)


# --- the exchange ------------------------------------------------------------------------------

def _dealt(deal: dict[str, Any], **rules: Any) -> PiquetMatch:
    m = PiquetMatch(PiquetRules.from_preset(rules.pop("preset", "rubicon"), **rules),
                    first_dealer=0)
    m.deal({"hands": deal["hands"], "talon": deal["talon"]})
    return m


def _refused(m: PiquetMatch, text: str) -> None:
    before = json.dumps([m.observation(0), m.observation(1), m.record_deals()])
    with pytest.raises(IllegalActionError):
        m.apply(text)
    assert json.dumps([m.observation(0), m.observation(1), m.record_deals()]) == before


def test_younger_takes_from_after_elder_s_cards_up_to_all_that_is_left() -> None:
    # EXAMPLE: talon 9S JD 8S TD 7C 7H 8C 7S.  Elder takes 2 (9S JD); younger may take 6.
    m = _dealt(EXAMPLE)
    _refused(m, "exchange 9H 8H 7D 8D 9D AC")  # six
    _refused(m, "exchange QH")  # not in his hand
    m.apply("exchange 9H 8H")
    _refused(m, "pass")  # younger_must_exchange
    _refused(m, "exchange AH KH QH JH TH AD KD")  # seven of the six left
    m.apply("exchange AH KH QH JH TH AD")
    hand = set(m.observation(0)["hand"].split())
    assert {"8S", "TD", "7C", "7H", "8C", "7S"} <= hand and "AH" not in hand
    assert {"9S", "JD"} <= set(m.observation(1)["hand"].split())
    assert m.observation(0)["left"] is None  # nothing left


def test_cent_younger_may_pass_and_elder_s_left_cards_are_left() -> None:
    m = _dealt(EXAMPLE, preset="cent")
    _refused(m, "pass")  # elder must take at least one
    m.apply("exchange 9H")  # takes 9S
    m.apply("pass")
    assert m.observation(0)["left"] == format_hand(
        DealView(m).talon) and DealView(m).talon.bit_count() == 7


def test_russian_exchange_pass_or_3_to_5_younger_at_most_5_after_a_pass() -> None:
    m = _dealt(EXAMPLE, russian_exchange=True)
    _refused(m, "exchange 9H 8H")  # two
    _refused(m, "exchange 9H 8H 7D 8D 9D AC")  # six
    m.apply("pass")
    _refused(m, "exchange QC JC TC 9C AH KH")  # six of the eight: at most 5
    _refused(m, "exchange 9C TC")  # two
    m.apply("exchange 9C TC JC QC AD")  # talon cards 1..5: 9S JD 8S TD 7C
    assert {"9S", "JD", "8S", "TD", "7C"} <= set(m.observation(0)["hand"].split())
    m2 = _dealt(EXAMPLE, russian_exchange=True)
    m2.apply("exchange 9H 8H 7D")
    m2.apply("pass")  # legal although younger_must_exchange is on
    assert m2.open_deal()["phase"] == "play"  # type: ignore[index]
    m3 = _dealt(EXAMPLE, russian_exchange=True)
    m3.apply("exchange 9H 8H 7D 8D 9D")
    _refused(m3, "exchange 9C TC JC QC")  # only three are left
    m3.apply("exchange 9C TC JC")


# --- sinking -----------------------------------------------------------------------------------
# EXAMPLE after the exchanges: elder (seat 1) AS KS QS JS TS 9S 8S, AC KC 7C, JD TD: point 7,
# septième 17, no set.  Younger (seat 0) AH KH QH JH TH 7H, AD KD QD, QC 8C, 7S: point 6,
# quint 15 + tierce 3, trio of queens 3.

def _sinking(*actions: str) -> list[int]:
    deal = {**EXAMPLE, "actions": ["exchange 9H 8H 7D 8D 9D", "exchange 9C TC JC", *actions]}
    return deal_points([deal], {"preset": "rubicon", "sinking": True})


def test_a_sunk_category_counts_as_holding_nothing() -> None:
    assert _sinking("declare", "declare", "play AS") == [3, 25]  # as without sinking
    # elder sinks his point: younger's six hearts win it (6); septième 17; trio 3
    assert _sinking("declare sequence sets", "declare", "play AS") == [9, 18]
    # elder sinks everything: younger 6 + 18 + 3 = 27 < 30, no repique; elder's lead 1
    assert _sinking("sink", "declare", "play AS") == [27, 1]
    # both sink the sequences: nobody scores them; a category named without holding: nothing
    assert _sinking("declare point sets", "declare point sets", "play AS") == [3, 8]
    assert _sinking("sink", "declare point", "play AS") == [6, 1]


def test_sinking_phase_order_and_refusals() -> None:
    deal = {**EXAMPLE, "actions": ["exchange 9H 8H 7D 8D 9D", "exchange 9C TC JC"]}
    rules = {"preset": "rubicon", "sinking": True}
    s = summary([deal], rules)
    assert s["open_deal"] == {"dealer": 0, "phase": "declare", "to_act": 1}
    s = summary([{**deal, "actions": [*deal["actions"], "sink"]}], rules)
    assert s["open_deal"] == {"dealer": 0, "phase": "declare", "to_act": 0}
    for bad in ("declare sets point", "declare point point", "declare trio", "play AS"):
        with pytest.raises(ReplayError) as e:
            replay_record(record([{**deal, "actions": [*deal["actions"], bad]}], rules))
        assert (e.value.deal, e.value.action) == (1, 3)
    with pytest.raises(ReplayError) as e:  # no declare without sinking
        replay_record(record([{**deal, "actions": [*deal["actions"], "declare"]}]))
    assert (e.value.deal, e.value.action) == (1, 3)


def test_the_carte_blanche_cannot_be_sunk() -> None:
    # CARTE_BLANCHE: younger sinks everything; his carte blanche still reckons first (10) and
    # spoils elder's repique (elder 31 in declarations; 32 with his lead; no pique either)
    deal = {**CARTE_BLANCHE, "actions": [*CARTE_BLANCHE["actions"][:2], "declare", "sink",
                                         "play AS"]}
    assert deal_points([deal], {"preset": "rubicon", "sinking": True}) == [10, 32]


def test_cent_ends_at_the_carte_blanche_at_a_trick_point_or_at_the_cards() -> None:
    # CARTE_BLANCHE: younger's 10 is the first reckoning: target 10 ends the game there
    s = summary([cut(CARTE_BLANCHE, 2)], {"preset": "cent", "target": 10})
    assert s["deals"][0]["points"] == [10, 0] and s["winner"] == 0
    assert s["deals"][0]["marks"] == [["carte-blanche"], ["double"]]
    assert s["settlement"] == [2, -2]
    # PIQUE: elder has 68 after leading 7H (trick 10); younger then scores 3; the cards 78
    s = summary([cut(PIQUE, 23)], {"preset": "cent", "target": 68})  # 7H: action 23
    assert s["deals"][0]["points"] == [0, 68] and s["deals"][0]["marks"] == [["double"],
                                                                          ["pique"]]
    s = summary([PIQUE], {"preset": "cent", "target": 70})
    assert s["deals"][0]["points"] == [3, 78] and s["settlement"] == [-2, 2]
    with pytest.raises(ReplayError) as e:  # target 68: the rest of the deal is not played
        replay_record(record([PIQUE], {"preset": "cent", "target": 68}))
    assert (e.value.deal, e.value.action) == (1, 24)


def test_deal_d_is_dealt_by_first_dealer_when_d_is_odd() -> None:
    rec = {**record([swapped(PIQUE), PIQUE, {"actions": []}]), "first_dealer": 1}
    s = replay_record(rec).summary()
    assert [(d["dealer"], d["points"], d["marks"]) for d in s["deals"]] == [
        (1, [78, 3], [["pique"], []]), (0, [3, 78], [[], ["pique"]])]
    assert s["open_deal"] == {"dealer": 1, "phase": "exchange", "to_act": 0}
