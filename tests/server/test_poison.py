"""Messages that used to silence a table: lone surrogates, binary and deep frames, and a
send that fails.  Each is refused at the edge or closes only its own socket."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import TestClient, live_server
from .helpers import Client, bye, create, hello, register, until


def _two_at_a_table(client: TestClient, spec: dict[str, Any]) -> tuple[Any, Any, str]:
    a, _ = hello(client, register(client, "ann"))
    table = create(a, spec)["table"]["id"]
    a.send_json({"type": "join", "table": table, "seat": 0})
    until(a, "table")
    b, _ = hello(client, register(client, "bob"))
    b.send_json({"type": "join", "table": table, "seat": 1})
    until(b, "table")
    until(a, "table")
    return a, b, table


@pytest.mark.parametrize("field", ["text", "table", "id"])
def test_a_lone_surrogate_is_refused_and_the_table_keeps_talking(
        client: TestClient, spec: dict[str, Any], field: str) -> None:
    a, b, table = _two_at_a_table(client, spec)
    msg = {"type": "chat", "table": table, "text": "hi"}
    msg[field] = "x\ud800y"
    a.send_text(json.dumps(msg))  # ensure_ascii: the surrogate travels as \ud800
    err = until(a, "error")
    assert err["code"] == "bad_message" and "Unicode" in err["message"]
    assert "re" not in err  # an id that cannot be encoded is not echoed
    a.send_json({"type": "chat", "table": table, "text": "still here"})
    assert until(b, "chat")["line"]["text"] == "still here"
    b.send_json({"type": "resync", "table": table})  # the history holds no poison either
    snap = until(b, "table")
    assert [line["text"] for line in snap["chat"]] == ["still here"]
    bye(a)
    bye(b)


def test_binary_deep_and_oversized_frames_are_refused(client: TestClient) -> None:
    ws, _ = hello(client)
    ws.send_bytes(json.dumps({"type": "ping"}).encode())
    assert until(ws, "error")["code"] == "bad_message"
    deep: Any = "x"
    for _ in range(10):
        deep = [deep]
    ws.send_json({"type": "create", "spec": {"game": "thousand", "options": {"a": deep}}})
    err = until(ws, "error")
    assert err["code"] == "bad_message" and "nested" in err["message"]
    ws.send_text("[" * 2000 + "]" * 2000)  # deeper than the decoder recurses
    assert until(ws, "error")["code"] == "bad_json"
    # 2,100 Cyrillic letters: fewer than 4,096 characters, but 4,200 bytes
    ws.send_text(json.dumps({"type": "chat", "table": "t", "text": "ж" * 2100},
                            ensure_ascii=False))
    assert until(ws, "error")["code"] == "too_large"
    ws.send_json({"type": "ping"})
    assert until(ws, "pong")
    bye(ws)


async def test_a_failed_send_closes_only_that_socket_and_its_seat_counts_as_away(
        db_url: str, spec: dict[str, Any]) -> None:
    import websockets

    async with live_server(db_url) as (base, app):
        ann, bob = await Client.connect(base), await Client.connect(base)
        await ann.send({"type": "create", "spec": spec})
        table = (await ann.expect("created"))["table"]["id"]
        for seat, c in enumerate((ann, bob)):
            await c.send({"type": "join", "table": table, "seat": seat})
            await c.expect("table")
        lobby = app.state.lobby
        bobs = [c for c in lobby.conns if c.user is not None and c.user.name == bob.user["name"]]
        assert len(bobs) == 1
        # a message that cannot be encoded as UTF-8 (uvicorn's send raises)
        bobs[0].send_text('{"type": "x", "bad": "' + chr(0xD800) + '"}')
        with pytest.raises(websockets.ConnectionClosed) as closed:
            for _ in range(100):
                await bob.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011
        for _ in range(20):  # ann is told that bob's seat is away
            snap = await ann.expect("table")
            if not snap["table"]["seats"][1]["connected"]:
                break
        assert snap["table"]["seats"][1]["connected"] is False
        await ann.send({"type": "chat", "table": table, "text": "bob?"})
        assert (await ann.expect("chat"))["line"]["text"] == "bob?"
        assert bobs[0] not in lobby.conns
        await ann.close()


async def test_a_client_that_reads_nothing_is_dropped_at_the_byte_limit() -> None:
    import asyncio

    from kozyr.server.conn import Conn
    from kozyr.server.settings import Settings

    class Silent:  # a socket whose client never reads: the first send never returns
        closed_with: tuple[int, str] | None = None

        async def send_text(self, text: str) -> None:
            await asyncio.Event().wait()

        async def close(self, code: int, reason: str = "") -> None:
            self.closed_with = (code, reason)

    class FakeLobby:
        settings = Settings(max_queue_bytes=1_000_000)

    ws = Silent()
    conn = Conn(ws, FakeLobby(), "127.0.0.1")
    conn.writer = asyncio.create_task(conn.write_loop())
    big = '"' + "ж" * 150_000 + '"'  # 300,002 bytes, 150,002 characters
    for _ in range(4):  # the first is stuck in the send, three wait: 900,006 bytes
        conn.send_text(big)
        await asyncio.sleep(0)
    assert not conn.closed and conn.queued_bytes == 900_006
    conn.send_text(big)  # one more would pass a million bytes: the client is dropped
    assert conn.closed and conn.close_code == 1008
    await asyncio.wait_for(conn.writer, 5)  # the stuck writer is stopped, the socket closed
    assert ws.closed_with is not None and ws.closed_with[0] == 1008
