"""The online card room: an authoritative server for the tables of every registered game.

Layers, boardgame.io-like, each importing only those below it: ``app`` (builds the
application) over ``http`` (the JSON API and static files) and ``ws`` (the websocket and its
handler per message type); ``lobby`` (salons, tables, counts; each table's host) over
``table`` (the TableMaster, one authority per table, which sees the room only through its
``TableHost`` interface); ``conn`` (one websocket's queue), ``protocol`` (message schemas and
validation), ``storage`` (SQLAlchemy models and the async Storage, with Alembic
``migrations``), ``auth``, ``security``, ``ratings``, ``pubsub``, ``botpool`` and ``clock``.
The games, their salons and settlements come from :mod:`kozyr.games.registry`: adding a game
needs no edit here.  The protocol is documented in docs/protocol.md.
"""
