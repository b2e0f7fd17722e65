"""Moving a history in and out as the app's File menu does: import (the command line's checks),
every play read at one moment, and backups.

A backup is a consistent copy of the whole history:
- SQLite: a copy of the history file made with SQLite's online backup API (the app may keep
  writing meanwhile; the copy is of one moment), written under a temporary name and renamed,
  with its journal folded in so it is one file that `--db sqlite:///…` opens as it is;
- PostgreSQL: every play (finished or not) read in one REPEATABLE READ transaction and written as
  the app's history JSON, which File › Import history… (or `companion import`) reads back into
  any history, SQLite or PostgreSQL. No `pg_dump` is needed on the machine.

A BG Stats export is read for a history by `read_bgstats_file` (its players matched to the
history's), then stored by `db.import_plays` like any import.
"""

from __future__ import annotations

import dataclasses
import os
import sqlite3
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.export.bgstats_import import BGStatsFile
from companion.history import PlayRecord
from db.engine import Database, DatabaseError
from db.reading import readable
from db.repository import list_plays

#: (done, total) — how far a long piece of work has come.
Progress = Callable[[int, int], None]
#: Pages the SQLite backup copies per step (a step reports progress).
BACKUP_PAGES = 256


class BackupError(DatabaseError):
    """The backup could not be written; nothing was left half-written."""


def _nothing(_done: int, _total: int) -> None:
    return None


def every_play(database: Database) -> list[PlayRecord]:
    """Every play, finished or not, oldest first, as the history held them at one moment
    (PostgreSQL: one REPEATABLE READ transaction)."""
    if not database.is_sqlite:
        engine = database.engine.execution_options(isolation_level="REPEATABLE READ")
        database = dataclasses.replace(database, engine=engine)
    return list(reversed(list_plays(database)))


def backup_kind(database: Database) -> str:
    """"sqlite" (a copy of the history file) or "json" (every play as history JSON)."""
    return "sqlite" if database.path is not None else "json"


def write_backup(database: Database, target: Path, progress: Progress = _nothing,
                 left_out: list[int] | None = None) -> Path:
    """Write a backup of the history to `target` (see the module's text); `BackupError`
    with a sentence when it cannot be written (then no file is left behind). A JSON backup
    leaves out the plays the history holds but cannot read (db/reading.py): their numbers go
    into `left_out` (db.reading.left_out_text says it)."""
    target = Path(target)
    if database.path is not None and target.resolve() == database.path.resolve():
        raise BackupError("A backup cannot replace the history it is a copy of; choose "
                          "another file.", target)
    try:
        if backup_kind(database) == "sqlite":
            _write_atomically(target, lambda temp: _copy_sqlite(database, temp, progress))
        else:
            _write_atomically(target, lambda temp: _write_json(database, temp, progress,
                                                               left_out))
    except (OSError, sqlite3.Error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise BackupError(f"The backup could not be written to {target}: {reason}. "
                          "Nothing was written.", target) from exc
    return target


def _write_atomically(target: Path, write: Callable[[Path], None]) -> None:
    """`write` a temporary file beside `target`, then rename it over `target`."""
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.resolve().parent)
    os.close(handle)
    temp = Path(name)
    try:
        write(temp)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _copy_sqlite(database: Database, temp: Path, progress: Progress) -> None:
    assert database.path is not None
    source = sqlite3.connect(f"{database.path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        dest = sqlite3.connect(temp)
        try:
            source.backup(dest, pages=BACKUP_PAGES,
                          progress=lambda _status, left, total: progress(total - left, total))
            dest.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
        finally:
            dest.close()
    finally:
        source.close()


def _write_json(database: Database, temp: Path, progress: Progress,
                left_out: list[int] | None) -> None:
    from companion.export.history_json import dumps

    progress(0, 2)
    plays, unreadable = readable(every_play(database))
    if left_out is not None:
        left_out[:] = sorted(int(play.id or 0) for play in unreadable)
    text = dumps(plays)
    progress(1, 2)
    temp.write_text(text, encoding="utf-8")
    progress(2, 2)


def read_bgstats_file(database: Database, data: str | bytes | Mapping[str, Any]) -> BGStatsFile:
    """A BG Stats export read for this history: its players matched to the history's by name,
    its games to the other games the history holds (`BGStatsFileError` when it is none)."""
    from companion.export.bgstats_import import read_bgstats
    from db.repository import list_players, other_game_ids

    return read_bgstats(data, [player.name for player in list_players(database)],
                        other_game_ids(database))
