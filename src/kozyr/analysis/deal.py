"""Analyse a game record deal by deal: double-dummy values per trick, costly decisions.

:func:`analyse_record` replays a record (spec/records.md) through the engine and, for each
finished deal with card play in a game that has a solver (:mod:`kozyr.analysis.solvers`),
asks the solver at every card: the value of each legal card with every hand known.  The best
card's value is the position's value before the card; the card played gives the value after
it; the difference is what the card cost its side (``loss``).  A card that turns a made
contract into a lost one (the declarer's) or lets a stopped contract through (a defender's)
is marked ``"contract": "thrown"``.  Thousand adds the contract's make probability from the
declarer's point of view and the talon's gives (:mod:`kozyr.analysis.thousand`).

Bounded work: each card's exact search gets ``budget`` seconds; when it does not finish, only
the contract's verdict is searched (``"mode": "contract"``), and when that does not finish
either the card is not analysed (``"mode": "none"``).  Every card, trick and deal says which.
The JSON shape is documented in docs/analysis.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kozyr.analysis.solvers import CONTRACT, EXACT, NONE, CardValues, DoubleDummy, adapter_for
from kozyr.core.errors import IllegalActionError, KozyrError, RecordError
from kozyr.records import ReplayError, deal_cards, new_match_for, replay_record

#: The JSON format of an analysis (docs/analysis.md).
ANALYSIS_FORMAT = 1
#: Seconds of search per card, per kind of search, by default.
DEFAULT_BUDGET = 2.0
#: The samples of the Thousand contract check by default.
DEFAULT_SAMPLES = 24


class AnalysisError(KozyrError):
    """A record that cannot be analysed (a bad deal number)."""


def count_cards(obj: dict[str, Any], deal: int | None = None) -> int:
    """Return how many card plays the analysis of ``obj`` will search (for a progress bar)."""
    deals = obj.get("deals") or []
    chosen = deals if deal is None else deals[deal - 1:deal]
    return sum(sum(1 for a in d.get("actions", []) if str(a).startswith("play "))
               for d in chosen if isinstance(d, dict))


def analyse_record(obj: dict[str, Any], *, deal: int | None = None,
                   budget: float = DEFAULT_BUDGET, samples: int = DEFAULT_SAMPLES,
                   seed: int = 0, on_card: Callable[[], None] | None = None) -> dict[str, Any]:
    """Return the analysis of record ``obj`` (docs/analysis.md): every finished deal, or deal
    number ``deal`` (counted from 1).

    ``budget``: seconds per card and kind of search; ``samples``, ``seed``: the Thousand
    contract check's sampled deals; ``on_card`` is called after each card (a progress bar).
    Raise RecordError or ReplayError for a bad record, AnalysisError for a bad deal number.
    """
    result = replay_record(obj)  # validates the whole record first, with its own errors
    rows = result.match.sheet
    deals = obj.get("deals") or []
    if deal is not None and not 1 <= deal <= len(rows):
        raise AnalysisError(f"deal {deal}: the record has {len(rows)} finished deal(s)")
    game = result.match.GAME
    adapter = adapter_for(game)
    out: dict[str, Any] = {
        "format": ANALYSIS_FORMAT, "game": game, "players": result.players,
        "budget": budget, "unit": adapter.unit if adapter else None,
        "analysed": adapter is not None,
        "reason": None if adapter else f"{game} is not analysed yet: it has no double-dummy "
        "solver", "deals": [],
    }
    if adapter is None:
        return out
    m, _ = new_match_for(obj)
    rng = random.Random(seed)
    for d, record_deal in enumerate(deals, start=1):
        if d > len(rows):
            break  # the open deal: not finished, not analysed
        cards = deal_cards(game, record_deal)
        m.deal(cards or None)
        wanted = deal is None or d == deal
        analysis = _DealAnalysis(m, adapter, budget, samples, rng, on_card) if wanted else None
        for text in record_deal.get("actions", []):
            if analysis is not None:
                analysis.before(text)
            try:
                m.apply_recorded(text)
            except IllegalActionError as e:  # replay_record accepted it: cannot happen
                raise ReplayError(d, 0, text, str(e)) from None
        if analysis is not None:
            out["deals"].append(analysis.result(d, rows[d - 1].to_json()))
    return out


class _DealAnalysis:
    """What one deal's analysis gathers while its actions are applied."""

    def __init__(self, m: Any, adapter: type[DoubleDummy], budget: float, samples: int,
                 rng: random.Random, on_card: Callable[[], None] | None) -> None:
        self.m, self.adapter, self.budget = m, adapter, budget
        self.samples, self.rng, self.on_card = samples, rng, on_card
        self.tricks: list[dict[str, Any]] = []
        self.contract_check: dict[str, Any] | None = None
        self.gives: dict[str, Any] | None = None
        self.game = m.GAME
        self.played = False
        self.pre_give: Any = None  # Thousand: the match before the first give
        self.give_texts: list[str] = []

    def before(self, text: str) -> None:
        """Look at the position before the recorded action ``text`` is applied."""
        m = self.m
        if self.game == "thousand" and not self.played:
            from kozyr.analysis import thousand

            if text.startswith("give "):
                if self.pre_give is None:
                    self.pre_give = m.clone()
                self.give_texts.append(text)
            elif self.pre_give is not None and self.gives is None:
                self.gives = thousand.check_gives(self.pre_give, self.give_texts, self.budget)
                self.pre_give = False
            if text.startswith("play ") and m.phase == "play":
                self.contract_check = thousand.check_contract(m, self.samples, self.rng,
                                                              self.budget)
        # (a Bezique winner's lead comes in his window, phase "meld": draw, then lead)
        if not (text.startswith("play ") and (m.phase == "play" or (
                self.game == "bezique" and m.phase == "meld"))):
            return
        self.played = True
        dd = self.adapter(m)
        if dd.at_trick_start() or not self.tricks:
            self.tricks.append({"trick": len(self.tricks) + 1, "cards": []})
        seat = m.current_player()
        values = dd.card_values(self.budget)
        card = _card(text, seat, values, dd)
        self.tricks[-1]["cards"].append(card)
        if self.on_card is not None:
            self.on_card()

    def result(self, number: int, row: dict[str, Any]) -> dict[str, Any]:
        """Return the deal's analysis (docs/analysis.md), ``row`` its sheet row."""
        mistakes = []
        seats = len(row.get("scores") or [])
        losses = [0] * seats
        for t in self.tricks:
            cards = t["cards"]
            first, last = cards[0], cards[-1]
            t["before"], t["after"] = first["best"], last["value"]
            t["made_before"], t["made_after"] = first["made_best"], last["made"]
            t["mode"] = _weakest(c["mode"] for c in cards)
            for c in cards:
                if c["loss"] or c["contract"]:
                    mistakes.append({"trick": t["trick"], **c})
                    if c["loss"] and 0 <= c["seat"] < seats:
                        losses[c["seat"]] += c["loss"]
        if self.gives and self.gives.get("loss"):
            seat = self.gives["seat"]
            if 0 <= seat < seats:
                losses[seat] += self.gives["loss"]
        mode = _weakest(t["mode"] for t in self.tricks) if self.tricks else NONE
        return {
            "deal": number,
            "analysed": bool(self.tricks),
            "reason": None if self.tricks else "no card was played in this deal",
            "dealer": row.get("dealer"), "declarer": row.get("declarer"),
            "contract": row.get("contract"),
            "mode": mode,
            "start": self.tricks[0]["before"] if self.tricks else None,
            "tricks": self.tricks,
            "contract_check": self.contract_check,
            "gives": self.gives,
            "mistakes": mistakes,
            "losses": losses,
            "sheet": row,
        }


def _card(text: str, seat: int, values: CardValues, dd: DoubleDummy) -> dict[str, Any]:
    """Return one card's analysis: its value, the best value, the loss, the contract's fate."""
    vals = values.values
    high = dd.maximises()
    card: dict[str, Any] = {"seat": seat, "action": text, "mode": values.mode,
                            "value": None, "best": None, "best_actions": [], "loss": 0,
                            "made": None, "made_best": None, "contract": None}
    if values.mode == NONE or text not in vals:
        card["mode"] = NONE
        return card
    best = max(vals.values()) if high else min(vals.values())
    chosen = vals[text]
    card["best_actions"] = sorted(t for t, v in vals.items() if v == best)
    if values.mode == EXACT:
        card["value"], card["best"] = chosen, best
        card["loss"] = best - chosen if high else chosen - best
        card["made"], card["made_best"] = dd.made(chosen), dd.made(best)
    else:  # the contract's verdict only: 1 made, 0 not
        card["made"], card["made_best"] = bool(chosen), bool(best)
    if card["made"] is not None and card["made"] != card["made_best"]:
        card["contract"] = "thrown"
    return card


def _weakest(modes: Any) -> str:
    """Return the least exact of ``modes``: one unanalysed card makes a trick not exact."""
    seen = set(modes)
    for mode in (NONE, CONTRACT):
        if mode in seen:
            return mode
    return EXACT


__all__ = ["ANALYSIS_FORMAT", "AnalysisError", "RecordError", "analyse_record", "count_cards"]
