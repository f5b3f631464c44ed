"""Time controls in the page (issue 16): the lobby form's "Time bank" and "Increment" create a
table with a bank; each human seat shows its time (m:ss) beside its name, the running one
counts down; the lobby's line of the table shows its time control ("1+5"); en, ru and ar."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import register

pytestmark = pytest.mark.browser

SET_LANG = "async (l) => (await import('/static/js/i18n.js')).setLang(l)"
#: the form's label of the bank and the time's title at the table, per language
WORDS = {"en": ("Time bank (minutes", "Time bank"),
         "ru": ("Запас времени (минуты", "Запас времени"),
         "ar": ("رصيد الوقت (دقائق", "رصيد الوقت")}
CLOCK = re.compile(r"^\d+:\d\d$")


def seconds(text: str) -> int:
    m, s = text.split(":")
    return int(m) * 60 + int(s)


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_a_table_with_a_time_bank_shows_each_seats_time_counting_down(
        page: Any, server: str, shots: Path, lang: str) -> None:
    register(page, server)
    page.goto(f"{server}/#/lobby")
    page.evaluate(SET_LANG, lang)
    page.wait_for_selector("#f-submit")
    label, title = WORDS[lang]
    assert page.locator("label[for='f-bank']").inner_text().startswith(label)
    assert page.locator("label[for='f-increment']").count() == 1
    page.select_option("#f-game", "thousand")
    page.fill("#f-bank", "1")
    page.fill("#f-increment", "5")
    page.check("#f-bots")
    page.locator("label[for='f-bank']").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"timebank-form-{lang}.png"))
    page.click("#f-submit")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.obs"
                           " && window.kozyr.view.obs.hand && window.kozyr.view.banks")
    info = page.evaluate("() => window.kozyr.view.info")
    assert (info["bank"], info["increment"]) == (60, 5)
    me = page.evaluate("() => window.kozyr.view.seat")
    mine = page.locator(f".seat .bank[data-seat='{me}']")
    assert mine.count() == 1 and mine.get_attribute("title") == title
    assert CLOCK.match(mine.inner_text()), mine.inner_text()
    assert page.locator(".seat .bank").count() == 1  # the bots' seats show no time
    # on our turn our bank runs: highlighted, and counting down second by second
    page.wait_for_function("() => { const v = window.kozyr.view; return v.banks"
                           " && v.banks.running === v.seat && v.legal.length; }",
                           timeout=20000)
    page.wait_for_function(f"() => document.querySelector(\".seat .bank[data-seat='{me}']\")"
                           ".classList.contains('running')")
    first = seconds(mine.inner_text())
    assert 50 <= first <= 60
    page.wait_for_timeout(2100)
    later = seconds(mine.inner_text())
    assert first - 3 <= later < first, (first, later)
    assert mine.evaluate("(e) => getComputedStyle(e).fontWeight") in ("700", "bold")
    # without a move clock the seat's move countdown is the bank's own: not shown twice
    assert page.locator(f".seat .clock[data-seat='{me}']").inner_text() == ""
    page.screenshot(path=str(shots / f"timebank-{lang}.png"))
    # the lobby's line of the table: its time control
    table = page.evaluate("() => window.kozyr.view.id")
    page.goto(f"{server}/#/lobby")
    line = page.locator(f".table-line[data-table='{table}'] .time-control")
    line.wait_for(timeout=10000)
    assert "1+5" in line.inner_text()


def test_low_time_is_highlighted(page: Any, server: str) -> None:
    """The time of a seat with 10 s or less left is marked low (a red background)."""
    register(page, server)
    page.goto(f"{server}/#/lobby")
    page.wait_for_selector("#f-submit")
    shown = page.evaluate("""async () => {
      const T = await import('/static/js/table/timebank.js');
      const v = {banks: {left: [8.2, 75], running: 0, flagged: []}, banksAt: performance.now(),
        info: {seats: [{kind: 'human'}, {kind: 'human'}]}};
      const low = T.bankEl(v, 0), high = T.bankEl(v, 1);
      return [low.textContent, low.className, high.textContent, high.className,
              T.timeControl({bank: 600, increment: 5}), T.timeControl({bank: 90, increment: 0}),
              T.timeControl({bank: null})];
    }""")
    assert shown[0] == "0:09" and "low" in shown[1] and "running" in shown[1]
    assert shown[2] == "1:15" and "low" not in shown[3]
    assert shown[4:] == ["10+5", "1:30+0", None]
