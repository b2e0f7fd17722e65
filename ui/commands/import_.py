"""`companion import FILE`: read a history JSON file (from `companion export`), a BG Stats
export or a Cerke Online record (棋譜 of one 机戦 game, ui/commands/kiaak.py) into the database.

Every field of every play is checked first, reading the file one play at a time; on the first
problem the message names the play as a person finds it, in the language of `--lang` (e.g.
"play 4 (2026-11-22 19:30, Catan), seat 2, score: expected a number, got 'abc'"), nothing is
written and the exit status is 2. A BG Stats export (companion/export/bgstats_import.py) is
summed up first — its players matched to the history's by name and the new ones, the plays
it cannot read (left out, each named) — then imported; `--dry-run` only says what a file
holds (no question is asked on the command line: `--dry-run` is the look before). Then
the plays are written all or none (db.import_plays: in steps that let the app's autosave in
between). Plays already in the
database are skipped unless `--allow-duplicates` is given: recognised by their identity
(`uid`, whatever was renamed or merged since), or for a file without identities by game,
start time and players. A stored play that was edited since is kept as it is, and the
command lists it ("differs from the file"). Limits: see companion/export/history_json.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ui.commands import open_history


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a JSON history file or a BG Stats export "
                                                "('-' = standard input)")
    parser.add_argument("--dry-run", action="store_true",
                        help="check the file and say what it holds (a BG Stats export: the "
                             "players matched and new, the plays left out); write nothing")
    parser.add_argument("--allow-duplicates", action="store_true",
                        help="also import plays that are already in the database (as new "
                             "plays, with identities of their own)")
    from ui.commands import kiaak

    kiaak.add_arguments(parser)


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
    from companion.export.bgstats_import import bgstats_data
    from companion.export.history_json import ImportValidationError, as_text, iter_plays
    from companion.games.cetkaik.kiaak import looks_like_kiaak
    from ui.commands import kiaak

    lang = getattr(args, "lang", None) or "en"
    try:
        text = as_text(_read(args.file))
        if looks_like_kiaak(text):  # a Cerke Online record (棋譜) of one 机戦 game
            return kiaak.run(args, text, lang)
        data = bgstats_data(text)
        count = 0 if data is not None else sum(1 for _ in iter_plays(text))
    except OSError as exc:
        return _fail(f"cannot read {args.file}: {exc.strerror or exc}")
    except ImportValidationError as exc:  # the play as a person finds it (number, date, game)
        return _fail(f"{args.file}: {exc.text(lang)}",
                     "何も読み込んでいません" if lang == "ja" else "nothing was imported")
    if data is not None:
        return _run_bgstats(args, data, lang)
    if args.dry_run:
        print(f"{count} plays checked; nothing was imported (--dry-run)")
        return 0
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
    for line in differing_lines(result.differing, getattr(args, "lang", None) or "en"):
        print(line, file=sys.stderr)
    return 0


#: At most this many differing plays are listed one by one.
LISTED = 20


def differing_lines(differing: tuple[Any, ...], lang: str) -> list[str]:
    """The plays of the file that the history holds edited since (kept as stored), as lines
    in `lang` ("ja" or "en")."""
    from companion.other_games import game_name

    if not differing:
        return []
    count = len(differing)
    lines = [f"{count} 件の対局は保存済みの同じ対局と内容が異なります（保存後に編集されたもの）。"
             "保存済みの内容をそのまま残しました:" if lang == "ja" else
             f"{count} of these differ from the stored play with the same identity (edited "
             "since); the stored play was kept as it is:"]
    for play in differing[:LISTED]:
        when = play.started_at.strftime("%Y-%m-%d %H:%M")
        lines.append(f"  #{play.play_id} {when} {game_name(play.game_id, lang)}")
    if count > LISTED:
        lines.append(f"  …ほか {count - LISTED} 件" if lang == "ja"
                     else f"  … and {count - LISTED} more")
    return lines


def _run_bgstats(args: argparse.Namespace, data: Any, lang: str) -> int:
    """A BG Stats export: say what it holds (players matched and new, plays left out), then
    store its plays (none with --dry-run); a file refused whole writes nothing."""
    import db
    from companion.export.bgstats_import import BGStatsFileError
    from db.transfer import read_bgstats_file

    database = open_history(args.db)
    try:
        try:
            found = read_bgstats_file(database, data)
        except BGStatsFileError as exc:
            return _fail(f"{args.file}: {exc.text(lang)}",
                         "何も読み込んでいません" if lang == "ja" else "nothing was imported")
        for line in bgstats_summary(found, lang):
            print(line)
        for skipped in found.skipped:
            print(("省いた対局: " if lang == "ja" else "left out: ") + skipped.text(lang),
                  file=sys.stderr)
        if args.dry_run:
            print("何も読み込んでいません（--dry-run）" if lang == "ja"
                  else "nothing was imported (--dry-run)")
            return 0
        result = db.import_plays(database, found.plays,
                                 skip_duplicates=not args.allow_duplicates)
    finally:
        database.close()
    print(f"imported {result.imported} plays")
    if result.skipped:
        print(f"skipped {result.skipped} of {len(found.plays)} plays: already in the database "
              "or repeated in the file", file=sys.stderr)
    for line in differing_lines(result.differing, lang):
        print(line, file=sys.stderr)
    return 0


def bgstats_summary(found: Any, lang: str) -> list[str]:
    """What a BG Stats export holds for this history, as lines in `lang`."""
    if lang == "ja":
        return [f"BG Stats の書き出し: 読み込める対局 {len(found.plays)} 件",
                "履歴にいるプレイヤー: " + ("、".join(found.matched) or "なし"),
                "新しいプレイヤー: " + ("、".join(found.new_players) or "なし")]
    return [f"BG Stats export: {len(found.plays)} plays to import",
            "players already in the history: " + (", ".join(found.matched) or "none"),
            "new players: " + (", ".join(found.new_players) or "none")]
