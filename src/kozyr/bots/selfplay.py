"""Self-play: bots play a match between themselves (``kozyr record``, the corpus, tests)."""

from __future__ import annotations

import random
import sys
from typing import Any

from kozyr.bots import make_bot
from kozyr.core.errors import KozyrError, RulesError
from kozyr.core.match import Match
from kozyr.games import make_rules, new_match
from kozyr.records import dump_record, write_record


def play_bots(match: Match, bots: list[Any], *, max_deals: int | None = None) -> Match:
    """Let ``bots`` (one per seat, each with ``act(view)``) play ``match`` to its end.

    Stop early after ``max_deals`` finished deals if given.
    """
    start = match.deal_index
    while not match.is_over:
        if match.awaiting_deal:
            if max_deals is not None and match.deal_index - start >= max_deals:
                break
            match.deal()
            continue
        seat = match.current_player()
        assert seat is not None
        match.apply(bots[seat].act(match.view(seat)))
    return match


def record_main(game: str, *, preset: str | None, rules: list[str], bots: str | None,
                seed: int | None, deals: int | None, out: str | None) -> int:
    """Run ``kozyr record``: play a seeded game between bots and write its record."""
    try:
        rs = make_rules(game, preset, rules)
        n = int(getattr(rs, "players", 2))
        names = (bots or "heuristic").split(",")
        if len(names) == 1:
            names = names * n
        if len(names) != n:
            raise RulesError(f"--bots names {len(names)} bots for {n} seats")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        players = [make_bot(b, seed=seed * 31 + i) for i, b in enumerate(names)]
    except (KozyrError, ValueError) as e:
        print(f"kozyr record: {e}", file=sys.stderr)
        return 2
    match = play_bots(new_match(game, rs, seed=seed), players, max_deals=deals)
    text = dump_record(write_record(match, [f"bot:{b}" for b in names]))
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        print(text)
    return 0
