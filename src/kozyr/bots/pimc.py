"""The ``hard`` bot's home in the bot registry: :class:`PimcBot`, PIMC at Thousand (and the other
games' search players, by the game registry).  It lives in :mod:`kozyr.bots.thousand.pimc`."""

from kozyr.bots.thousand.pimc import PimcBot

__all__ = ["PimcBot"]
