"""A damaged file, or one from a newer version, is reported and never modified."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

import db
from tests.db.helpers import play


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_default_database_lives_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    database = db.open_database()
    assert database.path == tmp_path / "data" / "companion.db" and database.path.exists()
    with database.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    database.close()


def test_a_file_that_is_not_a_database_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "companion.db"
    path.write_bytes(b"this is a shopping list, not a database\n" * 200)
    before = digest(path)
    with pytest.raises(db.CorruptDatabaseError) as info:
        db.open_database(f"sqlite:///{path}")
    assert info.value.path == path and "is damaged" in info.value.message
    assert "not a database" in info.value.detail and "壊れて" in info.value.text("ja")
    assert digest(path) == before


def test_move_aside_keeps_the_bytes_and_a_fresh_start_works(tmp_path):
    path = tmp_path / "companion.db"
    path.write_bytes(b"\x00garbage" * 512)
    before = digest(path)
    with pytest.raises(db.CorruptDatabaseError) as info:
        db.open_database(f"sqlite:///{path}")
    moved = db.move_aside(info.value.path)
    assert moved.name.startswith("companion.db.broken-") and digest(moved) == before
    fresh = db.open_database(f"sqlite:///{path}")
    assert db.list_plays(fresh) == []
    fresh.close()


def test_a_database_from_a_newer_version_is_refused_unchanged(tmp_path):
    path = tmp_path / "companion.db"
    database = db.open_database(f"sqlite:///{path}")
    db.add_play(database, play(["Ann", "Bo"], [1, 2]))
    database.close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_future'")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = digest(path)
    with pytest.raises(db.NewerDatabaseError) as info:
        db.open_database(f"sqlite:///{path}")
    assert info.value.revision == "9999_future" and "newer version" in info.value.message
    assert digest(path) == before


@pytest.mark.organiser
def test_newer_database_is_refused_on_every_backend(db_url):
    database = db.open_database(db_url)
    with database.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '9999_future'")
    database.close()
    with pytest.raises(db.NewerDatabaseError):
        db.open_database(db_url)


def test_an_unreachable_server_is_a_clear_error():
    with pytest.raises(db.DatabaseError, match="Cannot connect"):
        db.open_database("postgresql+psycopg://nobody:secret@127.0.0.1:1/none")
