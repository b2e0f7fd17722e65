"""How long a play took: `plays.duration_s`, seconds of play from the play timer or typed in
(NULL: nobody timed it; the exports then fall back to start and end times).

Games the app does not know need no schema change: they are stored under the game id
"other:" + their name (companion/other_games.py), which fits the 64-character game id column.

Plain ALTER TABLE on both databases: SQLite's batch mode would copy `plays`, and dropping the
old table there cascades to the seats.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("plays", sa.Column("duration_s", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE plays DROP COLUMN duration_s")  # SQLite 3.35+ and PostgreSQL
