"""What a table needs of the room it lives in, and nothing more (boardgame.io's Master).

A :class:`~kozyr.server.table.TableMaster` is given a :class:`TableHost` — the lobby in the
server, anything of the same shape in a test — and reaches storage, the bot pool, the
settings and the lobby's feed only through it.  So the table modules import no lobby, and the
lobby is free to import them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kozyr.core.match import Match
from kozyr.server.settings import Settings


class TableStore(Protocol):
    """The storage a table writes its row, its matches, their steps, ratings and chat to."""

    async def save_table(self, values: dict[str, Any]) -> None:
        """Insert or update the table's row."""
        ...

    async def create_game(self, values: dict[str, Any],
                          players: list[tuple[int, int | None, str]]) -> int:
        """Insert a match and its seating; return its internal id."""
        ...

    async def game(self, game_id: int) -> Any:
        """Return a match's row, or None."""
        ...

    async def set_seat_player(self, game_id: int, seat: int, user_id: int | None, name: str,
                              abandoned: bool = False) -> None:
        """Record a change of who plays a seat."""
        ...

    async def append_step(self, game_id: int, n: int, kind: str, data: str) -> None:
        """Store step ``n`` of a match (a deal or an action); return once it is committed."""
        ...

    async def steps(self, game_id: int) -> list[tuple[str, str]]:
        """Return a match's stored steps, in order: (kind, data)."""
        ...

    async def finish_game(self, game_id: int, values: dict[str, Any],
                          abandoned: Sequence[int] = ()) -> None:
        """Store a finished match's results; the players of the ``abandoned`` seats left it
        and did not come back."""
        ...

    async def ratings_of(self, user_ids: list[int], game: str, preset: str
                         ) -> dict[int, tuple[float, float, int]]:
        """Return (mu, sigma, played) of each rated user among ``user_ids``."""
        ...

    async def save_ratings(self, game: str, preset: str,
                           values: dict[int, tuple[float, float, int]],
                           game_id: int | None = None) -> None:
        """Insert or update ratings; after match ``game_id`` also their history."""
        ...

    async def add_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """Store a chat line of a table."""
        ...

    async def chat_lines(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """Return a table's last ``limit`` chat lines, oldest first."""
        ...


class BotChooser(Protocol):
    """Where a table's bots think (the bot pool's worker processes)."""

    async def choose(self, match: Match, seat: int, name: str, seed: int) -> str:
        """Return the action (as record text) the bot ``name`` (a level) plays for ``seat``."""
        ...


class TableHost(Protocol):
    """The room a table lives in: its settings, storage and bots; the lobby's feed."""

    @property
    def settings(self) -> Settings:
        """Return the room's settings (bot pacing, grace period, bot levels)."""
        ...

    @property
    def storage(self) -> TableStore:
        """Return the room's storage."""
        ...

    @property
    def pool(self) -> BotChooser:
        """Return the room's bots."""
        ...

    def tables_changed(self, table: Any) -> None:
        """Note that the lobby line of ``table`` (the TableMaster calling) changed."""
        ...

    def counts_changed(self) -> None:
        """Note that the numbers of users online or playing may have changed."""
        ...

    def remove(self, table: Any) -> None:
        """Forget ``table`` (the TableMaster calling), closed for good."""
        ...
