"""Every export says how a play was won (issue 32.3): the PDF sheet names a way other than the
highest total, the CSV has each play's way and each seat's team, and BG Stats gets its flags
(highestWins, noPoints, usesTeams) and each seat's team."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

from companion.export import bgstats, history_csv
from companion.export.sheets import play_sheet
from companion.history import PlayMode, PlayRecord, SeatResult, WinMode

START = datetime(2026, 11, 22, 19, 30)


def play(game: str, mode: WinMode | None, *seats: SeatResult) -> PlayRecord:
    return PlayRecord(game, PlayMode.TABLE, START, list(seats), finished_at=START,
                      win_mode=mode)


def test_the_sheet_says_how_the_play_was_won() -> None:
    golf = play("other:Golf", WinMode.LOWEST, SeatResult(0, "Ann", score=30, rank=1,
                                                         winner=True),
                SeatResult(1, "Ben", score=41, rank=2))
    assert ("Won by", "Lowest total wins") in play_sheet(golf, "en").meta
    assert ("勝ち方", "合計が最も低い人の勝ち") in play_sheet(golf, "ja").meta
    juusai = play("juusai", None, SeatResult(0, "Ann", score=3, rank=1, winner=True))
    assert [key for key, _ in play_sheet(juusai, "en").meta].count("Won by") == 0


def test_csv_and_bgstats_carry_the_way_and_the_teams() -> None:
    codenames = play("other:Codenames", WinMode.TEAMS,
                     SeatResult(0, "Ann", score=8, rank=1, winner=True, team="red"),
                     SeatResult(1, "Ben", score=5, rank=2, team="blue"))
    werewolf = play("other:Werewolf", WinMode.NO_SCORE, SeatResult(0, "Cy", winner=True),
                    SeatResult(1, "Di"))
    rows = list(csv.DictReader(io.StringIO(history_csv.plays_to_csv([codenames, werewolf]))))
    assert [(r["win_mode"], r["team"]) for r in rows] == [
        ("teams", "red"), ("teams", "blue"), ("no_score", ""), ("no_score", "")]
    data = json.loads(bgstats.dumps([codenames, werewolf]))
    games = {g["name"]: g for g in data["games"]}
    assert (games["Codenames"]["usesTeams"], games["Werewolf"]["noPoints"]) == (True, True)
    assert all(g["highestWins"] for g in games.values())
    teams = [s["team"] for p in data["plays"] for s in p["playerScores"]]
    assert teams == ["red", "blue", "", ""]
