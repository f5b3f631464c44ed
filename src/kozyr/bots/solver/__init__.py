"""Double-dummy solver for Thousand card play (every hand known).

A :class:`Position` gives the hands as bitmasks (kozyr.cards numbering), the current trick, its
leader, the trump, the declarer, whether the next lead may declare a marriage, the rule options
that matter in play, and the points already taken.  Two seats (two-player Thousand) or three
(three players; four-player Thousand has three active seats — map them) are supported.

- :func:`solve_exact` — the declarer's final points with best play by both sides (the two
  defenders are one side that minimises them);
- :func:`can_make` — the threshold (null-window) test: can the declarer still reach ``n``?
- :func:`move_values` — per-move values for PIMC (exact, or 1/0 against a threshold);
- :func:`best_moves` — the moves of the seat to act that are best for its side.

Defenders aim first to stop the contract, then for their own points: :func:`defender_values`
ranks each defender move by (does the declarer still make ``contract``?, the declarer's exact
points) — a threshold search for the contract, then an exact search among the moves that are
equal on it.  Fewer declarer points means more card points for the defenders as a side (the
card points of a deal are fixed); a defender's own marriages do not enter the value.

>>> pos = Position.from_text(["AS TS", "KS 9S", "QS JS"], leader=0, declarer=0)
>>> solve_exact(pos)       # AS takes 9S JS (13), then TS takes KS QS (17)
30
>>> can_make(pos, 30), can_make(pos, 31)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kozyr.bots.solver.declaring import DeclaringSearch, plain_now, uses_declaring
from kozyr.bots.solver.search import DECLARE, Search, SearchTimeout
from kozyr.cards import parse_card, parse_hand
from kozyr.games.thousand.actions import action_to_text
from kozyr.games.thousand.cardplay import POINTS, card_points, pile_points
from kozyr.games.thousand.declarations import Declarations

__all__ = [
    "DECLARE",
    "POINTS",
    "Position",
    "SearchTimeout",
    "Solver",
    "best_moves",
    "can_make",
    "defender_values",
    "move_text",
    "move_values",
    "solve_exact",
]


@dataclass(frozen=True)
class Position:
    """A Thousand play position with every hand known.

    ``trick`` holds the cards already played to the current trick, in order from ``leader``.
    ``trump`` is a suit or None.  ``can_declare``: the next lead may declare a marriage (False
    before the first trick is complete unless ``marriage_on_first_trick``).  ``points``: the
    points each seat has taken so far (cards and marriages); empty means all zero.
    ``marriage_values`` are indexed by suit (S, C, D, H), as ``ThousandRules.marriages``.
    ``weights`` (optional, per seat) changes the value searched to the weighted sum of the
    seats' points, still maximised by the declarer and minimised by the others: a defender
    who wants his own points weighs the declarer's points heavily and his partner's once
    (``(4, 1, 0)``: stop the declarer first, then take points himself rather than let the
    partner take them).  Thresholds and values are then in those units.
    """

    hands: tuple[int, ...]
    leader: int
    declarer: int
    trick: tuple[int, ...] = ()
    trump: int | None = None
    can_declare: bool = True
    marriage_values: tuple[int, ...] = (40, 60, 80, 100)
    ace_marriage: int = 0
    must_beat: bool = False
    fixed_trump: bool = False
    points: tuple[int, ...] = field(default=())
    weights: tuple[int, ...] | None = None
    #: §11's declarations (None: §6's, the fast search); with them the state they read:
    #: the suits declared, the strict ace-marriage holder (a solver seat, -1: none) and the
    #: suit it named, and per seat whether its declarations count (1) or not (0).
    declarations: Declarations | None = None
    declared: int = 0
    holder: int = -1
    ace_suit: int = -1
    counts: tuple[int, ...] | None = None

    @classmethod
    def from_text(cls, hands: list[str], leader: int, declarer: int, trick: str = "",
                  trump: str | None = None, **options: object) -> Position:
        """Build a position from hands as strings, e.g. ``["AS TS", "KS 9S", "QS JS"]``."""
        from kozyr.cards import parse_suit

        return cls(hands=tuple(parse_hand(h) for h in hands), leader=leader, declarer=declarer,
                   trick=tuple(parse_card(t) for t in trick.split()),
                   trump=None if trump is None else parse_suit(trump),
                   **options)  # type: ignore[arg-type]

    @property
    def seats(self) -> int:
        """Return the number of seats in play."""
        return len(self.hands)

    def seat_to_move(self) -> int:
        """Return the seat whose card is next."""
        return (self.leader + len(self.trick)) % len(self.hands)

    def declarer_points(self) -> int:
        """Return the value already taken: the declarer's points (or the weighted sum)."""
        if not self.points:
            return 0
        if self.weights is None:
            return self.points[self.declarer]
        return sum(w * p for w, p in zip(self.weights, self.points, strict=True))

    def search(self, compiled: bool | None = None) -> Search | DeclaringSearch:
        """Return a fresh search state for this position (:class:`DeclaringSearch` under
        §11's declarations, else the fast :class:`Search`, compiled as ``compiled`` says:
        None where the kernel was built, :func:`kozyr.bots.solver.kernel.use_compiled`)."""
        decl = self.declarations
        if decl is not None and uses_declaring(decl, self.counts, self.weights,
                                               self.declarer) and not plain_now(
                decl, self.hands, self.declared, self.holder, self.scoring_counts()):
            return DeclaringSearch(
                list(self.hands), self.leader, list(self.trick),
                -1 if self.trump is None else self.trump, self.declarer, self.can_declare,
                decl, declared=self.declared, holder=self.holder,
                ace_suit=self.ace_suit, must_beat=self.must_beat, weights=self.weights,
                counts=self.counts)
        return Search(list(self.hands), self.leader, list(self.trick),
                      -1 if self.trump is None else self.trump, self.declarer, self.can_declare,
                      self.marriage_values, self.ace_marriage, self.must_beat, self.fixed_trump,
                      self.weights, compiled=compiled)

    def scoring_counts(self) -> tuple[int, ...] | None:
        """Return ``counts`` if it silences a seat that scores (weight > 0), else None."""
        counts = self.counts
        if counts is None:
            return None
        w = self.weights or tuple(int(i == self.declarer) for i in range(self.seats))
        return counts if any(wi and not c for wi, c in zip(w, counts, strict=True)) else None

    def legal_moves(self) -> list[int]:
        """Return the legal moves (``card`` or ``card + DECLARE``) of the seat to move."""
        return self.search().moves()

    def play(self, move: int) -> Position:
        """Return the position after ``move`` (which must be legal)."""
        s = self.search()
        seat = s.seat_to_move()
        s.play(move)
        pts = list(self.points or (0,) * self.seats)
        c = move & 31
        if isinstance(s, DeclaringSearch):
            if move >= DECLARE and s.counts[seat]:
                pts[seat] += s.decl.value(move)
        elif move & DECLARE and (self.counts is None or self.counts[seat]):
            from kozyr.cards import ACE

            pts[seat] += self.ace_marriage if c & 7 == ACE else self.marriage_values[c >> 3]
        if not s.trick:
            # the trick was completed: its points went to its winner
            winner = s.leader
            trick_pts = pile_points((*self.trick, c))
            pts[winner] += trick_pts
        declared, holder, ace_suit = self.declared, self.holder, self.ace_suit
        if isinstance(s, DeclaringSearch):
            declared, holder, ace_suit = s.declared, s.holder, s.ace_suit
        elif self.declarations is not None and move & DECLARE:
            declared |= self.declarations.effect(move)[2]
        return replace(self, hands=tuple(s.hands), leader=s.leader, trick=tuple(s.trick),
                       trump=None if s.trump < 0 else s.trump, can_declare=s.can_declare,
                       points=tuple(pts), declared=declared, holder=holder,
                       ace_suit=ace_suit)

    def remaining_points(self) -> int:
        """Return the card points still in the hands."""
        return sum(card_points(h) for h in self.hands)


def move_text(move: int) -> str:
    """Return a move in record notation, e.g. ``"play KH marriage"`` (``"play QH bed"``)."""
    return action_to_text(move)


class Solver:
    """Answer several questions about one position, sharing one transposition table."""

    def __init__(self, pos: Position, deadline: float = 0.0, *,
                 compiled: bool | None = None) -> None:
        """Prepare to search ``pos``; past ``deadline`` (a time.perf_counter() value, 0: none)
        any search raises :class:`SearchTimeout`.  ``compiled``: as :meth:`Position.search`."""
        self.pos = pos
        self.s = pos.search(compiled)
        self.s.deadline = deadline
        self.base = pos.declarer_points()

    @property
    def nodes(self) -> int:
        """Return the nodes searched so far."""
        return self.s.nodes

    def exact(self, guess: int | None = None) -> int:
        """Return the declarer's final points with best play.

        Bisects on null-window tests (fail-soft, sharing the table), which searches fewer
        nodes here than one wide window; ``guess`` (final points) is where it starts.
        """
        return self.base + _bisect(self.s, None if guess is None else guess - self.base)

    def can_make(self, n: int) -> bool:
        """Return True if the declarer can still reach ``n`` points."""
        t = n - self.base
        if t <= 0:
            return True
        return self.s.search(t - 1, t) >= t

    def move_values(self, threshold: int | None = None) -> dict[int, int]:
        """Return each legal move's value: declarer's final points, or 1/0 (makes ``threshold``)."""
        s = self.s
        out: dict[int, int] = {}
        last: int | None = None  # a sibling's value: the first guess for the next one
        for m in s.moves():
            snap: Any = s.copy_state()
            gain = s.play(m)
            base = self.base + gain
            if threshold is None:
                out[m] = last = base + _bisect(s, None if last is None else last - base)
            else:
                t = threshold - base
                out[m] = 1 if t <= 0 or s.search(t - 1, t) >= t else 0
            s.restore(snap)
        return out


def _bisect(s: Search | DeclaringSearch, guess: int | None) -> int:
    """Return the exact future value of ``s`` by null-window tests."""
    lo = 0
    hi = s.bound()  # the value lies in [lo, hi]
    t = (lo + hi + 1) // 2 if guess is None else guess
    while lo < hi:
        t = max(lo + 1, min(t, hi))
        r = s.search(t - 1, t)
        if r >= t:
            lo = r
        else:
            hi = r
        t = (lo + hi + 1) // 2
    return lo


def solve_exact(pos: Position) -> int:
    """Return the declarer's final points with best play by both sides."""
    return Solver(pos).exact()


def can_make(pos: Position, n: int) -> bool:
    """Return True if the declarer can reach ``n`` points against best defence."""
    return Solver(pos).can_make(n)


def move_values(pos: Position, threshold: int | None = None) -> dict[int, int]:
    """Return each legal move's exact value (declarer's final points) or 1/0 at ``threshold``."""
    return Solver(pos).move_values(threshold)


def best_moves(pos: Position) -> list[int]:
    """Return the legal moves that are best (exact values) for the side of the seat to move."""
    vals = move_values(pos)
    if pos.seat_to_move() == pos.declarer:
        target = max(vals.values())
    else:
        target = min(vals.values())
    return [m for m, v in vals.items() if v == target]


def defender_values(pos: Position, contract: int) -> dict[int, tuple[int, int]]:
    """Return per defender move (1 if the declarer still makes ``contract`` else 0, his points).

    Lower is better for the defenders, compared as tuples: stop the contract first, then
    keep the declarer's points (and so raise the defenders' card points) as low as possible.
    """
    solver = Solver(pos)
    makes = solver.move_values(contract)
    exact = solver.move_values()
    return {m: (makes[m], exact[m]) for m in makes}

