"""エクィリブリオン at a network table in the play window (issue 38) over the in-memory server:
two laptops' pages and a spectator's play a whole two-player game, each person moving on their
own page; a page shows its own hand (the real cards) and the partner's as a count; the
spectator sees no hand; the host's laptop stores the play once and every page agrees."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.display import strip_isolates
from companion.games.equilibrium.rules import HIDDEN
from tests.db.club import Club
from tests.db.conftest import club, club_roles  # noqa: F401 (fixtures)
from tests.ui.network_pages import fake_table, page_for
from ui.i18n import language
from ui.play.network import NetworkPlayPage
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


def _play_one(pages: list[NetworkPlayPage], rng: random.Random) -> bool:
    for page in pages:
        legal = page.frame.legal_moves()
        if legal:
            page.frame.play(rng.choice(legal))
            return True
    return False


def _real_hand(fake: Any, seat: int) -> list[str]:
    """The seat's hand as the server's rows and every hidden row make it (the truth)."""
    from companion.network.session import TableSession

    whole = TableSession("equilibrium", 2, {}, range(2))
    for row in fake.server.rows:
        whole.apply(row, fake.server.hidden)
    return sorted(whole.state.hands[seat])  # type: ignore[attr-defined]


def _hand_shown(page: NetworkPlayPage) -> list[str]:
    from ui.games.equilibrium.play import CardButton

    box = page.frame.screens.hand  # type: ignore[attr-defined]
    return sorted(b.code for b in box.findChildren(CardButton) if b.isVisibleTo(box))


def test_two_pages_and_a_spectator_play_a_whole_game_of_equilibrium(qtbot) -> None:
    fake = fake_table("equilibrium", ["ann", "ben"], seed=3)
    stored: list[Any] = []

    def store(_table: Any, confirmation: Any) -> int:
        stored.append(confirmation)
        return 9

    ann = page_for(qtbot, fake, "ann", store=store)
    ben = page_for(qtbot, fake, "ben")
    watcher = page_for(qtbot, fake, "cy", watch=True)
    pages, rng = [ann, ben], random.Random(2)
    qtbot.waitUntil(lambda: any(p.frame.legal_moves() for p in pages), timeout=10000)
    first = ann if ann.frame.legal_moves() else ben
    assert first is ann  # seat 1 holds the Sognae polarity card and begins
    assert strip_isolates(ann.frame.turn_label.text()).startswith("ann, your turn")
    rows = len(fake.server.rows)
    qtbot.waitUntil(lambda: all(p.worker.driver.session.n == rows
                                for p in (*pages, watcher)), timeout=5000)
    for seat, page in enumerate(pages):  # each page: its own real hand, the partner's count
        screens: Any = page.frame.screens
        assert screens.hand.isVisible()
        assert _hand_shown(page) == _real_hand(fake, seat) and len(_hand_shown(page)) == 4
        partner = ("ben", "ann")[seat]
        assert screens.partner.text() == f"{partner}: 4 cards (hidden)"
        state: Any = page.snapshot.state
        assert state.hands[1 - seat] == [HIDDEN] * 4
    assert not watcher.frame.screens.hand.isVisible()  # type: ignore[attr-defined]
    assert watcher.status_label.text() == "You are watching: no hand is shown."
    watched: Any = watcher.worker.driver.session.state
    assert all(set(hand) == {HIDDEN} for hand in watched.hands)
    moves = 0
    while not all(p.controller.finished for p in pages):
        if _play_one(pages, rng):
            moves += 1
            qtbot.waitUntil(lambda: not any(p.controller.sent for p in pages), timeout=5000)
        else:
            qtbot.wait(10)
        assert moves < 3000
    qtbot.waitUntil(lambda: watcher.controller.finished, timeout=5000)
    for page in pages:
        assert page.snapshot.agrees is True and page.snapshot.fault is None
        assert page.frame.result_panel.isVisible()
    assert len(stored) == 1 and "play #9" in ann.status_label.text()
    assert moves >= 10
    record = [e.move for e in stored[0].record.entries]
    assert "draw ?" not in record and sum(m.startswith("draw ") for m in record) >= 8


@pytest.mark.postgres
def test_the_play_tab_opens_a_two_seat_table_with_the_computer_as_partner(
        qtbot, tmp_path: Path, club: Club) -> None:  # noqa: F811
    """On a club's PostgreSQL history エクィリブリオン's Play tab offers tables across laptops;
    the form starts with two seats (one or two may play); ann opens a table with the computer
    as her partner and plays on it with her own hand shown."""
    from PySide6.QtCore import QSettings

    import db
    from companion.games import registry
    from ui.context import AppContext
    from ui.shell.library import PlayArea
    from ui.shell.tables import TablesPage

    club.prepare()
    database = db.open_database(club.url("ann"))
    try:
        settings = QSettings(str(tmp_path / "ann.ini"), QSettings.Format.IniFormat)
        area = PlayArea(AppContext(db=database, settings=settings, lang=language()),
                        registry.get("equilibrium"))
        qtbot.addWidget(area)
        area.resize(760, 524)
        area.show()
        assert area.tables_button.isVisible()
        area.tables_button.click()
        tables = area.tables_page
        assert isinstance(tables, TablesPage)
        assert tables.seats.value() == 2 and tables.seats.minimum() == 1
        tables.rows[1].kind.setCurrentIndex(2)  # the computer, on ann's laptop
        tables.open_button.click()
        page = area.view
        assert isinstance(page, NetworkPlayPage), tables.error_label.text()
        rng = random.Random(5)
        for _ in range(4):  # ann's moves; her computer partner answers between them
            qtbot.waitUntil(lambda: bool(page.frame.legal_moves()), timeout=15000)
            assert page.frame.screens.hand.isVisible()  # type: ignore[attr-defined]
            assert HIDDEN not in _hand_shown(page)
            page.frame.play(rng.choice(page.frame.legal_moves()))
            qtbot.waitUntil(lambda: not page.controller.sent, timeout=5000)
        assert any(r.kind == "reveal" for r in page.worker.driver.rows)
        page.shutdown()
    finally:
        database.close()
