"""The solver's rules agree with the Thousand engine: legal moves and deal points."""

from __future__ import annotations

import random

import pytest

from kozyr.bots.solver import Position, solve_exact
from kozyr.bots.solver.adapter import position_from_match
from kozyr.games import new_match
from kozyr.games.thousand.position import ThousandPosition


def _to_play(preset: str, seed: int, rng: random.Random):
    """Return a match of ``preset`` in its play phase, bidding and talon played at random."""
    m = new_match("thousand", preset, seed=seed)
    while True:
        if m.awaiting_deal:
            m.deal()
            continue
        if m.phase == "play":
            return m
        legal = [a for a in m.legal_actions() if m.action_to_text(a) != "writeoff"
                 and m.action_to_text(a) != "redeal"]
        m.apply_action(rng.choice(legal))


@pytest.mark.parametrize("preset", ["classic", "tysiac", "two_players", "four_players", "501"])
def test_moves_and_points_follow_the_engine(preset: str) -> None:
    rng = random.Random(preset)
    for seed in range(4):
        m = _to_play(preset, seed, rng)
        deal = m.deal_index
        pos, seats = position_from_match(m)
        while m.deal_index == deal and m.phase == "play":
            pos, seats = position_from_match(m)
            assert sorted(pos.legal_moves()) == sorted(m.legal_actions())
            a = rng.choice(m.legal_actions())
            nxt = pos.play(a)
            m.apply_action(a)
            pos = nxt
        row = m.sheet[-1]
        assert [row.points[s] for s in seats] == list(pos.points)


def test_sample_positions_solve() -> None:
    m = _to_play("classic", 3, random.Random(1))
    seat = m.current_player()
    sample = m.view(seat).sample(random.Random(2))
    pos, _ = position_from_match(sample)
    assert isinstance(pos, Position)
    assert pos.hands[pos.leader] == ThousandPosition(sample).hand(sample.current_player())
    assert 0 <= solve_exact(pos) <= 120 + sum(pos.marriage_values) + pos.ace_marriage


def test_no_position_outside_play() -> None:
    m = new_match("thousand", "classic", seed=1)
    m.deal()
    with pytest.raises(ValueError, match="phase"):
        position_from_match(m)
