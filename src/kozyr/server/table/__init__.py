"""A table of the card room: its master (the match and its storage), roster and views.

- :mod:`~kozyr.server.table.master`: :class:`TableMaster`, the one authority over a table's
  match: intents, deals, bots' moves and the move clock, what is stored, restarts.
- :mod:`~kozyr.server.table.roster`: seats, spectators, the grace period, bots put in.
- :mod:`~kozyr.server.table.views`: what each connection is sent.
- :mod:`~kozyr.server.table.host`: :class:`TableHost`, all a table needs of the room (the
  lobby implements it; no table module imports the lobby).
"""

from kozyr.server.table.host import BotChooser, TableHost, TableStore
from kozyr.server.table.master import TableMaster, settlement
from kozyr.server.table.seat import Seat

__all__ = ["BotChooser", "Seat", "TableHost", "TableMaster", "TableStore", "settlement"]
