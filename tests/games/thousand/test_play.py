"""ThousandMatch play (rules/thousand.md §6, §9): following, trumps, marriages, 2/4 players, 501.

Dealer 0, so seat 1 holds the forced 100; compact explicit deals in record notation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.games.thousand import ThousandMatch
from tests.games.thousand.fixtures import dealt, play, refused

# Seat 0 ♠ marriage, seat 1 ♥ marriage, seat 2 ♦ and ♣ marriages.
DEAL_T = {"hands": ["KS QS AS 9H JC 9S TD", "KH QH AH TH 9D JS 9C", "KD QD AD JD KC QC AC"],
          "talon": "TS TC JH"}
TO_PLAY = ["bid 120", "pass", "pass", "give 0 JH", "give 1 TC", "contract 120"]
# Eight tricks worked out by hand; the trump goes ♦ (seat 2), ♠ (seat 0), ♥ (seat 1).
TRICKS = [
    ["play AC", "play JC", "play 9C"],            # seat 2 wins 13
    ["play KD marriage", "play TD", "play 9D"],   # seat 0 wins 14 (10 beats K)
    ["play QS marriage", "play JS", "play TS"],   # seat 2 wins 15 (must follow ♠)
    ["play KC", "play 9S", "play TC"],            # seat 0 trumps, wins 14
    ["play 9H", "play AH", "play QC"],            # seat 1 wins 14
    ["play KH marriage", "play JD", "play JH"],   # seat 1 wins 8
    ["play QH", "play AD", "play AS"],            # seat 1 wins 25 with a trump
    ["play TH", "play QD", "play KS"],            # seat 1 wins 17
]


def new(deal: dict[str, Any] | None = DEAL_T, preset: str = "classic", dealer: int = 0,
        **overrides: Any) -> ThousandMatch:
    """Return a match of ``preset`` + ``overrides`` with ``deal`` dealt by ``dealer``."""
    return dealt(deal, preset, dealer, **overrides)


def test_a_whole_deal_worked_out_by_hand() -> None:
    m = new()
    play(m, *TO_PLAY)
    assert m.current_player() == 2
    refused(m, "play KD marriage", "no marriage may be declared on the first trick")
    play(m, "play AC")
    refused(m, "play AS", "you must follow ♣")
    refused(m, "play AD", "you do not hold AD")
    play(m, "play JC", "play 9C")
    obs = m.observation(None)
    assert obs["last_trick"] == {"cards": [[2, "AC"], [0, "JC"], [1, "9C"]], "winner": 2}
    assert obs["taken_points"] == [0, 0, 13] and obs["leader"] == 2 and obs["trump"] is None
    play(m, *TRICKS[1])
    assert m.observation(None)["trump"] == "D" and m.current_player() == 0
    play(m, *TRICKS[2])
    assert m.observation(None)["trump"] == "S"
    play(m, "play KC")
    refused(m, "play 9H", r"you must play a trump \(♠\)")
    play(m, "play 9S", "play TC")
    for trick in TRICKS[4:]:
        play(m, *trick)
    obs = m.observation(None)
    assert obs["marriages"] == [[2, "D"], [0, "S"], [1, "H"]]
    assert obs["tricks_won"] == [2, 4, 2] and obs["taken_points"] == [28, 64, 28]
    row = m.sheet[0]
    assert row.points == (68, 164, 108)  # card points + marriages
    assert (row.declarer, row.bid, row.contract) == (2, 120, 120)
    assert row.scores[2] == -120  # 108 < 120
    assert m.awaiting_deal and m.dealer == 1
    assert m.record_deals()[0]["actions"] == TO_PLAY + [a for t in TRICKS for a in t]


def test_leading_k_or_q_without_declaring_scores_nothing_and_keeps_the_trump() -> None:
    m = new()
    play(m, *TO_PLAY, *TRICKS[0], "play KD", "play TD", "play 9D", "play QS")
    obs = m.observation(None)
    assert obs["trump"] is None and obs["marriages"] == [] and obs["trick"] == [[0, "QS"]]
    m2 = new()
    play(m2, *TO_PLAY, *TRICKS[0], *TRICKS[1], "play KS")
    refused(m2, "play JS marriage", "a marriage is declared only when leading")
    m3 = new()
    play(m3, *TO_PLAY, *TRICKS[0], *TRICKS[1])
    refused(m3, "play 9S marriage", "only a king or a queen")
    m4 = new()
    play(m4, *TO_PLAY, *[a for t in TRICKS[:6] for a in t])
    assert m4.current_player() == 1
    refused(m4, "play QH marriage", "you do not hold KH to go with QH")


def test_marriage_on_the_first_trick_option() -> None:
    m = new(marriage_on_first_trick=True)
    play(m, *TO_PLAY)
    assert "play KD marriage" in m.legal_texts()
    play(m, "play KD marriage")
    assert m.observation(None)["trump"] == "D"


def test_following_with_a_marriage_card_is_no_declaration() -> None:
    m = new()
    play(m, *TO_PLAY, *[a for t in TRICKS[:4] for a in t], "play 9H")
    assert m.current_player() == 1  # he holds KH and QH but follows
    refused(m, "play KH marriage", "a marriage is declared only when leading")
    play(m, "play KH")
    assert m.observation(None)["marriages"] == [[2, "D"], [0, "S"]]


def test_ace_marriage_by_leading_an_ace() -> None:
    deal = {"hands": ["KS QS 9H JC 9S TD JS", "KH QH TH 9D 9C TS JH", "AD AS AH AC KD QD KC"],
            "talon": "QC TC JD"}
    m2 = new(deal, ace_marriage=True)
    play(m2, "bid 120", "pass", "pass", "give 0 JD", "give 1 TC", "contract 120")
    play(m2, "play QC", "play JC", "play 9C")  # seat 2 keeps the lead
    assert "play AH marriage" in m2.legal_texts()
    play(m2, "play AH marriage")
    obs = m2.observation(None)
    assert obs["trump"] == "H" and obs["marriages"] == [[2, "H"]]
    m3 = new(deal)
    play(m3, "bid 120", "pass", "pass", "give 0 JD", "give 1 TC", "contract 120",
         "play QC", "play JC", "play 9C")
    refused(m3, "play AH marriage", "four aces are no marriage")


def test_must_beat_when_following_suit() -> None:
    m = new(preset="tysiac")
    play(m, *TO_PLAY, "play QC", "play JC")  # seat 0 cannot beat QC: any club
    assert m.legal_texts() == ["play TC"]
    refused(m, "play 9C", "you must beat QC")
    m2 = new()
    play(m2, *TO_PLAY, "play QC", "play JC")
    assert m2.legal_texts() == ["play 9C", "play TC"]


def test_501_trump_is_fixed_and_marriages_still_score() -> None:
    m = new(preset="501")
    play(m, "bid 120", "pass", "pass", "give 0 JH", "give 1 TC", "trump C", "contract 120")
    assert m.observation(None)["trump"] == "C"
    play(m, *TRICKS[0])
    play(m, "play KD marriage")
    obs = m.observation(None)
    assert obs["trump"] == "C" and obs["marriages"] == [[2, "D"]]
    play(m, "play TD", "play 9D")  # ♦ led, ♣ trump: 10 beats K
    assert m.observation(None)["last_trick"]["winner"] == 0


def _random_finish(m: ThousandMatch, rng: random.Random) -> None:
    while not m.awaiting_deal and not m.is_over:
        m.apply(rng.choice(m.legal_actions()))


TWO = {"hands": ["AS TS KS QS JS 9S AC TC KC QC", "AH TH KH QH JH 9H AD TD KD QD"],
       "talon": ["JC 9C", "JD 9D"]}


def test_two_players_piles_discards_and_ten_tricks() -> None:
    m = new(TWO, "two_players")
    assert m.current_player() == 0 and m.observation(None)["history"] == [[1, "bid 100"]]
    play(m, "pass")
    assert m.legal_texts() == ["take 0", "take 1"]
    refused(m, "give 0 AH", "two players do not give cards")
    play(m, "take 1")
    obs0 = m.observation(0)
    assert obs0["talon_piles"] == [None, "JD 9D"] and obs0["hand_sizes"] == [10, 12]
    play(m, "discard 9D")
    assert m.observation(0)["history"][-1] == [1, "discard ??"]
    assert m.observation(1)["history"][-1] == [1, "discard 9D"]
    assert m.observation(1)["discards"] == ["9D"] and m.observation(0)["discards"] is None
    play(m, "discard TH", "contract 100")
    assert m.phase == "play" and m.observation(None)["hand_sizes"] == [10, 10]
    tricks = 0
    rng = random.Random(5)
    while m.phase == "play":
        m.apply(rng.choice(m.legal_actions()))
        tricks = sum(m.observation(None)["tricks_won"])
    assert tricks == 10
    row = m.sheet[0]
    marriages = sum(dict(S=40, C=60, D=80, H=100)[s] for _, s in
                    m.observation(None)["marriages"])
    # TH (10) discarded counts for seat 1; the pile JC 9C (2) is out of play
    assert sum(row.points) == 120 - 2 + marriages
    assert m.record_deals()[0]["talon"] == ["JC 9C", "JD 9D"]


def test_two_players_writeoff_only_after_taking() -> None:
    m = new(TWO, "two_players")
    play(m, "pass")
    refused(m, "writeoff", "take a pile of the talon before writing off")
    play(m, "take 0", "writeoff")
    assert m.sheet[0].marks[1] == ("P",)


def test_four_players_the_dealer_sits_out() -> None:
    deal = {"hands": ["", *TWO_FOUR], "talon": "JC 9C JD"}
    m = new(deal, "four_players")
    obs = m.observation(0)
    assert obs["sitting_out"] == 0 and obs["hand"] == "" and obs["hand_sizes"][0] == 0
    seen = set()
    rng = random.Random(2)
    while not m.awaiting_deal:
        seen.add(m.current_player())
        m.apply(rng.choice(m.legal_actions()))
    assert 0 not in seen and seen == {1, 2, 3}
    assert m.sheet[0].points[0] == 0 and m.dealer == 1
    assert m.record_deals()[0]["hands"][0] == ""
    m.deal()
    assert m.record_deals()[1]["hands"][1] == "" and m.current_player() != 1


TWO_FOUR = ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD 9D KC QC"]


def test_four_players_refuse_cards_for_the_dealer() -> None:
    from kozyr.core.errors import RecordError
    m = new(None, "four_players")
    with pytest.raises(RecordError, match="the dealer, who sits out"):
        m.deal({"hands": ["JC", *TWO_FOUR], "talon": "9C JD TC"})


def test_dealer_scores_a_talon_marriage_in_the_outcome() -> None:
    deal = {"hands": ["", "AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D JC"],
            "talon": "KC QC 9C"}
    m = new(deal, "four_players", dealer_scores_talon=True)
    assert m.outcome("played").talon_marriage == 60
    assert new(deal, "four_players").outcome("played").talon_marriage == 0


def test_two_players_a_blind_that_stands_keeps_the_pile_hidden() -> None:
    m = new(TWO, "two_players", blind_bid=True)
    play(m, "blind", "pass", "take 0")
    assert m.observation(0)["talon_piles"] == [None, None]
    assert m.observation(1)["talon_piles"] == ["JC 9C", None]
    assert m.observation(0)["history"][-1] == [1, "take 0"]
    for k in range(5):
        r = m.resample(0, random.Random(k))
        assert r.observation(0) == m.observation(0)
