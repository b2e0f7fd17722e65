"""Migration 0009 (ways of winning): plays stored before it were ranked by the highest total,
except those of the app's co-operative game, and going back keeps every play."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

import db
from companion.history import WinMode
from companion.winning import play_win_mode
from tests.db.test_migrations import migrate, revision_of


@pytest.mark.organiser
def test_plays_stored_before_are_won_their_games_way_and_stay_going_back(db_url) -> None:
    migrate(db_url, "0008")
    engine = create_engine(db_url)
    with engine.begin() as conn:  # what the app of schema 0008 wrote
        for play_id, game in ((7, "equilibrium"), (8, "other:Golf")):
            conn.execute(text(
                "INSERT INTO plays (id, uid, game_id, mode, started_at, finished_at, options, "
                "location, notes, updated_at) VALUES (:id, :uid, :game, 'table', "
                "'2026-01-01 19:00:00', '2026-01-01 20:30:00', '{}', '', '', "
                "'2026-01-01 20:30:00')"),
                {"id": play_id, "uid": f"00000000-0000-4000-8000-00000000000{play_id}",
                 "game": game})
            conn.execute(text("INSERT INTO players (id, name, created_at) VALUES "
                              "(:id, :name, '2026-01-01 19:00:00')"),
                         {"id": play_id, "name": f"P{play_id}"})
            conn.execute(text(
                "INSERT INTO seats (play_id, seat, player_id, bot_name, bot_kind, faction, "
                "score, breakdown, rank, winner, start_player) VALUES (:id, 0, :id, '', '', "
                "'', 3, '{}', 1, :won, :won)"), {"id": play_id, "won": True})
    engine.dispose()
    database = db.open_database(db_url)  # upgraded on opening
    assert revision_of(db_url) == db.head_revision()
    coop, golf = db.get_play(database, 7), db.get_play(database, 8)
    assert coop is not None and play_win_mode(coop) is WinMode.COOPERATIVE
    assert golf is not None and golf.win_mode is None and play_win_mode(golf) is WinMode.HIGHEST
    assert [s.team for s in golf.seats] == [""]
    database.close()
    migrate(db_url, "0008", down=True)
    assert revision_of(db_url) == "0008"
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM plays")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM seats")).scalar() == 2
    engine.dispose()
