"""Thousand's compiled search kernel against the pure-Python search (kozyr.bots.solver.search).

Both must give the same exact values, threshold answers, move values and even node counts
(the kernel is the same alpha-beta, statement for statement): on the positions of random deals
of every preset and option bundle whose play the fast search covers, and on random positions
of two and three seats with weights, mid-trick roots, every trump, ``must_beat``, the ace
marriage, a fixed trump and merging off.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from kozyr.bots.solver import Position, Solver, kernel
from kozyr.bots.solver.adapter import position_from_match
from kozyr.bots.solver.search import Search, SearchTimeout
from kozyr.games.thousand import ThousandRules
from tests.bots.test_solver_rules import BUNDLES, IDS, _play_phase, _seeded

built = pytest.mark.skipif(
    not kernel.built(),
    reason="the compiled kernel was not built (no C compiler at install); "
           "install gcc and run `make dev` again")

#: The deck of Thousand: 9 J Q K 10 A (ranks 2 to 7) of each suit.
DECK = [s * 8 + r for s in range(4) for r in range(2, 8)]


def agree(pos: Position) -> int:
    """Assert that pure and compiled solvers of ``pos`` agree on everything; return the value."""
    pure, fast = Solver(pos, compiled=False), Solver(pos, compiled=True)
    assert isinstance(pure.s, Search) and isinstance(fast.s, Search)
    assert not pure.s.compiled and fast.s.compiled
    v = pure.exact()
    assert fast.exact() == v, pos
    for t in (v, v + 1, pure.base + 1, 0):
        assert fast.can_make(t) == pure.can_make(t) == (v >= t), (pos, t)
    assert fast.move_values() == pure.move_values(), pos
    assert fast.move_values(v) == pure.move_values(v), pos
    assert fast.nodes == pure.nodes, pos
    return v


@built
@pytest.mark.parametrize(("preset", "options"), BUNDLES, ids=IDS)
def test_the_kernel_matches_the_pure_search_on_real_deals(preset: str,
                                                           options: dict[str, Any]) -> None:
    rules = ThousandRules.from_preset(preset, **options)
    rng = _seeded(preset, options)
    checked = 0
    for seed in range(4):
        m = _play_phase(rules, seed, rng)
        deal = m.deal_index
        first = True
        while m.deal_index == deal and m.phase == "play":
            pos, _ = position_from_match(m)
            if isinstance(pos.search(False), Search) and (first or rng.random() < 0.3):
                agree(pos)
                checked += 1
            first = False
            m.apply_action(rng.choice(m.legal_actions()))
    if not checked:
        # every position of these deals needs §11's declaring search, which stays in Python
        assert not isinstance(position_from_match(m)[0].search(), Search)
        pytest.skip("this bundle's play is the declaring search's (pure Python only)")
    assert checked >= 4


def random_position(rng: random.Random) -> Position:
    """Return a random position: 2 or 3 seats, any trump, options, weights, mid-trick."""
    n = rng.choice((2, 3, 3))
    size = rng.randint(1, 8 if n == 3 else 10)
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(n)]
    declarer = rng.randrange(n)
    weights = None
    if rng.random() < 0.3:
        weights = tuple(rng.choice((1, 2, 4)) if i == declarer else rng.choice((0, 1, 4))
                        for i in range(n))
    pos = Position(hands=tuple(hands), leader=rng.randrange(n), declarer=declarer,
                   trump=rng.choice((None, 0, 1, 2, 3)), can_declare=rng.random() < 0.8,
                   marriage_values=rng.choice(((40, 60, 80, 100), (40, 60, 80, 100),
                                               (0, 60, 0, 100))),
                   ace_marriage=rng.choice((0, 0, 200)), must_beat=rng.random() < 0.3,
                   fixed_trump=rng.random() < 0.2, weights=weights)
    for _ in range(rng.randrange(n)):
        if pos.remaining_points() and pos.hands[pos.seat_to_move()]:
            pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


@built
@pytest.mark.parametrize("seed", range(60))
def test_the_kernel_matches_the_pure_search_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5):
        pos = random_position(rng)
        if not any(pos.hands):
            continue
        agree(pos)


@built
def test_merging_off_is_searched_alike() -> None:
    rng = random.Random(7)
    for _ in range(20):
        pos = random_position(rng)
        if not any(pos.hands):
            continue
        pure, fast = pos.search(False), pos.search(True)
        assert isinstance(pure, Search) and isinstance(fast, Search)
        pure.merge = fast.merge = False
        assert fast.search(0, 1 << 30) == pure.search(0, 1 << 30)
        assert fast.nodes == pure.nodes


def full_deal(seed: int) -> Position:
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[i * 8:(i + 1) * 8]) for i in range(3))
    return Position(hands=hands, leader=0, declarer=0, can_declare=False)


@built
@pytest.mark.parametrize("compiled", [False, True])
def test_a_search_past_its_deadline_raises_and_a_fresh_one_is_right(compiled: bool) -> None:
    pos = full_deal(3)
    with pytest.raises(SearchTimeout):
        Solver(pos, deadline=time.perf_counter() - 1.0, compiled=compiled).exact()
    assert Solver(pos, compiled=compiled).exact() == Solver(pos, compiled=False).exact()


@built
def test_the_environment_or_the_caller_can_turn_the_kernel_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pos = full_deal(1)
    monkeypatch.delenv("KOZYR_SOLVER", raising=False)
    assert Solver(pos).s.compiled  # type: ignore[union-attr]
    assert not Solver(pos, compiled=False).s.compiled  # type: ignore[union-attr]
    monkeypatch.setenv("KOZYR_SOLVER", "pure")
    assert not Solver(pos).s.compiled  # type: ignore[union-attr]


@built
def test_the_kernel_refuses_a_state_outside_the_table() -> None:
    pos = full_deal(2)
    s = pos.search(True)
    assert isinstance(s, Search)
    s.hands[1] ^= s.hands[1] & -s.hands[1]  # a card less in one hand
    with pytest.raises(ValueError, match="unequal sizes"):
        s.search(0, 1 << 30)
    s = pos.search(True)
    assert isinstance(s, Search)
    with pytest.raises(ValueError, match="outside the table"):
        s._ab()(0, 10, 5, 0, -1, True, 100, 0, 0, 0, 0, 0, 0)  # seat 5 of 3
    with pytest.raises(ValueError, match="weights"):
        Position(hands=pos.hands, leader=0, declarer=0, weights=(1, -1, 0)).search(
            True).search(0, 10)
    with pytest.raises(ValueError, match="weights"):  # values must stay inside the window
        Position(hands=pos.hands, leader=0, declarer=0, weights=(64, 0, 0)).search(
            True).search(0, 10)
    with pytest.raises(ValueError, match="marriages"):
        Position(hands=pos.hands, leader=0, declarer=0, marriage_values=(4096,) * 4).search(
            True).search(0, 10)
    a, b, c = pos.hands
    low = a & -a
    for hands in ((a, b ^ (b & -b) | low, c),  # a card in two hands
                  (a ^ low | 1, b, c),  # a card outside the deck (rank 0)
                  (a | 1 << 40, b, c),  # beyond 32 bits
                  (-1, b, c)):
        s = pos.search(True)
        assert isinstance(s, Search)
        s.hands = list(hands)
        with pytest.raises(ValueError, match="hands"):
            s.search(0, 1 << 30)
    # 13 cards each (ranks 0 and 1 among them): more than the kernel's move lists hold
    two = Position(hands=(0x1FFF, 0x1FFF0000), leader=0, declarer=0)
    with pytest.raises(ValueError, match="hands"):
        Solver(two, compiled=True).exact()


@built
def test_thresholds_far_outside_any_value_are_answered_as_in_python() -> None:
    pos = full_deal(4)
    for alpha, beta in ((-(1 << 40), 1 << 40), (1 << 35, (1 << 35) + 1), (-5, -4)):
        pure, fast = pos.search(False), pos.search(True)
        assert fast.search(alpha, beta) == pure.search(alpha, beta), (alpha, beta)


@built
def test_hard_searches_exact_points_from_the_first_card_only_with_the_kernel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from kozyr.bots.pimc import PimcBot

    monkeypatch.delenv("KOZYR_SOLVER", raising=False)
    assert PimcBot(1).exact_cards == 8  # three hands of 8 after the talon: every card
    assert PimcBot(1, exact_cards=5).exact_cards == 5
    monkeypatch.setenv("KOZYR_SOLVER", "pure")
    assert PimcBot(1).exact_cards == 7
