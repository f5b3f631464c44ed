"""Thousand's fast paths give exactly what the plain ones give: seeded dealing, scoring, lists."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.games.thousand import ThousandMatch
from kozyr.games.thousand.deal import deal_deck, hashed_deal, hashed_deck
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import (
    DealOutcome,
    MatchScore,
    _score_general,
    may_write_off,
    score_simple,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hashed_deal_is_the_hashed_deck_dealt(players: int) -> None:
    for i in range(2000):
        key = f"{i * 7919}:{i % 40}"
        dealer = i % players
        assert hashed_deal(key, players, dealer) == deal_deck(hashed_deck(key), players, dealer)


def _random_rules(rng: random.Random) -> ThousandRules:
    options: dict[str, Any] = {
        "golden_horse": rng.random() < 0.4,
        "dump_truck": rng.random() < 0.4,
        "defender_cap_800": rng.random() < 0.3,
        "rounding": rng.choice(["nearest_5", "none"]),
        "writeoff_penalty": rng.choice(["contract", "bolt"]),
        "writeoff_gain": rng.choice(["half_contract", "fixed_60"]),
        "barrel": rng.random() < 0.7,
        "bolt_limit": rng.choice([1, 2, 3]),
        "players": rng.choice([2, 3, 3, 4]),
    }
    return ThousandRules.from_preset("classic", **options)


def _random_score(rules: ThousandRules, rng: random.Random) -> MatchScore:
    n = rules.players
    score = MatchScore.new(rules)
    near = [0, 555 - 120, 555 - 60, 555 + 120, 760, 800, 805, 860, 875, 990, -555 + 120]
    score.totals = [rng.choice([rng.randrange(-300, 1000, 5), rng.choice(near)])
                    for _ in range(n)]
    score.bolts = [rng.randrange(3) for _ in range(n)]
    score.writeoffs = [rng.randrange(3) for _ in range(n)]
    score.scored_deals = rng.randrange(5)
    if rules.barrel:
        score.totals = [min(t, rules.barrel_at - 5) for t in score.totals]
        if rng.random() < 0.2:
            seat = rng.randrange(n)
            score.totals[seat] = rules.barrel_at
            score.on_barrel[seat] = True
            score.barrel_attempts[seat] = rng.randrange(3)
    return score


def _random_outcome(rules: ThousandRules, score: MatchScore,
                    rng: random.Random) -> DealOutcome | None:
    n = rules.players
    dealer = rng.randrange(n)
    seats = [s for s in range(n) if n != 4 or s != dealer]
    declarer = rng.choice(seats)
    bid = rng.randrange(100, 305, 5)
    blind = rng.random() < 0.1
    if rng.random() < 0.3:
        if may_write_off(rules, score, declarer) is not None:
            return None
        return DealOutcome(dealer, "writeoff", declarer, bid, None, (0,) * n, (0,) * n,
                           blind=blind, sitting_out=dealer if n == 4 else None)
    contract = max(bid, rng.randrange(100, 305, 5))
    if score.on_barrel[declarer]:
        contract = max(contract, rules.barrel_contract)
    points = [0] * n
    tricks = [0] * n
    for s in seats:
        tricks[s] = rng.choice([0, 0, 1, 2, 3, 4, 5])
        points[s] = rng.randrange(0, 40) + 40 * tricks[s] * (rng.random() < 0.5)
    return DealOutcome(dealer, "played", declarer, bid, contract, tuple(points), tuple(tricks),
                       blind=blind, sitting_out=dealer if n == 4 else None)


def test_score_simple_scores_as_the_general_path() -> None:
    rng = random.Random(5)
    simple = 0
    for _ in range(6000):
        rules = _random_rules(rng)
        score = _random_score(rules, rng)
        outcome = _random_outcome(rules, score, rng)
        if outcome is None:
            continue
        fast, slow = score.copy(), score.copy()
        row = score_simple(rules, fast, outcome.dealer, outcome.kind == "played",
                           outcome.declarer, outcome.bid, outcome.contract, outcome.points,
                           outcome.tricks, outcome.blind)
        if row is None:
            assert fast == score  # nothing changed: the general path does it all
            continue
        simple += 1
        assert row == _score_general(rules, slow, outcome)
        assert fast == slow
    assert simple > 2000


@pytest.mark.parametrize("preset", ["classic", "tysiac", "two_players", "four_players", "501"])
def test_shared_legal_lists_are_the_legal_actions(preset: str) -> None:
    """The cached lists legal_actions hands out stay intact through whole matches."""
    rules = ThousandRules.from_preset(preset, ace_marriage=preset == "classic",
                                      marriage_on_first_trick=preset == "tysiac")
    rng = random.Random(3)
    for seed in range(6):
        m = ThousandMatch(rules, seed=seed)
        while not m.is_over and m.deal_index < 40:
            if m.awaiting_deal:
                m.deal()
                continue
            legal = m.legal_actions()
            copy = list(legal)
            assert len(set(legal)) == len(legal)
            assert all(m.why_illegal(a) is None for a in legal)
            m.apply(rng.choice(legal))
            assert legal == copy
