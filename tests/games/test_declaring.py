"""The observation's ``declaring`` (Debertz, Tertz, Bezique): what each legal declare of the
seat to act would announce, for that seat only.

Checked against the engine itself: the declare is applied to a copy of the match, and what the
seat then shows (Debertz's ``melds``, Tertz's and Bezique's ``combinations``) is what
``declaring`` said, points included.  The other seat and a spectator get None.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from kozyr.games import new_match


def _find(game: str, preset: str, want: Callable[[dict[str, Any]], bool],
          seeds: int = 300) -> tuple[Any, dict[str, Any]]:
    for seed in range(seeds):
        m = new_match(game, preset, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if m.is_over:
                break
            if m.awaiting_deal:
                m.deal()
                continue
            seat = m.current_player()
            obs = m.observation(seat)
            if want(obs):
                return m, obs
            m.apply_action(rng.choice(m.legal_actions()))
    raise AssertionError(f"no {game} observation found")


def _others_see_none(m: Any, seat: int) -> None:
    for s in [*range(m.observation(None)["players"]), None]:
        if s != seat:
            assert m.observation(s)["declaring"] is None


def test_debertz_declaring_is_the_melds_a_declare_shows() -> None:
    m, obs = _find("debertz", "debertz3", lambda o: "declare" in o["legal"])
    seat = obs["seat"]
    said = obs["declaring"]
    assert said and all(x["action"] == "declare" for x in said)
    _others_see_none(m, seat)
    before = len(m.observation(None)["melds"])
    m.apply("declare")
    shown = [x for x in m.observation(None)["melds"][before:] if x[0] == seat]
    assert [[x["kind"], x["cards"]] for x in said] == [[k, c] for _, k, c in shown]
    assert all(x["points"] == {"tertz": 20, "fifty": 50, "debertz": 0}[x["kind"]] for x in said)


def test_debertz_declaring_is_none_without_a_legal_declare() -> None:
    _m, obs = _find("debertz", "debertz3", lambda o: o["phase"] == "play"
                   and o["legal"] and "declare" not in o["legal"])
    assert obs["declaring"] is None


def test_tertz_declaring_is_what_a_declare_announces() -> None:
    m, obs = _find("tertz", "tertz", lambda o: "declare" in o["legal"]
                   and any(x["kind"] != "marriage" for x in o["declaring"] or []))
    seat = obs["seat"]
    said = obs["declaring"]
    _others_see_none(m, seat)
    m.apply("declare")
    shown = m.observation(None)["combinations"][seat]
    assert sorted((x["kind"], x["cards"], x["points"]) for x in said) == \
        sorted((x["kind"], x["cards"], x["value"]) for x in shown)


def test_tertz_a_marriage_alone_is_declared_with_its_20() -> None:
    _m, obs = _find("tertz", "tertz", lambda o: "declare" in o["legal"]
                   and [x["kind"] for x in o["declaring"] or []] == ["marriage"])
    (said,) = obs["declaring"]
    trump = obs["trump"]
    assert (said["action"], said["kind"], said["points"]) == ("declare", "marriage", 20)
    assert sorted(said["cards"].split()) == sorted([f"K{trump}", f"Q{trump}"])


@pytest.mark.parametrize("preset", ["classic", "1500"])
def test_bezique_declaring_scores_each_legal_declare(preset: str) -> None:
    m, obs = _find("bezique", preset, lambda o: sum(
        x.startswith("declare ") for x in o["legal"]) >= 2)
    seat = obs["seat"]
    said = obs["declaring"]
    assert sorted(x["action"] for x in said) == sorted(
        x for x in obs["legal"] if x.startswith("declare "))
    _others_see_none(m, seat)
    for item in said:
        c = m.clone()
        before = len(c.observation(None)["combinations"][seat])
        c.apply(item["action"])
        (new,) = c.observation(None)["combinations"][seat][before:]
        assert new == {"kind": item["kind"], "cards": item["cards"], "points": item["points"]}
