"""Cards: numbering, parsing and formatting as in spec/records.md."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kozyr import cards as C


def test_every_card_round_trips_through_text() -> None:
    for c in range(32):
        assert C.parse_card(C.format_card(c)) == c


@pytest.mark.parametrize(("text", "expected"), [
    ("TH", "TH"), ("10H", "TH"), ("10♥", "TH"), ("t♥", "TH"), (" as ", "AS"), ("7♣", "7C"),
    ("Q♦", "QD"), ("9♠", "9S"),
])
def test_accepted_spellings(text: str, expected: str) -> None:
    assert C.format_card(C.parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["", "1H", "AX", "ASS", "11H", "H", "10"])
def test_bad_cards_say_what_was_wrong(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        C.parse_card(bad)


def test_repeated_card_in_a_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        C.parse_hand("AS KS AS")


def test_plain_order_inside_a_suit_is_bit_order() -> None:
    order = [C.parse_card(t) for t in ["7H", "8H", "9H", "JH", "QH", "KH", "TH", "AH"]]
    assert order == sorted(order)


def test_thousand_deck_has_24_cards_without_sevens_and_eights() -> None:
    deck = C.THOUSAND_DECK
    assert C.count(deck) == 24
    assert not deck & C.parse_hand("7S 8S 7C 8C 7D 8D 7H 8H")


def test_format_hand_sorts_by_suit_then_strength() -> None:
    assert C.format_hand(C.parse_hand("9H AS QD TS AH 7C")) == "AS TS 7C QD AH 9H"


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_hand_text_round_trip(hand: int) -> None:
    assert C.parse_hand(C.format_hand(hand)) == hand
    assert C.hand_of(C.cards_of(hand)) == hand
    assert len(C.sorted_cards(hand)) == C.count(hand)


@given(st.integers(min_value=1, max_value=2**32 - 1))
def test_lowest_and_highest(hand: int) -> None:
    cs = list(C.cards_of(hand))
    assert C.lowest(hand) == min(cs)
    assert C.highest(hand) == max(cs)
