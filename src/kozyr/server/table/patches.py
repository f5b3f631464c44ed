"""A ``state`` message as a patch of the recipient's last observation (docs/protocol.md §4.4).

A client that says ``"patches": true`` in its ``hello`` gets, after each step, only what
changed in its observation since the last one it was sent: the top-level keys whose values
changed (``set``) and, for a list that only grew (the history, the sheet), its new items
(``append``).  Most of an observation (the rules, the sheet, the history so far) is the
same from one step to the next, so a patch is a fraction of the whole.
"""

from __future__ import annotations

from typing import Any

_MISSING = object()


def obs_patch(old: dict[str, Any] | None, new: dict[str, Any] | None
              ) -> dict[str, dict[str, Any]] | None:
    """Return the patch that turns observation ``old`` into ``new``, or None if there is
    none (either is missing, or their keys differ): then the whole ``new`` is sent.

    >>> obs_patch({"a": 1, "h": [1, 2], "s": "x"}, {"a": 2, "h": [1, 2, 3], "s": "x"})
    {'set': {'a': 2}, 'append': {'h': [3]}}
    >>> obs_patch({"h": [1, 2]}, {"h": [2]})  # not a growth: set whole
    {'set': {'h': [2]}, 'append': {}}
    >>> obs_patch({"a": 1}, {"b": 1}) is None
    True
    """
    if old is None or new is None or len(old) != len(new):
        return None
    put: dict[str, Any] = {}
    add: dict[str, Any] = {}
    for key, value in new.items():
        was = old.get(key, _MISSING)  # (as many keys, each of new's in old: the same keys)
        if was is _MISSING:
            return None
        if was is value or was == value:
            continue
        if (type(value) is list and type(was) is list and len(value) > len(was)
                and value[:len(was)] == was):
            add[key] = value[len(was):]
        else:
            put[key] = value
    return {"set": put, "append": add}


def apply_patch(obs: dict[str, Any], patch: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Return a new observation: ``obs`` with ``patch`` applied (what a client does; tests).

    >>> apply_patch({"a": 1, "h": [1]}, {"set": {"a": 2}, "append": {"h": [2]}})
    {'a': 2, 'h': [1, 2]}
    """
    out = {**obs, **patch["set"]}
    for key, items in patch["append"].items():
        out[key] = [*obs[key], *items]
    return out
