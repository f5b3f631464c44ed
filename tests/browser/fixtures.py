"""Helpers of the browser tests: log in through the page, read the table view, make a move.

Policy of the in-test player (:func:`act_once`): press the first legal card, else the first
choice button (a write-off or a redeal only when nothing else is offered).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from kozyr.games import new_match

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


def find_observation(game: str, rules: Any, want: Callable[[dict[str, Any]], bool], *,
                     seeds: int = 300, steps: int = 600) -> tuple[Any, dict[str, Any]]:
    """Play ``game`` under ``rules`` (a preset or record rules) at random, seed after seed, until
    seat 0's observation satisfies ``want``: return (match, observation)."""
    for seed in range(seeds):
        m = new_match(game, rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if m.is_over:
                break
            if m.awaiting_deal:
                m.deal()
                continue
            obs = m.observation(0)
            if want(obs):
                return m, obs
            m.apply_action(rng.choice(m.legal_actions()))
    raise AssertionError(f"no {game} observation found")


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
