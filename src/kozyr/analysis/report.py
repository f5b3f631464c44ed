"""``kozyr analyse FILE [--deal N] [--json]``: the analysis printed as Rich tables or JSON.

A progress bar (on stderr, only on a terminal) counts the cards searched.  Exit status 0, or
2 with one line on stderr for a record that cannot be read, replayed or analysed.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from kozyr.analysis.deal import DEFAULT_BUDGET, DEFAULT_SAMPLES, analyse_record, count_cards
from kozyr.core.errors import KozyrError
from kozyr.records import read_record_file

#: What a trick's or a card's mode says in the text output.
MODE_NOTE = {"exact": "", "contract": " (contract only)", "none": " (not searched)"}


def main(path: str, *, deal: int | None = None, as_json: bool = False,
         budget: float = DEFAULT_BUDGET, samples: int = DEFAULT_SAMPLES, seed: int = 0,
         out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Analyse the record at ``path`` ('-': stdin) and print it; return the exit status."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        obj = read_record_file(path)
        errors = Console(file=err)
        with Progress("analysing", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=errors, transient=True,
                      disable=not errors.is_terminal) as progress:
            task = progress.add_task("cards", total=count_cards(obj, deal))
            result = analyse_record(obj, deal=deal, budget=budget, samples=samples, seed=seed,
                                    on_card=lambda: progress.advance(task))
    except (KozyrError, OSError) as e:
        print(f"kozyr analyse: {e}", file=err)
        return 2
    if as_json:
        json.dump(result, out)
        out.write("\n")
    else:
        render(result, Console(file=out, width=110, highlight=False))
    return 0


def _seat(seat: Any, players: list[str]) -> str:
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return "-"
    return f"{seat + 1} {players[seat]}"


def _value(v: Any, made: Any) -> str:
    if v is None:
        return "?" if made is None else ("made" if made else "down")
    mark = "" if made is None else (" ✓" if made else " ✗")
    return f"{v}{mark}"


def card_text(card: dict[str, Any]) -> str:
    """Return one card as the table shows it: the card, and its cost when it cost points."""
    text = card["action"].removeprefix("play ")
    if card["contract"] == "thrown":
        text += " [bold red]!! contract[/]"
    if card["loss"]:
        best = ", ".join(a.removeprefix("play ") for a in card["best_actions"][:3])
        text += f" [red]?{card['loss']}[/] (best {best})"
    return str(text) + MODE_NOTE[card["mode"]]


def render(result: dict[str, Any], console: Any) -> None:
    """Print an analysis (the shape of docs/analysis.md) as Rich tables."""
    from rich.table import Table

    players = result["players"]
    if not result["analysed"]:
        console.print(result["reason"])
        return
    console.print(f"[bold]{result['game']}[/]: value = {result['unit']} with every hand known "
                  f"(double-dummy); {result['budget']:g} s of search per card")
    for d in result["deals"]:
        head = (f"\n[bold]Deal {d['deal']}[/]  dealer {_seat(d['dealer'], players)}, "
                f"declarer {_seat(d['declarer'], players)}")
        if d["contract"]:
            head += f", contract {d['contract']}"
        console.print(head + f"; scores {d['sheet'].get('scores')}")
        if not d["analysed"]:
            console.print(f"  {d['reason']}")
            continue
        check = d.get("contract_check")
        if check and check["samples"]:
            console.print(
                f"  contract {check['contract']}: made in {check['made']} of {check['samples']}"
                f" deals sampled from the declarer's view ({check['make_probability']:.0%}), "
                f"+{check['margin']} in {check['made_with_margin']}: [bold]{check['verdict']}[/]")
        gives = d.get("gives")
        if gives and gives["value"] is not None:
            line = f"  gives {', '.join(gives['gives'])}: {gives['value']}"
            if gives["loss"]:
                best = "; ".join(", ".join(g) for g in gives["best_gives"][:2])
                line += f" [red]?{gives['loss']}[/] (best {gives['best']}: {best})"
            if not gives["complete"]:
                line += f" ({gives['solved']} of {gives['plans']} pairs searched)"
            console.print(line)
        table = Table(show_lines=False, box=None, pad_edge=False)
        for col in ("trick", "before", "after", "cards"):
            table.add_column(col)
        for t in d["tricks"]:
            cards = "  ".join(f"{c['seat'] + 1}:{card_text(c)}" for c in t["cards"])
            table.add_row(str(t["trick"]), _value(t["before"], t["made_before"]),
                          _value(t["after"], t["made_after"]), cards)
        console.print(table)
        lost = [f"{_seat(s, players)} {v}" for s, v in enumerate(d["losses"]) if v]
        console.print("  points lost against best play: " + (", ".join(lost) or "none")
                      + ("" if d["mode"] == "exact" else "; some cards were not searched "
                         "exactly (their cost is not counted)"))
