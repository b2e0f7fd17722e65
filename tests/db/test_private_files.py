"""Only the user can read what the app writes, whatever the umask: the history and its -wal and
-shm files, the copy kept before an upgrade, a file moved aside, exports and printed sheets are
0600, and the data folder is 0700. Every test runs under the most permissive umask (0)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import db
from companion import files
from companion.export.pdf import render_sheets
from companion.export.sheets import play_sheets
from tests.db.helpers import play
from tests.db.test_migrations import migrate
from ui import cli


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def open_umask() -> Iterator[None]:
    before = os.umask(0)
    yield
    os.umask(before)


def test_a_new_history_its_wal_and_shm_and_the_data_folder_are_private(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    database = db.open_database()
    db.add_play(database, play(["Ann", "Bo"], [3, 1]))
    folder = tmp_path / "data"
    assert mode(folder) == 0o700
    sides = [folder / f"companion.db{suffix}" for suffix in ("", "-wal", "-shm")]
    assert all(p.exists() for p in sides)
    assert {p.name: mode(p) for p in sides} == {p.name: 0o600 for p in sides}
    database.close()


def test_a_history_file_chosen_elsewhere_is_private(tmp_path):
    database = db.open_database(f"sqlite:///{tmp_path / 'club.sqlite'}")
    database.close()
    assert mode(tmp_path / "club.sqlite") == 0o600


def test_the_app_s_own_data_folder_from_an_older_version_is_narrowed(tmp_path, monkeypatch):
    own = tmp_path / "share" / "TabletopCompanion"
    own.mkdir(parents=True, mode=0o755)
    own.chmod(0o755)
    monkeypatch.setattr("platformdirs.user_data_dir", lambda *args: str(own))
    monkeypatch.delenv("COMPANION_DATA_DIR", raising=False)
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    db.open_database().close()
    assert mode(own) == 0o700
    assert mode(own / "companion.db") == 0o600


def test_a_folder_named_by_companion_data_dir_that_exists_is_left_as_it_is(tmp_path,
                                                                          monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(shared))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    db.open_database().close()
    assert mode(shared) == 0o755 and mode(shared / "companion.db") == 0o600


def test_the_copy_kept_before_an_upgrade_is_private(tmp_path):
    url = f"sqlite:///{tmp_path / 'companion.db'}"
    migrate(url, "0001")
    (tmp_path / "companion.db").chmod(0o644)  # written by an older version
    database = db.open_database(url)
    assert database.backup is not None and mode(database.backup) == 0o600
    database.close()


def test_a_file_moved_aside_is_private(tmp_path):
    path = tmp_path / "companion.db"
    path.write_bytes(b"\x00garbage" * 512)
    path.chmod(0o644)
    wal = tmp_path / "companion.db-wal"
    wal.write_bytes(b"")
    wal.chmod(0o644)
    moved = db.move_aside(path)
    assert mode(moved) == 0o600
    assert mode(moved.with_name(moved.name + "-wal")) == 0o600


@pytest.mark.parametrize("form", ["json", "csv", "bgstats"])
def test_exports_are_private(tmp_path, capsys, form):
    url = f"sqlite:///{tmp_path / 'h.db'}"
    database = db.open_database(url)
    db.add_play(database, play(["Ann", "Bo"], [3, 1]))
    database.close()
    out = tmp_path / f"history.{form}"
    assert cli.main(["--db", url, "export", "--format", form, "-o", str(out)]) == 0
    assert mode(out) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_printed_sheets_are_private(tmp_path, capsys):
    blank = tmp_path / "blank.pdf"
    assert cli.main(["pdf", "--blank", "juusai", "--players", "2", "-o", str(blank)]) == 0
    filled = tmp_path / "filled.pdf"
    render_sheets(play_sheets(play(["Ann", "Bo"], [3, 1]), "en"), filled)
    assert (mode(blank), mode(filled)) == (0o600, 0o600)
    assert filled.read_bytes().startswith(b"%PDF")


def test_an_export_over_an_old_readable_file_replaces_it_privately(tmp_path):
    out = tmp_path / "history.json"
    out.write_text("old")
    out.chmod(0o644)
    files.write_private(out, b"new")
    assert out.read_bytes() == b"new" and mode(out) == 0o600


def test_a_strict_umask_still_leaves_the_owner_able_to_write(tmp_path):
    os.umask(0o277)
    created = tmp_path / "new.db"
    assert files.create_private(created)
    files.write_private(tmp_path / "export.json", b"{}")
    folder = files.private_dir(tmp_path / "data")
    assert (mode(created), mode(tmp_path / "export.json"), mode(folder)) == (0o600, 0o600, 0o700)
