"""The one place where a bot reads a Thousand match's hidden state: a full deal for the solver.

PIMC samples full matches with ``SeatView.sample(rng)``: every card the seat cannot see is
dealt again, so a sample holds only guessed hidden cards.  :func:`position_from_match` turns
such a sample (or any ThousandMatch in its play phase) into a :class:`Position`.  It reads the
match's internal state (hands, trick, trump, points): call it only on a sample, never on the
real match of a game in progress.

Solver seats are the active seats in play order (four players: the dealer sits out), so solver
seat ``i`` is match seat ``seats[i]``.  Moves are the engine's own play actions: ``c`` (play)
and ``32 + c`` (play and declare), the same numbers as :data:`kozyr.bots.solver.DECLARE`.
"""

from __future__ import annotations

from typing import Any

from kozyr.bots.solver import Position, hand_points

ACE_MARRIAGE_VALUE = 200


def play_order(m: Any) -> list[int]:
    """Return the active seats of ``m`` in play order, starting from the lowest."""
    first = min(m._active)
    order = [first]
    while len(order) < len(m._active):
        order.append(m._nxt[order[-1]])
    return order


def position_from_match(m: Any) -> tuple[Position, list[int]]:
    """Return the play position of ThousandMatch ``m`` (play phase) and its seat map.

    ``points`` are the card points taken plus the marriages declared; with two players the
    declarer's discards count for him.
    """
    if m.phase != "play":
        raise ValueError(f"no play position: the deal is in its {m.phase} phase")
    seats = play_order(m)
    index = {s: i for i, s in enumerate(seats)}
    rules = m.rules
    points = [m._taken[s] + m._marriage_points[s] for s in seats]
    if len(seats) == 2 and m._declarer in index:
        points[index[m._declarer]] += hand_points(m._discards)
    pos = Position(
        hands=tuple(m._hands[s] for s in seats),
        leader=index[m._leader],
        declarer=index[m._declarer],
        trick=tuple(m._trick),
        trump=None if m._trump < 0 else m._trump,
        can_declare=bool(m._trick_no) or bool(rules.marriage_on_first_trick),
        marriage_values=tuple(rules.marriages),
        ace_marriage=ACE_MARRIAGE_VALUE if rules.ace_marriage else 0,
        must_beat=bool(rules.must_beat),
        fixed_trump=bool(rules.declarer_names_trump),
        points=tuple(points),
    )
    return pos, seats


def declarer_position(hands: dict[int, int], order: list[int], declarer: int,
                      rules: Any, trump: int = -1) -> Position:
    """Return the trick-1 position of a planned deal: ``hands`` by match seat, declarer leads.

    ``trump`` is a suit named beforehand (501) or -1.
    """
    index = {s: i for i, s in enumerate(order)}
    return Position(
        hands=tuple(hands[s] for s in order),
        leader=index[declarer],
        declarer=index[declarer],
        trump=None if trump < 0 else trump,
        can_declare=bool(rules.marriage_on_first_trick),
        marriage_values=tuple(rules.marriages),
        ace_marriage=ACE_MARRIAGE_VALUE if rules.ace_marriage else 0,
        must_beat=bool(rules.must_beat),
        fixed_trump=bool(rules.declarer_names_trump),
        points=(0,) * len(order),
    )
