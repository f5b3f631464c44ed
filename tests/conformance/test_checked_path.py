"""The checked path (``check``/``apply``) accepts exactly the legal actions and refuses the rest.

- ``why_illegal(a) is None`` exactly when ``a`` is in ``legal_actions()``, over a spread of
  action ids (small ones, the legal ones' neighbours, far ones); a refusal is a sentence;
  ``check`` returns a legal action as it is given, as an int or as its text.
- An action id that is not legal, an illegal action's text and malformed text are refused with
  :class:`IllegalActionError` by ``check`` and by ``apply``, and change nothing (the record
  and every observation stay the same); so is any action between deals or after the end.
"""

from __future__ import annotations

import random

import pytest

from kozyr.core.errors import IllegalActionError
from kozyr.core.match import Match
from tests.conformance.cases import MALFORMED, candidate_ids, cases, fresh, snapshot, walk

DEALS = 2
#: Check at every this many decisions; try this many illegal ids each time.
CHECK_EVERY = 3
WRONG_IDS = 8


def _refused(m: Match, action: int | str) -> None:
    with pytest.raises(IllegalActionError) as checked:
        m.check(action)
    with pytest.raises(IllegalActionError) as applied:
        m.apply(action)
    assert str(checked.value) == str(applied.value)
    assert str(checked.value).strip(), "a refusal says why"


def _wrong_texts(m: Match, wrong_ids: list[int]) -> list[str]:
    """Return illegal texts: the texts of illegal ids, and malformed ones, none of them legal."""
    legal = set(m.legal_actions())
    out = []
    for text in [m.action_to_text_safe(a) for a in wrong_ids] + MALFORMED:
        try:
            if m.parse_action(text) in legal:
                continue  # another spelling of a legal action
        except IllegalActionError:
            pass
        out.append(text)
    return out


@pytest.mark.parametrize(("game", "preset"), cases())
def test_why_illegal_is_none_exactly_for_the_legal_actions(game: str, preset: str) -> None:
    rng = random.Random(f"{game}:{preset}:legal")
    checked = 0
    for seed in range(2):
        m = fresh(game, preset, seed)
        for step, _ in enumerate(walk(m, rng, deals=DEALS)):
            if step % CHECK_EVERY:
                continue
            legal = m.legal_actions()
            for a in candidate_ids(m):
                why = m.why_illegal(a)
                assert (why is None) == (a in legal), \
                    f"action {a} ({m.action_to_text_safe(a)}): why_illegal says {why!r}"
                assert why is None or (isinstance(why, str) and why.strip())
            for a in legal:
                text = m.action_to_text(a)
                assert m.parse_action(text) == a == m.check(a) == m.check(text)
            assert [m.parse_action(t) for t in m.legal_texts()] == legal
            checked += 1
    assert checked > 5


@pytest.mark.parametrize(("game", "preset"), cases())
def test_illegal_actions_are_refused_and_change_nothing(game: str, preset: str) -> None:
    rng = random.Random(f"{game}:{preset}:illegal")
    m = fresh(game, preset, seed=4)
    before = snapshot(m)
    for action in [0, 1, "pass", "play AS", *MALFORMED]:
        _refused(m, action)  # nothing is possible before the first deal
    assert snapshot(m) == before
    last_legal: list[int] = []
    for step, _ in enumerate(walk(m, rng, deals=DEALS)):
        last_legal = m.legal_actions()
        if step % CHECK_EVERY:
            continue
        before = snapshot(m)
        legal = set(last_legal)
        wrong = [a for a in candidate_ids(m) if a not in legal]
        wrong_ids = rng.sample(wrong, min(WRONG_IDS, len(wrong)))
        for action in [*wrong_ids, *_wrong_texts(m, wrong_ids)]:
            _refused(m, action)
        assert snapshot(m) == before, "a refused action changed the match"
    assert m.is_over or m.awaiting_deal
    before = snapshot(m)
    for action in [*last_legal, *(m.action_to_text_safe(a) for a in last_legal), "pass"]:
        _refused(m, action)  # nothing is possible between deals or after the end
    assert snapshot(m) == before
