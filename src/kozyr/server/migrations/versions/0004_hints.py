"""A table's ``hints`` option: a practice table that shows what ``hard`` would play (unrated).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add tables.hints (false for every table made before)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    """Drop tables.hints."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
