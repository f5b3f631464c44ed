"""Run the duplicate arena while streaming each finished deal to a JSON-lines file.

A long arena (``kozyr arena --deals 2000``) prints nothing until it ends; this script writes
each deal's record (:func:`kozyr.bots.arena.play_duplicate_deal`) as soon as it is done, in
deal order, so a run can be summarised at any point - over the deals finished so far - with
exactly the statistics of ``kozyr arena --json``:

    .venv/bin/python bench/arena_stream.py run --bots hard,normal,normal --deals 2000 \\
        --seed 7000000 --workers 2 --out /tmp/arena.jsonl
    .venv/bin/python bench/arena_stream.py summary /tmp/arena.jsonl --bots hard,normal,normal

The first ``k`` deals of a run are the first ``k`` deals of ``kozyr arena`` with the same seed.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kozyr.bots import arena
from kozyr.games import make_rules


def run(args: argparse.Namespace) -> None:
    """Play the deals, appending each record to ``args.out`` as it finishes."""
    names = args.bots.split(",")
    rules = make_rules(args.game, args.preset)
    with open(args.out, "w") as out:
        def write(record: dict[str, Any]) -> None:
            out.write(json.dumps(record) + "\n")
            out.flush()
        result = arena.run_deals(args.game, names, args.deals, args.seed, rules,
                                 workers=args.workers, on_deal=write)
    print(json.dumps(result, indent=2))


def summary(args: argparse.Namespace) -> None:
    """Print the arena statistics of the deals in ``args.file`` (those finished so far)."""
    with open(args.file) as f:
        records = [json.loads(line) for line in f if line.strip()]
    names = args.bots.split(",")
    seed = records[0]["seed"] if records else 0
    result = arena.run_deals(args.game, names, len(records), seed, None, records=records)
    print(json.dumps(result, indent=2))


def main() -> None:
    """Parse the command line and run or summarise."""
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--game", default="thousand")
    r.add_argument("--bots", default="hard,normal,normal")
    r.add_argument("--deals", type=int, default=100)
    r.add_argument("--seed", type=int, default=7000000)
    r.add_argument("--workers", type=int, default=1)
    r.add_argument("--preset", default=None)
    r.add_argument("--out", required=True)
    s = sub.add_parser("summary")
    s.add_argument("file")
    s.add_argument("--game", default="thousand")
    s.add_argument("--bots", default="hard,normal,normal")
    args = ap.parse_args()
    run(args) if args.cmd == "run" else summary(args)


if __name__ == "__main__":
    main()
