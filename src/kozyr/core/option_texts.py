"""Rule options in people's words: labels, one-line explanations, group titles and choice names.

Every language the room speaks (:data:`LANGUAGES`: English, Russian, Arabic, Polish,
Ukrainian) has, for every option of a game's :class:`~kozyr.core.rules.RuleSet`, a short label
and a one-line explanation; every group of ``RuleSet.GROUPS`` has a title; every named choice
(a string value such as ``after_pass``) has a readable name.  A game writes its texts once, in
``kozyr/games/<game>/option_texts.py`` as ``TEXTS = OptionTexts(...)`` (beside its rules
module, where :func:`texts_for` finds it); the English explanation is the option's own ``doc``
(rules.py), so it is not written twice.  English, Russian and Arabic are written side by side
as triples; each language of :data:`MORE_LANGUAGES` is written apart, in
``option_texts_<lang>.py`` beside it, as ``TEXTS = Translation(...)`` (one file per language,
so a translator reads and writes one language).

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

A language written apart; until it is, what it lacks comes in English and is named:

>>> missing_texts(Toy, texts, ("pl",))
['pl option target', 'pl option mode', 'pl group match']
>>> pl = Translation(options={"target": ("Cel", "Wynik wygrywający"),
...                           "mode": ("Tempo", "Jak szybko")},
...                  choices={"mode": {"fast": "szybko", "slow": "wolno"}},
...                  groups={"match": "Partia"})
>>> s = localized_schema(Toy, OptionTexts(texts.options, texts.choices, texts.groups,
...                                       more={"pl": pl}))
>>> s["options"][1]["texts"]["pl"], s["options"][1]["choice_labels"]["pl"]
({'label': 'Tempo', 'doc': 'Jak szybko'}, ['szybko', 'wolno'])
>>> s["options"][0]["texts"]["uk"]["label"], s["groups"][0]["title"]["pl"]
('Target', 'Partia')
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from kozyr.core.rules import RuleSet

#: The languages every text triple is written in, in its order.
BASE_LANGUAGES: tuple[str, ...] = ("en", "ru", "ar")
#: The languages written apart, each in ``option_texts_<lang>.py`` (a :class:`Translation`).
MORE_LANGUAGES: tuple[str, ...] = ("pl", "uk")
#: The room's languages.
LANGUAGES: tuple[str, ...] = BASE_LANGUAGES + MORE_LANGUAGES

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
#: The same names in the languages written apart.
GENERIC_MORE: Mapping[str, Mapping[Any, str]] = {
    "pl": {None: "nie", True: "tak", False: "nie"},
    "uk": {None: "ні", True: "так", False: "ні"},
}


@dataclass(frozen=True)
class Translation:
    """A game's option texts in one language of :data:`MORE_LANGUAGES`."""

    #: option name -> (label, one-line explanation).
    options: Mapping[str, tuple[str, str]]
    #: option name -> choice value -> its name.
    choices: Mapping[str, Mapping[Any, str]] = field(default_factory=dict)
    #: group key -> its title.
    groups: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionTexts:
    """A game's option texts in every language of :data:`LANGUAGES`."""

    #: option name -> its label and explanation (see :data:`OptionWords`).
    options: Mapping[str, OptionWords]
    #: option name -> choice value (as in ``choices``) -> its name in every language.
    choices: Mapping[str, Mapping[Any, Words]] = field(default_factory=dict)
    #: group key of ``RuleSet.GROUPS`` -> its title in every language.
    groups: Mapping[str, Words] = field(default_factory=dict)
    #: language of :data:`MORE_LANGUAGES` -> the texts in it (:func:`texts_for` fills it
    #: from the ``option_texts_<lang>`` modules).
    more: Mapping[str, Translation] = field(default_factory=dict)


def texts_for(rules: type[RuleSet]) -> OptionTexts | None:
    """Return the texts of ``rules``' options: ``TEXTS`` of the module ``option_texts`` beside
    the module defining ``rules`` (None if it has none), with ``more`` filled from the
    ``TEXTS`` of the modules ``option_texts_<lang>`` beside it (the languages it has).

    >>> from kozyr.games.tertz.rules import TertzRules
    >>> texts_for(TertzRules).options["target"][0]
    'Target'
    >>> texts_for(TertzRules).more["pl"].options["target"][0]
    'Do ilu'
    """
    package, _, _module = rules.__module__.rpartition(".")
    texts = _module_texts(f"{package}.option_texts")
    if not isinstance(texts, OptionTexts):
        return None
    more = dict(texts.more)
    for lang in MORE_LANGUAGES:
        own = _module_texts(f"{package}.option_texts_{lang}")
        if isinstance(own, Translation):
            more.setdefault(lang, own)
    return replace(texts, more=more)


def _module_texts(name: str) -> Any:
    """Return ``TEXTS`` of module ``name`` (None if there is no such module)."""
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
    return getattr(module, "TEXTS", None)


def choice_words(texts: OptionTexts, name: str, value: Any) -> Words:
    """Return the names of one choice of option ``name`` (a number stands for itself)."""
    own = texts.choices.get(name, {})
    if value in own and not isinstance(value, bool):
        return own[value]
    if value is None or isinstance(value, bool):
        return GENERIC_CHOICES[value]
    text = str(value)
    return (text, text, text)


def choice_text(texts: OptionTexts, name: str, value: Any, lang: str) -> str:
    """Return the name of one choice of option ``name`` in ``lang`` (English where that
    language has no name for it yet)."""
    if lang in BASE_LANGUAGES:
        return choice_words(texts, name, value)[BASE_LANGUAGES.index(lang)]
    own = texts.more[lang].choices.get(name, {}) if lang in texts.more else {}
    if value in own and not isinstance(value, bool):
        return own[value]
    if (value is None or isinstance(value, bool)) and lang in GENERIC_MORE:
        return GENERIC_MORE[lang][value]
    return choice_words(texts, name, value)[0]


def option_words(rules: type[RuleSet], texts: OptionTexts | None, name: str,
                 doc: str) -> dict[str, dict[str, str]]:
    """Return ``{lang: {"label", "doc"}}`` of one option (English from ``doc`` if unwritten)."""
    fallback = name.replace("_", " ")
    entry = texts.options.get(name) if texts is not None else None
    if entry is None:
        return {lang: {"label": fallback, "doc": doc} for lang in LANGUAGES}
    en, ru, ar = entry
    out = {"en": {"label": en, "doc": doc},
           "ru": {"label": ru[0], "doc": ru[1]},
           "ar": {"label": ar[0], "doc": ar[1]}}
    for lang in MORE_LANGUAGES:
        own = texts.more[lang].options.get(name) if texts and lang in texts.more else None
        out[lang] = {"label": own[0], "doc": own[1]} if own else {"label": en, "doc": doc}
    return out


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
            e["choice_labels"] = {lang: [choice_text(texts or OptionTexts({}), e["name"], c,
                                                     lang) for c in f.metadata["choices"]]
                                  for lang in LANGUAGES}
        out.append(e)
    return {"languages": list(LANGUAGES), "groups": groups, "options": out}


_OTHER: Words = ("Other options", "Прочее", "خيارات أخرى")
_OTHER_MORE: Mapping[str, str] = {"pl": "Inne opcje", "uk": "Інші параметри"}


def _group_title(texts: OptionTexts | None, key: str) -> dict[str, str]:
    words = (texts.groups.get(key) if texts is not None else None) or (
        _OTHER if key == "other" else (key.capitalize(),) * 3)
    out = dict(zip(BASE_LANGUAGES, words, strict=True))
    for lang in MORE_LANGUAGES:
        own = texts.more[lang].groups.get(key) if texts and lang in texts.more else None
        out[lang] = own or (_OTHER_MORE[lang] if words is _OTHER else words[0])
    return out


def missing_texts(rules: type[RuleSet], texts: OptionTexts,
                  languages: tuple[str, ...] = ()) -> list[str]:
    """Return what ``texts`` lacks for ``rules``: options, groups, named choices, empty texts;
    and, for each of ``languages`` (of :data:`MORE_LANGUAGES`), the same in its
    :class:`Translation`, each line led by the language ("pl option cut_by").

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
    for lang in languages:
        out.extend(f"{lang} {line}" for line in _missing_in(rules, texts.more.get(lang)))
    return out


def _missing_in(rules: type[RuleSet], own: Translation | None) -> list[str]:
    """Return what one language written apart lacks for ``rules`` (see missing_texts)."""
    own = own or Translation({})
    out: list[str] = []
    names = [f.name for f in rules.options()]
    for f in rules.options():
        entry = own.options.get(f.name)
        if entry is None:
            out.append(f"option {f.name}")
            continue
        if not all(entry):
            out.append(f"option {f.name}: an empty text")
        for c in f.metadata.get("choices") or ():
            if isinstance(c, str) and not own.choices.get(f.name, {}).get(c):
                out.append(f"choice {f.name}={c}")
    out.extend(f"text of unknown option {n}" for n in own.options if n not in names)
    out.extend(f"group {key}" for key, _names in rules.GROUPS if not own.groups.get(key))
    return out


__all__ = ["BASE_LANGUAGES", "GENERIC_CHOICES", "GENERIC_MORE", "LANGUAGES", "MORE_LANGUAGES",
           "OptionTexts", "OptionWords", "Translation", "Words", "choice_text", "choice_words",
           "localized_schema", "missing_texts", "option_words", "texts_for"]
