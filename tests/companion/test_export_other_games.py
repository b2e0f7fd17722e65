"""Durations and other games in every export: BG Stats (a game of that name, minutes), CSV
(duration_min, game_name columns), JSON (duration_min round trip, checked on import)."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta

import pytest

from companion.export import bgstats, history_csv, history_json
from companion.export.history_json import ImportValidationError, plays_from_json, plays_to_json
from companion.history import PlayMode, PlayRecord, SeatResult

START = datetime(2026, 11, 20, 19, 0)


def plays() -> list[PlayRecord]:
    catan = PlayRecord("other:Catan", PlayMode.TABLE, START, [
        SeatResult(0, "花子", score=10, rank=1, winner=True), SeatResult(1, "Ben", score=8,
                                                                         rank=2)],
        finished_at=START, duration_s=75 * 60, id=1)
    untimed = PlayRecord("juusai", PlayMode.TABLE, START + timedelta(days=1),
                         [SeatResult(0, "Ben", score=3, winner=True)],
                         finished_at=START + timedelta(days=1), id=2)
    digital = PlayRecord("juusai", PlayMode.DIGITAL, START + timedelta(days=2),
                         [SeatResult(0, "Ben", score=3, winner=True)],
                         finished_at=START + timedelta(days=2, minutes=17), id=3)
    return [catan, untimed, digital]


def test_bgstats_names_the_other_game_and_gives_minutes() -> None:
    data = bgstats.to_bgstats(plays(), lambda game_id: f"name of {game_id}")
    assert sorted(g["name"] for g in data["games"]) == ["Catan", "name of juusai"]
    catan_ref = next(g["id"] for g in data["games"] if g["name"] == "Catan")
    by_game = {p["gameRefId"]: p for p in data["plays"]}
    assert by_game[catan_ref]["durationMin"] == 75
    assert [p["durationMin"] for p in data["plays"]] == [75, 0, 17]  # untimed: 0, as BG Stats


def test_csv_has_minutes_and_the_game_name() -> None:
    rows = list(csv.DictReader(io.StringIO(history_csv.plays_to_csv(plays()))))
    assert [(r["game"], r["game_name"], r["duration_min"]) for r in rows] == [
        ("other:Catan", "Catan", "75"), ("other:Catan", "Catan", "75"),
        ("juusai", "Juusai (Foolish Sticks)", ""), ("juusai", "Juusai (Foolish Sticks)", "17")]


def test_json_round_trip_with_durations_and_other_games() -> None:
    exported = plays_to_json(plays())
    assert exported["plays"][0]["duration_min"] == 75
    assert "duration_min" not in exported["plays"][1]  # nobody timed it
    assert plays_from_json(history_json.dumps(plays())) == plays()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("duration_min", -1, "plays[0].duration_min: expected whole minutes from 0 to 100000"),
    ("duration_min", 2.5, "plays[0].duration_min: expected whole minutes"),
    ("game", "other:   ", "plays[0].game: a game needs a name"),
    ("game", "other:" + "x" * 59, "plays[0].game: a game's name has at most 58 characters"),
])
def test_json_import_refuses_bad_durations_and_names(field: str, value: object,
                                                     message: str) -> None:
    data = plays_to_json(plays())
    data["plays"][0][field] = value
    with pytest.raises(ImportValidationError) as caught:
        plays_from_json(data)
    assert str(caught.value).startswith(message)


def test_json_import_tidies_an_other_games_name() -> None:
    data = plays_to_json(plays())
    data["plays"][0]["game"] = "other:  Catan "
    assert plays_from_json(data)[0].game_id == "other:Catan"
