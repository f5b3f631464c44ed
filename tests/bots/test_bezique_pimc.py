"""Bezique's ``hard`` bot (kozyr.bots.pimc_bezique) and its solver (kozyr.bots.solver.bezique).

- The solver agrees with a brute-force minimax: over the engine itself in the last tricks (its
  own legal actions and final scores), and over short hand-made endings with a stock (the
  winner's dearest declaration, the draws) with no pruning, table or copy merging.
- Its values are the engine's scores: a deal played out from the last eight by the solver's own
  choices ends with the difference the solver gave; a line played from the stock phase ends
  with the points the solver's positions counted along it.
- The bot plays legal actions over whole deals; its samples agree with its observation; it is
  the ``hard`` bot at Bezique (the registry, ``PimcBot``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.bots import make_bot
from kozyr.bots.pimc import PimcBot
from kozyr.bots.pimc_bezique import BeziquePimcBot
from kozyr.bots.solver.bezique import (
    BeziquePosition,
    BeziqueSolver,
    best_declaration,
    legal_cards,
    play,
)
from kozyr.games.bezique import BeziqueMatch
from kozyr.games.bezique.actions import DECLARE, DRAW
from kozyr.games.bezique.cardplay import card_of
from kozyr.games.bezique.position import DealView


def _played_to(seed: int, tricks: int, **rules: Any) -> BeziqueMatch:
    """Return a deal played by the heuristic until ``tricks`` tricks are done and a card is due
    (after the window's draw)."""
    from kozyr.games.bezique import BeziqueRules

    m = BeziqueMatch(BeziqueRules.from_preset("classic", **rules), seed=seed, first_dealer=0)
    m.deal()
    bots = [make_bot("normal", seed=seed * 2 + i) for i in range(2)]
    while not (m._tricks >= tricks and m._lead < 0 and not m._window):
        s = m.current_player()
        assert s is not None
        m.apply_action(bots[s].act(m.view(s)))
    return m


def _final_difference(m: BeziqueMatch, me: int) -> int:
    pts = m.sheet[-1].points
    return pts[me] - pts[1 - me]


def _engine_minimax(m: BeziqueMatch, me: int) -> int:
    """Return the final difference for ``me`` with best play, over the engine's own moves."""
    if m.awaiting_deal:
        return _final_difference(m, me)
    s = m.current_player()
    values = []
    for a in m.legal_actions():
        child = m.clone()
        child.apply_action(a)
        values.append(_engine_minimax(child, me))
    return max(values) if s == me else min(values)


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_agrees_with_minimax_over_the_engine_in_the_last_tricks(seed: int) -> None:
    m = _played_to(seed, 28)  # four tricks left
    me = m.current_player()
    assert me is not None
    pos = BeziquePosition.of_match(m, me)
    assert BeziqueSolver(pos).value() == _engine_minimax(m, me)
    them = BeziquePosition.of_match(m, 1 - me)
    assert BeziqueSolver(them).value() == -_engine_minimax(m, me)


def _brute(pos: BeziquePosition) -> int:
    """Return the final difference of ``pos`` by plain minimax over the solver's moves."""
    if pos.lead < 0 and (pos.tricks == 32 or not pos.hands[pos.leader]):
        return pos.base()
    values = [_brute(play(pos, c)) for c in legal_cards(pos)]
    return max(values) if pos.seat_to_move() == pos.me else min(values)


ENDINGS = [
    # one stock trick left (trick 24), then two cards each; hearts trumps
    (["KS1 AD1 7C1", "QS1 TD1 9H1"], 0, "H", "JD1 AS2", {}),
    # the winner of trick 24 marries KS QS, and may declare again after 23
    (["KS1 QS1 7C1", "AC1 TC1 8C1"], 1, "S", "TS1 AS1 JD1 QD1", {"tricks": 22}),
    # bezique QS JD against four aces; the last trick 24
    (["QS1 JD1 AH1 8D1", "AS1 AC1 AD1 TH2"], 0, "C", "AH2 9D1", {"last_trick": 24}),
    # dix = play: a seven of trumps played in the stock phase scores 10
    (["7H1 KH1 9S1", "7H2 TS1 8S1"], 1, "H", "9C1 QC1", {"dix_play": True}),
]


@pytest.mark.parametrize(("hands", "leader", "trump", "draws", "opts"), ENDINGS)
def test_the_solver_agrees_with_brute_force_on_short_endings_with_a_stock(
        hands: list[str], leader: int, trump: str, draws: str, opts: dict[str, Any]) -> None:
    tricks = opts.pop("tricks", 23)
    for me in (0, 1):
        pos = BeziquePosition.from_text(hands, leader=leader, trump=trump, draws=draws,
                                        tricks=tricks, me=me, **opts)
        solver = BeziqueSolver(pos)
        assert solver.value() == _brute(pos)
        for c in legal_cards(pos):  # the children too, sharing the solver's table
            assert solver.value(play(pos, c)) == _brute(play(pos, c))


def test_a_marriage_in_the_stock_phase_is_worth_winning_the_trick_for() -> None:
    # seat 0 leads to trick 24 holding KS1 QS1 (spades trump: a royal marriage, 40): taking
    # the trick with AS1 is worth the 40 and the ace's 10; seat 1 can only take it with TS1
    pos = BeziquePosition.from_text(["KS1 QS1 AS1", "TS1 9C1 8C1"], leader=0, trump="S",
                                    draws="7D1 7C1", tricks=23)
    values = {c: BeziqueSolver(pos).value(play(pos, c)) for c in legal_cards(pos)}
    ace = card_of("AS1")
    assert best_declaration(pos.hands[0] & ~(1 << ace), 0, False, pos.used) >= 0
    assert max(values, key=values.__getitem__) == ace  # it wins, then declares
    # seat 1 throws 9C1 and keeps TS1: 10 + 40 for seat 0; then KS1 QS1 7D1 against TS1 8C1
    # 7C1 (no last trick in this short ending): whatever seat 0 leads, TS1 takes a trick
    # (it beats a spade, or must trump the 7D1), 10 for seat 1
    assert values[ace] == 10 + 40 - 10


@pytest.mark.parametrize("seed", range(4))
def test_solver_values_are_the_engine_s_scores_in_the_last_eight(seed: int) -> None:
    m = _played_to(seed, 24)
    me = m.current_player()
    assert me is not None
    start = BeziqueSolver(BeziquePosition.of_match(m, me)).value()
    while not m.awaiting_deal:  # both seats play a card the solver rates best for them
        s = m.current_player()
        assert s is not None
        pos = BeziquePosition.of_match(m, s)
        solver = BeziqueSolver(pos)
        values = {c: solver.value(play(pos, c)) for c in legal_cards(pos)}
        m.apply_action(max(values, key=values.__getitem__))
    assert _final_difference(m, me) == start


@pytest.mark.parametrize(("seed", "rules"), [(0, {}), (1, {"last_trick": 24}),
                                             (2, {"dix": "play"}), (3, {})])
def test_the_solver_s_positions_count_a_played_line_as_the_engine_does(
        seed: int, rules: dict[str, Any]) -> None:
    # from trick 20 both seats play the heuristic's cards and declare the dearest combination
    # (the solver's model), no sevens: the solver's position, moved by each card, must end
    # with the engine's final points
    m = _played_to(seed, 20, **rules)
    bots = [make_bot("normal", seed=seed * 7 + i) for i in range(2)]
    pos = BeziquePosition.of_match(m, 0)
    while not m.awaiting_deal:
        s = m.current_player()
        assert s is not None
        if m.phase == "meld" and DRAW in m.legal_actions():
            i = best_declaration(DealView(m).hands[s], m._trump,
                                 m.rules.bezique_pair == "by_trump", DealView(m).used)
            legal = m.legal_actions()
            m.apply_action(DECLARE + i if i >= 0 and DECLARE + i in legal else DRAW)
            if i >= 0 and DECLARE + i in legal:
                m.apply_action(DRAW)
            continue
        assert pos.hands == DealView(m).hands and pos.points[s] >= m.deal_points()[s]
        c = bots[s].act(m.view(s))
        m.apply_action(c)
        pos = play(pos, c)
    assert list(pos.points) == list(m.sheet[-1].points)


@pytest.mark.parametrize("seed", range(2))
def test_the_hard_bot_plays_legal_actions_over_whole_deals(seed: int) -> None:
    m = BeziqueMatch(seed=seed, first_dealer=seed % 2)
    bots = [BeziquePimcBot(seed, time_limit=0.2), make_bot("normal", seed=seed)]
    for _ in range(2):
        m.deal()
        searched = 0
        while not m.awaiting_deal:
            s = m.current_player()
            assert s is not None
            a = bots[s].act(m.view(s))
            assert a in m.legal_actions()
            searched += s == 0 and bots[0].last_samples > 0  # type: ignore[attr-defined]
            m.apply_action(a)
        assert searched >= 4  # the last eight at least
        if m.is_over:
            break


def test_the_samples_agree_with_the_observation() -> None:
    for tricks in (22, 23, 26):
        m = _played_to(5, tricks)
        seat = m.current_player()
        assert seat is not None
        seen = m.observation(seat)
        view = m.view(seat)
        rng = random.Random(tricks)
        hands = set()
        for _ in range(20):
            sample = view.sample(rng)
            assert sample.observation(seat) == seen
            d, real = DealView(sample), DealView(m)
            assert d.hands[seat] == real.hands[seat]
            assert d.hands[1 - seat] & m._known[1 - seat] == m._known[1 - seat]
            assert len(d.draws) == len(real.draws) and d.turned == real.turned
            hands.add(d.hands[1 - seat])
        if tricks >= 24:
            assert hands == {DealView(m).hands[1 - seat]}  # everything is in sight
        else:
            assert len(hands) > 1


def test_hard_is_the_search_player_at_bezique() -> None:
    bot = make_bot("hard", seed=1)
    assert isinstance(bot, PimcBot)
    player = bot.player("bezique")
    assert isinstance(player, BeziquePimcBot) and player.time_limit == bot.time_limit
    m = _played_to(3, 24)
    seat = m.current_player()
    assert seat is not None
    assert bot.act(m.view(seat)) in m.legal_actions()
    assert player.last_samples == 1  # the last eight: the one deal there is


def test_the_bot_searches_from_the_last_stock_trick_and_plays_the_heuristic_before() -> None:
    bot = BeziquePimcBot(4, time_limit=0.5)
    early = _played_to(4, 20)  # trick 21: 8 cards to draw
    seat = early.current_player()
    assert seat is not None
    assert bot.act(early.view(seat)) == bot.heuristic.act(early.view(seat))
    assert bot.last_samples == 0
    late = _played_to(4, 23)  # trick 24: 2 cards to draw, the opponent's 8 and the order unknown
    seat = late.current_player()
    assert seat is not None
    assert bot.act(late.view(seat)) in late.legal_actions()
    assert bot.last_samples > 1
