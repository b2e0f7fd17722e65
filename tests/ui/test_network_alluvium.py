"""アルヴィウム across laptops in the play frame (issue 38) over the in-memory server: three
people, each at their own page, draw in the same phase without waiting for each other, never
see another seat's drawing before they hold that sheet, and finish a whole game that the
replay confirms; a drawing that loses the race for a row is written on the next one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.display import strip_isolates
from companion.games.alluvium.rules import AlluviumState
from companion.games.alluvium.scoring import EMPTY
from companion.network.link import RowTaken
from tests.ui.network_pages import fake_table, page_for
from ui.i18n import language
from ui.play.network import NetworkPlayPage
from ui.play.pyside_guard import protect_singletons

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
    qtbot.waitUntil(lambda: bool(cy.frame.legal_moves()) and not cy.controller.sent,
                    timeout=5000)  # cy's hand card next
    assert [r.seat for r in fake_rows if r.kind == "move"] == [2]
    qtbot.waitUntil(lambda: ann.worker.driver.session.n == len(fake_rows), timeout=5000)
    assert set(_shown(ann).grids[2]) == {EMPTY}  # ann sees nothing of cy's map
    assert ann.frame.legal_moves()  # and still draws without waiting for anyone
    rng = random.Random(5)
    moves = 1
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

    ann.worker.link = ann.worker.driver.link = Racing()  # type: ignore[assignment]
    ann.frame.play(ann.frame.legal_moves()[0])
    rows = link.link.server.rows  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: any(r.seat == 0 and r.kind == "move" for r in rows), timeout=5000)
    assert lost and ann.snapshot.problem == ""
