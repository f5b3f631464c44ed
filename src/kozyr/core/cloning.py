"""Copying a match for search and samples, and pickling it: its attributes, lists copied anew.

A match's state is a flat set of attributes, most of them in slots (faster to read and write
than an instance dict, which CPython stops sharing past 30 keys); most hold immutable values
(ints, tuples, strings, frozen rows) that a copy may share, and a few hold lists that it must
not.  Each engine names those lists once; :func:`clone` copies the rest by reference, with a
function compiled per class (one plain assignment per attribute: several times faster than
a loop of ``setattr``).  :func:`state_of` and :func:`restore` are the pickling pair.

>>> class Box:
...     __slots__ = ("n", "items")
...     def __init__(self) -> None:
...         self.n, self.items = 3, [1, 2]
>>> a = Box()
>>> b = clone(a, ("items",))
>>> b.items.append(3)
>>> a.items, b.items, b.n
([1, 2], [1, 2, 3], 3)
>>> c = object.__new__(Box); restore(c, state_of(a)); c.items
[1, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")

_CLONERS: dict[tuple[type, tuple[str, ...], tuple[str, ...]], Callable[[Any], Any]] = {}


def slot_names(cls: type) -> tuple[str, ...]:
    """Return every slot declared by ``cls`` and its bases (``__dict__`` and weakref aside)."""
    out: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and name not in out:
                out.append(name)
    return tuple(out)


def slot_copier(names: Iterable[str]) -> Callable[[Any, Any], None]:
    """Return a function ``copy(a, b)`` setting each attribute ``names`` of ``b`` to ``a``'s.

    Compiled with one plain assignment per attribute (as ``dataclasses`` builds its methods).
    """
    names = tuple(names)
    assert all(name.isidentifier() for name in names)
    src = "def copy(a, b):\n" + "".join(f"    b.{n} = a.{n}\n" for n in names) + "    return\n"
    namespace: dict[str, Any] = {}
    exec(src, namespace)
    copy: Callable[[Any, Any], None] = namespace["copy"]
    return copy


def _compile_cloner(cls: type, lists: tuple[str, ...],
                    nested: tuple[str, ...]) -> Callable[[Any], Any]:
    names = [n for n in slot_names(cls) if n not in lists and n not in nested]
    assert all(n.isidentifier() for n in (*names, *lists, *nested))
    lines = ["def clone(a):", "    b = new(cls)"]
    lines += [f"    b.{n} = a.{n}" for n in names]
    lines += ["    d = getattr(a, '__dict__', None)", "    if d:", "        b.__dict__.update(d)"]
    lines += [f"    b.{n} = list(a.{n})" for n in lists]
    lines += [f"    b.{n} = [list(x) for x in a.{n}]" for n in nested]
    lines.append("    return b")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines) + "\n", namespace)
    fn: Callable[[Any], Any] = namespace["clone"]
    return fn


def clone(obj: T, lists: Iterable[str] = (), nested: Iterable[str] = ()) -> T:
    """Return a copy of ``obj`` sharing its immutable attributes; ``lists`` are copied as new
    lists and ``nested`` (lists of lists) one level deeper; no ``__init__`` runs.

    Every slot must be set (a match sets all of them in its constructor).
    """
    key = (type(obj), tuple(lists), tuple(nested))
    fn = _CLONERS.get(key)
    if fn is None:
        fn = _CLONERS[key] = _compile_cloner(*key)
    out: T = fn(obj)
    return out


def state_of(obj: Any) -> dict[str, Any]:
    """Return every attribute of ``obj`` (slots and instance dict) as one dict, for pickling."""
    state = dict(getattr(obj, "__dict__", {}))
    for name in slot_names(type(obj)):
        if hasattr(obj, name):
            state[name] = getattr(obj, name)
    return state


def restore(obj: Any, state: Mapping[str, Any] | tuple[Any, ...]) -> None:
    """Set ``obj``'s attributes from :func:`state_of`'s dict (or pickle's ``(dict, slots)``)."""
    if isinstance(state, tuple):
        merged: dict[str, Any] = {}
        for part in state:
            merged.update(part or {})
        state = merged
    for name, value in state.items():
        object.__setattr__(obj, name, value)
