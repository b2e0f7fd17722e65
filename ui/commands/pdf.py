"""`companion pdf`: print a score sheet to PDF.

    companion pdf --blank GAME --players N [--names A,B,...] [--lang ja|en] -o FILE
    companion pdf --play ID [--lang ja|en] -o FILE

A blank sheet is the game's own (`GameInfo.extras["blank_sheet"]`) when it has one, else the
generic sheet (its score categories as rows). A play's sheet shows every seat's breakdown,
total, rank and winner, and the move log of a digital play; games with their own filled sheets
(`extras["play_sheets"]`) print those.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ui.commands import open_history

if TYPE_CHECKING:
    from companion.export.pdf import SheetSpec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.games import registry

    ids = ", ".join(info.id for info in registry.all_games())
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--blank", metavar="GAME", help=f"a blank sheet for this game id ({ids})")
    what.add_argument("--play", metavar="ID", type=int, help="the sheet of this play")
    parser.add_argument("--players", type=int, metavar="N", help="number of players (--blank)")
    parser.add_argument("--names", default="",
                        help="player names, comma separated, one per player (--blank)")
    # dest differs from the global --lang so that the global value is not overwritten
    parser.add_argument("--lang", dest="sheet_lang", choices=["ja", "en"],
                        help="language of the sheet (default: the global --lang, else ja)")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="FILE",
                        help="the PDF file to write")


def _fail(message: str) -> int:
    print(f"companion pdf: {message}", file=sys.stderr)
    return 2


def _blank_specs(args: argparse.Namespace, lang: str) -> list[SheetSpec] | str:
    """The sheets, or an error message."""
    from companion.export.sheets import blank_sheets
    from companion.games import registry

    try:
        info = registry.get(args.blank)
    except (ValueError, ImportError) as exc:
        return str(exc)
    if args.players is None:
        return "--blank needs --players N"
    names = [name.strip() for name in args.names.split(",") if name.strip()]
    try:
        info.check_players(args.players)
        if names and len(names) != args.players:
            return (f"{len(names)} names given for {args.players} players; give one name per "
                    "player, or none")
        return list(blank_sheets(info.id, args.players, names, lang))
    except ValueError as exc:
        return str(exc)


def _play_specs(args: argparse.Namespace, lang: str) -> list[SheetSpec] | str:
    import db
    from companion.core.errors import CompanionError
    from companion.export.sheets import play_sheets

    try:
        database = open_history(args.db)
    except db.DatabaseError as exc:
        return exc.message
    try:
        play = db.get_play(database, args.play)
    finally:
        database.close()
    if play is None:
        return f"there is no play with id {args.play}"
    if play.unreadable:
        from db.reading import unreadable_text

        return unreadable_text(play, "en")
    try:
        return play_sheets(play, lang)
    except CompanionError as exc:  # a stored record this version cannot replay
        return (f"the sheet of play {args.play} ({play.game_id}) cannot be drawn: its game "
                f"record cannot be replayed ({exc})")


def run(args: argparse.Namespace) -> int:
    from companion.export.pdf import SheetError, pdf_bytes
    from companion.files import write_private

    lang = args.sheet_lang or getattr(args, "lang", None) or "ja"
    specs = _blank_specs(args, lang) if args.blank is not None else _play_specs(args, lang)
    if isinstance(specs, str):
        return _fail(specs)
    try:
        data = pdf_bytes(specs)
    except SheetError as exc:
        return _fail(str(exc))
    try:
        write_private(args.output, data)
    except OSError as exc:
        return _fail(f"cannot write {args.output}: {exc.strerror}")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0
