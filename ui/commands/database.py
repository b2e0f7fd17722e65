"""`companion db check | move-aside`: the history file itself.

- `check` opens the history (the one the app opens: --db, COMPANION_DB_URL, else the one
  chosen in Settings; as the app does at start, migrating it if needed), runs SQLite's full
  integrity check on a history file, and says how many plays and players it holds, or in
  one sentence why it cannot be used (exit status 2): a damaged file does not pass.
- `recount` (the organiser of a club's history) recounts the statistics from the stored plays
  and says how many cells were wrong.
- `move-aside` renames the history file (and its -wal/-shm files) to
  `companion.db.broken-<time>`, keeping every byte, so that the next start begins with an
  empty history: what the app advises for a damaged file or one from a newer version. It
  refuses while the app or another command has the history open (db/filelock.py), and for
  another program's database (a file with tables, none of a history's).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

from ui.commands import chosen_url, open_history


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["check", "recount", "move-aside"],
                        help="check: open the history and count it; recount: rebuild its "
                             "statistics from the plays; move-aside: rename the history file "
                             "so the next start begins empty (nothing deleted)")


def _fail(message: str) -> int:
    print(f"companion db: {message}", file=sys.stderr)
    return 2


def _history_file(url: str | None) -> Path | str:
    """The history file named by --db / COMPANION_DB_URL / Settings / the default, or why
    there is none."""
    import db

    chosen = chosen_url(url) or db.default_url()
    path = db.sqlite_path(db.check_location(chosen))
    if path is None:
        return "only a history file can be moved aside; this history is on a database server."
    if not path.exists():
        return f"there is no history file at {path}; nothing was moved."
    return path


def _in_use(path: Path) -> bool:
    """Another program is writing to the file (a best effort: a reader is not seen)."""
    conn = sqlite3.connect(path, timeout=0)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.rollback()
        return False
    except sqlite3.OperationalError as exc:
        return "locked" in str(exc) or "busy" in str(exc)
    except sqlite3.DatabaseError:
        return False  # not a database at all: nobody writes to it
    finally:
        conn.close()


def move_aside(url: str | None) -> int:
    import db

    path = _history_file(url)
    if isinstance(path, str):
        return _fail(path)
    db.refuse_foreign(path)  # before anything opens it for writing
    if _in_use(path):
        return _fail(f"{path} is in use by another program; close it first (nothing was moved).")
    try:
        kept = db.move_aside(path)
    except OSError as exc:
        return _fail(f"{path} could not be renamed ({exc.strerror}); nothing was moved.")
    print(f"moved {path} to {kept}; the next start begins with an empty history")
    return 0


def check(url: str | None) -> int:
    import db
    from db.integrity import require_intact

    database = open_history(url)
    try:
        require_intact(database, full=True)
        plays, players = db.count_plays(database), len(db.list_players(database))
    finally:
        database.close()
    print(f"{database.where}: {plays} plays, {players} players")
    return 0


def recount(url: str | None) -> int:
    import db

    database = open_history(url)
    try:
        wrong = db.recount_statistics(database)
    finally:
        database.close()
    print(f"{database.where}: statistics recounted, {wrong} cells were wrong")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.action == "move-aside":
        return move_aside(args.db)
    return recount(args.db) if args.action == "recount" else check(args.db)
