"""Settings table; a covering index for the statistics page.

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
    op.create_table(
        "settings",
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_settings"),
    )
    op.create_index("ix_seats_player_stats", "seats",
                    ["player_id", "play_id", "winner", "score"])


def downgrade() -> None:
    op.drop_index("ix_seats_player_stats", table_name="seats")
    op.drop_table("settings")
