"""What a table's ``state`` costs per step, by viewer: the observation, the legal actions,
the choice notes, and encoding it whole or as a patch of the viewer's last observation
(docs/protocol.md §4.4) — the server's per-intent work outside storage and the socket.

Plays ``--steps`` random steps of each game (random legal actions, deals from a seeded
``random.Random``), and at each step builds the view of every seat and a spectator as
``kozyr.server.table.views`` does.  Printed per game: microseconds per step (all viewers) of
each part, and the bytes per viewer of a whole ``state`` and of a patched one.  Random play
makes long matches (a Thousand sheet of 100+ rows): the worst case for whole observations.

    .venv/bin/python bench/views.py [--steps 3000] [--seed 1] [--game thousand ...] [--json]

Measured (--steps 300, 2026-12-07, stop 24's code then this one's, alternating in the same
minutes), a whole state per step: Thousand 162-188 -> 139-144 us, Debertz 179-190 -> 86-96,
Tertz 115-124 -> 63-69, Piquet 558-594 -> 265-277, Bezique 265-287 -> 174-191 (cached action
texts and record rules, format_hand by tables).  A patch costs about what encoding the whole
observation does, for a sixth of the bytes (Piquet's legal discards change every step): bytes
per viewer whole vs patched, Thousand 2045 vs 268, Debertz 1499 vs 251, Tertz 1066 vs 292,
Piquet 2866 vs 1789, Bezique 1270 vs 274.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from kozyr.games import new_match
from kozyr.games.registry import choice_notes, names
from kozyr.server.protocol import encode
from kozyr.server.table.patches import obs_patch


def measure(game: str, steps: int, seed: int) -> dict[str, Any]:
    """Play ``steps`` random steps of ``game``; return the per-step costs and sizes."""
    rng = random.Random(seed)
    spent = dict.fromkeys(("observation", "notes", "patch", "encode_whole", "encode_patch"),
                          0.0)
    size = {"whole": 0, "patch": 0}
    last: dict[int | None, Any] = {}
    done = views = match_no = 0
    m = new_match(game, None, seed=seed)
    while done < steps:
        if m.is_over:
            match_no += 1
            m, last = new_match(game, None, seed=seed + match_no), {}
        if m.awaiting_deal:
            m.deal(rng=rng)
            continue
        to_act = m.current_player()
        for seat in [*range(m.players), None]:
            t0 = time.perf_counter()
            obs = m.observation(seat)
            t1 = time.perf_counter()
            legal = obs["legal"]
            notes = choice_notes(m, seat, legal, obs) if seat is not None and legal else {}
            t2 = time.perf_counter()
            patch = obs_patch(last.get(seat), obs)
            t3 = time.perf_counter()
            head = {"type": "state", "state": done, "seat": seat, "legal": legal,
                    "to_act": to_act, "notes": notes}
            whole = encode({**head, "obs": obs})
            t4 = time.perf_counter()
            patched = encode({**head, "base": done - 1, "patch": patch} if patch is not None
                             else {**head, "obs": obs})
            t5 = time.perf_counter()
            spent["observation"] += t1 - t0
            spent["notes"] += t2 - t1
            spent["patch"] += t3 - t2
            spent["encode_whole"] += t4 - t3
            spent["encode_patch"] += t5 - t4
            size["whole"] += len(whole)
            size["patch"] += len(patched)
            last[seat] = obs
            views += 1
        m.apply(rng.choice(m.legal_actions()))
        done += 1
    per_step = {k: round(v / steps * 1e6, 1) for k, v in spent.items()}
    return {"game": game, "steps": steps, "us_per_step": per_step,
            "whole_state": round(per_step["observation"] + per_step["notes"]
                                 + per_step["encode_whole"], 1),
            "patched_state": round(per_step["observation"] + per_step["notes"]
                                   + per_step["patch"] + per_step["encode_patch"], 1),
            "bytes_per_view": {k: round(v / views) for k, v in size.items()}}


def main() -> int:
    """Measure each game and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", choices=names())
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = [measure(g, args.steps, args.seed) for g in (args.game or names())]
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for r in out:
        us = r["us_per_step"]
        print(f"{r['game']:9s} per step (every seat and a spectator), us: observation "
              f"{us['observation']}, notes {us['notes']}, patch {us['patch']}, encode whole "
              f"{us['encode_whole']} / patched {us['encode_patch']}; a whole state "
              f"{r['whole_state']} us vs patched {r['patched_state']} us; bytes per view "
              f"{r['bytes_per_view']['whole']} whole, {r['bytes_per_view']['patch']} patched")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
