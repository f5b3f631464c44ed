"""The Thousand heuristic: always legal, its judgement, hidden information, strength."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.bots import make_bot
from kozyr.bots.heuristic.thousand import estimate_hand, marriage_suits
from kozyr.cards import THOUSAND_DECK, cards_of, format_hand, parse_hand
from kozyr.core.match import Match
from kozyr.games import new_match

NO_REDEAL = {"preset": "classic", "redeal": False}
RULE_SETS: list[Any] = [
    "classic", "online", "tysiac", "two_players", "four_players", "501",
    {"preset": "classic", "blind_bid": True, "ace_marriage": True},
    {"preset": "classic", "must_beat": True, "marriage_on_first_trick": True,
     "redeal_poor_talon": True, "hide_talon_on_forced_100": True},
    {"preset": "four_players", "redeal_when": "after_pass", "bid_step": 10},
]


class FakeView:
    """A SeatView stand-in: a hand-written observation and legal texts."""

    game = "thousand"

    def __init__(self, obs: dict[str, Any], texts: list[str]) -> None:
        self.obs = {"game": "thousand", "rules": "classic", "players": 3, "dealer": 0,
                    "history": [], "trick": [], "trump": None, "declarer": None, "bid": None,
                    "marriages": [], **obs}
        self.texts = texts

    def observation(self) -> dict[str, Any]:
        return self.obs

    def legal_actions(self) -> list[int]:
        return list(range(len(self.texts)))

    def action_to_text(self, action: int) -> str:
        return self.texts[action]


def choose(obs: dict[str, Any], texts: list[str], bot: str = "heuristic") -> str:
    view = FakeView(obs, texts)
    return texts[make_bot(bot, seed=1).act(view)]  # type: ignore[arg-type]


def run_deal(m: Match, bots: list[Any], watch: Any = None) -> None:
    """Play the open deal (dealing first if needed) with ``bots``; ``watch(m, seat, text)``."""
    if m.awaiting_deal:
        m.deal()
    while not m.awaiting_deal and not m.is_over:
        seat = m.current_player()
        assert seat is not None
        action = bots[seat].act(m.view(seat))
        if watch is not None:
            watch(m, seat, m.action_to_text(action))
        m.apply(action)  # checked: an illegal choice raises


# -- always legal --------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
@pytest.mark.parametrize("level", ["heuristic", "easy"])
def test_whole_matches_stay_legal(rules: Any, level: str) -> None:
    for seed in range(2):
        m = new_match("thousand", rules, seed=seed)
        bots = [make_bot(level, seed=seed * 10 + i) for i in range(m.players)]
        deals = 0
        while not m.is_over and deals < 40:
            run_deal(m, bots)
            deals += 1
        assert len(m.sheet) == deals
        assert m.totals == [sum(r.scores[i] for r in m.sheet) for i in range(m.players)]


def test_mixed_tables_stay_legal() -> None:
    for seed in range(4):
        m = new_match("thousand", "classic", seed=seed)
        bots = [make_bot(n, seed=seed) for n in ("random", "easy", "heuristic")]
        for _ in range(8):
            if m.is_over:
                break
            run_deal(m, bots)


# -- bidding ---------------------------------------------------------------------------------------
ALL_BIDS = ["pass"] + [f"bid {b}" for b in range(105, 305, 5)]


def highest_bid(hand: str) -> int:
    """Return the highest bid the bot would make, offered one bid at a time (0: pass)."""
    best = 0
    for b in range(105, 305, 5):
        if choose({"seat": 1, "hand": hand, "phase": "bidding"}, ["pass", f"bid {b}"]) != "pass":
            best = b
    return best


def test_bids_higher_with_a_strong_hand() -> None:
    strong = highest_bid("AH KH QH AD TD AS AC")
    medium = highest_bid("AH TH KD QD 9S JS 9C")
    weak = highest_bid("9H JH 9S JS 9C JC QD")
    assert strong > medium > weak == 0
    assert strong <= 120 + 100  # the cap: one marriage of hearts


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_never_bids_above_the_cap(rnd: random.Random) -> None:
    hand = rnd.sample(sorted(cards_of(THOUSAND_DECK)), 7)
    text = format_hand(sum(1 << c for c in hand))
    cap = 120 + sum((40, 60, 80, 100)[s] for s in marriage_suits(parse_hand(text)))
    answer = choose({"seat": 1, "hand": text, "phase": "bidding"}, ALL_BIDS)
    assert answer == "pass" or int(answer.split()[1]) <= cap


def test_blind_decision_takes_the_plain_bid() -> None:
    assert choose({"seat": 1, "hand": None, "phase": "bidding"}, ["blind", "bid 100"]) == "bid 100"


def test_redeal_question() -> None:
    poor = {"seat": 2, "hand": "9S 9C 9D 9H JS JC QD", "phase": "redeal"}
    assert choose(poor, ["redeal", "keep"]) == "redeal"
    married = {"seat": 2, "hand": "9S 9C 9D 9H KD JC QD", "phase": "redeal"}
    assert choose(married, ["redeal", "keep"]) == "keep"


def test_names_the_longest_strongest_suit_as_trump() -> None:
    obs = {"seat": 0, "hand": "AH TH KH 9H JH 9S JC QD", "rules": "501", "declarer": 0,
           "phase": "contract", "bid": 120}
    assert choose(obs, ["trump S", "trump C", "trump D", "trump H", "writeoff"]) == "trump H"


# -- talon -----------------------------------------------------------------------------------------
def gives(hand: str, seat: int, to: int) -> list[str]:
    return [f"give {to} {c}" for c in hand.split()]


def test_never_gives_a_marriage_card_and_prefers_a_lone_low_card() -> None:
    hand = "AS KH QH AD TD 9D JC KS QS 9C"
    answer = choose({"seat": 0, "hand": hand, "declarer": 0, "phase": "talon", "bid": 140},
                    gives(hand, 0, 1) + gives(hand, 0, 2))
    card = answer.split()[2]
    assert card not in ("KH", "QH", "KS", "QS", "AS", "AD", "TD")
    assert card in ("JC", "9C")
    assert answer.startswith("give 1 ")  # the left opponent first


def test_two_players_discard_banks_an_unguarded_ten() -> None:
    hand = "AS KH QH TD 9D JC KS QS 9C 9H AC JD"
    texts = [f"discard {c}" for c in hand.split()]
    obs = {"seat": 0, "hand": hand, "declarer": 0, "phase": "talon", "bid": 120,
           "rules": "two_players", "players": 2}
    assert choose(obs, texts) == "discard TD"


def test_contract_is_the_bid_unless_the_hand_plainly_makes_more() -> None:
    texts = [f"contract {c}" for c in range(120, 305, 5)] + ["writeoff"]
    plain = {"seat": 0, "hand": "AS TS AC TC 9D JD 9H JH", "declarer": 0, "bid": 120,
             "phase": "contract"}
    assert choose(plain, texts) == "contract 120"
    huge = {"seat": 0, "hand": "AH KH QH AD KD QD AS TS", "declarer": 0, "bid": 120,
            "phase": "contract"}
    assert int(choose(huge, texts).split()[1]) > 120
    assert estimate_hand(parse_hand(huge["hand"]), (40, 60, 80, 100)) > 200


def test_writes_off_a_hopeless_contract_when_allowed() -> None:
    # Seat 1 holds the forced 100 with nothing; the talon does not help.
    m = new_match("thousand", NO_REDEAL, seed=1, first_dealer=0)
    m.deal({"hands": ["AS TS KS AC TC KC AD", "9S JS 9C JC 9D JD QS",
                      "AH TH KH QH TD KD QD"], "talon": "9H JH QC"})
    m.apply("pass")
    m.apply("pass")
    bot = make_bot("heuristic", seed=1)
    texts: list[str] = []
    while not m.awaiting_deal:
        assert m.current_player() == 1
        texts.append(m.action_to_text(bot.act(m.view(1))))
        m.apply(texts[-1])
    assert texts[-1] == "writeoff"
    assert m.sheet[-1].marks[1] == ("P",)
    # Not allowed (write-offs off): it announces the bid instead.
    m = new_match("thousand", {**NO_REDEAL, "allow_writeoff": False}, seed=1, first_dealer=0)
    m.deal({"hands": ["AS TS KS AC TC KC AD", "9S JS 9C JC 9D JD QS",
                      "AH TH KH QH TD KD QD"], "talon": "9H JH QC"})
    m.apply("pass")
    m.apply("pass")
    while m.phase != "play":
        m.apply(bot.act(m.view(1)))
    assert m.observation(1)["contract"] == 100


# -- play ------------------------------------------------------------------------------------------
def test_takes_the_trick_with_the_cheapest_winning_card() -> None:
    obs = {"seat": 2, "hand": "AS KS 9S 9C", "declarer": 1, "phase": "play",
           "trick": [[0, "JS"], [1, "QS"]], "history": [[0, "play JS"], [1, "play QS"]]}
    assert choose(obs, ["play AS", "play KS", "play 9S"]) == "play KS"


def test_leads_an_ace_and_keeps_a_ten() -> None:
    obs = {"seat": 1, "hand": "AC TD 9D JS 9H", "declarer": 1, "phase": "play"}
    assert choose(obs, ["play AC", "play TD", "play 9D", "play JS", "play 9H"]) == "play AC"


def test_declares_a_marriage_when_leading_with_king_and_queen_after_a_trick() -> None:
    m = new_match("thousand", NO_REDEAL, seed=1, first_dealer=0)
    m.deal({"hands": ["KS QS AC TC KC QC JS", "AS KH QH 9C 9D JD JC",
                      "TS 9S AD TD KD QD 9H"], "talon": "AH TH JH"})
    m.apply("pass")
    m.apply("pass")
    bots = [make_bot("heuristic", seed=i) for i in range(3)]
    leads: list[tuple[int, str]] = []

    def watch(m: Match, seat: int, text: str) -> None:
        obs = m.observation(seat)
        if seat == 1 and obs["phase"] == "play" and not obs["trick"]:
            leads.append((sum(obs["tricks_won"]), text))

    run_deal(m, bots, watch)
    assert leads[0][1] in ("play AS", "play AH")      # no marriage on the first trick
    assert leads[1][1] == "play QH marriage"          # the queen leads, the king stays
    assert m.sheet[-1].points[1] >= 100  # the hearts marriage scored


def test_always_declares_when_it_can_and_prefers_the_bigger_marriage() -> None:
    counted = 0
    for seed in range(40):
        m = new_match("thousand", "classic", seed=seed)
        bots = [make_bot("heuristic", seed=i) for i in range(3)]

        def watch(m: Match, seat: int, text: str) -> None:
            nonlocal counted
            decl = [t for t in m.legal_texts() if t.endswith("marriage")]
            if decl:
                counted += 1
                assert text.endswith("marriage")
                best = max("SCDH".index(t.split()[1][1]) for t in decl)
                assert "SCDH".index(text.split()[1][1]) == best

        run_deal(m, bots, watch)
    assert counted >= 5


# -- hidden information ----------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["classic", "two_players", "four_players", "501"])
def test_choice_ignores_cards_it_cannot_see(rules: str) -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(5):
        m = new_match("thousand", rules, seed=seed)
        m.deal()
        walker = random.Random(seed)
        while not m.awaiting_deal and not m.is_over:
            seat = m.current_player()
            assert seat is not None
            other = m.resample(seat, rng)
            assert other.observation(seat) == m.observation(seat)
            assert make_bot("heuristic", seed=4).act(m.view(seat)) == \
                make_bot("heuristic", seed=4).act(other.view(seat))
            checked += 1
            m.apply_action(walker.choice(m.legal_actions()))
    assert checked > 40


def test_choice_is_the_same_when_the_opponents_hands_are_swapped() -> None:
    """Two explicit deals differing only in the cards seat 2 cannot see."""
    def first_lead(hands: list[str]) -> str:
        m = new_match("thousand", NO_REDEAL, seed=1, first_dealer=1)
        m.deal({"hands": hands, "talon": "9H JH QC"})
        while m.current_player() != 2 or m.phase != "play":
            seat = m.current_player()
            assert seat is not None
            texts = m.legal_texts()
            m.apply("pass" if "pass" in texts else make_bot("heuristic", seed=0).act(m.view(seat)))
        return m.action_to_text(make_bot("heuristic", seed=7).act(m.view(2)))

    a = ["AS TS KS AC TC KC AD", "9S JS 9C JC 9D JD QS", "AH TH KH QH TD KD QD"]
    b = ["9S JS 9C JC 9D JD QS", "AS TS KS AC TC KC AD", "AH TH KH QH TD KD QD"]
    assert first_lead(a) == first_lead(b)


# -- strength ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "margin"), [("classic", 60), ("two_players", 80)])
def test_heuristic_beats_random(rules: str, margin: int) -> None:
    deals = 200
    n = new_match("thousand", rules).players
    hero_total = other_total = 0.0
    for d in range(deals):
        hero = d % n
        m = new_match("thousand", rules, seed=d)
        bots = [make_bot("heuristic" if i == hero else "random", seed=d * 7 + i)
                for i in range(n)]
        run_deal(m, bots)
        scores = m.sheet[-1].scores
        hero_total += scores[hero] / deals
        other_total += sum(s for i, s in enumerate(scores) if i != hero) / (n - 1) / deals
    print(f"thousand {rules}: heuristic {hero_total:.1f} vs random {other_total:.1f} per deal")
    assert hero_total > other_total + margin




def test_poor_talon_redeal_offered_beside_the_gives() -> None:
    hand = "AS KS QS AC TC AD TD 9H JH 9C"
    texts = ["redeal", *gives(hand, 0, 1), *gives(hand, 0, 2), "writeoff"]
    obs = {"seat": 0, "hand": hand, "declarer": 0, "phase": "talon", "bid": 100}
    answer = choose(obs, texts)
    assert answer.startswith("give 1 ") and answer.split()[2] in ("9H", "JH", "9C")
    weak = "9S JS 9C JC 9D JD QS 9H JH QC"
    obs = {"seat": 0, "hand": weak, "declarer": 0, "phase": "talon", "bid": 100}
    assert choose(obs, ["redeal", *gives(weak, 0, 1), "writeoff"]) == "redeal"
