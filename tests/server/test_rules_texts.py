"""The rule schema the room serves (GET /api/meta): every option of every game grouped as on
its rules page, with a label, a one-line explanation and readable choices in English, Russian,
Arabic, Polish and Ukrainian; and a finished game's payload with its settlement and Thousand's
barrel falls."""

from __future__ import annotations

import re
from typing import Any

import pytest

from kozyr.core.option_texts import (
    LANGUAGES,
    MORE_LANGUAGES,
    Translation,
    localized_schema,
    missing_texts,
    texts_for,
)
from kozyr.games.registry import GameSpec, specs
from kozyr.games.tertz.rules import TertzRules
from kozyr.games.thousand.rules import ThousandRules

from .conftest import TestClient

ARABIC = re.compile(r"[\u0600-\u06FF]")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
#: Letters only Ukrainian writes (і ї є ґ), none of Russia's (ы э ъ ё).
UKRAINIAN, RUSSIAN_ONLY = re.compile(r"[іїєґІЇЄҐ]"), re.compile(r"[ыэъёЫЭЪЁ]")


@pytest.fixture
def meta(client: TestClient) -> dict[str, Any]:
    body: dict[str, Any] = client.get("/api/meta").json()
    return body


@pytest.mark.parametrize("game", specs(), ids=lambda g: g.name)
def test_every_game_has_every_text(game: GameSpec) -> None:
    rules = game.rules_class()
    texts = texts_for(rules)
    assert texts is not None, f"kozyr.games.{game.name}.option_texts is missing"
    assert missing_texts(rules, texts, MORE_LANGUAGES) == []


@pytest.mark.parametrize("game", specs(), ids=lambda g: g.name)
def test_groups_hold_every_option_once_in_page_order(game: GameSpec,
                                                     meta: dict[str, Any]) -> None:
    served = meta["games"][game.name]
    rules = game.rules_class()
    assert served["languages"] == list(LANGUAGES) == ["en", "ru", "ar", "pl", "uk"]
    listed = [n for g in served["groups"] for n in g["options"]]
    assert sorted(listed) == sorted(f.name for f in rules.options())
    assert len(listed) == len(set(listed))
    # The groups are the rule set's GROUPS, in its order (the page's), with "other" only if
    # some option has no group.
    assert [g["key"] for g in served["groups"]] == [k for k, _ in rules.GROUPS]
    for g in served["groups"]:
        assert set(g["title"]) == set(LANGUAGES) and all(g["title"].values())
    by_name = {o["name"]: o for o in served["schema"]}
    for g in served["groups"]:
        for name in g["options"]:
            assert by_name[name]["group"] == g["key"]


@pytest.mark.parametrize("game", specs(), ids=lambda g: g.name)
def test_every_option_speaks_every_language(game: GameSpec, meta: dict[str, Any]) -> None:
    for opt in meta["games"][game.name]["schema"]:
        texts = opt["texts"]
        assert set(texts) == set(LANGUAGES), opt["name"]
        for lang, words in texts.items():
            assert words["label"] and words["doc"], (opt["name"], lang)
        # English explains with the option's own doc; the others are written in their script.
        assert texts["en"]["doc"] == opt["doc"]
        assert CYRILLIC.search(texts["ru"]["label"]) and CYRILLIC.search(texts["ru"]["doc"]), \
            opt["name"]
        assert ARABIC.search(texts["ar"]["label"]) and ARABIC.search(texts["ar"]["doc"]), \
            opt["name"]
        # Ukrainian is its own (not the Russian copied), Polish is not the English left over.
        uk = texts["uk"]["label"] + texts["uk"]["doc"]
        assert CYRILLIC.search(uk) and not RUSSIAN_ONLY.search(uk), opt["name"]
        assert texts["uk"] != texts["ru"], opt["name"]
        assert texts["pl"]["doc"] != texts["en"]["doc"] and not CYRILLIC.search(
            texts["pl"]["doc"]), opt["name"]
        if opt["choices"] is not None:
            labels = opt["choice_labels"]
            assert set(labels) == set(LANGUAGES)
            for lang in LANGUAGES:
                assert len(labels[lang]) == len(opt["choices"]), (opt["name"], lang)
                assert all(labels[lang]), (opt["name"], lang)


def test_thousand_groups_follow_the_rules_page(meta: dict[str, Any]) -> None:
    groups = {g["key"]: g for g in meta["games"]["thousand"]["groups"]}
    assert list(groups) == ["match", "cards", "deal", "bidding", "talon", "play", "scoring",
                            "barrel", "four"]
    assert "bed_marriage" in groups["cards"]["options"]
    assert "talon_buying" in groups["talon"]["options"]
    assert "barrel_mode" in groups["barrel"]["options"]
    assert groups["barrel"]["title"] == {"en": "The barrel", "ru": "Бочка", "ar": "البرميل",
                                         "pl": "Beczka", "uk": "Бочка"}
    by_name = {o["name"]: o for o in meta["games"]["thousand"]["schema"]}
    # The existing options' Russian words stay the game's own.
    assert by_name["barrel"]["texts"]["ru"]["label"] == "Бочка"
    assert by_name["allow_writeoff"]["texts"]["ru"]["label"] == "Роспись"
    # Choices get readable names, each option its own (writeoff_penalty's "none" is nothing,
    # rounding's "none" is no rounding); an option that may be off says so.
    wp = by_name["writeoff_penalty"]
    assert wp["choices"] == ["contract", "bolt", "none", "half"]
    assert wp["choice_labels"]["en"] == ["the contract", "a bolt", "nothing", "half the bid"]
    assert wp["choice_labels"]["ru"][2] == "ничего"
    assert by_name["rounding"]["choice_labels"]["ru"] == ["до 5", "без округления"]
    # Polish and Ukrainian in the game's words: musik, bomba, beczka; прикуп, розпис, бочка.
    assert groups["talon"]["title"]["pl"] == "Musik, deklaracja, bomba"
    assert groups["barrel"]["title"]["uk"] == "Бочка"
    assert by_name["allow_writeoff"]["texts"]["pl"]["label"] == "Bomba"
    assert by_name["allow_writeoff"]["texts"]["uk"]["label"] == "Розпис"
    assert wp["choice_labels"]["pl"] == ["deklaracja", "kreska", "nic", "połowa licytacji"]
    nines = by_name["four_nines"]
    assert nines["choices"] == [None, 200, 360]
    assert nines["choice_labels"]["en"] == ["off", "200", "360"]
    assert nines["choice_labels"]["ar"][0] == "لا"
    assert nines["choice_labels"]["pl"] == ["nie", "200", "360"]
    assert nines["choice_labels"]["uk"][0] == "ні"


def test_tertz_groups() -> None:
    assert TertzRules.GROUPS == (("play", ("free_trump_jack",)), ("scoring", ("target",)))
    local = localized_schema(TertzRules, texts_for(TertzRules))
    assert [g["key"] for g in local["groups"]] == ["play", "scoring"]


def test_missing_texts_names_what_is_lacking() -> None:
    texts = texts_for(ThousandRules)
    assert texts is not None
    short = type(texts)(options={k: v for k, v in texts.options.items() if k != "cut_by"},
                        choices={k: v for k, v in texts.choices.items()
                                 if k != "bolt_when"},
                        groups={k: v for k, v in texts.groups.items() if k != "barrel"})
    lacking = missing_texts(ThousandRules, short)
    assert "option cut_by" in lacking
    assert "choice bolt_when=no_points" in lacking
    assert "group barrel" in lacking
    # Polish and Ukrainian are checked apart, each line led by its language.
    assert not [line for line in lacking if line.startswith(("pl ", "uk "))]
    pl = texts.more["pl"]
    short_pl = Translation(options={k: v for k, v in pl.options.items() if k != "cut_by"},
                           choices={k: v for k, v in pl.choices.items() if k != "bolt_when"},
                           groups={k: v for k, v in pl.groups.items() if k != "barrel"})
    lacking = missing_texts(ThousandRules, type(texts)(texts.options, texts.choices,
                                                       texts.groups, more={"pl": short_pl}),
                            MORE_LANGUAGES)
    assert {"pl option cut_by", "pl choice bolt_when=no_points", "pl group barrel"} <= set(
        lacking)
    assert "uk option cut_by" in lacking and "option cut_by" not in lacking


def test_a_game_without_texts_falls_back_to_english(meta: dict[str, Any]) -> None:
    local = localized_schema(ThousandRules, None)
    opt = next(o for o in local["options"] if o["name"] == "bid_step")
    assert opt["texts"]["ru"] == {"label": "bid step", "doc": opt["doc"]}
    assert opt["texts"]["pl"] == {"label": "bid step", "doc": opt["doc"]}
    assert local["groups"][0]["title"]["en"] == "Match"


def test_finished_thousand_game_gives_settlement_and_barrel_falls(client: TestClient) -> None:
    from kozyr.records import replay_record

    from .helpers import THOUSAND, bye, create, fill_with_bots, hello, play_to_end, register, until

    if not THOUSAND:
        pytest.skip("the Thousand engine is not complete")
    spec = {"game": "thousand", "preset": "classic",
            "options": {"target": 200, "barrel_at": 150, "redeal": False}}
    a, _ = hello(client, register(client, "eve"))
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table})
    until(a, "table")
    fill_with_bots(a, table, 1)
    over = play_to_end(a, table)
    summary = replay_record(client.get(over["record"]).json()).summary()
    assert over["barrel_falls"] == summary["barrel_falls"]
    assert len(over["barrel_falls"]) == 3
    game = client.get(f"/api/games/{over['game_id']}").json()
    assert game["barrel_falls"] == summary["barrel_falls"]
    assert game["settlement"] == summary["settlement"] == over["settlement"]
    assert sum(game["settlement"]) == 0
    bye(a)
