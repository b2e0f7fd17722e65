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
        text = sys.stdin.read() if str(args.file) == "-" else args.file.read_text("utf-8")
    except OSError as exc:
        print(f"companion score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        print(scorer(text, bool(args.json)))
    except ValueError as exc:
        print(f"companion score: {args.file}: {exc}", file=sys.stderr)
        return 2
    return 0
