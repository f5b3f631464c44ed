"""A read-only view of a Thousand match's cards for search bots (PIMC, the solver adapter).

A search bot samples full matches with ``SeatView.sample(rng)`` (every card its seat cannot
see dealt again) and reads each sample through :class:`ThousandPosition`: the hands, the
talon, the gives, the trick, the trump, the points taken.  Nothing outside
``kozyr.games.thousand`` reads a match's private attributes; this view is the one interface
between the engine's state and the bots that search it.

It holds every hand, so it is for samples (or finished deals): a bot must never build one
over the real match of a game in progress.  It copies nothing when built and reads the match
lazily, so it is cheap to make for every sample; it reflects the match as it is when read.
Cards are kozyr.cards numbers and hands bitmasks; seats are match seats.

>>> from kozyr.games.thousand import ThousandMatch, ThousandRules
>>> m = ThousandMatch(ThousandRules(), seed=1, first_dealer=0)
>>> m.deal()
>>> p = ThousandPosition(m)
>>> p.phase, p.play_order, p.declarer, p.trump, p.trick
('bidding', (0, 1, 2), None, None, ())
>>> [h.bit_count() for h in p.hands], p.talon.bit_count(), p.hands == p.dealt.hands
([7, 7, 7], 3, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kozyr.games.thousand.deal import DealtCards
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.rules import ThousandRules

if TYPE_CHECKING:
    from kozyr.games.thousand import ThousandMatch

__all__ = ["ThousandPosition"]


class ThousandPosition:
    """The cards and trick state of a ThousandMatch's open deal, read-only (see the module).

    Seat-indexed values are tuples over all seats (a four-player dealer's hand is 0); "none
    yet" is ``None``.
    """

    __slots__ = ("_m",)

    def __init__(self, match: ThousandMatch) -> None:
        """View ``match`` (a sample, or a match whose every hand may be seen)."""
        self._m = match

    def __repr__(self) -> str:
        """Return e.g. ``ThousandPosition(<play, trick 3>)``."""
        return f"ThousandPosition(<{self.phase}, trick {self.trick_no}>)"

    @property
    def rules(self) -> ThousandRules:
        """Return the match's rule set."""
        return self._m.rules

    @property
    def phase(self) -> str:
        """Return the phase of the open deal (``bidding``, ``talon``, ``play``, ...)."""
        return self._m.phase

    # -- the cards -------------------------------------------------------------------------
    @property
    def dealt(self) -> DealtCards:
        """Return the open deal's cards as dealt: the hands before the talon and the gives."""
        return self._m._deals[-1][0]

    @property
    def hands(self) -> tuple[int, ...]:
        """Return each seat's hand now (after the talon, the gives and the cards played)."""
        return tuple(self._m._hands)

    def hand(self, seat: int) -> int:
        """Return ``seat``'s hand now."""
        return self._m._hands[seat]

    @property
    def talon(self) -> int:
        """Return the talon as dealt (three or four players; it stays set once taken)."""
        return self._m._talon

    @property
    def given(self) -> tuple[tuple[int, int], ...]:
        """Return the declarer's gives so far as ``(to seat, card)``, in order."""
        return tuple(self._m._given)

    @property
    def discards(self) -> int:
        """Return the two-player declarer's discards (0 before, and with three or four)."""
        return self._m._discards

    # -- the seats -------------------------------------------------------------------------
    @property
    def play_order(self) -> tuple[int, ...]:
        """Return the seats that play the deal in turn order, starting from the lowest.

        Four players: the dealer sits out.  Empty before the first deal.
        """
        m = self._m
        active = m._active
        if not active:
            return ()
        nxt = m._nxt
        order = [min(active)]
        while len(order) < len(active):
            order.append(nxt[order[-1]])
        return tuple(order)

    @property
    def declarer(self) -> int | None:
        """Return the declarer's seat, None before the auction ends."""
        d = self._m._declarer
        return None if d < 0 else d

    @property
    def contract(self) -> int | None:
        """Return the declarer's announced contract, None before he announces it."""
        return self._m._contract or None

    # -- card play -------------------------------------------------------------------------
    @property
    def trump(self) -> int | None:
        """Return the trump suit, None while there is none."""
        t = self._m._trump
        return None if t < 0 else t

    @property
    def leader(self) -> int | None:
        """Return the seat that leads (or led) the current trick, None before play."""
        s = self._m._leader
        return None if s < 0 else s

    @property
    def trick(self) -> tuple[int, ...]:
        """Return the cards played to the current trick, in order from its leader."""
        return tuple(self._m._trick)

    @property
    def trick_no(self) -> int:
        """Return how many tricks of the deal are complete."""
        return self._m._trick_no

    @property
    def may_declare(self) -> bool:
        """Return True if a marriage may be declared at the current trick's lead.

        Never at the first trick, unless ``marriage_on_first_trick``.
        """
        return bool(self._m._trick_no) or bool(self._m.rules.marriage_on_first_trick)

    @property
    def taken(self) -> tuple[int, ...]:
        """Return the card points of the tricks each seat has taken."""
        return tuple(self._m._taken)

    @property
    def marriage_points(self) -> tuple[int, ...]:
        """Return the points of the declarations each seat has made (marriages, and with §11's
        options the ace marriage, bed marriages, four nines)."""
        return tuple(self._m._marriage_points)

    # -- declarations (rules/thousand.md §11.1, §11.6) -------------------------------------
    @property
    def declarations(self) -> Declarations:
        """Return the table's declaration rules: ``leads(hand, trick_no, trump, declared,
        holder, ace_suit)`` gives any seat's legal leads from the values below."""
        return self._m._decl

    @property
    def declared_suits(self) -> int:
        """Return the suit masks (OR-ed) of the suits whose K+Q or Q+J was declared."""
        return self._m._decl_suits

    @property
    def ace_holder(self) -> int | None:
        """Return the seat that declared the ace marriage under ``ace_marriage_rule`` =
        ``strict`` (his leads are bound), None if nobody has."""
        s = self._m._ace_seat
        return None if s < 0 else s

    @property
    def ace_suit(self) -> int | None:
        """Return the suit the strict ace marriage named (None: none)."""
        s = self._m._ace_suit
        return None if s < 0 else s

    def leads(self, seat: int) -> list[int]:
        """Return ``seat``'s legal leads now as play actions (a new list; the engine's rule:
        :meth:`Declarations.leads`; with none of §11's options on, the set ``lead_list`` gives)."""
        m = self._m
        t = m._trump
        return m._decl.leads(m._hands[seat], m._trick_no, t, m._decl_suits, seat == m._ace_seat,
                             m._ace_suit)
