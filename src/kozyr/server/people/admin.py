"""``kozyr admin reports``: the open reports of abuse, read from the room's database."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import unicodedata

from kozyr.server.people.store import PeopleStore
from kozyr.server.storage import Storage


async def _open_reports(db: str | None) -> list[dict[str, object]]:
    storage = Storage(db)
    await storage.open()
    try:
        return await PeopleStore(storage).open_reports()
    finally:
        await storage.close()


def shown(text: str) -> str:
    """Return ``text`` with its control and format characters escaped (``\\u001b``): a
    reporter's words never drive the admin's terminal (escape sequences, a line break that
    fakes another report, a right-to-left override).

    >>> shown("rude\\x1b[2J\\nlines\\u202e")
    'rude\\\\u001b[2J\\\\u000alines\\\\u202e'
    """
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Cc", "Cf") else ch
                   for ch in text)


def reports_main(db: str | None = None, as_json: bool = False) -> int:
    """Print the open reports (oldest first), one a line or as JSON; return the exit code."""
    rows = asyncio.run(_open_reports(db))
    if as_json:  # JSON escapes of those left (C1, format): the same text, the terminal safe
        text = json.dumps(rows, ensure_ascii=False, indent=1)
        print("\n".join(shown(line) for line in text.split("\n")))
        return 0
    if not rows:
        print("no open reports")
        return 0
    for r in rows:
        when = dt.datetime.fromtimestamp(float(r["created"]),  # type: ignore[arg-type]
                                         dt.UTC).strftime("%Y-%m-%d %H:%M")
        where = f" at table {shown(str(r['table_id']))}" if r["table_id"] else ""
        game = f" (game {r['game_id']})" if r["game_id"] else ""
        print(f"#{r['id']} {when} UTC: {r['reporter']} reports {r['reported']}{where}{game}: "
              f"{shown(str(r['reason']))}")
    return 0
