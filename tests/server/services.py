"""PostgreSQL and Redis for the tests that need them for real (issue 19), skipped without them.

The machines of this project run PostgreSQL on 127.0.0.1:5432 (trust auth, database ``test``)
and Redis on 127.0.0.1:6379.  Elsewhere (a laptop) the tests that need them are skipped with
:data:`PG_HOW` / :data:`REDIS_HOW`, which say how to run them.  ``KOZYR_TEST_PG`` (an asyncpg
DSN of a server and a database to connect to first, default
``postgresql://postgres@127.0.0.1:5432/test``) and ``KOZYR_TEST_REDIS`` (default
``redis://127.0.0.1:6379/0``) point them elsewhere.

Each test gets a database of its own, made with a unique name and dropped afterwards
(:func:`pg_database`), and a Redis key prefix of its own (:func:`redis_prefix`), so runs
never see each other's rows or keys.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import os
import secrets
import socket
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

PG_DSN = os.environ.get("KOZYR_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("KOZYR_TEST_REDIS", "redis://127.0.0.1:6379/0")
PG_HOW = (f"PostgreSQL is not reachable at {PG_DSN}: start one (trust auth) or set "
          "KOZYR_TEST_PG=postgresql://USER@HOST:PORT/DB to run the PostgreSQL tests")
REDIS_HOW = (f"Redis is not reachable at {REDIS_URL}: start one (redis-server) or set "
             "KOZYR_TEST_REDIS=redis://HOST:PORT/DB to run the Redis tests")


def _reachable(url: str, default_port: int) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1",
                                       parts.port or default_port), timeout=1.0):
            return True
    except OSError:
        return False


@functools.cache
def pg_up() -> bool:
    """Return True if the test PostgreSQL server takes a connection."""
    if not _reachable(PG_DSN, 5432):
        return False
    try:
        import asyncpg
    except ImportError:
        return False

    async def probe() -> bool:
        try:
            conn = await asyncpg.connect(PG_DSN, timeout=3)
        except Exception:
            return False
        await conn.close()
        return True

    # in a thread of its own: the caller may be inside a running event loop
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, probe()).result()


@functools.cache
def redis_up() -> bool:
    """Return True if the test Redis answers PING."""
    if not _reachable(REDIS_URL, 6379):
        return False
    try:
        import redis
    except ImportError:
        return False
    try:
        client = redis.Redis.from_url(REDIS_URL, socket_timeout=2)
        ok = bool(client.ping())
        client.close()
        return ok
    except Exception:
        return False


def sqlalchemy_url(dsn: str, database: str) -> str:
    """Return the ``postgresql+asyncpg://`` URL of ``database`` on the server of ``dsn``.

    >>> sqlalchemy_url("postgresql://postgres@127.0.0.1:5432/test", "kozyr_x")
    'postgresql+asyncpg://postgres@127.0.0.1:5432/kozyr_x'
    """
    parts = urlsplit(dsn)
    return f"postgresql+asyncpg://{parts.netloc}/{database}"


@contextlib.asynccontextmanager
async def pg_database() -> AsyncIterator[str]:
    """Create a uniquely named PostgreSQL database; yield its SQLAlchemy URL; drop it after."""
    import asyncpg

    name = "kozyr_test_" + secrets.token_hex(6)
    admin = await asyncpg.connect(PG_DSN, timeout=5)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield sqlalchemy_url(PG_DSN, name)
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def redis_prefix() -> str:
    """Return a fresh Redis key prefix for one test (``kozyr-test-<hex>:``)."""
    return f"kozyr-test-{secrets.token_hex(6)}:"
