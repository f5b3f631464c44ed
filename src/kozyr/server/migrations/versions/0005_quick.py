"""A table's ``quick`` flag: a quick-play table (Play now), whose empty seats bots fill.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add tables.quick (false for every table made before)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("quick", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    """Drop tables.quick."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("quick")
