"""Copying a match for search and samples: one attribute table copied, its lists copied anew.

A match's state is a flat set of attributes; most hold immutable values (ints, tuples,
strings, frozen rows) that a copy may share, and a few hold lists that it must not.  Each
engine names those lists once; :func:`clone` copies the rest by reference, whether the
attributes live in the instance dict or in slots.

>>> class Box:
...     def __init__(self) -> None:
...         self.n, self.items = 3, [1, 2]
>>> a = Box()
>>> b = clone(a, ("items",))
>>> b.items.append(3)
>>> a.items, b.items, b.n
([1, 2], [1, 2, 3], 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def slot_names(cls: type) -> tuple[str, ...]:
    """Return every slot declared by ``cls`` and its bases (``__dict__`` and weakref aside)."""
    out: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and name not in out:
                out.append(name)
    return tuple(out)


def clone(obj: T, lists: Iterable[str] = (), nested: Iterable[str] = ()) -> T:
    """Return a copy of ``obj`` sharing its immutable attributes; ``lists`` are copied as new
    lists and ``nested`` (lists of lists) one level deeper; no ``__init__`` runs."""
    cls = type(obj)
    new: T = object.__new__(cls)
    d = getattr(obj, "__dict__", None)
    if d is not None:
        new.__dict__.update(d)
    for name in slot_names(cls):
        if hasattr(obj, name):
            object.__setattr__(new, name, getattr(obj, name))
    for key in lists:
        object.__setattr__(new, key, list(getattr(obj, key)))
    for key in nested:
        object.__setattr__(new, key, [list(x) for x in getattr(obj, key)])
    return new
