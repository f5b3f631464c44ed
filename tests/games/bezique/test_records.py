"""Bezique records (rules/bezique.md §10, spec/records.md): the page's example, the copy
digits of a deal, refusals, the replay summary."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from kozyr.core.errors import RecordError
from kozyr.games.bezique import BeziqueMatch
from kozyr.records import ReplayError, replay_record, write_record
from tests.games.bezique.helpers import see

EXAMPLE: dict[str, Any] = {
    "format": 2, "game": "bezique", "rules": {"preset": "classic"}, "players": ["ann", "bob"],
    "first_dealer": 0,
    "deals": [{
        "hands": ["QS1 AH2 9D1 7C1 8S1 TC1 KC1 JC1", "7H1 KD1 QD1 AS1 TS1 9C1 8C1 JD1"],
        "stock": "KH1 JS1 8H1 QH1 9S2 AS2 JD2 9S1 TD1 AC1 AD1 JH2 TC2 TH1 JH1 7S2 8S2 AH1 7C2 "
                 "9C2 7S1 7D2 JC2 9D2 9H2 QH2 8D1 TH2 AC2 QD2 TD2 AD2 8C2 JS2 7H2 KC2 9H1 TS2 "
                 "QS2 8H2 KS1 QC1 KD2 QC2 7D1 8D2 KH2 KS2",
        "actions": ["play 9C1", "play TC1", "play 8S1", "play TS1", "declare KD1 QD1",
                    "swap7 7H1", "play AS1", "play 9S2", "declare KH1 QH1"]}]}


def test_the_example_of_the_page() -> None:
    r = replay_record(copy.deepcopy(EXAMPLE))
    assert r.summary() == {"deals": [], "totals": [0, 0], "winner": None, "complete": False,
                           "open_deal": {"dealer": 0, "phase": "meld", "to_act": 1},
                           "settlement": None}
    m = r.match
    assert isinstance(m, BeziqueMatch)
    assert m.deal_points() == [0, 70]  # 20 + 10 + 40
    obs = see(m, None)
    assert obs["trump"] == "H" and obs["turned"] == "7H1"
    assert obs["table"] == ["", "KD1 QD1 KH1 QH1"]
    # seat 0 drew JS1 and 9S2; seat 1 8H1, KH1 by the exchange and QH1; in his window after
    # trick 3 seat 1 has not drawn yet (he declares before drawing, §3)
    assert see(m, 0)["hand"] == "QS1 JS1 KC1 JC1 7C1 9D1 AH2"  # 9S2 played
    assert see(m, 1)["hand"] == "8C1 KD1 QD1 JD1 KH1 QH1 8H1"
    assert obs["stock_size"] == 48 - 4  # four draws so far
    m.apply("draw")
    assert see(m, 1)["hand"] == "AS2 8C1 KD1 QD1 JD1 KH1 QH1 8H1"
    assert m.open_deal() == {"dealer": 0, "phase": "meld", "to_act": 1}  # until he leads
    assert write_record(m, players=["ann", "bob"])["deals"] == EXAMPLE["deals"]


def _undigit(text: str) -> str:
    return " ".join(t[:2] for t in text.split())


def test_a_deal_without_digits_is_numbered_by_first_appearance() -> None:
    rec = copy.deepcopy(EXAMPLE)
    deal = rec["deals"][0]
    deal["hands"] = [_undigit(h) for h in deal["hands"]]
    deal["stock"] = _undigit(deal["stock"])
    deal["actions"] = ["play 9C", "play TC", "play 8S", "play TS", "declare KD QD",
                       "swap7 7H", "play AS"]
    m = replay_record(rec).match
    written = m.record_deals()[0]
    assert written["hands"][0] == "QS1 AH1 9D1 7C1 8S1 TC1 KC1 JC1"  # AH: first seen here
    assert written["stock"].split()[:6] == ["KH1", "JS1", "8H1", "QH1", "9S1", "AS2"]
    assert written["actions"] == ["play 9C1", "play TC1", "play 8S1", "play TS1",
                                  "declare KD1 QD1", "swap7 7H1", "play AS1"]


@pytest.mark.parametrize(("change", "why"), [
    (lambda d: d.update(hands=["QS AH2 9D1 7C1 8S1 TC1 KC1 JC1", d["hands"][1]]), "mixed"),
    (lambda d: d.update(hands=["QS1 QS1 9D1 7C1 8S1 TC1 KC1 JC1", d["hands"][1]]),
     "dealt twice"),
    (lambda d: d.update(hands=["QS3 AH2 9D1 7C1 8S1 TC1 KC1 JC1", d["hands"][1]]),
     "copy digit is 1 to 2"),
    (lambda d: d.update(stock=d["stock"][4:]), "must hold 48 cards"),
    (lambda d: d.pop("stock"), "'stock': is missing"),
])
def test_bad_deals_are_refused(change: Any, why: str) -> None:
    rec = copy.deepcopy(EXAMPLE)
    change(rec["deals"][0])
    with pytest.raises(RecordError, match=why):
        replay_record(rec)


def test_rubicon_is_refused_until_settled() -> None:
    rec = copy.deepcopy(EXAMPLE)
    rec["rules"] = "rubicon"
    with pytest.raises(RecordError, match="provisional"):
        replay_record(rec)


def test_options_in_json() -> None:
    rec = copy.deepcopy(EXAMPLE)
    rec["rules"] = {"preset": "classic", "seven_is_meld": True, "last_trick": 24,
                    "target": 1500, "dix": "play", "next_dealer": "trick_winner",
                    "bezique_pair": "by_trump"}
    with pytest.raises(ReplayError) as e:  # seven_is_meld: the swap7 after the declare
        replay_record(rec)
    assert (e.value.deal, e.value.action) == (1, 6)
    for bad in ({"last_trick": 31}, {"target": 0}, {"seven_is_meld": 1}, {"dix": "show"}):
        rec["rules"] = {"preset": "classic", **bad}
        with pytest.raises(RecordError):
            replay_record(rec)


def test_an_illegal_action_names_the_deal_and_the_action() -> None:
    rec = copy.deepcopy(EXAMPLE)
    rec["deals"][0]["actions"][2] = "declare KC1 QC1"  # seat 0 won but holds no QC
    with pytest.raises(ReplayError) as e:
        replay_record(rec)
    assert (e.value.deal, e.value.action) == (1, 3)
    assert "do not hold" in str(e.value)
    rec["deals"][0]["actions"][2] = "play 8S1"
    rec["deals"][0]["actions"][1] = "declare QS1 JD1"  # seat 0 has not won a trick yet
    with pytest.raises(ReplayError, match="just after winning"):
        replay_record(rec)


def test_a_finished_match_replays_to_its_sheet() -> None:
    from kozyr.games.bezique import BeziqueMatch, BeziqueRules

    m = BeziqueMatch(BeziqueRules.from_preset(target=300), seed=9, first_dealer=1)
    while not m.is_over:
        if m.awaiting_deal:
            m.deal()
        m.apply_action(m.legal_actions()[-1])  # declares whenever it can
    rec = json.loads(json.dumps(write_record(m)))
    summary = replay_record(rec).summary()
    assert summary["complete"] and summary["winner"] == m.winner
    assert summary["totals"] == m.totals and summary["settlement"] is None
    assert [d["totals"] for d in summary["deals"]] == [list(r.totals) for r in m.sheet]


def test_a_record_must_name_its_first_dealer() -> None:
    rec = copy.deepcopy(EXAMPLE)
    del rec["first_dealer"]
    with pytest.raises(RecordError, match="'first_dealer' is required"):
        replay_record(rec)
    rec["first_dealer"] = 2
    with pytest.raises(RecordError, match="first_dealer"):
        replay_record(rec)


def test_a_play_in_the_window_means_draw_then_lead_and_a_written_draw_is_read_as_such() -> None:
    # the page's example, on to seat 1's lead after the royal marriage: AS2 is the card he
    # draws when his window closes (§10: "both players draw, then that card is his lead")
    led = copy.deepcopy(EXAMPLE)
    led["deals"][0]["actions"].append("play AS2")
    m = replay_record(led).match
    assert see(m, None)["trick"] == [[1, "AS2"]]
    # a bot's or client's explicit draw before the lead replays to the same match, and is not
    # written back: kozyr's records keep the page's notation
    drawn = copy.deepcopy(EXAMPLE)
    drawn["deals"][0]["actions"] += ["draw", "play AS2"]
    again = replay_record(drawn).match
    assert write_record(again, players=["ann", "bob"]) == write_record(m, players=["ann", "bob"])
    assert write_record(m, players=["ann", "bob"])["deals"][0]["actions"][-2:] == [
        "declare KH1 QH1", "play AS2"]
    # a draw outside a window is refused, with the deal and the action named
    bad = copy.deepcopy(EXAMPLE)
    bad["deals"][0]["actions"] += ["draw", "draw"]
    with pytest.raises(ReplayError, match="action 11"):
        replay_record(bad)
