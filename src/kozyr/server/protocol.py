"""The websocket protocol, version 1 (docs/protocol.md): message schemas and validation.

:func:`parse_message` turns one text frame into a checked dict or raises
:class:`ProtocolError` with the error code of docs/protocol.md §5.

>>> parse_message('{"type": "intent", "table": "t1", "state": 3, "action": "pass"}')["action"]
'pass'
>>> parse_message('{"type": "intent", "table": "t1"}')
Traceback (most recent call last):
...
kozyr.server.protocol.ProtocolError: bad_message: intent needs the field 'state'
>>> parse_message('{"type": "chat", "table": "t1", "text": "\\ud800"}')
Traceback (most recent call last):
...
kozyr.server.protocol.ProtocolError: bad_message: text is not valid Unicode (a lone surrogate)
"""

from __future__ import annotations

import json
from typing import Any

import orjson

VERSION = 1
MAX_MESSAGE = 4096
MAX_FRAME = 65536
#: the deepest nesting of objects and lists any input may have (a message is depth 1)
MAX_DEPTH = 6
CHAT_LENGTH = 300
LEVELS = ("easy", "normal", "hard")

#: The error codes of docs/protocol.md §5.
ERROR_CODES = frozenset({
    "bad_json", "too_large", "bad_message", "not_hello", "unsupported_version", "rate_limited",
    "auth_required", "auth_failed", "name_taken", "bad_name", "bad_password", "unknown_table",
    "unknown_game", "unknown_user", "bad_rules", "seat_taken", "table_full", "bad_seat",
    "not_seated", "not_started", "game_over", "not_your_turn", "stale_state", "illegal_action",
    "chat_too_long", "game_running", "internal",
    # docs/security.md: refused origins and content types, per-address and per-user limits,
    # a table that stopped because its log could not be written
    "bad_origin", "bad_content_type", "too_many_connections", "too_many_tables",
    "table_stopped", "not_stored",
    # people (kozyr.server.people)
    "self_target", "blocked", "not_friends", "no_request", "not_blocked", "not_online",
    # tournaments (kozyr.server.tournaments)
    "unknown_tournament", "tournament_closed", "tournament_full", "not_owner",
})


class ProtocolError(Exception):
    """A refused message: an error code of the protocol, a message, and extra fields."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        assert code in ERROR_CODES, code
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self, re: Any = None) -> dict[str, Any]:
        """Return the ``error`` message."""
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if re is not None:
            out["re"] = re
        out.update(self.extra)
        return out


def check_json(obj: Any, where: str = "the message") -> None:
    """Refuse a decoded JSON value nested deeper than MAX_DEPTH or holding invalid Unicode.

    JSON's ``\\uD800`` escapes decode to lone UTF-16 surrogates, which no UTF-8 encoder
    accepts: such a string, relayed, would fail every recipient's send.  Keys are checked
    too.  Iterative, so a deep value cannot exhaust the stack.

    >>> check_json({"a": [{"b": 1}]})
    >>> check_json([[[[[[[1]]]]]]])
    Traceback (most recent call last):
    ...
    kozyr.server.protocol.ProtocolError: bad_message: the message is nested too deeply ...
    """
    stack: list[tuple[Any, int, str]] = [(obj, 1, "")]
    while stack:
        v, depth, name = stack.pop()
        if isinstance(v, str):
            _check_text(v, name or where)
        elif isinstance(v, dict | list):
            if depth > MAX_DEPTH:
                raise ProtocolError("bad_message", f"{where} is nested too deeply "
                                    f"(at most {MAX_DEPTH} levels)")
            if isinstance(v, dict):
                for k, item in v.items():
                    _check_text(k, f"a field name of {where}")
                    stack.append((item, depth + 1, k))
            else:
                stack.extend((item, depth + 1, name) for item in v)


def utf8_valid(v: str) -> bool:
    """Return True if ``v`` can be encoded as UTF-8 (it holds no lone surrogate).

    >>> utf8_valid("ok ♠"), utf8_valid("ok " + chr(0xD83C))
    (True, False)
    """
    if v.isascii():
        return True
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_text(v: str, name: str) -> None:
    if not utf8_valid(v):
        raise ProtocolError("bad_message", f"{name} is not valid Unicode (a lone surrogate)")
    if "\x00" in v:  # no database text takes it (PostgreSQL refuses it: an internal error)
        raise ProtocolError("bad_message", f"{name} holds a NUL character")


def utf8_size(text: str) -> int:
    """Return the size of ``text`` in UTF-8 bytes (the unit of the frame limits).

    >>> utf8_size("bid 100"), utf8_size("тысяча")
    (7, 12)
    """
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


class _Str:
    def __init__(self, max_len: int, min_len: int = 0) -> None:
        self.max_len, self.min_len = max_len, min_len

    def check(self, name: str, v: Any) -> Any:
        if not isinstance(v, str):
            raise ProtocolError("bad_message", f"{name} must be a string")
        if not self.min_len <= len(v) <= self.max_len:
            raise ProtocolError("bad_message",
                                f"{name} must be {self.min_len}-{self.max_len} characters")
        return v


class _Int:
    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi

    def check(self, name: str, v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ProtocolError("bad_message", f"{name} must be a whole number")
        if not self.lo <= v <= self.hi:
            raise ProtocolError("bad_message", f"{name} must be from {self.lo} to {self.hi}")
        return v


class _Bool:
    def check(self, name: str, v: Any) -> Any:
        if not isinstance(v, bool):
            raise ProtocolError("bad_message", f"{name} must be true or false")
        return v


class _Obj:
    def check(self, name: str, v: Any) -> Any:
        if not isinstance(v, dict):
            raise ProtocolError("bad_message", f"{name} must be an object")
        return v


TABLE = _Str(16, 1)
TOURNAMENT = _Str(16, 1)
_STATE = _Int(0, 10**9)
#: type -> {field: (checker, required)}; every message may also carry ``id``.
SCHEMAS: dict[str, dict[str, tuple[Any, bool]]] = {
    "hello": {"v": (_Int(0, 10**6), True), "token": (_Str(128), False),
              "patches": (_Bool(), False)},
    "lobby": {},
    "unlobby": {},
    "create": {"spec": (_Obj(), True)},
    "play_now": {"game": (_Str(16, 1), True), "preset": (_Str(32, 1), True)},
    "join": {"table": (TABLE, True), "seat": (_Int(0, 3), False), "invite": (_Str(64), False)},
    "watch": {"table": (TABLE, True), "invite": (_Str(64), False)},
    "leave": {"table": (TABLE, True)},
    "add_bot": {"table": (TABLE, True), "seat": (_Int(0, 3), True),
                "level": (_Str(16, 1), True)},
    "remove_bot": {"table": (TABLE, True), "seat": (_Int(0, 3), True)},
    "rematch": {"table": (TABLE, True)},
    "back": {"table": (TABLE, True)},
    "intent": {"table": (TABLE, True), "state": (_STATE, True), "action": (_Str(64, 1), True)},
    "chat": {"table": (TABLE, True), "text": (_Str(CHAT_LENGTH * 4), True)},
    "resync": {"table": (TABLE, True), "version": (_STATE, False)},
    "ping": {},
    # -- people: friends, invitations, blocks, reports (kozyr.server.people) --------------
    "friends": {},
    "friend_request": {"name": (_Str(40, 1), True)},
    "friend_accept": {"name": (_Str(40, 1), True)},
    "friend_decline": {"name": (_Str(40, 1), True)},
    "friend_remove": {"name": (_Str(40, 1), True)},
    "block": {"name": (_Str(40, 1), True)},
    "unblock": {"name": (_Str(40, 1), True)},
    "invite_friend": {"table": (TABLE, True), "name": (_Str(40, 1), True)},
    "report": {"name": (_Str(40, 1), True), "reason": (_Str(500, 1), True),
               "table": (TABLE, False)},
    # -- tournaments (kozyr.server.tournaments) -------------------------------------------
    "tournament_create": {"spec": (_Obj(), True)},
    "tournament_register": {"tournament": (TOURNAMENT, True), "invite": (_Str(64), False)},
    "tournament_unregister": {"tournament": (TOURNAMENT, True)},
    "tournament_cancel": {"tournament": (TOURNAMENT, True)},
    "tournament_follow": {"tournament": (TOURNAMENT, True), "invite": (_Str(64), False)},
    "tournament_unfollow": {"tournament": (TOURNAMENT, True)},
}


def message_id(obj: Any) -> Any:
    """Return a message's ``id`` if it is a valid one, else None (so errors can echo it)."""
    if not isinstance(obj, dict):
        return None
    mid = obj.get("id")
    if isinstance(mid, str) and len(mid) <= 64 and utf8_valid(mid):
        return mid
    if isinstance(mid, int) and not isinstance(mid, bool) and abs(mid) < 2**53:
        return mid
    return None


def decode_message(text: str | bytes) -> Any:
    """Decode one client frame (its size counted in UTF-8 bytes); raise ProtocolError."""
    if len(text) > MAX_MESSAGE or (isinstance(text, str) and utf8_size(text) > MAX_MESSAGE):
        raise ProtocolError("too_large", f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise ProtocolError("bad_json", "a message must be a JSON object") from None


def parse_message(text: str | bytes) -> dict[str, Any]:
    """Decode and check one client frame; raise ProtocolError if it is refused."""
    obj = decode_message(text)
    if not isinstance(obj, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object")
    return check_message(obj)


def check_message(obj: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded message against its schema; return it."""
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        known = ", ".join(sorted(SCHEMAS))
        raise ProtocolError("bad_message", f"unknown message type (known: {known})")
    schema = SCHEMAS[kind]
    check_json(obj)
    if "id" in obj and message_id(obj) is None:
        raise ProtocolError("bad_message", "id must be a string of at most 64 characters "
                            "or a whole number")
    extra = set(obj) - set(schema) - {"type", "id"}
    if extra:
        raise ProtocolError("bad_message",
                            f"{kind} has no field(s) {', '.join(sorted(map(repr, extra)))}")
    for name, (checker, required) in schema.items():
        if name not in obj:
            if required:
                raise ProtocolError("bad_message", f"{kind} needs the field {name!r}")
            continue
        checker.check(name, obj[name])
    return obj


def encode(message: dict[str, Any]) -> str:
    """Encode a server message as compact JSON (UTF-8 text, nothing escaped that need not be).

    orjson writes the same text as ``json.dumps(message, separators=(",", ":"),
    ensure_ascii=False)``, about ten times faster; what it refuses (a key that is not a
    string, an integer past 64 bits, a lone surrogate) is left to :mod:`json` as before.

    >>> encode({"name": "Ёжик", "seat": 0, "legal": ["bid 100"]})
    '{"name":"Ёжик","seat":0,"legal":["bid 100"]}'
    >>> encode({1: 2**70})
    '{"1":1180591620717411303424}'
    """
    try:
        return orjson.dumps(message).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
