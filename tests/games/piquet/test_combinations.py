"""Piquet's declarations compared as rules/piquet.md §3 and §9 say, on hands written by hand."""

from __future__ import annotations

from kozyr.cards import parse_hand as h
from kozyr.games.piquet.cardplay import beats, follow_mask
from kozyr.games.piquet.combinations import (
    POINT,
    SEQUENCE,
    SETS,
    category_key,
    category_score,
    compare,
    is_carte_blanche,
    sequences,
)


def winner(a: str, b: str, category: int) -> int | None:
    return compare((category_key(h(a), category), category_key(h(b), category)))


def test_point_more_cards_then_higher_value_then_nobody() -> None:
    assert winner("7S 8S 9S TS JS", "AH KH QH JH", POINT) == 0  # five beat four
    assert winner("AS KS QS JS", "AH KH QH TH", POINT) == -1  # 41 and 41: nobody
    assert winner("AS KS QS 9S", "AH KH QH TH", POINT) == 1  # 40 against 41
    assert category_score(h("AS KS QS JS TS 7H"), POINT) == 5


def test_sequences_are_never_split_and_the_winner_scores_them_all() -> None:
    assert [s[0] for s in sequences(h("AS KS QS JS TS 9S 8S"))] == [7]
    assert category_score(h("AS KS QS JS TS 9S 8S"), SEQUENCE) == 17
    # ten sits between nine and jack: J 10 9 is a tierce, K 10 9 is not
    assert category_score(h("JH TH 9H"), SEQUENCE) == 3
    assert category_score(h("KH TH 9H"), SEQUENCE) == 0
    # equal length: the higher top wins; equal again: nobody
    assert winner("KS QS JS", "QH JH TH", SEQUENCE) == 0
    assert winner("KS QS JS", "KH QH JH", SEQUENCE) == -1
    # the winner scores his tierce too, the loser nothing (his quart beats that tierce)
    assert category_score(h("AS KS QS JS TS 9H 8H 7H"), SEQUENCE) == 15 + 3
    assert winner("AS KS QS JS TS 9H 8H 7H", "AD KD QD JD", SEQUENCE) == 0
    assert category_score(h("AS KS QS JS TS 9S 8S 7S"), SEQUENCE) == 18


def test_sets_quatorze_beats_trio_nines_never_count() -> None:
    assert winner("TS TH TD TC", "AS AH AD", SETS) == 0
    assert winner("KS KH KD", "AS AH AD", SETS) == 1
    assert category_key(h("9S 9H 9D 9C"), SETS) is None
    assert category_score(h("AS AH AD AC KS KH KD"), SETS) == 17
    assert winner("9S 9H 9D 9C", "TS TH TD", SETS) == 1  # nobody else holds one


def test_carte_blanche_and_the_play() -> None:
    assert is_carte_blanche(h("AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D"))
    assert not is_carte_blanche(h("AS TS 9S 8S 7S AH TH 9H 8H AD TD JD"))
    assert beats(h("JS").bit_length() - 1, h("TS").bit_length() - 1)
    assert not beats(h("TS").bit_length() - 1, h("JS").bit_length() - 1)
    assert follow_mask(h("AH 7C"), h("KS").bit_length() - 1) == h("AH 7C")
