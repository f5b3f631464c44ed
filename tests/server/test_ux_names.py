"""Issue 17: names of any script (NFKC, one script, no ASCII look-alikes); a guest stays one."""

from __future__ import annotations

import pytest

from .conftest import TestClient


@pytest.mark.parametrize("name", ["Анна", "سارة", "李小龍", "ゆき子", "Zoë_2", "Ольга.К"])
def test_names_of_any_script_register(client: TestClient, name: str) -> None:
    r = client.post("/api/auth/register", json={"name": name, "password": "hunter22"})
    assert r.status_code == 200, r.json()
    assert r.json()["user"]["name"] == name
    client.post("/api/auth/logout")
    ok = client.post("/api/auth/login", json={"name": name, "password": "hunter22"})
    assert ok.status_code == 200


def test_a_name_is_stored_nfkc_normalised(client: TestClient) -> None:
    r = client.post("/api/auth/register", json={"name": "ｆｕｌｌ", "password": "hunter22"})
    assert r.json()["user"]["name"] == "full"
    client.post("/api/auth/logout")
    again = client.post("/api/auth/register", json={"name": "full", "password": "hunter22"})
    assert again.json()["error"]["code"] == "name_taken"
    ok = client.post("/api/auth/login", json={"name": "ｆｕｌｌ", "password": "hunter22"})
    assert ok.status_code == 200 and ok.json()["user"]["name"] == "full"


@pytest.mark.parametrize("name", [
    "Аnna",         # a Cyrillic А among Latin letters: mixed scripts
    "раура",        # Cyrillic letters that all look like Latin ones ("paypa")
    "Ан",           # two characters
    "Анна Ли",      # a space
    "a" * 21,
    "\u0301abc",    # a combining mark first
    "guest-Анна",
])
def test_confusable_mixed_or_malformed_names_are_refused(client: TestClient, name: str) -> None:
    r = client.post("/api/auth/register", json={"name": name, "password": "hunter22"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"


def test_playing_as_a_guest_twice_keeps_the_identity(client: TestClient) -> None:
    first = client.post("/api/auth/guest").json()
    second = client.post("/api/auth/guest").json()  # the cookie of the first goes along
    assert second["user"] == first["user"] and second["token"] == first["token"]
    client.post("/api/auth/logout")
    third = client.post("/api/auth/guest").json()
    assert third["user"]["name"] != first["user"]["name"]
