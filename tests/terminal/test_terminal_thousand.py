"""Terminal play of Thousand: the declarer's path (talon, gives, contract), input, records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.base import Bot
from kozyr.cards import parse_card
from kozyr.core.match import SeatView
from kozyr.games import new_match
from kozyr.terminal.play import Session, write_save
from tests.terminal.script import Script, cards_in, play

NO_REDEAL = {"preset": "classic", "redeal": False}


class Passer(Bot):
    """Passes whenever it may; otherwise plays like the heuristic."""

    name = "passer"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.inner = make_bot("heuristic", seed=seed)

    def act(self, view: SeatView) -> int:
        for a in view.legal_actions():
            if view.action_to_text(a) == "pass":
                return a
        return self.inner.act(view)


def session(script: Script, rules: Any = NO_REDEAL, seed: int = 3) -> Session:
    # The last seat deals: seat 0, the human, holds the forced 100 and the others pass.
    n = new_match("thousand", rules).players
    match = new_match("thousand", rules, seed=seed, first_dealer=n - 1)
    return Session(match, ["human"] + ["heuristic"] * (n - 1),
                   {i: Passer(i) for i in range(1, n)}, script.console, script)


def until(marker: str, answer: str = "1") -> Any:
    return lambda screen: answer if marker not in screen else None


def test_declarer_path_through_numbers(tmp_path: Path) -> None:
    script = Script(then=until("Score sheet"))
    s = session(script)
    assert s.run() == 0
    screen = script.screen
    for needle in ("Talon", "Declarer   You · bid 100", "You gave", "to P1", "to P2",
                   "contract 100", "Your hand", "trick:", "Score sheet"):
        assert needle in screen, needle
    # The gives were numbered for one opponent at a time.
    first_menu = screen.split("Your choices:")[1].split("Your move>")[0]
    assert "to P1" in first_menu and "to P2" not in first_menu
    assert "more, not numbered" in first_menu
    path = tmp_path / "t.json"
    write_save(s.match, s.seats, str(path))
    record = json.loads(path.read_text())
    assert record["game"] == "thousand" and record["players"][0] == "human"
    assert record["deals"][0]["actions"][:2] == ["pass", "pass"]


def test_give_to_the_other_opponent_by_text() -> None:
    probe = Script()
    session(probe).run()
    hand = probe.screen.split("Your hand")[-1].splitlines()[0].split()
    card = hand[-1].replace("10", "T").replace("♠", "S").replace("♣", "C") \
        .replace("♦", "D").replace("♥", "H")
    script = Script([f"give 2 {card}"])
    session(script).run()
    assert "You: give " in script.screen and " to P2" in script.screen


def test_bidding_input_errors_keep_asking() -> None:
    # Seat 0 is not the forced bidder here (dealer 0): it answers a real auction question.
    script = Script(["bid 999", "bid 103", "contract 120", "1"])
    match = new_match("thousand", NO_REDEAL, seed=4, first_dealer=0)
    bots = {1: make_bot("heuristic", seed=1), 2: make_bot("heuristic", seed=2)}
    Session(match, ["human", "heuristic", "heuristic"], bots, script.console, script).run()
    screen = script.screen
    assert screen.count("✗") == 3
    assert "Traceback" not in screen
    assert "bid 999" in screen and "bid 103" in screen


def test_two_players_and_four_players_run() -> None:
    script = Script(then=until("Score sheet"))
    assert play("thousand", script, preset="two_players", seed=2) == 0
    assert "Score sheet" in script.screen
    bots_only = Script()
    assert play("thousand", bots_only, preset="four_players",
                seats="heuristic,random,easy,heuristic", seed=3) == 0
    assert "The match is over" in bots_only.screen and bots_only.prompts == 0


def test_the_screen_never_shows_an_opponents_unplayed_card() -> None:

    for seed in (1, 2, 3):
        script = Script(then=until("Score sheet"))
        s = session(script, seed=seed)
        # Stop at the first prompt of the play phase and compare with what is still hidden.
        script.then = lambda screen: None if "· play ·" in screen else "1"
        s.run()
        m = s.match
        obs = m.observation(0)
        shown = cards_in(script.screen)
        mine = {parse_card(c) for c in (obs["hand"] or "").split()}
        for other in (1, 2):
            hidden = {parse_card(c) for c in (m.observation(other)["hand"] or "").split()}
            hidden -= {parse_card(c) for _, c in obs["given"]}  # the human gave those
            assert not (hidden - mine) & shown


def test_writeoff_is_always_the_last_choice() -> None:
    script = Script(then=lambda screen: None if "writeoff" in screen else "1")
    session(script, rules={"preset": "two_players", "redeal": False}).run()
    menus = [m.split("Your move>")[0] for m in script.screen.split("Your choices:")[1:]]
    with_writeoff = [m for m in menus if "writeoff" in m]
    assert with_writeoff
    for menu in with_writeoff:
        assert menu.rstrip().endswith("writeoff") or "more, not numbered" in menu
