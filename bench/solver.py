"""Benchmark the double-dummy solver on realistic trick-1 positions of three-player Thousand.

Positions (default): seeded deals of the engine (ThousandMatch, classic rules) with the
heuristic bot making every decision — the auction, the talon pass, the contract — up to the
declarer's first lead; write-offs and redeals are skipped.  With ``--simple``: the declarer is
the hand a simple rule values most (card points + marriages + 10 per ace), he passes his two
cheapest cards that break no marriage and contracts at his estimate less 20, rounded down to 5
(at least 100) — contracts near the double-dummy value, the hardest thresholds.
Measures the threshold test at the contract, the exact solve and the exact values of all
first moves, each from scratch (a new Solver, an empty table).
Times are CPU times of this process (time.process_time): the machines are shared, and the
search is single-threaded and CPU-bound, so CPU time is what it costs.  Each search is timed
``--rounds`` times and its fastest round kept (a loaded machine only ever adds time: cache
misses, a neighbour on the same core); the median and p95 are then over the positions.

    .venv/bin/python bench/solver.py [--positions 100] [--seed 1] [--rounds 3] [--simple]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

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


def engine_position(seed: int) -> tuple[Position, int] | None:
    """Return the trick-1 position of seed's first deal under heuristic play, and its contract."""
    from kozyr.bots import make_bot
    from kozyr.bots.solver.adapter import position_from_match
    from kozyr.games import new_match

    m = new_match("thousand", "classic", seed=seed)
    bots = [make_bot("normal", seed=seed * 3 + s) for s in range(3)]
    m.deal()
    while m.phase != "play":
        if m.sheet or m.awaiting_deal:
            return None  # written off or redealt
        seat = m.current_player()
        assert seat is not None
        m.apply_action(bots[seat].act(m.view(seat)))
    pos, _ = position_from_match(m)
    contract = m.observation(None)["contract"]
    return pos, int(contract)


def pct(xs: list[float], q: float) -> float:
    """Return the q-quantile of xs (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def timed(search: Callable[[Solver], object], pos: Position, rounds: int) -> tuple[float, int]:
    """Return the fastest CPU time of ``search`` on a fresh solver of ``pos``, and its nodes."""
    best = float("inf")
    nodes = 0
    for _ in range(rounds):
        solver = Solver(pos)
        t = time.process_time()
        search(solver)
        best = min(best, time.process_time() - t)
        nodes = solver.nodes
    return best, nodes


def main() -> None:
    """Run the benchmark and print median and p95 times."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--simple", action="store_true", help="the simple-rule positions")
    ap.add_argument("--rounds", type=int, default=3, help="timings per search (the fastest kept)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seed = args.seed * 100000
    thr: list[float] = []
    exact: list[float] = []
    allmoves: list[float] = []
    nodes = thr_nodes = 0
    made = 0
    contracts: list[int] = []
    while len(contracts) < args.positions:
        if args.simple:
            pos, contract = realistic_position(rng)
        else:
            seed += 1
            got = engine_position(seed)
            if got is None:
                continue
            pos, contract = got
        contracts.append(contract)
        made += Solver(pos).can_make(contract)
        t, n = timed(partial(Solver.can_make, n=contract), pos, args.rounds)
        thr.append(t)
        thr_nodes += n
        t, n = timed(Solver.exact, pos, args.rounds)
        exact.append(t)
        nodes += n
        t, _ = timed(Solver.move_values, pos, args.rounds)
        allmoves.append(t)
    ms = 1000.0
    kind = "simple rule" if args.simple else "engine + heuristic auction and talon pass"
    print(f"{args.positions} trick-1 positions ({kind}; 3 players, 8 cards each), contracts "
          f"{min(contracts)}-{max(contracts)} (median {statistics.median(contracts):.0f}), "
          f"made with best play: {made}")
    print(f"threshold at the contract: median {statistics.median(thr) * ms:6.2f} ms   "
          f"p95 {pct(thr, 0.95) * ms:7.2f} ms   mean {statistics.mean(thr) * ms:6.2f} ms")
    print(f"exact value              : median {statistics.median(exact) * ms:6.2f} ms   "
          f"p95 {pct(exact, 0.95) * ms:7.2f} ms   mean {statistics.mean(exact) * ms:6.2f} ms")
    print(f"exact values of all moves: median {statistics.median(allmoves) * ms:6.2f} ms   "
          f"p95 {pct(allmoves, 0.95) * ms:7.2f} ms")
    print(f"search speed: threshold {thr_nodes / sum(thr) / 1000:.0f}k nodes/s, "
          f"exact {nodes / sum(exact) / 1000:.0f}k nodes/s (a node: a card tried)")


if __name__ == "__main__":
    main()
