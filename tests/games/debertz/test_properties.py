"""Debertz invariants under random play (hypothesis), and random full matches for each preset."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.cards import FULL_DECK, parse_hand
from kozyr.games.debertz import DebertzMatch, DebertzRules

PRESETS = ["debertz2", "debertz3", "debertz4", "debertz_big"]
#: Card points by rank (7 8 9 J Q K 10 A), written out again here on purpose.
PLAIN = {"7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
TRUMP = {**PLAIN, "J": 20, "9": 14}


def points_of(cards: list[str], trump: str) -> int:
    return sum((TRUMP if c[1] == trump else PLAIN)[c[0]] for c in cards)


def check_cards_in_one_place(m: DebertzMatch) -> None:
    """Every card is in exactly one place: a hand, played, on the table, or in the stock."""
    if m.current_player() is None:
        return
    n = m.players
    rec = m.record_deals()[-1]
    stock = rec["stock"].split()
    obs = m.observation(None)
    places = [parse_hand(m.observation(s)["hand"]) for s in range(n)]
    places.append(parse_hand(" ".join(t.split()[1] for _, t in obs["history"]
                                      if t.startswith("play"))))
    if obs["turned"]:
        places.append(parse_hand(obs["turned"]))
    if obs["phase"] == "bidding":
        places.append(parse_hand(" ".join(stock[1:])))
    elif n < 4:
        places.append(parse_hand(" ".join(stock[1 + 3 * n:])))
    union = 0
    for p in places:
        assert union & p == 0, "a card is in two places"
        union |= p
    assert union == FULL_DECK
    assert sum(c.bit_count() for c in places[:n]) == sum(obs["hand_sizes"])


def check_finished_deal(m: DebertzMatch) -> None:
    """A played deal's card points and last trick make 162 minus the cards out of play."""
    row = m.sheet[-1]
    rec = m.record_deals()[-1]
    marks = {mk for ms in row.marks for mk in ms}
    if "redeal" in marks or "debertz" in marks:
        assert row.points == (0,) * m.players and row.scores == (0,) * m.players
        return
    n = m.players
    trump = row.extra["trump"]
    stock = rec["stock"].split()
    out: list[str] = []
    if n < 4:
        table = stock[0]
        if "swap7" in rec["actions"]:
            table = "7" + trump
        out = [table, *stock[1 + 3 * n:]]
    sides = m.trick_points[:2] if n == 4 else m.trick_points
    assert sum(sides) == 162 - points_of(out, trump)
    extra = [p - t for p, t in zip(row.points, m.trick_points, strict=True)]
    assert all(e >= 0 and e % 10 == 0 for e in extra)   # melds and bella
    if n == 4:
        assert row.points[0] == row.points[2] and row.scores[1] == row.scores[3]
        assert row.marks[0] == row.marks[2] and row.marks[1] == row.marks[3]


def check_totals(m: DebertzMatch) -> None:
    sheet = m.sheet
    for s in range(m.players):
        assert m.totals[s] == sum(r.scores[s] for r in sheet)
    if sheet:
        assert list(sheet[-1].totals) == m.totals


OPTIONS = st.fixed_dictionaries({}, optional={
    "obligation": st.booleans(), "natural_sequence_order": st.booleans(),
    "bella_after_trick": st.booleans(), "cutter_visible": st.booleans(),
    "first_lead": st.sampled_from(["declarer", "left_of_dealer"]),
    "skate_penalty": st.sampled_from([0, 50])})


def play_deals(preset: str, seed: int, deals: int, resample_every: int = 0,
               options: dict[str, object] | None = None) -> DebertzMatch:
    m = DebertzMatch(DebertzRules.from_preset(preset, **(options or {})), seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not m.is_over and len(m.sheet) < deals:
        if m.awaiting_deal:
            m.deal()
            continue
        check_cards_in_one_place(m)
        steps += 1
        if resample_every and steps % resample_every == 0:
            seat = rng.randrange(m.players)
            obs = m.observation(seat)
            r = m.resample(seat, random.Random(steps))
            assert r.observation(seat) == obs
            assert r.observation(None) == m.observation(None)
            check_cards_in_one_place(r)
        before = len(m.sheet)
        m.apply_action(rng.choice(m.legal_actions()))
        if len(m.sheet) > before:
            check_finished_deal(m)
            check_totals(m)
    return m


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10**9), OPTIONS)
def test_random_deals_keep_the_invariants(preset: str, seed: int,
                                          options: dict[str, object]) -> None:
    play_deals(preset, seed, deals=3, options=options)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS[:3]), st.integers(0, 10**9), OPTIONS)
def test_resampling_under_random_play(preset: str, seed: int,
                                      options: dict[str, object]) -> None:
    play_deals(preset, seed, deals=1, resample_every=5, options=options)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS[:3]), st.integers(0, 10**9), st.integers(0, 30))
def test_resample_is_a_function_of_observation_and_rng(preset: str, seed: int,
                                                       steps: int) -> None:
    m = DebertzMatch(DebertzRules.from_preset(preset), seed=seed)
    m.deal()
    rng = random.Random(seed)
    for _ in range(steps):
        if m.current_player() is None:
            return
        m.apply_action(rng.choice(m.legal_actions()))
    if m.current_player() is None:
        return
    seat = seed % m.players
    twin = m.resample(seat, random.Random(seed + 1))
    a, b = m.resample(seat, random.Random(7)), twin.resample(seat, random.Random(7))
    assert a.record_deals() == b.record_deals()
    assert [a.observation(s) for s in range(m.players)] == [
        b.observation(s) for s in range(m.players)]


def test_random_full_matches_for_each_preset() -> None:
    for preset in PRESETS:
        rules = DebertzRules.from_preset(preset)
        for seed in range(4):
            m = DebertzMatch(rules, seed=seed)
            rng = random.Random(seed)
            while not m.is_over:
                if m.awaiting_deal:
                    m.deal()
                else:
                    m.apply_action(rng.choice(m.legal_actions()))
            check_totals(m)
            last = m.sheet[-1]
            winner = m.winner
            assert winner is not None and m.phase == "over" and m.current_player() is None
            seat = winner[0] if isinstance(winner, list) else winner
            if rules.players == 4:
                assert winner in ([0, 2], [1, 3])
            if "debertz" not in last.marks[seat]:
                assert m.totals[seat] >= rules.target
                assert m.totals[seat] == max(m.totals)
            # the record replays to the same sheet
            again = DebertzMatch(rules, seed=seed + 1, first_dealer=m.first_dealer)
            for rec in m.record_deals():
                again.deal(rec)
                for a in rec["actions"]:
                    again.apply(a)
            assert [r.to_json() for r in again.sheet] == [r.to_json() for r in m.sheet]
            assert again.winner == m.winner


def test_seven_swap_puts_the_seven_on_the_table() -> None:
    # a random search for swaps keeps the card-place invariant honest about them
    found = 0
    for seed in range(60):
        m = DebertzMatch(DebertzRules.from_preset("debertz3"), seed=seed)
        m.deal()
        rng = random.Random(seed)
        while m.current_player() is not None:
            legal = m.legal_texts()
            if "swap7" in legal:
                m.apply("swap7")
                trump = m.observation(None)["trump"]
                assert m.observation(None)["turned"] == "7" + trump
                check_cards_in_one_place(m)
                found += 1
            else:
                m.apply_action(rng.choice(m.legal_actions()))
    assert found > 0
