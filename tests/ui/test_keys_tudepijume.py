"""連船之遊 played with the keyboard alone against the fastest computer (the action buttons'
digits), and what a screen reader hears on its page: the squares with the ships there, the
seat cards, the result (issue 37)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from tests.ui.keyboard import (
    DIGITS,
    cursor_to,
    press,
    shown_page,
    tab_to,
    wait_for_person,
)
from ui.games.tudepijume.play import TudeScreens, play_view
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
    language().set("ja")
    view = play_view(None, animate=False)
    shown_page(qtbot, view)
    view.start(GameSetup("tudepijume", {"rounds": 10},
                         [SeatChoice("Ann", None), SeatChoice("", "random")], 2, ""))
    screens = view.screens
    assert isinstance(screens, TudeScreens) and view.controller is not None
    assert said(screens.board) == "連船之遊の盤"
    controller = view.controller
    wait_for_person(qtbot, controller)
    tab_to(qtbot, screens.board)
    cursor_to(qtbot, screens.keys, 0)
    spoken = said(screens.board, QAccessible.Text.Description)
    assert "Ann の船" in spoken
    assert "手番" in said(view.seat_panel.cards[0])
    rng = random.Random(1)
    for _ in range(400):
        if wait_for_person(qtbot, controller):
            break
        before = len(controller.game.record.entries)
        count = len(view.ordered_move_buttons())
        assert count, "no move button on the person's turn"
        press(qtbot, DIGITS[rng.randrange(min(count, 9))])
        assert len(controller.game.record.entries) > before
    assert controller.finished and view.result_panel.isVisible()
    assert said(view.result_panel).startswith(("勝者", "引き分け", "同点優勝"))
