"""The PIMC bot: legal, sees only its observation, uses the solver's verdicts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.bots import make_bot
from kozyr.bots.pimc import PimcBot
from kozyr.bots.thousand.pimc.contract import CONTRACT_STEPS
from kozyr.bots.thousand.pimc.inference import preferred
from kozyr.cards import cards_of, parse_card, parse_hand
from kozyr.core.match import SeatView
from kozyr.games import new_match
from kozyr.games.thousand.position import ThousandPosition


def fast_bot(seed: int = 1, **kw: object) -> PimcBot:
    """Return a PIMC bot that stops by sample count, never by the clock (deterministic)."""
    opts: dict = {"time_limit": 1e9, "max_samples": 4, "min_samples": 4,
                  "model_candidates": 8}
    opts.update(kw)
    return PimcBot(seed, **opts)


def drive_to(preset: str, seed: int, phase: str, heuristic_seed: int = 0):
    """Return a match of ``preset`` at its first decision of ``phase`` (heuristic play before)."""
    m = new_match("thousand", preset, seed=seed)
    bot = make_bot("normal", seed=heuristic_seed)
    while not m.is_over:
        if m.awaiting_deal:
            m.deal()
            continue
        if m.phase == phase and len(m.legal_actions()) > 1:
            return m
        seat = m.current_player()
        m.apply_action(bot.act(m.view(seat)))
    raise AssertionError("the phase never came")


@pytest.mark.parametrize("phase", ["bidding", "talon", "contract", "play"])
def test_choice_ignores_where_hidden_cards_really_are(phase: str) -> None:
    for seed in range(3):
        m = drive_to("classic", seed, phase)
        seat = m.current_player()
        other = m.resample(seat, random.Random(99))  # the same observation, other hidden cards
        assert other.observation(seat) == m.observation(seat)
        differs = ThousandPosition(m).hands != ThousandPosition(other).hands
        assert differs or phase == "play"
        a = fast_bot(seed).act(m.view(seat))
        b = fast_bot(seed).act(other.view(seat))
        assert a == b
        assert a in m.legal_actions()


@pytest.mark.parametrize("preset", ["classic", "two_players", "four_players", "501", "tysiac"])
def test_plays_whole_deals_legally(preset: str) -> None:
    m = new_match("thousand", preset, seed=4)
    bots = [fast_bot(s, max_samples=2, min_samples=1) for s in range(m.players)]
    m.deal()
    while not m.sheet:
        seat = m.current_player()
        a = bots[seat].act(m.view(seat))
        assert a in m.legal_actions()
        m.apply_action(a)
    assert m.sheet  # the deal was finished


def test_other_games_open_with_the_heuristic() -> None:
    # Debertz's first decision (accept/pass the turned trump) and Tertz's first lead (tricks
    # 1-6 while the stock lasts) are the heuristic's in TrickPimcBot; its searched card play
    # is tested in tests/bots/test_trick_pimc.py
    for game in ("debertz", "tertz"):
        m = new_match(game, None, seed=2)
        m.deal()
        seat = m.current_player()
        # PimcBot(seed) falls back to a heuristic seeded seed + 1
        assert fast_bot(1).act(m.view(seat)) == make_bot("heuristic", seed=2).act(m.view(seat))


def test_enumerates_when_few_cards_are_unknown() -> None:
    m = drive_to("classic", 1, "play")
    bot = make_bot("normal", seed=0)
    # play on to the last three tricks, to a decision with a choice
    while sum(h.bit_count() for h in ThousandPosition(m).hands) > 7 or len(m.legal_actions()) < 2:
        m.apply_action(bot.act(m.view(m.current_player())))
    p = fast_bot(max_samples=500, enum_patience=40)
    seat = m.current_player()
    p.act(m.view(seat))
    # the hidden cards of two hands of <= 3 cards: at most C(6, 3) = 20 distinct deals
    assert 1 <= p.last_samples <= 20


class OracleView(SeatView):
    """A view whose samples are the true deal: PIMC must then play a solver-best card."""

    def sample(self, rng: random.Random):
        return self._match.clone()


@pytest.mark.parametrize("seed", range(6))
def test_with_the_true_deal_it_plays_a_solver_best_card(seed: int) -> None:
    from kozyr.bots.solver import Solver
    from kozyr.bots.solver.adapter import position_from_match

    m = drive_to("classic", seed + 10, "play")
    bot = make_bot("normal", seed=0)
    while (sum(h.bit_count() for h in ThousandPosition(m).hands) > 12 + seed % 3
           or len(m.legal_actions()) < 2):
        m.apply_action(bot.act(m.view(m.current_player())))
    seat = m.current_player()
    pimc = fast_bot(max_samples=10, enum_patience=3, inference=False)
    choice = pimc.act(OracleView(m, seat))
    assert pimc.last_samples == 1
    pos, seats = position_from_match(m)
    solver = Solver(pos)
    makes = solver.move_values(ThousandPosition(m).contract)
    if seat == ThousandPosition(m).declarer:
        assert makes[choice] == max(makes.values())
    else:
        assert makes[choice] == min(makes.values())
        if bin(ThousandPosition(m).hands[seat]).count("1") <= pimc.exact_cards:
            from dataclasses import replace

            mine = seats.index(seat)
            weights = tuple(0 if i == mine else 1 for i in range(len(seats)))
            exact = Solver(replace(pos, weights=weights)).move_values()
            values = m.rules.marriages

            def key(a: int) -> int:
                return exact[a] - (values[(a & 31) >> 3] if a & 32 else 0)
            assert key(choice) == min(key(a) for a in makes if makes[a] == makes[choice])


def test_preferred_card_is_the_cheapest_winner() -> None:
    legal = parse_hand("AS TS 9S")
    trick = [(0, parse_card("KS"))]
    assert preferred(legal, trick, -1, seat=1, declarer=0) == parse_hand("TS")
    # partner (seat 2) holds the trick against declarer 0: the cheapest card
    assert preferred(legal, [(2, parse_card("KS"))], -1, seat=1, declarer=0) == \
        parse_hand("9S")


@pytest.mark.parametrize(("hand", "bids"), [
    ("AH TH KH QH AD KD QD", True),   # two marriages and two aces: worth well over 100
    ("9S JS 9C JC 9D JD QS", False),  # nothing: the declarer would go down
])
def test_bids_by_simulation(hand: str, bids: bool) -> None:
    from kozyr.cards import THOUSAND_DECK, format_card
    from kozyr.games import make_rules

    held = hand.split()
    rest = [format_card(c) for c in cards_of(THOUSAND_DECK) if format_card(c) not in held]
    m = new_match("thousand", make_rules("thousand", "classic", ["redeal=false"]), seed=1,
                  first_dealer=0)
    m.deal({"hands": [" ".join(rest[:7]), " ".join(rest[7:14]), hand],
            "talon": " ".join(rest[14:17])})
    assert m.current_player() == 2  # seat 1 holds the forced 100
    action = m.action_to_text(fast_bot(max_samples=8, min_samples=8).act(m.view(2)))
    assert action == ("bid 105" if bids else "pass")


def test_pass_value_follows_the_match_situation() -> None:
    from kozyr.games import make_rules

    rules = make_rules("thousand", "classic")
    bot = PimcBot(1)
    base = {"seat": 0, "totals": [0, 0, 0], "barrel": [], "bolts": [0, 0, 0]}
    plain = bot.pass_value(base, rules)
    assert plain == bot.defence_value
    # on the barrel a defender scores nothing: passing is worth less
    assert bot.pass_value({**base, "totals": [880, 0, 0], "barrel": [0]}, rules) < plain
    # just below the barrel only the points up to it count
    near = bot.pass_value({**base, "totals": [860, 0, 0]}, rules)
    assert bot.pass_value({**base, "totals": [880, 0, 0], "barrel": [0]}, rules) < near < plain
    # an opponent on the barrel may declare and win if everybody passes
    assert bot.pass_value({**base, "totals": [0, 880, 0], "barrel": [1]}, rules) < plain
    # one bolt short of the penalty: defending risks it
    assert bot.pass_value({**base, "bolts": [2, 0, 0]}, rules) < plain
    assert bot.pass_value({**base, "bolts": [1, 2, 2]}, rules) == plain


def test_bids_against_a_barrel_player_with_a_hand_it_passes_otherwise() -> None:
    from kozyr.games import make_rules

    rules = make_rules("thousand", "classic", ["redeal=false"])
    hands = ["9S JS QS 9C JC QC KD", "AS TS KS AC TC 9D JD", "AH TH KH QH 9H JH QD"]
    talon = "AD TD KC"

    def decision(barrel: bool) -> str:
        m = new_match("thousand", rules, seed=1, first_dealer=2)
        if barrel:
            m.score.totals[2] = 880
            m.score.on_barrel[2] = True
        m.deal({"hands": hands, "talon": talon})
        while m.current_player() != 1:
            m.apply(m.observation(m.current_player())["legal"][1])  # seat 0: the forced bid
        view = m.view(1)
        assert (2 in view.observation()["barrel"]) == barrel
        return m.action_to_text(fast_bot(max_samples=12, min_samples=12).act(view))

    calm, threatened = decision(False), decision(True)
    assert calm == "pass"
    assert threatened.startswith("bid ")


def test_a_defender_keeps_his_marriage_when_the_contract_is_going_down() -> None:
    from kozyr.games import make_rules

    m = new_match("thousand", make_rules("thousand", "classic", ["redeal=false"]), seed=1,
                  first_dealer=1)
    m.deal({"hands": ["JS TC KD 9D TH KH QH", "QS 9S QC AD TD QD JD",
                      "AS TS KS AC KC JC AH"], "talon": "9C JH 9H"})
    for text in ["pass", "pass", "give 0 9C", "give 1 9H", "contract 100",
                 "play AS", "play JS", "play 9S", "play AC", "play 9C", "play QC",
                 "play AH", "play TH", "play 9H", "play TS"]:
        m.apply(text)
    assert m.current_player() == 0  # void in spades: any card; the declarer has 54 of 100
    action = m.action_to_text(fast_bot(max_samples=8, min_samples=8).act(m.view(0)))
    assert action not in ("play KH", "play QH")  # the hearts marriage is worth 100 to him


def test_writeoff_value_counts_the_bolt_situation_and_the_opponents_gain() -> None:
    from kozyr.games import make_rules

    bot = PimcBot(1)
    classic = make_rules("thousand", "classic")
    obs = {"seat": 1, "bolts": [0, 0, 0]}
    assert bot.writeoff_value(obs, classic, 100) == -150  # -100, and 50 to each opponent
    assert bot.writeoff_value(obs, classic, 105) == -160  # 52.5 rounds up to 55
    bolt = make_rules("thousand", "classic", ["writeoff_penalty=bolt", "writeoff_gain=fixed_60"])
    cheap = bot.writeoff_value(obs, bolt, 100)
    dear = bot.writeoff_value({"seat": 1, "bolts": [0, 2, 0]}, bolt, 100)
    assert cheap == -100  # a third of the 120 bolt penalty, and 60 to each opponent
    assert dear == -180  # this bolt costs the penalty itself


def test_bidding_samples_weigh_how_well_they_fit_the_opponents_bids() -> None:
    from kozyr.bots.opponent_model import HeuristicModel
    from kozyr.bots.thousand.pimc.inference import auction_ranges
    from kozyr.games import make_rules

    rules = make_rules("thousand", "classic")
    strong, weak = parse_hand("AH TH KH QH AD TD KD"), parse_hand("9S JS 9C JC 9D JD QS")
    willing = HeuristicModel(rules).willing
    assert willing(strong) >= 150 > 100 > willing(weak)
    # seat 2 forced, seat 0 raised to 105, seat 1 passed at 110; seat 2 (the bot) to act
    bidding = auction_ranges({"history": [[2, "bid 100"], [0, "bid 105"], [1, "pass"]]}, 2, 5)
    bot = PimcBot(1)
    assert bot._bid_weight({0: strong, 1: weak}, bidding, rules) == 1.0
    assert bot._bid_weight({0: weak, 1: weak}, bidding, rules) == bot.bid_inference
    assert bot._bid_weight({0: weak, 1: strong}, bidding, rules) == bot.bid_inference ** 2


def test_a_declarer_with_a_lost_contract_aims_lower_to_keep_the_opponents_down() -> None:
    from kozyr.bots.solver import Solver
    from kozyr.bots.solver.adapter import position_from_match

    found = 0
    for seed in range(40):
        m = drive_to("classic", seed, "play")
        seat = m.current_player()
        if seat != ThousandPosition(m).declarer:
            continue
        pos, _ = position_from_match(m)
        if any(Solver(pos).move_values(ThousandPosition(m).contract).values()):
            continue  # still makeable: nothing to see
        bot = fast_bot(max_samples=1, min_samples=1, inference=False)
        a = bot.act(OracleView(m, seat))  # the true deal: the contract is lost
        assert bot._lost[1] == 1
        assert bot.act(OracleView(m, seat)) == a  # asked again: the same answer, level 1
        assert bot._lost[1] == 1
        m.apply_action(a)
        while m.current_player() not in (seat, None):  # on to his next decision
            m.apply_action(m.legal_actions()[0])
        if m.current_player() != seat or len(m.legal_actions()) < 2:
            continue
        assert bot.lowered_aim(m.observation(seat)) == bot.lost_margin
        pos, _ = position_from_match(m)
        lower = any(Solver(pos).move_values(ThousandPosition(m).contract - 30).values())
        bot.act(OracleView(m, seat))  # lost at contract - 30 too?
        assert bot._lost[1] == (1 if lower else 2)
        found += 1
    assert found


@pytest.mark.parametrize("margin", [0, 10])
def test_the_contract_is_the_highest_level_made_double_dummy_with_the_margin(margin: int) -> None:
    from kozyr.bots.solver import Solver
    from kozyr.bots.solver.adapter import declarer_position

    checked = 0
    for seed in range(30):
        m = drive_to("classic", seed, "contract")
        seat = m.current_player()
        texts = [m.action_to_text(a) for a in m.legal_actions()]
        p = ThousandPosition(m)
        hands = {s: p.hands[s] for s in p.play_order}
        points = Solver(declarer_position(hands, p.play_order, seat, m.rules, p.trump)).exact()
        # one sample (the true deal), no confidence floor: the expected score grows with the
        # contract while it is made, so the bot takes the highest ladder level it makes
        bot = fast_bot(max_samples=1, min_samples=1, raise_confidence=0.0,
                       contract_margin=margin)
        chosen = int(m.action_to_text(bot.act(OracleView(m, seat))).split()[-1])
        low = int(texts[0].split()[1])
        ladder = [low + d for d in CONTRACT_STEPS if f"contract {low + d}" in texts]
        made = [c for c in ladder if points >= c + margin]
        # (a write-off, worth -150 against the opponents here, never beats playing)
        assert chosen == (made[-1] if made else low)
        checked += 1
    assert checked >= 5


def test_a_defender_would_rather_the_declarer_took_points_than_the_partner() -> None:
    from dataclasses import replace

    from kozyr.bots.solver import Position, Solver

    # the declarer (seat 0) scores his contract whatever his card points; the partner's count
    # for a rival: leading JH lets the declarer's AH take the trick, JC the partner's QC
    pos = Position.from_text(["AD AH", "JC JH", "QS QC"], leader=1, declarer=0)
    jc, jh = parse_card("JC"), parse_card("JH")
    values = {}
    for share in (0.0, 0.5):
        weights = PimcBot(1, partner_share=share)._own_weights(pos, [0, 1, 2], 1)
        values[share] = Solver(replace(pos, weights=weights)).move_values()
    assert values[0.0][jc] == values[0.0][jh]  # his own points alone: all the same to him
    assert values[0.5][jh] < values[0.5][jc]  # the partner's weigh against him


def _to_first_play(hands: list[str], talon: str) -> Any:
    """Deal ``hands``/``talon`` (dealer 0), everyone passes the forced 100 of seat 1, who takes
    the talon, gives his first two legal gives and keeps 100; return the match at his lead."""
    from kozyr.games.thousand.rules import ThousandRules

    m = new_match("thousand", ThousandRules.from_preset("classic", redeal=False), seed=0,
                  first_dealer=0)
    m.deal({"hands": hands, "talon": talon})
    while m.phase != "play":
        texts = m.legal_texts()
        m.apply("pass" if "pass" in texts else texts[0])
    return m


def test_a_lost_contract_lowers_the_aim_in_that_deal_only_never_in_the_next_game() -> None:
    weak = ["AS TS KS QS AC TC KC", "9S JS 9C JC 9D JD JH", "AD TD KD QD AH TH KH"]
    bot = PimcBot(1, time_limit=30.0, max_samples=6, min_samples=6)
    lost = _to_first_play(weak, "9H QC QH")
    assert lost.current_player() == 1
    lost.apply(bot.act(lost.view(1)))  # no sample makes 100 with these cards
    obs = lost.observation(1)
    while lost.current_player() != 1:  # the defenders play on to his next decision
        lost.apply(lost.legal_texts()[0])
    assert bot.lowered_aim(lost.observation(1)) == bot.lost_margin
    # another game, the same deal index, dealer and sheet: the bot starts afresh
    strong = ["9S JS 9C JC 9D JD JH", "AS TS KS QS AC TC KC", "AD TD KD QD AH TH KH"]
    fresh = _to_first_play(strong, "9H QC QH")
    assert fresh.observation(1)["deal_index"] == obs["deal_index"]
    assert bot.lowered_aim(fresh.observation(1)) == 0
    # and the very deal played again (an arena's next seating) starts afresh too
    again = _to_first_play(weak, "9H QC QH")
    assert bot.lowered_aim(again.observation(1)) == 0


def _synced(bot: PimcBot, like: PimcBot) -> PimcBot:
    """Give ``bot`` the random state of ``like`` (its own and its heuristic's): what is left to
    tell them apart is the state kept between decisions."""
    bot.rng.setstate(like.rng.getstate())
    bot.heuristic.rng.setstate(like.heuristic.rng.getstate())
    return bot


def test_a_position_asked_after_another_game_gets_a_fresh_process_answer() -> None:
    """Issue 18's bug: one bot serving many games answers each position as a fresh one would.

    The same deal played again (an arena's duplicate seating, a protocol bot's next game) is
    the hard case: deal index, dealer, sheet and the public history up to the first bid are
    all the same; the auction's kept samples must not carry over."""
    m = drive_to("classic", 3, "bidding")
    seat = m.current_player()
    used = fast_bot(5)
    for game in range(2):  # the first game, then a different one from the same match seed
        g = drive_to("classic", 3 + 7 * game, "bidding")
        used.act(g.view(g.current_player()))
    fresh = fast_bot(5)
    _synced(used, fresh)
    assert used.act(m.view(seat)) == fresh.act(m.view(seat))
    assert used.rng.getstate() == fresh.rng.getstate()  # both drew the same samples
    # the same position asked twice in a row: still a fresh answer (a hint, then the move)
    again = _synced(fast_bot(5), used)
    assert used.act(m.view(seat)) == again.act(m.view(seat))
    assert used.rng.getstate() == again.rng.getstate()
