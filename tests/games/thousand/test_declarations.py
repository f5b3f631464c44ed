"""§11's declarations in play, deal by deal (rules/thousand.md §11.1, §11.6): bed marriages, four
nines, marriages "in suit", the strict ace marriage, automatic marriages.

Each deal is a compact record worked out by hand (dealer 0, so seat 1 holds the forced 100 and
both others pass: seat 1 declares); the expected sheet rows are written out by hand, their
``points`` including the declarations.
"""

from __future__ import annotations

import re
from itertools import chain
from typing import Any

from kozyr.records import replay_record
from tests.games.thousand.fixtures import dealt, play, refused

# -- bed marriages -------------------------------------------------------------------------------
# Seat 1 holds bed marriages in ♥ (50) and ♠ (20); the talon brings KH (♥ K+Q: 100).
BED_DEAL = {"hands": ["AS TS KS 9S AC TC KC", "AH TH QH JH 9H QS JS", "AD TD KD QD JD 9D QC"],
            "talon": "KH JC 9C"}
BED_TALON = ["pass", "pass", "give 2 JC", "give 0 9C"]
BED_TRICKS = [
    ["play AH", "play 9D", "play 9S"],            # seat 1: 11
    ["play QS bed", "play JD", "play AS"],        # +20, trump ♠; seat 0: 16
    ["play AC", "play JS", "play JC"],            # seat 1 trumps: 15
    ["play KH marriage", "play QD", "play 9C"],   # +100, trump ♥; seat 1: 7
    ["play TH", "play KD", "play KC"],            # seat 1: 18
    ["play QH", "play TD", "play TC"],            # seat 1: 23
    ["play JH", "play AD", "play KS"],            # seat 1: 17
    ["play 9H", "play QC", "play TS"],            # seat 1: 13
]


def flat(tricks: list[list[str]]) -> list[str]:
    """Return the tricks' actions in order."""
    return list(chain.from_iterable(tricks))


def _record(deal: dict[str, Any], actions: list[str], **rules: Any) -> dict[str, Any]:
    return {"format": 2, "game": "thousand", "rules": {"preset": "classic", **rules},
            "players": ["a", "b", "c"], "first_dealer": 0, "seed": 1,
            "deals": [{**deal, "actions": actions}]}


def _row(rec: dict[str, Any]) -> dict[str, Any]:
    summary = replay_record(rec).summary()
    row: dict[str, Any] = summary["deals"][0]
    return row


def test_bed_marriages_score_half_and_name_the_trump() -> None:
    rec = _record(BED_DEAL, [*BED_TALON, "contract 200", *flat(BED_TRICKS)],
                  bed_marriage=True)
    row = _row(rec)
    # seat 1: 104 card points + 20 (bed ♠) + 100 (♥ K+Q); seat 0: 16 -> 15; seat 2 no trick
    assert row["points"] == [16, 224, 0]
    assert row["scores"] == [15, 200, 0]
    assert row["marks"] == [[], [], ["B"]]


def test_bed_marriage_play_step_by_step() -> None:
    m = dealt(BED_DEAL, bed_marriage=True)
    assert m.cap(1) == 190 and m.cap(2) == 200  # 120 + 50 + 20 (beds); 120 + 80 (♦ K+Q)
    refused(m, "bid 205", "above your cap of 200")
    play(m, *BED_TALON)
    assert m.cap(1) == 240  # KH: ♥ counts 100 (K+Q), not also 50; ♠ Q+J 20
    refused(m, "contract 245", "above your cap of 240")
    play(m, "contract 200")
    refused(m, "play QS bed", "no declaration may be made on the first trick")
    assert "play QS bed" not in m.legal_texts()
    play(m, *BED_TRICKS[0])
    assert {"play QS bed", "play JS bed", "play QH bed", "play JH bed", "play QH marriage",
            "play KH marriage", "play QS", "play KH"} <= set(m.legal_texts())
    refused(m, "play QS bed keep", re.escape("no marriage is declared 'in suit' at this table"))
    refused(m, "play TH bed", "only a queen or a jack")
    play(m, *BED_TRICKS[1])
    obs = m.observation(None)
    assert obs["trump"] == "S" and obs["marriages"] == [[1, "S", "bed"]]
    play(m, *BED_TRICKS[2])
    play(m, "play KH marriage")
    play(m, *BED_TRICKS[3][1:])
    # the ♥ K+Q is declared: QH and JH serve in no bed marriage now
    refused(m, "play JH bed", "the ♥ marriage was declared")
    refused(m, "play QH bed", "the ♥ marriage was declared")
    assert not any(t.endswith(" bed") for t in m.legal_texts())
    obs = m.observation(None)
    assert obs["trump"] == "H" and obs["marriages"] == [[1, "S", "bed"], [1, "H"]]


def test_a_declared_bed_marriage_kills_its_suits_marriage() -> None:
    m = dealt(BED_DEAL, bed_marriage=True)
    play(m, *BED_TALON, "contract 200", *BED_TRICKS[0])
    play(m, "play JH bed", "play JD", "play 9C")  # +50, trump ♥; seat 1 wins (no heart out)
    assert m.observation(None)["trump"] == "H" and m.current_player() == 1
    refused(m, "play KH marriage", "the ♥ bed marriage was declared")
    refused(m, "play QH marriage", "the ♥ bed marriage was declared")
    assert "play KH" in m.legal_texts() and "play QS bed" in m.legal_texts()


def test_without_the_option_there_is_no_bed_marriage() -> None:
    m = dealt(BED_DEAL)
    play(m, *BED_TALON)
    assert m.cap(1) == 220  # 120 + ♥ K+Q only
    play(m, "contract 200", *BED_TRICKS[0])
    refused(m, "play QS bed", re.escape("Q+J is no bed marriage at this table"))
    refused(m, "play 9H nines", re.escape("four nines are no declaration at this table"))


# -- four nines ---------------------------------------------------------------------------------
NINES_DEAL = {"hands": ["TS KS QS JS AC TC KC", "9S 9C 9D 9H AS AH TH", "AD TD KD QD JD QC JC"],
              "talon": "KH QH JH"}
NINES_TALON = ["keep", "pass", "pass", "give 0 JH", "give 2 TH"]
NINES_TRICKS = [
    ["play AS", "play QC", "play JS"],            # seat 1: 16
    ["play AH", "play TH", "play JH"],            # seat 1: 23
    ["play KH marriage", "play JC", "play KC"],   # +100, trump ♥; seat 1: 10
    ["play QH", "play JD", "play TC"],            # seat 1: 15
    ["play 9H nines", "play QD", "play AC"],      # +200, trump stays ♥; seat 1: 14
    ["play 9S", "play KD", "play TS"],            # seat 0: 14
    ["play KS", "play 9C", "play TD"],            # seat 0: 14
    ["play QS", "play 9D", "play AD"],            # seat 0: 14
]


def test_four_nines_score_and_keep_the_trump() -> None:
    rec = _record(NINES_DEAL, [*NINES_TALON, "contract 350", *flat(NINES_TRICKS)],
                  four_nines=200, max_bid=400)
    row = _row(rec)
    # seat 1: 78 card points + 100 + 200; seat 0: 42 -> 40
    assert row["points"] == [42, 378, 0]
    assert row["scores"] == [40, 350, 0]
    assert row["marks"] == [[], [], ["B"]]


def test_four_nines_step_by_step() -> None:
    m = dealt(NINES_DEAL, four_nines=360, max_bid=400)
    assert m.phase == "redeal" and m.current_player() == 1  # four nines may still ask
    play(m, "keep")
    assert m.cap(1) == 400  # 120 + 360, at most max_bid
    play(m, *NINES_TALON[1:])
    refused(m, "contract 405", "above the table's maximum of 400")
    play(m, "contract 400")
    refused(m, "play 9S nines", "no declaration may be made on the first trick")
    play(m, *NINES_TRICKS[0])
    assert {"play 9S nines", "play 9C nines", "play 9D nines", "play 9H nines"} <= set(
        m.legal_texts())
    refused(m, "play AH nines", "only a nine declares four nines")
    play(m, *NINES_TRICKS[1], *NINES_TRICKS[2], *NINES_TRICKS[3])
    play(m, "play 9H nines")
    assert m.observation(None)["trump"] == "H"
    assert m.observation(None)["marriages"] == [[1, "H"], [1, "H", "nines"]]
    play(m, *NINES_TRICKS[4][1:])
    refused(m, "play 9S nines", "four nines need all four nines in your hand")
    for trick in NINES_TRICKS[5:]:
        play(m, *trick)
    row = m.sheet[0]
    assert row.points == (42, 538, 0)  # 78 + 100 + 360
    assert row.scores == (40, 400, 0)


# -- marriages "in suit" -------------------------------------------------------------------------
KEEP_TRICKS = [
    ["play AH", "play 9D", "play 9S"],               # seat 1: 11
    ["play QS bed", "play JD", "play AS"],           # +20, trump ♠; seat 0: 16
    ["play AC", "play JS", "play JC"],               # seat 1 trumps: 15
    ["play KH marriage keep", "play QD", "play KS"], # +100, trump stays ♠; seat 0 trumps: 11
    ["play TS", "play 9H", "play KD"],               # seat 0: 14
    ["play TC", "play JH", "play QC"],               # seat 0: 15
    ["play KC", "play QH", "play TD"],               # seat 0: 17
    ["play 9C", "play TH", "play AD"],               # seat 0: 21
]


def test_a_marriage_in_suit_scores_and_keeps_the_trump() -> None:
    rec = _record(BED_DEAL, [*BED_TALON, "contract 140", *flat(KEEP_TRICKS)],
                  bed_marriage=True, marriage_keep_trump=True)
    row = _row(rec)
    # seat 1: 26 card points + 20 + 100 = 146 >= 140; seat 0: 94 -> 95
    assert row["points"] == [94, 146, 0]
    assert row["scores"] == [95, 140, 0]
    assert row["marks"] == [[], [], ["B"]]


def test_in_suit_needs_a_trump() -> None:
    m = dealt(BED_DEAL, bed_marriage=True, marriage_keep_trump=True)
    play(m, *BED_TALON, "contract 140", *KEEP_TRICKS[0])
    assert not any(t.endswith(" keep") for t in m.legal_texts())
    refused(m, "play QS bed keep", "no trump is set yet")
    refused(m, "play KH marriage keep", "no trump is set yet")
    play(m, *KEEP_TRICKS[1], *KEEP_TRICKS[2])
    assert {"play KH marriage keep", "play QH marriage keep", "play QH bed keep",
            "play JH bed keep", "play KH marriage"} <= set(m.legal_texts())
    play(m, "play KH marriage keep")
    obs = m.observation(None)
    assert obs["trump"] == "S" and obs["marriages"] == [[1, "S", "bed"], [1, "H", "marriage keep"]]
    play(m, "play QD")
    refused(m, "play 9C", "you must play a trump")  # the K led is a plain heart lead


ACES_DEAL = {"hands": ["TS KS QS JS 9S TC KC", "AS AC AD AH KH 9H KD", "TD QD JD 9D QC JC 9C"],
             "talon": "TH QH JH"}


def test_the_ace_marriage_is_never_in_suit() -> None:
    m = dealt(ACES_DEAL, ace_marriage=True, marriage_keep_trump=True)
    play(m, "pass", "pass", "give 0 KD", "give 2 9H", "contract 120")
    play(m, "play TH", "play 9H", "play 9S")  # seat 1 wins, no trump yet
    play(m, "play KH marriage", "play QC", "play JS")  # trump ♥, seat 1 wins
    assert "play AS marriage" in m.legal_texts()
    assert "play AS marriage keep" not in m.legal_texts()
    refused(m, "play AS marriage keep", "the ace marriage names the trump")


def test_in_suit_is_refused_when_the_declarer_names_the_trump() -> None:
    m = dealt(BED_DEAL, "501", marriage_keep_trump=True)
    play(m, *BED_TALON, "trump H", "contract 100", *BED_TRICKS[0])
    assert "play KH marriage" in m.legal_texts()
    assert not any(t.endswith(" keep") for t in m.legal_texts())
    refused(m, "play KH marriage keep", "the declarer named the trump")


# -- the strict ace marriage ---------------------------------------------------------------------
STRICT_TALON = ["pass", "pass", "give 0 JH", "give 2 9H", "contract 300"]
STRICT_TRICKS = [
    ["play AH marriage", "play 9H", "play JH"],   # +200 on the first lead, trump ♥: 13
    ["play AS", "play 9C", "play 9S"],            # an ace while he holds one: 11
    ["play AC", "play JC", "play KC"],            # 17
    ["play AD", "play 9D", "play TC"],            # 21
    ["play KD", "play TD", "play JS"],            # no trump lead while he holds KD; seat 2: 16
    ["play QC", "play QS", "play QH"],            # seat 2 leads, seat 1 trumps: 9
    ["play TH", "play JD", "play KS"],            # all his cards are trumps: he may lead one: 16
    ["play KH", "play QD", "play TS"],            # 17
]
STRICT = {"ace_marriage": True, "ace_marriage_rule": "strict"}


def test_strict_ace_marriage_deal() -> None:
    rec = _record(ACES_DEAL, [*STRICT_TALON, *flat(STRICT_TRICKS)], **STRICT)
    row = _row(rec)
    # seat 1: 104 card points + 200 = 304 >= 300; seat 2: 16 -> 15; seat 0 took no trick
    assert row["points"] == [0, 304, 16]
    assert row["scores"] == [0, 300, 15]
    assert row["marks"] == [["B"], [], []]


def test_strict_ace_marriage_leads() -> None:
    m = dealt(ACES_DEAL, **STRICT)
    assert m.cap(1) == 300  # 120 + 200 (four aces; QH is in the talon) -> max_bid 300
    play(m, *STRICT_TALON)
    assert {"play AS marriage", "play AH marriage"} <= set(m.legal_texts())  # rule 1
    refused(m, "play KH marriage", "no marriage may be declared on the first trick")
    play(m, *STRICT_TRICKS[0])
    assert m.legal_texts() == ["play AS", "play AC", "play AD"]  # rule 2
    refused(m, "play KH marriage", "while you hold an ace, you must lead one")
    refused(m, "play TH", "while you hold an ace, you must lead one")
    play(m, *STRICT_TRICKS[1], *STRICT_TRICKS[2], *STRICT_TRICKS[3])
    assert m.legal_texts() == ["play KD"]  # rule 3: no trump lead while he holds KD
    refused(m, "play TH", re.escape("you may not lead a trump (♥) while you hold other cards"))
    refused(m, "play KH marriage", re.escape("you may not lead a trump (♥)"))
    play(m, *STRICT_TRICKS[4], *STRICT_TRICKS[5])
    assert m.legal_texts() == ["play KH", "play TH"]  # every card he holds is a trump


def test_plain_ace_marriage_is_never_on_the_first_trick() -> None:
    m = dealt(ACES_DEAL, ace_marriage=True)
    play(m, *STRICT_TALON)
    refused(m, "play AH marriage", "no marriage may be declared on the first trick")
    play(m, "play KH", "play 9H", "play JH")  # the holder leads freely after
    play(m, "play AH marriage", "play TD", "play 9S")
    assert "play KD" in m.legal_texts() and "play TH" in m.legal_texts()


# -- automatic marriages ---------------------------------------------------------------------------
def test_marriage_auto_refuses_a_plain_lead_of_a_card_that_can_declare() -> None:
    m = dealt(BED_DEAL, marriage_auto=True)
    play(m, *BED_TALON, "contract 120")
    assert "play KH" in m.legal_texts()  # the first trick: no declaration, a plain lead
    play(m, *BED_TRICKS[0])
    texts = m.legal_texts()
    assert "play KH" not in texts and "play QH" not in texts and "play KH marriage" in texts
    assert "play JH" in texts and "play QS" in texts  # no bed marriages at this table
    refused(m, "play KH", re.escape("leading KH declares (play KH marriage)"))


def test_marriage_auto_with_bed_marriages() -> None:
    m = dealt(BED_DEAL, marriage_auto=True, bed_marriage=True)
    play(m, *BED_TALON, "contract 120", *BED_TRICKS[0])
    texts = m.legal_texts()
    for card in ("KH", "QH", "JH", "QS", "JS"):
        assert f"play {card}" not in texts
    refused(m, "play QH", re.escape("leading QH declares (play QH marriage or play QH bed)"))
    play(m, "play JH bed", "play JD", "play 9C")  # the ♥ bed marriage: K+Q ♥ is dead
    texts = m.legal_texts()
    assert "play KH" in texts and "play QH" in texts and "play KH marriage" not in texts


def test_tysiac_declares_automatically() -> None:
    m = dealt(BED_DEAL, "tysiac")
    play(m, "pass", "pass", "give 2 JC", "give 0 9C", "contract 120", *BED_TRICKS[0])
    refused(m, "play KH", "declarations are automatic at this table")
