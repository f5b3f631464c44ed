"""Decision times of a game's PIMC bot (``hard``: Debertz, Tertz, Piquet) against the heuristic.

The bot is the game's search player (its registry entry's ``pimc``: TrickPimcBot for Debertz
and Tertz, PiquetPimcBot for Piquet).  Plays the first scored deal of ``--deals`` matches
(seeds ``--seed`` + i) with the PIMC bot in seat 0 and ``normal`` elsewhere, and prints, for
the bot's decisions with a choice: wall-clock and CPU time percentiles, overall and by cards
in its hand, with the samples solved.  The machines are shared: wall time is what a player
waits, CPU time what a decision costs.

    .venv/bin/python bench/trick_pimc.py --game debertz --deals 20 --seed 5000
    .venv/bin/python bench/trick_pimc.py --game tertz --deals 40 --seed 5000
    .venv/bin/python bench/trick_pimc.py --game piquet --deals 20 --seed 5000

How ``hard`` plays against ``normal`` is the arena's (duplicate deals, CPU-clock limit per
decision), e.g. Piquet at 0.2 s a decision:

    .venv/bin/kozyr arena --game piquet --bots hard@0.2,normal --deals 200 --seed 0
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.arena import _play_deal, _Timed
from kozyr.core.match import Match
from kozyr.games import new_match
from kozyr.games.registry import spec


def pct(xs: list[float], q: float) -> float:
    """Return the q-quantile of ``xs`` (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


class _Measured(_Timed):
    """Seat 0: record wall and CPU time, samples and hand size of each decision with a choice."""

    def __init__(self, bot: Any, rows: list[tuple[float, float, int, int]]) -> None:
        super().__init__(bot, [])
        self.pimc = bot
        self.rows = rows

    def act(self, match: Match, seat: int) -> int:
        choice = len(match.legal_actions()) > 1
        w, c = time.perf_counter(), time.process_time()
        a = self.bot.act(match.view(seat))
        w, c = time.perf_counter() - w, time.process_time() - c
        if choice:
            hand = match.observation(seat)["hand"] or ""
            self.rows.append((w, c, self.pimc.last_samples, len(hand.split())))
        return a


def main() -> None:
    """Run the benchmark and print the table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="debertz")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--time-limit", type=float, default=1.0)
    args = ap.parse_args()
    rows: list[tuple[float, float, int, int]] = []  # wall, cpu, samples, hand size
    for i in range(args.deals):
        m = new_match(args.game, args.preset, seed=args.seed + i)
        hard = spec(args.game).load(spec(args.game).pimc)(args.seed + i,
                                                           time_limit=args.time_limit)
        bots = [_Measured(hard, rows)] + [_Timed(make_bot("normal", seed=s), [])
                                          for s in range(1, m.players)]
        _play_deal(m, bots)
    searched = [r for r in rows if r[2] > 0]
    print(f"{args.game}: {len(rows)} decisions with a choice, {len(searched)} searched")
    for name, sel in (("all", rows), ("searched", searched)):
        if not sel:
            continue
        walls = [r[0] for r in sel]
        cpus = [r[1] for r in sel]
        print(f"  {name:9s} wall p50 {pct(walls, .5):.3f} p90 {pct(walls, .9):.3f} "
              f"p95 {pct(walls, .95):.3f} max {max(walls):.3f} s | cpu p50 {pct(cpus, .5):.3f} "
              f"p95 {pct(cpus, .95):.3f} s")
    by_size: dict[int, list[tuple[float, float, int, int]]] = defaultdict(list)
    for r in searched:
        by_size[r[3]].append(r)
    for size in sorted(by_size, reverse=True):
        sel = by_size[size]
        walls = [r[0] for r in sel]
        cpus = [r[1] for r in sel]
        print(f"  {size} cards: {len(sel):4d} decisions, wall p50 {pct(walls, .5):.3f} "
              f"p95 {pct(walls, .95):.3f} s, cpu p50 {pct(cpus, .5):.3f} p95 {pct(cpus, .95):.3f}"
              f" s, samples p50 {pct([float(r[2]) for r in sel], .5):.0f}")


if __name__ == "__main__":
    main()
