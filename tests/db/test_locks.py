"""Nobody freezes a club's history (issue 33.5): on PostgreSQL every statement of the app gives
up a lock after the wait (COMPANION_DB_WAIT) with a sentence, and a member's login holds no
right that lets it lock a table (migration 0008, the README's grants)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

import db
from companion.export.history_json import dumps
from db.engine import server_timeouts
from tests.db.club import Club
from tests.db.conftest import AS_MEMBER, PG_URL, in_schema
from tests.db.helpers import play
from tests.db.test_migrations import migrate
from ui import cli

pytestmark = pytest.mark.postgres

TABLES = ("players", "plays", "seats", "settings", "stat_cells", "pending_imports",
          "alembic_version")
#: Every mode that stops another login's reads or writes (ROW EXCLUSIVE, INSERT's own lock,
#: stops none of them).
LOCKING_MODES = ("ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE ROW EXCLUSIVE", "SHARE",
                 "SHARE UPDATE EXCLUSIVE")
#: The grants the README gave members before this version.
OLDER_GRANTS = ("GRANT INSERT ON players TO {member}",
                "GRANT INSERT, UPDATE ON plays, stat_cells TO {member}",
                "GRANT INSERT, DELETE ON seats TO {member}")


@pytest.fixture
def ready(club: Club) -> Club:
    club.prepare()
    return club


def schema_of(url: str) -> str:
    options = make_url(url).query["options"]
    return str(options if isinstance(options, str) else options[0]).split("=", 1)[1]


@pytest.fixture
def holder(db_url: str) -> Iterator[Engine]:
    """The test server's administrator in the history's schema: another login holding locks."""
    if db_url.startswith("sqlite"):
        pytest.skip("PostgreSQL's lock and statement timeouts (SQLite: test_fault_injection)")
    engine = create_engine(in_schema(PG_URL, schema_of(db_url)))
    yield engine
    engine.dispose()


def locks_refused(engine: Engine) -> list[str]:
    """The (table, mode) pairs this login may NOT lock."""
    refused = []
    for table in TABLES:
        for mode in LOCKING_MODES:
            try:
                with engine.begin() as conn:
                    conn.execute(text(f"LOCK TABLE {table} IN {mode} MODE"))
            except DBAPIError as exc:
                assert "permission denied" in str(exc.orig)
                refused.append(f"{table} {mode}")
    return refused


def every_lock() -> list[str]:
    return [f"{table} {mode}" for table in TABLES for mode in LOCKING_MODES]


def test_a_member_may_lock_no_table_of_the_history(ready):
    member = create_engine(ready.url("ann"))
    try:
        assert locks_refused(member) == every_lock()
    finally:
        member.dispose()


def test_a_member_still_plays_finishes_and_logs_its_games(ready):
    ann = db.open_database(ready.url("ann"))
    try:
        own = play(["Ann", "Bo"], [None, None], finished=False)
        own.id = db.save_autosave(ann, own)
        own.notes = "move 2"
        db.save_autosave(ann, own)
        finished = play(["Ann", "Bo", "Cy"], [5, 2, 1])  # a seat more: old seats removed
        finished.id, finished.started_at = own.id, own.started_at
        db.update_play(ann, finished)
        db.add_play(ann, play(["Ann", "Dee"], [1, 4], day=1))
        stored = {p.id: p for p in db.list_plays(ann)}
        assert [s.player for s in stored[own.id].seats] == ["Ann", "Bo", "Cy"]
        assert stored[own.id].is_finished and len(stored) == 2
        assert {(s.player, s.plays, s.wins) for s in db.player_stats(ann)} >= {
            ("Ann", 2, 1), ("Dee", 1, 1)}
    finally:
        ann.close()


def test_a_club_set_up_with_the_older_grants_is_converted_by_the_organisers_start(club):
    db.open_database(club.url("olga")).close()
    migrate(club.url("olga"), "0007", down=True)
    organiser, member = create_engine(club.url("olga")), create_engine(club.url("ann"))
    try:
        with organiser.begin() as conn:
            for grant in OLDER_GRANTS:
                conn.execute(text(grant.format(member=club.roles.member)))
        assert "plays ACCESS EXCLUSIVE" not in locks_refused(member)  # what the probe did
        db.open_database(club.url("olga")).close()  # the organiser's start converts
        assert locks_refused(member) == every_lock()
    finally:
        organiser.dispose()
        member.dispose()
    ann = db.open_database(club.url("ann"))
    try:
        own = play(["Ann", "Bo"], [None, None], finished=False)
        own.id = db.save_autosave(ann, own)
        db.update_play(ann, _finished(own))
        assert db.count_plays(ann, finished=True) == 1
    finally:
        ann.close()


def _finished(own: Any) -> Any:
    return dataclasses.replace(own, finished_at=datetime(2026, 3, 14, 21, 0),
                               seats=play(["Ann", "Bo"], [2, 3]).seats)


def test_the_timeouts_come_from_the_wait():
    assert server_timeouts(15) == (15_000, 30_000)
    assert server_timeouts(0.5) == (500, 5_000)  # a statement: at least 5 s
    assert server_timeouts(0) == (1, 5_000)  # 0 would mean "wait for ever"
    assert server_timeouts(float("inf")) == (2**31 - 1, 2**31 - 1)
    assert server_timeouts(float("nan"))[0] == 1


def timed(action: Callable[[], Any]) -> tuple[BaseException, float]:
    began = time.monotonic()
    with pytest.raises(db.HistoryBusyError) as info:
        action()
    return info.value, time.monotonic() - began


def test_a_table_another_login_locked_is_a_sentence_within_the_wait(db_url, holder, capsys,
                                                                   monkeypatch, tmp_path):
    database = db.open_database(db_url, wait=0.5)
    db.add_play(database, play(["Ann", "Bo"], [3, 1]))
    actions: dict[str, Callable[[], Any]] = {
        "list": lambda: db.list_plays(database),
        "count": lambda: db.count_plays(database),
        "resume": lambda: db.unfinished_plays(database),
        "statistics": lambda: db.player_stats(database),
        "save": lambda: db.add_play(database, play(["Cy", "Dee"], [1, 2], day=1)),
    }
    monkeypatch.setenv("COMPANION_DB_WAIT", "0.5")
    source = tmp_path / "more.json"
    source.write_text(dumps([play(["Eve", "Fay"], [2, 1], day=2)]), encoding="utf-8")
    commands = [["db", "check"], ["export"]] + ([] if AS_MEMBER else [
        ["db", "recount"], ["import", str(source)]])
    try:
        with holder.connect() as conn:
            for table in TABLES:
                conn.execute(text(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE"))
            for name, action in actions.items():
                error, took = timed(action)
                assert took < 4, name
                assert error.message.startswith(f"The history {database.where} did not answer "
                                                "within 0.5 seconds, because another login or "
                                                "program is holding it locked"), name
                assert "0.5 秒以内に応答しませんでした" in error.text("ja")
                saving = "nothing was saved" in error.message
                assert saving == (name == "save"), name
            for argv in commands:
                began = time.monotonic()
                assert cli.main(["--db", db_url, *argv]) == 2, argv
                err = capsys.readouterr().err
                assert time.monotonic() - began < 8, argv
                assert "did not answer within 0.5 seconds" in err and "Traceback" not in err
            conn.rollback()
        assert db.count_plays(database) == 1  # nothing of the refused save was stored
    finally:
        database.close()


def test_a_row_another_login_holds_is_a_sentence_within_the_wait(db_url, holder):
    database = db.open_database(db_url, wait=0.5)
    try:
        own = play(["Ann", "Bo"], [None, None], finished=False)
        own.id = db.save_autosave(database, own)
        with holder.connect() as conn:
            conn.execute(text("SELECT * FROM plays WHERE id = :id FOR UPDATE"), {"id": own.id})
            error, took = timed(lambda: db.update_play(database, _finished(own)))
            conn.rollback()
        assert took < 4 and "nothing was saved" in error.message
        assert db.count_plays(database, finished=True) == 0
    finally:
        database.close()


def test_the_history_page_says_so_instead_of_hanging(db_url, holder, qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from ui.context import AppContext
    from ui.i18n import language
    from ui.shell.history import HistoryPage

    database = db.open_database(db_url, wait=0.5)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    page = HistoryPage(AppContext(db=database, settings=settings, lang=language()))
    qtbot.addWidget(page)
    try:
        with holder.connect() as conn:
            conn.execute(text("LOCK TABLE plays IN ACCESS EXCLUSIVE MODE"))
            began = time.monotonic()
            page.reload()
            took = time.monotonic() - began
            conn.rollback()
        shown = page.error_label.text()
        assert took < 4 and "0.5" in shown
        assert "did not answer within" in shown or "秒以内に応答しませんでした" in shown
    finally:
        database.close()
