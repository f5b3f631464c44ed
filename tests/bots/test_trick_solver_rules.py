"""The Debertz and Tertz solvers play by the engines' rules: legal cards, bella, trick results.

On seeded random deals of every preset, with every value of each option that changes the card
play, each card decision's position (read through the game's position view, as PIMC reads a
sample) is given to the solver: its legal cards must be the engine's ``legal_actions``, its
bella the engine's ``play CARD bella``, and the position it makes after a card the position
the engine reaches.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from kozyr.bots.pimc_tricks import debertz_position, tertz_position
from kozyr.bots.solver import debertz as D
from kozyr.bots.solver import tertz as T
from kozyr.core.errors import RulesError
from kozyr.core.match import Match
from kozyr.games import match_class, new_match
from kozyr.games.debertz.position import DealView as DebertzDeal
from kozyr.games.registry import specs

#: The options that change what may be played or what a card does, with every value:
#: who leads, bella's timing, the seven swap (the hands of trick 1), the free trump jack.
CARD_PLAY_OPTIONS: dict[str, dict[str, tuple[Any, ...]]] = {
    "debertz": {"bella_after_trick": (False, True), "first_lead": ("declarer", "left_of_dealer"),
                "seven_swap": (False, True), "overtrump": ("always", "trump_lead")},
    "tertz": {"free_trump_jack": (False, True)},
}
DEALS = 30  # seeded deals per option bundle


def test_every_game_of_the_trick_solvers_is_covered() -> None:
    trick_games = {s.name for s in specs() if s.pimc == "kozyr.bots.pimc_tricks:TrickPimcBot"}
    assert trick_games == set(CARD_PLAY_OPTIONS)


def bundles(game: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (preset, options) for every preset and every combination of the play options."""
    rules = match_class(game).RULES
    names = list(CARD_PLAY_OPTIONS[game])
    for preset in rules.PRESETS:
        for values in itertools.product(*(CARD_PLAY_OPTIONS[game][n] for n in names)):
            options = dict(zip(names, values, strict=True))
            try:
                rules.from_preset(preset, **options)
            except RulesError:
                continue  # e.g. the seven swap with 4 players
            yield preset, options


def ids(game: str) -> list[str]:
    """Return readable test ids for :func:`bundles`."""
    return [preset + "".join(f" {k}={v}" for k, v in o.items()) for preset, o in bundles(game)]


def card_decisions(game: str, preset: str, options: dict[str, Any]) -> Iterator[Match]:
    """Yield the match at every card decision of ``DEALS`` seeded deals played at random."""
    rules = match_class(game).RULES.from_preset(preset, **options)
    for seed in range(DEALS):
        rng = random.Random(seed)
        m = new_match(game, rules, seed=seed)
        m.deal()
        while not m.sheet:
            legal = m.legal_actions()
            if m.phase == "play" and any(a < 32 for a in legal):
                yield m
            m.apply_action(rng.choice(legal))


def debertz_cards(legal: list[int]) -> tuple[set[int], set[int]]:
    """Return the engine's legal cards, and those it allows with bella (``play CARD bella``)."""
    return {a & 31 for a in legal if a < 64}, {a - 32 for a in legal if 32 <= a < 64}


@pytest.mark.parametrize(("preset", "options"), list(bundles("debertz")), ids=ids("debertz"))
def test_debertz_solver_plays_by_the_engine(preset: str, options: dict[str, Any]) -> None:
    checked = 0
    for m in card_decisions("debertz", preset, options):
        pos = debertz_position(m)
        assert pos.seat_to_move() == m.current_player()
        cards, bella = debertz_cards(m.legal_actions())
        assert set(D.legal_cards(pos)) == cards
        assert {c for c in cards if D.bella_move(pos, c)} == bella
        if DebertzDeal(m).trick_no == 0:
            continue  # the position assumes the seats still to play swap and declare
        for c in sorted(cards):
            after = m.clone()
            after.apply_action(c + 32 if c in bella else c)
            assert D.play(pos, c) == debertz_position(after), (c, pos)
        checked += 1
    assert checked > 10 * DEALS


@pytest.mark.parametrize(("preset", "options"), list(bundles("tertz")), ids=ids("tertz"))
def test_tertz_solver_plays_by_the_engine(preset: str, options: dict[str, Any]) -> None:
    checked = 0
    for m in card_decisions("tertz", preset, options):
        seat = m.current_player()
        assert seat is not None
        pos = tertz_position(m, seat)
        assert pos.seat_to_move() == seat
        cards = {a for a in m.legal_actions() if a < 32}  # 32, 33: swap7, declare
        assert set(T.legal_cards(pos)) == cards
        for c in sorted(cards):
            after = m.clone()
            after.apply_action(c)
            assert T.play(pos, c) == tertz_position(after, seat), (c, pos)
        checked += 1
    assert checked >= 32 * DEALS  # every card of every deal (a swap7 or declare: again)
