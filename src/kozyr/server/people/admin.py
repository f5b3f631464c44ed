"""``kozyr admin reports``: the open reports of abuse, read from the room's database."""

from __future__ import annotations

import asyncio
import datetime as dt
import json

from kozyr.server.people.store import PeopleStore
from kozyr.server.storage import Storage


async def _open_reports(db: str | None) -> list[dict[str, object]]:
    storage = Storage(db)
    await storage.open()
    try:
        return await PeopleStore(storage).open_reports()
    finally:
        await storage.close()


def reports_main(db: str | None = None, as_json: bool = False) -> int:
    """Print the open reports (oldest first), one a line or as JSON; return the exit code."""
    rows = asyncio.run(_open_reports(db))
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    if not rows:
        print("no open reports")
        return 0
    for r in rows:
        when = dt.datetime.fromtimestamp(float(r["created"]),  # type: ignore[arg-type]
                                         dt.UTC).strftime("%Y-%m-%d %H:%M")
        where = f" at table {r['table_id']}" if r["table_id"] else ""
        game = f" (game {r['game_id']})" if r["game_id"] else ""
        print(f"#{r['id']} {when} UTC: {r['reporter']} reports {r['reported']}{where}{game}: "
              f"{r['reason']}")
    return 0
