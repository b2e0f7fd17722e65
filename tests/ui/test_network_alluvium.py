"""アルヴィウム across laptops in the play frame (issue 38) over the in-memory server: three
people, each at their own page, draw in the same phase without waiting for each other, never
see another seat's drawing before they hold that sheet, and finish a whole game that the
replay confirms; a drawing that loses the race for a row is written on the next one. On a
club's PostgreSQL history ann opens a table from アルヴィウム's Play tab (ben's seat free, a
computer's), ben joins it from his, and they play it to the end into the History."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

import db
from companion.display import strip_isolates
from companion.games import registry
from companion.games.alluvium.rules import AlluviumState
from companion.games.alluvium.scoring import EMPTY
from companion.network.link import RowTaken
from tests.db.club import Club
from tests.db.conftest import club, club_roles  # noqa: F401 (fixtures)
from tests.ui.network_pages import away, fake_table, page_for
from ui.context import AppContext
from ui.i18n import language
from ui.play.network import NetworkPlayPage
from ui.play.pyside_guard import protect_singletons
from ui.shell.library import PlayArea
from ui.shell.tables import TablesPage

protect_singletons()

LOGINS = ["ann", "ben", "cy"]


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


def turn(page: NetworkPlayPage) -> str:
    return strip_isolates(page.frame.turn_label.text())


def _shown(page: NetworkPlayPage) -> AlluviumState:
    state = page.snapshot.state
    assert isinstance(state, AlluviumState)
    return state


def _pages(qtbot: Any, store: Any = None) -> list[NetworkPlayPage]:
    fake = fake_table("alluvium", LOGINS, seed=3)
    pages = [page_for(qtbot, fake, login, store=store if login == "ann" else None)
             for login in LOGINS]
    qtbot.waitUntil(lambda: all(p.frame.legal_moves() for p in pages), timeout=10000)
    return pages


def test_three_people_draw_at_once_and_finish_a_whole_game(qtbot) -> None:
    stored: list[Any] = []

    def store(_table: Any, confirmation: Any) -> int:
        stored.append(confirmation)
        return 12

    pages = _pages(qtbot, store)
    ann, ben, cy = pages
    fake_rows = ann.worker.link.link.server.rows  # type: ignore[attr-defined]
    # the first phase: every page offers its person the round's pieces at once
    assert all(turn(p).startswith(f"{name}, your turn") for p, name in zip(pages, LOGINS,
                                                                           strict=True))
    cy.frame.play(cy.frame.legal_moves()[0])  # cy draws first
    moves = 1
    qtbot.waitUntil(lambda: bool(cy.frame.legal_moves()) and not cy.controller.sent,
                    timeout=5000)  # cy's hand card next
    assert [r.seat for r in fake_rows if r.kind == "move"] == [2]
    qtbot.waitUntil(lambda: ann.worker.driver.session.n == len(fake_rows), timeout=5000)
    assert set(_shown(ann).grids[2]) == {EMPTY}  # ann sees nothing of cy's map
    assert ann.frame.legal_moves()  # and still draws without waiting for anyone
    for _ in range(2):  # ann's two pieces of round 1
        ann.frame.play(ann.frame.legal_moves()[0])
        qtbot.waitUntil(lambda: not ann.controller.sent, timeout=5000)
        moves += 1
    qtbot.waitUntil(lambda: turn(ann) == "Waiting for ben, cy…", timeout=5000)  # both draw
    language().set("ja")
    qtbot.waitUntil(lambda: turn(ann) == "ben、cy を待っています…", timeout=5000)
    language().set("en")
    cy.frame.play(cy.frame.legal_moves()[0])  # cy's hand card
    moves += 1
    qtbot.waitUntil(lambda: turn(ann) == turn(cy) == "Waiting for ben…", timeout=5000)
    rng = random.Random(5)
    while not all(p.controller.finished for p in pages):
        played = False
        for page in pages:
            legal = page.frame.legal_moves()
            if legal:
                page.frame.play(rng.choice(legal))
                moves += 1
                played = True
        if not played:
            qtbot.wait(10)
        assert moves < 400
    for page in pages:
        assert page.snapshot.fault is None and page.snapshot.agrees is True
        assert page.frame.result_panel.isVisible()
    assert len(stored) == 1 and "play #12" in ann.status_label.text()
    assert "the host writes it" in ben.status_label.text()
    outcome = stored[0].outcome
    assert all(p.snapshot.outcome == outcome for p in pages)
    assert moves == sum(1 for e in stored[0].record.entries if e.seat >= 0)


def test_a_drawing_that_loses_the_race_for_a_row_is_written_on_the_next(qtbot) -> None:
    pages = _pages(qtbot)
    ann = pages[0]
    link = ann.worker.link
    lost: list[int] = []

    class Racing:
        """Ann's laptop: its first move row is taken by another laptop meanwhile."""

        def __getattr__(self, name: str) -> Any:
            return getattr(link, name)

        def play(self, n: int, seat: int, payload: dict[str, Any], next_seats: Any) -> None:
            if not lost:
                lost.append(n)
                raise RowTaken(f"row {n} is not the next row")
            link.play(n, seat, payload, next_seats)

    ann.worker.link = ann.worker.driver.link = Racing()
    ann.frame.play(ann.frame.legal_moves()[0])
    rows = link.link.server.rows  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: any(r.seat == 0 and r.kind == "move" for r in rows), timeout=5000)
    assert lost and ann.snapshot.problem == ""


def test_the_host_hands_a_seat_away_in_a_phase_to_the_computer_before_drawing_itself(
        qtbot) -> None:
    fake = fake_table("alluvium", LOGINS, seed=4)
    ann, cy = page_for(qtbot, fake, "ann"), page_for(qtbot, fake, "cy")  # ben never came
    qtbot.waitUntil(lambda: bool(ann.frame.legal_moves()), timeout=10000)
    assert not ann.hand_button.isVisible()
    away(fake, 1)
    qtbot.waitUntil(lambda: ann.hand_button.isVisible(), timeout=5000)  # ann still draws
    assert strip_isolates(ann.hand_button.text()) == "Let the computer play for ben"
    ann.hand_button.click()
    rows = fake.server.rows
    qtbot.waitUntil(lambda: sum(r.seat == 1 and r.login == "ann" for r in rows) == 2,
                    timeout=10000)  # ben's two drawings of round 1, by the host's computer
    assert ann.frame.legal_moves() and cy.frame.legal_moves()
    assert 1 in ann.snapshot.mine


def _area(qtbot: Any, database: db.Database, tmp_path: Path, name: str) -> PlayArea:
    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    ctx = AppContext(db=database, settings=settings, lang=language())
    area = PlayArea(ctx, registry.get("alluvium"))
    qtbot.addWidget(area)
    area.resize(760, 524)
    area.show()
    qtbot.waitExposed(area)
    return area


def _tables(area: PlayArea) -> TablesPage:
    assert area.tables_button.isVisible()  # アルヴィウム's Play tab offers tables now
    area.tables_button.click()
    page = area.tables_page
    assert isinstance(page, TablesPage) and page.isVisible()
    return page


@pytest.mark.postgres
def test_a_table_opened_from_the_play_tab_is_played_to_the_history(
        qtbot, tmp_path: Path, club: Club) -> None:  # noqa: F811
    club.prepare()
    bases = {person: db.open_database(club.url(person)) for person in ("ann", "ben")}
    try:
        ann_area, ben_area = (_area(qtbot, bases[p], tmp_path, p) for p in ("ann", "ben"))
        opener = _tables(ann_area)
        opener.rows[1].kind.setCurrentIndex(1)  # a free seat
        opener.rows[2].kind.setCurrentIndex(2)  # the host's computer
        opener.open_button.click()
        ann = ann_area.view
        assert isinstance(ann, NetworkPlayPage), opener.error_label.text()
        joiner = _tables(ben_area)
        assert joiner.join_button.text() == "Join"
        joiner.join_button.click()
        ben = ben_area.view
        assert isinstance(ben, NetworkPlayPage), joiner.error_label.text()
        pages, rng = [ann, ben], random.Random(4)
        for _ in range(3000):
            if all(p.controller.finished for p in pages):
                break
            movers = [p for p in pages if p.frame.legal_moves()]
            for page in movers:
                page.frame.play(rng.choice(page.frame.legal_moves()))
            if not movers:
                qtbot.wait(20)
        qtbot.waitUntil(lambda: all(p.snapshot.agrees is not None for p in pages),
                        timeout=15000)
        assert all(p.snapshot.agrees for p in pages)
        qtbot.waitUntil(lambda: ann.snapshot.play_id is not None, timeout=5000)
        from db.repository import list_plays

        plays = [p for p in list_plays(bases["ann"]) if p.game_id == "alluvium"]
        assert len(plays) == 1 and plays[0].uid == ann.snapshot.table.uid
        assert plays[0].is_finished
    finally:
        for base in bases.values():
            base.close()
