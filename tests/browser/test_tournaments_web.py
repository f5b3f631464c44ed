"""Tournaments in the page (issue 16): the list and the create form (#/tournaments), a
tournament's page (#/tournament/ID) with registration, a knockout that runs to its end (two
players of two-player Thousand, one deal a match: one in the page, one over a websocket), the
"your table is ready" banner that goes to the table, the invite link of a private one, and
the winner's title on his profile — in English, Russian and Arabic.

The drawing of a bigger knockout's bracket and of a Swiss's standings is checked on fixed
TournamentView data (docs/protocol.md §3) served in place of GET /api/tournaments/ID, on a
desktop and on a 390x844 phone.
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

from tests.browser.fixtures import STATUS_JS, act_once, register
from tests.browser.test_profile_web import http_register, no_sideways_scroll, plain
from tests.server.helpers import Client, play_until

pytestmark = pytest.mark.browser

LANGS = ("en", "ru", "ar")
CATALOGUE = "(lang) => import(`/static/i18n/${lang}.js`).then((m) => m.default)"
SET_LANG = "async (l) => (await import('/static/js/i18n.js')).setLang(l)"
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""
NOW = 1764410000.0


def info(tid: str, **over: Any) -> dict[str, Any]:
    """Return a TournamentInfo (docs/protocol.md §3) with ``over`` changed."""
    base: dict[str, Any] = {
        "id": tid, "name": f"Cup {tid}", "owner": "ann", "game": "thousand",
        "preset": "two_players", "kind": "knockout", "rounds": 2, "deals": 1, "clock": 30,
        "private": False, "capacity": 4, "registered": 4, "start_at": None,
        "status": "running", "round": 2, "created": NOW, "started": NOW + 60,
        "finished": None, "winner": None, "players_per_table": 2,
        "describe": "thousand (two_players): 2 players, game to 1000"}
    return base | over


def seat(name: str) -> dict[str, Any]:
    return {"name": name, "bot": name.startswith("bot:")}


def table(tid: str, names: list[str], *, game_id: str | None = None,
          result: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"table": tid, "game_id": game_id, "status": "finished" if result else "playing",
            "seats": [seat(n) for n in names], "result": result}


def knockout_view() -> dict[str, Any]:
    """Four players, two rounds: the first played (ann and dan advance), the final on."""
    players = [
        {"name": "ann", "rating": 1520, "points": 1.0, "game_points": 845, "status": "in",
         "place": None, "titles": 2},
        {"name": "bob", "rating": 1490, "points": 0.0, "game_points": 412, "status": "out",
         "place": 3, "titles": 0},
        {"name": "carl", "rating": 1400, "points": 0.0, "game_points": 0, "status": "out",
         "place": 3, "titles": 0},
        {"name": "dan", "rating": 1450, "points": 1.0, "game_points": 320, "status": "in",
         "place": None, "titles": 0}]
    rounds = [
        {"round": 1, "tables": [
            table("t1", ["ann", "bob"], game_id="g1",
                  result={"totals": [845, 412], "points": [1, 0], "advance": ["ann"],
                          "forfeits": []}),
            table("t2", ["carl", "dan"], game_id="g2",
                  result={"totals": [0, 320], "points": [0, 1], "advance": ["dan"],
                          "forfeits": ["carl"]})]},
        {"round": 2, "tables": [table("t3", ["ann", "dan"], game_id="g3")]}]
    return info("KO1") | {
        "players": players, "standings": [], "rounds": rounds,
        "you": {"registered": False, "owner": False, "table": None}, "invite": None,
        "tiebreaks": "match points, then game points, then rating at the start"}


def swiss_view() -> dict[str, Any]:
    """Three players and a bot's byes, two Swiss rounds played: the standings."""
    standings = [{"place": 1, "name": "eve", "points": 2.0, "game_points": 1210,
                  "rating": 1500},
                 {"place": 2, "name": "fay", "points": 1.0, "game_points": 990,
                  "rating": 1510},
                 {"place": 3, "name": "gus", "points": 0.0, "game_points": 300,
                  "rating": 1490}]
    players = [{"name": s["name"], "rating": s["rating"], "points": s["points"],
                "game_points": s["game_points"], "status": "in", "place": s["place"],
                "titles": 0} for s in standings]
    rounds = [
        {"round": 1, "tables": [
            table("s1", ["eve", "fay"], game_id="h1",
                  result={"totals": [640, 500], "points": [1, 0], "advance": [],
                          "forfeits": []}),
            table("s2", ["gus", "bot:normal"], game_id="h2",
                  result={"totals": [120, 700], "points": [0, 1], "advance": [],
                          "forfeits": []})]},
        {"round": 2, "tables": [
            table("s3", ["eve", "gus"], game_id="h3",
                  result={"totals": [570, 180], "points": [1, 0], "advance": [],
                          "forfeits": []}),
            table("s4", ["fay", "bot:normal"], game_id="h4",
                  result={"totals": [490, 300], "points": [1, 0], "advance": [],
                          "forfeits": []})]}]
    return info("SW1", kind="swiss", rounds=2, status="finished", round=2,
                finished=NOW + 3600, winner="eve", capacity=3, registered=3) | {
        "players": players, "standings": standings, "rounds": rounds,
        "you": {"registered": False, "owner": False, "table": None}, "invite": None,
        "tiebreaks": "match points, then game points, then rating at the start"}


def serve(page: Any, path: str, body: dict[str, Any]) -> None:
    """Answer GET ``path`` (and its queries) with ``body`` instead of the server."""
    page.route(f"**{path}", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(body)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewport", [(1280, 860), (390, 844)], ids=["desktop", "phone"])
def test_a_knockouts_bracket_and_a_swiss_standings(browser: Any, server: str, shots: Path,
                                                   lang: str,
                                                   viewport: tuple[int, int]) -> None:
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    serve(page, "/api/tournaments/KO1", {"tournament": knockout_view()})
    serve(page, "/api/tournaments/SW1", {"tournament": swiss_view()})
    page.goto(f"{server}/?lang={lang}#/tournament/KO1")
    page.wait_for_selector(".tournament-page .bracket")
    words = page.evaluate(CATALOGUE, lang)
    assert page.evaluate("() => document.documentElement.dir") == ("rtl" if lang == "ar"
                                                                    else "ltr")
    assert "Cup KO1" in page.locator(".tour-title").inner_text()
    assert page.locator(".tour-title .tour-status").inner_text() == words[
        "tour.status.running"]
    # a column per round, the last (one table) the final
    heads = page.locator(".bracket-round h4").all_inner_texts()
    assert [plain(x) for x in heads] == [words["tour.round_n"].replace("{n}", "1"),
                                         words["tour.final"]]
    first = page.locator(".match-box[data-table='t1']")
    assert first.locator(".seat-line.advance").get_attribute("data-name") == "ann"
    assert words["tour.advances"] in first.locator(".seat-line.advance").inner_text()
    assert first.locator(".seat-total").all_inner_texts() == ["845", "412"]
    assert first.locator("a.replay").get_attribute("href") == "#/replay/g1"
    assert first.locator("a.watch").count() == 0
    second = page.locator(".match-box[data-table='t2']")
    assert second.locator(".seat-line.forfeit").get_attribute("data-name") == "carl"
    final = page.locator(".match-box[data-table='t3']")
    assert final.get_attribute("data-status") == "playing"
    assert final.locator("a.watch").get_attribute("href") == "#/table/t3"
    assert final.locator("a.replay").count() == 0
    assert final.locator(".seat-line.advance").count() == 0
    # the players, the facts, the tie-break rule in the page's language
    assert page.locator(".tour-players tbody tr").count() == 4
    assert page.locator(".tour-players tr[data-name='bob'] td").nth(2).inner_text() == words[
        "tour.player.out"]
    assert plain(page.locator("[data-fact='deals'] dd").inner_text()) == words[
        "tour.deals_n"].replace("{n}", "1")
    rule = plain(page.locator(".tiebreaks").inner_text())
    assert rule == words["tour.tiebreak_line"].replace("{rule}", (
        knockout_view()["tiebreaks"] if lang == "en" else words["tour.tiebreaks"]))
    assert page.locator("#t-register").count() == 0  # running: no registration
    assert page.locator(".standings").count() == 0
    if viewport[0] < 500:
        no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"tournament-knockout-{lang}-{viewport[0]}.png"),
                    full_page=True)
    # a Swiss: the standings by place, each round's tables, the winner
    page.goto(f"{server}/#/tournament/SW1")
    page.wait_for_selector(".tournament-page .standings")
    rows = page.locator(".standings tbody tr")
    assert [rows.nth(i).get_attribute("data-name") for i in range(3)] == ["eve", "fay", "gus"]
    assert rows.nth(0).locator(".points").inner_text() == "2.0" or rows.nth(0).locator(
        ".points").inner_text() == "2"
    assert rows.nth(1).locator(".game-points").inner_text() == "990"
    assert page.locator(".swiss-round").count() == 2
    assert "object" not in page.locator(".tour-info").inner_text()
    assert page.locator(".bracket").count() == 0
    assert plain(page.locator(".tour-champion").inner_text()).endswith(
        words["tour.champion"].replace("{name}", "eve"))
    bot = page.locator(".match-box[data-table='s2'] .seat-line").nth(1)
    assert "bot:" not in bot.inner_text()  # a bot by its shown name
    if viewport[0] < 500:
        no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"tournament-swiss-{lang}-{viewport[0]}.png"),
                    full_page=True)
    ctx.close()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_running_knockout_shows_the_rounds_to_come(page: Any, server: str, shots: Path,
                                                     lang: str) -> None:
    """Eight players at four tables in round 1: two more columns wait, two tables and the
    final, each box "to be drawn"; once it is finished none are drawn."""
    names = [f"p{i}" for i in range(8)]
    view = knockout_view() | {"id": "KO8", "capacity": 8, "registered": 8, "round": 1,
                              "players": [{"name": n, "rating": 1500, "points": 0.0,
                                           "game_points": 0, "status": "in", "place": None}
                                          for n in names],
                              "rounds": [{"round": 1, "tables": [
                                  table(f"e{i}", names[2 * i:2 * i + 2]) for i in range(4)]}]}
    serve(page, "/api/tournaments/KO8", {"tournament": view})
    page.goto(f"{server}/?lang={lang}#/tournament/KO8")
    page.wait_for_selector(".bracket")
    words = page.evaluate(CATALOGUE, lang)
    heads = [plain(x) for x in page.locator(".bracket-round h4").all_inner_texts()]
    assert heads == [words["tour.round_n"].replace("{n}", str(n)) for n in (1, 2)] + [
        words["tour.final"]]
    assert page.locator(".bracket-round[data-round='1'] .match-box").count() == 4
    assert page.locator(".bracket-round[data-round='1'] a.watch").count() == 4
    assert page.locator(".bracket-round[data-round='2'] .match-box.empty").count() == 2
    assert page.locator(".bracket-round[data-round='3'] .match-box.empty").inner_text() == \
        words["tour.to_come"]
    page.screenshot(path=str(shots / f"tournament-to-come-{lang}.png"), full_page=True)
    serve(page, "/api/tournaments/KO8", {"tournament": view | {"status": "finished"}})
    page.goto(f"{server}/#/tournament/KO8?again=1")
    page.wait_for_selector(".tournament-page[data-status='finished'] .bracket")
    assert page.locator(".bracket-round.to-come").count() == 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_list_by_status_and_the_form_on_a_phone(browser: Any, server: str, shots: Path,
                                                    lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    listed = [info("L1", status="registering", round=0, registered=1, started=None,
                   start_at=NOW + 7200, name="Long-named Saturday evening open cup"),
              info("L2", status="registering", round=0, registered=0, started=None,
                   kind="swiss", rounds=5),
              info("L3"),
              info("L4", status="finished", finished=NOW + 5000, winner="ann"),
              info("L5", status="cancelled", started=None)]
    serve(page, "/api/tournaments", {"tournaments": listed})
    register(page, server)
    page.goto(f"{server}/#/tournaments")
    page.evaluate(SET_LANG, lang)
    page.wait_for_selector(".tour-line[data-tournament='L5']")
    page.wait_for_selector("#t-submit")
    words = page.evaluate(CATALOGUE, lang)

    def ids(section: str) -> list[str]:
        sel = f".tour-section[data-section='{section}'] .tour-line"
        return [str(x) for x in page.eval_on_selector_all(
            sel, "(els) => els.map((e) => e.dataset.tournament)")]

    assert ids("registering") == ["L1", "L2"]
    assert ids("running") == ["L3"]
    assert ids("finished") == ["L4", "L5"]
    first = page.locator(".tour-line[data-tournament='L1']")
    assert "1/4" in first.inner_text()
    assert first.locator("a.tour-name").get_attribute("href") == "#/tournament/L1"
    assert plain(page.locator(".tour-line[data-tournament='L2'] .kind").inner_text()) == \
        words["tour.swiss_rounds"].replace("{n}", "5")
    assert words["tour.when_full"] in plain(page.locator(
        ".tour-line[data-tournament='L2']").inner_text())
    assert "ann" in page.locator(".tour-line[data-tournament='L4'] .winner").inner_text()
    assert page.locator(".tour-line[data-tournament='L5'] .tour-status").inner_text() == \
        words["tour.status.cancelled"]
    # the form: rounds only for a Swiss, the start time only "at a set time"
    assert page.locator(".t-rounds-row").is_hidden()
    page.select_option("#t-kind", "swiss")
    assert page.locator(".t-rounds-row").is_visible()
    assert page.locator("#t-start-at").is_disabled()
    page.check("#t-at-time")
    assert page.locator("#t-start-at").is_enabled()
    page.fill("#t-name", "Evening cup")
    page.click("#t-submit")  # no time chosen: said, nothing sent
    assert page.locator("#t-error").inner_text() == words["tour.need_start"]
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"tournaments-phone-{lang}.png"), full_page=True)
    # a start time (the browser's local time) goes as epoch seconds: the page shows it
    page.evaluate("() => { const e = document.getElementById('t-start-at');"
                  " e.value = new Date(Date.now() + 7200e3 - new Date().getTimezoneOffset()"
                  " * 60e3).toISOString().slice(0, 16); }")
    want = page.evaluate("() => new Date(document.getElementById('t-start-at').value)"
                         ".getTime() / 1000")
    page.fill("#t-rounds", "4")
    page.click("#t-submit")
    page.wait_for_selector(".tournament-page [data-fact='start']")
    tour = page.evaluate("() => window.kozyr.view.tour")
    assert (tour["kind"], tour["start_at"], tour["status"]) == ("swiss", want, "registering")
    assert plain(page.locator("[data-fact='start'] dd").inner_text()) != words[
        "tour.when_full"]
    no_sideways_scroll(page)
    ctx.close()
    assert not errors, errors


def test_your_table_banner_goes_to_the_table(page: Any, server: str) -> None:
    """A ``tournament_table`` push shows the banner; Stay keeps the page, else it goes."""
    serve(page, "/api/tournaments/KO1", {"tournament": knockout_view()})
    page.goto(f"{server}/#/tournament/KO1")
    page.wait_for_selector(".bracket")
    push = ("(m) => window.kozyr.conn.emit('tournament_table', {type: 'tournament_table',"
            " tournament: 'KO1', round: m.round, table: m.table})")
    page.evaluate(push, {"round": 2, "table": "nosuch1"})
    banner = page.locator("#tour-banner")
    assert banner.locator("span").inner_text() == "Your table of round 2 is ready"
    page.click("#t-stay")
    page.wait_for_timeout(3600)
    assert page.evaluate("() => location.hash") == "#/tournament/KO1"
    page.click("#t-go")
    page.wait_for_function("() => location.hash === '#/table/nosuch1'")
    assert banner.count() == 0
    page.goto(f"{server}/#/tournament/KO1")
    page.wait_for_selector(".bracket")
    page.evaluate(push, {"round": 3, "table": "nosuch2"})
    page.wait_for_function("() => location.hash === '#/table/nosuch2'", timeout=6000)
    # without the push (another process directs it), the followed view's new you.table
    page.goto(f"{server}/#/tournament/KO1")
    page.wait_for_selector(".bracket")
    seated = knockout_view()
    seated["you"] = {"registered": True, "owner": False, "table": "nosuch3"}
    page.evaluate("(t) => window.kozyr.conn.emit('tournament', {type: 'tournament',"
                  " tournament: t})", seated)
    assert page.locator("#tour-banner").get_attribute("data-table") == "nosuch3"
    assert page.locator("#t-your-table").get_attribute("href") == "#/table/nosuch3"
    page.wait_for_function("() => location.hash === '#/table/nosuch3'", timeout=6000)


# -- against the real server ------------------------------------------------------------


def create_through_the_form(page: Any, server: str, lang: str, name: str, *,
                            private: bool = False, swiss_rounds: int = 0,
                            capacity: int = 2, bank: int = 0) -> str:
    """Fill the create form (two-player Thousand, knockout, a deal a match, two players or
    ``capacity``, when full); return the new tournament's id once its page shows."""
    page.goto(f"{server}/#/tournaments")
    page.evaluate(SET_LANG, lang)
    page.wait_for_selector("#t-submit")
    page.fill("#t-name", name)
    page.select_option("#t-game", "thousand")
    page.select_option("#t-preset", "two_players")
    page.select_option("#t-kind", "knockout")
    assert page.locator(".t-rounds-row").is_hidden()  # rounds are a Swiss's only
    if swiss_rounds:
        page.select_option("#t-kind", "swiss")
        page.fill("#t-rounds", str(swiss_rounds))
    page.fill("#t-deals", "1")
    if bank:
        page.fill("#t-bank", str(bank))
        page.fill("#t-increment", "3")
    page.fill("#t-capacity", str(capacity))
    page.check("#t-when-full")
    if private:
        page.check("#t-private")
    page.click("#t-submit")
    page.wait_for_selector(".tournament-page .tour-title")
    assert page.locator("#t-error").count() == 0
    tid = str(page.evaluate("() => window.kozyr.view.id"))
    assert page.evaluate("() => location.hash").startswith(f"#/tournament/{tid}")
    return tid


def second_player(server: str, tid: str, out: dict[str, Any], matches: int = 1
                  ) -> threading.Thread:
    """Register a player over HTTP; in a thread, register him for the tournament over a
    websocket and play his seat (random legal moves) each time a round seats him, for
    ``matches`` rounds (``out["table"]`` and ``out["over"]``: the last one's)."""
    name = f"opp{random.randrange(10**6)}"
    token = http_register(server, name)
    out["name"] = name

    async def run() -> None:
        c = await Client.connect("ws" + server[len("http"):], token)
        try:
            await c.send({"type": "tournament_register", "tournament": tid, "id": 1})
            answer = await c.expect("ok", "error")
            assert answer["type"] == "ok", answer
            out["registered"] = True
            for _ in range(matches):
                push = await c.expect("tournament_table", timeout=60)
                out["table"] = push["table"]
                await c.send({"type": "resync", "table": push["table"], "version": 0})
                out["over"] = await play_until({0: c}, push["table"], random.Random(5),
                                               timeout=60)
        finally:
            await c.close()

    def main() -> None:
        try:
            asyncio.run(run())
        except BaseException as e:  # handed to the test
            out["error"] = e

    worker = threading.Thread(target=main, daemon=True)
    worker.start()
    return worker


def play_our_match(page: Any, after: str | None = None) -> str:
    """Wait until the page is at a table (another than ``after``), play our seat through the
    page until the match ends; return the table's id."""
    page.wait_for_function("(after) => location.hash.startsWith('#/table/')"
                           " && location.hash.split('/')[2] !== after", arg=after,
                           timeout=15000)
    table = str(page.evaluate("() => location.hash.split('/')[2]"))
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.seat !== null"
                           " && window.kozyr.view.obs", timeout=20000)
    for _ in range(400):  # our seat's moves, through the page, until the match ends
        st = page.evaluate(STATUS_JS)
        if st and st["over"]:
            return table
        if page.evaluate("() => { const v = window.kozyr.view;"
                         " return !!(v && v.myTurn && v.myTurn() && !v.sent); }"):
            act_once(page)
        page.wait_for_timeout(120)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("lang", LANGS)
def test_create_register_and_play_a_knockout(page: Any, server: str, shots: Path,
                                             lang: str) -> None:
    me = register(page, server)
    tname = f"Cup {lang} {random.randrange(10**6)}"
    tid = create_through_the_form(page, server, lang, tname, bank=5)
    words = page.evaluate(CATALOGUE, lang)
    # a time bank of 5 minutes a player and 3 s a move, said as the lobby says it
    assert page.locator("[data-fact='time'] dd").inner_text() == "5+3"
    assert tname in page.locator(".tour-title").inner_text()
    assert page.locator(".tour-title .tour-status").inner_text() == words[
        "tour.status.registering"]
    assert page.locator("[data-fact='players'] dd").inner_text() == "0/2"
    assert plain(page.locator("[data-fact='start'] dd").inner_text()) == words[
        "tour.when_full"]
    # register, withdraw, register again: the player list follows
    page.click("#t-register")
    page.wait_for_selector(f".tour-players tr[data-name='{me}']")
    assert page.locator("#t-unregister").inner_text() == words["tour.unregister"]
    page.click("#t-unregister")
    page.wait_for_selector(f".tour-players tr[data-name='{me}']", state="detached")
    page.click("#t-register")
    page.wait_for_selector(f".tour-players tr[data-name='{me}']")
    # the list shows it among those registering
    page.goto(f"{server}/#/tournaments")
    line = page.locator(f".tour-section[data-section='registering']"
                        f" .tour-line[data-tournament='{tid}']")
    line.wait_for()
    assert "1/2" in line.inner_text()
    page.screenshot(path=str(shots / f"tournaments-list-{lang}.png"), full_page=True)
    line.locator("a.tour-name").click()
    page.wait_for_selector(f".tour-players tr[data-name='{me}']")
    # a second player fills it: it starts, and the banner takes us to our table
    out: dict[str, Any] = {}
    worker = second_player(server, tid, out)
    page.wait_for_selector("#tour-banner", timeout=30000)
    assert plain(page.locator("#tour-banner span").inner_text()) == words[
        "tour.table_ready"].replace("{n}", "1")
    page.screenshot(path=str(shots / f"tournament-banner-{lang}.png"))
    table = play_our_match(page)
    worker.join(60)
    assert "error" not in out, out.get("error")
    assert out["table"] == table
    # the end-of-match box offers the tournament, not a rematch (its table takes none)
    back = page.locator(".over-card a.to-tournament")
    back.wait_for()
    assert back.inner_text() == words["tour.back_to"]
    assert page.locator(".over-card .rematch").count() == 0
    # the tournament is over: the final with its replay, the winner, the title
    back.click()
    page.wait_for_function("() => { const s = document.querySelector('.tournament-page');"
                           " return s && s.dataset.status === 'finished'; }", timeout=20000)
    box = page.locator(f".match-box[data-table='{table}']")
    assert box.get_attribute("data-status") == "finished"
    assert box.locator("a.replay").count() == 1
    winner = page.evaluate("() => window.kozyr.view.tour.winner")
    assert winner in (me, out["name"])
    assert box.locator(".seat-line.advance").get_attribute("data-name") == winner
    assert plain(page.locator(".bracket-round h4").inner_text()) == words["tour.final"]
    totals = [f"\u2212{-n}" if n < 0 else str(n) for n in out["over"]["totals"]]
    assert box.locator(".seat-total").all_inner_texts() == totals  # the match's, seat by seat
    assert plain(page.locator(".tour-champion").inner_text()).endswith(
        words["tour.champion"].replace("{name}", winner))
    page.screenshot(path=str(shots / f"tournament-finished-{lang}.png"), full_page=True)
    page.goto(f"{server}/#/tournaments")
    page.locator(f".tour-section[data-section='finished'] .tour-line[data-tournament='{tid}']"
                 ).wait_for()
    page.goto(f"{server}/#/profile/{winner}")
    title = page.locator(f".title-line[data-tournament='{tid}']")
    title.wait_for()
    assert plain(title.inner_text()).find(words["tour.winner_of"].replace("{name}", tname)) >= 0
    record = page.evaluate(f"() => fetch('/api/profiles/{winner}').then((r) => r.json())"
                           )["tournaments"]
    assert (record["played"], record["won"], record["best"]) == (1, 1, 1)
    assert plain(page.locator(".tour-record").inner_text()) == words["tour.record"].replace(
        "{played}", "1").replace("{won}", "1").replace("{best}", "1")


@pytest.mark.parametrize("lang", LANGS)
def test_its_owner_cancels_a_tournament(browser: Any, server: str, lang: str) -> None:
    """Only its owner has Cancel; a dismissed confirmation sends nothing; an accepted one
    cancels it, and a player's open page follows (no more Register / Unregister)."""
    owner = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    register(owner, server)
    tid = create_through_the_form(owner, server, lang, f"Void {random.randrange(10**6)}",
                                  capacity=4)
    words = owner.evaluate(CATALOGUE, lang)
    player = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    me = register(player, server)
    player.goto(f"{server}/#/tournament/{tid}")
    player.evaluate(SET_LANG, lang)
    player.click("#t-register")
    player.wait_for_selector(f".tour-players tr[data-name='{me}']")
    assert player.locator("#t-cancel").count() == 0  # not his
    assert owner.locator("#t-cancel").inner_text() == words["tour.cancel"]
    asked: list[str] = []
    owner.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    owner.click("#t-cancel")
    assert asked == [words["tour.cancel_confirm"]]
    owner.wait_for_timeout(300)
    assert owner.locator(".tournament-page").get_attribute("data-status") == "registering"
    owner.once("dialog", lambda d: d.accept())
    owner.click("#t-cancel")
    for p in (owner, player):
        p.wait_for_selector(".tournament-page[data-status='cancelled']")
        assert p.locator(".tour-title .tour-status").inner_text() == words[
            "tour.status.cancelled"]
        assert p.locator("#t-cancel, #t-register, #t-unregister").count() == 0
    with urllib.request.urlopen(f"{server}/api/tournaments/{tid}") as r:
        assert json.load(r)["tournament"]["status"] == "cancelled"
    for p in (owner, player):
        p.context.close()


def test_a_private_tournaments_invite_link(browser: Any, server: str) -> None:
    owner = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    register(owner, server)
    tid = create_through_the_form(owner, server, "en", f"Secret {random.randrange(10**6)}",
                                  private=True)
    link = owner.locator("#t-invite").input_value()
    assert f"#/tournament/{tid}?invite=" in link
    guest = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    register(guest, server)
    guest.goto(f"{server}/#/tournaments")
    guest.wait_for_selector(".tour-section")
    assert guest.locator(f".tour-line[data-tournament='{tid}']").count() == 0  # not listed
    guest.goto(f"{server}/#/tournament/{tid}")
    guest.wait_for_selector(".tour-error")  # no invite: no such tournament
    guest.goto(link)
    guest.wait_for_selector("#t-register")
    assert guest.locator("#t-invite").count() == 0  # not his to give before he is in
    guest.click("#t-register")
    guest.wait_for_selector(".tour-players tbody tr")
    # a player of a private tournament is given its invite too (its tables are private)
    guest.wait_for_selector("#t-invite")
    assert guest.locator("#t-invite").input_value() == link
    for p in (owner, guest):
        p.context.close()


def test_a_swiss_of_two_rounds_is_played_and_stands(page: Any, server: str,
                                                    shots: Path) -> None:
    """Two players, two Swiss rounds of a deal: the banner of round 2 comes at the end of
    round 1's match and takes the page to the new table; the standings are the server's."""
    page.add_init_script(RECORD_VIOLATIONS)
    me = register(page, server)
    tid = create_through_the_form(page, server, "en", f"Swiss {random.randrange(10**6)}",
                                  swiss_rounds=2)
    # the view's round_count (its rounds is the list of rounds drawn)
    assert page.locator("[data-fact='kind'] dd").inner_text() == "Swiss, 2 rounds"
    page.click("#t-register")
    page.wait_for_selector(f".tour-players tr[data-name='{me}']")
    out: dict[str, Any] = {}
    worker = second_player(server, tid, out, matches=2)
    first = play_our_match(page)
    page.wait_for_selector("#tour-banner[data-round='2']", timeout=30000)
    second = play_our_match(page, after=first)
    worker.join(60)
    assert "error" not in out, out.get("error")
    assert out["table"] == second
    page.goto(f"{server}/#/tournament/{tid}")
    page.wait_for_function("() => { const s = document.querySelector('.tournament-page');"
                           " return s && s.dataset.status === 'finished'; }", timeout=45000)
    api = page.evaluate(f"() => fetch('/api/tournaments/{tid}').then((r) => r.json())"
                        )["tournament"]
    rows = page.locator(".standings tbody tr")
    assert rows.count() == 2
    for i, st in enumerate(api["standings"]):
        row = rows.nth(i)
        assert row.get_attribute("data-name") == st["name"]
        assert row.locator(".place").inner_text() == str(st["place"])
        assert float(row.locator(".points").inner_text()) == st["points"]
        assert row.locator(".game-points").inner_text().replace("\u2212", "-") == str(
            st["game_points"]).removesuffix(".0")
    assert [r["round"] for r in api["rounds"]] == [1, 2]
    assert page.locator(".swiss-round").count() == 2
    results = {tb["table"]: tb["result"] for r in api["rounds"] for tb in r["tables"]}
    for table in (first, second):
        box = page.locator(f".match-box[data-table='{table}']")
        assert box.get_attribute("data-status") == "finished"
        assert box.locator("a.replay").count() == 1
        marked = box.locator(".seat-line.advance")  # a Swiss's match winner "won"
        assert [marked.nth(i).get_attribute("data-name") for i in range(marked.count())] == \
            results[table]["advance"]
        assert box.locator(".advance-mark").all_inner_texts() == ["✓ won"] * marked.count()
    assert api["winner"] == api["standings"][0]["name"]
    page.screenshot(path=str(shots / "tournament-swiss-played.png"), full_page=True)
    assert page.evaluate("() => window.__csp") == []  # nothing broke the page's policy


def knockout_players(server: str, tid: str, n: int, out: dict[str, Any]) -> threading.Thread:
    """Register ``n`` players over HTTP; in a thread, each registers for the tournament over
    his websocket and plays (random legal moves) every table a round seats him at, until the
    tournament is over."""
    names = [f"ko{random.randrange(10**6)}x{i}" for i in range(n)]
    tokens = [http_register(server, name) for name in names]
    out["names"] = names

    def status() -> str:
        with urllib.request.urlopen(f"{server}/api/tournaments/{tid}", timeout=5) as r:
            return str(json.loads(r.read())["tournament"]["status"])

    async def one(i: int) -> None:
        c = await Client.connect("ws" + server[len("http"):], tokens[i])
        try:
            await c.send({"type": "tournament_register", "tournament": tid, "id": 1})
            answer = await c.expect("ok", "error")
            assert answer["type"] == "ok", answer
            while True:
                try:
                    push = await c.expect("tournament_table", timeout=1.5)
                except TimeoutError:
                    if status() in ("finished", "cancelled"):
                        return
                    continue
                await c.send({"type": "resync", "table": push["table"], "version": 0})
                await play_until({0: c}, push["table"], random.Random(i), timeout=60)
        finally:
            await c.close()

    async def run() -> None:
        await asyncio.wait_for(asyncio.gather(*(one(i) for i in range(n))), 240)

    def main() -> None:
        try:
            asyncio.run(run())
        except BaseException as e:  # handed to the test
            out["error"] = e

    worker = threading.Thread(target=main, daemon=True)
    worker.start()
    return worker


def test_a_four_player_knockout_followed_live(page: Any, server: str, shots: Path) -> None:
    """The owner's page, never reloaded, follows four players (websockets) through a
    knockout: the players come in, round 1's two tables, the final between their winners,
    the places and the winner — each change pushed by tournament_follow."""
    register(page, server)
    tid = create_through_the_form(page, server, "en", f"Four {random.randrange(10**6)}",
                                  capacity=4)
    assert page.locator("[data-fact='players'] dd").inner_text() == "0/4"
    out: dict[str, Any] = {}
    worker = knockout_players(server, tid, 4, out)
    page.wait_for_selector(".tour-players tbody tr >> nth=3", timeout=30000)
    page.wait_for_function("() => document.querySelector('.tournament-page')"
                           ".dataset.status === 'finished'", timeout=240000)
    worker.join(30)
    assert "error" not in out, out.get("error")
    cols = page.locator(".bracket-round")
    assert cols.count() == 2
    assert plain(cols.nth(1).locator("h4").inner_text()) == "Final"
    first = cols.nth(0).locator(".match-box")
    assert first.count() == 2
    winners = []
    for i in range(2):
        box = first.nth(i)
        assert box.get_attribute("data-status") == "finished"
        assert box.locator("a.replay").count() == 1
        adv = box.locator(".seat-line.advance")
        assert adv.count() <= 1
        winners += [adv.get_attribute("data-name")] if adv.count() else []
    final = cols.nth(1).locator(".match-box")
    assert final.count() == 1
    seats = final.locator(".seat-line")
    finalists = {seats.nth(i).get_attribute("data-name") for i in range(seats.count())}
    assert set(winners) <= finalists  # the final seats round 1's winners (bots for none)
    winner = page.evaluate("() => window.kozyr.view.tour.winner")
    assert winner in out["names"]
    assert final.locator(".seat-line.advance").get_attribute("data-name") == winner
    assert final.locator(".advance-mark").inner_text() == "✓ won"  # the final: won
    assert first.first.locator(".advance-mark").all_inner_texts() in ([], ["✓ advances"])
    places = page.locator(".tour-players tbody .place").all_inner_texts()
    assert places == ["1", "2", "3", "4"]  # by place once finished
    assert page.locator(".tour-players tbody tr").first.get_attribute("data-name") == winner
    page.screenshot(path=str(shots / "tournament-four-live.png"), full_page=True)
