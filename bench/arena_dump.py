"""Run the duplicate arena and dump every deal's record (one JSON line per deal) for analysis.

    .venv/bin/python bench/arena_dump.py --bots hard,normal,normal --deals 200 --seed 100000 \\
        --workers 2 --out /tmp/deals.jsonl

Prints the arena's statistics (the JSON of ``kozyr arena --json``) and then the deals where
the first bot scored worst against the others in the same seat (duplicate: same cards).
"""

from __future__ import annotations

import argparse
import json

from kozyr.bots.arena import run_deals
from kozyr.games import make_rules


def seat_losses(record: dict, first: str) -> list[tuple[float, int, str]]:
    """Return (first bot's score minus the others' in the same seat, seat, summary) per seat."""
    rows = [(p["seating"], p["row"]) for p in record["seatings"] if p["row"]]
    out = []
    for seat in range(len(rows[0][0]) if rows else 0):
        mine = [r for s, r in rows if s[seat] == first]
        theirs = [r for s, r in rows if s[seat] != first]
        if not mine or not theirs:
            continue
        m = mine[0]
        other = sum(r["scores"][seat] for r in theirs) / len(theirs)

        def describe(r: dict, seat: int = seat) -> str:
            d = r["declarer"]
            role = "decl" if d == seat else f"def(d={d})"
            return (f"{role} bid={r['bid']} c={r['contract']} pts={r['points']} "
                    f"sc={r['scores']} marks={r['marks']}")
        text = f"seed {record['seed']} seat {seat}: {first}: {describe(m)} | other: " + \
            " / ".join(describe(r) for r in theirs)
        out.append((m["scores"][seat] - other, seat, text))
    return out


def main() -> None:
    """Run the arena, write the records, print the statistics and the worst seats."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", default="hard,normal,normal")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--out", default="")
    ap.add_argument("--worst", type=int, default=15)
    args = ap.parse_args()
    names = args.bots.split(",")
    records: list[dict] = []
    result = run_deals("thousand", names, args.deals, args.seed,
                       make_rules("thousand", args.preset), workers=args.workers,
                       on_deal=records.append)
    if args.out:
        with open(args.out, "w") as f:
            for r in records:
                f.write(json.dumps(r) + "\n")
    print(json.dumps(result, indent=1))
    losses = sorted(x for r in records for x in seat_losses(r, names[0]))
    for diff, _, text in losses[:args.worst]:
        print(f"{diff:+7.1f} {text}")


if __name__ == "__main__":
    main()
