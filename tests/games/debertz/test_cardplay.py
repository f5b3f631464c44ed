"""Debertz's card-play rules (games/debertz/cardplay.py), the functions every caller shares:
the legal card, the trick winner, card points; and the deal's points (scoring.deal_points)."""

from __future__ import annotations

import random

from kozyr.cards import SUIT_MASK, format_hand, parse_card, parse_cards, parse_hand
from kozyr.games.debertz.cardplay import (
    BELLA_POINTS,
    CARD_POINTS,
    LAST_TRICK_BONUS,
    beats,
    bella_cards,
    card_points,
    legal_cards,
    stronger_trump,
    trick_points,
    trick_winner,
)
from kozyr.games.debertz.melds import find_melds
from kozyr.games.debertz.scoring import deal_points

S, C, D, H = range(4)


def legal(hand: str, trick: str, trump: int) -> str:
    cards = parse_cards(trick)
    best = -1
    for c in cards:
        if c >> 3 == trump and stronger_trump(c, best):
            best = c
    led = cards[0] >> 3 if cards else -1
    return format_hand(legal_cards(parse_hand(hand), led, trump, best))


def test_follow_suit_when_you_can() -> None:
    assert legal("AS 7S KH", "TS", H) == "AS 7S"
    assert legal("AS 7S KH", "", H) == "AS 7S KH"          # a lead: any card


def test_in_trumps_go_above_the_best_trump_if_you_can() -> None:
    assert legal("AH 9H 7H", "TH", H) == "AH 9H"           # J 9 A 10 K Q 8 7
    assert legal("KH 7H", "TH", H) == "KH 7H"              # cannot: any trump
    assert legal("AH 7H", "TS JH", H) == "AH 7H"           # spades led, no spade, JH best: any


def test_void_trump_and_overtrump_a_partner_too() -> None:
    assert legal("AD 9H 7H", "TS", H) == "9H 7H"           # no spade: trump
    assert legal("AD 9H 7H", "TS AH", H) == "9H"           # overtrump the AH
    assert legal("AD 8H 7H", "TS AH", H) == "8H 7H"        # cannot overtrump: still trump
    assert legal("AD KC", "TS", H) == "KC AD"              # neither: any card


def test_trick_winner_and_beats() -> None:
    c = parse_card
    assert trick_winner([c("9H"), c("AH"), c("JH")], H) == 2
    assert trick_winner([c("AS"), c("TS"), c("7H")], H) == 2
    assert trick_winner([c("TS"), c("AS"), c("AD")], H) == 1
    assert beats(c("9H"), c("AH"), H) and not beats(c("AH"), c("9H"), H)
    assert not beats(c("AD"), c("7S"), H)                  # off-suit, no trump


def test_card_points_by_trump() -> None:
    c = parse_card
    assert [card_points(c(x), H) for x in ("JH", "9H", "AH", "TH", "KH", "QH", "8H")] == [
        20, 14, 11, 10, 4, 3, 0]
    assert [card_points(c(x), H) for x in ("AS", "TS", "KS", "QS", "JS", "9S")] == [
        11, 10, 4, 3, 2, 0]
    for t in range(4):
        assert sum(CARD_POINTS[t]) == 152                  # 3 x 30 plain + 62 in trump
    assert trick_points([c("JH"), c("9H")], H) == 34
    assert LAST_TRICK_BONUS == 10 and BELLA_POINTS == 20
    assert bella_cards(H) == parse_hand("KH QH")


def test_legal_cards_agree_with_the_engine_on_random_deals() -> None:
    from kozyr.games.debertz import DebertzMatch, DebertzRules

    for preset in ("debertz2", "debertz3", "debertz4"):
        rng = random.Random(preset)
        m = DebertzMatch(DebertzRules.from_preset(preset), seed=1)
        while not m.is_over and m.deal_index < 6:
            if m.awaiting_deal:
                m.deal()
                continue
            obs = m.observation(m.current_player())
            texts = m.legal_texts()
            if obs["phase"] == "play":
                trump = "SCDH".index(obs["trump"])
                trick = " ".join(card for _, card in obs["trick"])
                cards = {t.split()[1] for t in texts if t.startswith("play")}
                want = legal(obs["hand"], trick, trump)
                assert sorted(cards) == sorted(want.split())
            m.apply_action(rng.choice(m.legal_actions()))


def test_deal_points_cards_melds_and_bella() -> None:
    melds = find_melds(parse_hand("KH QH JH"), 1, S, False)   # seat 1: a tertz (20)
    assert deal_points([50, 40, 62], melds, (0, 1, 2), [3, 3, 3], [], dealer=0) == [50, 60, 62]
    assert deal_points([50, 40, 62], melds, (0, 1, 2), [3, 0, 6], [], dealer=0) == [50, 40, 62]
    assert deal_points([50, 40, 62], [], (0, 1, 2), [3, 3, 3], [2, 2], dealer=0) == [50, 40, 102]
    team = deal_points([80, 82], melds, (0, 1, 0, 1), [4, 4], [2], dealer=0)
    assert team == [100, 102]                                  # partners share a side
    assert SUIT_MASK[S] & parse_hand("KH") == 0
