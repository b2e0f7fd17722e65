"""Etariya inside the main window: the library opens its table companion and its Play page,
and the library's new-game form starts a game in the Etariya board view."""

from __future__ import annotations

from tests.ui.conftest import fill_new_game
from tests.ui.shots import save_shot
from ui.games.etariya.play import EtariyaScreens
from ui.games.etariya.table_page import EtariyaTablePage
from ui.play.frame import PlayFrame


def test_the_library_opens_the_etariya_companion(window) -> None:
    page = window.open_game("etariya", "table")
    table = page.widget("table")
    assert isinstance(table, EtariyaTablePage)
    assert [table.tabs.tabText(i) for i in range(3)] == ["Setup", "Map sheets", "Tracker"]


def test_the_library_form_starts_an_etariya_game(window, person, quiet_games) -> None:
    page = window.open_game("etariya", "play")
    area = page.widget("play")
    fill_new_game(person, area.form, [("Ann", "Person"), ("Bo", "Person")])
    person.click(area.form.start_button)
    view = area.view
    assert isinstance(view, PlayFrame) and isinstance(view.screens, EtariyaScreens)
    assert view.screens.board.isVisible()  # straight to the board
    assert [s.name for s in view.controller.seats] == ["Ann", "Bo"]
    assert "Ann" in view.turn_label.text() and "your turn" in view.turn_label.text()
    person.qtbot.wait(50)
    save_shot(window, "etariya_shell_play.png")


def test_the_etariya_form_keeps_room_for_the_names(window, person) -> None:
    """Issue 8: in English at the default width the seat name fields shrank to nothing."""
    area = window.open_game("etariya", "play").widget("play")
    window.resize(1100, 720)
    person.qtbot.wait(10)
    for row in area.form.rows[:2]:
        assert row.name.isVisible() and row.name.width() >= 120, row.name.width()
