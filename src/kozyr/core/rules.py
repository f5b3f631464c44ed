"""Rule sets as data: named options with defaults, presets, validation, plain-words description.

Each game declares a frozen dataclass subclassing :class:`RuleSet`, one field per named option
of its rules page, each made with :func:`option` (a default, a one-line explanation, and the
allowed values).  Presets are named bundles of option values.  A rule set is comparable,
hashable, serialisable (:meth:`RuleSet.to_json`) and printable for players
(:meth:`RuleSet.describe`).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from kozyr.cards import SUIT_LETTERS, SUIT_SYMBOLS
from kozyr.core.errors import RulesError


def option(default: Any, doc: str, choices: Sequence[Any] | None = None, *,
           minimum: int | None = None, maximum: int | None = None,
           words: str | None = None) -> Any:
    """Declare a rule option: its default, a one-line explanation and its allowed values.

    ``words`` is a format string used by :meth:`RuleSet.describe` (``{}`` is the value); for a
    boolean option it is shown only when the option is on.
    """
    meta = {"doc": doc, "choices": tuple(choices) if choices is not None else None,
            "minimum": minimum, "maximum": maximum, "words": words}
    if isinstance(default, dict):
        frozen = tuple(sorted(default.items()))
        return dataclasses.field(default=frozen, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class RuleSet:
    """Base of every game's rule set.  Subclasses are frozen dataclasses of options."""

    GAME: ClassVar[str] = ""
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    DEFAULT_PRESET: ClassVar[str] = ""
    #: Older record formats' bundles of presets whose meaning changed: format -> preset -> values.
    LEGACY_PRESETS: ClassVar[Mapping[int, Mapping[str, Mapping[str, Any]]]] = {}
    #: Options that :meth:`describe` names only when they differ from their default.
    QUIET_DEFAULTS: ClassVar[frozenset[str]] = frozenset()
    #: Option bundles that turn the non-default options on (name -> record rules: a preset plus
    #: overrides), played by the conformance suite and the arenas besides every preset.
    BUNDLES: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: The options grouped as on the rules page: (group key, option names) in page order.
    GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = ()

    preset: str = ""

    # -- construction -------------------------------------------------------------------
    @classmethod
    def options(cls) -> list[dataclasses.Field[Any]]:
        """Return the option fields (every field but ``preset``), in declaration order."""
        return [f for f in dataclasses.fields(cls) if f.name != "preset"]

    @classmethod
    def from_preset(cls, name: str | None = None, *, record_format: int | None = None,
                    **overrides: Any) -> Self:
        """Return the preset ``name`` (the game's default preset if None) with ``overrides``.

        ``record_format``: read the preset as that game-record format defined it (a format-1
        record's ``online`` is the bundle of its day); None or the current format: today's.
        """
        name = name or cls.DEFAULT_PRESET
        if name not in cls.PRESETS:
            known = ", ".join(cls.PRESETS)
            raise RulesError(f"unknown {cls.GAME} preset {name!r} (known: {known})")
        legacy = cls.LEGACY_PRESETS.get(record_format, {}) if record_format is not None else {}
        values = dict(legacy.get(name, cls.PRESETS[name]))
        values.update(overrides)
        return cls.from_values(name, values)

    @classmethod
    def from_values(cls, preset: str, values: Mapping[str, Any]) -> Self:
        """Validate ``values`` (option name -> value) and build the rule set."""
        fields = {f.name: f for f in cls.options()}
        kwargs: dict[str, Any] = {}
        for key, value in values.items():
            if key not in fields:
                known = ", ".join(fields)
                raise RulesError(f"unknown {cls.GAME} option {key!r} (known: {known})")
            kwargs[key] = _check_value(cls.GAME, fields[key], value)
        rs = cls(preset=preset, **kwargs)
        rs.validate()
        return rs

    @classmethod
    def from_json(cls, obj: Any, record_format: int | None = None) -> Self:
        """Read the ``rules`` of a game record: a preset name, or ``{"preset": P, option: v}``.

        ``record_format`` is the record's ``format`` (see :meth:`from_preset`).
        """
        if obj is None:
            return cls.from_preset(None, record_format=record_format)
        if isinstance(obj, str):
            return cls.from_preset(obj, record_format=record_format)
        if isinstance(obj, Mapping):
            values = dict(obj)
            preset = values.pop("preset", None)
            if preset is not None and not isinstance(preset, str):
                raise RulesError(f"rules.preset must be a preset name, not {preset!r}")
            if "record_format" in values:
                raise RulesError("unknown option 'record_format'")
            return cls.from_preset(preset, record_format=record_format, **values)
        raise RulesError(f"rules must be a preset name or an object, not {obj!r}")

    @classmethod
    def parse_override(cls, text: str) -> tuple[str, Any]:
        """Parse ``name=value`` as typed on a command line; raise :class:`RulesError` if bad."""
        if "=" not in text:
            raise RulesError(f"rule override {text!r} must look like name=value")
        name, raw = (s.strip() for s in text.split("=", 1))
        fields = {f.name: f for f in cls.options()}
        if name not in fields:
            raise RulesError(f"unknown {cls.GAME} option {name!r} (known: {', '.join(fields)})")
        default = fields[name].default
        value: Any = raw
        if default is None or None in (fields[name].metadata.get("choices") or ()):
            if raw.lower() in ("off", "none", "null", "false"):
                value = None
            else:
                try:
                    value = int(raw)
                except ValueError:
                    raise RulesError(f"option {name} takes a whole number or off, "
                                     f"not {raw!r}") from None
        elif isinstance(default, bool):
            low = raw.lower()
            if low in ("1", "true", "on", "yes"):
                value = True
            elif low in ("0", "false", "off", "no"):
                value = False
            else:
                raise RulesError(f"option {name} is on/off, not {raw!r}")
        elif isinstance(default, int):
            try:
                value = int(raw)
            except ValueError:
                raise RulesError(f"option {name} takes a whole number, not {raw!r}") from None
        elif isinstance(default, tuple):
            value = {}
            for part in raw.split(","):
                k, _, v = part.partition(":")
                try:
                    value[k.strip()] = int(v)
                except ValueError:
                    raise RulesError(f"option {name} takes K:V,K:V..., not {raw!r}") from None
        return name, _check_value(cls.GAME, fields[name], value)

    def replace(self, **overrides: Any) -> Self:
        """Return a copy with ``overrides`` applied and validated."""
        values = {f.name: getattr(self, f.name) for f in self.options()}
        values.update(overrides)
        return type(self).from_values(self.preset, values)

    def validate(self) -> None:
        """Check combinations of options; subclasses raise :class:`RulesError` on a bad one."""

    # -- output -------------------------------------------------------------------------
    def overrides(self) -> dict[str, Any]:
        """Return the options that differ from the preset's values, as JSON-ready data."""
        base = type(self).from_preset(self.preset)
        return {f.name: _jsonable(getattr(self, f.name)) for f in self.options()
                if getattr(self, f.name) != getattr(base, f.name)}

    def to_json(self) -> str | dict[str, Any]:
        """Return the ``rules`` value of a game record: the preset name, or preset + overrides.

        Every observation carries it, so it is made once per rule set (a fresh copy of a dict
        each time: the caller may change it).
        """
        try:
            j = _record_rules(self)
        except TypeError:  # an option value that cannot be hashed: made afresh
            j = _record_rules.__wrapped__(self)
        return j if isinstance(j, str) else copy.deepcopy(j)

    def as_dict(self) -> dict[str, Any]:
        """Return every option's value (JSON-ready), plus the preset's name."""
        out: dict[str, Any] = {"preset": self.preset}
        out.update({f.name: _jsonable(getattr(self, f.name)) for f in self.options()})
        return out

    @classmethod
    def schema(cls) -> list[dict[str, Any]]:
        """Describe every option for a form: name, default, explanation, allowed values."""
        out = []
        group = {name: key for key, names in cls.GROUPS for name in names}
        for f in cls.options():
            out.append({
                "name": f.name,
                "default": _jsonable(f.default),
                "doc": f.metadata.get("doc", ""),
                "choices": _jsonable(f.metadata.get("choices")),
                "minimum": f.metadata.get("minimum"),
                "maximum": f.metadata.get("maximum"),
                "type": type(f.default).__name__ if not isinstance(f.default, tuple) else "map",
                "group": group.get(f.name, ""),
            })
        return out

    def describe(self) -> str:
        """Return the rule set in plain words for the players at the table."""
        parts: list[str] = []
        for f in self.options():
            words = f.metadata.get("words")
            if not words:
                continue
            value = getattr(self, f.name)
            if value is None or (f.name in self.QUIET_DEFAULTS and value == f.default):
                continue
            if isinstance(value, bool):
                if value:
                    parts.append(words)
                continue
            if isinstance(value, tuple):
                pairs = sorted(value, key=lambda kv: -kv[1])
                value = " ".join(f"{_SUIT_SYMBOL.get(k, k)}{v}" for k, v in pairs)
            elif isinstance(value, str):
                value = value.replace("_", " ")
            parts.append(words.format(value))
        head = f"{self.GAME} ({self.preset})" if self.preset else self.GAME
        return head + ": " + ", ".join(parts)

    def value_map(self, name: str) -> dict[str, int]:
        """Return a map-valued option (stored as sorted pairs) as a dict."""
        return dict(getattr(self, name))


_SUIT_SYMBOL = dict(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True))


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return dict(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _check_value(game: str, f: dataclasses.Field[Any], value: Any) -> Any:
    default = f.default
    name = f.name
    choices = f.metadata.get("choices")
    if choices is not None and (default is None or None in choices):
        if value is False or value == "off":
            value = None
        elif isinstance(value, str) and value.isdigit():
            value = int(value)
        if value not in choices:
            allowed = ", ".join("off" if c is None else str(c) for c in choices)
            raise RulesError(f"{game} option {name} must be one of {allowed}, not {value!r}")
        return value
    if default is None:  # an optional whole number (off = None)
        if value is None or value is False or value == "off":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{game} option {name} takes a whole number or off, not {value!r}")
        lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
        if lo is not None and value < lo:
            raise RulesError(f"{game} option {name} must be at least {lo}, not {value}")
        if hi is not None and value > hi:
            raise RulesError(f"{game} option {name} must be at most {hi}, not {value}")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesError(f"{game} option {name} is true or false, not {value!r}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{game} option {name} takes a whole number, not {value!r}")
        lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
        if lo is not None and value < lo:
            raise RulesError(f"{game} option {name} must be at least {lo}, not {value}")
        if hi is not None and value > hi:
            raise RulesError(f"{game} option {name} must be at most {hi}, not {value}")
    elif isinstance(default, str):
        if not isinstance(value, str):
            raise RulesError(f"{game} option {name} takes a name, not {value!r}")
    elif isinstance(default, tuple):
        if isinstance(value, Mapping):
            if {str(k) for k in value} != {k for k, _ in default} or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
                keys = ", ".join(k for k, _ in default)
                raise RulesError(f"{game} option {name} needs a whole number for each of {keys}")
            value = tuple(sorted((str(k), v) for k, v in value.items()))
        elif not (isinstance(value, tuple) and all(isinstance(p, tuple) for p in value)):
            raise RulesError(f"{game} option {name} takes an object, not {value!r}")
    choices = f.metadata.get("choices")
    if choices is not None and value not in choices:
        allowed = ", ".join(str(c) for c in choices)
        raise RulesError(f"{game} option {name} must be one of {allowed}, not {value!r}")
    return value


@functools.lru_cache(maxsize=512)
def _record_rules(rules: RuleSet) -> str | dict[str, Any]:
    """Return :meth:`RuleSet.to_json` of ``rules`` (cached: it builds the preset to compare)."""
    ov = rules.overrides()
    if not ov:
        return rules.preset
    return {"preset": rules.preset, **ov}
