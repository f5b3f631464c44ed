"""The bot protocol: ``kozyr move`` and ``kozyr bot``, through subprocesses and functions."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from kozyr.bots import make_bot
from kozyr.bots.protocol import answer, decide, move_main, serve

RECORD = {
    "format": 1, "game": "thousand", "rules": "classic", "players": ["ann", "bob", "cy"],
    "first_dealer": 0, "seed": 12345,
    "deals": [{
        "hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D KC"],
        "talon": "QC JC 9C",
        "actions": ["bid 105", "pass", "pass", "give 0 9C", "give 1 JC", "contract 120",
                    "play AD"]}],
}
KOZYR = [sys.executable, "-m", "kozyr.cli"]


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(KOZYR + args, input=stdin, capture_output=True, text=True,
                          timeout=120, check=False)


def test_move_prints_a_legal_action(tmp_path) -> None:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(RECORD))
    p = run(["move", str(f), "--bot", "normal", "--seed", "1"])
    assert p.returncode == 0, p.stderr
    action = p.stdout.strip()
    # seat 0 holds no diamond and there is no trump: any of its cards is legal
    assert action.startswith("play ")
    assert action.split()[1] in ["AS", "TS", "KS", "QS", "JS", "9S", "AC", "9C"]


def test_move_refuses_records_without_a_decision(tmp_path, capsys) -> None:
    done = json.loads(json.dumps(RECORD))
    # seat 2 leads, but gave its 9C away
    done["deals"][0]["actions"] = [*done["deals"][0]["actions"][:-1], "play 9C"]
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(done))
    assert move_main(str(f), bot="normal") == 2
    assert "illegal record" in capsys.readouterr().err
    between = dict(RECORD, deals=[])
    f.write_text(json.dumps(between))
    assert move_main(str(f), bot="normal") == 2
    assert "between deals" in capsys.readouterr().err
    f.write_text("{not json")
    assert move_main(str(f), bot="normal") == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert move_main(str(tmp_path / "missing.json"), bot="normal") == 2
    assert move_main(str(f), bot="nobody") == 2


def test_bot_session_over_json_lines() -> None:
    lines = [json.dumps({"record": RECORD, "id": "a"}), "", json.dumps(RECORD), "[]",
             json.dumps({"record": dict(RECORD, deals=[]), "id": 3})]
    p = run(["bot", "--bot", "normal", "--seed", "2"], "\n".join(lines) + "\n")
    assert p.returncode == 0, p.stderr
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["id"] == "a" and out[0]["seat"] == 0 and out[0]["action"].startswith("play ")
    assert out[1]["id"] is None and "action" in out[1]
    assert "error" in out[2]
    assert out[3]["id"] == 3 and "between deals" in out[3]["error"]


@pytest.mark.parametrize("name", ["random", "normal", "hard"])
def test_functions_answer_for_every_bot(name: str) -> None:
    bot = make_bot(name, seed=1)
    text, seat = decide(bot, RECORD)
    assert seat == 0 and text.startswith("play ")
    reply = answer(bot, json.dumps({"record": RECORD, "id": 1}))
    assert reply["seat"] == 0 and reply["id"] == 1
    out = io.StringIO()
    serve(bot, io.StringIO(json.dumps(RECORD) + "\nnot json\n"), out)
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert "action" in replies[0] and "error" in replies[1]
