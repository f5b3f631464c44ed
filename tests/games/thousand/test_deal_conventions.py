"""The deal's conventions of rules/thousand.md §3, §11.3 and §11.R: ``redeal_nines_jacks``,
``redeal_when`` = ``both``, ``cut_by``, ``cut_penalty`` and the record's ``cut_penalty_seat``.
"""

from __future__ import annotations

from typing import Any

import pytest

from kozyr.cards import parse_hand
from kozyr.core.errors import RecordError
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand.deal import bad_talon, cutter, redeal_eligible
from kozyr.records import replay_record, write_record
from tests.games.thousand.fixtures import dealt, play, refused
from tests.games.thousand.test_auction_conventions import D, record, round_trip, rows

#: Seed 174 (dealer 0): the cut ritual's third nine in a row charges the cutter.
CHARGED_SEED = 174
RITUAL: dict[str, Any] = {"cut_ritual": True}
THREE_NINES = {"hands": ["9S 9C 9D AH TH KH QH", "AS TS KS QS JS AC TC", "AD TD KD QD JD KC QC"],
               "talon": "9H JH JC"}
FOUR_JACKS = {"hands": ["JS JC JD JH AS TS AC", "KS QS 9S KC QC 9C TC", "AD TD KD QD 9D AH TH"],
              "talon": "KH QH 9H"}
POOR = {"hands": ["AS TS KS QS AC TC KC", "9S JS 9C JC QC 9D JD", "AD TD KD QD AH TH KH"],
        "talon": "QH JH 9H"}


# -- redeals ---------------------------------------------------------------------------------------
def test_redeal_eligible_and_bad_talon() -> None:
    classic = ThousandRules.from_preset("classic")
    nj = ThousandRules.from_preset("classic", redeal_nines_jacks=True)
    hands = ["9S 9C 9D AH TH KH QH", "JS JC JD JH AS TS AC", "9S 9C AH TH KH QH AS",
             "9S 9C 9D 9H AH TH KH", "9S JS 9C JC QC 9D JD"]
    assert [redeal_eligible(parse_hand(h), classic) for h in hands] == [
        False, False, False, True, True]
    assert [redeal_eligible(parse_hand(h), nj) for h in hands] == [True, True, False, True, True]
    assert [bad_talon(parse_hand(t)) for t in ("QC JC 9C", "9C 9D AC", "JS JC JD", "AS 9H",
                                               "JC JD")] == [False, True, True, False, True]


@pytest.mark.parametrize("deal", [THREE_NINES, FOUR_JACKS])
def test_redeal_nines_jacks_asks_three_nines_and_four_jacks(deal: dict[str, object]) -> None:
    assert dealt(deal).phase == "bidding"  # 28 and 40 points: not eligible by default
    m = dealt(deal, redeal_nines_jacks=True)
    assert (m.phase, m.current_player(), m.legal_texts()) == ("redeal", 0, ["redeal", "keep"])
    play(m, "redeal")
    assert m.sheet[-1].marks == (("redeal",),) * 3 and m.observation(None)["dealer"] == 0
    round_trip(m)


def test_redeal_when_both_asks_before_the_bidding_and_again_after_the_pass() -> None:
    m = dealt(POOR, redeal_when="both")
    # seat 1's 9 points: asked before the bidding
    assert (m.phase, m.current_player()) == ("redeal", 1)
    play(m, "keep", "bid 105", "pass", "pass")  # seat 2 declares, takes QH JH 9H
    play(m, "give 0 9H", "give 1 JH")
    # seat 1 now holds 11 points (8 cards): asked again; the keep before does not stop it
    assert (m.phase, m.current_player(), m.legal_texts()) == ("redeal", 1, ["redeal", "keep"])
    play(m, "keep")
    assert (m.phase, m.current_player()) == ("contract", 2)
    round_trip(m)
    again = dealt(POOR, redeal_when="both")
    play(again, "keep", "bid 105", "pass", "pass", "give 0 9H", "give 1 JH", "redeal")
    assert again.sheet[-1].marks == (("redeal",),) * 3


def test_redeal_when_before_bidding_or_after_pass_asks_once() -> None:
    m = dealt(POOR)
    play(m, "keep", "bid 105", "pass", "pass", "give 0 9H", "give 1 JH")
    assert m.phase == "contract"
    m = dealt(POOR, redeal_when="after_pass")
    assert m.phase == "bidding"
    play(m, "bid 105", "pass", "pass", "give 0 9H", "give 1 JH")
    assert (m.phase, m.current_player()) == ("redeal", 1)


# -- the cut ritual ------------------------------------------------------------------------------
def test_cutter_left_and_right() -> None:
    assert [cutter(3, d, "left") for d in range(3)] == [1, 2, 0]
    assert [cutter(3, d, "right") for d in range(3)] == [2, 0, 1]
    assert [cutter(4, d, "right") for d in range(4)] == [3, 0, 1, 2]
    assert [cutter(2, d, c) for d in range(2) for c in ("left", "right")] == [1, 1, 0, 0]


@pytest.mark.parametrize(("cut_by", "penalty", "seat"), [("left", 120, 1), ("right", 100, 2)])
def test_cut_penalty_reaches_the_record_and_the_sheet(cut_by: str, penalty: int,
                                                     seat: int) -> None:
    rules = ThousandRules.from_preset("classic", cut_ritual=True, cut_by=cut_by,
                                      cut_penalty=penalty)
    m = ThousandMatch(rules, seed=CHARGED_SEED, first_dealer=0)
    m.deal()
    assert m.cut_penalties == [[0, seat, penalty]]
    assert m.outcome("redeal").cut_penalty_seat == seat
    assert m.record_deals()[0]["cut_penalty_seat"] == seat
    while not m.awaiting_deal:  # the first legal action each time
        m.apply_action(m.legal_actions()[0])
    row = m.sheet[0]
    assert "cut-penalty" in row.marks[seat]
    again = replay_record(write_record(m)).match
    assert isinstance(again, ThousandMatch)
    assert again.sheet == m.sheet and again.cut_penalties == m.cut_penalties


def test_cut_penalty_seat_with_explicit_cards_charges_the_cutter() -> None:
    deal = dict(D, cut_penalty_seat=1, actions=["bid 105", "pass", "pass", "writeoff"])
    # seat 2 writes off 105: 55 each for seats 0 and 1; seat 1, the cutter, loses 120
    assert rows(record(RITUAL, deal)) == [
        (2, 105, [55, -65, -105], [[], ["cut-penalty"], ["P"]])]
    m = replay_record(record(RITUAL, deal)).match
    assert m.record_deals()[0]["cut_penalty_seat"] == 1
    # a redealt deal keeps the loss in its scores, its points 0
    redeal = dict(POOR, cut_penalty_seat=1, actions=["redeal"])
    summary = replay_record(record(RITUAL, redeal)).summary()["deals"][0]
    assert (summary["points"], summary["scores"]) == ([0, 0, 0], [0, -120, 0])
    assert summary["marks"][1] == ["redeal", "cut-penalty"]


@pytest.mark.parametrize(("rules", "deal", "message"), [
    ({}, dict(D, cut_penalty_seat=1), "deal 1: Thousand deal, 'cut_penalty_seat': the table "
                                      "has no cut ritual"),
    (RITUAL, dict(D, cut_penalty_seat=2), "deal 1: .*seat 2 did not cut this deal "
                                          "\\(seat 1 did\\)"),
    ({"cut_ritual": True, "cut_by": "right"}, dict(D, cut_penalty_seat=1),
     "seat 1 did not cut this deal \\(seat 2 did\\)"),
    (RITUAL, dict(D, cut_penalty_seat="1"), "must be a seat number, not '1'"),
    (RITUAL, {"cut_penalty_seat": 1}, "deal 1: .*the seeded cut charged nobody"),
])
def test_cut_penalty_seat_refused(rules: dict[str, object], deal: dict[str, object],
                                  message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay_record(record(rules, dict(deal, actions=[])))


def test_cut_penalty_seat_with_seeded_cards_must_agree() -> None:
    rec = record(RITUAL, {"cut_penalty_seat": 1, "actions": []})
    rec["seed"] = CHARGED_SEED
    m = replay_record(rec).match
    assert isinstance(m, ThousandMatch) and m.cut_penalties == [[0, 1, 120]]


def test_deal_refused_changes_nothing() -> None:
    m = dealt(None, **RITUAL)
    with pytest.raises(RecordError):
        m.deal(dict(D, cut_penalty_seat=0))
    assert m.awaiting_deal and m.cut_penalties == [] and m.record_deals() == []
    m.deal(dict(D, cut_penalty_seat=1))
    refused(m, "redeal", "'redeal' is not possible in the bidding phase")
