"""Hidden information: what a seat sees depends only on what it may know.

- Redistributing the cards a seat cannot see (``Match.resample``) leaves its observation, and
  its legal actions when it is to act, unchanged; two redistributions agree with each other;
  resampling changes nothing in the match; a sample plays on.
- No observation names a card hidden from its viewer: a seat sees its own hand, what a
  spectator sees and the cards of its own actions, nothing of the other hands or the
  undealt cards; and a spectator sees nothing that some seat does not.

Both are checked over seeded deals and over drawn ones (the live room's), before the first
deal, at every few decisions, between deals and at the end.
"""

from __future__ import annotations

import random

import pytest

from kozyr.core.match import Match
from tests.conformance.cases import (
    cards_in,
    cases,
    deal_cards,
    fresh,
    hand_of,
    own_actions_cards,
    snapshot,
    walk,
)
from tests.conformance.invariants import check_lifecycle

SEEDS = 2
DEALS = 3
#: Resample at every this many decisions (each seat, twice).
RESAMPLE_EVERY = 5


def _drawn(seed: int) -> random.Random | None:
    """Return the deals' rng: odd seeds draw their deals as a live table does, even ones don't."""
    return random.Random(seed) if seed % 2 else None


def _play_to_the_end_of_the_deal(sample: Match, rng: random.Random) -> None:
    if sample.awaiting_deal:
        sample.deal()
    deal = sample.deal_index
    while not sample.is_over and not sample.awaiting_deal:
        check_lifecycle(sample)
        sample.apply_action(rng.choice(sample.legal_actions()))
    assert sample.is_over or sample.deal_index == deal + 1


@pytest.mark.parametrize(("game", "preset"), cases())
def test_a_resample_keeps_the_seats_observation_and_legal_actions(game: str, preset: str) -> None:
    rng = random.Random(f"{game}:{preset}")
    samples = moved = 0
    for seed in range(SEEDS):
        m = fresh(game, preset, seed)
        for step, _ in enumerate(walk(m, rng, deals=DEALS, deal_rng=_drawn(seed), between=True)):
            if step % RESAMPLE_EVERY and m.current_player() is not None:
                continue  # between deals and at the end: always
            before = snapshot(m)
            to_act = m.current_player()
            for seat in range(m.players):
                seen = m.observation(seat)
                a = m.resample(seat, random.Random(f"{seed}:{step}:{seat}"))
                b = m.resample(seat, random.Random(f"{seed}:{step}:{seat}:again"))
                assert a.observation(seat) == seen, f"seat {seat}'s sample changed what it sees"
                assert b.observation(seat) == seen
                assert a.current_player() == b.current_player() == to_act
                if seat == to_act:
                    assert a.legal_actions() == b.legal_actions() == m.legal_actions()
                samples += 1
                others = [j for j in range(m.players) if j != seat]
                if any(hand_of(a, j) != hand_of(m, j) for j in others):
                    moved += 1
                if seat == (to_act or 0) and step % (2 * RESAMPLE_EVERY) == 0:
                    _play_to_the_end_of_the_deal(a, random.Random(step))
            assert snapshot(m) == before, "resampling changed the match"
    assert samples > 0
    assert moved > 0, "no sample ever dealt the hidden cards differently"


def check_no_hidden_card_shown(m: Match) -> None:
    """Assert that no viewer's observation names a card hidden from it (module doc)."""
    dealt = cards_in(deal_cards(m))
    hands = {j: hand_of(m, j) for j in range(m.players)}
    public = cards_in(m.observation(None))
    seen = {j: cards_in(m.observation(j)) for j in range(m.players)}
    for s in range(m.players):
        obs = m.observation(s)
        hidden = dealt - hands[s] - public - own_actions_cards(obs, s)
        shown = seen[s] & hidden
        if shown:
            whose = {c: [j for j in range(m.players) if c in hands[j]] or "no hand"
                     for c in sorted(shown)}
            pytest.fail(f"seat {s} sees {whose} in phase {m.phase}: {obs}")
    for s in range(m.players):
        extra = public - seen[s]
        assert not extra, f"a spectator sees {sorted(extra)}, which seat {s} does not"


@pytest.mark.parametrize(("game", "preset"), cases())
def test_no_observation_shows_a_card_hidden_from_its_viewer(game: str, preset: str) -> None:
    rng = random.Random(f"{game}:{preset}:hidden")
    for seed in range(SEEDS):
        m = fresh(game, preset, seed)
        for _ in walk(m, rng, deals=DEALS, deal_rng=_drawn(seed), between=True):
            if m.record_deals():
                check_no_hidden_card_shown(m)
