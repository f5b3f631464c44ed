"""Benchmark the Piquet double-dummy solver on engine positions, trick by trick.

Positions: seeded Piquet deals (rubicon) with the heuristic making every decision — both
exchanges and the play — stopped at the lead of trick ``t`` for each ``--tricks`` value.
Measures, each from scratch (a new solver, an empty table): the exact value of the position
and the exact values of every legal lead (one table shared by them, as the PIMC bot does per
sample).  Times are CPU times of this process (``time.process_time``: the machine is shared,
the search single-threaded); each search's fastest of ``--rounds`` is kept, then the median,
p95 and max over the positions.  This is what says the search is exact from the first trick
(:mod:`kozyr.bots.pimc_piquet`).

    .venv/bin/python bench/piquet_solver.py [--positions 40] [--seed 1] [--tricks 1,3,5,7]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.pimc_piquet import piquet_position
from kozyr.bots.solver.piquet import PiquetPosition, PiquetSolver, legal_cards, play
from kozyr.games import new_match


def position_at(seed: int, trick: int) -> PiquetPosition | None:
    """Return the position of deal 1 of match ``seed`` at the lead of ``trick`` (from 1)."""
    m: Any = new_match("piquet", seed=seed)
    bot = make_bot("normal", seed=seed)
    m.deal()
    while not m.awaiting_deal:
        seat = m.current_player()
        obs = m.observation(seat)
        if m.phase == "play" and not obs["trick"] and sum(obs["tricks_won"]) == trick - 1:
            return piquet_position(m, seat)
        m.apply_action(bot.act(m.view(seat)))
    return None


def fastest(fn: Any, rounds: int) -> float:
    """Return the fastest CPU time of ``rounds`` calls of ``fn``."""
    best = float("inf")
    for _ in range(rounds):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def pct(xs: list[float], q: float) -> float:
    """Return the q-quantile of ``xs`` (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    """Run the benchmark and print one line per trick."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tricks", default="1,3,5,7")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    for trick in (int(t) for t in args.tricks.split(",")):
        one: list[float] = []
        every: list[float] = []
        for i in range(args.positions):
            pos = position_at(args.seed + i, trick)
            if pos is None:
                continue

            def solve_every(p: PiquetPosition = pos) -> None:
                solver = PiquetSolver(p)
                for c in legal_cards(p):
                    solver.value(play(p, c)[0])

            one.append(fastest(lambda p=pos: PiquetSolver(p).value(), args.rounds))
            every.append(fastest(solve_every, args.rounds))
        if not one:
            continue
        print(f"trick {trick:2d} ({13 - trick} cards each, {len(one)} positions): value "
              f"p50 {pct(one, .5):.3f} p95 {pct(one, .95):.3f} max {max(one):.3f} s | every "
              f"lead p50 {pct(every, .5):.3f} p95 {pct(every, .95):.3f} max {max(every):.3f} s")


if __name__ == "__main__":
    main()
