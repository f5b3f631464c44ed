"""The Piquet table in the page (src/kozyr/web/js/table/piquet.js).

A live table against a bot: the exchange is made by clicking cards on the hand (never one
button per legal exchange: fewer than 100 buttons on screen), the one confirm button sends
a legal exchange holding exactly the chosen cards, and the declarations then show in words.
True engine observations (found by random play) fed to a TableView show the talon, the
declarations in English, Russian and Arabic, and the declare/sink buttons of `sinking`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast

import pytest

from kozyr.games.registry import spec
from tests.browser.fixtures import READY_JS, STATUS_JS, register
from tests.browser.test_games import create_table, find, show

pytestmark = pytest.mark.browser

DECLARATION_WORDS = ("good", "not good", "equal", "nobody holds any")


def test_registry_names_the_piquet_renderer() -> None:
    assert spec("piquet").web == "piquet"


def _exchange_now(page: Any) -> dict[str, Any]:
    page.wait_for_function(READY_JS % 1, timeout=20000)
    st: dict[str, Any] = page.evaluate(STATUS_JS)
    assert st["phase"] == "exchange", st
    return st


def test_exchange_by_clicking_cards_against_a_bot(page: Any, server: str, shots: Path) -> None:
    register(page, server)
    create_table(page, server, "piquet")
    assert page.evaluate("() => window.kozyr.view.renderer.name") == "piquet"
    st = _exchange_now(page)
    legal = st["legal"]
    exchanges = [x for x in legal if x.startswith("exchange ")]
    assert len(exchanges) > 100  # the base renderer would draw a button for each
    assert page.locator("button").count() < 100
    assert page.locator(".controls button.act").count() <= 3
    confirm = page.locator(".controls button.pq-exchange")
    assert confirm.is_disabled()  # nothing chosen yet
    # The talon lies face down with its size.
    size = page.evaluate("() => window.kozyr.view.obs.talon_size")
    assert page.locator(".center .pq-talon .card.back").count() == size
    assert page.locator(".table-info .pq-talon-size").inner_text().endswith(str(size))
    # A click toggles a card: chosen, then not.
    cards = page.locator(".hand .card.legal:not([disabled])")
    first = cards.first.get_attribute("data-card")
    cards.first.click()
    node = page.locator(f".hand .card[data-card='{first}']")
    assert "chosen" in (node.get_attribute("class") or "")
    assert node.get_attribute("aria-pressed") == "true"
    node.click()
    node = page.locator(f".hand .card[data-card='{first}']")
    assert "chosen" not in (node.get_attribute("class") or "")
    # Choose as many cards as the smallest legal exchange takes (the range is shown).
    sizes = sorted({len(x.split()) - 1 for x in exchanges})
    lo, hi = sizes[0], sizes[-1]
    range_text = page.locator(".controls .pq-range").inner_text()
    assert str(lo) in range_text and str(hi) in range_text
    chosen: list[str] = []
    for i in range(lo):
        c = page.locator(".hand .card.legal:not([disabled])").nth(i)
        chosen.append(c.get_attribute("data-card") or "")
        c.click()
    assert page.locator(".hand .card.chosen").count() == lo
    action = confirm.get_attribute("data-action") or ""
    assert action in legal
    assert sorted(action.split()[1:]) == sorted(chosen)
    assert not confirm.is_disabled()
    page.screenshot(path=str(shots / "piquet-exchange.png"))
    hand_before = set((st["hand"] or "").split())
    confirm.click()
    # Our exchange went through: those cards left the hand; the declarations come in words.
    page.wait_for_function("""(gone) => {
      const o = window.kozyr.view.obs;
      return o && o.phase !== 'exchange' && !gone.some((c) => o.hand.split(' ').includes(c));
    }""", arg=chosen, timeout=20000)
    page.wait_for_selector(".table-info .pq-declarations .pq-result", timeout=20000)
    text = page.locator(".table-info .pq-declarations").inner_text()
    assert any(w in text for w in DECLARATION_WORDS), text
    assert page.locator(".table-info .pq-result").count() == 3
    discard = page.locator(".table-info .pq-discard .card-inline").count()
    assert discard == lo
    assert hand_before - set(page.evaluate("() => window.kozyr.view.obs.hand").split()) == \
        set(chosen)
    page.screenshot(path=str(shots / "piquet-declarations.png"), full_page=True)


def _after_exchanges(o: dict[str, Any]) -> bool:
    return bool(o["results"]) and o["phase"] == "play" and not o["trick"]


def test_declarations_in_three_languages(page: Any, server: str, shots: Path) -> None:
    # An observation of elder (seat 0) after both exchanges, in which he won the point.
    m, obs = find("piquet", "rubicon", lambda o: _after_exchanges(o) and o["elder"] == 0
                  and o["results"][0]["winner"] == 0)
    for lang, point, good in (("en", "point of", "good"), ("ru", "пуэн из", "хорошо"),
                              ("ar", "بوان من", "جيد")):
        page.goto(f"{server}/?lang={lang}#/lobby")
        page.wait_for_selector(".salon")
        page.evaluate("async (l) => (await import('/static/js/i18n.js')).setLang(l)", lang)
        show(page, m, obs)
        res = page.locator(".table-info .pq-result[data-category='point']")
        text = res.inner_text()
        n = len(obs["results"][0]["cards"][0].split())
        assert point in text and str(n) in text, text
        assert good in text, text
        assert page.locator(".table-info .pq-result").count() == 3
        # Elder's badge and the deal's points under each seat.
        assert page.locator(".seat[data-seat='0'] .badge.elder").count() == 1
        pts = page.locator(".seat[data-seat='0'] .pq-points").inner_text()
        assert str(obs["points"][0]) in pts
        page.screenshot(path=str(shots / f"piquet-declarations-{lang}.png"))


def test_russian_uses_the_piquet_players_words() -> None:
    ru = (Path(__file__).parents[2] / "src/kozyr/web/i18n/ru.js").read_text(encoding="utf-8")
    for key, word in (("pq.point_of", "пуэн"), ("pq.seq.3", "терц"), ("pq.seq.4", "кварт"),
                      ("pq.seq.5", "квинт"), ("pq.q.A", "четырнадцать"),
                      ("mark.repique", "репик"), ("mark.pique", "пик"),
                      ("mark.capot", "капот")):
        assert re.search(rf'"{re.escape(key)}": "[^"]*{word}', ru), key


def test_sinking_offers_declarations_in_words(page: Any, server: str) -> None:
    # find() hands its rules to new_match, which takes record rules as well as a preset.
    rules = cast(str, {"preset": "rubicon", "sinking": True})
    m, obs = find("piquet", rules, lambda o: o["phase"] == "declare" and o["to_act"] == 0)
    page.goto(server + "/?lang=en#/lobby")
    page.wait_for_selector(".salon")
    show(page, m, obs)
    buttons = page.locator(".controls button.act")
    actions = sorted(buttons.nth(i).get_attribute("data-action") or ""
                     for i in range(buttons.count()))
    assert actions == sorted(obs["legal"])
    labels = page.locator(".controls").inner_text()
    assert "Declare all" in labels and "Sink everything" in labels
    assert "Declare only: point, sets" in labels
    key = page.locator(".controls button[data-action='declare point sets']").get_attribute(
        "data-key")
    page.keyboard.press(key or "?")
    sent = page.evaluate("() => window.kozyr.view.conn.sent.filter((x) => x.type === 'intent')")
    assert [x["action"] for x in sent] == ["declare point sets"]


def test_a_sequence_and_a_quatorze_are_named(page: Any, server: str) -> None:
    # Observations where the winner's sequence and sets are shown: each named as announced.
    m, obs = find("piquet", "rubicon", lambda o: _after_exchanges(o) and o["seat"] == o["elder"]
                  and o["results"][1]["winner"] == o["elder"]
                  and o["results"][2]["winner"] == o["elder"])
    page.goto(server + "/?lang=en#/lobby")
    page.wait_for_selector(".salon")
    show(page, m, obs)
    seq = page.locator(".table-info .pq-result[data-category='sequence']").inner_text()
    assert any(w in seq for w in ("tierce", "quart", "quint", "sixième", "septième",
                                  "huitième")), seq
    sets = page.locator(".table-info .pq-result[data-category='sets']").inner_text()
    assert "quatorze of" in sets or "three " in sets, sets
    assert f"+{obs['results'][1]['score']}" in seq


def test_an_equal_point_asks_how_many(page: Any, server: str) -> None:
    m, obs = find("piquet", "rubicon", lambda o: _after_exchanges(o)
                  and o["results"][0]["equal"])
    elder_cards = obs["results"][0]["cards"][obs["elder"]].split()
    value = sum({"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10}.get(c[0]) or int(c[0])
                for c in elder_cards)
    page.goto(server + "/?lang=en#/lobby")
    page.wait_for_selector(".salon")
    show(page, m, obs)
    text = page.locator(".table-info .pq-result[data-category='point']").inner_text()
    assert f"point of {len(elder_cards)}" in text, text
    assert "how many?" in text and f"making {value}" in text and "equal" in text, text
    assert "+" not in text  # nobody scores an equal point


def test_marks_and_carte_blanche_are_named(page: Any, server: str) -> None:
    page.goto(server + "/?lang=en#/lobby")
    page.wait_for_selector(".salon")
    m, obs = find("piquet", "rubicon", lambda o: "pique" in o["marks"][0])
    show(page, m, obs)
    assert "pique" in page.locator(".seat[data-seat='0'] .pq-marks").inner_text()
    page.evaluate("async () => (await import('/static/js/i18n.js')).setLang('ru')")
    show(page, m, obs)
    assert page.locator(".seat[data-seat='0'] .pq-marks").inner_text() == "пик"
    page.evaluate("async () => (await import('/static/js/i18n.js')).setLang('en')")
    m, obs = find("piquet", "rubicon", lambda o: o["carte_blanche"] == 1
                  and o["carte_blanche_cards"] is not None)
    show(page, m, obs)
    assert page.locator(".seat[data-seat='1'] .badge.carte-blanche").count() == 1
    line = page.locator(".table-info .pq-cb")
    assert line.locator(".card-inline").count() == 12
    assert "carte blanche" in line.inner_text()


# A TableView over a stand-in connection: one snapshot, then one state message.
TWO_STEPS_JS = """async ({info, before, after}) => {
  const V = await import('/static/js/table/view.js');
  const handlers = {};
  const conn = {ready: true, sent: [], now: () => Date.now() / 1000,
    on(type, f) { (handlers[type] = handlers[type] || []).push(f); return () => {}; },
    send(m) { this.sent.push(m); return this.sent.length; }};
  if (window.kozyr.view && window.kozyr.view.destroy) window.kozyr.view.destroy();
  const v = new V.TableView(conn, document.getElementById('main'), info.id);
  window.kozyr.view = v;
  for (const f of handlers.table) f({type: 'table', table: info, seat: 0, version: 1,
    state: 1, obs: before, legal: before.legal, to_act: before.to_act, deadline: null,
    chat: []});
  await new Promise((r) => setTimeout(r, 50));
  for (const f of handlers.state) f({type: 'state', table: info.id, seat: 0, version: 2,
    state: 2, obs: after, legal: after.legal, to_act: after.to_act, deadline: null});
}"""


def test_the_declarations_are_announced_when_they_come(page: Any, server: str) -> None:
    import random

    from kozyr.games import new_match
    for seed in range(50):
        m = new_match("piquet", "rubicon", seed=seed)
        m.deal()
        rng = random.Random(seed)
        while not m.observation(0)["results"]:
            before = m.observation(0)
            m.apply_action(rng.choice(m.legal_actions()))
        after = m.observation(0)
        if after["results"][0]["winner"] is not None:
            break
    page.goto(server + "/?lang=en#/lobby")
    page.wait_for_selector(".salon")
    show(page, m, before)  # loads the renderer
    info = page.evaluate("() => window.kozyr.view.info")
    page.evaluate(TWO_STEPS_JS, {"info": info, "before": before, "after": after})
    box = page.locator(".center .pq-announce")
    box.wait_for()
    text = box.inner_text()
    assert "point:" in text and "good" in text, text
    assert box.locator(".pq-line").count() == 3


def test_younger_may_take_none_in_piquet_au_cent(page: Any, server: str) -> None:
    m, obs = find("piquet", "cent", lambda o: o["phase"] == "exchange" and o["to_act"] == 0
                  and "pass" in o["legal"])
    most = max(len(x.split()) - 1 for x in obs["legal"] if x != "pass")
    page.goto(server + "/?lang=en#/lobby")
    page.wait_for_selector(".salon")
    show(page, m, obs)
    assert page.locator("button").count() < 100
    assert f"1 to {most}" in page.locator(".controls .pq-range").inner_text()
    # No more cards can be chosen than the talon still holds.
    cards = page.locator(".hand .card.legal")
    for i in range(most + 1):
        cards.nth(i).click()
    assert page.locator(".hand .card.chosen").count() == most
    assert page.locator(".controls .pq-exchange").get_attribute("data-action") in obs["legal"]
    page.locator(".controls .pq-clear").click()
    assert page.locator(".hand .card.chosen").count() == 0
    assert page.locator(".controls .pq-exchange").is_disabled()
    page.locator(".controls button[data-action='pass']").click()
    sent = page.evaluate("() => window.kozyr.view.conn.sent.filter((x) => x.type === 'intent')")
    assert [x["action"] for x in sent] == ["pass"]
