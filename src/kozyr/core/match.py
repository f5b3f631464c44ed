"""The Match API every game implements (OpenSpiel's Game/State/Observer shape, for a whole match).

A :class:`Match` is the authoritative state of one match: a sequence of deals until someone
wins.  It is pure and synchronous; all randomness comes from ``seed`` or from an ``rng`` handed
to :meth:`Match.deal`.

Two ways of dealing, deliberately apart:

- **Seeded** (``m.deal()``): the cards follow from ``(seed, deal index)``, so a record, a test
  or an arena run is reproducible from its seed.  Anyone who knows the seed knows every deal:
  this path is for bots, tests and ``kozyr record``, never for people playing for real.
- **Drawn** (``m.deal(rng=secrets.SystemRandom())``): the deck is shuffled by the rng given,
  at a live table the operating system's CSPRNG; nothing about one deal tells anything about
  the next.  The cards are kept explicitly (``record_deals``), so replays need no seed.

Life cycle::

    m = ThousandMatch(rules, seed=7)          # first dealer by lot from the seed
    while not m.is_over:
        if m.awaiting_deal:
            m.deal()                          # cards from (seed, deal index), or m.deal(cards),
            continue                          # or m.deal(rng=secrets.SystemRandom())
            continue
        seat = m.current_player()
        m.apply("pass")                       # checked: text or int; raises IllegalActionError
        # or, trusted and fast: m.apply_action(m.legal_actions()[0])

Actions are small ints on the fast path (each game documents its encoding) and strings in
record notation (spec/records.md) at the edges: :meth:`Match.action_to_text` and
:meth:`Match.parse_action` convert.  Actions the rules make automatically (Thousand's forced
100, a barrel player's automatic bid of C) are applied by the engine itself and never show up
as a decision or in the record.

Hidden information is computed in one place: :meth:`Match.observation` returns exactly what a
seat (or a spectator, ``seat=None``) may see, as JSON-ready data.  :meth:`Match.resample`
returns a copy of the match in which every card the seat cannot see is dealt again,
consistently with its observation; the result depends only on that observation and the rng,
never on where the hidden cards really are.  Bots receive a :class:`SeatView`, which offers
only the observation, the legal actions and resampling.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from kozyr.core.errors import IllegalActionError
from kozyr.core.rules import RuleSet
from kozyr.core.sheet import DealRow


class Match(ABC):
    """One match of a game, from the first deal to the win."""

    GAME: ClassVar[str] = ""
    RULES: ClassVar[type[RuleSet]] = RuleSet

    rules: RuleSet
    seed: int
    first_dealer: int

    # -- set-up ------------------------------------------------------------------------
    #: Every engine keeps these three fields; the properties below read them.
    _n: int
    _deal_index: int
    _dealer: int

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return self._n

    @property
    def deal_index(self) -> int:
        """Return the index of the current (or next) deal in the record, from 0."""
        return self._deal_index

    @property
    def dealer(self) -> int:
        """Return the dealer of the current (or next) deal."""
        return self._dealer

    @property
    @abstractmethod
    def awaiting_deal(self) -> bool:
        """Return True between deals (and at the start) while the match is not over."""

    @abstractmethod
    def deal(self, cards: dict[str, Any] | None = None, *,
             rng: random.Random | None = None) -> None:
        """Deal the next deal: from a record's explicit cards, from ``rng``, or from the seed.

        ``cards`` holds the record keys of one deal (``hands`` and ``talon`` or ``stock``), as
        strings; raise :class:`kozyr.core.errors.RecordError` if they are not a valid deal.
        With ``rng`` (and no cards) the deck is shuffled by it and the seed is not used;
        with neither, the deal follows from the seed and the deal index (the module doc).
        """

    # -- decisions ---------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int | None:
        """Return the seat to act, or None while awaiting a deal or when the match is over."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Return the legal actions of the seat to act (empty when nobody is to act)."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Apply a legal action without checking it (the trusted fast path)."""

    @abstractmethod
    def action_to_text(self, action: int) -> str:
        """Return ``action`` in record notation, e.g. ``"play KH marriage"``."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """Parse record notation into an action; raise IllegalActionError if it is malformed."""

    @abstractmethod
    def why_illegal(self, action: int) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""

    def apply(self, action: int | str) -> int:
        """Check and apply an action (text or int); return it as an int.

        Raise :class:`IllegalActionError` saying why, and change nothing, if it is illegal.
        """
        a = self.check(action)
        self.apply_action(a)
        return a

    def apply_recorded(self, text: str) -> int:
        """Check and apply an action as a record writes it (text); return it as an int.

        The same as :meth:`apply` unless a game's records leave a step implied: Bezique's
        ``play`` in the winner's window stands for ``draw`` and then the play.  Raise
        :class:`IllegalActionError` saying why, and change nothing, if it is illegal.
        """
        return self.apply(text)

    def unwritten_actions(self) -> list[int]:
        """Return the actions applied since the last one a record writes (none by default).

        A record cut here replays to the match before them (Bezique: after ``draw``, before
        the lead that a record's ``play`` implies it with).
        """
        return []

    def check(self, action: int | str) -> int:
        """Return ``action`` (text or int) as an int if it is legal now; change nothing.

        Raise :class:`IllegalActionError` saying why if it is not (the checks of
        :meth:`apply`, which a caller may run before it commits to the action, e.g. stores it).
        """
        if self.current_player() is None:
            state = "the match is over" if self.is_over else "the cards have not been dealt"
            raise IllegalActionError(f"no action is possible now: {state}")
        a = self.parse_action(action) if isinstance(action, str) else action
        why = self.why_illegal(a)
        if why is not None:
            raise IllegalActionError(f"{self.action_to_text_safe(a)}: {why}")
        return a

    def action_to_text_safe(self, action: int) -> str:
        """Return ``action`` as text, or ``action #N`` if it is no action of this game."""
        try:
            return self.action_to_text(action)
        except (ValueError, IndexError, KeyError):
            return f"action #{action}"

    def legal_texts(self) -> list[str]:
        """Return the legal actions in record notation."""
        return [self.action_to_text(a) for a in self.legal_actions()]

    # -- state of the match --------------------------------------------------------------
    @property
    @abstractmethod
    def phase(self) -> str:
        """Return the phase of the open deal (``bidding``, ``play``, ...), ``deal`` or ``over``."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Return True when the match has a winner."""

    @property
    @abstractmethod
    def winner(self) -> int | list[int] | None:
        """Return the winning seat (a list of two seats for Debertz teams), or None."""

    @property
    @abstractmethod
    def sheet(self) -> list[DealRow]:
        """Return the score sheet: one row per finished deal."""

    @property
    @abstractmethod
    def totals(self) -> list[int]:
        """Return each seat's running total."""

    def open_deal(self) -> dict[str, Any] | None:
        """Return ``{"dealer", "phase", "to_act"}`` if a deal is under way, else None."""
        if self.is_over or self.awaiting_deal:
            return None
        return {"dealer": self.dealer, "phase": self.phase, "to_act": self.current_player()}

    def summary_extras(self) -> dict[str, Any]:
        """Return the game's own top-level keys of ``kozyr replay --json`` (spec/records.md)."""
        return {}

    @abstractmethod
    def record_deals(self) -> list[dict[str, Any]]:
        """Return the ``deals`` of the game record: each deal's cards and its actions as text."""

    # -- hidden information ----------------------------------------------------------------
    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Match:
        """Return a copy whose cards hidden from ``seat`` are dealt again, consistently."""

    @abstractmethod
    def clone(self) -> Match:
        """Return an independent copy."""

    # -- helpers ---------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """Return what a bot playing ``seat`` is given."""
        return SeatView(self, seat)


class SeatView:
    """What one seat's bot may use: its observation, its legal actions, and resampling.

    It deliberately exposes no cards of other seats; bots are written against this alone.
    """

    __slots__ = ("_match", "seat")

    def __init__(self, match: Match, seat: int) -> None:
        self._match = match
        self.seat = seat

    @property
    def game(self) -> str:
        """Return the game's name."""
        return self._match.GAME

    @property
    def rules(self) -> RuleSet:
        """Return the rule set in force."""
        return self._match.rules

    def observation(self) -> dict[str, Any]:
        """Return the seat's observation."""
        return self._match.observation(self.seat)

    def legal_actions(self) -> list[int]:
        """Return the legal actions (the seat must be the one to act)."""
        return self._match.legal_actions()

    def action_to_text(self, action: int) -> str:
        """Return ``action`` in record notation."""
        return self._match.action_to_text(action)

    def parse_action(self, text: str) -> int:
        """Parse record notation."""
        return self._match.parse_action(text)

    def sample(self, rng: random.Random) -> Match:
        """Return a full match consistent with the observation, hidden cards dealt by ``rng``."""
        return self._match.resample(self.seat, rng)
