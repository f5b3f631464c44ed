"""What each Piquet seat sees (rules/piquet.md §2, §9 "Information"), and samples that keep it."""

from __future__ import annotations

import random
from typing import Any

from kozyr.cards import SUIT_MASK, format_hand, parse_hand
from kozyr.games.piquet import PiquetMatch
from kozyr.records import replay_record
from tests.games.piquet.fixtures import EXAMPLE, PIQUE, cut, record


def match(deal: dict[str, Any], rules: Any = "rubicon") -> PiquetMatch:
    m = replay_record(record([deal], rules)).match
    assert isinstance(m, PiquetMatch)
    return m


def order(cards: str) -> str:
    """Return the cards as an observation writes them (hand order)."""
    return format_hand(parse_hand(cards))


def test_the_other_players_discard_is_hidden_his_number_is_not() -> None:
    m = match(cut(EXAMPLE, 2))
    assert m.observation(0)["history"][0] == [1, "exchange 5"]
    assert m.observation(1)["history"][0] == [1, "exchange " + order("9H 8H 7D 8D 9D")]
    assert m.observation(1)["discard"] == order("9H 8H 9D 8D 7D")
    assert m.observation(0)["discard"] == order("TC JC 9C")
    assert m.observation(None)["history"][1] == [0, "exchange 3"]


def test_elder_sees_the_talon_cards_he_leaves() -> None:
    deal = {**EXAMPLE, "actions": ["exchange 9H 8H 7D"]}
    m = match(deal)
    assert m.observation(1)["talon_seen"] == order("TD 7C")  # cards 4 and 5, left by him
    assert m.observation(0)["talon_seen"] is None
    assert [1, "sees " + order("TD 7C")] in m.observation(1)["history"]


def test_left_cards_younger_at_once_elder_after_his_first_lead() -> None:
    deal = {**EXAMPLE, "actions": ["exchange 9H 8H 7D 8D 9D", "exchange 9C"]}
    m = match(deal)
    assert m.observation(0)["left"] == order("8C 7S")
    assert m.observation(1)["left"] is None and m.observation(None)["left"] is None
    m.apply("play AS")
    assert m.observation(1)["left"] is not None and m.observation(None)["left"] is not None
    hidden = match(deal, {"preset": "rubicon", "left_cards": "hidden"})
    hidden.apply("play AS")
    assert all(hidden.observation(s)["left"] is None for s in (None, 0, 1))


def test_younger_s_combinations_are_shown_after_elder_s_first_lead() -> None:
    m = match(cut(EXAMPLE, 2))
    sets = m.observation(1)["results"][2]
    assert sets["winner"] == 0 and sets["score"] == 3 and sets["cards"] == [None, None]
    point = m.observation(0)["results"][0]
    assert point["winner"] == 1 and point["cards"][1] == order("AS KS QS JS TS 9S 8S")
    m.apply("play AS")
    assert m.observation(1)["results"][2]["cards"] == [order("QC QD QH"), None]


def test_a_sample_keeps_the_observation_and_the_voids() -> None:
    m = match(cut(PIQUE, 2 + 6))  # younger showed he has no spades
    for seat in (0, 1):
        for i in range(20):
            s = m.resample(seat, random.Random(i))
            assert s.observation(seat) == m.observation(seat)
    for i in range(20):
        s = m.resample(1, random.Random(i))
        assert not s._hands[0] & SUIT_MASK[0]
        assert s._hands[1] == m._hands[1]


def test_a_sample_keeps_the_categories_results() -> None:
    m = match(cut(EXAMPLE, 2))
    mine = m._hands[1]
    for i in range(20):
        s = m.resample(1, random.Random(i))
        other = s._hands[0]
        assert other & mine == 0 and other.bit_count() == 12
        # younger's only scoring category was sets: three queens... or another trio he wins
        ranks = [(other & (0x01010101 << r)).bit_count() for r in range(8)]
        assert max(ranks[3:]) >= 3
    assert parse_hand("QC QD QH") & m._hands[0]


def test_samples_keep_what_a_carte_blanche_showed() -> None:
    from tests.games.piquet.fixtures import CARTE_BLANCHE

    for n in range(4):
        m = match(cut(CARTE_BLANCHE, n))
        for seat in (0, 1):
            for i in range(8):
                assert m.resample(seat, random.Random(i)).observation(seat) == \
                    m.observation(seat), (n, seat)
    m = match(cut(CARTE_BLANCHE, 0))
    for i in range(8):  # before he exchanged, younger's sampled hand is a carte blanche
        assert m.resample(1, random.Random(i)).observation(0)["carte_blanche"] == 0
        s = m.resample(1, random.Random(i))
        assert not s._hands[0] & parse_hand("KS QS JS KH QH JH KD QD JD KC QC JC")


def test_samples_keep_the_carte_blanche_cards_once_shown() -> None:
    from tests.games.piquet.fixtures import CARTE_BLANCHE

    # both exchanged: elder has seen younger's twelve dealt cards; younger discarded one of
    # them (9C) and took 8C; the left cards (QC JC) are hidden from elder until his lead
    m = match(cut(CARTE_BLANCHE, 2))
    dealt = parse_hand("8S 7S TH 9H 8H 7H TD 9D 8D 7D TC 9C")
    assert m.observation(1)["carte_blanche_cards"] == format_hand(dealt)
    discards = set()
    for i in range(40):
        s = m.resample(1, random.Random(i))
        assert s._discards[0].bit_count() == 1 and s._discards[0] & dealt == s._discards[0]
        assert not s._left & dealt and s._left.bit_count() == 2
        assert (s._hands[0] & dealt).bit_count() == 11 and (s._hands[0] & ~dealt).bit_count() == 1
        discards.add(s._discards[0])
    assert len(discards) > 3  # which of the twelve he discarded is not known
