"""The talon's conventions of rules/thousand.md §11.5 and §11.P: ``talon_buying``,
``redeal_bad_talon``, the strike-out, the write-off by aces, ``writeoff_next_dealer``.

Sheets worked out by hand from the rules page; the deal ``D`` (dealer 0) is the one of
test_auction_conventions: seat 0 holds AS and AC, seat 1 AH, seat 2 AD.
"""

from __future__ import annotations

from typing import Any

from kozyr.records import replay_record
from tests.games.thousand.fixtures import dealt, play, refused
from tests.games.thousand.test_auction_conventions import D, record, round_trip, rows

#: Seat 2 bids 105, the others pass: seat 2 declares, the talon QC JC 9C shown.
AUCTION = ["bid 105", "pass", "pass"]
BAD: dict[str, Any] = {"hands": [*D["hands"][:2], "AD TD KD QD JD QC KC"], "talon": "9C 9D JC"}


# -- talon_buying --------------------------------------------------------------------------------
def test_buying_round_a_buy_and_the_write_off_of_the_buyer() -> None:
    m = dealt(D, talon_buying=True)
    play(m, *AUCTION)
    # the talon lies shown; seat 2's opponents are asked from his left: seat 0, then seat 1
    obs = m.observation(0)
    assert (m.phase, m.current_player(), m.legal_texts()) == ("talon", 0, ["buy", "decline"])
    assert (obs["talon"], obs["buyer_asked"], obs["sales"], obs["hand_sizes"]) == (
        "QC JC 9C", 0, [], [7, 7, 7])
    play(m, "decline", "buy")
    # seat 1 bought: he declares at the bid 105, and seat 2's opponents... now seat 1's are asked
    assert (m.observation(None)["declarer"], m.current_player(), m.observation(None)["sales"]) \
        == (1, 2, [2])
    play(m, "decline", "decline")
    assert (m.current_player(), m.observation(None)["buyer_asked"]) == (1, None)
    assert m.observation(1)["hand"] == "TC QC JC 9C AH TH KH QH JH 9H"
    play(m, "writeoff")
    # seat 1: -105; each opponent +55 (half of 105 rounded up); the seller seat 2 +120
    assert [(r.declarer, r.bid, r.scores, r.marks) for r in m.sheet] == [
        (1, 105, (55, -105, 175), ((), ("P",), ("sold",)))]
    round_trip(m)


def test_buying_back_credits_120_then_240() -> None:
    acts = [*AUCTION, "decline", "buy", "decline", "buy", "decline", "decline",
            "give 1 9C", "give 2 JC", "writeoff"]
    # 2 sells to 1 (120 for 2), 1 sells to 0 (240 for 1); 0 writes off 105
    assert rows(record({"talon_buying": True}, dict(D, actions=acts))) == [
        (0, 105, [-105, 295, 175], [["P"], ["sold"], ["sold"]])]


def test_buying_refused_by_the_declarer_and_when_not_offered() -> None:
    m = dealt(D, talon_buying=True)
    play(m, *AUCTION, "decline", "decline")
    assert m.current_player() == 2  # nobody bought: the declarer took the talon
    refused(m, "buy", "you are the declarer: the talon is yours")
    refused(m, "decline", "you are the declarer")
    plain = dealt(D)
    play(plain, *AUCTION)
    refused(plain, "buy", "the talon is not for sale at this table")


def test_buying_refused_out_of_turn_and_while_offered_nothing_else() -> None:
    m = dealt(D, talon_buying=True, allow_strikeout=True)
    play(m, *AUCTION)
    assert "writeoff" not in m.legal_texts()
    refused(m, "buy", "it is seat 0's turn", seat=1)
    refused(m, "writeoff", "the talon is offered for sale: buy or decline first")
    refused(m, "give 1 9C", "the talon is offered for sale: buy or decline first")


def test_no_buying_when_the_talon_is_hidden_or_a_blind_stands() -> None:
    m = dealt(D, talon_buying=True, hide_talon_on_forced_100=True)
    play(m, "pass", "pass")  # the forced 100 stands: the talon stays hidden
    assert m.current_player() == 1 and "buy" not in m.legal_texts()
    m = dealt(D, talon_buying=True, blind_bid=True)
    play(m, "blind", "pass", "pass")
    assert m.current_player() == 1 and m.legal_texts()[0].startswith("give")


def test_four_players_the_sitting_out_dealer_is_not_asked() -> None:
    four = {"hands": ["", "AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
                      "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C"}
    m = dealt(four, "four_players", talon_buying=True)
    play(m, "bid 105", "pass", "pass")  # seats 2, 3, 1: seat 2 declares
    asked = []
    while m.legal_texts() == ["buy", "decline"]:
        asked.append(m.current_player())
        play(m, "decline")
    assert asked == [3, 1] and m.current_player() == 2


def test_a_buyer_may_not_demand_the_bad_talon_redeal() -> None:
    m = dealt(BAD, talon_buying=True, redeal_bad_talon=True)
    play(m, *AUCTION, "buy")
    play(m, "decline", "decline")
    assert m.current_player() == 0 and "redeal" not in m.legal_texts()
    refused(m, "redeal", "you bought the talon: you saw it first")


def test_a_redealt_deal_credits_no_sale() -> None:
    # §11.P.9: bought, then the after-pass redeal round ends the deal
    poor = {"hands": ["AS TS KS QS AC TC KC", "9S JS 9C QC 9D JD 9H", "AD TD KD QD AH TH KH"],
            "talon": "QH JH JC"}
    m = dealt(poor, talon_buying=True, redeal_when="after_pass")
    play(m, "pass", "bid 105", "pass")  # seat 0 bids 105 (seat 1 held the forced 100)
    play(m, "decline", "buy", "decline", "decline")  # seat 2 buys from seat 0
    assert m.outcome("played").sales == (0,)
    play(m, "give 0 QH", "give 1 KH")
    assert (m.phase, m.current_player()) == ("redeal", 1)  # 9S JS 9C QC 9D JD 9H + KH
    assert m.outcome("redeal").sales == ()
    play(m, "redeal")
    assert m.sheet[-1].scores == (0, 0, 0) and m.sheet[-1].marks == (("redeal",),) * 3


# -- redeal_bad_talon ------------------------------------------------------------------------------
def test_bad_talon_two_nines_gives_a_redeal_whatever_the_bid() -> None:
    m = dealt(BAD, redeal_bad_talon=True)
    play(m, *AUCTION)  # seat 2 at 105, talon 9C 9D JC: 2 points, two nines
    assert m.legal_texts()[-1] == "redeal"
    play(m, "redeal")
    assert [(r.declarer, r.scores, r.marks) for r in m.sheet] == [
        (None, (0, 0, 0), (("redeal",),) * 3)]
    assert m.observation(None)["dealer"] == 0  # the same dealer deals again
    round_trip(m)


def test_bad_talon_redeal_refused_after_a_give_and_for_a_good_talon() -> None:
    m = dealt(BAD, redeal_bad_talon=True)
    play(m, *AUCTION, "give 0 9C")
    refused(m, "redeal", "a redeal for the talon must come before giving or discarding")
    good = dealt(D, redeal_bad_talon=True)  # QC JC 9C: 5 points, one nine, one jack
    play(good, *AUCTION)
    refused(good, "redeal", "the talon is worth 5 points or more and holds fewer")
    off = dealt(BAD)
    play(off, *AUCTION)
    refused(off, "redeal", "a poor talon gives no redeal at this table")


def test_bad_talon_decides_when_both_talon_redeals_are_on() -> None:
    # redeal_poor_talon alone: seat 2 at 105 (not the forced 100) gets no redeal
    m = dealt(BAD, redeal_poor_talon=True)
    play(m, *AUCTION)
    assert "redeal" not in m.legal_texts()
    both = dealt(BAD, redeal_poor_talon=True, redeal_bad_talon=True)
    play(both, *AUCTION)
    assert "redeal" in both.legal_texts()


def test_bad_talon_two_players_judge_the_pile_taken() -> None:
    two = {"hands": ["AS TS KS QS JS 9S AC TC KC QC", "AH TH KH QH JH 9H AD TD KD QD"],
           "talon": ["9C 9D", "JC JD"]}
    m = dealt(two, "two_players", redeal_bad_talon=True)
    play(m, "pass")  # seat 1 held the forced 100; seat 0 passes
    assert m.legal_texts() == ["take 0", "take 1"]
    play(m, "take 1")  # JC JD: 4 points, under 5
    assert "redeal" in m.legal_texts()
    play(m, "discard 9H")
    assert "redeal" not in m.legal_texts()
    m = dealt(two, "two_players", redeal_bad_talon=True)
    play(m, "pass", "take 0")  # 9C 9D: both nines
    assert "redeal" in m.legal_texts()


# -- strike-out, write-off by aces, the next dealer ----------------------------------------------
def test_strikeout_nobody_scores_the_opponents_get_a_dash() -> None:
    m = dealt(D, allow_strikeout=True)
    play(m, *AUCTION)
    assert m.legal_texts()[-2:] == ["writeoff", "strikeout"]
    play(m, "give 0 9C", "give 1 JC")
    assert m.legal_texts()[-2:] == ["writeoff", "strikeout"]  # the contract phase too
    play(m, "strikeout")
    assert [(r.declarer, r.bid, r.contract, r.scores, r.marks) for r in m.sheet] == [
        (2, 105, None, (0, 0, 0), (("B",), ("B",), ("C",)))]
    assert m.observation(None)["dealer"] == 1 and m.score.writeoffs == [0, 0, 1]
    round_trip(m)


def test_strikeout_alone_with_writeoffs_off() -> None:
    m = dealt(D, allow_strikeout=True, allow_writeoff=False)
    play(m, *AUCTION)
    assert m.legal_texts()[-1] == "strikeout" and "writeoff" not in m.legal_texts()
    refused(m, "writeoff", "write-offs are off at this table")


def test_strikeout_refused_on_the_barrel_and_without_the_option() -> None:
    m = dealt(None, allow_strikeout=True)
    m.score.totals[0] = 880
    m.score.on_barrel[0] = True
    m.deal(D)
    play(m, *AUCTION)
    assert "strikeout" not in m.legal_texts()
    refused(m, "strikeout", "no strike-out while seat 0 is on the barrel")
    plain = dealt(D)
    play(plain, *AUCTION)
    refused(plain, "strikeout", "strike-outs are off at this table")
    refused(plain, "strikeout", "it is seat 2.s turn, not seat 0.s", seat=0)


def test_writeoff_by_aces_counts_each_opponents_aces_in_hand() -> None:
    m = dealt(D, writeoff_gain="aces")
    play(m, *AUCTION)
    assert m.outcome("writeoff").aces == (2, 1, 1)  # AS AC; AH; AD (the declarer's)
    play(m, "give 1 AD")  # now seat 1 holds two aces
    assert m.outcome("writeoff").aces == (2, 2, 0)
    play(m, "writeoff")
    assert m.sheet[-1].scores == (20, 20, -105)


def test_writeoff_next_dealer_same_deals_again() -> None:
    acts: list[Any] = [*AUCTION, "writeoff"]
    m = replay_record(record({"writeoff_next_dealer": "same"}, dict(D, actions=acts))).match
    assert m.observation(None)["dealer"] == 0 and m.sheet[-1].scores == (55, 55, -105)
    m = replay_record(record({"writeoff_next_dealer": "same", "allow_strikeout": True},
                             dict(D, actions=[*AUCTION, "strikeout"]))).match
    assert m.observation(None)["dealer"] == 0
    m = replay_record(record({}, dict(D, actions=acts))).match
    assert m.observation(None)["dealer"] == 1


def test_strikeout_two_players_after_taking_a_pile() -> None:
    two = {"hands": ["AS TS KS QS JS 9S AC TC KC QC", "AH TH KH QH JH 9H AD TD KD QD"],
           "talon": ["9C 9D", "JC JD"]}
    m = dealt(two, "two_players", allow_strikeout=True)
    play(m, "pass")
    refused(m, "strikeout", "take a pile of the talon before striking out")
    play(m, "take 0")
    assert m.legal_texts()[-2:] == ["writeoff", "strikeout"]
    play(m, "strikeout")
    # the one opponent gets the dash
    assert [(r.declarer, r.scores, r.marks) for r in m.sheet] == [(1, (0, 0), (("B",), ("C",)))]


def test_bad_talon_hidden_on_a_forced_100_qualifies() -> None:
    m = dealt(BAD, redeal_bad_talon=True, hide_talon_on_forced_100=True)
    play(m, "pass", "pass")  # seat 1's forced 100 stands: the talon stays hidden
    assert m.observation(0)["talon"] is None and "redeal" in m.legal_texts()


def test_heuristic_bots_finish_a_match_with_talon_buying_and_the_blind_for_all() -> None:
    # buying back has no limit: a bot that always bought would never end a deal
    from kozyr.bots.heuristic import HeuristicBot
    from kozyr.games.thousand import ThousandMatch, ThousandRules

    rules = ThousandRules.from_preset("classic", talon_buying=True, blind_bid=True,
                                      blind_bidders="any")
    m = ThousandMatch(rules, seed=1)
    bots = [HeuristicBot(s) for s in range(3)]
    for _ in range(5000):
        if m.is_over:
            break
        if m.awaiting_deal:
            m.deal()
            continue
        seat = m.current_player()
        assert seat is not None
        m.apply(bots[seat].act(m.view(seat)))
    assert m.is_over
