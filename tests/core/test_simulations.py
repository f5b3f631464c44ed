"""Random full-game simulations for every game and preset (OpenSpiel's random_sim_test).

Whatever the game, random legal play must keep these true:
- the sheet's totals are the running sums of its scores, and ``totals`` matches the last row;
- every observation is JSON data, and a seat's observation is unchanged by ``resample`` for that
  seat (so it holds nothing about the cards the seat cannot see, and resample respects it);
- a sample keeps neither the seed nor earlier deals' records (they hold unseen cards);
- a pickled match comes back the same (the server's bot workers receive pickles);
- an illegal action is refused with IllegalActionError and changes nothing;
- writing the record and replaying it reproduces the same sheet and the same observations.
"""

from __future__ import annotations

import json
import pickle
import random

import pytest

from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.match import Match
from kozyr.games import GAMES, match_class, new_match
from kozyr.records import replay_record, write_record

MAX_DEALS = 40


def _cases() -> list[tuple[str, str]]:
    out = []
    for game in GAMES:
        try:
            presets = match_class(game).RULES.PRESETS
        except (ImportError, AttributeError):
            continue  # an engine that has not landed yet
        out.extend((game, p) for p in presets)
    return out


def _observations(m: Match) -> list[str]:
    seats: list[int | None] = [None, *range(m.players)]
    return [json.dumps(m.observation(s), sort_keys=True) for s in seats]


def _check_sheet(m: Match) -> None:
    running = [0] * m.players
    for row in m.sheet:
        running = [t + s for t, s in zip(running, row.scores, strict=True)]
        assert list(row.totals) == running
    assert list(m.totals) == running


def _check_sample_forgets(m: Match, sample: Match) -> None:
    """A sample keeps nothing true but unseen: not the seed, not earlier deals' cards."""
    assert sample.seed != m.seed
    try:
        deals = sample.record_deals()
    except RecordError:
        deals = []
    assert len(deals) <= 1


def _illegal_texts(m: Match) -> list[str]:
    legal = set(m.legal_actions())
    candidates = ["bid 1000", "play 7S", "play AH", "play KD marriage", "contract 5", "take 3",
                  "give 9 AS", "swap7", "declare", "trump X", "nonsense", ""]
    out = []
    for t in candidates:
        try:
            if m.parse_action(t) in legal:
                continue  # another spelling of a legal action (Bezique's card without digit)
        except IllegalActionError:
            pass
        out.append(t)
    return out


@pytest.mark.parametrize(("game", "preset"), _cases())
def test_random_matches(game: str, preset: str) -> None:
    rng = random.Random(f"{game}:{preset}")
    for seed in range(3):
        m = new_match(game, preset, seed=seed)
        steps = 0
        while not m.is_over and m.deal_index < MAX_DEALS:
            if m.awaiting_deal:
                m.deal()
                continue
            steps += 1
            if steps % 7 == 0:
                seat = m.current_player()
                assert seat is not None
                before = _observations(m)
                sample = m.resample(seat, random.Random(steps))
                assert json.dumps(sample.observation(seat), sort_keys=True) == before[seat + 1]
                _check_sample_forgets(m, sample)
                thawed = pickle.loads(pickle.dumps(m))  # the server's bot pool pickles matches
                assert _observations(thawed) == before
                assert thawed.legal_actions() == m.legal_actions()
                for text in _illegal_texts(m)[:3]:
                    with pytest.raises(IllegalActionError):
                        m.apply(text)
                    assert _observations(m) == before
            m.apply(rng.choice(m.legal_texts()))
        _check_sheet(m)
        record = write_record(m)
        again = replay_record(json.loads(json.dumps(record))).match
        assert [r.to_json() for r in again.sheet] == [r.to_json() for r in m.sheet]
        assert _observations(again) == _observations(m)
        assert again.is_over == m.is_over and again.winner == m.winner
