"""Players, plays and seats.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        sa.UniqueConstraint("name", name="uq_players_name"),
    )
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("location", sa.String(200), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_plays"),
    )
    op.create_index("ix_plays_game_finished", "plays", ["game_id", "finished_at"])
    op.create_index("ix_plays_started_at", "plays", ["started_at"])
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("play_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("bot_name", sa.String(200), nullable=False),
        sa.Column("bot_kind", sa.String(64), nullable=False),
        sa.Column("faction", sa.String(64), nullable=False),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("breakdown", sa.JSON(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=True),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.Column("start_player", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_seats"),
        sa.ForeignKeyConstraint(["play_id"], ["plays.id"], ondelete="CASCADE",
                                name="fk_seats_play_id_plays"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], ondelete="RESTRICT",
                                name="fk_seats_player_id_players"),
    )
    op.create_index("ix_seats_play", "seats", ["play_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_play", table_name="seats")
    op.drop_table("seats")
    op.drop_index("ix_plays_started_at", table_name="plays")
    op.drop_index("ix_plays_game_finished", table_name="plays")
    op.drop_table("plays")
    op.drop_table("players")
