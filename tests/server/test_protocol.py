"""Unit tests of server/protocol.py: frame validation, error codes, fuzzing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.server.protocol import (
    ERROR_CODES,
    MAX_MESSAGE,
    SCHEMAS,
    ProtocolError,
    encode,
    message_id,
    parse_message,
)


def code_of(text: str | bytes) -> str:
    with pytest.raises(ProtocolError) as e:
        parse_message(text)
    return e.value.code


def test_valid_messages_of_every_type_parse() -> None:
    examples = {
        "hello": {"v": 1}, "lobby": {}, "unlobby": {}, "create": {"spec": {}},
        "play_now": {"game": "thousand", "preset": "classic"},
        "join": {"table": "t1", "seat": 2}, "watch": {"table": "t1"}, "leave": {"table": "t1"},
        "add_bot": {"table": "t1", "seat": 0, "level": "easy"},
        "remove_bot": {"table": "t1", "seat": 0}, "rematch": {"table": "t1"},
        "back": {"table": "t1"}, "intent": {"table": "t1", "state": 0, "action": "pass"},
        "chat": {"table": "t1", "text": "hi"}, "resync": {"table": "t1", "version": 3},
        "ping": {},
        "friends": {}, "friend_request": {"name": "anna"}, "friend_accept": {"name": "anna"},
        "friend_decline": {"name": "anna"}, "friend_remove": {"name": "anna"},
        "block": {"name": "anna"}, "unblock": {"name": "anna"},
        "invite_friend": {"table": "t1", "name": "anna"},
        "report": {"name": "anna", "reason": "rude", "table": "t1"},
        "tournament_create": {"spec": {}}, "tournament_register": {"tournament": "k1"},
        "tournament_unregister": {"tournament": "k1"}, "tournament_cancel": {"tournament": "k1"},
        "tournament_follow": {"tournament": "k1", "invite": "x"},
        "tournament_unfollow": {"tournament": "k1"},
    }
    assert set(examples) == set(SCHEMAS)
    for kind, fields in examples.items():
        msg = parse_message(json.dumps({"type": kind, "id": 5, **fields}))
        assert msg["type"] == kind


@pytest.mark.parametrize(("text", "code"), [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ('"hello"', "bad_json"),
    ('{"type": "nope"}', "bad_message"),
    ('{"v": 1}', "bad_message"),
    ('{"type": "hello"}', "bad_message"),
    ('{"type": "hello", "v": "1"}', "bad_message"),
    ('{"type": "hello", "v": true}', "bad_message"),
    ('{"type": "ping", "extra": 1}', "bad_message"),
    ('{"type": "join", "table": ""}', "bad_message"),
    ('{"type": "join", "table": "t", "seat": 9}', "bad_message"),
    ('{"type": "intent", "table": "t", "state": -1, "action": "pass"}', "bad_message"),
    ('{"type": "intent", "table": "t", "state": 1, "action": ""}', "bad_message"),
    ('{"type": "ping", "id": [1]}', "bad_message"),
    ('{"type": "ping", "id": true}', "bad_message"),
])
def test_refused_messages_name_the_code(text: str, code: str) -> None:
    assert code_of(text) == code


def test_oversized_frames_are_refused_before_decoding() -> None:
    big = json.dumps({"type": "chat", "table": "t", "text": "x" * MAX_MESSAGE})
    assert code_of(big) == "too_large"


def test_errors_echo_the_message_id_and_extra_fields() -> None:
    e = ProtocolError("stale_state", "old", state=4)
    assert e.to_json(7) == {"type": "error", "code": "stale_state", "message": "old",
                            "re": 7, "state": 4}
    assert message_id({"id": "x" * 65}) is None
    assert message_id({"id": "abc"}) == "abc"


def test_unknown_error_codes_are_a_bug() -> None:
    with pytest.raises(AssertionError):
        ProtocolError("whatever", "x")
    assert "stale_state" in ERROR_CODES


def test_encode_is_compact_json() -> None:
    assert encode({"a": [1, "♥"]}) == '{"a":[1,"♥"]}'


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200),
                 st.dictionaries(st.sampled_from(["type", "table", "state", "action", "v",
                                                  "seat", "id", "text", "spec", "x"]),
                                 json_values | st.sampled_from(sorted(SCHEMAS)), max_size=5)
                 .map(json.dumps)))
def test_fuzz_parse_either_accepts_or_refuses_cleanly(text: str | bytes) -> None:
    try:
        msg = parse_message(text)
    except ProtocolError as e:
        assert e.code in ERROR_CODES
    else:
        assert msg["type"] in SCHEMAS
        assert set(msg) <= set(SCHEMAS[msg["type"]]) | {"type", "id"}
