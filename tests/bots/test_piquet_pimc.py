"""Piquet's ``hard`` bot: the double-dummy solver of the play and the PIMC bot over it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.bots import make_bot
from kozyr.bots.pimc import PimcBot
from kozyr.bots.pimc_piquet import PiquetPimcBot, piquet_position, representatives
from kozyr.bots.solver.piquet import PiquetPosition, PiquetSolver, legal_cards, pique_need, play
from kozyr.cards import parse_hand
from kozyr.games import new_match
from kozyr.games.piquet import PiquetMatch
from kozyr.games.piquet.position import DealView
from kozyr.records import replay_record
from tests.games.piquet.fixtures import PIQUE, cut, record


def brute(pos: PiquetPosition) -> int:
    """Return the value of ``pos`` by plain minimax over :func:`play` (no table, no pruning)."""
    if pos.lead < 0 and not pos.hands[0] | pos.hands[1]:
        return 0
    vals = []
    for c in legal_cards(pos):
        nxt, gain = play(pos, c)
        vals.append(gain + brute(nxt))
    return max(vals) if pos.seat_to_move() == pos.me else min(vals)


def random_ending(rng: random.Random, n: int) -> PiquetPosition:
    """Return a random position with ``n`` cards each (sometimes one card led)."""
    deck = list(range(32))
    rng.shuffle(deck)
    done = 12 - n
    w0 = rng.randint(0, done)
    elder = rng.randint(0, 1)
    pts = [0, 0]
    pts[elder] = rng.randint(22, 29)
    pts[1 - elder] = rng.choice([0, 0, 2])
    pos = PiquetPosition(hands=(sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:2 * n])),
                         leader=rng.randint(0, 1), elder=elder, me=rng.randint(0, 1),
                         won=(w0, done - w0), points=(pts[0], pts[1]),
                         pique_open=rng.random() < 0.8, low_cards_count=rng.random() < 0.7,
                         last_trick=rng.choice([1, 1, 10]))
    if rng.random() < 0.5:
        pos, _ = play(pos, rng.choice(legal_cards(pos)))
    return pos


# -- the solver -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_solver_matches_brute_force_for_every_card(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        pos = random_ending(rng, rng.randint(1, 4))
        solver = PiquetSolver(pos)
        assert solver.value() == brute(pos)
        for c in legal_cards(pos):
            child, gain = play(pos, c)
            assert gain + solver.value(child) == gain + brute(child)
            v = brute(child)
            assert solver.at_least(v, child) and not solver.at_least(v + 1, child)


def test_solver_scenarios_worked_by_hand() -> None:
    # elder leads AS (1) and KS (1), takes both, the last trick (1) and capot (40)
    pos = PiquetPosition.from_text(["AS KS", "QS 7H"], leader=0, elder=0, won=(10, 0))
    assert PiquetSolver(pos).value() == 43
    # the same two tricks when seat 1 already took 10: 3 - 10 for seat 1's cards
    assert PiquetSolver(PiquetPosition.from_text(["AS KS", "QS 7H"], leader=0, elder=0,
                                                 won=(0, 10))).value() == 3 - 10
    # pique: elder at 28, younger at 0; elder leads AS (29), KS (30): pique 30.  From younger's
    # side (me=1): -(2 + 30 + 1 last trick + 10 cards, 7 tricks to 5)
    pos = PiquetPosition.from_text(["AS KS", "QS 7H"], leader=0, elder=0, me=1, won=(5, 5),
                                   points=(28, 0))
    assert PiquetSolver(pos).value() == -(2 + 30 + 1 + 10)
    # younger at 1: no pique
    assert PiquetSolver(PiquetPosition.from_text(["AS KS", "QS 7H"], leader=0, elder=0, me=1,
                                                 won=(5, 5), points=(28, 1))).value() == -13
    # low cards off: 9S led scores nothing, so elder reaches 29 only; the last trick's point
    # makes 30: pique
    pos = PiquetPosition.from_text(["9S", "7H"], leader=0, elder=0, won=(6, 5), points=(29, 0),
                                   low_cards_count=False)
    assert PiquetSolver(pos).value() == 1 + 30 + 10
    assert pique_need((29, 0), 0, True) == 1 and pique_need((29, 0), 1, True) == 0


def to_act(m: Any) -> int:
    """Return the seat to act (there must be one)."""
    seat = m.current_player()
    assert seat is not None
    return int(seat)


def drive(seed: int, cards_left: int, rules: Any = None) -> PiquetMatch:
    """Return a match (heuristic play) at a card choice with at most ``cards_left`` cards in
    each hand."""
    m = new_match("piquet", rules, seed=seed)
    assert isinstance(m, PiquetMatch)
    bot = make_bot("normal", seed=seed)
    m.deal()
    while True:
        assert not m.awaiting_deal, "no such decision"
        if (m.phase == "play" and len(m.legal_actions()) > 1
                and m.observation(0)["hand_sizes"][to_act(m)] <= cards_left):
            return m
        m.apply_action(bot.act(m.view(to_act(m))))


def solved_line_matches_the_engine(m: PiquetMatch, me: int) -> int:
    """Play both seats' best cards (by the solver) to the end of the deal in the engine; check
    that the engine's points then differ from the start's by the solver's value; return it."""
    solver = PiquetSolver(piquet_position(m, me))
    value = solver.value()
    start = DealView(m).points
    while m.phase == "play":
        p = piquet_position(m, me)
        seat = p.seat_to_move()
        scored = {c: g + solver.value(child) for c in legal_cards(p)
                  for child, g in [play(p, c)]}
        best = (max if seat == me else min)(scored.values())
        m.apply_action(max(c for c, v in scored.items() if v == best))
    row = m.sheet[-1].points
    assert row[me] - row[1 - me] - (start[me] - start[1 - me]) == value
    return value


@pytest.mark.parametrize("seed,left,rules", [(1, 4, None), (2, 5, None), (3, 6, None),
                                             (4, 5, {"preset": "rubicon",
                                                     "low_cards_count": False,
                                                     "last_trick": 10}),
                                             (5, 12, None)])
def test_solver_values_are_the_engine_s_score_at_the_end(seed: int, left: int,
                                                         rules: Any) -> None:
    m = drive(seed, left, rules)
    me = m.current_player()
    assert me is not None
    solved_line_matches_the_engine(m, me)


@pytest.mark.parametrize("me", [0, 1])
def test_solver_pique_against_the_engine(me: int) -> None:
    # the PIQUE fixture: elder (seat 1) at 27 after the declarations, younger at 0 and void
    # in spades; elder's AS KS QS bring him to 30 before younger can score: the pique is his
    m = replay_record(record([cut(PIQUE, 2)])).match
    assert isinstance(m, PiquetMatch)
    pos = piquet_position(m, me)
    assert pos.points == (0, 27) and pique_need(pos.points, 1, pos.pique_open) == 3
    value = solved_line_matches_the_engine(m, me)
    assert (value if me == 1 else -value) >= 30 + 3
    assert "pique" in m.sheet[0].marks[1]


def test_equivalent_cards_are_searched_once_and_have_equal_values() -> None:
    rng = random.Random(11)
    for _ in range(15):
        pos = random_ending(rng, 5)
        seat = pos.seat_to_move()
        cards = legal_cards(pos)
        live = pos.hands[0] | pos.hands[1] | (1 << pos.lead if pos.lead >= 0 else 0)
        reps = representatives(cards, pos.hands[seat], live, pos.low_cards_count)
        for c, r in reps.items():
            a, ga = play(pos, c)
            b, gb = play(pos, r)
            assert ga + brute(a) == gb + brute(b)
    h = parse_hand("TS 9S 8S")
    assert set(representatives(list(range(32)), h, h, False).values()) >= {
        parse_hand("TS").bit_length() - 1, parse_hand("8S").bit_length() - 1}


# -- sampling ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_samples_keep_what_the_seat_knows(seed: int) -> None:
    m = new_match("piquet", seed=seed)
    assert isinstance(m, PiquetMatch)
    bot = make_bot("normal", seed=seed)
    rng = random.Random(seed)
    m.deal()
    while not m.awaiting_deal:
        seat = m.current_player()
        assert seat is not None
        obs = m.observation(seat)
        other = 1 - seat
        played = {int(a) for s, a in m._log if s == other and a < 32}
        for _ in range(3):
            s = m.resample(seat, rng)
            assert s.observation(seat) == obs
            sh = s._hands
            assert sh[seat] == m._hands[seat]
            assert not sh[other] & (m._hands[seat] | m._discards[seat])
            assert not sh[other] & m._voids[other]
            assert sh[other].bit_count() == m._hands[other].bit_count()
            # cards he showed (combinations seen, the talon cards elder left) stay his
            for r in obs["results"]:
                if r["cards"][other]:
                    shown = parse_hand(r["cards"][other]) & ~sum(1 << c for c in played)
                    assert sh[other] & shown == shown
            if seat == obs["elder"] and obs["talon_seen"] and m.phase == "play":
                saw = parse_hand(obs["talon_seen"])
                assert sh[other] & saw == m._hands[other] & saw
            # the categories' results are the same for the sampled hands
            if m.phase == "play":
                assert [r[:3] for r in s._results] == [r[:3] for r in m._results]
        m.apply_action(bot.act(m.view(seat)))


# -- the bot ----------------------------------------------------------------------------------
def fast_bot(seed: int) -> PiquetPimcBot:
    return PiquetPimcBot(seed, time_limit=1e9, max_samples=4, min_samples=4)


@pytest.mark.parametrize("rules", [None, {"preset": "cent"},
                                   {"preset": "rubicon", "sinking": True,
                                    "low_cards_count": False}])
def test_plays_whole_deals_legally(rules: Any) -> None:
    for seed in range(2):
        m = new_match("piquet", rules, seed=seed)
        bots = [PiquetPimcBot(s, time_limit=0.05, max_samples=3, min_samples=1) for s in (0, 1)]
        m.deal()
        while not m.sheet:
            seat = m.current_player()
            assert seat is not None
            a = bots[seat].act(m.view(seat))
            assert m.why_illegal(a) is None
            m.apply_action(a)


@pytest.mark.parametrize("seed,left", [(0, 12), (1, 8), (2, 4)])
def test_choice_ignores_where_hidden_cards_really_are(seed: int, left: int) -> None:
    m = drive(seed, left)
    seat = m.current_player()
    assert seat is not None
    other = m.resample(seat, random.Random(99))  # the same observation, other hidden cards
    assert other.observation(seat) == m.observation(seat)
    a = fast_bot(seed).act(m.view(seat))
    b = fast_bot(seed).act(other.view(seat))
    assert a == b and a in m.legal_actions()


def test_with_every_card_known_plays_a_best_card() -> None:
    # younger's ten remaining cards are all shown (seven spades and TD QD JD: his point and
    # sequences) and elder has seen the left cards: the one consistent deal is the real one
    m: Any = new_match("piquet", seed=5002)
    nb = make_bot("normal", seed=1)
    m.deal()
    while not (m.phase == "play" and m.observation(0)["hand_sizes"][to_act(m)] == 10
               and not m.observation(0)["trick"]):
        m.apply_action(nb.act(m.view(to_act(m))))
    seat = to_act(m)
    assert {piquet_position(m.resample(seat, random.Random(i)), seat).hands
            for i in range(20)} == {DealView(m).hands}
    bot = fast_bot(1)
    a = bot.act(m.view(seat))
    pos = piquet_position(m, seat)
    solver = PiquetSolver(pos)
    scored = {c: g + solver.value(child) for c in legal_cards(pos) for child, g in [play(pos, c)]}
    assert scored[a] == max(scored.values())
    assert len(set(scored.values())) > 1  # not every card is as good


def test_hard_and_pimc_use_the_piquet_bot() -> None:
    m = drive(3, 9)
    seat = m.current_player()
    assert seat is not None
    bot = PimcBot(5, time_limit=1e9, max_samples=3, min_samples=3)
    assert bot.act(m.view(seat)) in m.legal_actions()
    player = bot.player("piquet")
    assert isinstance(player, PiquetPimcBot) and player.last_samples >= 1
    assert player.time_limit == 1e9
    assert isinstance(make_bot("hard", seed=1), PimcBot)


def test_deal_state_is_the_deal_s_not_its_index_s() -> None:
    """Issue 18's check: what the bot keeps between decisions holds for the deal it was set
    in, and a deal of another game with the same index, dealer and sheet starts afresh."""
    bot = fast_bot(2)
    a = drive(1, 10)
    bot.act(a.view(to_act(a)))
    assert bot.expected is not None
    m: Any = new_match("piquet", seed=1)
    nb = make_bot("normal", seed=1)
    m.deal()
    while True:  # the same game's next decision of that seat: the state is used
        m.apply_action(nb.act(m.view(to_act(m))))
        if m.phase == "play" and m._log[-1:] and m.current_player() == a.current_player() \
                and len(m._log) > len(a._log):
            break
    assert m._log[:len(a._log)] == a._log
    assert bot._guess(m.observation(m.current_player())) is not None
    b = drive(2, 10)  # another game, deal 0 too
    assert b.observation(0)["deal_index"] == a.observation(0)["deal_index"]
    assert bot._guess(b.observation(b.current_player())) is None
    assert bot.expected is None
    bot.act(b.view(to_act(b)))
    # asking the first game's earlier position again (the arena's next seating) is afresh too
    assert bot._guess(a.observation(a.current_player())) is None


def follow_the_engine(m: Any, choose: Any) -> int:
    """Play the deal's cards by ``choose(match)``; at each, check that the solver's legal cards,
    the position a card makes and its points are the engine's; return the piques scored."""
    while m.phase == "play":
        seat = to_act(m)
        pos = piquet_position(m, seat)
        assert legal_cards(pos) == m.legal_actions()
        c = choose(m)
        nxt, gain = play(pos, c)
        before = DealView(m).points
        m.apply_action(c)
        if m.phase == "play":
            assert piquet_position(m, seat) == nxt
            after = DealView(m).points
        elif m.is_over and m.rules.cent:
            return 0  # a cent game ended inside the deal: nothing more is reckoned
        else:
            after = m.sheet[-1].points
        assert after[seat] - after[1 - seat] - (before[seat] - before[1 - seat]) == gain
    return int("pique" in m.sheet[-1].marks[pos.elder])


@pytest.mark.parametrize("rules", [None, {"preset": "cent"},
                                   {"preset": "rubicon", "low_cards_count": False},
                                   {"preset": "rubicon", "last_trick": 10},
                                   {"preset": "rubicon", "last_trick": 0}])
def test_solver_plays_by_the_engine_s_rules(rules: Any) -> None:
    """Every card decision of seeded deals (random play): the solver's legal cards are the
    engine's, and the position and points a card makes are the engine's after it (the deal's
    row after its last card)."""
    for seed in range(25):
        m: Any = new_match("piquet", rules, seed=seed)
        rng = random.Random(seed)
        m.deal()
        while m.phase != "play":
            m.apply_action(rng.choice(m.legal_actions()))
        follow_the_engine(m, lambda x, r=rng: r.choice(x.legal_actions()) if r.random() < 0.7
                          else max(x.legal_actions()))


def test_solver_follows_the_engine_through_a_pique() -> None:
    m: Any = replay_record(record([cut(PIQUE, 2)])).match
    line = [m.parse_action(a) for a in PIQUE["actions"][2:]]
    assert follow_the_engine(m, lambda x: line[len(x._log) - 2]) == 1


def test_the_hint_is_the_best_mean_final_difference() -> None:
    from kozyr.bots.explain import hint

    m = drive(6, 3)
    seat = to_act(m)
    bot = PiquetPimcBot(2, time_limit=1e9, max_samples=4, min_samples=4)
    got = hint(bot, m.view(seat))
    why = got["reason"]
    # the same samples (the bot's rng from its seed, distinct hands), solved here
    rng = random.Random(2)
    seen: set[tuple[int, int]] = set()
    means = dict.fromkeys(m.legal_actions(), 0.0)
    while len(seen) < why["samples"]:
        pos = piquet_position(m.resample(seat, rng), seat)
        if pos.hands in seen:
            continue
        seen.add(pos.hands)
        solver = PiquetSolver(pos)
        now = pos.points[seat] - pos.points[1 - seat]
        for c in means:
            child, g = play(pos, c)
            means[c] += (now + g + solver.value(child)) / why["samples"]
    assert why["kind"] == "points" and why["samples"] == 4
    assert why["value"] == pytest.approx(max(means.values()))
    assert why["text"].startswith(got["action"].split()[1] + " ends ")
    # a decision without a search (the exchange) says so
    e: Any = new_match("piquet", seed=1)
    e.deal()
    assert hint(bot, e.view(to_act(e)))["reason"]["kind"] == "plain"
