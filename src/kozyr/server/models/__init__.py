"""The card room's tables as SQLAlchemy 2 models (the schema Alembic's migrations build).

One module per feature, all on :class:`Base`; each is imported here, so ``Base.metadata``
(Alembic's ``env.py``, the schema test) holds every table.
"""

from kozyr.server.models.base import Base
from kozyr.server.models.core import (
    ActionRow,
    ChatRow,
    GamePlayerRow,
    GameRow,
    RatingHistoryRow,
    RatingRow,
    SessionRow,
    TableRow,
    UserRow,
)
from kozyr.server.models.people import BlockRow, FriendRow, ReportRow
from kozyr.server.models.tournaments import (
    TournamentPlayerRow,
    TournamentRow,
    TournamentTableRow,
)

__all__ = ["ActionRow", "Base", "BlockRow", "ChatRow", "FriendRow", "GamePlayerRow",
           "GameRow", "RatingHistoryRow", "RatingRow", "ReportRow", "SessionRow", "TableRow",
           "TournamentPlayerRow", "TournamentRow", "TournamentTableRow", "UserRow"]
