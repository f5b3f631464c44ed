"""``rating_history``: a user's rating after each rated match, for the profile's chart.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create rating_history (empty: matches rated before it have no history)."""
    op.create_table(
        "rating_history",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop rating_history."""
    op.drop_table("rating_history")
