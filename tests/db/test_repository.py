"""Plays, players and settings stored and read back; writes are all-or-nothing."""

from __future__ import annotations

import dataclasses
from datetime import datetime

import pytest

import db
from companion.history import PlayMode
from tests.db.helpers import START, play


def test_a_play_round_trips_with_every_field(database):
    original = play(["花子", "<b>&amp;", "Bot · MCTS"], [12.0, 7.5, None], bots=("Bot · MCTS",))
    play_id = db.add_play(database, original)
    stored = db.get_play(database, play_id)
    assert stored == dataclasses.replace(original, id=play_id)
    assert stored.seats[2].is_bot and stored.seats[2].player == "Bot · MCTS"
    assert stored.record == {"moves": [{"seat": 0, "move": "bank"}]}


def test_players_are_created_once_by_name_and_bots_are_not_players(database):
    db.add_play(database, play(["Ann", "Bo", "Bot"], [1, 2, 3], bots=("Bot",)))
    db.add_play(database, play(["Bo", "Ann"], [5, 4], day=1))
    assert [p.name for p in db.list_players(database)] == ["Ann", "Bo"]


def test_add_plays_is_all_or_nothing(database):
    good = play(["Ann", "Bo"], [1, 2])
    bad = play(["Ann", "  "], [1, 2], day=1)  # an empty name cannot be stored
    with pytest.raises(db.DatabaseError):
        db.add_plays(database, [good, bad])
    assert db.list_plays(database) == [] and db.list_players(database) == []


def test_list_plays_filters_and_orders_newest_first(database):
    db.add_plays(database, [play(["Ann", "Bo"], [1, 2], day=0),
                            play(["Ann", "Cy"], [3, 1], game="shinyu", day=1),
                            play(["Bo", "Cy"], [2, 2], day=2),
                            play(["Ann", "Bo"], [None, None], day=3, finished=False)])
    assert [p.seed for p in db.list_plays(database)] == [3, 2, 1, 0]
    assert [p.seed for p in db.list_plays(database, game_id="juusai", finished=True)] == [2, 0]
    assert [p.seed for p in db.list_plays(database, player="Ann")] == [3, 1, 0]
    assert [p.seed for p in db.list_plays(database, since=datetime(2026, 3, 15),
                                          until=datetime(2026, 3, 17))] == [2, 1]
    assert [p.seed for p in db.list_plays(database, limit=2, offset=1)] == [2, 1]
    assert db.count_plays(database, player="Cy") == 2
    assert db.count_plays(database, finished=False) == 1


@pytest.mark.organiser
def test_update_replaces_seats_and_fields(database):
    play_id = db.add_play(database, play(["Ann", "Bo"], [1, 2]))
    changed = dataclasses.replace(play(["Ann", "Cy", "Dee"], [9, 8, 7]), id=play_id,
                                  notes="fixed", location="")
    db.update_play(database, changed)
    assert db.get_play(database, play_id) == changed
    assert db.count_plays(database) == 1


def test_autosave_inserts_then_updates_the_same_unfinished_play(database):
    unfinished = play(["Ann", "Bot"], [None, None], finished=False, bots=("Bot",))
    play_id = db.save_autosave(database, unfinished)
    unfinished.id = play_id
    unfinished.record = {"moves": [{"seat": 0, "move": "bank"}, {"seat": 1, "move": "again"}]}
    assert db.save_autosave(database, unfinished) == play_id
    (resumable,) = db.unfinished_plays(database)
    assert resumable.id == play_id and len(resumable.record["moves"]) == 2
    unfinished.finished_at = START
    db.update_play(database, unfinished)
    assert db.unfinished_plays(database) == []


@pytest.mark.organiser
def test_delete_play_removes_it_and_its_seats(database):
    keep = db.add_play(database, play(["Ann", "Bo"], [1, 2]))
    gone = db.add_play(database, play(["Ann", "Bo"], [3, 2], day=1))
    db.delete_play(database, gone)
    assert db.get_play(database, gone) is None
    assert [p.id for p in db.list_plays(database)] == [keep]
    assert [(s.player, s.plays) for s in db.player_stats(database)] == [("Ann", 1), ("Bo", 1)]


def test_update_of_a_missing_play_is_a_clear_error(database):
    with pytest.raises(db.DatabaseError, match="no play number 99"):
        db.update_play(database, dataclasses.replace(play(["A"], [1]), id=99))


@pytest.mark.organiser
def test_players_can_be_added_renamed_and_duplicates_refused(database):
    ann = db.add_player(database, "Ann")
    db.add_player(database, "Bo")
    with pytest.raises(db.DuplicatePlayerError, match="Bo"):
        db.add_player(database, " Bo ")
    with pytest.raises(db.DuplicatePlayerError):
        db.rename_player(database, ann.id, "Bo")
    db.rename_player(database, ann.id, "アン")
    assert [p.name for p in db.list_players(database)] == ["Bo", "アン"]


@pytest.mark.organiser
def test_a_rename_shows_in_every_play(database):
    play_id = db.add_play(database, play(["Ann", "Bo"], [1, 2]))
    ann = next(p for p in db.list_players(database) if p.name == "Ann")
    db.rename_player(database, ann.id, "Anne")
    assert [s.player for s in db.get_play(database, play_id).seats] == ["Anne", "Bo"]


@pytest.mark.organiser
def test_merge_moves_the_seats_and_the_statistics(database):
    db.add_play(database, play(["Ann", "Bo"], [5, 2]))
    db.add_play(database, play(["ann", "Bo"], [1, 4], day=1))
    by_name = {p.name: p.id for p in db.list_players(database)}
    db.merge_players(database, by_name["Ann"], by_name["ann"])
    assert [p.name for p in db.list_players(database)] == ["Ann", "Bo"]
    (ann,) = [s for s in db.player_stats(database, "") if s.player == "Ann"]
    assert (ann.plays, ann.wins, ann.average_score, ann.best_score) == (2, 1, 3.0, 5.0)
    assert db.player_play_counts(database) == {"Ann": 2, "Bo": 2}
    with pytest.raises(db.DatabaseError):
        db.merge_players(database, by_name["Ann"], by_name["Ann"])


@pytest.mark.organiser
def test_settings_default_and_overwrite(database):
    assert db.get_setting(database, "language", "ja") == "ja"
    db.set_setting(database, "language", "en")
    db.set_setting(database, "language", "ja")
    assert db.get_setting(database, "language") == "ja"


def test_digital_and_table_modes_are_kept(database):
    table = db.add_play(database, play(["A", "B"], [1, 2]))
    digital = db.add_play(database, play(["A", "Bot"], [1, 2], bots=("Bot",), day=1))
    assert db.get_play(database, table).mode is PlayMode.TABLE
    assert db.get_play(database, digital).mode is PlayMode.DIGITAL
