"""Records (spec/records.md) round trip: a written record replays to the same match.

- ``write_record`` -> JSON text -> ``replay_record`` gives a match with the same snapshot (the
  sheet, totals and winner, every observation, the seat to act and its legal actions), cut
  anywhere: inside a deal, between deals, at the end of a match (after the steps a record
  implies but does not write, ``Match.unwritten_actions``, are applied to the replay).
- Drawn deals (``m.deal(rng=...)``, the live room's) replay from their explicit cards: the same
  cards dealt explicitly make the same match, and a record without the seed replays it all;
  a drawn deal depends on the rng, not on the seed.
- Dealing when no deal is due, or from cards that are no deal, is refused and changes nothing.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.match import Match
from kozyr.records import dump_record, load_record, replay_record, write_record
from tests.conformance.cases import CARD, bot_walk, cases, deal_cards, fresh, snapshot, walk

DEALS = 3
#: Write and replay the record at every this many decisions.
CUT_EVERY = 7


def _replayed(m: Match, *, seed: bool = True) -> Match:
    record = load_record(dump_record(write_record(m, seed=seed)))
    return replay_record(record).match


def _check_round_trip(m: Match) -> None:
    again = _replayed(m)
    for action in m.unwritten_actions():  # steps no record writes (Bezique's draw)
        again.apply(action)
    assert snapshot(again) == snapshot(m), "the replayed record is another match"
    assert again.winner == m.winner and again.is_over == m.is_over


@pytest.mark.parametrize(("game", "preset"), cases())
def test_a_written_record_replays_to_the_same_match(game: str, preset: str) -> None:
    m = fresh(game, preset, seed=5, first_dealer=1)
    _check_round_trip(m)
    cuts = 0
    for step, _ in enumerate(walk(m, random.Random(f"{game}:{preset}:record"), deals=DEALS)):
        if step % CUT_EVERY == 0:
            _check_round_trip(m)
            cuts += 1
    _check_round_trip(m)
    assert cuts > 1


@pytest.mark.parametrize(("game", "preset"), cases())
def test_a_finished_match_replays_to_the_same_sheet_totals_and_winner(
        game: str, preset: str) -> None:
    m = fresh(game, preset, seed=17)
    for _ in bot_walk(m, seed=17, deals=300):
        pass
    assert m.is_over
    replay = replay_record(load_record(dump_record(write_record(m))))
    assert snapshot(replay.match) == snapshot(m)
    summary = replay.summary()
    assert summary["deals"] == [row.to_json() for row in m.sheet]
    assert summary["totals"] == list(m.totals) and summary["winner"] == m.winner
    assert summary["complete"] is True and summary["open_deal"] is None


@pytest.mark.parametrize(("game", "preset"), cases())
def test_drawn_deals_replay_from_their_explicit_cards(game: str, preset: str) -> None:
    m = fresh(game, preset, seed=0, first_dealer=0)
    play = random.Random(f"{game}:{preset}:drawn")
    dealt = 0
    while not m.is_over and dealt < DEALS:
        if m.awaiting_deal:
            twin = m.clone()
            m.deal(rng=random.Random(f"{game}:{preset}:{m.deal_index}"))
            twin.deal(deal_cards(m))
            assert snapshot(twin) == snapshot(m), "the drawn cards dealt again differ"
            dealt += 1
            continue
        m.apply_action(play.choice(m.legal_actions()))
    again = _replayed(m, seed=False)
    assert snapshot(again, seed=False) == snapshot(m, seed=False)


@pytest.mark.parametrize(("game", "preset"), cases())
def test_a_drawn_deal_depends_on_the_rng_not_on_the_seed(game: str, preset: str) -> None:
    def drawn(seed: int, rng: random.Random | None) -> dict[str, Any]:
        m = fresh(game, preset, seed=seed, first_dealer=0)
        m.deal(rng=rng)
        return deal_cards(m)

    first = drawn(0, random.Random(99))
    assert drawn(1, random.Random(99)) == drawn(2**40, random.Random(99)) == first
    assert drawn(0, random.Random(100)) != first
    assert drawn(0, None) == drawn(0, None) != first  # the seeded path: from the seed alone


def _broken_deals(cards: dict[str, Any]) -> list[dict[str, Any]]:
    """Return variants of a deal's cards that are no deal: a card short, twice, unknown..."""
    keys = list(cards)
    out: list[dict[str, Any]] = [{}, {k: cards[k] for k in keys[:-1]}]

    def edit(key: str, index: int | None, change: Any) -> None:
        broken = copy.deepcopy(cards)
        if index is None:
            broken[key] = change(broken[key])
        else:
            broken[key][index] = change(broken[key][index])
        out.append(broken)

    for key in keys:
        value = cards[key]
        piles = [(key, i, p) for i, p in enumerate(value)] if isinstance(value, list) \
            else [(key, None, value)]
        for k, i, pile in piles[:2]:
            words = CARD.findall(pile)
            if not words:
                continue
            edit(k, i, lambda p, w=words: " ".join(w[:-1]))  # a card short
            edit(k, i, lambda p, w=words: " ".join([*w[:-1], w[0]]))  # a card twice
            edit(k, i, lambda p, w=words: " ".join([*w[:-1], "XX"]))  # no card
        if isinstance(value, list):
            broken = copy.deepcopy(cards)
            broken[key] = value[:-1]  # a pile short
            out.append(broken)
    return out


@pytest.mark.parametrize(("game", "preset"), cases())
def test_dealing_out_of_turn_or_from_no_deal_is_refused_and_changes_nothing(
        game: str, preset: str) -> None:
    m = fresh(game, preset, seed=2)
    m.deal()
    cards = deal_cards(m)
    before = snapshot(m)
    with pytest.raises(IllegalActionError):
        m.deal()
    with pytest.raises(IllegalActionError):
        m.deal(rng=random.Random(1))
    assert snapshot(m) == before
    waiting = fresh(game, preset, seed=2)
    before = snapshot(waiting)
    broken = _broken_deals(cards)
    assert len(broken) > 4
    for bad in broken:
        if bad == cards:
            continue
        with pytest.raises(RecordError):
            waiting.deal(bad)
        assert snapshot(waiting) == before, f"a refused deal changed the match: {bad}"
    waiting.deal(cards)
    assert snapshot(waiting) == snapshot(m)
