"""Benchmark the rules engines: random self-play of whole deals through the public Match API.

Run: ``.venv/bin/python bench/engine.py [--seconds 5] [--game thousand]``

Each engine plays random legal actions for a fixed time, whole deals through the public Match
API (``deal()``; then ``legal_actions()`` and ``apply_action()`` until ``legal_actions()`` is
empty, i.e. the deal is over and scored; a new match when one ends), and reports actions/s and
deals/s.  If ``pyspiel`` imports (``.venv/bin/pip install open-spiel``), OpenSpiel's ``skat`` is
played the same way in the same process (its own API: ``is_terminal``, ``is_chance_node``,
``legal_actions``, ``apply_action``) and each engine's ratio to it is printed; otherwise that is
said and skipped.  Both loops draw an action as ``legal[trunc(rand() * len(legal))]``.
``ENGINES`` maps an engine's name to the (game, preset) its factory plays, so Debertz and Tertz
join with an entry each (they are there, and run once they import).

Figures (2026-11-29, this 2-core machine shared with other jobs, so wall-clock rates swing
2x; ``--seconds 8 --rounds 8``, one process; "x" = thousand / skat player actions, best CPU
slices): before the engine work (46f68fd) thousand (classic) reached 318k actions/s against
skat's 422k: 0.75x; after it (cefc948) 490k-505k against 423k-430k: 1.14x-1.19x on a loaded
machine, 1.33x on a quiet one.  After the second round of work (slots, no shifts on the play
path, prebuilt follow lists, a leaner loop: see git log), run alternately with ff1b701 (engine
and bench as they were before it) on the same loaded machine (load 5-9): ff1b701 1.20x-1.31x,
now 1.50x-1.59x (median round ratio 1.46x-1.53x); thousand ~690k-730k actions/s, skat ~460k.
Skat counting chance outcomes as actions is about twice its player actions.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from math import trunc
from statistics import median

from kozyr.core.match import Match

Factory = Callable[[int], Match]


def _factory(game: str, preset: str) -> Factory | None:
    try:
        from kozyr.games import match_class
        cls = match_class(game)
    except (ImportError, AttributeError):
        return None
    rules = cls.RULES.from_preset(preset)

    def make(seed: int) -> Match:
        return cls(rules, seed=seed)  # type: ignore[call-arg]
    return make


#: engine name -> (game, preset) played through kozyr's Match API
ENGINES: dict[str, tuple[str, str]] = {
    "thousand": ("thousand", "classic"),
    "debertz": ("debertz", "debertz3"),
    "tertz": ("tertz", "tertz"),
    "piquet": ("piquet", "rubicon"),
    "bezique": ("bezique", "classic"),
}


def bench_match(make: Factory, seconds: float,
                seed: int = 1) -> tuple[int, int, float, float]:
    """Play random legal actions for ``seconds``; return (actions, deals, elapsed, cpu time).

    Whole deals through the public Match API: ``deal()``, then ``legal_actions()`` and
    ``apply_action()`` until ``legal_actions()`` is empty (nobody is to act: the deal is over
    and scored); a new match when ``is_over``.  The bound methods are looked up once per match.
    """
    rng = random.Random(seed)
    rand = rng.random
    actions = deals = 0
    m = make(seed)
    legal_actions, apply_action = m.legal_actions, m.apply_action
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        if m.is_over:
            seed += 1
            m = make(seed)
            legal_actions, apply_action = m.legal_actions, m.apply_action
        if deals % 64 == 0 and time.perf_counter() > deadline:
            break
        m.deal()
        deals += 1
        legal = legal_actions()
        while legal:
            apply_action(legal[trunc(rand() * len(legal))])
            actions += 1
            legal = legal_actions()
    return actions, deals, time.perf_counter() - start, time.process_time() - cpu


def bench_pyspiel(game_name: str, seconds: float,
                  seed: int = 1) -> tuple[int, int, int, float, float] | None:
    """Play OpenSpiel's ``game_name`` at random; return (player actions, all actions incl.
    chance outcomes, games, elapsed, cpu time), or None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    rand = rng.random
    actions = chance = games = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[trunc(rand() * len(outcomes))][0])
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[trunc(rand() * len(legal))])
                actions += 1
        games += 1
        if games % 64 == 0 and time.perf_counter() > deadline:
            break
    return (actions, actions + chance, games, time.perf_counter() - start,
            time.process_time() - cpu)


def main() -> None:
    """Run the benchmarks and print a table.

    The engines take turns in short slices (``--rounds``), so a noisy shared machine slows
    them alike and the ratios stay meaningful.  Besides wall-clock rates over all slices, each
    engine's CPU-time rate (``time.process_time``) of its best slice is printed, and the ratio
    to skat twice: of the best CPU slices, and the median of the rounds' CPU ratios (each
    round's thousand slice against the skat slice right after it).  On a shared machine the
    CPU figures are the ones to compare.
    """
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="per engine, in total")
    ap.add_argument("--rounds", type=int, default=5, help="slices each engine's time is cut in")
    ap.add_argument("--game", action="append", help="only these engines (repeatable)")
    args = ap.parse_args()
    names = args.game or list(ENGINES)
    makers = {}
    for name in names:
        make = _factory(*ENGINES[name])
        if make is None:
            print(f"{name:10s} not available yet (its Match class does not import)")
        else:
            makers[name] = make
    slice_ = args.seconds / args.rounds
    totals: dict[str, list[float]] = {name: [0, 0, 0.0] for name in makers}
    cpu_rates: dict[str, list[float]] = {name: [] for name in makers}  # actions/s per slice
    skat_total: list[float] = [0, 0, 0, 0.0]
    skat_cpu: list[float] = []  # player actions per CPU second, per slice
    skat_cpu_all: list[float] = []
    have_pyspiel = True
    for r in range(args.rounds):
        for name, make in makers.items():
            acts, n_deals, secs, cpu = bench_match(make, slice_, seed=1 + 1000 * r)
            t = totals[name]
            t[0] += acts
            t[1] += n_deals
            t[2] += secs
            cpu_rates[name].append(acts / cpu)
        if have_pyspiel:
            skat = bench_pyspiel("skat", slice_, seed=1 + r)
            if skat is None:
                have_pyspiel = False
            else:
                for i, v in enumerate(skat[:4]):
                    skat_total[i] += v
                skat_cpu.append(skat[0] / skat[4])
                skat_cpu_all.append(skat[1] / skat[4])
    rates: dict[str, float] = {}
    for name, (n, deals, dt) in totals.items():
        rates[name] = n / dt
        print(f"{name:10s} {n / dt:12,.0f} actions/s {deals / dt:10,.0f} deals/s "
              f"({n:,.0f} actions, {deals:,.0f} deals, {dt:.1f} s wall); "
              f"best CPU slice {max(cpu_rates[name]):,.0f} actions/s")
    if not have_pyspiel:
        print("pyspiel is not installed (.venv/bin/pip install open-spiel): "
              "skat comparison skipped")
        return
    n, n_all, games, dt = skat_total
    print(f"{'skat':10s} {n / dt:12,.0f} actions/s {games / dt:10,.0f} games/s "
          f"(OpenSpiel through pyspiel; player actions; {n_all / dt:,.0f}/s with chance "
          f"outcomes counted as actions); best CPU slice {max(skat_cpu):,.0f} actions/s")
    for name, rate in rates.items():
        print(f"{name} / skat = {rate / (n / dt):.2f}x player actions, "
              f"{rate / (n_all / dt):.2f}x all actions (wall clock)")
        per_round = [a / b for a, b in zip(cpu_rates[name], skat_cpu, strict=True)]
        print(f"{name} / skat = {max(cpu_rates[name]) / max(skat_cpu):.2f}x player actions, "
              f"{max(cpu_rates[name]) / max(skat_cpu_all):.2f}x all actions "
              f"(best CPU slices); median of the rounds' CPU ratios "
              f"{median(per_round):.2f}x player actions")


if __name__ == "__main__":
    main()
