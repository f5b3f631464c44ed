"""The auction's conventions of rules/thousand.md §11.4, §11.7 and §11.P: the blind for any
player (``look``), ``blind_min_score``, ``golden_horse_120`` (no auction), the barrel bidders.

Every sheet below is worked out by hand from the rules page (the deal ``D``: seat 0 holds the
♠ marriage, seat 1 the ♥, seat 2 the ♦; the talon QC JC 9C is worth 5).
"""

from __future__ import annotations

from typing import Any

import pytest

from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.records import replay_record, write_record
from tests.games.thousand.fixtures import dealt, play, refused

D: dict[str, Any] = {"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
                               "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C"}
BLIND_ANY: dict[str, Any] = {"blind_bid": True, "blind_bidders": "any"}
GOLDEN: dict[str, Any] = {"golden_horse": True, "golden_horse_120": True}


def record(rules: dict[str, Any], *deals: dict[str, Any]) -> dict[str, Any]:
    """Return a format-2 record of three players, dealer 0, with ``deals``."""
    return {"format": 2, "game": "thousand", "rules": {"preset": "classic", **rules},
            "players": ["a", "b", "c"], "first_dealer": 0, "seed": 3, "deals": list(deals)}


def rows(rec: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Return each finished deal of the replayed ``rec`` as (declarer, bid, scores, marks)."""
    return [(d["declarer"], d["bid"], d["scores"], d["marks"])
            for d in replay_record(rec).summary()["deals"]]


def round_trip(m: ThousandMatch) -> None:
    """Check that the record written from ``m`` replays to the same sheet and position."""
    again = replay_record(write_record(m)).match
    assert again.sheet == m.sheet and again.legal_texts() == m.legal_texts()
    assert again.record_deals() == m.record_deals()


# -- the blind for any player (blind_bidders = any) -------------------------------------------
def test_blind_any_look_then_a_blind_that_stands_and_its_write_off() -> None:
    m = dealt(D, **BLIND_ANY)
    # nobody has seen his cards: the forced bidder opens with blind or bid 100 (no look)
    assert (m.phase, m.current_player(), m.legal_texts()) == ("bidding", 1, ["blind", "bid 100"])
    assert m.observation(None)["hands_unseen"] == [0, 1, 2]
    assert [m.observation(s)["hand"] for s in range(3)] == [None, None, None]
    play(m, "bid 100")
    # seat 2's first turn, the bid below 120: blind or look
    assert m.observation(1)["hand"] == "TC AH TH KH QH JH 9H"
    assert (m.current_player(), m.legal_texts()) == (2, ["blind", "look"])
    assert m.observation(2)["cap"] is None
    play(m, "look")
    assert m.current_player() == 2 and m.legal_texts()[:2] == ["pass", "bid 105"]
    assert m.observation(2)["hand"] == "KC AD TD KD QD JD 9D"
    assert m.observation(None)["hands_unseen"] == [0]
    play(m, "pass", "blind")
    assert m.observation(None)["blind_bidder"] == 0 and m.observation(0)["hand"] is None
    play(m, "pass")
    # the blind stands: seat 0 declares 120 blind, sees his hand; the talon is not shown
    assert (m.phase, m.current_player()) == ("talon", 0)
    assert m.observation(0)["hand"] is not None and m.observation(1)["talon"] is None
    play(m, "give 1 9C", "give 2 JC", "writeoff")
    # a blind write-off: -2 x 120; each opponent gains half of 120
    assert [(r.declarer, r.bid, r.scores, r.marks) for r in m.sheet] == [
        (0, 120, (-240, 60, 60), (("P",), (), ()))]
    assert m.record_deals()[0]["actions"] == ["bid 100", "look", "pass", "blind", "pass",
                                              "give 1 9C", "give 2 JC", "writeoff"]
    round_trip(m)


def test_blind_any_outbid_lapses_and_a_first_turn_at_120_just_looks() -> None:
    m = dealt(D, **BLIND_ANY)
    play(m, "bid 100", "blind")  # seat 2 bids blind
    assert m.observation(2)["hand"] is None and m.observation(None)["blind"] is True
    # seat 0's first turn comes with the bid at 120: no blind, he sees his hand
    assert m.current_player() == 0 and m.legal_texts()[:2] == ["pass", "bid 125"]
    assert m.observation(0)["hand"] == "AS TS KS QS JS 9S AC"
    play(m, "pass", "bid 125")  # seat 1 outbids the blind
    assert m.observation(None)["blind"] is False and m.observation(None)["blind_bidder"] is None
    assert m.observation(2)["hand"] == "KC AD TD KD QD JD 9D"  # the blind lapsed: he looks
    assert m.current_player() == 2 and m.legal_texts()[:2] == ["pass", "bid 130"]
    play(m, "pass")
    assert (m.phase, m.current_player()) == ("talon", 1)
    assert m.observation(0)["talon"] == "QC JC 9C"  # no blind stands: shown
    round_trip(m)


def test_look_refused_for_the_forced_bidder_and_after_looking() -> None:
    m = dealt(D, **BLIND_ANY)
    refused(m, "look", "the forced bidder does not look: say blind")
    play(m, "bid 100")
    refused(m, "bid 105", "you have not seen your cards: say blind \\(120 blind\\) or look")
    refused(m, "pass", "you have not seen your cards")
    play(m, "look", "bid 105")
    play(m, "look", "pass")  # seat 0 looks and passes
    assert m.current_player() == 1
    refused(m, "look", "you have already seen your cards")
    refused(m, "blind", "you have seen your cards: the blind is bid before looking")
    play(m, "pass")
    refused(m, "look", "'look' is not possible in the talon phase")


def test_look_needs_blind_for_any() -> None:
    m = dealt(D, blind_bid=True)  # blind_bidders = forced: only the forced bidder's choice
    assert m.legal_texts() == ["blind", "bid 100"]
    play(m, "bid 100")
    assert m.legal_texts()[:2] == ["pass", "bid 105"]
    refused(m, "look", "nobody looks at this table")
    refused(m, "blind", "the blind 120 is only for the forced bidder.s opening")


def test_blind_min_score_below_it_the_forced_100_is_automatic() -> None:
    m = dealt(D, blind_min_score=1, **BLIND_ANY)
    # totals are 0 < 1: nobody is offered the blind; the forced 100 is made for seat 1
    assert (m.phase, m.current_player()) == ("bidding", 2)
    assert m.legal_texts()[:2] == ["pass", "bid 105"]
    assert m.observation(1)["history"] == [[1, "bid 100"]]
    assert m.observation(None)["hands_unseen"] == []
    refused(m, "blind", "the blind needs a total of at least 1 \\(you have 0\\)")
    refused(m, "look", "you have already seen your cards")
    play(m, "bid 105", "pass", "pass")
    assert m.record_deals()[0]["actions"] == ["bid 105", "pass", "pass"]
    round_trip(m)


def test_blind_min_score_met_offers_the_blind() -> None:
    m = dealt(D, blind_min_score=0, **BLIND_ANY)
    assert m.legal_texts() == ["blind", "bid 100"]


def test_forced_bidder_asked_about_a_redeal_opens_with_the_automatic_100() -> None:
    # §11.P.2: seat 1 (9 points: under redeal_below 14) is asked, so he has seen his hand
    poor = {"hands": ["AS TS KS QS AC TC KC", "9S JS 9C JC QC 9D JD", "AD TD KD QD AH TH KH"],
            "talon": "QH JH 9H"}
    m = dealt(poor, blind_bid=True)
    assert (m.phase, m.current_player(), m.legal_texts()) == ("redeal", 1, ["redeal", "keep"])
    play(m, "keep")
    assert (m.phase, m.current_player()) == ("bidding", 2)
    assert m.observation(1)["history"] == [[1, "keep"], [1, "bid 100"]]
    # without the redeal question he would have been offered the blind
    m2 = dealt(poor, blind_bid=True, redeal=False)
    assert m2.legal_texts() == ["blind", "bid 100"] and m2.observation(1)["hand"] is None


def test_the_barrel_seat_is_not_offered_the_blind() -> None:
    m = dealt(None, **BLIND_ANY)
    m.score.totals[2] = 880
    m.score.on_barrel[2] = True
    m.deal(D)
    play(m, "bid 100")
    # seat 2's automatic C (120) is made for him; seat 0's first turn comes at 120
    assert m.observation(0)["history"] == [[1, "bid 100"], [2, "bid 120"]]
    assert m.current_player() == 0 and m.legal_texts()[0] == "pass"


# -- golden_horse_120 ---------------------------------------------------------------------------
def test_golden_horse_120_the_forced_bidder_declares_120_without_an_auction() -> None:
    m = dealt(D, blind_bid=True, **GOLDEN)
    # no auction, no blind: seat 1 is declarer at 120, his bid applied and not written
    assert (m.phase, m.current_player()) == ("talon", 1)
    assert m.observation(0)["history"] == [[1, "bid 120"]]
    assert m.observation(0)["talon"] == "QC JC 9C" and m.observation(1)["hand"] is not None
    assert m.outcome("writeoff").golden is True
    refused(m, "bid 125", "'bid' is not possible in the talon phase")
    play(m, "give 0 9C", "give 2 JC")
    assert m.legal_texts()[:2] == ["contract 120", "contract 125"]  # he may raise
    assert m.legal_texts()[-1] == "writeoff"
    play(m, "writeoff")
    # golden horse: -120 x 2 for him, half of 120 (60) x 2 for each opponent
    assert [(r.declarer, r.bid, r.scores, r.marks) for r in m.sheet] == [
        (1, 120, (120, -240, 120), (("x2",), ("P", "x2"), ("x2",)))]
    assert m.record_deals()[0]["actions"] == ["give 0 9C", "give 2 JC", "writeoff"]
    round_trip(m)


def test_golden_horse_120_record_and_the_fourth_deal_has_an_auction() -> None:
    deals = [dict(D, actions=["give 0 9C", "give 2 JC", "writeoff"])]
    rec = record(GOLDEN, *deals)
    assert rows(rec) == [(1, 120, [120, -240, 120], [["x2"], ["P", "x2"], ["x2"]])]
    m = replay_record(rec).match
    m.deal(D)  # deal 2: dealer 1, forced bidder 2 declares 120
    assert (m.phase, m.current_player(), m.observation(0)["history"]) == (
        "talon", 2, [[2, "bid 120"]])
    fresh = dealt(None, **GOLDEN)
    fresh.score.scored_deals = 3  # past the three golden-horse deals: an auction again
    fresh.deal(D)
    assert (fresh.phase, fresh.current_player()) == ("bidding", 2)


def test_golden_horse_120_writeoff_forbidden() -> None:
    m = dealt(D, writeoff_in_golden_horse="forbidden", allow_strikeout=True, **GOLDEN)
    assert "writeoff" not in m.legal_texts() and "strikeout" not in m.legal_texts()
    refused(m, "writeoff", "no write-off in a golden-horse deal")
    refused(m, "strikeout", "no strike-out in a golden-horse deal")


# -- the barrel bidders ---------------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "history"), [
    ("contract", [[1, "bid 100"], [2, "bid 120"]]),  # C = 120 bid for him
    ("accumulate", [[1, "bid 100"]]),  # he bids like anyone
])
def test_only_contract_mode_barrel_seats_bid_c(mode: str, history: list[list[Any]]) -> None:
    m = ThousandMatch(ThousandRules.from_preset("classic", barrel_mode=mode), seed=3,
                      first_dealer=0)
    m.score.totals[2] = 880
    m.score.on_barrel[2] = True
    m.deal(D)
    assert m.observation(None)["history"] == history
    assert m.current_player() == (0 if mode == "contract" else 2)


def test_blind_any_two_players_offers_the_non_forced_player() -> None:
    two = {"hands": ["AS TS KS QS JS 9S AC TC KC QC", "AH TH KH QH JH 9H AD TD KD QD"],
           "talon": ["9C 9D", "JC JD"]}
    m = dealt(two, "two_players", **BLIND_ANY)
    assert (m.current_player(), m.legal_texts()) == (1, ["blind", "bid 100"])
    play(m, "bid 100")
    assert (m.current_player(), m.legal_texts()) == (0, ["blind", "look"])
    play(m, "blind")
    assert (m.phase, m.current_player()) == ("bidding", 1)
    play(m, "pass")
    assert (m.phase, m.current_player(), m.legal_texts()) == ("talon", 0, ["take 0", "take 1"])
    assert m.observation(1)["talon_piles"] == [None, None]  # a standing blind: not shown
    round_trip(m)


def test_golden_horse_120_barrel_forced_bidder_bids_c() -> None:
    # online: C = 121; seat 1, the forced bidder, sits on the barrel: his automatic bid is 121
    m = ThousandMatch(ThousandRules.from_preset("online", **GOLDEN), seed=3, first_dealer=0)
    m.score.totals[1] = 880
    m.score.on_barrel[1] = True
    m.deal(D)
    assert (m.phase, m.current_player(), m.observation(0)["history"]) == (
        "talon", 1, [[1, "bid 121"]])
    play(m, "give 0 9C", "give 2 JC")
    assert m.legal_texts()[:2] == ["contract 121", "contract 125"]


def test_golden_horse_120_wins_over_the_barrel_without_barrel_bidding() -> None:
    # §11.P.10: barrel_bidding off, seat 2 on the barrel: the forced bidder (1) declares 120
    m = ThousandMatch(ThousandRules.from_preset("classic", barrel_bidding=False, **GOLDEN),
                      seed=3, first_dealer=0)
    m.score.totals[2] = 880
    m.score.on_barrel[2] = True
    m.deal(D)
    assert (m.current_player(), m.observation(0)["history"]) == (1, [[1, "bid 120"]])
    plain = ThousandMatch(ThousandRules.from_preset("classic", barrel_bidding=False), seed=3,
                          first_dealer=0)
    plain.score.totals[2] = 880
    plain.score.on_barrel[2] = True
    plain.deal(D)
    assert (plain.current_player(), plain.observation(0)["history"]) == (2, [[2, "bid 120"]])


def test_blind_any_the_redeal_round_shows_only_the_asked_their_hands() -> None:
    poor = {"hands": ["AS TS KS QS AC TC KC", "9S JS 9C JC QC 9D JD", "AD TD KD QD AH TH KH"],
            "talon": "QH JH 9H"}
    m = dealt(poor, **BLIND_ANY)
    assert (m.phase, m.current_player()) == ("redeal", 1)
    assert m.observation(None)["hands_unseen"] == [0, 2]
    assert m.observation(1)["hand"] is not None and m.observation(2)["hand"] is None
    play(m, "keep")
    # seat 1 was asked: the automatic 100 (§11.P.2); seat 2 still chooses blind or look
    assert (m.phase, m.current_player(), m.legal_texts()) == ("bidding", 2, ["blind", "look"])
    assert m.record_deals()[0]["actions"] == ["keep"]


def test_a_standing_blind_declarer_sees_his_hand_in_the_after_pass_redeal_round() -> None:
    poor = {"hands": ["AS TS KS QS AC TC KC", "9S JS 9C JC QC 9D JD", "AD TD KD QD AH TH KH"],
            "talon": "QH JH 9H"}
    m = dealt(poor, redeal_when="after_pass", **BLIND_ANY)
    play(m, "blind", "pass", "pass")  # seat 1's blind 120 stands (the others see at 120)
    assert (m.phase, m.current_player()) == ("talon", 1)
    play(m, "give 0 9H", "give 2 JH")
    assert (m.phase, m.current_player()) == ("redeal", 1)  # his 8 cards: 11 points
    assert m.observation(1)["hand"] is not None and m.observation(None)["hands_unseen"] == []
