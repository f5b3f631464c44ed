"""Issue 17, "Wrong on screen", in the page: the language choice sticks, salon titles are the
server's (and every preset has a salon), "Return to your seat" takes the seat in a second tab,
a refused amount is sent for the engine's reason, the felt shows nothing of the last deal in
the next one, the marriage banner never covers the trick, "show last trick" sits beside the
current trick and names who played what and who won, Russian and Arabic words for bot levels,
the dealer badge and OK, bidi isolation of names in Arabic, names of any script, one guest
identity, the ♪ beside the sound box on a phone, the replay's points from the engine with the
cards drawn from the stock, melds and the Debertz declarer badge.

Positions come from the engines by random play and are shown through a stand-in connection
(as in test_rules_ui.py), so each appears every run.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kozyr.games import new_match
from kozyr.games.thousand.rules import ThousandRules
from kozyr.records import replay_record, write_record
from tests.browser.fixtures import register
from tests.browser.test_rules_ui import find, to_act

pytestmark = pytest.mark.browser

#: SHOW_JS of test_games.py, keeping the stand-in connection's handlers so that a test can
#: deliver the next messages (a state, an error).
SHOW_JS = """async ({info, obs}) => {
  const V = await import('/static/js/table/view.js');
  const handlers = {};
  const conn = {ready: true, sent: [], now: () => Date.now() / 1000,
    on(type, f) { (handlers[type] = handlers[type] || []).push(f); return () => {}; },
    send(m) { this.sent.push(m); return this.sent.length; }};
  if (window.kozyr.view && window.kozyr.view.destroy) window.kozyr.view.destroy();
  const v = new V.TableView(conn, document.getElementById('main'), info.id);
  window.kozyr.view = v;
  window.__deliver = (type, m) => { for (const f of handlers[type] || []) f(m); };
  window.__deliver('table', {type: 'table', table: info, seat: obs.seat, version: 1,
    state: 1, obs, legal: obs.legal, to_act: obs.to_act, deadline: null, chat: []});
}"""

STATE_JS = """({obs, version}) => window.__deliver('state', {type: 'state', table: 't1', version,
  state: version, seat: obs.seat, obs, legal: obs.legal, to_act: obs.to_act, deadline: null,
  last: {seat: null}})"""


def info_for(m: Any, obs: dict[str, Any], names: list[str] | None = None) -> dict[str, Any]:
    n = obs["players"]
    names = names or [f"bot:{lv}" for lv in ("normal", "hard", "easy", "normal")[:n]]
    return {"id": "t1", "game": obs["game"], "preset": m.rules.preset,
            "rules": m.rules.as_dict(), "describe": m.rules.describe(), "players": n,
            "private": False, "status": "playing", "owner": None, "game_id": None,
            "spectators": 0,
            "seats": [{"seat": i, "kind": "bot" if nm.startswith("bot:") else "human",
                       "name": nm, "level": "normal", "connected": True, "auto": False}
                      for i, nm in enumerate(names)]}


def show(page: Any, m: Any, obs: dict[str, Any], names: list[str] | None = None) -> None:
    page.evaluate(SHOW_JS, {"info": info_for(m, obs, names), "obs": obs})
    page.wait_for_selector(".table-page .seat:not([hidden])")


def lobby(page: Any, server: str, query: str = "") -> None:
    """Load the lobby afresh (a new address each time: never only a hash change)."""
    page.goto(server + "/" + (query or f"?v={random.randrange(10**9)}") + "#/lobby")
    page.wait_for_selector(".salon")


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


# -- language, lobby ---------------------------------------------------------------------------

def test_the_menus_language_sticks_over_the_address(page: Any, server: str) -> None:
    lobby(page, server, "?lang=ar")
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert "lang=" not in page.url
    # The same address with ?lang=ar again (a bookmark, a shared link): the choice stays.
    lobby(page, server, "?lang=ar")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.evaluate("() => document.documentElement.dir") == "ltr"


def test_a_first_visit_takes_the_address_language(browser: Any, server: str) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    lobby(page, server, "?lang=ru")
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    ctx.close()


def test_salon_titles_are_the_servers_and_every_preset_has_one(page: Any, server: str) -> None:
    lobby(page, server, "?lang=en")
    page.select_option("#lang", "en")
    page.wait_for_selector(".salon h3")
    titles = page.locator(".salon h3").evaluate_all(
        "els => els.map(e => e.firstChild.textContent)")
    assert "Debertz — three players" in titles and "Thousand — Tysiąc" in titles
    assert "Debertz — big" in titles
    assert not any(x.endswith(("debertz3", "tysiac")) for x in titles)
    games = page.evaluate("() => fetch('/api/meta').then(r => r.json())")
    want = {(g, p["name"]) for g, gi in games["games"].items() for p in gi["presets"]}
    got = {tuple(x) for x in page.locator(".salon").evaluate_all(
        "els => els.map(e => [e.dataset.game, e.dataset.preset])")}
    assert want <= got
    page.select_option("#lang", "ru")
    page.wait_for_selector(".salon h3")
    ru = page.locator(".salon h3").evaluate_all("els => els.map(e => e.firstChild.textContent)")
    assert "Деберц — втроём" in ru and "Деберц — большой (до 1001)" in ru
    assert not any("debertz" in x or "tysiac" in x for x in ru)
    page.select_option("#lang", "en")


def test_return_to_your_seat_from_a_second_tab(page: Any, server: str) -> None:
    register(page, server)
    page.goto(server + "/#/lobby")
    page.wait_for_selector("#f-submit")
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.seat === 0")
    table = page.evaluate("() => window.kozyr.view.id")
    second = page.context.new_page()
    second.goto(server + "/#/lobby")
    line = second.locator(f".table-line[data-table='{table}']")
    line.wait_for()
    assert line.locator("a.return").count() == 1
    assert line.locator("a.button:not(.return)").count() == 0  # no "Watch" for one's own
    assert "Return to your seat" in line.locator("a.return").inner_text()
    line.locator("a.return").click()
    second.wait_for_function("() => window.kozyr.view && window.kozyr.view.seat === 0")
    # Even the lobby's old "Watch" link (a watch message) takes the seat.
    second.evaluate("() => window.kozyr.conn.send({type: 'watch', table: window.kozyr.view.id})")
    second.wait_for_timeout(300)
    assert second.evaluate("() => window.kozyr.view.seat") == 0
    second.close()


# -- the table ---------------------------------------------------------------------------------

CLASSIC = ThousandRules.from_preset("classic")


def test_a_refused_amount_is_sent_for_the_engines_reason(page: Any, server: str) -> None:
    lobby(page, server)
    m, obs = find(CLASSIC, "thousand", to_act(lambda t: sum(a.startswith("bid") for a in t) > 5))
    show(page, m, obs)
    page.fill(".amount", "107")
    page.click("button.go")
    assert page.evaluate("() => window.kozyr.view.conn.sent.at(-1)")["action"] == "bid 107"
    page.evaluate("""() => window.__deliver('error', {type: 'error', code: 'illegal_action',
      message: 'bid 107: bid 107 is not a multiple of 5'})""")
    assert "not a multiple of 5" in page.locator("#toasts").inner_text()
    assert "OK" in page.locator("button.go").inner_text()


def _deal_end_and_next(seed: int = 3) -> tuple[Any, list[dict[str, Any]]]:
    """Return a Thousand match and seat 0's observations: the last card of a deal about to be
    played, after it, and the next deal's first (bidding)."""
    m = new_match("thousand", "classic", seed=seed)
    rng = random.Random(seed)
    m.deal()
    while True:
        o = m.observation(0)
        if o["phase"] == "play" and sum(o["hand_sizes"]) == 1:
            break
        m.apply_action(rng.choice(m.legal_actions()))
    before = o
    m.apply_action(m.legal_actions()[0])
    end = m.observation(0)
    m.deal()
    return m, [before, end, m.observation(0)]


def test_the_last_trick_leaves_the_felt_when_the_next_deal_starts(page: Any,
                                                                   server: str) -> None:
    lobby(page, server)
    m, (before, end, nxt) = _deal_end_and_next()
    show(page, m, before)
    page.evaluate(STATE_JS, {"obs": end, "version": 2})
    assert page.locator(".center .trick").count() == 1  # the finished trick slides away
    page.evaluate(STATE_JS, {"obs": nxt, "version": 3})
    assert nxt["phase"] == "bidding"
    assert page.locator(".center .trick").count() == 0  # at once, not after the slide


def test_show_last_trick_keeps_the_current_one_and_names_players(page: Any, server: str,
                                                                 shots: Path) -> None:
    lobby(page, server)
    m, obs = find(CLASSIC, "thousand", lambda o: o["to_act"] == 0 and o["phase"] == "play"
                  and len(o["trick"]) == 2 and o["last_trick"] is not None)
    show(page, m, obs, ["ann", "bob", "bot:hard"])
    page.click("button.show-last")
    assert page.locator(".center .trick .card").count() == 2  # the current trick stays
    last = page.locator(".center .last-trick")
    names = last.locator(".trick-entry bdi").all_inner_texts()
    seats = [s for s, _ in obs["last_trick"]["cards"]]
    want = {0: "ann", 1: "bob", 2: "Bot 3 · hard"}
    assert names == [want[s] for s in seats]
    winner = obs["last_trick"]["winner"]
    assert last.locator(".last-winner").inner_text() == f"{want[winner]} took the trick"
    assert last.locator(".trick-entry.winner").count() == 1
    assert not overlap(page.locator(".center .trick").bounding_box(), last.bounding_box())
    page.screenshot(path=str(shots / "ux-last-trick.png"))


def test_the_marriage_banner_does_not_cover_the_trick(page: Any, server: str) -> None:
    lobby(page, server)
    for seed in range(200):
        m = new_match("thousand", "classic", seed=seed)
        rng = random.Random(seed)
        m.deal()
        found = None
        while not m.awaiting_deal:
            legal = m.legal_texts()
            lead = [a for a in legal if a.endswith(" marriage")]
            if lead and m.current_player() != 0:
                before = m.observation(0)
                m.apply(lead[0])
                after = m.observation(0)
                if after["trick"]:
                    found = (before, after)
                break
            m.apply(rng.choice(legal))
        if found:
            break
    assert found
    show(page, m, found[0])
    page.evaluate(STATE_JS, {"obs": found[1], "version": 2})
    page.wait_for_selector(".center .announce")
    assert not overlap(page.locator(".center .announce").bounding_box(),
                       page.locator(".center .trick .card").first.bounding_box())


@pytest.mark.parametrize("viewport", [(1280, 860), (390, 844)])
def test_tertz_two_players_trick_clear_of_the_status_line(browser: Any, server: str,
                                                          viewport: tuple[int, int],
                                                          shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    lobby(page, server)
    m, obs = find("tertz", "tertz", lambda o: o["to_act"] == 0 and len(o["trick"]) == 1
                  and o["last_trick"] is not None and o["phase"] == "play")
    show(page, m, obs)
    page.wait_for_timeout(400)

    def clear_of_the_status_line() -> None:
        cards = page.locator(".center .trick .card")
        assert cards.count() >= 1
        for other in (".table-info", ".controls", ".show-last", ".seat.pos-top",
                      ".seat.pos-bottom"):
            loc = page.locator(other)
            if loc.count() and loc.first.is_visible():
                for i in range(cards.count()):
                    assert not overlap(cards.nth(i).bounding_box(),
                                       loc.first.bounding_box()), other

    clear_of_the_status_line()  # the opponent's lead
    m.apply(m.legal_texts()[0])  # our answer ends the trick: both cards lie there a moment
    page.evaluate(STATE_JS, {"obs": m.observation(0), "version": 2})
    assert page.locator(".center .trick.collect .card").count() == 2
    clear_of_the_status_line()
    page.screenshot(path=str(shots / f"ux-tertz-{viewport[0]}.png"))
    ctx.close()


def test_russian_and_arabic_words_for_bots_dealer_and_ok(page: Any, server: str) -> None:
    lobby(page, server, "?lang=ru")
    page.select_option("#lang", "ru")
    m, obs = find(CLASSIC, "thousand", to_act(lambda t: sum(a.startswith("bid") for a in t) > 5))
    show(page, m, obs, ["bot:hard", "bot:normal", "bot:easy"])
    names = page.locator(".seat .name").all_inner_texts()
    assert not any(w in " ".join(names) for w in ("hard", "normal", "easy"))
    assert any("сильный" in n for n in names)
    assert page.locator(".badge.dealer").inner_text() == "С"
    assert "ОК" in page.locator("button.go").inner_text()
    lobby(page, server)
    levels = page.locator("#f-level option").all_inner_texts()
    assert levels == ["лёгкий", "средний", "сильный"]
    page.select_option("#lang", "ar")
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    show(page, m, obs, ["ann", "bot:normal", "bot:easy"])
    assert page.locator(".badge.dealer").inner_text() == "م"
    # A Latin name inside an Arabic sentence is isolated (FSI ... PDI).
    text = page.evaluate("""async () => (await import('/static/js/i18n.js')).t('table.turn_of',
      {name: 'ann'})""")
    assert "\u2068ann\u2069" in text
    page.select_option("#lang", "en")


# -- accounts, header ----------------------------------------------------------------------------

def test_a_cyrillic_name_registers_and_a_guest_stays_one(page: Any, server: str) -> None:
    name = f"Анна{random.randrange(10**6)}"
    page.goto(server + "/#/login")
    page.fill("#a-name", name)
    page.fill("#a-password", "secret-pass")
    page.click("#a-register")
    page.wait_for_selector(f"#me[data-name='{name}']")
    page.click("#logout")
    page.wait_for_selector("#login-link")
    page.goto(server + "/#/login")
    page.click("#a-guest")
    page.wait_for_selector("#me")
    first = page.get_attribute("#me", "data-name")
    page.goto(server + "/#/login")
    page.click("#a-guest")
    page.wait_for_timeout(500)
    page.wait_for_selector("#me")
    assert page.get_attribute("#me", "data-name") == first


def test_the_sound_box_keeps_its_sign_on_a_phone(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    lobby(page, server)
    assert page.locator("header .sound-icon").is_visible()
    assert page.get_attribute("#sound", "aria-label")
    ctx.close()


# -- the replay ----------------------------------------------------------------------------------

def _record(game: str, preset: str, deals: int, seed: int) -> dict[str, Any]:
    m = new_match(game, preset, seed=seed)
    rng = random.Random(seed)
    while not m.is_over and len(m.sheet) < deals:
        if m.awaiting_deal:
            m.deal()
            continue
        m.apply(rng.choice(m.legal_texts()))
    return write_record(m)


REPLAY_JS = """async (rec) => {
  const R = await import('/static/js/replay.js');
  window.kozyr.view && window.kozyr.view.destroy && window.kozyr.view.destroy();
  window.kozyr.view = new R.ReplayView(document.getElementById('main'), 'none', {record: rec});
}"""


def test_tertz_replay_counts_the_engines_points_and_shows_draws(page: Any, server: str,
                                                                shots: Path) -> None:
    lobby(page, server)
    page.evaluate(REPLAY_JS, _record("tertz", "tertz", 1, seed=5))
    page.wait_for_selector(".replay-seat .card")
    page.click("#r-next")
    page.click("#r-next")  # a whole trick: both seats draw from the stock
    assert page.locator(".replay-seat .card.new").count() == 2
    assert "drawn from the stock" in page.locator(".replay-new").first.inner_text()
    page.click("#r-last")
    points = page.locator(".replay-seat .points").evaluate_all(
        "els => els.map(e => Number(e.dataset.points))")
    assert sum(points) == 150  # Tertz's card points and last trick (Thousand's would be 120)
    assert page.locator(".replay-deal-score").count() == 1
    page.screenshot(path=str(shots / "ux-replay-tertz.png"), full_page=True)


def test_tertz_replay_shows_combinations(page: Any, server: str) -> None:
    lobby(page, server)
    for seed in range(40):
        rec = _record("tertz", "tertz", 1, seed=seed)
        steps = page.evaluate("""async (rec) => (await import('/static/js/replay.js'))
          .fetchSteps(null, rec)""", rec)
        at = [i for i, s in enumerate(steps["deals"][0]) if s["melds"]]
        if at:
            break
    assert at
    page.evaluate(REPLAY_JS, rec)
    page.wait_for_selector(".replay-seat .card")
    for _ in range(at[0]):
        page.click("#r-next")
    assert page.locator(".replay-seat .meld").count() >= 1


def test_debertz_replay_shows_the_declarer_badge(page: Any, server: str, shots: Path) -> None:
    lobby(page, server)
    rec = _record("debertz", "debertz3", 1, seed=11)
    page.evaluate(REPLAY_JS, rec)
    page.wait_for_selector(".replay-seat .card")
    page.click("#r-last")
    assert page.locator(".replay-seat .badge.declarer").count() == 1
    page.screenshot(path=str(shots / "ux-replay-debertz.png"), full_page=True)


def test_debertz_sheet_marks_are_named(page: Any, server: str) -> None:
    lobby(page, server)
    for lang, bait in (("en", "bait"), ("ru", "байт"), ("ar", "طُعم")):
        page.select_option("#lang", lang)
        text = page.evaluate("""async () => {
          const W = await import('/static/js/words.js');
          const rows = [{dealer: 0, declarer: 1, bid: null, contract: null, points: [0, 0, 0],
            scores: [0, -50, 0], totals: [0, -50, 0], marks: [[], ['bait', 'skate'], []]}];
          return W.sheetTable(rows, ['a', 'b', 'c']).textContent;
        }""")
        assert "mark." not in text and bait in text
    page.select_option("#lang", "en")


def test_preset_summaries_in_russian_and_arabic(page: Any, server: str) -> None:
    import re

    page.goto(server + "/#/login")
    page.click("#a-guest")
    page.wait_for_selector("#me")
    for lang, letters in (("ru", r"[А-Яа-яЁё]"), ("ar", r"[\u0600-\u06FF]")):
        lobby(page, server)
        page.select_option("#lang", lang)
        page.wait_for_selector("#f-preset option", state="attached")
        page.select_option("#f-preset", "tysiac")
        text = page.inner_text(".create-form .describe, p.describe")
        assert re.search(letters, text), text
        assert not re.search(r"\b(players|game to|marriages|bid step)\b", text), text
    page.select_option("#lang", "en")
    page.wait_for_selector("#f-preset option", state="attached")
    page.select_option("#f-preset", "tysiac")
    assert "game to 1001" in page.inner_text("p.describe")


@pytest.mark.parametrize(("game", "preset"), [("piquet", "rubicon"), ("bezique", "classic")])
def test_piquet_and_bezique_replays_end_at_the_sheets_points(page: Any, server: str,
                                                             shots: Path, game: str,
                                                             preset: str) -> None:
    rec = _record(game, preset, 1, seed=3)
    row = replay_record(rec).match.sheet[0].to_json()
    lobby(page, server)
    page.evaluate(REPLAY_JS, rec)
    page.wait_for_selector(".replay-seat .card")
    page.click("#r-last")
    assert page.locator(".replay-deal-score").count() == 1
    shown = page.locator(".replay-deal-score").inner_text()
    assert all(str(x) in shown for x in row["totals"]), (shown, row)
    page.screenshot(path=str(shots / f"ux-replay-{game}.png"), full_page=True)
