"""Terminal play with the options of issue 14: Thousand's new actions offered in words where
the engine makes them legal (look, buy/decline, strikeout, the declaring leads), the sheet's
new marks explained with the barrel falls and the settlement under it, the rules grouped as
on the rules page, and Tertz's taken tricks while at least 4 cards remain in the stock."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from kozyr.core.match import Match
from kozyr.games import new_match
from kozyr.games.thousand.actions import DECLARING, action_to_text, parse_action
from kozyr.games.thousand.rules import ThousandRules
from kozyr.terminal.play import Quit, Session
from kozyr.terminal.render import describe_action, rules_table, sheet_table, status
from tests.terminal.script import Script

NAMES = ["You", "P1", "P2"]
#: Every §11 action of Thousand on at once (what the tests look for is then offered often).
ALL_ON: dict[str, Any] = {"talon_buying": True, "blind_bid": True, "blind_bidders": "any",
          "allow_strikeout": True, "bed_marriage": True, "four_nines": 200,
          "marriage_keep_trump": True, "redeal": False}


def render(obj: Any) -> str:
    console = Console(width=100, color_system=None, force_terminal=False, record=True)
    console.print(obj)
    return console.export_text()


@pytest.mark.parametrize(("text", "words"), [
    ("look", "look at the cards"),
    ("buy", "buy the talon"),
    ("decline", "decline the talon"),
    ("strikeout", "strike out (nobody scores)"),
    ("play KH marriage", "K♥ + marriage"),
    ("play KD marriage keep", "K♦ + marriage in suit (trump stays)"),
    ("play QH bed", "Q♥ + bed marriage"),
    ("play JC bed keep", "J♣ + bed marriage in suit (trump stays)"),
    ("play 9S nines", "9♠ + four nines"),
    ("play KD bella", "K♦ + bella"),
])
def test_new_actions_in_words(text: str, words: str) -> None:
    # Each is an action of the notation (spec/records.md), and reads as words.
    if text != "play KD bella":
        assert action_to_text(parse_action(text)) == text
    assert describe_action(text, NAMES).plain == words


def test_every_declaring_lead_has_words() -> None:
    for _base, words in DECLARING:
        assert describe_action(f"play KH {words}", NAMES).plain != f"K♥ {words}"


def reach(seat: int, wanted: Callable[[list[str]], bool], rules: dict[str, Any] = ALL_ON,
          seeds: int = 200) -> Match:
    """Return a Thousand match (3 players, ``rules`` on classic) at a point where ``seat`` is
    to act and ``wanted(legal texts)`` holds, reached by random play."""
    rs = ThousandRules.from_preset("classic", **rules)
    for seed in range(seeds):
        m = new_match("thousand", rs, seed=seed)
        rng = random.Random(seed)
        while not m.is_over and m.deal_index < 6:
            if m.awaiting_deal:
                m.deal()
                continue
            texts = m.legal_texts()
            if m.current_player() == seat and wanted(texts):
                return m
            m.apply(rng.choice(texts))
    raise AssertionError("no such position found")


def human_turn(m: Match, seat: int, answers: list[str]) -> str:
    """Let the human at ``seat`` answer once; return the screen."""
    script = Script(answers)
    kinds = ["heuristic"] * 3
    kinds[seat] = "human"
    s = Session(m, kinds, {}, script.console, script)
    with contextlib.suppress(Quit):  # out of answers: Ctrl-D
        s.human_turn(seat)
    return script.screen


def menu(screen: str) -> str:
    return screen.split("Your choices:")[1].split("Your move>")[0]


def menu_items(screen: str) -> list[str]:
    """Return the numbered choices' labels, in their numbers' order."""
    found = re.findall(r"(\d+)\) (.+?)(?=\s{2,}\d+\)|\s*$)", menu(screen), re.M)
    return [label.strip() for _n, label in sorted(found, key=lambda x: int(x[0]))]


def test_buying_the_talon_is_offered_and_taken() -> None:
    m = reach(1, lambda t: "buy" in t)
    before = m.observation(1)
    assert before["buyer_asked"] == 1
    screen = human_turn(m, 1, ["buy"])
    shown = menu(screen)
    assert "buy the talon" in shown and "decline the talon" in shown
    assert "may buy the talon" in screen  # the status line says who is asked
    assert "You: buy the talon" in screen
    assert m.observation(1)["declarer"] == 1  # the buyer is the declarer now


def test_declining_by_number() -> None:
    m = reach(2, lambda t: "decline" in t)
    items = menu_items(human_turn(m, 2, []))  # no answer: only the menu is drawn
    n = items.index("decline the talon") + 1
    m2 = reach(2, lambda t: "decline" in t)
    assert "You: decline the talon" in human_turn(m2, 2, [str(n)])
    assert m2.observation(2)["declarer"] != 2


def test_look_is_offered_to_a_blind_player_whose_hand_is_unseen() -> None:
    m = reach(0, lambda t: "look" in t)
    obs = m.observation(0)
    assert obs["hand"] is None and 0 in obs["hands_unseen"]
    screen = human_turn(m, 0, ["look"])
    assert "look at the cards" in menu(screen)
    assert "you have not looked at your cards" in screen
    assert m.observation(0)["hand"]  # he sees his hand now; the turn is still his
    assert m.current_player() == 0


def test_strikeout_is_offered_last_with_the_writeoff() -> None:
    m = reach(0, lambda t: "strikeout" in t)
    items = menu_items(human_turn(m, 0, []))
    concede = [i for i, x in enumerate(items) if x in ("writeoff",
                                                        "strike out (nobody scores)")]
    assert "strike out (nobody scores)" in items
    assert concede == list(range(len(items) - len(concede), len(items)))


@pytest.mark.parametrize("words", ["bed", "marriage keep", "nines"])
def test_a_declaring_lead_is_offered_and_chosen_by_text(words: str) -> None:
    def has(t: list[str]) -> bool:
        return any(x.startswith("play ") and x.split(" ", 2)[2:] == [words] for x in t)

    m = reach(0, has, seeds=400)
    text = next(x for x in m.legal_texts() if x.startswith("play ")
                and x.split(" ", 2)[2:] == [words])
    card = text.split()[1]
    screen = human_turn(m, 0, [f"{card.lower()} {words}"])  # typed without "play"
    assert describe_action(text, NAMES).plain in menu(screen)
    assert f"You: {describe_action(text, NAMES).plain}" in screen
    declared = m.observation(0)["marriages"][-1]
    assert declared[0] == 0 and declared[2:] == [words]
    if words == "nines":
        assert "four nines" in render(status(m.observation(0), NAMES))


def test_sheet_marks_explained_and_summary_rows() -> None:
    rows = [{"declarer": 1, "bid": 120, "contract": 120, "scores": [120, 0, 0],
             "totals": [120, 0, 0], "marks": [["sold", "cut-penalty"], ["C"], ["B"]]},
            {"declarer": 0, "bid": 120, "contract": 120, "scores": [-120, 0, 0],
             "totals": [0, 0, 0], "marks": [["golden-reset"], ["golden-reset", "idle"],
                                            ["golden-reset"]]}]
    text = render(sheet_table(rows, NAMES, extras={"barrel_falls": [0, 2, 0],
                                                   "settlement": [30, -10, -20]}))
    for words in ("sold sold the talon", "cut-penalty cut penalty", "C strike-out",
                  "B bolt", "golden-reset golden horse: scores reset",
                  "idle idle (barrel contract)"):
        assert words in " ".join(text.split()), words
    falls = next(x for x in text.splitlines() if "Barrel falls" in x)
    assert falls.split()[-6:] == ["0", "│", "2", "│", "0", "│"]
    pay = next(x for x in text.splitlines() if "Settlement" in x)
    assert "+30" in pay and "-10" in pay and "-20" in pay
    # Without summary keys (Tertz, Debertz) no such rows.
    plain = render(sheet_table(rows[:1], NAMES))
    assert "Barrel falls" not in plain and "Settlement" not in plain


def test_the_session_sheet_shows_barrel_falls_and_settlement_at_the_end() -> None:
    rs = ThousandRules.from_preset("classic", target=200, barrel_at=150, redeal=False)
    m = new_match("thousand", rs, seed=4)
    script = Script()
    s = Session(m, ["heuristic"] * 3, {i: _bot(i) for i in range(3)}, script.console, script)
    assert s.run() == 0
    screen = script.screen
    assert "Barrel falls" in screen and "Settlement" in screen
    assert "Settlement: You" not in screen  # no human: every seat is a P
    assert "Settlement: P0 " in screen


def _bot(seat: int) -> Any:
    from kozyr.bots import make_bot

    return make_bot("heuristic", seed=seat)


def test_rules_grouped_as_on_the_page_with_changes_marked() -> None:
    text = render(rules_table(ThousandRules.from_preset("online")))
    heads = ["The match", "Cards and declarations", "The deal", "Bidding and the blind",
             "Talon, contract, write-off", "Play", "Scoring and bolts", "The barrel",
             "Four players"]
    lines = [x.strip() for x in text.splitlines()]
    assert [x for x in lines if x in heads] == heads
    assert "Idle opponents" in text
    line = next(x for x in text.splitlines() if "Barrel attempts" in x)
    assert "as declarer only *" in line  # online changes it
    line = next(x for x in text.splitlines() if "Write-off cost" in x)
    assert line.rstrip().endswith("the contract")


def test_tertz_taken_tricks_while_the_stock_lasts() -> None:
    m = new_match("tertz", "tertz", seed=2)
    rng = random.Random(2)
    m.deal()
    seen_taken = seen_closed = False
    while not m.awaiting_deal and not m.is_over:
        obs = m.observation(0)
        text = render(status(obs, ["You", "P1"]))
        if obs["taken"] and any(obs["taken"]):
            seen_taken = True
            assert obs["stock_size"] >= 4
            line = next(x for x in text.splitlines() if x.startswith("Taken"))
            for seat, cards in enumerate(obs["taken"]):
                if cards:
                    name = ["You", "P1"][seat]
                    assert name in line
        elif obs["taken"] is None:
            seen_closed = True
            assert not any(x.startswith("Taken") for x in text.splitlines())
        m.apply(rng.choice(m.legal_texts()))
    assert seen_taken and seen_closed
