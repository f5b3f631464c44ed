"""Benchmark the double-dummy solver on realistic trick-1 positions of three-player Thousand.

Positions: seeded deals (7 cards each, a talon of 3); the declarer is the hand a simple rule
values most (card points + marriages + 10 per ace), he takes the talon, passes his two
cheapest cards that break no marriage to the defenders and contracts at his estimate rounded
down to 5 (at least 100).  Only deals with a contract >= 100 are kept (all of them, by the
rule).  Measures the threshold test at the contract and the exact solve, both from scratch.

    .venv/bin/python bench/solver.py [--positions 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kozyr.bots.solver import POINTS, Position, Solver
from kozyr.cards import ACE, KING, QUEEN, THOUSAND_DECK, cards_of

MARRIAGES = (40, 60, 80, 100)


def estimate(hand: int) -> int:
    """Return a rough value of a hand: card points, marriages held, aces."""
    cards = list(cards_of(hand))
    value = sum(POINTS[c] for c in cards) + sum(10 for c in cards if c % 8 == ACE)
    for s in range(4):
        if hand >> (s * 8 + KING) & 1 and hand >> (s * 8 + QUEEN) & 1:
            value += MARRIAGES[s]
    return value


def realistic_position(rng: random.Random) -> tuple[Position, int]:
    """Return a trick-1 position after a simple auction and talon pass, and its contract."""
    deck = list(cards_of(THOUSAND_DECK))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 7:(i + 1) * 7]) for i in range(3)]
    talon = sum(1 << c for c in deck[21:])
    declarer = max(range(3), key=lambda s: estimate(hands[s]))
    hands[declarer] |= talon
    h = hands[declarer]

    def keep_score(c: int) -> tuple[int, int]:
        s = c // 8
        marriage = h >> (s * 8 + KING) & 1 and h >> (s * 8 + QUEEN) & 1 and c % 8 in (KING, QUEEN)
        return (1 if marriage else 0, POINTS[c] + (c % 8))

    give = sorted(cards_of(h), key=keep_score)[:2]
    for i, c in enumerate(give):
        hands[declarer] &= ~(1 << c)
        hands[(declarer + 1 + i) % 3] |= 1 << c
    contract = max(100, min(300, estimate(hands[declarer]) // 5 * 5 - 20))
    pos = Position(hands=tuple(hands), leader=declarer, declarer=declarer, can_declare=False)
    return pos, contract


def pct(xs: list[float], q: float) -> float:
    """Return the q-quantile of xs (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def main() -> None:
    """Run the benchmark and print median and p95 times."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    thr: list[float] = []
    exact: list[float] = []
    allmoves: list[float] = []
    nodes = 0
    made = 0
    total_time = 0.0
    for _ in range(args.positions):
        pos, contract = realistic_position(rng)
        t = time.perf_counter()
        ok = Solver(pos).can_make(contract)
        thr.append(time.perf_counter() - t)
        made += ok
        t = time.perf_counter()
        s = Solver(pos)
        s.exact()
        exact.append(time.perf_counter() - t)
        nodes += s.nodes
        total_time += exact[-1]
        t = time.perf_counter()
        Solver(pos).move_values()
        allmoves.append(time.perf_counter() - t)
    ms = 1000.0
    print(f"{args.positions} trick-1 positions (3 players, 8 cards each), contracts >= 100, "
          f"made with best play: {made}")
    print(f"threshold at the contract: median {statistics.median(thr) * ms:6.2f} ms   "
          f"p95 {pct(thr, 0.95) * ms:7.2f} ms   mean {statistics.mean(thr) * ms:6.2f} ms")
    print(f"exact value              : median {statistics.median(exact) * ms:6.2f} ms   "
          f"p95 {pct(exact, 0.95) * ms:7.2f} ms   mean {statistics.mean(exact) * ms:6.2f} ms")
    print(f"exact values of all moves: median {statistics.median(allmoves) * ms:6.2f} ms   "
          f"p95 {pct(allmoves, 0.95) * ms:7.2f} ms")
    print(f"exact search speed: {nodes / total_time / 1000:.0f}k nodes/s")


if __name__ == "__main__":
    main()
