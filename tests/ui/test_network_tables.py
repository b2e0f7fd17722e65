"""Tables across laptops from a game's Play tab (issue 38): on a club's PostgreSQL history ann
opens a table of 机戦 from the form (her seat and a free one), ben sees it in the list and
joins the free seat from his own Play tab, and the two pages play it to the end, which lands
in the History once. A SQLite history offers no tables."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt

import db
from companion.display import strip_isolates
from companion.games import registry
from tests.db.club import Club
from tests.db.conftest import club, club_roles  # noqa: F401 (fixtures)
from ui.context import AppContext
from ui.i18n import language
from ui.play.network import NetworkPlayPage
from ui.play.pyside_guard import protect_singletons
from ui.shell.library import PlayArea
from ui.shell.tables import TablesPage

protect_singletons()


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    from ui.games.sticks import sticks_widget

    sticks_widget.set_animations_enabled(False)
    language().set("en")
    yield
    language().set("en")
    sticks_widget.set_animations_enabled(True)


def _area(qtbot: Any, database: db.Database, tmp_path: Path, name: str) -> PlayArea:
    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    ctx = AppContext(db=database, settings=settings, lang=language())
    area = PlayArea(ctx, registry.get("cetkaik"))
    qtbot.addWidget(area)
    area.resize(760, 524)
    area.show()
    qtbot.waitExposed(area)
    return area


def _tables(area: PlayArea) -> TablesPage:
    assert area.tables_button.isVisible()
    area.tables_button.click()
    page = area.tables_page
    assert isinstance(page, TablesPage) and page.isVisible()
    return page


def test_a_sqlite_history_offers_no_tables(qtbot, tmp_path: Path) -> None:
    database = db.open_database(f"sqlite:///{tmp_path / 'h.sqlite'}")
    try:
        area = _area(qtbot, database, tmp_path, "solo")
        assert not area.tables_button.isVisible()
    finally:
        database.close()


@pytest.mark.postgres
def test_open_join_and_play_a_table_between_two_members(qtbot, tmp_path: Path,
                                                        club: Club) -> None:  # noqa: F811
    club.prepare()
    bases = {person: db.open_database(club.url(person)) for person in ("ann", "ben", "olga")}
    try:
        _open_join_and_play(qtbot, tmp_path, club, bases)
    finally:
        for base in bases.values():
            base.close()


def _open_join_and_play(qtbot: Any, tmp_path: Path, made: Club,
                        bases: dict[str, db.Database]) -> None:
    ann_area, ben_area = _area(qtbot, bases["ann"], tmp_path, "ann"), \
        _area(qtbot, bases["ben"], tmp_path, "ben")
    ann_area.form.set_option("seasons", 1)
    opener = _tables(ann_area)
    assert opener.rows[0].login.text() == made.roles.login("ann")
    opener.rows[1].kind.setCurrentIndex(1)  # a free seat
    opener.open_button.click()
    ann = ann_area.view
    assert isinstance(ann, NetworkPlayPage), opener.error_label.text()
    code = ann.snapshot.table.code
    assert ann.code_label.text() == f"Table {code}"
    qtbot.waitUntil(lambda: f"tell the others the code {code}" in ann.status_label.text(),
                    timeout=5000)

    joiner = _tables(ben_area)
    listed = joiner.list
    assert [listed.model().index(0, c).data() for c in range(5)] == \
        ["Cetkaik", made.roles.login("ann"), "2", code, "waiting for seats"]
    assert joiner.join_button.text() == "Join" and joiner.free_seat.currentText() == "Seat 2"
    joiner.join_button.click()
    ben = ben_area.view
    assert isinstance(ben, NetworkPlayPage), joiner.error_label.text()

    watcher_area = _area(qtbot, bases["olga"], tmp_path, "olga")  # olga watches
    watching = _tables(watcher_area)
    assert watching.join_button.isEnabled() is False  # the table's seats are all taken
    watching.watch_button.click()
    watcher = watcher_area.view
    assert isinstance(watcher, NetworkPlayPage), watching.error_label.text()

    pages, rng = [ann, ben], random.Random(3)
    qtbot.waitUntil(lambda: any(p.frame.legal_moves() for p in pages), timeout=15000)
    came_back = False
    for _ in range(2000):
        if all(p.controller.finished for p in pages):
            break
        mover = next((p for p in pages if p.frame.legal_moves()), None)
        if mover is None:
            qtbot.wait(20)
            continue
        if mover is ben and not came_back and len(ben.snapshot.entries) >= 3:
            ben = _leave_and_go_on(qtbot, ben_area, ann)
            pages, came_back = [ann, ben], True
            continue
        other = ben if mover is ann else ann
        name = made.roles.login("ann" if mover is ann else "ben")
        qtbot.waitUntil(lambda other=other, name=name: f"Waiting for {name}" in strip_isolates(
            other.frame.turn_label.text()) or other.controller.finished, timeout=5000)
        mover.frame.play(rng.choice(mover.frame.legal_moves()))
        qtbot.waitUntil(lambda mover=mover: not mover.controller.sent, timeout=5000)
    assert came_back
    qtbot.waitUntil(lambda: all(p.snapshot.agrees is not None for p in pages), timeout=15000)
    assert all(p.snapshot.agrees for p in pages)
    qtbot.waitUntil(lambda: ann.snapshot.play_id is not None, timeout=5000)
    assert f"play #{ann.snapshot.play_id}" in ann.status_label.text()
    from db.repository import list_plays

    qtbot.waitUntil(lambda: watcher.controller.finished, timeout=5000)
    assert watcher.snapshot.fault is None and watcher.frame.legal_moves() == []
    assert [e.move for e in watcher.snapshot.entries] == [e.move for e in ann.snapshot.entries]
    plays = [p for p in list_plays(bases["ann"]) if p.game_id == "cetkaik"]
    assert len(plays) == 1 and plays[0].uid == ann.snapshot.table.uid


def test_the_tables_page_speaks_both_languages_and_says_a_refusal_in_one_sentence(
        qtbot, tmp_path: Path) -> None:
    database = db.open_database(f"sqlite:///{tmp_path / 'h.sqlite'}")
    try:
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        ctx = AppContext(db=database, settings=settings, lang=language())
        page = TablesPage(ctx, registry.get("cetkaik"), dict)
        qtbot.addWidget(page)
        page.rows[0].kind.setCurrentIndex(0)
        page.open_table()  # a person's seat without a login
        assert page.error_label.text() == "Write a login for every seat of a person."
        page.refresh()  # a history file holds no tables: the database layer's sentence
        refusal = page.error_label.text()
        assert refusal and "\n" not in refusal and "Traceback" not in refusal
        language().set("ja")
        assert page.open_button.text() == "卓を開く"
        assert page.join_button.text() == "着席" and page.watch_button.text() == "観戦"
        assert page.rows[1].kind.itemText(1) == "空席"
        assert [page.list.model().headerData(c, Qt.Orientation.Horizontal) for c in range(5)] == \
            ["ゲーム", "ホスト", "空席", "コード", "状態"]
        page.refresh()
        assert page.error_label.text() != refusal  # the same refusal, in Japanese
    finally:
        database.close()


def _leave_and_go_on(qtbot: Any, area: PlayArea, host: NetworkPlayPage) -> NetworkPlayPage:
    """Ben leaves the table on his turn and comes back to his seat from the list (Go on)."""
    page = area.view
    assert isinstance(page, NetworkPlayPage)
    page.leave_button.click()
    assert area.stack.currentWidget() is area.form
    tables = _tables(area)
    assert tables.join_button.text() == "Go on" and not tables.free_seat.isVisible()
    tables.join_button.click()
    again = area.view
    assert isinstance(again, NetworkPlayPage) and again is not page
    qtbot.waitUntil(lambda: len(again.snapshot.entries) == len(host.snapshot.entries) and
                    bool(again.frame.legal_moves()), timeout=10000)
    return again
