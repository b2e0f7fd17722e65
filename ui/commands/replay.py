"""`companion replay ID`: a stored digital play, move by move, with each position described.

Prints a heading, the start position's one-line description (`state.describe()`), then per
position the moves that led to it ("3. Ann: R d4 → draw R", seat names and the game's
notation) and the position's description. A missing play, a table play or a record that does
not replay gets one sentence on standard error and exit code 2 (a record that stops part-way
is printed as far as it goes first). The history is opened as by every other command
(`ui.commands.open_history`), and the record is read as the History page's Replay reads it.
"""

from __future__ import annotations

import argparse
import sys

from ui.commands import open_history


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("play", type=int, metavar="ID", help="the play's number in the history")


def _fail(message: str) -> int:
    print(f"companion replay: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    import db
    from companion.core.replay import Replay, ReplayError

    database = open_history(args.db)  # as every command: its warnings are printed
    try:
        play = db.get_play(database, args.play)
    finally:
        database.close()
    if play is None:
        return _fail(f"there is no play with id {args.play}")
    if play.unreadable:
        from db.reading import unreadable_text

        return _fail(unreadable_text(play, "en"))
    try:
        replay = Replay.of_dict(play.record)
    except ReplayError as exc:
        return _fail(f"play {args.play} cannot be replayed: {exc}")
    seats = {seat.seat: seat.player for seat in play.seats}
    names = [seats.get(i, f"seat {i + 1}") for i in range(replay.record.num_players)]
    state = "finished" if play.is_finished else "unfinished"
    print(f"play {play.id}: {play.game_id}, {', '.join(names)}, seed {replay.record.seed} "
          f"({state})")
    print(f"start\n    {replay.state(0).describe()}")
    for index, line in enumerate(replay.step_lines(names), start=1):
        print(f"{line}\n    {replay.state(index).describe()}")
    if replay.stop is not None:
        sys.stdout.flush()
        return _fail(f"play {args.play}: {replay.stop.sentence()}")
    return 0
