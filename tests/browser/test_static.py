"""Static checks of the browser client's files (no browser needed)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from kozyr.games import new_match
from kozyr.games.registry import GameSpec, names, specs

WEB = Path(__file__).resolve().parents[2] / "src" / "kozyr" / "web"


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.js")), ids=lambda p: p.name)
def test_no_html_parsing_of_text(path: Path) -> None:
    """Text reaches the page only through textContent: no innerHTML and friends."""
    source = path.read_text(encoding="utf-8")
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", source)


def test_nothing_fetched_from_outside() -> None:
    for path in [*WEB.rglob("*.js"), *WEB.rglob("*.css"), *WEB.rglob("*.html")]:
        text = path.read_text(encoding="utf-8")
        # The only absolute URL allowed is the SVG namespace name (not fetched).
        urls = set(re.findall(r"https?://[^\s\"')]+", text)) - {"http://www.w3.org/2000/svg"}
        assert not urls, f"{path.name} refers to {urls}"


LANGUAGES = sorted(p.stem for p in (WEB / "i18n").glob("*.js"))


def catalogue(lang: str) -> dict[str, str]:
    """Return a language's strings, key by key: its file (one object literal) and the
    parts it spreads in (``i18n/<part>/<lang>.js``, e.g. rooms/: tournaments, people)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in [
        WEB / "i18n" / f"{lang}.js", *sorted((WEB / "i18n").glob(f"*/{lang}.js"))])
    pairs = re.findall(r'"([\w.\-]+)":\s*"((?:[^"\\]|\\.)*)"', text)
    keys = [k for k, _ in pairs]
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    assert not repeated, f"{lang} repeats {repeated}"
    return dict(pairs)


def test_the_languages_are_registered() -> None:
    """Every file in i18n/ is imported by js/i18n.js and offered in its LANGS (the menu)."""
    assert {"en", "ru", "ar", "pl", "uk"} <= set(LANGUAGES)
    source = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    langs = re.search(r"export const LANGS = \{([^}]*)\}", source)
    assert langs, "i18n.js has no LANGS"
    assert sorted(re.findall(r"\w+", langs.group(1))) == LANGUAGES
    for lang in LANGUAGES:
        assert f'import {lang} from "../i18n/{lang}.js";' in source


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_exactly_the_english_keys(lang: str) -> None:
    """Each language has en.js's keys, no others (but preset names: English takes the
    server's titles), each with the same {placeholders}, and none left in English."""
    english, other = catalogue("en"), catalogue(lang)
    assert len(english) > 100
    missing = english.keys() - other.keys()
    assert not missing, f"{lang} lacks {sorted(missing)}"
    extra = {k for k in other.keys() - english.keys() if not k.startswith("preset.")}
    assert not extra, f"{lang} has keys en.js lacks: {sorted(extra)}"
    assert {k for k in other if k.startswith("preset.")} == {
        k for k in catalogue("ru") if k.startswith("preset.")}
    placeholders = re.compile(r"\{(\w+)\}")
    for key, text in english.items():
        assert sorted(placeholders.findall(other[key])) == sorted(
            placeholders.findall(text)), f"{lang} {key}: {other[key]!r} vs {text!r}"


def test_a_language_is_not_english_left_over() -> None:
    """A string with letters that equals the English one is only a name or loan word."""
    english = catalogue("en")
    # Names and loan words Polish players write as English does.
    allowed = {"game.debertz", "mark.debertz", "meld.debertz", "act.bella", "table.bot",
               "table.auto_badge", "table.ok", "mark.carte-blanche", "pq.carte_blanche",
               "pq.talon_size"}
    for lang in ("pl", "uk"):
        same = {k for k, v in catalogue(lang).items()
                if k in english and v == english[k] and re.search(r"[A-Za-z]{2}",
                                                                   placeholders_out(v))}
        assert same <= allowed, f"{lang} still in English: {sorted(same - allowed)}"


def placeholders_out(text: str) -> str:
    """Return `text` without its {placeholders}."""
    return re.sub(r"\{\w+\}", "", text)


@pytest.mark.parametrize("game", specs(), ids=lambda g: g.name)
def test_every_game_has_a_web_renderer(game: GameSpec) -> None:
    """The registry's ``web`` name is a module js/table/NAME.js whose default is a Renderer."""
    name = game.web
    path = WEB / "js" / "table" / f"{name}.js"
    assert re.fullmatch(r"[a-z][a-z0-9_]*", name), name  # what renderer.js loads by name
    assert path.exists(), f"{path} is missing"
    assert re.search(r"^export default class \w+ extends Renderer \{", path.read_text(
        encoding="utf-8"), re.M)


def test_ukrainian_is_not_russian_and_polish_not_cyrillic() -> None:
    """Ukrainian has none of Russia's own letters (ы э ъ ё); Polish no Cyrillic at all (a
    key pasted from ru.js and left untranslated)."""
    uk = {k: v for k, v in catalogue("uk").items() if re.search("[ыэъёЫЭЪЁ]", v)}
    assert not uk, f"uk.js has Russian: {uk}"
    pl = {k: v for k, v in catalogue("pl").items() if re.search("[\u0400-\u04FF]", v)}
    assert not pl, f"pl.js has Cyrillic: {pl}"


@pytest.mark.parametrize("game", names())
def test_every_phase_a_game_reports_has_a_name(game: str) -> None:
    """The phase line shows ``phase.<phase>``: a phase without a string showed its raw key
    (Bezique's "phase.meld" in every language)."""
    words = catalogue("en")
    phases: set[str] = set()
    for seed in range(4):
        m = new_match(game, None, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if m.is_over:
                break
            if m.awaiting_deal:
                m.deal(rng=rng)
                continue
            phases.add(m.observation(0)["phase"])
            m.apply_action(rng.choice(m.legal_actions()))
        phases.add(m.observation(0)["phase"])
    missing = sorted(p for p in phases if f"phase.{p}" not in words)
    assert not missing, f"{game}: no string for the phases {missing}"
