"""Imports written in steps (pending imports, the import a play or player came from); player
names normalised as the app now writes them (players whose names become equal are merged).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_CELL = ("plays", "wins", "score_sum", "scored")


def upgrade() -> None:
    op.create_table(
        "pending_imports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("touched_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_pending_imports"),
        sqlite_autoincrement=True,  # never reuse a number: plays keep it after publishing
    )
    # plain ALTER TABLE on both databases: SQLite's batch mode would copy the tables, and
    # dropping the old `plays` there cascades to the seats
    op.add_column("plays", sa.Column("import_id", sa.Integer(), nullable=True))
    op.create_index("ix_plays_import_id", "plays", ["import_id"])
    op.add_column("players", sa.Column("import_id", sa.Integer(), nullable=True))
    _normalise_names(op.get_bind())


def _normalise(name: str) -> str:
    """companion.playdata.normalize_name as of this revision."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def _normalise_names(bind: sa.Connection) -> None:
    groups: dict[str, list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    for player_id, name in bind.execute(sa.text("SELECT id, name FROM players ORDER BY id")):
        groups[_normalise(name)].append(player_id)
        names[player_id] = name
    for name, ids in groups.items():
        keep, *others = ids
        for other in others:
            _merge(bind, keep, other)
        if names[keep] != name:
            bind.execute(sa.text("UPDATE players SET name = :name WHERE id = :id"),
                         {"name": name, "id": keep})


def _merge(bind: sa.Connection, keep: int, other: int) -> None:
    """Move `other`'s seats and statistics to `keep`, then delete `other`."""
    bind.execute(sa.text("UPDATE seats SET player_id = :keep WHERE player_id = :other"),
                 {"keep": keep, "other": other})
    cells = bind.execute(sa.text(
        "SELECT game_id, period, plays, wins, score_sum, scored, best FROM stat_cells "
        "WHERE player_id = :other"), {"other": other}).all()
    for game_id, period, *values in cells:
        key = {"player": keep, "game": game_id, "period": period}
        found = bind.execute(sa.text(
            "SELECT best FROM stat_cells WHERE player_id = :player AND game_id = :game "
            "AND period = :period"), key).first()
        added = dict(zip((*_CELL, "best"), values, strict=True))
        if found is None:
            bind.execute(sa.text(
                "INSERT INTO stat_cells (player_id, game_id, period, plays, wins, score_sum, "
                "scored, best) VALUES (:player, :game, :period, :plays, :wins, :score_sum, "
                ":scored, :best)"), {**key, **added})
            continue
        bests = [b for b in (found[0], added["best"]) if b is not None]
        bind.execute(sa.text(
            "UPDATE stat_cells SET plays = plays + :plays, wins = wins + :wins, "
            "score_sum = score_sum + :score_sum, scored = scored + :scored, best = :best "
            "WHERE player_id = :player AND game_id = :game AND period = :period"),
            {**key, **added, "best": max(bests) if bests else None})
    bind.execute(sa.text("DELETE FROM stat_cells WHERE player_id = :other"), {"other": other})
    bind.execute(sa.text("DELETE FROM players WHERE id = :other"), {"other": other})


def downgrade() -> None:
    # plays of an import that never finished would become visible: drop them first
    op.execute("DELETE FROM seats WHERE play_id IN (SELECT id FROM plays WHERE import_id IN "
               "(SELECT id FROM pending_imports))")
    op.execute("DELETE FROM plays WHERE import_id IN (SELECT id FROM pending_imports)")
    op.drop_index("ix_plays_import_id", table_name="plays")
    op.execute("ALTER TABLE plays DROP COLUMN import_id")  # SQLite 3.35+ and PostgreSQL
    op.execute("ALTER TABLE players DROP COLUMN import_id")
    op.drop_table("pending_imports")
