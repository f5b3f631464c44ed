"""What the Thousand PIMC bot's decisions share: its parameters, its samples, the deal's identity.

:class:`PimcBase` holds every parameter of :class:`~kozyr.bots.thousand.pimc.bot.PimcBot`
(their meaning is told where each is used: :mod:`.play`, :mod:`.inference`, :mod:`.auction`,
:mod:`.talon`, :mod:`.contract`) and the state kept between decisions of one deal, which holds
only while each decision's history extends the one it was set at (:func:`deal_history`,
:func:`same_deal`), and is dropped whenever a decision does not come strictly after the
previous one (:meth:`PimcBase.begin_decision`): a new deal or game, the same deal played
again, the same position asked twice.  Samples come only from ``view.sample(rng)``, read
through the engine's :class:`~kozyr.games.thousand.position.ThousandPosition`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from kozyr.bots.base import Bot
from kozyr.bots.explain import SearchSummary
from kozyr.bots.heuristic import HeuristicBot
from kozyr.bots.sampling import distinct_samples
from kozyr.bots.solver import Solver, kernel
from kozyr.core.match import SeatView
from kozyr.games.thousand.position import ThousandPosition

if TYPE_CHECKING:
    from kozyr.bots.opponent_model import HeuristicModel

#: "Never": the bound of a threshold not known to fail, a bid range's open end.
NEVER = 1 << 30
#: ``exact_cards`` by whether the solver runs compiled: pure Python searches exact points
#: from 7 cards; the compiled kernel (kozyr.bots.solver.kernel) from the first card, 8
#: (+0.90 +- 0.94 per deal over 400 paired deals of seed 7000000 against 7, both compiled).
EXACT_CARDS = {False: 7, True: 8}


class PimcBase(Bot):
    """The Thousand PIMC bot's parameters, per-deal state and samples (see the module)."""

    def __init__(self, seed: int | None = None, *, time_limit: float = 1.0,
                 max_samples: int = 60, min_samples: int = 4, exact_cards: int | None = None,
                 inference: bool = True, inference_weight: float = 1.0,
                 enum_patience: int = 12, dd_margin: int = 10, defence_value: int = 0,
                 win_bonus: int = 300, raise_confidence: float = 0.85,
                 defence_points: int = 45, barrel_threat: int = 150,
                 bolt_risk: float = 0.15, declarer_margin: int = 20,
                 give_margin: int = 20, give_candidates: int = 4,
                 forced_pass_bonus: int = 20, marriage_keep: float = 0.5,
                 bid_inference: float = 0.25, bid_margin: int = 0,
                 opponent_model: bool = True, mismatch_weight: float = 0.1,
                 model_candidates: int = 240, model_share: float = 0.3,
                 auction_model: bool = True, made_for: int = 30, failed_for: int = 55,
                 made_against: int = 20, failed_against: int = 30,
                 lost_margin: int = 30, contract_margin: int = 0,
                 partner_share: float = 0.5) -> None:
        super().__init__(seed)
        self.time_limit = time_limit
        self.max_samples = max_samples
        self.min_samples = min_samples
        #: Hands of at most this many cards are searched for exact points (None: what the
        #: solver reaches in time, :data:`EXACT_CARDS`).
        self.exact_cards = EXACT_CARDS[kernel.available()] if exact_cards is None else exact_cards
        self.inference = inference
        self.inference_weight = inference_weight
        self.enum_patience = enum_patience
        self.dd_margin = dd_margin
        self.defence_value = defence_value
        self.win_bonus = win_bonus
        self.raise_confidence = raise_confidence
        self.defence_points = defence_points
        self.barrel_threat = barrel_threat
        self.bolt_risk = bolt_risk
        self.declarer_margin = declarer_margin
        self.give_margin = give_margin
        self.give_candidates = give_candidates
        self.forced_pass_bonus = forced_pass_bonus
        self.marriage_keep = marriage_keep
        self.bid_inference = bid_inference
        self.bid_margin = bid_margin
        self.opponent_model = opponent_model
        self.mismatch_weight = mismatch_weight
        self.model_candidates = model_candidates
        self.model_share = model_share
        self.auction_model = auction_model
        self.made_for = made_for
        self.failed_for = failed_for
        self.made_against = made_against
        self.failed_against = failed_against
        self.lost_margin = lost_margin
        self.contract_margin = contract_margin
        self.partner_share = partner_share
        #: a lost contract's lowered aim: (the deal's history when it was set, level)
        self._lost: tuple[tuple[Any, ...], int] = ((), 0)
        self._opponent_model: HeuristicModel | None = None
        self._bid_sim: BidSim | None = None
        self.heuristic = HeuristicBot(None if seed is None else seed + 1)
        #: the give plan: (the deal's history, hand, the two gives)
        self._plan: tuple[tuple[Any, ...], int, list[int]] | None = None
        #: the deal's history at the last decision (:meth:`begin_decision`)
        self._last: tuple[Any, ...] = ()
        #: What the last card search found (kozyr.bots.explain; None: no search decided).
        self.last_search: SearchSummary | None = None
        #: Samples used by the last decision (for benchmarks and tests).
        self.last_samples = 0
        self.deadline = 0.0
        #: The search players of other games, by their registry reference (``PimcBot.player``).
        self.players: dict[str, Bot] = {}

    def begin_decision(self, obs: dict[str, Any]) -> None:
        """Drop the per-deal state unless this decision comes strictly after the last one.

        One bot may serve many games (a ``kozyr bot`` process, an arena of lone deals): what
        it kept for one deal (a lost contract's lowered aim, the auction's samples, the give
        plan) must never reach another, nor the same deal played again, whose deal index,
        dealer, sheet and history can all be the same (issue 18).  Within a deal each
        decision of this seat strictly extends the last one's history (its own action came
        in between); anything else starts afresh, so a position gets the answer a fresh bot
        with the same random state would give.
        """
        now = deal_history(obs)
        if not same_deal(self._last, now, later=True):
            self._lost = ((), 0)
            self._bid_sim = None
            self._plan = None
        self._last = now

    def _samples(self, view: SeatView) -> Any:
        """Yield distinct sampled matches (hands and talon) until the time limit.

        Searches started for a sample stop at the same deadline (``self.deadline``) by raising
        SearchTimeout: the caller drops that sample and stops.
        """
        return distinct_samples(self, view, deal_key, time.perf_counter)

    def _ev(self, made: float, c: int, total: int, target: int) -> float:
        """Return the expected score change of playing contract ``c`` made with prob ``made``."""
        win = self.win_bonus if total + c >= target else 0
        return made * (c + win) - (1.0 - made) * c


class BidSim:
    """The sampled deals of one auction, solved for the declarer's threshold tests."""

    def __init__(self, key: tuple[Any, ...], me: int, hand: Any) -> None:
        self.key = key  # the deal's history at the last decision (deal_history)
        self.me, self.hand = me, hand
        self.solvers: list[Solver] = []
        self.hands: list[dict[int, int]] = []  # the opponents' sampled hands, by seat
        self.talons: list[int] = []  # the sampled talons
        self.lo: list[int] = []  # highest threshold known made (0: none)
        self.hi: list[int] = []  # lowest threshold known failed (NEVER: none)
        self.seen: set[tuple[int, ...]] = set()
        self.used = 0  # how many samples the last test used (the first ones)


def deal_history(obs: dict[str, Any]) -> tuple[Any, ...]:
    """Return what identifies the open deal from ``obs``: the seat, its place in the match,
    its history.

    State a bot keeps between decisions of one deal is valid only while each decision's
    history extends the last one's (:func:`same_deal`): a new deal, a new game, or the same
    deal played again (the arena's duplicate seatings) starts afresh, whatever their deal
    index, dealer and sheet length.

    >>> a = deal_history({"deal_index": 0, "dealer": 0, "history": [[1, "bid 100"]]})
    >>> b = deal_history({"deal_index": 0, "dealer": 0, "history": [[1, "bid 100"], [2, "pass"]]})
    >>> same_deal(a, b), same_deal(b, a), same_deal((), a), same_deal(a, a, later=True)
    (True, False, False, False)
    """
    history = obs.get("history") or []
    return (obs.get("seat"), obs.get("deal_index"), len(obs.get("sheet") or []), obs.get("dealer"),
            obs.get("totals") and tuple(obs["totals"]),
            *(tuple(h) if isinstance(h, list) else h for h in history))


def same_deal(before: tuple[Any, ...], now: tuple[Any, ...], *, later: bool = False) -> bool:
    """Return True if ``now`` is the deal of ``before``, at the same or (``later``) a later
    decision.  What was decided *at* a decision counts only for later ones: the same deal
    asked again at that decision (played again, or asked twice) starts afresh."""
    return (bool(before) and len(now) >= len(before) + later
            and now[:len(before)] == before)


def deal_key(m: Any) -> tuple[int, ...]:
    """Return what tells the sampled matches apart: every hand and the talon."""
    return position_key(ThousandPosition(m))


def position_key(p: ThousandPosition) -> tuple[int, ...]:
    """Return what tells the sampled deals apart: every hand and the talon."""
    return (*p.hands, p.talon)


def shrunk(made: float, n: float) -> float:
    """Return a make rate pulled towards 1/2 (Laplace): a few samples must not look certain."""
    return (made + 1.0) / (n + 2.0)


def rules_of(view: SeatView) -> Any:
    """Return the view's rule set (ThousandRules here) untyped."""
    return view.rules


def numbered(texts: list[str], legal: list[int], word: str) -> list[tuple[int, int]]:
    """Return (N, action) for the legal texts ``word N``, lowest N first."""
    prefix = word + " "
    return sorted((int(t.split()[1]), a) for t, a in zip(texts, legal, strict=True)
                  if t.startswith(prefix))


def action_named(texts: list[str], legal: list[int], text: str) -> int | None:
    """Return the legal action written ``text``, or None."""
    return next((a for t, a in zip(texts, legal, strict=True) if t == text), None)
