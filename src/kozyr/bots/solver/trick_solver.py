"""What the two-seat and trick games' double-dummy solvers share: the root, the deadline and
the transposition table (Debertz, Tertz, Piquet, Bezique).

A solver searches one position and its children with one transposition table; its search is a
closure made once (``_make_search``), reading the solver's ``hands`` list, which each root
search fills from its position.  Past ``deadline`` (a ``clock()`` value; 0: none) a search
raises :class:`~kozyr.bots.solver.search.SearchTimeout`.  A solver whose game has a compiled
kernel (``has_kernel``: Debertz, Tertz; :mod:`kozyr.bots.solver.kernel`) searches with it
unless ``compiled=False``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from kozyr.bots.solver.kernel import use_compiled


class _Dealt(Protocol):
    @property
    def hands(self) -> Sequence[int]: ...


P = TypeVar("P", bound=_Dealt)


class TrickSolver(Generic[P]):
    """Search one position (and its children), sharing one transposition table."""

    #: Whether this game's search has a compiled kernel (kozyr.bots.solver.kernel).
    has_kernel = False

    def __init__(self, pos: P, deadline: float = 0.0,
                 clock: Callable[[], float] = time.perf_counter, *,
                 compiled: bool | None = None) -> None:
        """Prepare to search ``pos``; past ``deadline`` (a ``clock()`` value, 0: none) a search
        raises :class:`SearchTimeout`.  ``compiled``: search with the compiled kernel (None:
        where it was built; False: the pure-Python search)."""
        self.pos = pos
        #: True if the search runs in the compiled kernel.
        self.compiled = self.has_kernel and use_compiled(compiled)
        self.hands = list(pos.hands)
        self.deadline = deadline
        self.clock = clock
        self.tt: dict[Any, list[int]] = {}
        self.nodes = 0
        self._prepare(pos)
        self._ab = self._make_search()

    def _prepare(self, pos: P) -> None:
        """Set the game's own tables for ``pos``'s deal (before the search is made)."""

    def _make_search(self) -> Callable[..., int]:
        """Return the search closure (``alpha``, ``beta`` and the game's state arguments)."""
        raise NotImplementedError
