"""Is a SQLite file sound, and is it a history at all: checked before anything is written.

- `file_problems` runs SQLite's `PRAGMA quick_check` (or the full `integrity_check`) on a
  read-only connection: damaged pages, broken indexes and the like.
- `require_intact` refuses an open history whose file is damaged (`CorruptDatabaseError`),
  before an import writes into it; `db check` runs the full check.
- `foreign_tables` names the tables of another program's SQLite file (a browser's
  places.sqlite...): a file that has tables but none of ours is refused untouched, never made
  into a history (only an empty file or a history is accepted).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from db.errors import CorruptDatabaseError

if TYPE_CHECKING:
    from db.engine import Database

#: At most this many problems are read from SQLite's report.
MAX_PROBLEMS = 10
#: The tables by which a history is recognised (a damaged one may miss some).
OUR_TABLES = frozenset({"alembic_version", "plays", "players", "seats", "settings",
                        "stat_cells", "pending_imports"})


class NotAHistoryError(CorruptDatabaseError):
    """A SQLite file of another program: refused, and left as it was."""


def readonly(path: Path, wait: float = 0.0) -> sqlite3.Connection:
    """A read-only connection to the file (it is never written through)."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=wait)


def problems_of(conn: sqlite3.Connection, *, full: bool = False) -> list[str]:
    """What SQLite's check finds wrong with the database of `conn` ([] when sound)."""
    pragma = "integrity_check" if full else "quick_check"
    try:
        rows = [str(row[0]) for row in conn.execute(f"PRAGMA {pragma}({MAX_PROBLEMS})")]
    except sqlite3.DatabaseError as exc:  # too damaged to be checked
        return [str(exc)]
    return [] if rows == ["ok"] else rows


def file_problems(path: Path, *, full: bool = False, wait: float = 0.0) -> list[str]:
    """What SQLite's check finds wrong with the file ([] when sound)."""
    try:
        conn = readonly(path, wait)
    except sqlite3.Error as exc:
        return [str(exc)]
    try:
        return problems_of(conn, full=full)
    finally:
        conn.close()


def damaged(path: Path, problems: list[str]) -> CorruptDatabaseError:
    return CorruptDatabaseError(
        f"The history file {path} is damaged (SQLite's check found {len(problems)} "
        "problem" + ("s" if len(problems) != 1 else "") + "); nothing was written to it.",
        path, ja=f"履歴ファイル {path} は壊れています（SQLite の検査で {len(problems)} 件の問題が"
                 "見つかりました）。何も書き込んでいません。",
        detail="; ".join(problems))


def require_intact(database: Database, *, full: bool = False) -> None:
    """`CorruptDatabaseError` when the history's file is damaged (a server's history is the
    server's to keep sound: nothing is checked there)."""
    if database.path is None:
        return
    problems = file_problems(database.path, full=full, wait=database.wait)
    if problems:
        raise damaged(database.path, problems)


def foreign_tables(tables: set[str]) -> list[str]:
    """The tables of a file that is another program's ([] for an empty file or a history)."""
    mine = {t for t in tables if not t.startswith("sqlite_")}
    return [] if not mine or mine & OUR_TABLES else sorted(mine)


def not_a_history(path: Path, tables: list[str]) -> NotAHistoryError:
    shown = ", ".join(tables[:5]) + (", …" if len(tables) > 5 else "")
    return NotAHistoryError(
        f"{path} is another program's database (its tables: {shown}), not a history of this "
        "app; it was left unchanged.", path,
        ja=f"{path} は別のプログラムのデータベースで（テーブル: {shown}）、このアプリの履歴では"
           "ありません。変更していません。",
        detail=f"{path}: tables {', '.join(tables)}")
