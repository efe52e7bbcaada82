"""Rematches: a finished table names the table its players went on to (``rematch``).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rematch", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("rematch")
