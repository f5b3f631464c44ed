"""``kozyr arena``: duplicate play between bots, with confidence intervals.

Deal mode (the default): deal ``i`` is the first scored deal of a match seeded ``seed + i``
(its cards come from that seed and the deal index, so every seating sees the same cards; a
redealt deal is followed by the next one of the same match).  The deal is played once for every
distinct arrangement of the bots over the seats (``hard,normal,normal``: 3, ``a,b,c``: 6), so
luck of the cards cancels out.  Scores are the sheet's per-deal ``scores`` (DealRow.scores).
Per bot name it reports the mean score per deal with a 95% confidence interval (the unit is a
deal: a bot's mean over the seatings of that deal, so the samples are independent), how often
its contracts were made, and its average contract; the first bot's advantage over the mean of
the others, per deal, with its interval; and decision times.  ``--workers N`` plays the deals
in N processes; the results are those of one process (the decision times aside).

Match mode (``--matches M``): match ``j`` (seed ``seed + j``) is played to the end under every
arrangement; it reports win rates and mean final totals.

Progress goes to stderr (Rich); the table or ``--json`` to stdout.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from itertools import permutations
from typing import Any

from kozyr.bots import make_bot
from kozyr.bots.base import Bot
from kozyr.core.errors import IllegalActionError, RulesError
from kozyr.core.match import Match
from kozyr.games import make_rules, new_match

MAX_DEALS_PER_MATCH = 400


def make_arena_bot(name: str, seed: int) -> Bot:
    """Return the bot ``name``; ``pimc@0.2`` (or ``hard@0.2``) is PIMC with 0.2 s per decision.

    PIMC options for tuning follow as ``:option=value`` (``hard:dd_margin=20:defence_value=60``).
    """
    head, *opts = name.split(":")
    base, _, limit = head.partition("@")
    if limit or opts:
        if base not in ("pimc", "hard"):
            raise ValueError("only pimc/hard take a time limit (@seconds) or options, "
                             f"not {base!r}")
        from kozyr.bots.pimc import PimcBot

        kwargs: dict[str, Any] = {}
        for opt in opts:
            key, _, value = opt.partition("=")
            default = getattr(PimcBot(0), key, None)
            if not isinstance(default, (int, float)) or isinstance(default, bool) or not value:
                raise ValueError(f"unknown PIMC option {opt!r}: use a numeric option=value")
            kwargs[key] = type(default)(float(value)) if isinstance(default, int) else float(value)
        if limit:
            kwargs["time_limit"] = float(limit)
        return PimcBot(seed, **kwargs)
    return make_bot(base, seed=seed)


def bundle_rules(game: str) -> dict[str, Any]:
    """Return the record rules of each option bundle of ``game``'s rule set (RuleSet.BUNDLES:
    a preset plus overrides), by name, for :func:`run_deals` and ``new_match``."""
    return {name: dict(b) for name, b in new_match(game).rules.BUNDLES.items()}


def arrangements(names: list[str]) -> list[tuple[str, ...]]:
    """Return the distinct seatings of ``names``, in a stable order.

    >>> arrangements(["hard", "normal", "normal"])
    [('hard', 'normal', 'normal'), ('normal', 'hard', 'normal'), ('normal', 'normal', 'hard')]
    """
    out: list[tuple[str, ...]] = []
    for p in permutations(names):
        if p not in out:
            out.append(p)
    return out


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Return the mean of ``xs`` and the half-width of its 95% confidence interval.

    >>> mean_ci([1.0, 2.0, 3.0])
    (2.0, 1.1316)
    """
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, round(1.96 * math.sqrt(var / n), 4)


class _Timed:
    """Wrap a bot to record its decision times."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def act(self, match: Match, seat: int) -> int:
        t = time.perf_counter()
        a = self.bot.act(match.view(seat))
        self.times.append(time.perf_counter() - t)
        if a not in match.legal_actions():
            raise IllegalActionError(f"bot {self.bot.name!r} at seat {seat} chose "
                                     f"{a} ({_text(match, a)}), not a legal action")
        return a


def _text(match: Match, action: int) -> str:
    try:
        return match.action_to_text(action)
    except ValueError:
        return "no action of this game"


def _play_deal(match: Match, seats: list[_Timed]) -> Any:
    """Play ``match`` until its first deal that is not a redeal; return that sheet row."""
    start = len(match.sheet)
    while not match.is_over:
        if match.awaiting_deal:
            match.deal()
            continue
        seat = match.current_player()
        assert seat is not None
        match.apply_action(seats[seat].act(match, seat))
        if len(match.sheet) > start:
            row = match.sheet[-1]
            if not any("redeal" in marks for marks in row.marks):
                return row
            start = len(match.sheet)
    return match.sheet[-1] if match.sheet else None


def _play_match(match: Match, seats: list[_Timed]) -> None:
    while not match.is_over and len(match.sheet) < MAX_DEALS_PER_MATCH:
        if match.awaiting_deal:
            match.deal()
            continue
        seat = match.current_player()
        assert seat is not None
        match.apply_action(seats[seat].act(match, seat))


def play_duplicate_deal(game: str, names: list[str], seed: int, i: int,
                        rules: Any) -> dict[str, Any]:
    """Play deal ``i`` (the match seeded ``seed + i``) under every seating; return its record.

    The record is plain data (it crosses process boundaries): per seating the bots by seat,
    the sheet row (``row``, or None) and each bot's decision times.
    """
    seatings = arrangements(names)
    out: list[dict[str, Any]] = []
    for k, seating in enumerate(seatings):
        m = new_match(game, rules, seed=seed + i)
        times: dict[str, list[float]] = {n: [] for n in seating}
        bots = [_Timed(make_arena_bot(name, seed=(seed + i) * 16 + k * 4 + s), times[name])
                for s, name in enumerate(seating)]
        row = _play_deal(m, bots)
        out.append({"seating": list(seating), "row": None if row is None else row.to_json(),
                    "times": times})
    return {"deal": i, "seed": seed + i, "seatings": out}


def _deal_job(args: tuple[str, list[str], int, int, Any]) -> dict[str, Any]:
    return play_duplicate_deal(*args)


def deal_records(game: str, names: list[str], deals: int, seed: int, rules: Any,
                 workers: int = 1) -> Any:
    """Yield the records of deals ``0 .. deals-1`` in order (``workers`` processes).

    The cards and the bots' seeds depend only on ``seed`` and the deal's index, so the records
    are the same whatever ``workers`` is (decision times aside).
    """
    jobs = [(game, names, seed, i, rules) for i in range(deals)]
    if workers <= 1 or deals <= 1:
        for job in jobs:
            yield _deal_job(job)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(workers, deals)) as pool:
        yield from pool.imap(_deal_job, jobs)


def run_deals(game: str, names: list[str], deals: int, seed: int, rules: Any,
              progress: Any = None, workers: int = 1,
              on_deal: Any = None, records: Any = None) -> dict[str, Any]:
    """Play ``deals`` duplicate deals; return the statistics (the JSON of ``--json``).

    ``on_deal`` (optional) receives each deal's record (:func:`play_duplicate_deal`) in order.
    ``records`` (optional): the deals' records, played before (a run's stored records), to
    summarise instead of playing the deals.
    """
    seatings = arrangements(names)
    distinct = sorted(set(names), key=names.index)
    per_deal: dict[str, list[float]] = {n: [] for n in distinct}
    advantage: list[float] = []
    declared = {n: 0 for n in distinct}
    made = {n: 0 for n in distinct}
    contracts = {n: 0 for n in distinct}
    writeoffs = {n: 0 for n in distinct}
    role_sum = {(n, r): 0 for n in distinct for r in ("declarer", "defender")}
    role_count = {(n, r): 0 for n in distinct for r in ("declarer", "defender")}
    times: dict[str, list[float]] = {n: [] for n in distinct}
    if records is None:
        records = deal_records(game, names, deals, seed, rules, workers)
    for record in records:
        if on_deal is not None:
            on_deal(record)
        scores: dict[str, list[int]] = {n: [] for n in distinct}
        for played in record["seatings"]:
            seating = played["seating"]
            for n, ts in played["times"].items():
                times[n].extend(ts)
            row = played["row"]
            if row is None:
                continue
            d = row["declarer"]
            for s, name in enumerate(seating):
                scores[name].append(row["scores"][s])
                if d is not None:
                    role = "declarer" if s == d else "defender"
                    role_sum[name, role] += row["scores"][s]
                    role_count[name, role] += 1
            if d is not None and row["contract"] is not None:
                name = seating[d]
                declared[name] += 1
                contracts[name] += row["contract"]
                made[name] += int(row["points"][d] >= row["contract"])
            elif d is not None and "P" in row["marks"][d]:
                name = seating[d]
                declared[name] += 1
                writeoffs[name] += 1
                contracts[name] += row["bid"] or 0
        means = {n: sum(v) / len(v) for n, v in scores.items() if v}
        for n, v in means.items():
            per_deal[n].append(v)
        first = distinct[0]
        if first in means and len(means) > 1:
            others = [v for n, v in means.items() if n != first]
            advantage.append(means[first] - sum(others) / len(others))
        if progress is not None:
            progress()
    bots_out = {}
    for n in distinct:
        mean, ci = mean_ci(per_deal[n])
        ts = sorted(times[n])
        bots_out[n] = {
            "mean_score": round(mean, 2), "ci95": round(ci, 2),
            "declared": declared[n],
            "made_rate": round(made[n] / declared[n], 3) if declared[n] else None,
            "writeoffs": writeoffs[n],
            "as_declarer": round(role_sum[n, "declarer"] / role_count[n, "declarer"], 2)
            if role_count[n, "declarer"] else None,
            "as_defender": round(role_sum[n, "defender"] / role_count[n, "defender"], 2)
            if role_count[n, "defender"] else None,
            "avg_contract": round(contracts[n] / declared[n], 1) if declared[n] else None,
            "decisions": len(ts),
            "time_p50": round(ts[len(ts) // 2], 4) if ts else None,
            "time_p95": round(ts[min(len(ts) - 1, int(0.95 * len(ts)))], 4) if ts else None,
        }
    adv, adv_ci = mean_ci(advantage)
    return {"mode": "deals", "game": game, "bots": names, "deals": deals, "seed": seed,
            "seatings": len(seatings), "per_bot": bots_out,
            "advantage": {"bot": distinct[0], "mean": round(adv, 2), "ci95": round(adv_ci, 2)}}


def run_matches(game: str, names: list[str], matches: int, seed: int, rules: Any,
                progress: Any = None) -> dict[str, Any]:
    """Play ``matches`` full matches per seating; return win rates and mean totals."""
    seatings = arrangements(names)
    distinct = sorted(set(names), key=names.index)
    wins = {n: 0.0 for n in distinct}
    seats_played = {n: 0 for n in distinct}
    totals: dict[str, list[float]] = {n: [] for n in distinct}
    times: dict[str, list[float]] = {n: [] for n in distinct}
    games = 0
    for j in range(matches):
        for k, seating in enumerate(seatings):
            m = new_match(game, rules, seed=seed + j)
            bots = [_Timed(make_arena_bot(name, seed=(seed + j) * 16 + k * 4 + s), times[name])
                    for s, name in enumerate(seating)]
            _play_match(m, bots)
            games += 1
            w = m.winner
            winners = w if isinstance(w, list) else ([] if w is None else [w])
            for s, name in enumerate(seating):
                seats_played[name] += 1
                totals[name].append(m.totals[s])
                if s in winners:
                    wins[name] += 1
            if progress is not None:
                progress()
    out = {}
    for n in distinct:
        mean, ci = mean_ci(totals[n])
        seats = seats_played[n] or 1
        out[n] = {"win_rate": round(wins[n] / seats, 3), "wins": wins[n], "seats": seats,
                  "mean_total": round(mean, 1), "ci95": round(ci, 1)}
    return {"mode": "matches", "game": game, "bots": names, "matches": matches, "seed": seed,
            "games": games, "per_bot": out}


def _table(result: dict[str, Any], width: int = 130) -> Any:
    """Return the result as a Rich table; under 100 columns a compact one (light rules, no
    padding at the edges, the timing columns left out) that fits 80 columns."""
    from rich import box
    from rich.table import Table

    narrow = width < 100
    style: dict[str, Any] = ({"box": box.SIMPLE_HEAD, "pad_edge": False, "padding": (0, 1)}
                             if narrow else {})
    if result["mode"] == "deals":
        t = Table(title=f"{result['game']}: {result['deals']} duplicate deals x "
                        f"{result['seatings']} seatings (seed {result['seed']})", **style)
        cols = ["bot", "score", "±95%", "decl", "made", "contract", "w/o", "as decl",
                "as def", "p50", "p95"]
        if narrow:
            cols = cols[:-2]
        for col in cols:
            t.add_column(col, justify="right" if col != "bot" else "left",
                         no_wrap=True)
        for n, r in result["per_bot"].items():
            cells = [n, f"{r['mean_score']:+.1f}", f"±{r['ci95']:.1f}", str(r["declared"]),
                     "-" if r["made_rate"] is None else f"{100 * r['made_rate']:.0f}%",
                     "-" if r["avg_contract"] is None else f"{r['avg_contract']:.1f}",
                     str(r["writeoffs"]),
                     "-" if r["as_declarer"] is None else f"{r['as_declarer']:+.1f}",
                     "-" if r["as_defender"] is None else f"{r['as_defender']:+.1f}",
                     "-" if r["time_p50"] is None else f"{r['time_p50'] * 1000:.0f} ms",
                     "-" if r["time_p95"] is None else f"{r['time_p95'] * 1000:.0f} ms"]
            t.add_row(*cells[:len(cols)])
        a = result["advantage"]
        t.caption = (f"{a['bot']} vs the others: {a['mean']:+.1f} per deal "
                     f"(95% CI ±{a['ci95']:.1f})")
        return t
    t = Table(title=f"{result['game']}: {result['matches']} matches x every seating "
                    f"({result['games']} games, seed {result['seed']})", **style)
    for col in ("bot", "win rate", "wins/seats", "mean total", "95% CI"):
        t.add_column(col, justify="right" if col != "bot" else "left")
    for n, r in result["per_bot"].items():
        t.add_row(n, f"{100 * r['win_rate']:.1f}%", f"{r['wins']:.0f}/{r['seats']}",
                  f"{r['mean_total']:.0f}", f"±{r['ci95']:.0f}")
    return t


def main(game: str = "thousand", bots: str = "hard,normal,normal", deals: int = 100,
         matches: int = 0, seed: int = 0, preset: str | None = None,
         rules: list[str] | None = None, as_json: bool = False, workers: int = 1) -> int:
    """Run the arena (``kozyr arena``); return the exit status (2 on bad arguments)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    err = Console(stderr=True)
    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    try:
        rule_set = make_rules(game, preset, rules or [])
        players = int(getattr(rule_set, "players", len(names)))
        if len(names) != players:
            raise RulesError(f"--bots names {len(names)} bots but {game} here has {players} "
                             "seats: give one bot per seat")
        for n in set(names):
            make_arena_bot(n, seed=0)
        if deals < 0 or matches < 0:
            raise RulesError("--deals and --matches must not be negative")
        if workers < 1:
            raise RulesError("--workers must be at least 1")
    except (RulesError, ValueError) as e:
        print(f"kozyr arena: {e}", file=sys.stderr)
        return 2
    total = matches * len(arrangements(names)) if matches else deals
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=err,
                  transient=True) as bar:
        task = bar.add_task("matches" if matches else "deals", total=total)

        def step() -> None:
            bar.advance(task)

        if matches:
            result = run_matches(game, names, matches, seed, rule_set, step)
        else:
            result = run_deals(game, names, deals, seed, rule_set, step, workers=workers)
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        out = Console()
        if not out.is_terminal and not os.environ.get("COLUMNS"):
            out = Console(width=130)  # a file or a pipe: do not squeeze the table to 80
        # (a COLUMNS the caller set is the width to keep to, terminal or not)
        out.print(_table(result, out.width))
    return 0
