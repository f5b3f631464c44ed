"""Alembic environment of the card room: upgrades the connection kozyr hands over.

``Storage.open`` runs ``alembic upgrade head`` on its own async engine's connection (passed in
``config.attributes["connection"]``); run from the command line, a sync SQLite URL is used.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from kozyr.server.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    """Emit the migrations as SQL."""
    context.configure(url=config.get_main_option("sqlalchemy.url"),
                      target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on the given connection, or on a fresh sync engine."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = (config.get_main_option("sqlalchemy.url") or "").replace("+aiosqlite", "")
    engine = create_engine(url)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
