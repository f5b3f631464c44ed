"""Rule options in people's words: labels, one-line explanations, group titles and choice names.

Every language the room speaks (:data:`LANGUAGES`: English, Russian, Arabic) has, for every
option of a game's :class:`~kozyr.core.rules.RuleSet`, a short label and a one-line
explanation; every group of ``RuleSet.GROUPS`` has a title; every named choice (a string
value such as ``after_pass``) has a readable name.  A game writes its texts once, in
``kozyr/games/<game>/option_texts.py`` as ``TEXTS = OptionTexts(...)`` (beside its rules
module, where :func:`texts_for` finds it); the English explanation is the option's own ``doc``
(rules.py), so it is not written twice.

:func:`localized_schema` joins them to ``RuleSet.schema()`` for the create-table form and the
table's rule summary; :func:`missing_texts` lists what a game still lacks (the tests ask it
for every game).

>>> from kozyr.core.rules import RuleSet, option
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Toy(RuleSet):
...     GAME = "toy"
...     GROUPS = (("match", ("target", "mode")),)
...     target: int = option(10, "Score that wins")
...     mode: str = option("fast", "How fast", ("fast", "slow"))
>>> texts = OptionTexts(
...     options={"target": ("Target", ("Цель", "Счёт победы"), ("الهدف", "نقاط الفوز")),
...              "mode": ("Mode", ("Темп", "Как быстро"), ("الوتيرة", "مدى السرعة"))},
...     choices={"mode": {"fast": ("fast", "быстро", "سريع"),
...                       "slow": ("slow", "медленно", "بطيء")}},
...     groups={"match": ("The match", "Партия", "المباراة")})
>>> missing_texts(Toy, texts)
[]
>>> s = localized_schema(Toy, texts)
>>> s["groups"][0]["title"]["ru"], s["groups"][0]["options"]
('Партия', ['target', 'mode'])
>>> mode = s["options"][1]
>>> mode["texts"]["en"], mode["choice_labels"]["ru"]
({'label': 'Mode', 'doc': 'How fast'}, ['быстро', 'медленно'])
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kozyr.core.rules import RuleSet

#: The room's languages, in the order every text triple is written.
LANGUAGES: tuple[str, ...] = ("en", "ru", "ar")

#: One text in every language: (English, Russian, Arabic).
Words = tuple[str, str, str]
#: An option's texts: English label, (Russian label, explanation), (Arabic label, explanation).
OptionWords = tuple[str, tuple[str, str], tuple[str, str]]

#: The names of the values every game shares (off for a number option that may be off).
GENERIC_CHOICES: Mapping[Any, Words] = {
    None: ("off", "нет", "لا"),
    True: ("on", "да", "نعم"),
    False: ("off", "нет", "لا"),
}


@dataclass(frozen=True)
class OptionTexts:
    """A game's option texts in every language of :data:`LANGUAGES`."""

    #: option name -> its label and explanation (see :data:`OptionWords`).
    options: Mapping[str, OptionWords]
    #: option name -> choice value (as in ``choices``) -> its name in every language.
    choices: Mapping[str, Mapping[Any, Words]] = field(default_factory=dict)
    #: group key of ``RuleSet.GROUPS`` -> its title in every language.
    groups: Mapping[str, Words] = field(default_factory=dict)


def texts_for(rules: type[RuleSet]) -> OptionTexts | None:
    """Return the texts of ``rules``' options: ``TEXTS`` of the module ``option_texts`` beside
    the module defining ``rules`` (None if it has none).

    >>> from kozyr.games.tertz.rules import TertzRules
    >>> texts_for(TertzRules).options["target"][0]
    'Target'
    """
    package, _, _module = rules.__module__.rpartition(".")
    try:
        module = importlib.import_module(f"{package}.option_texts")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.option_texts":
            raise
        return None
    texts = getattr(module, "TEXTS", None)
    return texts if isinstance(texts, OptionTexts) else None


def choice_words(texts: OptionTexts, name: str, value: Any) -> Words:
    """Return the names of one choice of option ``name`` (a number stands for itself)."""
    own = texts.choices.get(name, {})
    if value in own and not isinstance(value, bool):
        return own[value]
    if value is None or isinstance(value, bool):
        return GENERIC_CHOICES[value]
    text = str(value)
    return (text, text, text)


def option_words(rules: type[RuleSet], texts: OptionTexts | None, name: str,
                 doc: str) -> dict[str, dict[str, str]]:
    """Return ``{lang: {"label", "doc"}}`` of one option (English from ``doc`` if unwritten)."""
    fallback = name.replace("_", " ")
    entry = texts.options.get(name) if texts is not None else None
    if entry is None:
        return {lang: {"label": fallback, "doc": doc} for lang in LANGUAGES}
    en, ru, ar = entry
    return {"en": {"label": en, "doc": doc},
            "ru": {"label": ru[0], "doc": ru[1]},
            "ar": {"label": ar[0], "doc": ar[1]}}


def localized_schema(rules: type[RuleSet], texts: OptionTexts | None) -> dict[str, Any]:
    """Return the game's options for a form, in every language, grouped as on its rules page.

    ``{"languages": [...], "groups": [{"key", "title": {lang: text}, "options": [name]}],
    "options": [schema entry + "texts": {lang: {"label", "doc"}}, "choice_labels":
    {lang: [name per choice]} (choices only)]}``.  An option no group names goes to a last
    group ``other``.
    """
    entries = rules.schema()
    grouped = {name for _key, names in rules.GROUPS for name in names}
    groups: list[dict[str, Any]] = []
    for key, names in rules.GROUPS:
        groups.append({"key": key, "title": _group_title(texts, key), "options": list(names)})
    rest = [e["name"] for e in entries if e["name"] not in grouped]
    if rest:
        groups.append({"key": "other", "title": _group_title(texts, "other"), "options": rest})
    out = []
    for e in entries:
        e = dict(e, texts=option_words(rules, texts, e["name"], e["doc"]))
        if not e.get("group"):
            e["group"] = "other"
        if e["choices"] is not None:
            f = {f.name: f for f in rules.options()}[e["name"]]
            words = [choice_words(texts or OptionTexts({}), e["name"], c)
                     for c in f.metadata["choices"]]
            e["choice_labels"] = {lang: [w[i] for w in words]
                                  for i, lang in enumerate(LANGUAGES)}
        out.append(e)
    return {"languages": list(LANGUAGES), "groups": groups, "options": out}


_OTHER: Words = ("Other options", "Прочее", "خيارات أخرى")


def _group_title(texts: OptionTexts | None, key: str) -> dict[str, str]:
    words = (texts.groups.get(key) if texts is not None else None) or (
        _OTHER if key == "other" else (key.capitalize(),) * 3)
    return dict(zip(LANGUAGES, words, strict=True))


def missing_texts(rules: type[RuleSet], texts: OptionTexts) -> list[str]:
    """Return what ``texts`` lacks for ``rules``: options, groups, named choices, empty texts.

    Also names a text written for an option the rules do not have (a renamed option).
    """
    out: list[str] = []
    names = [f.name for f in rules.options()]
    for f in rules.options():
        entry = texts.options.get(f.name)
        if entry is None:
            out.append(f"option {f.name}")
            continue
        en, ru, ar = entry
        if not en or not all(ru) or not all(ar):
            out.append(f"option {f.name}: an empty text")
        for c in f.metadata.get("choices") or ():
            if isinstance(c, str) and c not in texts.choices.get(f.name, {}):
                out.append(f"choice {f.name}={c}")
    out.extend(f"text of unknown option {n}" for n in texts.options if n not in names)
    for key, _names in rules.GROUPS:
        if key not in texts.groups:
            out.append(f"group {key}")
    return out


__all__ = ["GENERIC_CHOICES", "LANGUAGES", "OptionTexts", "OptionWords", "Words",
           "choice_words", "localized_schema", "missing_texts", "option_words", "texts_for"]
