"""Fault injection: every fault that ended in a traceback now ends in one sentence, exit status
2 and the history unchanged; writers that get in each other's way wait their turn within a
bounded time; imports refuse what a database cannot store, add nothing twice, and stay
all-or-nothing without locking the autosave out.

Read-only files and folders are real (as root, the commands run as the user nobody, whom
permissions bind); the full disk is a 2 MB tmpfs where the machine lets the tests mount one,
else the write is patched to fail as a full disk does.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text, update
from sqlalchemy.exc import OperationalError

import db
from companion.export import history_json
from companion.history import PlayMode, PlayRecord, SeatResult
from db.imports import _begin, _identified, _Seen, _stage
from db.models import PendingImportRow
from tests.db.helpers import play
from tests.db.test_migrations import migrate
from ui import cli

HOLD_LOCK = (
    "import sqlite3, sys\n"
    "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "conn.execute('PRAGMA locking_mode=EXCLUSIVE')\n"
    "conn.execute('BEGIN EXCLUSIVE')\n"
    "conn.execute(\"INSERT INTO settings (key, value) VALUES ('held', 'x')\")\n"
    "print('locked', flush=True)\n"
    "sys.stdin.readline()\n"
)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def companion(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run the command line; its exit status and what it printed to standard error."""
    code = cli.main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def sentence(err: str, command: str) -> str:
    """The one sentence a failing command printed (a hint line may follow)."""
    first, *rest = err.strip().splitlines()
    assert first.startswith(f"companion {command}: ") and first.endswith("."), err
    assert all(line.startswith(("hint:", "detail:")) for line in rest), err
    return first


def moved_or_copied(folder: Path) -> list[str]:
    """Backups and moved-aside files in the folder."""
    return [p.name for p in folder.iterdir() if "before-upgrade" in p.name or "broken" in p.name]


def shown(url: str) -> list[PlayRecord]:
    database = db.open_database(url)
    try:
        return db.list_plays(database)
    finally:
        database.close()


def history_file(folder: Path, plays: list[PlayRecord]) -> Path:
    path = folder / "history.json"
    path.write_text(history_json.dumps(plays), "utf-8")
    path.chmod(0o644)
    return path


def may_mount() -> bool:
    """Root on a machine with `mount` (COMPANION_TEST_NO_MOUNT=1 tries the fallbacks)."""
    return (os.geteuid() == 0 and shutil.which("mount") is not None
            and not os.environ.get("COMPANION_TEST_NO_MOUNT"))


def _bind_read_only(path: Path) -> bool:
    """Mount `path` over itself read-only (root only, where the machine allows mounts)."""
    if subprocess.run(["mount", "--bind", str(path), str(path)],
                      capture_output=True).returncode != 0:
        return False
    if subprocess.run(["mount", "-o", "remount,bind,ro", str(path)],
                      capture_output=True).returncode != 0:
        subprocess.run(["umount", str(path)], check=True)
        return False
    return True


@contextmanager
def without_write_access(*paths: Path) -> Iterator[None]:
    """As a person who may not write `paths`: the write bits removed, or (root, whom write
    bits do not stop) a read-only mount of each; where neither works, the app's own
    question "may I write here?" answers no."""
    if os.geteuid() != 0:
        modes = {path: path.stat().st_mode for path in paths}
        for path in paths:
            path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
        return
    mounted = []
    for path in paths:
        if not may_mount() or not _bind_read_only(path):
            break
        mounted.append(path)
    try:
        if len(mounted) == len(paths):
            yield
        else:
            import db.engine as engine

            refused = {path.resolve() for path in paths}
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(engine, "_writable", lambda p: p.resolve() not in refused)
                yield
    finally:
        for path in reversed(mounted):
            subprocess.run(["umount", str(path)], check=True)


@pytest.fixture
def small_disk() -> Iterator[Path | None]:
    """A 2 MB file system where the machine allows mounting one (root), else None."""
    if not may_mount():
        yield None
        return
    point = Path(tempfile.mkdtemp(prefix="companion-small-disk-"))
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(point)],
                             capture_output=True).returncode == 0
    try:
        yield point if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(point)], check=True)
        point.rmdir()


def fill(disk: Path, leave: int) -> Path:
    """Fill the small disk until `leave` bytes are free."""
    stats = os.statvfs(disk)
    filler = disk / "filler"
    filler.write_bytes(b"\0" * max(0, stats.f_bavail * stats.f_frsize - leave))
    return filler


def disk_full() -> OperationalError:
    return OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))


def new_history(folder: Path, *plays: PlayRecord) -> tuple[str, Path]:
    path = folder / "companion.db"
    url = f"sqlite:///{path}"
    database = db.open_database(url)
    if plays:
        db.add_plays(database, list(plays))
    database.close()
    path.chmod(0o644)
    return url, path


def old_history(folder: Path, notes: int = 0) -> tuple[str, Path]:
    """A history file of the schema before this version's (revision 0003), with one play."""
    path = folder / "companion.db"
    url = f"sqlite:///{path}"
    migrate(url, "0003")
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', "
                     "'2026-01-01 00:00:00')")
        conn.execute("INSERT INTO plays (id, game_id, mode, started_at, finished_at, options, "
                     "record, location, notes, updated_at) VALUES (1, 'juusai', 'table', "
                     "'2026-01-01 19:00:00', '2026-01-01 20:00:00', '{}', NULL, '', ?, "
                     "'2026-01-01 20:00:00')", ("x" * notes,))
        conn.execute("INSERT INTO seats (play_id, seat, player_id, bot_name, bot_kind, faction,"
                     " score, breakdown, rank, winner, start_player) VALUES (1, 0, 1, '', '', "
                     "'', 7, '{}', 1, 1, 1)")
    conn.close()
    path.chmod(0o644)
    return url, path


# -- read-only files and folders, missing tables, the data folder ------------------------------


def test_import_into_a_read_only_history_file(tmp_path, capsys):
    url, path = new_history(tmp_path, play(["Ann", "Bo"], [1, 2]))
    source = history_file(tmp_path, [play(["Cy", "Dee"], [3, 4], day=1)])
    before = digest(path)
    with without_write_access(path):
        code, err = companion(capsys, "--db", url, "import", str(source))
    assert code == 2
    assert "is read-only, so nothing can be saved in it" in sentence(err, "import")
    assert digest(path) == before and len(shown(url)) == 1


@pytest.mark.parametrize(("make", "expected"), [
    (lambda folder: new_history(folder, play(["Ann", "Bo"], [1, 2])),
     ("cannot be written to", "the file itself is unchanged")),  # healthy: not "damaged"
    (old_history, ("needs an update for this version", "cannot be written to")),  # no backup
])
def test_a_history_in_a_read_only_folder_is_a_sentence_not_damage(tmp_path, capsys, make,
                                                                   expected):
    url, path = make(tmp_path)
    before = digest(path)
    with without_write_access(tmp_path):
        code, err = companion(capsys, "--db", url, "export")
    assert code == 2
    said = sentence(err, "export")
    assert all(part in said for part in expected), said
    assert "damaged" not in err and "move-aside" not in err
    assert digest(path) == before and not moved_or_copied(tmp_path)


@pytest.mark.parametrize("table", ["plays", "stat_cells"])
def test_a_missing_table_is_a_sentence(tmp_path, capsys, table):
    url, path = new_history(tmp_path, play(["Ann", "Bo"], [1, 2]))
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute(f"DROP TABLE {table}")
    conn.close()
    before = digest(path)
    for argv in (["export"], ["import", str(history_file(tmp_path, []))], ["db", "check"]):
        code, err = companion(capsys, "--db", url, *argv)
        assert code == 2
        assert f"damaged: its table “{table}” is missing" in sentence(err, argv[0])
        assert digest(path) == before


def test_a_data_folder_that_is_a_file(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(folder))
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    code, err = companion(capsys, "export")
    assert code == 2 and f"The folder {folder} is a file, not a folder" in sentence(err, "export")
    assert folder.read_text() == "not a folder"


# -- locks ---------------------------------------------------------------------------------------


@contextmanager
def locked_by_another_process(path: Path) -> Iterator[None]:
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield
    finally:
        holder.communicate("\n", timeout=30)  # the holder rolls back and ends


def test_another_process_holding_an_exclusive_lock(tmp_path, capsys, monkeypatch):
    url, path = new_history(tmp_path, play(["Ann", "Bo"], [1, 2]))
    source = history_file(tmp_path, [play(["Cy", "Dee"], [3, 4], day=1)])
    monkeypatch.setenv("COMPANION_DB_WAIT", "0.3")
    before = digest(path)
    with locked_by_another_process(path):
        for argv in (["export"], ["import", str(source)], ["db", "move-aside"]):
            code, err = companion(capsys, "--db", url, *argv)
            assert code == 2 and "in use by another program" in sentence(err, argv[0])
    assert digest(path) == before and len(shown(url)) == 1


def test_a_lock_that_outlasts_the_wait_is_a_sentence_and_nothing_is_saved(tmp_path):
    url, path = new_history(tmp_path)
    database = db.open_database(url, wait=0.3)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer keeps the write lock
    try:
        with pytest.raises(db.HistoryBusyError) as info:
            db.add_play(database, play(["Ann", "Bo"], [1, 2]))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert isinstance(info.value, db.HistoryWriteError)
    assert "in use by another program" in info.value.message
    assert "何も保存していない" in info.value.text("ja")
    assert db.count_plays(database) == 0 and db.list_players(database) == []
    db.add_play(database, play(["Ann", "Bo"], [1, 2]))  # the same data, once the lock is gone
    assert db.count_plays(database) == 1
    database.close()


# -- a full disk -------------------------------------------------------------------------------


def many_plays(count: int) -> list[PlayRecord]:
    return [dataclasses.replace(play([f"P{i % 7}", f"Q{i % 5}"], [i % 9, 3], day=i % 300),
                                notes="n" * 300, started_at=datetime(2026, 1, 1)
                                + timedelta(minutes=i), finished_at=datetime(2026, 1, 1)
                                + timedelta(minutes=i, seconds=30))
            for i in range(count)]


def test_a_full_disk_during_import(small_disk, tmp_path, capsys, monkeypatch):
    url, _ = new_history(small_disk or tmp_path, play(["Ann", "Bo"], [1, 2]))
    before = shown(url)
    source = history_file(tmp_path, many_plays(3000))
    if small_disk is not None:
        filler = fill(small_disk, leave=96 * 1024)
    else:
        import db.imports as imports

        calls: list[int] = []

        def fails_on_the_second_step(*args, **kwargs):
            calls.append(1)
            if len(calls) == 2:
                raise disk_full()
            return real(*args, **kwargs)

        real = imports.insert_unstored_plays
        monkeypatch.setattr(imports, "insert_unstored_plays", fails_on_the_second_step)
    code, err = companion(capsys, "--db", url, "import", str(source))
    assert code == 2 and "is full; nothing was saved" in sentence(err, "import")
    if small_disk is not None:
        filler.unlink()
    assert shown(url) == before


def test_a_full_disk_during_the_backup_leaves_no_copy(small_disk, tmp_path, capsys,
                                                     monkeypatch):
    folder = small_disk or tmp_path
    url, path = old_history(folder, notes=600_000)
    if small_disk is not None:
        filler = fill(small_disk, leave=128 * 1024)
    else:
        import db.engine as engine

        def full(source: Path, target: Path) -> None:
            target.write_bytes(b"")  # the copy had begun
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(engine, "_copy_database", full)
    before = digest(path)
    code, err = companion(capsys, "--db", url, "export")
    assert code == 2
    assert "could not be written (the disk is full); nothing was changed" in sentence(err,
                                                                                      "export")
    assert digest(path) == before
    assert not moved_or_copied(folder)
    if small_disk is not None:
        filler.unlink()
    else:
        monkeypatch.undo()
    database = db.open_database(url)  # with room again the update goes through
    assert database.backup is not None and database.backup.stat().st_size > 0
    assert [s.player for s in db.list_plays(database)[0].seats] == ["Ann"]
    database.close()


# -- companion score -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "content", "expected"), [
    ("alluvium", b"\xff\xfesheet R Ann\n", "not UTF-8 text (byte 0 cannot be read)"),
    ("sorani", b"\x82\xa0\x82\xa2", "not UTF-8 text (byte 0 cannot be read)"),
    ("sorani", b'{"players": [{"name": "A", "clusters": 5}]}',
     """player 'A': "clusters" must be a list, not a number"""),
    ("sorani", b'{"players": [{"name": "A"}], "awards": 3}',
     """the file: "awards" must be a list, not a number"""),
])
def test_score_refuses_unreadable_input_in_a_sentence(tmp_path, capsys, game, content,
                                                      expected):
    sheet = tmp_path / "sheet.txt"
    sheet.write_bytes(content)
    code, err = companion(capsys, "score", game, str(sheet))
    assert code == 2 and expected in err and err.count("\n") == 1


# -- imports: what every database stores, duplicates, limits, all-or-nothing -------------------


def at_the_limits() -> PlayRecord:
    """A play at every limit a database imposes (companion/playdata.py)."""
    names = ["花" * 200, "Ann 🎲" + "x" * 194, "مرحبا"]
    seats = [SeatResult(seat=i, player=name, faction="赤" * 64, bot_kind="k" * 64 if i == 2
                        else "", is_bot=i == 2, score=-1e9 + i, breakdown={"c" * 200: 1e9},
                        rank=i + 1, winner=i == 0) for i, name in enumerate(names)]
    return PlayRecord(
        game_id="g" * 64, mode=PlayMode.DIGITAL, started_at=datetime(2026, 2, 1, 19, 0, 0, 1),
        finished_at=datetime(2026, 2, 1, 20), seats=seats, options={"deep": [[[[1]]]]},
        seed=2**63 - 1, location="場" * 200, notes="メモ" * 5000,
        record={"game": "g" * 64, "players": 3, "seed": -(2**63) + 1,
                "moves": [{"seat": i % 3, "move": "m" * (1000 if i == 0 else 2)}
                          for i in range(10_000)]})


@pytest.mark.organiser
def test_a_file_exported_from_sqlite_imports_into_every_database(tmp_path, db_url, capsys):
    source_url, _ = new_history(tmp_path, at_the_limits())
    exported = tmp_path / "export.json"
    assert cli.main(["--db", source_url, "export", "-o", str(exported)]) == 0
    assert cli.main(["--db", db_url, "import", str(exported)]) == 0
    capsys.readouterr()
    (stored,) = shown(db_url)
    assert dataclasses.replace(stored, id=None) == at_the_limits()


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: setattr(p.seats[0], "player", "A\x00nn"), "NUL character"),
    (lambda p: setattr(p.seats[0], "faction", "f" * 65), "at most 64 characters"),
    (lambda p: setattr(p, "game_id", "../../etc/passwd"), "a game id of a-z"),
    (lambda p: p.record["moves"].append({"seat": 0, "move": "x"}), "at most 10000 moves"),
    (lambda p: setattr(p.seats[2], "player", "\ud800"), "unpaired surrogate"),
    (lambda p: setattr(p.seats[1], "player", "花" * 200), "sits in seats 1 and 2"),
    (lambda p: setattr(p.seats[1], "player", "花" * 201), "at most 200 characters"),
])
@pytest.mark.organiser
def test_what_no_database_stores_is_refused_by_the_import_and_by_every_write(
        tmp_path, db_url, capsys, change, message):
    bad = at_the_limits()
    change(bad)
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(history_json.plays_to_json([bad])), "utf-8")
    code, err = companion(capsys, "--db", db_url, "import", str(source))
    assert code == 2 and message in err and "nothing was imported" in err
    database = db.open_database(db_url)
    with pytest.raises(db.DatabaseError) as info:
        db.add_play(database, bad)
    assert message in info.value.message and not isinstance(info.value, db.HistoryWriteError)
    assert db.count_plays(database) == 0
    database.close()


@pytest.mark.organiser
def test_infinity_and_nan_are_refused_in_a_file_and_by_every_write(tmp_path, db_url, capsys):
    bad = play(["Ann", "Bo"], [1, 2])
    bad.record = {"moves": [], "result": [float("inf")]}
    with pytest.raises(history_json.ImportValidationError, match=r"record\.result\[0\]: expected a "
                       "finite number, got inf"):
        history_json.plays_from_json(history_json.plays_to_json([bad]) | {"plays": [
            {**history_json.plays_to_json([bad])["plays"][0], "record": bad.record}]})
    source = tmp_path / "nan.json"
    source.write_text(history_json.dumps([play(["Ann", "Bo"], [1, 2])]).replace(
        '"notes": "night 0"', '"notes": "night 0", "seed": NaN'), "utf-8")
    code, err = companion(capsys, "--db", db_url, "import", str(source))
    assert code == 2 and "NaN is not a number JSON allows" in err
    database = db.open_database(db_url)
    with pytest.raises(db.DatabaseError, match="expected a finite number, got inf"):
        db.add_play(database, bad)
    assert db.count_plays(database) == 0
    database.close()


@pytest.mark.organiser
def test_a_repeat_import_adds_nothing_after_normalising(tmp_path, db_url, capsys):
    data = {"format": "tabletop-companion-history", "version": 1, "plays": [
        {"game": "juusai", "mode": "table", "started_at": "2026-11-22T19:30:00+09:00",
         "finished_at": "2026-11-22T20:30:00+09:00",
         "seats": [{"seat": 0, "player": " Ann ", "score": 3, "winner": True},
                   {"seat": 1, "player": "Bo\u00a0Lee", "score": 1}]},
        {"game": "juusai", "mode": "table", "started_at": "2026-11-23T10:30:00Z",
         "finished_at": "2026-11-23T11:30:00Z",
         "seats": [{"seat": 0, "player": "Ann", "score": 2},
                   {"seat": 1, "player": "Bo Lee", "score": 5, "winner": True}]},
        {"game": "juusai", "mode": "table", "started_at": "2026-11-22T10:30:00Z",
         "finished_at": "2026-11-22T11:30:00Z",  # the first play again, spelt otherwise
         "seats": [{"seat": 0, "player": "Ann", "score": 3, "winner": True},
                   {"seat": 1, "player": "Bo  Lee", "score": 1}]}]}
    source = tmp_path / "club.json"
    source.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    code, err = companion(capsys, "--db", db_url, "import", str(source))
    assert code == 0 and "skipped 1 of 3 plays: already in the database" in err
    code, err = companion(capsys, "--db", db_url, "import", str(source))
    assert code == 0 and "skipped 3 of 3 plays: already in the database" in err
    database = db.open_database(db_url)
    assert db.count_plays(database) == 2
    assert [p.name for p in db.list_players(database)] == ["Ann", "Bo Lee"]
    assert {(s.player, s.plays) for s in db.player_stats(database, "")} == {("Ann", 2),
                                                                           ("Bo Lee", 2)}
    database.close()


@pytest.mark.organiser
def test_one_person_in_two_seats_is_refused_everywhere(tmp_path, db_url, capsys):
    database = db.open_database(db_url)
    with pytest.raises(db.DatabaseError, match="Ann sits in seats 1 and 3") as info:
        db.add_play(database, play(["Ann", "Bo", " Ann"], [1, 2, 3]))
    assert info.value.text("ja") == ("この対局は保存できません。Ann が席 1 と席 3 の両方に座って"
                                     "います（1 人が座れるのは 1 つの席だけです）。")
    db.add_play(database, play(["Ann", "Bo"], [1, 2]))
    db.add_play(database, play(["ann", "Cy"], [3, 4], day=1))
    ids = {p.name: p.id for p in db.list_players(database)}
    db.add_play(database, play(["Ann", "ann"], [5, 6], day=2))
    with pytest.raises(db.DatabaseError, match="both played in play"):
        db.merge_players(database, ids["Ann"], ids["ann"])
    assert db.player_play_counts(database) == {"Ann": 2, "ann": 2, "Bo": 1, "Cy": 1}
    database.close()


@pytest.mark.parametrize(("content", "message"), [
    ("[" * 100_000 + "]" * 100_000, "file: nested more than 16 levels deep"),
    ('{"format": "tabletop-companion-history", "version": 1, "plays": [{"options": {"a": '
     + "[" * 100_000 + "]" * 100_000 + "}}]}", "play 1: nested more than 16 levels deep"),
    ('{"format": "tabletop-companion-history", "version": ' + "9" * 5000 + "}",
     "version: a number of 5000 characters (at most 24)"),
    ('{"format": "tabletop-companion-history", "version": 1, "plays": [{"seed": 1e400}]}',
     "play 1: a number too long or too large: 1e400"),
])
def test_size_limits_are_sentences(tmp_path, capsys, content, message):
    source = tmp_path / "deep.json"
    source.write_text(content, "utf-8")
    code, err = companion(capsys, "--db", f"sqlite:///{tmp_path / 'h.db'}", "import",
                          str(source))
    assert code == 2 and message in err
    assert not (tmp_path / "h.db").exists()  # the file is checked before the database opens


def test_a_file_larger_than_the_limit_is_refused_without_reading_it_all(tmp_path, capsys,
                                                                      monkeypatch):
    monkeypatch.setattr(history_json, "MAX_FILE_BYTES", 2 * 1024 * 1024)
    code, err = companion(capsys, "--db", f"sqlite:///{tmp_path / 'h.db'}", "import",
                          "/dev/zero")
    assert code == 2
    assert "/dev/zero is larger than 2 MB, the largest history file this app imports" in err


def test_an_unknown_game_is_kept_by_its_id_and_an_unreadable_record_prints_no_sheet(
        tmp_path, capsys):
    url, _ = new_history(tmp_path)
    plays = [play(["Ann", "Bo"], [1, 2], game="kemari"),
             dataclasses.replace(play(["Ann", "Bo"], [1, 2], day=1, bots=("Bo",)),
                                 game_id="alluvium", record={"moves": [{"seat": 0,
                                                                        "move": "x"}]})]
    assert companion(capsys, "--db", url, "import", str(history_file(tmp_path, plays)))[0] == 0
    kemari, alluvium = sorted(shown(url), key=lambda p: p.started_at)
    assert kemari.game_id == "kemari"
    out = tmp_path / "sheet.pdf"
    assert companion(capsys, "--db", url, "pdf", "--play", str(kemari.id), "-o", str(out))[0] == 0
    code, err = companion(capsys, "--db", url, "pdf", "--play", str(alluvium.id), "-o",
                          str(tmp_path / "no.pdf"))
    assert code == 2 and "its game record cannot be replayed" in err
    assert not (tmp_path / "no.pdf").exists()


def test_an_import_in_steps_lets_the_autosave_in_and_stays_all_or_nothing(tmp_path):
    url, _ = new_history(tmp_path)
    database = db.open_database(url)
    app = db.open_database(url, wait=0.0)  # the app's autosave does not wait at all here
    autosaved: list[int] = []
    plays = many_plays(30)

    def plays_while_the_app_autosaves(fail_at: int | None) -> Iterator[PlayRecord]:
        for index, one in enumerate(plays):
            if index and index % 10 == 0:  # between two steps of 10 plays
                unfinished = play(["Ann", "Bot"], [None, None], finished=False, bots=("Bot",),
                                  day=index)
                autosaved.append(db.save_autosave(app, unfinished))
                assert db.count_plays(app) == len(autosaved)  # the import is not shown yet
            if index == fail_at:
                raise RuntimeError("the file ended early")
            yield one

    with pytest.raises(RuntimeError):
        db.import_plays(database, plays_while_the_app_autosaves(fail_at=25), chunk=10)
    assert db.count_plays(database) == 2 and not any(
        p.name.startswith(("P", "Q")) for p in db.list_players(database))
    with database.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM plays")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM pending_imports")).scalar() == 0
    result = db.import_plays(database, plays_while_the_app_autosaves(fail_at=None), chunk=10)
    assert (result.imported, result.skipped) == (30, 0)
    assert db.count_plays(database) == 30 + len(autosaved) == 34
    assert sum(s.plays for s in db.player_stats(database, "") if s.player.startswith("P")) == 30
    app.close()
    database.close()


def test_an_import_killed_half_way_stays_hidden_and_is_removed_later(tmp_path):
    url, _ = new_history(tmp_path)
    database = db.open_database(url)
    import_id = db.engine.run_write(database, _begin)
    db.engine.run_write(database, lambda s: _stage(s, import_id, [_identified(
        db.repository.checked(play(["Zed", "Bo"], [1, 2])), True)], _Seen()))
    assert db.count_plays(database) == 0  # hidden while pending
    db.engine.run_write(database, lambda s: s.execute(
        update(PendingImportRow).values(touched_at=datetime(2020, 1, 1))))
    db.import_plays(database, [play(["Ann", "Bo"], [1, 2], day=3)])
    with database.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM plays")).scalar() == 1
    assert [p.name for p in db.list_players(database)] == ["Ann", "Bo"]
    database.close()


def test_the_checks_fit_every_column_of_the_database():
    from companion import playdata
    from db.models import Base

    limits = {"players.name": 200, "seats.bot_name": 200, "plays.game_id": 64,
              "plays.location": 200, "seats.faction": 64, "seats.bot_kind": 64,
              "seats.team": 64, "stat_cells.game_id": 64, "play_cells.game_id": 64,
              "rival_cells.game_id": 64}
    columns = {f"{table.name}.{column.name}": column for table in Base.metadata.tables.values()
               for column in table.columns}
    sized = {name for name, column in columns.items() if getattr(column.type, "length", None)}
    # the app's own values (created_by: a PostgreSQL login name, filled in by the server)
    assert sized - set(limits) == {"plays.mode", "plays.created_by", "settings.key",
                                   "stat_cells.period", "plays.uid", "pending_imports.owner",
                                   "plays.win_mode", "play_cells.period", "rival_cells.period"}
    for name, limit in limits.items():
        assert columns[name].type.length == limit, name  # the column, as migrated
    assert (playdata.NAME_LENGTH, playdata.LOCATION_LENGTH, playdata.GAME_ID_LENGTH,
            playdata.SHORT_TEXT_LENGTH) == (200, 200, 64, 64)  # the checks: the same sizes


@pytest.mark.parametrize(("typed", "stored"), [
    (" Ann ", "Ann"), ("Ann\u00a0", "Ann"), ("Bo\u00a0 Lee", "Bo Lee"),
    ("山田\u3000太郎", "山田 太郎"), ("\u304b\u3099", "\u304c"),
])
def test_names_are_normalised_before_they_are_stored_or_compared(tmp_path, typed, stored):
    url, _ = new_history(tmp_path, play([stored, "Other"], [1, 2]))
    database = db.open_database(url)
    db.add_play(database, play([typed, "Other"], [3, 1], day=1))
    assert [p.name for p in db.list_players(database)] == sorted([stored, "Other"])
    with pytest.raises(db.DuplicatePlayerError):
        db.add_player(database, typed)
    database.close()
