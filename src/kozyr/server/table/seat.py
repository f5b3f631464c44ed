"""A seat at a table: who holds it (nobody, a human, a bot) and its live connection state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kozyr.server.clock import Timer
from kozyr.server.conn import Conn


@dataclass
class Seat:
    """A seat: empty, a human (user id and name) or a bot (level); live connection state."""

    kind: str = "empty"
    name: str | None = None
    user_id: int | None = None
    level: str | None = None
    #: a bot put in for a human who left a running match (the seat empties at a rematch)
    replaced: bool = False
    #: a bot plays for the human (absent past the grace period, or the move clock ran out)
    auto: bool = False
    #: the human left the running match: a bot plays on (``auto``) and the seat stays his
    #: until the match ends; if he has not come back by then, he abandoned it
    left: bool = False
    #: a bot that Play now's wait put in (a person may take it over between deals)
    quick: bool = False
    #: the human has played an action of the running match himself (not his bot): one who
    #: never did (or left and did not come back) scores nothing in a tournament
    played: bool = False
    conns: set[Conn] = field(default_factory=set)
    grace: Timer = field(default_factory=Timer)

    def to_json(self, i: int) -> dict[str, Any]:
        """Return the protocol's ``Seat`` shape."""
        return {"seat": i, "kind": self.kind, "name": self.name, "level": self.level,
                "connected": self.kind != "human" or bool(self.conns), "auto": self.auto,
                "left": self.left}

    def stored(self) -> dict[str, Any]:
        """Return what the database keeps of the seat."""
        return {"kind": self.kind, "name": self.name, "user_id": self.user_id,
                "level": self.level, "replaced": self.replaced, "left": self.left,
                "quick": self.quick, "played": self.played}
