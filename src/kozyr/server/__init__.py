"""The online card room: an authoritative server for Thousand, Debertz and Tertz tables.

Layers, boardgame.io-like: ``app`` (Starlette routes, static files, the websocket), ``protocol``
(message schemas and validation), ``master`` (the TableMaster, one authority per table),
``lobby`` (salons, tables, counts), ``storage`` (SQLAlchemy models and the async Storage, with
Alembic ``migrations``), ``auth``, ``ratings``, ``pubsub``, ``botpool`` and ``clock``.
The protocol is documented in docs/protocol.md.
"""
