"""The Bot interface: a bot sees one seat's observation and chooses an action.

A bot is given a :class:`kozyr.core.match.SeatView` — the seat's observation, its legal actions
and a way to sample full deals consistent with that observation — and nothing else.  It returns
one of the legal actions (an int of the game's encoding).

Bots are constructed with a seed so their choices are reproducible: ``make_bot("normal", seed=3)``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from kozyr.core.match import SeatView
from kozyr.games.registry import names


class Bot(ABC):
    """A computer player."""

    #: The name the registry knows it by (``random``, ``heuristic``, ``pimc``...).
    name: ClassVar[str] = ""
    #: The games it can play (every registered game unless the bot says otherwise).
    games: ClassVar[tuple[str, ...]] = names()

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, view: SeatView) -> int:
        """Return the action to take; ``view.legal_actions()`` is never empty here."""


class RandomBot(Bot):
    """Plays uniformly at random among the legal actions."""

    name = "random"

    def act(self, view: SeatView) -> int:
        """Return a legal action chosen uniformly at random."""
        return self.rng.choice(view.legal_actions())
