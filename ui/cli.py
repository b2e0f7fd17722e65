"""The `companion` command: the GUI by default, sub-commands for scripts and power users.

Sub-command modules are imported only when used, so `companion export` never loads Qt.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import os
import sys
from collections.abc import Sequence
from typing import Any

#: name -> (module under ui.commands, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "export": ("export", "write the play history as JSON, CSV or BG Stats JSON"),
    "import": ("import_", "import a JSON history file (validated before anything is written)"),
    "pdf": ("pdf", "print a score sheet (blank, or filled from a play) to PDF"),
    "bench": ("bench", "measure start-up, statistics queries, PDF and engines (JSON lines)"),
    "play": ("play", "headless games between bots, printing records and the tally"),
    "score": ("score", "score a sheet written in a game's text format"),
    "db": ("database", "the history: check it, recount its statistics, or move a damaged file "
                       "aside"),
    "replay": ("replay", "print a digital play's moves with each position's description"),
    "table": ("table", "play across laptops on a club's PostgreSQL history: open, join, "
                       "play, list"),
}


def build_parser() -> argparse.ArgumentParser:
    """The whole command line (the GUI's own start reads its two options without it)."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Tabletop companion: table tools, digital play, history and score sheets.",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        default=os.environ.get("COMPANION_DB_URL"),
        help="database URL (default: SQLite in the user data folder; env COMPANION_DB_URL)",
    )
    parser.add_argument("--lang", choices=["ja", "en"], help="interface language")
    parser.add_argument("--details", action="store_true",
                        help="with a database problem, also print its technical detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        _command_module(module_name).add_arguments(sub_parser)
    return parser


def _command_module(module_name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"ui.commands.{module_name}")


def gui_arguments(argv: Sequence[str]) -> argparse.Namespace | None:
    """Only --db/--lang given (a known language): the GUI's quick path, read without argparse
    (whose messages load gettext and the locale tables) and the commands' modules. None: a
    command, help, or a mistake, which the full parser reads and explains."""
    values: dict[str, str | None] = {"db": os.environ.get("COMPANION_DB_URL"), "lang": None}
    rest = list(argv)
    while rest:
        token = rest.pop(0)
        name, equals, value = token.partition("=")
        if name not in ("--db", "--lang"):
            return None
        if not equals:
            if not rest or rest[0].startswith("-"):
                return None
            value = rest.pop(0)
        values[name[2:]] = value
    if values["lang"] not in (None, "ja", "en"):
        return None
    return argparse.Namespace(command=None, details=False, **values)


def hide_passwords_in_title(argv: Sequence[str]) -> bool:
    """Rewrite this process's title (what `ps` and /proc/<pid>/cmdline show to every user of
    the computer) with the passwords in `argv` masked; True when it had one. Without the
    setproctitle package it cannot: a warning says where to keep the password instead."""
    if not any("@" in arg or "password" in arg.lower() for arg in argv[1:]):
        return False  # nothing that can hold a password: SQLAlchemy is not even loaded
    from db.credentials import mask_location, redact

    shown = [argv[0]]
    for before, arg in itertools.pairwise(argv):
        if before == "--db":
            shown.append(mask_location(arg))
        elif arg.startswith("--db="):
            shown.append("--db=" + mask_location(arg[len("--db="):]))
        else:
            shown.append(redact(arg))
    if shown == list(argv):
        return False
    try:
        import setproctitle
    except ImportError:
        print("companion: warning: the password in the command line can be seen by every user "
              "of this computer (ps); keep it in ~/.pgpass, a libpq service file or "
              "PGPASSWORD instead", file=sys.stderr)
        return True
    setproctitle.setproctitle(" ".join(shown))
    return True


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        hide_passwords_in_title(sys.orig_argv)
    argv = list(sys.argv[1:] if argv is None else argv)
    args = gui_arguments(argv) or build_parser().parse_args(argv)
    if args.command is None:
        import gc

        gc.disable()  # until the window is shown (`ui.app.finish_start_up`)
        from ui.app import run_gui

        return run_gui(args)
    module_name = SUBCOMMANDS[args.command][0]
    try:
        return int(_command_module(module_name).run(args))
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        problem = _database_problem(exc)
        if problem is None:
            raise
        print(f"companion {args.command}: {problem.message}", file=sys.stderr)
        if type(problem).__name__ in ("CorruptDatabaseError", "NewerDatabaseError") \
                and getattr(problem, "path", None) is not None:  # a file, not a server
            print("hint: `companion db move-aside` keeps the file under another name (nothing "
                  "is deleted) so that the next start begins with an empty history",
                  file=sys.stderr)
        if args.details and problem.detail:
            print(f"detail: {problem.detail}", file=sys.stderr)
        return 2


def _database_problem(exc: Exception) -> Any:
    """The `db.DatabaseError` that explains `exc` (a driver's error included), else None."""
    import sqlite3

    if type(exc).__module__.split(".")[0] not in ("db", "sqlalchemy", "sqlite3", "psycopg") \
            and not isinstance(exc, sqlite3.Error):
        return None
    from db import DatabaseError, describe  # only here: commands without a database stay light

    return exc if isinstance(exc, DatabaseError) else describe(exc, "")


if __name__ == "__main__":
    sys.exit(main())
