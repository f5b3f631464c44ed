"""Declarations and the rules on reusing cards (rules/bezique.md §4, §10 "A declare is legal").

Seat 0 deals, so seat 1 leads; seat 0 holds no trump (hearts) and throws another suit, so
seat 1 wins every trick and has a window after each.
"""

from __future__ import annotations

import json

import pytest

from kozyr.core.errors import IllegalActionError
from kozyr.games.bezique import BeziqueMatch
from kozyr.games.bezique.combinations import COMBOS, INDEX, mask_of, value
from kozyr.records import write_record
from tests.games.bezique.helpers import match, see, trick

JUNK0 = "7C1 8C1 7D1 8D1 7S1 8S1 9D1 9S1"
JUNK0_DRAWS = ["7D2", "8D2", "7S2", "8S2", "9D2", "9S2"]


def _refused(m: BeziqueMatch, text: str, why: str) -> None:
    before = json.dumps([write_record(m), see(m, None), see(m, 0),
                         see(m, 1)])
    with pytest.raises(IllegalActionError, match=why):
        m.apply(text)
    after = json.dumps([write_record(m), see(m, None), see(m, 0),
                        see(m, 1)])
    assert after == before


def test_the_values_of_the_combinations() -> None:
    hearts, spades = 3, 0
    for text, trump, points in [("KH1 QH1", hearts, 40), ("KH1 QH2", spades, 20),
                                ("AH1 TH2 KH1 QH1 JH1", hearts, 250), ("QS1 JD2", hearts, 40),
                                ("QS1 QS2 JD1 JD2", hearts, 500), ("AS1 AS2 AH1 AC1", 0, 100),
                                ("KH1 KH2 KS1 KS2", 0, 80), ("QD1 QD2 QC1 QH2", 0, 60),
                                ("JS1 JC1 JD1 JH1", 0, 40)]:
        assert value(COMBOS[INDEX[mask_of(text)]], trump) == points, text
    assert len(COMBOS) == 16 + 128 + 10 + 4 * 70


def test_marriage_sequence_bezique_and_double_upward_as_the_page_allows() -> None:
    m = match(JUNK0, "KH1 QH1 AH1 TH1 JH1 QS1 9C1 7C2", "8H1",
              ["8C2", "JD1", "9C2", "QS2", "JD2", "TC1"], JUNK0_DRAWS)
    trick(m, "9C1")
    assert m.open_deal() == {"dealer": 0, "phase": "meld", "to_act": 1}
    m.apply("declare KH1 QH1")  # royal marriage
    assert m.deal_points() == [0, 40]
    _refused(m, "declare AH1 TH1 KH1 QH1 JH1", "already declared")  # one per trick
    trick(m, "7C2")
    _refused(m, "declare QS1 JD1", "taken in")  # JD1 was drawn after this trick
    m.apply("declare AH1 TH1 KH1 QH1 JH1")  # the sequence adds A 10 J: 40 + 250
    assert m.deal_points() == [0, 290]
    trick(m, "8C2")
    _refused(m, "declare KH1 QH1", "already used in a marriage")
    m.apply("declare QS1 JD1")  # bezique
    trick(m, "9C2")
    _refused(m, "declare QS2 JD1", "taken in")  # QS2 was drawn after this trick
    trick(m, "AH1")  # a card from the table, played like any other
    _refused(m, "declare QS2 JD1", "already used in a bezique")
    trick(m, "TH1")
    m.apply("declare QS1 QS2 JD1 JD2")  # the double adds the other Q♠ and J♦: 40 + 500
    assert m.deal_points() == [0, 830]
    obs = see(m, 0)
    assert obs["table"] == ["", "QS1 QS2 JD1 JD2 KH1 QH1 JH1"]
    assert [(c["kind"], c["points"]) for c in obs["combinations"][1]] == [
        ("marriage", 40), ("sequence", 250), ("bezique", 40), ("double bezique", 500)]


def test_no_marriage_out_of_a_declared_sequence() -> None:
    m = match(JUNK0, "KH1 QH1 AH1 TH1 JH1 KH2 QH2 9C1", "8H1", ["7C2", "8C2"],
              JUNK0_DRAWS[:2])
    trick(m, "9C1")
    m.apply("declare AH1 TH1 KH1 QH1 JH1")
    trick(m, "7C2")
    _refused(m, "declare KH1 QH1", "sequence, a higher combination")
    _refused(m, "declare KH2 QH1", "sequence, a higher combination")
    m.apply("declare KH2 QH2")  # a fresh royal marriage
    assert m.deal_points() == [0, 290]


def test_two_single_beziques_cannot_become_a_double() -> None:
    m = match(JUNK0, "QS1 JD1 QS2 JD2 9C1 7C2 8C2 9C2", "8H1")
    trick(m, "9C1")
    m.apply("declare QS1 JD1")
    trick(m, "7C2")
    _refused(m, "declare QS1 JD2", "already used in a bezique")
    m.apply("declare QS2 JD2")
    trick(m, "8C2")
    _refused(m, "declare QS1 QS2 JD1 JD2", "every card of it was already used in its class")
    assert m.deal_points() == [0, 80]
    assert m.declarable() == []


def test_a_king_of_four_kings_marries_and_four_new_kings_are_needed() -> None:
    m = match(JUNK0, "KS1 KS2 KH1 KH2 QS1 9C1 7C2 8C2", "8H1", ["KC1", "KC2", "KD1"],
              JUNK0_DRAWS[:3])
    trick(m, "9C1")
    m.apply("declare KS1 KS2 KH1 KH2")  # four kings, two suits twice
    trick(m, "7C2")
    m.apply("declare KS1 QS1")  # the K♠ of four kings marries: common marriage
    assert m.deal_points() == [0, 100]
    trick(m, "8C2")
    _refused(m, "declare KS1 KH1 KC1 KC2", "already used in a four kings")
    _refused(m, "declare KD1 KS2 KC1 KC2", "taken in")  # KD1 drawn after this trick
    _refused(m, "declare KS1 QH1", "form no Bezique combination")
    assert m.declarable() == []  # KS2 QS1? QS1 is married already


def test_the_bezique_by_trump_pair() -> None:
    m = match(JUNK0, "QC1 JH1 QS1 JD1 9C1 7C2 8C2 9C2", "8S2", bezique_pair="by_trump")
    trick(m, "9C1", "7D1")
    _refused(m, "declare QS1 JD1", "not the bezique")
    m.apply("declare QC1 JH1")
    assert m.deal_points() == [0, 40]
    m2 = match(JUNK0, "QC1 JH1 QS1 JD1 9C1 7C2 8C2 9C2", "8H2", bezique_pair="by_trump")
    trick(m2, "9C1", "7D1")
    _refused(m2, "declare QC1 JH1", "not the bezique")
    m2.apply("declare QS1 JD1")


def test_only_the_winner_declares_and_only_in_his_window() -> None:
    m = match(JUNK0, "QS1 JD1 QS2 JD2 9C1 7C2 8C2 9C2", "8H1")
    _refused(m, "declare QS1 JD1", "just after winning a trick")  # before trick 1
    m.apply_recorded("play 9C1")
    _refused(m, "declare QS1 JD1", "just after winning a trick")  # seat 0 answers
    m.apply_recorded("play 7S1")
    m.apply_recorded("play 7C2")  # seat 1 leads without declaring: his window is closed
    _refused(m, "declare QS1 JD1", "just after winning a trick")


def test_the_fast_list_of_declarations_agrees_with_the_rule() -> None:
    import random

    from kozyr.games.bezique.combinations import declarable, why_not

    rng = random.Random(1)
    for _ in range(1500):
        usable = sum(1 << c for c in rng.sample(range(64), rng.randint(4, 20)))
        used = [sum(1 << c for c in rng.sample(range(64), rng.randint(0, 6))) for _ in range(8)]
        trump, by_trump = rng.randrange(4), rng.random() < 0.5
        slow = [i for i, c in enumerate(COMBOS)
                if why_not(c, usable, trump, by_trump, used) is None]
        assert declarable(usable, trump, by_trump, used) == slow
