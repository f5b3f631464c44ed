"""The duplicate arena: seatings, statistics, the command's output and errors."""

from __future__ import annotations

import json

from kozyr.bots.arena import arrangements, main, mean_ci, run_deals, run_matches
from kozyr.games import make_rules


def test_every_seating_once() -> None:
    assert len(arrangements(["a", "b", "c"])) == 6
    assert len(arrangements(["hard", "normal", "normal"])) == 3
    assert all(sorted(p) == ["a", "b", "c"] for p in arrangements(["c", "a", "b"]))


def test_mean_ci() -> None:
    m, ci = mean_ci([10.0, 20.0, 30.0, 40.0])
    assert m == 25.0
    assert 12 < ci < 13  # 1.96 * sd / sqrt(n) with sd = 12.91
    assert mean_ci([]) == (0.0, 0.0)


def test_duplicate_deals_are_zero_sum_between_identical_bots() -> None:
    # the same bot in every seat: each deal's per-bot mean is the mean over seats
    rules = make_rules("thousand", "classic")
    out = run_deals("thousand", ["normal", "normal", "normal"], 3, 7, rules)
    assert out["seatings"] == 1
    assert out["per_bot"]["normal"]["decisions"] > 0


def test_scores_come_from_the_sheet() -> None:
    rules = make_rules("thousand", "classic")
    out = run_deals("thousand", ["normal", "random", "random"], 6, 3, rules)
    normal, rnd = out["per_bot"]["normal"], out["per_bot"]["random"]
    assert out["seatings"] == 3
    assert normal["mean_score"] > rnd["mean_score"]  # the heuristic beats random play
    adv = out["advantage"]
    assert adv["bot"] == "normal" and adv["mean"] > 0
    assert normal["declared"] > 0 and 0 <= normal["made_rate"] <= 1


def test_matches_mode_counts_wins() -> None:
    rules = make_rules("thousand", "classic", ["target=300", "barrel=false"])
    out = run_matches("thousand", ["normal", "random", "random"], 1, 5, rules)
    wins = sum(r["wins"] for r in out["per_bot"].values())
    assert out["games"] == 3
    assert wins == 3
    assert out["per_bot"]["normal"]["seats"] == 3


def test_main_json_and_errors(capsys) -> None:
    assert main(bots="normal,random,random", deals=2, seed=1, as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "deals" and data["deals"] == 2
    assert main(bots="normal,random", deals=1) == 2
    assert "3 seats" in capsys.readouterr().err
    assert main(bots="normal,nobody,random", deals=1) == 2
    assert main(bots="normal,random,random", deals=2, seed=1) == 0
    assert "score" in capsys.readouterr().out


def test_workers_give_the_results_of_one_process() -> None:
    rules = make_rules("thousand", "classic")
    records: list[dict] = []
    one = run_deals("thousand", ["normal", "easy", "easy"], 4, 11, rules,
                    on_deal=records.append)
    two = run_deals("thousand", ["normal", "easy", "easy"], 4, 11, rules, workers=2)

    def strip(out: dict) -> dict:
        return {**out, "per_bot": {n: {k: v for k, v in r.items() if not k.startswith("time_")}
                                   for n, r in out["per_bot"].items()}}

    assert strip(one) == strip(two)
    assert [r["deal"] for r in records] == [0, 1, 2, 3]
    assert all(len(r["seatings"]) == 3 for r in records)
    assert main(bots="normal,random,random", deals=1, workers=0) == 2


def test_pimc_options_in_the_bot_name() -> None:
    from kozyr.bots.arena import make_arena_bot

    bot = make_arena_bot("hard@0.5:dd_margin=20:defence_value=60", seed=1)
    assert (bot.time_limit, bot.dd_margin, bot.defence_value) == (0.5, 20, 60)  # type: ignore[attr-defined]
    for bad in ("normal:dd_margin=20", "hard:nothing=1", "hard:dd_margin"):
        try:
            make_arena_bot(bad, seed=1)
        except ValueError:
            continue
        raise AssertionError(f"{bad} was accepted")
