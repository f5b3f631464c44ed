"""The compiled search kernels of the Thousand, Debertz and Tertz solvers, where the build made
them.

``kozyr.bots.solver.ckernel`` (C, built by ``pip install`` through setup.py; skipped where no
compiler is present) holds each solver's alpha-beta, statement for statement, with the game's
tables passed in from Python (Thousand's fast search, :mod:`kozyr.bots.solver.search`; §11's
declaring search stays in Python).  A solver uses it unless told not to: ``compiled=False``, or the
environment variable ``KOZYR_SOLVER=pure`` for a whole process (benchmarks, a suspect kernel).
The pure-Python searches stay the reference: tests/bots/test_kernel.py and
test_kernel_thousand.py check that both give the same values and node counts on random
positions of every option.

>>> use_compiled(False)
False
"""

from __future__ import annotations

import importlib
import os
import weakref
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol

__all__ = ["available", "built", "kernel_search", "module", "use_compiled", "window"]

#: The kernel's interface version this module speaks (the C module's ``VERSION``).
VERSION = 2
#: Search windows are clamped to this (no value comes near it; the C ints stay small).
_BIG = 1 << 20

_module: ModuleType | None
try:
    _module = importlib.import_module("kozyr.bots.solver.ckernel")
except ImportError:  # no compiler at install time: the pure-Python searches run
    _module = None
if _module is not None and getattr(_module, "VERSION", None) != VERSION:
    _module = None  # a stale build of an older kernel: run `make dev` again to rebuild it


def built() -> bool:
    """Return True if the compiled kernel was built (whatever ``KOZYR_SOLVER`` says)."""
    return _module is not None


def available() -> bool:
    """Return True if the compiled kernel was built and may be used in this process."""
    return _module is not None and os.environ.get("KOZYR_SOLVER", "") != "pure"


def module() -> ModuleType:
    """Return the compiled module (raise RuntimeError if it was not built)."""
    if _module is None:
        raise RuntimeError("the compiled solver kernel was not built (no C compiler at install)")
    return _module


def use_compiled(compiled: bool | None) -> bool:
    """Return whether a solver asked with ``compiled`` (None: the default) runs compiled.

    ``True`` where the kernel was not built raises RuntimeError.
    """
    if compiled is None:
        return available()
    if compiled:
        module()
    return compiled


def window(v: int) -> int:
    """Return a search window's bound clamped to what the kernels take (no value comes near).

    >>> window(1 << 30), window(-5)
    (1048576, -5)
    """
    return max(-_BIG, min(v, _BIG))


class _Counted(Protocol):
    nodes: int
    hands: list[int]


class _Kernel(Protocol):
    nodes: int

    def ab(self, hands: Sequence[int], alpha: int, beta: int, *state: int) -> int: ...


def kernel_search(solver: _Counted, kern: Any) -> Callable[..., int]:
    """Return the search closure ``ab(alpha, beta, *state)`` of a solver over ``kern``: it
    reads the solver's ``hands`` at each call and keeps ``solver.nodes`` up to date."""
    k: _Kernel = kern
    hands = solver.hands
    # Weakly: the solver holds this closure, and a cycle would keep the kernel's table (C
    # memory the collector does not count) alive until a full collection.
    owner = weakref.ref(solver)

    def ab(alpha: int, beta: int, *state: int) -> int:
        try:
            return k.ab(hands, window(alpha), window(beta), *state)
        finally:
            s = owner()
            if s is not None:
                s.nodes = k.nodes

    return ab
