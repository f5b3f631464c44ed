"""The web client under the server's Content-Security-Policy (docs/security.md): every page
it shows runs without a single policy violation (no inline script, handler or style)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def test_every_page_runs_under_the_policy(page: Any, server: str) -> None:
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    page.add_init_script(RECORD_VIOLATIONS)
    first = page.goto(server + "/#/lobby")
    csp = first.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert first.headers["x-frame-options"] == "DENY"
    page.wait_for_selector(".salon")
    violations: list[str] = []

    def check(where: str) -> None:
        violations.extend(f"{where}: {v}" for v in page.evaluate("() => window.__csp"))

    check("lobby")
    page.goto(server + "/#/login")
    page.fill("#a-name", "cspuser")
    page.fill("#a-password", "secret-pass")
    page.click("#a-register")
    page.wait_for_selector("#me[data-name='cspuser']")
    check("login")
    page.goto(server + "/#/lobby")
    page.wait_for_selector("#f-submit")
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.obs"
                           " && window.kozyr.view.obs.hand")
    page.wait_for_selector(".hand .card")
    check("table")
    page.goto(server + "/#/leaders/thousand/classic")
    page.wait_for_selector(".leaders")
    check("leaders")
    page.goto(server + "/#/profile/cspuser")
    page.wait_for_selector(".profile")
    check("profile")
    page.evaluate("""async () => {
      const R = await import('/static/js/replay.js');
      const rec = {format: 1, game: 'thousand', rules: 'classic', players: ['a', 'b', 'c'],
        first_dealer: 0, seed: 1, deals: [{hands: ['AS TS KS QS JS 9S AC',
        'AH TH KH QH JH 9H TC', 'AD TD KD QD JD 9D KC'], talon: 'QC JC 9C',
        actions: ['bid 105', 'pass', 'pass']}]};
      window.kozyr.view && window.kozyr.view.destroy && window.kozyr.view.destroy();
      window.kozyr.view = new R.ReplayView(document.getElementById('main'), 'x',
        {record: rec});
    }""")
    page.wait_for_selector(".replay-seat .card")
    check("replay")
    page.click("#logout")
    page.wait_for_selector("#login-link")
    check("logout")
    assert not violations, violations
    assert not [m for m in console if "Content Security Policy" in m], console
