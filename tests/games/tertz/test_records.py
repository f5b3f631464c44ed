"""Tertz records through ``replay_record``: sheets worked out by hand from rules/tertz.md.

Every expectation below was computed by hand from the rules page (trump order J 9 A 10 K Q 8 7,
card points J 20 / 9 13 / A 11 / 10 10 / K 3 / Q 2 / J 1 plain, last trick 10), not copied from
the engine.  Cards: ``hands`` in seat order, ``stock`` top first, ``stock[0]`` turned for trump
and drawn last (by the loser of trick 7); after each of tricks 1-7 the winner draws first.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from kozyr.core.errors import RecordError
from kozyr.records import ReplayError, replay_record, write_record
from kozyr.replay import main as replay_main

# --- deal P -------------------------------------------------------------------------------
# Trump hearts (AH turned).  Dealer 0, so seat 1 leads.  Trick by trick (leader's card first):
#  T1 s1 declares 7D 8D 9D (3 cards, top 9); s0 holds QC KC AC (3 cards, top A): strictly
#     better, so s0 answers automatically (not written).  s1 AS, s0 7S: s1 +11; s1 draws 8C,
#     s0 draws AD (winner first).
#  T2 s1 TS, s0 8S: s1 +10; s1 JC, s0 TD.     T3 s1 9S, s0 KS: s0 +3; s0 KD, s1 JD.
#  T4 s0 swap7 (7 cards beside the turned one): s0 takes AH, 7H lies turned; s0 AC, s1 7C:
#     s0 +11; s0 QD, s1 8H.
#  T5 s0 KC, s1 TC: s1 +13; s1 QH, s0 KH.     T6 s1 QS, s0 JS: s1 +3; s1 JH, s0 TH.
#  T7 s1 8C, s0 9C: s0 +0; s0 draws 9H, s1 (the loser) draws the turned 7H.
#  No stock: must beat.  T8 s0 QC, s1 JC (no higher club): s0 +3.  T9-T12 s0 leads AD TD KD QD,
#  s1 answers 7D 8D 9D JD (never a higher diamond): s0 +11 +10 +3 +3.
#  T13 s0 9H, s1 7H: only the JH beats the 9H and the trump jack is never forced out: s0 +13.
#  T14 s0 AH, s1 8H: s0 +11.  T15 s0 KH, s1 QH: s0 +5.  T16 s0 TH, s1 JH: s1 +30 +10 last.
# Tricks s0 11, s1 5: s1 (fewer) counts 11+10+13+3+40 = 77 -> 80; s0 gets 70.  Card points
# s0 73, s1 77 (150).  s0's shown QC KC AC scores 20, s1's 7D 8D 9D nothing.
# Row: points [93, 77], scores [90, 80].  s1 took the last trick: s1 deals next.
P_HANDS = ["7S 8S KS JS AC KC QC 9C 7H", "AS TS 9S QS 7C TC 7D 8D 9D"]
P_STOCK = "AH 8C AD JC TD KD JD QD 8H QH KH JH TH 9H"
P_ACTIONS = [
    "declare", "play AS", "play 7S", "play TS", "play 8S", "play 9S", "play KS",
    "swap7", "play AC", "play 7C", "play KC", "play TC", "play QS", "play JS", "play 8C",
    "play 9C", "play QC", "play JC", "play AD", "play 7D", "play TD", "play 8D", "play KD",
    "play 9D", "play QD", "play JD", "play 9H", "play 7H", "play AH", "play 8H", "play KH",
    "play QH", "play TH", "play JH",
]
P = {"hands": P_HANDS, "stock": P_STOCK, "actions": P_ACTIONS}
# The same deal seen from the other side: the hands swap seats, so with seat 1 dealing every
# seat's part is mirrored and the row is [80, 90]; seat 0 takes the last trick and deals next.
Q = {"hands": P_HANDS[::-1], "stock": P_STOCK, "actions": P_ACTIONS}

# --- deal R -------------------------------------------------------------------------------
# Trump hearts (KH turned).  Dealer 0.
#  T1 s1 declares QD KD AD + 7C 8C 9C (best: 3 cards, top A, plain); s0 holds QC KC AC only
#     (3 cards, top A, plain): not strictly better, no answer.  s1 AS, s0 7S: s1 +11.
#  T2 s1 9S, s0 8S: s1 +0.  T3 s1 KS, s0 TS: s0 +13 (plain order: the 10 beats the K).
#  T4 s0 declares (he has not shown): QC KC AC + 7D 8D 9D, best equal to s1's, and s1 showed
#     first, so at the end s1's 40 scores and s0's nothing.  s0 QS, s1 JS: s0 +3.
#  T5 s0 AC, s1 7C +11.  T6 s0 TC, s1 8C +10.  T7 s0 KC, s1 9C +3 (s1 draws the turned KH).
#  T8 s0 QC, s1 JC +3.  T9 s0 7D, s1 AD: s1 +11.
#  T10 s1 declares the trump marriage with 7 cards in hand (+20, no answer), then TD, s0 8D:
#     s1 +10.  T11 s1 KD, s0 9D +3.  T12 s1 QD, s0 JD +3.
#  T13 s1 9H, s0 AH (only the free JH beats the 9H): s1 +24.  T14 s1 8H, s0 TH: s0 +10.
#  T15 s0 JH, s1 QH: s0 +22.  T16 s0 7H, s1 KH: s1 +3 +10 last.
# Tricks 8-8: s0, without the last trick, counts 13+3+11+10+3+3+10+22 = 75 -> 70 (5 goes
# down); s1 gets 80, + 40 combinations + 20 marriage = 140.  Card points 75 / 75.
R_HANDS = ["7S 8S TS QS AC TC KC QC 7D", "AS 9S KS 7C 8C 9C QD KD AD"]
R_STOCK = "KH JS 8D JC 9D JD TD AH 9H TH 8H JH QH 7H"
R_ACTIONS = [
    "declare", "play AS", "play 7S", "play 9S", "play 8S", "play KS", "play TS",
    "declare", "play QS", "play JS", "play AC", "play 7C", "play TC", "play 8C", "play KC",
    "play 9C", "play QC", "play JC", "play 7D", "play AD",
    "declare", "play TD", "play 8D", "play KD", "play 9D", "play QD", "play JD",
    "play 9H", "play AH", "play 8H", "play TH", "play JH", "play QH", "play 7H", "play KH",
]
R = {"hands": R_HANDS, "stock": R_STOCK, "actions": R_ACTIONS}

# --- first-trick deals --------------------------------------------------------------------
# Trump hearts (8H turned), dealer 0, seat 1 leads AD.
W_FOLLOW = {"hands": ["JH 7D 8D AS KS QS AC KC QC", "AD KD QD 7S 8S 9S 7C 8C 9C"],
            "stock": "8H TS JS TC JC 9D TD JD 7H 9H TH QH KH AH"}  # s0 holds diamonds + JH
W_VOID = {"hands": ["JH 9H AH AS KS QS AC KC QC", "AD KD QD 7S 8S 9S 7C 8C 9C"],
          "stock": "8H TS JS TC JC 7D 8D 9D TD JD 7H TH QH KH"}  # s0: no diamond, trumps
W_JACK_ONLY = {"hands": ["JH AS KS QS JS TS AC KC QC", "AD KD QD 7S 8S 9S 7C 8C 9C"],
               "stock": "8H TC JC 7D 8D 9D TD JD 7H 9H TH QH KH AH"}  # s0: no diamond, JH only


def _rec(deals: list[dict[str, Any]], rules: Any = "tertz") -> dict[str, Any]:
    return {"format": 1, "game": "tertz", "rules": rules, "players": ["ann", "bob"],
            "first_dealer": 0, "seed": 7, "deals": deals}


def _deal(base: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    return {"hands": base["hands"], "stock": base["stock"], "actions": actions}


def _replay_error(deals: list[dict[str, Any]], rules: Any = "tertz") -> ReplayError:
    with pytest.raises(ReplayError) as e:
        replay_record(_rec(deals, rules))
    return e.value


# --- whole deals --------------------------------------------------------------------------

def test_deal_p_drawing_swap_answer_fewer_tricks_rounding() -> None:
    s = replay_record(_rec([P])).summary()
    assert s == {
        "deals": [{"dealer": 0, "declarer": None, "bid": None, "contract": None,
                   "points": [93, 77], "scores": [90, 80], "totals": [90, 80],
                   "marks": [[], []]}],
        "totals": [90, 80], "winner": None, "complete": False, "open_deal": None,
        "settlement": None,  # Tertz has no stakes: no settlement, also once complete
    }


def test_last_trick_winner_deals_next() -> None:
    s = replay_record(_rec([P, {"actions": []}])).summary()
    assert s["open_deal"] == {"dealer": 1, "phase": "play", "to_act": 0}
    # P's cards again with seat 1 dealing: seat 0 now leads, and seat 0 holds no AS
    # (its "declare" of QC KC AC is legal).
    e = _replay_error([P, P])
    assert (e.deal, e.action, e.text) == (2, 2, "play AS")
    assert str(e).startswith("deal 2, action 2 ('play AS'): ")


def test_answer_is_never_written_and_the_record_round_trips() -> None:
    rp = replay_record(_rec([P]))
    out = write_record(rp.match, ["ann", "bob"])
    assert out["deals"][0]["actions"] == P_ACTIONS
    assert replay_record(out).summary() == rp.summary()


def test_deal_r_eight_eight_tie_to_earlier_declaration_and_marriage() -> None:
    s = replay_record(_rec([R])).summary()
    row = s["deals"][0]
    assert row == {"dealer": 0, "declarer": None, "bid": None, "contract": None,
                   "points": [75, 135], "scores": [70, 140], "totals": [70, 140],
                   "marks": [[], []]}
    assert s["open_deal"] is None and s["winner"] is None


def test_match_to_501_equal_totals_play_on_then_higher_wins() -> None:
    # P (90, 80) and its mirror Q (80, 90) alternate as the dealer alternates:
    # 90/80, 170/170, 260/250, 340/340, 430/420, 510/510 (both past 501 but equal: play on),
    # then 600/590: both past, the higher (seat 0) wins.
    deals = [P, Q, P, Q, P, Q]
    s = replay_record(_rec(deals)).summary()
    assert [r["totals"] for r in s["deals"]] == [[90, 80], [170, 170], [260, 250],
                                                 [340, 340], [430, 420], [510, 510]]
    assert [r["dealer"] for r in s["deals"]] == [0, 1, 0, 1, 0, 1]
    assert (s["winner"], s["complete"]) == (None, False)
    assert s["open_deal"] is None
    s = replay_record(_rec([*deals, {"actions": []}])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 1}
    s = replay_record(_rec([*deals, P])).summary()
    assert s["deals"][-1]["scores"] == [90, 80]
    assert (s["winner"], s["complete"], s["open_deal"], s["settlement"]) == (0, True, None, None)
    assert (s["winner"], s["complete"], s["open_deal"]) == (0, True, None)
    with pytest.raises(RecordError):
        replay_record(_rec([*deals, P, {"actions": []}]))


def test_target_passed_by_one_seat_only() -> None:
    s = replay_record(_rec([P], {"preset": "tertz", "target": 90})).summary()
    assert (s["winner"], s["complete"]) == (0, True)
    s = replay_record(_rec([P, Q], {"preset": "tertz", "target": 170})).summary()
    assert (s["winner"], s["complete"]) == (None, False)  # 170/170: equal, play on


# --- obligations --------------------------------------------------------------------------

def test_with_the_stock_follow_suit_or_trump_and_the_free_jack() -> None:
    # s0 holds diamonds: must follow; the trump jack is free all the same.
    s = replay_record(_rec([_deal(W_FOLLOW, ["play AD", "play JH"])])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}
    assert s["deals"] == [] and s["totals"] == [0, 0]
    e = _replay_error([_deal(W_FOLLOW, ["play AD", "play AS"])])
    assert (e.deal, e.action) == (1, 2)
    e = _replay_error([_deal(W_FOLLOW, ["play AD", "play JH"])],
                      {"preset": "tertz", "free_trump_jack": False})
    assert (e.deal, e.action) == (1, 2)
    # void in diamonds with trumps: must trump (any trump; the stock lasts).
    assert replay_record(_rec([_deal(W_VOID, ["play AD", "play 9H"])])).summary()[
        "open_deal"]["to_act"] == 0
    e = _replay_error([_deal(W_VOID, ["play AD", "play AS"])])
    assert (e.deal, e.action, e.text) == (1, 2, "play AS")
    # void with the trump jack as the only trump: the jack is never forced out.
    s = replay_record(_rec([_deal(W_JACK_ONLY, ["play AD", "play AC"])])).summary()
    assert s["open_deal"]["to_act"] == 1
    e = _replay_error([_deal(W_JACK_ONLY, ["play AD", "play AC"])],
                      {"preset": "tertz", "free_trump_jack": False})
    assert (e.deal, e.action) == (1, 2)


def test_from_trick_8_must_beat() -> None:
    # P's cards with s1's 9D and s0's TD exchanged (TD dealt to s1, 9D drawn by s0 after T2),
    # played without s1's declaration (7D 8D TD is no sequence).  After T8 s0 leads 9D; s1
    # holds 7D 8D TD JD and must beat with TD or JD.
    hands = [P_HANDS[0], "AS TS 9S QS 7C TC 7D 8D TD"]
    stock = "AH 8C AD JC 9D KD JD QD 8H QH KH JH TH 9H"
    head = P_ACTIONS[1:18]  # T1-T8, with s0's swap7
    e = _replay_error([{"hands": hands, "stock": stock, "actions": [*head, "play 9D",
                                                                     "play 7D"]}])
    assert (e.deal, e.action, e.text) == (1, 19, "play 7D")
    s = replay_record(_rec([{"hands": hands, "stock": stock,
                             "actions": [*head, "play 9D", "play JD"]}])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 1}


def test_must_beat_in_trumps_without_the_free_jack() -> None:
    # In P at T13 s1 answers the 9H with the 7H, holding the JH: legal only because the jack is
    # free.  Without free_trump_jack the JH (the only higher trump) must be played.
    e = _replay_error([P], {"preset": "tertz", "free_trump_jack": False})
    assert (e.deal, e.action, e.text) == (1, 28, "play 7H")


# --- seven swap and declaring -------------------------------------------------------------

# R's cards with s0 dealt the 7H (the 7D goes to the stock's last place): s0 leads T4-T8.
RV = {"hands": ["7S 8S TS QS AC TC KC QC 7H", R_HANDS[1]],
      "stock": "KH JS 8D JC 9D JD TD AH 9H TH 8H JH QH 7D"}
RV_PLAY = [a for a in R_ACTIONS if a != "declare"]


def test_swap7_timing() -> None:
    # before T6: 13 - 10 = 3 cards beside the turned one: allowed
    s = replay_record(_rec([_deal(RV, [*RV_PLAY[:10], "swap7"])])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}
    # before T7: only 1 left: refused
    e = _replay_error([_deal(RV, [*RV_PLAY[:12], "swap7"])])
    assert (e.deal, e.action, e.text) == (1, 13, "swap7")
    # only when leading: s0 follows in T1
    e = _replay_error([_deal(RV, ["play AS", "swap7"])])
    assert (e.deal, e.action) == (1, 2)
    # s1 does not hold the seven
    e = _replay_error([_deal(RV, ["swap7"])])
    assert (e.deal, e.action) == (1, 1)


def test_declare_legality() -> None:
    # the answer counts as showing: s0 may not declare again (P: he answered at T1)
    e = _replay_error([_deal(P, [*P_ACTIONS[:7], "declare"])])
    assert (e.deal, e.action, e.text) == (1, 8, "declare")
    # not when following
    e = _replay_error([_deal(P, ["play AS", "declare"])])
    assert (e.deal, e.action) == (1, 2)
    # nothing to declare: s1's AS TS 9S QS 7C TC 7D 8D TD holds no combination
    e = _replay_error([{"hands": [P_HANDS[0], "AS TS 9S QS 7C TC 7D 8D TD"],
                        "stock": "AH 8C AD JC 9D KD JD QD 8H QH KH JH TH 9H",
                        "actions": ["declare"]}])
    assert (e.deal, e.action) == (1, 1)
    # a declaration is made once: s1 again at T2 (no marriage) is refused
    e = _replay_error([_deal(P, [*P_ACTIONS[:3], "declare"])])
    assert (e.deal, e.action) == (1, 4)


# Comparison through the automatic answer: s1 declares at T1 and leads a club, s0 wins the
# trick and, leading T2 with 9 cards, declares: refused exactly when he answered at T1.


@pytest.mark.parametrize(("h0", "h1", "stock", "s0_card", "answered"), [
    # then trump: 8S 9S TS (3, top 10, plain) vs 8H 9H TH (3, top 10, trump): answered
    ("8H 9H TH AS KS 9C AC TD JD", "8S 9S TS 7C 8C 7D 8D QD KD",
     "AH 7S JS QS TC JC QC KC 9D AD 7H JH QH KH", "AC", True),
    # equal (3, top 10, plain both): not strictly better, no answer; s0 declares later
    ("8C 9C TC AC AS KS TD JD 9H", "8S 9S TS 7C 7D 8D QD KD JH",
     "AH 7S JS QS JC QC KC 9D AD 7H 8H TH QH KH", "AC", False),
    # more cards first: four queens (4) vs 7S-JS (5): answered
    ("7S 8S 9S TS JS AC 9C AD TH", "QS QC QD QH 7C 7D 8D 9H KH",
     "7H KS AS 8C TC JC KC 9D TD JD KD 8H JH AH", "AC", True),
    # 7S-JS (5) declared; four aces (4, trump-like) is not better: no answer
    ("AS AC AD AH 8C 9C KS KD QH", "7S 8S 9S TS JS 7C 7D 8D 8H",
     "7H QS TC JC QC KC 9D TD JD QD 9H TH JH KH", "8C", False),
])
def test_comparison_through_the_answer(h0: str, h1: str, stock: str, s0_card: str,
                                       answered: bool) -> None:
    deal = {"hands": [h0, h1], "stock": stock,
            "actions": ["declare", "play 7C", f"play {s0_card}", "declare"]}
    if answered:
        e = _replay_error([deal])
        assert (e.deal, e.action, e.text) == (1, 4, "declare")
    else:
        s = replay_record(_rec([deal])).summary()
        assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}


# --- bad records --------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [
    {"hands": ["7S 8S KS JS AC KC QC 9C", P_HANDS[1]], "stock": P_STOCK},  # 8 cards
    {"hands": P_HANDS, "stock": P_STOCK.replace("9H", "9D")},  # 9D twice, no 9H
    {"hands": P_HANDS, "stock": P_STOCK + " 9H"},  # 15 in the stock
    {"hands": P_HANDS, "talon": P_STOCK},  # Tertz has a stock, not a talon
    {"hands": P_HANDS, "stock": P_STOCK.replace("9H", "1X")},  # not a card
])
def test_bad_cards_are_record_errors(deal: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        replay_record(_rec([{**deal, "actions": []}]))


def test_cards_accept_10_and_symbols() -> None:
    hands = [P_HANDS[0], P_HANDS[1].replace("TS", "10S").replace("AS", "A♠")]
    s = replay_record(_rec([{"hands": hands, "stock": P_STOCK, "actions": P_ACTIONS}]))
    assert s.summary()["totals"] == [90, 80]


def test_cli_illegal_action_exit_2_one_line(tmp_path: Any) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_rec([P, _deal(Q, ["play AC"])])), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert replay_main(str(path), as_json=True, out=out, err=err) == 2
    assert out.getvalue() == ""
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and "deal 2, action 1 ('play AC')" in lines[0]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_rec([P, Q])), encoding="utf-8")
    out = io.StringIO()
    assert replay_main(str(good), as_json=True, out=out, err=io.StringIO()) == 0
    assert json.loads(out.getvalue())["totals"] == [170, 170]


def test_declare_at_trick_8_then_the_marriage_with_fewer_cards() -> None:
    # RV without declarations: after T7 s0 leads T8 with 9 cards (QC 7H 8D 9D JD AH TH JH 7D):
    # 7D 8D 9D may still be declared; s1 (QD KD AD JC TD 9H 8H QH KH) answers with QD KD AD.
    head = RV_PLAY[:14]
    s = replay_record(_rec([_deal(RV, [*head, "declare"])])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}
    # s0 wins T8 (QC over JC) and has shown: no second declaration
    e = _replay_error([_deal(RV, [*head, "declare", "play QC", "play JC", "declare"])])
    assert (e.deal, e.action) == (1, 18)
    # s1 never showed; at T10 he holds 7 cards: the marriage alone may be declared, once
    tail = RV_PLAY[14:18]  # T8 QC JC, T9 7D AD
    ok = [*head, *tail, "declare", "play TD"]
    s = replay_record(_rec([_deal(RV, ok)])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}
    e = _replay_error([_deal(RV, [*head, *tail, "declare", "play TD", "play 8D", "declare"])])
    assert (e.deal, e.action, e.text) == (1, 22, "declare")


def test_marriage_alone_draws_no_answer() -> None:
    # s1 declares only the trump marriage (KH QH, 20); s0's QKA sequences are not shown in
    # answer, so after taking T1 (AS over 7S) s0 may still declare them himself.
    deal = {"hands": ["AS KS QS AC KC QC AD KD QD", "KH QH 7S 9S JS 7C 9C JC 7D"],
            "stock": "8H 8S TS 8C TC 8D 9D TD JD 7H 9H TH JH AH",
            "actions": ["declare", "play 7S", "play AS", "declare"]}
    s = replay_record(_rec([deal])).summary()
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 0}


# --- deal Z -------------------------------------------------------------------------------
# Trump hearts (7H turned).  Dealer 0; seat 1 leads and takes all 16 tricks.
#  T1 s1 declares JH QH KH (3 cards, top K, trump) and the trump marriage inside it; s0's
#     7C 8C 9C TC (4 cards) is strictly better, so s0 answers with all of his: 7C-TC (50) and
#     7S 8S 9S (20).  Then 9H/8H, AH/7D (void, no trump: any card), AC/TC, AS/7S, TS/8S,
#     KS/9S, KC/9C; s0, the loser of T7, draws the turned 7H.
#  T8-T16 (must beat, never can): JH/7H, QC/8C, JC/7C, QS/KD, JS/QD, AD/TD, TH/JD, KH/9D,
#     QH/8D.
# s0 took no trick: he counts 0, s1 gets 150.  s0's shown set is better: +70 with no trick;
# s1's sequence scores nothing but his marriage scores 20 all the same.
Z = {"hands": ["8H 7C 8C 9C TC 7S 8S 9S 7D", "JH QH KH 9H AC AS TS KS KC"],
     "stock": "7H AH KD QC QD JC TD QS JD JS 9D AD 8D TH",
     "actions": ["declare", "play 9H", "play 8H", "play AH", "play 7D", "play AC", "play TC",
                 "play AS", "play 7S", "play TS", "play 8S", "play KS", "play 9S", "play KC",
                 "play 9C", "play JH", "play 7H", "play QC", "play 8C", "play JC", "play 7C",
                 "play QS", "play KD", "play JS", "play QD", "play AD", "play TD", "play TH",
                 "play JD", "play KH", "play 9D", "play QH", "play 8D"]}


def test_deal_z_no_trick_combinations_and_marriage_inside_a_losing_sequence() -> None:
    s = replay_record(_rec([Z, {"actions": []}])).summary()
    assert s["deals"] == [{"dealer": 0, "declarer": None, "bid": None, "contract": None,
                           "points": [70, 170], "scores": [70, 170], "totals": [70, 170],
                           "marks": [[], []]}]
    assert s["totals"] == [70, 170]
    assert s["open_deal"] == {"dealer": 1, "phase": "play", "to_act": 0}
