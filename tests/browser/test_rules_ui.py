"""Issue 14 in the page: the create form and the table's rules tab group every option as on
its rules page in the UI's language (English, Russian, Arabic right to left); Thousand's new
actions are buttons where the engine makes them legal (buy/decline, look, strikeout last, a
card's declarations to choose from); the sheet names the new marks and ends with the barrel
falls and the settlement; Tertz shows the taken tricks while the stock has 4+ cards.

Positions come from the engines by random play (as in test_games.py) and are shown through a
stand-in connection, so each appears every run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kozyr.games.thousand.rules import ThousandRules
from tests.browser.fixtures import find_observation
from tests.browser.test_games import SHOW_JS

pytestmark = pytest.mark.browser

#: Every §11 action of Thousand on (so each is offered often).
ALL_ON: dict[str, Any] = {"talon_buying": True, "blind_bid": True, "blind_bidders": "any",
          "allow_strikeout": True, "bed_marriage": True, "four_nines": 200,
          "marriage_keep_trump": True, "redeal": False}


def meta(page: Any) -> dict[str, Any]:
    page.wait_for_function("() => window.kozyr.meta")
    out: dict[str, Any] = page.evaluate("() => window.kozyr.meta")
    return out


def open_form(page: Any, server: str) -> None:
    page.goto(server + "/#/login")
    page.click("#a-guest")
    page.wait_for_selector("#me")
    page.goto(server + "/#/lobby")
    page.wait_for_selector("#f-submit")


def form_groups(page: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.locator(".create-form details.group").evaluate_all(
        """els => els.map(d => ({key: d.dataset.group,
          title: d.querySelector('summary').textContent,
          options: [...d.querySelectorAll('.option')].map(o => o.dataset.option)}))""")
    return out


def options_of(page: Any, name: str) -> list[str]:
    """Return the texts of a select's options (its group may be closed)."""
    out: list[str] = page.locator(f"#opt-{name} option").evaluate_all(
        "els => els.map(e => e.textContent)")
    return out


def test_create_form_groups_as_the_rules_page_in_three_languages(page: Any,
                                                                 server: str) -> None:
    open_form(page, server)
    games = meta(page)["games"]
    for game in games:
        page.select_option("#f-game", game)
        want = games[game]["groups"]
        shown = form_groups(page)
        assert [g["key"] for g in shown] == [g["key"] for g in want], game
        assert [g["options"] for g in shown] == [g["options"] for g in want], game
        assert [g["title"] for g in shown] == [g["title"]["en"] for g in want], game
    page.select_option("#f-game", "thousand")
    thousand = games["thousand"]
    by_name = {o["name"]: o for o in thousand["schema"]}
    # Readable choices: the select shows names, and sends the value.
    assert options_of(page, "writeoff_penalty") == \
        ["the contract", "a bolt", "nothing", "half the bid"]
    for lang, rtl in (("ru", False), ("ar", True)):
        page.select_option("#lang", lang)
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        page.wait_for_selector(".create-form details.group")
        shown = form_groups(page)
        assert [g["title"] for g in shown] == [g["title"][lang] for g in thousand["groups"]]
        for name in ("bed_marriage", "talon_buying", "barrel_mode", "allow_strikeout"):
            label = page.text_content(f"label[for=opt-{name}]")
            assert label == by_name[name]["texts"][lang]["label"]
            doc = page.text_content(f".option[data-option='{name}'] .doc") or ""
            assert by_name[name]["texts"][lang]["doc"] in doc
        assert options_of(page, "bolt_when") == by_name["bolt_when"]["choice_labels"][lang]
        direction = page.evaluate("() => document.documentElement.dir")
        assert direction == ("rtl" if rtl else "ltr")
    page.select_option("#lang", "en")


def test_a_changed_choice_is_sent_by_value(page: Any, server: str) -> None:
    open_form(page, server)
    page.select_option("#f-game", "thousand")
    page.select_option("#f-preset", "classic")
    page.locator("details.group[data-group=talon] summary").click()
    page.select_option("#opt-writeoff_penalty", label="half the bid")
    sent = page.evaluate("""() => new Promise((resolve) => {
      const conn = window.kozyr.conn;
      const orig = conn.send.bind(conn);
      conn.send = (m) => { if (m.type === 'create') { conn.send = orig; resolve(m); return 1; }
        return orig(m); };
      document.querySelector('#f-submit').click();
    })""")
    assert sent["spec"]["options"] == {"writeoff_penalty": "half"}


def find(rules: ThousandRules | str, game: str,
         want: Callable[[dict[str, Any]], bool], seeds: int = 300) -> tuple[Any, dict[str, Any]]:
    """Play at random until seat 0's observation satisfies ``want``: (match, obs)."""
    return find_observation(game, rules, want, seeds=seeds)


def show(page: Any, m: Any, obs: dict[str, Any]) -> None:
    """Show ``obs`` in a TableView through a stand-in connection (its sends are recorded)."""
    n = obs["players"]
    info = {"id": "t1", "game": obs["game"], "preset": m.rules.preset,
            "rules": m.rules.as_dict(), "describe": m.rules.describe(), "players": n,
            "private": False, "status": "playing", "owner": None, "game_id": None,
            "spectators": 0,
            "seats": [{"seat": i, "kind": "bot", "name": f"bot:normal{i}", "level": "normal",
                       "connected": True, "auto": False} for i in range(n)]}
    page.evaluate(SHOW_JS, {"info": info, "obs": obs})
    page.wait_for_selector(".table-page .seat:not([hidden])")


def sent(page: Any) -> list[Any]:
    out: list[Any] = page.evaluate("() => window.kozyr.view.conn.sent")
    return out


def to_act(want: Callable[[list[str]], bool]) -> Callable[[dict[str, Any]], bool]:
    return lambda o: o["to_act"] == 0 and want(o["legal"])


RULES = ThousandRules.from_preset("classic", **ALL_ON)


def test_buy_and_decline_buttons(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    m, obs = find(RULES, "thousand", to_act(lambda t: "buy" in t))
    show(page, m, obs)
    buy = page.locator(".controls button.act[data-action=buy]")
    assert "Buy the talon" in buy.inner_text()
    assert page.locator(".controls button.act[data-action=decline]").count() == 1
    assert "may buy the talon" in page.inner_text(".table-info")
    # The shown talon lies on the table meanwhile.
    assert page.locator(".center .talon .card").count() == 3
    buy.click()
    assert sent(page)[-1]["action"] == "buy"


def test_look_button_for_an_unseen_hand(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    m, obs = find(RULES, "thousand", to_act(lambda t: "look" in t))
    show(page, m, obs)
    assert obs["hand"] is None
    assert page.locator(".hand .card").count() == 0
    assert "not looked at your cards" in page.inner_text(".table-info")
    assert "Look at my cards" in page.inner_text(".controls button.act[data-action=look]")
    # In Russian (the language switch redraws the page: the table is shown again).
    page.select_option("#lang", "ru")
    page.wait_for_selector(".salon")
    show(page, m, obs)
    assert "Посмотреть карты" in page.inner_text(".controls button.act[data-action=look]")
    page.click(".controls button.act[data-action=look]")
    assert sent(page)[-1]["action"] == "look"
    page.select_option("#lang", "en")


def test_strikeout_is_the_last_button_and_never_a_key(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    m, obs = find(RULES, "thousand", to_act(lambda t: "strikeout" in t))
    show(page, m, obs)
    actions = page.locator(".controls button.act").evaluate_all(
        "els => els.map(e => [e.dataset.action, e.dataset.key || null, e.className])")
    names = [a for a, _k, _c in actions]
    assert "strikeout" in names
    tail = [a for a in names if a in ("writeoff", "strikeout")]
    assert names[-len(tail):] == tail
    strike = next(x for x in actions if x[0] == "strikeout")
    assert strike[1] is None and "danger" in strike[2]
    assert page.inner_text(".controls button.act[data-action=strikeout]").strip() == "Strike out"


@pytest.mark.parametrize("words", ["bed", "marriage keep", "nines"])
def test_a_cards_declarations_to_choose_from(page: Any, server: str, words: str) -> None:
    def several(t: list[str]) -> bool:
        cards: dict[str, list[str]] = {}
        for x in t:
            if x.startswith("play "):
                cards.setdefault(x.split()[1], []).append(" ".join(x.split()[2:]))
        return any(words in kinds and len(kinds) > 1 for kinds in cards.values())

    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    m, obs = find(RULES, "thousand", to_act(several), seeds=500)
    show(page, m, obs)
    card = next(x.split()[1] for x in obs["legal"] if x.startswith("play ")
                and " ".join(x.split()[2:]) == words)
    page.click(f".hand .card[data-card='{card}']")
    options = [x for x in obs["legal"] if x.startswith(f"play {card}")]
    buttons = page.locator(".controls button.act")
    assert sorted(buttons.evaluate_all("els => els.map(e => e.dataset.action)")) == \
        sorted(options)
    mv = m.rules.value_map("marriage_values")
    value = {"bed": mv[card[1]] // 2, "marriage keep": mv[card[1]], "nines": 200}[words]
    label = {"bed": f"Bed marriage ({value})",
             "marriage keep": f"Marriage in suit ({value}), trump stays",
             "nines": f"Four nines ({value})"}[words]
    wanted = page.locator(f".controls button.act[data-action='play {card} {words}']")
    assert label in wanted.inner_text()
    assert "primary" in (wanted.get_attribute("class") or "")
    wanted.click()
    assert sent(page)[-1]["action"] == f"play {card} {words}"


def test_sheet_marks_barrel_falls_and_settlement(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    rows = [{"dealer": 0, "declarer": 1, "bid": 120, "contract": 120, "scores": [0, 0, 0],
             "totals": [0, 0, 0], "marks": [["B"], ["C"], ["sold", "cut-penalty"]]},
            {"dealer": 1, "declarer": 2, "bid": 120, "contract": 120, "scores": [0, 0, 0],
             "totals": [0, 0, 0], "marks": [["golden-reset", "idle"], ["golden-reset"],
                                            ["golden-reset"]]}]
    out = page.evaluate("""async (rows) => {
      const W = await import('/static/js/words.js');
      const I = await import('/static/js/i18n.js');
      const texts = {};
      for (const lang of ['en', 'ru', 'ar']) {
        I.setLang(lang);
        const table = W.sheetTable(rows, ['a', 'b', 'c'],
          {barrel_falls: [0, 2, 1], settlement: [40, -15, -25]});
        texts[lang] = {marks: [...table.querySelectorAll('.mark')].map(m => m.textContent),
          falls: [...table.querySelectorAll('tfoot .sheet-barrel-falls td')].map(
            td => td.textContent),
          pay: [...table.querySelectorAll('tfoot .sheet-settlement td')].map(
            td => td.textContent),
          head: [...table.querySelectorAll('tfoot th')].map(th => th.textContent)};
      }
      I.setLang('en');
      return texts;
    }""", rows)
    assert out["en"]["marks"] == ["bolt", "strike-out (C)", "sold the talon", "cut penalty",
                                  "golden horse: scores reset", "idle",
                                  "golden horse: scores reset", "golden horse: scores reset"]
    assert out["ru"]["marks"][1:4] == ["списал (С)", "продал прикуп", "штраф за съём"]
    assert out["ar"]["marks"][2] == "باع الكومة"
    for lang in ("en", "ru", "ar"):
        assert out[lang]["falls"] == ["0", "2", "1"]
        assert out[lang]["pay"] == ["+40", "-15", "-25"]
    assert out["en"]["head"] == ["Barrel falls", "Settlement"]
    assert out["ru"]["head"] == ["Слёты с бочки", "Расчёт"]


def test_table_rules_tab_grouped_with_changes(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    groups = meta(page)["games"]["thousand"]["groups"]
    rules = ThousandRules.from_preset("online")
    m, obs = find(rules, "thousand", lambda o: o["phase"] == "bidding")
    show(page, m, obs)
    page.click("button.tab[data-tab=rules]")
    page.wait_for_selector(".rules-summary .rules-group")
    shown = page.locator(".rules-summary .rules-group").evaluate_all(
        """els => els.map(g => ({key: g.dataset.group, title: g.querySelector('h4').textContent,
          options: [...g.querySelectorAll('.rule')].map(r => r.dataset.option)}))""")
    assert [g["key"] for g in shown] == [g["key"] for g in groups]
    assert [g["options"] for g in shown] == [g["options"] for g in groups]
    row = page.locator(".rules-summary .rule[data-option=barrel_attempts]")
    assert "changed" in (row.get_attribute("class") or "")
    assert row.locator("dd").inner_text() == "as declarer only"
    assert "changed" not in (page.locator(".rules-summary .rule[data-option=bid_step]")
                             .get_attribute("class") or "")
    page.select_option("#lang", "ar")
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    page.wait_for_selector(".salon")
    show(page, m, obs)
    page.click("button.tab[data-tab=rules]")
    page.wait_for_selector(".rules-summary h4")
    titles = page.locator(".rules-summary h4").all_inner_texts()
    assert titles == [g["title"]["ar"] for g in groups]
    page.select_option("#lang", "en")


def test_tertz_taken_tricks_are_shown_while_the_stock_lasts(page: Any, server: str) -> None:
    page.goto(server + "/#/lobby")
    page.wait_for_selector(".salon")
    m, obs = find("tertz", "tertz", lambda o: bool(o["taken"] and all(o["taken"])))
    show(page, m, obs)
    for seat, cards in enumerate(obs["taken"]):
        box = page.locator(f".seat[data-seat='{seat}'] .taken .card-inline")
        assert box.count() == len(cards.split())
    m, obs = find("tertz", "tertz", lambda o: o["taken"] is None and o["phase"] == "play"
                  and sum(o["tricks_won"]) > 0)
    show(page, m, obs)
    assert page.locator(".seat .taken").count() == 0
