"""`companion import FILE`: read a history JSON file (from `companion export`) into the database.

Every field of every play is checked first; on the first problem the message names its place
(e.g. "plays[3].seats[1].score: expected a number, got 'abc'"), nothing is written and the exit
status is 2. Otherwise all plays are written in one transaction. Plays already in the database
(same game, start time and players) are skipped unless `--allow-duplicates` is given.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a JSON history file ('-' = standard input)")
    parser.add_argument("--allow-duplicates", action="store_true",
                        help="also import plays that are already in the database")


def _read(path: Path) -> bytes:
    return sys.stdin.buffer.read() if str(path) == "-" else path.read_bytes()


def run(args: argparse.Namespace) -> int:
    import dataclasses

    import db
    from companion.export.bgstats import play_key
    from companion.export.history_json import ImportValidationError, plays_from_json

    try:
        plays = plays_from_json(_read(args.file))
    except OSError as exc:
        print(f"companion import: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except ImportValidationError as exc:
        print(f"companion import: {args.file}: {exc}", file=sys.stderr)
        print("nothing was imported", file=sys.stderr)
        return 2
    database = db.open_database(args.db)
    skipped = 0
    if not args.allow_duplicates:
        present = {play_key(p) for p in db.list_plays(database, finished=True)}
        fresh = [p for p in plays if play_key(p) not in present]
        skipped = len(plays) - len(fresh)
        plays = fresh
    ids = db.add_plays(database, [dataclasses.replace(p, id=None) for p in plays])
    print(f"imported {len(ids)} plays")
    if skipped:
        print(f"skipped {skipped} plays already in the database", file=sys.stderr)
    return 0
