"""The HTTP JSON API: meta, rules, accounts, tables, profiles, games."""

from __future__ import annotations

from typing import Any

from .conftest import TestClient


def test_meta_lists_games_presets_schema_and_salons(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert meta["v"] == 1
    thousand = meta["games"]["thousand"]
    assert {p["name"] for p in thousand["presets"]} >= {"classic", "online", "tysiac", "501"}
    assert any(o["name"] == "bid_step" and o["choices"] == [5, 10] for o in thousand["schema"])
    assert {"game": "thousand", "preset": "classic", "title": "Thousand — classic"} \
        in meta["salons"]
    assert meta["bots"] == ["easy", "normal", "hard"]


def test_rules_are_validated_and_described_in_plain_words(client: TestClient) -> None:
    r = client.post("/api/rules", json={"game": "thousand", "preset": "classic",
                                        "options": {"bid_step": 10}})
    body = r.json()
    assert r.status_code == 200 and body["rules"]["bid_step"] == 10
    assert body["record_rules"] == {"preset": "classic", "bid_step": 10}
    assert "bid step 10" in body["describe"]
    bad = client.post("/api/rules", json={"game": "thousand", "options": {"bid_step": 7}})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_rules"
    assert "bid_step" in bad.json()["error"]["message"]
    bad = client.post("/api/rules", json={"game": "chess"})
    assert bad.json()["error"]["code"] == "bad_rules"
    json_type = {"content-type": "application/json"}
    assert client.post("/api/rules", content=b"[", headers=json_type
                       ).json()["error"]["code"] == "bad_json"


def test_register_login_logout_and_guests(client: TestClient) -> None:
    r = client.post("/api/auth/register", json={"name": "dana", "password": "hunter22"})
    assert r.status_code == 200 and r.json()["user"] == {"name": "dana", "guest": False}
    assert client.get("/api/me").json()["user"]["name"] == "dana"  # the session cookie
    assert client.post("/api/auth/logout").json() == {"ok": True}
    assert client.get("/api/me").json() == {"user": None}
    for body, code in [({"name": "dana", "password": "hunter22"}, "name_taken"),
                       ({"name": "d", "password": "hunter22"}, "bad_name"),
                       ({"name": "guest-x1", "password": "hunter22"}, "bad_name"),
                       ({"name": "<b>x</b>", "password": "hunter22"}, "bad_name"),
                       ({"name": "erin", "password": "123"}, "bad_password")]:
        assert client.post("/api/auth/register", json=body).json()["error"]["code"] == code
    ok = client.post("/api/auth/login", json={"name": "dana", "password": "hunter22"})
    assert ok.status_code == 200 and ok.json()["token"]
    wrong = client.post("/api/auth/login", json={"name": "dana", "password": "nope!!"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "auth_failed"
    g = client.post("/api/auth/guest").json()
    assert g["user"]["guest"] and g["user"]["name"].startswith("guest-")
    assert client.get("/api/me", headers={"x-kozyr-session": g["token"]}).json()["user"] \
        == g["user"]


def test_login_is_rate_limited(client: TestClient) -> None:
    client.post("/api/auth/register", json={"name": "fred", "password": "right-one"})
    codes = [client.post("/api/auth/login", json={"name": "fred", "password": "wrong-one"}
                         ).status_code for _ in range(6)]
    assert codes == [401] * 5 + [429]
    # even the right password waits out the minute
    r = client.post("/api/auth/login", json={"name": "fred", "password": "right-one"})
    assert r.status_code == 429


def test_tables_need_a_session_and_private_ones_an_invite(client: TestClient,
                                                          spec: dict[str, Any]) -> None:
    client.cookies.clear()
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 401 and r.json()["error"]["code"] == "auth_required"
    client.post("/api/auth/guest")
    made = client.post("/api/tables", json={**spec, "private": True, "clock": 30}).json()
    table = made["table"]
    assert table["clock"] == 30 and table["private"] and made["invite"]
    assert table["describe"].startswith(spec["game"])
    assert client.get(f"/api/tables/{table['id']}").status_code == 404
    seen = client.get(f"/api/tables/{table['id']}", params={"invite": made["invite"]})
    assert seen.json()["table"]["id"] == table["id"]
    for bad in [{**spec, "clock": 1}, {**spec, "bogus": 1}, {**spec, "players": 7},
                {**spec, "options": {"target": "a lot"}}]:
        r = client.post("/api/tables", json=bad)
        assert r.status_code == 400, bad
        assert r.json()["error"]["code"] in ("bad_rules", "bad_message")
    assert client.get("/api/lobby").json()["salons"]


def test_unknown_things_are_404_and_running_games_409(client: TestClient) -> None:
    assert client.get("/api/profiles/nobody").json()["error"]["code"] == "unknown_user"
    assert client.get("/api/games/999").status_code == 404
    assert client.get("/api/games/abc/record").status_code == 404
    assert client.get("/api/leaderboard", params={"limit": "x"}).status_code == 400


def test_index_and_static_files_are_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "html" in r.headers["content-type"]
    assert client.get("/static/definitely-missing.js").status_code == 404
