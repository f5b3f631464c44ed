"""Unit tests of kozyr.server.table: the settlement hook, the host interface, the salons."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from kozyr.games import new_match
from kozyr.games.registry import spec, specs
from kozyr.games.thousand.rules import ThousandRules
from kozyr.server import lobby as lobby_module
from kozyr.server.table import master as master_module
from kozyr.server.table import settlement


def _finished(game: str, rules: Any, totals: list[int], winner: int) -> Any:
    return SimpleNamespace(GAME=game, rules=rules, totals=totals, winner=winner, is_over=True)


def test_settlement_is_the_games_hook() -> None:
    thousand = ThousandRules.from_preset("classic")
    assert settlement(_finished("thousand", thousand, [1010, 300, -40], 0)) == [
        1760, -710, -1050]
    for s in specs():
        m = new_match(s.name, s.salons[0][0], seed=1)
        assert settlement(m) is None  # not over yet
        if s.settlement is None:  # a game without a hook settles nothing
            rules = m.rules
            assert settlement(_finished(s.name, rules, [100] * m.players, 0)) is None


def test_a_failing_settlement_hook_settles_nothing(monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    broken = replace(spec("thousand"), settlement="kozyr.games.thousand.spec:no_such_hook")
    import kozyr.games.registry as registry_module

    monkeypatch.setattr(registry_module, "spec", lambda name: broken)
    rules = ThousandRules.from_preset("classic")
    assert settlement(_finished("thousand", rules, [1010, 300, -40], 0)) is None
    assert "the settlement failed" in caplog.text


def test_the_salons_are_the_registrys_in_lobby_order() -> None:
    want = [(s.name, p, t) for s in specs() for p, t in s.salons]
    assert list(lobby_module.all_salons()) == want
    got = lobby_module.salons()  # every registered engine is installed
    assert [x for x in got if x in want] == want  # then a salon for each other preset
    assert [(g, p) for g, p, _ in got] == [
        (s.name, p) for s in specs()
        for p in [*(p for p, _ in s.salons), *(p for p in s.match_class().RULES.PRESETS
                                                if p not in dict(s.salons))]]
    assert list(lobby_module.available_games()) == [s.name for s in specs()]


def test_no_table_module_imports_the_lobby() -> None:
    import ast
    from pathlib import Path

    folder = Path(master_module.__file__).parent
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(("kozyr.server.lobby", "kozyr.server.app",
                                            "kozyr.server.ws", "kozyr.server.http")), (
                    f"{path.name} imports {name}")
