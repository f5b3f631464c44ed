"""Drawn deals (``Match.deal(rng=...)``): the live room's path, apart from the seeded one.

A drawn deal depends on the rng alone, never on the match's seed, so a seed that a client
could enumerate tells nothing about the cards; the seeded path stays reproducible.
"""

from __future__ import annotations

import random

import pytest

from kozyr.games import new_match
from kozyr.records import deal_cards

GAMES = [("thousand", "classic", {}), ("thousand", "two_players", {}),
         ("thousand", "four_players", {}), ("thousand", "classic", {"no_shuffle": True}),
         ("thousand", "classic", {"cut_ritual": True}), ("debertz", "debertz3", {}),
         ("debertz", "debertz4", {}), ("tertz", "tertz", {})]


def _cards(game: str, preset: str, options: dict[str, object], seed: int,
           rng: random.Random | None) -> dict[str, object]:
    m = new_match(game, _rules(game, preset, options), seed=seed, first_dealer=0)
    m.deal(rng=rng)
    deal = m.record_deals()[-1]
    return deal_cards(game, deal)


def _rules(game: str, preset: str, options: dict[str, object]) -> object:
    from kozyr.games import match_class

    return match_class(game).RULES.from_preset(preset, **options)


@pytest.mark.parametrize(("game", "preset", "options"), GAMES)
def test_a_drawn_deal_depends_on_the_rng_not_on_the_seed(
        game: str, preset: str, options: dict[str, object]) -> None:
    drawn = [_cards(game, preset, options, seed, random.Random(99)) for seed in (0, 1, 2**40)]
    assert drawn[0] == drawn[1] == drawn[2]
    seeded = _cards(game, preset, options, 0, None)
    assert seeded == _cards(game, preset, options, 0, None)  # the seeded path is reproducible
    assert drawn[0] != seeded
    assert _cards(game, preset, options, 0, random.Random(100)) != drawn[0]


@pytest.mark.parametrize(("game", "preset", "options"), GAMES)
def test_a_match_dealt_from_an_rng_replays_from_its_explicit_cards(
        game: str, preset: str, options: dict[str, object]) -> None:
    from kozyr.records import replay_record, write_record

    rng = random.Random(7)
    m = new_match(game, _rules(game, preset, options), seed=0, first_dealer=1)
    play = random.Random(3)
    for _ in range(400):
        if m.is_over:
            break
        if m.awaiting_deal:
            m.deal(rng=rng)
            continue
        m.apply_action(play.choice(m.legal_actions()))
    record = write_record(m, seed=False)
    assert "seed" not in record
    again = replay_record(record).match
    assert [r.to_json() for r in again.sheet] == [r.to_json() for r in m.sheet]
    assert again.observation(None) == m.observation(None)
