"""Issue 17, "Missing", at the table: the end-of-deal summary (every game, en/ru/ar, desktop
and phone), the write-off and strike-out confirmations, the redeal's reason, the marriage word
of the first trick, the cards received from the declarer marked, the last trick as an overlay,
the card-point counter, chat times and the sound toggle.

Positions come from the engines by random play and are shown through a stand-in connection
(test_ux_web.py's SHOW_JS); the summary is the server's own (registry.deal_summary_of).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kozyr.games import new_match
from kozyr.games.registry import choice_notes, deal_summary_of, names, trick_points_of
from kozyr.games.thousand.rules import ThousandRules
from tests.browser.test_rules_ui import RULES as ALL_RULES
from tests.browser.test_rules_ui import find, to_act
from tests.browser.test_ux_web import SHOW_JS, info_for, lobby, overlap

pytestmark = pytest.mark.browser

STATE_JS = """({obs, version, summary}) => window.__deliver('state', {type: 'state',
  table: 't1', version, state: version, seat: obs.seat, obs, legal: obs.legal,
  to_act: obs.to_act, deadline: null, last: {seat: null}, summary})"""

RULES = {"thousand": "classic", "debertz": None, "tertz": None, "piquet": None,
         "bezique": None}


def deal_end(game: str, seed: int = 1, want: Any = None) -> tuple[Any, list[Any]]:
    """Play ``game`` at random to the end of a deal (one ``want`` accepts, if given): return the
    match (dealt again) and [(obs, summary)] for the deal's last open state, its end and the
    next deal's first state, as seat 0 sees them."""
    for s in range(seed, seed + 200):
        m = new_match(game, RULES[game], seed=s)
        rng = random.Random(s)
        m.deal(rng=rng)
        last = m.observation(0)
        while not m.awaiting_deal:
            last = m.observation(0)
            m.apply_action(rng.choice(m.legal_actions()))
        summary = deal_summary_of(m)
        assert summary is not None
        if m.is_over or (want and not want(summary)):
            continue
        end = m.observation(0)
        m.deal(rng=rng)
        return m, [(last, None), (end, summary), (m.observation(0), summary)]
    raise AssertionError(f"no {game} deal end found")


def show_states(page: Any, m: Any, states: list[Any], names_: list[str] | None = None) -> None:
    page.evaluate(SHOW_JS, {"info": info_for(m, states[0][0], names_), "obs": states[0][0]})
    page.wait_for_selector(".table-page .seat:not([hidden])")
    for i, (obs, summary) in enumerate(states[1:], 2):
        page.evaluate(STATE_JS, {"obs": obs, "version": i, "summary": summary})


@pytest.mark.parametrize("game", names())
def test_the_deal_summary_shows_the_servers_figures(page: Any, server: str, shots: Path,
                                                    game: str) -> None:
    lobby(page, server)
    m, states = deal_end(game)
    summary = states[1][1]
    show_states(page, m, states)
    box = page.locator(".deal-summary")
    box.wait_for()
    assert "Deal" in box.locator("h3").inner_text()
    rows = box.locator("tbody tr")
    assert rows.count() == len(summary["scores"])
    for seat, (pts, score, total) in enumerate(zip(summary["points"], summary["scores"],
                                                   summary["totals"], strict=True)):
        cells = rows.nth(seat).locator("td").all_inner_texts()
        assert cells[:3] == [str(pts), f"+{score}" if score > 0 else str(score), str(total)]
    # the next deal has begun on the server, and the summary is still there
    assert states[2][0]["deal_index"] == summary["deal"] + 1
    page.screenshot(path=str(shots / f"deal-summary-{game}.png"))
    box.locator("button.next-deal").click()
    assert box.is_hidden()


def test_thousand_summary_says_made_or_failed_by_how_much(page: Any, server: str) -> None:
    lobby(page, server)
    for result in ("failed", "made"):
        m, states = deal_end("thousand", want=lambda s, r=result: s["result"] == r)
        s = states[1][1]
        show_states(page, m, states, ["ann", "bob", "cid"])
        text = page.locator(".deal-summary .summary-result").inner_text()
        who = ["ann", "bob", "cid"][s["declarer"]]
        if result == "made":
            assert text == f"{who} played {s['contract']} and made it ({s['margin']} over)"
        else:
            assert text == f"{who} played {s['contract']} and failed by {-s['margin']}"


def test_a_write_off_is_named_and_bolts_counted(page: Any, server: str) -> None:
    lobby(page, server)
    m, states = deal_end("thousand", want=lambda s: s["result"] == "writeoff")
    s = states[1][1]
    show_states(page, m, states, ["ann", "bob", "cid"])
    who = ["ann", "bob", "cid"][s["declarer"]]
    assert page.locator(".deal-summary .summary-result").inner_text() == \
        f"{who} wrote off {s['bid']}"
    row = page.locator(".deal-summary tbody tr").nth(s["declarer"])
    assert "write-off" in row.inner_text()


def test_the_summary_stays_until_the_player_acts(page: Any, server: str) -> None:
    lobby(page, server)
    m, states = deal_end("thousand", want=lambda s: True)
    # the next deal's states keep coming (bots bid): the summary stays
    show_states(page, m, states)
    page.evaluate(STATE_JS, {"obs": states[2][0], "version": 9, "summary": states[2][1]})
    assert page.locator(".deal-summary").is_visible()
    if states[2][0]["to_act"] == 0:
        page.locator(".controls button.act").first.click()
        assert page.locator(".deal-summary").is_hidden()


def test_a_spectators_summary_closes_itself(page: Any, server: str) -> None:
    lobby(page, server)
    m, states = deal_end("tertz")
    for seat in (None, 0):
        obs = [dict(o, seat=seat) for o, _ in states]
        page.evaluate(SHOW_JS, {"info": info_for(m, obs[0]), "obs": obs[0]})
        page.wait_for_selector(".table-page .seat:not([hidden])")
        page.evaluate("() => { window.kozyr.view.autoClose = 0.2; }")  # not 6 s in a test
        page.evaluate(STATE_JS, {"obs": obs[1], "version": 2, "summary": states[1][1]})
        page.wait_for_selector(".deal-summary .summary-card")
        if seat is None:  # nobody at this screen plays: it goes by itself
            page.wait_for_selector(".deal-summary", state="hidden", timeout=3000)
        else:  # a player's stays until Next deal (or his own move)
            page.wait_for_timeout(600)
            assert page.locator(".deal-summary").is_visible()


@pytest.mark.parametrize("lang,made", [("ru", "заказал"), ("ar", "لعب")])
def test_the_summary_in_russian_and_arabic(page: Any, server: str, shots: Path, lang: str,
                                           made: str) -> None:
    lobby(page, server, f"?lang={lang}")
    m, states = deal_end("thousand", want=lambda s: s["result"] in ("made", "failed"))
    show_states(page, m, states, ["ann", "bob", "cid"])
    box = page.locator(".deal-summary")
    assert made in box.locator(".summary-result").inner_text()
    assert "Deal" not in box.inner_text() and "summary." not in box.inner_text()
    page.screenshot(path=str(shots / f"deal-summary-thousand-{lang}.png"))


def test_the_summary_on_a_phone(browser: Any, server: str, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        lobby(page, server)
        # a seat with a mark (a bolt, a write-off) adds a column: it once widened the page
        m, states = deal_end("thousand", want=lambda s: any(s["marks"]) and any(s["bolts"]))
        show_states(page, m, states, ["tester17584", "Bot 2 · normal", "Bot 3 · normal"])
        assert page.evaluate("() => document.documentElement.scrollWidth - innerWidth") <= 1
        box = page.locator(".deal-summary .summary-card").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        controls = page.locator(".me-area").bounding_box()
        assert not overlap(box, controls)  # the bidding stays in reach
        page.screenshot(path=str(shots / "deal-summary-thousand-phone.png"))
    finally:
        ctx.close()


# -- asking before giving the deal up; why a redeal ------------------------------------------
NOTES_JS = """({obs, notes}) => window.__deliver('state', {type: 'state', table: 't1',
  version: 50, state: 50, seat: obs.seat, obs, legal: obs.legal, to_act: obs.to_act,
  deadline: null, last: {seat: null}, summary: null, notes})"""
SENT_JS = "() => window.kozyr.view.conn.sent.filter((m) => m.type === 'intent')" \
    ".map((m) => m.action)"


def show_with_notes(page: Any, m: Any, obs: dict[str, Any]) -> dict[str, Any]:
    notes = choice_notes(m, 0, obs["legal"])
    page.evaluate(SHOW_JS, {"info": info_for(m, obs), "obs": obs})
    page.wait_for_selector(".table-page .seat:not([hidden])")
    page.evaluate(NOTES_JS, {"obs": obs, "notes": notes})
    return notes


@pytest.mark.parametrize("word,lang,cost", [
    ("writeoff", "en", "You lose {n}: your total becomes {total}."),
    ("strikeout", "en", "It counts as a write-off."),
    ("writeoff", "ru", "Вы теряете {n}: станет {total}.")])
def test_giving_the_deal_up_asks_first_saying_what_it_costs(page: Any, server: str,
                                                            shots: Path, word: str, lang: str,
                                                            cost: str) -> None:
    lobby(page, server, f"?lang={lang}")
    m, obs = find(ALL_RULES, "thousand", to_act(lambda legal: word in legal))
    note = show_with_notes(page, m, obs)[word]
    page.click(f".controls button[data-action={word}]")
    dialog = page.locator(".confirm-card[role=alertdialog]")
    dialog.wait_for()
    assert page.evaluate(SENT_JS) == []  # nothing sent yet
    want = cost.format(n=abs(note["score"]), total=note["total"])
    assert want in dialog.inner_text()
    if word == "writeoff":
        assert note["score"] == -obs["bid"] or obs["blind"]  # classic: the bid is lost
    page.screenshot(path=str(shots / f"confirm-{word}-{lang}.png"))
    dialog.locator("button.confirm-no").click()
    assert page.locator(".confirm-box").count() == 0 and page.evaluate(SENT_JS) == []
    page.click(f".controls button[data-action={word}]")
    page.locator(".confirm-card button.confirm-yes").click()
    assert page.evaluate(SENT_JS) == [word]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_redeal_says_why(page: Any, server: str, lang: str) -> None:
    lobby(page, server, f"?lang={lang}")
    rules = ThousandRules.from_preset("classic", redeal_nines_jacks=True)
    m, obs = find(rules, "thousand", to_act(lambda legal: "redeal" in legal))
    note = show_with_notes(page, m, obs)["redeal"]
    words = {"en": {"four_nines": "four nines", "three_nines": "three nines",
                    "four_jacks": "four jacks", "bad_talon": "a poor talon",
                    "few_points": "only {n} points, under {below}"},
             "ar": {"four_nines": "أربع تسعات", "three_nines": "ثلاث تسعات",
                    "four_jacks": "أربعة شبّان", "bad_talon": "كومة ضعيفة",
                    "few_points": "{n} نقطة فقط، أقل من {below}"}}[lang]
    reason = words[note["reason"]].format(n=note.get("points"), below=note.get("below"))
    text = page.locator(".controls .redeal-reason").inner_text()
    assert reason in text.replace("\u2068", "").replace("\u2069", "")
    assert ("Redeal?" in text) == (lang == "en")


# -- the first trick's marriage word; cards from the declarer ---------------------------------
@pytest.mark.parametrize("allowed", [False, True])
def test_no_marriage_on_the_first_trick_is_said(page: Any, server: str, allowed: bool) -> None:
    lobby(page, server)
    rules = ThousandRules.from_preset("classic", marriage_on_first_trick=allowed)
    m, obs = find(rules, "thousand", lambda o: o["phase"] == "play" and not any(o["tricks_won"]))
    page.evaluate(SHOW_JS, {"info": info_for(m, obs), "obs": obs})
    page.wait_for_selector(".table-page .seat:not([hidden])")
    note = page.locator(".table-info .first-trick-note")
    word = "No marriage may be declared on the first trick."
    if allowed:
        assert note.count() == 0
    else:
        assert note.inner_text() == word
    page.click(".tab[data-tab=rules]")
    assert (page.locator(".rules-box .rules-note").count() == 1) != allowed
    # once a trick is taken, the felt says no more of it
    _, later = find(rules, "thousand", lambda o: o["phase"] == "play" and sum(o["tricks_won"]) == 1)
    page.evaluate(STATE_JS, {"obs": later, "version": 60, "summary": None})
    assert page.locator(".table-info .first-trick-note").count() == 0


def test_cards_received_from_the_declarer_are_marked(page: Any, server: str,
                                                     shots: Path) -> None:
    lobby(page, server)
    m, obs = find("classic", "thousand", lambda o: o["phase"] in ("talon", "contract")
                  and bool(o["received"]) and o["declarer"] != 0)
    page.evaluate(SHOW_JS, {"info": info_for(m, obs), "obs": obs})
    page.wait_for_selector(".table-page .seat:not([hidden])")
    marked = page.locator(".hand .card.from-talon")
    assert sorted(marked.evaluate_all("(els) => els.map((e) => e.dataset.card)")) == \
        sorted(obs["received"])
    assert marked.first.get_attribute("title") == "From the declarer"
    page.screenshot(path=str(shots / "received-from-declarer.png"))


# -- the last trick as an overlay -----------------------------------------------------------
@pytest.mark.parametrize("viewport", [(1280, 860), (390, 844)])
def test_the_last_trick_is_an_overlay_beside_the_current_one(browser: Any, server: str,
                                                             shots: Path,
                                                             viewport: tuple[int, int]) -> None:
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    try:
        lobby(page, server)
        m, obs = find("classic", "thousand", lambda o: o["to_act"] == 0 and o["phase"] == "play"
                      and len(o["trick"]) == 2 and o["last_trick"] is not None)
        page.evaluate(SHOW_JS, {"info": info_for(m, obs, ["ann", "bob", "cid"]), "obs": obs})
        page.wait_for_selector(".center .trick .card")
        trick_before = page.locator(".center .trick").bounding_box()
        page.click("button.show-last")
        last = page.locator(".center .last-trick")
        assert last.evaluate("(e) => getComputedStyle(e).position") == "absolute"
        # the current trick neither moves nor is covered
        assert page.locator(".center .trick").bounding_box() == trick_before
        for card in page.locator(".center .trick .card").all():
            assert not overlap(card.bounding_box(), last.bounding_box())
        winner = ["ann", "bob", "cid"][obs["last_trick"]["winner"]]
        assert last.locator(".last-winner").inner_text() == f"{winner} took the trick"
        page.screenshot(path=str(shots / f"last-trick-overlay-{viewport[0]}.png"))
    finally:
        ctx.close()


# -- chat times, the sound switch ---------------------------------------------------------------
AT = 1764420000.0  # 2025-11-29 12:40:00 UTC


@pytest.mark.parametrize("lang,zone", [("ru", "Europe/Moscow"), ("en", "Asia/Tokyo"),
                                       ("ar", "UTC")])
def test_chat_lines_show_the_servers_time_in_local_time(browser: Any, server: str, lang: str,
                                                         zone: str) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, timezone_id=zone)
    page = ctx.new_page()
    try:
        lobby(page, server, f"?lang={lang}")
        m, obs = find("classic", "thousand", lambda o: o["phase"] == "bidding")
        page.evaluate(SHOW_JS, {"info": info_for(m, obs), "obs": obs})
        page.wait_for_selector(".table-page .seat:not([hidden])")
        page.evaluate("""(at) => window.__deliver('chat', {type: 'chat', table: 't1',
          version: 70, line: {from: 'ann', text: 'gl hf', at}})""", AT)
        page.click(".tab[data-tab=chat]")
        stamp = page.locator(".chat-lines li time.chat-time").first
        assert stamp.get_attribute("datetime") == "2025-11-29T12:40:00.000Z"
        local = datetime.fromtimestamp(AT, ZoneInfo(zone))
        text = stamp.inner_text()
        if lang == "ru":
            assert text == local.strftime("%H:%M")  # 15:40 in Moscow
        elif lang == "en":
            assert text == local.strftime("%I:%M %p")  # 09:40 PM in Tokyo
        else:
            assert "٤٠" in text or "40" in text  # Arabic digits or Latin, the minutes
        assert "gl hf" in page.locator(".chat-lines li").first.inner_text()
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", [(1280, 860), (390, 844)])
def test_sound_is_on_by_default_with_a_visible_switch(browser: Any, server: str, shots: Path,
                                                      viewport: tuple[int, int]) -> None:
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    try:
        lobby(page, server)
        switch = page.locator("header #sound[role=switch]")
        assert switch.is_visible() and switch.get_attribute("aria-checked") == "true"
        box = switch.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport[0]
        assert page.locator("header #sound .sound-icon").is_visible()
        assert page.evaluate("() => import('/static/js/sound.js').then((s) => s.soundOn())")
        switch.click()
        assert switch.get_attribute("aria-checked") == "false"
        assert page.evaluate("() => localStorage.getItem('kozyr.sound')") == "off"
        assert page.locator("header #sound .sound-icon").evaluate(
            "(e) => getComputedStyle(e).textDecorationLine") == "line-through"
        page.screenshot(path=str(shots / f"sound-switch-{viewport[0]}.png"))
        lobby(page, server)  # remembered
        assert page.locator("header #sound").get_attribute("aria-checked") == "false"
    finally:
        ctx.close()


# -- the card-point counter ----------------------------------------------------------------------
COUNTER_JS = """({obs, points}) => window.__deliver('state', {type: 'state', table: 't1',
  version: 80, state: 80, seat: obs.seat, obs, legal: obs.legal, to_act: obs.to_act,
  deadline: null, last: {seat: null}, summary: null, notes: {}, trick_points: points})"""


@pytest.mark.parametrize("practice,lang,word", [(True, "en", "Your tricks: {n} points"),
                                                (False, "en", "Your tricks: {n} points"),
                                                (True, "ru", "Ваши взятки: {n} очков")])
def test_the_card_point_counter(page: Any, server: str, practice: bool, lang: str,
                                word: str) -> None:
    lobby(page, server, f"?lang={lang}")
    m, obs = find("classic", "thousand", lambda o: o["phase"] == "play"
                  and sum(o["tricks_won"]) >= 2)
    points = trick_points_of(m, 0)
    assert points == obs["taken_points"][0]
    info = dict(info_for(m, obs), hints=practice)  # a practice table (hints, unrated) or not
    page.evaluate(SHOW_JS, {"info": info, "obs": obs})
    page.wait_for_selector(".table-page .seat:not([hidden])")
    page.evaluate(COUNTER_JS, {"obs": obs, "points": points})
    counter = page.locator(".table-info .points-counter")
    want = word.format(n=points)
    if practice:
        assert counter.inner_text() == want  # on by default at a practice table
    else:
        assert counter.inner_text() == "\u03a3"  # off at a rated one, a click away
        counter.click()
        assert page.locator(".table-info .points-counter").inner_text() == want
    page.locator(".table-info .points-counter").click()  # and off again
    assert page.locator(".table-info .points-counter").get_attribute("aria-pressed") == "false"
