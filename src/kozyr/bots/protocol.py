"""The bot protocol (the UCI of trick-taking games): ``kozyr move`` and ``kozyr bot``.

- ``kozyr move FILE --bot NAME [--seed N]`` reads a game record (spec/records.md) that stops at
  a decision, and prints the action the bot chooses for the seat to act, in record notation.
  Exit status 2, with one line on stderr, if the record is malformed, holds an illegal action,
  or does not stop at a decision (the match is over, or it ends between deals).
- ``kozyr bot --bot NAME [--seed N]`` serves the bot over JSON lines: each line read from stdin
  is a record, or ``{"record": RECORD, "id": ANY}``; each line written to stdout is
  ``{"action": "play KH", "seat": 2, "id": ANY}`` or ``{"error": "...", "id": ANY}`` (``id``
  echoes the request's, null without one).  One bot serves the whole session, so a session is
  reproducible for a given seed and input.  A request with ``"hint": true`` is answered with
  the action and ``"hint"``: why the bot chose it (:func:`kozyr.bots.explain.hint`; ``kozyr
  move --hint`` prints the same line).  See docs/bot-protocol.md.

The bot is given only ``match.view(seat)`` of the replayed match, as in play.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from kozyr.bots import make_bot
from kozyr.bots.base import Bot
from kozyr.core.errors import KozyrError
from kozyr.records import read_record_file, replay_record


class ProtocolError(Exception):
    """A request the bot cannot answer: a bad record or no decision to make."""


def decide(bot: Bot, record: Any) -> tuple[str, int]:
    """Return the bot's action (record notation) and the seat it acts for.

    Raise :class:`ProtocolError` with a message a person can act on.
    """
    match, seat = _decision(record)
    action = bot.act(match.view(seat))
    return match.action_to_text(action), seat


def decide_hint(bot: Bot, record: Any) -> tuple[dict[str, Any], int]:
    """Return the bot's hint (``{"action", "reason"}``, kozyr.bots.explain.hint) and the seat.

    Raise :class:`ProtocolError` as :func:`decide` does.
    """
    from kozyr.bots.explain import hint

    match, seat = _decision(record)
    return hint(bot, match.view(seat)), seat


def _decision(record: Any) -> tuple[Any, int]:
    """Return the match a record replays to and the seat to act; raise ProtocolError."""
    if not isinstance(record, dict):
        raise ProtocolError(f"a record is a JSON object, not {type(record).__name__}")
    try:
        match = replay_record(record).match
    except KozyrError as e:
        raise ProtocolError(f"illegal record: {e}") from None
    except (TypeError, ValueError, KeyError) as e:
        raise ProtocolError(f"illegal record: {e}") from None
    if match.is_over:
        raise ProtocolError("the record is not at a decision point: the match is over")
    if match.awaiting_deal:
        raise ProtocolError("the record is not at a decision point: it ends between deals "
                            "(append the next deal, e.g. {\"actions\": []}, to ask for its first "
                            "decision)")
    seat = match.current_player()
    if seat is None:
        raise ProtocolError("the record is not at a decision point: nobody is to act")
    return match, seat


def _bot(name: str, seed: int | None) -> Bot | None:
    try:
        return make_bot(name, seed=seed)
    except ValueError as e:
        print(f"kozyr: {e}", file=sys.stderr)
        return None


def move_main(file: str, bot: str = "normal", seed: int | None = None,
              explain: bool = False) -> int:
    """Print the action ``bot`` chooses at the end of the record in ``file`` ('-': stdin);
    ``explain``: and on a second line why (the hint's reason)."""
    b = _bot(bot, seed)
    if b is None:
        return 2
    try:
        if explain:
            got, _ = decide_hint(b, read_record_file(file))
            print(got["action"])
            print(got["reason"]["text"])
            return 0
        action, _ = decide(b, read_record_file(file))
    except (KozyrError, ProtocolError) as e:
        print(f"kozyr move: {e}", file=sys.stderr)
        return 2
    print(action)
    return 0


def answer(bot: Bot, line: str) -> dict[str, Any]:
    """Return the reply to one request line of ``kozyr bot``."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        return {"error": f"not valid JSON (column {e.colno}: {e.msg})", "id": None}
    rid = None
    wants_hint = False
    if isinstance(obj, dict) and "record" in obj:
        rid = obj.get("id")
        wants_hint = obj.get("hint") is True
        obj = obj["record"]
    try:
        if wants_hint:
            got, seat = decide_hint(bot, obj)
            return {"action": got["action"], "seat": seat, "hint": got["reason"], "id": rid}
        action, seat = decide(bot, obj)
    except ProtocolError as e:
        return {"error": str(e), "id": rid}
    return {"action": action, "seat": seat, "id": rid}


def serve(bot: Bot, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer each request line of ``stdin`` with one line on ``stdout`` until end of input."""
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(json.dumps(answer(bot, line), ensure_ascii=False) + "\n")
        stdout.flush()


def bot_main(bot: str = "normal", seed: int | None = None) -> int:
    """Serve ``bot`` over JSON lines on stdin/stdout (``kozyr bot``)."""
    b = _bot(bot, seed)
    if b is None:
        return 2
    serve(b, sys.stdin, sys.stdout)
    return 0
