"""The talon's conventions of a Thousand deal (rules/thousand.md §5, §11.5, §11.P).

:class:`Talon` sits between :class:`~kozyr.games.thousand.auction.Auction` (which ends the
bidding) and :class:`~kozyr.games.thousand.state.ThousandState`: it opens the talon phase, runs
the ``talon_buying`` round, says what the declarer may do in the talon phase (give, discard,
write off, strike out, demand a redeal) and what a deal's end reports
(:meth:`Talon.outcome`, the ``DealOutcome``).

Readings (where §11 leaves room; §11.P where it speaks):

- ``talon_buying`` (:func:`~kozyr.games.thousand.scoring.may_buy_talon`, and the talon shown):
  once the bidding is over the talon lies shown on the table and each opponent of the
  declarer, clockwise from his left, says ``buy`` or ``decline`` (``open_deal.phase`` is
  ``talon``, ``to_act`` the opponent asked).  A ``buy`` makes the buyer the declarer (the bid
  unchanged), the seller an opponent, and the round starts again with the new declarer's
  opponents (the seller may buy it back).  When all asked have declined, the declarer of that
  moment takes the talon and the deal goes on.  The sellers, in order, are the outcome's
  ``sales``; a deal that is then redealt reports none (§11.P.9).
- ``redeal_bad_talon`` and ``redeal_poor_talon``: the declarer's ``redeal`` in the talon phase
  before he gives or discards any card (two players: after ``take P``; the pile taken is
  judged), never by a buyer; with both options on, ``redeal_bad_talon`` decides (a talon under
  5 points, two nines, three jacks, whatever the bid).
- ``allow_strikeout``: ``strikeout`` is legal wherever ``writeoff`` would be by timing
  (talon and contract phases, two players after ``take P``) and limits
  (:func:`~kozyr.games.thousand.scoring.may_write_off` with ``strikeout=True``; §11.P.4: also
  with ``allow_writeoff`` off).  The deal ends as kind ``strikeout``.
- ``writeoff_gain`` = ``aces``: a write-off reports each seat's aces in hand at that moment
  (the outcome's ``aces``: the declarer with the talon, the opponents with any card given).
- ``cut_penalty_seat``: the cutter the ritual charged (seeded) or the record names, reported
  for every kind of deal, redeals too.
"""

from __future__ import annotations

from typing import Any

from kozyr.games.thousand import actions as A
from kozyr.games.thousand.auction import Auction
from kozyr.games.thousand.cardplay import ACES_MASK, marriages_value
from kozyr.games.thousand.deal import POOR_TALON, bad_talon
from kozyr.games.thousand.queries import may_buy_talon, may_write_off
from kozyr.games.thousand.scoring import DealOutcome
from kozyr.games.thousand.tables import HALF_HI, HALF_LO, give_list, hand_points


class Talon(Auction):
    """The talon phase of a deal: buying, taking, the declarer's choices (see the module)."""

    __slots__ = ()

    def _open_talon(self) -> None:
        if self._n == 2:
            self._set_concessions()
            return  # he chooses a pile: take P (shown to the opponent unless hidden)
        if self._talon_shown and may_buy_talon(self.rules, self.score):
            self._ask_buyers()
            return
        self._take_talon()

    def _opponents(self, seat: int) -> tuple[int, ...]:
        """Return ``seat``'s opponents in the deal, clockwise from his left."""
        out = []
        s = self._nxt[seat]
        while s != seat:
            out.append(s)
            s = self._nxt[s]
        return tuple(out)

    def _ask_buyers(self) -> None:
        self._buy_queue = self._opponents(self._declarer)
        self._to_act = self._buy_queue[0]

    def _buy(self, seat: int) -> None:
        """Apply ``buy``: ``seat`` buys the talon and becomes the declarer at the bid."""
        self._sales += (self._declarer,)
        self._declarer = self._high = seat
        self._ask_buyers()

    def _decline(self) -> None:
        """Apply ``decline``: the next opponent is asked; after the last, the talon is taken."""
        self._buy_queue = self._buy_queue[1:]
        if self._buy_queue:
            self._to_act = self._buy_queue[0]
        else:
            self._take_talon()

    def _take_talon(self) -> None:
        """The declarer of the moment takes the talon (three and four players)."""
        decl = self._declarer
        self._to_act = decl
        self._hands[decl] |= self._talon
        to_give = self._to_give = list(self._active)
        to_give.remove(decl)
        self._set_concessions()

    def _set_concessions(self) -> None:
        """Fix whether the declarer may write off and strike out in this deal."""
        rules = self.rules
        decl = self._declarer
        self._writeoff_ok = may_write_off(rules, self.score, decl) is None
        self._strikeout_ok = rules.allow_strikeout and may_write_off(
            rules, self.score, decl, strikeout=True) is None

    def _convention(self, action: int) -> None:
        """Apply ``look``, ``buy``, ``decline`` or ``strikeout`` (the trusted path)."""
        if action == A.LOOK:
            self._look(self._to_act)
        elif action == A.BUY:
            self._buy(self._to_act)
        elif action == A.DECLINE:
            self._decline()
        else:
            self._finish_deal("strikeout")

    def _finish_deal(self, kind: str) -> None:
        raise NotImplementedError  # ThousandState's

    # -- the declarer's choices ----------------------------------------------------------------
    def _talon_redeal(self) -> bool:
        """Return True if the declarer may demand a redeal for the talon now."""
        rules = self.rules
        if self._sales or not (rules.redeal_bad_talon or rules.redeal_poor_talon):
            return False
        if self._n == 2:
            if self._taken_pile < 0 or self._discards:
                return False
            pile = self._piles[self._taken_pile]
        else:
            if self._given or self._buy_queue:
                return False
            pile = self._talon
        if rules.redeal_bad_talon:
            return bad_talon(pile)
        return self._bid == 100 and not self._raised and hand_points(pile) < POOR_TALON

    def _talon_actions(self) -> list[int]:
        if self._buy_queue:
            return [A.BUY, A.DECLINE]
        d = self._declarer
        if self._n == 2 and self._taken_pile < 0:
            return [A.TAKE, A.TAKE + 1]
        h = self._hands[d]
        if self._n == 2:
            out = [A.DISCARD + c for c in (*HALF_LO[h & 0xFFFF], *HALF_HI[h >> 16])]
        else:
            to_give = self._to_give
            out = give_list(to_give[0], h)
            if len(to_give) == 2:
                out += give_list(to_give[1], h)
        if self._writeoff_ok:
            out.append(A.WRITEOFF)
        if self._strikeout_ok:
            out.append(A.STRIKEOUT)
        if self._talon_redeal():
            out.append(A.REDEAL)
        return out

    # -- the deal's end ------------------------------------------------------------------------
    def outcome(self, kind: str) -> DealOutcome:
        """Return the DealOutcome of the open deal ending now as ``kind``."""
        n = self._n
        zeros = (0,) * n
        dealer = self._dealer
        sitting = dealer if n == 4 else None
        talon_marriage = 0
        if n == 4 and self.rules.dealer_scores_talon and kind != "redeal":
            talon_marriage = marriages_value(self._talon, self._marriage_values, False)
        extras = self._outcome_extras(kind)  # sales, aces, cut penalty, golden
        if kind == "redeal":
            return DealOutcome(dealer, "redeal", None, None, None, zeros, zeros,
                               sitting_out=sitting, **extras)
        d = self._declarer
        if kind in ("writeoff", "strikeout"):
            return DealOutcome(dealer, "writeoff" if kind == "writeoff" else "strikeout", d,
                               self._bid, None, zeros, zeros, blind=self._blind,
                               sitting_out=sitting, talon_marriage=talon_marriage, **extras)
        points = [self._taken[s] + self._marriage_points[s] for s in range(n)]
        if n == 2:
            points[d] += hand_points(self._discards)
        return DealOutcome(dealer, "played", d, self._bid, self._contract, tuple(points),
                           tuple(self._tricks), blind=self._blind, sitting_out=sitting,
                           talon_marriage=talon_marriage,
                           declarations=tuple(self._marriage_points), **extras)

    def _outcome_extras(self, kind: str) -> dict[str, Any]:
        """Return the DealOutcome fields of the §11 conventions for a deal ending as ``kind``."""
        out: dict[str, Any] = {}
        if self._cut_seat >= 0:
            out["cut_penalty_seat"] = self._cut_seat
        if kind == "redeal":
            return out
        if self._sales:
            out["sales"] = self._sales
        if self._golden:
            out["golden"] = True
        if kind == "writeoff":
            out["aces"] = tuple((h & ACES_MASK).bit_count() for h in self._hands)
        return out
