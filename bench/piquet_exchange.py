"""Would simulation choose Piquet's exchange better than the heuristic?  The figures that say no.

For elder's exchange of ``--deals`` seeded deals (rubicon), three candidate discards — the
heuristic's (its five least worth keeping, :func:`kozyr.bots.heuristic.piquet.keep_value`),
its four least worth keeping, and the four with the sixth-worst instead of the fifth — are
each evaluated on the same ``--samples`` samples (``view.sample``, elder's own view): younger
exchanges by the heuristic, the engine reckons the declarations, and the play is solved
double-dummy from elder's first lead (:mod:`kozyr.bots.solver.piquet`); the value is elder's
final difference of the deal's points.  Prints the CPU time of one evaluation and, for each
alternative against the heuristic's discard, the mean paired difference and its standard
deviation per sample: what a simulation within the bot's 1 s would have to tell apart, and
the noise it would do it in (:mod:`kozyr.bots.pimc_piquet` quotes the figures).

    .venv/bin/python bench/piquet_exchange.py [--deals 12] [--samples 16] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.heuristic.piquet import keep_value
from kozyr.bots.pimc_piquet import piquet_position
from kozyr.bots.solver.piquet import PiquetSolver
from kozyr.cards import cards_of, parse_hand
from kozyr.games import new_match
from kozyr.games.piquet.actions import EXCHANGE


def main() -> None:
    """Run the measurement and print it."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    means: list[float] = []
    sds: list[float] = []
    costs: list[float] = []
    for seed in range(args.deals):
        m: Any = new_match("piquet", seed=seed)
        m.deal()
        elder = m.current_player()
        mask = parse_hand(m.observation(elder)["hand"])
        ranked = sorted(cards_of(mask), key=lambda c: (keep_value(c, mask), c))
        heuristic = sum(1 << c for c in ranked[:5])
        alternatives = [sum(1 << c for c in ranked[:4]),
                        sum(1 << c for c in [*ranked[:4], ranked[5]])]
        values: dict[int, list[int]] = {x: [] for x in [heuristic, *alternatives]}
        view = m.view(elder)
        t = time.process_time()
        for k in range(args.samples):
            sample = view.sample(rng)
            for discard, out in values.items():
                y: Any = sample.clone()
                y.apply_action(EXCHANGE | discard)
                younger = y.current_player()
                y.apply_action(make_bot("normal", seed=k).act(y.view(younger)))
                pos = piquet_position(y, elder)
                p = pos.points
                out.append(p[elder] - p[1 - elder] + PiquetSolver(pos).value())
        costs.append((time.process_time() - t) / (args.samples * len(values)))
        for alt in alternatives:
            d = [a - b for a, b in zip(values[alt], values[heuristic], strict=True)]
            means.append(statistics.mean(d))
            sds.append(statistics.stdev(d))
    costs.sort()
    print(f"one evaluation: {costs[len(costs) // 2]:.3f} s CPU (median over deals)")
    print(f"alternative - heuristic, per deal: mean {statistics.mean(means):+.2f}, median |mean| "
          f"{statistics.median(abs(x) for x in means):.2f}, median sd per sample "
          f"{statistics.median(sds):.1f} points ({len(means)} comparisons)")


if __name__ == "__main__":
    main()
