"""A refused history file names the play as a person finds it — number from 1, date, game —
with the reason in both languages (issue 32.7); the history JSON keeps each play's way of
winning and each seat's team (issue 32.3)."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from companion.export import history_json
from companion.export.history_json import ImportValidationError
from companion.history import PlayMode, PlayRecord, SeatResult, WinMode


def golf() -> PlayRecord:
    start = datetime(2026, 11, 22, 19, 30)
    return PlayRecord("other:Golf", PlayMode.TABLE, start,
                      [SeatResult(0, "Ann", score=30, rank=1, winner=True, team="a"),
                       SeatResult(1, "Ben", score=41, rank=2, team="b")],
                      finished_at=start, win_mode=WinMode.LOWEST)


def refused(change) -> ImportValidationError:
    data = history_json.plays_to_json([golf(), golf()])
    change(data["plays"][1])
    with pytest.raises(ImportValidationError) as caught:
        history_json.plays_from_json(json.dumps(data))
    return caught.value


def test_a_bad_score_names_the_play_seat_and_field() -> None:
    exc = refused(lambda play: play["seats"][1].update(score="abc"))
    assert str(exc).startswith("plays[1].seats[1].score")  # the file's own place stays
    assert exc.text("en") == ("play 2 (2026-11-22 19:30, Golf), seat 2, score: expected a "
                              "number, got 'abc'")
    assert exc.text("ja") == ("2 件目の対局（2026-11-22 19:30、Golf）の 2 番目の席（score）: "
                              "数が必要ですが 'abc' でした")


@pytest.mark.parametrize(("change", "ja"), [
    (lambda play: play.pop("mode"),
     "2 件目の対局（2026-11-22 19:30、Golf）（mode）: 項目がありません"),
    (lambda play: play.update(extra=1),
     "2 件目の対局（2026-11-22 19:30、Golf）: 不明な項目があります: extra"),
    (lambda play: play.update(location="x" * 300),
     "2 件目の対局（2026-11-22 19:30、Golf）（location）: 200 文字以内の文字列が必要ですが、"
     "300 文字でした"),
])
def test_the_usual_reasons_in_japanese(change, ja: str) -> None:
    assert refused(change).text("ja") == ja


def test_the_way_of_winning_and_teams_go_through_the_file() -> None:
    (back,) = history_json.plays_from_json(history_json.dumps([golf()]))
    assert back.win_mode is WinMode.LOWEST and [s.team for s in back.seats] == ["a", "b"]
    assert history_json.plays_to_json([golf()])["plays"][0]["win_mode"] == "lowest"
