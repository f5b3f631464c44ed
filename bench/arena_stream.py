"""Run the duplicate arena while streaming each finished deal to a JSON-lines file.

A long arena (``kozyr arena --deals 2000``) prints nothing until it ends; this script writes
each deal's record (:func:`kozyr.bots.arena.play_duplicate_deal`) as soon as it is done, in
deal order, so a run can be summarised at any point - over the deals finished so far - with
exactly the statistics of ``kozyr arena --json``:

    .venv/bin/python bench/arena_stream.py run --bots hard,normal,normal --deals 2000 \\
        --seed 7000000 --workers 2 --out /tmp/arena.jsonl
    .venv/bin/python bench/arena_stream.py summary /tmp/arena.jsonl --bots hard,normal,normal

The first ``k`` deals of a run are the first ``k`` deals of ``kozyr arena`` with the same seed.
Two runs of the same seed (a bot against the same field, before and after a change) are compared
deal by deal, which is far less noisy than comparing their means; ``breakdown`` splits one run's
advantage by who declared, the result and the contract:

    .venv/bin/python bench/arena_stream.py compare /tmp/before.jsonl /tmp/after.jsonl
    .venv/bin/python bench/arena_stream.py breakdown /tmp/after.jsonl

In both the bot under test is the one that sits once in each seating (``hard`` of
``hard,normal,normal``); its advantage in a seating is its score less the others' mean.
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


def _records(path: str) -> list[dict[str, Any]]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def _tested(seating: list[str]) -> int:
    """Return the seat of the bot that sits once in ``seating``."""
    return next(i for i, n in enumerate(seating) if seating.count(n) == 1)


def _advantage(row: dict[str, Any], me: int) -> float:
    scores = row["scores"]
    others = [s for i, s in enumerate(scores) if i != me]
    return float(scores[me] - sum(others) / len(others))


def _per_deal(records: list[dict[str, Any]]) -> dict[int, float]:
    out = {}
    for rec in records:
        xs = [_advantage(x["row"], _tested(x["seating"])) for x in rec["seatings"] if x["row"]]
        out[rec["deal"]] = sum(xs) / len(xs)
    return out


def compare(args: argparse.Namespace) -> None:
    """Print both runs' advantage and their difference, deal by deal, over the common deals."""
    a, b = _per_deal(_records(args.before)), _per_deal(_records(args.after))
    common = sorted(set(a) & set(b))
    before = [a[i] for i in common]
    after = [b[i] for i in common]
    diff = [b[i] - a[i] for i in common]
    same = sum(1 for d in diff if abs(d) < 1e-9)
    for label, xs in (("before", before), ("after", after), ("difference", diff)):
        mean, ci = arena.mean_ci(xs)
        print(f"{label:10s} {mean:+7.2f} +- {ci:.2f} per deal")
    print(f"{len(common)} deals in common, {same} with the same result")


def breakdown(args: argparse.Namespace) -> None:
    """Print the tested bot's advantage per deal split by declarer, result and contract."""
    records = _records(args.file)
    parts: dict[str, list[float]] = {}
    for rec in records:
        for x in rec["seatings"]:
            row = x["row"]
            if not row:
                continue
            me = _tested(x["seating"])
            decl = row["declarer"]
            if decl is None:
                key = "nobody declared"
            else:
                who = "tested" if decl == me else "other"
                contract = row["contract"]
                if contract is None:
                    key = f"{who} wrote off"
                else:
                    made = row["points"][decl] >= contract
                    size = "100" if contract == 100 else ("105-120" if contract <= 120 else ">120")
                    key = f"{who} {'made' if made else 'failed'} {size}"
            parts.setdefault(key, []).append(_advantage(row, me))
    seatings = sum(len(rec["seatings"]) for rec in records)
    print(f"{'declarer, result, contract':28s} {'seatings':>8s} {'per deal':>9s} {'mean':>8s}")
    for key in sorted(parts):
        xs = parts[key]
        print(f"{key:28s} {len(xs):8d} {sum(xs) / seatings:+9.2f} {sum(xs) / len(xs):+8.1f}")
    print(f"{'all':28s} {seatings:8d} "
          f"{sum(sum(xs) for xs in parts.values()) / seatings:+9.2f}")


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
    c = sub.add_parser("compare")
    c.add_argument("before")
    c.add_argument("after")
    b = sub.add_parser("breakdown")
    b.add_argument("file")
    args = ap.parse_args()
    {"run": run, "summary": summary, "compare": compare, "breakdown": breakdown}[args.cmd](args)


if __name__ == "__main__":
    main()
