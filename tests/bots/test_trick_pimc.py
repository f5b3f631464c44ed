"""Debertz and Tertz PIMC: the solvers against brute force, and the bot's legality and blindness."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.bots import make_bot
from kozyr.bots.pimc import PimcBot
from kozyr.bots.pimc_tricks import TrickPimcBot, debertz_position, tertz_position
from kozyr.bots.solver import debertz as D
from kozyr.bots.solver import kernel
from kozyr.bots.solver import tertz as T
from kozyr.cards import format_card, parse_card
from kozyr.games import new_match
from kozyr.games.debertz import actions as DA
from kozyr.games.debertz.cardplay import bella_cards
from kozyr.games.debertz.position import DealView as DebertzDeal
from kozyr.games.tertz.position import DealView as TertzDeal
from tests.games.debertz.fixtures import make_deal, new

SETTINGS = settings(max_examples=25, deadline=None)


def fast_bot(seed: int = 1, **kw: Any) -> TrickPimcBot:
    """Return a bot that stops by sample count, never by the clock (deterministic)."""
    opts: dict[str, Any] = {"time_limit": 1e9, "max_samples": 4, "min_samples": 4}
    opts.update(kw)
    return TrickPimcBot(seed, **opts)


def deal_view(m: Any) -> Any:
    """Return the position view of a Debertz or Tertz match (every card, for the tests)."""
    return DebertzDeal(m) if m.GAME == "debertz" else TertzDeal(m)


def random_play_until(game: str, preset: str, seed: int, left: int) -> Any:
    """Return a match of ``preset`` in play, with at most ``left`` cards in the hands.

    Bidding by the heuristic, cards at random; the cut point inside the last tricks is random
    too, so positions may start in the middle of a trick.  None if the deal ended first.
    """
    rng = random.Random(seed)
    m: Any = new_match(game, preset, seed=seed)
    bot = make_bot("normal", seed=seed)
    m.deal()
    extra = rng.randrange(3)
    while not m.sheet:
        legal = m.legal_actions()
        cards_left = sum(h.bit_count() for h in deal_view(m).hands)
        if m.phase == "play" and cards_left <= left and all(a < 64 for a in legal):
            if extra == 0 and (game != "debertz" or deal_view(m).trick_no > 0):
                return m
            extra -= 1
        if m.phase != "play" or any(a >= 64 for a in legal):
            m.apply_action(bot.act(m.view(m.current_player())))
        else:
            m.apply_action(rng.choice(legal))
    return None


# -- brute force on the engines ------------------------------------------------------------------
def debertz_final(m: Any) -> list[int]:
    """Return each side's raw deal points of a finished deal (cards, last trick, melds, bella)."""
    row = m.sheet[-1]
    sides = DebertzDeal(m).sides
    out = [0] * (max(sides) + 1)
    for seat, p in enumerate(row.points):
        out[sides[seat]] = p
    return out


def debertz_brute(m: Any) -> int:
    """Return the declarer side's best final difference by plain minimax over the engine."""
    d = DebertzDeal(m)
    if m.sheet:
        pts = debertz_final(m)
        mine = d.sides[d.declarer]
        return sum(p if s == mine else -p for s, p in enumerate(pts))
    seat = m.current_player()
    maximise = d.sides[seat] == d.sides[d.declarer]
    values = []
    for a in m.legal_actions():
        c = m.clone()
        c.apply_action(a)
        values.append(debertz_brute(c))
    return max(values) if maximise else min(values)


def tertz_brute(m: Any, me: int) -> int:
    """Return seat ``me``'s best final difference in card points by minimax over the engine."""
    if m.awaiting_deal or m.is_over:
        points = TertzDeal(m).points
        return points[me] - points[1 - me]
    seat = m.current_player()
    values = []
    for a in m.legal_actions():
        if a >= 32:
            continue
        c = m.clone()
        c.apply_action(a)
        values.append(tertz_brute(c, me))
    return max(values) if seat == me else min(values)


@pytest.mark.parametrize("preset", ["debertz2", "debertz3", "debertz4"])
@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_debertz_solver_matches_brute_force(preset: str, seed: int) -> None:
    m = random_play_until("debertz", preset, seed, 9 if preset != "debertz4" else 8)
    if m is None:
        return
    pos = debertz_position(m)
    assert D.DebertzSolver(pos).value() == debertz_brute(m)


def test_debertz_solver_bella_after_trick() -> None:
    found = 0
    for seed in range(400):
        m = bella_position(seed)
        if m is None:
            continue
        found += 1
        assert D.DebertzSolver(debertz_position(m)).value() == debertz_brute(m)
        if found >= 2:
            break
    assert found >= 1


def bella_position(seed: int) -> Any:
    """Return a bella_after_trick deal played at random until some hand of at most 4 cards
    holds the trump K and Q (None if that never happens)."""
    from kozyr.games.debertz import DebertzMatch
    from kozyr.games.debertz.rules import DebertzRules

    rules = DebertzRules.from_preset("debertz3", bella_after_trick=True)
    m: Any = DebertzMatch(rules, seed=seed)
    rng = random.Random(seed)
    bot = make_bot("normal", seed=seed)
    m.deal()
    while not m.sheet:
        legal = m.legal_actions()
        if m.phase == "play" and all(a < 64 for a in legal):
            d = DebertzDeal(m)
            kq = bella_cards(d.trump)
            if (sum(h.bit_count() for h in d.hands) <= 12 and d.trick_no > 0
                    and any(h & kq == kq for h in d.hands)):
                return m
            m.apply_action(rng.choice(legal))
        else:
            m.apply_action(bot.act(m.view(m.current_player())))
    return None


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_tertz_solver_matches_brute_force_after_the_stock(seed: int) -> None:
    m = random_play_until("tertz", "tertz", seed, 8)
    if m is None:
        return
    me = random.Random(seed).randrange(2)
    pos = tertz_position(m, me)
    assert not pos.draws
    assert T.TertzSolver(pos).value() == tertz_brute(m, me)


def tertz_pos_brute(pos: T.TertzPosition) -> int:
    """Return the final difference by plain minimax over the solver's own rule functions."""
    if not pos.hands[0] and not pos.hands[1] and pos.lead < 0:
        return pos.base()
    vals = [tertz_pos_brute(T.play(pos, c)) for c in T.legal_cards(pos)]
    return max(vals) if pos.seat_to_move() == pos.me else min(vals)


@SETTINGS
@given(seed=st.integers(0, 10**6), size=st.integers(1, 3), draws=st.sampled_from([0, 2, 4]))
def test_tertz_solver_with_a_stock_matches_brute_force(seed: int, size: int, draws: int) -> None:
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    pos = T.TertzPosition(
        hands=(sum(1 << c for c in deck[:size]), sum(1 << c for c in deck[size:2 * size])),
        leader=rng.randrange(2), trump=rng.randrange(4),
        draws=tuple(deck[2 * size:2 * size + draws]), me=rng.randrange(2),
        free_jack=rng.random() < 0.7)
    assert T.TertzSolver(pos).value() == tertz_pos_brute(pos)


def test_debertz_position_doctests_values() -> None:
    # two sides of one seat each: seat 1 (the declarer) takes nothing -> his difference is -v
    pos = D.DebertzPosition.from_text(["JH AS", "9H TS", "AH KS"], leader=0, trump="H",
                                      declarer=1)
    assert D.DebertzSolver(pos).value() == -80
    # teams: seat 2 is seat 0's partner, so the points stay on one side
    pos = D.DebertzPosition.from_text(["AS", "TS", "KS", "7S"], leader=0, trump="H",
                                      sides=(0, 1, 0, 1), declarer=1)
    assert D.DebertzSolver(pos).value() == -(11 + 10 + 4 + 10)


# -- the bot ------------------------------------------------------------------------------------
def drive_to_play(game: str, preset: str, seed: int, cards_left: int) -> Any:
    """Return a match at a card choice of several cards with at most ``cards_left`` cards in
    the hands (Tertz: in the stock and the hands)."""
    m: Any = new_match(game, preset, seed=seed)
    bot = make_bot("normal", seed=seed)
    while not m.is_over:
        if m.awaiting_deal:
            m.deal()
            continue
        legal = m.legal_actions()
        cards = {a & 31 for a in legal if a < 64}
        left = sum(h.bit_count() for h in deal_view(m).hands)
        if game == "tertz":
            left += m.observation(None)["stock_size"]
        if (m.phase == "play" and len(cards) > 1 and len(cards) == len(legal)
                and left <= cards_left):
            return m
        m.apply_action(bot.act(m.view(m.current_player())))
    raise AssertionError("no such decision")


@pytest.mark.parametrize("game,preset,left,exact", [("debertz", "debertz3", 24, 21),
                                                    ("debertz", "debertz3", 21, 21),
                                                    ("debertz", "debertz3", 12, 21),
                                                    ("debertz", "debertz2", 14, 21),
                                                    ("debertz", "debertz4", 20, 21),
                                                    ("tertz", "tertz", 20, 21)])
def test_choice_ignores_where_hidden_cards_really_are(game: str, preset: str, left: int,
                                                      exact: int) -> None:
    differed = 0
    for seed in range(2):
        m = drive_to_play(game, preset, seed, left)
        seat = m.current_player()
        other = m.resample(seat, random.Random(99))  # same observation, other hidden cards
        assert other.observation(seat) == m.observation(seat)
        differed += deal_view(m).hands != deal_view(other).hands
        a = fast_bot(seed, debertz_exact_cards=exact).act(m.view(seat))
        b = fast_bot(seed, debertz_exact_cards=exact).act(other.view(seat))
        assert a == b
        assert a in m.legal_actions()
    assert differed


@pytest.mark.parametrize("game,preset", [("debertz", "debertz3"), ("debertz", "debertz4"),
                                         ("debertz", "debertz2"), ("tertz", "tertz")])
def test_plays_whole_deals_legally(game: str, preset: str) -> None:
    for seed in range(2):
        m: Any = new_match(game, preset, seed=seed)
        bots = [TrickPimcBot(s, time_limit=0.05, max_samples=3, min_samples=1)
                for s in range(m.players)]
        m.deal()
        while not m.sheet:
            seat = m.current_player()
            a = bots[seat].act(m.view(seat))
            assert m.why_illegal(a) is None
            m.apply_action(a)


def test_hard_and_pimc_use_the_trick_bot_at_debertz_and_tertz() -> None:
    m = drive_to_play("tertz", "tertz", 3, 20)
    seat = m.current_player()
    bot = PimcBot(5, time_limit=1e9, max_samples=3, min_samples=3)
    a = bot.act(m.view(seat))
    assert a in m.legal_actions()
    assert isinstance(bot.player("tertz"), TrickPimcBot) and bot.player("tertz").last_samples >= 1
    assert isinstance(make_bot("hard", seed=1), PimcBot)


# -- scenarios ----------------------------------------------------------------------------------
def tertz_endgame(hands: list[str], trump: int, seat: int) -> Any:
    """Return a Tertz match after the stock with the given hands, ``seat`` to lead.

    Writes the engine's state directly: no deal played by the rules reaches an arbitrary
    end position cheaply, and only this scenario needs one.
    """
    from kozyr.games.tertz import TertzMatch

    m: Any = TertzMatch(seed=1, first_dealer=1)
    m.deal()
    h = [sum(1 << parse_card(c) for c in x.split()) for x in hands]
    m._hands = h
    m._trump = trump
    m._stock = [-1] * len(m._stock)
    m._sp = len(m._stock)
    m._turned = -1
    m._tricks = 16 - h[0].bit_count()
    m._gone = 0xFFFFFFFF & ~(h[0] | h[1])
    m._known = [0, 0]
    m._limits = []
    m._facts = []
    m._leader = m._to_act = seat
    return m


def test_tertz_keeps_the_trump_jack_for_the_last_trick() -> None:
    # hearts trump, must-beat phase.  JH first takes 33 but 8C then takes 7C and the last
    # trick (+10): 33 - 10.  7C first: 8C must beat it (0 points), 9H is led and JH takes
    # 33 + 10 for the last trick: 43.  The heuristic leads the master trump.
    m = tertz_endgame(["JH 7C", "9H 8C"], 3, 0)
    assert make_bot("normal", seed=1).act(m.view(0)) == parse_card("JH")
    assert m.action_to_text(fast_bot(3).act(m.view(0))) == "play 7C"


def test_tertz_with_every_card_known_plays_a_best_card() -> None:
    checked = 0
    for seed in range(12):
        m = random_play_until("tertz", "tertz", seed, 14)
        if m is None or len([a for a in m.legal_actions() if a < 32]) < 2:
            continue
        seat = m.current_player()
        pos = tertz_position(m, seat)
        solver = T.TertzSolver(pos)
        values = {c: solver.value(T.play(pos, c)) for c in T.legal_cards(pos)}
        a = fast_bot(seed).act(m.view(seat))
        if a >= 32:
            continue  # a declaration first
        checked += 1
        assert values[a] == max(values.values())
    assert checked >= 5


def test_debertz_always_announces_bella() -> None:
    seen = 0
    for seed in range(12):
        m: Any = new_match("debertz", "debertz3", seed=seed)
        bots = [TrickPimcBot(s, time_limit=0.05, max_samples=3, min_samples=1) for s in range(3)]
        m.deal()
        while not m.sheet:
            seat = m.current_player()
            legal = m.legal_actions()
            a = bots[seat].act(m.view(seat))
            if a < 32 and a + 32 in legal:
                raise AssertionError(f"{m.action_to_text(a)} without bella")
            seen += a >= 32 and a < 64
            m.apply_action(a)
    assert seen >= 1


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_equivalent_cards_have_equal_values(seed: int) -> None:
    m = random_play_until("debertz", "debertz3", seed, 12)
    if m is not None:
        pos = debertz_position(m)
        cards = D.legal_cards(pos)
        live = sum(1 << c for c in pos.trick)
        for h in pos.hands:
            live |= h
        reps = D.representatives(cards, pos.hands[pos.seat_to_move()], live, pos.trump)
        solver = D.DebertzSolver(pos)
        for c, r in reps.items():
            assert solver.value(D.play(pos, c)) == solver.value(D.play(pos, r))
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    tpos = T.TertzPosition(hands=(sum(1 << c for c in deck[:3]), sum(1 << c for c in deck[3:6])),
                           leader=0, trump=rng.randrange(4), draws=tuple(deck[6:8]))
    tcards = T.legal_cards(tpos)
    tlive = tpos.hands[0] | tpos.hands[1] | sum(1 << c for c in tpos.draws)
    treps = D.representatives(tcards, tpos.hands[0], tlive, tpos.trump)
    tsolver = T.TertzSolver(tpos)
    for c, r in treps.items():
        assert tsolver.value(T.play(tpos, c)) == tsolver.value(T.play(tpos, r))


@pytest.mark.parametrize("game,preset", [("debertz", "debertz3"), ("tertz", "tertz")])
def test_a_position_asked_after_another_game_gets_a_fresh_bots_answer(game: str,
                                                                     preset: str) -> None:
    """Issue 18's check here: the trick bot keeps nothing between decisions, so a position
    asked after other games gets the answer of a fresh bot with the same random state."""
    m = drive_to_play(game, preset, 1, 12)
    seat = m.current_player()
    used = fast_bot(5)
    for seed in (2, 3):
        g = drive_to_play(game, preset, seed, 12)
        used.act(g.view(g.current_player()))
    fresh = fast_bot(5)
    used.rng.setstate(fresh.rng.getstate())
    used.heuristic.rng.setstate(fresh.heuristic.rng.getstate())
    assert used.act(m.view(seat)) == fresh.act(m.view(seat))
    assert used.rng.getstate() == fresh.rng.getstate()


# -- Debertz bidding by simulation -----------------------------------------------------------
sim_built = pytest.mark.skipif(not kernel.available(),
                               reason="bidding by simulation needs the compiled solver kernel")


def bidding_match(first: str, turned: str) -> Any:
    """Return a debertz3 match at its first bid (seat 1, dealer 0), seat 1 holding ``first``."""
    rest = [c for c in (format_card(x) for x in range(32))
            if c not in first.split() and c != turned]
    hands = ["", first, ""]
    hands[2] = " ".join(rest[:9])
    hands[0] = " ".join(rest[9:18])
    m = new("debertz3", dealer=0)
    m.deal(make_deal(hands, turned, dealer=0))
    assert m.current_player() == 1 and m.phase == "bidding"
    return m


@sim_built
def test_bidding_by_simulation_accepts_a_cinch_and_passes_a_hopeless_hand() -> None:
    # hearts turned (QH); seat 1 holds the top trumps: every sample makes the game
    m = bidding_match("JH 9H AH TH KH AS 7C 8C 9C", "QH")
    bot = fast_bot(1, max_samples=6, min_samples=6)
    assert m.action_to_text(bot.act(m.view(1))) == "accept"
    assert bot.last_search is not None and bot.last_search.samples == 6
    values = bot.last_search.values
    assert values[DA.ACCEPT] > values[DA.PASS]
    # no trump, no ace: accepting is baited in every sample
    m = bidding_match("7S 8S 7C 8C 7D 8D 9S 9C 9D", "QH")
    assert m.action_to_text(bot.act(m.view(1))) == "pass"


@sim_built
def test_bidding_ignores_where_hidden_cards_really_are() -> None:
    for seed in range(3):
        m: Any = new_match("debertz", "debertz3", seed=seed)
        m.deal()
        seat = m.current_player()
        other = m.resample(seat, random.Random(7))
        assert other.observation(seat) == m.observation(seat)
        assert deal_view(m).hands != deal_view(other).hands
        a = fast_bot(seed).act(m.view(seat))
        assert fast_bot(seed).act(other.view(seat)) == a
        assert a in m.legal_actions()


def test_bidding_is_the_heuristics_without_the_kernel() -> None:
    m = bidding_match("JH 9H AH TH KH AS 7C 8C 9C", "QH")
    bot = fast_bot(1, debertz_bid_sim=False)
    assert bot.act(m.view(1)) == bot.heuristic.act(m.view(1))
    assert bot.last_search is None
    assert not TrickPimcBot(1, debertz_bid_sim=None).debertz_bid_sim or kernel.available()
