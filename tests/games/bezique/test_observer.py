"""What a Bezique seat sees (observer.py): the table and the known cards are public, the
concealed hand and the stock are not; a sample deals only those again."""

from __future__ import annotations

import random

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
    assert obs["hand_sizes"] == [7, 8] and obs["phase"] == "meld"
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
        assert {"QS1", "JD1"} <= hand and len(hand) == 8
        moved |= hand != set(str(see(m, 1)["hand"]).split())
        sample.apply(sample.legal_actions()[0])  # plays on: seat 1 leads
    assert moved
