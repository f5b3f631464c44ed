"""The Bezique heuristic (bots/heuristic/bezique.py) and the bot levels at Bezique."""

from __future__ import annotations

import random

from kozyr.bots import make_bot
from kozyr.bots.heuristic.bezique import BeziqueHeuristic
from kozyr.games.bezique import BeziqueMatch, BeziqueRules
from tests.games.bezique.helpers import match, see, trick

JUNK0 = "7C1 8C1 7D1 8D1 7S1 8S1 9D1 9S1"


def _choose(m: BeziqueMatch) -> str:
    seat = m.current_player()
    assert seat is not None
    return BeziqueHeuristic(random.Random(0)).choose(see(m, seat), m.legal_texts())


def test_it_declares_the_dearest_combination_then_exchanges_the_seven() -> None:
    m = match(JUNK0, "KH1 QH1 QS1 JD1 7H1 9C1 7C2 8C2", "8H1")
    trick(m, "9C1")
    assert _choose(m) == "declare KH1 QH1"  # royal marriage 40 = bezique 40: the first
    m.apply("declare KH1 QH1")
    assert _choose(m) == "swap7 7H1"


def test_it_keeps_bezique_cards_and_aces_while_the_stock_lasts() -> None:
    m = match(JUNK0, "QS1 JD1 AS1 AC1 9C1 7C2 KH1 QH1", "8H1")
    assert _choose(m) in ("play 9C1", "play 7C2")


def test_it_wins_a_brisque_led_while_the_stock_lasts() -> None:
    m = match("AS1 8C1 7D1 8D1 7S1 8S1 9D1 9S1", "TS1 JD1 AC1 9C1 7C2 KH1 QH1 8D2", "8H1",
              dealer=1)
    m.apply_recorded("play AS1")  # seat 0 leads an ace: seat 1 cannot beat it in spades
    assert _choose(m).split()[1][1] != "S"
    m2 = match("TS2 8C1 7D1 8D1 7S1 8S1 9D1 9S1", "AS2 JD1 AC1 9C1 7C2 KH1 QH1 8D2", "8H1",
               dealer=1)
    m2.apply_recorded("play TS2")
    assert _choose(m2) == "play AS2"


def test_every_level_finishes_a_match() -> None:
    for level in ("random", "easy", "normal", "hard"):
        m = BeziqueMatch(BeziqueRules.from_preset(target=500), seed=4)
        bots = [make_bot(level, seed=1), make_bot("normal", seed=2)]
        while not m.is_over:
            if m.awaiting_deal:
                m.deal()
                continue
            seat = m.current_player()
            assert seat is not None
            m.apply(bots[seat].act(m.view(seat)))
        assert m.winner in (0, 1)


def test_the_heuristic_beats_random_play() -> None:
    wins = 0
    for seed in range(6):
        m = BeziqueMatch(BeziqueRules.from_preset(target=1000), seed=seed)
        bots = [make_bot("normal", seed=seed), make_bot("random", seed=seed)]
        while not m.is_over:
            if m.awaiting_deal:
                m.deal()
                continue
            seat = m.current_player()
            assert seat is not None
            m.apply(bots[seat].act(m.view(seat)))
        wins += m.winner == 0
    assert wins >= 5
