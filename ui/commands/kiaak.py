"""`companion import FILE` for a Cerke Online record (棋譜, kia1ak1): replayed and checked
through the engine (companion/games/cetkaik/kiaak.py), then stored as one finished 机戦 play;
`--players BLACK,RED` names the IA side (黒) and the A side (赤) where the file does not.
The same record imported again adds nothing (its identity is made from the game it holds)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ui.commands import open_history


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", metavar="BLACK,RED",
                        help="a Cerke Online record: the names of the IA side (黒) and the A "
                             "side (赤), where the file gives none")


def summary(play: Any, moves: int, lang: str) -> str:
    """One line: the record's game, its seasons, moves and result."""
    seats = sorted(play.seats, key=lambda s: s.seat)
    seasons = _seasons(play)
    points = " – ".join(f"{s.player} {s.score:g}" for s in seats)
    if lang == "ja":
        return f"Cerke Online の棋譜: {seasons} 季節、{moves} 手、{points}"
    return f"Cerke Online record: {seasons} seasons, {moves} moves, {points}"


def _seasons(play: Any) -> int:
    return sum(1 for entry in play.record["moves"] if entry.get("chance", "").startswith("first"))


def run(args: argparse.Namespace, text: str, lang: str) -> int:
    """Import the record `text` (already known to be one); the exit status."""
    import db
    from companion.games.cetkaik.kiaak import KiaakError, kiaak_play, read_kiaak

    names = [name.strip() for name in (args.players or "").split(",")] if args.players else []
    try:
        play = kiaak_play(text, names)
    except KiaakError as exc:
        for line in (f"companion import: {args.file}: {exc.text(lang)}",
                     "何も読み込んでいません" if lang == "ja" else "nothing was imported"):
            print(line, file=sys.stderr)
        return 2
    print(summary(play, len(read_kiaak(text).moves()), lang))
    if args.dry_run:
        print("何も読み込んでいません（--dry-run）" if lang == "ja"
              else "nothing was imported (--dry-run)")
        return 0
    database = open_history(args.db)
    try:
        result = db.import_plays(database, [play], skip_duplicates=not args.allow_duplicates)
    finally:
        database.close()
    if result.imported:
        print("1 件の対局を読み込みました" if lang == "ja" else "imported 1 play")
    else:
        print("この棋譜の対局はすでに履歴にあります。何も読み込んでいません" if lang == "ja"
              else "the play of this record is already in the history; nothing was imported",
              file=sys.stderr)
    return 0
