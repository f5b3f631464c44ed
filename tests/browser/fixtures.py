"""Helpers of the browser tests: log in through the page, read the table view, make a move.

Policy of the in-test player (:func:`act_once`): press the first legal card, else the first
choice button (a write-off or a redeal only when nothing else is offered).
"""

from __future__ import annotations

import itertools
from typing import Any

_names = itertools.count(1)

# What the page's table view shows right now (window.kozyr.view is the TableView).
STATUS_JS = """() => {
  const v = window.kozyr && window.kozyr.view;
  if (!v || !v.obs) return null;
  return {seat: v.seat, phase: v.obs.phase, toAct: v.toAct, legal: v.legal, sent: v.sent,
          hand: v.obs.hand, sheet: (v.obs.sheet || []).length, totals: v.obs.totals,
          deal: v.obs.deal_index, over: !!v.over, state: v.state};
}"""
READY_JS = """() => {
  const v = window.kozyr && window.kozyr.view;
  if (!v || !v.obs) return false;
  if (v.over || (v.obs.sheet || []).length >= %d) return true;
  return v.myTurn() && !v.sent;
}"""


def register(page: Any, base: str) -> str:
    """Register a fresh account through the log-in page; return its name."""
    name = f"tester{next(_names)}{abs(hash(base)) % 10000}"
    page.goto(base + "/#/login")
    page.fill("#a-name", name)
    page.fill("#a-password", "secret-pass")
    page.click("#a-register")
    page.wait_for_selector(f"#me[data-name='{name}']")
    return name


def act_once(page: Any, use_keys: bool = False) -> str:
    """Make one legal move through the page and return what was pressed."""
    card = page.locator(".hand .card.legal:not([disabled])")
    choosing = page.locator(".hand .card.chosen").count() > 0  # marriage or not: a button
    if card.count() and not choosing:
        label = card.first.get_attribute("data-card") or "?"
        card.first.click()
        return f"card {label}"
    buttons = page.locator(".controls button.act:not([disabled])")
    texts = [buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())]
    assert texts, "it is our turn but the page offers nothing to press"
    pick = next((i for i, a in enumerate(texts) if a.split()[0] not in ("writeoff", "redeal")),
                0)
    if use_keys and pick < 9:
        key = buttons.nth(pick).get_attribute("data-key")
        page.keyboard.press(key)
    else:
        buttons.nth(pick).click()
    return texts[pick]
