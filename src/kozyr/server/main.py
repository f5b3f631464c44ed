"""``kozyr serve``: run the card room on uvicorn (websockets, per-message deflate off).

Settings can be tuned from the environment (docs/protocol.md §7, docs/security.md):

- pacing: ``KOZYR_BOT_DELAY`` (seconds between bot moves, default 0.6), ``KOZYR_GRACE``
  (seconds before a bot plays for a disconnected player, default 30), ``KOZYR_BOT_WORKERS``
  (bot processes, default 2), ``KOZYR_RATE`` (messages per second per socket, default 40);
- origins and proxies: ``KOZYR_ORIGINS`` (comma-separated origins allowed besides the room's
  own, ``https://cards.example``), ``KOZYR_TRUSTED_PROXIES`` (comma-separated addresses or
  networks of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed),
  ``KOZYR_SECURE_COOKIES`` (``on``, ``off`` or ``auto``: Secure when the request came over
  https), ``KOZYR_SESSION_TTL`` (seconds a session lives after its last use);
- limits: ``KOZYR_MAX_CONNS_PER_ADDRESS``, ``KOZYR_GUESTS_PER_MINUTE``,
  ``KOZYR_REGISTRATIONS_PER_HOUR``, ``KOZYR_LOGIN_FAILURES``, ``KOZYR_LIMITER_KEYS``,
  ``KOZYR_MAX_BODY``, ``KOZYR_MAX_TABLES_PER_USER``, ``KOZYR_EMPTY_TABLE_TTL``,
  ``KOZYR_MAX_QUEUE_BYTES``;
- several processes: ``KOZYR_LEASE_TTL`` (seconds before a dead process's tables are taken
  over, default 3), ``KOZYR_REDIS_PREFIX`` (of every Redis key and channel, default
  ``kozyr:``).

Stores: ``KOZYR_DB`` (the database URL, as ``--db``: SQLite by default, or
``postgresql+asyncpg://...``) and ``KOZYR_REDIS`` (as ``--redis``: the Redis several processes
of one room share, docs/deploy.md); the flags win over the variables.

A bad value stops ``kozyr serve`` with a one-line error naming the variable (exit status 2).
uvicorn's own proxy-header handling is off: it would believe X-Forwarded-For from any local
peer; the room reads those headers itself, from ``KOZYR_TRUSTED_PROXIES`` only.
"""

from __future__ import annotations

import logging
import math
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any

from kozyr.server.protocol import MAX_FRAME
from kozyr.server.security import normalize_origin, proxy_matcher
from kozyr.server.settings import Settings

_SWITCH = {"on": True, "true": True, "yes": True, "1": True, "off": False, "false": False,
           "no": False, "0": False, "auto": None}


def _number(kind: type, minimum: float) -> Callable[[str], Any]:
    def parse(raw: str) -> Any:
        try:
            v = kind(raw.strip())
        except ValueError:
            raise ValueError(f"expected {'a whole number' if kind is int else 'a number'}"
                             ) from None
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError("expected a finite number")
        if v < minimum:
            raise ValueError(f"expected at least {minimum:g}")
        return v
    return parse


def _origins(raw: str) -> tuple[str, ...]:
    out = []
    for item in raw.split(","):
        item = item.strip()
        if not item:
            continue
        n = normalize_origin(item)
        if n is None:
            raise ValueError(f"{item!r} is not an origin: write scheme://host[:port], "
                             "e.g. https://cards.example")
        out.append(n)
    return tuple(out)


def _proxies(raw: str) -> tuple[str, ...]:
    items = tuple(i.strip() for i in raw.split(",") if i.strip())
    proxy_matcher(items)  # raises ValueError for a bad network
    return items


def _switch(raw: str) -> bool | None:
    key = raw.strip().lower()
    if key not in _SWITCH:
        raise ValueError("expected on, off or auto")
    return _SWITCH[key]


#: variable -> (settings field, parser)
ENV: dict[str, tuple[str, Callable[[str], Any]]] = {
    "KOZYR_BOT_DELAY": ("bot_delay", _number(float, 0)),
    "KOZYR_GRACE": ("grace", _number(float, 0)),
    "KOZYR_QUICK_FILL": ("quick_fill", _number(float, 0)),
    "KOZYR_TOURNAMENT_POLL": ("tournament_poll", _number(float, 0.01)),
    "KOZYR_MAX_TOURNAMENTS_PER_USER": ("max_tournaments_per_user", _number(int, 1)),
    "KOZYR_BOT_WORKERS": ("bot_workers", _number(int, 1)),
    "KOZYR_RATE": ("rate", _number(float, 0.1)),
    "KOZYR_ORIGINS": ("origins", _origins),
    "KOZYR_TRUSTED_PROXIES": ("trusted_proxies", _proxies),
    "KOZYR_SECURE_COOKIES": ("secure_cookies", _switch),
    "KOZYR_SESSION_TTL": ("session_ttl", _number(float, 60)),
    "KOZYR_MAX_CONNS_PER_ADDRESS": ("max_conns_per_address", _number(int, 1)),
    "KOZYR_GUESTS_PER_MINUTE": ("guests_per_minute", _number(int, 1)),
    "KOZYR_REGISTRATIONS_PER_HOUR": ("registrations_per_hour", _number(int, 1)),
    "KOZYR_LOGIN_FAILURES": ("login_failures", _number(int, 1)),
    "KOZYR_LIMITER_KEYS": ("limiter_keys", _number(int, 100)),
    "KOZYR_MAX_BODY": ("max_body", _number(int, 1024)),
    "KOZYR_MAX_TABLES_PER_USER": ("max_tables_per_user", _number(int, 1)),
    "KOZYR_EMPTY_TABLE_TTL": ("empty_table_ttl", _number(float, 0)),
    "KOZYR_MAX_QUEUE_BYTES": ("max_queue_bytes", _number(int, 65536)),
    "KOZYR_LEASE_TTL": ("lease_ttl", _number(float, 0.5)),
    "KOZYR_REDIS_PREFIX": ("redis_prefix", str),
}


def settings_from_env(environ: Mapping[str, str] | None = None) -> Settings:
    """Return the server settings, with the environment's overrides.

    Raise ValueError naming the variable for a value that does not parse.
    """
    env = os.environ if environ is None else environ
    s = Settings()
    for var, (name, parse) in ENV.items():
        raw = env.get(var)
        if raw is None:
            continue
        try:
            value = parse(raw)
        except ValueError as e:
            raise ValueError(f"{var}={raw!r}: {e}") from None
        setattr(s, name, value)
    return s


def main(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
         origins: tuple[str, ...] = (), trusted_proxies: tuple[str, ...] = (),
         redis: str | None = None) -> int:
    """Serve until interrupted; return the exit status.

    ``origins`` and ``trusted_proxies`` (from the command line) add to the environment's;
    ``db`` and ``redis`` (the flags) win over ``KOZYR_DB`` and ``KOZYR_REDIS``.
    """
    import uvicorn

    from kozyr.server.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        settings = settings_from_env()
        settings.origins = (*settings.origins, *_origins(",".join(origins)))
        settings.trusted_proxies = (*settings.trusted_proxies,
                                    *_proxies(",".join(trusted_proxies)))
        db = db or os.environ.get("KOZYR_DB") or None
        redis = redis or os.environ.get("KOZYR_REDIS") or None
        if redis is not None and not redis.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError(f"--redis {redis!r}: expected redis://HOST[:PORT][/DB]")
        app = create_app(db, settings, redis=redis)
    except ValueError as e:
        print(f"kozyr serve: {e}", file=sys.stderr)
        return 2
    print(f"kozyr: serving on http://{host}:{port}", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, ws="auto", ws_per_message_deflate=False,
                ws_max_size=MAX_FRAME, log_level="warning", lifespan="on",
                timeout_graceful_shutdown=3, proxy_headers=False, server_header=False)
    return 0
