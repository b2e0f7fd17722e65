"""`companion export --format json|csv|bgstats [-o FILE]`: write the finished plays;
`--play ID` writes that play only, `--format cerke-online --play ID` one 机戦 play as a
Cerke Online record (棋譜, companion/games/cetkaik/kiaak.py), or says in one sentence why its
rule set has no place in that format (exit status 2).

JSON is this app's own format (`companion import` reads it back); CSV has one row per seat
(`--excel` adds a byte order mark and keeps formula-like names as text); bgstats is the JSON
layout of the BG Stats app. Without `-o` the text goes to standard output.
A play the history holds but cannot read (db/reading.py) is left out, and the command says so
in one sentence and ends with exit status 2. A file is written to a temporary name first and
then renamed, so a failed export never leaves half a file; only its owner can read it
(companion/files.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ui.commands import open_history

FORMATS = ("json", "csv", "bgstats", "cerke-online")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=FORMATS, default="json",
                        help="json (re-importable, default), csv, bgstats, or cerke-online "
                             "(one 机戦 play as a Cerke Online record; needs --play)")
    parser.add_argument("--play", type=int, metavar="ID",
                        help="export only this play (its number in the history)")
    parser.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help="file to write (default: standard output)")
    parser.add_argument("--excel", action="store_true",
                        help="csv only: byte order mark and formula-safe cells for Excel")
    parser.add_argument("--game-names", dest="names_lang", choices=["ja", "en"],
                        help="bgstats only: language of the game names (default: en)")


def render(plays: list[Any], args: argparse.Namespace) -> str:
    """The exported text of `plays` (oldest first) in the chosen format."""
    if args.format == "csv":
        from companion.export import history_csv

        return history_csv.plays_to_csv(plays, excel=bool(args.excel))
    if args.format == "bgstats":
        from companion.export import bgstats
        from companion.export.sheets import game_name

        lang = args.names_lang or "en"
        return bgstats.dumps(plays, lambda game_id: game_name(game_id, lang))
    from companion.export import history_json

    return history_json.dumps(plays)


def run(args: argparse.Namespace) -> int:
    import db
    from db.reading import readable

    database = open_history(args.db)
    if args.play is not None or args.format == "cerke-online":
        return _one_play(database, args)
    plays, unreadable = readable(reversed(db.list_plays(database, finished=True)))  # oldest first
    text = render(plays, args)
    if args.output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return _left_out(unreadable)
    from companion.files import write_private

    try:
        write_private(args.output, text.encode("utf-8"))
    except OSError as exc:
        print(f"companion export: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"exported {len(plays)} plays to {args.output}", file=sys.stderr)
    return _left_out(unreadable)


def _one_play(database: Any, args: argparse.Namespace) -> int:
    """`--play ID` (and `--format cerke-online`, which needs it): that play alone."""
    import db

    def fail(message: str) -> int:
        print(f"companion export: {message}", file=sys.stderr)
        return 2

    ja = (getattr(args, "lang", None) or "en") == "ja"
    if args.play is None:
        return fail("--format cerke-online は 1 つの机戦の対局を書き出します。--play ID を指定して"
                    "ください" if ja else
                    "--format cerke-online writes one 机戦 play: give --play ID")
    play = db.get_play(database, args.play)
    if play is None or play.unreadable:
        return fail(f"履歴に読める対局 #{args.play} がありません" if ja else
                    f"there is no readable play #{args.play} in the history")
    if args.format != "cerke-online":
        return _write(render([play], args), args, 1)
    from companion.games.cetkaik.kiaak import KiaakError, play_kiaak

    try:
        text = play_kiaak(play)
    except KiaakError as exc:
        return fail(f"対局 #{args.play} は Cerke Online の棋譜として書けません: {exc.text('ja')}"
                    if ja else f"play #{args.play} cannot be written as a Cerke Online "
                    f"record: {exc.text('en')}")
    return _write(text, args, 1)


def _write(text: str, args: argparse.Namespace, count: int) -> int:
    if args.output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    from companion.files import write_private

    try:
        write_private(args.output, text.encode("utf-8"))
    except OSError as exc:
        print(f"companion export: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"exported {count} plays to {args.output}", file=sys.stderr)
    return 0


def _left_out(unreadable: list[Any]) -> int:
    """0, or (plays that cannot be read were left out) 2 after saying which."""
    if not unreadable:
        return 0
    from db.reading import left_out_text

    print(f"companion export: {left_out_text((p.id for p in unreadable), 'en')}",
          file=sys.stderr)
    return 2
