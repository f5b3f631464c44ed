"""Thousand scoring of rules/thousand.md §11.7's barrel options and the golden-horse reset, with
sheets worked out by hand in the comments; then property tests over option bundles."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.core.errors import IllegalActionError
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import (
    DealOutcome,
    MatchScore,
    _score_general,
    barrel_bidders,
    barrel_seats,
    may_buy_talon,
    may_write_off,
    score_deal,
    score_simple,
    simple_scoring_ok,
)

from .test_scoring_conventions import check_sheet, conceded, match, played, redeal, rules


def barrel_match(r: ThousandRules, totals: list[int], seat: int, *, attempts: int = 0,
                 falls: int = 0, total: int | None = None) -> MatchScore:
    """A match with ``seat`` on the barrel (at ``total``, B unless said)."""
    score = match(r, totals, barrel=(seat,), attempts=attempts)
    score.barrel_falls[seat] = falls
    if total is not None:
        score.totals[seat] = total
    return score


# -- barrel_fall_score, barrel_raise_fail -----------------------------------------------------

def test_barrel_fall_score_zero_after_the_third_attempt() -> None:
    r = rules(barrel_fall_score="zero")
    score = barrel_match(r, [0, 0, 0], 1, attempts=2)
    row = score_deal(r, score, played(0, 120, (120, 0, 0), tricks=(8, 0, 0)))
    assert row.scores == (120, -880, 0)
    assert row.marks == ((), ("barrel", "barrel-fall"), ("B",))
    assert score.barrel_falls == [0, 1, 0]


def test_barrel_fall_score_zero_keeps_the_penalty_for_a_collision() -> None:
    r = rules(barrel_fall_score="zero")
    score = barrel_match(r, [860, 0, 0], 1)
    # seat 0 takes 25: 885 -> clamped to 880, climbs; seat 1 is thrown off: 880 - 120;
    # seat 2 fails 100 on 95
    row = score_deal(r, score, played(2, 100, (25, 0, 95), tricks=(2, 0, 6)))
    assert row.scores == (20, -120, -100)
    assert row.marks == (("barrel",), ("barrel", "barrel-fall"), ())
    assert barrel_seats(r, score) == [0]


def test_barrel_raise_fail_contract_falls_by_the_contract() -> None:
    r = rules("online")  # barrel_raise_fail = contract, C = 121
    score = barrel_match(r, [0, 0, 0], 1)
    # contract 150 > C, failed: 880 - 150; the opponents score (not idle above C)
    row = score_deal(r, score, played(1, 150, (20, 140, 0), declarations=(0, 40, 0)))
    assert row.scores == (20, -150, 0)
    assert row.marks == ((), ("barrel", "barrel-fall"), ("B",))
    r = rules()  # fall: 880 - 120
    score = barrel_match(r, [0, 0, 0], 1)
    assert score_deal(r, score, played(1, 150, (20, 140, 0))).scores == (20, -120, 0)


def test_barrel_raise_fail_contract_is_a_fall_for_falls_to_zero() -> None:
    r = rules("online", barrel_falls_to_zero=True)
    score = barrel_match(r, [0, 0, 0], 1, falls=2)
    row = score_deal(r, score, played(1, 150, (20, 140, 0)))
    assert row.totals == (20, 0, 0) and score.barrel_falls == [0, 3, 0]


# -- barrel_opponents_idle, barrel_attempts ---------------------------------------------------

def test_idle_opponents_score_nothing_and_get_no_bolt_at_c() -> None:
    r = rules("online", bolt_consecutive=True)
    score = barrel_match(r, [300, 0, 200], 1)
    score.bolts[:] = [1, 0, 2]
    row = score_deal(r, score, played(1, 121, (60, 60, 0), tricks=(3, 5, 0)))
    assert row.scores == (0, 0, 0)
    assert row.marks == (("idle",), ("barrel",), ("idle",))
    assert score.bolts == [1, 0, 2]  # an idle deal neither adds to nor breaks a run
    assert score.barrel_attempts == [0, 1, 0]
    # made: 880 + 121 = 1001 wins; the opponents idle again
    row = score_deal(r, score, played(1, 121, (39, 121, 0), declarations=(0, 40, 0)))
    assert row.scores == (0, 121, 0) and score.winner == 1
    assert row.marks == (("idle",), ("barrel",), ("idle",))


def test_four_players_idle_leaves_the_talon_marriage_alone() -> None:
    r = rules("four_players", barrel_opponents_idle=True, dealer_scores_talon=True)
    score = barrel_match(r, [0, 0, 0, 0], 2)
    row = score_deal(r, score, played(2, 120, (0, 60, 60, 0), talon_marriage=40))
    assert row.scores == (40, 0, 0, 0)
    assert row.marks == ((), ("idle",), ("barrel",), ("idle",))


def test_barrel_attempts_as_declarer_counts_only_his_own_deals() -> None:
    r = rules("online")
    score = barrel_match(r, [300, 0, 200], 1, attempts=2)
    # seat 0 outbids him: no attempt; he scores nothing and stays on the barrel
    row = score_deal(r, score, played(0, 120, (120, 0, 0), tricks=(8, 0, 0)))
    assert row.scores == (120, 0, 0) and row.marks == ((), ("barrel",), ("B",))
    assert score.barrel_attempts == [0, 2, 0]
    # his own third attempt at C fails: he falls, 880 - 120 (not raised: no contract fine)
    row = score_deal(r, score, played(1, 121, (60, 60, 0), tricks=(3, 5, 0)))
    assert row.scores == (0, -120, 0) and score.barrel_falls == [0, 1, 0]
    # every_deal (classic): the same first deal is his third attempt
    r = rules()
    score = barrel_match(r, [300, 0, 200], 1, attempts=2)
    row = score_deal(r, score, played(0, 120, (120, 0, 0), tricks=(8, 0, 0)))
    assert row.scores == (120, -120, 0)


# -- barrel_mode accumulate -------------------------------------------------------------------

def test_accumulate_gathers_exact_points_in_any_role_and_falls_rounded_down() -> None:
    r = rules(barrel_mode="accumulate")
    score = barrel_match(r, [0, 300, 200], 0)
    assert barrel_bidders(r, score) == [] and barrel_seats(r, score) == [0]
    rows = [
        # seat 1 fails 120; seat 0 writes 34 (not 35): 914; seat 2 no trick
        score_deal(r, score, played(1, 120, (34, 86, 0), tricks=(2, 6, 0))),
        # seat 0 declares 120 and takes 57: 971, neither + nor - the contract
        score_deal(r, score, played(0, 120, (57, 40, 23), tricks=(4, 2, 2))),
        # seat 0 takes 22: 993, his third attempt: 990 - 120 = 870
        score_deal(r, score, played(2, 100, (22, 0, 98), tricks=(2, 0, 6))),
    ]
    assert [row.scores for row in rows] == [(34, -120, 0), (57, 40, 25), (-101, 0, -100)]
    assert [row.totals for row in rows] == [(914, 180, 200), (971, 220, 225),
                                             (870, 220, 125)]
    assert rows[2].marks == (("barrel", "barrel-fall"), ("B",), ())
    assert score.barrel_falls == [1, 0, 0] and barrel_seats(r, score) == []
    check_sheet(score, [880, 300, 200])


def test_accumulate_reaching_the_target_wins() -> None:
    r = rules(barrel_mode="accumulate")
    score = barrel_match(r, [0, 220, 225], 0, attempts=2, total=971)
    row = score_deal(r, score, played(2, 100, (29, 0, 91), tricks=(2, 0, 6)))
    assert row.totals == (1000, 220, 125) and score.winner == 0
    assert row.marks == (("barrel",), ("B",), ())


def test_accumulate_is_not_doubled_nor_silenced() -> None:
    r = rules(barrel_mode="accumulate", golden_horse=True, defender_cap_800=True)
    score = barrel_match(r, [0, 300, 200], 0)
    row = score_deal(r, score, played(1, 120, (34, 86, 0), tricks=(2, 6, 0)))
    assert row.scores == (34, -240, 0)
    assert row.marks == (("barrel",), ("x2",), ("x2", "B"))


def test_accumulate_with_barrel_no_marriages_counts_card_points_only() -> None:
    r = rules(barrel_mode="accumulate", barrel_no_marriages=True)
    score = barrel_match(r, [0, 300, 200], 0)
    # seat 0: 40 cards + a 60 marriage that scores 0 for him
    row = score_deal(r, score, played(0, 120, (100, 80, 0), tricks=(3, 5, 0),
                                      declarations=(60, 0, 0)))
    assert row.points == (40, 80, 0) and row.scores == (40, 80, 0)


def test_accumulate_fall_score_zero() -> None:
    r = rules(barrel_mode="accumulate", barrel_fall_score="zero")
    score = barrel_match(r, [0, 300, 200], 0, attempts=2)
    row = score_deal(r, score, played(2, 100, (22, 0, 98), tricks=(2, 0, 6)))
    assert row.totals == (0, 300, 100)


def test_accumulate_collision_uses_the_round_down_formula() -> None:
    r = rules(barrel_mode="accumulate")
    score = barrel_match(r, [0, 860, 0], 0, total=913)
    # seat 1: 860 + 30 = 890 -> 880, climbs; seat 0: 913 + 10 = 923 -> 920 - 120 = 800
    row = score_deal(r, score, played(2, 100, (10, 30, 80), tricks=(1, 2, 5)))
    assert row.scores == (-113, 20, -100)
    assert row.marks == (("barrel", "barrel-fall"), ("barrel",), ())
    assert barrel_seats(r, score) == [1]


def test_accumulate_two_climbers_all_fall_by_the_formula() -> None:
    r = rules(barrel_mode="accumulate")
    score = barrel_match(r, [0, 860, 870], 0, total=905)
    # seat 1 makes 100: 960 -> 880; seat 2: 870 + 15 = 885 -> 880; both climb, all fall:
    # seat 0 910 -> 790, the climbers 880 -> 760
    row = score_deal(r, score, played(1, 100, (5, 100, 15), tricks=(1, 6, 1)))
    assert row.totals == (790, 760, 760)
    assert all("barrel-fall" in m for m in row.marks)
    assert score.barrel_falls == [1, 1, 1]


def test_four_players_accumulate_sitting_out_dealer_scores_nothing() -> None:
    r = rules("four_players", barrel_mode="accumulate", dealer_scores_talon=True)
    score = barrel_match(r, [0, 0, 0, 0], 0, attempts=2)
    row = score_deal(r, score, played(2, 120, (0, 30, 90, 0), talon_marriage=60))
    assert row.scores == (0, 30, -120, 0)
    assert row.marks == (("barrel",), (), (), ("B",))
    assert score.barrel_attempts == [2, 0, 0, 0]  # a sat-out deal is no attempt


# -- barrel_after_reset never -----------------------------------------------------------------

def test_barrel_after_reset_never_exempts_the_reset_seat() -> None:
    r = rules(barrel_falls_to_zero=True, barrel_after_reset="never")
    score = barrel_match(r, [0, 0, 0], 1, attempts=2, falls=2)
    row = score_deal(r, score, played(0, 120, (120, 0, 0), tricks=(8, 0, 0)))
    assert row.scores == (120, -880, 0) and score.barrel_exempt == [False, True, False]
    # later: seat 1 at 870, seat 2 on the barrel; seat 1 passes B: no clamp, nobody falls
    score.totals[1] = 870
    score.totals[2], score.on_barrel[2] = 880, True
    row = score_deal(r, score, played(0, 120, (75, 45, 0), tricks=(5, 3, 0)))
    assert row.totals == (0, 915, 880) and row.marks == ((), (), ("barrel",))
    assert barrel_seats(r, score) == [2]
    # and he wins as an opponent: 915 + 90
    row = score_deal(r, score, played(0, 120, (30, 90, 0), tricks=(2, 6, 0)))
    assert row.totals == (-120, 1005, 880) and score.winner == 1


def test_barrel_after_reset_again_puts_him_back_on_the_barrel() -> None:
    r = rules(barrel_falls_to_zero=True)
    score = barrel_match(r, [0, 0, 0], 1, attempts=2, falls=2)
    score_deal(r, score, played(0, 120, (120, 0, 0), tricks=(8, 0, 0)))
    assert score.barrel_exempt == [False, False, False]
    score.totals[1] = 870
    row = score_deal(r, score, played(0, 120, (75, 45, 0), tricks=(5, 3, 0)))
    assert row.totals == (0, 880, 0) and barrel_seats(r, score) == [1]


def test_a_barrel_win_comes_before_an_exempt_seat_across_the_target() -> None:
    r = rules(barrel_falls_to_zero=True, barrel_after_reset="never")
    score = barrel_match(r, [0, 950, 0], 2)
    score.barrel_exempt[1] = True
    # seat 1 (exempt) 950 + 60 = 1010; seat 2 makes 120 on the barrel: 1000 (§11.P.13)
    row = score_deal(r, score, played(2, 120, (0, 60, 120), tricks=(0, 3, 5)))
    assert row.totals == (0, 1010, 1000) and score.winner == 2


def test_barrel_seats_never_lists_an_exempt_seat() -> None:
    r = rules(barrel_falls_to_zero=True, barrel_after_reset="never")
    score = barrel_match(r, [0, 0, 0], 1)
    score.barrel_exempt[1] = True
    assert barrel_seats(r, score) == [] and may_write_off(r, score, 0) is None


# -- writeoff_on_barrel -----------------------------------------------------------------------

def test_a_barrel_seats_writeoff_is_an_attempt_at_no_cost() -> None:
    r = rules(writeoff_on_barrel="allowed", writeoff_penalty="bolt")
    score = barrel_match(r, [100, 0, 50], 1)
    row = score_deal(r, score, conceded("writeoff", 1, 120))
    assert row.scores == (60, 0, 60)
    assert row.marks == ((), ("P", "barrel"), ())
    assert score.barrel_attempts == [0, 1, 0] and score.writeoffs == [0, 1, 0]
    score.barrel_attempts[1] = 2
    row = score_deal(r, score, conceded("writeoff", 1, 120))  # the third: a fall
    assert row.totals == (220, 760, 170)


def test_another_seats_writeoff_is_an_attempt_for_the_sitter_every_deal() -> None:
    r = rules(writeoff_on_barrel="allowed")
    score = barrel_match(r, [100, 0, 50], 1)
    row = score_deal(r, score, conceded("writeoff", 0, 100))
    assert row.scores == (-100, 0, 50) and score.barrel_attempts == [0, 1, 0]  # §11.P.6
    r = rules(writeoff_on_barrel="allowed", barrel_attempts="as_declarer")
    score = barrel_match(r, [100, 0, 50], 1)
    score_deal(r, score, conceded("writeoff", 0, 100))
    assert score.barrel_attempts == [0, 0, 0]


def test_a_barrel_seats_third_writeoff_counts_but_costs_nothing_more() -> None:
    r = rules(writeoff_on_barrel="allowed", writeoff_third_penalty=120)
    score = barrel_match(r, [100, 0, 50], 1)
    score.writeoffs[1] = 2
    row = score_deal(r, score, conceded("writeoff", 1, 120))  # §11.P.14
    assert row.scores == (60, 0, 60) and score.writeoffs == [0, 3, 0]


def test_a_barrel_seats_strikeout_is_an_attempt_and_dashes_the_others() -> None:
    r = rules(writeoff_on_barrel="allowed", allow_strikeout=True)
    score = barrel_match(r, [100, 0, 50], 1)
    row = score_deal(r, score, conceded("strikeout", 1, 120))  # §11.P.5
    assert row.scores == (0, 0, 0)
    assert row.marks == (("B",), ("C", "barrel"), ("B",))
    assert score.barrel_attempts == [0, 1, 0]


# -- golden_horse_120's reset -----------------------------------------------------------------

GOLDEN = [
    played(1, 120, (40, 80, 0)),                  # -240, seat 0 80, seat 2 B
    redeal(dealer=1),                             # not one of the three
    conceded("writeoff", 2, 120, dealer=1),       # -240, opponents 120 each
    played(0, 120, (100, 20, 0), dealer=2),       # -240, seat 1 40, seat 2 B: then the reset
]


def test_golden_horse_reset_when_nobody_made_120() -> None:
    r = rules(golden_horse=True, golden_horse_120=True)
    score = MatchScore.new(r)
    score.barrel_falls[:] = [1, 2, 0]
    score.barrel_exempt[2] = True
    rows = [score_deal(r, score, deal) for deal in GOLDEN]
    assert [row.totals for row in rows] == [(80, -240, 0), (80, -240, 0), (200, -120, -240),
                                             (0, 0, 0)]
    assert rows[3].scores == (-200, 120, 240)
    assert rows[3].marks == (("x2", "golden-reset"), ("x2", "golden-reset"),
                             ("x2", "B", "golden-reset"))
    assert (score.bolts, score.writeoffs, score.barrel_falls, score.barrel_exempt) == (
        [0, 0, 0], [0, 0, 0], [0, 0, 0], [False, False, False])  # §11.P.11
    # play goes on with ordinary deals
    row = score_deal(r, score, played(1, 120, (0, 120, 0)))
    assert row.scores == (0, 120, 0) and row.marks == (("B",), (), ("B",))
    check_sheet(score)


def test_no_golden_horse_reset_once_a_declarer_made_it() -> None:
    r = rules(golden_horse=True, golden_horse_120=True)
    score = MatchScore.new(r)
    deals = [GOLDEN[0], played(2, 120, (0, 0, 120), dealer=1), GOLDEN[3]]
    rows = [score_deal(r, score, deal) for deal in deals]
    assert rows[2].totals == (-160, -200, 240)
    assert all("golden-reset" not in m for row in rows for m in row.marks)


def test_golden_horse_120_needs_the_golden_horse() -> None:
    r = rules(golden_horse_120=True)  # §11.P.1: no effect
    score = MatchScore.new(r)
    rows = [score_deal(r, score, deal) for deal in GOLDEN]
    # 40 -120 0; redeal; +60 -120 +60 -> (100, -60, -120); -120 +20 0
    assert rows[3].totals == (-20, -40, -120)


# -- properties -------------------------------------------------------------------------------

NEW_OPTIONS = st.fixed_dictionaries({
    "preset": st.sampled_from(["classic", "online", "tysiac", "four_players"]),
    "golden_horse": st.booleans(), "golden_horse_120": st.booleans(),
    "dump_truck": st.booleans(), "barrel_falls_to_zero": st.booleans(),
    "barrel_after_reset": st.sampled_from(["again", "never"]),
    "barrel_mode": st.sampled_from(["contract", "accumulate"]),
    "barrel_fall_score": st.sampled_from(["penalty", "zero"]),
    "barrel_attempts": st.sampled_from(["every_deal", "as_declarer"]),
    "barrel_raise_fail": st.sampled_from(["fall", "contract"]),
    "barrel_opponents_idle": st.booleans(), "barrel_no_marriages": st.booleans(),
    "writeoff_penalty": st.sampled_from(["contract", "none", "half"]),
    "writeoff_gain": st.sampled_from(["half_contract", "fixed_60", "aces"]),
    "writeoff_on_barrel": st.sampled_from(["forbidden", "allowed"]),
    "writeoff_third_penalty": st.sampled_from([0, 120]),
    "allow_strikeout": st.booleans(), "talon_buying": st.booleans(),
    "bolt_when": st.sampled_from(["no_trick", "no_points", "zero_score", "never"]),
    "bolt_consecutive": st.booleans(), "round_declarer": st.booleans(),
    "marriage_declarer_only": st.booleans(), "cut_ritual": st.booleans(),
    "blind_bid": st.booleans(), "blind_doubles": st.sampled_from(["declarer", "all"]),
    "blind_marriages_doubled": st.booleans(), "barrel_at": st.sampled_from([675, 880]),
})


@st.composite
def outcomes(draw: st.DrawFn, r: ThousandRules, score: MatchScore) -> DealOutcome:
    n = r.players
    kind = draw(st.sampled_from(["played"] * 5 + ["writeoff", "strikeout", "redeal"]))
    dealer = draw(st.integers(0, n - 1))
    out = dealer if n == 4 else None
    seats = [s for s in range(n) if s != out]
    declarer = draw(st.sampled_from(seats))
    cut = draw(st.sampled_from([None, None, *range(n)])) if r.cut_ritual else None
    if kind == "redeal":
        return DealOutcome(dealer, "redeal", None, None, None, (0,) * n, (0,) * n,
                           sitting_out=out, cut_penalty_seat=cut)
    bid = draw(st.sampled_from([100, 110, 120, 125, 150]))
    sales: tuple[int, ...] = ()
    if may_buy_talon(r, score) and draw(st.booleans()):
        sales = tuple(draw(st.lists(st.sampled_from(seats), min_size=1, max_size=3)))
    blind = r.blind_bid and bid == 120 and draw(st.booleans())
    if kind != "played":
        kind = kind if may_write_off(r, score, declarer, kind == "strikeout") is None \
            else "played"
    if kind != "played":
        aces = tuple(draw(st.integers(0, 2)) if s != out else 0 for s in range(n))
        return DealOutcome(dealer, kind, declarer, bid, None, (0,) * n,  # type: ignore[arg-type]
                           (0,) * n, blind=blind, sitting_out=out, aces=aces, sales=sales,
                           cut_penalty_seat=cut)
    contract = max(bid, draw(st.sampled_from([100, 120, 121, 125, 150, 200])))
    if declarer in barrel_bidders(r, score):
        contract = max(contract, r.barrel_contract)
    cards = [0] * n
    left = 120
    for s in seats[:-1]:
        cards[s] = draw(st.integers(0, left))
        left -= cards[s]
    cards[seats[-1]] = left
    declared = tuple(draw(st.sampled_from([0, 0, 40, 100])) if s != out else 0
                     for s in range(n))
    points = tuple(c + d for c, d in zip(cards, declared, strict=True))
    tricks = tuple(0 if s == out else draw(st.integers(0 if not points[s] else 1, 4))
                   for s in range(n))
    return DealOutcome(dealer, "played", declarer, bid, contract, points, tricks, blind=blind,
                       sitting_out=out, declarations=declared, sales=sales,
                       cut_penalty_seat=cut)


@settings(max_examples=120, deadline=None)
@given(NEW_OPTIONS, st.data())
def test_totals_are_sums_the_winner_stays_falls_only_grow(options: dict[str, Any],
                                                          data: st.DataObject) -> None:
    preset = options.pop("preset")
    r = rules(preset, **options)
    score = MatchScore.new(r)
    for _ in range(data.draw(st.integers(1, 30))):
        outcome = data.draw(outcomes(r, score))
        falls = list(score.barrel_falls)
        if score.winner is not None:
            frozen = score.copy()
            with pytest.raises(IllegalActionError):
                score_deal(r, score, outcome)
            assert score == frozen
            continue
        row = score_deal(r, score, outcome)
        winner = score.winner
        reset = any("golden-reset" in m for m in row.marks)
        if reset:
            assert score.totals == [0] * r.players and score.barrel_falls == [0] * r.players
        else:
            assert all(a <= b for a, b in zip(falls, score.barrel_falls, strict=True))
        on = barrel_seats(r, score)
        assert not any(score.barrel_exempt[s] for s in on)
        for seat in on:
            if r.barrel_mode == "contract":
                assert score.totals[seat] == r.barrel_at
            else:
                assert r.barrel_at <= score.totals[seat] < r.target
        if winner is not None:
            assert score.totals[winner] >= r.target
    check_sheet(score)


def _simple_rules(rng: random.Random) -> ThousandRules:
    options: dict[str, Any] = {
        "preset": rng.choice(["classic", "online", "tysiac", "two_players"]),
        "golden_horse": rng.random() < 0.4, "dump_truck": rng.random() < 0.4,
        "defender_cap_800": rng.random() < 0.3,
        "writeoff_penalty": rng.choice(["contract", "none", "half"]),
        "bolt_when": rng.choice(["no_trick", "never"]),
        "barrel_mode": rng.choice(["contract", "accumulate"]),
        "barrel_fall_score": rng.choice(["penalty", "zero"]),
        "barrel_after_reset": rng.choice(["again", "never"]),
        "writeoff_on_barrel": rng.choice(["forbidden", "allowed"]),
        "blind_bid": rng.random() < 0.3, "bolt_limit": rng.choice([1, 3]),
    }
    return rules(options.pop("preset"), **options)


def test_score_simple_scores_as_the_general_path_where_it_is_ok() -> None:
    rng = random.Random(11)
    simple = 0
    for _ in range(4000):
        r = _simple_rules(rng)
        assert simple_scoring_ok(r)
        n = r.players
        score = MatchScore.new(r)
        score.totals = [rng.choice([0, 300, 540, 700, 810, 870]) for _ in range(n)]
        score.bolts = [rng.randrange(r.bolt_limit) for _ in range(n)]
        declarer = rng.randrange(n)
        bid = rng.choice([100, 105, 120, 150])
        blind = r.blind_bid and bid == 120 and rng.random() < 0.5
        if rng.random() < 0.3:
            outcome = conceded("writeoff", declarer, bid, n, blind=blind)
        else:
            cut = rng.randrange(121)
            points = (cut, 120 - cut, 0)[:n] if n == 3 else (cut, 120 - cut)
            outcome = DealOutcome(0, "played", declarer, bid, max(bid, 120), points,
                                  tuple(rng.choice([0, 1, 3]) for _ in range(n)), blind=blind)
        fast, slow = score.copy(), score.copy()
        row = score_simple(r, fast, 0, outcome.kind == "played", declarer, bid,
                           outcome.contract, outcome.points, outcome.tricks, blind)
        if row is None:
            assert fast == score
            continue
        simple += 1
        assert row == _score_general(r, slow, outcome)
        assert fast == slow
    assert simple > 1500
