"""ThousandPosition: the read-only view search bots read a Thousand match through."""

from __future__ import annotations

import random

from kozyr.cards import parse_card, parse_hand
from kozyr.games.thousand.position import ThousandPosition
from tests.games.thousand.fixtures import dealt, play

# Seat 2 declares 120 with the ♦ and ♣ marriages; the talon is TS TC JH.
DEAL = {"hands": ["KS QS AS 9H JC 9S TD", "KH QH AH TH 9D JS 9C", "KD QD AD JD KC QC AC"],
        "talon": "TS TC JH"}


def test_the_view_follows_a_deal() -> None:
    m = dealt(DEAL)
    p = ThousandPosition(m)
    dealt_hands = tuple(parse_hand(h) for h in DEAL["hands"])
    assert p.phase == "bidding" and p.rules is m.rules
    assert p.dealt.hands == p.hands == dealt_hands and p.talon == parse_hand("TS TC JH")
    assert p.play_order == (0, 1, 2)
    assert (p.declarer, p.contract, p.trump, p.leader, p.trick, p.given) == (
        None, None, None, None, (), ())
    play(m, "bid 120", "pass", "pass", "give 0 JH", "give 1 TC")
    assert p.declarer == 2 and p.contract is None
    assert p.given == ((0, parse_card("JH")), (1, parse_card("TC")))
    assert p.hand(0) == dealt_hands[0] | parse_hand("JH")
    assert p.hand(2) == dealt_hands[2] | parse_hand("TS")
    assert p.dealt.hands == dealt_hands and p.talon == parse_hand("TS TC JH")  # as dealt
    play(m, "contract 120", "play AC", "play JC")
    assert p.phase == "play" and p.contract == 120 and p.leader == 2
    assert p.trick == (parse_card("AC"), parse_card("JC")) and p.trick_no == 0
    assert not p.may_declare  # not on the first trick
    play(m, "play 9C", "play KD marriage")
    assert p.trump == parse_card("KD") >> 3 and p.trick_no == 1 and p.may_declare
    assert p.taken == (0, 0, 13) and p.marriage_points == (0, 0, 80)


def test_the_view_hands_out_tuples_read_when_asked() -> None:
    m = dealt(DEAL)
    p = ThousandPosition(m)
    for name in ("hands", "given", "trick", "taken", "marriage_points", "play_order"):
        assert isinstance(getattr(p, name), tuple), name  # nothing to write back through
    before = p.hands
    play(m, "bid 120", "pass", "pass", "give 0 JH")
    assert before == tuple(parse_hand(h) for h in DEAL["hands"]) and p.hands != before


def test_four_players_the_dealer_sits_out() -> None:
    m = dealt(None, "four_players", dealer=1)
    m.deal()
    p = ThousandPosition(m)
    assert p.play_order == (0, 2, 3) and p.hands[1] == 0


def test_a_sample_is_viewed_like_the_match() -> None:
    m = dealt(DEAL)
    play(m, "bid 120", "pass", "pass")
    sample = m.view(0).sample(random.Random(1))
    p, q = ThousandPosition(m), ThousandPosition(sample)
    assert q.hand(0) == p.hand(0) and q.declarer == p.declarer == 2
    assert sum(h.bit_count() for h in q.hands) == sum(h.bit_count() for h in p.hands)
