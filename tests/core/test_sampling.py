"""The core sampler: unseen cards dealt into places of given sizes, consistently with what a
seat knows (forbidden masks, count limits, whole-deal checks), and slot matching."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.cards import SUIT_MASK, hand_of, parse_cards, parse_hand
from kozyr.core.sampling import NoDealFits, deal_unseen, match_slots
from kozyr.games import new_match


def test_a_hand_worked_deal_with_a_void() -> None:
    pool = parse_cards("AS KS QS AH KH QH")
    spades = SUIT_MASK[0]
    for r in range(30):
        west, stock = deal_unseen(pool, [3, 3], random.Random(r), forbidden=[spades, 0])
        assert hand_of(west) == parse_hand("AH KH QH")  # west is void in spades: all hearts
        assert hand_of(stock) == parse_hand("AS KS QS")


def test_sizes_must_add_up() -> None:
    with pytest.raises(NoDealFits):
        deal_unseen([1, 2, 3], [1, 1], random.Random(0))
    with pytest.raises(NoDealFits):
        deal_unseen([1, 2], [3, -1], random.Random(0))


def test_accept_is_asked_of_whole_deals() -> None:
    pool = list(range(8))
    seen: list[list[list[int]]] = []

    def accept(groups: list[list[int]]) -> bool:
        seen.append(groups)
        return 0 in groups[0]

    for r in range(20):
        hand, _ = deal_unseen(pool, [2, 6], random.Random(r), accept=accept, tries=1000)
        assert 0 in hand
    assert all(sorted(a + b) == pool for a, b in seen)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_forbidden_masks_always_find_a_deal_when_one_exists(seed: int) -> None:
    rng = random.Random(seed)
    pool = sorted(rng.sample(range(32), rng.randrange(4, 24)))
    k = rng.randrange(1, 5)
    truth = [rng.randrange(k) for _ in pool]              # one deal that fits
    sizes = [truth.count(g) for g in range(k)]
    allowed = []
    for g in range(k):
        mask = sum(1 << c for c, t in zip(pool, truth, strict=True) if t == g)
        allowed.append(mask | sum(1 << c for c in pool if rng.random() < 0.4))
    forbidden = [~a & 0xFFFFFFFF for a in allowed]
    out = deal_unseen(pool, sizes, random.Random(seed + 1), forbidden=forbidden)
    assert [len(x) for x in out] == sizes                  # pile sizes
    assert sorted(c for x in out for c in x) == pool       # every unseen card, once
    for g in range(k):
        assert hand_of(out[g]) & forbidden[g] == 0         # voids respected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_count_limits_are_met_when_possible(seed: int) -> None:
    rng = random.Random(seed)
    pool = sorted(rng.sample(range(32), rng.randrange(6, 20)))
    need = rng.randrange(1, len(pool))
    mask = sum(1 << c for c in pool if rng.random() < 0.5)
    room = (hand_of(pool) & ~mask).bit_count()
    most = max(0, need - room)                              # the tightest limit that fits
    most = rng.randrange(most, need + 1)
    hand, rest = deal_unseen(pool, [need, len(pool) - need], random.Random(seed),
                             limits=[[(mask, most)], []], tries=64)
    assert len(hand) == need and sorted(hand + rest) == pool
    assert (hand_of(hand) & mask).bit_count() <= most


def test_count_limits_only_on_the_first_place() -> None:
    with pytest.raises(ValueError, match="first place"):
        deal_unseen([1, 2], [1, 1], random.Random(0), limits=[[], [(3, 0)]])


def test_match_slots_moves_earlier_cards_along() -> None:
    assert match_slots([5, 1, 2], [0b110, 0b100000, 0b111]) == [1, 5, 2]
    with pytest.raises(NoDealFits):
        match_slots([1, 2], [0b10, 0b10])


def _play_to(m: object, rng: random.Random, steps: int) -> None:
    from kozyr.core.match import Match
    assert isinstance(m, Match)
    for _ in range(steps):
        if m.is_over:
            return
        if m.awaiting_deal:
            m.deal()
            continue
        m.apply_action(rng.choice(m.legal_actions()))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([("debertz", "debertz2"), ("debertz", "debertz3"),
                        ("debertz", "debertz4"), ("tertz", "tertz")]),
       st.integers(0, 10**6), st.integers(0, 60))
def test_a_sample_keeps_what_the_seat_knows(game: tuple[str, str], seed: int,
                                            steps: int) -> None:
    """A resample (the games' use of the sampler) keeps the seat's observation, its hand,
    every hand size and the cards known to be held; shown voids hold."""
    m = new_match(game[0], game[1], seed=seed)
    _play_to(m, random.Random(seed), steps)
    if m.current_player() is None:
        return
    seat = m.current_player()
    assert seat is not None
    sample = m.resample(seat, random.Random(seed + 1))
    assert sample.observation(seat) == m.observation(seat)
    known = m.observation(None).get("known")
    if known is not None:  # Tertz: the cards each seat is known to hold stay with it
        for s, text in enumerate(known):
            held = parse_hand(text) if text else 0
            hand = sample.observation(s)["hand"]
            assert parse_hand(hand or "") & held == held
    assert sample.seed != m.seed or m.awaiting_deal
