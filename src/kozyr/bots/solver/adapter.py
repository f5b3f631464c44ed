"""Solver positions from a Thousand sample: the bridge from the engine to :mod:`kozyr.bots.solver`.

PIMC samples full matches with ``SeatView.sample(rng)``: every card the seat cannot see is
dealt again, so a sample holds only guessed hidden cards.  :func:`solver_position` turns such a
sample's :class:`~kozyr.games.thousand.position.ThousandPosition` (the engine's documented
read-only view; :func:`position_from_match` takes the match itself) in its play phase into a
:class:`Position`.  The view holds every hand: build it only over a sample, never over the
real match of a game in progress.

Solver seats are the active seats in play order (four players: the dealer sits out), so solver
seat ``i`` is match seat ``seats[i]``.  Moves are the engine's own play actions: ``c`` (play)
and ``32 + c`` (play and declare), the same numbers as :data:`kozyr.bots.solver.DECLARE`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kozyr.bots.solver import Position
from kozyr.games.thousand.cardplay import ACE_MARRIAGE_VALUE, card_points
from kozyr.games.thousand.position import ThousandPosition


def position_from_match(m: Any) -> tuple[Position, list[int]]:
    """Return the play position of ThousandMatch ``m`` (play phase) and its seat map."""
    return solver_position(ThousandPosition(m))


def solver_position(p: ThousandPosition) -> tuple[Position, list[int]]:
    """Return the play position of the deal ``p`` views (play phase) and its seat map.

    ``points`` are the card points taken plus the marriages declared; with two players the
    declarer's discards count for him.
    """
    if p.phase != "play":
        raise ValueError(f"no play position: the deal is in its {p.phase} phase")
    seats = list(p.play_order)
    index = {s: i for i, s in enumerate(seats)}
    rules = p.rules
    taken, marriages = p.taken, p.marriage_points
    points = [taken[s] + marriages[s] for s in seats]
    declarer = p.declarer
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
    return pos, seats


def declarer_position(hands: Mapping[int, int], order: Sequence[int], declarer: int,
                      rules: Any, trump: int | None = None) -> Position:
    """Return the trick-1 position of a planned deal: ``hands`` by match seat, declarer leads.

    ``trump`` is a suit named beforehand (501) or None.
    """
    index = {s: i for i, s in enumerate(order)}
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
    )
