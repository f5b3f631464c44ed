"""Debertz scenarios with explicit cards: bidding, second deal, swap, melds, bella, play, scoring.

Deals are written as each seat's final hand ("first six, then its second-deal packet"); the
helper builds the record's ``hands`` and ``stock`` from them (rules/debertz.md §8).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from kozyr.cards import format_hand, parse_hand
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.games.debertz import DebertzMatch, DebertzRules

# -- helpers ---------------------------------------------------------------------------------
from tests.games.debertz.fixtures import (
    D3,
    D3_PLAY,
    FOUR,
    STRONG,
    STRONG_PLAY,
    TIE,
    TIE_PLAY,
    WEAK,
    act,
    hand,
    make_deal,
    new,
    play,
    plays,
    refused,
    same,
)


def test_seeded_deals_are_deterministic_and_complete() -> None:
    a, b = DebertzMatch(DebertzRules.from_preset("debertz3"), seed=5), \
        DebertzMatch(DebertzRules.from_preset("debertz3"), seed=5)
    assert a.first_dealer == b.first_dealer and 0 <= a.first_dealer < 3
    a.deal()
    b.deal()
    assert a.record_deals() == b.record_deals()
    rec = a.record_deals()[0]
    everything = " ".join(rec["hands"]) + " " + rec["stock"]
    assert parse_hand(everything) == (1 << 32) - 1 and len(everything.split()) == 32
    c = DebertzMatch(DebertzRules.from_preset("debertz3"), seed=6, first_dealer=0)
    c.deal()
    assert c.record_deals()[0] != rec


@pytest.mark.parametrize(("cards", "message"), [
    ({"hands": ["AS"]}, "Debertz deal, 'stock': is missing"),
    ({"hands": ["AS KS QS JS TS 9S"], "stock": ""},
     "Debertz deal, 'hands': must be a list of 3 hands"),
    ({"hands": ["AS KS QS JS TS", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D"],
      "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C 7C"},
     "'hands' seat 0: must hold 6 cards, not 5"),
    ({"hands": ["AS KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D"],
      "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C 7C", "talon": "AS"}, "unknown key"),
    ({"hands": ["AS KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D"],
      "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C"}, "'stock': must hold 14 cards, not 13"),
    ({"hands": ["AS KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D"],
      "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C AS"},
     "'stock': AS is dealt twice \\(also in 'hands' seat 0\\)"),
    ({"hands": ["AS KS QS JS TS 1S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D"],
      "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C 7C"}, "not a card"),
])
def test_explicit_deals_are_validated(cards: dict[str, Any], message: str) -> None:
    m = new()
    with pytest.raises(RecordError, match=message):
        m.deal(cards)
    assert m.awaiting_deal and m.record_deals() == []


def test_deal_only_when_due() -> None:
    m = new("debertz2")
    m.deal()
    with pytest.raises(IllegalActionError, match="still being played"):
        m.deal()


# -- bidding -----------------------------------------------------------------------------------


def test_round_one_accept_makes_the_declarer_with_the_turned_suit() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0))
    assert m.phase == "bidding" and m.current_player() == 1
    assert m.legal_texts() == ["accept", "pass"]
    refused(m, "trump S", "round 1")
    act(m, "pass", "accept")
    obs = m.observation(None)
    assert (obs["declarer"], obs["trump"], obs["phase"]) == (2, "H", "play")
    assert obs["leader"] == 2 and m.current_player() == 2


def test_round_two_names_another_suit() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0))
    act(m, "pass", "pass", "pass")
    assert m.observation(None)["round"] == 2 and m.current_player() == 1
    assert m.legal_texts() == ["trump S", "trump C", "trump D", "pass"]
    refused(m, "trump H", "H was turned and refused")
    refused(m, "accept", "round 2")
    act(m, "pass", "trump S")
    obs = m.observation(0)
    assert (obs["declarer"], obs["trump"]) == (2, "S")
    assert obs["turned"] == "8H"  # it stays on the table with 3 players


def test_everybody_passing_twice_is_a_redeal_row() -> None:
    m = new("debertz2", dealer=1)
    m.deal()
    act(m, "pass", "pass", "pass", "pass")
    assert m.awaiting_deal and m.dealer == 0 and m.deal_index == 1
    (row,) = m.sheet
    assert row.to_json() == {"dealer": 1, "declarer": None, "bid": None, "contract": None,
                             "trump": None, "points": [0, 0], "scores": [0, 0],
                             "totals": [0, 0], "marks": [["redeal"], ["redeal"]]}
    assert m.record_deals()[0]["actions"] == ["pass"] * 4
    assert m.open_deal() is None


def test_obligation_makes_the_dealer_name_a_trump() -> None:
    m = new("debertz3", dealer=0, obligation=True)
    m.deal(make_deal(D3, "8H", dealer=0))
    act(m, "pass", "pass", "pass", "pass", "pass")
    assert m.current_player() == 0
    assert "pass" not in m.legal_texts()
    refused(m, "pass", "obligation")
    act(m, "trump C")
    assert m.observation(None)["declarer"] == 0
    free = new("debertz3", dealer=0)
    free.deal(make_deal(D3, "8H", dealer=0))
    act(free, "pass", "pass", "pass", "pass", "pass")
    assert "pass" in free.legal_texts()


# -- the second deal, the cutter ---------------------------------------------------------------


def test_second_deal_gives_packets_clockwise_from_the_dealers_left() -> None:
    m = new("debertz3", dealer=2)
    m.deal(make_deal(D3, "8H", dealer=2))
    assert hand(m, 0) == format_hand(parse_hand(" ".join(D3[0].split()[:6])))
    act(m, "accept")
    for seat in range(3):
        assert same(hand(m, seat), D3[seat])
    assert m.observation(None)["hand_sizes"] == [9, 9, 9]
    assert m.observation(None)["stock_size"] == 4


def test_four_players_declarer_takes_the_turned_card_and_one_stock_card() -> None:
    hands = ["JH AH TH KH QH 7H AC JD", "AS TS KS QS 7D 8D 9D", "9H 7C 8C 9C JC QC KC TC",
             "JS 9S 8S 7S QD KD TD AD"]
    m = new("debertz4", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept")
    assert same(hand(m, 1), hands[1] + " 8H")
    for seat in (0, 2, 3):
        assert same(hand(m, seat), hands[seat])
    obs = m.observation(None)
    assert obs["hand_sizes"] == [8, 8, 8, 8]
    assert obs["turned"] is None and obs["cutter"] is None and obs["stock_size"] == 0


def test_cutter_is_the_stock_bottom_shown_after_the_second_deal() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0, bottom="QD"))
    assert m.observation(1)["cutter"] is None
    act(m, "accept")
    assert m.observation(1)["cutter"] == "QD"
    assert m.observation(None)["cutter"] == "QD"
    hidden = new("debertz3", dealer=0, cutter_visible=False)
    hidden.deal(make_deal(D3, "8H", dealer=0, bottom="QD"))
    act(hidden, "accept")
    assert hidden.observation(1)["cutter"] is None


def test_two_players_cutter_is_the_last_of_thirteen_left() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal([WEAK, STRONG], "8H", dealer=0, bottom="7S"))
    act(m, "accept")
    obs = m.observation(0)
    assert obs["stock_size"] == 13 and obs["cutter"] == "7S"


def test_first_lead_left_of_dealer() -> None:
    m = new("debertz3", dealer=0, first_lead="left_of_dealer")
    m.deal(make_deal(D3, "8H", dealer=0))
    act(m, "pass", "accept")
    assert m.current_player() == 1 and m.observation(None)["leader"] == 1


# -- seven swap --------------------------------------------------------------------------------


def test_seven_swap_takes_the_turned_card() -> None:
    hands = [WEAK.replace("8D", "7H"), STRONG]
    m = new("debertz2", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept", "play JH")
    assert m.current_player() == 0 and "swap7" in m.legal_texts()
    act(m, "swap7")
    assert same(hand(m, 0), hands[0].replace("7H", "8H"))
    obs = m.observation(1)
    assert obs["turned"] == "7H" and obs["history"][-1] == [0, "swap7"]
    assert "swap7" not in m.legal_texts()
    refused(m, "swap7", "already been swapped")
    act(m, "play 8H")  # must follow trump; 8H is his only one


def test_seven_swap_refused_after_the_first_card_or_a_declaration() -> None:
    hands = [WEAK.replace("8D", "7H"), STRONG]
    m = new("debertz2", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept")
    refused(m, "swap7", "do not hold the seven")  # seat 1 has no 7H
    play(m, "JH 7H 9H 8C")
    refused(m, "swap7", "before your first card")
    declared = ["KS QS JS KC QC 8C KD QD 7H", STRONG]   # seat 0: tertz J Q K of spades
    m2 = new("debertz2", dealer=0)
    m2.deal(make_deal(declared, "8H", dealer=0))
    act(m2, "accept", "play JH")
    assert {"swap7", "declare"} <= set(m2.legal_texts())
    act(m2, "declare")
    refused(m2, "swap7", "before you declare")


def test_no_seven_swap_when_trump_was_named_in_round_two() -> None:
    hands = [WEAK.replace("8D", "7S"), STRONG]
    m = new("debertz2", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "pass", "pass", "pass", "trump S")
    assert m.current_player() == 0  # the declarer leads
    refused(m, "swap7", "turned suit is trump")


def test_no_seven_swap_when_the_option_is_off() -> None:
    hands = [WEAK.replace("8D", "7H"), STRONG]
    m = new("debertz2", dealer=0, seven_swap=False)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept", "play JH")
    refused(m, "swap7", "not played at this table")


def test_no_seven_swap_with_four_players() -> None:
    m = new("debertz4", dealer=0)
    m.deal(make_deal(FOUR, "8H", dealer=0))
    act(m, "accept", "play AS", "play 9H", "play 7S")
    assert m.current_player() == 0 and same(hand(m, 0), FOUR[0])   # he holds 7H
    assert "swap7" not in m.legal_texts()
    refused(m, "swap7", "not played")


# -- melds -------------------------------------------------------------------------------------


def d3_match(dealer: int = 0, **options: Any) -> DebertzMatch:
    m = new("debertz3", dealer=dealer, **options)
    m.deal(make_deal(D3, "8H", dealer=dealer))
    return m


def test_declare_shows_all_melds_and_needs_one() -> None:
    m = d3_match()
    act(m, "accept", "declare")
    assert m.observation(2)["melds"] == [[1, "tertz", "TS KS QS"], [1, "tertz", "TC KC QC"],
                                         [1, "tertz", "AD TD KD"]]
    refused(m, "declare", "already declared")
    act(m, "play AD", "declare", "play 7D")
    assert [x[:2] for x in m.observation(0)["melds"]][3:] == [[2, "fifty"]]
    assert m.observation(0)["melds"][3][2] == "JH 9H AH TH KH QH"
    act(m, "declare", "play JD")
    refused(m, "declare", "first trick only")


def test_natural_sequence_order_in_a_match() -> None:
    hands = ["9D TD JD 7C 8C 9C QS KS 8S", STRONG]
    natural = new("debertz2", dealer=0, natural_sequence_order=True)
    natural.deal(make_deal(hands, "8H", dealer=0))
    act(natural, "accept", "declare")
    assert natural.observation(0)["melds"] == [[1, "tertz", "JH TH 9H"]]
    act(natural, "play JH", "declare")
    assert natural.observation(1)["melds"][1:] == [[0, "tertz", "9C 8C 7C"],
                                                   [0, "tertz", "JD TD 9D"]]
    ranked = new("debertz2", dealer=0)
    ranked.deal(make_deal(hands, "8H", dealer=0))
    act(ranked, "accept", "declare")
    assert ranked.observation(0)["melds"] == [[1, "fifty", "JH 9H AH TH KH"]]
    act(ranked, "play JH", "declare")
    assert ranked.observation(1)["melds"][1:] == [[0, "tertz", "9C 8C 7C"]]


def test_declare_with_no_meld_is_illegal() -> None:
    hands = [WEAK, STRONG]
    m = new("debertz2", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept")
    assert "declare" in m.legal_texts()      # JH 9H AH TH KH: a fifty in trumps
    act(m, "play JH")
    assert "declare" not in m.legal_texts()
    refused(m, "declare", "no meld")


def _d3_scored(declarers: list[int]) -> DebertzMatch:
    """Play D3 with the given seats declaring in trick 1."""
    m = d3_match()
    act(m, "accept")
    for card in D3_PLAY.replace("|", " ").split()[:3]:
        if m.current_player() in declarers:
            act(m, "declare")
        act(m, "play " + card)
    play(m, " ".join(D3_PLAY.replace("|", " ").split()[3:]))
    return m


def test_d3_without_melds_is_a_bait_split_with_the_odd_point_lost() -> None:
    m = _d3_scored([])
    (row,) = m.sheet
    assert m.trick_points == [0, 13, 146]
    assert row.to_json() == {"dealer": 0, "declarer": 1, "bid": None, "contract": None,
                             "trump": "H", "points": [0, 13, 146], "scores": [6 - 50, 0, 152],
                             "totals": [-44, 0, 152], "marks": [["skate"], ["bait"], []]}
    assert m.baits == [0, 1, 0]


def test_the_best_meld_scores_all_its_sides_melds_and_no_other() -> None:
    m = _d3_scored([0, 1, 2])   # seat 2's trump fifty beats seat 0's fifty and seat 1's tertzes
    row = m.sheet[0]
    assert row.points == (0, 13, 146 + 50)
    assert row.scores == (6 - 50, 0, 196 + 6)


def test_the_higher_meld_of_the_declarer_scores_all_three_tertzes() -> None:
    m = _d3_scored([1])
    row = m.sheet[0]
    assert row.points == (0, 13 + 60, 146)
    assert row.scores == (36 - 50, 0, 146 + 36)


def test_melds_count_only_if_their_side_takes_a_trick() -> None:
    # seat 0's fifty (clubs 7 8 9 J) beats seat 1's tertzes, but seat 0 takes no trick:
    # nobody scores melds
    m = _d3_scored([0, 1])
    row = m.sheet[0]
    assert row.points == (0, 13, 146)
    assert row.scores == (6 - 50, 0, 152)


def test_third_bait_costs_100() -> None:
    m = new("debertz3", dealer=0)
    bids = {0: ["accept"], 1: ["pass", "pass", "accept"], 2: ["pass", "accept"]}
    for deal in range(3):
        assert m.dealer == deal
        m.deal(make_deal(D3, "8H", dealer=deal))
        act(m, *bids[deal])
        play(m, D3_PLAY)
    assert [r.scores[1] for r in m.sheet] == [0, 0, -100]
    assert m.baits == [0, 3, 0]
    assert m.totals == [-132, -100, 456] == [sum(r.scores[s] for r in m.sheet) for s in range(3)]


# -- debertz -----------------------------------------------------------------------------------


def test_debertz_stops_the_deal_and_wins_the_match() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(["AS AC 9S 8S 9C 8C 7S 7C JS", "JH 9H AH TH KH QH 8H TS TC",
                      "AD TD KD QD JD 9D 8D 7D KS"], "7H", dealer=0))
    act(m, "accept")
    assert "declare" in m.legal_texts()
    act(m, "declare")
    assert m.is_over and m.winner == 1 and m.phase == "over"
    (row,) = m.sheet
    assert row.marks == ((), ("debertz",), ()) and row.points == (0, 0, 0)
    assert row.scores == (0, 0, 0) and row.extra == {"trump": "H"} and row.declarer == 1
    assert m.observation(0)["melds"] == [[1, "debertz", "JH 9H AH TH KH QH 8H"]]
    with pytest.raises(IllegalActionError, match="match is over"):
        m.deal()
    with pytest.raises(IllegalActionError, match="match is over"):
        m.apply("pass")


def test_debertz_in_pairs_wins_for_the_team() -> None:
    hands = ["AS AC 9S 8S 9C 8C 7S KS", "AD TD KD QD JD 9D 7C", "KC QC JC TC 8D 7D QS JS",
             "JH 9H AH TH KH QH 8H TS"]
    m = new("debertz4", dealer=0)
    m.deal(make_deal(hands, "7H", dealer=0))
    act(m, "accept", "play AD", "play 7D")   # seat 2 must follow diamonds
    act(m, "declare")
    assert m.is_over and m.winner == [1, 3]
    assert m.sheet[0].marks == ((), ("debertz",), (), ("debertz",))


# -- bella -------------------------------------------------------------------------------------


def test_bella_scores_even_without_a_trick() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(["KH QH KS QS KC QC KD QD 8S", "JH 9H AH TH AS TS AC TC AD"], "8H",
                     dealer=0))
    act(m, "accept", "play JH")
    assert set(m.legal_texts()) == {"play KH", "play QH", "play KH bella", "play QH bella"}
    act(m, "play KH bella")
    assert m.observation(1)["bella"] == [0]
    assert m.observation(1)["history"][-1] == [0, "play KH bella"]
    play(m, "9H QH | AH 8S | TH QS | AS KS | TS QD | AC KC | TC QC | AD KD")
    (row,) = m.sheet
    assert row.points == (20, 146)
    assert row.scores == (20 - 50, 146)
    assert row.marks == (("skate",), ())


def test_bella_needs_both_cards_and_trump() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(["KH QH KS QS KC QC KD QD 8S", "JH 9H AH TH AS TS AC TC AD"], "8H",
                     dealer=0))
    act(m, "accept", "play JH")
    refused(m, "play KS bella", "king and queen of trump")
    act(m, "play QH bella", "play 9H")
    refused(m, "play KH bella", "no longer hold QH")


def test_bella_after_trick_waits_for_a_won_trick() -> None:
    hands = [WEAK, STRONG.replace("TH", "QH")]
    m = new("debertz2", dealer=0, bella_after_trick=True)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept")
    assert "play KH bella" not in m.legal_texts()
    refused(m, "play KH bella", "only after your side has won a trick")
    play(m, "JH 8S")
    act(m, "play KH bella")
    assert m.observation(0)["bella"] == [1]
    default = new("debertz2", dealer=0)
    default.deal(make_deal(hands, "8H", dealer=0))
    act(default, "accept", "play KH bella")
    assert default.observation(0)["bella"] == [1]


# -- play --------------------------------------------------------------------------------------


def test_must_follow_then_trump_then_overtrump() -> None:
    hands = ["9H 7H KD TD AD AC TH KH JH", "AS TS KS QS 7D 8D 9D JD QD",
             "AH QH 7C 8C 9C JC QC KC TC"]
    m = new("debertz3", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept", "play AS")
    assert plays(m) == {"play QH", "play AH"}
    refused(m, "play 7C", "no spades, so you must trump")
    act(m, "play QH")
    assert plays(m) == {"play 9H", "play TH", "play KH", "play JH"}
    refused(m, "play 7H", "overtrump")
    refused(m, "play KD", "must trump")
    act(m, "play KH")
    assert m.observation(None)["last_trick"] == {"cards": [[1, "AS"], [2, "QH"], [0, "KH"]],
                                                 "winner": 0}
    act(m, "play JH", "play 7D")
    assert set(m.legal_texts()) == {"play AH"}        # trump led: a lower trump if no higher
    refused(m, "play 7C", "follow suit")


def test_trump_led_must_be_overtrumped() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(TIE, "8H", dealer=0))
    act(m, "accept")
    play(m, "JH TH")
    act(m, "play 9H")
    assert m.legal_texts() == ["play AH"]
    m2 = new("debertz2", dealer=0)
    m2.deal(make_deal([TIE[0].replace("AH", "QH"), TIE[1].replace("9H", "KH")], "8H",
                      dealer=0))
    act(m2, "accept", "play JH", "play TH", "play KH")
    refused(m2, "play AS", "follow suit")
    assert m2.legal_texts() == ["play QH"]      # Q is below K: a lower trump all the same


def test_overtrump_over_a_partner() -> None:
    m = new("debertz4", dealer=0)
    m.deal(make_deal(FOUR, "8H", dealer=0))
    act(m, "accept", "play AS")
    assert plays(m) == {"play 9H"}
    act(m, "play 9H", "play 7S")
    assert plays(m) == {"play JH"}          # partner seat 2 wins, but J must go on
    refused(m, "play AH", "overtrump")


def test_lower_trump_when_unable_to_overtrump() -> None:
    hands = ["AH TH KH QH 7H AC JD QD", "AS TS KS QS 7D 8D 9D", "9H 7C 8C 9C JC QC KC TC",
             "JH JS 9S 8S 7S KD TD AD"]
    m = new("debertz4", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept", "play AS", "play 9H", "play 7S")
    assert plays(m) == {"play AH", "play TH", "play KH", "play QH", "play 7H",
                                    "play KH bella", "play QH bella"}
    refused(m, "play AC", "must trump")


# -- scoring -----------------------------------------------------------------------------------


def test_declarer_makes_it_and_the_last_trick_counts_ten() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal([WEAK, STRONG], "8H", dealer=0))
    act(m, "accept")
    moves = STRONG_PLAY.replace("|", " ").split()
    play(m, " ".join(moves[:-2]))
    before = m.trick_points[1]
    play(m, " ".join(moves[-2:]))
    assert m.sheet[0].points[1] - before == 10 + 10 + 3   # TC + QC + the last trick
    (row,) = m.sheet
    assert row.to_json() == {"dealer": 0, "declarer": 1, "bid": None, "contract": None,
                             "trump": "H", "points": [0, 132], "scores": [-50, 132],
                             "totals": [-50, 132], "marks": [["skate"], []]}
    assert m.awaiting_deal and m.dealer == 1


def test_hanging_bait_goes_to_the_next_declarer_who_makes_it() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(TIE, "8H", dealer=0))
    act(m, "accept")
    play(m, TIE_PLAY)
    row = m.sheet[0]
    assert row.points == (55, 55) and row.scores == (55, 0)
    assert row.marks == ((), ("hanging-bait",)) and m.pot == 55
    assert m.observation(0)["pot"] == 55 and m.baits == [0, 0]
    m.deal(make_deal([STRONG, WEAK], "8H", dealer=1))
    act(m, "accept")
    play(m, STRONG_PLAY)
    row = m.sheet[1]
    assert row.points == (132, 0) and row.scores == (132 + 55, -50)
    assert m.pot == 0 and m.totals == [55 + 187, -50]


def test_hanging_bait_goes_to_the_defenders_when_the_next_declarer_fails() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(TIE, "8H", dealer=0))
    act(m, "accept")
    play(m, TIE_PLAY)
    m.deal(make_deal([STRONG, WEAK], "8H", dealer=1))
    act(m, "pass", "accept")
    play(m, "8S AS | JH 8C | 9H 8D | AH QD | TH KD | KH QS | TS KS | AC KC | TC QC")
    row = m.sheet[1]
    assert row.declarer == 1 and row.points == (132, 0)
    assert row.scores == (132 + 55, -50)            # a baited declarer is skated as well
    assert row.marks == ((), ("bait", "skate"))
    assert m.pot == 0 and m.baits == [0, 1]


def test_the_pot_waits_through_a_redeal() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(TIE, "8H", dealer=0))
    act(m, "accept")
    play(m, TIE_PLAY)
    m.deal()
    act(m, "pass", "pass", "pass", "pass")
    assert m.pot == 55 and m.sheet[-1].marks == (("redeal",), ("redeal",))
    assert m.dealer == 0
    m.deal(make_deal([WEAK, STRONG], "8H", dealer=0))
    act(m, "accept")
    play(m, STRONG_PLAY)
    assert m.sheet[-1].scores == (-50, 132 + 55) and m.pot == 0


def test_a_further_tie_adds_to_the_pot() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(TIE, "8H", dealer=0))
    act(m, "accept")
    play(m, TIE_PLAY)
    m.deal(make_deal(TIE[::-1], "8H", dealer=1))
    act(m, "accept")
    play(m, TIE_PLAY)
    assert m.pot == 110
    assert [r.marks for r in m.sheet] == [((), ("hanging-bait",)), (("hanging-bait",), ())]


def test_pairs_get_the_bait_whole_and_partners_share_every_figure() -> None:
    hands = ["JH 9H AH TH KH QH AS JC", "7S 8S 9S 7C 8C 9C 7D", "TS KS TC KC AD TD KD QD",
             "8H 8D 9D JS AC JD QS QC"]
    m = new("debertz4", dealer=0)
    m.deal(make_deal(hands, "7H", dealer=0))
    act(m, "accept")
    play(m, "7H KD 8H JH | 9H 7D QD 8D | AH 8C TD 9D | TH 9C AD JD | KH 7S KC QC |"
            " QH 8S KS JS | JC 7C TC AC | QS AS 9S TS")
    (row,) = m.sheet
    assert row.points == (139, 23, 139, 23)
    assert row.scores == (162, 0, 162, 0)
    assert row.marks == ((), ("bait",), (), ("bait",))
    assert m.totals == [162, 0, 162, 0] and m.baits == [0, 1, 0, 1]
    assert m.trick_points == [139, 23, 139, 23]


def test_match_ends_at_the_target() -> None:
    m = new("debertz3", dealer=0, target=150)
    m.deal(make_deal(D3, "8H", dealer=0))
    act(m, "accept")
    play(m, D3_PLAY)
    assert m.is_over and m.winner == 2 and m.phase == "over" and not m.awaiting_deal
    assert m.current_player() is None and m.legal_actions() == []
    obs = m.observation(None)
    assert obs["is_over"] and obs["winner"] == 2


@pytest.mark.parametrize(("dealer", "bids", "before", "winner"), [
    (1, ["pass", "pass", "accept"], [600, 556, 404], 1),   # equal: the declarer's side
    (1, ["pass", "pass", "accept"], [600, 100, 404], 2),   # then first from the dealer's left
    (2, ["pass", "accept"], [600, 100, 404], 0),
    (2, ["pass", "accept"], [600, 100, 405], 2),           # the highest total first
])
def test_match_end_tie_breaks(dealer: int, bids: list[str], before: list[int],
                              winner: int) -> None:
    m = d3_match(dealer=dealer)
    m._totals = list(before)  # a constructed position: totals reached in earlier deals
    act(m, *bids)
    play(m, D3_PLAY)            # seat 0 -44, seat 1 0 (bait), seat 2 +152
    assert m.is_over and m.winner == winner


def test_record_replays_to_the_same_sheet() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal(TIE, "8H", dealer=0))
    act(m, "accept")
    play(m, TIE_PLAY)
    m.deal()
    while m.current_player() is not None:
        m.apply_action(m.legal_actions()[-1])
    again = new("debertz2", dealer=0)
    for rec in m.record_deals():
        again.deal(rec)
        act(again, *rec["actions"])
    assert [r.to_json() for r in again.sheet] == [r.to_json() for r in m.sheet]
    assert again.record_deals() == m.record_deals()


def test_game_record_round_trip() -> None:
    from kozyr.records import replay_record, write_record

    m = DebertzMatch(DebertzRules.from_preset("debertz4"), seed=11)
    rng = random.Random(11)
    while not m.is_over:
        if m.awaiting_deal:
            m.deal()
        else:
            m.apply_action(rng.choice(m.legal_actions()))
    rec = json.loads(json.dumps(write_record(m)))
    again = replay_record(rec).match
    assert [r.to_json() for r in again.sheet] == [r.to_json() for r in m.sheet]
    assert again.winner == m.winner and again.is_over
    rec["deals"][0]["stock"] = rec["deals"][0]["stock"][:-3]
    with pytest.raises(RecordError, match="'stock': must hold 8 cards, not 7"):
        replay_record(rec)


def test_action_text_round_trip_and_bad_text() -> None:
    m = new("debertz3")
    for a in range(72):
        assert m.parse_action(m.action_to_text(a)) == a
    assert m.parse_action("play 10H bella") == m.parse_action("play TH bella")
    assert m.parse_action("trump ♥") == m.parse_action("trump H")
    for bad in ("bid 100", "play", "play ZZ", "trump X", "play AS marriage", ""):
        with pytest.raises(IllegalActionError):
            m.parse_action(bad)
    with pytest.raises(IllegalActionError, match="not been dealt"):
        m.apply("pass")
    m.deal()
    assert m.why_illegal(99) is not None
    refused(m, "play AS", "bidding is under way")
