"""行山 played with the keyboard alone against the fastest computer (the move buttons'
digits), and what a screen reader hears on its page: the road's squares with whose pieces
stand there, the seat cards, the moves as they are made, the result (issue 37)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from companion.games.mokzo.board import START
from tests.ui.keyboard import DIGITS, cursor_to, press, shown_page, tab_to, wait_for_person
from ui.games.mokzo.play import MokzoScreens, play_view
from ui.i18n import language
from ui.new_game_dialog import GameSetup, SeatChoice
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


def said(widget: QWidget, text: QAccessible.Text = QAccessible.Text.Name) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(text)


def test_a_whole_game_by_keys_alone_and_what_a_screen_reader_hears(qtbot) -> None:
    view = play_view(None, animate=False)
    shown_page(qtbot, view)
    view.start(GameSetup("mokzo", {"rounds": 10},
                         [SeatChoice("Ann", None), SeatChoice("", "random")], 3, ""))
    screens = view.screens
    assert isinstance(screens, MokzoScreens) and view.controller is not None
    assert said(screens.board) == "行山 road"
    controller = view.controller
    wait_for_person(qtbot, controller)
    tab_to(qtbot, screens.board)
    cursor_to(qtbot, screens.keys, START)
    assert said(screens.board, QAccessible.Text.Description).startswith("start: Ann")
    ann = said(view.seat_panel.cards[0])
    assert "Ann" in ann and "to move" in ann and "米" in ann
    rng = random.Random(6)
    for _ in range(600):
        if wait_for_person(qtbot, controller):
            break
        before = len(controller.game.record.entries)
        count = len(view.ordered_move_buttons())
        assert count, "no move button on the person's turn"
        press(qtbot, DIGITS[rng.randrange(min(count, 9))])
        assert len(controller.game.record.entries) > before
    assert controller.finished and view.result_panel.isVisible()
    assert said(view.result_panel).startswith(("Winner", "Draw", "Shared"))
    assert said(view.result_panel, QAccessible.Text.Description)
