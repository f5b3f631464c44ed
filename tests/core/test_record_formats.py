"""Record formats 1 and 2 (spec/records.md, rules/thousand.md §11.10 "Records", §11.P.15).

Format 2 changed only what the Thousand presets ``online`` and ``tysiac`` mean; a format-1
record naming them (or a record without ``format``) is read with their old bundles.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from kozyr.core.errors import RecordError
from kozyr.games.thousand.rules import ThousandRules
from kozyr.records import FORMAT, ReplayError, replay_record, write_record

HANDS = ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D KC"]


def writeoff_record(fmt: int | None, rules: Any) -> dict[str, Any]:
    """Seat 1 holds the forced 100, seat 2 bids 110, both others pass, seat 2 writes off."""
    rec: dict[str, Any] = {
        "game": "thousand", "rules": rules, "players": ["a", "b", "c"], "first_dealer": 0,
        "deals": [{"hands": HANDS, "talon": "QC JC 9C",
                   "actions": ["bid 110", "pass", "pass", "writeoff"]}]}
    if fmt is not None:
        rec["format"] = fmt
    return rec


def test_kozyr_writes_format_2() -> None:
    assert FORMAT == 2
    rec = writeoff_record(2, "classic")
    assert write_record(replay_record(rec).match)["format"] == 2


@pytest.mark.parametrize("fmt", [1, None])
def test_a_format_1_tysiac_record_keeps_its_old_bundle(fmt: int | None) -> None:
    # Format-1 tysiac: write-offs allowed.  Declarer 2 loses his bid 110; each opponent gains
    # half of it rounded up to 5: 55.
    summary = replay_record(writeoff_record(fmt, "tysiac")).summary()
    assert summary["deals"][0]["scores"] == [55, 55, -110]
    assert summary["deals"][0]["marks"] == [[], [], ["P"]]


def test_a_format_2_tysiac_record_has_no_writeoff() -> None:
    # Format-2 tysiac: allow_writeoff off (§11.10), so the fourth action is illegal.
    with pytest.raises(ReplayError) as e:
        replay_record(writeoff_record(2, "tysiac"))
    assert (e.value.deal, e.value.action, e.value.text) == (1, 4, "writeoff")


def test_the_old_and_new_bundles() -> None:
    old = ThousandRules.from_json("tysiac", record_format=1)
    new = ThousandRules.from_json("tysiac", record_format=2)
    assert (old.barrel, old.rounding, old.bolt_when, old.allow_writeoff, old.max_bid) == (
        True, "nearest_5", "no_trick", True, 300)
    assert (new.barrel, new.rounding, new.bolt_when, new.allow_writeoff, new.redeal,
            new.marriage_auto, new.max_bid, new.bid_step, new.target, new.must_beat,
            new.defender_cap_800) == (False, "none", "never", False, False, True, 400, 10,
                                      1001, True, True)
    online_old = ThousandRules.from_json("online", record_format=1)
    online = ThousandRules.from_json("online")
    assert (online_old.barrel_opponents_idle, online_old.barrel_raise_fail,
            online_old.barrel_attempts) == (False, "fall", "every_deal")
    assert (online.barrel_opponents_idle, online.barrel_raise_fail,
            online.barrel_attempts) == (True, "contract", "as_declarer")
    # Every other preset means the same in both formats.
    for preset in ThousandRules.PRESETS:
        if preset not in ("online", "tysiac"):
            assert (ThousandRules.from_json(preset, record_format=1)
                    == ThousandRules.from_json(preset))


def test_a_format_1_record_written_again_is_format_2_with_the_same_meaning() -> None:
    match = replay_record(writeoff_record(1, "tysiac")).match
    again = write_record(match)
    assert again["format"] == 2
    assert again["rules"]["preset"] == "tysiac"
    # The overrides carry the old bundle, so format 2 replays the same sheet.
    assert again["rules"]["allow_writeoff"] is True and again["rules"]["rounding"] == "nearest_5"
    assert replay_record(copy.deepcopy(again)).summary()["deals"] == (
        replay_record(writeoff_record(1, "tysiac")).summary()["deals"])


@pytest.mark.parametrize("fmt", [0, 3, "2", True, 1.5])
def test_an_unknown_format_is_refused(fmt: Any) -> None:
    with pytest.raises(RecordError, match=r"format .* is not supported"):
        replay_record(writeoff_record(fmt, "classic"))


def test_settlement_and_barrel_falls_in_the_replay_json() -> None:
    summary = replay_record(writeoff_record(2, "classic")).summary()
    assert summary["settlement"] is None  # not complete
    assert summary["barrel_falls"] == [0, 0, 0]
