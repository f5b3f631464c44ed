"""People in the page (issue 16): the Friends page #/friends — add a friend by name, the
request shown to the other player who accepts it, the friend's online dot following him
(online, then offline when his page closes), blocking from his profile (he leaves the
friends for the blocked list) and unblocking — in English, Russian and Arabic (right to
left, nothing wider than the page); an invitation to a table reaches the friend's page as a
banner whose Join seats him."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import register

pytestmark = pytest.mark.browser

SET_LANG = "async (l) => (await import('/static/js/i18n.js')).setLang(l)"
CATALOGUE = "(lang) => import(`/static/i18n/${lang}.js`).then((m) => m.default)"


def _friends_page(page: Any, server: str, lang: str) -> None:
    page.goto(f"{server}/#/friends")
    page.evaluate(SET_LANG, lang)
    page.wait_for_selector("#friend-name")
    page.wait_for_selector(".people-section.friends")


def _line(page: Any, section: str, name: str) -> Any:
    return page.locator(f"#{section}-list li[data-name='{name}']")


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_add_accept_online_and_block(browser: Any, page: Any, server: str, shots: Path,
                                     lang: str) -> None:
    anna = register(page, server)
    other = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    second = other.new_page()
    second.set_default_timeout(15000)
    errors: list[str] = []
    second.on("pageerror", lambda e: errors.append(str(e)))
    boris = register(second, server)

    _friends_page(page, server, lang)
    words = page.evaluate(CATALOGUE, lang)
    assert page.locator(".friends-page h2").inner_text() == words["people.title"]
    assert page.locator("#nav-friends").inner_text() == words["nav.friends"]
    # an unknown name: the page's own words for the error
    page.fill("#friend-name", "nobody-at-all")
    page.click("#friend-add")
    page.wait_for_selector("#people-error")
    assert page.locator("#people-error").inner_text() == words["people.error.unknown_user"]
    # ask boris
    page.fill("#friend-name", boris)
    page.click("#friend-add")
    _line(page, "outgoing", boris).wait_for()
    assert page.locator("#people-error").count() == 0

    # boris sees the request (and a notice) and accepts it
    _friends_page(second, server, lang)
    _line(second, "incoming", anna).locator("button.accept").click()
    _line(second, "friends", anna).wait_for()

    # anna's list follows by itself: boris is her friend, online (a green dot)
    friend = page.locator(f"#friends-list li[data-name='{boris}'][data-online='1']")
    friend.wait_for()
    assert friend.locator(".dot.online").get_attribute("aria-label") == words["people.online"]
    assert page.locator("#outgoing-list li").count() == 0
    if lang == "ar":  # right to left, nothing wider than the page
        assert page.evaluate("() => document.documentElement.dir") == "rtl"
        assert page.evaluate("() => document.documentElement.scrollWidth "
                             "<= document.documentElement.clientWidth")
        assert second.evaluate("() => document.documentElement.scrollWidth "
                               "<= document.documentElement.clientWidth")
    page.screenshot(path=str(shots / f"friends-{lang}.png"))
    second.screenshot(path=str(shots / f"friends-phone-{lang}.png"))

    # boris goes: his dot goes grey
    other.close()
    assert not errors, errors
    page.locator(f"#friends-list li[data-name='{boris}'][data-online='0']").wait_for()

    # block him from his profile: he leaves the friends for the blocked list
    page.goto(f"{server}/#/profile/{boris}")
    page.wait_for_selector("#block")
    assert page.locator("#befriend").count() == 0  # a friend already
    assert page.locator("#block").inner_text() == words["people.block"]
    assert page.locator("#report").inner_text() == words["people.report"]
    page.click("#block")
    page.wait_for_selector(".people-note:not(:empty)")
    page.wait_for_selector("#unblock")  # the buttons follow the block
    assert page.locator("#befriend").count() == 0  # no Add friend for a blocked user
    page.click("#report")
    page.fill("#report-reason", "rude words in the chat")
    page.screenshot(path=str(shots / f"profile-people-{lang}.png"))
    page.click("#report-send")
    page.wait_for_function("() => document.querySelector('.report-form').hidden")
    _friends_page(page, server, lang)
    _line(page, "blocked", boris).wait_for()
    assert page.locator("#friends-list li").count() == 0
    _line(page, "blocked", boris).locator("button.unblock").click()
    page.wait_for_function("() => !document.querySelector('#blocked-list')")
    assert anna


def test_an_invitation_shows_a_banner_whose_join_seats_the_friend(browser: Any, page: Any,
                                                                    server: str,
                                                                    shots: Path) -> None:
    anna = register(page, server)
    other = browser.new_context(viewport={"width": 1280, "height": 860})
    second = other.new_page()
    second.set_default_timeout(15000)
    boris = register(second, server)
    _friends_page(page, server, "en")
    page.fill("#friend-name", boris)
    page.click("#friend-add")
    _line(page, "outgoing", boris).wait_for()
    _friends_page(second, server, "en")
    _line(second, "incoming", anna).locator("button.accept").click()
    _line(page, "friends", boris).wait_for()
    # anna opens a private table and sits; the chat tab offers "Invite a friend"
    page.evaluate("""() => new Promise((done) => {
        const app = window.kozyr;
        const off = app.conn.on("created", (m) => {
          off();
          app.pendingJoin = m.table.id;
          location.hash = `#/table/${m.table.id}?invite=${m.invite}`;
          done(m.table.id);
        });
        app.conn.send({type: "create", spec: {game: "thousand", preset: "classic",
                                               private: true}});
      })""")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.seat !== null")
    page.wait_for_selector(".tab[data-tab='chat']")
    page.click(".tab[data-tab='chat']")
    page.click("#invite-friend")
    page.locator(f".invite-list li[data-name='{boris}'] button.invite").click()
    page.wait_for_selector(".invite-note:not(:empty)")
    # boris's page: the banner, then Join takes him to his seat
    banner = second.locator("#invite-banner")
    banner.wait_for()
    assert anna in banner.inner_text()
    second.screenshot(path=str(shots / "friends-invited-en.png"))
    second.click("#invite-join")
    second.wait_for_function(
        "(n) => { const v = window.kozyr.view; return v && v.info && v.seat !== null"
        " && v.info.seats.some((s) => s.name === n); }", arg=boris)
    other.close()
