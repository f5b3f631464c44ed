"""Every bot kind plays every Thousand option bundle (ThousandRules.BUNDLES) legally to the end
of its deals: the blind or look, buying the talon, the strike-out, the redeal rounds, every
declaring lead (rules/thousand.md §11).  Legality and completion only: the strength figures
are bench/arena_bundles.py's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from kozyr.bots import make_bot
from kozyr.bots.arena import bundle_rules, run_deals
from kozyr.bots.base import Bot
from kozyr.bots.pimc import PimcBot
from kozyr.games import new_match
from kozyr.games.thousand import ThousandRules

BUNDLES = sorted(ThousandRules.BUNDLES)
KINDS = ("random", "easy", "normal", "hard")


def _bot(kind: str, seed: int) -> Bot:
    """Return a bot of ``kind``; ``hard`` with a tiny sampling budget (legality, not strength)."""
    if kind == "hard":
        return PimcBot(seed, time_limit=0.02, max_samples=3, min_samples=1, model_candidates=8)
    return make_bot(kind, seed=seed)


def _play(bundle: str, seed: int, deals: int) -> Counter[str]:
    """Play ``deals`` deals (redeals included) of a match of ``bundle``, every kind seated in
    turn; return the words of the actions chosen, checking each is legal."""
    m = new_match("thousand", bundle_rules("thousand")[bundle], seed=seed)
    n = m.players
    kinds = [KINDS[(seed + s) % len(KINDS)] for s in range(n)]
    bots = [_bot(k, seed * 8 + s) for s, k in enumerate(kinds)]
    words: Counter[str] = Counter()
    while not m.is_over and len(m.sheet) < deals:
        if m.awaiting_deal:
            m.deal()
            continue
        seat = m.current_player()
        assert seat is not None
        legal = m.legal_actions()
        a = bots[seat].act(m.view(seat))
        assert a in legal, (bundle, kinds[seat], a, m.legal_texts())
        text = m.action_to_text(a)
        words[" ".join(w for w in text.split() if not w[0].isdigit() and len(w) > 2)] += 1
        m.apply_action(a)
    assert m.is_over or len(m.sheet) >= deals
    return words


@pytest.mark.parametrize("bundle", BUNDLES)
def test_every_bot_kind_plays_the_bundle_legally(bundle: str) -> None:
    words: Counter[str] = Counter()
    for seed in range(4):
        words += _play(bundle, seed, 3)
    assert words["play"] > 0


def test_the_new_choices_are_made_by_the_bots() -> None:
    """Across the bundles the bots meet and make §11's choices (not only the random one)."""
    seen: dict[str, Any] = {}
    for bundle in ("four_players", "auction", "barrel_online", "two_players"):
        for seed in range(4):
            for word in _play(bundle, seed, 3):
                seen[word] = True
    assert {"look", "decline", "strikeout"} <= set(seen), sorted(seen)


def test_the_arena_refuses_an_illegal_bot() -> None:
    class Cheat(Bot):
        name = "cheat"

        def act(self, view: Any) -> int:
            return 10**6

    import kozyr.bots.arena as arena

    real = arena.make_arena_bot
    arena.make_arena_bot = lambda name, seed: Cheat(seed) if name == "cheat" else real(name, seed)
    try:
        with pytest.raises(Exception, match="not a legal action"):
            run_deals("thousand", ["cheat", "normal", "normal"], 1, 0, "classic")
    finally:
        arena.make_arena_bot = real


@pytest.mark.parametrize("bundle", ["declarations", "auction"])
def test_the_arena_runs_a_bundle(bundle: str) -> None:
    rules = bundle_rules("thousand")[bundle]
    out = run_deals("thousand", ["normal", "easy", "random"], 2, 5, rules)
    assert out["seatings"] == 6 and out["per_bot"]["normal"]["decisions"] > 0
