"""ThousandMatch: dealing, redeals, bidding, talon, contract and write-off (rules/thousand.md §3-5).

Deals are explicit cards in record notation; dealer 0 unless said, so seat 1 holds the forced 100
and bids go 1 (forced), 2, 0, 1, ...
"""

from __future__ import annotations

from typing import Any

import pytest

from kozyr.cards import cards_of, parse_hand
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand.deal import cut, deal_deck
from tests.games.thousand.fixtures import dealt, play, refused

# Seat 0 ♠ marriage (cap 160), seat 1 ♥ (cap 220), seat 2 ♦ (cap 200); the talon brings QC.
DEAL_A = {"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D KC"],
          "talon": "QC JC 9C"}
# Seat 2 is poor (9 points); nobody else may ask for a redeal.
DEAL_POOR = {"hands": ["AS TS KS QS AC TC KC", "AH TH KH QH AD TD KD", "9S 9C 9D JC JD JH QD"],
             "talon": "JS QC 9H"}
# Seat 1 holds four nines (25 points).
DEAL_NINES = {"hands": ["AS TS KS QS AC TC KC", "9S 9C 9D 9H AH TH KH", "AD TD KD QD JD QH JH"],
              "talon": "JS QC JC"}
# The talon is worth 2 points.
DEAL_POOR_TALON = {"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH QC TC",
                             "AD TD KD QD JD 9D KC"], "talon": "9C JC 9H"}


def new(deal: dict[str, Any] | None = DEAL_A, preset: str = "classic", dealer: int = 0,
        **overrides: Any) -> ThousandMatch:
    """Return a match of ``preset`` + ``overrides`` with ``deal`` dealt by ``dealer``."""
    return dealt(deal, preset, dealer, seed=7, **overrides)


def test_seeded_deals_are_reproducible_and_use_24_distinct_cards() -> None:
    a, b = new(None), new(None)
    a.deal()
    b.deal()
    assert a.record_deals() == b.record_deals()
    rec = a.record_deals()[0]
    cards = " ".join([*rec["hands"], rec["talon"]]).split()
    assert len(cards) == len(set(cards)) == 24
    other = ThousandMatch(ThousandRules.from_preset("classic"), seed=8, first_dealer=0)
    other.deal()
    assert other.record_deals() != a.record_deals()


def test_first_dealer_by_lot_from_the_seed() -> None:
    rules = ThousandRules.from_preset("classic")
    dealers = {ThousandMatch(rules, seed=s).first_dealer for s in range(30)}
    assert dealers == {0, 1, 2}
    assert ThousandMatch(rules, seed=3).first_dealer == ThousandMatch(rules, seed=3).dealer


@pytest.mark.parametrize(("cards", "message"), [
    ({"hands": ["AS TS", "AH", "AD"], "talon": "QC JC 9C"}, "must hold 7 cards"),
    ({**DEAL_A, "talon": "QC JC QC"}, "listed twice"),
    ({**DEAL_A, "talon": "QC JC 8C"}, "not a Thousand card"),
    ({**DEAL_A, "talon": "QC JC AS"}, "dealt twice"),
    ({"hands": DEAL_A["hands"][:2], "talon": "QC JC 9C"}, "list of 3 hands"),
    ({**DEAL_A, "stock": "AS"}, "unknown key"),
    ({**DEAL_A, "talon": "QC JC XX"}, "not a card"),
])
def test_explicit_cards_are_validated(cards: dict[str, Any], message: str) -> None:
    m = new(None)
    with pytest.raises(RecordError, match=message):
        m.deal(cards)
    assert m.awaiting_deal and m.record_deals() == []


def test_cannot_deal_twice() -> None:
    m = new()
    with pytest.raises(IllegalActionError, match="a deal is under way"):
        m.deal()


def test_no_shuffle_deals_the_gathered_cards_cut() -> None:
    m = new(None, no_shuffle=True)
    m.deal()
    play(m, "pass", "pass", "writeoff")  # seat 1 keeps the forced 100 and writes off
    m.deal()
    first, second = m.record_deals()
    # a write-off gathers the hands in seat order (low card first), the talon being in seat 1's
    held = [parse_hand(h) for h in first["hands"]]
    held[1] |= parse_hand(first["talon"])
    gathered = [c for h in held for c in sorted(cards_of(h))]
    assert len(gathered) == 24
    cuts = [deal_deck(cut(gathered, p), 3, 1).to_record(3) for p in range(1, 24)]
    assert {"hands": second["hands"], "talon": second["talon"]} in cuts
    shuffled = new(None)
    shuffled.deal()
    play(shuffled, "pass", "pass", "writeoff")
    shuffled.deal()
    s1, s2 = shuffled.record_deals()
    held = [parse_hand(h) for h in s1["hands"]]
    held[1] |= parse_hand(s1["talon"])
    gathered = [c for h in held for c in sorted(cards_of(h))]
    cuts = [deal_deck(cut(gathered, p), 3, 1).to_record(3) for p in range(1, 24)]
    assert {"hands": s2["hands"], "talon": s2["talon"]} not in cuts


# -- redeal ------------------------------------------------------------------------------------
def test_redeal_before_bidding_asks_only_eligible_players() -> None:
    m = new(DEAL_POOR)
    assert (m.phase, m.current_player(), m.legal_texts()) == ("redeal", 2, ["redeal", "keep"])
    refused(m, "bid 110", "not possible in the redeal phase")
    play(m, "keep")
    assert (m.phase, m.current_player()) == ("bidding", 2)
    assert m.observation(None)["bid"] == 100


def test_first_redeal_ends_the_deal_and_the_same_dealer_deals_again() -> None:
    m = new(DEAL_POOR)
    play(m, "redeal")
    assert m.awaiting_deal and m.dealer == 0 and m.deal_index == 1
    row = m.sheet[0].to_json()
    assert row["declarer"] is None and row["marks"] == [["redeal"]] * 3
    assert m.record_deals()[0]["actions"] == ["redeal"]
    m.deal(DEAL_A)
    assert m.dealer == 0 and m.current_player() == 2


def test_four_nines_may_ask_for_a_redeal() -> None:
    m = new(DEAL_NINES)
    assert (m.phase, m.current_player()) == ("redeal", 1)
    play(m, "keep")
    assert m.phase == "bidding"


def test_no_redeal_round_without_an_eligible_player_or_with_the_option_off() -> None:
    assert new(DEAL_A).phase == "bidding"
    assert new(DEAL_POOR, redeal=False).phase == "bidding"
    assert new(DEAL_POOR, redeal_below=5).phase == "bidding"


def test_redeal_after_pass_comes_when_everyone_holds_8_cards() -> None:
    m = new(DEAL_POOR, "online")
    assert m.phase == "bidding"
    play(m, "pass", "pass")  # seat 1 keeps the forced 100
    assert m.phase == "talon"
    play(m, "give 2 9H")
    assert m.phase == "talon"
    play(m, "give 0 QC")
    # asked from the declarer's left: seat 2 (9 points with 9H) is the only eligible one
    assert (m.phase, m.current_player()) == ("redeal", 2)
    play(m, "keep")
    assert (m.phase, m.current_player()) == ("contract", 1)


def test_redeal_after_pass_asks_the_declarer_last() -> None:
    deal = {"hands": ["AS TS AC TC AD TD AH", "9S 9C 9D 9H KS KC KD", "JS JC JD JH QS QC QD"],
            "talon": "TH KH QH"}
    m = new(deal, "online", redeal_below=30)
    play(m, "pass", "pass", "give 2 TH", "give 0 KH")
    assert m.observation(None)["hand_sizes"] == [8, 8, 8]
    asked = []
    while m.phase == "redeal":
        asked.append(m.current_player())
        play(m, "keep")
    assert asked == [2, 1] and m.phase == "contract"
    m2 = new(DEAL_POOR, "online")
    play(m2, "pass", "pass", "give 2 9H", "give 0 QC")
    assert m2.current_player() == 2
    play(m2, "redeal")
    assert m2.awaiting_deal and m2.sheet[-1].marks[0] == ("redeal",)


def test_two_players_redeal_after_pass_comes_after_the_discards() -> None:
    m = new({"hands": ["9S 9C 9D 9H JS JC QS QC KS KC", "AS TS AC TC AD TD KD QD AH TH"],
             "talon": ["JD JH", "KH QH"]}, "two_players",
            redeal_when="after_pass")
    assert m.phase == "bidding" and m.current_player() == 0
    play(m, "pass", "take 0", "discard JD")
    assert m.phase == "talon"
    play(m, "discard JH")
    assert (m.phase, m.current_player()) == ("redeal", 0)


# -- bidding -----------------------------------------------------------------------------------
def test_forced_100_is_automatic_and_not_written() -> None:
    m = new()
    obs = m.observation(None)
    assert (obs["bid"], obs["high_bidder"], obs["to_act"]) == (100, 1, 2)
    assert obs["history"] == [[1, "bid 100"]]
    assert m.record_deals()[0]["actions"] == []


def test_forced_bidder_dealer_option() -> None:
    m = new(forced_bidder="dealer")
    assert m.observation(None)["history"] == [[0, "bid 100"]]
    assert m.current_player() == 1


def test_cap_is_120_plus_marriages_in_hand() -> None:
    m = new()
    assert m.legal_texts()[-1] == "bid 200"  # seat 2: ♦ marriage
    refused(m, "bid 205", r"bid 205 is above your cap of 200 \(marriages ♦\)")
    play(m, "bid 105")
    assert m.legal_texts()[-1] == "bid 160"  # seat 0: ♠ marriage
    play(m, "pass")
    assert m.legal_texts()[-1] == "bid 220"  # seat 1: ♥ marriage
    m2 = new({"hands": ["AS TS KS JS 9S AC TC", "AH TH KH JH 9H KC JC", "AD TD KD JD 9D QS QH"],
              "talon": "QC QD 9C"})
    assert m2.legal_texts()[-1] == "bid 120"
    refused(m2, "bid 135", r"bid 135 is above your cap of 120 \(no marriage\)")


def test_ace_marriage_counts_200_in_the_cap() -> None:
    deal = {"hands": ["AS AC AD AH KS QS 9S", "TH KH QH JH 9H TC JC", "TD KD QD JD 9D KC TS"],
            "talon": "QC 9C JS"}
    m = new(deal, ace_marriage=True)
    play(m, "pass")
    assert m.legal_texts()[-1] == "bid 300"  # 120 + ♠ 40 + aces 200 = 360, max_bid 300
    m2 = new(deal)
    play(m2, "pass")
    assert m2.legal_texts()[-1] == "bid 160"


def test_steps_and_max_bid() -> None:
    m = new()
    refused(m, "bid 107", "not a multiple of 5")
    refused(m, "bid 100", "not above the current bid of 100")
    m10 = new(bid_step=10)
    assert m10.legal_texts()[1:4] == ["bid 110", "bid 120", "bid 130"]
    refused(m10, "bid 105", "not a multiple of 10")
    capped = new(max_bid=150)
    assert capped.legal_texts()[-1] == "bid 150"
    refused(capped, "bid 155", "above the table's maximum of 150")


def test_both_pass_at_once_the_forced_bidder_declares_at_100() -> None:
    m = new()
    play(m, "pass", "pass")
    obs = m.observation(None)
    assert (obs["declarer"], obs["bid"], m.phase, m.current_player()) == (1, 100, "talon", 1)


def test_a_pass_is_final_and_turns_go_round() -> None:
    m = new()
    play(m, "bid 105", "bid 110")
    assert m.current_player() == 1
    play(m, "bid 115", "pass")
    assert m.current_player() == 0  # seat 2 passed: 0 and 1 go on
    play(m, "bid 120")
    assert m.current_player() == 1
    play(m, "pass")
    assert m.observation(None)["declarer"] == 0 and m.phase == "talon"


def test_trading_in_red_passes_automatically() -> None:
    m = new(None, trading_in_red=-100)
    m.score.totals[2] = -150
    m.deal(DEAL_A)
    assert m.current_player() == 0
    assert m.observation(None)["history"] == [[1, "bid 100"], [2, "pass"]]
    play(m, "bid 105")
    assert m.current_player() == 1
    play(m, "pass")
    assert m.observation(None)["declarer"] == 0
    assert m.record_deals()[0]["actions"] == ["bid 105", "pass"]


def test_blind_bid_is_a_decision_and_hides_the_hand() -> None:
    m = new(blind_bid=True)
    assert (m.current_player(), m.legal_texts()) == (1, ["blind", "bid 100"])
    assert m.observation(1)["hand"] is None and m.observation(1)["bid"] is None
    refused(m, "pass", "say blind")
    play(m, "blind")
    assert m.observation(1)["hand"] is None and m.observation(1)["blind"] is True
    play(m, "pass", "pass")
    assert m.observation(1)["hand"] is not None  # he looks once the bidding is over
    assert m.observation(0)["talon"] is None and m.observation(None)["talon"] is None
    assert m.observation(1)["talon"] == "QC JC 9C"
    assert m.outcome("played").blind is True
    assert m.record_deals()[0]["actions"] == ["blind", "pass", "pass"]


def test_blind_outbid_looks_at_his_cards_and_plays_normally() -> None:
    m = new(blind_bid=True)
    play(m, "blind", "bid 125")
    obs = m.observation(1)
    assert obs["hand"] == "TC AH TH KH QH JH 9H" and obs["blind"] is False
    play(m, "pass", "pass")
    assert m.observation(None)["talon"] == "QC JC 9C"
    assert m.outcome("played").blind is False


def test_blind_option_bid_100_is_written() -> None:
    m = new(blind_bid=True)
    play(m, "bid 100", "pass", "pass")
    assert m.record_deals()[0]["actions"] == ["bid 100", "pass", "pass"]
    assert m.observation(None)["talon"] == "QC JC 9C"


def _on_barrel(m: ThousandMatch, seat: int) -> None:
    m.score.totals[seat] = m.rules.barrel_at
    m.score.on_barrel[seat] = True


def test_barrel_player_bids_c_automatically_at_his_first_turn() -> None:
    m = new(None)
    _on_barrel(m, 2)
    m.deal(DEAL_A)
    obs = m.observation(None)
    assert obs["history"] == [[1, "bid 100"], [2, "bid 120"]] and obs["barrel"] == [2]
    assert m.current_player() == 0 and m.legal_texts()[1] == "bid 125"
    play(m, "pass", "bid 125")
    assert m.current_player() == 2  # now a normal turn
    play(m, "pass")
    assert m.record_deals()[0]["actions"] == ["pass", "bid 125", "pass"]


def test_barrel_player_as_forced_bidder_opens_with_c_and_121_online() -> None:
    m = new(None, "online", dealer=1)
    _on_barrel(m, 2)
    m.deal(DEAL_A)
    assert m.observation(None)["history"] == [[2, "bid 121"]]
    assert m.legal_texts()[:2] == ["pass", "bid 125"]
    play(m, "pass", "pass")
    assert m.observation(None)["declarer"] == 2 and m.legal_texts()[0] == "give 0 9C"
    play(m, "give 0 9C", "give 1 JC")
    assert m.legal_texts()[0] == "contract 121"


def test_barrel_player_at_or_above_c_takes_a_normal_turn() -> None:
    m = new(None)
    _on_barrel(m, 0)
    m.deal(DEAL_A)
    play(m, "bid 130")
    assert m.current_player() == 0 and "pass" in m.legal_texts()


def test_barrel_bidding_off_makes_him_declarer_at_c() -> None:
    m = new(None, barrel_bidding=False)
    _on_barrel(m, 0)
    m.deal(DEAL_A)
    obs = m.observation(None)
    assert (m.phase, obs["declarer"], obs["bid"], m.current_player()) == ("talon", 0, 120, 0)
    assert m.record_deals()[0]["actions"] == []
    assert "writeoff" not in m.legal_texts()  # nobody writes off while a barrel player sits


# -- talon, giving, contract, write-off ----------------------------------------------------------
def test_talon_is_shown_and_taken_then_one_card_to_each_opponent() -> None:
    m = new()
    play(m, "bid 105", "pass", "pass")
    obs = m.observation(None)
    assert (obs["talon"], obs["declarer"], obs["hand_sizes"]) == ("QC JC 9C", 2, [7, 7, 10])
    refused(m, "give 2 9C", "seat 2 is not one of your opponents")
    refused(m, "give 0 AS", "you do not hold AS")
    refused(m, "contract 120", "not possible in the talon phase")
    play(m, "give 0 9C")
    refused(m, "give 0 JC", "already given seat 0 a card")
    play(m, "give 1 JC")
    assert m.phase == "contract" and m.observation(None)["hand_sizes"] == [8, 8, 8]


def test_contract_at_least_the_bid_and_capped_by_marriages_after_the_talon() -> None:
    m = new()
    play(m, "bid 105", "pass", "pass", "give 0 9C", "give 1 JC")
    # seat 2 now holds ♦ and ♣ (KC + QC from the talon) marriages: cap 260
    assert m.legal_texts()[:2] == ["contract 105", "contract 110"]
    assert m.legal_texts()[-2:] == ["contract 260", "writeoff"]
    refused(m, "contract 100", "the contract must be at least your bid of 105")
    refused(m, "contract 265", r"above your cap of 260 \(marriages ♣ ♦\)")
    play(m, "contract 260")
    assert (m.phase, m.observation(0)["contract"]) == ("play", 260)


def test_keeping_the_winning_bid_is_always_allowed() -> None:
    m = new()
    play(m, "bid 200", "pass", "pass", "give 0 KD", "give 1 JC")  # gives his ♦ marriage away
    assert m.legal_texts()[:2] == ["contract 200", "writeoff"]  # cap 180 < 200
    refused(m, "contract 205", "above your cap of 180")


def test_writeoff_before_or_after_giving_and_in_the_contract_phase() -> None:
    for steps in ([], ["give 0 9C"], ["give 0 9C", "give 1 JC"]):
        m = new()
        play(m, "bid 105", "pass", "pass", *steps, "writeoff")
        row = m.sheet[0]
        assert (row.declarer, row.bid, row.contract, row.marks[2]) == (2, 105, None, ("P",))
        assert m.awaiting_deal and m.dealer == 1


def test_writeoff_refused_when_off_or_in_bidding() -> None:
    m = new(allow_writeoff=False)
    play(m, "bid 105", "pass", "pass")
    refused(m, "writeoff", "write-offs are off")
    m2 = new()
    refused(m2, "writeoff", "not possible in the bidding phase")


def test_writeoff_limit_from_the_score() -> None:
    m = new(None, writeoff_limit=1)
    m.score.writeoffs[2] = 1
    m.deal(DEAL_A)
    play(m, "bid 105", "pass", "pass")
    assert "writeoff" not in m.legal_texts()
    refused(m, "writeoff", "used your 1 write-off")


def test_poor_talon_redeal_at_the_forced_100_only_before_giving() -> None:
    m = new(DEAL_POOR_TALON, redeal_poor_talon=True)
    play(m, "pass", "pass")
    assert "redeal" in m.legal_texts()
    before = new(DEAL_POOR_TALON, redeal_poor_talon=True)
    play(before, "pass", "pass", "give 0 9C")
    refused(before, "redeal", "before giving")
    play(m, "redeal")
    assert m.awaiting_deal and m.sheet[0].marks == (("redeal",),) * 3 and m.dealer == 0
    raised = new(DEAL_POOR_TALON, redeal_poor_talon=True)
    play(raised, "bid 105", "pass", "pass")
    refused(raised, "redeal", "only a declarer at the forced 100")
    rich = new(DEAL_A, redeal_poor_talon=True)
    play(rich, "pass", "pass")
    refused(rich, "redeal", "worth 5 points or more")
    off = new(DEAL_POOR_TALON)
    play(off, "pass", "pass")
    refused(off, "redeal", "no redeal at this table")


def test_hidden_talon_on_a_forced_100() -> None:
    m = new(hide_talon_on_forced_100=True)
    play(m, "pass", "pass")
    assert m.observation(None)["talon"] is None and m.observation(0)["talon"] is None
    assert m.observation(1)["talon"] == "QC JC 9C"
    raised = new(hide_talon_on_forced_100=True)
    play(raised, "bid 105", "pass", "pass")
    assert raised.observation(0)["talon"] == "QC JC 9C"


def test_501_declarer_names_a_trump_then_the_contract() -> None:
    m = new(preset="501")
    play(m, "bid 105", "pass", "pass", "give 0 9C", "give 1 JC")
    assert m.legal_texts() == ["trump S", "trump C", "trump D", "trump H", "writeoff"]
    refused(m, "contract 105", "name the trump first")
    play(m, "trump H")
    assert m.observation(None)["trump"] == "H"
    refused(m, "trump S", "already")
    assert m.legal_texts()[0] == "contract 105"
    m2 = new()
    play(m2, "bid 105", "pass", "pass", "give 0 9C", "give 1 JC")
    refused(m2, "trump H", "names no trump")


# -- the checked API ---------------------------------------------------------------------------
def test_illegal_actions_change_nothing() -> None:
    m = new()
    refused(m, "bid 110", "it is seat 2's turn", seat=0)
    refused(m, "play AD", "not possible in the bidding phase")
    refused(m, "take 0", "only two players")
    refused(m, "nonsense", "not a Thousand action")
    refused(m, "bid x", "not a whole number")
    refused(m, "play 1X", "not a card")
    play(m, "bid 110")
    assert m.current_player() == 0


def test_no_action_between_deals() -> None:
    m = new(None)
    with pytest.raises(IllegalActionError, match="have not been dealt"):
        m.apply("pass")
    assert m.legal_actions() == [] and m.current_player() is None and m.phase == "deal"
    assert m.open_deal() is None


def test_parse_and_format_actions() -> None:
    m = new()
    for text in ("bid 105", "pass", "redeal", "keep", "blind", "take 1", "give 2 TH",
                 "discard 9S", "contract 120", "writeoff", "trump D", "play AS",
                 "play QH marriage"):
        assert m.action_to_text(m.parse_action(text)) == text
    assert m.parse_action("PLAY 10♥") == m.parse_action("play TH")
    assert m.why_illegal(m.parse_action("bid 105")) is None
    assert m.why_illegal(99999) == "it is no Thousand action"


def test_cut_ritual_three_nines_cost_the_cutter_120_outside_the_sheet() -> None:
    rules = ThousandRules.from_preset("classic", cut_ritual=True, no_shuffle=True)
    hits = []
    for seed in range(2000):
        m = ThousandMatch(rules, seed=seed, first_dealer=0)
        m.deal()
        if m.cut_penalties:
            hits.append(m)
    assert 0 < len(hits) < 40  # a nine at the bottom three times: 1 deal in 216, 9 expected
    m = hits[0]
    assert m.cut_penalties == [[0, 1, 120]]  # seat 1, left of the dealer, cut
    assert m.observation(None)["cut_penalties"] == [[0, 1, 120]]
    plain = ThousandMatch(ThousandRules.from_preset("classic", no_shuffle=True), seed=m.seed,
                          first_dealer=0)
    plain.deal()
    assert plain.cut_penalties == [] and plain.record_deals() != m.record_deals()


def test_four_players_forced_bidder_is_left_of_the_dealer_whatever_the_option() -> None:
    deal = {"hands": ["", "AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D KC"],
            "talon": "QC JC 9C"}
    for option in ("left_of_dealer", "dealer"):
        m = new(deal, "four_players", forced_bidder=option)
        assert m.observation(None)["history"] == [[1, "bid 100"]] and m.current_player() == 2
