"""Resigned seats: a bot's seat whose person resigned is marked (``resigned``), so that a
rematch leaves it free for them instead of giving it to the bot for good.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(
            sa.Column("resigned", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("resigned")
