"""Between two deals a Piquet observation shows the deal that ended (its twelve tricks, its
results and points), not a blank table: the replay's last step and the table's summary
agree with the sheet."""

from __future__ import annotations

import random

from kozyr.games import new_match


def test_the_observation_after_a_deal_shows_its_end() -> None:
    m = new_match("piquet", "rubicon", seed=11)
    m.deal()
    rng = random.Random(3)
    while m.awaiting_deal is False and not m.is_over:
        m.apply(rng.choice(m.legal_texts()))
    assert len(m.sheet) == 1
    for seat in (0, 1, None):
        obs = m.observation(seat)
        assert sum(obs["tricks_won"]) == 12, obs["tricks_won"]
        assert obs["history"] and obs["results"]
        assert obs["points"] == list(m.sheet[0].points)
    before = new_match("piquet", "rubicon", seed=11)
    assert before.observation(0)["tricks_won"] == [0, 0]  # nothing dealt yet: blank
    assert before.observation(0)["history"] == []
