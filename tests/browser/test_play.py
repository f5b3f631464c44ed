"""The browser client against a real ``kozyr serve``: register, create a Thousand table with
two bots, play a whole deal through the page (reloading in the middle), read the score sheet;
the Arabic page lays out right to left; the pure JS helpers behave.

The in-test player's policy is tests/browser/fixtures.py's ``act_once``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import READY_JS, STATUS_JS, act_once, register

pytestmark = pytest.mark.browser


def create_thousand(page: Any, base: str, options: dict[str, Any] | None = None) -> str:
    """Create a classic Thousand table from the lobby form, bots in the empty seats."""
    page.goto(base + "/#/lobby")
    page.wait_for_selector("#f-submit")
    page.select_option("#f-game", "thousand")
    page.select_option("#f-preset", "classic")
    for name, value in (options or {}).items():
        sel = f"#opt-{name}"
        # Open the option's group (a closed <details>) by its summary, as a person would.
        group = page.locator(f"details.group:has({sel})")
        if group.get_attribute("open") is None:
            group.locator("summary").click()
        if isinstance(value, bool):
            page.set_checked(sel, value)
        else:
            page.fill(sel, str(value))
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function("() => location.hash.startsWith('#/table/')")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.obs")
    return page.url.split("#/table/")[1].split("?")[0]


def play_until(page: Any, sheet_rows: int, reload_after_tricks: int | None = None,
               shots: Path | None = None, limit: int = 200) -> list[str]:
    """Move whenever it is our turn until the sheet has ``sheet_rows`` rows (or the match ends).

    Reload the page once, after our hand has lost ``reload_after_tricks`` cards in play.
    """
    pressed: list[str] = []
    reloaded = reload_after_tricks is None
    seen: set[str] = set()
    for _ in range(limit):
        page.wait_for_function(READY_JS % sheet_rows, timeout=20000)
        st = page.evaluate(STATUS_JS)
        if st["over"] or st["sheet"] >= sheet_rows:
            return pressed
        if shots is not None and st["phase"] not in seen:
            seen.add(st["phase"])
            page.screenshot(path=str(shots / f"phase-{st['phase']}.png"))
        hand_size = len(st["hand"].split()) if st["hand"] else 0
        if (not reloaded and st["phase"] == "play"
                and hand_size <= 8 - reload_after_tricks):
            before = st
            page.reload()
            page.wait_for_function(READY_JS % sheet_rows, timeout=20000)
            after = page.evaluate(STATUS_JS)
            # The true state comes back from the server: same deal, same cards, same seat.
            assert after["seat"] == before["seat"]
            assert after["deal"] == before["deal"]
            assert sorted(after["hand"].split()) == sorted(before["hand"].split())
            assert after["state"] == before["state"]
            reloaded = True
            if shots is not None:
                page.screenshot(path=str(shots / "after-reload.png"))
            continue
        pressed.append(act_once(page, use_keys=st["phase"] == "bidding"))
    raise AssertionError(f"the deal did not end after {limit} moves: {pressed[-10:]}")


def test_whole_deal_through_the_page(page: Any, server: str, shots: Path) -> None:
    register(page, server)
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    create_thousand(page, server)
    page.wait_for_selector(".hand .card")
    st = page.evaluate(STATUS_JS)
    assert st["seat"] == 0
    # 7 cards, or 10 when the bots passed fast and seat 0, the forced bidder, took the talon
    assert len(st["hand"].split()) in (7, 10)
    # Two opponents are drawn with their card backs, seated left and right.
    assert page.locator(".seat.pos-left .backs .card").count() >= 7
    assert page.locator(".seat.pos-right .backs .card").count() >= 7
    page.screenshot(path=str(shots / "table-start.png"))

    # Play deals until one was played out with cards: a deal may end before any card (a bot
    # declarer writes it off), since the first dealer and the cards are drawn at random.
    pressed: list[str] = []
    deals = 0
    while not any(p.startswith("card") for p in pressed):
        deals += 1
        assert deals <= 6, f"no deal was played with cards: {pressed}"
        pressed += play_until(page, deals, reload_after_tricks=3, shots=shots)
    # The score sheet: a row per deal with every seat's total, equal to the observation's.
    page.click("button.tab[data-tab=sheet]")
    rows = page.locator(".side table.sheet tbody tr")
    assert rows.count() >= 1
    st = page.evaluate(STATUS_JS)
    shown = [int(x) for x in rows.last.locator("span.total").all_inner_texts()]
    sheet = page.evaluate("() => window.kozyr.view.obs.sheet.at(-1).totals")
    assert shown == sheet
    assert sum(abs(x) for x in shown) > 0
    page.screenshot(path=str(shots / "sheet.png"))
    # The move log names the cards that were played.
    page.click("button.tab[data-tab=moves]")
    assert page.locator(".moves li").count() > 0

    # In Arabic the page is right to left, the seats keep their places around the table
    # (seat+1 on the left) and the cards keep their index in the top-left corner.
    page.select_option("#lang", "ar")
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    # (the turn banner is absent while nobody is to act, e.g. under the deal's summary)
    assert page.evaluate("() => getComputedStyle(document.querySelector('.table-page'))"
                         ".direction") == "rtl"
    left = page.locator(".seat.pos-left").bounding_box()
    right = page.locator(".seat.pos-right").bounding_box()
    assert left["x"] < right["x"]
    assert page.locator(".seat.pos-left").get_attribute("data-seat") == "1"
    assert page.evaluate("() => getComputedStyle(document.querySelector('.hand')).direction"
                         ) == "ltr"
    assert "ورقة النقاط" in page.inner_text(".side .tabs")
    page.screenshot(path=str(shots / "table-ar.png"))
    page.locator(".side .sheet").screenshot(path=str(shots / "sheet-ar.png"))
    page.select_option("#lang", "en")

    # Phone size: nothing spills sideways and the hand stays on screen.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
    page.screenshot(path=str(shots / "phone-table.png"), full_page=True)


def test_cards_are_only_legal_ones(page: Any, server: str, shots: Path) -> None:
    register(page, server)
    create_thousand(page, server)
    # A dropped connection: the page says so, reconnects by itself and resyncs its seat.
    page.wait_for_function(READY_JS % 1)
    before = page.evaluate(STATUS_JS)
    page.evaluate("() => window.kozyr.conn.ws.close()")
    page.wait_for_selector(".conn-status.down")
    page.wait_for_selector(".conn-status:not(.down)", state="attached")
    page.wait_for_function(READY_JS % 1)
    after = page.evaluate(STATUS_JS)
    assert (after["seat"], after["hand"], after["state"]) == (
        before["seat"], before["hand"], before["state"])
    assert page.evaluate("() => window.kozyr.conn.attempt") == 0
    # Play to the first trick where we follow: highlighted cards are exactly the legal plays.
    for _ in range(80):
        page.wait_for_function(READY_JS % 1, timeout=20000)
        st = page.evaluate(STATUS_JS)
        if st["phase"] == "play" and any(a.startswith("play") for a in st["legal"]):
            legal = {a.split()[1] for a in st["legal"] if a.startswith("play")}
            shown = set(page.locator(".hand .card.legal").evaluate_all(
                "els => els.map(e => e.dataset.card)"))
            disabled = set(page.locator(".hand .card[disabled]").evaluate_all(
                "els => els.map(e => e.dataset.card)"))
            hand = set(st["hand"].split())
            assert shown == legal
            assert disabled == hand - legal
            page.screenshot(path=str(shots / "legal-cards.png"))
            # Keyboard: a legal card takes focus with Tab order and plays on Enter.
            first = page.locator(".hand .card.legal").first
            first.focus()
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => window.kozyr.view.state > {st['state']}")
            # The page re-renders on every move; the keyboard focus stays on the table.
            page.wait_for_function(READY_JS % 1, timeout=20000)
            assert page.evaluate("() => !!document.activeElement.closest('.hand, .controls')")
            return
        act_once(page)
    pytest.fail("never reached the play phase")


def test_arabic_is_right_to_left(page: Any, server: str, shots: Path) -> None:
    page.goto(server + "/?lang=ar#/lobby")
    page.wait_for_selector(".salon")
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    assert page.evaluate("() => getComputedStyle(document.body).direction") == "rtl"
    assert "ألف" in page.inner_text(".salons")
    page.screenshot(path=str(shots / "lobby-ar.png"), full_page=True)
    # Switch to Russian from the header: the game's own words and left to right again.
    page.select_option("#lang", "ru")
    page.wait_for_function("() => document.documentElement.dir === 'ltr'")
    # The lobby is drawn again in the new language once the server's lobby message is back.
    page.wait_for_function("() => (document.querySelector('.salons') || {}).innerText"
                           " && document.querySelector('.salons').innerText.includes('Тысяча')")
    assert page.evaluate("() => getComputedStyle(document.body).direction") == "ltr"


def test_js_helpers(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    out = page.evaluate("""async () => {
      const L = await import('/static/js/legal.js');
      const C = await import('/static/js/cards.js');
      const info = L.readLegal(['bid 105', 'bid 110', 'bid 115', 'pass']);
      const give = L.readLegal(['give 1 9C', 'give 1 AS', 'give 2 9C', 'give 2 AS']);
      const play = L.readLegal(['play KH', 'play KH marriage', 'play 9S']);
      return {
        cap: L.range(info.bids).max, min: L.range(info.bids).min, buttons: info.buttons,
        quick: L.quickAmounts([100,105,110,115,120,125,130,160]),
        give: [...give.gives.keys()], giveCards: [...give.gives.get(2)],
        kh: play.cards.get('KH').map(o => o.marriage),
        sorted: C.sortHand(C.parseCards('9S AH 10C KS TH QD'), null),
        sortedTrump: C.sortHand(C.parseCards('9S AH QD'), 'D'),
      };
    }""")
    assert (out["min"], out["cap"]) == (105, 115)
    assert out["buttons"] == ["pass"]
    assert out["quick"] == [100, 105, 110, 115, 160]
    assert out["give"] == [1, 2]
    assert sorted(out["giveCards"]) == ["9C", "AS"]
    assert out["kh"] == [False, True]
    assert out["sorted"] == ["KS", "9S", "AH", "TH", "TC", "QD"]
    assert out["sortedTrump"] == ["QD", "9S", "AH"]


def test_replay_steps_through_a_record(page: Any, server: str, shots: Path) -> None:
    # A hand-made record: the spec's example deal (spec/records.md), shown by the viewer.
    record = {
        "format": 1, "game": "thousand", "rules": "classic", "players": ["ann", "bot:pimc", "bob"],
        "first_dealer": 0, "seed": 1,
        "deals": [{"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC",
                             "AD TD KD QD JD 9D KC"], "talon": "QC JC 9C",
                   "actions": ["bid 105", "pass", "pass", "give 0 9C", "give 1 JC",
                               "contract 120", "play AD", "play 9C", "play JC"]}]}
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    page.evaluate("""async (rec) => {
      const R = await import('/static/js/replay.js');
      const root = document.getElementById('main');
      window.kozyr.view && window.kozyr.view.destroy && window.kozyr.view.destroy();
      const v = new R.ReplayView(root, 'none', {record: rec});
      window.kozyr.view = v;
    }""", record)
    page.wait_for_selector(".replay-seat")
    cards = page.locator(".replay-seat[data-seat='2'] .card")
    assert cards.count() == 7
    page.click("#r-last")
    # After the talon (3 cards) and two gives, seat 2 holds 8 and plays AD: 7 left.
    assert cards.count() == 7
    assert page.locator(".replay-seat[data-seat='0'] .card").count() == 7
    assert "AD" in page.locator(".replay-center .card").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    page.screenshot(path=str(shots / "replay.png"), full_page=True)
    page.click("#r-first")
    page.click("#r-next")
    assert "105" in page.inner_text(".replay-action")


def test_match_end_settlement_rematch_and_replay(page: Any, server: str, shots: Path) -> None:
    name = register(page, server)
    create_thousand(page, server, {"target": 100, "barrel": False})
    # Chat is shown as text, never as HTML.
    page.click("button.tab[data-tab=chat]")
    page.fill(".chat-input", "<b>gl</b> hf")
    page.keyboard.press("Enter")
    line = page.locator(".chat-lines li").last
    line.wait_for()
    assert "<b>gl</b> hf" in line.inner_text()
    assert line.locator("b").count() == 1  # only the sender's name is bold
    play_until(page, 99)
    page.wait_for_selector(".over-card")
    over = page.evaluate("() => window.kozyr.view.over")
    assert max(over["totals"]) >= 100
    winner = over["winner"]
    assert over["totals"][winner] == max(over["totals"])
    if over["settlement"] is not None:
        assert sum(over["settlement"]) == 0
        assert over["settlement"][winner] > 0
    page.screenshot(path=str(shots / "match-over.png"))
    replay_href = page.get_attribute(".over-actions a[href^='#/replay/']", "href")
    # After a reload the end of the match is still shown (rebuilt from the observation).
    page.reload()
    page.wait_for_selector(".over-card")
    assert page.get_attribute(".over-actions a[href^='#/replay/']", "href") == replay_href
    # Rematch: a fresh match at the same table, its sheet empty again.
    page.click("button.rematch")
    page.wait_for_function("() => !window.kozyr.view.over && window.kozyr.view.obs"
                           " && window.kozyr.view.obs.sheet.length === 0")
    # The replay of the finished match, from the server's record.
    page.goto(server + "/" + replay_href)
    page.wait_for_selector(".replay-seat .card")
    where = page.inner_text(".replay-where")
    page.click("#r-last")
    assert page.inner_text(".replay-where") != where
    total_cards = page.locator(".replay-seat .card").count()
    assert total_cards < 24
    page.click("#r-next-deal")
    page.keyboard.press("ArrowRight")
    assert page.locator(".replay-action").count() == 1
    page.screenshot(path=str(shots / "replay-server.png"), full_page=True)
    # The viewer's steps (the engine's, from the server) agree with the score sheet: each
    # played deal ends with empty hands and the same raw points (tricks + marriages).
    game_id = replay_href.rsplit("/", 1)[1]
    check = page.evaluate("""async (id) => {
      const R = await import('/static/js/replay.js');
      const rec = await (await fetch(`/api/games/${id}/record`)).json();
      const game = await (await fetch(`/api/games/${id}`)).json();
      return (await R.fetchSteps(id)).deals.map((snaps, i) => {
        const last = snaps[snaps.length - 1];
        return {points: last.points, sheet: game.sheet[i].points,
                cards: last.hands.reduce((a, h) => a + h.split(' ').filter(Boolean).length, 0),
                played: rec.deals[i].actions.some(a => a.startsWith('play'))};
      });
    }""", game_id)
    assert check
    for deal in check:
        if deal["played"]:
            assert deal["cards"] == 0
            assert deal["points"] == deal["sheet"]
    # The finished match shows on the leaderboard and in the profile, linked to its replay.
    page.goto(server + "/#/leaders/thousand/classic")
    page.wait_for_selector(f".board a[href='#/profile/{name}']")
    page.screenshot(path=str(shots / "leaderboard.png"))
    page.click(f".board a[href='#/profile/{name}']")
    page.wait_for_selector(f".history a[href='#/replay/{game_id}']")
    page.screenshot(path=str(shots / "profile.png"))


def test_create_form_lists_every_rule_option(page: Any, server: str) -> None:
    page.goto(server + "/#/login")
    page.click("#a-guest")
    page.wait_for_selector("#me")
    assert page.inner_text("#me").startswith("guest-")
    page.goto(server + "/#/lobby")
    page.wait_for_selector("#f-submit")
    schema = page.evaluate("() => window.kozyr.meta.games.thousand.schema")
    presets = {p["name"]: p["rules"] for p in
               page.evaluate("() => window.kozyr.meta.games.thousand.presets")}
    shown = page.locator(".create-form .option").evaluate_all(
        "els => els.map(e => e.dataset.option)")
    assert sorted(shown) == sorted(o["name"] for o in schema)
    # Each option shows its one-line explanation and the preset's value as the default.
    for opt in schema:
        doc = page.text_content(f".option[data-option='{opt['name']}'] .doc") or ""
        assert opt["doc"] in doc
    page.select_option("#f-preset", "tysiac")
    assert page.input_value("#opt-bid_step") == str(presets["tysiac"]["bid_step"])
    assert page.input_value("#opt-target") == str(presets["tysiac"]["target"])
    assert page.is_checked("#opt-must_beat") is presets["tysiac"]["must_beat"]
    # A rule set the server refuses: its reason is shown by the form, nothing is created.
    page.select_option("#f-preset", "classic")
    page.fill("#opt-target", "100")
    page.click("#f-submit")
    page.wait_for_function("() => document.querySelector('#f-error').textContent.length > 0")
    assert "barrel" in page.inner_text("#f-error")
    assert page.evaluate("() => location.hash") == "#/lobby"
    # In Russian the options speak the game's own words.
    page.select_option("#lang", "ru")
    page.wait_for_selector("label[for=opt-barrel]", state="attached")
    assert page.text_content("label[for=opt-barrel]") == "Бочка"
    assert page.text_content("label[for=opt-allow_writeoff]") == "Роспись"


def test_tertz_deal_through_the_page(page: Any, server: str, shots: Path) -> None:
    register(page, server)
    page.goto(server + "/#/lobby")
    page.wait_for_selector("#f-submit")
    games = page.locator("#f-game option").evaluate_all("els => els.map(e => e.value)")
    if "tertz" not in games:
        pytest.skip("the server offers no Tertz")
    page.select_option("#f-game", "tertz")
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function("() => window.kozyr.view && window.kozyr.view.obs"
                           " && window.kozyr.view.obs.hand")
    obs = page.evaluate("() => window.kozyr.view.obs")
    if obs.get("turned"):
        # The turned card under the stock, face up, and the stock's size.
        shown = page.locator(f".center .card.turned[data-card='{obs['turned']}']").count()
        inline = page.locator(".table-info .stockline .card-inline").count()
        assert shown + inline >= 1
    page.screenshot(path=str(shots / "tertz.png"))
    play_until(page, 1, limit=150)
    assert page.evaluate("() => window.kozyr.view.obs.sheet.length") >= 1


def test_private_table_invite_link(browser: Any, server: str, shots: Path) -> None:
    owner_ctx = browser.new_context(viewport={"width": 1100, "height": 800})
    guest_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        owner = owner_ctx.new_page()
        register(owner, server)
        owner.goto(server + "/#/lobby")
        owner.wait_for_selector("#f-submit")
        owner.uncheck("#f-bots")
        owner.check("#f-private")
        owner.click("#f-submit")
        owner.wait_for_selector(".invite-url")
        link = owner.input_value(".invite-url")
        assert "invite=" in link
        # Private tables are not listed in the lobby.
        table_id = owner.evaluate("() => window.kozyr.view.id")
        guest = guest_ctx.new_page()
        guest.goto(server + "/#/lobby")
        guest.wait_for_selector(".salon")
        assert guest.locator(f".table-line[data-table='{table_id}']").count() == 0
        # The link lets a guest in as a spectator, who takes a seat.
        guest.goto(link)
        guest.wait_for_selector(".empty-seat button.sit")
        guest.locator(".empty-seat button.sit").first.click()
        guest.wait_for_function("() => window.kozyr.view.seat !== null")
        owner.wait_for_function("() => window.kozyr.view.info.seats"
                                ".filter(s => s.kind === 'human').length === 2")
        owner.locator(".empty-seat .add-bot-btn").first.click()
        for pg in (owner, guest):
            pg.wait_for_function("() => window.kozyr.view.obs && window.kozyr.view.obs.hand")
        hands = [set(pg.evaluate("() => window.kozyr.view.obs.hand").split())
                 for pg in (owner, guest)]
        assert len(hands[0]) == len(hands[1]) == 7
        assert not hands[0] & hands[1]
        guest.screenshot(path=str(shots / "phone-guest-seated.png"))
    finally:
        owner_ctx.close()
        guest_ctx.close()


def test_move_clock_and_taking_the_seat_back(page: Any, server: str, shots: Path) -> None:
    register(page, server)
    # Paced bots (?bot_delay=0.3 goes into the table spec), so the match stays open a while.
    page.goto(server + "/?bot_delay=0.3#/lobby")
    page.wait_for_selector("#f-submit")
    page.fill("#f-clock", "5")
    page.check("#f-bots")
    page.click("#f-submit")
    page.wait_for_function(READY_JS % 1)
    info = page.evaluate("() => window.kozyr.view.info")
    assert (info["clock"], info["bot_delay"]) == (5, 0.3)
    # Our turn: the clock counts down beside our name.
    clock = page.locator(".seat.pos-bottom .clock")
    page.wait_for_function("() => /\\d/.test(document.querySelector('.seat.pos-bottom .clock')"
                           ".textContent)")
    assert 0 < int("".join(ch for ch in clock.inner_text() if ch.isdigit())) <= 5
    # We let it run out: a bot plays for us, and the page offers to take the seat back.
    page.wait_for_selector(".banner button.back", timeout=20000)
    page.screenshot(path=str(shots / "bot-plays-for-you.png"))
    page.click(".banner button.back")
    page.wait_for_function("() => !window.kozyr.view.info.seats[window.kozyr.view.seat].auto")
    assert page.locator(".banner button.back").count() == 0


WHOLE_SNAPSHOT_JS = """async (table) => {
  // a second socket of the same session that takes states whole: the seat's snapshot now
  const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
  const got = await new Promise((resolve, reject) => {
    ws.onopen = () => ws.send(JSON.stringify({type: "hello", v: 1}));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "welcome") ws.send(JSON.stringify({type: "resync", table}));
      else if (m.type === "table") resolve(m);
      else if (m.type === "error") reject(new Error(m.code));
    };
  });
  ws.close();
  return {state: got.state, obs: got.obs, seat: got.seat};
}"""
MINE_JS = "() => ({state: window.kozyr.view.state, obs: window.kozyr.view.obs})"


def test_the_page_rebuilds_states_from_patches_and_resyncs_a_gap(page: Any, server: str
                                                                 ) -> None:
    """The page asks for patches (docs/protocol.md §4.4): through a deal its observation at
    each of its turns is the one the server sends whole; a patch whose base it does not hold
    (as after a lost message) makes it resync once, and it is right again."""
    register(page, server)
    sent: list[str] = []
    table = create_thousand(page, server)
    # count the patches the page takes; record what it sends; and once, right after an
    # intent went out, forget the state id held (as if a message had been lost)
    page.evaluate("""() => { const c = window.kozyr.view.conn;
      const send = c.send.bind(c), emit = c.emit.bind(c);
      window.__sent = []; window.__patches = 0; window.__gap = false;
      c.send = (m) => { const id = send(m); window.__sent.push(m.type);
        if (m.type === "intent" && window.__gap) {
          window.__gap = false; window.kozyr.view.state -= 1; }
        return id; };
      c.emit = (type, m) => { if (type === "state" && m.patch) window.__patches += 1;
        return emit(type, m); }; }""")
    checked = 0
    for turn in range(12):
        page.wait_for_function(READY_JS % 99, timeout=20000)
        st = page.evaluate(STATUS_JS)
        if st["over"]:
            break
        whole = page.evaluate(WHOLE_SNAPSHOT_JS, table)
        mine = page.evaluate(MINE_JS)
        assert whole["seat"] == st["seat"] and mine == {"state": whole["state"],
                                                        "obs": whole["obs"]}
        checked += 1
        if turn == 4:
            page.evaluate("() => { window.__gap = true; }")
        act_once(page)
        sent = page.evaluate("() => window.__sent")
    assert checked >= 6 and page.evaluate("() => window.__patches") >= checked
    # the gap: one resync (the intent itself named the right state: no stale_state)
    assert sent.count("resync") == 1 and sent.count("intent") >= 6, sent
