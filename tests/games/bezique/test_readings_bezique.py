"""rules/bezique.md §4, §10 and §10.P readings not pinned elsewhere, worked out by hand.

Seat 0 deals and holds junk (no trump); seat 1 leads and wins every trick (the helpers' seat 0
throws another plain suit), so seat 1 has a window after each trick.  Hearts are trumps (the
turned 8H1) unless said otherwise.

Readings (most literal): the winner's window comes before his draw (§3 "before drawing"), so
the card he draws after the trick serves in no ``swap7`` or ``show7`` of that window, as in no
``declare``; after trick 24 the window is still a window (§10.P.9) and a declaration is legal
in it (the stock still holds its last face-down card and the turned card).
"""

from __future__ import annotations

import json

import pytest

from kozyr.core.errors import IllegalActionError
from kozyr.games.bezique import BeziqueMatch
from kozyr.records import write_record
from tests.games.bezique import helpers
from tests.games.bezique.helpers import match, see, trick

JUNK0 = "7C1 8C1 7D1 8D1 7S1 8S1 9D1 9S1"
JUNK0_DRAWS = ["7D2", "8D2", "7S2", "8S2", "9D2", "9S2"]


def _refused(m: BeziqueMatch, text: str, why: str = ".") -> None:
    before = json.dumps([write_record(m), see(m, None), see(m, 0), see(m, 1)])
    with pytest.raises(IllegalActionError, match=why):
        m.apply_recorded(text)
    assert json.dumps([write_record(m), see(m, None), see(m, 0), see(m, 1)]) == before


def test_a_seven_drawn_after_the_trick_is_not_exchanged_or_shown_in_that_window() -> None:
    m = match(JUNK0, "9C1 7C2 8C2 9C2 TC1 JC1 QS1 JD1", "8H1", ["7H1", "AC1"],
              JUNK0_DRAWS[:2])
    trick(m, "9C1")  # seat 1 draws 7H1 after this window
    _refused(m, "swap7 7H1")
    _refused(m, "show7 7H1")
    assert m.deal_points() == [0, 0]
    trick(m, "7C2")
    m.apply("swap7 7H1")  # now his: 10, and 8H1 comes into his hand
    assert m.deal_points() == [0, 10] and see(m, None)["turned"] == "7H1"


def test_foster_s_example_a_king_of_four_kings_and_a_queen_of_a_bezique_marry() -> None:
    m = match(JUNK0, "KS1 KS2 KH1 KH2 QS1 JD1 9C1 7C2", "8H1", ["8C2", "9C2", "TC2"],
              JUNK0_DRAWS[:3])
    trick(m, "9C1")
    m.apply("declare KS1 KS2 KH1 KH2")  # four kings: 80
    trick(m, "7C2")
    m.apply("declare QS1 JD1")  # bezique: 40
    trick(m, "8C2")
    m.apply("declare KS1 QS1")  # both on the table already: a common marriage, 20
    assert m.deal_points() == [0, 140]
    assert see(m, 0)["table"][1] == "KS1 KS2 QS1 JD1 KH1 KH2"
    trick(m, "9C2")
    _refused(m, "declare KS2 QS1", "already used in a marriage")  # QS1 married once
    m.apply_recorded("play TC2")  # a card he drew after trick 1


def test_no_single_bezique_out_of_a_declared_double() -> None:
    m = match(JUNK0, "QS1 QS2 JD1 JD2 9C1 7C2 8C2 9C2", "8H1")
    trick(m, "9C1")
    m.apply("declare QS1 QS2 JD1 JD2")  # 500 at once
    trick(m, "7C2")
    _refused(m, "declare QS1 JD1", "double bezique, a higher combination")
    _refused(m, "declare QS2 JD2", "double bezique, a higher combination")
    assert m.deal_points() == [0, 500]


def test_only_trump_sequences_and_four_aces_kings_queens_jacks() -> None:
    m = match(JUNK0, "AS1 TS1 KS1 QS1 JS1 TH1 TC1 9C1", "8H1", ["TD1"], ["7D2"])
    trick(m, "9C1")
    _refused(m, "declare AS1 TS1 KS1 QS1 JS1", "only in trumps")  # spades are plain
    _refused(m, "declare TS1 TH1 TC1")  # three tens: no combination (and tens never count)
    m.apply("declare KS1 QS1")  # a common marriage: 20
    assert m.deal_points() == [0, 20]
    trick(m, "TC1")
    _refused(m, "declare TS1 TH1 TC1 TD1")  # TC1 was played; four tens are nothing anyway
    _refused(m, "declare AS1 TS1 KS1 QS1 JS1")


def test_a_played_card_and_the_opponent_s_cards_never_serve() -> None:
    m = match(JUNK0, "QS1 JD1 KC1 QC1 9C1 7C2 8C2 9C2", "8H1")
    trick(m, "QS1")
    _refused(m, "declare QS1 JD1")  # played
    _refused(m, "declare KC1 QC1 7C1")  # not a combination
    _refused(m, "declare 7C1 8C1")  # seat 0's cards
    m.apply("declare KC1 QC1")
    assert m.deal_points() == [0, 20]


def test_a_card_taken_in_by_swap7_differs_from_its_twin_in_the_hand() -> None:
    # §10.P.3: after swap7 7H1 seat 1 holds 8H1 (the old turned card, taken in) and 8H2
    m = match(JUNK0, "7H1 8H2 9C1 7C2 8C2 9C2 TC1 JC1", "8H1")
    trick(m, "9C1")
    m.apply("swap7 7H1")
    _refused(m, "play 8H", "ambiguous copy")
    m.apply_recorded("play 8H1")  # the card taken in may be led at once (§10.P.7)
    assert write_record(m)["deals"][0]["actions"][-2:] == ["swap7 7H1", "play 8H1"]


def test_the_window_after_trick_24_is_a_meld_phase_and_a_declaration_scores() -> None:
    for seed in range(300):
        m = BeziqueMatch(seed=seed, first_dealer=0)
        m.deal()
        while m.current_player() is not None and not (m._tricks == 24 and m.phase == "meld"):
            plays = helpers.plays(m)
            m.apply_action(plays[0])
        assert m.open_deal() == {"dealer": 0, "phase": "meld", "to_act": m.current_player()}
        declares = [t for t in m.legal_texts() if t.startswith("declare")]
        if not declares:
            continue
        s = m.current_player()
        assert s is not None
        before = m.deal_points()[s]
        m.apply(declares[0])
        assert m.deal_points()[s] > before
        m.apply("draw")  # both draw: the last face-down card and the turned card
        m.apply(next(t for t in m.legal_texts() if t.startswith("play")))
        assert see(m, None)["table"] == ["", ""] and see(m, None)["stock_size"] == 0
        return
    pytest.fail("no declaration after trick 24 found")
