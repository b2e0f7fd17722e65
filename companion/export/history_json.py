"""The play history as JSON, and its import with validation of every field before anything
is returned (so a bad file writes nothing).

Format (version 1)::

    {"format": "tabletop-companion-history", "version": 1,
     "plays": [{"id": 3, "uid": "0b5e2f4c-…", "game": "juusai", "mode": "digital",
                "started_at": "2026-11-22T19:30:00", "finished_at": "2026-11-22T19:52:00",
                "location": "", "notes": "", "options": {}, "seed": 42, "record": {...},
                "duration_min": 22,
                "seats": [{"seat": 0, "player": "花子", "is_bot": false, "bot_kind": "",
                           "faction": "", "score": 12, "breakdown": {"race": 10},
                           "rank": 1, "winner": true, "start_player": true}]}]}

`plays_from_json` keeps a play's `id` (so a round trip is exact); the importer drops it and
lets the database number the plays. `uid` (optional; files written before it have none) is
the play's identity, kept through import: an import recognises the plays it already holds by it.
`duration_min` (optional) is how long the play took in
whole minutes; it is absent when nobody timed the play. A game the app does not know has the
id "other:" + its name (companion/other_games.py). `win_mode` (optional: the game's own way
when absent) is how the play was won, a seat's `team` (optional) its team
(companion/winning.py). A refused file's error names the play as a person finds it too
(`ImportValidationError.text(lang)`: its number from 1, date and game).

Size limits of a file (refused beyond, with a sentence naming the place): at most
`MAX_FILE_BYTES` (128 MB) and `MAX_PLAYS` plays; numbers of at most `MAX_NUMBER_CHARS` (24)
characters; values nested at most 16 levels; what a play holds is limited by
`companion.playdata` (the same limits as the databases: 10 000 moves per play, names of 100
characters, no NUL characters, finite numbers...). `iter_plays` reads a file one play at a
time, so memory holds the text and one play, not every play at once.
"""

from __future__ import annotations

import json
import math
import re
import uuid
from collections.abc import Callable, Generator, Iterator, Mapping
from datetime import datetime
from typing import IO, Any, TypeVar

from companion import playdata
from companion.core.errors import CompanionError
from companion.export.import_errors import PlayPlace, describe
from companion.history import PlayMode, PlayRecord, SeatResult, WinMode
from companion.playdata import MAX_SEATS, PlayDataError

FORMAT = "tabletop-companion-history"
VERSION = 1

#: Limits of what a sane file holds; anything beyond is refused with the place named.
MAX_FILE_BYTES = 128 * 1024 * 1024
MAX_PLAYS = 100_000
MAX_NUMBER_CHARS = 24
MAX_NAME = playdata.NAME_LENGTH
MAX_TEXT = playdata.NOTES_LENGTH
MAX_MOVES = playdata.MAX_MOVES
MAX_MINUTES = 100_000

_PLAY_KEYS = {"id", "uid", "game", "mode", "started_at", "finished_at", "location", "notes",
              "options", "seed", "record", "seats", "duration_min", "win_mode"}
_SEAT_KEYS = {"seat", "player", "is_bot", "bot_kind", "faction", "score", "breakdown", "rank",
              "winner", "start_player", "team"}
_TOP_KEYS = {"format", "version", "plays"}


T = TypeVar("T")


class ImportValidationError(CompanionError, ValueError):
    """A history file that cannot be imported; the message names the exact place, `place` the
    play as a person finds it (number, date, game) and `text(lang)` says it in `lang`."""

    def __init__(self, message: str, place: PlayPlace | None = None) -> None:
        super().__init__(message)
        self.place = place

    def text(self, lang: str) -> str:
        """The problem as a person reads it in `lang` ("ja" or "en")."""
        return describe(str(self), self.place, lang)


# -- export ----------------------------------------------------------------------------------


def plays_to_json(plays: list[PlayRecord]) -> dict[str, Any]:
    """The plays as a JSON-ready dict (write it with `json.dumps(..., ensure_ascii=False)`)."""
    return {"format": FORMAT, "version": VERSION, "plays": [_play_to_json(p) for p in plays]}


def _play_to_json(play: PlayRecord) -> dict[str, Any]:
    return {
        "id": play.id,
        **({} if play.uid is None else {"uid": play.uid}),
        "game": play.game_id,
        "mode": play.mode.value,
        "started_at": play.started_at.isoformat(),
        "finished_at": play.finished_at.isoformat() if play.finished_at else None,
        "location": play.location,
        "notes": play.notes,
        "options": _plain(dict(play.options)),
        "seed": play.seed,
        "record": _plain(play.record),
        "seats": [_seat_to_json(s) for s in play.seats],
        **_duration_to_json(play),
        **({} if play.win_mode is None else {"win_mode": play.win_mode.value}),
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
        "score": _finite(seat.score),
        "breakdown": {key: value for key, value in seat.breakdown.items()
                      if _finite(value) is not None},
        "rank": seat.rank,
        "winner": seat.winner,
        "start_player": seat.start_player,
        **({"team": seat.team} if seat.team else {}),
    }


def _finite(value: float | None) -> float | None:
    """Scores that are not finite (stored by an older version) are written as no score."""
    return value if value is None or math.isfinite(value) else None


def _plain(value: Any) -> Any:
    """JSON data with non-finite numbers (which JSON cannot hold) written as null."""
    if isinstance(value, float):
        return _finite(value)
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def dumps(plays: list[PlayRecord]) -> str:
    """The JSON text of the plays: UTF-8 friendly (Japanese kept), indented, stable."""
    return json.dumps(plays_to_json(plays), ensure_ascii=False, indent=2,
                      allow_nan=False) + "\n"


# -- import ----------------------------------------------------------------------------------


def read_file(stream: IO[bytes], name: str) -> bytes:
    """The bytes of a history file, refusing (without reading on) one beyond
    `MAX_FILE_BYTES` — a pipe or /dev/zero included."""
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ImportValidationError(
            f"{name} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB, the largest history "
            "file this app imports; split it into several files")
    return data


def as_text(data: str | bytes) -> str:
    """The text of a file: UTF-8 (a byte order mark is allowed)."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ImportValidationError(
                f"not UTF-8 text: byte {exc.start} cannot be read") from None
    return data.removeprefix("\ufeff")


def _reject_constant(name: str) -> Any:
    raise ImportValidationError(f"not valid JSON: {name} is not a number JSON allows")


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise ImportValidationError(
            f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS}): {text[:12]}...")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text) if len(text) <= MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(value):
        raise ImportValidationError(
            f"a number too long or too large: {text[:12]}{'...' if len(text) > 12 else ''}")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys all differ: a key written twice would hide one of its values."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ImportValidationError(
                f"the key “{key[:MAX_NAME]}” appears twice in one object; keep one of them")
        data[key] = value
    return data


_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_int=_parse_int,
                            parse_float=_parse_float, object_pairs_hook=_unique_keys)
_SPACE = re.compile(r"[ \t\n\r]*")


def _decode(text: str, pos: int, where: str) -> tuple[Any, int]:
    """One JSON value at `pos` and the position after it."""
    try:
        return _DECODER.raw_decode(text, pos)
    except json.JSONDecodeError as exc:
        raise _syntax(exc) from None
    except RecursionError:
        raise ImportValidationError(
            f"{where}: nested more than {playdata.MAX_DEPTH} levels deep") from None
    except ImportValidationError as exc:
        raise ImportValidationError(f"{where}: {exc}") from None


def _syntax(exc: json.JSONDecodeError) -> ImportValidationError:
    # json's own messages may end in "at" ("Invalid control character at")
    return ImportValidationError(f"not valid JSON: {exc.msg.removesuffix(' at')} at line "
                                 f"{exc.lineno}, column {exc.colno}")


def _skip(text: str, pos: int) -> int:
    """The position of the next character that is not white space."""
    return _SPACE.match(text, pos).end()  # type: ignore[union-attr]


def _expect(text: str, pos: int, chars: str, what: str) -> tuple[str, int]:
    """The character at `pos` (after white space), one of `chars`, and the position after."""
    pos = _skip(text, pos)
    found = text[pos:pos + 1]
    if not found or found not in chars:
        raise _syntax(json.JSONDecodeError(f"Expecting {what}", text, pos))
    return found, pos + 1


def parse_json_text(text: str | bytes) -> Any:
    """Parse JSON; a syntax error becomes `ImportValidationError` with line and column."""
    text = as_text(text)
    value, end = _decode(text, _skip(text, 0), "file")
    if _skip(text, end) < len(text):
        raise _syntax(json.JSONDecodeError("Extra data", text, _skip(text, end)))
    return value


def plays_from_json(data: Any) -> list[PlayRecord]:
    """Validate a whole history (a parsed dict, or JSON text) and return its plays.

    Raises `ImportValidationError` at the first problem, naming its place, e.g.
    "plays[3].seats[1].score: expected a number, got 'abc'".
    """
    if isinstance(data, str | bytes):
        return list(iter_plays(data))
    top = _object(data, "file")
    _known_keys(top, _TOP_KEYS, "file")
    _check_format(top.get("format"))
    _check_version(top.get("version"))
    plays = _list(top.get("plays"), "plays", MAX_PLAYS)
    return [_play(raw, f"plays[{i}]") for i, raw in enumerate(plays)]


def iter_plays(data: str | bytes) -> Iterator[PlayRecord]:
    """The plays of a history file's text, validated one at a time as they are read.

    Raises `ImportValidationError` (naming the place) at the first problem; by then earlier
    plays have been yielded, so read the whole file before writing any of them.
    """
    text = as_text(data)
    pos = _skip(text, 0)
    if text[pos:pos + 1] != "{":
        raise _fail("file", "an object {...}", parse_json_text(text))
    seen: set[str] = set()
    found, pos = _expect(text, pos + 1, '"}', "property name enclosed in double quotes")
    while found == '"':
        key, pos = _decode(text, pos - 1, "file")
        if key not in _TOP_KEYS:
            raise ImportValidationError(f"file: unknown field(s) {key}")
        if key in seen:
            raise ImportValidationError(f"file: the key “{key}” appears twice; keep one of them")
        seen.add(key)
        _, pos = _expect(text, pos, ":", "':' delimiter")
        if key == "plays":
            pos = yield from _stream_plays(text, _skip(text, pos))
        else:
            value, pos = _decode(text, _skip(text, pos), key)
            (_check_format if key == "format" else _check_version)(value)
        found, pos = _expect(text, pos, ",}", "',' delimiter")
        if found == ",":
            found, pos = _expect(text, pos, '"', "property name enclosed in double quotes")
    if _skip(text, pos) < len(text):
        raise _syntax(json.JSONDecodeError("Extra data", text, _skip(text, pos)))
    if "format" not in seen:
        _check_format(None)
    if "version" not in seen:
        _check_version(None)
    if "plays" not in seen:
        raise _fail("plays", "a list [...]", None)


def _stream_plays(text: str, pos: int) -> Generator[PlayRecord, None, int]:
    """The plays of the list starting at `pos`; returns the position after the list."""
    if text[pos:pos + 1] != "[":
        value, _ = _decode(text, pos, "plays")
        raise _fail("plays", "a list [...]", value)
    pos = _skip(text, pos + 1)
    if text[pos:pos + 1] == "]":
        return pos + 1
    index = 0
    while True:
        if index >= MAX_PLAYS:
            raise ImportValidationError(f"plays: expected 0 to {MAX_PLAYS} entries, got more")
        where = f"plays[{index}]"
        raw, pos = _decode(text, pos, where)
        yield _play(raw, where)
        index += 1
        found, pos = _expect(text, pos, ",]", "',' delimiter")
        if found == "]":
            return pos
        pos = _skip(text, pos)


def _check_format(value: Any) -> None:
    if value != FORMAT:
        raise ImportValidationError(
            f"format: expected {FORMAT!r}, got {_show(value)} "
            "(is this a history file exported by this app?)"
        )


def _check_version(value: Any) -> None:
    version = _positive_int(value, "version")
    if version > VERSION:
        raise ImportValidationError(
            f"version: {version} is newer than this app reads ({VERSION}); update the app"
        )


def _play(raw: Any, where: str) -> PlayRecord:
    try:
        play = _read_play(raw, where)  # every field checked with companion.playdata's checks
        playdata.check_one_seat_each(play.seats, f"{where}.seats")
    except (PlayDataError, ImportValidationError) as exc:
        raise ImportValidationError(str(exc), _place(raw, where)) from None
    return play


def _place(raw: Any, where: str) -> PlayPlace:
    """The play `raw` at `where` ("plays[3]") as a person finds it: number, date, game."""
    from companion.other_games import game_name

    number = int(where.removeprefix("plays[").rstrip("]")) + 1
    date = game = ""
    if isinstance(raw, dict):
        started = raw.get("started_at")
        if isinstance(started, str):
            date = started[:16].replace("T", " ")
        if isinstance(raw.get("game"), str):
            game = game_name(raw["game"], "en")
    return PlayPlace(number, date, game)


def _read_play(raw: Any, where: str) -> PlayRecord:
    obj = _object(raw, where)
    _known_keys(obj, _PLAY_KEYS, where)
    play_id = _optional(obj, "id", where, _positive_int)
    game = playdata.check_game_id(_required(obj, "game", where), f"{where}.game")
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
    playdata.check_seat_numbers(seats, f"{where}.seats")
    return PlayRecord(
        game_id=game,
        mode=mode,
        started_at=started,
        finished_at=finished,
        seats=seats,
        options=_optional(obj, "options", where, _options) or {},
        seed=_optional(obj, "seed", where, playdata.check_int),
        record=_optional(obj, "record", where, playdata.check_record),
        location=_optional(obj, "location", where, _location) or "",
        notes=_optional(obj, "notes", where, _long_text) or "",
        id=play_id,
        duration_s=_optional(obj, "duration_min", where, _minutes_as_seconds),
        win_mode=_optional(obj, "win_mode", where, _win_mode),
        uid=_optional(obj, "uid", where, _uid),
    )


def _seat(raw: Any, where: str) -> SeatResult:
    obj = _object(raw, where)
    _known_keys(obj, _SEAT_KEYS, where)
    return SeatResult(
        seat=_seat_number(_required(obj, "seat", where), f"{where}.seat"),
        player=playdata.check_name(_required(obj, "player", where), f"{where}.player"),
        is_bot=bool(_optional(obj, "is_bot", where, _bool)),
        bot_kind=_optional(obj, "bot_kind", where, _short_text) or "",
        faction=_optional(obj, "faction", where, _short_text) or "",
        score=_optional(obj, "score", where, playdata.check_number),
        breakdown=_optional(obj, "breakdown", where, _breakdown) or {},
        rank=_optional(obj, "rank", where, playdata.check_rank),
        winner=bool(_optional(obj, "winner", where, _bool)),
        start_player=bool(_optional(obj, "start_player", where, _bool)),
        team=_optional(obj, "team", where, _short_text) or "",
    )


# -- field checks: each returns the value or raises naming `where` ------------------------------

_show = playdata.show


def _fail(where: str, expected: str, value: Any) -> ImportValidationError:
    return ImportValidationError(str(playdata.fail(where, expected, value)))


def _uid(value: Any, where: str) -> str:
    """A play's identity: a UUID as text (kept in its canonical lower-case form)."""
    if not isinstance(value, str) or len(value) > 64:
        raise _fail(where, "a UUID such as \"0b5e…\"", value)
    try:
        return str(uuid.UUID(value))
    except ValueError:
        raise _fail(where, "a UUID such as \"0b5e…\"", value) from None


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


def _positive_int(value: Any, where: str) -> int:
    if not playdata.is_int(value) or not 1 <= value <= playdata.MAX_INT:
        raise _fail(where, "a whole number from 1", value)
    return int(value)


def _seat_number(value: Any, where: str) -> int:
    if not playdata.is_int(value) or not 0 <= value < MAX_SEATS:
        raise _fail(where, f"a seat number from 0 to {MAX_SEATS - 1}", value)
    return int(value)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "true or false", value)
    return value


def _minutes_as_seconds(value: Any, where: str) -> int:
    if not playdata.is_int(value) or not 0 <= value <= MAX_MINUTES:
        raise _fail(where, f"whole minutes from 0 to {MAX_MINUTES}", value)
    return int(value) * 60


def _short_text(value: Any, where: str) -> str:
    return playdata.check_text(value, where, playdata.SHORT_TEXT_LENGTH)


def _location(value: Any, where: str) -> str:
    return playdata.check_text(value, where, playdata.LOCATION_LENGTH)


def _long_text(value: Any, where: str) -> str:
    return playdata.check_text(value, where, MAX_TEXT)


def _win_mode(value: Any, where: str) -> WinMode:
    for mode in WinMode:
        if value == mode.value:
            return mode
    raise _fail(where, " or ".join(repr(m.value) for m in WinMode), value)


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
    if not playdata.YEARS[0] <= when.year <= playdata.YEARS[1]:
        raise _fail(where, f"a date between {playdata.YEARS[0]} and {playdata.YEARS[1]}", value)
    return when


def _breakdown(value: Any, where: str) -> dict[str, float]:
    obj = _object(value, where)
    if len(obj) > playdata.MAX_CATEGORIES:
        raise ImportValidationError(
            f"{where}: at most {playdata.MAX_CATEGORIES} categories expected")
    return {playdata.check_name(key, f"{where} key"): playdata.check_number(v, f"{where}.{key}")
            for key, v in obj.items()}


def _options(value: Any, where: str) -> dict[str, Any]:
    obj = _object(value, where)
    playdata.check_json(obj, where)
    return dict(obj)
