"""PIMC for Bezique (``hard`` / ``pimc`` at Bezique): sampled deals, solved double-dummy.

:class:`BeziquePimcBot` sees only its :class:`~kozyr.core.match.SeatView`.  For a card it
samples full deals with ``view.sample(rng)`` (the opponent's concealed cards and the stock's
order dealt again from the cards the seat has not seen; his table, the known turned card and
the shown sevens stay his), turns each sample into a solver position
(:meth:`~kozyr.bots.solver.bezique.BeziquePosition.of_match`, through the game's
:class:`~kozyr.games.bezique.position.DealView`), solves every legal card and plays the card
with the best mean over the samples (ties: the heuristic's card when it is among the best,
else the lowest).  Samples are distinct (:func:`kozyr.bots.sampling.distinct_samples`); the
limit is on the process's CPU time (``cpu_clock``, default) or the wall clock, ``time_limit``
(default 1 s, 90% of it for the searches).  It keeps no state between decisions, so nothing
of one deal (or game) can leak into the next.

Where the search is affordable (``.venv/bin/python bench/bezique_solver.py --positions 12
--tricks 25,24,23,22``: CPU time to solve every legal card of one sample, positions of twelve
deals played by the heuristic, at the lead after the window's draw; median / worst): the last
eight tricks (no stock; every card is known to both, so one sample is the deal) 7 / 20 ms;
trick 24 (one stock trick left, 2 cards to draw) 36 / 73 ms; trick 23 (4 to draw) 0.27 /
0.57 s; trick 22 (6 to draw) 1.6 / 2.6 s, more than the whole budget for one sample.
So the bot searches once at most ``search_draws`` cards remain
to be drawn (default 2: from trick 24 on, about 20 samples in the second there, exact in the
last eight) and plays the heuristic before.  Searching trick 23 as well (``search_draws=4``,
one to three samples there) is affordable but measured no better: 300 duplicate deals against
``normal`` (``kozyr arena --game bezique --bots hard,normal --deals 300 --seed 0``, 1 s of CPU
a decision) gave hard +48.1 ± 3.7 points a deal with 4 and +47.7 ± 3.6 with 2, for about a
sixth of the CPU time.  The early stock phase is about which cards to keep for combinations,
which the search (a sample fixes every later draw) cannot judge in time.  Declarations,
exchanges and shows of sevens and the ``draw`` that ends the window are the heuristic's (the
dearest combination, every seven); the search models both players declaring that way
(:mod:`kozyr.bots.solver.bezique`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from kozyr.bots.base import Bot
from kozyr.bots.heuristic import HeuristicBot
from kozyr.bots.sampling import distinct_samples
from kozyr.bots.solver.bezique import BeziquePosition, BeziqueSolver, play
from kozyr.bots.solver.search import SearchTimeout
from kozyr.core.match import SeatView
from kozyr.games.bezique.position import DealView

__all__ = ["BeziquePimcBot"]

#: Card ids are below this; the window's actions (swap7, show7, declare, draw) are above.
_CARDS = 64


class BeziquePimcBot(Bot):
    """Plays Bezique cards late in the deal by sampling hidden cards and solving each sample."""

    name = "pimc"
    games = ("bezique",)

    def __init__(self, seed: int | None = None, *, time_limit: float = 1.0,
                 max_samples: int = 60, min_samples: int = 1, enum_patience: int = 12,
                 search_draws: int = 2, cpu_clock: bool = True) -> None:
        super().__init__(seed)
        self.time_limit = time_limit
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.enum_patience = enum_patience
        #: Search once at most this many cards remain to be drawn (the module doc).
        self.search_draws = search_draws
        self.heuristic = HeuristicBot(None if seed is None else seed + 1)
        self.clock = time.process_time if cpu_clock else time.perf_counter
        self.deadline = 0.0
        #: Samples used by the last decision (for benchmarks and tests).
        self.last_samples = 0

    def act(self, view: SeatView) -> int:
        """Return the chosen legal action."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.last_samples = 0
        if any(a >= _CARDS for a in legal):
            return self.heuristic.act(view)  # the window: declare, sevens, draw
        stock = int(view.observation().get("stock_size") or 0)
        if stock > self.search_draws:
            return self.heuristic.act(view)
        return self._play(view, legal, exact=stock == 0)

    def _samples(self, view: SeatView, exact: bool) -> Iterator[Any]:
        # in the last eight every card is known: one sample is the deal itself
        return distinct_samples(self, view, _deal_key, self.clock, limit=1 if exact else None)

    def _play(self, view: SeatView, legal: list[int], exact: bool) -> int:
        total = dict.fromkeys(legal, 0.0)
        n = 0
        for m in self._samples(view, exact):
            pos = BeziquePosition.of_match(m, view.seat)
            solver = BeziqueSolver(pos, self.deadline, self.clock)
            try:
                values = {c: solver.value(play(pos, c)) for c in legal}
            except SearchTimeout:
                break
            n += 1
            for c in legal:
                total[c] += values[c]
        if n == 0:
            return self.heuristic.act(view)
        best = max(total.values())
        top = [c for c, v in total.items() if v >= best - 1e-9]
        if len(top) == 1:
            return top[0]
        choice = self.heuristic.act(view)
        return choice if choice in top else min(top)


def _deal_key(m: Any) -> tuple[int, ...]:
    """Return what tells two sampled deals apart: the hands and the order of the draws."""
    d = DealView(m)
    return (*d.hands, *d.draws)
