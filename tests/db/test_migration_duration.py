"""Migration 0005 (play durations) keeps every play both ways: plays stored before it have no
duration, and going back keeps the plays (other games' names included), only the durations go."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

import db
from tests.db.helpers import play
from tests.db.test_migrations import migrate, revision_of


@pytest.mark.organiser
def test_plays_stored_before_durations_existed_have_none(db_url) -> None:
    migrate(db_url, "0003")
    engine = create_engine(db_url)
    with engine.begin() as conn:  # what the app of schema 0003 wrote
        conn.execute(text(
            "INSERT INTO plays (id, game_id, mode, started_at, finished_at, options, seed, "
            "record, location, notes, updated_at) VALUES (7, 'juusai', 'digital', "
            "'2026-01-01 19:00:00', '2026-01-01 20:30:00', '{}', NULL, NULL, '', '', "
            "'2026-01-01 20:30:00')"))
    engine.dispose()
    database = db.open_database(db_url)  # upgraded on opening
    assert revision_of(db_url) == db.head_revision()
    stored = db.get_play(database, 7)
    assert stored.duration_s is None and stored.duration_minutes() == 90  # from the times
    database.close()


@pytest.mark.organiser
def test_going_back_keeps_the_plays_and_their_games(db_url) -> None:
    database = db.open_database(db_url)
    timed = play(["Ann", "Bo"], [3, 4], game="other:カタン")
    timed.duration_s = 1500
    play_id = db.add_play(database, timed)
    database.close()
    migrate(db_url, "0003", down=True)
    assert revision_of(db_url) == "0003"
    migrate(db_url, "head")
    database = db.open_database(db_url)
    stored = db.get_play(database, play_id)
    assert stored.game_id == "other:カタン" and [s.player for s in stored.seats] == ["Ann", "Bo"]
    assert stored.duration_s is None  # the one thing 0003 cannot hold
    database.close()
