"""Copies of a match, by ``clone()`` and by pickling, play on identically and independently.

The search bots clone matches and the server's bot pool pickles them into worker processes;
either copy must be the same match (equal snapshots, the same seeded deals to come) and
share nothing with the original: playing one moves neither the other.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest

from kozyr.core.match import Match
from tests.conformance.cases import cases, fresh, snapshot

DEALS = 4
#: Copy at every this many steps (and between deals), then play the copy this far ahead.
COPY_EVERY = 4
AHEAD = 20

COPIES: dict[str, Callable[[Match], Match]] = {
    "clone": lambda m: m.clone(),
    "pickle": lambda m: pickle.loads(pickle.dumps(m, protocol=pickle.HIGHEST_PROTOCOL)),
}


def _play(m: Match, rng: random.Random, steps: int) -> None:
    """Take ``steps`` steps of random play, a seeded deal counting as one."""
    for _ in range(steps):
        if m.is_over:
            return
        if m.awaiting_deal:
            m.deal()
        else:
            m.apply_action(rng.choice(m.legal_actions()))


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize(("game", "preset"), cases())
def test_a_copy_plays_on_identically_and_independently(game: str, preset: str, how: str) -> None:
    copy = COPIES[how]
    rng = random.Random(f"{game}:{preset}:{how}")
    m = fresh(game, preset, seed=3)
    copies = crossed = step = 0
    while not m.is_over and m.deal_index < DEALS:
        if step % COPY_EVERY == 0 or m.awaiting_deal:
            before, deal = snapshot(m), m.deal_index
            c = copy(m)
            assert type(c) is type(m) and c is not m
            assert snapshot(c) == before, f"the {how} differs from the match"
            _play(c, random.Random(step), AHEAD)
            assert snapshot(m) == before, f"playing the {how} moved the match"
            ahead = snapshot(c)
            _play(m, random.Random(step), AHEAD)
            assert snapshot(m) == ahead, f"the {how} played on differently from the match"
            assert snapshot(c) == ahead, f"playing the match moved the {how}"
            copies += 1
            crossed += c.deal_index > deal  # the copy dealt the next deal from the seed
        _play(m, rng, 1)
        step += 1
    assert copies >= 3 and crossed >= 1
