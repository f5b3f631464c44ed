"""Every game's table in the page: its renderer (src/kozyr/web/js/table/GAME.js) is the one
loaded, and the game's own parts appear — the Thousand talon, piles and marriages, the Debertz
stock, melds and bella, the Tertz stock and combinations, with Tertz's trick drawn at the
right seats.

Two ways: a live table of each game with bots, created from the lobby form; and true
observations of the engines (found by random play here, in the test) fed to a TableView
through a stand-in connection, so that what appears only now and then (a meld, a bella, a
marriage) is seen every run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kozyr.games.registry import names, spec
from tests.browser.fixtures import READY_JS, STATUS_JS, act_once, find_observation, register

pytestmark = pytest.mark.browser

# What a game's table always shows at first sight (before any card is played): Thousand's
# talon (or its two piles), the Debertz and Tertz stock with the turned card (in the middle,
# or on the info panel's stock line once play has begun).  A new game may add its own.
FIRST_SIGHT = {
    "thousand": ".center .talon .card, .center .piles .pile",
    "debertz": ".center .stock, .table-info .stockline",
    "tertz": ".center .stock, .table-info .stockline",
}

# A TableView over a stand-in connection, given one `table` snapshot.
SHOW_JS = """async ({info, obs}) => {
  const V = await import('/static/js/table/view.js');
  const handlers = {};
  const conn = {ready: true, sent: [], now: () => Date.now() / 1000,
    on(type, f) { (handlers[type] = handlers[type] || []).push(f); return () => {}; },
    send(m) { this.sent.push(m); return this.sent.length; }};
  if (window.kozyr.view && window.kozyr.view.destroy) window.kozyr.view.destroy();
  const v = new V.TableView(conn, document.getElementById('main'), info.id);
  window.kozyr.view = v;
  for (const f of handlers.table) f({type: 'table', table: info, seat: obs.seat, version: 1,
    state: 1, obs, legal: obs.legal, to_act: obs.to_act, deadline: null, chat: []});
}"""


def create_table(page: Any, base: str, game: str) -> None:
    """Create a table of ``game`` (its first preset) from the lobby form, bots in the seats."""
    page.goto(base + "/#/lobby")
    page.wait_for_selector("#f-submit")
    games = page.locator("#f-game option").evaluate_all("els => els.map(e => e.value)")
    if game not in games:
        pytest.skip(f"the server offers no {game}")
    page.select_option("#f-game", game)
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.obs"
                           " && window.kozyr.view.obs.hand")


@pytest.mark.parametrize("game", names())
def test_live_table_of_each_game(page: Any, server: str, shots: Path, game: str) -> None:
    register(page, server)
    create_table(page, server, game)
    name, own = page.evaluate("""async () => {
      const R = await import('/static/js/table/renderer.js');
      const r = window.kozyr.view.renderer;
      return [r.name, r.constructor !== R.Renderer]; }""")
    # The registry's renderer name once TableInfo carries it (`web`), else the game's name.
    assert name in (spec(game).web, game)
    assert own, f"{game}'s table has no renderer of its own (js/table/{name}.js)"
    page.wait_for_function(READY_JS % 1)
    st = page.evaluate(STATUS_JS)
    if game in FIRST_SIGHT and (st["phase"] != "play" or game != "thousand"):
        assert page.locator(FIRST_SIGHT[game]).count() >= 1, game
    page.screenshot(path=str(shots / f"table-{game}.png"))
    if game != "tertz":
        return
    # Tertz: play on until a bot's card lies in the trick at our turn; it comes from the top.
    for _ in range(60):
        page.wait_for_function(READY_JS % 1, timeout=20000)
        st = page.evaluate(STATUS_JS)
        if st["over"] or st["sheet"]:
            break
        trick = page.evaluate("() => window.kozyr.view.obs.trick")
        if trick:
            (seat, card), = trick
            assert seat == 1 - st["seat"]
            node = page.locator(f".center .trick .card[data-card='{card}']")
            assert "from-top" in (node.get_attribute("class") or "")
            return
        act_once(page)
    pytest.fail("no trick led by the bot at our turn")


def find(game: str, preset: str, want: Callable[[dict[str, Any]], bool]) -> tuple[Any, dict]:
    """Play ``game`` at random until seat 0's observation satisfies ``want``: (match, obs)."""
    return find_observation(game, preset, want, steps=500)


def show(page: Any, m: Any, obs: dict[str, Any]) -> None:
    """Show ``obs`` of match ``m`` in a TableView, as if the server had sent it."""
    n = obs["players"]
    info = {"id": "t1", "game": obs["game"], "preset": m.rules.preset,
            "rules": m.rules.as_dict(), "describe": "", "players": n, "private": False,
            "status": "playing", "owner": None, "game_id": None, "spectators": 0,
            "seats": [{"seat": i, "kind": "bot", "name": f"bot:normal{i}", "level": "normal",
                       "connected": True, "auto": False} for i in range(n)]}
    page.evaluate(SHOW_JS, {"info": info, "obs": obs})
    page.wait_for_selector(".table-page .hand .card")
    assert page.evaluate("() => window.kozyr.view.renderer.name") == obs["game"]


def seat_box(page: Any, seat: int) -> Any:
    return page.locator(f".seat[data-seat='{seat}']")


def test_engine_observations_show_each_games_extras(page: Any, server: str,
                                                    shots: Path) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")

    # Thousand, bidding: the talon face down; two players: two piles.
    m, obs = find("thousand", "classic", lambda o: o["phase"] == "bidding")
    show(page, m, obs)
    assert page.locator(".center .talon .card.back").count() == 3
    m, obs = find("thousand", "two_players", lambda o: o["phase"] == "bidding")
    show(page, m, obs)
    assert page.locator(".center .piles .pile").count() == 2
    # Thousand, play: a declared marriage on the info panel, the trick and passes' badges.
    m, obs = find("thousand", "classic", lambda o: bool(o["marriages"] and o["trick"]))
    show(page, m, obs)
    assert page.locator(".table-info .marriages .marriage").count() == len(obs["marriages"])
    suit = obs["marriages"][0][1]
    value = m.rules.as_dict()["marriage_values"][suit]
    assert str(value) in page.inner_text(".table-info .marriages")
    assert page.locator(".center .trick .card").count() == len(obs["trick"])
    page.screenshot(path=str(shots / "extras-thousand.png"))

    # Debertz: a seat's declared meld under its name (every card), its bella badge.
    m, obs = find("debertz", "debertz3", lambda o: bool(o["melds"] and o["bella"]))
    show(page, m, obs)
    for seat in range(obs["players"]):
        cards = [c for s, _kind, text in obs["melds"] if s == seat for c in text.split()]
        shown = seat_box(page, seat).locator(".melds .meld .card-inline")
        assert shown.count() == len(cards)
    for seat in obs["bella"]:
        assert seat_box(page, seat).locator(".badge.bella").count() == 1
    assert page.locator(".center .card, .table-info .stockline").count() >= 1
    page.screenshot(path=str(shots / "extras-debertz.png"))

    # Tertz: the combinations under their seat, each with its kind and value; the trick and
    # the last trick ([seat, card] like every game's) drawn from the right seats.
    m, obs = find("tertz", "tertz", lambda o: bool(any(o["combinations"]) and o["trick"]
                                                   and o["last_trick"] and o["leader"] == 1))
    show(page, m, obs)
    for seat, combos in enumerate(obs["combinations"]):
        labels = seat_box(page, seat).locator(".melds .meld-label").all_inner_texts()
        assert [x.strip() for x in labels] == [f"{c['kind']} {c['value']}" for c in combos]
    # Seat 0 is at the bottom, seat 1 (the leader) at the top.
    assert obs["trick"][0][0] == 1
    card = obs["trick"][0][1]
    assert "from-top" in (page.locator(f".center .trick .card[data-card='{card}']")
                          .get_attribute("class") or "")
    page.click(".center .show-last")
    last = obs["last_trick"]
    # The last trick is a small overlay beside the current trick: each card by its player.
    assert page.locator(f".center .trick .card[data-card='{card}']").count() == 1
    for seat, c in last["cards"]:
        assert page.locator(f".center .last-trick .trick-entry[data-seat='{seat}']"
                            f"[data-card='{c}']").count() == 1
    page.screenshot(path=str(shots / "extras-tertz.png"))
