"""The ``redis://`` broadcaster and the leases, on a real Redis (skipped without one)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from kozyr.server.leases import Leases
from kozyr.server.pubsub import make_broadcaster

from .services import REDIS_HOW, REDIS_URL, redis_prefix, redis_up

pytestmark = pytest.mark.skipif(not redis_up(), reason=REDIS_HOW)


class Box:
    """A subscriber that keeps what it is sent."""

    def __init__(self) -> None:
        self.got: list[str] = []

    def send_text(self, text: str) -> None:
        self.got.append(text)


async def wait_for(pred: object, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pred():  # type: ignore[operator]
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


@pytest.fixture
async def prefix() -> AsyncIterator[str]:
    import redis.asyncio as aioredis

    p = redis_prefix()
    yield p
    r = aioredis.Redis.from_url(REDIS_URL)
    keys = [k async for k in r.scan_iter(match=p + "*")]
    if keys:
        await r.delete(*keys)
    await r.aclose()


async def test_a_publish_reaches_every_process_in_order_and_no_other_room(prefix: str) -> None:
    one, two = make_broadcaster(REDIS_URL, prefix), make_broadcaster(REDIS_URL, prefix)
    other = make_broadcaster(REDIS_URL, prefix + "other:")
    for hub in (one, two, other):
        await hub.start()
    try:
        here, there, elsewhere = Box(), Box(), Box()
        one.subscribe("lobby", here)
        two.subscribe("lobby", there)
        other.subscribe("lobby", elsewhere)
        for hub in (one, two, other):
            await hub.ready()
        assert one.publish("lobby", {"type": "counts", "online": 1}) == 1  # local subscribers
        for i in range(50):
            two.publish("lobby", f'{{"n":{i}}}')
        await wait_for(lambda: len(here.got) == 51 and len(there.got) == 51)
        # one publisher's messages keep their order (two publishers' may interleave)
        for got in (here.got, there.got):
            assert '{"type":"counts","online":1}' in got
            assert [t for t in got if t.startswith('{"n"')] == [
                f'{{"n":{i}}}' for i in range(50)]
        one.unsubscribe("lobby", here)
        assert one.count("lobby") == 0
        await one.ready()
        two.publish("lobby", "after")
        await wait_for(lambda: there.got[-1] == "after")
        await asyncio.sleep(0.1)
        assert "after" not in here.got and elsewhere.got == []
    finally:
        for hub in (one, two, other):
            await hub.close()


async def test_one_lease_holder_at_a_time_and_a_lapsed_lease_is_taken(prefix: str) -> None:
    import redis.asyncio as aioredis

    r = aioredis.Redis.from_url(REDIS_URL)
    try:
        a = Leases(r, prefix, "proc-a", ttl=0.3)
        b = Leases(r, prefix, "proc-b", ttl=0.3)
        assert await a.acquire("t1") and await a.acquire("t1")  # held: acquiring again is True
        assert not await b.acquire("t1")
        assert await b.holder("t1") == "proc-a"
        assert await a.renew(["t1"]) == [] and await b.renew(["t1"]) == ["t1"]
        assert await b.orphans(set()) == []  # held by a live lease
        await asyncio.sleep(0.45)  # a stops renewing: its lease lapses
        assert await b.holder("t1") is None
        assert await b.orphans(set()) == ["t1"]  # still in the directory, held by nobody
        assert await b.acquire("t1")
        assert await a.renew(["t1"]) == ["t1"]  # a learns it lost it
        await a.release("t1")  # a's release does not drop b's lease
        assert await b.holder("t1") == "proc-b"
        await b.release("t1", forget=True)
        assert await a.holder("t1") is None and await a.orphans(set()) == []
    finally:
        await r.aclose()
