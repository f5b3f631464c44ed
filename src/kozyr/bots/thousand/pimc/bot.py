"""The ``pimc`` bot (level ``hard``): Perfect Information Monte Carlo over the double-dummy solver.

At Thousand it plays here; every other game goes to that game's own search player, the class
its registry entry names (``GameSpec.pimc``: :class:`kozyr.bots.pimc_tricks.TrickPimcBot` for
Debertz and Tertz, PIMC card play over their own solvers and the heuristic for their other
decisions).  It sees only its :class:`~kozyr.core.match.SeatView`: deals are sampled with
``view.sample(rng)`` (every hidden card dealt again, consistently with the observation), each
sample is read through :class:`~kozyr.games.thousand.position.ThousandPosition` and turned
into a solver position (:mod:`kozyr.bots.solver.adapter`), solved, and the results are
aggregated.  Every decision stops sampling at its time limit (default 1 s, ``time_limit``),
after at least ``min_samples``.

Card play is :mod:`.play` (with the samples weighted by :mod:`.inference`); bidding, the talon
pass and the contract are chosen by simulation (:mod:`.auction`, :mod:`.talon`,
:mod:`.contract`): sampled deals give the talon and the opponents' hands, and the declarer's
hand is solved at trick 1 with threshold tests, which gives the distribution of his
double-dummy points.  The redeal choice, two-player piles and discards, and 501's trump naming
use the heuristic, and so do §11's choices around the auction and the talon: ``blind`` or
``look`` (own cards unseen), ``buy`` or ``decline``, a bad talon's redeal; the strike-out is
weighed beside the write-off (:mod:`.contract`).
"""

from __future__ import annotations

from typing import Any

from kozyr.bots.base import Bot
from kozyr.bots.thousand.pimc.auction import Auction
from kozyr.bots.thousand.pimc.base import action_named
from kozyr.bots.thousand.pimc.contract import Contract
from kozyr.bots.thousand.pimc.play import CardPlay
from kozyr.bots.thousand.pimc.talon import Talon
from kozyr.core.match import SeatView
from kozyr.games.registry import spec


class PimcBot(CardPlay, Auction, Talon, Contract):
    """Plays Thousand by sampling hidden cards and solving each sample double-dummy.

    Other games are handed to their search players (:meth:`player`).
    """

    name = "pimc"

    def act(self, view: SeatView) -> int:
        """Return the chosen legal action."""
        self.last_search = None
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = self.player(view.game)
        if player is not self:
            return player.act(view)
        obs = view.observation()
        self.begin_decision(obs)
        texts = [view.action_to_text(a) for a in legal]
        heads = {t.split()[0] for t in texts}
        self.last_samples = 0
        if "play" in heads:
            return self._play(view, obs, legal)
        if obs.get("hand") is not None and ("bid" in heads or heads == {"pass"}):
            return self._bid(view, obs, legal, texts)
        if "give" in heads:
            if "redeal" in heads and self.heuristic.act(view) == action_named(
                    texts, legal, "redeal"):
                return legal[texts.index("redeal")]  # a bad or poor talon, by the heuristic
            return self._give(view, obs, legal, texts)
        if "contract" in heads:
            return self._contract(view, obs, legal, texts)
        return self.heuristic.act(view)

    def player(self, game: str) -> Bot:
        """Return the search player of ``game``: the class its registry entry names
        (``GameSpec.pimc``) — this bot where it is one, else one made at first use, seeded
        from this bot's rng, with its sampling budget (``time_limit``, ``max_samples``,
        ``min_samples``, ``enum_patience``) — or the heuristic if it names none."""
        game_spec = spec(game)
        ref = game_spec.pimc
        if not ref:
            return self.heuristic
        player = self.players.get(ref)
        if player is None:
            cls: Any = game_spec.load(ref)
            if isinstance(self, cls):
                player = self
            else:
                player = cls(self.rng.getrandbits(63), time_limit=self.time_limit,
                             max_samples=self.max_samples, min_samples=self.min_samples,
                             enum_patience=self.enum_patience)
            self.players[ref] = player
        return player


__all__ = ["PimcBot"]
