"""PIMC for Debertz and Tertz (``hard`` / ``pimc`` at these games): sampled deals, solved.

:class:`TrickPimcBot` sees only its :class:`~kozyr.core.match.SeatView`.  For a card it
samples full deals with ``view.sample(rng)`` (every hidden card dealt again, consistently with
the observation: voids, shown melds and combinations, known cards), turns each sample into a
solver position (:func:`debertz_position`, :func:`tertz_position`, which read the sample's
whole deal through the games' position views), solves every legal card double-dummy and plays
the card with the best aggregate.  Samples are de-duplicated, so when few cards are unknown
the consistent deals are all enumerated (sampling stops after ``enum_patience`` repeats in a
row) and each counts once; otherwise sampling stops at ``time_limit`` (default 1 s, 90% of it
for the searches), after at least ``min_samples``.  The limit is on the process's CPU time
(``cpu_clock``, default; one core's second whatever else the machine runs, which on an idle
machine is the wall clock's) or on the wall clock (``cpu_clock=False``, as Thousand's bot).
Ties go to the heuristic's card when it is among the best, else to the lowest card.

Debertz (:mod:`kozyr.bots.solver.debertz`): every sample is searched to the end of the deal.
Per card and sample the search gives the final difference ``v`` between the declarer's side
and the others (cards, last trick, bella, melds that count).  The bait makes the deal's score
a step in ``v``: made (``v > 0``) the declarer's side writes its points, baited (``v < 0``) it
writes 0 and its points go to the defenders.  Measured as the score of the declarer's side
against the others' mean (3 players: the two defenders taken as equal), that is ``v + T``
when made, ``T / 2`` for a hanging bait, 0 when baited (``T`` the deal's total points), up
to a constant factor: the declarer's side maximises its mean over the samples, a defender
minimises it.  That needs the exact ``v`` of every card in every sample.  How deep that
reaches within a second depends on the solver (:data:`PURE_REACH`, :data:`COMPILED_REACH`):

- with the compiled kernel (:mod:`kozyr.bots.solver.kernel`, about 50 times the pure
  search's speed) ``v`` is exact once at most ``debertz_exact_cards`` cards are in the hands
  (24: from trick 2 with 3 players; 60 samples in a median 0.45 s at 8 cards), and the first
  trick is searched too (``debertz_search_cards`` 27);
- in pure Python (21 cards: seven each with 3 players, five with 4, always with 2; about
  0.1-0.2 s a sample at 7 cards, 1 s and more at 9), and up to 24 cards only the contract.

Between the two limits only the contract is searched (a null-window test of ``v > 0`` per
card): a card scores 1 in a sample where the declarer's side still makes its game, and with
fewer than ``min_samples`` samples in time the heuristic plays; ties (the usual case: all
cards make, or none) go to the heuristic's card.  With more cards the heuristic plays.
Samples in the first trick assume that the seats still to play in it swap the seven and
declare their melds when they can (as every kozyr bot does).  Not searched: the skate penalty
and each defender's own share (with 3 players).

Debertz bidding (accept or pass, name a trump or pass) is by simulation where the kernel is
built (``debertz_bid_sim``): each legal bid is tried in every sample, the deal goes on with
the heuristic's bids, swaps and declarations for every seat (the others' actual policy when
they are ``normal``; this seat's own later bids too) up to the first card, and is then solved
exactly; the bid with the best mean :func:`bid_score` (this seat's deal score less the other
sides' mean, by the bait rule) is taken, ties to the heuristic's.  A deal everybody passes is
worth 0.  Without the kernel a sample costs seconds, so the heuristic's trump-strength rule
bids.

Tertz (:mod:`kozyr.bots.solver.tertz`): zero-sum in card points; per card and sample the
exact final difference (his points minus the opponent's, last trick included), maximised in
the mean.  A sample fixes the stock's order, so the drawing is searched too; from the first
tricks that search is too deep within a second even compiled (3 to 9 s a card with the 14
cards of the stock to draw, 0.4 s with 8).  It starts once at most ``tertz_exact_draws``
cards remain to be drawn: compiled 6 (from trick 5; a median 10 samples at 9 cards), pure
Python 2 (from trick 7, the stock's last); then come the nine must-beat tricks, where the
opponent's hand is known and the search is exact.  Before that the heuristic plays, whose
rules of thumb (take points cheaply, keep trumps for the must-beat phase) are what the early
tricks are about.

The other decisions use the heuristic (:mod:`kozyr.bots.heuristic`): swap7 and declare
(Debertz and Tertz) are always taken, not simulated: in a double-dummy sample a declared meld
can only add points (showing it costs nothing when every card is known), and the swap gives a
higher trump for the lowest; the answer to a Tertz declaration is automatic.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kozyr.bots.base import Bot
from kozyr.bots.explain import SearchSummary
from kozyr.bots.heuristic import HeuristicBot
from kozyr.bots.sampling import distinct_samples
from kozyr.bots.solver import kernel
from kozyr.bots.solver.debertz import BELLA_ACTION, DebertzPosition, DebertzSolver
from kozyr.bots.solver.debertz import play as debertz_play
from kozyr.bots.solver.jacknine import representatives
from kozyr.bots.solver.search import SearchTimeout
from kozyr.bots.solver.tertz import TertzPosition, TertzSolver
from kozyr.bots.solver.tertz import play as tertz_play
from kozyr.cards import SEVEN
from kozyr.core.match import SeatView
from kozyr.games.debertz import actions as DA
from kozyr.games.debertz import melds as M
from kozyr.games.debertz.cardplay import LAST_TRICK_BONUS
from kozyr.games.debertz.position import DealView as DebertzDeal
from kozyr.games.debertz.scoring import deal_points
from kozyr.games.tertz.position import DealView as TertzDeal

__all__ = ["TrickPimcBot", "debertz_position", "tertz_position"]


def debertz_position(m: Any) -> DebertzPosition:
    """Return the play position of a sampled DebertzMatch ``m`` (phase ``play``).

    Reads the whole deal (:class:`~kozyr.games.debertz.position.DealView`): call it only on a
    sample, never on the real match.  In trick 1 the seats still to play swap the seven and
    declare their melds first.
    """
    d = DebertzDeal(m)
    n = d.seats
    hands = list(d.hands)
    melds = list(d.melds)
    trump = d.trump
    sides = d.sides
    if d.trick_no == 0:
        seat = d.to_act
        swapped = d.swapped
        declared = d.declared
        natural = d.rules.natural_sequence_order
        for i in range(1, n - len(d.trick)):
            s = (seat + i) % n
            h = hands[s]
            if not swapped and d.may_swap(s, h):
                h = (h & ~(1 << (trump * 8 + SEVEN))) | 1 << d.turned
                hands[s] = h
                swapped = True
            if not declared[s]:
                melds.extend(M.find_melds(h, s, trump, natural))
    # cards and bella taken; the melds of the best meld's side, which count once it takes a
    # trick: the engine's scoring rule (deal_points), asked as if every side had taken one
    points = deal_points(d.side_points, (), sides, d.side_won, d.bella, d.dealer)
    meld_side, meld_points = -1, 0
    best = M.best_meld(melds, d.dealer, n)
    if best is not None:
        meld_side = sides[best.seat]
        every = (1,) * len(points)
        meld_points = deal_points((0,) * len(points), melds, sides, every, (), d.dealer)[meld_side]
    won = sum(1 << side for side, w in enumerate(d.side_won) if w)
    return DebertzPosition(
        hands=tuple(hands), leader=d.leader, trump=trump, trick=d.trick,
        sides=sides, declarer=d.declarer, points=tuple(points), won=won,
        meld_side=meld_side, meld_points=meld_points,
        bella_after_trick=bool(d.rules.bella_after_trick), overtrump=d.rules.overtrump)


def tertz_position(m: Any, me: int) -> TertzPosition:
    """Return the play position of a sampled TertzMatch ``m`` for seat ``me``.

    Reads the whole deal (:class:`~kozyr.games.tertz.position.DealView`): call it only on a
    sample, never on the real match.
    """
    d = TertzDeal(m)
    return TertzPosition(hands=d.hands, leader=d.leader, trump=d.trump, lead=d.lead,
                         draws=d.draws, me=me, points=d.points, free_jack=d.free_jack)


@dataclass(frozen=True)
class Reach:
    """How deep the searches reach within a second (the bot's defaults; see the module)."""

    debertz_exact_cards: int
    debertz_search_cards: int
    tertz_exact_draws: int
    debertz_bid_sim: bool


#: The reach in pure Python and with the compiled kernel (kozyr.bots.solver.kernel).
PURE_REACH = Reach(debertz_exact_cards=21, debertz_search_cards=24, tertz_exact_draws=2,
                   debertz_bid_sim=False)
COMPILED_REACH = Reach(debertz_exact_cards=24, debertz_search_cards=27, tertz_exact_draws=6,
                       debertz_bid_sim=True)
#: Debertz's bidding actions (accept, pass, name a trump): decided by simulation when compiled.
BIDS = frozenset((DA.ACCEPT, DA.PASS, *range(DA.TRUMP, DA.TRUMP + 4)))


class TrickPimcBot(Bot):
    """Plays Debertz and Tertz cards by sampling hidden cards and solving each sample."""

    name = "pimc"
    games = ("debertz", "tertz")

    def __init__(self, seed: int | None = None, *, time_limit: float = 1.0,
                 max_samples: int = 60, min_samples: int = 4, enum_patience: int = 12,
                 debertz_exact_cards: int | None = None,
                 debertz_search_cards: int | None = None,
                 tertz_exact_draws: int | None = None,
                 debertz_bid_sim: bool | None = None,
                 cpu_clock: bool = True) -> None:
        super().__init__(seed)
        self.time_limit = time_limit
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.enum_patience = enum_patience
        reach = COMPILED_REACH if kernel.available() else PURE_REACH
        self.debertz_exact_cards = (reach.debertz_exact_cards if debertz_exact_cards is None
                                    else debertz_exact_cards)
        self.debertz_search_cards = (reach.debertz_search_cards
                                     if debertz_search_cards is None else debertz_search_cards)
        self.tertz_exact_draws = (reach.tertz_exact_draws if tertz_exact_draws is None
                                  else tertz_exact_draws)
        self.debertz_bid_sim = (reach.debertz_bid_sim if debertz_bid_sim is None
                                else debertz_bid_sim)
        self.heuristic = HeuristicBot(None if seed is None else seed + 1)
        #: The time limit is on this process's CPU time (``cpu_clock``: one core's second,
        #: whatever else the machine runs) or on the wall clock.
        self.clock = time.process_time if cpu_clock else time.perf_counter
        self.deadline = 0.0
        #: Samples used by the last decision (for benchmarks and tests).
        self.last_samples = 0
        #: What the last card search found (kozyr.bots.explain; None: no search decided).
        self.last_search: SearchSummary | None = None

    def act(self, view: SeatView) -> int:
        """Return the chosen legal action."""
        self.last_search = None
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.last_samples = 0
        cards = [a for a in legal if a < 32]
        if len(cards) != len(legal) and view.game == "tertz":
            return self.heuristic.act(view)  # swap7, declare: always taken
        if view.game == "debertz":
            if self.debertz_bid_sim and all(a in BIDS for a in legal):
                return self._debertz_bid(view, legal)
            if any(a >= 64 for a in legal):
                return self.heuristic.act(view)  # swap7, declare (and bidding, pure Python)
            if len({a & 31 for a in legal}) == 1:
                return self.heuristic.act(view)  # one card, with or without bella
            if sum(view.observation()["hand_sizes"]) > self.debertz_search_cards:
                return self.heuristic.act(view)  # too few samples in time: see above
            return self._debertz_play(view, legal)
        if view.game == "tertz":
            obs = view.observation()
            if int(obs.get("stock_size") or 0) > self.tertz_exact_draws:
                return self.heuristic.act(view)
            return self._tertz_play(view, legal)
        return self.heuristic.act(view)

    # -- sampling ------------------------------------------------------------------------------
    def _samples(self, view: SeatView) -> Iterator[Any]:
        """Yield distinct sampled matches (hands, and Tertz's stock) until the time limit."""
        return distinct_samples(self, view, _tertz_key if view.game == "tertz" else _hands_key,
                                self.clock)

    def _pick(self, view: SeatView, score: dict[int, float], maximise: bool,
              whole_action: bool = False) -> int:
        """Return the best card (or ``whole_action``: action) by ``score``; ties: the
        heuristic's, else the lowest."""
        best = max(score.values()) if maximise else min(score.values())
        top = [a for a, v in score.items() if abs(v - best) <= 1e-9 * max(1.0, abs(best))]
        if len(top) == 1:
            return top[0]
        choice = self.heuristic.act(view)
        if not whole_action:
            choice &= 31
        return choice if choice in top else min(top)

    # -- Debertz ---------------------------------------------------------------------------
    def _debertz_play(self, view: SeatView, legal: list[int]) -> int:
        cards = sorted({a & 31 for a in legal})
        total = dict.fromkeys(cards, 0.0)
        last: dict[int, int] = {}  # each card's value in the previous sample: the next guess
        n = 0
        maximise = True
        exact = True
        for m in self._samples(view):
            pos = debertz_position(m)
            sides = pos.side_list()
            seat = pos.seat_to_move()
            maximise = sides[seat] == sides[pos.declarer]
            exact = sum(h.bit_count() for h in pos.hands) <= self.debertz_exact_cards
            solver = DebertzSolver(pos, self.deadline, self.clock)
            whole = deal_total(pos, solver)
            live = sum(1 << c for c in pos.trick)
            for h in pos.hands:
                live |= h
            reps = representatives(cards, pos.hands[seat], live, pos.trump)
            values: dict[int, float] = {}
            try:
                for c in cards:
                    r = reps[c]
                    if r in values:
                        values[c] = values[r]
                        continue
                    child = debertz_play(pos, c)
                    if exact and c in last:
                        v = solver.value(child, last[c])
                        last[c] = v
                        values[c] = v + whole if v > 0 else whole / 2 if v == 0 else 0.0
                    elif not solver.at_least(1, child):
                        values[c] = whole / 2 if exact and solver.at_least(0, child) else 0.0
                    elif exact:
                        v = solver.value(child, 1)
                        last[c] = v
                        values[c] = v + whole
                    else:
                        values[c] = whole
            except SearchTimeout:
                break
            n += 1
            for c in cards:
                total[c] += values[c]
        if n == 0 or (not exact and n < self.min_samples):
            return self.heuristic.act(view)
        c = self._pick(view, total, maximise)
        self.last_search = SearchSummary("score", {a: total[a & 31] / n for a in legal}, n,
                                         high=maximise)
        with_bella = c + BELLA_ACTION
        return with_bella if with_bella in legal else c

    def _debertz_bid(self, view: SeatView, legal: list[int]) -> int:
        """Accept, pass or name a trump by simulation: for each action and sample, the deal
        played on by the others' (and later this seat's) heuristic up to the first card, then
        solved exactly; the action with the best mean :func:`bid_score` is taken."""
        seat = view.seat
        total = dict.fromkeys(legal, 0.0)
        n = 0
        for m in self._samples(view):
            try:
                values = {a: self._debertz_rollout(m, a, seat) for a in legal}
            except SearchTimeout:
                break
            n += 1
            for a in legal:
                total[a] += values[a]
        if n < self.min_samples:
            return self.heuristic.act(view)
        self.last_search = SearchSummary("score", {a: total[a] / n for a in legal}, n)
        return self._pick(view, total, True, whole_action=True)

    def _debertz_rollout(self, m: Any, action: int, seat: int) -> float:
        """Return ``seat``'s :func:`bid_score` of sample ``m`` after ``action``."""
        r = m.clone()
        r.apply_action(action)
        while True:
            if r.phase not in (DA.BIDDING, DA.PLAY):
                return 0.0  # everybody passed twice: thrown in
            legal = r.legal_actions()
            if r.phase == DA.PLAY and all(a < DA.ACCEPT for a in legal):
                break
            r.apply_action(self.heuristic.act(r.view(r.current_player())))
        pos = debertz_position(r)
        solver = DebertzSolver(pos, self.deadline, self.clock)
        sides = pos.side_list()
        return bid_score(solver.value(), deal_total(pos, solver),
                         sides[seat] == sides[pos.declarer], max(sides) + 1)

    # -- Tertz -----------------------------------------------------------------------------
    def _tertz_play(self, view: SeatView, legal: list[int]) -> int:
        cards = [a for a in legal if a < 32]
        total = dict.fromkeys(cards, 0.0)
        last: dict[int, int] = {}
        n = 0
        for m in self._samples(view):
            pos = tertz_position(m, view.seat)
            solver = TertzSolver(pos, self.deadline, self.clock)
            live = pos.hands[0] | pos.hands[1] | sum(1 << c for c in pos.draws)
            if pos.lead >= 0:
                live |= 1 << pos.lead
            reps = representatives(cards, pos.hands[view.seat], live, pos.trump)
            values: dict[int, int] = {}
            try:
                guess = None
                for c in cards:
                    r = reps[c]
                    if r in values:
                        values[c] = values[r]
                        continue
                    v = solver.value(tertz_play(pos, c), last.get(c, guess))
                    guess = last[c] = values[c] = v
            except SearchTimeout:
                break
            n += 1
            for c in cards:
                total[c] += values[c]
        if n == 0:
            return self.heuristic.act(view)
        self.last_search = SearchSummary("points", {c: total[c] / n for c in cards}, n)
        return self._pick(view, total, True)


def deal_total(pos: DebertzPosition, solver: DebertzSolver) -> int:
    """Return the deal's points at ``pos``: taken, in the hands and the trick, the last trick's
    and the melds' (``T`` of the module)."""
    return (sum(pos.points) + sum(solver.hand_points(h) for h in pos.hands)
            + sum(solver.points[c] for c in pos.trick) + LAST_TRICK_BONUS + pos.meld_points)


def bid_score(v: int, whole: int, declaring: bool, sides: int) -> float:
    """Return a seat's deal score less the mean of the other sides', by the bait rule.

    ``v`` is the final difference of the declarer's side over the others (the solver's),
    ``whole`` the deal's points, ``sides`` how many sides play.  Made (``v > 0``) every side
    writes its points; baited (``v < 0``) the declarer's side writes 0 and the others share
    its points; hanging (``v == 0``) it writes 0 and the others their own (rules/debertz.md
    §6).  The others' points are taken as shared equally among their sides.

    >>> bid_score(20, 160, True, 3), bid_score(-20, 160, True, 3), bid_score(20, 160, False, 3)
    (55.0, -80.0, -27.5)
    """
    declarer = (v + whole) / 2
    if v > 0:
        mine, rest = declarer, whole - declarer
    elif v < 0:
        mine, rest = 0.0, float(whole)
    else:
        mine, rest = 0.0, whole - declarer
    share = rest / (sides - 1)
    if declaring:
        return mine - share
    return share - (mine + (sides - 2) * share) / (sides - 1)


def _hands_key(m: Any) -> tuple[int, ...]:
    """Return what tells two sampled Debertz deals apart: the hands."""
    return DebertzDeal(m).hands


def _tertz_key(m: Any) -> tuple[int, ...]:
    """Return what tells two sampled Tertz deals apart: the hands and the stock's order."""
    d = TertzDeal(m)
    return (*d.hands, *d.stock)
