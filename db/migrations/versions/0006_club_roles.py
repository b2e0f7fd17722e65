"""Who created each play, and on PostgreSQL the rows a club member may write.

Every play records the login that created it (`created_by`; PostgreSQL fills it with
`session_user`, which a login cannot change; plays stored before this revision have none).
On PostgreSQL, row-level security then narrows what any role other than the tables' owner
(the organiser role) may write, whatever the grants (README "Club history"):
- a new play must be unfinished, outside any import, and its own (created_by = session_user);
- a play may be updated only while it is unfinished and the login's own (its last update may
  finish it); the seats of such a play may be inserted and deleted, no others;
- everyone reads everything.
So a member continues and finishes its own games (the app inserts every play unfinished, adds
its seats, then finishes it in the same transaction) but cannot rewrite another's play or a
finished one. Deleting plays is not granted to members at all.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

#: A play that the login may still write: its own and unfinished.
OWN_OPEN_PLAY = "created_by = session_user AND finished_at IS NULL"
OWN_OPEN_SEAT = ("EXISTS (SELECT 1 FROM plays p WHERE p.id = seats.play_id "
                 "AND p.created_by = session_user AND p.finished_at IS NULL)")

POLICIES = (
    ("plays", "plays_read", "SELECT", "USING (true)"),
    ("plays", "plays_add_own_open", "INSERT",
     f"WITH CHECK ({OWN_OPEN_PLAY} AND import_id IS NULL)"),
    ("plays", "plays_update_own_open", "UPDATE",
     f"USING ({OWN_OPEN_PLAY}) WITH CHECK (created_by = session_user AND import_id IS NULL)"),
    ("seats", "seats_read", "SELECT", "USING (true)"),
    ("seats", "seats_add_to_own_open", "INSERT", f"WITH CHECK ({OWN_OPEN_SEAT})"),
    ("seats", "seats_remove_from_own_open", "DELETE", f"USING ({OWN_OPEN_SEAT})"),
)


def upgrade() -> None:
    op.add_column("plays", sa.Column("created_by", sa.String(63), nullable=True))
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("ALTER TABLE plays ALTER COLUMN created_by SET DEFAULT session_user")
    for table in ("plays", "seats"):
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
    for table, name, command, rule in POLICIES:
        op.execute(f"CREATE POLICY {name} ON {table} FOR {command} TO PUBLIC {rule}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table, name, _command, _rule in POLICIES:
            op.execute(f"DROP POLICY {name} ON {table}")
        for table in ("plays", "seats"):
            op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")
    op.execute("ALTER TABLE plays DROP COLUMN created_by")  # SQLite 3.35+ and PostgreSQL
