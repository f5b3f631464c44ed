"""A second reading of rules/thousand.md §11 (§11.P, §11.R and the interactions §11 names),
through whole records: ``kozyr.records.replay_record(rec).summary()`` against sheets worked out
by hand from the page.

The deals:
- ``D``: seat 0 holds the ♠ marriage, seat 1 the ♥, seat 2 the ♦; the talon QC JC 9C.
- ``W`` (dealer 0): seat 1, the forced bidder at 100, holds AH TH KH QH AD TD AS and takes the
  talon TS JH 9H; he gives 9H to seat 0 and JH to seat 2, contracts up to his cap 120 + 100 and
  takes all eight tricks (120 card points + the ♥ marriage, declared at trick 2): deal points
  [0, 220, 0]; seats 0 and 2 take no trick (bolts).

Readings taken where the page leaves room (each literal):
- A write-off row has no ``contract`` (null): nothing was announced.
- The ``barrel`` mark is written on the deal a seat climbs on and on each deal he sits there.
"""

from __future__ import annotations

from typing import Any

from kozyr.records import replay_record
from tests.games.thousand.fixtures import refused

D: dict[str, Any] = {"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
                               "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C"}
W: dict[str, Any] = {"hands": ["AC TC KC QC JC 9C 9S", "AH TH KH QH AD TD AS",
                               "KD QD JD 9D KS QS JS"], "talon": "TS JH 9H"}
W_PLAY = ["play AS", "play JS", "play 9S", "play KH marriage", "play JH", "play 9H",
          "play QH", "play 9D", "play JC", "play AH", "play QS", "play 9C",
          "play TH", "play KS", "play QC", "play AD", "play JD", "play KC",
          "play TD", "play QD", "play TC", "play TS", "play KD", "play AC"]
F: dict[str, Any] = {"hands": ["", "AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
                               "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C"}
TWO: dict[str, Any] = {"hands": ["AS TS KS QS JS 9S AC TC KC QC",
                                 "AH TH KH QH JH 9H AD TD KD QD"], "talon": ["9C 9D", "JC JD"]}
POOR: dict[str, Any] = {"hands": ["AS TS KS QS AC TC KC", "9S JS 9C JC QC 9D JD",
                                  "AD TD KD QD AH TH KH"], "talon": "QH JH 9H"}


def w_deal(contract: int, *auction: str) -> dict[str, Any]:
    """Return deal W played out at ``contract`` after ``auction`` (default: both others pass)."""
    return dict(W, actions=[*(auction or ("pass", "pass")), "give 0 9H", "give 2 JH",
                            f"contract {contract}", *W_PLAY])


def d_deal(*actions: str) -> dict[str, Any]:
    """Return deal D with ``actions``."""
    return dict(D, actions=list(actions))


def record(rules: dict[str, Any], *deals: dict[str, Any], preset: str = "classic",
           players: int = 3) -> dict[str, Any]:
    """Return a format-2 record, dealer 0, with ``deals``."""
    return {"format": 2, "game": "thousand", "rules": {"preset": preset, **rules},
            "players": ["a", "b", "c", "d"][:players], "first_dealer": 0, "seed": 3,
            "deals": list(deals)}


def sheet(rec: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Return each finished row: (dealer, declarer, bid, contract, points, scores, marks)."""
    return [(d["dealer"], d["declarer"], d["bid"], d["contract"], d["points"], d["scores"],
             d["marks"]) for d in replay_record(rec).summary()["deals"]]


def top(rec: dict[str, Any]) -> dict[str, Any]:
    """Return the summary without its deals."""
    s = replay_record(rec).summary()
    return {k: v for k, v in s.items() if k != "deals"}


# -- the played deal W, settlement (§7, §11.P.16) ------------------------------------------------
def test_w_made_at_the_cap_wins_and_settles() -> None:
    # target 200, barrel off: +220 for seat 1 wins; each loser pays (220 - 0) x 1
    rec = record({"target": 200, "barrel": False}, w_deal(220))
    assert sheet(rec) == [(0, 1, 100, 220, [0, 220, 0], [0, 220, 0], [["B"], [], ["B"]])]
    assert top(rec) == {"totals": [0, 220, 0], "winner": 1, "complete": True,
                        "open_deal": None, "settlement": [-220, 440, -220],
                        "barrel_falls": [0, 0, 0]}


def test_settlement_is_null_before_the_end_and_uses_the_stake() -> None:
    assert top(record({}, w_deal(220)))["settlement"] is None
    rec = record({"target": 200, "barrel": False, "stake": 2}, w_deal(220))
    assert top(rec)["settlement"] == [-440, 880, -440]


# -- blind with the golden horse (§11.4) ----------------------------------------------------------
def test_a_blind_write_off_in_a_golden_horse_deal() -> None:
    # the blind 120 stands; its write-off costs 2 x 120, doubled again by the golden horse
    # (-480); each opponent gains half of 120 = 60, doubled by the golden horse only (120)
    rec = record({"golden_horse": True, "blind_bid": True}, d_deal("blind", "pass", "pass",
                                                                   "writeoff"))
    assert sheet(rec) == [(0, 1, 120, None, [0, 0, 0], [120, -480, 120],
                           [["x2"], ["P", "x2"], ["x2"]])]


def test_a_blind_doubling_everybody_stacks_with_the_golden_horse() -> None:
    # blind_doubles = all: the opponents' 60 is doubled by the blind and the horse: 240
    rec = record({"golden_horse": True, "blind_bid": True, "blind_doubles": "all"},
                 d_deal("blind", "pass", "pass", "writeoff"))
    assert sheet(rec)[0][5] == [240, -480, 240]


# -- buying with the barrel (§11.5) ---------------------------------------------------------------
def test_no_buying_round_while_a_seat_sits_on_the_barrel() -> None:
    # target 400, barrel_at 200 (C = 200): W's +220 clamps seat 1 to the barrel at 200
    rules = {"target": 400, "barrel_at": 200, "talon_buying": True}
    first = w_deal(220, "pass", "pass", "decline", "decline")
    rec = record(rules, first)
    assert sheet(rec) == [(0, 1, 100, 220, [0, 220, 0], [0, 200, 0],
                           [["B"], ["barrel"], ["B"]])]
    # deal 2 (dealer 1): seat 2's forced 100, seat 0 passes, seat 1's C = 200 is made for him,
    # seat 2 (cap 200) may only pass: seat 1 declares and no buying round is offered
    rec = record(rules, first, d_deal("pass", "pass"))
    m = replay_record(rec).match
    assert m.observation(None)["history"] == [[2, "bid 100"], [0, "pass"], [1, "bid 200"],
                                              [2, "pass"]]
    assert (m.open_deal(), "buy" in m.legal_texts()) == (
        {"dealer": 1, "phase": "talon", "to_act": 1}, False)


def test_a_buying_round_is_the_talon_phase_with_the_asked_opponent_to_act() -> None:
    rules = {"talon_buying": True}
    assert top(record(rules, d_deal("pass", "pass")))["open_deal"] == {
        "dealer": 0, "phase": "talon", "to_act": 2}
    assert top(record(rules, d_deal("pass", "pass", "decline", "buy")))["open_deal"] == {
        "dealer": 0, "phase": "talon", "to_act": 1}  # the round starts again: the seller first
    # seat 0 bought from seat 1 (+120 sold) and writes off the bid 100: -100, +50 each
    rec = record(rules, d_deal("pass", "pass", "decline", "buy", "decline", "decline",
                               "writeoff"))
    assert sheet(rec) == [(0, 0, 100, None, [0, 0, 0], [-100, 170, 50], [["P"], ["sold"], []])]


# -- strike-out dashes in a consecutive bolt run (§11.7 bolt_consecutive, §11.P.17) -------------
def test_strike_out_dashes_complete_a_consecutive_run() -> None:
    so = d_deal("pass", "pass", "strikeout")  # the forced bidder strikes out
    rec = record({"bolt_consecutive": True, "allow_strikeout": True}, w_deal(220), so, so, so)
    # seat 0: bolt, dash, (his own strike-out: neither), dash -> 3 in a row: -120
    # seat 2: bolt, (his own strike-out), dash, dash -> -120; seat 1: dash, dash -> 2
    assert sheet(rec) == [
        (0, 1, 100, 220, [0, 220, 0], [0, 220, 0], [["B"], [], ["B"]]),
        (1, 2, 100, None, [0, 0, 0], [0, 0, 0], [["B"], ["B"], ["C"]]),
        (2, 0, 100, None, [0, 0, 0], [0, 0, 0], [["C"], ["B"], ["B"]]),
        (0, 1, 100, None, [0, 0, 0], [-120, 0, -120], [["B"], ["C"], ["B"]])]


# -- accumulate's fall (§11.7 barrel_mode, §11.P.5, §11.P.6) -------------------------------------
def test_accumulate_three_strike_outs_and_the_round_down_fall() -> None:
    # barrel_at 205: W's +220 clamps seat 1 to 205. Three strike-outs (two by the others, the
    # last his own) are his three attempts, each gathering 0; then 205 -> 200 - 120 = 80.
    # His opponents' dashes count (never his): seats 0 and 2 reach 3 bolts in deal 4.
    so = d_deal("pass", "pass", "strikeout")
    rec = record({"target": 400, "barrel_at": 205, "barrel_mode": "accumulate",
                  "allow_strikeout": True, "writeoff_on_barrel": "allowed"},
                 w_deal(220), so, so, so)
    assert sheet(rec) == [
        (0, 1, 100, 220, [0, 220, 0], [0, 205, 0], [["B"], ["barrel"], ["B"]]),
        (1, 2, 100, None, [0, 0, 0], [0, 0, 0], [["B"], ["barrel"], ["C"]]),
        (2, 0, 100, None, [0, 0, 0], [0, 0, 0], [["C"], ["barrel"], ["B"]]),
        (0, 1, 100, None, [0, 0, 0], [-120, -125, -120],
         [["B"], ["C", "barrel", "barrel-fall"], ["B"]])]
    assert top(rec)["barrel_falls"] == [0, 1, 0]


# -- writeoff_next_dealer = same (§11.5) ----------------------------------------------------------
def test_writeoff_next_dealer_same_and_the_golden_horse_deals_count() -> None:
    wo = d_deal("pass", "pass", "writeoff")
    last = d_deal("bid 105", "pass", "pass", "writeoff")
    rec = record({"writeoff_next_dealer": "same", "golden_horse": True}, wo, wo, wo, last)
    # dealer 0 every time; the three written-off deals are the golden horse's (x2); the fourth
    # is not: seat 2 writes off 105, -105 and half of it rounded up to 55 for each opponent
    assert sheet(rec) == [
        (0, 1, 100, None, [0, 0, 0], [100, -200, 100], [["x2"], ["P", "x2"], ["x2"]]),
        (0, 1, 100, None, [0, 0, 0], [100, -200, 100], [["x2"], ["P", "x2"], ["x2"]]),
        (0, 1, 100, None, [0, 0, 0], [100, -200, 100], [["x2"], ["P", "x2"], ["x2"]]),
        (0, 2, 105, None, [0, 0, 0], [55, 55, -105], [[], [], ["P"]])]
    assert top(rec)["open_deal"] is None
    assert replay_record(record({"writeoff_next_dealer": "same"}, wo)).match.dealer == 0


# -- golden_horse_120 with two players (§11.9) ---------------------------------------------------
def test_golden_horse_120_two_players_forced_bidders_alternate_and_reset() -> None:
    wo = dict(TWO, actions=["take 0", "discard 9C", "discard 9D", "writeoff"])
    rec = record({"golden_horse": True, "golden_horse_120": True}, wo, wo, wo,
                 dict(TWO, actions=[]), preset="two_players", players=2)
    # forced bidders 1, 0, 1 each declare 120 and write off (-240; +120 for the other);
    # nobody made a contract: every total becomes 0 after the third
    assert sheet(rec) == [
        (0, 1, 120, None, [0, 0], [120, -240], [["x2"], ["P", "x2"]]),
        (1, 0, 120, None, [0, 0], [-240, 120], [["P", "x2"], ["x2"]]),
        (0, 1, 120, None, [0, 0], [120, 120], [["x2", "golden-reset"],
                                                ["P", "x2", "golden-reset"]])]
    assert top(rec)["open_deal"] == {"dealer": 1, "phase": "bidding", "to_act": 1}


# -- redeal_when = both (§11.3, §11.R open_deal) -------------------------------------------------
def test_redeal_when_both_open_deal_phases() -> None:
    rules = {"redeal_when": "both"}
    phases = []
    for actions in ([], ["keep"], ["keep", "pass", "pass"],
                    ["keep", "pass", "pass", "give 0 9H", "give 2 JH"]):
        phases.append(top(record(rules, dict(POOR, actions=actions)))["open_deal"])
    assert phases == [{"dealer": 0, "phase": "redeal", "to_act": 1},
                      {"dealer": 0, "phase": "bidding", "to_act": 2},
                      {"dealer": 0, "phase": "talon", "to_act": 1},
                      {"dealer": 0, "phase": "redeal", "to_act": 1}]
    rec = record(rules, dict(POOR, actions=["keep", "pass", "pass", "give 0 9H", "give 2 JH",
                                            "redeal"]))
    assert sheet(rec) == [(0, None, None, None, [0, 0, 0], [0, 0, 0],
                           [["redeal"], ["redeal"], ["redeal"]])]
    assert replay_record(rec).match.dealer == 0  # the same dealer deals again


# -- four players: the sitting-out dealer (§11.9) ----------------------------------------------
def test_four_players_the_sitting_out_dealer_is_never_asked_nor_dashed() -> None:
    rules = {"blind_bid": True, "blind_bidders": "any", "allow_strikeout": True,
             "talon_buying": True}
    deal = dict(F, actions=["bid 100", "look", "pass", "look", "pass"])
    rec = record(rules, deal, preset="four_players", players=4)
    m = replay_record(rec).match
    assert (m.open_deal(), m.legal_texts()) == ({"dealer": 0, "phase": "talon", "to_act": 2},
                                                 ["buy", "decline"])
    deal["actions"] += ["decline", "decline", "strikeout"]  # seats 2, 3 asked, not 0
    assert sheet(rec) == [(0, 1, 100, None, [0, 0, 0, 0], [0, 0, 0, 0],
                           [[], ["C"], ["B"], ["B"]])]


# -- the blind that stands, played out (§4, §11.4) ---------------------------------------------
def test_a_standing_blind_played_out_doubles_and_stacks_with_the_golden_horse() -> None:
    b = ("blind", "pass", "pass")
    # the blind 120 stands; W at 220 is made: +440
    assert sheet(record({"blind_bid": True}, w_deal(220, *b)))[0][5] == [0, 440, 0]
    # blind_marriages_doubled off: only 120 of the contract is doubled, +(220 + 120)
    rec = record({"blind_bid": True, "blind_marriages_doubled": False}, w_deal(220, *b))
    assert sheet(rec)[0][5] == [0, 340, 0]
    # contract 120: +(120 + 120), doubled by the golden horse: +480
    rec = record({"blind_bid": True, "blind_marriages_doubled": False, "golden_horse": True},
                 w_deal(120, *b))
    assert sheet(rec) == [(0, 1, 120, 120, [0, 220, 0], [0, 480, 0],
                           [["x2", "B"], ["x2"], ["x2", "B"]])]
    # x4: 880 reaches the barrel exactly (B = 880 < T): he sits there, mark barrel
    rec = record({"blind_bid": True, "golden_horse": True}, w_deal(220, *b))
    assert sheet(rec) == [(0, 1, 120, 220, [0, 220, 0], [0, 880, 0],
                           [["x2", "B"], ["x2", "barrel"], ["x2", "B"]])]


# -- barrel attempts: every deal or as declarer (§11.7, §11.P.5, §11.P.6) ----------------------
BARREL_121 = {"target": 321, "barrel_at": 200, "writeoff_on_barrel": "allowed",
              "allow_strikeout": True}  # C = 121
BARREL_DEALS = [
    w_deal(220),  # seat 1 climbs on at 200
    d_deal("pass", "bid 125", "pass", "writeoff"),  # dealer 1: seat 1's 121 is automatic;
    # seat 2 bids 125 and writes off: -125, seat 0 +65 (half of 125 rounded up), seat 1 nothing
    d_deal("pass", "bid 125", "pass", "strikeout"),  # dealer 2: seat 0 at 125 strikes out
    d_deal("pass", "pass", "strikeout"),  # dealer 0: seat 1's forced bid is 121; his strike-out
]


def test_every_deal_another_seats_write_off_and_strike_out_are_attempts() -> None:
    rec = record(BARREL_121, *BARREL_DEALS)
    # third attempt (his own strike-out, §11.P.5) fails: 200 - 120 = 80; seat 2's third dash
    assert sheet(rec) == [
        (0, 1, 100, 220, [0, 220, 0], [0, 200, 0], [["B"], ["barrel"], ["B"]]),
        (1, 2, 125, None, [0, 0, 0], [65, 0, -125], [[], ["barrel"], ["P"]]),
        (2, 0, 125, None, [0, 0, 0], [0, 0, 0], [["C"], ["barrel"], ["B"]]),
        (0, 1, 121, None, [0, 0, 0], [0, -120, -120],
         [["B"], ["C", "barrel", "barrel-fall"], ["B"]])]
    assert top(rec)["barrel_falls"] == [0, 1, 0]


def test_as_declarer_only_his_own_deal_is_an_attempt() -> None:
    rec = record(BARREL_121, *BARREL_DEALS, preset="online")
    rows = sheet(rec)
    assert rows[3] == (0, 1, 121, None, [0, 0, 0], [0, 0, -120],
                       [["B"], ["C", "barrel"], ["B"]])
    assert top(rec)["totals"] == [65, 200, -245] and top(rec)["barrel_falls"] == [0, 0, 0]


# -- §11.P.10: an accumulate barrel seat as the golden horse's forced bidder ------------------
def test_golden_horse_120_accumulate_barrel_forced_bidder_bids_max_120_c() -> None:
    from kozyr.games.thousand import ThousandMatch, ThousandRules
    for target, at, bid in ((1000, 880, 120), (500, 300, 200)):  # C = 120, then C = 200
        m = ThousandMatch(ThousandRules.from_preset(
            "classic", barrel_mode="accumulate", golden_horse=True, golden_horse_120=True,
            target=target, barrel_at=at), seed=3, first_dealer=0)
        m.score.totals[1] = at
        m.score.on_barrel[1] = True
        m.deal(D)
        assert (m.phase, m.current_player(), m.observation(0)["history"]) == (
            "talon", 1, [[1, f"bid {bid}"]])
        m.apply("give 0 9C")
        m.apply("give 2 JC")
        assert m.legal_texts()[0] == f"contract {bid}"


# -- barrel_opponents_idle, the barrel win and its settlement (§11.7, §11.10 online) -----------
def test_online_idle_opponents_at_c_and_scoring_opponents_above_it() -> None:
    # target 321, barrel_at 200 (C = 121). Deal 2 (dealer 1): seat 2's forced 100, seat 0
    # passes, seat 1's 121 is made for him, seat 2 passes; W is played again by seat 1
    rules = {"target": 321, "barrel_at": 200}
    first = (0, 1, 100, 220, [0, 220, 0], [0, 200, 0], [["B"], ["barrel"], ["B"]])
    rec = record(rules, w_deal(220), w_deal(121), preset="online")
    # at exactly C the opponents are idle: 0, no bolt, mark idle; 200 + 121 = 321 wins
    assert sheet(rec) == [first, (1, 1, 121, 121, [0, 220, 0], [0, 121, 0],
                                  [["idle"], ["barrel"], ["idle"]])]
    assert top(rec) == {"totals": [0, 321, 0], "winner": 1, "complete": True,
                        "open_deal": None, "settlement": [-321, 642, -321],
                        "barrel_falls": [0, 0, 0]}
    # above C the opponents score as usual (their second bolts); 200 + 125 wins
    rec = record(rules, w_deal(220), w_deal(125), preset="online")
    assert sheet(rec)[1] == (1, 1, 121, 125, [0, 220, 0], [0, 125, 0],
                             [["B"], ["barrel"], ["B"]])
    assert top(rec)["settlement"] == [-325, 650, -325]
    # classic: no idle opponents
    assert sheet(record(rules, w_deal(220), w_deal(121)))[1][6] == [["B"], ["barrel"], ["B"]]


# -- cut_penalty_seat (§11.3, §11.R, §11.P.7) ----------------------------------------------------
def test_cut_penalty_seat_charged_at_step_3_and_never_on_the_barrel() -> None:
    # cut_by right: deal 2's cutter is seat 0 (dealer 1), deal 3's seat 1 (dealer 2), who sits
    # on the barrel: accepted, nothing charged, no mark (§11.P.7)
    rules = {"target": 321, "barrel_at": 200, "writeoff_on_barrel": "allowed",
             "cut_ritual": True, "cut_by": "right"}
    wo = d_deal("pass", "bid 125", "pass", "writeoff")  # the bidder of 125 writes off
    rec = record(rules, w_deal(220), dict(wo, cut_penalty_seat=0), dict(wo, cut_penalty_seat=1))
    assert sheet(rec)[1:] == [
        (1, 2, 125, None, [0, 0, 0], [-55, 0, -125], [["cut-penalty"], ["barrel"], ["P"]]),
        (2, 0, 125, None, [0, 0, 0], [-125, 0, 65], [["P"], ["barrel"], []])]
    assert top(rec)["totals"] == [-180, 200, -60]


# -- four players: no bolt for the sitting-out dealer in a played deal (§9, §11.9) -------------
def test_four_players_played_deal_the_dealer_gets_no_bolt() -> None:
    w4 = {"hands": ["", W["hands"][1], W["hands"][2], W["hands"][0]], "talon": W["talon"]}
    acts = ["pass", "pass", "give 3 9H", "give 2 JH", "contract 220", *W_PLAY]
    for rules in ({}, {"bolt_when": "no_points", "bolt_consecutive": True}):
        rec = record(rules, dict(w4, actions=acts), preset="four_players", players=4)
        assert sheet(rec) == [(0, 1, 100, 220, [0, 220, 0, 0], [0, 220, 0, 0],
                               [[], [], ["B"], ["B"]])]


# -- barrel_no_marriages: the barrel seat's cap is 120 (§11.7) -----------------------------------
def test_barrel_no_marriages_contract_mode_only_c_and_the_marriage_scores_nothing() -> None:
    # online, C = 121: seat 1 on the barrel holds the ♥ marriage, yet his cap is 120: his only
    # contract is his automatic 121; W gives him 120 card points (the marriage counts 0): failed
    # at exactly C, first attempt (as_declarer), idle opponents: nothing changes
    rules = {"target": 321, "barrel_at": 200, "barrel_no_marriages": True}
    m = replay_record(record(rules, w_deal(220), dict(W, actions=[
        "pass", "pass", "give 0 9H", "give 2 JH"]), preset="online")).match
    assert m.legal_texts() == ["contract 121"] and m.observation(1)["cap"] == 120
    rec = record(rules, w_deal(220), w_deal(121), preset="online")
    assert sheet(rec)[1] == (1, 1, 121, 121, [0, 120, 0], [0, 0, 0],
                             [["idle"], ["barrel"], ["idle"]])
    # round_declarer: raw 120 rounds to 120 < 121, still failed
    rec = record({**rules, "round_declarer": True}, w_deal(220), w_deal(121), preset="online")
    assert sheet(rec)[1][5] == [0, 0, 0]


def test_accumulate_gathers_deal_points_and_wins_or_not_without_marriages() -> None:
    acc = {"target": 400, "barrel_at": 200, "barrel_mode": "accumulate"}
    auction = ("pass", "bid 105", "pass")  # dealer 1: seat 0 passes, seat 1 bids, seat 2 passes
    # W again: 200 + 220 (cards and marriage, exact) = 420 >= 400 wins; contract irrelevant
    rec = record(acc, w_deal(220), w_deal(220, *auction))
    assert sheet(rec)[1] == (1, 1, 105, 220, [0, 220, 0], [0, 220, 0],
                             [["B"], ["barrel"], ["B"]])
    assert top(rec)["winner"] == 1 and top(rec)["settlement"] == [-420, 840, -420]
    # barrel_no_marriages: bids and contracts up to 120; 200 + 120 = 320 stays on the barrel
    rules = {**acc, "barrel_no_marriages": True}
    m = replay_record(record(rules, w_deal(220), dict(W, actions=["pass"]))).match
    assert m.legal_texts() == ["pass", "bid 105", "bid 110", "bid 115", "bid 120"]
    m = replay_record(record(rules, w_deal(220), dict(W, actions=[
        *auction, "give 0 9H", "give 2 JH"]))).match
    assert m.legal_texts() == ["contract 105", "contract 110", "contract 115", "contract 120"]
    refused(m, "contract 125", "above your cap of 120")
    rec = record(rules, w_deal(220), w_deal(120, *auction))
    assert sheet(rec)[1] == (1, 1, 105, 120, [0, 120, 0], [0, 120, 0],
                             [["B"], ["barrel"], ["B"]])
    assert top(rec)["winner"] is None and top(rec)["totals"] == [0, 320, 0]


# -- a sale in a played deal (§11.5 talon_buying) -----------------------------------------------
def test_a_sold_talon_in_a_played_deal_credits_the_seller_beside_his_bolt() -> None:
    # seat 1's forced 100, seat 2 passes, seat 0 bids 105, seat 1 passes: seat 0 wins the
    # auction; seat 1 buys (seat 0 +120), seats 2 and 0 decline; seat 1 plays W at 220
    auction = ("pass", "bid 105", "pass", "buy", "decline", "decline")
    rec = record({"talon_buying": True}, w_deal(220, *auction))
    assert sheet(rec) == [(0, 1, 105, 220, [0, 220, 0], [120, 220, 0],
                           [["sold", "B"], [], ["B"]])]
    rec = record({"talon_buying": True, "golden_horse": True}, w_deal(220, *auction))
    assert sheet(rec)[0][5] == [240, 440, 0]  # the credit is a step-1 score: doubled


# -- §7 tie-breaks and collisions through write-offs ------------------------------------------
def test_two_opponents_cross_together_and_two_climbers_collide() -> None:
    wo = d_deal("pass", "pass", "writeoff")  # seat 1 writes off 100 each time (same dealer)
    rules = {"target": 200, "writeoff_next_dealer": "same", "writeoff_limit": 5}
    # barrel off: seats 0 and 2 reach 200 together; no declarer among them, equal totals:
    # the first clockwise from the dealer's (0) left who crossed is seat 2
    rec = record({**rules, "barrel": False}, wo, wo, wo, wo)
    assert top(rec) == {"totals": [200, -400, 200], "winner": 2, "complete": True,
                        "open_deal": None, "settlement": [0, -600, 600],
                        "barrel_falls": [0, 0, 0]}
    # barrel at 150: both climb on in deal 3 and fall off together: 150 - 120 = 30
    rec = record({**rules, "barrel_at": 150}, wo, wo, wo, wo)
    assert sheet(rec)[2] == (0, 1, 100, None, [0, 0, 0], [-70, -100, -70],
                             [["barrel", "barrel-fall"], ["P"], ["barrel", "barrel-fall"]])
    assert top(rec)["totals"] == [80, -400, 80] and top(rec)["barrel_falls"] == [1, 0, 1]


# -- redeal_bad_talon under a standing blind (§11.5) -------------------------------------------
def test_a_hidden_blind_talon_with_two_nines_may_be_redealt_and_counts_for_nothing() -> None:
    bad = {"hands": ["AS TS KS QS JS AC TC", "AH TH KH QH JH 9H KC", "AD TD KD QD JD 9D QC"],
           "talon": "9S 9C JC"}
    rules = {"blind_bid": True, "redeal_bad_talon": True, "golden_horse": True}
    m = replay_record(record(rules, dict(bad, actions=["blind", "pass", "pass"]))).match
    assert m.observation(0)["talon"] is None and m.legal_texts()[-1] == "redeal"
    # the redealt deal is not a golden-horse deal: the next (same dealer) is doubled
    rec = record(rules, dict(bad, actions=["blind", "pass", "pass", "redeal"]),
                 d_deal("bid 100", "pass", "pass", "writeoff"))
    assert sheet(rec) == [
        (0, None, None, None, [0, 0, 0], [0, 0, 0], [["redeal"], ["redeal"], ["redeal"]]),
        (0, 1, 100, None, [0, 0, 0], [100, -200, 100], [["x2"], ["P", "x2"], ["x2"]])]


# -- §11.P.1: an option that needs another has no effect without it ----------------------------
def test_options_without_what_they_need_change_nothing() -> None:
    idle = {"ace_marriage_rule": "strict", "golden_horse_120": True,
            "barrel_after_reset": "never", "blind_bidders": "any", "blind_doubles": "all",
            "blind_min_score": 500, "cut_by": "right", "cut_penalty": 100}
    wo = d_deal("pass", "pass", "writeoff")
    assert sheet(record(idle, w_deal(220), wo)) == sheet(record({}, w_deal(220), wo))


# -- §11.P.11: the golden-horse reset also resets the barrel falls ----------------------------
def test_golden_horse_reset_clears_the_barrel_falls_and_the_barrel() -> None:
    # target 300, barrel_at 100 (C = 200); each forced bidder declares and writes off
    rules = {"golden_horse": True, "golden_horse_120": True, "target": 300, "barrel_at": 100,
             "writeoff_on_barrel": "allowed"}
    wo = d_deal("writeoff")
    rec = record(rules, wo, wo, wo, d_deal())
    assert sheet(rec) == [
        # seat 1 -120 x 2; seats 0 and 2 +60 x 2 both climb to 100 and collide: 100 - 120
        (0, 1, 120, None, [0, 0, 0], [-20, -240, -20],
         [["x2", "barrel", "barrel-fall"], ["P", "x2"], ["x2", "barrel", "barrel-fall"]]),
        # seat 2 -240; seat 0 -20 + 120 = 100 climbs on; seat 1 -240 + 120 = -120
        (1, 2, 120, None, [0, 0, 0], [120, 120, -240], [["x2", "barrel"], ["x2"], ["P", "x2"]]),
        # seat 0, on the barrel, is the forced bidder: max(120, C) = 200; his write-off costs
        # him nothing, the others gain 100 x 2; nobody made a contract: every total to 0
        (2, 0, 200, None, [0, 0, 0], [-100, 120, 260],
         [["P", "x2", "barrel", "golden-reset"], ["x2", "golden-reset"],
          ["x2", "golden-reset"]])]
    assert top(rec)["barrel_falls"] == [0, 0, 0] and top(rec)["totals"] == [0, 0, 0]
    assert top(rec)["open_deal"] == {"dealer": 0, "phase": "bidding", "to_act": 2}  # an auction
