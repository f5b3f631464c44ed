"""Debertz observations (what each seat may see) and resampling of the hidden cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from kozyr.cards import SUIT_MASK, parse_card, parse_hand
from kozyr.games.debertz import DebertzMatch, DebertzRules
from kozyr.games.debertz.melds import find_melds, format_meld
from tests.games.debertz.fixtures import D3, FOUR, STRONG, WEAK, act, make_deal, new

KEYS = {"game", "rules", "players", "seat", "teams", "deal_index", "dealer", "phase", "to_act",
        "legal", "hand", "hand_sizes", "turned", "trump", "declarer", "history", "melds",
        "bella", "trick", "leader", "last_trick", "tricks_won", "cutter", "totals", "sheet",
        "baits", "pot", "winner", "is_over"}


def everything(m: DebertzMatch) -> Any:
    """Return the whole state as far as the API shows it (to compare two matches)."""
    return (m.record_deals(), [m.observation(s) for s in [*range(m.players), None]],
            m.legal_actions())


def test_observation_keys_and_values_during_play() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0, bottom="QD"))
    act(m, "accept", "declare", "play AD")
    obs = m.observation(2)
    assert set(obs) >= KEYS
    assert obs["game"] == "debertz" and obs["rules"] == "debertz3" and obs["players"] == 3
    assert (obs["seat"], obs["to_act"], obs["phase"], obs["teams"]) == (2, 2, "play", None)
    assert obs["hand"] == "AS AC 7D AH TH KH QH JH 9H"
    assert "play 7D" in obs["legal"] and obs["hand_sizes"] == [9, 8, 9]
    assert (obs["turned"], obs["trump"], obs["declarer"], obs["cutter"]) == ("8H", "H", 1, "QD")
    assert obs["history"] == [[1, "accept"], [1, "declare"], [1, "play AD"]]
    assert obs["trick"] == [[1, "AD"]] and obs["leader"] == 1 and obs["last_trick"] is None
    assert obs["tricks_won"] == [0, 0, 0] and obs["bella"] == []
    assert obs["totals"] == [0, 0, 0] and obs["sheet"] == [] and obs["baits"] == [0, 0, 0]
    assert (obs["pot"], obs["winner"], obs["is_over"]) == (0, None, False)
    assert obs["melds"][0] == [1, "tertz", "TS KS QS"]
    json.dumps(obs)


def test_only_the_seat_to_act_sees_legal_actions_and_spectators_no_hand() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0))
    assert m.observation(1)["legal"] == ["accept", "pass"]
    assert m.observation(0)["legal"] == [] and m.observation(None)["legal"] == []
    spectator = m.observation(None)
    assert spectator["hand"] is None and spectator["seat"] is None
    assert spectator["turned"] == "8H" and spectator["trump"] is None


def test_teams_with_four_players() -> None:
    m = new("debertz4", dealer=0)
    m.deal(make_deal(FOUR, "8H", dealer=0))
    obs = m.observation(3)
    assert obs["teams"] == [[0, 2], [1, 3]] and len(obs["totals"]) == 4


def test_nothing_hidden_appears() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0))
    act(m, "accept")
    for seat in [0, 1, 2, None]:
        text = json.dumps(m.observation(seat))
        assert "seed" not in text and "stock\"" not in text
        mine = set(m.observation(seat)["hand"].split()) if seat is not None else set()
        for other in range(3):
            if other == seat:
                continue
            hidden = set(m.observation(other)["hand"].split()) - mine
            for c in hidden:
                assert f'"{c}"' not in text and f"{c} " not in text and f" {c}\"" not in text


# -- resample ----------------------------------------------------------------------------------


def advance(m: DebertzMatch, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if m.current_player() is None:
            return
        m.apply_action(rng.choice(m.legal_actions()))


@pytest.mark.parametrize("preset", ["debertz2", "debertz3", "debertz4"])
@pytest.mark.parametrize("steps", [0, 2, 5, 9, 14, 20])
def test_resample_keeps_every_observation_of_the_seat(preset: str, steps: int) -> None:
    for seed in range(4):
        m = DebertzMatch(DebertzRules.from_preset(preset), seed=seed)
        m.deal()
        advance(m, random.Random(seed), steps)
        if m.current_player() is None:
            continue
        for seat in range(m.players):
            r = m.resample(seat, random.Random(seed * 7 + seat))
            assert r.observation(seat) == m.observation(seat)
            assert r.observation(None) == m.observation(None)
            assert r is not m


@pytest.mark.parametrize("preset", ["debertz2", "debertz3", "debertz4"])
def test_resample_depends_only_on_the_observation_and_the_rng(preset: str) -> None:
    for seed in range(6):
        m = DebertzMatch(DebertzRules.from_preset(preset), seed=seed)
        m.deal()
        advance(m, random.Random(seed), 3 + 3 * seed)
        seat = (seed % m.players)
        other = m.resample(seat, random.Random(1000 + seed))   # same observation, other cards
        a = m.resample(seat, random.Random(5))
        b = other.resample(seat, random.Random(5))
        assert everything(a) == everything(b)
        c = m.resample(seat, random.Random(6))
        assert c.observation(seat) == a.observation(seat)


def test_resample_moves_hidden_cards() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0))
    act(m, "accept")
    hands = {m.resample(0, random.Random(i)).observation(1)["hand"] for i in range(20)}
    assert len(hands) > 10
    assert m.observation(0)["hand"] == m.resample(0, random.Random(3)).observation(0)["hand"]


def test_resample_keeps_declared_melds_bella_and_the_swapped_card() -> None:
    hands = ["KS QS JS KC QC 8C KD QD 7H", "JH 9H AH KH QH AS TS AC TC"]
    m = new("debertz2", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept", "declare", "play KH bella", "swap7", "declare")
    for i in range(30):
        r = m.resample(0, random.Random(i))
        held = parse_hand(r.observation(1)["hand"])
        assert parse_hand("JH 9H AH QH") & ~held == 0
        # he declared only J 9 A: the hidden TH (which would make a fifty) is not his
        melds = find_melds(held | parse_hand("KH"), 1, 3, False)
        assert [format_meld(x) for x in melds] == ["tertz JH 9H AH"]
        r1 = m.resample(1, random.Random(i))
        assert parse_hand("KS QS JS 8H") & ~parse_hand(r1.observation(0)["hand"]) == 0


def test_resample_respects_voids() -> None:
    hands = ["9H 7H KD TD AD AC TH KH JH", "AS TS KS QS 7D 8D 9D JD QD",
             "AH QH 7C 8C 9C JC QC KC TC"]
    m = new("debertz3", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept", "play AS", "play QH", "play KH")
    # seats 2 and 0 showed they hold no spades: the four unseen spades must be in the stock
    for i in range(25):
        r = m.resample(1, random.Random(i))
        for seat in (0, 2):
            assert parse_hand(r.observation(seat)["hand"]) & SUIT_MASK[0] == 0
        stock = r.record_deals()[0]["stock"].split()
        assert parse_hand(" ".join(stock[10:])) == parse_hand("JS 9S 8S 7S")


def test_resample_respects_a_void_in_trump() -> None:
    hands = ["AD TD KD QD JD 9D 8D 7D 9S", "AS TS KS QS JS AC TC KC QC"]
    m = new("debertz2", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0))
    act(m, "accept", "play AC", "play 7D")   # no club and no trump to cut with
    for i in range(25):
        r = m.resample(1, random.Random(i))
        assert parse_hand(r.observation(0)["hand"]) & (SUIT_MASK[1] | SUIT_MASK[3]) == 0


def test_resample_respects_an_overtrump_void() -> None:
    hands = ["7H TH KH AC TC KD TD AD QD", "AS TS KS QS JS 7D 8D 9D JD",
             "9H AH QH 7C 8C 9C JC QC KC"]
    m = new("debertz3", dealer=0)
    m.deal(make_deal(hands, "8H", dealer=0, bottom="7S"))
    # seat 0 could not overtrump the 9: he holds no JH (the only trump above it)
    act(m, "accept", "play AS", "play 9H", "play 7H")
    where = set()
    for i in range(40):
        r = m.resample(1, random.Random(i))
        assert parse_hand(r.observation(0)["hand"]) & parse_hand("JH") == 0
        where.add(bool(parse_hand(r.observation(2)["hand"]) & parse_hand("JH")))
    assert where == {True, False}   # seat 2 or the stock


def test_resampled_match_plays_on_to_the_end() -> None:
    for seed in range(3):
        m = DebertzMatch(DebertzRules.from_preset("debertz4"), seed=seed)
        m.deal()
        advance(m, random.Random(seed), 12)
        if m.current_player() is None:
            continue
        r = m.resample(m.current_player() or 0, random.Random(seed))
        rng = random.Random(seed)
        while not r.is_over:
            if r.awaiting_deal:
                r.deal()
            else:
                r.apply_action(rng.choice(r.legal_actions()))
        assert r.winner is not None


def test_resample_between_deals_is_a_clone_that_forgets_seed_and_records() -> None:
    m = new("debertz2", dealer=0)
    m.deal(make_deal([WEAK, STRONG], "8H", dealer=0))
    act(m, "pass", "pass", "pass", "pass")
    r = m.resample(0, random.Random(1))
    assert everything(r)[1:] == everything(m)[1:]
    assert r.record_deals() == [] and r.seed != m.seed
    r.deal()
    assert m.awaiting_deal


def test_clone_is_independent() -> None:
    m = new("debertz3", dealer=0)
    m.deal(make_deal(D3, "8H", dealer=0))
    act(m, "accept")
    c = m.clone()
    before = everything(m)
    c.apply("play AD")
    assert everything(m) == before and everything(c) != before
    assert parse_card("AD") not in {parse_card(x) for x in c.observation(1)["hand"].split()}
