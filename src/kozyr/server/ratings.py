"""Ratings: openskill's Plackett-Luce model, per game and preset, after each finished match.

A finished match ranks its seats: the winner(s) first, the others by their final totals
(a tie shares a rank).  Bots take part with a fixed default rating and are never stored.

>>> ranks_of([1005, 430, 620], 0)
[1, 3, 2]
>>> ranks_of([50, 80, 50, 80], [1, 3])
[3, 1, 3, 1]

What a player is shown is on a display scale (:func:`shown`): openskill's skill estimate
``mu`` and its uncertainty ``sigma`` (a new player: 25 and 25/3) are mapped by
``x -> DISPLAY_BASE + DISPLAY_SCALE * x`` (sigma by ``DISPLAY_SCALE`` alone), and the rating is
the conservative ``mu - 3 sigma`` (openskill's *ordinal*) on that scale, never below 0:

>>> shown(25.0, 25 / 3)
{'display': 1000, 'skill': 2000, 'uncertainty': 333}
>>> shown(27.5, 4.0)
{'display': 1620, 'skill': 2100, 'uncertainty': 160}
>>> shown(12.0, 5.0)
{'display': 880, 'skill': 1480, 'uncertainty': 200}
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

_model = PlackettLuce()


def ranks_of(totals: list[int], winner: int | list[int] | None) -> list[int]:
    """Return a rank per seat (1 best): the winners first, then by totals, ties shared."""
    winners = set(winner) if isinstance(winner, list) else ({winner} if winner is not None
                                                              else set())
    keyed = [(0 if i in winners else 1, -t) for i, t in enumerate(totals)]
    return [1 + sum(1 for other in keyed if other < k) for k in keyed]


def conservative(mu: float, sigma: float) -> float:
    """Return the displayed rating, mu - 3 sigma."""
    return round(mu - 3 * sigma, 2)


#: the display scale of a rating (docs/protocol.md §2, Profile): a new player's rating (an
#: ordinal of 0) shows as DISPLAY_BASE, one openskill point as DISPLAY_SCALE
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40


def shown(mu: float, sigma: float) -> dict[str, int]:
    """Return a rating as a player is shown it: ``display`` (the conservative rating,
    ``mu - 3 sigma``, on the display scale, at least 0), ``skill`` (``mu`` on it) and
    ``uncertainty`` (``sigma`` on it), so that display = skill - 3 x uncertainty."""
    return {"display": max(0, round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))),
            "skill": round(DISPLAY_BASE + DISPLAY_SCALE * mu),
            "uncertainty": round(DISPLAY_SCALE * sigma)}


def update(current: list[tuple[float, float] | None], ranks: list[int]
           ) -> list[tuple[float, float]]:
    """Return each seat's new (mu, sigma) after a match; None = a new or unrated player."""
    teams = [[_model.rating() if c is None else _model.rating(mu=c[0], sigma=c[1])]
             for c in current]
    out: Any = _model.rate(teams, ranks=[float(r) for r in ranks])
    return [(t[0].mu, t[0].sigma) for t in out]


def default() -> tuple[float, float]:
    """Return a new player's (mu, sigma)."""
    r = _model.rating()
    return (r.mu, r.sigma)
