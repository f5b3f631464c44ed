"""The terminal's words in English, Russian, Ukrainian and Polish (``kozyr play``, ``kozyr
replay``).

Every string a player reads in the terminal is looked up here by key, in the language being
spoken: :func:`t` fills ``{name}`` parameters, :func:`tx` builds a Rich :class:`Text` whose
parameters may themselves be coloured texts (a card), :func:`speaking` sets the language for
a block (a :class:`~contextvars.ContextVar`, so the renderers keep their ``(obs, names)``
signature).  English is the default and its strings are the terminal's historical output,
byte for byte.  The games' own words: прикуп, марьяж, бочка, болт, роспись (Russian); прикуп,
мар'яж, бочка, болт, розпис (Ukrainian); musik, meldunek, beczka, kreska, bomba (Polish).

Arabic stays out of the terminal: most terminals do not lay out right-to-left text, so mixed
Arabic, card symbols and numbers would come out in the wrong order (the web client speaks it).

>>> t("choices")
'Your choices:'
>>> with speaking("pl"):
...     t("over.won", who="P1")
'\\nKoniec partii: wygrywa P1.'
>>> lang_from_env({"LANG": "uk_UA.UTF-8"}), lang_from_env({"LC_ALL": "C", "LANG": "pl_PL"})
('uk', 'en')
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from rich.text import Text

from kozyr.terminal.words_en import EN
from kozyr.terminal.words_pl import PL
from kozyr.terminal.words_ru import RU
from kozyr.terminal.words_uk import UK

#: The terminal's languages.
LANGS: tuple[str, ...] = ("en", "ru", "uk", "pl")

#: Each language's words, key by key (every one has exactly English's keys; tests check).
CATALOGUES: Mapping[str, Mapping[str, str]] = {"en": EN, "ru": RU, "uk": UK, "pl": PL}

_LANG: ContextVar[str] = ContextVar("kozyr_terminal_lang", default="en")


def lang() -> str:
    """Return the language being spoken (``en`` unless :func:`speaking` says otherwise)."""
    return _LANG.get()


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` (one of :data:`LANGS`) inside the block; raise ValueError if unknown."""
    if code not in CATALOGUES:
        raise ValueError(EN["cli.bad_lang"].format(lang=code, langs=", ".join(LANGS)))
    token = _LANG.set(code)
    try:
        yield
    finally:
        _LANG.reset(token)


def has(key: str) -> bool:
    """Return whether ``key`` is a word of the catalogue."""
    return key in EN


def t(key: str, **params: object) -> str:
    """Return the word ``key`` in the language being spoken, ``{name}`` parameters filled.

    An unknown key raises KeyError (a typo must not reach a player as a key).
    """
    text = CATALOGUES[lang()].get(key, EN[key])
    return text.format(**params) if params else text


_FIELD = re.compile(r"\{(\w+)\}")


def tx(key: str, **params: Text | str | int) -> Text:
    """Return the word ``key`` as a Rich Text, each parameter a Text (keeping its style,
    a coloured card) or a plain value.

    >>> tx("act.give", card=Text("9♣", style="bold"), name="P1").plain
    'give 9♣ to P1'
    """
    text = CATALOGUES[lang()].get(key, EN[key])
    out = Text()
    at = 0
    for m in _FIELD.finditer(text):
        out.append(text[at:m.start()])
        value = params[m.group(1)]
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(str(value))
        at = m.end()
    out.append(text[at:])
    return out


def word(prefix: str, value: str) -> str:
    """Return the word ``prefix.value`` if there is one, else ``value`` itself (an unknown
    mark or meld is shown as the record writes it)."""
    key = f"{prefix}.{value}"
    return t(key) if key in EN else value


def label_width() -> int:
    """Return the width of the status lines' labels in the language being spoken: the widest
    label and a space (11 in English, as it always was)."""
    table = CATALOGUES[lang()]
    return max(len(table.get(k, v)) for k, v in EN.items() if k.startswith("label.")) + 1


def lang_from_env(environ: Mapping[str, str] | None = None) -> str:
    """Return the terminal's language from the environment as the C library reads it:
    ``LC_ALL``, else ``LC_MESSAGES``, else ``LANG`` (``pl_PL.UTF-8`` -> ``pl``); English if
    the first one set is not a language of :data:`LANGS` (``C``, ``de_DE``)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = re.split(r"[_.@-]", value)[0].lower()
            return code if code in CATALOGUES else "en"
    return "en"


__all__ = ["CATALOGUES", "EN", "LANGS", "PL", "RU", "UK", "has", "label_width", "lang",
           "lang_from_env", "speaking", "t", "tx", "word"]
