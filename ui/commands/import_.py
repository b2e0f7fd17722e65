"""`companion import FILE`: read a history JSON file (from `companion export`) into the database.

Every field of every play is checked first, reading the file one play at a time; on the first
problem the message names its place (e.g. "plays[3].seats[1].score: expected a number, got
'abc'"), nothing is written and the exit status is 2. Then the plays are written all or none
(db.import_plays: in steps that let the app's autosave in between). Plays already in the
database (same game, start time and players, after trimming names and reading time zones) are
skipped unless `--allow-duplicates` is given. Limits: see companion/export/history_json.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ui.commands import open_history


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a JSON history file ('-' = standard input)")
    parser.add_argument("--allow-duplicates", action="store_true",
                        help="also import plays that are already in the database")


def _read(path: Path) -> bytes:
    from companion.export.history_json import read_file

    if str(path) == "-":
        return read_file(sys.stdin.buffer, "standard input")
    with path.open("rb") as stream:
        return read_file(stream, str(path))


def _fail(message: str, *more: str) -> int:
    for line in (f"companion import: {message}", *more):
        print(line, file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    import db
    from companion.export.history_json import ImportValidationError, as_text, iter_plays

    try:
        text = as_text(_read(args.file))
        count = sum(1 for _ in iter_plays(text))
    except OSError as exc:
        return _fail(f"cannot read {args.file}: {exc.strerror or exc}")
    except ImportValidationError as exc:
        return _fail(f"{args.file}: {exc}", "nothing was imported")
    database = open_history(args.db)
    try:
        result = db.import_plays(database, iter_plays(text),
                                 skip_duplicates=not args.allow_duplicates)
    finally:
        database.close()
    print(f"imported {result.imported} plays")
    if result.skipped:
        print(f"skipped {result.skipped} of {count} plays: already in the database or "
              "repeated in the file", file=sys.stderr)
    return 0
