"""Issue 17, "Missing", in the page: leaving a rated match asks first (it counts, a bot plays
on, one may come back until it ends, else it is abandoned), and "Return to your seat" takes
the seat back; the profile shows the ratings on the display scale with their uncertainty
explained, the reputation, and the recent matches with opponents, date, result, score and a
replay link — in English, Russian and Arabic, on a desktop and on a 390x844 phone.

The profile's match is played to its end by three humans over websockets (no bots to wait
for), so it is finished every run.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import register
from tests.server.helpers import Client, play_until

pytestmark = pytest.mark.browser

LANGS = ("en", "ru", "ar")
CATALOGUE = "(lang) => import(`/static/i18n/${lang}.js`).then((m) => m.default)"


def http_register(server: str, name: str) -> str:
    """Register ``name`` over HTTP (as the room's own page would); return its token."""
    req = urllib.request.Request(
        server + "/api/auth/register", method="POST",
        data=json.dumps({"name": name, "password": "secret-pass"}).encode(),
        headers={"Content-Type": "application/json", "Origin": server})
    with urllib.request.urlopen(req, timeout=10) as r:
        return str(json.loads(r.read())["token"])


async def _play(server: str, tokens: list[str]) -> dict[str, Any]:
    ws = "ws" + server[len("http"):]
    clients = {i: await Client.connect(ws, tok) for i, tok in enumerate(tokens)}
    spec = {"game": "thousand", "preset": "classic",
            "options": {"target": 100, "barrel": False, "redeal": False}}
    await clients[0].send({"type": "create", "spec": spec})
    table = (await clients[0].expect("created"))["table"]["id"]
    for i, c in clients.items():
        await c.send({"type": "join", "table": table, "seat": i})
        await c.expect("table")
    over = await play_until(clients, table, random.Random(17))
    for c in clients.values():
        await c.close()
    assert over is not None
    return over


@pytest.fixture(scope="module")
def finished(server: str) -> dict[str, Any]:
    """Three registered players play a short Thousand match to the end; return the names
    and the ``over`` message."""
    tag = random.randrange(10**6)
    names = [f"rita{tag}", f"sam{tag}", f"tom{tag}"]
    tokens = [http_register(server, n) for n in names]
    out: dict[str, Any] = {}

    def run() -> None:  # Playwright's loop owns this thread: the match plays in another
        try:
            out["over"] = asyncio.run(_play(server, tokens))
        except BaseException as e:  # handed to the test below
            out["error"] = e

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(240)
    if "error" in out:
        raise out["error"]
    assert "over" in out, "the match did not end in time"
    return {"names": names, "over": out["over"]}


def plain(text: str) -> str:
    """Return ``text`` without the bidi isolates an Arabic page puts around parameters."""
    return text.replace("\u2068", "").replace("\u2069", "")


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, f"the page is {width}px wide"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", [(1280, 860), (390, 844)], ids=["desktop", "phone"])
def test_the_profile_page(browser: Any, server: str, shots: Path, finished: dict[str, Any],
                          lang: str, viewport: tuple[int, int]) -> None:
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    name, *others = finished["names"]
    over = finished["over"]
    page.goto(f"{server}/?lang={lang}#/profile/{name}")  # a first visit: ?lang= is taken
    page.wait_for_selector(".profile .game-line")
    words = page.evaluate(CATALOGUE, lang)
    api = page.evaluate(f"() => fetch('/api/profiles/{name}').then((r) => r.json())")
    assert page.evaluate("() => document.documentElement.dir") == ("rtl" if lang == "ar"
                                                                    else "ltr")
    assert name in page.locator(".profile h2").inner_text()
    # the rating on the display scale, its skill and uncertainty, and what they mean
    (r,) = api["ratings"]
    row = page.locator(".profile .ratings tbody tr")
    assert row.locator("td.display").inner_text() == str(r["display"])
    assert r["display"] >= 0 and "-" not in row.inner_text()
    assert row.locator("td.skill").inner_text() == f"{r['skill']} ± {r['uncertainty']}"
    assert page.locator(".rating-help").inner_text() == words["profile.rating_help"]
    # the reputation, with "abandoned" defined
    rep = page.locator(".reputation")
    assert plain(rep.locator(".finished").inner_text()) == words["profile.finished"].replace(
        "{n}", "1")
    assert plain(rep.locator(".abandoned").inner_text()) == words[
        "profile.abandoned"].replace("{n}", "0")
    assert words["profile.abandoned_help"] in rep.inner_text()
    # the recent match: opponents, date, result, score, replay
    line = page.locator(f".game-line[data-game='{over['game_id']}']")
    opponents = [plain(x) for x in line.locator(".opponent").all_inner_texts()]
    assert opponents == others
    assert line.locator(".date").inner_text() not in ("", "—")
    result = "won" if over["winner"] == 0 else "lost"
    assert line.locator(".result").inner_text() == words[f"result.{result}"]
    score = over["totals"][0]  # a negative one with a true minus sign
    assert line.locator(".score bdi").inner_text() == (f"\u2212{-score}" if score < 0
                                                       else str(score))
    link = line.locator("a.replay")
    assert link.get_attribute("href") == f"#/replay/{over['game_id']}"
    assert link.inner_text() == words["table.replay"]
    # the statistics per game and preset: the server's figures (GET .../stats)
    (st,) = page.evaluate(f"() => fetch('/api/profiles/{name}/stats').then((r) => r.json())"
                          )["stats"]
    box = page.locator(".stats-game[data-game='thousand'][data-preset='classic']")
    assert box.locator("[data-stat='played'] dd").inner_text() == str(st["played"]) == "1"
    assert box.locator("[data-stat='won'] dd").inner_text() == str(st["won"])
    assert box.locator("[data-stat='deals'] dd").inner_text() == str(st["deals"])
    assert st["deals"] == len(over["sheet"])
    if st["declared"]:
        assert box.locator("[data-stat='made'] dd").inner_text() == str(st["made"])
    assert box.locator("[data-stat='best'] a").get_attribute("href") == \
        f"#/replay/{over['game_id']}"
    # the rating chart: one point per rated match (drawn from two on)
    chart = box.locator("svg.rating-chart")
    assert chart.count() == (1 if len(st["history"]) >= 2 else 0)
    for code, n in st["marks"].items():
        if n:
            assert f"× {n}" in box.locator(f".mark-count[data-mark='{code}']").inner_text()
    if lang != "en":  # nothing of the page left in English
        for key in ("profile.ratings", "profile.reputation", "profile.recent",
                    "profile.skill", "profile.stats", "stats.played", "stats.deals"):
            assert words[key] in page.locator(".profile").inner_text()
    if viewport[0] < 500:
        no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"profile-{lang}-{viewport[0]}.png"), full_page=True)
    link.click()
    page.wait_for_selector(".replay-seat")  # the replay viewer of that match
    ctx.close()
    assert not errors, errors


def start_a_match(page: Any, server: str, lang: str) -> str:
    """Register, pick ``lang``, create a table with easy bots; return its id once playing."""
    register(page, server)
    page.goto(server + "/#/lobby")
    page.select_option("#lang", lang)
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.wait_for_selector("#f-submit")
    page.check("#f-bots")
    page.select_option("#f-level", "easy")
    page.click("#f-submit")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.seat === 0"
                           " && window.kozyr.view.info.status === 'playing'")
    return str(page.evaluate("() => window.kozyr.view.id"))


@pytest.mark.parametrize("lang", LANGS)
def test_leaving_a_rated_match_asks_first_and_the_seat_can_be_taken_back(
        page: Any, server: str, shots: Path, lang: str) -> None:
    table = start_a_match(page, server, lang)
    words = page.evaluate(CATALOGUE, lang)
    page.click(".tab[data-tab='rules']")
    page.click("button.leave")
    dialog = page.locator("dialog.leave-dialog[open]")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() == words["leave.title"]
    for key in ("leave.counts", "leave.back", "leave.abandoned"):
        assert words[key] in dialog.inner_text()
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 1280
    page.screenshot(path=str(shots / f"leave-dialog-{lang}.png"))
    # "Stay" keeps the seat: nothing is sent
    dialog.locator("button.stay").click()
    page.wait_for_selector("dialog.leave-dialog", state="detached")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.kozyr.view && window.kozyr.view.seat") == 0
    assert not page.evaluate("() => window.kozyr.view.info.seats[0].left")
    # Escape is "Stay" too
    page.click("button.leave")
    page.locator("dialog.leave-dialog[open]").wait_for()
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.leave-dialog", state="detached")
    assert page.evaluate("() => window.kozyr.view.seat") == 0
    # "Leave": to the lobby; the seat stays ours, marked left, while a bot plays it on
    page.click("button.leave")
    page.locator("dialog.leave-dialog[open] button.go").click()
    page.wait_for_function("() => location.hash === '#/lobby'")
    info = page.evaluate(f"() => fetch('/api/tables/{table}').then((r) => r.json())")
    seat = info["table"]["seats"][0]
    assert (seat["kind"], seat["left"], seat["auto"]) == ("human", True, True)
    back = page.locator(f".table-line[data-table='{table}'] a.return")
    back.wait_for()
    assert back.inner_text() == words["lobby.return"]
    back.click()
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.seat === 0"
                           " && window.kozyr.view.info.seats[0].left === false")


@pytest.mark.parametrize("lang", LANGS)
def test_the_others_see_the_seat_of_one_who_left(page: Any, server: str, lang: str) -> None:
    from kozyr.games import new_match
    from tests.browser.test_ux_web import SHOW_JS, info_for, lobby

    lobby(page, server, f"?lang={lang}")
    m = new_match("thousand", "classic", seed=5)
    m.deal()
    obs = dict(m.observation(0), legal=[], to_act=m.current_player())
    info = info_for(m, obs, ["uma", "vic", "bot:easy"])
    info["seats"][1].update(left=True, auto=True, connected=False)
    page.evaluate(SHOW_JS, {"info": info, "obs": obs})
    page.wait_for_selector(".table-page .seat:not([hidden])")
    words = page.evaluate(CATALOGUE, lang)
    badge = page.locator(".seat[data-seat='1'] .badge.left")
    assert badge.inner_text() == words["table.left_badge"]
    assert page.locator(".seat[data-seat='1'] .badge.away").count() == 0  # not "away"
    assert page.locator(".seat[data-seat='1'] .badge.auto").count() == 1  # a bot plays
    assert page.locator(".badge.left").count() == 1


def test_the_rating_chart_draws_each_rated_match(page: Any, server: str) -> None:
    """The profile's chart (profile.js ratingChart, an SVG the page draws): a point per rated
    match, higher ratings higher up, the extremes labelled; none for a single match."""
    page.goto(f"{server}/#/lobby")
    page.wait_for_selector(".salon")
    out = page.evaluate("""async () => {
      const m = await import('/static/js/profile.js');
      const c = m.ratingChart([{at: 1, display: 1000}, {at: 2, display: 1040},
                               {at: 3, display: 990}]);
      const cy = [...c.querySelectorAll('circle')].map((e) => Number(e.getAttribute('cy')));
      return {points: cy.length, cy, hi: c.querySelector('.chart-hi').textContent,
              lo: c.querySelector('.chart-lo').textContent,
              label: c.getAttribute('aria-label'),
              single: m.ratingChart([{at: 1, display: 1000}]) === null};
    }""")
    assert out["points"] == 3 and out["single"]
    assert out["cy"][1] < out["cy"][0] < out["cy"][2]  # 1040 above 1000 above 990
    assert (out["hi"], out["lo"]) == ("1040", "990")
    assert out["label"] == "Rating from 1000 to 990 over 3 matches"
