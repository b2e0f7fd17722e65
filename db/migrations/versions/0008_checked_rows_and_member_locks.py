"""The history refuses rows the app cannot read, and a club member cannot lock its tables.

Rows (issue 33.6): a play's mode is one the app knows, its options (and game record) a JSON
object, its times real dates, its duration not negative; a seat's score a number within
±1e9 (companion/playdata.py's limit: no NaN, no infinity), its breakdown a JSON object. They
are triggers on both databases, checking every new row and, in a changed row, each value that
changes: a row stored before this revision keeps what it held (the app shows it as one
unreadable play, db/reading.py) and an UPDATE of its other columns, a later migration's, still
works, which a CHECK constraint (even NOT VALID) would refuse. On SQLite a CHECK would also mean
copying the table, and dropping the old `plays` deletes every seat through the cascade. A later
migration that copies `plays` or `seats` in batch mode must create the triggers again.

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
CHECKED = ("plays", "seats")


# -- the checks ---------------------------------------------------------------------------------
# (table, name, column, rule on "{c}" — the column's new value). A rule is checked on INSERT,
# and on UPDATE when its column changes: a row stored before this revision keeps what it held,
# and a later UPDATE of its other columns (a migration) is not refused for it.

def _pg_time(c: str) -> str:
    """A timestamp Python can hold (no infinity, no year beyond 9999 or before 1)."""
    return f"{c} BETWEEN '0001-01-01' AND '9999-12-31 23:59:59.999999'"


PG_CHECKS = (
    ("plays", "mode_known", "mode", "{c} IN " + repr(MODES)),
    ("plays", "options_object", "options", "json_typeof({c}) = 'object'"),
    ("plays", "record_object", "record", "json_typeof({c}) IN ('object', 'null')"),
    ("plays", "started_at_date", "started_at", _pg_time("{c}")),
    ("plays", "finished_at_date", "finished_at", _pg_time("{c}")),
    ("plays", "updated_at_date", "updated_at", _pg_time("{c}")),
    ("plays", "duration_s_counted", "duration_s", "{c} >= 0"),
    ("seats", "score_number", "score", f"{{c}} BETWEEN -{MAX_ABS_SCORE} AND {MAX_ABS_SCORE}"),
    ("seats", "breakdown_object", "breakdown", "json_typeof({c}) = 'object'"),
)


def _pg_check_function(table: str) -> str:
    """The trigger function refusing a row of `table` that breaks a check (a NULL passes, as
    in a CHECK constraint)."""
    tests = "".join(
        f"""
  IF TG_OP = 'INSERT' OR NEW.{column}::text IS DISTINCT FROM OLD.{column}::text THEN
    IF NOT COALESCE({rule.format(c=f"NEW.{column}")}, true) THEN
      RAISE EXCEPTION 'ck_{table}_{name}: a {table} row the app cannot read'
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;"""
        for owner, name, column, rule in PG_CHECKS if owner == table)
    return f"""
CREATE FUNCTION ck_{table}_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN{tests}
  RETURN NEW;
END $$"""


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
    for table in CHECKED:
        op.execute(_pg_check_function(table))
        op.execute(f"CREATE TRIGGER ck_{table} BEFORE INSERT OR UPDATE ON {table} "
                   f"FOR EACH ROW EXECUTE FUNCTION ck_{table}_row()")
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
    for table in CHECKED:
        op.execute(f"DROP TRIGGER ck_{table} ON {table}")
        op.execute(f"DROP FUNCTION ck_{table}_row()")


# -- SQLite -------------------------------------------------------------------------------------

def _sqlite_time(c: str) -> str:
    """A time as SQLAlchemy stores it ("YYYY-MM-DD HH:MM:SS[.ffffff]"), and a real one."""
    digits = "[0-9]" * 4 + "-" + "[0-9]" * 2 + "-" + "[0-9]" * 2 + " " + ":".join(["[0-9]" * 2] * 3)
    return (f"typeof({c}) = 'text' AND {c} GLOB '{digits}*' AND substr({c}, 1, 4) <> '0000' "
            f"AND date(substr({c}, 1, 10)) = substr({c}, 1, 10) "
            f"AND time(substr({c}, 12, 8)) = substr({c}, 12, 8) "
            f"AND (length({c}) = 19 OR (length({c}) = 26 "
            f"AND substr({c}, 20) GLOB '.{'[0-9]' * 6}'))")


def _sqlite_object(*kinds: str) -> str:
    listed = ", ".join(f"'{kind}'" for kind in ("object", *kinds))
    return f"json_valid({{c}}) AND json_type({{c}}) IN ({listed})"


#: (table, column, rule on "{c}"); a NULL passes where the column may be NULL.
SQLITE_CHECKS = (
    ("plays", "mode", "{c} IN " + repr(MODES)),
    ("plays", "options", _sqlite_object()),
    ("plays", "record", _sqlite_object("null")),
    ("plays", "started_at", _sqlite_time("{c}")),
    ("plays", "finished_at", _sqlite_time("{c}")),
    ("plays", "updated_at", _sqlite_time("{c}")),
    ("plays", "seed", "typeof({c}) = 'integer'"),
    ("plays", "duration_s", "typeof({c}) = 'integer' AND {c} >= 0"),
    ("seats", "seat", "typeof({c}) = 'integer' AND {c} >= 0"),
    ("seats", "score", "typeof({c}) IN ('integer', 'real') AND abs({c}) <= " + MAX_ABS_SCORE),
    ("seats", "breakdown", _sqlite_object()),
    ("seats", "rank", "typeof({c}) = 'integer'"),
    ("seats", "winner", "{c} IN (0, 1)"),
    ("seats", "start_player", "{c} IN (0, 1)"),
)


def _sqlite_broken(column: str, rule: str) -> str:
    c = f"NEW.{column}"
    return f"({c} IS NOT NULL AND NOT ({rule.format(c=c)}))"


def _sqlite_trigger(table: str, event: str) -> str:
    broken = [(column, _sqlite_broken(column, rule))
              for owner, column, rule in SQLITE_CHECKS if owner == table]
    if event == "INSERT":
        when = " OR ".join(test for _column, test in broken)
    else:  # only what changes
        when = " OR ".join(f"(NEW.{column} IS NOT OLD.{column} AND {test})"
                           for column, test in broken)
    return (f"CREATE TRIGGER ck_{table}_{event.lower()} BEFORE {event} ON {table} "
            f"WHEN {when} BEGIN SELECT RAISE(ABORT, 'ck_{table}: a {table} row the app cannot "
            "read'); END")


def _sqlite_upgrade() -> None:
    for table in CHECKED:
        for event in ("INSERT", "UPDATE"):
            op.execute(_sqlite_trigger(table, event))


def _sqlite_downgrade() -> None:
    for table in CHECKED:
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
