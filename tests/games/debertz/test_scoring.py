"""Debertz deal scoring per side: made, bait, hanging bait, skate; the match's end."""

from kozyr.games.debertz.scoring import match_winner, score_deal

ALL = [True, True, True]


def test_declarer_makes_it_everybody_writes_his_points() -> None:
    r = score_deal([90, 40, 32], 0, ALL, [0, 0, 0], 0, 50)
    assert (r.scores, r.marks, r.pot, r.baits) == ([90, 40, 32], [[], [], []], 0, [0, 0, 0])


def test_declarer_must_score_more_than_all_defenders_together() -> None:
    r = score_deal([80, 50, 32], 0, ALL, [0, 0, 0], 0, 50)   # 80 < 82
    assert r.marks[0] == ["bait"] and r.scores[0] == 0


def test_bait_splits_equally_and_the_odd_point_is_lost() -> None:
    r = score_deal([41, 70, 51], 0, ALL, [0, 0, 0], 0, 50)
    assert r.scores == [0, 70 + 20, 51 + 20]
    assert r.baits == [1, 0, 0]


def test_bait_to_a_team_or_a_single_defender_is_whole() -> None:
    r = score_deal([41, 121], 0, [True, True], [0, 0], 0, 50)
    assert r.scores == [0, 162]


def test_third_and_later_baits_cost_100() -> None:
    baits = [0, 0, 0]
    costs = []
    for _ in range(4):
        r = score_deal([10, 100, 52], 0, ALL, baits, 0, 50)
        baits = r.baits
        costs.append(r.scores[0])
    assert costs == [0, 0, -100, -100]
    assert baits == [4, 0, 0]


def test_baits_are_counted_per_side() -> None:
    r = score_deal([100, 10, 52], 1, ALL, [0, 2, 0], 0, 50)
    assert r.baits == [0, 3, 0] and r.scores == [100 + 5, -100, 52 + 5]


def test_a_tie_is_a_hanging_bait_and_forms_a_pot() -> None:
    r = score_deal([81, 41, 40], 0, ALL, [0, 0, 0], 0, 50)
    assert (r.scores, r.marks, r.pot, r.baits) == ([0, 41, 40], [["hanging-bait"], [], []], 81,
                                                    [0, 0, 0])


def test_a_further_tie_adds_to_the_pot() -> None:
    r = score_deal([40, 80, 40], 1, ALL, [0, 0, 0], 81, 50)
    assert (r.scores, r.pot) == ([40, 0, 40], 161)


def test_the_pot_goes_to_the_next_declarer_who_makes_it() -> None:
    r = score_deal([100, 30, 32], 0, ALL, [0, 0, 0], 81, 50)
    assert (r.scores, r.pot) == ([181, 30, 32], 0)


def test_the_pot_goes_to_the_defenders_when_the_next_declarer_fails() -> None:
    r = score_deal([30, 100, 32], 0, ALL, [0, 0, 0], 81, 50)
    assert (r.scores, r.pot) == ([0, 100 + 15 + 40, 32 + 15 + 40], 0)
    team = score_deal([30, 132], 0, [True, True], [0, 0], 81, 50)
    assert team.scores == [0, 132 + 30 + 81]


def test_skate_costs_each_side_that_took_no_trick() -> None:
    r = score_deal([162, 0, 0], 0, [True, False, False], [0, 0, 0], 0, 50)
    assert r.scores == [162, -50, -50]
    assert r.marks == [[], ["skate"], ["skate"]]


def test_skate_also_hits_a_baited_declarer() -> None:
    r = score_deal([20, 142, 0], 0, [False, True, True], [2, 0, 0], 0, 50)
    assert r.scores == [-150, 152, 10]
    assert r.marks == [["bait", "skate"], [], []]


def test_a_skated_defender_still_gets_his_bait_share() -> None:
    r = score_deal([146, 13, 0], 1, [True, True, False], [0, 0, 0], 0, 50)
    assert r.scores == [146 + 6, 0, 6 - 50]


def test_skate_penalty_option() -> None:
    r = score_deal([162, 0], 0, [True, False], [0, 0], 0, 30)
    assert r.scores == [162, -30]


def test_match_winner_needs_the_target() -> None:
    assert match_winner([300, 200, 500], 501, 0, [1, 2, 0]) is None
    assert match_winner([300, 200, 501], 501, 0, [1, 2, 0]) == 2


def test_match_winner_tie_breaks() -> None:
    # the highest total
    assert match_winner([600, 550, 100], 501, 1, [1, 2, 0]) == 0
    # equal: the declarer's side
    assert match_winner([600, 600, 100], 501, 0, [1, 2, 0]) == 0
    # equal, declarer not among them: first clockwise from the dealer's left
    assert match_winner([600, 600, 100], 501, 2, [1, 2, 0]) == 1
    assert match_winner([600, 600, 100], 501, 2, [2, 0, 1]) == 0
    assert match_winner([600, 600], 501, None, [1, 0]) == 1
