"""Hints: what ``hard`` plays on a seat's own view and why, from its search's values."""

from __future__ import annotations

import json
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.explain import SearchSummary, hint, reason
from kozyr.bots.protocol import answer, move_main
from kozyr.games import new_match
from kozyr.records import write_record
from tests.bots.test_trick_pimc import drive_to_play


def marriage_lead() -> Any:
    """Seat 1 declares 100 with K+Q of hearts and little else, and has just won trick 1 with
    AS: leading either marriage card with its declaration makes 100 at once, whatever the
    hidden cards (tests/analysis: KH without the marriage throws the contract)."""
    m = new_match("thousand", "classic", seed=0, first_dealer=0)
    m.deal({"hands": ["TS KS QS AC TC KC QC", "AS KH QH 9S 9C 9D JD", "AD TD KD QD AH TH JH"],
            "talon": "JS JC 9H"})
    for text in ["pass", "pass", "give 2 9C", "give 0 9D", "contract 100",
                 "play AS", "play AD", "play QS"]:
        m.apply(text)
    return m


def test_the_hint_declares_the_marriage_and_says_it_makes_the_contract() -> None:
    m = marriage_lead()
    got = hint(make_bot("hard", seed=3), m.view(1))
    assert got["action"] in ("play KH marriage", "play QH marriage")
    why = got["reason"]
    assert why["kind"] == "make" and why["value"] == 1.0 and why["samples"] > 0
    assert why["text"].startswith(got["action"].split()[1] + " makes the contract in 100% of")


def test_a_decision_without_a_search_says_so() -> None:
    m = new_match("thousand", "classic", seed=0, first_dealer=0)
    m.deal()
    got = hint(make_bot("normal", seed=1), m.view(m.current_player()))
    assert got["reason"]["kind"] == "plain" and "no card search" in got["reason"]["text"]


def test_a_tertz_hint_is_the_best_mean_and_names_the_next_best() -> None:
    m = drive_to_play("tertz", "tertz", 1, 12)
    seat = m.current_player()
    bot = make_bot("hard", seed=2)
    got = hint(bot, m.view(seat))
    why = got["reason"]
    summary = bot.player("tertz").last_search
    assert why["kind"] == "points" and why["value"] == max(summary.values.values())
    if why["alternative"] is not None:
        assert why["alternative_value"] <= why["value"]
        assert why["alternative"].split()[1] in why["text"]


def test_reason_words_each_kind() -> None:
    texts = {1: "play AS", 2: "play KS", 3: "play KS marriage"}.__getitem__
    stop = reason(SearchSummary("stop", {1: 0.25, 2: 0.5, 3: 0.1}, 8), 1, texts)
    # KS marriage is the better alternative (lower), named by its card
    assert stop["alternative"] == "play KS marriage" and stop["alternative_value"] == 0.1
    assert stop["text"] == ("AS leaves the declarer his contract in 25% of 8 deals sampled from "
                            "what you see; the next best, KS, in 10%.")
    pts = reason(SearchSummary("points", {1: 12.0, 2: -3.0}, 5), 1, texts)
    assert pts["text"] == ("AS ends +12 points for you on average over 5 deals sampled from "
                           "what you see; the next best, KS, -3.")


def test_the_protocol_returns_the_hint(tmp_path: Any, capsys: Any) -> None:
    record = write_record(marriage_lead())
    reply = answer(make_bot("hard", seed=3), json.dumps({"record": record, "id": 7,
                                                         "hint": True}))
    assert reply["id"] == 7 and reply["seat"] == 1
    assert reply["action"] in ("play KH marriage", "play QH marriage")
    assert reply["hint"]["kind"] == "make" and reply["hint"]["value"] == 1.0
    plain = answer(make_bot("hard", seed=3), json.dumps({"record": record, "id": 8}))
    assert "hint" not in plain
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert move_main(str(path), bot="hard", seed=3, explain=True) == 0
    action, line = capsys.readouterr().out.splitlines()
    assert action in ("play KH marriage", "play QH marriage")
    assert "makes the contract in 100%" in line
