"""Tertz's card-play rules (games/tertz/cardplay.py), the functions every caller shares: the
legal answer, the trick winner, card points; and combination_points (scoring)."""

from __future__ import annotations

import random

from kozyr.cards import format_hand, parse_card, parse_hand
from kozyr.games.tertz.cardplay import (
    CARD_POINTS,
    HIGHER,
    LAST_TRICK,
    beats,
    follow_mask,
    trick_winner,
)
from kozyr.games.tertz.combinations import find_combinations
from kozyr.games.tertz.scoring import combination_points

S, C, D, H = range(4)


def h(text: str) -> str:
    """Return ``text``'s cards in format_hand's order."""
    return format_hand(parse_hand(text))


def answer(hand: str, led: str, trump: int, empty_stock: bool, free_jack: bool = True) -> str:
    return format_hand(follow_mask(parse_hand(hand), parse_card(led), trump, empty_stock,
                                   free_jack))


def test_with_the_stock_follow_else_trump_else_any() -> None:
    assert answer("AS 7S KH", "TS", H, False) == h("AS 7S")       # no need to beat
    assert answer("KD 7H 9H", "TS", H, False) == h("7H 9H")       # void: trump
    assert answer("KD QC", "TS", H, False) == h("QC KD")          # neither: any


def test_without_the_stock_beat_if_you_can() -> None:
    assert answer("AS 7S KH", "TS", H, True) == h("AS")
    assert answer("9S 7S KH", "TS", H, True) == h("7S 9S")        # cannot beat: follow
    assert answer("AH 9H 7H", "TH", H, True) == h("9H AH")        # trumps J 9 A 10 K Q 8 7


def test_the_free_trump_jack() -> None:
    assert answer("AS JH KD", "TS", H, True) == h("AS JH")        # always playable
    assert answer("AS JH KD", "TS", H, True, free_jack=False) == h("AS")
    assert answer("JH KD", "TS", H, False) == h("JH KD")  # never forced out: any card
    assert answer("JH 7H KD", "TS", H, False) == h("7H JH")  # the 7H must be played, or the jack


def test_trick_winner_and_points() -> None:
    c = parse_card
    assert trick_winner(c("TS"), c("AS"), H) == 1
    assert trick_winner(c("TS"), c("7H"), H) == 1
    assert trick_winner(c("AH"), c("9H"), H) == 1
    assert trick_winner(c("TS"), c("AD"), H) == 0              # off suit, no trump
    assert beats(c("JH"), c("9H"), H) and not beats(c("9H"), c("JH"), H)
    assert CARD_POINTS[H][c("JH")] == 20 and CARD_POINTS[H][c("9H")] == 13
    assert CARD_POINTS[S][c("JH")] == 1 and CARD_POINTS[S][c("9H")] == 0
    assert all(sum(CARD_POINTS[t]) + LAST_TRICK == 150 for t in range(4))
    assert format_hand(HIGHER[H][c("AH")]) == h("9H JH")


def test_follow_mask_agrees_with_the_engine_on_random_deals() -> None:
    from kozyr.games.tertz import TertzMatch

    for free in (True, False):
        m = TertzMatch(TertzMatch.RULES.from_preset(None, free_trump_jack=free), seed=4)
        rng = random.Random(free)
        while not m.is_over and m.deal_index < 8:
            if m.awaiting_deal:
                m.deal()
                continue
            obs = m.observation(m.current_player())
            if obs["trick"]:
                trump = "SCDH".index(obs["trump"])
                want = answer(obs["hand"], obs["trick"][0][1], trump, obs["stock_size"] == 0, free)
                got = sorted(t.split()[1] for t in m.legal_texts())
                assert got == sorted(want.split())
            m.apply_action(rng.choice(m.legal_actions()))


def test_combination_points() -> None:
    seq = tuple(find_combinations(parse_hand("7S 8S 9S"), H))   # 20
    four = tuple(find_combinations(parse_hand("JS JC JD JH"), H))  # 200
    assert combination_points([seq, four], [1, 2], [False, False]) == [0, 200]
    assert combination_points([seq, None], [1, 0], [True, True]) == [40, 20]
    assert combination_points([None, None], [0, 0], [False, False]) == [0, 0]
