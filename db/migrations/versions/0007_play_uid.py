"""Every play gets a stable identity: `plays.uid`, a UUID made when the play is created, kept
through export, backup and import, so that an import recognises the plays already stored
whatever was renamed or merged since, and two imports of the same file at once store each play
once (the unique index `uq_plays_uid` is the database's guarantee). An import being written
names its owner (`pending_imports.owner`: host, process and its start) so that one whose
process died is removed at once rather than an hour later.

Plays stored before this revision get a new UUID each. SQLite adds the column NOT NULL with an
empty default (ALTER TABLE ADD COLUMN needs one; batch mode would copy `plays`, and dropping
the old table there cascades to the seats); the app always writes a UUID.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

#: Rows given their UUID per statement.
STEP = 1000


def upgrade() -> None:
    bind = op.get_bind()
    sqlite = bind.dialect.name == "sqlite"
    op.add_column("plays", sa.Column("uid", sa.String(36), nullable=not sqlite,
                                     server_default="" if sqlite else None))
    secure = bind.exec_driver_sql("PRAGMA secure_delete").scalar() if sqlite else None
    if secure:  # the pages each rewritten row leaves hold that same row: no need to zero
        bind.exec_driver_sql("PRAGMA secure_delete=0")  # them (it doubles what is written)
    try:
        _give_identities(bind)
    finally:
        if secure:
            bind.exec_driver_sql(f"PRAGMA secure_delete={int(secure)}")
    if not sqlite:
        op.alter_column("plays", "uid", existing_type=sa.String(36), nullable=False)
    op.create_index("uq_plays_uid", "plays", ["uid"], unique=True)
    op.add_column("pending_imports", sa.Column("owner", sa.String(200), nullable=True))


def _give_identities(bind: sa.Connection) -> None:
    ids = [int(i) for i in bind.scalars(sa.text("SELECT id FROM plays ORDER BY id"))]
    for start in range(0, len(ids), STEP):
        bind.execute(sa.text("UPDATE plays SET uid = :uid WHERE id = :id"),
                     [{"uid": str(uuid.uuid4()), "id": i} for i in ids[start:start + STEP]])


def downgrade() -> None:
    op.execute("ALTER TABLE pending_imports DROP COLUMN owner")
    op.drop_index("uq_plays_uid", table_name="plays")
    op.execute("ALTER TABLE plays DROP COLUMN uid")  # SQLite 3.35+ and PostgreSQL
