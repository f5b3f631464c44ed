"""Benchmark the Bezique double-dummy solver on engine positions, trick by trick.

Positions: seeded Bezique deals (classic) with the heuristic making every decision, stopped at
the card of trick ``t`` (``--tricks``: the trick about to be played, 1-32) once the window's
draw is made, for the seat to lead.  Measures, from scratch (a new solver, an empty table), the
exact values of every legal card (one table shared by them, as the PIMC bot does per sample).
Times are CPU times of this process (``time.process_time``: the machine is shared, the search
single-threaded); the median, p95 and max over the positions.  This is what says from which
trick :mod:`kozyr.bots.pimc_bezique` searches (``search_draws``).

    .venv/bin/python bench/bezique_solver.py [--positions 20] [--seed 0] [--tricks 21,22,23,24,25]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.solver.bezique import BeziquePosition, BeziqueSolver, legal_cards, play
from kozyr.games import new_match


def position_at(seed: int, trick: int) -> BeziquePosition | None:
    """Return the position of deal 1 of match ``seed`` at the lead of ``trick`` (from 1)."""
    m: Any = new_match("bezique", seed=seed, first_dealer=0)
    bots = [make_bot("normal", seed=seed * 2 + i) for i in range(2)]
    m.deal()
    while not m.awaiting_deal:
        seat = m.current_player()
        obs = m.observation(seat)
        if (not obs["trick"] and sum(obs["tricks_won"]) == trick - 1
                and not any(t.startswith("draw") for t in obs["legal"])):
            return BeziquePosition.of_match(m, seat)
        m.apply_action(bots[seat].act(m.view(seat)))
    return None


def pct(xs: list[float], q: float) -> float:
    """Return the q-quantile of ``xs`` (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    """Run the benchmark and print one line per trick."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tricks", default="21,22,23,24,25")
    args = ap.parse_args()
    for trick in (int(t) for t in args.tricks.split(",")):
        every: list[float] = []
        nodes: list[int] = []
        for i in range(args.positions):
            pos = position_at(args.seed + i, trick)
            if pos is None:
                continue
            t = time.process_time()
            solver = BeziqueSolver(pos)
            for c in legal_cards(pos):
                solver.value(play(pos, c))
            every.append(time.process_time() - t)
            nodes.append(solver.nodes)
        if not every:
            continue
        print(f"trick {trick:2d} ({len(pos.draws)} cards to draw, {len(every)} positions): "
              f"every card p50 {pct(every, .5):.3f} p95 {pct(every, .95):.3f} max "
              f"{max(every):.3f} s, nodes max {max(nodes)}", flush=True)


if __name__ == "__main__":
    main()
