"""Terminal play driven by scripted input: flags, bad input, numbered choices, whole games."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from kozyr.cards import parse_card, pretty_card
from kozyr.terminal.play import parse_seats
from tests.terminal.script import Script, cards_in, play


# -- flags -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kw", "needle"), [
    ({"preset": "nonsense"}, "unknown tertz preset"),
    ({"rules": ["target=abc"]}, "target"),
    ({"rules": ["colour=red"]}, "unknown tertz option"),
    ({"seats": "human,human"}, "at most one seat may be human"),
    ({"seats": "human,wizard"}, "unknown seat 'wizard'"),
    ({"seats": "human,bot,bot"}, "names 3 seats but the rules have 2 players"),
])
def test_bad_flags_exit_2_with_one_line(kw: dict[str, object], needle: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    script = Script()
    assert play("tertz", script, **kw) == 2
    err = capsys.readouterr().err
    assert needle in err
    assert err.count("\n") == 1 and err.startswith("kozyr play: ")
    assert script.prompts == 0


def test_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert play("poker", Script()) == 2
    assert "unknown game 'poker'" in capsys.readouterr().err


def test_parse_seats() -> None:
    assert parse_seats("random, HUMAN", 2) == ["random", "human"]
    assert parse_seats("heuristic,heuristic,heuristic", 3).count("human") == 0
    with pytest.raises(ValueError):
        parse_seats("human", 3)


# -- input handling ------------------------------------------------------------------------------
def test_bad_input_gets_a_message_and_a_new_prompt() -> None:
    script = Script(["", "xyzzy", "99", "play 7Z", "help", "sheet", "rules", "board", "quit"])
    assert play("tertz", script) == 0
    screen = script.screen
    assert "Traceback" not in screen
    assert "not a Tertz action" in screen or "xyzzy" in screen
    assert "99 is not one of the choices" in screen
    assert "not a card" in screen
    assert "Type the number of a choice" in screen      # help
    assert "No deal has been scored yet" in screen      # sheet
    assert "game to 501" in screen                      # rules
    assert screen.count("Your choices:") == 2           # board redraws
    assert "Goodbye" in screen
    assert script.prompts == 9


def test_ctrl_d_ends_cleanly() -> None:
    script = Script()
    assert play("tertz", script) == 0
    assert "Goodbye" in script.screen and script.prompts == 1


def _choices(screen: str) -> list[str]:
    """Return the numbered choices of the last menu on the screen, in order."""
    menu = screen.rsplit("Your choices:", 1)[1].split("Your move>", 1)[0]
    found = re.findall(r"(\d+)\) (.+?)(?=\s+\d+\)|\s*$)", menu, flags=re.M)
    return [label.strip() for _, label in sorted(found, key=lambda p: int(p[0]))]


def test_numbered_choice_plays_that_card() -> None:
    script = Script(["2"], then=lambda s: None)
    play("tertz", script)
    first_menu = script.screen.split("Your move> 2")[0]
    second = _choices(first_menu + "Your move>")[1]
    assert f"You: {second}" in script.screen


def test_card_shorthand_and_ten_spelling() -> None:
    # Whatever the first choice is, typing it as a card in record notation plays it.
    probe = Script()
    play("tertz", probe)
    first = _choices(probe.screen)[0].split()[0]            # e.g. "10♥"
    rank = "10" if first.startswith("10") else first[0]
    text = rank + "SCDH"["♠♣♦♥".index(first[-1])]
    script = Script([text.lower()])
    play("tertz", script)
    assert f"You: {pretty_card(parse_card(text))}" in script.screen


@pytest.mark.parametrize("seed", [3, 11, 12])
def test_the_screen_shows_no_hidden_card(seed: int) -> None:
    from kozyr.bots import make_bot
    from kozyr.games import new_match
    from kozyr.terminal.play import Session

    script = Script()
    match = new_match("tertz", None, seed=seed)
    Session(match, ["human", "heuristic"], {1: make_bot("heuristic", seed=1)},
            script.console, script).run()
    obs = match.observation(0)
    shown = cards_in(script.screen)
    known = {parse_card(t) for t in obs["known"][1].split()}
    hidden = {parse_card(t) for t in match.observation(1)["hand"].split()} - known
    assert hidden and shown & hidden == set()
    assert shown >= {parse_card(t) for t in obs["hand"].split()}


# -- whole games -------------------------------------------------------------------------------
def _first_until(marker: str, count: int = 1) -> Callable[[str], str | None]:
    return lambda screen: "1" if screen.count(marker) < count else None


def test_a_full_deal_through_the_ui_and_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    script = Script(then=_first_until("Score sheet"))
    assert play("tertz", script, save=str(path)) == 0
    screen = script.screen
    assert "Score sheet" in screen and "trick:" in screen
    record = json.loads(path.read_text())
    assert record["game"] == "tertz" and record["seed"] == 5
    assert len(record["deals"]) >= 2 and record["players"] == ["human", "bot:heuristic"]
    # The record replays to the same totals.
    from kozyr.records import replay_record

    rep = replay_record(record)
    assert len(rep.match.sheet) == 1
    row = rep.match.sheet[0]
    table = screen.split("Score sheet", 1)[1]
    for score, total in zip(row.scores, row.totals, strict=True):
        assert f"{score:+d} {total}" in table


def test_bots_only_plays_the_match_out() -> None:
    script = Script()
    assert play("tertz", script, seats="heuristic,random", seed=2) == 0
    assert script.prompts == 0
    assert "The match is over" in script.screen
    assert "Score sheet" in script.screen


def test_the_seed_is_not_shown() -> None:
    script = Script()
    play("tertz", script, seed=987654)
    assert "987654" not in script.screen
