"""History JSON (round trip, validation naming the place), CSV rows, BG Stats structure."""

from __future__ import annotations

import copy
import csv
import io
import json
import uuid
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from companion.export import bgstats, history_csv, history_json
from companion.export.history_json import (
    ImportValidationError,
    plays_from_json,
    plays_to_json,
)
from companion.history import PlayMode, PlayRecord, SeatResult

START = datetime(2026, 11, 22, 19, 30)


def sample_plays() -> list[PlayRecord]:
    digital = PlayRecord(
        game_id="juusai",
        mode=PlayMode.DIGITAL,
        started_at=START,
        finished_at=START + timedelta(minutes=25, seconds=20),
        seats=[
            SeatResult(0, "花子", score=12, breakdown={"race": 10, "bonus": 2}, rank=1,
                       winner=True, start_player=True),
            SeatResult(1, "<b>&amp;", score=9.5, breakdown={"race": 9.5}, rank=2,
                       faction="赤"),
            SeatResult(2, "Bot · MCTS", is_bot=True, bot_kind="mcts:strong", score=3, rank=3),
        ],
        options={"rounds": 3, "variant": ["a", "b"]},
        seed=42,
        record={"format": 1, "game": "juusai", "players": 3, "seed": 42, "options": {},
                "moves": [{"chance": "3"}, {"seat": 0, "move": "a1"}]},
        location="公民館",
        notes="楽しかった",
        id=5,
    )
    table = PlayRecord(
        game_id="alluvium",
        mode=PlayMode.TABLE,
        started_at=START - timedelta(days=1),
        finished_at=START - timedelta(days=1) + timedelta(hours=1),
        seats=[SeatResult(1, "Ann", score=40, rank=1, winner=True),
               SeatResult(0, "花子", score=40, rank=1, winner=True)],
        id=4,
    )
    return [digital, table]


def exported() -> dict[str, Any]:
    return copy.deepcopy(plays_to_json(sample_plays()))


# -- JSON ---------------------------------------------------------------------------------------


def test_json_round_trip_is_exact_through_text() -> None:
    plays = sample_plays()
    text = history_json.dumps(plays)
    assert "花子" in text  # Japanese kept readable
    assert plays_from_json(text) == plays
    assert plays_from_json(json.loads(text)) == plays
    assert plays_from_json(text.encode("utf-8-sig")) == plays


def test_json_has_format_and_version() -> None:
    data = plays_to_json([])
    assert data == {"format": "tabletop-companion-history", "version": 1, "plays": []}
    assert plays_from_json(data) == []


def test_aware_datetimes_round_trip() -> None:
    play = sample_plays()[0]
    tz = timezone(timedelta(hours=9))
    play.started_at = play.started_at.replace(tzinfo=tz)
    play.finished_at = play.finished_at.replace(tzinfo=tz)  # type: ignore[union-attr]
    assert plays_from_json(plays_to_json([play])) == [play]


def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("plays", 0, "seats", 1, "score"), "abc",
         "plays[0].seats[1].score: expected a number, got 'abc'"),
        (("plays", 0, "seats", 1, "score"), True, "plays[0].seats[1].score: expected a number"),
        (("plays", 0, "seats", 1, "score"), 1e12, "plays[0].seats[1].score: expected a number "
         "within"),
        (("plays", 1, "mode"), "online", "plays[1].mode: expected 'digital' or 'table', got "
         "'online'"),
        (("plays", 1, "started_at"), "yesterday", "plays[1].started_at: expected an ISO date"),
        (("plays", 1, "started_at"), "0001-01-01T00:00:00", "plays[1].started_at: expected a "
         "date between"),
        (("plays", 0, "finished_at"), "2026-11-22T10:00:00", "plays[0].finished_at: "
         "2026-11-22T10:00:00 is before started_at"),
        (("plays", 0, "finished_at"), "2026-11-22T20:00:00+09:00", "plays[0].finished_at: give "
         "both times with a time zone or both without"),
        (("plays", 1, "finished_at"), None, "plays[1].finished_at: a play at the table must"),
        (("plays", 0, "game"), _DELETE, "plays[0].game: missing"),
        (("plays", 0, "game"), "  ", "plays[0].game: expected a non-empty name"),
        (("plays", 0, "seats"), [], "plays[0].seats: expected 1 to 20 entries, got 0"),
        (("plays", 0, "seats"), {"a": 1}, "plays[0].seats: expected a list [...]"),
        (("plays", 0, "seats", 2, "seat"), 0, "plays[0].seats: seat numbers must be 0 to 2, "
         "each once; got [0, 1, 0]"),
        (("plays", 0, "seats", 2, "seat"), -1, "plays[0].seats[2].seat: expected a seat number"),
        (("plays", 0, "seats", 0, "player"), 7, "plays[0].seats[0].player: expected text, got 7"),
        (("plays", 0, "seats", 0, "player"), "x" * 201, "plays[0].seats[0].player: text of at "
         "most 200"),
        (("plays", 0, "seats", 1, "faction"), "x" * 65, "plays[0].seats[1].faction: text of at "
         "most 64"),
        (("plays", 0, "seats", 1, "player"), "A\x00", "plays[0].seats[1].player: text with a "
         "NUL character"),
        (("plays", 0, "seats", 1, "player"), "花子", "plays[0].seats: 花子 sits in seats 1 and "
         "2; a person plays one seat of a play"),
        (("plays", 0, "game"), "../../etc/passwd", "plays[0].game: expected a game id of a-z"),
        (("plays", 0, "record", "moves"), [{"chance": "1"}] * 10_001, "plays[0].record.moves: "
         "at most 10000 moves expected, got 10001"),
        (("plays", 0, "record", "extra"), [[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]],
         "plays[0].record.extra[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested more "
         "than 16 levels deep"),
        (("plays", 0, "record", "extra"), float("nan"), "plays[0].record.extra: expected a "
         "finite number, got nan"),
        (("plays", 0, "options", "big"), 2**64, "plays[0].options.big: expected a whole number"),
        (("plays", 0, "seats", 0, "winner"), "yes", "plays[0].seats[0].winner: expected true or "
         "false, got 'yes'"),
        (("plays", 0, "seats", 0, "rank"), 0, "plays[0].seats[0].rank: expected a whole number "
         "from 1 to 20, got 0"),
        (("plays", 0, "seats", 0, "rank"), 2**40, "plays[0].seats[0].rank: expected a whole "
         "number from 1 to 20"),
        (("plays", 0, "seats", 0, "breakdown", "race"), "10",
         "plays[0].seats[0].breakdown.race: expected a number, got '10'"),
        (("plays", 0, "seats", 0, "colour"), "red", "plays[0].seats[0]: unknown field(s) colour"),
        (("plays", 0, "seed"), 1.5, "plays[0].seed: expected a whole number, got 1.5"),
        (("plays", 0, "id"), "5", "plays[0].id: expected a whole number from 1, got '5'"),
        (("plays", 0, "options"), [], "plays[0].options: expected an object"),
        (("plays", 0, "record", "moves", 1), {"seat": 0}, "plays[0].record.moves[1]: expected"),
        (("plays", 0, "record", "moves", 1, "move"), 3, "plays[0].record.moves[1].move: "
         "expected text, got 3"),
        (("plays", 0, "notes"), "n" * 10_001, "plays[0].notes: text of at most 10000"),
        (("plays", 0), "play", "plays[0]: expected an object {...}, got 'play'"),
        (("plays",), None, "plays: expected a list [...], got None"),
        (("version",), 2, "version: 2 is newer than this app reads (1)"),
        (("version",), "1", "version: expected a whole number from 1, got '1'"),
        (("format",), "bgstats", "format: expected 'tabletop-companion-history', got 'bgstats'"),
        (("extra",), 1, "file: unknown field(s) extra"),
    ],
)
def test_each_validation_failure_names_its_field(path: tuple[Any, ...], value: Any,
                                                 message: str) -> None:
    data = _set(exported(), path, value)
    with pytest.raises(ImportValidationError) as info:
        plays_from_json(data)
    assert str(info.value).startswith(message), str(info.value)


def test_json_syntax_error_names_line_and_column() -> None:
    text = '{\n  "format": "tabletop-companion-history",\n  "version": 1\n  "plays": []\n}'
    with pytest.raises(ImportValidationError, match="at line 4, column 3"):
        plays_from_json(text)
    with pytest.raises(ImportValidationError, match="NaN is not a number JSON allows"):
        plays_from_json('{"format": "tabletop-companion-history", "version": 1, "plays": NaN}')
    with pytest.raises(ImportValidationError, match="not UTF-8"):
        plays_from_json(b"\xff\xfe{}")
    with pytest.raises(ImportValidationError, match="file: expected an object"):
        plays_from_json("[]")


def test_unfinished_digital_play_is_accepted() -> None:
    play = sample_plays()[0]
    play.finished_at = None
    assert plays_from_json(plays_to_json([play])) == [play]


# -- CSV ----------------------------------------------------------------------------------------


def test_csv_one_row_per_seat_in_seat_order() -> None:
    text = history_csv.plays_to_csv(sample_plays())
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == list(history_csv.COLUMNS)
    assert len(rows) == 5
    first = rows[0]
    assert first["play_id"] == "5" and first["date"] == "2026-11-22 19:30:00"
    assert first["finished"] == "2026-11-22 19:55:20"
    assert (first["game"], first["mode"], first["location"]) == ("juusai", "digital", "公民館")
    assert (first["player"], first["score"], first["rank"], first["winner"]) == (
        "花子", "12", "1", "1")
    assert first["start_player"] == "1"
    assert json.loads(first["breakdown"]) == {"race": 10, "bonus": 2}
    second = rows[1]
    assert (second["player"], second["score"], second["faction"], second["winner"]) == (
        "<b>&amp;", "9.5", "赤", "0")
    bot = rows[2]
    assert (bot["bot"], bot["bot_kind"], bot["breakdown"]) == ("1", "mcts:strong", "")
    assert [r["player"] for r in rows[3:]] == ["花子", "Ann"]  # sorted by seat
    assert text.endswith("\r\n") and not text.startswith(history_csv.BOM)


def test_csv_for_excel_has_bom_and_keeps_formulas_as_text() -> None:
    play = sample_plays()[1]
    play.seats[0].player = "=SUM(A1)"
    play.seats[1].score = -3
    text = history_csv.plays_to_csv([play], excel=True)
    assert text.startswith(history_csv.BOM)
    rows = list(csv.DictReader(io.StringIO(text.removeprefix(history_csv.BOM))))
    assert rows[1]["player"] == "'=SUM(A1)"
    assert rows[0]["score"] == "-3"  # a negative number stays a number
    plain = list(csv.DictReader(io.StringIO(history_csv.plays_to_csv([play]))))
    assert plain[1]["player"] == "=SUM(A1)"


# -- BG Stats -----------------------------------------------------------------------------------


def test_bgstats_refs_resolve_and_scores_are_strings() -> None:
    data = bgstats.to_bgstats(sample_plays(), lambda g: {"juusai": "獣裁"}.get(g, g))
    games = {g["id"]: g for g in data["games"]}
    players = {p["id"]: p for p in data["players"]}
    locations = {loc["id"]: loc for loc in data["locations"]}
    assert sorted(p["name"] for p in players.values()) == sorted(
        ["<b>&amp;", "Ann", "Bot · MCTS", "花子"])
    assert all(p["isAnonymous"] is False for p in players.values())
    assert [loc["name"] for loc in locations.values()] == ["公民館"]
    older, newer = data["plays"]  # sorted by date
    assert games[older["gameRefId"]]["name"] == "alluvium"
    assert older["playDate"] == "2026-11-21 19:30:00" and older["durationMin"] == 60
    assert games[newer["gameRefId"]]["name"] == "獣裁"
    assert newer["playDate"] == "2026-11-22 19:30:00" and newer["durationMin"] == 25
    assert locations[newer["locationRefId"]]["name"] == "公民館"
    assert "locationRefId" not in older
    scores = newer["playerScores"]
    assert [players[s["playerRefId"]]["name"] for s in scores] == ["花子", "<b>&amp;",
                                                                   "Bot · MCTS"]
    assert [s["score"] for s in scores] == ["12", "9.5", "3"]
    assert [s["winner"] for s in scores] == [True, False, False]
    assert [s["rank"] for s in scores] == [1, 2, 3]
    assert [s["startPlayer"] for s in scores] == [True, False, False]
    assert scores[1]["role"] == "赤" and scores[0]["team"] == ""
    assert [s["winner"] for s in older["playerScores"]] == [True, True]
    for play in data["plays"]:
        assert (play["rounds"], play["board"], play["ignored"], play["manualWinner"],
                play["usesTeams"]) == (0, "", False, False, False)


def test_bgstats_uuids_are_valid_stable_and_distinct() -> None:
    plays = sample_plays()
    first = bgstats.dumps(plays)
    again = bgstats.dumps(list(reversed(plays)))
    assert first == again
    data = json.loads(first)
    uuids = [item["uuid"] for key in ("games", "players", "locations", "plays")
             for item in data[key]]
    assert len(set(uuids)) == len(uuids)
    assert all(uuid.UUID(u).version == 5 for key in ("games", "players", "locations")
               for u in (item["uuid"] for item in data[key]))
    # a play's uuid is its identity (the history's uid): an import recognises it
    assert sorted(p["uuid"] for p in data["plays"]) == sorted(str(p.uid) for p in plays)
    assert bgstats.stable_uuid("player", "花子") == bgstats.stable_uuid("player", "花子")
    assert bgstats.stable_uuid("player", "花子") != bgstats.stable_uuid("game", "花子")
