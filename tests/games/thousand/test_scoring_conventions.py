"""Thousand scoring of rules/thousand.md §11 (steps 1-3, the queries): one scenario per option,
each sheet worked out by hand in the comments.  The barrel, the golden-horse reset and the
property tests are in test_scoring_conventions_barrel.py."""

from __future__ import annotations

from typing import Any

import pytest

from kozyr.core.errors import IllegalActionError
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import (
    DealOutcome,
    MatchScore,
    may_write_off,
    score_deal,
    score_simple,
    simple_scoring_ok,
)
from kozyr.records import replay_record


def rules(preset: str = "classic", **options: Any) -> ThousandRules:
    return ThousandRules.from_preset(preset, **options)


def played(declarer: int, contract: int, points: tuple[int, ...], *, dealer: int = 0,
           bid: int | None = None, tricks: tuple[int, ...] | None = None, blind: bool = False,
           declarations: tuple[int, ...] = (), sales: tuple[int, ...] = (),
           cut: int | None = None, talon_marriage: int = 0) -> DealOutcome:
    """A played deal; a seat took a trick if he has points, unless ``tricks`` says otherwise."""
    if tricks is None:
        tricks = tuple(1 if p else 0 for p in points)
    n = len(points)
    return DealOutcome(dealer, "played", declarer, bid or contract, contract, points, tricks,
                       blind=blind, sitting_out=dealer if n == 4 else None,
                       talon_marriage=talon_marriage, declarations=declarations, sales=sales,
                       cut_penalty_seat=cut)


def conceded(kind: str, declarer: int, bid: int, n: int = 3, *, dealer: int = 0,
             blind: bool = False, aces: tuple[int, ...] = (), sales: tuple[int, ...] = (),
             cut: int | None = None) -> DealOutcome:
    """A write-off (``kind`` = ``writeoff``) or a strike-out (``strikeout``)."""
    assert kind in ("writeoff", "strikeout")
    return DealOutcome(dealer, kind, declarer, bid, None, (0,) * n,  # type: ignore[arg-type]
                       (0,) * n, blind=blind, sitting_out=dealer if n == 4 else None,
                       aces=aces, sales=sales, cut_penalty_seat=cut)


def redeal(n: int = 3, dealer: int = 0, *, cut: int | None = None,
           sales: tuple[int, ...] = ()) -> DealOutcome:
    return DealOutcome(dealer, "redeal", None, None, None, (0,) * n, (0,) * n,
                       cut_penalty_seat=cut, sales=sales)


def match(r: ThousandRules, totals: list[int], *, barrel: tuple[int, ...] = (),
          attempts: int = 0) -> MatchScore:
    score = MatchScore.new(r)
    score.totals = list(totals)
    for seat in barrel:
        score.totals[seat] = r.barrel_at
        score.on_barrel[seat] = True
        score.barrel_attempts[seat] = attempts
    return score


def check_sheet(score: MatchScore, start: list[int] | None = None) -> None:
    """Totals are ``start`` (0s) plus the column sums of the rows' scores, row by row."""
    running = list(start or [0] * len(score.totals))
    for row in score.rows:
        running = [t + s for t, s in zip(running, row.scores, strict=True)]
        assert list(row.totals) == running
    assert score.totals == running


def refused(r: ThousandRules, score: MatchScore, outcome: DealOutcome,
            error: type[Exception], match_text: str) -> None:
    """Scoring ``outcome`` raises ``error`` and changes nothing."""
    frozen = score.copy()
    with pytest.raises(error, match=match_text):
        score_deal(r, score, outcome)
    assert score == frozen


# -- write-off: writeoff_penalty none / half, writeoff_gain aces ------------------------------

def test_writeoff_penalty_none_costs_nothing_and_still_marks_p() -> None:
    r = rules(writeoff_penalty="none")
    score = MatchScore.new(r)
    row = score_deal(r, score, conceded("writeoff", 1, 110))
    # 110: declarer 0, each opponent half of 110 rounded up to 5 = 55
    assert row.scores == (55, 0, 55)
    assert row.marks == ((), ("P",), ())
    assert score.writeoffs == [0, 1, 0]


def test_writeoff_penalty_half_rounds_up_and_doubles_for_a_standing_blind() -> None:
    r = rules(writeoff_penalty="half", blind_bid=True)
    score = MatchScore.new(r)
    row = score_deal(r, score, conceded("writeoff", 1, 105))
    assert row.scores == (55, -55, 55)  # half of 105 = 52.5 -> 55
    row = score_deal(r, score, conceded("writeoff", 2, 120, dealer=1, blind=True))
    assert row.scores == (60, 60, -120)  # 2 x 60; the opponents are not doubled
    check_sheet(score)


def test_writeoff_by_aces_gains_per_ace_in_each_opponents_hand() -> None:
    r = rules(writeoff_gain="aces")
    score = MatchScore.new(r)
    row = score_deal(r, score, conceded("writeoff", 0, 100, aces=(1, 2, 1)))
    assert row.scores == (-100, 20, 10)  # the declarer's own ace gains nothing
    # seed 002's "by aces": half the bid + 11 per ace; seat 2 above 800 is silenced
    r = rules(writeoff_gain="aces", writeoff_penalty="half", writeoff_ace_points=11,
              defender_cap_800=True)
    score = match(r, [0, 0, 810])
    row = score_deal(r, score, conceded("writeoff", 0, 100, aces=(0, 3, 1)))
    assert row.scores == (-50, 33, 0)
    assert row.marks == (("P",), (), ())


def test_writeoff_by_aces_needs_the_aces() -> None:
    r = rules(writeoff_gain="aces")
    refused(r, MatchScore.new(r), conceded("writeoff", 0, 100), ValueError, "aces")
    refused(r, MatchScore.new(r), conceded("writeoff", 0, 100, aces=(1, 1)), ValueError, "aces")


def test_four_players_writeoff_by_aces_gives_the_sitting_out_dealer_nothing() -> None:
    r = rules("four_players", writeoff_gain="aces")
    row = score_deal(r, MatchScore.new(r), conceded("writeoff", 2, 100, 4, aces=(2, 1, 0, 1)))
    assert row.scores == (0, 10, -100, 10)


# -- the third write-off ----------------------------------------------------------------------

def test_the_third_writeoff_costs_more_strikeouts_counting_only_the_third() -> None:
    r = rules(writeoff_third_penalty=120, allow_strikeout=True, writeoff_limit=4)
    score = MatchScore.new(r)
    assert score_deal(r, score, conceded("writeoff", 1, 100)).scores == (50, -100, 50)
    assert score_deal(r, score, conceded("strikeout", 1, 100)).scores == (0, 0, 0)
    # the third (a write-off): -100, then -120 more at step 3; opponents +50
    row = score_deal(r, score, conceded("writeoff", 1, 100))
    assert row.scores == (50, -220, 50)
    assert row.marks == ((), ("P",), ())
    # the fourth costs the bid only
    assert score_deal(r, score, conceded("writeoff", 1, 100)).scores == (50, -100, 50)
    assert score.writeoffs == [0, 4, 0]
    check_sheet(score)


def test_the_third_writeoff_penalty_is_never_doubled() -> None:
    r = rules(writeoff_third_penalty=100, golden_horse=True)
    score = match(r, [0, 0, 0])
    score.writeoffs[0] = 2
    row = score_deal(r, score, conceded("writeoff", 0, 100))
    # golden horse: -100 x 2 = -200, opponents 50 x 2; then the third write-off -100
    assert row.scores == (-300, 100, 100)


# -- the strike-out ---------------------------------------------------------------------------

def test_strikeout_scores_nothing_marks_c_and_dashes_the_opponents() -> None:
    r = rules(allow_strikeout=True)
    score = MatchScore.new(r)
    row = score_deal(r, score, conceded("strikeout", 1, 140))
    assert row.scores == (0, 0, 0) and row.points == (0, 0, 0)
    assert row.marks == (("B",), ("C",), ("B",))
    assert score.bolts == [1, 0, 1]
    assert score.writeoffs == [0, 1, 0]


def test_strikeout_dashes_are_bolts_toward_the_bolt_limit() -> None:
    r = rules(allow_strikeout=True)
    score = match(r, [200, 300, 400])
    score.bolts[:] = [2, 2, 1]
    row = score_deal(r, score, conceded("strikeout", 1, 100))
    # seat 0's third bolt costs 120; the declarer's own count does not move
    assert row.scores == (-120, 0, 0)
    assert score.bolts == [0, 2, 2]


def test_strikeout_with_bolt_when_never_only_writes_c() -> None:
    r = rules(allow_strikeout=True, bolt_when="never")
    row = score_deal(r, MatchScore.new(r), conceded("strikeout", 0, 100))
    assert row.marks == (("C",), (), ())


def test_four_players_strikeout_does_not_dash_the_sitting_out_dealer() -> None:
    r = rules("four_players", allow_strikeout=True, dealer_scores_talon=True)
    outcome = DealOutcome(0, "strikeout", 2, 100, None, (0,) * 4, (0,) * 4, sitting_out=0,
                          talon_marriage=80)
    row = score_deal(r, MatchScore.new(r), outcome)
    # nobody's score changes at step 1, not even the talon marriage's
    assert row.scores == (0, 0, 0, 0)
    assert row.marks == ((), ("B",), ("C",), ("B",))


def test_strikeout_is_refused_when_not_allowed_or_over_the_limit() -> None:
    refused(rules(), MatchScore.new(rules()), conceded("strikeout", 1, 100),
            IllegalActionError, "strike-outs are off")
    r = rules(allow_strikeout=True, writeoff_limit=2)
    score = MatchScore.new(r)
    score_deal(r, score, conceded("writeoff", 1, 100))
    score_deal(r, score, conceded("strikeout", 1, 100))
    refused(r, score, conceded("strikeout", 1, 100), IllegalActionError,
            "may not strike out: you have used your 2 write-offs and strike-outs")
    refused(r, score, conceded("writeoff", 1, 100), IllegalActionError, "may not write off")
    # §11.P.4: the strike-out alone, with write-offs off
    r = rules(allow_strikeout=True, allow_writeoff=False)
    assert may_write_off(r, MatchScore.new(r), 0, strikeout=True) is None
    refused(r, MatchScore.new(r), conceded("writeoff", 1, 100), IllegalActionError,
            "write-offs are off")
    # forbidden while a seat sits on the barrel
    refused(r, match(r, [0, 0, 0], barrel=(2,)), conceded("strikeout", 1, 100),
            IllegalActionError, "no strike-out while seat 2 is on the barrel")


# -- talon sales ------------------------------------------------------------------------------

def test_a_talon_sale_credits_the_seller_120_and_marks_sold() -> None:
    r = rules(talon_buying=True)
    score = MatchScore.new(r)
    # seat 1 won the auction; seat 2 bought the talon and made 120 (85 cards + a 40 marriage)
    row = score_deal(r, score, played(2, 120, (20, 15, 125), bid=110, sales=(1,)))
    assert row.scores == (20, 15 + 120, 120)
    assert row.marks == ((), ("sold",), ())
    assert row.points == (20, 15, 125)


def test_the_kth_sale_of_a_deal_is_credited_120_times_k() -> None:
    r = rules(talon_buying=True)
    # seat 1 sells to seat 2 (120), seat 2 sells it back to seat 1 (240); seat 1 makes 120
    row = score_deal(r, MatchScore.new(r), played(1, 120, (20, 125, 15), sales=(1, 2)))
    assert row.scores == (20, 120 + 120, 15 + 240)
    assert row.marks == ((), ("sold",), ("sold",))


def test_a_sale_is_doubled_by_the_golden_horse_and_not_silenced_above_800() -> None:
    r = rules(talon_buying=True, golden_horse=True, defender_cap_800=True, barrel=False,
              target=1500)
    score = match(r, [0, 850, 0])
    row = score_deal(r, score, played(2, 120, (20, 15, 125), sales=(1,)))
    # seat 1 above 800 scores no points as an opponent, but his credit: 120 x 2
    assert row.scores == (40, 240, 240)
    assert row.marks == (("x2",), ("sold", "x2"), ("x2",))


def test_a_sale_stands_in_a_strikeout_and_counts_for_nothing_in_a_redeal() -> None:
    r = rules(talon_buying=True, allow_strikeout=True)
    score = MatchScore.new(r)
    row = score_deal(r, score, conceded("strikeout", 2, 110, sales=(1,)))
    assert row.scores == (0, 120, 0)
    assert row.marks == (("B",), ("sold", "B"), ("C",))
    row = score_deal(r, score, redeal(sales=(0,)))  # §11.P.9
    assert row.scores == (0, 0, 0) and row.marks == (("redeal",),) * 3
    check_sheet(score)


def test_a_sale_the_table_forbids_is_refused() -> None:
    refused(rules(), MatchScore.new(rules()), played(2, 120, (20, 15, 125), sales=(1,)),
            ValueError, "talon may not be bought")
    r = rules(talon_buying=True)
    refused(r, match(r, [0, 0, 0], barrel=(0,)), played(2, 120, (20, 15, 125), sales=(1,)),
            ValueError, "talon may not be bought")
    r = rules(talon_buying=True, golden_horse=True, golden_horse_120=True)
    refused(r, MatchScore.new(r), played(2, 120, (20, 15, 125), sales=(1,)),
            ValueError, "talon may not be bought")
    r = rules("four_players", talon_buying=True)
    refused(r, MatchScore.new(r), played(2, 120, (0, 20, 125, 15), sales=(0,)),
            ValueError, "cannot sell")


# -- declarations that do not count; the blind ------------------------------------------------

def test_marriage_declarer_only_leaves_the_opponents_declarations_out() -> None:
    r = rules(marriage_declarer_only=True)
    # seat 0: 10 cards + a 40 marriage; declarer seat 1: 80 cards + a 60 marriage; seat 2: 30
    row = score_deal(r, MatchScore.new(r),
                     played(1, 140, (50, 140, 30), declarations=(40, 60, 0)))
    assert row.points == (10, 140, 30)
    assert row.scores == (10, 140, 30)
    row = score_deal(rules(), MatchScore.new(rules()),
                     played(1, 140, (50, 140, 30), declarations=(40, 60, 0)))
    assert row.scores == (50, 140, 30)


def test_marriage_declarer_only_with_no_points_bolts() -> None:
    r = rules(marriage_declarer_only=True, bolt_when="no_points")
    # seat 0 took one trick of nines and declared 40: his deal points are 0, a bolt
    row = score_deal(r, MatchScore.new(r), played(1, 120, (40, 120, 0), tricks=(1, 6, 1),
                                                  declarations=(40, 0, 0)))
    assert row.points == (0, 120, 0)
    assert row.marks == (("B",), (), ("B",))


def test_blind_doubles_all_doubles_the_opponents_too_and_stacks_with_golden_horse() -> None:
    r = rules(blind_bid=True, blind_doubles="all")
    # declarer seat 1: 82 cards + 40 = 122 >= 120; seat 0 33 -> 35; seat 2 5
    deal = played(1, 120, (33, 122, 5), blind=True, declarations=(0, 40, 0))
    assert score_deal(r, MatchScore.new(r), deal).scores == (70, 240, 10)
    r = rules(blind_bid=True, blind_doubles="all", golden_horse=True)
    row = score_deal(r, MatchScore.new(r), deal)
    assert row.scores == (140, 480, 20)
    assert row.marks == (("x2",),) * 3
    # a blind write-off: the gain (60) is doubled too, then the golden horse: x4
    row = score_deal(r, MatchScore.new(r), conceded("writeoff", 1, 120, blind=True))
    assert row.scores == (240, -480, 240)


def test_blind_marriages_not_doubled() -> None:
    r = rules(blind_bid=True, blind_marriages_doubled=False)
    # made 160 on 82 cards + a 100 marriage: +(160 + 120); opponents as usual
    row = score_deal(r, MatchScore.new(r), played(1, 160, (33, 182, 45), blind=True,
                                                  bid=120, declarations=(0, 100, 40)))
    assert row.scores == (35, 280, 45)
    r = rules(blind_bid=True, blind_marriages_doubled=False, blind_doubles="all")
    # failed 180 on 62 cards + 100: -(180 + 120); seat 0 2 x 55; seat 2 2 x 45 - 40
    row = score_deal(r, MatchScore.new(r), played(1, 180, (53, 162, 45), blind=True,
                                                  bid=120, declarations=(0, 100, 40)))
    assert row.scores == (110, -300, 50)
    # a blind write-off costs 2 x 120 as before
    row = score_deal(r, MatchScore.new(r), conceded("writeoff", 1, 120, blind=True))
    assert row.scores == (120, -240, 120)


def test_four_players_blind_doubles_all_leaves_the_talon_marriage_alone() -> None:
    r = rules("four_players", blind_bid=True, blind_doubles="all", dealer_scores_talon=True)
    row = score_deal(r, MatchScore.new(r), played(2, 120, (0, 33, 122, 5), blind=True,
                                                  talon_marriage=60))
    assert row.scores == (60, 70, 240, 10)


# -- round_declarer, bolt_when ----------------------------------------------------------------

def test_round_declarer_rounds_his_points_before_the_contract() -> None:
    r = rules(round_declarer=True)
    row = score_deal(r, MatchScore.new(r), played(0, 120, (118, 2, 0), tricks=(6, 2, 0)))
    assert row.scores == (120, 0, 0)  # 118 -> 120 >= 120; `points` keeps 118
    assert row.points == (118, 2, 0) and row.marks == ((), (), ("B",))
    assert score_deal(rules(), MatchScore.new(rules()),
                      played(0, 120, (118, 2, 0))).scores[0] == -120
    r = rules(round_declarer=True, rounding="none")
    assert score_deal(r, MatchScore.new(r), played(0, 120, (118, 2, 0))).scores[0] == -120


def test_round_declarer_never_loses_a_contract_on_the_barrel() -> None:
    r = rules("online", round_declarer=True)  # C = 121
    score = match(r, [100, 880, 0], barrel=(1,))
    row = score_deal(r, score, played(1, 121, (39, 121, 0)))  # raw 121 rounds to 120
    assert score.winner == 1 and row.totals[1] == 1001
    score = match(r, [100, 880, 0], barrel=(1,))
    score_deal(r, score, played(1, 121, (41, 119, 0)))  # 119 -> 120 < 121
    assert score.winner is None and score.barrel_attempts[1] == 1


def test_bolt_when_no_points() -> None:
    r = rules(bolt_when="no_points", marriage_on_first_trick=True)
    # seat 1 took a trick of nines: a bolt; declarer seat 0 declared 40 on the first trick and
    # took no trick: no bolt (his deal points are 40)
    row = score_deal(r, MatchScore.new(r), played(0, 100, (40, 0, 120), tricks=(0, 1, 7),
                                                  declarations=(40, 0, 0)))
    assert row.scores == (-100, 0, 120) and row.marks == ((), ("B",), ())
    row = score_deal(rules(marriage_on_first_trick=True), MatchScore.new(rules()),
                     played(0, 100, (40, 0, 120), tricks=(0, 1, 7)))
    assert row.marks == (("B",), (), ())


def test_bolt_when_zero_score_judges_rounded_points_the_declarers_too() -> None:
    r = rules(bolt_when="zero_score")
    # declarer seat 0 took two nines and a jack (2 points): R(2) = 0, a bolt besides -100
    row = score_deal(r, MatchScore.new(r), played(0, 100, (2, 63, 55), tricks=(1, 4, 3)))
    assert row.scores == (-100, 65, 55) and row.marks == (("B",), (), ())
    r = rules(bolt_when="zero_score", rounding="none")
    row = score_deal(r, MatchScore.new(r), played(0, 100, (2, 63, 55), tricks=(1, 4, 3)))
    assert row.marks == ((), (), ())


def test_tysiac_scores_exact_points_without_bolts_or_barrel() -> None:
    r = rules("tysiac")
    assert (r.rounding, r.barrel, r.bolt_when) == ("none", False, "never")
    score = match(r, [810, 0, 950])
    row = score_deal(r, score, played(1, 120, (33, 87, 0), tricks=(3, 5, 0)))
    # seat 0 above 800 scores only as declarer; seat 2 took no trick: no bolt
    assert row.scores == (0, -120, 0) and row.marks == ((), (), ())
    row = score_deal(r, score, played(2, 120, (67, 53, 0), tricks=(3, 5, 0)))
    assert row.scores == (0, 53, -120)
    row = score_deal(r, score, played(2, 130, (0, 37, 143), tricks=(0, 2, 6)))
    # no barrel: 830 + 130 = 960 ... and then the target 1001 by any made contract
    assert row.totals == (810, -30, 960) and score.winner is None
    score_deal(r, score, played(2, 120, (0, 0, 120), tricks=(0, 0, 8)))
    assert score.winner == 2 and score.totals == [810, -30, 1080]
    check_sheet(score, [810, 0, 950])


# -- bolt_consecutive -------------------------------------------------------------------------

SEQUENCE = [
    played(1, 120, (0, 120, 0), tricks=(0, 8, 0)),                # B B
    played(1, 120, (20, 100, 0), tricks=(2, 6, 0)),               # seat 0 breaks; 2 bolts
    conceded("strikeout", 1, 100),                                # dashes on 0 and 2
    redeal(),                                                     # neither adds nor breaks
    conceded("writeoff", 0, 100),                                 # no bolt: neither
    played(1, 120, (0, 120, 0), tricks=(0, 8, 0)),                # B B
    played(2, 120, (0, 0, 120), tricks=(0, 0, 8)),                # B B
]


def test_bolt_consecutive_counts_only_an_unbroken_run() -> None:
    r = rules(bolt_consecutive=True, allow_strikeout=True)
    score = MatchScore.new(r)
    rows = [score_deal(r, score, deal) for deal in SEQUENCE]
    # seat 0: 1, 0 (took tricks), 1 (dash), 1, 1, 2, 3 -> -120 in the last deal
    # seat 2: 1, 2, 3 (dash) -> -120 in the strike-out, then 1, and 0 (he declared, no bolt)
    assert [row.scores for row in rows] == [
        (0, 120, 0), (20, -120, 0), (0, 0, -120), (0, 0, 0), (-100, 50, 50),
        (0, 120, 0), (-120, 0, 120)]
    assert score.bolts == [0, 1, 0]
    check_sheet(score)


def test_without_bolt_consecutive_every_bolt_counts() -> None:
    r = rules(allow_strikeout=True)
    score = MatchScore.new(r)
    rows = [score_deal(r, score, deal) for deal in SEQUENCE]
    # seat 0: 1, 1, 2 (dash), 2, 2, 3 -> -120 in the sixth deal, 1; seat 2: 1, 2, 3 -> -120, 1, 1
    assert [row.scores for row in rows] == [
        (0, 120, 0), (20, -120, 0), (0, 0, -120), (0, 0, 0), (-100, 50, 50),
        (-120, 120, 0), (0, 0, 120)]
    assert score.bolts == [1, 1, 1]


def test_bolt_consecutive_a_strikeout_neither_adds_to_nor_breaks_its_declarers_run() -> None:
    r = rules(bolt_consecutive=True, allow_strikeout=True)
    score = MatchScore.new(r)
    score.bolts[:] = [2, 0, 0]
    score_deal(r, score, conceded("strikeout", 0, 100))
    assert score.bolts == [2, 1, 1]


# -- the cut penalty --------------------------------------------------------------------------

def test_cut_penalty_at_step_3_never_doubled() -> None:
    r = rules(cut_ritual=True, golden_horse=True)
    score = MatchScore.new(r)
    row = score_deal(r, score, played(1, 120, (35, 85, 0), cut=0))
    # seat 0: 35 x 2 = 70, then -120; declarer fails: -240; seat 2 no trick
    assert row.scores == (-50, -240, 0)
    assert row.marks == (("x2", "cut-penalty"), ("x2",), ("x2", "B"))


def test_cut_penalty_on_a_redeal_row_shows_in_scores_points_stay_zero() -> None:
    r = rules(cut_ritual=True, cut_penalty=100, golden_horse=True)
    score = MatchScore.new(r)
    row = score_deal(r, score, redeal(cut=2))
    assert (row.points, row.scores, row.totals) == ((0, 0, 0), (0, 0, -100), (0, 0, -100))
    assert row.marks == (("redeal",), ("redeal",), ("redeal", "cut-penalty"))
    assert score.scored_deals == 0  # still no golden-horse deal
    check_sheet(score)


def test_cut_penalty_in_a_redeal_meets_the_dump_truck() -> None:
    r = rules(cut_ritual=True, dump_truck=True)
    score = match(r, [0, 0, -435])
    row = score_deal(r, score, redeal(cut=2))  # -435 - 120 = -555 -> 0 (§11.P.8)
    assert row.scores == (0, 0, 435) and row.totals == (0, 0, 0)
    assert row.marks[2] == ("redeal", "cut-penalty", "dump-truck")


def test_cut_penalty_never_touches_a_barrel_seat() -> None:
    r = rules(cut_ritual=True)
    score = match(r, [100, 0, 0], barrel=(1,))
    row = score_deal(r, score, played(0, 120, (120, 0, 0), tricks=(8, 0, 0), cut=1))
    assert row.totals == (220, 880, 0) and row.marks == ((), ("barrel",), ("B",))
    row = score_deal(r, score, redeal(cut=1))  # §11.P.7
    assert row.scores == (0, 0, 0) and row.marks[1] == ("redeal",)


def test_cut_penalty_seat_needs_the_cut_ritual() -> None:
    refused(rules(), MatchScore.new(rules()), redeal(cut=1), ValueError, "cut_ritual")
    r = rules(cut_ritual=True)
    refused(r, MatchScore.new(r), redeal(cut=3), ValueError, "cut_penalty_seat")


# -- the queries ------------------------------------------------------------------------------

def test_writeoff_in_golden_horse_forbidden() -> None:
    r = rules(golden_horse=True, writeoff_in_golden_horse="forbidden", allow_strikeout=True)
    score = MatchScore.new(r)
    refused(r, score, conceded("writeoff", 1, 100), IllegalActionError,
            "no write-off in a golden-horse deal")
    assert may_write_off(r, score, 1, strikeout=True) == "no strike-out in a golden-horse deal"
    score.scored_deals = 3
    assert may_write_off(r, score, 1) is None
    r = rules(golden_horse=True)
    assert may_write_off(r, MatchScore.new(r), 1) is None


def test_writeoff_on_barrel_allowed_lifts_the_barrel_rule() -> None:
    r = rules(writeoff_on_barrel="allowed", allow_strikeout=True)
    score = match(r, [0, 0, 0], barrel=(2,))
    assert may_write_off(r, score, 2) is None
    assert may_write_off(r, score, 0, strikeout=True) is None
    assert may_write_off(rules(), match(rules(), [0, 0, 0], barrel=(2,)), 0) == (
        "no write-off while seat 2 is on the barrel")


@pytest.mark.parametrize("preset", ["classic", "online", "tysiac", "two_players",
                                    "four_players", "501"])
def test_simple_scoring_ok_for_every_preset(preset: str) -> None:
    assert simple_scoring_ok(rules(preset))


@pytest.mark.parametrize("option", [
    {"round_declarer": True}, {"bolt_when": "no_points"}, {"bolt_when": "zero_score"},
    {"bolt_consecutive": True}, {"cut_ritual": True}, {"talon_buying": True},
    {"allow_strikeout": True}, {"marriage_declarer_only": True}, {"barrel_no_marriages": True},
    {"golden_horse": True, "golden_horse_120": True}, {"writeoff_third_penalty": 120},
    {"writeoff_gain": "aces"}, {"blind_doubles": "all"}, {"blind_marriages_doubled": False}])
def test_score_simple_declines_what_it_does_not_handle(option: dict[str, Any]) -> None:
    r = rules(**option)
    assert not simple_scoring_ok(r)
    score = MatchScore.new(r)
    frozen = score.copy()
    assert score_simple(r, score, 0, True, 1, 120, 120, (0, 120, 0), (0, 8, 0), False) is None
    assert score_simple(r, score, 0, False, 1, 120, None, None, None, False) is None
    assert score == frozen


# -- through a record -------------------------------------------------------------------------
# Dealer 0: seat 1 holds the forced 100, both others pass; seat 1 takes KC QC JC, gives JC to
# seat 0 and QC to seat 2, keeps 100.  Seat 0 declares ♥ (100) after taking trick 5.
OPPONENT_MARRIAGE = {
    "hands": ["KH QH AC TC 9C JS 9S", "AS TS KS QS AD TD KD", "AH TH JH 9H QD JD 9D"],
    "talon": "KC QC JC",
    "actions": [
        "pass", "pass", "give 0 JC", "give 2 QC", "contract 100",
        "play AD", "play 9D", "play 9S",             # seat 1: 11
        "play KS marriage", "play 9H", "play JS",    # +40, trump ♠; seat 1: 6
        "play TD", "play JD", "play 9C",             # seat 1: 12
        "play KD", "play QD", "play JC",             # seat 1: 9
        "play KC", "play QC", "play AC",             # seat 0: 18
        "play KH marriage", "play QS", "play AH",    # +100, trump ♥; seat 2: 18
        "play TH", "play QH", "play TS",             # seat 2: 23
        "play JH", "play TC", "play AS",             # seat 2: 23
    ]}


def _replayed_row(**options: Any) -> dict[str, Any]:
    rec = {"format": 2, "game": "thousand", "rules": {"preset": "classic", **options},
           "players": ["a", "b", "c"], "first_dealer": 0, "seed": 1,
           "deals": [OPPONENT_MARRIAGE]}
    row: dict[str, Any] = replay_record(rec).summary()["deals"][0]
    return row


def test_marriage_declarer_only_through_a_record() -> None:
    # seat 1: 38 cards + 40 = 78 < 100; seat 0: 18 cards + 100; seat 2: 64 cards
    row = _replayed_row()
    assert row["points"] == [118, 78, 64] and row["scores"] == [120, -100, 65]
    row = _replayed_row(marriage_declarer_only=True)
    assert row["points"] == [18, 78, 64] and row["scores"] == [20, -100, 65]
