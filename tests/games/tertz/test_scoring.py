"""Tertz deal scoring: the fewer-tricks split, the 8-8 rule, rounding with 5 going down."""

from __future__ import annotations

import pytest

from kozyr.cards import HEARTS, SPADES, parse_card, parse_hand
from kozyr.games.tertz.combinations import find_combinations
from kozyr.games.tertz.scoring import (
    CARD_POINTS,
    combinations_winner,
    counting_seat,
    round_split,
    split_deal,
)


@pytest.mark.parametrize(("raw", "rounded"), [
    (45, 40), (47, 50), (135, 130), (0, 0), (44, 40), (46, 50), (50, 50), (150, 150), (5, 0)])
def test_rounding_five_goes_down(raw: int, rounded: int) -> None:
    assert round_split(raw) == rounded


def test_card_points_make_140() -> None:
    for trump in range(4):
        assert sum(CARD_POINTS[trump]) == 140
    assert CARD_POINTS[HEARTS][parse_card("JH")] == 20
    assert CARD_POINTS[HEARTS][parse_card("9H")] == 13
    assert CARD_POINTS[HEARTS][parse_card("JS")] == 1
    assert CARD_POINTS[SPADES][parse_card("9H")] == 0


def test_fewer_tricks_counts() -> None:
    # seat 1 has 6 tricks and 47 points: he counts, 47 -> 50, seat 0 gets 100
    assert split_deal(points=(103, 47), tricks=(10, 6), last_trick=0) == (100, 50)
    assert split_deal(points=(45, 105), tricks=(7, 9), last_trick=1) == (40, 110)
    assert split_deal(points=(15, 135), tricks=(9, 7), last_trick=1) == (20, 130)


def test_eight_eight_the_one_without_the_last_trick_counts() -> None:
    assert counting_seat((8, 8), last_trick=0) == 1
    assert counting_seat((8, 8), last_trick=1) == 0
    assert split_deal(points=(53, 97), tricks=(8, 8), last_trick=1) == (50, 100)
    assert split_deal(points=(53, 97), tricks=(8, 8), last_trick=0) == (50, 100)
    assert split_deal(points=(57, 93), tricks=(8, 8), last_trick=0) == (60, 90)


def test_combinations_winner() -> None:
    seq3 = tuple(find_combinations(parse_hand("7S 8S 9S"), HEARTS))
    seq3c = tuple(find_combinations(parse_hand("7C 8C 9C"), HEARTS))
    seq4 = tuple(find_combinations(parse_hand("7D 8D 9D TD"), HEARTS))
    assert combinations_winner([seq3, seq4], [2, 5]) == 1
    assert combinations_winner([seq4, seq3c], [5, 2]) == 0
    assert combinations_winner([None, None], [0, 0]) is None
    assert combinations_winner([seq3, None], [3, 0]) == 0
    assert combinations_winner([None, seq3], [0, 3]) == 1
    assert combinations_winner([seq3, seq3c], [5, 2]) == 1    # tie: the earlier declaration
    assert combinations_winner([seq3, seq3c], [2, 5]) == 0
