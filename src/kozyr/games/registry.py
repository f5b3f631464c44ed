"""The game registry: each game declares itself once, as a :class:`GameSpec`.

A game is a package ``kozyr.games.<name>`` with a module ``spec`` that defines ``SPEC``, a
:class:`GameSpec`.  Everything that lists games derives from :func:`specs`: the lobby's salons
and its settlement, the bot registry (each game's heuristic and search player), the CLI, the
record reader, replay, the terminal and the web client's renderers.  Adding a game is adding
its package; nothing else is edited.

The references to code above the games' layer (bots, renderers) are ``"module:name"`` strings,
resolved only when used (:meth:`GameSpec.load`), so the games never import the bots.

>>> [s.name for s in specs()]
['thousand', 'debertz', 'tertz', 'piquet', 'bezique']
>>> spec("tertz").card_keys
('hands', 'stock')
>>> spec("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kozyr.core.errors.RulesError: unknown game 'chess' (known: thousand, ...)
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from kozyr.core.errors import RulesError

if TYPE_CHECKING:
    from kozyr.core.match import Match
    from kozyr.core.rules import RuleSet


@dataclass(frozen=True)
class GameSpec:
    """What kozyr knows of one game."""

    #: The game's name in records and URLs (``thousand``).
    name: str
    #: Its title for people (``Thousand``).
    title: str
    #: ``"module:Class"`` of its :class:`kozyr.core.match.Match`.
    match: str
    #: The record keys of one deal's cards besides ``actions`` (spec/records.md).
    card_keys: tuple[str, ...]
    #: The lobby's salons of the game, in order: ``(preset, title)``.
    salons: tuple[tuple[str, str], ...]
    #: ``"module:function"``: the finished match -> what each seat wins or pays, or None.
    settlement: str | None = None
    #: ``"module:function"``: the public observation at a deal's end and the rules -> the game's
    #: own keys of the deal summary (:func:`deal_summary_of`), e.g. whether the contract was made.
    deal_summary: str | None = None
    #: ``"module:function"``: the acting seat's observation, the rules and its legal action
    #: texts -> what its choices mean, by the action's first word (:func:`choice_notes`).
    choice_notes: str | None = None
    #: ``"module:function"``: (match, seat) -> the card points of the tricks the seat's side
    #: has taken in the open deal (public), for the table option ``card_points``.
    trick_points: str | None = None
    #: ``"module:Class"`` of the game's heuristic (``kozyr.bots.heuristic``).
    heuristic: str = ""
    #: ``"module:Class"`` of the game's search player (the ``hard`` bot), if not the shared one.
    pimc: str = ""
    #: ``"module:function"`` drawing the game's own status lines in the terminal.
    terminal: str = ""
    #: The web client's renderer of the game (``web/js/table/<web>.js``).
    web: str = ""
    #: Place in lists (lobby, CLI help): lower first.
    order: int = 100

    def load(self, ref: str) -> Any:
        """Return the object a ``"module:name"`` reference of this spec names."""
        module, _, name = ref.partition(":")
        if not module or not name:
            raise RulesError(f"{self.name}: bad reference {ref!r} (want 'module:name')")
        return getattr(importlib.import_module(module), name)

    def match_class(self) -> type[Match]:
        """Return the game's Match class."""
        cls: type[Match] = self.load(self.match)
        return cls

    def rules_class(self) -> type[RuleSet]:
        """Return the game's RuleSet class."""
        return self.match_class().RULES


@cache
def specs() -> tuple[GameSpec, ...]:
    """Return every registered game, in order (each ``kozyr.games.<g>.spec.SPEC``)."""
    import kozyr.games as package

    found: list[GameSpec] = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{package.__name__}.{info.name}.spec")
        except ModuleNotFoundError as e:
            if e.name == f"{package.__name__}.{info.name}.spec":
                continue  # a package that is no game
            raise
        spec_ = getattr(module, "SPEC", None)
        if not isinstance(spec_, GameSpec):
            raise RulesError(f"kozyr.games.{info.name}.spec defines no SPEC (a GameSpec)")
        if spec_.name != info.name:
            raise RulesError(f"kozyr.games.{info.name}: its SPEC is named {spec_.name!r}")
        found.append(spec_)
    return tuple(sorted(found, key=lambda s: (s.order, s.name)))


def names() -> tuple[str, ...]:
    """Return the registered games' names, in order."""
    return tuple(s.name for s in specs())


def spec(name: str) -> GameSpec:
    """Return the spec of game ``name``; raise RulesError for an unknown game."""
    for s in specs():
        if s.name == name:
            return s
    raise RulesError(f"unknown game {name!r} (known: {', '.join(names())})")


def settlement_of(match: Match) -> list[int] | None:
    """Return what each seat wins (+) or pays (-) at the end of ``match``, or None.

    The game's settlement hook (``GameSpec.settlement``) says; a game without one, or a match
    not yet complete, settles nothing (None).
    """
    game = spec(match.GAME)
    if game.settlement is None or not match.is_over:
        return None
    pay: list[int] | None = game.load(game.settlement)(match)
    return pay


__all__ = ["GameSpec", "names", "settlement_of", "spec", "specs"]


def deal_summary_of(match: Match) -> dict[str, Any] | None:
    """Return the summary of the deal that has just ended, or None while a deal is open.

    Every figure is the engine's: the deal's score-sheet row (declarer, bid, contract, each
    seat's points, score change, new total and marks), and what the game's hook
    (``GameSpec.deal_summary``) reads from the *public* observation (``observation(None)``),
    so the summary shows nothing a spectator could not see.

    >>> from kozyr.games import new_match
    >>> m = new_match("tertz", None, seed=1)
    >>> deal_summary_of(m) is None  # nothing finished yet
    True
    """
    if not (match.awaiting_deal or match.is_over) or not match.sheet:
        return None
    obs = match.observation(None)
    sheet = obs["sheet"]
    row = sheet[-1]
    out: dict[str, Any] = {
        "deal": len(sheet) - 1, "dealer": row["dealer"], "declarer": row["declarer"],
        "bid": row["bid"], "contract": row["contract"], "points": row["points"],
        "scores": row["scores"], "totals": row["totals"], "marks": row["marks"],
        "made": None, "margin": None, "declared": [], "over": bool(obs["is_over"])}
    game = spec(match.GAME)
    if game.deal_summary:
        out.update(game.load(game.deal_summary)(obs, match.rules))
    return out


#: The choices that give the deal up: the player is told first what they cost (choice_notes).
CONCEDES = ("writeoff", "strikeout")


def choice_notes(match: Match, seat: int, legal: list[str],
                 obs: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return what the choices of ``seat`` (to act, with the action texts ``legal``) mean.

    A write-off or strike-out is tried on a copy of the match: ``{"score", "total"}`` is the
    seat's own score change and new total from the sheet row it would write (the seat's own
    figures only: another seat's gain may depend on his hidden cards).  The game's hook
    (``GameSpec.choice_notes``) adds its own notes from the seat's observation, e.g. why a
    redeal may be asked for.  ``obs``: the seat's observation, if the caller has it already.

    >>> from kozyr.games import new_match
    >>> m = new_match("tertz", None, seed=1)
    >>> m.deal()
    >>> choice_notes(m, m.current_player(), m.legal_texts())
    {}
    """
    out: dict[str, Any] = {}
    for text in legal:
        word = text.split(" ", 1)[0]
        if word in CONCEDES and word not in out:
            trial = match.clone()
            trial.apply(text)
            row = trial.sheet[-1]
            out[word] = {"score": row.scores[seat], "total": row.totals[seat]}
    game = spec(match.GAME)
    if game.choice_notes:
        view = match.observation(seat) if obs is None else obs
        out.update(game.load(game.choice_notes)(view, match.rules, legal))
    return out


def trick_points_of(match: Match, seat: int) -> int | None:
    """Return the card points of the tricks ``seat``'s side has taken in the open deal, or None
    (no deal open, or a game without the hook: ``GameSpec.trick_points``).

    >>> from kozyr.games import new_match
    >>> m = new_match("thousand", "classic", seed=1)
    >>> m.deal()
    >>> trick_points_of(m, 0), trick_points_of(new_match("piquet", None, seed=1), 0)
    (0, None)
    """
    game = spec(match.GAME)
    if not game.trick_points or match.awaiting_deal or match.is_over:
        return None
    points: int | None = game.load(game.trick_points)(match, seat)
    return points
