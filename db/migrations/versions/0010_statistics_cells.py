"""Statistics at a club's scale: the pages read cells, never every play (issue 35).

- `stat_cells.last_at` (when the player's latest play of the cell ended) and
  `stat_cells.shared` (how many of them were co-operative): the player page's per-game table.
- `play_cells`: finished plays per game and month, and those at which a person sat (the
  History page's count, the Statistics page's plays per game and month).
- `rival_cells`: head to head per player, other person, game and month (the player page).
- `ix_plays_unfinished`: the unfinished plays, which the History page counts apart.

Every cell is filled here from the stored plays (plain SQL, as revision 0003 did). On a club's
PostgreSQL history the roles that update `stat_cells` (the members, revisions 0008 and 0009)
may read the new tables and write their cells too.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

#: What a member writes in each table (its INSERT, and UPDATE on these columns).
MEMBER_COLUMNS = {"stat_cells": ("last_at", "shared"), "play_cells": ("plays", "people"),
                  "rival_cells": ("plays", "ahead", "behind")}

_GRANTEES = sa.text("""
SELECT DISTINCT CASE WHEN g.grantee = 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(g.grantee) END
  FROM information_schema.column_privileges g
 WHERE g.table_schema = current_schema() AND g.table_name = 'stat_cells'
   AND g.column_name = 'best' AND g.privilege_type = :privilege AND g.grantee <> g.grantor
""")


def _sql(dialect: str) -> dict[str, str]:
    """The dialect's expressions: a play's month, its end readable, a seat's score readable,
    the play shown (not of an import still being written)."""
    if dialect == "sqlite":
        return {"month": "strftime('%Y-%m', p.finished_at)",
                "finished": "strftime('%Y-%m', p.finished_at) IS NOT NULL",
                "score": "(CASE WHEN typeof(s.score) IN ('integer', 'real') "
                         "AND abs(s.score) <= 1e9 THEN s.score END)"}
    return {"month": "to_char(p.finished_at, 'YYYY-MM')",
            "finished": "p.finished_at BETWEEN '0001-01-01' AND '9999-12-31 23:59:59.999999'",
            "score": "(CASE WHEN s.score BETWEEN -1e9 AND 1e9 THEN s.score END)"}


SHOWN = "(p.import_id IS NULL OR p.import_id NOT IN (SELECT id FROM pending_imports))"


def _ahead(a: str, b: str) -> str:
    return (f"CASE WHEN p.win_mode = 'cooperative' THEN 0 "
            f"WHEN {a}.team <> '' AND {a}.team = {b}.team THEN 0 "
            f"WHEN {a}.rank IS NOT NULL AND {b}.rank IS NOT NULL "
            f"THEN CASE WHEN {a}.rank < {b}.rank THEN 1 ELSE 0 END "
            f"WHEN {a}.winner AND NOT {b}.winner THEN 1 ELSE 0 END")


def _fill(dialect: str) -> None:
    x = _sql(dialect)
    op.execute("DELETE FROM stat_cells")
    op.execute(
        "INSERT INTO stat_cells (player_id, game_id, period, plays, wins, score_sum, scored, "
        "best, low_best, last_at, shared) "
        f"SELECT s.player_id, p.game_id, {x['month']}, count(DISTINCT s.play_id), "
        "count(DISTINCT CASE WHEN s.winner THEN s.play_id END), "
        f"coalesce(sum({x['score']}), 0), count({x['score']}), "
        f"max(CASE WHEN p.win_mode = 'lowest' THEN NULL ELSE {x['score']} END), "
        f"min(CASE WHEN p.win_mode = 'lowest' THEN {x['score']} END), max(p.finished_at), "
        "count(DISTINCT CASE WHEN p.win_mode = 'cooperative' THEN s.play_id END) "
        "FROM seats s JOIN plays p ON s.play_id = p.id "
        f"WHERE {x['finished']} AND s.player_id IS NOT NULL AND {SHOWN} "
        f"GROUP BY s.player_id, p.game_id, {x['month']}")
    op.execute(
        "INSERT INTO play_cells (game_id, period, plays, people) "
        f"SELECT p.game_id, {x['month']}, count(*), sum(CASE WHEN p.mode = 'table' OR EXISTS "
        "(SELECT 1 FROM seats s WHERE s.play_id = p.id AND s.player_id IS NOT NULL) "
        "THEN 1 ELSE 0 END) "
        f"FROM plays p WHERE {x['finished']} AND {SHOWN} GROUP BY p.game_id, {x['month']}")
    op.execute(
        "INSERT INTO rival_cells (player_id, game_id, period, rival_id, plays, ahead, behind) "
        f"SELECT me.player_id, p.game_id, {x['month']}, them.player_id, count(DISTINCT p.id), "
        f"sum({_ahead('me', 'them')}), sum({_ahead('them', 'me')}) "
        "FROM seats me JOIN plays p ON me.play_id = p.id "
        "JOIN seats them ON them.play_id = me.play_id AND them.player_id <> me.player_id "
        f"WHERE me.player_id IS NOT NULL AND {x['finished']} AND {SHOWN} "
        f"GROUP BY me.player_id, p.game_id, {x['month']}, them.player_id")


def _grant_members() -> None:
    bind = op.get_bind()
    for (grantee,) in bind.execute(_GRANTEES, {"privilege": "SELECT"}).all():
        op.execute(f"GRANT SELECT ON play_cells, rival_cells TO {grantee}")
    for (grantee,) in bind.execute(_GRANTEES, {"privilege": "UPDATE"}).all():
        for table, columns in MEMBER_COLUMNS.items():
            op.execute(f"GRANT UPDATE ({', '.join(columns)}) ON {table} TO {grantee}")
            if table != "stat_cells":
                op.execute(f"GRANT INSERT ON {table} TO {grantee}")


def upgrade() -> None:
    op.add_column("stat_cells", sa.Column("last_at", sa.DateTime(), nullable=True))
    op.add_column("stat_cells", sa.Column("shared", sa.Integer(), nullable=False,
                                          server_default="0"))
    op.create_table(
        "play_cells",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("period", sa.String(7), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("people", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "period", name="pk_play_cells"),
    )
    op.create_table(
        "rival_cells",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("period", sa.String(7), nullable=False),
        sa.Column("rival_id", sa.Integer(), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("ahead", sa.Integer(), nullable=False),
        sa.Column("behind", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "game_id", "period", "rival_id",
                                name="pk_rival_cells"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], ondelete="CASCADE",
                                name="fk_rival_cells_player_id_players"),
        sa.ForeignKeyConstraint(["rival_id"], ["players.id"], ondelete="CASCADE",
                                name="fk_rival_cells_rival_id_players"),
        sqlite_with_rowid=False,  # a player's cells are read in one run of the key
    )
    where = sa.text("finished_at IS NULL")
    op.create_index("ix_plays_unfinished", "plays", ["started_at"], sqlite_where=where,
                    postgresql_where=where)
    dialect = op.get_bind().dialect.name
    _fill(dialect)
    if dialect == "postgresql":
        _grant_members()


def downgrade() -> None:  # SQLite 3.35+ and PostgreSQL (a column's grants go with it)
    op.drop_index("ix_plays_unfinished", "plays")
    op.drop_table("rival_cells")
    op.drop_table("play_cells")
    op.execute("ALTER TABLE stat_cells DROP COLUMN shared")
    op.execute("ALTER TABLE stat_cells DROP COLUMN last_at")
