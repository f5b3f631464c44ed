"""``Match.check``: the checks of ``Match.apply`` without applying (the room stores first)."""

from __future__ import annotations

import random

import pytest

from kozyr.core.errors import IllegalActionError
from kozyr.games import new_match


@pytest.mark.parametrize(("game", "preset"), [("thousand", "classic"), ("debertz", "debertz3"),
                                              ("tertz", "tertz")])
def test_check_accepts_what_apply_accepts_refuses_what_it_refuses_and_changes_nothing(
        game: str, preset: str) -> None:
    m = new_match(game, preset, seed=5)
    rng = random.Random(5)
    with pytest.raises(IllegalActionError, match="not been dealt"):
        m.check("pass")
    checked = 0
    while not m.is_over and checked < 300:
        if m.awaiting_deal:
            m.deal()
            continue
        before = m.observation(None), m.legal_actions()
        legal = m.legal_actions()
        a = rng.choice(legal)
        assert m.check(m.action_to_text(a)) == a == m.check(a)
        wrong = next((x for x in range(max(legal) + 2) if x not in legal), None)
        if wrong is not None:
            with pytest.raises(IllegalActionError) as refused:
                m.check(wrong)
            with pytest.raises(IllegalActionError) as also:
                m.apply(wrong)
            assert str(refused.value) == str(also.value)
        assert (m.observation(None), m.legal_actions()) == before
        m.apply_action(a)
        checked += 1
    assert checked > 20
