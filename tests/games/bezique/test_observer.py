"""What a Bezique seat sees (observer.py): the table and the known cards are public, the
concealed hand and the stock are not; a sample deals only those again."""

from __future__ import annotations

import random

from kozyr.bots.heuristic.bezique import BeziqueHeuristic
from kozyr.games.bezique import BeziqueMatch
from tests.games.bezique.helpers import match, see, trick

JUNK0 = "7C1 8C1 7D1 8D1 7S1 8S1 9D1 9S1"


def _tokens(m: BeziqueMatch, seat: int | None) -> set[str]:
    obs = see(m, seat)
    out: set[str] = set()
    for key in ("hand", "turned", "scored_sevens"):
        out |= set(str(obs[key] or "").split())
    for key in ("table", "known"):
        for cards in obs[key]:
            out |= set(cards.split())
    for _, text in obs["history"]:
        out |= set(text.split()[1:])
    return out


def test_the_table_is_public_and_the_concealed_cards_are_not() -> None:
    m = match(JUNK0, "QS1 JD1 7H1 9C1 7C2 8C2 AH1 KS1", "8H1")
    trick(m, "9C1")
    m.apply("declare QS1 JD1")
    m.apply("swap7 7H1")
    seen = _tokens(m, 0)
    assert {"QS1", "JD1", "8H1", "7H1", "9C1"} <= seen
    assert not {"AH1", "KS1", "7C2", "8C2"} & seen  # seat 1's concealed cards
    obs = see(m, 0)
    assert obs["known"][1] == "QS1 JD1 8H1"
    assert obs["hand_sizes"] == [7, 7] and obs["phase"] == "meld"  # he draws after it
    assert see(m, None)["hand"] is None


def test_a_sample_keeps_the_table_and_deals_the_concealed_cards_again() -> None:
    m = match(JUNK0, "QS1 JD1 7H1 9C1 7C2 8C2 AH1 KS1", "8H1")
    trick(m, "9C1")
    m.apply("declare QS1 JD1")
    moved = False
    for i in range(10):
        sample = m.resample(0, random.Random(i))
        assert see(sample, 0) == see(m, 0)
        assert sample.current_player() == m.current_player() == 1
        hand = set(str(see(sample, 1)["hand"]).split())
        assert {"QS1", "JD1"} <= hand and len(hand) == 7  # he has not drawn yet
        moved |= hand != set(str(see(m, 1)["hand"]).split())
        sample.apply(sample.legal_actions()[0])  # plays on: seat 1 leads
    assert moved


def test_the_winner_declares_without_seeing_the_card_he_will_draw() -> None:
    # §3 "before drawing": two deals alike but for the card seat 1 draws after trick 1 (QS2,
    # which would make a second bezique with JD2, or 7D2); in his window nobody (he, his bot,
    # seat 0, a spectator) can tell them apart; after "draw" he sees it and may lead it
    hand1 = "QS1 JD1 JD2 9C1 7C2 8C2 AH1 KS1"
    deals = [match(JUNK0, hand1, "8H1", [card], ["9H2"]) for card in ("QS2", "7D2")]
    for m in deals:
        m.apply("play 9C1")
        m.apply("play 7C1")
    assert deals[0].phase == deals[1].phase == "meld" and deals[0].current_player() == 1
    for seat in (None, 0, 1):
        assert see(deals[0], seat) == see(deals[1], seat), f"seat {seat} tells the draws apart"
    assert deals[0].legal_actions() == deals[1].legal_actions()
    assert see(deals[0], 1)["legal"] == [  # no play: he leads after drawing
        "declare KS1 QS1", "declare QS1 JD1", "declare QS1 JD2", "draw"]
    bots = [BeziqueHeuristic(random.Random(0)) for _ in deals]
    assert len({bot.choose(see(m, 1), m.legal_texts()) for bot, m in zip(bots, deals,
                                                                          strict=True)}) == 1
    for m in deals:
        m.apply("draw")
    assert "QS2" in see(deals[0], 1)["hand"] and "7D2" in see(deals[1], 1)["hand"]
    assert "QS2" not in see(deals[0], 0)["hand"] + str(see(deals[0], 0)["known"])
    deals[0].apply("play QS2")  # the card just drawn leads (§10.P.7)
    assert deals[0].record_deals()[0]["actions"] == ["play 9C1", "play 7C1", "play QS2"]
