"""The game registry: every game declared once, and a new game is one package.

The fourth game here is a throw-away package added to ``kozyr.games`` for the test (a Tertz
variant under another name): with nothing else edited, the record reader, replay, the bot
registry, the terminal and the lobby's salons all know it.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import kozyr.games as games
from kozyr.core.errors import RulesError
from kozyr.games import new_match
from kozyr.games.registry import GameSpec, names, spec, specs

FOURTH = '''
"""A fourth game for the registry test: Tertz under another name."""
from kozyr.games.registry import GameSpec
from kozyr.games.tertz import TertzMatch


class FourthMatch(TertzMatch):
    GAME = "fourth"


SPEC = GameSpec(
    name="fourth", title="Fourth", match="kozyr.games.fourth.spec:FourthMatch",
    card_keys=("hands", "stock"), salons=(("tertz", "Fourth — test"),),
    heuristic="kozyr.bots.heuristic.tertz:TertzHeuristic",
    pimc="kozyr.bots.pimc_tricks:TrickPimcBot",
    terminal="kozyr.terminal.tertz:status_lines", web="tertz", order=99)
'''


@pytest.fixture
def fourth(tmp_path: Path) -> Iterator[str]:
    """Add the package ``kozyr.games.fourth`` for one test."""
    package = tmp_path / "fourth"
    package.mkdir()
    (package / "__init__.py").write_text('"""Fourth."""\n')
    (package / "spec.py").write_text(textwrap.dedent(FOURTH))
    games.__path__.append(str(tmp_path))
    specs.cache_clear()
    try:
        yield "fourth"
    finally:
        games.__path__.remove(str(tmp_path))
        specs.cache_clear()
        import sys
        for name in [m for m in sys.modules if m.startswith("kozyr.games.fourth")]:
            del sys.modules[name]


def test_every_game_is_registered_once_in_order() -> None:
    assert names() == ("thousand", "debertz", "tertz", "piquet", "bezique")
    for s in specs():
        assert isinstance(s, GameSpec)
        assert s.name == s.match_class().GAME
        presets = s.rules_class().PRESETS
        assert s.salons and all(p in presets for p, _ in s.salons)
        written = set(_one_deal(s.name)) - {"actions"}  # Thousand's cut_penalty_seat: if any
        assert written <= set(s.card_keys) and "hands" in written


def _one_deal(game: str) -> dict[str, object]:
    m = new_match(game, spec(game).salons[0][0], seed=1)
    m.deal()
    return m.record_deals()[-1]


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    known = r"unknown game 'chess' \(known: thousand, debertz, tertz, piquet, bezique\)"
    with pytest.raises(RulesError, match=known):
        spec("chess")


def test_a_fourth_game_is_one_package(fourth: str) -> None:
    from kozyr.bots import make_bot
    from kozyr.bots.selfplay import play_bots
    from kozyr.records import replay_record, write_record
    from kozyr.terminal.render import game_lines

    assert names()[-1] == fourth
    m = new_match(fourth, "tertz", seed=5)
    assert fourth == m.GAME
    played = play_bots(m, [make_bot("normal", seed=1), make_bot("random", seed=2)],
                       max_deals=1)
    record = json.loads(json.dumps(write_record(played)))
    again = replay_record(record).match
    assert fourth == again.GAME and again.totals == played.totals
    obs = again.observation(0)
    assert [t.plain for t in game_lines(obs, ["a", "b"])]


def test_the_lobby_lists_a_fourth_game_s_salons(fourth: str) -> None:
    pytest.importorskip("starlette")
    from kozyr.server.lobby import salons

    assert (fourth, "tertz", "Fourth — test") in salons()
