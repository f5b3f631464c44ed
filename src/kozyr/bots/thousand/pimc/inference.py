"""Where the samples put the hidden cards: the opponents' past choices weigh each sample.

- With three players (or four) and marriage trumps, the opponent model
  (:class:`kozyr.bots.opponent_model.HeuristicModel`, ``opponent_model``) counts the
  opponents' past choices of this deal — bids, passes, gives, contract, cards — that a plain
  player (the heuristic's rules) would not have made with a sample's cards; up to
  ``model_candidates`` samples are drawn in ``model_share`` of the time, weighted
  ``mismatch_weight ** mismatches``, and ``max_samples`` of them are picked in proportion to
  their weights to be solved (:meth:`Inference._modelled_samples`).
- Otherwise (``inference``) each sample is weighted by the likelihood of the opponents' past
  plays under a soft "cheapest winner, else cheapest card" policy (a matching card weighs
  ``1 + inference_weight`` against 1 for any other; :meth:`Inference._weight`).
- In the auction, a sample whose opponent raised beyond what the heuristic would bid with his
  cards, or passed below it, weighs ``bid_inference`` for each such misfit
  (:meth:`Inference._bid_weight`, over :func:`auction_ranges`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from kozyr.bots.opponent_model import HeuristicModel
from kozyr.bots.sampling import distinct_samples
from kozyr.bots.thousand.pimc.base import NEVER, PimcBase, deal_key, rules_of
from kozyr.core.match import SeatView
from kozyr.games.thousand.actions import parse_action
from kozyr.games.thousand.cardplay import POINTS, beats, legal_to_trick, trick_winner
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.position import ThousandPosition


class Inference(PimcBase):
    """The sample weights of the Thousand PIMC bot (see the module)."""

    def _model(self, view: SeatView) -> HeuristicModel | None:
        """Return the opponent model for this view's rules (None: off, or not modelled)."""
        if not (self.inference and self.opponent_model):
            return None
        model = self._model_of(rules_of(view))
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
        for m in distinct_samples(self, view, deal_key, time.perf_counter,
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
        decl = Declarations.of(rules)
        for s, c, declared in plays:
            h = held[s]
            if trick and s != me:
                legal = legal_to_trick(h, [x for _, x in trick], trump, rules.must_beat)
                k = bin(legal).count("1")
                if k > 1:
                    pref = preferred(legal, trick, trump, s, declarer)
                    p = bin(pref).count("1")
                    if p < k:
                        if pref >> c & 1:
                            w *= bonus / (p * bonus + (k - p))
                        else:
                            w *= 1.0 / (p * bonus + (k - p))
                        w *= k  # keep weights near 1
            held[s] = h & ~(1 << c)
            if declared:
                # the trump the declaration names (none for four nines, keep, 501)
                t = decl.effect(declared + c)[1]
                if t >= 0:
                    trump = t
            trick.append((s, c))
            if len(trick) == n:
                trick = []
        return w

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


def auction_ranges(obs: dict[str, Any], me: int, step: int) -> dict[int, tuple[int, int]]:
    """Return, per opponent who chose in this auction, the range his willing bid lies in.

    ``[low, high)``: he raised to ``low`` (0 if he never raised), and passed when ``high``
    was the lowest bid he could make (a large number while he has not passed).  The forced bid
    is no choice, nor is a blind (made unseen); a ``look`` only lets the turn go on.

    >>> auction_ranges({"history": [[2, "bid 100"], [0, "bid 105"], [1, "pass"]]}, 2, 5)
    {0: (105, 1073741824), 1: (0, 110)}
    >>> auction_ranges({"history": [[1, "bid 100"], [2, "look"], [2, "bid 105"],
    ...                             [0, "blind"], [1, "pass"]]}, 0, 5)
    {2: (105, 1073741824), 1: (0, 125)}
    """
    bid = 0
    out: dict[int, tuple[int, int]] = {}
    for seat, text in obs.get("history") or []:
        parts = str(text).split()
        seat = int(seat)
        if parts[0] == "bid" and len(parts) > 1:
            value = int(parts[1])
            if bid and seat != me:
                out[seat] = (value, out.get(seat, (0, NEVER))[1])
            bid = max(bid, value)
        elif parts[0] == "pass" and bid and seat != me:
            out[seat] = (out.get(seat, (0, NEVER))[0], bid + step)
        elif parts[0] == "blind":
            bid = max(bid, 120)  # made unseen: it says nothing of his cards
        elif parts[0] not in ("bid", "pass", "look"):
            break
    return out


def past_plays(obs: dict[str, Any]) -> list[tuple[int, int, int]]:
    """Return this deal's plays as (seat, card, declared) from the observation's history:
    ``declared`` is the declaring action's base (``MARRIAGE``, ``BED``, ``NINES``, ...; 0 for
    a plain card).

    >>> past_plays({"history": [[1, "play QH bed"], [2, "play 9H"]]})
    [(1, 28, 288), (2, 26, 0)]
    """
    out = []
    for seat, text in obs.get("history") or []:
        parts = str(text).split()
        if parts and parts[0] == "play":
            a = parse_action(str(text))
            c = a & 31
            out.append((int(seat), c, a - c))
    return out


def preferred(legal: int, trick: list[tuple[int, int]], trump: int, seat: int,
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
