"""The Thousand PIMC bot's contract and write-off, chosen by simulation.

Each sample gives the opponents' hands (the talon is known by now); the declarer's hand is
solved at trick 1 with threshold tests on a coarse ladder above the bid (:data:`CONTRACT_STEPS`,
bisected), ``contract_margin`` over each level (0: with 10 the contracts raised above the bid
failed once in 572 and were made with 42 points to spare on average, and 0 measured +0.95 +-
0.29 per deal over 400 paired deals).  A contract is worth ``P(make) * c - (1 - P(make)) * c``
(``win_bonus`` more when it would win the match), make rates shrunk towards 1/2; a contract
above the bid needs a shrunk make rate of ``raise_confidence``: with few samples the
best-looking contract is an overestimate (the winner's curse).  A write-off
(:meth:`Contract.writeoff_value`) is compared at its real cost (the bid, or a bolt: dearer one
short of the bolt penalty) and with what it gives each opponent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kozyr.bots.solver import Position, SearchTimeout, Solver
from kozyr.bots.solver.adapter import declarer_position
from kozyr.bots.thousand.pimc.base import PimcBase, action_named, numbered, shrunk
from kozyr.core.match import SeatView
from kozyr.games.thousand.cardplay import card_points
from kozyr.games.thousand.position import ThousandPosition
from kozyr.games.thousand.scoring import writeoff_gain

#: The contract ladder: the bid, then these many points above it (a coarse ladder keeps the
#: bisection of :meth:`Contract._dd_levels` short).
CONTRACT_STEPS = (0, 10, 20, 30, 50, 80, 120, 170)



class Contract(PimcBase):
    """The Thousand PIMC bot's contract and write-off (see the module)."""

    def _contract(self, view: SeatView, obs: dict[str, Any], legal: list[int],
                  texts: list[str]) -> int:
        rules: Any = view.rules
        me = view.seat
        contracts = numbered(texts, legal, "contract")
        writeoff = action_named(texts, legal, "writeoff")
        strikeout = action_named(texts, legal, "strikeout")
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
            pos = declarer_position(hands, order, me, rules, p.trump, obs.get("barrel") or ())
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
            made = shrunk(sum(counts[i + 1:]), n)
            if i and made < self.raise_confidence:
                break  # raise above the bid only when (nearly) sure: few samples flatter
            ev = self._ev(made, c, total, int(rules.target))
            if ev > best_ev:
                best_ev, best = ev, a
        play_value = best_ev - self.defence_points
        bid = int(obs.get("bid") or contracts[0][0])
        concede = [(self.writeoff_value(obs, rules, bid), writeoff),
                   (self.strikeout_value(obs, rules), strikeout)]
        value, action = max(((v, a) for v, a in concede if a is not None),
                            default=(play_value, best), key=lambda x: x[0])
        return action if value > play_value else best

    def strikeout_value(self, obs: dict[str, Any], rules: Any) -> float:
        """Return a strike-out's worth against the opponents (``allow_strikeout``): nobody
        scores and each opponent gets a dash (a bolt; :meth:`dash_value` for him), so 0 for
        the declarer less ``writeoff_third_penalty`` when it would be his third write-off."""
        me = int(obs["seat"])
        writeoffs = obs.get("writeoffs") or [0] * (me + 1)
        cost = float(rules.writeoff_third_penalty) if int(writeoffs[me]) == 2 else 0.0
        return -cost + self.dash_value(obs, rules)

    def dash_value(self, obs: dict[str, Any], rules: Any) -> float:
        """Return what the opponents' dashes of a strike-out are worth to the declarer: the
        mean bolt penalty they bring nearer (its share per bolt; all of it for an opponent one
        bolt short), over the opponents; 0 with ``bolt_when`` = ``never``."""
        limit = max(1, int(rules.bolt_limit or 1))
        if rules.bolt_when == "never" or not rules.bolt_penalty:
            return 0.0
        me = int(obs["seat"])
        skip = {me, obs.get("sitting_out"), *(obs.get("barrel") or [])}
        bolts = obs.get("bolts") or []
        dues = [float(rules.bolt_penalty) / (1 if int(b) == limit - 1 else limit)
                for s, b in enumerate(bolts) if s not in skip]
        return sum(dues) / max(1, len(bolts) - 1)

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
