"""`companion score GAME FILE [--json]`: score a sheet written in a game's text format.

A game offers this by putting a callable in `GameInfo.extras["score_file"]`:
`(text: str, as_json: bool) -> str` that raises `ValueError` (naming line and column) for a
bad file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


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
        data = sys.stdin.buffer.read() if str(args.file) == "-" else args.file.read_bytes()
        text = data.decode("utf-8-sig")
    except OSError as exc:
        return _fail(f"cannot read {args.file}: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        return _fail(f"{args.file}: not UTF-8 text (byte {exc.start} cannot be read); save the "
                     "sheet as UTF-8")
    try:
        print(scorer(text, bool(args.json)))
    except ValueError as exc:
        return _fail(f"{args.file}: {exc}")
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        # a value of the wrong kind that the game's reader did not name (e.g. a number where
        # the format has a list)
        return _fail(f"{args.file}: a value has the wrong kind for a {info.name_en} sheet "
                     f"({type(exc).__name__}: {exc})")
    return 0


def _fail(message: str) -> int:
    print(f"companion score: {message}", file=sys.stderr)
    return 2
