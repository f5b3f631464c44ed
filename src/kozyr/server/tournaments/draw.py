"""A tournament's arithmetic, pure: who sits at which table, what a table's result scores,
who goes on, the standings and the final places.

The rules (docs/protocol.md §4.9 says them to players):

- **Tables.** A round seats its players at ``ceil(players / n)`` tables of the game's ``n``
  seats, as even as can be (sizes differ by one at most); the seats nobody fills take bots.
  A knockout's first round spreads the seeds (by rating at the start) as a snake, so the
  strongest meet last; a Swiss round seats players in order of the standings, the leaders
  together (the first round by rating).
- **Match points.** At a table of ``n`` seats a player scores one point for every seat he
  finished ahead of and half a point for every seat he tied with (``ratings.ranks_of``: the
  match's winner first, then by totals): a win at a two-player table is 1, a draw ½; at
  three seats, 2, 1 and 0.  Bots are seats like any other.  A player who **forfeits** the
  match (he never played a card himself, left it and did not come back, or ran out of time)
  scores nothing for it: no match points, no game points.
- **Knockout.** Each table sends on its best placed player who did not forfeit (bots never
  go on); a table whose players all forfeited sends nobody.  The last one in wins.
- **Tie-breaks**: match points, then game points (the sum of one's totals), then the rating
  at the start, then the name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from kozyr.server.ratings import ranks_of

#: the tie-break rule as players are told it
TIEBREAKS = "match points, then game points, then rating at the start"


@dataclass
class Entrant:
    """A registered player as the draw sees him."""

    user_id: int
    name: str
    rating: int = 0
    points: float = 0.0
    game_points: int = 0
    status: str = "in"


def table_sizes(players: int, per_table: int) -> list[int]:
    """Return how many players each table of a round seats, larger tables first.

    >>> table_sizes(5, 2), table_sizes(7, 3), table_sizes(4, 4), table_sizes(1, 3)
    ([2, 2, 1], [3, 2, 2], [4], [1])
    """
    tables = max(1, math.ceil(players / per_table))
    base, extra = divmod(players, tables)
    return [base + (1 if i < extra else 0) for i in range(tables)]


def knockout_rounds(players: int, per_table: int) -> int:
    """Return how many rounds a knockout of ``players`` takes (one goes on from each table).

    >>> knockout_rounds(2, 2), knockout_rounds(5, 2), knockout_rounds(9, 3), knockout_rounds(4, 3)
    (1, 3, 2, 2)
    """
    rounds = 0
    while players > 1:
        players = len(table_sizes(players, per_table))
        rounds += 1
    return rounds


def seeded(entrants: list[Entrant]) -> list[Entrant]:
    """Return the entrants by rating at the start (best first), then name."""
    return sorted(entrants, key=lambda e: (-e.rating, e.name))


def standings(entrants: list[Entrant]) -> list[Entrant]:
    """Return the entrants in order of the standings (the tie-breaks of the module)."""
    return sorted(entrants, key=lambda e: (-e.points, -e.game_points, -e.rating, e.name))


def snake(order: list[Entrant], per_table: int) -> list[list[Entrant]]:
    """Seat ``order`` (best first) at tables as a snake: seeds 1..T one to a table, then
    T+1..2T back the other way, and so on.

    >>> [[e.name for e in t] for t in snake([Entrant(i, c) for i, c in enumerate("abcde")], 2)]
    [['a', 'e'], ['b', 'd'], ['c']]
    """
    sizes = table_sizes(len(order), per_table)
    tables: list[list[Entrant]] = [[] for _ in sizes]
    forward = True
    pending = list(order)
    while pending:
        pick = range(len(tables)) if forward else range(len(tables) - 1, -1, -1)
        for k in pick:
            if pending and len(tables[k]) < sizes[k]:
                tables[k].append(pending.pop(0))
        forward = not forward
    return tables


def in_order(order: list[Entrant], per_table: int) -> list[list[Entrant]]:
    """Seat ``order`` at tables in turn: the first ones together, then the next.

    >>> [[e.name for e in t] for t in in_order([Entrant(i, c) for i, c in enumerate("abcde")],
    ...                                         2)]
    [['a', 'b'], ['c', 'd'], ['e']]
    """
    tables, start = [], 0
    for size in table_sizes(len(order), per_table):
        tables.append(order[start:start + size])
        start += size
    return tables


def draw_round(kind: str, entrants: list[Entrant], per_table: int, first: bool
               ) -> list[list[Entrant]]:
    """Return the tables of the next round of the players still in."""
    live = [e for e in entrants if e.status == "in"]
    if kind == "knockout":
        return snake(seeded(live), per_table) if first else snake(standings(live), per_table)
    return in_order(seeded(live) if first else standings(live), per_table)


def match_points(totals: list[int], winner: Any) -> list[float]:
    """Return each seat's match points: a point per seat finished ahead of, ½ per tie.

    >>> match_points([1010, 640], 0), match_points([300, 300], [0, 1])
    ([1.0, 0.0], [0.5, 0.5])
    >>> match_points([1005, 700, 700], 0)
    [2.0, 0.5, 0.5]
    """
    ranks = ranks_of(totals, winner)
    return [sum(1.0 if r < o else 0.5 if r == o else 0.0
                for j, o in enumerate(ranks) if j != i) for i, r in enumerate(ranks)]


def score_table(seats: list[dict[str, Any]], totals: list[int], winner: Any,
                forfeits: list[int], ratings: dict[int, int]) -> dict[str, Any]:
    """Score one finished table of a round.

    ``seats``: per seat ``{"user_id": id or None (a bot), "name"}``; ``forfeits``: the seats
    that score nothing; ``ratings``: user id -> rating at the start (to break a tie for going
    on).  Return ``{"totals", "points", "game_points", "advance": [name] or [], "forfeits":
    [names]}`` (``points``/``game_points`` per seat, a bot's and a forfeit's 0).

    >>> seats = [{"user_id": 1, "name": "ann"}, {"user_id": None, "name": "bot:normal"},
    ...          {"user_id": 2, "name": "bob"}]
    >>> r = score_table(seats, [420, 1000, 610], 1, [], {1: 1000, 2: 1000})
    >>> r["points"], r["advance"]
    ([0.0, 0.0, 1.0], ['bob'])
    >>> score_table(seats, [420, 1000, 610], 1, [2], {1: 1000, 2: 1000})["advance"]
    ['ann']
    """
    full = match_points(totals, winner)
    ranks = ranks_of(totals, winner)
    points, game_points = [], []
    for i, s in enumerate(seats):
        scores = s.get("user_id") is not None and i not in forfeits
        points.append(full[i] if scores else 0.0)
        game_points.append(int(totals[i]) if scores else 0)
    eligible = [i for i, s in enumerate(seats)
                if s.get("user_id") is not None and i not in forfeits]
    eligible.sort(key=lambda i: (ranks[i], -totals[i], -ratings.get(seats[i]["user_id"], 0),
                                 seats[i]["name"]))
    return {"totals": list(totals), "points": points, "game_points": game_points,
            "advance": [seats[eligible[0]]["name"]] if eligible else [],
            "forfeits": [seats[i]["name"] for i in forfeits if i < len(seats)]}


def knockout_places(entrants: list[Entrant], went_out: dict[int, int], winner: int | None
                    ) -> dict[int, int]:
    """Return each entrant's final place in a knockout: the winner first, then by the round
    he went out in (later is better), then by the standings' tie-breaks.

    ``went_out``: user id -> the round he lost in (missing: never lost).
    """
    last = max(went_out.values(), default=0) + 1
    order = sorted(entrants, key=lambda e: (
        0 if e.user_id == winner else 1, -went_out.get(e.user_id, last),
        -e.points, -e.game_points, -e.rating, e.name))
    return {e.user_id: place for place, e in enumerate(order, 1)}


def swiss_places(entrants: list[Entrant]) -> dict[int, int]:
    """Return each entrant's final place in a Swiss tournament (the standings)."""
    return {e.user_id: place for place, e in enumerate(standings(entrants), 1)}
