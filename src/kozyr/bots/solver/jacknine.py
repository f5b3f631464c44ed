"""What the Debertz and Tertz solvers share: strength tables, equivalent cards, exact values.

Both games rank trumps J 9 A 10 K Q 8 7 (each game's ``cardplay.TRUMP_STRENGTH``) and give
7, 8 and 9 of a plain suit no points, so the two double-dummy searches
(:mod:`kozyr.bots.solver.debertz`, :mod:`kozyr.bots.solver.tertz`) order moves, drop
equivalent cards and find exact values the same way:

- :func:`strength_table`: each card's trick-taking strength under a trump, for move ordering
  and the hot loops' inlined trick winner;
- :data:`REDUNDANT` and :func:`representatives`: touching zero-point cards of one hand with no
  live card between them are equivalent, so only one is searched;
- :func:`exact_value`: the exact value of a fail-soft alpha-beta search from null-window
  tests (MTD(f) steps from a guess, then bisection).

>>> from kozyr.cards import parse_card
>>> from kozyr.games.debertz.cardplay import TRUMP_STRENGTH
>>> t = strength_table(3, TRUMP_STRENGTH)
>>> t[parse_card("JH")] > t[parse_card("9H")] > t[parse_card("AH")] > t[parse_card("AS")]
True
>>> exact_value(lambda alpha, beta: 17, bound=100, guess=None)  # a search whose value is 17
17
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["REDUNDANT", "exact_value", "representatives", "strength_table"]


def strength_table(trump: int, trump_strength: Sequence[int]) -> tuple[int, ...]:
    """Return each card's trick-taking strength with ``trump`` (trumps above plain cards).

    ``trump_strength`` is the game's strength of each rank in trumps; plain cards keep the
    rank order.
    """
    return tuple(16 + trump_strength[c & 7] if c >> 3 == trump else c & 7 for c in range(32))


def _redundant_table() -> tuple[tuple[int, ...], ...]:
    """Return ``REDUNDANT[held][live]`` for the three zero-point ranks 7 8 9 of a plain suit.

    ``held`` and ``live`` are 3-bit patterns (ranks 7, 8, 9); a held card is redundant when
    the next lower live card of the suit is held too (nothing between them can matter).
    """
    out = []
    for held in range(8):
        row = []
        for live in range(8):
            red = 0
            prev_held = False
            for r in range(3):
                if live >> r & 1:
                    here = bool(held >> r & 1)
                    if here and prev_held:
                        red |= 1 << r
                    prev_held = here
            row.append(red)
        out.append(tuple(row))
    return tuple(out)


#: ``REDUNDANT[held][live]``: the held plain 7/8/9 (3-bit patterns) a search may skip.
REDUNDANT = _redundant_table()


def representatives(cards: list[int], hand: int, live: int, trump: int) -> dict[int, int]:
    """Return, for each of ``cards`` (of one hand), the card searched in its place.

    Touching zero-point cards of the hand with no ``live`` card between them (plain 7/8/9,
    trump 8 over 7) are equivalent: each maps to the lowest of its group.

    >>> from kozyr.cards import format_card as f, parse_hand
    >>> reps = representatives([0, 1, 2, 8], parse_hand("7S 8S 9S 7C"), parse_hand("7S 8S 9S 7C"),
    ...                        trump=3)
    >>> {f(c): f(r) for c, r in reps.items()}
    {'7S': '7S', '8S': '7S', '9S': '7S', '7C': '7C'}
    """
    out = {c: c for c in cards}
    for s in range(4):
        if s == trump:
            seven, eight = s * 8, s * 8 + 1
            if eight in out and hand >> seven & 1:
                out[eight] = seven
            continue
        rep = -1
        for r in range(3):
            c = s * 8 + r
            if not live >> c & 1:
                continue
            if hand >> c & 1:
                if rep < 0:
                    rep = c
                if c in out:
                    out[c] = rep
            else:
                rep = -1
    return out


def exact_value(test: Callable[[int, int], int], bound: int, guess: int | None) -> int:
    """Return the exact value, in ``[-bound, bound]``, of a fail-soft search by null windows.

    ``test(alpha, beta)`` searches with that window and returns a fail-soft value.  From a
    ``guess`` three MTD(f) steps (each test next to the last result), then bisection; with no
    guess, bisection from 0.
    """
    lo, hi = -bound, bound  # the value lies in [lo, hi]
    t = 0 if guess is None else guess
    steps = 0 if guess is None else 3
    while lo < hi:
        t = max(lo + 1, min(t, hi))
        r = test(t - 1, t)
        if r >= t:
            lo = r
        else:
            hi = r
        if steps:
            steps -= 1
            t = lo + 1 if r >= t else hi
        else:
            t = (lo + hi + 1) // 2
    return lo
