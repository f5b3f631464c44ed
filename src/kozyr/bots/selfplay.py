"""Self-play: bots play a match between themselves (``kozyr record``, the corpus, tests)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from kozyr.bots import make_bot
from kozyr.core.errors import KozyrError, RulesError
from kozyr.core.match import Match
from kozyr.games import make_rules, new_match
from kozyr.records import dump_record, write_record


def play_bots(match: Match, bots: list[Any], *, max_deals: int | None = None,
              on_step: Callable[[Match], None] | None = None) -> Match:
    """Let ``bots`` (one per seat, each with ``act(view)``) play ``match`` to its end.

    Stop early after ``max_deals`` finished deals if given; ``on_step(match)`` is called
    after each action (a progress bar).
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
        if on_step is not None:
            on_step(match)
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
    match = _play_with_progress(new_match(game, rs, seed=seed), players, deals)
    text = dump_record(write_record(match, [f"bot:{b}" for b in names]))
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        print(text)
    return 0


def _play_with_progress(match: Match, players: list[Any], deals: int | None) -> Match:
    """Play ``match`` as :func:`play_bots` does, with a Rich progress bar on stderr: the deals
    played (of ``deals``, or of a match's unknown length), the leading total against the
    target, and the time so far.  The bar goes when the record is written."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    target = getattr(match.rules, "target", None)
    with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                  TextColumn("{task.fields[where]}"), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("kozyr record", total=deals, where="deal 1")
        seen = [match.deal_index]

        def step(m: Match) -> None:
            if m.deal_index == seen[0] and not m.awaiting_deal:
                return
            seen[0] = m.deal_index
            done = len(m.sheet)
            lead = max(m.totals) if m.totals else 0
            where = f"deal {done + (0 if m.awaiting_deal else 1)}"
            if isinstance(target, int) and target > 0:
                where += f" · best {lead}/{target}"
                if deals is None:
                    bar.update(task, total=target, completed=max(0, min(lead, target)))
            if deals is not None:
                bar.update(task, completed=min(done, deals))
            bar.update(task, where=where)

        return play_bots(match, players, max_deals=deals, on_step=step)
