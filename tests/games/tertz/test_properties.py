"""Tertz invariants under random play (hypothesis) and random full-match simulations.

- every card is in exactly one place: a hand, the stock, the turned card, or played;
- a played deal's card points with the last trick make 150, and each row is the §6 split of
  them plus the combinations that score (counted here from what was shown);
- totals are the running sums of the sheet's scores;
- resample keeps the seat's (and a spectator's) observation, depends only on the observation
  and the rng, and respects known cards and shown voids;
- random matches end at 501 with the higher total, the last trick's winner dealing next.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.cards import FULL_DECK, SUIT_MASK, hand_of
from kozyr.games.tertz import TertzMatch, TertzRules
from kozyr.records import replay_record, write_record

PLAIN = {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1}
TRUMP = {"J": 20, "9": 13, "A": 11, "T": 10, "K": 3, "Q": 2}
NATURAL = "789TJQKA"


def check_cards(m: TertzMatch) -> None:
    places = [m._hands[0], m._hands[1], m._gone, hand_of(m._stock[m._sp:])]
    assert hand_of(m._stock[m._sp:]).bit_count() == len(m._stock) - m._sp
    if m._turned >= 0:
        places.append(1 << m._turned)
    union = 0
    for p in places:
        assert union & p == 0
        union |= p
    assert union == FULL_DECK


def combo_key(c: dict[str, Any], trump: str) -> tuple[int, int, int]:
    cards = c["cards"].split()
    top = max(NATURAL.index(x[0]) for x in cards)
    return len(cards), top, int(c["kind"] == "four" or cards[0][1] == trump)


class DealWatcher:
    """Follow one deal through observations and check its row independently of the engine."""

    def __init__(self, m: TertzMatch) -> None:
        self.trump: str = m.observation(None)["trump"]
        self.dealer = m.dealer
        self.shown_at: list[int | None] = [None, None]
        self.steps = 0
        self.obs: dict[str, Any] = {}

    def after(self, m: TertzMatch) -> None:
        self.steps += 1
        self.obs = m.observation(None)
        for s in (0, 1):
            if self.shown_at[s] is None and any(
                    c["kind"] != "marriage" for c in self.obs["combinations"][s]):
                self.shown_at[s] = self.steps

    def check_row(self, m: TertzMatch) -> tuple[int, int]:
        obs = self.obs
        plays = [(s, t.split()[1]) for s, t in obs["history"] if t.startswith("play")]
        assert len(plays) == 32
        points, tricks, last = [0, 0], [0, 0], -1
        for i in range(0, 32, 2):
            (leader, a), (_, b) = plays[i], plays[i + 1]
            order = "78QKTA9J" if a[1] == self.trump else "789JQKTA"
            second = (order.index(b[0]) > order.index(a[0])) if b[1] == a[1] \
                else b[1] == self.trump
            last = 1 - leader if second else leader
            tricks[last] += 1
            points[last] += sum((TRUMP if c[1] == self.trump else PLAIN).get(c[0], 0)
                                for c in (a, b))
        points[last] += 10
        assert sum(points) == 150
        counter = ((0 if tricks[0] < tricks[1] else 1) if tricks[0] != tricks[1]
                   else 1 - last)
        mine = (points[counter] + 4) // 10 * 10
        split = [150 - mine, 150 - mine]
        split[counter] = mine
        combos = obs["combinations"]
        extra = [20 * any(c["kind"] == "marriage" for c in combos[s]) for s in (0, 1)]
        keys = [max((combo_key(c, self.trump) for c in combos[s] if c["kind"] != "marriage"),
                    default=None) for s in (0, 1)]
        shown = [k is not None for k in keys]
        win = None
        if shown[0] and shown[1]:
            k0, k1 = keys
            assert k0 is not None and k1 is not None
            at0, at1 = self.shown_at
            assert at0 is not None and at1 is not None
            win = 0 if k0 > k1 or (k0 == k1 and at0 < at1) else 1
        elif shown[0] or shown[1]:
            win = 0 if shown[0] else 1
        if win is not None:
            extra[win] += sum(c["value"] for c in combos[win] if c["kind"] != "marriage")
        row = m.sheet[-1]
        assert row.dealer == self.dealer
        assert list(row.points) == [points[0] + extra[0], points[1] + extra[1]]
        assert list(row.scores) == [split[0] + extra[0], split[1] + extra[1]]
        assert m.dealer == last or m.is_over
        return tricks[0], tricks[1]


def play_deal(m: TertzMatch, rng: random.Random) -> tuple[int, int]:
    """Deal and play one deal at random, checking the card invariant at every step."""
    m.deal()
    w = DealWatcher(m)
    assert m.current_player() == 1 - m.dealer
    index = m.deal_index
    while m.deal_index == index:
        check_cards(m)
        m.apply_action(rng.choice(m.legal_actions()))
        w.after(m)
    return w.check_row(m)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), policy=st.integers(0, 10**6), free=st.booleans())
def test_random_deal_invariants(seed: int, policy: int, free: bool) -> None:
    m = TertzMatch(TertzRules.from_preset(free_trump_jack=free), seed=seed)
    rng = random.Random(policy)
    for _ in range(2):
        if m.is_over:
            break
        play_deal(m, rng)
    running = [0, 0]
    for row in m.sheet:
        running = [running[i] + row.scores[i] for i in (0, 1)]
        assert list(row.totals) == running
    assert m.totals == running


def _hidden(m: TertzMatch) -> tuple[Any, ...]:
    return tuple(m._hands), tuple(m._stock[m._sp:]), m._turned


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), policy=st.integers(0, 10**6),
       stop=st.integers(0, 40), a=st.integers(0, 10**6), b=st.integers(0, 10**6))
def test_resample_keeps_the_observation_and_depends_only_on_it(
        seed: int, policy: int, stop: int, a: int, b: int) -> None:
    m = TertzMatch(TertzRules.from_preset(), seed=seed)
    m.deal()
    rng = random.Random(policy)
    for _ in range(stop):
        if m.current_player() is None:
            break
        m.apply_action(rng.choice(m.legal_actions()))
    if m.current_player() is None:
        return
    for seat in (0, 1):
        views = [json.dumps(m.observation(s), sort_keys=True) for s in (None, seat)]
        other = m.resample(seat, random.Random(a))
        check_cards(other)
        # the hidden cards were redistributed, the seat's and a spectator's view are the same
        assert [json.dumps(other.observation(s), sort_keys=True) for s in (None, seat)] == views
        assert other._hands[seat] == m._hands[seat]
        assert other._hands[1 - seat] & m._known[1 - seat] == m._known[1 - seat]
        # the same rng on two positions with the same observation gives the same deal
        x = m.resample(seat, random.Random(b))
        y = other.resample(seat, random.Random(b))
        assert _hidden(x) == _hidden(y)
        # and a resampled position plays on to the end of the deal
        index = other.deal_index
        while other.deal_index == index:
            other.apply_action(rng.choice(other.legal_actions()))
            check_cards(other)


def test_resample_respects_a_shown_void() -> None:
    # trump hearts; seat 1 is void in spades and trumps and discards 7C on the AS
    m = TertzMatch(TertzRules.from_preset(), first_dealer=1)
    m.deal({"hands": ["AS KS QS JS TS 9S 8S 7S 7H", "7C 8C 9C TC JC QC KC AC 7D"],
            "stock": "AH 8D 9D TD JD QD KD AD 8H 9H TH JH QH KH"})
    m.apply("play AS")
    m.apply("play 7C")       # he drew one hidden card since: at most one spade or trump
    forbidden = SUIT_MASK[0] | (SUIT_MASK[3] & ~(1 << (3 * 8 + 3)))   # all but the jack of trump
    pool = FULL_DECK & ~(m._hands[0] | m._gone | 1 << m._turned)
    assert (pool & forbidden).bit_count() > 1                     # the limit can bite
    counts = set()
    for r in range(60):
        sample = m.resample(0, random.Random(r))
        n = (sample._hands[1] & forbidden).bit_count()
        assert n <= 1
        counts.add(n)
    assert counts == {0, 1}


def test_random_matches() -> None:
    rng = random.Random(2026)
    eight_eight = 0
    for seed in range(12):
        free = seed % 2 == 0
        m = TertzMatch(TertzRules.from_preset(free_trump_jack=free), seed=seed)
        while not m.is_over:
            tricks = play_deal(m, rng)
            eight_eight += tricks == (8, 8)
            assert m.deal_index < 60
        t0, t1 = m.totals
        assert max(t0, t1) >= 501 and t0 != t1 and m.winner == (0 if t0 > t1 else 1)
        if len(m.sheet) > 1:
            before = m.sheet[-2].totals
            assert max(before) < 501 or before[0] == before[1]
        again = replay_record(json.loads(json.dumps(write_record(m)))).match
        assert [r.to_json() for r in again.sheet] == [r.to_json() for r in m.sheet]
        assert again.observation(0) == m.observation(0)
    assert eight_eight > 0
