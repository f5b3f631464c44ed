"""The replay page's Analysis view in Chromium: a line per trick, the costly card marked in the
table and on the cards played (a hand-built deal whose KH without the marriage throws the
contract, tests/analysis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.analysis.test_analysis import thrown_marriage

pytestmark = pytest.mark.browser


def test_the_analysis_view_marks_the_card_that_threw_the_contract(page: Any, server: str,
                                                                  shots: Path) -> None:
    record = thrown_marriage()
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    page.evaluate("""async (rec) => {
      const R = await import('/static/js/replay.js');
      const root = document.getElementById('main');
      window.kozyr.view && window.kozyr.view.destroy && window.kozyr.view.destroy();
      window.kozyr.view = new R.ReplayView(root, 'none', {record: rec});
    }""", record)
    page.wait_for_selector(".replay-seat")
    assert page.locator(".analysis").count() == 0
    page.click("#r-analysis")
    assert page.get_attribute("#r-analysis", "aria-pressed") == "true"
    page.wait_for_selector(".analysis-table", timeout=60000)
    rows = page.locator(".analysis-table tbody tr")
    assert rows.count() == 8  # 24 cards, three a trick
    kh = page.locator(".analysis-table tr[data-trick='2'] .analysis-card[data-card='KH']")
    assert "mistake" in (kh.get_attribute("class") or "")
    assert "!!" in kh.inner_text()
    assert "throws the contract" in (kh.get_attribute("title") or "")
    # the declarer's AS was fine: not marked
    assert page.locator(".analysis-table tr[data-trick='1'] .mistake[data-seat='1']").count() == 0
    assert "made" in rows.nth(0).inner_text()
    assert "down" in rows.nth(1).locator("td").nth(2).inner_text()
    # on the table: step to KH (after the talon's 5 steps, AS AD QS, then KH) and see it marked
    page.click("#r-first")
    kh_on_table = ".replay-center .trick-entry.mistake:has(.card[data-card='KH'])"
    for _ in range(50):
        if page.locator(kh_on_table).count():
            break
        page.click("#r-next")
    entry = page.locator(kh_on_table)
    assert entry.count() == 1
    assert entry.locator(".mistake-badge").inner_text() == "!!"
    page.screenshot(path=str(shots / "replay-analysis.png"), full_page=True)
    page.click("#r-analysis")
    assert page.locator(".analysis").count() == 0
