"""The play history as CSV: one row per seat, for spreadsheets. `duration_min` is the play's
duration in whole minutes (empty when nobody timed it); `game_name` is the game's English name
(a game the app does not know, "other:Catan", by its own name); `play_uid` is the play's
identity, the same in every export and backup; `win_mode` how the play was won ("highest",
"lowest", "no_score", "cooperative", "teams": companion/winning.py) and `team` the seat's team.

With `excel=True` the text starts with a UTF-8 byte order mark (so Excel reads Japanese
correctly) and cells that a spreadsheet would run as a formula (starting with = + - @) get a
leading apostrophe, so a player named "=SUM(A1)" stays text.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from datetime import datetime
from typing import TextIO

from companion.history import PlayRecord, SeatResult
from companion.other_games import game_name
from companion.winning import play_win_mode

COLUMNS: tuple[str, ...] = (
    "play_id", "date", "finished", "game", "mode", "location", "seat", "player", "bot",
    "bot_kind", "faction", "score", "rank", "winner", "start_player", "breakdown",
    "duration_min", "game_name", "play_uid", "win_mode", "team",
)
BOM = "\ufeff"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _when(when: datetime | None) -> str:
    return when.isoformat(sep=" ", timespec="seconds") if when is not None else ""


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _flag(value: bool) -> str:
    return "1" if value else "0"


def seat_row(play: PlayRecord, seat: SeatResult) -> list[str]:
    """The CSV cells of one seat of one play, in `COLUMNS` order."""
    return [
        "" if play.id is None else str(play.id),
        _when(play.started_at),
        _when(play.finished_at),
        play.game_id,
        play.mode.value,
        play.location,
        str(seat.seat),
        seat.player,
        _flag(seat.is_bot),
        seat.bot_kind,
        seat.faction,
        _number(seat.score),
        "" if seat.rank is None else str(seat.rank),
        _flag(seat.winner),
        _flag(seat.start_player),
        json.dumps(seat.breakdown, ensure_ascii=False) if seat.breakdown else "",
        _number(play.duration_minutes()),
        game_name(play.game_id, "en"),
        play.uid or "",
        play_win_mode(play).value,
        seat.team,
    ]


def _guard(cell: str) -> str:
    """Keep a spreadsheet from running user text as a formula (numbers stay numbers)."""
    if cell.startswith(_FORMULA_START):
        try:
            float(cell)
        except ValueError:
            return "'" + cell
    return cell


def write_csv(plays: Iterable[PlayRecord], out: TextIO, *, excel: bool = False) -> None:
    """Write the header and one row per seat (seats in seat order) to a text stream."""
    if excel:
        out.write(BOM)
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for play in plays:
        for seat in sorted(play.seats, key=lambda s: s.seat):
            row = seat_row(play, seat)
            writer.writerow([_guard(cell) for cell in row] if excel else row)


def plays_to_csv(plays: Iterable[PlayRecord], *, excel: bool = False) -> str:
    """The CSV text (rows end with CRLF, as the CSV standard says)."""
    buffer = io.StringIO(newline="")
    write_csv(plays, buffer, excel=excel)
    return buffer.getvalue()
