"""The double-dummy questions the analysis asks, one adapter per game with a solver.

A finished deal's record holds every card, so the analysis reads the whole position (the
games' position views, :mod:`kozyr.bots.solver.adapter`, :func:`kozyr.bots.pimc_tricks.
debertz_position`): it is never run on a game in progress.  Each adapter answers, for the
position of a match in its play phase:

- :meth:`DoubleDummy.card_values`: the value after each legal card of the seat to act, exact
  (``"exact"``) or, when the exact search does not finish in its time, the contract's verdict
  alone (``"contract"``: 1 made, 0 not), or nothing (``"none"``);
- :meth:`DoubleDummy.maximises`: whether that seat's side wants the value high;
- :meth:`DoubleDummy.made`: whether an exact value makes the contract (None: no contract).

The value is each game's solver value: Thousand the declarer's final points (cards and
marriages), Debertz the final difference of the declarer's side's points over the others',
Tertz seat 0's points less seat 1's (the last trick's 10 included), Piquet and Bezique seat
0's deal points less seat 1's (Bezique: the last eight tricks only).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kozyr.bots.solver.search import SearchTimeout
from kozyr.cards import parse_card

#: How a decision was analysed: every card's exact value, the contract's verdict only, nothing.
EXACT, CONTRACT, NONE = "exact", "contract", "none"


@dataclass
class CardValues:
    """The values of the legal cards of one decision, keyed by action text."""

    mode: str  # EXACT, CONTRACT or NONE
    values: dict[str, int]


class DoubleDummy:
    """The analysis's questions to one game's solver (see the module)."""

    #: what the value measures, for the output
    unit = ""

    def __init__(self, match: Any) -> None:
        self.match = match

    def maximises(self) -> bool:
        """Return True if the side of the seat to act wants the value high."""
        raise NotImplementedError

    def made(self, value: int) -> bool | None:
        """Return whether a final value makes the contract (None: the game has none)."""
        return None

    def at_trick_start(self) -> bool:
        """Return True if no card of the current trick is on the table."""
        raise NotImplementedError

    def _exact(self, cards: dict[str, int], deadline: float) -> dict[str, int]:
        raise NotImplementedError

    def _contract(self, cards: dict[str, int], deadline: float) -> dict[str, int] | None:
        return None

    def card_values(self, budget: float,
                    clock: Callable[[], float] = time.perf_counter) -> CardValues:
        """Return the values of the legal cards, within ``budget`` seconds per kind of search.

        The exact values first; past the budget, the contract's verdict per card (a null-window
        test, far cheaper) with a budget of its own; past that too, nothing.
        """
        m = self.match
        cards = {m.action_to_text(a): a for a in m.legal_actions()
                 if m.action_to_text(a).startswith("play ")}
        try:
            return CardValues(EXACT, self._exact(cards, clock() + budget))
        except SearchTimeout:
            pass
        try:
            verdicts = self._contract(cards, clock() + budget)
        except SearchTimeout:
            verdicts = None
        if verdicts is None:
            return CardValues(NONE, {})
        return CardValues(CONTRACT, verdicts)


class ThousandDD(DoubleDummy):
    """Thousand: the declarer's final points (:mod:`kozyr.bots.solver`)."""

    unit = "declarer's points"

    def __init__(self, match: Any) -> None:
        from kozyr.bots.solver.adapter import position_from_match

        super().__init__(match)
        self.pos, self.seats = position_from_match(match)
        obs = match.observation(None)
        self.contract = int(obs.get("contract") or obs.get("bid") or 100)

    def maximises(self) -> bool:
        return self.pos.seat_to_move() == self.pos.declarer

    def made(self, value: int) -> bool | None:
        return value >= self.contract

    def at_trick_start(self) -> bool:
        return not self.pos.trick

    def _solver(self, deadline: float) -> Any:
        from kozyr.bots.solver import Solver

        return Solver(self.pos, deadline)

    def _exact(self, cards: dict[str, int], deadline: float) -> dict[str, int]:
        values = self._solver(deadline).move_values()
        return {t: values[a] for t, a in cards.items()}

    def _contract(self, cards: dict[str, int], deadline: float) -> dict[str, int] | None:
        values = self._solver(deadline).move_values(self.contract)
        return {t: values[a] for t, a in cards.items()}


class DebertzDD(DoubleDummy):
    """Debertz: the declarer's side's points less the others' (:mod:`kozyr.bots.solver.debertz`).

    In the first trick the seats still to play are taken to swap the seven and declare their
    melds (:func:`kozyr.bots.pimc_tricks.debertz_position`); ``play C bella`` and ``play C``
    are one card to the solver, which always announces the bella.
    """

    unit = "declarer's side's points less the others'"

    def __init__(self, match: Any) -> None:
        from kozyr.bots.pimc_tricks import debertz_position

        super().__init__(match)
        self.pos = debertz_position(match)
        sides = self.pos.side_list()
        self.side = sides[self.pos.declarer]

    def maximises(self) -> bool:
        return self.pos.side_list()[self.pos.seat_to_move()] == self.side

    def made(self, value: int) -> bool | None:
        return value > 0

    def at_trick_start(self) -> bool:
        return not self.pos.trick

    def _each(self, cards: dict[str, int], deadline: float,
              ask: Callable[[Any, Any], int]) -> dict[str, int]:
        from kozyr.bots.solver.debertz import DebertzSolver

        solver = DebertzSolver(self.pos, deadline)
        out: dict[str, int] = {}
        for text in cards:
            out[text] = ask(solver, solver.child(parse_card(text.split()[1])))
        return out

    def _exact(self, cards: dict[str, int], deadline: float) -> dict[str, int]:
        return self._each(cards, deadline, lambda s, child: int(s.value(child)))

    def _contract(self, cards: dict[str, int], deadline: float) -> dict[str, int] | None:
        return self._each(cards, deadline, lambda s, child: int(s.at_least(1, child)))


class TertzDD(DoubleDummy):
    """Tertz: seat 0's points less seat 1's, the stock's order known
    (:mod:`kozyr.bots.solver.tertz`)."""

    unit = "seat 1's points less seat 2's"

    def __init__(self, match: Any) -> None:
        from kozyr.bots.pimc_tricks import tertz_position

        super().__init__(match)
        self.pos = tertz_position(match, 0)

    def maximises(self) -> bool:
        return self.pos.seat_to_move() == 0

    def at_trick_start(self) -> bool:
        return self.pos.lead < 0

    def _exact(self, cards: dict[str, int], deadline: float) -> dict[str, int]:
        from kozyr.bots.solver.tertz import TertzSolver
        from kozyr.bots.solver.tertz import play as tertz_play

        solver = TertzSolver(self.pos, deadline)
        return {t: int(solver.value(tertz_play(self.pos, parse_card(t.split()[1]))))
                for t in cards}


class PiquetDD(DoubleDummy):
    """Piquet: seat 0's points less seat 1's in the deal (its declarations included, then what
    the twelve tricks reckon: the points of play, the last trick, the cards or capot, the pique;
    :mod:`kozyr.bots.solver.piquet`)."""

    unit = "seat 1's points less seat 2's in the deal"

    def __init__(self, match: Any) -> None:
        from kozyr.bots.pimc_piquet import piquet_position

        super().__init__(match)
        self.pos = piquet_position(match, 0)

    def maximises(self) -> bool:
        return self.pos.seat_to_move() == 0

    def at_trick_start(self) -> bool:
        return self.pos.lead < 0

    def _exact(self, cards: dict[str, int], deadline: float) -> dict[str, int]:
        from kozyr.bots.solver.piquet import PiquetSolver
        from kozyr.bots.solver.piquet import play as piquet_play

        solver = PiquetSolver(self.pos, deadline)
        base = self.pos.points[0] - self.pos.points[1]
        out: dict[str, int] = {}
        for text, action in cards.items():
            child, gain = piquet_play(self.pos, action)
            out[text] = base + gain + int(solver.value(child))
        return out


class BeziqueDD(DoubleDummy):
    """Bezique: seat 0's points less seat 1's in the deal, exact in the last eight tricks
    (:mod:`kozyr.bots.solver.bezique`: no stock, no declaration left, follow-and-beat).
    Before them each trick's winner chooses a declaration, which the solver models as the
    bots make it rather than searching: those cards are not valued (``"none"``)."""

    unit = "seat 1's points less seat 2's in the deal"

    def __init__(self, match: Any) -> None:
        from kozyr.bots.solver.bezique import BeziquePosition
        from kozyr.games.bezique.actions import DRAW

        if match.phase == "meld":  # a winner's window: his lead comes after the draw
            match = match.clone()  # (a recorded play there is draw, then lead)
            match.apply_action(DRAW)
        super().__init__(match)
        self.pos: Any = BeziquePosition.of_match(match, 0)

    def maximises(self) -> bool:
        return bool(self.pos.seat_to_move() == 0)

    def at_trick_start(self) -> bool:
        return bool(self.pos.lead < 0)

    def _exact(self, cards: dict[str, int], deadline: float) -> dict[str, int]:
        from kozyr.bots.solver.bezique import BeziqueSolver
        from kozyr.bots.solver.bezique import play as bezique_play

        if self.pos.draws:
            raise SearchTimeout  # not exact while the stock lasts (see the class)
        solver = BeziqueSolver(self.pos, deadline)
        return {t: int(solver.value(bezique_play(self.pos, a))) for t, a in cards.items()}


#: The games the analysis knows, by registry name.
ADAPTERS: dict[str, type[DoubleDummy]] = {
    "thousand": ThousandDD,
    "debertz": DebertzDD,
    "tertz": TertzDD,
    "piquet": PiquetDD,
    "bezique": BeziqueDD,
}


def adapter_for(game: str) -> type[DoubleDummy] | None:
    """Return the analysis adapter of ``game``, None if it has no double-dummy solver yet."""
    return ADAPTERS.get(game)
