"""Create the card room's tables: users, sessions, tables, games, seating, actions, ratings.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("finished", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Integer, nullable=False),
    )
    op.create_index("ix_users_name", "users", ["name"], unique=True)
    op.create_table(
        "sessions",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("invite", sa.String(64), nullable=True),
        sa.Column("clock", sa.Float, nullable=True),
        sa.Column("bot_delay", sa.Float, nullable=True),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("game_id", sa.Integer, nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=True),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("finished", sa.Float, nullable=True),
        sa.Column("totals", sa.JSON, nullable=True),
        sa.Column("winner", sa.JSON, nullable=True),
        sa.Column("sheet", sa.JSON, nullable=True),
        sa.Column("settlement", sa.JSON, nullable=True),
        sa.Column("record", sa.JSON, nullable=True),
    )
    op.create_index("ix_games_table_id", "games", ["table_id"])
    op.create_index("ix_games_status", "games", ["status"])
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
    )
    op.create_index("ix_game_players_user_id", "game_players", ["user_id"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("preset", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("played", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop every table."""
    for name in ("ratings", "actions", "game_players", "games", "tables", "sessions", "users"):
        op.drop_table(name)
