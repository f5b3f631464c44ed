"""Players of a tournament for the tests: registered users whose clients follow it, sit at
each table a round gives them and play random legal actions, reconnecting if the server
goes away (a ``kill -9``), until the tournament ends."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx

from .helpers import Client, choose


async def register_users(base: str, names: list[str]) -> dict[str, str]:
    """Register ``names`` on the server at ws URL ``base``; return name -> session token."""
    tokens = {}
    async with httpx.AsyncClient(base_url=base.replace("ws://", "http://")) as http:
        for name in names:
            r = await http.post("/api/auth/register", json={"name": name,
                                                             "password": "secret-pw"})
            assert r.status_code == 200, r.text
            tokens[name] = r.json()["token"]
    return tokens


async def register_for(bases: str | list[str], tokens: dict[str, str], tid: str,
                       names: list[str]) -> None:
    """Register each of ``names`` for tournament ``tid``, the i-th through ``bases[i % n]``."""
    urls = [bases] if isinstance(bases, str) else bases
    for i, name in enumerate(names):
        c = await Client.connect(urls[i % len(urls)], tokens[name])
        await c.send({"type": "tournament_register", "tournament": tid})
        await c.expect("ok")
        await c.close()


async def play_tournament(base: str | list[str], token: str, tid: str, rng: random.Random,
                          deadline: float, tables: list[str] | None = None) -> dict[str, Any]:
    """Play every table of tournament ``tid`` that seats ``token``'s user; return the final
    TournamentView.  A lost connection is opened again (the server may be restarting), to
    the next of the ``base`` URLs if there are several (the processes of one room)."""
    seen = tables if tables is not None else []
    bases = [base] if isinstance(base, str) else list(base)
    while True:
        try:
            return await _session(bases[0], token, tid, rng, deadline, seen)
        except (TimeoutError, OSError, ConnectionError) as e:
            if time.monotonic() > deadline:
                raise AssertionError(f"the tournament did not end: {e!r}") from e
        except Exception as e:  # websockets' ConnectionClosed and the like
            if type(e).__name__ not in ("ConnectionClosedError", "ConnectionClosedOK",
                                        "ConnectionClosed", "InvalidStatus",
                                        "InvalidMessage") or time.monotonic() > deadline:
                raise
        bases.append(bases.pop(0))
        await asyncio.sleep(0.2)


async def _session(base: str, token: str, tid: str, rng: random.Random, deadline: float,
                   seen: list[str]) -> dict[str, Any]:
    c = await Client.connect(base, token)
    try:
        await c.send({"type": "tournament_follow", "tournament": tid})
        table = None
        while True:
            if time.monotonic() > deadline:
                raise AssertionError("the tournament did not end in time")
            msg = await c.recv(30)
            kind = msg["type"]
            if kind == "tournament":
                t = msg["tournament"]
                if t["status"] in ("finished", "cancelled"):
                    return dict(t)
                mine = t["you"]["table"]
                if mine is not None and mine != table:
                    table = mine
                    if mine not in seen:
                        seen.append(mine)
                    await c.send({"type": "join", "table": mine})
            elif kind == "tournament_table" and msg["table"] != table:
                table = msg["table"]
                if table not in seen:
                    seen.append(table)
                await c.send({"type": "join", "table": table})
            elif kind in ("state", "table") and msg.get("legal") and _table_of(msg) == table:
                await c.send({"type": "intent", "table": table, "state": msg["state"],
                              "action": choose(msg["legal"], rng)})
            elif kind == "error" and msg["code"] not in ("stale_state", "not_your_turn",
                                                         "game_over", "rate_limited"):
                raise AssertionError(f"refused: {msg}")
    finally:
        await c.close()


def _table_of(msg: dict[str, Any]) -> Any:
    """Return the table id of a ``state`` (an id) or ``table`` (a TableInfo) message."""
    t = msg.get("table")
    return t.get("id") if isinstance(t, dict) else t
