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
