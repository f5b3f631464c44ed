"""``kozyr serve``: run the card room on uvicorn (websockets, per-message deflate off).

Settings can be tuned from the environment (used by tests and the benchmark):
``KOZYR_BOT_DELAY`` (seconds between bot moves, default 0.6), ``KOZYR_GRACE`` (seconds before
a bot plays for a disconnected player, default 30), ``KOZYR_BOT_WORKERS`` (bot processes,
default 2), ``KOZYR_RATE`` (messages per second per socket, default 40).
"""

from __future__ import annotations

import logging
import os
import sys

from kozyr.server.protocol import MAX_FRAME
from kozyr.server.settings import Settings


def settings_from_env() -> Settings:
    """Return the server settings, with the environment's overrides."""
    s = Settings()
    s.bot_delay = float(os.environ.get("KOZYR_BOT_DELAY", s.bot_delay))
    s.grace = float(os.environ.get("KOZYR_GRACE", s.grace))
    s.bot_workers = int(os.environ.get("KOZYR_BOT_WORKERS", s.bot_workers))
    s.rate = float(os.environ.get("KOZYR_RATE", s.rate))
    return s


def main(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> int:
    """Serve until interrupted; return the exit status."""
    import uvicorn

    from kozyr.server.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        app = create_app(db, settings_from_env())
    except ValueError as e:
        print(f"kozyr serve: {e}", file=sys.stderr)
        return 2
    print(f"kozyr: serving on http://{host}:{port}", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, ws="auto", ws_per_message_deflate=False,
                ws_max_size=MAX_FRAME, log_level="warning", lifespan="on",
                timeout_graceful_shutdown=3)
    return 0
