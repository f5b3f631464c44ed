"""Thousand's search player: PIMC (Perfect Information Monte Carlo) over the double-dummy solver.

The bot is :class:`~kozyr.bots.thousand.pimc.bot.PimcBot` (the ``hard`` level, also reachable
as ``kozyr.bots.pimc.PimcBot``, the name the game registry gives).  Each decision has its
module:

- :mod:`.bot` — the bot: what it decides where, and the other games' search players;
- :mod:`.base` — its parameters and per-deal state, its samples, what identifies a deal;
- :mod:`.play` — card play (threshold and exact searches over the samples);
- :mod:`.inference` — where the samples put the cards: the opponent model and the soft
  play policy;
- :mod:`.auction` — bidding by simulation (the auction's samples kept between bids);
- :mod:`.talon` — the declarer's two gives;
- :mod:`.contract` — the contract and the write-off.
"""

from kozyr.bots.thousand.pimc.bot import PimcBot

__all__ = ["PimcBot"]
