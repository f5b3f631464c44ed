"""Thousand's match scoring, apart from the deal's state (rules/thousand.md §7-§8).

The deal engine (``state.py``) reports each finished deal as a :class:`DealOutcome`;
:func:`score_deal` turns it into a score-sheet row and advances the :class:`MatchScore`
(totals, bolts, write-offs, the barrel, golden-horse deals, the winner), in the order of §7:
1. deal scores; 2. golden-horse doubling; 3. bolt penalties; 4. the barrel: clamps and entries,
then collisions, then attempts and falls; 5. dump truck; 6. the win.

The deal engine also asks this module what the match situation allows:
:func:`barrel_seats`, :func:`may_write_off`, :func:`passes_in_red`.

INTERFACE CONTRACT (kept stable; implemented by the scoring work):

- ``DealOutcome`` fields are fixed as below.
- ``MatchScore.new(rules)`` starts a match; ``score_deal(rules, score, outcome) -> DealRow``
  mutates ``score`` and returns the row (``DealRow`` of kozyr.core.sheet).
- ``score.winner`` is the winning seat or None; ``score.totals`` the running totals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from kozyr.core.sheet import DealRow
from kozyr.games.thousand.rules import ThousandRules

DealKind = Literal["played", "writeoff", "redeal"]


@dataclass(frozen=True)
class DealOutcome:
    """What happened in one deal, as the deal engine saw it.

    - ``kind``: ``played`` (all tricks played), ``writeoff`` (declarer conceded), ``redeal``.
    - ``declarer``/``bid``/``contract``: None where there is none (a redeal; ``contract`` is
      None for a write-off before the contract; ``bid`` is the winning bid).
    - ``points``: each seat's raw deal points, card points in tricks won + marriages declared
      (all 0 unless played).  With two players the declarer's discards count for him.
    - ``tricks``: tricks won per seat (all 0 unless played).
    - ``blind``: the declarer won with the blind 120 (his result counts double).
    - ``sitting_out``: four players: the dealer, who sits out; else None.
    - ``talon_marriage``: four players with ``dealer_scores_talon``: the value of the
      marriage(s) in the talon, scored by the sitting-out dealer; else 0.
    """

    dealer: int
    kind: DealKind
    declarer: int | None
    bid: int | None
    contract: int | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    blind: bool = False
    sitting_out: int | None = None
    talon_marriage: int = 0


@dataclass
class MatchScore:
    """The scoring state of a match between deals."""

    totals: list[int]
    bolts: list[int]
    writeoffs: list[int]
    on_barrel: list[bool]
    barrel_attempts: list[int]
    barrel_falls: list[int]
    scored_deals: int = 0
    winner: int | None = None
    rows: list[DealRow] = field(default_factory=list)

    @classmethod
    def new(cls, rules: ThousandRules) -> MatchScore:
        """Return the score of a match before its first deal."""
        n = rules.players
        return cls([0] * n, [0] * n, [0] * n, [False] * n, [0] * n, [0] * n)

    def copy(self) -> MatchScore:
        """Return an independent copy."""
        return MatchScore(list(self.totals), list(self.bolts), list(self.writeoffs),
                          list(self.on_barrel), list(self.barrel_attempts),
                          list(self.barrel_falls), self.scored_deals, self.winner,
                          list(self.rows))


def barrel_seats(rules: ThousandRules, score: MatchScore) -> list[int]:
    """Return the seats sitting on the barrel now."""
    raise NotImplementedError


def may_write_off(rules: ThousandRules, score: MatchScore, seat: int) -> str | None:
    """Return None if ``seat`` may write off now, else why not."""
    raise NotImplementedError


def passes_in_red(rules: ThousandRules, score: MatchScore, seat: int) -> bool:
    """Return True if ``seat`` passes automatically (``trading_in_red``)."""
    raise NotImplementedError


def score_deal(rules: ThousandRules, score: MatchScore, outcome: DealOutcome) -> DealRow:
    """Score a finished deal: advance ``score`` and return its score-sheet row."""
    raise NotImplementedError
