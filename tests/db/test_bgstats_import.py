"""A BG Stats export imported into a history (issue 32.6), on SQLite and PostgreSQL: the app's
own export of every way of winning gives the same plays in an empty history, a hand-written
file gives its teams, co-operative and lowest-wins games, and the same file twice adds
nothing."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

import db
from companion.export import bgstats
from companion.export.sheets import game_name
from companion.history import PlayMode, PlayRecord, SeatResult, WinMode
from companion.winning import play_win_mode
from db.transfer import read_bgstats_file
from tests.companion.bgstats_sample import PLAY_UUIDS, sample_text

DAY = datetime(2026, 4, 1, 19, 0)
pytestmark = pytest.mark.organiser  # importing a file is the organiser's


def history() -> list[PlayRecord]:
    def seat(i: int, name: str, score: float | None, rank: int | None, winner: bool,
             **more: Any) -> SeatResult:
        return SeatResult(i, name, score=score, rank=rank, winner=winner, **more)

    def play(day: int, game: str, seats: list[SeatResult], **more: Any) -> PlayRecord:
        start = DAY + timedelta(days=day, seconds=17)
        return PlayRecord(game, PlayMode.TABLE, start, seats,
                          finished_at=start + timedelta(minutes=30), duration_s=1800, **more)

    return [
        play(0, "juusai", [seat(0, "花子", 24, 1, True, start_player=True, faction="赤"),
                           seat(1, "Ben", 10, 2, False)], location="Club", notes="close"),
        play(1, "other:Golf", [seat(0, "花子", 36, 1, True), seat(1, "Ben", 41, 2, False)],
             win_mode=WinMode.LOWEST),
        play(2, "other:Pandemic", [seat(0, "花子", None, None, False),
                                   seat(1, "Cy", None, None, False)],
             win_mode=WinMode.COOPERATIVE),
        play(3, "other:Codenames", [seat(0, "花子", 8, 1, True, team="red"),
                                    seat(1, "Ben", 5, 2, False, team="blue")],
             win_mode=WinMode.TEAMS),
        play(4, "other:Werewolf", [seat(0, "Ben", None, None, True),
                                   seat(1, "Cy", None, None, False)],
             win_mode=WinMode.NO_SCORE),
        play(5, "equilibrium", [seat(0, "Cy", None, None, True), seat(1, "Ben", None, None, True)]),
    ]


def what_it_holds(play: PlayRecord) -> tuple[Any, ...]:
    return (play.uid, play.game_id, play.started_at, play.duration_s, play.location, play.notes,
            play_win_mode(play),
            [(s.seat, s.player, s.score, s.rank, s.winner, s.start_player, s.faction, s.team)
             for s in play.seats])


def test_the_apps_own_export_imports_as_the_same_plays(database) -> None:
    plays = history()
    text = bgstats.dumps(plays, lambda game_id: game_name(game_id, "en"))
    found = read_bgstats_file(database, text)
    assert found.skipped == [] and found.new_players == ["Ben", "Cy", "花子"]
    result = db.import_plays(database, found.plays)
    assert (result.imported, result.skipped) == (6, 0)
    stored = list(reversed(db.list_plays(database)))
    assert [what_it_holds(p) for p in stored] == [what_it_holds(p) for p in plays]
    again = db.import_plays(database, read_bgstats_file(database, text).plays)
    assert (again.imported, again.skipped) == (0, 6)
    assert db.count_plays(database) == 6


def test_a_hand_written_export_with_teams_cooperation_and_the_lowest_total(database) -> None:
    db.add_player(database, "Ann")
    found = read_bgstats_file(database, sample_text())
    assert found.matched == ["Ann"] and found.new_players == ["Ben", "Cy", "Di"]
    assert [s.number for s in found.skipped] == [5, 6]
    assert db.import_plays(database, found.plays).imported == 4
    golf, pandemic, codenames, juusai = reversed(db.list_plays(database))
    assert golf.uid == PLAY_UUIDS[0] and play_win_mode(golf) is WinMode.LOWEST
    assert pandemic.winners() == ["Ann", "Cy"] and play_win_mode(pandemic) is WinMode.COOPERATIVE
    assert [s.team for s in codenames.seats] == ["red", "red", "blue", "blue"]
    assert juusai.game_id == "juusai"
    ann = db.player_profile(database, "Ann")
    assert ann is not None
    assert {g.game_id: g.best_score for g in ann.games}["other:Golf"] == 36
    rivals = {r.opponent: (r.wins, r.losses, r.shared) for r in ann.rivals}
    assert rivals == {"Ben": (1, 0, 1), "Cy": (1, 0, 1), "Di": (1, 0, 0)}
    assert db.import_plays(database, read_bgstats_file(database, sample_text()).plays
                           ).imported == 0
