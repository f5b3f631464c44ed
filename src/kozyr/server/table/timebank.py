"""Time controls: each player's time bank for the match, and the increment per move.

A table with a ``bank`` (TableSpec, docs/protocol.md §3 and §4.5) gives every seat that many
seconds of thinking time for the whole match.  A seat's bank runs only while it is that
human's own turn (not while a bot plays for him, not while the table waits, not between two
steps of the server); after each move he makes himself, ``increment`` seconds are added.

A seat whose bank runs out is *flagged*: a bot plays for him (``auto``) for the rest of the
deal, and from the next deal on he plays himself again, with what increments give him: at the
start of each of his turns a flagged seat's bank is raised to ``max(increment, MIN_MOVE)``
seconds if it holds less.  :attr:`TimeBank.flagged` keeps the seats that ran out in the
current match (a tournament scores it as a time forfeit; the ``over`` message names them).

With a move clock too (``clock``) a move ends at whichever runs out first: the move clock
hands the seat to a bot until the player sends ``back``, an empty bank only for the deal.
"""

from __future__ import annotations

import time
from typing import Any

from kozyr.server.protocol import ProtocolError

#: the bounds of a TableSpec's ``bank`` (seconds per player per match)
BANK_MIN, BANK_MAX = 60.0, 3600.0
#: the bounds of a TableSpec's ``increment`` (seconds added after each move)
INCREMENT_MAX = 60.0
#: the least time a flagged seat gets for a move (or ``increment``, if that is more)
MIN_MOVE = 5.0


def parse_time(spec: dict[str, Any]) -> tuple[float | None, float]:
    """Return a TableSpec's ``(bank, increment)``: seconds of thinking time per player per
    match (None: no bank) and seconds added after each move (0 by default)."""
    bank, inc = spec.get("bank"), spec.get("increment", 0)
    if bank is not None and (isinstance(bank, bool) or not isinstance(bank, int | float)
                             or not BANK_MIN <= bank <= BANK_MAX):
        raise ProtocolError("bad_message", f"bank must be null or a number of seconds from "
                            f"{BANK_MIN:g} to {BANK_MAX:g}")
    if inc is None:
        inc = 0
    if isinstance(inc, bool) or not isinstance(inc, int | float) \
            or not 0 <= inc <= INCREMENT_MAX:
        raise ProtocolError("bad_message", f"increment must be a number of seconds from 0 "
                            f"to {INCREMENT_MAX:g}")
    if inc and bank is None:
        raise ProtocolError("bad_message", "an increment needs a bank")
    return (None if bank is None else float(bank)), float(inc)


class TimeBank:
    """The banks of a table's seats (seconds left) and the one running, if any."""

    def __init__(self, bank: float | None, increment: float, players: int) -> None:
        self.bank = bank
        self.increment = increment
        self.left: list[float] = [bank or 0.0] * players
        #: the seat whose bank runs now, and since when (``time.monotonic``)
        self.running: int | None = None
        self._since = 0.0
        #: the running move ends when the bank is empty (not at the move clock)
        self._by_bank = False
        #: the step of the turn a flagged seat's bank was last raised for (once a turn)
        self._raised: int | None = None
        #: seats that ran out of time in the current match
        self.flagged: set[int] = set()
        #: seats that ran out in the current deal: a bot plays for them until the next deal
        self.out: set[int] = set()

    @property
    def on(self) -> bool:
        """Return True if the table has time banks."""
        return self.bank is not None

    def reset(self) -> None:
        """Fill every bank for a new match."""
        self.stop()
        self.left = [self.bank or 0.0] * len(self.left)
        self.flagged.clear()
        self.out.clear()

    def stop(self) -> None:
        """Stop the running bank, taking the time it ran from it."""
        if self.running is not None:
            seat, self.running = self.running, None
            self.left[seat] = max(0.0, self.left[seat] - (time.monotonic() - self._since))

    def start(self, seat: int, clock: float | None, step: int = -1) -> float:
        """Start ``seat``'s bank at state ``step`` (with the move ``clock``, if any); return
        the seconds until his move ends: at once for a seat out of time in this deal.  (Started
        again for the same step, as when someone rejoins, it goes on where it stopped.)"""
        self.stop()
        if not self.on:
            assert clock is not None
            return clock
        if seat in self.out:
            return 0.0
        if seat in self.flagged and step != self._raised:  # once per turn
            self.left[seat] = max(self.left[seat], self.increment, MIN_MOVE)
            self._raised = step
        self.running, self._since = seat, time.monotonic()
        limit = self.left[seat]
        self._by_bank = clock is None or limit <= clock
        return limit if self._by_bank else float(clock)  # type: ignore[arg-type]

    def moved(self, seat: int) -> None:
        """``seat`` made his move himself: stop his bank and add the increment."""
        if self.running == seat:
            self.stop()
            self.left[seat] += self.increment

    def timed_out(self, seat: int) -> bool:
        """``seat``'s move ended unplayed; return True if his bank ran out (flag him for the
        rest of the deal), False if the move clock did."""
        by_bank = self.on and (seat in self.out or (self.running == seat and self._by_bank))
        self.stop()
        if by_bank:
            self.left[seat] = 0.0
            self.flagged.add(seat)
            self.out.add(seat)
        return by_bank

    def dealt(self, seats: list[Any]) -> list[int]:
        """A new deal starts: the seats out of time play themselves again (those present,
        whose ``auto`` this clears); return those seats."""
        back = []
        for i in sorted(self.out):
            s = seats[i]
            if s.kind == "human" and s.conns and not s.left:
                s.auto = False
                back.append(i)
        self.out.clear()
        return back

    def shown(self) -> dict[str, Any] | None:
        """Return the ``banks`` of a state or snapshot: each seat's seconds left as of now,
        and the seat whose bank runs (None: none); None without banks."""
        if not self.on:
            return None
        left = list(self.left)
        if self.running is not None:
            left[self.running] = max(0.0, left[self.running] - (time.monotonic() - self._since))
        return {"left": [round(x, 2) for x in left], "running": self.running,
                "flagged": sorted(self.flagged)}

    def stored(self) -> dict[str, Any] | None:
        """Return what the table's row keeps (``tables.banks``), or None without banks."""
        shown = self.shown()
        return None if shown is None else {"left": shown["left"], "flagged": shown["flagged"],
                                           "out": sorted(self.out)}

    def load(self, data: Any) -> None:
        """Take the banks back from a stored row (after a restart)."""
        if not self.on or not isinstance(data, dict):
            return
        left = data.get("left")
        if isinstance(left, list) and len(left) == len(self.left):
            self.left = [max(0.0, float(x)) for x in left]
        self.flagged = {int(i) for i in data.get("flagged", [])}
        self.out = {int(i) for i in data.get("out", [])}
