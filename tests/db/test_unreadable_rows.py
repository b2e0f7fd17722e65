"""A row the app cannot read never breaks the history (issue 33.6): the database refuses such
rows (migration 0008), and one stored before that (or written into a SQLite file by another
program) is read as one unreadable play; export and backup leave it out and say so in one
sentence (exit status 2), replay and resume refuse it with a sentence."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError

import db
from companion.history import PlayMode, PlayRecord
from db.transfer import write_backup
from tests.db.helpers import play
from tests.db.test_migrations import migrate
from ui import cli

NOW = "2026-03-14 19:30:00"
PLAY = ("INSERT INTO plays (uid, game_id, mode, started_at, finished_at, options, record, "
        "location, notes, updated_at) VALUES (:uid, 'juusai', :mode, :started_at, :finished_at, "
        ":options, :record, '', '', :updated_at) RETURNING id")
SEAT = ("INSERT INTO seats (play_id, seat, bot_name, bot_kind, faction, score, breakdown, "
        "winner, start_player) VALUES (:play_id, 0, 'Bot', 'random', '', :score, :breakdown, "
        "false, true)")
GOOD_PLAY = {"mode": "table", "started_at": NOW, "finished_at": None, "options": "{}",
             "record": None, "updated_at": NOW}
GOOD_SEAT = {"score": 3, "breakdown": "{}"}


def insert(conn: Any, play_values: dict[str, Any], seat_values: dict[str, Any]) -> int:
    play_id = int(conn.execute(text(PLAY), {**GOOD_PLAY, "uid": str(uuid.uuid4()),
                                            **play_values}).scalar_one())
    conn.execute(text(SEAT), {**GOOD_SEAT, "play_id": play_id, **seat_values})
    return play_id


#: (column, play values, seat values, dialects) of rows the app cannot read.
BAD = [
    ("mode", {"mode": "blitz"}, {}, ("sqlite", "postgresql")),
    ("options", {"options": "[1, 2]"}, {}, ("sqlite", "postgresql")),
    ("options", {"options": '"x"'}, {}, ("sqlite", "postgresql")),
    ("options", {"options": "{not json"}, {}, ("sqlite",)),
    ("record", {"record": "[1]"}, {}, ("sqlite", "postgresql")),
    ("started_at", {"started_at": "last tuesday"}, {}, ("sqlite",)),
    ("started_at", {"started_at": "infinity"}, {}, ("postgresql",)),
    ("seats.score", {}, {"score": "a lot"}, ("sqlite",)),
    ("seats.score", {}, {"score": "NaN"}, ("postgresql",)),
    ("seats.score", {}, {"score": 1e12}, ("sqlite", "postgresql")),
    ("seats.breakdown", {}, {"breakdown": "[]"}, ("sqlite", "postgresql")),
]


def bad_rows(dialect: str) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    return [(column, p, s) for column, p, s, where in BAD if dialect in where]


def dialect_of(url: str) -> str:
    return "sqlite" if url.startswith("sqlite") else "postgresql"


def test_the_database_refuses_rows_the_app_cannot_read(database):
    """As whoever the login is (on PostgreSQL also a club member: COMPANION_TEST_PG_ROLE)."""
    with database.engine.begin() as conn:
        insert(conn, {}, {})  # a good row goes in
    for column, play_values, seat_values in bad_rows(dialect_of(database.url)):
        with pytest.raises(DBAPIError) as info, database.engine.begin() as conn:
            insert(conn, play_values, seat_values)
        assert "ck_plays" in str(info.value.orig) or "ck_seats" in str(info.value.orig), column
    with pytest.raises(DBAPIError, match="ck_plays"), database.engine.begin() as conn:
        conn.execute(text("UPDATE plays SET mode = 'blitz'"))  # an UPDATE is checked too
    assert db.count_plays(database) == 1


@pytest.fixture
def stored_before(db_url: str) -> Iterator[tuple[str, list[tuple[int, str]]]]:
    """A history holding a good play and one bad row of each kind, stored before the checks
    (revision 0007), then opened by this version; (url, [(play id, column)])."""
    migrate(db_url, "0007")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        good = insert(conn, {"finished_at": "2026-03-14 20:30:00"}, {})
        bad = [(insert(conn, {"finished_at": "2026-03-14 20:30:00", **p}, s), column)
               for column, p, s in bad_rows(dialect_of(db_url))]
    engine.dispose()
    yield db_url, [(good, ""), *bad]


@pytest.mark.organiser
def test_rows_stored_before_the_checks_are_each_one_unreadable_play(stored_before):
    url, expected = stored_before
    database = db.open_database(url)  # migrates to the head with the rows in place
    try:
        plays = db.list_plays(database)
        assert sorted((p.id, p.unreadable) for p in plays) == sorted(expected)
        good = next(p for p in plays if not p.unreadable)
        assert [s.player for s in good.seats] == ["Bot"] and good.seats[0].score == 3
        for play_id, column in expected[1:]:
            stand_in = db.get_play(database, play_id)
            assert stand_in is not None and stand_in.unreadable == column
            assert stand_in.seats == [] and stand_in.id == play_id
        assert db.count_plays(database) == len(expected)
        db.player_stats(database)  # the statistics still come up
        with database.engine.begin() as conn:  # its other columns may still change (a
            conn.execute(text("UPDATE plays SET notes = 'seen'"))  # later migration's UPDATE)
            conn.execute(text("UPDATE seats SET faction = 'red'"))
        assert sorted((p.id, p.unreadable) for p in db.list_plays(database)) == sorted(expected)
        for play_id, _column in expected[1:]:  # the organiser can remove each of them
            db.delete_play(database, play_id)
        assert [p.id for p in db.list_plays(database)] == [expected[0][0]]
    finally:
        database.close()


@pytest.mark.organiser
def test_export_leaves_out_an_unreadable_play_with_a_sentence_and_exit_2(stored_before,
                                                                        capsys, tmp_path):
    url, expected = stored_before
    bad = expected[1:]
    target = tmp_path / "out.json"
    for argv in (["export", "-o", str(target)], ["export", "--format", "csv"]):
        assert cli.main(["--db", url, *argv]) == 2
        err = capsys.readouterr().err
        numbers = ", ".join(f"#{play_id}" for play_id, _ in bad)
        noun = "play" if len(bad) == 1 else "plays"
        assert err.endswith(f"{len(bad)} {noun} could not be read and "
                            f"{'was' if len(bad) == 1 else 'were'} left out: {numbers}.\n")
        assert "Traceback" not in err
    assert [p["started_at"] for p in json.loads(target.read_text())["plays"]] == [
        "2026-03-14T19:30:00"]


@pytest.mark.organiser
def test_a_backup_leaves_out_an_unreadable_play_and_names_it(stored_before, tmp_path):
    url, expected = stored_before
    database = db.open_database(url)
    left_out: list[int] = []
    try:
        write_backup(database, tmp_path / "backup", left_out=left_out)
    finally:
        database.close()
    if database.path is None:  # PostgreSQL: every readable play as history JSON
        assert left_out == [play_id for play_id, _ in expected[1:]]
        assert len(json.loads((tmp_path / "backup").read_text())["plays"]) == 1
    else:  # a copy of the file: every row as it is
        assert left_out == []


@pytest.mark.organiser
def test_replay_and_sheet_of_an_unreadable_play_are_a_sentence(stored_before, capsys, tmp_path):
    url, expected = stored_before
    play_id, column = expected[1]
    for argv in (["replay", str(play_id)],
                 ["pdf", "--play", str(play_id), "-o", str(tmp_path / "x.pdf")]):
        assert cli.main(["--db", url, *argv]) == 2
        err = capsys.readouterr().err
        assert f"Play #{play_id} cannot be read: its stored “{column}” holds a value this " \
               "app cannot read." in err
        assert "Traceback" not in err


@pytest.mark.organiser
def test_an_unfinished_unreadable_play_is_listed_and_not_resumed(db_url):
    migrate(db_url, "0007")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        play_id = insert(conn, {"mode": "blitz"}, {})
    engine.dispose()
    database = db.open_database(db_url)
    try:
        db.save_autosave(database, play(["Ann", "Bo"], [None, None], finished=False, day=1))
        unfinished = db.unfinished_plays(database)
        assert sorted(p.unreadable for p in unfinished) == ["", "mode"]
        assert next(p for p in unfinished if p.unreadable).id == play_id
    finally:
        database.close()


def test_the_sentences_in_both_languages():
    from db.reading import left_out_text, unreadable_text

    stand_in = PlayRecord(game_id="juusai", mode=PlayMode.TABLE,
                          started_at=datetime(2026, 1, 1), id=7, unreadable="mode")
    assert unreadable_text(stand_in, "en") == ("Play #7 cannot be read: its stored “mode” holds "
                                               "a value this app cannot read.")
    assert unreadable_text(stand_in, "ja") == ("対局 #7 は読み取れません（保存されている「mode」の"
                                               "値がこのアプリでは読めません）。")
    assert left_out_text([9, 7], "ja") == "読み取れない対局 2 件（#7、#9）は含めていません。"
    assert left_out_text([9, 7], "en") == "2 plays could not be read and were left out: #7, #9."
    assert left_out_text([7], "en") == "1 play could not be read and was left out: #7."
    assert left_out_text([], "en") == ""


@pytest.mark.organiser
def test_statistics_and_the_player_page_leave_out_what_cannot_be_read(db_url):
    """A person's seat with a score that is no number, a play whose end is no date, a
    co-operative play whose options are no object: counted where they can be, never a crash."""
    sqlite = dialect_of(db_url) == "sqlite"
    migrate(db_url, "0007")
    engine = create_engine(db_url)
    seat = ("INSERT INTO seats (play_id, seat, player_id, bot_name, bot_kind, faction, score, "
            "breakdown, winner, start_player) VALUES (:play_id, 0, 1, '', '', '', :score, '{}', "
            "true, true)")
    good = {"finished_at": "2026-03-14 20:30:00"}
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO players (id, name, created_at) "
                          "VALUES (1, 'Ann', '2026-01-01 00:00:00')"))
        rows = [({**good}, 4), ({**good}, "a lot" if sqlite else "NaN"),
                ({"finished_at": "someday" if sqlite else "infinity"}, 9)]
        for play_values, score in rows:
            play_id = int(conn.execute(text(PLAY), {**GOOD_PLAY, "uid": str(uuid.uuid4()),
                                                    **play_values}).scalar_one())
            conn.execute(text(seat), {"play_id": play_id, "score": score})
        coop = int(conn.execute(text(PLAY.replace("'juusai'", "'equilibrium'")), {
            **GOOD_PLAY, **good, "uid": str(uuid.uuid4()), "options": "[1]"}).scalar_one())
        conn.execute(text(seat), {"play_id": coop, "score": None})
    engine.dispose()
    database = db.open_database(db_url)
    try:  # rows written with SQL: revision 0010 counted every cell again, as a recount does
        assert db.recount_statistics(database) == 0
        (juusai,) = [s for s in db.player_stats(database) if s.game_id == "juusai"]
        assert juusai.best_score == 4 and juusai.average_score == 4  # the number there is
        profile = db.player_profile(database, "Ann")
        assert profile is not None
        tally = next(t for t in profile.games if t.game_id == "juusai")
        assert tally.best_score == 4 and tally.last_played == datetime(2026, 3, 14, 20, 30)
        assert (tally.plays, juusai.plays) == (2, 2)  # a play without a readable end: neither
        assert [p.score for p in db.scores_over_time(database, "juusai")] == [4.0]
        (team,) = db.team_results(database, "equilibrium")
        assert team.expansions == () and team.plays == 1
    finally:
        database.close()
