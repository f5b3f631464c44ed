"""The Tertz match: the engine (:mod:`~kozyr.games.tertz.state`) composed with its observer
(:mod:`~kozyr.games.tertz.observer`) and the sentences of ``why_illegal``
(:mod:`~kozyr.games.tertz.explain`).

>>> m = TertzMatch(seed=3, first_dealer=0)
>>> m.deal()
>>> m.current_player(), m.observation(1)["hand_sizes"], m.observation(None)["stock_size"]
(1, [9, 9], 14)
"""

from __future__ import annotations

import random
from typing import ClassVar, Self

from kozyr.games.tertz import explain, observer
from kozyr.games.tertz.observer import TertzObservation
from kozyr.games.tertz.rules import TertzRules
from kozyr.games.tertz.state import TertzState


class TertzMatch(TertzState):
    """A Tertz match between two seats, from the first deal to 501."""

    GAME: ClassVar[str] = "tertz"
    RULES: ClassVar[type[TertzRules]] = TertzRules
    #: Tertz draws the sample's seed before it deals the hidden cards (as it always has).
    SAMPLE_SEED_FIRST: ClassVar[bool] = True

    def why_illegal(self, action: int) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        return explain.why_illegal(self, action)

    def observation(self, seat: int | None) -> TertzObservation:  # type: ignore[override]
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
        return observer.observation(self, seat)

    def _deal_hidden(self, seat: int, rng: random.Random) -> TertzMatch:
        """Return a copy whose opponent hand and undrawn stock are dealt again."""
        out = observer.deal_hidden(self, seat, rng)
        assert isinstance(out, TertzMatch)
        return out

    def _forget_deals(self, sample: Self) -> None:
        """Forget the cards the deals started with: the records, the open deal's cards."""
        sample._dealt = None
        sample._records = []
