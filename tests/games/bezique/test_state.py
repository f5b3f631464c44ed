"""The engine: sevens (§5), tricks (§3, §6), the last eight, the options, the end of a match,
copies written without their digit (§10, §10.P)."""

from __future__ import annotations

import random

import pytest

from kozyr.core.errors import IllegalActionError
from kozyr.games.bezique import BeziqueMatch, BeziqueRules
from kozyr.games.bezique.cardplay import card_of, follow_mask, follower_wins, format_mask
from kozyr.games.bezique.combinations import mask_of
from kozyr.records import write_record
from tests.games.bezique import helpers
from tests.games.bezique.helpers import match, see, trick

JUNK0 = "7C1 8C1 7D1 8D1 7S1 8S1 9D1 9S1"
SEVENS1 = "7H1 7H2 9C1 7C2 8C2 9C2 TC1 JC1"
HEARTS = 3


def _refused(m: BeziqueMatch, text: str, why: str) -> None:
    before = (write_record(m), see(m, 0), see(m, 1))
    with pytest.raises(IllegalActionError, match=why):
        m.apply_recorded(text)  # a record's action (a play in the window: draw, then lead)
    assert (write_record(m), see(m, 0), see(m, 1)) == before


def test_a_turned_seven_scores_10_for_the_dealer_and_cannot_be_exchanged() -> None:
    m = match(JUNK0, SEVENS1.replace("7H1", "AS1"), "7H1")
    assert m.deal_points() == [10, 0]
    trick(m, "9C1")
    _refused(m, "swap7 7H2", "the turned card is a seven")
    m.apply("show7 7H2")
    assert m.deal_points() == [10, 10]
    m1 = match(JUNK0, SEVENS1.replace("7H1", "AS1"), "7H1", dealer=1)
    assert m1.deal_points() == [0, 10]


def test_exchange_and_show_the_sevens_of_trumps() -> None:
    m = match(JUNK0, SEVENS1, "8H1")
    trick(m, "9C1")
    m.apply("swap7 7H1")
    obs = see(m, 0)
    assert obs["turned"] == "7H1" and "8H1" in obs["known"][1]
    assert "8H1" in see(m, 1)["hand"] and "7H1" not in see(m, 1)["hand"]
    _refused(m, "swap7 7H2", "already exchanged")
    m.apply("show7 7H2")
    _refused(m, "show7 7H2", "already scored")
    assert m.deal_points() == [0, 20]
    assert see(m, None)["scored_sevens"] == "7H1 7H2"
    trick(m, "7C2")
    _refused(m, "swap7 7H2", "already scored|turned card is a seven")


def test_a_shown_seven_may_still_be_exchanged_without_scoring_again() -> None:
    m = match(JUNK0, SEVENS1, "8H1")
    trick(m, "9C1")
    m.apply("show7 7H1")
    m.apply("swap7 7H1")
    assert m.deal_points() == [0, 10]
    m.apply("show7 7H2")  # any number of shows
    assert m.deal_points() == [0, 20]


def test_seven_is_meld_makes_an_exchange_the_one_declaration() -> None:
    m = match(JUNK0, "7H1 7H2 QS1 JD1 9C1 7C2 8C2 9C2", "8H1", seven_is_meld=True)
    trick(m, "9C1")
    m.apply("swap7 7H1")
    _refused(m, "declare QS1 JD1", "one declaration")
    _refused(m, "show7 7H2", "one declaration")
    trick(m, "7C2")
    m.apply("show7 7H2")
    _refused(m, "declare QS1 JD1", "one declaration")
    trick(m, "8C2")
    m.apply("declare QS1 JD1")
    assert m.deal_points() == [0, 60]
    plain = match(JUNK0, "7H1 7H2 QS1 JD1 9C1 7C2 8C2 9C2", "8H1")
    trick(plain, "9C1")
    for text in ("swap7 7H1", "show7 7H2", "declare QS1 JD1"):
        plain.apply(text)
    assert plain.deal_points() == [0, 60]


def test_dix_play_scores_a_seven_of_trumps_played_to_a_trick() -> None:
    m = match("7H2 8C1 7D1 8D1 7S1 8S1 9D1 9S1", SEVENS1.replace("7H2", "AS1"), "8H1",
              dix="play")
    trick(m, "9C1")
    _refused(m, "show7 7H1", "dix = play")
    m.apply("swap7 7H1")  # the exchange still scores
    assert m.deal_points() == [0, 10]
    trick(m, "7C2", "7H2")  # seat 0 trumps with its seven: 10, and the trick
    assert m.deal_points() == [10, 10]
    assert see(m, None)["last_trick"]["winner"] == 0
    turned = match(JUNK0, SEVENS1.replace("7H1", "AS1"), "7H1", dix="play")
    assert turned.deal_points() == [10, 0]  # §10.P.10


def test_who_wins_a_trick() -> None:
    c = card_of
    assert not follower_wins(c("AS2"), c("AS1"), HEARTS)  # identical: the first played
    assert follower_wins(c("TS1"), c("KS2"), HEARTS)  # the ten ranks second
    assert not follower_wins(c("AC1"), c("7S1"), HEARTS)  # another plain suit
    assert follower_wins(c("7H1"), c("AS1"), HEARTS)  # a trump
    assert not follower_wins(c("AS1"), c("7H1"), HEARTS)
    m = match(JUNK0, SEVENS1, "8H1")
    trick(m, "TC1", "8C1")
    assert m.current_player() == 1 and m.phase == "meld"


def test_the_last_eight_must_follow_and_beat_else_trump() -> None:
    c, h = card_of, mask_of
    assert format_mask(follow_mask(h("AS1 7S2 KH1 8D1"), c("TS1"), HEARTS, True)) == "AS1"
    assert format_mask(follow_mask(h("AS1 7S2 KH1 8D1"), c("AS2"), HEARTS, True)) == "AS1 7S2"
    assert format_mask(follow_mask(h("AS1 7S2 KH1 8D1"), c("TC1"), HEARTS, True)) == "KH1"
    assert format_mask(follow_mask(h("AS1 7S2 8D1"), c("TC1"), HEARTS, True)) == "AS1 7S2 8D1"
    assert format_mask(follow_mask(h("AS1 7S2 KH1"), c("TC1"), HEARTS, False)) == "AS1 7S2 KH1"


def _play_first(m: BeziqueMatch, until_tricks: int) -> None:
    while m.current_player() is not None and not (
            m._tricks >= until_tricks and m.phase == "play"):
        m.apply_action(helpers.plays(m)[0])  # a card or the draw: never a declaration


def test_after_trick_24_the_loser_takes_the_turned_card_and_the_table_goes_home() -> None:
    m = BeziqueMatch(seed=11, first_dealer=0)
    m.deal()
    _play_first(m, 24)  # the winner of trick 24 has led to trick 25
    obs = see(m, None)
    assert (obs["stock_size"], obs["turned"], obs["table"], sorted(obs["hand_sizes"])) == (
        0, None, ["", ""], [7, 8])
    turned = m.record_deals()[0]["stock"].split()[0]
    loser = 1 - obs["last_trick"]["winner"]
    assert turned in see(m, loser)["hand"] and turned in obs["known"][loser]
    while m.current_player() is not None:  # the last eight: follow, beat, trump
        s = m.current_player()
        assert s is not None
        o = see(m, s)
        want = mask_of(o["hand"])
        if o["trick"]:
            want = follow_mask(want, card_of(o["trick"][0][1]), "SCDH".index(o["trump"]),
                               True)
        assert mask_of(" ".join(t.split()[1] for t in o["legal"])) == want
        m.apply_action(helpers.plays(m)[0])


def test_an_exchange_after_trick_24_gives_the_seven_to_the_loser() -> None:
    rng = random.Random(3)
    for seed in range(200):
        m = BeziqueMatch(seed=seed, first_dealer=0)
        m.deal()
        while m.current_player() is not None and not (m._tricks == 24 and m.phase == "meld"):
            plays = helpers.plays(m)
            m.apply_action(rng.choice(plays))
        swaps = [t for t in m.legal_texts() if t.startswith("swap7")]
        if not swaps:
            continue
        winner = m.current_player()
        assert winner is not None
        m.apply(swaps[0])
        m.apply("draw")
        seven = swaps[0].split()[1]
        assert seven in see(m, 1 - winner)["hand"]
        return
    pytest.fail("no exchange after trick 24 found")


def test_a_deal_scores_its_brisques_and_the_last_trick() -> None:
    m = BeziqueMatch(seed=5, first_dealer=0)
    m.deal()
    seven = m.deal_points()[0]
    _play_first(m, 33)
    row = m.sheet[0].to_json()
    assert sum(row["points"]) == 160 + 10 + seven  # 16 brisques, the last trick
    assert row["scores"] == row["points"] == row["totals"]
    assert (row["declarer"], row["bid"], row["contract"], row["marks"]) == (
        None, None, None, [[], []])
    assert row["trump"] in "SCDH"


def test_last_trick_24_gives_the_10_to_the_winner_of_trick_24() -> None:
    got = {}
    for last in (32, 24):
        m = BeziqueMatch(BeziqueRules.from_preset(last_trick=last), seed=8, first_dealer=0)
        m.deal()
        _play_first(m, 24)
        w24 = see(m, None)["last_trick"]["winner"]
        _play_first(m, 31)
        m.apply_action(helpers.plays(m)[0])
        m.apply_action(helpers.plays(m)[0])
        w32 = see(m, None)["last_trick"]["winner"]
        got[last] = (list(m.sheet[0].points), w24, w32)
    (p32, _, w32), (p24, w24, _) = got[32], got[24]
    expect = list(p32)
    expect[w32] -= 10
    expect[w24] += 10
    assert p24 == expect


@pytest.mark.parametrize("next_dealer", ["alternate", "trick_winner"])
def test_the_next_dealer(next_dealer: str) -> None:
    m = BeziqueMatch(BeziqueRules.from_preset(next_dealer=next_dealer), seed=2,
                     first_dealer=0)
    m.deal()
    _play_first(m, 33)
    w32 = see(m, None)["last_trick"]["winner"]
    assert m.dealer == (1 if next_dealer == "alternate" else w32)


def test_the_game_ends_at_the_target_with_the_higher_total() -> None:
    m = BeziqueMatch(BeziqueRules.from_preset(target=100), seed=5, first_dealer=0)
    while not m.is_over:
        if m.awaiting_deal:
            m.deal()
        m.apply_action(helpers.plays(m)[0])
    t = m.totals
    assert max(t) >= 100 and t[0] != t[1] and m.winner == (0 if t[0] > t[1] else 1)
    assert all(max(row.totals) < 100 or row.totals[0] == row.totals[1]
               for row in m.sheet[:-1])


def test_a_card_without_its_digit_is_the_lowest_copy_in_the_same_state() -> None:
    m = match(JUNK0, "QS1 JD1 QS2 9C1 9C2 7C2 8C2 TC1", "8H1")
    m.apply_recorded("play 9C")  # both held, both concealed: the lowest
    m.apply_recorded("play 7S")  # seat 0 holds only 7S1
    assert m.record_deals()[0]["actions"] == ["play 9C1", "play 7S1"]
    m.apply("declare QS JD")  # QS1 and QS2 are in the same state: QS1
    assert see(m, None)["table"][1] == "QS1 JD1"
    m.apply_recorded("play 7C")
    lose = m.legal_texts()[0]
    m.apply(lose)
    _refused(m, "play QS", "ambiguous copy")  # QS1 on the table, QS2 in the hand
    _refused(m, "play 7C", "you do not hold")
    m.apply_recorded("play QS2")


def test_malformed_actions_are_refused() -> None:
    m = match(JUNK0, SEVENS1, "8H1")
    for text in ("play", "play AS3", "declare AS1", "swap 7H1", "play 9C1 9C2",
                 "declare 9C1 9C1"):
        _refused(m, text, ".")


def test_the_card_to_draw_is_unseen_in_the_window_and_counts_for_the_lead_after_it() -> None:
    # seat 1 wins trick 1 and will draw QS2 (concealed like QS1): "play QS" is QS1, the lowest
    m = match(JUNK0, "QS1 JD1 9C1 7C2 8C2 9C2 TC1 JC1", "8H1", ["QS2"], ["7D2"])
    trick(m, "9C1")
    assert "QS2" not in see(m, 1)["hand"] and see(m, 1)["legal"] == ["declare QS1 JD1", "draw"]
    m.apply("declare QS JD")  # QS2 is not his before he draws: QS1
    assert see(m, None)["table"][1] == "QS1 JD1"
    m2 = match(JUNK0, "QS2 JD1 9C1 7C2 8C2 9C2 TC1 JC1", "8H1", ["QS1"], ["7D2"])
    trick(m2, "9C1")
    m2.apply("declare QS JD")  # QS1 was just drawn: the QS meant is QS2
    assert see(m2, None)["table"][1] == "QS2 JD1"
    m3 = match(JUNK0, "QS2 JD1 9C1 7C2 8C2 9C2 TC1 JC1", "8H1", ["QS1"], ["7D2"])
    trick(m3, "9C1")
    m3.apply_recorded("play QS")  # he leads after drawing: both concealed, the lowest
    assert m3.record_deals()[0]["actions"][-1] == "play QS1"
