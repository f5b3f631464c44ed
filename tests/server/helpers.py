"""Helpers of the server tests: the game under test, card extraction, websocket clients.

Two kinds of clients: conversations over Starlette's TestClient (:func:`hello`,
:func:`until`, :func:`create`, ...), and :class:`Client` on a real socket (the
``websockets`` library) for a live uvicorn or a ``kozyr serve`` subprocess
(:func:`start_server`, :func:`stop_server`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kozyr.games import new_match
from kozyr.server.table.patches import apply_patch

if TYPE_CHECKING:
    from starlette.testclient import TestClient


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


def whole_state(held: tuple[int, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """Return ``table``/``state`` message ``msg`` whole: a patch applied to the observation
    ``held`` (state id, observation), asserting that its ``base`` is that state id."""
    if "patch" not in msg:
        return msg
    assert held is not None and msg["base"] == held[0], (msg["base"], held)
    return {k: v for k, v in msg.items() if k not in ("base", "patch")} | {
        "obs": apply_patch(held[1], msg["patch"])}


class Client:
    """A websocket client of the card room (the ``websockets`` library).

    With ``patches`` (its hello asks for them) every ``state`` it receives is a patch of the
    last observation it holds; :meth:`recv` applies it (asserting that its ``base`` is the
    state id held) and logs and returns the message with the whole ``obs``, as it would have
    come without.
    """

    def __init__(self, ws: Any, name: str = "") -> None:
        self.ws = ws
        self.name = name
        self.log: list[dict[str, Any]] = []
        self.token: str | None = None
        self.user: dict[str, Any] | None = None
        #: table -> (state id, observation) held, for patches
        self.held: dict[str, tuple[int, Any]] = {}

    @classmethod
    async def connect(cls, base: str, token: str | None = None, *,
                      patches: bool = False) -> Client:
        """Open a socket and say hello."""
        import websockets

        ws = await websockets.connect(base + "/ws", max_size=2**22, compression=None)
        c = cls(ws)
        msg: dict[str, Any] = {"type": "hello", "v": 1}
        if token:
            msg["token"] = token
        if patches:
            msg["patches"] = True
        await c.send(msg)
        welcome = await c.expect("welcome")
        assert welcome["patches"] is patches, welcome
        c.token, c.user = welcome["token"], welcome["user"]
        return c

    def _whole(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Return ``msg`` with a patch applied to the held observation; keep its obs."""
        if msg["type"] not in ("table", "state"):
            return msg
        tid = msg["table"] if msg["type"] == "state" else msg["table"]["id"]
        msg = whole_state(self.held.get(tid), msg)
        self.held[tid] = (msg["state"], msg["obs"])
        return msg

    async def send(self, msg: dict[str, Any]) -> None:
        """Send one message."""
        await self.ws.send(json.dumps(msg))

    async def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        """Receive one message (and log it)."""
        msg: dict[str, Any] = self._whole(json.loads(await asyncio.wait_for(self.ws.recv(),
                                                                           timeout)))
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
        last: dict[str, Any] | None = None  # the last intent sent
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
                last = {"type": "intent", "table": table, "state": msg["state"],
                        "action": choose(msg["legal"], rng)}
                await c.send(last)
            elif msg["type"] == "error" and msg["code"] == "rate_limited" and last is not None:
                # A client this fast outruns the socket's rate limit (settings.rate per second);
                # the intent was refused unread, so wait for tokens and send it again.
                await asyncio.sleep(0.25)
                await c.send(last)
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


# -- TestClient conversations -----------------------------------------------------------
#: a TestClient websocket session
Ws = Any


def hello(client: TestClient, token: str | None = None) -> tuple[Ws, dict[str, Any]]:
    """Open a websocket session and say hello (as ``token``'s user); return it and the welcome."""
    ws = open_socket(client)
    msg: dict[str, Any] = {"type": "hello", "v": 1}
    if token:
        msg["token"] = token
    ws.send_json(msg)
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    return ws, welcome


def open_socket(client: TestClient, **kw: Any) -> Ws:
    """Open a websocket session on ``client``, closed at the latest by :func:`close_sockets`."""
    ws = client.websocket_connect("/ws", **kw).__enter__()
    client.__dict__.setdefault("kozyr_sockets", []).append(ws)
    return ws


def close_sockets(client: TestClient) -> None:
    """Close every session :func:`open_socket` opened on ``client`` and no test closed.

    A test that fails with a session open would otherwise hang the client's shut-down
    forever (the app's handler waits for the client, the client for the app).
    """
    for ws in client.__dict__.pop("kozyr_sockets", []):
        if not getattr(ws, "kozyr_closed", False):
            with contextlib.suppress(Exception):
                bye(ws)


def register(client: TestClient, name: str) -> str:
    """Register ``name``; forget the cookie so later sockets are other users."""
    token: str = client.post("/api/auth/register",
                             json={"name": name, "password": "secret1"}).json()["token"]
    client.cookies.clear()
    return token


def bye(ws: Ws) -> None:
    """Close a TestClient websocket session completely."""
    ws.kozyr_closed = True
    ws.__exit__(None, None, None)


def until(ws: Ws, *types: str) -> dict[str, Any]:
    """Read until a message of one of ``types`` arrives; return it."""
    for _ in range(10000):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] in types:
            return msg
    raise AssertionError(f"no {types}")


def create(ws: Ws, spec: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Create a table of ``spec`` (with ``extra`` fields); return the ``created`` message."""
    ws.send_json({"type": "create", "spec": {**spec, **extra}, "id": "c"})
    msg = until(ws, "created", "error")
    assert msg["type"] == "created", msg
    return msg


def fill_with_bots(ws: Ws, table: str, first: int, level: str = "easy") -> None:
    """Put a bot of ``level`` in every seat from ``first`` on."""
    for seat in range(first, SEATS):
        ws.send_json({"type": "add_bot", "table": table, "seat": seat, "level": level})


def play_to_end(ws: Ws, table: str) -> dict[str, Any]:
    """Answer every decision with the first legal action until the match is over."""
    for _ in range(20000):
        msg = ws.receive_json()
        if msg["type"] == "over":
            return msg
        assert msg["type"] != "error", msg
        if msg["type"] in ("state", "table") and msg["legal"]:
            ws.send_json({"type": "intent", "table": table, "state": msg["state"],
                          "action": msg["legal"][-1]})
    raise AssertionError("the match did not end")


# -- a `kozyr serve` subprocess ------------------------------------------------------------
async def start_server(db: str, port: int, tmp: Path, **extra: str
                       ) -> subprocess.Popen[bytes]:
    """Start ``kozyr serve`` on ``db`` and loopback ``port`` (in folder ``tmp``); wait for it.

    ``extra``: more environment variables (``KOZYR_...``) for it."""
    env = dict(os.environ, KOZYR_BOT_DELAY="0", KOZYR_GRACE="60", KOZYR_BOT_WORKERS="1",
               **extra)
    kozyr = Path(sys.executable).parent / "kozyr"
    proc = subprocess.Popen([str(kozyr), "serve", "--port", str(port), "--db", db],
                            cwd=tmp, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            await w.wait_closed()
            return proc
        except OSError:
            await asyncio.sleep(0.05)
    proc.kill()
    raise AssertionError("kozyr serve did not start")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server started by :func:`start_server` (terminate, then kill)."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
