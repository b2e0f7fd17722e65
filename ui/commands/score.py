"""`companion score GAME FILE [--json]`: score a sheet written in a game's text format.

A game offers this by putting a callable in `GameInfo.extras["score_file"]`:
`(text: str, as_json: bool) -> str` that raises `ValueError` (naming line and column) for a
bad file.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

#: A score sheet is a few kilobytes; a file past this is not one (and /dev/zero never ends).
MAX_SHEET_BYTES = 1024 * 1024
#: Control characters (NUL...) a sheet cannot hold: only tab and line ends are text.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


class SheetFileError(Exception):
    """The file is no score sheet at all; the message says why in a sentence."""


def read_sheet(file: Path) -> str:
    """The text of a sheet file ('-': standard input): UTF-8, at most `MAX_SHEET_BYTES`,
    without control characters; `SheetFileError` otherwise."""
    try:
        if str(file) == "-":
            data = sys.stdin.buffer.read(MAX_SHEET_BYTES + 1)
        else:
            with file.open("rb") as stream:
                data = stream.read(MAX_SHEET_BYTES + 1)
    except OSError as exc:
        raise SheetFileError(f"cannot read {file}: {exc.strerror or exc}") from None
    if len(data) > MAX_SHEET_BYTES:
        raise SheetFileError(f"{file}: larger than {MAX_SHEET_BYTES // 2**20} MB, which no "
                             "score sheet is; nothing was scored")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SheetFileError(f"{file}: not UTF-8 text (byte {exc.start} cannot be read); save "
                             "the sheet as UTF-8") from None
    control = _CONTROL.search(text)
    if control is not None:
        at = control.start()
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        raise SheetFileError(f"{file}: line {line}, column {column}: a control character "
                             f"(U+{ord(control.group()):04X}) that a score sheet cannot hold")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. alluvium or sorani")
    parser.add_argument("file", type=Path, help="the sheet in the game's text format ('-' = stdin)")
    parser.add_argument("--json", action="store_true", help="print the breakdown as JSON")


def run(args: argparse.Namespace) -> int:
    from companion.games import registry

    try:
        info = registry.get(args.game)
    except ValueError as exc:
        print(f"companion score: {exc}", file=sys.stderr)
        return 2
    scorer = info.extras.get("score_file")
    if scorer is None:
        print(f"companion score: {info.name_en} has no score file format", file=sys.stderr)
        return 2
    try:
        text = read_sheet(args.file)
    except SheetFileError as exc:
        return _fail(str(exc))
    try:
        print(scorer(text, bool(args.json)))
    except ValueError as exc:
        return _fail(f"{args.file}: {exc}")
    except RecursionError:
        return _fail(f"{args.file}: nested too deeply to be a {info.name_en} sheet")
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        # a value of the wrong kind that the game's reader did not name (e.g. a number where
        # the format has a list)
        return _fail(f"{args.file}: a value has the wrong kind for a {info.name_en} sheet "
                     f"({type(exc).__name__}: {exc})")
    return 0


def _fail(message: str) -> int:
    print(f"companion score: {message}", file=sys.stderr)
    return 2
