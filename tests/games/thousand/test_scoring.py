"""Thousand match scoring (rules/thousand.md §5 write-off, §7, §8, §9): one scenario per rule."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.core.errors import IllegalActionError
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import (
    DealOutcome,
    MatchScore,
    barrel_seats,
    may_write_off,
    passes_in_red,
    score_deal,
    settlement,
)


def rules(preset: str = "classic", **options: Any) -> ThousandRules:
    return ThousandRules.from_preset(preset, **options)


def played(declarer: int, contract: int, points: tuple[int, ...], *, dealer: int = 0,
           bid: int | None = None, tricks: tuple[int, ...] | None = None,
           blind: bool = False, talon_marriage: int = 0) -> DealOutcome:
    """A played deal; a seat took a trick if he has points, unless ``tricks`` says otherwise."""
    if tricks is None:
        tricks = tuple(1 if p else 0 for p in points)
    return DealOutcome(dealer, "played", declarer, bid or contract, contract, points, tricks,
                       blind=blind, talon_marriage=talon_marriage)


def writeoff(declarer: int, bid: int, n: int = 3, *, dealer: int = 0,
             blind: bool = False) -> DealOutcome:
    return DealOutcome(dealer, "writeoff", declarer, bid, None, (0,) * n, (0,) * n, blind=blind)


def redeal(n: int = 3, dealer: int = 0) -> DealOutcome:
    return DealOutcome(dealer, "redeal", 1, 100, 100, (0,) * n, (0,) * n)


def match(r: ThousandRules, totals: list[int], *, barrel: tuple[int, ...] = (),
          attempts: int = 0, falls: int = 0) -> MatchScore:
    """A match in progress: ``totals``, with ``barrel`` seats on the barrel (total = B)."""
    score = MatchScore.new(r)
    score.totals = list(totals)
    for seat in barrel:
        score.totals[seat] = r.barrel_at
        score.on_barrel[seat] = True
        score.barrel_attempts[seat] = attempts
        score.barrel_falls[seat] = falls
    return score


def check_sheet(score: MatchScore, start: list[int] | None = None) -> None:
    """Totals are ``start`` (0s) plus the column sums of the rows' scores, row by row."""
    running = list(start or [0] * len(score.totals))
    for row in score.rows:
        running = [t + s for t, s in zip(running, row.scores, strict=True)]
        assert list(row.totals) == running
    assert score.totals == running


# -- 1. deal scores ------------------------------------------------------------------------

def test_declarer_scores_the_contract_never_more_and_loses_it_on_failure() -> None:
    r = rules()
    score = MatchScore.new(r)
    row = score_deal(r, score, played(1, 120, (12, 150, 18), bid=110))
    assert row.scores == (10, 120, 20)
    assert (row.declarer, row.bid, row.contract, row.points) == (1, 110, 120, (12, 150, 18))
    row = score_deal(r, score, played(2, 140, (40, 45, 135)))
    assert row.scores == (40, 45, -140)
    assert score.totals == [50, 165, -120]
    check_sheet(score)


@pytest.mark.parametrize(("raw", "rounded"), [(62, 60), (63, 65), (65, 65), (67, 65),
                                              (68, 70), (0, 0), (1, 0), (3, 5)])
def test_opponents_points_round_to_the_nearest_5(raw: int, rounded: int) -> None:
    r = rules()
    row = score_deal(r, MatchScore.new(r), played(0, 100, (100, raw, 5)))
    assert row.scores[1] == rounded
    assert row.points[1] == raw


def test_rounding_none_keeps_opponents_points_exact() -> None:
    r = rules(rounding="none")
    row = score_deal(r, MatchScore.new(r), played(0, 100, (100, 62, 8)))
    assert row.scores == (100, 62, 8)


def test_blind_doubles_the_declarers_result_only() -> None:
    r = rules(blind_bid=True)
    score = MatchScore.new(r)
    assert score_deal(r, score, played(1, 120, (20, 130, 33), blind=True)).scores == (
        20, 240, 35)
    assert score_deal(r, score, played(1, 120, (70, 100, 33), blind=True)).scores == (
        70, -240, 35)


def test_blind_and_golden_horse_stack_to_times_four() -> None:
    r = rules(blind_bid=True, golden_horse=True)
    row = score_deal(r, MatchScore.new(r), played(1, 120, (20, 130, 32), blind=True))
    assert row.scores == (40, 480, 60)
    assert row.marks == (("x2",), ("x2",), ("x2",))


# -- write-offs ----------------------------------------------------------------------------

@pytest.mark.parametrize(("bid", "gain"), [(100, 50), (105, 55), (110, 55), (115, 60),
                                           (200, 100)])
def test_writeoff_costs_the_bid_and_gives_half_rounded_up(bid: int, gain: int) -> None:
    r = rules()
    score = MatchScore.new(r)
    row = score_deal(r, score, writeoff(2, bid))
    assert row.scores == (gain, gain, -bid)
    assert row.points == (0, 0, 0)
    assert (row.declarer, row.bid, row.contract) == (2, bid, None)
    assert row.marks == ((), (), ("P",))
    assert score.writeoffs == [0, 0, 1]


def test_writeoff_fixed_60() -> None:
    r = rules(writeoff_gain="fixed_60")
    assert score_deal(r, MatchScore.new(r), writeoff(0, 150)).scores == (-150, 60, 60)


def test_blind_writeoff_costs_double() -> None:
    r = rules(blind_bid=True)
    assert score_deal(r, MatchScore.new(r), writeoff(1, 120, blind=True)).scores == (
        60, -240, 60)


def test_writeoff_bolt_marks_p_and_b_and_counts_toward_the_bolt_limit() -> None:
    r = rules(writeoff_penalty="bolt")
    score = match(r, [0, 0, 0])
    score.bolts[0] = 2
    row = score_deal(r, score, writeoff(0, 100))
    assert row.marks[0] == ("P", "B")
    assert row.scores == (-120, 50, 50)
    assert score.bolts[0] == 0
    row = score_deal(r, score, writeoff(0, 100))
    assert row.scores == (0, 50, 50)
    assert score.bolts[0] == 1


def test_writeoff_limit_and_the_reasons_for_refusing() -> None:
    r = rules()
    score = MatchScore.new(r)
    for _ in range(3):
        assert may_write_off(r, score, 1) is None
        score_deal(r, score, writeoff(1, 100))
    assert may_write_off(r, score, 1) == "you have used your 3 write-offs"
    assert may_write_off(r, score, 0) is None
    frozen = score.copy()
    with pytest.raises(IllegalActionError, match="3 write-offs"):
        score_deal(r, score, writeoff(1, 100))
    assert score == frozen
    assert may_write_off(rules(writeoff_limit=1), MatchScore.new(r), 0) is None
    off = rules(allow_writeoff=False)
    assert may_write_off(off, MatchScore.new(off), 0) == "write-offs are off at this table"
    on_barrel = match(r, [0, 0, 0], barrel=(1,))
    assert may_write_off(r, on_barrel, 0) == "no write-off while seat 1 is on the barrel"


def test_writeoff_gains_go_to_neither_barrel_players_nor_seats_above_800() -> None:
    r = rules(defender_cap_800=True)
    row = score_deal(r, match(r, [0, 801, 800]), writeoff(0, 120))
    assert row.scores == (-120, 0, 60)


# -- redeal --------------------------------------------------------------------------------

def test_redeal_scores_nothing_and_is_no_attempt_nor_golden_horse_deal() -> None:
    r = rules(golden_horse=True)
    score = match(r, [100, 0, 40], barrel=(1,), attempts=2)
    row = score_deal(r, score, redeal(dealer=2))
    assert (row.dealer, row.declarer, row.bid, row.contract) == (2, None, None, None)
    assert row.points == row.scores == (0, 0, 0)
    assert row.totals == (100, 880, 40)
    assert row.marks == (("redeal",),) * 3
    assert score.barrel_attempts[1] == 2 and score.scored_deals == 0
    assert score.bolts == [0, 0, 0]


# -- golden horse, 800, four players ---------------------------------------------------------

def test_golden_horse_doubles_only_the_first_three_scored_deals() -> None:
    r = rules(golden_horse=True)
    score = MatchScore.new(r)
    doubled = []
    for deal in (played(0, 100, (100, 20, 0)), redeal(), writeoff(1, 100),
                 played(2, 100, (10, 10, 100)), played(2, 100, (10, 10, 100))):
        row = score_deal(r, score, deal)
        doubled.append(all("x2" in m for m in row.marks))
    assert doubled == [True, False, True, True, False]
    assert [row.scores for row in score.rows] == [
        (200, 40, 0), (0, 0, 0), (100, -200, 100), (20, 20, 200), (10, 10, 100)]
    check_sheet(score)


def test_golden_horse_does_not_double_bolt_penalties() -> None:
    r = rules(golden_horse=True)
    score = match(r, [0, 0, 0])
    score.bolts[2] = 2
    row = score_deal(r, score, played(0, 100, (100, 20, 0)))
    assert row.scores == (200, 40, -120)
    assert row.marks[2] == ("x2", "B")


def test_above_800_a_player_scores_only_as_declarer_but_bolts_count() -> None:
    r = rules(defender_cap_800=True, barrel=False)
    score = match(r, [810, 800, 805])
    score.bolts[2] = 2
    row = score_deal(r, score, played(1, 100, (20, 100, 0)))
    assert row.scores == (0, 100, -120)
    row = score_deal(r, score, played(0, 100, (110, 10, 0)))
    assert row.scores == (100, 0, 0)


def test_four_players_the_sitting_out_dealer_scores_nothing_and_gets_no_bolt() -> None:
    r = rules("four_players")
    deal = DealOutcome(3, "played", 0, 100, 100, (100, 0, 20, 0), (6, 0, 2, 0), sitting_out=3,
                       talon_marriage=80)
    row = score_deal(r, MatchScore.new(r), deal)
    assert row.scores == (100, 0, 20, 0)
    assert row.marks == ((), ("B",), (), ())


def test_four_players_writeoff_gives_the_sitting_out_dealer_nothing() -> None:
    r = rules("four_players")
    deal = DealOutcome(2, "writeoff", 0, 110, None, (0,) * 4, (0,) * 4, sitting_out=2)
    assert score_deal(r, MatchScore.new(r), deal).scores == (-110, 55, 0, 55)
    with pytest.raises(ValueError, match="sits this deal out"):
        score_deal(r, MatchScore.new(r), played(2, 100, (0, 10, 100, 10), dealer=2))


def test_four_players_dealer_scores_the_talon_marriage_when_the_table_says_so() -> None:
    r = rules("four_players", dealer_scores_talon=True)
    deal = DealOutcome(3, "played", 0, 100, 100, (100, 0, 20, 0), (6, 0, 2, 0), sitting_out=3,
                       talon_marriage=80)
    assert score_deal(r, MatchScore.new(r), deal).scores == (100, 0, 20, 80)


# -- bolts ---------------------------------------------------------------------------------

def test_every_third_bolt_costs_120_and_the_count_restarts() -> None:
    r = rules()
    score = MatchScore.new(r)
    for _ in range(6):
        score_deal(r, score, played(0, 100, (105, 15, 0)))
    assert [row.scores[2] for row in score.rows] == [0, 0, -120, 0, 0, -120]
    assert all(row.marks[2] == ("B",) for row in score.rows)
    assert score.bolts[2] == 0
    check_sheet(score)


def test_bolt_limit_and_penalty_options_and_the_declarers_bolt() -> None:
    r = rules(bolt_limit=2, bolt_penalty=100)
    score = MatchScore.new(r)
    lost = played(0, 100, (0, 60, 60), tricks=(0, 4, 4))
    assert score_deal(r, score, lost).scores == (-100, 60, 60)
    assert score_deal(r, score, lost).scores == (-200, 60, 60)
    assert score.rows[-1].marks[0] == ("B",)


# -- the barrel ----------------------------------------------------------------------------

def test_an_opponent_reaching_the_barrel_is_clamped_to_it() -> None:
    r = rules()
    score = match(r, [850, 870, 0])
    row = score_deal(r, score, played(2, 100, (45, 0, 120), tricks=(3, 0, 5)))
    # 850 + 45 = 895 stops at 880; 870 takes no trick: a bolt, no entry.
    assert row.totals == (880, 870, 100)
    assert row.scores == (30, 0, 100)
    assert row.marks == (("barrel",), ("B",), ())
    assert barrel_seats(r, score) == [0]
    assert score.barrel_attempts[0] == 0
    check_sheet(score, [850, 870, 0])


def test_only_a_made_contract_takes_a_player_to_the_target() -> None:
    r = rules()
    score = match(r, [870, 860, 0])
    row = score_deal(r, score, played(0, 140, (150, 0, 0), tricks=(8, 0, 0)))
    assert score.winner == 0
    assert row.totals[0] == 1010
    # An opponent whose points would pass the target stops at the barrel.
    score = match(r, [990, 0, 0])
    row = score_deal(r, score, played(1, 100, (20, 100, 0)))
    assert row.totals[0] == 880 and score.winner is None
    # A declarer who makes a contract landing between B and T climbs on too.
    score = match(r, [780, 0, 0])
    row = score_deal(r, score, played(0, 120, (120, 0, 0), tricks=(8, 0, 0)))
    assert row.totals[0] == 880 and row.marks[0] == ("barrel",) and score.winner is None


def test_the_barrel_player_wins_by_making_a_contract_never_doubled() -> None:
    r = rules(golden_horse=True)
    score = match(r, [0, 300, 0], barrel=(0,), attempts=2)
    row = score_deal(r, score, played(0, 130, (130, 0, 10)))
    assert score.winner == 0
    assert row.totals == (1010, 300, 20) and row.scores == (130, 0, 20)
    assert row.marks == (("barrel",), ("x2", "B"), ("x2",))
    with pytest.raises(IllegalActionError, match="match is over"):
        score_deal(r, score, played(1, 100, (0, 100, 20)))


def test_the_barrel_player_scores_nothing_as_opponent_and_gets_no_bolt() -> None:
    r = rules()
    score = match(r, [0, 0, 0], barrel=(2,))
    row = score_deal(r, score, played(0, 100, (100, 20, 0)))
    assert row.scores == (100, 20, 0)
    assert row.marks[2] == ("barrel",)
    assert score.bolts[2] == 0 and score.barrel_attempts[2] == 1


def test_three_failed_attempts_and_the_player_falls_off() -> None:
    r = rules()
    score = match(r, [0, 0, 0], barrel=(1,))
    for dealer in range(3):
        score_deal(r, score, played(0, 100, (100, 30, 0), dealer=dealer))
    assert [row.totals[1] for row in score.rows] == [880, 880, 760]
    assert [row.marks[1] for row in score.rows] == [
        ("barrel",), ("barrel",), ("barrel", "barrel-fall")]
    assert barrel_seats(r, score) == [] and score.barrel_falls[1] == 1
    check_sheet(score, [0, 880, 0])


def test_a_failed_contract_at_c_costs_nothing_above_c_a_fall() -> None:
    r = rules()
    score = match(r, [0, 0, 0], barrel=(1,))
    row = score_deal(r, score, played(1, 120, (60, 90, 10)))
    assert row.scores == (60, 0, 10) and barrel_seats(r, score) == [1]
    row = score_deal(r, score, played(1, 125, (60, 90, 10), bid=125))
    assert row.scores == (60, -120, 10) and barrel_seats(r, score) == []
    assert row.marks[1] == ("barrel", "barrel-fall")


def test_online_barrel_contract_is_121() -> None:
    r = rules("online")
    score = match(r, [0, 0, 0], barrel=(1,))
    row = score_deal(r, score, played(1, 121, (0, 121, 0), tricks=(0, 8, 0)))
    assert score.winner == 1 and row.totals[1] == 1001


def test_a_climber_throws_the_sitter_off() -> None:
    r = rules()
    score = match(r, [0, 860, 0], barrel=(0,))
    row = score_deal(r, score, played(2, 100, (20, 25, 100)))
    assert row.totals == (760, 880, 100)
    assert row.marks[:2] == (("barrel", "barrel-fall"), ("barrel",))
    assert barrel_seats(r, score) == [1]


def test_two_climbers_in_one_deal_both_fall_and_the_sitter_too() -> None:
    r = rules()
    score = match(r, [870, 860, 0])
    row = score_deal(r, score, played(2, 100, (20, 25, 100)))
    assert row.totals == (760, 760, 100)
    assert row.marks[:2] == (("barrel", "barrel-fall"),) * 2
    score = match(r, [870, 860, 0], barrel=(2,))
    row = score_deal(r, score, played(0, 100, (100, 20, 0)))
    # Seat 0 makes his contract to 970, seat 1 reaches 880: both climb, all three fall.
    assert row.totals == (760, 760, 760)
    assert barrel_seats(r, score) == []


def test_a_player_falls_off_once_per_deal() -> None:
    r = rules()
    score = match(r, [0, 860, 0], barrel=(0,), attempts=2)
    row = score_deal(r, score, played(0, 140, (60, 25, 35)))
    # Third attempt, a failed contract above C and a climber: one fall, -120.
    assert row.scores[0] == -120 and row.totals[0] == 760
    assert score.barrel_falls[0] == 1


def test_the_third_fall_resets_to_zero_with_barrel_falls_to_zero() -> None:
    r = rules(barrel_falls_to_zero=True)
    score = match(r, [0, 0, 0], barrel=(1,), attempts=2, falls=2)
    row = score_deal(r, score, played(0, 100, (100, 20, 0)))
    assert row.totals[1] == 0 and row.scores[1] == -880
    score = match(rules(), [0, 0, 0], barrel=(1,), attempts=2, falls=2)
    assert score_deal(rules(), score, played(0, 100, (100, 20, 0))).totals[1] == 760


def test_a_sitting_out_dealer_on_the_barrel_makes_no_attempt() -> None:
    r = rules("four_players")
    score = match(r, [0, 0, 0, 0], barrel=(3,), attempts=2)
    deal = DealOutcome(3, "played", 0, 100, 100, (100, 10, 10, 0), (6, 1, 1, 0), sitting_out=3)
    row = score_deal(r, score, deal)
    assert row.totals[3] == 880 and row.marks[3] == ("barrel",)
    assert score.barrel_attempts[3] == 2


def test_the_barrel_off_lets_anyone_cross_the_target() -> None:
    r = rules(barrel=False)
    score = match(r, [990, 0, 0])
    score_deal(r, score, played(1, 100, (20, 100, 0)))
    assert score.winner == 0 and score.totals[0] == 1010


# -- dump truck ----------------------------------------------------------------------------

@pytest.mark.parametrize(("start", "deal", "result"), [
    (455, played(0, 100, (100, 10, 10)), 555),
    (-435, played(0, 120, (0, 60, 60), tricks=(0, 4, 4)), -555),
    (-545, played(1, 100, (10, 100, 10)), -535)])
def test_dump_truck_empties_exactly_555_either_sign(start: int, deal: DealOutcome,
                                                    result: int) -> None:
    plain = rules()
    assert score_deal(plain, match(plain, [start, 0, 0]), deal).totals[0] == result
    r = rules(dump_truck=True)
    row = score_deal(r, match(r, [start, 0, 0]), deal)
    if abs(result) == 555:
        assert row.totals[0] == 0 and row.scores[0] == -start
        assert "dump-truck" in row.marks[0]
    else:
        assert row.totals[0] == result and "dump-truck" not in row.marks[0]


def test_dump_truck_applies_after_a_barrel_fall() -> None:
    r = rules(dump_truck=True, barrel_at=675)
    score = match(r, [0, 0, 0], barrel=(1,), attempts=2)
    row = score_deal(r, score, played(0, 100, (100, 20, 0)))
    assert row.totals[1] == 0
    assert row.marks[1] == ("barrel", "barrel-fall", "dump-truck")


def test_a_barrel_at_555_is_emptied_by_the_dump_truck() -> None:
    r = rules(dump_truck=True, barrel_at=555)
    score = match(r, [500, 0, 0])
    row = score_deal(r, score, played(1, 100, (60, 100, 0), tricks=(2, 6, 0)))
    assert row.totals[0] == 0 and row.marks[0] == ("barrel", "dump-truck")
    assert barrel_seats(r, score) == []


# -- the win -------------------------------------------------------------------------------

def test_several_across_the_declarer_wins() -> None:
    r = rules(barrel=False)
    score = match(r, [990, 920, 0])
    score_deal(r, score, played(1, 100, (40, 100, 0)))
    assert score.winner == 1 and score.totals == [1030, 1020, 0]


def test_several_across_the_highest_score_wins_then_clockwise_from_dealers_left() -> None:
    r = rules(barrel=False)
    score = match(r, [990, 980, 0])
    score_deal(r, score, played(2, 120, (30, 30, 70)))
    assert score.winner == 0 and score.totals == [1020, 1010, -120]
    for dealer, winner in ((2, 0), (0, 1), (1, 0)):
        score = match(r, [980, 980, 0])
        score_deal(r, score, played(2, 120, (30, 30, 70), dealer=dealer))
        assert score.winner == winner


# -- queries and settlement ------------------------------------------------------------------

def test_passes_in_red() -> None:
    r = rules(trading_in_red=-100)
    score = match(r, [-101, -100, 50])
    assert [passes_in_red(r, score, s) for s in range(3)] == [True, False, False]
    plain = rules()
    assert not passes_in_red(plain, match(plain, [-1000, 0, 0]), 0)


def test_settlement_each_loser_pays_the_difference_times_the_stake() -> None:
    r = rules(stake=2)
    gains = settlement(r, [1000, 400, -120], 0)
    assert gains == [2 * (600 + 1120), -1200, -2240]
    assert sum(gains) == 0
    with pytest.raises(ValueError, match="no seat 3"):
        settlement(r, [1000, 0, 0], 3)


def test_outcomes_that_do_not_fit_are_refused() -> None:
    r = rules()
    with pytest.raises(ValueError, match="3 seats"):
        score_deal(r, MatchScore.new(r), played(0, 100, (100, 20)))
    with pytest.raises(ValueError, match="contract"):
        score_deal(r, MatchScore.new(r),
                   DealOutcome(0, "played", 1, 100, None, (0, 120, 0), (0, 8, 0)))
    with pytest.raises(ValueError, match="below the barrel contract 120"):
        score_deal(r, match(r, [0, 0, 0], barrel=(1,)), played(1, 115, (0, 120, 0)))


# -- property --------------------------------------------------------------------------------

RULE_CHOICES = st.fixed_dictionaries({
    "preset": st.sampled_from(["classic", "online", "tysiac", "two_players", "four_players"]),
    "golden_horse": st.booleans(),
    "dump_truck": st.booleans(),
    "barrel_falls_to_zero": st.booleans(),
    "writeoff_penalty": st.sampled_from(["contract", "bolt"]),
    "barrel_at": st.sampled_from([675, 880, 900]),
}).filter(lambda o: not (o["preset"] == "tysiac" and o["writeoff_penalty"] == "bolt"))


@st.composite
def deals(draw: st.DrawFn, n: int) -> tuple[str, int, int, int, tuple[int, ...], bool]:
    kind = draw(st.sampled_from(["played"] * 6 + ["writeoff", "redeal"]))
    dealer = draw(st.integers(0, n - 1))
    declarer = draw(st.integers(0, n - 1))
    contract = draw(st.sampled_from([100, 105, 110, 120, 121, 125, 150, 200]))
    cuts = sorted(draw(st.lists(st.integers(0, 120), min_size=2, max_size=2)))
    points = (cuts[0], cuts[1] - cuts[0], 120 - cuts[1], 0)[:n]
    extra = draw(st.sampled_from([0, 0, 40, 100]))
    return kind, dealer, declarer, contract, points, draw(st.booleans()) and extra > 0


@settings(max_examples=150, deadline=None)
@given(RULE_CHOICES, st.data())
def test_totals_are_column_sums_and_the_winner_stays(options: dict[str, Any],
                                                     data: st.DataObject) -> None:
    preset = options.pop("preset")
    if preset == "two_players":
        options.pop("barrel_at")
    r = rules(preset, **options)
    n = r.players
    score = MatchScore.new(r)
    winner = None
    for _ in range(data.draw(st.integers(1, 40))):
        kind, dealer, declarer, contract, points, marriage = data.draw(deals(n))
        if n == 4:
            declarer = dealer ^ 1 if declarer == dealer else declarer
            points = tuple(0 if s == dealer else points[s] for s in range(4))
        if marriage:
            points = tuple(p + 100 if s == declarer else p for s, p in enumerate(points))
        tricks = tuple(1 if p else 0 for p in points)
        if declarer in barrel_seats(r, score):
            contract = max(contract, r.barrel_contract)
        if kind == "writeoff" and may_write_off(r, score, declarer) is not None:
            kind = "played"
        if kind == "writeoff":
            outcome = writeoff(declarer, contract, n, dealer=dealer)
        elif kind == "redeal":
            outcome = redeal(n, dealer)
        else:
            outcome = DealOutcome(dealer, "played", declarer, contract, contract, points,
                                  tricks, sitting_out=dealer if n == 4 else None)
        if winner is not None:
            frozen = score.copy()
            with pytest.raises(IllegalActionError):
                score_deal(r, score, outcome)
            assert score == frozen
            continue
        row = score_deal(r, score, outcome)
        assert len(row.marks) == n
        winner = score.winner
        for seat in barrel_seats(r, score):
            assert score.totals[seat] == r.barrel_at
        if r.barrel and winner is None:
            assert max(score.totals) < r.target
    check_sheet(score)
    assert score.winner == winner
    if winner is not None:
        assert score.totals[winner] >= r.target
        assert sum(settlement(r, score.totals, winner)) == 0
