"""The Bezique match: the engine (:mod:`~kozyr.games.bezique.state`) composed with its
observer (:mod:`~kozyr.games.bezique.observer`) and the sentences of ``why_illegal``
(:mod:`~kozyr.games.bezique.explain`).

>>> m = BeziqueMatch(seed=3, first_dealer=0)
>>> m.deal()
>>> m.current_player(), m.observation(1)["hand_sizes"], m.observation(None)["stock_size"]
(1, [8, 8], 48)
"""

from __future__ import annotations

import random
from typing import ClassVar, Self

from kozyr.games.bezique import explain, observer
from kozyr.games.bezique.observer import BeziqueObservation
from kozyr.games.bezique.rules import BeziqueRules
from kozyr.games.bezique.state import BeziqueState


class BeziqueMatch(BeziqueState):
    """A Bezique match between two seats, from the first deal to the target."""

    GAME: ClassVar[str] = "bezique"
    RULES: ClassVar[type[BeziqueRules]] = BeziqueRules

    def why_illegal(self, action: int) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        return explain.why_illegal(self, action)

    def observation(self, seat: int | None) -> BeziqueObservation:  # type: ignore[override]
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
        return observer.observation(self, seat)

    def _deal_hidden(self, seat: int, rng: random.Random) -> Self:
        """Return a copy whose opponent's concealed cards and stock are dealt again."""
        out = observer.deal_hidden(self, seat, rng)
        assert isinstance(out, BeziqueMatch)
        return out  # type: ignore[return-value]

    def _forget_deals(self, sample: Self) -> None:
        """Forget the cards the deals started with: the records, the open deal's cards."""
        sample._dealt = None
        sample._records = []
