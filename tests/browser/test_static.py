"""Static checks of the browser client's files (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kozyr.games.registry import GameSpec, specs

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


def test_every_language_has_every_english_key() -> None:
    def keys(lang: str) -> set[str]:
        text = (WEB / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
        return set(re.findall(r'^\s*"([\w.\-]+)":', text, re.M)) | set(
            re.findall(r'[{,]\s*"([\w.\-]+)":', text))

    english = keys("en")
    assert len(english) > 100
    for lang in ("ru", "ar"):
        missing = english - keys(lang)
        assert not missing, f"{lang} lacks {sorted(missing)}"


@pytest.mark.parametrize("game", specs(), ids=lambda g: g.name)
def test_every_game_has_a_web_renderer(game: GameSpec) -> None:
    """The registry's ``web`` name is a module js/table/NAME.js whose default is a Renderer."""
    name = game.web
    path = WEB / "js" / "table" / f"{name}.js"
    assert re.fullmatch(r"[a-z][a-z0-9_]*", name), name  # what renderer.js loads by name
    assert path.exists(), f"{path} is missing"
    assert re.search(r"^export default class \w+ extends Renderer \{", path.read_text(
        encoding="utf-8"), re.M)
