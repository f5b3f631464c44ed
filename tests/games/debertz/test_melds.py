"""Debertz melds: runs in rank or natural order, one card one meld, fifties, comparison."""

import pytest

from kozyr.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_hand
from kozyr.games.debertz.melds import (
    DEBERTZ,
    FIFTY,
    MELD_POINTS,
    TERTZ,
    Meld,
    best_meld,
    find_melds,
    format_meld,
    has_meld,
)


def melds(hand: str, trump: int = HEARTS, natural: bool = False, seat: int = 0) -> list[str]:
    return [format_meld(m) for m in find_melds(parse_hand(hand), seat, trump, natural)]


@pytest.mark.parametrize(("hand", "trump", "expected"), [
    ("7S 8S 9S", HEARTS, ["tertz 9S 8S 7S"]),
    ("KS TS AS", HEARTS, ["tertz AS TS KS"]),          # plain order K 10 A
    ("9S JS QS", HEARTS, ["tertz QS JS 9S"]),          # plain: 9 J Q (no 10 between)
    ("AH 9H JH", HEARTS, ["tertz JH 9H AH"]),          # trump order A 9 J
    ("KH TH AH", HEARTS, ["tertz AH TH KH"]),
    ("8H QH KH", HEARTS, ["tertz KH QH 8H"]),          # trump: 8 Q K
    ("9H TH JH", HEARTS, []),                          # natural-order only
    ("QH KH JH", HEARTS, []),                          # J is on top of trumps, not above K
])
def test_runs_in_rank_order(hand: str, trump: int, expected: list[str]) -> None:
    assert melds(hand, trump) == expected


@pytest.mark.parametrize(("hand", "expected"), [
    ("9H TH JH", ["tertz JH TH 9H"]),
    ("9S TS JS", ["tertz JS TS 9S"]),
    ("KS TS AS", []),
    ("AH 9H JH", []),
    ("QS KS AS", ["tertz AS KS QS"]),
])
def test_runs_in_natural_order(hand: str, expected: list[str]) -> None:
    assert melds(hand, HEARTS, natural=True) == expected


def test_a_run_of_four_or_more_is_one_fifty_never_split() -> None:
    assert melds("7S 8S 9S JS QS KS") == ["fifty KS QS JS 9S 8S 7S"]
    found = find_melds(parse_hand("7S 8S 9S JS QS KS TS"), 0, HEARTS, False)
    assert [(m.kind, MELD_POINTS[m.kind]) for m in found] == [(FIFTY, 50)]


def test_a_card_serves_in_one_meld_only() -> None:
    # 9 J Q K of clubs is one fifty; the tertz 7 8 9 cannot reuse the nine
    found = find_melds(parse_hand("7C 8C 9C JC QC"), 0, HEARTS, False)
    assert [m.kind for m in found] == [FIFTY]
    two = find_melds(parse_hand("7C 8C 9C QC KC TC"), 0, HEARTS, False)
    assert sorted(m.kind for m in two) == [TERTZ, TERTZ]
    assert two[0].cards & two[1].cards == 0


def test_seven_consecutive_trumps_are_debertz_only_in_trump() -> None:
    found = find_melds(parse_hand("JH 9H AH TH KH QH 8H 7S"), 0, HEARTS, False)
    assert [m.kind for m in found] == [DEBERTZ]
    plain = find_melds(parse_hand("JS 9S AS TS KS QS 8S"), 0, HEARTS, False)
    assert [m.kind for m in plain] == [FIFTY]
    natural = find_melds(parse_hand("7H 8H 9H TH JH QH KH"), 0, HEARTS, True)
    assert [m.kind for m in natural] == [DEBERTZ]
    six = find_melds(parse_hand("JH 9H AH TH KH QH"), 0, HEARTS, False)
    assert [m.kind for m in six] == [FIFTY]


def test_has_meld() -> None:
    assert has_meld(parse_hand("AH 9H JH 7S"), HEARTS, False)
    assert not has_meld(parse_hand("AH 9H JH 7S"), HEARTS, True)
    assert not has_meld(parse_hand("AS KS QD JD 9C 8C"), HEARTS, False)


def one(hand: str, seat: int, trump: int = HEARTS, natural: bool = False) -> Meld:
    (m,) = find_melds(parse_hand(hand), seat, trump, natural)
    return m


def test_a_fifty_beats_any_tertz() -> None:
    fifty = one("7S 8S 9S JS", 2)
    tertz = one("JH 9H AH", 1)
    assert best_meld([tertz, fifty], dealer=0, players=3) is fifty


def test_a_fifty_length_does_not_count_only_its_top() -> None:
    long_low = one("7S 8S 9S JS QS", 1)       # top Q
    short_high = one("QC KC TC AC", 2)        # top A
    assert best_meld([long_low, short_high], dealer=0, players=3) is short_high


def test_higher_top_card_wins_between_equal_kinds() -> None:
    low = one("7D 8D 9D", 1)
    high = one("JC QC KC", 2)
    assert best_meld([low, high], dealer=0, players=3) is high


def test_top_card_place_in_its_own_order_counts() -> None:
    # trump K Q 8 (top K is place 3 in trumps) loses to a plain Q K 10 (top 10 is place 6)
    trump_run = one("KH QH 8H", 1)
    plain_run = one("QS KS TS", 2)
    assert best_meld([trump_run, plain_run], dealer=0, players=3) is plain_run


def test_trump_beats_plain_on_equal_top() -> None:
    plain = one("7S 8S 9S", 1)       # top 9: place 2
    trump = one("7H 8H QH", 2)       # trump top Q: place 2
    assert best_meld([plain, trump], dealer=0, players=3) is trump


def test_then_the_earlier_seat_from_the_dealers_left() -> None:
    a = one("7S 8S 9S", 1)
    b = one("7C 8C 9C", 2)
    assert best_meld([b, a], dealer=0, players=3) is a
    assert best_meld([a, b], dealer=1, players=3) is b
    assert best_meld([], dealer=0, players=3) is None


def test_suits_are_independent() -> None:
    # in trumps 7 8 9 is no run (7 8 Q K ... J); the plain suits' 7 8 9 are
    assert melds("7S 8S 9S 7C 8C 9C 7D 8D 9D", SPADES) == ["tertz 9C 8C 7C", "tertz 9D 8D 7D"]
    assert melds("7S 8S 9S 7C 8C 9C", DIAMONDS) == ["tertz 9S 8S 7S", "tertz 9C 8C 7C"]
    assert melds("JC 9C AC", CLUBS) == ["tertz JC 9C AC"]
