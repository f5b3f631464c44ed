"""The ``pimc`` bot (level ``hard``): Perfect Information Monte Carlo over the double-dummy solver.

Thousand here; Debertz and Tertz are handed to :class:`kozyr.bots.pimc_tricks.TrickPimcBot`
(PIMC card play over their own solvers, the heuristic for their other decisions).  It sees
only its :class:`~kozyr.core.match.SeatView`: deals are sampled with ``view.sample(rng)``
(every hidden card dealt again, consistently with the observation), each sample is turned
into a solver position by :func:`kozyr.bots.solver.adapter.position_from_match`, solved, and
the results are aggregated.  Every decision stops sampling at its time limit (default 1 s,
``time_limit``), after at least ``min_samples``.

Card play:

- declarer: the card with the highest share of samples in which the contract is still made
  with best play (a threshold search);
- defender: one scale for stopping the contract and for his own points: the share of samples
  in which the declarer makes it times the contract (a made contract swings twice the
  contract against the two defenders), plus what the others take: once hands hold at most
  ``exact_cards`` cards the exact points of the declarer and the partner (solver
  ``weights``: all but his own points, the partner's counting ``1 + partner_share``: the
  declarer scores his contract whatever his card points, while every point the partner takes
  counts for a rival - a defender's score is measured against both others'; the others are
  assumed to play against him), before that a second threshold 30 below the contract (as a
  30-point swing); less the value of a
  marriage the move declares for himself, plus ``marriage_keep`` times the value of a
  marriage of his that the move breaks up (the solver's value does not count a defender's
  marriages, so it would throw them away for a sliver of a chance to stop the contract);
- the declarer breaks ties by a margin: the share of samples in which he still makes
  ``declarer_margin`` more than the contract (with at most ``exact_cards`` cards: his exact
  points), a line that does not need every card where the samples put it;
- a declarer whose contract no sample makes any more aims ``lost_margin`` lower at his next
  decisions of the deal (lower again each time that is lost too): his score is lost, but every
  point he takes is one the opponents do not score;
- remaining ties go to the heuristic bot's card when it is among the best, else to the lowest
  card;
- samples are de-duplicated, so when few cards are unknown the distinct deals are all
  enumerated (sampling stops after ``enum_patience`` repeats in a row) and each counts once;
- inference (``inference``): with three players (or four) and marriage trumps, the opponent
  model (:class:`kozyr.bots.opponent_model.HeuristicModel`, ``opponent_model``) counts the
  opponents' past choices of this deal — bids, passes, gives, contract, cards — that a plain
  player (the heuristic's rules) would not have made with a sample's cards; up to
  ``model_candidates`` samples are drawn in ``model_share`` of the time, weighted
  ``mismatch_weight ** mismatches``, and ``max_samples`` of them are picked in proportion to
  their weights to be solved.  Otherwise each sample is weighted by the likelihood of the
  opponents' past plays under a soft "cheapest winner, else cheapest card" policy (a matching
  card weighs ``1 + inference_weight`` against 1 for any other).

Bidding, the talon pass and the contract are chosen by simulation: sampled deals give the
talon and the opponents' hands; the declarer's hand after the pass (the heuristic's choice of
cards to give, or each candidate pass) is solved at trick 1 with threshold tests on the bid
ladder, which gives the distribution of his double-dummy points.  A bid, contract or pass is
worth ``P(make) * c - (1 - P(make)) * c`` (``dd_margin`` is taken off double-dummy points,
which the declarer cannot quite reach without seeing the cards, in the talon pass; in the
auction ``bid_margin``, 0: a bid that is made double-dummy in most samples was made 93% of the
time against the heuristic in the arena, so the auction's margin was pure loss; for the
contract ``contract_margin``, 0: with 10 the contracts raised above the bid failed once in 572
and were made with 42 points to spare on average, and 0 measured +0.95 +- 0.29 per deal over
400 paired deals); passing in the auction is worth
:meth:`PimcBot.pass_value` (``defence_value``, changed by the match situation).  With the
opponent model (``auction_model``, three players) a bid and a pass are instead compared on
each sample as this seat's score less the opponents' mean (:meth:`PimcBot._auction_values`):
after a pass the others bid on as the model says, and the one who ends with the contract
writes off or plays it with the heuristic declarer's measured chance; after a bid, an
opponent the model says would outbid it takes the contract, else the sample's double-dummy
verdict decides (``made_for``/``failed_for``, ``made_against``/``failed_against``: the
defenders' mean points measured in the arena).  The samples of
one auction are solved once and kept: a later bid of the same auction only tests the samples
its new threshold leaves undecided.  The talon pass tries the pairs of the
``give_candidates`` cheapest cards, to either opponent, and ranks them by the share of samples
that make the bid, then by the share that make ``give_margin`` more.  Make rates are shrunk
towards 1/2 (``(made + 1) / (n + 2)``), and a contract above the bid needs a shrunk make
rate of ``raise_confidence``: with few samples the best-looking contract is an overestimate
(the winner's curse).  The match situation: a
contract that would win the match is worth ``win_bonus`` more when made; a write-off
(:meth:`PimcBot.writeoff_value`) is compared at its real cost (the bid, or a bolt: dearer one
short of the bolt penalty) and with what it gives each opponent.
The redeal choice, two-player piles and discards, and 501's trump naming use the heuristic.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from kozyr.bots.base import Bot
from kozyr.bots.heuristic import HeuristicBot
from kozyr.bots.opponent_model import HeuristicModel
from kozyr.bots.sampling import distinct_samples
from kozyr.bots.solver import Position, SearchTimeout, Solver
from kozyr.bots.solver.adapter import declarer_position, solver_position
from kozyr.cards import SUIT_MASK, parse_card, parse_hand
from kozyr.core.match import SeatView
from kozyr.games.thousand.cardplay import (
    KQ_MASK,
    POINTS,
    beats,
    card_points,
    legal_to_trick,
    marriage_value,
    trick_winner,
)
from kozyr.games.thousand.position import ThousandPosition
from kozyr.games.thousand.scoring import writeoff_gain


class PimcBot(Bot):
    """Plays Thousand by sampling hidden cards and solving each sample double-dummy."""

    name = "pimc"
    games = ("thousand", "debertz", "tertz")

    def __init__(self, seed: int | None = None, *, time_limit: float = 1.0,
                 max_samples: int = 60, min_samples: int = 4, exact_cards: int = 7,
                 inference: bool = True, inference_weight: float = 1.0,
                 enum_patience: int = 12, dd_margin: int = 10, defence_value: int = 0,
                 win_bonus: int = 300, raise_confidence: float = 0.85,
                 defence_points: int = 45, barrel_threat: int = 150,
                 bolt_risk: float = 0.15, declarer_margin: int = 20,
                 give_margin: int = 20, give_candidates: int = 4,
                 forced_pass_bonus: int = 20, marriage_keep: float = 0.5,
                 bid_inference: float = 0.25, bid_margin: int = 0,
                 opponent_model: bool = True, mismatch_weight: float = 0.1,
                 model_candidates: int = 240, model_share: float = 0.3,
                 auction_model: bool = True, made_for: int = 30, failed_for: int = 55,
                 made_against: int = 20, failed_against: int = 30,
                 lost_margin: int = 30, contract_margin: int = 0,
                 partner_share: float = 0.5) -> None:
        super().__init__(seed)
        self.time_limit = time_limit
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.exact_cards = exact_cards
        self.inference = inference
        self.inference_weight = inference_weight
        self.enum_patience = enum_patience
        self.dd_margin = dd_margin
        self.defence_value = defence_value
        self.win_bonus = win_bonus
        self.raise_confidence = raise_confidence
        self.defence_points = defence_points
        self.barrel_threat = barrel_threat
        self.bolt_risk = bolt_risk
        self.declarer_margin = declarer_margin
        self.give_margin = give_margin
        self.give_candidates = give_candidates
        self.forced_pass_bonus = forced_pass_bonus
        self.marriage_keep = marriage_keep
        self.bid_inference = bid_inference
        self.bid_margin = bid_margin
        self.opponent_model = opponent_model
        self.mismatch_weight = mismatch_weight
        self.model_candidates = model_candidates
        self.model_share = model_share
        self.auction_model = auction_model
        self.made_for = made_for
        self.failed_for = failed_for
        self.made_against = made_against
        self.failed_against = failed_against
        self.lost_margin = lost_margin
        self.contract_margin = contract_margin
        self.partner_share = partner_share
        #: a lost contract's lowered aim: (the deal's history when it was set, level)
        self._lost: tuple[tuple[Any, ...], int] = ((), 0)
        self._opponent_model: HeuristicModel | None = None
        self._bid_sim: _BidSim | None = None
        self.heuristic = HeuristicBot(None if seed is None else seed + 1)
        #: the give plan: (the deal's history, hand, the two gives)
        self._plan: tuple[tuple[Any, ...], int, list[int]] | None = None
        #: Samples used by the last decision (for benchmarks and tests).
        self.last_samples = 0
        self.deadline = 0.0

    # -- dispatch ----------------------------------------------------------------------------
    def act(self, view: SeatView) -> int:
        """Return the chosen legal action."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if view.game != "thousand":
            # Debertz and Tertz: their own PIMC over their solvers (kozyr.bots.pimc_tricks)
            trick_bot = getattr(self, "trick_bot", None)
            if trick_bot is None:
                from kozyr.bots.pimc_tricks import TrickPimcBot

                trick_bot = self.trick_bot = TrickPimcBot(
                    self.rng.getrandbits(63), time_limit=self.time_limit,
                    max_samples=self.max_samples, min_samples=self.min_samples,
                    enum_patience=self.enum_patience)
            return trick_bot.act(view)
        obs = view.observation()
        texts = [view.action_to_text(a) for a in legal]
        heads = {t.split()[0] for t in texts}
        self.last_samples = 0
        if "play" in heads:
            return self._play(view, obs, legal)
        if obs.get("hand") is not None and ("bid" in heads or heads == {"pass"}):
            return self._bid(view, obs, legal, texts)
        if "give" in heads:
            return self._give(view, obs, legal, texts)
        if "contract" in heads:
            return self._contract(view, obs, legal, texts)
        return self.heuristic.act(view)

    def lowered_aim(self, obs: dict[str, Any]) -> int:
        """Return how many points below his contract this bot, as declarer, now aims.

        Not 0 only after a decision of this same deal found the contract lost in every
        sample (``lost_margin`` per such decision); a new deal or game starts at 0.
        """
        if obs.get("declarer") != obs.get("seat") or not same_deal(
                self._lost[0], deal_history(obs), later=True):
            return 0
        return self.lost_margin * self._lost[1]

    # -- sampling ------------------------------------------------------------------------------
    def _samples(self, view: SeatView) -> Any:
        """Yield distinct sampled matches (hands and talon) until the time limit.

        Searches started for a sample stop at the same deadline (``self.deadline``) by raising
        SearchTimeout: the caller drops that sample and stops.
        """
        return distinct_samples(self, view, _deal_key, time.perf_counter)

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, obs: dict[str, Any], legal: list[int]) -> int:
        me = view.seat
        declarer = int(obs["declarer"])
        contract = int(obs.get("contract") or obs.get("bid") or 100)
        hand_size = bin(parse_hand(obs.get("hand") or "")).count("1")
        exact = hand_size <= self.exact_cards
        first: dict[int, float] = dict.fromkeys(legal, 0.0)
        second: dict[int, float] = dict.fromkeys(legal, 0.0)
        wsum = 0.0
        # a declarer whose contract is lost in every sample keeps the opponents' points down:
        # he aims ``lost_margin`` lower at each later decision (his score is lost anyway)
        deal = deal_history(obs)
        level = self.lowered_aim(obs) // self.lost_margin if self.lost_margin else 0
        target = contract - self.lost_margin * level
        plays = _past_plays(obs) if self.inference and self._model(view) is None else []
        for m, w in self._weighted_samples(view, obs):
            p = ThousandPosition(m)
            pos, seats = solver_position(p)
            if plays:
                w = self._weight(p, seats, plays, me, declarer)
            if w <= 0.0:
                continue
            solver = Solver(pos, self.deadline)
            try:
                makes = solver.move_values(target)
                extra: Mapping[int, float] = makes
                if me == declarer:
                    # the tie-break: a margin over the contract (robust to what he cannot see)
                    if exact:
                        extra = solver.move_values()
                    elif any(makes.values()):
                        extra = solver.move_values(target + self.declarer_margin)
                else:
                    if exact:
                        # own points: minimise what the declarer and the partner take
                        own = Solver(replace(pos, weights=self._own_weights(pos, seats, me)),
                                     self.deadline)
                        extra = {a: v / _OWN_SCALE for a, v in own.move_values().items()}
                    else:
                        # a 30-point swing: does he still make 30 less than his contract?
                        extra = {a: 30 * v for a, v in solver.move_values(contract - 30).items()}
            except SearchTimeout:
                break
            wsum += w
            for a in legal:
                first[a] += w * makes[a]
                second[a] += w * extra[a]
        if wsum == 0.0:
            return self.heuristic.act(view)
        tol = 1e-9 * wsum
        if me == declarer:
            best = max(first.values())
            if best == 0.0 and self.lost_margin and target > self.lost_margin:
                self._lost = (deal, level + 1)
            top = [a for a in legal if first[a] >= best - tol]
            if len(top) > 1:
                high = max(second[a] for a in top)
                top = [a for a in top if second[a] >= high - tol]
        else:
            # one scale: a made contract costs the defenders' side the contract (his swing of
            # twice the contract, against the two of them), then the points the others take,
            # less a marriage this defender declares, plus one he breaks up (half its value:
            # he may never lead to declare it)
            values = _rules(view).marriages
            hand = parse_hand(obs.get("hand") or "")
            key = {a: (contract * first[a] + second[a]) / wsum - _declared_value(a, values)
                   + self.marriage_keep * _broken_marriage(a, hand, values) for a in legal}
            low = min(key.values())
            top = [a for a in legal if key[a] <= low + 1e-9]
        if len(top) == 1:
            return top[0]
        choice = self.heuristic.act(view)  # ties: the heuristic's card if it is among them
        return choice if choice in top else min(top)

    def _own_weights(self, pos: Position, seats: list[int], me: int) -> tuple[int, ...]:
        """Return the solver weights of a defender's own points (in ``1/_OWN_SCALE`` points).

        He minimises what the others take: the declarer's points (every point he takes is one
        the defenders do not) and the partner's, each of which also counts
        ``partner_share`` against this defender (his score is measured against both others').
        """
        partner = round(_OWN_SCALE * (1 + self.partner_share))
        mine = seats.index(me)
        return tuple(0 if i == mine else _OWN_SCALE if i == pos.declarer else partner
                     for i in range(len(seats)))

    def _model(self, view: SeatView) -> HeuristicModel | None:
        """Return the opponent model for this view's rules (None: off, or not modelled)."""
        if not (self.inference and self.opponent_model):
            return None
        model = self._model_of(_rules(view))
        return model if model.applies else None

    def _model_of(self, rules: Any) -> HeuristicModel:
        """Return the heuristic model for ``rules`` (kept while the rules stay the same)."""
        model = self._opponent_model
        if model is None or model.rules is not rules:
            model = self._opponent_model = HeuristicModel(rules)
        return model

    def _weighted_samples(self, view: SeatView, obs: dict[str, Any]) -> Iterator[tuple[Any, float]]:
        """Yield (sample, weight) until the time limit: the opponent model's picks
        (:meth:`_modelled_samples`) when it applies, else distinct samples weighing 1."""
        model = self._model(view)
        if model is None:
            for m in self._samples(view):
                yield m, 1.0
            return
        for n, (m, w) in enumerate(self._modelled_samples(view, obs, model)):
            if n >= self.min_samples and time.perf_counter() >= self.deadline:
                return
            yield m, w

    def _modelled_samples(self, view: SeatView, obs: dict[str, Any],
                          model: HeuristicModel) -> list[tuple[Any, float]]:
        """Return samples to solve with their weights, drawn from the opponent model's posterior.

        Up to ``model_candidates`` distinct deals are drawn in ``model_share`` of the time
        limit, each weighted ``mismatch_weight ** mismatches`` (:class:`HeuristicModel`).  When
        there are more than ``max_samples`` of them, ``max_samples`` are picked in proportion to
        their weights (systematic resampling); a deal picked twice weighs twice.  The rest of
        the time limit is left for the searches (``self.deadline``).
        """
        start = time.perf_counter()
        me = view.seat
        cands: list[tuple[Any, float]] = []
        for m in distinct_samples(self, view, _deal_key, time.perf_counter,
                                  limit=self.model_candidates, share=self.model_share):
            cands.append((m, self.mismatch_weight ** model.mismatches(m, obs, me)))
        self.deadline = start + 0.9 * self.time_limit
        k = self.max_samples
        if len(cands) <= k:
            # weights scaled to sum to the effective number of samples (for shrinkage)
            total = sum(w for _, w in cands)
            scale = total / sum(w * w for _, w in cands) if cands else 1.0
            return [(m, w * scale) for m, w in cands]
        total = sum(w for _, w in cands)
        step = total / k
        u = self.rng.random() * step
        picked: list[tuple[Any, float]] = []
        acc = 0.0
        for m, w in cands:
            acc += w
            count = 0
            while u < acc:
                count += 1
                u += step
            if count:
                picked.append((m, float(count)))
        self.rng.shuffle(picked)
        return picked

    def _weight(self, sample: ThousandPosition, seats: list[int],
                plays: list[tuple[int, int, int]], me: int, declarer: int) -> float:
        """Return the likelihood of the others' past plays of this deal in ``sample``."""
        rules = sample.rules
        n = len(seats)
        hands = sample.hands
        held = {s: hands[s] for s in seats}
        for s, c, _ in plays:
            held[s] |= 1 << c
        trump = -1
        trick: list[tuple[int, int]] = []
        w = 1.0
        bonus = 1.0 + self.inference_weight
        for s, c, declared in plays:
            h = held[s]
            if trick and s != me:
                legal = legal_to_trick(h, [x for _, x in trick], trump, rules.must_beat)
                k = bin(legal).count("1")
                if k > 1:
                    pref = _preferred(legal, trick, trump, s, declarer)
                    p = bin(pref).count("1")
                    if p < k:
                        if pref >> c & 1:
                            w *= bonus / (p * bonus + (k - p))
                        else:
                            w *= 1.0 / (p * bonus + (k - p))
                        w *= k  # keep weights near 1
            held[s] = h & ~(1 << c)
            if declared and not rules.declarer_names_trump:
                trump = c >> 3
            trick.append((s, c))
            if len(trick) == n:
                trick = []
        return w

    # -- bidding, talon and contract by simulation ------------------------------------------
    def _dd_levels(self, pos: Position, ladder: list[int], margin: int) -> int:
        """Return how many ladder levels the declarer makes ``margin`` over (bisection on
        threshold tests)."""
        solver = Solver(pos, self.deadline)
        lo, hi = 0, len(ladder)  # makes ladder[:lo], fails ladder[hi:]
        while lo < hi:
            mid = (lo + hi) // 2
            if solver.can_make(ladder[mid] + margin):
                lo = mid + 1
            else:
                hi = mid
        return lo

    def _ev(self, made: float, c: int, total: int, target: int) -> float:
        """Return the expected score change of playing contract ``c`` made with prob ``made``."""
        win = self.win_bonus if total + c >= target else 0
        return made * (c + win) - (1.0 - made) * c

    def _bid(self, view: SeatView, obs: dict[str, Any], legal: list[int],
             texts: list[str]) -> int:
        rules: Any = view.rules
        me = view.seat
        bids = _numbered(texts, legal, "bid")
        pass_action = _action_named(texts, legal, "pass")
        if not bids or pass_action is None or rules.players == 2 or rules.declarer_names_trump:
            return self.heuristic.act(view)
        b, action = bids[0]
        makes, n = self._simulate_bid(view, obs, b + self.bid_margin)
        if n == 0:
            return self.heuristic.act(view)
        total = int(obs["totals"][me])
        model = self._model(view) if self.auction_model else None
        if model is not None and self._bid_sim is not None:
            bid_ev, pass_ev = self._auction_values(obs, rules, model, b, b + self.bid_margin)
            return action if bid_ev > pass_ev + self.pass_value(obs, rules, modelled=True) \
                else pass_action
        ev = self._ev(_shrunk(makes, n), b, total, int(rules.target))
        return action if ev > self.pass_value(obs, rules) else pass_action

    def _auction_values(self, obs: dict[str, Any], rules: Any, model: HeuristicModel,
                        bid: int, threshold: int) -> tuple[float, float]:
        """Return what bidding ``bid`` and passing are worth over the auction's samples.

        Worth is this seat's score less the mean of the opponents' (one deal), with the
        opponents bidding, passing, announcing and writing off as the heuristic
        (:class:`HeuristicModel`): passing lets them bid on among themselves; bidding leaves
        it to the sample's double-dummy verdict unless one of them outbids it.  An opponent
        who declares makes his contract with the heuristic's measured chance
        (:func:`make_chance`); the defenders' points are the means measured in the arena.
        """
        sim = self._bid_sim
        assert sim is not None
        me = int(obs["seat"])
        n = int(rules.players)
        passed = obs.get("passed") or [False] * n
        out = obs.get("sitting_out")
        turn = [s for s in ((me + k) % n for k in range(1, n)) if not passed[s] and s != out]
        high0 = obs.get("high_bidder")
        bid0 = int(obs.get("bid") or 0)
        target = int(rules.target)
        win = self.win_bonus if int(obs["totals"][me]) + bid >= target else 0
        bidding = _auction(obs, me, int(rules.bid_step)) if self.bid_inference < 1.0 else {}
        bid_sum = pass_sum = wsum = 0.0
        for i in range(sim.used):
            hands, talon = sim.hands[i], sim.talons[i]
            w = self._bid_weight(hands, bidding, rules)
            willing = {s: model.willing(hands[s]) for s in turn}

            seat, at = model.auction(willing, turn, bid0, high0)
            pass_sum += w * self._opponent_value(model, hands, talon, seat, at, obs, rules)
            seat, at = model.auction(willing, turn, bid, me)
            if seat == me:
                made = sim.lo[i] >= threshold
                bid_sum += w * (bid + win - self.made_for if made else -bid - self.failed_for)
            else:
                bid_sum += w * self._opponent_value(model, hands, talon, seat, at, obs, rules)
            wsum += w
        if wsum == 0.0:
            return 0.0, 0.0
        return bid_sum / wsum, pass_sum / wsum

    def _simulate_bid(self, view: SeatView, obs: dict[str, Any],
                      threshold: int) -> tuple[float, float]:
        """Return (weight of the samples in which he makes ``threshold``, of all) for bidding.

        The samples of one deal's auction are kept (``_BidSim``): each later bid of the same
        auction reuses them and their known bounds (made at ``lo``, failed at ``hi``), testing
        only the samples still undecided at the new threshold, and adds new samples while
        time is left.  Samples are weighted by how well they fit the opponents' bids
        (:meth:`_bid_weight`).
        """
        me = view.seat
        rules: Any = view.rules
        key = deal_history(obs)
        sim = self._bid_sim
        if sim is None or sim.me != me or sim.hand != obs.get("hand") \
                or not same_deal(sim.key, key):
            sim = self._bid_sim = _BidSim(key, me, obs.get("hand"))
        sim.key = key
        deadline = self.deadline = time.perf_counter() + 0.9 * self.time_limit
        bidding = _auction(obs, me, int(rules.bid_step)) if self.bid_inference < 1.0 else {}
        makes = wsum = 0.0
        n = 0
        try:
            for i, solver in enumerate(sim.solvers):
                if n >= self.min_samples and time.perf_counter() >= deadline:
                    break
                if sim.lo[i] < threshold < sim.hi[i]:
                    solver.s.deadline = deadline
                    if solver.can_make(threshold):
                        sim.lo[i] = threshold
                    else:
                        sim.hi[i] = threshold
                w = self._bid_weight(sim.hands[i], bidding, rules)
                makes += w * (sim.lo[i] >= threshold)
                wsum += w
                n += 1
            if n < len(sim.solvers):
                self.last_samples = sim.used = n
                return makes, wsum
            repeats = 0
            while len(sim.solvers) < self.max_samples:
                if n >= self.min_samples and time.perf_counter() >= deadline:
                    break
                m: Any = view.sample(self.rng)
                p = ThousandPosition(m)
                deal = _position_key(p)
                if deal in sim.seen:
                    repeats += 1
                    if repeats >= self.enum_patience:
                        break
                    continue
                repeats = 0
                sim.seen.add(deal)
                hands = self._after_pass(p, me, view)
                if hands is None:
                    break
                order = p.play_order
                solver = Solver(declarer_position(hands, order, me, rules), deadline)
                ok = solver.can_make(threshold)
                now = p.hands
                dealt = {s: now[s] for s in order if s != me}
                sim.solvers.append(solver)
                sim.hands.append(dealt)
                sim.talons.append(p.talon)
                sim.lo.append(threshold if ok else 0)
                sim.hi.append(_NEVER if ok else threshold)
                w = self._bid_weight(dealt, bidding, rules)
                makes += w * ok
                wsum += w
                n += 1
        except SearchTimeout:
            pass  # the unfinished test counts for nothing
        self.last_samples = sim.used = n
        return makes, wsum

    def _bid_weight(self, hands: dict[int, int], bidding: dict[int, tuple[int, int]],
                    rules: Any) -> float:
        """Return how well a sample's opponents' hands fit their bids so far (1, or less).

        Opponents are modelled as the heuristic bids: up to the estimate of their hand with
        the talon to come.  A sample whose opponent raised beyond that, or passed below it,
        weighs ``bid_inference`` for each such misfit.
        """
        w = 1.0
        for seat, (low, high) in bidding.items():
            willing = self._model_of(rules).willing(hands[seat])
            if willing < low or willing >= high:
                w *= self.bid_inference
        return w

    def _opponent_value(self, model: HeuristicModel, hands: dict[int, int], talon: int,
                        seat: int | None, at: int, obs: dict[str, Any], rules: Any) -> float:
        """Return this seat's worth (less the opponents' mean) when opponent ``seat`` declares
        at ``at`` with the sample's ``hands`` and ``talon`` (0 if nobody, or this seat)."""
        if seat is None or seat == int(obs["seat"]):
            return 0.0
        limit = rules.writeoff_limit
        writeoffs = obs.get("writeoffs") or [0] * int(rules.players)
        ok = bool(rules.allow_writeoff and limit != 0
                  and (limit is None or int(writeoffs[seat]) < limit))
        c, q = model.declare(hands[seat], talon, at, ok)
        if c is None:  # he writes off: he pays the bid, each defender gains
            return (writeoff_gain(rules, at) + at) / 2
        return q * (self.made_against - c / 2) + (1 - q) * (c / 2 + self.failed_against)

    def pass_value(self, obs: dict[str, Any], rules: Any, modelled: bool = False) -> float:
        """Return what passing in the auction is worth to this seat, given the match situation.

        ``defence_value`` in an ordinary deal.  A seat on the barrel scores nothing as a
        defender (passing forgoes ``defence_points``); a defender just below the barrel keeps
        only what takes him up to it; with an opponent on the barrel a pass may let him
        declare and win (``barrel_threat``); a seat one bolt short of the bolt penalty risks
        it by defending (``bolt_risk`` of the penalty); while only an opponent's forced 100
        stands, passing may leave him to play or concede a hand he did not choose
        (``forced_pass_bonus``).  ``modelled``: only the match situation (the deal's own
        worth comes from :meth:`_auction_values`), without ``defence_value`` and the forced bid.
        """
        me = int(obs["seat"])
        value = 0.0 if modelled else float(self.defence_value)
        totals = [int(t) for t in obs.get("totals") or []]
        on_barrel = set(obs.get("barrel") or [])
        if me in on_barrel:
            value -= self.defence_points
        elif rules.barrel and totals:
            room = int(rules.barrel_at) - totals[me]
            value -= max(0, self.defence_points - max(room, 0))
        if on_barrel - {me}:
            value -= self.barrel_threat
        elif (not modelled and obs.get("high_bidder") is not None
              and obs.get("high_bidder") != me
              and obs.get("high_bidder") == obs.get("forced_bidder")
              and obs.get("bid") == 100):
            # only the forced bid stands: a pass may leave him to play (or concede) it
            value += self.forced_pass_bonus
        bolts = obs.get("bolts") or []
        limit = int(rules.bolt_limit or 0)
        if (me not in on_barrel and limit and bolts and int(bolts[me]) == limit - 1
                and rules.bolt_penalty):
            value -= self.bolt_risk * int(rules.bolt_penalty)
        return value

    def _after_pass(self, p: ThousandPosition, me: int, view: SeatView) -> dict[int, int] | None:
        """Return the hands after ``me`` takes the talon and passes two cards (heuristic)."""
        order = p.play_order
        if len(order) != 3:
            return None
        now = p.hands
        hands = {s: now[s] for s in order}
        full = hands[me] | p.talon
        give = _cheapest_two(full, _rules(view).marriages)
        others = [s for s in order if s != me]
        hands[me] = full & ~(1 << give[0]) & ~(1 << give[1])
        hands[others[0]] |= 1 << give[0]
        hands[others[1]] |= 1 << give[1]
        return hands

    def _give(self, view: SeatView, obs: dict[str, Any], legal: list[int],
              texts: list[str]) -> int:
        """Choose the two cards to pass by simulating the candidates; keep the plan."""
        me = view.seat
        options = {t: a for t, a in zip(texts, legal, strict=True)}
        hand = parse_hand(obs.get("hand") or "")
        if self._plan is not None:
            planned_in, planned_hand, codes = self._plan
            self._plan = None
            if same_deal(planned_in, deal_history(obs), later=True) \
                    and hand == planned_hand & ~(1 << (codes[0] & 31)):
                text = _give_text(codes[1])
                if text in options:
                    return options[text]
        rules: Any = view.rules
        targets = sorted({int(t.split()[1]) for t in texts if t.startswith("give ")})
        if len(targets) != 2:
            return self.heuristic.act(view)
        cands = _cheapest(hand, rules.marriages, self.give_candidates)
        plans: list[tuple[int, int]] = []
        for i, a in enumerate(cands):
            for b in cands[i + 1:]:
                plans.append((a, b))
                plans.append((b, a))
        bid = int(obs.get("bid") or 100)
        score = dict.fromkeys(plans, 0.0)
        spare = dict.fromkeys(plans, 0.0)
        need = bid + self.dd_margin
        n = 0
        for m in self._samples(view):
            p = ThousandPosition(m)
            order = p.play_order
            now = p.hands
            result: dict[tuple[int, int], tuple[bool, bool]] = {}
            try:
                for plan in plans:
                    hands = {s: now[s] for s in order}
                    hands[me] = hand & ~(1 << plan[0]) & ~(1 << plan[1])
                    hands[targets[0]] |= 1 << plan[0]
                    hands[targets[1]] |= 1 << plan[1]
                    pos = declarer_position(hands, order, me, rules)
                    solver = Solver(pos, self.deadline)
                    ok = solver.can_make(need)
                    # the tie-break: does the plan also leave a margin over the contract?
                    result[plan] = (ok, ok and solver.can_make(need + self.give_margin))
            except SearchTimeout:
                break  # an unfinished sample counts for no plan
            for plan, (ok, more) in result.items():
                score[plan] += ok
                spare[plan] += more
            n += 1
        if n == 0:
            return self.heuristic.act(view)
        # ties: the margin, the first plan (the two cheapest cards), the fewest points given
        best = max(plans, key=lambda p: (score[p], spare[p], p == plans[0],
                                         -POINTS[p[0]] - POINTS[p[1]]))
        self._plan = (deal_history(obs), hand,
                      [targets[0] * 32 + best[0], targets[1] * 32 + best[1]])
        text = _give_text(self._plan[2][0])
        return options.get(text, self.heuristic.act(view))

    def _contract(self, view: SeatView, obs: dict[str, Any], legal: list[int],
                  texts: list[str]) -> int:
        rules: Any = view.rules
        me = view.seat
        contracts = _numbered(texts, legal, "contract")
        writeoff = _action_named(texts, legal, "writeoff")
        if not contracts:
            return self.heuristic.act(view)
        low = contracts[0][0]
        wanted = {low + d for d in CONTRACT_STEPS}
        contracts = [(c, a) for c, a in contracts if c in wanted] or contracts[:1]
        ladder = [c for c, _ in contracts]
        counts = [0] * (len(ladder) + 1)
        n = 0
        for m in self._samples(view):
            p = ThousandPosition(m)
            order = p.play_order
            now = p.hands
            hands = {s: now[s] for s in order}
            pos = declarer_position(hands, order, me, rules, p.trump)
            if len(order) == 2:
                pts = [0, 0]
                pts[order.index(me)] = card_points(p.discards)
                pos = replace(pos, points=tuple(pts))
            try:
                counts[self._dd_levels(pos, ladder, self.contract_margin)] += 1
            except SearchTimeout:
                break
            n += 1
        if n == 0:
            return self.heuristic.act(view)
        total = int(obs["totals"][me])
        best_ev, best = float("-inf"), contracts[0][1]
        for i, (c, a) in enumerate(contracts):
            made = _shrunk(sum(counts[i + 1:]), n)
            if i and made < self.raise_confidence:
                break  # raise above the bid only when (nearly) sure: few samples flatter
            ev = self._ev(made, c, total, int(rules.target))
            if ev > best_ev:
                best_ev, best = ev, a
        if writeoff is not None:
            bid = int(obs.get("bid") or contracts[0][0])
            if self.writeoff_value(obs, rules, bid) > best_ev - self.defence_points:
                return writeoff
        return best

    def writeoff_value(self, obs: dict[str, Any], rules: Any, bid: int) -> float:
        """Return a write-off's worth against the opponents: its cost less what each gains.

        Compared with playing's expected score less ``defence_points`` (what each opponent
        takes from a declarer who plays).  The cost is the bid, or a bolt: a third of the
        bolt penalty, all of it when this bolt is the one that costs it (the match situation).
        """
        me = int(obs["seat"])
        if rules.writeoff_penalty == "bolt":
            limit = max(1, int(rules.bolt_limit or 1))
            bolts = obs.get("bolts") or [0] * (me + 1)
            penalty = float(rules.bolt_penalty)
            cost = penalty if int(bolts[me]) == limit - 1 else penalty / limit
        else:
            cost = float(bid)
        return -cost - writeoff_gain(rules, bid)


# -- helpers ------------------------------------------------------------------------------------
_NEVER = 1 << 30
#: The contract ladder: the bid, then these many points above it (a coarse ladder keeps the
#: bisection of :meth:`PimcBot._dd_levels` short).
CONTRACT_STEPS = (0, 10, 20, 30, 50, 80, 120, 170)
#: The scale of a defender's own-points weights (:meth:`PimcBot._own_weights`): integer
#: weights that still express ``partner_share`` in quarters.
_OWN_SCALE = 4


class _BidSim:
    """The sampled deals of one auction, solved for the declarer's threshold tests."""

    def __init__(self, key: tuple[Any, ...], me: int, hand: Any) -> None:
        self.key = key  # the deal's history at the last decision (deal_history)
        self.me, self.hand = me, hand
        self.solvers: list[Solver] = []
        self.hands: list[dict[int, int]] = []  # the opponents' sampled hands, by seat
        self.talons: list[int] = []  # the sampled talons
        self.lo: list[int] = []  # highest threshold known made (0: none)
        self.hi: list[int] = []  # lowest threshold known failed (_NEVER: none)
        self.seen: set[tuple[int, ...]] = set()
        self.used = 0  # how many samples the last test used (the first ones)


def deal_history(obs: dict[str, Any]) -> tuple[Any, ...]:
    """Return what identifies the open deal from ``obs``: its place in the match, its history.

    State a bot keeps between decisions of one deal is valid only while each decision's
    history extends the last one's (:func:`same_deal`): a new deal, a new game, or the same
    deal played again (the arena's duplicate seatings) starts afresh, whatever their deal
    index, dealer and sheet length.

    >>> a = deal_history({"deal_index": 0, "dealer": 0, "history": [[1, "bid 100"]]})
    >>> b = deal_history({"deal_index": 0, "dealer": 0, "history": [[1, "bid 100"], [2, "pass"]]})
    >>> same_deal(a, b), same_deal(b, a), same_deal((), a), same_deal(a, a, later=True)
    (True, False, False, False)
    """
    history = obs.get("history") or []
    return (obs.get("deal_index"), len(obs.get("sheet") or []), obs.get("dealer"),
            obs.get("totals") and tuple(obs["totals"]),
            *(tuple(h) if isinstance(h, list) else h for h in history))


def same_deal(before: tuple[Any, ...], now: tuple[Any, ...], *, later: bool = False) -> bool:
    """Return True if ``now`` is the deal of ``before``, at the same or (``later``) a later
    decision.  What was decided *at* a decision counts only for later ones: the same deal
    asked again at that decision (played again, or asked twice) starts afresh."""
    return (bool(before) and len(now) >= len(before) + later
            and now[:len(before)] == before)


def _deal_key(m: Any) -> tuple[int, ...]:
    """Return what tells the sampled matches apart: every hand and the talon."""
    return _position_key(ThousandPosition(m))


def _position_key(p: ThousandPosition) -> tuple[int, ...]:
    """Return what tells the sampled deals apart: every hand and the talon."""
    return (*p.hands, p.talon)


def _shrunk(made: float, n: float) -> float:
    """Return a make rate pulled towards 1/2 (Laplace): a few samples must not look certain."""
    return (made + 1.0) / (n + 2.0)


def _declared_value(action: int, values: tuple[int, ...]) -> int:
    """Return the marriage value a play action declares (0 if it declares none)."""
    if not action & 32 or action >= 64:
        return 0
    return marriage_value(action & 31, values)


def _auction(obs: dict[str, Any], me: int, step: int) -> dict[int, tuple[int, int]]:
    """Return, per opponent who chose in this auction, the range his willing bid lies in.

    ``[low, high)``: he raised to ``low`` (0 if he never raised), and passed when ``high``
    was the lowest bid he could make (a large number while he has not passed).  The forced bid
    is no choice.

    >>> _auction({"history": [[2, "bid 100"], [0, "bid 105"], [1, "pass"]]}, 2, 5)
    {0: (105, 1073741824), 1: (0, 110)}
    """
    bid = 0
    out: dict[int, tuple[int, int]] = {}
    for seat, text in obs.get("history") or []:
        parts = str(text).split()
        seat = int(seat)
        if parts[0] == "bid" and len(parts) > 1:
            value = int(parts[1])
            if bid and seat != me:
                out[seat] = (value, out.get(seat, (0, _NEVER))[1])
            bid = max(bid, value)
        elif parts[0] == "pass" and bid and seat != me:
            out[seat] = (out.get(seat, (0, _NEVER))[0], bid + step)
        elif parts[0] not in ("bid", "pass"):
            break
    return out


def _broken_marriage(action: int, hand: int, values: tuple[int, ...]) -> int:
    """Return the value of the marriage a play action breaks up (its K or Q played plainly)."""
    if action & 32 or action >= 64:
        return 0
    c = action & 31
    if c & 7 not in (4, 5):
        return 0
    s = c >> 3
    kq = KQ_MASK[s]
    return values[s] if hand & kq == kq else 0


def _give_text(code: int) -> str:
    from kozyr.cards import format_card

    return f"give {code >> 5} {format_card(code & 31)}"


def _marriage_cards(hand: int, values: tuple[int, ...]) -> int:
    out = 0
    for s in range(4):
        kq = KQ_MASK[s]
        if hand & kq == kq and values[s]:
            out |= kq
    return out


def _part_cost(c: int, hand: int, protect: int) -> int:
    """Return how much parting with ``c`` hurts (marriage cards, aces, guarded tens, points)."""
    if protect >> c & 1:
        return 1000
    s, r = c >> 3, c & 7
    suit = hand & SUIT_MASK[s]
    ace = suit >> (s * 8 + 7) & 1
    cost = POINTS[c]
    if r == 7:
        cost += 45
    elif r == 6 and ace:
        cost += 30
    if suit.bit_count() == 1:
        cost -= 4  # a void to come
    return cost


def _cheapest(hand: int, values: tuple[int, ...], k: int) -> list[int]:
    protect = _marriage_cards(hand, values)
    cards = [c for c in range(32) if hand >> c & 1]
    return sorted(cards, key=lambda c: (_part_cost(c, hand, protect), c))[:k]


def _cheapest_two(hand: int, values: tuple[int, ...]) -> tuple[int, int]:
    a, b = _cheapest(hand, values, 2)
    return a, b


def _past_plays(obs: dict[str, Any]) -> list[tuple[int, int, int]]:
    """Return this deal's plays as (seat, card, declared) from the observation's history."""
    out = []
    for seat, text in obs.get("history") or []:
        parts = str(text).split()
        if parts and parts[0] == "play":
            out.append((int(seat), parse_card(parts[1]), int(len(parts) > 2)))
    return out


def _preferred(legal: int, trick: list[tuple[int, int]], trump: int, seat: int,
               declarer: int) -> int:
    """Return the cards a soft 'cheapest winner, else cheapest card' policy would play."""
    best_seat, best = trick[trick_winner([c for _, c in trick], trump)]
    partner_wins = seat != declarer and best_seat != declarer
    cards = [c for c in range(32) if legal >> c & 1]
    if not partner_wins:
        beaters = [c for c in cards if beats(c, best, trump)]
        if beaters:
            low = min(POINTS[c] for c in beaters)
            return sum(1 << c for c in beaters if POINTS[c] == low)
    low = min(POINTS[c] for c in cards)
    return sum(1 << c for c in cards if POINTS[c] == low)


__all__ = ["PimcBot"]


def _rules(view: SeatView) -> Any:
    """Return the view's rule set (ThousandRules here) untyped."""
    return view.rules


def _numbered(texts: list[str], legal: list[int], word: str) -> list[tuple[int, int]]:
    """Return (N, action) for the legal texts ``word N``, lowest N first."""
    prefix = word + " "
    return sorted((int(t.split()[1]), a) for t, a in zip(texts, legal, strict=True)
                  if t.startswith(prefix))


def _action_named(texts: list[str], legal: list[int], text: str) -> int | None:
    """Return the legal action written ``text``, or None."""
    return next((a for t, a in zip(texts, legal, strict=True) if t == text), None)
