"""The compiled solver kernel against the pure-Python search: the same positions, both ways.

Deals random Debertz (3 players) and Tertz positions with ``--cards`` cards a hand (Tertz:
and ``--draws`` cards still to draw) and whole Thousand deals (three hands of 8 after the
talon, the declarer to lead, no trump yet), solves each exactly with the pure-Python search
and with the compiled kernel (kozyr.bots.solver.kernel) in this process, checks that the
values and node counts agree, and prints the time of each and the ratio.

    .venv/bin/python bench/kernel.py [--positions 20] [--cards 7] [--draws 4] [--seed 1]

Measured (2026-12-07, --positions 20 --cards 7 --draws 4): Debertz 245 knodes/s pure, 19.4
Mnodes/s compiled (79x); Tertz 418 knodes/s, 17.4 Mnodes/s (42x).  Later the same evening,
with Thousand: Thousand 927 knodes/s pure, 28.9 Mnodes/s compiled (31x: whole deals of three
8-card hands, 1.5 ms each compiled); Debertz 370 knodes/s, 26.3 Mnodes/s (71x); Tertz 622
knodes/s, 21.1 Mnodes/s (34x).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from kozyr.bots.solver import Position, Solver
from kozyr.bots.solver.debertz import DebertzPosition, DebertzSolver
from kozyr.bots.solver.kernel import available
from kozyr.bots.solver.tertz import TertzPosition, TertzSolver


def timed(make: Any, pos: Any, compiled: bool) -> tuple[int, int, float]:
    """Return the value, nodes and seconds of one exact solve."""
    solver = make(pos, compiled=compiled)
    t = time.perf_counter()
    v = solver.value()
    return v, solver.nodes, time.perf_counter() - t


class ThousandSolver(Solver):
    """Thousand's solver asked as the others are (``value()``)."""

    def __init__(self, pos: Position, compiled: bool) -> None:
        super().__init__(pos, compiled=compiled)

    def value(self) -> int:
        return self.exact()


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--cards", type=int, default=7)
    ap.add_argument("--draws", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not available():
        raise SystemExit("the compiled kernel is not built (or KOZYR_SOLVER=pure)")
    rng = random.Random(args.seed)
    for game in ("thousand", "debertz", "tertz"):
        pure = fast = 0.0
        nodes = 0
        for _ in range(args.positions):
            deck = list(range(32))
            rng.shuffle(deck)
            k = args.cards
            pos: Any
            if game == "thousand":
                cards = [c for c in deck if c & 7 >= 2]
                pos = Position(hands=tuple(sum(1 << c for c in cards[i * 8:(i + 1) * 8])
                                           for i in range(3)),
                               leader=0, declarer=0, can_declare=False)
                make: Any = ThousandSolver
            elif game == "debertz":
                pos = DebertzPosition(hands=tuple(sum(1 << c for c in deck[i * k:(i + 1) * k])
                                                  for i in range(3)),
                                      leader=0, trump=rng.randrange(4))
                make = DebertzSolver
            else:
                pos = TertzPosition(hands=(sum(1 << c for c in deck[:k]),
                                           sum(1 << c for c in deck[k:2 * k])),
                                    leader=0, trump=rng.randrange(4),
                                    draws=tuple(deck[2 * k:2 * k + args.draws]))
                make = TertzSolver
            v1, n1, t1 = timed(make, pos, False)
            v2, n2, t2 = timed(make, pos, True)
            if (v1, n1) != (v2, n2):
                raise SystemExit(f"{game}: the kernel disagrees on {pos}: {v1, n1} vs {v2, n2}")
            pure += t1
            fast += t2
            nodes += n1
        print(f"{game:8s} {args.positions} positions, {nodes} nodes: pure {pure:.3f} s "
              f"({nodes / pure / 1e3:.0f} knodes/s), compiled {fast:.4f} s "
              f"({nodes / fast / 1e6:.1f} Mnodes/s): {pure / fast:.0f}x")


if __name__ == "__main__":
    main()
