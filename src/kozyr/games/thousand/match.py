"""A match of Thousand (rules/thousand.md): the engine composed with what a seat may see.

:class:`ThousandMatch` implements :class:`kozyr.core.match.Match`.  It is the engine
(:class:`kozyr.games.thousand.state.ThousandState`: dealing, the auction, the play, applying
actions), composed with the observer (:mod:`kozyr.games.thousand.observer`: the observation
and resampling) and the sentences that say why an action is illegal
(:mod:`kozyr.games.thousand.explain`).  The rules of card play are in
:mod:`kozyr.games.thousand.cardplay`; scoring lives apart, in
:mod:`kozyr.games.thousand.scoring`: each finished deal is reported as a ``DealOutcome``.

Phases of a deal (``phase``): ``redeal`` (eligible players asked ``redeal``/``keep``),
``bidding``, ``talon`` (two players: ``take P`` and two ``discard``; everyone: the declarer's
``give SEAT CARD`` to each opponent, or ``writeoff``), ``contract`` (``trump S`` first under
``declarer_names_trump``, then ``contract N`` or ``writeoff``), ``play``; ``deal`` between
deals and ``over`` at the end.

Automatic actions (applied by the engine, never decisions, never in the record, but shown in
the observation's ``history``): the forced 100; a barrel player's bid of C; the passes of a
player ``trading_in_red``; the golden-horse 120 (``golden_horse_120``).  The declarer takes a
three-card talon without an action (the observation's ``talon`` shows it), after the
``talon_buying`` round (``buy``/``decline`` of each opponent asked) if there is one.

Beyond the Match API: :meth:`ThousandMatch.legal_mask` (the legal cards as a mask, no list),
:meth:`~ThousandMatch.cap` / :meth:`~ThousandMatch.hand_cap` (120 + marriages, capped by
``max_bid``), :meth:`~ThousandMatch.eligible` (may a hand ask for a redeal),
:meth:`~ThousandMatch.outcome` (the ``DealOutcome`` the open deal would report), ``apply`` and
``why_illegal`` with an optional ``seat`` (refuse acting out of turn), ``score`` (the
``MatchScore``), ``cut_penalties``, ``resample_consistent`` (see the observer module).

Readings of the rules where the page leaves a choice (kozyr's, documented and tested):

- Four players: the forced bidder is the first seat left of the dealer whatever
  ``forced_bidder`` says (the dealer sits out).
- ``blind_bid``: see :mod:`kozyr.games.thousand.actions`.  A blind that stands keeps the talon
  hidden; the blind declarer sees his hand again once the bidding is over.  A barrel player
  who is the forced bidder opens with C and has no blind choice.
- Barrel, ``barrel_bidding`` off: the first barrel seat clockwise from the forced bidder is
  declarer at C; nobody bids.  A barrel player's automatic C is allowed whatever his marriage
  cap says, and keeping C as the contract is always allowed.
- A player ``trading_in_red`` who is the forced bidder still makes the forced bid; his later
  turns are automatic passes.
- ``redeal_poor_talon``: the declarer may say ``redeal`` in the talon phase before he gives or
  discards any card (two players: after ``take P``, the pile taken is the talon).
- Two players: the pile taken is shown to the opponent unless a talon would stay hidden (a
  blind that stands, ``hide_talon_on_forced_100``); the other pile is out of play, so a
  played deal's tricks plus the declarer's discards hold 120 less that pile's points.
- ``redeal_when`` = ``after_pass``: eligibility is judged on the 8 cards each then holds (two
  players: the 10 after the discards); with ``before_bidding`` on the 7 (10) dealt.
- ``declarer_names_trump`` (501): the contract phase opens with ``trump S`` (or ``writeoff``);
  ``contract N`` follows.  Marriages score their value and never change the trump.
- Seeded dealing: deal ``i`` of a match with seed ``s`` is the deck shuffled by the bits of
  BLAKE2b(``"s:i"``) (:func:`kozyr.games.thousand.deal.hashed_deck`), dealt as deal.py says.
- ``no_shuffle``: the first deck of the match is shuffled from the seed; each later deck is the
  previous deal's cards gathered in trick order (then the cards not played: hands in seat
  order, talon, piles, discards, each low card first) and cut at a point drawn from the seed.
- ``cut_ritual`` (seeded dealing only): the cutter (``cut_by``: the dealer's left or right)
  cuts; a nine at the bottom is shown and he cuts again; the third nine in a row costs him
  ``cut_penalty`` and the deck is dealt as it lies; a jack at the bottom makes the dealer cut
  once himself.  The charged cutter is the deal's ``cut_penalty_seat`` in the record and in the
  ``DealOutcome`` (so on the sheet, step 3 of §11.7), and stays listed in
  :attr:`ThousandMatch.cut_penalties` (``[deal_index, seat, amount]``) and the observation.
- §11's deal, auction and talon conventions: see :mod:`kozyr.games.thousand.auction`,
  :mod:`kozyr.games.thousand.talon` and :mod:`kozyr.games.thousand.deal`.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from kozyr.core.errors import IllegalActionError
from kozyr.games.thousand.explain import explain
from kozyr.games.thousand.observer import ThousandObservation, deal_hidden, observation
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.state import ThousandState
from kozyr.games.thousand.tables import P_OVER


class ThousandMatch(ThousandState):
    """A match of Thousand: deals until someone wins (rules/thousand.md).

    ``apply(action, seat=None)`` and ``why_illegal(action, seat=None)`` accept the acting seat
    as an option: a server passes it so that acting out of turn is refused ("it is seat 2's
    turn").

    >>> m = ThousandMatch(ThousandRules.from_preset("classic"), seed=1, first_dealer=0)
    >>> m.deal({"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
    ...                   "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C"})
    >>> m.phase, m.current_player(), m.legal_texts()[:3]
    ('bidding', 2, ['pass', 'bid 105', 'bid 110'])
    >>> m.apply("bid 205")
    Traceback (most recent call last):
    ...
    kozyr.core.errors.IllegalActionError: bid 205: bid 205 is above your cap of 200 (marriages ♦)
    """

    GAME = "thousand"
    RULES = ThousandRules
    __slots__ = ()
    #: The resample template (kozyr.core.resampling): a sample's seed is 32 bits of the rng,
    #: drawn before its hidden cards are dealt.
    SAMPLE_SEED_BITS: ClassVar[int] = 32
    SAMPLE_SEED_FIRST: ClassVar[bool] = True

    def apply(self, action: int | str, seat: int | None = None) -> int:
        """Check and apply an action (text or int) of ``seat`` (default: the seat to act).

        Raise :class:`IllegalActionError` saying why, and change nothing, if it is illegal.
        """
        if seat is not None and self.current_player() is not None and seat != self._to_act:
            raise IllegalActionError(f"it is seat {self._to_act}'s turn, not seat {seat}'s")
        return super().apply(action)

    def why_illegal(self, action: int, seat: int | None = None) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        if self._to_act < 0:
            return "the match is over" if self._phase == P_OVER else "no deal is under way"
        if seat is not None and seat != self._to_act:
            return f"it is seat {self._to_act}'s turn"
        if action in self.legal_actions():
            return None
        return explain(self, action)

    def summary_extras(self) -> dict[str, Any]:
        """Return ``barrel_falls``: each seat's falls from the barrel so far (§11.7)."""
        return {"barrel_falls": list(self.score.barrel_falls)}

    # -- hidden information --------------------------------------------------------------------
    def observation(self, seat: int | None) -> ThousandObservation:  # type: ignore[override]
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready.

        See :func:`kozyr.games.thousand.observer.observation` for the keys.
        """
        return observation(self, seat)

    def _deal_hidden(self, seat: int, rng: random.Random) -> Self:
        """Return a copy whose cards hidden from ``seat`` are dealt again (the resample
        template's hook: :func:`kozyr.games.thousand.observer.deal_hidden`)."""
        return deal_hidden(self, seat, rng)
