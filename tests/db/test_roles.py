"""A club's shared history with the README's two roles: the organiser role owns the history and
may do everything; a member logs plays, plays (every move autosaved) and finishes its own games,
is told in a sentence naming the organiser role when it tries more, never migrates, and cannot
delete or rewrite plays with SQL either."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from datetime import datetime

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import DBAPIError

import db
import db.engine
from companion.core.record import Game
from tests.db.club import Club
from tests.db.helpers import play
from tests.db.test_migrations import migrate, revision_of
from ui import cli

pytestmark = pytest.mark.postgres


@pytest.fixture
def ready(club: Club) -> Club:
    club.prepare()
    return club


@pytest.fixture
def ann(ready: Club) -> Iterator[db.Database]:
    opened = db.open_database(ready.url("ann"))
    yield opened
    opened.close()


@pytest.fixture
def olga(ready: Club) -> Iterator[db.Database]:
    opened = db.open_database(ready.url("olga"))
    yield opened
    opened.close()


@pytest.fixture
def sql(ready: Club) -> Iterator[dict[str, Engine]]:
    """Plain SQL connections of each login, as an attacker with that login would have."""
    engines = {person: create_engine(ready.url(person)) for person in ("ann", "ben", "olga")}
    yield engines
    for engine in engines.values():
        engine.dispose()


def created_by(database: db.Database, play_id: int) -> str:
    with database.engine.connect() as conn:
        return str(conn.scalar(text("SELECT created_by FROM plays WHERE id = :id"),
                               {"id": play_id}))


def test_the_tables_belong_to_the_organiser_role_and_each_login_knows_its_part(ready, olga,
                                                                                ann):
    with olga.engine.connect() as conn:
        owners = set(conn.scalars(text(
            "SELECT tableowner FROM pg_tables WHERE schemaname = current_schema()")))
    assert owners == {ready.roles.organiser}  # olga created them as the organiser role
    assert olga.is_organiser and olga.access is not None
    assert (olga.access.login, olga.access.organiser) == (ready.roles.login("olga"),
                                                          ready.roles.organiser)
    assert not ann.is_organiser and ann.access is not None
    assert (ann.access.login, ann.access.organiser) == (ready.roles.login("ann"),
                                                        ready.roles.organiser)


def test_a_member_never_migrates_a_current_history(ready, monkeypatch):
    tried: list[object] = []
    monkeypatch.setattr(db.engine, "_migrate", lambda *args: tried.append(args))
    database = db.open_database(ready.url("ann"))
    database.close()
    assert tried == [] and revision_of(ready.url("olga")) == db.head_revision()


def test_an_outdated_history_names_the_role_that_may_update_it(ready):
    olga_db = db.open_database(ready.url("olga"))
    db.add_play(olga_db, play(["Ann", "Bo"], [3, 1]))
    olga_db.close()
    migrate(ready.url("olga"), "0004", down=True)
    with pytest.raises(db.OrganiserOnlyError) as info:
        db.open_database(ready.url("ann"))
    error, organiser, login = info.value, ready.roles.organiser, ready.roles.login("ann")
    assert error.message == (
        f"The history {error.message.split()[2]} needs an update for this version of the app, "
        f"which only the organiser role “{organiser}” may do by starting this version once "
        f"(you are logged in as “{login}”); nothing was changed.")
    assert f"オーガナイザーのロール「{organiser}」" in error.text("ja")
    assert error.organiser == organiser and revision_of(ready.url("olga")) == "0004"
    assert ready.roles.password not in error.message + error.text("ja") + error.detail
    db.open_database(ready.url("olga")).close()  # the organiser's start updates it
    database = db.open_database(ready.url("ann"))
    assert len(db.list_plays(database)) == 1
    database.close()


def test_a_member_on_a_history_without_tables_is_told_who_creates_them(club):
    with pytest.raises(db.OrganiserOnlyError, match="has no tables yet") as info:
        db.open_database(club.url("ann"))
    assert info.value.organiser == club.roles.organiser
    assert "まだテーブルがありません" in info.value.text("ja")


def test_a_member_logs_plays_players_and_its_finished_games(ann, olga, ready):
    first = db.add_play(ann, play(["Ann", "Bo"], [3, 1]))
    db.add_plays(ann, [play(["Bo", "Cy"], [2, 5], day=1), play(["Ann", "Cy"], [4, 4], day=2)])
    db.add_player(ann, "Dee")
    assert db.count_plays(olga) == 3 and created_by(olga, first) == ready.roles.login("ann")
    stats = {(s.player, s.game_id): (s.plays, s.wins) for s in db.player_stats(olga)}
    assert stats[("Ann", "juusai")] == (2, 2) and stats[("Cy", "juusai")] == (2, 2)
    assert {p.name for p in db.list_players(ann)} == {"Ann", "Bo", "Cy", "Dee"}


def test_a_member_plays_a_game_autosaved_after_every_move_to_the_end(ann, olga, qtbot):
    from ui.play.controller import GameController, Seat

    context = type("Context", (), {"db": ann})()
    game = Game.new("juusai", 2, {}, 7)
    controller = GameController(context, game, [Seat("Ann"), Seat("Bo")])
    rng = random.Random(7)
    controller.start()
    moves = 0
    while not controller.finished:
        controller.play(rng.choice(controller.legal_moves()))
        moves += 1
        if moves == 1:  # the autosave of the start may land first: wait for the move's
            qtbot.waitUntil(lambda: [p.record for p in db.unfinished_plays(olga)]
                            == [controller.game.record.to_dict()])
    qtbot.waitUntil(lambda: db.count_plays(olga, finished=True) == 1)
    (finished,) = db.list_plays(olga)
    assert finished.id == controller.play_id and finished.finished_at is not None
    assert finished.record == controller.game.record.to_dict() and moves > 1
    assert db.unfinished_plays(olga) == []


def test_a_member_continues_its_own_unfinished_game_only(ann, ready, olga):
    ben = db.open_database(ready.url("ben"))
    try:
        own = play(["Ann", "Bo"], [None, None], finished=False)
        own.id = db.save_autosave(ann, own)
        others = play(["Ben", "Bo"], [None, None], finished=False)
        others.id = db.save_autosave(ben, others)
        own.notes = "move 2"
        assert db.save_autosave(ann, own) == own.id
        with pytest.raises(db.OrganiserOnlyError) as info:
            db.save_autosave(ann, dataclasses.replace(others, notes="taken over"))
        assert info.value.organiser == ready.roles.organiser
        assert "change a finished play or another login's play" in info.value.message
        db.update_play(ann, dataclasses.replace(own, finished_at=datetime(2026, 3, 14, 21, 0),
                                                seats=play(["Ann", "Bo"], [5, 2]).seats))
        with pytest.raises(db.OrganiserOnlyError):  # finished: the organiser's now
            db.update_play(ann, dataclasses.replace(own, notes="rewritten"))
        assert {p.id: p.notes for p in db.list_plays(olga)} == {own.id: "move 2",
                                                                 others.id: "night 0"}
    finally:
        ben.close()


@pytest.mark.parametrize(("action", "verb", "noun"), [
    (lambda d, ids: db.delete_play(d, ids["play"]), "delete plays", "対局の削除"),
    (lambda d, ids: db.rename_player(d, ids["Bo"], "Bob"), "rename players", "プレイヤー名の変更"),
    (lambda d, ids: db.merge_players(d, ids["Ann"], ids["Cy"]), "merge players",
     "プレイヤーの統合"),
    (lambda d, ids: db.import_plays(d, [play(["Cy", "Dee"], [1, 2], day=5)]),
     "import a history file", "履歴ファイルの取り込み"),
    (lambda d, ids: db.update_play(d, dataclasses.replace(db.get_play(d, ids["play"]),
                                                          notes="x")),
     "change a finished play or another login's play", "終了した対局や他のログインの対局の変更"),
])
def test_what_only_the_organiser_may_do_is_a_sentence_naming_it(ann, olga, ready, action, verb,
                                                                 noun):
    play_id = db.add_play(olga, play(["Ann", "Bo"], [3, 1]))
    db.add_player(olga, "Cy")
    ids = {p.name: p.id for p in db.list_players(olga)} | {"play": play_id}
    before = (db.list_plays(olga), db.list_players(olga), db.player_stats(olga))
    with pytest.raises(db.OrganiserOnlyError) as info:
        action(ann, ids)
    organiser, login = ready.roles.organiser, ready.roles.login("ann")
    assert info.value.message == (f"Only the organiser role “{organiser}” may {verb} in the "
                                  f"history {ann.where} (you are logged in as “{login}”); "
                                  "nothing was changed.")
    assert info.value.text("ja") == (f"履歴 {ann.where} で{noun}ができるのはオーガナイザーの"
                                     f"ロール「{organiser}」だけです（現在のログインは"
                                     f"「{login}」）。何も変更していません。")
    assert (db.list_plays(olga), db.list_players(olga), db.player_stats(olga)) == before
    action(olga, ids)  # the organiser may


def test_a_write_the_server_refuses_is_a_sentence_naming_the_organiser(ann, ready):
    with pytest.raises(db.OrganiserOnlyError, match="may make this change") as info:
        db.set_setting(ann, "club", "x")  # members have no grant on the settings
    assert "permission denied" in info.value.detail
    assert not isinstance(info.value, db.HistoryWriteError)  # trying again will not help


def refused(engine: Engine, statement: str, **params: object) -> str:
    """The server's refusal of `statement` (it must be refused)."""
    with pytest.raises(DBAPIError) as info, engine.begin() as conn:
        conn.execute(text(statement), params)
    return str(info.value.orig)


def changed(engine: Engine, statement: str, **params: object) -> int:
    with engine.begin() as conn:
        return int(conn.execute(text(statement), params).rowcount)


def test_with_sql_a_member_cannot_delete_or_rewrite_the_history(sql, ann, olga, ready):
    finished_own = db.add_play(ann, play(["Ann", "Bo"], [3, 1]))
    organisers = db.add_play(olga, play(["Cy", "Dee"], [1, 2], day=1))
    open_ben = db.save_autosave(db.open_database(ready.url("ben")),
                                play(["Ben", "Bo"], [None, None], finished=False, day=2))
    member, before = sql["ann"], db.list_plays(olga)
    denied = "permission denied"
    assert denied in refused(member, "DELETE FROM plays")
    assert denied in refused(member, "DELETE FROM players")
    assert denied in refused(member, "TRUNCATE seats")
    assert denied in refused(member, "UPDATE players SET name = 'x'")
    assert denied in refused(member, "UPDATE seats SET score = 99")
    assert denied in refused(member, "DELETE FROM stat_cells")
    assert denied in refused(member, "UPDATE alembic_version SET version_num = '0001'")
    assert denied in refused(member, "CREATE TABLE mine (x int)")
    assert "must be owner" in refused(member, "ALTER TABLE plays DISABLE ROW LEVEL SECURITY")
    assert "must be owner" in refused(member, "DROP TABLE plays")
    # row rules: another's play, a finished one, one's own finished one: nothing matches
    for play_id in (organisers, open_ben, finished_own):
        assert changed(member, "UPDATE plays SET notes = 'x', finished_at = NULL "
                               "WHERE id = :id", id=play_id) == 0
        assert denied in refused(member, "DELETE FROM seats WHERE play_id = :id", id=play_id)
        with member.begin() as conn:  # the server's function removes one's own open seats
            conn.execute(text("SELECT clear_open_seats(:id)"), {"id": play_id})
        assert len(db.get_play(olga, play_id).seats) == 2
        assert "row-level security" in refused(
            member, "INSERT INTO seats (play_id, seat, bot_name, bot_kind, faction, breakdown, "
                    "winner, start_player) VALUES (:id, 9, 'x', '', '', '{}', true, false)",
            id=play_id)
    assert changed(member, "UPDATE plays SET notes = 'x'") == 0
    # a new play must be the login's own, unfinished and not hidden in an import
    insert = ("INSERT INTO plays (game_id, mode, started_at, finished_at, options, location, "
              "notes, updated_at, import_id, created_by) VALUES ('juusai', 'table', now(), "
              ":finished, '{}', '', '', now(), :import_id, :by)")
    login = ready.roles.login("ann")
    assert "row-level security" in refused(member, insert, finished=None, import_id=None,
                                           by=ready.roles.login("olga"))
    assert "row-level security" in refused(member, insert, finished=datetime.now(),
                                           import_id=None, by=login)
    assert "row-level security" in refused(member, insert, finished=None, import_id=7, by=login)
    with member.begin() as conn:  # another role of the login's changes nothing
        conn.execute(text(f"SET ROLE {ready.roles.member}"))
        assert conn.execute(text("UPDATE plays SET notes = 'x'")).rowcount == 0
    assert db.list_plays(olga) == before
    assert changed(sql["olga"], "DELETE FROM seats WHERE play_id = :id", id=open_ben) == 2


def test_statistics_a_member_wrote_by_hand_are_recounted_by_the_organiser(sql, ann, olga,
                                                                         ready, capsys):
    db.add_play(ann, play(["Ann", "Bo"], [3, 1]))
    honest = db.player_stats(olga)
    # the statistics cells are a cache every member's save writes: a login can falsify them
    assert changed(sql["ann"], "UPDATE stat_cells SET wins = 99") == 2
    assert db.player_stats(olga) != honest
    with pytest.raises(db.OrganiserOnlyError, match="may recount the statistics"):
        db.recount_statistics(ann)
    assert cli.main(["--db", ready.url("olga"), "db", "recount"]) == 0
    assert capsys.readouterr().out.endswith("statistics recounted, 2 cells were wrong\n")
    assert db.player_stats(olga) == honest
