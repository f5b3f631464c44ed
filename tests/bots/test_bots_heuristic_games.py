"""The Debertz and Tertz heuristics: always legal, their judgement, hidden information, strength."""

from __future__ import annotations

import random

import pytest

from kozyr.bots import make_bot
from kozyr.bots.base import Bot
from kozyr.bots.heuristic.common import PlayContext, choose_card
from kozyr.bots.heuristic.debertz import trump_worth
from kozyr.cards import THOUSAND_DECK, bit, format_card, parse_card, parse_hand
from kozyr.core.match import Match
from kozyr.games import new_match
from kozyr.games.tricks import PLAIN_ORDER

POINTS = (0, 0, 0, 2, 3, 4, 10, 11)
GAMES = [("debertz", "debertz2"), ("debertz", "debertz3"), ("debertz", "debertz4"),
         ("debertz", "debertz_big"), ("tertz", "tertz")]


def _play_deal(m: Match, bots: list[Bot], check: object = None) -> None:
    m.deal()
    while not m.awaiting_deal and not m.is_over:
        seat = m.current_player()
        assert seat is not None
        if callable(check):
            check(m, seat)
        m.apply(bots[seat].act(m.view(seat)))  # apply() refuses anything illegal


@pytest.mark.parametrize(("game", "preset"), GAMES)
@pytest.mark.parametrize("level", ["heuristic", "easy"])
def test_whole_matches_stay_legal(game: str, preset: str, level: str) -> None:
    for seed in range(3):
        m = new_match(game, preset, seed=seed)
        bots = [make_bot(level, seed=seed * 10 + i) for i in range(m.players)]
        deals = 0
        while not m.is_over and deals < 60:
            _play_deal(m, bots)
            deals += 1
        assert m.is_over or deals == 60
        assert len(m.sheet) == deals


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_takes_swap7_declare_and_bella_whenever_legal(game: str, preset: str) -> None:
    seen: set[str] = set()

    def check(m: Match, seat: int) -> None:
        texts = m.legal_texts()
        choice = m.action_to_text(make_bot("heuristic", seed=seat).act(m.view(seat)))
        for word in ("swap7", "declare"):  # the swap first, then the declaration
            if word in texts:
                seen.add(word)
                assert choice == word
                break
        if choice.startswith("play ") and f"{choice} bella" in texts:
            raise AssertionError(f"{choice} chosen without bella")
        if choice.endswith("bella"):
            seen.add("bella")

    for seed in range(25):
        m = new_match(game, preset, seed=seed)
        _play_deal(m, [make_bot("heuristic", seed=i) for i in range(m.players)], check)
    assert "declare" in seen  # the scenario happened at least once


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_choice_ignores_cards_it_cannot_see(game: str, preset: str) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        m = new_match(game, preset, seed=seed)
        m.deal()
        walker = random.Random(seed)
        while not m.awaiting_deal and not m.is_over:
            seat = m.current_player()
            assert seat is not None
            other = m.resample(seat, rng)
            assert other.observation(seat) == m.observation(seat)
            a = make_bot("heuristic", seed=9).act(m.view(seat))
            b = make_bot("heuristic", seed=9).act(other.view(seat))
            assert a == b
            checked += 1
            m.apply_action(walker.choice(m.legal_actions()))
    assert checked > 50


def test_debertz_accepts_a_strong_trump_and_passes_a_weak_one() -> None:
    def first_choice(hand1: str) -> str:
        m = new_match("debertz", "debertz3", seed=1, first_dealer=0)
        deck = [format_card(c) for c in range(32)]
        mine = hand1.split()
        left = [c for c in deck if c not in mine and c != "8S"]
        m.deal({"hands": [" ".join(left[0:6]), hand1, " ".join(left[6:12])],
                "stock": " ".join(["8S", *left[12:]])})
        assert m.current_player() == 1
        return m.action_to_text(make_bot("heuristic", seed=1).act(m.view(1)))

    assert first_choice("JS 9S AS 7C 8C 7D") == "accept"
    assert first_choice("7S 8C 9C 7D 8D 9H") == "pass"


def test_trump_worth_prefers_jack_and_nine() -> None:
    assert trump_worth(parse_hand("JH 9H 7H 8C 9C 7D"), 3) > trump_worth(
        parse_hand("AH TH 7H 8C 9C 7D"), 3)


def _ctx(hand: str, trick: list[tuple[int, str]], after: list[int], trump: int | None = None,
         friends: frozenset[int] = frozenset()) -> PlayContext:
    h = parse_hand(hand)
    gone = 0
    for _, c in trick:
        gone |= bit(parse_card(c))
    led = parse_card(trick[0][1]) >> 3 if trick else None
    options = {c: [f"play {format_card(c)}"] for c in
               ([c for c in range(32) if h >> c & 1 and c >> 3 == led] if led is not None
                and any(h >> c & 1 and c >> 3 == led for c in range(32))
                else [c for c in range(32) if h >> c & 1])}
    return PlayContext(seat=1, hand=h, options=options,
                       trick=[(s, parse_card(c)) for s, c in trick], trump=trump, after=after,
                       friends=friends, live=THOUSAND_DECK & ~h & ~gone,
                       trump_order=PLAIN_ORDER, points=lambda c, t: POINTS[c & 7])


def test_takes_the_trick_with_the_cheapest_winning_card() -> None:
    ctx = _ctx("JS QS AS 9C", [(0, "9S")], after=[])
    assert format_card(choose_card(ctx)) == "JS"
    # Not last, and the queen could lose to the king still out: the master ace takes it.
    ctx = _ctx("QS AS 9C", [(0, "JS")], after=[2])
    assert format_card(choose_card(ctx)) == "AS"


def test_throws_a_cheap_card_when_it_cannot_win_and_feeds_a_sure_friend() -> None:
    ctx = _ctx("9S TS 9C", [(0, "AS")], after=[2])
    assert format_card(choose_card(ctx)) == "9S"
    # The friend's king takes it for sure: give him the ten, which the ace would catch later.
    ctx = _ctx("9S TS QS", [(0, "KS")], after=[], friends=frozenset({0}))
    assert format_card(choose_card(ctx)) == "TS"


def test_leads_an_ace() -> None:
    ctx = _ctx("AC 9S JD QD", [], after=[2, 0])
    assert format_card(choose_card(ctx)) == "AC"


@pytest.mark.parametrize(("game", "preset"), [("tertz", "tertz"), ("debertz", "debertz3"),
                                              ("debertz", "debertz2")])
def test_heuristic_beats_random(game: str, preset: str) -> None:
    deals = 200
    n = new_match(game, preset).players
    means = {"heuristic": 0.0, "random": 0.0}
    for d in range(deals):
        hero = d % n  # rotate the heuristic's seat over the same seeds
        m = new_match(game, preset, seed=d)
        bots = [make_bot("heuristic" if i == hero else "random", seed=d * 7 + i)
                for i in range(n)]
        _play_deal(m, bots)
        scores = m.sheet[-1].scores
        means["heuristic"] += scores[hero] / deals
        means["random"] += sum(s for i, s in enumerate(scores) if i != hero) / (n - 1) / deals
    print(f"{preset}: heuristic {means['heuristic']:.1f} vs random {means['random']:.1f} "
          "points per deal")
    assert means["heuristic"] > means["random"] + 20  # measured: +40 or more
