"""Fixtures of the browser suite: a real ``kozyr serve`` on a free loopback port with a temp
SQLite database and unpaced bots, and Debian's Chromium driven by Playwright.

Screenshots go to ``test-output/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _kozyr() -> list[str]:
    exe = Path(sys.executable).with_name("kozyr")
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-c", "from kozyr.cli import main; main()"]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start ``kozyr serve`` (bots unpaced) and yield its base URL."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    port = _free_port()
    db = tmp_path_factory.mktemp("kozyr-db") / "kozyr.db"
    # Every fresh browser context is a new guest from 127.0.0.1: lift the per-address
    # guest and registration limits (docs/security.md), which a whole suite would exceed.
    env = dict(os.environ, KOZYR_BOT_DELAY="0", KOZYR_GRACE="30", KOZYR_BOT_WORKERS="1",
               KOZYR_QUICK_FILL="3",
               KOZYR_GUESTS_PER_MINUTE="1000", KOZYR_REGISTRATIONS_PER_HOUR="1000")
    log = (tmp_path_factory.mktemp("kozyr-log") / "serve.log").open("w")
    proc = subprocess.Popen(
        [*_kozyr(), "serve", "--host", "127.0.0.1", "--port", str(port), "--db",
         f"sqlite+aiosqlite:///{db}"], stdout=log, stderr=subprocess.STDOUT, env=env,
        cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/api/meta", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            pytest.fail(f"kozyr serve did not start; see {log.name}")
        time.sleep(0.2)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Launch Debian's Chromium once per module.

    Not once per session: Playwright's sync API keeps an event loop running in the main thread
    while it is open, and the asyncio tests that run after the browser tests need it gone.
    """
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """Give a fresh desktop-sized page (its own cookies and storage); fail on page errors."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    # Shown by pytest when a test fails: what the page said (toasts are logged too).
    pg.on("console", lambda m: print(f"console.{m.type}: {m.text}"))
    pg.set_default_timeout(15000)
    # Nothing may be fetched from anywhere but the card room itself (no CDN, no fonts).
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    outside = [u for u in requests
               if not u.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:"))]
    assert not outside, f"requests outside the card room: {outside}"


@pytest.fixture(scope="session")
def shots() -> Path:
    """Return the screenshot folder, emptied once per session."""
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    SHOTS.mkdir(parents=True)
    return SHOTS
