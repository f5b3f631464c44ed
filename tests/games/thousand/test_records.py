"""Thousand records replayed end to end; every expected sheet worked out by hand from
rules/thousand.md and spec/records.md (never copied from the engine's output).

Most deals are a "sweep": the declarer X holds the six diamonds and AC, the talon is TC 9S 9H,
the next seat holds AS TS KS QS JS 9C KC and the one after AH TH KH QH JH QC JC.  X gives 9H
and 9S away, leads his diamonds then AC TC, and wins all 8 tricks: 120 card points (+80 if he
declares the diamond marriage on his second lead); both opponents take no trick (a bolt each).
Nobody's 7 dealt cards are under 14 points, so nobody may ask for a redeal.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from kozyr.core.errors import RecordError
from kozyr.records import ReplayError, replay_record
from kozyr.replay import main as replay_main

X_HAND = "AD TD KD QD JD 9D AC"
NEXT_HAND = "AS TS KS QS JS 9C KC"
AFTER_HAND = "AH TH KH QH JH QC JC"
SWEEP_TALON = "TC 9S 9H"


def _rec(deals: list[dict[str, Any]], rules: Any = "classic", players: int = 3,
         first_dealer: int = 0) -> dict[str, Any]:
    return {"format": 1, "game": "thousand", "rules": rules,
            "players": [f"p{i}" for i in range(players)], "first_dealer": first_dealer,
            "seed": 7, "deals": deals}


def _active(dealer: int, players: int) -> list[int]:
    """Seats that play a deal, clockwise from the dealer's left."""
    seats = [(dealer + k) % players for k in range(1, players + 1)]
    return [s for s in seats if not (players == 4 and s == dealer)]


def _sweep(dealer: int, x: int, bidding: list[str], contract: int, *, marriage: bool = False,
           players: int = 3, contract_actions: list[str] | None = None) -> dict[str, Any]:
    act = _active(dealer, players)
    i = act.index(x)
    nxt, aft = act[(i + 1) % 3], act[(i + 2) % 3]
    hands = [""] * players
    hands[x], hands[nxt], hands[aft] = X_HAND, NEXT_HAND, AFTER_HAND
    leads = (["AD", "KD marriage", "QD", "TD", "JD", "9D", "AC", "TC"] if marriage
             else ["AD", "TD", "KD", "QD", "JD", "9D", "AC", "TC"])
    nxt_cards = ["AS", "TS", "KS", "QS", "JS", "9H", "9C", "KC"]
    aft_cards = ["AH", "TH", "KH", "QH", "JH", "9S", "JC", "QC"]
    actions = [*bidding, f"give {nxt} 9H", f"give {aft} 9S",
               *(contract_actions if contract_actions is not None else [f"contract {contract}"])]
    for lead, a, b in zip(leads, nxt_cards, aft_cards, strict=True):
        actions += [f"play {lead}", f"play {a}", f"play {b}"]
    return {"hands": hands, "talon": SWEEP_TALON, "actions": actions}


def _sets(marks: list[list[str]]) -> list[set[str]]:
    return [set(m) for m in marks]


def _row(s: dict[str, Any], k: int) -> dict[str, Any]:
    return s["deals"][k]  # type: ignore[no-any-return]


# -- 1. bolts, the bolt penalty, golden horse over the first 3 scored deals, a redeal ----------

def test_golden_horse_skips_the_redeal_and_stops_after_three_deals_bolts_cost_120() -> None:
    # Deal 1: dealer 0; seat 1 holds four nines (eligible), the others are rich: seat 1 is the
    # only one asked, says redeal; the same dealer deals again; the deal scores nothing.
    poor = {"hands": ["AS TS KS QS AC TC KC", "9S 9C 9D 9H JS JC JD", "AD TD KD QD AH TH KH"],
            "talon": "QH JH QC", "actions": ["redeal"]}
    deals = [poor,
             _sweep(0, 1, ["pass", "pass"], 120),          # forced 100 by 1 stands
             _sweep(1, 2, ["pass", "pass"], 120),          # dealer 1: seat 2 forced
             _sweep(2, 0, ["pass", "pass"], 120),          # dealer 2: seat 0 forced
             _sweep(0, 1, ["pass", "pass"], 120)]          # 4th scored deal: not doubled
    s = replay_record(_rec(deals, {"preset": "classic", "golden_horse": True})).summary()
    r0 = _row(s, 0)
    assert (r0["dealer"], r0["declarer"], r0["bid"], r0["contract"]) == (0, None, None, None)
    assert r0["scores"] == [0, 0, 0] and r0["points"] == [0, 0, 0]
    assert all("redeal" in m for m in r0["marks"])
    assert [_row(s, k)["dealer"] for k in range(5)] == [0, 0, 1, 2, 0]
    assert [_row(s, k)["declarer"] for k in range(1, 5)] == [1, 2, 0, 1]
    assert _row(s, 1)["points"] == [0, 120, 0]
    assert _row(s, 1)["scores"] == [0, 240, 0]
    assert _sets(_row(s, 1)["marks"]) == [{"x2", "B"}, {"x2"}, {"x2", "B"}]
    assert _row(s, 2)["scores"] == [0, 0, 240]
    assert _row(s, 3)["scores"] == [240, 0, 0]
    assert _row(s, 3)["totals"] == [240, 240, 240]
    # 4th scored deal: +120 only; seat 0's third bolt (deals 2, 3, 5 of the record) and
    # seat 2's (deals 2, 4, 5) cost 120 each, never doubled.
    assert _row(s, 4)["scores"] == [-120, 120, -120]
    assert _sets(_row(s, 4)["marks"]) == [{"B"}, set(), {"B"}]
    assert s["totals"] == [120, 360, 120]
    assert s["winner"] is None and s["complete"] is False and s["open_deal"] is None


# -- 2. redeal: who is asked, in which order -----------------------------------------------------

def test_redeal_before_bidding_asks_eligible_players_from_the_dealers_left() -> None:
    # redeal_below 30: seat 1 (four nines, 6 points) and seat 2 (22 points) are eligible,
    # seat 0 is not.  Dealer 0: seat 1 is asked first, then seat 2; then bidding.
    hands = ["AS TS AC TC AD TD AH", "9S 9C 9D 9H JS JC JD", "JH QS QC QD QH KS KC"]
    rules = {"preset": "classic", "redeal_below": 30}
    base = {"hands": hands, "talon": "TH KD KH"}

    def state(actions: list[str]) -> dict[str, Any]:
        return replay_record(_rec([dict(base, actions=actions)], rules)).summary()

    assert state([])["open_deal"] == {"dealer": 0, "phase": "redeal", "to_act": 1}
    assert state(["keep"])["open_deal"] == {"dealer": 0, "phase": "redeal", "to_act": 2}
    # both kept: the forced 100 of seat 1 is implied, seat 2 bids first
    assert state(["keep", "keep"])["open_deal"] == {"dealer": 0, "phase": "bidding", "to_act": 2}
    # the second player's redeal ends the deal; the same dealer deals again
    s = replay_record(_rec([dict(base, actions=["keep", "redeal"]), {"actions": []}],
                           rules)).summary()
    assert _row(s, 0)["declarer"] is None and _row(s, 0)["scores"] == [0, 0, 0]
    assert s["open_deal"] is not None and s["open_deal"]["dealer"] == 0
    # seat 0 is not eligible: he is never asked, and bidding is refused during the round
    with pytest.raises(ReplayError) as e:
        state(["pass"])
    assert (e.value.deal, e.value.action) == (1, 1)


def test_redeal_after_pass_asks_from_the_declarers_left() -> None:
    # Dealer 0, seat 1 declarer at the forced 100; after he gives QS and QC, seat 0 holds four
    # nines (8 cards, 9 points) and is the only eligible player: asked before the contract.
    hands = ["9S 9C 9D 9H JS JC JD", "AS TS KS AC TC KC QD", "AD TD KD AH TH KH QH"]
    rules = {"preset": "classic", "redeal_when": "after_pass"}
    acts = ["pass", "pass", "give 2 QS", "give 0 QC"]
    deal = {"hands": hands, "talon": "JH QS QC", "actions": acts}
    s = replay_record(_rec([deal], rules)).summary()
    # seat 0 had four nines before bidding too, but with after_pass nobody is asked then
    assert s["open_deal"] == {"dealer": 0, "phase": "redeal", "to_act": 0}
    s = replay_record(_rec([dict(deal, actions=[*acts, "keep"])], rules)).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "contract", "to_act": 1}
    s = replay_record(_rec([dict(deal, actions=[*acts, "redeal"])], rules)).summary()
    row = _row(s, 0)
    assert (row["declarer"], row["bid"], row["contract"]) == (None, None, None)
    assert row["scores"] == [0, 0, 0] and s["totals"] == [0, 0, 0]


# -- 3. two players ------------------------------------------------------------------------------

def test_two_players_discards_count_for_the_declarer_over_ten_tricks() -> None:
    # Seat 1 (forced 100) takes pile 0 (AS TS) and discards it: 21 points for him.  He wins
    # all 10 tricks: cards in tricks 120 - 21 (pile 1, out of play) - 21 (discards) = 78, + 21
    # discards + 60 (club marriage) = 159 >= 150.  Without the discards he would have 138.
    hands = ["KS QS JS 9S KH QH JH 9H JC 9C", "AD TD KD QD JD 9D AC TC KC QC"]
    leads = ["AD", "KC marriage", "QC", "AC", "TC", "TD", "KD", "QD", "JD", "9D"]
    follows = ["KS", "JC", "9C", "QS", "JS", "9S", "KH", "QH", "JH", "9H"]
    actions = ["pass", "take 0", "discard AS", "discard TS", "contract 150"]
    for lead, f in zip(leads, follows, strict=True):
        actions += [f"play {lead}", f"play {f}"]
    deal = {"hands": hands, "talon": ["AS TS", "AH TH"], "actions": actions}
    s = replay_record(_rec([deal], "two_players", players=2)).summary()
    row = _row(s, 0)
    assert (row["dealer"], row["declarer"], row["bid"], row["contract"]) == (0, 1, 100, 150)
    assert row["points"] == [0, 159]
    assert row["scores"] == [0, 150]
    assert row["marks"] == [["B"], []]
    assert s["open_deal"] is None
    # the next deal is dealt by seat 1: seat 0 sits on the forced 100, seat 1 bids
    s = replay_record(_rec([deal, {"actions": []}], "two_players", players=2)).summary()
    assert s["open_deal"] == {"dealer": 1, "phase": "bidding", "to_act": 1}


# -- 4. four players -----------------------------------------------------------------------------

def test_four_players_the_dealer_sits_out_and_scores_nothing() -> None:
    # Dealer 0 sits out; seat 1 forced 100; seat 2 bids 110; seats 3 and 1 pass.
    deal = _sweep(0, 2, ["bid 110", "pass", "pass"], 110, players=4)
    s = replay_record(_rec([deal], "four_players", players=4)).summary()
    row = _row(s, 0)
    assert (row["declarer"], row["bid"], row["contract"]) == (2, 110, 110)
    assert row["points"] == [0, 0, 120, 0]
    assert row["scores"] == [0, 0, 110, 0]
    assert row["marks"] == [[], ["B"], [], ["B"]]


# -- 5. the barrel: clamp, automatic C, three attempts, fall ------------------------------------

BARREL = {"preset": "classic", "barrel_at": 200, "target": 400}  # C = max(400 - 200, 100) = 200


def test_barrel_clamp_automatic_bid_of_c_three_attempts_and_the_fall() -> None:
    deals = [
        _sweep(0, 1, ["pass", "pass"], 120),                      # seat 1: 120
        _sweep(1, 1, ["pass", "bid 105", "pass"], 120),           # 240 -> clamped to 200
        # dealer 2, seat 0 forced 100; seat 1's bid of C (200) is automatic; 2 and 0 pass
        _sweep(2, 1, ["pass", "pass"], 200),                      # attempt 1: 120 < 200
        # dealer 0: seat 1 is the forced bidder, his forced bid is C
        _sweep(0, 1, ["pass", "pass"], 200),                      # attempt 2
        # dealer 1: seat 2 forced 100, seat 0 passes, seat 1's C automatic, seat 2 passes
        _sweep(1, 1, ["pass", "pass"], 200),                      # attempt 3: falls
    ]
    s = replay_record(_rec(deals, BARREL)).summary()
    assert _row(s, 0)["totals"] == [0, 120, 0]
    r = _row(s, 1)
    assert r["scores"] == [0, 80, 0] and r["totals"] == [0, 200, 0]
    assert _sets(r["marks"]) == [{"B"}, {"barrel"}, {"B"}]
    r = _row(s, 2)
    assert (r["declarer"], r["bid"], r["contract"]) == (1, 200, 200)
    assert r["points"] == [0, 120, 0]
    # failing the barrel contract costs nothing; the opponents' third bolts cost 120
    assert r["scores"] == [-120, 0, -120] and r["totals"] == [-120, 200, -120]
    assert _sets(r["marks"]) == [{"B"}, {"barrel"}, {"B"}]
    r = _row(s, 3)
    assert (r["declarer"], r["bid"]) == (1, 200)
    assert r["scores"] == [0, 0, 0]
    r = _row(s, 4)
    assert (r["declarer"], r["bid"]) == (1, 200)
    assert r["scores"] == [0, -120, 0] and r["totals"] == [-120, 80, -120]
    assert _sets(r["marks"]) == [{"B"}, {"barrel", "barrel-fall"}, {"B"}]
    assert s["winner"] is None and s["complete"] is False


def test_automatic_bid_of_c_is_not_written_and_the_next_bidder_acts() -> None:
    deals = [_sweep(0, 1, ["pass", "pass"], 120),
             _sweep(1, 1, ["pass", "bid 105", "pass"], 120),
             {"hands": ["AS TS KS QS JS 9C KC", X_HAND, AFTER_HAND], "talon": SWEEP_TALON,
              "actions": []}]
    r = replay_record(_rec(deals, BARREL))
    # dealer 2: seat 0 sits on 100, seat 1 (barrel) is raised to C for him, seat 2 acts
    assert r.summary()["open_deal"] == {"dealer": 2, "phase": "bidding", "to_act": 2}
    assert r.match.observation(2)["bid"] == 200
    # nobody may write off while a player is on the barrel
    deals[2]["actions"] = ["pass", "pass", "writeoff"]
    with pytest.raises(ReplayError) as e:
        replay_record(_rec(deals, BARREL))
    assert (e.value.deal, e.value.action) == (3, 3)


def test_winning_from_the_barrel_scores_b_plus_contract_and_ends_the_match() -> None:
    deals = [_sweep(0, 1, ["pass", "pass"], 120),
             _sweep(1, 1, ["pass", "bid 105", "pass"], 120),
             _sweep(2, 1, ["pass", "pass"], 200, marriage=True)]   # 200 points >= C
    s = replay_record(_rec(deals, BARREL)).summary()
    r = _row(s, 2)
    assert r["points"] == [0, 200, 0]
    assert r["scores"] == [-120, 200, -120] and r["totals"] == [-120, 400, -120]
    assert s["winner"] == 1 and s["complete"] is True and s["open_deal"] is None
    with pytest.raises(RecordError):
        replay_record(_rec([*deals, {"actions": []}], BARREL))


def test_failing_a_contract_above_c_falls_at_the_first_attempt() -> None:
    # barrel 200, target 300: C = 100.  Seat 1 climbs (240 -> 200), then contracts 200 and
    # takes 120: a failed contract above C is a fall (200 - 120 = 80), once.
    rules = {"preset": "classic", "barrel_at": 200, "target": 300}
    deals = [_sweep(0, 1, ["pass", "pass"], 120),
             _sweep(1, 1, ["pass", "bid 105", "pass"], 120),
             # dealer 2: seat 0 forced 100, seat 1 automatic C = 100 (= the bid: a normal turn)
             _sweep(2, 1, ["bid 105", "pass", "pass"], 200)]
    s = replay_record(_rec(deals, rules)).summary()
    r = _row(s, 2)
    assert (r["declarer"], r["bid"], r["contract"]) == (1, 105, 200)
    assert r["scores"] == [-120, -120, -120] and r["totals"] == [-120, 80, -120]
    assert "barrel-fall" in r["marks"][1]


# -- 6. write-offs: limit, variants, collisions on the barrel -----------------------------------

def _writeoffs_by_seat_1() -> list[dict[str, Any]]:
    return [
        {"hands": [NEXT_HAND, X_HAND, AFTER_HAND], "talon": SWEEP_TALON,
         "actions": ["pass", "pass", "writeoff"]},                      # dealer 0: 100
        {"hands": [AFTER_HAND, X_HAND, NEXT_HAND], "talon": SWEEP_TALON,
         "actions": ["pass", "bid 105", "pass", "writeoff"]},           # dealer 1: 105
        {"hands": [NEXT_HAND, X_HAND, AFTER_HAND], "talon": SWEEP_TALON,
         "actions": ["bid 105", "pass", "pass", "writeoff"]},           # dealer 2: 105
        {"hands": [NEXT_HAND, X_HAND, AFTER_HAND], "talon": SWEEP_TALON,
         "actions": ["pass", "pass", "writeoff"]},                      # dealer 0: 100
    ]


def test_writeoff_limit_and_two_climbers_collide_on_the_barrel() -> None:
    rules = {**BARREL, "writeoff_limit": 4}
    deals = _writeoffs_by_seat_1()
    s = replay_record(_rec(deals, rules)).summary()
    assert [_row(s, k)["scores"] for k in range(3)] == [[50, -100, 50], [55, -105, 55],
                                                         [55, -105, 55]]
    assert _row(s, 2)["totals"] == [160, -310, 160]
    # deal 4: 160 + 50 = 210 for seats 0 and 2: both reach the barrel and both fall off
    r = _row(s, 3)
    assert r["totals"] == [80, -410, 80] and r["scores"] == [-80, -100, -80]
    assert _sets(r["marks"]) == [{"barrel", "barrel-fall"}, {"P"}, {"barrel", "barrel-fall"}]
    # the fifth write-off is over the limit
    extra = {"hands": [AFTER_HAND, X_HAND, NEXT_HAND], "talon": SWEEP_TALON,
             "actions": ["pass", "bid 105", "pass", "writeoff"]}
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([*deals, extra], rules))
    assert (e.value.deal, e.value.action) == (5, 4)
    # with the default limit of 3, the fourth is refused
    with pytest.raises(ReplayError) as e:
        replay_record(_rec(deals, "classic"))
    assert (e.value.deal, e.value.action) == (4, 3)


def test_writeoff_variants_bolt_penalty_and_fixed_60() -> None:
    rules = {"preset": "classic", "writeoff_penalty": "bolt", "writeoff_gain": "fixed_60"}
    s = replay_record(_rec(_writeoffs_by_seat_1()[:3], rules)).summary()
    assert _row(s, 0)["scores"] == [60, 0, 60]
    assert _sets(_row(s, 0)["marks"]) == [set(), {"P", "B"}, set()]
    # the third write-off bolt costs 120
    assert _row(s, 2)["scores"] == [60, -120, 60]
    assert s["totals"] == [180, -120, 180]


# -- 7. dump truck, defender cap, winner ---------------------------------------------------------

def test_dump_truck_empties_exactly_555() -> None:
    rules = {"preset": "classic", "dump_truck": True}
    deals = [_sweep(0, 1, ["pass", "pass"], 200, marriage=True),
             _sweep(1, 1, ["pass", "bid 200", "pass"], 200, marriage=True),
             _sweep(2, 1, ["bid 155", "pass", "pass"], 155, marriage=True)]
    s = replay_record(_rec(deals, rules)).summary()
    assert _row(s, 1)["totals"] == [0, 400, 0]
    r = _row(s, 2)
    assert r["points"] == [0, 200, 0]
    assert r["scores"] == [-120, -400, -120] and r["totals"] == [-120, 0, -120]
    assert "dump-truck" in r["marks"][1]


def test_defender_cap_800_golden_horse_and_the_winner() -> None:
    rules = {"preset": "classic", "golden_horse": True, "defender_cap_800": True,
             "barrel": False, "target": 1300}
    deals = [_sweep(0, 0, ["pass", "bid 200", "pass"], 200, marriage=True),
             _sweep(1, 0, ["bid 200", "pass", "pass"], 200, marriage=True),
             _sweep(2, 0, ["pass", "pass"], 200, marriage=True),
             {"hands": [NEXT_HAND, X_HAND, AFTER_HAND], "talon": SWEEP_TALON,
              "actions": ["pass", "pass", "writeoff"]},
             _sweep(1, 0, ["bid 200", "pass", "pass"], 200, marriage=True)]
    s = replay_record(_rec(deals, rules)).summary()
    assert [_row(s, k)["scores"] for k in range(3)] == [[400, 0, 0], [400, 0, 0],
                                                         [400, -120, -120]]
    # seat 0 is above 800: no write-off gain for him
    assert _row(s, 3)["scores"] == [0, -100, 50]
    assert _row(s, 4)["scores"] == [200, 0, 0]
    assert s["totals"] == [1400, -220, -70]
    assert s["winner"] == 0 and s["complete"] is True


# -- 8. blind, 501, must_beat, first-trick marriage -----------------------------------------------

def test_blind_120_that_stands_counts_double() -> None:
    rules = {"preset": "classic", "blind_bid": True}
    s = replay_record(_rec([_sweep(0, 1, ["blind", "pass", "pass"], 120)], rules)).summary()
    r = _row(s, 0)
    assert (r["declarer"], r["bid"], r["contract"]) == (1, 120, 120)
    assert r["scores"] == [0, 240, 0]
    # outbid: normal play, not doubled (seat 2 bids 125 and makes it with his marriage)
    s = replay_record(_rec([_sweep(0, 2, ["blind", "bid 125", "pass", "pass"], 125,
                                   marriage=True)], rules)).summary()
    assert _row(s, 0)["scores"] == [0, 0, 125]


def test_501_declarer_names_a_fixed_trump() -> None:
    # trump D named; the diamond marriage is worth 40 in 501: 160 points, cap 120 + 40
    deal = _sweep(0, 1, ["pass", "pass"], 160, marriage=True,
                  contract_actions=["trump D", "contract 160"])
    s = replay_record(_rec([deal], "501")).summary()
    r = _row(s, 0)
    assert r["points"] == [0, 160, 0] and r["scores"] == [0, 160, 0]
    bad = _sweep(0, 1, ["pass", "pass"], 160)
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([bad], "501"))
    assert (e.value.deal, e.value.action) == (1, 5)


MB_HANDS = ["AC QC TC AS TS KS QS", "JC AD TD KD QD JD 9D", "KC 9C AH TH KH QH JH"]
MB_ACTIONS = ["pass", "pass", "give 2 9S", "give 0 9H", "contract 100", "play JC"]


def test_must_beat_forces_a_higher_card_of_the_led_suit() -> None:
    deal = {"hands": MB_HANDS, "talon": "9S 9H JS"}
    on = {"preset": "classic", "must_beat": True}
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([dict(deal, actions=[*MB_ACTIONS, "play 9C"])], on))
    assert (e.value.deal, e.value.action) == (1, 7)
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([dict(deal, actions=[*MB_ACTIONS, "play KC", "play QC"])], on))
    assert (e.value.deal, e.value.action) == (1, 8)
    s = replay_record(_rec([dict(deal, actions=[*MB_ACTIONS, "play KC", "play AC"])],
                           on)).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}
    # without must_beat any club follows
    s = replay_record(_rec([dict(deal, actions=[*MB_ACTIONS, "play 9C", "play QC"])])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}


def test_marriage_on_the_first_trick_is_refused_unless_the_option_is_on() -> None:
    deal = _sweep(0, 1, ["pass", "pass"], 200)
    deal["actions"][5:] = ["play KD marriage", "play AS", "play AH", "play AD", "play TS",
                           "play TH", "play QD", "play KS", "play KH", "play TD", "play QS",
                           "play QH", "play JD", "play JS", "play JH", "play 9D", "play 9H",
                           "play 9S", "play AC", "play 9C", "play JC", "play TC", "play KC",
                           "play QC"]
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([deal]))
    assert (e.value.deal, e.value.action) == (1, 6)
    s = replay_record(_rec([deal], {"preset": "classic",
                                    "marriage_on_first_trick": True})).summary()
    assert _row(s, 0)["points"] == [0, 200, 0] and _row(s, 0)["scores"] == [0, 200, 0]


# -- 9. errors -------------------------------------------------------------------------------------

def test_bad_cards_are_a_record_error() -> None:
    dup = {"hands": [NEXT_HAND, X_HAND, "AH TH KH QH JH QC AD"], "talon": SWEEP_TALON,
           "actions": []}
    with pytest.raises(RecordError):
        replay_record(_rec([dup]))
    short = {"hands": [NEXT_HAND, X_HAND, AFTER_HAND], "talon": "TC 9S", "actions": []}
    with pytest.raises(RecordError):
        replay_record(_rec([short]))


def test_cli_reports_an_illegal_action_with_deal_and_action_numbers(tmp_path: Path) -> None:
    deals = [_sweep(0, 1, ["pass", "pass"], 120),
             {"hands": [NEXT_HAND, X_HAND, AFTER_HAND], "talon": SWEEP_TALON,
              "actions": ["pass", "bid 300"]}]
    f = tmp_path / "r.json"
    f.write_text(json.dumps(_rec(deals)))
    out, err = io.StringIO(), io.StringIO()
    assert replay_main(str(f), as_json=True, out=out, err=err) == 2
    assert out.getvalue() == ""
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1 and "deal 2, action 2" in lines[0] and "bid 300" in lines[0]


def test_one_fall_per_deal_a_climber_and_the_third_attempt_together() -> None:
    # barrel 200, target 300: C = 100.  A barrel player as an opponent scores nothing and gets
    # no bolt; each deal is an attempt whoever declares.
    rules = {"preset": "classic", "barrel_at": 200, "target": 300}
    deals = [_sweep(0, 1, ["pass", "pass"], 120),
             _sweep(1, 1, ["pass", "bid 105", "pass"], 120),          # seat 1: 200, barrel
             # dealer 2: seat 0 forced 100 = C, so seat 1 takes a normal turn and passes
             _sweep(2, 0, ["pass", "pass"], 120),                     # attempt 1
             # dealer 0: seat 1's forced bid is C; seat 2 bids 105, 0 and 1 pass
             _sweep(0, 2, ["bid 105", "pass", "pass"], 105),          # attempt 2
             # dealer 1: seat 2 forced 100; seat 0 bids 105; 1 and 2 pass; seat 0 climbs
             _sweep(1, 0, ["bid 105", "pass", "pass"], 200, marriage=True),  # attempt 3
             # dealer 2: seat 0 on the barrel is the forced bidder: C = 100, and makes it
             _sweep(2, 0, ["pass", "pass"], 100)]
    s = replay_record(_rec(deals, rules)).summary()
    r = _row(s, 2)
    assert r["scores"] == [120, 0, -120] and _sets(r["marks"]) == [set(), {"barrel"}, {"B"}]
    r = _row(s, 3)
    assert (r["declarer"], r["bid"]) == (2, 105)
    assert r["scores"] == [-120, 0, 105] and r["totals"] == [0, 200, -15]
    assert _sets(r["marks"]) == [{"B"}, {"barrel"}, set()]
    r = _row(s, 4)
    assert r["scores"] == [200, -120, 0] and r["totals"] == [200, 80, -15]
    assert _sets(r["marks"]) == [{"barrel"}, {"barrel", "barrel-fall"}, {"B"}]
    r = _row(s, 5)
    assert (r["declarer"], r["bid"], r["contract"]) == (0, 100, 100)
    assert r["scores"] == [100, 0, 0] and r["totals"] == [300, 80, -15]
    assert s["winner"] == 0 and s["complete"] is True


def test_four_players_a_barrel_dealer_sitting_out_makes_no_attempt() -> None:
    rules = {"preset": "four_players", "barrel_at": 200, "target": 400}  # C = 200
    deals = [_sweep(0, 2, ["bid 105", "pass", "pass"], 120, players=4),
             _sweep(1, 2, ["pass", "pass"], 120, players=4),    # seat 2: 240 -> 200
             _sweep(2, 3, ["pass", "pass"], 120, players=4),    # seat 2 sits out: no attempt
             _sweep(3, 2, ["pass", "pass"], 200, players=4),    # C automatic: attempt 1
             _sweep(0, 2, ["pass", "pass"], 200, players=4),    # attempt 2
             _sweep(1, 2, ["pass", "pass"], 200, players=4)]    # forced C: attempt 3, falls
    s = replay_record(_rec(deals, rules, players=4)).summary()
    assert _row(s, 1)["totals"] == [0, 0, 200, 0]
    r = _row(s, 2)
    assert r["scores"] == [0, 0, 0, 120] and "barrel-fall" not in r["marks"][2]
    assert [_row(s, k)["declarer"] for k in (3, 4, 5)] == [2, 2, 2]
    assert [_row(s, k)["bid"] for k in (3, 4, 5)] == [200, 200, 200]
    assert _row(s, 3)["scores"] == [-120, -120, 0, 0]
    assert _row(s, 4)["scores"] == [0, 0, 0, -120]
    r = _row(s, 5)
    assert r["scores"] == [0, 0, -120, 0] and "barrel-fall" in r["marks"][2]
    assert s["totals"] == [-120, -120, 80, 0]


def test_dump_truck_empties_minus_555_after_a_writeoff() -> None:
    rules = {"preset": "classic", "dump_truck": True, "writeoff_limit": 5}
    fifth = {"hands": [AFTER_HAND, X_HAND, NEXT_HAND], "talon": SWEEP_TALON,
             "actions": ["pass", "bid 145", "pass", "writeoff"]}        # dealer 1
    s = replay_record(_rec([*_writeoffs_by_seat_1(), fifth], rules)).summary()
    assert _row(s, 3)["totals"] == [210, -410, 210]
    r = _row(s, 4)
    # -410 - 145 = -555 -> 0; each opponent gains 145 / 2 rounded up to 5 = 75
    assert r["scores"] == [75, 410, 75] and r["totals"] == [285, 0, 285]
    assert _sets(r["marks"]) == [set(), {"P", "dump-truck"}, set()]


def test_two_opponents_cross_the_target_together_first_from_the_dealers_left_wins() -> None:
    # barrel off, target 210: the 4th write-off (dealer 0) takes seats 0 and 2 to 210 each;
    # equal scores, so the first of them clockwise from the dealer's left (1, 2, 0): seat 2.
    rules = {"preset": "classic", "barrel": False, "target": 210, "writeoff_limit": 4}
    s = replay_record(_rec(_writeoffs_by_seat_1(), rules)).summary()
    assert s["totals"] == [210, -410, 210]
    assert s["winner"] == 2 and s["complete"] is True


TRUMP_DEAL = {
    "hands": ["TC KC QC JC AH TH JH", "AD TD KD QD JD 9D 9C", "AC KH QH 9H AS TS KS"],
    "talon": "QS JS 9S",
    "actions": ["pass", "pass", "give 2 9S", "give 0 JS", "contract 100",
                "play 9C", "play AC", "play JC",            # seat 2 wins 13
                "play KH marriage", "play JH", "play QS",   # trump H; seat 2 wins 9, +100
                "play AS", "play JS", "play JD",            # seat 2 wins 15
                "play TS", "play TH", "play 9D",            # seat 0 must trump: wins 20
                "play KC marriage", "play TD", "play 9S",   # trump C; seat 0 wins 14, +60
                "play AH", "play AD", "play 9H",            # seat 0 wins 22
                "play TC", "play KD", "play KS",            # seat 0 wins 18
                "play QC", "play QD", "play QH"],           # seat 0 wins 9
}


def test_opponents_marriages_change_trump_and_their_points_are_rounded() -> None:
    s = replay_record(_rec([TRUMP_DEAL])).summary()
    r = _row(s, 0)
    assert (r["declarer"], r["bid"], r["contract"]) == (1, 100, 100)
    assert r["points"] == [143, 0, 137]
    assert r["scores"] == [145, -100, 135]
    assert r["marks"] == [[], ["B"], []]
    s = replay_record(_rec([TRUMP_DEAL], {"preset": "classic", "rounding": "none"})).summary()
    assert _row(s, 0)["scores"] == [143, -100, 137]
    # hearts are trump from trick 2: on the spade lead of trick 4, seat 0 may not throw a club
    bad = dict(TRUMP_DEAL, actions=[*TRUMP_DEAL["actions"][:15], "play TC"])
    with pytest.raises(ReplayError) as e:
        replay_record(_rec([bad]))
    assert (e.value.deal, e.value.action) == (1, 16)


def test_golden_horse_never_doubles_a_win_from_the_barrel() -> None:
    rules = {"preset": "classic", "barrel_at": 200, "target": 400, "golden_horse": True}
    # deal 1: 120 x 2 = 240 -> clamped to 200 (doubling comes before the barrel)
    # deal 2: dealer 1, seat 2 forced 100, seat 0 passes, seat 1's C = 200 is automatic
    deals = [_sweep(0, 1, ["pass", "pass"], 120),
             _sweep(1, 1, ["pass", "pass"], 200, marriage=True)]
    s = replay_record(_rec(deals, rules)).summary()
    assert _row(s, 0)["scores"] == [0, 200, 0] and "barrel" in _row(s, 0)["marks"][1]
    r = _row(s, 1)
    assert (r["bid"], r["contract"]) == (200, 200)
    assert r["scores"] == [0, 200, 0] and r["totals"] == [0, 400, 0]
    assert s["winner"] == 1 and s["complete"] is True


def test_redeal_for_a_poor_talon_only_at_the_forced_100_before_giving() -> None:
    hands = ["AS TS KS QS JS TC KC", X_HAND, AFTER_HAND]
    rules = {"preset": "classic", "redeal_poor_talon": True}

    def deal(actions: list[str]) -> dict[str, Any]:
        return {"hands": hands, "talon": "9C 9S 9H", "actions": actions}

    s = replay_record(_rec([deal(["pass", "pass", "redeal"]), {"actions": []}], rules)).summary()
    assert _row(s, 0)["declarer"] is None and _row(s, 0)["scores"] == [0, 0, 0]
    assert s["open_deal"] is not None and s["open_deal"]["dealer"] == 0
    for acts in (["bid 105", "pass", "pass", "redeal"], ["pass", "pass", "give 0 9C", "redeal"]):
        with pytest.raises(ReplayError) as e:
            replay_record(_rec([deal(acts)], rules))
        assert (e.value.deal, e.value.action) == (1, 4)
