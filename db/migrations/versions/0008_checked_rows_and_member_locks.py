"""The history refuses rows the app cannot read, and a club member cannot lock its tables.

Rows (issue 33.6): a play's mode is one the app knows, its options (and game record) a JSON
object, its times real dates, its duration not negative; a seat's score a number within
±1e9 (companion/playdata.py's limit: no NaN, no infinity), its breakdown a JSON object. On
PostgreSQL these are CHECK constraints, added NOT VALID: rows stored before this revision stay
(the app shows such a row as one unreadable play, db/reading.py) and every new or changed row is
checked. On SQLite they are triggers that abort the INSERT or UPDATE (adding a CHECK to a SQLite
table means copying it, and dropping the old `plays` would delete every seat through the
cascade); a later migration that copies `plays` or `seats` in batch mode must create them again.

Locks (issue 33.5): PostgreSQL lets any role holding UPDATE, DELETE or TRUNCATE on a table
`LOCK` it in any mode, ACCESS EXCLUSIVE included, which stops every other login until that
transaction ends. Column-level UPDATE does not count for LOCK, so members now hold UPDATE on
the columns the app writes only (README "Club history"), and the seats of their own unfinished
plays are removed through `clear_open_seats(play)`, a SECURITY DEFINER function that checks
what the row rules of 0006 checked, instead of a DELETE grant. An existing club is converted
here: every table-level UPDATE, DELETE or TRUNCATE the organiser granted on the app's tables
to another role is revoked, and the UPDATE on `plays` and `stat_cells` given back on those
columns. What a member may still do is take ROW EXCLUSIVE (INSERT's own lock), which stops no
read or write of the app.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

MODES = ("digital", "table")
MAX_ABS_SCORE = "1e9"
#: The columns of each table a member's app updates (db/repository.py, db/stats.py).
MEMBER_UPDATES = {
    "plays": ("game_id", "mode", "started_at", "finished_at", "options", "seed", "record",
              "location", "notes", "duration_s", "updated_at"),
    "stat_cells": ("plays", "wins", "score_sum", "scored", "best"),
}
TABLES = ("players", "plays", "seats", "settings", "stat_cells", "pending_imports",
          "alembic_version")


# -- PostgreSQL ---------------------------------------------------------------------------------

def _pg_in_range(column: str) -> str:
    """A timestamp Python can hold (no infinity, no year beyond 9999 or before 1)."""
    return f"{column} BETWEEN '0001-01-01' AND '9999-12-31 23:59:59.999999'"


PG_CHECKS = (
    ("plays", "mode_known", f"mode IN {MODES!r}"),
    ("plays", "options_object", "options IS NULL OR json_typeof(options) = 'object'"),
    ("plays", "record_object", "record IS NULL OR json_typeof(record) IN ('object', 'null')"),
    ("plays", "started_at_date", _pg_in_range("started_at")),
    ("plays", "finished_at_date", f"finished_at IS NULL OR {_pg_in_range('finished_at')}"),
    ("plays", "updated_at_date", _pg_in_range("updated_at")),
    ("plays", "duration_s_counted", "duration_s IS NULL OR duration_s >= 0"),
    ("seats", "score_number",
     f"score IS NULL OR score BETWEEN -{MAX_ABS_SCORE} AND {MAX_ABS_SCORE}"),
    ("seats", "breakdown_object", "breakdown IS NULL OR json_typeof(breakdown) = 'object'"),
)

#: Table privileges other roles than the owner hold on the app's tables that allow LOCK.
_LOCKING_GRANTS = sa.text("""
SELECT c.relname AS "table", a.privilege_type AS privilege,
       CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee))
       END AS grantee
  FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a
 WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY(:tables)
   AND a.grantee <> c.relowner AND a.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE')
 ORDER BY 1, 2, 3
""")

#: Roles other than the owner holding column-level UPDATE, or INSERT, on a table.
_COLUMN_GRANTEES = sa.text("""
SELECT DISTINCT CASE WHEN g.grantee = 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(g.grantee) END
  FROM information_schema.role_column_grants g
 WHERE g.table_schema = current_schema() AND g.table_name = :table
   AND g.privilege_type = :privilege AND g.grantee <> g.grantor
""")


def _clear_open_seats(schema: str) -> str:
    quoted = op.get_bind().dialect.identifier_preparer.quote(schema)
    return f"""
CREATE FUNCTION clear_open_seats(target integer) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = {quoted}, pg_temp AS $$
  DELETE FROM seats WHERE play_id = target AND EXISTS (
    SELECT 1 FROM plays p WHERE p.id = target AND p.created_by = session_user
       AND p.finished_at IS NULL)
$$"""


def _pg_upgrade() -> None:
    bind = op.get_bind()
    for table, name, rule in PG_CHECKS:
        op.execute(f"ALTER TABLE {table} ADD CONSTRAINT ck_{table}_{name} CHECK ({rule}) "
                   "NOT VALID")
    for row in bind.execute(_LOCKING_GRANTS, {"tables": list(TABLES)}).all():
        op.execute(f"REVOKE {row.privilege} ON {row.table} FROM {row.grantee}")
        columns = MEMBER_UPDATES.get(row.table) if row.privilege == "UPDATE" else None
        if columns:
            op.execute(f"GRANT UPDATE ({', '.join(columns)}) ON {row.table} TO {row.grantee}")
    op.execute(_clear_open_seats(str(bind.scalar(sa.text("SELECT current_schema()")))))


def _pg_downgrade() -> None:
    bind = op.get_bind()
    op.execute("DROP FUNCTION clear_open_seats(integer)")
    for table in MEMBER_UPDATES:  # the table-level grants of before, as the README had them
        for (grantee,) in bind.execute(_COLUMN_GRANTEES,
                                       {"table": table, "privilege": "UPDATE"}).all():
            op.execute(f"GRANT UPDATE ON {table} TO {grantee}")
    for (grantee,) in bind.execute(_COLUMN_GRANTEES,
                                   {"table": "seats", "privilege": "INSERT"}).all():
        op.execute(f"GRANT DELETE ON seats TO {grantee}")
    for table, name, _rule in reversed(PG_CHECKS):
        op.execute(f"ALTER TABLE {table} DROP CONSTRAINT ck_{table}_{name}")


# -- SQLite -------------------------------------------------------------------------------------

def _sqlite_date(column: str) -> str:
    """A time as SQLAlchemy stores it ("YYYY-MM-DD HH:MM:SS[.ffffff]"), and a real one."""
    c = f"NEW.{column}"
    digits = "[0-9]" * 4 + "-" + "[0-9]" * 2 + "-" + "[0-9]" * 2 + " " + ":".join(["[0-9]" * 2] * 3)
    return (f"(typeof({c}) = 'text' AND {c} GLOB '{digits}*' AND substr({c}, 1, 4) <> '0000' "
            f"AND date(substr({c}, 1, 10)) = substr({c}, 1, 10) "
            f"AND time(substr({c}, 12, 8)) = substr({c}, 12, 8) "
            f"AND (length({c}) = 19 OR (length({c}) = 26 "
            f"AND substr({c}, 20) GLOB '.{'[0-9]' * 6}')))")


def _sqlite_object(column: str, *types: str) -> str:
    c = f"NEW.{column}"
    kinds = ", ".join(f"'{t}'" for t in ("object", *types))
    return f"({c} IS NULL OR (json_valid({c}) AND json_type({c}) IN ({kinds})))"


def _sqlite_integer(column: str, minimum: int | None = None) -> str:
    c = f"NEW.{column}"
    floor = f" AND {c} >= {minimum}" if minimum is not None else ""
    return f"({c} IS NULL OR (typeof({c}) = 'integer'{floor}))"


SQLITE_CHECKS = {
    "plays": " AND ".join((
        f"NEW.mode IN {MODES!r}", _sqlite_object("options"), _sqlite_object("record", "null"),
        _sqlite_date("started_at"), f"(NEW.finished_at IS NULL OR {_sqlite_date('finished_at')})",
        _sqlite_date("updated_at"), _sqlite_integer("seed"), _sqlite_integer("duration_s", 0))),
    "seats": " AND ".join((
        "(NEW.score IS NULL OR (typeof(NEW.score) IN ('integer', 'real') "
        f"AND abs(NEW.score) <= {MAX_ABS_SCORE}))",
        _sqlite_object("breakdown"), "typeof(NEW.seat) = 'integer'", _sqlite_integer("rank"),
        "NEW.winner IN (0, 1) AND NEW.start_player IN (0, 1)")),
}


def _sqlite_upgrade() -> None:
    for table, rule in SQLITE_CHECKS.items():
        for event in ("INSERT", "UPDATE"):
            op.execute(f"CREATE TRIGGER ck_{table}_{event.lower()} BEFORE {event} ON {table} "
                       f"WHEN NOT ({rule}) BEGIN SELECT RAISE(ABORT, 'ck_{table}: a {table} "
                       "row the app cannot read'); END")


def _sqlite_downgrade() -> None:
    for table in SQLITE_CHECKS:
        for event in ("insert", "update"):
            op.execute(f"DROP TRIGGER ck_{table}_{event}")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _pg_upgrade()
    else:
        _sqlite_upgrade()


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _pg_downgrade()
    else:
        _sqlite_downgrade()
