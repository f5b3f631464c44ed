"""The Thousand solver plays by the engine's rules, for every option bundle that changes card play.

Two checks per bundle (every preset, and must_beat / ace_marriage / marriage_on_first_trick
turned on and off), on seeded random positions:

- the solver's legal moves (:meth:`Position.legal_moves`) are the engine's ``legal_actions`` at
  every card of random deals, and the solver's own successor (:meth:`Position.play`: hands,
  trick, leader, trump, declaration right, points) is the engine's position after the card;
- the search's inlined move generation (the hot loop of :mod:`kozyr.bots.solver.search`)
  agrees too: on endgames of a few cards :func:`solve_exact` equals a plain minimax over the
  engine itself (its legal actions, its clones, the points on its score sheet).
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from kozyr.bots.solver import solve_exact
from kozyr.bots.solver.adapter import position_from_match
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand.position import ThousandPosition

#: The options that change how cards are played (besides the player count and 501's trump).
FLAGS = ("must_beat", "ace_marriage", "marriage_on_first_trick")


def _bundles() -> list[tuple[str, dict[str, bool]]]:
    """Return every preset as it is, classic with each combination of the card-play flags, and
    every other preset with each flag flipped."""
    out: list[tuple[str, dict[str, bool]]] = [(p, {}) for p in ThousandRules.PRESETS]
    out += [("classic", dict(zip(FLAGS, bits, strict=True)))
            for bits in product((False, True), repeat=len(FLAGS)) if any(bits)]
    for preset in ThousandRules.PRESETS:
        if preset == "classic":
            continue
        rules = ThousandRules.from_preset(preset)
        out += [(preset, {flag: not getattr(rules, flag)}) for flag in FLAGS]
    return out


BUNDLES = _bundles()
IDS = [p + "".join(f"-{k}={int(v)}" for k, v in o.items()) for p, o in BUNDLES]


def _seeded(preset: str, options: dict[str, bool]) -> random.Random:
    return random.Random(f"{preset} {sorted(options.items())}")


def _play_phase(rules: ThousandRules, seed: int, rng: random.Random) -> ThousandMatch:
    """Return a match at the first card of a deal, its bidding and talon played at random
    (never a write-off or a redeal: the deal must come to its cards)."""
    m = ThousandMatch(rules, seed=seed)
    while True:
        if m.awaiting_deal:
            m.deal()
            continue
        if m.phase == "play":
            return m
        legal = [a for a in m.legal_actions() if m.action_to_text(a) not in ("writeoff", "redeal")]
        m.apply_action(rng.choice(legal))


@pytest.mark.parametrize(("preset", "options"), BUNDLES, ids=IDS)
def test_legal_moves_and_successors_are_the_engines(preset: str, options: dict[str, bool]) -> None:
    rules = ThousandRules.from_preset(preset, **options)
    rng = _seeded(preset, options)
    positions = 0
    for seed in range(6):
        m = _play_phase(rules, seed, rng)
        deal = m.deal_index
        pos, seats = position_from_match(m)
        while m.deal_index == deal and m.phase == "play":
            assert pos == position_from_match(m)[0]
            assert sorted(pos.legal_moves()) == sorted(m.legal_actions())
            positions += 1
            a = rng.choice(m.legal_actions())
            pos = pos.play(a)
            m.apply_action(a)
        # the last card: the solver's points are the sheet's
        row = m.sheet[-1]
        assert [row.points[s] for s in seats] == list(pos.points)
    assert positions >= 6 * 8


def _engine_value(m: ThousandMatch, declarer: int, deal: int) -> int:
    """Return the declarer's points at the end of ``m``'s deal with best play by both sides,
    by minimax over the engine (no pruning, a clone per move)."""
    if m.deal_index != deal or m.phase != "play":
        return m.sheet[-1].points[declarer]
    values = []
    for a in m.legal_actions():
        c = m.clone()
        c.apply_action(a)
        values.append(_engine_value(c, declarer, deal))
    return max(values) if m.current_player() == declarer else min(values)


def _endgame(rules: ThousandRules, seed: int, rng: random.Random, cards: int) -> ThousandMatch:
    """Return a match in its play phase with at most ``cards`` cards in the hand to play
    (random play before; often in the middle of a trick)."""
    while True:
        m = _play_phase(rules, seed, rng)
        deal = m.deal_index
        while m.deal_index == deal and m.phase == "play":
            p = ThousandPosition(m)
            seat = m.current_player()
            assert seat is not None
            if p.hand(seat).bit_count() <= cards and rng.random() < 0.5:
                return m
            m.apply_action(rng.choice(m.legal_actions()))
        seed += 1000


@pytest.mark.parametrize(("preset", "options"), BUNDLES, ids=IDS)
def test_the_search_plays_by_the_engines_rules(preset: str, options: dict[str, bool]) -> None:
    rules = ThousandRules.from_preset(preset, **options)
    rng = _seeded(preset, options)
    cards = 4 if rules.players == 2 else 3
    for seed in range(8):
        m = _endgame(rules, seed, rng, cards)
        declarer = ThousandPosition(m).declarer
        assert declarer is not None
        pos, _ = position_from_match(m)
        assert solve_exact(pos) == _engine_value(m, declarer, m.deal_index), (
            f"seed {seed}: {_describe(m)}")


def _describe(m: ThousandMatch) -> dict[str, Any]:
    p = ThousandPosition(m)
    from kozyr.cards import format_card, format_hand

    return {"hands": [format_hand(h) for h in p.hands], "trick": [format_card(c) for c in p.trick],
            "trump": p.trump, "leader": p.leader, "declarer": p.declarer}
