"""Tournaments, their players and their rounds' tables (issue 16); a table's deal limit and
tournament, a match's forfeits.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tournament tables; add tables.deals, tables.tournament, games.forfeits."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("deals", sa.Integer, nullable=True),
        sa.Column("clock", sa.Float, nullable=True),
        sa.Column("bank", sa.Float, nullable=True),
        sa.Column("increment", sa.Float, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("invite", sa.String(64), nullable=True),
        sa.Column("capacity", sa.Integer, nullable=False),
        sa.Column("start_at", sa.Float, nullable=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
        sa.Column("winner_id", sa.Integer, nullable=True),
        sa.Column("winner", sa.String(40), nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_index("ix_tournaments_winner_id", "tournaments", ["winner_id"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"),
                  primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("registered", sa.Float, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("points", sa.Float, nullable=False),
        sa.Column("game_points", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("place", sa.Integer, nullable=True),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"),
                  primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("opened", sa.Boolean, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
    )
    op.create_index("ix_tournament_tables_table_id", "tournament_tables", ["table_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("deals", sa.Integer, nullable=True))
        batch.add_column(sa.Column("tournament", sa.String(16), nullable=True))
        batch.create_index("ix_tables_tournament", ["tournament"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("forfeits", sa.JSON, nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("forfeits")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_tournament")
        batch.drop_column("tournament")
        batch.drop_column("deals")
    op.drop_table("tournament_tables")
    op.drop_table("tournament_players")
    op.drop_table("tournaments")
