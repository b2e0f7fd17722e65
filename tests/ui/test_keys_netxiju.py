"""六裁 played with the keyboard alone against the fastest computer (the Throw button's digit),
and what a screen reader hears on its page: the track's squares with whose pieces stand there,
the seat cards, the throws as they are made, the result (issue 37)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from companion.games.netxiju.board import START
from tests.ui.keyboard import DIGITS, cursor_to, press, shown_page, tab_to, wait_for_person
from ui.games.netxiju.play import NetxijuScreens, play_view
from ui.i18n import language
from ui.new_game_dialog import GameSetup, SeatChoice
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    from ui.games.sticks import sticks_widget

    sticks_widget.set_animations_enabled(False)
    language().set("en")
    yield
    language().set("en")
    sticks_widget.set_animations_enabled(True)


def said(widget: QWidget, text: QAccessible.Text = QAccessible.Text.Name) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(text)


def test_a_whole_game_by_keys_alone_and_what_a_screen_reader_hears(qtbot) -> None:
    view = play_view(None, animate=False)
    shown_page(qtbot, view)
    view.start(GameSetup("netxiju", {}, [SeatChoice("Ann", None), SeatChoice("", "random")],
                         2, ""))
    screens = view.screens
    assert isinstance(screens, NetxijuScreens) and view.controller is not None
    assert said(screens.board) == "六裁 track"
    tab_to(qtbot, screens.board)
    cursor_to(qtbot, screens.keys, START)
    spoken = said(screens.board, QAccessible.Text.Description)
    assert spoken.startswith("Start: ") and "Ann" in spoken
    controller = view.controller
    wait_for_person(qtbot, controller)
    assert "to move" in said(view.seat_panel.cards[0])
    assert "to move" not in said(view.seat_panel.cards[1])
    announced = False
    for _ in range(300):
        if wait_for_person(qtbot, controller):
            break
        before = len(controller.game.record.entries)
        press(qtbot, DIGITS[0])  # the Throw button
        assert len(controller.game.record.entries) > before
        if not announced:  # the first throw, said to a screen reader
            assert "Ann" in said(view, QAccessible.Text.Description)
            announced = True
    assert controller.finished and view.result_panel.isVisible()
    assert said(view.result_panel).startswith(("Winner", "Draw", "Shared"))
    press(qtbot, Qt.Key.Key_End)  # no key of the board: nothing happens
    assert any("Ann" in spot.name or "Bot" in spot.name for spot in screens.spots())
