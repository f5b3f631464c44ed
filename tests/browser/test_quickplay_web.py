"""Play now in the page (issue 16): a salon's button seats the player at a quick-play table
that counts down to its bots, who then fill it (the server runs with KOZYR_QUICK_FILL=3);
Cancel frees the seat; the lobby's front button remembers the salon; en, ru and ar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import register

pytestmark = pytest.mark.browser

SET_LANG = "async (l) => (await import('/static/js/i18n.js')).setLang(l)"
WORDS = {"en": "Play now", "ru": "Играть сейчас", "ar": "العب الآن"}
#: a salon per language: the server is shared, and a salon's running quick table would
#: otherwise offer its bot's seat to the next test (test_a_later_player_...)
SALONS = {"en": "classic", "ru": "tysiac", "ar": "501"}


def salon_button(page: Any, game: str, preset: str) -> Any:
    return page.locator(f".salon[data-game='{game}'][data-preset='{preset}'] .play-now")


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_play_now_seats_counts_down_and_bots_fill(page: Any, server: str, shots: Path,
                                                   lang: str) -> None:
    register(page, server)
    page.goto(f"{server}/#/lobby")
    page.evaluate(SET_LANG, lang)
    page.wait_for_selector(".salon .play-now")
    preset = SALONS[lang]
    button = salon_button(page, "thousand", preset)
    assert button.inner_text() == WORDS[lang]
    button.click()
    # the table page, waiting: the seconds until the bots, and Cancel
    page.wait_for_selector(".quick-wait .quick-left")
    left = page.locator(".quick-wait .quick-left").inner_text()
    assert any(ch.isdigit() for ch in left)
    if lang != "en":  # the table's rules line in the page's language, not the server's English
        page.wait_for_function("() => { const e = document.querySelector('.rules-line');"
                               " return e && !/players|game to/.test(e.textContent); }")
    page.screenshot(path=str(shots / f"quick-wait-{lang}.png"))
    # then the bots sit and the match starts: cards in the hand
    page.wait_for_selector(".hand .card", timeout=20000)
    seats = page.evaluate("() => window.kozyr.view.info.seats.map((s) => s.kind)")
    assert seats == ["human", "bot", "bot"]
    assert page.evaluate("() => window.kozyr.view.info.quick") is True
    # the lobby's front button now offers the same salon
    page.goto(f"{server}/#/lobby")
    front = page.locator(".play-now-front")
    front.wait_for()
    assert (front.get_attribute("data-game"), front.get_attribute("data-preset")) == \
        ("thousand", preset)
    assert WORDS[lang] in front.inner_text()


def test_cancel_while_waiting_frees_the_seat(page: Any, server: str) -> None:
    register(page, server)
    page.goto(f"{server}/#/lobby")
    page.wait_for_selector(".salon .play-now")
    salon_button(page, "tertz", "tertz").click()
    page.wait_for_selector(".quick-wait .quick-cancel")
    table = page.evaluate("() => window.kozyr.view.id")
    page.click(".quick-wait .quick-cancel")
    page.wait_for_function("() => location.hash.startsWith('#/lobby')", timeout=10000)
    page.wait_for_timeout(3500)  # past the wait: no bot sat, the table closed
    page.wait_for_selector(".salon .play-now")
    assert page.locator(f".table-line[data-table='{table}']").count() == 0


def test_a_later_player_is_told_whose_seat_he_takes(browser: Any, server: str) -> None:
    """Two-player Thousand: the first player's table fills with a bot and plays; a second
    player pressing Play now watches it and is told he takes the bot's seat when the deal
    ends (the server's TableInfo claims)."""
    first = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    register(first, server)
    first.goto(f"{server}/#/lobby")
    salon_button(first, "thousand", "two_players").click()
    first.wait_for_selector(".hand .card", timeout=20000)  # the bot sat: the match is on
    second = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    register(second, server)
    second.goto(f"{server}/#/lobby")
    salon_button(second, "thousand", "two_players").click()
    note = second.locator(".claim-next")
    note.wait_for(timeout=15000)
    assert "seat when this deal ends" in note.inner_text()
    assert second.evaluate("() => window.kozyr.view.seat") is None  # watching until then
    claims = second.evaluate("() => window.kozyr.view.info.claims")
    assert [c["seat"] for c in claims] == [1]
    for page in (first, second):
        page.context.close()
