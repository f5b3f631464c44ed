"""Arena smoke per Thousand option bundle (ThousandRules.BUNDLES, rules/thousand.md §11).

For each bundle, plays ``--deals`` duplicate deals (kozyr.bots.arena.run_deals: every seating
of the bots, the same cards) and prints the mean score per deal of each bot kind with its 95%
interval, and hard's advantage over normal.  The arena refuses any illegal action (it raises),
so a finished run also says that no bot chose one.  Seats: hard and normal in the others
(``--seats hard,normal,easy`` for another mix; with four players the mix is padded with
normal).

    .venv/bin/python bench/arena_bundles.py [--deals 24] [--time-limit 0.1] [--seed 0]
        [--bundle NAME ...] [--seats hard,normal,normal] [--workers 1] [--json]

Measured (24 deals, hard at 0.1 s a decision, seed 0; hard's mean score per deal less
normal's): auction +23.6, barrel_accumulate +2.2, barrel_online +8.5, declarations -0.7,
four_players +4.4, two_players +5.7, tysiac_declarations +1.7, writeoffs +18.4; after the
faster DeclaringSearch, 48 deals: declarations +6.1, tysiac_declarations -0.1 (intervals
about +-10 to +-15).  No illegal action; hard level with normal or ahead within the noise
(the declaring bundles search with DeclaringSearch, slower than the fast search, so 0.1 s
gives hard fewer samples there).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from kozyr.bots.arena import bundle_rules, run_deals
from kozyr.games import new_match

SEATS = {2: ["hard", "normal"], 3: ["hard", "normal", "normal"],
         4: ["hard", "normal", "normal", "normal"]}


def run(bundle: str, deals: int, seed: int, time_limit: float, workers: int,
        seats: list[str] | None = None) -> dict[str, Any]:
    """Return the arena figures of one bundle (``seats``: the bot kinds, hard first)."""
    rules = bundle_rules("thousand")[bundle]
    players = new_match("thousand", rules).players
    kinds = (seats or SEATS[players])[:players]
    kinds += ["normal"] * (players - len(kinds))
    names = [f"hard@{time_limit}" if n == "hard" else n for n in kinds]
    start = time.perf_counter()
    out = run_deals("thousand", names, deals, seed, rules, workers=workers)
    per = out["per_bot"]
    hard, normal = per[names[0]], per["normal"]
    return {"bundle": bundle, "players": players, "deals": deals,
            "seconds": round(time.perf_counter() - start, 1),
            "mean": {n.split("@")[0]: (per[n]["mean_score"], per[n]["ci95"]) for n in names},
            "hard_minus_normal": round(hard["mean_score"] - normal["mean_score"], 2)}


def main() -> None:
    """Run every bundle (or those named) and print the table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=24)
    ap.add_argument("--time-limit", type=float, default=0.1)
    ap.add_argument("--seats", default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bundle", action="append")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = args.bundle or sorted(bundle_rules("thousand"))
    rows = []
    for name in names:
        row = run(name, args.deals, args.seed, args.time_limit, args.workers,
                  args.seats.split(",") if args.seats else None)
        rows.append(row)
        if not args.json:
            means = "  ".join(f"{k} {m:+7.1f} ±{ci:5.1f}" for k, (m, ci) in row["mean"].items())
            print(f"{name:22} {row['players']}p {row['deals']:3} deals  {means}  "
                  f"hard-normal {row['hard_minus_normal']:+6.1f}  ({row['seconds']} s)",
                  flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
