"""Thousand's card-play rules (kozyr.games.thousand.cardplay): hand-worked cases, and the
engine's legal cards, trick winners and the observer's voids checked against them in play."""

from __future__ import annotations

import random

import pytest

from kozyr.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_MASK, parse_card, parse_cards
from kozyr.cards import parse_hand as h
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import (
    ACE_MARRIAGE_VALUE,
    POINTS,
    RANK_POINTS,
    beats,
    card_points,
    declarable,
    forbidden_cards,
    legal_follow,
    legal_to_trick,
    marriage_kings,
    marriage_partners,
    marriage_value,
    marriages_value,
    pile_points,
    shown_missing,
    trick_winner,
)

c = parse_card
NO_TRUMP = -1


# -- card points ---------------------------------------------------------------------------------
def test_card_points_by_rank() -> None:
    assert RANK_POINTS == (0, 0, 0, 2, 3, 4, 10, 11)
    assert [POINTS[c(x)] for x in ("9H", "JH", "QH", "KH", "TH", "AH")] == [0, 2, 3, 4, 10, 11]
    assert card_points(h("AS TS KS QS JS 9S")) == 30
    assert card_points(h("AS AC AD AH")) == 44
    assert card_points(0) == 0
    deck = sum(1 << (s * 8 + r) for s in range(4) for r in range(2, 8))
    assert card_points(deck) == 120
    assert pile_points(parse_cards("TH KD 9C")) == 14
    assert pile_points([]) == 0


# -- following -------------------------------------------------------------------------------
def test_follow_the_led_suit_any_card_of_it() -> None:
    hand = h("AS 9S KH QC")
    assert legal_follow(hand, SPADES, c("KS"), HEARTS, False) == h("AS 9S")
    assert legal_follow(hand, SPADES, c("KS"), NO_TRUMP, False) == h("AS 9S")


def test_must_beat_plays_above_the_best_led_card_when_it_can() -> None:
    hand = h("AS TS 9S KH")
    assert legal_follow(hand, SPADES, c("KS"), NO_TRUMP, True) == h("AS TS")
    assert legal_follow(hand, SPADES, c("TS"), NO_TRUMP, True) == h("AS")
    assert legal_follow(hand, SPADES, c("KS"), NO_TRUMP, False) == h("AS TS 9S")
    # cannot beat: any card of the suit
    assert legal_follow(h("QS 9S KH"), SPADES, c("KS"), NO_TRUMP, True) == h("QS 9S")
    # the best led card, not a trump that took the lead, is what must be beaten
    assert legal_to_trick(h("QS AS 9H"), parse_cards("JS KS 9H"), HEARTS, True) == h("AS")


def test_void_plays_a_trump_if_held_else_anything() -> None:
    hand = h("KH 9H AC JD")
    assert legal_follow(hand, SPADES, c("AS"), HEARTS, False) == h("KH 9H")
    assert legal_follow(hand, SPADES, c("AS"), HEARTS, True) == h("KH 9H")
    # must_beat does not ask a trump to beat anything
    assert legal_follow(h("9H AC"), SPADES, c("AS"), HEARTS, True) == h("9H")
    assert legal_follow(hand, SPADES, c("AS"), NO_TRUMP, False) == hand
    assert legal_follow(hand, SPADES, c("AS"), CLUBS, False) == h("AC")
    assert legal_follow(h("JD AC"), SPADES, c("AS"), HEARTS, False) == h("JD AC")


def test_legal_to_trick_reads_the_trick() -> None:
    hand = h("9S QS AS KD")
    assert legal_to_trick(hand, [], HEARTS, True) == hand
    assert legal_to_trick(hand, parse_cards("JS"), HEARTS, True) == h("QS AS")
    assert legal_to_trick(hand, parse_cards("JS"), HEARTS, False) == h("9S QS AS")
    assert legal_to_trick(h("KD 9H"), parse_cards("JS"), DIAMONDS, False) == h("KD")


# -- winning -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "trump", "winner"), [
    ("9H AH JH", NO_TRUMP, 1),
    ("9H AH JH", SPADES, 1),
    ("9H AH 9S", SPADES, 2),         # the only trump
    ("9H TS AS", SPADES, 2),         # the higher trump
    ("9H AS TH", NO_TRUMP, 2),       # off suit never wins without trump
    ("TH KH QH", NO_TRUMP, 0),       # 10 over K (card order 9 J Q K 10 A)
    ("KS", SPADES, 0),
    ("QD AC", HEARTS, 0),
])
def test_trick_winner(cards: str, trump: int, winner: int) -> None:
    assert trick_winner(parse_cards(cards), trump) == winner


def test_beats() -> None:
    assert beats(c("AH"), c("TH"), NO_TRUMP)
    assert not beats(c("KH"), c("TH"), NO_TRUMP)
    assert beats(c("9S"), c("AH"), SPADES)
    assert not beats(c("9S"), c("TS"), SPADES)
    assert not beats(c("AC"), c("9H"), SPADES)


# -- marriages -----------------------------------------------------------------------------------
def test_marriages() -> None:
    values = (40, 60, 80, 100)
    assert marriage_kings(h("KS QS KH JH QD KC")) == h("KS")
    assert marriage_value(c("QH"), values) == 100
    assert marriage_value(c("KS"), values) == 40
    assert marriage_value(c("AD"), values) == ACE_MARRIAGE_VALUE == 200
    assert marriages_value(h("KS QS KH QH KD"), values, False) == 140
    aces = h("AS AC AD AH")
    assert marriages_value(aces | h("KC QC"), values, True) == 260
    assert marriages_value(aces | h("KC QC"), values, False) == 60
    assert declarable(h("KS QS KH AD"), False) == h("KS QS")
    assert declarable(aces | h("KH"), True) == aces
    assert declarable(aces | h("KH"), False) == 0
    assert marriage_partners(c("KH")) == h("QH")
    assert marriage_partners(c("QS")) == h("KS")
    assert marriage_partners(c("AC")) == h("AS AD AH")


# -- what a play shows ---------------------------------------------------------------------------
def test_shown_missing() -> None:
    # off suit, not a trump: neither the led suit nor the trump
    assert shown_missing(c("9D"), SPADES, c("KS"), HEARTS, False) == SUIT_MASK[0] | SUIT_MASK[3]
    # off suit, a trump: only the led suit
    assert shown_missing(c("9H"), SPADES, c("KS"), HEARTS, False) == SUIT_MASK[SPADES]
    assert shown_missing(c("9D"), SPADES, c("KS"), NO_TRUMP, False) == SUIT_MASK[SPADES]
    # following: nothing, unless must_beat and under the best led card
    assert shown_missing(c("9S"), SPADES, c("KS"), HEARTS, False) == 0
    assert shown_missing(c("9S"), SPADES, c("KS"), HEARTS, True) == h("TS AS")
    assert shown_missing(c("AS"), SPADES, c("KS"), HEARTS, True) == 0


def test_forbidden_cards_over_a_deal() -> None:
    plays = [
        # trick 1, no trump yet: seat 1 shows no spade; seat 2 under must_beat shows no TS/AS
        (0, c("KS"), False), (1, c("9D"), False), (2, c("JS"), False),
        # trick 2, seat 0 declares hearts: seat 2 follows, seat 1 shows no heart
        (0, c("QH"), True), (1, c("AC"), False), (2, c("9H"), False),
    ]
    out = forbidden_cards(plays, 3, 3, must_beat=True)
    assert out[0] == 0
    assert out[1] == SUIT_MASK[SPADES] | SUIT_MASK[HEARTS]
    assert out[2] == h("TS AS") | h("TH KH AH")  # under QH with must_beat: nothing above it
    out = forbidden_cards(plays, 3, 3, must_beat=False)
    assert out == [0, SUIT_MASK[SPADES] | SUIT_MASK[HEARTS], 0]
    # a fixed trump (501): the marriage does not change it; seat 1's 9D shows no spade and
    # no club, its AC (a trump) on the hearts led no heart
    out = forbidden_cards(plays, 3, 3, must_beat=False, trump=CLUBS, fixed_trump=True)
    assert out == [0, SUIT_MASK[SPADES] | SUIT_MASK[CLUBS] | SUIT_MASK[HEARTS], 0]


def test_forbidden_cards_fixed_trump_details() -> None:
    plays = [(0, c("KS"), False), (1, c("9D"), False), (2, c("AS"), False),
             (2, c("QH"), True), (0, c("AC"), False), (1, c("TH"), False)]
    out = forbidden_cards(plays, 3, 3, must_beat=False, trump=CLUBS, fixed_trump=True)
    assert out == [SUIT_MASK[HEARTS], SUIT_MASK[SPADES] | SUIT_MASK[CLUBS], 0]
    out = forbidden_cards(plays, 3, 3, must_beat=False)
    assert out == [SUIT_MASK[HEARTS], SUIT_MASK[SPADES], 0]
    # two players: tricks of two
    plays2 = [(0, c("KS"), False), (1, c("9D"), False), (1, c("9C"), False), (0, c("TH"), False)]
    assert forbidden_cards(plays2, 2, 2, False) == [SUIT_MASK[CLUBS], SUIT_MASK[SPADES]]


# -- the engine and the observer follow these rules ----------------------------------------------
@pytest.mark.parametrize("preset", list(ThousandRules.PRESETS))
@pytest.mark.parametrize("must_beat", [False, True])
def test_engine_plays_by_cardplay(preset: str, must_beat: bool) -> None:
    rules = ThousandRules.from_preset(preset, must_beat=must_beat)
    rng = random.Random(f"{preset}:{must_beat}")
    for seed in range(6):
        m = ThousandMatch(rules, seed=seed)
        m.deal()
        trick: list[int] = []
        while (actions := m.legal_actions()):
            seat = m.current_player()
            assert seat is not None
            hand = m._hands[seat]
            if m.phase == "play":
                allowed = legal_to_trick(hand, trick, m._trump, rules.must_beat)
                assert m.legal_mask() == allowed
                cards = {a & 31 for a in actions if a < 64}
                assert sum(1 << x for x in cards) == allowed
            a = actions[int(rng.random() * len(actions))]
            m.apply_action(a)
            if a < 64:
                trick.append(a & 31)
                if len(trick) == len(m._active):  # the trump is the one of this trick
                    assert m._last_trick is not None
                    cards, leader, winner = m._last_trick
                    assert cards == trick
                    seats = [leader]
                    for _ in range(len(trick) - 1):
                        seats.append(m._nxt[seats[-1]])
                    assert seats[trick_winner(trick, m._trump)] == winner
                    trick = []
        assert m.phase in ("deal", "over")


def test_forbidden_cards_never_excludes_a_held_card() -> None:
    rules = ThousandRules.from_preset("tysiac")
    rng = random.Random(5)
    for seed in range(20):
        m = ThousandMatch(rules, seed=seed)
        m.deal()
        while m.legal_actions() and m.phase in ("bidding", "talon", "contract", "redeal",
                                                "play"):
            acts = m.legal_actions()
            m.apply_action(acts[int(rng.random() * len(acts))])
            plays = [((e >> 1) & 3, e >> 3 & 31, e >> 3 >= A.MARRIAGE) for e in m._log
                     if e >> 3 < A.DISCARD]
            forbid = forbidden_cards(plays, m._n, len(m._active), True)
            assert all(not (hand & f) for hand, f in zip(m._hands, forbid, strict=True))
