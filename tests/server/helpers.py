"""Helpers of the server tests: the game under test, card extraction, websocket clients."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

from kozyr.games import new_match


def _thousand_ready() -> bool:
    try:
        m = new_match("thousand", "classic", seed=1)
        m.deal()
        m.observation(0)
    except Exception:
        return False
    return True


THOUSAND = _thousand_ready()
#: Short matches: Thousand to 100 with no barrel and no redeal (so no hand is ever shown),
#: or Tertz to 101 while the Thousand engine is not complete.
GAME_SPEC: dict[str, Any] = (
    {"game": "thousand", "preset": "classic",
     "options": {"target": 100, "barrel": False, "redeal": False}}
    if THOUSAND else {"game": "tertz", "preset": "tertz", "options": {"target": 101}})
SEATS = 3 if THOUSAND else 2

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[789TJQKA])[SCDH](?![A-Za-z0-9])")
#: keys whose values are names or ids, never cards
SKIP = {"id", "table", "token", "name", "owner", "from", "record", "re", "describe", "rules",
        "record_rules"}


def cards_in(obj: Any, skip: frozenset[str] | set[str] = SKIP) -> set[str]:
    """Return every card named anywhere in a message (ignoring names and ids)."""
    out: set[str] = set()
    if isinstance(obj, str):
        out.update(CARD.findall(obj))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                out |= cards_in(v, skip)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_in(v, skip)
    return out


class Client:
    """A websocket client of the card room (the ``websockets`` library)."""

    def __init__(self, ws: Any, name: str = "") -> None:
        self.ws = ws
        self.name = name
        self.log: list[dict[str, Any]] = []
        self.token: str | None = None
        self.user: dict[str, Any] | None = None

    @classmethod
    async def connect(cls, base: str, token: str | None = None) -> Client:
        """Open a socket and say hello."""
        import websockets

        ws = await websockets.connect(base + "/ws", max_size=2**22, compression=None)
        c = cls(ws)
        msg: dict[str, Any] = {"type": "hello", "v": 1}
        if token:
            msg["token"] = token
        await c.send(msg)
        welcome = await c.expect("welcome")
        c.token, c.user = welcome["token"], welcome["user"]
        return c

    async def send(self, msg: dict[str, Any]) -> None:
        """Send one message."""
        await self.ws.send(json.dumps(msg))

    async def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        """Receive one message (and log it)."""
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.log.append(msg)
        return msg

    async def expect(self, *types: str, timeout: float = 20.0) -> dict[str, Any]:
        """Receive until a message of one of ``types`` arrives; return it."""
        while True:
            msg = await self.recv(timeout)
            if msg["type"] in types:
                return msg

    async def close(self) -> None:
        """Close the socket."""
        await self.ws.close()


def choose(legal: list[str], rng: random.Random) -> str:
    """Pick a legal action at random, but bid and contract low, so random matches end soon."""
    if "pass" in legal and rng.random() < 0.85:
        return "pass"
    for word in ("contract", "bid"):
        options = [a for a in legal if a.startswith(word + " ")]
        if options:
            return min(options, key=lambda a: int(a.split()[1]))
    return rng.choice(legal)


async def play_until(clients: dict[int, Client], table: str, rng: random.Random, *,
                     stop: Any = None, timeout: float = 60.0) -> dict[str, Any] | None:
    """Let seated clients play random legal actions until ``over`` (or ``stop(msg)`` is true).

    Every client reads its own messages concurrently; the one to act answers its latest view.
    Return the ``over`` message (or None if stopped).
    """
    done: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()

    async def run(seat: int, c: Client) -> None:
        while not done.done():
            try:
                msg = await c.recv(timeout)
            except (asyncio.CancelledError, Exception) as e:
                if not done.done():
                    done.set_exception(e)
                return
            if len(c.log) > 20000 and not done.done():  # a livelock, not a match
                from collections import Counter

                kinds = Counter((m["type"], m.get("code")) for m in c.log[-2000:])
                done.set_exception(AssertionError(f"seat {seat}: endless {kinds}, "
                                                  f"last {c.log[-3:]}"))
                return
            if msg["type"] == "over" and not done.done():
                done.set_result(msg)
                return
            if stop is not None and stop(seat, msg) and not done.done():
                done.set_result(None)
                return
            if msg["type"] in ("state", "table") and msg.get("legal"):
                await c.send({"type": "intent", "table": table, "state": msg["state"],
                              "action": choose(msg["legal"], rng)})
            elif msg["type"] == "error" and msg["code"] not in ("stale_state", "not_your_turn"):
                if not done.done():
                    done.set_exception(AssertionError(f"seat {seat}: {msg}"))
                return

    tasks = [asyncio.create_task(run(s, c)) for s, c in clients.items()]
    try:
        return await asyncio.wait_for(done, timeout * 4)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def seat_clients(base: str, n: int) -> tuple[dict[int, Client], str]:
    """Connect ``n`` clients; the first creates a table of GAME_SPEC and each takes his seat."""
    clients = {i: await Client.connect(base) for i in range(n)}
    await clients[0].send({"type": "create", "spec": GAME_SPEC})
    table = (await clients[0].expect("created"))["table"]["id"]
    for i, c in clients.items():
        await c.send({"type": "join", "table": table, "seat": i})
        await c.expect("table")
    return clients, table
