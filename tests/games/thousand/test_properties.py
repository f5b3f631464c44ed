"""Invariants of ThousandMatch under random legal play, for every preset (hypothesis).

- every card is in exactly one place (a hand, the talon or a pile, the discards, the tricks);
- in a played deal the card points in tricks are 120 (two players: with the declarer's discards,
  less the pile out of play), and the sheet's points are those plus the declared marriages;
- resample keeps the seat's observation, and depends only on it: redistributing the hidden
  cards (a resample with another rng) does not change what resample returns for a fixed rng;
- an illegal action is refused and changes nothing;
- whole matches end, and the totals are the sums of the sheet's scores.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.core.errors import IllegalActionError
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import POINTS

PRESETS = list(ThousandRules.PRESETS)
FLAGS = ["blind_bid", "hide_talon_on_forced_100", "ace_marriage", "must_beat",
         "marriage_on_first_trick", "redeal_poor_talon", "no_shuffle"]


def dump(obj: Any) -> str:
    """Return ``obj`` as canonical JSON."""
    return json.dumps(obj, sort_keys=True)


def places(m: ThousandMatch) -> list[int]:
    """Return the masks of every place a card can be in the open deal."""
    out = list(m._hands)
    talon_taken = m._declarer >= 0 and (m._n != 2 or m._taken_pile >= 0)
    if m._n != 2 and not talon_taken:
        out.append(m._talon)
    if m._n == 2:
        out.extend(p for i, p in enumerate(m._piles) if i != m._taken_pile)
        out.append(m._discards)
    out.extend(1 << c for c in m._played)
    out.extend(1 << c for c in m._trick)
    return out


def check_cards(m: ThousandMatch) -> None:
    """Check that the 24 cards are each in exactly one place."""
    seen = 0
    for p in places(m):
        assert not seen & p, "a card is in two places"
        seen |= p
    assert seen.bit_count() == 24


def marriage_total(m: ThousandMatch) -> int:
    """Return the value of the marriages declared in the deal."""
    values = dict(zip("SCDH", m.rules.marriages, strict=True))
    total = 0
    for e in m._log:
        action = e >> 3
        if A.MARRIAGE <= action < 64:
            c = action & 31
            total += 200 if c & 7 == 7 else values["SCDH"[c >> 3]]
    return total


def check_resample(m: ThousandMatch, seat: int, k: int) -> None:
    """Check resample against the observation, and its independence of the hidden cards."""
    obs = dump(m.observation(seat))
    twin = m.resample(seat, random.Random(k))
    assert dump(twin.observation(seat)) == obs
    check_cards(twin)
    if twin.resample_consistent:
        replay_open_deal(twin)
    a = m.resample(seat, random.Random(k + 1))
    b = twin.resample(seat, random.Random(k + 1))
    assert a._hands == b._hands and a._talon == b._talon and a._piles == b._piles
    assert a._discards == b._discards and a.record_deals() == b.record_deals()


def replay_open_deal(m: ThousandMatch) -> None:
    """Check that the open deal's record (cards and actions), replayed, reaches ``m``'s cards.

    For a resample this shows that its rewritten past is one in which every action was legal.
    """
    fresh = m.clone()
    fresh._phase = 0  # awaiting the deal again, with the same match score
    fresh._deals.pop()
    rec = m.record_deals()[-1]
    fresh.deal({"hands": rec["hands"], "talon": rec["talon"]})
    for text in rec["actions"]:
        fresh.apply(text)
    assert fresh._hands == m._hands and fresh._trick == m._trick
    assert fresh.observation(None) == m.observation(None)


def snapshot(m: ThousandMatch) -> str:
    """Return everything visible of ``m``."""
    seats: list[int | None] = [None, *range(m.players)]
    return dump([[m.observation(s) for s in seats], m.record_deals(), m.totals])


ACTION_SAMPLES = [A.PASS, A.REDEAL, A.KEEP, A.BLIND, A.WRITEOFF, A.TAKE, A.TRUMP + 2,
                  A.bid(100), A.bid(125), A.bid(400), A.contract(90), A.contract(130),
                  A.give(0, 31), A.give(1, 2), A.give(2, 20), A.DISCARD + 7, 2, 15, 31,
                  A.MARRIAGE + 13, A.MARRIAGE + 29, 12345]


def play_deal(m: ThousandMatch, rng: random.Random, resample_every: int) -> None:
    """Play the open deal at random, checking the invariants as it goes."""
    step = 0
    while not m.awaiting_deal and not m.is_over:
        check_cards(m)
        seat = m.current_player()
        assert seat is not None
        legal = m.legal_actions()
        assert legal, f"no legal action in phase {m.phase}"
        if step % resample_every == 0:
            check_resample(m, seat, step)
            before = snapshot(m)
            for a in rng.sample(ACTION_SAMPLES, 4):
                if a not in legal:
                    with pytest.raises(IllegalActionError):
                        m.apply(a)
                    assert m.why_illegal(a)
            with pytest.raises(IllegalActionError, match="turn"):
                m.apply(legal[0], (seat + 1) % m.players)
            assert snapshot(m) == before
        assert all(m.why_illegal(a) is None for a in legal)
        m.apply_action(rng.choice(legal))
        step += 1


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**31),
       flags=st.lists(st.sampled_from(FLAGS), max_size=3, unique=True))
def test_random_deals_keep_the_invariants(preset: str, seed: int, flags: list[str]) -> None:
    rules = ThousandRules.from_preset(preset, **dict.fromkeys(flags, True))
    m = ThousandMatch(rules, seed=seed)
    rng = random.Random(seed)
    m.deal()
    play_deal(m, rng, resample_every=3)
    check_played_deal(m)
    if not m.is_over:
        m.deal()
        play_deal(m, rng, resample_every=5)
        check_played_deal(m)


def check_played_deal(m: ThousandMatch) -> None:
    """Check the card points of a deal that was just played."""
    row = m.sheet[-1]
    marks = {mark for seat_marks in row.marks for mark in seat_marks}
    if row.contract is not None and "P" not in marks:  # a played deal
        in_tricks = sum(POINTS[c] for c in m._played)
        assert sum(m._taken) == in_tricks
        if m._n == 2:
            unused = m._piles[1 - m._taken_pile]
            assert in_tricks + sum(POINTS[c] for c in range(32) if m._discards >> c & 1) \
                == 120 - sum(POINTS[c] for c in range(32) if unused >> c & 1)
        else:
            assert in_tricks == 120
        assert sum(row.points) == sum(m._taken) + marriage_total(m) + (
            sum(POINTS[c] for c in range(32) if m._discards >> c & 1) if m._n == 2 else 0)
        assert sum(m._tricks) == (10 if m._n == 2 else 8)


def sensible(m: ThousandMatch, rng: random.Random) -> int:
    """Return a quick policy's action: pass, keep, play the bid; greedy cards, marriages."""
    legal = m.legal_actions()
    phase = m.phase
    if phase == "redeal":
        return A.KEEP
    if phase == "bidding":
        return A.PASS if A.PASS in legal else legal[-1]
    if phase in ("talon", "contract"):
        ok = [a for a in legal if a not in (A.WRITEOFF, A.REDEAL)] or legal
        return ok[0] if phase == "contract" else rng.choice(ok)
    marriages = [a for a in legal if A.MARRIAGE <= a < 64]
    if marriages:
        return marriages[0]
    if rng.random() < 0.3:
        return rng.choice(legal)
    return max(legal, key=lambda a: (a & 7, rng.random()))


@pytest.mark.parametrize("preset", PRESETS)
def test_whole_matches_end_and_totals_add_up(preset: str) -> None:
    for seed in range(2):
        m = ThousandMatch(ThousandRules.from_preset(preset), seed=seed)
        rng = random.Random(seed)
        while not m.is_over and m.deal_index < 400:
            if m.awaiting_deal:
                m.deal()
                continue
            m.apply_action(sensible(m, rng))
        assert m.is_over and m.winner is not None
        assert m.current_player() is None and not m.awaiting_deal and m.phase == "over"
        running = [0] * m.players
        for row in m.sheet:
            running = [t + s for t, s in zip(running, row.scores, strict=True)]
            assert list(row.totals) == running
        assert m.totals == running and len(m.sheet) == len(m.record_deals()) == m.deal_index
        assert m.totals[m.winner] >= m.rules.target
