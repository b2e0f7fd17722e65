"""What the File menu does with the history: import with the command line's checks (all or
nothing, duplicates skipped), every play at one moment, and backups that open as histories."""

from __future__ import annotations

import json
import sqlite3

import pytest

import db
from companion.export.history_json import plays_from_json
from db.imports import import_plays
from db.transfer import BackupError, every_play, write_backup
from tests.db.helpers import play


@pytest.mark.organiser
def test_import_skips_plays_already_there_and_repeated_ones(database) -> None:
    db.add_play(database, play(["Ann", "Bo"], [3, 4], day=0))
    plays = [play(["Ann", "Bo"], [3, 4], day=0), play(["Ann", "Cy"], [5, 1], day=1),
             play(["Ann", "Cy"], [5, 1], day=1)]
    result = import_plays(database, plays)
    assert (result.imported, result.skipped) == (1, 2)
    assert db.count_plays(database) == 2
    again = import_plays(database, plays, skip_duplicates=False)
    assert (again.imported, again.skipped) == (3, 0)


def test_a_failing_import_writes_nothing(database) -> None:
    bad = play(["Ann", "  "], [1, 2], day=3)  # a seat without a name cannot be stored
    with pytest.raises(db.DatabaseError):
        import_plays(database, [play(["Ann", "Bo"], [3, 4]), bad])
    assert db.count_plays(database) == 0 and db.list_players(database) == []


def test_every_play_oldest_first_unfinished_included(database) -> None:
    db.add_plays(database, [play(["Ann"], [1], day=2), play(["Bo"], [2], day=1),
                            play(["Cy"], [3], day=3, finished=False, bots=("Cy",))])
    assert [p.seats[0].player for p in every_play(database)] == ["Bo", "Ann", "Cy"]


def test_a_backup_opens_as_a_history(database, tmp_path) -> None:
    timed = play(["Ann", "Bo"], [3, 4], game="other:Catan")
    timed.duration_s = 600
    db.add_plays(database, [timed, play(["Cy"], [3], day=2, finished=False, bots=("Cy",))])
    steps: list[tuple[int, int]] = []
    target = write_backup(database, tmp_path / "copy", lambda done, total: steps.append(
        (done, total)))
    assert steps and steps[-1][0] == steps[-1][1]  # progress up to the end
    if database.is_sqlite:
        with sqlite3.connect(target) as conn:  # one file, not in WAL mode
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        copy = db.open_database(f"sqlite:///{target}")
        restored = db.list_plays(copy)
        copy.close()
    else:  # every play as history JSON, read back by the importer
        restored = plays_from_json(target.read_bytes())
        assert json.loads(target.read_text("utf-8"))["format"] == "tabletop-companion-history"
    assert sorted((p.game_id, p.duration_s, p.is_finished) for p in restored) == [
        ("juusai", None, False), ("other:Catan", 600, True)]
    assert [f.name for f in tmp_path.iterdir() if f.name.startswith(".copy")] == []


def test_a_backup_that_cannot_be_written_says_so_and_leaves_nothing(database, tmp_path) -> None:
    db.add_play(database, play(["Ann"], [1]))
    with pytest.raises(BackupError, match=r"could not be written to .*Nothing was written"):
        write_backup(database, tmp_path / "no such folder" / "copy.db")
    if database.path is not None:
        with pytest.raises(BackupError, match="cannot replace the history"):
            write_backup(database, database.path)
