"""The play history as JSON, and its import with validation of every field before anything
is returned (so a bad file writes nothing).

Format (version 1)::

    {"format": "tabletop-companion-history", "version": 1,
     "plays": [{"id": 3, "game": "juusai", "mode": "digital",
                "started_at": "2026-11-22T19:30:00", "finished_at": "2026-11-22T19:52:00",
                "location": "", "notes": "", "options": {}, "seed": 42, "record": {...},
                "duration_min": 22,
                "seats": [{"seat": 0, "player": "花子", "is_bot": false, "bot_kind": "",
                           "faction": "", "score": 12, "breakdown": {"race": 10},
                           "rank": 1, "winner": true, "start_player": true}]}]}

`plays_from_json` keeps a play's `id` (so a round trip is exact); the importer drops it and
lets the database number the plays. `duration_min` (optional) is how long the play took in
whole minutes; it is absent when nobody timed the play. A game the app does not know has the
id "other:" + its name (companion/other_games.py).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, TypeVar

from companion.core.errors import CompanionError
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.other_games import OtherGameError, is_other_game, other_game_id, other_game_name

FORMAT = "tabletop-companion-history"
VERSION = 1

#: Limits of what a sane file holds; anything beyond is refused with the place named.
MAX_PLAYS = 100_000
MAX_SEATS = 20
MAX_NAME = 100
MAX_TEXT = 10_000
MAX_CATEGORIES = 100
MAX_MOVES = 100_000
MAX_ABS_SCORE = 1e9
MAX_MINUTES = 100_000
YEARS = (1900, 2200)

_PLAY_KEYS = {"id", "game", "mode", "started_at", "finished_at", "location", "notes",
              "options", "seed", "record", "seats", "duration_min"}
_SEAT_KEYS = {"seat", "player", "is_bot", "bot_kind", "faction", "score", "breakdown", "rank",
              "winner", "start_player"}


T = TypeVar("T")


class ImportValidationError(CompanionError, ValueError):
    """A history file that cannot be imported; the message names the exact place."""


# -- export ----------------------------------------------------------------------------------


def plays_to_json(plays: list[PlayRecord]) -> dict[str, Any]:
    """The plays as a JSON-ready dict (write it with `json.dumps(..., ensure_ascii=False)`)."""
    return {"format": FORMAT, "version": VERSION, "plays": [_play_to_json(p) for p in plays]}


def _play_to_json(play: PlayRecord) -> dict[str, Any]:
    return {
        "id": play.id,
        "game": play.game_id,
        "mode": play.mode.value,
        "started_at": play.started_at.isoformat(),
        "finished_at": play.finished_at.isoformat() if play.finished_at else None,
        "location": play.location,
        "notes": play.notes,
        "options": dict(play.options),
        "seed": play.seed,
        "record": play.record,
        "seats": [_seat_to_json(s) for s in play.seats],
        **_duration_to_json(play),
    }


def _duration_to_json(play: PlayRecord) -> dict[str, int]:
    minutes = play.duration_minutes() if play.duration_s is not None else None
    return {} if minutes is None else {"duration_min": minutes}


def _seat_to_json(seat: SeatResult) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "player": seat.player,
        "is_bot": seat.is_bot,
        "bot_kind": seat.bot_kind,
        "faction": seat.faction,
        "score": seat.score,
        "breakdown": dict(seat.breakdown),
        "rank": seat.rank,
        "winner": seat.winner,
        "start_player": seat.start_player,
    }


def dumps(plays: list[PlayRecord]) -> str:
    """The JSON text of the plays: UTF-8 friendly (Japanese kept), indented, stable."""
    return json.dumps(plays_to_json(plays), ensure_ascii=False, indent=2) + "\n"


# -- import ----------------------------------------------------------------------------------


def parse_json_text(text: str | bytes) -> Any:
    """Parse JSON; a syntax error becomes `ImportValidationError` with line and column."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ImportValidationError(
                f"not UTF-8 text: byte {exc.start} cannot be read") from None
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ImportValidationError(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None


def _reject_constant(name: str) -> Any:
    raise ImportValidationError(f"not valid JSON: {name} is not a number JSON allows")


def plays_from_json(data: Any) -> list[PlayRecord]:
    """Validate a whole history (a parsed dict, or JSON text) and return its plays.

    Raises `ImportValidationError` at the first problem, naming its place, e.g.
    "plays[3].seats[1].score: expected a number, got 'abc'".
    """
    if isinstance(data, str | bytes):
        data = parse_json_text(data)
    top = _object(data, "file")
    _known_keys(top, {"format", "version", "plays"}, "file")
    if top.get("format") != FORMAT:
        raise ImportValidationError(
            f"format: expected {FORMAT!r}, got {_show(top.get('format'))} "
            "(is this a history file exported by this app?)"
        )
    version = _positive_int(top.get("version"), "version")
    if version > VERSION:
        raise ImportValidationError(
            f"version: {version} is newer than this app reads ({VERSION}); update the app"
        )
    plays = _list(top.get("plays"), "plays", MAX_PLAYS)
    return [_play(raw, f"plays[{i}]") for i, raw in enumerate(plays)]


def _play(raw: Any, where: str) -> PlayRecord:
    obj = _object(raw, where)
    _known_keys(obj, _PLAY_KEYS, where)
    play_id = _optional(obj, "id", where, _positive_int)
    game = _game(_required(obj, "game", where), f"{where}.game")
    mode = _mode(_required(obj, "mode", where), f"{where}.mode")
    started = _when(_required(obj, "started_at", where), f"{where}.started_at")
    finished = _optional(obj, "finished_at", where, _when)
    if finished is not None:
        if (finished.tzinfo is None) != (started.tzinfo is None):
            raise ImportValidationError(
                f"{where}.finished_at: give both times with a time zone or both without")
        if finished < started:
            raise ImportValidationError(
                f"{where}.finished_at: {finished.isoformat()} is before started_at "
                f"{started.isoformat()}")
    elif mode is PlayMode.TABLE:
        raise ImportValidationError(
            f"{where}.finished_at: a play at the table must have an end time")
    seats = [_seat(s, f"{where}.seats[{i}]")
             for i, s in enumerate(_list(_required(obj, "seats", where), f"{where}.seats",
                                         MAX_SEATS, minimum=1))]
    _check_seat_numbers(seats, where)
    return PlayRecord(
        game_id=game,
        mode=mode,
        started_at=started,
        finished_at=finished,
        seats=seats,
        options=_optional(obj, "options", where, _options) or {},
        seed=_optional(obj, "seed", where, _int),
        record=_optional(obj, "record", where, _record),
        location=_optional(obj, "location", where, _short_text) or "",
        notes=_optional(obj, "notes", where, _long_text) or "",
        id=play_id,
        duration_s=_optional(obj, "duration_min", where, _minutes_as_seconds),
    )


def _seat(raw: Any, where: str) -> SeatResult:
    obj = _object(raw, where)
    _known_keys(obj, _SEAT_KEYS, where)
    return SeatResult(
        seat=_seat_number(_required(obj, "seat", where), f"{where}.seat"),
        player=_name(_required(obj, "player", where), f"{where}.player"),
        is_bot=bool(_optional(obj, "is_bot", where, _bool)),
        bot_kind=_optional(obj, "bot_kind", where, _short_text) or "",
        faction=_optional(obj, "faction", where, _short_text) or "",
        score=_optional(obj, "score", where, _number),
        breakdown=_optional(obj, "breakdown", where, _breakdown) or {},
        rank=_optional(obj, "rank", where, _positive_int),
        winner=bool(_optional(obj, "winner", where, _bool)),
        start_player=bool(_optional(obj, "start_player", where, _bool)),
    )


def _check_seat_numbers(seats: list[SeatResult], where: str) -> None:
    numbers = sorted(s.seat for s in seats)
    if numbers != list(range(len(seats))):
        raise ImportValidationError(
            f"{where}.seats: seat numbers must be 0 to {len(seats) - 1}, each once; "
            f"got {[s.seat for s in seats]}")


# -- field checks: each returns the value or raises naming `where` ------------------------------


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _fail(where: str, expected: str, value: Any) -> ImportValidationError:
    return ImportValidationError(f"{where}: expected {expected}, got {_show(value)}")


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, "an object {...}", value)
    return value


def _list(value: Any, where: str, maximum: int, minimum: int = 0) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, "a list [...]", value)
    if not minimum <= len(value) <= maximum:
        raise ImportValidationError(
            f"{where}: expected {minimum} to {maximum} entries, got {len(value)}")
    return value


def _known_keys(obj: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(obj) - known)
    if unknown:
        raise ImportValidationError(f"{where}: unknown field(s) {', '.join(unknown)}")


def _required(obj: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise ImportValidationError(f"{where}.{key}: missing")
    return obj[key]


def _optional(
    obj: Mapping[str, Any], key: str, where: str, check: Callable[[Any, str], T]
) -> T | None:
    value = obj.get(key)
    return None if value is None else check(value, f"{where}.{key}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, where: str) -> int:
    if not _is_int(value) or abs(value) >= 2**63:
        raise _fail(where, "a whole number", value)
    return int(value)


def _positive_int(value: Any, where: str) -> int:
    if not _is_int(value) or not 1 <= value < 2**63:
        raise _fail(where, "a whole number from 1", value)
    return int(value)


def _seat_number(value: Any, where: str) -> int:
    if not _is_int(value) or not 0 <= value < MAX_SEATS:
        raise _fail(where, f"a seat number from 0 to {MAX_SEATS - 1}", value)
    return int(value)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "true or false", value)
    return value


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _fail(where, "a number", value)
    if not math.isfinite(value) or abs(value) > MAX_ABS_SCORE:
        raise _fail(where, f"a number within ±{MAX_ABS_SCORE:g}", value)
    return value


def _text(value: Any, where: str, maximum: int) -> str:
    if not isinstance(value, str):
        raise _fail(where, "text", value)
    if len(value) > maximum:
        raise ImportValidationError(
            f"{where}: text of at most {maximum} characters expected, got {len(value)}")
    return value


def _short_text(value: Any, where: str) -> str:
    return _text(value, where, MAX_NAME)


def _long_text(value: Any, where: str) -> str:
    return _text(value, where, MAX_TEXT)


def _name(value: Any, where: str) -> str:
    text = _text(value, where, MAX_NAME)
    if not text.strip():
        raise _fail(where, "a non-empty name", value)
    return text


def _game(value: Any, where: str) -> str:
    """A game id; an other game's ("other:Catan") must carry a name the app accepts."""
    game = _name(value, where)
    if not is_other_game(game):
        return game
    try:
        return other_game_id(other_game_name(game))
    except OtherGameError as exc:
        raise ImportValidationError(f"{where}: {exc}") from None


def _minutes_as_seconds(value: Any, where: str) -> int:
    if not _is_int(value) or not 0 <= value <= MAX_MINUTES:
        raise _fail(where, f"whole minutes from 0 to {MAX_MINUTES}", value)
    return int(value) * 60


def _mode(value: Any, where: str) -> PlayMode:
    for mode in PlayMode:
        if value == mode.value:
            return mode
    choices = " or ".join(repr(m.value) for m in PlayMode)
    raise _fail(where, choices, value)


def _when(value: Any, where: str) -> datetime:
    if not isinstance(value, str):
        raise _fail(where, "an ISO date and time such as '2026-11-22T19:30:00'", value)
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise _fail(where, "an ISO date and time such as '2026-11-22T19:30:00'",
                    value) from None
    if not YEARS[0] <= when.year <= YEARS[1]:
        raise _fail(where, f"a date between {YEARS[0]} and {YEARS[1]}", value)
    return when


def _breakdown(value: Any, where: str) -> dict[str, float]:
    obj = _object(value, where)
    if len(obj) > MAX_CATEGORIES:
        raise ImportValidationError(f"{where}: at most {MAX_CATEGORIES} categories expected")
    return {_name(key, f"{where} key"): _number(v, f"{where}.{key}") for key, v in obj.items()}


def _options(value: Any, where: str) -> dict[str, Any]:
    obj = _object(value, where)
    for key, item in obj.items():
        _json_value(item, f"{where}.{key}", depth=0)
    return dict(obj)


def _json_value(value: Any, where: str, depth: int) -> None:
    """Plain JSON data only (no NaN), nested at most a few levels."""
    if depth > 8:
        raise ImportValidationError(f"{where}: nested too deeply")
    if isinstance(value, float):
        _number(value, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _json_value(item, f"{where}[{i}]", depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            _json_value(item, f"{where}.{key}", depth + 1)
    elif not (value is None or isinstance(value, str | int | bool)):
        raise _fail(where, "JSON data", value)


def _record(value: Any, where: str) -> dict[str, Any]:
    """A game record (`GameRecord.to_dict()`): its move list must be readable."""
    obj = _object(value, where)
    if "game" in obj:
        _name(obj["game"], f"{where}.game")
    if "players" in obj:
        _seat_number(obj["players"], f"{where}.players")
    if "seed" in obj:
        _int(obj["seed"], f"{where}.seed")
    if "options" in obj:
        _options(obj["options"], f"{where}.options")
    for i, entry in enumerate(_list(obj.get("moves", []), f"{where}.moves", MAX_MOVES)):
        _record_entry(entry, f"{where}.moves[{i}]")
    return dict(obj)


def _record_entry(value: Any, where: str) -> None:
    entry = _object(value, where)
    if set(entry) == {"chance"}:
        _text(entry["chance"], f"{where}.chance", MAX_NAME)
    elif set(entry) == {"seat", "move"}:
        _seat_number(entry["seat"], f"{where}.seat")
        _text(entry["move"], f"{where}.move", MAX_NAME)
    else:
        raise _fail(where, '{"seat": n, "move": "..."} or {"chance": "..."}', value)
