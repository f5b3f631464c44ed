"""Behaviour corpus: replay a fixed set of seeded matches and compare digests with a golden file.

For every game, every preset of its rule set and ``--matches`` seeds, a match is played by a
lineup of bots in which every kind takes part: ``random``, ``normal`` (the heuristic) and
``hard`` (PIMC, run on a sample budget instead of a clock so it decides the same way on any
machine: ``time_limit`` is out of reach and ``max_samples`` is small).  Up to ``--deals``
deals are played (the whole match if it ends sooner).  Per match, four digests (SHA-256) are
kept, so a difference says what changed:

- ``obs``: every observation (each seat's and the spectator's) before every decision;
- ``moves``: every decision (seat, action id, action text, the legal list);
- ``record``: the game record (``kozyr.records.write_record``) at the end;
- ``sheet``: the score sheet rows, totals, winner.

Usage::

    .venv/bin/python bench/corpus.py --write            # make bench/corpus.json (the golden file)
    .venv/bin/python bench/corpus.py --check            # compare; exit 1 on any difference
    .venv/bin/python bench/corpus.py --check --quick    # 2 matches per preset, for a quick look
    .venv/bin/python bench/corpus.py --check --dump /tmp/c   # also write each match's texts
    .venv/bin/python bench/corpus.py --check --game tertz --accept obs   # see below

The record's ``format`` number is left out of its digest (the notation's version, not
behaviour).  ``--accept all --preset thousand/online`` takes every new digest of one preset's
matches: for a preset whose bundle was changed on purpose (issue 14 changed ``online`` and
``tysiac``); say so in the commit.  ``--accept record`` took the records anew when the format
key was dropped from their digest (every moves, obs and sheet digest unchanged).

``--accept obs`` is for a change meant to alter what the observations say (and nothing
else): where every other part of a match is unchanged, the new ``obs`` digests are written
into the golden file; a match whose moves, record or sheet changed still fails.  Say in the
commit which observation keys changed and why.

The golden file was made from the code before issue 13's refactor (commit 46995ed); the
refactor must leave every digest unchanged.  ``--quick`` checks the first matches of each
preset against the same golden file.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.base import Bot
from kozyr.games import GAMES, match_class, new_match
from kozyr.records import write_record

GOLDEN = Path(__file__).with_name("corpus.json")
KINDS = ("random", "normal", "hard")


def hard_bot(seed: int) -> Bot:
    """Return PIMC on a fixed sample budget: the same decisions whatever the clock says."""
    from kozyr.bots.pimc import PimcBot

    return PimcBot(seed, time_limit=1e9, max_samples=3, min_samples=3)


def lineup(n: int, index: int, seed: int) -> list[Bot]:
    """Return ``n`` bots for match ``index``: the kinds rotated so each seat sees each kind."""
    out: list[Bot] = []
    for s in range(n):
        kind = KINDS[(index + s) % len(KINDS)]
        bot_seed = seed * 10 + s
        out.append(hard_bot(bot_seed) if kind == "hard" else make_bot(kind, seed=bot_seed))
    return out


def dumps(obj: Any) -> str:
    """Return ``obj`` as canonical JSON."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, default=_plain)


def _plain(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    raise TypeError(f"not JSON: {type(obj).__name__}")


def play(game: str, preset: str, index: int, deals: int) -> dict[str, list[str]]:
    """Play corpus match ``index`` of ``game``/``preset``; return its texts by part."""
    seed = 1000 + index
    m = new_match(game, preset, seed=seed)
    bots = lineup(m.players, index, seed)
    parts: dict[str, list[str]] = {"obs": [], "moves": [], "record": [], "sheet": []}
    finished = 0
    while not m.is_over:
        if m.awaiting_deal:
            if finished >= deals:
                break
            m.deal()
            finished += 1
            continue
        seat = m.current_player()
        assert seat is not None
        for s in [*range(m.players), None]:
            parts["obs"].append(dumps(m.observation(s)))
        legal = list(m.legal_actions())
        action = bots[seat].act(m.view(seat))
        parts["moves"].append(dumps([seat, action, m.action_to_text(action), legal]))
        m.apply(action)
    record = write_record(m)
    del record["format"]  # the notation's version, not behaviour (it went from 1 to 2)
    parts["record"].append(dumps(record))
    parts["sheet"].append(dumps([[dataclasses.asdict(r) if dataclasses.is_dataclass(r)
                                   else r for r in m.sheet], list(m.totals), m.winner]))
    return parts


def digest(lines: list[str]) -> str:
    """Return the SHA-256 of the lines."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()


def cases(matches: int, games: list[str] | None = None,
          presets: list[str] | None = None) -> list[tuple[str, str, int]]:
    """Return every (game, preset, index) of the corpus (of ``games`` and ``presets`` only,
    if given; a preset is named ``game/preset``)."""
    return [(g, p, i) for g in GAMES if not games or g in games
            for p in match_class(g).RULES.PRESETS if not presets or f"{g}/{p}" in presets
            for i in range(matches)]


def main(argv: list[str] | None = None) -> int:
    """Write or check the corpus; return the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="write the golden file")
    mode.add_argument("--check", action="store_true", help="compare with the golden file")
    ap.add_argument("--quick", action="store_true", help="only the first 2 matches of each preset")
    ap.add_argument("--matches", type=int, default=60, help="matches per game and preset")
    ap.add_argument("--deals", type=int, default=3, help="deals per match at most")
    ap.add_argument("--jobs", type=int, default=2, help="processes")
    ap.add_argument("--golden", type=Path, default=GOLDEN)
    ap.add_argument("--dump", type=Path, help="write each match's texts under this folder")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--preset", action="append", help="only this game/preset (repeatable)")
    ap.add_argument("--accept", choices=["obs", "record", "all"],
                    help="with --check: take the new digests of this part where every other "
                    "part is unchanged; 'all': every new digest of the selected matches (for a "
                    "preset whose rules were changed on purpose, or a new preset or game)")
    args = ap.parse_args(argv)
    matches, deals = (2 if args.quick else args.matches), args.deals
    golden: dict[str, Any] = {}
    if args.check:
        golden = json.loads(args.golden.read_text())
        if golden["deals"] != args.deals:
            print(f"the golden file was made with --deals {golden['deals']}", file=sys.stderr)
            return 2
    results: dict[str, dict[str, str]] = {}
    bad: list[str] = []
    accepted: list[str] = []
    start = time.perf_counter()
    todo = cases(matches, args.game, args.preset)
    deals = golden.get("deals", deals)
    jobs = [(game, preset, i, deals) for game, preset, i in todo]
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        played = pool.starmap(play, jobs, chunksize=4)
    for (game, preset, i, _), parts in zip(jobs, played, strict=True):
        key = f"{game}/{preset}/{i}"
        if args.dump:
            folder = args.dump / game / preset
            folder.mkdir(parents=True, exist_ok=True)
            for name, lines in parts.items():
                (folder / f"{i}.{name}.txt").write_text("\n".join(lines) + "\n")
        results[key] = {name: digest(lines) for name, lines in parts.items()}
        if args.check:
            want = golden["matches"].get(key)
            if want is None and args.accept == "all":
                golden["matches"][key] = results[key]
                accepted.append(key)
                continue
            if want is None:
                bad.append(f"{key}: not in the golden file")
                continue
            diff = [name for name in want if want[name] != results[key][name]]
            if args.accept == "all" and diff:
                want.update(results[key])
                accepted.append(key)
                continue
            if args.accept and diff == [args.accept]:
                want[args.accept] = results[key][args.accept]
                accepted.append(key)
                continue
            if diff:
                bad.append(f"{key}: {', '.join(diff)} differ")
    took = time.perf_counter() - start
    if args.write:
        args.golden.write_text(json.dumps({"deals": deals, "matches": results}, indent=1,
                                          sort_keys=True) + "\n")
        print(f"wrote {len(results)} matches to {args.golden} in {took:.0f} s")
        return 0
    if accepted and not bad:
        args.golden.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
        print(f"accepted new {args.accept} digests of {len(accepted)} matches into "
              f"{args.golden}")
    if bad:
        print(f"{len(bad)} of {len(results)} matches differ ({took:.0f} s):")
        for line in bad[:40]:
            print("  " + line)
        return 1
    print(f"OK: {len(results)} matches identical ({took:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
