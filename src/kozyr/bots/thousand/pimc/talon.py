"""The Thousand PIMC bot's talon pass: the declarer's two gives, chosen by simulation.

The pairs of the ``give_candidates`` cheapest cards (:func:`cheapest`: marriage cards, aces and
guarded tens are dear), each to either opponent, are tried on every sample: the declarer's
hand after the gives is solved at trick 1 with threshold tests at the bid plus ``dd_margin``
(double-dummy points, which the declarer cannot quite reach without seeing the cards) and
``give_margin`` more.  Plans are ranked by the share of samples that make the bid, then by the
share that make the margin.  The chosen pair is kept as the plan for the second give.
"""

from __future__ import annotations

from typing import Any

from kozyr.bots.solver import SearchTimeout, Solver
from kozyr.bots.solver.adapter import declarer_position
from kozyr.bots.thousand.pimc.base import PimcBase, deal_history, same_deal
from kozyr.cards import SUIT_MASK, format_card, parse_hand
from kozyr.core.match import SeatView
from kozyr.games.thousand.cardplay import KQ_MASK, POINTS
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.position import ThousandPosition


class Talon(PimcBase):
    """The Thousand PIMC bot's gives (see the module)."""

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
        cands = _cheapest(hand, rules.marriages, self.give_candidates, Declarations.of(rules))
        plans: list[tuple[int, int]] = []
        for i, a in enumerate(cands):
            for b in cands[i + 1:]:
                plans.append((a, b))
                plans.append((b, a))
        bid = int(obs.get("bid") or 100)
        score = dict.fromkeys(plans, 0.0)
        spare = dict.fromkeys(plans, 0.0)
        need = bid + self.dd_margin
        barrel = obs.get("barrel") or ()
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
                    pos = declarer_position(hands, order, me, rules, None, barrel)
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


def _give_text(code: int) -> str:
    """Return the text of give ``code`` (``to seat * 32 + card``), e.g. ``give 1 9S``."""
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


def _cheapest(hand: int, values: tuple[int, ...], k: int,
              decl: Declarations | None = None) -> list[int]:
    protect = _marriage_cards(hand, values) if decl is None or decl.plain_cap else \
        _declaration_cards(hand, decl)
    cards = [c for c in range(32) if hand >> c & 1]
    return sorted(cards, key=lambda c: (_part_cost(c, hand, protect), c))[:k]


def _declaration_cards(hand: int, decl: Declarations) -> int:
    """Return the cards of ``hand`` that its declarations need (§11's: bed marriages, four
    nines, four aces, besides the K+Q marriages): parting with one lowers its cap."""
    held = decl.held_value(hand)
    return sum(1 << c for c in range(32)
               if hand >> c & 1 and decl.held_value(hand & ~(1 << c)) < held)


def cheapest_two(hand: int, values: tuple[int, ...],
                 decl: Declarations | None = None) -> tuple[int, int]:
    a, b = _cheapest(hand, values, 2, decl)
    return a, b
