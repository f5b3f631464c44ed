"""Benchmark bot decision times: the PIMC bot against two heuristic bots, per phase.

Plays ``--deals`` seeded deals of three-player Thousand with ``--bot`` rotating through the
seats and the heuristic (``normal``) in the other two, and prints the distribution of the
bot's decision times (all decisions, and per phase) and of the samples PIMC used.

    .venv/bin/python bench/bots.py [--deals 10] [--bot hard] [--time-limit 1.0] [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from kozyr.bots import make_bot
from kozyr.bots.pimc import PimcBot
from kozyr.games import new_match


def quantile(xs: list[float], q: float) -> float:
    """Return the q-quantile of xs (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def main() -> None:
    """Play the deals and print the time distribution."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--time-limit", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    times: dict[str, list[float]] = defaultdict(list)
    samples: list[int] = []
    for i in range(args.deals):
        seat_of_bot = i % 3
        m = new_match("thousand", "classic", seed=args.seed + i)
        bot = make_bot(args.bot, seed=i)
        if isinstance(bot, PimcBot):
            bot.time_limit = args.time_limit
        others = [make_bot("normal", seed=100 + i * 3 + s) for s in range(3)]
        m.deal()
        while not m.sheet:
            seat = m.current_player()
            assert seat is not None
            if seat == seat_of_bot:
                phase = m.phase
                t = time.perf_counter()
                a = bot.act(m.view(seat))
                dt = time.perf_counter() - t
                if len(m.legal_actions()) > 1:
                    times[phase].append(dt)
                    times["all"].append(dt)
                    if isinstance(bot, PimcBot) and bot.last_samples:
                        samples.append(bot.last_samples)
            else:
                a = others[seat].act(m.view(seat))
            m.apply_action(a)
            if m.awaiting_deal and not m.sheet:
                m.deal()  # a redeal
    print(f"{args.bot} (time limit {args.time_limit} s) over {args.deals} deals: decision times "
          "(decisions with a choice)")
    print(f"{'phase':10} {'n':>5} {'p50':>8} {'p90':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    for phase in ["all", "bidding", "talon", "contract", "play"]:
        xs = times.get(phase)
        if not xs:
            continue
        print(f"{phase:10} {len(xs):5d} " + " ".join(
            f"{quantile(xs, q) * 1000:6.0f}ms" for q in (0.5, 0.9, 0.95, 0.99, 1.0)))
    xs = times.get("all") or []
    if xs:
        over = sum(x > 1.0 for x in xs)
        print(f"decisions over 1 s: {over} of {len(xs)} ({100 * over / len(xs):.1f}%)")
    if samples:
        print(f"samples per decision: median {statistics.median(samples):.0f}, "
              f"min {min(samples)}, max {max(samples)}")


if __name__ == "__main__":
    main()
