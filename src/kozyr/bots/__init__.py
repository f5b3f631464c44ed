"""The bot registry: every computer player by name, built with :func:`make_bot`.

Names:

- ``random`` — uniformly random legal actions (:class:`kozyr.bots.base.RandomBot`).
- ``heuristic`` — rules of thumb per game (:mod:`kozyr.bots.heuristic`): each game's
  heuristic is the class its registry entry names (``GameSpec.heuristic``).
- ``easy`` — the heuristic with noise: now and then a random legal action or a misjudged bid.
- ``normal`` — the heuristic.
- ``hard`` — the PIMC bot (``kozyr.bots.pimc.PimcBot``), imported lazily: Thousand's search
  player, which hands every other game to the search player its registry entry names
  (``GameSpec.pimc``).  If that module is not installed yet (or cannot be imported), ``hard``
  falls back to the heuristic.
- ``pimc`` — the PIMC bot under its own name; no fallback (an ImportError surfaces).

>>> make_bot("random", seed=1).name
'random'
>>> make_bot("nobody")
Traceback (most recent call last):
...
ValueError: unknown bot 'nobody' (known: random, heuristic, easy, normal, hard, pimc)
"""

from __future__ import annotations

import importlib

from kozyr.bots.base import Bot, RandomBot

#: Every name :func:`make_bot` accepts.
BOT_NAMES: tuple[str, ...] = ("random", "heuristic", "easy", "normal", "hard", "pimc")


def _pimc_class() -> type[Bot] | None:
    """Return ``kozyr.bots.pimc.PimcBot`` if that module exists and imports, else None."""
    try:
        module = importlib.import_module("kozyr.bots.pimc")
    except ImportError:
        return None
    cls = getattr(module, "PimcBot", None)
    return cls if isinstance(cls, type) and issubclass(cls, Bot) else None


def make_bot(name: str, seed: int | None = None) -> Bot:
    """Return a new bot called ``name`` seeded with ``seed``; raise ValueError for an unknown name.

    ``hard`` is the PIMC bot when ``kozyr.bots.pimc`` exists, else (explicitly) the heuristic.
    """
    from kozyr.bots.heuristic import HeuristicBot

    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key in ("heuristic", "normal"):
        return HeuristicBot(seed)
    if key == "easy":
        return HeuristicBot(seed, noise=0.25)
    if key == "hard":
        pimc = _pimc_class()
        if pimc is None:
            # Fallback while the PIMC bot is absent: the best bot we have.
            return HeuristicBot(seed)
        return pimc(seed)
    if key == "pimc":
        pimc = _pimc_class()
        if pimc is None:
            raise ValueError("bot 'pimc' is not available (kozyr.bots.pimc is missing)")
        return pimc(seed)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")


__all__ = ["BOT_NAMES", "Bot", "RandomBot", "make_bot"]
