"""PIMC for Piquet (``hard`` / ``pimc`` at Piquet): sampled deals, the play solved double-dummy.

:class:`PiquetPimcBot` sees only its :class:`~kozyr.core.match.SeatView`.  For a card it
samples full deals with ``view.sample(rng)`` — the game's resample
(:func:`kozyr.games.piquet.observer.deal_hidden`), which keeps what the seat knows: the talon
cards elder saw, the left cards when shown, every combination shown, each category's result,
the carte blanche, the other player's voids — reads each sample's whole deal through
:class:`~kozyr.games.piquet.position.DealView`, solves every legal card double-dummy
(:mod:`kozyr.bots.solver.piquet`: the future points of play, last trick, the cards or capot and
a pique still to come, his minus the opponent's) and plays the card with the best mean.
Equivalent cards (touching in the hand, nothing live between them) are solved once.  Samples
are de-duplicated, so late in the deal, when few cards are unknown, the consistent deals are
enumerated (sampling stops after ``enum_patience`` repeats in a row); otherwise at
``time_limit`` (default 1 s, 90% of it for the searches) of the process's CPU time
(``cpu_clock``, default) or of the wall clock, after at least ``min_samples``.  Ties go to the
heuristic's card when it is among the best, else to the lowest card.

The search is exact from the first trick: twelve cards each without trumps is small for the
solver (``bench/piquet_solver.py``, 40 engine positions after the heuristic's exchanges, one
CPU: every legal lead of a trick-1 position, sharing one table, 0.09 s median, 0.22 s p95,
0.36 s at most per sample; 0.02 s median at trick 3), so a second gives about ten samples at
trick 1 and dozens from trick 3.

Between the decisions of one deal the bot keeps the deal's expected final difference (the
searched value plus what was reckoned) as the first guess of the next decision's exact-value
searches; it holds only while the deal's history extends the one it was set at
(:func:`~kozyr.bots.thousand.pimc.base.same_deal`), so another game, another deal, or the same
deal played again (the arena's duplicate seatings) starts afresh, whatever its deal index.

The exchange and the declarations (``sinking``) are the heuristic's
(:mod:`kozyr.bots.heuristic.piquet`).  Simulating an exchange means, per candidate discard and
sample, the other exchange, the declarations (the engine reckons them) and a trick-1 solve of
the play: 0.046 s median per evaluation (``bench/piquet_exchange.py``: the elder exchanges of
12 seeded deals, 16 samples each, a shared machine), some twenty in a second.  There the two
nearest alternatives to the heuristic's discard (four cards instead of five; the sixth-worst
card for the fifth) were 4.2 points a deal worse on average, the typical difference 5 points
either way, and the paired difference's standard deviation per sample 14 points: with about
seven samples per candidate in a second the standard error (5 points) is as large as what it
should tell apart.  So the keep-value rule decides (it keeps the point suit, sequences and
sets); the heuristic declares everything.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from kozyr.bots.base import Bot
from kozyr.bots.explain import SearchSummary
from kozyr.bots.heuristic import HeuristicBot
from kozyr.bots.sampling import distinct_samples
from kozyr.bots.solver.piquet import PiquetPosition, PiquetSolver, SearchTimeout, play
from kozyr.bots.thousand.pimc.base import deal_history, same_deal
from kozyr.core.match import SeatView
from kozyr.games.piquet.combinations import RANK_AT
from kozyr.games.piquet.position import DealView

__all__ = ["PiquetPimcBot", "piquet_position", "representatives"]


def piquet_position(m: Any, me: int) -> PiquetPosition:
    """Return the play position of a sampled PiquetMatch ``m`` (phase ``play``) for ``me``.

    Reads the whole deal (:class:`~kozyr.games.piquet.position.DealView`): call it only on a
    sample, never on the real match.
    """
    d = DealView(m)
    return PiquetPosition(hands=d.hands, leader=d.leader, elder=d.elder, lead=d.lead, me=me,
                          won=d.tricks_won, points=d.points,
                          pique_open=not d.repique_or_pique,
                          low_cards_count=bool(d.rules.low_cards_count),
                          last_trick=int(d.rules.last_trick))


def representatives(cards: list[int], hand: int, live: int, low: bool) -> dict[int, int]:
    """Return, for each of ``cards`` (of one hand), the card searched in its place: the lowest
    of its group of touching cards with no ``live`` card between them (Piquet order; with
    ``low`` False a ten never stands for a nine).

    >>> from kozyr.cards import cards_of, format_card as f, parse_hand
    >>> h = parse_hand("AS KS JS 7C")
    >>> reps = representatives(list(cards_of(h)), h, h | parse_hand("QS"), True)
    >>> {f(c): f(r) for c, r in reps.items()}
    {'JS': 'JS', 'KS': 'KS', 'AS': 'KS', '7C': '7C'}
    """
    out = {c: c for c in cards}
    for s in range(4):
        rep, at = -1, -1
        for place in range(8):
            c = s * 8 + RANK_AT[place]
            if not live >> c & 1:
                continue
            if hand >> c & 1:
                if rep < 0 or not (low or (at >= 3) == (place >= 3)):
                    rep, at = c, place
                if c in out:
                    out[c] = rep
            else:
                rep = -1
    return out


class PiquetPimcBot(Bot):
    """Plays Piquet cards by sampling hidden cards and solving each sample."""

    name = "pimc"
    games = ("piquet",)

    def __init__(self, seed: int | None = None, *, time_limit: float = 1.0,
                 max_samples: int = 60, min_samples: int = 4, enum_patience: int = 12,
                 cpu_clock: bool = True) -> None:
        super().__init__(seed)
        self.time_limit = time_limit
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.enum_patience = enum_patience
        self.heuristic = HeuristicBot(None if seed is None else seed + 1)
        self.clock = time.process_time if cpu_clock else time.perf_counter
        self.deadline = 0.0
        #: Samples used by the last decision (for benchmarks and tests).
        self.last_samples = 0
        #: The deal the expectation below belongs to (:func:`deal_history`), and the deal's
        #: expected final difference (me minus the other) after the last decision.
        self.deal_key: tuple[Any, ...] = ()
        self.expected: float | None = None
        #: The last card search (:mod:`kozyr.bots.explain`): per card the mean final difference
        #: of the deal's points (his minus the opponent's); None after any other decision.
        self.last_search: SearchSummary | None = None

    def act(self, view: SeatView) -> int:
        """Return the chosen legal action."""
        legal = view.legal_actions()
        self.last_search = None
        if len(legal) == 1:
            return legal[0]
        self.last_samples = 0
        if view.game != "piquet" or any(a >= 32 for a in legal):
            return self.heuristic.act(view)  # the exchange, the declarations: see above
        return self._play(view, legal)

    def _samples(self, view: SeatView) -> Iterator[Any]:
        return distinct_samples(self, view, lambda m: DealView(m).hands, self.clock)

    def _guess(self, obs: dict[str, Any]) -> int | None:
        """Return the first guess of this decision's searches, from this deal's last one."""
        key = deal_history(obs)
        if self.expected is None or not same_deal(self.deal_key, key, later=True):
            self.expected = None
            return None
        seat = int(obs["seat"])
        pts = obs["points"]
        return round(self.expected - (int(pts[seat]) - int(pts[1 - seat])))

    def _play(self, view: SeatView, legal: list[int]) -> int:
        obs = view.observation()
        seat = view.seat
        guess = self._guess(obs)
        total = dict.fromkeys(legal, 0.0)
        last: dict[int, int] = {}
        n = 0
        for m in self._samples(view):
            pos = piquet_position(m, seat)
            solver = PiquetSolver(pos, self.deadline, self.clock)
            live = pos.hands[0] | pos.hands[1] | (1 << pos.lead if pos.lead >= 0 else 0)
            reps = representatives(legal, pos.hands[seat], live, pos.low_cards_count)
            values: dict[int, int] = {}
            try:
                for c in legal:
                    r = reps[c]
                    if r in values:
                        values[c] = values[r]
                        continue
                    child, gain = play(pos, c)
                    g = last.get(c, guess)
                    v = gain + solver.value(child, None if g is None else g - gain)
                    last[c] = values[c] = v
            except SearchTimeout:
                break
            n += 1
            for c in legal:
                total[c] += values[c]
        if n == 0:
            return self.heuristic.act(view)
        best = max(total.values())
        top = [c for c, v in total.items() if v >= best - 1e-9]
        pts = obs["points"]
        now = int(pts[seat]) - int(pts[1 - seat])
        self.deal_key = deal_history(obs)
        self.expected = best / n + now
        self.last_search = SearchSummary("points", {c: total[c] / n + now for c in legal}, n)
        if len(top) == 1:
            return top[0]
        choice = self.heuristic.act(view)
        return choice if choice in top else min(top)
