"""The moves tab in words and the buttons that say what they do, for every game
(src/kozyr/web/js/table/movelog.js, the renderers' ``moveWords``/``buttonLabel``, and the
controls hook a game's own controls plug into).

True engine observations are found by random play here (the test keeps its own record of
who took each trick, read from the engine's ``last_trick`` after every action) and fed to a
TableView; the log's tricks, takers and words are checked against them, in English and
Russian (Arabic once).  A live Bezique deal is played through the page against a bot.  Each
game's move log is saved as a screenshot (test-output/screenshots/movelog-GAME.png).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kozyr.games import new_match
from tests.browser.fixtures import READY_JS, STATUS_JS, act_once, register
from tests.browser.test_games import create_table, show

pytestmark = pytest.mark.browser

SETLANG = "async (l) => (await import('/static/js/i18n.js')).setLang(l)"


def play_to(game: str, preset: Any, want: Callable[[dict[str, Any], list[int]], bool], *,
            seeds: int = 200, steps: int = 700) -> tuple[Any, dict[str, Any], list[int]]:
    """Play at random until seat 0's observation satisfies ``want(obs, takers)``, where
    ``takers`` are the seats that took this deal's tricks so far, in order (each read from
    the engine's ``last_trick`` as it changes).  Return (match, observation, takers)."""
    for seed in range(seeds):
        m = new_match(game, preset, seed=seed)
        rng = random.Random(seed)
        takers: list[int] = []
        deal = None
        last = None
        for _ in range(steps):
            if m.is_over:
                break
            if m.awaiting_deal:
                m.deal()
                continue
            obs = m.observation(0)
            if obs["deal_index"] != deal:
                deal, takers, last = obs["deal_index"], [], obs["last_trick"]
            if obs["last_trick"] != last and obs["last_trick"] is not None:
                takers.append(obs["last_trick"]["winner"])
                last = obs["last_trick"]
            if want(obs, takers):
                return m, obs, list(takers)
            m.apply_action(rng.choice(m.legal_actions()))
    raise AssertionError(f"no {game} observation found")


def texts(obs: dict[str, Any], verb: str) -> list[tuple[int, str]]:
    return [(s, x) for s, x in obs["history"] if x.split()[0] == verb]


def open_moves(page: Any) -> Any:
    page.locator(".side .tab[data-tab='moves']").click()
    return page.locator(".side .moves")


def check_tricks(page: Any, takers: list[int]) -> None:
    """The log's tricks are numbered 1.. and name the seats that took them, in order."""
    tricks = page.locator(".side .moves li.log-trick")
    done = [tricks.nth(i).get_attribute("data-winner") for i in range(tricks.count())]
    assert [int(x) for x in done if x] == takers
    assert tricks.first.get_attribute("data-trick") == "1"
    assert "Trick 1" in tricks.first.locator(".log-trick-head").inner_text() or \
        "Взятка 1" in tricks.first.locator(".log-trick-head").inner_text()


def line(page: Any, action: str, seat: int | None = None) -> str:
    sel = f".side .moves li.move[data-action='{action}']"
    if seat is not None:
        sel += f"[data-seat='{seat}']"
    return str(page.locator(sel).first.inner_text())


def label(page: Any, action: str) -> str:
    """Return a choice button's label in one line (its number key left out)."""
    b = page.locator(f".controls button[data-action='{action}']")
    return " ".join(str(b.evaluate("e => [...e.childNodes].filter(n => n.nodeName !== 'KBD')"
                                   ".map(n => n.textContent).join('')")).split())


def shoot(page: Any, shots: Path, name: str) -> None:
    page.locator(".side").screenshot(path=str(shots / f"movelog-{name}.png"))


def relang(page: Any, m: Any, obs: dict[str, Any], lang: str, moves: bool = True) -> None:
    """Switch the page's language (the lobby comes back) and show ``obs`` again."""
    page.evaluate(SETLANG, lang)
    show(page, m, obs)
    if moves:
        open_moves(page)


def lobby(page: Any, server: str, lang: str = "en") -> None:
    page.goto(f"{server}/?lang={lang}#/lobby")
    page.wait_for_selector(".salon")
    page.evaluate(SETLANG, lang)


FOURS = {"A": "four aces", "K": "four kings", "Q": "four queens", "J": "four jacks",
         "T": "four tens"}


def named(game: str, c: dict[str, Any]) -> str:
    """Return a combination of the observation (``kind``, ``cards``) as the page names it."""
    cards = c["cards"].split()
    sign = "♠♥♦♣"["SHDC".index(cards[0][1])]
    kind = c["kind"]
    if game == "tertz" and kind == "sequence":
        kind = "tertz" if len(cards) == 3 else "fifty" if len(cards) == 4 else "hundred"
    if kind == "four" or kind.startswith("four "):
        return FOURS[cards[0][0]]
    if kind == "marriage":
        return f"the marriage {sign}"
    if kind in ("bezique", "double bezique"):
        return kind
    return f"a {kind} in {sign}"


def declare_label(game: str, obs: dict[str, Any], action: str) -> str:
    items = [c for c in obs["declaring"] if c["action"] == action]
    return "Declare: " + ", ".join(f"{named(game, c)} ({c['points']})" for c in items)


# -- Thousand --------------------------------------------------------------------------------

def test_thousand_log_bids_contract_marriage_and_tricks(page: Any, server: str,
                                                        shots: Path) -> None:
    def want(o: dict[str, Any], takers: list[int]) -> bool:
        return (o["phase"] == "play" and len(takers) >= 2 and bool(texts(o, "bid"))
                and bool(texts(o, "contract"))
                and any(x.endswith(" marriage") for _, x in o["history"]))
    m, obs, takers = play_to("thousand", "classic", want)
    lobby(page, server)
    show(page, m, obs)
    open_moves(page)
    check_tricks(page, takers)
    seat, bid = texts(obs, "bid")[0]
    assert line(page, bid, seat).endswith(f"bids {bid.split()[1]}")
    seat, contract = texts(obs, "contract")[0]
    assert line(page, contract, seat).endswith(f"plays {contract.split()[1]}")
    seat, lead = next((s, x) for s, x in obs["history"] if x.endswith(" marriage"))
    card = lead.split()[1]
    value = dict(m.rules.marriage_values)[card[1]]
    words = line(page, lead, seat)
    sign = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]
    assert f"and declares the marriage {sign} ({value})" in words, words
    shoot(page, shots, "thousand")
    relang(page, m, obs, "ru")
    assert f"объявляет марьяж {sign} ({value})" in line(page, lead, seat)
    assert line(page, contract).endswith(f"играет {contract.split()[1]}")


def test_thousand_buttons_bid_and_play(page: Any, server: str) -> None:
    lobby(page, server)
    m, obs, _ = play_to("thousand", "classic", lambda o, _t: o["to_act"] == 0 and any(
        x.startswith("bid ") for x in o["legal"]))
    show(page, m, obs)
    lowest = min(int(x.split()[1]) for x in obs["legal"] if x.startswith("bid "))
    assert label(page, f"bid {lowest}") == f"Bid {lowest}"
    m, obs, _ = play_to("thousand", "classic", lambda o, _t: o["to_act"] == 0 and any(
        x.startswith("contract ") for x in o["legal"]))
    show(page, m, obs)
    lowest = min(int(x.split()[1]) for x in obs["legal"] if x.startswith("contract "))
    assert label(page, f"contract {lowest}") == f"Play {lowest}"
    relang(page, m, obs, "ru", moves=False)
    assert label(page, f"contract {lowest}") == f"Играю {lowest}"


# -- Debertz -----------------------------------------------------------------------------------

SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def test_debertz_log_trump_melds_and_buttons(page: Any, server: str, shots: Path) -> None:
    def want(o: dict[str, Any], takers: list[int]) -> bool:
        return (len(takers) >= 2 and bool(o["melds"]) and any(
            x in ("accept",) or x.startswith("trump ") for _, x in o["history"]))
    m, obs, takers = play_to("debertz", "debertz3", want)
    lobby(page, server)
    show(page, m, obs)
    open_moves(page)
    check_tricks(page, takers)
    seat, said = next((s, x) for s, x in obs["history"]
                      if x == "accept" or x.startswith("trump "))
    verb = "accepts" if said == "accept" else "names"
    assert line(page, said, seat).endswith(f"{verb} {SIGN[obs['trump']]} as trump")
    ms, kind, cards = obs["melds"][0]
    words = line(page, "declare", ms)
    assert f"declares a {kind} in {SIGN[cards.split()[0][1]]}" in words, words
    shoot(page, shots, "debertz")
    relang(page, m, obs, "ru")
    assert line(page, said, seat).endswith(SIGN[obs["trump"]])
    assert "объявляет" in line(page, "declare", ms)
    # Bidding buttons: accept the turned suit, or name another.
    page.evaluate(SETLANG, "en")
    m, obs, _ = play_to("debertz", "debertz3", lambda o, _t: o["to_act"] == 0 and
                        "accept" in o["legal"])
    show(page, m, obs)
    turned = SIGN[obs["turned"][1]]
    assert label(page, "accept") == (f"Accept {turned} as trump")
    assert label(page, "pass") == "Pass"
    m, obs, _ = play_to("debertz", "debertz3", lambda o, _t: o["to_act"] == 0 and any(
        x.startswith("trump ") for x in o["legal"]))
    show(page, m, obs)
    suit = next(x for x in obs["legal"] if x.startswith("trump ")).split()[1]
    assert label(page, f"trump {suit}") == f"Name {SIGN[suit]} as trump"
    relang(page, m, obs, "ru", moves=False)
    assert label(page, f"trump {suit}") == f"Назначить козырь {SIGN[suit]}"
    page.evaluate(SETLANG, "en")
    m, obs, _ = play_to("debertz", "debertz3", lambda o, _t: o["to_act"] == 0 and
                        "declare" in o["legal"])
    show(page, m, obs)
    assert label(page, "declare") == declare_label("debertz", obs, "declare")


# -- Tertz -------------------------------------------------------------------------------------

def test_tertz_log_declarations_seven_and_tricks(page: Any, server: str, shots: Path) -> None:
    def want(o: dict[str, Any], takers: list[int]) -> bool:
        return (len(takers) >= 3 and any(
            x == "declare" and o["combinations"][s] for s, x in o["history"])
            and any(x == "swap7" for _, x in o["history"]))
    m, obs, takers = play_to("tertz", "tertz", want, seeds=400)
    lobby(page, server)
    show(page, m, obs)
    open_moves(page)
    check_tricks(page, takers)
    seat = next(s for s, x in obs["history"] if x == "declare" and obs["combinations"][s])
    words = line(page, "declare", seat)
    for c in obs["combinations"][seat]:
        assert f"({c['value']})" in words, words
    assert "declares" in words, words
    assert line(page, "swap7").endswith("exchanges the seven")
    shoot(page, shots, "tertz")
    relang(page, m, obs, "ru")
    assert line(page, "swap7").endswith("обменивает семёрку")
    page.evaluate(SETLANG, "en")
    m, obs, _ = play_to("tertz", "tertz", lambda o, _t: o["to_act"] == 0 and
                        "swap7" in o["legal"], seeds=400)
    show(page, m, obs)
    assert label(page, "swap7") == "Exchange the seven"
    # The declare button says what it announces: the observation's `declaring` (our cards).
    m, obs, _ = play_to("tertz", "tertz", lambda o, _t: o["to_act"] == 0 and
                        "declare" in o["legal"] and len(o["declaring"] or []) >= 2, seeds=400)
    show(page, m, obs)
    assert label(page, "declare") == declare_label("tertz", obs, "declare")
    assert "(" in label(page, "declare")


# -- Piquet ------------------------------------------------------------------------------------

def test_piquet_log_exchange_and_declarations_in_words(page: Any, server: str,
                                                       shots: Path) -> None:
    def want(o: dict[str, Any], takers: list[int]) -> bool:
        # Seat 0 is younger, has exchanged, and won a category: elder's call was not good.
        return o["phase"] == "play" and len(takers) >= 2 and o["elder"] == 1 and any(
            r["winner"] == 0 and not r["equal"] for r in o["results"]) and any(
            s == 0 and x.startswith("exchange ") for s, x in o["history"])
    m, obs, takers = play_to("piquet", "rubicon", want)
    lobby(page, server)
    show(page, m, obs)
    moves = open_moves(page)
    check_tricks(page, takers)
    theirs = next(x for s, x in obs["history"] if s == 1 and x.startswith("exchange"))
    assert line(page, theirs, 1).endswith(f"takes {theirs.split()[1]} from the talon")
    mine = next(x for s, x in obs["history"] if s == 0 and x.startswith("exchange"))
    n = len(mine.split()) - 1
    assert line(page, mine, 0).endswith(f"and takes {n} from the talon")
    assert "discards" in line(page, mine, 0)
    # No raw record words are left in the log.
    text = moves.inner_text()
    assert not re.search(r"\bexchange\b|\bsees\b", text), text
    results = page.locator(".side .moves li.pq-log-result")
    assert results.count() == 3
    won = next(r for r in obs["results"] if r["winner"] == 0 and not r["equal"])
    res = page.locator(f".side .moves li.pq-log-result[data-category='{won['category']}']")
    assert "not good" in res.inner_text() and f"+{won['score']}" in res.inner_text()
    # The declarations come before the first trick.
    first = page.locator(".side .moves > li").evaluate_all(
        "els => els.map(e => e.className)")
    assert first.index("move pq-log-result") < first.index("log-trick")
    shoot(page, shots, "piquet")
    for lang, takes, bad in (("ru", "берёт из прикупа", "нехорошо"),
                             ("ar", "يأخذ", "غير جيد")):
        relang(page, m, obs, lang)
        assert takes in line(page, theirs, 1)
        text = res.inner_text()
        assert bad in text, text
        shoot(page, shots, f"piquet-{lang}")


def test_piquet_controls_plug_into_the_shared_ones(page: Any, server: str) -> None:
    # The exchange controls are drawn through the renderer's hook: the view keeps the shared
    # renderControls/renderHand (no own property replacing them) and still shows the exchange.
    m, obs, _ = play_to("piquet", "rubicon", lambda o, _t: o["phase"] == "exchange"
                        and o["to_act"] == 0)
    lobby(page, server)
    show(page, m, obs)
    own = page.evaluate("() => { const v = window.kozyr.view; return ["
                        "Object.prototype.hasOwnProperty.call(v, 'renderControls'),"
                        "Object.prototype.hasOwnProperty.call(v, 'renderHand')]; }")
    assert own == [False, False]
    assert page.locator(".controls button.pq-exchange").count() == 1
    assert page.locator(".hand .card.legal").count() >= 1


# -- Bezique -----------------------------------------------------------------------------------

def test_bezique_table_and_log_name_the_combinations(page: Any, server: str,
                                                     shots: Path) -> None:
    def want(o: dict[str, Any], takers: list[int]) -> bool:
        return (len(takers) >= 2 and o["stock_size"] > 0 and o["turned"] is not None
                and sum(len(c) for c in o["combinations"]) >= 2)
    m, obs, takers = play_to("bezique", "classic", want)
    lobby(page, server)
    show(page, m, obs)
    # The combinations face up under each seat, one group each, with their points.
    for s in (0, 1):
        groups = page.locator(f".seat[data-seat='{s}'] .bz-combo")
        assert groups.count() == len(obs["combinations"][s])
        for i, c in enumerate(obs["combinations"][s]):
            g = groups.nth(i)
            assert g.get_attribute("data-kind") == c["kind"]
            assert g.locator(".card").count() == len(c["cards"].split())
            assert str(c["points"]) in g.locator(".meld-label").inner_text()
        pts = page.locator(f".seat[data-seat='{s}'] .bz-points").inner_text()
        assert str(obs["deal_points"][s]) in pts
    # The stock and the turned card; the running score.
    assert page.locator(".center .stock .card.turned").get_attribute("data-card") in \
        (obs["turned"], obs["turned"][:2])
    assert f"{obs['stock_size']}" in page.locator(".center .stock .center-label").inner_text()
    score = page.locator(".table-info .bz-score").inner_text()
    assert all(str(x) in score for x in obs["totals"])
    moves = open_moves(page)
    check_tricks(page, takers)
    seat, said = texts(obs, "declare")[0]
    key = sorted(said.split()[1:])
    combo = next(c for c in obs["combinations"][seat] if sorted(c["cards"].split()) == key)
    words = line(page, said, seat)
    assert "declares" in words and f"({combo['points']})" in words, words
    if combo["kind"] == "bezique":
        assert "declares bezique (40)" in words
    assert "declare " not in moves.inner_text().replace("declares", "")
    shoot(page, shots, "bezique")
    relang(page, m, obs, "ru")
    assert "объявляет" in line(page, said, seat)


def test_bezique_declare_buttons_say_what_they_score(page: Any, server: str) -> None:
    m, obs, _ = play_to("bezique", "classic", lambda o, _t: o["to_act"] == 0 and sum(
        x.startswith("declare ") for x in o["legal"]) >= 2)
    lobby(page, server)
    show(page, m, obs)
    for text in (x for x in obs["legal"] if x.startswith("declare ")):
        assert label(page, text) == declare_label("bezique", obs, text)
    relang(page, m, obs, "ru", moves=False)
    text = next(x for x in obs["legal"] if x.startswith("declare "))
    assert label(page, text).startswith("Объявить: ")


def test_bezique_plays_a_whole_deal_in_the_page(page: Any, server: str, shots: Path) -> None:
    register(page, server)
    create_table(page, server, "bezique")
    page.wait_for_function(READY_JS % 1, timeout=20000)
    # Both seats' points of the deal, the running score and the stock with the turned card.
    assert page.locator(".seat .bz-points").count() == 2
    assert page.locator(".table-info .bz-score").count() == 1
    seen = stock_seen = 0
    deals = 1  # (the cards are the CSPRNG's: a deal may pass with nothing declared; then
    for _ in range(1200):  # another, up to three)
        page.wait_for_function(READY_JS % deals, timeout=20000)
        st = page.evaluate(STATUS_JS)
        if st["sheet"] >= deals or st["over"]:
            if seen or st["over"] or deals == 3:
                break
            deals += 1
            continue
        if page.evaluate("() => !window.kozyr.view.obs.trick.length && "
                         "window.kozyr.view.obs.stock_size > 0"):
            # no trick lies in the middle: once the last one has slid to its winner, the
            # stock and the turned card do
            page.locator(".center .stock .card.turned").wait_for(timeout=5000)
            assert page.locator(".center .stock .card.turned").count() == 1
            stock_seen += 1
        groups = page.locator(".seat .bz-combo").count()
        if groups > seen:
            # Each combination declared so far is one group on the table.
            declared = page.evaluate("() => window.kozyr.view.obs.combinations"
                                     ".reduce((a, c) => a + c.length, 0)")
            assert groups == declared
            seen = groups
            page.screenshot(path=str(shots / "bezique-combinations.png"))
        act_once(page)
    st = page.evaluate(STATUS_JS)
    assert st["sheet"] >= 1 or st["over"], st
    assert seen >= 1  # somebody declared something in a whole deal (or three)
    assert stock_seen >= 1  # this seat led at least once while the stock lasted
    if page.locator(".over-box .close-over").count():  # the match may end with the deal
        page.locator(".over-box .close-over").click()
    open_moves(page)
    page.screenshot(path=str(shots / "bezique-deal-done.png"))


def test_thousand_two_players_log_the_pile_taken(page: Any, server: str) -> None:
    m, obs, _ = play_to("thousand", "two_players", lambda o, _t: bool(texts(o, "take")))
    lobby(page, server)
    show(page, m, obs)
    open_moves(page)
    seat, take = texts(obs, "take")[0]
    assert line(page, take, seat).endswith(f"takes pile {int(take.split()[1]) + 1}")
    relang(page, m, obs, "ru")
    assert line(page, take, seat).endswith(f"берёт кучку {int(take.split()[1]) + 1}")


def test_bezique_table_in_arabic_on_a_phone(page: Any, server: str, shots: Path) -> None:
    """The Bezique table right to left at 390x844: combinations, stock and hand on screen,
    nothing spilling sideways (issue 15's last unreviewed view)."""
    def want(o: dict[str, Any], takers: list[int]) -> bool:
        return (not o["trick"] and o["stock_size"] > 0 and o["turned"] is not None
                and sum(len(c) for c in o["combinations"]) >= 3)
    m, obs, _ = play_to("bezique", "classic", want)
    page.set_viewport_size({"width": 390, "height": 844})
    lobby(page, server, "ar")
    show(page, m, obs)
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    assert page.evaluate("() => document.documentElement.scrollWidth - innerWidth") <= 1
    for sel in (".center .stock .card.turned", ".hand .card", ".table-info .bz-score"):
        box = page.locator(sel).first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391, sel
    groups = page.locator(".seat .bz-combo")
    assert groups.count() == sum(len(c) for c in obs["combinations"])
    for i in range(groups.count()):
        box = groups.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391
    # the combinations' names are Arabic, the cards keep their left-to-right faces
    assert not re.search(r"[A-Za-z]{4,}", groups.first.locator(".meld-label").inner_text())
    page.screenshot(path=str(shots / "bezique-ar-phone.png"), full_page=True)
