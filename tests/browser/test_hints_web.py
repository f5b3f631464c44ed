"""Hints in Chromium: a practice table made from the lobby form (``Practice table: hints``)
shows a Hint button on the player's turn, and the hint (what ``hard`` would play and why)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import register

pytestmark = pytest.mark.browser


def test_the_hint_button_shows_a_hint_at_a_practice_table(page: Any, server: str,
                                                          shots: Path) -> None:
    register(page, server)
    page.goto(server + "/#/lobby")
    page.wait_for_selector("#f-submit")
    page.select_option("#f-game", "thousand")
    page.select_option("#f-preset", "classic")
    page.check("#f-hints")
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function("() => location.hash.startsWith('#/table/')")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.info")
    assert page.evaluate("() => window.kozyr.view.info.hints") is True
    assert page.evaluate("() => window.kozyr.view.info.rated") is False
    page.wait_for_selector("#hint-btn", timeout=60000)  # our turn
    legal = page.evaluate("() => window.kozyr.view.legal")
    page.click("#hint-btn")
    page.wait_for_function("() => window.kozyr.view.hint && !window.kozyr.view.hint.loading",
                           timeout=60000)
    got = page.evaluate("() => window.kozyr.view.hint")
    assert "hint" in got, got
    line = page.wait_for_selector(".hint-line[data-action]", timeout=10000)
    assert line.get_attribute("data-action") in legal
    assert line.inner_text().strip()
    page.screenshot(path=str(shots / "hint.png"), full_page=True)


def test_no_hint_button_at_a_rated_table(page: Any, server: str) -> None:
    register(page, server)
    page.goto(server + "/#/lobby")
    page.wait_for_selector("#f-submit")
    page.select_option("#f-game", "thousand")
    page.select_option("#f-preset", "classic")
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function("() => location.hash.startsWith('#/table/')")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.myTurn()",
                           timeout=60000)
    assert page.evaluate("() => window.kozyr.view.info.rated") is True
    assert page.locator("#hint-btn").count() == 0
