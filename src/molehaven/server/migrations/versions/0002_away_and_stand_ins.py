"""Away seats: each table's away time, and a flag for a person's seat a bot plays meanwhile.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("away_seconds", sa.Float, nullable=False, server_default="180"))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(
            sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("stand_in")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("away_seconds")
