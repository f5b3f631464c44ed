"""The bot registry: names, seeds, the `hard` fallback, unknown names."""

from __future__ import annotations

import sys

import pytest

from kozyr.bots import BOT_NAMES, make_bot
from kozyr.bots.base import Bot, RandomBot
from kozyr.bots.heuristic import HeuristicBot


@pytest.mark.parametrize("name", ["random", "heuristic", "easy", "normal", "hard"])
def test_every_level_builds_a_bot(name: str) -> None:
    bot = make_bot(name, seed=3)
    assert isinstance(bot, Bot)
    assert name in BOT_NAMES


def test_kinds() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    normal = make_bot("normal")
    assert isinstance(normal, HeuristicBot) and normal.noise == 0
    easy = make_bot("easy")
    assert isinstance(easy, HeuristicBot) and easy.noise > 0
    assert isinstance(make_bot(" Heuristic "), HeuristicBot)


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'") as err:
        make_bot("clever")
    for name in ("random", "heuristic", "easy", "normal", "hard"):
        assert name in str(err.value)


def test_hard_falls_back_to_heuristic_without_pimc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "kozyr.bots.pimc", None)  # import now raises ImportError
    assert type(make_bot("hard", seed=1)) is HeuristicBot
    with pytest.raises(ValueError, match="pimc"):
        make_bot("pimc")


def test_hard_is_pimc_when_present() -> None:
    pimc = pytest.importorskip("kozyr.bots.pimc")
    assert isinstance(make_bot("hard", seed=1), pimc.PimcBot)


def test_same_seed_same_choices() -> None:
    from kozyr.games import new_match

    def run(seed: int) -> list[int]:
        m = new_match("tertz", None, seed=5)
        m.deal()
        bots = [make_bot("easy", seed=seed), make_bot("easy", seed=seed + 1)]
        out = []
        while not m.awaiting_deal and not m.is_over:
            s = m.current_player()
            assert s is not None
            a = bots[s].act(m.view(s))
            out.append(a)
            m.apply(a)
        return out

    assert run(1) == run(1)


def test_each_games_bots_come_from_the_game_registry() -> None:
    from kozyr.bots.pimc import PimcBot
    from kozyr.games.registry import names, specs

    assert Bot.games == names()
    hard = PimcBot(1, time_limit=1e9, max_samples=2, min_samples=1)
    heuristic = HeuristicBot(1)
    for spec in specs():
        assert isinstance(heuristic._player(spec.name), spec.load(spec.heuristic))
        if not spec.pimc:  # a game without a search player: hard plays its heuristic
            assert hard.player(spec.name) is hard.heuristic
            continue
        player = hard.player(spec.name)
        assert isinstance(player, spec.load(spec.pimc))
        assert (player is hard) == isinstance(hard, spec.load(spec.pimc))
        assert hard.player(spec.name) is player  # made once


def test_a_game_without_a_search_player_gets_the_heuristic(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    import kozyr.bots.thousand.pimc.bot as pimc_bot
    from kozyr.bots.pimc import PimcBot
    from kozyr.games.registry import spec

    plain = dataclasses.replace(spec("tertz"), pimc="")
    monkeypatch.setattr(pimc_bot, "spec", lambda name: plain)
    bot = PimcBot(1)
    assert bot.player("tertz") is bot.heuristic
