"""Distinct sampled deals for the search bots (PIMC at Thousand, Debertz and Tertz).

Both :class:`kozyr.bots.pimc.PimcBot` and :class:`kozyr.bots.pimc_tricks.TrickPimcBot` draw
their samples here: only through ``view.sample(rng)`` (the seat's observation decides what may
vary), each distinct deal once, until the time limit, ``max_samples``, or — when few cards are
unknown — ``enum_patience`` repeats in a row say every consistent deal has been seen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

from kozyr.core.match import SeatView


class SamplingBot(Protocol):
    """What :func:`distinct_samples` reads from and writes to a bot."""

    rng: Any
    time_limit: float
    max_samples: int
    min_samples: int
    enum_patience: int
    deadline: float
    last_samples: int


def distinct_samples(bot: SamplingBot, view: SeatView, key: Callable[[Any], tuple[int, ...]],
                     clock: Callable[[], float], limit: int | None = None,
                     share: float = 0.9) -> Iterator[Any]:
    """Yield distinct sampled matches until the time limit, max_samples or enumeration ends.

    ``key(match)`` says which samples are the same deal.  The deadline (``clock()`` plus
    ``share`` of ``bot.time_limit``, 90%: the rest is left for what follows the searches) is
    stored in
    ``bot.deadline`` so searches started for a sample stop at it too; at least
    ``bot.min_samples`` are drawn whatever the clock says.  ``bot.last_samples`` counts them.
    ``limit`` (default ``bot.max_samples``) caps how many are drawn.
    """
    deadline = bot.deadline = clock() + share * bot.time_limit
    most = bot.max_samples if limit is None else limit
    seen: set[tuple[int, ...]] = set()
    repeats = 0
    count = 0
    while count < most:
        if count >= bot.min_samples and clock() >= deadline:
            return
        m = view.sample(bot.rng)
        k = key(m)
        if k in seen:
            repeats += 1
            if repeats >= bot.enum_patience:
                return  # every consistent deal has (very likely) been seen
            continue
        repeats = 0
        seen.add(k)
        count += 1
        bot.last_samples = count
        yield m
