"""What a play must be to be stored: the same limits and characters on every supported
database (SQLite and PostgreSQL), and how names and times are normalised first.

The JSON import (`companion.export.history_json`) and every write of `db/` go through
`check_play(normalized(play))`; `db/models.py` takes its column sizes from here, so a play that
passes is stored the same way by SQLite and PostgreSQL, and a file exported from one imports
into the other.

Limits (each refused with the field named):
- text: no NUL character and no unpaired surrogate (PostgreSQL stores neither);
- game id: 1 to 64 of a-z, 0-9, "_" and "-" (an id the registry does not know is kept and shown
  by its id; anything else, such as "../x", is refused);
- names of people and bots: 1 to 200 characters; faction and bot kind: 64; location: 200;
  notes: 10 000; a score category: 200; each the size of its database column;
- seats: 1 to 20, numbered 0 to n-1 once each; a person sits in one seat of a play;
- numbers: scores and score categories finite within ±1e9; whole numbers within 64 bits
  (ranks 1 to 20);
- options and game records: plain JSON nested at most 16 levels, at most 10 000 moves.

Normalising: names lose the white space around them and runs of white space inside (a
non-breaking or ideographic space counts) become one space, in Unicode NFC; times with a time
zone become local time without one (as the database stores them).
"""

from __future__ import annotations

import dataclasses
import math
import re
import unicodedata
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.core.errors import CompanionError
from companion.history import PlayRecord, SeatResult
from companion.winning import stored_win_mode

GAME_ID_LENGTH = 64
NAME_LENGTH = 200
SHORT_TEXT_LENGTH = 64  # faction, bot kind
LOCATION_LENGTH = 200
NOTES_LENGTH = 10_000
MAX_SEATS = 20
MAX_CATEGORIES = 100
MAX_MOVES = 10_000
MAX_DEPTH = 16
MAX_ABS_SCORE = 1e9
MAX_INT = 2**63 - 1
YEARS = (1900, 2200)

MOVE_LENGTH = 1_000  # one move or chance outcome of a game record

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class PlayDataError(CompanionError, ValueError):
    """A play that cannot be stored; the message starts with the field, e.g.
    "seats[1].faction: text of at most 64 characters expected, got 80"."""


# -- normalising --------------------------------------------------------------------------------


def normalize_name(name: str) -> str:
    """" Ann ", "Ann\\u00a0" and "Ann" are one name; "山田　太郎" is "山田 太郎"."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def local_naive(when: datetime) -> datetime:
    """A time as stored: local time without a time zone."""
    return when if when.tzinfo is None else when.astimezone().replace(tzinfo=None)


def normalized(play: PlayRecord) -> PlayRecord:
    """A copy with names normalised and times in local time (the play is not changed)."""
    seats = [dataclasses.replace(seat, player=normalize_name(seat.player),
                                 breakdown=dict(seat.breakdown), team=seat.team.strip())
             for seat in play.seats]
    return dataclasses.replace(
        play, seats=seats, started_at=local_naive(play.started_at),
        win_mode=stored_win_mode(play.game_id, play.win_mode),
        finished_at=None if play.finished_at is None else local_naive(play.finished_at),
        location=play.location.strip(), options=dict(play.options))


def play_key(play: PlayRecord) -> tuple[str, datetime, tuple[str, ...]]:
    """What makes two plays the same play: game, start time and who sat where (of a
    normalised play; `normalized` first)."""
    seats = tuple(seat.player for seat in sorted(play.seats, key=lambda s: s.seat))
    return play.game_id, play.started_at, seats


# -- checks -------------------------------------------------------------------------------------


def fail(where: str, expected: str, value: Any) -> PlayDataError:
    return PlayDataError(f"{where}: expected {expected}, got {show(value)}")


def show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_characters(text: str, where: str) -> str:
    """Text every database stores: no NUL, no unpaired surrogate (a Python string holds a
    surrogate only when it is unpaired: JSON's pairs are read as one character)."""
    found = _UNSTORABLE.search(text)
    if found is None:
        return text
    if found.group() == "\x00":
        raise PlayDataError(f"{where}: text with a NUL character (\\u0000) cannot be stored")
    raise PlayDataError(f"{where}: text with an unpaired surrogate "
                        f"(\\u{ord(found.group()):04x}) cannot be stored")


def check_text(value: Any, where: str, maximum: int) -> str:
    if not isinstance(value, str):
        raise fail(where, "text", value)
    if len(value) > maximum:
        raise PlayDataError(
            f"{where}: text of at most {maximum} characters expected, got {len(value)}")
    return check_characters(value, where)


def check_name(value: Any, where: str) -> str:
    text = check_text(value, where, NAME_LENGTH)
    if not text.strip():
        raise fail(where, "a non-empty name", value)
    return text


def check_game_id(value: Any, where: str) -> str:
    """A game id the app knows the shape of: a-z, 0-9, '_', '-' ("juusai"), or an other
    game's "other:" + its name (companion/other_games.py), returned tidied."""
    from companion.other_games import (
        OtherGameError,
        is_other_game,
        other_game_id,
        other_game_name,
    )

    if isinstance(value, str) and is_other_game(value):  # its name's own limit applies
        try:
            return other_game_id(other_game_name(check_characters(value, where)))
        except OtherGameError as exc:
            raise PlayDataError(f"{where}: {exc}") from None
    text = check_text(value, where, GAME_ID_LENGTH)
    if not text.strip():
        raise fail(where, "a non-empty name", value)
    if not _GAME_ID.match(text):
        raise fail(where, "a game id of a-z, 0-9, '_' and '-' such as 'juusai'", value)
    return text


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(value: Any, where: str) -> int:
    if not is_int(value) or abs(value) > MAX_INT:
        raise fail(where, "a whole number", value)
    return int(value)


def check_number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(where, "a number", value)
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_ABS_SCORE:
        raise fail(where, f"a number within ±{MAX_ABS_SCORE:g}", value)
    return value


def check_json(value: Any, where: str, depth: int = 0) -> None:
    """Plain JSON data every database stores: finite numbers, whole numbers within 64 bits,
    text without NUL, nested at most `MAX_DEPTH` levels."""
    if depth > MAX_DEPTH:
        raise PlayDataError(f"{where}: nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        check_int(value, where)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise fail(where, "a finite number", value)
    elif isinstance(value, str):
        check_characters(value, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_json(item, f"{where}[{i}]", depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise fail(f"{where} key", "text", key)
            check_characters(key, f"{where} key")
            check_json(item, f"{where}.{key}", depth + 1)
    else:
        raise fail(where, "JSON data", value)


def check_play(play: PlayRecord, where: str = "play") -> None:
    """Raise `PlayDataError` (naming the field) unless every database can store the play as
    it is. Check a `normalized` play: limits apply to what is stored."""
    check_game_id(play.game_id, f"{where}.game")
    _check_time(play.started_at, f"{where}.started_at")
    if play.finished_at is not None:
        _check_time(play.finished_at, f"{where}.finished_at")
    check_text(play.location, f"{where}.location", LOCATION_LENGTH)
    check_text(play.notes, f"{where}.notes", NOTES_LENGTH)
    if play.seed is not None:
        check_int(play.seed, f"{where}.seed")
    check_json(dict(play.options), f"{where}.options")
    if play.record is not None:
        check_record(play.record, f"{where}.record")
    if not 1 <= len(play.seats) <= MAX_SEATS:
        raise PlayDataError(
            f"{where}.seats: expected 1 to {MAX_SEATS} entries, got {len(play.seats)}")
    for i, seat in enumerate(play.seats):
        _check_seat(seat, f"{where}.seats[{i}]")
    check_seat_numbers(play.seats, f"{where}.seats")
    check_one_seat_each(play.seats, f"{where}.seats")


def _check_time(when: Any, where: str) -> None:
    if not isinstance(when, datetime):
        raise fail(where, "a date and time", when)
    if not YEARS[0] <= when.year <= YEARS[1]:
        raise fail(where, f"a date between {YEARS[0]} and {YEARS[1]}", when.isoformat())


def _check_seat(seat: SeatResult, where: str) -> None:
    check_name(seat.player, f"{where}.player")
    check_text(seat.bot_kind, f"{where}.bot_kind", SHORT_TEXT_LENGTH)
    check_text(seat.faction, f"{where}.faction", SHORT_TEXT_LENGTH)
    check_text(seat.team, f"{where}.team", SHORT_TEXT_LENGTH)
    if seat.score is not None:
        check_number(seat.score, f"{where}.score")
    if seat.rank is not None:
        check_rank(seat.rank, f"{where}.rank")
    if len(seat.breakdown) > MAX_CATEGORIES:
        raise PlayDataError(f"{where}.breakdown: at most {MAX_CATEGORIES} categories expected")
    for key, value in seat.breakdown.items():
        check_name(key, f"{where}.breakdown key")
        check_number(value, f"{where}.breakdown.{key}")


def check_rank(value: Any, where: str) -> int:
    if not is_int(value) or not 1 <= value <= MAX_SEATS:
        raise fail(where, f"a whole number from 1 to {MAX_SEATS}", value)
    return int(value)


def check_seat_numbers(seats: list[SeatResult], where: str) -> None:
    numbers = sorted(s.seat for s in seats)
    if numbers != list(range(len(seats))):
        raise PlayDataError(
            f"{where}: seat numbers must be 0 to {len(seats) - 1}, each once; "
            f"got {[s.seat for s in seats]}")


class SeatTakenError(PlayDataError):
    """One person in two seats of a play (`name`, `seats` counted from 1)."""

    def __init__(self, where: str, name: str, seats: tuple[int, int]) -> None:
        super().__init__(f"{where}: {name} sits in seats {seats[0]} and {seats[1]}; a person "
                         "plays one seat of a play")
        self.name = name
        self.seats = seats


def check_one_seat_each(seats: list[SeatResult], where: str) -> None:
    """A person sits in one seat of a play (bots may fill several)."""
    seen: dict[str, int] = {}
    for seat in sorted(seats, key=lambda s: s.seat):
        if seat.is_bot:
            continue
        name = normalize_name(seat.player)
        if name in seen:
            raise SeatTakenError(where, name, (seen[name] + 1, seat.seat + 1))
        seen[name] = seat.seat


def check_record(value: Any, where: str) -> dict[str, Any]:
    """A game record (`GameRecord.to_dict()`): plain JSON whose move list can be read."""
    if not isinstance(value, Mapping):
        raise fail(where, "an object {...}", value)
    check_json({key: item for key, item in value.items() if key != "moves"}, where)
    if "game" in value:
        check_game_id(value["game"], f"{where}.game")
    if "players" in value and (not is_int(value["players"])
                               or not 1 <= value["players"] <= MAX_SEATS):
        raise fail(f"{where}.players", f"a number of players from 1 to {MAX_SEATS}",
                   value["players"])
    if "seed" in value:
        check_int(value["seed"], f"{where}.seed")
    if "options" in value and not isinstance(value["options"], Mapping):
        raise fail(f"{where}.options", "an object {...}", value["options"])
    moves = value.get("moves", [])
    if not isinstance(moves, list):
        raise fail(f"{where}.moves", "a list [...]", moves)
    if len(moves) > MAX_MOVES:
        raise PlayDataError(f"{where}.moves: at most {MAX_MOVES} moves expected, "
                            f"got {len(moves)}")
    _check_moves(moves, f"{where}.moves")
    return dict(value)


def _check_moves(moves: list[Any], where: str) -> None:
    """Every entry of a move list (inline: records hold thousands of moves)."""
    texts: list[str] = []
    for i, entry in enumerate(moves):
        text: Any = None
        if type(entry) is dict:
            if len(entry) == 1:
                text = entry.get("chance")
            elif len(entry) == 2:
                seat = entry.get("seat")
                if type(seat) is int and 0 <= seat < MAX_SEATS:
                    text = entry.get("move")
        if type(text) is not str or len(text) > MOVE_LENGTH:
            _check_record_entry(entry, f"{where}[{i}]")  # names what is wrong
        texts.append(text)
    if _UNSTORABLE.search("".join(texts)):
        for i, entry in enumerate(moves):
            _check_record_entry(entry, f"{where}[{i}]")


def _check_record_entry(value: Any, where: str) -> None:
    if isinstance(value, Mapping) and set(value) == {"chance"}:
        check_text(value["chance"], f"{where}.chance", MOVE_LENGTH)
    elif isinstance(value, Mapping) and set(value) == {"seat", "move"}:
        if not is_int(value["seat"]) or not 0 <= value["seat"] < MAX_SEATS:
            raise fail(f"{where}.seat", f"a seat number from 0 to {MAX_SEATS - 1}",
                       value["seat"])
        check_text(value["move"], f"{where}.move", MOVE_LENGTH)
    else:
        raise fail(where, '{"seat": n, "move": "..."} or {"chance": "..."}', value)
