"""The heuristic opponent model of the PIMC bot: exact on the true deal, informative on samples."""

from __future__ import annotations

import random

import pytest

from kozyr.bots import make_bot
from kozyr.bots.opponent_model import HeuristicModel
from kozyr.bots.pimc import PimcBot
from kozyr.games import new_match


def heuristic_positions(preset: str, seed: int):
    """Yield (match, seat to act, its view) at every decision of a deal the heuristic plays."""
    m = new_match("thousand", preset, seed=seed)
    bots = [make_bot("normal", seed=s) for s in range(m.players)]
    m.deal()
    while m.legal_actions():
        seat = m.current_player()
        view = m.view(seat)
        yield m, seat, view
        m.apply_action(bots[seat].act(view))


@pytest.mark.parametrize("preset", ["classic", "tysiac", "four_players", "online"])
def test_the_true_deal_contradicts_no_choice_of_the_heuristic(preset: str) -> None:
    # every bid, pass, give, contract and card the heuristic chose, replayed from the true
    # cards, is what the model predicts: from every seat's point of view, at every decision
    model = HeuristicModel(new_match("thousand", preset).rules)
    checked = 0
    for seed in range(8):
        for m, _, _ in heuristic_positions(preset, seed):
            for seat in range(m.players):
                obs = m.observation(seat)
                assert model.mismatches(m, obs, seat) == 0, (seed, seat, obs["history"])
                checked += 1
    assert checked > 500


def test_samples_that_contradict_the_opponents_play_are_counted() -> None:
    model = HeuristicModel(new_match("thousand", "classic").rules)
    counts = []
    for seed in range(4):
        for _, seat, view in heuristic_positions("classic", seed):
            obs = view.observation()
            if obs["phase"] != "play" or len(obs["history"]) < 16:
                continue
            rng = random.Random(seed)
            counts += [model.mismatches(view.sample(rng), obs, seat) for _ in range(10)]
    assert counts
    # most sampled deals put some card where the heuristic would have played otherwise
    assert sum(1 for c in counts if c > 0) > len(counts) // 2
    assert max(counts) >= 3


def test_a_seat_is_not_modelled_by_its_own_choices() -> None:
    # the seat's own (here: deliberately odd) bids are no evidence about anybody
    model = HeuristicModel(new_match("thousand", "classic").rules)
    m = new_match("thousand", "classic", seed=5)
    m.deal()
    seat = m.current_player()
    while m.current_player() != seat or len(m.legal_actions()) < 2:
        m.apply_action(make_bot("normal", 0).act(m.view(m.current_player())))
    texts = [m.action_to_text(a) for a in m.legal_actions()]
    m.apply(max((t for t in texts if t.startswith("bid")), key=lambda t: int(t.split()[1])))
    assert model.mismatches(m, m.observation(seat), seat) == 0


def test_unmodelled_variants_count_nothing() -> None:
    for preset in ("two_players", "501"):
        model = HeuristicModel(new_match("thousand", preset).rules)
        assert not model.applies
        for m, seat, view in heuristic_positions(preset, 1):
            assert model.mismatches(m, view.observation(), seat) == 0


def test_pimc_solves_the_samples_the_model_finds_likely() -> None:
    for m, _, view in heuristic_positions("classic", 2):
        obs = view.observation()
        if obs["phase"] == "play" and len(obs["history"]) >= 14 and len(m.legal_actions()) > 1:
            break
    else:
        raise AssertionError("no late decision")
    bot = PimcBot(3, time_limit=1e9, max_samples=6, min_samples=6, model_candidates=60)
    seat = view.seat
    model = HeuristicModel(m.rules)
    picked = bot._modelled_samples(view, obs, model)
    assert bot.last_samples == 60  # candidates drawn
    assert sum(w for _, w in picked) == pytest.approx(6)  # six picks, a deal picked twice weighs 2
    misses = sum(w * model.mismatches(s, obs, seat) for s, w in picked) / 6
    rng = random.Random(7)
    plain = [model.mismatches(view.sample(rng), obs, seat) for _ in range(60)]
    assert misses < sum(plain) / len(plain) / 2
    assert bot.act(view) in m.legal_actions()


def test_the_auction_goes_on_by_the_heuristic_rule() -> None:
    model = HeuristicModel(new_match("thousand", "classic").rules)
    # seat 2's forced 100; seat 1 will go to 120, seat 2 to 110: 1 wins one step over 110
    assert model.auction({1: 120, 2: 110}, [1, 2], 100, 2) == (1, 115)
    # nobody raises: the forced bidder keeps his 100
    assert model.auction({1: 95, 2: 100}, [1, 2], 100, 2) == (2, 100)
    # a bid of ours at 110 is only outbid by a seat willing to go to 115
    assert model.auction({1: 110, 2: 115}, [1, 2], 110, 0) == (2, 115)
    assert model.auction({1: 110, 2: 110}, [1, 2], 110, 0) == (0, 110)


def test_the_heuristic_declarer_writes_off_a_hopeless_hand_and_plays_a_good_one() -> None:
    from kozyr.bots.opponent_model import make_chance
    from kozyr.cards import parse_hand

    model = HeuristicModel(new_match("thousand", "classic").rules)
    talon = parse_hand("9C JC 9D")
    assert model.declare(parse_hand("9H JH QH 9S JS QS JD"), talon, 100, True) == (None, 0.0)
    contract, chance = model.declare(parse_hand("9H JH QH 9S JS QS JD"), talon, 100, False)
    assert contract == 100 and chance < 0.2  # no write-off allowed: he plays, and fails
    contract, chance = model.declare(parse_hand("AH TH KH QH AS TS AD"), talon, 100, True)
    assert contract is not None and contract >= 100 and chance > 0.8
    assert [make_chance(d) for d in range(-60, 70, 10)] == sorted(
        make_chance(d) for d in range(-60, 70, 10))


def test_auction_values_weigh_the_modelled_outcomes() -> None:
    from kozyr.bots.thousand.pimc.base import BidSim
    from kozyr.cards import parse_hand

    rules = new_match("thousand", "classic").rules
    model = HeuristicModel(rules)
    bot = PimcBot(1, made_for=30, failed_for=55, made_against=20, failed_against=30)
    sim = bot._bid_sim = BidSim(("test",), 0, None)
    # seat 0 to bid after seat 1's forced 100 (seat 2 has passed); seat 1's hand is hopeless
    hopeless = parse_hand("9H JH QH 9S JS QS JD")
    sim.hands = [{1: hopeless, 2: parse_hand("AH TH KH AS TS AD TD")}] * 2
    sim.talons = [parse_hand("9C JC 9D")] * 2
    sim.lo = [110, 0]  # sample 0: seat 0 makes 105 double-dummy; sample 1: he fails
    sim.used = 2
    obs = {"seat": 0, "passed": [False, False, True], "high_bidder": 1, "bid": 100,
           "totals": [0, 0, 0], "writeoffs": [0, 0, 0], "history": [[1, "bid 100"]]}
    bid_ev, pass_ev = bot._auction_values(obs, rules, model, 105, 105)
    assert pass_ev == pytest.approx((50 + 100) / 2)  # he writes off: +50 for us, -100 for him
    assert bid_ev == pytest.approx(((105 - 30) + (-105 - 55)) / 2)
