"""Alembic migrations: one head, the models match the migrated schema, and upgrading or
downgrading keeps the stored plays."""

from __future__ import annotations

from datetime import datetime

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

import db
from db.engine import alembic_config
from db.models import Base
from db.network import is_model_name
from tests.db.helpers import play


def migrate(url: str, target: str, down: bool = False) -> None:
    engine = create_engine(url)
    config = alembic_config(url)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(config, target)
    engine.dispose()


def revision_of(url: str) -> str | None:
    engine = create_engine(url)
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
    engine.dispose()
    return current


def test_there_is_exactly_one_head():
    assert len(ScriptDirectory.from_config(alembic_config()).get_heads()) == 1


@pytest.mark.organiser
def test_the_migrated_schema_is_what_the_models_describe(db_url):
    database = db.open_database(db_url)
    with database.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"include_name": is_model_name})
        differences = compare_metadata(context, Base.metadata)
    database.close()
    assert differences == []


@pytest.mark.organiser
def test_upgrade_keeps_plays_stored_by_the_first_schema(db_url):
    migrate(db_url, "0001")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO players (id, name, created_at) "
                          "VALUES (1, '花子', '2026-01-01 00:00:00')"))
        conn.execute(text(
            "INSERT INTO plays (id, game_id, mode, started_at, finished_at, options, seed, "
            "record, location, notes, updated_at) VALUES (1, 'juusai', 'table', "
            "'2026-01-01 19:00:00', '2026-01-01 20:00:00', '{}', NULL, NULL, '', '', "
            "'2026-01-01 20:00:00')"))
        conn.execute(text(
            "INSERT INTO seats (play_id, seat, player_id, bot_name, bot_kind, faction, score, "
            "breakdown, rank, winner, start_player) "
            "VALUES (1, 0, 1, '', '', '', 7, '{}', 1, true, true)"))
    engine.dispose()
    database = db.open_database(db_url)  # upgrades to head at start
    assert revision_of(db_url) == db.head_revision()
    (stored,) = db.list_plays(database)
    assert [s.player for s in stored.seats] == ["花子"]
    (stats,) = db.player_stats(database)  # the statistics cells were filled from old plays
    assert (stats.player, stats.plays, stats.wins, stats.best_score) == ("花子", 1, 1, 7.0)
    if database.path is not None:
        assert database.backup is not None and database.backup.exists()
    database.close()


@pytest.mark.organiser
def test_downgrade_to_the_first_schema_and_back_keeps_the_data(db_url):
    database = db.open_database(db_url)
    play_id = db.add_play(database, play(["Ann", "Bo"], [3, 4]))
    database.close()
    migrate(db_url, "0001", down=True)
    assert revision_of(db_url) == "0001"
    migrate(db_url, "head")
    database = db.open_database(db_url)
    assert [s.player for s in db.get_play(database, play_id).seats] == ["Ann", "Bo"]
    assert {s.player: s.wins for s in db.player_stats(database)} == {"Ann": 0, "Bo": 1}
    database.close()


@pytest.mark.organiser
def test_downgrade_to_nothing_and_up_again(db_url):
    migrate(db_url, "head")
    migrate(db_url, "base", down=True)
    assert revision_of(db_url) is None
    migrate(db_url, "head")
    assert revision_of(db_url) == db.head_revision()


@pytest.mark.organiser
def test_upgrade_normalises_names_and_merges_players_that_become_one(db_url):
    migrate(db_url, "0002")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        for player_id, name in ((1, "Ann"), (2, "Bo\u00a0Lee"), (3, "Bo Lee"), (4, "Bo  Lee")):
            conn.execute(text("INSERT INTO players (id, name, created_at) VALUES "
                              "(:id, :name, '2026-01-01 00:00:00')"), {"id": player_id,
                                                                      "name": name})
        for play_id, seats in ((1, (1, 2)), (2, (3, 1)), (3, (4,))):
            conn.execute(text(
                "INSERT INTO plays (id, game_id, mode, started_at, finished_at, options, "
                "record, location, notes, updated_at) VALUES (:id, 'juusai', 'table', :start, "
                ":end, '{}', NULL, '', '', '2026-01-01 20:00:00')"),
                {"id": play_id, "start": datetime(2026, 1, play_id, 19),
                 "end": datetime(2026, 1, play_id, 20)})
            for seat, player_id in enumerate(seats):
                conn.execute(text(
                    "INSERT INTO seats (play_id, seat, player_id, bot_name, bot_kind, faction, "
                    "score, breakdown, rank, winner, start_player) VALUES (:play, :seat, "
                    ":player, '', '', '', :score, '{}', 1, :winner, false)"),
                    {"play": play_id, "seat": seat, "player": player_id,
                     "score": 10 * play_id + seat, "winner": seat == 0})
    engine.dispose()
    database = db.open_database(db_url)  # 0003 fills the statistics, 0004 merges the Bo Lees
    assert [p.name for p in db.list_players(database)] == ["Ann", "Bo Lee"]
    assert db.player_play_counts(database) == {"Ann": 2, "Bo Lee": 3}
    stats = {s.player: (s.plays, s.wins, s.best_score) for s in db.player_stats(database)}
    assert stats == {"Ann": (2, 1, 21.0), "Bo Lee": (3, 2, 30.0)}
    database.close()
