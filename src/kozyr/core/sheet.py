"""One row of a score sheet, as ``kozyr replay --json`` prints it (spec/records.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DealRow:
    """A finished deal: who dealt and declared, and every seat's points, change, total and marks.

    ``extra`` holds game-specific keys printed beside the common ones (Debertz: ``trump``).
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
