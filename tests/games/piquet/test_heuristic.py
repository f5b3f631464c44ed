"""The Piquet heuristic: it keeps what declares, and finishes parties under every option."""

from __future__ import annotations

import pytest

from kozyr.bots import make_bot
from kozyr.bots.heuristic.piquet import choose_discard
from kozyr.cards import format_hand, parse_hand
from kozyr.games import new_match
from kozyr.games.registry import settlement_of


def test_elder_discards_five_and_keeps_his_point_sequence_and_sets() -> None:
    hand = parse_hand("AS KS QS JS TS AH AD AC 7H 8D 9C 7C")
    out = choose_discard(hand, 1, 5, elder=True)
    assert out.bit_count() == 5
    assert out & parse_hand("7H 8D 9C 7C") == parse_hand("7H 8D 9C 7C"), format_hand(out)
    assert not out & parse_hand("AS KS QS JS"), format_hand(out)


def test_younger_takes_at_least_what_he_must_and_at_most_what_is_left() -> None:
    hand = parse_hand("AS KS QS JS TS 9S 8S AH AD AC KH KD")
    assert choose_discard(hand, 1, 3, elder=False).bit_count() == 1
    weak = parse_hand("7S 8C 9D 7H 8H 9S 7C 8D TS JC QD KH")
    assert 1 <= choose_discard(weak, 1, 3, elder=False).bit_count() <= 3


@pytest.mark.parametrize("rules", ["rubicon", "cent",
                                   {"preset": "rubicon", "sinking": True,
                                    "russian_exchange": True, "four_deal_partie": True}])
def test_heuristic_bots_finish_a_partie(rules: object) -> None:
    m = new_match("piquet", rules, seed=7)
    bots = [make_bot("normal", seed=1), make_bot("easy", seed=2)]
    while not m.is_over:
        if m.awaiting_deal:
            m.deal()
            continue
        seat = m.current_player()
        assert seat is not None
        m.apply(bots[seat].act(m.view(seat)))
    assert m.sheet and settlement_of(m) is not None
