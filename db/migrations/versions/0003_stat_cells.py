"""Per player, game and month statistics cells, filled from the plays already stored.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "stat_cells",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("period", sa.String(7), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("score_sum", sa.Float(), nullable=False),
        sa.Column("scored", sa.Integer(), nullable=False),
        sa.Column("best", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("player_id", "game_id", "period", name="pk_stat_cells"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], ondelete="CASCADE",
                                name="fk_stat_cells_player_id_players"),
    )
    bind = op.get_bind()
    month = ("strftime('%Y-%m', p.finished_at)" if bind.dialect.name == "sqlite"
             else "to_char(p.finished_at, 'YYYY-MM')")
    op.execute(
        "INSERT INTO stat_cells (player_id, game_id, period, plays, wins, score_sum, scored, best) "
        f"SELECT s.player_id, p.game_id, {month}, count(*), "
        "sum(CASE WHEN s.winner THEN 1 ELSE 0 END), coalesce(sum(s.score), 0), count(s.score), "
        "max(s.score) FROM seats s JOIN plays p ON s.play_id = p.id "
        f"WHERE p.finished_at IS NOT NULL AND s.player_id IS NOT NULL "
        f"GROUP BY s.player_id, p.game_id, {month}"
    )


def downgrade() -> None:
    op.drop_table("stat_cells")
