"""Bidding of the Thousand PIMC bot, by simulation over sampled deals.

Sampled deals give the talon and the opponents' hands; the hand this seat would hold as
declarer after the talon and the heuristic's two gives is solved at trick 1 with a threshold
test at the bid (``bid_margin`` over it, 0: a bid that is made double-dummy in most samples was
made 93% of the time against the heuristic in the arena, so the auction's margin was pure
loss).  A bid is worth ``P(make) * c - (1 - P(make)) * c`` (make rates shrunk towards 1/2,
``(made + 1) / (n + 2)``; a bid that would win the match is worth ``win_bonus`` more when
made); passing is worth :meth:`Auction.pass_value` (``defence_value``, changed by the match
situation).  With the opponent model (``auction_model``, three players) a bid and a pass are
instead compared on each sample as this seat's score less the opponents' mean
(:meth:`Auction._auction_values`): after a pass the others bid on as the model says, and the
one who ends with the contract writes off or plays it with the heuristic declarer's measured
chance; after a bid, an opponent the model says would outbid it takes the contract, else the
sample's double-dummy verdict decides (``made_for``/``failed_for``,
``made_against``/``failed_against``: the defenders' mean points measured in the arena).  The
samples of one auction are solved once and kept (:class:`BidSim`): a later bid of the same
auction only tests the samples its new threshold leaves undecided.  Two players and 501 bid by
the heuristic.
"""

from __future__ import annotations

import time
from typing import Any

from kozyr.bots.opponent_model import HeuristicModel
from kozyr.bots.solver import SearchTimeout, Solver
from kozyr.bots.solver.adapter import declarer_position
from kozyr.bots.thousand.pimc.base import (
    NEVER,
    BidSim,
    action_named,
    deal_history,
    numbered,
    position_key,
    rules_of,
    same_deal,
    shrunk,
)
from kozyr.bots.thousand.pimc.inference import Inference, auction_ranges
from kozyr.bots.thousand.pimc.talon import cheapest_two
from kozyr.core.match import SeatView
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.position import ThousandPosition
from kozyr.games.thousand.scoring import writeoff_gain


class Auction(Inference):
    """The Thousand PIMC bot's bids and passes (see the module)."""

    def _bid(self, view: SeatView, obs: dict[str, Any], legal: list[int],
             texts: list[str]) -> int:
        rules: Any = view.rules
        me = view.seat
        bids = numbered(texts, legal, "bid")
        pass_action = action_named(texts, legal, "pass")
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
        ev = self._ev(shrunk(makes, n), b, total, int(rules.target))
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
        bidding = auction_ranges(obs, me, int(rules.bid_step)) if self.bid_inference < 1.0 else {}
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

        The samples of one deal's auction are kept (``BidSim``): each later bid of the same
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
            sim = self._bid_sim = BidSim(key, me, obs.get("hand"))
        sim.key = key
        deadline = self.deadline = time.perf_counter() + 0.9 * self.time_limit
        bidding = auction_ranges(obs, me, int(rules.bid_step)) if self.bid_inference < 1.0 else {}
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
                deal = position_key(p)
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
                solver = Solver(declarer_position(hands, order, me, rules, None,
                                                  obs.get("barrel") or ()), deadline)
                ok = solver.can_make(threshold)
                now = p.hands
                dealt = {s: now[s] for s in order if s != me}
                sim.solvers.append(solver)
                sim.hands.append(dealt)
                sim.talons.append(p.talon)
                sim.lo.append(threshold if ok else 0)
                sim.hi.append(NEVER if ok else threshold)
                w = self._bid_weight(dealt, bidding, rules)
                makes += w * ok
                wsum += w
                n += 1
        except SearchTimeout:
            pass  # the unfinished test counts for nothing
        self.last_samples = sim.used = n
        return makes, wsum

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
        rules = rules_of(view)
        give = cheapest_two(full, rules.marriages, Declarations.of(rules))
        others = [s for s in order if s != me]
        hands[me] = full & ~(1 << give[0]) & ~(1 << give[1])
        hands[others[0]] |= 1 << give[0]
        hands[others[1]] |= 1 << give[1]
        return hands
