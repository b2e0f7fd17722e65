"""Every play has a stable identity (`plays.uid`, issue 32 item 2): made when the play is
created, stored, given to plays stored before migration 0007, kept through export and import."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import create_engine, text

import db
from tests.db.helpers import play
from tests.db.test_migrations import migrate


def is_uuid(value: str | None) -> bool:
    return value is not None and str(uuid.UUID(value)) == value


def test_a_new_play_has_an_identity_that_is_stored(database):
    made = play(["Ann", "Bo"], [3, 4])
    assert is_uuid(made.uid)
    play_id = db.add_play(database, made)
    stored = db.get_play(database, play_id)
    assert stored is not None and stored.uid == made.uid


def test_updating_a_play_keeps_its_identity(database):
    made = play(["Ann", "Bo"], [3, 4], finished=False)
    play_id = db.add_play(database, made)
    again = play(["Ann", "Bo"], [5, 4])  # a new record of the same play: another uid
    again.id = play_id
    db.update_play(database, again)
    stored = db.get_play(database, play_id)
    assert stored is not None and stored.uid == made.uid


@pytest.mark.organiser
def test_plays_stored_before_identities_get_one_each(db_url):
    migrate(db_url, "0006")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        for play_id in (1, 2, 3):
            conn.execute(text(
                "INSERT INTO plays (id, game_id, mode, started_at, finished_at, options, "
                "record, location, notes, updated_at) VALUES (:id, 'juusai', 'table', "
                "'2026-01-01 19:00:00', NULL, '{}', NULL, '', '', '2026-01-01 20:00:00')"),
                {"id": play_id})
    engine.dispose()
    database = db.open_database(db_url)
    uids = [p.uid for p in db.list_plays(database)]
    assert len(uids) == 3 and len(set(uids)) == 3 and all(is_uuid(u) for u in uids)
    database.close()
    migrate(db_url, "0006", down=True)  # and back down: the column goes, the plays stay
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert conn.scalar(text("SELECT count(*) FROM plays")) == 3
    engine.dispose()
