"""Reading stored rows that may not be what the app wrote (issue 33.6).

Migration 0008 makes the database refuse rows the app cannot read, but rows stored before it,
or written into a SQLite file by another program, may still hold text in a date or score
column, JSON that does not parse, an unknown mode or options that are not an object. The
repository reads the plays' columns untyped (`raw_columns`: no driver conversion can fail on
the whole query), checks each row here, and turns a row it cannot read into a stand-in play
whose `unreadable` names the column at fault: the History page lists it as one unreadable
play, and export, backup, replay and resume leave it out with a sentence, never a traceback.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from sqlalchemy import ColumnElement, DateTime, Float, type_coerce
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement
from sqlalchemy.types import NullType

from companion.history import PlayMode, PlayRecord, SeatResult

#: The largest score a seat may hold (companion/playdata.py; migration 0008 checks it too).
MAX_ABS_SCORE = 1e9
_MODES = {mode.value for mode in PlayMode}


class UnreadableColumn(ValueError):
    """A stored value the app cannot read; `column` names it."""

    def __init__(self, column: str) -> None:
        super().__init__(f"the stored {column} cannot be read")
        self.column = column


class _TimeText(FunctionElement[Any]):
    """A timestamp column as the driver can always hand it over: SQLite's text as stored; on
    PostgreSQL text, and "out of range" for what Python cannot hold (infinity, years past
    9999 or before 1), which the driver would fail the whole query on."""

    inherit_cache = True
    name = "time_text"
    type = NullType()


@compiles(_TimeText)
def _time_as_stored(element: _TimeText, compiler: Any, **kw: Any) -> str:
    return str(compiler.process(element.clauses, **kw))


@compiles(_TimeText, "postgresql")
def _time_as_text(element: _TimeText, compiler: Any, **kw: Any) -> str:
    column = compiler.process(element.clauses, **kw)
    return (f"CASE WHEN {column} IS NULL THEN NULL "
            f"WHEN {column} BETWEEN '0001-01-01' AND '9999-12-31 23:59:59.999999' "
            f"THEN to_char({column}, 'YYYY-MM-DD HH24:MI:SS.US') ELSE 'out of range' END")


class checked_score(FunctionElement[float]):
    """A seat's score in SQL where it is a number within ±1e9, else NULL: for aggregates
    over rows stored before the checks (SQLite text, PostgreSQL NaN or infinity)."""

    inherit_cache = True
    name = "checked_score"
    type = Float()


@compiles(checked_score)
def _score_elsewhere(element: checked_score, compiler: Any, **kw: Any) -> str:
    column = compiler.process(element.clauses, **kw)
    return f"CASE WHEN {column} BETWEEN -{MAX_ABS_SCORE:.0e} AND {MAX_ABS_SCORE:.0e} " \
           f"THEN {column} END"


@compiles(checked_score, "sqlite")
def _score_sqlite(element: checked_score, compiler: Any, **kw: Any) -> str:
    column = compiler.process(element.clauses, **kw)
    return (f"CASE WHEN typeof({column}) IN ('integer', 'real') "
            f"AND abs({column}) <= {MAX_ABS_SCORE:.0e} THEN {column} END")


class checked_time(FunctionElement[datetime]):
    """A play's time in SQL where Python can read it, else NULL (SQLite text that is no
    date, PostgreSQL infinity or a year beyond 9999)."""

    inherit_cache = True
    name = "checked_time"
    type = DateTime()


@compiles(checked_time)
def _time_elsewhere(element: checked_time, compiler: Any, **kw: Any) -> str:
    column = compiler.process(element.clauses, **kw)
    return (f"CASE WHEN {column} BETWEEN '0001-01-01' AND '9999-12-31 23:59:59.999999' "
            f"THEN {column} END")


@compiles(checked_time, "sqlite")
def _time_sqlite(element: checked_time, compiler: Any, **kw: Any) -> str:
    c = compiler.process(element.clauses, **kw)
    digits = "[0-9]" * 4 + "-" + "[0-9]" * 2 + "-" + "[0-9]" * 2 + " " + ":".join(["[0-9]" * 2] * 3)
    return (f"CASE WHEN typeof({c}) = 'text' AND {c} GLOB '{digits}*' "
            f"AND substr({c}, 1, 4) <> '0000' AND date(substr({c}, 1, 10)) = substr({c}, 1, 10) "
            f"AND time(substr({c}, 12, 8)) = substr({c}, 12, 8) AND (length({c}) = 19 "
            f"OR (length({c}) = 26 AND substr({c}, 20) GLOB '.{'[0-9]' * 6}')) THEN {c} END")


def json_object(value: Any) -> dict[str, Any]:
    """A JSON column's object as stored ({} for anything else: NULL, text that is no JSON,
    a list...); for values read untyped (`raw_columns`)."""
    try:
        found = _object(value, "")
    except UnreadableColumn:
        return {}
    return found or {}


def raw_columns(columns: Iterable[Any]) -> tuple[ColumnElement[Any], ...]:
    """The columns as the driver returns them (no date or JSON conversion), same names."""
    return tuple((_TimeText(column) if isinstance(column.type, DateTime)
                  else type_coerce(column, NullType())).label(column.key)
                 for column in columns)


# -- values -------------------------------------------------------------------------------------

def _when(value: Any, column: str, optional: bool = False) -> datetime | None:
    if value is None and optional:
        return None
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            pass
    raise UnreadableColumn(column)


def _json(value: Any, column: str) -> Any:
    """A JSON column's value (SQLite hands over its text, PostgreSQL the parsed value)."""
    if isinstance(value, str | bytes):
        try:
            return json.loads(value)
        except ValueError:
            raise UnreadableColumn(column) from None
    return value


def _object(value: Any, column: str, optional: bool = False) -> dict[str, Any] | None:
    value = _json(value, column)
    if value is None:
        return None if optional else {}
    if not isinstance(value, dict):
        raise UnreadableColumn(column)
    return value


def _integer(value: Any, column: str, minimum: int | None = None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or (
            minimum is not None and value < minimum):
        raise UnreadableColumn(column)
    return value


def _number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and abs(value) <= MAX_ABS_SCORE)


def _text(value: Any, column: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise UnreadableColumn(column)
    return value


def _flag(value: Any, column: str) -> bool:
    if value in (0, 1, True, False):
        return bool(value)
    raise UnreadableColumn(column)


# -- rows ---------------------------------------------------------------------------------------

def play_values(row: Any) -> SimpleNamespace:
    """A plays row's values, checked and typed; `UnreadableColumn` for one the app cannot
    read. Columns this module does not know pass unchanged."""
    values = dict(row._mapping)
    if not isinstance(values.get("game_id"), str) or not values["game_id"]:
        raise UnreadableColumn("game_id")
    if values.get("mode") not in _MODES:
        raise UnreadableColumn("mode")
    values["started_at"] = _when(values.get("started_at"), "started_at")
    values["finished_at"] = _when(values.get("finished_at"), "finished_at", optional=True)
    values["updated_at"] = _when(values.get("updated_at"), "updated_at", optional=True)
    values["options"] = _object(values.get("options"), "options")
    values["record"] = _object(values.get("record"), "record", optional=True)
    values["seed"] = _integer(values.get("seed"), "seed")
    values["duration_s"] = _integer(values.get("duration_s"), "duration_s", minimum=0)
    values["location"] = _text(values.get("location"), "location")
    values["notes"] = _text(values.get("notes"), "notes")
    return SimpleNamespace(**values)


def seat_values(row: Any) -> SimpleNamespace:
    """A seats row's values (joined with the player's name), checked and typed."""
    values = dict(row._mapping)
    values["seat"] = _integer(values.get("seat"), "seats.seat", minimum=0)
    if values["seat"] is None:
        raise UnreadableColumn("seats.seat")
    if values.get("score") is not None and not _number(values["score"]):
        raise UnreadableColumn("seats.score")
    breakdown = _object(values.get("breakdown"), "seats.breakdown") or {}
    if not all(isinstance(k, str) and _number(v) for k, v in breakdown.items()):
        raise UnreadableColumn("seats.breakdown")
    values["breakdown"] = breakdown
    values["rank"] = _integer(values.get("rank"), "seats.rank", minimum=0)
    values["winner"] = _flag(values.get("winner"), "seats.winner")
    values["start_player"] = _flag(values.get("start_player"), "seats.start_player")
    for column in ("bot_name", "bot_kind", "faction"):
        values[column] = _text(values.get(column), f"seats.{column}")
    return SimpleNamespace(**values)


def stand_in(row: Any, column: str) -> PlayRecord:
    """The play the History page lists for a row it cannot read: its number, and its game and
    times where they can be read."""
    values = dict(row._mapping)
    game = values.get("game_id")
    try:
        started = _when(values.get("started_at"), "started_at") or datetime.min
    except UnreadableColumn:
        started = datetime.min
    try:
        finished = _when(values.get("finished_at"), "finished_at", optional=True)
    except UnreadableColumn:
        finished = None
    uid = values.get("uid")
    return PlayRecord(game_id=game if isinstance(game, str) else "", mode=PlayMode.TABLE,
                      started_at=started, finished_at=finished, id=int(values["id"]),
                      uid=uid if isinstance(uid, str) else None, unreadable=column or "?")


def read_play(row: Any, convert: Callable[[Any], PlayRecord]) -> PlayRecord:
    """`convert(checked values)`, or the stand-in of a row that cannot be read."""
    try:
        return convert(play_values(row))
    except UnreadableColumn as exc:
        return stand_in(row, exc.column)
    except (ValueError, TypeError, KeyError, AttributeError):
        return stand_in(row, "?")


def add_seat(play: PlayRecord, row: Any, convert: Callable[[Any], SeatResult]) -> PlayRecord:
    """Give `play` the seat of `row`; a seat that cannot be read makes the play a stand-in.
    Returns the play to keep."""
    if play.unreadable:
        return play
    try:
        play.seats.append(convert(seat_values(row)))
        return play
    except UnreadableColumn as exc:
        column = exc.column
    except (ValueError, TypeError, KeyError, AttributeError):
        column = "seats"
    return PlayRecord(game_id=play.game_id, mode=play.mode, started_at=play.started_at,
                      finished_at=play.finished_at, id=play.id, uid=play.uid,
                      unreadable=column)


# -- sentences ----------------------------------------------------------------------------------

def unreadable_text(play: PlayRecord, lang: str) -> str:
    """Why a stand-in play cannot be shown, replayed or continued, in one sentence."""
    column = play.unreadable
    if lang == "ja":
        return (f"対局 #{play.id} は読み取れません（保存されている「{column}」の値がこの"
                "アプリでは読めません）。")
    return (f"Play #{play.id} cannot be read: its stored “{column}” holds a value this app "
            "cannot read.")


def left_out_text(play_ids: Iterable[int | None], lang: str) -> str:
    """The plays an export or backup left out because they cannot be read ("" for none)."""
    numbers = sorted(int(play_id or 0) for play_id in play_ids)
    if not numbers:
        return ""
    count = len(numbers)
    if lang == "ja":
        listed_ja = "、".join(f"#{n}" for n in numbers)
        return f"読み取れない対局 {count} 件（{listed_ja}）は含めていません。"
    listed = ", ".join(f"#{n}" for n in numbers)
    if count == 1:
        return f"1 play could not be read and was left out: {listed}."
    return f"{count} plays could not be read and were left out: {listed}."


def readable(plays: Iterable[PlayRecord]) -> tuple[list[PlayRecord], list[PlayRecord]]:
    """(the plays that can be read, the stand-ins of those that cannot)."""
    good: list[PlayRecord] = []
    bad: list[PlayRecord] = []
    for play in plays:
        (bad if play.unreadable else good).append(play)
    return good, bad
