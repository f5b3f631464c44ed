"""Fixtures of the server tests: an app on a temp SQLite file, TestClient, a live uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import warnings
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from kozyr.server.app import create_app
from kozyr.server.settings import Settings

from .helpers import GAME_SPEC, close_sockets

with warnings.catch_warnings():  # starlette asks for httpx2, which is not installed here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def settings(**kw: Any) -> Settings:
    """Return fast test settings: no bot pacing, one bot worker, a short grace period."""
    base: dict[str, Any] = {"bot_delay": 0.0, "grace": 30.0, "bot_workers": 1,
                            "lobby_interval": 0.05, "rate": 1000.0}
    base.update(kw)
    return Settings(**base)


@pytest.fixture
def db_url(tmp_path: Any) -> str:
    """Return a SQLite URL in the test's temp folder."""
    return f"sqlite+aiosqlite:///{tmp_path}/kozyr.db"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """Return a TestClient on a fresh app (lifespan run)."""
    app = create_app(db_url, settings())
    with TestClient(app) as c:
        try:
            yield c
        finally:
            close_sockets(c)


@pytest.fixture
def make(db_url: str) -> Iterator[Any]:
    """Return ``start(restart=False, **settings)``: a TestClient on an app over ``db_url``.

    ``restart=True`` first stops the clients started so far (a server restart on the same
    database); every client still open is stopped at the end of the test.
    """
    opened: list[TestClient] = []

    def start(restart: bool = False, **kw: Any) -> TestClient:
        if restart:
            for c in opened:
                close_sockets(c)
                c.__exit__(None, None, None)
            opened.clear()
        c = TestClient(create_app(db_url, settings(**kw)))
        c.__enter__()
        opened.append(c)
        return c

    try:
        yield start
    finally:
        for c in opened:
            close_sockets(c)
            c.__exit__(None, None, None)


@pytest.fixture
def spec() -> dict[str, Any]:
    """Return the table spec the game tests use."""
    return dict(GAME_SPEC)


def free_port() -> int:
    """Return a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.asynccontextmanager
async def live_server(db: str, **kw: Any) -> AsyncIterator[tuple[str, Any]]:
    """Run uvicorn in-process on a free loopback port; yield (ws base URL, app)."""
    import uvicorn

    app = create_app(db, settings(**kw))
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, ws="auto",
                            ws_per_message_deflate=False, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    for _ in range(500):
        if server.started:
            break
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        yield f"ws://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        await task
