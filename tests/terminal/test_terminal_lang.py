"""The terminal in Russian, Ukrainian and Polish (issue 17): ``kozyr play --lang`` and
``kozyr replay --lang`` (the default from LC_ALL / LC_MESSAGES / LANG), every word through
kozyr.terminal.words, the games' own words (musik, bomba, kreska, na beczce; прикуп, розпис,
болт, бочка), and English unchanged."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from kozyr.games import make_rules, new_match
from kozyr.records import write_record
from kozyr.replay import main as replay_main
from kozyr.terminal.render import describe_action, rules_line, rules_table, sheet_table
from kozyr.terminal.words import CATALOGUES, EN, LANGS, lang_from_env, speaking, t
from tests.terminal.script import Script, play

KOZYR = [sys.executable, "-c", "from kozyr.cli import main; main()"]
PLACEHOLDER = re.compile(r"\{(\w+)(?:![rsa])?\}")


# -- the catalogue -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_language_has_exactly_the_english_words(lang: str) -> None:
    words = CATALOGUES[lang]
    assert set(words) == set(EN), sorted(set(words) ^ set(EN))
    for key, text in EN.items():
        assert sorted(PLACEHOLDER.findall(words[key])) == sorted(PLACEHOLDER.findall(text)), key
        assert words[key].strip() or not text.strip(), key
    # Words that are the same as English are names, symbols or loan words only.
    same = {k for k, v in words.items() if v == EN[k] and re.search(r"[A-Za-z]{3}",
                                                                     PLACEHOLDER.sub("", v))}
    assert same <= {"game.debertz", "label.bella", "play.bella", "meld.debertz",
                    "mark.debertz", "intro.title", "pq.carte_blanche"}, sorted(same)


def test_the_language_comes_from_the_environment() -> None:
    assert lang_from_env({}) == "en"
    assert lang_from_env({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert lang_from_env({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "uk_UA.UTF-8"}) == "uk"
    assert lang_from_env({"LANG": "ru_RU", "LC_ALL": "C.UTF-8"}) == "en"  # LC_ALL first
    assert lang_from_env({"LANG": "de_DE.UTF-8"}) == "en"
    assert lang_from_env({"LC_ALL": "", "LANG": "uk"}) == "uk"  # an empty one is unset


def test_speaking_sets_the_language_for_a_block_only() -> None:
    assert t("choices") == "Your choices:"
    with speaking("uk"):
        assert t("choices") == "Ваші ходи:"
        with speaking("pl"):
            assert t("choices") == "Twoje ruchy:"
        assert t("choices") == "Ваші ходи:"
    assert t("choices") == "Your choices:"
    with pytest.raises(ValueError, match="unknown language 'ar'"), speaking("ar"):
        pass


# -- kozyr play ----------------------------------------------------------------------------------
def _first_screen(lang: str) -> str:
    script = Script(["sheet", "rules", "help", "99", "quit"])
    assert play("thousand", script, lang=lang, seed=5) == 0
    return script.screen


def test_play_in_polish_speaks_polish() -> None:
    screen = _first_screen("pl")
    for words in ("kozyr · Tysiąc", "Miejsca: ty to P0; P1 = bot heuristic", "── Rozdanie 1",
                  "Wyniki", "Licytacja", "Twoje karty", "Twoje ruchy:", "Twój ruch> ",
                  "Nie ma jeszcze rozegranych rozdań.",     # sheet
                  "Zasady", "Musik, deklaracja, bomba",       # rules: the group titles
                  "Wpisz numer ruchu",                        # help
                  "99 — nie ma takiego numeru (1-",           # a bad number
                  "Gra przerwana. Do zobaczenia."):
        assert words in screen, words
    for english in ("Your hand", "Scores", "Your choices", "Seats:", "Goodbye", "The barrel"):
        assert english not in screen, english
    # Polish rule option labels with their values: bomba allowed, the barrel at 880.
    assert re.search(r"Bomba\s+tak", screen) and re.search(r"Beczka od\s+880", screen)


def test_play_in_ukrainian_speaks_ukrainian() -> None:
    screen = _first_screen("uk")
    for words in ("kozyr · Тисяча", "Місця: ви — P0; P1 — бот heuristic", "── Роздача 1",
                  "Рахунок", "Торгівля", "Ваші карти", "Ваші ходи:", "Ваш хід> ",
                  "Зіграних роздач поки немає.", "Прикуп, замовлення, розпис",
                  "99 — немає такого номера (1-", "Гру зупинено. До побачення."):
        assert words in screen, words
    assert re.search(r"Розпис\s+так", screen)
    assert "Your hand" not in screen and "Торговля" not in screen  # not the Russian


def test_a_whole_game_in_polish_names_the_marks_and_the_winner() -> None:
    # Tertz to 150 with the first choice every time: the sheet, the winner, no English.
    script = Script(then=lambda screen: "1")
    assert play("tertz", script, lang="pl", seed=2, rules=["target=150"]) == 0
    screen = script.screen
    assert "Zapis" in screen and "Grał" in screen            # the sheet's title and column
    assert re.search(r"\nKoniec partii: wygrywa (Ty|P1)\.", screen)
    assert "lewa: " in screen and "Ostatnia lewa" in screen
    assert "The match is over" not in screen and "trick: " not in screen


def test_english_is_the_default_and_unchanged() -> None:
    a, b = Script(["quit"]), Script(["quit"])
    assert play("thousand", a, seed=5) == 0
    assert play("thousand", b, seed=5, lang="en") == 0
    assert a.screen == b.screen
    assert a.screen.startswith("kozyr · thousand\n")
    assert "Your hand  " in a.screen and "Your choices:" in a.screen


def test_an_unknown_language_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    script = Script()
    assert play("tertz", script, lang="xx") == 2
    err = capsys.readouterr().err
    assert err == "kozyr play: --lang: unknown language 'xx' (one of: en, ru, uk, pl)\n"
    assert script.prompts == 0


# -- the pieces: actions, sheet marks, rules -----------------------------------------------------
def test_actions_in_words() -> None:
    names = ["Ty", "P1", "P2"]
    with speaking("pl"):
        assert describe_action("bid 120", names).plain == "licytuję 120"
        assert describe_action("writeoff", names).plain == "bomba"
        assert describe_action("play KH marriage", names).plain == "K♥ + meldunek"
        assert describe_action("give 1 9C", names).plain == "9♣ → P1"
        assert describe_action("buy", names).plain == "kup musik"
    with speaking("uk"):
        assert describe_action("contract 130", names).plain == "замовлення 130"
        assert describe_action("play QD bed keep", names).plain == \
            "Q♦ + малий мар'яж у масть (козир той самий)"
        assert describe_action("declare point sets", names).plain == "оголошую пуен комплекти"
    with speaking("ru"):
        assert describe_action("writeoff", names).plain == "роспись"
    assert describe_action("bid 120", names).plain == "bid 120"  # English: the action itself


def _caption(lang: str) -> str:
    rows = [{"declarer": 0, "contract": 120, "scores": [120, 0, -120],
             "totals": [120, 0, -120], "marks": [["barrel"], ["B"], ["P"]]}]
    buf = io.StringIO()
    with speaking(lang):
        Console(file=buf, width=100, color_system=None).print(sheet_table(rows, ["A", "B", "C"]))
    return buf.getvalue()


def test_sheet_marks_in_the_games_words() -> None:
    # English shows the record's codes and explains them under the table; another language
    # names each mark in its cell.
    pl = _caption("pl")
    assert "+120 120 na beczce" in pl and "+0 0 kreska" in pl and "-120 -120 bomba" in pl
    assert "Zapis" in pl and "Oznaczenia" not in pl
    uk = _caption("uk")
    assert "+120 120 на бочці" in uk and "+0 0 болт" in uk and "-120 -120 розпис" in uk
    ru = _caption("ru")
    assert "+120 120 на бочке" in ru and "+0 0 болт" in ru and "-120 -120 роспись" in ru
    en = _caption("en")
    assert "Marks: barrel on the barrel · B bolt · P write-off" in en and "+0 0 B" in en


def test_rules_in_the_language_spoken() -> None:
    rules = make_rules("thousand", "classic", ["barrel_at=800", "allow_writeoff=false"])
    with speaking("pl"):
        line = rules_line(rules)
        buf = io.StringIO()
        Console(file=buf, width=100, color_system=None).print(rules_table(rules))
    # Only what differs from the defaults, in the rules page's order, with Polish labels.
    assert line == "Bomba: nie · Beczka od: 800"
    assert "Musik, deklaracja, bomba" in buf.getvalue() and "Beczka od" in buf.getvalue()
    with speaking("uk"):
        assert rules_line(make_rules("thousand", "classic", [])) == "стандартні правила"
    assert rules_line(rules) == rules.describe()


# -- kozyr replay and the command line -----------------------------------------------------------
def _thousand_record(tmp_path: Path) -> Path:
    m = new_match("thousand", "classic", seed=4)
    rng = random.Random(4)
    while not m.is_over and len(m.sheet) < 5:
        if m.awaiting_deal:
            m.deal()
            continue
        m.apply(rng.choice(m.legal_texts()))
    path = tmp_path / "t.json"
    path.write_text(json.dumps(write_record(m)))
    return path


def test_replay_text_in_russian_and_polish(tmp_path: Path) -> None:
    path = _thousand_record(tmp_path)
    outs = {}
    for lang in ("en", "ru", "pl"):
        out = io.StringIO()
        assert replay_main(str(path), out=out, err=io.StringIO(), lang=lang) == 0
        outs[lang] = out.getvalue()
    default = io.StringIO()
    assert replay_main(str(path), out=default, err=io.StringIO()) == 0
    assert default.getvalue() == outs["en"]
    ru, pl = outs["ru"].splitlines(), outs["pl"].splitlines()
    assert ru[0] == "Тысяча — стандартные правила" and pl[0] == "Tysiąc — zasady standardowe"
    assert ru[2].split()[:5] == ["#", "сдавал", "играл", "ставка", "заказ"]
    assert pl[2].split()[:5] == ["#", "rozdawał", "grał", "licyt.", "gra"]
    assert any(x.startswith("итог: 0:") for x in ru) and any(x.startswith("razem: 0:") for x in pl)
    # Marks in words outside English (the record's codes in English).
    marks = {"B": ("болт", "kreska"), "P": ("роспись", "bomba")}
    seen = [code for code in marks if re.search(rf"\d {code}\b", outs["en"])]
    assert seen, outs["en"]  # the record has a bolt or a write-off
    for code in seen:
        assert marks[code][0] in outs["ru"] and marks[code][1] in outs["pl"]
    # The numbers are the same in every language: only the words differ.
    digits = [re.findall(r"[+-]?\d+", "\n".join(s.splitlines()[2:]))
              for s in (outs["en"], outs["ru"], outs["pl"])]
    assert digits[0] == digits[1] == digits[2]


def _run(args: list[str], stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([*KOZYR, *args], capture_output=True, text=True, timeout=300,
                          input=stdin, env={**base, **env})


def test_the_commands_take_lang_and_read_the_environment(tmp_path: Path) -> None:
    uk = _run(["play", "tertz", "--seed", "1", "--lang", "uk"], stdin="quit\n")
    assert uk.returncode == 0, uk.stderr
    assert "kozyr · Терц" in uk.stdout and "Ваші карти" in uk.stdout
    pl = _run(["play", "tertz", "--seed", "1"], stdin="quit\n", LANG="pl_PL.UTF-8")
    assert "kozyr · Terc" in pl.stdout and "Twoje karty" in pl.stdout
    en = _run(["play", "tertz", "--seed", "1", "--lang", "en"], stdin="quit\n",
              LANG="pl_PL.UTF-8")
    assert "Your hand" in en.stdout  # --lang wins over the environment
    bad = _run(["play", "tertz", "--lang", "xx"])
    assert bad.returncode == 2 and bad.stderr.startswith("kozyr play: --lang: unknown")
    path = _thousand_record(tmp_path)
    ru = _run(["replay", str(path), "--lang", "ru"])
    assert ru.returncode == 0 and ru.stdout.startswith("Тысяча — ")
    assert _run(["replay", str(path)]).stdout.startswith("thousand — ")


# -- nothing left in English ---------------------------------------------------------------------
def _english_left(text: str, lang: str) -> list[str]:
    """Return the English catalogue strings (those the language says differently) in ``text``."""
    words = CATALOGUES[lang]
    out = []
    for key, value in EN.items():
        plain = PLACEHOLDER.sub("", value).strip(" ·:")
        if words[key] == value or len(plain) < 4 or not re.search(r"[A-Za-z]{4}", plain):
            continue
        if re.search(rf"(?<!\w){re.escape(plain)}(?!\w)", text):
            out.append(f"{key}: {plain!r}")
    return out


@pytest.mark.parametrize("lang", ["pl", "uk", "ru"])
@pytest.mark.parametrize("game", ["thousand", "debertz", "tertz", "piquet", "bezique"])
def test_every_status_line_of_every_game_is_in_the_language(game: str, lang: str) -> None:
    from kozyr.terminal.render import status

    m = new_match(game, None, seed=3)
    rng = random.Random(3)
    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system=None)
    names = ["P0", "P1", "P2", "P3"]
    with speaking(lang):
        for _ in range(400):
            if m.is_over:
                break
            if m.awaiting_deal:
                m.deal()
                continue
            seat = m.current_player()
            console.print(status(m.observation(seat), names))
            legal = m.legal_texts()
            console.print(Text(" ").join(describe_action(x, names) for x in legal[:20]))
            m.apply(rng.choice(legal))
        rows = [r.to_json() for r in m.sheet]
        console.print(sheet_table(rows, names[:len(rows[0]["scores"])] if rows else names))
    assert m.sheet, "no deal was scored"
    assert _english_left(buf.getvalue(), lang) == []
