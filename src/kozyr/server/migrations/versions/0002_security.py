"""Sessions that expire, and finished games behind random public ids.

- ``sessions.last_used``: the time a session was last used; a session unused for
  ``settings.session_ttl`` seconds is refused and deleted (existing rows start at ``created``).
- ``games.public_id``: a random, unique id (``secrets.token_urlsafe(12)``) used in every URL
  and message instead of the sequential integer key, which stays internal; existing games
  get one each.
- ``games.private``: the game was played at a private table (existing games take their
  table's flag), so it is left out of the profile history other people see.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_sessions = sa.table("sessions", sa.column("token", sa.String), sa.column("created", sa.Float),
                     sa.column("last_used", sa.Float))
_games = sa.table("games", sa.column("id", sa.Integer), sa.column("table_id", sa.String),
                  sa.column("public_id", sa.String), sa.column("private", sa.Boolean))
_tables = sa.table("tables", sa.column("id", sa.String), sa.column("private", sa.Boolean))


def upgrade() -> None:
    """Add the columns, fill them in for existing rows, then make them required."""
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("last_used", sa.Float, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("public_id", sa.String(24), nullable=True))
        batch.add_column(sa.Column("private", sa.Boolean, nullable=False,
                                   server_default=sa.false()))

    bind = op.get_bind()
    bind.execute(_sessions.update().values(last_used=_sessions.c.created))
    private_tables = {tid for tid, private in bind.execute(
        sa.select(_tables.c.id, _tables.c.private)) if private}
    taken: set[str] = set()
    for gid, table_id in list(bind.execute(sa.select(_games.c.id, _games.c.table_id))):
        public_id = secrets.token_urlsafe(12)
        while public_id in taken:
            public_id = secrets.token_urlsafe(12)
        taken.add(public_id)
        bind.execute(_games.update().where(_games.c.id == gid).values(
            public_id=public_id, private=table_id in private_tables))

    with op.batch_alter_table("sessions") as batch:
        batch.alter_column("last_used", existing_type=sa.Float, nullable=False)
    with op.batch_alter_table("games") as batch:
        batch.alter_column("public_id", existing_type=sa.String(24), nullable=False)
    op.create_index("ix_games_public_id", "games", ["public_id"], unique=True)
    op.create_index("ix_sessions_last_used", "sessions", ["last_used"])


def downgrade() -> None:
    """Drop the columns again."""
    op.drop_index("ix_sessions_last_used", "sessions")
    op.drop_index("ix_games_public_id", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("private")
        batch.drop_column("public_id")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("last_used")
