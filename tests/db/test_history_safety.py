"""A history file kept safe (issue 33 items 2-4): not moved aside while open, a damaged file
found out before anything is written, a pre-upgrade copy never torn, an aborted import leaves
nothing behind, and another program's SQLite file is refused with every byte unchanged."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

import db
from companion.export import history_json
from tests.db.helpers import play
from tests.db.test_fault_injection import old_history
from ui import cli

ROOT = Path(__file__).resolve().parents[2]
PAGE = 4096


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def companion(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def child(code: str, *args: str) -> subprocess.Popen[str]:
    """A Python process running `code` (argv: `args`) from the repository."""
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def new_history(folder: Path, plays: int = 1) -> tuple[str, Path]:
    path = folder / "companion.db"
    url = f"sqlite:///{path}"
    database = db.open_database(url)
    db.add_plays(database, [play([f"P{i % 9}", f"Q{i % 7}"], [i % 5, 2], day=i)
                            for i in range(plays)])
    database.close()
    return url, path


# -- 33.2: not moved aside while open ----------------------------------------------------------

HOLD_OPEN = """
import sys, db
database = db.open_database(sys.argv[1])
db.list_plays(database)  # opened and read, as the app's window does; no write lock held
print("open", flush=True)
sys.stdin.readline()
database.close()
"""


def test_move_aside_refuses_while_another_process_has_the_history_open(tmp_path, capsys):
    url, path = new_history(tmp_path)
    holder = child(HOLD_OPEN, url)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        code, _out, err = companion(capsys, "--db", url, "db", "move-aside")
        assert code == 2
        assert "is open in the app or another command; close it first" in err
        assert path.exists() and not [p for p in tmp_path.iterdir() if "broken" in p.name]
    finally:
        holder.communicate("done\n", timeout=60)
    code, out, _err = companion(capsys, "--db", url, "db", "move-aside")  # closed: it moves
    assert code == 0 and "moved" in out and not path.exists()


def test_move_aside_refuses_while_this_process_has_it_open(tmp_path):
    url, path = new_history(tmp_path)
    database = db.open_database(url)
    with pytest.raises(db.HistoryInUseError) as info:
        db.move_aside(path)
    assert "閉じてください" in info.value.text("ja")
    database.close()
    assert db.move_aside(path).exists()


# -- 33.3: damaged files, the pre-upgrade copy, aborted imports --------------------------------


def damage(path: Path, first_page: int = 5, last_page: int = 10) -> None:
    """Garbage over pages `first_page`..`last_page` (1-based), as a failing disk leaves."""
    noise = random.Random(33).randbytes((last_page - first_page + 1) * PAGE)
    with path.open("r+b") as handle:
        handle.seek((first_page - 1) * PAGE)
        handle.write(noise)


@pytest.mark.parametrize("pages", [(5, 10), (80, 85)])  # root pages; plays' own pages
def test_a_damaged_file_does_not_pass_db_check_and_takes_no_import(tmp_path, capsys, pages):
    url, path = new_history(tmp_path, plays=3000)
    damage(path, *pages)
    before = digest(path)
    code, out, err = companion(capsys, "--db", url, "db", "check")
    assert code == 2 and "3000 plays" not in out
    assert "is damaged (SQLite's check found" in err
    source = tmp_path / "more.json"
    source.write_text(history_json.dumps([play(["Zed", "Yo"], [1, 2], day=400)]), "utf-8")
    code, _out, err = companion(capsys, "--db", url, "import", str(source))
    assert code == 2 and "is damaged" in err and "nothing was written to it" in err
    assert digest(path) == before


KILL_DURING_COPY = """
import os, signal, sqlite3, sys
real = sqlite3.connect

class KilledMidway(sqlite3.Connection):
    def backup(self, target, *, pages=-1, progress=None, name="main", sleep=0.25):
        def kill(_status, remaining, total):
            if total - remaining >= 3:
                os.kill(os.getpid(), signal.SIGKILL)  # the power goes, mid-copy
        return super().backup(target, pages=1, progress=kill, name=name, sleep=0)

def connect(*args, **kwargs):
    kwargs.setdefault("factory", KilledMidway)
    return real(*args, **kwargs)

sqlite3.connect = connect
import db
db.open_database(sys.argv[1])
"""


def test_a_kill_during_the_pre_upgrade_copy_leaves_no_torn_copy(tmp_path):
    url, path = old_history(tmp_path, notes=200_000)
    before = digest(path)
    killed = child(KILL_DURING_COPY, url)
    killed.communicate(timeout=120)
    assert killed.returncode == -9
    assert digest(path) == before
    for copy in tmp_path.glob("companion.db.before-upgrade-*"):  # a copy is whole or absent
        conn = sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True)
        try:
            assert conn.execute("SELECT count(*) FROM plays").fetchone() == (1,)
        finally:
            conn.close()
    database = db.open_database(url)  # and the next start copies and upgrades it
    assert database.backup is not None and db.count_plays(database) == 1
    database.close()


KILL_DURING_IMPORT = """
import os, signal, sys
import db, db.imports as imports
from companion.export import history_json

real, steps = imports._stage, []

def stage(*args, **kwargs):
    steps.append(1)
    if len(steps) == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # killed half-way through the import
    return real(*args, **kwargs)

imports._stage = stage
database = db.open_database(sys.argv[1])
text = open(sys.argv[2], encoding="utf-8").read()
db.import_plays(database, history_json.iter_plays(text), chunk=50)
"""


def test_an_import_killed_half_way_leaves_nothing_behind(tmp_path):
    url, _path = new_history(tmp_path, plays=2)
    source = tmp_path / "guests.json"
    source.write_text(history_json.dumps(
        [play([f"Guest {i}", "P0"], [i, 1], day=100 + i) for i in range(200)]), "utf-8")
    killed = child(KILL_DURING_IMPORT, url, str(source))
    killed.communicate(timeout=120)
    assert killed.returncode == -9
    database = db.open_database(url)  # at once, not an hour later
    try:
        names = {p.name for p in db.list_players(database)}
        assert not [name for name in names if name.startswith("Guest")]  # no ghost player
        with database.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM plays")).scalar() == 2
            assert conn.execute(text("SELECT count(*) FROM pending_imports")).scalar() == 0
    finally:
        database.close()


# -- 33.4: another program's SQLite file -------------------------------------------------------


def places(folder: Path) -> Path:
    """A browser's history file: tables of its own, none of ours, a rollback journal."""
    path = folder / "places.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT, title TEXT);"
        "CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, fk INTEGER, title TEXT);"
        "INSERT INTO moz_places (url, title) VALUES ('https://example.org', 'Example');")
    conn.commit()
    conn.close()
    return path


def unchanged(folder: Path, path: Path, before: tuple[str, list[str], str]) -> None:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    conn.close()
    assert (digest(path), sorted(p.name for p in folder.iterdir()), mode) == before


@pytest.mark.parametrize("argv", [
    ("db", "check"), ("db", "recount"), ("db", "move-aside"), ("export",),
    ("import", "{source}"),
])
def test_another_programs_sqlite_file_is_refused_untouched(tmp_path, capsys, argv):
    folder = tmp_path / "browser"
    folder.mkdir()
    path = places(folder)
    source = tmp_path / "plays.json"
    source.write_text(history_json.dumps([play(["Ann", "Bo"], [1, 2])]), "utf-8")
    before = (digest(path), sorted(p.name for p in folder.iterdir()), "delete")
    args = [a.format(source=source) for a in argv]
    code, _out, err = companion(capsys, "--db", str(path), *args)
    assert code == 2
    assert "is another program's database (its tables: moz_bookmarks, moz_places)" in err
    assert "move-aside" not in err  # no hint to move it: it is not ours to move
    unchanged(folder, path, before)


def test_the_app_refuses_another_programs_file_untouched(tmp_path):
    path = places(tmp_path)
    before = (digest(path), sorted(p.name for p in tmp_path.iterdir()), "delete")
    with pytest.raises(db.NotAHistoryError) as info:
        db.open_database(f"sqlite:///{path}")
    assert "別のプログラムのデータベース" in info.value.text("ja")
    unchanged(tmp_path, path, before)
    with pytest.raises(db.NotAHistoryError):
        db.move_aside(path)
    unchanged(tmp_path, path, before)


@pytest.mark.parametrize("content", [b"", None])
def test_an_empty_file_still_becomes_a_history(tmp_path, content):
    path = tmp_path / "new.db"
    if content is not None:
        path.write_bytes(content)
    else:  # a SQLite file without tables
        sqlite3.connect(path).close()
    database = db.open_database(f"sqlite:///{path}")
    assert db.count_plays(database) == 0
    database.close()


def test_the_lock_file_is_private(tmp_path):
    _url, path = new_history(tmp_path)
    mode = os.stat(path.with_name(path.name + ".lock")).st_mode & 0o777
    assert mode == 0o600
