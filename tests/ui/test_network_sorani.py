"""ソラニ across laptops in the window (issue 38). Over the in-memory server: two people play
a whole game on their own pages; the two special-feature cards one of them draws are shown on
that person's page only, until one is kept; the host's page writes the play once. On a club's
PostgreSQL history: a table opened from ソラニ's Play tab is played to the History."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

import db
from companion.games import registry
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.moves import DrawCards, Keep
from companion.network.link import NotPlaying
from tests.db.club import Club
from tests.db.conftest import club, club_roles  # noqa: F401 (fixtures)
from tests.ui.network_pages import fake_table, page_for
from tests.ui.secrets_audit import Secret, leaks, shown_on
from ui.context import AppContext
from ui.i18n import language
from ui.play.network import NetworkPlayPage
from ui.play.pyside_guard import protect_singletons
from ui.shell.library import PlayArea
from ui.shell.tables import TablesPage

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


def _card(card: str) -> Secret:
    feature = catalogue().feature(card)
    return Secret(card, words=(feature.name("en"), feature.name("ja")))


class HeldReveals:
    """While `held`, a laptop's reveals wait as on a paused table (the keep row is in, the
    drawn cards not yet shown)."""

    def __init__(self) -> None:
        self.held = False

    def wrap(self, page: NetworkPlayPage) -> None:
        link = page.worker.link

        class Holding:
            def __getattr__(inner, name: str) -> Any:
                call = getattr(link, name)
                if name != "reveal":
                    return call

                def reveal(*args: Any, **kwargs: Any) -> Any:
                    if self.held:
                        raise NotPlaying("held by the test")
                    return call(*args, **kwargs)
                return reveal

        page.worker.link = page.worker.driver.link = Holding()


def _caught_up(page: NetworkPlayPage, rows: int) -> bool:
    return page.worker.driver.session.n == rows and page.snapshot.state is not None


def test_two_pages_play_sorani_and_drawn_cards_show_only_on_the_drawers_page(qtbot) -> None:
    fake = fake_table("sorani", ["ann", "ben"], seed=0)  # a seat draws cards in this game
    stored: list[Any] = []

    def store(_table: Any, confirmation: Any) -> int:
        stored.append(confirmation)
        return 3

    pages = [page_for(qtbot, fake, "ann", store=store), page_for(qtbot, fake, "ben")]
    reveals = HeldReveals()
    for page in pages:
        reveals.wrap(page)
    rng = random.Random(5)
    drawn_checked = moves = 0
    while not all(p.controller.finished for p in pages):
        page = next((p for p in pages if p.frame.legal_moves()), None)
        if page is None:
            qtbot.wait(10)
            continue
        legal = page.frame.legal_moves()
        other = pages[1 - pages.index(page)]
        if isinstance(legal[0], Keep):  # this person drew two cards: only this page shows them
            drawn = [m.feature for m in legal]
            rows = len(fake.server.rows)
            qtbot.waitUntil(lambda rows=rows, other=other: _caught_up(other, rows),
                            timeout=5000)
            qtbot.wait(50)  # the other page has drawn its snapshot
            secrets = [_card(card) for card in drawn]
            assert leaks(shown_on(other), secrets) == []
            assert len(leaks(shown_on(page), secrets)) >= len(set(drawn))
            assert other.frame.legal_moves() == []
            drawn_checked += 1
        draws = [m for m in legal if isinstance(m, DrawCards)]
        if drawn_checked == 1 and isinstance(legal[0], Keep):  # the keep is in, not shown yet:
            reveals.held = True  # the drawer's page offers no move meanwhile
            rows = len(fake.server.rows)
            page.frame.play(legal[0])
            qtbot.waitUntil(lambda rows=rows: len(fake.server.rows) > rows, timeout=5000)
            qtbot.wait(100)
            assert page.worker.driver.session.holding() and page.frame.legal_moves() == []
            assert page.controller.sent
            reveals.held = False
        else:
            page.frame.play(draws[0] if draws else rng.choice(legal))  # a draw whenever it may
        moves += 1
        qtbot.waitUntil(lambda: not any(p.controller.sent for p in pages), timeout=5000)
        assert moves < 1000
    assert drawn_checked >= 1
    for page in pages:
        assert page.snapshot.fault is None and page.snapshot.agrees is True
        assert page.frame.result_panel.isVisible()
    assert len(stored) == 1 and "play #3" in pages[0].status_label.text()
    kinds = {row.payload.get("zone") for row in fake.server.rows if row.kind == "reveal"}
    assert "drawn" in kinds


@pytest.mark.postgres
def test_a_sorani_table_opened_from_the_play_tab_is_played_against_the_computer(
        qtbot, tmp_path: Path, club: Club) -> None:  # noqa: F811
    """Library → ソラニ → Play → tables across laptops: ann opens a table against her
    laptop's computer and plays her first rounds on it (the computer's moves come too)."""
    club.prepare()
    database = db.open_database(club.url("ann"))
    page: NetworkPlayPage | None = None
    try:
        settings = QSettings(str(tmp_path / "ann.ini"), QSettings.Format.IniFormat)
        area = PlayArea(AppContext(db=database, settings=settings, lang=language()),
                        registry.get("sorani"))
        qtbot.addWidget(area)
        area.resize(760, 524)
        area.show()
        assert area.tables_button.isVisible()  # ソラニ is offered across laptops now
        area.tables_button.click()
        opener = area.tables_page
        assert isinstance(opener, TablesPage)
        opener.seats.setValue(2)  # ソラニ starts at one seat (solo)
        opener.rows[1].kind.setCurrentIndex(2)  # the computer of this laptop
        opener.open_button.click()
        view = area.view
        assert isinstance(view, NetworkPlayPage), opener.error_label.text()
        page = view
        rng = random.Random(2)
        for _ in range(12):
            qtbot.waitUntil(lambda: bool(view.frame.legal_moves()), timeout=10000)
            view.frame.play(rng.choice(view.frame.legal_moves()))
            qtbot.waitUntil(lambda: not view.controller.sent, timeout=10000)
        entries = view.snapshot.entries
        assert view.snapshot.fault is None and view.snapshot.table.status == "playing"
        assert sum(e.seat == 0 for e in entries) == 12 and any(e.seat == 1 for e in entries)
        assert view.snapshot.state.round >= 2  # type: ignore[attr-defined]
    finally:
        if page is not None:
            page.shutdown()  # its worker stops before the history closes
        database.close()
