"""The Piquet match: the engine (:mod:`~kozyr.games.piquet.state`) composed with its observer
(:mod:`~kozyr.games.piquet.observer`) and the sentences of ``why_illegal``
(:mod:`~kozyr.games.piquet.explain`).

>>> m = PiquetMatch(seed=3, first_dealer=0)
>>> m.deal()
>>> m.current_player(), m.observation(1)["hand_sizes"], m.observation(None)["talon_size"]
(1, [12, 12], 8)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from kozyr.games.piquet import explain, observer
from kozyr.games.piquet.rules import PiquetRules
from kozyr.games.piquet.state import PiquetState


class PiquetMatch(PiquetState):
    """A Piquet partie (or, preset ``cent``, one game) between two seats."""

    GAME: ClassVar[str] = "piquet"
    RULES: ClassVar[type[PiquetRules]] = PiquetRules

    def why_illegal(self, action: int) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        return explain.why_illegal(self, action)

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
        return dict(observer.observation(self, seat))

    def _deal_hidden(self, seat: int, rng: random.Random) -> PiquetMatch:
        """Return a copy whose cards hidden from ``seat`` are dealt again."""
        out = observer.deal_hidden(self, seat, rng)
        assert isinstance(out, PiquetMatch)
        return out

    def _forget_deals(self, sample: Self) -> None:
        """Forget the cards the deals started with: the records, the open deal's cards."""
        sample._dealt = None
        sample._records = []


def settle(match: PiquetState) -> list[int] | None:
    """Return the settlement of a finished partie or game (the registry's hook)."""
    return match.settlement()
