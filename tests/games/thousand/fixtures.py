"""Helpers shared by the Thousand engine tests: build a dealt match, act, compare, refuse."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kozyr.core.errors import IllegalActionError
from kozyr.games.thousand import ThousandMatch, ThousandRules


def dealt(deal: dict[str, Any] | None, preset: str = "classic", dealer: int = 0, seed: int = 3,
          **overrides: Any) -> ThousandMatch:
    """Return a match of ``preset`` + ``overrides`` with ``deal`` dealt by ``dealer``."""
    m = ThousandMatch(ThousandRules.from_preset(preset, **overrides), seed=seed,
                      first_dealer=dealer)
    if deal is not None:
        m.deal(deal)
    return m


def play(m: ThousandMatch, *texts: str) -> None:
    """Apply actions in record notation, checked."""
    for t in texts:
        m.apply(t)


def snapshot(m: ThousandMatch) -> str:
    """Return everything visible of ``m``: every observation, the record, legal actions, totals."""
    seats: list[int | None] = [None, *range(m.players)]
    return json.dumps([[m.observation(s) for s in seats], m.record_deals(),
                       m.legal_actions(), m.totals], sort_keys=True)


def refused(m: ThousandMatch, text: str, message: str, seat: int | None = None) -> None:
    """Check that ``text`` is refused with ``message`` and changes nothing."""
    before = snapshot(m)
    with pytest.raises(IllegalActionError, match=message):
        m.apply(text, seat)
    assert snapshot(m) == before
