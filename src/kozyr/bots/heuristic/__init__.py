"""The heuristic bot: rules of thumb for each game, chosen by ``view.game``.

A :class:`HeuristicBot` reads only the seat's observation and the legal actions (as text) and
hands the choice to the game's heuristic, the class its registry entry names
(``GameSpec.heuristic``: :mod:`.thousand`, :mod:`.debertz`, :mod:`.tertz`).
With ``noise`` > 0 (the ``easy`` level) it now and then plays a random legal action and
misjudges its hand when bidding.
"""

from __future__ import annotations

from typing import Any

from kozyr.bots.base import Bot
from kozyr.core.match import SeatView
from kozyr.games.registry import spec


class HeuristicBot(Bot):
    """Plays each game by hand-written judgement; see the game modules."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, *, noise: float = 0.0) -> None:
        super().__init__(seed)
        self.noise = noise
        self._players: dict[str, Any] = {}

    def _player(self, game: str) -> Any:
        """Return (once per game) the game's heuristic, sharing this bot's rng."""
        if game not in self._players:
            game_spec = spec(game)
            if not game_spec.heuristic:
                raise ValueError(f"the heuristic bot does not play {game!r}")
            self._players[game] = game_spec.load(game_spec.heuristic)(self.rng, self.noise)
        return self._players[game]

    def act(self, view: SeatView) -> int:
        """Return the chosen legal action."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        texts = [view.action_to_text(a) for a in legal]
        text = self._player(view.game).choose(view.observation(), texts)
        return legal[texts.index(text)]


__all__ = ["HeuristicBot"]
