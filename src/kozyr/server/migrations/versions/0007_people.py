"""friends, blocks and reports (issue 16).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables friends, blocks and reports."""
    op.create_table(
        "friends",
        sa.Column("low_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("high_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("requester_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("addressee_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("accepted", sa.Float, nullable=True),
    )
    op.create_index("ix_friends_requester_id", "friends", ["requester_id"])
    op.create_index("ix_friends_addressee_id", "friends", ["addressee_id"])
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("blocked_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("reported_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("table_id", sa.String(16), nullable=True),
        sa.Column("game_id", sa.String(24), nullable=True),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
    )
    op.create_index("ix_reports_reporter_id", "reports", ["reporter_id"])
    op.create_index("ix_reports_reported_id", "reports", ["reported_id"])
    op.create_index("ix_reports_status", "reports", ["status"])


def downgrade() -> None:
    """Drop the tables."""
    op.drop_table("reports")
    op.drop_table("blocks")
    op.drop_table("friends")
