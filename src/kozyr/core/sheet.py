"""One row of a score sheet, as ``kozyr replay --json`` prints it (spec/records.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

_set = object.__setattr__


@dataclass(frozen=True, init=False)
class DealRow:
    """A finished deal: who dealt and declared, and every seat's points, change, total and marks.

    ``extra`` holds game-specific keys printed beside the common ones (Debertz: ``trump``).
    A frozen dataclass (fields, equality, hash and repr as the decorator makes them) whose
    constructor fills the instance in one step instead of one frozen ``__setattr__`` per field:
    every engine builds one per deal.

    >>> row = DealRow(0, 1, 105, 120, (40, 90, 0), (40, 120, 0), (40, 120, 0), ((), (), ()))
    >>> row.extra, row == DealRow(0, 1, 105, 120, (40, 90, 0), (40, 120, 0), (40, 120, 0),
    ...                           ((), (), ()), {})
    ({}, True)
    """

    dealer: int
    declarer: int | None
    bid: int | None
    contract: int | None
    points: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    marks: tuple[tuple[str, ...], ...]
    extra: dict[str, Any] = field(default_factory=dict)

    def __init__(self, dealer: int, declarer: int | None, bid: int | None,
                 contract: int | None, points: tuple[int, ...], scores: tuple[int, ...],
                 totals: tuple[int, ...], marks: tuple[tuple[str, ...], ...],
                 extra: dict[str, Any] | None = None) -> None:
        """Set the fields (``extra`` defaults to a new empty dict)."""
        _set(self, "__dict__", {
            "dealer": dealer, "declarer": declarer, "bid": bid, "contract": contract,
            "points": points, "scores": scores, "totals": totals, "marks": marks,
            "extra": {} if extra is None else extra})

    def shared_json(self) -> dict[str, Any]:
        """Return the row's JSON (:meth:`to_json`), made once and shared by every later call.

        Observations carry the whole sheet at every step; its rows never change once written,
        so each is turned into JSON once (a long match's sheet was most of the cost of an
        observation).  The caller must not change what it gets.

        >>> row = DealRow(0, None, None, None, (0, 0), (0, 0), (0, 0), ((), ()))
        >>> row.shared_json() is row.shared_json(), row.shared_json() == row.to_json()
        (True, True)
        """
        out: dict[str, Any] | None = self.__dict__.get("_json")
        if out is None:
            out = self.__dict__["_json"] = self.to_json()
        return out

    def to_json(self) -> dict[str, Any]:
        """Return the row in the JSON shape of spec/records.md."""
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "declarer": self.declarer,
            "bid": self.bid,
            "contract": self.contract,
        }
        out.update(self.extra)
        out.update(
            points=list(self.points),
            scores=list(self.scores),
            totals=list(self.totals),
            marks=[list(m) for m in self.marks],
        )
        return out


def sheet_json(rows: Sequence[DealRow]) -> list[dict[str, Any]]:
    """Return a sheet's rows as observations carry them: a new list of the rows' shared JSON
    (:meth:`DealRow.shared_json`; read-only)."""
    return [row.shared_json() for row in rows]
