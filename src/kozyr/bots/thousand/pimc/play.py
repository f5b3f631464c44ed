"""Card play of the Thousand PIMC bot: every legal card searched double-dummy on each sample.

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
  they are weighted as :mod:`.inference` says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from kozyr.bots.explain import SearchSummary
from kozyr.bots.solver import Position, SearchTimeout, Solver
from kozyr.bots.solver.adapter import declaration_counts, solver_position
from kozyr.bots.thousand.pimc.base import deal_history, rules_of, same_deal
from kozyr.bots.thousand.pimc.inference import Inference, past_plays
from kozyr.cards import parse_hand
from kozyr.core.match import SeatView
from kozyr.games.thousand.actions import MARRIAGE
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.position import ThousandPosition

#: The scale of a defender's own-points weights (:meth:`CardPlay._own_weights`): integer
#: weights that still express ``partner_share`` in quarters.
_OWN_SCALE = 4



class CardPlay(Inference):
    """The Thousand PIMC bot's card play (see the module)."""

    def lowered_aim(self, obs: dict[str, Any]) -> int:
        """Return how many points below his contract this bot, as declarer, now aims.

        Not 0 only after a decision of this same deal found the contract lost in every
        sample (``lost_margin`` per such decision); a new deal or game starts at 0.
        """
        if obs.get("declarer") != obs.get("seat") or not same_deal(
                self._lost[0], deal_history(obs), later=True):
            return 0
        return self.lost_margin * self._lost[1]

    def _play(self, view: SeatView, obs: dict[str, Any], legal: list[int]) -> int:
        me = view.seat
        declarer = int(obs["declarer"])
        contract = int(obs.get("contract") or obs.get("bid") or 100)
        hand_size = bin(parse_hand(obs.get("hand") or "")).count("1")
        exact = hand_size <= self.exact_cards
        first: dict[int, float] = dict.fromkeys(legal, 0.0)
        second: dict[int, float] = dict.fromkeys(legal, 0.0)
        wsum = 0.0
        used = 0
        # a declarer whose contract is lost in every sample keeps the opponents' points down:
        # he aims ``lost_margin`` lower at each later decision (his score is lost anyway)
        deal = deal_history(obs)
        level = self.lowered_aim(obs) // self.lost_margin if self.lost_margin else 0
        target = contract - self.lost_margin * level
        plays = past_plays(obs) if self.inference and self._model(view) is None else []
        barrel = obs.get("barrel") or ()
        for m, w in self._weighted_samples(view, obs):
            p = ThousandPosition(m)
            pos, seats = solver_position(p, barrel)
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
            used += 1
            for a in legal:
                first[a] += w * makes[a]
                second[a] += w * extra[a]
        if wsum == 0.0:
            return self.heuristic.act(view)
        tol = 1e-9 * wsum
        self.last_search = SearchSummary("make" if me == declarer else "stop",
                                         {a: first[a] / wsum for a in legal}, used)
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
            rules = rules_of(view)
            decl = Declarations.of(rules)
            hand = parse_hand(obs.get("hand") or "")
            counts = declaration_counts(rules, [me], declarer, barrel)
            mine = 1 if counts is None else counts[0]
            key = {a: (contract * first[a] + second[a]) / wsum - mine * _declared_value(a, decl)
                   + mine * self.marriage_keep * _broken_marriage(a, hand, decl) for a in legal}
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


def _declared_value(action: int, decl: Declarations) -> int:
    """Return the value a play action declares (0 if it declares none: Declarations.value)."""
    return decl.value(action) if action >= MARRIAGE else 0


def _broken_marriage(action: int, hand: int, decl: Declarations) -> int:
    """Return the value of the declarations a plain lead or follow breaks up (a K or Q of a
    held marriage; with §11's options a Q or J of a bed marriage, a nine of four, ...)."""
    if action >= MARRIAGE:
        return 0
    return decl.held_value(hand) - decl.held_value(hand & ~(1 << action))
