"""Every play says how it was won, a seat its team, and statistics keep the best low score.

- `plays.win_mode`: companion.history.WinMode's value ("highest", "lowest", "no_score",
  "cooperative", "teams"). Plays stored before this revision were all ranked by the highest
  total, except those of the app's co-operative games (Equilibrium), which become
  "cooperative".
- `seats.team`: the seat's team in a game played in teams ("" none).
- `stat_cells.low_best`: the lowest score of the plays won by the lowest total (`best` stays
  the highest score of the others); empty for the plays stored before.

Plain ALTER TABLE ADD COLUMN on both databases (batch mode would copy `plays` and `seats`: the
cascade would delete the seats, and revision 0008's SQLite triggers would go). On a club's
PostgreSQL history the roles that update the app's columns of `plays` and `stat_cells` (the
members, revision 0008) are given UPDATE on the new ones too.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

#: Co-operative games of the app when this revision was written (registry extras).
COOPERATIVE_GAMES = ("equilibrium",)
#: A column the members already update on each table, and the new one they must update too.
MEMBER_COLUMNS = (("plays", "updated_at", "win_mode"), ("stat_cells", "best", "low_best"))

_GRANTEES = sa.text("""
SELECT DISTINCT CASE WHEN g.grantee = 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(g.grantee) END
  FROM information_schema.column_privileges g
 WHERE g.table_schema = current_schema() AND g.table_name = :table
   AND g.column_name = :column AND g.privilege_type = 'UPDATE' AND g.grantee <> g.grantor
""")


def upgrade() -> None:
    op.add_column("plays", sa.Column("win_mode", sa.String(16), nullable=False,
                                     server_default="highest"))
    op.add_column("seats", sa.Column("team", sa.String(64), nullable=False,
                                     server_default=""))
    op.add_column("stat_cells", sa.Column("low_best", sa.Float(), nullable=True))
    plays = sa.table("plays", sa.column("game_id", sa.String), sa.column("win_mode", sa.String))
    op.execute(plays.update().where(plays.c.game_id.in_(COOPERATIVE_GAMES))
               .values(win_mode="cooperative"))
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        for table, known, new in MEMBER_COLUMNS:
            for (grantee,) in bind.execute(_GRANTEES, {"table": table, "column": known}).all():
                op.execute(f"GRANT UPDATE ({new}) ON {table} TO {grantee}")


def downgrade() -> None:  # SQLite 3.35+ and PostgreSQL (a column's grants go with it)
    op.execute("ALTER TABLE stat_cells DROP COLUMN low_best")
    op.execute("ALTER TABLE seats DROP COLUMN team")
    op.execute("ALTER TABLE plays DROP COLUMN win_mode")
