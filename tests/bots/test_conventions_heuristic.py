"""The Thousand heuristic's judgement of §11's options (rules/thousand.md §11): what each
declaration is worth and whether to keep the trump, the cap with bed marriages and four
nines, buying the talon, the strike-out, the blind or look.  Positions are written by hand as
the observation keys the heuristic reads.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.bots.heuristic.thousand import ThousandHeuristic, estimate_hand
from kozyr.cards import parse_hand
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.rules import ThousandRules

MARRIAGE_TEXTS = ["play 9C", "play QS marriage", "play KS marriage", "play QS marriage keep",
                  "play KS marriage keep"]


def choose(texts: list[str], **obs: Any) -> str:
    obs.setdefault("seat", 0)
    return ThousandHeuristic(random.Random(0)).choose(obs, texts)


def rules(**options: Any) -> dict[str, Any]:
    return {"preset": "classic", **options}


# -- declarations --------------------------------------------------------------------------
def test_keep_when_the_trump_set_suits_the_hand_better() -> None:
    keep = rules(marriage_keep_trump=True)
    # four hearts, the trump: the spade marriage is declared in suit (hearts stay trump)
    assert choose(MARRIAGE_TEXTS, rules=keep, hand="AH TH KH 9H KS QS 9C",
                  trump="H") == "play QS marriage keep"
    # one small heart and five spades: the spades become trump
    assert choose(MARRIAGE_TEXTS, rules=keep, hand="KS QS AS TS JS 9H 9C",
                  trump="H") == "play QS marriage"


def test_the_dearest_declaration_first() -> None:
    nines = rules(bed_marriage=True, four_nines=200)
    texts = ["play 9S", "play QH marriage", "play KH marriage", "play JH bed", "play QH bed",
             "play 9S nines", "play 9H nines"]
    assert choose(texts, rules=nines, hand="KH QH JH 9S 9C 9D 9H").endswith(" nines")
    texts = ["play 9S", "play QH marriage", "play KH marriage", "play JH bed", "play QH bed"]
    # K+Q (100) over Q+J (50), by the queen: the king stays to win later
    assert choose(texts, rules=nines, hand="KH QH JH 9S") == "play QH marriage"
    # a bed marriage alone: the jack leads, the queen stays
    assert choose(["play 9S", "play JH bed", "play QH bed"], rules=nines,
                  hand="QH JH 9S") == "play JH bed"


def test_the_cap_and_the_estimate_count_bed_marriages_and_four_nines() -> None:
    h = ThousandHeuristic(random.Random(0))
    hand = parse_hand("QH JH 9S 9C 9D 9H AS")
    plain = {"rules": rules(), "seat": 0}
    extra = {"rules": rules(bed_marriage=True, four_nines=200), "seat": 0}
    assert h.max_bid(hand, 1000, plain) == 120
    assert h.max_bid(hand, 1000, extra) == 300  # 120 + 50 + 200, at most max_bid 300
    assert h.max_bid(hand, 1000, extra) == Declarations.of(
        ThousandRules(bed_marriage=True, four_nines=200)).cap(hand)
    values = (40, 60, 80, 100)
    decl = Declarations.of(ThousandRules(bed_marriage=True, four_nines=200))
    assert estimate_hand(hand, values, decl=decl) >= estimate_hand(hand, values) + 200


# -- the talon ------------------------------------------------------------------------------
STRONG = "AS TS KS QS AC TC AD"
WEAK = "9S JS 9C JC 9D JD QD"


@pytest.mark.parametrize(("hand", "sales", "expected"), [
    (STRONG, [], "buy"),          # A-10-K-Q of spades, two more aces: plainly makes 100
    (WEAK, [], "decline"),
    (STRONG, [2, 1, 2, 1, 2], "decline"),  # the sixth purchase would credit the seller 720
])
def test_buying_the_talon(hand: str, sales: list[int], expected: str) -> None:
    assert choose(["buy", "decline"], rules=rules(talon_buying=True), hand=hand,
                  talon="KC QC JC", bid=100, sales=sales, seat=1) == expected


def test_strike_out_rather_than_write_off_or_a_hopeless_play() -> None:
    texts = ["contract 120", "contract 125", "writeoff", "strikeout"]
    base = {"rules": rules(allow_strikeout=True), "bid": 120, "bolts": [0, 0, 0],
            "writeoffs": [0, 0, 0], "totals": [0, 0, 0]}
    assert choose(texts, hand="9S JS 9C JC 9D JD QD 9H", **base) == "strikeout"
    assert choose(texts, hand="AS TS KS QS AC TC AD TD", **base) == "contract 120"
    # a hand a little short of 120: a strike-out costs nothing, a write-off 120
    short = "AS TS 9S 9C JC AD 9D JD"
    assert choose(texts, hand=short, **base) == "strikeout"
    assert choose(texts[:3], hand=short, **base) == "contract 120"
    # ... unless it is his third write-off and that costs 120 more: then he plays it
    third = {**base, "rules": rules(allow_strikeout=True, writeoff_third_penalty=120),
             "writeoffs": [2, 0, 0]}
    assert choose(texts, hand=short, **third) == "contract 120"


# -- the blind ------------------------------------------------------------------------------
def test_blind_only_to_catch_up_late() -> None:
    any_blind = rules(blind_bid=True, blind_bidders="any")
    assert choose(["blind", "look"], rules=any_blind, hand=None, totals=[300, 350, 320],
                  seat=2) == "look"
    assert choose(["blind", "bid 100"], rules=any_blind, hand=None, totals=[0, 0, 0],
                  seat=1) == "bid 100"
    # the leader at 800, this seat 450 behind: the blind's doubling is its chance
    assert choose(["blind", "look"], rules=any_blind, hand=None, totals=[800, 350, 320],
                  seat=2) == "blind"
    # on the barrel never (he is not asked anyway), nor when the blind doubles everybody's
    # score and he is less behind
    assert choose(["blind", "look"], rules={**any_blind, "blind_doubles": "all"}, hand=None,
                  totals=[800, 500, 320], seat=1) == "look"


def test_the_gives_keep_the_declarations_together() -> None:
    hand = "9S 9C 9D 9H QH JH KS AS TS AC"
    cards = hand.split()
    texts = [f"give {s} {c}" for s in (1, 2) for c in cards]
    nines = choose(texts, rules=rules(bed_marriage=True, four_nines=200), hand=hand)
    assert nines.split()[2] not in ("9S", "9C", "9D", "9H", "QH", "JH"), nines
    # without the options a nine is the cheapest card to give
    assert choose(texts, rules=rules(), hand=hand).split()[2].startswith("9")


def test_a_cheaper_write_off_is_taken_sooner() -> None:
    texts = ["contract 120", "contract 125", "writeoff"]
    base = {"bid": 120, "bolts": [0, 0, 0], "writeoffs": [0, 0, 0], "totals": [0, 0, 0]}
    short = "AS TS 9S 9C JC AD 9D JD"  # a little short of 120
    assert choose(texts, hand=short, rules=rules(), **base) == "contract 120"
    assert choose(texts, hand=short, rules=rules(writeoff_penalty="none"), **base) == "writeoff"


def test_a_seat_whose_declarations_do_not_count_plays_its_cards() -> None:
    texts = ["play AS", "play 9C", "play QH", "play KH", "play QH marriage", "play KH marriage"]
    hand = "AS KH QH 9C"
    assert choose(texts, rules=rules(), hand=hand, declarer=1) == "play QH marriage"
    only = rules(marriage_declarer_only=True)
    assert choose(texts, rules=only, hand=hand, declarer=0) == "play QH marriage"
    assert not choose(texts, rules=only, hand=hand, declarer=1).endswith("marriage")
