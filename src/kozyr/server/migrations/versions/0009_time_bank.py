"""Time controls: a table's time bank per player, its increment per move, the banks left.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add tables.bank, tables.increment (0 for every table made before) and tables.banks."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("bank", sa.Float, nullable=True))
        batch.add_column(sa.Column("increment", sa.Float, nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("banks", sa.JSON, nullable=True))


def downgrade() -> None:
    """Drop tables.bank, tables.increment and tables.banks."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("banks")
        batch.drop_column("increment")
        batch.drop_column("bank")
