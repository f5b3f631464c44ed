"""Bezique's winner's window in the page (issue 15): a "Draw" button, no card to play.

In his window the winner is offered his declarations and ``draw`` only (rules/bezique.md §3:
he declares before drawing); the page shows the button, translated, and no playable card.
"""

from __future__ import annotations

from typing import Any

from tests.browser.fixtures import find_observation
from tests.browser.test_games import show

SETLANG = "async (l) => (await import('/static/js/i18n.js')).setLang(l)"


def _button(page: Any) -> Any:
    return page.locator(".controls button.act[data-action='draw']")


def test_the_winner_s_window_offers_draw_and_no_card(page: Any, server: str) -> None:
    m, obs = find_observation("bezique", "classic",
                              lambda o: o["to_act"] == 0 and "draw" in o["legal"])
    assert not any(t.startswith("play") for t in obs["legal"])
    page.goto(f"{server}/?lang=en#/lobby")
    page.wait_for_selector(".salon")
    for lang, word in (("en", "Draw"), ("ru", "Взять карту"), ("pl", "Dobierz kartę")):
        page.evaluate(SETLANG, lang)
        show(page, m, obs)
        assert _button(page).count() == 1
        assert word in str(_button(page).inner_text())
        assert page.locator(".hand .card.legal:not([disabled])").count() == 0
