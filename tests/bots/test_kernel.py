"""The compiled solver kernel against the pure-Python searches (kozyr.bots.solver.kernel).

Both must give the same exact values, the same threshold answers and even the same node
counts (the kernel is the same alpha-beta, statement for statement) on positions of real
deals of every preset and option bundle, played at random, and on mid-trick positions.
"""

from __future__ import annotations

import os
import random
import shutil
import sysconfig
from typing import Any

import pytest

from kozyr.bots.pimc_tricks import debertz_position, tertz_position
from kozyr.bots.solver import debertz as D
from kozyr.bots.solver import kernel
from kozyr.bots.solver import tertz as T
from kozyr.bots.solver.search import SearchTimeout
from tests.bots.test_trick_solver_rules import bundles, card_decisions, ids

built = pytest.mark.skipif(
    not kernel.built(),
    reason="the compiled kernel was not built (no C compiler at install); "
           "install gcc and run `make dev` again")

#: Positions with at most this many cards in the hands: the pure-Python side stays quick.
DEBERTZ_CARDS = 18
TERTZ_DRAWS = 2


def test_the_kernel_is_built_where_a_compiler_is() -> None:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler on this machine: the pure-Python searches run")
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        pytest.skip("no Python headers on this machine: the pure-Python searches run")
    assert kernel.built(), "a C compiler is here but the kernel was not built"


def agree(make: Any, pos: Any, children: list[Any]) -> None:
    """Assert that pure and compiled solvers of ``pos`` agree on everything they answer."""
    pure, fast = make(pos, compiled=False), make(pos, compiled=True)
    assert not pure.compiled and fast.compiled
    v = pure.value()
    assert fast.value() == v, pos
    for t in (v, v + 1, 1, 0):
        assert fast.at_least(t) == pure.at_least(t) == (v >= t), (pos, t)
    for child in children:
        assert fast.value(child, v) == pure.value(child, v), (pos, child)
    assert fast.nodes == pure.nodes, pos


@built
@pytest.mark.parametrize(("preset", "options"), list(bundles("debertz")), ids=ids("debertz"))
def test_debertz_kernel_matches_the_pure_search(preset: str, options: dict[str, Any]) -> None:
    checked = 0
    for i, m in enumerate(card_decisions("debertz", preset, options)):
        pos = debertz_position(m)
        if sum(h.bit_count() for h in pos.hands) > DEBERTZ_CARDS or i % 3:
            continue
        agree(D.DebertzSolver, pos, [D.play(pos, c) for c in D.legal_cards(pos)])
        checked += 1
    assert checked >= 20


@built
@pytest.mark.parametrize(("preset", "options"), list(bundles("tertz")), ids=ids("tertz"))
def test_tertz_kernel_matches_the_pure_search(preset: str, options: dict[str, Any]) -> None:
    checked = 0
    for i, m in enumerate(card_decisions("tertz", preset, options)):
        seat = m.current_player()
        assert seat is not None
        pos = tertz_position(m, seat)
        if len(pos.draws) > TERTZ_DRAWS or i % 3:
            continue
        agree(T.TertzSolver, pos, [T.play(pos, c) for c in T.legal_cards(pos)])
        checked += 1
    assert checked >= 20


@built
@pytest.mark.parametrize("seed", range(40))
def test_kernels_agree_on_random_positions(seed: int) -> None:
    """Hands of any size, any seat count and sides, melds, points taken, mid-trick."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    n = rng.choice((2, 3, 4))
    per = rng.randint(1, 6)
    hands = [sum(1 << c for c in deck[i * per:(i + 1) * per]) for i in range(n)]
    opts: dict[str, Any] = {"bella_after_trick": rng.random() < 0.5,
                            "overtrump": rng.choice(("always", "trump_lead"))}
    if n == 4:
        opts["sides"] = (0, 1, 0, 1)
    nsides = 2 if n == 4 else n
    if rng.random() < 0.5:
        opts["meld_side"] = rng.randrange(nsides)
        opts["meld_points"] = rng.choice((20, 50, 100))
    opts["points"] = tuple(rng.randrange(0, 60) for _ in range(nsides))
    opts["won"] = rng.randrange(1 << nsides)
    pos = D.DebertzPosition(hands=tuple(hands), leader=rng.randrange(n),
                            trump=rng.randrange(4), declarer=rng.randrange(n), **opts)
    for _ in range(rng.randrange(n)):  # into the trick
        pos = D.play(pos, rng.choice(D.legal_cards(pos)))
    agree(D.DebertzSolver, pos, [D.play(pos, c) for c in D.legal_cards(pos)])

    per = rng.randint(1, 6)
    draws = tuple(deck[2 * per:2 * per + 2 * rng.randint(0, 3)])
    tpos = T.TertzPosition(hands=(sum(1 << c for c in deck[:per]),
                                  sum(1 << c for c in deck[per:2 * per])),
                           leader=rng.randrange(2), trump=rng.randrange(4), draws=draws,
                           me=rng.randrange(2), free_jack=rng.random() < 0.5,
                           points=(rng.randrange(50), rng.randrange(50)))
    if rng.random() < 0.5:
        tpos = T.play(tpos, rng.choice(T.legal_cards(tpos)))
    agree(T.TertzSolver, tpos, [T.play(tpos, c) for c in T.legal_cards(tpos)])


class Clock:
    """A clock that passes the deadline after ``ticks`` readings."""

    def __init__(self, ticks: int) -> None:
        self.ticks = ticks

    def __call__(self) -> float:
        self.ticks -= 1
        return 0.0 if self.ticks > 0 else 2.0


@built
@pytest.mark.parametrize("compiled", [False, True])
def test_a_search_past_its_deadline_raises_and_the_next_one_is_right(compiled: bool) -> None:
    rng = random.Random(3)
    deck = list(range(32))
    rng.shuffle(deck)
    pos = D.DebertzPosition(hands=tuple(sum(1 << c for c in deck[i * 8:i * 8 + 8])
                                        for i in range(3)), leader=0, trump=2)
    clock = Clock(3)
    solver = D.DebertzSolver(pos, deadline=1.0, clock=clock, compiled=compiled)
    with pytest.raises(SearchTimeout):
        solver.value()
    assert solver.nodes == 3 * 1024  # the clock is read every 1024 nodes, as in Python
    clock.ticks = 10 ** 9  # time again: what the timed-out search left must not mislead
    assert solver.value() == D.DebertzSolver(pos, compiled=False).value()

    tpos = T.TertzPosition(hands=(sum(1 << c for c in deck[:6]), sum(1 << c for c in deck[6:12])),
                           leader=0, trump=1, draws=tuple(deck[12:20]))
    tclock = Clock(2)
    tsolver = T.TertzSolver(tpos, deadline=1.0, clock=tclock, compiled=compiled)
    with pytest.raises(SearchTimeout):
        tsolver.value()
    tclock.ticks = 10 ** 9
    assert tsolver.value() == T.TertzSolver(tpos, compiled=False).value()


@built
def test_the_environment_or_the_caller_can_turn_the_kernel_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KOZYR_SOLVER", raising=False)
    pos = D.DebertzPosition.from_text(["JH AS", "9H TS", "AH KS"], leader=0, trump="H")
    assert D.DebertzSolver(pos).compiled
    assert not D.DebertzSolver(pos, compiled=False).compiled
    monkeypatch.setenv("KOZYR_SOLVER", "pure")
    assert not D.DebertzSolver(pos).compiled
    assert D.DebertzSolver(pos, compiled=True).compiled
    assert D.DebertzSolver(pos).value() == 80


def test_without_the_kernel_the_pure_search_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernel, "_module", None)
    pos = T.TertzPosition.from_text(["AS TS", "KS 7S"], leader=0, trump="H")
    assert not T.TertzSolver(pos).compiled
    assert T.TertzSolver(pos).value() == 34
    with pytest.raises(RuntimeError, match="not built"):
        T.TertzSolver(pos, compiled=True)


@built
def test_the_kernel_refuses_a_state_outside_the_table() -> None:
    pos = D.DebertzPosition.from_text(["JH AS", "9H TS", "AH KS"], leader=0, trump="H")
    solver = D.DebertzSolver(pos, compiled=True)
    with pytest.raises(ValueError, match="outside the table"):
        solver._ab(-10, 10, 5, 0, 0, 0, -1, 0, 0, 0, 0, 100)
    tpos = T.TertzPosition.from_text(["AS TS", "KS 7S"], leader=0, trump="H")
    with pytest.raises(ValueError, match="draw index"):
        T.TertzSolver(tpos, compiled=True)._ab(-10, 10, 0, 0, -1, 30, 7)
    with pytest.raises(ValueError, match="outside the table"):  # a card played, no best card
        solver._ab(-10, 10, 1, 0, 1, 3, -1, 0, 0, 0, 0, 100)
    drawing = T.TertzPosition.from_text(["AS TS", "KS 7S"], leader=0, trump="H", draws="JH 7D")
    with pytest.raises(ValueError, match="draw index"):  # the draws go in pairs
        T.TertzSolver(drawing, compiled=True)._ab(-10, 10, 0, 0, -1, 30, 1)


@built
def test_thresholds_far_outside_any_value_are_answered_as_in_python() -> None:
    pos = D.DebertzPosition.from_text(["JH AS", "9H TS", "AH KS"], leader=0, trump="H")
    for compiled in (False, True):
        solver = D.DebertzSolver(pos, compiled=compiled)
        assert not solver.at_least(10 ** 10) and solver.at_least(-10 ** 10)


def test_a_stale_kernel_build_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    class Old:
        VERSION = 0

    monkeypatch.setattr(importlib, "import_module", lambda name: Old)
    fresh = importlib.reload(kernel)
    try:
        assert not fresh.built() and not fresh.available()
    finally:
        monkeypatch.undo()
        importlib.reload(kernel)


@built
def test_a_solver_and_its_kernel_table_go_as_soon_as_it_is_dropped() -> None:
    import gc
    import weakref

    pos = D.DebertzPosition.from_text(["JH AS", "9H TS", "AH KS"], leader=0, trump="H")
    solver = D.DebertzSolver(pos, compiled=True)
    assert solver.value() == 80 and solver.nodes > 0
    gone = weakref.ref(solver)
    gc.disable()
    try:
        del solver
        assert gone() is None  # no reference cycle: freed at once, its C table with it
    finally:
        gc.enable()
