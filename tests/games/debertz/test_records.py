"""Debertz records replayed whole (spec/records.md, rules/debertz.md §8).

Every expected row below is worked out by hand from the rules page; the comments show the
tricks.  Cards of a deal are written as the spec's record layout says: ``hands`` are each
seat's first six cards, ``stock`` the rest of the deck top first, ``stock[0]`` the turned card,
then one packet per seat clockwise from the dealer's left (with 4 players the declarer's
packet is the turned card plus one stock card), then what stays undealt.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from kozyr.cards import format_card, parse_card
from kozyr.records import ReplayError, replay_record
from kozyr.replay import main as replay_main


def _rec(deals: list[dict[str, Any]], rules: Any = "debertz3", players: int = 3,
         first_dealer: int = 0) -> dict[str, Any]:
    return {"format": 1, "game": "debertz", "rules": rules,
            "players": [f"p{i}" for i in range(players)], "first_dealer": first_dealer,
            "seed": 7, "deals": deals}


def _layout(final: list[str], dealer: int, turned: str, declarer: int | None = None
            ) -> dict[str, Any]:
    """Record cards giving each seat ``final[seat]`` (first six, then its packet).

    With 4 players the declarer's final hand lists 6 + the turned card + one card.
    """
    n = len(final)
    cards = [h.split() for h in final]
    stock = [turned]
    for i in range(1, n + 1):
        seat = (dealer + i) % n
        packet = cards[seat][6:]
        if n == 4 and seat == declarer:
            assert packet[0] == turned
            packet = packet[1:]
        stock += packet
    used = {parse_card(c) for c in stock} | {parse_card(c) for h in cards for c in h}
    rest = [format_card(c) for c in range(32) if c not in used]
    return {"hands": [" ".join(h[:6]) for h in cards], "stock": " ".join(stock + rest)}


def _plays(text: str) -> list[str]:
    return ["play " + c if not c.endswith("+") else f"play {c[:-1]} bella"
            for c in text.replace("|", " ").split()]


# -- two players: seat 1 takes every trick -------------------------------------------------
# dealer 0, turned 7H: seat 1 accepts in round 1 (trump H) and leads.
# seat 1: JH 9H AH TH AS TS + packet AC TC AD;  seat 0: KH QH 8H KS QS KC + packet QC KD QD.
SWEEP2 = {"hands": ["KH QH 8H KS QS KC", "JH 9H AH TH AS TS"],
          "stock": "7H AC TC AD QC KD QD TD JD 9D 8D 7D JC 9C 8C 7C JS 9S 8S 7S"}
# tricks (seat 1 first): JH KH(bella) 24 | 9H QH 17 | AH 8H 11 | TH KS 14 (void: anything) |
# AS QS 14 | TS KC 14 | AC QC 14 | TC KD 14 | AD QD 14+10  -> seat 1: 146 (TD is out of play).
SWEEP2_PLAY = "JH KH+ 9H QH AH 8H TH KS AS QS TS KC AC QC TC KD AD QD"


def test_two_players_accept_last_trick_bella_without_a_trick_and_skate() -> None:
    s = replay_record(_rec([{**SWEEP2, "actions": ["accept", *_plays(SWEEP2_PLAY)]}],
                           rules="debertz2", players=2)).summary()
    # seat 0: bella 20 whatever the tricks, skate -50; seat 1: 146 > 20, made.
    assert s == {"deals": [{"dealer": 0, "declarer": 1, "bid": None, "contract": None,
                            "trump": "H", "points": [20, 146], "scores": [-30, 146],
                            "totals": [-30, 146], "marks": [["skate"], []]}],
                 "totals": [-30, 146], "winner": None, "complete": False, "open_deal": None,
                 "settlement": None}


def test_a_skate_also_hits_a_baited_declarer() -> None:
    # Same cards; seat 1 passes and seat 0 accepts (trump H) and leads KH with bella:
    # KH(bella) JH(must overtrump) 24 -> 1 | 9H QH | AH 8H | TH KS | AS QS | TS KC | AC QC |
    # TC KD | AD QD: seat 1 takes every trick, 146.  Seat 0: bella 20 < 146: bait, and no
    # trick: skate.  Seat 1 gets 146 + 20.
    acts = ["pass", "accept", *_plays("KH+ JH 9H QH AH 8H TH KS AS QS TS KC AC QC TC KD AD QD")]
    s = replay_record(_rec([{**SWEEP2, "actions": acts}], rules="debertz2",
                           players=2)).summary()
    assert s["deals"] == [{"dealer": 0, "declarer": 0, "bid": None, "contract": None,
                           "trump": "H", "points": [20, 146], "scores": [-50, 166],
                           "totals": [-50, 166], "marks": [["bait", "skate"], []]}]


def test_melds_best_side_only_and_only_with_a_trick() -> None:
    # Seat 1 declares JH 9H AH TH (a fifty, 50); seat 0 declares KH QH 8H (tertz, 20).
    # The fifty beats the tertz: seat 1 scores 50, seat 0 none of his.
    acts = ["accept", "declare", "play JH", "declare", *_plays(SWEEP2_PLAY)[1:]]
    s = replay_record(_rec([{**SWEEP2, "actions": acts}], rules="debertz2",
                           players=2)).summary()
    assert s["deals"][0]["points"] == [20, 196]
    assert s["deals"][0]["scores"] == [-30, 196]
    # Only seat 0 declares: his tertz is the best meld, but he takes no trick -> nobody scores.
    acts = ["accept", "play JH", "declare", *_plays(SWEEP2_PLAY)[1:]]
    s = replay_record(_rec([{**SWEEP2, "actions": acts}], rules="debertz2",
                           players=2)).summary()
    assert s["deals"][0]["points"] == [20, 146]
    # Undeclared melds never count (the first test: neither declared).


# -- two players: round 2, a tie (hanging bait) ------------------------------------------
# dealer 0, turned 8S; both pass round 1, then seat 1 names clubs in round 2 and leads.
# No club is in play (all eight are in the undealt stock), so void players discard anything.
# seat 1: AS TS KS QS 7D 8D + 9D 7H 8H;  seat 0: AH TH KH QH JH 9H + AD TD QD.
TIE2 = {"hands": ["AH TH KH QH JH 9H", "AS TS KS QS 7D 8D"],
        "stock": "8S 9D 7H 8H AD TD QD AC TC KC QC JC 9C 8C 7C JS 9S 7S KD JD"}
# AS AH 22 | TS KH 14 | KS QH 7 | QS 9H 3 -> seat 1: 46;
# 7D AD 11 | TH 7H 10 | JH 8H 2 | TD 8D 10 | QD 9D 3+10 -> seat 0: 46.  A tie.
TIE2_ACTS = ["pass", "pass", "trump C",
             *_plays("AS AH TS KH KS QH QS 9H 7D AD TH 7H JH 8H TD 8D QD 9D")]
TIE2_ROW = {"dealer": 0, "declarer": 1, "bid": None, "contract": None, "trump": "C",
            "points": [46, 46], "scores": [46, 0], "totals": [46, 0],
            "marks": [[], ["hanging-bait"]]}

# -- two players: seven swap and a bait ----------------------------------------------------
# dealer 1, turned JD; seat 0 passes, seat 1 accepts (trump D) and leads.
# seat 0: 7D 9D AD AS TS KS + AC TC KC;  seat 1: TD KD QD 8D QS JS + QC JC AH.
SWAP2 = {"hands": ["7D 9D AD AS TS KS", "TD KD QD 8D QS JS"],
         "stock": "JD AC TC KC QC JC AH 9S 8S 7S 9C 8C 7C TH KH QH JH 9H 8H 7H"}
# seat 0 swaps 7D for JD in trick 1, then must overtrump TD:
# TD JD 30 | 9D KD(bella) 18 | AD QD 14 | AS QS 14 | TS JS 12 | KS 8D(trumps) 4 for seat 1 |
# AH KC 15 for seat 1 | QC AC 14 | TC JC 12+10  -> seat 0: 124, seat 1: 19 + bella 20 = 39.
SWAP2_ACTS = ["pass", "accept", "play TD", "swap7", "play JD", "play 9D", "play KD bella",
              *_plays("AD QD AS QS TS JS KS 8D AH KC QC AC TC JC")]


def test_two_players_round_two_tie_is_a_hanging_bait() -> None:
    s = replay_record(_rec([{**TIE2, "actions": TIE2_ACTS}], rules="debertz2",
                           players=2)).summary()
    assert s["deals"] == [TIE2_ROW]
    assert s["totals"] == [46, 0]


def test_seven_swap_and_a_bait_takes_the_hanging_pot() -> None:
    # Deal 1 a tie (pot 46); deal 2 (dealer 1) seat 1 is baited: seat 0 gets his own 124,
    # the declarer's 39 and the pot 46 whole (a single defender).
    s = replay_record(_rec([{**TIE2, "actions": TIE2_ACTS}, {**SWAP2, "actions": SWAP2_ACTS}],
                           rules="debertz2", players=2)).summary()
    assert s["deals"][1] == {"dealer": 1, "declarer": 1, "bid": None, "contract": None,
                             "trump": "D", "points": [124, 39], "scores": [209, 0],
                             "totals": [255, 0], "marks": [[], ["bait"]]}
    assert s["totals"] == [255, 0] and s["winner"] is None


def test_the_hanging_pot_goes_to_the_next_declarer_who_makes_it() -> None:
    # Deal 2 (dealer 1): the sweep deal again, seat 0 passes and seat 1 accepts: 146 + 46.
    sweep = _layout(["KH QH 8H KS QS KC QC KD QD", "JH 9H AH TH AS TS AC TC AD"], 1, "7H")
    s = replay_record(_rec([{**TIE2, "actions": TIE2_ACTS},
                            {**sweep, "actions": ["pass", "accept", *_plays(SWEEP2_PLAY)]}],
                           rules="debertz2", players=2)).summary()
    assert s["deals"][1]["points"] == [20, 146]
    assert s["deals"][1]["scores"] == [-30, 192]
    assert s["totals"] == [16, 192]


def test_a_further_tie_adds_to_the_pot_and_it_waits_through_a_redeal() -> None:
    # Deal 2 (dealer 1): the tie deal again with seat 1 declaring in round 2 -> pot 92.
    tie = _layout(["AH TH KH QH JH 9H AD TD QD", "AS TS KS QS 7D 8D 9D 7H 8H"], 1, "8S")
    tie_acts = ["pass", "pass", "pass", "trump C", *TIE2_ACTS[3:]]
    # Deal 3 (dealer 0): all pass twice.  Deal 4 (dealer 1): the sweep, made: 146 + 92.
    sweep = _layout(["KH QH 8H KS QS KC QC KD QD", "JH 9H AH TH AS TS AC TC AD"], 1, "7H")
    s = replay_record(_rec([{**TIE2, "actions": TIE2_ACTS}, {**tie, "actions": tie_acts},
                            {**TIE2, "actions": ["pass", "pass", "pass", "pass"]},
                            {**sweep, "actions": ["pass", "accept", *_plays(SWEEP2_PLAY)]}],
                           rules="debertz2", players=2)).summary()
    rows = s["deals"]
    assert [r["scores"] for r in rows] == [[46, 0], [46, 0], [0, 0], [-30, 238]]
    assert rows[1]["marks"] == [[], ["hanging-bait"]]
    assert rows[2] == {"dealer": 0, "declarer": None, "bid": None, "contract": None,
                       "trump": None, "points": [0, 0], "scores": [0, 0], "totals": [92, 0],
                       "marks": [["redeal"], ["redeal"]]}
    assert s["totals"] == [62, 238]


# -- three players: bait split, skate, third bait -----------------------------------------
# dealer 0, turned 7H; seat 1 accepts (trump H); JH 9H AH TH stay in the stock.
# seat 0: JD AS TS KS QS JS + 9S 8S 7S;  seat 1: KH QH 8H 9C 8C 7C + 9D 8D 7D;
# seat 2: AC TC KC QC JC AD + TD KD QD.
BAIT3_FINAL = ["JD AS TS KS QS JS 9S 8S 7S", "KH QH 8H 9C 8C 7C 9D 8D 7D",
               "AC TC KC QC JC AD TD KD QD"]
BAIT3: dict[str, Any] = {"hands": ["JD AS TS KS QS JS", "KH QH 8H 9C 8C 7C", "AC TC KC QC JC AD"],
         "stock": "7H 9D 8D 7D TD KD QD 9S 8S 7S JH 9H AH TH"}
# order 1, 2, 0 then the winner leads:
# KH JC 7S -> 1 (6) | 9C AC 8S -> 2 (11) | TC 9S 8C -> 2 (10) | KC JS 7C -> 2 (6) |
# QC QS 8H (void in clubs: must trump) -> 1 (6) | 9D AD JD -> 2 (13) | TD KS 8D -> 2 (14) |
# KD TS 7D -> 2 (14) | QD AS QH (void: trump) -> 1 (17+10).
# seat 1: 39, seat 2: 68, seat 0: no trick.  39 < 68: bait, each defender gets 39 // 2 = 19.
BAIT3_PLAY = _plays("KH JC 7S 9C AC 8S TC 9S 8C KC JS 7C QC QS 8H 9D AD JD TD KS 8D "
                    "KD TS 7D QD AS QH")


def test_three_players_bait_split_floor_and_skated_defender_gets_his_share() -> None:
    built = _layout(BAIT3_FINAL, 0, "7H")
    assert built["hands"] == BAIT3["hands"]
    assert built["stock"].split()[:10] == BAIT3["stock"].split()[:10]
    s = replay_record(_rec([{**BAIT3, "actions": ["accept", *BAIT3_PLAY]}])).summary()
    assert s["deals"] == [{"dealer": 0, "declarer": 1, "bid": None, "contract": None,
                           "trump": "H", "points": [0, 39, 68], "scores": [-31, 0, 87],
                           "totals": [-31, 0, 87], "marks": [["skate"], ["bait"], []]}]


def test_the_declarer_must_beat_both_defenders_together() -> None:
    # dealer 0, turned 7H, seat 1 accepts; TH KH QH 8H stay in the stock.
    # seat 1: JH 9H AH 7C 8C 7D + 8D 9D 8S;  seat 2: AC TC KC QC JC 9C + AD TD 7S;
    # seat 0: AS TS KS QS JS 9S + KD QD JD.
    deal = {"hands": ["AS TS KS QS JS 9S", "JH 9H AH 7C 8C 7D", "AC TC KC QC JC 9C"],
            "stock": "7H 8D 9D 8S AD TD 7S KD QD JD TH KH QH 8H"}
    # JH 9C 9S -> 1 (20) | 9H JC JS -> 1 (18) | AH QC QS -> 1 (17) | 8S 7S AS -> 0 (11) |
    # TS 7C KC -> 0 (14) | KS 8C TD -> 0 (14) | KD 7D AD -> 2 (15) | AC QD 8D -> 2 (14) |
    # TC JD 9D -> 2 (12+10).  seat 1: 55, more than 51 and 39 each but not than 90: bait,
    # 55 // 2 = 27 to each defender.
    acts = ["accept", *_plays("JH 9C 9S 9H JC JS AH QC QS 8S 7S AS TS 7C KC KS 8C TD "
                              "KD 7D AD AC QD 8D TC JD 9D")]
    s = replay_record(_rec([{**deal, "actions": acts}])).summary()
    assert s["deals"] == [{"dealer": 0, "declarer": 1, "bid": None, "contract": None,
                           "trump": "H", "points": [39, 55, 51], "scores": [66, 0, 78],
                           "totals": [66, 0, 78], "marks": [[], ["bait"], []]}]


def test_meld_comparison_kind_then_top_then_seat_from_the_dealers_left() -> None:
    # Declared: seat 1 three tertzes (KH QH 8H in trump, 9C 8C 7C, 9D 8D 7D); seat 2 two
    # fifties topped by an ace (AC..JC, AD..QD); seat 0 one fifty topped by an ace (AS..JS).
    # A fifty beats a tertz; seats 2 and 0 tie on kind, top (A) and plain: dealer 0, so seat 2
    # (earlier from the dealer's left) has the best meld and scores both fifties (100).
    acts = ["accept", "declare", "play KH", "declare", "play JC", "declare",
            *BAIT3_PLAY[2:]]
    s = replay_record(_rec([{**BAIT3, "actions": acts}])).summary()
    assert s["deals"][0]["points"] == [0, 39, 168]
    assert s["deals"][0]["scores"] == [-31, 0, 187]
    # Dealer 2: now seat 0 comes first from the dealer's left and holds the best meld, but
    # takes no trick: nobody scores melds.
    deal = _layout(BAIT3_FINAL, 2, "7H")
    acts = ["pass", "accept", "declare", "play KH", "declare", "play JC", "declare",
            *BAIT3_PLAY[2:]]
    s = replay_record(_rec([{**deal, "actions": acts}], first_dealer=2)).summary()
    assert s["deals"][0]["dealer"] == 2
    assert s["deals"][0]["points"] == [0, 39, 68]
    assert s["deals"][0]["scores"] == [-31, 0, 87]


def test_three_players_third_bait_costs_100() -> None:
    deals = [{**BAIT3, "actions": ["accept", *BAIT3_PLAY]},
             {**_layout(BAIT3_FINAL, 1, "7H"), "actions": ["pass", "pass", "accept",
                                                           *BAIT3_PLAY]},
             {**_layout(BAIT3_FINAL, 2, "7H"), "actions": ["pass", "accept", *BAIT3_PLAY]}]
    s = replay_record(_rec(deals)).summary()
    assert [r["dealer"] for r in s["deals"]] == [0, 1, 2]
    assert [r["scores"] for r in s["deals"]] == [[-31, 0, 87]] * 2 + [[-31, -100, 87]]
    assert s["deals"][2]["marks"] == [["skate"], ["bait"], []]
    assert s["totals"] == [-93, -100, 261]
    assert s["winner"] is None and s["open_deal"] is None


def test_three_players_match_end_checked_after_the_deal() -> None:
    # target 80: only seat 2 (87) reached it.
    s = replay_record(_rec([{**BAIT3, "actions": ["accept", *BAIT3_PLAY]}],
                           rules={"preset": "debertz3", "target": 80})).summary()
    assert s["winner"] == 2 and s["complete"] is True and s["open_deal"] is None


def test_three_players_all_pass_twice_is_a_redeal_row() -> None:
    s = replay_record(_rec([{**BAIT3, "actions": ["pass"] * 6}, {"actions": []}])).summary()
    assert s["deals"] == [{"dealer": 0, "declarer": None, "bid": None, "contract": None,
                           "trump": None, "points": [0, 0, 0], "scores": [0, 0, 0],
                           "totals": [0, 0, 0], "marks": [["redeal"], ["redeal"], ["redeal"]]}]
    assert s["open_deal"] == {"dealer": 1, "phase": "bidding", "to_act": 2}


def test_stopping_mid_deal_gives_the_open_deal() -> None:
    s = replay_record(_rec([{**BAIT3, "actions": ["accept", *BAIT3_PLAY[:4]]}])).summary()
    # trick 1 to seat 1, who led 9C to trick 2: seat 2 to act.
    assert s["deals"] == [] and s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 2}


# -- four players ----------------------------------------------------------------------
# dealer 0, turned QH; seat 1 passes, seat 2 accepts (trump H) and takes QH + TS.
# seat 1: 8H 7H KS QS JS 9S + 8S 7S;  seat 2: JH 9H AH TH KH AS + QH TS;
# seat 3: JC 9C 8C 7C JD 9D + 8D 7D;  seat 0: AC TC KC QC AD TD + KD QD.
PAIRS = {"hands": ["AC TC KC QC AD TD", "8H 7H KS QS JS 9S", "JH 9H AH TH KH AS",
                   "JC 9C 8C 7C JD 9D"],
         "stock": "QH 8S 7S TS 8D 7D KD QD"}
# order 2, 3, 0, 1: JH 7C AC 8H (seat 1 cannot overtrump: a lower trump) 31 | 9H 8C TC 7H 24 |
# AH 9C KC 7S 15 | TH JC QC 8S 15 | KH(bella) 7D AD 9S 15 | QH 8D TD JS 15 | AS 9D KD QS 18 |
# TS JD QD KS 19+10 -> team 0+2 162 + bella 20; team 1+3 no trick: skate.
PAIRS_ACTS = ["pass", "accept", *_plays("JH 7C AC 8H 9H 8C TC 7H AH 9C KC 7S TH JC QC 8S "
                                        "KH+ 7D AD 9S QH 8D TD JS AS 9D KD QS TS JD QD KS")]


def test_four_players_team_rows_and_winner_pair() -> None:
    final = ["AC TC KC QC AD TD KD QD", "8H 7H KS QS JS 9S 8S 7S",
             "JH 9H AH TH KH AS QH TS", "JC 9C 8C 7C JD 9D 8D 7D"]
    assert _layout(final, 0, "QH", declarer=2) == PAIRS
    row = {"dealer": 0, "declarer": 2, "bid": None, "contract": None, "trump": "H",
           "points": [182, 0, 182, 0], "scores": [182, -50, 182, -50],
           "totals": [182, -50, 182, -50], "marks": [[], ["skate"], [], ["skate"]]}
    s = replay_record(_rec([{**PAIRS, "actions": PAIRS_ACTS}], rules="debertz4",
                           players=4)).summary()
    assert s == {"deals": [row], "totals": [182, -50, 182, -50], "winner": None,
                 "complete": False, "open_deal": None, "settlement": None}
    s = replay_record(_rec([{**PAIRS, "actions": PAIRS_ACTS}],
                           rules={"preset": "debertz4", "target": 150}, players=4)).summary()
    assert s["winner"] == [0, 2] and s["complete"] is True


def test_four_players_round_two_declarer_takes_the_turned_card_and_a_team_bait_is_whole() -> None:
    # Same cards; all pass round 1, seat 1 names spades in round 2.  His packet is now the
    # turned QH plus 8S; seat 2 gets 7S TS, seat 3 8D 7D, seat 0 KD QD.
    final = ["AC TC KC QC AD TD KD QD", "8H 7H KS QS JS 9S QH 8S",
             "JH 9H AH TH KH AS 7S TS", "JC 9C 8C 7C JD 9D 8D 7D"]
    assert _layout(final, 0, "QH", declarer=1) == PAIRS
    # order 1, 2, 3, 0: 8S TS(must overtrump) 7C AD -> 2 (21) | AH 8C AC 7H 22 | TH 9C TC 8H 20 |
    # KH JC TD QH 19 | JH JD KC 9S(void: trumps) -> 1 (22) | JS 7S 9D QC -> 1 (23) |
    # KS(bella) AS(must overtrump) 8D KD -> 2 (19) | 9H 7D QD QS -> 1 (6+10).
    # team 0+2: 101; team 1+3: 61 + bella 20 = 81 < 101: bait, 81 whole to the defenders.
    acts = ["pass"] * 4 + ["trump S", *_plays(
        "8S TS 7C AD AH 8C AC 7H TH 9C TC 8H KH JC TD QH JH JD KC 9S JS 7S 9D QC "
        "KS+ AS 8D KD 9H 7D QD QS")]
    s = replay_record(_rec([{**PAIRS, "actions": acts}], rules="debertz4", players=4)).summary()
    assert s["deals"] == [{"dealer": 0, "declarer": 1, "bid": None, "contract": None,
                           "trump": "S", "points": [101, 81, 101, 81],
                           "scores": [182, 0, 182, 0], "totals": [182, 0, 182, 0],
                           "marks": [[], ["bait"], [], ["bait"]]}]


def test_four_players_seven_swap_is_refused() -> None:
    # seat 1 holds 7H but the seven swap is not played with 4 players.
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([{**PAIRS, "actions": ["pass", "accept", "play JH", "play 7C",
                                                  "play AC", "swap7"]}],
                           rules="debertz4", players=4))
    assert (e.value.deal, e.value.action) == (1, 6)


# -- debertz ------------------------------------------------------------------------------
def test_debertz_declared_wins_the_match_at_once() -> None:
    # seat 1: JH 9H AH TH KH QH + 8H AS TS: J 9 A 10 K Q 8 of trump, seven in a row.
    deal = {"hands": ["7S 8S 9S JS QS KS", "JH 9H AH TH KH QH"],
            "stock": "7H 8H AS TS AC TC KC QC JC 9C 8C 7C AD TD KD QD JD 9D 8D 7D"}
    s = replay_record(_rec([{**deal, "actions": ["accept", "declare"]}], rules="debertz2",
                           players=2)).summary()
    assert s["deals"] == [{"dealer": 0, "declarer": 1, "bid": None, "contract": None,
                           "trump": "H", "points": [0, 0], "scores": [0, 0], "totals": [0, 0],
                           "marks": [[], ["debertz"]]}]
    assert s["winner"] == 1 and s["complete"] is True and s["open_deal"] is None


# -- errors -------------------------------------------------------------------------------
@pytest.mark.parametrize(("deal", "actions", "where", "why"), [
    (BAIT3, ["accept", *BAIT3_PLAY[:14], "play 9D"], (1, 16), "trump"),  # void in clubs
    (BAIT3, ["pass", "pass", "pass", "trump H"], (1, 4), "refused"),  # the turned suit
    (BAIT3, ["trump S"], (1, 1), "round 1"),
    (BAIT3, ["accept", "swap7"], (1, 2), "seven"),
    # seat 1 won trick 1: melds are declared in trick 1 only
    (BAIT3, ["accept", "play KH", "play JC", "play 7S", "declare"], (1, 5), "first trick"),
    (BAIT3, ["accept", "play 8H bella"], (1, 2), "bella"),  # bella is the trump K or Q
    (BAIT3, ["accept", "play 9C", "play 9S"], (1, 3), "do not hold"),
])
def test_illegal_actions_name_deal_and_action(deal: dict[str, Any], actions: list[str],
                                              where: tuple[int, int], why: str) -> None:
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([{**deal, "actions": actions}]))
    assert (e.value.deal, e.value.action) == where
    assert why in str(e.value)


def test_replay_cli_exit_status_and_one_line(tmp_path: Any) -> None:
    p = tmp_path / "bad.json"
    # deal 1 is legal to its end; deal 2 (dealer 1, seat 2 to speak) plays before bidding
    rec = _rec([{**BAIT3, "actions": ["accept", *BAIT3_PLAY]},
                {**_layout(BAIT3_FINAL, 1, "7H"), "actions": ["pass", "play 9C"]}])
    p.write_text(json.dumps(rec))
    out, err = io.StringIO(), io.StringIO()
    assert replay_main(str(p), as_json=True, out=out, err=err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1
    assert "deal 2, action 2" in err.getvalue()
    # and the good part alone prints the sheet as JSON
    p.write_text(json.dumps(_rec(rec["deals"][:1])))
    out, err = io.StringIO(), io.StringIO()
    assert replay_main(str(p), as_json=True, out=out, err=err) == 0
    assert json.loads(out.getvalue())["totals"] == [-31, 0, 87] and err.getvalue() == ""


@pytest.mark.parametrize(("cards", "message"), [
    ({"hands": ["JD AS TS KS QS JS", "KH QH 8H 9C 8C 7C", "AC TC KC QC JC AD"],
      "stock": "7H 9D 8D 7D TD KD QD 9S 8S 7S JH 9H AH XX"}, "stock"),
    ({"hands": ["JD AS TS KS QS JS", "KH QH 8H 9C 8C 7C", "AC TC KC QC JC JD"],
      "stock": "7H 9D 8D 7D TD KD QD 9S 8S 7S JH 9H AH TH"}, "twice"),
    ({"hands": ["JD AS TS KS QS", "KH QH 8H 9C 8C 7C", "AC TC KC QC JC AD"],
      "stock": "7H 9D 8D 7D TD KD QD 9S 8S 7S JH 9H AH TH"}, "6"),
])
def test_bad_cards_are_refused(cards: dict[str, Any], message: str) -> None:
    from kozyr.core.errors import RecordError

    with pytest.raises(RecordError) as e:
        replay_record(_rec([{**cards, "actions": []}]))
    assert "deal 1" in str(e.value) and message in str(e.value)
