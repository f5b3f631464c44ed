"""Solver positions from a Thousand sample: the bridge from the engine to :mod:`kozyr.bots.solver`.

PIMC samples full matches with ``SeatView.sample(rng)``: every card the seat cannot see is
dealt again, so a sample holds only guessed hidden cards.  :func:`solver_position` turns such a
sample's :class:`~kozyr.games.thousand.position.ThousandPosition` (the engine's documented
read-only view; :func:`position_from_match` takes the match itself) in its play phase into a
:class:`Position`.  The view holds every hand: build it only over a sample, never over the
real match of a game in progress.

Solver seats are the active seats in play order (four players: the dealer sits out), so solver
seat ``i`` is match seat ``seats[i]``.  Moves are the engine's own play actions: ``c`` (play)
and ``32 + c`` (play and declare), the same numbers as :data:`kozyr.bots.solver.DECLARE`, and
under §11's declarations every declaring lead of :mod:`kozyr.games.thousand.actions`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from kozyr.bots.solver import Position
from kozyr.bots.solver.declaring import uses_declaring
from kozyr.games.thousand.cardplay import ACE_MARRIAGE_VALUE, card_points
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.position import ThousandPosition


def position_from_match(m: Any) -> tuple[Position, list[int]]:
    """Return the play position of ThousandMatch ``m`` (play phase) and its seat map."""
    return solver_position(ThousandPosition(m))


def solver_position(p: ThousandPosition,
                    barrel: Collection[int] = ()) -> tuple[Position, list[int]]:
    """Return the play position of the deal ``p`` views (play phase) and its seat map.

    ``points`` are the card points taken plus the marriages declared; with two players the
    declarer's discards count for him.  Under §11's declarations the position carries the
    engine's :class:`Declarations` and what they read (the suits declared, the strict
    ace-marriage holder); ``barrel`` (match seats on the barrel) and the rules say whose
    declarations score (:func:`declaration_counts`).
    """
    if p.phase != "play":
        raise ValueError(f"no play position: the deal is in its {p.phase} phase")
    seats = list(p.play_order)
    index = {s: i for i, s in enumerate(seats)}
    rules = p.rules
    taken, marriages = p.taken, p.marriage_points
    declarer = p.declarer
    assert declarer is not None  # the play phase has one
    counts = declaration_counts(rules, seats, declarer, barrel)
    points = [taken[s] + (marriages[s] if counts is None or counts[i] else 0)
              for i, s in enumerate(seats)]
    if len(seats) == 2 and declarer in index:
        points[index[declarer]] += card_points(p.discards)
    hands = p.hands
    leader = p.leader
    assert declarer is not None and leader is not None  # the play phase has both
    pos = Position(
        hands=tuple(hands[s] for s in seats),
        leader=index[leader],
        declarer=index[declarer],
        trick=p.trick,
        trump=p.trump,
        can_declare=p.may_declare,
        marriage_values=tuple(rules.marriages),
        ace_marriage=ACE_MARRIAGE_VALUE if rules.ace_marriage else 0,
        must_beat=bool(rules.must_beat),
        fixed_trump=bool(rules.declarer_names_trump),
        points=tuple(points),
    )
    decl = p.declarations
    if uses_declaring(decl, counts):
        holder = p.ace_holder
        suit = p.ace_suit
        pos = replace(pos, declarations=decl, declared=p.declared_suits,
                      holder=-1 if holder is None or holder not in index else index[holder],
                      ace_suit=-1 if suit is None else suit, counts=counts)
    return pos, seats


def declaration_counts(rules: Any, seats: Sequence[int], declarer: int,
                       barrel: Collection[int] = ()) -> tuple[int, ...] | None:
    """Return per solver seat whether its declarations score for it (1) or not (0), None if
    all do: ``marriage_declarer_only`` silences the opponents', ``barrel_no_marriages`` a
    barrel seat's (rules/thousand.md §11.6, §11.7; the declaration still names the trump)."""
    counts = tuple(0 if (rules.marriage_declarer_only and s != declarer)
                   or (rules.barrel_no_marriages and s in barrel) else 1 for s in seats)
    return None if all(counts) else counts


def declarer_position(hands: Mapping[int, int], order: Sequence[int], declarer: int,
                      rules: Any, trump: int | None = None,
                      barrel: Collection[int] = ()) -> Position:
    """Return the trick-1 position of a planned deal: ``hands`` by match seat, declarer leads.

    ``trump`` is a suit named beforehand (501) or None; ``barrel`` as for
    :func:`solver_position`.
    """
    index = {s: i for i, s in enumerate(order)}
    decl = Declarations.of(rules)
    counts = declaration_counts(rules, order, declarer, barrel)
    extra: dict[str, Any] = {}
    if uses_declaring(decl, counts):
        extra = {"declarations": decl, "counts": counts}
    return Position(
        hands=tuple(hands[s] for s in order),
        leader=index[declarer],
        declarer=index[declarer],
        trump=trump,
        can_declare=bool(rules.marriage_on_first_trick),
        marriage_values=tuple(rules.marriages),
        ace_marriage=ACE_MARRIAGE_VALUE if rules.ace_marriage else 0,
        must_beat=bool(rules.must_beat),
        fixed_trump=bool(rules.declarer_names_trump),
        points=(0,) * len(order),
        **extra,
    )
