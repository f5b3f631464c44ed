"""Whole records through ``replay_record``; sheets worked out by hand from rules/thousand.md."""

from __future__ import annotations

from typing import Any

from kozyr.records import replay_record

HANDS3 = ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D KC"]


def _rec(deals: list[dict[str, Any]], rules: Any = "classic", players: int = 3) -> dict[str, Any]:
    return {"format": 1, "game": "thousand", "rules": rules,
            "players": [f"p{i}" for i in range(players)], "first_dealer": 0, "seed": 5,
            "deals": deals}


def test_writeoff_at_the_forced_100() -> None:
    # dealer 0; seat 1 sits on 100; 2 and 0 pass; seat 1 takes the talon and writes off:
    # he loses his bid, each opponent gains half of it (50).
    s = replay_record(_rec([{"hands": HANDS3, "talon": "QC JC 9C",
                             "actions": ["pass", "pass", "writeoff"]}])).summary()
    row = s["deals"][0]
    assert (row["declarer"], row["bid"]) == (1, 100)
    assert row["points"] == [0, 0, 0]
    assert row["scores"] == [50, -100, 50]
    assert row["marks"] == [[], ["P"], []]
    assert s["totals"] == [50, -100, 50]


def test_writeoff_gain_is_half_the_bid_rounded_up_to_5() -> None:
    # seat 2 bids 105, then everyone passes; he writes off after passing his cards: 105/2 -> 55.
    s = replay_record(_rec([{"hands": HANDS3, "talon": "QC JC 9C",
                             "actions": ["bid 105", "pass", "pass", "give 0 9C", "give 1 JC",
                                         "writeoff"]}])).summary()
    assert s["deals"][0]["scores"] == [55, 55, -105]
    assert s["deals"][0]["marks"][2] == ["P"]


def test_redeal_row_and_the_same_dealer_deals_again() -> None:
    poor = ["AS TS KS QS JS AC KC", "9S 9C 9D 9H JH QH JC", "AD TD KD QD JD AH TH"]
    s = replay_record(_rec([{"hands": poor, "talon": "KH QC TC", "actions": ["redeal"]},
                            {"actions": []}])).summary()
    row = s["deals"][0]
    assert (row["declarer"], row["bid"], row["contract"]) == (None, None, None)
    assert row["scores"] == [0, 0, 0] and row["points"] == [0, 0, 0]
    assert all("redeal" in m for m in row["marks"])
    assert s["open_deal"] is not None and s["open_deal"]["dealer"] == 0


def test_four_players_dealer_sits_out() -> None:
    hands = ["", *HANDS3]
    s = replay_record(_rec([{"hands": hands, "talon": "QC JC 9C",
                             "actions": ["pass", "pass", "writeoff"]}],
                           rules="four_players", players=4)).summary()
    # dealer 0 sits out; seat 1 holds the forced 100, seats 2 and 3 pass.
    assert s["deals"][0]["declarer"] == 1
    assert s["deals"][0]["scores"] == [0, -100, 50, 50]
    assert s["open_deal"] is None
    # the next deal is dealt by seat 1, who sits out in turn
    s2 = replay_record(_rec([{"hands": hands, "talon": "QC JC 9C",
                              "actions": ["pass", "pass", "writeoff"]}, {"actions": []}],
                            rules="four_players", players=4)).summary()
    assert s2["open_deal"] == {"dealer": 1, "phase": "bidding", "to_act": 3}


def test_two_players_piles_and_writeoff() -> None:
    hands = ["AS TS KS QS JS 9S AC TC KC QC", "AH TH KH QH JH 9H AD TD KD QD"]
    deal = {"hands": hands, "talon": ["JC 9C", "JD 9D"], "actions": ["pass", "take 0", "writeoff"]}
    s = replay_record(_rec([deal], rules="two_players", players=2)).summary()
    assert s["deals"][0]["declarer"] == 1
    assert s["deals"][0]["scores"] == [50, -100]


def _spec_example(rules: Any) -> dict[str, Any]:
    from tests.core.test_records import SPEC_EXAMPLE

    rec = dict(SPEC_EXAMPLE)
    rec["rules"] = rules
    return rec


def test_spec_example_with_golden_horse_doubles_the_deal_scores() -> None:
    s = replay_record(_spec_example({"preset": "classic", "golden_horse": True})).summary()
    row = s["deals"][0]
    assert row["points"] == [25, 0, 235]
    assert row["scores"] == [50, 0, 240]
    assert "x2" in row["marks"][0] and "x2" in row["marks"][2]


def test_spec_example_with_a_bolt_penalty_every_bolt() -> None:
    s = replay_record(_spec_example({"preset": "classic", "bolt_limit": 1})).summary()
    assert s["deals"][0]["scores"] == [25, -120, 120]
    assert s["deals"][0]["marks"][1] == ["B"]


def test_spec_example_onto_a_low_barrel_then_the_automatic_bid_of_c() -> None:
    # barrel at 100, target 300: C = 200.  Seat 2 makes 120 -> clamped to 100, on the barrel.
    rec = _spec_example({"preset": "classic", "barrel_at": 100, "target": 300})
    s = replay_record(rec).summary()
    row = s["deals"][0]
    assert row["scores"] == [25, 0, 100] and row["totals"] == [25, 0, 100]
    assert "barrel" in row["marks"][2]
    # Deal 2: dealer 1, so seat 2 is the forced bidder: his forced bid is C (not written).
    rec = dict(rec, deals=[*rec["deals"], {"actions": []}])
    r = replay_record(rec)
    assert r.summary()["open_deal"] == {"dealer": 1, "phase": "bidding", "to_act": 0}
    assert r.match.observation(0)["bid"] == 200
