"""Benchmark the card room: N simulated clients playing real games against the server.

    .venv/bin/python bench/server.py                 # 300 clients, 20 s of play
    .venv/bin/python bench/server.py --clients 2000  # the target: p99 <= 100 ms
    .venv/bin/python bench/server.py --think 0       # saturated: the server's throughput

The server (`kozyr serve`) runs as a subprocess on a temporary SQLite file, on loopback.
Clients sit three to a table (Thousand, classic; all humans, so no bot is measured), answer
each decision with a random legal action after ``--think`` seconds, and measure the latency
from sending an intent to receiving the broadcast ``state`` that follows it.  Clients ask
for ``state`` patches in their hello, as the web client does (docs/protocol.md §4.4);
``--whole`` makes them take every observation whole.  Printed:
connections held, messages/s (and KiB/s) received by all clients, intents/s, p50/p99 latency, the
server's memory per connection (RSS delta / connections) and its CPU ms per intent.

Then, unless ``--no-reference``, the same clients play against a trivial Starlette + uvicorn
server written here (:func:`trivial_app`: an intent is answered by three small JSON messages
to the table's three clients, no game, no storage), and the kozyr server's throughput is
printed as a ratio to it: the cost of the room's own work (rules, observations, storage)
over the bare websocket path.  At the default ``--think`` both servers mostly keep up, so
the ratio is near 1; ``--think 0`` measures what each can do.

``--processes N`` (N >= 2) runs N ``kozyr serve`` processes serving one room instead, on a
fresh PostgreSQL database (created for the run, dropped after) and one Redis under a fresh key
prefix (``KOZYR_REDIS_PREFIX``; its keys deleted after): client i connects to process i % N,
so the three players of a table (consecutive clients) sit on different processes and most
intents and broadcasts cross processes through Redis (docs/deploy.md).  CPU and RSS are summed
over the processes.  ``--compare-single`` first runs one process on the same kind of setup
(its own fresh database and prefix) and prints the N-process throughput as a ratio to it;
``--cluster`` runs ``--processes 1`` on PostgreSQL + Redis.  ``--pg`` (default
``$KOZYR_TEST_PG`` or postgresql://postgres@127.0.0.1:5432/test: a server and a database to
connect to, to create the run's) and ``--redis`` (default ``$KOZYR_TEST_REDIS`` or
redis://127.0.0.1:6379/0) say where; if either is unreachable the bench says so and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import websockets

SPEC = {"game": "thousand", "preset": "classic"}


def rss_kib(pid: int) -> int:
    """Return a process's resident set size in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    """Return a process's user + system CPU seconds so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    """Return a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    """Counters shared by every simulated client."""

    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.intents = 0
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.measuring = False


class Player:
    """One simulated client."""

    def __init__(self, base: str, stats: Stats, think: float, rng: random.Random,
                 patches: bool = True) -> None:
        self.base, self.stats, self.think, self.rng = base, stats, think, rng
        self.patches = patches
        self.ws: Any = None
        self.table = ""
        self.sent_at: float | None = None
        self.sent_state = -1

    async def connect(self) -> None:
        self.ws = await websockets.connect(self.base + "/ws", compression=None,
                                           max_size=2**20, open_timeout=60, ping_interval=None)
        await self.ws.send(json.dumps({"type": "hello", "v": 1, "patches": self.patches}))
        await self.expect("welcome")

    async def expect(self, kind: str) -> dict[str, Any]:
        while True:
            msg: dict[str, Any] = json.loads(await self.ws.recv())
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error":
                raise RuntimeError(msg)

    async def play(self, stop: asyncio.Event) -> None:
        stats = self.stats
        async for raw in self.ws:
            if stop.is_set():
                return
            msg = json.loads(raw)
            kind = msg["type"]
            if stats.measuring:
                stats.messages += 1
                stats.bytes += len(raw)
            if kind == "state" and self.sent_at is not None and msg["state"] > self.sent_state:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
            if kind in ("state", "table") and msg.get("legal") and self.sent_at is None:
                if self.think:
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                self.sent_state = msg["state"]
                self.sent_at = time.perf_counter()
                await self.ws.send(json.dumps({"type": "intent", "table": self.table,
                                               "state": msg["state"],
                                               "action": self.rng.choice(msg["legal"])}))
                if stats.measuring:
                    stats.intents += 1
            elif kind == "over":
                await self.ws.send(json.dumps({"type": "rematch", "table": self.table}))
            elif kind == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                if msg["code"] in ("stale_state", "not_your_turn"):
                    self.sent_at = None


async def seat_table(players: list[Player]) -> None:
    """Create a table with the first player and seat all three."""
    host = players[0]
    await host.ws.send(json.dumps({"type": "create", "spec": SPEC}))
    table = (await host.expect("created"))["table"]["id"]
    for i, p in enumerate(players):
        p.table = table
        await p.ws.send(json.dumps({"type": "join", "table": table, "seat": i}))
        await p.expect("table")


def trivial_app() -> Any:
    """Return the reference server: the bench's protocol with no game behind it.

    ``hello``, ``create`` and ``join`` are answered as kozyr answers them (as far as the
    clients read); once three have joined a table, and after each ``intent`` of the seat to
    act, each of the table's three clients is sent a small ``state`` (the next seat to act
    gets one legal action).
    """
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    tables: dict[str, dict[str, Any]] = {}

    async def broadcast(table: dict[str, Any]) -> None:
        for seat, ws in enumerate(table["seats"]):
            legal = ["go"] if seat == table["to_act"] else []
            await ws.send_text(json.dumps({"type": "state", "table": table["id"],
                                           "state": table["step"], "seat": seat,
                                           "to_act": table["to_act"], "legal": legal}))

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                kind = msg["type"]
                if kind == "hello":
                    await ws.send_text(json.dumps({"type": "welcome"}))
                elif kind == "create":
                    tid = f"t{len(tables) + 1}"
                    tables[tid] = {"id": tid, "seats": [], "step": 0, "to_act": 0}
                    await ws.send_text(json.dumps({"type": "created", "table": {"id": tid}}))
                elif kind == "join":
                    table = tables[msg["table"]]
                    table["seats"].append(ws)
                    await ws.send_text(json.dumps({"type": "table", "table": {"id": table["id"]},
                                                   "state": 0, "legal": []}))
                    if len(table["seats"]) == 3:
                        await broadcast(table)
                elif kind == "intent":
                    table = tables[msg["table"]]
                    if msg["state"] != table["step"] or table["seats"][table["to_act"]] is not ws:
                        await ws.send_text(json.dumps({"type": "error", "code": "stale_state"}))
                        continue
                    table["step"] += 1
                    table["to_act"] = (table["to_act"] + 1) % 3
                    await broadcast(table)
        except WebSocketDisconnect:
            pass

    return Starlette(routes=[WebSocketRoute("/ws", endpoint)])


def serve_trivial(port: int) -> None:
    """Run :func:`trivial_app` on loopback, with the uvicorn options ``kozyr serve`` uses."""
    import uvicorn

    uvicorn.run(trivial_app(), host="127.0.0.1", port=port, ws="auto",
                ws_per_message_deflate=False, log_level="warning", lifespan="off",
                timeout_graceful_shutdown=3, server_header=False)


async def run(args: argparse.Namespace) -> dict[str, Any] | None:
    """Measure the kozyr server, then (unless ``--no-reference``) the trivial one.

    Return None (having said why) if the cluster's PostgreSQL or Redis is not reachable.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, args.clients * 2 + 512))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    if args.cluster:
        why = await services_down(args.pg, args.redis)
        if why:
            print(f"bench/server.py: skipped: {why}", file=sys.stderr)
            return None
        single = (await measure_cluster(args, 1)
                  if args.compare_single and args.processes > 1 else None)
        out = await measure_cluster(args, args.processes)
        if single is not None:
            out["single"] = single
            out["ratio_to_single"] = (round(out["intents_per_s"] / single["intents_per_s"], 3)
                                      if single["intents_per_s"] else None)
    else:
        out = await measure(args, trivial=False)
    if not args.no_reference:
        ref = await measure(args, trivial=True)
        out["reference"] = ref
        out["ratio_to_trivial"] = (round(out["intents_per_s"] / ref["intents_per_s"], 3)
                                   if ref["intents_per_s"] else None)
    return out


async def services_down(pg: str, redis_url: str) -> str | None:
    """Return why PostgreSQL at ``pg`` or Redis at ``redis_url`` cannot be used, or None."""
    try:
        import asyncpg
        import redis.asyncio as aioredis
    except ImportError as e:
        return f"{e.name} is not installed (pip install -e '.[cluster]' or asyncpg redis)"
    try:
        conn = await asyncpg.connect(pg, timeout=3)
        await conn.close()
    except Exception as e:
        return (f"PostgreSQL is not reachable at {pg} ({type(e).__name__}: {e}); "
                "start one or pass --pg postgresql://USER@HOST:PORT/DB")
    try:
        r = aioredis.Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        try:
            await r.ping()
        finally:
            await r.aclose()
    except Exception as e:
        return (f"Redis is not reachable at {redis_url} ({type(e).__name__}: {e}); "
                "start one or pass --redis redis://HOST:PORT/DB")
    return None


async def measure_cluster(args: argparse.Namespace, processes: int) -> dict[str, Any]:
    """Measure ``processes`` kozyr servers on a fresh PostgreSQL database and Redis prefix."""
    import asyncpg
    import redis.asyncio as aioredis

    name = "kozyr_bench_" + secrets.token_hex(6)
    prefix = f"kozyr-bench-{secrets.token_hex(6)}:"
    admin = await asyncpg.connect(args.pg, timeout=5)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            db = f"postgresql+asyncpg://{urlsplit(args.pg).netloc}/{name}"
            return await measure(args, trivial=False, processes=processes, db=db,
                                 redis=args.redis, prefix=prefix)
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            r = aioredis.Redis.from_url(args.redis)
            keys = [k async for k in r.scan_iter(match=prefix + "*")]
            if keys:
                await r.delete(*keys)
            await r.aclose()
    finally:
        await admin.close()


async def measure(args: argparse.Namespace, trivial: bool, processes: int = 1,
                  db: str | None = None, redis: str | None = None,
                  prefix: str | None = None) -> dict[str, Any]:
    """Start the server(s), play, return the figures (CPU and RSS summed over the servers).

    ``db`` None: one kozyr process on a temporary SQLite file (or the trivial server);
    otherwise ``processes`` kozyr processes on ``db`` and ``redis`` under ``prefix``, client i
    on process i % processes.
    """
    n = args.clients - args.clients % 3
    with tempfile.TemporaryDirectory() as tmp:
        # every simulated client is a guest on its own socket from 127.0.0.1: lift the
        # per-address limits (docs/security.md) past the number of clients
        many = str(args.clients * 2 + 10)
        env = dict(os.environ, KOZYR_RATE="1000", KOZYR_BOT_WORKERS="1",
                   KOZYR_MAX_CONNS_PER_ADDRESS=many, KOZYR_GUESTS_PER_MINUTE=many)
        if prefix is not None:
            env["KOZYR_REDIS_PREFIX"] = prefix
        kozyr = Path(sys.executable).parent / "kozyr"
        servers: list[subprocess.Popen[bytes]] = []
        bases: list[str] = []
        try:
            # one after the other: the first creates the schema
            for k in range(processes):
                port = free_port()
                bases.append(f"ws://127.0.0.1:{port}")
                profile = (args.profile if processes == 1 or not args.profile
                           else f"{args.profile}.{k}")
                pre = [sys.executable, "-m", "cProfile", "-o", profile] if profile else []
                command = ([sys.executable, str(Path(__file__).resolve()), "--trivial-server",
                            str(port)] if trivial else
                           [*pre, str(kozyr), "serve", "--port", str(port), "--db",
                            db or f"sqlite+aiosqlite:///{tmp}/bench.db",
                            *(["--redis", redis] if redis else [])])
                log = Path(tmp) / f"server-{k}.log"
                with open(log, "wb") as f:  # the process keeps it open
                    servers.append(subprocess.Popen(command, cwd=tmp, env=env, stdout=f,
                                                    stderr=f))
                for _ in range(400):
                    try:
                        _, w = await asyncio.open_connection("127.0.0.1", port)
                        w.close()
                        await w.wait_closed()
                        break
                    except OSError:
                        if servers[-1].poll() is not None:
                            raise RuntimeError("the server did not start: " + log.read_text(
                                errors="replace")[-2000:]) from None
                        await asyncio.sleep(0.05)
            pids = [s.pid for s in servers]
            rss0 = sum(rss_kib(pid) for pid in pids)
            stats = Stats()
            rng = random.Random(args.seed)
            players = [Player(bases[i % processes], stats, args.think,
                              random.Random(rng.random()), not args.whole) for i in range(n)]
            t0 = time.perf_counter()
            for i in range(0, n, 100):
                await asyncio.gather(*(p.connect() for p in players[i:i + 100]))
            await asyncio.sleep(0.5)  # connected, said hello, nothing else: idle
            rss_idle = sum(rss_kib(pid) for pid in pids)
            for i in range(0, n, 150):
                await asyncio.gather(*(seat_table(players[j:j + 3])
                                       for j in range(i, min(i + 150, n), 3)))
            setup = time.perf_counter() - t0
            stop = asyncio.Event()
            tasks = [asyncio.create_task(p.play(stop)) for p in players]
            await asyncio.sleep(args.warmup)
            stats.measuring = True
            rss1 = sum(rss_kib(pid) for pid in pids)
            t1 = time.perf_counter()
            cpu0, me0 = sum(cpu_s(pid) for pid in pids), time.process_time()
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            elapsed = time.perf_counter() - t1
            server_cpu_s = sum(cpu_s(pid) for pid in pids) - cpu0
            server_cpu = server_cpu_s / elapsed
            client_cpu = (time.process_time() - me0) / elapsed
            held = sum(1 for p in players if p.ws.state.name == "OPEN")
            stop.set()
            for p in players:
                with contextlib.suppress(Exception):
                    await p.ws.close()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            for server in servers:
                # SIGINT under cProfile: uvicorn re-raises the signal it stopped on, and
                # only SIGINT's KeyboardInterrupt lets ``python -m cProfile`` write its file
                server.send_signal(signal.SIGINT if args.profile and not trivial
                                   else signal.SIGTERM)
            for server in servers:
                try:
                    server.wait(20)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
    lat = sorted(stats.latencies)

    def pct(q: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1) if lat else float("nan")

    return {
        "processes": processes,
        "backend": "trivial" if trivial else "postgresql+redis" if db else "sqlite",
        "clients": n, "connections_held": held, "tables": n // 3, "setup_s": round(setup, 1),
        "think_s": args.think, "seconds": round(elapsed, 1),
        "messages_per_s": round(stats.messages / elapsed),
        "kib_per_s": round(stats.bytes / elapsed / 1024),
        "intents_per_s": round(stats.intents / elapsed),
        "latency_ms": {"p50": pct(0.50), "p99": pct(0.99),
                       "mean": round(1000 * statistics.fmean(lat), 1) if lat else None},
        "samples": len(lat),
        "rss_kib": {"idle": rss0, "connected": rss_idle, "loaded": rss1},
        "kib_per_connection": round((rss1 - rss0) / max(1, n), 1),
        "kib_per_idle_connection": round((rss_idle - rss0) / max(1, n), 1),
        "errors": stats.errors,
        "cpu": {"server": round(server_cpu, 2), "clients": round(client_cpu, 2),
                "load1": round(os.getloadavg()[0], 2)},
        "cpu_ms_per_intent": (round(1000 * server_cpu_s / stats.intents, 3)
                              if stats.intents else None),
    }


def report(out: dict[str, Any]) -> None:
    """Print one run's figures."""
    lat = out["latency_ms"]
    print(f"clients {out['clients']} ({out['tables']} tables), held {out['connections_held']}, "
          f"think {out['think_s']} s, measured {out['seconds']} s (setup {out['setup_s']} s)")
    print(f"messages/s {out['messages_per_s']} ({out['kib_per_s']} KiB/s)  "
          f"intents/s {out['intents_per_s']}  "
          f"latency intent->broadcast p50 {lat['p50']} ms  p99 {lat['p99']} ms  "
          f"({out['samples']} samples)")
    print(f"server RSS {out['rss_kib']['idle']} -> {out['rss_kib']['loaded']} KiB: "
          f"{out['kib_per_connection']} KiB per connection playing, "
          f"{out['kib_per_idle_connection']} KiB per idle one (hello only); "
          f"errors {out['errors']}")
    cpu = out["cpu"]
    print(f"CPU (cores busy): server {cpu['server']}, clients {cpu['clients']}; "
          f"machine load {cpu['load1']}; CPU ms per intent {out['cpu_ms_per_intent']}"
          + (f" (server CPU and RSS summed over {out['processes']} processes)"
             if out["processes"] > 1 else ""))


def main() -> int:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--think", type=float, default=0.05,
                    help="mean seconds a client waits before answering (0: at once)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--whole", action="store_true",
                    help="clients take every state whole (no hello patches, as before them)")
    ap.add_argument("--profile", metavar="FILE", help="run the server under cProfile, to FILE")
    ap.add_argument("--no-reference", action="store_true",
                    help="skip the run against the trivial Starlette + uvicorn server")
    ap.add_argument("--processes", type=int, default=1, metavar="N",
                    help="N >= 2: N kozyr processes on a fresh PostgreSQL database and Redis "
                         "prefix, client i on process i %% N")
    ap.add_argument("--cluster", action="store_true",
                    help="PostgreSQL + Redis even with --processes 1")
    ap.add_argument("--compare-single", action="store_true",
                    help="with --processes N >= 2: first run 1 process on PostgreSQL + Redis "
                         "and print the ratio of throughputs")
    ap.add_argument("--pg", default=os.environ.get(
        "KOZYR_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test"), metavar="DSN",
                    help="PostgreSQL server and database to connect to, to create the run's "
                         "(default $KOZYR_TEST_PG or %(default)s)")
    ap.add_argument("--redis", default=os.environ.get(
        "KOZYR_TEST_REDIS", "redis://127.0.0.1:6379/0"), metavar="URL",
                    help="Redis for the processes (default $KOZYR_TEST_REDIS or %(default)s)")
    ap.add_argument("--trivial-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.trivial_server is not None:  # the reference server's own process
        serve_trivial(args.trivial_server)
        return 0
    if args.processes < 1:
        ap.error("--processes must be at least 1")
    if args.compare_single and args.processes < 2:
        ap.error("--compare-single needs --processes N with N >= 2")
    args.cluster = args.cluster or args.processes > 1
    try:
        import uvloop  # the clients need a fast loop too, or they measure themselves

        out = uvloop.run(run(args))
    except ImportError:
        out = asyncio.run(run(args))
    if out is None:
        return 0
    if args.json:
        print(json.dumps(out))
        return 0
    single = out.get("single")
    if single is not None:
        print("1 process on PostgreSQL + Redis:")
        report(single)
        print(f"{out['processes']} processes on PostgreSQL + Redis:")
    elif out["backend"] != "sqlite":
        print(f"{out['processes']} process{'es' if out['processes'] > 1 else ''} "
              "on PostgreSQL + Redis:")
    report(out)
    if single is not None:
        print(f"ratio to 1 process (intents/s, {out['processes']} processes / 1): "
              f"{out['ratio_to_single']}")
    ref = out.get("reference")
    if ref is not None:
        rlat, rcpu = ref["latency_ms"], ref["cpu"]
        print(f"reference (trivial Starlette + uvicorn server, one process): intents/s "
              f"{ref['intents_per_s']}  p50 {rlat['p50']} ms  p99 {rlat['p99']} ms  "
              f"server CPU {rcpu['server']} (CPU ms per intent {ref['cpu_ms_per_intent']}); "
              f"errors {ref['errors']}")
        print(f"ratio to the trivial server (intents/s, kozyr / trivial): "
              f"{out['ratio_to_trivial']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
