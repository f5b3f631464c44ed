"""Game records and ``kozyr replay`` (spec/records.md), over the Thousand engine."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from kozyr.core.errors import RecordError
from kozyr.records import ReplayError, dump_record, load_record, replay_record, write_record
from kozyr.replay import main as replay_main

# The example of spec/records.md, played to the end of the deal (worked out by hand):
# seat 2 takes the talon QC JC 9C, declares ♦ (80) and ♣ (60) marriages, takes 95 card points.
SPEC_EXAMPLE: dict[str, Any] = {
    "format": 1,
    "game": "thousand",
    "rules": {"preset": "classic", "bid_step": 5},
    "players": ["ann", "bot:pimc", "bob"],
    "first_dealer": 0,
    "seed": 12345,
    "deals": [{
        "hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D KC"],
        "talon": "QC JC 9C",
        "actions": ["bid 105", "pass", "pass", "give 0 9C", "give 1 JC", "contract 120",
                    "play AD", "play 9C", "play JC",
                    "play QD marriage", "play JS", "play JH",
                    "play TD", "play 9S", "play 9H",
                    "play KD", "play QS", "play QH",
                    "play JD", "play KS", "play KH",
                    "play 9D", "play TS", "play TH",
                    "play KC marriage", "play AC", "play TC",
                    "play AS", "play AH", "play QC"],
    }],
}


def _cut(record: dict[str, Any], n_actions: int) -> dict[str, Any]:
    rec = copy.deepcopy(record)
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:n_actions]
    return rec


def test_spec_example_deal_scores_as_worked_out_by_hand() -> None:
    summary = replay_record(SPEC_EXAMPLE).summary()
    assert summary["deals"] == [{
        "dealer": 0, "declarer": 2, "bid": 105, "contract": 120,
        "points": [25, 0, 235], "scores": [25, 0, 120], "totals": [25, 0, 120],
        "marks": [[], ["B"], []],
    }]
    assert summary["totals"] == [25, 0, 120]
    assert summary["winner"] is None and summary["complete"] is False
    assert summary["open_deal"] is None


def test_a_record_may_stop_inside_a_deal() -> None:
    summary = replay_record(_cut(SPEC_EXAMPLE, 7)).summary()
    assert summary["deals"] == []
    assert summary["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}
    assert replay_record(_cut(SPEC_EXAMPLE, 0)).summary()["open_deal"] == {
        "dealer": 0, "phase": "bidding", "to_act": 2}
    assert replay_record(_cut(SPEC_EXAMPLE, 3)).summary()["open_deal"]["phase"] == "talon"
    assert replay_record(_cut(SPEC_EXAMPLE, 5)).summary()["open_deal"]["phase"] == "contract"


def test_written_record_replays_to_the_same_sheet() -> None:
    first = replay_record(SPEC_EXAMPLE)
    rec = write_record(first.match, first.players)
    assert rec["deals"][0]["actions"] == SPEC_EXAMPLE["deals"][0]["actions"]
    again = replay_record(json.loads(dump_record(rec)))
    assert again.summary() == first.summary()


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda r: r.update(game="chess"), "'game' must be one of"),
    (lambda r: r.update(format=3), "format 3 is not supported"),
    (lambda r: r.update(format="2"), "format .2. is not supported"),
    (lambda r: r.update(rules={"preset": "classic", "bidstep": 5}), "unknown thousand option"),
    (lambda r: r.update(players=["a", "b"]), "names 2 players but the rules are for 3"),
    (lambda r: r.update(first_dealer=3), "first_dealer"),
    (lambda r: r.update(seed="x"), "seed"),
    (lambda r: r.update(deals={}), "'deals' must be a list"),
    (lambda r: r["deals"][0].update(actions="bid 105"), "list of strings"),
    (lambda r: r["deals"][0].update(hands=["AS TS", "AH", "AD"]), "deal 1"),
    (lambda r: r["deals"][0].update(talon="QC JC QC"), "deal 1"),
    (lambda r: r["deals"][0].update(cards="x"), "unknown key"),
])
def test_malformed_records_are_refused_clearly(mutate: Any, message: str) -> None:
    rec = copy.deepcopy(SPEC_EXAMPLE)
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay_record(rec)


def test_illegal_action_names_deal_action_and_why() -> None:
    rec = _cut(SPEC_EXAMPLE, 7)
    rec["deals"][0]["actions"].append("play KD")
    with pytest.raises(ReplayError) as info:
        replay_record(rec)
    err = info.value
    assert (err.deal, err.action, err.text) == (1, 8, "play KD")
    assert str(err).startswith("deal 1, action 8 ('play KD'): ")


def test_actions_after_the_end_of_a_deal_are_refused() -> None:
    rec = copy.deepcopy(SPEC_EXAMPLE)
    rec["deals"][0]["actions"].append("bid 110")
    with pytest.raises(ReplayError, match=r"deal 1, action 31 .*already over"):
        replay_record(rec)


def test_a_deal_may_not_follow_an_unfinished_one() -> None:
    rec = _cut(SPEC_EXAMPLE, 7)
    rec["deals"].append({"actions": []})
    with pytest.raises(RecordError, match="deal 1 stops before its end, but deal 2 follows"):
        replay_record(rec)


def test_bad_json_names_line_and_column() -> None:
    with pytest.raises(RecordError, match="line 2, column"):
        load_record('{"game":\n  nope}', "x.json")


def _run(tmp_path: Path, record: Any, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    out, err = io.StringIO(), io.StringIO()
    code = replay_main(str(path), as_json="--json" in args, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_replay_json_output(tmp_path: Path) -> None:
    code, out, err = _run(tmp_path, SPEC_EXAMPLE, "--json")
    assert code == 0 and err == ""
    assert json.loads(out) == replay_record(SPEC_EXAMPLE).summary()


def test_replay_text_sheet(tmp_path: Path) -> None:
    code, out, _ = _run(tmp_path, SPEC_EXAMPLE)
    assert code == 0
    assert "ann" in out and "bob" in out
    assert "+120=120" in out and "+0=0 B" in out


def test_replay_illegal_action_exit_2_one_line_nothing_on_stdout(tmp_path: Path) -> None:
    rec = _cut(SPEC_EXAMPLE, 7)
    rec["deals"][0]["actions"].append("play KD")
    code, out, err = _run(tmp_path, rec, "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "deal 1, action 8" in err and "play KD" in err


def test_replay_missing_file(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert replay_main(str(tmp_path / "none.json"), out=out, err=err) == 2
    assert "cannot read" in err.getvalue() and out.getvalue() == ""
