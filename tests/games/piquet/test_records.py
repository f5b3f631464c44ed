"""Piquet records through ``replay_record``: sheets worked out by hand (tests/games/piquet/
fixtures.py says how each deal reckons), rules/piquet.md §9's example, the partie, au cent."""

from __future__ import annotations

from typing import Any

import pytest

from kozyr.core.errors import RecordError
from kozyr.records import ReplayError, dump_record, load_record, replay_record, write_record
from tests.games.piquet.fixtures import (
    CAPOT,
    CARTE_BLANCHE,
    EXAMPLE,
    PIQUE,
    REPIQUE_ELDER,
    REPIQUE_YOUNGER,
    cut,
    record,
)


def summary(deals: list[dict[str, Any]], rules: Any = "rubicon") -> dict[str, Any]:
    return replay_record(record(deals, rules)).summary()


def points(deals: list[dict[str, Any]], rules: Any = "rubicon") -> list[int]:
    return list(replay_record(record(deals, rules)).match.observation(None)["points"])


def swapped(deal: dict[str, Any]) -> dict[str, Any]:
    """The same deal with seat 1 dealing: the hands change seats."""
    return {**deal, "hands": deal["hands"][::-1]}


def row(pts: list[int], totals: list[int], marks: list[list[str]], dealer: int = 0,
        scores: list[int] | None = None) -> dict[str, Any]:
    return {"dealer": dealer, "declarer": None, "bid": None, "contract": None, "points": pts,
            "scores": scores or pts, "totals": totals, "marks": marks}


def test_the_pages_example_stops_inside_deal_1() -> None:
    assert summary([EXAMPLE]) == {
        "deals": [], "totals": [0, 0], "winner": None, "complete": False,
        "open_deal": {"dealer": 0, "phase": "play", "to_act": 1}, "settlement": None}
    assert points([EXAMPLE]) == [3, 25]  # 7 + 17 to elder, 3 to younger, elder's lead


def test_repique_of_elder_and_of_younger_as_on_the_page() -> None:
    assert points([REPIQUE_ELDER]) == [0, 92]
    assert points([REPIQUE_YOUNGER]) == [97, 15]
    m = replay_record(record([REPIQUE_YOUNGER])).match
    assert m.observation(None)["marks"] == [["repique"], []]


def test_carte_blanche_reckons_first_and_spoils_the_repique() -> None:
    assert points([CARTE_BLANCHE]) == [10, 32]
    obs = replay_record(record([CARTE_BLANCHE])).match.observation(1)
    assert obs["marks"] == [["carte-blanche"], []] and obs["carte_blanche"] == 0
    assert obs["carte_blanche_cards"] is not None
    assert set(obs["carte_blanche_cards"].split()) == set(CARTE_BLANCHE["hands"][0].split())


def test_the_carte_blanche_is_public_at_once_its_cards_after_both_exchanges() -> None:
    m = replay_record(record([cut(CARTE_BLANCHE, 1)])).match
    obs = m.observation(1)
    assert obs["carte_blanche"] == 0 and obs["carte_blanche_cards"] is None


def test_a_whole_deal_with_a_pique() -> None:
    assert summary([PIQUE])["deals"] == [row([3, 78], [3, 78], [[], ["pique"]])]


def test_low_cards_count_off_and_a_last_trick_of_10() -> None:
    low = {"preset": "rubicon", "low_cards_count": False}
    assert summary([PIQUE], low)["deals"] == [row([3, 74], [3, 74], [[], ["pique"]])]
    ten = {"preset": "rubicon", "last_trick": 10}
    assert summary([PIQUE], ten)["deals"] == [row([12, 78], [12, 78], [[], ["pique"]])]


def test_repique_and_capot() -> None:
    assert summary([CAPOT])["deals"] == [row([0, 153], [0, 153], [[], ["repique", "capot"]])]


def test_the_pique_before_younger_scores_is_scored_at_once() -> None:
    # AS 28, KS 29, QS 30: the pique is reckoned as the queen is led
    assert points([cut(PIQUE, 2 + 4)]) == [0, 29]
    assert points([cut(PIQUE, 2 + 5)]) == [0, 60]


PARTIE = [CAPOT, swapped(PIQUE)] * 3


def test_a_partie_of_six_deals_and_its_settlement() -> None:
    s = summary(PARTIE)
    assert s["totals"] == [234, 468] and s["winner"] == 1 and s["complete"]
    assert s["settlement"] == [-334, 334]  # 468 - 234 + 100
    assert s["deals"][-1]["marks"] == [["pique"], []]  # no end mark: 234 >= 100
    assert [d["dealer"] for d in s["deals"]] == [0, 1, 0, 1, 0, 1]
    five = summary(PARTIE[:5])
    assert not five["complete"] and five["settlement"] is None and five["winner"] is None


def test_a_loser_below_the_rubicon_pays_both_totals_and_is_marked() -> None:
    s = summary(PARTIE, {"preset": "rubicon", "rubicon": 500})
    assert s["settlement"] == [-1202, 1202]  # 468 + 234 + 500
    assert s["deals"][-1]["marks"] == [["pique", "rubicon"], []]


def test_equal_totals_two_more_deals_then_a_draw() -> None:
    level = [CAPOT, swapped(CAPOT)] * 3
    s = summary(level)
    assert s["totals"] == [459, 459] and not s["complete"]
    s = summary([*level, CAPOT, swapped(CAPOT)])
    assert s["complete"] and s["winner"] is None and s["settlement"] == [0, 0]
    assert s["deals"][-1]["marks"] == [["repique", "capot"], []]
    with pytest.raises(RecordError):
        replay_record(record([*level, CAPOT, swapped(CAPOT), CAPOT]))


def test_the_four_deal_partie_doubles_deals_1_and_4() -> None:
    four = {"preset": "rubicon", "four_deal_partie": True}
    s = summary(PARTIE[:4], four)
    assert [d["scores"] for d in s["deals"]] == [[0, 306], [78, 3], [0, 153], [156, 6]]
    assert [d["points"] for d in s["deals"]] == [[0, 153], [78, 3], [0, 153], [78, 3]]
    assert s["totals"] == [234, 468] and s["complete"] and s["settlement"] == [-334, 334]


def test_no_deal_after_the_end_and_only_the_last_deal_unfinished() -> None:
    with pytest.raises(RecordError, match=r"deal 7, action 1: the match was already over"):
        replay_record(record([*PARTIE, {"actions": []}]))
    with pytest.raises(RecordError, match=r"deal 7, action 1 \('exchange 9H'\)"):
        replay_record(record([*PARTIE, {"actions": ["exchange 9H"]}]))
    with pytest.raises(RecordError, match=r"deal 2, action 1 \('pass'\): deal 1 stops"):
        replay_record(record([cut(PIQUE, 3), {"actions": ["pass"]}]))


CENT_20 = {"preset": "cent", "target": 20}


def test_cent_ends_at_the_reckoning_that_reaches_the_target() -> None:
    # point 7, then the septième: 24 >= 20 before any card is played; younger has 0 < 50
    s = summary([cut(PIQUE, 2)], CENT_20)
    assert s["deals"] == [row([0, 24], [0, 24], [[], []]) | {"marks": [["double"], []]}]
    assert s["winner"] == 1 and s["complete"] and s["open_deal"] is None
    assert s["settlement"] == [-2, 2]
    single = {"preset": "cent", "target": 20, "double_game": False}
    s = summary([cut(PIQUE, 2)], single)
    assert s["settlement"] == [-1, 1] and s["deals"][0]["marks"] == [[], []]
    with pytest.raises(ReplayError) as e:
        replay_record(record([cut(PIQUE, 3)], CENT_20))
    assert (e.value.deal, e.value.action) == (1, 3)


def test_cent_ends_on_a_trick_point() -> None:
    s = summary([cut(PIQUE, 3)], {"preset": "cent", "target": 28})
    assert s["deals"][0]["points"] == [0, 28] and s["winner"] == 1
    with pytest.raises(ReplayError):
        replay_record(record([cut(PIQUE, 4)], {"preset": "cent", "target": 28}))


def test_cent_the_repique_that_reaches_100_ends_the_game_before_the_play() -> None:
    # point 8, huitième 18, quatorze 14 (40), then the repique 60: 100
    s = summary([cut(CAPOT, 2)], "cent")
    assert s["deals"] == [row([0, 100], [0, 100], [[], ["repique"]]) | {
        "marks": [["double"], ["repique"]]}]
    assert s["settlement"] == [-2, 2]


def test_cent_deals_alternate_until_the_target() -> None:
    rules = {"preset": "cent", "target": 150}
    s = summary([PIQUE, swapped(PIQUE)], rules)
    assert s["totals"] == [81, 81] and not s["complete"]
    # deal 3: seat 1 elder again, 81 + 8 + 18 + 14 + the repique 60 = 181 >= 150; 81 >= 50
    s = summary([PIQUE, swapped(PIQUE), cut(CAPOT, 2)], rules)
    assert [d["dealer"] for d in s["deals"]] == [0, 1, 0]
    assert s["deals"][-1]["points"] == [0, 100] and s["totals"] == [81, 181]
    assert s["deals"][-1]["marks"] == [[], ["repique"]]
    assert s["winner"] == 1 and s["settlement"] == [-1, 1]


def test_a_record_written_from_a_replay_replays_the_same() -> None:
    m = replay_record(record(PARTIE[:3])).match
    again = replay_record(load_record(dump_record(write_record(m)))).match
    assert [r.to_json() for r in again.sheet] == [r.to_json() for r in m.sheet]
