"""Thousand's own questions: was the contract too high or too low, did the gives cost points?

- :func:`check_contract`: at the declarer's first card, deals sampled from *his* point of view
  (``Match.resample``: the cards he cannot see dealt again, consistently with what he saw),
  each solved double-dummy: the share that makes the contract (``make_probability``) and the
  share that makes it with ``LOW_MARGIN`` to spare.  Fewer than half made: ``too high``; three
  quarters or more with the margin: ``too low`` (double-dummy points flatter the declarer, who
  cannot see the cards, so only a clear margin says he could have asked more).
- :func:`check_gives`: the declarer's two gives against every other pair of cards to the same
  two opponents, each solved double-dummy at trick 1 with the true hands: what the gives
  played cost against the best pair (``loss``), within a time budget (``complete`` False when
  not every pair was solved in time).
"""

from __future__ import annotations

import random
import time
from typing import Any

from kozyr.bots.solver import SearchTimeout, Solver
from kozyr.bots.solver.adapter import declarer_position, solver_position
from kozyr.cards import format_card, parse_card
from kozyr.games.thousand.position import ThousandPosition

#: Points over the contract that three quarters of the samples must make for ``too low``.
LOW_MARGIN = 20


def check_contract(m: Any, samples: int, rng: random.Random, budget: float) -> dict[str, Any]:
    """Return the contract check at the declarer's first card (see the module).

    Each sample's exact search gets ``budget`` seconds (one that does not finish is dropped);
    sampling stops after ``samples`` deals or ``4 * budget`` seconds.
    """
    p = ThousandPosition(m)
    declarer = p.declarer
    contract = int(p.contract or 0)
    assert declarer is not None
    barrel = m.observation(None).get("barrel") or ()
    points: list[int] = []
    stop = time.perf_counter() + 4 * budget
    for _ in range(samples):
        if time.perf_counter() >= stop:
            break
        s = m.resample(declarer, rng)
        pos, _ = solver_position(ThousandPosition(s), barrel)
        try:
            points.append(Solver(pos, time.perf_counter() + budget).exact())
        except SearchTimeout:
            continue
    n = len(points)
    made = sum(v >= contract for v in points)
    spare = sum(v >= contract + LOW_MARGIN for v in points)
    verdict = None
    if n:
        verdict = "too high" if made * 2 < n else "too low" if spare * 4 >= 3 * n else "right"
    return {
        "seat": declarer, "contract": contract, "samples": n, "made": made,
        "make_probability": made / n if n else None,
        "margin": LOW_MARGIN, "made_with_margin": spare,
        "mean_points": sum(points) / n if n else None,
        "verdict": verdict,
    }


def check_gives(before: Any, gives: list[str], budget: float) -> dict[str, Any] | None:
    """Return what the declarer's ``gives`` (record texts, ``give SEAT CARD``) cost.

    ``before`` is the match before the first give.  None if the deal has not two gives to two
    seats (two players discard instead: not analysed).
    """
    p = ThousandPosition(before)
    declarer = p.declarer
    if declarer is None or len(gives) != 2:
        return None
    played = [(int(g.split()[1]), parse_card(g.split()[2])) for g in gives]
    targets = [t for t, _ in played]
    if len(set(targets)) != 2:
        return None
    rules: Any = p.rules
    order = p.play_order
    barrel = before.observation(None).get("barrel") or ()
    start = {s: p.hands[s] for s in order}
    hand = start[declarer]
    cards = [c for c in range(32) if hand >> c & 1]
    actual = (played[0][1], played[1][1])
    plans = [actual] + [(a, b) for a in cards for b in cards if a != b and (a, b) != actual]
    values: dict[tuple[int, int], int] = {}
    stop = time.perf_counter() + 4 * budget
    for plan in plans:
        hands = dict(start)
        hands[declarer] = hand & ~(1 << plan[0]) & ~(1 << plan[1])
        hands[targets[0]] |= 1 << plan[0]
        hands[targets[1]] |= 1 << plan[1]
        pos = declarer_position(hands, order, declarer, rules, None, barrel)
        try:
            values[plan] = Solver(pos, min(stop, time.perf_counter() + budget)).exact()
        except SearchTimeout:
            break
    if actual not in values:
        return {"seat": declarer, "gives": gives, "value": None, "best": None,
                "best_gives": [], "loss": 0, "plans": len(plans), "solved": 0,
                "complete": False}
    best = max(values.values())
    tops = [plan for plan, v in values.items() if v == best]
    return {
        "seat": declarer, "gives": gives, "value": values[actual], "best": best,
        "best_gives": [[f"give {targets[0]} {format_card(a)}",
                        f"give {targets[1]} {format_card(b)}"] for a, b in tops[:3]],
        "loss": best - values[actual], "plans": len(plans), "solved": len(values),
        "complete": len(values) == len(plans),
    }
