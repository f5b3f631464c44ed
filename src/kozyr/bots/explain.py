"""What a search bot found at its last decision, and the one-line hint made from it.

:class:`SearchSummary` is what :class:`~kozyr.bots.thousand.pimc.bot.PimcBot`,
:class:`~kozyr.bots.pimc_tricks.TrickPimcBot` and :class:`~kozyr.bots.pimc_piquet.PiquetPimcBot`
keep of their last card search
(``last_search``; None after a decision the search did not make): per legal action its
aggregate over the samples, what that aggregate measures, and how many samples it rests on.
:func:`hint` asks a bot for its action on a seat's own view (the bot sees nothing else) and
explains it from that summary: the card played, its value and the best alternative's.

>>> s = SearchSummary("make", {1: 0.9, 2: 0.4}, 10)
>>> reason(s, 1, lambda a: {1: "play AS", 2: "play KS"}[a])["text"]
'AS makes the contract in 90% of 10 deals sampled from what you see; the next best, KS, in 40%.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: What a summary's values measure, and which way is better for the seat to act:
#: ``make`` the share of samples in which the declarer still makes the contract (higher);
#: ``stop`` the same share, seen by a defender (lower); ``points`` the mean of the seat's
#: points less the opponent's (higher); ``score`` the mean deal score of the declarer's
#: side against the others' (``high`` says which way is better for the seat to act).
KINDS = ("make", "stop", "points", "score")


@dataclass
class SearchSummary:
    """One decision's search: ``values`` per legal action (see :data:`KINDS`)."""

    kind: str
    values: dict[int, float]
    samples: int
    high: bool = True  # for "score": whether a higher value is better for the seat to act

    def better(self) -> bool:
        """Return True if a higher value is better for the seat to act."""
        return {"make": True, "stop": False, "points": True}.get(self.kind, self.high)


def _card(text: str) -> str:
    """Return the card of a play action's text (``play KH marriage`` -> ``KH``)."""
    parts = text.split()
    return parts[1] if len(parts) > 1 and parts[0] == "play" else text


def _words(kind: str, v: float) -> str:
    if kind in ("make", "stop"):
        return f"{round(100 * v)}%"
    return f"{v:+.0f}" if kind == "points" else f"{v:.0f}"


def reason(summary: SearchSummary | None, action: int,
           text_of: Callable[[int], str]) -> dict[str, Any]:
    """Return the structured reason for ``action`` (its text through ``text_of``).

    Keys: ``kind`` (one of :data:`KINDS`, or ``plain`` without a search), ``value``,
    ``alternative`` (the best other action's text, or None), ``alternative_value``,
    ``samples``, and ``text``, one English line (the web client words it from the others).
    """
    chosen = text_of(action)
    if summary is None or action not in summary.values:
        return {"kind": "plain", "value": None, "alternative": None, "alternative_value": None,
                "samples": 0, "text": f"{chosen}: the bot's choice (no card search to explain it)."}
    vals = summary.values
    others = [a for a in vals if a != action and _card(text_of(a)) != _card(chosen)]
    alt = None
    if others:
        alt = max(others, key=lambda a: vals[a]) if summary.better() else \
            min(others, key=lambda a: vals[a])
    v = vals[action]
    card = _card(chosen)
    n = summary.samples
    kind = summary.kind
    if kind == "make":
        text = f"{card} makes the contract in {_words(kind, v)} of {n} deals sampled from " \
               "what you see"
    elif kind == "stop":
        text = f"{card} leaves the declarer his contract in {_words(kind, v)} of {n} deals " \
               "sampled from what you see"
    elif kind == "points":
        text = f"{card} ends {_words(kind, v)} points for you on average over {n} deals " \
               "sampled from what you see"
    else:
        text = f"after {card} the declarer's side scores {_words(kind, v)} on average over " \
               f"{n} sampled deals"
    if alt is not None:
        text += f"; the next best, {_card(text_of(alt))}, {_words(kind, vals[alt])}" \
            if kind not in ("make", "stop") else \
            f"; the next best, {_card(text_of(alt))}, in {_words(kind, vals[alt])}"
    return {"kind": kind, "value": v, "alternative": None if alt is None else text_of(alt),
            "alternative_value": None if alt is None else vals[alt], "samples": n,
            "text": text + "."}


def hint(bot: Any, view: Any) -> dict[str, Any]:
    """Return ``{"action": text, "reason": ...}``: what ``bot`` plays on ``view`` and why.

    The bot sees only ``view`` (one seat's observation), as in play.
    """
    action = bot.act(view)
    searcher = bot.player(view.game) if hasattr(bot, "player") else bot
    summary = getattr(searcher, "last_search", None)
    return {"action": view.action_to_text(action),
            "reason": reason(summary, action, view.action_to_text)}
