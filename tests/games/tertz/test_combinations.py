"""Tertz combinations: each kind, the never-split sequence, and the comparison of §6."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_hand
from kozyr.games.tertz.combinations import (
    best_key,
    find_combinations,
    has_combination,
    has_marriage,
)


def combos(hand: str, trump: int = HEARTS) -> list[str]:
    return sorted(str(c) for c in find_combinations(parse_hand(hand), trump))


def key(hand: str, trump: int = HEARTS) -> tuple[int, int, int]:
    return best_key(find_combinations(parse_hand(hand), trump))


@pytest.mark.parametrize(("hand", "expected"), [
    ("7S 8S 9S AD", ["7S 8S 9S (20)"]),
    ("9C TC JC QC 7D", ["9C TC JC QC (50)"]),   # natural order: 9 10 J Q
    ("TD JD QD KD AD", ["TD JD QD KD AD (100)"]),
    ("7H 8H 9H TH JH QH KH AH", ["7H 8H 9H TH JH QH KH AH (100)"]),  # never split
    ("QS QC QD QH", ["QS QC QD QH (100)"]),
    ("KS KC KD KH", ["KS KC KD KH (100)"]),
    ("AS AC AD AH", ["AS AC AD AH (100)"]),
    ("JS JC JD JH", ["JS JC JD JH (200)"]),
    ("TS TC TD TH 9S 9C 9D 9H", []),            # fours of tens and nines score nothing
    ("8S 9S JS QS", []),                        # 8 9 _ J: the ten is missing
    ("JS QS KS AS", ["JS QS KS AS (50)"]),
    ("7D 8D 9D JD QD KD", ["7D 8D 9D (20)", "JD QD KD (20)"]),  # two runs, one suit
])
def test_each_kind(hand: str, expected: list[str]) -> None:
    assert combos(hand) == sorted(expected)


def test_a_sequence_card_also_counts_in_a_four() -> None:
    assert combos("9S TS JS JC JD JH") == ["9S TS JS (20)", "JS JC JD JH (200)"]


def test_marriage_is_not_a_combination() -> None:
    assert combos("KH QH 7S") == []
    assert has_marriage(parse_hand("KH QH 7S"), HEARTS)
    assert not has_marriage(parse_hand("KS QS"), HEARTS)


def test_more_cards_win_over_value() -> None:
    # a five-card sequence (100) beats four jacks (200); a 4-sequence beats any 3-sequence
    assert key("9S TS JS QS KS") > key("JS JC JD JH")
    assert key("7C 8C 9C TC") > key("QH KH AH")


def test_then_top_card_in_natural_order() -> None:
    # four aces beat four kings; a sequence to the ten (7 8 9 10) loses to four jacks
    assert key("AS AC AD AH") > key("KS KC KD KH")
    assert key("7S 8S 9S TS") < key("JS JC JD JH")
    assert key("8S 9S TS JS", trump=CLUBS) < key("JS JC JD JH", trump=CLUBS)
    assert key("QS KS AS", trump=DIAMONDS) > key("TC JC QC", trump=CLUBS)


def test_then_trump_a_four_counting_as_trump() -> None:
    assert key("QH KH AH", trump=HEARTS) > key("QS KS AS", trump=HEARTS)
    assert key("JS QS KS AS", trump=SPADES) == key("AS AC AD AH", trump=SPADES)
    assert key("JC QC KC AC", trump=SPADES) < key("AS AC AD AH", trump=SPADES)
    assert key("8S 9S TS JS", trump=SPADES) == key("JS JC JD JH", trump=SPADES)


def test_equal_keys_tie() -> None:
    assert key("9S TS JS", trump=HEARTS) == key("9C TC JC", trump=HEARTS)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 0xFFFFFFFF))
def test_fast_test_agrees_with_the_finder(hand: int) -> None:
    assert has_combination(hand) == bool(find_combinations(hand, HEARTS))
