"""Random full matches of every game and preset keep the invariants at every step.

OpenSpiel's ``random_sim_test``: seeded random legal play, and after each action the match's
answers must agree (``tests.conformance.invariants``).  Random play seldom ends a match of
Thousand, so one match per preset is also played to its end by the noisy heuristic bots,
checked the same way, to see the end of a match: the winner, the last sheet row.
"""

from __future__ import annotations

import random

import pytest

from tests.conformance.cases import bot_walk, cases, fresh, walk
from tests.conformance.invariants import check_lifecycle, check_state

#: Random matches per preset, and the deals each may last (about 90 decisions a deal).
SEEDS = 2
DEALS = 4
#: A match played by the bots must end within this many deals.
BOT_DEALS = 300
#: The bots' match is long: the cheap checks at every step, all of them every few steps.
FULL_CHECK_EVERY = 5


@pytest.mark.parametrize(("game", "preset"), cases())
def test_random_matches_keep_the_invariants_at_every_step(game: str, preset: str) -> None:
    for seed in range(SEEDS):
        m = fresh(game, preset, seed)
        check_state(m)
        steps = 0
        for _ in walk(m, random.Random(f"{game}:{preset}:{seed}"), deals=DEALS):
            check_state(m)
            steps += 1
        check_state(m)
        assert steps > 0
        assert m.is_over or m.deal_index == DEALS


@pytest.mark.parametrize(("game", "preset"), cases())
def test_a_match_played_to_its_end_keeps_the_invariants(game: str, preset: str) -> None:
    m = fresh(game, preset, seed=11)
    deal = -1
    for step, _ in enumerate(bot_walk(m, seed=11, deals=BOT_DEALS)):
        check_lifecycle(m)
        if step % FULL_CHECK_EVERY == 0 or m.deal_index != deal:  # and each deal's first step
            check_state(m)
            deal = m.deal_index
    check_state(m)
    assert m.is_over, f"the bots' match did not end in {BOT_DEALS} deals"
    assert m.winner is not None and m.sheet
