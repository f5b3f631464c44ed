"""Issue 17 in the terminal: ``kozyr replay``'s text columns (marks, players of one name),
``kozyr arena`` within COLUMNS=80, ``kozyr record``'s progress bar (Rich, on stderr), the give
list in the hand's order for both gives, and Thousand's trump line without "trump trump"."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from kozyr.games import new_match
from kozyr.records import write_record
from kozyr.replay import main as replay_main
from kozyr.terminal.play import Session, _display_key
from kozyr.terminal.thousand import status_lines
from tests.terminal.script import Script

KOZYR = [sys.executable, "-c", "from kozyr.cli import main; main()"]


def _debertz_record(tmp_path: Path) -> Path:
    m = new_match("debertz", "debertz3", seed=11)
    rng = random.Random(11)
    while not m.is_over and len(m.sheet) < 4:
        if m.awaiting_deal:
            m.deal()
            continue
        m.apply(rng.choice(m.legal_texts()))
    rec = write_record(m)
    assert any(mk for row in m.sheet for mk in row.marks)  # a deal with marks (bait)
    rec["players"] = ["ann", "ann", "bob"]
    path = tmp_path / "d.json"
    path.write_text(json.dumps(rec))
    return path


def test_replay_text_columns_stay_apart_and_name_each_seat(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert replay_main(str(_debertz_record(tmp_path)), out=out, err=err) == 0
    lines = out.getvalue().splitlines()
    head = next(x for x in lines if x.lstrip().startswith("#"))
    assert "0:ann" in head and "1:ann" in head and "2:bob" in head
    rows = [x for x in lines if x[:3].strip().isdigit()]
    assert len(rows) == 4
    for row in rows:
        # Every column ends where its heading ends, two spaces at least between columns.
        for label in ("0:ann", "1:ann", "2:bob"):
            end = head.index(label) + len(label)
            assert row[end - 1] != " " and (end == len(row) or row[end:end + 2] == "  "), row
    assert "totals: 0:ann" in out.getvalue()


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KOZYR, *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env})


def test_arena_keeps_to_80_columns() -> None:
    for args in (["--game", "thousand", "--bots", "normal,normal,normal", "--deals", "2"],
                 ["--game", "tertz", "--bots", "normal,normal", "--matches", "1"]):
        r = _run(["arena", *args, "--seed", "1"], COLUMNS="80")
        assert r.returncode == 0, r.stderr
        width = max(len(x) for x in r.stdout.splitlines())
        assert width <= 80, r.stdout
        assert "normal" in r.stdout and "…" not in r.stdout


def test_record_shows_a_progress_bar_on_stderr(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    r = _run(["record", "tertz", "--bots", "normal,normal", "--seed", "3", "--deals", "2",
              "-o", str(out)], FORCE_COLOR="1", COLUMNS="100")
    assert r.returncode == 0, r.stderr
    assert "kozyr record" in r.stderr and "deal" in r.stderr
    assert json.loads(out.read_text())["game"] == "tertz"
    plain = _run(["record", "tertz", "--bots", "normal,normal", "--seed", "3", "--deals", "2"])
    assert json.loads(plain.stdout)["game"] == "tertz"  # stdout holds the record alone


def test_the_give_list_keeps_the_hands_order_for_both_gives() -> None:
    script = Script()
    match = new_match("thousand", "classic", seed=3, first_dealer=2)
    s = Session(match, ["human", "heuristic", "heuristic"], {}, script.console, script)
    first = ["give 1 QS", "give 1 AH", "give 1 9C", "give 2 QS", "give 2 AH", "give 2 9C"]
    second = ["give 2 9C", "give 2 QS", "give 2 AH"]
    one = s.choices(first)
    two = s.choices(second)
    assert one == sorted(one, key=_display_key)
    assert two == sorted(two, key=_display_key)
    assert [t.split()[2] for t in one] == [t.split()[2] for t in two]


def test_the_trump_line_names_the_suit_once() -> None:
    m = new_match("thousand", "classic", seed=1)
    rng = random.Random(1)
    m.deal()
    while not m.observation(0).get("trump"):
        if m.awaiting_deal:
            m.deal()
            continue
        m.apply(rng.choice(m.legal_texts()))
    obs = m.observation(0)
    lines = [t.plain for t in status_lines(obs, ["You", "P1", "P2"])]
    trump = next(x for x in lines if x.startswith("Trump"))
    assert "trump" not in trump.lower()[5:], trump
