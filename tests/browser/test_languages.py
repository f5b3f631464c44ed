"""Polish and Ukrainian in the page (issue 17): a first visit takes the browser's language
(navigator.languages: pl -> pl, uk -> uk, ru -> ru, ar -> ar, else en), the menu lists both,
and the create form speaks the games' words from the server's option texts (musik, bomba;
прикуп, розпис)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def first_visit(browser: Any, server: str, locale: str) -> tuple[Any, Any]:
    """Open the lobby in a fresh context (no stored choice) whose browser speaks ``locale``."""
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon h3")
    return ctx, page


def salon_titles(page: Any) -> list[str]:
    return list(page.locator(".salon h3").evaluate_all(
        "els => els.map(e => e.firstChild.textContent)"))


def test_a_polish_browser_gets_polish(browser: Any, server: str, shots: Path) -> None:
    ctx, page = first_visit(browser, server, "pl-PL")
    assert page.evaluate("() => document.documentElement.lang") == "pl"
    assert page.evaluate("() => document.documentElement.dir") == "ltr"
    assert page.inner_text("nav a[href='#/lobby']") == "Poczekalnia"
    assert page.title() == "Kozyr — klub karciany"
    titles = salon_titles(page)
    assert "Tysiąc — Tysiąc (polski)" in titles and "Debertz — we trzech" in titles
    assert "Pikieta — rubikon" in titles and "Bezik — do 1500" in titles
    # No raw key anywhere (Piquet and Bezique once showed "game.bezique").
    assert not re.search(r"\b(game|preset)\.\w+", page.inner_text("main")), titles
    assert page.locator("#f-game option").evaluate_all(
        "els => els.map(e => e.textContent)")[-2:] == ["Pikieta", "Bezik"]
    # The menu lists every language by its own name, Polish chosen.
    options = page.locator("#lang option").evaluate_all(
        "els => els.map(e => [e.value, e.textContent, e.selected])")
    assert [o[:2] for o in options] == [["en", "English"], ["ru", "Русский"],
                                        ["uk", "Українська"], ["pl", "Polski"],
                                        ["ar", "العربية"]]
    assert [o[0] for o in options if o[2]] == ["pl"]
    page.screenshot(path=str(shots / "lobby-pl.png"))
    ctx.close()


def test_a_ukrainian_browser_gets_ukrainian(browser: Any, server: str) -> None:
    ctx, page = first_visit(browser, server, "uk-UA")
    assert page.evaluate("() => document.documentElement.lang") == "uk"
    assert page.inner_text("nav a[href='#/lobby']") == "Лобі"
    assert "Тисяча — тисяча (польська)" in salon_titles(page)
    ctx.close()


@pytest.mark.parametrize(("locale", "lang"), [("ru-RU", "ru"), ("ar-EG", "ar"), ("de-DE", "en"),
                                              ("pl", "pl")])
def test_other_browsers(browser: Any, server: str, locale: str, lang: str) -> None:
    ctx, page = first_visit(browser, server, locale)
    assert page.evaluate("() => document.documentElement.lang") == lang
    ctx.close()


def test_the_first_of_the_browsers_languages_the_room_has(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    pick = "(l) => import('/static/js/i18n.js').then(m => m.browserLang(l))"
    assert page.evaluate(pick, ["de-DE", "uk", "ru-RU"]) == "uk"
    assert page.evaluate(pick, ["fr", "PL_pl"]) == "pl"
    assert page.evaluate(pick, ["de", "fr"]) == "en"
    assert page.evaluate(pick, []) == "en"


def test_the_menus_choice_beats_the_browsers_language(browser: Any, server: str) -> None:
    ctx, page = first_visit(browser, server, "pl-PL")
    page.select_option("#lang", "uk")
    page.wait_for_function("() => document.documentElement.lang === 'uk'")
    page.goto(server + "/?v=2#/lobby")
    page.wait_for_selector(".salon h3")
    assert page.evaluate("() => document.documentElement.lang") == "uk"
    ctx.close()


def test_the_create_form_speaks_the_games_words(browser: Any, server: str,
                                                shots: Path) -> None:
    for locale, words in (("pl-PL", ("Musik, deklaracja, bomba", "Bomba", "Beczka od")),
                          ("uk-UA", ("Прикуп, замовлення, розпис", "Розпис", "Бочка на"))):
        ctx, page = first_visit(browser, server, locale)
        page.goto(server + "/#/login")
        page.click("#a-guest")
        page.wait_for_selector("#me")
        page.goto(server + "/?v=3#/lobby")
        page.wait_for_selector("#f-preset option", state="attached")
        page.select_option("#f-preset", "tysiac")
        summaries = page.locator(".create-form summary").evaluate_all(
            "els => els.map(e => e.textContent.trim())")
        assert words[0] in summaries, summaries
        labels = page.locator(".create-form .option label").evaluate_all(
            "els => els.map(e => e.textContent)")  # the closed groups' too
        assert words[1] in labels and words[2] in labels
        describe = page.inner_text("p.describe")
        assert describe and not re.search(r"\b(players|game to|marriages|bid step)\b",
                                          describe), describe
        page.screenshot(path=str(shots / f"create-{locale}.png"), full_page=True)
        ctx.close()


#: Every text node of the page whose text is an English catalogue string that the language
#: says differently: an untranslated or hard-coded English string on screen.
LEAKS_JS = """async (code) => {
  const en = (await import('/static/i18n/en.js')).default;
  const other = (await import(`/static/i18n/${code}.js`)).default;
  const english = new Set(Object.entries(en).filter(([k, v]) => other[k] !== v && k !== 'lang.name'
    && /[A-Za-z]{3}/.test(v) && !v.includes('{')).map(([, v]) => v));
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.trim();
    if (english.has(text)) out.push(text);
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["pl", "uk"])
def test_a_table_played_in_the_language_shows_no_english(browser: Any, server: str,
                                                          shots: Path, lang: str) -> None:
    from tests.browser.fixtures import register
    from tests.browser.test_play import create_thousand, play_until

    ctx = browser.new_context(locale={"pl": "pl-PL", "uk": "uk-UA"}[lang],
                              viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    register(page, server)
    assert page.evaluate("() => document.documentElement.lang") == lang
    create_thousand(page, server)
    page.wait_for_selector(".hand .card")
    assert page.evaluate(LEAKS_JS, lang) == []
    play_until(page, 1)
    for tab in ("moves", "sheet", "rules"):
        page.click(f"button.tab[data-tab={tab}]")
        assert page.evaluate(LEAKS_JS, lang) == [], tab
    tabs = page.inner_text(".side .tabs")
    assert {"pl": "Zapis", "uk": "Запис"}[lang] in tabs
    page.screenshot(path=str(shots / f"table-{lang}.png"))
    ctx.close()
