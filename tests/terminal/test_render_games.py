"""Each game's status lines come from its own renderer (GameSpec.terminal), from the seat's view."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from kozyr.games import new_match
from kozyr.games.registry import spec
from kozyr.terminal.render import game_lines, status

#: game, preset -> labels its status must show once the cards are being played
EXPECTED = {
    ("thousand", "classic"): ("Bidding", "Declarer", "Talon"),
    ("debertz", "debertz4"): ("Teams", "Bidding", "Table"),
    ("tertz", "tertz"): ("Table",),
}


def _at_play(game: str, preset: str, seed: int) -> dict[str, object]:
    """Return the observation of the seat to act at the first card play of a seeded deal."""
    m = new_match(game, preset, seed=seed)
    rng = random.Random(seed)
    m.deal()
    while m.phase != "play" and not m.awaiting_deal:
        m.apply_action(rng.choice(m.legal_actions()))
    seat = m.current_player()
    return m.observation(seat if seat is not None else 0)


def _screen(obs: dict[str, object], names: list[str]) -> str:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(status(obs, names))
    return out.getvalue()


@pytest.mark.parametrize(("game", "preset"), list(EXPECTED))
def test_the_game_s_renderer_draws_its_own_lines(game: str, preset: str) -> None:
    assert spec(game).terminal.startswith(f"kozyr.terminal.{game}:")
    for seed in range(1, 40):
        obs = _at_play(game, preset, seed)
        if obs["phase"] == "play":
            break
    names = [f"P{i}" for i in range(len(obs["hand_sizes"]))]  # type: ignore[arg-type]
    screen = _screen(obs, names)
    labels = [t.plain.split()[0] for t in game_lines(obs, names)]
    for label in EXPECTED[(game, preset)]:
        assert label in labels, (label, screen)
        assert label in screen
    assert "Your hand" in screen


def test_an_unknown_game_draws_only_the_shared_lines() -> None:
    obs = _at_play("tertz", "tertz", 3)
    assert game_lines({**obs, "game": "chess"}, ["a", "b"]) == []
