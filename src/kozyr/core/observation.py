"""The typed shape of an observation: the keys every game shares, with one name and meaning.

:meth:`kozyr.core.match.Match.observation` returns a JSON-ready dict; :class:`BaseObservation`
names the keys that Thousand, Debertz and Tertz all give, with the same meaning and the same
JSON type in each.  Each game's own ``TypedDict`` (``ThousandObservation``,
``DebertzObservation``, ``TertzObservation``) extends it with its extras.  These are types
only: a game's observation is still a plain dict, and nothing here changes a key or a value.

Cards are record notation (``"KH"``), hands space-separated cards (``"AS TS KS"``); a seat is
its number from 0.  Keys that exist in several games but differ in shape stay in the games'
own types: ``winner`` (a seat, or a team's two seats in Debertz), ``stock_size``, ``turned``,
``declarer``.  A trick is always its cards with their seats, ``[seat, card]`` in play order
(``trick``, and ``last_trick``'s ``cards``), in every game.

>>> sorted(BaseObservation.__required_keys__)[:5]
['deal_index', 'dealer', 'game', 'hand', 'hand_sizes']
"""

from __future__ import annotations

from typing import Any, TypedDict

#: One entry of ``history``: ``[seat, action text]``, e.g. ``[1, "play KH"]``.
HistoryEntry = list[int | str]
#: A card with the seat that played it: ``[seat, card]``, e.g. ``[2, "AS"]``.
SeatCard = list[int | str]


class LastTrick(TypedDict):
    """The last trick taken: its cards as ``[seat, card]`` in play order, and who took it."""

    cards: list[SeatCard]
    winner: int


class BaseObservation(TypedDict):
    """What every game's observation holds, named and meant alike in every game."""

    #: The game's name (``thousand``, ``debertz``, ``tertz``).
    game: str
    #: The rule set as a record writes it: the preset's name, or the preset plus overrides.
    rules: str | dict[str, Any]
    #: The number of seats.
    players: int
    #: The seat this observation is for; None for a spectator.
    seat: int | None
    #: The index of the current (or next) deal in the record, from 0.
    deal_index: int
    #: The dealer of the current (or next) deal.
    dealer: int
    #: The phase of the open deal (``bidding``, ``play``, ...), ``deal`` between deals, ``over``.
    phase: str
    #: The seat to act, or None between deals and when the match is over.
    to_act: int | None
    #: The legal actions in record notation when ``seat`` is to act, else empty.
    legal: list[str]
    #: The seat's own hand, or None (a spectator, no cards yet, or a hand it may not see).
    hand: str | None
    #: How many cards each seat holds now.
    hand_sizes: list[int]
    #: The open deal's actions as ``[seat, text]``, hidden cards redacted for this seat.
    history: list[HistoryEntry]
    #: The trump suit's letter (``S C D H``), or None while there is none.
    trump: str | None
    #: The seat that led (or leads) the current trick, or None outside the play.
    leader: int | None
    #: The current trick: ``[seat, card]`` in play order (empty before its first card).
    trick: list[SeatCard]
    #: The last trick taken, or None.
    last_trick: LastTrick | None
    #: How many tricks each seat has taken in the open (or last) deal.
    tricks_won: list[int]
    #: Each seat's running total (Debertz partners share their team's).
    totals: list[int]
    #: The score sheet: one row per finished deal, as :meth:`kozyr.core.sheet.DealRow.to_json`.
    sheet: list[dict[str, Any]]
    #: True when the match has a winner.
    is_over: bool
