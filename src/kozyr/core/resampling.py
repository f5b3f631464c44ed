"""The resample template: deal the hidden cards again (the game's hook), then strip the copy.

Every game's :meth:`~kozyr.core.match.Match.resample` does the same around its own dealing:
a sample must keep nothing true but unseen, so its seed (which would deal this deal and the
next ones again) is replaced by bits from the rng, and the records of its deals (which hold
hands the seat never saw) are dropped.  :class:`ResampledMatch` does that once; a game fills
in :meth:`~ResampledMatch._deal_hidden` (a copy whose hidden cards are dealt again) and
:meth:`~ResampledMatch._forget_deals` (which of its attributes hold dealt cards).

What differs between the games, kept so that the same rng gives the same sample as before:
how many bits the sample's seed takes (:attr:`~ResampledMatch.SAMPLE_SEED_BITS`) and whether
they are drawn before the hidden cards are dealt or after
(:attr:`~ResampledMatch.SAMPLE_SEED_FIRST`): Debertz 63 bits after, Tertz 63 bits before.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import ClassVar, Self

from kozyr.core.match import Match


class ResampledMatch(Match):
    """A Match whose :meth:`resample` is the template: the game's hook, then the strip."""

    #: Bits of the rng that seed a sample's later deals.
    SAMPLE_SEED_BITS: ClassVar[int] = 63
    #: Whether the sample's seed is drawn before the hidden cards are dealt (else after).
    SAMPLE_SEED_FIRST: ClassVar[bool] = False

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Return a copy whose cards hidden from ``seat`` are dealt again, consistently.

        The result depends only on ``observation(seat)`` and ``rng``.  Nothing true but unseen
        stays in it: its seed comes from ``rng`` and the records of its deals are forgotten.
        """
        first = self.SAMPLE_SEED_FIRST
        seed = rng.getrandbits(self.SAMPLE_SEED_BITS) if first else 0
        out = self._deal_hidden(seat, rng)
        out.seed = seed if first else rng.getrandbits(self.SAMPLE_SEED_BITS)
        self._forget_deals(out)
        return out

    @abstractmethod
    def _deal_hidden(self, seat: int, rng: random.Random) -> Self:
        """Return a copy whose cards hidden from ``seat`` are dealt again by ``rng`` (the hook)."""

    @abstractmethod
    def _forget_deals(self, sample: Self) -> None:
        """Make ``sample`` forget the cards its deals were dealt with (their records)."""
