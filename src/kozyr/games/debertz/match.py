"""The Debertz match: the engine (:mod:`~kozyr.games.debertz.state`) composed with its
observer (:mod:`~kozyr.games.debertz.observer`) and the sentences of ``why_illegal``
(:mod:`~kozyr.games.debertz.explain`).

>>> m = DebertzMatch(DebertzRules.from_preset("debertz3"), seed=1, first_dealer=0)
>>> m.deal({"hands": ["AS TS KS QS JS 9S", "AH TH KH QH JH 9H", "AD TD KD QD JD 9D"],
...         "stock": "8S 7S 8H 7H 8D 7D AC TC KC QC JC 9C 8C 7C"})
>>> m.legal_texts()
['accept', 'pass']
>>> _ = m.apply("accept")
>>> m.phase, m.current_player(), m.observation(1)["hand"]
('play', 1, '7S AH TH KH QH JH 9H 8H 7H')
>>> m.legal_texts()[-3:]
['play AH', 'swap7', 'declare']
"""

from __future__ import annotations

import random
from typing import ClassVar, Self

from kozyr.games.debertz import explain, observer
from kozyr.games.debertz.observer import DebertzObservation
from kozyr.games.debertz.rules import DebertzRules
from kozyr.games.debertz.state import DebertzState


class DebertzMatch(DebertzState):
    """One Debertz match (2, 3 or 4 players) from the first deal to the win."""

    GAME: ClassVar[str] = "debertz"
    RULES: ClassVar[type[DebertzRules]] = DebertzRules

    def why_illegal(self, action: int) -> str | None:
        """Return None if ``action`` is legal now, else a sentence saying why it is not."""
        return explain.why_illegal(self, action)

    def observation(self, seat: int | None) -> DebertzObservation:  # type: ignore[override]
        """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
        return observer.observation(self, seat)

    def _deal_hidden(self, seat: int, rng: random.Random) -> DebertzMatch:
        """Return a copy whose cards hidden from ``seat`` are dealt again (the observer's)."""
        out = observer.deal_hidden(self, seat, rng)
        assert isinstance(out, DebertzMatch)
        return out

    def _forget_deals(self, sample: Self) -> None:
        """Forget earlier deals' records: they hold hands this seat never saw."""
        sample._records = []
