"""``kozyr replay FILE [--json] [--lang LANG]``: replay a game record and print its score sheet.

The text sheet speaks ``lang`` (:mod:`kozyr.terminal.words`: en, ru, uk, pl); the JSON is the
same in every language.

Exit status 0 on success; 2 with one line on stderr if the file cannot be read, the record is
malformed, or an action is illegal ("deal 3, action 7 ('play KH'): ...").  Nothing is printed to
stdout unless the whole record replays.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from kozyr.core.errors import KozyrError
from kozyr.records import (
    Replay,
    read_record_file,
    replay_record,
)
from kozyr.terminal.words import LANGS, lang, speaking, t, word


def main(path: str, *, as_json: bool = False, out: TextIO | None = None,
         err: TextIO | None = None, lang: str = "en") -> int:
    """Replay the record at ``path`` ('-' for stdin) and print its sheet; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    if lang not in LANGS:
        print("kozyr replay: " + t("cli.bad_lang", lang=lang, langs=", ".join(LANGS)), file=err)
        return 2
    try:
        result = replay_record(read_record_file(path))
    except KozyrError as e:
        print(f"kozyr replay: {path}: {e}", file=err)
        return 2
    if as_json:
        out.write(json.dumps(result.summary(), ensure_ascii=False) + "\n")
    else:
        with speaking(lang):
            out.write(format_sheet(result))
    return 0


def _marks(marks: list[str]) -> str:
    """Return a cell's marks: the record's codes in English (``B,P``), else in words."""
    if lang() != "en":
        marks = [word("mark", m) for m in marks]
    return (" " + ",".join(marks)) if marks else ""


def seat_labels(names: list[str]) -> list[str]:
    """Return each seat's column label: its number and name, so that two players of the same
    name stay apart and the ``decl`` column's seat numbers read against the names.

    >>> seat_labels(["ann", "bot:hard", "ann"])
    ['0:ann', '1:bot:hard', '2:ann']
    """
    return [f"{s}:{n}" for s, n in enumerate(names)]


def format_sheet(result: Replay) -> str:
    """Return the score sheet as a plain-text table, one line per deal, then the totals.

    Every column is as wide as its widest cell (a deal's marks included) and columns are
    two spaces apart, so nothing runs together; seats are labelled ``0:ann`` (seat_labels).
    The words are in the language being spoken (:func:`kozyr.terminal.words.speaking`).
    """
    from kozyr.terminal.render import game_title, rules_line

    summary: dict[str, Any] = result.summary()
    names = result.players
    labels = seat_labels(names)
    m = result.match
    head = ["#", t("rp.dealer"), t("rp.decl"), t("rp.bid"), t("rp.contr"), *labels]
    rows: list[list[str]] = []
    for i, row in enumerate(summary["deals"], start=1):
        decl = "-" if row["declarer"] is None else str(row["declarer"])
        bid = "-" if row["bid"] is None else str(row["bid"])
        contract = "-" if row["contract"] is None else str(row["contract"])
        if row.get("trump"):
            contract = f"{contract} {row['trump']}"
        cells = [f"{row['scores'][s]:+d}={row['totals'][s]}{_marks(row['marks'][s])}"
                 for s in range(len(names))]
        rows.append([str(i), str(row["dealer"]), decl, bid, contract, *cells])
    widths = [max(len(r[c]) for r in [head, *rows]) for c in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.rjust(w) for cell, w in zip(cells, widths, strict=True)).rstrip()

    title = m.GAME if lang() == "en" else game_title(m.GAME)
    lines = [f"{title} — {rules_line(m.rules)}", "", line(head)]
    lines.extend(line(r) for r in rows)
    lines.append("")
    lines.append(t("rp.totals") + ", ".join(f"{n} {t}" for n, t in zip(labels, summary["totals"],
                                                                    strict=True)))
    winner = summary["winner"]
    if winner is not None:
        seats = winner if isinstance(winner, list) else [winner]
        lines.append(t("rp.winner") + " & ".join(labels[s] for s in seats))
    open_deal = summary["open_deal"]
    if open_deal is not None:
        lines.append(t("rp.open", dealer=open_deal["dealer"], seat=open_deal["to_act"],
                       phase=word("phase", str(open_deal["phase"]))))
    elif not summary["complete"]:
        lines.append(t("rp.unfinished"))
    return "\n".join(lines) + "\n"
