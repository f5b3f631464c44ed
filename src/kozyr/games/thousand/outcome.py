"""What Thousand's scoring reads and keeps: a deal's :class:`DealOutcome`, the match's
:class:`MatchScore`, and the small point rules every scorer shares (rules/thousand.md §7, §11).

The deal engine fills a DealOutcome in at the end of each deal; ``scoring.score_deal`` turns it
into a score-sheet row and advances the MatchScore.  Everything here is re-exported by
:mod:`kozyr.games.thousand.scoring`.

>>> classic = ThousandRules.from_preset("classic")
>>> score = MatchScore.new(classic)
>>> score.totals, score.barrel_exempt, score.golden_made
([0, 0, 0], [False, False, False], False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from kozyr.core.sheet import DealRow
from kozyr.games.thousand.rules import ThousandRules

DealKind = Literal["played", "writeoff", "strikeout", "redeal"]

GOLDEN_HORSE_DEALS = 3
BARREL_ATTEMPTS = 3
FALLS_TO_ZERO = 3
THIRD_WRITEOFF = 3
DEFENDER_CAP = 800
DUMP_TRUCK = 555
WRITEOFF_FIXED_GAIN = 60
TALON_PRICE = 120
BLIND_BID = 120


@dataclass(frozen=True)
class DealOutcome:
    """What happened in one deal, as the deal engine saw it.

    - ``kind``: ``played`` (all tricks played), ``writeoff`` (declarer conceded),
      ``strikeout`` (declarer struck the deal out, ``allow_strikeout``), ``redeal``.
    - ``declarer``/``bid``/``contract``: None where there is none (a redeal; ``contract`` is
      None for a write-off before the contract; ``bid`` is the winning bid).
    - ``points``: each seat's raw deal points, card points in tricks won + declarations made
      (all 0 unless played).  With two players the declarer's discards count for him.
    - ``tricks``: tricks won per seat (all 0 unless played).
    - ``blind``: the declarer won with the blind 120 (his result counts double).
    - ``sitting_out``: four players: the dealer, who sits out; else None.
    - ``talon_marriage``: four players with ``dealer_scores_talon``: the value of the
      marriage(s) in the talon, scored by the sitting-out dealer; else 0.
    - ``declarations``: per seat, the value of the declarations he made (marriages, ace
      marriage, bed marriages, four nines), which ``points`` includes; ``()`` = none at all.
      Scoring decides which of them count (``marriage_declarer_only``,
      ``barrel_no_marriages``, ``blind_marriages_doubled``).
    - ``sales``: ``talon_buying``: the seats that sold the talon in this deal, in order (the
      k-th seller is credited 120 x k); ``()`` = no sale.
    - ``aces``: per seat, the aces in his hand at the moment of a write-off (``writeoff_gain`` =
      ``aces``); ``()`` unless the deal was written off.
    - ``cut_penalty_seat``: ``cut_ritual``: the cutter charged ``cut_penalty`` in this deal.
    - ``golden``: this deal was one of the golden-horse deals under ``golden_horse_120``
      (no auction; the forced bidder declared 120).  Informational: scoring knows which
      deals are golden-horse deals from the match (:func:`queries.golden_horse_deal`).
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
    declarations: tuple[int, ...] = ()
    sales: tuple[int, ...] = ()
    aces: tuple[int, ...] = ()
    cut_penalty_seat: int | None = None
    golden: bool = False


@dataclass
class MatchScore:
    """The scoring state of a match between deals.

    ``bolts`` counts each seat's bolts since his last bolt penalty (with ``bolt_consecutive``:
    his current run); ``writeoffs`` his write-offs and strike-outs; ``barrel_attempts`` the
    attempts of his current stay on the barrel; ``barrel_falls`` his falls in the match;
    ``scored_deals`` the deals that were not redeals; ``barrel_exempt`` the seats the barrel no
    longer applies to (``barrel_after_reset`` = ``never``); ``golden_made`` whether a declarer
    made his contract in a golden-horse deal (``golden_horse_120``'s reset).
    """

    totals: list[int]
    bolts: list[int]
    writeoffs: list[int]
    on_barrel: list[bool]
    barrel_attempts: list[int]
    barrel_falls: list[int]
    scored_deals: int = 0
    winner: int | None = None
    rows: list[DealRow] = field(default_factory=list)
    barrel_exempt: list[bool] = field(default_factory=list)
    golden_made: bool = False

    def __post_init__(self) -> None:
        """Give a score built without ``barrel_exempt`` nobody exempt."""
        if not self.barrel_exempt:
            self.barrel_exempt = [False] * len(self.totals)

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
                          list(self.rows), list(self.barrel_exempt), self.golden_made)

    def restart(self) -> None:
        """Return every total, count and barrel state to the start of the match (the
        golden-horse reset); the rows, the scored deals and the winner stay."""
        n = len(self.totals)
        for counts in (self.totals, self.bolts, self.writeoffs, self.barrel_attempts,
                       self.barrel_falls):
            counts[:] = [0] * n
        self.on_barrel[:] = [False] * n
        self.barrel_exempt[:] = [False] * n


def round_points(rules: ThousandRules, points: int) -> int:
    """Return deal points rounded as ``rules.rounding`` says (R(x) of rules/thousand.md §11).

    >>> classic = ThousandRules.from_preset("classic")
    >>> [round_points(classic, p) for p in (0, 2, 3, 62, 63, 67, 68, 70)]
    [0, 0, 5, 60, 65, 65, 70, 70]
    """
    if rules.rounding == "none":
        return points
    return (points + 2) // 5 * 5


def contract_made(rules: ThousandRules, points: int, contract: int) -> bool:
    """Return whether a declarer who took ``points`` (declarations counted) made ``contract``
    (§7: at least the contract; ``round_declarer``: his points rounded reach it).

    >>> classic = ThousandRules.from_preset("classic")
    >>> [contract_made(classic, p, 120) for p in (119, 120, 133)]
    [False, True, True]
    """
    return points >= contract or (rules.round_declarer and round_points(rules, points) >= contract)


def half_up_5(amount: int) -> int:
    """Return half of ``amount`` rounded up to a multiple of 5.

    >>> [half_up_5(b) for b in (100, 105, 110, 115, 120)]
    [50, 55, 55, 60, 60]
    """
    return (amount + 9) // 10 * 5


def writeoff_gain(rules: ThousandRules, bid: int) -> int:
    """Return what each opponent gains from a write-off of ``bid`` (``writeoff_gain`` =
    ``aces`` depends on each opponent's hand: this returns what an opponent without aces gets).

    >>> classic = ThousandRules.from_preset("classic")
    >>> [writeoff_gain(classic, b) for b in (100, 105, 110, 115)]
    [50, 55, 55, 60]
    """
    if rules.writeoff_gain == "fixed_60":
        return WRITEOFF_FIXED_GAIN
    if rules.writeoff_gain == "aces":
        return 0
    return half_up_5(bid)


def writeoff_cost(rules: ThousandRules, bid: int, blind: bool) -> int:
    """Return what a write-off of ``bid`` costs its declarer at step 1 (a bolt comes at step 3).

    >>> [writeoff_cost(ThousandRules.from_preset("classic", writeoff_penalty=p), 105, False)
    ...  for p in ("contract", "bolt", "none", "half")]
    [105, 0, 0, 55]
    >>> writeoff_cost(ThousandRules.from_preset("classic", writeoff_penalty="half"), 120, True)
    120
    """
    penalty = rules.writeoff_penalty
    if penalty == "contract":
        cost = bid
    elif penalty == "half":
        cost = half_up_5(bid)
    else:
        return 0
    return cost * 2 if blind else cost
