"""Debertz §9 conventions replayed as records (rules/debertz.md §9, §9.P).

Every expected row is worked out by hand from the rules page; the comments show the tricks.
Cards are written with :func:`tests.games.debertz.fixtures.make_deal` (each seat's final
hand: its first six cards, then its packet).

Two three-player deals are built by *role*: ``A`` is left of the dealer and leads trick 1,
``B`` is left of ``A``, ``C`` is the dealer; trump clubs (the turned 7C, which nobody can
swap), and AS AH AD AC stay in the stock, so 27 cards worth 108 + the last trick's 10 are in
play.  Every trick but the last is followed by all three; in the last nobody has the led suit
or a trump.

``MADE3`` (A 40, B 39, C 39)::

    A: JC 8C(B) 9C(C) 34 | A: KS JS 8S 6 | A: 9S TS QS -> B 13 | B: KH JH QH 9 |
    B: TC QC KC 17 | B: 8H TH 9H -> C 10 | C: TD JD 9D 12 | C: KD QD 8D 7 | C: 7S 7H 7D 0+10

``TIE3`` (A 40, B 40, C 38): the hearts change hands, B takes TH 8H 9H (10) and C takes
JH KH QH (9).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.bots.pimc_tricks import debertz_position
from kozyr.bots.solver import debertz as D
from kozyr.cards import parse_card
from kozyr.games import new_match
from kozyr.games.debertz import DebertzRules
from kozyr.games.debertz.position import DealView
from kozyr.games.debertz.scoring import score_deal
from kozyr.games.debertz.spec import settlement
from kozyr.records import replay_record, write_record
from tests.games.debertz.fixtures import make_deal, new, play, plays, refused

# role -> final hand (first six, then the packet)
MADE3_HANDS = {"A": "9S KS 7H 9H QH JD QD JC KC", "B": "TS JS KH 8H 9D 8D 7D TC 8C",
               "C": "QS 8S 7S TH JH TD KD 9C QC"}
MADE3_PLAY = ("JC 8C 9C | KS JS 8S | 9S TS QS | KH JH QH | TC QC KC | 8H TH 9H | TD JD 9D |"
              " KD QD 8D | 7S 7H 7D")
TIE3_HANDS = {"A": "9S KS 7H 9H QH JD QD JC KC", "B": "TS JS TH JH 9D 8D 7D TC 8C",
              "C": "QS 8S 7S KH 8H TD KD 9C QC"}
# ... | B: TH 8H 9H 10 | B: TC QC KC 17 | B: JH KH QH -> C 9 | C: TD JD 9D | KD QD 8D | 7S 7H 7D
TIE3_PLAY = ("JC 8C 9C | KS JS 8S | 9S TS QS | TH 8H 9H | TC QC KC | JH KH QH | TD JD 9D |"
             " KD QD 8D | 7S 7H 7D")


def deal3(hands: dict[str, str], dealer: int) -> dict[str, Any]:
    """Return the record cards of a role-built deal for ``dealer`` (A = the dealer's left)."""
    role = {(dealer + 1) % 3: "A", (dealer + 2) % 3: "B", dealer: "C"}
    return make_deal([hands[role[s]] for s in range(3)], "7C", dealer)


def cards(text: str) -> list[str]:
    """Return ``play`` actions (``KH+``: with bella; ``|`` between tricks is for the eye)."""
    return ["play " + c if not c.endswith("+") else f"play {c[:-1]} bella"
            for c in text.replace("|", " ").split()]


def rec(deals: list[dict[str, Any]], rules: Any, players: int = 3,
        first_dealer: int = 0) -> dict[str, Any]:
    return {"format": 2, "game": "debertz", "rules": rules,
            "players": [f"p{i}" for i in range(players)], "first_dealer": first_dealer,
            "seed": 5, "deals": deals}


def row(dealer: int, declarer: int | None, points: list[int], scores: list[int],
        totals: list[int], marks: list[list[str]], trump: str | None = "C") -> dict[str, Any]:
    return {"dealer": dealer, "declarer": declarer, "bid": None, "contract": None,
            "trump": trump, "points": points, "scores": scores, "totals": totals,
            "marks": marks}


def test_the_role_deals_are_as_drawn() -> None:
    d = deal3(MADE3_HANDS, 0)
    assert d["hands"][1].split() == MADE3_HANDS["A"].split()[:6]
    stock = d["stock"].split()
    assert stock[0] == "7C" and sorted(stock[-4:]) == sorted(["AS", "AH", "AD", "AC"])


# -- declarer_must_beat --------------------------------------------------------------------
def test_each_defender_forty_against_thirty_nine_and_thirty_nine_is_made() -> None:
    deals = [{**deal3(MADE3_HANDS, 0), "actions": ["accept", *cards(MADE3_PLAY)]}]
    # defenders_together (today): 40 < 39 + 39: bait, 40 // 2 = 20 to each defender.
    s = replay_record(rec(deals, "debertz3")).summary()
    assert s["deals"] == [row(0, 1, [39, 40, 39], [59, 0, 59], [59, 0, 59],
                              [[], ["bait"], []])]
    # each_defender: 40 beats 39 and 39 on their own: made, everybody writes his points.
    s = replay_record(rec(deals, {"preset": "debertz3",
                                  "declarer_must_beat": "each_defender"})).summary()
    assert s["deals"] == [row(0, 1, [39, 40, 39], [39, 40, 39], [39, 40, 39], [[], [], []])]
    # the app's table plays the same cards (no ruff, no meld declared) and scores them alike
    s = replay_record(rec(deals, "debertz_app")).summary()
    assert s["deals"][0]["scores"] == [39, 40, 39]


def test_each_defender_a_defender_level_with_the_declarer_is_a_hanging_bait() -> None:
    deals = [{**deal3(TIE3_HANDS, 0), "actions": ["accept", *cards(TIE3_PLAY)]}]
    s = replay_record(rec(deals, {"preset": "debertz3",
                                  "declarer_must_beat": "each_defender"})).summary()
    # 40 against 40 and 38: nobody has more, one as many: the declarer writes 0, pot 40.
    assert s["deals"] == [row(0, 1, [38, 40, 40], [38, 0, 40], [38, 0, 40],
                              [[], ["hanging-bait"], []])]
    # ... and seat 0 (38) declaring is baited: seat 2 and seat 1 (40 each) have more.
    deals = [{**deal3(TIE3_HANDS, 0), "actions": ["pass", "pass", "accept",
                                                  *cards(TIE3_PLAY)]}]
    s = replay_record(rec(deals, {"preset": "debertz3", "first_lead": "left_of_dealer",
                                  "declarer_must_beat": "each_defender"})).summary()
    assert s["deals"][0]["scores"] == [0, 59, 59]
    assert s["deals"][0]["marks"] == [["bait"], [], []]


def test_each_defender_is_today_s_rule_with_one_defending_side() -> None:
    # two players: the tie deal of test_records (46 each) is a hanging bait either way
    from tests.games.debertz.test_records import TIE2, TIE2_ACTS, TIE2_ROW

    for value in ("defenders_together", "each_defender"):
        s = replay_record(rec([{**TIE2, "actions": TIE2_ACTS}],
                              {"preset": "debertz2", "declarer_must_beat": value},
                              players=2)).summary()
        assert s["deals"] == [TIE2_ROW]


# -- bait_to ---------------------------------------------------------------------------------
def test_bait_to_top_gives_the_points_whole_to_the_best_defender() -> None:
    from tests.games.debertz.test_records import BAIT3, BAIT3_PLAY

    deals = [{**BAIT3, "actions": ["accept", *BAIT3_PLAY]}]
    # points 0, 39, 68: seat 1 is baited; seat 2 has the most, so takes 39 whole (107);
    # seat 0 took no trick: skate, and no share.
    s = replay_record(rec(deals, {"preset": "debertz3", "bait_to": "top"})).summary()
    assert s["deals"] == [row(0, 1, [0, 39, 68], [-50, 0, 107], [-50, 0, 107],
                              [["skate"], ["bait"], []], trump="H")]
    s = replay_record(rec(deals, "debertz3")).summary()  # split: 19 each, the odd point lost
    assert s["deals"][0]["scores"] == [-31, 0, 87]


def test_bait_to_top_with_tied_defenders_splits_as_split_does() -> None:
    deals = [{**deal3(MADE3_HANDS, 0), "actions": ["accept", *cards(MADE3_PLAY)]}]
    s = replay_record(rec(deals, {"preset": "debertz3", "bait_to": "top"})).summary()
    assert s["deals"][0]["scores"] == [59, 0, 59]


def test_bait_to_top_the_pot_of_a_baited_declarer_follows_the_bait() -> None:
    # hanging_bait_to = next_contract: the pot goes to the bait's takers, floored apart.
    r = score_deal([10, 40, 60], 0, [True] * 3, [0] * 3, 31, 50, bait_to="top")
    assert (r.scores, r.pot, r.written) == ([0, 40, 101], 0, [0, 40, 70])
    r = score_deal([11, 40, 40], 0, [True] * 3, [0] * 3, 31, 50, bait_to="top")
    assert (r.scores, r.pot) == ([0, 60, 60], 0)  # 11 // 2 = 5 and 31 // 2 = 15 each
    r = score_deal([11, 40, 50], 0, [True] * 3, [0] * 3, 31, 50)
    assert r.scores == [0, 60, 70]  # split: 5 + 15 each


# -- hanging_bait_to = next_top (the app's table) ----------------------------------------------
def test_next_top_pot_goes_to_the_highest_written_score_and_waits_on_a_tie() -> None:
    deals = [
        # dealer 0: TIE3, A = seat 1 declares: hanging bait, pot 40 (seat 2's 40 is the top
        # written score, but there is no pot yet)
        {**deal3(TIE3_HANDS, 0), "actions": ["accept", *cards(TIE3_PLAY)]},
        # dealer 1: TIE3 again, A = seat 2 declares: a hanging bait again; the pot (40) goes
        # first to the top written score, seat 0's 40, then seat 2's 40 forms the new pot
        {**deal3(TIE3_HANDS, 1), "actions": ["accept", *cards(TIE3_PLAY)]},
        # dealer 2: everybody passes twice: the pot neither goes nor grows
        {**deal3(TIE3_HANDS, 2), "actions": ["pass"] * 6},
        # dealer 0: TIE3, the dealer (seat 0, 38) declares: baited (40 and 40 have more); the
        # tied defenders split his 38 (19 each): written 0, 59, 59 share the top: pot waits
        {**deal3(TIE3_HANDS, 0), "actions": ["pass", "pass", "accept", *cards(TIE3_PLAY)]},
        # dealer 1: MADE3, A = seat 2 declares and makes 40 > 39, 39: the top, takes 40 more
        {**deal3(MADE3_HANDS, 1), "actions": ["accept", *cards(MADE3_PLAY)]},
    ]
    s = replay_record(rec(deals, "debertz_app")).summary()
    assert s["deals"] == [
        row(0, 1, [38, 40, 40], [38, 0, 40], [38, 0, 40], [[], ["hanging-bait"], []]),
        row(1, 2, [40, 38, 40], [80, 38, 0], [118, 38, 40], [[], [], ["hanging-bait"]]),
        row(2, None, [0, 0, 0], [0, 0, 0], [118, 38, 40], [["redeal"]] * 3, trump=None),
        row(0, 0, [38, 40, 40], [0, 59, 59], [118, 97, 99], [["bait"], [], []]),
        row(1, 2, [39, 39, 40], [39, 39, 80], [157, 136, 179], [[], [], []]),
    ]
    # next_contract (today): deal 2's pot waits (80), deal 4's bait pays it to the tied
    # defenders (40 each) and deal 5's declarer takes nothing more.
    s = replay_record(rec(deals, {"preset": "debertz_app",
                                  "hanging_bait_to": "next_contract"})).summary()
    assert [r["scores"] for r in s["deals"]] == [
        [38, 0, 40], [40, 38, 0], [0, 0, 0], [0, 99, 99], [39, 39, 40]]


def test_next_top_the_pot_goes_to_a_defender_even_when_the_declarer_is_baited() -> None:
    # the two-player tie (46 each, pot 46), then the seven-swap deal where seat 1 is baited:
    # seat 0 writes 124 + 39 = 163, the top, and takes the pot: as next_contract would.
    from tests.games.debertz.test_records import SWAP2, SWAP2_ACTS, TIE2, TIE2_ACTS

    deals = [{**TIE2, "actions": TIE2_ACTS}, {**SWAP2, "actions": SWAP2_ACTS}]
    s = replay_record(rec(deals, {"preset": "debertz2", "hanging_bait_to": "next_top"},
                          players=2)).summary()
    assert [r["scores"] for r in s["deals"]] == [[46, 0], [209, 0]]


def test_next_top_a_further_tie_first_pays_the_pot_out() -> None:
    # two players: the tie deal twice (dealer 0 then 1), a redeal, then the sweep made.
    from tests.games.debertz.test_records import SWEEP2_PLAY, TIE2, TIE2_ACTS
    from tests.games.debertz.test_records import _layout as layout

    tie = layout(["AH TH KH QH JH 9H AD TD QD", "AS TS KS QS 7D 8D 9D 7H 8H"], 1, "8S")
    sweep = layout(["KH QH 8H KS QS KC QC KD QD", "JH 9H AH TH AS TS AC TC AD"], 1, "7H")
    deals = [{**TIE2, "actions": TIE2_ACTS},
             {**tie, "actions": ["pass", "pass", "pass", "trump C", *TIE2_ACTS[3:]]},
             {**TIE2, "actions": ["pass"] * 4},
             {**sweep, "actions": ["pass", "accept", *cards(SWEEP2_PLAY)]}]
    s = replay_record(rec(deals, {"preset": "debertz2", "hanging_bait_to": "next_top"},
                          players=2)).summary()
    # deal 2: seat 0 writes 46, the top: he takes the pot (46) before seat 1's 46 hangs.
    # deal 4: seat 1 (146) takes 46; seat 0 bella 20 and skate -50.
    assert [r["scores"] for r in s["deals"]] == [[46, 0], [92, 0], [0, 0], [-30, 192]]
    assert s["totals"] == [108, 192]


def test_next_top_scoring_unit() -> None:
    # a made declarer with the top written score takes the pot; a defender can too.
    r = score_deal([90, 30, 20], 0, [True] * 3, [0] * 3, 25, 50, pot_to="next_top")
    assert (r.scores, r.pot) == ([115, 30, 20], 0)
    # hanging bait: the old pot goes to the top written score (seat 1's 60), then 60 hangs.
    r = score_deal([60, 60, 0], 0, [True, True, False], [0] * 3, 25, 50, pot_to="next_top")
    assert (r.scores, r.pot, r.marks) == ([0, 85, -50], 60, [["hanging-bait"], [], ["skate"]])
    # a third bait's -100 is in the written score (§9.P.2); the skate comes after the pot.
    r = score_deal([10, 40, 0], 0, [True, True, False], [2, 0, 0], 25, 50, bait_to="top",
                   pot_to="next_top")
    assert (r.written, r.scores, r.pot) == ([-100, 50, 0], [-100, 75, -50], 0)
    r = score_deal([10, 5, 10], 1, [True] * 3, [0] * 3, 25, 50, pot_to="next_top")
    assert (r.written, r.pot) == ([12, 0, 12], 25)  # 12 and 12 share the top: the pot waits


# -- first_lead = previous_top ---------------------------------------------------------------
def test_previous_top_with_four_players_leads_from_this_deal_s_dealer_s_left() -> None:
    from tests.games.debertz.test_records import PAIRS_ACTS
    from tests.games.debertz.test_records import _layout as layout

    final = ["AC TC KC QC AD TD KD QD", "8H 7H KS QS JS 9S 8S 7S",
             "JH 9H AH TH KH AS QH TS", "JC 9C 8C 7C JD 9D 8D 7D"]
    pairs = layout(final, 3, "QH", declarer=2)
    rules = {"preset": "debertz4", "first_lead": "previous_top"}
    # deal 1 (dealer 3, no previous deal: the declarer, seat 2, leads): team 0+2 writes 182.
    # deal 2 (dealer 0): seat 3 declares; team 0+2 leads, by seat 2, the first of the team
    # from the dealer's left (seat 1 is not of it).  Seat 0 is first from deal 1's dealer's
    # left: he would lead if "the dealer" were the previous deal's.
    d1 = {**pairs, "actions": ["pass", "pass", *PAIRS_ACTS[1:]]}
    s = replay_record(rec([d1, {"actions": ["pass", "pass", "accept"]}], rules, players=4,
                          first_dealer=3)).summary()
    assert s["deals"][0]["scores"] == [182, -50, 182, -50]
    assert s["open_deal"] == {"dealer": 0, "phase": "play", "to_act": 2}
    # a thrown-in deal is skipped: deal 3 (dealer 1) still reads deal 1: seat 2 is left of 1.
    s = replay_record(rec([d1, {"actions": ["pass"] * 8},
                           {"actions": ["pass", "pass", "pass", "accept"]}], rules, players=4,
                          first_dealer=3)).summary()
    assert s["deals"][1]["marks"] == [["redeal"]] * 4
    assert s["open_deal"] == {"dealer": 1, "phase": "play", "to_act": 2}
    # the declarer leads under the default (seat 1 declares in deal 3)
    s = replay_record(rec([d1, {"actions": ["pass"] * 8},
                           {"actions": ["pass", "pass", "pass", "accept"]}], "debertz4",
                          players=4, first_dealer=3)).summary()
    assert s["open_deal"] == {"dealer": 1, "phase": "play", "to_act": 1}


def test_previous_top_three_players_and_a_tie_for_the_top() -> None:
    from tests.games.debertz.test_records import BAIT3, BAIT3_PLAY

    rules = {"preset": "debertz3", "first_lead": "previous_top"}
    # BAIT3 wrote 19, 0, 87 (before seat 0's skate): seat 2 leads deal 2, seat 0 declaring.
    s = replay_record(rec([{**BAIT3, "actions": ["accept", *BAIT3_PLAY]},
                           {"actions": ["pass", "accept"]}], rules)).summary()
    assert s["open_deal"] == {"dealer": 1, "phase": "play", "to_act": 2}
    # MADE3 wrote 59, 0, 59: a tie for the top, the declarer (seat 0) leads deal 2.
    s = replay_record(rec([{**deal3(MADE3_HANDS, 0), "actions": ["accept", *cards(MADE3_PLAY)]},
                           {"actions": ["pass", "accept"]}], rules)).summary()
    assert s["deals"][0]["scores"] == [59, 0, 59]
    assert s["open_deal"] == {"dealer": 1, "phase": "play", "to_act": 0}


# -- overtrump -------------------------------------------------------------------------------
# three players, dealer 0, turned 8H: seat 1 accepts and leads AS; seat 2 (void in spades)
# ruffs with AH; seat 0, void in spades, holds 9H and 7H.  JH QH 7C 7D stay in the stock.
RUFF = make_deal(["9H 7H AD TD KD QD JD 9D 8D", "AS TS KS QS JS 9S 8S 7S TH",
                  "AH KH AC TC KC QC JC 9C 8C"], "8H", 0)


def ruffed(overtrump: str) -> Any:
    m = new("debertz3", overtrump=overtrump)
    m.deal(RUFF)
    m.apply("accept")
    play(m, "AS AH")
    return m


def test_overtrump_always_a_ruff_must_beat_a_trump_in_the_trick() -> None:
    m = ruffed("always")
    assert plays(m) == {"play 9H"}
    refused(m, "play 7H", "overtrump")
    refused(m, "play AD", "trump")


def test_overtrump_trump_lead_any_trump_may_ruff_but_a_trump_is_still_due() -> None:
    m = ruffed("trump_lead")
    assert plays(m) == {"play 9H", "play 7H"}
    refused(m, "play AD", "trump")
    # the solver's legal cards are the engine's
    assert D.legal_cards(debertz_position(m)) == sorted([parse_card("9H"), parse_card("7H")])
    m.apply("play 7H")
    assert DealView(m).trick_no == 1


@pytest.mark.parametrize("overtrump", ["always", "trump_lead"])
def test_overtrump_on_a_trump_lead_a_higher_trump_is_due_either_way(overtrump: str) -> None:
    m = new("debertz3", overtrump=overtrump)
    m.deal(RUFF)
    m.apply("accept")
    m.apply("play TH")
    assert plays(m) == {"play AH"}  # KH is below TH
    refused(m, "play KH", "higher trump")
    m.apply("play AH")
    assert plays(m) == {"play 9H"}  # over seat 2's AH (a partner's too, with 4 players)


def test_overtrump_trump_lead_a_low_ruff_does_not_say_no_higher_trump() -> None:
    # seat 0 ruffs low with 7H under AH, which trump_lead allows with JH in hand: seat 1's
    # samples (JH is unseen to him) must still give seat 0 the JH now and then.
    m = ruffed("trump_lead")
    m.apply("play 7H")
    rng = random.Random(3)
    jack = parse_card("JH")
    held = [DealView(m.view(1).sample(rng)).hand(0) >> jack & 1 for _ in range(80)]
    assert 0 < sum(held) < 80


@pytest.mark.parametrize(("overtrump", "value"), [("always", -1), ("trump_lead", -49)])
def test_the_solver_searches_by_the_overtrump_rule(overtrump: str, value: int) -> None:
    # seat 0 led AS, seat 1 ruffed with 8H; seat 2 (void in spades) holds 9H 7H.
    # always: 9H must beat 8H: seat 2 takes 25, then 7H TH KC goes to seat 0 (24): -1.
    # trump_lead: 7H under 8H leaves trick 1 (11) to seat 1, whose KC is then ruffed by 9H
    # over seat 0's TH: 4 + 14 + 10 + 10 more for the defenders: -49.
    pos = D.DebertzPosition.from_text(["TH", "KC", "9H 7H"], leader=0, trump="H",
                                      trick="AS 8H", overtrump=overtrump)
    assert D.DebertzSolver(pos).value() == value


# -- ante and settlement ---------------------------------------------------------------------
def test_settlement_two_three_and_four_players() -> None:
    from tests.games.debertz.test_records import (
        BAIT3,
        BAIT3_PLAY,
        PAIRS,
        PAIRS_ACTS,
        SWEEP2,
        SWEEP2_PLAY,
    )

    # two players, target 100: seat 1 (146) wins; the pot of 2 x 5 is his: +5, -5.
    two = rec([{**SWEEP2, "actions": ["accept", *cards(SWEEP2_PLAY)]}],
              {"preset": "debertz2", "target": 100, "ante": 5}, players=2)
    assert replay_record(two).summary()["settlement"] == [-5, 5]
    # three players, target 80: seat 2 (87) wins the pot of 3 x 10: +20, the others -10.
    three = rec([{**BAIT3, "actions": ["accept", *BAIT3_PLAY]}],
                {"preset": "debertz3", "target": 80, "ante": 10})
    assert replay_record(three).summary()["settlement"] == [-10, -10, 20]
    # four players, target 150: team 0+2 wins; each partner +7, each loser -7.
    four = rec([{**PAIRS, "actions": PAIRS_ACTS}],
               {"preset": "debertz4", "target": 150, "ante": 7}, players=4)
    s = replay_record(four).summary()
    assert s["winner"] == [0, 2] and s["settlement"] == [7, -7, 7, -7]
    assert s["totals"] == [182, -50, 182, -50]  # the ante never enters the totals


def test_settlement_of_a_debertz_an_unfinished_match_and_ante_zero() -> None:
    deal = {"hands": ["7S 8S 9S JS QS KS", "JH 9H AH TH KH QH"],
            "stock": "7H 8H AS TS AC TC KC QC JC 9C 8C 7C AD TD KD QD JD 9D 8D 7D"}
    s = replay_record(rec([{**deal, "actions": ["accept", "declare"]}],
                          {"preset": "debertz2", "ante": 3}, players=2)).summary()
    assert s["winner"] == 1 and s["settlement"] == [-3, 3]
    s = replay_record(rec([{**deal, "actions": ["accept"]}],
                          {"preset": "debertz2", "ante": 3}, players=2)).summary()
    assert s["complete"] is False and s["settlement"] is None
    s = replay_record(rec([{**deal, "actions": ["accept", "declare"]}], "debertz2",
                          players=2)).summary()
    assert s["settlement"] == [0, 0]


def test_settlement_function() -> None:
    assert settlement(3, 4, 0) == [8, -4, -4]
    assert settlement(4, 4, [0, 2]) == [4, -4, 4, -4]
    assert settlement(2, 0, 1) == [0, 0]


# -- the preset and the option groups --------------------------------------------------------
def test_debertz_app_preset_values() -> None:
    r = DebertzRules.from_preset("debertz_app")
    assert (r.players, r.target, r.first_lead, r.natural_sequence_order) == (
        3, 501, "left_of_dealer", True)
    assert (r.declarer_must_beat, r.bait_to, r.hanging_bait_to, r.overtrump) == (
        "each_defender", "top", "next_top", "trump_lead")
    # left at their defaults: the seven swap, bella at any time, skate 50, the ante
    assert (r.seven_swap, r.bella_after_trick, r.skate_penalty, r.ante, r.obligation,
            r.cutter_visible) == (True, False, 50, 0, False, True)
    assert DebertzRules.from_preset("debertz_app", target=1001).target == 1001
    assert DebertzRules.from_preset("debertz_app", players=4).seven_swap is False
    assert DebertzRules.from_json(r.to_json()) == r


def test_new_options_default_to_today_s_rules_and_stay_quiet() -> None:
    for preset in ("debertz2", "debertz3", "debertz4", "debertz_big"):
        r = DebertzRules.from_preset(preset)
        assert (r.overtrump, r.declarer_must_beat, r.bait_to, r.hanging_bait_to) == (
            "always", "defenders_together", "split", "next_contract")
        assert r.first_lead == "declarer" and r.to_json() == preset
        assert "overtrump" not in r.describe() and "bait" not in r.describe()
    text = DebertzRules.from_preset("debertz_app").describe()
    assert "each defender" in text and "next top" in text and "trump lead" in text


@pytest.mark.parametrize(("key", "value"), [
    ("overtrump", "never"), ("first_lead", "previous"), ("declarer_must_beat", "all"),
    ("bait_to", "bottom"), ("hanging_bait_to", "dealer"), ("ante", -1), ("ante", 1.5)])
def test_bad_values_are_refused(key: str, value: Any) -> None:
    from kozyr.core.errors import RulesError

    with pytest.raises(RulesError):
        DebertzRules.from_preset("debertz3", **{key: value})


def test_groups_hold_every_option_once_in_page_order() -> None:
    grouped = [name for _, names in DebertzRules.GROUPS for name in names]
    assert sorted(grouped) == sorted(f.name for f in DebertzRules.options())
    assert len(grouped) == len(set(grouped))
    keys = [k for k, _ in DebertzRules.GROUPS]
    assert keys == ["match", "deal", "bidding", "melds", "play", "scoring"]
    schema = {o["name"]: o["group"] for o in DebertzRules.schema()}
    assert schema["overtrump"] == "play" and schema["hanging_bait_to"] == "scoring"


# -- the preset plays to the end -------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_debertz_app_plays_to_the_end_with_random_bots(players: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        m = new_match("debertz", DebertzRules.from_preset("debertz_app", players=players),
                      seed=seed)
        deals = 0
        while not m.is_over and deals < 400:
            if m.awaiting_deal:
                m.deal()
                deals += 1
                continue
            m.apply_action(rng.choice(m.legal_actions()))
        assert m.is_over
        assert m.sheet[-1].totals == tuple(m.totals)
        s = replay_record(write_record(m)).summary()
        assert s["complete"] is True and s["settlement"] == [0] * players
        assert s["totals"] == list(m.totals)
